"""The layout file's model: what a ``layouts/*.yaml`` file may say, checked by pydantic.

A layout file describes pages (``pages``), a card sheet (``cards``) or a tiled poster
(``poster``) as elements: frames, text, lines, rectangles, circles, polygons, paths, hex grids,
rulers, crop marks, symbol uses, repetitions over data, slots drawn by code and a poster's tile
map. Lengths are numbers in mm or strings with a unit (``12mm``, ``0.5in``, ``9pt``); font
sizes are numbers in pt. Any string may use ``{name}`` templates filled from the data being
drawn (``{item.name}``, ``{index}``, ``{n}``, ``{bw}``).

Each element is a one-key mapping naming its kind::

    - rect: {x: 10, y: 10, w: 50mm, h: 50mm, style: outline}
    - text: {x: 10, y: 70, w: 50, text: "Hello {player}", style: body, align: center}
"""

from __future__ import annotations

import math
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationInfo, field_validator

from printkit.core.limits import MAX_ANGLE, MAX_LENGTH, MAX_SCALE
from printkit.core.typescale import named_size_mm
from printkit.core.units import parse_length


def _is_template(v: Any) -> bool:
    return isinstance(v, str) and "{" in v


#: The lengths that must be more than 0 (a card's or a rectangle's size, a hex cell's, a font
#: size), by field or by ``owner.field`` ...
_SIZES = frozenset({"size", "across_flats", "depth", "font_size", "icon_box", "cards.w", "cards.h", "rect.w", "rect.h"})
#: ... and those that must be at least 0 (other boxes' sizes: a text box 0 high sits on its
#: line; the least size text shrinks to; radii, a line's width, a dash, gaps, insets); any
#: other length is a position.
_EXTENTS = frozenset({"w", "h", "min_size", "r", "radius", "stroke_width", "dash", "bleed", "length", "offset", "gutter",
                      "overlap", "gap", "indent", "icon_size", "label_inset"})
#: A card is at least 1 mm each way (a sheet holds as many as fit: a card of 1e-320 mm would
#: ask for an endless row).
_CARD_SIDES = frozenset({"cards.w", "cards.h"})
#: The owners (``rect`` in ``rect.w``) whose fields _SIZES names, by model.
_OWNERS = {"RectEl": "rect", "CardsSpec": "cards"}


def check_length(mm: float, name: str) -> float:
    """``mm`` if the field ``name`` (``x``, or ``rect.w``: the element or part it is of, and the
    field) may have it: finite and at most :data:`MAX_LENGTH` either way, more than 0 for a size
    (a card's or rectangle's ``w`` and ``h``, a font size), at least 0 for other boxes' sizes, a
    radius, a line's width, a dash or a gap. Raises ValueError saying what is expected. The one
    check of a layout's lengths: the models apply it to numbers as they are read, the renderer
    to templates' values as they are filled, so ``check`` and ``make`` refuse the same.

    >>> check_length(12.5, "x"), check_length(-3.0, "y"), check_length(0.0, "radius"), check_length(0.0, "text.h")
    (12.5, -3.0, 0.0, 0.0)
    >>> check_length(0.0, "rect.w")
    Traceback (most recent call last):
    ValueError: expected a length more than 0, got 0 mm
    >>> check_length(1e308, "x")
    Traceback (most recent call last):
    ValueError: expected a finite length of at most 10000 mm (10 m) either way, got 1e+308 mm
    """
    if not (math.isfinite(mm) and abs(mm) <= MAX_LENGTH):
        raise ValueError(f"expected a finite length of at most {MAX_LENGTH:g} mm (10 m) either way, got {mm:g} mm")
    field = name.rsplit(".", 1)[-1]
    if mm <= 0 and (name in _SIZES or field in _SIZES):
        raise ValueError(f"expected a length more than 0, got {mm:g} mm")
    if mm < 1 and name in _CARD_SIDES:
        raise ValueError(f"expected a card at least 1 mm each way, got {mm:g} mm")
    if mm < 0 and field in _EXTENTS:
        raise ValueError(f"expected a length of at least 0, got {mm:g} mm")
    return mm


