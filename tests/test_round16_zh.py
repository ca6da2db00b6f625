"""Round 16, Chinese: classes found on heldout15, tested on fresh sentences and look-alikes.

Towns jieba does not tag as places (清迈 a, 阿布扎比 nrt), vouched for by the packaged list of the world's
cities only after a move, residence or work cue; settling said verb first ("落脚昆明", "安家杭州"); an
arrival followed by staying on here ("昨天到的加德满都，接下来半年都住这边"); one parcel sent to a relative's
place (the speaker's one-off address, as every labelled set has it); a state that starts on a day still to
come ("下周一起…", "等下周一系统切换后…").
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of
from palimpsest.write.shapes import is_world_city, place_shape_ok

AT = datetime(2026, 9, 16, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u16"
TABLE = FactTable(ME, AT)
extract, state, ended, one_off = TABLE.extract, TABLE.state, TABLE.ended, TABLE.one_off


CASES: list[tuple[str, set[Fact]]] = [
    # towns jieba tags as adjectives or names, after a move or residence cue
    ("上个月从曼谷搬到了清迈", {state("lives_in", "清迈")}),
    ("我爸妈去年移居到了奥克兰", {state("lives_in", "奥克兰", f"{ME}:parents")}),
    ("刚搬去了芭提雅，海边挺舒服", {state("lives_in", "芭提雅")}),
    ("我住在清迈", {state("lives_in", "清迈")}),
    ("我想搬到清迈", set()),
    ("清迈好玩吗", set()),
    ("搬到清迈了吗", set()),
    # a city is no employer, whatever jieba calls it; the trade said after it stands
    ("我老公在阿布扎比上班，我和孩子住迪拜", {state("lives_in", "迪拜")}),
    ("我姐在多伦多工作，做会计", {state("job_title", "会计", f"{ME}:sister")}),
    ("我在华为上班", {state("works_at", "华为")}),
    # settling, the verb first
    ("三天前刚落脚昆明，先租了个单间", {state("lives_in", "昆明")}),
    ("去年安家杭州了", {state("lives_in", "杭州")}),
    ("最后还是扎根在了苏州", {state("lives_in", "苏州")}),
    ("我们一家人扎根深圳十年了", {state("lives_in", "深圳")}),
    ("我表哥上个月定居温哥华", {state("lives_in", "温哥华", f"{ME}:cousin")}),
    ("我姐安家在了清迈", {state("lives_in", "清迈", f"{ME}:sister")}),
    ("打算落脚成都", set()),
    ("我想安家杭州", set()),
    ("落脚点在哪", set()),
    ("他们扎根基层", set()),
    ("安家费什么时候发", set()),
    ("他落脚昆明了", set()),
    ("我没有在杭州安家", set()),
    # an arrival, then staying on here
    ("昨天到的加德满都，接下来半年都住这边", {state("lives_in", "加德满都")}),
    ("上周刚到的温哥华，以后就在这儿生活了", {state("lives_in", "温哥华")}),
    ("前天到了墨尔本，之后都住这里", {state("lives_in", "墨尔本")}),
    ("上个月来到了大阪，现在住这边", {state("lives_in", "大阪")}),
    ("昨天到的杭州，住两天就走", set()),
    ("昨天到的北京，出差住这边", set()),
    ("昨天到的成都，打算在这边定居", set()),
    ("我妈昨天到的上海，接下来住我这边", set()),
    ("昨天到的伦敦，这边天气不错", set()),
    ("他昨天到的悉尼，以后住这边", set()),
    ("下周到了悉尼，以后就住这边", set()),
    # one parcel to a relative's place: the speaker's one-off address; his, or none, is not
    ("这单先寄到我妈家：杭州市拱墅区湖墅南路102号", {one_off("address", "杭州市拱墅区湖墅南路102号")}),
    ("这次发我姐那边：广州市天河区体育西路88号", {one_off("address", "广州市天河区体育西路88号")}),
    ("这单先寄到我朋友那：南京市鼓楼区中山北路200号", {one_off("address", "南京市鼓楼区中山北路200号")}),
    ("这单寄到他家：广州市天河区体育西路88号", set()),
    ("这单别寄到我妈家：杭州市拱墅区湖墅南路102号", set()),
    ("我妈家地址是杭州市拱墅区湖墅南路102号", {state("address", "杭州市拱墅区湖墅南路102号", f"{ME}:mother")}),
    # an address "就是" from now on
    ("我的地址就是南京市鼓楼区中山路18号", {state("address", "南京市鼓楼区中山路18号")}),
    ("我的地址是南京市鼓楼区中山路18号吗", set()),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_round16_zh_fact_classes(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


@pytest.mark.parametrize(
    ("text", "since"),
    [
        ("三天前刚落脚昆明", datetime(2026, 9, 13, tzinfo=UTC)),
        ("昨天到的加德满都，接下来半年都住这边", datetime(2026, 9, 15, tzinfo=UTC)),
        ("从下个月开始我的收货地址改成南京市鼓楼区中山路18号", datetime(2026, 10, 1, tzinfo=UTC)),
        ("等下周一系统切换后，我的导出就统一默认成CSV吧", datetime(2026, 9, 21, tzinfo=UTC)),
        ("下周一以后报表默认发PDF", datetime(2026, 9, 21, tzinfo=UTC)),
    ],
)
def test_round16_zh_a_state_is_dated_by_its_start(text: str, since: datetime) -> None:
    (fact,) = extract(text).facts
    assert fact.valid_from == since


def test_the_world_cities_list_vouches_only_for_towns() -> None:
    assert is_world_city("清迈") and is_world_city("阿布扎比") and is_world_city("加德满都")
    assert not is_world_city("合作") and not is_world_city("现在") and not is_world_city("华为")
    assert place_shape_ok("清迈") and not place_shape_ok("得还挺习惯")
