"""True low-ink black and white (``--bw``): outlines and patterns instead of grey floods.

In ``--bw`` every colour already has its grey (core/colour.py). Printed as flat greys, card
backs, sheets and pieces become floods of toner, and marks on the dark greys vanish. This pass
turns every filled shape that is not white (and not tiny) into line art: the shape is filled
white and hatched with a pattern chosen by its grey, then its outline is drawn again on top.
Each grey has its own pattern (dots, lines at an angle, cross-hatching, denser as the grey
darkens), so colours that carry meaning stay apart by pattern as well as by outline. Text drawn
in a very light colour (white on a dark ground) turns black on a white box of its own, and very
light lines a mid grey, since the ground is now light. Nothing game-specific: it runs on the drawing model, for PDF and SVG alike (the hatch is
lines clipped to the shape: :class:`~printkit.core.draw.ops.Group` ``clip_shape``).

Marks that must stay solid (QR codes, the scale bar, the footer, photo fiducials) are left as
they are: their tags start with one of :data:`SOLID_TAGS`.

>>> pattern_for(Colour(0.24, 0.24, 0.24)) != pattern_for(Colour(0.35, 0.35, 0.35))
True
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, MutableMapping
from dataclasses import dataclass, replace

from printkit.core.colour import BLACK, WHITE, Colour
from printkit.core.fonts import get_font
from printkit.core.draw.ops import (
    IDENTITY, INHERIT, Circle, Group, Line, Matrix, Op, Page, Path, Polygon, Rect, Style, Text, Use,
)

#: A fill at least this light (luminance) stays as it is: white, or nearly.
LIGHT = 0.97
#: Shapes smaller than this (mm² on the page) stay solid: pips, dots, thin bars.
MIN_AREA = 9.0
#: No solid area larger than this (mm²: DESIGN.md's 1 cm²) is left in --bw (see _small).
SOLID_LIMIT = 100.0
#: Text and strokes at least this light were drawn on a dark ground, now a pattern: text turns
#: black on a white box of its own, strokes a mid grey (seen on white and on the pattern).
PALE = 0.85
PALE_TO = Colour(0.45, 0.45, 0.45)
#: Tags (their start) of marks that must print solid.
SOLID_TAGS = ("qr", "scale-bar", "footer", "fiducial", "solid")
#: The pattern lines' colour and width (mm): a dark grey hairline, well apart, is little ink.
HATCH_STYLE = Style(stroke=Colour(0.25, 0.25, 0.25), stroke_width=0.12, cap="butt")
DOT_STYLE = Style(stroke=None, fill=Colour(0.25, 0.25, 0.25))


@dataclass(frozen=True)
class Pattern:
    """Lines at ``angles`` (degrees) ``spacing`` mm apart, or dots of radius ``dot`` on a grid."""

    angles: tuple[float, ...]
    spacing: float
    dot: float = 0.0


#: One pattern per tenth of darkness, each looking unlike its neighbours, denser as the grey
#: darkens (tints get dots; the darkest grey about 20% ink).
PATTERNS: tuple[Pattern, ...] = (
    Pattern((), 3.0, dot=0.2),          # under 10%
    Pattern((), 2.2, dot=0.22),         # 10%
    Pattern((), 1.6, dot=0.25),         # 20%
    Pattern((45.0,), 2.2),              # 30%
    Pattern((-45.0,), 1.8),             # 40%
    Pattern((0.0,), 1.6),               # 50%
    Pattern((90.0,), 1.4),              # 60%
    Pattern((45.0, -45.0), 2.2),        # 70%
    Pattern((0.0, 90.0), 1.8),          # 80%
    Pattern((45.0, -45.0), 1.4),        # 90%
    Pattern((0.0, 90.0, 45.0), 1.6),    # 100%
)


def pattern_for(fill: Colour) -> Pattern:
    """The pattern standing for a fill's grey (darker greys, denser patterns)."""
    tenth = round((1.0 - fill.luminance) * 10)
    return PATTERNS[min(len(PATTERNS) - 1, max(0, tenth))]


def _solid(op: Op) -> bool:
    tag = getattr(op, "tag", None)
    return isinstance(tag, str) and tag.startswith(SOLID_TAGS)


