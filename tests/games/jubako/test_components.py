"""Jubako's board, tiles, tokens and aid on real output."""

from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.core.draw import ops as O
from printkit.core.draw.page import PrintOptions
from printkit.games.jubako import components
from printkit.games.jubako.content import CONTENT
from printkit.core.registry import games
from tests import kitcache
from tests.conftest import colourfulness, measure_between_edges

COMPONENTS = ["board", "tiles", "tokens", "aid"]


@pytest.fixture(scope="module")
def kit() -> dict[str, Path]:
    """The whole kit as PDF and SVG, on A4, A4 --bw and Letter, each made once a test process."""
    return {p.name: p for extra in ((), ("--bw",), ("--paper", "letter"))
            for p in kitcache.made("jubako", "--format", "both", *extra)}


def find(doc, tag):
    for i, page in enumerate(doc.pages):
        found = O.find(page.ops, tag)
        if found:
            (rect, m), = found
            return i, m.apply(rect.x, rect.y), m.apply(rect.x + rect.w, rect.y + rect.h)
    raise AssertionError(tag)


@pytest.mark.parametrize("kind", ["pdf", "svg"])
def test_a_board_cell_and_a_tile_half_are_one_size(kit, kind):
    dpi = 200  # edges found to within 0.06 mm of true, as at 300 (tolerance 0.2 mm)
    cell = CONTENT.cell
    board = games()["jubako"]["board"].build(PrintOptions())
    page, (x0, y0), (x1, y1) = find(board, "cell B3")
    img = kitcache.pdf_page(kit["jubako-board-a4.pdf"], page, dpi) if kind == "pdf" \
        else kitcache.svg_page(kit[f"jubako-board-a4-p{page + 1:02d}.svg"], dpi=dpi)
    assert (x1 - x0, y1 - y0) == pytest.approx((cell, cell))
    assert measure_between_edges(img, (x0, y0 + 3), (x1, y0 + 3), dpi, "x", window=1.0) == pytest.approx(cell, abs=0.2)
    tiles = games()["jubako"]["tiles"].build(PrintOptions())
    page, (x0, y0), (x1, y1) = find(tiles, "tile 1")
    img = kitcache.pdf_page(kit["jubako-tiles-a4.pdf"], page, dpi) if kind == "pdf" \
        else kitcache.svg_page(kit[f"jubako-tiles-a4-p{page + 1:02d}.svg"], dpi=dpi)
    # A tile's cut is traced by its light grey guide (issue 28: cut lines carry no ink).
    assert measure_between_edges(img, (x0, y0 + 3), (x1, y0 + 3), dpi, "x", window=1.0,
                                 threshold=0.08) == pytest.approx(2 * cell, abs=0.2)
    assert measure_between_edges(img, (x0 + 3, y0), (x0 + 3, y1), dpi, "y", window=1.0,
                                 threshold=0.08) == pytest.approx(cell, abs=0.2)


def test_all_90_tiles_on_few_pages():
    data = components.tiles_data()
    doubles = [t for t in data["tiles"] if t["double"]]
    singles = [h["id"] for t in data["tiles"] if t["singles"] for h in t["halves"]]
    assert len(doubles) == 78 and sorted(singles) == sorted(CONTENT.ids)
    assert Counter(frozenset(h["id"] for h in t["halves"]) for t in doubles) == CONTENT.tile_counts
    doc = games()["jubako"]["tiles"].build(PrintOptions())
    # four sheets of fronts, each followed by its backs (tests/games/jubako/test_tile_backs.py)
    assert len(doc.pages) <= 8 and len([p for p in doc.pages if p.label.endswith("fronts")]) <= 4


