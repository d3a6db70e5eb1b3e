"""Trick Dumpling's content models (pydantic): what data.yaml must hold, checked by
:func:`printkit.core.content.read_content`.

The models keep the one definition of the data; what the content can tell and do (the deck,
the palette, the cross-checks) is in their pydantic-free mixins
(printkit.games.trickdumpling.contentbase), so that scoring runs without pydantic (issue 16).
"""

from __future__ import annotations

from typing import NotRequired

from pydantic import ConfigDict, Field
from typing_extensions import TypedDict

from printkit.core.datamodel import DataModel
from printkit.games.trickdumpling.contentbase import ContentBase


class Suit(DataModel):
    id: str
    letter: str = Field(pattern=r"^[A-Z]$")
    name: str
    colour: str
    bw: str


class Special(TypedDict):
    """A card outside the suits (W5, W99, GS), kept a plain mapping (``sp["code"]``)."""

    __pydantic_config__ = ConfigDict(extra="forbid")
    code: str
    value: NotRequired[int]
    name: str
    rule: str


class Mission(TypedDict):
    __pydantic_config__ = ConfigDict(extra="forbid")
    title: str
    goal: str
    tricks: NotRequired[int]


class Cook(TypedDict):
    __pydantic_config__ = ConfigDict(extra="forbid")
    id: str
    name: str
    text: str


class Content(ContentBase, DataModel):
    version: int
    suits: tuple[Suit, ...] = Field(min_length=1)
    numbers: tuple[int, ...] = Field(min_length=1)
    specials: tuple[Special, ...]
    removed_small_game: tuple[int, ...]
    deal: dict[int, int]
    threshold: dict[int, int]
    steamer_limit: int
    missions: dict[str, Mission]
    cooks: tuple[Cook, ...]
    slacker_uses: int