def _points(op: Op) -> list[tuple[float, float]]:
    """Points whose bounding box holds the shape (a path's curves lie within their control
    points)."""
    if isinstance(op, Rect):
        return [(op.x, op.y), (op.x + op.w, op.y), (op.x + op.w, op.y + op.h), (op.x, op.y + op.h)]
    if isinstance(op, Circle):
        return [(op.cx - op.r, op.cy - op.r), (op.cx + op.r, op.cy + op.r)]
    if isinstance(op, Polygon):
        return list(op.points)
    if isinstance(op, Path):
        return [(s[i], s[i + 1]) for s in op.segments for i in range(1, len(s) - 1, 2)]
    return []


#: Points a path's curve is followed by when its area is measured.
CURVE_STEPS = 16


def _outlines(op: Polygon | Path) -> list[list[tuple[float, float]]]:
    """The shape's outlines as polygons: a path's subpaths each, its curves followed point by
    point (a curve's ends alone, as for a leaf of two curves, enclose nothing)."""
    if isinstance(op, Polygon):
        return [list(op.points)]
    rings: list[list[tuple[float, float]]] = []
    ring: list[tuple[float, float]] = []
    for s in op.segments:
        if s[0] == "Z" and ring:  # drawing on after a close starts again where it began
            ring = [ring[0]]
            rings.append(ring)
        elif s[0] == "M":
            ring = [(s[1], s[2])]
            rings.append(ring)
        elif s[0] == "L" and ring:
            ring.append((s[1], s[2]))
        elif s[0] == "C" and ring:
            (x0, y0), (x1, y1, x2, y2, x3, y3) = ring[-1], s[1:]
            for k in range(1, CURVE_STEPS + 1):
                t = k / CURVE_STEPS
                u = 1 - t
                ring.append((u * u * u * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x3,
                             u * u * u * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y3))
    return rings


def _area(op: Op) -> float:
    """The shape's area in its own units (a path's subpaths' areas added up, holes too: an
    upper bound, which is what deciding "too small to pattern" needs)."""
    if isinstance(op, Rect):
        return abs(op.w * op.h)
    if isinstance(op, Circle):
        return math.pi * op.r * op.r
    if not isinstance(op, (Polygon, Path)):
        return 0.0
    total = 0.0
    for pts in _outlines(op):
        if len(pts) >= 3:
            total += abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True))) / 2
    return total


def _ends_area(op: Path) -> float:
    """The area of the polygon through a path's segments' ends (its curves' bulges left out)."""
    pts = [(s[-2], s[-1]) for s in op.segments if len(s) >= 3]
    if len(pts) < 3:
        return 0.0
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True))) / 2


def _small(op: Rect | Circle | Polygon | Path, scale2: float) -> bool:
    """Whether a filled shape stays solid (``scale2``: mm² on the page per unit² of its own).

    A shape under MIN_AREA does. So does a path whose segments' ends enclose less than
    MIN_AREA, its curves' bulges not counted: the curved icons (a steak, a leaf in a corner
    index) keep the solid grey that tells them apart from their hatched neighbours, as printed
    since --bw became low-ink. But no shape larger than SOLID_LIMIT stays solid, however it is
    drawn (the Gimbap sesame leaf, two curves whose ends enclose nothing, printed 61.5 cm² of
    solid grey until issue 28)."""
    area = _area(op) * scale2
    if area < MIN_AREA:
        return True
    return isinstance(op, Path) and _ends_area(op) * scale2 < MIN_AREA and area <= SOLID_LIMIT


def _local_angle(angle: float, m: Matrix) -> float:
    """The direction, in a shape's own coordinates, that ``m`` draws at ``angle`` on the page
    (so a rotated or mirrored shape's pattern still runs the same way as everyone's)."""
    t = math.radians(angle)
    u, v = math.cos(t), math.sin(t)
    det = m.a * m.d - m.b * m.c
    if abs(det) < 1e-12:
        return angle
    lx, ly = (m.d * u - m.c * v) / det, (-m.b * u + m.a * v) / det
    return math.degrees(math.atan2(ly, lx))


def hatch(box: tuple[float, float, float, float], pattern: Pattern, m: Matrix = IDENTITY) -> list[Op]:
    """The pattern's marks over ``box`` (x0, y0, x1, y1) of a shape that ``m`` places on the page:
    spacing, widths and angles are the page's, on a grid fixed to the shape's origin."""
    return list(_marks(box, pattern, m))


