"""A game's items made into a Tabletop Simulator saved object and its images, written together.

What an item becomes follows from its kind (printkit.core.export.items):

- ``card``: a deck a component (a deck a card size, if a component has several), face down, its
  faces on deck sheets (images.deck_sheet) and its back one image, or a sheet of backs when the
  backs differ; a card's copies are that many cards of one cell.
- ``tile``: a Custom_Tile, its rectangle, its back plain grey when none is printed (tiles are
  drawn face down). ``token``, ``piece``: cut out of its image along the outline its game
  gives (``outline_mm``) or else its printed outline (images.cut_out). A shape that fills its
  rectangle, or a round one with a back, is a Custom_Tile (round, its back the other side);
  any other shape is a Custom_Token, transparent outside it (a hex piece is hex-shaped; TTS
  shows a token's picture on both sides, so a back drawn for it is left out). Copies lie in
  a pile; a tile face down (it has a back), a token face up.
- ``die``: a Custom_Dice d6 a group of six faces, its texture the faces (images.d6_texture).
- ``board``, ``sheet``, ``aid``: a Custom_Tile at its real size, face up (a board and a sheet
  locked in place).

Objects are laid out in rows, a component after another, at their real size (save.py). Every
image is written beside the JSON, named for the item; its URL in the JSON is ``BASE`` + its
name, ``BASE`` being ``--base-url`` or the folder's own ``file:///`` address.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.core.export.tts import images, save

if TYPE_CHECKING:
    from printkit.core.export.items import Item

#: Kinds and what they become.
CARD_KINDS = ("card",)
PIECE_KINDS = ("tile", "token", "piece")
FLAT_KINDS = ("board", "sheet", "aid")
DIE_KINDS = ("die",)
#: Kinds laid down locked in place: a board, and a sheet players draw on (it does not slide
#: under the pen); a player unlocks one from its menu.
LOCKED_KINDS = ("board", "sheet")
#: Kinds that do not go to the table, and why (``printkit list --format tts`` shows these).
NOT_ON_THE_TABLE = {
    "pad": "a score pad: keep score with 'printkit serve' or TTS's notebook",
    "": "not part of a game (a printer check)",
}
#: At most this many seeded copies (``--count``: a seeded sheet's copies) go to one table: one a
#: seat, and TTS seats 10 players; every image is held until the saved object is written.
MAX_COUNT = 10
#: Gap between objects laid out on the table, and the width of a row, in units.
GAP = 0.5
ROW_WIDTH = 60.0
#: A pile's copies are this far apart upwards (units), so that they settle into a stack.
PILE_STEP = 0.15
#: How far a cut-out's alpha may differ from a circle's (share of pixels) and still be round.
ROUND_TOLERANCE = 0.03


@dataclass
class Made:
    """What a saved object is made of so far: the objects, the images to write (file name to
    PIL image), the next deck id, the GUIDs given."""

    base: str
    objects: list[tuple[dict[str, Any], tuple[float, float]]] = field(default_factory=list)
    files: dict[str, Any] = field(default_factory=dict)
    next_deck: int = 1
    guids: save.Guids = field(default_factory=save.Guids)

    def image(self, name: str, image: Any) -> str:
        """Keep ``image`` to be written as ``name``; its URL."""
        self.files[name] = image
        return self.base + name

    def place(self, obj: dict[str, Any], footprint_mm: tuple[float, float]) -> None:
        self.objects.append((obj, (save.units(footprint_mm[0]), save.units(footprint_mm[1]))))


def _mm(item: Item) -> tuple[float, float]:
    return item.trim_mm


def _rgb(image: Any) -> Any:
    """``image`` in RGB (itself when it is: no copy of a sheet kept twice)."""
    return image if image.mode == "RGB" else image.convert("RGB")


def _decks(component: str, faces: list[Item], backs: dict[str, Item], made: Made) -> None:
    """Decks of a component's cards, one a card size."""
    if not faces:
        return
    by_size: dict[tuple[float, float], list[Item]] = {}
    for item in faces:
        by_size.setdefault(_mm(item), []).append(item)
    for n, (size, cards) in enumerate(by_size.items()):
        label = component if len(by_size) == 1 else f"{component}-{n + 1}"
        _deck(label, cards, backs, size, made)


