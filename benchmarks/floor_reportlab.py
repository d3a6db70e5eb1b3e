"""The floor for drawing: a plain reportlab script, no printkit, drawing what ``printkit make all``
draws -- the same files, each with the same pages, the same number of path segments on each
page and the same strings in the same fonts and sizes -- the way printkit writes a PDF
(invariant, compressed pages, each file embedding a TrueType subset of every font it uses).

    .venv/bin/python benchmarks/floor_reportlab.py PLAN.json OUTDIR

PLAN.json (written by benchmarks/bench_speed.py from the documents printkit builds) is a list
of files: ``{"name": ..., "fonts": {name: ttf path}, "pages": [{"segments": n, "strings":
[[font, size in pt, text], ...]}, ...]}``. A symbol's drawing is counted once, on the first
page of its file (printkit draws it once, as a form). The floor reads no layout and lays out
nothing: it is the cost of reportlab drawing and writing that much.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

PATH_LEN = 8  # segments a path: printkit's paths are mostly rectangles, hexagons and short runs


def draw_page(c: canvas.Canvas, segments: int, strings: list[list]) -> None:
    c.setLineWidth(0.5)
    for k in range(0, segments, PATH_LEN):
        p = c.beginPath()
        x, y = 20 + (k * 7) % 550, 20 + (k * 3) % 800
        p.moveTo(x, y)
        for j in range(1, min(PATH_LEN, segments - k)):
            p.lineTo(x + 10 * (j % 3), y + 4 * j)
        p.close()
        c.drawPath(p, stroke=1, fill=k % 2)
    for k, (font, size, text) in enumerate(strings):
        c.setFont("floor-" + font, size)
        c.drawString(30 + (k * 11) % 500, 30 + (k * 13) % 780, text)


def main() -> None:
    plan = json.loads(Path(sys.argv[1]).read_text())
    out = Path(sys.argv[2])
    registered: set[str] = set()
    for doc in plan:
        for font, path in doc["fonts"].items():
            if font not in registered:
                pdfmetrics.registerFont(TTFont("floor-" + font, path))
                registered.add(font)
        initial = {"initialFontName": "floor-" + next(iter(doc["fonts"]))} if doc["fonts"] else {}
        c = canvas.Canvas(str(out / doc["name"]), pagesize=(595.28, 841.89), invariant=1,
                          pageCompression=1, **initial)
        for page in doc["pages"]:
            draw_page(c, page["segments"], page["strings"])
            c.showPage()
        c.save()
    print(f"{len(plan)} files, {sum(len(doc['pages']) for doc in plan)} pages drawn in {out}")


if __name__ == "__main__":
    main()
