"""Trick Dumpling records: a single trick (for the referee) or a whole game. See docs/records.md.

Unknown cards, players, suits, missions or cooks, a card played twice, and a card in two hands
make a record unreadable (exit 2); what breaks the rules is for the scorer (exit 1). The
messages are the records' own (docs/records.md): tests compare them byte for byte.
"""

from __future__ import annotations

from typing import Any, Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator, model_validator

from printkit.core.records import distinct_names
from printkit.games.trickdumpling.content import CONTENT, Card, CardError, parse_card

__all__ = ["COOKS", "CookId", "MASTER", "CardField", "SuitField", "PlayIn", "TrickRecord", "TrickIn", "Deal", "RoundIn",
           "GameRecord", "TrickDumplingRecord"]

#: The Dumpling Master's seat name in a 2-player game (TD-11).
MASTER = "Master"
#: The cook boards' ids (TD-12), the values a record's ``cooks`` may hold.
COOKS = tuple(c["id"] for c in CONTENT.cooks)
#: A cook board's id (TD-12): one of the ids the game's data lists, which a type checker cannot read.
CookId = Literal[COOKS]  # type: ignore[valid-type]


def _card(v: Any) -> Card:
    """A card field (before validation): a Card, or its notation (TD-2)."""
    if isinstance(v, Card):
        return v
    try:
        return parse_card(str(v))
    except CardError as e:
        raise ValueError(str(e)) from None


def _suit(v: Any) -> str:
    """A suit field (before validation): a suit's id or letter, as the id."""
    try:
        return CONTENT.suit(str(v)).id
    except StopIteration:
        raise ValueError(f"unknown suit {v!r}; suits are {', '.join(CONTENT.suit_ids)} "
                         f"(or their letters K, C, S, U)") from None


def _no_repeats(cards: list[Card], what: str) -> None:
    seen = set()
    for c in cards:
        if c.code in seen:
            raise ValueError(f"{c.code} {what}")
        seen.add(c.code)


def _hands_apart(hands: dict[str, list[Card]]) -> None:
    owner: dict[str, str] = {}
    for who, cards in hands.items():
        for c in cards:
            if c.code in owner:
                raise ValueError(f"{c.code} is dealt to {owner[c.code]} and to {who}: there is one of each card")
            owner[c.code] = who


CardField = Annotated[Card, BeforeValidator(_card)]
SuitField = Annotated[str, BeforeValidator(_suit)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True, defer_build=True)


class PlayIn(Strict):
    player: str
    card: CardField
    declare: Literal["no-way", "accept"] | None = Field(
        default=None, description='after a Perfect Dish: "no-way" (No way!) or "accept" (Accept!)')
    slack: bool = Field(default=False, description="the Slacker cook's card played face down (TD-12)")


class _Rank(Strict):
    rank: list[SuitField] = Field(description="the four suits, most popular first (TD-3)")

    @field_validator("rank")
    @classmethod
    def _r(cls, v: list[str]) -> list[str]:
        """The popularity rank (TD-3): each suit once."""
        if sorted(v) != sorted(CONTENT.suit_ids):
            got = ", ".join(map(str, v)) or "none"
            raise ValueError(f"the popularity rank lists each of the four suits once, most popular first; got {got}")
        return v


class TrickRecord(_Rank):
    """One trick: the popularity rank and the cards in the order played, the chef's first."""

    game: Literal["trickdumpling"] | None = None
    plays: list[PlayIn] = Field(min_length=2, max_length=6)
    hands: dict[str, list[CardField]] | None = Field(default=None, description="optional: hands before the trick")
    cooks: dict[str, CookId] = Field(default={}, description="optional: cook boards by player (TD-12)")

    @model_validator(mode="after")
    def _check(self) -> TrickRecord:
        """No card played twice, none in two hands (there is one of each card)."""
        _no_repeats([p.card for p in self.plays], "is played twice")
        if self.hands:
            _hands_apart(self.hands)
        return self


class TrickIn(Strict):
    # One card is a record stopped in the middle of its last trick (an unfinished game).
    plays: list[PlayIn] = Field(min_length=1, max_length=6)


class Deal(_Rank):
    # A round's deal, the move that starts a round (its tricks' cards are the moves after it).
    chef: str = Field(description="who leads the first trick")
    missions: dict[str, Literal["nephew", "spy"]] = Field(description="each player's secret mission")
    hands: dict[str, list[CardField]] = Field(description="the cards dealt; the Master's in stack order, top first")

    @model_validator(mode="after")
    def _apart(self) -> Deal:
        """No card in two hands."""
        _hands_apart(self.hands)
        return self


class RoundIn(Deal):
    tricks: list[TrickIn]

    @model_validator(mode="after")
    def _check(self) -> RoundIn:
        """No card played twice in the round's tricks."""
        _no_repeats([p.card for t in self.tricks for p in t.plays], "is played twice in the round")
        return self


class GameRecord(Strict):
    """A whole game: players in seating order (clockwise) and every round."""

    game: Literal["trickdumpling"] | None = None
    players: list[str] = Field(min_length=2, max_length=5)
    cooks: dict[str, CookId] = Field(default={}, description="optional: the cook variation (TD-12)")
    # Empty before the first deal: a game in progress (a table at ``printkit serve`` starts so).
    rounds: list[RoundIn] = Field(description="every round so far, in order; [] before the first deal")

    @field_validator("players")
    @classmethod
    def _unique(cls, v: list[str]) -> list[str]:
        """Names differ, and none is the Master's, which the 2-player game gives the Dumpling
        Master (TD-11)."""
        distinct_names(v)
        if MASTER in v:
            raise ValueError(f"{MASTER!r} is the Dumpling Master's name in a 2-player game")
        return v

    @model_validator(mode="after")
    def _names(self) -> GameRecord:
        """The cooks go to players, and every name in a round sits at the table."""
        seats = set(self.seats)
        for who in self.cooks:
            if who not in self.players:
                raise ValueError(f"cooks: {who!r} is not a player")
        for i, r in enumerate(self.rounds):
            named = [r.chef, *r.missions, *r.hands] + [p.player for t in r.tricks for p in t.plays]
            for who in named:
                if who not in seats:
                    raise ValueError(f"rounds[{i}]: {who!r} is not at the table ({', '.join(self.seats)})")
        return self

    @property
    def seats(self) -> list[str]:
        """Everyone who holds cards: with 2 players, the Dumpling Master too (TD-11)."""
        return self.players + ([MASTER] if len(self.players) == 2 else [])


class TrickDumplingRecord:
    """A trick record (it has ``plays``) or a game record (it has ``rounds``)."""

    @classmethod
    def model_validate(cls, data: Any) -> TrickRecord | GameRecord:
        if isinstance(data, dict) and "rounds" in data:
            return GameRecord.model_validate(data)
        if isinstance(data, dict) and "plays" in data:
            return TrickRecord.model_validate(data)
        raise ValueError("expected a trick record (with 'rank' and 'plays') or a game record "
                         "(with 'players' and 'rounds')")

    @classmethod
    def model_json_schema(cls) -> dict:
        return {"title": "TrickDumplingRecord",
                "description": "A single trick for the referee, or a whole game for the scorer.",
                "anyOf": [TrickRecord.model_json_schema(), GameRecord.model_json_schema()]}
