"""True low-ink black and white (``--bw``): outlines and patterns instead of grey floods.

In ``--bw`` every colour already has its grey (core/colour.py). Printed as flat greys, card
backs, sheets and pieces become floods of toner, and marks on the dark greys vanish. This pass
turns every filled shape darker than 20% grey (and not tiny) into line art: the shape is filled
white and hatched with a pattern chosen by its grey, then its outline is drawn again on top.
Each grey has its own pattern (dots, lines at an angle, cross-hatching, denser as the grey
darkens), so colours that carry meaning stay apart by pattern as well as by outline. Text and
lines drawn in a very light colour (white on a dark ground) turn black, since the ground is now
light. Nothing game-specific: it runs on the drawing model, for PDF and SVG alike (the hatch is
lines clipped to the shape: :class:`~printkit.core.draw.ops.Group` ``clip_shape``).

Marks that must stay solid (QR codes, the scale bar, the footer, photo fiducials) are left as
they are: their tags start with one of :data:`SOLID_TAGS`.

>>> pattern_for(Colour(0.24, 0.24, 0.24)) != pattern_for(Colour(0.35, 0.35, 0.35))
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from printkit.core.colour import BLACK, WHITE, Colour
from printkit.core.draw.ops import (
    INHERIT, Circle, Group, Line, Op, Page, Path, Polygon, Rect, Style, Text, Use,
)

#: A fill at least this light (luminance; 0.8 is 20% grey) stays as it is.
LIGHT = 0.8
#: Shapes smaller than this (mm² on the page) stay solid: pips, dots, thin bars.
MIN_AREA = 9.0
#: Text and strokes at least this light turn black (they were drawn on a dark ground).
PALE = 0.85
#: Tags (their start) of marks that must print solid.
SOLID_TAGS = ("qr", "scale-bar", "footer", "fiducial", "solid")
#: The pattern lines' colour and width (mm).
HATCH_STYLE = Style(stroke=Colour(0.15, 0.15, 0.15), stroke_width=0.18, cap="butt")
DOT_STYLE = Style(stroke=None, fill=Colour(0.15, 0.15, 0.15))


@dataclass(frozen=True)
class Pattern:
    """Lines at ``angles`` (degrees) ``spacing`` mm apart, or dots of radius ``dot`` on a grid."""

    angles: tuple[float, ...]
    spacing: float
    dot: float = 0.0


#: One pattern per tenth of darkness from 20% to 100% grey, each looking unlike its neighbours.
PATTERNS: tuple[Pattern, ...] = (
    Pattern((), 2.2, dot=0.22),         # 20%
    Pattern((), 1.6, dot=0.28),         # 30%
    Pattern((45.0,), 2.0),              # 40%
    Pattern((-45.0,), 1.5),             # 50%
    Pattern((0.0,), 1.3),               # 60%
    Pattern((90.0,), 1.2),              # 70%
    Pattern((45.0, -45.0), 1.8),        # 80%
    Pattern((0.0, 90.0), 1.4),          # 90%
    Pattern((45.0, -45.0), 1.1),        # 100%
)


def pattern_for(fill: Colour) -> Pattern:
    """The pattern standing for a fill's grey (darker greys, denser patterns)."""
    tenth = round((1.0 - fill.luminance) * 10)
    return PATTERNS[min(len(PATTERNS) - 1, max(0, tenth - 2))]


def _solid(op: Op) -> bool:
    tag = getattr(op, "tag", None)
    return isinstance(tag, str) and tag.startswith(SOLID_TAGS)


def _points(op: Op) -> list[tuple[float, float]]:
    if isinstance(op, Rect):
        return [(op.x, op.y), (op.x + op.w, op.y), (op.x + op.w, op.y + op.h), (op.x, op.y + op.h)]
    if isinstance(op, Circle):
        return [(op.cx - op.r, op.cy - op.r), (op.cx + op.r, op.cy + op.r)]
    if isinstance(op, Polygon):
        return list(op.points)
    if isinstance(op, Path):
        return [(s[-2], s[-1]) for s in op.segments if len(s) >= 3]
    return []


def _area(op: Op) -> float:
    """The shape's area in its own units (a path's by the polygon of its segments' ends)."""
    if isinstance(op, Rect):
        return abs(op.w * op.h)
    if isinstance(op, Circle):
        return math.pi * op.r * op.r
    pts = _points(op)
    if len(pts) < 3:
        return 0.0
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True))) / 2


