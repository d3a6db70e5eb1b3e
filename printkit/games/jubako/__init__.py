"""Jubako: boards, tiles and tokens to print, and a scorer that replays every turn.

Rules: the rulebook (jubako.txt in the shared rulebooks); every id cited, JUB-1 to JUB-7 and the PK rulings,
is explained in docs/rules/jubako.md and by `printkit rules jubako`.
"""

from __future__ import annotations

from printkit.games.jubako import components, pad, web
from printkit.games.jubako.scorer import GAME as RULES
from printkit.core.registry import (Component, Setting, register, register_form_reader, register_game,
                                    register_scorekeeper, yes_no)

GAME = "jubako"

register(Component(GAME, "board", "the jubako board: 5x5 side and 4x4 side, with the 0-49 track",
                   components.build_board))
register(Component(GAME, "tiles", "all 90 tiles at the board's cell size, with cut lines", components.build_tiles))
register(Component(GAME, "tokens", "victory-point tokens 50/100/150/200 for four players", components.build_tokens))
register(Component(GAME, "aid", "player aid: a turn, scoring, the five advanced options", components.build_aid))
register(Component(GAME, "pad", "score pad: turn scores and bonuses, options worksheets with the rulebook's examples",
                   pad.build_pad, settings={"fillable": Setting("no", "PDF form fields in every box (yes/no)", yes_no)}))
register_form_reader(pad.FORM_READER)  # printkit score jubako pad.pdf: a filled score pad
register_game(RULES)
register_scorekeeper(web.SCOREKEEPER)  # printkit serve: the Jubako page (web.py, web/page.js)
