"""The backend-neutral drawing model.

Coordinates are millimetres with the origin at the top left and y growing downwards (as in
SVG). A :class:`Document` holds pages of operations and the symbols they reuse; the PDF and
SVG backends render the same document, so both files show the same thing.

>>> m = Matrix.translate(10, 5) @ Matrix.rotate(90)
>>> [round(v, 6) for v in m.apply(1, 0)]
[10.0, 6.0]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from collections.abc import Callable, Iterator
from typing import Any

from printkit.core.colour import BLACK, Colour


@dataclass(frozen=True)
class Matrix:
    """An affine transform ``x' = a x + c y + e``, ``y' = b x + d y + f`` (PDF and SVG order)."""

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    e: float = 0.0
    f: float = 0.0

    @classmethod
    def _of(cls, a: float, b: float, c: float, d: float, e: float, f: float) -> Matrix:
        """``cls(a, b, c, d, e, f)`` without the frozen dataclass's six ``object.__setattr__``
        calls (the same fields; ~15,000 matrices are made in a ``make all``)."""
        m = object.__new__(cls)
        m.__dict__.update(a=a, b=b, c=c, d=d, e=e, f=f)
        return m

    @classmethod
    def translate(cls, x: float, y: float) -> Matrix:
        return cls._of(1, 0, 0, 1, x, y)

    @classmethod
    def scale(cls, sx: float, sy: float | None = None) -> Matrix:
        return cls._of(sx, 0, 0, sx if sy is None else sy, 0, 0)

    @classmethod
    def rotate(cls, degrees: float) -> Matrix:
        """Clockwise on the page (y points down), like SVG's ``rotate``."""
        t = math.radians(degrees)
        cos, sin = math.cos(t), math.sin(t)
        # Snap the exact quarter turns so that output stays byte-stable and tidy.
        cos, sin = (float(round(cos)) if abs(cos - round(cos)) < 1e-12 else cos,
                    float(round(sin)) if abs(sin - round(sin)) < 1e-12 else sin)
        return cls(cos, sin, -sin, cos, 0, 0)

    @classmethod
    def mirror(cls, axis: str) -> Matrix:
        """``"x"`` flips left and right (about the vertical axis), ``"y"`` top and bottom."""
        if axis == "x":
            return cls(-1, 0, 0, 1, 0, 0)
        if axis == "y":
            return cls(1, 0, 0, -1, 0, 0)
        raise ValueError(f"mirror axis must be 'x' or 'y', got {axis!r}")

    def __matmul__(self, o: Matrix) -> Matrix:
        """``self @ o`` applies ``o`` first, then ``self``."""
        return Matrix._of(
            self.a * o.a + self.c * o.b,
            self.b * o.a + self.d * o.b,
            self.a * o.c + self.c * o.d,
            self.b * o.c + self.d * o.d,
            self.a * o.e + self.c * o.f + self.e,
            self.b * o.e + self.d * o.f + self.f,
        )

    def apply(self, x: float, y: float) -> tuple[float, float]:
        return (self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f)

    @property
    def is_identity(self) -> bool:
        # what ``self == IDENTITY`` says, without building two tuples (asked at every group and use)
        return self.a == 1.0 and self.b == 0.0 and self.c == 0.0 and self.d == 1.0 and self.e == 0.0 and self.f == 0.0

    @property
    def scale_factor(self) -> float:
        """The mean linear scale (for stroke widths in bounding boxes)."""
        return math.sqrt(abs(self.a * self.d - self.b * self.c))


IDENTITY = Matrix()

#: A fill that takes the colour given where a symbol is used (see :class:`Use`), so that one
#: symbol can be drawn in many colours.
INHERIT = Colour(-1.0, -1.0, -1.0)


@dataclass(frozen=True)
class Style:
    """How a shape is stroked and filled. Widths and dashes are in mm."""

    stroke: Colour | None = BLACK
    stroke_width: float = 0.25
    fill: Colour | None = None
    dash: tuple[float, ...] = ()
    cap: str = "butt"  # butt | round | square
    join: str = "miter"  # miter | round | bevel
    fill_rule: str = "nonzero"  # nonzero | evenodd


@dataclass(frozen=True)
class Line:
    """A straight line from (x1, y1) to (x2, y2), mm."""

    x1: float
    y1: float
    x2: float
    y2: float
    style: Style = Style()
    tag: str | None = None


@dataclass(frozen=True)
class Rect:
    """A rectangle at (x, y), ``w`` by ``h`` mm, its corners rounded by ``radius``."""

    x: float
    y: float
    w: float
    h: float
    style: Style = Style()
    radius: float = 0.0
    tag: str | None = None


@dataclass(frozen=True)
class Circle:
    """A circle about (cx, cy), radius ``r`` mm."""

    cx: float
    cy: float
    r: float
    style: Style = Style()
    tag: str | None = None


@dataclass(frozen=True)
class Polygon:
    """A polygon through ``points`` (mm), closed unless ``closed`` is False (a polyline)."""

    points: tuple[tuple[float, float], ...]
    style: Style = Style()
    closed: bool = True
    tag: str | None = None


