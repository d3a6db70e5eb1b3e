"""What Trick Dumpling's content can tell and do, without pydantic: the :class:`Card` and the
mixin of the content's top model (:class:`ContentBase`).

The pydantic models (printkit.games.trickdumpling.contentmodel) define and check data.yaml; the
properties and methods live here, so that scoring a record, which may read the content as plain
objects of the same attributes (issue 16), runs the very same code without importing pydantic.
This module must import neither pydantic nor content.py (which reads the content).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from printkit.games.trickdumpling.contentmodel import Cook, Mission, Special, Suit


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


class ContentBase:
    """The content's cross-checks and derived facts (the deck, the palette), on the attributes
    of :class:`~printkit.games.trickdumpling.contentmodel.Content` or of a plain object that has
    them."""

    __slots__ = ()

    if TYPE_CHECKING:  # the attributes the model (or a plain object) gives
        suits: tuple[Suit, ...]
        numbers: tuple[int, ...]
        specials: tuple[Special, ...]
        removed_small_game: tuple[int, ...]
        missions: dict[str, Mission]
        cooks: tuple[Cook, ...]

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
