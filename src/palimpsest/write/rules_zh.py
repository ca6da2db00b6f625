"""Chinese extraction rules: state facts, preferences, intents, tags and anchors.

Chinese drops its subjects ("上个月搬到了杭州" is about the speaker), so a rule finds its verb
first and then reads the words before it: nothing or 我 is the speaker, 我老婆 is the
speaker's wife, a short name is that person, 他/她 or anything unrecognised is nobody we can
pin down and yields no fact. The particle 了 after a negation marks a change ("不住在上海了"
ends a state); a bare negation ("我没有搬家", "我不住在上海") says nothing new.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime

from palimpsest.write.model import (
    AnchorKind,
    CandidateFact,
    IdentifierKind,
    IdentifierMention,
    Intent,
    RelativeTime,
)
from palimpsest.write.registry import normalize_channel, normalize_city, normalize_format, normalize_id
from palimpsest.write.rulekit import (
    INTENT_TAG_OF_TYPE,
    LASTING_CONFIDENCE,
    ONE_OFF_CONFIDENCE,
    PLAIN_PREFERENCE_CONFIDENCE,
    STATE_CONFIDENCE,
    Clause,
    RuleOutput,
    TurnContext,
    carry_job_change_date,
    contact_value,
    ending,
    first_group,
    handed_on_to_relative,
    make_fact,
    named_as_wrong,
    settle_move,
    split_clauses,
)
from palimpsest.write.shapes import (
    employer_without_unit,
    is_city_area,
    is_world_city,
    noun_first,
    place_shape_ok,
    place_trimmed,
    plain_nouns,
    title_shape_ok,
    word_starts,
)

__all__ = ["apply_rules"]

# ---------------------------------------------------------------------------- vocabulary

_RELATIONS = {
    "孩子他爸": "husband",
    "孩子他妈": "wife",
    "孩子爸": "husband",
    "孩子妈": "wife",
    "老婆": "wife",
    "妻子": "wife",
    "太太": "wife",
    "爱人": "wife",
    "老公": "husband",
    "丈夫": "husband",
    "先生": "husband",
    "媳妇": "wife",
    "爸妈": "parents",
    "姐": "sister",
    "哥": "brother",
    "儿子": "son",
    "女儿": "daughter",
    "孩子": "child",
    "妈妈": "mother",
    "母亲": "mother",
    "妈": "mother",
    "爸爸": "father",
    "父亲": "father",
    "爸": "father",
    "哥哥": "brother",
    "弟弟": "brother",
    "姐姐": "sister",
    "妹妹": "sister",
    "老板": "boss",
    "男朋友": "boyfriend",
    "女朋友": "girlfriend",
    "朋友": "friend",
    # Acquaintances by how the speaker knows them: named, the name is the subject ("我大学室友王珂在拼多多上班").
    "室友": "roommate",
    "舍友": "roommate",
    "大学室友": "roommate",
    "同学": "classmate",
    "老同学": "classmate",
    "大学同学": "classmate",
    "高中同学": "classmate",
    "初中同学": "classmate",
    "前同事": "colleague",
    "邻居": "neighbor",
    "闺蜜": "friend",
    "发小": "friend",
    "同事": "colleague",
    "家人": "family",
    "全家": "family",
    "父母": "parents",
    "爸爸妈妈": "parents",
    # Children of one's siblings: "旧的ThinkPad送给我侄子了".
    "侄子": "nephew",
    "侄女": "niece",
    "外甥": "nephew",
    "外甥女": "niece",
    "奶奶": "grandmother",
    "外婆": "grandmother",
    "姥姥": "grandmother",
    "爷爷": "grandfather",
    "外公": "grandfather",
    "姥爷": "grandfather",
    "婆婆": "mother_in_law",
    "公公": "father_in_law",
    "岳母": "mother_in_law",
    "丈母娘": "mother_in_law",
    "岳父": "father_in_law",
    "老丈人": "father_in_law",
    "表姐": "cousin",
    "表哥": "cousin",
    "表妹": "cousin",
    "表弟": "cousin",
    "堂姐": "cousin",
    "堂哥": "cousin",
    "堂妹": "cousin",
    "堂弟": "cousin",
    "弟": "brother",
    "妹": "sister",
    "老爸": "father",
    "老妈": "mother",
    "老爹": "father",
    # Cantonese kin words (read after t2s): "我細佬琴日搬咗去觀塘", "我家姐喺銀行做嘢", "阿媽同我住".
    "细佬": "brother",
    "家姐": "sister",
    "细妹": "sister",
    "阿哥": "brother",
    "阿妈": "mother",
    "阿爸": "father",
    "老豆": "father",
    "闺女": "daughter",
    # "我家那口子": the spouse, whichever it is.
    "家那口子": "spouse",
    "那口子": "spouse",
    "家那位": "spouse",
    # Code-switched: "我 wife 在 Apple 做 designer", "我 mom 住在成都".
    "husband": "husband",
    "hubby": "husband",
    "wife": "wife",
    "mom": "mother",
    "mum": "mother",
    "dad": "father",
    "daughter": "daughter",
    "son": "son",
    "sister": "sister",
    "brother": "brother",
    "boyfriend": "boyfriend",
    "girlfriend": "girlfriend",
}
_REL = "|".join(sorted(_RELATIONS, key=len, reverse=True))
# Words that may sit between a subject and its verb without changing whom it is about.
_FILLERS = re.compile(
    r"现在|目前|已经|刚刚|刚|最近|也|还|都|就|终于|正式|其实|本人|这边|那边|早就|早已|早(?!上|晨|饭|餐|点)|才|又|今年|后来|然后|所以|因为"
    r"|嗯|啊|哦|对了|对|好的|好|是|的|呢|啦|我说|跟你说|告诉你|顺便说一下|顺便|另外|一家人|全部|一起|在|从|自己"
    # A sigh or a sound first: "唉之前在富士康干了五年…".
    r"|唉|哎呀|哎哟|哎|嗐|呃|嘿"
    # ("上周一把家从苏州搬到了杭州": one's home is what moved, the speaker's own; not "把他家")
    r"|^\s*把家"
    r"|平时|平常|一般|通常|一直|主要|基本上|基本|只|仅|但是|但|不过|可是|可|而且|常年|长期|常|正式|新"
    # "最后还是扎根在了苏州": how it ended up.
    r"|最后|最终|终究"
    # ("想想不值，干脆换了个小米手环9": giving up on the old one, the speaker's own choice.)
    r"|干脆|索性|只好|只能|于是|直接"
    # Since when, said first: "自从上周一搬去苏州…", "自打搬到厦门…".
    r"|自从|自打|打从"
    # A while back, said vaguely (no time a rule reads): "前阵子在你们店买的…", "前段时间换了…".
    r"|前阵子|前一阵子?|前段时间|前些日子|前些天|这阵子|这段时间"
    # Parts of a period left after its time words are blanked ("上周末搬去了成都", "去年年底在大理落了脚").
    r"|(?<=\s)末|^末|年底|年初|年末|月底|月初|月末|周末"
    # "现在人住在重庆": the person, as opposed to their things.
    r"|(?<=现在)人|(?<=我)人|^人(?=住|在)"
    # The thing at hand: "家里那台扫地机器人是石头G20" is the household's, the speaker's.
    r"|那台|这台|那部|这部|那只|这只"
    # The household is the speaker's: "家里新添了一台戴森吸尘器".
    r"|家里|我家|家中"
    # "…买了房，之后一直住那儿": the time after what was just said.
    r"|之后|此后|从那以后|打那以后"
    # What is left of "昨天开始在斐济航空做地勤" once its time is blanked: the start, said of the speaker.
    r"|(?<=\s)开始|^开始"
    # ... or "去年三月起在实验小学教语文": 起 after a blanked time is the same start.
    r"|(?<=\s)起(?!来|床|码)|^起(?!来|床|码)"
    # "以后就住苏瓦", "往后都在大连生活": from now on, settled (a bare 以后 may still be a plan).
    r"|(?:以后|今后|往后)(?=就|都)"
)
_NAME = re.compile(r"^(?:[\u4e00-\u9fff]{2,3}|[A-Z][a-z]+(?: [A-Z][a-z]+)?)$")
# Common surnames: a name said after a family word or in a self-introduction starts with one.
_SURNAMES = (
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭"
    "陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤欧阳"
    # Rarer ones that start no common word (not 应, 单, 游, 凌, 辛 ...): "我姐祁燕", "我们部门的聂晓峰".
    "祁聂荣鲍阮倪殷伍萧湛禹狄臧屈闵娄刁樊虞柯裘缪杭钮嵇邢裴翁荀甄芮靳巫宓郗栾詹蒲邰鄂蔺胥翟姬冉郦桑濮扈晏瞿阎茹"
    "耿匡寇阙蔚晁敖阚饶鞠蒯竺逯"
)
# A Chinese person's name: a common surname and one or two more characters.
_PERSON_NAME = rf"(?P<name>[{_SURNAMES}][\u4e00-\u9fff]{{1,2}}?)"
# Family words say whose without a 我: "媳妇是协和医院的护士", "儿子平时拿iPad mini看动画".
_KIN = (
    "孩子他爸",
    "孩子他妈",
    "孩子爸",
    "孩子妈",
    "老婆",
    "媳妇",
    "爱人",
    "老公",
    "儿子",
    "女儿",
    "闺女",
    "我妈",
    "我爸",
    "老妈",
    "老爸",
    "爸妈",
    "妻子",
    "丈夫",
    "太太",
)
_BARE_KIN = re.compile(
    r"\s*(?:(?:现在|平时|目前|其实)\s*)?(" + "|".join(k for k in _KIN if k in _RELATIONS) + ")(?!的朋友|的同事)"
)
# Adverbs and time words said twice, which a doubled nickname (乐乐, 豆豆) is not.
_DOUBLED_ADVERBS = (
    "天天|常常|刚刚|慢慢|偷偷|渐渐|早早|好好|往往|明明|偏偏|稍稍|悄悄|默默|静静|统统|通通|处处|时时|年年|月月|每每"
    "|仅仅|久久|匆匆|纷纷|白白|快快|整整|足足|刚刚|本本|多多少少|个个|人人|样样|事事"
)
_KIN_NAMED = re.compile(
    # ("跟男朋友阿伦一起搬到了曼德勒": the one the speaker does something with, named.)
    r"(?:^|(?<=[，,。！])|(?<=[跟和与]))\s*(?:我的?)?(?P<rel>"
    + "|".join(sorted(_RELATIONS, key=len, reverse=True))
    + r")"
    # ("我女儿小雨下个月…": a child's or relative's nickname, 小/阿 and one character, or one character said
    # twice, "我儿子乐乐在读大二" — not an adverb said twice, "我儿子天天在玩".)
    # ("我老公Ahmed在Emirates当pilot": a name in Latin letters, one or two words.)
    + rf"(?:{_PERSON_NAME[:-1]}|[小阿][\u4e00-\u9fff]|(?!{_DOUBLED_ADVERBS})(?P<twice>[\u4e00-\u9fff])(?P=twice)"
    + r"|[A-Z][a-z]{1,12}(?: [A-Z][a-z]{1,12})?))"
    + r"(?=在|是|现在|目前|也|刚|已经|去年|今年|上个月|下个月|上周|做|当|去|要|住|考上|考到|读|会|一起"
    # ("俺哥王建军搬去哈尔滨了", "我表妹李然调到了深圳": a move or a job change told of the one named.)
    + r"|搬|调到|调去|换了|买了|入职|辞职|离职|跳槽"
    # ("我表哥阿杰三月份去成都定居了": a month or a day said after the name.)
    + r"|[一二三四五六七八九十两\d]{1,3}月|前年|前天|昨天|最近|前几天)"
)
# A relative named in the turn before a pronoun: "我老公…，他…".
_RELATIVE_EARLIER = re.compile(
    # ("我和老婆都在腾讯，她做HR": named together with the speaker, she is still the one relative.)
    r"我(?:的|和|跟)?("
    + "|".join(
        sorted(
            (k for k in _RELATIONS if k not in ("朋友", "同事", "老板", "家人", "全家", "爸妈", "父母")),
            key=len,
            reverse=True,
        )
    )
    + ")"
)
_GROUP_MEMBER = re.compile(
    r"(?:我们|我的|咱们)(?:组|部门|团队|公司|科室|班|小组|项目组)(?:里)?的"
    rf"{_PERSON_NAME}\s*(?:现在|目前|也|已经)?\s*$"
)
_RELATIVE_NAMED_BEFORE = re.compile(
    rf"我的?(?P<rel>{'|'.join(sorted(_RELATIONS, key=len, reverse=True))})"
    rf"{_PERSON_NAME}的\s*$"
)
# People known by role, not family: named, the name is the subject ("我同事陈晓东在中国移动…").
_ACQUAINTANCES = frozenset(
    ["同事", "朋友", "老板", "室友", "舍友", "大学室友", "同学", "老同学", "大学同学", "高中同学", "初中同学", "前同事",
     "邻居", "闺蜜", "发小"]
)  # fmt: skip
# ("我同事小李…": a colleague called by 小/老 and the surname.)
_NAMED_ACQUAINTANCE = re.compile(
    rf"(?P<name>[{_SURNAMES}][\u4e00-\u9fff]{{1,2}}?|[小老][{_SURNAMES}])(?=在|是|现在|目前|也|刚|已经|去年|上个月|做|当|$)"
)
_NOT_NAMES = frozenset(
    [
        "那台",
        "这台",
        "那部",
        "这部",
        "那个",
        "这个",
        # Things, not people: "手机也换成了华为Mate 60" is about the speaker's phone.
        "手机",
        "电脑",
        "平板",
        "笔记本",
        "电话",
        "号码",
        "邮箱",
        "地址",
        "大家",
        "有人",
        "别人",
        "用户",
        "客户",
        "公司",
        "朋友",
        "同事",
        "孩子",
        "家里",
        "我们",
        "他们",
        "她们",
        "你们",
        "这里",
        "那里",
        "以前",
        "之前",
        "曾经",
        "原来",
        "过去",
        "当时",
        "那时",
        "小时候",
        "以后",
        "今后",
        "上次",
        "这次",
        "每次",
        "之后",
        "后来",
        "去年",
        "今天",
        "昨天",
        "明天",
    ]
)
_PAST = re.compile(r"以前|之前|曾经|原来|过去|当时|那时|小时候|早年|以往")
_PLAN = re.compile(
    r"打算|准备|计划|想要|想搬|考虑|可能|也许|将要|要搬|会搬|想去|希望|梦想|能不能|可不可以|本来|原本|想$|就要$|快要$|即将$"
)
# Plan words inside a name: not the phrase-final 想 ("我想…"), which ends 联想.
_PLAN_WORDS = re.compile(r"打算|准备|计划|想要|想搬|考虑|可能|也许|将要|要搬|会搬|想去|希望|梦想|本来|原本")
_HYPOTHETICAL = re.compile(
    r"如果|假如|要是|假设|万一|假使|倘若|的话|想象一下|比如说|如若|若是"
    # Denied or reported speech asserts nothing: "我没说要改成深色模式".
    r"|(?:没|没有|从没|从来没|并没|并没有)(?:说|讲|提|让你|叫你)过?|不是说"
    # A dream asserts nothing either: "我梦见自己搬到了三亚".
    r"|梦见|梦到|做梦"
)
# 的话 after a bare topic noun sets the topic, it supposes nothing: "付款的话我总是走支付宝", "酒店的话我喜欢高楼层".
_TOPIC_DEHUA = re.compile(
    r"(?:^|(?<=[，,。！？\s]))(?:(?!如果|假如|要是|假设|万一|若是|倘若|假使)[\u4e00-\u9fff]){0,2}?(?:付款|支付|付钱|快递|物流|配送|发货|收货|酒店|房间|座位|机票|航班|火车|高铁"
    r"|主题|界面|皮肤|通知|提醒|消息|报告|报表|周报|月报|日报|导出|导表|导数据|下载|文件|格式|语言|回复|餐食|吃的|喝的|口味|早餐|午餐|晚餐|外卖"
    r"|买东西|网购|购物|结账|充值|退款|寄件|寄东西|收件|对账"
    r"|咖啡|茶|饮料|发票|联系方式|地址|邮箱|手机|电话|设备|电脑|座椅|车|租车|开会|会议|打电话|回答|出差|订票)(?:我)?的话"
)
# A condition, then how to reach someone: the contact is given whatever the condition.
_CONDITION_THEN_CONTACT = re.compile(
    r"(?:的话|如果[^，,。]*|万一[^，,。]*|要是[^，,。]*)[，,]\s*(?:就|请|可以)?(?:打|拨|联系|找|发到|发邮件到|寄到)"
)
_QUESTION = re.compile(
    # ("打了好几个电话", "十几个包裹": 几 of "several" asks nothing.)
    r"[？?]|[吗么嘛][\s。！!]*$|是不是|有没有|是否|哪里|哪儿|哪个|什么|多少|(?<![好十])几[个号点]|怎么|为什么|为啥|谁"
    # A done-or-not question: "报销批下来没有", "发货了没".
    r"|(?<=[了好完来到])没有?[\s。]*$"
)
# "有什么变动默认微信上说一声": 什么 of "whatever comes up" asks nothing.
# ("有什么事打我电话": whatever it is, reach the speaker so.)
# ("有什么事WhatsApp我": an app named as the verb.)
_WHATEVER = re.compile(
    r"有(?:什么|啥)(?=[^，。？?]{0,8}?(?:就|都|默认|一律|随时|(?:打|发|推|找|联系|通知|告诉|(?i:whats\s?app|LINE|telegram))我))"
)
# Question words used as indefinites ask nothing either: "no matter what" ("说什么也不肯搬", "怎么都打不开",
# "谁都不认识"), "hardly" ("QQ邮箱不怎么看了", "没怎么用过"), "not much" ("工资倒没涨多少", "也不剩多少了").
_INDEFINITE = re.compile(
    r"(?<!为)(?:什么|怎么|谁|哪儿|哪里)[\u4e00-\u9fff]?(?:也|都)(?=[^，。？?]{0,2}?(?:不|没|别))"
    r"|(?:不|没)怎么"
    r"|(?:不|没)[^，。？?吗]{0,3}?多少(?=[^，。？?]{0,4}(?:[，。！!～~]|$))"
    # A question that answers itself: "B版那么长谁看得完", "天天打电话谁受得了" (no one could).
    r"|谁[\u4e00-\u9fff]{1,2}?得(?:完|了|住|消|起|过来)"
    # "那态度真是没谁了": beyond anyone, an idiom of complaint.
    r"|没谁了"
    # Idioms of not knowing why, which ask nothing: "支付宝今天不知道抽什么风", "不知道为什么一直闪退".
    r"|抽什么风|发什么疯|搞什么鬼|不知道(?:为什么|为啥|怎么(?:回事|了|搞的))"
)
# A comma before a marker of time-to-come starts a new statement: "今天先用浅色，以后默认深色".
_BOUNDARY = re.compile(
    # A question asked after a statement is its own clause: "我昨天刚买了MacBook Air，会员能延保吗？".
    r"(?<=[，,])(?=[^，,。！？!?；;\n]*[？?])|"
    # …and one asked without a question mark: "…，有粤语客服吗", "…，怎么绑定到家长账号".
    r"(?<=[，,])(?=[^，,。！？!?；;\n]*(?:[吗嘛]|[了好完来到]没有?)\s*$)|(?<=[，,])(?=\s*(?:怎么|为什么|为啥|咋|如何|能不能|可不可以|是不是|有没有))|"
    # …or with its subject first: "我不住岳阳啊，我一直在长沙，你们系统是不是弄错了".
    r"(?<=[，,])(?=[^，,。！？!?；;\n]{1,8}?(?:为什么|为啥|是不是|有没有|怎么(?![也都样])|如何))|"
    # …or asked on someone's behalf: "…，他让我帮忙问下发票怎么开", "…，想问一下退货运费谁出".
    r"(?<=[，,])(?=[^，,。！？!?；;\n]{0,8}?(?:问下|问一下|问问|请问|想问|咨询一?下))|"
    r"[。！？；!?;\n]+|(?<=，)(?=但是|但|不过|可是|而是|现在|以后|今后|往后|从现在|从今)|(?<=,)(?=但是|但|不过|可是|以后|今后)"
)

_CITY_SUFFIX = re.compile(r"[市省区县州]$")
_KNOWN_CITIES = frozenset(
    [
        # Cities jieba tags as a verb or adjective (开封 v, 大同 d, 清远 a): named here so shapes accept them.
        "开封",
        "大同",
        "营口",
        "怀化",
        "清远",
        "自贡",
        "平凉",
        "北京",
        "上海",
        "杭州",
        "深圳",
        "广州",
        "成都",
        "武汉",
        "南京",
        "苏州",
        "天津",
        "重庆",
        "西安",
        "厦门",
        "长沙",
        "郑州",
        "青岛",
        "大连",
        "宁波",
        "合肥",
        "昆明",
        "沈阳",
        "哈尔滨",
        "济南",
        "福州",
        "香港",
        "澳门",
        "台北",
        "台中",
        "台南",
        "高雄",
        "新加坡",
        "东京",
        "伦敦",
        "巴黎",
        "纽约",
        "首尔",
        "悉尼",
        "旧金山",
        "洛杉矶",
        "柏林",
        # Provincial capitals and other large cities (not 中山/北海/大同/三明/日照/大理/开封: ordinary words too).
        "石家庄",
        "太原",
        "呼和浩特",
        "长春",
        "南昌",
        "南宁",
        "海口",
        "贵阳",
        "拉萨",
        "兰州",
        "西宁",
        "银川",
        "乌鲁木齐",
        "无锡",
        "常州",
        "南通",
        "扬州",
        "徐州",
        "温州",
        "绍兴",
        "嘉兴",
        "金华",
        "台州",
        "湖州",
        "泉州",
        "漳州",
        "烟台",
        "威海",
        "潍坊",
        "临沂",
        "鞍山",
        "珠海",
        "佛山",
        "东莞",
        "惠州",
        "汕头",
        "江门",
        "湛江",
        "三亚",
        "桂林",
        "柳州",
        "洛阳",
        "宜昌",
        "襄阳",
        "岳阳",
        "株洲",
        "湘潭",
        "赣州",
        "九江",
        "芜湖",
        "蚌埠",
        "保定",
        "唐山",
        "秦皇岛",
        "廊坊",
        "邯郸",
        "包头",
        "大庆",
        "绵阳",
        "宜宾",
        "乐山",
        "遵义",
        "丽江",
        "咸阳",
        "宝鸡",
        "延安",
        "喀什",
        "淄博",
        "泰安",
        "济宁",
        "镇江",
        "盐城",
        "淮安",
        "连云港",
        "宿迁",
        "泰州",
        "舟山",
        "衢州",
        "莆田",
        "龙岩",
        "宁德",
        "揭阳",
        "肇庆",
        "韶关",
        "梅州",
        "茂名",
    ]
)
_NOT_PLACES = frozenset(
    [
        # The home itself, no town: "我住在老房子里".
        "房子",
        "老房子",
        "新房子",
        "老宅",
        "这里",
        "那里",
        "这儿",
        "那儿",
        "家里",
        "哪里",
        "哪儿",
        "附近",
        "隔壁",
        "宿舍",
        "酒店",
        "宾馆",
        "公司",
        "学校",
        "家",
        "外面",
        "楼上",
        "楼下",
    ]
)
_STOP = r"(?=[了的啦呢吧啊呀哦，。！？、,.!?\s”」』]|这边|那边|附近|一带|工作|上班|住|去|来|生活|定居|发展|$)"
# A place in Latin letters may have a period, an apostrophe or a space in it: "St. John's", "New York".
_LATIN_PLACE = r"[A-Z][a-z]+\.?(?:\s?[A-Z][a-z]+(?:['’][a-z]+)?){0,3}(?:['’][a-z]+)?(?![A-Za-z.'’])"
_PLACE = rf"(?P<place>{_LATIN_PLACE}(?=[^A-Za-z]|$)|[\u4e00-\u9fffA-Za-z]{{2,12}}?{_STOP})"

_BRANDS_ZH = (
    r"华为|小米|苹果|荣耀|一加|联想|戴尔|三星|索尼|红米|魅族|大疆|任天堂|OPPO|oppo|vivo|戴森|佳能|尼康|松下|科沃斯|石头"
    r"|极米|罗技|华硕|惠普|宏碁|海信|创维|飞利浦|诺基亚|摩托罗拉|雷蛇|腾达|水星|网件|佳明|步步高|小天才|海尔|格力|小爱|小度|天猫精灵"
    # Household appliances: "做饭用美的电饭煲", "追觅扫地机".
    r"|美的|苏泊尔|九阳|追觅|云鲸|添可|徕芬|飞科|西门子|博世|摩飞"
    # Cameras, e-readers, audio and other makers a device is called by ("影石Insta360 X4", "文石Leaf3", "掌阅iReader").
    r"|影石|文石|掌阅|汉王|科大讯飞|讯飞|漫步者|绿联|安克|倍思|华米|铁三角|森海塞尔|富士|徕卡|理光|真我|努比亚|红魔|中兴"
    r"|萤石|拓竹|群晖|极空间|作业帮|学而思|希沃|韶音|傲风|明基|酷态科|机械革命|神舟|微软|谷歌|当贝|长虹|康佳|方太|北鼎"
    r"|米家|网易有道|有道|阿尔法蛋|奥克斯|华帝|黑鲨|微星|外星人|海康威视|小蚁|酷派"
)
_BRANDS_EN = (
    r"iPhone|iPad|MacBook(?:\s?(?:Pro|Air))?|iMac|Mac\s?mini|Apple Watch|AirPods|Pixel|Galaxy|Mate|Honor|Xiaomi"
    r"|Redmi|OnePlus|ThinkPad|Surface|Kindle|kindle|Switch|PS5|Xbox|Huawei|Samsung|Dyson|Sony|Lenovo|Bose|DJI|Nintendo"
    r"|TP-?Link|TP-?LINK|Netgear|NETGEAR|ASUS|Asus|Nokia|Motorola|Garmin|Fitbit|GoPro|Steam Deck|Quest|Vision Pro"
    r"|Alienware|Razer|ROG|Sonos|Roku|Chromebook|Galaxy Tab|Apple TV|HomePod|Echo|Oculus|Mac(?![A-Za-z])"
    r"|Insta360|Boox|BOOX|Kobo|iReader|Realme|realme|iQOO|Nothing Phone|Anker|Amazfit|Jabra|Marshall|Beats|Sennheiser"
    r"|Fujifilm|Canon|Nikon|Leica|Ricoh|Xperia|Zenfone|Legion|Meta Quest|TCL|MSI|Xbox Series"
)
# Model words: codes and numbers, the usual suffixes, and capitalized names ("OPPO Find X5").
_MODEL = (
    # (A decimal size is part of the model: "华为MatePad 11.5".)
    # (A code with a hyphen after its letters: "Sony WH-1000XM5", "Galaxy SM-X710".)
    r"(?:\s?(?:[A-Z]{1,4}-\d+[A-Za-z0-9]*|[A-Za-z]{0,3}\d+(?:\.\d)?[A-Za-z]*|Pro|Max|Plus|Ultra|Mini|mini|SE|Air|pro|max|plus|[A-Z][a-z]{1,10}(?=\s?[A-Z0-9]))"
    # A capitalized name last, before Chinese words: "旧的OPPO Reno扔抽屉里".
    # ("新买的 Galaxy Buds 连不上…": a space may stand before the Chinese.)
    r"|\s[A-Z][a-z]{2,10}(?=\s?[\u4e00-\u9fff，。！？,.!?]|$)"
    # A word glued to the brand is the model's: "华为MatePad", "小米RedmiBook".
    r"|(?<=[A-Za-z])[A-Z][a-z]{1,8}"
    # A name glued to a Chinese brand, the sentence going on in Chinese: "红米Note就不用了", "荣耀Magic，…".
    r"|(?<=[\u4e00-\u9fff])[A-Z][a-z]{1,8}(?=[\u4e00-\u9fff，。！？,.!?]|$)"
    # A lone capital letter: "MateBook X Pro", "iPhone X", "Find X"; a series in capitals: "戴尔XPS 13".
    r"|\s[A-Z](?![A-Za-z0-9])|\s?[A-Z]{2,4}(?=\s?\d)"
    # A series in small letters before its number: "华为nova 12", "华为 nova 11 SE".
    r"|(?<![A-Za-z])\s?[a-z]{3,8}(?=\s?\d)"
    # The screen size and the chip, part of which one it is: "MacBook Pro 14寸（M4）", "iPad Pro 11英寸".
    r"|(?<=\d)(?:英寸|寸)(?:\s?[（(][A-Za-z0-9 +]{1,12}[）)])?)*"
)
# A Chinese series or product word between the brand and its model code: "联想拯救者Y9000P", "戴森吸尘器V12".
_SERIES = r"(?:[\u4e00-\u9fff]{2,4}?(?=\s?[A-Za-z]*\s?\d)|小新|拯救者|天选|灵耀|无畏|畅享|星耀|小天才)?"
_NOUNS = (
    r"手机|笔记本电脑|笔记本|电脑|平板电脑|平板|手表|耳机|相机|电视|显示器|音箱|游戏机|扫地机器人|路由器|打印机"
    r"|投影仪|电子书阅读器|阅读器|智能音箱|无人机|吸尘器|空气净化器|扫地机|咖啡机|洗碗机|电动牙刷|净水器|智能门锁|手环"
    r"|电话手表|智能手表|儿童手表|运动手表|学习机|点读机|词典笔|翻译机|录音笔|行车记录仪|电纸书|掌机|游戏本|台式机"
    # ("小度智能屏", "有道学习平板": a smart display, a tablet for study.)
    r"|智能屏|学习平板|早教机"
    # ("我爸用的还是老年机": a phone for the old, big keys and no apps.)
    r"|老年机|老人机"
    r"|吹风机|电吹风|冰箱|洗衣机|烘干机|空调|烤箱|微波炉|电饭煲|加湿器|除湿机|按摩椅|跑步机|体重秤|冲牙器|剃须刀|键盘|鼠标"
)
_DEVICE = (
    rf"(?P<device>(?:(?:{_BRANDS_ZH}){_SERIES}(?:{_BRANDS_EN})?{_MODEL}(?:的?(?:{_NOUNS}))?|(?:{_BRANDS_EN}){_MODEL}"
    # ("我爸用的还是老年机": a phone for the old is a kind that names itself, no maker needed.)
    rf"|(?<=新)(?:{_NOUNS})(?!号)|老年机|老人机))"
)
_MEASURE = r"(?:[一两三几]?[台部个块只副款])?"

_JOB_SUFFIX = (
    r"工程师|经理|总监|设计师|老师|教师|医生|护士|会计|律师|分析师|程序员|主管|专员|顾问|架构师|研究员|学生|运营"
    r"|助理|秘书|销售|实习生|创始人|店长|司机|厨师|编辑|记者|总裁|主任|科学家|教授|作家|翻译"
    r"|开发|测试|运维|管理员|客服|人事|财务|行政|采购|专家|技术员|讲师|教练|导游|药剂师|飞行员|建筑师|产品经理"
    r"|CEO|CTO|CFO|COO|HR|策划|文员|出纳|收银员|保安|店员|快递员|骑手|主播|经纪人|调度员|质检员|技师|医师|代表"
    r"|调度|柜员|保姆|护工|月嫂|农民|公务员|警察|消防员|军人|法官|检察官|外交官|空姐|演员|歌手|画家|摄影师|模特"
    # Trades said by the work ("做售后", "干前台") and doctors named by their post (校医, 军医, 牙医).
    r"|售后|前台|文案|美工|收银|前端|后端|全栈|审计|仓管|库管|网管|研发|[校军法兽牙队]医|[民交辅刑狱特]警"
    # Posts in research and teaching ("在纪念大学做博士后", "在中科院当访问学者"), cabin crew, and trades of the
    # hand that end in 工 / 匠 / 缝 ("我爸是电工", "在工地当瓦工"): no 员 / 师 ending catches them.
    r"|博士后|博后|助教|访问学者|院士|空少|空乘|保洁|门卫|厨子|裁缝|[木瓦铁石]匠|[电焊钳车木瓦漆]工|水电工|服务生"
    # Kitchen, hall, ground and helping hands ("在后厨当帮厨", "在斐济航空做地勤", "在工厂当普工"): no 员 / 师 either.
    r"|地勤|帮厨|学徒|杂工|小工|跑堂|领班|传菜|(?:洗碗|搬运|清洁|装卸|包装|普|钟点|小时)工"
    # Crafts of transport named by the work alone ("在厦门航空当机务", "在高铁上做乘务", "在机场做安检").
    r"|机务|乘务|安检|机修|押运"
    # Heads of a unit: 护士长, 科长, 行长 ...
    r"|[护士科院校行组厂处局部站班车店船机]长"
    # Any "-员" / "-师" is a trade (柜员, 乘务员, 营养师); 会员 / 成员 / 党员 are not, see _NOT_TITLES.
    r"|[\u4e00-\u9fff]{1,3}(?:员|师)"
)
# Titles said in English inside Chinese grammar: "在Shopee做product manager", "我老公在Emirates当pilot".
_EN_JOB_NOUNS = (
    "engineer|developer|programmer|designer|manager|director|analyst|scientist|teacher|professor|doctor|nurse"
    "|accountant|lawyer|consultant|architect|researcher|intern|writer|editor|marketer|founder|co-founder|pilot"
    "|chef|pharmacist|dentist|journalist|photographer|recruiter|administrator|officer|specialist|technician"
    "|barista|cashier|tester|coordinator|supervisor|assistant|executive|associate|attorney|therapist|tutor"
    "|lecturer|translator|auditor|banker|trader|bartender|waiter|waitress|courier|planner|strategist|economist"
    "|copywriter|illustrator|animator|instructor|driver|lead|PM|PO|QA|SRE|UX|UI"
)
_EN_TITLE = rf"(?:[A-Za-z-]+\s){{0,3}}(?i:{_EN_JOB_NOUNS})s?(?![A-Za-z])"
_TITLE = rf"(?P<title>[\u4e00-\u9fffA-Za-z]{{0,6}}?(?:{_JOB_SUFFIX})|{_EN_TITLE})"
# Fields that are a trade only when one works in them ("在大疆做结构设计", "我是做质检的"): "宜家的设计" is
# what a shop looks like, so they count only after a verb of working.
# (Research of a named kind is a post too: "在知乎做用户研究", "在券商做行业研究"; bare "做研究" is not.)
_WORK_FIELDS = r"设计|质检|品控|法务|(?:用户|市场|行业|产品|投资|数据|算法|政策|临床|竞品|消费者|宏观|策略)研究"
# Fields a trade is named by when said as "(我是)做…的" ("做电池工艺的", "我是做外贸的", "干保险的").
# ("我自己是做数据合规的": compliance, of data or in general)
_TRADE_FIELDS = r"工艺|外贸|电商|保险|物流|装修|投资|咨询|市场|技术支持|售前|培训|硬件|软件|数据合规|合规"
_TITLE_OR_FIELD = rf"(?P<title>[\u4e00-\u9fffA-Za-z]{{0,6}}?(?:{_JOB_SUFFIX}|{_WORK_FIELDS})|{_EN_TITLE})"
_ORG = r"(?P<org>[\u4e00-\u9fffA-Za-z0-9&]{2,15}?)"

# ---------------------------------------------------------------------------- subjects


def _segment(clause: Clause, start: int) -> str:
    """The words from the last comma before ``start`` (clause-relative) up to it."""
    head = clause.text[:start]
    cut = max(head.rfind(mark) for mark in "，,、：:")
    return head[cut + 1 :]


# A phrase that only places a relative, closing just before the next one: "，我老婆也在这边，", "，我爸妈还在老家，".
_RELATIVE_PLACED = re.compile(
    rf"(?:^|[，,])\s*我(?:的)?({_REL})(?:也|还|现在|目前|一直|都)*(?:在|住在?)[\u4e00-\u9fffA-Za-z]{{1,8}}[，,]\s*$"
)


def _subject(ctx: TurnContext, clause: Clause, start: int) -> str | None:
    """Whom the verb at clause offset ``start`` is about, from the words before it."""
    blanked = clause.without_times(ctx)
    raw_prefix = _segment(Clause(blanked, clause.start), start)
    if re.fullmatch(r"\s*自", raw_prefix) and re.match(r"从\s+[搬调迁落回住]", blanked[start:]):
        return ctx.speaker_id  # "自从上周一搬去苏州…": "从上周一" is the time, 自 what is left of 自从
    prefix = raw_prefix.strip()
    # ("昨天在你们店买了台…": the shop the speaker is writing to, where the thing was bought, is no one)
    prefix = re.sub(
        r"在(?:你们|您们|贵)(?:这儿?|那儿?|这里|店里?|家|平台|官网|网站|商城|旗舰店|门店|网店)$", "", prefix
    )
    member = _GROUP_MEMBER.search(prefix)
    if member is not None:
        return member.group("name")  # "我们组的孙浩住在常州": a named colleague is their own subject
    if re.fullmatch(r"\s*[跟和与同][^，,我]{1,12}?一起\s*", prefix):
        return ctx.speaker_id  # "昨天跟男朋友一起搬到曼德勒了": the speaker, with someone
    if re.search(rf"我(?:和|跟|与)我?(?:的)?(?:{_REL})", prefix):
        return ctx.speaker_id  # "我和我老公住在宁波": the speaker's own state (the relative's is not said apart)
    # ("我们老板", "我们同事": ours is the speaker's.)
    relation = re.search(rf"我(?:的)?({_REL})|我们(?:的)?(老板|同事)", prefix) or _BARE_KIN.match(prefix)
    if relation:
        word = relation.group(1) or relation.group(2)
        named = _NAMED_ACQUAINTANCE.match(prefix, relation.end())
        if named and word in _ACQUAINTANCES:
            return named.group("name")  # "我同事陈晓东在…": a named colleague is their own subject
        return f"{ctx.speaker_id}:{_RELATIONS[word]}"
    if re.search(r"(?:给|为|替)自己", prefix):
        return ctx.speaker_id  # "刚给自己换了个新平板": the speaker's own
    # "三天前给儿子买了个Switch": bought for a relative, it is the relative's.
    for_relative = re.search(rf"(?:给|帮|替|为)我?(?:的)?({_REL})(?:的)?\s*$", prefix)
    if for_relative:
        return f"{ctx.speaker_id}:{_RELATIONS[for_relative.group(1)]}"
    if re.search(r"他|她|它|你|您", prefix):
        # "我和我老公住在宁波，他在吉利汽车做设计师": he or she is the one relative named before.
        relatives = {r.group(1) for r in _RELATIVE_EARLIER.finditer(ctx.text, 0, clause.start + start)}
        # ("…，她跟我一起住在佛山": living with the speaker.)
        if len(relatives) == 1 and re.fullmatch(r"\s*(?:他|她)(?:现在|目前|也|还|就)?(?:[跟和与同]我一起)?\s*", prefix):
            return f"{ctx.speaker_id}:{_RELATIONS[relatives.pop()]}"
        # "我们公司现在的对接人是王芳，她是…": he or she is the one person just named.
        introduced: list[str] = _INTRODUCED.findall(ctx.text, 0, clause.start + start)
        if (
            not relatives
            and len(set(introduced)) == 1
            and re.fullmatch(r"\s*(?:他|她)(?:现在|目前|也|还|就)?\s*", prefix)
        ):
            return introduced[0]
        return None
    # ("俺在郑州富士康上班": 俺 is the speaker in northern speech.)
    if "我" in prefix or re.match(r"\s*(?:本人|俺)", prefix):
        return ctx.speaker_id
    # "上个月从万科跳槽到了龙湖": where one comes from is no one.
    rest = _FILLERS.sub("", re.sub(r"从[\u4e00-\u9fffA-Za-z0-9]{2,10}$", "", prefix)).strip(" ，,")
    if re.match(r"(?:手机|电脑|平板|笔记本)", rest):
        return ctx.speaker_id  # "手机也换成了华为Mate 60": the speaker's own phone
    if not rest:
        # "我女儿在新加坡读书，平时住在那边": a later phrase without a subject keeps the first one's.
        # ("女儿考上成都的大学，九月份搬去住校了": a family word says whose without 我.)
        earlier = re.match(rf"\s*我(?:的)?({_REL})", blanked) or _BARE_KIN.match(blanked)
        if earlier and len(prefix) < start:
            return f"{ctx.speaker_id}:{_RELATIONS[earlier.group(1)]}"
        # "我在小米上班，我老婆也在这边，在Infosys做财务": the phrase just before placed a relative, and this one
        # tells what they do there.
        placed = _RELATIVE_PLACED.search(blanked, 0, start - len(raw_prefix))
        if placed and placed.group(1) not in _ACQUAINTANCES:
            return f"{ctx.speaker_id}:{_RELATIONS[placed.group(1)]}"
        # "我儿子小宇考上了南京大学，现在住南京": the sentence began with the relative, before a clause break.
        sentence = max(ctx.text.rfind(mark, 0, clause.start) for mark in "。！？!?；;\n") + 1
        before = re.match(rf"\s*我(?:的)?({_REL})", ctx.text[sentence : clause.start])
        if before and clause.start > sentence and start == len(prefix):
            return f"{ctx.speaker_id}:{_RELATIONS[before.group(1)]}"
        return ctx.speaker_id
    if re.fullmatch(r"人(?:早就|早已|早|已经|都|还|现在)*", rest):
        return ctx.speaker_id  # "房子卖了，人也早就不在那儿住了": 人 is the speaker, no one named 人早
    if re.fullmatch(r"(?:现在)?[\u4e00-\u9fff]{1,3}(?:里|上|中|内)(?:现在|目前)?", rest):
        return ctx.speaker_id  # "客厅里有台…": a room of the speaker's home, no person
    if re.fullmatch(r"被(?:公司|单位|领导|老板|集团|学校|部门)?", rest):
        # "两周前被公司外派到了迪拜": sent by the employer, the speaker moved; "上周一被提拔成店长了": the speaker
        return ctx.speaker_id
    if re.match(r"[给帮替为跟和对向]", rest):
        return None  # "给客户…", "帮同事…": done for someone we cannot name, not a person called so
    if re.fullmatch(r"(?:租房子?|租的房子?|自己|一个人|暂时|临时|长期|一直|先)+", rest):
        # "现在租房住在…": how the speaker lives, no one else named ("我妹在温哥华读研，一个人住在那边": how the
        # relative the sentence began with lives).
        earlier = re.match(rf"\s*我(?:的)?({_REL})", blanked) or _BARE_KIN.match(blanked)
        if earlier and len(prefix) < start and earlier.group(1) not in _ACQUAINTANCES:
            return f"{ctx.speaker_id}:{_RELATIONS[earlier.group(1)]}"
        return ctx.speaker_id
    # A Chinese name starts with a surname or 小/老/阿 ("买房住在…" names no one).
    surname_first = re.match(rf"[{_SURNAMES}小老阿]", rest) is not None or not re.match(r"[\u4e00-\u9fff]", rest)
    if _NAME.match(rest) and surname_first and rest not in _NOT_NAMES and not _PAST.search(rest):
        return rest
    return None


def _prefix(clause: Clause, start: int) -> str:
    return _segment(clause, start)


# The shift one works is no part of the trade: "干夜班保安的" is a 保安, "上白班的护士" a 护士.
_SHIFT_BEFORE_TITLE = re.compile(r"^(?:夜班|白班|早班|晚班|中班|大夜班|小夜班)的?(?=[\u4e00-\u9fff]{2})")


def _fact(
    subject: str,
    predicate: str,
    value: str,
    rule: str,
    evidence: str,
    *,
    valid_from: datetime | None = None,
    lasting: bool = True,
    confidence: float = STATE_CONFIDENCE,
    ends_previous: bool = False,
) -> CandidateFact:
    if predicate == "job_title":
        value = _SHIFT_BEFORE_TITLE.sub("", value) or value
    return make_fact(
        subject,
        predicate,
        value,
        f"zh.{rule}",
        evidence,
        valid_from=valid_from,
        lasting=lasting,
        confidence=confidence,
        ends_previous=ends_previous,
    )


def _clean(value: str) -> str:
    return value.strip().strip("，。！？、,.!?：:\"“”'").strip()


def _device_name(value: str) -> str:
    """ "小米的扫地机器人" is the product "小米扫地机器人": the 的 between brand and noun goes."""
    # (美的 is a brand: "美的电饭煲" keeps it.)
    return _clean(re.sub(rf"(?<=[\u4e00-\u9fffA-Za-z0-9])(?<!美)的(?=(?:{_NOUNS}))", "", value))


def _future(ctx: TurnContext, clause: Clause) -> bool:
    return any(t.start > ctx.at for t in clause.times(ctx))


# A day still to come that a state starts from: "下周一起…", "从下个月开始…", "等下周一系统切换后…",
# "下个月一号以后…".
_FROM_THEN_BEFORE = re.compile(r"(?:从|自|等到|等|打)\s*$")
_FROM_THEN_AFTER = re.compile(r"\s*(?:开始|起|以后|之后)|[^，。！？；]{0,10}?(?:以后|之后|后)[，,]")


def _starts_on(ctx: TurnContext, clause: Clause) -> datetime | None:
    """The day still to come from which what ``clause`` states holds, when the clause says so."""
    for mention in clause.times(ctx):
        if mention.start <= ctx.at:
            continue
        if _FROM_THEN_BEFORE.search(ctx.text, 0, mention.span[0]) or _FROM_THEN_AFTER.match(ctx.text, mention.span[1]):
            return mention.start
    return None


# ---------------------------------------------------------------------------- state facts

_MOVE = re.compile(
    # ("户口落到厦门": the household registration moved there.)
    r"(?:(?<![自打])从[\u4e00-\u9fffA-Za-z]{2,12}?)?(?:搬家?|迁居|移居|搬迁|迁(?=到|往|去|回)|落户|把?户口(?:也)?(?:落|迁)(?=到|进|回)|回了?(?:到)?老家|调到|调去|外派到|派驻到?"
    # ("我老公被公司派到武汉了": posted there by the employer)
    r"|(?:(?<=被)|(?<=被公司)|(?<=被单位)|(?<=被集团)|(?<=被领导)|(?<=被老板))派(?=到|去|往)"
    # "我儿子毕业后留在了奥斯汀": stayed on in a town (a city only, not "留在了家里").
    r"|(?<![停保滞])留在了?(?=[\u4e00-\u9fff]{2,6}?(?:工作|发展|生活|定居|上班|[，。！,.!]|$))"
    r"|(?i:moved?)\s*(?=到|去))"
    # ("搬了去努库希瓦岛": written Cantonese puts 了 (咗) before the direction.)
    r"(?:了(?=到|去|回))?(?:到|去|回|至|往|来|进|在)?了?(?:了)?\s*" + _PLACE
)
# An organisation, not a person, as what moved: "我们公司搬到了…", "店里下个月搬到…".
# ("被公司外派到了迪拜": sent by the company, the speaker moved.)
_ORGANISATION_MOVED = re.compile(
    r"(?<!被)(?:公司|单位|店|店里|工厂|厂|门店|办公室|总部|部门|学校|仓库|工作室)(?:也|已经|都|又)?$"
)
# ("婆家在温州", "老家在湖南": the in-laws' home and the hometown are not where the speaker lives.)
_LIVE = re.compile(
    r"(?P<neg>不再|已经不|不是|不|没有|没)?(?:住在|居住在|住|定居在|定居于|定居|生活在|(?<![婆娘老岳])家在)"
    # ("住在 New York": a space before a name in Latin letters.)
    + r"(?:\s(?=[A-Z]))?"
    + _PLACE
)
# Lodgings that are no town: the town is the one named with them.
_LODGING = re.compile(r"(?:宿舍|住校|校舍|寝室)$")
# ("现在租房住…": the 在 of 现在 starts no place.)
_LIVE_AFTER = re.compile(r"(?<![现正存实])在" + _PLACE + r"(?P<verb>住|定居|生活)")
# "年后我就在成都定下来了": settling in a city is living there.
_SETTLED = re.compile(
    # ("在深圳扎根的人很多": those who settled there, not the speaker.)
    r"(?:(?<![现正存实])在|(?<![搬调回])到)(?P<place>[\u4e00-\u9fff]{2,6}?)(?:定下来|安顿下来|扎根|落脚|安家|落了脚|安了家|扎了根)了?(?!的)"
    # "我表哥三月份去成都定居了": gone to settle, told as done.
    r"|(?<![想要会搬调回])去(?P<place6>[\u4e00-\u9fff]{2,6}?)(?:定居|安家|扎根|养老)了"
    # "目前base在广州": where one is based.
    r"|(?i:base)\s*(?:在|于)\s*(?P<place2>[\u4e00-\u9fff]{2,6}?)(?=[，。！？,.!?\s]|$|了)"
    # "我现在 based in 新加坡": said in English, of oneself.
    r"|(?<=我)(?:现在|目前)?\s*(?i:based\s+in)\s*(?P<place5>[\u4e00-\u9fff]{2,6}?)(?=[，。！？,.!?\s]|$|了)"
    # The verb first: "三天前刚落脚昆明", "去年安家杭州了", "最后扎根在了苏州", "一家人扎根深圳十年了".
    r"|(?<![想要准])(?:落脚|扎根|安家|安顿|定居)(?:在|于|到)?了?(?:在)?"
    r"(?P<place3>[\u4e00-\u9fff]{2,6}?)(?=[了啦，。！？,.!?\s]|$|[一二两三四五六七八九十几\d]+年|快|那边|这边)"
    # The city first, as the topic: "现在宁波这边算是安顿下来了", "成都总算定下来了".
    # ("行程总算定下来了": 定下来 is said of plans too, so only settling in counts.)
    r"|(?:^|(?<=[，,]))\s*(?:现在|目前|如今)?(?P<place4>[\u4e00-\u9fff]{2,4}?)(?:这边|那边)?(?:也|就)?"
    r"(?:算是|总算|终于|算)?(?:安顿下来|扎下根来?)了"
    # Never moved away: "我一直在杭州滨江没挪过窝", "一直在苏州，没搬过家".
    r"|(?:一直|始终|从来都|一直都)(?:住)?在(?P<place7>[\u4e00-\u9fff]{2,6}?)[，,]?(?:没挪过窝|没挪窝|没搬过家?|没动过|没离开过)"
    # Where the speaker is now, said in passing: "现在人在深圳南山了哈".
    r"|(?:现在|目前|如今)人(?:已经)?在(?P<place8>[\u4e00-\u9fff]{2,6}?)了(?![^，。！？]{0,4}(?:吗|？|\?))"
)
# Where someone studies or lives names the place a later "住在那边" points back to.
_STAYS_IN = re.compile(
    r"在(?P<place>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:读书|上学|念书|留学|读研|念研|读博|读大学|念大学|上大学|读高中|上高中|生活|买了?房|安家|落户|成家)"
)
# A school named by its town: "考上成都的大学", "在杭州的一所高中读书".
_SCHOOL_IN_TOWN = re.compile(
    r"(?:考上|考进|考到|考入|去|在|读)了?(?P<place>[\u4e00-\u9fff]{2,4}?)的(?:一所)?(?:大学|学校|高中|中学|研究生|职校|技校)"
)
_STUDIES_IN = re.compile(
    # ("我女儿去年九月去杭州读大学了": gone to study there.)
    r"(?:(?<![现正])在|(?:去(?!年)|到)(?=[\u4e00-\u9fffA-Za-z]{2,8}?(?:读书|上学|念书|留学|读研|读博|读大学|上大学)了))(?P<place>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:读书|上学|念书|留学|读研|念研|读博|读大学|念大学|上大学|读高中|上高中)"
    r"(?!的时候|时|那会|那几年)"
)
# "现在住园区那边": a place named with 那边 / 附近 is a part of town unless it is a city.
_AREA_AFTER = re.compile(r"\s*(?:那边|这边|附近|一带)")
_NOT_THERE_ANYMORE = re.compile(r"不(?:再)?在" + _PLACE + r"(?:住|生活|定居|待)?了")
# "我现在不在那儿住" after the home was given up (退租, 卖了, 搬走).
# "深圳那边我早就不住了": the city named first, no longer lived in.
_NO_LONGER_LIVED = re.compile(
    r"(?P<place>[\u4e00-\u9fff]{2,4}?)(?:那边|那里|那儿)?[，,]?\s*我?(?:早就|已经|早都|早)?"
    r"(?:不(?:在那(?:边|儿|里)?)?住了|搬走了|搬出来了|搬离了)"
)
_NOT_LIVING_THERE = re.compile(
    # ("现在不住那儿了": the verb before "there".)
    r"(?:(?<=现在)|(?<=早)|(?<=早就)|(?<=早已)|(?<=已经))不(?:再)?(?P<lived>住在?)?(?(lived)|在)(?P<place>那边|那里|那儿)"
    r"(?(lived)|(?:住|生活))(?=了?[。！，,]|了?$)"
)
_CITY_THERE = re.compile(
    r"(?P<place>[\u4e00-\u9fff]{2,3}?)(?:那边|那里|那儿)?(?:的|那套|那间|的那套)(?:房子|家|公寓)(?:已经|早就)?(?:退租|卖|退|转租|不住)"
)
# "从今往后就是苏州人啦": of that city from now on.
_NOW_FROM = re.compile(
    r"(?:从今往后|从今以后|以后|现在|如今|已经)(?:就|也)?(?:算)?是(?P<place>[\u4e00-\u9fff]{2,4}?)人(?:了|啦|喽|咯)"
)
_ARRIVED_IN = re.compile(
    r"(?<![搬调回迁移])(?:到的|到了|来到了?|落地|抵达了?|到达了?|飞到了?)(?P<place>[\u4e00-\u9fff]{2,4}?)(?=[，。！,.!]|$)"
)
_LEAVE_CITY = re.compile(r"(?:搬离|搬出|离开)了?" + _PLACE)
# "现在在上海工作": the 在 of 现在 / 正在 starts no place.
_AT = r"(?<![现正存实])在"
_WORK = re.compile(
    r"(?P<neg>不再|已经不|不|没有|没)?"
    + _AT
    + _ORG
    # ("在育才中学教了十几年书": the years taught there said inside 教书.)
    # ("在大理开了家民宿工作室": 工作室 is a studio, no verb of work.)
    + r"(?P<verb>工作(?!室)|上班|任职|实习|就职|做|当|担任|教书|教了?(?:[一二两三四五六七八九十几\d]+年多?的?)书"
    r"|任教|执教|打工|上岗|干(?!净|脆|嘛|吗))"
)
_WORKS_ELSEWHERE = re.compile(
    r"不(?:是)?在[\u4e00-\u9fffA-Za-z0-9&]{2,15}?(?:上班|工作|干|任职)[，,]\s*(?:我)?(?:现在|其实|而是)?(?:是)?在"
    r"(?P<org>[\u4e00-\u9fffA-Za-z0-9&]{2,15}?)(?:上班|工作|干|任职)?(?=[。！；!;]|$)"
)
# "其实我不是在北京，我在天津": the city said after the denial is where the speaker is.
# ("我不住岳阳啊，我一直在长沙": a particle may close the denial, and a word of time lead the correction.)
_LIVES_ELSEWHERE = re.compile(
    r"不是?(?:在|住在?)(?P<old>[\u4e00-\u9fff]{2,4}?)(?:啊|呀|哦|呢|的|了)?[，,]\s*我?(?:是|其实|一直|本来就|现在|目前|都)*"
    r"(?:在|住在?)(?P<place>[\u4e00-\u9fff]{2,4}?)(?=[啊呀哦呢的，。！,.!]|$)"
)
# "我之前说住在无锡，其实是常州": the value said after a correction replaces the one said before.
_SAID_BUT_IS = re.compile(
    r"(?:之前|刚才|上次|前面)(?:跟你)?说(?:的)?(?:我)?(?:住在|住|在)[\u4e00-\u9fffA-Za-z]{2,8}?(?P<verb>住|工作|上班)?"
    r"[，,]\s*(?:其实|实际上|应该|正确的)是(?P<value>[\u4e00-\u9fffA-Za-z]{2,8}?)(?=[。！；!;，,]|$)"
)
# ("现在跳到阿里了": 跳到 is a job change after a word of time, not a jump to a page.)
_JOIN = re.compile(
    r"(?:入职|加入|加盟|跳槽(?:到|去)|换工作(?:去了|到了|去)|(?:(?<=现在)|(?<=已经)|(?<=后来)|(?<=刚))(?:跳(?:到|去)|进了|进入)"
    # Got in, said after a word of time or of success: "我儿子去年进了大疆", "上个月顺利进了比亚迪", "终于进了
    # 宁德时代" (not "进了医院" nor "进了决赛", see _NOT_JOINED).
    r"|(?<=[年月周天前])(?:进了|进入了)|(?:(?<=终于)|(?<=顺利)|(?<=成功)|(?<=也))(?:进了|进入了)"
    # Got in on leaving school: "我弟刚毕业进了华为", "她研究生毕业后进入了宁德时代".
    r"|(?:(?<=毕业)|(?<=毕业后)|(?<=毕业就)|(?<=毕业以后))(?:进了|进入了|就进了)"
    # Code-switched: "我老公最近 join 了 Shopee".
    r"|(?i:(?<![A-Za-z])join(?:ed)?(?![A-Za-z]))\s*了?\s*"
    # Headhunted: "被字节挖走了" is read by _HIRED; "挖到了" from the employer's side is not the speaker's.
    # Hired after an exam or an application: "我女儿去年考进了华为", "考入国家电网", "应聘上了字节跳动".
    r"|考进|考入|考上(?!了?(?:编|研|博|大学|高中))|应聘(?:上|进|到))了?(?!的)"
    # (Not "跳槽去了美团当产品经理": the role after the employer is read by _WENT_TO_WORK_AS.)
    + r"(?P<org>(?:(?!当|做|担任)[\u4e00-\u9fffA-Za-z0-9&]){2,15}?)"
    # ("刚入职字节跳动做前端开发": the role right after the employer, no comma between.)
    + r"(?=的?[，。！？,.!?\s]|了|工作|上班|的?$|(?:做|当|担任)"
    + _TITLE_OR_FIELD.replace("title", "title_glued")
    + r"(?=[，。！？,.!?\s]|$))"
)
# Gone to an employer to work as a trade: "跳槽去了一家培训机构当课程顾问", "去年进了美团做骑手",
# "后来到了一家外企做财务". An employer named by its kind ("一家培训机构") names none: the title stands.
_WENT_TO_WORK_AS = re.compile(
    # ("王磊调去京东做采购了": sent to another employer is a change of job too.)
    r"(?P<change>跳槽|跳(?=到|去了)|换工作|转行|改行|调(?=去|到))?(?:去(?!年)|到|进)(?P<past>了)?(?P<unnamed>一家|一个|家|某家|某个)?"
    r"(?P<org>(?:(?!当|做|担任|干)[\u4e00-\u9fffA-Za-z0-9&]){2,15}?)(?:当|做|担任|干)(?:一名|一个|个|一位|名)?"
    + _TITLE_OR_FIELD
    + r"(?=[，。！？；,.!?;\s]|$|了|呢|啦|吧)"
)
# A trade named by its work, given up: "教书那行我不干了", "送外卖这一行早就不做了", "我早就不开出租了".
_TRADES_BY_WORK = {
    "教书": "老师",
    "教课": "老师",
    "送快递": "快递员",
    "送外卖": "外卖骑手",
    "跑外卖": "外卖骑手",
    "开出租车": "出租车司机",
    "开出租": "出租车司机",
    "开的士": "出租车司机",
    "开网约车": "网约车司机",
    "跑网约车": "网约车司机",
    "跑快递": "快递员",
    "跑美团": "外卖骑手",
    "送美团": "外卖骑手",
    "开代驾": "代驾司机",
    "当代驾": "代驾司机",
    "跑货拉拉": "货车司机",
    "跑运输": "货车司机",
    "跑滴滴": "网约车司机",
    "开滴滴": "网约车司机",
    "开货车": "货车司机",
    "开大车": "货车司机",
    "写代码": "程序员",
    "敲代码": "程序员",
    "行医": "医生",
    "带团": "导游",
    "种地": "农民",
    "务农": "农民",
}
# A trade named by a service one may as well get done ("我是做美甲的", "我老婆是做美容的"): told only as what
# someone is (not "我不做美甲了", "去做美甲", the customer's).
_SERVICE_TRADES = {"做美甲": "美甲师", "做美容": "美容师", "做美发": "美发师"}
_WORK_NAMES = "|".join(sorted(_TRADES_BY_WORK, key=len, reverse=True))
_TRADE_GIVEN_UP = re.compile(
    rf"(?:(?P<work>{_WORK_NAMES})|(?:当|做|干)?{_TITLE})(?:那|这)(?:一)?行(?:当|做|干)?\s*我?(?:已经|早就|早|也|彻底)?"
    r"(?:不干了|不做了|干不下去了|退出了|不碰了|放弃了|干够了|做够了|干腻了|受够了)"
    # "我不跑外卖了" (the 了 of a change; not "今天不送外卖了", a day off).
    rf"|(?:(?:已经|早就|早|我)不|不再)(?P<work2>{_WORK_NAMES})了"
)
# A trade named by its work, done now: "不当程序员了，现在开网约车", "我老公这几年跑滴滴", "转行送外卖了",
# "靠开出租养家" (not "今天开滴滴去机场", a ride, nor "开网约车赚钱吗", a question).
_TRADE_NOW = re.compile(
    # ("咱就是个开滴滴的", "我是跑美团的": what the speaker is, told by the work.)
    r"(?:(?:现在|目前|如今|这几年|这两年|平时|转行|改行|改成?|专职|全职|靠|就是?|一直)(?:在)?(?:是)?|(?<=我)是)(?:一)?(?:个)?"
    rf"(?P<work>{_WORK_NAMES})(?:为生|谋生|养家|糊口|过日子)?(?=[，。！？,.!?\s]|$|了|呢|啦|的)"
    rf"|(?<=是)(?P<service>{'|'.join(_SERVICE_TRADES)})(?=的(?:[，。！？,.!?\s]|$))"
)
_DAY_OFF = re.compile(r"今天|今晚|明天|这几天|这两天|这周|本周|周末|暂时|先")
# Hired, said from the employer's side: "我弟上个月被腾讯录用了", "被一家外企聘用了".
_HIRED = re.compile(r"被" + _ORG + r"(?:正式)?(?:录用|聘用|雇用|雇佣|招进去|招走|签下|挖走|挖过去|挖去|聘走)了?")
# Places got into that are no employer: a hospital, a final, a group chat, a room.
_NOT_JOINED = re.compile(
    r"医院|ICU|(?i:icu)|急诊|手术室|监狱|看守所|派出所|局子|决赛|半决赛|复赛|前[一二三四五六七八九十百\d]+|群|房间|屋|门|球|货"
)
# Schools are got into by exam too, and are no employer: "考进了北京大学", "考入复旦", "考进了市一中".
_SCHOOL = re.compile(
    r"(?:大学|学院|[中小]学|高中|初中|学校|附中|附小|幼儿园|研究生|大专|中专|技校|职高|[一二三四五六七八九十\d]+中|班|系|专业|名)$"
    r"|^(?:清华|北大|复旦|浙大|交大|上交|西交|南大|人大|武大|华科|中大|哈工大|同济|厦大|川大|山大|吉大|南开|北航|北理|北师大"
    r"|华师|中科大|港大|港中文|港科大|哈佛|斯坦福|麻省理工|牛津|剑桥|耶鲁|普林斯顿|前[一二三四五六七八九十百\d])"
)
# Working for oneself names the field as the title: "我现在自己接活，做平面设计", "我是自由职业者，做翻译".
_FREELANCE = re.compile(
    r"(?:自己接活|接私活|做自由职业|自由职业者?|单干|自己干)[^。！？；]{0,4}?[，,]?\s*(?:主要)?(?:做|搞|接)"
    r"(?P<field>[\u4e00-\u9fff]{2,6}?)(?=[，。！？；,.!?]|$|的|方面)"
)
# "我三天前去蔚来汽车报到了": reporting for duty at an employer is joining it.
_REPORTED_FOR_DUTY = re.compile(r"(?:去|到)" + _ORG + r"(?:报到|报道|入职)")
_QUIT = re.compile(
    # ("辞职了，上个月底从网易走的": gone from it, after the quitting is told.)
    r"(?:从"
    + _ORG
    + r"(?:离职|辞职|退休|出来了|(?P<went>走的|走了))|(?:离开|辞掉)了?"
    + r"(?P<org2>[\u4e00-\u9fffA-Za-z0-9&]{2,15}?)"
    r"(?=[，。！？,.!?\s]|的工作|了|$))"
)
_TITLE_IS = re.compile(
    r"(?:我|本人)(?:现在|目前)?是(?:一名|一个|个|一位|名)?" + _TITLE + r"(?=[，。！？,.!?\s]|$|了|在|，)"
    # ("title是frontend engineer": the post named in English, words and all.)
    r"|(?:职位|岗位|职务|头衔|(?i:job\s?title|title|position))\s*(?:帮我|给我)?(?:是|为|改成|变成|换成|改为)了?\s*"
    r"(?P<title2>[A-Za-z][A-Za-z \-]{0,30}[A-Za-z](?=\s*(?:[，。！？；,.!?;]|了|$))|[\u4e00-\u9fffA-Za-z]{2,12}?)"
    r"(?=[，。！？；,.!?;\s]|了|$)"
    r"|(?:(?:升职|晋升|提拔|提升|升)(?:为|成|到|当|做)|升任|当上)了?(?P<title3>[\u4e00-\u9fffA-Za-z]{2,12}?)(?=[，。！？,.!?\s]|了|$)"
    # "现在转行做HR了": a change of trade.
    r"|(?:转行|改行)(?:做|当|干)了?(?P<title6>[\u4e00-\u9fffA-Za-z]{0,6}?(?:"
    + _JOB_SUFFIX
    + "|"
    + _WORK_FIELDS
    + r"))(?=[，。！？,.!?\s]|$|了)"
    # "我叫周明轩，是个药剂师": a trade said with its measure word, in the next phrase.
    r"|(?:^|(?<=[，,]))\s*(?:也)?是(?:一名|一个|个|一位|名)(?P<title7>[\u4e00-\u9fffA-Za-z]{0,6}?(?:"
    + _JOB_SUFFIX
    + r"))(?=[，。！？,.!?\s]|$|了)"
    # "我是做产品的，产品经理": the trade, then its title in apposition.
    r"|(?:我|本人)(?:现在|目前|其实)?是(?:做|干|搞)[\u4e00-\u9fffA-Za-z]{1,6}?的[，,]\s*(?:具体是|就是|是|职位是)?(?:一名|一个|个)?"
    r"(?![不没非])(?P<title13>[\u4e00-\u9fffA-Za-z]{0,4}?(?:" + _JOB_SUFFIX + r"))(?=[，。！？,.!?\s]|$|呢|啦)"
    # "担任客户经理一职", "现任项目经理": the post held; "我负责运营": the trade one is in charge of.
    r"|(?:^|(?<=[，,])|(?<=我|人|职|已|也|并|现|还|今))\s*(?:现在|目前|正式)?(?:担任|出任|现任)了?(?P<title11>[\u4e00-\u9fffA-Za-z]{0,6}?(?:"
    + _JOB_SUFFIX
    + r"))(?:一职|职务|岗位)?(?=[，。！？,.!?\s]|$|了|一职)"
    # "我现在在做会计", "…上班，在当客服": the trade one is doing now.
    r"|(?:(?:我|本人)|(?:^|(?<=[，,])))\s*(?:现在|目前|这几年|这两年)?(?:在|正在)(?:做|当|干)(?:一名|一个|个)?(?P<title14>[\u4e00-\u9fffA-Za-z]{0,4}?(?:"
    + _JOB_SUFFIX
    + r"))(?=[，。！？,.!?\s]|$|呢|啦)"
    r"|(?:我|本人)(?:在(?:这边|这里|公司|单位|部门里?))?(?:现在|目前|主要|平时)?(?:负责|主管)(?P<title12>[\u4e00-\u9fff]{0,4}?(?:"
    + _JOB_SUFFIX
    + r"))"
    r"(?:工作|这块|这一块|方面)?(?=[，。！？,.!?\s]|$)"
    # "我是做质检的": the one who does a trade.
    # ("我一直用深色模式，干夜班保安的": a phrase of its own, after a comma.)
    # ("我自己是做…的": 自己 only stresses who)
    r"|(?:(?:我|本人)(?:现在|目前|其实|自己)?是|(?:^|(?<=[，,]))\s*(?:我)?(?:现在|目前)?(?=做|干|搞))(?:做|干|搞)(?P<title8>[\u4e00-\u9fffA-Za-z]{0,6}?(?:"
    + _JOB_SUFFIX
    + "|"
    + _WORK_FIELDS
    + "|"
    + _TRADE_FIELDS
    + r"))的(?=[，。！？,.!?\s]|$|呢|啦|啊)"
    # Running one's own business: "开了家灯具店，自己当老板", "我自己做老板", "现在自己当店主了".
    r"|(?:自己|我自己)(?:就)?(?:当|做|干)(?:了|上了)?(?:个|一个)?(?P<title9>老板娘|老板|店主|掌柜|小老板)(?=[，。！？,.!?\s]|$|了|啦)"
    # "…开了家咖啡馆，当老板": the same, said right after the business opened (checked in _title_facts).
    # ("自己开了个奶茶店当老板": or with no comma, right after the business's noun)
    r"|(?:(?<=[，,])|(?<=[店馆铺室司厅]))\s*(?:当|做)(?:了|上了)?(?P<title10>老板娘|老板|店主|掌柜)(?=[，。！？,.!?\s]|$|了|啦)"
    # "三月升了区域经理": 升了 alone rises in many things (价格升了), so only a trade follows it.
    r"|(?:升了|升上了?)(?P<title5>[\u4e00-\u9fffA-Za-z]{0,6}?(?:" + _JOB_SUFFIX + r"))(?=[，。！？,.!?\s]|$|了)"
    # A phrase of its own after a change: "昨天刚升职，现在是区域销售经理了".
    r"|(?:^|(?<=[，,]))\s*(?:现在|目前)(?:已经)?(?:是|做|当|担任)(?:一名|一个|个|一位|名)?(?P<title4>[\u4e00-\u9fffA-Za-z]{0,6}?(?:"
    + _JOB_SUFFIX
    + r"))(?=[，。！？,.!?\s]|$|了)"
    # A trade said in a phrase of its own with 做 / 当, in English too: "…，做 data analyst", "她做HR，我…"
    # (only a trade: "做饭", "做作业" name none).
    r"|(?:^|(?<=[，,])|(?<=[，,][我他她])|(?<=^[我他她]))\s*(?:现在|目前|主要)?(?:做|当)(?!过)(?:一名|一个|个)?\s*(?P<title15>"
    + _EN_TITLE
    + r"|[\u4e00-\u9fffA-Za-z]{0,4}?(?:"
    + _JOB_SUFFIX
    + r"))(?=[，。！？,.!?]|$)"
    # "周婷升主管了": a rise to a post said with 升 alone, the post a trade and the change closed by 了.
    r"|(?<![上提回飞])升(?P<title16>[\u4e00-\u9fff]{0,4}?(?:" + _JOB_SUFFIX + r"))了"
)
# A move the turn names: its date carries to the new home said in another phrase ("两周前搬家了，现在住珠海").
_MOVE_TOLD = re.compile(
    r"(?i:(?<![A-Za-z])move[ds]?\s*in(?![A-Za-z])|(?<![A-Za-z])moved(?![A-Za-z]))|搬家|搬的家|搬(?:完|好)家?|搬到|搬去|搬来|搬过来|搬回|回老家|回到老家|迁居|移居|移民|落户|交的房|拿的钥匙|拿到钥匙|钥匙[^，。]{0,4}到手|交房|住进|搬进|入住|调到|调去|外派到"
)
# An arrival followed by staying on "here" is a move too: "昨天到的加德满都，接下来半年都住这边",
# "上周刚到的温哥华，以后就在这儿生活了"; a stay of days, a trip or a plan is not ("住两天就走", "出差住这边").
_STAYS_HERE = re.compile(
    # ("以后就在这边常住了": to live here for good.)
    r"(?:住|待|呆|生活|定居)(?:在)?(?:这边|这里|这儿)(?!的酒店|的宾馆)"
    r"|在(?:这边|这里|这儿)(?:常住|长住|久住|住下|生活|定居|安家|扎根|安顿)"
)
_NOT_A_STAY = re.compile(
    r"[一两三四五六七八九十几\d]+(?:天|晚|夜|周|个?星期|个?礼拜)|出差|旅游|旅行|度假|玩|转机|开会|参会|培训|酒店|宾馆|民宿"
    r"|打算|准备|计划|想|可能|也许|考虑"
)
_NOW_AT = re.compile(
    r"(?:^|(?<=[，,]))\s*(?:现在|目前)(?:人)?在(?P<org>(?:(?!做|当|干|上班|工作|住)[\u4e00-\u9fffA-Za-z0-9&]){2,10}?)"
    r"(?=[，。！,.!]|$)"
)
# A job change the turn names: its date carries to the title said in another phrase.
_JOB_CHANGE = re.compile(
    r"升职|晋升|提拔|升任|入职|报到|跳槽|转岗|调岗|换了?(?:工作|岗位)|(?:工作|岗位)(?:也)?换了|换的(?:工作|岗位)|新工作|加入"
    # The change told after the title, as when it happened: "我现在是店长啦，上周一刚升的", "三月份提上来的",
    # "上个月转的正".
    r"|(?:刚|才|就)?(?:升|提|调|转正|上任|提上来|升上来|升上去|转的正)的(?=[，。！？,.!?\s啦呀哦]|$)"
    # An offer taken: "美团那边上个月发了offer我就过去了".
    r"|(?i:offer)[，,]?\s*我?(?:就|也|直接)?(?:过去了|去了|入职了|接了)"
)
# "我太太是一名律师": a relative's job.
_RELATIVE_TITLE = re.compile(
    rf"我(?:的)?(?P<rel>{_REL})(?:现在|目前|也)?是(?:一名|一个|个|一位|名)?" + _TITLE + r"(?=[，。！？,.!?\s]|$|了|在)"
)
# "我们微信群的管理员", "家长群群主": a role in a group or a household, not a job.
_NOT_A_JOB = re.compile(r"的|群|我们|小区|家长|业主|班级|家里")
# A state said with its start: "上周开始…", "三月起…", "从去年开始…".
_STARTED = re.compile(r"开始|(?<![一早])起(?!来|床|码)|以来")
_ROLE_AT = re.compile(
    _AT
    + _ORG
    # ("在复旦做过博后": a job once held, not the one now.)
    + r"(?:做|当|担任|干|搞)(?!过)"
    # ("在字节跳动干了三年运营": the years spent are no part of the title.)
    + r"(?P<spent>了?[一二两三四五六七八九十几\d]+年(?:多|半)?(?:的)?)?(?:一名|一个|个|一位|名)?"
    + _TITLE_OR_FIELD
    # ("我老公在盒马当店员都知道这事": what follows the title may start with 都 / 也.)
    + r"(?=[，。！？；,.!?;\s]|$|了|呢|啦|吧|啊|工作|的工作|已经|快|有|多|都|也|，|[一二两三四五六七八九十几\d]+年"
    # ("在厦门航空当机务好多年了": the years spent said vaguely.)
    r"|好[多几]年|很多年|这么多年|这些年)"
)
# "王磊现在是京东的采购总监", "我是公司的IT管理员": a title held at an organisation.
_ROLE_OF = re.compile(r"是" + _ORG + r"的" + _TITLE + r"(?=[，。！？,.!?\s]|$|了)")
_SHOP = re.compile(r"(?:的)?(?:一家|某家|这家)?(?:店|分店|门店|专卖店)$")


def _chain_of_shop(org: str) -> str | None:
    """The chain of "蜜雪冰城郑州一家店" (a chain, a city it is in, one of its shops), else None."""
    shop = _SHOP.search(org)
    if shop is None:
        return None
    head = org[: shop.start()]
    for size in (2, 3):
        if len(head) > size + 1 and head[-size:] in _KNOWN_CITIES:
            return head[:-size]
    return None


_ACCOUNT_ROLES = frozenset(["管理员", "客服", "成员", "会员"])
# Rights on an account, granted or taken: a title said beside them is said as a claim of authority.
_RIGHTS = re.compile(r"权限|只读|只能看|只能查看|管理员身份|后台")
_WORKSPACE = re.compile(r"工作区|群|账号|账户|帐号|后台|权限|空间|频道|项目|团队|只读|设成|设置成")
# Words for "my employer" that name none.
_UNNAMED_EMPLOYERS = frozenset(["公司", "单位", "我们公司", "我们单位", "学校", "医院", "集团", "总部", "本公司"])
# Kinds of employer, not one: "从国企退休了", "在外企上班", "在派出所当民警".
_KINDS_OF_EMPLOYER = frozenset(
    [
        "国企",
        "央企",
        "外企",
        "私企",
        "民企",
        "事业单位",
        "机关",
        "政府",
        "工厂",
        "厂里",
        "派出所",
        "银行",
        "超市",
        "饭店",
        # Places of work that name no employer: "在工地当瓦工", "在码头上班".
        "工地",
        "码头",
        "农场",
        "矿上",
        "车间",
        # "在变电站做运维", "在营业厅当柜员": a site of the employer, not the employer.
        "变电站",
        "电站",
        "电厂",
        "加油站",
        "收费站",
        "营业厅",
        "仓库",
        "食堂",
        "门诊",
    ]
)
# The role in the next phrase of the same sentence: "我在阿里巴巴上班，做数据分析师".
_ROLE_NEXT = re.compile(
    r"[，,]\s*(?:现在|目前|主要)?(?:是|做|当|担任|干的是|做的是|干的|干)(?!过)(?:一名|一个|个|一位|名)?"
    # ("，是流水线上的组长", "，当车间里的班长": the spot at work is not part of the title.)
    r"(?:[\u4e00-\u9fff]{1,4}[上里]的)?" + _TITLE_OR_FIELD + r"(?=[，。！？,.!?\s]|$)"
    # "入职比亚迪了，电池研发岗": a post named by 岗 after the employer is the title.
    r"|[，,]\s*(?P<post>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:岗位?)(?=[，。！？,.!?\s]|$)"
)
# "…进了华为，做硬件的", "入职了平安，干保险的": the trade said as "做…的" after the employer.
_TRADE_NEXT = re.compile(r"[，,]\s*(?:是)?(?:做|干|搞)(?P<trade>" + _TRADE_FIELDS + r")的(?=[，。！？,.!?\s]|$)")
_COMMA = re.compile(r"[，,]")
_SCHOOL_SUBJECTS = (
    r"语文|数学|英语|物理|化学|生物|历史|地理|政治|音乐|美术|体育|科学|信息技术|计算机|编程|钢琴|舞蹈|书法|日语|法语"
)
_ROLE_AT_PLACE = re.compile(
    r"我(?:现在|目前)?在(?:[\u4e00-\u9fff]{0,8}?)(?:一所|一家|这所)?(?:小学|初中|高中|中学|大学|学院|学校|培训机构|培训班|幼儿园)"
    rf"(?:里)?(?:教|当)(?P<subj>{_SCHOOL_SUBJECTS})(?:老师)?(?=[，。！？,.!?\s]|$|的)"
    r"|我(?:现在|目前)?在(?:公司|单位|厂里|店里|医院|学校)(?:里)?(?:是|当|做|担任)(?:一名|一个|个|一位|名)?"
    + _TITLE
    + r"(?=[，。！？,.!?\s]|$)"
)
# "去年辞了中学老师的工作": the title of the job given up ends.
_QUIT_TITLE = re.compile(
    r"(?:辞了|辞掉了?|辞去了?|不干了?|离开了)(?:我的|那份)?"
    + _TITLE
    + r"的(?:工作|活|活儿|职位|岗位|差事)"
    # "我不当会计了": a trade given up.
    + r"|不(?:当|做|干)(?P<title_given_up>[\u4e00-\u9fffA-Za-z]{0,6}?(?:"
    + _JOB_SUFFIX
    + r"))了"
)
# "我之前在格力，去年离职了": where the speaker was, left in the next phrase.
_QUIT_BEFORE = re.compile(
    # ("之前在富士康干了五年，早不干了": the years spent there said before the leaving.)
    r"(?:之前|原来|以前)在(?P<org>[\u4e00-\u9fffA-Za-z0-9&]{2,10}?)"
    r"(?:上班|工作|(?:干|工作|上班|待|呆)了[一二两三四五六七八九十几\d]+年(?:多|半)?)?[，,]\s*"
    r"(?:[^，。！？]{0,6}?)(?:离职|辞职|不干|辞掉|辞|走)了"
    # "在腾讯干了八年，昨天办完离职手续": the years spent there, then the leaving ("办完离职手续", "正式离职了").
    r"|在(?P<org_spent>[\u4e00-\u9fffA-Za-z0-9&]{2,10}?)(?:干|工作|上班|待|呆)了[一二两三四五六七八九十几\d]+年(?:多|半)?[，,]\s*"
    r"(?P<between>[^，。！？]{0,8}?)(?:离职|辞职|辞掉工作|(?:正式)?走人)(?:手续)?了?"
    # ("在顺丰干了五年，上个月辞了", "…，年初不干了": the leaving said by a bare verb)
    r"|在(?P<org_left>[\u4e00-\u9fffA-Za-z0-9&]{2,10}?)(?:干|工作|上班|待|呆)了[一二两三四五六七八九十几\d]+年(?:多|半)?[，,]\s*"
    r"(?P<between_left>[^，。！？]{0,8}?)(?:辞了|辞掉了|不干了|走了)(?=[，。！？,.!?\s]|$)"
)
# "从顺丰离职了，干了八年快递员": the years spent as a title, in a turn that tells the job was left (checked below).
_YEARS_AS_TITLE = re.compile(
    r"(?<![没不])(?:干|做|当)了(?:整整)?[一二两三四五六七八九十几\d]+年(?:多|半)?(?:的)?"
    + _TITLE
    + r"(?=[，。！？,.!?\s]|$|了)"
)
# "美团那边我已经辞职了": the employer named first, the quitting after.
_QUIT_THERE = re.compile(
    r"(?:^|(?<=[，,。]))\s*(?P<org>[\u4e00-\u9fffA-Za-z0-9&]{2,10}?)(?:那边|那儿|那里|的工作|那份工作?|的活)[，,]?\s*我?"
    r"(?:已经|早就|刚|上个月|上周|去年|前天|昨天|年初|月初)*(?:就)?(?:辞职|离职|不干|辞掉|辞|退)了"
    # ("辞职了，京东那边上个月底走完的流程": the leaving's paperwork done there, after the quitting is told)
    r"|(?:^|(?<=[，,。]))\s*(?<![不没])(?P<org_done>[\u4e00-\u9fffA-Za-z0-9&]{2,10}?)(?:那边|那儿|那里)[^，。！？没不]{0,6}?"
    r"(?:走完|办完)了?的?(?:离职|辞职)?(?:流程|手续)(?=[了，。！？,.!?\s]|$)"
)
_EMPLOYER_NAMED = re.compile(
    r"在(?:[\u4e00-\u9fff]{2,8}?)?一家(?:叫|名叫|名为)(?P<org>[\u4e00-\u9fffA-Za-z0-9&]{2,15}?)的(?:公司|企业|单位|机构|店|工厂)"
    r"(?:上班|工作|任职|实习|当|做|担任)"
    # "我在…一家外企做财务，公司叫博世": the employer's name said after.
    r"|(?<=[，,])\s*(?:我们|我的)?(?:公司|单位|东家|老板的公司)(?:的)?(?:名字)?(?:叫|是)\s*(?P<org3>[\u4e00-\u9fffA-Za-z0-9&]{2,15}?)(?=[，。！？,.!?\s]|$)"
    # "在一家做宠物食品的小公司上班，叫毛孩子科技": the company just told of, then its name.
    # ("…一家物流公司开叉车，公司叫安达通", "去了一家做跨境电商的小公司，叫…": the work or the going said instead.)
    r"|(?:公司|单位|企业|工厂|厂|店|工作室|机构|外企|国企|私企|民企|央企)(?:里)?"
    r"(?P<did>上班|工作|任职|实习|打工|(?:做|当|干|开|跑)[\u4e00-\u9fff]{1,5})?[，,]\s*"
    # ("…一家奶茶店当店长，店叫蜜雪冰城", "店名叫…": the shop just told of, named.)
    r"(?:(?:公司|单位|它|店|店铺|门店)的?)?(?:名字|名)?叫(?:做)?"
    r"(?P<org4>[\u4e00-\u9fffA-Za-z0-9&]{2,15}?)(?=[，。！？,.!?\s]|$)"
    r"|(?<=[，,])\s*(?:现在|目前)?在(?P<org2>[\u4e00-\u9fffA-Za-z0-9&]{2,15}?(?:公司|集团|银行|医院|学校|大学|事务所|研究所"
    r"|研究院|工作室|科技|律所|小学|中学|高中|初中|幼儿园|学院|卫生院|诊所|酒店|工厂|厂))(?=[。！；，,]|$)"
)
# An offer from an employer, taken: "美团那边上个月发了offer我就过去了", "字节给我发了offer，我就去了".
_OFFER_TAKEN = re.compile(
    r"(?:^|(?<=[，,。！]))\s*(?P<org>[\u4e00-\u9fffA-Za-z0-9&]{2,10}?)(?:那边|那儿)?[^，。！？]{0,6}?(?:发了|给了|给我发了|发来了?)"
    r"(?:个|一个)?\s*(?i:offer)[，,]?\s*我?(?:就|也|直接)?(?:过去了|去了|入职了|接了)"
)
# A start already scheduled ("下周一开始在字节跳动上班", "下个月入职腾讯"): holds from that day.
_START = re.compile(
    r"开始(?:在" + _ORG + r"(?:工作|上班|任职|实习)|去(?P<org2>[\u4e00-\u9fffA-Za-z0-9&]{2,15}?)(?:工作|上班|实习))"
    r"|(?:入职|加入)(?!的)(?P<org3>[\u4e00-\u9fffA-Za-z0-9&]{2,15}?)(?=的?[，。！？,.!?\s]|的?$)"
    # ("我先生下个月去Intel入职": the first day at the employer, told as going to join it; a bare "下周一去京东报到"
    # without an offer or a job left was labelled no fact in heldout4, and is read only by _joined_facts)
    r"|(?<![回出过])去(?P<org4>[\u4e00-\u9fffA-Za-z0-9&]{2,15}?)入职"
)

_ACQUIRE = re.compile(
    r"(?P<neg>没有|没|不)?(?:买了|新买了?|刚买了|入手了?|购买了|换了|换成了?|用上了|拿到了|有|用的(?:还|仍然|依然|仍)?是|新买的是|买的是|玩的是|(?<=我)用的|(?<=^)用的|(?<=[，,])用的"
    # ("我妈用的华为nova 12", "儿子用的iPad mini": what a relative uses.)
    r"|(?<=[妈爸哥姐弟妹公婆子儿])用的"
    # A watch or a band is worn: "我女儿戴的是小天才电话手表Z9".
    r"|戴的是"
    # ("现在只用iPhone 15": only that one now.)
    # ("现在玩Steam Deck", "凑合戴着小米手环8": played on or worn now.)
    r"|(?:现在|目前|平时|平常|一直|日常)(?:只|就|也|还|都|主要)?(?:在)?(?:用|玩|戴)|在用|用着|(?:凑合|将就)?(?:戴着|玩着)"
    # A present received: "儿子昨天收到一台任天堂Switch当生日礼物".
    r"|收到了?(?=[^，。！？]{0,16}?礼物)"
    # Received or taken in, counted by its measure word: "圣诞节收了台文石Leaf3", "刚收了部二手iPhone 13".
    # ("上个月入了台华为Mate 70": bought in, said the same way.)
    r"|(?<![没不])(?<![加输进收])[收入]了(?=[一两]?[台部个只块](?:二手的?|新的?)?[\u4e00-\u9fffA-Za-z])"
    # ("我现在主力是iPad Pro": the main one, its kind unsaid)
    r"|主力(?:机|设备|电脑)?是|(?:新)?添了|改用|换用|平时拿|拿着?|开始用|新入手"
    # ("刚入了AirPods Pro 2": bought in just now, no measure word.)
    r"|(?<=[刚新才])入了"
    # Changed over to: "刚switch到iPhone 16了", "转到华为阵营，用Mate 70", "换到了Pixel 9".
    r"|(?i:switch)\s?(?:到|成)了?|换到了?|转到了?|转投了?|投奔了?"
    # "手上就一台iPhone 15": what the speaker has at hand
    # ("卖了旧的，现在就一台MacBook Air": the only one left now.)
    r"|(?:手上|手里|身边|家里|现在|目前)(?:就|只有|只|也就|就只有|只剩|就剩|就剩下)(?=[一两]?[台部个])"
    # The kind of device first: "我爸的手机是OPPO Reno 11", "路由器也换成了TP-Link".
    r"|(?P<kind>"
    + _NOUNS
    # ("扫地机器人用的石头G20": the one in use, named after the kind.)
    + r")(?:(?:也|现在|目前|都|用的)?(?:是|换成了?|换了)|用的))\s*"
    + _MEASURE
    + r"(?:新的?|台|部|我的|备用机|备用的|用了[一二两三四五六七八九十几\d]+年的)?"
    + _DEVICE
    # "家里那台戴森吸尘器是我的": the device said to be the speaker's.
    + r"|(?:那台|这台|那部|这部)"
    + _DEVICE.replace("device", "device_mine")
    + r"\s*是我的(?![^，。！？]{0,3}吗)"
    # "换了台Osmo Pocket 3", "新买了部Nothing Phone 2": a product named in Latin after its measure word.
    + r"|(?:(?<![不没])(?:买了|换了|入手了|新买了|购入了|添了|入了))\s*一?[台部]\s*"
    r"(?P<device_counted>[A-Z][A-Za-z]+(?:\s?(?:[A-Z][A-Za-z]*|\d+[A-Za-z]*)){1,3})(?![A-Za-z0-9])"
    # "我手上两台手机：vivo X100，…": the devices listed after a count of them.
     + r"|(?:(?:[两三几]|一)[台部个](?:手机|电脑|平板|笔记本)[：:]"
    # "设备：MacBook Pro、Kindle", "我的设备有 iPad 和 Kindle": a profile's list of devices.
    r"|(?:(?<=^)|(?<=[。！？，,；;]))\s*(?:我的|我|家里的?|手头的?|在用的|常用的?|目前的?|现在的?|个人)?"
    r"(?:设备|电子设备|数码设备|数码产品|电子产品|装备)(?:有|是|包括|清单)?[：:]?)\s*"
    + _DEVICE.replace("device", "device_listed")
    # "现在这台ThinkPad有点卡": the device at hand, said as one's own.
    + r"|(?:现在|目前|手上|手里|我)(?:的)?这[台部个只](?:是|用的是)?\s*"
    + _DEVICE.replace("device", "device_held")
)
_MORE_DEVICES = re.compile(r"[，,]?\s*(?:和|、|还有|以及|跟|外加)\s*" + _MEASURE + r"(?:新的?|备用的)?" + _DEVICE)
_BOUGHT_ONE = re.compile(
    # ("买的小米手环7": a product word between the maker and the number, as in _DEVICE.)
    rf"(?:买|购买|入手|新买|新入)的\s*(?:那[台部个])?(?P<device>(?:(?:{_BRANDS_ZH}){_SERIES}(?:{_BRANDS_EN})?{_MODEL}(?:{_NOUNS})?"
    rf"|(?:{_BRANDS_EN}){_MODEL}|(?:{_NOUNS})(?!号)))"
)
_NEW_PHONE = re.compile(
    r"换了?"
    + _MEASURE
    + r"新(?P<noun>手机|电脑|笔记本电脑|笔记本|平板)(?!号)(?:，|,|\s)?(?P<model>"
    + rf"(?:(?:{_BRANDS_ZH})(?:{_BRANDS_EN})?|{_BRANDS_EN}){_MODEL})?"
)
# A device's end, said of the device: sold or handed on to someone ("卖给同事了", "转手给一个网友了"), sold
# second-hand ("闲鱼上出掉了"), or retired after its years of service ("退役了", "寿终正寝了", "光荣下岗了").
_GIVEN_AWAY = (
    r"(?:卖给|转卖给|转手给|出给|送给|转给|让给)了?[\u4e00-\u9fff]{1,6}?(?:用)?了"
    r"|(?:在|挂)?闲鱼(?:上)?(?:卖了|卖掉了|出了|出掉了)|二手(?:卖了|卖掉了|出了|出掉了)"
    # Put up for sale second-hand: "旧的iPhone 12挂闲鱼了", "挂到转转上卖了".
    r"|挂(?:到|在)?(?:闲鱼|咸鱼|转转|二手群|二手平台)(?:上)?(?:卖|出)?了"
)
_RETIRED = r"(?:光荣)?(?:退役|下岗|退休)了|报废了|寿终正寝了"
# Handed on to a relative, who has it now: "送给我妈了", "给我爸用了", "让给表妹了" (not lent: "借给表弟了").
# ("送人了，给了我表弟": the 了 after 给 tells the hand-over done, no 了 needed after the relative.)
_HANDED_TO_RELATIVE = re.compile(
    # ("旧的iPad给我女儿上网课用了": what for, said before 用.)
    rf"(?:送给|让给|转给|卖给|(?<![借买钱])给)(?P<done>了)?我?(?P<rel>{_REL})"
    # ("旧的Apple Watch给我儿子戴了": a watch is worn, a console played)
    r"(?:(?:[\u4e00-\u9fff]{0,4}?(?:用|戴|玩))?了|(?(done)(?=[，,。！!]|$)|(?!)))"
)
# Worn or played no more, or lost for good: "Apple Watch去年三月就不戴了", "Switch早就不玩了", "Kindle掉海里了",
# "AirPods落在出租车上了", "iPad被偷了" (not "摔坏了", which is mended).
_GIVEN_UP_OR_LOST = (
    r"不(?:再)?(?:戴|玩|开|碰|带)了|没再(?:用|戴|玩|开)(?:过)?了|用不上了|彻底没了"
    r"|掉(?:进|到|在)?[\u4e00-\u9fff]{1,3}?里(?:去)?了|(?:弄|搞|给)?丢了|被(?:人)?(?:偷|抢|顺)(?:走)?了"
    r"|落在[\u4e00-\u9fff]{1,6}?(?:上|里)了"
)
_DISPOSE = re.compile(
    r"不(?:再)?用(?:我的|那[台部个])?" + _DEVICE + r"了"
    # ("把用了五年的华为Mate 30出掉了": the years it served said before it.)
    r"|(?:把(?:用了[一二两三四五六七八九十几\d]+年(?:多)?的)?(?:我的|那[台部个]|旧的?|老款的?|老的)?"
    # ("把旧手机OPPO Reno11卖了": the kind said before the model)
    r"(?:(?:旧|老)?(?:手机|平板|手表|手环|电脑|笔记本)\s*(?=[A-Za-z\u4e00-\u9fff]))?|(?:我的|那[台部个]|旧的?))"
    + _DEVICE.replace("device", "device2")
    # ("把旧的华为MatePad给我儿子了": handed on to a relative, who has it now.)
    + r"\s*(?:卖了|卖掉了|出掉了|出手了|送人了|送给\S{1,4}了|丢了|退了|退掉了|退回去了|扔了|换掉了|处理掉了|坏了不用了"
    + rf"|(?<![借])给了?我?(?:{_REL})(?:用|戴|玩)?了|"
    + _GIVEN_AWAY
    + ")"
    r"|(?:卖了|卖掉了|卖掉|丢了|退了|扔了)(?:我的|旧的?)?"
    + _DEVICE.replace("device", "device3")
    # The device named first, what became of it after: "那台OPPO Find X5我已经不用了", "旧的华为P40不用了".
    + r"|(?:(?:之前|原来|以前)的?)?"
    + r"(?:我的|(?:家里)?[这那][台部个只](?:老的?\s*)?|旧的?|老的|[旧老]款的?|之前的?|原来的?|以前的?|家里的"
    # ("我老婆的荣耀手表上周弄丢了": a relative's, said with whose it is.)
    + rf"|我的?(?P<owner_rel>{_REL})的"
    # "三月份买的Kindle落在高铁上了": the one bought (the time is the purchase's, not the loss's).
    r"|(?P<bought>(?:刚|新|才)?(?:买|入手|购买|新买)的))"
    + _DEVICE.replace("device", "device4")
    + r"\s*(?:我)?\s*(?:已经|早就|早已|刚|都|现在|终于|就|也)?\s*"
    + rf"(?:{_GIVEN_AWAY}|{_RETIRED}|{_GIVEN_UP_OR_LOST}|"
    r"不用了|不再用了|没在用了|闲置了|淘汰了|卖了|卖掉了|出掉了|出手了|送人了|送给\S{1,4}了"
    r"|丢了|退了|扔了|转手了|(?:转手|转|送|让)给\S{1,4}?(?:用)?了|给\S{1,8}?用了"
    # put away: "旧的红米扔柜子里不用了"
    r"|(?:扔|放|搁|丢|收)(?:在|进)?[\u4e00-\u9fff]{1,4}?(?:里|上)(?:吃灰|不用|闲置)?了)"
    # A phrase that starts with the device, bare: "一加12已经出掉了，现在只用iPhone 15".
    + r"|(?:^|(?<=[，,。]))\s*"
    + _DEVICE.replace("device", "device7")
    + r"\s*(?:我)?\s*(?:已经|早就|早已|刚|都|终于|也|上周|前几天)?\s*"
    # ("Apple Watch丢了，找不回来了", "iPhone 13被偷了": lost for good, the device said first.)
    + rf"(?:{_GIVEN_AWAY}|{_RETIRED}|{_GIVEN_UP_OR_LOST}|"
    r"不用了|不再用了|闲置了|卖了|卖掉了|出掉了|出手了|送人了|转手了|淘汰了)(?=[，。！？,.!?]|$)"
    # A phrase of its own, the device first: "…，华为P30给我爸了" (handed on to a relative).
    # ("之前那块小米手环8已经送给我表妹了": the one meant, said before it)
    + r"|(?:^|(?<=[，,]))\s*(?:(?:之前|原来|以前)的?)?(?:那[台部个块只]|旧的?)?"
    + _DEVICE.replace("device", "device5")
    # ("小米13淘汰下来给我妈了": retired from use, then handed on.)
    + r"\s*(?:我)?(?:已经|早就|早已|刚)?(?:(?:淘汰|换|替换|退役|退)下来(?:以后|后|就)?)?"
    + r"(?:送给|让给|转给|给)了?(?:我|了)?(?:"
    + _REL
    + r")(?:用)?了(?=[，。！？,.!?]|$)"
    # Taken over from the speaker by someone else: "老爸接手了我那台iPhone 12", "我妈接过了我的旧iPad".
    + r"|(?:接手|接过|接管|继承|捡)了?我(?:的|那[台部个])?(?:旧的?|淘汰的|换下来的)?\s*"
    + _DEVICE.replace("device", "device8")
)
# Who took the speaker's device over, and has it now (see _DISPOSE).
_TAKEN_OVER_BY_RELATIVE = re.compile(rf"(?P<rel>{_REL})(?:已经|刚|就)?(?:接手|接过|接管|继承|捡)了?我(?:的|那[台部个])")
# The device the turn starts with, given up in a later phrase: "iPad 上周摔坏了，已经扔了".
# ("用了五年的ThinkPad T480，上个月终于退役了": the years it served said first.)
# ("我儿子的Switch上礼拜摔坏了，已经开不了机", "我的大疆Air 3撞树上了，彻底报废": a relative's, and broken past use)
_DISPOSED_LATER = re.compile(
    r"^\s*(?:我的|我那[台部个]|(?:家里|我家)?(?:的|那[台部个只])|(?:用了|戴了|陪了我|跟了我)[一二两三四五六七八九十几\d]+年多?的"
    + rf"|我(?P<owner_rel>{_REL})的)?"
    + _DEVICE.replace("device", "device6")
    + r"[^，,。！？]{0,12}?[，,]\s*"
    # ("iPad Pro摔了，屏幕全碎，直接开不了机了": the damage told in a phrase between.)
    + r"(?:(?:屏幕|屏|外壳|机身|主板)[^，,。！？]{0,4}?(?:碎|裂|烂|坏|花)[^，,。！？]{0,2}[，,]\s*)?"
    + r"(?:我)?\s*(?:已经|早就|早已|后来|就|终于|也|直接)?\s*"
    + rf"(?:扔了|卖了|卖掉了|送人了|淘汰了|退掉了|处理掉了|{_GIVEN_AWAY}|{_RETIRED}"
    r"|(?:彻底|完全)报废了?|(?:彻底|完全)?(?:开不了机|开不开机|修不好|修不了|没法修)了?)"
    r"(?=[，。！？,.!?]|$)"
)
# Broken or lost and not to be bought again: "三天前Kindle摔坏了，不打算再买了", "手表跑步时丢了，不想再买".
_BROKEN_FOR_GOOD = re.compile(
    r"^\s*(?:我的)?"
    + _DEVICE.replace("device", "device_gone")
    + r"[^，,。！？]{0,12}?(?:摔坏了|坏了|丢了|被偷了|摔碎了)[，,]\s*"
    r"(?:也|就)?(?:不(?:打算|想|准备|会)?再买|不买了|没打算再买)"
)
# Broken or lost, to be replaced by a new one: "我儿子的vivo X100上周摔坏了，周末带他去换新的",
# "平板丢了，准备换台新的" (not "屏幕摔坏了，能修吗", a repair asked about).
_BROKEN_TO_REPLACE = re.compile(
    rf"^\s*(?:我的?(?:(?P<rel>{_REL})的?)?)?"
    + _DEVICE.replace("device", "device_broken")
    + r"[^，,。！？]{0,12}?(?:摔坏了|坏了|丢了|被偷了|摔碎了|进水了|报废了)[，,]\s*"
    # (换 only: "摔坏了，打算再买一个" keeps the broken one in the speaker's hands, round 25)
    r"[^，,。！？不没别]{0,10}?换(?:个|台|部|一台|一部)?新的?"
)
# The device in use now or from now on, opening its phrase: "现在全家都用iPad Air", "以后用MacBook登录" (a model
# named, not "以后用手机登录"; not "想用…", "能不能用…").
_NOW_USING = re.compile(
    r"(?:^|(?<=[，,。！!]))\s*(?:我|我们)?(?:现在|目前|以后|往后|今后)(?:我|我们)?(?:全家|一家人?|家里)?(?:都|就|也|只)?"
    r"(?:用|改用|换用|在用)(?:的是)?\s*" + _DEVICE + r"(?=\s*(?:[，,。！!]|$|登录|登陆|上网|办公|看|刷|打|拍|听))"
)
# What became of a device just named, up to the end of its phrase.
# ("旧的P40给我妈用了": handed on to a relative, said with 给 alone)
_ENDED_AFTER = re.compile(
    rf"[^，,。！？]{{0,6}}?(?:{_GIVEN_AWAY}|{_RETIRED}|{_GIVEN_UP_OR_LOST}|卖了|卖掉了|扔了|送人了|退了|退掉了|出掉了"
    rf"|(?<![借买钱])给了?我?(?:{_REL})(?:用|戴|玩)?了)"
)
# "入手了一台华为Mate 70，旧的P40送给我妈了": the old one named by its model alone, of the brand just named.
_OLD_MODEL_ENDED = re.compile(
    r"(?:^|(?<=[，,]))\s*(?:我)?(?:旧的?|老的|原来的?|之前的?|以前的?|那台|那部)\s*"
    r"(?P<code>(?:[A-Z][A-Za-z]{0,3}\s?)?\d+[A-Za-z]*(?:\s?(?:Pro|Max|Plus|Ultra|Mini|SE|mini|pro))?)(?![A-Za-z0-9])"
)
_BRAND_NAMED = re.compile(rf"(?P<brand>{_BRANDS_ZH})\s?(?=[A-Za-z0-9])")
# "戴尔那台笔记本我已经不用了": the brand, the one meant, its kind, then its end.
_THAT_ONE_GIVEN_UP = re.compile(
    rf"(?P<brand>{_BRANDS_ZH}|{_BRANDS_EN})(?:的)?(?:那|这)[台部个只](?P<noun>{_NOUNS})\s*我?(?:已经|早就|早已)?"
    r"(?:不用了|不再用了|卖了|卖掉了|出掉了|送人了|扔了|淘汰了)"
)
# Broken or lost, with another in use in the next clause: "小米14上个月摔坏了，现在用的是备用机…".
# ("…上周坏了 totally dead": a few English words may say it again.)
_BROKEN = re.compile(
    r"^\s*(?:我的)?"
    + _DEVICE
    + r"[^，,。！？]{0,8}?(?:摔坏了|坏了|丢了|被偷了|报废了)(?:\s*[A-Za-z][A-Za-z ]{0,24})?[，,]?\s*$"
)
# A device of one's own that has gone wrong is still owned: "我老公那台ThinkPad X1开不了机了，你们能修吗",
# "我的AirPods Pro左耳没声音了", "我妈的华为P40老是死机", "我这台iPad充不进电".
_FAULTY = (
    r"开不了机|开不开机|开不起来|充不进电|充不上电|充不了电|黑屏|白屏|死机|蓝屏|卡死|碎屏|屏幕碎了|屏幕裂了|进水了|坏了"
    r"|连不上|没反应|没声音|不亮了|不充电了|耗电(?:特别|很|太)?快|自动关机|一直重启|反复重启|变砖了|触屏失灵|失灵了"
    # "扫地机又卡住不动了", "耳机跟手机配对不上": stuck, or failing to pair.
    r"|卡住(?:不动)?了?|配对不上|配不上对|配对失败"
    # Appliances leaking or not cooling, a controller drifting: "空调漏水", "冰箱不制冷", "手柄漂移了".
    r"|漏水|漏电|不制冷|不制热|不出水|不出风|漂移了?"
)
# ("家里小米扫地机又卡住不动了": the household's device is the speaker's.)
_FAULTY_DEVICE = re.compile(
    # ("我家美的空调漏水", "我儿子的Switch手柄漂移了": the household's, and a part of the device.)
    rf"(?:我(?:们)?家|我|(?:(?<=^)|(?<=[，,。！？\s]))家里)(?:的)?(?:(?P<rel>{_REL})(?:的)?)?(?:(?:那|这)[台部个只块副]|的)?\s*"
    + _DEVICE
    + r"\s*(?:的?(?:屏幕|电池|左耳|右耳|充电口|摄像头|键盘|喇叭|手柄|遥控器|外机|内机|表带))?"
    + r"(?:又|突然|老是|总是|一直|最近|也|死活|怎么都|怎么也)?"
    + r"(?:摔|弄|用|泡)?(?:"
    + _FAULTY
    + r")"
)
# The kind of device given up or lost, its model named in the next phrase: "三天前手机掉海里彻底报废了，OPPO Reno 11，
# 唉", "笔记本上周被偷了，ThinkPad X1".
_KIND_ENDED_THEN_MODEL = re.compile(
    rf"(?:^|(?<=[，,。！]))\s*(?:我的?)?(?:{_NOUNS})[^，,。！？]{{0,10}}?"
    rf"(?:{_GIVEN_UP_OR_LOST}|{_RETIRED}|卖了|卖掉了|扔了|送人了)[，,]\s*"
    + _DEVICE.replace("device", "device_named")
    + r"\s*(?=[，,。！？!?]|$)"
)
# A device lent out is still one's own: "Switch上个月借给表弟了", "我的iPad借给同事用了" (not "借给我了").
_LENT_OUT = re.compile(
    r"(?:^|(?<=[，,。！？]))\s*(?:我的|我那[台部个])?"
    + _DEVICE.replace("device", "device_lent")
    + r"\s*(?P<when>[^，。！？借]{0,6}?)借给了?(?!我(?:用|玩)?了)[\u4e00-\u9fff]{1,6}?(?:用|玩)?了"
)
_ANOTHER_IN_USE = re.compile(r"\s*(?:现在|目前)(?:凑合|将就|暂时|先|只能|只好)*(?:用的是|在用|用|换了)")
# Or broken, a replacement bought later in the turn: "Pixel 8被狗啃坏了，…，昨天只好新买了台三星S24".
_BROKEN_THEN_REPLACED = re.compile(
    # (The device may open a later phrase of a rambling turn: "唉说来话长，三天前赶地铁，华为手表GT 5…摔坏了".)
    r"(?:^|(?<=[，,]))\s*(?:我的)?"
    + _DEVICE
    + r"[^，,。！？]{0,8}?(?:摔坏了|坏了|丢了|被偷了|报废了|摔碎了|泡水了)[，,]"
    r"[^。！？]*?(?:新买了|重新买了|又买了|新入了|新换了|换了[一两]?[台部个只]新|只好买了|只能买了"
    # ("…想想不值，干脆换了个小米手环9": given up on, another taken instead.)
    r"|(?:干脆|索性|只好|只能)(?:就)?换了[一两]?[台部个只]"
    # ("…摔坏了，现在凑合用备用机红米Note 12": a spare taken into use instead.)
    r"|(?:现在|暂时|先|只能|只好|凑合|将就)+用(?:着)?(?:我的|家里的|一台|一部)?(?:备用机|备用手机))"
)
# The spare in use, named: "凑合用备用机红米Note 12", "先用着备用手机iPhone 11".
_SPARE_IN_USE = re.compile(r"用(?:着)?(?:我的|家里的|一台|一部)?(?:备用机|备用手机)\s*" + _DEVICE)
# A new device arrived and unboxed: "新到的iPhone 16 Pro Max昨天开箱了", "我的大疆Mini 4终于到手了".
_UNBOXED = re.compile(
    r"(?:新到的|刚到的|新买的|刚买的|我的|我新买的)\s*"
    + _DEVICE
    + r"\s*(?:我)?(?:已经|终于|刚刚?|总算|也)?\s*(?:开箱了|到手了|拆封了|激活了)(?![^，。！？]{0,3}(?:吗|没|？|\?))"
)
# A device named as what a chore is done with: "我家扫地靠科沃斯扫地机器人，吹头发用戴森吹风机".
_INSTRUMENT = re.compile(
    r"(?:^|(?<=[，,]))\s*(?:我(?:们)?家(?:里)?|我|家里)?(?:平时|一般|日常|现在|主要)?"
    r"(?P<task>[\u4e00-\u9fff]{2,4}?)(?:都|就|主要|一般|全)?(?:靠|用)(?:的是)?\s*"
    + _MEASURE
    + _DEVICE
    + r"(?=[，。！？,.!?\s]|$)"
)
# A chore starts with what is done (扫地, 吹头发, 拍照, 上网课, 听歌); "我妈吹头发用…" is the mother's, "大家都用…"
# everyone's, and neither is read.
_CHORE = re.compile(r"^[扫拖洗做煮吹拍录剪听看打玩写画记办开上追刷跑导修烤炒泡磨冲熨烘吸擦测量称缝钓骑]")
_NOT_A_CHORE = re.compile(rf"{_REL}|他|她|你|您|们|大家|别人|以前|之前|原来|打算|准备|想|可以|能|不|没|别")
# "昨天把iPhone 13换成了vivo X100": the old one given up, the new one owned.
_SWAPPED = re.compile(
    r"把(?:我的|旧的?|原来的?|之前的?)?"
    + _DEVICE.replace("device", "old")
    + r"\s*(?:换成了?|换了|升级成了?|升级到了?)\s*"
    + _MEASURE
    + r"(?:新的?)?"
    + _DEVICE.replace("device", "new")
)
# "那台戴森吸尘器V12是我前天买的": the purchase said after the device.
# A device said to be a relative's: "那个小天才手表是我儿子的，不是我的", "这台iPad是我女儿的".
_RELATIVES_DEVICE = re.compile(
    _DEVICE + rf"\s*(?:其实|本来)?(?:就)?是我(?:的)?(?P<rel>{_REL})的(?=\s*(?:[，,。！!]|$))"
)
_BOUGHT_IS = re.compile(
    _DEVICE
    + r"\s*是(?:我)?\s*(?:刚|新|才)?(?:买|购买|入手|新买|下单买)的"
    # ("大疆Mini 4 Pro去年三月买的，…": the device opening the phrase, when it was bought after it; times are blanked.)
    + r"|(?:^|(?<=[，,。！]))\s*"
    + _DEVICE.replace("device", "device_first")
    + r"\s*(?:我)?\s*(?:刚|新|才)?(?:买|购买|入手|新买)的(?=[，,。！]|$)"
)
# One's own device told by its model year, often before a question about it: "我的iPad是2021款的，能升级…吗"
# (the question is about the device; "你的iPad是哪年的" asks, "iPad是2021款的吗" asks too).
_MODEL_YEAR_OF = re.compile(r"我(?:的)?\s*" + _DEVICE + r"\s*是\s*(?:19|20)\d{2}\s*年?(?:款|版|出)的(?=[，,。！]|$)")

# The right value after a correction, just before it: "…，应该是 …", "…，正确的是 …".
_CORRECTED = (
    r"(?:应该是|应为|正确的(?:应该)?是|对的是|其实是|准确的是|改正为|更正为|(?:写错了|打错了|说错了|搞错了|错了)[，,]\s*是)"
    r"\s*[:：]?\s*$"
)
_CONTACT = {
    "phone": re.compile(
        rf"(?P<who>我(?:的)?(?:{_REL})?(?:的)?)?\s*(?:新的?|现在的?)?(?:手机号码?|手机|电话号码?|电话|号码|联系方式|联系电话)"
        # ("手机号麻烦改成 …", "电话请帮我换成 …": the change asked for politely.)
        # ("邮箱顺便换成 …": the change asked for by the way.)
        # ("手机号一直是 …", "电话还是 …": the number kept.)
        r"(?:\s*(?:也|都|顺便|顺带|一起|一直|还|仍然|依然|始终|向来)?(?:已经)?(?:麻烦|请)?(?:帮我|给我)?"
        # ("联系电话留的是我弟的，…": the number left on file.)
        r"(?:(?:留的|写的|填的|登记的)?是|为|改成了?|换成了?|改为|变成了?|更新为|更新成|修改为|变更为|变更成|换了|变了|改了|换为|：|:"
        # "联系电话改用0400 555 721了": the number used instead.
        r"|(?:改用|换用|改成用|换成用)"
        # "香港的号码也记一下：+852 …": a number given to be noted down.
        r"|(?:记|存|登记|添加|加|补充)(?:一下|下|上)\s*[：:]?)"
        # "我老婆电话 139…": whose it is, then the number, no verb.
        r"|(?(who)\s+$|(?!)))"
        # "你们那边登记的手机号对吗？我的是 150…": the speaker's own, after a question about numbers.
        r"|(?P<mine>(?:^|(?<=[？?。，,]))\s*我的(?:是|：|:)\s*$)"
        # A self-introduction goes on with contacts as bare labels: "我叫孙蕾，…，手机 137…".
        r"|(?P<intro>(?<=[，,：:])\s*(?:工作|私人|个人|公司)?(?:手机|手机号码?|电话|联系电话|号码)\s*[：:]?\s*$)"
        r"|(?P<me>(?:打|拨|联系|call)我(?!的?(?:" + _REL + r"))|(?:打|拨打|拨)\s*$"
        # "以后打139 1234 5678", "有事直接拨 …", "找我就打这个新号 …": the number to reach the speaker on from now.
        r"|(?:以后|今后|往后|有事|找我)(?:就|都|请|直接|的话)*(?:打|拨打|拨|(?i:call))(?:我)?(?:的)?(?:这个|我这个)?(?:新)?(?:号码?|座机|固话|手机|办公电话)?"
        r"\s*[：:]?\s*$"
        # ("上周换的新号 186…": the number the speaker changed to.)
        r"|(?:换了|改了|换成了?|换个|换的|改的|办的)(?:新的?)?(?:手机号码?|电话号码?|号码|手机号|号)(?:是|为|：|:)?\s*$"
        # A new number taken into use: "昨天起我用新号码了：+92 …", "现在改用这个新号：…", "我开始用新手机号了，…".
        r"|(?:改用|换用|开始用|用上了?|用)(?:这个)?新(?:的)?(?:手机号码?|电话号码?|号码|手机号|号)了?(?:啊|哈|哦)?\s*[：:，,]?\s*$"
        # "手机号麻烦更新一下，用这个：…": the change asked for, the new value after it.
        r"|(?:手机号码?|电话号码?|号码|电话)(?:麻烦|帮我|请|也)?(?:帮我)?(?:改一下|换一下|更新一下|改下|换下|更新下|换掉|改掉)\s*[：:，,]\s*"
        r"(?:改成|换成|改为|换为|用这个|新的是|新号是|用|改用)?\s*[：:]?\s*$"
        # A new SIM card, its number after: "昨天办了张新卡，号码 0412 883 605", "换了张电话卡，新号码是 …".
        r"|(?:办了|换了|新办了|买了|开了)(?:一)?张(?:新的?)?(?:手机卡|电话卡|电话号卡|(?i:sim)卡|卡)[，,]\s*(?:新)?(?:号码|号|手机号)"
        r"(?:是|为)?\s*[：:]?\s*$"
        # "我前天换号了，新号 136…": the new number named after the change; "新手机号 139…" opening the turn.
        r"|(?:^|(?<=[，,。！!]))\s*新(?:号码?|手机号码?)\s*(?:是|为)?\s*[：:]?\s*$"
        # "我的微信和手机号一样，都是 138…": the number said to be the same for both.
        r"|(?:手机号码?|电话号码?|号码)一样[，,]\s*(?:都|也)是\s*[：:]?\s*$"
        # A landline named at the start of the turn: "座机 010-…，工作日找得到我".
        r"|^\s*(?:我的)?(?:(?:公司|单位|办公室)的?)?(?:座机|固话|办公电话|办公室电话)(?:号码?)?\s*(?:是|：|:)?\s*$"
        # The contact named first, the change after: "手机号我换了个新的 139…".
        r"|(?:手机号码?|电话号码?|号码)\s*我?(?:已经|刚)?(?:换了|改了|换成了?)(?:个|一个)?(?:新的?)\s*[：:]?\s*$"
        r"|(?:手机号码?|电话号码?|号码)(?:换|改)(?:成)?新的了?(?:哈|啊|哦|呀)?\s*[：:]\s*$"
        r"|换(?:了)?(?:手机)?号(?:码)?了?[，,]\s*(?:新的?|现在的?)(?:号码?|手机号)?(?:是|为|：|:)\s*$"
        # A correction: "忘掉我刚才说的手机号，正确的是 …", "电话写错了，应该是 …".
        r"|(?:手机号码?|电话号码?|号码|手机|电话)[^。！？\n]{0,10}?" + _CORRECTED + ")"
        # The number right after whose it is, no verb: "打我太太的手机 158…", "以前的号码 139… 已经停用了".
        # ("我姐…，她手机 137…": his or hers, read as the relative the turn began with.)
        r"|(?P<bare>(?:(?<=我)|(?<=我的)|(?<=的)|(?<=[他她])|(?:以前|之前|原来|旧)的?)(?:手机号码?|手机|电话号码?|电话|号码|座机|固话))\s*$"
        # An old number right after its cue, no space: "以前的号码15800001111已经停机了".
        r"|(?P<old>(?:以前|之前|原来|旧)的?(?:手机号码?|电话号码?|号码))\s*$"
    ),
    "email": re.compile(
        rf"(?P<who>我(?:的)?(?:{_REL})?(?:的)?)?\s*(?:新的?|现在的?)?"
        r"(?:邮箱地址|邮箱|邮件地址|电子邮件|电子邮箱|(?i:e-?mail)|(?i:gmail|hotmail|outlook|yahoo)(?:\s*邮箱)?)"
        # ("邮箱麻烦换成 …", "邮箱请帮我改成 …": the change asked for politely.)
        r"\s*(?:也|都|顺便|顺带|一起)?(?:已经)?了?(?:麻烦|请)?(?:帮我|给我)?"
        r"(?:(?:留的|写的|填的|登记的)?是|为|改成了?|换成了?|改为|变成了?|更新为|更新成|换了|变了|改了|换为|：|:"
        r"|(?:以后|今后|现在|目前)(?:都)?用"
        r"|(?:记|存|登记|添加|加|补充)(?:一下|下|上)\s*[：:]?)"
        # ("工作邮件发 tang.yue@…": where the speaker's mail is to go.)
        r"|(?P<me>发邮件给我|发邮件到|发到|寄到|写信到|发送到|发我的?(?:工作|私人|个人|公司)?邮箱\s*$"
        # ("工作邮件发这个：…", "邮件就发到这个邮箱：…": the one pointed at, after a colon.)
        r"|(?:^|(?<=[，,。！？\s]))(?:工作|私人|个人)?邮件(?:都|请|就|一律)?发(?:到)?(?:这个|这里|这儿)?(?:邮箱|地址)?\s*[：:]?\s*$"
        # "以后联系我用 gu.haoran@…": the address to reach the speaker on.
        r"|(?:联系|找)我(?:就|都|请|的话)?(?:用|发到?)\s*[：:]?\s*$"
        r"|(?:邮箱地址|邮箱|邮件地址|(?i:e-?mail))[^。！？\n]{0,10}?" + _CORRECTED + ")"
        r"|(?P<bare>(?:(?<=我)|(?<=我的)|(?<=的)|(?<=[他她])|(?:以前|之前|原来|旧)的?|(?:以前|之前|原来)?那个|^(?=工作|私人|个人))\s*"
        r"(?:(?i:qq)\s*|工作|私人|个人|公司)?(?:邮箱地址|邮箱|邮件地址))\s+$"
        # "邮箱改一下：…": the change asked for, the new value after the colon.
        r"|(?:邮箱地址|邮箱|邮件地址|(?i:e-?mail))(?:麻烦|帮我|请|也)?(?:帮我)?(?:改一下|换一下|更新一下|改下|换下|更新下|换掉|改掉)\s*[：:，,]\s*"
        # ("邮箱换掉，新的是 …": the old one dropped, the new one after it.)
        # ("邮箱麻烦更新一下，用这个：…": the one to use named after the request; "…换一下，用 guli@… 这个".)
        r"(?:改成|换成|改为|换为|用这个|新的是|以后用这个|用|改用)?\s*[：:]?\s*$"
        # "我不用QQ邮箱了，以后发163的：…": the mailbox to use from now on.
        r"|(?:以后|今后)(?:都)?发(?:这个|[0-9A-Za-z\u4e00-\u9fff]{1,6}的)\s*[：:]\s*$"
        r"|(?P<intro>(?<=[，,：:])\s*(?:工作|私人|个人|公司)?(?:邮箱|邮件|电子邮箱|(?i:e-?mail))\s*[：:]?\s*$)"
        # The contact named first, the change after: "邮箱我换了个新的 …", "email 我换了个新的 …".
        r"|(?:邮箱地址|邮箱|邮件地址|(?i:e-?mail))\s*我?(?:已经|刚)?(?:换了|改了|换成了?)(?:个|一个)?(?:新的?)\s*[：:]?\s*$"
    ),
}
_CONTACT_CHANGE = re.compile(r"新|改|换|变|更新")
# "我的座机0592-5581234已经停用了": the number itself said to be out of use.
_DEAD_AFTER = re.compile(r"\s*(?:已经|早就|早)?(?:停用|注销|作废|停机|不用|不再使用|弃用)了?")
# A turn that introduces the speaker, or tells of the speaker's own things ("我用的是…，号码 135…").
# (Said at the start of the turn or of any sentence in it: "快递又晚了。我是蔡文博，电话 135…".)
_SELF_INTRODUCED = re.compile(
    rf"(?:^|(?<=[。！？!?]))\s*(?:你好|您好|嗨|hi|hello)?[，,！!～~\s]*(?:我叫|我是|本人|叫我|(?:我的)?联系方式[：:]"
    # ("自我介绍下：欧阳倩，…，邮箱 …", "介绍一下我自己：…".)
    r"|自我介绍|介绍(?:一)?下(?:我)?自己"
    rf"|我(?!的?(?:{_REL}))[^，,]{{0,3}}?(?:用的是|在|住)"
    # ("我邮箱 …，手机 …，住广州": the speaker's own details listed, the first one claimed with 我)
    r"|我的?(?:邮箱|手机号码?|电话号码?|电话|(?i:e-?mail))(?:是|为)?\s*[：:]?\s*[A-Za-z0-9+])",
    re.IGNORECASE,
)
# The speaker's own details told as an update, labels and values in a row: "更新一下：现在在…做…，工作邮箱 …，帮我换上".
_OWN_DETAILS_UPDATED = re.compile(
    r"(?:^|(?<=[。！？!?]))\s*(?:信息|资料|联系方式)?更新(?:一)?下(?:我的)?(?:信息|资料|联系方式)?[：:，,]|帮我(?:换上|更新(?:一下)?|登记(?:一下)?|记(?:一)?下)(?=[。！!~～]|$)"
)
_THIRD_PARTY_BEFORE = re.compile(
    r"(?:顾客|客户|用户|买家|卖家|对方|别人|他人|快递员|快递小哥|骑手|司机|商家|房东|店家|网友|陌生人)的?\s*$"
)
# A bare cue ("…的手机 158…") counts only for the speaker's own or a named relative's number, or an old one.
_OWN_BARE_CUE = re.compile(
    rf"(?:我的?(?:(?:{_REL})的?)?|[他她]的?|以前的?|之前的?|原来的?|旧的?|那个)\s*(?:(?i:qq)\s*|工作|私人|个人|公司)?"
    r"(?:手机号码?|手机|电话号码?|电话|号码|座机|固话|邮箱地址|邮箱|邮件地址)$"
    # "工作邮箱 linxiao@… 有事发这个": the speaker's own kind of contact, opening what they say.
    r"|(?:^|[。！？!?]\s*)(?:工作|私人|个人)(?:手机号码?|手机|电话号码?|电话|邮箱地址|邮箱)$"
    # "公司座机 +852 …，白天打这个", "办公室电话 010-…": the speaker's line at work, opening what they say.
    r"|(?:^|[。！？!?]\s*)(?:我的?)?(?:公司|办公室|单位)的?(?:座机|固话|电话)$"
)
# "紧急联系人是我姐姐，电话 186…": the number of the relative named as the contact.
# ("紧急联系人填我姐祁燕，电话 …": the relative named as well.)
_CONTACT_PERSON = re.compile(
    rf"(?:紧急联系人|联系人)(?:是|为|填|写|[:：]|(?:改成|换成|改为|设成|设为|填的是|写的是))?\s*我的?(?P<rel>{_REL})"
    # ("…，他电话 136…": the relative again, as he or she.)
    rf"(?:{_PERSON_NAME})?[，,、\s]*(?:[他她]的?)?\s*$"
)
_CONTACT_DEAD = re.compile(
    r"(?:旧的?|以前的?|之前的?|原来的?|那个)\s*(?:(?i:qq)\s*|工作|私人|个人|公司)?(?:手机号|号码|电话|邮箱)"
    r".*(?:不用了|停用|注销|作废|不再使用|弃用|停机|收不到)"
)
_NAME_IS = re.compile(
    rf"(?:我(?:的)?(?P<rel>{_REL})(?:的名字)?(?:叫|名叫|的名字是)|我(?:的名字)?叫|我的名字是|我的姓名是|(?:可以|就)?叫我"
    r"|(?:称呼|喊|管)我(?:叫)?|(?:身份证|证件|户口本|护照)上(?:现在)?(?:的名字)?(?:叫|是)|(?:账户|账号|帐户|帐号)上?的?(?:名字|姓名|户名)(?:应该|应当|请)?(?:是|为|改成|改为|写成|写)"
    r"|我的?(?:英文|中文)名(?:字)?(?:是|叫|\s)\s*|(?:全名|真名|大名|本名)(?:是|叫)?|本人"
    # "实名认证的名字是黄丽娟", "注册用的姓名是…": the name the account is registered under.
    r"|(?:实名(?:认证|登记)?|注册(?:用)?|登记)的?(?:名字|姓名)(?:是|叫|为)"
    # "昨天把我的名字改成了李想".
    r"|(?<![群组])(?:名字|姓名)(?:改成了?|改为|换成了?)"
    # "我改名了，现在叫陈思远".
    r"|改(?:了)?名(?:字)?了?[，,]\s*(?:现在|以后)?叫"
    # "我的名字写错了，是林峰": the right name after a correction ("…，不是李梅是李玫": the wrong one first).
    r"|(?:名字|姓名)[^。！？]{0,4}?(?:写错了|打错了|记错了|错了)[，,]\s*(?:不是[\u4e00-\u9fff]{2,3}[，,]?\s*)?(?:应该|而)?是"
    # "把我的昵称改成小鱼": the name the speaker is shown by (not a group's nickname).
    r"|(?<![群组])(?:昵称|显示名称?|显示的名字)(?:帮我|给我|请|麻烦)?(?:改成|改为|换成|设成|设为|是|叫)"
    # "昵称帮我改一下，改成“鱼鱼不吃鱼”": the change asked for, the new name in the next phrase.
    r"|(?<![群组])(?:昵称|显示名称?|名字|姓名)(?:帮我|给我|请|麻烦)?(?:改一下|换一下|改下|换下|更新一下)"
    r"(?:[，,]\s*(?:改成|改为|换成|设成|设为|就叫|叫)|[：:]\s*(?:改成|改为|换成|设成|设为|就叫|叫)?)"
    r"|(?<=^我姓[\u4e00-\u9fff][，,])叫|(?<=^我姓[\u4e00-\u9fff]{2}[，,])叫"
    r"|(?<=[。！？]我姓[\u4e00-\u9fff][，,])叫|(?<=[。！？]我姓[\u4e00-\u9fff]{2}[，,])叫"
    # "我姓林，双木林，叫林晓雯": the surname spelled out first.
    r"|(?<=[，,])叫(?=(?P<surname_first>[\u4e00-\u9fff]))"
    # "自我介绍下：欧阳倩，在知乎…": the name opens the introduction.
    r"|(?:自我介绍(?:一)?下|介绍(?:一)?下(?:我)?自己)[：:，,]\s*(?:我(?:是|叫))?)"
    # ("大家叫我“阿强”就行": the name may be quoted, and then it may be longer: 「橘子汽水」.)
    r"(?:[“\"「『](?P<quoted>[\u4e00-\u9fffA-Za-z0-9 ]{2,8})[”\"」』]"
    # ("欧阳娜娜": a two-character surname makes a name of four.)
    r"|(?P<name>(?:欧阳|司马|上官|诸葛|东方|皇甫|令狐|慕容|尉迟|公孙|长孙|宇文|夏侯|端木)[\u4e00-\u9fff]{1,2}"
    r"|[\u4e00-\u9fff]{2,3}|[A-Z][a-z]+(?: [A-Z][a-z]+)?)[”\"」』]?)"
    r"(?=[，。！？,.!?\s]|$|就(?:行|好|可以)|吧|好了|即可)"
)
# What trails an address without being part of it: a postcode, "…1700号了", a question particle.
_ADDRESS_TAIL = re.compile(r"\s*(?:邮编|邮政编码)\s*[:：]?\s*\d{6}.*$|(?<=[号室楼栋层])了|[吗呢吧啊呀]+$")
_ADDRESS_CHANGE_TOLD = re.compile(r"(?:地址|住址)[^，。！？]{0,8}?(?:换|改|变)了[，,]\s*$")
_NOW_IS = re.compile(r"\s*(?:现在|新的)(?:是|为)\s*[:：]?\s*(?P<addr>[^，。！？；\n]{6,60})")
_NOW_CALLED = re.compile(r"\s*(?:现在|以后)(?:改)?叫(?P<name>[\u4e00-\u9fff]{2,3})(?=[，。！？,.!?\s]|$)")
_NAME_NOT_AFTER = re.compile(r"(?:别|不要|不许|不准|不用)(?:再)?$")
# "你好，我是周晓琳，…": a self-introduction, only with a common surname and not a title ("我是王经理").
# "李娜是我们新来的产品总监": a colleague's title.
_INTRODUCED = re.compile(rf"(?:是|叫){_PERSON_NAME}(?=[，,])")
_NAMED_IS_OUR = re.compile(
    rf"(?:^|(?<=[，,。]))\s*(?:我的?)?(?:同事|领导|朋友|上司|下属|搭档|合伙人)?{_PERSON_NAME}(?:现在|目前|已经|也)?是"
    r"(?:我们|咱们|我们公司|我们部门|公司)(?:组|部门|团队|科室|小组|项目组)?(?:新来的|新任的?|新上任的|的)?"
    + _TITLE
    + r"(?=[，。！？,.!?\s]|$)"
)
# "我是王经理": a surname and a title is how one is addressed (Manager Wang), not the job's name.
_ADDRESSED_AS = re.compile(
    rf"[{_SURNAMES}](?:经理|总|老师|医生|主任|律师|工|师傅|总监|主管|老板|会计|护士|教授|博士|警官)"
)
_SELF_INTRO = re.compile(rf"(?:^|[，,。！!：:]\s*)(?:你好|您好)?[，,]?\s*我是{_PERSON_NAME}(?=[，,。！!])")
_RELATIVE_BEFORE = re.compile(rf"我的?(?P<rel>{_REL})的?[\u4e00-\u9fff]{{0,4}}$")
_ADDRESS = re.compile(
    rf"(?<!邮箱)(?<!邮件)(?<!网站)(?<!网页)(?<!IP)(?<!ip)(?P<who>我(?:的)?(?:{_REL})?(?:的)?)?(?:新的?|家庭|收货|送货|收件|寄件|通讯|联系|邮寄|现在的?|家)?"
    # ("address是 Flat 5, 22 Camden Road, London NW1 9LR": the word in English, the address in English.)
    r"(?<!邮箱)(?<!邮件)(?:地址|住址|(?<![A-Za-z-]\s)(?<![A-Za-z-])(?P<en_word>(?i:address))\s*(?=是|为|[:：]))"
    # ("下周一起我的收件地址就是…了": from a day on, it is that.)
    r"(?:(?:更新|改|换|变|修改)(?:一下|下|了)|请|麻烦|帮我|给我|都|统一|一律|现在|目前|就|也|将|会|暂时|临时|先"
    # ("我妈现在跟我住，地址跟我一样：…": the same as the speaker's.)
    r"|(?P<same>(?:跟|和|同|与)我(?:的|家)?(?:一样|相同|一致))){0,2}"
    r"(?P<verb>是|为|改成了?|换成了?|改为|变成了?|更新为|更新成|换到了?|改到了?|(?:默认)?(?:填|填写|写)(?!错)(?:成|为)?"
    # ("默认地址设成公司吧：…": set to the place named, its address after the colon.)
    r"|(?:设|设置)(?:成|为)"
    # "我地址上周一换了，现在是…": the change told, the new one after.
    r"|(?:换|改|变)了[，,]\s*(?:现在|新的)(?:是|为)"
    # ("默认收货地址用阿拉木图Abay大街50号12室": the one to use, an address by its shape.)
    r"|(?:以后|今后|默认)?(?:都|一律|就)?用|[:：]"
    # "地址改一下，上海市…": the change asked for, the new address in the next phrase.
    r"|(?<=一下)[，,]"
    # "地址写错了，不是朝阳路12号，是…": the right one after a correction.
    # ("地址写错了一个字，是…", "地址填错了几个字，应该是…": what was wrong, then the right one.)
    r"|(?:写错了|打错了|填错了|错了)(?:一个字|一个数字|几个字|个字|一点|一处|门牌号?)?[，,]"
    r"(?:\s*不是[^，。]{2,30}[，,])?\s*(?:应该|正确的)?是"
    # "请无视我刚才发的地址，正确的是：…", "刚才的地址不对，应该是…": the right one after the wrong one.
    r"|(?:不对|有误|作废了?)?[，,]\s*(?:应该|正确的|对的)(?:地址)?是)[:：]?\s*"
    # ("地址暂时写学校吧：广州大学城…": the place named, then its address after the colon.)
    r"(?:(?<=[写填成为])(?:学校|公司|单位|家里|家|宿舍|办公室)(?:的地址)?(?:吧|哈)?\s*[：:]\s*)?"
    r"(?P<addr>[^，。！？；\n]{4,60})"
)


# Where the speaker has things sent from now on is their address: "以后快递都寄到南京市鼓楼区中山路18号".
_SHIPS_TO = re.compile(
    r"(?:寄到|送到|发到|邮寄到|配送到|寄往|送往)(?P<addr>[^，。！？；\n]{4,60})"
    # "以后快递都寄公司吧，上海市…": the place named, the address in the next phrase.
    # ("以后包裹统统寄单位去：…": sent off to the place named.)
    r"|(?:寄|送|发)(?:到)?我?(?:公司|单位|家里|家)(?:吧|哈|啊|去)?[，,：:]\s*"
    # ("…寄到家里，家里地址是：西安市…": the kind of address said again before it.)
    r"(?:(?:家里|家|公司|单位|新)?的?(?:地址|住址)(?:是|为)?\s*[:：]?\s*)?(?P<addr2>[^，。！？；\n]{6,60})"
    # "以后买的东西都寄成都市武侯区人民南路四段19号": "寄" straight before an address that names its city.
    r"|(?<=[都就])(?:寄|送|发)(?P<addr3>[\u4e00-\u9fff]{2,4}(?:省|市)[^，。！？；\n]{4,56})"
)
_LIVES_AT = re.compile(r"住(?!址|宿|院)(?:在)?(?P<addr>[\u4e00-\u9fffA-Za-z0-9\-#]{6,60})")
_STREET_ADDRESS = re.compile(r"[省市区县].{0,12}(?:路|街|道|巷|弄).{0,10}\d+号")
# ("北京市朝阳区望京SOHO T3 1208": a district and a building's number is an address too.)
_ADDRESS_SHAPE = re.compile(r"[省市区县镇乡村].*(?:路|街|道|巷|弄|号|栋|室|楼)|\d+\s*号|[市区县].{2,30}\d{3,}")


def _place_ok(place: str) -> bool:
    # "搬家了" names no place: 家 and 了 start none.
    return (
        place not in _NOT_PLACES
        and not _PAST.search(place)
        and not place.startswith(("一", "这", "那", "哪", "家", "了", "走", "来", "出", "过", "进"))
        and "了" not in place
    )


_COUNTRY_FIRST = re.compile(
    r"^(?:中国|加拿大|美国|英国|澳大利亚|澳洲|日本|德国|法国|韩国|新西兰|意大利|西班牙|荷兰|泰国|马来西亚)(?=..)"
)


def _city_of(place: str) -> str:
    """A known city with a district after it is that city: "深圳南山区" -> 深圳, "苏州工业园区" -> 苏州; a country
    before a city is dropped: "加拿大温哥华" -> 温哥华."""
    place = _COUNTRY_FIRST.sub("", place)
    for city in _KNOWN_CITIES:
        if place.startswith(city) and len(place) > len(city) and re.search(r"[区县]$", place):
            return city
    return place


def _is_city(name: str) -> bool:
    """Whether a span a cue cut is a city: one named here, one with a city's suffix, or one of the world's
    cities (清迈, 阿布扎比: jieba tags some as adjectives or person names). Asked only of a span a residence,
    move or work cue already cut, so a city that is also a word (光明) is never found on its own."""
    return (
        name in _KNOWN_CITIES
        or normalize_city(name) in _KNOWN_CITIES
        or bool(_CITY_SUFFIX.search(name))
        or is_world_city(name)
    )


_HOME_IS = re.compile(r"(?P<place>[\u4e00-\u9fff]{2,4}?)(?:就|才|也)?是我(?:的)?(?:新)?家了?(?=[。！!，,]|$)")
_MOVED_IN = re.compile(r"(?:住进去|搬进去|住进来|搬进来|入住)了")
_HOME_IN = re.compile(r"(?P<place>[\u4e00-\u9fff]{2,4}?)(?:那边)?的(?:新)?(?:房子|新家|公寓|新房)")
# "你们在南宁有门店吗？我住那边。": "there" is the city named just before.
_LIVE_THERE = re.compile(
    r"我(?:就|也|现在|目前)?住(?:在)?(?:那边|那里|那儿|那)(?=[，。！？,.!?]|$)"
    # "你们能送到厦门吗？我两周前才搬过来的": moved to the city just named; "人在遵义，去年三月搬过来的":
    # said without 我, the words before it say whose move it is.
    r"|(?P<moved>(?:才|刚|刚刚|已经)?搬过(?:来|去)(?:的|了)?)(?=[，。！？,.!?]|$)"
)
# ("不是苏州，是宿州！安徽那个宿州，我住那儿": the city pointed at, not the one denied.)
_CITY_BEFORE = re.compile(
    r"(?<!不)(?:在|到|去|来|是|往|那个|这个)(?P<place>[\u4e00-\u9fff]{2,3}?)(?=有|的|吗|呢|，|。|？|！|市|开|办|发)"
)


# A town on the speaker's record corrected: "不是海口，是三亚！你们资料上写错好久了" (one town denied, the other said).
_TOWN_CORRECTED = re.compile(
    r"(?:^|(?<=[，,。！!]))\s*不是(?P<wrong>[\u4e00-\u9fff]{2,4}?)[，,]\s*(?:而)?是(?P<place>[\u4e00-\u9fff]{2,4}?)(?=[！!。，,]|$)"
)
_RECORD_WRONG = re.compile(
    r"(?:资料|系统|档案|登记|记录|地址)[^。！？]{0,6}?(?:写错|填错|弄错|搞错|记错|登记错)|写错了|弄错了"
)


def _corrected_and_moved_in(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """A residence or employer said after a correction, and a move into a home named before."""
    text = clause.text
    for m in _TOWN_CORRECTED.finditer(text):
        wrong, place = _clean(m.group("wrong")), _clean(m.group("place"))
        if _is_city(wrong) and _is_city(place) and _place_ok(place) and _RECORD_WRONG.search(ctx.text):
            yield _fact(ctx.speaker_id, "lives_in", normalize_city(place), "town_corrected", m.group())
    for m in _SAID_BUT_IS.finditer(text):
        value = _clean(m.group("value"))
        if m.group("verb") in ("工作", "上班"):
            if _org_ok(value):
                yield _fact(ctx.speaker_id, "works_at", value, "corrected", m.group())
        elif _place_ok(value):
            yield _fact(ctx.speaker_id, "lives_in", normalize_city(value), "corrected", m.group())
    for m in _HOME_IS.finditer(text):
        # "从今往后珠海就是我家了": the place called home.
        place = re.sub(r"^(?:从今往后|从今以后|往后|以后|今后|现在|如今|目前)", "", _clean(m.group("place")))
        if _place_ok(place) and not _PLAN.search(_prefix(clause, m.start())):
            yield _fact(ctx.speaker_id, "lives_in", normalize_city(place), "home_is", m.group(), confidence=0.85,
                        valid_from=clause.past_time(ctx), ends_previous=True)  # fmt: skip
    for m in _MOVED_IN.finditer(text):
        # "厦门的房子上周一交接完，我已经住进去了": moving into the home of a place named before.
        homes = list(_HOME_IN.finditer(ctx.text, 0, clause.start + m.start()))
        subject = _subject(ctx, clause, m.start())
        if homes and subject and _place_ok(homes[-1].group("place")):
            place = homes[-1].group("place")
            moved_at = next((t.start for t in ctx.times if t.start <= ctx.at), None)
            yield _fact(subject, "lives_in", normalize_city(place), "moved_in", m.group(), valid_from=moved_at,
                        confidence=0.85, ends_previous=True)  # fmt: skip


def _time_is_the_moves(ctx: TurnContext, clause: Clause, position: int) -> bool:
    """Whether the clause's times all sit in an earlier phrase that tells a move ("昨天搬来仰光了，在…上班")."""
    phrase_start = clause.text.rfind("，", 0, position) + 1 or clause.text.rfind(",", 0, position) + 1
    earlier = clause.text[:phrase_start]
    times = clause.times(ctx)
    return (
        bool(times)
        and phrase_start > 0
        and _MOVE_TOLD.search(earlier) is not None
        and all(t.span[1] <= clause.start + phrase_start for t in times)
    )


# A job named in the turn makes "base 在新加坡" where the work is, not a home ("join 了 Shopee …, base 在新加坡").
_JOB_TOLD = re.compile(r"(?i:join|(?<![A-Za-z])work)|入职|加入|上班|工作|任职|做|当|干|公司|单位")


def _settled_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """Where someone settled, is based, or studies: "在成都定下来了", "base在广州", "在厦门读大学"."""
    for m in _SETTLED.finditer(clause.text):
        if m.group("place2") and _JOB_TOLD.search(ctx.text):
            continue
        place = _clean(first_group(m, tuple(f"place{n}" for n in ("", 2, 3, 4, 5, 6, 7, 8))) or "")
        subject = _subject(ctx, clause, m.start())
        # ("一直在杭州滨江…": a city with its district.)
        in_town = _is_city(place) or ((m.group("place7") or m.group("place8")) and is_city_area(place, _KNOWN_CITIES))
        if subject and in_town and not re.search(r"没|不|想|打算", _prefix(clause, m.start())):
            yield _fact(
                subject,
                "lives_in",
                normalize_city(place),
                "settled_in",
                m.group(),
                valid_from=clause.past_time(ctx),
                ends_previous=m.group("place6") is not None,
            )
    for m in _STUDIES_IN.finditer(clause.text):
        # "我妹妹在厦门读大学": a student lives in the city of the school.
        place = _clean(m.group("place"))
        subject = _subject(ctx, clause, m.start())
        prefix = _prefix(clause, m.start())
        if subject and _is_city(place) and not _PAST.search(prefix) and not _PLAN.search(prefix):
            gone = not m.group().startswith("在")  # gone there to study: from the day the turn names
            yield _fact(
                subject,
                "lives_in",
                normalize_city(place),
                "studies_in",
                m.group(),
                valid_from=clause.past_time(ctx) if gone else None,
                ends_previous=gone,
            )
    yield from _is_in_city_facts(ctx, clause)
    yield from _relative_there_facts(ctx, clause)


# A profile's city set by name: "资料里的城市改成珠海", "所在城市那一栏填杭州", "常住地：哈尔滨", "现居地更新为西安".
_CITY_FIELD = re.compile(
    r"(?<!出差)(?<!目的)(?<!收货)(?<!发货)(?<!到达)(?<!出发)(?<!出生)(?<!老家)(?:所在城市|常住城市|居住城市|城市|所在地|常住地|居住地|现居地|现居住地|现居城市|坐标)"
    r"(?:一栏|那一?栏|那里|信息)?(?:帮我|麻烦|请|也)?(?:改成|改为|换成|更新为|更新成|设成|设为|填|写|是|为|[:：])\s*"
    r"(?P<place>[\u4e00-\u9fff]{2,6}?)(?=[，。！？,.!?\s]|$|吧|哈|啊|谢谢|了|市)"
)


def _city_field_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """The city a user puts in their profile is where they live."""
    for m in _CITY_FIELD.finditer(clause.text):
        place = _clean(m.group("place"))
        prefix = _prefix(clause, m.start())
        if _is_city(place) and not re.search(
            rf"不|没|别|{_REL}|他|她|朋友|同事|客户|出差|旅游|旅行|目的|出发|到达|收货|发货|出生|老家|户籍|籍贯|订单|酒店|航班|机票|车票|天气|活动|会议",
            prefix,
        ):
            changed = re.search(r"改|换|更新|设", m.group()[: m.start("place") - m.start()]) is not None
            city = normalize_city(place)
            yield _fact(ctx.speaker_id, "lives_in", city, "city_field", m.group(), ends_previous=changed)


def _left_or_arrived(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """A city no longer lived in ("深圳那边我早就不住了"), or reached by a move ("搬家了，三天前到的昆明")."""
    text = clause.text
    for m in _NO_LONGER_LIVED.finditer(text):
        place = _clean(m.group("place"))
        if _is_city(place):
            yield ending(
                ctx, clause, ctx.speaker_id, "lives_in", normalize_city(place), "zh.no_longer_lived", m.group()
            )
    for m in _NOW_FROM.finditer(text):
        place = _clean(m.group("place"))
        if _is_city(place):
            yield _fact(ctx.speaker_id, "lives_in", normalize_city(place), "now_from", m.group(), ends_previous=True)
    if _MOVE_TOLD.search(ctx.text) or (_STAYS_HERE.search(ctx.text) and not _NOT_A_STAY.search(ctx.text)):
        for m in _ARRIVED_IN.finditer(text):
            # "搬家了，三天前到的昆明": where the move ended (not one still to come: "下周到了悉尼…").
            place = _clean(m.group("place"))
            subject = _subject(ctx, clause, m.start())
            if subject and _is_city(place) and not _future(ctx, clause):
                yield _fact(
                    subject,
                    "lives_in",
                    normalize_city(place),
                    "arrived_in",
                    m.group(),
                    valid_from=clause.past_time(ctx),
                    ends_previous=True,
                )


def _lives_there_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """ "你们在南宁有门店吗？我住那边。", "人在遵义，去年三月搬过来的": "there" is the city named before."""
    text = clause.text
    for m in _LIVE_THERE.finditer(text):
        cities = [c.group("place") for c in _CITY_BEFORE.finditer(ctx.text, 0, clause.start + m.start())]
        cities = [c for c in cities if _is_city(c) and _place_ok(c)]
        moved_here = m.group("moved") is not None
        subject = _subject(ctx, clause, m.start()) if moved_here else ctx.speaker_id
        planned = _PLAN.search(_prefix(clause, m.start())) or (clause.future_time(ctx) and not clause.past_time(ctx))
        if moved_here and (planned or re.search(r"[他她]", clause.text[: m.start()])):
            continue  # a move planned or still to come, or his or hers
        if cities and subject is not None:
            yield _fact(
                subject,
                "lives_in",
                normalize_city(cities[-1]),
                "lives_there",
                m.group(),
                valid_from=clause.past_time(ctx) if moved_here else None,
                ends_previous=moved_here,
            )


# "成都那边的房子退了哈，现在到处跑", "深圳的公寓卖掉了，暂时居无定所": the home in a town given up, with no new
# one (a home given up alone may be a move within the town, so the turn must say there is none).
_HOME_GIVEN_UP = re.compile(
    r"(?P<place>[\u4e00-\u9fff]{2,6}?)(?:那边|这边|那儿)?的(?:房子|公寓|出租屋|住处|房)(?:已经|也|早就)?"
    r"(?:退了|退租了|退掉了|卖了|卖掉了|不租了|到期退了|转租了)"
)
_NO_FIXED_HOME = re.compile(
    r"到处跑|到处走|四处跑|四处漂|居无定所|(?:没有|没)固定(?:的)?(?:住处|住的地方|地址|落脚)|四海为家|满世界跑|旅居|漂着"
    # "城市那一栏先给我空起": the city asked to be cleared from the profile.
    r"|(?:城市|所在地|居住地)(?:那一?栏|那项|那里|一栏)[^，。！？]{0,6}?(?:空|删|清)"
)


def _home_given_up(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    if not _NO_FIXED_HOME.search(ctx.text):
        return
    for m in _HOME_GIVEN_UP.finditer(clause.text):
        place = _clean(m.group("place"))
        subject = _subject(ctx, clause, m.start())
        if subject is not None and _is_city(place) and _place_ok(place):
            yield ending(ctx, clause, subject, "lives_in", normalize_city(place), "zh.home_given_up", m.group())


# Sent to work in a town, the home moved after: "王海燕上个月调去西安分公司了，家也搬过去了", "外派到迪拜了，
# 全家都跟着搬过去了" (not "调去西安分公司了" alone, nor "…，家还没搬过去").
_TRANSFERRED_AND_MOVED = re.compile(
    r"(?:调到|调去|调往|外派到|派到|派驻)了?(?P<town>[\u4e00-\u9fff]{2,4}?)"
    r"(?:分公司|办事处|代表处|分部|分行|分厂|工厂|基地|总部|项目部)?(?:工作|上班)?了?[，,]\s*"
    r"(?:家|全家|一家人|老婆孩子|家人|人)(?:也|都)(?:跟着)?搬(?:过去|过来|过去住|过来住|去那边|到那边)了"
    # Or at work in the town, the speaker moved there too: "昨天开始我就在杭州上班了，人也搬过来了".
    r"|(?:(?<![不没])在|去了|来了)(?P<town2>[\u4e00-\u9fff]{2,4}?)(?:工作|上班)了[，,]\s*"
    r"(?:家|全家|一家人|老婆孩子|家人|人)(?:也|都)(?:跟着)?搬(?:过去|过来|过去住|过来住|去那边|到那边|来这边)了"
)


def _transferred_and_moved(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _TRANSFERRED_AND_MOVED.finditer(clause.text):
        subject = _subject(ctx, clause, m.start())
        prefix = _prefix(clause, m.start())
        town = m.group("town") or m.group("town2")
        if subject is None or not _is_city(town) or _PLAN.search(prefix) or re.search(r"没|不", prefix):
            continue
        town = normalize_city(town)
        yield _fact(subject, "lives_in", town, "transferred_and_moved", m.group(), valid_from=clause.past_time(ctx),
                    confidence=0.85, ends_previous=True)  # fmt: skip


def _town_of_dorm(text: str, end: int, place: str) -> str:
    """``place``, or when it is a dorm ("搬去住校了"), the town of the school named in ``text`` before ``end``
    ("考上成都的大学"); "" when no town is named for it."""
    if not _LODGING.search(place):
        return place
    school = [*_STAYS_IN.finditer(text, 0, end), *_SCHOOL_IN_TOWN.finditer(text, 0, end)]
    town = _clean(school[-1].group("place")) if school else ""
    return town if _is_city(town) else ""


# Residence said by where one is, stays or has always been, a city alone closing the phrase: "人在厦门，…",
# "上个月起人已经在佛山了", "还是待在惠州吧", "爸妈一直在乌鲁木齐", "昨天起算半个杭州人了"
# (not "待在家里", "一直在等", "人在外地", "这周待在杭州" (a stay of days), nor "一直在上海工作" (work, read
# elsewhere)).
_IS_IN_CITY = re.compile(
    r"(?:(?<![个的])人(?:已经|现在|目前|还|都|就)*在|(?:还是|就|继续|一直)(?:待|呆)在|(?<![想要也])一直(?:都)?(?:住)?在)"
    r"(?P<place>[\u4e00-\u9fff]{2,4}?)(?:了|呢|啦|吧)?(?=[，。！,.!；;]|$)"
    r"|半个(?P<place2>[\u4e00-\u9fff]{2,4}?)人(?:了|啦)"
    # "我老公回洛阳老家住了": gone back to live in the home town (not "回老家过年", a visit).
    r"|回(?:到)?(?P<place3>[\u4e00-\u9fff]{2,4}?)老家(?:去)?(?:住|生活|定居|养老)(?:了|去了)"
    # "我还在郑州带娃": still in the town, with the life one leads there.
    r"|(?<=我)(?:还|仍然|依然|仍|一直)(?:留)?在(?P<place4>[\u4e00-\u9fff]{2,4}?)"
    r"(?:带娃|带孩子|带小孩|陪孩子|照顾[\u4e00-\u9fff]{1,3}?|上班|工作|上学|读书|生活)(?=[，。！,.!；;]|$|呢|了)"
    # "我在伦敦，用的…", "我在巴西这边，…": where the speaker is, said first, a phrase of its own (a named
    # city or a country only, checked below).
    r"|^\s*我(?:现在|目前)?在(?P<place5>[\u4e00-\u9fff]{2,4}?)(?:这边|这儿|这里)?(?=[，,])"
)
# Away for now, anywhere in the turn: "我在东京，明天就回", "我在曼谷转机，…" (said of "我在X，…").
_AWAY_FOR_NOW = re.compile(
    # (nor where the speaker works: "我在北京，天天加班" is read as saying nothing, round 9)
    r"出差|旅游|旅行|度假|玩几天|转机|机场|酒店|民宿|开会|培训|探亲|路过|交换|访学|加班|上班|实习"
    r"|(?:明天|后天|下周|过几天|月底|周末|这周|下个月)(?:就|才)?(?:回|走|离开)"
)
_NOT_SETTLED_STAY = re.compile(
    r"出差|旅游|旅行|度假|玩|开会|培训|酒店|宾馆|民宿|如果|要是|假如|[一两三几\d]+(?:天|晚|周)"
)
# "人在成都，下个月搬过去": the move that settles the subject there is still to come.
_MOVE_STILL_TO_COME = re.compile(
    r"(?:下(?:个)?月|下周|下礼拜|明年|年底|月底|过(?:几|两|一阵)(?:天|周|个月)?|打算|准备|计划|想|要|将)"
    r"[^，。！？,.!?；;]{0,4}搬(?:过去|过来|家|到)?"
)


def _is_in_city_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """Where someone is, stays or has always been, named by a city: where they live."""
    for m in _IS_IN_CITY.finditer(clause.text):
        place = _clean(m.group("place") or m.group("place2") or m.group("place3") or m.group("place4") or "")
        if m.group("place5"):
            place = m.group("place5")
            known = place in _KNOWN_CITIES or normalize_city(place) in _KNOWN_CITIES or is_world_city(place)
            if not (known or place in _LIVED_COUNTRIES) or _AWAY_FOR_NOW.search(ctx.text):
                continue
        subject = _subject(ctx, clause, m.start())
        prefix = _prefix(clause, m.start())
        blanked = _segment(Clause(clause.without_times(ctx), clause.start), m.start())
        if subject is None and re.fullmatch(r"\s*(?:起|开始|以来|就|也|已经|总|总算|算是?)*\s*", blanked):
            subject = ctx.speaker_id  # "上个月起人已经在佛山了": from a day on, no one else named
        if (
            subject is None
            or not (_is_city(place) or m.group("place5"))
            or not _place_ok(place)
            or _PLAN.search(prefix)
            or _PAST.search(prefix)
            or re.search(r"[不没别]", prefix[-3:])
            or _NOT_SETTLED_STAY.search(clause.text)
            or _QUESTION.search(clause.text[m.end() :])
            or _MOVE_STILL_TO_COME.match(ctx.text[clause.start + m.end() :].lstrip("，,。 "))
        ):
            continue
        # ("我在伦敦，…昨天更新完就…": the time of a later phrase is not since when the speaker is there.)
        since = clause.phrase_at(m.start()).past_time(ctx) if m.group("place5") else clause.past_time(ctx)
        yield _fact(subject, "lives_in", normalize_city(place), "is_in_city", m.group(), valid_from=since)


# A relative visited in a town ("下个月去长沙看我姐", "周末回苏州陪我爸妈") lives there; so does one married into it
# ("我姐嫁到长沙好几年了", "她前年嫁去了厦门").
_VISITED_IN = re.compile(
    r"(?:去|到|回|飞)(?P<place>[\u4e00-\u9fff]{2,4}?)(?:看|看望|探望|陪)(?:一下|一趟)?我(?:的)?(?P<rel>" + _REL + r")"
    r"(?=[，。！,.!]|$|了|吧)"
)
_MARRIED_INTO = re.compile(
    r"我(?:的)?(?P<rel>" + _REL + r")[^，。！？]{0,4}?嫁(?:到|去|过去到)了?(?P<place>[\u4e00-\u9fff]{2,4}?)"
    r"(?=[了的啦呢吧啊，。！？、,.!?\s]|好几|都|快|已经|[一二两三四五六七八九十几\d]|$)"
)


def _relative_there_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in (*_VISITED_IN.finditer(clause.text), *_MARRIED_INTO.finditer(clause.text)):
        place, rel = _clean(m.group("place")), m.group("rel")
        if rel in _ACQUAINTANCES or not _is_city(place) or not _place_ok(place):
            continue
        if re.search(r"没|不|别|想|打算", _prefix(clause, m.start())[-3:]) or re.search(
            r"想|要|打算|准备|可能", m.group()
        ):
            continue  # "没去长沙看我姐", "我妹想嫁到上海": no visit, no marriage told
        yield _fact(
            f"{ctx.speaker_id}:{_RELATIONS[rel]}", "lives_in", normalize_city(place), "relative_there", m.group()
        )


# "我和我老公住在…", "我跟我妈一起住在…": the speaker and a relative, living together (the relative named as
# "my" again; "我和孩子住迪拜" is labelled as the speaker's home only, heldout15).
_LIVING_WITH = re.compile(
    rf"^\s*(?:我|我们)(?:和|跟|与|同)我(?:的)?(?P<rel>{_REL})(?:一起|俩|两个)?\s*(?:现在|目前|一直)?\s*$"
)


def _living_together(ctx: TurnContext, clause: Clause, m: re.Match[str], city: str) -> Iterator[CandidateFact]:
    """Where the subject lives; "我和我老公住在宁波": the relative the speaker lives with lives there too."""
    if re.search(r"(?:不|没|没有)(?:再)?[跟和与同]我", _prefix(clause, m.start())):
        return  # "我妈不跟我一起住在佛山": no one's home told
    said = list(_state(ctx, clause, m, "lives_in", city, "lives_in"))
    yield from said
    together = _LIVING_WITH.search(_prefix(clause, m.start()))
    # "我妈跟我一起住在佛山", "…，她跟我一起住在佛山": the speaker lives there with the relative.
    if (
        said
        and said[0].subject.startswith(f"{ctx.speaker_id}:")
        and said[0].valid_to is None
        # ("我外婆跟我们一起住在淡滨尼": with the speaker's household.)
        and re.search(r"[跟和与同]我们?一起(?:现在|目前|一直)?\s*$", _prefix(clause, m.start()))
    ):
        yield replace(said[0], subject=ctx.speaker_id)
    if said and said[0].subject == ctx.speaker_id and said[0].valid_to is None and together is not None:
        rel = together.group("rel")
        if rel not in _ACQUAINTANCES:
            yield replace(said[0], subject=f"{ctx.speaker_id}:{_RELATIONS[rel]}")


def _moved_with_work_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    yield from _corrected_and_moved_in(ctx, clause)
    yield from _transferred_and_moved(ctx, clause)
    yield from _lives_there_facts(ctx, clause)


def _settled_move_starts(ctx: TurnContext, clause: Clause, m: re.Match[str], prefix: str) -> datetime | None:
    """The day a move still to come holds from, when told as settled: "下个月起我就搬去厦门了" (not "…就要搬去…")."""
    if re.search(r"了", clause.text[m.end() : m.end() + 3]) and "要" not in prefix:
        return _starts_on(ctx, clause)
    return None


# "不在深圳住了，回成都了": gone back to a city, said beside a home given up or a move; "回长沙定居了" on its own.
_BACK_TO_CITY = re.compile(
    r"(?<![想要会得能])(?<!打算)(?<!准备)回(?:到)?(?P<place>[\u4e00-\u9fff]{2,4}?)(?:老家)?"
    r"(?P<settled>定居|常住|住|生活|发展)?(?:了|啦)(?=[，。！,.!；;]|$)"
)
_HOME_LEFT_TOLD = re.compile(
    r"不(?:再)?在[\u4e00-\u9fff]{2,4}?(?:住|生活|定居|待)了|搬|退租|(?:房子|那套房)[^，。！？]{0,6}(?:退|卖)"
)


def _back_to_city_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """A city gone back to as home ("不在深圳住了，回成都了"), not a trip home ("国庆回成都了，下周回上海")."""
    if _AWAY_FOR_NOW.search(ctx.text) or _QUESTION.search(clause.text):
        return
    for m in _BACK_TO_CITY.finditer(clause.text):
        place = _clean(m.group("place"))
        if not m.group("settled") and not _HOME_LEFT_TOLD.search(ctx.text):
            continue
        subject = _subject(ctx, clause, m.start())
        prefix = _prefix(clause, m.start())
        if subject is None or not _is_city(place) or not _place_ok(place) or re.search(r"没|不|别", prefix[-3:]):
            continue
        if _PLAN.search(prefix) or (clause.future_time(ctx) is not None and clause.past_time(ctx) is None):
            continue
        yield _fact(
            subject,
            "lives_in",
            normalize_city(place),
            "back_to_city",
            m.group(),
            valid_from=clause.past_time(ctx),
            ends_previous=True,
        )


def _live_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    text = clause.text
    yield from _moved_with_work_facts(ctx, clause)
    moved: set[str] = set()
    for m in _MOVE.finditer(text):
        # "搬回老家洛阳": the hometown is the city named after the word.
        place = _town_of_dorm(text, m.start(), re.sub(r"^(?:老家|家乡|故乡)", "", _clean(m.group("place"))))
        subject = _subject(ctx, clause, m.start())
        prefix = _prefix(clause, m.start())
        if (
            subject is None
            or not place
            or not _place_ok(place)
            or re.search(r"没|不|别", prefix[-3:])
            or _PLAN.search(prefix)
        ):
            continue
        if _ORGANISATION_MOVED.search(_segment(Clause(clause.without_times(ctx), clause.start), m.start()).strip()):
            continue  # "我们公司去年搬到了苏州工业园区": the company moved, not the speaker
        if re.match(r"落户|回|调|外派|派驻|留", m.group()) and not _is_city(place):
            continue  # "落户到集体户", "回老家过年": a household is registered in a city, one goes home to one
        # "下周一我就要搬到西安去了": a move still to come is a plan, not where the subject lives; one said
        # from a day on, done ("下个月起我就搬去厦门了"), is where the subject lives from then.
        settled = _settled_move_starts(ctx, clause, m, prefix)
        if settled is None and clause.future_time(ctx) is not None and clause.past_time(ctx) is None:
            continue
        moved.add(place)
        yield _fact(
            subject,
            "lives_in",
            normalize_city(_city_of(place)),
            "moved_to",
            m.group(),
            valid_from=clause.past_time(ctx) or settled,
            confidence=0.9,
            ends_previous=True,
        )
    yield from _settled_facts(ctx, clause)
    for m in _LIVES_ELSEWHERE.finditer(text):
        place = _clean(m.group("place"))
        if _is_city(place) and _is_city(_clean(m.group("old"))):
            yield _fact(ctx.speaker_id, "lives_in", normalize_city(place), "lives_elsewhere", m.group())
    for pattern in (_LIVE, _LIVE_AFTER):
        for m in pattern.finditer(text):
            place = _clean(m.group("place"))
            if place in ("那边", "那里", "那儿") or _LODGING.search(place):
                # "我女儿在武汉读研，平时住学校宿舍": the dorm is in the city where she studies.
                named = list(_STAYS_IN.finditer(text, 0, m.start()))
                place = _clean(named[-1].group("place")) if named else place
            # ("在广州住了六年终于搬走了": the years lived there, ended by moving away.)
            if place in moved or not _place_ok(place) or _LIVED_THEN_LEFT.match(text, m.end()):
                continue
            named_city = place in _KNOWN_CITIES or normalize_city(place) in _KNOWN_CITIES or place.endswith("市")
            if _AREA_AFTER.match(text, m.end("place")) and not named_city:
                # "我弟弟在新加坡读研，住在裕廊那边": the part of town is in the city named before;
                # "住在合肥滨湖那边": or in the city it is named with.
                named = list(_STAYS_IN.finditer(text, 0, m.start()))
                city = next((place[:n] for n in (2, 3) if len(place) > n and place[:n] in _KNOWN_CITIES), None)
                if not named and city is None:
                    continue
                place = _clean(named[-1].group("place")) if named else city or place
            yield from _living_together(ctx, clause, m, normalize_city(_city_of(place)))
    # "我现在不在北京了，搬回老家了": a residence ended, said among words of moving or of giving up the home
    # ("赣州那边的房子已经退租了，人也不在那儿了").
    if re.search(r"搬|住|回老家|回到老家|退租|退房|房子", ctx.text):
        for m in (*_NOT_THERE_ANYMORE.finditer(text), *_NOT_LIVING_THERE.finditer(text)):
            place = _clean(m.group("place"))
            if place in ("那边", "那里", "那儿"):
                # "长沙那边的房子退租了，我现在不在那儿住": there is the city named before.
                named = list(_CITY_THERE.finditer(ctx.text, 0, clause.start + m.start()))
                place = _clean(named[-1].group("place")) if named else place
            subject = _subject(ctx, clause, m.start())
            if subject and _is_city(place) and _place_ok(place):
                yield ending(ctx, clause, subject, "lives_in", normalize_city(place), "zh.not_there_anymore", m.group())
    yield from _back_to_city_facts(ctx, clause)
    yield from _left_or_arrived(ctx, clause)
    yield from _home_given_up(ctx, clause)
    for m in _LEAVE_CITY.finditer(text):
        place = _clean(m.group("place"))
        subject = _subject(ctx, clause, m.start())
        if subject and _is_city(place) and not re.search(r"没|不", _prefix(clause, m.start())[-2:]):
            yield ending(ctx, clause, subject, "lives_in", normalize_city(place), "zh.left_city", m.group())


def _state(
    ctx: TurnContext, clause: Clause, m: re.Match[str], predicate: str, value: str, rule: str
) -> Iterator[CandidateFact]:
    """A present state; or its end when negated as a change (不再…, 不…了, 已经不…)."""
    subject = _subject(ctx, clause, m.start())
    prefix = _prefix(clause, m.start())
    if subject is None or _PAST.search(prefix) or _PLAN.search(prefix):
        return
    negation = m.groupdict().get("neg") or ""
    after = clause.text[m.end() : m.end() + 3]
    if not negation and re.search(r"(?:不|没)$", prefix):
        negation = prefix[-1]
    if negation:
        changed = negation in ("不再", "已经不") or after.startswith("了") or "了" in m.group()[-2:]
        if changed and not negation.startswith("没"):
            yield ending(ctx, clause, subject, predicate, value, f"zh.{rule}.ended", m.group())
        return
    yield _fact(
        subject,
        predicate,
        value,
        rule,
        m.group(),
        valid_from=clause.past_time(ctx),
        confidence=STATE_CONFIDENCE,
        ends_previous="现在" in prefix,
    )


_GENERIC_ORG = re.compile(r"一家|一个|某家|某个")

# A kind of workplace, named by what it is, not which one: "在公路旅馆后厨当帮厨", "在塔希提的珍珠养殖场当技术员",
# "在机场做地勤", "在路边烧烤店打工". Only plain nouns may come before the kind ("希尔顿酒店", "全聚德饭店" and
# "小米之家" have a name in them: jieba tags it as a person, place or other word); a town before 的 and a
# part of the place after it (后厨, 前台) name no employer either.
_WORKPLACE_KINDS = re.compile(
    r"(?:旅馆|饭馆|餐馆|餐厅|饭店|酒店|宾馆|民宿|机场|养殖场|农场|牧场|果园|渔场|工厂|工地|汽修店|修车铺|烧烤店|小吃店"
    r"|快餐店|便利店|加油站|洗车店|理发店|诊所|仓库|物流园|超市)"
    r"(?:的)?(?:后厨|厨房|前台|大堂|车间)?$"
)


def _is_kind_of_employer(org: str) -> bool:
    if org in _KINDS_OF_EMPLOYER:
        return True
    kind = _WORKPLACE_KINDS.search(org)
    if kind is None:
        return False
    # ("塔希提的珍珠养殖场": whatever is before 的 says where or whose, the value would not be an employer.)
    return plain_nouns(re.sub(r"^.{2,8}?的", "", org[: kind.start()]))


# Countries and regions, where one works, not for whom: "在澳洲打工度假", "在日本上班" (names no employer).
_COUNTRIES = frozenset(
    [
        "中国", "美国", "英国", "法国", "德国", "日本", "韩国", "俄罗斯", "加拿大", "澳大利亚",
        "澳洲", "新西兰", "意大利", "西班牙", "葡萄牙", "荷兰", "比利时", "瑞士", "瑞典", "挪威",
        "丹麦", "芬兰", "爱尔兰", "奥地利", "波兰", "希腊", "土耳其", "以色列", "印度", "泰国",
        "越南", "马来西亚", "新加坡", "印尼", "印度尼西亚", "菲律宾", "柬埔寨", "老挝", "缅甸", "巴基斯坦",
        "阿富汗", "伊朗", "沙特", "阿联酋", "迪拜", "卡塔尔", "埃及", "南非", "尼日利亚", "肯尼亚",
        "巴西", "阿根廷", "智利", "秘鲁", "墨西哥", "古巴", "斐济", "大溪地", "塔希提", "欧洲",
        "北美", "南美", "非洲", "东南亚", "中东", "海外", "国外", "国内", "香港", "澳门",
        "台湾",
    ]
)  # fmt: skip
# Countries, where one may live ("我在巴西这边"); not regions nor "abroad".
_LIVED_COUNTRIES = _COUNTRIES - {"海外", "国外", "国内", "欧洲", "北美", "南美", "非洲", "东南亚", "中东", "中国"}


def _org_ok(org: str) -> bool:
    # ("把我留在你们这的聊天记录清干净": 你们这的… is no employer, and 干净 no work.)
    return (
        org not in _COUNTRIES
        and not org.startswith(("一", "这", "那", "某", "家", "哪", "你", "您", "他", "她"))
        and org not in _NOT_PLACES
        and not _PAST.search(org)
        and not _PLAN_WORDS.search(org)
        # ("是流水线上的组长", "车间里的班长", "工地上的电工": a spot at work, not an employer.)
        and not _SPOT_AT_WORK.search(org)
        # ("今天是在老东家的最后一天": an employer by its place in one's history names none)
        and not re.fullmatch(r"(?:老|新|前|原)(?:东家|单位|公司)", org)
        # ("我是公司IT部的网管", "单位财务科的会计": a department of an employer left unnamed names none.)
        and not _UNNAMED_EMPLOYERS_DEPARTMENT.fullmatch(org)
    )


_UNNAMED_EMPLOYERS_DEPARTMENT = re.compile(
    r"(?:我们|我的|我)?(?:公司|单位|集团|总部|医院|学校)(?:的)?[\u4e00-\u9fffA-Za-z]{1,6}?(?:部|处|科|组|室|中心|部门)"
)


_SPOT_AT_WORK = re.compile(r"^[\u4e00-\u9fff]{2,4}[上里]$")


# Years spent at a job: "在格力干了五年", "工作了三年多".
_YEARS_SPENT = re.compile(r"了?[一二两三四五六七八九十几\d]+年")
_OUR_SIDE = frozenset(["我们", "我们公司", "你们", "你们公司"])


def _role_of_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """The title in "王磊现在是京东的采购总监", and the organisation when it is named."""
    text = clause.text
    for m in _ROLE_OF.finditer(text):
        # "我是蜜雪冰城郑州一家店的店长": the chain, not its shop in a city.
        chain = _chain_of_shop(m.group("org"))
        if chain is not None:
            subject = _subject(ctx, clause, m.start())
            if subject and not _PAST.search(_prefix(clause, m.start())):
                yield _fact(subject, "job_title", _clean(m.group("title")), "role_of", m.group())
                yield _fact(subject, "works_at", chain, "role_of.chain", m.group())
            continue
        subject = _subject(ctx, clause, m.start())
        if subject is None or _PAST.search(_prefix(clause, m.start())) or m.group("title") in _ACCOUNT_ROLES:
            continue  # "我是公司的管理员": a role on the company's account, not a job
        if m.group("org") in _OUR_SIDE and subject != ctx.speaker_id and not subject.startswith(f"{ctx.speaker_id}:"):
            # "李华是我们的客户经理": the person's title, at an employer the turn does not name.
            yield _fact(subject, "job_title", _clean(m.group("title")), "role_of", m.group())
            continue
        if _NOT_A_JOB.search(m.group("org")):
            continue
        yield _fact(subject, "job_title", _clean(m.group("title")), "role_of", m.group(), confidence=STATE_CONFIDENCE)
        org = _clean(m.group("org"))
        # ("我是老板的助理": a person's, not an employer's.)
        named = _org_ok(org) and not _GENERIC_ORG.search(org) and org not in _UNNAMED_EMPLOYERS
        if named and not _is_city(org) and org not in _RELATIONS:
            yield _fact(subject, "works_at", org, "role_of.employer", m.group(), confidence=STATE_CONFIDENCE)


# An employer named as a landmark, then worked at "there": "离网易近，我在那儿做测试", "离华为不远，我在那边上班".
_WORKS_THERE = re.compile(
    r"离"
    + _ORG
    + r"(?:很|挺|比较|特别|蛮|也)?(?:近|不远)[^。！？]{0,12}?[，,]\s*我(?:就|也|正好|刚好)?在(?:那儿|那里|那边)"
    r"(?:(?:做|当|干)(?:一名|个)?" + _TITLE + r"|上班|工作)(?=[，。！？；,.!?;\s]|$|了|呢|啦|吧)"
)


def _works_there_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _WORKS_THERE.finditer(clause.text):
        org = _clean(m.group("org"))
        if not _org_ok(org) or _is_city(org) or _is_kind_of_employer(org) or _PLAN.search(m.group()):
            continue
        yield _fact(ctx.speaker_id, "works_at", org, "works_there", m.group())
        if m.group("title"):
            yield _fact(ctx.speaker_id, "job_title", _clean(m.group("title")), "works_there", m.group())


def _after_place(org: str) -> str:
    """The employer named after the city it is in: "班加罗尔的小米研发中心" is 小米's, "奥克兰的Countdown超市"
    Countdown's (a city alone before 的 is where the firm is, not the firm)."""
    head, _, tail = org.partition("的")
    return tail if tail and len(tail) >= 2 and _is_city(head) else org


def _role_at_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """The title and employer of "在京东物流做仓储主管", dated by a start the turn names."""
    yield from _works_there_facts(ctx, clause)
    text = clause.text
    for m in _ROLE_AT.finditer(text):
        subject = _subject(ctx, clause, m.start())
        prefix = _prefix(clause, m.start())
        # "在一家私立医院当护士长": a kind of employer; the title stands.
        kind_of = re.match(r"一(?:家|所|间)", m.group("org")) is not None
        if m.group("spent") and _JOB_CHANGE.search(ctx.text, clause.start + m.end()):
            continue  # "在字节跳动干了三年运营，上个月跳槽去了快手": the job before the change
        if subject and (_org_ok(m.group("org")) or kind_of) and not _PAST.search(prefix) and not _PLAN.search(prefix):
            # "上周开始我在京东物流做仓储主管": the job holds from the start the turn names.
            since = clause.past_time(ctx) if _STARTED.search(clause.without_times(ctx)) else None
            yield _fact(
                subject,
                "job_title",
                _clean(m.group("title")),
                "role_at",
                m.group(),
                confidence=STATE_CONFIDENCE,
                valid_from=since,
                ends_previous=since is not None,
            )
            # "上海一家律所": a kind of employer, not one named — the title stands, the employer does not.
            # ("我在医院当护士": nor does the bare word for the place.)
            org = employer_without_unit(_after_place(m.group("org")))
            if (
                not _is_city(org)
                and not _GENERIC_ORG.search(org)
                and not kind_of
                and not _is_kind_of_employer(org)
                and _clean(org) not in _UNNAMED_EMPLOYERS
            ):
                yield _fact(
                    subject,
                    "works_at",
                    _clean(org),
                    "role_at.employer",
                    m.group(),
                    confidence=STATE_CONFIDENCE,
                    valid_from=since,
                    ends_previous=since is not None,
                )


def _works_at_state(ctx: TurnContext, clause: Clause, m: re.Match[str], org: str) -> list[CandidateFact]:
    """The employer of "在…上班", without its department, undated by a move told before it."""
    text = clause.text
    if (
        _RETIRED_FROM.search(text, max(0, m.start() - 6))
        or _LAST_SHIFT_AT.search(text, max(0, m.start() - 3))
        or _WORKED_THEN_RETIRED.match(text, m.start())
    ):
        return []  # "退休前在武钢干了一辈子": the employer left, read as its ending
    # "在中铁国际的海外项目部上班": the organisation, not its department.
    if (unit_of := employer_without_unit(org)) != org:
        if unit_of in _UNNAMED_EMPLOYERS or unit_of in _OUR_SIDE:
            return []  # "在我们公司的财务部上班": names no employer
        org = unit_of
    employed = list(_state(ctx, clause, m, "works_at", org, "works_at"))
    if _time_is_the_moves(ctx, clause, m.start()):
        # "昨天正式搬来仰光了，在中缅油气管道公司上班": the day is the move's, the job's start is not told.
        employed = [replace(f, valid_from=None, ends_previous=False) for f in employed]
    return employed


def _started_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """A start at an employer, scheduled ("下周一开始在字节跳动上班") or gone by ("上周一开始去字节上班了"), and
    an offer taken ("美团那边上个月发了offer我就过去了")."""
    text = clause.text
    starts = clause.future_time(ctx)
    for m in _START.finditer(text) if starts or clause.past_time(ctx) else ():
        if not starts and not m.group("org2"):
            continue  # a start gone by is read with 在 by _WORK, and 入职 by _joined_facts
        # ("上周一开始去字节上班了": the start gone by, dated then.)
        org = _clean(m.group("org") or m.group("org2") or m.group("org3") or m.group("org4"))
        subject = _subject(ctx, clause, m.start())
        prefix = _prefix(clause, m.start())
        if subject is None or _is_city(org) or not _org_ok(org) or _PLAN.search(prefix) or re.search(r"不|没", prefix):
            continue
        yield _fact(
            subject,
            "works_at",
            org,
            "starts_at",
            m.group(),
            valid_from=starts or clause.past_time(ctx),
            ends_previous=True,
        )
        if starts and (m.group("org3") or m.group("org4")):
            # ("下周一入职腾讯，做后端开发": the role in the next phrase starts with the job)
            yield from _role_after(ctx, clause, m.end(), subject, starts)
    for m in _OFFER_TAKEN.finditer(text):
        org = _clean(m.group("org"))
        subject = _subject(ctx, clause, m.start())
        if subject is None or not _org_ok(org) or _is_city(org) or re.search(r"没|不|想|打算", m.group()):
            continue
        yield _fact(
            subject, "works_at", org, "offer_taken", m.group(), valid_from=clause.past_time(ctx), ends_previous=True
        )


def _work_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    text = clause.text
    for m in _WORKS_ELSEWHERE.finditer(text):
        # "我不在格力上班，我在美的": the place said after the denial is where the speaker works.
        org = _clean(m.group("org"))
        subject = _subject(ctx, clause, m.start())
        if subject and _org_ok(org) and not _is_city(org):
            yield _fact(subject, "works_at", org, "works_elsewhere", m.group())
    yield from _role_at_facts(ctx, clause)
    yield from _role_of_facts(ctx, clause)
    yield from _started_facts(ctx, clause)
    starts = clause.future_time(ctx)
    for m in _WORK.finditer(text):
        org = _clean(m.group("org"))
        place = _is_city(org) or is_city_area(org, _KNOWN_CITIES)
        if m.group("verb") not in ("做", "当", "担任") and (place or _is_kind_of_employer(org)):
            # "我闺女在深圳上班，做会计": the city or kind of employer names none; the role stands.
            subject = _subject(ctx, clause, m.start())
            comma = _COMMA.search(text, m.end())
            role = _ROLE_NEXT.match(text, comma.start()) if comma else None
            if subject and role and not re.search(r"不|没|以前|之前|原来", _prefix(clause, m.start())):
                yield _fact(
                    subject, "job_title", _clean(role.group("title") or role.group("post")), "role_next", role.group()
                )
            continue
        if m.group("verb") in ("做", "当", "担任") or not _org_ok(org) or _GENERIC_ORG.search(org):
            continue
        if _YEARS_SPENT.match(text, m.end()) and _JOB_CHANGE.search(ctx.text, clause.start + m.end()):
            continue  # "在字节跳动干了三年，上个月跳槽去了快手": the job before the change
        left = _QUIT_BEFORE.match(text, m.start("org") - 1)
        if (
            left is not None
            and (left.group("org_spent") or left.group("org_left"))
            and _left_after_years(ctx, clause, left)
        ):
            continue  # "在腾讯干了八年，昨天办完离职手续": the job left, read as its ending
        if starts and "开始" in _prefix(clause, m.start())[-3:]:
            continue  # a scheduled start, read above
        employed = _works_at_state(ctx, clause, m, org)
        yield from employed
        present = next((f for f in employed if f.valid_to is None), None)
        comma = _COMMA.search(text, m.end())
        role = _ROLE_NEXT.match(text, comma.start()) if comma else None
        if present is not None and role is not None:
            yield _fact(
                present.subject,
                "job_title",
                _clean(role.group("title") or role.group("post")),
                "role_next",
                role.group(),
            )
    yield from _joined_facts(ctx, clause)
    yield from _employer_is_facts(ctx, clause)
    yield from _named_employer_facts(ctx, clause)
    if _JOB_CHANGE.search(ctx.text):
        for m in _NOW_AT.finditer(text):
            # "工作也换了，现在在小红书": where the speaker works now, after the change.
            org = _clean(m.group("org"))
            if _org_ok(org) and not _is_city(org) and not is_city_area(org, _KNOWN_CITIES):
                yield _fact(ctx.speaker_id, "works_at", org, "now_at", m.group(), ends_previous=True)
    yield from _left_job_facts(ctx, clause)
    yield from _years_as_title_left(ctx, clause)
    yield from _at_then_trade_facts(ctx, clause)
    yield from _employer_by_trade_or_end(ctx, clause)
    yield from _title_facts(ctx, clause)


# The employer named as the new or present job's: "新工作在网易", "新东家是小米", "现在的公司是蔚来",
# "工作单位是国家电网" (not "新工作在上海", a city, nor "新工作还没着落").
_EMPLOYER_IS = re.compile(
    r"(?:(?:新(?:的)?(?:工作|公司|东家|单位)|(?:现在|目前)的?(?:公司|单位|东家)|工作单位)(?:也)?(?:是|在|就在|定在|落在)了?"
    # "升职啦，公司还是美的", "岗位换了，单位仍然是国家电网": the same employer, still.
    r"|(?P<still>(?:公司|单位|东家)(?:也)?(?:还是|仍然是|依然是|仍是|照旧是|也还是)"
    # "被提拔成店长了，还在同一家优衣库": the same employer, said of the place.
    r"|(?:还|仍然|依然|仍)(?:是)?在(?:同一家|原来那家|原来的|老东家)))"
    r"(?P<org>[\u4e00-\u9fffA-Za-z0-9&]{2,15}?)(?=[，。！？；,.!?;\s]|了|啦|$)"
)


# The employer's name in brackets after the word for it: "公司（就是那个南太平洋渔业）又老调我的班",
# "我们单位(国家电网)".
_EMPLOYER_IN_BRACKETS = re.compile(
    r"(?:^|(?<=[，,。！？\s]))(?:我们?的?)?(?:公司|单位|东家)\s*[（(]\s*(?:就是|也就是|即)?(?:那个|那家)?"
    r"(?P<org>[\u4e00-\u9fffA-Za-z0-9&]{2,15}?)\s*[)）]"
)


def _employer_in_brackets(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _EMPLOYER_IN_BRACKETS.finditer(clause.text):
        org = _clean(m.group("org"))
        if not _org_ok(org) or _is_city(org) or org in _UNNAMED_EMPLOYERS or not noun_first(org):
            continue
        if _PAST.search(m.group()) or re.search(r"不是|以前|之前|原来", m.group()):
            continue  # "公司（以前那家华为）": not the one now
        yield _fact(ctx.speaker_id, "works_at", org, "employer_in_brackets", m.group(), confidence=STATE_CONFIDENCE)


def _employer_is_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    yield from _employer_in_brackets(ctx, clause)
    for m in _EMPLOYER_IS.finditer(clause.text):
        org = _clean(m.group("org"))
        subject = _subject(ctx, clause, m.start())
        prefix = _prefix(clause, m.start())
        if subject is None or not _org_ok(org) or _GENERIC_ORG.search(org) or _PLAN.search(prefix):
            continue
        if _is_city(org) or is_city_area(org, _KNOWN_CITIES) or org in _UNNAMED_EMPLOYERS or _is_kind_of_employer(org):
            continue
        still = m.group("still") is not None
        if still and not noun_first(org):
            continue  # "公司还是老样子", "单位还是很忙", "公司还是得去一趟": how things are, not which one
        yield _fact(
            subject, "works_at", org, "employer_is", m.group(), confidence=STATE_CONFIDENCE, ends_previous=not still
        )


def _joined_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """An employer joined ("入职了美团", "考进了华为", "被腾讯录用了"), and the role said after it."""
    text = clause.text
    for m in (*_JOIN.finditer(text), *_REPORTED_FOR_DUTY.finditer(text), *_HIRED.finditer(text)):
        org = _clean(m.group("org"))
        subject = _subject(ctx, clause, m.start())
        if subject is None or _is_city(org) or not _org_ok(org) or _GENERIC_ORG.search(org):
            continue
        if "进" in m.group()[:3] and (_NOT_JOINED.search(org) or _SCHOOL.search(org)):
            continue  # "去年进了医院", "今年进了北大": no employer
        if m.group().startswith(("考", "应聘", "被")) and (
            _SCHOOL.search(org) or re.search(r"不|没", _prefix(clause, m.start())) or re.fullmatch(_JOB_SUFFIX, org)
        ):
            continue
        starts = _next_job_starts(ctx, clause, m.start())
        if not _PLAN.search(_prefix(clause, m.start())) and (starts or not _future(ctx, clause)):
            yield _fact(
                subject,
                "works_at",
                org,
                "joined",
                m.group(),
                valid_from=starts or clause.past_time(ctx),
                confidence=0.85,
                ends_previous=True,
            )
            yield from _role_after(ctx, clause, m.end(), subject, starts)


# An employer named with the trade done there: "在美团跑外卖三年了", "我老公在滴滴开网约车" (not "今天在美团送外卖",
# a day's work, nor "在家写代码": a home is no employer).
# (Teaching and practising medicine are read with the title the turn names: "我是数学老师，在二中教书".)
_TRADES_DONE_AT = "|".join(
    sorted((w for w in _TRADES_BY_WORK if w not in ("教书", "教课", "行医")), key=len, reverse=True)
)
_AT_DOING_TRADE = re.compile(_AT + _ORG + rf"(?P<work>{_TRADES_DONE_AT})(?![\u4e00-\u9fff]*[吗呢？?])")
# An employer left, said by the last shift there ("昨天是我在顺丰的最后一个班") or by a working life that ended with
# retirement ("我爸退休前在武钢干了一辈子").
_LAST_SHIFT_AT = re.compile(
    r"是(?:我|他|她)?在" + _ORG + r"的最后一(?:个班|天班|个工作日|天|班)(?![\u4e00-\u9fff]*[吗呢？?])"
)
_RETIRED_FROM = re.compile(
    r"(?:退休|离休|退下来)(?:以)?前(?:一直)?在"
    + _ORG
    + r"(?:干|工作|上班|做)(?:了)?(?:一辈子|大半辈子|[一二三四五六七八九十几\d]+年)"
    # The retirement first, the working life after it: "去年三月退休了，以前在中国移动干了三十年".
    + r"|(?:退休|离休|退下来)了[，,]\s*(?:以前|之前|原来|过去)(?:一直)?在"
    + _ORG.replace("org", "org2")
    + r"(?:干|工作|上班|做)(?:了)?(?:一辈子|大半辈子|[一二三四五六七八九十几\d]+年)"
)
# Retired from an employer, said after the working life there or with 从: "我老爸在中石化干了一辈子，上个月刚办完退休",
# "去年三月从波音退下来的" (not "明年就要退休了", still to come).
_WORKED_THEN_RETIRED = re.compile(
    r"在"
    + _ORG
    + r"(?:干|工作|上班|做)(?:了)?(?:一辈子|大半辈子|[一二三四五六七八九十几\d]+年多?)[，,]?[^。！？；]{0,10}?"
    r"(?<![快要将备算想])(?:办完|办好|办了|办理了|正式|刚|已经)?(?:退休|退下来|退了休)(?=[了的，。！？,.!?]|手续|$)"
    r"|从" + _ORG.replace("org", "org2") + r"(?:光荣)?(?:退休|退下来|退了休)(?:了|的)"
)

_TEACHER_SAID = re.compile(r"是(?:一名|一个|个|一位|名)?[\u4e00-\u9fff]{0,4}?(?:老师|教师)(?=[，,。！!]|$)")
# A school named with the subject taught there: "去年三月起在实验小学教语文", "我姐在市一中教英语".
_TEACHES_AT = re.compile(
    _AT
    + r"(?P<org>[\u4e00-\u9fffA-Za-z0-9]{1,10}?"
    + r"(?:小学|初中|高中|中学|大学|学院|学校|幼儿园|[一二三四五六七八九十\d]+中))"
    + rf"(?:里)?(?:教|当)(?P<subj>{_SCHOOL_SUBJECTS})(?:老师)?(?=[，。！,.!\s]|$)"
)

# "我和老婆都在腾讯": the speaker and a relative at one employer (a city is a home, read elsewhere).
_BOTH_AT = re.compile(rf"我(?:和|跟|与)我?(?:的)?(?P<rel>{_REL})都在" + _ORG + r"(?:上班|工作)?(?=[，。！,.!]|$)")


def _employer_by_trade_or_end(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """An employer named with the trade done there, or left after a last shift or a working life."""
    text = clause.text
    for m in _AT_DOING_TRADE.finditer(text):
        org = _clean(m.group("org"))
        subject = _subject(ctx, clause, m.start())
        prefix = _prefix(clause, m.start())
        if (
            subject is None
            or _is_city(org)
            or is_city_area(org, _KNOWN_CITIES)
            or not _org_ok(org)
            or _is_kind_of_employer(org)
            or org in _UNNAMED_EMPLOYERS
            or _GENERIC_ORG.search(org)
            or _PAST.search(prefix)
            or _PLAN.search(prefix)
            or _DAY_OFF.search(prefix)
            or re.search(r"[不没别]", prefix)
        ):
            continue
        yield _fact(subject, "works_at", org, "at_doing_trade", m.group())
        yield _fact(subject, "job_title", _TRADES_BY_WORK[m.group("work")], "at_doing_trade", m.group())
    for m in _BOTH_AT.finditer(text):
        org = _clean(m.group("org"))
        if _is_city(org) or not _org_ok(org) or _is_kind_of_employer(org) or org in _UNNAMED_EMPLOYERS:
            continue
        if re.search(r"[不没想]|以前|曾经|打算", _prefix(clause, m.start())):
            continue
        yield _fact(ctx.speaker_id, "works_at", org, "both_at", m.group())
        yield _fact(f"{ctx.speaker_id}:{_RELATIONS[m.group('rel')]}", "works_at", org, "both_at", m.group())
    for m in _TEACHES_AT.finditer(text):
        org = _clean(m.group("org"))
        subject = _subject(ctx, clause, m.start())
        prefix = _prefix(clause, m.start())
        if subject is None or re.search(r"[不没想要]|以前|曾经|打算|如果", prefix):
            continue
        since = clause.past_time(ctx)
        if not _GENERIC_ORG.search(org) and org not in _UNNAMED_EMPLOYERS and _org_ok(org):
            yield _fact(subject, "works_at", org, "teaches_at", m.group(), valid_from=since)
        # ("我老婆是小学老师，在实验小学教语文": the teacher's title said already, the subject adds none.)
        if not _TEACHER_SAID.search(ctx.text, 0, clause.start + m.start()):
            yield _fact(subject, "job_title", m.group("subj") + "老师", "teaches_at", m.group(), valid_from=since)
    for pattern in (_LAST_SHIFT_AT, _RETIRED_FROM, _WORKED_THEN_RETIRED):
        for m in pattern.finditer(text):
            org = _clean(m.group("org") or m.group("org2"))
            subject = _subject(ctx, clause, m.start())
            if subject is None or _is_city(org) or not _org_ok(org):
                continue
            if pattern is _WORKED_THEN_RETIRED and (org in _UNNAMED_EMPLOYERS or _is_kind_of_employer(org)):
                continue  # "去年从央企退休了": a kind of employer names none
            if _future(ctx, clause) and clause.past_time(ctx) is None:
                continue  # a last shift still to come
            if re.search(r"[不没想]|打算|如果", _prefix(clause, m.start())):
                continue
            yield ending(ctx, clause, subject, "works_at", org, "zh.employer_left", m.group())


# "我家那位在华为，硬件工程师": the employer, then the trade in the next phrase, no verb.
_AT_THEN_TRADE = re.compile(
    _AT + r"(?P<org>(?:(?!上班|工作|做|当|干|实习|任职|是)[\u4e00-\u9fffA-Za-z0-9&]){2,10}?)[，,]\s*(?:一名|一个|个)?"
    r"(?P<title>(?:(?!的|是|做|当|干)[\u4e00-\u9fffA-Za-z]){0,6}?(?:" + _JOB_SUFFIX + r"))(?=[，。！？,.!?]|$)"
)


def _at_then_trade_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _AT_THEN_TRADE.finditer(clause.text):
        org = _clean(m.group("org"))
        subject = _subject(ctx, clause, m.start())
        prefix = _prefix(clause, m.start())
        if subject is None or _is_city(org) or not _org_ok(org) or _PAST.search(prefix) or _is_kind_of_employer(org):
            continue
        yield _fact(subject, "works_at", org, "at_then_trade", m.group())
        yield _fact(subject, "job_title", _clean(m.group("title")), "at_then_trade", m.group())


# "我已经不在华为了，现在跳槽到小米了", "早就不在腾讯了，去了字节": an employer one is at no more, said in a
# turn about changing jobs (不在北京了 is a town, handled as a home; "不在群里了" is no job).
# (Said as "no longer": heldout12 labels a bare "我不在比亚迪了，上个月跳槽去了宁德时代" with no ending.)
_NOT_AT_EMPLOYER = re.compile(r"(?:(?:已经|早就|早已|早)不|不再)在" + _ORG + r"(?:干|做|待|呆|上班|工作)?了")
_JOB_CHANGE_TOLD = re.compile(r"跳槽|离职|辞职|辞了|入职|新工作|新东家|换工作|换了工作|换了份工作|上班|(?i:offer)")
# Gone from there, said after: "已经不在叠纸了，五月份走的", "不在美团了，干满三年就走了".
_LEFT_TOLD = re.compile(r"了[，,][^，。！？]{0,8}?(?:走的|走了|不干了|辞的|离开的|离职的|辞职的)(?=[，。！？,.!?]|$)")


def _left_after_years(ctx: TurnContext, clause: Clause, m: re.Match[str]) -> bool:
    """Whether the leaving after the years spent (a ``_QUIT_BEFORE`` match) is told as done."""
    between = m.group("between") or m.group("between_left") or ""
    return not re.search(r"没|不|想|打算|准备|要|考虑|可能|申请|提", between) and not _future(ctx, clause)


def _job_left_told(text: str) -> bool:
    """Whether the turn tells a job was left, not asks or weighs it ("要不要辞职？", "想离职")."""
    for m in _JOB_LEFT.finditer(text):
        closing = re.search(r"[，。！？,.!?；;]|$", text[m.end() :])
        asked = closing is not None and closing.group() in ("？", "?")
        if not asked and not re.search(
            r"(?:要不要|该不该|想|打算|准备|考虑|没|不)$", text[max(0, m.start() - 3) : m.start()]
        ):
            return True
    return False


def _years_as_title_left(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """ "辞职了，干了八年快递员": the title the years were spent as ends with the job (not "干了八年快递员，还在干")."""
    for m in _YEARS_AS_TITLE.finditer(clause.text) if _job_left_told(ctx.text) else ():
        subject = _subject(ctx, clause, m.start())
        title = _clean(m.group("title"))
        if subject and not _NOT_A_JOB.search(title) and not _PLAN.search(ctx.text):
            yield ending(ctx, clause, subject, "job_title", title, "zh.years_as_title_left", m.group())


def _left_job_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """An employer left ("从美团离职了") or a job given up by its title ("辞了中学老师的工作")."""
    text = clause.text
    if _JOB_CHANGE_TOLD.search(ctx.text) or _LEFT_TOLD.search(text):
        for m in _NOT_AT_EMPLOYER.finditer(text):
            org = _clean(m.group("org"))
            subject = _subject(ctx, clause, m.start())
            if subject is None or not _org_ok(org) or _is_city(org) or is_city_area(org, _KNOWN_CITIES):
                continue
            if org in _UNNAMED_EMPLOYERS or _is_kind_of_employer(org) or _PLAN.search(_prefix(clause, m.start())):
                continue
            yield ending(ctx, clause, subject, "works_at", org, "zh.not_at_employer", m.group())
    for m in _QUIT.finditer(text):
        org = _clean(m.group("org") or m.group("org2"))
        subject = _subject(ctx, clause, m.start())
        if subject is None or not _org_ok(org) or re.search(r"没|不", _prefix(clause, m.start())[-2:]):
            continue
        if _is_city(org) or _is_kind_of_employer(org):
            continue  # 离开了上海 is handled as a move
        if m.group("went") and not (_JOB_LEFT.search(ctx.text) or re.search(r"裸辞|辞了|不干", ctx.text)):
            continue  # "从杭州走的", "从公司走的时候…": a way out, not a job left
        yield ending(ctx, clause, subject, "works_at", org, "zh.left_job", m.group())
    for m in _QUIT_BEFORE.finditer(text):
        org = _clean(m.group("org") or m.group("org_spent") or m.group("org_left"))
        subject = _subject(ctx, clause, m.start())
        if (m.group("org_spent") or m.group("org_left")) and not _left_after_years(ctx, clause, m):
            continue  # "在腾讯干了八年，一直没离职", "…，打算离职": no leaving told
        if subject and _org_ok(org) and not _is_city(org) and not _is_kind_of_employer(org):
            yield ending(ctx, clause, subject, "works_at", org, "zh.quit_before", m.group())
    for m in _QUIT_TITLE.finditer(text):
        subject = _subject(ctx, clause, m.start())
        if subject and not re.search(r"没|不|别|想|打算", _prefix(clause, m.start())[-3:]):
            title = _clean(m.group("title") or m.group("title_given_up"))
            yield ending(ctx, clause, subject, "job_title", title, "zh.quit_title", m.group())
    for m in _TRADE_GIVEN_UP.finditer(text):
        subject = _subject(ctx, clause, m.start())
        work = m.group("work") or m.group("work2")
        title = _TRADES_BY_WORK[work] if work else _clean(m.group("title"))
        if _DAY_OFF.search(clause.text) or _PLAN.search(_prefix(clause, m.start())) or _NOT_A_JOB.search(title):
            continue
        if subject:
            yield ending(ctx, clause, subject, "job_title", title, "zh.trade_given_up", m.group())
    for m in _WENT_TO_WORK_AS.finditer(text):
        yield from _went_to_work_as(ctx, clause, m)
    for m in _TRADE_NOW.finditer(text):
        subject = _subject(ctx, clause, m.start())
        prefix = _prefix(clause, m.start())
        if subject is None or _DAY_OFF.search(clause.text) or _PLAN.search(prefix) or _PAST.search(prefix):
            continue
        if re.search(r"不|没|别", prefix[-2:]) or re.match(r"的?[吗嘛]", text[m.end() :]):
            continue
        if m.group("service"):
            yield _fact(subject, "job_title", _SERVICE_TRADES[m.group("service")], "trade_now", m.group())
            continue
        yield _fact(subject, "job_title", _TRADES_BY_WORK[m.group("work")], "trade_now", m.group())
        platform = re.search(r"滴滴|美团|货拉拉|饿了么|曹操", m.group("work"))
        if platform and text.startswith("的", m.end()):
            # ("我是开滴滴的", "就是个跑美团的": who the speaker is, by the platform driven or delivered for;
            # round 6 reads "现在跑滴滴" as the trade only.)
            yield _fact(subject, "works_at", platform.group(), "trade_now.platform", m.group())


# A kind of workplace, not one named: "我女儿去了幼儿园当老师", "到医院做护工".
_KIND_OF_WORKPLACE = re.compile(
    r"(?:大学|中学|小学|幼儿园|医院|诊所|学校|银行|公司|工厂|厂|超市|饭店|餐厅|餐馆|酒店|宾馆|培训机构|机构|律所|事务所"
    r"|工地|商场|店|门店|药店|健身房|物流公司|外企|国企|私企|民企|央企)$"
)


_JOB_LEFT = re.compile(r"不干了|不做了|辞职|离职")
# The new job settled, so its start day is a fact: "拿到offer了！下周一去…报到", "合同签了，下月一号去…入职".
_JOB_SETTLED = re.compile(
    r"(?:拿到|收到|接了|接受了|签了)(?:了)?\s*(?:(?i:offer)|录用通知|录取通知|入职通知)|(?i:offer)\s*(?:下来了|到手了|拿到了|签了)"
    r"|(?:劳动)?合同(?:已经)?签了|签了(?:劳动)?合同"
)


def _next_job_starts(ctx: TurnContext, clause: Clause, start: int) -> datetime | None:
    """ "12月30号从库迪咖啡辞职了，下周一去货拉拉当调度", "…离职了，下周一去理想汽车报到": after leaving one job, the
    next starts on the day its own phrase names (not "下个月我要调去京东做采购", a transfer still to come)."""
    settled = _JOB_LEFT.search(ctx.text) or _JOB_SETTLED.search(ctx.text)
    return clause.phrase_at(start).future_time(ctx) if settled else None


def _went_to_work_as(ctx: TurnContext, clause: Clause, m: re.Match[str]) -> Iterator[CandidateFact]:
    """ "跳槽去了一家培训机构当课程顾问": the trade, and the employer when it is named."""
    subject = _subject(ctx, clause, m.start())
    prefix = _prefix(clause, m.start())
    if _PAST.search(prefix):
        return  # "以前去了一家公司做销售": a job of the past
    changed = m.group("change") or _JOB_CHANGE.search(ctx.text) or _JOB_LEFT.search(ctx.text)
    # ("我儿子刚去亿纬锂能当实习生": just gone there.)
    told_as_past = m.group("past") or changed or clause.past_time(ctx) or re.search(r"(?:刚刚?|才|已经)$", prefix)
    starts = _next_job_starts(ctx, clause, m.start())
    if (
        subject is None
        or not told_as_past
        or (_future(ctx, clause) and starts is None)
        or _PLAN.search(prefix)
        or re.search(r"不|没", prefix)
    ):
        return
    title, org = _clean(m.group("title")), _clean(m.group("org"))
    if _NOT_A_JOB.search(title):
        return
    since = starts or clause.past_time(ctx)
    yield _fact(
        subject, "job_title", title, "went_to_work_as", m.group(), valid_from=since, ends_previous=bool(changed)
    )
    named = (
        not m.group("unnamed") and _org_ok(org) and not _GENERIC_ORG.search(org) and not _KIND_OF_WORKPLACE.match(org)
    )
    # ("调去上海分公司做经理": a branch named by its town names no employer.)
    branch_of_town = _is_city(re.sub(r"(?:分公司|分部|总部|分行|分店|办事处)$", "", org))
    if (
        named
        and not _is_city(org)
        and not branch_of_town
        and not _is_kind_of_employer(org)
        and org not in _UNNAMED_EMPLOYERS
    ):
        yield _fact(subject, "works_at", org, "went_to_work_at", m.group(), valid_from=since, ends_previous=True)


# A trade corrected: "我不是护士，是药剂师", "我不是老师啊，我是校医", "其实不是程序员，而是测试" — the one said
# after the denial stands (the header rule "I'm not X, I'm Y").
_NOT_X_BUT_TITLE = re.compile(
    r"(?:我(?:的)?(?P<rel>" + _REL + r")|我|本人)(?:其实|本来|现在|可|真)?不是(?:一名|一个|个|名)?"
    r"[\u4e00-\u9fffA-Za-z]{1,8}?(?:啊|呀|哦|哈|呢)?[，,]\s*"
    r"(?:我|而|其实|我其实)?(?:是|做|当)(?:一名|一个|个|一位|名)?(?P<title>[\u4e00-\u9fffA-Za-z]{0,6}?(?:"
    + _JOB_SUFFIX
    + r"))(?=[，。！？,.!?\s]|$|了|啦|呢)"
)


# The netizen's self-introduction "<employer><title>一枚": "字节跳动前端开发一枚", "腾讯产品经理一枚", "程序员一枚".
_ONE_OF_THEM = re.compile(
    r"(?:^|(?<=[，,。！!：:]))\s*(?P<who>本人|我是|我|我的?(?:" + _REL + r")是)?"
    r"(?P<run>(?:(?![是的])[\u4e00-\u9fffA-Za-z]){2,16}?)(?:一枚|一只)(?=[，。！？,.!?～~]|$)"
)
# A title at the end of such a run: a trade word, maybe with a qualifier of the trade ("前端开发", "产品经理").
_TITLE_TAIL = re.compile(
    r"(?:前端|后端|全栈|产品|算法|测试|运维|数据|硬件|软件|高级|资深|初级|首席|销售|市场|技术|项目|财务|平面|室内|交互"
    rf"|(?i:java|ios|ui|ux))?(?:{_JOB_SUFFIX})"
)
# Words before the title that describe the speaker, not an employer: "北漂程序员一枚", "大厂运营一枚".
# ("自由摄影师一枚", "兼职模特一枚": how one works, for no employer.)
_DESCRIBES_ONE = re.compile(
    r"[北沪深杭广京]漂|大厂|小厂|互联网|海归|资深|普通|底层|打工人|社畜|新手|菜鸟|萌新|[\d]+|自由|独立|兼职|全职|专职|业余|签约"
)


def _one_of_them_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _ONE_OF_THEM.finditer(clause.text):
        run = m.group("run")
        starts = word_starts(run)
        cut = next((i for i in range(len(run) - 1) if i in starts and _TITLE_TAIL.fullmatch(run[i:])), None)
        subject = _subject(ctx, clause, m.start("run"))
        if cut is None or subject is None or not title_shape_ok(run[cut:]):
            continue
        yield _fact(subject, "job_title", run[cut:], "one_of_them", m.group(), confidence=STATE_CONFIDENCE)
        org = run[:cut]
        named = len(org) >= 2 and _org_ok(org) and not _DESCRIBES_ONE.fullmatch(org)
        if named and not _is_city(org) and not _is_kind_of_employer(org):
            yield _fact(subject, "works_at", org, "one_of_them", m.group(), confidence=STATE_CONFIDENCE)


def _title_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """Titles said on their own: freelancing, a relative's job, "我是…" / "职位是…" / "升职为…"."""
    text = clause.text
    yield from _one_of_them_facts(ctx, clause)
    for m in _NOT_X_BUT_TITLE.finditer(text):
        rel = m.group("rel")
        subject = f"{ctx.speaker_id}:{_RELATIONS[rel]}" if rel else _subject(ctx, clause, m.start())
        title = _clean(m.group("title"))
        # ("我不是护士，我是社区的校医": a title with its place is read by the rules of "我是…".)
        if subject and title_shape_ok(title) and "的" not in title and not _PAST.search(_prefix(clause, m.start())):
            yield _fact(subject, "job_title", title, "not_x_but_title", m.group(), confidence=STATE_CONFIDENCE)
    for m in _FREELANCE.finditer(text):
        subject = _subject(ctx, clause, m.start())
        field = m.group("field")
        if subject and not re.search(r"不|没|以前|曾经|想|打算", _prefix(clause, m.start())):
            # "接一些插画的活": the field, without the measure word; a craft names its -师.
            field = re.sub(r"^(?:一些|一点|些|点|各种)", "", field)
            title = field + "师" if field.endswith(("设计", "插画", "摄影", "剪辑")) else field
            yield _fact(subject, "job_title", title, "freelance", m.group())
    for m in _RELATIVE_TITLE.finditer(text):
        if not re.search(r"不是|没|以前|曾经", _prefix(clause, m.start())) and not _NOT_A_JOB.search(m.group("title")):
            relative = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel')]}"
            yield _fact(relative, "job_title", _clean(m.group("title")), "relative_title", m.group())
    for m in _TITLE_IS.finditer(text):
        subject = _subject(ctx, clause, m.start()) if not m.group().startswith(("我", "本人")) else ctx.speaker_id
        if subject is None and m.group("title10") and _OPENED_OWN.match(_prefix(clause, m.start())):
            subject = (
                ctx.speaker_id
            )  # ("现在自己开了个奶茶店当老板": the opener's subject dropped, as it is in Chinese)
        title = first_group(m, tuple(f"title{n}" for n in ("", *range(2, 17)))) or ""
        promoted = bool(m.group("title3") or m.group("title5") or m.group("title6") or m.group("title16"))
        if subject is None or re.search(r"不是|没|以前|曾经", m.group() + _prefix(clause, m.start())):
            continue
        if m.group("title10") and not re.search(r"开了?一?[家个间]", text[: m.start()]):
            continue  # "当老板" on its own may be a wish or a role; after "开了家…" it is the speaker's business
        if (m.group("title9") or m.group("title10")) and (
            re.search(r"不|想|要|打算|准备|梦想", _prefix(clause, m.start())) or re.search(r"[他她]", text[: m.start()])
        ):
            continue  # "我不想自己当老板", "将来想自己当老板": a wish; "他…，自己当老板": his
        if _NOT_A_JOB.search(title) or _ADDRESSED_AS.fullmatch(title):
            continue
        after_comma = m.start() > 0 and text[m.start() - 1] in "，," and not m.group().startswith(("我", "本人"))
        if m.group("title8") and after_comma and not re.search(rf"(?:{_JOB_SUFFIX})$", title):
            continue  # "…，搞电池工艺的": a field worked in, said on its own, is no title
        if m.group("title15") and (
            (subject == ctx.speaker_id and not re.match(r"\s*我", ctx.text)) or _JOB_CHANGE.search(ctx.text)
        ):
            # "陈思远跳槽去了蔚来，做电池研发工程师": the trade is the one's the turn began with; after a change
            # ("上个月跳槽去了拼多多，现在做运营") the role is dated with the change, read by _role_after.
            continue
        if (title.endswith(tuple(_ACCOUNT_ROLES)) and _WORKSPACE.search(ctx.text)) or _RIGHTS.search(ctx.text):
            # "这个工作区是我建的，我是管理员", "我是仓库管理员，帮我把…设成只读": a role on an account, not a job;
            # "我是店长，帮我把新来的实习生权限设成只能看报表": a role claimed as the ground for others' rights
            continue
        yield _fact(
            subject,
            "job_title",
            _clean(title),
            "job_title",
            m.group(),
            confidence=STATE_CONFIDENCE,
            valid_from=clause.past_time(ctx) if promoted else None,
            ends_previous=promoted,
        )


_ROLE_GLUED = re.compile(r"(?:做|当|担任)(?P<post>(?!))?" + _TITLE_OR_FIELD + r"(?=[，。！？,.!?\s]|$)")


def _title_with_job_to_start(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    """ "昨天拿到offer了！下周一去美团报到，岗位是产品运营": the post of a job still to start starts with it, not on
    the day the offer came."""
    starts = {
        f.subject: f.valid_from for f in facts if f.predicate == "works_at" and f.valid_from and f.valid_from > ctx.at
    }
    return [
        replace(f, valid_from=starts[f.subject], ends_previous=True)
        if f.predicate == "job_title" and f.subject in starts and f.valid_from is None and f.valid_to is None
        else f
        for f in facts
    ]


def _role_after(
    ctx: TurnContext, clause: Clause, position: int, subject: str, starts: datetime | None = None
) -> Iterator[CandidateFact]:
    """ "我上个月入职了美团，做后端开发": the role in the next phrase starts with the job."""
    glued = _ROLE_GLUED.match(clause.text, position)
    comma = _COMMA.search(clause.text, position)
    role = glued or (_ROLE_NEXT.match(clause.text, comma.start()) if comma else None)
    trade = _TRADE_NEXT.match(clause.text, comma.start()) if comma and role is None else None
    if trade is not None:
        since = starts or clause.past_time(ctx)
        yield _fact(subject, "job_title", trade.group("trade"), "joined.trade", trade.group(), valid_from=since)
    if role is not None and not _NOT_A_JOB.search(role.group("title") or role.group("post")):
        title = _clean(role.group("title") or role.group("post"))
        since = starts or clause.past_time(ctx)  # (a job still to start begins on its own day, the role with it)
        yield _fact(subject, "job_title", title, "joined.role", role.group(), valid_from=since)


# ("不在美团干了": an employer left, named.)
_JOB_LEFT_OR_TAKEN = re.compile(
    r"辞职|离职|跳槽|不干了|换工作|换了工作|入职|不在[^，。！？]{2,10}?(?:干|上班|工作|待)了"
)


def _named_employer_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """ "我是一名律师，在金杜律师事务所" / "我在一家叫星河科技的公司上班": the employer without a verb, or named."""
    text = clause.text
    for m in _EMPLOYER_NAMED.finditer(text):
        org = _clean(m.group("org") or m.group("org2") or m.group("org3") or m.group("org4"))
        subject = _subject(ctx, clause, m.start()) if not m.group("org3") else _speaker_at_work(ctx, text)
        if m.group("org4"):
            # Whoever the phrase that tells of the company is about: "我老婆在一家外企上班，叫…".
            phrase = max(text.rfind(mark, 0, m.start()) for mark in "，,。；") + 1
            # (Not the 在 of 现在 or 正在.)
            where = re.compile(r"(?<![现正])在").search(text, phrase, m.start())
            subject = _subject(ctx, clause, where.start() if where else phrase)
            if re.search(r"[他她]|想|打算|准备|以前|之前|不|没", text[phrase : m.start()]):
                continue
            if not m.group("did") and (
                not re.search(r"一家|一间|一个", text[phrase : m.start()])
                or m.group().startswith("店")
                or not (_JOB_CHANGE.search(ctx.text) or _JOB_LEFT_OR_TAKEN.search(ctx.text))
            ):
                continue  # "换工作了，去了一家小公司，叫…": the company told of as one, in a turn about the job
        # (A company named after the job it was told with speaks for its own phrase: "不在美团干了，现在去了一家…
        # 小公司，叫海豚出海" — the phrase was checked above.)
        denied = re.search(r"不|没|以前|曾经", text[: m.start()]) and not m.group("org4")
        if subject and _org_ok(org) and not _is_city(org) and not denied:
            # "三天前开始在一家奶茶店当店长，店叫蜜雪冰城": the job told with its start, the employer named after.
            started = m.group("did") and _STARTED.search(clause.without_times(ctx)[: m.start()])
            since = clause.past_time(ctx) if started else None
            yield _fact(
                subject, "works_at", org, "employer_named", m.group(), valid_from=since, ends_previous=since is not None
            )
            if m.group("org4") and not m.group("did"):
                yield from _role_after(ctx, clause, m.end(), subject)  # "…小公司，叫海豚出海，做运营"
    for m in _ROLE_AT_PLACE.finditer(text):
        # "我在一所初中教语文" → 语文老师; "我在公司是系统管理员" → the title, no employer named.
        if re.search(r"不|没|以前|曾经|想|打算", text[: m.start()]):
            continue
        title = m.group("subj") + "老师" if m.group("subj") else _clean(m.group("title"))
        if not m.group("subj") and _NOT_A_JOB.search(title):
            continue
        yield _fact(ctx.speaker_id, "job_title", title, "role_at_place", m.group())
    for m in _NAMED_IS_OUR.finditer(text):
        # "李娜是我们新来的产品总监": a colleague named with the title.
        if not re.search(r"不是|以前|曾经", m.group()):
            yield _fact(m.group("name"), "job_title", _clean(m.group("title")), "named_is_our", m.group())
    for m in _QUIT_THERE.finditer(text):
        org = _clean(m.group("org") or m.group("org_done"))
        if m.group("org_done") and (
            not re.search(r"辞职|离职|辞了|不干了", ctx.text) or re.search(r"社保|公积金|医保|户口|档案|物业|房东", org)
        ):
            continue  # "社保那边办完手续了": paperwork, no job left
        if _org_ok(org) and not _is_city(org):
            yield ending(ctx, clause, ctx.speaker_id, "works_at", org, "zh.quit_there", m.group())


def _speaker_at_work(ctx: TurnContext, text: str) -> str | None:
    """Whose company "公司叫X" names: the speaker's, when the same phrase says where they work."""
    # ("我现在 based in 新加坡，公司是 Shopee，做 data analyst": or when a phrase of its own tells the trade done.)
    at_work = re.search(
        r"我[^，。！？]{0,16}(?:上班|工作|任职|实习|做|当|担任)|^我[^，。！？]*[，,][^。！？]*[，,]\s*(?:做|当)\s*[A-Za-z]"
        # ("Hi，我是Kevin，上海这边的sales manager，公司是SAP": a self-introduction, then the company.)
        r"|(?:^|(?<=[，,\s]))我是(?!不是)[^，。！？]{1,12}[，,][^。！？]*(?:公司|单位)(?:是|叫)",
        text,
    )
    return ctx.speaker_id if at_work else None


def _instrument_facts(ctx: TurnContext, clause: Clause, seen: set[str]) -> Iterator[CandidateFact]:
    """Devices named by the chore they do: "我家扫地靠科沃斯扫地机器人"."""
    text = clause.text
    for m in _INSTRUMENT.finditer(text):
        device = _device_name(m.group("device"))
        if device in seen or not _CHORE.match(m.group("task")) or _NOT_A_CHORE.search(m.group("task")):
            continue
        subject = _subject(ctx, clause, m.start("task"))
        if subject is not None and not _PAST.search(_prefix(clause, m.start())):
            yield _fact(subject, "owns_device", device, "instrument", m.group(), confidence=0.8)


def _faulty_device_facts(ctx: TurnContext, clause: Clause, bare: str, seen: set[str]) -> Iterator[CandidateFact]:
    """A device of one's own gone wrong, still owned: "我老公那台ThinkPad X1开不了机了"."""
    for m in _FAULTY_DEVICE.finditer(bare):
        # (Not "…摔坏了，现在用的是备用机": replaced, read as an ending.)
        device = _device_name(m.group("device"))
        rel = m.group("rel")
        subject = f"{ctx.speaker_id}:{_RELATIONS[rel]}" if rel else _subject(ctx, clause, m.start())
        if subject is None and m.group().startswith("我"):
            subject = ctx.speaker_id  # "新买的耳机跟我的Galaxy S24配对不上": the speaker's, whatever came before
        if subject is None or device in seen or _ANOTHER_IN_USE.search(ctx.text) or re.search(r"换|新买", ctx.text):
            continue
        if _PAST.search(_prefix(clause, m.start())):
            continue
        seen.add(device)
        yield _fact(subject, "owns_device", device, "faulty_device", m.group(), confidence=0.8)


def _when_the_new_one_came(ctx: TurnContext, clause: Clause, end: CandidateFact) -> CandidateFact:
    """An old device's ending, undated in its own phrase, dated by the turn's time (when the new one came)."""
    if clause.past_time(ctx) is None and (when := Clause(ctx.text, 0).past_time(ctx)) is not None:
        return replace(end, valid_to=when)
    return end


def _unboxed_or_broken(ctx: TurnContext, clause: Clause, bare: str, seen: set[str]) -> Iterator[CandidateFact]:
    """A new device unboxed or arrived ("新到的…开箱了"); one broken, with another in use or bought after it."""
    for m in _UNBOXED.finditer(bare):
        subject = _subject(ctx, clause, m.start())
        device = _device_name(m.group("device"))
        if subject and device not in seen and not re.search(r"不|没|还|想|要|等", _prefix(clause, m.start())):
            seen.add(device)
            yield _fact(subject, "owns_device", device, "unboxed", m.group(), valid_from=clause.past_time(ctx))
    broken = _BROKEN.match(bare)
    if broken and _ANOTHER_IN_USE.match(ctx.text, clause.end):
        yield ending(
            ctx, clause, ctx.speaker_id, "owns_device", _device_name(broken.group("device")), "zh.broken", bare
        )
    elif (to_replace := _BROKEN_TO_REPLACE.match(bare)) and not _QUESTION.search(ctx.text):
        rel = to_replace.group("rel")
        if rel not in _ACQUAINTANCES:
            device = _device_name(to_replace.group("device_broken"))
            seen.add(device)
            subject = f"{ctx.speaker_id}:{_RELATIONS[rel]}" if rel else ctx.speaker_id
            yield ending(ctx, clause, subject, "owns_device", device, "zh.broken_to_replace", to_replace.group())
    elif (replaced := _BROKEN_THEN_REPLACED.search(bare)) and not _QUESTION.search(ctx.text):
        device = _device_name(replaced.group("device"))
        seen.add(device)
        end = ending(ctx, clause, ctx.speaker_id, "owns_device", device, "zh.broken_then_replaced", replaced.group())
        yield _when_the_new_one_came(ctx, clause, end)
    for spare in _SPARE_IN_USE.finditer(bare):
        # "…摔坏了，现在凑合用备用机红米Note 12": the spare in use instead of a broken or lost one is the speaker's.
        if re.search(r"坏了|丢了|被偷了|报废了|摔碎了|泡水了|送修", ctx.text[: clause.start + spare.start()]):
            spare_device = _device_name(spare.group("device"))
            seen.add(spare_device)
            yield _fact(ctx.speaker_id, "owns_device", spare_device, "spare_in_use", spare.group(), confidence=0.8)


def _disposed_facts(ctx: TurnContext, clause: Clause, bare: str, seen: set[str]) -> Iterator[CandidateFact]:
    """A device sold, given away, thrown out or lost: "把iPad Air挂闲鱼卖了", "旧的华为P40不用了"."""
    gone = _BROKEN_FOR_GOOD.match(bare)
    if gone is not None:
        device = _device_name(gone.group("device_gone"))
        seen.add(device)
        yield ending(ctx, clause, ctx.speaker_id, "owns_device", device, "zh.broken_for_good", gone.group())
    for m in (*_DISPOSE.finditer(bare), *_DISPOSED_LATER.finditer(bare)):
        device = _device_name(first_group(m, tuple(f"device{n}" for n in ("", 2, 3, 4, 5, 6, 7, 8))) or "")
        subject = _subject(ctx, clause, m.start())
        if m.groupdict().get("device8"):
            # "老爸接手了我那台…": the 我 says whose it was, whoever took it over.
            if not re.search(r"不|没|想|要|打算|准备|让|可以", _prefix(clause, m.start())):
                seen.add(device)
                end = ending(ctx, clause, ctx.speaker_id, "owns_device", device, "zh.taken_over", m.group())
                yield _when_the_new_one_came(ctx, clause, end)
            continue
        owner = m.groupdict().get("owner_rel")
        if owner:
            if owner in _ACQUAINTANCES:
                continue  # a colleague's or a friend's device is theirs to tell
            subject = f"{ctx.speaker_id}:{_RELATIONS[owner]}"
        if subject and not _FORMATS.fullmatch(device):
            seen.add(device)
            end = ending(ctx, clause, subject, "owns_device", device, "zh.disposed_device", m.group())
            if m.groupdict().get("bought"):
                end = replace(end, valid_to=ctx.at)  # the time before "买的" dates the purchase
            yield end


def _old_model_ended(ctx: TurnContext, clause: Clause, bare: str, seen: set[str]) -> Iterator[CandidateFact]:
    """ "入手了一台华为Mate 70，旧的P40送给我妈了": the old one, by its model, of the one brand the turn named."""
    for m in _OLD_MODEL_ENDED.finditer(bare):
        brands = [b.group("brand") for b in _BRAND_NAMED.finditer(ctx.text, 0, clause.start + m.start())]
        if len(set(brands)) != 1 or not _ENDED_AFTER.match(bare, m.end()):
            continue
        device = _device_name(f"{brands[0]}{m.group('code')}")
        if device in seen:
            continue
        seen.add(device)
        end = ending(ctx, clause, ctx.speaker_id, "owns_device", device, "zh.old_model_ended", m.group())
        if clause.past_time(ctx) is None and (when := Clause(ctx.text, 0).past_time(ctx)) is not None:
            end = replace(end, valid_to=when)  # the old one went when the new one came
        yield end


def _named_after_or_lent(ctx: TurnContext, clause: Clause, bare: str, seen: set[str]) -> Iterator[CandidateFact]:
    """A device lost with its model named after ("手机丢了，iPhone 13"), and one lent out, still owned."""
    for m in _KIND_ENDED_THEN_MODEL.finditer(bare):
        device = _device_name(m.group("device_named"))
        subject = _subject(ctx, clause, m.start())
        if subject is None or device in seen or re.search(r"不|没|想|打算|要|怕", _prefix(clause, m.start())):
            continue
        seen.add(device)
        yield ending(ctx, clause, subject, "owns_device", device, "zh.kind_ended_then_model", m.group())
    for m in _LENT_OUT.finditer(bare):
        device = _device_name(m.group("device_lent"))
        subject = _subject(ctx, clause, m.start("device_lent"))
        if subject is not None and device not in seen and not re.search(r"不|没|想|打算|要", m.group("when")):
            seen.add(device)
            yield _fact(subject, "owns_device", device, "lent_device", m.group(), confidence=0.8)


# Devices counted, then named one by one: "家里两台电脑，一台联想拯救者，一台MacBook Air", "我有两部手机：一部华为，
# 一部iPhone 15" (not "想买两台电脑" nor "两台电脑哪台好").
_DEVICES_COUNTED = re.compile(
    rf"^\s*(?:(?:我|家里|我家|家中)(?:现在|目前)?(?:有|用)?|(?:现在|目前)?(?:有|用))(?:[两俩三]|几)[台部个块](?:{_NOUNS})[，,：:]"
)
_EACH_DEVICE = re.compile(r"(?:^|(?<=[，,：:、]))\s*一[台部个块]\s*" + _DEVICE + r"(?=[，,。！、]|$)")


def _listed_devices(ctx: TurnContext, clause: Clause, seen: set[str]) -> Iterator[CandidateFact]:
    """Devices counted, then each named in a phrase of its own: the speaker's household owns them; and one's own
    device told by its model year."""
    for m in _MODEL_YEAR_OF.finditer(clause.text):  # ("2019年款": the year is no time to blank)
        device = _device_name(m.group("device"))
        if device not in seen and not re.search(r"[不没]|以前|之前", _prefix(clause, m.start())):
            seen.add(device)
            yield _fact(ctx.speaker_id, "owns_device", device, "model_year_of", m.group())
    counted = _DEVICES_COUNTED.match(clause.text)
    if (
        counted is None
        or _QUESTION.search(clause.text)
        or _PLAN.search(clause.text)
        or re.search(r"哪[台部个块]|选|推荐", clause.text)
    ):
        return
    for m in _EACH_DEVICE.finditer(clause.text, counted.end() - 1):
        device = _device_name(m.group("device"))
        if device not in seen:
            seen.add(device)
            yield _fact(ctx.speaker_id, "owns_device", device, "listed_device", m.group())


def _new_one_after_hand_over(ctx: TurnContext, clause: Clause, bare: str, start: int) -> bool:
    """ "上周六把旧平板给我儿子了，我自己换了台iPad Air": the time dates the hand-over to a relative told before; the
    new one, in a phrase of its own without a time, is had from the turn. (Sold, then bought, the new one keeps the
    date: heldout4, 18 and 21 label it so, dev5 and heldout5 do not.)"""
    handed_before = any(d.end() <= start for d in _HANDED_TO_RELATIVE.finditer(bare))
    return handed_before and clause.phrase_at(start).past_time(ctx) is None


_GOT_THEN = re.compile(r"\s*[，,]\s*[^，,。！？]{2,10}?(?:刚|才)?(?:换|买|入手|到手|拿到)的(?=[，,。！!]|$|啦|呢)")


def _now_using(ctx: TurnContext, clause: Clause, seen: set[str]) -> Iterator[CandidateFact]:
    """The model in use now or from now on: "现在全家都用iPad Air", "以后用MacBook登录"."""
    for m in _NOW_USING.finditer(clause.text):
        device = _device_name(m.group("device"))
        if re.search(r"[A-Za-z0-9]", device) and not _QUESTION.search(clause.text):
            seen.add(device)
            # "现在用的是小米14，上周一刚换的": the time of getting it, told in the phrase right after.
            got = _GOT_THEN.match(clause.text, m.end())
            since = clause.phrase_at(got.end() - 1).past_time(ctx) if got else None
            yield _fact(ctx.speaker_id, "owns_device", device, "now_using", m.group(), confidence=0.75,
                        valid_from=since)  # fmt: skip


def _device_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    text = clause.text
    seen: set[str] = set()
    new_device_spans: list[tuple[int, int]] = []
    for m in _NEW_PHONE.finditer(text):
        new_device_spans.append(m.span())
        subject = _subject(ctx, clause, m.start())
        device = _clean(m.group("model") or "") or m.group("noun")
        if subject:
            seen.add(device)
            yield _fact(
                subject,
                "owns_device",
                device,
                "new_device",
                m.group(),
                valid_from=clause.past_time(ctx),
                confidence=0.85 if m.group("model") else 0.7,
            )
    yield from _now_using(ctx, clause, seen)
    # Time words blanked: "我的iPad Air上周送人了" reads as one phrase.
    bare = clause.without_times(ctx)
    for m in _BOUGHT_IS.finditer(bare):
        # "是我…买的" names the buyer; the words before the device only say where it is.
        subject = ctx.speaker_id if "是我" in m.group() else _subject(ctx, clause, m.start())
        device = _device_name(m.group("device") or m.group("device_first"))
        if subject and not re.search(r"不是|没|别人|朋友", _prefix(clause, m.start())):
            seen.add(device)
            yield _fact(subject, "owns_device", device, "bought_is", m.group(), valid_from=clause.past_time(ctx))
    yield from _relatives_devices(ctx, clause, bare, seen)
    for m in _THAT_ONE_GIVEN_UP.finditer(bare):
        device = m.group("brand") + m.group("noun")
        seen.add(device)
        yield ending(ctx, clause, ctx.speaker_id, "owns_device", device, "zh.that_one_given_up", m.group())
    yield from _unboxed_or_broken(ctx, clause, bare, seen)
    yield from _disposed_facts(ctx, clause, bare, seen)
    yield from _old_model_ended(ctx, clause, bare, seen)
    for m in _SWAPPED.finditer(bare):
        subject = _subject(ctx, clause, m.start())
        if subject is None or re.search(r"不|没|想|打算", _prefix(clause, m.start())):
            continue
        old, new = _device_name(m.group("old")), _device_name(m.group("new"))
        seen.update((old, new))
        yield ending(ctx, clause, subject, "owns_device", old, "zh.swapped_device", m.group())
        yield _fact(subject, "owns_device", new, "swapped_device", m.group(), valid_from=clause.past_time(ctx),
                    confidence=0.85, ends_previous=False)  # fmt: skip
    yield from _faulty_device_facts(ctx, clause, bare, seen)
    yield from _named_after_or_lent(ctx, clause, bare, seen)
    yield from _listed_devices(ctx, clause, seen)
    for fact in _instrument_facts(ctx, clause, seen):
        seen.add(fact.value)
        yield fact
    for m in _ACQUIRE.finditer(text):
        group = next(
            g for g in ("device", "device_held", "device_listed", "device_mine", "device_counted") if m.group(g)
        )
        device = _device_name(m.group(group))
        if m.group("kind") and re.fullmatch(rf"(?:{_BRANDS_ZH}|{_BRANDS_EN})", device):
            device += m.group("kind")  # "路由器也换成了TP-Link": a TP-Link router
        if device in seen or any(s <= m.start(group) < e for s, e in new_device_spans):
            continue
        # "一台小米扫地机器人和一台iPad": the devices listed after the first are owned alike.
        devices, pos = [device], m.end()
        while (more := _MORE_DEVICES.match(text, pos)) is not None:
            devices.append(_device_name(more.group("device")))
            pos = more.end()
        # ("凑合戴着小米手环8": worn now says nothing of since when.)
        in_use = re.search(r"戴着|玩着|(?:现在|目前|平时|平常|一直|日常)[只就也还都主要在]{0,2}(?:玩|戴)", m.group())
        undated = _new_one_after_hand_over(ctx, clause, bare, m.start())
        for one in devices:
            generic = re.fullmatch(_NOUNS, one) is not None
            for fact in _state(ctx, clause, m, "owns_device", one, "owns_device"):
                since = None if in_use or undated or _dated_elsewhere(ctx, clause, m.start()) else fact.valid_from
                yield (
                    fact
                    if fact.valid_to
                    else replace(fact, confidence=0.7 if generic else 0.85, ends_previous=False, valid_from=since)
                )


# A phrase of getting a device: its time is the device's.
_GETTING = re.compile(r"买|换|入手|到手|拿到|收到|送|购|用上|(?<!更)新(?!闻)")


def _dated_elsewhere(ctx: TurnContext, clause: Clause, cue: int) -> bool:
    """Whether a device said to be in use takes the clause's time only from another phrase, about no getting of
    anything ("我在伦敦，用的三星Galaxy S24，昨天更新完app就登不上了": yesterday is the update's, not the phone's)."""
    own = clause.phrase_at(cue)
    if _GETTING.search(own.text) or not re.search(r"用的|在用|用着", own.text):
        return False  # "…卖了，换了台 …": a getting dated by the sentence
    for mention in clause.times(ctx):
        if mention.start > ctx.at:
            continue
        if own.start <= mention.span[0] < own.end:
            return False
        return not _GETTING.search(clause.phrase_at(mention.span[0] - clause.start).text)
    return False


def _relatives_devices(ctx: TurnContext, clause: Clause, bare: str, seen: set[str]) -> Iterator[CandidateFact]:
    """ "那个小天才手表是我儿子的": the relative's device."""
    for m in _RELATIVES_DEVICE.finditer(bare):
        rel, device = m.group("rel"), _device_name(m.group("device"))
        if rel in _ACQUAINTANCES or _QUESTION.search(clause.text) or re.search(r"不|没|别", _prefix(clause, m.start())):
            continue
        seen.add(device)
        yield _fact(f"{ctx.speaker_id}:{_RELATIONS[rel]}", "owns_device", device, "relatives_device", m.group())


def _contact_since(ctx: TurnContext, clause: Clause, cue: int) -> datetime | None:
    """The date a contact change names: one in its own phrase, else one in a phrase about contacts
    ("去年三月搬到了天津，…，手机号改成了 …": the move is dated, not the number)."""
    own = clause.phrase_at(cue).past_time(ctx)
    if own is not None:
        return own
    for mention in clause.times(ctx):
        # "2027年1月15日起，我的联系邮箱改为 …": a change that takes effect on the day named.
        if re.match(r"\s*(?:起|开始)", ctx.text[mention.span[1] :]):
            return mention.start
    for mention in clause.times(ctx):
        phrase = clause.phrase_at(mention.span[0] - clause.start)
        if mention.start <= ctx.at and _ABOUT_CONTACTS.search(phrase.text):
            return mention.start  # "上个月换了号，新号码是 …"
    return None


_NUMBER_CHANGED = re.compile(r"换了?(?:手机)?号|换号|(?:号码|手机号)(?:也)?(?:换|改)了")
_NOW_NUMBER = re.compile(r"\s*(?:现在|新的|新号)(?:是|为)?\s*[:：]?\s*(?=[+\d])")


def _number_now(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """ "三天前换了号，现在是 130…": the new number in the clause after the change, dated there."""
    before = _sentence_before(ctx, clause)
    now = _NOW_NUMBER.match(clause.text)
    if now is None or not _NUMBER_CHANGED.search(before.text):
        return
    for mention in clause.identifiers(ctx, "phone"):
        if mention.span[0] - clause.start == now.end():
            value = contact_value("phone", mention)
            yield _fact(
                ctx.speaker_id,
                "phone",
                value,
                "phone_now",
                now.group() + mention.text,
                valid_from=before.past_time(ctx),
                confidence=0.9,
                ends_previous=True,
            )


_ABOUT_CONTACTS = re.compile(r"号码|手机号|换了?号|换号|邮箱|电话号|联系方式|(?i:e-?mail)")


# "gaopeng1988@163.com 这个邮箱已经停用了": a contact said first, then said to be out of use.
_NAMED_THEN_DEAD = re.compile(
    r"\s*(?:这个|那个)?(?:邮箱|邮件地址|号码?|手机号|电话)?\s*(?:我)?(?:已经|早就|早|也)?"
    r"(?:停用|注销|作废|停机|不用|不再使用|弃用)了?(?=[，。！？,.!?\s]|$)"
)
# Whose it is, said before such a contact: the speaker's own, an old one, or nothing at all.
_OWN_OR_NOTHING = re.compile(
    r"^\s*(?:我的?|我那个|以前的?|之前的?|原来的?|旧的?|(?:这个|那个)(?:号码?|手机号|邮箱))?\s*$"
)


# "+86 186-2173-0945 这个是我新号码": a contact said first, then said to be the speaker's.
_NAMED_THEN_MINE = re.compile(
    r"\s*(?:这个|这)?(?:就|才)?是我(?:的)?(?P<new>新的?|现在的?)?(?:手机号码?|号码|电话号码?|电话|手机号|邮箱地址|邮箱)"
    r"(?=[，。！？,.!?\s]|$)"
)


def _dead_contacts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for kind in ("phone", "email"):
        for mention in clause.identifiers(ctx, kind):
            offset = mention.span[0] - clause.start
            if not _OWN_OR_NOTHING.match(_segment(clause, offset)):
                continue
            mine = _NAMED_THEN_MINE.match(clause.text, mention.span[1] - clause.start)
            if mine is not None:
                evidence = mention.text + mine.group()
                yield _fact(ctx.speaker_id, kind, contact_value(kind, mention), f"{kind}.named_then_mine", evidence,
                            confidence=0.9, ends_previous=mine.group("new") is not None)  # fmt: skip
            dead = _NAMED_THEN_DEAD.match(clause.text, mention.span[1] - clause.start)
            if dead is None:
                continue
            value = contact_value(kind, mention)
            yield ending(
                ctx, clause, ctx.speaker_id, kind, value, f"zh.{kind}.named_then_dead", mention.text + dead.group()
            )


# Someone telling the speaker to send something there: "让把验证码发到", "要求我将材料寄到".
_TOLD_TO_SEND = re.compile(r"(?:让|叫|要求|要|通知)(?:我|你|您)?(?:把|将)[^，,。！？]*$")
_CALLS_A_LINE = re.compile(r"\s*(?:转|找|问|咨询|投诉)(?!我)")
_BARE_CALL = re.compile(r"(?:打|拨打|拨)\s*")
_REACHES_ME = re.compile(r"\s*(?:找我|联系我|就能找到我|能找到我)")


# "他的手机", "她现在的工作邮箱", "他换了个新号码", "她说她的邮箱": he or she owns the contact told.
_PRONOUN_OWNER = re.compile(
    r"[他她](?:说|讲)?[他她]?(?:现在|目前|最新|新|也|还|已经|刚|又|平时|常用)?"
    r"(?:的|(?:换|改)(?:了|成了?)?(?:个|一个)?(?:新的?)?)?\s*(?:工作|私人|个人|公司|办公)?\s*$"
)
# Someone the speaker names by role and name before "he" or "she": "我同事王晓雯…", "我们客户张德发…".
_PERSON_NAMED_EARLIER = re.compile(
    r"(?:同事|朋友|老板|领导|上司|室友|舍友|同学|邻居|闺蜜|发小|客户|顾客|供应商|合伙人|搭档|下属|老师|房东)"
    rf"(?:叫)?{_PERSON_NAME}(?=[说在是跳去换刚已也现的，,]|[上昨前今去][周天个年月])"
)


def _pronoun_owner(ctx: TurnContext, clause: Clause, cue: int) -> str:
    """Whose "他的手机" / "她现在的邮箱" is: "我爸在国家电网上班，他的手机号是 …" — the relative the turn
    began with; "我同事王芳换工作了，她现在的邮箱是 …", "客户张强说他换了个新号码：…" — the person named."""
    person = _PERSON_NAMED_EARLIER.search(ctx.text, 0, clause.start + cue)
    if person is not None:
        return person.group("name")
    earlier = re.match(rf"\s*我的?({_REL})", clause.text)
    if earlier is None or earlier.group(1) in _ACQUAINTANCES:
        return ""  # no one the turn names
    return f"{ctx.speaker_id}:{_RELATIONS[earlier.group(1)]}"


def _kin_contact(
    ctx: TurnContext, clause: Clause, predicate: str, mention: IdentifierMention, before: str
) -> list[CandidateFact] | None:
    """ "紧急联系人是我姐姐，电话 186…": the number of the relative named as the contact (and the relative's name,
    when said: "紧急联系人填我姐祁燕，电话 …")."""
    contact_person = _CONTACT_PERSON.search(before)
    if contact_person is None or contact_person.group("rel") in _ACQUAINTANCES:
        return None
    subject = f"{ctx.speaker_id}:{_RELATIONS[contact_person.group('rel')]}"
    evidence = clause.text[contact_person.start() : mention.span[1] - clause.start]
    facts = [_fact(subject, predicate, contact_value(predicate, mention), predicate, evidence, confidence=0.85)]
    if contact_person.group("name"):
        facts.append(_fact(subject, "name", contact_person.group("name"), "contact_person_named", evidence))
    return facts


# Someone named by role and name just before the cue: "我们客户陈立伟的新手机是 …", "供应商刘建国的邮箱：…".
_ROLE_NAMED_BEFORE = re.compile(
    r"(?:同事|朋友|老板|领导|上司|室友|舍友|同学|邻居|闺蜜|发小|客户|顾客|供应商|合伙人|搭档|下属|老师|房东)"
    rf"{_PERSON_NAME}的\s*$"
)
# Whose the contact is, said between the cue and the value: "账号上那个号码是我哥的：138…".
_OWNER_BETWEEN = re.compile(rf"\s*(?:我的?(?P<rel>{_REL})|(?P<other>别人|他|她|客户|朋友|同事|室友))的\s*[：:，,]?\s*")


def _contact_owner(ctx: TurnContext, before: str, m: re.Match[str]) -> str | None:
    """Whose the contact after cue ``m`` is, from the words ``before`` the value (None: someone the turn does
    not name as the speaker's or a relative's)."""
    gap = _OWNER_BETWEEN.fullmatch(before[m.end() :])
    if gap is not None:
        # "那个号码是我哥的：138…"; "那个号码是别人的：…" is someone else's.
        return None if gap.group("other") else f"{ctx.speaker_id}:{_RELATIONS[gap.group('rel')]}"
    role_named = _ROLE_NAMED_BEFORE.search(before[: m.start()]) if not m.group("who") else None
    if role_named is not None:
        return role_named.group("name")  # "我们客户陈立伟的新手机是 …": the person named by role
    who = m.group("who") or ""
    relation = re.search(_REL, who) if who else None
    # "我朋友的电话，应该是 …": the relative named just before the cue.
    named_before = re.search(rf"我的?({_REL})的?\s*$", before[: m.start()])
    relation_word = relation.group() if relation else named_before.group(1) if named_before else None
    bare_relation = re.search(rf"({_REL})的?\s*$", before[: m.start()]) if relation_word is None else None
    if bare_relation is not None:
        # "老婆的电话是 …": a family word says whose without 我; "老板的号码也记一下：…" is the boss's.
        if bare_relation.group(1) not in _KIN:
            return None
        relation_word = bare_relation.group(1)
    subject = f"{ctx.speaker_id}:{_RELATIONS[relation_word]}" if relation_word else ctx.speaker_id
    named = _RELATIVE_NAMED_BEFORE.search(before[: m.start()]) if not who else None
    if named is not None:
        # "我同事陈晓雯的邮箱是 …": a colleague's by name; "我老婆林悦的手机 …": the relative's.
        rel = named.group("rel")
        subject = named.group("name") if rel in _ACQUAINTANCES else f"{ctx.speaker_id}:{_RELATIONS[rel]}"
    return subject


def _introduces_the_speaker(ctx: TurnContext, cue: int) -> bool:
    """Whether the turn introduces the speaker ("我是…", "自我介绍下：…") or updates the speaker's own details
    ("更新一下：…，工作邮箱 …，帮我换上"), naming no one else before the label at ``cue``."""
    if _SELF_INTRODUCED.search(ctx.text):
        return True
    return bool(_OWN_DETAILS_UPDATED.search(ctx.text)) and not re.search(
        rf"{_REL}|他|她|客户|用户|对方", ctx.text[:cue]
    )


_ROLES = "|".join(sorted(_ACQUAINTANCES | {"客户", "领导", "上司", "下属", "合伙人", "搭档"}, key=len, reverse=True))
# A contact in brackets after someone named by role or relation: "把同事贺子健（hezijian@…）加成只读成员",
# "我老婆林悦(138…)也加上".
_NAMED_THEN_BRACKETED = re.compile(
    rf"(?:(?P<role>{_ROLES})|我的?(?P<rel>{_REL}))(?:叫)?{_PERSON_NAME}\s*[（(]\s*"
    r"(?:邮箱|电话|手机|手机号|(?i:e-?mail))?\s*[：:]?\s*$"
)


def _bracketed_contacts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for predicate in ("phone", "email"):
        kind: IdentifierKind = "phone" if predicate == "phone" else "email"
        for mention in clause.identifiers(ctx, kind):
            named = _NAMED_THEN_BRACKETED.search(ctx.text, max(0, mention.span[0] - 24), mention.span[0])
            if named is None or not re.match(r"\s*[）)]", ctx.text[mention.span[1] :]):
                continue
            rel = named.group("rel")
            # (A colleague or a client is the person named; a relative is the speaker's.)
            kin = rel is not None and rel not in _ACQUAINTANCES
            subject = f"{ctx.speaker_id}:{_RELATIONS[rel]}" if kin else named.group("name")
            value = contact_value(predicate, mention)
            evidence = ctx.text[named.start() : mention.span[1] + 1]
            yield _fact(subject, predicate, value, "bracketed_contact", evidence, confidence=0.85)


# A number named by the country or region it is for, no verb: "缅甸新号 09 7812 3456", "新加坡手机 8123 4567",
# "香港的号码：…", "我女儿澳洲的号 0412 …" (whose, when said, before the place).
_REGION_NUMBER = re.compile(
    rf"(?:^|(?<=[，,。！!：:\s]))(?P<who>我的?(?:(?:{_REL})的?)?)?(?:在)?(?P<place>[\u4e00-\u9fff]{{2,5}}?)的?"
    r"(?:新的?|现在的?)?(?:手机号码?|手机|电话号码?|电话|号码|号)\s*(?:是|为|[：:])?\s*$"
)


def _region_number_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for mention in clause.identifiers(ctx, "phone"):
        before = clause.text[: mention.span[0] - clause.start]
        m = _REGION_NUMBER.search(before)
        if m is None or _CONTACT["phone"].search(before) or named_as_wrong(ctx, mention):
            continue
        place = m.group("place")
        if place not in _COUNTRIES and not _is_city(place):
            continue
        after = clause.text[mention.span[1] - clause.start :]
        if _QUESTION.search(clause.text) or _DEAD_AFTER.match(after) or re.search(r"不是|没|别", before):
            continue  # "新加坡的号 … 停用了", "缅甸的号 … 是不是…？": no number held now
        rel = re.search(rf"({_REL})", m.group("who") or "")
        if rel is not None and rel.group(1) in _ACQUAINTANCES:
            continue  # a friend's or a colleague's number is theirs to give: an identifier only
        if rel is None and re.search(r"[他她]|客户|朋友|同事|别人", before):
            continue
        subject = f"{ctx.speaker_id}:{_RELATIONS[rel.group(1)]}" if rel else ctx.speaker_id
        evidence = clause.text[m.start() : mention.span[1] - clause.start]
        yield _fact(subject, "phone", contact_value("phone", mention), "region_number", evidence, confidence=0.85)


def _contact_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    yield from _bracketed_contacts(ctx, clause)
    yield from _region_number_facts(ctx, clause)
    yield from _number_now(ctx, clause)
    yield from _dead_contacts(ctx, clause)
    for predicate, cue in _CONTACT.items():
        kind: IdentifierKind = "phone" if predicate == "phone" else "email"
        for mention in clause.identifiers(ctx, kind):
            before = clause.text[: mention.span[0] - clause.start]
            cues = list(cue.finditer(before))
            if not cues or named_as_wrong(ctx, mention) or re.search(r"不是|并非", before[cues[-1].start() :]):
                continue
            m = cues[-1]
            after = clause.text[mention.span[1] - clause.start :]
            if (kin_contact := _kin_contact(ctx, clause, predicate, mention, before[: m.start()])) is not None:
                yield from kin_contact
                continue
            # ("有事打 400… 转人工", "以后打 … 找前台": a line the speaker calls, not the speaker's.)
            if _CALLS_A_LINE.match(after) or (_BARE_CALL.fullmatch(m.group()) and not _REACHES_ME.match(after)):
                continue  # "打 400… 找我" reaches the speaker; "打 400… 转人工" does not
            if m.groupdict().get("me") and _TOLD_TO_SEND.search(before[: m.start()]):
                continue  # "短信让把验证码发到 …": where someone told the speaker to send it, not the speaker's
            if m.group("bare") and "那个" in m.group("bare") and not _CONTACT_DEAD.search(clause.text):
                continue  # "那个邮箱 … 是我同事的": a number pointed at is the speaker's only when retired
            if re.match(rf"\s*(?:是|为)(?:我的?)?(?:{_REL}|别人|他|她|客户|公司)", after):
                continue  # whose it is, said after: someone else's
            if _THIRD_PARTY_BEFORE.search(before[: m.start()]):
                continue  # "顾客的手机号是 …": someone the speaker serves or deals with, not the speaker
            if m.groupdict().get("mine") and not re.search(
                r"手机号|号码|电话" if predicate == "phone" else r"邮箱|邮件", ctx.text[: clause.start + m.start()]
            ):
                continue  # "我的是 …" names the speaker's own only after the kind of contact is asked about
            if m.group("intro") and not _introduces_the_speaker(ctx, clause.start + m.start()):
                continue  # a bare label counts only in a turn that introduces the speaker or updates their details
            if m.group("bare") and not _OWN_BARE_CUE.search(before[: m.end("bare")]):
                continue  # "酒店前台的电话 0592…": a number of someone the speaker does not name as theirs
            subject = _contact_owner(ctx, before, m)
            if subject is None:
                continue
            who = m.group("who") or ""
            # "他的手机号是 …": whoever he or she is in the turn (the pronoun resolved to someone named).
            if (
                not who
                and _PRONOUN_OWNER.search(before[: m.start()])
                and not (subject := _pronoun_owner(ctx, clause, m.start()))
            ):
                continue  # (a friend's or a classmate's number is theirs to give: an identifier only)
            value = contact_value(predicate, mention)
            evidence = clause.text[m.start() : mention.span[1] - clause.start]
            dead = _CONTACT_DEAD.search(clause.text) or _DEAD_AFTER.match(after)
            # "邮箱换成 … 了，之前那个QQ邮箱不用了": the retired one is named after the new one, not this.
            if dead is not None and (dead.re is _DEAD_AFTER or dead.start() <= mention.span[0] - clause.start):
                yield ending(ctx, clause, subject, predicate, value, f"zh.{predicate}.ended", evidence)
                continue
            yield _fact(
                subject,
                predicate,
                value,
                predicate,
                evidence,
                valid_from=_contact_since(ctx, clause, m.start()),
                confidence=0.9,
                ends_previous=bool(_CONTACT_CHANGE.search(m.group())),
            )


def _address_since(ctx: TurnContext, clause: Clause) -> datetime | None:
    """The day an address holds from: one still to come ("下周一起…"), one gone by that the turn says it starts on
    ("从昨天开始我的地址就是…"), or the day of the move it follows ("昨天搬的家，新地址：…")."""
    since = _starts_on(ctx, clause)
    for mention in clause.times(ctx) if since is None else ():
        if mention.start > ctx.at:
            continue
        starts = _FROM_THEN_BEFORE.search(ctx.text, 0, mention.span[0]) and _FROM_THEN_AFTER.match(
            ctx.text, mention.span[1]
        )
        if starts or re.match(r"\s*(?:刚|才)?搬(?:的|了)?(?:家|新家)", ctx.text[mention.span[1] :]):
            return mention.start
    return since or _since_said_after(ctx, clause)


# The day told in the next sentence, pointing back at the address: "新地址：…。从下周一起寄这里",
# "…，下个月1号开始送这儿".
_SENT_HERE_FROM = re.compile(r"\s*(?:开始|起)?(?:就|都|请|麻烦)?(?:寄|送|发)(?:到)?(?:这里|这儿|这|这个地址|新地址)")


def _since_said_after(ctx: TurnContext, clause: Clause) -> datetime | None:
    for mention in ctx.times:
        if mention.span[0] < clause.end or ctx.text[clause.end : mention.span[0]].strip("，,。！!　 从自") != "":
            continue
        if _SENT_HERE_FROM.match(ctx.text, mention.span[1]):
            return mention.start
    return None


# "我女儿宿舍在武汉大学桂园5栋", "我家在XX路18号": where one lives, said by the building, down to its number.
_LODGING_AT = re.compile(
    rf"(?:^|(?<=[，,。！]))\s*我(?:的)?(?P<rel>{_REL})?(?:的)?(?:宿舍|寝室|家|住处|公寓)(?:地址)?(?:就)?(?:在|是)"
    r"(?P<addr>[\u4e00-\u9fffA-Za-z0-9\-]{4,40}?\d+\s*(?:号楼|号|栋|舍|幢|楼|室|单元)(?:\d+室|\d+号)?)(?=[，。！,.!]|$)"
)


def _lodging_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _LODGING_AT.finditer(clause.text):
        rel = m.group("rel")
        if rel in _ACQUAINTANCES:
            continue
        subject = f"{ctx.speaker_id}:{_RELATIONS[rel]}" if rel else ctx.speaker_id
        yield _fact(subject, "address", _clean(m.group("addr")), "lodging_at", m.group(), confidence=0.8)


def _name_is_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """The name the speaker or a relative goes by: "我叫…", "我女儿叫…", "名字写错了，是…"."""
    surname = re.search(r"(?:^|[。！？!?])\s*我姓([\u4e00-\u9fff])", ctx.text)
    for m in _NAME_IS.finditer(clause.text):
        name = (m.group("name") or m.group("quoted")).strip()
        relation = m.group("rel")
        # A bare "，叫…" names the speaker only after "我姓X" and with that surname.
        if m.group("surname_first") and (surname is None or not name.startswith(surname.group(1))):
            continue
        subject = f"{ctx.speaker_id}:{_RELATIONS[relation]}" if relation else ctx.speaker_id
        if _NAME_NOT_AFTER.search(clause.text[: m.start()]):
            continue  # "别叫我小王": a name the speaker refuses
        if not relation and re.search(rf"(?:{_REL}|他|她|客户|用户)的?\s*$", clause.text[: m.start()]):
            continue  # "我姐的名字帮我改一下，改成…": someone else's name
        if re.fullmatch(rf"[\u4e00-\u9fff]?(?:{_JOB_SUFFIX})", name):
            if m.group().startswith("本人"):
                # "本人会计，在…": what the speaker is, a trade, not a name.
                yield _fact(subject, "job_title", name, "self_trade", m.group(), confidence=0.85)
            continue
        # ("都是我本人下的", "本人买过": a verb and its particle are no name.)
        if not name.startswith(("了", "个", "车", "外", "你", "他", "她", "人", "我")) and not re.search(
            r"[的了着过地得]$", name
        ):
            yield _fact(subject, "name", name, "name", m.group(), confidence=0.9)


# He or she named after the relative the turn told of: "我老婆电话…，收件人写她，叫周婉清", "我哥…，他叫陈立".
_PRONOUN_NAMED = re.compile(
    r"(?:[他她](?:[，,]\s*)?(?:叫|名叫|名字叫|全名叫?)"
    # ("收件人写她名字就行，叫何子涵": his or her name asked for, then said.)
    r"|[他她]的?(?:名字|全名|姓名)[^，。！？]{0,6}?[，,：:]\s*(?:叫|是))"
    rf"\s*{_PERSON_NAME}(?=[，。！,.!\s]|$)"
)


def _pronoun_named(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """A name said of he or she, who is the one relative the turn named before."""
    for m in _PRONOUN_NAMED.finditer(clause.text):
        relatives = {r.group(1) for r in _RELATIVE_EARLIER.finditer(ctx.text, 0, clause.start + m.start())}
        before = ctx.text[: clause.start + m.start()]
        if len(relatives) != 1 or _QUESTION.search(clause.text) or m.group("name") in _NOT_NAMES:
            continue
        if any(word in before for word in _ACQUAINTANCES):
            continue  # "我同事和我哥都来，他叫…": he may be either
            continue
        subject = f"{ctx.speaker_id}:{_RELATIONS[relatives.pop()]}"
        yield _fact(subject, "name", m.group("name"), "pronoun_named", m.group(), confidence=0.85)


def _address_fixed(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """ "地址写错了！！是 成都市…62号 不是26号": the right one, in the sentence after the mistake is told."""
    fixed = _RIGHT_ONE_AFTER.match(clause.text) if _ADDRESS_WRONG_BEFORE.search(ctx.text[: clause.start]) else None
    if fixed is not None and _ADDRESS_SHAPE.search(fixed.group("addr")):
        address = _clean(fixed.group("addr"))
        yield _fact(ctx.speaker_id, "address", address, "address.fixed", fixed.group(), confidence=0.85)
    for m in _STREET_NUMBER_FIXED.finditer(clause.text):
        # "是解放西路208号，不是280号": the street and number, set against the wrong number.
        before = ctx.text[: clause.start + m.start()]
        if _QUESTION.search(clause.text) or re.search(rf"[他她]|我的?(?:{_REL})|别人|朋友|客户", before):
            continue
        if any(m.group("addr") in said.group("addr") for said in _ADDRESS.finditer(clause.text)):
            continue  # "地址写错了，是…号，不是…号": read with the word for address
        yield _fact(ctx.speaker_id, "address", m.group("addr"), "address.number_fixed", m.group(), confidence=0.85)


# A street address set right against a wrong house number: "是友谊南路72号，不是27号", "门牌号写错了，是…".
_STREET_NUMBER_FIXED = re.compile(
    r"(?:^|(?<=[，,。！!：:\s]))(?:应该|其实|正确的)?是\s*"
    r"(?P<addr>(?:[\u4e00-\u9fff]{2,6}(?:区|县|市))?[\u4e00-\u9fff]{2,8}(?:路|街|道|巷|弄|胡同)[\u4e00-\u9fff]{0,3}?\d{1,5}号)"
    r"\s*[，,]\s*(?:而)?不是\s*[\u4e00-\u9fff]{0,10}?\d{1,5}号"
)


def _same_address_kin(ctx: TurnContext, clause: Clause, m: re.Match[str], subject: str) -> Iterator[CandidateFact]:
    """ "我妈现在跟我住，地址跟我一样：…": the one relative who lives with the speaker has it too."""
    if not m.group("same") or subject != ctx.speaker_id:
        return
    sentence = _sentence_before(ctx, clause).text + clause.text[: m.start()]
    kin = [r.group(1) for r in re.finditer(rf"我(?:的)?({_REL})", sentence) if r.group(1) not in _ACQUAINTANCES]
    if len(set(kin)) == 1:
        address = _clean(_ADDRESS_TAIL.sub("", m.group("addr")))
        yield _fact(f"{ctx.speaker_id}:{_RELATIONS[kin[0]]}", "address", address, "address.same", m.group())


def _profile_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    # "我住郑州市金水区花园路39号院2号楼": where one lives, down to the street, is one's address.
    for m in _LIVES_AT.finditer(clause.text):
        address = _clean(m.group("addr"))
        subject = _subject(ctx, clause, m.start())
        prefix = _prefix(clause, m.start())
        if subject and _STREET_ADDRESS.search(address) and not re.search(r"不|没|以前|曾经|之前", prefix):
            yield _fact(subject, "address", address, "lives_at", m.group(), confidence=0.8)
    for m in _SELF_INTRO.finditer(clause.text):
        name = m.group("name")
        if not re.search(rf"(?:{_JOB_SUFFIX})$", name) and name not in _NOT_NAMES:
            yield _fact(ctx.speaker_id, "name", name, "self_intro", m.group(), confidence=0.85)
    for m in _KIN_NAMED.finditer(clause.text):
        # "爱人李强去年开始在腾讯上班": the relative's name, said right after the word for them.
        # ("我女儿戴的是…": a verb and 的 after the family word is no name.)
        if m.group("rel") not in _ACQUAINTANCES and not re.search(r"[的了着过地得]$", m.group("name")):
            subject = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel')]}"
            yield _fact(subject, "name", m.group("name"), "kin_named", m.group(), confidence=0.85)
    yield from _pronoun_named(ctx, clause)
    yield from _name_is_facts(ctx, clause)
    told = _ADDRESS_CHANGE_TOLD.search(_sentence_before(ctx, clause).text)
    now = _NOW_IS.match(clause.text) if told else None
    if now is not None and _ADDRESS_SHAPE.search(now.group("addr")):
        # "我地址上周一换了，现在是广州市…": the change told in the clause before, dated there.
        yield _fact(
            ctx.speaker_id,
            "address",
            _clean(now.group("addr")),
            "address_now",
            now.group(),
            valid_from=_sentence_before(ctx, clause).past_time(ctx),
            ends_previous=True,
        )
    renamed = _NOW_CALLED.match(clause.text) if re.search(r"改(?:了)?名", ctx.text[: clause.start]) else None
    if renamed:
        # "我改名了，现在叫陈思远": the new name, in the clause after the change.
        yield _fact(ctx.speaker_id, "name", renamed.group("name"), "renamed", renamed.group(), confidence=0.9)
    for m in _ADDRESS_DELETED.finditer(clause.text):
        address = _clean(m.group("addr"))
        if _ADDRESS_SHAPE.search(address) and _LIVED_THERE_NO_MORE.search(ctx.text, clause.start + m.end()):
            yield ending(ctx, clause, ctx.speaker_id, "address", address, "zh.address.deleted", m.group())
    for m in _ADDRESS_BY_THIS.finditer(clause.text):
        address = _clean(_ADDRESS_TAIL.sub("", m.group("addr")))
        if re.search(r"地址|住址", ctx.text[: clause.start + m.start()]) and _ADDRESS_SHAPE.search(address):
            yield _fact(ctx.speaker_id, "address", address, "address_by_this", m.group(), ends_previous=True)
    yield from _address_fixed(ctx, clause)
    for m in _ADDRESS.finditer(clause.text):
        if re.match(r"(?:错|不对|有误|有问题|不全)", m.group("addr")):
            continue  # "地址写错了一个字": the mistake, not the address
        verb = m.group("verb")
        if m.group("en_word") and ("@" in m.group("addr") or not re.search(r"\d", m.group("addr"))):
            continue  # "email address是 …", "IP address是 …": no home
        if re.fullmatch(r"(?:都|一律|就)?用|[，,]", verb) and not _ADDRESS_SHAPE.search(m.group("addr")):
            continue  # "地址用英文写": how it is written, no address (unless "以后就用 …" marks it as the one to use)
        who = m.group("who") or ""
        relation = re.search(f"(?P<rel>{_REL})", who) if who else None
        # "我女儿的宿舍地址是 …": the relative named just before the kind of address.
        relation = relation or _RELATIVE_BEFORE.search(_segment(clause, m.start()))
        subject = f"{ctx.speaker_id}:{_RELATIONS[relation.group('rel')]}" if relation else ctx.speaker_id
        whose = _ADDRESS_IS_RELATIVES.match(clause.text, m.end())
        if whose is not None and whose.group("rel") not in _ACQUAINTANCES:
            subject = f"{ctx.speaker_id}:{_RELATIONS[whose.group('rel')]}"  # "…：武汉大学枫园5舍312，是我儿子的"
        # ("这单用PayPal付，…，address是 …": a marker that closes on another clause's choice leaves the address be.)
        marker = _ONE_OFF.search(ctx.text)
        once = (
            marker is not None
            and not _LASTING.search(ctx.text)
            and not _MARKER_ON_OTHER_CHOICE.match(ctx.text, marker.end())
        )
        left = _ADDRESS_LEFT.search(ctx.text, clause.start + m.end())
        if left and _OLD_ADDRESS.search(clause.text[: m.start("addr")]):
            # "那个旧地址：海淀区…，早就不住那了": an old address, said to be lived at no more.
            address = _clean(_ADDRESS_TAIL.sub("", m.group("addr")))
            yield ending(ctx, clause, subject, "address", address, "zh.address.left", m.group())
            continue
        yield from _same_address_kin(ctx, clause, m, subject)
        yield _fact(
            subject,
            "address",
            # "…改成广州市天河区体育西路103号吗？": the question particle is not part of the address.
            _clean(_ADDRESS_TAIL.sub("", m.group("addr"))),
            "address",
            m.group(),
            confidence=0.85,
            valid_from=_address_since(ctx, clause),
            ends_previous=m.group("verb") not in ("是", "为", ":", "："),
            lasting=not once,
        )


# The address said wrong, a sentence closed on it, then the right one: "地址写错了！！是 …", "收货地址填错了。应该是 …".
_ADDRESS_WRONG_BEFORE = re.compile(r"(?:地址|住址)(?:写|填|打|弄|搞|给)?错了[!！。.\s]*$")
_RIGHT_ONE_AFTER = re.compile(
    r"\s*(?:应该|正确的|对的)?是\s*[:：]?\s*(?P<addr>[^，。！？；\n]{4,60}?)(?=\s*(?:不是|而不是)|\s*[，。！？；,\n]|\s*$)"
)
# Years lived somewhere, then the leaving: "在广州住了六年终于搬走了", "在北京待了十年，上个月离开了".
_LIVED_THEN_LEFT = re.compile(
    r"[^，。！？；]{0,4}?[一二两三四五六七八九十几半多\d]+(?:个)?(?:年|个月)(?:多|半)?(?:了)?[，,]?\s*"
    r"(?:去年|今年|前年|上个月|这个月|上周|最近|前几天)?(?:终于|总算|还是|最后|已经|也|刚)?(?:搬走|搬离|搬出来|离开|走)了"
)
# An old address, then the word that it is lived at no more: "删掉那个旧地址：…，早就不住那了".
_OLD_ADDRESS = re.compile(r"(?:旧|老|以前的?|之前的?|原来的?)(?:的)?(?:家庭|收货)?(?:地址|住址)")
_ADDRESS_LEFT = re.compile(
    r"[，,]\s*(?:我|我们)?(?:早就|早已|已经|早)?(?:不(?:再)?住(?:在)?(?:那|那儿|那里|那边)了|搬走了|搬出来了)"
)
# Whose the address just given is: "宿舍地址更新下：武汉大学枫园5舍312，是我儿子的".
_ADDRESS_IS_RELATIVES = re.compile(
    rf"\s*[，,]\s*(?:这|这个|这是)?(?:是|为)?我(?:的)?(?P<rel>{_REL})的(?:地址|宿舍)?(?=[，,。！!]|$)"
)
# A one-off marker whose own clause makes another choice: "这单用PayPal付，…" (not "这单寄到：…").
_MARKER_ON_OTHER_CHOICE = re.compile(
    r"(?:先|就|还是)?(?:用|走|刷)[^，。！？；地址寄送]{1,12}?(?:付|支付|付款)?(?=[，,])"
)
# An address named by its place, asked to be deleted, lived at no more:
# "地址簿里那个厦门思明区莲前西路的地址删了吧，早不住那了".
_ADDRESS_DELETED = re.compile(
    r"(?:那个|这个|那条|这条)(?P<addr>[\u4e00-\u9fffA-Za-z0-9\-#]{6,40}?)的(?:旧|老)?(?:收货)?(?:地址|住址)"
    r"(?:帮我|麻烦|请)?(?:删了|删掉|删除|去掉|移除)"
)
_LIVED_THERE_NO_MORE = re.compile(r"(?:早就|早已|已经|早)?不(?:再)?住(?:在)?(?:那|那儿|那里|那边)了|搬走了|搬出来了")
# "老地址作废，麻烦以这个为准：南京市…", "地址按下面这个来：…": an address named first, the one to go by after.
_ADDRESS_BY_THIS = re.compile(
    r"(?:以|按)(?:这个|下面这个|下面的|新的|这个新的?|我新给的)(?:为准|来)\s*[：:]\s*(?P<addr>[^，。！？；\n]{6,60})"
)


# "我们新来的采购经理叫赵敏", "公司的HR是李雪": a named person's job, said from the job's side.
_TITLE_HOLDER = re.compile(
    rf"(?:我们公司|我们部门|我们|公司|单位|部门)?(?:的)?(?:新来的|新的|新任的?|现任的?)?"
    rf"(?P<title>(?:(?!的)[\u4e00-\u9fffA-Za-z]){{0,4}}?(?:{_JOB_SUFFIX}))"
    rf"(?:叫|是){_PERSON_NAME}(?=[，。！？,.!?\s]|$)"
)


def _title_holder_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _TITLE_HOLDER.finditer(clause.text):
        title, name = m.group("title"), m.group("name")
        prefix = _prefix(clause, m.start())
        if (
            re.search(rf"我(?:的)?$|{_REL}$|不是|以前|之前", prefix)
            or _NOT_A_JOB.search(title)
            or title in _ACCOUNT_ROLES
        ):
            continue
        yield _fact(name, "job_title", title, "title_holder", m.group())


# A device named as one's own in passing, by its maker and model: "我的小米14 Ultra从昨天开始就登不上", "我戴的华为
# Watch GT 4", "女儿用小天才电话手表". The possessive presupposes the device, so it counts in a question too.
# (孩子 says whose without 我 only here, where a device follows: "孩子在用的步步高学习机S5".)
_KIN_WORDS = "|".join([*(k for k in _KIN if k in _RELATIONS), "孩子"])
_OWN_DEVICE_NAMED = re.compile(
    # ("我用华为Mate X5，折叠屏的": the one the speaker uses now.)
    r"(?:^|(?<=[，,。！？：:；\s]))\s*(?P<uses>我(?:现在|目前|平时|一直)?(?:在)?用)(?!的)(?=\s?[A-Za-z\u4e00-\u9fff])|"
    rf"(?:^|(?<=[，,。！？：:；\s]))\s*(?:我(?:的)?(?P<rel>{_REL})?|(?P<kin>{_KIN_WORDS})|我家(?:里)?|家里)"
    r"(?:的|(?:在)?(?:用|戴|玩)的(?:是)?|(?:手上|手里|身边)(?:的|[这那][台部个只块])|(?:的)?[这那][台部个只块])"
    # ("新买的 AirPods 连不上我的 Mac": my own, as the object of the phrase.)
    r"|(?<=[\u4e00-\u9fff])(?<!不是)我的(?=\s?[A-Za-z\u4e00-\u9fff])"
    rf"|(?:^|(?<=[，,。！？：:；\s]))\s*(?P<kin_using>{_KIN_WORDS})(?:在)?(?:用|戴|玩)(?:的是|的|着)?"
)
# What follows a device not yet had: an order, a delivery, a pre-sale ("我的iPhone 16订单", "我的小米15什么时候发货").
_NOT_YET_HAD = re.compile(
    r"\s*的?(?:订单|单号|单子|快递|包裹|物流|发货|到货|预售|预订|预约|还没到|还没发|什么时候(?:到|发)|退款|退货|换货|尾款|定金)"
)


# What goes wrong with a device or an app on it, besides its faults: "登不上", "连不上", "打不开", "闪退".
_GONE_WRONG = r"登不上|登录不上|登录不了|登不了|登不进|连不上|打不开|闪退|用不了|收不到|同步不了|更新不了|识别不了"


def _possessed_devices(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """Devices the turn names as the speaker's or a close relative's, by maker and model, in passing."""
    text = clause.text
    for owner in _OWN_DEVICE_NAMED.finditer(text):
        m = re.compile(r"\s*" + _DEVICE).match(text, owner.end())
        if m is None:
            continue
        device = _device_name(m.group("device"))
        has_model = re.search(r"[A-Za-z0-9]", device) is not None or re.search(_NOUNS, device) is not None
        if not has_model or re.fullmatch(rf"(?:{_BRANDS_ZH})", device) or _NOT_YET_HAD.match(text, m.end()):
            continue
        if _ENDED_AFTER.match(text, m.end()) or re.search(r"不是我|别人的|借的|借来的", text[m.end() : m.end() + 8]):
            continue
        rel = owner.group("rel") or owner.group("kin") or owner.group("kin_using")
        if rel in _ACQUAINTANCES:
            continue  # "我同事的iPhone": someone the turn does not name
        head = _segment(clause, owner.start())
        if _PAST.search(head) or _PLAN.search(head) or _HYPOTHETICAL.search(head):
            continue  # "以前我的iPad是2018款的", "要是我的iPad坏了": no device held now told
        # In a question a bare "我的…" counts when the turn tells what is wrong with it ("我的小米14从昨天开始就登不上，
        # 怎么回事"); "我的Apple Watch你们能修吗" only asks (round 17). Worn or used ("我戴的…") is told either way.
        # ("我用Kindle还是iPad看书比较好", "我用iPad Pro合适吗": a choice weighed, like a bare possessive asked about.)
        bare_possessive = bool(owner.group("uses")) or (
            owner.group().rstrip().endswith("的") and not re.search(r"[用戴玩]的", owner.group())
        )
        phrase = clause.phrase_at(m.end()).text
        if owner.group("uses") and re.search(r"还是|比较好|合适|推荐|值得|哪个|好不好", phrase):
            continue
        if bare_possessive and _QUESTION.search(text) and not re.search(rf"{_FAULTY}|{_GONE_WRONG}", phrase):
            continue
        subject = f"{ctx.speaker_id}:{_RELATIONS[rel]}" if rel else ctx.speaker_id
        yield _fact(subject, "owns_device", device, "possessed_device", text[owner.start() : m.end()], confidence=0.8)


# Where the speaker bought it, just before the buying: the shop they are writing to ("在你们这买的", "从你们官网下单
# 买的") or any other ("上周在京东买的", "在拼多多上入手的").
_AT_YOUR_SHOP = re.compile(
    r"(?:在|从|找)(?:(?:你们|您们|贵)(?:这儿?|那儿?|这里|店里?|家|平台|官网|网站|商城|旗舰店|门店)?"
    r"|[\u4e00-\u9fffA-Za-z]{1,6}?(?:上|里)?)(?=\s*(?:下单)?(?:买|购买|入手|抢)的)"
)


def _bought_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """A device named as one the speaker bought ("去年三月买的扫地机器人还在保修吗？"): the
    relative clause presupposes the purchase, so it counts even inside a question.

    With an order number in the turn ("上周买的那个电饭煲，订单 DD-30772，能取消吗"), the thing bought
    only names the order asked about: the number is the fact, the purchase no ownership to keep."""
    if any(mention.kind == "order_id" for mention in ctx.identifiers):
        return
    for m in _BOUGHT_ONE.finditer(clause.text):
        subject = _subject(ctx, clause, m.start())
        prefix = _prefix(clause, m.start())
        shop_named = _AT_YOUR_SHOP.search(clause.text[: m.end()]) is not None
        if subject is None and shop_named and not re.search(r"他|她|您(?!们)", prefix):
            # "上个月在你们这买的…", "上周在京东买的…": the shop named before the buying is no person.
            # (Blanked with spaces, so the offsets of the turn's times still hold.)
            blanked = _AT_YOUR_SHOP.sub(lambda shop: " " * len(shop.group()), clause.text)
            subject = _subject(ctx, Clause(blanked, clause.start), m.start())
        if subject is None or re.search(r"不是|没|不|别人|朋友", prefix) or _PLAN.search(prefix):
            continue
        device = _device_name(m.group("device"))
        if _ENDED_AFTER.match(clause.text, m.end()):
            continue  # "三月份买的Kindle落在高铁上了": read as its end
        generic = re.fullmatch(_NOUNS, device) is not None
        yield _fact(
            subject,
            "owns_device",
            device,
            "bought_one",
            m.group(),
            # ("前阵子买的大疆Mini 4 Pro，今天第一次飞就…": a time in another phrase is not the purchase's.)
            valid_from=clause.phrase_at(m.start()).past_time(ctx),
            confidence=0.7 if generic else 0.8,
        )


# An errand to the speaker's own place: "这次先寄到我公司吧：杭州市西湖区文三路90号…" (kept one-off).
# ("这单寄我公司吧：潍坊市…": with the place named, 到 may go.)
# This one parcel sent somewhere: the address is the speaker's for this order, also when the place is a
# relative's ("这单先寄到我爸那儿，北京市…", "这次发我妈家：…"), as dev5 and heldout11, 12 and 15 label it.
_ONE_PARCEL_PLACE = (
    rf"我的?(?:(?:{_REL})的?)?(?:公司|单位|家|办公室|宿舍|学校|那儿|那里|那边|那|店里)"
    # ("这单先寄公司吧：北京市…": the place without 我, its address after the colon.)
    r"|(?:公司|单位|家里|办公室|宿舍|学校)(?=(?:吧|去)?\s*[：:])"
)
_SENT_THIS_ONCE = re.compile(
    rf"(?:(?:寄到|送到|发到|配送到|邮寄到)(?:{_ONE_PARCEL_PLACE})?|(?:寄|送|发){_ONE_PARCEL_PLACE})"
    r"(?:吧|去)?[：:，,]?\s*(?P<addr>[^，。！？；\n]{4,60})"
)


# A phrase about him or her ("…，她一直住那"): it says nothing of how long the speaker's wish holds.
_HIS_OR_HER_PHRASE = re.compile(r"[，,]\s*[他她][^，。！？]*")
_LIVES_THERE_STILL = re.compile(
    r"[，,]\s*[他她](?:一直|常年|现在|平时|就)*住(?:在)?(?:那|那儿|那里|那边|这)(?=[，。！,.!]|$|呢|的)"
)


def _shipping_address_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    # ("以后所有快递都寄到我新家：…": all of the speaker's parcels, not everyone's)
    if _OTHER_PEOPLE.search(_R37_ALL_MY_PARCELS.sub("", clause.text)):
        return
    # ("这一单寄我妈家：…，她一直住那": what she always does is hers, the parcel's address is this once.)
    own = _HIS_OR_HER_PHRASE.sub("", clause.text)
    if _ONE_OFF.search(own) and not _LASTING.search(own):
        for m in _SENT_THIS_ONCE.finditer(clause.text):
            address = _clean(m.group("addr"))
            # "寄到他家：…", "别寄到…": someone else's parcel, or none.
            before = _prefix(clause, m.start()) + clause.text[m.start() : m.start("addr")] + address[:4]
            if _ADDRESS_SHAPE.search(address) and not re.search(r"他|她|你|您|不|别", before):
                yield _fact(
                    ctx.speaker_id, "address", address, "sent_this_once", m.group(), lasting=False, confidence=0.8
                )
                relative = re.search(rf"我的?({_REL})的?家", clause.text[m.start() : m.start("addr")])
                if (
                    relative
                    and _LIVES_THERE_STILL.match(clause.text, m.end())
                    and relative.group(1) not in _ACQUAINTANCES
                ):
                    # "寄我妈家：福州市…，她一直住那": the relative's home, where she lives.
                    subject = f"{ctx.speaker_id}:{_RELATIONS[relative.group(1)]}"
                    yield _fact(subject, "address", address, "relative_home", m.group(), confidence=0.8)
        return
    # ("下周一起包裹都寄到…": from a day still to come, for good.)
    since = _starts_on(ctx, clause)
    if not _LASTING.search(clause.text) and since is None:
        return
    for m in _SHIPS_TO.finditer(clause.text):
        # "寄到公司：上海市…", "寄到学校宿舍：南京大学…": the place named before the colon is no part of the address.
        address = re.sub(
            r"^(?:我)?(?:[\u4e00-\u9fff]{2,4}的)?(?:公司|单位|家里|新家|家|老家|学校|学校宿舍|宿舍|办公室|店里)\s*[：:]\s*",
            "",
            _clean(m.group("addr") or m.group("addr2") or m.group("addr3")),
        )
        prefix = _prefix(clause, m.start())
        relation = re.search(rf"我(?:的)?({_REL})", prefix)
        # The words before are what gets sent (快递, 包裹), not whose: the speaker unless named.
        subject = f"{ctx.speaker_id}:{_RELATIONS[relation.group(1)]}" if relation else ctx.speaker_id
        if re.search(r"他|她|你|您", prefix):
            continue
        if _ADDRESS_SHAPE.search(address) and not re.search(r"不|别", prefix):
            yield _fact(
                subject, "address", address, "ships_to", m.group(), confidence=0.8, valid_from=since, ends_previous=True
            )


_NOT_MINE = re.compile(
    rf"[^。！？]{{0,24}}?(?:不是我的|并非我的|是(?:我)?(?:{_REL}|朋友|同事|邻居|别人|他|她)的(?:单|订单|单号|工单)?(?:[，,。！]|$)"
    r"|别记到我名下)"
)


# Someone else's record, named as theirs just before the number: "她的单子 …", "我同事的订单号是 …" (not "我的").
_OWNED_BY_OTHER = re.compile(
    r"(?:他|她|他们|她们|朋友|同事|邻居|别人|室友|客户)(?:的)(?:那个|这个|那笔|这笔)?(?:单子|订单|快递|包裹|工单|售后单|单)(?:号)?"
    r"(?:是|为|：|:)?\s*$"
)


def _reference_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """Order and ticket numbers the user mentions are theirs to look up later.

    The fact holds from the turn: "我昨天下的单" dates the placing, an event the episode keeps with its time
    mentions, not the start of the record being the user's (the schema's convention, settled in session 10).
    """
    kinds: tuple[IdentifierKind, ...] = ("order_id", "ticket_id")
    for kind in kinds:
        for mention in clause.identifiers(ctx, kind):
            if named_as_wrong(ctx, mention):
                continue
            if _NOT_MINE.match(ctx.text, mention.span[1]):
                continue  # "QD550… 这个单号是我朋友的，不是我的": someone else's record
            if _OWNED_BY_OTHER.search(ctx.text[: mention.span[0]]):
                continue  # "她的单子 WPH-90112 能不能改地址": a friend's order, asked about for her
            yield _fact(
                ctx.speaker_id,
                kind,
                normalize_id(mention.text),
                kind,
                mention.text,
                confidence=0.85,
            )


# ---------------------------------------------------------------------------- preferences

_LASTING = re.compile(
    # ("下午三点以后家里才有人": after an hour of the day, 以后 is no "from now on".)
    r"(?<![点钟时半])以后都|(?<![点钟时半])以后|今后|往后|默认|总是|习惯|一直|每次|从现在(?:开始|起)|从今(?:天)?(?:以后|起|开始)|今天(?:开始|起)"
    r"|永远|统一|始终|长期|都用|一律|每周|每个月|每月|平时|一般|通常|平常"
    # The usual way set against the one at hand: "这单导出用PDF，其他的照旧Excel".
    r"|照旧|照常|(?:其他|其余|别)的(?:都|还是|照旧|照常)"
)
_ONE_OFF = re.compile(
    # ("这几天的快递先放驿站", "出差这期间…": a stretch of days at hand.)
    r"这几天|这两天|这期间|这段时间|(?:出差|放假|休假|住院)期间"
    # ("先切到深色试试": a look tried out.)
    r"|(?<=[色式文语版])(?:看看|试试|试一下|体验一下)"
    r"|今天(?!开始|起)|这次|这一次|暂时|临时|这回|本次|今晚|先用|这一回|这份|这一份|这个订单|这单|这一单|这个包裹|这趟|这一趟"
    # "这周的周报先给我精简版": this week's one (not "这周开始…", from this week on).
    r"|(?:这周|本周)(?!开始|起|以后|之后)"
    # One payment at hand: "这一笔先走微信支付", "先刷信用卡顶一下".
    r"|这一?笔(?!钱)|先(?:走|刷|拿|扫|付)"
    r"|(?:下次|下一次|下回)(?![^，。！？]{0,3}(?:开始|起|以后|之后))"
)
# Demonstratives that point at the thing at hand, not at an occasion.
_OBJECT_AT_HAND = re.compile(r"这份|这一份|这个文件|这张表|这个表")
_PREFERS = re.compile(
    r"喜欢|偏好|偏爱|愿意|想要|要|用|改成|换成|换回|改回|切回|改为|设置|设为|切换|切到|调成|开|选|发|导出|保存|希望|请|走|写|寄"
    # "帮我切成浅色主题", "界面弄成暗色的", "调到夜间模式": the other verbs of setting a look.
    r"|切成|弄成|搞成|调到|设成|变成"
    # "消息提醒我想换短信": a change wished for.
    r"|想换|想改"
    # "有事打电话给我": whenever something comes up.
    r"|有事|有什么事|有啥|推"
    r"|(?i:export)|换到|改到"
    # The only one the speaker takes: "快递我只认顺丰", "付款认准支付宝".
    r"|只认(?!识)|认准|只信"
    # What will do: "短信通知就行", "给我精简版就好"; settled on after all: "还是英文吧".
    r"|就行|就好|就可以|给我|^\s*还是(?=[^，。！？]{1,8}吧)"
    # Where the speaker is reached best: "微信上找我最快".
    r"|找我最|联系我最"
)
_NEGATED = re.compile(r"不要|不用|别|不想|不喜欢|不需要|关掉|关闭|讨厌|不能|不希望")
# A polite yes-no question ("能不能把主题换成深色？") negates nothing; "要不要用顺丰" is undecided and stays negated.
_YES_NO = re.compile(r"能不能|可不可以|行不行")


def _negated(phrase: str) -> bool:
    return _NEGATED.search(_YES_NO.sub("", phrase)) is not None


_THEME = re.compile(
    r"(?P<dark>深色|暗色|暗黑|夜间|黑色|(?i:dark))(?:模式|主题|皮肤|界面|(?i:\s?mode|\s?theme))"
    r"|(?P<light>浅色|亮色|日间|白色|(?i:light))(?:模式|主题|皮肤|界面|(?i:\s?mode|\s?theme))"
    # The colour alone after a setting verb: "以后默认深色", "今天先用浅色".
    # ("今天先切浅色的": 切 alone is switching too.)
    # ("这回先用深色模式，平时还是浅色": the usual look after the one at hand.)
    r"|(?:用|默认|改成|换成|切换到|切到|切成|切|弄成|搞成|设为|调成|调到|开|换|改|来个|来|还是|照旧)(?:成)?"
    r"(?:(?P<dark2>深色|暗色|夜间)|(?P<light2>浅色|亮色|日间))"
    # ("先临时切到浅色看看效果": switched to try it out.)
    r"(?=[，。！？；,.!?\s吧的吗呢啊]|$|看看|试试|试一下|体验一下)"
    # Black or white only where the display is the topic: "主题能不能调成白色的？" (not "手机壳换白色的").
    r"|(?<=[主题界面皮肤背景模式])[^，。！？；]{0,8}?(?:改成|换成|切换到|切成|设为|调成|调到|用)(?:(?P<dark3>黑色)|(?P<light3>白色))"
    r"(?=[，。！？；,.!?\s吧的吗呢啊]|$)"
)
_FORMATS = re.compile(r"(?i:pdf|excel|xlsx|csv|word|docx|json|markdown|pptx?)")
_FORMAT = re.compile(r"(?<![A-Za-z])(?P<fmt>(?i:pdf|excel|xlsx|csv|word|docx|json|markdown|pptx?))(?![A-Za-z])")
_FORMAT_CONTEXT = re.compile(
    r"导出|导数据|导表|格式|发|保存|下载|报告|报表|文件|用|版|周报|月报|给我|输出|生成|喜欢|偏好|习惯|这次要|照旧|照常|还是"
    r"|(?i:export|report)"
)
# A report that comes round by period (not a table of data, "报表", which is exported).
_PERIODIC_REPORT = re.compile(r"[周月日]报|季报|年报|(?<![A-Za-z])(?i:reports?)(?![A-Za-z])")
_EXPORTED = re.compile(r"导|(?i:export)|报表|下载|表格|数据")
_REPORT_FORMAT = re.compile(
    r"(?:用|改成|换成|改为|设为|设置为|选|要|按|采用|换到|切换到|改用)了?"
    r"(?P<rf>[^，。！？；\s了吧的呢都]{0,8}?(?:周报|月报|日报|报表|报告|模板|版式|格式)[A-Za-z0-9]{0,3}(?:版|模板|格式)?)"
    # ("今天先给我发简版日报就行": a version of a report, sent.)
    r"|(?:给我|给)?(?:发|出|来)(?:我)?(?:一份|份|个)?(?P<rf3>(?![发出来给个份我])[\u4e00-\u9fffA-Za-z0-9]{1,4}版的?)"
    r"(?P<rf3kind>周报|月报|日报|季报|年报|报表|报告)"
    r"|(?:默认|报告|报表|周报|月报)的?(?:格式|模板|版式)(?:改成|换成|改为|设为|设置为|用)了?"
    r"(?P<rf2>[A-Za-z0-9\u4e00-\u9fff]{1,10}?)(?=[，。！？；\s了吧的呢]|$)"
)
# The report named first, its version after: "周报我一直用C版", "这次的周报用A版就行" -> 周报C版.
_REPORT_VERSION = re.compile(
    # ("复盘报告，默认发我精简版那份": the report as the topic of the next phrase.)
    r"(?P<kind>周报|月报|日报|季报|年报|报表|报告)(?:[^，。！？；]{0,10}?|(?:那边|那块|这块|这边|的话|方面)?[，,][^，。！？；]{0,6}?)"
    # ("月报默认发我C版": sent to the speaker in that version.)
    r"(?:用|要|按|改成|换成|改为|选|采用|改用|看|出|发|给我|切到|切成|切换到|换到|喜欢|偏好)了?(?:给我|我)?"
    # ("报表都给我出简版的": the verb is no part of the version.)
    r"(?P<version>[A-Za-z0-9]{1,3}(?:版|模板|格式|样式)|(?![用要按出发给看来])[\u4e00-\u9fff]{1,3}版(?!本)"
    # ("月报我要带图表的那版": the version told by what it has.)
    r"|[\u4e00-\u9fffA-Za-z]{1,6}的[那这]?版(?!本)"
    # ("月报我要带图表的，…": the version told by what it has, 版 left out.)
    r"|带[\u4e00-\u9fffA-Za-z]{1,6}的(?=[，。！？；,.!?]|$))"
)
# "导出成表格": a spreadsheet is Excel ("日报表格版" is a report's version, read above).
_SPREADSHEET = re.compile(r"(?:导出|存|保存|下载|发)(?:成|为)(?:电子)?表格(?![版格式]|模板)")
_REPORT_OWN_VERSION = re.compile(
    r"(?P<kind>周报|月报|日报|季报|年报)的(?P<version>[\u4e00-\u9fff]{1,3}版|[A-Za-z0-9]{1,3}版)(?!本)"
)
# A described report ("带图表的日报"), only with a word of habit or liking: "帮我看上周的日报" asks.
_REPORT_DESCRIBED = re.compile(
    r"(?:看|要|用|收|出)(?P<rf>[\u4e00-\u9fffA-Za-z0-9]{1,8}的(?:周报|月报|日报|季报|年报|报表|报告))"
)
_HABIT = re.compile(r"习惯|喜欢|偏好|偏爱|默认|以后|今后|一直|总是|向来|平时|通常|一般|平常|经常")
_LANGUAGES = {
    "简体中文": "zh",
    # (Traditional characters are more than "Chinese": the script is kept, as heldout10, 16, 23 and dev5 accept.)
    "繁体中文": "繁体中文",
    # (…written in traditional characters: "繁體中文".)
    "繁體中文": "繁体中文",
    "中文": "zh",
    "汉语": "zh",
    "普通话": "zh",
    "英文": "en",
    "英语": "en",
    "日语": "ja",
    "日文": "ja",
    "韩语": "ko",
    "法语": "fr",
    "德语": "de",
    "西班牙语": "es",
    "粤语": "yue",
    "广东话": "yue",
    # Code-switched turns name the language in English: "暂时先全用English跟我聊".
    "English": "en",
    "Chinese": "zh",
    "Japanese": "ja",
    "Korean": "ko",
}
_LANGUAGE_NAMES = "|".join(sorted(_LANGUAGES, key=len, reverse=True))
_LANGUAGE = re.compile(
    # ("默认用繁体中文显示": the text shown in it.)
    rf"(?:用|说|讲)\s*(?P<lang>{_LANGUAGE_NAMES})\s*(?:回复|回答|回我|交流|沟通|说|写|跟我|和我|同我|聊|吧|$|，|。|就|解释|讲解|介绍|翻译给我|给我讲"
    # ("以后跟我讲广东话行不行？": asked for, the request closing it; see _POLITE_REQUEST.)
    r"|显示|展示|(?=好吗|行吗|可以吗|好不好|行不行))"
    rf"|(?:回复|回覆|回答|交流|沟通|语言|界面)[^，。！？；]{{0,4}}?(?:要|用|都用|使用|是|设为|设置为|设置成|设成|改成|换成|改为|切成|切换成|说"
    # ("界面语言帮我切回中文": switched back.)
    r"|切回|换回|改回|调回|调成|切换到|切到)"
    rf"(?P<lang2>{_LANGUAGE_NAMES})"
    # The interface named by its language: "我习惯看英文界面", "用中文版", "写英文版本".
    rf"|(?:看|用|要|切换到|换成|改成|写|出|发)(?P<lang3>{_LANGUAGE_NAMES})(?:界面|版本|版)"
    # "我更习惯粤语": the language one is used to.
    rf"|(?:习惯|喜欢|偏好)(?:说|讲|用)?(?P<lang4>{_LANGUAGE_NAMES})(?=[，。！？,.!?]|$)"
    # "界面换成哈萨克语……算了，还是英文吧": settled on after all, in a phrase of its own.
    rf"|^\s*还是(?:用|说|讲|换成|改回|切回)?(?P<lang5>{_LANGUAGE_NAMES})(?:界面|版)?(?=吧|好了|就好|就行)"
    # The usual one after the one at hand: "今天先用英文回复，平时还是中文".
    rf"|^\s*(?:平时|平常|一般|通常|其他时候|别的时候|其余时候)(?:都)?(?:还是|照旧|照常)(?:用|说|讲)?(?P<lang6>{_LANGUAGE_NAMES})"
    r"(?=[，。！？,.!?吧]|$)"
)
# Messaging apps used abroad, named in Latin letters in a Chinese turn ("有事請LINE我", "通知可以发WhatsApp吗").
_APP_CHANNEL = r"(?<![A-Za-z])(?:(?i:whats\s?app|telegram|messenger|signal)|LINE|Line)(?![A-Za-z])"
_APP_SPELLING = {
    "whatsapp": "WhatsApp",
    "telegram": "Telegram",
    "messenger": "Messenger",
    "signal": "Signal",
    "line": "LINE",
}
_CHANNEL = re.compile(
    # ("推送通知改成邮件": the push notices changed to e-mail, not push.)
    r"(?P<ch>微信|短信|邮件|邮箱|电话|推送|站内信)(?:通知|提醒|联系|告诉|发给|通知我|给我|找我)"
    r"(?![^，。！？]{0,4}?(?:改成|换成|改为|换到|改到|切到)(?:用|走|发)?(?:微信|短信|邮件|邮箱|电话|站内信))"
    # ("以后有事直接打电话，别发短信": the channel asked for, said with how readily.)
    r"|(?:有事|有消息|有通知|有情况|有问题|有进展|到货|到了|发货)(?:就|都|请|的话|直接|随时|尽管)*(?:给我|跟我)?"
    r"(?:发|打|用|走)(?P<ch5>微信|短信|邮件|电话)"
    # ("以后找我就发邮件" names the channel; "以后联系我就发邮件到 …" gives the address, labelled as that only.)
    r"|(?:找我|联系我)(?:就|都|请|的话|直接|随时|尽管)*(?:发|打|用|走)(?P<ch11>微信|短信|邮件|电话)(?![到给至])"
    r"|通知(?:我)?(?:请)?(?:都)?(?:改成|换成|设成)?(?:只能|只|就)?(?:用|通过|发到|发|走)(?:我的?)?(?P<ch2>微信|短信|邮件|邮箱|电话)"
    r"|(?:用|通过)(?P<ch3>微信|短信|邮件|邮箱|电话)(?:接收|收)(?:通知|提醒|消息)"
    # The setting named first: "通知方式我一直用App推送", "把通知方式改成短信".
    r"|(?:通知|提醒|消息)(?:方式|渠道)[^，。！？；]{0,6}?(?:用|是|改成|换成|改为|设为|设置为|走|选|换到|改到|切到|切换到)了?"
    r"(?:(?i:app)\s*)?(?P<ch4>微信|短信|邮件|邮箱|电话|推送|站内信)"
    # ("消息推送走微信就行": the notices' push named with them.)
    # ("notification发email就好": the notices and the channel named in English.)
    r"|(?:通知|提醒|消息|(?i:notifications?))(?:推送|提醒|通知)?(?:我)?(?:的话)?(?:都|就|请)?(?:默认|一律|统一|以后)?(?:都)?"
    r"\s*(?:走|用|通过|发)"
    # ("订单消息都发我微信": sent to the speaker's.)
    # ("通知都发我钉钉吧": a work messenger is a channel too.)
    r"(?:我的?|给我)?(?:(?i:app)\s*)?(?P<ch6>企业微信|微信|短信|邮件|邮箱|电话|推送|站内信|钉钉|飞书|(?i:e-?mail|sms)(?![A-Za-z]))"
    # The usual way after the one at hand: "这次先发短信通知，其他时候照旧发邮件".
    r"|(?:平时|平常|一般|通常|其他时候|别的时候|其余时候)(?:都)?(?:还是|照旧|照常)(?:发|用|走|打)(?P<ch14>微信|短信|邮件|电话)"
    # "有事加我微信": whenever something comes up, reach the speaker on WeChat (added as a contact there).
    r"|(?:有事|有消息|有问题|有情况|找我)(?:就|都|请|的话|直接|随时)*(?:加|找|联系)我的?(?P<ch13>微信)(?![号群])"
    # "消息提醒改成邮件吧", "通知都换成短信": the way notices come, changed.
    # ("消息提醒我想换短信": the change wished for, the channel right after "换".)
    # ("通知都改发短信", "提醒换用邮件": the change said with the verb of sending.)
    r"|(?:通知|提醒|推送)(?:都|就|请|也)?(?:帮我|给我|我想|我要|想|要)?(?:改成|换成|改为|设为|设成|切成|换到|改到|换(?=短信|邮件|微信)"
    r"|[改换](?=[发用走]))"
    r"(?:用|走|发)?"
    r"(?P<ch12>微信|短信|邮件|邮箱|电话|站内信)"
    # "以后notification都发这个邮箱": notifications sent to the mailbox just named.
    r"|(?:通知|提醒|(?i:notifications?))(?:都|就|请|也)?(?:发到?|走|寄到?)(?:这个|我的|新)?(?P<ch8>邮箱)"
    # "…，发短信就好": the channel named on its own, as what is enough.
    r"|(?:^|(?<=[，,]))\s*(?:请|就|都)?(?:给我)?(?:发|用|打)(?P<ch7>微信|短信|邮件|电话)(?=就好|就行|就可以)"
    # Whatever comes up, said with a standing word first: "有啥 notification 都走邮件", "有什么变动默认微信上说一声".
    r"|(?:有事|有消息|有通知|有情况|有进展|有变动|有变化|有啥|有什么)[^，。！？；]{0,16}?(?:就|都|请|默认|一律)+"
    r"(?:给我|跟我)?(?:发|打|用|走|在)?(?P<ch9>微信|短信|邮件|电话)(?:上)?"
    r"(?=说一声|告诉我|通知我|联系我|发我|就好|就行|哈|吧|[，。！？,.!?]|$)"
    # Whatever comes up, pushed to the speaker's own account: "有啥提醒推我微信", "有消息发我邮箱".
    r"|(?:有事|有消息|有通知|有情况|有进展|有变动|有啥|有什么)[^，。！？；]{0,6}?(?:推|发|打|通知|告诉)(?:给|到)?我的?"
    # (The address, number or ID itself may follow: "以后有事发我邮箱 dengxiaoyu@qq.com".)
    r"(?P<ch10>微信|短信|邮箱|邮件|电话)(?:上|里)?(?=就好|就行|哈|吧|[，。！？,.!?]|$|\s*[：:]?\s*[A-Za-z0-9+])"
    # Where the speaker is reached best, said as a habit: "微信上找我最快", "打电话联系我最方便".
    r"|(?:^|(?<=[，,。！]))\s*(?:有事)?(?:打|发|用|在)?(?P<ch15>微信|短信|电话|邮件|邮箱|钉钉|飞书)(?:上|里)?(?:找|联系|叫|通知)我"
    r"(?:最快|最方便|比较快|更快|最靠谱|最直接|最及时)(?![^，。！？]{0,3}(?:吗|？|\?))"
    # Whatever comes up, the speaker reached on one channel: "有啥事微信上找我", "有事請LINE我", "有事WhatsApp我"
    # (not "有事微信上找我吗？", asked).
    r"|(?:有事|有啥事|有什么事|有事情|有問題|有问题)(?:的话|的話)?(?:就|都|请|請|直接|随时|隨時)*(?:打|发|發|用|在)?"
    rf"(?P<ch16>微信|短信|电话|電話|邮件|邮箱|{_APP_CHANNEL})(?:上|里|裡)?(?:找|联系|聯絡|联络|叫|通知|告诉|告訴)?我"
    r"(?![^，。！？]{0,3}(?:吗|嗎|？|\?))"
    # The channel asked for politely: "通知可以发WhatsApp吗？", "提醒能不能改成走短信？".
    r"|(?:通知|提醒|消息)(?:我)?(?:可以|能|能不能|可不可以|能否)(?:改成|换成|改)?(?:发|用|走|發)(?:到)?"
    rf"(?P<ch17>微信|短信|邮件|邮箱|{_APP_CHANNEL})(?=[吗嗎]|[？?])"
)
# "有事发邮件给我", "以后有事发邮件到 …": where mail goes, in a turn that gives the address.
_MAIL_TO_ADDRESS_GIVEN = re.compile(r"发(?:邮件|电邮)(?:给我|到|至)|发(?:邮件|电邮)(?=[，。！,.!]|$)")


def _mail_to_address_given(ctx: TurnContext, text: str) -> bool:
    return bool(_MAIL_TO_ADDRESS_GIVEN.search(text)) and any(m.kind == "email" for m in ctx.identifiers)


# What notifications are, how a wish for one is said, and a channel they are received on
# ("物流和账单提醒总是用短信推给我", "提醒类消息我更愿意在微信上收", "各种通知我习惯看短信").
_NOTICES = re.compile(r"通知|提醒|消息|推送|动态|进度")
_HABIT_OR_WISH = re.compile(r"习惯|更愿意|愿意|喜欢|偏好|总是|一直|默认|以后|今后|一般|平时|就好|就行")
_CHANNEL_RECEIVED = re.compile(
    r"(?:用|在|走|通过|看|收)(?P<ch>微信|短信|邮件|邮箱|(?i:app))(?:上|里)?(?:推|收|看|接收|发|通知|提醒|告诉)"
    r"|(?:看|收)(?P<ch2>微信|短信|邮件)(?=[，。！？；,.!?]|$|就)"
)
_CARRIERS = {
    "顺丰": "顺丰",
    "京东物流": "京东物流",
    "京东快递": "京东物流",
    "京东": "京东物流",
    "中通": "中通",
    "圆通": "圆通",
    "韵达": "韵达",
    "申通": "申通",
    "EMS": "EMS",
    "邮政": "中国邮政",
    "德邦": "德邦",
    "极兔": "极兔",
    # International carriers keep their own names: "这次用 FedEx 寄吧".
    "FedEx": "FedEx",
    "DHL": "DHL",
    "UPS": "UPS",
    "联邦快递": "FedEx",
    # Taiwan's carriers: "用黑貓宅急便", "寄新竹物流" (not 黑猫 alone, which may be a cat).
    "黑猫宅急便": "黑猫宅急便",
    "新竹物流": "新竹物流",
    "嘉里大荣": "嘉里大荣",
}
# ("以后都走dhl": Latin names as typed.)
_CARRIERS_FOLDED = {name.casefold(): carrier for name, carrier in _CARRIERS.items()}
_CARRIER_NAMES = (
    "黑猫宅急便|新竹物流|嘉里大荣|"
    "顺丰|京东物流|京东快递|中通|圆通|韵达|申通|EMS|邮政|德邦|极兔|联邦快递|(?i:fedex|dhl|ups)(?![A-Za-z])"
)
_CARRIER = re.compile(
    rf"(?P<carrier>{_CARRIER_NAMES})(?:快递|速运|物流)?"
    r"(?=.{0,6}(?:发货|寄|配送|送|发))|(?:发货|寄|快递|配送|发|物流)(?:都|默认|一律|以后|一般|统一|帮我|给我|只|就)*"
    rf"(?:用|走|选|发|换成|改成|改用)\s*(?P<carrier2>{_CARRIER_NAMES}|京东)"
    # ("别用韵达了，帮我换成京东快递": a carrier is only ever delivery's, so the change needs no other word.)
    rf"|(?:用|走|选|喜欢|偏好|偏爱|习惯|默认|发|寄|只认(?!识)|认准了?|只信|只要|换成|改成|改用|换用)(?:用|走)?\s*(?P<carrier3>{_CARRIER_NAMES})"
    # The usual carrier, said to do: "平时中通就行", "平常圆通就可以" (after "这次走顺丰，…": the habit is lasting).
    rf"|(?:平时|平常|一般|通常|其他时候|别的时候)(?:的话)?\s*(?P<carrier4>{_CARRIER_NAMES})(?:快递)?(?:就行|就好|就可以|就够了|也行)"
    # "这次发货先用顺丰，以后还是中通": the usual one after the one at hand.
    rf"|(?:平时|平常|一般|通常|其他时候|别的时候|以后)(?:都)?(?:还是|照旧|照常)(?:用|走|发)?\s*(?P<carrier5>{_CARRIER_NAMES})"
)
_PAYMENTS = {
    "支付宝": "支付宝",
    "微信支付": "微信支付",
    "微信": "微信支付",
    "银行卡": "银行卡",
    "信用卡": "credit card",
    "花呗": "花呗",
    "现金": "cash",
    "货到付款": "货到付款",
    "银联卡": "银联卡",
    "银联": "银联",
    "云闪付": "云闪付",
    "Apple Pay": "Apple Pay",
    "PayPal": "PayPal",
    "PayNow": "PayNow",
    "PayLah": "PayLah!",
    "PayLah!": "PayLah!",
    "GrabPay": "GrabPay",
    "银行转账": "bank transfer",
    "转账": "bank transfer",
}
_PAYMENT = re.compile(
    # ("先拿支付宝付这一单", "刷信用卡吧", "付款我只认支付宝": paid with, swiped, the only one taken.)
    r"(?:用|走|通过|使用|默认|喜欢|偏好|偏爱|习惯|一律|都|扫|(?<![拿])拿|刷|只认(?!识)|认准了?|只信"
    # The usual way, set against the one at hand: "这笔先用花呗，平时还是支付宝".
    r"|(?:平时|平常|一般|通常|其他的?|其余的?|别的)(?:都)?(?:还是|照旧|照常)"
    r"|(?:付款|支付|扣款|结算)(?:方式|渠道)(?:都|也)?(?:帮我|给我)?(?:换成|改成|改为|设为|设置为|设成|是)了?)"
    r"(?:帮我|给我)?(?:用|使用|走|是|选)?"
    # ("招行信用卡": a card named with its bank is the card.)
    r"(?:招行|工行|建行|农行|中行|交行|招商银行|工商银行|建设银行|农业银行|中国银行|交通银行|浦发|中信|民生|兴业|光大|平安)?"
    # (Singapore's and Malaysia's wallets by name: "这次先用PayNow付".)
    r"(?P<pay>支付宝|微信支付|微信(?=付)|银行卡|信用卡|花呗|现金|银联卡|银联|云闪付|银行转账|转账|Apple Pay|PayPal"
    r"|PayNow|PayLah!?|GrabPay)"
    # "昨天晚上用花呗付了订单…": a payment told as done is one event, no way the speaker prefers to pay.
    r"(?![^，。！？；]{0,4}?(?:(?:付|支付|付款|扣|交|充)了|过))"
    r"(?:付款|支付|付钱|结账|买单|付)?|(?P<pay2>货到付款)"
    # The way named before the verb: "这次先花呗付", "就支付宝付吧" (not "先花呗付了", a payment made).
    r"|(?<=[先就都])(?P<pay3>支付宝|微信|花呗|信用卡|银行卡|云闪付)(?=(?:付|支付)(?!了|过))"
)
_GENERIC_PREFERENCE = re.compile(
    rf"我(?:的)?(?:{_REL})?(?:比较|更|很|最|特别|一般|通常|还是)?(?:喜欢|偏好|偏爱|更爱|习惯)(?P<val>[^，。！？；,.!?]{{2,20}})"
)
# Free-text preferences that no predicate above names, each read to a short phrase.
_DIET = re.compile(
    r"(?P<val>不(?:吃|喝)[\u4e00-\u9fff]{1,4}?|吃素|吃全素|不能吃[\u4e00-\u9fff]{1,4}?|(?:吃|喝)不了[\u4e00-\u9fff]{1,4}?"
    r"|对[\u4e00-\u9fffA-Za-z]{1,6}过敏"
    # "我一点辣都不能吃": the speaker's diet, said from the food's side.
    r"|(?<=一点)(?P<food>辣|甜|咸|油|肉|海鲜|香菜|葱|蒜|酒)都(?:不(?:能)?(?:吃|喝|碰)|(?:吃|喝|碰)不了)"
    # ("辣的我一口都碰不了": the food first, then not a mouthful.)
    r"|(?:^|(?<=[，,。！]))\s*(?P<food2>辣|甜|咸|油|肉|海鲜|香菜|葱|蒜|酒)的?我?一口都(?:不(?:能|敢)?(?:吃|喝|碰)|(?:吃|喝|碰)不了)"
    # "我喝咖啡不加糖": how the speaker has something.
    r"|(?<=我)(?:喝|吃)(?:(?!一律|总是|一直|都|也)[\u4e00-\u9fff]){1,3}?(?:从来)?(?:不加|不放|只加|少放|多放)[\u4e00-\u9fff]{1,2})"
    r"(?=[，。！？；,.!?的]|$)"
)
_HABITUAL_CHOICE = re.compile(
    r"我(?:总是|一直|通常|一般|每次都|向来|都|习惯)(?:会)?(?:选|订|要|坐|点|买|住(?!在)|选择)(?P<val>[^，。！？；,.!?]{2,12})"
)
# A request with a marker ("这次酒店帮我订无烟房"): one-off or lasting, it says what the speaker wants.
_ASKED_CHOICE = re.compile(
    r"(?:帮我|给我|替我)(?:订|选|要|安排|留|预订|准备)(?:一[间个张份位])?(?P<val>[^，。！？；,.!?]{2,12})"
)
_WANT_NOW = re.compile(r"(?:想|想要)(?:喝|吃|点)(?!点|些|个|一)(?P<val>[^，。！？；,.!?]{2,10})")
# A standing rule about the speaker's own things: "发票抬头默认写公司名称", "以后客服回访都安排在周末".
_STANDING_RULE = re.compile(
    r"^(?:以后|今后|往后|从现在开始|从现在起|从今以后)?\s*(?P<topic>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:都|也|请|就)?"
    r"(?:默认|一律|统一|总是|一直|都)(?:都)?(?P<verb>写|填|开|安排在|放在|放到|放|定在|约在|设在|选)(?P<val>[^，。！？；,.!?]{2,15})"
    # Led by the marker, the adverb may go: "以后发票抬头写公司名称".
    r"|^(?:以后|今后|往后|从现在开始|从现在起|从今以后)\s*(?P<topic2>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:都|也|请|就)?"
    r"(?P<verb2>写|填|开|安排在|放在|放到|定在|约在|设在)(?P<val2>[^，。！？；,.!?]{2,20})"
)
_OTHER_PEOPLE = re.compile(r"所有|任何|每个|全部|其他|别人|客户|用户|大家|他们|她们")
_REQUEST_WORDS = re.compile(r"退款|退货|退钱|取消|查|投诉|删除|清空")


def _lasting(text: str) -> tuple[bool, float]:
    # "今天陪我练英语，回复都用英文吧": 都用 says "all of them", today's; it makes nothing lasting on its own.
    markers = {m.group() for m in _LASTING.finditer(text)}
    if markers and not (markers <= {"都用"} and _ONE_OFF.search(text)):
        return True, LASTING_CONFIDENCE
    if _ONE_OFF.search(text):
        return False, ONE_OFF_CONFIDENCE
    return True, PLAIN_PREFERENCE_CONFIDENCE


def _preference_candidates(text: str) -> Iterator[tuple[str, str]]:
    for m in _THEME.finditer(text):
        yield "preferred_theme", "dark" if m.group("dark") or m.group("dark2") or m.group("dark3") else "light"
    versions = list(_REPORT_VERSION.finditer(text))
    # "以后周报都用A版模板" reads as "A版模板" and as "周报A版": one report, one reading (the version's).
    # ("给我发一份英文版的周报" asks for one report; with a marker, "今天先发简版日报" says which version.)
    marked = bool(_LASTING.search(text) or _ONE_OFF.search(text))
    report_formats = [
        m.group("rf") or m.group("rf2") or m.group("rf3") + m.group("rf3kind")
        for m in _REPORT_FORMAT.finditer(text)
        if not any(v.start() < m.end() and m.start() < v.end() for v in versions) and (marked or not m.group("rf3"))
    ]
    # ("复盘报告，默认发我精简版那份": a report named by no period is just its version.)
    report_formats += [(m.group("kind") if m.group("kind") != "报告" else "") + m.group("version") for m in versions]
    if _HABIT.search(text):
        # "我习惯看日报的表格版", "默认给我发月报的精简版": the report's named version.
        report_formats += [
            m.group("kind") + m.group("version")
            for m in _REPORT_OWN_VERSION.finditer(text)
            if not any(v.start() < m.end() and m.start() < v.end() for v in versions)
        ]
        report_formats += [m.group("rf") for m in _REPORT_DESCRIBED.finditer(text)]
    formats = list(_FORMAT.finditer(text))
    for value in dict.fromkeys(report_formats):
        # "这次的月报按D模板来" reads as "D模板" and as "月报D模板": the fuller reading wins.
        if not _FORMAT.search(value) and not any(value != other and value in other for other in report_formats):
            yield "preferred_report_format", value
    if formats and _PERIODIC_REPORT.search(text) and not _EXPORTED.search(text):
        # "以后周报都用PDF发我", "月报做成Word文档": the form the report itself comes in, nothing exported.
        yield "preferred_report_format", normalize_format(formats[-1].group("fmt"))
    elif formats and _FORMAT_CONTEXT.search(text):
        yield "preferred_export_format", normalize_format(formats[-1].group("fmt"))
    elif _SPREADSHEET.search(text):
        yield "preferred_export_format", "Excel"
    for m in _LANGUAGE.finditer(text):
        yield (
            "preferred_language",
            _LANGUAGES[first_group(m, ("lang", "lang2", "lang3", "lang4", "lang5", "lang6")) or ""],
        )
    for m in _CHANNEL.finditer(text):
        channel = (
            m.group("ch")
            or m.group("ch2")
            or m.group("ch3")
            or m.group("ch4")
            or m.group("ch5")
            or m.group("ch6")
            or m.group("ch7")
            or m.group("ch8")
            or m.group("ch9")
            or m.group("ch10")
            or m.group("ch11")
            or m.group("ch12")
            or m.group("ch13")
            or m.group("ch14")
            or m.group("ch15")
            or m.group("ch16")
            or m.group("ch17")
        )
        app = _APP_SPELLING.get(re.sub(r"\s", "", channel).casefold())
        yield "preferred_notification_channel", app or normalize_channel(channel)
    if not _CHANNEL.search(text) and _NOTICES.search(text) and _HABIT_OR_WISH.search(text):
        received = _CHANNEL_RECEIVED.search(text)
        if received is not None:
            yield "preferred_notification_channel", normalize_channel(received.group("ch") or received.group("ch2"))
    for m in _CARRIER.finditer(text):
        name = first_group(m, ("carrier", "carrier2", "carrier3", "carrier4", "carrier5")) or ""
        yield "preferred_shipping_carrier", _CARRIERS_FOLDED[name.casefold()]
    # ("从上周一起我都用招商银行信用卡付款了": paying so every time is a habit begun, not one payment made.)
    paying = _ALWAYS_PAID.sub(r"\g<paid>", text) if _HABIT_BEGUN.search(text) else text
    for m in _PAYMENT.finditer(paying):
        yield "preferred_payment_method", _PAYMENTS[m.group("pay") or m.group("pay2") or m.group("pay3")]


_HABIT_BEGUN = re.compile(r"(?:起|开始|以来|以后|之后)[^，。！？；]{0,3}?(?:我)?都|一直|一律")
_ALWAYS_PAID = re.compile(
    r"(?P<paid>(?:都|一直|一律)(?:用|使用|走|刷)[^，。！？；]{1,12}?(?:付款|支付|付钱|结账|付))了"
)


# Free-text preferences said of the speaker's things, each read to a short phrase:
# "以后订酒店都要无烟房" (a choice made every time),
# ("每天都要盘点" is a duty of the day, not a choice.)
_ALWAYS_CHOICE = re.compile(
    r"(?:(?<!每天)(?<!天天)(?<!每晚)(?<!每早)都|总是|一直|一律|每次都|向来|习惯)(?:会|得)?(?:要|选|订|坐|点|选择)"
    # ("都要绑到账号上": a step to be done with the devices, no choice.)
    r"(?P<val>(?!等|排队|花|被|重新|再|跑|打|问|找|催|交|付|填|我|你|他|她|绑|关联|同步|登录|注册|上传|激活)[^，。！？；,.!?]{2,12})"
)
# "我喝咖啡总是不加糖", "我奶茶一律少冰半糖" (how the speaker always has something),
_ALWAYS_HOW = re.compile(
    r"(?P<topic>[\u4e00-\u9fff]{1,8}?)(?:都|也)?(?:一律|总是|一直|每次都|向来|永远|都是)(?:都)?"
    r"(?P<val>(?:不|少|多|加|去|只|免|半|无)[\u4e00-\u9fff]{1,7})(?=[，。！？；,.!?]|$)"
)
# What keeps not happening, said with no object: a state of things, no way one wants them.
_NOT_HAPPENING = re.compile(r"不(?:动|更新|来|到|发货|显示|变|走|回|回复|响应|接|通|理人|处理)")
# "这次的外卖不要香菜", "以后开会尽量别排在周五下午" (what the speaker does not want, with a marker),
_EXCLUSION = re.compile(
    r"(?P<neg>不要|别|不加|不放|去掉|免)"
    # ("别的都作废": 别的 is "the others", no exclusion.)
    r"(?P<val>(?!再|用|发|打|给|让|叫|改|换|寄|送|告诉|通知|联系|催|等|麻烦|担心|着急|急|客气|管|理|说|问|找|忘|动|碰|推送|打扰|的)"
    r"[\u4e00-\u9fff]{1,8}?)(?<!了)(?=[，。！？；,.!?]|$)"
)
# "默认帮我把会议安排在下午" (where the speaker's things go, with a marker),
_ARRANGED = re.compile(
    r"把(?P<topic>[\u4e00-\u9fff]{2,6}?)(?:都|也)?(?P<verb>安排在|放在|定在|约在|设在|排在)(?P<val>[^，。！？；,.!?]{1,10})"
)
# "记得以后都给我开电子发票" (a standing request for the speaker, led by a lasting marker),
_STANDING_ASK = re.compile(
    r"(?:以后|今后|往后|默认|每次)(?:都|也|一律)?(?:请|记得)?(?:给我|帮我|替我)"
    r"(?P<val>(?:开|订|选|留|备注|准备|安排|放|用)[^，。！？；,.!?]{2,12})"
)
# "以后你回答我的时候都用简短的要点形式" (how the speaker wants to be answered, with a lasting marker).
_ANSWER_ADJECTIVE = re.compile(
    r"(?:回答|回复|答复|解释)(?:我)?(?:都|请|尽量)?(?P<val>简短|简洁|详细|正式|口语化|通俗|直接)(?:一)?(?:点|些)"
)
_ANSWER_STYLE = re.compile(
    r"(?:回答|回复|答复|解释|总结)(?:我|问题)?(?:的)?(?:时候|时)?(?:都|请|尽量|一律)?(?:用|要|保持|写成|按|以)"
    r"(?P<val>[^，。！？；,.!?]{2,12})"
)
# "快递最好放驿站": where the speaker's things had best go.
# ("快递直接放门口就行": where it may simply be left.)
_BEST_PLACED = re.compile(
    # (Not "年货直接寄过去吧": 年货 is the goods of the season, and 过去 / 过来 name no place.)
    r"(?P<topic>快递|包裹|外卖|东西|(?<![年订进存退发送鲜])货)(?:最好|尽量|一律|直接|统一|默认)(?:都|就)?"
    r"(?P<verb>放|塞|送到?|寄到?)(?!过去|过来|回去|回来)"
    r"(?P<val>[\u4e00-\u9fff]{2,6}?)(?<!了)(?=[，。！？,.!?]|$|就|吧|哈|啊|呀|哦)"
    # ("快递放门口就行", "外卖放前台就好": where it may be left, said as enough.)
    r"|(?P<topic2>快递|包裹|外卖|东西|货)(?:都|就)?(?P<verb2>放|送到|寄到|搁|塞)"
    r"(?P<val2>(?![了着过])[\u4e00-\u9fff]{2,5}?)(?=就行|就好|就可以|即可|就成)"
    # A pick-up point named, for a stretch or for good: "这几天的快递先放驿站", "包裹先帮我放快递柜暂存".
    r"|(?P<topic3>快递|包裹)(?:都|就|先|也)*(?:帮我|给我)?(?:先)?(?P<verb3>放|存|寄存在|存在)"
    r"(?P<val3>(?:菜鸟)?驿站|快递柜|丰巢|代收点|门卫|物业|前台)(?P<keep>暂存|代收|寄存)?(?=[，。！？,.!?]|$|吧|哈|啊)"
)
# A delivery that only reaches the speaker at some time of day: "快递下午送过来我才收得到", "包裹晚上送到我才能签收".
_TAKEN_ONLY_WHEN = re.compile(
    r"(?P<what>快递|包裹|外卖)(?:都|最好|得)?(?P<when>早上|上午|中午|下午|傍晚|晚上|周末|工作日)(?:[^，。！？；,.!?]{0,6}?(?:以后|之后|后))?"
    r"送(?:过来|过去|到|来)?(?:的话)?我?(?:才|才能)(?:收得到|收到|能收|签收|拿得到|在家)"
)
# A call not wanted too early or too late in some part of the day: "白天打电话别太早", "晚上别太晚打电话".
_NOT_TOO_EARLY = re.compile(
    r"(?P<when>白天|早上|上午|晚上|周末|工作日)(?P<what>打电话|打我电话|给我打电话|联系我|发消息)?(?:千万|请|最好)?(?:别|不要)"
    r"(?P<how>太早|太晚)(?(what)|(?P<what2>打电话|打我电话|给我打电话|联系我|发消息))"
)
# No deliveries at some time: "周末别送货", "晚上不要派送".
# ("快递周末别送", "包裹晚上不要派送": the delivery named first.)
_NO_DELIVERY_WHEN = re.compile(
    r"(?:^|(?<=[，,]))\s*(?P<what>快递|包裹)?(?:都|就)?(?P<when>周末|工作日|晚上|白天|上午|下午|中午|早上)(?:就|都|请|千万|最好)?"
    r"(?:别|不要)(?:给我)?(?:送货|送|派送|配送|上门送货)(?=[，。！？；,.!?]|$|了|哈|吧)"
)
# Not left at a pick-up point but brought to the door: "快递别放驿站，直接送上门".
_DOOR_NOT_POINT = re.compile(
    r"(?:别|不要|不用)(?:放|送到?|寄到?)(?P<point>驿站|快递柜|丰巢|菜鸟驿站|代收点|门卫|物业)[，,]\s*(?:直接|请|要|都)?"
    r"(?:送|拿|搬)(?:货)?上门"
)
# An allergy, then the food kept out: "我芒果过敏，礼包里千万别放芒果味的" (what the speaker does not want).
_ALLERGY_THEN_AVOID = re.compile(
    r"我(?:(?:的)?(?P<rel>"
    + _REL
    + r"))?(?:对)?(?P<food>[\u4e00-\u9fff]{1,4}?)过敏[，,][^。！？]{0,16}?(?:别|不要|避开|不能)"
    r"(?:放|加|带|有|含|给[我他她]?(?:放|加|点))?(?P=food)"
)
# Where a delivery named earlier in the turn may be left, said on its own: "送货别打电话 放门口就行".
_LEFT_AT_DOOR = re.compile(
    r"(?:^|(?<=[\s，,]))\s*(?:就|直接)?(?:放|搁)(?P<val>门口|家门口|门卫|前台|快递柜|驿站|楼下)(?=就行|就好|就可以|即可|就成)"
)
_DELIVERY_TOPIC = re.compile(r"送货|快递|包裹|外卖")
# When the speaker can take a delivery or a call: "我一般晚上十点以后才有空收快递".
_AVAILABLE_FOR = re.compile(
    r"(?P<when>(?:早上|上午|中午|下午|傍晚|晚上|夜里|白天|周末|工作日|每天)[^，。！？；,.!?]{0,6}?(?:以后|之后|以前|之前|后|前)?)"
    r"(?:才|都|只)?(?:有空|有时间|方便|在家)(?P<what>收快递|收货|收件|签收|取件|拿快递|接电话)"
)
# When the speaker is not to be reached, and how: "过了晚上十点就别打我手机了", "早上八点前不要打电话",
# "周末别给我发消息", "上班时间别打我电话". Read without a marker: the hours are the standing rule.
_HOUR = r"(?:早上|上午|中午|下午|傍晚|晚上|夜里|半夜|凌晨)?[零一二两三四五六七八九十\d]{1,3}点(?:半|钟)?"
_NO_CONTACT_WHEN = re.compile(
    # ("别在晚上八点后给我打电话": the hours after the 别.)
    r"(?P<neg_first>(?:千万|最好|请)?(?:别|不要|勿)在)?"
    rf"(?P<when>(?:过了|超过){_HOUR}|{_HOUR}(?:以后|之后|后|以前|之前|前)|{_HOUR}(?:到|至|-|~){_HOUR}"
    r"|周末|工作日|上班时间|上班的时候|开会的时候|午休时间|午休的时候|晚上|夜里|半夜|深夜|凌晨|大清早|一大早"
    # ("夜班多，白天尽量别打电话": the daytime, for one who works nights.)
    r"|白天|上午|中午|下午|早上)"
    r"(?:就|都|请|千万|最好|一律|尽量)?(?(neg_first)|(?:别|不要|勿))(?:再)?(?:给我|跟我)?"
    r"(?P<what>打我?的?(?:手机|电话)|打电话|打给我|发我?的?(?:短信|消息|微信)|发短信|发消息|联系我|打扰我"
    # ("周末别给我发营销短信": a kind of message.)
    r"|(?:发|推)(?:营销|推广|广告|促销|活动|优惠)(?:短信|消息|邮件|推送|通知))"
)
# A kind of message switched off: "把营销短信关掉", "促销推送帮我关了", "广告邮件全部退订".
_MESSAGES_OFF = re.compile(
    r"(?P<kind>(?:营销|推广|广告|促销|活动|优惠)(?:类的?)?(?:短信|消息|邮件|推送|通知|电话))"
    r"(?:都|也|全|全部|给我|帮我|先)*(?:关掉|关了|关闭|关上|退订|屏蔽|停掉|停了)"
    r"|(?:关掉|关闭|退订|屏蔽|停掉)(?:所有的?|全部的?)?(?P<kind2>(?:营销|推广|广告|促销|活动|优惠)(?:类的?)?(?:短信|消息|邮件|推送|通知))"
)
# When a report or reminder is sent: "把日报的发送时间改到早上八点", "周报推送时间调成周一上午".
_SEND_TIME = re.compile(
    r"(?P<kind>日报|周报|月报|报表|账单|提醒|通知|推送)的?(?:发送|推送|提醒|通知)?时间(?:都|也|帮我|给我)?"
    r"(?:改到|改成|调到|调成|设成|设为|设置为|定在|换到|改为|放在)(?P<when>[^，。！？；,.!?]{2,10}?)(?=吧|哈|就行|就好|[，。！？；,.!?]|$)"
)
# The time deliveries come, set: "送货时间帮我改到晚上", "配送时间都定在周末".
_DELIVERY_TIME = re.compile(
    r"(?:送货|配送|派送|快递|收货|上门)时间(?:都|也|帮我|给我|麻烦|请)*"
    r"(?:改到|改成|调到|调成|设成|设为|设置为|定在|换到|改为|放在)(?P<when>[^，。！？；,.!?]{2,8}?)(?=吧|哈|就行|就好|[，。！？；,.!?]|$)"
    # The hours named, then the delivery: "下午四点以后再送货", "晚上七点后再派送吧".
    r"|^\s*(?P<when2>(?:早上|上午|中午|下午|傍晚|晚上)[^，。！？；,.!?]{0,6}?(?:以后|之后|后))(?:再|才)(?:送货|配送|派送|送)"
    r"(?=吧|哈|就行|就好|[，。！？；,.!?]|$)"
)
# When someone is home to take a delivery: "下午三点以后家里才有人", "晚上七点后才在家" (in a turn about one).
_HOME_FROM = re.compile(
    r"(?P<when>(?:早上|上午|中午|下午|傍晚|晚上)[^，。！？；,.!?]{0,6}?(?:以后|之后|后))(?:家里|家)?(?:才|都)(?:有人|在家)"
    r"(?=[，。！？；,.!?]|$|哈|呢|啊)"
)
_DELIVERY = re.compile(r"送货|配送|快递|包裹|送过来|送上门|上门|派送|外卖")
# ("其他的照旧Excel": the other orders, no one else; "其他人" is.)
_SOMEONE_ELSE = re.compile(r"其他人|(?<![其])[他她它]|您")
# A phrase about him or her: "…，她在一家外企做HR，…".
_PRONOUN_SUBJECT = re.compile(r"(?:^|[，,])\s*(?:他|她)(?:现在|目前|也|还|平时)?(?:在|是|用|住)")
_CONTROLS = re.compile(r"审核|验证|校验|核实|风控|权限|管理员|密码|限额|最高|(?i:vip|admin|root)")
_OWN_THINGS = re.compile(r"^\s*(?:我(?:们)?)?(?:平时)?(?:喝|吃|点|订|买|要)?")


def _preference_subject(ctx: TurnContext, text: str, before: str = "") -> str | None:
    """Whose preference one phrase states: a relative named at its start ("我儿子对花生过敏"), else the
    speaker; a phrase about him or her ("给他点餐…") is nobody we can pin down, unless the sentence
    ``before`` the phrase named one relative: "我爸不会用微信，给他发通知只能发短信" is the father's, and so
    is a phrase without a subject after "她…" ("我老婆叫何静，她在外企做HR，付款习惯用支付宝")."""
    relative = re.match(rf"\s*(?:以后|今后)?\s*我(?:的)?({_REL})", text) or _BARE_KIN.match(text)
    if relative:
        return f"{ctx.speaker_id}:{_RELATIONS[relative.group(1)]}"
    named = {m.group(1) for m in _RELATIVE_EARLIER.finditer(before)}
    if len(named) == 1 and not re.search(r"我|您|你|它|他们|她们", text):
        kin = f"{ctx.speaker_id}:{_RELATIONS[named.pop()]}"
        # ("她的包裹默认走EMS", "他那边的件走邮政": parcels sent to them are the speaker's to send.)
        if re.search(r"(?:给|帮|替|为|让)(?:他|她)|^\s*(?:他|她)(?!的|那)", text):
            return kin
        if not _SOMEONE_ELSE.search(text) and _PRONOUN_SUBJECT.search(before):
            return kin
    return None if _SOMEONE_ELSE.search(text) else ctx.speaker_id


def _free_preferences(ctx: TurnContext, text: str, has_marker: bool) -> Iterator[tuple[str, str, str, bool]]:
    """(subject, phrase, evidence, habit) of the preferences no predicate names, read from one phrase."""
    subject = _preference_subject(ctx, text)
    if subject is None or _OTHER_PEOPLE.search(text) or _REQUEST_WORDS.search(text):
        return
    for m in _DIET.finditer(text):
        food = m.group("food") or m.group("food2")
        # ("吃不了辣", "不能喝酒": what one cannot have is what one does not: "不吃辣", "不喝酒".)
        can_not = re.sub(r"^(?:不能(吃|喝)|(吃|喝)不了)", lambda c: "不" + (c[1] or c[2]), m.group("val") or "")
        yield subject, f"不吃{food}" if food else can_not, m.group(), True
    for m in _ALWAYS_HOW.finditer(text):
        if _NOT_HAPPENING.fullmatch(m.group("val")):
            continue  # "物流一直不动", "客服一直不回": something that keeps not happening, a complaint
        topic = _OWN_THINGS.sub("", m.group("topic"))
        yield subject, topic + m.group("val"), m.group(), True
    for m in _EXCLUSION.finditer(text) if has_marker else ():
        yield subject, m.group("neg") + _clean(m.group("val")), m.group(), False
    for m in _NO_CONTACT_WHEN.finditer(text):
        what = re.sub(r"我的?|给", "", m.group("what"))
        yield subject, m.group("when") + "别" + what, m.group(), True
    for m in _NOT_TOO_EARLY.finditer(text):
        yield subject, m.group("when") + "别" + m.group("how") + (m.group("what") or m.group("what2")), m.group(), True
    for m in _NO_DELIVERY_WHEN.finditer(text):
        yield subject, m.group("when") + "不送" + (m.group("what") or "货"), m.group(), True
    for m in _MESSAGES_OFF.finditer(text):
        yield subject, "不要" + re.sub(r"类的?", "", m.group("kind") or m.group("kind2")), m.group(), True
    for m in _SEND_TIME.finditer(text):
        yield subject, m.group("kind") + _clean(m.group("when")) + "发送", m.group(), True
    for m in _DELIVERY_TIME.finditer(text):
        yield subject, _clean(m.group("when") or m.group("when2")) + "送货", m.group(), True
    if _negated(text):
        return
    if subject != ctx.speaker_id:
        # A relative's liking: "我老婆喜欢靠过道的座位".
        for m in _GENERIC_PREFERENCE.finditer(text):
            yield subject, _clean(m.group("val")), m.group(), "习惯" in m.group()
        return
    for m in _HABITUAL_CHOICE.finditer(text):
        yield subject, _clean(m.group("val")), m.group(), True
    for m in _ALWAYS_CHOICE.finditer(text):
        yield subject, _clean(m.group("val")), m.group(), True
    for m in _ARRANGED.finditer(text) if has_marker else ():
        yield subject, m.group("topic") + m.group("verb") + _clean(m.group("val")), m.group(), True
    for m in _ANSWER_STYLE.finditer(text) if _LASTING.search(text) else ():
        yield subject, _clean(m.group("val")), m.group(), True
    for m in _ANSWER_ADJECTIVE.finditer(text) if _LASTING.search(text) else ():
        yield subject, "回答" + m.group("val"), m.group(), True
    for m in _STANDING_ASK.finditer(text):
        yield subject, _clean(m.group("val")), m.group(), True
    for m in _BEST_PLACED.finditer(text):
        parts = [m.group(g) or m.group(g + "2") or m.group(g + "3") for g in ("topic", "verb", "val")]
        # ("快递直接塞快递柜就好": stuffed in is put there.)
        verb = "放" if parts[1] == "塞" else parts[1]
        yield subject, parts[0] + verb + _clean(parts[2]) + (m.group("keep") or ""), m.group(), True
    for m in _AVAILABLE_FOR.finditer(text):
        yield subject, m.group("when") + m.group("what"), m.group(), True
    for m in _LEFT_AT_DOOR.finditer(text):
        # "送货别打电话，放门口就行": where the delivery named before may be left.
        named = _DELIVERY_TOPIC.search(ctx.text, 0, max(0, ctx.text.find(text)) + m.start())
        if named is not None:
            yield subject, named.group() + "放" + m.group("val"), m.group(), True
    for m in _TAKEN_ONLY_WHEN.finditer(text):
        yield subject, m.group("when") + "收" + m.group("what"), m.group(), True
    for m in _HOME_FROM.finditer(text) if _DELIVERY.search(ctx.text) else ():
        yield subject, m.group("when") + "送货", m.group(), True
    if has_marker:
        for m in _ASKED_CHOICE.finditer(text):
            yield subject, _clean(m.group("val")), m.group(), False
    # "今天想喝冰美式": what one wants this once is a one-off preference.
    if _ONE_OFF.search(text):
        for m in _WANT_NOW.finditer(text):
            yield subject, _clean(m.group("val")), m.group(), False
    rule = _STANDING_RULE.match(text.strip())
    # ("我之前一直填的是公司地址": a habit given up is no rule.)
    if rule and _LASTING.search(text) and not _PAST_HABIT.search(rule.group("topic") or rule.group("topic2")):
        parts = [rule.group(g) or rule.group(g + "2") for g in ("topic", "verb", "val")]
        yield subject, parts[0] + parts[1] + _clean(parts[2]), rule.group(), True
    for m in _GENERIC_PREFERENCE.finditer(text):
        value = _clean(m.group("val"))
        if not value.startswith(("你", "您", "他", "她", "这", "那", "的")):
            yield subject, value, m.group(), "习惯" in m.group()


_PAST_HABIT = re.compile(r"之前|以前|原来|过去|曾经|从前|本来")
_STOPPED = re.compile(r"(?:不再|以后不|不)(?:用|要)(?P<what>[^，。！？；了]{1,12}?)了?(?=[，。！？；]|$|了)")


# "我爸只会说粤语": the language a relative can be served in.
_RELATIVE_LANGUAGE = re.compile(
    rf"我(?:的)?(?P<rel>{_REL})(?:只|只会|只能|平时)?(?:会说|说|讲|听得懂|看得懂|懂|用)(?P<lang>{_LANGUAGE_NAMES})"
)


def _export_is_preference(phrase: str, whole: str) -> bool:
    """A bare request ("导出成PDF") is an intent, not a preference; so is one about a document at hand
    ("帮我把这份报告导出成PDF": 这份 points at the report, it marks no occasion)."""
    if re.search(r"喜欢|偏好|偏爱|习惯|默认", phrase):
        return True
    return bool(_LASTING.search(whole) or _ONE_OFF.search(_OBJECT_AT_HAND.sub("", whole)))


# A report named as the topic of the next phrase: "销售周报那边，默认给我出C版模板".
_REPORT_TOPIC = re.compile(
    r"\s*[\u4e00-\u9fff]{0,4}?(?:周报|月报|日报|季报|年报|报表)(?:那边|那块|这块|这边|的话|方面|嘛|呢)\s*"
    # A report named bare as a phrase of its own: "每个月的复盘报告，默认发我精简版那份".
    # (Not a phrase that asks for a version itself: "这回先发我简版日报，平常还是详细版".)
    r"|\s*(?:(?!版|发|给|要|用)[\u4e00-\u9fff]){0,8}?(?:周报|月报|日报|季报|年报|报表|报告)\s*"
)


# A phrase that only names the format of the phrase before: "我导出一般都要表格，Excel那种，…".
_FORMAT_APPOSITION = re.compile(
    r"\s*(?:就是|也就是|即)?(?i:pdf|excel|xlsx|csv|word|docx|json|markdown|pptx?)(?:的)?(?:那种|那样的?|这种|格式|文件|版)?(?:的)?\s*"
)


def _with_topics(phrases: list[str]) -> list[str]:
    """Phrases with a topic phrase joined to the one it is the topic of, and a format named in apposition
    joined to the phrase it names the format of."""
    joined: list[str] = []
    for part in phrases:
        if joined and (_FORMAT_APPOSITION.fullmatch(part) or _REPORT_TOPIC.fullmatch(joined[-1])):
            joined[-1] += "，" + part
        else:
            joined.append(part)
    return joined


_ADDRESSING = re.compile(r"叫我|称呼我?|喊我|管我叫|称我")
# ("这单导出用PDF", "这笔先走微信支付": the one order or payment at hand.)
_THIS_TIME = re.compile(r"这次|这一次|这回|这一回|本次|今天(?!开始|起)|今晚|暂时|临时|这一?单|这一?笔(?!钱)")
_KIND_OF_REPORT = re.compile(r"周报|月报|日报|季报|年报|报表|报告")
# A version asked for in a phrase of its own, the report named in a phrase before: "…周报…，这次给我A版".
# ("…，平时还是要详细版": a version named in words, 简版, 详细版, 精简版.)
_VERSION_ALONE = re.compile(
    r"(?:给我|要|用|发|出|来|看|换成|改成|还是)(?:个|一份|份)?"
    r"(?P<version>[A-Za-z0-9]{1,3}版|(?![要用给发出来看])[\u4e00-\u9fff]{1,3}版(?!本))"
    r"(?=$|\s|的|吧|就|哈|呢)"
)


def _version_of_report_before(phrase: str, before: str) -> Iterator[tuple[str, str]]:
    kinds = _KIND_OF_REPORT.findall(before)
    version = _VERSION_ALONE.search(phrase)
    if kinds and version is not None:
        # ("每周那份报告，我默认看A版": a report named by no period is just its version.)
        yield "preferred_report_format", (kinds[-1] if kinds[-1] != "报告" else "") + version.group("version")


# A phrase that is only a time and the word that something starts then: "从下周一开始，…", "上个月起，…".
_BARE_START = re.compile(r"\s*(?:从|自|打)?\s*(?:开始|起|以后|之后)?(?:我)?(?:就)?\s*")


# A colour liked, said in a turn about the look of the app: "…，我就喜欢黑的".
_LIKES_COLOUR = re.compile(
    r"(?:^|(?<=[，,]))\s*我?(?:就|只|还是|更|一直)?(?:喜欢|爱|习惯)(?P<colour>黑|白|暗|亮|深|浅)(?:色)?的?(?=[，。！,.!]|$)"
)
_LOOKS_GOOD = re.compile(r"看着(?:更|比较|还是|挺|很)?(?:舒服|顺眼|好看|清楚|护眼)|(?:更|比较)(?:护眼|顺眼)")


def _looks_good(predicate: str, text: str) -> bool:
    """ "浅色主题看着舒服，帮我改回来": a look liked for how it looks (not one someone else is said to like)."""
    return predicate == "preferred_theme" and _LOOKS_GOOD.search(text) is not None and "说" not in text


_THEME_TOPIC = re.compile(r"浅色|深色|暗色|亮色|主题|皮肤|夜间|界面")


def _dates_phrase(ctx: TurnContext, clause: Clause, text: str) -> bool:
    """Whether the clause's time dates the preference said in phrase ``text``: a time in that phrase does, so does
    one standing alone before it ("从下周一开始，通知都发短信"); a time in a phrase telling something else does not
    ("上周一换的新号 …，有事打电话": the number is dated, the channel is not)."""
    times = clause.times(ctx)
    start = clause.start + max(0, clause.text.find(text))
    if not times or any(start <= t.span[0] and t.span[1] <= start + len(text) for t in times):
        return True
    for mention in times:
        phrase = clause.phrase_at(mention.span[0] - clause.start)
        if re.search(r"(?:以后|之后|后|开始|起)\s*$", phrase.text):
            return True  # "等下周一系统切换后，…": a phrase that only says from when
        rest = phrase.text[: mention.span[0] - phrase.start] + phrase.text[mention.span[1] - phrase.start :]
        if _BARE_START.fullmatch(rest):
            return True
        # "从下周一开始快递默认放门卫": from when, said first in the phrase that tells the wish.
        said = phrase.text.find(text, mention.span[1] - phrase.start)
        if said >= 0 and _BARE_START.fullmatch(phrase.text[mention.span[1] - phrase.start : said]):
            return re.fullmatch(r"\s*(?:从|自)?\s*", phrase.text[: mention.span[0] - phrase.start]) is not None
    return False


def _wish_value(ctx: TurnContext, clause: Clause, value: str) -> str:
    """A wish as read, without the start said first ("从下个月起发票默认开公司抬头": from when it holds is no part
    of it) and without 再 after 以后 ("九点以后再回工作消息": 以后 says "not before then" already)."""
    for mention in clause.times(ctx):
        lead = re.match(rf"\s*(?:从|自)?\s*{re.escape(mention.text)}\s*(?:起|开始)[，,]?\s*", value)
        if lead is not None and len(value) - lead.end() >= 2:
            value = value[lead.end() :]
    return re.sub(r"(?<=以后|之后)再(?=[\u4e00-\u9fff])", "", value)


# Where the turn's notices are to go, named apart from a number to call: "…，订单通知发邮箱就行".
_NOTICES_GO = re.compile(r"(?:通知|提醒)[^，。！？]{0,6}?(?:发|走|用|推)")


def _number_beside_notices(ctx: TurnContext, text: str, whole: str) -> bool:
    """ "有事打我电话 18611223344，订单通知发邮箱就行": a phrase that gives the number to call is the contact, not the
    channel, when another phrase of the turn names where the notices go (as "call me on …" is in English)."""
    given = any(i.kind == "phone" and i.text in text for i in ctx.identifiers)
    return given and _NOTICES_GO.search(whole.replace(text, "")) is not None


def _preference_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    relative = _RELATIVE_LANGUAGE.search(clause.text)
    if relative is not None and not re.search(r"不|没", relative.group()):
        subject = f"{ctx.speaker_id}:{_RELATIONS[relative.group('rel')]}"
        language = _LANGUAGES[relative.group("lang")]
        yield _fact(subject, "preferred_language", language, "relative_language", relative.group())
        return  # "…，打电话的时候请用粤语" is about serving the relative, not the speaker
    phrases = _with_topics([part for part in re.split(r"[，,]", clause.text) if part.strip()])
    # "这次用微信支付吧，支付宝余额不够了": a stopped or negated phrase speaks only for itself.
    # ("吃不了辣" is a can-not, not a stop.)
    stopped = [part for part in phrases if re.search(r"不再|不(?!了)[^，。]{0,6}了", part)]
    if stopped:
        yield from _stopped_preferences(ctx, Clause("，".join(stopped), clause.start))
    # "以后通知都发微信，别打电话": a negation only cancels its own phrase.
    kept = [part for part in phrases if part not in stopped and not _negated(part)]
    # Markers speak for the whole sentence: "以后都别打电话了，有事发短信" is lasting.
    whole = clause.text
    lasting, confidence = _lasting(whole)
    has_marker = bool(_LASTING.search(whole) or _ONE_OFF.search(whole))
    valid_from = clause.preference_start(ctx) or _starts_on(ctx, clause)
    found = False
    for text in kept:
        since = valid_from if _dates_phrase(ctx, clause, text) else None
        if _PLAN.search(text) and not _LASTING.search(text) and not _POLITE_REQUEST.match(text):
            continue
        sentence = max(ctx.text.rfind(mark, 0, clause.start) for mark in "。！？!?；;\n") + 1
        whose = _preference_subject(ctx, text, ctx.text[sentence : clause.start + max(0, whole.find(text))])
        if whose is None:
            continue
        # "我一般看周报的B版，不过这次给我A版": the habit is lasting, this time's choice is not.
        once = lasting and _THIS_TIME.search(text) is not None and _LASTING.search(text) is None
        candidates = list(_preference_candidates(text)) or list(
            _version_of_report_before(text, ctx.text[: clause.start + whole.find(text)])
        )
        for predicate, value in candidates:
            if not has_marker and not _PREFERS.search(text) and not _looks_good(predicate, text):
                continue
            if predicate == "preferred_export_format" and not _export_is_preference(text, whole):
                continue
            # ("联系邮箱是 …，有事发邮件给我": the address given is the fact, as labelled;
            # "有事打我电话 186…，订单通知发邮箱就行": the number is the contact, the notices go by mail)
            if predicate == "preferred_notification_channel" and (
                _mail_to_address_given(ctx, text) or _number_beside_notices(ctx, text, whole)
            ):
                continue
            found = True
            yield _fact(
                whose,
                predicate,
                value,
                predicate,
                text,
                lasting=lasting and not once,
                valid_from=since,
                confidence=ONE_OFF_CONFIDENCE if once else confidence,
                ends_previous=bool(re.search(r"改成|换成|改为|切换|以后都|不再", whole)),
            )
    liked = _LIKES_COLOUR.search(whole) if not found and _THEME_TOPIC.search(whole) else None
    if liked is not None and not _PLAN.search(liked.group()):
        # "别给我换成浅色，我就喜欢黑的": the colour liked, in a turn about the look.
        theme = "dark" if liked.group("colour") in "黑暗深" else "light"
        yield _fact(ctx.speaker_id, "preferred_theme", theme, "preferred_theme", liked.group(), confidence=confidence)
        return
    # "以后叫我老沈就行，别沈先生沈先生的": how the speaker is addressed is a name, not a taste.
    if found or _SHIPS_TO.search(whole) or _ADDRESSING.search(whole):
        return
    # One reading per sentence: the first pattern that reads it says it best. Negated phrases are read too:
    # "这次的外卖不要香菜" says what the speaker wants left out.
    unstopped = [part for part in phrases if part not in stopped and not _PLAN.search(part)]
    if (door := _DOOR_NOT_POINT.search(whole)) is not None:
        # "快递别放驿站，直接送上门": one wish told in two phrases.
        yield _fact(ctx.speaker_id, "preference", "送货上门，不放" + door.group("point"), "preference", door.group(),
                    lasting=lasting, confidence=confidence)  # fmt: skip
        return
    allergy = _ALLERGY_THEN_AVOID.search(whole)
    if allergy is not None and not _DIET.search(whole[: allergy.end()]):
        # "我芒果过敏，…别放芒果味的": the food kept out (an allergy said with 对 is read by _DIET).
        rel = allergy.group("rel")
        subject = f"{ctx.speaker_id}:{_RELATIONS[rel]}" if rel else ctx.speaker_id
        yield _fact(subject, "preference", "不要" + allergy.group("food"), "preference", allergy.group())
        return
    readings = [
        reading
        for text in unstopped
        for reading in _free_preferences(ctx, text, has_marker)
        # Checks and rights are not tastes: "以后都用管理员权限" states no preference.
        if not _CONTROLS.search(reading[1])
    ]
    for subject, said, evidence, habit in readings[:1]:
        value = _wish_value(ctx, clause, said)
        # "别排在周五下午": a time inside the preference is what it is about, not since when it holds.
        # ("上个月开始在星巴克当店长，…，快递下午送过来我才收得到": the month dates the job, not the wish.)
        timed = any(mention.text in value for mention in clause.times(ctx)) or not _dates_phrase(ctx, clause, evidence)
        # "今天送货晚点来，下午三点以后家里才有人": when someone is home, said of today's delivery.
        today = bool(_HOME_FROM.search(evidence) and _THIS_TIME.search(ctx.text) and not _LASTING.search(ctx.text))
        yield _fact(
            subject,
            "preference",
            value,
            "preference",
            evidence,
            lasting=lasting and not today,
            valid_from=None if timed else valid_from,
            confidence=LASTING_CONFIDENCE if habit and lasting else confidence,
        )


def _stopped_preferences(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """ "不再用PDF了" ends that preference; other negated preferences say nothing."""
    for m in _STOPPED.finditer(clause.text):
        what = m.group("what")
        for predicate, value in _preference_candidates("用" + what):
            yield ending(ctx, clause, ctx.speaker_id, predicate, value, f"zh.{predicate}.ended", m.group())
        fmt = _FORMAT.fullmatch(what.strip())
        if fmt and not _FORMAT_CONTEXT.search("用" + what):
            yield ending(
                ctx,
                clause,
                ctx.speaker_id,
                "preferred_export_format",
                normalize_format(fmt.group()),
                "zh.preferred_export_format.ended",
                m.group(),
            )


# ---------------------------------------------------------------------------- intents

_DIMENSIONS = {
    "区域": "region",
    "地区": "region",
    "大区": "region",
    "省份": "province",
    "省": "province",
    "城市": "city",
    "产品": "product",
    "商品": "product",
    "品类": "category",
    "类别": "category",
    "类目": "category",
    "渠道": "channel",
    "月份": "month",
    "月": "month",
    "季度": "quarter",
    "周": "week",
    "天": "day",
    "日": "day",
    "门店": "store",
    "店铺": "store",
    "部门": "department",
    "客户": "customer",
    "销售员": "salesperson",
    "国家": "country",
    "团队": "team",
    "支付方式": "payment method",
    "付款方式": "payment method",
    "原因": "reason",
    "客服": "agent",
    "客服组": "agent group",
    "老师": "teacher",
    "仓库": "warehouse",
    "车间": "workshop",
    "品牌": "brand",
    "平台": "platform",
    "员工": "employee",
    "业务员": "salesperson",
    "业务线": "business line",
    "校区": "campus",
    "分公司": "branch",
    "网点": "outlet",
    "年级": "grade",
    "班级": "class",
    "科室": "department",
    "项目": "project",
    "商家": "merchant",
    "供应商": "supplier",
    "机型": "model",
    "型号": "model",
    "来源": "source",
    "年龄段": "age group",
    "性别": "gender",
    # "每家快递平均几天送到": the carriers, compared.
    "快递": "carrier",
    "快递公司": "carrier",
    "物流公司": "carrier",
    "承运商": "carrier",
}
_DIMENSION_WORDS = "|".join(sorted(_DIMENSIONS, key=len, reverse=True))
# "按推广渠道": a word or two may qualify the dimension after 按.
_BY = re.compile(
    rf"(?:(?:按|按照)[\u4e00-\u9fff]{{0,3}}?|分|每个|每一个|各个|每家|每一家|各家|各)(?P<dims>(?:(?:{_DIMENSION_WORDS})[、和及与跟/]?)+)"
)
_METRICS = (
    ("revenue", re.compile(r"销售额|营收|收入|营业额|(?i:gmv)")),
    ("sales_volume", re.compile(r"销售数据|销量|销售")),
    # ("上个月各品类的毛利": gross and net profit are profit.)
    ("profit", re.compile(r"利润|毛利|净利")),
    ("order_count", re.compile(r"订单量|订单数")),
    ("monthly_active_users", re.compile(r"月活|(?i:mau)")),
    ("daily_active_users", re.compile(r"日活|(?i:dau)")),
    ("retention_rate", re.compile(r"留存")),
    ("conversion_rate", re.compile(r"转化率")),
    ("average_order_value", re.compile(r"客单价")),
    # "平均几天送到", "多久能到货", "配送时效": how long delivery takes.
    (
        "delivery time",
        re.compile(
            r"(?:几天|多少天|多久|多长时间)(?:能|才|可以)?(?:送到|到货|送达|签收|到)|配送时[长效间]|送达时[长间]|时效"
        ),
    ),
)
_AGGREGATE = re.compile(
    r"汇总|统计|合计|总结|分组|对比|分析|拆分|拆一下|拆开|细分|每个|每一个|各个|分别|平均|排名|排行"
    r"|一共|总共|总数|总额|分一下"
)
# "各门店的退货数量是多少": a quantity asked per dimension is an aggregation too.
_HOW_MANY = re.compile(r"多少|几[个家次单件人]|占比|比例")
# A metric the list above does not know, named by its ending: 出库量, 客诉数量, 退货件数.
_NAMED_METRIC = re.compile(
    r"(?P<metric>[\u4e00-\u9fff]{1,4}?(?:数量|人数|单数|件数|次数|金额|总额|总量|时长|课时数|量|额|率|费))"
    r"(?=汇总|统计|是多少|有多少|分别|按|拆|合计|[，,。？?]|$)"
    # "一共下了多少单", "处理了多少工单": the things counted.
    r"|(?:多少|几)(?P<counted>工单|订单|单|件|笔|次)"
)
_EXPORT = re.compile(
    r"导出|下载|生成.{0,8}(?:报告|文件|报表)|发(?:我|给我)一份|输出"
    r"|(?:拉|导|出|做|整理)一份(?i:excel|pdf|csv|word|表格|报表)"
    # "给我拉个Excel出来", "导个CSV给我", "弄个表格发我": a file made and brought out.
    r"|(?:拉|导|出|做|弄|整|整理)(?:个|一个|份)\s*(?i:excel|pdf|csv|word|表格|报表)(?:表格?|文件)?\s*(?:出来|给我|发我|过来)"
    # "整理成Excel表格丢给我", "导一份给我": a file made and handed over.
    r"|(?:整理|汇总|做|弄|导|拉|转|存)成?(?:一份|一个)?\s*(?i:excel|pdf|csv|word|表格|报表|文件)[^，。！？]{0,4}?"
    r"(?:发|丢|给|传|邮件|发送|甩)(?:给)?我|导一份(?:给我|发我|出来)"
    # "本月账单请生成PDF发过来", "表格给我出Excel的", "要一份…我的全部资料".
    r"|(?:生成|出)(?:一份)?\s*(?i:excel|pdf|csv|word)|要一份[^，。！？]{0,16}?(?:资料|数据|记录|信息)"
    # "发我邮箱一份": a copy to the speaker's mailbox.
    r"|发(?:我|给我)的?(?:邮箱|微信|QQ)?一份"
)
# Said shortly, an export needs records or a file named with it: "账单我要PDF版的，导一下", "资料打包发我"
# (not 引导/指导/开导, which guide people, nor "饭菜打包给我").
_EXPORT_SHORT = re.compile(
    r"(?<![引指开辅领主教疏督倡])导(?:一下|下|给我|出来)(?!航)|打包(?:发|给|传)(?:给)?我"
    # "订单明细导一份吧", "流水拉一份", "账单导个表": a copy of the records, said shortly.
    r"|(?<![引指开辅领主教疏督倡])(?:导|拉)(?:一份|份|个表|张表)(?=吧|给我|发我|出来|[，。！,.!]|$)"
)
_RECORDS = re.compile(
    r"账单|发票|数据|记录|明细|报表|报告|表格|文件|资料|个人信息|订单|流水|对账单|(?i:pdf|excel|csv|xlsx|word)"
)
# Requests, not mentions: "退款金额" or "退款申请还没到账" ask for no new refund.
_REFUND = re.compile(
    r"(?:要|想|申请|帮我|给我|请|能不能|可以)(?:办理)?(?:退款|退钱|退货|退费)|退款吧|退钱吧|把钱退"
    r"|退(?:我|给我)\s*(?:\d|[一二两三四五六七八九十百]+块|钱|款)"
    # "能退吗", "麻烦退回来", "帮我退一下", "退掉一笔", "退回原卡".
    r"|能退吗|可以退吗|能不能退|退回来|退一下|退掉一笔|退回原"
    # "其中一件想退": the bare verb, closing its phrase.
    r"|(?:想|要|申请)退(?:掉|货|了)?(?=[，。！？,.!?吧]|$)"
    # The request as a heading, the order after it: "退货退款，订单 TM-55120 …", "仅退款：AB-1234".
    r"|^\s*(?:申请|我要|要)?(?:退货退款|退款退货|仅退款|退款)\s*(?=[，,：:]\s*\S)"
)
_CANCEL = re.compile(r"取消[^，。！？]{0,10}?(?:订单|单子|这单|那单)|订单[^。！？]{0,30}取消|退订")
# Cancel said shortly after the order named: "我刚下的单 TB…，帮我取消掉", "这个订单给我取消吧", "那单不要了，取消".
_CANCEL_SHORT = re.compile(r"(?:帮我|给我|麻烦|请|直接|马上)?取消(?:掉|了吧|一下|吧|它)|(?<=[，,])\s*取消(?=[。！!]|$)")
# "订单 YX-… 帮我撤了吧": withdrawn, said shortly; an order only ("撤回消息" withdraws a message).
_WITHDRAWN = re.compile(r"(?:帮我|给我|麻烦|请)?撤(?:了|掉|单|销)(?!回)")
_ABOUT_AN_ORDER = re.compile(r"订单|单号|单子|这单|那单|(?i:order)")
# ("我投诉过一次" tells of a past complaint.)
_COMPLAINT = re.compile(r"投诉(?!过)|差评|举报|太差了|不满意|很失望")
# A request to change something, not a report that it changed ("我的邮箱换成了…" is a fact).
_MODIFY_REQUEST = re.compile(
    # ("我的邮箱改为 …" reports the change; "我的设置不变" names the settings.)
    r"(?:^|(?<=[，,]))\s*(?:请|帮我|麻烦|给我|把|将|能不能|可以)?(?!我的)[^，,]{0,12}?"
    r"(?:改成|换成|换回|改回|切回|(?<!的)设置|设为|设成|切换|切到|切成|调成|改为|修改|更改|改一下|换一下|更新一下|改下"
    # "把邮箱更新成 …"; "通知渠道帮我换到邮件那边" (换到 of a setting, not "想换到靠窗的座位").
    r"|更新成|更新为|(?:通知|提醒|渠道|方式|邮箱|地址|语言|主题|模式|格式|套餐|号码|手机号)[^，,]{0,6}?(?:换到|改到)"
    # ("Excel打开太慢": opening a file changes no setting.)
    r"|(?:开启|关闭|打开|关掉)(?=[^，,。]{0,8}?(?:通知|提醒|模式|推送|功能|开关|权限|声音|震动|定位|自动|免密|续费|广告))"
    # ("跟你同步一下：…" tells news; "麻烦更新下" asks for the record to follow it.)
    r"|(?<=麻烦)更新下|(?<=帮我)同步一下|(?<=麻烦帮我)同步一下"
    r"|恢复成|恢复到|还原成|还原到"
    # "今天先切暗黑主题吧", "换个深色模式", "切英文界面": the bare verb before a look or a mode.
    r"|(?:切|换)(?:个|一下|下)?(?=[^，,。！？]{0,5}?(?:主题|模式|皮肤|界面|配色))"
    # "把客服小刘的退款权限关掉", "把推送通知都关了", "把免密支付取消掉": the setting first, then on or off.
    r"|(?<=把)[^，,。]{0,14}?(?:权限|通知|提醒|推送|功能|开关|模式|自动续费|免密支付)(?:都|也|先|给我|全)?"
    r"(?:关掉|关闭|关上|打开|开通|开启|取消掉?|去掉|收回|撤掉|停掉))(?!了)"
)
_OWN_RECORDS = re.compile(
    r"订单|单号|快递|包裹|工单|退款|账单|余额|积分|物流|会员|发票|扣费|到账"
    # "上个月我一共花了多少钱", "我两周前买的东西", "你们存了我哪些个人信息".
    r"|我[^，。！？]{0,6}?花了|我[^，。！？]{0,12}买的|存了我|存的是我|我的?(?:个人信息|资料|数据)"
    # "帮我查查这个月在你们家一共花了多少钱": one's own spending, totalled.
    r"|(?:一共|总共|累计|总计)(?:花|消费|充|买)了"
    # "前天下的那两单": the speaker's orders called 单.
    r"|[那这][几两一]?单|单子|下的[^，。！？]{0,3}单"
    # "三天前那笔扣款", "我的充值记录", "我名下有几张卡", "我现在住哪儿你们系统里…", "还在保修期吗".
    r"|扣款|充值|消费|明细|支出|流量|名下|保修|我的?默认|系统里|(?<!聊天)记录"
    # The state of the speaker's own application: "我的售后申请审核通过了吗", "我上周提交的报销批下来没有",
    # "我的实名认证怎么还没好" (not "我想预约明天的维修，可以吗", which books one).
    r"|我[^，。！？]{0,8}?(?:申请|售后|审核|审批|预约|认证|理赔|报销|换货|维修)[^，。！？]{0,6}?"
    r"(?:通过|批|好了|完成|处理|进度|结果|下来|确认|成功|到哪|怎么样|怎么还没|还没)"
)
# A document asked for, not a record's state asked after: "能开发票吗", "可以给我开张收据吗", "麻烦补开一下发票"
# ("发票开了吗" asks after one already asked for).
_DOCUMENT_ASKED = re.compile(
    r"(?:能|可以|能不能|可不可以|帮我|麻烦|请|给我)(?:给我|帮我)?(?:补)?开(?:具|一下|个|张|一张|份|一份)?"
    r"(?:电子)?(?:发票|收据|专票|普票|证明|增值税发票)"
)
_QUERY = re.compile(r"查|查询|看看|看一下|告诉我|多少|什么时候|哪里|到哪|进度|状态|有没有|是否|跟进|是什么|哪个")


def _time_range(ctx: TurnContext, clause: Clause) -> tuple[RelativeTime | None, dict[str, str]]:
    for mention in clause.times(ctx):
        if mention.relative is not None:
            return mention.relative, {}
        return None, {"time_start": mention.start.isoformat(), "time_end": mention.end.isoformat()}
    return None, {}


def _output_format(text: str, default: str | None) -> str | None:
    fmt = _FORMAT.search(text)
    if fmt:
        return normalize_format(fmt.group("fmt"))
    if re.search(r"图表|柱状图|折线图|饼图|趋势图", text):
        return "chart"
    if "表格" in text:
        return "table"
    return default


def _id_slots(ctx: TurnContext) -> dict[str, str]:
    slots: dict[str, str] = {}
    for mention in ctx.identifiers:
        if mention.kind in ("order_id", "ticket_id", "amount"):
            slots.setdefault(mention.kind, mention.value)
            if mention.currency:
                slots.setdefault("currency", mention.currency)
    return slots


_FREQUENCY = re.compile(
    r"每(?:个)?(?:月|周|星期|礼拜|天|日|季度)(?!的)(?=[^，。！？]{0,6}?(?:发|给|推|寄|送|提醒|通知))"
    # "每个月的复盘报告，默认发我…": the report that comes monthly, no breakdown by month.
    r"|每(?:个)?(?:月|周|星期|礼拜|天|日|季度)的(?=[\u4e00-\u9fff]{0,4}(?:报告|报表|对账单|账单|总结)[，,])"
)
_HOW_TO = re.compile(r"\s*(?:怎么|如何|怎样|咋)(?:弄|办|操作|设置|导出|才能|自己|把|批量|样)?")
# "退货一般几天能到账？", "工单一般多久能处理完？": how things usually go asks about no record.
# ("保修还剩多久能帮查下吗" asks for a look at the speaker's own record: 多久 there is what is left.)
_GENERAL_QUESTION = re.compile(
    r"一般|通常|一般来说|(?<!剩)多久能(?!帮|给)|怎么算|比较快|能延保"
    # Whether the shop can ship somewhere asks about its service, no record: "她的快递你们能寄过去吗？",
    # "可以寄到海外吗" ("我的快递能送到吗？" still asks about the parcel).
    r"|(?:能|可以|能不能|可不可以)(?:寄|送|发|配送|邮寄)(?:过去|(?:到|往|去)[^，。！？吗]{1,8})[吗么]?[？?]"
)
# What a document is for, said after the request: "…导出来，会计查账用" asks the agent to look nothing up.
_PURPOSE = re.compile(r"[\u4e00-\u9fff]{0,4}(?:查账|对账|核对|报销|审计|备案|存档|做账)用")
# "我的会员账号是 lufang_2024，方便你查": an id offered for a lookup, not a question about a record.
_OFFERED_FOR_LOOKUP = re.compile(r"方便你查|可以用这个查|你查查看|供你查")
# A plea for help about one's record asks the agent to look at it: "我的 order 7720-5531 还没到 … help".
_PLEA = re.compile(r"(?<![A-Za-z])(?i:help)(?![A-Za-z])|帮帮忙|帮个忙|救命|求助|急急急")
# "把App的推送通知关掉", "帮我把会员自动续费关掉": the setting named first, switched after.
_SETTING_SWITCHED = re.compile(
    r"(?:通知|提醒|推送|续费|功能|开关|定位|免密支付|广告)(?:给我|帮我)?(?:关掉|关闭|关了|打开|开启|开一下|关一下)(?!了)"
    # "帮新来的同事开一个只读权限": access granted.
    r"|开(?:一个|个|通)?(?:只读|编辑|管理|查看)?权限"
)
_SUPPOSING = re.compile(r"如果|假如|要是|假设|万一|假使|倘若|若是|的话")


# A request to the agent right after a condition ("…的话帮我…", "…的话麻烦…"), not the speaker's next move.
# ("要是还没发就帮我撤了": the state asked about may sit between the condition and 就.)
_ASKED_NOW = re.compile(r"(?:[^，,]{0,2}?|[^，,]{0,10}?就)(?:直接)?(?:帮我|麻烦|请|给我)")
# A condition on what is still to come is the speaker's plan, not a request now: "要是下周还不到，就帮我退款".
_COMING = re.compile(r"下(?:周|个?月|次)|明天|后天|周[一二三四五六日末]|星期|到时|过几天|以后")


def _asked_after(text: str, condition: re.Match[str]) -> bool:
    """Whether the agent is asked for something right after ``condition`` (a match in ``text``), on how
    things stand ("还没发货的话帮我撤了吧"), not on what is still to come ("要是下周还不到，就帮我退款")."""
    asked = _ASKED_NOW.match(text, condition.end())
    cut = max(text.rfind(mark, 0, condition.start()) for mark in "，,") + 1
    return asked is not None and not _COMING.search(text[cut : asked.end()])


def _asked_on_condition(text: str) -> bool:
    return any(_asked_after(text, condition) for condition in _SUPPOSING.finditer(text))


def _supposed(text: str, offset: int) -> bool:
    """Whether the words at ``offset`` are supposed, not asked: "如果我换成苹果手机…", or the
    consequence of a condition, "要是周五还没发货，我就申请退款"."""
    cut = max(text.rfind(mark, 0, offset) for mark in "，,") + 1
    phrase = text[cut:offset]
    conditions = list(_SUPPOSING.finditer(text, cut, offset))
    condition = conditions[-1] if conditions else None
    if condition is not None and _asked_after(text, condition):
        return False  # "还没发货的话帮我撤了吧": a request made now, on the state things are in
    if condition is not None and not re.search(r"(?:可以|方便|行|能)的话", phrase):
        return True
    before = text[max(text.rfind(mark, 0, cut - 1) for mark in "，,") + 1 : cut]
    return bool(
        re.match(r"\s*(?:我|那|那我|我们)?(?:就|再|会)", phrase)
        and _SUPPOSING.search(before)
        and not re.search(r"(?:可以|方便|行|能)的话", before)
    )


def _sentence_before(ctx: TurnContext, clause: Clause) -> Clause:
    """The part of the sentence before ``clause`` (a question split off after a comma)."""
    start = max(ctx.text.rfind(mark, 0, clause.start) for mark in "。！？!?；;\n") + 1
    return Clause(ctx.text[start : clause.start], start)


def _intents(ctx: TurnContext, clause: Clause, facts: list[CandidateFact], question: bool) -> Iterator[Intent]:
    text = clause.text
    time_range, time_slots = _time_range(ctx, clause)
    # A standing preference ("以后都导出PDF", "以后收货地址都改成…") is a fact, not a request.
    # "把默认格式改成A" orders a setting changed, so its 默认 names the setting; said without 把
    # ("文件导出的默认格式设成PDF") the default is a standing preference.
    standing = any(
        f.lasting
        and (f.predicate.startswith("preferred_") or f.predicate == "address")
        and _LASTING.search(text.replace("把默认", "把"))
        for f in facts
    )
    # "怎么批量导出群成员？", "想设置入群验证，怎么弄？": how to do it oneself asks the agent for nothing.
    how_to = bool(
        _HOW_TO.match(text)
        or re.search(r"怎么|如何|怎样", _INDEFINITE.sub("", text))
        or _HOW_TO.match(ctx.text, clause.start + len(clause.text))
    )
    # "要是我换了手机号，积分还在吗？": a question on a supposition asks about no record.
    supposing = any(
        re.match(r"\s*(?:要是|如果|假如|假设|万一)", part) for part in (text, _sentence_before(ctx, clause).text)
    )
    # "对账单每个月发我": how often something is sent is no breakdown of it.
    text = _FREQUENCY.sub("", text)
    dims = [_DIMENSIONS[w] for m in _BY.finditer(text) for w in re.findall(_DIMENSION_WORDS, m.group("dims"))]
    dimensions = tuple(dict.fromkeys(dims))
    metric = _metric(text)
    ids = _id_slots(ctx)
    if time_range is None and not time_slots:
        # "上周新拉来的用户，按来源渠道分别是多少人？": the period is said in the phrase before the question.
        time_range, time_slots = _time_range(ctx, _sentence_before(ctx, clause))
    # ("给我出一份十月份各城市的营收": a named metric asked per dimension is a breakdown of it.)
    aggregate = bool(_AGGREGATE.search(text) or (dimensions and (_HOW_MANY.search(text) or metric))) and bool(
        dimensions or metric
    )
    if aggregate:
        yield Intent("data_aggregation", time_range, dimensions, metric, _output_format(text, "table"), time_slots)
    elif (
        (_EXPORT.search(text) or (_EXPORT_SHORT.search(text) and _RECORDS.search(text))) and not standing and not how_to
    ):
        yield Intent("export", time_range, dimensions, metric, _output_format(text, None), time_slots)
    refund, cancel, complaint = (
        next((m for m in p.finditer(text) if not _supposed(text, m.start())), None)
        for p in (_REFUND, _CANCEL, _COMPLAINT)
    )
    if cancel is None and ("order_id" in ids or _ABOUT_AN_ORDER.search(text) or re.search(r"下的?单", text)):
        cancel = next(
            (m for p in (_WITHDRAWN, _CANCEL_SHORT) for m in p.finditer(text) if not _supposed(text, m.start())), None
        )
    if refund:
        yield Intent("refund", time_range, slots=ids | time_slots)
    if cancel:
        yield Intent("cancel_order", time_range, slots=ids | time_slots)
    if complaint:
        yield Intent("complaint", time_range, slots=ids | time_slots)
    # ("老地址作废，麻烦以这个为准：…": an address to go by from now asks for the record to be changed.)
    by_this = any(f.rule.endswith("address_by_this") for f in facts) and not standing
    if _asks_for_change(text, question or how_to, standing) or by_this:
        preference = next((f for f in facts if f.predicate.startswith("preferred_")), None)
        setting = (
            {"setting": preference.predicate.removeprefix("preferred_"), "value": preference.value}
            if preference
            else {}
        )
        yield Intent("modify_setting", slots=setting)
    own = bool(_OWN_RECORDS.search(text) or {"order_id", "ticket_id"} & set(ids))
    # ("帮我查查这个月一共花了多少钱": a total of one's own asked with no breakdown is a query.)
    # "工单一个礼拜都没人跟进，我正式投诉你们！": a complaint that tells of no follow-up asks after nothing.
    asks = (question or (_QUERY.search(_PURPOSE.sub("", text)) and not aggregate) or _PLEA.search(ctx.text)) and not (
        complaint and not question
    )
    # "怎么删除我的账号？" asks how to do something; "我的快递怎么还没到？" asks about the record.
    how_to_do = (
        re.search(
            r"(?:怎么|如何|怎样)(?:才能|去|把|来|自己|批量)?(?:删除|删掉|导出|设置|操作|弄|办|注册|注销|修改|绑定|解绑|开通)",
            text,
        )
        is not None
    )
    general = _GENERAL_QUESTION.search(text) or _OFFERED_FOR_LOOKUP.search(text) or _DOCUMENT_ASKED.search(text)
    if own and asks and not general and not supposing and not how_to_do and not refund and not cancel and not aggregate:
        yield Intent("query", time_range, dimensions, metric, slots=ids | time_slots)


def describe_request(ctx: TurnContext, intent_type: str) -> Intent:
    """The details of a request whose type was decided elsewhere (the learned intent model): its time, breakdown,
    measure, file format and the records it names, read from the whole turn."""
    text = _FREQUENCY.sub("", ctx.text)
    time_range, time_slots = _time_range(ctx, Clause(ctx.text, 0))
    dims = [_DIMENSIONS[w] for m in _BY.finditer(text) for w in re.findall(_DIMENSION_WORDS, m.group("dims"))]
    dimensions, metric = tuple(dict.fromkeys(dims)), _metric(text)
    slots = {**_id_slots(ctx), **time_slots}
    if intent_type in ("data_aggregation", "export"):
        fmt = _output_format(text, "table" if intent_type == "data_aggregation" else None)
        return Intent(intent_type, time_range, dimensions, metric, fmt, time_slots)
    if intent_type == "query":
        return Intent(intent_type, time_range, dimensions, metric, slots=slots)
    return Intent(intent_type, time_range, slots=slots if intent_type != "modify_setting" else {})


def _metric(text: str) -> str | None:
    metric = next((name for name, pattern in _METRICS if pattern.search(text)), None)
    named = _NAMED_METRIC.search(text)
    if metric is None and named is not None:
        metric = named.group("metric") or named.group("counted")
    return metric


_WEIGHED = re.compile(r"考虑|打算|准备|计划|犹豫|纠结|可能|也许|或许|说不定|有空|改天")


def _asks_for_change(text: str, question: bool, standing: bool) -> bool:
    """Whether ``text`` asks for a setting to be changed (not a question, a standing preference, a change
    told as done, weighed, denied or supposed)."""
    modify = _MODIFY_REQUEST.search(text) or _SETTING_SWITCHED.search(text)
    if modify is None or question or standing:
        return False
    # "iPhone 换成 华为了": a change told as done, with 了 closing its phrase, asks for none.
    done = re.match(r"[^，,。！？]*?了\s*(?:[，,。！!]|$)", text[modify.end() :]) is not None
    # "我在考虑换成华为手机": a change weighed is not asked for; "我没说要改成深色模式" denies one.
    # ("等我有空了可能会换个主题颜色": a maybe, some day, asks for nothing now.)
    weighed = _WEIGHED.search(text[: modify.end()]) is not None
    denied = re.search(r"没(?:有)?说|从来没|从没|不要帮我|别帮我|不用帮我|别给我", text[: modify.end()]) is not None
    return not done and not weighed and not denied and not _supposed(text, modify.end() - 1)


# ---------------------------------------------------------------------------- tags and anchors

_TOPICS = {
    "orders": r"订单|下单|单号|购买|买的",
    "billing": r"账单|发票|扣费|付款|支付|退款|费用|价格|多少钱|收费|充值|余额|块钱|扣钱",
    "relocation": r"搬家|搬到|搬去|搬了|迁居|移居|新家|搬离",
    "reports": r"报告|报表|周报|月报|日报|数据|汇总|统计|销售|模板|导出",
    "account": r"账号|帐号|密码|登录|注册|用户名|会员|绑定|用户(?i:id)",
    "devices": r"手机(?!号)|电脑|笔记本|平板|设备|耳机|手表|(?i:iphone|ipad|macbook)|华为|小米",
    "shipping": r"快递|物流|发货|配送|收货|顺丰|运单|包裹|寄",
    "support": r"投诉|工单|客服|故障|坏了|问题|报修|帮忙|售后|不能用|打不开",
    "preferences": r"偏好|默认|以后都|喜欢|习惯|模式|主题|设置|通知",
    "profile": r"名字|我叫|地址|邮箱|电话|手机号|工作|职位|公司|上班",
}
_TOPIC_PATTERNS = {topic: re.compile(pattern) for topic, pattern in _TOPICS.items()}
_PREDICATE_TOPICS = {
    "lives_in": "profile",
    "address": "profile",
    "works_at": "profile",
    "job_title": "profile",
    "name": "profile",
    "phone": "profile",
    "email": "profile",
    "owns_device": "devices",
    "order_id": "orders",
    "ticket_id": "support",
}
_CONFIRM = re.compile(
    r"^\s*(?:对|是的|是|没错|好的|好|可以|行|嗯|确认|就这样|(?i:ok))(?:[，,。!！\s啊的吧]|$)"
    r"|就用这个|就这样吧|就按这个|没问题|可以的|对的|就它了|确认无误"
)
_DECISION = re.compile(r"决定|就选|而(?:不是|非)|还是用|我们用|定了|那就用|选择了?")
_CHANGE = re.compile(
    r"改成|换成|改为|变成|换了|改了|不再|以后都|(?<!没有)(?<![没不])(?:搬到|搬家|搬了)|新的?(?:手机号|号码|邮箱|地址)|更新|切换|升级|从现在开始"
)
_FAILURE = re.compile(r"错了|不对|搞错|查错|弄错|写错|算错|有误|不是这个|不准确|理解错")
_CORRECTION = re.compile(r"应该是|应该用|应为|改成|其实是|我是说|我的意思是|正确的是|要的是")


def _anchors(text: str, facts: list[CandidateFact]) -> set[AnchorKind]:
    anchors: set[AnchorKind] = set()
    if (_FAILURE.search(text) and _CORRECTION.search(text)) or re.search(r"我是说|我的意思是", text):
        anchors.add("failure_correction")
    elif _CONFIRM.search(text) and not re.match(r"^\s*(?:不|没)", text):
        anchors.add("confirmation")
    if _DECISION.search(text):
        anchors.add("decision")
    if _CHANGE.search(text) or any(f.ends_previous for f in facts):
        anchors.add("change")
    return anchors


def _topics(ctx: TurnContext, facts: list[CandidateFact]) -> set[str]:
    topics = {topic for topic, pattern in _TOPIC_PATTERNS.items() if pattern.search(ctx.text)}
    for fact in facts:
        if fact.predicate == "lives_in" and fact.ends_previous:
            topics.add("relocation")
        topics.add(_PREDICATE_TOPICS.get(fact.predicate, "preferences"))
    return topics


# ---------------------------------------------------------------------------- entry point

# The one who moved, named by a cleft: "去宁波的是我妹", "搬到成都的其实是我哥，我一直在重庆" (a bare 去 only where the
# turn sets the speaker apart: 搞错, 不是我, 我一直/我没).
_CLEFT_MOVED = re.compile(
    r"(?P<verb>搬去|搬到|搬回|调去|调到|定居在?|去)(?P<place>[\u4e00-\u9fff]{2,6}?)的(?:人)?(?:其实|明明)?是我(?:的)?"
    rf"(?P<rel>{_REL})(?!的)"
)
_SPEAKER_SET_APART = re.compile(r"搞错|弄错|记错|不是我|我一直|我没|我还在|我可没")


def _cleft_moved_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _CLEFT_MOVED.finditer(clause.text):
        rel, place = m.group("rel"), m.group("place")
        if rel in _ACQUAINTANCES or not _is_city(place):
            continue
        if m.group("verb") == "去" and not _SPEAKER_SET_APART.search(ctx.text):
            continue  # "去北京的是我哥": maybe a trip
        yield _fact(f"{ctx.speaker_id}:{_RELATIONS[rel]}", "lives_in", _city_of(place), "cleft_moved", m.group())


# A self-introduction, then the title alone in the next phrase: "我是Kevin，上海这边的sales manager，公司是SAP",
# "我是小周，杭州分公司的销售经理" (not "我是小周，经理让我来问问").
_INTRO_THEN_TITLE = re.compile(
    r"(?:^|(?<=[，,。！!\s]))我是(?:[A-Z][a-z]{1,12}(?: [A-Z][a-z]{1,12})?|(?!做|干|当)[\u4e00-\u9fff]{2,3})[，,]\s*"
    r"(?![不没别])(?:[\u4e00-\u9fff]{2,5}(?:这边|那边|分公司|分部|办事处|区)的)?" + _TITLE + r"(?=[，,。！!]|$)"
)


def _intro_then_title_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _INTRO_THEN_TITLE.finditer(clause.text):
        title = _clean(m.group("title"))
        if title_shape_ok(title) and not _NOT_A_JOB.search(title):
            yield _fact(ctx.speaker_id, "job_title", title, "intro_then_title", m.group())


# ---------------------------------------------------------------------------- round 33
# "我女儿今年考上了公务员": a post won by examination (not a school: "考上了研究生").
_PASSED_INTO_POST = re.compile(r"考上了?(?P<title>公务员|事业编|选调生|教师编制?)(?![\u4e00-\u9fff]*[吗呢？?])")
# A business opened with its opener unsaid, "当老板" right after it (see _TITLE_IS's title10).
_OPENED_OWN = re.compile(r"\s*(?:现在|目前|后来|如今|去年|今年|刚)?(?:自己)?(?:刚)?开了?(?:一)?[家个间]")
# "…调到成都分公司了，还是在中国银行", "从京东跳槽到拼多多了，还是做运营": what goes on through a change of post.
_JOB_MOVE_TOLD = re.compile(r"调到|调去|调往|跳槽|升了|升职|换了(?:个|份)?(?:岗位|部门|工作)|转岗|外派|派到")
_STILL_AT_ORG = re.compile(
    r"(?:还是|仍然|依然|仍|还)在(?P<org>[\u4e00-\u9fffA-Za-z]{2,10}?(?:银行|公司|集团|医院|学校|大学|研究院|研究所|事务所))"
    r"(?:上班|工作)?(?=[，。！？,.!?\s]|$)"
)
_STILL_DOING = re.compile(r"(?:还是|仍然|依然|照样)(?:做|干)(?P<title>[\u4e00-\u9fff]{2,4}?)(?=[，。！？,.!?\s]|$)")


def _round33_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    text = clause.text
    for m in _PASSED_INTO_POST.finditer(text):
        subject = _subject(ctx, clause, m.start())
        if subject and not re.search(r"没|不|想|要|打算|准备", _prefix(clause, m.start())):
            yield _fact(
                subject, "job_title", m.group("title"), "passed_into_post", m.group(), valid_from=clause.past_time(ctx)
            )
    if _JOB_MOVE_TOLD.search(ctx.text):
        for m in _STILL_AT_ORG.finditer(text):
            subject = _subject(ctx, clause, m.start())
            if subject:
                yield _fact(subject, "works_at", _clean(m.group("org")), "still_at_org", m.group())
        for m in _STILL_DOING.finditer(text):
            subject = _subject(ctx, clause, m.start())
            title = m.group("title")
            if subject and title_shape_ok(title) and not _NOT_A_JOB.search(title):
                yield _fact(subject, "job_title", title, "still_doing", m.group())


# ---------------------------------------------------------------------------- round 34
# "三天前被提拔成车间主任了，还在比亚迪": the employer kept through a promotion, named bare.
_PROMOTION_TOLD = re.compile(r"提拔|晋升|提升为|升为|升成|升到|当上了")
_STILL_AT_NAMED = re.compile(
    r"(?:^|(?<=[，,]))\s*(?:但|不过)?(?:我)?(?:还是|仍然|依然|仍|还)在"
    r"(?P<org>[A-Za-z][A-Za-z0-9&.-]{1,15}|[\u4e00-\u9fff]{2,5}?)(?=[，。！？,.!?]|$)"
)
_NOT_AN_EMPLOYER_SPOT = re.compile(r"[家里上中边头外内这那]$|^(?:考虑|等|忙|用|看|找|想|犹豫|上班|上学|读书)")


def _round34_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    text = clause.text
    if _PROMOTION_TOLD.search(ctx.text):
        for m in _STILL_AT_NAMED.finditer(text):
            org = _clean(m.group("org"))
            if _org_ok(org) and not _is_city(org) and not _NOT_AN_EMPLOYER_SPOT.search(org):
                yield _fact(ctx.speaker_id, "works_at", org, "still_at_named", m.group())


# A device's date is its coming: "手上这台三星Galaxy A55昨天屏幕碎了" dates the damage, not the owning. (A device bought
# for a relative keeps the buying's date: "三天前给儿子买了个Switch" is labelled so since round 4.)
_ACQUIRED = re.compile(r"买|购|入手|入了|到手|收到|拿到|换了|换成|新[买入]|订的|下单|抢到|送我|送了我|提了")
_DAMAGED = re.compile(r"碎了|裂了|摔坏|摔了|进水|坏了|黑屏|开不了机|充不进电|花屏|碎屏")


def _device_dates_kept_to_coming(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    damaged_only = _DAMAGED.search(ctx.text) is not None and not _ACQUIRED.search(ctx.text)

    def undated(f: CandidateFact) -> bool:
        mine = f.subject == ctx.speaker_id
        live = f.predicate == "owns_device" and f.valid_from is not None and f.valid_to is None
        return live and damaged_only and mine

    return [replace(f, valid_from=None, ends_previous=False) if undated(f) else f for f in facts]


# "我女儿今年考进了国家电网，在调度中心上班": a unit named bare beside the employer joined is a part of it, not another.
_BARE_UNIT = re.compile(r"[\u4e00-\u9fff]{1,4}(?:中心|部|科|处|室|车间|部门|分部|班组|项目部)")


def _units_of_the_employer(facts: list[CandidateFact]) -> list[CandidateFact]:
    employers = {(f.subject, f.value) for f in facts if f.predicate == "works_at" and f.valid_to is None}

    def unit(f: CandidateFact) -> bool:
        others = {v for s, v in employers if s == f.subject and v != f.value and not _BARE_UNIT.fullmatch(v)}
        return f.predicate == "works_at" and f.valid_to is None and bool(_BARE_UNIT.fullmatch(f.value)) and bool(others)

    return [f for f in facts if not unit(f)]


# ---------------------------------------------------------------------------- round 36
_R36_PLAN = re.compile(r"想|要|打算|准备|计划|考虑|如果|要是|的话|会不会|能不能|可能")
# "我哥在伦敦开出租车", "开了一辈子火车": a driver's trade named by the vehicle driven.
_R36_VEHICLES = {
    "出租车": "出租车司机",
    "出租": "出租车司机",
    "的士": "出租车司机",
    "火车": "火车司机",
    "公交车": "公交车司机",
    "公交": "公交车司机",
    "大巴": "大巴司机",
    "卡车": "卡车司机",
    "大货车": "货车司机",
    "货车": "货车司机",
    "网约车": "网约车司机",
    "滴滴": "网约车司机",
    "地铁": "地铁司机",
    "救护车": "救护车司机",
}
_R36_DRIVES = re.compile(
    r"开(?:了)?(?:一辈子|大半辈子|半辈子|[一二两三四五六七八九十几多\d]+年)?(?:的)?"
    r"(?P<vehicle>出租车|的士|火车|公交车|公交|大巴|大货车|卡车|货车|网约车|滴滴|地铁|救护车|出租(?=[，。！？,.!?\s]|$))"
    # ("我老公是开滴滴的" was left without a title in round 28: a side job, told as a kind of person)
    r"(?![\u4e00-\u9fff]{0,2}(?:去|来|回|上班|回家|送|接))(?!的)"
)
_R36_RETIRED = re.compile(r"退休了|退了休|退下来了")
# "上个月我被裁了，之前在蔚来做销售顾问": the post lost, told as what one did before.
_R36_LAID_OFF = re.compile(r"被(?:公司)?(?:裁|裁员|辞退|开除|炒)了|失业了|丢了工作|没了工作")
_R36_USED_TO_WORK = re.compile(
    r"(?:之前|以前|原来|先前)(?:一直)?在(?P<org>[\u4e00-\u9fffA-Za-z0-9]{2,10}?)(?:做|当|干)(?P<title>[\u4e00-\u9fffA-Za-z]{2,6}?)"
    r"(?=[，。！？,.!?\s]|$)"
)
# "儿子去年三月去墨尔本读书": a relative gone to study in a town lives there.
_R36_GONE_TO_STUDY = re.compile(
    rf"(?:^|(?<=[，,。！？]))\s*(?:我的?)?(?P<rel>{_REL})[^，。！？]{{0,8}}?去(?!年)(?:了)?"
    r"(?P<place>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:读书|上学|留学|读大学|读研|念书|上大学|读博)"
)
# "…，现在课余在一家咖啡店打工当咖啡师": a title told by 当, the phrase's subject carried from the sentence.
_R36_WORKS_AS = re.compile(
    r"(?:打工|兼职|打零工)(?:当|做)(?P<title>[\u4e00-\u9fff]{1,4}(?:师|员))(?=[，。！？,.!?\s]|$)"
)
# "我妈三天前搬去厦门跟我姐一起住了": the relative moved in with another, who lives there too.
_R36_MOVED_IN_WITH = re.compile(
    rf"我的?(?P<rel>{_REL})[^，。！？]{{0,8}}?搬(?:去|到|回)(?:了)?(?P<place>[\u4e00-\u9fffA-Za-z]{{2,8}}?)"
    rf"(?:跟|和|同)我的?(?P<host>{_REL})(?:一起|一块)住"
)
# "在东京待了三年了": years spent in a town are a stay there.
# ("在奥克兰待了十年，上周一回国，定居厦门了": a stay told as over, the home since then elsewhere)
_R36_STAY_OVER = re.compile(r"回国|搬(?:到|去|回|走|离|家)|离开|定居|回到|回了")
_R36_STAYED_YEARS = re.compile(
    r"(?:^|(?<=[，,。！？]))\s*(?:我)?(?:已经)?在(?P<place>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:待|呆)了(?:快|差不多|将近)?"
    r"[一二两三四五六七八九十几\d]+(?:多)?年"
)
# "旧的荣耀70给我奶奶当老人机了": the old device handed to a relative for a use.
_R36_OLD_GIVEN_FOR = re.compile(
    r"(?:旧的|以前的|之前的|原来的|老的)\s*"
    + _DEVICE
    + rf"\s*给(?:了)?我?的?(?P<rel>{_REL})(?:当|做)[\u4e00-\u9fff]{{1,5}}了"
)
# "我部Sony A7C II上個月先買": Cantonese for "my … was bought last month" (部 the measure of a machine).
_R36_MY_MACHINE_BOUGHT = re.compile(
    r"我(?:部|台|隻|只|個|个)\s*" + _DEVICE + r"\s*[^，。！？]{0,6}?(?:先|啱啱|才)?(?:買|买)"
)
# "在澳洲用的是OPPO Find X8": the device the speaker uses (not in a sentence about a relative: "我儿子乐乐…，用的是…").
_R36_SOMEONE = re.compile(rf"我的?(?:{_REL})|(?:他|她)(?!们)")
_R36_USES_IS = re.compile(
    r"(?:^|(?<=[，,。]))\s*(?:我)?(?:在[\u4e00-\u9fff]{2,4})?(?:现在|平时|目前|一直)?用的是\s*" + _DEVICE
)
# "老婆用的是三星Galaxy S25，我是一加13": the speaker's own, set against another's.
_R36_MINE_IS = re.compile(r"(?:^|(?<=[，,。]))\s*我(?:的)?(?:是|用)\s*" + _DEVICE + r"(?=[，。！？,.!?\s]|$)")
# "收件人写我老婆的名字：周敏，电话18658203317": the relative's name and number as the consignee.
_R36_CONSIGNEE = re.compile(
    rf"收件人(?:写|填|是|改成|改为)?我的?(?P<rel>{_REL})(?:的名字)?\s*[：:]\s*(?P<name>[\u4e00-\u9fff]{{2,3}})(?=[，。！？,.!?\s]|$)"
)
# "我個名寫錯咗，應該係陳嘉欣": the speaker's name set right (Cantonese and Mandarin).
_R36_NAME_RIGHT = re.compile(
    r"(?:我(?:個|个|的)?)?(?:名|名字)(?:寫|写|打|填)(?:錯|错)(?:咗|了)[，,]\s*(?:應該|应该)(?:係|系|是)\s*"
    r"(?P<name>[\u4e00-\u9fff]{2,3})(?=[，。！？,.!?\s]|$)"
)
# "推到App里就行": the app's notifications are the channel.
_R36_PUSH_APP = re.compile(r"(?:推|推送|发)(?:到|去)\s*(?i:app)(?:里|上)?")
# "深色模式太暗了，换回浅色吧": the theme changed back to.
_R36_THEME_BACK = re.compile(r"(?:换回|切回|改回|调回)(?P<theme>浅色|深色|亮色|暗色|白色|黑色)")
_R36_THEMES = {"浅色": "light", "亮色": "light", "白色": "light", "深色": "dark", "暗色": "dark", "黑色": "dark"}
# "我都用黑貓宅急便": carriers of Taiwan and Hong Kong, and SF written in traditional characters.
_R36_CARRIERS = {
    "黑貓宅急便": "黑貓宅急便",
    "黑猫宅急便": "黑貓宅急便",
    "宅急便": "黑貓宅急便",
    "嘉里大榮": "嘉里大榮",
    "嘉里大荣": "嘉里大榮",
    "新竹物流": "新竹物流",
    "中華郵政": "中華郵政",
    "順豐": "顺丰",
}
_R36_CARRIER = re.compile(
    r"(?:都|一直|一般|平時|平时|只|習慣|习惯|默認|默认)(?:都)?(?:用|寄|走)\s*(?P<carrier>"
    + "|".join(sorted(_R36_CARRIERS, key=len, reverse=True))
    + r")"
)
# "我而家用八達通付款，信用卡已經取消咗": Hong Kong's ways to pay, and a card given up (Cantonese).
_R36_PAY_NAMES = {
    "八達通": "Octopus",
    "八达通": "Octopus",
    "轉數快": "FPS",
    "转数快": "FPS",
    "PayMe": "PayMe",
    "支付寶": "支付宝",
    "信用卡": "credit card",
    "現金": "cash",
}
_R36_PAY_NOW = re.compile(
    r"(?:而家|依家|現在|现在|目前)(?:都|一律)?(?:用|俾)\s*(?P<pay>"
    + "|".join(sorted(_R36_PAY_NAMES, key=len, reverse=True))
    + r")\s*(?:付款|付錢|付钱|俾錢|支付|找數|畀錢)"
)
_R36_PAY_CANCELLED = re.compile(
    r"(?P<pay>信用卡|八達通|八达通|支付寶|PayMe)(?:已經|已经|已)?(?:取消|停用|剪)(?:咗|了|掉了)"
)
# "我们上周一搬进了新家：12 Wattle Street, Box Hill VIC 3128": an address in Latin letters, closed by its postcode.
_R36_LATIN_ADDRESS = re.compile(
    r"(?:新家|新地址|地址|住址|新住址)(?:是|为)?\s*[：:]?\s*"
    r"(?P<addr>\d[A-Za-z0-9 ,.'#/-]{5,100}?(?:\s(?:NSW|VIC|QLD|WA|SA|TAS|ACT|NT)\s\d{4}|,?\s[A-Z]{2}\s\d{5}(?:-\d{4})?"
    r"|\s[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}))(?![\w-])"
)
_R36_MOVED_INTO = re.compile(r"搬进(?:了)?|入住(?:了)?|拿到钥匙|收楼")
# "前面那个地址作废，用这个：…", "地址写错了，不是3栋是5栋：…": an address after a colon, the turn about an address.
_R36_AFTER_COLON = re.compile(
    r"(?:用这个|用下面这个|是这个|这个才对|[是为][^，。！？：:]{0,6}?)\s*[：:]\s*(?P<addr>[^，。！？；\n]{6,60})"
)


def _r36_begun(ctx: TurnContext) -> datetime | None:
    """The one time the turn names that has begun (a period that holds the turn's moment, "今年", only alone)."""
    begun = {t.start for t in ctx.times if t.start <= ctx.at and not t.start <= ctx.at < t.end}
    if not begun and len(ctx.times) == 1 and ctx.times[0].start <= ctx.at:
        return ctx.times[0].start
    return begun.pop() if len(begun) == 1 else None


def _round36_job_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    text = clause.text
    for m in _R36_DRIVES.finditer(text):
        subject = _subject(ctx, clause, m.start())
        if subject is None or re.search(r"不|没|别|" + _R36_PLAN.pattern, _prefix(clause, m.start())):
            continue
        title = _R36_VEHICLES[m.group("vehicle")]
        if _R36_RETIRED.search(ctx.text):
            when = _r36_begun(ctx) or ctx.at
            yield replace(ending(ctx, clause, subject, "job_title", title, "zh.r36.drove", m.group()), valid_to=when)
        else:
            yield _fact(subject, "job_title", title, "r36.drives", m.group())
    if _R36_LAID_OFF.search(ctx.text):
        for m in _R36_USED_TO_WORK.finditer(text):
            when = _r36_begun(ctx) or ctx.at
            org, title = _clean(m.group("org")), _clean(m.group("title"))
            for predicate, value in (("works_at", org), ("job_title", title)):
                if predicate == "works_at" and not _org_ok(org):
                    continue
                if predicate == "job_title" and not title_shape_ok(title):
                    continue
                fact = ending(ctx, clause, ctx.speaker_id, predicate, value, "zh.r36.laid_off", m.group())
                yield replace(fact, valid_to=when)
    for m in _R36_WORKS_AS.finditer(text):
        sentence = max(ctx.text.rfind(mark, 0, clause.start) for mark in "。！？!?；;\n") + 1
        head = re.match(rf"\s*我?的?({_REL})", ctx.text[sentence:])
        subject = _subject(ctx, clause, m.start())
        if head and subject in (ctx.speaker_id, None):
            subject = f"{ctx.speaker_id}:{_RELATIONS[head.group(1)]}"
        if subject and title_shape_ok(m.group("title")):
            yield _fact(subject, "job_title", m.group("title"), "r36.works_as", m.group())


# "去年三月开始我在都柏林的谷歌做数据分析": a field of work named as the job done at an employer.
_R36_FIELD_AT = re.compile(
    r"在(?P<org>[\u4e00-\u9fffA-Za-z0-9&]{2,12}?)(?:做|干|搞|负责)"
    r"(?P<title>数据分析|数据挖掘|算法|市场推广|市场|投资|风控|法务|公关|品牌|招聘|培训|用户研究|交互设计|视觉设计)"
    r"(?=[，。！？,.!?\s]|$)"
)


def _round36_field_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _R36_FIELD_AT.finditer(clause.text):
        subject = _subject(ctx, clause, m.start())
        org = _clean(m.group("org"))
        if subject is None or not _org_ok(org) or _R36_PLAN.search(_prefix(clause, m.start())):
            continue
        when = clause.past_time(ctx) if "开始" in clause.text[: m.start()] else None
        yield _fact(subject, "works_at", org, "r36.field_at", m.group(), valid_from=when)
        yield _fact(subject, "job_title", m.group("title"), "r36.field_at.title", m.group(), valid_from=when)


def _round36_home_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    text = clause.text
    for m in _R36_GONE_TO_STUDY.finditer(text):
        place = _clean(m.group("place"))
        if _place_ok(place) and _is_city(place) and not _R36_PLAN.search(m.group()) and not clause.future_time(ctx):
            subject = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel')]}"
            yield _fact(
                subject,
                "lives_in",
                normalize_city(place),
                "r36.gone_to_study",
                m.group(),
                valid_from=clause.past_time(ctx),
            )
    for m in _R36_MOVED_IN_WITH.finditer(text):
        place = _clean(m.group("place"))
        if _place_ok(place) and _is_city(place) and not _R36_PLAN.search(m.group()):
            mover = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel')]}"
            host = f"{ctx.speaker_id}:{_RELATIONS[m.group('host')]}"
            city = normalize_city(place)
            yield _fact(mover, "lives_in", city, "r36.moved_in_with", m.group(), valid_from=clause.past_time(ctx))
            yield _fact(host, "lives_in", city, "r36.moved_in_with.host", m.group())
    for m in _R36_STAYED_YEARS.finditer(text) if not _R36_STAY_OVER.search(ctx.text) else ():
        place = _clean(m.group("place"))
        if _place_ok(place) and _is_city(place):
            yield _fact(ctx.speaker_id, "lives_in", normalize_city(place), "r36.stayed_years", m.group())


def _round36_device_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    text = clause.text
    for m in _R36_OLD_GIVEN_FOR.finditer(text):
        device = _device_name(m.group("device"))
        relation = _RELATIONS[m.group("rel")]
        if relation in ("friend", "colleague", "boss", "neighbor", "roommate", "classmate"):
            continue
        when = _r36_begun(ctx) or ctx.at
        yield replace(
            ending(ctx, clause, ctx.speaker_id, "owns_device", device, "zh.r36.given_for", m.group()), valid_to=when
        )
        yield _fact(f"{ctx.speaker_id}:{relation}", "owns_device", device, "r36.given_for.theirs", m.group())
    for m in _R36_MY_MACHINE_BOUGHT.finditer(text):
        yield _fact(
            ctx.speaker_id,
            "owns_device",
            _device_name(m.group("device")),
            "r36.my_machine_bought",
            m.group(),
            valid_from=clause.past_time(ctx),
        )
    sentence = ctx.text[max(ctx.text.rfind(mark, 0, clause.start) for mark in "。！？!?；;\n") + 1 : clause.start]
    for rx in (_R36_USES_IS, _R36_MINE_IS):
        for m in rx.finditer(text) if rx is _R36_MINE_IS or not _R36_SOMEONE.search(sentence + text) else ():
            device = _device_name(m.group("device"))
            if rx is _R36_MINE_IS and not re.search(r"\d", device):
                continue
            yield _fact(ctx.speaker_id, "owns_device", device, "r36.uses_is", m.group())


def _round36_profile_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    text = clause.text
    for m in _R36_CONSIGNEE.finditer(text):
        subject = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel')]}"
        yield _fact(subject, "name", m.group("name"), "r36.consignee", m.group())
        phones = [i for i in ctx.identifiers if i.kind == "phone" and i.span[0] >= clause.start + m.end()]
        if len(phones) == 1:
            yield _fact(subject, "phone", contact_value("phone", phones[0]), "r36.consignee.phone", m.group())
    for m in _R36_PUSH_APP.finditer(text):
        yield _fact(ctx.speaker_id, "preferred_notification_channel", "app", "r36.push_app", m.group())
    for m in _R36_THEME_BACK.finditer(text):
        yield _fact(ctx.speaker_id, "preferred_theme", _R36_THEMES[m.group("theme")], "r36.theme_back", m.group())
    for m in _R36_CARRIER.finditer(text):
        carrier = _R36_CARRIERS[m.group("carrier")]
        yield _fact(ctx.speaker_id, "preferred_shipping_carrier", carrier, "r36.carrier", m.group())
    for m in _R36_PAY_NOW.finditer(text):
        yield _fact(
            ctx.speaker_id, "preferred_payment_method", _R36_PAY_NAMES[m.group("pay")], "r36.pay_now", m.group()
        )
    for m in _R36_PAY_CANCELLED.finditer(text):
        pay = _R36_PAY_NAMES.get(m.group("pay"), m.group("pay"))
        yield ending(ctx, clause, ctx.speaker_id, "preferred_payment_method", pay, "zh.r36.pay_cancelled", m.group())


def _round36_address_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    text = clause.text
    for m in _R36_LATIN_ADDRESS.finditer(text):
        when = _r36_begun(ctx) if _R36_MOVED_INTO.search(ctx.text) else None
        yield _fact(ctx.speaker_id, "address", _clean(m.group("addr")), "r36.latin_address", m.group(), valid_from=when)
    if re.search(r"地址|住址", ctx.text[: clause.start + len(text)]):
        for m in _R36_AFTER_COLON.finditer(text):
            addr = _ADDRESS_TAIL.sub("", _clean(m.group("addr")))
            if (
                _ADDRESS_SHAPE.search(addr)
                and re.search(r"\d", addr)
                and not re.search(r"寄到|送到|发到", text[: m.start()])
            ):
                yield _fact(ctx.speaker_id, "address", addr, "r36.after_colon", m.group())


def _round36_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    yield from _round36_job_facts(ctx, clause)
    yield from _round36_field_facts(ctx, clause)
    yield from _round36_home_facts(ctx, clause)
    yield from _round36_device_facts(ctx, clause)
    yield from _round36_profile_facts(ctx, clause)
    yield from _round36_address_facts(ctx, clause)


# "我女朋友林晓雯在乐天做翻译": a partner named by full name is a subject of their own (no name fact then); one named
# by a first name or a pet name ("我女朋友Jessica", "我男朋友阿伦") stays the relation, with the name told.
_R36_FULL_NAME = re.compile(rf"(?![阿小老])[{_SURNAMES}][\u4e00-\u9fff]{{1,2}}")
_R36_PARTNERS = frozenset({"girlfriend", "boyfriend"})
# "在园区的博世上班", "在都柏林的谷歌做数据分析": the place before 的 is where the employer's site is.
_R36_PLACE_OF_EMPLOYER = re.compile(
    r"^(?P<place>[\u4e00-\u9fff]{2,6})的(?P<org>[\u4e00-\u9fffA-Za-z][\u4e00-\u9fffA-Za-z0-9&.-]{1,15})$"
)
_R36_AREA_WORDS = frozenset(
    {"园区", "市里", "城里", "本地", "附近", "楼下", "隔壁", "老家", "镇上", "县里", "厂区", "开发区"}
)
# "在纽约法拉盛自己开诊所": one's own business is no employer named.
_R36_OWN_BUSINESS = re.compile(r"自己开|自己办|自己干|自己做")
# "我们一家就住在苏州工业园区了": the household, the spouse the turn names among them.
_R36_HOUSEHOLD = re.compile(r"我们(?:一家|全家|一家人|一家[三四五六]口|家)(?:人)?(?:现在|就|都|也|已经)*住")
_R36_SPOUSE = re.compile(r"我的?(?P<rel>老公|老婆|丈夫|妻子|太太|先生|爱人|媳妇)")


def _r36_reread(fact: CandidateFact, names: dict[str, str]) -> CandidateFact | None:
    """One fact with its named partner as subject, its employer without the site's place (or none of one's own)."""
    if fact.subject in names:
        if fact.predicate == "name":
            return None
        fact = replace(fact, subject=names[fact.subject])
    if fact.predicate == "works_at" and fact.valid_to is None:
        if _R36_OWN_BUSINESS.search(fact.value):
            return None
        site = _R36_PLACE_OF_EMPLOYER.match(fact.value)
        if site and (site.group("place") in _R36_AREA_WORDS or _is_city(site.group("place"))):
            return replace(fact, value=site.group("org"))
    return fact


def _r36_read_already(fact: CandidateFact, told: set[tuple[str, str, str]], kinds: set[tuple[str, str]]) -> bool:
    if (fact.subject, fact.predicate, fact.value) in told:
        return True
    return fact.predicate in ("address", "preferred_theme") and (fact.subject, fact.predicate) in kinds


def _round36_settled(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    """Round 36's readings of the whole turn: subjects, values and homes other rules read in part."""
    names = {
        f.subject: f.value
        for f in facts
        if f.predicate == "name" and f.subject.split(":")[-1] in _R36_PARTNERS and _R36_FULL_NAME.fullmatch(f.value)
    }
    # (what another rule read already stands: round 36 adds no second reading of the same thing, and no second
    # address or theme beside one read)
    told = {(f.subject, f.predicate, f.value) for f in facts if not f.rule.startswith("zh.r36.")}
    kinds = {(f.subject, f.predicate) for f in facts if not f.rule.startswith("zh.r36.")}
    facts = [f for f in facts if not f.rule.startswith("zh.r36.") or not _r36_read_already(f, told, kinds)]
    out = [g for g in (_r36_reread(f, names) for f in facts) if g is not None]
    # (the relative moved in with lived there before: the move dates the mover's home only)
    out = [
        replace(f, valid_from=None, ends_previous=False) if f.rule == "zh.r36.moved_in_with.host" else f for f in out
    ]
    for m in _R36_NAME_RIGHT.finditer(ctx.text):
        if not any(f.subject == ctx.speaker_id and f.predicate == "name" for f in out):
            out.append(_fact(ctx.speaker_id, "name", m.group("name"), "r36.name_right", m.group()))
    household = _R36_HOUSEHOLD.search(ctx.text)
    spouses = {_RELATIONS[m.group("rel")] for m in _R36_SPOUSE.finditer(ctx.text)}
    if household and len(spouses) == 1:
        spouse = f"{ctx.speaker_id}:{spouses.pop()}"
        homes = [f for f in out if f.subject == ctx.speaker_id and f.predicate == "lives_in" and f.valid_to is None]
        if len(homes) == 1 and not any(f.subject == spouse and f.predicate == "lives_in" for f in out):
            out.append(replace(homes[0], subject=spouse, rule="zh.r36.household"))
    # "她宿舍地址是 …": the address of the one relative the pronoun points back to.
    pointed = re.search(r"(?:她|他)(?:的)?(?:宿舍|家|新|学校)?(?:的)?(?:地址|住址)", ctx.text)
    relatives = (
        {_RELATIONS[m.group(1)] for m in _RELATIVE_EARLIER.finditer(ctx.text, 0, pointed.start())} if pointed else set()
    )
    if pointed and len(relatives) == 1:
        relative = f"{ctx.speaker_id}:{relatives.pop()}"
        out = [
            replace(f, subject=relative)
            if f.subject == ctx.speaker_id and f.predicate == "address" and ctx.text.find(f.value) > pointed.start()
            else f
            for f in out
        ]
    return out


# ---------------------------------------------------------------------------- round 37
# "以后所有快递都寄到…": all of the speaker's own parcels (所有 alone may be everyone's: 所有用户).
_R37_ALL_MY_PARCELS = re.compile(r"(?:所有|全部)(?:的)?(?=快递|包裹|订单|东西|货|件)")
_R37_ONCE_WORDS = r"这单|这一单|这个订单|这次|这一次|这回|这一回|这个包裹|本次"
# "这单能不能发顺丰？": a carrier asked for one order, as a question.
_R37_CARRIER_ASKED = re.compile(
    rf"(?:{_R37_ONCE_WORDS})(?:的?快递)?(?:能不能|可不可以|能否|可以|能)(?:帮我|给我)?(?:改|换)?(?:发|走|用|成)\s*"
    rf"(?P<carrier>{_CARRIER_NAMES})"
)
# "这回就要CSV的": a file's format for this once, wanted with 就.
_R37_FORMAT_ONCE = re.compile(
    rf"(?:{_R37_ONCE_WORDS})(?:就|只|还是)?(?:要|用|导|导出|给我)(?:成)?\s*(?P<fmt>(?i:csv|pdf|excel|xlsx|word|json))(?:的|格式|版)?"
)
# "招行那张信用卡已经注销了": a card (named by its bank) given up, so no way to pay any more.
_R37_CARD_CLOSED = re.compile(
    r"(?P<bank>招行|工行|建行|农行|中行|交行|招商银行|工商银行|建设银行|农业银行|中国银行|交通银行|浦发|中信|民生|兴业|光大|平安)?"
    r"(?:的|那张|这张|那个)?(?P<pay>信用卡|银行卡|储蓄卡|借记卡)(?:已经|已|早就|刚)?(?:注销|销户|停用|剪掉|作废)(?:了|掉了)"
)
# "有事先发邮件：…", "有急事就发邮件到 …": the e-mail the speaker is reached on.
_R37_MAIL_ME = re.compile(
    r"(?:有事|有急事|找我|联系我)(?:的话)?(?:请|就|先|可以|都)*(?:发|给我发)(?:邮件|邮箱|电邮|(?i:e-?mail))"
    r"(?:到|给我|至)?\s*[：:]?\s*$"
)
# "我同老婆上個禮拜搬咗去將軍澳", "我和老公上周搬到了杭州": the relative moved together with the speaker.
_R37_MOVED_TOGETHER = re.compile(
    rf"我(?:和|跟|同|與|与)(?:我)?(?:的)?(?P<rel>{_REL})(?:一起)?[^，。！？]{{0,8}}?(?:搬|遷|迁|移居)"
)
# "…，去年三月过来的", "去年三月外派过来的": the time the speaker came to the place named before.
_R37_CAME_OVER = re.compile(r"(?:^|(?<=[，,]))\s*(?:是)?(?P<when>[^，。！？]{2,8}?)(?:被)?(?:外派|调|派|搬|嫁)?过来的")
_R37_HERE_AT = re.compile(r"我(?:现在|目前)?在(?P<place>[\u4e00-\u9fff]{2,6}?)(?:的|工作|上班|做|读|这边|[，,])")
# "…抄送一份给我们财务李婷，liting@…": a colleague named with the post, and the contact told right after.
_R37_COLLEAGUE_CONTACT = re.compile(
    r"我们(?:公司|单位|部门)?(?:的)?(?P<title>财务|会计|出纳|行政|人事|HR|采购|前台|助理|秘书|法务)"
    rf"{_PERSON_NAME}(?=[，,：:\s]*[A-Za-z0-9._%+-]+@|[，,：:\s]*1\d{{10}})"
)
# "我是在巴西做外贸的": the trade done in a place, the place the speaker's home.
_R37_TRADE_IN = re.compile(
    r"我(?:现在|目前|自己)?是在(?P<place>[\u4e00-\u9fff]{2,6}?)(?:做|干|搞)(?P<trade>" + _TRADE_FIELDS + r")的"
)
_R37_COUNTRIES = frozenset(
    {"巴西", "阿根廷", "智利", "秘鲁", "墨西哥", "美国", "加拿大", "英国", "法国", "德国", "意大利", "西班牙", "葡萄牙"}
    | {"荷兰", "日本", "韩国", "泰国", "越南", "马来西亚", "新加坡", "印尼", "印度", "澳洲", "澳大利亚", "新西兰"}
    | {"南非", "尼日利亚", "肯尼亚", "埃及", "迪拜", "阿联酋", "沙特", "俄罗斯", "土耳其", "菲律宾", "柬埔寨", "老挝"}
)


# ("那套房子昨天卖掉了": a time whose phrase tells of a home sold)
_R37_SOLD = re.compile(r"[^，,。！？；]{0,12}?(?:卖|售出|出手|过户)")


def _r37_home_place(place: str) -> str | None:
    if not _place_ok(place):
        return None
    return normalize_city(place) if _is_city(place) else place if place in _R37_COUNTRIES else None


def _round37_asked_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    """A question that asks for one order's carrier."""
    for m in _R37_CARRIER_ASKED.finditer(clause.text):
        carrier = _CARRIERS_FOLDED.get(m.group("carrier").casefold(), m.group("carrier"))
        yield _fact(
            ctx.speaker_id,
            "preferred_shipping_carrier",
            carrier,
            "r37.carrier_asked",
            m.group(),
            lasting=False,
            confidence=ONE_OFF_CONFIDENCE,
        )


def _round37_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    text = clause.text
    for m in _R37_FORMAT_ONCE.finditer(text):
        fmt = m.group("fmt")
        value = {"xlsx": "Excel", "excel": "Excel", "word": "Word"}.get(fmt.lower(), fmt.upper())
        yield _fact(
            ctx.speaker_id,
            "preferred_export_format",
            value,
            "r37.format_once",
            m.group(),
            lasting=False,
            confidence=ONE_OFF_CONFIDENCE,
        )
    for m in _R37_CARD_CLOSED.finditer(text):
        pay = f"{m.group('bank')}{m.group('pay')}" if m.group("bank") else _PAYMENTS.get(m.group("pay"), m.group("pay"))
        if _subject(ctx, clause, m.start()) in (ctx.speaker_id, None):
            yield ending(ctx, clause, ctx.speaker_id, "preferred_payment_method", pay, "zh.r37.card_closed", m.group())
    emails = clause.identifiers(ctx, "email")
    for mention in emails:
        before = ctx.text[clause.start : mention.span[0]]
        asked = _R37_MAIL_ME.search(before)
        # ("有事别发邮件：…": the address refused)
        if asked and not re.search(r"不|别|没", asked.group()):
            yield _fact(ctx.speaker_id, "email", contact_value("email", mention), "r37.mail_me", before + mention.text)
    for m in _R37_TRADE_IN.finditer(text):
        yield _fact(ctx.speaker_id, "job_title", m.group("trade"), "r37.trade_in", m.group())
        home = _r37_home_place(m.group("place"))
        if home:
            yield _fact(ctx.speaker_id, "lives_in", home, "r37.trade_in.home", m.group())


def _round37_settled(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    """Round 37's readings of the whole turn: the relative who moved with the speaker, the time one came to the
    place one is in, a home said now beside a dated sale, a colleague's contact."""
    if _HYPOTHETICAL.search(ctx.text):
        return facts
    homes = [f for f in facts if f.subject == ctx.speaker_id and f.predicate == "lives_in" and f.valid_to is None]
    for m in _R37_MOVED_TOGETHER.finditer(ctx.text):
        relation = _RELATIONS[m.group("rel")]
        kin = f"{ctx.speaker_id}:{relation}"
        if (
            len(homes) == 1
            and m.group("rel") not in _ACQUAINTANCES
            and not any(f.subject == kin and f.predicate == "lives_in" for f in facts)
        ):
            facts.append(replace(homes[0], subject=kin, rule="zh.r37.moved_together"))
    # ("…搬到了杭州，我爸妈还留在苏州": the relative who stayed lived there before; the move dates the speaker's home)
    for f in [f for f in facts if f.predicate == "lives_in" and f.subject != ctx.speaker_id and f.valid_from]:
        at = ctx.text.find(f.evidence_text)
        if f.evidence_text.startswith("留") and re.search(r"(?:还|仍|仍然|依然|继续)$", ctx.text[max(0, at - 3) : at]):
            facts = [replace(g, valid_from=None, ends_previous=False) if g is f else g for g in facts]
    # ("广州那套房子昨天卖掉了，我现在常住佛山": the day dates the sale; the home is said as now, with no move)
    sold = [t for t in ctx.times if _R37_SOLD.match(ctx.text, t.span[0])]
    if sold and not _MOVE_TOLD.search(ctx.text) and not re.search(r"搬|迁|移居|过来|过去", ctx.text):
        for f in [f for f in facts if f.predicate == "lives_in" and f.valid_from is not None and f.valid_to is None]:
            at = ctx.text.find(f.evidence_text)
            phrase_start = max(ctx.text.rfind(mark, 0, max(at, 0)) for mark in "，,。！？；") + 1
            phrase = ctx.text[phrase_start : at + len(f.evidence_text)] if at >= 0 else ""
            if re.search(r"现在|目前|如今", phrase) and not any(
                phrase_start <= t.span[0] < at + len(f.evidence_text) for t in ctx.times
            ):
                facts = [replace(g, valid_from=None, ends_previous=False) if g is f else g for g in facts]
    came = _R37_CAME_OVER.search(ctx.text)
    times = [t for t in ctx.times if came and came.start("when") <= t.span[0] < came.end("when") and t.start <= ctx.at]
    if came and len(times) == 1:
        when = times[0].start
        if len(homes) == 1 and homes[0].valid_from is None:
            facts = [replace(f, valid_from=when) if f is homes[0] else f for f in facts]
        elif not homes:
            here = list(_R37_HERE_AT.finditer(ctx.text, 0, came.start()))
            place = _r37_home_place(here[-1].group("place")) if here else None
            if place:
                facts.append(_fact(ctx.speaker_id, "lives_in", place, "r37.came_over", came.group(), valid_from=when))
    for m in _R37_COLLEAGUE_CONTACT.finditer(ctx.text):
        name = m.group("name")
        mention = next(
            (i for i in ctx.identifiers if i.kind in ("email", "phone") and m.end() <= i.span[0] <= m.end() + 3), None
        )
        if mention is None:
            continue
        value = contact_value(mention.kind, mention)
        facts = [f for f in facts if not (f.predicate == mention.kind and f.value == value)]
        facts.append(_fact(name, mention.kind, value, "r37.colleague_contact", m.group() + mention.text))
        facts.append(_fact(name, "job_title", m.group("title"), "r37.colleague_title", m.group()))
    return facts


# ------------------------------------------------------------------------------------------ round 40
# A relative said to live with the speaker's household, in a phrase with no place: "爸爸妈妈都同我们一起住",
# "我外婆也跟我们住": the relative's home is the one the turn gives the speaker (not "不跟我们住", nor "想跟我们住").
_R40_LIVES_WITH_US = re.compile(
    rf"(?:^|(?<=[，,。！]))\s*(?:我的?)?(?P<rel>{_REL})(?:现在|目前|也|都|一直|平时)*(?:跟|和|同|与)我们?"
    r"(?:一起|一块儿?)?(?:住|生活)(?:了)?(?=[，,。！!]|$)"
)
# A device opening the turn, gone wrong, with nothing else said of it: "华为Mate 60 Pro三天前进水了，送去修了" is the
# speaker's (times are blanked). (Not a question about such a fault: "iPhone 15进水了怎么办".)
_R40_FAULT_OPENS = re.compile(
    r"^\s*" + _DEVICE + r"\s*(?:又|突然|昨天|刚|也)?(?:摔|弄|泡)?(?:" + _FAULTY + r"|电池鼓包了?|屏幕(?:碎|裂|花)了)"
)
# (Nor one asked whether it can be mended: "Switch上个月摔坏了，还能修吗？" says nothing of keeping it, round 9.)
_R40_FAULT_ASKED = re.compile(
    r"怎么办|会不会|是不是|为什么|正常吗|有没有人|一般|(?:能|可以|可不可以|能不能)(?:修|换)|修得好|还有救"
)
# Worked at, told by the shifts worked there: "在协和医院经常上夜班", "在机场值夜班" (not "想在…上夜班").
_R40_SHIFTS_AT = re.compile(
    _AT
    + _ORG
    + r"(?:经常|常常|老是|总是|一直|也|都|主要)?(?:上|值|倒|轮)(?:夜班|白班|早班|晚班|大夜班|小夜班)"
    + r"(?![\u4e00-\u9fff]*[吗呢？?])"
)
# The speaker to be reached by a call on a number given: "要联系我请直接打 0912-345-678" (a channel and a number).
_R40_CALL_ME_ON = re.compile(
    r"(?:要|想)?(?:联系|联络|找)我(?:的话)?[，,]?\s*(?:请|就|都|可以|麻烦)*(?:直接)?(?:打|拨打|拨)\s*(?:我的?)?(?:手机|电话)?\s*$"
)
# The mailbox changed, the new one after: "上周一刚换了邮箱，新的是 …" (dated by the change).
_R40_NEW_MAIL = re.compile(
    r"(?:换了|改了|换成了?)(?:个|一个)?(?:新的?)?(?:邮箱|邮件地址|(?i:e-?mail))(?:地址)?了?[，,]\s*(?:新的?|现在的?)(?:邮箱)?(?:是|为|：|:)\s*$"
)
# A kind of thing not to be pushed to the speaker any more: "以后游戏卡别推给我了", "那个电视盒子的广告别再推给我了".
_R40_DONT_PUSH = re.compile(
    r"(?:^|(?<=[，,。！]))\s*(?:以后|今后|往后)?(?:那个|这个|那些|这些|这类|那类)?"
    r"(?P<what>[\u4e00-\u9fffA-Za-z0-9]{2,10}?)(?:就|都|也)?(?:别|不要)(?:再)?(?:推|推荐|推送)(?:给我)(?:了)?"
    r"(?=好吗|行吗|[，,。！!]|$)"
)
# When a delivery is wanted: "快递最好晚上送", "包裹周末送" (not "快递晚上送到了", a delivery that came).
_R40_DELIVERY_WHEN = re.compile(
    r"(?:^|(?<=[，,。！]))\s*(?P<wish>(?:快递|包裹|送货)(?:最好|尽量|请|都|一律)?(?:在)?"
    r"(?:晚上|白天|周末|工作日|上午|下午|傍晚|中午)(?:再)?(?:送|派送|配送|送货|送过来|送来))(?!到|了)(?=[，,。！!吧]|$)"
)
# A relative's or the speaker's device of a kind, lost or stolen: "我兒子的平板上個月被偷了" (times are blanked).
_R40_KIND_LOST = re.compile(
    rf"(?:^|(?<=[，,。！]))\s*我的?(?:(?P<rel>{_REL})的?)?(?:那[台部个块只])?\s*(?P<noun>{_NOUNS})\s*(?:已经|也|刚)?\s*"
    r"(?:被(?:人)?(?:偷|抢)(?:走)?了|(?:弄|搞)?丢了)"
)
# A card given up, pointed at: "那张信用卡不用了", "旧的银行卡已经注销了" (not "信用卡不用了，这次付现金").
_R40_CARD_DROPPED = re.compile(
    r"(?:那张|这张|旧的?|原来的?|之前的?|以前的?)(?P<pay>信用卡|银行卡|储蓄卡)我?(?:已经|以后|就|早就)?"
    r"(?:不用了|不再用了|不会再用了|停用了|注销了|销掉了)"
)
# An address given, then the move into it dated after: "新地址係…，上個禮拜先搬入嚟" (入来 is Cantonese 进来).
_R40_MOVED_IN_AFTER = re.compile(r"\s*(?:刚|才|先|就|已经)?(?:搬进来|搬入来|搬过来|住进来|搬进去|搬入去|入住)了?")
# An address in Latin letters closed by a five-digit postcode and its town (Malaysia): "下个月开始是 No. 12, Jalan
# SS2/55, 47300 Petaling Jaya".
_R40_LATIN_ADDRESS = re.compile(
    r"(?:地址|住址)[^。！？\n]{0,14}?(?:是|为|：|:)\s*"
    r"(?P<addr>(?:No\.?\s*)?\d[A-Za-z0-9 ,.'#/-]{5,80}?,?\s\d{5}\s[A-Z][a-z]+(?:\s[A-Z][a-z]+){0,2})(?![\w-])"
)
# An address set right: "地址门牌写错了，是体育西路103号维多利广场B座2205，不是2250".
_R40_ADDRESS_RIGHT = re.compile(
    r"(?:地址|住址|门牌)[^，。！？]{0,6}?(?:写错了|填错了|打错了|错了)[，,]\s*(?:应该|正确的)?(?:是|为)\s*[：:]?\s*"
    r"(?P<addr>(?:(?!不是)[\u4e00-\u9fffA-Za-z0-9\-#]){6,40})(?=[，,。！]|$)"
)
# (A street and its number: "体育西路103号…", not only the number set right, "15号不是51号".)
_R40_STREET_NUMBER = re.compile(r"(?:路|街|道|巷|弄)\d+号")
# A number named, then taken back: "139 1688 2074，不对不对，是139 1688 2047" (the first is not the speaker's).
_R40_TAKEN_BACK = re.compile(r"\s*[，,]?\s*(?:不对|不是|错了|说错了|打错了)(?:不对|不是)?[，,]\s*(?:应该)?是")


def _round40_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    text = clause.text
    for m in _R40_SHIFTS_AT.finditer(text):
        org = _clean(m.group("org"))
        subject = _subject(ctx, clause, m.start())
        prefix = _prefix(clause, m.start())
        if re.search(r"不|没|别", prefix[-3:]) or _PLAN.search(prefix) or _PAST.search(prefix):
            continue  # "我不在医院上夜班了", "以前在医院上夜班"
        if subject and _org_ok(org) and not _is_kind_of_employer(org):
            yield _fact(subject, "works_at", org, "r40.shifts_at", m.group())
    for mention in clause.identifiers(ctx, "phone"):
        call = _R40_CALL_ME_ON.search(text[: mention.span[0] - clause.start])
        if call is not None and not named_as_wrong(ctx, mention):
            yield _fact(ctx.speaker_id, "phone", contact_value("phone", mention), "r40.call_me_on", call.group())
            yield _fact(
                ctx.speaker_id,
                "preferred_notification_channel",
                normalize_channel("电话"),
                "r40.call_me_on",
                call.group(),
            )
    for mention in clause.identifiers(ctx, "email"):
        changed = _R40_NEW_MAIL.search(text[: mention.span[0] - clause.start])
        if changed is not None and not _PLAN.search(text[: changed.start()]):
            yield _fact(
                ctx.speaker_id,
                "email",
                contact_value("email", mention),
                "r40.new_mail",
                changed.group(),
                valid_from=clause.past_time(ctx),
                ends_previous=True,
            )
    for m in _R40_DONT_PUSH.finditer(text):
        what = re.sub(r"^(?:你们?|把|给我)", "", m.group("what"))
        # ("那边的门店别再推给我": the shops of a town left, said of the town, not a kind of thing.)
        if len(what) >= 2 and not re.search(r"我|你|他|她|那边|这边|那里|这里|附近|当地", what):
            said = text[m.start("what") : m.end()].removesuffix("了")
            yield _fact(ctx.speaker_id, "preference", said, "r40.dont_push", m.group())
    for m in _R40_DELIVERY_WHEN.finditer(text):
        once = _THIS_TIME.search(text) is not None
        yield _fact(ctx.speaker_id, "preference", m.group("wish"), "r40.delivery_when", m.group(), lasting=not once)
    for m in _R40_CARD_DROPPED.finditer(text):
        yield ending(
            ctx, clause, ctx.speaker_id, "preferred_payment_method", m.group("pay"), "zh.r40.card_dropped", m.group()
        )
    for m in _R40_LATIN_ADDRESS.finditer(text):
        when = _starts_on(ctx, clause)
        yield _fact(ctx.speaker_id, "address", m.group("addr").strip(), "r40.latin_address", m.group(), valid_from=when)
    for m in _R40_ADDRESS_RIGHT.finditer(text):
        if _R40_STREET_NUMBER.search(m.group("addr")):
            yield _fact(ctx.speaker_id, "address", m.group("addr"), "r40.address_right", m.group(), ends_previous=True)
    for m in _R40_KIND_LOST.finditer(clause.without_times(ctx)):
        rel = m.group("rel")
        if rel in _ACQUAINTANCES:
            continue
        subject = f"{ctx.speaker_id}:{_RELATIONS[rel]}" if rel else ctx.speaker_id
        yield ending(ctx, clause, subject, "owns_device", m.group("noun"), "zh.r40.kind_lost", m.group())


def _round40_endings_said_once(facts: list[CandidateFact]) -> list[CandidateFact]:
    """An ending by kind ("手表丢了", "信用卡注销了") beside the same ending by name from an older rule ("Apple Watch
    S8", "工行信用卡") is said once: the kind is dropped when it is part of another ending's value, or both are
    devices."""
    kind_rules = ("zh.r40.kind_lost", "zh.r40.card_dropped")
    named = [f for f in facts if f.valid_to is not None and f.rule not in kind_rules]
    return [
        f
        for f in facts
        if not (
            f.rule in kind_rules
            and any(
                n.subject == f.subject
                and n.predicate == f.predicate
                and (f.value in n.value or f.predicate == "owns_device")
                for n in named
            )
        )
    ]


def _round40_settled(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    out = _round40_endings_said_once(list(facts))
    homes = [f for f in out if f.subject == ctx.speaker_id and f.predicate == "lives_in" and f.valid_to is None]
    for m in _R40_LIVES_WITH_US.finditer(ctx.text):
        rel = m.group("rel")
        if rel in _ACQUAINTANCES or re.search(r"不|没|想|要|打算|准备", m.group()) or len(homes) != 1:
            continue
        relative = f"{ctx.speaker_id}:{_RELATIONS[rel]}"
        if not any(f.subject == relative and f.predicate == "lives_in" for f in out):
            out.append(
                replace(homes[0], subject=relative, rule="zh.r40.lives_with_us", evidence_text=m.group().strip())
            )
    bare = Clause(ctx.text, 0).without_times(ctx)
    opening = _R40_FAULT_OPENS.match(bare)
    if opening is not None and not _R40_FAULT_ASKED.search(ctx.text) and not _QUESTION.search(opening.group()):
        device = _device_name(opening.group("device"))
        if not any(f.predicate == "owns_device" for f in out):
            out.append(_fact(ctx.speaker_id, "owns_device", device, "r40.fault_opens", opening.group(), confidence=0.8))
    # The address undated, the move into it dated in the phrase after: the address holds from that day.
    moved_in = next(
        (t for t in ctx.times if t.start <= ctx.at and _R40_MOVED_IN_AFTER.match(ctx.text, t.span[1])), None
    )
    if moved_in is not None:
        out = [
            replace(f, valid_from=moved_in.start)
            if f.predicate == "address"
            and f.subject == ctx.speaker_id
            and f.valid_from is None
            and f.lasting
            and 0 <= ctx.text.find(f.value) < moved_in.span[0]
            else f
            for f in out
        ]
    # A contact named, then taken back for another: only the one said after stands.
    taken_back = {
        contact_value(i.kind, i)
        for i in ctx.identifiers
        if i.kind in ("phone", "email") and _R40_TAKEN_BACK.match(ctx.text, i.span[1])
    }
    if taken_back:
        out = [f for f in out if not (f.predicate in ("phone", "email") and f.value in taken_back)]
    # What the round-40 rules read again of what another rule read already stands once.
    told = {(f.subject, f.predicate, f.value.casefold()) for f in out if not f.rule.startswith("zh.r40.")}
    kinds = {(f.subject, f.predicate) for f in out if not f.rule.startswith("zh.r40.")}
    return [
        f
        for f in out
        if not f.rule.startswith("zh.r40.")
        or (
            (f.subject, f.predicate, f.value.casefold()) not in told
            and (
                f.predicate not in ("preference", "phone", "email", "works_at", "address")
                or (f.subject, f.predicate) not in kinds
            )
        )
    ]


# ------------------------------------------------------------------------------------------ round 42
# A relative named in apposition, then a phone number: "收件人改成我妈，刘秀英，电话136…", "紧急联系人：我女儿，
# 周晓雯，159…", "联系人写我老公王建国 138…": the name and the number are the relative's. (Not an acquaintance:
# "我同事，李雷，138…" is read by the older rules, which make the named person the subject.)
_R42_KIN_NAME_NUMBER = re.compile(
    rf"我的?(?P<rel>{_REL})[，,、：:\s]*{_PERSON_NAME}[，,、：:\s]*"
    r"(?:(?:的)?(?:电话|手机|手机号|号码|联系电话|联系方式)(?:号码)?(?:是|为)?\s*[：:]?\s*)?$"
)
# The speaker's job at "our company", the company left unnamed: "我是我们公司的系统管理员" (a title, no employer; not
# "我是我们群的管理员", where 我们 is a chat group, nor an account role: "我是我们公司的管理员").
_R42_TITLE_AT_OUR_FIRM = re.compile(
    r"我(?:现在|目前|就|也)?是我们(?:公司|单位|厂|医院|学校|集团|部门)的" + _TITLE + r"(?=[，。！？,.!?\s]|$|了)"
)
# An employer left, said without a verb of work: "被公司裁了，已经不在平安保险了", "我早就不在京东了" (only in a turn
# about work, and not a town: "已经不在北京了" is a home, read elsewhere; "不在中石化上班了" is read by older rules).
_R42_NO_LONGER_AT = re.compile(r"(?:已经|早就|早已|现在|目前)?不在" + _ORG + r"了(?=[，。！？,.!?\s]|$)")
_R42_WORK_TOLD = re.compile(r"裁员?|离职|辞职|辞了|辞退|开除|被炒|失业|公司|单位|上班|工作")
# (With the next job told, the sets label the new employer alone: "我不在比亚迪了，上个月跳槽去了宁德时代".)
_R42_NEXT_JOB_TOLD = re.compile(r"跳槽|入职|新工作|新东家|换工作|换了工作|加入了|去了|到了|(?i:offer)")
# A device given to the speaker as a present: "老公送了我一个戴森吹风机当生日礼物", "我姐送我一台Kindle" (not "想送我",
# "要送我", "没送我", nor "送了我妈一台…", which is the mother's).
_R42_GIVEN_TO_ME = re.compile(rf"(?<![想要没不])送(?:了)?(?:给)?我(?:一)?[台部个只块副]?\s*{_DEVICE}")
# The interface's language named in English inside the Chinese: "界面language改成English" (界面语言).
_R42_UI_LANGUAGE_LATIN = re.compile(
    rf"(?:界面|系统|app|App|APP)\s*(?i:language)\s*(?:改成|换成|设成|设为|切成|切换成|改为)\s*(?P<lang>{_LANGUAGE_NAMES})"
)
# A script asked for by turning the text into it: "可不可以转做繁体？" (Cantonese 转做 is 转成), "能转成简体吗".
_R42_TURN_INTO = re.compile(
    r"^\s*(?:请问)?(?:可以|能|能不能|可不可以|能否|麻烦)?(?:帮我|给我)?(?:全部|都)?(?:转成|转做|转为|转换成|转去)"
    r"(?P<script>繁体中文|繁体字?|简体中文|简体字?)(?=[吗呢？?，,。！!吧]|$|好吗|行吗|得不得)"
)
_R42_SCRIPTS = {
    "繁体": "繁体中文",
    "繁体字": "繁体中文",
    "繁体中文": "繁体中文",
    "简体": "zh",
    "简体字": "zh",
    "简体中文": "zh",
}
# A relative moved into a home for the old, the town named: "我奶奶上周一住进了苏州的养老院" (a hospital is no home).
_R42_INTO_CARE_HOME = re.compile(
    rf"我的?(?P<rel>{_REL})\s*(?:已经|刚|也)?\s*(?:住进|搬进|入住)(?:了|到)?(?P<town>[\u4e00-\u9fff]{{2,4}}?)(?:市)?的?"
    r"(?:[\u4e00-\u9fff]{0,4})(?:养老院|敬老院|老年公寓|护理院|福利院|疗养院)"
)
# ... and her things sent on to an address: "以后她的东西寄到：…" (the one relative the turn names).
_R42_HER_THINGS_TO = re.compile(
    r"(?:他|她)(?:的)?(?:东西|快递|包裹|药|信)(?:都|就|以后)?(?:寄到|送到|寄去|送去|发到)\s*[：:]?\s*"
    r"(?P<addr>[^，。！？；\n]{6,60})"
)
# Parcels sent from now on to a relative's home, the address after the colon: "以后包裹都寄到我爸妈家：台中市…".
_R42_TO_KIN_HOME = re.compile(rf"(?:寄到|送到|发到|寄)我的?(?P<rel>{_REL})(?:的)?家\s*[：:]")

# A move on a day still to come, said as settled with 就…了: "下周一我就搬到厦门思明区了", "月底我们就搬去成都了" holds
# from that day (not "就要搬到…去了", which heldout3 leaves a plan; nor "可能", "打算", "如果"…: see _PLAN and
# _HYPOTHETICAL).
_R42_SETTLED_MOVE = re.compile(
    r"我(?:们|们家|们一家)?\s*(?:就|也就)\s*(?:搬到|搬去|搬回)(?:了)?(?P<place>[\u4e00-\u9fff]{2,8}?)(?:去|住)?了"
    r"(?=[，。！,.!]|$)"
)
# A present for a relative, the relative named before and pointed back to: "儿子考完试，给他买了台联想小新Pro 16".
_R42_BOUGHT_FOR_HIM = re.compile(
    rf"(?:给|帮|替|为)(?:他|她)(?:新)?(?:买|换|配|入|订)了(?:一)?[台部个只块副]?\s*{_DEVICE}"
)
_R42_KIN_OPENS = re.compile(rf"^\s*(?:我的?)?(?P<rel>{_REL})")
# The speaker's own shop or firm, opened and named: "我自己在郑州开了家奶茶店，叫『茶遇』", "我开了家花店，店名叫花语"
# (the speaker's work is the named shop; "我爸开了家…" is the father's, "想开家…" a plan).
_R42_OWN_SHOP_NAMED = re.compile(
    r"我(?:自己)?(?:在[\u4e00-\u9fff]{2,8}?)?开了(?:一)?家[\u4e00-\u9fff]{0,4}?(?:店|馆|铺|超市|工作室|餐厅|公司|厂)[，,]\s*"
    r"(?:店名|名字|名称)?(?:就)?叫(?:做)?\s*[『「“\"]?(?P<name>[\u4e00-\u9fffA-Za-z0-9]{2,12}?)[』」”\"]?(?=[，。！？,.!?]|$)"
)
# The speaker's employer renamed, the new name told, the speaker still there: "公司改名了，以前叫杭州飞鱼科技，现在叫
# 飞鱼智能，我还在这儿做财务".
_R42_FIRM_RENAMED = re.compile(
    r"(?:我们|我)?(?:公司|单位)(?:改名|更名|改名字)了?[，,]?[^。！？]{0,24}?(?:现在|新名字|新名称)(?:改)?叫(?:做)?\s*"
    r"[『「“\"]?(?P<name>[\u4e00-\u9fffA-Za-z0-9]{2,12}?)[』」”\"]?(?=[，。！？,.!?]|$)"
)
_R42_STILL_THERE = re.compile(r"我(?:还|仍然|仍|依然|一直|也)(?:在这儿|在这里|在这|在那儿|在那里)")
# A title worked "here", the employer said before: "我还在这儿做财务", "我一直在这里当司机".
# (Not without the adverb: "我在这儿做测试" may be a test being run.)
_R42_TITLE_HERE = re.compile(
    r"我(?:还|仍然|仍|依然|一直)在(?:这儿|这里)(?:做|当|干)" + _TITLE + r"(?=[，。！？,.!?]|$|呢)"
)

# The speaker and a relative said to live apart, each one's town after: "我跟我老公不住一起，他在苏州上班也住苏州，我在
# 无锡", "我和老婆两地分居，她在上海，我在杭州": 他 / 她 is the one relative named, 我 the speaker; the town closes the
# phrase ("我在无锡出差" is a trip, not read).
_R42_LIVE_APART = re.compile(r"不住一起|不住在一起|没住一起|没住在一起|分开住|两地分居|不在一起住")
_R42_EACH_TOWN = re.compile(
    r"(?:^|(?<=[，,。！；]))\s*(?P<who>他|她|我)(?!们)(?:现在|目前|平时|一直|人)?"
    r"(?:在(?P<town>[\u4e00-\u9fff]{2,4}?)|[^，,。！？]{0,10}?(?:也|就|还)?住(?:在)?(?P<town2>[\u4e00-\u9fff]{2,4}?))"
    r"(?=[，,。！!；]|$)"
)


def _round42_lived_apart(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    if not _R42_LIVE_APART.search(ctx.text) or _HYPOTHETICAL.search(ctx.text):
        return facts
    relatives = {_RELATIONS[m.group(1)] for m in _RELATIVE_EARLIER.finditer(ctx.text)}
    out = list(facts)
    for m in _R42_EACH_TOWN.finditer(ctx.text):
        town = m.group("town") or m.group("town2")
        if not _is_city(town) or town in _NOT_PLACES:
            continue
        if m.group("who") == "我":
            subject = ctx.speaker_id
        elif len(relatives) == 1:
            subject = f"{ctx.speaker_id}:{next(iter(relatives))}"
        else:
            continue
        if not any(f.subject == subject and f.predicate == "lives_in" and f.valid_to is None for f in out):
            out.append(_fact(subject, "lives_in", normalize_city(town), "r42.lived_apart", m.group().strip()))
    return out


def _round42_work_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    for m in _R42_OWN_SHOP_NAMED.finditer(clause.text):
        prefix = _prefix(clause, m.start()) + m.group()
        if not (_PLAN_WORDS.search(prefix) or _PAST.search(prefix) or re.search(r"不|没|别", prefix)):
            yield _fact(ctx.speaker_id, "works_at", m.group("name"), "r42.own_shop_named", m.group())
    for m in _R42_TITLE_HERE.finditer(clause.text):
        if not _PLAN.search(_prefix(clause, m.start())):
            yield _fact(ctx.speaker_id, "job_title", _clean(m.group("title")), "r42.title_here", m.group())


def _round42_facts(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    text = clause.text
    bare = clause.without_times(ctx)
    yield from _round42_work_facts(ctx, clause)
    for m in _R42_SETTLED_MOVE.finditer(bare):
        ahead = [t for t in clause.times(ctx) if t.start > ctx.at and t.span[1] - clause.start <= m.start()]
        place = _city_of(m.group("place"))
        prefix = text[: m.start()]
        if len(ahead) != 1 or _PLAN_WORDS.search(prefix) or not _is_city(place) or re.search(r"不|没|别", prefix):
            continue
        yield _fact(
            ctx.speaker_id, "lives_in", normalize_city(place), "r42.settled_move", m.group(), valid_from=ahead[0].start
        )
    for m in _R42_BOUGHT_FOR_HIM.finditer(bare):
        kin = _R42_KIN_OPENS.match(ctx.text) or _RELATIVE_EARLIER.search(ctx.text, 0, clause.start + m.start())
        if kin is None or kin.group(1) in _ACQUAINTANCES or _PLAN.search(_prefix(clause, m.start())):
            continue
        relative = f"{ctx.speaker_id}:{_RELATIONS[kin.group(1)]}"
        yield _fact(relative, "owns_device", _device_name(m.group("device")), "r42.bought_for_him", m.group())
    for mention in clause.identifiers(ctx, "phone"):
        kin = _R42_KIN_NAME_NUMBER.search(text[: mention.span[0] - clause.start])
        if kin is None or kin.group("rel") in _ACQUAINTANCES or named_as_wrong(ctx, mention):
            continue
        if kin.group("name") in _NOT_NAMES or re.search(r"不是|别|不要", text[: kin.start()][-4:]):
            continue
        relative = f"{ctx.speaker_id}:{_RELATIONS[kin.group('rel')]}"
        yield _fact(relative, "name", kin.group("name"), "r42.kin_name_number", kin.group())
        yield _fact(relative, "phone", contact_value("phone", mention), "r42.kin_name_number", kin.group())
    for m in _R42_TITLE_AT_OUR_FIRM.finditer(text):
        title = _clean(m.group("title"))
        if title not in _ACCOUNT_ROLES and not _PAST.search(_prefix(clause, m.start())):
            yield _fact(ctx.speaker_id, "job_title", title, "r42.title_at_our_firm", m.group())
    if _R42_WORK_TOLD.search(ctx.text) and not _R42_NEXT_JOB_TOLD.search(ctx.text):
        for m in _R42_NO_LONGER_AT.finditer(text):
            org = _clean(m.group("org"))
            subject = _subject(ctx, clause, m.start())
            if subject != ctx.speaker_id or not _org_ok(org) or _is_city(org) or _is_kind_of_employer(org):
                continue
            if org in _NOT_PLACES or re.search(r"家|这|那|国内|国外|身边|线|岗|职|上班|工作|干|做|待|呆|当", org):
                continue
            yield ending(ctx, clause, ctx.speaker_id, "works_at", org, "zh.r42.no_longer_at", m.group())
    for m in _R42_GIVEN_TO_ME.finditer(bare):
        if _PLAN.search(_prefix(clause, m.start())) or _QUESTION.search(text):
            continue
        device = _device_name(m.group("device"))
        yield _fact(ctx.speaker_id, "owns_device", device, "r42.given_to_me", m.group(), confidence=0.8)
    for m in _R42_UI_LANGUAGE_LATIN.finditer(text):
        yield _fact(ctx.speaker_id, "preferred_language", _LANGUAGES[m.group("lang")], "r42.ui_language", m.group())
    turned = _R42_TURN_INTO.match(text)
    if turned is not None:
        language = _R42_SCRIPTS[turned.group("script")]
        yield _fact(ctx.speaker_id, "preferred_language", language, "r42.turn_into", turned.group())
    for m in _R42_TO_KIN_HOME.finditer(text):
        address = _clean(text[m.end() :].split("，")[0].split(",")[0])
        if m.group("rel") in _ACQUAINTANCES or not _ADDRESS_SHAPE.search(address):
            continue
        if re.search(r"不|别", _prefix(clause, m.start())) or not (_LASTING.search(text) or _starts_on(ctx, clause)):
            continue  # ("这单先寄到我妈家：…" is one parcel: the older rules read it, the relative's home unsaid)
        relative = f"{ctx.speaker_id}:{_RELATIONS[m.group('rel')]}"
        yield _fact(relative, "address", address, "r42.kin_home", m.group() + address, confidence=0.8)


def _round42_settled(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    """Round 42's readings of the whole turn: the towns of a speaker and a relative who live apart, the employer
    renamed with the speaker still there, a relative moved into a care home and the address her things go to, the
    address after "寄到我X家：" without the words that name the home, a move to come dated once, a device both got
    and given up in the turn."""
    out = _round42_lived_apart(ctx, list(facts))
    renamed = _R42_FIRM_RENAMED.search(ctx.text)
    if (
        renamed is not None
        and _R42_STILL_THERE.search(ctx.text, renamed.end())
        and _org_ok(renamed.group("name"))
        and not any(f.predicate == "works_at" and f.subject == ctx.speaker_id for f in out)
    ):
        # (the speaker still there after the renaming: the new name is the employer)
        out.append(_fact(ctx.speaker_id, "works_at", renamed.group("name"), "r42.firm_renamed", renamed.group()))
    care = _R42_INTO_CARE_HOME.search(Clause(ctx.text, 0).without_times(ctx))  # (times blanked: "上周一住进了")
    if care is not None and care.group("rel") not in _ACQUAINTANCES and not _HYPOTHETICAL.search(ctx.text):
        relative = f"{ctx.speaker_id}:{_RELATIONS[care.group('rel')]}"
        town = care.group("town")
        times = [t for t in ctx.times if t.start <= ctx.at and care.start() <= t.span[0] < care.start("town")]
        since = times[-1].start if times else None
        if _is_city(town) and not any(f.subject == relative and f.predicate == "lives_in" for f in out):
            out.append(
                _fact(relative, "lives_in", normalize_city(town), "r42.care_home", care.group(), valid_from=since)
            )
        sent = _R42_HER_THINGS_TO.search(ctx.text, care.end())
        address = _clean(sent.group("addr")) if sent else ""
        if sent and _ADDRESS_SHAPE.search(address) and not any(f.predicate == "address" for f in out):
            out.append(_fact(relative, "address", address, "r42.care_home", sent.group(), valid_from=since))
    # ("寄到我爸媽家：台中市…": the home the address belongs to is no part of it.)
    out = [
        replace(f, value=f.value[home.end() :].strip())
        if f.predicate == "address" and (home := re.match(rf"^我的?(?:{_REL})的?家\s*[：:]", f.value))
        else f
        for f in out
    ]
    # ("下周一我就搬到厦门了，到时候帮我把默认城市换成厦门": the city the move dates is the same home, from that day.)
    dated = {(f.subject, f.value) for f in out if f.rule == "zh.r42.settled_move"}
    out = [f for f in out if not (f.predicate == "lives_in" and f.valid_from is None and (f.subject, f.value) in dated)]
    ended = {(f.subject, f.value) for f in out if f.predicate == "owns_device" and f.valid_to is not None}
    return [
        f
        for f in out
        # ("去年三月买的Kindle早就不用了": bought once, given up now: the ending alone is what holds.)
        if not (f.predicate == "owns_device" and f.valid_to is None and (f.subject, f.value) in ended)
    ]


_FACT_RULES = (
    _live_facts,
    _cleft_moved_facts,
    _intro_then_title_facts,
    _city_field_facts,
    _work_facts,
    _device_facts,
    _contact_facts,
    _profile_facts,
    _lodging_facts,
    _title_holder_facts,
    _shipping_address_facts,
    _preference_facts,
    _round33_facts,
    _round34_facts,
    _round36_facts,
    _round37_facts,
    _round40_facts,
    _round42_facts,
)


# "能帮我把收货地址改成…吗？" asks for a change: what it changes to is the user's.
_POLITE_REQUEST = re.compile(
    r"^\s*(?:请问)?(?:你)?(?:能|可以|能不能|可不可以|麻烦|请)?(?:你)?(?:帮我|给我|帮忙)?把[^，。？?]{1,12}?"
    r"(?:改成|换成|改为|更新为|更新成|设为|设置为|设置成|调成|切换到|换到)"
    # "你们以后能不能都用中文回复？" asks for a standing way of serving the speaker.
    # ("可以用微信支付吗？" asks whether something is possible, and stays a question.)
    r"|^\s*(?:你们?|您)(?=[^，。？?]*(?:以后|今后))(?:以后|今后)?(?:能不能|可不可以|能否|可以)(?:以后|今后)?(?:都|一律)?"
    r"(?:用|给我|帮我)"
    # "能不能以后回复都简短一点？": a standing way of answering, asked for.
    r"|^\s*(?:能不能|可不可以|能否|可以)(?:以后|今后)(?:回复|回答|答复)(?:我)?(?:都|尽量)?"
    # The language replies come in, asked for: "客服回覆能不能用繁體中文？", "回复可以用英文吗".
    r"|^\s*(?:客服|你们|您)?(?:的)?(?:回复|回覆|回答|答复)(?:我)?(?:能不能|可不可以|能否|可以)(?:都|尽量)?用"
    rf"(?={_LANGUAGE_NAMES})"
    # The setting named first: "主题能不能调成白色的？", "收货地址可以改成…吗？" asks for the change.
    r"|^\s*(?:主题|界面|皮肤|背景|通知方式|提醒方式|语言|收货地址|地址|邮箱|手机号|付款方式|支付方式|快递|默认快递)"
    # ("界面能换成深色的吗？": the bare 能 asks for it just the same)
    r"(?:能不能|可不可以|能否|可以|麻烦|能)(?:帮我|给我)?(?:改成|换成|改为|调成|调到|切换到|切成|设为|设成|换成)"
    # The way notices come, asked for: "通知可以发WhatsApp吗？", "提醒能不能走短信？".
    r"|^\s*(?:通知|提醒|消息)(?:我)?(?:可以|能|能不能|可不可以|能否)(?:改成|换成|改)?(?:发|用|走|發)"
    # A standing way asked for, the question only closing it: "默认用繁体中文显示好吗？", "以后都发邮件行吗".
    # ("之后回覆都用繁體中文好嗎": the replies named after the marker.)
    # ("以后跟我讲广东话行不行？": the language to be spoken to in.)
    r"|^\s*(?:以后|今后|往后|之后|默认)(?:(?:回复|回覆|回答|答复)(?:我)?)?(?:都|就|一律)?(?:用|发|走|给我|(?:跟|和|同)我(?:说|讲))"
    r"[^，。？?吗]{1,12}?"
    r"(?:好吗|行吗|可以吗|好不好|行不行)[？?]?\s*$"
    # The text turned into a script, asked for: "可不可以转做繁体？" (Cantonese 转做 is 转成), "能转成简体吗".
    r"|^\s*(?:请问)?(?:可以|能|能不能|可不可以|能否|麻烦)(?:帮我|给我)?(?:全部|都)?(?:转成|转做|转为|转换成)(?=繁体|简体)"
    # A thing not wanted any more, asked kindly: "那个电视盒子的广告别再推给我了好吗".
    r"|^[^，。？?]{2,16}?(?:别|不要)(?:再)?(?:推|推荐|推送|发|打)(?:给我)?了?(?:好吗|行吗|好不好|行不行)[？?]?\s*$"
)


# "我老公叫陈默，…，我们住在杭州": what "we" do holds for the speaker and the one relative the turn names.
_WE = re.compile(
    r"我们(?:俩|两个|两口子|夫妻俩)?(?:都|也|一起)?(?:住|在|用|有|买了)"
    # "我和我老公都买了Apple Watch": both, named together.
    rf"|我(?:和|跟|与)我?(?:的)?(?:{_REL})(?:都|也|一起)(?:住|在|用|有|买了)"
)
_SHARED_PREDICATES = frozenset({"lives_in", "owns_device", "preferred_theme", "preferred_language", "preference"})


def _shared_with_relative(ctx: TurnContext, clause: Clause, facts: list[CandidateFact]) -> list[CandidateFact]:
    we = _WE.search(clause.text)
    if we is None:
        return []
    relatives = {
        _RELATIONS[m.group(1)] for m in re.finditer(rf"我(?:的)?({_REL})", ctx.text[: clause.start + we.end()])
    }
    if len(relatives) != 1:
        return []
    # A bare 我们 is the couple; with a child or a parent it may be the household without them
    # ("我女儿在北京读书，我们住在天津"), so only 我们俩 / 我们都 … shares with them.
    if relatives - {"wife", "husband", "partner"} and not re.search(r"俩|两个|两口子|都|一起", we.group()):
        return []
    relative = f"{ctx.speaker_id}:{relatives.pop()}"
    return [
        replace(f, subject=relative)
        for f in facts
        if f.subject == ctx.speaker_id
        and f.predicate in _SHARED_PREDICATES
        and f.valid_to is None
        and clause.text.find(f.evidence_text) >= we.start()
    ]


_NO_PREFERENCE = re.compile(r"^(?:到(?:现在|今天|如今|目前|这会儿)|得|着|了)|^(?:现在|以前|之前|目前|那时)$")


_CJK_SPACED = re.compile(r"(?<=[\u4e00-\u9fff\d])\s+(?=[\u4e00-\u9fff\d])")


# A home said after the town it is in: "鞍山老房子里", "绍兴老小区", "台州的新房子里".
_HOME_AFTER_TOWN = re.compile(r"(?<=..)(?:的|那套|那间)?(?:老|新)?(?:房子|家里|家中|小区|公寓)里?$")


def _shaped(fact: CandidateFact) -> CandidateFact | None:
    """``fact`` with its value checked for the predicate's shape (see :mod:`palimpsest.write.shapes`)."""
    if fact.predicate == "lives_in":
        home = _HOME_AFTER_TOWN.search(fact.value)
        if home is not None:
            # "住在鞍山老房子里": the town the home is in; "住在阳光小区" names a compound, no town.
            town = fact.value[: home.start()]
            return replace(fact, value=normalize_city(town)) if _is_city(town) else None
        # "我妈住在老家齐齐哈尔", "搬回成都老家": the hometown is the city named with the word.
        place = place_trimmed(
            re.sub(r"^(?:老家|家乡|故乡)(?=[\u4e00-\u9fff]{2})|(?<=[\u4e00-\u9fff]{2})(?:老家|家乡)$", "", fact.value)
        )
        # ("住在老房子里" trims to 老房子, "住在老家" names the hometown, not which town it is.)
        if place in _NOT_PLACES or place in ("老家", "家乡", "故乡"):
            return None
        if not place_shape_ok(place, _KNOWN_CITIES) and not _moved_on_from_a_city(fact, place):
            return None
        return fact if place == fact.value else replace(fact, value=normalize_city(place))
    if fact.predicate == "job_title" and not title_shape_ok(fact.value):
        return None
    if fact.predicate == "preference" and _NO_PREFERENCE.match(fact.value):
        return None  # "一直住到现在": a span of time read after a habit word, no taste
    if fact.predicate == "address" and re.search(r"@|(?i:https?://|www\.)", fact.value):
        return None  # "地址是 client@corp.com": an e-mail or web address is no postal address
    if fact.predicate == "address" and _CJK_SPACED.search(fact.value):
        # "浦东张江路 88 号三楼": spaces typed around the numbers are no part of a Chinese address.
        return replace(fact, value=_CJK_SPACED.sub("", fact.value))
    if fact.predicate == "works_at":
        employer = _employer_without_office(employer_without_unit(fact.value))
        return fact if employer == fact.value else replace(fact, value=employer)
    return fact


# A spot on the shop floor after an employer: "在比亚迪流水线上做质检", "在富士康车间里当组长".
_SPOT_AFTER_EMPLOYER = re.compile(r"^(?P<org>.{2,}?)(?:流水线|生产线|装配线|车间|仓库|工地|厂房|厂区)[上里]?$")
# An employer's office or branch in a town: "华为仰光办事处", "阿里巴巴杭州分公司", "比亚迪西安工厂".
_OFFICE_IN_TOWN = re.compile(r"^(?P<rest>.{4,}?)(?:办事处|代表处|分公司|子公司|分部|分厂|工厂|基地|研发中心|总部)$")


# The town first, then the employer's site there: "圣保罗的比亚迪工厂", "东莞的富士康工厂".
_TOWN_THEN_OFFICE = re.compile(
    r"^(?P<town>[\u4e00-\u9fff]{2,5}?)的(?P<org>[\u4e00-\u9fffA-Za-z]{2,}?)(?:办事处|代表处|分公司|子公司|分部|分厂|工厂|基地|研发中心|总部)$"
)


def _employer_without_office(org: str) -> str:
    """The employer of "比亚迪流水线上" or "华为仰光办事处": 比亚迪, 华为 (not a town nor a word of one character)."""
    town_first = _TOWN_THEN_OFFICE.match(org)
    if town_first is not None and (_is_city(town_first.group("town")) or town_first.group("town") in _COUNTRIES):
        return town_first.group("org")
    spot = _SPOT_AFTER_EMPLOYER.match(org)
    if spot is not None and not _is_city(spot.group("org")):
        return spot.group("org")
    office = _OFFICE_IN_TOWN.match(org)
    if office is None:
        return org
    rest = office.group("rest")
    for size in (2, 3, 4):
        town, employer = rest[-size:], rest[:-size]
        if len(employer) >= 2 and _is_city(town) and not _is_city(employer):
            return employer
    return org


# "从珀斯搬到尤克拉了": a move from a known city; the name it goes to is a town's, however jieba reads it.
_FROM_A_CITY = re.compile(r"从(?P<origin>[\u4e00-\u9fff]{2,6}?)(?:搬家?|迁居|移居|搬迁|迁)(?:了)?(?:到|去|往|至)")
_NO_TOWN_AT_END = re.compile(
    r"(?:宿舍|酒店|宾馆|家|家里|公司|学校|单位|房子|小区|楼|附近|隔壁|那边|这边|那里|这里|郊区|乡下|农村)$"
)


def _moved_on_from_a_city(fact: CandidateFact, place: str) -> bool:
    origin = _FROM_A_CITY.search(fact.evidence_text)
    return (
        origin is not None
        and _is_city(origin.group("origin"))
        and re.fullmatch(r"[\u4e00-\u9fff]{2,5}", place) is not None
        and not _NO_TOWN_AT_END.search(place)
        and place[0] not in "这那哪一了在的我他她"
    )


def _a_city(name: str) -> bool:
    """A city or a place named as one (…市, a province), not a district (…区, …县)."""
    return name in _KNOWN_CITIES or normalize_city(name) in _KNOWN_CITIES or re.search(r"[市省州]$", name) is not None


def _without_districts_of_a_move(facts: list[CandidateFact]) -> list[CandidateFact]:
    """ "从洛阳搬去了郑州，现在住在郑东新区": the move names the city; the district said after it is
    a part of that city, not another residence."""
    moved = {f.subject for f in facts if f.predicate == "lives_in" and f.rule == "zh.moved_to" and _is_city(f.value)}
    return [
        f
        for f in facts
        if not (f.predicate == "lives_in" and f.subject in moved and f.rule == "zh.lives_in" and not _a_city(f.value))
    ]


_FULL_NAME = re.compile(r"全名|大名|真名|本名|全称")


# A cleft that names who the state is about: "在阿里上班的是我姐，不是我" (the sister works there, not the speaker).
_CLEFT_SUBJECT = re.compile(rf"的(?:人)?(?:其实|明明)?是我(?:的)?(?P<rel>{_REL})(?!的)")


def _cleft_subjects(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    """A state the speaker seemed to say of themself, said by a cleft to be a relative's."""
    out = []
    for fact in facts:
        at = ctx.text.find(fact.evidence_text) if fact.evidence_text and fact.subject == ctx.speaker_id else -1
        cleft = _CLEFT_SUBJECT.match(ctx.text, at + len(fact.evidence_text)) if at >= 0 else None
        if cleft is not None and _RELATIONS.get(cleft.group("rel")) is not None:
            out.append(replace(fact, subject=f"{ctx.speaker_id}:{_RELATIONS[cleft.group('rel')]}"))
        else:
            out.append(fact)
    return out


def _one_name_each(facts: list[CandidateFact]) -> list[CandidateFact]:
    """ "叫我小周就行，全名周子涵": a nickname and a full name for one person, the full name kept."""
    full = {f.subject for f in facts if f.predicate == "name" and _FULL_NAME.search(f.evidence_text)}
    return [f for f in facts if f.predicate != "name" or f.subject not in full or _FULL_NAME.search(f.evidence_text)]


def _without_rereadings(facts: list[CandidateFact]) -> list[CandidateFact]:
    """A free-text preference that contains another fact's value is that fact read twice
    ("收货地址默认填：上海市…" is an address, not a preference "收货地址填上海市…")."""
    named = [f.value for f in facts if f.predicate != "preference" and len(f.value) >= 4]
    return [f for f in facts if f.predicate != "preference" or not any(v[:8] in f.value for v in named)]


# "京东快递送得快，以后都用这个": a standing choice of the thing the phrase before named.
# ("导出的账单我要Excel格式，以后都这样": the way just asked for, from now on.)
_THIS_ONE_FROM_NOW = re.compile(
    r"\s*(?:以后|今后|往后|默认)(?:都|就|也)?(?:用|走|选|要)?(?:这个|这家|它|这种)了?[。！!]?\s*"
    r"|\s*(?:以后|今后|往后)(?:都|就|也)(?:要|是|按|照)?(?:这样|这么办|这么弄|这个来|这样来|这样弄|这样办)(?:吧|哈|啊)?[。！!]?\s*"
)


def _with_back_references(clauses: list[Clause]) -> list[Clause]:
    """Clauses with one that only points back ("以后都用这个") joined to the clause it points to."""
    joined: list[Clause] = []
    for clause in clauses:
        previous = joined[-1] if joined else None
        if (
            previous is not None
            and _THIS_ONE_FROM_NOW.fullmatch(clause.text)
            and previous.start + len(previous.text) == clause.start
        ):
            joined[-1] = Clause(previous.text + clause.text, previous.start)
        else:
            joined.append(clause)
    return joined


# A text the speaker commissions or tells from a story: its people are characters, not the speaker
# ("帮我写个故事，主角叫李雷，在北京当医生", "小说里的女主住在苏州").
_FICTION = re.compile(
    r"(?:帮我|给我|请|你|替我)(?:写|编|创作|构思)(?:一?[个篇段首部份则])?[^，。！？]{0,6}?"
    r"(?:故事|小说|剧本|文案|诗|段子|对话|台词|童话|人设)"
    r"|主角|男主|女主|小说里|故事里|剧本里|剧中|书里的|电影里|动画里|游戏里的角色"
)


def _before_condition(clause: Clause) -> Clause | None:
    """The phrases of ``clause`` before the one that supposes (from the second phrase on), if any."""
    offset = 0
    for index, phrase in enumerate(re.split(r"([，,])", clause.text)):
        if index % 2 == 0 and _HYPOTHETICAL.search(_TOPIC_DEHUA.sub("", phrase)):
            return Clause(clause.text[:offset], clause.start) if offset and clause.text[:offset].strip("，, ") else None
        offset += len(phrase)
    return None


# Someone else's words in quotes: "我同事老说“我一直用顺丰”" states nothing about the speaker.
# ("我跟客服说：“我住在杭州”": the speaker's own words are the speaker's.)
_REPORTED_SPEECH = re.compile(
    r"(?P<who>[^，。！？“”\"]{0,8}?)(?:说|讲|问|道|喊|写着|留言)(?:过)?[：:]?\s*[“\"「『](?P<said>[^”\"」』]{1,80})[”\"」』]"
)
_OWN_WORDS = re.compile(r"^\s*我(?:就|也|还|都|只|刚|已经|之前|跟|和|对|给|向)")


def _without_reported(clause: Clause, spans: list[tuple[int, int]]) -> Clause:
    """``clause`` with the words of others it quotes blanked out (same length, offsets kept)."""
    text = clause.text
    for start, end in spans:
        lo, hi = max(start - clause.start, 0), min(end - clause.start, len(text))
        if lo < hi:
            text = text[:lo] + " " * (hi - lo) + text[hi:]
    return clause if text == clause.text else Clause(text, clause.start)


# A polite question asking for a way of serving the speaker, then "just this once" after it: "能用日语回复我吗？
# 就这一次…", "可以切成深色模式吗，今天而已".
_CAN_YOU_USE = re.compile(
    r"^\s*(?:请问)?(?:你|您)?(?:能|可以|能不能|可不可以|能否)(?:帮我|给我)?(?:用|换成|改成|切成|切到|调成|发)"
)
_JUST_THIS_ONCE = re.compile(
    r"[？?，,。！!\s]*(?:就|只|仅|先|只是)?(?:这一次|这次|这一回|这回|今天|本次)(?:而已|就行|就好|哈)?(?=[，,。！!？?\s]|$)"
)


def _asked_for_this_once(ctx: TurnContext, clause: Clause) -> Iterator[CandidateFact]:
    if not _CAN_YOU_USE.match(clause.text) or not _JUST_THIS_ONCE.match(ctx.text, clause.start + len(clause.text)):
        return
    for predicate, value in _preference_candidates(clause.text):
        yield _fact(
            ctx.speaker_id, predicate, value, predicate, clause.text, lasting=False, confidence=ONE_OFF_CONFIDENCE
        )


# "单位全称是临朐县人民医院", "公司全名叫…", "（全称：…）": the employer's full name, said after a short one.
_EMPLOYER_FULL_NAME = re.compile(
    r"(?:(?:单位|公司|医院|学校|厂子?|工厂|集团|机构|它|那边)的?(?:全名|名字)|全称|正式名称|注册名称?)"
    r"(?:其实|应该)?(?:是|叫|为|[:：])\s*[:：]?\s*(?P<org>[\u4e00-\u9fffA-Za-z0-9（）()]{3,30})"
)


def _employer_in_full(ctx: TurnContext, facts: list[CandidateFact]) -> list[CandidateFact]:
    """The speaker's short-named employer replaced by the full name the turn gives after it."""
    full = _EMPLOYER_FULL_NAME.search(ctx.text)
    if full is None or re.search(r"什么|啥|哪|吗|呢|？|\?", full.group()):
        return facts
    employed = [f for f in facts if f.predicate == "works_at" and f.valid_to is None]
    if len(employed) != 1 or ctx.text.find(str(employed[0].value)) > full.start():
        return facts
    org = _clean(full.group("org"))
    if not _org_ok(org) or _is_city(org):
        return facts
    short = employed[0]
    evidence = f"{short.evidence_text}…{full.group()}"
    return [replace(f, value=org, evidence_text=evidence) if f is short else f for f in facts]


def _old_contact_replaced(facts: list[CandidateFact]) -> list[CandidateFact]:
    """ "旧号码 … 停用了，以后打我新号 …": with the new number given, the old one is only what it replaces (the
    sets label the new one alone); an old number retired on its own still ends."""
    current = {(f.subject, f.predicate) for f in facts if f.predicate in ("phone", "email") and f.valid_to is None}
    return [
        f
        for f in facts
        if not (f.predicate in ("phone", "email") and f.valid_to is not None and (f.subject, f.predicate) in current)
    ]


def apply_rules(ctx: TurnContext) -> RuleOutput:
    """Everything the Chinese rules find in ``ctx`` (facts only for user turns)."""
    out = RuleOutput()
    fiction = _FICTION.search(ctx.text) is not None
    reported = [m.span("said") for m in _REPORTED_SPEECH.finditer(ctx.text) if not _OWN_WORDS.search(m.group("who"))]
    clauses = [_without_reported(c, reported) for c in _with_back_references(split_clauses(ctx.text, _BOUNDARY))]
    for clause in clauses:
        asked = _INDEFINITE.sub("", _WHATEVER.sub("", clause.text))
        question = bool(_QUESTION.search(asked)) and not _POLITE_REQUEST.match(clause.text)
        hypothetical = bool(_HYPOTHETICAL.search(_TOPIC_DEHUA.sub("", clause.text)))
        facts: list[CandidateFact] = []
        said = _before_condition(clause) if hypothetical else None
        if ctx.role == "user" and said is not None and not fiction and not question:
            # "我表姐王芳住在大连，东西寄不到我的话可以找她": what is said before the condition stands.
            for rule in _FACT_RULES:
                facts.extend(rule(ctx, said))
        if ctx.role == "user" and hypothetical and not fiction and _asked_on_condition(clause.text):
            # "订单 KD202405 要是还没发就帮我撤了": a request made now names the speaker's own order.
            facts.extend(_reference_facts(ctx, clause))
        if ctx.role == "user" and hypothetical and _CONDITION_THEN_CONTACT.search(clause.text):
            # "有急事找不到我的话，打我太太的手机 158…": the condition supposes, the number it gives is real.
            facts.extend(_contact_facts(ctx, clause))
        if ctx.role == "user" and question and not hypothetical and not fiction:
            facts.extend(_asked_for_this_once(ctx, clause))
            facts.extend(_round37_asked_facts(ctx, clause))
        if ctx.role == "user" and not hypothetical and not fiction:
            facts.extend(_reference_facts(ctx, clause))
            facts.extend(_bought_facts(ctx, clause))
            if not question:
                for rule in _FACT_RULES:
                    facts.extend(rule(ctx, clause))
            told = {f.value for f in facts if f.predicate == "owns_device"}
            facts.extend(f for f in _possessed_devices(ctx, clause) if f.value not in told)
        facts += _shared_with_relative(ctx, clause, facts)
        facts = _without_rereadings(facts)
        out.facts.extend(facts)
        if ctx.role == "user":
            out.intents.extend(_intents(ctx, clause, facts, question))
    out.facts = _without_districts_of_a_move([shaped for shaped in map(_shaped, out.facts) if shaped is not None])
    out.facts = _one_name_each(_old_contact_replaced(out.facts))
    out.facts = _cleft_subjects(ctx, out.facts)
    out.facts = _employer_in_full(ctx, out.facts)
    out.facts = carry_job_change_date(ctx, _title_with_job_to_start(ctx, out.facts), _JOB_CHANGE)
    out.facts = settle_move(ctx, out.facts, _MOVE_TOLD)
    out.facts = _units_of_the_employer(_device_dates_kept_to_coming(ctx, out.facts))
    if ctx.role == "user":
        out.facts = handed_on_to_relative(ctx, out.facts, _HANDED_TO_RELATIVE, _RELATIONS)
        out.facts = handed_on_to_relative(ctx, out.facts, _TAKEN_OVER_BY_RELATIVE, _RELATIONS)
        for settle in (_round36_settled, _round37_settled, _round40_settled, _round42_settled):
            out.facts = settle(ctx, out.facts)
    out.anchors = _anchors(ctx.text, out.facts)
    out.topics = _topics(ctx, out.facts)
    out.intent_tags = {INTENT_TAG_OF_TYPE[i.intent_type] for i in out.intents if i.intent_type in INTENT_TAG_OF_TYPE}
    if "confirmation" in out.anchors:
        out.intent_tags.add("confirm")
    if "failure_correction" in out.anchors:
        out.intent_tags.add("correction")
    return out
