"""An automatic player: a whole legal game from a seed (for examples, tests and benchmarks).

Each colour in turn places one of its largest legal pieces (chosen with the seeded random
generator among them), or passes for good when it has none (GEM-7). The turns, the legal
placements and the passes are the State's (state.py): this module only chooses.
"""

from __future__ import annotations

import random

from printkit.games.gemblo.record import GembloRecord, Move
from printkit.games.gemblo.state import start


def entry(move: Move) -> dict:
    """A move as a record writes it.

    >>> from printkit.games.gemblo.state import passing, placement
    >>> entry(placement("red", "D2", [(0, 0), (1, 0)])), entry(passing("red"))
    ({'colour': 'red', 'piece': 'D2', 'cells': [[0, 0], [1, 0]]}, {'colour': 'red', 'pass': True})
    """
    if move.pass_:
        return {"colour": move.colour, "pass": True}
    return {"colour": move.colour, "piece": move.piece, "cells": [list(c) for c in move.cells or ()]}


def _largest(options: list[Move], rng: random.Random) -> Move:
    biggest = max(len(m.cells or ()) for m in options)
    return rng.choice([m for m in options if len(m.cells or ()) == biggest])


def play_game(players: int, colours: list[str], seed: int) -> list[dict]:
    """The moves of a complete game, as record entries."""
    rng = random.Random(seed)
    state = start([GembloRecord(players=players, colours=colours, moves=[])])
    moves: list[dict] = []
    while state.to_move is not None:
        options = state.legal_moves()
        move = options[0] if options[0].pass_ else _largest(options, rng)
        violations = state.apply(move)
        assert not violations, violations
        moves.append(entry(move))
    return moves
