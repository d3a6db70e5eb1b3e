"""Roll n Cook: seeded score sheets, a scorer that replays every hour, and a balance simulator.

Rules: ../shared/rulebooks/roll-n-cook.txt, rulings RNC-1 to RNC-10.
"""

from __future__ import annotations

from printkit.games.registry import Scorer, register_scorer
from printkit.games.rollncook import scorer
from printkit.games.rollncook.record import RollNCookRecord

GAME = "rollncook"


def _score(records):
    return scorer.score([r for _, r, _ in records])


register_scorer(Scorer(GAME, RollNCookRecord, _score, multi=True))
