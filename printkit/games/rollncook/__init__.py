"""Roll n Cook: seeded score sheets, a scorer that replays every hour, and a balance simulator.

Rules: the rulebook (roll-n-cook.txt in the shared rulebooks); every id cited, RNC-1 to RNC-12 and the PK rulings,
is explained in docs/rules/rollncook.md and by `printkit rules rollncook`.
"""

from __future__ import annotations

from printkit.core.registry import (
    Component, PhotoReader, Setting, Simulator, SolveResult, lazy, register, register_form_reader,
    register_game, register_photo_reader, register_scorekeeper, register_simulator, whole_between, yes_no,
)

# What is registered is named ("module:attribute") and imported on first use: scoring imports
# the record and State, not the drawing (issue 16).
NAME = "rollncook"
_HERE = __name__

register(Component(NAME, "sheet", "the seeded score sheet (one page; --count N for N seeds)",
                   lazy(f"{_HERE}.components:build_sheets"), seeded=True,
                   settings={"count": Setting("1", "how many sheets, for consecutive seeds, in one file",
                                              whole_between(1, 10000, "sheets")),
                             "fillable": Setting("no", "PDF form fields over every mark, to fill in on "
                                                       "a tablet and score (printkit score rollncook FILE.pdf)",
                                                 yes_no)},
                   dump=lazy(f"{_HERE}.components:dump_sheets"), kind="sheet"))

register_game(f"{_HERE}.scorer:GAME", NAME)
register_form_reader(f"{_HERE}.filled:READER", NAME)


def _simulate(first_seed: int, games: int, seeds: int) -> SolveResult:
    from printkit.games.rollncook import simulate

    out = simulate.report(first_seed, games, seeds)
    return SolveResult(out["text"], out["data"])


register_simulator(Simulator(NAME, _simulate))
register_scorekeeper(f"{_HERE}.web:SCOREKEEPER", NAME)
# printkit scan: the sheet is made to be read back from a photo (scan.py; needs the scan extra)
register_photo_reader(PhotoReader(NAME, lazy(f"{_HERE}.scan:scan")))
