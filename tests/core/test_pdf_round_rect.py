"""printkit.core.draw.pdfmarks.round_rect writes exactly what reportlab's Canvas.roundRect writes."""

from __future__ import annotations

import random

from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, Canvas

from printkit.core.colour import Colour
from printkit.core.draw import pdfmarks
from printkit.core.draw.ops import Document, Page, Rect, Style
from printkit.core.draw.pdf import render_pdf

PAINTS = ((0, 1), (1, 0), (1, 1), (0, 0))
FILL_MODES = (None, FILL_EVEN_ODD, FILL_NON_ZERO)


def _cases() -> list[tuple[float, float, float, float, float]]:
    """Edge cases (negative sizes: reportlab orders the corners; zero and negative radii; -0.0;
    ints; a radius past half the side) and random rectangles at five scales."""
    rnd = random.Random(17)
    cases: list[tuple[float, float, float, float, float]] = [
        (0.0, 0.0, 10.0, 5.0, 1.0), (0, 0, 10, 5, 1), (10.0, 5.0, -10.0, -5.0, 2.0), (-0.0, 0.0, 3.0, 3.0, 0.0),
        (1.5, 2.5, 4.0, 6.0, -1.0), (0.1, 0.2, 0.3, 0.4, 0.5), (1e-9, -1e-9, 1e-8, 1e-8, 1e-9),
        (105.0, 148.5, 63.0, 88.0, 3.0), (1234.5678, -987.654, 321.0, 0.0, 7.25),
    ]
    for _ in range(3000):
        s = rnd.choice((0.01, 1.0, 30.0, 300.0, 5000.0))
        cases.append((rnd.uniform(-s, s), rnd.uniform(-s, s), rnd.uniform(-s, s), rnd.uniform(-s, s),
                      rnd.uniform(0.0, s / 4)))
    return cases


def test_same_operators_as_reportlab() -> None:
    """Each rectangle's operators are reportlab's own roundRect's, as the page stream joins
    them, in every paint and fill mode (a changed expression, rounding or line order fails)."""
    cases = _cases()
    for fill_mode in FILL_MODES:
        theirs, ours = Canvas(None), Canvas(None)
        if fill_mode is not None:
            theirs._fillMode = ours._fillMode = fill_mode
        for i, (x, y, w, h, r) in enumerate(cases):
            stroke, fill = PAINTS[i % len(PAINTS)]
            theirs.roundRect(x, y, w, h, r, stroke=stroke, fill=fill)
            pdfmarks.round_rect(ours, x, y, w, h, r, stroke, fill)
        assert len(ours._code) == len(cases)  # one entry a rectangle
        assert ours.getCurrentPageContent() == theirs.getCurrentPageContent()


def test_document_round_rects_same_bytes_as_reportlab(monkeypatch) -> None:
    """A whole PDF of rounded rectangles (filled, outlined, both) is the file reportlab's own
    roundRect gives, and the backend's drawing goes through round_rect (counted)."""
    rnd = random.Random(5)
    styles = (Style(stroke=None, fill=Colour(0.25, 0.5, 0.25)), Style(stroke=Colour(0, 0, 0), stroke_width=0.3),
              Style(stroke=Colour(0.1, 0.2, 0.3), fill=Colour(0.9, 0.8, 0.7)))
    ops = [Rect(rnd.uniform(0, 150), rnd.uniform(0, 250), rnd.uniform(1, 60), rnd.uniform(1, 40),
                style=rnd.choice(styles), radius=rnd.uniform(0.1, 5)) for _ in range(400)]
    doc = Document(title="round", pages=[Page(210, 297, ops)], symbols={})
    calls: list[int] = []
    fast = pdfmarks.round_rect

    def counting(c, *args) -> None:
        calls.append(1)
        fast(c, *args)

    monkeypatch.setattr("printkit.core.draw.pdf.round_rect", counting)
    ours = render_pdf(doc)
    assert len(calls) == 400
    monkeypatch.setattr("printkit.core.draw.pdf.round_rect",
                        lambda c, x, y, w, h, r, stroke, fill: c.roundRect(x, y, w, h, r, stroke=stroke, fill=fill))
    assert render_pdf(doc) == ours
