"""A small OpenAI-compatible chat client on the standard library (urllib).

Works with any server that speaks ``POST {base_url}/chat/completions`` (OpenAI, vLLM,
Ollama, llama.cpp server). It never reads the environment: the caller passes the URL,
key and model explicitly (the CLI/REST entry points read them from configuration).

Errors are palimpsest errors: a request the server refuses as misconfigured (bad
URL, key or model: 400/401/403/404) is a :class:`~palimpsest.errors.ConfigError`;
anything else (network, timeouts, 5xx, a reply that is not a chat completion) is a
:class:`~palimpsest.errors.StorageError`, the "backend failed" error.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlsplit

from palimpsest.errors import ConfigError, StorageError

__all__ = ["ChatClient"]

_CONFIG_STATUSES = frozenset({400, 401, 403, 404, 405, 422})
_MAX_ERROR_BODY = 300


class ChatClient:
    """``complete()`` one chat request against an OpenAI-compatible endpoint."""

    def __init__(self, base_url: str, api_key: str | None, model: str, timeout: float = 30.0) -> None:
        parts = urlsplit(base_url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ConfigError(f"LLM base_url must be an http(s) URL, got {base_url!r}")
        if not model:
            raise ConfigError("LLM model must be given")
        if timeout <= 0:
            raise ConfigError(f"LLM timeout must be positive, got {timeout!r}")
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.timeout = timeout
        self._api_key = api_key

    def __repr__(self) -> str:
        # The key stays out of reprs and logs.
        return f"ChatClient(base_url={self.base_url!r}, model={self.model!r}, timeout={self.timeout!r})"

    def complete(
        self, messages: Sequence[Mapping[str, str]], *, json_mode: bool = False, temperature: float = 0.0
    ) -> str:
        """The assistant message's content for ``messages``.

        ``json_mode`` asks the server for a JSON object (``response_format``); the caller
        still validates what comes back, since not every server honours it.
        """
        body: dict[str, Any] = {"model": self.model, "messages": list(messages), "temperature": temperature}
        if json_mode:
            body["response_format"] = {"type": "json_object"}
        reply = self._post("/chat/completions", body)
        return _message_content(reply)

    def _post(self, path: str, body: Mapping[str, Any]) -> Any:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        request = urllib.request.Request(
            self.base_url + path, data=json.dumps(body).encode("utf-8"), headers=headers, method="POST"
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                raw = response.read()
        except urllib.error.HTTPError as exc:
            detail = exc.read(_MAX_ERROR_BODY).decode("utf-8", "replace")
            exc.close()
            error = ConfigError if exc.code in _CONFIG_STATUSES else StorageError
            raise error(f"LLM endpoint answered HTTP {exc.code}: {detail}") from exc
        except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
            raise StorageError(f"LLM endpoint unreachable: {exc}") from exc
        try:
            return json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise StorageError("LLM endpoint returned a body that is not JSON") from exc


def _message_content(reply: Any) -> str:
    try:
        content = reply["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError) as exc:
        raise StorageError("LLM endpoint returned no chat completion (choices[0].message.content)") from exc
    if not isinstance(content, str):
        raise StorageError("LLM chat completion content is not a string")
    return content
