"""Card sheets take the layout that wastes the least paper: cards upright or turned a quarter
(issue 12), with backs behind their fronts, turned the same way, for long-edge duplex.

The numbers, worked out from page.py's rules (6 mm printer margin, a 5 mm footer strip and
1.5 mm gap, crop marks 1 mm outside the bleed box and at least 3 mm long, so each side of the
grid needs bleed + 4.2 mm; a bleed of B spaces cards 2B apart):

- A4 (198 x 278.5 mm inside margin and footer), no bleed: upright 3 x 3 = 9 (189 + 8.4 <= 198,
  264 + 8.4 <= 278.5); turned 88 x 63: 2 x 4 = 8. Nine, upright, as before.
- Letter (203.9 x 260.9), no bleed: upright 3 rows need 272.4 > 260.9, so 3 x 2 = 6; turned:
  2 x 4 (176 + 8.4 <= 203.9, 252 + 8.4 <= 260.9) = 8.
- A4, bleed 3 (14.4 mm of mark room, 6 mm gutters): upright 2 x 2 = 4 (3 rows: 276 + 14.4 >
  278.5); turned 2 x 3 = 6 (4 rows: 270 + 14.4 = 284.4 > 278.5, and with the footer at the
  side 2 columns need 196.4 > 191.5 mm). Six.
- Letter, bleed 3: upright 2 x 2 = 4; turned 2 x 3 = 6 (4 rows need 284.4 > 260.9).
"""

import hashlib

import numpy as np
import pytest

from printkit.core.colour import BLACK, Colour
from printkit.core.draw import ops as O
from printkit.core.draw.page import PAPERS, FooterInfo, PrintOptions, impose_cards, plan_grid
from printkit.core.draw.pdf import render_pdf
from tests.conftest import pdf_pages, px

INFO = FooterInfo("test", "cards")
W_CARD, H_CARD = 63.0, 88.0
BIG, SMALL = 10.0, 5.0  # orientation markers: a big square at the card's top left, a small one at its top right


def grey(i: int) -> float:
    """The grey level of card i's centre square: each card of a sheet its own."""
    return 0.1 + 0.08 * (i % 9)


def face(i: int, w: float = W_CARD, h: float = H_CARD) -> list[O.Op]:
    """A card (front or back: the same drawing) whose markers tell its orientation and whose
    centre grey tells which card it is."""
    black = O.Style(stroke=None, fill=BLACK)
    g = grey(i)
    return [
        O.Rect(0, 0, w, h, O.Style(stroke=BLACK, stroke_width=0.2)),
        O.Rect(4, 4, BIG, BIG, black),
        O.Rect(w - 4 - SMALL, 4, SMALL, SMALL, black),
        O.Rect(w / 2 - 10, h / 2 - 10, 20, 20, O.Style(stroke=None, fill=Colour(1 - g, 1 - g, 1 - g))),
    ]


@pytest.mark.parametrize(("paper", "bleed", "per_page", "turned", "cols", "rows"), [
    ("a4", 0.0, 9, False, 3, 3),
    ("letter", 0.0, 8, True, 2, 4),
    ("a4", 3.0, 6, True, 2, 3),
    ("letter", 3.0, 6, True, 2, 3),
])
def test_poker_cards_a_sheet(paper, bleed, per_page, turned, cols, rows):
    g = plan_grid(W_CARD, H_CARD, PrintOptions(paper=paper, bleed=bleed))
    assert (g.per_page, g.turned, g.cols, g.rows) == (per_page, turned, cols, rows)
    # The cells on the sheet are the card turned when the card is.
    assert (g.w, g.h) == ((H_CARD, W_CARD) if turned else (W_CARD, H_CARD))
    # A landscape card is the same problem the other way round.
    g2 = plan_grid(H_CARD, W_CARD, PrintOptions(paper=paper, bleed=bleed))
    assert g2.per_page == per_page and g2.turned != turned and (g2.w, g2.h) == (g.w, g.h)


def test_cards_turn_only_when_it_saves_a_sheet():
    """Four cards fit one Letter sheet upright (6) or turned (8): a tie keeps them upright (a
    duplex calibration card, read along the sheet's axes, stays as drawn). Seven take two
    sheets upright and one turned."""
    opts = PrintOptions(paper="letter")
    assert not plan_grid(W_CARD, H_CARD, opts, count=4).turned
    assert plan_grid(W_CARD, H_CARD, opts, count=7).turned
    assert not plan_grid(W_CARD, H_CARD, opts, count=9).turned  # 2 sheets either way
    assert len(impose_cards([face(i) for i in range(35)], None, W_CARD, H_CARD, opts, INFO)) == 5  # 8 a sheet


