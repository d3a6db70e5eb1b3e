"""The floor for drawing: a plain reportlab script, no printkit, drawing a given number of pages,
path segments and strings with printkit's font into one PDF (the way printkit writes one:
invariant, compressed pages, TrueType subset embedded).

    python3 benchmarks/floor_reportlab.py PAGES SEGMENTS STRINGS CHARS OUT.pdf

benchmarks/bench_speed.py counts what ``printkit make all`` draws and runs this beside it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

FONT = Path(__file__).resolve().parents[1] / "fonts" / "DejaVuSans.ttf"
PATH_LEN = 8  # segments a path: printkit's paths are mostly rectangles, hexagons and short runs


def main() -> None:
    pages, segments, strings, chars = (int(a) for a in sys.argv[1:5])
    out = sys.argv[5]
    pdfmetrics.registerFont(TTFont("floor", str(FONT)))
    c = canvas.Canvas(out, pagesize=(595.28, 841.89), invariant=1, pageCompression=1,
                      initialFontName="floor", initialFontSize=10)
    text = ("printkit floor text " * (1 + chars // max(strings, 1) // 20))[: max(1, chars // max(strings, 1))]
    for page in range(pages):
        share = segments // pages + (1 if page < segments % pages else 0)
        words = strings // pages + (1 if page < strings % pages else 0)
        c.setLineWidth(0.5)
        for k in range(0, share, PATH_LEN):
            p = c.beginPath()
            x, y = 20 + (k * 7) % 550, 20 + (k * 3) % 800
            p.moveTo(x, y)
            for j in range(1, min(PATH_LEN, share - k)):
                p.lineTo(x + 10 * (j % 3), y + 4 * j)
            p.close()
            c.drawPath(p, stroke=1, fill=k % 2)
        for k in range(words):
            c.setFont("floor", 6 + k % 5)
            c.drawString(30 + (k * 11) % 500, 30 + (k * 13) % 780, text)
        c.showPage()
    c.save()


if __name__ == "__main__":
    main()
