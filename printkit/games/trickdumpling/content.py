"""Trick Dumpling's content from data.yaml, and the card notation (TD-2): the models data.yaml
must hold, with what the content can tell and do (the deck, the palette, the cross-checks),
and ``CONTENT``, the file read.

>>> parse_card("S7"), parse_card("W99"), parse_card("GS")
(Card(code='S7', suit='shrimp', value=7), Card(code='W99', suit=None, value=99), Card(code='GS', suit=None, value=0))
>>> len(CONTENT.deck(4)), len(CONTENT.deck(3))
(35, 27)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import NotRequired

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

from printkit.core.content import read_content
from printkit.core.datamodel import DataModel


# A card of the deck (TD-2): its notation, its suit and number. No docstring: records' JSON
# Schema (printkit schema) would show it as the card's description.
@dataclass(frozen=True)
class Card:
    code: str
    suit: str | None  # None for W5, W99, GS
    value: int

    @property
    def wild(self) -> bool:
        return self.code in ("W5", "W99")

    @property
    def steamer(self) -> bool:
        return self.code == "GS"

    @property
    def special(self) -> bool:
        return self.suit is None

    def __str__(self) -> str:
        return self.code


class Suit(DataModel):
    id: str
    letter: str = Field(pattern=r"^[A-Z]$")
    name: str
    colour: str
    bw: str


@with_config(ConfigDict(extra="forbid"))
class Special(TypedDict):
    """A card outside the suits (W5, W99, GS), kept a plain mapping (``sp["code"]``)."""

    code: str
    value: NotRequired[int]
    name: str
    rule: str


@with_config(ConfigDict(extra="forbid"))
class Mission(TypedDict):
    title: str
    goal: str
    tricks: NotRequired[int]


@with_config(ConfigDict(extra="forbid"))
class Cook(TypedDict):
    id: str
    name: str
    text: str


class Content(DataModel):
    """The content, its cross-checks and derived facts (the deck, the palette)."""

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

    def problems(self) -> Iterator[tuple[tuple, str]]:
        for i, n in enumerate(self.removed_small_game):
            if n not in self.numbers:
                yield ("removed_small_game", i), f"{n} is not a card number ({', '.join(map(str, self.numbers))})"
        for key in ("basic", "nephew"):
            if "tricks" not in self.missions.get(key, {}):
                yield ("missions", key), f"the {key!r} mission with its 'tricks' is required"
        letters = [s.letter for s in self.suits]
        for i, s in enumerate(self.suits):
            if letters.count(s.letter) > 1:
                yield ("suits", i, "letter"), f"two suits have the letter {s.letter}"

    @property
    def suit_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.suits)

    def suit(self, id_or_letter: str) -> Suit:
        return next(s for s in self.suits if id_or_letter in (s.id, s.letter))

    def deck(self, players: int) -> list[Card]:
        """TD-1: the 35 cards; with 2-3 players without the 1s and 9s."""
        small = players <= 3
        cards = [Card(f"{s.letter}{n}", s.id, n) for s in self.suits for n in self.numbers
                 if not (small and n in self.removed_small_game)]
        cards += [Card(sp["code"], None, sp.get("value", 0)) for sp in self.specials]
        return cards

    @property
    def palette(self) -> dict[str, dict[str, str]]:
        return {s.id: {"colour": s.colour, "bw": s.bw} for s in self.suits}


DATA = Path(__file__).with_name("data.yaml")
#: The content read from data.yaml.
CONTENT: Content = read_content(DATA, Content)
_ALL = {c.code: c for c in CONTENT.deck(5)}


class CardError(ValueError):
    pass


def parse_card(code: str) -> Card:
    """A card from its notation (TD-2): K, C, S or U and a number, W5, W99 or GS."""
    c = _ALL.get(str(code).strip().upper())
    if c is None:
        raise CardError(f"{code!r} is not a card: write K, C, S or U with 1-4 or 6-9 (such as S7), "
                        "W5, W99 or GS")
    return c
