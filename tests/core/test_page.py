"""Page furniture: margins, footer and scale bar, crop marks, n-up card sheets and duplex backs."""

import pytest

from printkit.core.draw import ops as O
from printkit.core.draw.page import (
    MARGIN, PAPERS, FooterInfo, PrintOptions, impose_cards, plan_grid,
)
from printkit.core.fonts import get_font
from printkit.errors import PrintkitError

INFO = FooterInfo("test", "cards", seed=7)


def card(i: int) -> list:
    return [O.Rect(0, 0, 63, 88, O.Style(), tag="trim"), O.Text(5, 10, f"card {i}", "sans", 4)]


def bbox(page: O.Page, symbols=None):
    """Bounding box (x0, y0, x1, y1) of everything drawn on a page, from the drawing model."""
    xs, ys = [], []
    for op, m in O.walk(page.ops, symbols=symbols):
        pts = []
        half = getattr(getattr(op, "style", None), "stroke_width", 0) / 2 * m.scale_factor
        if isinstance(op, O.Line):
            pts = [(op.x1, op.y1), (op.x2, op.y2)]
        elif isinstance(op, O.Rect):
            pts = [(op.x, op.y), (op.x + op.w, op.y + op.h), (op.x + op.w, op.y), (op.x, op.y + op.h)]
        elif isinstance(op, O.Circle):
            pts = [(op.cx - op.r, op.cy - op.r), (op.cx + op.r, op.cy + op.r)]
        elif isinstance(op, O.Polygon):
            pts = list(op.points)
        elif isinstance(op, O.Text):
            f = get_font(op.font)
            w = f.width(op.text, op.size)
            pts = [(op.x, op.y - f.ascent * op.size), (op.x + w, op.y - f.descent * op.size)]
            half = 0
        elif isinstance(op, O.Group) and op.clip:
            continue
        for x, y in pts:
            px_, py_ = m.apply(x, y)
            xs += [px_ - half, px_ + half]
            ys += [py_ - half, py_ + half]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize(("paper", "per_page"), [("a4", 9), ("letter", 8)])
def test_poker_cards_a_sheet_leave_room_for_3mm_crop_marks(paper, per_page):
    """Nine 63 x 88 mm cards fill A4 (4.5 mm left beside the grid for the marks). On Letter,
    three rows (264 mm) leave 1.7 mm above and below inside the 6 mm margin, too little for a
    3 mm mark standing 1 mm off the trim: upright, a Letter sheet takes two rows (six cards),
    turned a quarter 2 x 4 = 8 (tests/core/test_card_turns.py)."""
    assert plan_grid(63, 88, PrintOptions(paper=paper)).per_page == per_page


def test_bleed_spaces_cards_and_may_cost_cards():
    g = plan_grid(63, 88, PrintOptions(paper="a4", bleed=3))
    assert g.gutter == 6 and g.per_page < 9
    with pytest.raises(PrintkitError, match="does not fit"):
        plan_grid(300, 100, PrintOptions())


def card_boxes(page, w: float = 63, h: float = 88):
    """(x0, y0, x1, y1) on the page of every w x h mm card's trim."""
    out = []
    for op, m in O.walk(page.ops):
        if isinstance(op, O.Group) and op.tag and op.tag.startswith("card-"):
            pts = [(m @ op.matrix).apply(x, y) for x, y in ((0, 0), (w, h))]
            out.append((min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)))
    return out


