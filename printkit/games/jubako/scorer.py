"""Scoring a Jubako record: the Game the core replays (printkit.core.game), turn by turn on a
:class:`~printkit.games.jubako.state.JubakoState`."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from printkit.core.game import Game, Step
from printkit.games.jubako.record import JubakoRecord
from printkit.games.jubako.state import JubakoState, standing


def start(records: Sequence[JubakoRecord]) -> JubakoState:
    (rec,) = records
    return JubakoState.start(rec)


def moves(records: Sequence[JubakoRecord]) -> Iterator[Step]:
    (rec,) = records
    for i, turn in enumerate(rec.turns):
        yield 0, ("turns", i), turn


GAME = Game("jubako", "Jubako", JubakoRecord, start, moves, standing)
