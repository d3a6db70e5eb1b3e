"""Jubako's content from data.yaml: delicacies, the tile set, the boards.

The models below are what :func:`printkit.core.content.read_content` checks data.yaml against
(types, ranges, unknown keys, then :meth:`Content.problems`); ``CONTENT`` is the file read.

>>> len(CONTENT.doubles), len(set(CONTENT.doubles)), len(CONTENT.delicacies)
(78, 66, 12)
>>> CONTENT.tiles_in_play(2), CONTENT.tiles_in_play(4)
(50, 76)
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from functools import cached_property
from pathlib import Path
from typing import Annotated

from pydantic import Field

from printkit.core.content import read_content
from printkit.core.datamodel import DataModel, keyed


class Delicacy(DataModel):
    id: str
    name: str
    gloss: str
    colour: str
    bw: str


class Board(DataModel):
    name: str
    size: int = Field(ge=1, le=26)
    printed: dict[str, str]

    @property
    def cells(self) -> list[str]:
        """Cell names, row by row: A1 B1 ... (column letter, row number; A1 top left)."""
        return [f"{chr(65 + c)}{r + 1}" for r in range(self.size) for c in range(self.size)]


class Content(DataModel):
    """The tile set and the palette, from the delicacies and the boards; the content's
    cross-checks (:meth:`problems`)."""

    version: int
    delicacies: tuple[Delicacy, ...] = Field(min_length=2)
    boards: Annotated[dict[str, Board], keyed()]
    removed: dict[int, int]
    bonus: int
    track: int
    tokens: tuple[int, ...]
    cell: float

    def problems(self) -> Iterator[tuple[tuple, str]]:
        """What the types cannot say (read_content runs it on the model it checks): printed cells
        lie on their board and show a delicacy; no more doubles are removed than there are."""
        for name, board in self.boards.items():
            cells = set(board.cells)
            for cell, what in board.printed.items():
                if cell not in cells:
                    yield ("boards", name, "printed", cell), f"no cell {cell} on a {board.size}x{board.size} board"
                elif what not in self.ids:
                    yield ("boards", name, "printed", cell), f"unknown delicacy {what!r}"
        for n, k in self.removed.items():
            if not 0 <= k <= len(self.doubles):
                yield ("removed", n), f"there are {len(self.doubles)} double tiles, so not {k}"

    @cached_property
    def ids(self) -> tuple[str, ...]:
        """The delicacies' ids in the rulebook's order (PK-13 breaks ties by it)."""
        return tuple(d.id for d in self.delicacies)

    @cached_property
    def doubles(self) -> tuple[frozenset, ...]:
        """JUB-1: every pair once, plus each delicacy with the next (the last with the first)."""
        pairs = [frozenset(p) for p in itertools.combinations(self.ids, 2)]
        pairs += [frozenset((self.ids[i], self.ids[(i + 1) % len(self.ids)])) for i in range(len(self.ids))]
        return tuple(pairs)

    @cached_property
    def tile_counts(self) -> Counter:
        """How many double tiles show each pair of delicacies (1, or 2 for a delicacy and the next)."""
        return Counter(self.doubles)

    def tiles_in_play(self, players: int) -> int:
        """JUB-1: the double tiles left once the player count's are removed."""
        return len(self.doubles) - self.removed[players]

    @property
    def palette(self) -> dict[str, dict[str, str]]:
        """Each delicacy's colour and its --bw grey, for the layouts."""
        return {d.id: {"colour": d.colour, "bw": d.bw} for d in self.delicacies}


DATA = Path(__file__).with_name("data.yaml")
CONTENT: Content = read_content(DATA, Content)
