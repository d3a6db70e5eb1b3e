"""Pattern marks written fast for the reportlab backend, the same operators as op by op.

``--bw`` (core/draw/lowink.py) turns fills into patterns: a kit has about 58,000 dots and
18,000 hatch lines, each a group's run of one shape in one style.

:func:`marks` writes such a run: the style's operators (whatever the backend's ``apply``
writes for it, worked out once) again before each mark, then the mark, as drawing each
operation in turn would.

:func:`circle` is reportlab's ``Canvas.circle`` without its general arc code. reportlab draws
each circle through ``pdfgeom.bezierArc`` (the general elliptic arc: 16 sines and
cosines of the same four angles for every circle, a path object, a list of tuples). Here the
quarter-circle factors are worked out once, by reportlab's own expressions, so each point is the
same floating-point sum reportlab computes, formatted by the same ``fp_str``: the content
stream is byte for byte reportlab's (tests/core/test_pdf_marks.py compares them). A circle is
one entry of the canvas's operator list, its operators joined by newlines as the canvas joins
its list. A dot grid repeats the same centres in every shape it fills, and its rows and
columns the same y's and x's, so a circle's operators are remembered by its centre, radius
and painting operator, and the formatted x's and y's by centre and radius (all bounded).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import ceil, cos, pi, sin
from typing import cast

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import PATH_OPS, Canvas

from printkit.core.draw.ops import Circle, Line, Op, Style


def _quarter_factors() -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The multipliers of ``rx`` and ``ry`` in ``bezierArc(..., 0, 360)``'s points, in its order
    (the start point, then three points a quarter), computed by its own expressions."""
    start, extent = 0, 360
    n = int(ceil(abs(extent) / 90.))
    frag = float(extent) / n
    half = frag * pi / 360.
    kappa = abs(4. / 3. * (1. - cos(half)) / sin(half))
    xs: list[float] = []
    ys: list[float] = []
    for i in range(n):
        t0 = (start + i * frag) * pi / 180.
        t1 = (start + (i + 1) * frag) * pi / 180.
        if i == 0:
            xs.append(cos(t0))
            ys.append(sin(t0))
        xs += [cos(t0) - kappa * sin(t0), cos(t1) + kappa * sin(t1), cos(t1)]
        ys += [sin(t0) + kappa * cos(t0), sin(t1) - kappa * cos(t1), sin(t1)]
    return tuple(xs), tuple(ys)


def _writer(fx: tuple[float, ...], fy: tuple[float, ...]) -> tuple[tuple[float, ...], tuple[float, ...], str]:
    """The distinct factors (equal factors give equal points) and a ``str.format`` template
    writing a circle from their formatted values (x's, y's, then the painting operator) as
    ``Canvas.circle`` does: ``n``, a moveto, four curves, the paint, one operator a line (the
    canvas joins its operators with newlines)."""
    ux = {v.hex(): i for i, v in enumerate(dict.fromkeys(fx))}
    uy = {v.hex(): i + len(ux) for i, v in enumerate(dict.fromkeys(fy))}
    refs = [f"{{{ux[x.hex()]}}} {{{uy[y.hex()]}}}" for x, y in zip(fx, fy, strict=True)]
    lines = ["n", f"{refs[0]} m", *(" ".join(refs[k:k + 3]) + " c" for k in range(1, len(refs), 3)),
             f"{{{len(ux) + len(uy)}}}"]
    return (tuple(float.fromhex(h) for h in ux), tuple(float.fromhex(h) for h in uy), "\n".join(lines))


_FX, _FY, _TEMPLATE = _writer(*_quarter_factors())
#: Remembered circles, and their formatted x's and y's (a dot grid's columns and rows repeat:
#: x's depend only on the centre's x and the radius, y's on its y); each cleared when full (a
#: kit draws about 18,000 distinct dots).
_LIMIT = 50_000
_memo: dict[tuple[float, float, float, str], str] = {}
_xs: dict[tuple[float, float], list[str]] = {}
_ys: dict[tuple[float, float], list[str]] = {}