def check_dash(dash: tuple[float, ...]) -> tuple[float, ...]:
    """A dash pattern (lengths of dashes and gaps) if it may be drawn: not all zero (each is at
    least 0, see check_length); ValueError otherwise.

    >>> check_dash((1.0, 0.5)), check_dash(())
    ((1.0, 0.5), ())
    >>> check_dash((0.0, 0.0))
    Traceback (most recent call last):
    ValueError: a dash pattern needs a dash or gap longer than 0 (or write no dash)
    """
    if dash and not any(dash):
        raise ValueError("a dash pattern needs a dash or gap longer than 0 (or write no dash)")
    return dash


def check_path(segs: tuple[tuple, ...]) -> tuple[tuple, ...]:
    """Path segments (``("M", x, y)``, ``("C", ...)``, ``("Z",)``) whose every coordinate is a
    position check_length allows; ValueError otherwise.

    >>> check_path((("M", 0.0, 0.0), ("L", 1e308, 0.0)))
    Traceback (most recent call last):
    ValueError: path data: expected a finite length of at most 10000 mm (10 m) either way, got 1e+308 mm
    """
    try:
        for seg in segs:
            for v in seg[1:]:
                check_length(v, "d")
    except ValueError as e:
        raise ValueError(f"path data: {e}") from None
    return segs


def check_number(v: float, name: str) -> float:
    """``v`` if the field ``name`` (``scale`` or ``rotate``) may have it: a scale is not 0 and at
    most :data:`MAX_SCALE` either way, an angle at most :data:`MAX_ANGLE` degrees either way;
    ValueError otherwise.

    >>> check_number(0.5, "scale"), check_number(-90.0, "rotate")
    (0.5, -90.0)
    >>> check_number(0.0, "scale")
    Traceback (most recent call last):
    ValueError: expected a finite scale between -1000 and 1000, not 0, got 0
    """
    scale = name.rsplit(".", 1)[-1] == "scale"
    top = MAX_SCALE if scale else MAX_ANGLE
    if not (math.isfinite(v) and abs(v) <= top) or (v == 0 and scale):
        what = (f"a finite scale between -{top:g} and {top:g}, not 0" if scale
                else f"a finite angle of at most {top:g} degrees either way")
        raise ValueError(f"expected {what}, got {v:g}")
    return v


def _name(info: ValidationInfo) -> str:
    """The field being validated, as check_length and check_number name it (``rect.w``, ``x``)."""
    owner = _OWNERS.get((info.config or {}).get("title", ""))
    return f"{owner}.{info.field_name}" if owner else info.field_name or ""


def _length(v: Any, info: ValidationInfo) -> float | str:
    if _is_template(v):
        return v
    return check_length(parse_length(v), _name(info))


def _font_size(v: Any, info: ValidationInfo) -> float | str:
    """Font sizes: a name of the type scale (``caption``, ``body``, ``title`` ...), or a length
    (a bare number is in points)."""
    if _is_template(v):
        return v
    if isinstance(v, str) and (named := named_size_mm(v)) is not None:
        return named
    return check_length(parse_length(v, default_unit="pt"), _name(info))


def _number(v: Any, info: ValidationInfo) -> float | str:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return v  # a template (or text, refused when drawn as the number it is not)
    return check_number(float(v), _name(info))


