"""Turning a checked layout into drawing operations.

The renderer fills templates from the data being drawn, resolves styles and colours (with
their black-and-white alternatives), lays out text, and collects the symbols the drawing
uses, so that each is defined once in the document.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from pydantic import ValidationError

from printkit.core.colour import BLACK, Colour, ColourPair
from printkit.core.draw.ops import (
    Circle, Group, LazySequence, Line, Matrix, Op, Path, Polygon, Rect, Style, Text, Use,
)
from printkit.core.draw.page import TilePlan
from printkit.core.geometry import hexgrid
from printkit.core.geometry.pathdata import parse_path
from printkit.core.layout import sections
from printkit.core.layout.canvas import Canvas, Drawing
from printkit.core.layout.load import Layout, merge_styles
from printkit.core.layout.model import (
    ColourDef, RectEl, StyleSpec, TextEl, check_dash, check_length, check_number, check_path,
)
from printkit.core.layout.placements import Placements, digest
from printkit.core.layout.template import MissingData, TemplateError, fill, lookup, one_field
from printkit.core.limits import MAX_DOCUMENT_WORK, MAX_PAGE_WORK, MAX_SYMBOL_DEPTH
from printkit.core.text import TextBox, TextFitError, layout_text
from printkit.core.typescale import named_size_mm, readable
from printkit.core.units import MM_PER_IN, MM_PER_PT, UNITS, parse_length
from printkit.core.yamlio import describe
from printkit.errors import PrintkitError

DEFAULT_STYLE = StyleSpec.model_construct(stroke="black", stroke_width=0.25, font="sans",
                                           font_size=9 * MM_PER_PT, text_colour="black", line_height=1.2)
_FALSY = {"", "0", "false", "False", "None", "no"}
_UNKNOWN = object()


def _colour_def(value: Any) -> ColourDef:
    """A palette's colour (the data's ``palette``, such as ``{colour: "#c33", bw: "#555"}``) as
    a ``ColourDef``; anything else gets the model's ValidationError."""
    return value if isinstance(value, ColourDef) else ColourDef.model_validate(value)


#: A renderer remembers at most this many placements of symbol uses (then works new ones out
#: each time), in arrays (~70 bytes each; a score sheet's ~160 icons may sit at ~300 places) ...
MAX_PLACEMENTS = 4096
#: ... for at most this many elements of its layout.
MAX_PLACED_ELEMENTS = 1024


def _field(where: str) -> str:
    """The field a key path ends with, after what it is of, as check_length names it: ``cards.w``
    for ``cards.w``, ``rect.w`` for ``pages[0].elements[2].rect.w``, ``size`` for ``size[0]``."""
    parts = [p.split("[", 1)[0] for p in where.rsplit(".", 2)[-2:]]
    return ".".join(p for p in parts if p)


def _short(text: str, n: int = 60) -> str:
    return text if len(text) <= n else text[:n] + "..."


@lru_cache(maxsize=8192)
def _length_text(text: str) -> float:
    return parse_length(text)


#: The largest int a length template's field may hold for :func:`_quick_length` (a float holds
#: every int up to it exactly, so ``float(str(n)) == float(n)``).
_EXACT_INT = 2 ** 53
#: How :func:`_quick_length` reads a length template, by its text: (data name, keys, mm per
#: unit), or None for the long way. Bounded: cleared when full.
_LENGTHS: dict[str, tuple[str, tuple[str | int, ...], float] | None] = {}
_LENGTHS_MAX = 1024


def _length_plan(text: str) -> tuple[str, tuple[str | int, ...], float] | None:
    """(data name, keys, mm per unit) when ``text`` is one plain field and a unit, nothing else
    (``{b.x}mm``, ``{cell}``), else None; remembered."""
    plan = None
    one = one_field(text)
    if one is not None and not one[0] and (not one[3] or one[3] in UNITS):
        plan = (one[1], one[2], UNITS[one[3] or "mm"])  # no unit: mm, as parse_length reads it
    if len(_LENGTHS) >= _LENGTHS_MAX:
        _LENGTHS.clear()
    _LENGTHS[text] = plan
    return plan


def _quick_length(text: str, ctx: dict) -> float | None:
    """The length a ``{field}UNIT`` template gives, read from the field's number rather than from
    the text :func:`fill` would make of it; None when it must go the long way.

    The same number as parsing the filled text: ``str`` of a float is its repr, which reads back
    as the same float, and an int up to 2**53 reads back as ``float(n)``; the unit's factor is
    then applied alike. Everything the long way might refuse or tell apart goes that way: a
    missing name, a value that is not exactly a float or an int (a bool, whose text is
    ``True``), an int beyond 2**53, a length that is not finite (``inf``, ``nan``, an overflow).
    """
    plan: Any = _LENGTHS.get(text, _UNKNOWN)
    if plan is _UNKNOWN:
        plan = _length_plan(text)
    if plan is None or type(ctx) is not dict:
        return None
    head, steps, unit = plan
    obj = ctx.get(head, _UNKNOWN)
    for key in steps:
        if type(obj) is not dict:
            return None
        obj = obj.get(key, _UNKNOWN)
    kind = type(obj)
    if kind is float or (kind is int and -_EXACT_INT <= obj <= _EXACT_INT):
        out = obj * unit
        if math.isfinite(out):
            return out
    return None


@lru_cache(maxsize=4096)
def _colour_pair(colour: str, bw: str | None) -> ColourPair:
    """A colour definition's pair, parsed once a process (colours are frozen values)."""
    c = Colour.parse(colour)
    return ColourPair(c, Colour.parse(bw) if bw else c.grey())


def _templated(s: StyleSpec) -> bool:
    """Whether a drawing style's settings name data (``{...}``), so differ from place to place."""
    parts = [s.stroke, s.stroke_width, s.fill, *(s.dash or ())]
    return any(isinstance(v, str) and "{" in v for v in parts)


