"""Jubako: boards, tiles and tokens to print, and a scorer that replays every turn.

Rules: ../shared/rulebooks/jubako.txt, rulings JUB-1 to JUB-7.
"""

from __future__ import annotations

from printkit.games.jubako import scorer
from printkit.games.jubako.record import JubakoRecord
from printkit.games.registry import Scorer, register_scorer

GAME = "jubako"


def _score(records):
    (_file, record, _lines), = records
    return scorer.score(record)


register_scorer(Scorer(GAME, JubakoRecord, _score))
