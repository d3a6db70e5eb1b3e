"""Jubako: boards, tiles and tokens to print, and a scorer that replays every turn.

Rules: the rulebook (jubako.txt in the shared rulebooks); every id cited, JUB-1 to JUB-7 and the PK rulings,
is explained in docs/rules/jubako.md and by `printkit rules jubako`.
"""

from __future__ import annotations

from printkit.core.registry import (Component, Setting, lazy, register, register_form_reader, register_game,
                                    register_scorekeeper, yes_no)
from printkit.core.export.tts import register_parts

# Registered by name ("module:attribute"), imported on first use (issue 16).
GAME = "jubako"
_HERE = __name__

register(Component(GAME, "board", "the double-sided jubako board: 5x5 side, 4x4 side on its back (long-edge duplex), with the 0-49 track and a scoring key",
                   lazy(f"{_HERE}.components:build_board"), kind="board"))
register(Component(GAME, "tiles", "all 90 tiles at the board's cell size, then the 20 victory-point tokens below the tiles; a common back follows each sheet (long-edge duplex)",
                   lazy(f"{_HERE}.components:build_tiles"), kind="tile"))
register_parts(GAME, "tiles", f"{_HERE}.tts:tiles")  # --format tts: the singles' pairs cut apart
register(Component(GAME, "tokens", "victory-point tokens 50/100/150/200, a set for each player and a spare set, with a common back, alone (make all prints them with the tiles)",
                   lazy(f"{_HERE}.components:build_tokens"), kind="token", printed_with="tiles"))
register(Component(GAME, "aid", "player aid: a turn, scoring, the five advanced options", lazy(f"{_HERE}.components:build_aid"), kind="aid"))
register(Component(GAME, "pad", "score pad: turn scores and bonuses, options worksheets with the rulebook's examples",
                   lazy(f"{_HERE}.pad:build_pad"), settings={"fillable": Setting("no", "PDF form fields in every box (yes/no)", yes_no)}, kind="pad"))
register_form_reader(f"{_HERE}.pad:FORM_READER", GAME)  # printkit score jubako pad.pdf: a filled score pad
register_game(f"{_HERE}.scorer:GAME", GAME)
register_scorekeeper(f"{_HERE}.web:SCOREKEEPER", GAME)  # printkit serve: the Jubako page (web.py, web/page.js)
