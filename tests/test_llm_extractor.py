"""The LLM extractor against a local fake OpenAI-compatible server: good answers, bad answers, outages."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from palimpsest.errors import StorageError
from palimpsest.llm import ChatClient
from palimpsest.write.extract import (
    ExtractionShapeError,
    Extractor,
    LLMExtractor,
    RuleExtractor,
    parse_llm_extraction,
)
from palimpsest.write.model import RelativeTime

AT = datetime(2026, 3, 11, 10, 0, tzinfo=UTC)
ME = "u1"

GOOD: dict[str, Any] = {
    "facts": [
        {
            "subject": "speaker",
            "predicate": "lives_in",
            "value": "Beijing",
            "valid_from": "2026-03-02T00:00:00+00:00",
            "valid_to": None,
            "lasting": True,
            "confidence": 0.9,
            "ends_previous": True,
            "evidence": "I moved to Beijing last Monday",
        },
        {"subject": "speaker:wife", "predicate": "works_at", "value": "Alibaba", "lasting": True, "confidence": 0.8},
    ],
    "intents": [
        {
            "intent_type": "data_aggregation",
            "time_range": {"unit": "month", "offset": -1},
            "dimensions": ["region"],
            "metric": "sales_volume",
            "output_format": "table",
            "slots": {},
        }
    ],
    "topics": ["relocation", "reports"],
    "intent_tags": ["query"],
    "anchors": ["change"],
}
TEXT = "I moved to Beijing last Monday, my wife works at Alibaba; summarize last month's sales by region. 13800001111"


@dataclass
class FakeOpenAI:
    url: str = ""
    replies: list[tuple[int, bytes]] = field(default_factory=list)
    requests: list[dict[str, Any]] = field(default_factory=list)

    def answer(self, content: str) -> None:
        completion = {"choices": [{"index": 0, "message": {"role": "assistant", "content": content}}]}
        self.replies.append((200, json.dumps(completion).encode()))


class QuietServer(ThreadingHTTPServer):
    daemon_threads = True


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    state = FakeOpenAI()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            state.requests.append(json.loads(self.rfile.read(length)))
            status, body = state.replies.pop(0) if state.replies else (500, b'{"error": "boom"}')
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:  # keep test output clean
            return

    server = QuietServer(("127.0.0.1", 0), Handler)
    state.url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    yield state
    server.shutdown()
    server.server_close()
    thread.join()


def _extractor(fake: FakeOpenAI, predicates: tuple[str, ...] = ()) -> LLMExtractor:
    return LLMExtractor(ChatClient(fake.url, "sk-test", "tiny", timeout=5), RuleExtractor(), predicates=predicates)


def test_good_answer_becomes_the_extraction(fake: FakeOpenAI) -> None:
    fake.answer(json.dumps(GOOD))
    extractor = _extractor(fake)
    assert isinstance(extractor, Extractor)
    extraction = extractor.extract(TEXT, speaker_id=ME, at=AT)
    assert extractor.last_error is None and extraction.extractor == "llm"
    move, wife = extraction.facts
    assert (move.subject, move.predicate, move.value, move.ends_previous) == (ME, "lives_in", "Beijing", True)
    assert move.valid_from == datetime(2026, 3, 2, tzinfo=UTC) and move.rule == "llm"
    assert (wife.subject, wife.value) == (f"{ME}:wife", "Alibaba")
    (intent,) = extraction.intents
    assert intent.time_range == RelativeTime(unit="month", offset=-1) and intent.dimensions == ("region",)
    assert extraction.topics == ("relocation", "reports") and extraction.anchors == ("change",)
    # Identifiers and times stay deterministic whatever the model says.
    assert [m.value for m in extraction.identifiers] == ["13800001111"]
    assert {t.text for t in extraction.times} >= {"last Monday"}
    request = fake.requests[0]
    assert request["response_format"] == {"type": "json_object"}
    assert request["messages"][1]["content"] == TEXT
    assert "lives_in" in request["messages"][0]["content"]


def test_fenced_answer_is_accepted(fake: FakeOpenAI) -> None:
    fake.answer("```json\n" + json.dumps(GOOD) + "\n```")
    extractor = _extractor(fake)
    assert extractor.extract(TEXT, speaker_id=ME, at=AT).extractor == "llm"


def test_assistant_turns_keep_no_facts_from_the_model(fake: FakeOpenAI) -> None:
    fake.answer(json.dumps(GOOD))
    extraction = _extractor(fake).extract(TEXT, speaker_id=ME, at=AT, role="assistant")
    assert extraction.facts == () and extraction.intents == () and extraction.anchors == ("change",)


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("this is not json", "not JSON"),
        ("[1, 2]", "expected an object"),
        (json.dumps({**GOOD, "extra": 1}), "unexpected keys"),
        (json.dumps({k: v for k, v in GOOD.items() if k != "anchors"}), "missing keys"),
        (json.dumps({**GOOD, "facts": [{**GOOD["facts"][0], "predicate": "is_admin"}]}), "unknown predicate"),
        (json.dumps({**GOOD, "facts": [{**GOOD["facts"][0], "value": "  "}]}), "non-empty string"),
        (json.dumps({**GOOD, "facts": [{**GOOD["facts"][0], "value": 42}]}), "non-empty string"),
        (json.dumps({**GOOD, "facts": [{**GOOD["facts"][0], "confidence": 1.5}]}), "[0, 1]"),
        (json.dumps({**GOOD, "facts": [{**GOOD["facts"][0], "confidence": True}]}), "[0, 1]"),
        (json.dumps({**GOOD, "facts": [{**GOOD["facts"][0], "valid_from": "2026-03-02"}]}), "without a timezone"),
        (json.dumps({**GOOD, "facts": [{**GOOD["facts"][0], "valid_from": "last monday"}]}), "not an ISO-8601"),
        (json.dumps({**GOOD, "facts": [{**GOOD["facts"][0], "lasting": "yes"}]}), "true or false"),
        (json.dumps({**GOOD, "topics": ["weather"]}), "unknown label"),
        (json.dumps({**GOOD, "anchors": ["panic"]}), "unknown label"),
        (
            json.dumps({**GOOD, "intents": [{**GOOD["intents"][0], "time_range": {"unit": "eon", "offset": 1}}]}),
            "unknown unit",
        ),
        (
            json.dumps({**GOOD, "facts": [{**GOOD["facts"][0], "valid_to": "2026-03-01T00:00:00+00:00"}]}),
            "not after",
        ),
    ],
)
def test_bad_answers_fall_back_to_rules(fake: FakeOpenAI, content: str, reason: str) -> None:
    fake.answer(content)
    extractor = _extractor(fake)
    extraction = extractor.extract("I moved to Beijing last Monday.", speaker_id=ME, at=AT)
    assert extraction.extractor == "rules"
    assert [(f.predicate, f.value) for f in extraction.facts] == [("lives_in", "Beijing")]
    assert extractor.last_error is not None and reason in extractor.last_error


@pytest.mark.parametrize("status", [500, 503, 401])
def test_http_errors_fall_back_to_rules(fake: FakeOpenAI, status: int) -> None:
    fake.replies.append((status, b'{"error": "boom"}'))
    extractor = _extractor(fake)
    extraction = extractor.extract("以后都用周报B版", speaker_id=ME, at=AT)
    assert extraction.extractor == "rules" and extraction.facts[0].value == "周报B版"
    assert extractor.last_error is not None and f"HTTP {status}" in extractor.last_error


def test_unreachable_endpoint_falls_back_and_recovers(fake: FakeOpenAI) -> None:
    extractor = LLMExtractor(ChatClient("http://127.0.0.1:9/v1", None, "tiny", timeout=1), RuleExtractor())
    assert extractor.extract("I live in Paris", speaker_id=ME, at=AT).extractor == "rules"
    assert extractor.last_error is not None and "unreachable" in extractor.last_error
    fake.answer(json.dumps(GOOD))
    working = _extractor(fake)
    working.extract(TEXT, speaker_id=ME, at=AT)
    assert working.last_error is None


def test_registered_predicates_are_allowed(fake: FakeOpenAI) -> None:
    custom = {**GOOD, "facts": [{**GOOD["facts"][1], "predicate": "favorite_team", "subject": "Alice"}]}
    fake.answer(json.dumps(custom))
    extractor = _extractor(fake, predicates=("favorite_team",))
    (fact,) = extractor.extract(TEXT, speaker_id=ME, at=AT).facts
    assert (fact.subject, fact.predicate) == ("Alice", "favorite_team")


def test_parse_rejects_unknown_predicates_directly() -> None:
    with pytest.raises(ExtractionShapeError, match="unknown predicate"):
        parse_llm_extraction(json.dumps({**GOOD, "facts": [{**GOOD["facts"][0], "predicate": "x"}]}), speaker_id=ME)


class _ScriptedClient:
    """Answers GOOD for turns containing "good" and fails otherwise, in process (no server needed)."""

    def complete(self, messages: list[dict[str, str]], *, json_mode: bool = False) -> str:
        if "good" in messages[-1]["content"]:
            return json.dumps(GOOD)
        raise StorageError("LLM endpoint answered HTTP 503")


def test_last_error_is_each_threads_own_and_the_counts_add_up() -> None:
    # One extractor serves every request of a server: a failure on one thread must not show up as
    # another thread's last_error, nor a success hide it.
    extractor = LLMExtractor(_ScriptedClient(), RuleExtractor())
    first_done, second_done = threading.Barrier(2), threading.Barrier(2)
    seen: dict[str, str | None] = {}

    def good() -> None:
        extractor.extract("a good turn: I moved to Beijing", speaker_id=ME, at=AT)
        first_done.wait()
        second_done.wait()
        seen["good"] = extractor.last_error

    def bad() -> None:
        first_done.wait()
        extractor.extract("I moved to Beijing", speaker_id=ME, at=AT)
        seen["bad"] = extractor.last_error
        second_done.wait()

    threads = [threading.Thread(target=good), threading.Thread(target=bad)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=10)
    assert seen["good"] is None
    assert seen["bad"] is not None and "HTTP 503" in seen["bad"]
    assert extractor.last_error is None  # nothing was called on this thread
    assert (extractor.calls, extractor.fallbacks) == (2, 1)