def _deck(label: str, cards: list[Item], backs: dict[str, Item], size: tuple[float, float], made: Made) -> None:
    game = cards[0].game
    back_items = [backs.get(c.back) if c.back else None for c in cards]
    common_back = back_items[0] if len({c.back for c in cards}) == 1 else None
    cell = cards[0].image.size
    sheets: list[save.Sheet] = []
    order: list[tuple[str, int, int]] = []
    chunks = images.chunks(len(cards))
    for k, part in enumerate(chunks):
        stem = f"{game}-{label}-deck" + (f"{k + 1}" if len(chunks) > 1 else "")
        these = [cards[i] for i in part]
        if common_back is not None:
            sheet, grid = images.deck_sheet([c.image for c in these], common_back.image, cell)
            back_url = made.image(f"{game}-{label}-back.png", _rgb(common_back.image))
        else:
            plain = images.plain_card(cell)
            sheet, grid = images.deck_sheet([c.image for c in these], plain, cell)
            back_sheet, _ = images.deck_sheet([b.image if b is not None else plain
                                               for b in (back_items[i] for i in part)], plain, cell)
            back_url = made.image(f"{stem}-backs.png", back_sheet)
        face_url = made.image(f"{stem}-faces.png", sheet)
        deck_id = made.next_deck
        made.next_deck += 1
        sheets.append(save.Sheet(deck_id, face_url, back_url, grid.cols, grid.rows, unique_back=common_back is None))
        for cell_index, card in enumerate(these):
            order += [(card.name, deck_id, cell_index)] * card.count
    made.place(save.deck(f"{game} {label}", sheets, order, size, (0, 0), made.guids), size)


def _round(alpha: Any) -> bool:
    """Whether a cut-out's alpha is a circle (or an ellipse) filling its box."""
    from PIL import Image, ImageChops, ImageDraw

    box = alpha.getbbox()
    if box is None:
        return False
    disc = Image.new("L", alpha.size, 0)
    ImageDraw.Draw(disc).ellipse((box[0], box[1], box[2] - 1, box[3] - 1), fill=255)
    solid = alpha.point(lambda v: 255 if v >= 128 else 0)
    hist = ImageChops.difference(solid, disc).histogram()
    area = (box[2] - box[0]) * (box[3] - box[1])
    return sum(hist[1:]) <= ROUND_TOLERANCE * area


def _shape(item: Item) -> tuple[Any, bool]:
    """An item's cut-out (RGBA, in a transparent margin) and whether it is its whole rectangle:
    along its game's outline when the item has one, else along its printed outline."""
    if item.outline_mm:
        k = item.dpi / 25.4
        b = item.bleed_mm
        image = images.cut_along(item.image, [((x + b) * k, (y + b) * k) for x, y in item.outline_mm])
        return images.cut_out(image)
    return images.cut_out(item.image)


def _pieces(faces: list[Item], backs: dict[str, Item], made: Made) -> None:
    for item in faces:
        back = backs.get(item.back) if item.back else None
        # A tile is its rectangle; a token or a piece is cut out along its outline.
        shape, whole = (item.image.convert("RGBA"), True) if item.kind == "tile" else _shape(item)
        round_ = not whole and _round(shape.getchannel("A"))
        frame_mm = tuple(v * 25.4 / item.dpi for v in shape.size)
        # A rectangle, or a round token with a back, is a tile (its back the other side); any
        # other shape a token, the same picture on both sides (a back drawn is left out).
        as_tile = whole or (round_ and back is not None)
        url = made.image(f"{item.name}.png", _rgb(item.image) if as_tile else shape)
        if back is not None:
            back_url = made.image(f"{back.name}.png", _rgb(back.image)) if as_tile else url
        elif whole:  # a tile printed without a back: a plain one, so that it can lie face down
            back_url = made.image(f"{item.game}-{item.component}-plain-back.png",
                                  images.plain_card(item.image.size))
        else:
            back_url = url
        pile = []
        for copy in range(item.count):
            y = save.TABLE_Y + copy * PILE_STEP
            if as_tile:
                obj = save.tile(item.name, url, back_url, _mm(item), (0, 0), made.guids, y=y,
                                shape=save.TILE_CIRCLE if round_ else save.TILE_BOX, face_down=True)
            else:
                obj = save.token(item.name, url, (frame_mm[0], frame_mm[1]), (0, 0), made.guids, y=y)
            pile.append(obj)
        made.place(_pile(pile), _mm(item))


def _pile(objs: list[dict[str, Any]]) -> dict[str, Any]:
    """A pile's objects as one entry of the layout: the first carries the others."""
    first = dict(objs[0])
    first["_pile"] = objs[1:]
    return first


def _flat(faces: list[Item], backs: dict[str, Item], made: Made) -> None:
    for item in faces:
        back = backs.get(item.back) if item.back else None
        url = made.image(f"{item.name}.png", _rgb(item.image))
        back_url = made.image(f"{back.name}.png", _rgb(back.image)) if back is not None else url
        for _ in range(item.count):
            made.place(save.tile(item.name, url, back_url, _mm(item), (0, 0), made.guids,
                                 locked=item.kind in LOCKED_KINDS), _mm(item))


