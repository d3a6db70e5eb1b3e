"""Trick Dumpling: cards and boards to print, a trick referee, and a game scorer.

Rules: the rulebook (trick-dumpling.txt in the shared rulebooks); every id cited, TD-1 to TD-15 and the PK rulings,
is explained in docs/rules/trickdumpling.md and by `printkit rules trickdumpling`.
"""

from __future__ import annotations

from printkit.core.registry import (Component, Setting, register, register_form_reader, register_game,
                                    register_scorekeeper, yes_no)
from printkit.games.trickdumpling import components, pad, web
from printkit.games.trickdumpling.scorer import GAME as RULES

GAME = "trickdumpling"

register(Component(GAME, "cards", "the 35 dumpling cards, poker size, with a common back for duplex",
                   components.build_cards))
register(Component(GAME, "missions", "5 mission cards: basic mission; backs: 4 owner's nephew, 1 spy",
                   components.build_missions))
register(Component(GAME, "rank", "the four suit rank boards and a player-aid board", components.build_rank))
register(Component(GAME, "cooks", "the 5 cook boards of the cook variation", components.build_cooks))
register(Component(GAME, "track", "a score track for up to 5 players (instead of score dice)",
                   components.build_track))
register(Component(GAME, "aid", "player aid: setup, tricks, scoring, the 2-player Master", components.build_aid))
register(Component(GAME, "pad", "score pad: tricks, missions and points a round, the threshold, the Master",
                   pad.build_pad, settings={"fillable": Setting("no", "PDF form fields in every box (yes/no)", yes_no)}))
register_form_reader(pad.FORM_READER)
register_game(RULES)
register_scorekeeper(web.SCOREKEEPER)  # printkit serve: the Trick Dumpling page (web.py, web/page.js)
