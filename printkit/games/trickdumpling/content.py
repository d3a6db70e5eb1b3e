"""Trick Dumpling's content from data.yaml, and the card notation (TD-2).

>>> parse_card("S7"), parse_card("W99"), parse_card("GS")
(Card(code='S7', suit='shrimp', value=7), Card(code='W99', suit=None, value=99), Card(code='GS', suit=None, value=0))
>>> len(CONTENT.deck(4)), len(CONTENT.deck(3))
(35, 27)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

DATA = Path(__file__).with_name("data.yaml")


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


@dataclass(frozen=True)
class Suit:
    id: str
    letter: str
    name: str
    colour: str
    bw: str


@dataclass(frozen=True)
class Content:
    version: int
    suits: tuple[Suit, ...]
    numbers: tuple[int, ...]
    specials: tuple[dict, ...]
    removed_small_game: tuple[int, ...]
    deal: dict[int, int]
    threshold: dict[int, int]
    steamer_limit: int
    missions: dict[str, dict]
    cooks: tuple[dict, ...]
    slacker_uses: int

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


def load(path: Path = DATA) -> Content:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    return Content(
        version=raw["version"],
        suits=tuple(Suit(**s) for s in raw["suits"]),
        numbers=tuple(raw["numbers"]),
        specials=tuple(raw["specials"]),
        removed_small_game=tuple(raw["removed_small_game"]),
        deal={int(k): v for k, v in raw["deal"].items()},
        threshold={int(k): v for k, v in raw["threshold"].items()},
        steamer_limit=raw["steamer_limit"],
        missions=raw["missions"],
        cooks=tuple(raw["cooks"]),
        slacker_uses=raw["slacker_uses"],
    )


CONTENT = load()
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
