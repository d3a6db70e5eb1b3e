"""Gemblo's board and pieces on real output: tiles that assemble, cells of one size."""

from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.core.draw import ops as O
from printkit.core.draw.page import PrintOptions, content_box, plan_tiles
from printkit.core.geometry.hexgrid import SQRT3
from printkit.core.layout.canvas import Canvas
from printkit.games.gemblo import components
from printkit.games.gemblo.content import CONTENT
from printkit.core.registry import games
from tests import kitcache
from tests.conftest import colourfulness, measure_between_edges, run_cli


def board_canvas(bw: bool = False) -> Canvas:
    return Canvas.standalone("gemblo/board.yaml", bw=bw, data={"palette": CONTENT.palette})


@pytest.fixture(scope="module")
def kit() -> dict[str, Path]:
    """The whole kit as PDF and SVG, on A4, A4 --bw and Letter, each made once a test process."""
    return {p.name: p for extra in ((), ("--bw",), ("--paper", "letter"))
            for p in kitcache.made("gemblo", "--format", "both", *extra)}


def pages(pdf: Path, dpi: float):
    return [kitcache.pdf_page(pdf, i, dpi) for i in range(kitcache.page_count(pdf))]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("overlap", [8.0, 10.0, 15.0])
def test_neighbouring_tiles_share_their_overlap_exactly(paper, overlap):
    opts = PrintOptions(paper=paper)
    d = components.board_drawing(board_canvas(), 16.0, False)
    w, h = d.w, d.h
    plan = plan_tiles(w, h, opts, overlap)
    grid = {(t.col, t.row): t for t in plan.tiles}
    assert len(grid) == plan.cols * plan.rows > 1
    for (c, r_), t in grid.items():
        if (c + 1, r_) in grid:
            right = grid[(c + 1, r_)]
            assert t.x + t.w - right.x == pytest.approx(overlap) and right.y == t.y
        if (c, r_ + 1) in grid:
            below = grid[(c, r_ + 1)]
            assert t.y + t.h - below.y == pytest.approx(overlap) and below.x == t.x
    # Together the tiles cover the whole board.
    assert min(t.x for t in plan.tiles) <= 0 and min(t.y for t in plan.tiles) <= 0
    assert max(t.x + t.w for t in plan.tiles) >= w and max(t.y + t.h for t in plan.tiles) >= h


def test_tile_pages_show_the_planned_windows():
    doc = games()["gemblo"]["board"].build(PrintOptions())
    d = components.board_drawing(board_canvas(), 16.0, False, components.board_turned(PrintOptions(), 16.0))
    w, h = d.w, d.h
    plan = plan_tiles(w, h, PrintOptions())
    assert len(doc.pages) == 1 + len(plan.tiles)  # the assembly map, then the tiles
    for page, tile in zip(doc.pages[1:], plan.tiles, strict=True):
        ((window, m),) = O.find(page.ops, f"tile {tile.label}")
        body = window.ops[0]
        # The poster point at the tile's corner lands on the window's corner.
        assert (m @ window.matrix @ body.matrix).apply(tile.x, tile.y) == pytest.approx(m.apply(
            *window.matrix.apply(0, 0)))
        marks = [op for op, _ in O.walk(body.ops) if getattr(op, "tag", None) == "registration"]
        assert marks  # crosshairs to align the tiles


def cell_centre(doc, page: int, tag: str):
    ((use, m),) = O.find(doc.pages[page].ops, tag)
    return (m @ use.matrix).apply(0, 0)