#: A length in mm, or a template resolved when drawn.
Length = Annotated[float | str, BeforeValidator(_length)]
FontSize = Annotated[float | str, BeforeValidator(_font_size)]
Point = tuple[Length, Length]
#: A plain number (an angle, a scale; see check_number), or a template resolved when drawn.
Number = Annotated[float | str, BeforeValidator(_number)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class ColourDef(Strict):
    """A colour and its black-and-white alternative (a grey of the same lightness if omitted)."""

    colour: str
    bw: str | None = None


#: A colour: ``#rrggbb``, ``#rgb``, black/white/grey, ``none``, a name from ``colours``, or a
#: mapping ``{colour: "#c33", bw: "#555"}``.
ColourSpec = str | ColourDef


class StyleSpec(Strict):
    """A style; ``extends`` names another style whose settings this one starts from."""

    extends: str | None = None
    stroke: ColourSpec | None = None
    stroke_width: Length | None = None
    fill: ColourSpec | None = None
    dash: list[Length] | None = None
    cap: Literal["butt", "round", "square"] | None = None
    join: Literal["miter", "round", "bevel"] | None = None
    fill_rule: Literal["nonzero", "evenodd"] | None = None
    font: str | None = None
    font_size: FontSize | None = None
    text_colour: ColourSpec | None = None
    line_height: float | None = Field(default=None, gt=0, le=100, allow_inf_nan=False)

    @field_validator("dash")
    @classmethod
    def _dashes(cls, v: list[float | str] | None) -> list[float | str] | None:
        if v is not None and not any(_is_template(d) for d in v):
            check_dash(tuple(v))  # type: ignore[arg-type]
        return v


StyleRef = str | StyleSpec


class ElementBase(Strict):
    id: str | None = None
    style: StyleRef | None = None
    #: Draw only when this template renders truthy (not "", "0", "false", "False", "None").
    when: str | None = None


class FrameEl(ElementBase):
    """A positioned group: its elements are drawn relative to (x, y), then transformed."""

    type: Literal["frame"]
    x: Length = 0.0
    y: Length = 0.0
    w: Length | None = None
    h: Length | None = None
    rotate: Number = 0.0  # degrees clockwise, or a template
    scale: Number = 1.0  # or a template
    mirror: Literal["x", "y"] | None = None
    border: bool = False
    clip: bool = False
    elements: list[Element] = []


class TextEl(ElementBase):
    type: Literal["text"]
    x: Length
    y: Length
    w: Length | None = None
    h: Length | None = None
    text: str
    align: Literal["left", "center", "right"] = "left"
    valign: Literal["top", "middle", "bottom", "baseline"] = "top"
    wrap: bool = True
    shrink: bool = False
    min_size: FontSize = Field(default=4.0, validate_default=True)


class LineEl(ElementBase):
    type: Literal["line"]
    x1: Length
    y1: Length
    x2: Length
    y2: Length


class RectEl(ElementBase):
    type: Literal["rect"]
    x: Length
    y: Length
    w: Length
    h: Length
    radius: Length = 0.0


class CircleEl(ElementBase):
    type: Literal["circle"]
    x: Length
    y: Length
    r: Length


class PolygonEl(ElementBase):
    type: Literal["polygon"]
    points: list[Point] = Field(min_length=2)
    closed: bool = True


class PathEl(ElementBase):
    """SVG-style path data in mm: M, L, H, V, C, S, Q, T, Z (upper or lower case)."""

    type: Literal["path"]
    d: str

    @field_validator("d")
    @classmethod
    def _parses(cls, v: str) -> str:
        from printkit.core.geometry.pathdata import parse_path

        if not _is_template(v):
            check_path(parse_path(v))
        return v


class HexGridEl(ElementBase):
    """Hexagons in axial coordinates (q, r) around the centre (x, y) of cell (0, 0)."""

    type: Literal["hexgrid"]
    x: Length
    y: Length
    across_flats: Length
    orientation: Literal["flat", "pointy"] = "flat"
    radius: int | None = Field(default=None, ge=0, le=50)
    cells: list[tuple[Annotated[int, Field(ge=-1000, le=1000)], Annotated[int, Field(ge=-1000, le=1000)]]] | None = None
    label: str | None = None  # a template per cell: {q}, {r}


class UseEl(ElementBase):
    """Draw a symbol at (x, y), scaled, rotated and mirrored about its origin."""

    type: Literal["use"]
    symbol: str
    x: Length = 0.0
    y: Length = 0.0
    scale: Number = 1.0  # or a template
    rotate: Number = 0.0
    mirror: Literal["x", "y"] | None = None


class RulerEl(ElementBase):
    """A ruler from (x, y), ``length`` long, in mm or inch graduations."""

    type: Literal["ruler"]
    x: Length
    y: Length
    length: Length
    unit: Literal["mm", "in"] = "mm"
    direction: Literal["right", "down"] = "right"
    #: Which side of the base line the ticks stand on, seen along the direction.
    ticks: Literal["left", "right"] = "right"


class CropMarksEl(ElementBase):
    """Crop marks around a trim box (x, y, w, h), outside a bleed, optionally showing it."""

    type: Literal["crop_marks"]
    x: Length
    y: Length
    w: Length
    h: Length
    bleed: Length = 0.0
    length: Length = 5.0
    offset: Length = 1.0
    show_bleed: bool = False


class SlotEl(ElementBase):
    """A box (x, y, w, h) drawn by the component's code: ``name`` picks the drawing from the
    ``slots`` the code passes with the data (for what a layout cannot say, such as a diagram
    computed from the content). Without ``w`` or ``h`` the box runs to the design box's edge.

    ``place`` says how the drawing goes in: ``box`` (in the box's own coordinates), ``fit`` (a
    drawing at its own size, scaled to fit the box, centred across it at its top; every element
    of the page sees ``fit.NAME.scale`` and the drawing's named lengths at that scale) or
    ``inline`` (the operations join the surrounding ones as they are, at x = y = 0)."""

    type: Literal["slot"]
    name: str
    x: Length = 0.0
    y: Length = 0.0
    w: Length | None = None
    h: Length | None = None
    place: Literal["box", "fit", "inline"] = "box"


class TileMapEl(ElementBase):
    """On a poster's map page: the whole poster reduced to fit the box (x, y, w, h), every
    tile outlined in ``style`` and named (A1, B1...) in ``label_style``, ``label_inset`` inside
    its corner. Without ``w`` or ``h`` the box runs to the design box's edge."""

    type: Literal["tile_map"]
    x: Length = 0.0
    y: Length = 0.0
    w: Length | None = None
    h: Length | None = None
    label_style: StyleRef | None = None
    label_inset: Length = 3.0
    #: Whether the reduced poster keeps its text (numbers, coordinates), which prints small.
    text: bool = True


class TrackEl(ElementBase):
    """A scoring track: numbered boxes ``depth`` deep around the rectangle (x, y, w, h),
    clockwise from its top left corner: ``sides`` boxes along the top (the whole width), down
    the right (below the top row), back along the bottom (up to the left column) and up the
    left (between the top and bottom rows). Boxes are numbered from ``start`` in
    ``number_style``, drawn in ``style``, and every ``every``-th number in ``mark_style``."""

    type: Literal["track"]
    x: Length = 0.0
    y: Length = 0.0
    w: Length
    h: Length
    depth: Length
    sides: tuple[Annotated[int, Field(ge=1, le=1000)], Annotated[int, Field(ge=1, le=1000)],
                 Annotated[int, Field(ge=1, le=1000)], Annotated[int, Field(ge=1, le=1000)]]
    start: int = 0
    every: int = Field(default=0, ge=0)
    mark_style: StyleRef | None = None
    number_style: StyleRef | None = None


class RepeatEl(ElementBase):
    """The elements once per item of ``over`` (a data key or a list) or ``count`` times, on a
    grid of ``cols`` columns, ``dx`` and ``dy`` apart, from (x, y). Each copy sees ``item``
    (or the name given by ``as``), ``index`` (from 0) and ``n`` (from 1)."""

    type: Literal["repeat"]
    over: str | list[Any] | None = None
    count: int | None = Field(default=None, ge=0, le=10000)
    as_: str = Field(default="item", alias="as")
    cols: int | str | None = None  # a whole number from 1, or a template
    x: Length = 0.0
    y: Length = 0.0
    dx: Length = 0.0
    dy: Length = 0.0
    elements: list[Element]

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, defer_build=True)


