"""Gemblo's print items (issue #12): the board on few pages, every start marked, piece backs."""

import math

import numpy as np
import pytest

from printkit.core.draw import ops as O
from printkit.core.draw.page import PrintOptions, content_box
from printkit.core.geometry.hexgrid import SQRT3
from printkit.core.registry import games
from printkit.games.gemblo import components
from printkit.games.gemblo.content import CONTENT
from tests import kitcache
from tests.conftest import pdf_pages, run_cli


def _cell_centres(page) -> dict[tuple[int, int], tuple[float, float]]:
    out = {}
    for op, m in O.walk(page.ops):
        tag = getattr(op, "tag", None) or ""
        if isinstance(op, O.Use) and tag.startswith("cell "):
            q, r = (int(v) for v in tag.split()[1].split(","))
            out[(q, r)] = (m @ op.matrix).apply(0, 0)
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_board_takes_a_map_and_four_well_filled_tiles(paper):
    """The board (about 41 x 36 cm) is turned a quarter so it tiles 2 x 2 on portrait A4 and
    Letter (3 x 2 unturned: 6 tiles, 4 of them mostly blank), and every tile carries board."""
    opts = PrintOptions(paper=paper)
    doc = games()["gemblo"]["board"].build(opts)
    assert len(doc.pages) == 5  # the assembly map and 4 tiles
    bx, by, bw, bh = content_box(opts)
    cell_area = 3 * SQRT3 / 2 * (16 / SQRT3) ** 2
    for page in doc.pages[1:]:
        # Cells whose centre shows inside this tile's window (the tile is clipped there).
        inside = [c for c, (x, y) in _cell_centres(page).items() if bx <= x <= bx + bw and by <= y <= by + bh]
        assert len(inside) * cell_area / (bw * bh) > 0.45, (page.label, len(inside))
    # Every cell's centre shows on some tile.
    seen = set()
    for page in doc.pages[1:]:
        seen |= {c for c, (x, y) in _cell_centres(page).items() if bx <= x <= bx + bw and by <= y <= by + bh}
    assert seen == set(CONTENT.area("board"))


def test_list_counts_the_board_pages():
    r = run_cli("list")
    line = next(ln for ln in r.stdout.splitlines() if ln.split()[:2] == ["gemblo", "board"])
    assert line.split()[2] == "5/5"
    line = next(ln for ln in r.stdout.splitlines() if ln.split()[:2] == ["gemblo", "pieces"])
    assert line.split()[2] == "6/6"  # three sheets, each followed by its backs


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_every_start_cell_is_marked_with_a_ring_and_its_number(paper, count):
    """GEM-1, GEM-2, GEM-6: the six corner starts are numbered 6 as the 4- and 3-starts are
    numbered 4 and 3 (2 players use the 4-starts, 5 players the corners)."""
    doc = games()["gemblo"]["board"].build(PrintOptions(paper=paper))
    page = doc.pages[1]  # every tile carries the whole board, clipped: any tile will do
    centres = _cell_centres(page)
    mark = {6: "6", 5: "6", 4: "4", 2: "4", 3: "3"}[count]
    texts = [(op, m) for op, m in O.walk(page.ops) if isinstance(op, O.Text) and op.text == mark]
    rings = {(getattr(op, "tag", "") or "").split()[-1]: (m @ op.matrix).apply(0, 0) for op, m in O.walk(page.ops)
             if isinstance(op, O.Group) and (getattr(op, "tag", "") or "").startswith("start")}
    for c in CONTENT.players[count][1]:
        cx, cy = centres[c]
        # A ring centred on the cell ...
        assert rings[f"{c[0]},{c[1]}"] == pytest.approx((cx, cy), abs=1e-6)
        # ... and the number, its glyphs' middle within 2 mm of the centre (a digit's
        # advance is about 0.55 em; its baseline about a third of an em below the middle).
        near = []
        for op, m in texts:
            x, y = m.apply(op.x + 0.28 * op.size, op.y - 0.36 * op.size)
            near.append(math.hypot(x - cx, y - cy))
        assert min(near) < 2.0, (count, c, min(near))
        assert max(op.size * m.a for op, m in texts) >= 3.0  # 11 pt, not a footnote


def _piece_uses(page, prefix: str) -> dict[tuple[str, str], O.Matrix]:
    return {tuple(op.tag.split()[-2:]): m @ op.matrix for op, m in O.walk(page.ops)
            if isinstance(op, O.Use) and (op.tag or "").startswith(prefix)}