def _x_values(x_cen: float, r: float) -> list[str]:
    # Canvas.circle -> Canvas.ellipse(x1, y1, x2, y2) -> PDFPathObject.ellipse(x1, y1, x2 - x1,
    # y2 - y1) -> bezierArc(x1, y1, x1 + w, y1 + h, 0, 360): the same corners, then its centre
    # and radius.
    a = x_cen - r
    c = a + ((x_cen + r) - a)
    x1, x2 = min(a, c), max(a, c)
    xc, rx = (x1 + x2) / 2., (x2 - x1) / 2.
    return fp_str([xc + rx * f for f in _FX]).split(" ")


def _y_values(y_cen: float, r: float) -> list[str]:
    # As _x_values; bezierArc's y1 is the larger, so its ry is negative.
    b = y_cen - r
    d = b + ((y_cen + r) - b)
    y1, y2 = max(b, d), min(b, d)
    yc, ry = (y1 + y2) / 2., (y2 - y1) / 2.
    return fp_str([yc - ry * f for f in _FY]).split(" ")


def _operators(x_cen: float, y_cen: float, r: float, paint: str) -> str:
    xs = _xs.get((x_cen, r))
    if xs is None:
        if len(_xs) >= _LIMIT:
            _xs.clear()
        xs = _xs[x_cen, r] = _x_values(x_cen, r)
    ys = _ys.get((y_cen, r))
    if ys is None:
        if len(_ys) >= _LIMIT:
            _ys.clear()
        ys = _ys[y_cen, r] = _y_values(y_cen, r)
    return _TEMPLATE.format(*xs, *ys, paint)


def circle(c: Canvas, x_cen: float, y_cen: float, r: float, stroke: int, fill: int) -> None:
    """What ``c.circle(x_cen, y_cen, r, stroke, fill)`` writes."""
    key = (x_cen, y_cen, r, PATH_OPS[stroke, fill, c._fillMode])
    found = _memo.get(key)
    c._code.append(found if found is not None else _remember(key))


#: reportlab's radius multiplier for a rounded corner's control points (pathobject.roundRect).
_CORNER = 0.4472


def round_rect(c: Canvas, x: float, y: float, width: float, height: float, radius: float,
               stroke: int, fill: int) -> None:
    """What ``c.roundRect(x, y, width, height, radius, stroke, fill)`` writes for one radius:
    the same points by reportlab's own expressions and ``fp_str``, its ``n``, moveto, lines,
    curves, ``h`` and paint one operator a line in one entry of the canvas's list (a path
    object and a dozen calls a rectangle fewer: ~10 to ~3 microseconds)."""
    key = (x, y, width, height, radius, PATH_OPS[stroke, fill, c._fillMode])
    found = _rects.get(key)
    c._code.append(found if found is not None else _remember_rect(key))


def _remember_rect(key: tuple[float, float, float, float, float, str]) -> str:
    """round_rect's operators for ``key`` (its numbers and paint), remembered: of ``make all``'s
    ~1,750 rounded rectangles ~600 repeat one drawn before (a card's frame at the same place on
    each sheet). Equal numbers give the same operators: reportlab's expressions give equal
    results for them, and fp_str writes equal numbers (1 and 1.0, 0.0 and -0.0) alike."""
    x, y, width, height, radius, paint = key
    xlo, xhi = min(x, x + width), max(x, x + width)
    ylo, yhi = min(y, y + height), max(y, y + height)
    r = radius
    t = _CORNER * r
    # One fp_str of the 34 numbers, in order: it formats each alone and joins them by spaces.
    n = fp_str(xlo + r, ylo, xhi - r, ylo, xhi - t, ylo, xhi, ylo + t, xhi, ylo + r, xhi, yhi - r,
               xhi, yhi - t, xhi - t, yhi, xhi - r, yhi, xlo + r, yhi, xlo + t, yhi, xlo, yhi - t,
               xlo, yhi - r, xlo, ylo + r, xlo, ylo + t, xlo + t, ylo, xlo + r, ylo).split(" ")
    if len(_rects) >= _RECTS:
        _rects.clear()
    found = _rects[key] = _ROUND_RECT.format(*n, paint)
    return found