def corner_marks(img: np.ndarray, cell: tuple[float, float, float, float], dpi: float) -> dict[str, str]:
    """Which corner of a cell (on a raster) holds the big marker and which the small one."""
    x, y, w, h = cell
    dark = 1.0 - img.mean(axis=2) / 255.0
    found = {}
    boxes = {"TL": (x + 4, y + 4), "TR": (x + w - 14, y + 4), "BL": (x + 4, y + h - 14), "BR": (x + w - 14, y + h - 14)}
    for name, (bx, by) in boxes.items():
        region = dark[int(px(by + 0.5, dpi)):int(px(by + 9.5, dpi)), int(px(bx + 0.5, dpi)):int(px(bx + 9.5, dpi))]
        m = float(region.mean())
        if m > 0.8:
            found["big"] = name
        elif m > 0.1:
            found.setdefault("small", name)
    return found


def centre_grey(img: np.ndarray, cell: tuple[float, float, float, float], dpi: float) -> float:
    x, y, w, h = cell
    cx, cy = x + w / 2, y + h / 2
    region = img[int(px(cy - 5, dpi)):int(px(cy + 5, dpi)), int(px(cx - 5, dpi)):int(px(cx + 5, dpi))]
    return 1.0 - float(region.mean()) / 255.0


# Adjacent corners across the cell's left or right side (a turned card's top or bottom).
SIDE = {("TR", "BR"), ("BR", "TR"), ("TL", "BL"), ("BL", "TL")}
TOP = {("TL", "TR"), ("TR", "TL")}


@pytest.mark.parametrize(("paper", "bleed"), [("a4", 0.0), ("letter", 0.0), ("a4", 3.0), ("letter", 3.0)])
def test_each_back_is_behind_its_front_and_turned_the_same_way(tmp_path, paper, bleed):
    """On the raster: each card's front cell and, on the back page mirrored left to right (the
    sheet seen through from the front after a long-edge flip), the same cell holds the same
    card (centre grey), with its markers along the same edge but swapped: the front's top left
    is behind the back's top right, so the back's top is the front's top."""
    opts = PrintOptions(paper=paper, bleed=bleed)
    g = plan_grid(W_CARD, H_CARD, opts)
    n = g.per_page  # a full sheet: turned wherever turning gives more cards a sheet
    assert g.turned == ((paper, bleed) != ("a4", 0.0))
    doc = O.Document(impose_cards([face(i) for i in range(n)], [face(i) for i in range(n)],
                                  W_CARD, H_CARD, opts, INFO), {}, duplex=True)
    path = tmp_path / "sheet.pdf"
    path.write_bytes(render_pdf(doc))
    dpi = 100
    pages = pdf_pages(path, dpi)
    front, back = pages[0], pages[1][:, ::-1]
    W, _ = PAPERS[paper]
    # The raster's width is the paper's, to the pixel; mirroring maps x to W - x.
    assert front.shape[1] == pytest.approx(px(W, dpi), abs=1)
    for k in range(n):
        r, c = divmod(k, g.cols)
        cell = (g.x + c * (g.w + g.gutter), g.y + r * (g.h + g.gutter), g.w, g.h)
        f, b = corner_marks(front, cell, dpi), corner_marks(back, cell, dpi)
        assert set(f) == {"big", "small"}, (k, f)
        pair = (f["big"], f["small"])
        # Turned cards have their top along a side of the cell; upright ones along its top.
        assert pair in (SIDE if g.turned else TOP), (k, pair)
        if g.turned:
            assert pair == ("TR", "BR")  # a quarter turn clockwise: the top at the sheet's right
        # Behind the front's big marker (its top left) is the back's small one (its top right).
        assert (b["big"], b["small"]) == (pair[1], pair[0]), (k, f, b)
        assert centre_grey(front, cell, dpi) == pytest.approx(grey(k), abs=0.03)
        assert centre_grey(back, cell, dpi) == pytest.approx(grey(k), abs=0.03)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_turned_backs_follow_the_duplex_offset(paper):
    """``--duplex-offset`` shifts every back, turned or not, by exactly (dx, dy)."""
    cards = [face(i) for i in range(8)]
    plain = impose_cards(cards, cards, W_CARD, H_CARD, PrintOptions(paper=paper), INFO)
    shifted = impose_cards(cards, cards, W_CARD, H_CARD, PrintOptions(paper=paper, duplex_offset=(1.5, -0.75)), INFO)
    for k in range(8):
        ((a, am),) = O.find(plain[1].ops, f"card-{k + 1}-back")
        ((b, bm),) = O.find(shifted[1].ops, f"card-{k + 1}-back")
        for u, v in ((0, 0), (W_CARD, 0), (0, H_CARD)):
            ax, ay = (am @ a.matrix).apply(u, v)
            bx, by = (bm @ b.matrix).apply(u, v)
            assert (bx - ax, by - ay) == pytest.approx((1.5, -0.75))


