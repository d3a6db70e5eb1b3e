"""An automatic player: a whole legal game from a seed (for examples, tests and benchmarks).

Each colour in turn places one of its largest legal pieces (chosen with the seeded random
generator among them), or passes for good when it has none (GEM-7).
"""

from __future__ import annotations

import random

from printkit.games.gemblo.rules import State, legal_moves
from printkit.games.gemblo.scorer import default_obstacles, obstacle_colour


def play_game(players: int, colours: list[str], seed: int) -> list[dict]:
    """The moves of a complete game, as record entries."""
    rng = random.Random(seed)
    obstacles = []
    if players == 5:
        colour = obstacle_colour(colours)
        obstacles = [(colour, p, c) for p, c in default_obstacles()]
    state = State.new(players, colours, obstacles)
    passed: set[str] = set()
    moves: list[dict] = []
    while len(passed) < len(colours):
        for colour in colours:
            if colour in passed:
                continue
            options = list(legal_moves(state, colour))
            if not options:
                passed.add(colour)
                moves.append({"colour": colour, "pass": True})
                continue
            biggest = max(len(c) for _, c in options)
            piece, cells = rng.choice([o for o in options if len(o[1]) == biggest])
            state = state.place(colour, piece, cells)
            moves.append({"colour": colour, "piece": piece, "cells": [list(c) for c in cells]})
    return moves
