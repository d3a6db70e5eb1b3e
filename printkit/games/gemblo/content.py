"""Gemblo's content from data.yaml, and the board's areas as sets of cells.

>>> len(CONTENT.area("board")), len(CONTENT.area("four")), len(CONTENT.area("three"))
(463, 295, 241)
>>> sum(len(c) for c in CONTENT.pieces.values())
72
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from pathlib import Path
from typing import Annotated, Literal, NamedTuple

from pydantic import AfterValidator, Field

from printkit.core.content import DataModel, keyed, read_content
from printkit.core.geometry.hexgrid import Hex
from printkit.core.geometry.polyhex import Shape, normalise, orientations

DATA = Path(__file__).with_name("data.yaml")

#: The measures areas are limited by (data.yaml names them).
MEASURES = {
    "diag": lambda q, r: max(abs(q - r), abs(q + 2 * r), abs(2 * q + r)),
    "abs_r": lambda q, r: abs(r),
    "abs_2q_r": lambda q, r: abs(2 * q + r),
}

Cells = Annotated[tuple[Hex, ...], Field(min_length=1)]


class Setup(NamedTuple):
    """The area played in and the start cells, for one player count: ``area, starts = ...``."""

    area: str
    starts: tuple[Hex, ...]


class ColourInfo(DataModel):
    name: str
    colour: str
    bw: str
    symbol: str


class Obstacle(DataModel):
    """One piece of the sixth colour, laid before a 5-player game (GEM-6)."""

    piece: str
    cells: Cells


class Content(DataModel):
    version: int
    areas: dict[str, dict[Literal["diag", "abs_r", "abs_2q_r"], int]]
    players: dict[int, Setup]  # count -> (area name, start cells)
    pieces: dict[str, Annotated[Cells, AfterValidator(normalise)]]
    colours: Annotated[dict[str, ColourInfo], keyed()]
    obstacles: tuple[Obstacle, ...] = ()

    def problems(self) -> Iterator[tuple[tuple, str]]:
        if "board" not in self.areas or "diag" not in self.areas["board"]:
            yield ("areas",), "the 'board' area with its 'diag' limit is required"
        for n, setup in self.players.items():
            if setup.area not in self.areas:
                yield ("players", n, "area"), f"unknown area {setup.area!r}; areas are {', '.join(self.areas)}"
        for i, o in enumerate(self.obstacles):
            if o.piece not in self.pieces:
                yield ("obstacles", i, "piece"), f"unknown piece {o.piece!r}"
            elif len(o.cells) != len(self.pieces[o.piece]):
                yield ("obstacles", i, "cells"), f"{o.piece} has {len(self.pieces[o.piece])} cells, not {len(o.cells)}"

    def in_area(self, name: str, cell: Hex) -> bool:
        return all(MEASURES[m](*cell) <= limit for m, limit in self.areas[name].items())

    def area(self, name: str) -> frozenset[Hex]:
        return self._areas[name]

    @cached_property
    def _areas(self) -> dict[str, frozenset[Hex]]:
        lim = self.areas["board"]["diag"]
        cells = [(q, r) for q in range(-lim, lim + 1) for r in range(-lim, lim + 1)]
        return {name: frozenset(c for c in cells if self.in_area(name, c)) for name in self.areas}

    @cached_property
    def orientations(self) -> dict[str, list[Shape]]:
        """Each piece's distinct shapes under rotation and flipping."""
        return {name: orientations(cells, flips=True) for name, cells in self.pieces.items()}

    @property
    def palette(self) -> dict[str, dict[str, str]]:
        return {c.name: {"colour": c.colour, "bw": c.bw} for c in self.colours.values()}


CONTENT = read_content(DATA, Content)
