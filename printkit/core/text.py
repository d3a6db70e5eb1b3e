"""Text layout: wrapping, alignment and shrink-to-fit, done once for both backends.

>>> lines = wrap("the quick brown fox", get_font("sans"), 4.0, 25.0)
>>> lines
['the quick', 'brown fox']
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.core.colour import BLACK, Colour
from printkit.core.draw.ops import Text
from printkit.core.fonts import Font, get_font


def wrap(text: str, font: Font, size: float, width: float | None) -> list[str]:
    """Greedy word wrap of ``text`` to ``width`` mm; ``\\n`` forces a break.

    A single word longer than the width stays on its own line (shrink-to-fit deals with it).
    """
    out: list[str] = []
    for para in text.split("\n"):
        words = para.split()
        if width is None or not words:
            out.append(" ".join(words) if width is not None else para)
            continue
        line = words[0]
        for word in words[1:]:
            trial = line + " " + word
            if font.width(trial, size) <= width + 1e-9:
                line = trial
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


@dataclass(frozen=True)
class TextBox:
    """A block of text in a box at (x, y) of size w x h mm (h optional)."""

    x: float
    y: float
    text: str
    font: str = "sans"
    size: float = 3.5  # em size in mm
    w: float | None = None
    h: float | None = None
    align: str = "left"  # left | center | right
    valign: str = "top"  # top | middle | bottom | baseline
    wrap: bool = True
    shrink: bool = False
    min_size: float = 1.5
    line_height: float = 1.2  # in em
    colour: Colour = BLACK
    tag: str | None = None


class TextFitError(ValueError):
    pass


def _fits(lines: list[str], font: Font, size: float, box: TextBox) -> bool:
    if box.w is not None and any(font.width(ln, size) > box.w + 1e-9 for ln in lines):
        return False
    if box.h is not None:
        height = (len(lines) - 1) * box.line_height * size + (font.ascent - font.descent) * size
        if height > box.h + 1e-9:
            return False
    return True


def layout_text(box: TextBox) -> list[Text]:
    """The lines of ``box`` as :class:`Text` operations, wrapped, aligned and shrunk to fit.

    With ``shrink`` the size steps down by 2% until the text fits the box; if it still does
    not fit at ``min_size`` a TextFitError says so.
    """
    font = get_font(box.font)
    size = box.size
    width = box.w if box.wrap else None
    lines = wrap(box.text, font, size, width)
    if box.shrink:
        while not _fits(lines, font, size, box):
            size *= 0.98
            if size < box.min_size:
                raise TextFitError(
                    f"text {box.text[:40]!r} does not fit {box.w} x {box.h} mm "
                    f"even at the minimum size"
                )
            lines = wrap(box.text, font, size, width)
    lead = box.line_height * size
    block = (len(lines) - 1) * lead
    if box.valign == "top":
        base = box.y + font.ascent * size
    elif box.valign == "baseline":
        base = box.y
    else:
        h = box.h or 0.0
        # Centre the block from the top of the first line's capitals-ish ascent to the
        # descent of the last line.
        full = block + (font.ascent - font.descent) * size
        top = box.y + (h - full) / 2 if box.valign == "middle" else box.y + h - full
        base = top + font.ascent * size
    ops: list[Text] = []
    for i, ln in enumerate(lines):
        w = font.width(ln, size)
        # Without a width, x is the left end, the centre or the right end of each line.
        if box.align == "left":
            x = box.x
        elif box.align == "center":
            x = box.x + ((box.w or 0.0) - w) / 2
        else:
            x = box.x + (box.w or 0.0) - w
        ops.append(Text(x, base + i * lead, ln, box.font, size, box.colour, box.tag))
    return ops
