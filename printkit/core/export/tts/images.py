"""The pictures Tabletop Simulator reads, made from items' images (PIL, drawn from the PDF pages).

- A **deck sheet** is one image TTS cuts into a grid of equal cells, at most 10 across and 7 down;
  the cards are the cells in reading order (card i in column ``i % cols``, row ``i // cols``) and
  the sheet's last cell is the **hidden card**, the picture TTS shows for a card hidden from a
  player (in another player's hand). A deck of more than 69 cards takes several sheets.
- A **d6 texture** is the six faces of a die in one image, laid out as a cross (:data:`D6_CELLS`).
- A **cut-out** is a token's image made transparent outside its printed outline: TTS's Custom
  Token takes its shape from the image's transparency.

Everything here is plain Pillow, deterministic: the same images give the same pixels.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

#: TTS cuts a deck sheet into at most this many columns and rows (the knowledge base's Custom
#: Deck page and its Deck Builder; docs/tabletop-simulator.md).
MAX_COLS, MAX_ROWS = 10, 7
#: Cards a sheet holds: every cell but the last, which is the hidden card.
PER_SHEET = MAX_COLS * MAX_ROWS - 1
#: TTS keeps images no larger than this on a side (the knowledge base's Asset Creation page:
#: "keep the dimensions of your images under 4096x4096"); a larger sheet's cells are scaled down.
MAX_SIDE = 4096
#: A d6's texture: a cross (a cube's net) of four columns and three rows of square cells, each
#: face of the cube to its (column, row): the top above the middle row of left, front, right
#: and back, the bottom below it. See docs/tabletop-simulator.md about this layout.
D6_CELLS = {"top": (1, 0), "left": (0, 1), "front": (1, 1), "right": (2, 1), "back": (3, 1), "bottom": (1, 2)}
D6_GRID = (4, 3)
#: The order a die's six faces come in (printkit.core.export.items draws them in cube order:
#: opposite faces one after the other), so that opposite faces stay opposite on the TTS die.
D6_ORDER = ("top", "bottom", "front", "back", "left", "right")
#: Ground of cells no card uses, and of a d6 texture around its cross.
EMPTY = (255, 255, 255)
#: A cut-out: pixels at least this light (0-255 grey) that reach the image's edge through other
#: such pixels are outside the token; a transparent margin this many pixels wide goes around it
#: (the knowledge base's Custom Token tips: a small transparent border helps the cut-out).
OUTSIDE_GREY = 250
MARGIN = 4


@dataclass(frozen=True)
class Grid:
    """A deck sheet's grid: ``cols`` x ``rows`` cells of ``cell`` (w, h) pixels."""

    cols: int
    rows: int
    cell: tuple[int, int]

    @property
    def size(self) -> tuple[int, int]:
        return self.cols * self.cell[0], self.rows * self.cell[1]

    @property
    def hidden(self) -> int:
        """The index of the hidden card's cell: the last."""
        return self.cols * self.rows - 1

    def box(self, i: int) -> tuple[int, int, int, int]:
        """Cell ``i``'s pixel box (left, top, right, bottom), in reading order."""
        col, row = i % self.cols, i // self.cols
        w, h = self.cell
        return col * w, row * h, (col + 1) * w, (row + 1) * h


def grid_for(cards: int, cell: tuple[int, int]) -> Grid:
    """The grid of a sheet of ``cards`` cards (1 to 69) of ``cell`` pixels: as few rows as hold
    them and the hidden card, as many columns (up to 10) as that needs; cells scaled down
    (aspect kept) if the sheet would pass MAX_SIDE pixels."""
    if not 1 <= cards <= PER_SHEET:
        raise ValueError(f"a deck sheet holds 1 to {PER_SHEET} cards, not {cards}")
    rows = math.ceil((cards + 1) / MAX_COLS)
    cols = math.ceil((cards + 1) / rows)
    w, h = cell
    scale = min(1.0, MAX_SIDE / (cols * w), MAX_SIDE / (rows * h))
    if scale < 1:
        w, h = max(1, math.floor(w * scale)), max(1, math.floor(h * scale))
    return Grid(cols, rows, (w, h))


def chunks(n: int) -> list[range]:
    """The cards of a deck of ``n`` split into sheets of at most PER_SHEET."""
    return [range(i, min(n, i + PER_SHEET)) for i in range(0, n, PER_SHEET)]


