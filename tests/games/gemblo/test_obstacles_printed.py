"""A 5-player Gemblo game can be set up from the kit: the board overview marks the obstacles of
the game's data file (PK-7) and says what to do with them (issue 28, item 2)."""

from __future__ import annotations

import math

import pytest

from printkit.core.draw import ops as O
from printkit.core.draw.page import PrintOptions
from printkit.core.registry import games
from printkit.games.gemblo.content import CONTENT
from tests import kitcache

DPI = 60


def _cell_centres(doc) -> dict[tuple[int, int], tuple[float, float]]:
    """Each board cell's centre on the overview page (mm), from the drawing's tagged cells."""
    out = {}
    for op, m in O.walk(doc.pages[0].ops):
        tag = getattr(op, "tag", None) or ""
        if isinstance(op, O.Use) and tag.startswith("cell "):
            q, r = (int(v) for v in tag.split()[1].split(","))
            out[q, r] = (m @ op.matrix).apply(0, 0)
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_overview_marks_exactly_the_data_files_obstacle_cells(paper):
    """Rasterised, the cells shaded as obstacles (slate grey, bluer than the board's cream) are
    exactly the cells of the data file's obstacles, and every other cell is not."""
    doc = games()["gemblo"]["overview"].build(PrintOptions(paper=paper))
    centres = _cell_centres(doc)
    assert len(centres) == len(CONTENT.area("board"))
    pitch = math.dist(centres[0, 0], centres[1, 0])  # a cell across flats on the page, in mm
    img = kitcache.pdf_page(kitcache.pdf("gemblo", "overview", "--paper", paper), 0, DPI).astype(int)
    shaded = set()
    for cell, (x, y) in centres.items():
        # A spot between the cell's centre (its flower or a piece's name) and its edge.
        px, py = round(x * DPI / 25.4), round((y + 0.3 * pitch) * DPI / 25.4)
        r, _, b = img[py - 1:py + 2, px - 1:px + 2].reshape(-1, 3).mean(axis=0)
        if b - r > 0:
            shaded.add(cell)
    wanted = {tuple(c) for o in CONTENT.obstacles for c in o.cells}
    assert len(wanted) == sum(len(p) for p in CONTENT.pieces.values())  # all 18 pieces, 72 cells
    assert shaded == wanted


def test_each_obstacle_is_named_and_the_caption_cites_the_rule():
    doc = games()["gemblo"]["overview"].build(PrintOptions(bw=True))
    texts = [op.text for op, _ in O.walk(doc.pages[0].ops) if isinstance(op, O.Text)]
    assert sorted(t for t in texts if t in CONTENT.pieces) == sorted(o.piece for o in CONTENT.obstacles)
    tags = {op.tag for op, _ in O.walk(doc.pages[0].ops) if str(getattr(op, "tag", "")).startswith("obstacle ")}
    assert tags == {f"obstacle {o.piece}" for o in CONTENT.obstacles}
    caption = " ".join(texts)  # the lines of the wrapped caption, in order
    assert "Five players (GEM-6, PK-7)" in caption and f"the {len(CONTENT.obstacles)} pieces" in caption
    pad = games()["gemblo"]["pad"].build(PrintOptions())
    words = " ".join(op.text for op, _ in O.walk(pad.pages[0].ops) if isinstance(op, O.Text))
    assert "as the board overview shows (PK-7)" in words


def test_the_tiled_board_itself_carries_no_obstacles():
    """The board played on serves every player count: the obstacles are only on the overview."""
    doc = games()["gemblo"]["board"].build(PrintOptions())
    assert not [op for p in doc.pages for op, _ in O.walk(p.ops) if str(getattr(op, "tag", "")).startswith("obstacle")]
