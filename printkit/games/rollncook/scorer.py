"""Roll n Cook's scorer as a Game spec: the core replays the records' hours on
:class:`~printkit.games.rollncook.state.RollNCookState` (every hour checked, RNC-2 to RNC-7 and
RNC-11, scored by RNC-8 and RNC-12, several players ranked together with the same dice, RNC-10).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from printkit.core.game import Game, replay
from printkit.core.score import Report
from printkit.games.rollncook.state import RollNCookState, moves, rank_key

if TYPE_CHECKING:
    from printkit.games.rollncook.record import RollNCookRecord

# The record model by name: imported when first needed (Game.model).
GAME = Game("rollncook", "Roll n Cook", "printkit.games.rollncook.record:RollNCookRecord", start=RollNCookState.start,
            moves=moves, rank_key=rank_key, multi=True)


def score(records: Sequence[RollNCookRecord]) -> Report:
    """Score records read elsewhere (no file, no lines): the tests' and tools' short form."""
    return replay(GAME, [("", r, {}) for r in records])
