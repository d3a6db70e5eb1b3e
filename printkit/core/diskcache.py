"""Parsed files kept on disk between runs, so a run does not parse them again.

A :class:`DiskCache` keeps plain data (what JSON holds: mappings with string keys, lists,
strings, numbers, booleans, null) in its own folder, ``$XDG_CACHE_HOME/printkit/<folder>/``
(``~/.cache/printkit/<folder>/`` when that is unset), each entry a JSON file named from its key
and a fingerprint of the code that reads it: printkit's version, Python's, and a digest of
printkit's installed source (every ``.py`` file of the package by path, size and modification
time, listed once a run), plus any files the cache's owner names. An entry keeps the sha256 of
every file its value was read from: it is used only while each still has those bytes, otherwise
the value is read from its files again and the entry replaced. A value that would not come back
from JSON equal to itself (a mapping with number keys, a tuple, a date) is simply not kept.

Only the user may write the cache: the folders are made ``0o700``, and a ``printkit`` folder or
cache folder that another user owns, that the group or others may write, or that is a symbolic
link, is not used (the run reads its files, as with the cache off). Entries are written
atomically (a temp file renamed over the entry), each the sha256 of its JSON text on a first
line, then the text (:func:`entry_bytes`), and checked on every read: an entry with a wrong
checksum (a damaged byte, cut short), that is not JSON or that holds another key's value, and
anything that is not a regular file in an entry's place (a FIFO, device, socket, folder or
symbolic link: never opened, never followed), is removed with one warning line a run
(``printkit: warning: disk cache: ...``) and rebuilt; the run's output is the same. A folder
that cannot be made or written is simply not used. A value from the cache is the one its files
would give, so output is the same bytes.

The cache stays bounded: entries of one fingerprint share a subfolder; when a new
fingerprint's subfolder is made (printkit upgraded, or a checkout edited), all but the
:data:`KEEP` most recently used subfolders of that cache are deleted, and a subfolder keeps at
most :data:`MAX_ENTRIES` entries of :data:`MAX_BYTES` bytes in all (the oldest written go
first): a cache folder holds at most ``KEEP * MAX_BYTES`` bytes of entries.

``PRINTKIT_CACHE=0`` turns every cache off (reads nothing, writes nothing).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import shutil
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

#: Bumped when what an entry holds changes shape.
FORMAT = 3
#: A cache keeps the entries of at most this many fingerprints (the most recently used).
KEEP = 4
#: A fingerprint's subfolder keeps at most this many entries (the most recently written).
MAX_ENTRIES = 1000
#: ... and at most this many bytes of entries (a whole kit's parsed layouts and data take ~0.5 MB;
#: entries are keyed by content, so every edit of a file adds one): a cache folder never holds
#: more than KEEP * MAX_BYTES (README.md's bound, tests/core/test_diskcache.py).
MAX_BYTES = 2_000_000
#: An entry's file name ends so.
SUFFIX = ".json"

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
            data = read_regular(path, follow=True)  # a FIFO is never opened
            if not isinstance(data, bytes):
                return None
            digest = _hashes[key] = hashlib.sha256(data).hexdigest()
        return digest
    except OSError:
        return None


@functools.cache
def source_digest() -> str:
    """A digest of printkit's installed source: every ``.py`` file of the package, by path,
    size and modification time (listing them costs ~1 ms a run; hashing their bytes ~10 times
    more). A release, an upgrade or an edit of a checkout gives a new digest."""
    root = str(Path(__file__).resolve().parents[1])
    h = hashlib.sha256()
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with contextlib.suppress(OSError):
                    st = os.stat(path)
                    h.update(f"{path[len(root):]}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def private(folder: Path) -> bool:
    """Whether ``folder`` is a folder only this user may write: this user's (where the system
    has user ids), not writable by the group or others, and not a symbolic link (which whoever
    made it could point at another folder, whose files pruning would delete)."""
    try:
        st = os.lstat(folder)
    except OSError:
        return False
    if not stat.S_ISDIR(st.st_mode) or st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return False
    getuid = getattr(os, "getuid", None)
    return getuid is None or st.st_uid == getuid()


def _private_folder(folder: Path) -> bool:
    """Make ``folder`` and its missing parents (each ``0o700``: mkdir's parents would get the
    default mode); whether it and its parent (the ``printkit`` folder) are :func:`private`."""
    missing = [p for p in (folder, *folder.parents) if not p.is_dir()]
    try:
        for made in reversed(missing):
            made.mkdir(mode=0o700, exist_ok=True)
    except OSError:
        return False
    return private(folder.parent) and private(folder)


def entry_bytes(body: bytes) -> bytes:
    """An entry's bytes: the sha256 of ``body`` (64 hex digits), a newline, then ``body``.

    >>> entry_bytes(b"{}")[:16], entry_bytes(b"{}")[64:]
    (b'44136fa355b3678a', b'\\n{}')
    """
    return hashlib.sha256(body).hexdigest().encode() + b"\n" + body


def entry_body(data: bytes) -> bytes | None:
    """The body of an entry's bytes ``data`` if its checksum is right, else None (any damaged
    byte, header or body, or an entry cut short).

    >>> entry_body(entry_bytes(b'{"a": 1}'))
    b'{"a": 1}'
    >>> entry_body(entry_bytes(b'{"a": 1}').replace(b"1}", b"2}")) is None
    True
    """
    head, newline, body = data.partition(b"\n")
    return body if newline and head == hashlib.sha256(body).hexdigest().encode() else None


def read_regular(path: Path | str, follow: bool = False) -> bytes | str | None:
    """The bytes of ``path`` when it is a regular file; None when there is none; else what is
    there instead, in words ("a FIFO", "a symbolic link" ...). Nothing else is ever opened: a
    FIFO, device or socket could block or never end, and a link (unless ``follow``) could lead
    anywhere: it is not followed (``O_NOFOLLOW``; ``O_NONBLOCK`` in case a FIFO is put in the
    file's place meanwhile)."""
    try:
        st = os.stat(path) if follow else os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode):
        return _KINDS.get(stat.S_IFMT(st.st_mode), "a special file")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | (0 if follow else getattr(os, "O_NOFOLLOW", 0))
    try:
        fd = os.open(path, flags)
    except OSError:
        return "a file that cannot be opened"
    try:
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return "a special file"
            return f.read()
    except OSError:
        return "a file that cannot be read"


