"""The PDF backend remembers each style object's operators (core/draw/pdf.py,
_PdfRenderer._style_operators): the bytes are the ones reportlab's own calls give."""

from __future__ import annotations

import random

import pytest

from printkit.core.colour import Colour
from printkit.core.draw import pdf
from printkit.core.draw.ops import INHERIT, Circle, Document, Group, Line, Page, Path, Polygon, Rect, Style, Use


def _styles() -> list[Style]:
    rnd = random.Random(11)

    def colour() -> Colour:
        return Colour(rnd.random(), rnd.random(), rnd.random())

    return [
        Style(stroke=colour(), stroke_width=0.3),
        Style(stroke=colour(), stroke_width=0.25, fill=colour(), cap="round", join="bevel"),
        Style(stroke=None, fill=colour()),
        Style(stroke=None, fill=INHERIT),
        Style(stroke=colour(), stroke_width=0.0, fill=colour()),  # a zero width: no stroke painted
        Style(stroke=colour(), stroke_width=0.2, dash=(1.0, 0.5)),  # dashed: reportlab's calls
        Style(stroke=None, fill=colour(), dash=(2.0, 1.0)),
        Style(stroke=None, fill=None),
        Style(stroke=Colour(0, 0, 0), stroke_width=1, cap="square", join="round"),  # ints
    ]


def _doc(seed: int) -> Document:
    """Shapes of every kind in shared style objects, equal styles that are other objects, and
    styles made afresh for each shape (their ids may come back once they are gone), on pages,
    in groups and in a symbol."""
    rnd = random.Random(seed)
    shared = _styles()
    ops = []
    for i in range(300):
        st = rnd.choice(shared) if i % 3 else rnd.choice(_styles())
        x, y = rnd.uniform(0, 180), rnd.uniform(0, 270)
        kind = i % 6
        if kind == 0:
            ops.append(Rect(x, y, 10, 6, st))
        elif kind == 1:
            ops.append(Rect(x, y, 10, 6, st, radius=1.5))
        elif kind == 2:
            ops.append(Circle(x, y, 3, st))
        elif kind == 3:
            ops.append(Line(x, y, x + 5, y + 7, st))
        elif kind == 4:
            ops.append(Polygon(((x, y), (x + 4, y), (x + 2, y + 3)), st))
        else:
            ops.append(Group((Path((("M", x, y), ("L", x + 3, y + 3), ("Z",)), st), Use("mark")), clip=(0, 0, 200, 280)))
    symbols = {"mark": (Rect(-1, -1, 2, 2, shared[3]), Circle(0, 0, 0.5, shared[0]))}
    return Document([Page(210, 297, ops[:150]), Page(210, 297, ops[150:])], symbols, "styles")


def _one_by_one(m: pytest.MonkeyPatch) -> None:
    init = pdf._PdfRenderer.__init__

    def plain(self, c, symbols):
        init(self, c, symbols)
        self.direct = False

    m.setattr(pdf._PdfRenderer, "__init__", plain)


@pytest.mark.parametrize("bound", [4096, 3])
def test_remembered_styles_give_reportlabs_bytes(bound, monkeypatch):
    """Every kind of style (stroked, filled, both, inherited fill, zero width, dashed, none)
    gives the file reportlab's calls give, with the memo as it is and cleared every 3 styles;
    the memo answers repeats (counted)."""
    monkeypatch.setattr(pdf, "_STYLES", bound)
    made = []
    real = pdf._PdfRenderer._style_operators

    def count(self, s):
        made.append(s)
        assert len(self._styled) <= bound
        return real(self, s)

    monkeypatch.setattr(pdf._PdfRenderer, "_style_operators", count)
    for seed in (1, 2):
        made.clear()
        ours = pdf.render_pdf(_doc(seed))
        # the 100 shapes in shared styles (and their symbol) answered from the memo while it lasts
        assert 0 < len(made) < (200 if bound > 100 else 300)
        with monkeypatch.context() as m:
            _one_by_one(m)
            assert pdf.render_pdf(_doc(seed)) == ours


_STATE = ("_fillColorObj", "_strokeColorObj", "_lineWidth", "_lineCap", "_lineJoin", "_lineDash")


def test_the_memo_leaves_reportlabs_state_and_keeps_its_styles():
    """Each style, applied twice (the second time from the memo), leaves the canvas's colours,
    width, cap, join and dash as reportlab's calls do (a hit that wrote the operators but did
    not set the state fails), and writes the same operators; a remembered style is kept with
    them, so its id cannot come to name another style."""
    fast = pdf._PdfRenderer(pdf.SpoolingCanvas(None), {})
    slow = pdf._PdfRenderer(pdf.SpoolingCanvas(None), {})
    slow.direct = False
    assert fast.direct
    for s in _styles():
        for _ in range(2):
            for c in (fast.c, slow.c):  # a state each style must set again
                c._fillColorObj = c._strokeColorObj = (0.123, 0.456, 0.789)
                c._lineWidth, c._lineCap, c._lineJoin = 9.5, 2, 2
            assert fast._apply(s) == slow._apply(s)
            assert [getattr(fast.c, a) for a in _STATE] == [getattr(slow.c, a) for a in _STATE], s
        if not s.dash:
            assert fast._styled[id(s)][0] is s
    assert fast.c._code == slow.c._code


def test_each_page_starts_a_new_memo(monkeypatch):
    """A page's styles are forgotten when the next starts: a --count run makes new style
    objects every sheet (templated styles), which would otherwise pile up to the bound."""
    pages = [Page(210, 297, [Rect(5, 5, 10, 10, Style(stroke=Colour(0, 0, i / 30), stroke_width=0.2)),
                             Rect(5, 25, 10, 10, _styles()[2])]) for i in range(30)]
    sizes = []
    new_page = pdf._PdfRenderer.new_page

    def watch(self):
        sizes.append(len(self._styled))
        new_page(self)

    monkeypatch.setattr(pdf._PdfRenderer, "new_page", watch)
    pdf.render_pdf(Document(pages, {}, "pages"))
    assert sizes == [0] + [2] * 29
