"""Jubako's print items (issue #12): a track of equal boxes, glosses at a readable size."""

import pytest

from printkit.core.draw import ops as O
from printkit.core.draw.page import PrintOptions
from printkit.core.registry import games
from tests import kitcache
from tests.conftest import measure_between_edges
from tests.games.printsizes import printed_pt, under_6_pt


def _track_boxes(page, side: str) -> list[tuple[float, float, float, float]]:
    boxes = {}
    for op, m in O.walk(page.ops):
        tag = getattr(op, "tag", None) or ""
        if isinstance(op, O.Group) and tag.startswith(f"track {side}["):
            (rect,) = [r for r in op.ops if isinstance(r, O.Rect)]
            x0, y0 = m.apply(rect.x, rect.y)
            x1, y1 = m.apply(rect.x + rect.w, rect.y + rect.h)
            boxes[int(tag.split("[")[1].rstrip("]"))] = (x0, y0, x1 - x0, y1 - y0)
    return [boxes[k] for k in sorted(boxes)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_track_box_is_the_same_square_and_the_corners_line_up(paper):
    doc = games()["jubako"]["board"].build(PrintOptions(paper=paper))
    for page, side in zip(doc.pages, ("5x5", "4x4"), strict=True):
        boxes = _track_boxes(page, side)
        assert len(boxes) == 50  # 0 to 49
        w, h = boxes[0][2], boxes[0][3]
        assert w == pytest.approx(h)
        for b in boxes:
            assert (b[2], b[3]) == pytest.approx((w, h), abs=1e-6)
        # Corners: 0 sits above 49 in the left column and beside 1 in the top row; 12 above
        # 13; 25 left of... the bottom right corner (25) below 24; 37 beside 36 and below 38.
        x = {n: b[0] for n, b in enumerate(boxes)}
        y = {n: b[1] for n, b in enumerate(boxes)}
        assert x[0] == pytest.approx(x[49]) and y[0] == pytest.approx(y[1])
        assert x[12] == pytest.approx(x[13]) and y[12] == pytest.approx(y[11])
        assert x[25] == pytest.approx(x[24]) and y[25] == pytest.approx(y[26])
        assert x[37] == pytest.approx(x[38]) and y[37] == pytest.approx(y[36])
        # Neighbours touch: each box starts where the one before ends (clockwise).
        for a, b in zip(boxes, boxes[1:], strict=False):
            gap = min(abs(a[0] + a[2] - b[0]), abs(b[0] + b[2] - a[0]), abs(a[1] + a[3] - b[1]), abs(b[1] + b[3] - a[1]))
            assert gap < 1e-6


def test_track_corner_boxes_measure_as_their_neighbours_on_the_raster():
    """Measured on the rendered PDF at 300 dpi: box 0 is as wide as box 1 and as tall as
    box 49; box 24 as tall as box 23 (the corners were 1.2 to 1.8 mm off)."""
    pdf = kitcache.pdf("jubako", "board")  # printkit make jubako board, once a test process
    doc = games()["jubako"]["board"].build(PrintOptions())
    img = kitcache.pdf_page(pdf, 0, 300)
    boxes = _track_boxes(doc.pages[0], "5x5")

    def across(n):  # measured left edge to right edge, a quarter down the box (clear of the number)
        x, y, w, h = boxes[n]
        return measure_between_edges(img, (x - 1, y + h / 4), (x + w + 1, y + h / 4), 300, "x")

    def down(n):
        x, y, w, h = boxes[n]
        return measure_between_edges(img, (x + w / 4, y - 1), (x + w / 4, y + h + 1), 300, "y")

    side = boxes[1][2]
    for n in (0, 1, 12, 24, 25, 37):
        assert across(n) == pytest.approx(side, abs=0.25), n
    for n in (0, 13, 23, 24, 37, 38, 49):
        assert down(n) == pytest.approx(side, abs=0.25), n


@pytest.mark.parametrize("comp", ["board", "tiles", "tokens", "aid"])
def test_no_text_under_6_pt(comp):
    small = under_6_pt("jubako", comp)
    assert not small, small[:5]


def test_tile_glosses_are_readable_and_clear_of_the_trim():
    doc = games()["jubako"]["tiles"].build(PrintOptions())
    glosses = {"squid", "tuna", "hardboiled egg"}
    found = 0
    for page in doc.pages:
        for op, _ in O.walk(page.ops):
            if isinstance(op, O.Group) and (op.tag or "").endswith("-front"):
                # the card's own coordinates: 0..60 x 0..30 mm; the gloss baseline + descent
                for t, tm in O.walk(op.ops):
                    if isinstance(t, O.Text) and t.text in glosses:
                        found += 1
                        assert printed_pt(t, tm) >= 6.5 - 1e-6
                        assert tm.apply(0, t.y + 0.25 * t.size)[1] <= 30 - 3  # 3 mm above the trim
    assert found >= 3
