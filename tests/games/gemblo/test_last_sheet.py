"""Issue 28 (brief P3): each board tile explains itself, the assembly map's names stay off the
overlaps, and no page of pieces is left half empty (the last sheet's foot is a player aid)."""

import pytest
import pypdfium2 as pdfium

from printkit.core.draw import ops as O
from printkit.core.draw.page import PrintOptions, content_box, plan_tiles
from printkit.core.fonts import get_font
from printkit.core.registry import games
from printkit.games.gemblo import components
from printkit.games.gemblo.content import CONTENT
from tests import kitcache

PAPERS = ["a4", "letter"]


def paper_args(paper: str) -> tuple[str, ...]:
    """The make options for ``paper``: none for A4, so the PDF is the one other tests make."""
    return () if paper == "a4" else ("--paper", paper)


@pytest.mark.parametrize("paper", PAPERS)
def test_every_tile_page_names_its_tile_and_has_the_key(paper):
    """Read from the PDF: each tile page (after the map) says which tile it is and what the start
    rings and the two areas' marks mean; the map page does not carry a tile's key."""
    doc = pdfium.PdfDocument(str(kitcache.pdf("gemblo", "board", *paper_args(paper))))
    texts = [" ".join(doc[i].get_textpage().get_text_range().split()) for i in range(len(doc))]
    assert len(texts) == 5  # the map and 2 x 2 tiles
    assert "start cell for" not in texts[0]
    for label, text in zip(["A1", "B1", "A2", "B2"], texts[1:], strict=True):
        assert f"tile {label} of 4 (2 x 2)" in text
        for _, words in components.key_rows():
            assert words in text, (label, words)


@pytest.mark.parametrize("paper", PAPERS)
def test_tile_keys_sit_clear_of_cells_and_overlaps(paper):
    """In the board's coordinates each tile's key lies inside its own tile, off the strips it
    shares with its neighbours, and keeps KEY_CLEAR mm from every cell's corners."""
    opts = PrintOptions(paper=paper)
    turned = components.board_turned(opts, components.DEFAULT_HEX)
    b = components._Board(components.DEFAULT_HEX, turned)
    plan = plan_tiles(b.width, b.height, opts, components.DEFAULT_OVERLAP)
    for t in plan.tiles:
        at = components.key_corner(b, plan, t)
        assert at is not None, t.label
        x, y = at
        for other in plan.tiles:  # no other tile's window reaches the key
            if other is not t:
                apart = (x + components.KEY_W <= other.x or other.x + other.w <= x
                         or y + components.KEY_H <= other.y or other.y + other.h <= y)
                assert apart, (t.label, other.label)
        for c in CONTENT.area("board"):
            cx, cy = b.centre(c)
            dx = max(x - cx, 0.0, cx - x - components.KEY_W)
            dy = max(y - cy, 0.0, cy - y - components.KEY_H)
            assert (dx * dx + dy * dy) ** 0.5 >= b.size + components.KEY_CLEAR - 1e-9, (t.label, c)


@pytest.mark.parametrize("paper", PAPERS)
def test_map_names_are_off_the_overlap_strips(paper):
    """On the assembly map each tile's name lies inside its own frame and inside no other frame:
    never on a strip two tiles share, where a frame line would run through it."""
    doc = games()["gemblo"]["board"].build(PrintOptions(paper=paper))
    page = doc.pages[0]
    frames = {}
    for op, m in O.walk(page.ops):
        if isinstance(op, O.Rect) and (op.tag or "").startswith("map "):
            (x0, y0), (x1, y1) = m.apply(op.x, op.y), m.apply(op.x + op.w, op.y + op.h)
            frames[op.tag.split()[1]] = (x0, y0, x1, y1)
    assert len(frames) == 4
    named = 0
    for op, m in O.walk(page.ops):
        if isinstance(op, O.Text) and op.text in frames:
            font = get_font(op.font)
            (x0, y0), (x1, y1) = m.apply(op.x, op.y - op.size * font.ascent), m.apply(
                op.x + font.width(op.text, op.size), op.y)
            for label, (fx0, fy0, fx1, fy1) in frames.items():
                inside = fx0 < x0 and x1 < fx1 and fy0 < y0 and y1 < fy1
                touches = x0 < fx1 and fx0 < x1 and y0 < fy1 and fy0 < y1
                assert inside if label == op.text else not touches, (op.text, label)
            named += 1
    assert named == 4


