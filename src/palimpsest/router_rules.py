"""Loading router rules from YAML, reloaded when the file changes (the I/O half of
``core.router``)."""

from __future__ import annotations

import threading
from importlib import resources
from pathlib import Path

import yaml

from palimpsest.core.router import RouterRecipe, recipe_from_dict
from palimpsest.errors import ConfigError


def _parse(text: str, origin: str) -> RouterRecipe:
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ConfigError(f"router rules {origin}: not valid YAML: {exc}") from exc
    return recipe_from_dict(data)


def default_recipe() -> RouterRecipe:
    text = resources.files("palimpsest").joinpath("data/router.yaml").read_text(encoding="utf-8")
    return _parse(text, "(packaged default)")


class ReloadingRecipe:
    """Returns the current recipe; re-reads the file when its mtime or size changes.

    A broken edit keeps the last good recipe in force (and ``last_error`` says why), so
    a typo in production cannot take the router down.
    """

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.last_error: str | None = None
        self._lock = threading.Lock()
        self._stamp: tuple[float, int] | None = None
        if path is None:
            self._recipe = default_recipe()
        else:
            self._recipe = _parse(self._read(path), str(path))
            self._stamp = self._stat(path)

    @staticmethod
    def _read(path: Path) -> str:
        try:
            return path.read_text(encoding="utf-8")
        except OSError as exc:
            raise ConfigError(f"router rules {path}: cannot read: {exc}") from exc

    @staticmethod
    def _stat(path: Path) -> tuple[float, int]:
        st = path.stat()
        return (st.st_mtime, st.st_size)

    def get(self) -> RouterRecipe:
        if self.path is None:
            return self._recipe
        try:
            stamp = self._stat(self.path)
        except OSError as exc:
            self.last_error = f"cannot stat {self.path}: {exc}"
            return self._recipe
        if stamp != self._stamp:
            with self._lock:
                if stamp != self._stamp:
                    try:
                        self._recipe = _parse(self._read(self.path), str(self.path))
                        self.last_error = None
                    except ConfigError as exc:
                        self.last_error = str(exc)
                    self._stamp = stamp
        return self._recipe
