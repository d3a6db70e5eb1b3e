"""printkit.core.draw.pdfcircle writes exactly what reportlab's Canvas.circle writes."""

from __future__ import annotations

import random

from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, Canvas

from printkit.core.draw import pdfcircle
from printkit.core.draw.ops import Circle, Document, Page, Style
from printkit.core.draw.pdf import render_pdf
from printkit.core.colour import Colour


def _cases() -> list[tuple[float, float, float]]:
    rnd = random.Random(16)
    cases: list[tuple[float, float, float]] = [
        (0.0, 0.0, 1.0), (0, 0, 1), (-0.0, 5.5, 0.2), (1e-9, -1e-9, 1e-8), (0.1, 0.2, 0.3),
        (105.0, 148.5, 0.25), (-3.3, 7.7, 0.0), (2.5, 2.5, -1.0), (1234.5678, -987.654, 321.0),
    ]
    for _ in range(3000):
        scale = rnd.choice((0.01, 1.0, 30.0, 300.0, 5000.0))
        cases.append((rnd.uniform(-scale, scale), rnd.uniform(-scale, scale), rnd.uniform(0.0, scale / 3)))
    # A dot grid's centres: steps of a pattern spacing, as lowink makes them.
    step = 2.2 / 0.7
    cases += [(i * step + (step / 2 if j % 2 else 0.0), j * step, 0.22 / 0.7) for i in range(-9, 9) for j in range(-9, 9)]
    return cases


def _code(fill_mode: int | None, circles: list[tuple[float, float, float, int, int]], ours: bool) -> list[str]:
    c = Canvas(None)
    if fill_mode is not None:
        c._fillMode = fill_mode
    before = len(c._code)
    for x, y, r, stroke, fill in circles:
        if ours:
            pdfcircle.circle(c, x, y, r, stroke, fill)
        else:
            c.circle(x, y, r, stroke, fill)
    return c._code[before:]


def test_same_operators_as_reportlab() -> None:
    pdfcircle._memo.clear()
    for fill_mode in (None, FILL_EVEN_ODD, FILL_NON_ZERO):
        for x, y, r in _cases():
            for stroke, fill in ((0, 1), (1, 0), (1, 1), (0, 0)):
                # Twice: the first call works it out, the second comes from the memo.
                twice = [(x, y, r, stroke, fill)] * 2
                assert _code(fill_mode, twice, True) == _code(fill_mode, twice, False), (x, y, r, stroke, fill, fill_mode)


def test_memo_is_bounded(monkeypatch) -> None:
    monkeypatch.setattr(pdfcircle, "_LIMIT", 10)
    pdfcircle._memo.clear()
    c = Canvas(None)
    for i in range(25):
        pdfcircle.circle(c, float(i), 0.0, 1.0, 0, 1)
        assert len(pdfcircle._memo) <= 10
    ref = Canvas(None)
    for i in range(25):
        ref.circle(float(i), 0.0, 1.0, 0, 1)
    assert c._code == ref._code


def test_document_circles_same_bytes_as_reportlab(monkeypatch) -> None:
    """A whole PDF of circles (dots, outlines, both) is the file reportlab's own circle gives."""
    rnd = random.Random(7)
    styles = (Style(stroke=None, fill=Colour(0.25, 0.25, 0.25)), Style(stroke=Colour(0, 0, 0), stroke_width=0.3),
              Style(stroke=Colour(0.1, 0.2, 0.3), fill=Colour(0.9, 0.8, 0.7)))
    ops = list(Circle(rnd.uniform(6, 200), rnd.uniform(6, 290), rnd.uniform(0.1, 20), rnd.choice(styles))
                for _ in range(500))
    doc = Document(title="circles", pages=[Page(210, 297, ops)], symbols={})
    ours = render_pdf(doc)
    monkeypatch.setattr("printkit.core.draw.pdf.circle",
                        lambda c, x, y, r, stroke, fill: c.circle(x, y, r, stroke=stroke, fill=fill))
    assert render_pdf(doc) == ours
