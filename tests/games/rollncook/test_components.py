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
    edited_sheet("box_gap: 0.5\n", "box_gap: 1.0\n")
    after = components.sheet_data(generate(7))
    assert before["rare"]
    for b, a in zip(before["rare"], after["rare"], strict=True):
        assert a["y"] - b["y"] == pytest.approx((a["n"] - 1) * 0.5)
        assert a["x"] == b["x"]


def test_the_columns_share_the_design_width(edited_sheet):
    assert components.static_data()["pitch"] == pytest.approx(194 / 12, abs=1e-4)
    x = [d["x"] for d in components.sheet_data(generate(7))["rare"]]
    edited_sheet("width: 194 ", "width: 180 ")
    assert components.static_data()["pitch"] == pytest.approx(15)
    assert [d["x"] for d in components.sheet_data(generate(7))["rare"]] != x


def test_the_tables_are_drawn_where_their_icons_go(edited_sheet):
    edited_sheet("table_r: 8.87 ", "table_r: 8 ")
    seg = components.static_data()["geo"]["segments"][0]
    assert (seg["ax"], seg["ay"]) == pytest.approx((0, -8))
    # The icon sits on the segment's middle line (30 degrees from the top), table_icon_at of r out.
    at = components.static_data()["geo"]["table_icon_at"]
    assert seg["iy"] == pytest.approx(-8 * at * 3 ** 0.5 / 2, abs=1e-4) and 0.5 < at < 0.8


def test_the_abilities_are_named_by_the_layout():
    abilities = components.static_data()["abilities"]
    assert [a["kind"] for a in abilities] == ["adjust", "set", "reuse", "add"]
    assert abilities[0]["name"] == "Adjust ±1" and all(a["effect"] and a["icon"] for a in abilities)
