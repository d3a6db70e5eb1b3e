"""Issue 28, review R2 (second round): small fixes measured on the drawing model of real output."""

from __future__ import annotations

import pytest

from printkit.core.draw import ops as O
from printkit.core.draw.page import FOOTER_GAP, FOOTER_H, PAGE_MARGIN, PrintOptions
from printkit.core.fonts import get_font
from printkit.core.registry import games
from printkit.core.units import pt_to_mm

HOWTO = "fold it along the line between the dashed ticks"


@pytest.mark.parametrize("paper,bleed", [("a4", 0.0), ("letter", 0.0), ("a4", 3.0)])
def test_gimbap_fold_sheet_says_how_to_make_the_tokens(paper, bleed):
    """The fold-and-glue page says once, in the band under the backs, how to make the tokens
    (cut the block, fold on the ticks' line, glue, cut round): one line, at body size, 2 mm or
    more below every crop and fold mark and above the footer, inside the page's margins."""
    opts = PrintOptions(paper=paper, bleed=bleed)
    page = games()["gimbap"]["tokens"].build(opts).pages[0]
    notes, marks = [], []
    for op, m in O.walk(page.ops):
        if isinstance(op, O.Text) and HOWTO in op.text:
            notes.append((op, m))
        elif getattr(op, "tag", None) in ("crop-mark", "fold-mark"):
            marks.append(max(m.apply(op.x1, op.y1)[1], m.apply(op.x2, op.y2)[1]))
    assert len(notes) == 1, "the instruction is printed once"
    op, m = notes[0]
    assert op.text.startswith("Cut out the block") and "glue" in op.text and op.text.endswith("cut round each token.")
    size = op.size * m.a
    assert pt_to_mm(8) <= size <= pt_to_mm(9.5)  # body text (DESIGN.md 7.5-9 pt), never under 6 pt
    font = get_font(op.font)
    x0, base = m.apply(op.x, op.y)
    top, bottom = base - font.ascent * size, base - font.descent * size
    W, H = opts.size
    assert top >= max(marks) + 2.0  # clear of the lowest mark
    assert bottom <= H - PAGE_MARGIN - FOOTER_H - FOOTER_GAP  # above the footer
    assert x0 >= PAGE_MARGIN - 1e-6 and x0 + font.width(op.text, size) <= W - PAGE_MARGIN + 1e-6


def test_rank_aid_board_rule_has_room_and_the_note_is_one_line_inside_the_trim():
    """The "A trick" board (A4): its rule keeps 1.5 mm or more from the lowest step's descenders
    above it and 1 mm or more from the note's line box below it (both were under 1 mm); the
    note is one line, still says how ties go, and stays 3 mm or more inside the board's trim."""
    page = games()["trickdumpling"]["rank"].build(PrintOptions()).pages[0]
    board = next(m @ op.matrix for op, m in O.walk(page.ops)
                 if isinstance(op, O.Group) and op.tag == "card-5-front")
    x0, y0 = board.apply(0, 0)
    x1, y1 = board.apply(88, 63)
    texts, rules = [], []
    for op, m in O.walk(page.ops):
        if isinstance(op, O.Text):
            x, base = m.apply(op.x, op.y)
            if x0 < x < x1 and y0 + 14 < base < y1:  # below the board's band
                font, size = get_font(op.font), op.size * m.a
                texts.append((op.text, base - font.ascent * size, base - font.descent * size))
        elif isinstance(op, O.Line) and op.y1 == op.y2:
            (ax, ay), (bx, _) = m.apply(op.x1, op.y1), m.apply(op.x2, op.y2)
            if x0 < ax < bx < x1 and y0 < ay < y1:
                rules.append(ay)
    assert len(rules) == 1
    rule = rules[0]
    notes = [t for t in texts if "most popular first" in t[0]]
    assert len(notes) == 1 and "tie goes to the more popular suit" in notes[0][0]  # one line, all of it
    above = max(bottom for _, _, bottom in texts if bottom < rule)
    assert rule - above >= 1.5
    assert notes[0][1] - rule >= 1.0
    assert y1 - notes[0][2] >= 3.0


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_rollncook_dice_key_stands_2mm_clear_of_the_dice_boxes(paper):
    """Each hour's three dice boxes are two, then one under the second; the key (a die over the
    word "roll") stands under the first box, its ink 2 mm or more left of the third box's (it
    was 0.4 mm, squeezed into the room left of a centred third box) and clear of the first's."""
    doc = games()["rollncook"]["sheet"].build(PrintOptions(paper=paper, seed=7))
    boxes, keys, words = [], [], []
    for op, m in O.walk(doc.pages[0].ops, symbols=doc.symbols):
        if isinstance(op, O.Rect) and op.w == op.h and 7.0 <= op.w <= 7.5:
            (x, y), half = m.apply(op.x, op.y), (op.style.stroke_width or 0) / 2
            boxes.append((x - half, y - half, x + op.w + half, y + op.h + half))
        elif isinstance(op, O.Use) and (op.tag or "").startswith("dice-key"):
            x, y = (m @ op.matrix).apply(0, 0)
            keys.append((x - 1.6 - 0.125, y - 1.6 - 0.125, x + 1.6 + 0.125, y + 1.6 + 0.125))  # 3.2 mm, 0.25 mm stroke
        elif isinstance(op, O.Text) and op.text == "roll":
            font, size = get_font(op.font), op.size * m.a
            x, base = m.apply(op.x, op.y)
            words.append((x, base - font.ascent * size, x + font.width(op.text, size), base - font.descent * size))
    assert len(keys) == len(words) == 12 and len(boxes) == 36
    boxes.sort(key=lambda b: (round(b[0], 3), b[1]))  # by column: first, second, third, next first...
    for h, (key, word) in enumerate(zip(sorted(keys), sorted(words), strict=True)):
        first, second, third = boxes[3 * h:3 * h + 3]
        assert third[0] == pytest.approx(second[0]) and third[1] > second[3]  # under the second box
        assert first[0] < (key[0] + key[2]) / 2 < first[2]  # the key under the first box
        for ink in (key, word):
            assert third[0] - ink[2] >= 2.0, (h, ink, third)  # beside the box it stands left of
            assert ink[1] - first[3] >= 0.8, (h, ink, first)  # under the first box, not touching it


