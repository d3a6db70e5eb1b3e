"""Gemblo's content from data.yaml, and the board's areas as sets of cells.

>>> len(CONTENT.area("board")), len(CONTENT.area("four")), len(CONTENT.area("three"))
(463, 295, 241)
>>> sum(len(c) for c in CONTENT.pieces.values())
72
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import yaml

from printkit.core.geometry.hexgrid import Hex
from printkit.core.geometry.polyhex import Shape, normalise, orientations

DATA = Path(__file__).with_name("data.yaml")

#: The measures areas are limited by (data.yaml names them).
MEASURES = {
    "diag": lambda q, r: max(abs(q - r), abs(q + 2 * r), abs(2 * q + r)),
    "abs_r": lambda q, r: abs(r),
    "abs_2q_r": lambda q, r: abs(2 * q + r),
}


@dataclass(frozen=True)
class ColourInfo:
    name: str
    colour: str
    bw: str
    symbol: str


@dataclass(frozen=True)
class Content:
    version: int
    areas: dict[str, dict[str, int]]
    players: dict[int, tuple[str, tuple[Hex, ...]]]  # count -> (area name, start cells)
    pieces: dict[str, Shape]
    colours: dict[str, ColourInfo]

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

    @cached_property
    def shape_index(self) -> dict[Shape, str]:
        """Every orientation of every piece -> the piece's name."""
        return {s: name for name, shapes in self.orientations.items() for s in shapes}

    @property
    def palette(self) -> dict[str, dict[str, str]]:
        return {c.name: {"colour": c.colour, "bw": c.bw} for c in self.colours.values()}


def load(path: Path = DATA) -> Content:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    return Content(
        version=raw["version"],
        areas={k: dict(v) for k, v in raw["areas"].items()},
        players={int(k): (v["area"], tuple(tuple(c) for c in v["starts"])) for k, v in raw["players"].items()},
        pieces={k: normalise(tuple(c) for c in v) for k, v in raw["pieces"].items()},
        colours={k: ColourInfo(k, **v) for k, v in raw["colours"].items()},
    )


CONTENT = load()
