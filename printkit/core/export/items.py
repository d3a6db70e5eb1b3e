"""Every item a player handles, drawn alone: the images ``--format cards`` (print shops) and
``--format tts`` (Tabletop Simulator) are made of.

A component is built with ``PrintOptions(items=True)``: the same layouts, data and code as
its printed sheets, but each card, tile or token alone on a PDF page of its trim plus the
bleed (its face, then its back), and each full page (a board, a sheet, a pad, an aid) as its
design box alone, a poster board as its whole drawing (printkit/core/build.py). That PDF is
rasterised with pypdfium2 (printkit/core/preview.py): one drawing path, and the fonts are in
the art as pixels. Nothing here is paper: no margins, crop marks or footers; a layout whose
design box is "printable" is drawn for A4.

Names no game: what a component is (``kind``) is said where the game registers it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from printkit.errors import PrintkitError

if TYPE_CHECKING:
    from printkit.core.draw.ops import Page
    from printkit.core.registry import Component

#: What a player handles, as a component's ``kind`` says (printkit/core/registry.py).
KINDS = ("card", "tile", "token", "piece", "die", "board", "sheet", "pad", "aid")
MM_PER_INCH = 25.4
#: Resolutions an item may be drawn at (dots per inch): a print shop asks for 300; 1200 makes
#: a 63 x 88 mm card of 3,000 x 4,200 pixels.
DPI_RANGE = (72, 1200)
#: Bleed an item may have (mm), as ``--bleed`` takes it for sheets.
BLEED_RANGE = (0.0, 10.0)


@dataclass(frozen=True)
class Item:
    """One side of one item a player handles, drawn alone: the contract of the exports.

    - ``game``, ``component``: what made it (``printkit make GAME COMPONENT``).
    - ``name``: its file name without ``.png`` (:attr:`filename`), stable and print-shop
      friendly: ``GAME-COMPONENT[-seedN][-SETTINGS]-NNN-face`` for the NNN-th distinct item of
      the component (from 001, in the order the component draws them; more digits past 999),
      ``...-NNN-back`` for its back, or ``GAME-COMPONENT[...]-back`` when every face of the
      component has the same back. ``-seedN`` is there for a seeded component, ``-SETTINGS``
      for ``--set`` values off their defaults (as in ``make``'s file names). A name depends on
      nothing else (not ``--bw``, the dpi or the bleed), and is unique among a game's items.
    - ``kind``: the component's kind, one of :data:`KINDS`.
    - ``side``: ``"face"`` or ``"back"``.
    - ``count``: how many copies the game needs. Identical items (the same face and the same
      back, pixel for pixel) are one item with their number as its count; a back shared by
      several faces (of one group) is one item whose count is the sum of their counts.
    - ``trim_mm``: (w, h) of the cut item in mm: a card's, tile's or token's trim; for a
      page-sized item (``board``, ``sheet``, ``pad``, ``aid``) its layout's design box, for a
      board tiled over pages (a poster) its whole drawing at real size.
    - ``bleed_mm``: the art past the trim on every side, in mm (fills that reach the trim run
      on through it); 0 for page-sized items.
    - ``dpi``: the image's pixels per inch.
    - ``image``: a PIL RGB image of exactly :attr:`px` pixels: the item's trim centred in its
      bleed, white where nothing is drawn; a back as it is seen (upright, not mirrored).
    - ``back``: for a face, the ``name`` of its back item (which follows it in the list the
      first time it is used), or None when it has none (single-sided, or a page); None for a
      back.
    - ``group``: a name the items that belong together share, such as one player's set of
      pieces (``GAME-pieces-red``); None for the rest. Identical items of different groups
      stay apart.
    - ``outline_mm``: the cut line of an item whose shape its game's code knows (a hex
      piece: its cells' outline), as points (x, y) in mm from the trim's top left, the
      loop closed back to the first; None for the others: a card or tile is cut along its
      trim (its rounded corners are the shop's), a round token along the circle of its art.
    """

    game: str
    component: str
    name: str
    kind: str
    side: str
    count: int
    trim_mm: tuple[float, float]
    bleed_mm: float
    dpi: float
    image: Any
    back: str | None = None
    group: str | None = None
    outline_mm: tuple[tuple[float, float], ...] | None = None

    @property
    def filename(self) -> str:
        return self.name + ".png"

    @property
    def px(self) -> tuple[int, int]:
        """The image's size in pixels: (trim + 2 x bleed) x dpi / 25.4, rounded, each way."""
        return item_px(self.trim_mm, self.bleed_mm, self.dpi)

    @property
    def size_mm(self) -> tuple[float, float]:
        """The image's size in mm: the trim plus the bleed on both sides."""
        w, h = self.trim_mm
        return (w + 2 * self.bleed_mm, h + 2 * self.bleed_mm)


def item_px(trim: tuple[float, float], bleed: float, dpi: float) -> tuple[int, int]:
    """Pixels of an image of ``trim`` (mm) plus ``bleed`` (mm) on every side at ``dpi``."""
    return (round((trim[0] + 2 * bleed) * dpi / MM_PER_INCH), round((trim[1] + 2 * bleed) * dpi / MM_PER_INCH))


def check_dpi(dpi: float, flag: str = "--dpi") -> float:
    """``dpi`` if it is within :data:`DPI_RANGE`, else a PrintkitError saying so."""
    lo, hi = DPI_RANGE
    if not lo <= dpi <= hi:
        raise PrintkitError(f"{flag} must be {lo} to {hi} dots per inch (print shops ask for 300); got {dpi:g}")
    return dpi


def check_bleed(bleed: float, flag: str = "--bleed") -> float:
    lo, hi = BLEED_RANGE
    if not lo <= bleed <= hi:
        raise PrintkitError(f"{flag} must be {lo:g} to {hi:g} mm; got {bleed:g}")
    return bleed


def item_stem(comp: Component, own: dict[str, Any], seed: int | None) -> str:
    """``GAME-COMPONENT[-seedN][-SETTINGS]``: the start of every item name of a component."""
    stem = f"{comp.game}-{comp.name}"
    if comp.seeded and seed is not None:
        stem += f"-seed{seed}"
    return stem + comp.file_suffix(own)


def component_items(comp: Component, own: dict[str, Any] | None = None, *, bw: bool = False,
                    seed: int | None = None, dpi: float = 300.0, bleed: float = 3.0) -> list[Item]:
    """Every item of ``comp`` made with its settings' values ``own`` (as ``make`` parses them),
    ``--bw`` and ``--seed``, drawn alone at ``dpi`` with ``bleed`` mm past the trim of each
    card, tile and token: faces in the order the component draws them, each new back after the
    first face that uses it (see :class:`Item`)."""
    from printkit.core.draw.ops import Document
    from printkit.core.draw.page import PrintOptions
    from printkit.core.draw.pdf import CHUNK, render_pdf
    from printkit.core.preview import rasterise

    own = own or {}
    check_dpi(dpi)
    check_bleed(bleed)
    opts = PrintOptions(paper="a4", bw=bw, bleed=bleed, crop_marks=False, seed=seed, items=True)
    doc = comp.build(opts, **own)
    pages = list(doc.pages)  # made once (a lazy page is made when asked for), symbols then known
    # Each page's image and its digest; identical images are kept once (35 card backs: one).
    images: list[tuple[bytes, Any]] = []
    kept: dict[bytes, Any] = {}
    for start in range(0, len(pages), CHUNK):  # a PDF of one reportlab chunk each: nothing to join
        batch = pages[start:start + CHUNK]
        pdf = render_pdf(Document(batch, doc.symbols, doc.title))
        for page, image in zip(batch, rasterise(pdf, dpi), strict=True):
            image = _cropped(page, image, dpi)
            digest = hashlib.blake2b(image.tobytes(), digest_size=16).digest()
            images.append((digest, kept.setdefault(digest, image)))
    return _items(comp, item_stem(comp, own, seed), pages, images, dpi)


def _cropped(page: Page, image: Any, dpi: float) -> Any:
    """``image`` (pdfium rounds a page's pixels up) cut to the page's size rounded, centred."""
    w, h = round(page.width * dpi / MM_PER_INCH), round(page.height * dpi / MM_PER_INCH)
    if image.size == (w, h):
        return image
    x, y = (image.width - w) // 2, (image.height - h) // 2
    return image.crop((x, y, x + w, y + h))


def _side(page: Page) -> tuple[int, str] | None:
    """(card number, "face" or "back") of a card page drawn alone, None for a page item."""
    kind, _, rest = page.label.partition(" ")
    number, _, side = rest.partition(" ")
    if kind != "card" or side not in ("face", "back"):
        return None
    return int(number), side


def _items(comp: Component, stem: str, pages: Sequence[Page], images: list[tuple[bytes, Any]],
           dpi: float) -> list[Item]:
    """The items of a component's pages drawn alone (each page's image with its digest),
    identical ones counted once."""
    # Each physical item: its face page and image, its back's (or None), the digests.
    things: list[tuple[Page, Any, Page | None, Any, tuple[str | None, bytes, bytes | None]]] = []
    for k, (page, (digest, image)) in enumerate(zip(pages, images, strict=True)):
        side = _side(page)
        if side is not None and side[1] == "back":
            continue
        if k + 1 < len(pages) and (_side(pages[k + 1]) or (0, ""))[1] == "back":
            back_digest, back_image = images[k + 1]
            things.append((page, image, pages[k + 1], back_image, (page.group, digest, back_digest)))
        else:
            things.append((page, image, None, None, (page.group, digest, None)))
    # Identical items (face and back) counted; a back shared by faces counted with them.
    faces: dict[tuple[str | None, bytes, bytes | None], list] = {}
    backs: dict[tuple[str | None, bytes], list] = {}
    for page, image, back_page, back_image, key in things:
        entry = faces.setdefault(key, [page, image, back_page, back_image, 0])
        entry[4] += 1
        if key[2] is not None:
            backs.setdefault((key[0], key[2]), [back_page, back_image, 0, None])[2] += 1
    width = max(3, len(str(len(faces))))
    one_back = len(backs) == 1
    out: list[Item] = []
    for n, ((group, _, back_key), (page, image, back_page, back_image, count)) in enumerate(faces.items(), 1):
        number = f"{n:0{width}d}"
        back_name = None
        if back_key is not None:
            entry = backs[(group, back_key)]
            if entry[3] is None:  # the first face using this back: the back follows it
                first = entry[3] = f"{stem}-back" if one_back else f"{stem}-{number}-back"
                out.append(_item(comp, f"{stem}-{number}-face", "face", count, page, image, dpi, first))
                out.append(_item(comp, first, "back", entry[2], back_page, back_image, dpi, None))
                continue
            back_name = entry[3]
        out.append(_item(comp, f"{stem}-{number}-face", "face", count, page, image, dpi, back_name))
    return out


def _item(comp: Component, name: str, side: str, count: int, page: Page, image: Any, dpi: float,
          back: str | None) -> Item:
    if page.trim is not None:  # a card drawn alone: its trim inside its bleed
        bleed, _, w, h = page.trim
    else:  # a page: the design box, no bleed
        bleed, w, h = 0.0, page.width, page.height
    outline = None if page.outline is None else tuple((x - bleed, y - bleed) for x, y in page.outline)
    return Item(comp.game, comp.name, name, comp.kind, side, count, (w, h), bleed, dpi, image, back,
                page.group, outline)
