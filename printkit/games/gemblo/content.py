"""Gemblo's content, read from data.yaml and checked: CONTENT (the board's areas, the pieces, the colours).

The models below are what :func:`printkit.core.content.read_content` checks data.yaml against;
their methods give the board's areas as sets of cells, each piece's orientations, the palette
and the content's cross-checks.

>>> len(CONTENT.area("board")), len(CONTENT.area("four")), len(CONTENT.area("three"))
(463, 295, 241)
>>> sum(len(c) for c in CONTENT.pieces.values())
72
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cached_property
from pathlib import Path
from typing import Annotated, Literal, NamedTuple

from pydantic import AfterValidator, Field

from printkit.core.content import read_content
from printkit.core.datamodel import DataModel, keyed
from printkit.core.geometry.hexgrid import Hex
from printkit.core.geometry.polyhex import Shape, normalise, orientations

__all__ = ["CONTENT", "DATA", "MEASURES", "Setup", "Content", "ColourInfo", "Obstacle", "Cells"]

#: The measures areas are limited by (data.yaml names them).
MEASURES: dict[str, Callable[[int, int], int]] = {
    "diag": lambda q, r: max(abs(q - r), abs(q + 2 * r), abs(2 * q + r)),
    "abs_r": lambda q, r: abs(r),
    "abs_2q_r": lambda q, r: abs(2 * q + r),
}


class Setup(NamedTuple):
    """The area played in and the start cells, for one player count: ``area, starts = ...``."""

    area: str
    starts: tuple[Hex, ...]


Cells = Annotated[tuple[Hex, ...], Field(min_length=1)]


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
        """What the types cannot say: the board area, the player counts' areas and the
        obstacles' pieces must exist, each obstacle with its piece's number of cells."""
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
        """Whether ``cell`` is within every limit of the area ``name`` (data.yaml's measures)."""
        return all(MEASURES[m](*cell) <= limit for m, limit in self.areas[name].items())

    def area(self, name: str) -> frozenset[Hex]:
        """The cells of the area ``name``, worked out once for every area."""
        return self._areas[name]

    @cached_property
    def _areas(self) -> dict[str, frozenset[Hex]]:
        """Each area's cells, taken in the same order as :meth:`in_area` over the board's
        square would take them (so each set is built alike). Each measure is worked out once a
        cell for all areas, and each area keeps the cells within its limits measure by measure,
        rather than calling :meth:`in_area` (and every lambda again) for each cell and area:
        5,547 calls, ~4 ms of each process that draws the board (issue 16)."""
        lim = self.areas["board"]["diag"]
        cells = [(q, r) for q in range(-lim, lim + 1) for r in range(-lim, lim + 1)]
        used = {m for limits in self.areas.values() for m in limits}
        values = {m: [MEASURES[m](q, r) for q, r in cells] for m in MEASURES if m in used}
        areas: dict[str, frozenset[Hex]] = {}
        for name, limits in self.areas.items():
            keep: list[int] = list(range(len(cells)))
            for m, limit in limits.items():
                vals = values[m]
                keep = [i for i in keep if vals[i] <= limit]
            areas[name] = frozenset([cells[i] for i in keep])
        return areas

    @cached_property
    def orientations(self) -> dict[str, list[Shape]]:
        """Each piece's distinct shapes under rotation and flipping."""
        return {name: orientations(cells, flips=True) for name, cells in self.pieces.items()}

    @property
    def palette(self) -> dict[str, dict[str, str]]:
        """Each colour's print colour and black-and-white grey, as the layouts' palette wants."""
        return {c.name: {"colour": c.colour, "bw": c.bw} for c in self.colours.values()}


DATA = Path(__file__).with_name("data.yaml")
CONTENT: Content = read_content(DATA, Content)