@pytest.mark.parametrize("kind", ["pdf", "svg"])
def test_a_board_cell_and_a_piece_cell_measure_the_same(kit, kind):
    """Flat-topped cells 16 mm across flats: measured top edge to bottom edge at 200 dpi (a pixel
    is 0.127 mm; edges found to within 0.06 mm, as at 300, against a tolerance of 0.2 mm), each
    page drawn once a test process."""
    dpi = 200
    board = games()["gemblo"]["board"].build(PrintOptions())
    # Find the tile page that shows cell (1, 1) well inside its window (every tile carries the
    # whole board, clipped).
    bx, by, bw, bh = content_box(PrintOptions())
    for i in range(1, len(board.pages)):
        ((use, m),) = [(op, m) for op, m in O.walk(board.pages[i].ops) if getattr(op, "tag", None) == "cell 1,1"]
        cx, cy = (m @ use.matrix).apply(0, 0)
        if bx + 15 < cx < bx + bw - 15 and by + 15 < cy < by + bh - 15:
            break
    else:
        raise AssertionError("cell 1,1 is on no tile")
    img = kitcache.pdf_page(kit["gemblo-board-a4.pdf"], i, dpi) if kind == "pdf" \
        else kitcache.svg_page(kit[f"gemblo-board-a4-p{i + 1:02d}.svg"], dpi=dpi)
    if components.board_turned(PrintOptions(), 16.0):  # the board a quarter turn round: flats left and right
        y = cy + 0.2 * 16
        board_cell = measure_between_edges(img, (cx - 8, y), (cx + 8, y), dpi, "x")
    else:
        x = cx + 0.2 * 16  # within the flat edges (half a side: 4.6 mm), clear of marks and labels
        board_cell = measure_between_edges(img, (x, cy - 8), (x, cy + 8), dpi, "y")
    assert board_cell == pytest.approx(16.0, abs=0.2)
    pieces = games()["gemblo"]["pieces"].build(PrintOptions())
    p = next(i for i, page in enumerate(pieces.pages) if O.find(page.ops, "piece clear M1"))
    ((use, m),) = O.find(pieces.pages[p].ops, "piece clear M1")
    cx, cy = (m @ use.matrix).apply(0, 0)
    img = kitcache.pdf_page(kit["gemblo-pieces-a4.pdf"], p, dpi) if kind == "pdf" \
        else kitcache.svg_page(kit[f"gemblo-pieces-a4-p{p + 1:02d}.svg"], dpi=dpi)
    x = cx + 0.2 * 16  # within the flat edges (half a side: 4.6 mm), clear of marks and labels
    # A piece's dark frame runs outline_inset inside its cut (issue 28: cut lines carry no ink):
    # measured frame to frame (a window clear of a neighbour's frame), plus the inset each side.
    inset = Canvas.standalone("gemblo/pieces.yaml").style("outline").stroke_width / 2 + components.FRAME_CLEAR
    frame = 16.0 - 2 * inset
    piece_cell = measure_between_edges(img, (x, cy - frame / 2), (x, cy + frame / 2), dpi, "y", window=0.6) + 2 * inset
    assert piece_cell == pytest.approx(16.0, abs=0.2)
    assert piece_cell == pytest.approx(board_cell, abs=0.2)


def test_all_108_pieces_packed_without_overlap():
    size = 16 / SQRT3
    pages = components.pack_pieces(194, 256, size, list(CONTENT.colours))
    placed = [p for page in pages for p in page]
    assert len(placed) == 108
    assert Counter(c for c, *_ in placed) == {c: 18 for c in CONTENT.colours}
    assert all(Counter(p for c2, p, *_ in placed if c2 == c) == {p: 1 for p in CONTENT.pieces} for c in CONTENT.colours)
    from printkit.core.geometry.hexgrid import add, rotate
    from printkit.core.geometry.polyhex import normalise
    for page in pages:
        taken = set()
        for _colour, piece, turns, anchor in page:
            cells = [add(rotate(c, turns), anchor) for c in CONTENT.pieces[piece]]
            assert normalise(cells) in CONTENT.orientations[piece]
            assert taken.isdisjoint(cells)
            taken.update(cells)
    assert len(pages) <= 3  # packed onto few pages


def test_each_shape_is_drawn_once_and_reused(kit):
    r = PdfReader(kit["gemblo-pieces-a4.pdf"])
    forms = set()
    uses = 0
    for page in r.pages:
        xo = page["/Resources"]["/XObject"]
        forms |= {k for k in xo}
        uses += page.get_contents().get_data().decode("latin-1").count(" Do")
    assert len([f for f in forms if "piece" in f]) == 18
    assert uses >= 108 * 2  # every piece, and its colour's symbol
    svg = kit["gemblo-pieces-a4-p01.svg"].read_text()
    assert svg.count('<symbol id="sym-piece-') <= 18 and svg.count('href="#sym-piece-') > 30


