"""``printkit make GAME --format cards``: a PNG per card face and back for a print shop, with its
manifest (issue 29). Small sets: Trick Dumpling's cards at a low resolution, and the missions and
rank boards with a shop's preset; every image opened and measured."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from tests.conftest import run_cli

DPI = 100
BLEED = 3.0  # --format cards' default bleed
MM = 25.4


def _make(out: Path, *args: str):
    r = run_cli("make", "trickdumpling", *args, "--format", "cards", "--out", str(out))
    assert r.exit_code == 0, r.output + r.stderr
    return r


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """The cards and the score track (which has none) at DPI: the folder, its files' bytes, the run."""
    out = tmp_path_factory.mktemp("cards")
    r = _make(out, "cards", "track", "--dpi", str(DPI))
    folder = out / f"trickdumpling-print-shop-{DPI}dpi-bleed3"
    return folder, {p.name: p.read_bytes() for p in folder.iterdir()}, r


@pytest.fixture(scope="module")
def preset(tmp_path_factory):
    out = tmp_path_factory.mktemp("preset")
    _make(out, "missions", "rank", "--preset", "mpc-poker")
    return out / "trickdumpling-print-shop-mpc-poker"


def _rows(folder: Path) -> list[dict[str, str]]:
    with open(folder / "manifest.csv", newline="") as f:
        return list(csv.DictReader(f))


def _px(mm: float, dpi: float) -> int:
    return round(mm * dpi / MM)


def test_every_png_has_the_size_promised_trim_plus_bleed_at_the_dpi(made):
    folder, _, _ = made
    rows = _rows(folder)
    assert len(rows) == 36  # 35 cards and their one common back
    for row in rows:
        assert (float(row["trim_w_mm"]), float(row["trim_h_mm"])) == (63, 88)  # poker cards
        with Image.open(folder / row["file"]) as im:
            assert im.size == (_px(63 + 2 * BLEED, DPI), _px(88 + 2 * BLEED, DPI)) == (272, 370)
            assert (int(row["w_px"]), int(row["h_px"])) == im.size
            assert im.info["dpi"] == pytest.approx((DPI, DPI), abs=0.01)  # pHYs: opens at real size


