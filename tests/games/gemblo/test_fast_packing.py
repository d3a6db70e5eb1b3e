"""Gemblo's piece packing (issue 28): every piece once on the lattice, no two overlapping;
each colour's pieces on a sheet one group; sheets packed tighter than the first fit did; the
last sheet's pieces at its top. And the board's areas, built the quick way (issue 16)."""

import random

import pytest

from printkit.core.draw.page import PrintOptions, content_box
from printkit.core.geometry.hexgrid import SQRT3, add, neighbours, rotate
from printkit.errors import PrintkitError
from printkit.games.gemblo import components
from printkit.games.gemblo.content import CONTENT


def _cells(piece, turns, anchor):
    return [add(rotate(c, turns), anchor) for c in CONTENT.pieces[piece]]


def _groups(cells: set) -> int:
    """How many connected groups the cells make."""
    seen, n = set(), 0
    for c in sorted(cells):
        if c in seen:
            continue
        n += 1
        todo = [c]
        seen.add(c)
        while todo:
            for d in neighbours(todo.pop()):
                if d in cells and d not in seen:
                    seen.add(d)
                    todo.append(d)
    return n


def test_areas_match_in_area_cell_by_cell_and_in_set_order():
    lim = CONTENT.areas["board"]["diag"]
    square = [(q, r) for q in range(-lim, lim + 1) for r in range(-lim, lim + 1)]
    for name in CONTENT.areas:
        plain = frozenset(c for c in square if CONTENT.in_area(name, c))
        assert CONTENT.area(name) == plain
        assert list(CONTENT.area(name)) == list(plain)  # built alike: iterated alike


def test_every_piece_once_inside_the_box_and_none_overlapping():
    colours = list(CONTENT.colours)
    rng = random.Random(28)
    cases = [(194, 274.5, 16.0, colours), (199.9, 256.9, 16.0, colours), (194, 256, 30.0, colours)]
    for _ in range(8):
        some = colours[:]
        rng.shuffle(some)
        cases.append((rng.uniform(60, 300), rng.uniform(60, 300), rng.uniform(8.0, 30.0),
                      some[:rng.randint(1, len(some))]))
    for bw, bh, af, cs in cases:
        size = af / SQRT3
        try:
            pages = components.pack_pieces(bw, bh, size, cs)
        except PrintkitError as e:  # only a piece larger than the box
            assert "does not fit on a page" in str(e) or "too large" in str(e)
            continue
        lattice = set(components._lattice(bw, bh, size))
        placed = [(c, p) for page in pages for c, p, _, _ in page]
        assert sorted(placed) == sorted((c, p) for c in cs for p in CONTENT.pieces)
        for page in pages:
            taken: set = set()
            for _, piece, turns, anchor in page:
                cells = _cells(piece, turns, anchor)
                assert set(cells) <= lattice and taken.isdisjoint(cells)
                taken.update(cells)
        assert components.pack_pieces(bw, bh, size, cs) == pages  # the same every time


def test_a_piece_too_large_for_the_box_is_one_clear_error():
    with pytest.raises(PrintkitError, match="L5 does not fit on a page at this cell size"):
        components.pack_pieces(60, 40, 16.0 / SQRT3, ["red"])
    with pytest.raises(PrintkitError, match="too large for the paper"):
        components.pack_pieces(10, 10, 16.0 / SQRT3, ["red"])


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_sheets_packed_tight_colours_together_last_sheet_at_the_top(paper):
    """At the default cells: the first two sheets hold at least 390 of the 432 blocks (the first
    fit held 375 on A4, 380 on Letter), every colour on a sheet is one group of pieces, and the
    last sheet's pieces keep to its top third."""
    _, _, bw, bh = content_box(PrintOptions(paper=paper))
    size = components.DEFAULT_HEX / SQRT3
    pages = components.pack_pieces(bw, bh, size, list(CONTENT.colours))
    filled = [sum(len(CONTENT.pieces[p]) for _, p, _, _ in page) for page in pages]
    assert len(pages) == 3 and filled[0] + filled[1] >= 390 and min(filled[:2]) >= 190, filled
    for page in pages:
        for colour in {c for c, *_ in page}:
            cells = {x for c, p, k, a in page if c == colour for x in _cells(p, k, a)}
            assert _groups(cells) == 1, (colour, filled)
    lowest = max(components.to_pixel(x, size)[1] for _, p, k, a in pages[-1] for x in _cells(p, k, a))
    assert lowest < bh / 3
