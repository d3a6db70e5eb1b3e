"""Writing files: names that say what they are, written atomically (temp file, then rename).

A file is written to a hidden temp file ``.NAME.XXXXXXXX.pkPID.part`` beside it and renamed
over ``NAME`` only when whole, so ``NAME`` is always either the old file or the whole new one
(on a full disk, or past a size limit such as ``ulimit -f``, the old file stays as it was).
A file is never written through a symbolic link: when ``NAME`` is a link, the rename replaces
the link itself with the new file, and what the link pointed to is left untouched. Every file
printkit writes goes through here (``make``'s files, ``solve --out``, ``score --as-record``;
the disk cache writes its entries the same way, temp file and rename).
An interrupted write removes its temp file; a run that was killed outright (SIGKILL, power
cut) leaves one behind, and the next run writing into the same folder removes it (its PID no
longer runs). Files get the permissions the umask allows (0644 under the usual umask 022).

Every way the system can refuse a write (no space, read-only, a file or folder in the way, a
name too long) is a PrintkitError naming the path: one line for the user, never a traceback.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import re
import stat
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

from printkit.core.draw.ops import Document
from printkit.core.draw.page import PrintOptions
from printkit.errors import PrintkitError

#: What the system said, in words the user can act on.
_REASONS = {
    errno.ENOSPC: "no space left on the disk; free some space or choose another folder",
    errno.EDQUOT: "disk quota exceeded; free some space or choose another folder",
    errno.EACCES: "permission denied; choose a folder you can write to",
    errno.EPERM: "permission denied; choose a folder you can write to",
    errno.EROFS: "the disk is read-only; choose a folder you can write to",
    errno.ENAMETOOLONG: "the name is too long; choose a shorter path",
    errno.EISDIR: "a folder of that name is in the way; choose another name or remove the folder",
    errno.ENOTDIR: "part of the path is a file, not a folder; choose another folder",
    errno.EEXIST: "a file of that name is in the way, where a folder is needed; choose another folder",
    errno.ENOENT: "files cannot be made there; choose another folder",
    errno.EFBIG: "the file is larger than this system lets a program write (ulimit -f); raise the limit",
}

_PART = re.compile(r"^\..+\.[a-z0-9_]{8}\.pk(\d+)\.part$")
#: Temp files of printkit before their names carried a PID: removed once an hour old.
_OLD_PART = re.compile(r"^\..+\.(pdf|svg|json)\.[a-z0-9_]{8}\.part$")
_swept: set[Path] = set()


def output_error(path: Path, e: OSError) -> PrintkitError:
    """The one-line error for ``e``, raised while writing ``path``."""
    reason = _REASONS.get(e.errno or 0, e.strerror or str(e))
    return PrintkitError(f"cannot write {path}: {reason}")


def prepare_folder(folder: Path) -> None:
    """Make ``folder`` (and its parents) if needed; a PrintkitError if it cannot be a folder."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # mkdir says EEXIST when a file has the folder's name
        raise output_error(folder, OSError(errno.EEXIST, "exists")) from None
    except OSError as e:
        raise output_error(folder, e) from None
    if not folder.is_dir():
        raise output_error(folder, OSError(errno.ENOTDIR, "not a folder"))
    _sweep(folder)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # exists, but not ours (EPERM)
        return True
    return True


def _stale(entry: os.DirEntry) -> bool:
    m = _PART.match(entry.name)
    if m:
        return not _alive(int(m.group(1)))
    if _OLD_PART.match(entry.name):
        return time.time() - entry.stat().st_mtime > 3600
    return False


def _sweep(folder: Path) -> None:
    """Remove temp files left in ``folder`` by runs that were killed (once per folder and run)."""
    key = folder.resolve()
    if key in _swept:
        return
    _swept.add(key)
    with contextlib.suppress(OSError), os.scandir(folder) as entries:
        for entry in entries:
            with contextlib.suppress(OSError):
                if entry.name.endswith(".part") and entry.is_file() and _stale(entry):
                    os.unlink(entry.path)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _write_all(fd: int, data: bytes) -> None:
    """Write every byte of ``data`` to ``fd`` (a test stands in here for a full disk)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that ``path`` is either the old file or the whole new one.

    Raises PrintkitError naming ``path`` when the system refuses the write.
    """
    write_atomic_with(path, lambda fd: _write_all(fd, data))


class _FdWriter:
    """A small buffered file object over a descriptor, writing through :func:`_write_all` (so a
    full disk is the same OSError whether the bytes come at once or a piece at a time)."""

    def __init__(self, fd: int, size: int = 1 << 16):
        self.fd, self.size, self.buf = fd, size, bytearray()

    def write(self, b: bytes) -> int:
        self.buf += b
        if len(self.buf) >= self.size:
            self.flush()
        return len(b)

    def flush(self) -> None:
        data, self.buf = bytes(self.buf), bytearray()
        if data:
            _write_all(self.fd, data)


def write_atomic_stream(path: Path, write: Callable[[IO[bytes]], None]) -> None:
    """Like :func:`write_atomic`, for output written piece by piece: ``write(file)`` writes the
    whole content to ``file`` (buffered), and nothing of it is kept in memory here."""

    def fill(fd: int) -> None:
        f = _FdWriter(fd)
        write(f)  # type: ignore[arg-type]
        f.flush()

    write_atomic_with(path, fill)


def write_atomic_with(path: Path, fill: Callable[[int], None]) -> None:
    """Make ``path`` from a hidden temp file that ``fill(fd)`` writes, renamed over ``path``
    only when whole; the temp file is removed when anything goes wrong."""
    prepare_folder(path.parent)
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=f".pk{os.getpid()}.part")
    except OSError as e:
        raise output_error(path, e) from None
    try:
        try:
            fill(fd)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException as e:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(e, OSError):
            raise output_error(path, e) from None
        raise


