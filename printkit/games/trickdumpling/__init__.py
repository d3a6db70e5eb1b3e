"""Trick Dumpling: cards and boards to print, a trick referee, and a game scorer.

Rules: the rulebook (trick-dumpling.txt in the shared rulebooks); every id cited, TD-1 to TD-15 and the PK rulings,
is explained in docs/rules/trickdumpling.md and by `printkit rules trickdumpling`.
"""

from __future__ import annotations

from printkit.core.registry import (Component, Setting, lazy, register, register_form_reader, register_game,
                                    register_scorekeeper, yes_no)

# Registered by name ("module:attribute"), imported on first use (issue 16).
GAME = "trickdumpling"
_HERE = __name__

register(Component(GAME, "cards", "the 35 dumpling cards, poker size, with a common back for duplex",
                   lazy(f"{_HERE}.components:build_cards"), kind="card"))
register(Component(GAME, "missions", "5 mission cards: basic mission; backs: 4 owner's nephew, 1 spy",
                   lazy(f"{_HERE}.components:build_missions"), kind="card"))
register(Component(GAME, "rank", "the four suit rank boards and a player-aid board", lazy(f"{_HERE}.components:build_rank"), kind="card"))
register(Component(GAME, "cooks", "the 5 cook boards of the cook variation", lazy(f"{_HERE}.components:build_cooks"), kind="card"))
register(Component(GAME, "track", "a score track for up to 5 players (instead of score dice)",
                   lazy(f"{_HERE}.components:build_track"), kind="board"))
register(Component(GAME, "aid", "player aid: setup, tricks, scoring, the 2-player Master", lazy(f"{_HERE}.components:build_aid"), kind="aid"))
register(Component(GAME, "pad", "score pad: tricks, missions and points a round, the threshold, the Master",
                   lazy(f"{_HERE}.pad:build_pad"), settings={"fillable": Setting("no", "PDF form fields in every box (yes/no)", yes_no)}, kind="pad"))
register_form_reader(f"{_HERE}.pad:FORM_READER", GAME)
register_game(f"{_HERE}.scorer:GAME", GAME)
register_scorekeeper(f"{_HERE}.web:SCOREKEEPER", GAME)  # printkit serve: the Trick Dumpling page (web.py, web/page.js)