def test_board_sides_printed_cells_and_track():
    doc = games()["jubako"]["board"].build(PrintOptions())
    assert len(doc.pages) == 2
    for page, name in zip(doc.pages, ("5x5", "4x4"), strict=True):
        board = CONTENT.boards[name]
        cells = [op.tag for op, _ in O.walk(page.ops) if (getattr(op, "tag", "") or "").startswith("cell ")]
        assert sorted(c.split()[1] for c in cells) == sorted(board.cells)
        icons = [op.symbol for op, _ in O.walk(page.ops) if isinstance(op, O.Use) and op.symbol.startswith("icon-")]
        assert sorted(icons) == sorted(f"icon-{d}" for d in board.printed.values())
        numbers = {op.text for op, _ in O.walk(page.ops) if isinstance(op, O.Text) and op.text.isdigit()}
        assert {str(n) for n in range(CONTENT.track)} <= numbers  # the 0-49 track
        letters = {op.text for op, _ in O.walk(page.ops) if isinstance(op, O.Text) and len(op.text) == 1 and op.text.isalpha()}
        assert {chr(65 + c) for c in range(board.size)} <= letters  # columns named in the margin


def _tokens(doc) -> Counter:
    """The tokens a document draws, as (value, set named on it), by their coins' ids."""
    return Counter(tuple(op.tag.split(" ", 2)[1:]) for p in doc.pages for op, _ in O.walk(p.ops)
                   if str(op.tag).startswith("token "))


def test_tokens_a_set_for_each_player_and_a_spare_set_each_token_once_in_the_kit(kit):
    """The rulebook's 20 tokens (five sets of 50/100/150/200, one a replacement set), each set
    named in words as the score pad names the players, so --bw and colour-blind players tell
    them apart; on paper they end the tiles' sheets, and `make jubako` prints no other."""
    sets = ["Player 1", "Player 2", "Player 3", "Player 4", "spare"]
    want = Counter((str(v), s) for s in sets for v in CONTENT.tokens)
    tokens = games()["jubako"]["tokens"].build(PrintOptions())
    assert _tokens(tokens) == want and len(tokens.pages) == 2 and tokens.duplex
    tiles = games()["jubako"]["tiles"].build(PrintOptions())
    assert _tokens(tiles) == want
    assert not any(name.startswith("jubako-tokens") for name in kit)  # printed once, with the tiles
    words = " ".join(PdfReader(kit["jubako-tiles-a4.pdf"]).pages[-2].extract_text().split())
    assert "Player 4 200 VP" in words and "spare 50 VP" in words
    # each player's coins in a colour of their own (the spare set's gold too); in --bw white
    fills = {s: {op.style.fill for p in tiles.pages for op, _ in O.walk(p.ops) if str(op.tag).endswith(s)} for s in sets}
    assert all(len(f) == 1 for f in fills.values()) and len(set().union(*fills.values())) == 5
    assert _tokens(games()["jubako"]["tiles"].build(PrintOptions(items=True))) == Counter()  # as items: the tiles alone


def test_the_tiles_sheets_leave_no_wide_blank_band_and_take_one_sheet_fewer():
    """Issue 28: the 84 tile cards fill 4 sheets evenly and the 20 tokens (tokens.yaml, the
    sheets' tail) stand below them, on A4 and Letter: no band of blank rows over 40 mm
    (measured on the raster, the footer strip left out; the last sheet's band was 232 mm, the
    tokens' 173 mm), and 4 sheets for tiles and tokens together (there were 4 + 1)."""
    for paper in ("a4", "letter"):
        path = kitcache.pdf("jubako", "tiles", "--paper", paper)
        assert kitcache.page_count(path) == 8
        for i in range(8):
            band = kitcache.blank_band_mm(path, i)
            assert band <= 40, (paper, i, band)


def _cards(page, prefix: str, side: str) -> int:
    """How many cards whose tags start with ``prefix`` (card-, tail-) a page draws on ``side``."""
    return sum(1 for op, _ in O.walk(page.ops) if str(op.tag).startswith(prefix) and str(op.tag).endswith(side))