def test_pieces_pdf_is_small(kit):
    assert kit["gemblo-pieces-a4.pdf"].stat().st_size < 150 * 1024


def test_every_piece_shows_its_name_and_colour_symbol():
    doc = games()["gemblo"]["pieces"].build(PrintOptions(bw=True))
    texts = Counter(op.text for p in doc.pages for op, _ in O.walk(p.ops) if isinstance(op, O.Text))
    # The last sheet's set-up diagram names each obstacle once more (test_last_sheet.py).
    aid = Counter(op.text for p in doc.pages for band, _ in O.find(p.ops, "setup band")
                  for op, _ in O.walk(band.ops) if isinstance(op, O.Text))
    for name in CONTENT.pieces:
        assert texts[name] - aid[name] == 12  # on its front and on its back
    symbols = Counter(op.tag.split()[1] for p in doc.pages for op, _ in O.walk(p.ops)
                      if isinstance(op, O.Use) and (op.tag or "").startswith("symbol "))
    assert symbols == {c: 36 for c in CONTENT.colours}
    # In B&W every colour has its own grey.
    greys = {op.fill for p in doc.pages for op, _ in O.walk(p.ops) if isinstance(op, O.Use) and op.fill}
    assert len(greys) == 6 and all(g.is_grey for g in greys)


def test_board_marks_areas_and_starts():
    d = components.board_drawing(board_canvas(), 16.0, True)
    ops, w = d.ops, d.w
    assert d.lengths == {"cell": 16.0}
    tags = Counter(getattr(op, "tag", None) for op, _ in O.walk(ops))
    assert sum(1 for t in tags if t and t.startswith("cell ")) == 463
    assert tags["flower"] == 241  # every 3-player cell
    four = CONTENT.area("four")
    from printkit.core.geometry.hexgrid import DIRECTIONS, add
    assert tags["hexmark"] == sum(1 for c in four if any(add(c, d) not in four for d in DIRECTIONS))
    starts = Counter(t.split()[0] for t in tags if t and t.startswith("start"))
    assert starts == {"start6": 6, "start4": 4, "start3": 3}
    assert tags["area3-outline"] == 1 and tags["area4-outline"] == 1
    coords = [op.text for op, _ in O.walk(ops) if isinstance(op, O.Text) and "," in op.text]
    assert len(coords) == 463 and "0,0" in coords
    assert 390 < w < 420  # about 40 cm across at the default size


@pytest.mark.parametrize("comp,pages", [("overview", [0]), ("pieces", [0]), ("board", [0, 3])])
def test_pdf_and_svg_look_the_same(kit, comp, pages):
    svgs = sorted(p for name, p in kit.items() if name.startswith(f"gemblo-{comp}-a4-p") and name.endswith(".svg"))
    for i in pages:  # (kitcache checks the PDF has as many pages as the SVGs)
        overall, inked = kitcache.agreement(*kitcache.pdf_svg_page(kit[f"gemblo-{comp}-a4.pdf"], svgs, i), tol=64)
        assert overall >= 0.99 and inked >= 0.97, (comp, i, overall, inked)


def test_bw_has_no_colour(kit):
    for comp in ("overview", "pieces"):
        for img in pages(kit[f"gemblo-{comp}-a4-bw.pdf"], 40):
            assert colourfulness(img) == 0
        assert max(colourfulness(i) for i in pages(kit[f"gemblo-{comp}-a4.pdf"], 40)) > 100


def test_settings_are_checked():
    assert run_cli("make", "gemblo", "board", "--hex-size", "50mm").exit_code == 2
    r = run_cli("make", "gemblo", "overview", "--set", "coords=maybe")
    assert r.exit_code == 2 and "yes or no" in r.stderr
