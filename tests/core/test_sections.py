"""The `sections` layout element: headed sections flowed into balanced columns, list items
hanging, the largest size that fits, icons before titles, errors as one line."""

import pytest

from printkit.core.draw import ops as O
from printkit.core.fonts import get_font
from printkit.errors import InputError
from tests.core.test_layout import page

PT = 25.4 / 72
EXTRA = """
styles:
  para: {font: sans, font_size: 9}
  head: {font: sans-bold, font_size: 11}
symbols:
  dot:
    elements:
      - circle: {x: 0, y: 0, r: 4}
"""


def _sections(n: int, words: int = 30, item: bool = False) -> list[dict]:
    text = " ".join(f"word{i}" for i in range(words))
    return [{"title": f"Section {k}", "text": ("1. " if item else "") + text, "icon": "dot"} for k in range(n)]


def _texts(ops, what):
    return [(op, m) for op, m in O.walk(ops) if isinstance(op, O.Text) and op.tag == f"s {what}"]


EL = "- sections: {id: s, over: secs, x: 0, y: 0, w: 100mm, h: 90mm, columns: 2, gap: 6mm, style: para, title_style: head}"


def test_sections_flow_into_two_balanced_columns_at_the_largest_size(tmp_path):
    ops, _ = page(tmp_path, EL, EXTRA, data={"secs": _sections(4)})
    lines = _texts(ops, "line")
    xs = sorted({round(op.x, 3) for op, _ in lines})
    assert xs == [0.0, 53.0]  # two columns: (100 - 6) / 2 = 47 mm wide, the second at 53
    # Little text: the style's own 9 pt, and the columns hold two sections each.
    assert {round(op.size / PT, 3) for op, _ in lines} == {9.0}
    titles = _texts(ops, "title")
    assert sorted(round(op.x, 3) for op, _ in titles) == [6.5, 6.5, 59.5, 59.5]  # after 5 mm icons + 1.5
    assert {round(op.size / PT, 3) for op, _ in titles} == {11.0}
    # Every line fits its column.
    font = get_font("sans")
    for op, _ in lines:
        col = 0.0 if op.x < 50 else 53.0
        assert op.x + font.width(op.text, op.size) <= col + 47 + 1e-6


def test_more_text_takes_a_smaller_size_down_to_min_size_then_one_error(tmp_path):
    ops, _ = page(tmp_path, EL, EXTRA, data={"secs": _sections(4, words=48)})
    sizes = {round(op.size / PT, 2) for op, _ in _texts(ops, "line")}
    (size,) = sizes
    assert 6.5 <= size < 9
    last = max(op.y for op, _ in _texts(ops, "line"))
    assert last <= 90
    with pytest.raises(InputError) as e:
        page(tmp_path, EL, EXTRA, data={"secs": _sections(12, words=120)})
    msg = str(e.value)
    assert "do not fit 100 x 90 mm in 2 columns even at 6.5 pt" in msg and "\n" not in msg


def test_list_items_hang_and_keep_their_marker(tmp_path):
    ops, _ = page(tmp_path, EL, EXTRA, data={"secs": _sections(1, words=40, item=True)})
    markers = _texts(ops, "marker")
    lines = _texts(ops, "line")
    assert [op.text for op, _ in markers] == ["1."]
    assert len(lines) > 2  # wrapped
    # every line under the first word (the long item continues in the second column)
    assert {round(op.x - (0 if op.x < 50 else 53), 3) for op, _ in lines} == {3.5}
    assert markers[0][0].x == 0.0 and markers[0][0].y == lines[0][0].y


def test_bullets_and_icons(tmp_path):
    secs = [{"title": "A", "text": "- one\n* two\nplain", "icon": "dot"}, {"title": "B", "text": "x"}]
    ops, doc = page(tmp_path, EL, EXTRA, data={"secs": secs})
    assert [op.text for op, _ in _texts(ops, "marker")] == ["•", "•"]
    icons = [(op, m) for op, m in O.walk(ops) if isinstance(op, O.Use) and op.tag == "s icon"]
    assert len(icons) == 1 and icons[0][0].matrix.a == pytest.approx(0.5)  # 5 mm for a 10 mm box
    assert "dot" in doc.symbols
    # "B" has no icon: its title starts at the column's edge
    (b,) = [op for op, _ in _texts(ops, "title") if op.text == "B"]
    assert b.x in (0.0, 53.0)


def test_a_section_that_is_not_a_mapping_is_a_layout_error(tmp_path):
    with pytest.raises(InputError) as e:
        page(tmp_path, EL, EXTRA, data={"secs": ["just text"]})
    assert "a section is a mapping with a title and a text" in str(e.value)


def test_three_equal_sections_run_on_so_the_columns_end_together(tmp_path):
    """Kept whole, three equal sections would fill one column and a third of the next; they run
    on instead (keeping them whole would make the columns more than 20% taller)."""
    ops, _ = page(tmp_path, EL, EXTRA, data={"secs": _sections(3, words=40)})
    lines = _texts(ops, "line")
    left = [op for op, _ in lines if op.x < 50]
    right = [op for op, _ in lines if op.x >= 50]
    assert abs(len(left) - len(right)) <= 2
    assert abs(max(op.y for op in left) - max(op.y for op in right)) < 2 * 9 * PT * 1.2
    titles = _texts(ops, "title")
    assert sorted(op.x < 50 for op, _ in titles) == [False, True, True]  # the second runs on
