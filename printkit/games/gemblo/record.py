"""The record of a Gemblo game (YAML or JSON). See docs/records.md.

Unknown colours or pieces, cells off the board, and shapes that are not one piece make a
record unreadable (exit 2); what breaks the rules is for the State (:mod:`state`) to find (exit 1).
Those checks are :mod:`printkit.games.gemblo.recordbase`'s functions, which pydantic-core can run
without pydantic (issue 16).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from printkit.core.records import Whole
from printkit.games.gemblo import recordbase

Cell = tuple[Whole, Whole]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Placed(Strict):
    piece: str
    cells: list[Cell] = Field(min_length=1, max_length=5)

    _piece = field_validator("piece")(recordbase.piece)
    _cells = field_validator("cells")(recordbase.cells)


class Move(Strict):
    """``{colour: red, piece: V3, cells: [[12,-9],[11,-9],[10,-8]]}`` or ``{colour: red, pass: true}``."""

    colour: str
    piece: str | None = None
    cells: list[Cell] | None = Field(default=None, min_length=1, max_length=5)
    pass_: bool = Field(default=False, alias="pass")

    _colour = field_validator("colour")(recordbase.colour)
    _p = field_validator("piece")(recordbase.optional_piece)
    _c = field_validator("cells")(recordbase.optional_cells)
    _one_kind = model_validator(mode="after")(recordbase.one_kind)


class GembloRecord(Strict):
    """A game of Gemblo: who played which colour and every move in order."""

    game: Literal["gemblo"] | None = Field(default=None, description="optional: gemblo")
    players: Whole = Field(ge=2, le=6, description="the number of players, 2 to 6")
    colours: list[str] = Field(description="colours in turn order; with 2 players, four colours: "
                                           "the first and third are one player's, the second and fourth the other's")
    names: dict[str, str] = Field(default={}, description="optional player names by colour")
    obstacles: list[Placed] | None = Field(
        default=None, description="5 players only: the sixth colour's pieces laid as obstacles "
                                  "(default: the layout in the game's data file)")
    moves: list[Move]

    _colours = field_validator("colours")(recordbase.colours)
    _counts = model_validator(mode="after")(recordbase.counts)
