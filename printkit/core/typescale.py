"""The type scale: named text sizes in points, and the smallest size anything is printed at.

Layouts name a size (``font_size: caption``) instead of picking points, so every game keeps the
same hierarchy (shared/DESIGN.md: title 14-18 pt, heading 10-12, body 7.5-9, captions 6.5, and
nothing under 6 pt).

The minimum is enforced where text is laid out (:func:`printkit.core.text.layout_text`, the one
place every text of every layout and code-drawn slot passes): a text asking for less is set at
:data:`MIN_PT`, and shrink-to-fit stops there. Raising it, rather than refusing the layout, keeps
sizes that are only known when drawn (templates, shrink-to-fit of data of any length) printable;
text drawn in a group scaled down after layout is the one way round it, and the kit's tests read
every PDF's content streams for it.

>>> TYPE_SCALE["caption"], MIN_PT
(6.5, 6.0)
"""

from __future__ import annotations

from printkit.core.units import MM_PER_PT

#: Nothing is printed smaller than this (points).
MIN_PT = 6.0
#: Named sizes in points, smallest first.
TYPE_SCALE: dict[str, float] = {
    "minimum": MIN_PT,
    "caption": 6.5,
    "small": 7.0,
    "body": 8.5,
    "label": 9.5,
    "heading": 11.0,
    "title": 16.0,
    "display": 24.0,
    "number": 32.0,
}
#: The minimum in mm (text sizes are mm in the drawing model).
MIN_MM = MIN_PT * MM_PER_PT


def named_size_mm(name: str) -> float | None:
    """The size called ``name`` in mm, or None if the scale has no such name."""
    pt = TYPE_SCALE.get(name.strip().lower())
    return None if pt is None else pt * MM_PER_PT


def at_least_minimum(size_mm: float) -> float:
    """``size_mm``, raised to the minimum printed size if it is below it."""
    return max(size_mm, MIN_MM)


def readable(ops: tuple, scale: float) -> tuple:
    """``ops`` to be drawn scaled by ``scale`` (a drawing fitted to a box, a poster reduced to
    its map), with every text that would print below the minimum raised to it, about its centre.

    Groups inside are followed (their own scale counts); symbols drawn by reference are not
    (they are shared by every place that draws them).
    """
    # Imported here: the drawing model and fonts import nothing of this module, and text.py does.
    from dataclasses import replace

    from printkit.core.draw.ops import Group, Text
    from printkit.core.fonts import get_font

    out = []
    for op in ops:
        if isinstance(op, Group):
            op = replace(op, ops=readable(op.ops, scale * op.matrix.scale_factor))
        elif isinstance(op, Text) and op.size * scale < MIN_MM - 1e-9 and scale > 0:
            font, new = get_font(op.font), MIN_MM / scale
            grow = new - op.size
            op = replace(op, size=new, x=op.x - font.width(op.text, grow) / 2,
                         y=op.y + grow * (font.ascent + font.descent) / 2)
        out.append(op)
    return tuple(out)
