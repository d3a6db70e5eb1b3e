"""``--format tts``: deck sheets, dice, cut-out tokens and the saved object TTS loads
(printkit/core/export/tts, docs/tabletop-simulator.md)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from PIL import Image, ImageDraw

from printkit.core.export.items import Item
from printkit.core.export.tts import export, images, save


def _fake(game: str, component: str, name: str, kind: str, side: str, count: int, trim_mm: tuple[float, float],
             dpi: float, image: Any, back: str | None = None, **more: Any) -> Item:
    """An Item (printkit.core.export.items' contract) with a small synthetic image."""
    return Item(game, component, name, kind, side, count, trim_mm, 0.0, dpi, image, back, **more)


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


def test_d6_texture_puts_each_face_in_its_cell_opposite_faces_opposite() -> None:
    faces = [_card(i, (40, 40)) for i in range(1, 7)]
    texture = images.d6_texture(faces)
    cols, rows = images.D6_GRID
    assert texture.size == (cols * 40, rows * 40)
    cells = [images.D6_CELLS[name] for name in images.D6_ORDER]
    # on the cross, faces 0 and 1, 2 and 3, 4 and 5 (opposite in cube order) never touch
    for a, b in ((0, 1), (2, 3), (4, 5)):
        (ca, ra), (cb, rb) = cells[a], cells[b]
        assert abs(ca - cb) + abs(ra - rb) == 2
    for (col, row), face in zip(cells, faces, strict=True):
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


def _items() -> list[Item]:
    cards = [_fake("toy", "cards", f"toy-cards-{i:03d}-face", "card", "face", 2 if i == 0 else 1,
                      (63.0, 88.0), 12.0, _card(i), "toy-cards-back") for i in range(12)]
    back = _fake("toy", "cards", "toy-cards-back", "card", "back", 1, (63.0, 88.0), 12.0, _card(99))
    lessons = [_fake("toy", "lessons", f"toy-lessons-{i}-face", "card", "face", 1, (63.0, 88.0), 12.0,
                        _card(40 + i), f"toy-lessons-{i}-back") for i in range(3)]
    lesson_backs = [_fake("toy", "lessons", f"toy-lessons-{i}-back", "card", "back", 1, (63.0, 88.0), 12.0,
                             _card(60 + i)) for i in range(3)]
    hexagon = Image.new("RGB", (40, 36), "white")
    ImageDraw.Draw(hexagon).regular_polygon((20, 18, 16), 6, fill=(30, 120, 200), outline="black")
    disc = Image.new("RGB", (40, 40), "white")
    ImageDraw.Draw(disc).ellipse((0, 0, 39, 39), fill=(200, 120, 30), outline="black")
    outline = tuple((20 + 16 * math.cos(math.radians(60 * k)), 18 + 16 * math.sin(math.radians(60 * k))) for k in range(6))
    pieces = [_fake("toy", "pieces", "toy-pieces-hex", "piece", "face", 3, (84.7, 76.2), 12.0, hexagon),
              _fake("toy", "pieces", "toy-pieces-hex2", "piece", "face", 1, (84.7, 76.2), 12.0,
                       Image.new("RGB", (40, 36), (30, 120, 200)), "toy-pieces-hex2-back",
                       outline_mm=tuple((x * 25.4 / 12, y * 25.4 / 12) for x, y in outline)),
              _fake("toy", "pieces", "toy-pieces-hex2-back", "piece", "back", 1, (84.7, 76.2), 12.0,
                       Image.new("RGB", (40, 36), (0, 0, 0))),
              _fake("toy", "tokens", "toy-tokens-1", "token", "face", 2, (84.7, 84.7), 12.0, disc, "toy-tokens-back"),
              _fake("toy", "tokens", "toy-tokens-back", "token", "back", 1, (84.7, 84.7), 12.0, _card(7, (40, 40))),
              _fake("toy", "tiles", "toy-tiles-1", "tile", "face", 4, (50.8, 50.8), 12.0, _card(8, (24, 24)))]
    board = _fake("toy", "board", "toy-board", "board", "face", 1, (254.0, 203.2), 12.0, _card(9, (120, 96)))
    dice = [_fake("toy", "dice", f"toy-dice-{n:03d}-face", "die", "face", 1, (20.0, 20.0), 12.0, _card(n, (10, 10)),
                     group="toy-dice-1") for n in range(1, 7)]
    return [*cards, back, *lessons, *lesson_backs, *pieces, board, *dice]


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path], dict[str, Any]]:
    folder = tmp_path_factory.mktemp("tts")
    doc, files = export.saved_object("toy", _items(), export.base_url(folder, None))
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
    (hex2,) = [o for o in by_name["Custom_Token"] if o["Nickname"] == "toy-pieces-hex2"]  # cut along its outline
    round_tiles = [o for o in by_name["Custom_Tile"] if o["Nickname"] == "toy-tokens-1"]
    assert len(round_tiles) == 2 and all(o["CustomImage"]["CustomTile"]["Type"] == save.TILE_CIRCLE
                                         and o["CustomImage"]["ImageSecondaryURL"].endswith("toy-tokens-back.png")
                                         for o in round_tiles)
    board = next(o for o in by_name["Custom_Tile"] if o["Nickname"] == "toy-board")
    assert board["Locked"] and board["Transform"]["scaleX"] == pytest.approx(8 / save.TILE_SHORT_AT_SCALE_1, abs=1e-3)
    (die,) = by_name["Custom_Dice"]
    assert die["CustomImage"]["ImageURL"].endswith("/toy-dice-1.png")
    tiles = [o for o in by_name["Custom_Tile"] if o["Nickname"] == "toy-tiles-1"]
    assert len(tiles) == 4 and tiles[0]["CustomImage"]["ImageSecondaryURL"].endswith("toy-tiles-plain-back.png")