@pytest.mark.parametrize("paper", PAPERS)
def test_no_pieces_page_has_a_blank_band_over_40mm(paper):
    """Rastered at 25 dpi, no run of blank rows (paper only, between the margins and above the
    footer) on any page of pieces, fronts and backs, is 40 mm or more."""
    pdf = kitcache.pdf("gemblo", "pieces", *paper_args(paper))
    opts = PrintOptions(paper=paper)
    bx, by, bw, bh = content_box(opts)
    dpi = 25
    px = lambda mm: int(round(mm / 25.4 * dpi))  # noqa: E731
    n = kitcache.page_count(pdf)
    assert n == 6
    for i in range(n):
        img = kitcache.pdf_page(pdf, i, dpi)[px(by):px(by + bh), px(bx):px(bx + bw)]
        blank = (img.min(axis=2) > 245).all(axis=1)
        run = longest = 0
        for row in blank:
            run = run + 1 if row else 0
            longest = max(longest, run)
        assert longest / dpi * 25.4 < 40, (i + 1, longest / dpi * 25.4)


def test_last_sheet_foot_is_the_set_up_diagram_backed_by_the_pieces_list():
    """The last sheet's foot: on the front the board with every obstacle named and the key, on
    the back (pieces may be flipped, so never a piece there) each of the 18 shapes with its
    blocks; both within the free band below the pieces."""
    opts = PrintOptions()
    doc = games()["gemblo"]["pieces"].build(opts)
    front, back = doc.pages[-2], doc.pages[-1]
    ((band, m),) = O.find(front.ops, "setup band")
    words = [op.text for op, _ in O.walk(band.ops) if isinstance(op, O.Text)]
    assert {o.piece for o in CONTENT.obstacles} <= set(words)
    for _, key in components.key_rows():
        assert key in words
    ((listed, _),) = O.find(back.ops, "pieces list")
    texts = [op.text for op, _ in O.walk(listed.ops) if isinstance(op, O.Text)]
    for piece, cells in CONTENT.pieces.items():
        assert f"{piece}: {len(cells)} block{'s' if len(cells) > 1 else ''}" in texts
    assert not O.find(back.ops, "setup band") and not O.find(front.ops, "pieces list")
    # The aid starts below the lowest piece of the sheet, by BAND_GAP.
    _, by, bw, bh = content_box(opts)
    last = components.pack_pieces(bw, bh, components.DEFAULT_HEX / components.SQRT3, list(CONTENT.colours))[-1]
    y, h = components.free_band(last, components.DEFAULT_HEX, bh)
    assert h >= components.BAND_MIN
    piece_bottom = max(ym for use, um in O.walk(front.ops) if isinstance(use, O.Use) and use.symbol.startswith("piece-")
                       for op, mm in O.walk(doc.symbols[use.symbol], um @ use.matrix) if isinstance(op, O.Polygon)
                       for _, ym in (mm.apply(px, py) for px, py in op.points))
    assert piece_bottom <= by + y - components.BAND_GAP + 1e-6
    for band_page, top in ((front, "setup band"), (back, "pieces list")):
        ((g, gm),) = O.find(band_page.ops, top)
        tops = [mm.apply(op.x, op.y - op.size * get_font(op.font).ascent)[1]
                for op, mm in O.walk(g.ops, gm @ g.matrix) if isinstance(op, O.Text)]
        assert min(tops) >= by + y - 1e-6


@pytest.mark.parametrize("paper", PAPERS)
def test_overview_has_no_blank_band_and_keys_its_marks(paper):
    """The overview's board fills the page's width or height; where that leaves a band below it
    (A4), the key's rows fill it. No run of blank rows 25 mm or more (rastered at 25 dpi)."""
    pdf = kitcache.pdf("gemblo", "overview", *paper_args(paper))
    opts = PrintOptions(paper=paper)
    bx, by, bw, bh = content_box(opts)
    dpi = 25
    px = lambda mm: int(round(mm / 25.4 * dpi))  # noqa: E731
    img = kitcache.pdf_page(pdf, 0, dpi)[px(by):px(by + bh), px(bx):px(bx + bw)]
    run = longest = 0
    for row in (img.min(axis=2) > 245).all(axis=1):
        run = run + 1 if row else 0
        longest = max(longest, run)
    assert longest / dpi * 25.4 < 25, longest / dpi * 25.4
    doc = pdfium.PdfDocument(str(pdf))
    text = " ".join(doc[0].get_textpage().get_text_range().split())
    if paper == "a4":
        for _, words in components.key_rows():
            assert words in text


def test_a_tile_too_full_for_the_key_still_names_itself():
    """At 12 mm cells on A4 (two tiles) no corner holds the whole key: each tile page still
    names its tile, large, in an empty corner, without the key's rows."""
    doc = components.build_board(PrintOptions(), hex_size=12.0)
    assert len(doc.pages) == 3
    for page, label in zip(doc.pages[1:], ["A1", "B1"], strict=True):
        words = " ".join(op.text for op, _ in O.walk(page.ops) if isinstance(op, O.Text))
        assert label in words.split() and f"tile {label} of 2 (2 x 1)" in words
        assert "start cell for" not in words
