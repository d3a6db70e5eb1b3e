"""An automatic table: whole legal games from a seed (for examples, tests and benchmarks).

Tiles are shuffled and the player count's extra tiles removed (JUB-1); players draw from the
pile (the four face-up tiles are left out: a record does not say where a tile came from);
each turn a player makes the move of :meth:`JubakoState.legal_moves` that scores most (a random
one among the best), or removes a random tile when none of theirs fits (JUB-5). The rules and
the points are the State's.
"""

from __future__ import annotations

import random
from typing import Literal

from printkit.games.jubako.content import CONTENT
from printkit.games.jubako.record import JubakoRecord, Options, Turn
from printkit.games.jubako.state import JubakoState, Tile, laid


def choose(state: JubakoState, hand: list[Tile], rng: random.Random) -> Turn:
    """The placement that scores most (ties broken at random), or a random removal."""
    moves = list(state.legal_moves(hand) or ())
    if moves[0].discard is not None:
        return moves[rng.randrange(len(moves))]
    return max(moves, key=lambda m: (sum(state.points(m)[1:]), rng.random()))


def play_game(players: list[str], seed: int, board: Literal["5x5", "4x4"] = "5x5", bonus: int | None = None) -> list[dict]:
    """The ``turns`` of a whole game: as a record writes them."""
    rng = random.Random(seed)
    state = JubakoState.start(JubakoRecord(board=board, players=players, options=Options(picky_eaters=bonus), turns=[]))
    tiles = [tuple(sorted(t, key=CONTENT.ids.index)) for t in CONTENT.doubles]
    rng.shuffle(tiles)
    tiles = tiles[CONTENT.removed[len(players)]:]
    hands: dict[str, list[Tile]] = {p: [tiles.pop(), tiles.pop()] for p in players}
    turns: list[dict] = []
    while (player := state.to_move) is not None:
        hand = hands[player]
        if tiles:
            hand.append(tiles.pop())
        move = choose(state, hand, rng)
        played = set(move.discard if move.discard is not None else laid(move)[0])
        hand.remove(next(t for t in hand if set(t) == played))
        state.apply(move)
        turns.append(move.model_dump(mode="json", exclude_none=True))
    return turns
