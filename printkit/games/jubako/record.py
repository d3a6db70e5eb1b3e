"""The record of a Jubako game (YAML or JSON). See docs/records.md.

Unknown delicacies, players or cells, and a tile across cells that are not side by side make
a record unreadable (exit 2); what breaks the rules is for the scorer (exit 1). The messages
below are what a reader of ``printkit score`` sees: they must not change.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator, model_validator

from printkit.core.records import Whole, distinct_names
from printkit.games.jubako.content import CONTENT
from printkit.games.jubako.rules import adjacent, parse_cell


def _delicacy(v: Any) -> str:
    """A delicacy's id (before pydantic checks it is a string, so that any unknown value gets
    the list of delicacies)."""
    if v not in CONTENT.ids:
        raise ValueError(f"unknown delicacy {v!r}; delicacies are {', '.join(CONTENT.ids)}")
    return v


Delicacy = Annotated[str, BeforeValidator(_delicacy)]
Tile = tuple[Delicacy, Delicacy]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class Turn(Strict):
    """``{player, tile, cells, score?}`` (a placement) or ``{player, discard, hand}``."""

    player: str
    tile: Tile | None = Field(default=None, description="the tile as laid: its first delicacy on the first cell")
    cells: tuple[str, str] | None = None
    score: Delicacy | None = Field(default=None, description="the delicacy chosen for scoring (default: the best)")
    discard: Tile | None = None
    hand: list[Tile] | None = Field(default=None, description="with a discard: the three tiles held (JUB-5)")

    @model_validator(mode="after")
    def _kind(self) -> Turn:
        """A turn is a placement (tile and cells, maybe a score) or a removal (discard and hand),
        never a mix: the State reads one or the other."""
        if self.discard is not None:
            if self.tile is not None or self.cells is not None or self.score is not None:
                raise ValueError("a discard has no tile, cells or score")
            if not self.hand:
                raise ValueError("a discard lists the 'hand' of tiles held, so that JUB-5 can be checked")
        elif self.tile is None or self.cells is None:
            raise ValueError("a turn gives 'tile' and 'cells' (or 'discard' and 'hand')")
        return self


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

    @field_validator("players")
    @classmethod
    def _unique(cls, v: list[str]) -> list[str]:
        """The record's players, every name once (a turn names its player)."""
        return distinct_names(v)

    @model_validator(mode="before")
    @classmethod
    def _little(cls, data: Any) -> Any:
        """One fact, one field: ``board: 4x4`` is Little Jubako. An older record that says only
        ``options.little_jubako: true`` is read as the 4x4 board; one that contradicts its board
        cannot be read."""
        if not isinstance(data, dict) or not isinstance(data.get("options"), dict):
            return data
        little = data["options"].get("little_jubako")
        if not isinstance(little, bool):
            return data
        if "board" not in data:
            return {**data, "board": "4x4" if little else "5x5"}
        if little != (data["board"] == "4x4"):
            raise ValueError(f"options.little_jubako: {str(little).lower()} contradicts board: {data['board']} "
                             "(Little Jubako is the 4x4 side; leave little_jubako out, board says it)")
        return data

    @model_validator(mode="after")
    def _check(self) -> JubakoRecord:
        """What the fields alone cannot say: every turn's player is one of the players, its cells
        are cells of the record's board and side by side, and favourites belong to players. Such a
        record cannot be replayed at all, so it is unreadable (exit 2), not a rule broken."""
        size = CONTENT.boards[self.board].size
        last = f"{chr(64 + size)}{size}"
        for i, t in enumerate(self.turns):
            if t.player not in self.players:
                raise ValueError(f"turns[{i}]: {t.player!r} is not one of the players ({', '.join(self.players)})")
            if t.cells is not None:
                for c in t.cells:
                    if not c.isascii() or parse_cell(c, size) is None:  # B3, not B٣
                        raise ValueError(f"turns[{i}].cells: {c!r} is not a cell of the {self.board} board (A1 to {last})")
                if not adjacent(*t.cells, size):
                    raise ValueError(f"turns[{i}].cells: {t.cells[0]} and {t.cells[1]} are not side by side: "
                                     "a tile covers two neighbouring cells")
        for who in self.options.favorite_food:
            if who not in self.players:
                raise ValueError(f"options.favorite_food: {who!r} is not a player")
        return self
