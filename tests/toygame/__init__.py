"""Nim, a game that exists only for the tests: proof that a game is one folder.

It touches no core, CLI or registry file: the tests name this module in ``PRINTKIT_GAMES``,
and it registers a printable pile sheet (from its own layout file) and its rules, a State that
``printkit score`` replays.

Rules: a pile of stones; players take 1 to 3 in turn (NIM-1: turn order, NIM-2: how many may be
taken); whoever takes the last stone wins (NIM-3).
"""

from __future__ import annotations

from pathlib import Path

from printkit.core.build import build_document
from printkit.core.draw.page import FooterInfo, PrintOptions
from printkit.core.game import Game
from printkit.core.registry import Component, Setting, register, register_game, register_scorekeeper, whole_between
from printkit.core.table import Scorekeeper
from tests.toygame.state import NimRecord, NimState, moves

GAME = "nim"
LAYOUT = Path(__file__).parent / "layouts" / "pile.yaml"


def build_pile(opts: PrintOptions, stones: int = 15):
    return build_document(str(LAYOUT), opts, FooterInfo(GAME, "pile"), data={"stones": list(range(stones))})


register(Component(GAME, "pile", "a sheet of stones to cut out", build_pile,
                   settings={"stones": Setting("15", "how many stones", whole_between(1, 20, "stones"))}))
NIM = register_game(Game(GAME, "Nim", NimRecord, start=lambda recs: NimState.start(recs[0]), moves=moves,
                         rank_key=lambda p: (p.total,)))

from tests.toygame import web as _web  # noqa: E402 - the page needs the game above

NIM_KEEPER = register_scorekeeper(Scorekeeper(NIM, _web.NimSetup, _web.NimMove, _web.records, _web.split, _web.view,
                                 Path(__file__).parent / "page", _web.file_names, _web.rounds))