_KINDS = {stat.S_IFLNK: "a symbolic link", stat.S_IFIFO: "a FIFO", stat.S_IFDIR: "a folder",
          stat.S_IFSOCK: "a socket", stat.S_IFCHR: "a device", stat.S_IFBLK: "a device"}


class DiskCache:
    """Values read from files, kept in ``folder``; ``checkers`` names the files of further code
    that reads them (outside printkit's source, which is always part of the fingerprint; called
    once, when an entry is first looked up). For values that hold more than JSON says, ``encode``
    turns a value into what JSON holds and ``object_hook`` is given each JSON object read back
    (``json.loads``'); a value that does not come back equal is not kept."""

    def __init__(self, folder: str, checkers: Callable[[], Iterable[str]] | None = None,
                 encode: Callable[[Any], Any] | None = None,
                 object_hook: Callable[[dict], Any] | None = None) -> None:
        self.folder = folder
        self._checkers = checkers
        self._encode = encode
        self._object_hook = object_hook
        self._fingerprint: str | None = None
        self._checked: dict[Path, Path | None] = {}  # each base folder's subfolder, once checked
        self._warned: set[Path] = set()  # the folders a bad entry was dropped from this run

    def fingerprint(self) -> str:
        """What the reading code is: versions, printkit's source and the checkers' bytes."""
        if self._fingerprint is None:
            import printkit

            h = hashlib.sha256(f"{FORMAT} {printkit.__version__} {sys.version} {source_digest()}".encode())
            for path in self._checkers() if self._checkers else ():
                h.update((file_hash(path) or "?").encode())
            self._fingerprint = h.hexdigest()
        return self._fingerprint

    def _folder(self) -> Path | None:
        """This fingerprint's subfolder, made and checked (its time of use refreshed) once a
        run; None when caching is off or the folder is not the user's alone."""
        base = cache_dir(self.folder)
        if base is None:
            return None
        if base not in self._checked:
            folder = base / self.fingerprint()[:32]
            new = not folder.is_dir()
            private = _private_folder(base) and _private_folder(folder)
            if private and new:
                prune(base, KEEP)
            elif private:
                with contextlib.suppress(OSError):
                    os.utime(folder)  # most recently used: the last to be pruned
            self._checked[base] = folder if private else None
        return self._checked[base]

    def _entry(self, key: tuple[str, ...]) -> Path | None:
        folder = self._folder()
        if folder is None:
            return None
        name = hashlib.sha256("\0".join((self.fingerprint(), *key)).encode()).hexdigest()[:32]
        return folder / f"{name}{SUFFIX}"

    def get(self, key: tuple[str, ...]) -> Any | None:
        """The value kept for ``key`` if every file it read still has the same bytes, else None.
        An entry that is not what it should be (not a regular file, a wrong checksum, not JSON,
        another key's) is removed, with one warning a run (:meth:`_drop`), and so rebuilt."""
        path = self._entry(key)
        if path is None:
            return None
        data = read_regular(path)
        if data is None:
            return None
        found = self._decode(data, key) if isinstance(data, bytes) else None
        if found is None:
            self._drop(path, f"{data} in place of an entry" if isinstance(data, str) else "a damaged entry")
            return None
        sources, value = found
        if any(file_hash(src) != digest for src, digest in sources.items()):
            return None
        return value

    def _decode(self, data: bytes, key: tuple[str, ...]) -> tuple[dict[str, str], Any] | None:
        """(sources, value) of an entry's bytes if its checksum is right, it is JSON of an
        entry's shape and it is ``key``'s; else None."""
        body = entry_body(data)
        if body is None:
            return None
        try:
            entry = json.loads(body, object_hook=self._object_hook)
            stored_key, sources, value = entry["key"], entry["sources"], entry["value"]
        except Exception:  # not JSON, or not an entry (whatever the object hook made of it)
            return None
        ok = stored_key == list(key) and isinstance(sources, dict)
        return (sources, value) if ok else None

    def _drop(self, path: Path, what: str) -> None:
        """Remove the bad entry ``path`` (a folder in its place too) and say so, once a run for
        each cache folder: the value is read from its files again and the entry rewritten."""
        with contextlib.suppress(OSError):
            if stat.S_ISDIR(os.lstat(path).st_mode):
                shutil.rmtree(path)
            else:
                os.unlink(path)
        if path.parent not in self._warned:
            self._warned.add(path.parent)
            with contextlib.suppress(OSError):  # a warning never stops a run
                sys.stderr.write(f"printkit: warning: disk cache: {what} ({path}) was dropped; "
                                 "it is rebuilt from the files it came from\n")

    def put(self, key: tuple[str, ...], sources: list[str], value: Any) -> None:
        """Keep ``value`` (plain data read from ``sources``) for ``key``; silently nothing if it
        cannot be written or would not come back from JSON equal to itself."""
        path = self._entry(key)
        if path is None:
            return
        digests = {src: file_hash(src) for src in sources}
        if None in digests.values():
            return
        tmp = None
        try:
            kept = self._encode(value) if self._encode else value
            text = json.dumps({"key": list(key), "sources": digests, "value": kept}, ensure_ascii=False)
            if json.loads(text, object_hook=self._object_hook)["value"] != value:
                return
            new = not path.exists()
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
            with os.fdopen(fd, "wb") as f:
                f.write(entry_bytes(text.encode("utf-8")))
            os.replace(tmp, path)
            tmp = None
            if new:
                trim(path.parent, MAX_ENTRIES, MAX_BYTES)
        except Exception:  # a read-only or full disk, a value JSON cannot hold: no cache
            pass
        finally:
            if tmp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)