def _number(x: float) -> str:
    """``3``, ``0.5``, ``-1.25``: a number for a file name (never ``-0``)."""
    return f"{x + 0.0:.10g}"


def file_stem(game: str, component: str, opts: PrintOptions, seeded: bool) -> str:
    """``mygame-sheet-seed7-a4``, ``calibration-page-letter-bw``...

    Every print option that changes the file and is not at its default is in the name:
    ``-cmyk``, ``-bleed3``, ``-nocrop``, ``-duplex0.5,-1`` (so one setting's file never overwrites
    another's); the default names stay short.
    """
    parts = [game, component]
    if seeded and opts.seed is not None:
        parts.append(f"seed{opts.seed}")
    parts.append(opts.paper)
    if opts.bw:
        parts.append("bw")
    if opts.cmyk:
        parts.append("cmyk")
    if opts.bleed:
        parts.append(f"bleed{_number(opts.bleed)}")
    if not opts.crop_marks:
        parts.append("nocrop")
    if any(opts.duplex_offset):
        parts.append("duplex" + ",".join(_number(v) for v in opts.duplex_offset))
    return "-".join(parts)


@contextlib.contextmanager
def _reproducible() -> Iterator[None]:
    """reportlab dates a PDF from ``SOURCE_DATE_EPOCH`` when it is set: unset it while
    rendering, so the same arguments give the same bytes whatever the environment says."""
    saved = os.environ.pop("SOURCE_DATE_EPOCH", None)
    try:
        yield
    finally:
        if saved is not None:
            os.environ["SOURCE_DATE_EPOCH"] = saved


def write_document(doc: Document, out: Path, stem: str, formats: tuple[str, ...],
                   tick: Callable[[int], None] | None = None, cmyk: bool = False,
                   paper: str = "a4") -> list[Path]:
    """Render ``doc`` to ``out``: ``stem.pdf`` and/or ``stem-p01.svg``, ... one SVG per page,
    and/or ``stem-p01.png``, ... one image per page (rasterised from the PDF; ``tick(pages)``
    is called after each image). ``cmyk``: the PDF's colours in CMYK, a PDF/X-1a file for
    printing on ``paper`` (for the PDF only: SVG and page images are RGB, and ``make`` refuses
    ``--cmyk`` with them)."""
    from printkit.core.draw.pdf import render_pdf, write_pdf

    prepare_folder(out)
    written: list[Path] = []
    if "pdf" in formats:
        path = out / f"{stem}.pdf"
        with _reproducible():
            write_atomic_stream(path, lambda f: write_pdf(doc, f, cmyk, paper))
        written.append(path)
    if "svg" in formats:
        from printkit.core.draw.svg import render_svg_page  # svgwrite: ~35 ms, for SVG only

        width = max(2, len(str(len(doc.pages))))
        for i in range(len(doc.pages)):
            path = out / f"{stem}-p{i + 1:0{width}d}.svg"
            write_atomic(path, render_svg_page(doc, i))
            written.append(path)
    if "png" in formats:
        from printkit.core.preview import page_images

        with _reproducible():
            pdf = render_pdf(doc)
        written += page_images(pdf, out, stem, write_atomic, tick)
    return written


#: The record of the files a run wrote into a folder of its own (``--format cards`` and
#: ``tts``): a line a file, its SHA-256 and its name, as ``sha256sum`` writes them (so
#: ``sha256sum -c .printkit-files.sha256`` checks them). Hidden: it is not a file to upload.
RUN_FILES = ".printkit-files.sha256"
_RUN_LINE = re.compile(r"^([0-9a-f]{64})  ([^/\\\x00]+)$")


class RunFolder:
    """The files one run writes into ``folder``, each atomically (:meth:`write`); :meth:`finish`
    then removes what the previous printkit run into this folder wrote and this one did not
    (its images of other settings), by the record it left (:data:`RUN_FILES`), and writes this
    run's record. Only a file the record names, still a plain file with the bytes printkit
    wrote, is removed: a user's own files, and ours a user has changed, are never touched."""

    def __init__(self, folder: Path):
        prepare_folder(folder)
        self.folder = folder
        self.written: dict[str, str] = {}

    def write(self, name: str, data: bytes) -> Path:
        path = self.folder / name
        write_atomic(path, data)
        self.written[name] = hashlib.sha256(data).hexdigest()
        return path

    def previous(self) -> dict[str, str]:
        """The files the previous run's record names, to their digests ({} when there is none
        or it cannot be read; a line that is not a digest and a plain name is passed over)."""
        try:
            text = (self.folder / RUN_FILES).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return {}
        found = {}
        for line in text.splitlines():
            m = _RUN_LINE.match(line)
            if m and m.group(2) not in (".", "..", RUN_FILES):
                found[m.group(2)] = m.group(1)
        return found

    def finish(self) -> list[Path]:
        """Remove the previous run's files this run did not write (unchanged ones only) and
        write this run's record; the paths removed."""
        removed = []
        for name, digest in sorted(self.previous().items()):
            if name in self.written:
                continue
            path = self.folder / name
            with contextlib.suppress(OSError):
                if not stat.S_ISREG(path.lstat().st_mode):  # a link or a folder: not ours
                    continue
                if hashlib.sha256(path.read_bytes()).hexdigest() == digest:
                    path.unlink()
                    removed.append(path)
        record = "".join(f"{digest}  {name}\n" for name, digest in sorted(self.written.items()))
        write_atomic(self.folder / RUN_FILES, record.encode())
        return removed
