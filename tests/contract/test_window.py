"""The window-store contract: identical assertions over memory:// and redis://.

Redis comes from ``PALIMPSEST_TEST_REDIS_URL`` when set, else ``redis://127.0.0.1:6379/15``
(a database of its own, flushed around every test). A missing server fails these tests
instead of skipping them: CI must exercise the backend production runs on.

Redis enforces ttl on its own clock, so the ttl test moves time with a real sleep there;
the in-process store takes ``now`` from the caller, so the same steps just move ``now``.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone

import pytest

from palimpsest.core.window import WindowPolicy
from palimpsest.errors import ConfigError, NaiveDatetimeError, StorageError, ValidationError
from palimpsest.storage.window import WindowKey, WindowStore, open_window_store
from palimpsest.storage.window_memory import MemoryWindowStore
from palimpsest.types import WindowTurn

WINDOW_BACKENDS = ["memory", "redis"]
DEFAULT_TEST_REDIS_URL = "redis://127.0.0.1:6379/15"

KEY = WindowKey("acme", "u1", "s1")
POLICY = WindowPolicy(max_turns=4, ttl=timedelta(hours=1))


def redis_test_url() -> str:
    return os.environ.get("PALIMPSEST_TEST_REDIS_URL") or DEFAULT_TEST_REDIS_URL


def _flush(url: str) -> None:
    import redis

    from palimpsest.storage.window_redis import redact

    client = redis.Redis.from_url(url, socket_connect_timeout=2)
    try:
        client.flushdb()
        return
    except redis.exceptions.ConnectionError as exc:
        problem = str(exc)
    finally:
        client.close()
    # Outside the except block, so the report is this message and not a chained traceback.
    pytest.fail(
        f"the Redis window tests need a Redis server at {redact(url)} ({problem}). Start one "
        "(`redis-server --daemonize yes`) or point PALIMPSEST_TEST_REDIS_URL at one. "
        "They fail rather than skip on purpose: CI must run them.",
        pytrace=False,
    )


class StepClock:
    """The ``now`` tests pass. ``advance`` sleeps for real when the store keeps its own clock."""

    def __init__(self, *, real: bool) -> None:
        self.real = real
        self.now = datetime.now(UTC)

    def advance(self, seconds: float) -> datetime:
        if self.real:
            time.sleep(seconds)
        self.now += timedelta(seconds=seconds)
        return self.now


@pytest.fixture(params=WINDOW_BACKENDS)
def window_kind(request: pytest.FixtureRequest) -> str:
    kind: str = request.param
    return kind


@pytest.fixture
def window_url(window_kind: str) -> Iterator[str]:
    if window_kind == "memory":
        yield "memory://"
        return
    url = redis_test_url()
    _flush(url)
    yield url
    _flush(url)


@pytest.fixture
def store(window_url: str) -> Iterator[WindowStore]:
    opened = open_window_store(window_url)
    yield opened
    opened.close()


@pytest.fixture
def clock(window_kind: str) -> StepClock:
    return StepClock(real=window_kind == "redis")


def turns(*contents: str, at: datetime | None = None) -> list[WindowTurn]:
    when = at or datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
    return [WindowTurn(role="user", content=c, occurred_at=when + timedelta(seconds=i)) for i, c in enumerate(contents)]


def contents(store: WindowStore, key: WindowKey, now: datetime, limit: int | None = None) -> list[str]:
    return [t.content for t in store.recent(key, limit=limit, now=now)]


# -- FIFO -------------------------------------------------------------------------------


def test_implements_the_protocol(store: WindowStore) -> None:
    assert isinstance(store, WindowStore)


def test_appends_keep_order_and_trim_oldest_first(store: WindowStore, clock: StepClock) -> None:
    for i in range(1, 7):
        store.append(KEY, turns(f"t{i}"), policy=POLICY, now=clock.now)
        assert contents(store, KEY, clock.now) == [f"t{j}" for j in range(max(1, i - 3), i + 1)]


def test_one_batch_larger_than_the_window_keeps_its_newest(store: WindowStore, clock: StepClock) -> None:
    store.append(KEY, turns("a", "b"), policy=POLICY, now=clock.now)
    store.append(KEY, turns("c", "d", "e", "f", "g", "h"), policy=POLICY, now=clock.now)
    assert contents(store, KEY, clock.now) == ["e", "f", "g", "h"]


def test_default_policy_keeps_ten_turns(store: WindowStore, clock: StepClock) -> None:
    store.append(KEY, turns(*(f"t{i}" for i in range(12))), policy=WindowPolicy(), now=clock.now)
    assert contents(store, KEY, clock.now) == [f"t{i}" for i in range(2, 12)]


def test_a_smaller_policy_trims_on_the_next_append(store: WindowStore, clock: StepClock) -> None:
    store.append(KEY, turns("a", "b", "c", "d"), policy=POLICY, now=clock.now)
    store.append(KEY, turns("e"), policy=WindowPolicy(max_turns=2), now=clock.now)
    assert contents(store, KEY, clock.now) == ["d", "e"]
    store.append(KEY, turns("f"), policy=POLICY, now=clock.now)
    assert contents(store, KEY, clock.now) == ["d", "e", "f"]


def test_limit_returns_the_newest_oldest_first(store: WindowStore, clock: StepClock) -> None:
    store.append(KEY, turns("a", "b", "c", "d"), policy=POLICY, now=clock.now)
    assert contents(store, KEY, clock.now, limit=2) == ["c", "d"]
    assert contents(store, KEY, clock.now, limit=1) == ["d"]
    assert contents(store, KEY, clock.now, limit=99) == ["a", "b", "c", "d"]
    assert contents(store, KEY, clock.now, limit=0) == []
    with pytest.raises(ValidationError):
        store.recent(KEY, limit=-1, now=clock.now)


def test_unknown_window_is_empty(store: WindowStore, clock: StepClock) -> None:
    assert store.recent(WindowKey("acme", "nobody", "nothing"), now=clock.now) == []


def test_appending_nothing_creates_nothing(store: WindowStore, clock: StepClock) -> None:
    store.append(KEY, [], policy=POLICY, now=clock.now)
    assert store.recent(KEY, now=clock.now) == []
    assert store.clear_user(KEY.tenant, KEY.user_id) == 0


def test_concurrent_appends_lose_nothing(store: WindowStore, clock: StepClock) -> None:
    policy = WindowPolicy(max_turns=1000)

    def writer(n: int) -> None:
        for i in range(25):
            store.append(KEY, turns(f"w{n}-{i}"), policy=policy, now=clock.now)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    got = contents(store, KEY, clock.now)
    assert sorted(got) == sorted(f"w{n}-{i}" for n in range(8) for i in range(25))
    for n in range(8):  # each writer's own turns stay in the order it appended them
        mine = [c for c in got if c.startswith(f"w{n}-")]
        assert mine == [f"w{n}-{i}" for i in range(25)]


# -- isolation --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "other",
    [
        WindowKey("acme", "u1", "s2"),  # another session of the same user
        WindowKey("acme", "u2", "s1"),  # another user, same session id
        WindowKey("globex", "u1", "s1"),  # another tenant, same user and session ids
    ],
    ids=["session", "user", "tenant"],
)
def test_windows_are_isolated(store: WindowStore, clock: StepClock, other: WindowKey) -> None:
    store.append(KEY, turns("mine"), policy=POLICY, now=clock.now)
    store.append(other, turns("theirs"), policy=POLICY, now=clock.now)
    assert contents(store, KEY, clock.now) == ["mine"]
    assert contents(store, other, clock.now) == ["theirs"]
    store.clear(other)
    assert contents(store, KEY, clock.now) == ["mine"]


def test_separators_inside_ids_do_not_collide(store: WindowStore, clock: StepClock) -> None:
    keys = [
        WindowKey("t", "a:b", "c"),
        WindowKey("t", "a", "b:c"),
        WindowKey("t:a", "b", "c"),
        WindowKey("t", "a}", "c"),
        WindowKey("t", "a", "%7Dc"),
        WindowKey("t", "a%3Ab", "c"),
        WindowKey("t", "用户", "会话"),
    ]
    for i, key in enumerate(keys):
        store.append(key, turns(f"k{i}"), policy=POLICY, now=clock.now)
    for i, key in enumerate(keys):
        assert contents(store, key, clock.now) == [f"k{i}"]
    assert store.clear_user("t", "a") == 2
    assert contents(store, WindowKey("t", "a:b", "c"), clock.now) == ["k0"]


# -- ttl --------------------------------------------------------------------------------


def test_ttl_slides_with_activity_and_expired_windows_restart(store: WindowStore, clock: StepClock) -> None:
    """One second of ttl; about 1.7 s of real time on Redis."""
    short = WindowPolicy(max_turns=4, ttl=timedelta(seconds=1))
    forever = WindowPolicy(max_turns=4, ttl=None)
    a, b = WindowKey("acme", "u1", "a"), WindowKey("acme", "u1", "b")

    store.append(a, turns("a1"), policy=short, now=clock.now)
    store.append(b, turns("b1"), policy=short, now=clock.now)
    clock.advance(0.5)
    store.append(a, turns("a2"), policy=short, now=clock.now)  # activity: expiry moves
    store.append(b, turns("b2"), policy=forever, now=clock.now)  # no ttl from now on
    clock.advance(0.5)
    assert contents(store, a, clock.now) == ["a1", "a2"]  # 1 s after its first turn, alive
    clock.advance(0.7)
    assert contents(store, a, clock.now) == []  # 1.2 s after its last turn, gone
    assert contents(store, b, clock.now) == ["b1", "b2"]

    store.append(a, turns("a3"), policy=short, now=clock.now)
    assert contents(store, a, clock.now) == ["a3"]  # an expired window starts empty
    assert store.clear_user("acme", "u1") == 2  # the persistent window is still forgettable


# -- clear and forget -------------------------------------------------------------------


def test_clear_drops_one_session(store: WindowStore, clock: StepClock) -> None:
    other = WindowKey("acme", "u1", "s2")
    store.append(KEY, turns("a"), policy=POLICY, now=clock.now)
    store.append(other, turns("b"), policy=POLICY, now=clock.now)
    store.clear(KEY)
    store.clear(KEY)  # clearing nothing is not an error
    assert contents(store, KEY, clock.now) == []
    assert contents(store, other, clock.now) == ["b"]
    assert store.clear_user("acme", "u1") == 1  # the cleared session is not counted again
    store.append(KEY, turns("c"), policy=POLICY, now=clock.now)
    assert contents(store, KEY, clock.now) == ["c"]


def test_clear_user_forgets_every_session_of_that_user_only(store: WindowStore, clock: StepClock) -> None:
    mine = [WindowKey("acme", "u1", f"s{i}") for i in range(3)]
    others = [WindowKey("acme", "u2", "s0"), WindowKey("globex", "u1", "s0")]
    for key in [*mine, *others]:
        store.append(key, turns(f"{key.tenant}/{key.user_id}/{key.session_id}"), policy=POLICY, now=clock.now)

    assert store.clear_user("acme", "u1") == 3
    assert store.clear_user("acme", "u1") == 0
    assert all(store.recent(key, now=clock.now) == [] for key in mine)
    assert [contents(store, key, clock.now) for key in others] == [["acme/u2/s0"], ["globex/u1/s0"]]

    store.append(mine[0], turns("again"), policy=POLICY, now=clock.now)
    assert contents(store, mine[0], clock.now) == ["again"]
    assert store.clear_user("acme", "u1") == 1


# -- content ----------------------------------------------------------------------------


def test_turns_round_trip_exactly(store: WindowStore, clock: StepClock) -> None:
    shanghai = timezone(timedelta(hours=8))
    sent = [
        WindowTurn(
            role="user",
            content="我上个月搬到北京了，订单号 A-2024-0042",
            occurred_at=datetime(2026, 7, 4, 9, 30, tzinfo=UTC),
        ),
        WindowTurn(
            role="assistant",
            content='好的 👍\n"quoted" \\ back\\slash \t tab \u0000 nul',
            occurred_at=datetime(2026, 7, 4, 17, 31, 0, 123456, tzinfo=shanghai),
            turn_id="turn-42",
        ),
        WindowTurn(role="tool", content="", occurred_at=datetime(2026, 7, 4, 9, 32, tzinfo=UTC)),
    ]
    store.append(KEY, sent, policy=POLICY, now=clock.now)
    got = store.recent(KEY, now=clock.now)
    assert got == sent  # datetimes compare as instants
    assert all(t.occurred_at.utcoffset() == timedelta(0) for t in got)  # stored in UTC
    assert got[1].occurred_at == datetime(2026, 7, 4, 9, 31, 0, 123456, tzinfo=UTC)


# -- bad input --------------------------------------------------------------------------


def test_naive_now_is_rejected(store: WindowStore) -> None:
    naive = datetime(2026, 1, 1, 12, 0)
    with pytest.raises(NaiveDatetimeError):
        store.append(KEY, turns("a"), policy=POLICY, now=naive)
    with pytest.raises(NaiveDatetimeError):
        store.recent(KEY, now=naive)


def test_bad_turns_write_nothing(store: WindowStore, clock: StepClock) -> None:
    naive_turn = WindowTurn(role="user", content="b", occurred_at=datetime(2026, 1, 1))
    with pytest.raises(NaiveDatetimeError):
        store.append(KEY, [*turns("a"), naive_turn], policy=POLICY, now=clock.now)
    with pytest.raises(ValidationError, match="wrap it in a list"):
        store.append(KEY, turns("a")[0], policy=POLICY, now=clock.now)  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        store.append(KEY, ["just text"], policy=POLICY, now=clock.now)  # type: ignore[list-item]
    assert store.recent(KEY, now=clock.now) == []


@pytest.mark.parametrize(("tenant", "user_id", "session_id"), [("", "u", "s"), ("t", "", "s"), ("t", "u", "")])
def test_window_keys_need_every_part(tenant: str, user_id: str, session_id: str) -> None:
    with pytest.raises(ValidationError):
        WindowKey(tenant, user_id, session_id)


# -- memory:// only: the LRU bound ------------------------------------------------------


def test_memory_store_is_bounded_by_an_lru_over_sessions() -> None:
    store = open_window_store("memory://?max_sessions=2")
    now = datetime.now(UTC)
    assert isinstance(store, MemoryWindowStore)
    a, b, c = (WindowKey("acme", "u1", s) for s in "abc")
    store.append(a, turns("a"), policy=POLICY, now=now)
    store.append(b, turns("b"), policy=POLICY, now=now)
    assert contents(store, a, now) == ["a"]  # reading a makes b the least recently used
    store.append(c, turns("c"), policy=POLICY, now=now)
    assert len(store) == 2
    assert [contents(store, k, now) for k in (a, b, c)] == [["a"], [], ["c"]]
    assert store.clear_user("acme", "u1") == 2


def test_memory_store_sweeps_expired_windows_on_write() -> None:
    store = MemoryWindowStore()
    now = datetime.now(UTC)
    short = WindowPolicy(ttl=timedelta(seconds=1))
    for s in "abc":
        store.append(WindowKey("acme", "u1", s), turns(s), policy=short, now=now)
    store.append(WindowKey("acme", "u2", "d"), turns("d"), policy=short, now=now + timedelta(seconds=5))
    assert len(store) == 1
    assert store.clear_user("acme", "u1") == 0


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("memory://?max_sessions=0", "max_sessions must be a positive int"),
        ("memory://?max_sessions=lots", "max_sessions must be an integer"),
        ("memory://?max_session=5", "unknown option"),
        ("mongodb://localhost", "unknown window store"),
        ("localhost:6379", "not a window store URL"),
    ],
)
def test_bad_urls_are_config_errors(url: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        open_window_store(url)


# -- redis:// only: driver, connection errors, key layout -------------------------------


def test_missing_redis_driver_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "palimpsest.storage.window_redis", raising=False)
    monkeypatch.setitem(sys.modules, "redis", None)  # makes `import redis` raise ImportError
    with pytest.raises(ConfigError, match=r"palimpsest\[redis\]"):
        open_window_store("redis://127.0.0.1:6379/0")


def test_unreachable_redis_is_a_storage_error_without_the_password() -> None:
    with pytest.raises(StorageError, match="cannot reach Redis") as info:
        open_window_store("redis://:hunter2@127.0.0.1:1/0")
    assert "hunter2" not in str(info.value)
    assert "127.0.0.1:1" in str(info.value)


def test_redact_hides_passwords() -> None:
    from palimpsest.storage.window_redis import redact

    assert redact("redis://:pw@h:6379/0") == "redis://:***@h:6379/0"
    assert redact("redis://me:pw@h:6379/0") == "redis://me:***@h:6379/0"
    assert redact("redis://me@h/0") == "redis://me@h/0"
    assert redact("redis://h/0?password=pw&db=1") == "redis://h/0?password=%2A%2A%2A&db=1"


def test_ttl_rounds_up_to_whole_seconds() -> None:
    from palimpsest.storage.window_redis import ttl_seconds

    assert [ttl_seconds(t) for t in (None, timedelta(seconds=1), timedelta(milliseconds=1001))] == [0, 1, 2]
    assert ttl_seconds(timedelta(hours=24)) == 86_400


def test_redis_layout_and_expiries() -> None:
    """Windows expire by EXPIRE, and the user index never expires before a window it lists."""
    import redis

    from palimpsest.storage.window_redis import index_key, window_key

    url = redis_test_url()
    _flush(url)
    store = open_window_store(url)
    client = redis.Redis.from_url(url, decode_responses=True)
    try:
        now = datetime.now(UTC)
        a, b = WindowKey("acme", "u:1", "a"), WindowKey("acme", "u:1", "b")
        assert window_key(a) == "pal:win:{acme:u%3A1}:a"
        assert index_key("acme", "u:1") == "pal:winidx:{acme:u%3A1}"

        store.append(a, turns("x"), policy=WindowPolicy(ttl=timedelta(hours=2)), now=now)
        store.append(b, turns("y"), policy=WindowPolicy(ttl=timedelta(minutes=1)), now=now)
        assert 7190 < client.ttl(window_key(a)) <= 7200
        assert 50 < client.ttl(window_key(b)) <= 60
        assert client.ttl(index_key("acme", "u:1")) > 7190  # a shorter ttl never shortens the index
        assert client.smembers(index_key("acme", "u:1")) == {window_key(a), window_key(b)}

        store.append(b, turns("z"), policy=WindowPolicy(ttl=None), now=now)
        store.append(a, turns("w"), policy=WindowPolicy(ttl=timedelta(seconds=5)), now=now)
        assert client.ttl(window_key(b)) == -1
        assert client.ttl(index_key("acme", "u:1")) == -1  # lives as long as the persistent window
        assert client.ttl(window_key(a)) <= 5
    finally:
        client.close()
        store.close()
        _flush(url)
