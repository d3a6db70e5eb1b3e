"""Roll n Cook: seeded score sheets, a scorer that replays every hour, and a balance simulator.

Rules: the rulebook (roll-n-cook.txt in the shared rulebooks); every id cited, RNC-1 to RNC-12 and the PK rulings,
is explained in docs/rules/rollncook.md and by `printkit rules rollncook`.
"""

from __future__ import annotations

from printkit.games.registry import (
    Component, Scorer, Simulator, SolveResult, register, register_scorer, register_simulator,
)
from printkit.games.rollncook import components, scorer, simulate
from printkit.games.rollncook.record import RollNCookRecord

GAME = "rollncook"

register(Component(GAME, "sheet", "the seeded score sheet (one page; --count N for N seeds)",
                   components.build_sheets, seeded=True,
                   settings={"count": ("1", "how many sheets, for consecutive seeds, in one file")},
                   dump=components.dump_sheets))


def _score(records):
    return scorer.score([r for _, r, _ in records])


register_scorer(Scorer(GAME, RollNCookRecord, _score, multi=True, title="Roll n Cook"))


def _simulate(first_seed: int, games: int, seeds: int) -> SolveResult:
    out = simulate.report(first_seed, games, seeds)
    return SolveResult(out["text"], out["data"])


register_simulator(Simulator(GAME, _simulate))
