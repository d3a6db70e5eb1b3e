"""Items drawn alone (printkit/core/export/items.py), the images ``--format cards`` and ``tts``
are made of (issue 29): each component's kind, dice as their faces, Gemblo pieces with their cut
lines and colours, counts of identical items, and --bw, --seed and --set honoured. Small
resolutions: the images are measured, not admired."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFilter

from printkit.core.export.items import KINDS, component_items, item_px
from printkit.core.preview import coverage
from printkit.core.registry import games

GAMES = ("gemblo", "gimbap", "jubako", "rollncook", "trickdumpling")


def _items(game: str, component: str, **kw):
    comp = games()[game][component]
    own = comp.options(kw.pop("settings", {}))
    return component_items(comp, own, **{"dpi": 72, **kw})


def test_every_component_of_a_game_says_what_a_player_handles():
    for game in GAMES:
        for comp in games()[game].values():
            assert comp.kind in KINDS, (game, comp.name, comp.kind)
    assert {c.kind for c in games()["calibration"].values()} == {""}  # not part of a game


def test_each_image_is_its_trim_plus_bleed_at_the_dpi():
    for item in _items("jubako", "tiles", dpi=100, bleed=2.0)[:3]:
        assert item.trim_mm == (60, 30) and item.bleed_mm == 2.0
        assert item.image.mode == "RGB" and item.image.size == item.px == (_px(64, 100), _px(34, 100))


def _px(mm: float, dpi: float) -> int:
    return round(mm * dpi / 25.4)


def test_identical_items_are_one_with_a_count():
    tokens = _items("jubako", "tiles")  # 84 cards, 72 pictures: 12 doubles twice (JUB-1); one back
    faces, backs = [t for t in tokens if t.side == "face"], [t for t in tokens if t.side == "back"]
    assert len(faces) == 72 and sorted(f.count for f in faces) == [1] * 60 + [2] * 12
    assert [(b.name, b.count) for b in backs] == [("jubako-tiles-back", 84)]
    tokens = _items("gimbap", "tokens")
    faces, backs = [t for t in tokens if t.side == "face"], [t for t in tokens if t.side == "back"]
    assert len(faces) == 12 and [(b.name, b.count) for b in backs] == [("gimbap-tokens-back", 12)]
    assert {f.back for f in faces} == {"gimbap-tokens-back"} and tokens[1] is backs[0]  # after its first face


def test_dice_are_their_six_faces_a_die_in_cube_order():
    dice = _items("gimbap", "dice", dpi=150, bleed=0.0, settings={"edge": "25mm"})
    assert len(dice) == 24 and all(d.kind == "die" and d.side == "face" and d.back is None for d in dice)
    assert [d.group for d in dice] == [f"gimbap-dice-{n}" for n in (1, 2, 3, 4) for _ in range(6)]
    assert all(d.trim_mm == (25, 25) and d.image.size == (_px(25, 150),) * 2 for d in dice)
    assert len({d.image.tobytes() for d in dice}) == 24  # every face its own picture
    # Opposite faces (1-2, 3-4, 5-6 of a die) are one pair of parts, must and must not: the
    # "must" tick is green, the "must not" cross red, in the face's top right corner.
    corner = [np.asarray(d.image)[_px(3, 150):_px(12, 150), _px(15, 150):_px(23, 150)].reshape(-1, 3).mean(0)
              for d in dice[:2]]
    assert corner[0][1] > corner[0][0] and corner[1][0] > corner[1][1]


def test_gemblo_pieces_alone_with_their_cut_lines_colour_by_colour():
    pieces = _items("gemblo", "pieces")
    faces = [p for p in pieces if p.side == "face"]
    assert len(faces) == 108 and len(pieces) == 216 and all(p.count == 1 for p in pieces)
    groups = [f.group for f in faces]
    assert len(set(groups)) == 6 and all(groups[i] == groups[18 * (i // 18)] for i in range(108))
    for face, back in zip(pieces[0::2], pieces[1::2], strict=True):
        assert face.back == back.name and back.outline_mm is not None and face.outline_mm is not None
        w, _ = face.trim_mm
        assert back.outline_mm == tuple((pytest.approx(w - x), pytest.approx(y)) for x, y in face.outline_mm)
    # Inside the cut line the piece's colour, and past it through the bleed (a shop's cut a
    # little off shows no paper), white beyond: measured on the pixels.
    for item in faces[::17]:
        im = np.asarray(item.image).astype(int)
        inside = _mask(item, -1)
        bleed = _mask(item, item.bleed_mm - 1) & ~_mask(item, 1)
        outside = ~_mask(item, item.bleed_mm + 1)
        assert (im[outside] > 245).all(), item.name
        assert (im[inside].min(axis=1) < 245).mean() > 0.9, item.name  # its colour (the palest is a pale blue)
        assert (im[bleed].min(axis=1) < 245).mean() > 0.97, item.name


def _mask(item, grow_mm: float) -> np.ndarray:
    """Pixels inside the item's cut line moved ``grow_mm`` out (in when negative): 1 mm clears
    the line's 0.7 mm frame, its mitred corners and antialiased edges."""
    scale = item.dpi / 25.4
    mask = Image.new("L", item.image.size, 0)
    points = [((x + item.bleed_mm) * scale, (y + item.bleed_mm) * scale) for x, y in item.outline_mm]
    ImageDraw.Draw(mask).polygon(points, fill=255)
    grow = 2 * round(abs(grow_mm) * scale) + 1
    if grow > 1:
        mask = mask.filter(ImageFilter.MinFilter(grow) if grow_mm < 0 else ImageFilter.MaxFilter(grow))
    return np.asarray(mask) > 0