def _marks(box: tuple[float, float, float, float], pattern: Pattern, m: Matrix) -> tuple[Op, ...]:
    """:func:`hatch`'s marks, remembered: a pure function of the box, the pattern and ``m``'s
    linear part, and the same shape is hatched again wherever it repeats (a card's cells, a
    board's spaces). The key keeps the sign of zeros (an angle of 180 or -180 degrees)."""
    lin = (m.a, m.b, m.c, m.d)
    key = (box, pattern, lin, tuple(math.copysign(1.0, v) for v in (*box, *lin)))
    found = _MARKS.get(key)
    if found is None:
        if len(_MARKS) >= _MARKS_LIMIT:
            _MARKS.clear()
        found = _MARKS[key] = tuple(_dots(box, pattern, m) if pattern.dot else _lines(box, pattern, m))
    return found


#: Remembered marks (make all --bw hatches about 500 distinct shapes, 860 in all).
_MARKS_LIMIT = 4096
_MARKS: dict[tuple, tuple[Op, ...]] = {}


def _dots(box: tuple[float, float, float, float], pattern: Pattern, m: Matrix) -> list[Op]:
    x0, y0, x1, y1 = box
    scale = m.scale_factor or 1.0
    step = pattern.spacing / scale
    r = pattern.dot / scale
    if len(_DOTS) >= _DOTS_LIMIT:
        _DOTS.clear()
    ops: list[Op] = []
    for i in range(math.floor(x0 / step), math.ceil(x1 / step) + 1):
        for j in range(math.floor(y0 / step), math.ceil(y1 / step) + 1):
            dot = _DOTS.get((i, j, step, r))
            if dot is None:
                # Every other row shifted by half a step: a staggered grid.
                dot = _DOTS[i, j, step, r] = Circle(i * step + (step / 2 if j % 2 else 0.0), j * step, r, DOT_STYLE)
            ops.append(dot)
    return ops


#: The dots made, by grid place, spacing and radius: shapes of one size share their grid's dots.
_DOTS_LIMIT = 100_000
_DOTS: dict[tuple[int, int, float, float], Circle] = {}


def _lines(box: tuple[float, float, float, float], pattern: Pattern, m: Matrix) -> list[Op]:
    x0, y0, x1, y1 = box
    scale = m.scale_factor or 1.0
    step = pattern.spacing / scale
    ops: list[Op] = []
    style = replace(HATCH_STYLE, stroke_width=HATCH_STYLE.stroke_width / scale)
    cx, cy, half = (x0 + x1) / 2, (y0 + y1) / 2, math.hypot(x1 - x0, y1 - y0) / 2 + step
    for angle in pattern.angles:
        t = math.radians(_local_angle(angle, m))
        dx, dy, nx, ny = math.cos(t), math.sin(t), -math.sin(t), math.cos(t)
        lo = min(nx * x + ny * y for x in (x0, x1) for y in (y0, y1))
        hi = max(nx * x + ny * y for x in (x0, x1) for y in (y0, y1))
        for k in range(math.floor(lo / step), math.ceil(hi / step) + 1):
            off = k * step - (nx * cx + ny * cy)
            px, py = cx + nx * off, cy + ny * off
            ops.append(Line(px - dx * half, py - dy * half, px + dx * half, py + dy * half, style))
    return ops


def _hatched(op: Rect | Circle | Polygon | Path, fill: Colour, m: Matrix) -> list[Op]:
    """A dark filled shape as white, its pattern clipped to it, and its outline on top."""
    pts = _points(op)
    box = (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))
    st = op.style
    ground = replace(op, style=replace(st, stroke=None, fill=WHITE))
    marks = Group(_marks(box, pattern_for(fill), m), clip_shape=op)
    out: list[Op] = [ground, marks]
    if st.stroke is not None and st.stroke_width > 0:
        out.append(replace(op, style=replace(st, fill=None)))
    return out


