"""Headed sections of text flowed into columns: the ``sections`` layout element (a player aid).

Each section has a title, optionally an icon (a layout symbol) before it, and text whose lines
are paragraphs; a paragraph starting ``1.``, ``2)``, ``-``, ``*`` or ``•`` is a list item whose
wrapped lines hang under its first word. The sections go into ``columns`` columns, whole when
they fit one (unless that leaves the columns far apart: then they run on), at the largest
text size from the style's size down to ``min_size`` at which everything fits the box; the
columns are then balanced (each as short as the flow allows).
Nothing here knows any game: the sections are data.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from printkit.core.colour import Colour
from printkit.core.draw.ops import Matrix, Op, Text, Use
from printkit.core.fonts import get_font
from printkit.core.text import wrap

#: A list item's marker: a number with a point or bracket, or a bullet.
ITEM = re.compile(r"^\s*(\d+[.)]|[-*•])\s+(.*)$")
#: Sections run on from column to column when keeping them whole makes the columns this
#: much taller than running on would (they would end far apart).
RUN_ON = 0.2
#: Steps of the text size search, in mm (0.1 pt).
SIZE_STEP = 0.1 * 25.4 / 72


@dataclass(frozen=True)
class Section:
    """A section of text: its title, its text and an optional icon."""

    title: str
    text: str
    icon: str | None = None


@dataclass(frozen=True)
class Look:
    """Fonts (names), sizes in mm and colours of a flow, and its geometry in mm."""

    font: str
    title_font: str
    size: float  # the largest body size
    title_ratio: float  # the title's size over the body's
    min_size: float
    line_height: float  # in em
    colour: Colour
    title_colour: Colour
    columns: int
    gap: float
    indent: float
    icon_size: float
    icon_box: float


@dataclass(frozen=True)
class _Row:
    """One line of a column: a title (with its icon) or a line of text (with its marker)."""

    kind: str  # "title" | "line"
    text: str
    height: float
    marker: str = ""
    hang: bool = False  # a list item's later line, indented under its first word
    icon: str | None = None
    first: bool = False  # the first row of its section


def _rows(sec: Section, look: Look, size: float, width: float) -> list[_Row]:
    """A section's rows at body size ``size`` in a column ``width`` mm wide."""
    font = get_font(look.font)
    tsize = size * look.title_ratio
    lead = size * look.line_height
    title_h = max(tsize * 1.3, look.icon_size * 1.1 if sec.icon else 0.0)
    rows = [_Row("title", sec.title, title_h, icon=sec.icon, first=True)]
    for para in sec.text.split("\n"):
        m = ITEM.match(para)
        if m:
            marker = m.group(1) if m.group(1)[0].isdigit() else "•"
            lines = wrap(m.group(2), font, size, width - look.indent) or [""]
            rows += [_Row("line", ln, lead, marker=marker if i == 0 else "", hang=True) for i, ln in enumerate(lines)]
        else:
            rows += [_Row("line", ln, lead) for ln in (wrap(para, font, size, width) or [""])]
    return rows


#: A section's rows as _pack reads them: the sum of their heights, and each row with its
#: height, whether it starts its section and the height of the line a title keeps with it.
_Plan = list[tuple[float, list[tuple[_Row, float, bool, float]]]]


def _plan(sections: list[list[_Row]]) -> _Plan:
    """What :func:`_pack` reads of ``sections``, worked out once for the ~100 heights that the
    size search and the balancing try (the sums are the same sums, in the same order)."""
    plan: _Plan = []
    for rows in sections:
        items = [(row, row.height, row.first,
                  rows[i + 1].height if row.kind == "title" and i + 1 < len(rows) else 0.0)
                 for i, row in enumerate(rows)]
        plan.append((sum(r.height for r in rows), items))
    return plan


def _pack(plan: _Plan, height: float, columns: int, space: float, whole: bool = True) -> list[list[_Row]] | None:
    """The rows in columns no taller than ``height``: with ``whole``, a section starts a new
    column when it does not fit what is left but fits a column, and a longer one is split
    between lines; without, sections run on from column to column. A title is never last in
    a column. None if it takes more than ``columns`` columns (known as soon as it does)."""
    limit = height + 1e-9
    col: list[_Row] = []
    cols = [col]
    used = 0.0
    for heights, rows in plan:
        if whole and col:
            total = heights + space
            if used + total > limit and total - space <= limit:
                if len(cols) == columns:
                    return None
                col = []
                cols.append(col)
                used = 0.0
        for row, h, first, keep in rows:
            extra = space if first and col else 0.0
            if col and used + (h + extra + keep) > limit:
                if len(cols) == columns:
                    return None
                col = []
                cols.append(col)
                used, extra = 0.0, 0.0
            if h > limit:
                return None
            col.append(row)
            used += h + extra
    return cols


