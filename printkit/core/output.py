"""Writing files: names that say what they are, written atomically (temp file, then rename)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from printkit.core.draw.ops import Document
from printkit.core.draw.page import PrintOptions
import contextlib


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that ``path`` is either the old file or the whole new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def file_stem(game: str, component: str, opts: PrintOptions, seeded: bool) -> str:
    """``mygame-sheet-seed7-a4``, ``calibration-page-letter-bw``..."""
    parts = [game, component]
    if seeded and opts.seed is not None:
        parts.append(f"seed{opts.seed}")
    parts.append(opts.paper)
    if opts.bw:
        parts.append("bw")
    return "-".join(parts)


def write_document(doc: Document, out: Path, stem: str, formats: tuple[str, ...]) -> list[Path]:
    """Render ``doc`` to ``out``: ``stem.pdf`` and/or ``stem-p01.svg``, ... one SVG per page."""
    from printkit.core.draw.pdf import render_pdf
    from printkit.core.draw.svg import render_svg_page

    written: list[Path] = []
    if "pdf" in formats:
        path = out / f"{stem}.pdf"
        write_atomic(path, render_pdf(doc))
        written.append(path)
    if "svg" in formats:
        width = max(2, len(str(len(doc.pages))))
        for i in range(len(doc.pages)):
            path = out / f"{stem}-p{i + 1:0{width}d}.svg"
            write_atomic(path, render_svg_page(doc, i))
            written.append(path)
    return written