#: Remembered rounded rectangles (see _remember_rect); cleared when full.
_RECTS = 4096
_rects: dict[tuple[float, float, float, float, float, str], str] = {}


#: c.roundRect's operators, one a line, from its 34 formatted numbers and the paint.
_ROUND_RECT = "\n".join((
    "n", "{0} {1} m", "{2} {3} l", "{4} {5} {6} {7} {8} {9} c", "{10} {11} l",
    "{12} {13} {14} {15} {16} {17} c", "{18} {19} l", "{20} {21} {22} {23} {24} {25} c", "{26} {27} l",
    "{28} {29} {30} {31} {32} {33} c", "h", "{34}"))


def marks(c: Canvas, ops: Sequence[Op], apply: Callable[[Style], tuple[bool, bool]]) -> bool:
    """Write ``ops`` if they are a run of marks (all circles or all lines, in equal styles), as
    the backend's ``apply`` (style) and shape drawing would, op by op; False, and nothing
    written, for any other list.

    Op by op, the canvas gets the style's operators, the first mark's, the style's again, the
    second mark's, and so on; the page joins its entries with newlines. So after ``apply`` has
    written the style once, the rest of the run is one entry: the marks' operators joined by
    the style's (with a newline either side), the same characters in ~half the time of an
    entry at a time (``--bw``: 58,000 dots in ~5,000 runs). A line's two points are formatted
    with the run's other numbers in one ``fp_str`` (each number is formatted alone, then they
    are joined by spaces: tests/core/test_pdf_draw_fast.py holds it to that)."""
    first = ops[0] if ops else None
    if not isinstance(first, (Circle, Line)):
        return False
    kind, style = type(first), first.style
    for op in ops:
        if type(op) is not kind or (op.style is not style and op.style != style):
            return False
    code = c._code
    start = len(code)
    stroke, fill = apply(style)
    setup = code[start:]
    items: list[str] = []
    if isinstance(first, Line):
        if stroke:
            items = _lines(cast(Sequence[Line], ops))
    elif stroke or fill:
        items = _circles(cast(Sequence[Circle], ops), PATH_OPS[int(stroke), int(fill), c._fillMode])
    if items:
        code.append("\n".join(["", *setup, ""]).join(items))
    elif setup and len(ops) > 1:  # nothing painted: the style alone, again before each mark after the first
        code.append("\n".join(setup * (len(ops) - 1)))
    return True


def _circles(ops: Sequence[Circle], paint: str) -> list[str]:
    """What :func:`circle` writes for each circle, painted by ``paint``."""
    get = _memo.get
    found = [get((op.cx, op.cy, op.r, paint)) for op in ops]
    return [ops_ if ops_ is not None else _remember((op.cx, op.cy, op.r, paint))
            for op, ops_ in zip(ops, found, strict=True)]


def _lines(ops: Sequence[Line]) -> list[str]:
    """What ``c.line(x1, y1, x2, y2)`` writes for each line: ``n x1 y1 m x2 y2 l S``."""
    numbers = fp_str([v for op in ops for v in (op.x1, op.y1, op.x2, op.y2)]).split(" ")
    each = iter(numbers)
    return [f"n {x1} {y1} m {x2} {y2} l S" for x1, y1, x2, y2 in zip(each, each, each, each, strict=True)]


def _remember(key: tuple[float, float, float, str]) -> str:
    if len(_memo) >= _LIMIT:
        _memo.clear()
    ops = _memo[key] = _operators(*key)
    return ops
