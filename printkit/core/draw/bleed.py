"""Real bleed: fills that reach a card's trim are carried on through the bleed.

A card (or tile) is drawn in its own box 0..w x 0..h. With ``--bleed B`` the printer cuts
somewhere near the trim, so every filled area that touches the trim must go on for ``B`` mm
past it, or an imperfect cut shows a white sliver. Layouts draw their backgrounds, bands and
tile fills at the trim; :func:`extend_to_bleed` adds, before each such fill, a plain rectangle
of the same colour that runs from the fill's far side out through the bleed on every edge the
fill touches (rounded corners and outlines stay as drawn, on top of it); a round token's disc,
a filled circle about the card's centre that reaches its trim, gets a disc ``B`` mm larger
behind it. This is done once, here, for every layout: no layout has to know about bleed.

>>> from printkit.core.colour import Colour
>>> band = Rect(0, 0, 63, 10, Style(stroke=None, fill=Colour(1, 0, 0)))
>>> [(r.x, r.y, r.w, r.h) for r in extend_to_bleed([band], 63, 88, 3)[:1]]
[(-3, -3, 69, 13.0)]
"""

from __future__ import annotations

from printkit.core.draw.ops import IDENTITY, INHERIT, Circle, Group, Matrix, Op, Polygon, Rect, Style

#: A fill whose edge is this close to the trim (mm) reaches it (an outline's half width, rounding).
TOUCH = 0.6


def _box(op: Op) -> tuple[float, float, float, float] | None:
    """(x0, y0, x1, y1) of a filled axis-aligned rectangle, or None."""
    style = getattr(op, "style", None)
    if style is None or style.fill is None or style.fill == INHERIT:
        return None
    if isinstance(op, Rect):
        return (op.x, op.y, op.x + op.w, op.y + op.h)
    if isinstance(op, Polygon) and op.closed and len(op.points) == 4:
        xs, ys = {p[0] for p in op.points}, {p[1] for p in op.points}
        if len(xs) == 2 and len(ys) == 2:
            return (min(xs), min(ys), max(xs), max(ys))
    return None


def _leaves(op: Op, m: Matrix):
    """Leaf operations with their transforms, through unclipped axis-aligned groups only."""
    if isinstance(op, Group):
        if op.clip is not None:
            return
        inner = m @ op.matrix
        if inner.b != 0 or inner.c != 0:
            return
        for child in op.ops:
            yield from _leaves(child, inner)
    else:
        yield op, m


def _extension(box: tuple[float, float, float, float], m: Matrix, w: float, h: float, b: float,
               fill) -> Rect | None:
    (ax, ay), (bx, by) = m.apply(box[0], box[1]), m.apply(box[2], box[3])
    x0, x1, y0, y1 = min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)
    left, right = x0 <= TOUCH, x1 >= w - TOUCH
    top, bottom = y0 <= TOUCH, y1 >= h - TOUCH
    # Only a fill that runs along an edge it touches for half the trim or more (a background,
    # a band) is carried on, past every edge it touches; a small shape at an edge is not.
    spans_x, spans_y = x1 - x0 >= w / 2, y1 - y0 >= h / 2
    if not ((left or right) and spans_y) and not ((top or bottom) and spans_x):
        return None
    nx0, nx1 = (-b if left else x0), (w + b if right else x1)
    ny0, ny1 = (-b if top else y0), (h + b if bottom else y1)
    return Rect(nx0, ny0, nx1 - nx0, ny1 - ny0, Style(stroke=None, fill=fill), tag="bleed-fill")


def _disc(op: Op, m: Matrix, w: float, h: float, b: float) -> Circle | None:
    """A filled circle about the card's centre reaching its trim (a round token), ``b`` mm larger."""
    style = getattr(op, "style", None)
    if not isinstance(op, Circle) or style is None or style.fill is None or style.fill == INHERIT:
        return None
    if m.b != 0 or m.c != 0 or abs(abs(m.a) - 1) > 1e-9 or abs(abs(m.d) - 1) > 1e-9:
        return None
    cx, cy = m.apply(op.cx, op.cy)
    if abs(cx - w / 2) > TOUCH or abs(cy - h / 2) > TOUCH or op.r < min(w, h) / 2 - TOUCH:
        return None
    return Circle(cx, cy, op.r + b, Style(stroke=None, fill=style.fill), tag="bleed-fill")


def extend_to_bleed(ops: list[Op], w: float, h: float, b: float) -> list[Op]:
    """``ops`` of a w x h mm card with every fill that reaches the trim carried ``b`` mm on
    past it (each extension is drawn just before the top-level operation holding the fill, so
    what covers what stays as the layout drew it)."""
    if b <= 0:
        return list(ops)
    out: list[Op] = []
    for op in ops:
        for leaf, m in _leaves(op, IDENTITY):
            disc = _disc(leaf, m, w, h, b)
            if disc is not None:
                out.append(disc)
            box = _box(leaf)
            if box is not None:
                ext = _extension(box, m, w, h, b, leaf.style.fill)
                if ext is not None:
                    out.append(ext)
        out.append(op)
    return out
