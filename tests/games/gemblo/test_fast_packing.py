"""The quicker board areas and piece packing (issue 16) give exactly what the plain ways gave:
the same cells in the same set order, the same pages of pieces for many box and cell sizes
and colour lists."""

import random

import pytest

from printkit.core.geometry.hexgrid import SQRT3, add, rotate
from printkit.errors import PrintkitError
from printkit.games.gemblo import components
from printkit.games.gemblo.content import CONTENT


def _plain_first_fit(lattice, free, piece):
    """components._first_fit as it was: every anchor from the top, each turn."""
    shapes = [(k, [rotate(c, k) for c in CONTENT.pieces[piece]]) for k in range(6)]
    for anchor in lattice:
        if anchor not in free:
            continue
        for k, shape in shapes:
            cells = [add(c, anchor) for c in shape]
            if all(c in free for c in cells):
                return k, anchor, cells
    return None


def _plain_pack(bw, bh, size, colours):
    """components.pack_pieces as it was, searching each piece from the top of the page."""
    lattice = components._lattice(bw, bh, size)
    if not lattice:
        raise PrintkitError("the cells are too large for the paper")
    order = sorted(CONTENT.pieces, key=lambda p: (-len(CONTENT.pieces[p]), list(CONTENT.pieces).index(p)))
    pages: list[list] = [[]]
    free = set(lattice)
    for colour in colours:
        for piece in order:
            spot = _plain_first_fit(lattice, free, piece)
            if spot is None:
                pages.append([])
                free = set(lattice)
                spot = _plain_first_fit(lattice, free, piece)
            if spot is None:
                raise PrintkitError(f"{piece} does not fit on a page at this cell size")
            k, anchor, cells = spot
            free.difference_update(cells)
            pages[-1].append((colour, piece, k, anchor))
    return [p for p in pages if p]


def _outcome(f, *args):
    try:
        return f(*args)
    except PrintkitError as e:
        return str(e)


def test_areas_match_in_area_cell_by_cell_and_in_set_order():
    lim = CONTENT.areas["board"]["diag"]
    square = [(q, r) for q in range(-lim, lim + 1) for r in range(-lim, lim + 1)]
    for name in CONTENT.areas:
        plain = frozenset(c for c in square if CONTENT.in_area(name, c))
        assert CONTENT.area(name) == plain
        assert list(CONTENT.area(name)) == list(plain)  # built alike: iterated alike


def test_packing_matches_the_plain_first_fit():
    colours = list(CONTENT.colours)
    rng = random.Random(16)
    cases = [(194, 256, 16.0, colours), (186.9, 259.4, 16.0, colours), (194, 256, 30.0, colours)]
    for _ in range(60):
        some = colours[:]
        rng.shuffle(some)
        cases.append((rng.uniform(40, 300), rng.uniform(40, 300), rng.uniform(8.0, 30.0),
                      some[:rng.randint(1, len(some))]))
    for bw, bh, af, cs in cases:
        size = af / SQRT3
        assert _outcome(components.pack_pieces, bw, bh, size, cs) == _outcome(_plain_pack, bw, bh, size, cs)


@pytest.mark.parametrize("af", [9.0, 16.0, 24.0])
def test_first_fit_from_any_start_no_later_than_the_fit(af):
    """Starting the search anywhere up to the first fit finds that fit."""
    lattice = components._lattice(194, 256, af / SQRT3)
    rng = random.Random(int(af))
    free = set(lattice)
    for piece in rng.sample(list(CONTENT.pieces), 10):
        plain = _plain_first_fit(lattice, free, piece)
        assert plain is not None
        k, anchor, cells = plain
        at = lattice.index(anchor)
        for start in (0, at // 2, at):
            assert components._first_fit(lattice, free, components._turns(piece), start) == (k, anchor, cells, at)
        free.difference_update(cells)
