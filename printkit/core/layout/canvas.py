"""The public drawing context of a slot: what a component's code may use to draw part of a layout.

A layout's ``slot`` element names a drawing the component's code passes with the data
(``data={"slots": {"board": draw_board}}``). The engine calls it as ``draw(canvas, data, w, h)``
with a :class:`Canvas`: the slot's box and the layout's look, by name (styles, text styles,
colours, symbols), so that code never reaches into the renderer. What the drawing returns:

- for ``place: box`` (the default) and ``place: inline``: a list of operations, in the slot's
  box (0..w, 0..h) or, inline, in the coordinates of the element around the slot;
- for ``place: fit`` and a layout's ``poster``: a :class:`Drawing`, operations at their own
  size, which the engine scales to fit the box, or tiles over pages at real size.

>>> canvas = Canvas.standalone("common.yaml", w=50.0, h=20.0)
>>> canvas.style("outline").stroke_width
0.3
>>> [op.text for op in canvas.text(0, 0, "Hello", "heading")]
['Hello']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from printkit.core.colour import BLACK, Colour
from printkit.core.draw.ops import Op, Style
from printkit.core.text import TextBox, TextFitError, layout_text
from printkit.errors import PrintkitError

if TYPE_CHECKING:  # pragma: no cover
    from printkit.core.layout.render import Renderer


@dataclass(frozen=True)
class Drawing:
    """Operations drawn by code at their own size: ``w`` x ``h`` mm, top left at (0, 0).

    ``lengths`` names lengths of the drawing (a cell's size, say) that a layout may quote: a
    fitted slot shows each at the scale drawn, as ``{fit.SLOT.NAME}``, beside ``{fit.SLOT.scale}``.
    ``on_tiles``: operations a poster prints on its tile pages only, not on its map nor as
    the whole drawing (a key in each tile's empty corner); in the drawing's coordinates.
    """

    ops: tuple[Op, ...]
    w: float
    h: float
    lengths: Mapping[str, float] = field(default_factory=dict)
    on_tiles: tuple[Op, ...] = ()


@dataclass(frozen=True)
class TextStyle:
    """A named style's text settings, resolved: font, size in mm, colour, line height in em."""

    font: str
    size: float
    colour: Colour
    line_height: float


class Canvas:
    """What a slot's drawing gets: its box (``w`` x ``h`` mm), the data it is drawn with, and
    the layout's styles, colours and symbols by name."""

    def __init__(self, renderer: Renderer, data: Mapping[str, Any], w: float, h: float, where: str = "slot"):
        self._r = renderer
        self.data = data
        self.w, self.h = w, h
        self.where = where

    @classmethod
    def standalone(cls, layout: str, bw: bool = False, data: Mapping[str, Any] | None = None,
                   w: float = 0.0, h: float = 0.0) -> Canvas:
        """A canvas on the layout file ``layout`` outside any document (for tests and tools):
        what a slot's drawing would get, with ``data`` as the document's data."""
        from printkit.core.layout.load import load_layout
        from printkit.core.layout.render import Renderer

        base = {"bw": bw, **(data or {})}
        return cls(Renderer(load_layout(layout), bw=bw, base=base), base, w, h)

    @property
    def symbols(self) -> Mapping[str, tuple[Op, ...]]:
        """The symbols defined so far (the document's), by name."""
        return self._r.symbols

    @property
    def bw(self) -> bool:
        """Whether the output is black and white."""
        return self._r.bw

    # -- the look, by name --------------------------------------------------------------------
    def style(self, name: str) -> Style:
        """The shape style (stroke, fill, dash...) of the layout's style ``name``."""
        where = f"styles.{name}"
        return self._r.shape_style(self._r.style_spec(name, self._r.base, where), self._r.base, where)

    def text_style(self, name: str) -> TextStyle:
        """The text settings of the layout's style ``name``."""
        where = f"styles.{name}"
        st = self._r.style_spec(name, self._r.base, where)
        return TextStyle(
            font=self._r.fmt(st.font or "sans", self._r.base, where + ".font"),
            size=self._r.font_size(st.font_size, self._r.base, where + ".font_size"),
            colour=self._r.colour(st.text_colour, self._r.base, where + ".text_colour") or BLACK,
            line_height=st.line_height or 1.2,
        )

    def colour(self, spec: Any, ctx: Mapping[str, Any] | None = None, where: str = "") -> Colour | None:
        """A colour: a name from the layout's colours or the data's palette, ``#rrggbb``, ``none``
        (None), ``bw:NAME``; in ``--bw`` output, its black-and-white alternative."""
        return self._r.colour(spec, dict(ctx) if ctx is not None else self._r.base, where or self.where)

    # -- drawing ------------------------------------------------------------------------------
    def text(self, x: float, y: float, text: str, style: str, *, scale: float = 1.0, **box: Any) -> list[Op]:
        """``text`` laid out at (x, y) in the style ``style``, its size times ``scale``; ``box``
        takes :class:`~printkit.core.text.TextBox`'s other settings (w, h, align, valign, wrap...)."""
        ts = self.text_style(style)
        try:
            return list(layout_text(TextBox(x, y, text, ts.font, ts.size * scale, colour=ts.colour,
                                            line_height=ts.line_height, **box), lambda: self._r.source(self.where)))
        except TextFitError as e:
            raise self._r.layout.error(self.where, str(e)) from None
        except PrintkitError as e:
            raise self._r.layout.error(f"styles.{style}.font", str(e)) from None

    def symbol(self, name: str) -> str:
        """The layout's symbol ``name``, defined in the document; its name, for a ``Use``."""
        self._r.define_symbol(name, self.where)
        return name

    def define(self, name: str, make: Callable[[], Iterable[Op]]) -> str:
        """A symbol the code draws (a piece's shape): made by ``make`` the first time ``name``
        is asked for, then reused; its name, for a ``Use``."""
        if name not in self._r.symbols:
            self._r.symbols[name] = tuple(make())
        return name

    def shape(self, key: tuple, prefix: str, ops: Iterable[Op]) -> str:
        """A symbol for a shape the drawing repeats (a cell): the same ``key`` gives the same
        symbol, named ``PREFIX-N``."""
        return self._r.auto_symbol(key, prefix, tuple(ops))


    def low_ink(self, ops: Iterable[Op]) -> list[Op]:
        """``ops`` as ``--bw`` prints them (floods become patterns, see
        :mod:`printkit.core.draw.lowink`), in colour output too: to show the black-and-white
        print beside the colour one (the calibration page's swatches). The patterns are sized
        for the slot's box drawn at its own size."""
        from printkit.core.draw.lowink import LowInk  # on first use, as build does for --bw

        return LowInk(self._r.symbols).ops(ops)
