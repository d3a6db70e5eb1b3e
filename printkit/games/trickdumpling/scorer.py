"""Scoring Trick Dumpling: the Game the core replays (printkit.core.game), card by card on a
:class:`~printkit.games.trickdumpling.state.TrickDumplingState` for a whole game, or on a
:class:`~printkit.games.trickdumpling.state.SingleTrickState` for one trick (the referee)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.core.game import Game, replay
from printkit.core.score import PlayerResult, Report
from printkit.games.trickdumpling.state import moves, start

if TYPE_CHECKING:
    from printkit.games.trickdumpling.record import GameRecord, TrickRecord


def rank_key(result: PlayerResult) -> tuple:
    """Most points (a trick: its winner); ties share the victory (TD-10)."""
    return (result.total,)


# The record model by name: imported when first needed (GAME.model), not to score (issue 16).
GAME = Game("trickdumpling", "Trick Dumpling", "printkit.games.trickdumpling.record:TrickDumplingRecord", start, moves,
            rank_key)


def score(rec: TrickRecord | GameRecord) -> Report:
    """The report on one record, without a file (the CLI's ``printkit score`` names the lines).

    ``winners`` keeps the scorer contract for a trick too: the trick's winner when the trick is
    legal, nobody when it breaks a rule; ``winner`` (an extra key) likewise. The events still
    tell who would take it by the cards as played."""
    return replay(GAME, [(None, rec, {})])  # type: ignore[list-item]


score_trick = score_game = score