@pytest.mark.parametrize("offset", [(0.0, 0.0), (0.5, -1.0)])
def test_each_piece_back_is_its_mirror_image_at_the_mirrored_place(offset):
    opts = PrintOptions(duplex_offset=offset)
    doc = games()["gemblo"]["pieces"].build(opts)
    W = opts.size[0]
    assert len(doc.pages) % 2 == 0
    n = 0
    for front, back in zip(doc.pages[0::2], doc.pages[1::2], strict=True):
        fronts, backs = _piece_uses(front, "piece "), _piece_uses(back, "piece back ")
        assert fronts and set(fronts) == set(backs)
        for key, fm in fronts.items():
            bm = backs[key]
            # Mirror across the page's centre line (long-edge flip), then the duplex shift.
            want = O.Matrix.translate(W + offset[0], offset[1]) @ O.Matrix.mirror("x") @ fm
            got = (bm.a, bm.b, bm.c, bm.d, bm.e, bm.f)
            assert got == pytest.approx((want.a, want.b, want.c, want.d, want.e, want.f), abs=1e-6), key
            n += 1
    assert n == 108


def test_back_pages_raster_as_their_fronts_mirrored():
    """On the rendered PDF: where a front page has piece colour, its back page flipped left to
    right has it too (names and symbols aside, the two masks agree)."""
    pdf = kitcache.pdf("gemblo", "pieces")  # printkit make gemblo pieces, once a test process
    pages = [kitcache.pdf_page(pdf, i, 50) for i in range(kitcache.page_count(pdf))]
    opts = PrintOptions()
    _, by, bw, bh = content_box(opts)
    # The last sheet's foot is a card of its own, not a piece: its back is the pieces' list.
    band = components.free_band(components.pack_pieces(bw, bh, 16.0 / SQRT3, list(CONTENT.colours))[-1], 16.0, bh)
    assert band is not None
    for k, (front, back) in enumerate(zip(pages[0::2], pages[1::2], strict=True)):
        end = by + (band[0] if k == len(pages) // 2 - 1 else bh)  # above the footer, or the band
        rows = slice(int(by / 25.4 * 50), int(end / 25.4 * 50))
        f = front[rows].min(axis=2) < 200
        b = back[rows, ::-1].min(axis=2) < 200
        assert f.sum() > 1000
        assert (f == b).mean() > 0.98
        # and not merely the same page again: the unflipped back differs from the front
        assert (f == (back[rows].min(axis=2) < 200)).mean() < 0.95 or np.array_equal(f, f[:, ::-1])


def test_backs_can_be_left_out(tmp_path):
    r = run_cli("make", "gemblo", "pieces", "--set", "backs=no", "--out", str(tmp_path))
    assert r.exit_code == 0, r.output
    (pdf,) = tmp_path.glob("gemblo-pieces-*.pdf")
    assert pdf.name == "gemblo-pieces-a4-nobacks.pdf"  # the setting in the name
    assert len(pdf_pages(pdf, 10)) == 3


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("comp", ["board", "overview", "pieces"])
def test_no_text_under_6_pt(comp, paper):
    """The board (cell coordinates included) and pieces at real size; the overview, the board
    reduced to about 55%, at its default (without coordinates): start numbers too."""
    from tests.games.printsizes import printed_pt, texts

    component = games()["gemblo"][comp]
    kwargs = {"coords": True} if comp == "board" else {}
    for bw in (False, True):
        doc = component.build(PrintOptions(paper=paper, bw=bw), **kwargs)
        sizes = [printed_pt(op, m) for op, m, _ in texts(doc)]
        small = [s for s in sizes if s < 6 - 1e-6]
        assert sizes and not small, (comp, small[:3])


def test_bw_backs_are_line_art():
    """In --bw the backs add no second grey flood: outlined on paper, names and symbols kept."""
    doc = games()["gemblo"]["pieces"].build(PrintOptions(bw=True))
    fronts = {op.fill for p in doc.pages[0::2] for op, _ in O.walk(p.ops)
              if isinstance(op, O.Use) and (op.tag or "").startswith("piece ") and "back" not in op.tag}
    backs = {op.fill for p in doc.pages[1::2] for op, _ in O.walk(p.ops)
             if isinstance(op, O.Use) and (op.tag or "").startswith("piece back")}
    assert len(fronts) == 6 and backs == {O.Colour(1.0, 1.0, 1.0)}
