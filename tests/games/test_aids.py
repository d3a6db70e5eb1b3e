"""Every game's player aid (issue #12): two columns of lines a reader can follow (at most ~90
characters, they were ~150), list items hanging, the game's icons before the headings, text at
6 pt or more, the page used."""

from collections import defaultdict

import pytest

from printkit.core.draw import ops as O
from printkit.core.draw.page import PrintOptions
from printkit.core.registry import games
from tests.games.printsizes import printed_pt, texts

AIDS = [("trickdumpling", "aid"), ("gimbap", "aid"), ("jubako", "aid")]


def _aid_ops(doc, what: str):
    return [(op, m) for op, m, _ in texts(doc) if (op.tag or "") == f"aid {what}"]


def _copies(pairs):
    """The aid's lines grouped by copy (two copies a page), by their y."""
    copies = defaultdict(list)
    for op, m in pairs:
        copies[m.f // 120].append((op, m))
    return [copies[k] for k in sorted(copies)]


@pytest.mark.parametrize("game,comp", AIDS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_aid_lines_are_short_and_in_two_columns(game, comp, paper):
    doc = games()[game][comp].build(PrintOptions(paper=paper))
    lines = _aid_ops(doc, "line")
    assert len(lines) > 20
    assert max(len(op.text) for op, _ in lines) <= 90
    for copy in _copies(lines):
        # Two columns: the lines start at two x positions (the left edge, or the hanging
        # indent) in each of two clusters more than 80 mm apart.
        xs = sorted({round(m.apply(op.x, op.y)[0], 1) for op, m in copy})
        left = [x for x in xs if x < xs[0] + 40]
        right = [x for x in xs if x >= xs[0] + 40]
        assert left and right and min(right) - min(left) > 80
        # ... each column holds a fair share (balanced, not one full and one empty)
        n_left = sum(1 for op, m in copy if m.apply(op.x, op.y)[0] < xs[0] + 40)
        assert 0.3 < n_left / len(copy) < 0.7
        # ... and no line runs into the next column
        from printkit.core.fonts import get_font
        for op, m in copy:
            x0 = m.apply(op.x, op.y)[0]
            end = x0 + get_font(op.font).width(op.text, op.size)
            if x0 < min(right) - 0.5:
                assert end < min(right) - 3


@pytest.mark.parametrize("game,comp", AIDS)
def test_list_items_hang_under_their_first_word(game, comp):
    """A wrapped item's later lines start where its text starts, right of its marker."""
    doc = games()[game][comp].build(PrintOptions())
    markers = _aid_ops(doc, "marker")
    lines = _aid_ops(doc, "line")
    assert markers
    mx = {round(m.apply(op.x, op.y)[0], 3) for op, m in markers}
    starts = {round(m.apply(op.x, op.y)[0], 3) for op, m in lines}
    # every marker column has an indented text column 3 to 5 mm right of it
    for x in mx:
        assert any(3 <= s - x <= 5 for s in starts), x
    # a marker's own line starts at the indent too (text beside it, not after it)
    by_base = {(round(m.apply(op.x, op.y)[1], 3)): op for op, m in lines}
    for op, m in markers:
        line = by_base[round(m.apply(op.x, op.y)[1], 3)]
        assert line is not None


@pytest.mark.parametrize("game,comp", AIDS)
def test_headings_have_icons_and_a_clear_hierarchy(game, comp):
    doc = games()[game][comp].build(PrintOptions())
    titles = _aid_ops(doc, "title")
    lines = _aid_ops(doc, "line")
    icons = [op for p in doc.pages for op, _ in O.walk(p.ops) if isinstance(op, O.Use) and op.tag == "aid icon"]
    assert len(icons) == len(titles) >= 8  # every heading of both copies
    assert {op.font for op, _ in titles} == {"sans-bold"}
    body = max(printed_pt(op, m) for op, m in lines)
    assert min(printed_pt(op, m) for op, m in titles) > body * 1.05
    assert body >= 7.5 and min(printed_pt(op, m) for op, m in lines) >= 6.5 - 1e-6


@pytest.mark.parametrize("game,comp", AIDS)
def test_no_text_under_6_pt(game, comp):
    for bw in (False, True):
        doc = games()[game][comp].build(PrintOptions(bw=bw))
        small = [(op.text, printed_pt(op, m)) for op, m, _ in texts(doc) if printed_pt(op, m) < 6 - 1e-6]
        assert not small, small[:5]


@pytest.mark.parametrize("game,comp", AIDS)
def test_the_aid_uses_its_box(game, comp):
    """No band of more than 25 mm left empty in a copy (DESIGN.md): the text and the legend
    below it reach within 25 mm of the copy's bottom edge (122 mm boxes)."""
    doc = games()[game][comp].build(PrintOptions())
    tops = []
    for op, m, _ in texts(doc):
        tops.append(m.apply(op.x, op.y)[1])
    content = [y for y in tops if y < 245 + 8]
    for copy_top in (8.0, 8.0 + 126):
        inside = [y for y in content if copy_top <= y <= copy_top + 122]
        assert max(inside) > copy_top + 122 - 25
        # and the flowed text's last line is within 25 mm of what follows it (the legend)
        aid = [m.apply(op.x, op.y)[1] for op, m in _aid_ops(doc, "line")
               if copy_top <= m.apply(op.x, op.y)[1] <= copy_top + 122]
        below = [y for y in inside if y > max(aid)]
        assert below and min(below) - max(aid) < 25, (max(aid) - copy_top, min(below) - copy_top)