def test_with_bleed_the_tiles_fill_their_sheets_so_the_tokens_end_the_last():
    """A4 with --bleed 3: shared evenly over 5 sheets (17 or 16 each) the tiles would leave the
    tokens no band (they would take fold sheets of their own, 12 pages); instead the sheets are
    filled (20 each, 4 on the last) and the 20 tokens stand below the last sheet's tiles, their
    backs on its back page: 10 pages, as many as when the tiles drew the tokens themselves."""
    doc = games()["jubako"]["tiles"].build(PrintOptions(bleed=3))
    assert len(doc.pages) == 10 and doc.duplex
    for side, pages in (("front", doc.pages[0::2]), ("back", doc.pages[1::2])):
        assert [_cards(p, "card-", side) for p in pages] == [20, 20, 20, 20, 4]
        assert [_cards(p, "tail-", side) for p in pages] == [0, 0, 0, 0, 20]
    assert sum(_tokens(doc).values()) == 20


def test_every_delicacy_has_an_icon_that_reads_in_bw(kit):
    doc = games()["jubako"]["tiles"].build(PrintOptions(bw=True))
    assert {f"icon-{d}" for d in CONTENT.ids} <= set(doc.symbols)
    # The icons differ in shape, not only in colour: no two draw the same operations in B&W.
    shapes = {name: repr([type(op).__name__ for op, _ in O.walk(doc.symbols[name])]) + repr(doc.symbols[name])
              for name in doc.symbols if name.startswith("icon-") and "~" not in name}  # not --bw variants
    assert len(set(shapes.values())) == 12
    bw = kit["jubako-tiles-a4-bw.pdf"]
    for i in range(kitcache.page_count(bw)):
        assert colourfulness(kitcache.pdf_page(bw, i, 40)) == 0
    names = " ".join(PdfReader(kit["jubako-tiles-a4.pdf"]).pages[0].extract_text().split())
    assert "Yude tamago" in names and "hardboiled egg" in names


@pytest.mark.parametrize("comp", COMPONENTS)
def test_pdf_and_svg_look_the_same(kit, comp):
    svgs = sorted(p for name, p in kit.items() if name.startswith(f"jubako-{comp}-a4-p") and name.endswith(".svg"))
    for i in range(min(2, len(svgs))):  # the first two pages (kitcache checks the PDF has as many as the SVGs)
        overall, inked = kitcache.agreement(*kitcache.pdf_svg_page(kit[f"jubako-{comp}-a4.pdf"], svgs, i), tol=64)
        assert overall >= 0.99 and inked >= 0.97, (comp, overall, inked)


# One source for each size and word: the layouts hold them, the code reads them.

def test_the_board_follows_the_layouts_track_depth(edit_layout):
    before = components.side_data("4x4")
    assert before["track"] == pytest.approx((4 * 30 + 2 * 8) / 11)  # room for the grid and labels
    edit_layout("jubako/board.yaml", "track: 12 ", "track: 13 ")
    after = components.side_data("4x4")
    assert after["track"] == 13  # the layout's least depth
    assert (after["w"], after["h"]) == pytest.approx((13 * 13, 14 * 13))
    assert after["x"] == pytest.approx((190 - 13 * 13) / 2)
    assert after["cells"][0]["x"] == pytest.approx((13 * 13 - 120) / 2)


def test_the_track_has_a_box_for_every_point_before_the_first_token():
    """The board layout's track element: its sides add up to the data's 0-49 track (JUB-2)."""
    from printkit.core.layout.load import load_layout

    spec = load_layout("jubako/board.yaml").spec
    (frame,) = [e for e in spec.pages[0].elements if e.type == "frame"]
    (track,) = [e for e in frame.elements if e.type == "track"]
    assert sum(track.sides) == CONTENT.track and track.start == 0


def test_the_aid_is_the_layouts_text_with_the_numbers_filled_in():
    sections = components.aid_data()["sections"]
    assert len(sections) == 5 and not any("{" in s["text"] for s in sections)
    assert f"+{CONTENT.bonus} when" in sections[2]["text"]
    assert f"2 players {CONTENT.removed[2]}," in sections[3]["text"]
