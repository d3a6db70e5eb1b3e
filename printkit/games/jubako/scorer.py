"""Scoring a Jubako record: the Game the core replays (printkit.core.game), turn by turn on a
:class:`~printkit.games.jubako.state.JubakoState`."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from printkit.core.game import Game, Step
from printkit.games.jubako.state import JubakoState, standing

if TYPE_CHECKING:  # the record model is named, not imported (Game.model imports it)
    from printkit.games.jubako.record import JubakoRecord


def start(records: Sequence[JubakoRecord]) -> JubakoState:
    (rec,) = records
    return JubakoState.start(rec)


def moves(records: Sequence[JubakoRecord]) -> Iterator[Step]:
    (rec,) = records
    for i, turn in enumerate(rec.turns):
        yield 0, ("turns", i), turn


GAME = Game("jubako", "Jubako", "printkit.games.jubako.record:JubakoRecord", start, moves, standing)
