"""Trick Dumpling records: a single trick (for the referee) or a whole game. See docs/records.md.

Unknown cards, players, suits, missions or cooks, a card played twice, and a card in two hands
make a record unreadable (exit 2); what breaks the rules is for the scorer (exit 1).

The models are the one definition of a record (its JSON Schema, its errors); every function
they call while validating, and their properties, are in the pydantic-free
printkit.games.trickdumpling.recordbase (issue 16).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator, model_validator

from printkit.games.trickdumpling import recordbase
from printkit.games.trickdumpling.content import Card
from printkit.games.trickdumpling.recordbase import (COOKS, MASTER, DealBase, GameRecordBase, PlayInBase,
                                                     RoundInBase, TrickRecordBase)

__all__ = ["COOKS", "MASTER", "CardField", "SuitField", "PlayIn", "TrickRecord", "TrickIn", "Deal", "RoundIn",
           "GameRecord", "TrickDumplingRecord"]

CardField = Annotated[Card, BeforeValidator(recordbase.card)]
SuitField = Annotated[str, BeforeValidator(recordbase.suit)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)


class PlayIn(PlayInBase, Strict):
    player: str
    card: CardField
    declare: Literal["no-way", "accept"] | None = Field(
        default=None, description='after a Perfect Dish: "no-way" (No way!) or "accept" (Accept!)')
    slack: bool = Field(default=False, description="the Slacker cook's card played face down (TD-12)")


class _Rank(Strict):
    rank: list[SuitField] = Field(description="the four suits, most popular first (TD-3)")
    _r = field_validator("rank")(recordbase.rank)


class TrickRecord(TrickRecordBase, _Rank):
    """One trick: the popularity rank and the cards in the order played, the chef's first."""

    game: Literal["trickdumpling"] | None = None
    plays: list[PlayIn] = Field(min_length=2, max_length=6)
    hands: dict[str, list[CardField]] | None = Field(default=None, description="optional: hands before the trick")
    cooks: dict[str, Literal[COOKS]] = Field(default={}, description="optional: cook boards by player (TD-12)")

    _check = model_validator(mode="after")(recordbase.trick_cards_once)


class TrickIn(Strict):
    # One card is a record stopped in the middle of its last trick (an unfinished game).
    plays: list[PlayIn] = Field(min_length=1, max_length=6)


class Deal(DealBase, _Rank):
    # A round's deal, the move that starts a round (its tricks' cards are the moves after it).
    chef: str = Field(description="who leads the first trick")
    missions: dict[str, Literal["nephew", "spy"]] = Field(description="each player's secret mission")
    hands: dict[str, list[CardField]] = Field(description="the cards dealt; the Master's in stack order, top first")

    _apart = model_validator(mode="after")(recordbase.deal_hands_apart)


class RoundIn(RoundInBase, Deal):
    tricks: list[TrickIn]

    _check = model_validator(mode="after")(recordbase.round_cards_once)


class GameRecord(GameRecordBase, Strict):
    """A whole game: players in seating order (clockwise) and every round."""

    game: Literal["trickdumpling"] | None = None
    players: list[str] = Field(min_length=2, max_length=5)
    cooks: dict[str, Literal[COOKS]] = Field(default={}, description="optional: the cook variation (TD-12)")
    # Empty before the first deal: a game in progress (a table at ``printkit serve`` starts so).
    rounds: list[RoundIn] = Field(description="every round so far, in order; [] before the first deal")

    _unique = field_validator("players")(recordbase.unique_players)
    _names = model_validator(mode="after")(recordbase.names_at_table)


class TrickDumplingRecord:
    """A trick record (it has ``plays``) or a game record (it has ``rounds``)."""

    #: The models a record may be, and the pydantic-free function that picks one by name
    #: (printkit.core.compiled compiles a reader of several kinds from these).
    compiled_kinds = ("TrickRecord", "GameRecord")
    compiled_choice = staticmethod(recordbase.record_kind)

    @classmethod
    def model_validate(cls, data):
        model = {"GameRecord": GameRecord, "TrickRecord": TrickRecord}[cls.compiled_choice(data)]
        return model.model_validate(data)

    @classmethod
    def model_json_schema(cls) -> dict:
        return {"title": "TrickDumplingRecord",
                "description": "A single trick for the referee, or a whole game for the scorer.",
                "anyOf": [TrickRecord.model_json_schema(), GameRecord.model_json_schema()]}