def test_cut_out_token_image_is_transparent_outside_the_hex(made: tuple[Path, list[Path], dict[str, Any]]) -> None:
    folder, _, _ = made
    for name in ("toy-pieces-hex", "toy-pieces-hex2"):  # its printed outline; the outline its game gives
        with Image.open(folder / f"{name}.png") as im:
            assert im.mode == "RGBA"
            alpha = im.getchannel("A")
            assert alpha.getpixel((images.MARGIN + 1, images.MARGIN + 1)) == 0, name
            assert alpha.getpixel((images.MARGIN + 20, images.MARGIN + 18)) == 255, name


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
    doc, files = export.saved_object("toy", _items(), export.base_url(folder, None))
    again = export.write(tmp_path, "toy", doc, files)
    assert [p.read_bytes() for p in again] == [p.read_bytes() for p in written]


# -- the games, made as a player makes them -----------------------------------------------------

def _make(out: Path, capsys: pytest.CaptureFixture[str], *args: Any, **kw: Any) -> tuple[list[Path], str]:
    """``make_kit(*args, fmt="tts", out=out, **kw)``: the paths it printed, and its notes."""
    from printkit.making import make_kit

    make_kit(*args, fmt="tts", out=out, **kw)
    captured = capsys.readouterr()
    return [Path(line) for line in captured.out.splitlines()], captured.err