def _knocked_out(op: Text) -> list[Op]:
    """Pale text (it stood on a dark ground, now a pattern) in black on a white box of its own."""
    font = get_font(op.font)
    pad = 0.25 * op.size
    top, height = op.y - font.ascent * op.size, (font.ascent - font.descent) * op.size
    box = Rect(op.x - pad, top - pad / 2, font.width(op.text, op.size) + 2 * pad, height + pad,
               Style(stroke=None, fill=WHITE), radius=pad)
    return [box, replace(op, colour=BLACK)]


def _pale(c: Colour | None) -> bool:
    return c is not None and c != INHERIT and c.luminance >= PALE


def _same(new: list[Op], old: tuple[Op, ...]) -> bool:
    """Whether the pass left every operation as it was (the very objects: nothing to copy)."""
    return len(new) == len(old) and all(a is b for a, b in zip(new, old, strict=True))


class LowInk:
    """The pass over a page's operations. A symbol is patterned at the size, turn and fill it is
    drawn with, as a variant symbol added to ``symbols`` (the document's), so it is still
    defined once however often it is drawn."""

    def __init__(self, symbols: MutableMapping[str, tuple[Op, ...]]):
        self.symbols = symbols
        self.variants: dict[tuple, str] = {}

    def ops(self, ops, m: Matrix = IDENTITY, inherit: Colour | None = None) -> list[Op]:
        """``ops``, drawn under ``m`` (their place on the page), made low-ink."""
        out: list[Op] = []
        for op in ops:
            out += self.op(op, m, inherit)
        return out

    def op(self, op: Op, m: Matrix, inherit: Colour | None) -> list[Op]:
        if _solid(op):
            return [op]
        if isinstance(op, Group):
            inner = self.ops(op.ops, m @ op.matrix, inherit)
            return [op if _same(inner, op.ops) else replace(op, ops=tuple(inner))]
        if isinstance(op, Use):
            return [self._use(op, m, inherit)]
        if isinstance(op, Text):
            return _knocked_out(op) if _pale(op.colour) else [op]
        if isinstance(op, (Rect, Circle, Polygon, Path)):
            return self._shape(op, m, inherit)
        if isinstance(op, Line) and _pale(op.style.stroke):
            return [replace(op, style=replace(op.style, stroke=PALE_TO))]
        return [op]

    def _use(self, op: Use, m: Matrix, inherit: Colour | None) -> Use:
        """The symbol drawn low-ink at this size, turn and fill: a variant of it, defined once
        (named ``SYMBOL~`` and a digest of what it depends on), or the symbol itself if nothing
        in it changes."""
        fill = op.fill if op.fill is not None else inherit
        place = m @ op.matrix
        key = (op.symbol, fill, (round(place.a, 6), round(place.b, 6), round(place.c, 6), round(place.d, 6)))
        name = self.variants.get(key)
        if name is None:
            inner = tuple(self.ops(self.symbols[op.symbol], place, fill))
            name = op.symbol
            if inner != tuple(self.symbols[op.symbol]):
                name = f"{op.symbol}~{hashlib.sha1(repr(key).encode()).hexdigest()[:10]}"
                self.symbols[name] = inner
            self.variants[key] = name
        return op if name == op.symbol else replace(op, symbol=name)

    def _shape(self, op: Rect | Circle | Polygon | Path, m: Matrix, inherit: Colour | None) -> list[Op]:
        st = op.style
        fill = inherit if st.fill == INHERIT else st.fill
        if fill is not None and st.fill == INHERIT:
            st = replace(st, fill=fill)
        if _pale(st.stroke):
            st = replace(st, stroke=PALE_TO)
        if st is not op.style:
            op = replace(op, style=st)
        closed = not isinstance(op, Polygon) or op.closed
        if (fill is None or fill == INHERIT or fill.luminance >= LIGHT or not closed
                or _small(op, m.scale_factor ** 2)):
            return [op]
        return _hatched(op, fill, m)


def low_ink_page(page: Page, symbols: MutableMapping[str, tuple[Op, ...]]) -> Page:
    """``page`` with its floods made line art (see the module's notes)."""
    return replace(page, ops=LowInk(symbols).ops(page.ops))


def low_ink_pages(make: Callable[[int], Page], symbols: MutableMapping[str, tuple[Op, ...]]) -> Callable[[int], Page]:
    """A page maker whose pages come out low-ink."""
    return lambda n: low_ink_page(make(n), symbols)

