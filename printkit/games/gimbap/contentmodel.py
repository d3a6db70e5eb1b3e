"""Gimbap's content models (pydantic): what ``data.yaml`` is checked against.

:mod:`printkit.games.gimbap.content` reads the file into :class:`Content` by name, so that a
command that finds the content in the disk cache need not import this module (or pydantic).
Each model inherits its mixin of :mod:`printkit.games.gimbap.contentbase` first: the
properties and methods the game uses live there, for light copies of the content to share.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field

from printkit.core.datamodel import DataModel
from printkit.games.gimbap.contentbase import ContentBase, Die

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


class Content(ContentBase, DataModel):
    version: int
    seaweed: Annotated[Part, _of_kind("seaweed")]
    sheet_parts: tuple[Annotated[Part, _of_kind("sheet")], ...] = Field(alias="sheets")
    strip_parts: tuple[Annotated[Part, _of_kind("strip")], ...] = Field(alias="strips")
    dice: tuple[Die, ...]  # (name, faces)
    token_set: TokenSet = Field(alias="tokens")
    rounds: dict[int, int]
    tokens_in_play: dict[int, int]
    lessons: tuple[Lesson, ...]
