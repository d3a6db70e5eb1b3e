"""Gimbap's content, read from ``data.yaml`` (the single source of truth for every fact).

>>> CONTENT.fillings
('rice', 'cheese', 'sesame', 'ham', 'spinach', 'radish')
>>> len(CONTENT.tokens), CONTENT.tokens[0]
(12, Token(points=4, radish=3))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import yaml

DATA = Path(__file__).with_name("data.yaml")


@dataclass(frozen=True)
class Part:
    id: str
    name: str
    colour: str
    bw: str
    size: tuple[float, float]  # the paper filling, w x h mm
    kind: str  # seaweed | sheet | strip


@dataclass(frozen=True, order=True)
class Token:
    """A point token. Tokens sort best first: more points, then more radish slices (GIM-4)."""

    points: int
    radish: int

    @property
    def rank(self) -> tuple[int, int]:
        return (self.points, self.radish)

    def __str__(self) -> str:
        return f"{self.points}/{self.radish}"


@dataclass(frozen=True)
class Lesson:
    title: str
    text: str
    faces: tuple[str, ...]


@dataclass(frozen=True)
class Content:
    version: int
    parts: dict[str, Part]
    dice: tuple[tuple[str, tuple[str, ...]], ...]  # (name, faces)
    tokens: tuple[Token, ...]  # best first
    rounds: dict[int, int]
    tokens_in_play: dict[int, int]
    lessons: tuple[Lesson, ...]

    @cached_property
    def sheets(self) -> tuple[str, ...]:
        return tuple(p for p, v in self.parts.items() if v.kind == "sheet")

    @cached_property
    def strips(self) -> tuple[str, ...]:
        return tuple(p for p, v in self.parts.items() if v.kind == "strip")

    @cached_property
    def fillings(self) -> tuple[str, ...]:
        return self.sheets + self.strips

    @property
    def palette(self) -> dict[str, dict[str, str]]:
        """The parts' colours for layouts: ``{id: {colour, bw}}``."""
        return {p.id: {"colour": p.colour, "bw": p.bw} for p in self.parts.values()}

    @cached_property
    def face_die(self) -> dict[str, int]:
        """Each face's notation and the index of the die that shows it."""
        return {f: i for i, (_, faces) in enumerate(self.dice) for f in faces}


def load(path: Path = DATA) -> Content:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    parts = {raw["seaweed"]["id"]: Part(kind="seaweed", **{**raw["seaweed"], "size": tuple(raw["seaweed"]["size"])})}
    for kind in ("sheets", "strips"):
        for p in raw[kind]:
            parts[p["id"]] = Part(kind=kind[:-1], **{**p, "size": tuple(p["size"])})
    tokens = tuple(sorted((Token(p, r) for p in raw["tokens"]["points"] for r in raw["tokens"]["radish"]),
                          key=lambda t: t.rank, reverse=True))
    return Content(
        version=raw["version"],
        parts=parts,
        dice=tuple((d["name"], tuple(d["faces"])) for d in raw["dice"]),
        tokens=tokens,
        rounds={int(k): v for k, v in raw["rounds"].items()},
        tokens_in_play={int(k): v for k, v in raw["tokens_in_play"].items()},
        lessons=tuple(Lesson(le["title"], le.get("text", ""), tuple(le["faces"])) for le in raw["lessons"]),
    )


CONTENT = load()
