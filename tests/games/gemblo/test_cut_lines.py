"""Issue 12: Gemblo pieces that cut cleanly. On every pieces sheet, colour and --bw, A4 and
Letter, each piece's frame is clearly heavier than any other line drawn inside the piece: the
thin lines between its own cells and --bw's hatching and dots. (Issue 28 moved the frame, 0.7 mm
on the cut line before, 0.85 mm inside the cut at 0.5 mm: cut lines carry no ink, and
tests/quality/test_cut_lines.py reads the cut itself.) And the pieces take as few sheets as the
page's cells allow."""

from __future__ import annotations

import math

import pytest

from printkit.core.build import content_box
from printkit.core.draw import ops as O
from printkit.core.draw.page import PrintOptions
from printkit.games.gemblo import components as C
from printkit.games.gemblo.content import CONTENT


def _stroked(ops, symbols) -> list[tuple[str, float]]:
    """(tag, stroke width in mm) of every stroked leaf drawn by ``ops`` (symbols followed)."""
    out = []
    for op, m in O.walk(ops, O.IDENTITY, symbols):
        st = getattr(op, "style", None)
        if st is not None and st.stroke is not None and st.stroke_width:
            out.append((getattr(op, "tag", None) or "", st.stroke_width * m.scale_factor))
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bw", [False, True])
def test_each_piece_outline_is_at_least_twice_any_line_inside_it(paper: str, bw: bool) -> None:
    doc = C.build_pieces(PrintOptions(paper=paper, bw=bw))
    pieces = 0
    for page in doc.pages:
        for op, _ in O.walk(page.ops):
            if not (isinstance(op, O.Use) and (op.tag or "").startswith("piece")):
                continue
            name = op.tag.split()[-1]
            lines = _stroked(doc.symbols[op.symbol], doc.symbols)
            cut = [w for tag, w in lines if tag == f"outline {name}"]
            inside = [w for tag, w in lines if tag != f"outline {name}"]
            assert len(cut) == 1 and cut[0] >= 0.5, (op.tag, cut)
            if len(CONTENT.pieces[name]) > 1:
                assert inside, op.tag  # lines between its cells (and in --bw a pattern)
            if inside:
                assert max(inside) * 2 <= cut[0] + 1e-9, (op.tag, cut[0], max(inside))
            pieces += 1
    assert pieces == 108 * 2  # every piece of every colour, front and back


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pieces_take_three_sheets_each_with_its_backs(paper: str) -> None:
    """432 cells of pieces (18 shapes x 6 colours); a sheet's hex lattice holds 215 (A4) or 217
    (Letter) cells: two A4 sheets cannot hold them, two Letter sheets only at 99.5% of their
    cells filled. So three sheets, each followed by its backs: six pages."""
    opts = PrintOptions(paper=paper)
    _, _, bw, bh = content_box(opts)
    size = C.DEFAULT_HEX / math.sqrt(3)
    per_sheet = len(C._lattice(bw, bh, size))
    cells = sum(len(c) for c in CONTENT.pieces.values()) * len(CONTENT.colours)
    assert cells == 432 and per_sheet * 2 < cells / 0.99
    packed = C.pack_pieces(bw, bh, size, list(CONTENT.colours))
    filled = [sum(len(CONTENT.pieces[p]) for _, p, _, _ in sheet) for sheet in packed]
    assert sum(filled) == cells and len(packed) == 3
    assert len(list(C.build_pieces(opts).pages)) == 6
