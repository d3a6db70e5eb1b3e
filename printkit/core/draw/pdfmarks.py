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
stream is byte for byte reportlab's (tests/core/test_pdf_circle.py compares them). A dot grid
repeats the same centres in every shape it fills, so a circle's operators are remembered
(bounded) by its centre, radius and painting operator.
"""

from __future__ import annotations

from math import ceil, cos, pi, sin

from reportlab.lib.rl_accel import fp_str
from collections.abc import Callable, Sequence

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


_FX, _FY = _quarter_factors()
#: Remembered circles; cleared when full (a kit draws about 18,000 distinct dots).
_LIMIT = 50_000
_memo: dict[tuple[float, float, float, str], tuple[str, ...]] = {}


def _operators(x_cen: float, y_cen: float, r: float, paint: str) -> tuple[str, ...]:
    # Canvas.circle -> Canvas.ellipse(x1, y1, x2, y2) -> PDFPathObject.ellipse(x1, y1, x2 - x1,
    # y2 - y1) -> bezierArc(x1, y1, x1 + w, y1 + h, 0, 360): the same corners, then its centre
    # and radii (ry negative: its y1 is the larger).
    a, b = x_cen - r, y_cen - r
    c, d = a + ((x_cen + r) - a), b + ((y_cen + r) - b)
    x1, y1, x2, y2 = min(a, c), max(b, d), max(a, c), min(b, d)
    xc, yc, rx, ry = (x1 + x2) / 2., (y1 + y2) / 2., (x2 - x1) / 2., (y2 - y1) / 2.
    nums = fp_str([v for fx, fy in zip(_FX, _FY, strict=True) for v in (xc + rx * fx, yc - ry * fy)]).split(" ")
    return ("n", " ".join(nums[0:2]) + " m", " ".join(nums[2:8]) + " c", " ".join(nums[8:14]) + " c",
            " ".join(nums[14:20]) + " c", " ".join(nums[20:26]) + " c", paint)


def circle(c: Canvas, x_cen: float, y_cen: float, r: float, stroke: int, fill: int) -> None:
    """What ``c.circle(x_cen, y_cen, r, stroke, fill)`` writes."""
    key = (x_cen, y_cen, r, PATH_OPS[stroke, fill, c._fillMode])
    found = _memo.get(key)
    c._code.extend(found if found is not None else _remember(key))


def marks(c: Canvas, ops: Sequence[Op], apply: Callable[[Style], tuple[bool, bool]]) -> bool:
    """Write ``ops`` if they are a run of marks (all circles or all lines, in equal styles), as
    the backend's ``apply`` (style) and shape drawing would, op by op; False, and nothing
    written, for any other list."""
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
    paint = PATH_OPS[int(stroke), int(fill), c._fillMode]
    for i, op in enumerate(ops):
        if i:
            code.extend(setup)
        if isinstance(op, Line):
            if stroke:
                c.line(op.x1, op.y1, op.x2, op.y2)
        elif (stroke or fill) and isinstance(op, Circle):
            key = (op.cx, op.cy, op.r, paint)
            found = _memo.get(key)
            code.extend(found if found is not None else _remember(key))
    return True


def _remember(key: tuple[float, float, float, str]) -> tuple[str, ...]:
    if len(_memo) >= _LIMIT:
        _memo.clear()
    ops = _memo[key] = _operators(*key)
    return ops
