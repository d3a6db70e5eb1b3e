"""Text layout: wrapping, alignment and shrink-to-fit, done once for both backends.

>>> lines = wrap("the quick brown fox", get_font("sans"), 4.0, 25.0)
>>> lines
['the quick', 'brown fox']
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from dataclasses import dataclass

from printkit.core.colour import BLACK, Colour
from printkit.core.draw.ops import Text
from printkit.core.fonts import Font, get_font
from printkit.core.limits import MAX_TEXT
from printkit.core.typescale import MIN_MM, at_least_minimum
from printkit.core.units import MM_PER_PT

#: The largest font size, in mm (about 2,800 pt), and the smallest that shrinking goes down to.
MAX_SIZE = 1000.0
MIN_SIZE = 0.1


def wrap(text: str, font: Font, size: float, width: float | None) -> list[str]:
    """Greedy word wrap of ``text`` to ``width`` mm; ``\\n`` forces a break.

    A single word longer than the width stays on its own line (shrink-to-fit deals with it).
    A line is measured a word at a time: its advance in thousandths of an em is a whole
    number, the sum of its words' and spaces' (:meth:`Font.text_milli`), so the test below is
    exactly ``font.width(line + " " + word, size) <= width + 1e-9`` without building and
    measuring every trial line (which made wrapping quadratic in a paragraph's length).
    """
    out: list[str] = []
    milli = font.text_milli
    space = milli(" ")
    for para in text.split("\n"):
        words = para.split()
        if width is None or not words:
            out.append(" ".join(words) if width is not None else para)
            continue
        limit = width + 1e-9
        line = [words[0]]
        used = milli(words[0])
        for word in words[1:]:
            m = milli(word)
            trial = used + space + m
            if trial * size / 1000 <= limit:  # as Font.width computes it
                line.append(word)
                used = trial
            else:
                out.append(" ".join(line))
                line = [word]
                used = m
        out.append(" ".join(line))
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


def layout_text(box: TextBox, source: Callable[[], str] | None = None) -> list[Text]:
    """The lines of ``box`` as :class:`Text` operations, wrapped, aligned and shrunk to fit.

    No text is set below the type scale's minimum (6 pt, printkit.core.typescale): a smaller
    ``size`` or ``min_size`` is raised to it. With ``shrink`` the size steps down by 2% until the
    text fits the box; if it still does not fit at ``min_size`` a TextFitError says so, as it does for text longer than
    :data:`MAX_TEXT` or a size above :data:`MAX_SIZE`. Characters the font has no glyph for are
    warned about on stderr, naming where the text comes from if ``source`` (called only then) is given.
    """
    font = get_font(box.font)
    _check(box)
    size, lines = _sized(box, font, source)
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
    name, colour, tag = box.font, box.colour, box.tag
    if box.align == "left":  # no line's width needed
        x = box.x
        return [Text(x, base + i * lead, ln, name, size, colour, tag) for i, ln in enumerate(lines)]
    ops: list[Text] = []
    for i, ln in enumerate(lines):
        w = font.width(ln, size)
        # Without a width, x is the centre or the right end of each line.
        x = box.x + ((box.w or 0.0) - w) / 2 if box.align == "center" else box.x + (box.w or 0.0) - w
        ops.append(Text(x, base + i * lead, ln, name, size, colour, tag))
    return ops


#: The size and lines a box's text was set at, by what decides them (its text, font, sizes,
#: width and, when it shrinks, height): cards and sheets repeat the same text in many places.
#: The third item says whether the lines hold a character the font has no glyph for.
_SIZED: dict[tuple, tuple[float, list[str], bool]] = {}
#: Entries kept (``make all`` sets ~800 distinct boxes); cleared when full, as a ``--count`` run
#: sets a new footer and sheet id on every sheet: at most ~0.8 MB.
_SIZED_MAX = 2_000


def _sized(box: TextBox, font: Font, source: Callable[[], str] | None) -> tuple[float, list[str]]:
    """The size ``box``'s text is set at and its lines (wrapped, shrunk to fit), remembered.

    The key holds the types of the sizes beside their values (``4`` and ``4.0`` are equal
    keys but would give an int or a float size). Characters without a glyph are warned about
    on every call, as before (a warning is given once a run anyway); lines with none are not
    looked through again.
    """
    width = box.w if box.wrap else None
    key = (box.text, box.font, box.size, type(box.size), box.w, box.wrap, box.shrink, box.h if box.shrink else None,
           box.min_size if box.shrink else None, type(box.min_size), box.line_height if box.shrink else None)
    hit = _SIZED.get(key)
    if hit is None:
        size = at_least_minimum(box.size)
        lines = wrap(box.text, font, size, width)
        missing = missing_glyphs(font, "".join(lines))
        if missing:
            _warn(font, missing, source)
        if box.shrink:
            fitted = lines
            size, lines = _shrink(box, font, size, max(box.min_size, MIN_MM), lines, width)
            if lines is not fitted:  # wrapped again at a smaller size
                missing = missing_glyphs(font, "".join(lines))
        if len(_SIZED) >= _SIZED_MAX:
            _SIZED.clear()
        hit = _SIZED[key] = (size, lines, bool(missing))
    elif hit[2]:  # lines with a character the font lacks: warned about as on the first call
        warn_missing_glyphs(font, hit[1], source)
    return hit[0], hit[1]


def _shrink(box: TextBox, font: Font, size: float, floor: float, lines: list[str],
            width: float | None) -> tuple[float, list[str]]:
    """The size (2% steps down, ``floor`` at the least) at which ``box`` fits, and its lines."""
    while not _fits(lines, font, size, box):
        if size <= floor + 1e-9:
            raise TextFitError(
                f"text {box.text[:40]!r} does not fit {box.w} x {box.h} mm "
                f"even at the minimum size ({floor / MM_PER_PT:.3g} pt)"
            )
        size = max(size * 0.98, floor)
        lines = wrap(box.text, font, size, width)
    return size, lines


def _check(box: TextBox) -> None:
    """Refuse text that would take unbounded work: too long, or a size that is not sensible."""
    if len(box.text) > MAX_TEXT:
        raise TextFitError(f"text of {len(box.text):,} characters is longer than the {MAX_TEXT:,} a text box takes")
    if not (math.isfinite(box.size) and 0 < box.size <= MAX_SIZE):
        raise TextFitError(f"font size {box.size:g} mm is not between 0 and {MAX_SIZE:g} mm")


#: Characters already warned about, per font (one warning each per run).
_warned: dict[str, set[str]] = {}


def missing_glyphs(font: Font, text: str) -> list[str]:
    """The characters of ``text`` (other than line breaks) that ``font`` has no glyph for, once each."""
    widths = font.widths
    # Each distinct character looked up once (a text repeats most of its characters).
    return sorted({ch for ch in set(text) if ord(ch) not in widths and ch not in "\n\r"})


def warn_missing_glyphs(font: Font, lines: list[str], source: Callable[[], str] | None = None) -> None:
    """One line on stderr for characters ``font`` cannot show (they print as empty boxes), the
    first time each is met in a run: ``printkit: warning: font 'sans' has no glyph for ...``."""
    missing = missing_glyphs(font, "".join(lines))
    if missing:
        _warn(font, missing, source)


def _warn(font: Font, missing: list[str], source: Callable[[], str] | None) -> None:
    """:func:`warn_missing_glyphs` for the characters ``missing`` (sorted, each once)."""
    seen = _warned.setdefault(font.name, set())
    new = [ch for ch in missing if ch not in seen]
    if not new:
        return
    seen.update(new)
    shown = ", ".join(f"U+{ord(ch):04X}" + (f" {ch}" if ch.isprintable() else "") for ch in new[:8])
    more = f" and {len(new) - 8} more" if len(new) > 8 else ""
    where = f"{source()}: " if source else ""
    sys.stderr.write(f"printkit: warning: {where}font {font.name!r} has no glyph for {shown}{more}: "
                     "they print as empty boxes\n")
