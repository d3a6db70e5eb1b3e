"""What Gimbap's content offers besides its fields, without pydantic (issue 16).

The content models (:mod:`printkit.games.gimbap.contentmodel`, pydantic) check ``data.yaml``;
the properties and methods the rest of the game uses live here, in mixins the models inherit
first, so that ``printkit score`` can load the content from the disk cache as light objects
(plain classes with the same attributes and these mixins) without importing pydantic. The
plain types the content is made of (:class:`Token`, :class:`Die`) live here too, for the same
reason. Nothing here may import pydantic or :mod:`printkit.games.gimbap.content`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:  # the fields the mixin reads, as the content model declares them
    from printkit.games.gimbap.contentmodel import Lesson, Part, TokenSet

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


class ContentBase:
    """The parts, tokens and faces of :class:`~printkit.games.gimbap.contentmodel.Content` as
    the game looks them up, worked out from its fields (and its cross-check of the faces)."""

    __slots__ = ()

    if TYPE_CHECKING:  # the fields of the content model (or of its light copy)
        seaweed: Part
        sheet_parts: tuple[Part, ...]
        strip_parts: tuple[Part, ...]
        dice: tuple[Die, ...]
        token_set: TokenSet
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