@pytest.mark.parametrize("component,page", [("overview", 0), ("board", 1)])
def test_gemblo_key_rings_stand_next_to_their_words(component, page):
    """In the key (the overview's, a tile's), each start ring stands 2-4 mm before its words,
    as the areas' line samples do (they stood 11.5 mm off, aligned with the samples' start),
    and all the key's words in a column start at one x."""
    doc = games()["gemblo"][component].build(PrintOptions())
    rings, words = [], []
    for op, m in O.walk(doc.pages[page].ops, symbols=doc.symbols):
        if isinstance(op, O.Polygon) and len(op.points) == 6:
            pts = [m.apply(x, y) for x, y in op.points]
            xs, ys = zip(*pts, strict=True)
            if max(xs) - min(xs) < 10:  # a key's ring (the board's cells are larger or not polygons)
                rings.append((min(xs), max(xs), (min(ys) + max(ys)) / 2))
        elif isinstance(op, O.Text) and (op.text.startswith("start cell for") or "-player area" in op.text):
            words.append((op.text, *m.apply(op.x, op.y)))
    W, H = PrintOptions().size
    words = [w for w in words if 0 < w[1] < W and 0 < w[2] < H]  # this page's (a tile page clips the board's drawing)
    starts = [w for w in words if w[0].startswith("start cell for")]
    assert len(starts) == 3
    for _text, x, base in starts:
        row = [r for r in rings if abs(r[2] - base) < 3.0 and r[1] < x]
        assert row, (_text, x, base)
        gap = x - max(r[1] for r in row)
        assert 2.0 <= gap <= 4.0, (_text, gap)
    area = [w for w in words if "-player area" in w[0]]
    if component == "board":  # one column: every row's words start at one x
        assert len({round(w[1], 3) for w in words}) == 1 and len(area) == 2


@pytest.mark.parametrize("paper,bleed", [("a4", 0.0), ("letter", 0.0), ("letter", 3.0)])
def test_duplex_back_reads_as_four_numbered_steps_clear_of_the_marks(paper, bleed):
    """The backs' page says how to read the scales as numbered steps 1-4, one line each (as
    the fronts' page does; it was one 5-line paragraph), the block 2 mm or more above every
    crop mark, also on Letter with --bleed 3 (the smallest band)."""
    doc = games()["calibration"]["duplex"].build(PrintOptions(paper=paper, bleed=bleed))
    page = doc.pages[1]
    ((group, gm),) = O.find(page.ops, "sheet-back", doc.symbols)
    trim_y = page.trim[1]
    above = []
    for op, m in O.walk(group.ops, gm, doc.symbols):
        if isinstance(op, O.Text):
            x, base = m.apply(op.x, op.y)
            if base < trim_y:
                above.append((op.text, x, base, base - get_font(op.font).descent * op.size * m.a))
    numbers = [t for t in above if t[0] in ("1", "2", "3", "4")]
    assert [t[0] for t in sorted(numbers, key=lambda t: t[2])] == ["1", "2", "3", "4"]
    for n, x, base, _ in numbers:  # each step one line: its words on the number's baseline, nothing between
        (words,) = [t for t in above if t[0] not in ("1", "2", "3", "4") and abs(t[2] - base) < 0.01 and t[1] > x]
        assert words[0][0].isupper(), (n, words)
    steps = {t[2] for t in numbers}
    assert all(any(abs(t[2] - b) < 0.01 for b in steps) for t in above if t[2] > min(steps) - 0.01)
    marks = [min(m.apply(op.x1, op.y1)[1], m.apply(op.x2, op.y2)[1])
             for op, m in O.walk(page.ops, symbols=doc.symbols) if getattr(op, "tag", None) == "crop-mark"]
    assert min(marks) - max(t[3] for t in above) >= 2.0
