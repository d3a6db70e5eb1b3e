"""printkit.core.draw.pdfmarks writes exactly what reportlab's Canvas.circle, and drawing a group's
marks one by one, write."""

from __future__ import annotations

import random
from collections.abc import Callable

from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, Canvas

from printkit.core.draw import pdfmarks
from printkit.core.draw.ops import INHERIT, Circle, Document, Group, Line, Page, Rect, Style, Text, Use
from printkit.core.draw.pdf import render_pdf
from printkit.core.colour import Colour
from printkit.core.draw.page import PrintOptions
from printkit.core.registry import games


#: Every painting operator reportlab chooses: (stroke, fill) in each fill mode (None: the canvas's own).
PAINTS = ((0, 1), (1, 0), (1, 1), (0, 0))
FILL_MODES = (None, FILL_EVEN_ODD, FILL_NON_ZERO)


def _cases() -> tuple[list[tuple[float, float, float]], list[tuple[float, float, float]]]:
    """Edge cases and a dot grid's centres (drawn in every paint and fill mode), then random
    circles at five scales (each drawn in three of them: see test_same_operators_as_reportlab)."""
    rnd = random.Random(16)
    every: list[tuple[float, float, float]] = [
        (0.0, 0.0, 1.0), (0, 0, 1), (-0.0, 5.5, 0.2), (1e-9, -1e-9, 1e-8), (0.1, 0.2, 0.3),
        (105.0, 148.5, 0.25), (-3.3, 7.7, 0.0), (2.5, 2.5, -1.0), (1234.5678, -987.654, 321.0),
    ]
    # A dot grid's centres: steps of a pattern spacing, as lowink makes them.
    step = 2.2 / 0.7
    every += [(i * step + (step / 2 if j % 2 else 0.0), j * step, 0.22 / 0.7) for i in range(-9, 9) for j in range(-9, 9)]
    randoms: list[tuple[float, float, float]] = []
    for _ in range(3000):
        scale = rnd.choice((0.01, 1.0, 30.0, 300.0, 5000.0))
        randoms.append((rnd.uniform(-scale, scale), rnd.uniform(-scale, scale), rnd.uniform(0.0, scale / 3)))
    return every, randoms


Draw = Callable[[Canvas, float, float, float, int, int], None]


def _written(fill_mode: int | None, circles: list[tuple[float, float, float, int, int]], draw: Draw) -> list[str]:
    """What each circle, drawn in turn on one canvas, adds to it (its operators as the page
    stream joins them)."""
    c = Canvas(None)
    if fill_mode is not None:
        c._fillMode = fill_mode
    code = c._code
    out = []
    for x, y, r, stroke, fill in circles:
        before = len(code)
        draw(c, x, y, r, stroke, fill)
        out.append("\n".join(code[before:]))
    return out


def _forget() -> None:
    for memo in (pdfmarks._memo, pdfmarks._xs, pdfmarks._ys):
        memo.clear()


def test_same_operators_as_reportlab() -> None:
    """Each circle's operators are reportlab's own Canvas.circle's, drawn twice (the second from
    the memo), one canvas a fill mode, the memos kept across modes.

    The edge cases and a dot grid (rows and columns shared: the formatted x's and y's come from
    their memos) are drawn in every paint and fill mode. The 3,000 random circles are there for
    their coordinates (fp_str's formatting at five scales), which do not depend on the paint: a
    circle's operators are its six coordinate lines, then PATH_OPS[stroke, fill, fill mode]. So
    each is drawn in three of the twelve paints, one a fill mode and a different paint in each
    (its memo entry met again under another paint: a key without the paint fails), and every
    paint and mode still gets ~750 of them."""
    _forget()
    every, randoms = _cases()
    for m, fill_mode in enumerate(FILL_MODES):
        circles = []
        for p, (stroke, fill) in enumerate(PAINTS):
            circles += [(x, y, r, stroke, fill) for x, y, r in every]
            circles += [(x, y, r, stroke, fill) for i, (x, y, r) in enumerate(randoms) if i % 4 == (p + m) % 4]
        theirs = _written(fill_mode, circles, Canvas.circle)
        ours = _written(fill_mode, [case for case in circles for _ in range(2)], pdfmarks.circle)
        assert len(ours) == 2 * len(theirs)
        for i, case in enumerate(circles):
            assert ours[2 * i] == theirs[i] and ours[2 * i + 1] == theirs[i], (case, fill_mode)


def test_memo_is_bounded(monkeypatch) -> None:
    monkeypatch.setattr(pdfmarks, "_LIMIT", 10)
    _forget()
    c, ref = Canvas(None), Canvas(None)
    for i in range(25):
        for j in range(3):
            pdfmarks.circle(c, float(i), float(i * j), 1.0, 0, 1)
            ref.circle(float(i), float(i * j), 1.0, 0, 1)
            assert max(len(pdfmarks._memo), len(pdfmarks._xs), len(pdfmarks._ys)) <= 10
    assert c.getCurrentPageContent() == ref.getCurrentPageContent()


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