@pytest.mark.parametrize(("paper", "bleed"), [("letter", 0.0), ("a4", 3.0), ("letter", 3.0)])
def test_crop_marks_on_turned_sheets(paper, bleed):
    """Turned sheets: every mark at least 3 mm long, wholly outside the bleed box, inside the
    6 mm margin, and in line with a cut of the turned grid (cells 88 wide, 63 tall)."""
    opts = PrintOptions(paper=paper, bleed=bleed)
    g = plan_grid(W_CARD, H_CARD, opts)
    assert g.turned
    cards = [face(i) for i in range(g.per_page)]
    W, H = PAPERS[paper]
    for page in impose_cards(cards, cards, W_CARD, H_CARD, opts, INFO):
        tx, ty, tw, th = page.trim
        assert (tw, th) == pytest.approx((g.cols * 88 + (g.cols - 1) * g.gutter, g.rows * 63 + (g.rows - 1) * g.gutter))
        marks = [(op, m) for op, m in O.walk(page.ops) if getattr(op, "tag", None) == "crop-mark"]
        xs, ys = set(), set()
        for op, m in marks:
            (ax, ay), (bx, by) = m.apply(op.x1, op.y1), m.apply(op.x2, op.y2)
            assert abs(ax - bx) + abs(ay - by) >= 3.0 - 1e-9
            assert (max(ay, by) <= ty - bleed - 1.0 + 1e-6 or min(ay, by) >= ty + th + bleed + 1.0 - 1e-6
                    or max(ax, bx) <= tx - bleed - 1.0 + 1e-6 or min(ax, bx) >= tx + tw + bleed + 1.0 - 1e-6)
            assert min(ax, bx) >= 6.0 - 1e-6 and max(ax, bx) <= W - 6.0 + 1e-6
            assert min(ay, by) >= 6.0 - 1e-6 and max(ay, by) <= H - 6.0 + 1e-6
            if ax == bx:
                xs.add(round(ax - tx, 6))
            else:
                ys.add(round(ay - ty, 6))
        step_x, step_y = 88 + 2 * bleed, 63 + 2 * bleed
        assert xs == {round(v, 6) for c in range(g.cols) for v in (c * step_x, c * step_x + 88)}
        assert ys == {round(v, 6) for r in range(g.rows) for v in (r * step_y, r * step_y + 63)}


def test_a4_without_bleed_draws_as_before():
    """Nine cards upright on A4, fronts and backs: the same bytes as main made before cards
    could turn (digest taken at commit 997bd36; taken again when the PDF backend set a run of
    shapes' style once, issue 24: every page of make all looked pixel for pixel the same; and again
    when every PDF went through the joiner, issue 28: font subset tags and the pages' parent
    changed, the pages rasterised at 100 dpi are pixel for pixel those of da1c0c8; and again when a
    part-filled sheet's crop marks and trim box came to end at its cards, issue 28: the full first
    sheet's two pages have the same content streams and boxes as before, the second sheet's three
    cards' marks and boxes changed). Since stop 35 the digest is of what the file draws (drawn()),
    not of its bytes, which depend on pypdf's version: the same at the lowest and the newest
    versions printkit supports."""
    cards = [face(i) for i in range(12)]
    doc = O.Document(impose_cards(cards, cards, W_CARD, H_CARD, PrintOptions(paper="a4"), INFO), {}, duplex=True)
    assert drawn(render_pdf(doc)) == DIGEST_A4


def drawn(pdf: bytes) -> str:
    """A digest of what a PDF draws: each page's boxes and content stream, and the streams of
    the forms it uses, in order. The file's own bytes also depend on how pypdf (the joiner)
    writes objects, which differs between the versions printkit supports."""
    import io

    from pypdf import PdfReader

    h = hashlib.sha256()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        for box in ("/MediaBox", "/TrimBox", "/BleedBox"):
            h.update(repr([round(float(v), 3) for v in page.get(box, [])]).encode())
        h.update(page.get_contents().get_data())
        forms = page["/Resources"].get("/XObject") or {}
        for name in sorted(forms):
            h.update(name.encode() + forms[name].get_object().get_data())
    return h.hexdigest()


DIGEST_A4 = "69a1e32e34a86d42fe4040aa462bcae79b55e91372c941c50aeab61cdd37293f"


@pytest.mark.parametrize(("paper", "bleed"), [("a4", 0.0), ("letter", 0.0), ("a4", 3.0), ("letter", 3.0), ("letter", 10.0)])
def test_the_duplex_check_stays_upright(paper, bleed):
    """The duplex check's four cards are read along the sheet's axes (left and right scales give
    X): they fit one sheet upright on every paper and bleed, so they never turn."""
    from printkit.core.registry import games

    doc = games()["calibration"]["duplex"].build(PrintOptions(paper=paper, bleed=bleed))
    assert len(doc.pages) == 2
    for page in doc.pages:
        groups = [m @ g.matrix for k in range(1, 5) for side in ("front", "back")
                  for g, m in O.find(page.ops, f"card-{k}-{side}")]
        assert len(groups) == 4
        assert all(gm.b == 0 and gm.c == 0 and gm.a == 1 and gm.d == 1 for gm in groups)
