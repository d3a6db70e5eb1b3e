"""core/draw/lowink.py: the remembered marks are the marks worked out afresh, and the pass
keeps what it does not change."""

from __future__ import annotations

import itertools
import math

import pytest

from printkit.core.colour import Colour
from printkit.core.draw import lowink
from printkit.core.draw.ops import IDENTITY, Circle, Group, Line, Matrix, Rect, Style, Text


def _fresh(box, pattern, m) -> list:
    lowink._MARKS.clear()
    lowink._DOTS.clear()
    return lowink.hatch(box, pattern, m)


MATRICES = [IDENTITY, Matrix.rotate(30), Matrix.rotate(90), Matrix.scale(0.5, 0.5), Matrix(-1, 0, 0, 1, 0, 0),
            Matrix(-1, 0.0, -0.0, -1, 0, 0), Matrix(-1, 0.0, 0.0, -1, 0, 0), Matrix(0.7, 0, 0, 0.7, 10, 20)]
BOXES = [(0, 0, 40, 40), (-12.5, 3.0, 7.5, 9.0), (0.0, -0.0, 20.0, 12.0), (-0.0, 0.0, 20.0, 12.0), (5, 5, 5.5, 60)]


def test_remembered_marks_equal_fresh_ones(monkeypatch) -> None:
    """Every pattern over boxes and placements (turned, mirrored, scaled, signed zeros): the marks
    from a warm memo, and from memos bounded to a few entries, equal those worked out cold."""
    cases = list(itertools.product(BOXES, lowink.PATTERNS, MATRICES))
    fresh = [_fresh(*case) for case in cases]
    assert sum(len(f) for f in fresh) > 10_000
    lowink._MARKS.clear()
    lowink._DOTS.clear()
    assert [lowink.hatch(*case) for case in cases] == fresh  # memos filling
    assert [lowink.hatch(*case) for case in cases] == fresh  # memos full
    monkeypatch.setattr(lowink, "_MARKS_LIMIT", 3)
    monkeypatch.setattr(lowink, "_DOTS_LIMIT", 50)
    lowink._MARKS.clear()
    lowink._DOTS.clear()
    assert [lowink.hatch(*case) for case in reversed(cases)] == fresh[::-1]
    assert len(lowink._MARKS) <= 3 and len(lowink._DOTS) <= 50 + max(len(f) for f in fresh)


def test_signed_zeros_are_told_apart() -> None:
    """A half turn written with 0.0 or -0.0 can turn a hatch angle into 180 or -180 degrees:
    the memo must not give one's lines for the other's."""
    pattern = lowink.Pattern((0.0, 90.0), 1.8)
    box = (0.0, 0.0, 20.0, 12.0)
    a, b = Matrix(-1, 0.0, -0.0, -1, 0, 0), Matrix(-1, -0.0, 0.0, -1, 0, 0)
    fresh_a, fresh_b = _fresh(box, pattern, a), _fresh(box, pattern, b)
    lowink.hatch(box, pattern, a)
    assert lowink.hatch(box, pattern, b) == fresh_b
    assert lowink.hatch(box, pattern, a) == fresh_a


def test_marks_are_lines_or_dots_over_the_box() -> None:
    """The marks themselves (so a memo of wrong marks fails): dots on a staggered grid with the
    pattern's radius, lines at its angle and width, both over the whole box."""
    dots = _fresh((0, 0, 30, 30), lowink.PATTERNS[0], IDENTITY)
    assert all(isinstance(d, Circle) and d.r == pytest.approx(0.2) for d in dots)
    xs = sorted({round(d.cx, 6) for d in dots if round(d.cy / 3.0) % 2 == 1})
    assert xs[:2] == [1.5, 4.5] and max(d.cy for d in dots) >= 30
    lines = _fresh((0, 0, 30, 30), lowink.Pattern((0.0,), 1.6), Matrix.scale(2, 2))
    assert all(isinstance(ln, Line) and ln.y1 == pytest.approx(ln.y2) for ln in lines)
    assert lines[0].style.stroke_width == pytest.approx(0.06)  # 0.12 mm on the page, drawn at 2x
    ys = sorted(ln.y1 for ln in lines)
    assert ys[1] - ys[0] == pytest.approx(0.8) and ys[0] <= 0 and ys[-1] >= 30


def test_pass_keeps_unchanged_groups_and_changes_the_rest() -> None:
    """A group with nothing to pattern comes back as the very object; one with a flood inside is
    a new group holding the white ground, the clipped marks and the outline."""
    plain = Group((Line(0, 0, 10, 10), Text(1, 1, "x", "sans", 3.0), Rect(0, 0, 2, 2, Style(fill=Colour(0.2, 0.2, 0.2)))))
    dark = Rect(0, 0, 30, 20, Style(fill=Colour(0.3, 0.3, 0.3)))
    flooded = Group((dark,), Matrix.translate(5, 5))
    out = lowink.LowInk({}).ops([plain, flooded])
    assert out[0] is plain
    assert out[1] is not flooded and out[1].matrix == flooded.matrix
    ground, marks, outline = out[1].ops
    assert ground.style.fill == Colour(1, 1, 1) and marks.clip_shape == dark and len(marks.ops) > 10
    assert outline.style.fill is None and not math.isclose(outline.style.stroke_width, 0)