@dataclass(frozen=True)
class Path:
    """Segments ``("M", x, y)``, ``("L", x, y)``, ``("C", x1, y1, x2, y2, x, y)``, ``("Z",)``."""

    segments: tuple[tuple, ...]
    style: Style = Style()
    tag: str | None = None


@dataclass(frozen=True)
class Text:
    """One line of text. ``x, y`` is the start of the baseline; size is the em size in mm."""

    x: float
    y: float
    text: str
    font: str
    size: float
    colour: Colour = BLACK
    tag: str | None = None


@dataclass(frozen=True)
class Group:
    """Operations drawn under ``matrix``, optionally clipped to ``clip`` (x, y, w, h) first, and
    to the outline of ``clip_shape`` (a Rect, Circle, Polygon or Path in the group's coordinates,
    its style's fill rule deciding what is inside)."""

    ops: tuple[Op, ...]
    matrix: Matrix = IDENTITY
    clip: tuple[float, float, float, float] | None = None
    tag: str | None = None
    clip_shape: Rect | Circle | Polygon | Path | None = None


@dataclass(frozen=True)
class Use:
    """A reference to a symbol of the document, drawn under ``matrix``; ``fill`` is the colour
    of the symbol's INHERIT fills."""

    symbol: str
    matrix: Matrix = IDENTITY
    tag: str | None = None
    fill: Colour | None = None


@dataclass(frozen=True)
class Field:
    """A fillable form field over the box (x, y, w, h): in a PDF, a form field with its own
    appearance (see printkit.core.forms); in SVG nothing, so the page under it shows as drawn.

    ``kind`` is ``"text"`` (at most ``maxlen`` characters, 0 for no limit; ``size`` the text's
    em size in mm, 0 to fit the box) or ``"check"`` (a box crossed, or not). ``value`` is what
    the field holds when made: its text, or ``"Yes"`` for a crossed box. A field is placed on
    a page, never in a symbol (a form field belongs to one page).

    A check box's ``mark`` (see printkit.core.forms.MARKS) is what a tap draws, in ``glyph``
    (x, y, w, h, in the same units as the box; inside it): then the whole box takes the tap.
    Without a mark, the box is the largest square centred in it, crossed.
    """

    name: str
    x: float
    y: float
    w: float
    h: float
    kind: str = "text"  # text | check
    maxlen: int = 0
    value: str = ""
    size: float = 0.0
    tooltip: str = ""
    tag: str | None = None
    mark: str = ""
    glyph: tuple[float, float, float, float] | None = None


Op = Line | Rect | Circle | Polygon | Path | Text | Group | Use | Field


@dataclass
class Page:
    """A page ``width`` x ``height`` mm. ``trim``/``bleed`` are (x, y, w, h) boxes, or None.

    An item drawn alone (``PrintOptions.items``) may say more: ``outline``, its cut line as
    points (x, y) in page mm when it is not the trim's rectangle (a piece's shape), and
    ``group``, a name the items that belong together share (one player's set of pieces)."""

    width: float
    height: float
    ops: list[Op] = field(default_factory=list)
    trim: tuple[float, float, float, float] | None = None
    bleed: tuple[float, float, float, float] | None = None
    label: str = ""
    outline: tuple[tuple[float, float], ...] | None = None
    group: str | None = None


class LazySequence(Sequence):
    """Items made when asked for, one at a time (long documents stay small in memory): a page
    list, or the data a layout's ``over`` runs through (a sheet a seed for ``--count``)."""

    def __init__(self, count: int, make: Callable[[int], Any]):
        self._count, self._make = count, make

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self._make(k) for k in range(*i.indices(self._count))]
        if not -self._count <= i < self._count:
            raise IndexError(i)
        return self._make(i % self._count)

    def __iter__(self):
        for k in range(self._count):
            yield self._make(k)


class LazyPages(LazySequence):
    """Pages made when asked for, one at a time (long documents stay small in memory).

    Symbols the pages use are defined as the pages are made; backends read the document's
    symbols only after its pages."""


@dataclass
class Document:
    """Pages and the symbols (named lists of operations) that pages reuse by :class:`Use`."""

    pages: Sequence[Page] = field(default_factory=list)
    symbols: dict[str, tuple[Op, ...]] = field(default_factory=dict)
    title: str = ""
    duplex: bool = False


def walk(ops, matrix: Matrix = IDENTITY, symbols: dict | None = None) -> Iterator[tuple[Op, Matrix]]:
    """Every leaf operation with the transform that places it on the page.

    Groups are entered; a :class:`Use` is expanded when ``symbols`` is given, else yielded.
    """
    for op in ops:
        if isinstance(op, Group):
            yield op, matrix
            yield from walk(op.ops, matrix @ op.matrix, symbols)
        elif isinstance(op, Use) and symbols is not None:
            yield op, matrix
            yield from walk(symbols[op.symbol], matrix @ op.matrix, symbols)
        else:
            yield op, matrix


def find(ops, tag: str, symbols: dict | None = None) -> list[tuple[Op, Matrix]]:
    """The operations carrying ``tag``, each with its page transform."""
    return [(op, m) for op, m in walk(ops, IDENTITY, symbols) if getattr(op, "tag", None) == tag]
