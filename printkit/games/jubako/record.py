"""The record of a Jubako game (YAML or JSON). See docs/records.md.

Unknown delicacies, players or cells, and a tile across cells that are not side by side make
a record unreadable (exit 2); what breaks the rules is for the scorer (exit 1).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator, model_validator

from printkit.core.records import Whole
from printkit.games.jubako import recordbase

# Every check below is a function of recordbase.py (no pydantic there): scoring runs these
# models' core schema without pydantic, and must be able to import what it calls (issue 16).
Delicacy = Annotated[str, BeforeValidator(recordbase.delicacy)]
Tile = tuple[Delicacy, Delicacy]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Turn(Strict):
    """``{player, tile, cells, score?}`` (a placement) or ``{player, discard, hand}``."""

    player: str
    tile: Tile | None = Field(default=None, description="the tile as laid: its first delicacy on the first cell")
    cells: tuple[str, str] | None = None
    score: Delicacy | None = Field(default=None, description="the delicacy chosen for scoring (default: the best)")
    discard: Tile | None = None
    hand: list[Tile] | None = Field(default=None, description="with a discard: the three tiles held (JUB-5)")

    _kind = model_validator(mode="after")(recordbase.turn_kind)


class Options(Strict):
    little_jubako: bool | None = Field(default=None, description="older records: true means board 4x4; "
                                                                "the board alone says it now")
    picky_eaters: Whole | None = Field(default=None, ge=0, le=20, description="the bonus instead of 5")
    favorite_food: dict[str, list[Delicacy]] = Field(default={}, description="each player's single tiles")
    multi_tiered: bool = False
    peko_peko: bool = False


class JubakoRecord(Strict):
    """A game of Jubako."""

    game: Literal["jubako"] | None = None
    board: Literal["5x5", "4x4"] = Field(default="5x5", description="4x4 is Little Jubako (JUB-7)")
    options: Options = Options()
    players: list[str] = Field(min_length=2, max_length=4, description="in turn order")
    turns: list[Turn]

    _unique = field_validator("players")(recordbase.distinct_players)
    _little = model_validator(mode="before")(recordbase.little_jubako)
    _check = model_validator(mode="after")(recordbase.check_record)