def prune(base: Path, keep: int) -> None:
    """Delete all but the ``keep`` most recently used fingerprint subfolders of ``base`` (by
    modification time, which a run's first look and every write refresh) and any loose file
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
            else:
                os.unlink(child.path)
        except OSError:
            continue
    folders.sort(reverse=True)
    for _, path in folders[keep:]:
        shutil.rmtree(path, ignore_errors=True)


def trim(folder: Path, most: int, most_bytes: int) -> None:
    """Delete the oldest written entries of ``folder`` (and any other file: an earlier
    printkit's pickles) until at most ``most`` entries are left, of at most ``most_bytes``
    bytes in all. Errors are ignored."""
    entries = []
    try:
        for child in os.scandir(folder):
            with contextlib.suppress(OSError):
                if not child.name.endswith(SUFFIX):
                    if not child.name.endswith(".part"):  # another process's write in flight
                        os.unlink(child.path)
                    continue
                st = child.stat(follow_symlinks=False)
                entries.append((st.st_mtime_ns, child.path, st.st_size))
    except OSError:
        return
    entries.sort()
    total = sum(size for _, _, size in entries)
    for n, (_, path, size) in enumerate(entries):
        if len(entries) - n <= most and total <= most_bytes:
            break
        total -= size
        with contextlib.suppress(OSError):
            os.unlink(path)
