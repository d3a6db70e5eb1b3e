"""Hex geometry in the core, checked on Gemblo's board and pieces (GEM-1 to GEM-3)."""

import doctest

import pytest

import printkit.core.geometry.hexgrid as hexgrid
import printkit.core.geometry.polyhex as polyhex
import printkit.games.gemblo.content
import printkit.games.gemblo.rules
import printkit.games.gemblo.state
from printkit.core.geometry.hexgrid import (
    DIRECTIONS, add, diagonals, page_transform, reflect, rotate, to_pixel,
)
from printkit.core.geometry.polyhex import congruent, is_connected, normalise, orientations
from printkit.games.gemblo.content import CONTENT, MEASURES


@pytest.mark.parametrize("module", [hexgrid, polyhex, printkit.games.gemblo.content, printkit.games.gemblo.rules,
                                    printkit.games.gemblo.state])
def test_docstring_examples(module):
    r = doctest.testmod(module)
    assert r.attempted > 0 and r.failed == 0


def test_the_pieces_have_74_orientations_turned_and_92_with_flips():
    assert len(CONTENT.pieces) == 18
    assert sum(len(c) for c in CONTENT.pieces.values()) == 72  # GEM-3: 1 + 2 + 9 + 20 + 40 blocks
    sizes = sorted(len(c) for c in CONTENT.pieces.values())
    assert sizes == [1, 2, 3, 3, 3] + [4] * 5 + [5] * 8
    assert sum(len(orientations(c)) for c in CONTENT.pieces.values()) == 74
    assert sum(len(orientations(c, flips=True)) for c in CONTENT.pieces.values()) == 92
    # No two pieces are the same shape, even flipped.
    shapes = [set(orientations(c, flips=True)) for c in CONTENT.pieces.values()]
    assert all(not (a & b) for i, a in enumerate(shapes) for b in shapes[i + 1:])
    assert all(is_connected(c) for c in CONTENT.pieces.values())


def test_board_and_areas():
    board, four, three = CONTENT.area("board"), CONTENT.area("four"), CONTENT.area("three")
    assert (len(board), len(four), len(three)) == (463, 295, 241)
    assert four <= board and three <= board
    diag = MEASURES["diag"]
    corners = [c for c in board if diag(*c) == 21 and sum(add(c, d) in board for d in DIRECTIONS) == 2]
    assert sorted(corners) == sorted(CONTENT.players[6][1])  # GEM-1: the six corners are the starts
    assert all(s in four for s in CONTENT.players[4][1]) and all(s in three for s in CONTENT.players[3][1])
    # The board's sides run along diagonal directions, 8 cells a side: 6 x 7 cells on the rim.
    rim = [c for c in board if diag(*c) == 21]
    assert len(rim) == 42
    a = (7, 7)  # a corner; the next corner, (14, -7), is 7 diagonal steps (1, -2) along the side
    assert all((a[0] + k, a[1] - 2 * k) in board for k in range(8)) and (a[0] + 7, a[1] - 14) == (14, -7 - 0)


def test_diagonals_and_flanks():
    assert [d for d, _ in diagonals((0, 0))] == [(2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2), (1, 1)]  # GEM-4
    for d, (f1, f2) in diagonals((3, -2)):
        assert hexgrid.distance((3, -2), d) == 2
        assert f1 in hexgrid.neighbours((3, -2)) and f1 in hexgrid.neighbours(d)
        assert f2 in hexgrid.neighbours((3, -2)) and f2 in hexgrid.neighbours(d)


def test_rotation_and_reflection():
    for c in [(1, 0), (2, -1), (-3, 5)]:
        assert rotate(c, 6) == c and reflect(reflect(c)) == c
        assert hexgrid.distance((0, 0), rotate(c)) == hexgrid.distance((0, 0), c)
    assert [rotate((1, 0), k) for k in range(6)] == [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]
    v3 = CONTENT.pieces["V3"]
    assert congruent(v3, [(rotate(c, 2)[0] + 7, rotate(c, 2)[1] - 3) for c in v3])
    assert not congruent(v3, CONTENT.pieces["I3"])
    assert normalise([(5, 5), (4, 6)]) == ((0, 0), (-1, 1)) == normalise([(0, 0), (-1, 1)])


def test_page_transforms_follow_the_cells():
    """A drawing turned by page_transform lands on the turned cells: what packing relies on."""
    size = 9.0
    for hex_map in (lambda h: rotate(h, 1), lambda h: rotate(h, 4), reflect):
        a, b, c, d = page_transform(hex_map, size)
        for cell in [(1, 0), (0, 1), (3, -2), (-2, 5)]:
            x, y = to_pixel(cell, size)
            tx, ty = to_pixel(hex_map(cell), size)
            assert (a * x + c * y, b * x + d * y) == pytest.approx((tx, ty))
