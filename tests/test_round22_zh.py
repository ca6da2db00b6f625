"""Round 22, Chinese: classes found on heldout20, tested on fresh sentences and look-alikes.

好几个 is "several", no question ("打了好几个电话…"); an employer's office in a town or a spot on its shop floor is
the employer ("华为仰光办事处", "比亚迪流水线上"); the same employer, still ("公司还是美的"); the shop just told of,
named ("店叫蜜雪冰城"); the years spent at a job, then its leaving ("在腾讯干了八年，昨天办完离职手续"); a device
put up second-hand ("挂闲鱼了"), stuck or failing to pair, used by a relative ("我妈用的华为nova 12"), newly got
("新入的"), lent out; what will do as a way of notice ("短信通知就行"), notices changed over ("提醒改成邮件"); a
report named by no period and its version, this week's one; how one works ("自由", "兼职") names no employer; what
keeps not happening is no taste ("物流一直不动"); the right number after "打错了，是"; the contact to use after the
request ("…换一下，用 … 这个"), whose it is said before it ("那个号码是我哥的：…"); a move with someone ("跟男朋友阿伦
一起搬到…"); a transfer, the home moved after ("调去西安分公司了，家也搬过去了"); a dorm in the town of the school
named before ("考上成都的大学，…搬去住校了"); the address to use ("收货地址用…"); parcels sent to a dorm from a day to
come ("下周一起包裹都寄到学校宿舍：…"); a language settled on after all ("算了，还是英文吧"); the kind of device lost,
its model named after ("手机掉海里报废了，OPPO Reno 11"); the employer in brackets ("公司（就是那个…）"); on heldout19:
"SN-20931 那单", "切浅色", "先花呗付", the company named after an employer left ("不在美团干了，…叫海豚出海，做运营");
on heldout18 and 13: sent by the company ("被公司外派到了迪拜"), "工作邮件发 …", a contact said first then owned
("… 这个是我新号码"), a contact of someone named by role ("客户陈立伟的新手机是 …"), "一点辣都吃不了".
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 9, 16, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u22"
TABLE = FactTable(ME, AT)
extract, state, ended, one_off = TABLE.extract, TABLE.state, TABLE.ended, TABLE.one_off


CASES: list[tuple[str, set[Fact]]] = [
    # 好几个 is "several": it asks nothing
    ("打了好几个电话才弄清楚，我上周就搬到珠海了", {state("lives_in", "珠海")}),
    ("换了好几个城市，去年终于在昆明定居了", {state("lives_in", "昆明")}),
    ("十几个快递都寄错了，我早就搬到苏州了", {state("lives_in", "苏州")}),
    ("你们有几个仓库，我住在成都", set()),
    # an office in a town, or a spot on the shop floor, is the employer's
    (
        "我老公在华为仰光办事处做售后工程师",
        {state("works_at", "华为", f"{ME}:husband"), state("job_title", "售后工程师", f"{ME}:husband")},
    ),
    ("我在阿里巴巴杭州分公司上班", {state("works_at", "阿里巴巴")}),
    ("我在比亚迪西安工厂上班", {state("works_at", "比亚迪")}),
    (
        "我姐在富士康车间里当组长",
        {state("works_at", "富士康", f"{ME}:sister"), state("job_title", "组长", f"{ME}:sister")},
    ),
    ("我在中建三局工地上当电工", {state("works_at", "中建三局"), state("job_title", "电工")}),
    ("我在上海车间里干活", set()),
    # the same employer, still
    ("升职了，现在是区域经理，公司还是美的", {state("job_title", "区域经理"), state("works_at", "美的")}),
    ("岗位调了，单位仍然是国家电网", {state("works_at", "国家电网")}),
    ("我老公换了部门，公司还是华为", {state("works_at", "华为", f"{ME}:husband")}),
    ("公司还是老样子", set()),
    ("单位还是很忙", set()),
    ("公司还是得去一趟", set()),
    ("公司还是美的吗", set()),
    # the shop just told of, named after
    ("我在一家火锅店当服务员，店名叫海底捞", {state("job_title", "服务员"), state("works_at", "海底捞")}),
    (
        "我姐在一家面包店做烘焙师，店叫好利来",
        {state("job_title", "烘焙师", f"{ME}:sister"), state("works_at", "好利来", f"{ME}:sister")},
    ),
    ("昨天去了一家奶茶店，店叫蜜雪冰城", set()),
    # the years spent at a job, then its leaving
    ("我在华为工作了五年，上个月离职了", {ended("works_at", "华为")}),
    ("我老公在京东干了三年多，上周辞职了", {ended("works_at", "京东", f"{ME}:husband")}),
    ("在美团待了两年，前天办完离职手续", {ended("works_at", "美团")}),
    ("在腾讯干了八年，一直没离职", {state("works_at", "腾讯")}),
    ("在腾讯干了八年，打算离职", {state("works_at", "腾讯")}),
    ("在腾讯干了八年，下个月离职", {state("works_at", "腾讯")}),
    # a device put up second-hand
    ("我的iPad Air挂咸鱼了", {ended("owns_device", "iPad Air")}),
    ("旧的华为P40挂到转转上卖了", {ended("owns_device", "华为P40")}),
    ("我的Kindle挂闲鱼了吗", set()),
    ("想把旧的iPhone 12挂闲鱼", set()),
    # a device of one's own stuck or failing to pair
    ("家里的戴森吸尘器又卡住了", {state("owns_device", "戴森吸尘器")}),
    ("我的科沃斯扫地机器人卡住不动了", {state("owns_device", "科沃斯扫地机器人")}),
    ("我妈的华为手表怎么都配对不上", {state("owns_device", "华为手表", f"{ME}:mother")}),
    ("蓝牙耳机跟我的Galaxy S24死活配对不上", {state("owns_device", "Galaxy S24")}),
    ("邻居家里小米扫地机卡住了", set()),
    ("小米扫地机卡住了怎么办", set()),
    # what a relative uses, a model in small letters
    ("我爸用的华为nova 11", {state("owns_device", "华为nova 11", f"{ME}:father")}),
    ("儿子用的iPad mini老是卡", {state("owns_device", "iPad mini", f"{ME}:son")}),
    ("同事用的华为Mate 60", set()),
    ("以前我妈用的华为P30", set()),
    # newly got
    ("新入的Kindle怎么传书", {state("owns_device", "Kindle")}),
    ("朋友新入的Switch挺好玩", set()),
    # a device lent out is still one's own
    ("我的iPad借给同事用了", {state("owns_device", "iPad")}),
    ("我的Kindle前几天借给我妹了", {state("owns_device", "Kindle")}),
    ("Switch借给我玩了", set()),
    ("想把Switch借给表弟", set()),
    ("iPad不想借给他了", set()),
    # what will do as a way of notice; notices changed over
    ("微信通知就好", {state("preferred_notification_channel", "WeChat")}),
    ("电话联系我就行", {state("preferred_notification_channel", "phone")}),
    ("通知都换成短信", {state("preferred_notification_channel", "SMS")}),
    ("把提醒改成微信", {state("preferred_notification_channel", "WeChat")}),
    ("提醒改成邮件了吗", set()),
    ("天天打电话谁受得了，有事发微信", {state("preferred_notification_channel", "WeChat")}),
    # a report named by no period, and this week's one
    ("报告我一般看A版", {state("preferred_report_format", "A版")}),
    ("本周的月报用B版", {one_off("preferred_report_format", "月报B版")}),
    ("这周开始周报都给我精简版", {state("preferred_report_format", "周报精简版")}),
    # how one works names no employer
    ("兼职模特一枚", {state("job_title", "模特")}),
    ("独立设计师一枚", {state("job_title", "设计师")}),
    ("腾讯程序员一枚", {state("job_title", "程序员"), state("works_at", "腾讯")}),
    # something that keeps not happening is a complaint, no taste
    ("包裹一直不更新，帮我看看", set()),
    ("客服一直不回，电话也一直不通", set()),
    ("咖啡一直不加糖", {state("preference", "咖啡不加糖")}),
    # the right order or ticket number after a bare 是
    ("订单号写错了，是JD-88120", {state("order_id", "JD-88120")}),
    ("工单号填错了，是TK-5521", {state("ticket_id", "TK-5521")}),
    ("单号错了，是不是你们系统的问题", set()),
    # the contact to use, named after the request; whose it is, said before the value
    ("邮箱改一下，改用abc.de@qq.com", {state("email", "abc.de@qq.com")}),
    ("这个邮箱是我老婆的：lily.w@163.com", {state("email", "lily.w@163.com", f"{ME}:wife")}),
    ("那个号码是我姐的：139 0000 1111", {state("phone", "13900001111", f"{ME}:sister")}),
    ("那个号码是别人的：13900001111", set()),
    # with someone, the speaker moved; the one named
    (
        "跟女朋友小雅一起搬去厦门了",
        {state("lives_in", "厦门"), state("name", "小雅", f"{ME}:girlfriend")},
    ),
    ("上个月和老公一起搬到了大理", {state("lives_in", "大理")}),
    ("跟朋友一起搬到杭州了吗", set()),
    ("想跟老公一起搬到大理", set()),
    ("和同事小李一起去吃饭", set()),
    # sent to a town's office, the home moved after
    ("我调到成都分公司了，家也搬过去了", {state("lives_in", "成都")}),
    ("我老公调去深圳办事处了，全家都跟着搬过去了", {state("lives_in", "深圳", f"{ME}:husband")}),
    ("调去西安分公司了，家还没搬过去", set()),
    ("想调去西安，家也搬过去", set()),
    # a dorm is in the town of the school named before; a family word says whose
    ("我儿子考上了武汉的大学，上周搬去宿舍了", {state("lives_in", "武汉", f"{ME}:son")}),
    ("女儿考进杭州的大学，搬去住校了", {state("lives_in", "杭州", f"{ME}:daughter")}),
    ("我搬去住校了", set()),
    # the address to use, by its shape; parcels sent somewhere from a day to come
    ("收货地址用杭州市西湖区文三路90号", {state("address", "杭州市西湖区文三路90号")}),
    ("默认地址就用苏州市姑苏区干将路8号3幢201室", {state("address", "苏州市姑苏区干将路8号3幢201室")}),
    ("地址用英文写", {state("preferred_language", "en")}),
    ("下周一起快递都寄到公司：杭州市西湖区文三路90号", {state("address", "杭州市西湖区文三路90号")}),
    ("下周一起包裹都寄到宿舍：南京大学仙林校区12栋406", {state("address", "南京大学仙林校区12栋406")}),
    ("包裹寄到宿舍：南京大学仙林校区12栋406", set()),
    ("下周一起去吃饭", set()),
    # a language settled on after all
    ("换成日语吧，算了，还是中文吧", {state("preferred_language", "zh")}),
    ("还是用英文吧", {state("preferred_language", "en")}),
    ("还是英文吗", set()),
    ("他还是英文吧", set()),
    # the kind of device lost, its model named after
    ("笔记本上周被偷了，ThinkPad X1", {ended("owns_device", "ThinkPad X1")}),
    ("我的手表丢了，Apple Watch S8", {ended("owns_device", "Apple Watch S8")}),
    ("怕手机丢了，iPhone 15", set()),
    # the employer named in brackets
    ("我们单位(国家电网)最近老加班", {state("works_at", "国家电网")}),
    ("公司（就是那个远洋渔业）又老调我的班", {state("works_at", "远洋渔业")}),
    ("你们公司（京东）的客服太慢了", set()),
    ("他公司（腾讯）福利好", set()),
    # an order named by its code, then "that order"
    ("JD-558120 这单还没发货", {state("order_id", "JD-558120")}),
    ("iPhone 15 那单", set()),
    # switching with 切 alone; the way to pay named before the verb
    ("以后都切深色", {state("preferred_theme", "dark")}),
    ("以后都支付宝付", {state("preferred_payment_method", "支付宝")}),
    ("这次就微信付吧", {one_off("preferred_payment_method", "微信支付")}),
    ("先花呗付了", set()),
    # the company named after an employer left, and the role after it
    (
        "不在京东上班了，去了一家小公司，叫星河科技，当会计",
        {ended("works_at", "京东"), state("works_at", "星河科技"), state("job_title", "会计")},
    ),
    ("我以前在一家外企上班，叫博世", set()),
    # sent by the company to a town: the speaker moved
    ("上个月被公司调到了成都", {state("lives_in", "成都")}),
    ("我被单位派驻到了拉萨", {state("lives_in", "拉萨")}),
    ("我们公司上个月搬到了苏州", set()),
    ("被单位调去西安了吗", set()),
    # mail sent to an address the speaker names
    ("工作邮件发 li.na@corp-work.cn，别发QQ邮箱", {state("email", "li.na@corp-work.cn")}),
    ("客户的邮件发 a.b@corp.cn", set()),
    # a contact said first, then said to be the speaker's
    ("13912345678是我的手机号", {state("phone", "13912345678")}),
    ("zhou.m@163.com 这个是我的新邮箱", {state("email", "zhou.m@163.com")}),
    ("13912345678是我老婆的手机号", set()),
    ("13912345678是你的手机号吗", set()),
    # someone named by role and name owns the contact after
    ("供应商刘建国的邮箱是 ljg@supply.cn", {state("email", "ljg@supply.cn", "刘建国")}),
    ("客户的手机号是 13900001111", set()),
    # not even a little
    ("我一点辣都吃不了", {state("preference", "不吃辣")}),
    ("香菜我一口都不吃", {state("preference", "不吃香菜")}),
    ("海鲜一口都吃不了", {state("preference", "不吃海鲜")}),
    ("他辣的一口都不吃", set()),
    ("辣的一口都不能吃吗", set()),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_round22_zh_fact_classes(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected
