"""Jubako's content from data.yaml: delicacies, the tile set, the boards.

>>> len(CONTENT.doubles), len(set(CONTENT.doubles)), len(CONTENT.delicacies)
(78, 66, 12)
>>> CONTENT.tiles_in_play(2), CONTENT.tiles_in_play(4)
(50, 76)
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import yaml

DATA = Path(__file__).with_name("data.yaml")


@dataclass(frozen=True)
class Delicacy:
    id: str
    name: str
    gloss: str
    colour: str
    bw: str


@dataclass(frozen=True)
class Board:
    name: str
    size: int
    printed: dict[str, str]

    @property
    def cells(self) -> list[str]:
        """Cell names, row by row: A1 B1 ... (column letter, row number; A1 top left)."""
        return [f"{chr(65 + c)}{r + 1}" for r in range(self.size) for c in range(self.size)]


@dataclass(frozen=True)
class Content:
    version: int
    delicacies: tuple[Delicacy, ...]
    boards: dict[str, Board]
    removed: dict[int, int]
    bonus: int
    track: int
    tokens: tuple[int, ...]
    cell: float

    @cached_property
    def ids(self) -> tuple[str, ...]:
        return tuple(d.id for d in self.delicacies)

    @cached_property
    def doubles(self) -> tuple[frozenset, ...]:
        """JUB-1: every pair once, plus each delicacy with the next (the last with the first)."""
        pairs = [frozenset(p) for p in itertools.combinations(self.ids, 2)]
        pairs += [frozenset((self.ids[i], self.ids[(i + 1) % len(self.ids)])) for i in range(len(self.ids))]
        return tuple(pairs)

    @cached_property
    def tile_counts(self) -> Counter:
        return Counter(self.doubles)

    def tiles_in_play(self, players: int) -> int:
        return len(self.doubles) - self.removed[players]

    @property
    def palette(self) -> dict[str, dict[str, str]]:
        return {d.id: {"colour": d.colour, "bw": d.bw} for d in self.delicacies}


def load(path: Path = DATA) -> Content:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    return Content(
        version=raw["version"],
        delicacies=tuple(Delicacy(**d) for d in raw["delicacies"]),
        boards={k: Board(k, v["size"], dict(v["printed"])) for k, v in raw["boards"].items()},
        removed={int(k): v for k, v in raw["removed"].items()},
        bonus=raw["bonus"],
        track=raw["track"],
        tokens=tuple(raw["tokens"]),
        cell=float(raw["cell"]),
    )


CONTENT = load()