def _dice(faces: list[Item], made: Made) -> None:
    """Dice from their faces: a die's six faces share a group, in cube order (images.D6_ORDER)."""
    dice: dict[str, list[Item]] = {}
    for item in faces:
        dice.setdefault(item.group or item.component, []).append(item)
    for name, six in dice.items():
        texture = images.d6_texture([f.image for f in six])
        url = made.image(f"{name}.png", texture)
        size = max(_mm(six[0]))
        for _ in range(six[0].count):
            made.place(save.die(name, url, (0, 0), made.guids), (size, size))


def lay_out(placed: Sequence[tuple[dict[str, Any], tuple[float, float]]]) -> list[dict[str, Any]]:
    """Each object moved to its place: rows of ROW_WIDTH units from the back of the table
    towards the first seat, centred on x = 0, GAP between; a pile's copies on its spot."""
    rows: list[list[tuple[dict[str, Any], tuple[float, float]]]] = [[]]
    width = 0.0
    for obj, (w, h) in placed:
        if rows[-1] and width + w > ROW_WIDTH:
            rows.append([])
            width = 0.0
        rows[-1].append((obj, (w, h)))
        width += w + GAP
    out: list[dict[str, Any]] = []
    z = sum(max(h for _, (_, h) in row) + GAP for row in rows) / 2
    for row in rows:
        depth = max(h for _, (_, h) in row)
        x = -(sum(w for _, (w, _) in row) + GAP * (len(row) - 1)) / 2
        for obj, (w, _) in row:
            for one in [obj, *obj.pop("_pile", [])]:
                one["Transform"]["posX"] = save.r4(x + w / 2)
                one["Transform"]["posZ"] = save.r4(z - depth / 2)
                out.append(one)
            x += w + GAP
        z -= depth + GAP
    return out


def saved_object(game: str, items: Sequence[Item], base: str, note: str = "") -> tuple[dict[str, Any], dict[str, Any]]:
    """The saved object of ``items`` (a game's, in the order made) and its images (file name
    to PIL image)."""
    made = Made(base)
    backs = {i.name: i for i in items if i.side == "back"}
    groups: dict[tuple[str, str], list[Item]] = {}
    for item in items:
        if item.side != "back":
            groups.setdefault((item.component, item.kind), []).append(item)
    for (component, kind), faces in groups.items():
        if kind in CARD_KINDS:  # cards with backs are decks; without, boards that lie face up
            _decks(component, [f for f in faces if f.back], backs, made)
            _flat([f for f in faces if not f.back], backs, made)
        elif kind in PIECE_KINDS:
            _pieces(faces, backs, made)
        elif kind in FLAT_KINDS:
            _flat(faces, backs, made)
        elif kind in DIE_KINDS:
            _dice(faces, made)
    return save.saved_object(game, lay_out(made.objects), note), made.files


def write(folder: Path, name: str, doc: dict[str, Any], files: dict[str, Any]) -> list[Path]:
    """The images and ``name``.json written into ``folder`` (atomically); the paths, JSON first."""
    from printkit.core.output import write_atomic
    from printkit.core.preview import png_bytes

    json_path = folder / f"{name}.json"
    write_atomic(json_path, save.dumps(doc))
    written = [json_path]
    for file_name, image in sorted(files.items()):
        path = folder / file_name
        write_atomic(path, png_bytes(image))
        written.append(path)
    return written


def base_url(folder: Path, given: str | None) -> str:
    """Where the images' URLs start: ``given`` (``--base-url``, ending in ``/``), else the
    folder's ``file:///`` address."""
    if given:
        return given if given.endswith("/") else given + "/"
    return folder.resolve().as_uri() + "/"


#: Items are drawn at this many dots per inch: a 10 x 7 sheet of poker cards (63 x 88 mm) is
#: then 3,720 x 3,640 pixels, within TTS's 4,096 (images.MAX_SIDE); boards and sheets read well.
DPI = 150.0


def reason_skipped(comp: Any) -> str | None:
    """Why ``comp`` does not go to the table in TTS, or None when it does."""
    if comp.kind in NOT_ON_THE_TABLE:
        return NOT_ON_THE_TABLE[comp.kind]
    if comp.kind not in (*CARD_KINDS, *PIECE_KINDS, *FLAT_KINDS, *DIE_KINDS):
        return f"no TTS object for its kind {comp.kind!r}"
    return None