def positions(pages, side):
    out = {}
    for p, page in enumerate(pages):
        for op, m in O.walk(page.ops):
            if isinstance(op, O.Group) and op.tag and op.tag.endswith(side):
                out[op.tag.split("-")[1]] = (p, (m @ op.matrix).apply(0, 0))
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -0.75)])
def test_backs_mirror_fronts_for_long_edge_duplex(paper, offset):
    opts = PrintOptions(paper=paper, duplex_offset=offset)
    pages = impose_cards([card(i) for i in range(12)], [card(i) for i in range(12)], 63, 88, opts, INFO)
    W, _ = PAPERS[paper]
    assert len(pages) == 4  # 9 + 3 cards (A4) or 6 + 6 (Letter: turned, 8 + 4 is two sheets too)
    fronts, backs = positions(pages, "front"), positions(pages, "back")
    assert len(fronts) == len(backs) == 12
    for k, (p, (x, y)) in fronts.items():
        bp, (bx, by) = backs[k]
        assert bp == p + 1  # the back is on the page after its front
        assert bx == pytest.approx(W - x - 63 + offset[0])
        assert by == pytest.approx(y + offset[1])
    # The trim boxes register too.
    assert pages[1].trim[0] == pytest.approx(W - pages[0].trim[0] - pages[0].trim[2] + offset[0])


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0.0, 3.0])
def test_everything_inside_margin_and_marks_outside_trim(paper, bleed):
    opts = PrintOptions(paper=paper, bleed=bleed)
    pages = impose_cards([card(i) for i in range(9)], [card(i) for i in range(9)], 63, 88, opts, INFO)
    W, H = PAPERS[paper]
    for page in pages:
        x0, y0, x1, y1 = bbox(page)
        assert x0 >= MARGIN - 1e-6 and y0 >= MARGIN - 1e-6, (x0, y0)
        assert x1 <= W - MARGIN + 1e-6 and y1 <= H - MARGIN + 1e-6, (x1, y1)
        marks = [(op, m) for op, m in O.walk(page.ops) if getattr(op, "tag", None) == "crop-mark"]
        assert marks
        for op, m in marks:
            (ax, ay), (bx, by) = m.apply(op.x1, op.y1), m.apply(op.x2, op.y2)
            # Every mark lies wholly outside every card's trim plus bleed (a part-filled
            # sheet's marks may stand in its empty cells)...
            for tx, ty, tx1, ty1 in card_boxes(page):
                assert (max(ay, by) <= ty - bleed + 1e-6 or min(ay, by) >= ty1 + bleed - 1e-6
                        or max(ax, bx) <= tx - bleed + 1e-6 or min(ax, bx) >= tx1 + bleed - 1e-6)
            # ...and never reaches the paper's edge.
            assert min(ax, bx) >= MARGIN - 1e-6 and max(ax, bx) <= W - MARGIN + 1e-6
            assert min(ay, by) >= MARGIN - 1e-6 and max(ay, by) <= H - MARGIN + 1e-6


def test_crop_marks_line_up_with_every_cut():
    opts = PrintOptions(paper="a4")
    (page,) = impose_cards([card(i) for i in range(9)], None, 63, 88, opts, INFO)
    g = plan_grid(63, 88, opts)
    xs = {round(m.apply(op.x1, op.y1)[0], 6) for op, m in O.walk(page.ops)
          if getattr(op, "tag", None) == "crop-mark" and op.x1 == op.x2}
    assert xs == {round(g.x + 63 * c, 6) for c in range(4)}
    no_marks = impose_cards([card(0)], None, 63, 88, PrintOptions(crop_marks=False), INFO)[0]
    assert not [op for op, _ in O.walk(no_marks.ops) if getattr(op, "tag", None) == "crop-mark"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0.0, 3.0])
def test_crop_marks_are_at_least_3mm_and_stand_outside_the_bleed(paper, bleed):
    """Crop marks start 1 mm outside the bleed box and run 5 mm (MARK_MAX) or to the 6 mm
    margin less their line width, whichever is shorter, and never less than 3 mm: 3.3 mm on A4
    without bleed, where the sheet leaves 4.5 mm between trim and margin."""
    from printkit.core.draw.page import MARK_MAX, MARK_STYLE

    opts = PrintOptions(paper=paper, bleed=bleed)
    (page,) = impose_cards([card(i) for i in range(4)], None, 63, 88, opts, INFO)
    W, H = PAPERS[paper]
    tx, ty, tw, th = page.trim
    room = min(tx, ty, W - tx - tw, H - ty - th) - MARGIN
    want = min(MARK_MAX, room - 1.0 - bleed - MARK_STYLE.stroke_width)
    marks = []
    cards = card_boxes(page)
    for op, m in O.walk(page.ops):
        if getattr(op, "tag", None) == "crop-mark":
            (ax, ay), (bx, by) = m.apply(op.x1, op.y1), m.apply(op.x2, op.y2)
            # The gap to the nearest card the mark's cut runs along (4 cards of 3 x 3: marks
            # of the empty cells stand next to the cards above and left of them).
            if ax == bx:
                ends, edges = (ay, by), [e for c in cards if c[0] - 1e-6 <= ax <= c[2] + 1e-6 for e in (c[1], c[3])]
            else:
                ends, edges = (ax, bx), [e for c in cards if c[1] - 1e-6 <= ay <= c[3] + 1e-6 for e in (c[0], c[2])]
            marks.append((abs(ax - bx) + abs(ay - by), min(abs(e - t) for e in ends for t in edges)))
    assert marks
    for length, gap in marks:
        assert length == pytest.approx(want) and length >= 3.0
        assert gap == pytest.approx(bleed + 1.0)  # the near end stands 1 mm off the bleed box
    if paper == "a4" and bleed == 0:
        assert want == pytest.approx(3.3)


