"""Look before you print: page images, a contact sheet of the whole kit, and ink coverage.

``printkit make ... --format png`` rasterises each document's PDF (with pypdfium2, the renderer
of Chrome's PDF viewer; it installs as a wheel with its own library) into one PNG a page, and
ends with one contact sheet of every page made, so a host can check the whole kit on screen.
The images come from the very PDF that would be printed, not from a second drawing path.

Ink is measured on the same rasters: a page's coverage is its mean darkness (0 white, 1 black)
of the grey image, which is how the ``--bw`` low-ink promise is checked (benchmarks/bench_ink.py).
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from printkit.core.resources import fonts_dir

#: Page images' resolution (dots per inch): enough to read 6 pt text on screen.
PAGE_DPI = 100
#: The contact sheet: thumbnails this wide (pixels), this many a row at most.
THUMB_W = 240
SHEET_COLS = 6
LABEL_H = 18
GAP = 10


def rasterise(pdf: bytes, dpi: float) -> Iterator[Any]:
    """Each page of the PDF ``pdf`` as a PIL image (RGB, white ground) at ``dpi``."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(pdf)
    try:
        for i in range(len(doc)):
            page = doc[i]
            yield page.render(scale=dpi / 72.0).to_pil().convert("RGB")
            page.close()
    finally:
        doc.close()


def coverage(image: Any) -> float:
    """The ink a page takes: its mean darkness, 0 (white) to 1 (solid black)."""
    grey = image.convert("L")
    hist = grey.histogram()
    total = sum(hist)
    return sum((255 - v) * n for v, n in enumerate(hist)) / (255 * total) if total else 0.0


def png_bytes(image: Any, dpi: float | None = None) -> bytes:
    """``image`` as PNG bytes (no time stamp or other varying chunk: the same image, the same
    bytes); with ``dpi``, the resolution it was rendered at in its pHYs chunk, so a viewer or a
    printer knows its real size."""
    buf = io.BytesIO()
    extra = {"dpi": (dpi, dpi)} if dpi else {}
    image.save(buf, format="PNG", optimize=False, compress_level=6, **extra)
    return buf.getvalue()


def page_images(pdf: bytes, out: Path, stem: str, write: Callable[[Path, bytes], None],
                tick: Callable[[int], None] | None = None) -> list[Path]:
    """``stem-p01.png``, ... one image a page of ``pdf`` in ``out``, written with ``write``;
    ``tick(pages)`` after each."""
    import pypdfium2

    count = len(pypdfium2.PdfDocument(pdf))
    width = max(2, len(str(count)))
    paths = []
    for i, image in enumerate(rasterise(pdf, PAGE_DPI)):
        path = out / f"{stem}-p{i + 1:0{width}d}.png"
        write(path, png_bytes(image, PAGE_DPI))
        paths.append(path)
        if tick:
            tick(count)
    return paths


def contact_sheet(pages: Sequence[Path], title: str) -> Any:
    """One image of every page image in ``pages``, in order, each named under its thumbnail."""
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype(str(fonts_dir() / "DejaVuSans.ttf"), 11)
    head = ImageFont.truetype(str(fonts_dir() / "DejaVuSans-Bold.ttf"), 16)
    thumbs = []
    for path in pages:
        with Image.open(path) as im:
            h = round(im.height * THUMB_W / im.width)
            thumbs.append((path.name, im.convert("RGB").resize((THUMB_W, h), Image.Resampling.LANCZOS)))
    cols = max(1, min(SHEET_COLS, len(thumbs)))
    rows = math.ceil(len(thumbs) / cols) if thumbs else 0
    cell_h = max((t.height for _, t in thumbs), default=0) + LABEL_H
    top = 36
    sheet = Image.new("RGB", (GAP + cols * (THUMB_W + GAP), top + rows * (cell_h + GAP)), "#e6e6e6")
    draw = ImageDraw.Draw(sheet)
    draw.text((GAP, 10), title, fill="#1a1a1a", font=head)
    for k, (name, thumb) in enumerate(thumbs):
        r, c = divmod(k, cols)
        x, y = GAP + c * (THUMB_W + GAP), top + r * (cell_h + GAP)
        sheet.paste(thumb, (x, y))
        draw.rectangle((x - 1, y - 1, x + thumb.width, y + thumb.height), outline="#9a9a9a")
        label = name if draw.textlength(name, font=font) <= THUMB_W else "…" + name[-34:]
        draw.text((x, y + thumb.height + 3), label, fill="#1a1a1a", font=font)
    return sheet
