"""``--format tts``: deck sheets, dice, cut-out tokens and the saved object TTS loads
(printkit/core/tts, docs/tabletop-simulator.md)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from PIL import Image, ImageDraw

from printkit.core.tts import export, images, save


@dataclass
class FakeItem:
    """An item as printkit.core.export.items gives it, drawn here: small synthetic images."""

    game: str
    component: str
    name: str
    kind: str
    side: str
    count: int
    trim_mm: tuple[float, float]
    dpi: float
    image: Any
    back: str | None = None


def _card(i: int, size: tuple[int, int] = (30, 42)) -> Any:
    """A card image no other card has: a colour from ``i`` and a mark at a place from ``i``."""
    im = Image.new("RGB", size, ((37 * i) % 256, (91 * i + 40) % 256, (53 * i + 90) % 256))
    ImageDraw.Draw(im).rectangle((i % 7 * 3, i % 5 * 5, i % 7 * 3 + 4, i % 5 * 5 + 6), fill=(255 - i, 0, i))
    return im


def _validator() -> jsonschema.Draft202012Validator:
    jsonschema.Draft202012Validator.check_schema(save.schema())
    return jsonschema.Draft202012Validator(save.schema())


@pytest.mark.parametrize("cards", [1, 9, 35, 69])
def test_deck_sheet_puts_card_i_in_cell_i_and_the_hidden_card_last(cards: int) -> None:
    faces = [_card(i) for i in range(cards)]
    hidden = Image.new("RGB", (30, 42), (1, 2, 3))
    sheet, grid = images.deck_sheet(faces, hidden, (30, 42))
    assert grid.cols <= images.MAX_COLS and grid.rows <= images.MAX_ROWS
    assert grid.cols * grid.rows > cards and sheet.size == (grid.cols * 30, grid.rows * 42)
    for i, face in enumerate(faces):
        assert sheet.crop(grid.box(i)).tobytes() == face.tobytes(), f"card {i}"
    assert sheet.crop(grid.box(grid.cols * grid.rows - 1)).tobytes() == hidden.tobytes()


def test_a_deck_sheet_holds_69_cards_at_most_and_stays_within_tts_image_size() -> None:
    with pytest.raises(ValueError):
        images.grid_for(70, (30, 42))
    assert [len(c) for c in images.chunks(150)] == [69, 69, 12]
    grid = images.grid_for(69, (600, 840))  # 10 x 7 cells of 600 x 840 would be 6000 x 5880
    assert (grid.cols, grid.rows) == (10, 7) and max(grid.size) <= images.MAX_SIDE


def test_d6_texture_puts_each_face_in_its_cell() -> None:
    faces = [_card(i, (40, 40)) for i in range(1, 7)]
    texture = images.d6_texture(faces)
    cols, rows = images.D6_GRID
    assert texture.size == (cols * 40, rows * 40)
    for number, face in enumerate(faces, start=1):
        col, row = images.D6_CELLS[number]
        assert texture.crop((col * 40, row * 40, col * 40 + 40, row * 40 + 40)).tobytes() == face.tobytes()


def test_cut_out_is_transparent_outside_the_printed_outline_only() -> None:
    hexagon = Image.new("RGB", (120, 104), "white")
    ImageDraw.Draw(hexagon).regular_polygon((60, 52, 50), 6, fill=(250, 252, 255), outline="black")
    shape, whole = images.cut_out(hexagon)
    m = images.MARGIN
    alpha = shape.getchannel("A")
    assert not whole
    assert alpha.getpixel((m + 2, m + 2)) == 0 and alpha.getpixel((0, 0)) == 0  # a corner, the margin
    assert alpha.getpixel((m + 60, m + 52)) == 255  # the centre: light, but inside the outline
    assert alpha.getpixel((m + 60 + 49, m + 52)) == 255  # just inside a vertex
    assert images.cut_out(Image.new("RGB", (50, 50), (200, 30, 30)))[1]  # a full square: whole


def _items() -> list[FakeItem]:
    cards = [FakeItem("toy", "cards", f"toy-cards-{i:03d}-face", "card", "face", 2 if i == 0 else 1,
                      (63.0, 88.0), 12.0, _card(i), "toy-cards-back") for i in range(12)]
    back = FakeItem("toy", "cards", "toy-cards-back", "card", "back", 1, (63.0, 88.0), 12.0, _card(99))
    lessons = [FakeItem("toy", "lessons", f"toy-lessons-{i}-face", "card", "face", 1, (63.0, 88.0), 12.0,
                        _card(40 + i), f"toy-lessons-{i}-back") for i in range(3)]
    lesson_backs = [FakeItem("toy", "lessons", f"toy-lessons-{i}-back", "card", "back", 1, (63.0, 88.0), 12.0,
                             _card(60 + i)) for i in range(3)]
    hexagon = Image.new("RGB", (40, 36), "white")
    ImageDraw.Draw(hexagon).regular_polygon((20, 18, 16), 6, fill=(30, 120, 200), outline="black")
    disc = Image.new("RGB", (40, 40), "white")
    ImageDraw.Draw(disc).ellipse((0, 0, 39, 39), fill=(200, 120, 30), outline="black")
    pieces = [FakeItem("toy", "pieces", "toy-pieces-hex", "piece", "face", 3, (84.7, 76.2), 12.0, hexagon),
              FakeItem("toy", "tokens", "toy-tokens-1", "token", "face", 2, (84.7, 84.7), 12.0, disc, "toy-tokens-back"),
              FakeItem("toy", "tokens", "toy-tokens-back", "token", "back", 1, (84.7, 84.7), 12.0, _card(7, (40, 40))),
              FakeItem("toy", "tiles", "toy-tiles-1", "tile", "face", 4, (50.8, 50.8), 12.0, _card(8, (24, 24)))]
    board = FakeItem("toy", "board", "toy-board", "board", "face", 1, (254.0, 203.2), 12.0, _card(9, (120, 96)))
    dice = [FakeItem("toy", "dice", f"toy-dice-1-{n}", "die", "face", 1, (20.0, 20.0), 12.0, _card(n, (10, 10)))
            for n in range(1, 7)]
    return [*cards, back, *lessons, *lesson_backs, *pieces, board, *dice]


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path], dict[str, Any]]:
    folder = tmp_path_factory.mktemp("tts")
    doc, files = export.saved_object("toy", _items(), export.base_url(folder, None),
                                     die_of=lambda i: i.name.rsplit("-", 1)[0])
    written = export.write(folder, "toy", doc, files)
    return folder, written, json.loads(written[0].read_text())


def test_saved_object_validates_and_names_only_files_beside_it(made: tuple[Path, list[Path], dict[str, Any]]) -> None:
    folder, written, doc = made
    errors = [e.message for e in _validator().iter_errors(doc)]
    assert errors == [] and save.problems(doc) == []
    named = save.urls(doc)
    assert named and all(u.startswith(folder.resolve().as_uri() + "/") for u in named)
    files = {Path(u.removeprefix(folder.resolve().as_uri() + "/")) for u in named}
    assert all((folder / f).is_file() for f in files)
    assert {p.name for p in written[1:]} == {f.name for f in files}


def test_saved_object_has_every_copy_and_the_right_object_kinds(made: tuple[Path, list[Path], dict[str, Any]]) -> None:
    _, _, doc = made
    by_name: dict[str, list[dict[str, Any]]] = {}
    for obj in doc["ObjectStates"]:
        by_name.setdefault(obj["Name"], []).append(obj)
    decks = {d["Nickname"]: d for d in by_name["Deck"]}
    cards = decks["toy cards"]
    assert len(cards["DeckIDs"]) == 13 and cards["DeckIDs"].count(cards["DeckIDs"][0]) == 2  # card 0 twice
    sheet = next(iter(cards["CustomDeck"].values()))
    assert not sheet["UniqueBack"] and sheet["BackURL"].endswith("toy-cards-back.png")
    assert next(iter(decks["toy lessons"]["CustomDeck"].values()))["UniqueBack"]
    tokens = [o for o in by_name["Custom_Token"] if o["Nickname"] == "toy-pieces-hex"]
    assert len(tokens) == 3  # hex pieces: tokens cut out of their image
    round_tiles = [o for o in by_name["Custom_Tile"] if o["Nickname"] == "toy-tokens-1"]
    assert len(round_tiles) == 2 and all(o["CustomImage"]["CustomTile"]["Type"] == save.TILE_CIRCLE
                                         and o["CustomImage"]["ImageSecondaryURL"].endswith("toy-tokens-back.png")
                                         for o in round_tiles)
    board = next(o for o in by_name["Custom_Tile"] if o["Nickname"] == "toy-board")
    assert board["Locked"] and board["Transform"]["scaleX"] == pytest.approx(8 / save.TILE_SHORT_AT_SCALE_1, abs=1e-3)
    assert len(by_name["Custom_Dice"]) == 1


def test_cut_out_token_image_is_transparent_outside_the_hex(made: tuple[Path, list[Path], dict[str, Any]]) -> None:
    folder, _, _ = made
    with Image.open(folder / "toy-pieces-hex.png") as im:
        assert im.mode == "RGBA"
        alpha = im.getchannel("A")
        assert alpha.getpixel((images.MARGIN + 1, images.MARGIN + 1)) == 0
        assert alpha.getpixel((images.MARGIN + 20, images.MARGIN + 18)) == 255


def test_deck_sheet_file_cells_are_the_card_images(made: tuple[Path, list[Path], dict[str, Any]]) -> None:
    folder, _, _ = made
    items = [i for i in _items() if i.component == "cards" and i.side == "face"]
    with Image.open(folder / "toy-cards-deck-faces.png") as sheet:
        grid = images.grid_for(len(items), items[0].image.size)
        for k, item in enumerate(items):
            assert sheet.convert("RGB").crop(grid.box(k)).tobytes() == item.image.tobytes()
        with Image.open(folder / "toy-cards-back.png") as back:
            assert sheet.convert("RGB").crop(grid.box(grid.hidden)).tobytes() == back.convert("RGB").tobytes()


def test_same_items_same_bytes(made: tuple[Path, list[Path], dict[str, Any]], tmp_path: Path) -> None:
    folder, written, _ = made
    doc, files = export.saved_object("toy", _items(), export.base_url(folder, None),
                                     die_of=lambda i: i.name.rsplit("-", 1)[0])
    again = export.write(tmp_path, "toy", doc, files)
    assert [p.read_bytes() for p in again] == [p.read_bytes() for p in written]