def _one_by_one(monkeypatch) -> None:
    """The backend without the marks fast path: every operation drawn by draw_op."""
    monkeypatch.setattr("printkit.core.draw.pdf.marks", lambda c, ops, apply: False)


def _runs() -> list:
    """Groups whose operations are runs of marks (and lists that are not quite)."""
    rnd = random.Random(3)
    dot = Style(stroke=None, fill=Colour(0.25, 0.25, 0.25))
    hatch = Style(stroke=Colour(0.25, 0.25, 0.25), stroke_width=0.12, cap="butt")
    hatch2 = Style(stroke=Colour(0.25, 0.25, 0.25), stroke_width=0.3, cap="round", join="bevel")
    dashed = Style(stroke=Colour(0.5, 0.1, 0.1), stroke_width=0.2, dash=(1.0, 0.5))
    both = Style(stroke=Colour(0, 0, 0), stroke_width=0.2, fill=Colour(0.9, 0.9, 0.2))
    no_paint = Style(stroke=None, fill=None)
    zero_width = Style(stroke=Colour(0, 0, 0), stroke_width=0.0)
    inherit = Style(stroke=None, fill=INHERIT)

    def dots(style: Style, n: int = 40) -> list:
        return [Circle(rnd.uniform(0, 50), rnd.uniform(0, 50), rnd.uniform(0.1, 1.0), style) for _ in range(n)]

    def lines(style: Style, n: int = 40) -> list:
        return [Line(*(rnd.uniform(-10, 60) for _ in range(4)), style=style) for _ in range(n)]

    clip = Rect(5, 5, 40, 40, Style(stroke=None, fill=Colour(0.2, 0.3, 0.4)))
    runs = [dots(dot), lines(hatch), lines(hatch2), lines(dashed), dots(both), dots(no_paint), lines(zero_width),
            dots(inherit), dots(dot, 1), lines(hatch, 1), dots(dot) + lines(hatch), dots(dot) + dots(both),
            lines(hatch) + lines(hatch2), dots(dot) + [Rect(1, 1, 5, 5, dot)], [],
            # Equal styles that are different objects.
            [Circle(1.0, 2.0, 0.5, Style(stroke=None, fill=Colour(0.25, 0.25, 0.25))) for _ in range(3)]]
    return [Group(tuple(r), clip_shape=clip if i % 2 else None) for i, r in enumerate(runs)]


def test_marks_same_bytes_as_one_by_one(monkeypatch) -> None:
    """Pages and a symbol full of mark runs: the same PDF with and without the fast path."""
    groups = _runs()
    page = Page(210, 297, [Text(10, 10, "marks", "sans", 3.0), *groups,
                           Use("sym", fill=Colour(0.1, 0.6, 0.3)), Use("sym", fill=Colour(0.7, 0.2, 0.3))])
    doc = Document(title="marks", pages=[page, Page(210, 297, list(reversed(groups)))], symbols={"sym": tuple(groups)})
    ours = render_pdf(doc)
    _one_by_one(monkeypatch)
    assert render_pdf(doc) == ours


def test_marks_writes_only_runs() -> None:
    """A run of marks is written and each mark's style before it; anything else is left to the
    caller, with nothing written."""
    calls: list[Style] = []

    def apply(style: Style) -> tuple[bool, bool]:
        calls.append(style)
        return True, False

    c = Canvas(None)
    before = list(c._code)
    style = Style(stroke=Colour(0, 0, 0), stroke_width=0.1)
    assert not pdfmarks.marks(c, [], apply)
    assert not pdfmarks.marks(c, [Line(0, 0, 1, 1, style), Circle(0, 0, 1, style)], apply)
    assert not pdfmarks.marks(c, [Line(0, 0, 1, 1, style), Line(0, 0, 1, 1, Style())], apply)
    assert not pdfmarks.marks(c, [Rect(0, 0, 1, 1, style)], apply)
    assert c._code == before and calls == []
    assert pdfmarks.marks(c, [Line(0, 0, 1, 1, style), Line(2, 2, 3, 3, style)], apply)
    assert calls == [style]  # worked out once
    # The page joins its entries with newlines: a run may be one entry or one a mark.
    assert "\n".join(c._code[len(before):]) == "n 0 0 m 1 1 l S\nn 2 2 m 3 3 l S"


def test_kit_pages_same_bytes_as_one_by_one(monkeypatch) -> None:
    """Real --bw components (dots and hatching under clips, in symbols and on pages): the same
    bytes with and without the fast path."""
    comps = games()
    docs = [comps["gemblo"]["pieces"].build(PrintOptions(paper="a4", bw=True, seed=7)),
            comps["jubako"]["tiles"].build(PrintOptions(paper="letter", bw=True, seed=7))]
    ours = [render_pdf(d) for d in docs]
    _one_by_one(monkeypatch)
    assert [render_pdf(d) for d in docs] == ours
