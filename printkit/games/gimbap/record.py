"""The record of a Gimbap game, as players write it (YAML or JSON). See docs/records.md.

Names that do not exist (parts, faces, players, tokens) make a record unreadable (exit 2);
what breaks the rules is for :mod:`rules` to find (exit 1).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator, model_validator

from printkit.games.gimbap import recordbase
from printkit.games.gimbap.content import Token

# Every validator is a function of recordbase (no pydantic there): ``printkit score`` checks a
# record with pydantic-core running these models' core schema, without importing pydantic.
TokenField = Annotated[Token, BeforeValidator(recordbase.token)]
FaceField = Annotated[str, BeforeValidator(recordbase.face)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Roll(Strict):
    """A player's roll this round: how it was built (the checker decides), or only whether it
    was correct (when nobody wrote the build down), or both (then they must agree)."""

    on: dict[str, str] | None = Field(default=None, description="each filling -> what it lies on")
    touching: list[tuple[str, str]] = Field(default=[], description="fillings on one base laid touching")
    correct: bool | None = None

    _something = model_validator(mode="after")(recordbase.roll_given)
    _parts = field_validator("on")(recordbase.on_parts)
    _pairs = field_validator("touching")(recordbase.touching_parts)


class Round(Strict):
    first: str = Field(description="the player who rolled the dice")
    dice: list[FaceField] = Field(description="the faces rolled, such as rice+seaweed or ham-radish")
    tokens: list[TokenField] = Field(description="the tokens laid face up this round, as points/radish")
    done: list[str] = Field(description="the players in the order they said Done!")
    rolls: dict[str, Roll] = Field(description="each player's roll")


class GimbapRecord(Strict):
    """A whole game of Gimbap."""

    game: Literal["gimbap"] | None = Field(default=None, description="optional: gimbap")
    players: list[str] = Field(min_length=2, max_length=4, description="in seating order, clockwise")
    tokens: list[TokenField] | None = Field(
        default=None, description="with 2 players: the 6 tokens chosen for the game (GIM-5)")
    rounds: list[Round]

    _unique = field_validator("players")(recordbase.distinct_players)
    _known_players = model_validator(mode="after")(recordbase.known_players)
