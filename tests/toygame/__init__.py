"""Nim, a game that exists only for the tests: proof that a game is one folder.

It touches no core, CLI or registry file: the tests name this module in ``PRINTKIT_GAMES`` (or
import it), and it registers a printable pile sheet (from its own layout file, components.py),
its rules (a State that ``printkit score`` replays, state.py) and its page for ``printkit serve``
(web.py, web/page.js). Copied into ``printkit/games/nim/``, with its rules doc
(tests/rules/nim.md) copied to docs/rules/, it is one of the package's games (docs/adding-a-game.md).

Like the package's games it registers by name (``"module:attribute"``): what it registers is
imported when first used, so a command about another game imports none of it.

Rules (tests/rules/nim.md): a pile of stones; players take 1 to 3 in turn (NIM-1: turn order, NIM-2: how
many may be taken); whoever takes the last stone wins (NIM-3).
"""

from __future__ import annotations

from printkit.core.registry import Component, Setting, lazy, register, register_game, register_scorekeeper, whole_between

GAME = "nim"
_HERE = __name__

register(Component(GAME, "pile", "a sheet of stones to cut out", lazy(f"{_HERE}.components:build_pile"),
                   settings={"stones": Setting("15", "how many stones", whole_between(1, 20, "stones"))}, kind="sheet"))
register_game(f"{_HERE}.state:NIM", GAME)
register_scorekeeper(f"{_HERE}.web:KEEPER", GAME)
