"""QR codes as drawing operations (the module matrix from reportlab's encoder), so that the PDF
and the SVG carry the same code.

>>> len(qr_matrix("RNC1-7"))
21
"""

from __future__ import annotations

from printkit.core.colour import BLACK
from printkit.core.draw.ops import Path, Style


def qr_matrix(text: str, level: str = "M") -> list[list[bool]]:
    """The QR code's modules, row by row (True: dark)."""
    from reportlab.graphics.barcode import qrencoder  # reportlab's encoder, imported on first use

    q = qrencoder.QRCode(None, getattr(qrencoder.QRErrorCorrectLevel, level))
    q.addData(text)
    # A fixed mask pattern: any of the eight makes a valid code, and choosing the "best" one
    # costs most of the encoding time (a sheet per page, thousands of pages).
    if q.version is None:
        q.version = q.calculate_version()
    q.makeImpl(False, 0)
    return [[bool(m) for m in row] for row in q.modules]


def qr_path(text: str, size: float, quiet: int = 2, tag: str | None = None) -> Path:
    """One filled path drawing the code ``size`` mm square, quiet zone included."""
    m = qr_matrix(text)
    n = len(m) + 2 * quiet
    k = size / n
    segs: list[tuple] = []
    for r, row in enumerate(m):
        c = 0
        while c < len(row):
            if row[c]:
                start = c
                while c < len(row) and row[c]:
                    c += 1
                x, y, w = (start + quiet) * k, (r + quiet) * k, (c - start) * k
                segs += [("M", x, y), ("L", x + w, y), ("L", x + w, y + k), ("L", x, y + k), ("Z",)]
            else:
                c += 1
    return Path(tuple(segs), Style(stroke=None, fill=BLACK), tag=tag)