def _fit(image: Any, size: tuple[int, int]) -> Any:
    from PIL import Image

    image = image.convert("RGB")
    return image if image.size == size else image.resize(size, Image.Resampling.LANCZOS)


def deck_sheet(cards: Sequence[Any], hidden: Any, cell: tuple[int, int]) -> tuple[Any, Grid]:
    """One sheet of ``cards`` (PIL images, each made ``cell`` pixels if it is not already) and
    the ``hidden`` card in the last cell; the sheet and its grid."""
    from PIL import Image

    grid = grid_for(len(cards), cell)
    sheet = Image.new("RGB", grid.size, EMPTY)
    for i, card in enumerate([*cards, *[None] * (grid.hidden - len(cards)), hidden]):
        if card is not None:
            sheet.paste(_fit(card, grid.cell), grid.box(i)[:2])
    return sheet, grid


def plain_card(size: tuple[int, int], colour: tuple[int, int, int] = (128, 128, 128)) -> Any:
    """A card of one colour: the hidden card of a deck whose backs differ (a back may show an
    answer, so none of them stands for a hidden card), and the back of a tile printed without."""
    from PIL import Image

    return Image.new("RGB", size, colour)


def d6_texture(faces: Sequence[Any]) -> Any:
    """The texture of a d6 whose faces are ``faces`` (square images, in D6_ORDER), each in its
    cell of D6_CELLS; cells as large as the largest face."""
    from PIL import Image

    if len(faces) != 6:
        raise ValueError(f"a d6 has 6 faces, not {len(faces)}")
    side = max(max(f.size) for f in faces)
    cols, rows = D6_GRID
    texture = Image.new("RGB", (cols * side, rows * side), EMPTY)
    for name, face in zip(D6_ORDER, faces, strict=True):
        col, row = D6_CELLS[name]
        texture.paste(_fit(face, (side, side)), (col * side, row * side))
    return texture


def outside_mask(image: Any) -> Any:
    """An 'L' mask, 255 where ``image`` is outside its printed shape: light pixels (OUTSIDE_GREY
    or lighter) joined to the image's edge through light pixels (four neighbours), found by a
    flood fill from a light frame put around the image. Masks are kept by the light pixels'
    bytes: the same shape in another colour (a game's pieces in each player's colour) is
    filled once."""
    from PIL import ImageDraw, ImageOps

    light = image.convert("L").point(lambda v: 255 if v >= OUTSIDE_GREY else 0)
    key = (light.size, hashlib.blake2b(light.tobytes(), digest_size=16).digest())
    mask = _MASKS.get(key)
    if mask is None:
        framed = ImageOps.expand(light, 1, fill=255)
        ImageDraw.floodfill(framed, (0, 0), 128, thresh=0)
        w, h = light.size
        mask = _MASKS[key] = framed.crop((1, 1, w + 1, h + 1)).point(lambda v: 255 if v == 128 else 0)
    return mask


#: outside_mask's masks, by the light pixels' size and digest.
_MASKS: dict[tuple[tuple[int, int], bytes], Any] = {}


def cut_along(image: Any, outline: Sequence[tuple[float, float]]) -> Any:
    """``image`` made transparent outside the polygon ``outline`` (pixels), as RGBA."""
    from PIL import Image, ImageDraw

    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).polygon([(float(x), float(y)) for x, y in outline], fill=255)
    rgba = image.convert("RGB").convert("RGBA")
    rgba.putalpha(mask)
    return rgba


def cut_out(image: Any) -> tuple[Any, bool]:
    """``image`` as RGBA, transparent outside its printed shape and in a MARGIN-pixel frame
    around it; and whether the shape is the whole rectangle (nothing was outside it). An RGBA
    image (a part cut out along its outline, printkit.core.export.tts.parts) keeps its own alpha."""
    from PIL import Image, ImageOps

    if image.mode == "RGBA":
        rgba = image
        whole = rgba.getchannel("A").getextrema() == (255, 255)
    else:
        outside = outside_mask(image)
        whole = outside.getbbox() is None
        rgba = image.convert("RGB").convert("RGBA")
        rgba.putalpha(ImageOps.invert(outside))
    w, h = rgba.size
    framed = Image.new("RGBA", (w + 2 * MARGIN, h + 2 * MARGIN), (255, 255, 255, 0))
    framed.paste(rgba, (MARGIN, MARGIN))
    return framed, whole
