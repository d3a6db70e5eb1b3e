"""The sheet's geometry has one source, layouts/rollncook/sheet.yaml: each sheet's own marks
follow the static drawing when the layout moves it."""

import shutil

import pytest

from printkit.core.resources import layouts_dir
from printkit.games.rollncook import components
from printkit.games.rollncook.sheet import generate


@pytest.fixture
def edited_sheet(tmp_path, monkeypatch):
    """Edit a copy of sheet.yaml and make printkit read it."""
    root = tmp_path / "layouts"
    shutil.copytree(layouts_dir(), root)
    path = root / "rollncook" / "sheet.yaml"

    def edit(old: str, new: str) -> None:
        text = path.read_text()
        assert text.count(old) == 1
        path.write_text(text.replace(old, new))
        monkeypatch.setenv("PRINTKIT_LAYOUTS", str(root))

    return edit


def test_the_dark_boxes_and_icons_follow_the_layouts_boxes(edited_sheet):
    before = components.sheet_data(generate(7))
    edited_sheet("box_dy: 9.4\n", "box_dy: 9.9\n")
    after = components.sheet_data(generate(7))
    assert before["dark"]
    for b, a in zip(before["dark"], after["dark"], strict=True):
        assert a["y"] - b["y"] == pytest.approx((a["n"] - 1) * 0.5)
        assert a["x"] == b["x"]


def test_the_columns_share_the_design_width(edited_sheet):
    assert components.static_data()["pitch"] == pytest.approx(190 / 12)
    x = [d["x"] for d in components.sheet_data(generate(7))["dark"]]
    edited_sheet("size: [190mm, 250mm]", "size: [180mm, 250mm]")
    assert components.static_data()["pitch"] == pytest.approx(15)
    assert [d["x"] for d in components.sheet_data(generate(7))["dark"]] != x


def test_the_tables_are_drawn_where_their_icons_go(edited_sheet):
    edited_sheet("table_r: 7.4 ", "table_r: 8 ")
    seg = components.static_data()["hex_segments"][0]
    assert (seg["ax"], seg["ay"]) == pytest.approx((0, -8))
    assert seg["iy"] == pytest.approx(-8 * 0.45 * 3 ** 0.5 / 2, abs=1e-4)


def test_the_abilities_are_named_by_the_layout():
    assert [a["name"] for a in components.static_data()["abilities"]][:1] == ["±1"]