def test_fills_reaching_the_trim_run_on_through_the_bleed():
    """A background and a band that reach the trim get a plain rectangle of their colour out to
    the bleed on every edge they touch; a small shape at the edge and a stroke-only frame do not."""
    from printkit.core.colour import Colour
    from printkit.core.draw.bleed import extend_to_bleed

    red, blue = O.Style(stroke=None, fill=Colour(1, 0, 0)), O.Style(fill=Colour(0, 0, 1))
    ops = [O.Rect(0, 0, 63, 88, red, radius=3), O.Group((O.Rect(0, 0, 63, 12, blue),), O.Matrix.translate(0, 76)),
           O.Rect(0, 40, 5, 5, red), O.Rect(0, 0, 63, 88, O.Style())]
    out = extend_to_bleed(ops, 63, 88, 3)
    ext = [(op.x, op.y, op.w, op.h, op.style.fill) for op in out if getattr(op, "tag", None) == "bleed-fill"]
    assert ext == [(-3, -3, 69, 94, Colour(1, 0, 0)), (-3, 76, 69, 15, Colour(0, 0, 1))]
    # Each extension is drawn just before the fill it carries on.
    assert out.index(ops[0]) == 1 and out.index(ops[1]) == 3
    assert extend_to_bleed(ops, 63, 88, 0) == ops


def test_footer_says_what_and_how_to_print():
    pages = impose_cards([card(i) for i in range(10)], None, 63, 88, PrintOptions(paper="letter", bw=True), INFO)
    texts = [[op.text for op, _ in O.walk(p.ops) if getattr(op, "tag", None) == "footer"] for p in pages]
    assert texts[1] == ["printkit · test cards · seed 7 · Letter B&W · page 2 of 2 · print at 100% (actual size)"]
    for page in pages:
        ((bar, m),) = [(op, m) for op, m in O.walk(page.ops) if getattr(op, "tag", None) == "scale-bar"]
        (x0, y0), (x1, y1) = m.apply(bar.x, bar.y), m.apply(bar.x + bar.w, bar.y + bar.h)
        assert max(abs(x1 - x0), abs(y1 - y0)) == pytest.approx(50)


def test_bad_options():
    with pytest.raises(PrintkitError, match="unknown paper"):
        PrintOptions(paper="a5")
    with pytest.raises(PrintkitError, match="bleed"):
        PrintOptions(bleed=-1)


def test_a_part_filled_sheet_marks_only_the_cuts_it_uses():
    opts = PrintOptions(paper="a4")
    (page,) = impose_cards([card(i) for i in range(2)], None, 63, 88, opts, INFO)
    g = plan_grid(63, 88, opts)
    marks = [(op, m) for op, m in O.walk(page.ops) if getattr(op, "tag", None) == "crop-mark"]
    xs = {round(m.apply(op.x1, op.y1)[0], 6) for op, m in marks if op.x1 == op.x2}
    ys = {round(m.apply(op.x1, op.y1)[1], 6) for op, m in marks if op.y1 == op.y2}
    assert xs == {round(g.x + 63 * c, 6) for c in range(3)}  # two cards: three vertical cuts
    assert ys == {round(g.y, 6), round(g.y + 88, 6)}  # one row: two horizontal cuts


def test_cards_are_clipped_to_their_bleed_only_when_there_is_one():
    (page,) = impose_cards([card(0)], None, 63, 88, PrintOptions(), INFO)
    ((g, _),) = O.find(page.ops, "card-1-front")
    assert g.clip is None  # lines on the trim print whole
    (page,) = impose_cards([card(0)], None, 63, 88, PrintOptions(bleed=3), INFO)
    ((g, _),) = O.find(page.ops, "card-1-front")
    assert g.clip == (-3, -3, 69, 94)


@pytest.mark.parametrize(("balance", "counts"), [(False, [8, 8, 8, 8, 3]), (True, [7, 7, 7, 7, 7]), (None, [8, 8, 7])])
def test_balance_shares_cards_evenly_over_as_many_sheets(balance, counts):
    """35 poker cards on Letter (8 a sheet): filled sheets and a last of 3, or with ``balance``
    7 on each of the same 5 sheets; 23 balanced are 8, 8, 7 (the first sheets take the extra
    card)."""
    n = 35 if balance is not None else 23
    pages = impose_cards([card(i) for i in range(n)], None, 63, 88, PrintOptions(paper="letter"), INFO,
                         balance=bool(balance) or balance is None)
    per_sheet = [sum(1 for op, _ in O.walk(p.ops) if (getattr(op, "tag", "") or "").endswith("-front")) for p in pages]
    assert per_sheet == counts
    assert sorted(int(op.tag.split("-")[1]) for p in pages for op, _ in O.walk(p.ops)
                  if (getattr(op, "tag", "") or "").endswith("-front")) == list(range(1, n + 1))
