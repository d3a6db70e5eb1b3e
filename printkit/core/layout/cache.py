"""Checked layouts kept on disk between runs (printkit/core/diskcache.py), so a run does not
parse and validate them again.

A layout that loaded without a problem is pickled to ``$XDG_CACHE_HOME/printkit/layouts/``
(``~/.cache/printkit/layouts/`` when that is unset) under a name made from where it was loaded
from (the file, the layouts folder, the folder includes may come from) and a fingerprint of the
code that checks layouts (printkit's version, Python's and pydantic-core's, and the bytes of the
modules that parse, validate and lighten them: :data:`CHECKERS`). An entry holds the layout in
its light form (core/layout/kinds.py), so reading it imports no pydantic. The entry keeps the
sha256 of every file the layout read (itself and its includes): it is used only while each
still has those bytes.
``PRINTKIT_CACHE=0`` turns the cache off.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit.core.diskcache import DiskCache, file_hash
from printkit.core.diskcache import cache_dir as _cache_dir

__all__ = ["cache_dir", "file_hash", "fingerprint", "get", "put"]


#: The modules that parse, check and lighten layouts (the light classes' too: an entry holds them).
CHECKERS = ("printkit.core.layout.load", "printkit.core.layout.model", "printkit.core.layout.template",
            "printkit.core.layout.kinds", "printkit.core.layout.modelfast", "printkit.core.compiled",
            "printkit.core.yamlio", "printkit.core.units", "printkit.core.typescale", "printkit.core.geometry.pathdata")


def _checkers() -> list[str]:
    """The files of :data:`CHECKERS`, found without importing them (``model`` would import
    pydantic); ``?`` for one that is missing (a run without the light classes has its own entries)."""
    from importlib.util import find_spec

    files = []
    for name in CHECKERS:
        spec = find_spec(name)
        files.append(str(spec.origin) if spec is not None and spec.origin else "?")
    return files


LAYOUTS = DiskCache("layouts", _checkers)


def cache_dir() -> Path | None:
    """Where entries go, or None when the cache is off."""
    return _cache_dir(LAYOUTS.folder)


def fingerprint() -> str:
    """What the code that checks layouts is (see DiskCache.fingerprint)."""
    return LAYOUTS.fingerprint()


def get(key: tuple[str, ...]) -> Any | None:
    """The layout kept for ``key`` if every file it read still has the same bytes, else None."""
    return LAYOUTS.get(key)


def put(key: tuple[str, ...], sources: list[str], layout: Any) -> None:
    """Keep ``layout`` (loaded from ``sources``) for ``key``; silently nothing if it cannot be written."""
    LAYOUTS.put(key, sources, layout)
