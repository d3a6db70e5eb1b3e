"""Gimbap's content, read from ``data.yaml`` (the single source of truth for every fact).

>>> CONTENT.fillings
('rice', 'cheese', 'sesame', 'ham', 'spinach', 'radish')
>>> len(CONTENT.tokens), CONTENT.tokens[0]
(12, Token(points=4, radish=3))

The models below check the file; the properties of :class:`Content` give the parts, tokens
and faces as the game looks them up.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import BeforeValidator, Field

from printkit.core.content import read_content
from printkit.core.datamodel import DataModel

__all__ = ["CONTENT", "DATA", "Die", "Token", "Content", "Part", "TokenSet", "Lesson", "Kind"]

#: A face in dice notation: two parts, ``+`` (they touch) or ``-`` (they do not).
_FACE = re.compile(r"^([^+-]+)([+-])([^+-]+)$")


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


class Die(NamedTuple):
    name: str
    faces: tuple[str, ...]


Kind = Literal["seaweed", "sheet", "strip"]


class Part(DataModel):
    id: str
    name: str
    colour: str
    bw: str
    size: tuple[int | float, int | float]  # the paper filling, w x h mm
    kind: Kind  # seaweed | sheet | strip: set by the list the part is written in


def _of_kind(kind: Kind) -> BeforeValidator:
    """A part written under ``seaweed``, ``sheets`` or ``strips`` is of that kind."""
    def fill(value: Any) -> Any:
        return {**value, "kind": kind} if isinstance(value, dict) else value
    return BeforeValidator(fill)


class TokenSet(DataModel):
    """GIM-4: one token for each number of points and each number of radish slices."""

    points: tuple[int, ...] = Field(min_length=1)
    radish: tuple[int, ...] = Field(min_length=1)


class Lesson(DataModel):
    title: str
    text: str = ""
    faces: tuple[str, ...]


class Content(DataModel):
    """The parts, tokens and faces, and the lookups the game makes of them (and the
    cross-check of the faces)."""

    version: int
    seaweed: Annotated[Part, _of_kind("seaweed")]
    sheet_parts: tuple[Annotated[Part, _of_kind("sheet")], ...] = Field(alias="sheets")
    strip_parts: tuple[Annotated[Part, _of_kind("strip")], ...] = Field(alias="strips")
    dice: tuple[Die, ...]  # (name, faces)
    token_set: TokenSet = Field(alias="tokens")
    rounds: dict[int, int]
    tokens_in_play: dict[int, int]
    lessons: tuple[Lesson, ...]

    def problems(self) -> Iterator[tuple[tuple, str]]:
        """Every face of the dice and the lessons names two parts (what the types cannot say)."""
        where = [(("dice", i, "faces", j), f) for i, d in enumerate(self.dice) for j, f in enumerate(d.faces)]
        where += [(("lessons", i, "faces", j), f) for i, le in enumerate(self.lessons) for j, f in enumerate(le.faces)]
        for loc, face in where:
            m = _FACE.match(face)
            if m is None or m.group(1) not in self.parts or m.group(3) not in self.parts:
                yield loc, (f"{face!r} is not a face: write two parts joined by + (touch) or - (apart), "
                            f"parts being {', '.join(self.parts)}")

    @cached_property
    def parts(self) -> dict[str, Part]:
        """Every part by id: the seaweed, the sheets, the strips."""
        return {p.id: p for p in (self.seaweed, *self.sheet_parts, *self.strip_parts)}

    @cached_property
    def tokens(self) -> tuple[Token, ...]:
        """The tokens, best first."""
        ts = self.token_set
        return tuple(sorted((Token(p, r) for p in ts.points for r in ts.radish), key=lambda t: t.rank, reverse=True))

    @cached_property
    def sheets(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.sheet_parts)

    @cached_property
    def strips(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.strip_parts)

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


DATA = Path(__file__).with_name("data.yaml")
CONTENT: Content = read_content(DATA, Content)
