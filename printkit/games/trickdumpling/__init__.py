"""Trick Dumpling: cards and boards to print, a trick referee, and a game scorer.

Rules: ../shared/rulebooks/trick-dumpling.txt, rulings TD-1 to TD-12.
"""

from __future__ import annotations

from printkit.games.registry import Scorer, register_scorer
from printkit.games.trickdumpling import scorer
from printkit.games.trickdumpling.record import TrickDumplingRecord

GAME = "trickdumpling"


def _score(records):
    (_file, record, _lines), = records
    return scorer.score(record)


register_scorer(Scorer(GAME, TrickDumplingRecord, _score))
