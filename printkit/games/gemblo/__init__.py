"""Gemblo: the board and 108 pieces to print, and its rules as a State (state.py) that the
scorer replays and the automatic player (play.py) drives, validating every placement.

Rules: the rulebook (gemblo.txt in the shared rulebooks); every id cited, GEM-1 to GEM-7 and the PK rulings,
is explained in docs/rules/gemblo.md and by `printkit rules gemblo`.
"""

from __future__ import annotations

from printkit.core.registry import (Component, Setting, lazy, length_between, register, register_form_reader,
                                    register_game, register_scorekeeper, yes_no)

# Registered by name ("module:attribute"), imported on first use (issue 16): scoring a Gemblo
# record imports the record and State, not the drawing. The sizes are components.py's
# DEFAULT_HEX, HEX_RANGE, DEFAULT_OVERLAP and OVERLAP_RANGE (tests/test_lazy_games.py checks).
GAME = "gemblo"
_HERE = __name__
DEFAULT_HEX, HEX_RANGE = 16.0, (8.0, 30.0)
DEFAULT_OVERLAP, OVERLAP_RANGE = 10.0, (5.0, 30.0)

_HEX = Setting(f"{DEFAULT_HEX:g}mm", "cells across flats, 8 to 30 mm (16 mm: the board is about 40 cm across)",
               length_between(*HEX_RANGE, "cells across flats"))
_COORDS = Setting("no", "print light cell coordinates (yes/no)", yes_no)
register(Component(GAME, "board", "the board at real size, tiled over pages (turned if that takes fewer), "
                   "with an assembly map and a key on each tile",
                   lazy(f"{_HERE}.components:build_board"),
                   settings={"hex_size": _HEX, "coords": _COORDS,
                             "overlap": Setting(f"{DEFAULT_OVERLAP:g}mm", "overlap between tiles, 5 to 30 mm",
                                                length_between(*OVERLAP_RANGE, "the overlap"))}, kind="board"))
register(Component(GAME, "overview", "the whole board on one page, at reduced scale, with the 5-player obstacles (PK-7)",
                   lazy(f"{_HERE}.components:build_overview"), settings={"hex_size": _HEX, "coords": _COORDS}, kind="aid"))
register(Component(GAME, "pieces", "18 pieces x 6 colours at the board's cell size, named, with colour symbols; "
                   "each sheet's backs follow it (pieces may be flipped, GEM-3); the last sheet's foot: the set-up "
                   "diagram, backed by the list of pieces",
                   lazy(f"{_HERE}.components:build_pieces"),
                   settings={"hex_size": _HEX,
                             "backs": Setting("yes", "a page of backs after each sheet, for long-edge duplex (yes/no)",
                                              yes_no)}, kind="piece"))
register(Component(GAME, "pad", "score pad: pieces left per colour, blocks, each player's penalty (2-6 players)",
                   lazy(f"{_HERE}.pad:build_pad"), settings={"fillable": Setting("no", "PDF form fields in every box (yes/no)", yes_no)}, kind="pad"))
register_form_reader(f"{_HERE}.pad:FORM_READER", GAME)  # printkit score gemblo pad.pdf: a filled score pad


register_game(f"{_HERE}.state:GEMBLO", GAME)
register_scorekeeper(f"{_HERE}.web:KEEPER", GAME)  # printkit serve's Gemblo page (web.py, web/page.js)
