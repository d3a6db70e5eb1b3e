"""Checked files kept on disk between runs, so a run does not parse and validate them again.

One mechanism for everything printkit reads from YAML and checks with pydantic models (layouts,
the games' content). A :class:`DiskCache` keeps entries in its own folder,
``$XDG_CACHE_HOME/printkit/<folder>/`` (``~/.cache/printkit/<folder>/`` when that is unset),
each under a name made from its key (where the value was loaded from) and a fingerprint of the
code that checks it (printkit's version, Python's and pydantic-core's, read without importing it,
and the bytes of the modules that parse and validate, which the cache's owner names). An entry
keeps the sha256 of every file the value was read from: it is used only while each still has
those bytes, otherwise the value is loaded from its files again and the entry replaced. Entries of one fingerprint share a
subfolder; when a new fingerprint's subfolder is made (printkit upgraded, or a checkout's
checking code edited), all but the :data:`KEEP` most recently used subfolders of that cache are
deleted, so the cache does not grow with every release (two printkits in two venvs keep theirs). Entries are written atomically (a temp
file renamed over the entry); one that cannot be read (cut short, from another version) is
ignored and rebuilt; a cache folder that cannot be made or written is simply not used. Nothing
else changes: a value from the cache is the one its files would give, so output is the same bytes.

``PRINTKIT_CACHE=0`` turns every cache off (reads nothing, writes nothing).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any

#: Bumped when what an entry holds changes shape.
FORMAT = 1
#: A cache keeps the entries of at most this many fingerprints (the most recently used).
KEEP = 4

#: sha256 of a file's bytes, by (path, size, mtime_ns): a run hashes each file once.
_hashes: dict[tuple[str, int, int], str] = {}


def cache_dir(folder: str) -> Path | None:
    """Where ``folder``'s entries go, or None when caching is off."""
    if os.environ.get("PRINTKIT_CACHE", "") == "0":
        return None
    base = os.environ.get("XDG_CACHE_HOME") or ""
    if not os.path.isabs(base):  # unset or relative: ignored, as the XDG spec says
        home = os.path.expanduser("~")
        if not os.path.isabs(home):  # no home to be found: no cache
            return None
        base = os.path.join(home, ".cache")
    return Path(base) / "printkit" / folder


def file_hash(path: str) -> str | None:
    """The sha256 of the bytes of ``path``, or None if it cannot be read."""
    try:
        st = os.stat(path)
        key = (path, st.st_size, st.st_mtime_ns)
        digest = _hashes.get(key)
        if digest is None:
            with open(path, "rb") as f:
                digest = _hashes[key] = hashlib.sha256(f.read()).hexdigest()
        return digest
    except OSError:
        return None


@cache
def pydantic_core_version() -> str:
    """The installed pydantic-core's version, read from its distribution's folder beside the
    package (``pydantic_core-2.x.y.dist-info``) rather than by importing it (~15 ms, a tenth of
    a ``printkit make`` that finds everything in the caches); imported when that folder is not
    there or not alone. Found once a run (each cache's fingerprint names it: finding the
    package and listing its folder took ~1 ms)."""
    from importlib.util import find_spec

    spec = find_spec("pydantic_core")
    if spec is not None and spec.origin:
        site = os.path.dirname(os.path.dirname(spec.origin))
        try:
            found = [e.name for e in os.scandir(site) if e.name.startswith("pydantic_core-")
                     and e.name.endswith(".dist-info")]
        except OSError:
            found = []
        if len(found) == 1:
            return found[0][len("pydantic_core-"):-len(".dist-info")]
    import pydantic_core

    return pydantic_core.__version__


class DiskCache:
    """Values checked from files, kept in ``folder``; ``checkers`` names the files of the code
    that parses and checks them (called once, when an entry is first looked up)."""

    def __init__(self, folder: str, checkers: Callable[[], Iterable[str]]) -> None:
        self.folder = folder
        self._checkers = checkers
        self._fingerprint: str | None = None
        self._used = False

    def fingerprint(self) -> str:
        """What the checking code is: versions and the bytes of its modules (an edited checkout
        gets new entries)."""
        if self._fingerprint is None:
            # pydantic-core's version names pydantic's too (pydantic pins the one it was built
            # with), and a command that finds its content here needs no pydantic (core/compiled.py).
            import printkit

            h = hashlib.sha256(f"{FORMAT} {printkit.__version__} {sys.version} {pydantic_core_version()}".encode())
            for path in self._checkers():
                h.update((file_hash(path) or "?").encode())
            self._fingerprint = h.hexdigest()
        return self._fingerprint

    def _entry(self, key: tuple[str, ...]) -> Path | None:
        folder = self._folder()
        if folder is None:
            return None
        name = hashlib.sha256("\0".join((self.fingerprint(), *key)).encode()).hexdigest()[:32]
        return folder / f"{name}.pickle"

    def _folder(self) -> Path | None:
        """This fingerprint's subfolder (its time of use refreshed once a run), or None when off."""
        base = cache_dir(self.folder)
        if base is None:
            return None
        folder = base / self.fingerprint()[:32]
        if not self._used:
            self._used = True
            with contextlib.suppress(OSError):
                os.utime(folder)  # most recently used: the last to be pruned
        return folder

    def _made(self, folder: Path) -> None:
        """Make ``folder`` (this fingerprint's); if it is new, prune the others (see the module)."""
        if folder.is_dir():
            return
        folder.mkdir(parents=True, exist_ok=True)
        prune(folder.parent, KEEP)

    def get(self, key: tuple[str, ...]) -> Any | None:
        """The value kept for ``key`` if every file it read still has the same bytes, else None."""
        path = self._entry(key)
        if path is None:
            return None
        try:
            with open(path, "rb") as f:
                stored_key, sources, value = pickle.load(f)
        except Exception:  # missing, cut short, another version's classes: load from the files
            return None
        if stored_key != key or any(file_hash(src) != digest for src, digest in sources.items()):
            return None
        return value

    def put(self, key: tuple[str, ...], sources: list[str], value: Any) -> None:
        """Keep ``value`` (loaded from ``sources``) for ``key``; silently nothing if it cannot be written."""
        path = self._entry(key)
        if path is None:
            return
        digests = {src: file_hash(src) for src in sources}
        if None in digests.values():
            return
        tmp = None
        try:
            data = pickle.dumps((key, digests, value), protocol=pickle.HIGHEST_PROTOCOL)
            self._made(path.parent)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
            tmp = None
        except Exception:  # a read-only or full disk, an object that does not pickle: no cache
            pass
        finally:
            if tmp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)


def prune(base: Path, keep: int) -> None:
    """Delete all but the ``keep`` most recently used fingerprint subfolders of ``base`` (by
    modification time, which a run's first look and every write refresh) and any loose entry
    (an earlier printkit kept entries directly in ``base``). Errors are ignored: another
    process may be pruning too."""
    try:
        children = list(os.scandir(base))
    except OSError:
        return
    folders = []
    for child in children:
        try:
            if child.is_dir(follow_symlinks=False):
                folders.append((child.stat(follow_symlinks=False).st_mtime_ns, child.path))
            elif child.name.endswith(".pickle"):
                os.unlink(child.path)
        except OSError:
            continue
    folders.sort(reverse=True)
    for _, path in folders[keep:]:
        shutil.rmtree(path, ignore_errors=True)
