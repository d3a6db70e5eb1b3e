"""Jubako's content models (pydantic): what :func:`printkit.core.content.read_content` checks
data.yaml against (types, ranges, unknown keys, then :meth:`ContentBase.problems`).

Kept apart from :mod:`printkit.games.jubako.content`, which scoring imports without pydantic
(issue 16): the properties and methods live in the mixins of
:mod:`printkit.games.jubako.contentbase`, which each model inherits first.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from printkit.core.datamodel import DataModel, keyed
from printkit.games.jubako.contentbase import BoardBase, ContentBase


class Delicacy(DataModel):
    id: str
    name: str
    gloss: str
    colour: str
    bw: str


class Board(BoardBase, DataModel):
    name: str
    size: int = Field(ge=1, le=26)
    printed: dict[str, str]


class Content(ContentBase, DataModel):
    version: int
    delicacies: tuple[Delicacy, ...] = Field(min_length=2)
    boards: Annotated[dict[str, Board], keyed()]
    removed: dict[int, int]
    bonus: int
    track: int
    tokens: tuple[int, ...]
    cell: float