@pytest.fixture(scope="module")
def gimbap(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """``make gimbap dice tokens lessons fillings pad --format tts``: dice, round tokens with a
    back, a deck with a back for each card, cut-out fillings, and a pad skipped."""
    from printkit.making import make_kit

    out = tmp_path_factory.mktemp("gimbap")
    make_kit("gimbap", ["dice", "tokens", "lessons", "fillings", "pad"], fmt="tts", out=out)
    folder = out / "gimbap-tts"
    return folder, json.loads((folder / "gimbap.json").read_text())


def _file(folder: Path, url: str) -> Path:
    return folder / url.removeprefix(folder.resolve().as_uri() + "/")


def test_gimbap_saved_object_validates_and_every_file_it_names_exists(gimbap: tuple[Path, dict[str, Any]]) -> None:
    folder, doc = gimbap
    assert [e.message for e in _validator().iter_errors(doc)] == [] and save.problems(doc) == []
    named = save.urls(doc)
    assert all(_file(folder, u).is_file() for u in named)
    assert {_file(folder, u).name for u in named} == {p.name for p in folder.iterdir()} - {"gimbap.json"}


def test_gimbap_has_its_dice_tokens_deck_and_fillings(gimbap: tuple[Path, dict[str, Any]]) -> None:
    from printkit.games.gimbap.content import CONTENT

    folder, doc = gimbap
    kinds: dict[str, list[dict[str, Any]]] = {}
    for obj in doc["ObjectStates"]:
        kinds.setdefault(obj["Name"], []).append(obj)
    assert len(kinds["Custom_Dice"]) == len(CONTENT.dice) == 4
    tokens = [o for o in kinds["Custom_Tile"] if o["Nickname"].startswith("gimbap-tokens")]
    assert len(tokens) == len(CONTENT.tokens) == 12  # round tiles, the common back under each
    assert all(o["CustomImage"]["CustomTile"]["Type"] == save.TILE_CIRCLE and o["Transform"]["rotZ"] == 180
               and o["CustomImage"]["ImageSecondaryURL"].endswith("gimbap-tokens-back.png") for o in tokens)
    (deck,) = kinds["Deck"]
    assert len(deck["DeckIDs"]) == len(CONTENT.lessons) and next(iter(deck["CustomDeck"].values()))["UniqueBack"]
    fillings = [o for o in kinds["Custom_Token"] if o["Nickname"].startswith("gimbap-fillings")]
    assert len(fillings) == 4 * len(CONTENT.parts)  # a set for each of four players
    seaweed = next(o for o in kinds["Custom_Token"] if o["Nickname"] == "gimbap-fillings-seaweed")
    with Image.open(_file(folder, seaweed["CustomImage"]["ImageURL"])) as im:
        # the 180 x 140 mm sheet, its outline's half-width and the margin around, at 150 dpi
        assert im.mode == "RGBA" and abs(im.width - (180 * 150 / 25.4 + 2 * images.MARGIN)) < 6
        alpha = im.getchannel("A")
        assert alpha.getpixel((images.MARGIN + 2, images.MARGIN + 2)) == 0  # a rounded corner: cut off
        assert alpha.getpixel((im.width // 2, im.height // 2)) == 255


def test_gimbap_die_texture_has_the_faces_drawn_alone(gimbap: tuple[Path, dict[str, Any]]) -> None:
    from printkit.core.export.items import component_items
    from printkit.core.registry import games
    from printkit.core.export.tts.export import DPI

    folder, doc = gimbap
    faces = [i for i in component_items(games()["gimbap"]["dice"], dpi=DPI, bleed=0.0) if i.group == "gimbap-dice-1"]
    assert len(faces) == 6
    with Image.open(folder / "gimbap-dice-1.png") as texture:
        side = texture.width // images.D6_GRID[0]
        assert texture.size == (side * images.D6_GRID[0], side * images.D6_GRID[1])
        for name, face in zip(images.D6_ORDER, faces, strict=True):
            col, row = images.D6_CELLS[name]
            cell = texture.convert("RGB").crop((col * side, row * side, (col + 1) * side, (row + 1) * side))
            assert face.image.size == (side, side) and cell.tobytes() == face.image.tobytes(), name


def test_gimbap_lessons_sheet_maps_card_i_to_cell_i_and_hides_with_a_plain_card(gimbap: tuple[Path, dict[str, Any]]) -> None:
    from printkit.core.export.items import component_items
    from printkit.core.registry import games
    from printkit.core.export.tts.export import DPI

    folder, doc = gimbap
    items = component_items(games()["gimbap"]["lessons"], dpi=DPI, bleed=0.0)
    faces = [i for i in items if i.side == "face"]
    backs = [i for i in items if i.side == "back"]
    (deck,) = [o for o in doc["ObjectStates"] if o["Name"] == "Deck"]
    sheet = next(iter(deck["CustomDeck"].values()))
    grid = images.grid_for(len(faces), faces[0].image.size)
    assert (sheet["NumWidth"], sheet["NumHeight"]) == (grid.cols, grid.rows)
    with Image.open(_file(folder, sheet["FaceURL"])) as im, Image.open(_file(folder, sheet["BackURL"])) as back_im:
        assert im.size == grid.size and back_im.size == grid.size
        for i, (face, back) in enumerate(zip(faces, backs, strict=True)):
            assert im.convert("RGB").crop(grid.box(i)).tobytes() == face.image.tobytes(), f"face {i}"
            assert back_im.convert("RGB").crop(grid.box(i)).tobytes() == back.image.tobytes(), f"back {i}"
        hidden = im.convert("RGB").crop(grid.box(grid.hidden))
        assert hidden.getextrema() == ((128, 128),) * 3  # a plain card: no back shows its solution


@pytest.fixture(scope="module")
def gemblo_pieces(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    from printkit.making import make_kit

    out = tmp_path_factory.mktemp("gemblo")
    make_kit("gemblo", ["pieces"], fmt="tts", out=out)
    return out / "gemblo-tts", json.loads((out / "gemblo-tts" / "gemblo.json").read_text())


def test_gemblo_pieces_are_hex_shaped_tokens(gemblo_pieces: tuple[Path, dict[str, Any]]) -> None:
    from printkit.games.gemblo.content import CONTENT

    folder, doc = gemblo_pieces
    assert [e.message for e in _validator().iter_errors(doc)] == []
    tokens = doc["ObjectStates"]
    assert {o["Name"] for o in tokens} == {"Custom_Token"} and len(tokens) == len(CONTENT.pieces) * len(CONTENT.colours)
    assert all(_file(folder, o["CustomImage"]["ImageURL"]).is_file() for o in tokens)
    with Image.open(folder / "gemblo-pieces-001-face.png") as im:  # the first piece: one hexagon
        alpha = im.getchannel("A")
        left, top, right, bottom = alpha.getbbox()
        px = 150 / 25.4
        # cut along the hex outline: 16 mm across flats, 18.5 mm across corners (the cell size)
        assert abs((right - left) - 16 * 2 / math.sqrt(3) * px) <= 2 and abs((bottom - top) - 16 * px) <= 2
        w, h = right - left, bottom - top
        # flat-topped: the corners of its box are outside it; its middle and its flats' middles inside
        corners = [(left + 2, top + 2), (right - 3, top + 2), (left + 2, bottom - 3), (right - 3, bottom - 3)]
        assert [alpha.getpixel(p) for p in corners] == [0] * 4
        assert [alpha.getpixel(p) for p in ((left + w // 2, top + h // 2), (left + w // 2, top + 1),
                                            (left + w // 2, bottom - 2))] == [255] * 3


def test_rollncook_sheets_one_a_seed_byte_identical_again(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first, _ = _make(tmp_path / "a", capsys, "rollncook", seed=7, count="2")
    again, _ = _make(tmp_path / "a", capsys, "rollncook", seed=7, count="2")
    assert first == again and [p.read_bytes() for p in first] == [p.read_bytes() for p in again]
    doc = json.loads(first[0].read_text())
    sheets = doc["ObjectStates"]
    assert [o["Name"] for o in sheets] == ["Custom_Tile"] * 2 and all(o["Locked"] for o in sheets)
    assert sheets[0]["CustomImage"]["ImageURL"] != sheets[1]["CustomImage"]["ImageURL"]  # seeds 7 and 8
    # true scale: the sheet's shorter side (194 mm) over a tile's at scale 1
    assert sheets[0]["Transform"]["scaleX"] == pytest.approx(194 / 25.4 / save.TILE_SHORT_AT_SCALE_1, abs=1e-3)


def test_base_url_replaces_the_folder_address(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    written, _ = _make(tmp_path, capsys, "rollncook", seed=3, base_url="https://example.org/rnc")
    doc = json.loads(written[0].read_text())
    assert save.urls(doc) == ["https://example.org/rnc/rollncook-sheet-seed3-001-face.png"]
    assert written[1].name == "rollncook-sheet-seed3-001-face.png"


@pytest.mark.parametrize(("args", "said"), [
    (["rollncook", "--base-url", "ftp://x/"], "--base-url must be an http"),
    (["rollncook", "--base-url", "https://x/", "--format", "pdf"], "--base-url is for --format tts"),
    (["rollncook", "--bleed", "3"], "--bleed is for printing"),
    (["gimbap", "pad"], "gimbap pad does not go to it (a score pad"),
    (["rollncook", "--count", "11"], "--format tts makes at most 10 of rollncook sheet"),
])
def test_wrong_options_are_one_line(tmp_path: Path, args: list[str], said: str) -> None:
    from typer.testing import CliRunner

    from printkit.commands import app

    result = CliRunner().invoke(app, ["make", args[0], "--seed", "1", "--format", "tts", "--out", str(tmp_path), *args[1:]])
    assert result.exit_code == 2 and said in result.output and "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_list_format_tts_says_what_is_not_made_and_why() -> None:
    from printkit.listing import tts_listing

    lines = list(tts_listing())
    pads = [line for line in lines if line.split()[1:2] == ["pad"]]
    assert len(pads) == 4 and all("not made: a score pad" in line for line in pads)
    assert any(line.startswith("gemblo") and "pieces" in line and "Custom_Token" in line for line in lines)
    assert all("not made" in line for line in lines if line.startswith("calibration"))


def test_jubako_has_its_90_tiles_the_singles_cut_apart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    written, _ = _make(tmp_path, capsys, "jubako", ["tiles"])
    doc = json.loads(written[0].read_text())
    assert [e.message for e in _validator().iter_errors(doc)] == [] and save.problems(doc) == []
    tiles = doc["ObjectStates"]
    assert len(tiles) == 90 and {o["Name"] for o in tiles} == {"Custom_Tile"}  # 78 doubles, 12 singles
    singles = [o for o in tiles if o["Nickname"].startswith("jubako-tiles-single-")]
    assert len(singles) == 12 and len({o["Nickname"] for o in singles}) == 12
    plain = written[0].parent / "jubako-tiles-plain-back.png"
    assert all(o["CustomImage"]["ImageSecondaryURL"] == plain.resolve().as_uri() for o in tiles)  # face down: no face shows
    with Image.open(_file(written[0].parent, singles[0]["CustomImage"]["ImageURL"])) as single, \
            Image.open(_file(written[0].parent, tiles[0]["CustomImage"]["ImageURL"])) as double:
        px = 150 / 25.4
        assert abs(single.width - 30 * px) <= 1 and abs(single.height - 30 * px) <= 1
        assert abs(double.width - 60 * px) <= 1 and abs(double.height - 30 * px) <= 1
