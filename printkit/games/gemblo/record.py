"""The record of a Gemblo game (YAML or JSON). See docs/records.md.

Unknown colours or pieces, cells off the board, and shapes that are not one piece make a
record unreadable (exit 2); what breaks the rules is for the State (:mod:`state`) to find (exit 1).
The messages below are the record's (docs/records.md): ``printkit score`` shows them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from printkit.core.geometry.hexgrid import Hex
from printkit.core.geometry.polyhex import is_connected
from printkit.core.records import Whole, distinct_names
from printkit.games.gemblo.content import CONTENT
from printkit.games.gemblo.rules import cells_text

Cell = tuple[Whole, Whole]


def check_cells(cells: Sequence[Hex]) -> list[Hex]:
    """``cells`` as one piece on the board: each on it, each once, all connected edge to edge
    (a record that breaks these is unreadable; the rules judge the rest)."""
    board = CONTENT.area("board")
    off = [c for c in cells if tuple(c) not in board]
    if off:
        raise ValueError(f"{cells_text(off)} {'is' if len(off) == 1 else 'are'} "
                         "not on the board (cells are axial [q, r]; see docs/records.md)")
    if len(set(cells)) != len(cells):
        raise ValueError("a cell is listed twice")
    if not is_connected(cells):
        raise ValueError("the cells do not form one piece: every block must touch another edge to edge")
    return [(q, r) for q, r in cells]


def check_piece(v: str) -> str:
    """``v`` if it names one of the game's pieces."""
    if v not in CONTENT.pieces:
        raise ValueError(f"unknown piece {v!r}; pieces are {', '.join(CONTENT.pieces)}")
    return v


def check_colour(v: str) -> str:
    """``v`` if it names one of the game's colours."""
    if v not in CONTENT.colours:
        raise ValueError(f"unknown colour {v!r}; colours are {', '.join(CONTENT.colours)}")
    return v


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, defer_build=True)


class Placed(Strict):
    piece: str
    cells: list[Cell] = Field(min_length=1, max_length=5)

    @field_validator("piece")
    @classmethod
    def _piece(cls, v: str) -> str:
        return check_piece(v)

    @field_validator("cells")
    @classmethod
    def _cells(cls, v: Sequence[Hex]) -> list[Hex]:
        return check_cells(v)


class Move(Strict):
    """``{colour: red, piece: V3, cells: [[12,-9],[11,-9],[10,-8]]}`` or ``{colour: red, pass: true}``."""

    colour: str
    piece: str | None = None
    cells: list[Cell] | None = Field(default=None, min_length=1, max_length=5)
    pass_: bool = Field(default=False, alias="pass")

    @field_validator("colour")
    @classmethod
    def _colour(cls, v: str) -> str:
        return check_colour(v)

    @field_validator("piece")
    @classmethod
    def _p(cls, v: str | None) -> str | None:
        """A pass leaves the piece out."""
        return None if v is None else check_piece(v)

    @field_validator("cells")
    @classmethod
    def _c(cls, v: Sequence[Hex] | None) -> list[Hex] | None:
        """A pass leaves the cells out."""
        return None if v is None else check_cells(v)

    @model_validator(mode="after")
    def _one_kind(self) -> Move:
        """A placement gives a piece and cells, a pass neither."""
        if self.pass_:
            if self.piece is not None or self.cells is not None:
                raise ValueError("a pass has no piece or cells")
        elif self.piece is None or self.cells is None:
            raise ValueError("a move gives 'piece' and 'cells', or 'pass: true'")
        return self


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

    @field_validator("colours")
    @classmethod
    def _colours(cls, v: Sequence[str]) -> list[str]:
        """Each one of the game's colours."""
        return [check_colour(c) for c in v]

    @model_validator(mode="after")
    def _counts(self) -> GembloRecord:
        """As many colours as the players play (GEM-6), each once; obstacles only with 5
        players; moves and names only of the colours in play."""
        want = 4 if self.players == 2 else self.players
        if len(self.colours) != want:
            raise ValueError(f"colours: {self.players} players play {want} colours; the record lists {len(self.colours)}")
        if len(set(self.colours)) != len(self.colours):
            raise ValueError("colours: a colour is listed twice")
        if self.obstacles is not None and self.players != 5:
            raise ValueError("obstacles: only a 5-player game has obstacles")
        for i, m in enumerate(self.moves):
            if m.colour not in self.colours:
                raise ValueError(f"moves[{i}]: {m.colour} is not one of the colours in play "
                                 f"({', '.join(self.colours)})")
        for c in self.names:
            if c not in self.colours:
                raise ValueError(f"names: {c} is not one of the colours in play")
        return self

    @model_validator(mode="after")
    def _distinct(self) -> GembloRecord:
        """Each player's name once, as the scorer names them (a colour without a name is called
        by its colour), compared as :func:`~printkit.core.records.distinct_names` does."""
        from printkit.games.gemblo.state import owners

        who = owners(self)
        try:
            distinct_names([who[c] for c in self.colours[:self.players]])  # with 2 players: a and b
        except ValueError as e:
            raise ValueError(f"names: {e}") from None
        return self
