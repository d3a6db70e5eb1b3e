"""An automatic table: whole legal games from a seed (for examples, tests and benchmarks).

Tiles are shuffled and the player count's extra tiles removed (JUB-1); players draw from the
pile (the four face-up tiles are left out: a record does not say where a tile came from);
each turn a player places the tile and spot that score most, or removes a tile when none of
their three fits (JUB-5).
"""

from __future__ import annotations

import random

from printkit.games.jubako.content import CONTENT
from printkit.games.jubako.rules import PlayerBoard, placements, turn_points


def play_game(players: list[str], seed: int, board: str = "5x5", bonus: int | None = None) -> list[dict]:
    rng = random.Random(seed)
    bonus = CONTENT.bonus if bonus is None else bonus
    tiles = [tuple(sorted(t, key=CONTENT.ids.index)) for t in CONTENT.doubles]
    rng.shuffle(tiles)
    tiles = tiles[CONTENT.removed[len(players)]:]
    hands = {p: [tiles.pop(), tiles.pop()] for p in players}
    boards = {p: PlayerBoard(CONTENT.boards[board]) for p in players}
    turns: list[dict] = []
    tid = 0
    while any(hands.values()):
        for p in players:
            hand = hands[p]
            if tiles:
                hand.append(tiles.pop())
            if not hand:
                continue
            b = boards[p]
            best = None
            for k, tile in enumerate(hand):
                for laid, cells in placements(b, tile):
                    after = b.place(laid, cells, tid)
                    for d in dict.fromkeys(laid):
                        pts = sum(turn_points(b, after, laid, cells, d, bonus))
                        key = (pts, rng.random())
                        if best is None or key > best[0]:
                            best = (key, k, laid, cells, d, after)
            if best is None:
                gone = hand.pop(rng.randrange(len(hand)))
                turns.append({"player": p, "discard": list(gone), "hand": [list(h) for h in hand + [gone]]})
            else:
                _, k, laid, cells, d, after = best
                hand.pop(k)
                boards[p] = after
                turns.append({"player": p, "tile": list(laid), "cells": list(cells), "score": d})
            tid += 1
    return turns