def test_pages_are_their_design_box_and_a_poster_board_its_whole_drawing():
    board = _items("jubako", "board")
    assert [(b.name, b.trim_mm, b.bleed_mm) for b in board] == [
        ("jubako-board-001-face", (190, 256), 0), ("jubako-board-002-face", (190, 256), 0)]  # board.yaml size
    (big,) = _items("gemblo", "board", dpi=72)
    assert big.kind == "board" and big.trim_mm[0] > 350 and big.image.size == item_px(big.trim_mm, 0, 72)


def test_bw_seed_and_settings_are_honoured():
    colour, bw = _items("trickdumpling", "cards")[1], _items("trickdumpling", "cards", bw=True)[1]
    assert colour.name == bw.name == "trickdumpling-cards-back"
    assert coverage(bw.image) < coverage(colour.image) / 2  # the back's dark ground is line art
    seven, eight = _items("rollncook", "sheet", seed=7, dpi=72), _items("rollncook", "sheet", seed=8, dpi=72)
    assert [i.name for i in seven + eight] == ["rollncook-sheet-seed7-001-face", "rollncook-sheet-seed8-001-face"]
    assert seven[0].image.tobytes() != eight[0].image.tobytes()
    two = _items("rollncook", "sheet", seed=7, dpi=72, settings={"count": "2"})
    assert [i.name for i in two] == ["rollncook-sheet-seed7-count2-001-face", "rollncook-sheet-seed7-count2-002-face"]
    assert two[0].image.tobytes() == seven[0].image.tobytes()


def test_a_die_face_alone_is_drawn_as_the_net_draws_it():
    """layouts/gimbap/faces.yaml repeats dice.yaml's face elements: the two stay the same."""
    import yaml

    from printkit.core.resources import layouts_dir

    def face(path: str, *keys):
        node = yaml.safe_load((layouts_dir() / path).read_text(encoding="utf-8"))
        for key in keys:
            node = node[key]
        return node

    net = face("gimbap/dice.yaml", "pages", 0, "elements", 2, "repeat", "elements", 1, "repeat", "elements", 0)
    alone = face("gimbap/faces.yaml", "cards", "front", 0, "repeat", "elements", 0)
    assert net["frame"]["elements"] == alone["frame"]["elements"]
