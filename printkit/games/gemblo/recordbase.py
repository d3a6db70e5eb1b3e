"""The checks of a Gemblo record that the record models (:mod:`printkit.games.gemblo.record`)
run while they validate one: every function pydantic calls, here as module-level functions,
so that a record can be validated by pydantic-core without importing pydantic (issue 16).

Their error messages are the record's (docs/records.md): ``printkit score`` shows them. Nothing
here imports pydantic.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from printkit.core.geometry.hexgrid import Hex
from printkit.core.geometry.polyhex import is_connected
from printkit.games.gemblo.content import CONTENT
from printkit.games.gemblo.rules import cells_text

if TYPE_CHECKING:
    from printkit.games.gemblo.record import GembloRecord, Move


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
    return [tuple(c) for c in cells]


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


def piece(cls: type, v: str) -> str:
    """Field validator of an obstacle's ``piece`` (Placed)."""
    return check_piece(v)


def cells(cls: type, v: Sequence[Hex]) -> list[Hex]:
    """Field validator of an obstacle's ``cells`` (Placed)."""
    return check_cells(v)


def colour(cls: type, v: str) -> str:
    """Field validator of a move's ``colour`` (Move)."""
    return check_colour(v)


def optional_piece(cls: type, v: str | None) -> str | None:
    """Field validator of a move's ``piece``, which a pass leaves out (Move)."""
    return None if v is None else check_piece(v)


def optional_cells(cls: type, v: Sequence[Hex] | None) -> list[Hex] | None:
    """Field validator of a move's ``cells``, which a pass leaves out (Move)."""
    return None if v is None else check_cells(v)


def colours(cls: type, v: Sequence[str]) -> list[str]:
    """Field validator of a record's ``colours`` (GembloRecord): each one of the game's."""
    return [check_colour(c) for c in v]


def one_kind(self: Move) -> Move:
    """Model validator (after) of a move: a placement gives a piece and cells, a pass neither."""
    if self.pass_:
        if self.piece is not None or self.cells is not None:
            raise ValueError("a pass has no piece or cells")
    elif self.piece is None or self.cells is None:
        raise ValueError("a move gives 'piece' and 'cells', or 'pass: true'")
    return self


def counts(self: GembloRecord) -> GembloRecord:
    """Model validator (after) of a record: as many colours as the players play (GEM-6), each
    once; obstacles only with 5 players; moves and names only of the colours in play."""
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
