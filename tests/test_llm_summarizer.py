"""The OpenAI-compatible chat client and the LLM summarizer, against a local fake server."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from palimpsest.core.summarize import RuleSummarizer
from palimpsest.errors import ConfigError, StorageError
from palimpsest.llm import ChatClient, LLMSummarizer
from palimpsest.llm.summarizer import SummaryShapeError, parse_sections
from palimpsest.types import Summary, SummarySections, Turn

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)

GOOD = {
    "topic": "退款",
    "confirmed_facts": ["订单号：JD20240615001"],
    "open_items": ["用户问：退款什么时候到账？"],
    "entities": ["JD20240615001", "京东"],
    "intent": "退款申请",
    "sentiment": "negative",
}


@dataclass
class Reply:
    status: int = 200
    body: bytes = b""
    delay: float = 0.0


@dataclass
class FakeOpenAI:
    """An OpenAI-compatible ``/chat/completions`` endpoint that answers from a queue."""

    url: str = ""
    replies: list[Reply] = field(default_factory=list)
    requests: list[tuple[dict[str, str], dict[str, Any]]] = field(default_factory=list)

    def answer(self, content: str) -> None:
        completion = {"choices": [{"index": 0, "message": {"role": "assistant", "content": content}}]}
        self.replies.append(Reply(body=json.dumps(completion).encode()))

    def fail(self, status: int, body: bytes = b'{"error": "boom"}') -> None:
        self.replies.append(Reply(status=status, body=body))


class QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # The timeout test hangs up before the reply; the resulting broken pipe is expected.
        return


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    state = FakeOpenAI()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length))
            state.requests.append((dict(self.headers), body))
            reply = state.replies.pop(0) if state.replies else Reply(status=500)
            time.sleep(reply.delay)
            self.send_response(reply.status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(reply.body)))
            self.end_headers()
            self.wfile.write(reply.body)

        def log_message(self, format: str, *args: Any) -> None:  # keep test output clean
            return

    server = QuietServer(("127.0.0.1", 0), Handler)
    state.url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    # A short poll interval keeps shutdown (once per test) fast.
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    yield state
    server.shutdown()
    server.server_close()
    thread.join()


def _turns() -> list[Turn]:
    said = [
        ("user", "我要退款，订单号是JD20240615001"),
        ("assistant", "好的，请问退款原因是什么？"),
        ("user", "电饭煲坏了"),
    ]
    return [Turn(f"t{i}", "default", "u1", "s1", role, text, T0, T0, f"h{i}") for i, (role, text) in enumerate(said)]


def _summarizer(fake: FakeOpenAI, timeout: float = 5.0) -> LLMSummarizer:
    return LLMSummarizer(ChatClient(fake.url, "sk-test", "tiny-model", timeout=timeout), RuleSummarizer())


# ---------------------------------------------------------------------------- client


def test_client_sends_an_openai_json_mode_request(fake: FakeOpenAI) -> None:
    fake.answer('{"ok": true}')
    client = ChatClient(fake.url + "/", "sk-test", "tiny-model", timeout=5)
    assert client.complete([{"role": "user", "content": "hi"}], json_mode=True) == '{"ok": true}'
    headers, body = fake.requests[0]
    assert headers["Authorization"] == "Bearer sk-test"
    assert body["model"] == "tiny-model"
    assert body["messages"] == [{"role": "user", "content": "hi"}]
    assert body["response_format"] == {"type": "json_object"}
    assert "sk-test" not in repr(client)


def test_client_without_key_sends_no_authorization(fake: FakeOpenAI) -> None:
    fake.answer("plain")
    assert ChatClient(fake.url, None, "m").complete([{"role": "user", "content": "hi"}]) == "plain"
    headers, body = fake.requests[0]
    assert "Authorization" not in headers
    assert "response_format" not in body


@pytest.mark.parametrize(
    ("status", "body", "error"),
    [
        (401, b'{"error": "bad key"}', ConfigError),
        (404, b'{"error": "no such model"}', ConfigError),
        (500, b'{"error": "boom"}', StorageError),
        (503, b"", StorageError),
        (200, b"<html>not json</html>", StorageError),
        (200, b'{"choices": []}', StorageError),
        (200, b'{"choices": [{"message": {"content": null}}]}', StorageError),
    ],
)
def test_client_maps_failures_to_palimpsest_errors(
    fake: FakeOpenAI, status: int, body: bytes, error: type[Exception]
) -> None:
    fake.replies.append(Reply(status=status, body=body))
    with pytest.raises(error):
        ChatClient(fake.url, "k", "m").complete([{"role": "user", "content": "hi"}])


def test_client_timeout_is_a_storage_error(fake: FakeOpenAI) -> None:
    fake.replies.append(Reply(body=b"{}", delay=0.5))
    with pytest.raises(StorageError, match="unreachable"):
        ChatClient(fake.url, "k", "m", timeout=0.1).complete([{"role": "user", "content": "hi"}])


@pytest.mark.parametrize(
    ("base_url", "model", "timeout"),
    [("ftp://example.com", "m", 1.0), ("localhost:8000", "m", 1.0), ("http://h", "", 1.0), ("http://h", "m", 0.0)],
)
def test_client_rejects_bad_configuration(base_url: str, model: str, timeout: float) -> None:
    with pytest.raises(ConfigError):
        ChatClient(base_url, None, model, timeout)


# ---------------------------------------------------------------------------- summarizer


def test_llm_summary_is_used_when_valid(fake: FakeOpenAI) -> None:
    fake.answer(json.dumps(GOOD, ensure_ascii=False))
    summarizer = _summarizer(fake)
    previous = SummarySections(topic="订单")
    result = summarizer.summarize_session(previous, _turns())
    assert result.topic == "退款"
    assert result.confirmed_facts == ("订单号：JD20240615001",)
    assert result.open_items == ("用户问：退款什么时候到账？",)
    assert result.entities == ("JD20240615001", "京东")
    assert (result.intent, result.sentiment) == ("退款申请", "negative")
    assert summarizer.last_error is None
    prompt = fake.requests[0][1]["messages"][1]["content"]
    assert '"topic": "订单"' in prompt  # the previous summary is part of the request
    assert "user: 电饭煲坏了" in prompt


@pytest.mark.parametrize(
    ("reply", "reason"),
    [
        ("this is not json", "not JSON"),
        (json.dumps({k: v for k, v in GOOD.items() if k != "entities"}), "missing ['entities']"),
        (json.dumps({**GOOD, "sentiment": "ecstatic"}), "sentiment must be one of"),
        (json.dumps({**GOOD, "open_items": "one item"}), "open_items must be a list"),
    ],
)
def test_invalid_llm_answer_falls_back_to_rules(fake: FakeOpenAI, reply: str, reason: str) -> None:
    fake.answer(reply)
    summarizer = _summarizer(fake)
    result = summarizer.summarize_session(None, _turns())
    assert result == RuleSummarizer().summarize_session(None, _turns())
    assert summarizer.last_error is not None
    assert reason in summarizer.last_error


def test_server_error_falls_back_to_rules(fake: FakeOpenAI) -> None:
    fake.fail(500)
    summarizer = _summarizer(fake)
    result = summarizer.summarize_session(None, _turns())
    assert result.confirmed_facts == ("订单号：JD20240615001",)
    assert summarizer.last_error is not None
    assert summarizer.last_error.startswith("StorageError: LLM endpoint answered HTTP 500")


def test_unreachable_endpoint_falls_back_and_recovers(fake: FakeOpenAI) -> None:
    summarizer = _summarizer(fake, timeout=0.1)
    fake.replies.append(Reply(body=b"{}", delay=0.5))
    assert summarizer.summarize_session(None, _turns()).intent == "退款申请"
    assert summarizer.last_error is not None
    fake.answer(json.dumps(GOOD))
    assert summarizer.summarize_session(None, _turns()).topic == "退款"
    assert summarizer.last_error is None  # describes the latest call only


def test_llm_storyline_and_its_fallback(fake: FakeOpenAI) -> None:
    sections = RuleSummarizer().summarize_session(None, _turns())
    sessions = [Summary("a", "default", "u1", "session", sections, ("t0",), T0, "s1")]
    fake.answer(json.dumps({**GOOD, "topic": "退款（多次）"}))
    summarizer = _summarizer(fake)
    assert summarizer.storyline(sessions).topic == "退款（多次）"
    assert "oldest first" in fake.requests[0][1]["messages"][1]["content"]
    fake.fail(502)
    assert summarizer.storyline(sessions) == RuleSummarizer().storyline(sessions)
    assert summarizer.last_error is not None


def test_nothing_to_summarize_makes_no_request(fake: FakeOpenAI) -> None:
    summarizer = _summarizer(fake)
    assert summarizer.summarize_session(None, []) == SummarySections()
    assert summarizer.storyline([]) == SummarySections()
    assert fake.requests == []


# ---------------------------------------------------------------------------- shape validation


def test_parse_sections_accepts_a_fenced_object_and_normalises() -> None:
    answer = "```json\n" + json.dumps({**GOOD, "sentiment": "Negative", "entities": ["京东", "京东 "]}) + "\n```"
    sections = parse_sections(answer)
    assert sections.sentiment == "negative"
    assert sections.entities == ("京东",)


@pytest.mark.parametrize(
    "payload",
    [
        [GOOD],
        {**GOOD, "extra": 1},
        {**GOOD, "topic": 3},
        {**GOOD, "entities": ["ok", ""]},
        {**GOOD, "entities": ["ok", 7]},
        {**GOOD, "confirmed_facts": ["x"] * 51},
        {**GOOD, "intent": "x" * 301},
    ],
    ids=["array", "extra-key", "topic-type", "empty-entity", "entity-type", "too-many", "too-long"],
)
def test_parse_sections_rejects_wrong_shapes(payload: object) -> None:
    with pytest.raises(SummaryShapeError):
        parse_sections(json.dumps(payload))