def becomes(comp: Any) -> str:
    """What ``comp`` becomes in TTS, in words (``printkit list --format tts``)."""
    from printkit.core.export.tts import PARTS

    skipped = reason_skipped(comp)
    if skipped:
        return f"not made: {skipped}"
    if (comp.game, comp.name) in PARTS:
        return "cut apart along its game's outlines: tiles where a thing fills its rectangle " \
               "(Custom_Tile), else tokens (Custom_Token)"
    return {"card": "cards: a Deck face down if they have backs, else face-up tiles (Custom_Tile)",
            "tile": "tiles in piles, face down (Custom_Tile)",
            "token": "tokens: round ones with a back as round tiles face down, else cut out (Custom_Token)",
            "piece": "pieces cut out along their outline (Custom_Token)",
            "board": "a board at real size, locked (Custom_Tile)",
            "sheet": "a sheet at real size a seed, locked, to draw on (Custom_Tile)",
            "aid": "a reference at real size (Custom_Tile)",
            "die": "dice, their faces on a d6 texture (Custom_Dice)"}[comp.kind]


def game_items(comp: Any, own: dict[str, Any], *, bw: bool, seed: int | None) -> list[Any]:
    """``comp``'s items for TTS: drawn alone without bleed (printkit.core.export.items), or its
    registered parts cut out of its pages (printkit.core.export.tts.parts)."""
    from printkit.core.export.items import component_items
    from printkit.core.export.tts import PARTS
    from printkit.core.export.tts.parts import cut_parts

    if (comp.game, comp.name) in PARTS:
        return cut_parts(comp, own, bw=bw, seed=seed, dpi=DPI)
    return component_items(comp, own, bw=bw, seed=seed, dpi=DPI, bleed=0.0)


def folder_name(game: str, seed: int | None, bw: bool) -> str:
    """``GAME-tts[-seedN][-bw]``: the folder a game's saved object and images go in."""
    return "-".join([game, "tts", *([f"seed{seed}"] if seed is not None else []), *(["bw"] if bw else [])])


def make_tts(jobs: Sequence[tuple[Any, dict[str, Any]]], *, bw: bool, seed: int | None, out: Path,
             base: str | None, note: Callable[[str], None]) -> list[Path]:
    """``printkit make ... --format tts``: for each game of ``jobs`` (components and their
    settings' values), a folder in ``out`` with its images and ``GAME.json``; what cannot go
    to the table is skipped with a ``note`` (a PrintkitError, before anything is made, when
    nothing can). The paths written."""
    from printkit.errors import PrintkitError

    counts = [(comp, own["count"]) for comp, own in jobs if own.get("count", 1) > MAX_COUNT]
    if counts:
        comp, n = counts[0]
        raise PrintkitError(f"--format tts makes at most {MAX_COUNT} of {comp.game} {comp.name} (one a seat: a "
                            f"TTS table seats {MAX_COUNT}); got --count {n}")
    if all(reason_skipped(comp) for comp, _ in jobs):
        names = ", ".join(f"{comp.game} {comp.name}" for comp, _ in jobs)
        verb = "does" if len(jobs) == 1 else "do"
        raise PrintkitError(f"--format tts puts a game on the table; {names} {verb} not go to it "
                            f"({reason_skipped(jobs[0][0])}): make {'it' if len(jobs) == 1 else 'them'} as pdf")
    games: dict[str, list[tuple[Any, dict[str, Any]]]] = {}
    for comp, own in jobs:
        games.setdefault(comp.game, []).append((comp, own))
    written: list[Path] = []
    for game, comps in games.items():
        items: list[Any] = []
        seeded = False
        for comp, own in comps:
            skipped = reason_skipped(comp)
            if skipped:
                note(f"{game} {comp.name}: skipped for --format tts: {skipped}")
                continue
            seeded = seeded or comp.seeded
            items += game_items(comp, own, bw=bw, seed=seed if comp.seeded else None)
        if not items:
            continue
        folder = out / folder_name(game, seed if seeded else None, bw)
        doc, files = saved_object(game, items, base_url(folder, base),
                                  note=f"{game}: made by printkit (printkit make {game} --format tts)")
        written += write(folder, game, doc, files)
    return written


def check_base_url(text: str) -> str:
    """``--base-url``: an http(s) address, ending in ``/`` once added; else a PrintkitError."""
    from urllib.parse import urlsplit

    from printkit.errors import PrintkitError

    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc or any(c.isspace() for c in text):
        shown = text if len(text) <= 60 else text[:60] + "..."
        raise PrintkitError(f"--base-url must be an http:// or https:// address such as "
                            f"https://example.org/mygame/; got {shown!r}")
    return text if text.endswith("/") else text + "/"