def hatch(box: tuple[float, float, float, float], pattern: Pattern, scale: float) -> list[Op]:
    """The pattern's marks over ``box`` (x0, y0, x1, y1, in units that are ``scale`` mm each),
    on a grid fixed to the origin so that neighbouring shapes' patterns line up."""
    x0, y0, x1, y1 = box
    step = pattern.spacing / scale
    ops: list[Op] = []
    if pattern.dot:
        r = pattern.dot / scale
        for i in range(math.floor(x0 / step), math.ceil(x1 / step) + 1):
            for j in range(math.floor(y0 / step), math.ceil(y1 / step) + 1):
                # Every other row shifted by half a step: a staggered grid.
                ops.append(Circle(i * step + (step / 2 if j % 2 else 0.0), j * step, r, DOT_STYLE))
        return ops
    style = replace(HATCH_STYLE, stroke_width=HATCH_STYLE.stroke_width / scale)
    cx, cy, half = (x0 + x1) / 2, (y0 + y1) / 2, math.hypot(x1 - x0, y1 - y0) / 2 + step
    for angle in pattern.angles:
        t = math.radians(angle)
        dx, dy, nx, ny = math.cos(t), math.sin(t), -math.sin(t), math.cos(t)
        lo = min(nx * x + ny * y for x in (x0, x1) for y in (y0, y1))
        hi = max(nx * x + ny * y for x in (x0, x1) for y in (y0, y1))
        for k in range(math.floor(lo / step), math.ceil(hi / step) + 1):
            off = k * step - (nx * cx + ny * cy)
            px, py = cx + nx * off, cy + ny * off
            ops.append(Line(px - dx * half, py - dy * half, px + dx * half, py + dy * half, style))
    return ops


def _hatched(op: Rect | Circle | Polygon | Path, fill: Colour, scale: float) -> list[Op]:
    """A dark filled shape as white, its pattern clipped to it, and its outline on top."""
    pts = _points(op)
    box = (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))
    st = op.style
    ground = replace(op, style=replace(st, stroke=None, fill=WHITE))
    marks = Group(tuple(hatch(box, pattern_for(fill), scale)), clip_shape=op)
    out: list[Op] = [ground, marks]
    if st.stroke is not None and st.stroke_width > 0:
        out.append(replace(op, style=replace(st, fill=None)))
    return out


def _pale(c: Colour | None) -> bool:
    return c is not None and c != INHERIT and c.luminance >= PALE


class LowInk:
    """The pass over a page's operations; symbols drawn by reference are drawn in place, so
    each is patterned at the size it is drawn."""

    def __init__(self, symbols: Mapping[str, tuple[Op, ...]]):
        self.symbols = symbols

    def ops(self, ops, scale: float = 1.0, inherit: Colour | None = None) -> list[Op]:
        out: list[Op] = []
        for op in ops:
            out += self.op(op, scale, inherit)
        return out

    def op(self, op: Op, scale: float, inherit: Colour | None) -> list[Op]:
        if _solid(op):
            return [op]
        if isinstance(op, Group):
            inner = self.ops(op.ops, scale * op.matrix.scale_factor, inherit)
            return [replace(op, ops=tuple(inner))]
        if isinstance(op, Use):
            fill = op.fill if op.fill is not None else inherit
            inner = self.ops(self.symbols[op.symbol], scale * op.matrix.scale_factor, fill)
            return [Group(tuple(inner), op.matrix, tag=op.tag)]
        if isinstance(op, Text):
            return [replace(op, colour=BLACK)] if _pale(op.colour) else [op]
        if isinstance(op, (Rect, Circle, Polygon, Path)):
            return self._shape(op, scale, inherit)
        if isinstance(op, Line) and _pale(op.style.stroke):
            return [replace(op, style=replace(op.style, stroke=BLACK))]
        return [op]

    def _shape(self, op: Rect | Circle | Polygon | Path, scale: float, inherit: Colour | None) -> list[Op]:
        st = op.style
        fill = inherit if st.fill == INHERIT else st.fill
        if fill is not None and st.fill == INHERIT:
            st = replace(st, fill=fill)
        if _pale(st.stroke) and fill is not None and fill.luminance < LIGHT:
            st = replace(st, stroke=BLACK)
        op = replace(op, style=st)
        closed = not isinstance(op, Polygon) or op.closed
        if (fill is None or fill == INHERIT or fill.luminance >= LIGHT or not closed
                or _area(op) * scale * scale < MIN_AREA):
            return [op]
        return _hatched(op, fill, scale)


def low_ink_page(page: Page, symbols: Mapping[str, tuple[Op, ...]]) -> Page:
    """``page`` with its floods made line art (see the module's notes)."""
    return replace(page, ops=LowInk(symbols).ops(page.ops))


def low_ink_pages(make: Callable[[int], Page], symbols: Mapping[str, tuple[Op, ...]]) -> Callable[[int], Page]:
    """A page maker whose pages come out low-ink."""
    return lambda n: low_ink_page(make(n), symbols)