@dataclass(frozen=True)
class Fitted:
    """A slot's drawing scaled to fit its box: the scale and the placed group."""

    name: str
    scale: float
    drawing: Drawing
    group: Group


@dataclass
class Renderer:
    """Renders elements of ``layout`` for one output (colour or ``bw``)."""

    layout: Layout
    bw: bool = False
    #: What symbols see: the layout's data and the options, never one item's data (a symbol
    #: is drawn once per document).
    base: dict[str, Any] = field(default_factory=dict)
    symbols: dict[str, tuple[Op, ...]] = field(default_factory=dict)
    #: The design box (w, h) of the page being drawn, where elements may run to its edge.
    design: tuple[float, float] | None = None
    #: On a poster's map page: the poster and how it is tiled (for ``tile_map``).
    poster: tuple[Drawing, TilePlan] | None = None
    _auto: dict[tuple, str] = field(default_factory=dict)
    _fits: dict[int, Fitted] = field(default_factory=dict)
    _colours: dict[str, Colour | None] = field(default_factory=dict, init=False, repr=False)  # see colour()
    _styles: dict[int, tuple[StyleSpec, Style]] = field(default_factory=dict, init=False, repr=False)
    #: Symbol uses' matrices by placement (see _use and placements.py), and the elements they
    #: were worked out for (kept, so that an id in a key stays theirs).
    _placed: Placements = field(default_factory=lambda: Placements(MAX_PLACEMENTS), init=False, repr=False)
    _placed_els: dict[int, Any] = field(default_factory=dict, init=False, repr=False)
    #: Styles named without a template, merged onto the default style (see style_spec) ...
    _named: dict[str, StyleSpec] = field(default_factory=dict, init=False, repr=False)
    #: ... and styles written in an element that extend a named one, by id (kept with them).
    _inline: dict[int, tuple[StyleSpec, StyleSpec]] = field(default_factory=dict, init=False, repr=False)
    _work: int = 0  # elements drawn on this page (see spend)
    _total: int = 0  # ... and in the document
    #: The symbols being defined, each inside the one before (see define_symbol) ...
    _defining: list[str] = field(default_factory=list, init=False, repr=False)
    #: ... and how many elements each symbol defined draws, the symbols it uses expanded.
    _sizes: dict[str, int] = field(default_factory=dict, init=False, repr=False)

    # -- templates and values -------------------------------------------------------------
    def fmt(self, text: str, ctx: dict, where: str) -> str:
        """``text`` with its ``{fields}`` filled from ``ctx`` (see :mod:`.template`)."""
        if "{" not in text:
            return text
        try:
            return fill(text, ctx)
        except MissingData as e:
            raise self.layout.missing(where, f"template {_short(text)!r} names {e.name!r} which the data does "
                                             f"not have; available: {', '.join(sorted(ctx))}") from None
        except (TemplateError, ValueError, TypeError) as e:
            raise self.layout.error(where, f"bad template {_short(text)!r}: {e}") from None

    def source(self, where: str) -> str:
        """``FILE:LINE: where`` for a message that is not an error (a warning)."""
        file, line = self.layout.place(where)
        return f"{file}{f':{line}' if line else ''}: {where}"

    def spend(self, n: int, where: str) -> None:
        """Count ``n`` more elements drawn; refuse a page or document that draws too many."""
        self._work += n
        self._total += n
        if self._work > MAX_PAGE_WORK or self._total > MAX_DOCUMENT_WORK:
            self._refuse(where)

    def expand(self, name: str, where: str) -> None:
        """Count a use of the symbol ``name`` (defined) on this page: every element the symbol
        draws, the symbols it uses expanded, as counted when it was defined (see define_symbol):
        what a viewer draws, though the document holds the symbol once."""
        self._work += self._sizes.get(name, 0)
        if self._work > MAX_PAGE_WORK:
            self._refuse(where)

    def _refuse(self, where: str) -> None:
        """The error for a page or document over its count (see spend)."""
        if self._work > MAX_PAGE_WORK:
            raise self.layout.error(where, f"more than {MAX_PAGE_WORK:,} elements on one page or card, "
                                           "symbols counted at each use (a repeat, grid, ruler, track or "
                                           "symbol too large?)")
        if self._total > MAX_DOCUMENT_WORK:
            raise self.layout.error(where, f"more than {MAX_DOCUMENT_WORK:,} elements in one document")

    def start_page(self) -> None:
        """A new page (or card) starts: its own count of elements."""
        self._work = 0

    def length(self, v: float | str, ctx: dict, where: str) -> float:
        """A length in mm: a number (already mm and checked, as the models convert lengths) or a
        template, whose value gets the models' check of the field ``where`` ends with."""
        if isinstance(v, (int, float)):
            return float(v)
        if type(v) is str:
            out = _quick_length(v, ctx)
            if out is not None:
                return self._checked(out, where)
        return self._length(v, ctx, where)

    def _at(self, el: Any, key: str, ctx: dict, where: str) -> float:
        """The length ``el.KEY`` (see length), its key path ``where.KEY`` made only when a template
        must be filled the long way (it is there for messages; a page reads ~19,000 lengths)."""
        v = getattr(el, key)
        if type(v) is float:
            return v
        if type(v) is str:
            out = _quick_length(v, ctx)
            if out is not None:
                return self._checked(out, f"{where}.{key}")
        return self.length(v, ctx, f"{where}.{key}")

    def _checked(self, mm: float, where: str) -> float:
        """A template's length ``mm`` for the field at ``where``, checked as the models check numbers."""
        try:
            return check_length(mm, _field(where))
        except ValueError as e:
            raise self.layout.error(where, str(e)) from None

    def _length(self, v: str, ctx: dict, where: str) -> float:
        """A length template filled as text and parsed (the long way: see _quick_length)."""
        try:
            return check_length(_length_text(self.fmt(v, ctx, where)), _field(where))
        except ValueError as e:
            raise self.layout.error(where, str(e)) from None

    def number(self, v: float | str, ctx: dict, where: str) -> float:
        """A plain number (an angle, a scale), or a template that gives one."""
        if isinstance(v, (int, float)):
            return float(v)
        text = self.fmt(v, ctx, where)
        try:
            out = float(text)
        except ValueError:
            out = math.nan
        if not math.isfinite(out):
            raise self.layout.error(where, f"expected a number, got {_short(text)!r}") from None
        try:
            return check_number(out, _field(where))
        except ValueError as e:
            raise self.layout.error(where, str(e)) from None

    def colour(self, spec: Any, ctx: dict, where: str) -> Colour | None:
        if spec is None:
            return None
        if type(spec) is str and "{" not in spec:
            # A colour named without a template is the same colour every time it is drawn.
            known = self._colours.get(spec, _UNKNOWN)
            if known is _UNKNOWN:
                known = self._colours[spec] = self._colour(spec, ctx, where)
            return known  # type: ignore[return-value]
        return self._colour(spec, ctx, where)

    def _colour(self, spec: Any, ctx: dict, where: str) -> Colour | None:
        if type(spec) is not str and isinstance(spec, ColourDef):
            pair = self._pair(spec, where)
        else:
            name = self.fmt(spec, ctx, where).strip()
            if name.lower() == "none":
                return None
            # "bw:NAME" is always NAME's black-and-white alternative (to show it beside NAME).
            force_bw = name.startswith("bw:")
            name = name[3:] if force_bw else name
            palette = self.base.get("palette") or {}
            if name in self.layout.colours or name in palette:
                d = self.layout.colours.get(name) or _colour_def(palette[name])
                pair = self._pair(d, f"colours.{name}")
                if force_bw:
                    return pair.bw
            else:
                try:
                    c = Colour.parse(name)
                except ValueError as e:
                    known = sorted(set(self.layout.colours) | set(self.base.get("palette") or {}))
                    raise self.layout.error(where, f"{e}, or a name from colours: "
                                                   f"{', '.join(known) or 'none'}") from None
                pair = ColourPair(c, c.grey())
        return pair.pick(self.bw)

    def _pair(self, d: ColourDef, where: str) -> ColourPair:
        try:
            return _colour_pair(d.colour, d.bw)
        except ValueError as e:
            raise self.layout.error(where, str(e)) from None

    def style_spec(self, ref, ctx: dict, where: str) -> StyleSpec:
        """The style ``ref`` (a name, a template naming one, or a style written in the element)
        merged onto the default style. Styles are frozen and merge_styles keeps what it merged,
        so a style gives the same merged style each time: this renderer keeps it by the style's
        name (never one with a brace: a key is then never taken for a template), or a written
        style's id (the style kept with it, so the id stays its)."""
        if ref is None:
            return DEFAULT_STYLE
        if isinstance(ref, str):
            name = self.fmt(ref, ctx, where) if "{" in ref else ref
            hit = self._named.get(name)
            if hit is None:
                if name not in self.layout.styles:
                    raise self.layout.error(where, f"unknown style {name!r}")
                hit = merge_styles(DEFAULT_STYLE, self.layout.styles[name])
                if "{" not in name:
                    self._named[name] = hit
            return hit
        known = self._inline.get(id(ref))
        if known is not None and known[0] is ref:
            return known[1]
        spec = DEFAULT_STYLE
        if ref.extends:
            if ref.extends not in self.layout.styles:
                raise self.layout.error(where + ".extends", f"unknown style {ref.extends!r}")
            spec = merge_styles(spec, self.layout.styles[ref.extends])
        spec = merge_styles(spec, ref)
        if len(self._inline) < MAX_PLACED_ELEMENTS:
            self._inline[id(ref)] = (ref, spec)
        return spec

    def shape_style(self, s: StyleSpec, ctx: dict, where: str) -> Style:
        """The drawing style of ``s``; one without a template is made once per renderer (styles
        are frozen, and merged styles are kept, so the same spec comes back)."""
        hit = self._styles.get(id(s))
        if hit is not None and hit[0] is s:
            return hit[1]
        style = self._shape_style(s, ctx, where)
        if not _templated(s):
            self._styles[id(s)] = (s, style)
        return style

    def _shape_style(self, s: StyleSpec, ctx: dict, where: str) -> Style:
        return Style(
            stroke=self.colour(s.stroke, ctx, where + ".stroke"),
            # merged styles always carry a width: the base style of every layout sets one
            stroke_width=self.length(s.stroke_width or 0, ctx, where + ".stroke_width"),
            fill=self.colour(s.fill, ctx, where + ".fill"),
            dash=self._dash(s, ctx, where + ".dash"),
            cap=s.cap or "butt",
            join=s.join or "miter",
            fill_rule=s.fill_rule or "nonzero",
        )

    def _dash(self, s: StyleSpec, ctx: dict, where: str) -> tuple[float, ...]:
        dash = tuple(self.length(d, ctx, where) for d in (s.dash or []))
        try:
            return check_dash(dash)
        except ValueError as e:
            raise self.layout.error(where, str(e)) from None

    # -- elements ------------------------------------------------------------------------
    def elements(self, elements, ctx: dict, where: str) -> list[Op]:
        """The operations ``elements`` draw (spend and _skipped, inline: this runs per element)."""
        out: list[Op] = []
        methods = _METHODS if type(self) is Renderer else {}
        for i, el in enumerate(elements):
            here = f"{where}[{i}].{el.type}"
            self._work += 1
            self._total += 1
            if self._work > MAX_PAGE_WORK or self._total > MAX_DOCUMENT_WORK:
                self._refuse(here)
            if el.when is not None and self._skipped(el, ctx, here):
                continue
            fn = methods.get(el.type)
            if fn is None:
                fn = methods[el.type] = getattr(type(self), "_" + el.type)
            out += fn(self, el, ctx, here)
        return out

    def _skipped(self, el, ctx, where) -> bool:
        """Whether the element's ``when`` says not to draw it."""
        return el.when is not None and self.fmt(el.when, ctx, where + ".when").strip() in _FALSY

    def _tag(self, el, ctx, where) -> str | None:
        """The element's id (a template, so repeated elements can be told apart)."""
        return self.fmt(el.id, ctx, where + ".id") if el.id else None

    def _frame(self, el, ctx, where) -> list[Op]:
        L = lambda k: self._at(el, k, ctx, where)  # noqa: E731
        x, y = L("x"), L("y")
        w = L("w") if el.w is not None else None
        h = L("h") if el.h is not None else None
        m = self._turned(Matrix.translate(x, y), el, ctx, where)
        if el.mirror:
            # Mirror within the frame's own box when it has one, else about its origin.
            shift = Matrix.translate(w or 0.0, 0) if el.mirror == "x" else Matrix.translate(0, h or 0.0)
            m = m @ shift @ Matrix.mirror(el.mirror)
        ops: list[Op] = []
        if el.border:
            if w is None or h is None:
                raise self.layout.error(where + ".border", "a frame with a border needs w and h")
            st = self.style_spec(el.style, ctx, where + ".style")
            ops.append(Rect(0, 0, w, h, self.shape_style(st, ctx, where + ".style")))
        ops += self.elements(el.elements, ctx, where + ".elements")
        clip = None
        if el.clip:
            if w is None or h is None:
                raise self.layout.error(where + ".clip", "a clipping frame needs w and h")
            clip = (0.0, 0.0, w, h)
        return [Group(tuple(ops), m, clip, tag=self._tag(el, ctx, where))]

    def _text(self, el, ctx, where) -> list[Op]:
        # As fmt, length and font_size would, in the same order, each key path made only when
        # it is needed (a template to fill, a size to read): a page draws ~1,700 texts.
        st = self.style_spec(el.style, ctx, where + ".style")
        at = self._at
        size = st.font_size
        if type(size) is not float:
            size = self.font_size(size, ctx, where + ".style.font_size")
        x, y = at(el, "x", ctx, where), at(el, "y", ctx, where)
        text = el.text
        if "{" in text:
            text = self.fmt(text, ctx, where + ".text")
        font = st.font or "sans"
        if "{" in font:
            font = self.fmt(font, ctx, where + ".style.font")
        w = at(el, "w", ctx, where) if el.w is not None else None
        h = at(el, "h", ctx, where) if el.h is not None else None
        min_size = el.min_size
        if type(min_size) is not float:
            min_size = self.font_size(min_size, ctx, where + ".min_size")
        spec = st.text_colour
        colour: Any = self._colours.get(spec, _UNKNOWN) if type(spec) is str else _UNKNOWN
        if colour is _UNKNOWN:
            colour = self.colour(spec, ctx, where + ".style.text_colour")
        box = TextBox(
            x=x, y=y, text=text, font=font, size=size, w=w, h=h,
            align=el.align, valign=el.valign, wrap=el.wrap, shrink=el.shrink,
            min_size=min_size, line_height=st.line_height or 1.2, colour=colour or BLACK,
            tag=self._tag(el, ctx, where),
        )
        try:
            return list(layout_text(box, lambda: self.source(where)))
        except TextFitError as e:
            raise self.layout.error(where, str(e)) from None
        except PrintkitError as e:
            raise self.layout.error(where + ".style.font", str(e)) from None

    def font_size(self, v, ctx, where) -> float:
        """A font size in mm: a number (already mm, as the model converts points) or a template
        (a bare number in points)."""
        if isinstance(v, (int, float)):
            return float(v)
        try:
            text = self.fmt(v, ctx, where)
            named = named_size_mm(text)
            return named if named is not None else check_length(parse_length(text, default_unit="pt"), _field(where))
        except ValueError as e:
            raise self.layout.error(where, str(e)) from None

    def _style(self, el, ctx, where) -> Style:
        """The element's drawing style; a named style already drawn with comes straight back."""
        ref = el.style
        if type(ref) is str:
            spec = self._named.get(ref)
            if spec is not None:
                hit = self._styles.get(id(spec))
                if hit is not None and hit[0] is spec:
                    return hit[1]
        where += ".style"
        return self.shape_style(self.style_spec(ref, ctx, where), ctx, where)

    def _line(self, el, ctx, where) -> list[Op]:
        at = self._at
        return [Line(at(el, "x1", ctx, where), at(el, "y1", ctx, where), at(el, "x2", ctx, where),
                     at(el, "y2", ctx, where), self._style(el, ctx, where), tag=self._tag(el, ctx, where))]

    def _rect(self, el, ctx, where) -> list[Op]:
        at = self._at
        return [Rect(at(el, "x", ctx, where), at(el, "y", ctx, where), at(el, "w", ctx, where),
                     at(el, "h", ctx, where), self._style(el, ctx, where), at(el, "radius", ctx, where),
                     tag=self._tag(el, ctx, where))]

    def _circle(self, el, ctx, where) -> list[Op]:
        at = self._at
        return [Circle(at(el, "x", ctx, where), at(el, "y", ctx, where), at(el, "r", ctx, where),
                       self._style(el, ctx, where), tag=self._tag(el, ctx, where))]

    def _polygon(self, el, ctx, where) -> list[Op]:
        pts = tuple((self.length(x, ctx, f"{where}.points[{i}]"), self.length(y, ctx, f"{where}.points[{i}]"))
                    for i, (x, y) in enumerate(el.points))
        return [Polygon(pts, self._style(el, ctx, where), el.closed, tag=self._tag(el, ctx, where))]

    def _path(self, el, ctx, where) -> list[Op]:
        try:
            segs = check_path(parse_path(self.fmt(el.d, ctx, where + ".d")))
        except ValueError as e:
            raise self.layout.error(where + ".d", str(e)) from None
        return [Path(segs, self._style(el, ctx, where), tag=self._tag(el, ctx, where))]

    def auto_symbol(self, key: tuple, prefix: str, ops: tuple[Op, ...]) -> str:
        """A symbol for a shape the drawing repeats; the same key gives the same symbol."""
        if key not in self._auto:
            name = f"{prefix}-{len(self._auto) + 1}"
            self._auto[key] = name
            self.symbols[name] = ops
        return self._auto[key]

    def _hexgrid(self, el, ctx, where) -> list[Op]:
        L = lambda k: self._at(el, k, ctx, where)  # noqa: E731
        cx, cy, af = L("x"), L("y"), L("across_flats")
        if (el.radius is None) == (el.cells is None):
            raise self.layout.error(where, "give either radius or cells")
        self.spend(3 * el.radius * (el.radius + 1) + 1 if el.radius is not None else len(el.cells), where)
        cells = hexgrid.hex_range(el.radius) if el.radius is not None else list(el.cells)
        size = hexgrid.size_from_across_flats(af)
        style = self._style(el, ctx, where)
        cell = Polygon(tuple(hexgrid.corners(size, el.orientation)), style)
        sym = self.auto_symbol(("hex", el.orientation, round(size, 6), style), "hexcell", (cell,))
        ops: list[Op] = []
        for q, r in cells:
            px, py = hexgrid.to_pixel((q, r), size, el.orientation)
            ops.append(Use(sym, Matrix.translate(cx + px, cy + py), tag=f"hex {q},{r}"))
            if el.label:
                st = self.style_spec(el.style, {**ctx, "q": q, "r": r}, where + ".style")
                text = self.fmt(el.label, {**ctx, "q": q, "r": r}, where + ".label")
                ops += layout_text(TextBox(cx + px, cy + py, text, st.font or "sans",
                                           self.font_size(st.font_size, ctx, where), align="center",
                                           valign="middle", wrap=False, h=0,
                                           colour=self.colour(st.text_colour, ctx, where) or BLACK))
        return [Group(tuple(ops), tag=self._tag(el, ctx, where))]

    def _use(self, el, ctx, where) -> list[Op]:
        key = _placement(el, ctx)
        known = key is not None and self._placed_els.get(id(el)) is el
        if known:
            # A placement worked out before (the same element, the same filled x, y, rotate and
            # scale): a matrix of the same numbers (see placements.py).
            m = self._placed.get(*digest(key))  # type: ignore[arg-type]
            if m is not None:
                name = _filled(el.symbol, ctx)
                if name in self.symbols:
                    self.expand(name, where)
                    return [Use(name, m, _filled(el.id, ctx) if el.id else None)]
        name = self.fmt(el.symbol, ctx, where + ".symbol")
        self.define_symbol(name, where + ".symbol")
        self.expand(name, where)
        m = Matrix.translate(self.length(el.x, ctx, where + ".x"), self.length(el.y, ctx, where + ".y"))
        m = self._turned(m, el, ctx, where)
        if el.mirror:
            m = m @ Matrix.mirror(el.mirror)
        if key is not None and (known or len(self._placed_els) < MAX_PLACED_ELEMENTS):
            self._placed_els[id(el)] = el  # kept: its id names it in the keys
            self._placed.put(*digest(key), m)
        return [Use(name, m, tag=self._tag(el, ctx, where))]

    def _turned(self, m: Matrix, el, ctx, where) -> Matrix:
        """``m`` then the element's rotation and scale (numbers or templates)."""
        rotate = self.number(el.rotate, ctx, where + ".rotate")
        if rotate:
            m = m @ Matrix.rotate(rotate)
        scale = self.number(el.scale, ctx, where + ".scale")
        if scale != 1.0:
            m = m @ Matrix.scale(scale)
        return m

    def define_symbol(self, name: str, where: str) -> None:
        if name in self.symbols:
            return
        if name not in self.layout.symbols:
            raise self.layout.error(where, f"unknown symbol {name!r}; known: "
                                           f"{', '.join(sorted(self.layout.symbols)) or 'none'}")
        # Symbols named by templates are known only now: a circle or a chain too deep is
        # refused here (those named as written were refused when the layout was read).
        chain = self._defining
        if name in chain:
            raise self.layout.error(f"symbols.{name}", "symbols use each other in a circle: "
                                                       + " -> ".join(chain[chain.index(name):] + [name]))
        if len(chain) >= MAX_SYMBOL_DEPTH:
            raise self.layout.error(where, f"symbols use one another more than {MAX_SYMBOL_DEPTH} deep: "
                                           f"{chain[0]} -> {chain[1]} -> ... -> {name}")
        # What the symbol draws is counted as drawn (its uses of other symbols by their
        # counts), refused as soon as the page could not hold it; each use then counts it.
        page = self._work
        chain.append(name)
        try:
            ops = self.elements(self.layout.symbols[name].elements, {"bw": self.bw, **self.base},
                                f"symbols.{name}.elements")
            self._sizes[name] = self._work - page
        finally:
            chain.pop()
            self._work = page
        self.symbols[name] = tuple(ops)

    def _ruler(self, el, ctx, where) -> list[Op]:
        L = lambda k: self._at(el, k, ctx, where)  # noqa: E731
        length = L("length")
        st = self.style_spec(el.style, ctx, where + ".style")
        style = self.shape_style(st, ctx, where + ".style")
        fsize = self.font_size(st.font_size, ctx, where)
        side = 1.0 if el.ticks == "right" else -1.0
        ops: list[Op] = [Line(0, 0, length, 0, style)]
        self.spend(int(min(abs(length), 1e9)), where + ".length")  # about one tick per mm
        if el.unit == "mm":
            n = int(math.floor(length + 1e-9))
            for i in range(n + 1):
                t = 6.0 if i % 10 == 0 else 4.0 if i % 5 == 0 else 2.5
                ops.append(Line(i, 0, i, side * t, style))
                if i % 10 == 0 and i:
                    ops += self._tick_label(str(i), i, side, fsize, st, ctx)
            label = "mm"
        else:
            sub = 16
            n = int(math.floor(length / MM_PER_IN * sub + 1e-9))
            for i in range(n + 1):
                x = i * MM_PER_IN / sub
                t = 6.0 if i % 16 == 0 else 4.5 if i % 8 == 0 else 3.5 if i % 4 == 0 else 2.5 if i % 2 == 0 else 1.8
                ops.append(Line(x, 0, x, side * t, style))
                if i % 16 == 0 and i:
                    ops += self._tick_label(str(i // 16), x, side, fsize, st, ctx)
            label = "in"
        ops += self._tick_label(label, 1.2, side, fsize, st, ctx, align="left")
        m = Matrix.translate(L("x"), L("y"))
        if el.direction == "down":
            m = m @ Matrix.rotate(90)
        return [Group(tuple(ops), m, tag=self._tag(el, ctx, where))]

    def _tick_label(self, text, x, side, size, st, ctx, align="center") -> list[Op]:
        y = side * 6.5 + (size * 0.75 if side > 0 else 0)
        return list(layout_text(TextBox(x, y, text, st.font or "sans", size, align=align, valign="baseline",
                                        wrap=False, colour=self.colour(st.text_colour, ctx, "") or BLACK)))

    def _crop_marks(self, el, ctx, where) -> list[Op]:
        L = lambda k: self._at(el, k, ctx, where)  # noqa: E731
        x, y, w, h, b = L("x"), L("y"), L("w"), L("h"), L("bleed")
        off, ln = max(L("offset"), b), L("length")
        style = self._style(el, ctx, where)
        ops: list[Op] = []
        if el.show_bleed and b > 0:
            ops.append(Rect(x - b, y - b, w + 2 * b, h + 2 * b,
                            Style(stroke=style.stroke, stroke_width=0.15, dash=(1.0, 1.0)), tag="bleed"))
        for cx in (x, x + w):
            ops.append(Line(cx, y - off - ln, cx, y - off, style, tag="crop-mark"))
            ops.append(Line(cx, y + h + off, cx, y + h + off + ln, style, tag="crop-mark"))
        for cy in (y, y + h):
            ops.append(Line(x - off - ln, cy, x - off, cy, style, tag="crop-mark"))
            ops.append(Line(x + w + off, cy, x + w + off + ln, cy, style, tag="crop-mark"))
        return [Group(tuple(ops), tag=self._tag(el, ctx, where))]

    # -- slots: parts of a layout drawn by the component's code ----------------------------
    def _box(self, el, ctx, where) -> tuple[float, float, float, float]:
        """The element's box (x, y, w, h); a missing w or h runs to the design box's edge."""
        L = lambda k: self._at(el, k, ctx, where)  # noqa: E731
        x, y = L("x"), L("y")
        w = L("w") if el.w is not None else self._to_edge(0, x, where + ".w")
        h = L("h") if el.h is not None else self._to_edge(1, y, where + ".h")
        return x, y, w, h

    def _to_edge(self, axis: int, start: float, where: str) -> float:
        if self.design is None:
            raise self.layout.error(where, "give it (only a page's elements may run to the design box's edge)")
        return self.design[axis] - start

    def _slot_drawing(self, el, ctx, where):
        return self.slot_function(el.name, ctx, where + ".name")

    def slot_function(self, template: str, ctx: dict, where: str):
        """(name, function): the drawing function the data's ``slots`` give for ``template``."""
        name = self.fmt(template, ctx, where)
        draw = (ctx.get("slots") or {}).get(name)
        if draw is None:
            raise self.layout.missing(where, f"no drawing called {name!r} is given for this slot; "
                                           f"given: {', '.join(sorted(ctx.get('slots') or {})) or 'none'}")
        return name, draw

    def _slot(self, el, ctx, where) -> list[Op]:
        if el.place == "fit":
            return [self._fitted(el, ctx, where).group]
        _, draw = self._slot_drawing(el, ctx, where)
        x, y, w, h = self._box(el, ctx, where)
        ops = list(draw(Canvas(self, ctx, w, h, where), ctx, w, h))
        if el.place == "inline":
            if x or y:
                raise self.layout.error(where, "an inline slot stays at x = y = 0 (put it in a frame to move it)")
            return ops
        return [Group(tuple(ops), Matrix.translate(x, y), tag=self._tag(el, ctx, where))]

    def drawing(self, name: str, draw, ctx: dict, w: float, h: float, where: str) -> Drawing:
        """What the slot function ``draw`` makes for a box w x h, checked to be a :class:`Drawing`."""
        d = draw(Canvas(self, ctx, w, h, where), ctx, w, h)
        if not isinstance(d, Drawing) or d.w <= 0 or d.h <= 0:
            raise self.layout.error(where, f"the drawing {name!r} must be a Drawing with a size (w, h > 0)")
        return d

    def _fitted(self, el, ctx, where) -> Fitted:
        """A fitted slot: measured once per page (see :meth:`page`), else now."""
        hit = self._fits.pop(id(el), None)
        if hit is not None:
            return hit
        name, draw = self._slot_drawing(el, ctx, where)
        x, y, w, h = self._box(el, ctx, where)
        d = self.drawing(name, draw, ctx, w, h, where)
        s = min(w / d.w, h / d.h)
        group = Group(readable(tuple(d.ops), s), Matrix.translate(x + (w - d.w * s) / 2, y) @ Matrix.scale(s),
                      tag=self._tag(el, ctx, where))
        return Fitted(name, s, d, group)

    def page(self, elements, ctx: dict, where: str) -> list[Op]:
        """A page's elements. Its fitted slots are drawn first, so that every element of the page
        sees ``fit.NAME.scale`` and the drawing's named lengths at that scale (``fit.NAME.cell``)."""
        self.start_page()
        fits: dict[str, dict[str, float]] = {}
        for i, el in enumerate(elements):
            here = f"{where}[{i}].{el.type}"
            if el.type != "slot" or el.place != "fit" or self._skipped(el, ctx, here):
                continue
            hit = self._fits[id(el)] = self._fitted(el, ctx, here)
            fits[hit.name] = {"scale": hit.scale, **{k: v * hit.scale for k, v in hit.drawing.lengths.items()}}
        try:
            return self.elements(elements, {**ctx, "fit": fits} if fits else ctx, where)
        finally:
            self._fits.clear()

    def _tile_map(self, el, ctx, where) -> list[Op]:
        if self.poster is None:
            raise self.layout.error(where, "a tile map is drawn only on a poster's map page")
        drawing, plan = self.poster
        x, y, w, h = self._box(el, ctx, where)
        ox, oy = plan.offset
        last = plan.tiles[-1]
        total_w, total_h = last.x + last.w + ox, last.y + last.h + oy
        s = min(w / (total_w + 1), h / (total_h + 1))  # half a mm spare around the frames
        style = self._style(el, ctx, where)
        st = self.style_spec(el.label_style, ctx, where + ".label_style")
        size = self.font_size(st.font_size, ctx, where + ".label_style.font_size")
        colour = self.colour(st.text_colour, ctx, where + ".label_style.text_colour") or BLACK
        inset = self.length(el.label_inset, ctx, where + ".label_inset")
        frames: list[Op] = []
        for t in plan.tiles:
            frames.append(Rect(t.x + ox, t.y + oy, t.w, t.h, style, tag=f"map {t.label}"))
            # Each name inside its own tile and off the strip it shares with the tile before it
            # (which lies over it once assembled), so no frame line runs through a name.
            lx = t.x + ox + (plan.overlap if t.col else 0.0) + inset / s
            ly = t.y + oy + (plan.overlap if t.row else 0.0) + inset / s
            frames += layout_text(TextBox(lx, ly, t.label, st.font or "sans",
                                          size / s, colour=colour, wrap=False))
        shown = tuple(drawing.ops) if el.text else _without_text(tuple(drawing.ops))
        body = (Group(readable(shown, s), Matrix.translate(ox, oy)),) + tuple(frames)
        return [Group(body, Matrix.translate(x + (w - total_w * s) / 2, y) @ Matrix.scale(s),
                      tag=self._tag(el, ctx, where))]

    def _track(self, el, ctx, where) -> list[Op]:
        """Each box of the track as a rectangle with its number centred in it, one group a box."""
        L = lambda k: self._at(el, k, ctx, where)  # noqa: E731
        x0, y0 = L("x"), L("y")
        self.spend(sum(max(n, 0) for n in el.sides), where + ".sides")
        w, h, depth = L("w"), L("h"), L("depth")
        if not (depth < w and 2 * depth < h):
            raise self.layout.error(where + ".depth", f"a track {depth:g} mm deep needs w more than {depth:g} mm "
                                                      f"and h more than {2 * depth:g} mm, got {w:g} x {h:g}")
        boxes = track_boxes(w, h, depth, el.sides)
        ops: list[Op] = []
        for k, (x, y, w, h) in enumerate(boxes):
            n = el.start + k
            style = el.mark_style if el.every and n % el.every == 0 and el.mark_style else el.style
            x, y, w, h = float(x0 + x), float(y0 + y), float(w), float(h)  # mm
            try:
                inner = [RectEl(type="rect", style=style, x=x, y=y, w=w, h=h),
                         TextEl(type="text", text=str(n), style=el.number_style, align="center", valign="middle",
                                x=x, y=y, w=w, h=h)]
            except ValidationError as e:  # a box beyond the lengths a layout may give
                raise self.layout.error(f"{where}[{k}]", f"box {k}: {describe(dict(e.errors()[0]))}") from None
            ops.append(Group(tuple(self.elements(inner, ctx, f"{where}[{k}]")), Matrix.translate(0, 0),
                             tag=f"{self._tag(el, ctx, where)}[{k}]" if el.id else None))
        return ops

    def _sections(self, el, ctx, where) -> list[Op]:
        """Headed sections flowed into columns (core/layout/sections.py), one op a line."""
        L = lambda k: self._at(el, k, ctx, where)  # noqa: E731
        st = self.style_spec(el.style, ctx, where + ".style")
        tst = self.style_spec(el.title_style if el.title_style is not None else el.style, ctx, where + ".title_style")
        size = self.font_size(st.font_size, ctx, where + ".style.font_size")
        tsize = self.font_size(tst.font_size, ctx, where + ".title_style.font_size")
        items = self.items(el.over, None, ctx, where)
        self.spend(len(items), where)
        secs = []
        for i, item in enumerate(items):
            if not isinstance(item, dict) or not isinstance(item.get("title"), str) or not isinstance(item.get("text"), str):
                raise self.layout.error(f"{where}.over[{i}]", "a section is a mapping with a title and a text")
            icon = item.get("icon")
            here = f"{where}.over[{i}]"
            secs.append(sections.Section(self.fmt(item["title"], ctx, here + ".title"),
                                         self.fmt(item["text"], ctx, here + ".text"),
                                         self.fmt(str(icon), ctx, here + ".icon") if icon else None))
        look = sections.Look(
            font=self.fmt(st.font or "sans", ctx, where + ".style.font"),
            title_font=self.fmt(tst.font or "sans-bold", ctx, where + ".title_style.font"),
            size=size, title_ratio=tsize / size, min_size=self.font_size(el.min_size, ctx, where + ".min_size"),
            line_height=st.line_height or 1.2,
            colour=self.colour(st.text_colour, ctx, where + ".style.text_colour") or BLACK,
            title_colour=self.colour(tst.text_colour, ctx, where + ".title_style.text_colour") or BLACK,
            columns=el.columns, gap=L("gap"), indent=L("indent"), icon_size=L("icon_size"), icon_box=L("icon_box"))
        try:  # an icon is drawn at icon_size / icon_box of its symbol's size
            if look.icon_size:
                check_number(look.icon_size / look.icon_box, "scale")
        except ValueError as e:
            raise self.layout.error(where + ".icon_box", f"{look.icon_size:g} mm icons for a {look.icon_box:g} mm "
                                                         f"box: {e}") from None

        def symbol(name: str) -> str:
            self.define_symbol(name, where + ".over")
            self.expand(name, where + ".over")
            return name

        try:
            return sections.draw(secs, look, L("x"), L("y"), L("w"), L("h"), symbol, tag=self._tag(el, ctx, where))
        except ValueError as e:
            raise self.layout.error(where, str(e)) from None

    def _repeat(self, el, ctx, where) -> list[Op]:
        items = self.items(el.over, el.count, ctx, where)
        L = lambda k: self._at(el, k, ctx, where)  # noqa: E731
        x0, y0, dx, dy = L("x"), L("y"), L("dx"), L("dy")
        cols = el.cols
        if isinstance(cols, str):
            text = self.fmt(cols, ctx, where + ".cols")
            cols = int(text) if text.strip().isdigit() else 0
        if cols is not None and cols < 1:
            raise self.layout.error(where + ".cols", f"expected a whole number from 1, got {el.cols!r}")
        self.spend(len(items), where)
        ops: list[Op] = []
        inside = where + ".elements"
        name: Any = _UNKNOWN  # the repeat's id, filled (from ctx, the same each time) when first needed
        for i, item in enumerate(items):
            col, row = (i % cols, i // cols) if cols else (i, i)
            sub = {**ctx, el.as_: item, "index": i, "n": i + 1}
            inner = self.elements(el.elements, sub, inside)
            tag = None
            if el.id:
                if name is _UNKNOWN:
                    name = self._tag(el, ctx, where)
                tag = f"{name}[{i}]"
            ops.append(Group(tuple(inner), Matrix.translate(x0 + col * dx, y0 + row * dy), tag=tag))
        return ops

    def items(self, over, count, ctx, where) -> list | LazySequence:
        if (over is None) == (count is None):
            raise self.layout.error(where, "give either 'over' (a data key or a list) or 'count'")
        if count is not None:
            return list(range(count))
        if isinstance(over, list):
            return over
        try:
            value = lookup(over, ctx)
        except MissingData:
            raise self.layout.missing(where + ".over", f"no data called {over!r}; available: "
                                                       f"{', '.join(sorted(ctx))}") from None
        except TemplateError as e:
            raise self.layout.error(where + ".over", str(e)) from None
        if not isinstance(value, (list, LazySequence)):  # LazySequence: made as used (--count)
            raise self.layout.error(where + ".over", f"{over!r} is not a list")
        return value


#: Renderer's drawing method of each element type (``_rect`` ...), found once a process (kept in
#: the class's functions, not bound methods on each renderer: no renderer refers to itself).
_METHODS: dict[str, Any] = {}


def _filled(v: Any, ctx: dict) -> Any:
    """A field's template filled as :meth:`Renderer.fmt` fills it (text without a brace as it
    is); a number as it is. Raises as :func:`fill` does (the callers then go the long way)."""
    return fill(v, ctx) if type(v) is str and "{" in v else v


def _placement(el, ctx: dict) -> tuple | None:
    """What a symbol use's matrix depends on: the element (its id) and its filled x, y, rotate
    and scale (a number is the element's own). None when a template cannot be filled: the long
    way then says why."""
    try:
        return (id(el), _filled(el.x, ctx), _filled(el.y, ctx), _filled(el.rotate, ctx), _filled(el.scale, ctx))
    except (TemplateError, ValueError, TypeError):
        return None


def _without_text(ops: tuple[Op, ...]) -> tuple[Op, ...]:
    """The operations without their text (a reduced copy whose words would print too small)."""
    out: list[Op] = []
    for op in ops:
        if isinstance(op, Group):
            out.append(Group(_without_text(op.ops), op.matrix, op.clip, op.tag))
        elif not isinstance(op, Text):
            out.append(op)
    return tuple(out)


def track_boxes(w: float, h: float, depth: float, sides: tuple[int, int, int, int]) -> list[tuple[float, float, float, float]]:
    """The boxes (x, y, w, h) of a track around a w x h rectangle, clockwise from the top left.

    >>> [tuple(round(v, 2) for v in b) for b in track_boxes(40, 30, 10, (2, 1, 1, 1))]
    [(0.0, 0, 20.0, 10), (20.0, 0, 20.0, 10), (30, 10.0, 10, 20.0), (0.0, 20, 30.0, 10), (0, 10.0, 10, 10.0)]
    """
    top, right, bottom, left = sides
    out: list[tuple[float, float, float, float]] = []
    bw = w / top
    out += [(i * bw, 0, bw, depth) for i in range(top)]
    bh = (h - depth) / right
    out += [(w - depth, depth + i * bh, depth, bh) for i in range(right)]
    bw = (w - depth) / bottom
    out += [(w - depth - (i + 1) * bw, h - depth, bw, depth) for i in range(bottom)]
    bh = (h - 2 * depth) / left
    out += [(0, h - depth - (i + 1) * bh, depth, bh) for i in range(left)]
    return out
