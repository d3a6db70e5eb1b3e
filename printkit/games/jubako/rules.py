"""Jubako's rules as pure functions over one player's board: placement (JUB-3), turn scores
(JUB-4), whether a discard is allowed (JUB-5), and the end-of-game options (JUB-7).

>>> b = PlayerBoard(CONTENT.boards["5x5"])
>>> problems(b, ("kyuri", "gohan"), ("E2", "E3"))
[]
>>> b = b.place(("kyuri", "gohan"), ("E2", "E3"), tile_id=1)
>>> b.count("kyuri"), b.height("E2")
(1, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Iterator
from typing import TYPE_CHECKING

from printkit.games.jubako.content import CONTENT

if TYPE_CHECKING:
    from printkit.games.jubako.content import Board


def parse_cell(name: str, size: int) -> tuple[int, int] | None:
    """``"B3"`` -> (column 1, row 2); None when it is not a cell of a size x size board."""
    name = str(name).strip().upper()
    if len(name) < 2 or not name[0].isalpha() or not name[1:].isdigit():
        return None
    col, row = ord(name[0]) - 65, int(name[1:]) - 1
    return (col, row) if 0 <= col < size and 0 <= row < size else None


def adjacent(a: str, b: str, size: int) -> bool:
    pa, pb = parse_cell(a, size), parse_cell(b, size)
    return pa is not None and pb is not None and abs(pa[0] - pb[0]) + abs(pa[1] - pb[1]) == 1


@dataclass(frozen=True)
class PlayerBoard:
    """A player's jubako: for each cell the tiles stacked on it, bottom first."""

    board: Board
    stacks: dict = field(default_factory=dict)  # cell -> tuple of (delicacy, tile id)

    def height(self, cell: str) -> int:
        return len(self.stacks.get(cell, ()))

    def top(self, cell: str) -> tuple[str | None, int, int | None]:
        """What shows on ``cell``: (delicacy or None, its layer, its tile id or None)."""
        stack = self.stacks.get(cell, ())
        if stack:
            d, tid = stack[-1]
            return d, len(stack), tid
        return self.board.printed.get(cell), 0, None

    def visible(self) -> list[tuple[str, str, int]]:
        """(cell, delicacy, layer) for every cell that shows one; printed cells are layer 0."""
        out = []
        for cell in self.board.cells:
            d, layer, _ = self.top(cell)
            if d is not None:
                out.append((cell, d, layer))
        return out

    def count(self, delicacy: str) -> int:
        return sum(1 for _, d, _ in self.visible() if d == delicacy)

    def uncovered_first_layer(self) -> int:
        """JUB-6: cells with no tile on them (printed cells count as uncovered)."""
        return sum(1 for c in self.board.cells if self.height(c) == 0)

    def place(self, tile, cells, tile_id: int) -> PlayerBoard:
        stacks = dict(self.stacks)
        for d, c in zip(tile, cells, strict=True):
            stacks[c] = stacks.get(c, ()) + ((d, tile_id),)
        return PlayerBoard(self.board, stacks)


def problems(b: PlayerBoard, tile, cells) -> list[tuple[str, str]]:
    """What JUB-3 says against putting ``tile`` (first delicacy on the first cell) on ``cells``."""
    c1, c2 = cells
    h1, h2 = b.height(c1), b.height(c2)
    if h1 != h2:
        return [("JUB-3", f"{c1} and {c2} are at different heights ({h1} and {h2} tiles): a tile lies on "
                          "cells of equal height")]
    below = [b.top(c)[0] for c in cells]
    if h1 == 0:
        bad = [(c, d, p) for c, d, p in zip(cells, tile, below, strict=True) if p is not None and p != d]
        return [("JUB-3", f"{c} shows {p}: the half on it must be {p}, not {d}") for c, d, p in bad]
    if not any(d == p for d, p in zip(tile, below, strict=True)):
        return [("JUB-3", f"neither half matches what it covers ({c1} shows {below[0]}, {c2} shows {below[1]})")]
    return []


def bonus_applies(b: PlayerBoard, tile, cells) -> bool:
    """JUB-4: across two different tiles, both halves matching what they cover."""
    (d1, l1, t1), (d2, _, t2) = b.top(cells[0]), b.top(cells[1])
    return l1 >= 1 and t1 != t2 and (d1, d2) == tuple(tile)


def turn_points(before: PlayerBoard, after: PlayerBoard, tile, cells, chosen: str, bonus: int) -> tuple[int, int]:
    """(points for the chosen delicacy, bonus points) of a placement (JUB-4)."""
    return after.count(chosen), (bonus if bonus_applies(before, tile, cells) else 0)


def placements(b: PlayerBoard, tile) -> Iterator[tuple[tuple[str, str], tuple[str, str]]]:
    """Every legal (tile as laid, cells) for ``tile``, either way round."""
    size = b.board.size
    cells = b.board.cells
    for c1 in cells:
        for c2 in cells:
            if not adjacent(c1, c2, size):
                continue
            for laid in (tuple(tile), tuple(reversed(tuple(tile)))):
                if not problems(b, laid, (c1, c2)):
                    yield laid, (c1, c2)


def multi_tiered(b: PlayerBoard) -> list[tuple[int, str | None, int, int]]:
    """JUB-7 Multi-Tiered: per layer L, the most frequent visible delicacy placed on it, x L.

    Returns (layer, delicacy, count, points) for layers 1 to the highest."""
    vis = [(d, layer) for _, d, layer in b.visible() if layer >= 1]
    top = max((layer for _, layer in vis), default=0)
    out: list[tuple[int, str | None, int, int]] = []
    for layer in range(1, top + 1):
        counts: dict[str, int] = {}
        for d, lay in vis:
            if lay == layer:
                counts[d] = counts.get(d, 0) + 1
        if counts:
            d = max(counts, key=lambda k: (counts[k], -CONTENT.ids.index(k)))  # PK-13
            out.append((layer, d, counts[d], counts[d] * layer))
        else:
            out.append((layer, None, 0, 0))
    return out


def peko_peko(b: PlayerBoard) -> list[tuple[str, int, int, int]]:
    """JUB-7 Peko Peko: per delicacy, visible count x the highest layer where one is visible
    (printed cells are layer 0). Returns (delicacy, count, highest layer, points)."""
    vis = b.visible()
    out = []
    for d in CONTENT.ids:
        layers = [layer for _, x, layer in vis if x == d]
        high = max(layers, default=0)
        out.append((d, len(layers), high, len(layers) * high))
    return out


def favourite_food(b: PlayerBoard, favourites) -> int:
    """JUB-7 Favorite Food: +1 per visible matching delicacy, for each favourite tile."""
    return sum(b.count(d) for d in favourites)