#: Flows worked out (make all draws each player aid twice, for A4 and for Letter), by their
#: sections, look and box; bounded, as a layout may flow data that differs every page.
_FLOWS: dict[tuple, tuple[list[list[_Row]], float, float]] = {}
_FLOWS_MAX = 64


def flow(sections: list[Section], look: Look, w: float, h: float) -> tuple[list[list[_Row]], float, float]:
    """The columns, the body size (mm) and the balanced column height for sections in a
    w x h mm box; ValueError if they do not fit at ``min_size``. Remembered (a pure function
    of its arguments); the columns returned are the caller's own lists."""
    key = (tuple(sections), look, w, type(w), h, type(h))
    hit = _FLOWS.get(key)
    if hit is None:
        if len(_FLOWS) >= _FLOWS_MAX:
            _FLOWS.clear()
        hit = _FLOWS[key] = _flow(sections, look, w, h)
    cols, size, height = hit
    return [list(c) for c in cols], size, height


def _flow(sections: list[Section], look: Look, w: float, h: float) -> tuple[list[list[_Row]], float, float]:
    """:func:`flow`, worked out."""
    width = (w - (look.columns - 1) * look.gap) / look.columns
    size = look.size
    while True:
        plan = _plan([_rows(s, look, size, width) for s in sections])
        space = size * 0.6
        if _pack(plan, h, look.columns, space) is not None:
            break
        size -= SIZE_STEP
        if size < look.min_size - 1e-9:
            raise ValueError(f"the sections do not fit {w:g} x {h:g} mm in {look.columns} columns "
                             f"even at {look.min_size * 72 / 25.4:.1f} pt")
    whole = _balanced(plan, h, look.columns, space, True)
    running = _balanced(plan, h, look.columns, space, False)
    # Sections stay whole unless that leaves the columns far apart (a quarter of the height).
    keep = running >= whole * (1 - RUN_ON) or _pack(plan, whole, look.columns, space, True) is None
    height = whole if keep else running
    cols = _pack(plan, height, look.columns, space, keep)
    assert cols is not None
    return cols, size, height


def _balanced(plan: _Plan, h: float, columns: int, space: float, whole: bool) -> float:
    """The shortest column height (at most ``h``) at which the rows still fit."""
    lo, hi = 0.0, h
    for _ in range(40):
        mid = (lo + hi) / 2
        if _pack(plan, mid, columns, space, whole) is None:
            lo = mid
        else:
            hi = mid
    return hi


def draw(sections: list[Section], look: Look, x: float, y: float, w: float, h: float,
         symbol: Callable[[str], str], tag: str | None = None) -> list[Op]:
    """The sections flowed into the box (x, y, w, h) as drawing operations; ``symbol`` defines a
    layout symbol in the document and gives its name."""
    cols, size, _ = flow(sections, look, w, h)
    font, tfont = get_font(look.font), get_font(look.title_font)
    tsize = size * look.title_ratio
    width = (w - (look.columns - 1) * look.gap) / look.columns
    ops: list[Op] = []
    for c, rows in enumerate(cols):
        cx, cy = x + c * (width + look.gap), y
        for row in rows:
            if row.first and cy > y:
                cy += size * 0.6
            if row.kind == "title":
                tx = cx
                if row.icon:
                    k = look.icon_size / look.icon_box
                    ops.append(Use(symbol(row.icon), Matrix.translate(cx + look.icon_size / 2, cy + row.height / 2)
                                   @ Matrix.scale(k), tag=f"{tag} icon" if tag else None))
                    tx = cx + look.icon_size + 1.5
                base = cy + row.height / 2 + (tfont.ascent + tfont.descent) * tsize / 2
                ops.append(Text(tx, base, row.text, look.title_font, tsize, look.title_colour,
                                f"{tag} title" if tag else None))
            else:
                base = cy + font.ascent * size
                tx = cx + (look.indent if row.hang else 0.0)
                if row.marker:
                    ops.append(Text(cx, base, row.marker, look.font, size, look.colour,
                                    f"{tag} marker" if tag else None))
                if row.text:
                    ops.append(Text(tx, base, row.text, look.font, size, look.colour,
                                    f"{tag} line" if tag else None))
            cy += row.height
    return ops