class SectionsEl(ElementBase):
    """Headed sections of text flowed into ``columns`` columns in the box (x, y, w, h) (a player
    aid): ``over`` names a data list of sections, each a mapping with ``title``, ``text`` (lines
    are paragraphs; ``1.``, ``-`` or ``•`` starts a list item, its wrapped lines hanging) and
    optionally ``icon`` (a layout symbol drawn ``icon_size`` big before the title, drawn for an
    ``icon_box`` box). Text in ``style``, titles in ``title_style`` (scaled with the text); the
    text takes the largest size from its style's down to ``min_size`` at which everything fits,
    sections whole in a column where they can be, columns balanced."""

    type: Literal["sections"]
    over: str | list
    x: Length = 0.0
    y: Length = 0.0
    w: Length
    h: Length
    columns: int = Field(default=2, ge=1, le=6)
    gap: Length = 6.0
    indent: Length = 3.5
    icon_size: Length = 5.0
    icon_box: Length = 10.0
    title_style: StyleRef | None = None
    min_size: FontSize = Field(default=6.5, validate_default=True)


ELEMENT_TYPES = {
    "frame": FrameEl, "text": TextEl, "line": LineEl, "rect": RectEl, "circle": CircleEl,
    "polygon": PolygonEl, "path": PathEl, "hexgrid": HexGridEl, "use": UseEl, "ruler": RulerEl,
    "crop_marks": CropMarksEl, "repeat": RepeatEl, "slot": SlotEl, "tile_map": TileMapEl, "track": TrackEl,
    "sections": SectionsEl,
}


