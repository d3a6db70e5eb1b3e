"""The checks a Jubako record's models run, apart from pydantic (issue 16).

:mod:`printkit.games.jubako.record` wires these functions into its pydantic models, which stay
the one definition of a record (``printkit schema``, the pages, the error messages). Scoring
validates a record with pydantic-core alone, from the models' core schema compiled to a module:
every function that schema calls must be importable, by module and name, from a module that does
not import pydantic. So they are plain module-level functions here (no lambdas, no closures),
and use only the records' attributes. Their messages are the ones a reader of ``printkit
score`` sees (exit 2): they must not change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from printkit.core.records import distinct_names
from printkit.games.jubako.content import CONTENT
from printkit.games.jubako.rules import adjacent, parse_cell

if TYPE_CHECKING:
    from printkit.games.jubako.record import JubakoRecord, Turn


def delicacy(v: Any) -> str:
    """A delicacy's id (before pydantic checks it is a string, so that any unknown value gets
    the list of delicacies)."""
    if v not in CONTENT.ids:
        raise ValueError(f"unknown delicacy {v!r}; delicacies are {', '.join(CONTENT.ids)}")
    return v


def turn_kind(self: Turn) -> Turn:
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


def distinct_players(cls: type, v: list[str]) -> list[str]:
    """The record's players, every name once (a turn names its player)."""
    return distinct_names(v)


def little_jubako(cls: type, data: Any) -> Any:
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


def check_record(self: JubakoRecord) -> JubakoRecord:
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