def _band_and_inside(im: np.ndarray, dpi: float) -> list[tuple[np.ndarray, np.ndarray]]:
    """For each side: the outer 0.5 mm of the image, and a strip 1 mm inside the trim along the
    same side's middle half (the art just inside the cut)."""
    h, w, _ = im.shape
    band, b, one = _px(0.5, dpi), _px(BLEED, dpi), _px(BLEED + 1, dpi)
    mid_x, mid_y = slice(w // 4, 3 * w // 4), slice(h // 4, 3 * h // 4)
    return [(im[:band, :], im[one, mid_x]), (im[-band:, :], im[h - 1 - one, mid_x]),
            (im[:, :band], im[mid_y, one]), (im[:, -band:], im[mid_y, w - 1 - one])] if b else []


def test_the_art_runs_through_the_bleed_to_every_edge(made):
    """The outer 0.5 mm on all four sides of every card is the art at the trim carried on (one
    colour, that of the card's ground just inside the cut): no white border; the back's ground
    is dark, so a bleed left white would show there."""
    folder, _, _ = made
    for row in _rows(folder):
        im = np.asarray(Image.open(folder / row["file"]).convert("RGB")).astype(int)
        for band, inside in _band_and_inside(im, DPI):
            ground = np.median(inside.reshape(-1, 3), axis=0)
            assert np.abs(band.reshape(-1, 3) - ground).max() <= 12, (row["file"], ground)
        if row["side"] == "back":
            assert im[:_px(0.5, DPI)].mean() < 200, row["file"]  # dark red, not paper


def test_the_manifest_lists_every_file_and_every_file_it_lists_exists(made):
    folder, files, r = made
    rows = _rows(folder)
    assert {row["file"] for row in rows} | {"manifest.csv"} == set(files)
    assert r.stdout.split() == [str(folder / row["file"]) for row in rows] + [str(folder / "manifest.csv")]
    faces = [row for row in rows if row["side"] == "face"]
    assert [row["file"] for row in faces] == [f"trickdumpling-cards-{n:03d}-face.png" for n in range(1, 36)]
    assert {row["back"] for row in faces} == {"trickdumpling-cards-back.png"}
    (back,) = [row for row in rows if row["side"] == "back"]
    assert back["file"] == "trickdumpling-cards-back.png" and back["count"] == "35"
    assert all(row["count"] == "1" and row["kind"] == "card" for row in faces)


def test_what_has_no_cards_is_left_out_with_one_note(made):
    _, files, r = made
    assert not [f for f in files if "track" in f]
    notes = r.stderr.splitlines()
    assert notes == ["printkit: note: --format cards: no cards, tiles or tokens in trickdumpling track: left out"]


def test_a_second_run_writes_the_same_bytes(made, tmp_path):
    folder, files, _ = made
    _make(tmp_path, "cards", "track", "--dpi", str(DPI))
    again = tmp_path / folder.name
    assert {p.name: p.read_bytes() for p in again.iterdir()} == files


def test_a_preset_gives_the_shops_template_size_and_turns_landscape_cards(preset):
    rows = _rows(preset)
    assert {row["component"] for row in rows} == {"missions", "rank"}
    for row in rows:
        with Image.open(preset / row["file"]) as im:
            assert im.size == (822, 1122), row["file"]  # MakePlayingCards' poker template
            assert im.info["dpi"] == pytest.approx((300, 300), abs=0.01)
        assert (row["trim_w_mm"], row["trim_h_mm"]) == ("63", "88")
        assert row["turned"] == ("yes" if row["component"] == "rank" else "no")
    # The missions: one basic front with four nephews' backs, and one with the spy's.
    missions = [(row["file"], row["count"], row["back"]) for row in rows if row["component"] == "missions"]
    assert missions == [("trickdumpling-missions-001-face.png", "4", "trickdumpling-missions-001-back.png"),
                        ("trickdumpling-missions-001-back.png", "4", ""),
                        ("trickdumpling-missions-002-face.png", "1", "trickdumpling-missions-002-back.png"),
                        ("trickdumpling-missions-002-back.png", "1", "")]


def test_a_preset_changes_the_size_never_the_art(preset):
    """The preset's card holds the plain card (300 dpi, 3 mm bleed) whole, within a pixel of the
    template's centre: the same art, with more bleed round it."""
    from printkit.core.export.items import component_items
    from printkit.core.registry import games

    plain = np.asarray(component_items(games()["trickdumpling"]["missions"], dpi=300, bleed=BLEED)[0].image)
    with Image.open(preset / "trickdumpling-missions-001-face.png") as im:
        shop = np.asarray(im.convert("RGB")).astype(int)
    h, w, _ = plain.shape
    x, y = (822 - w) // 2, (1122 - h) // 2
    best = min((np.abs(shop[y + dy:y + dy + h, x + dx:x + dx + w] - plain).mean(), dx, dy)
               for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    assert best[0] < 1.5, best


@pytest.mark.parametrize("args,message", [
    (["--dpi", "20"], "--dpi must be 72 to 1200 dots per inch"),
    (["--dpi", "5000"], "--dpi must be 72 to 1200 dots per inch"),
    (["--preset", "moo-poker"], "--preset: no preset 'moo-poker'; presets: mpc-poker, tgc-poker"),
    (["--preset", "mpc-poker", "--dpi", "300"], "--preset mpc-poker sets the size and resolution"),
    (["--bleed", "11"], "bleed must be between 0 and 10 mm"),
])
def test_a_bad_dpi_or_preset_is_one_line_exit_2(args, message, tmp_path):
    r = run_cli("make", "trickdumpling", "cards", "--format", "cards", *args, "--out", str(tmp_path))
    assert r.exit_code == 2
    assert r.stderr.splitlines() == [r.stderr.strip()] and message in r.stderr, r.stderr
    assert "Traceback" not in r.output + r.stderr and not list(tmp_path.iterdir())


def test_dpi_and_preset_are_for_the_cards_format_only(tmp_path):
    r = run_cli("make", "trickdumpling", "cards", "--dpi", "300", "--out", str(tmp_path))
    assert r.exit_code == 2 and "--dpi is for --format cards" in r.stderr and not list(tmp_path.iterdir())


def test_list_presets_names_each_preset_and_its_sizes():
    r = run_cli("list", "--presets")
    assert r.exit_code == 0
    lines = r.stdout.splitlines()
    assert [ln.split()[0] for ln in lines] == ["mpc-poker", "tgc-poker"]
    assert "822 x 1122 px at 300 dpi" in lines[0] and "825 x 1125 px at 300 dpi" in lines[1]