def _unwrap(v: Any) -> Any:
    """``{rect: {...}}`` -> ``{"type": "rect", ...}``; a clear error for anything else."""
    if isinstance(v, dict) and len(v) == 1:
        (kind, body), = v.items()
        if kind in ELEMENT_TYPES:
            if body is None:
                body = {}
            if not isinstance(body, dict):
                raise ValueError(f"the {kind} element takes a mapping of settings")
            return {"type": kind, **body}
        raise ValueError(f"unknown element {kind!r}; expected one of: {', '.join(ELEMENT_TYPES)}")
    raise ValueError("expected an element: a mapping with one key naming its kind, "
                     f"one of: {', '.join(ELEMENT_TYPES)}")


Element = Annotated[
    FrameEl | TextEl | LineEl | RectEl | CircleEl | PolygonEl | PathEl | HexGridEl | UseEl | RulerEl | CropMarksEl
    | RepeatEl | SlotEl | TileMapEl | TrackEl | SectionsEl,
    Field(discriminator="type"),
    BeforeValidator(_unwrap),
]


class SymbolSpec(Strict):
    """A reusable drawing (an icon), drawn in its own coordinates around its origin."""

    elements: list[Element]


class PageSpec(Strict):
    """A page; with ``over`` (a data name), one page per item, each seeing it as ``as``."""

    elements: list[Element]
    over: str | None = None
    as_: str = Field(default="page", alias="as")

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, defer_build=True)


class SheetSpec(Strict):
    """What a card sheet prints once around its cards (an instruction, a worked example): the
    fronts' page's ``front`` and the backs' page's ``back`` (upright, not mirrored), drawn in the
    box inside the margins, which the cards and their crop marks split into a band above
    (``0..sheet_w`` x ``0..above_h``) and a band below (from ``below_y``, ``below_h`` high, down
    to the footer)."""

    front: list[Element] = []
    back: list[Element] = []


class CardsSpec(Strict):
    """A card sheet: one card per item of ``over``, fronts and (optionally) backs."""

    w: Length
    h: Length
    over: str | list[Any]
    gutter: Length = 0.0
    #: The corners of the cut are rounded by this much (a round token: half its width); the
    #: cut guide drawn without bleed follows it (see :func:`printkit.core.draw.page.impose_cards`).
    radius: Length = 0.0
    #: Share the cards evenly over the sheets they need (35 on sheets of 8: 7 a sheet, not
    #: 8, 8, 8, 8 and 3), so no last sheet is left nearly empty; the sheets are as many.
    balance: bool = False
    #: Fills the card and its bleed before the front (and back) are drawn.
    background: ColourSpec | None = None
    front: list[Element]
    back: list[Element] | None = None
    #: Printed once a sheet, above and below its cards (see :class:`SheetSpec`).
    sheet: SheetSpec | None = None
    #: Backs on the fronts' page, below a fold line (fold-and-glue), instead of the next page
    #: (see :func:`printkit.core.draw.page.impose_cards`).
    fold: bool = False


class PosterSpec(Strict):
    """A drawing larger than the paper (a board): the slot ``slot`` gives it as a drawing at real
    size, printed on tiles that overlap their neighbours by ``overlap``, with crosshairs to line
    them up, after a first page of ``map`` elements (a ``tile_map`` shows how the tiles go
    together). The map's elements see ``tiles`` (how many), ``tile_cols``, ``tile_rows`` and
    ``overlap`` (mm)."""

    slot: str
    overlap: Length = 10.0
    map: list[Element]


class LayoutFile(Strict):
    """One layout file. ``include`` merges colours, styles and symbols from other files."""

    version: Literal[1] = 1
    title: str = ""
    include: list[str] = []
    #: The design box of a full page, or ``printable``: all the paper gives inside its margins
    #: and above the footer (so it differs between A4 and Letter).
    size: tuple[Length, Length] | Literal["printable"] | None = None
    colours: dict[str, ColourDef] = {}
    styles: dict[str, StyleSpec] = {}
    symbols: dict[str, SymbolSpec] = {}
    data: dict[str, Any] = {}
    pages: list[PageSpec] | None = None
    cards: CardsSpec | None = None
    poster: PosterSpec | None = None
