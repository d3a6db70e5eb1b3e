"""What Jubako's content can say about itself, apart from its pydantic models (issue 16).

Scoring a record reads the content without pydantic (as light objects that carry the same
attribute values), so the properties and methods that the rules, the State and the pages call
live here, in mixins that hold no data of their own (``__slots__ = ()``): the pydantic models of
:mod:`printkit.games.jubako.contentmodel` inherit them first, and so do the light objects. They
use only the models' attributes, never the pydantic API.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from functools import cached_property
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from printkit.games.jubako.contentmodel import Board, Delicacy


class BoardBase:
    """A board side's cells, from its ``size``."""

    __slots__ = ()
    if TYPE_CHECKING:  # the model's fields (no annotations at run time: pydantic would take them as fields)
        size: int

    @property
    def cells(self) -> list[str]:
        """Cell names, row by row: A1 B1 ... (column letter, row number; A1 top left)."""
        return [f"{chr(65 + c)}{r + 1}" for r in range(self.size) for c in range(self.size)]


class ContentBase:
    """The tile set and the palette, from the delicacies and the boards; the content's
    cross-checks (:meth:`problems`)."""

    __slots__ = ()
    if TYPE_CHECKING:  # the model's fields (no annotations at run time: pydantic would take them as fields)
        delicacies: tuple[Delicacy, ...]
        boards: dict[str, Board]
        removed: dict[int, int]

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
