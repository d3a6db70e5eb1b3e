"""An independent Jubako referee and game generator.

Written from ../shared/rulebooks/jubako.txt, ../shared/RULINGS.md (JUB-1..7), docs/rulings.md
(PK-12, PK-13) and docs/records.md only; it shares no code with printkit.games.jubako. Records
are plain dicts in the documented format (docs/records.md, "Jubako").
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from tests.corpus.verdict import Verdict as BaseVerdict

# JUB-2: the rulebook's order of the 12 delicacies.
DELICACIES = ("yude-tamago", "tobiko", "ika", "broccoli", "maguro", "tamagoyaki", "nori",
              "avocado", "gohan", "kyuri", "tomato", "tako")
PRINTED = {
    "5x5": {"B1": "gohan", "D1": "nori", "A2": "tobiko", "E2": "kyuri", "C3": "tamagoyaki",
            "A4": "maguro", "E4": "avocado", "C5": "tomato"},
    "4x4": {"A1": "tobiko", "D2": "kyuri", "A3": "maguro", "C4": "tamagoyaki"},
}
TILES_IN_PLAY = {2: 50, 3: 66, 4: 76}   # rulebook, Setup 2


def copies(a: str, b: str) -> int:
    """JUB-1: how many double tiles show the pair a-b."""
    if a == b:
        return 0
    i, j = DELICACIES.index(a), DELICACIES.index(b)
    return 1 + (1 if (i - j) % 12 in (1, 11) else 0)


def full_set() -> list[tuple[str, str]]:
    out = []
    for i, a in enumerate(DELICACIES):
        for b in DELICACIES[i + 1:]:
            out += [(a, b)] * copies(a, b)
    assert len(out) == 78
    return out


def cells_of(size: str) -> list[str]:
    n = int(size[0])
    return [f"{c}{r}" for r in range(1, n + 1) for c in "ABCDE"[:n]]


def adjacent_pairs(size: str) -> list[tuple[str, str]]:
    n = int(size[0])
    out = []
    for r in range(1, n + 1):
        for c in range(n):
            here = f"{'ABCDE'[c]}{r}"
            if c + 1 < n:
                out.append((here, f"{'ABCDE'[c + 1]}{r}"))
            if r + 1 <= n:
                out.append((here, f"{'ABCDE'[c]}{r + 1}"))
    return out


def pair_key(t) -> tuple:
    return tuple(sorted(t))


class Board:
    def __init__(self, size: str):
        self.size = size
        self.printed = PRINTED[size]
        self.stacks: dict[str, list] = {c: [] for c in cells_of(size)}   # (delicacy, tile no.)
        self.count = 0

    def height(self, c) -> int:
        return len(self.stacks[c])

    def top(self, c):
        s = self.stacks[c]
        return s[-1][0] if s else self.printed.get(c)

    def top_tile(self, c):
        s = self.stacks[c]
        return s[-1][1] if s else None

    def problem(self, tile, cells) -> str | None:
        """Why the tile (first delicacy on the first cell) cannot lie there (JUB-3)."""
        (a, b), (c1, c2) = tile, cells
        h = self.height(c1)
        if self.height(c2) != h:
            return "heights differ"
        if h == 0:
            for d, c in ((a, c1), (b, c2)):
                if c in self.printed and self.printed[c] != d:
                    return f"{d} on printed {self.printed[c]}"
            return None
        if self.top(c1) != a and self.top(c2) != b:
            return "no half matches"
        return None

    def fits_anywhere(self, tile) -> bool:
        for c1, c2 in adjacent_pairs(self.size):
            for cells in ((c1, c2), (c2, c1)):
                if self.problem(tile, cells) is None:
                    return True
        return False

    def bonus(self, tile, cells) -> bool:
        (a, b), (c1, c2) = tile, cells
        return (self.height(c1) >= 1 and self.height(c2) >= 1 and self.top_tile(c1) != self.top_tile(c2)
                and self.top(c1) == a and self.top(c2) == b)

    def place(self, tile, cells):
        self.count += 1
        for d, c in zip(tile, cells):
            self.stacks[c].append((d, self.count))

    def visible(self):
        """(delicacy, layer) of each cell showing one; printed cells are layer 0."""
        for c, s in self.stacks.items():
            if s:
                yield s[-1][0], len(s)
            elif c in self.printed:
                yield self.printed[c], 0

    def count_visible(self, d) -> int:
        return sum(1 for x, _ in self.visible() if x == d)

    def uncovered(self) -> int:
        return sum(1 for s in self.stacks.values() if not s)


@dataclass
class Verdict(BaseVerdict):
    turn_points: dict = field(default_factory=dict)


def referee(rec: dict) -> Verdict:
    v = Verdict()
    bad = v.violations.append
    players = list(rec["players"])
    n = len(players)
    opts = rec.get("options") or {}
    size = rec.get("board", "5x5")
    if opts.get("little_jubako") and size != "4x4":
        bad(("options", "JUB-7"))
    bonus_value = opts.get("picky_eaters", 5)
    # JUB-1: 12 single tiles, one per delicacy: no two favourites are the same tile.
    favs = [d for p in players for d in (opts.get("favorite_food") or {}).get(p, [])]
    if len(favs) != len(set(favs)):
        bad(("options", "JUB-1"))
    boards = {p: Board(size) for p in players}
    pts = {p: 0 for p in players}
    v.turn_points = {p: [] for p in players}
    used: dict = {}
    turns = rec["turns"]
    limit = TILES_IN_PLAY[n]
    nxt = 0
    for i, t in enumerate(turns):
        where = f"turn {i + 1}"
        p = t["player"]
        if p != players[nxt % n]:
            bad((where, "PK-12"))
        nxt = players.index(p) + 1
        board = boards[p]
        tile = tuple(t["tile"] if "tile" in t else t["discard"])
        key = pair_key(tile)
        used[key] = used.get(key, 0) + 1
        if tile[0] == tile[1] or used[key] > copies(*tile) or i >= limit:
            bad((where, "JUB-1"))
        if "discard" in t:
            hand = [tuple(h) for h in t.get("hand", [])]
            # the rulebook: "You now have three tiles" while the piles last, then the two kept
            # tiles are played out; the removal is allowed only if none of those fits.
            if i < limit - 2 * n:
                held = 3
            else:
                held = 2 - sum(1 for u in turns[limit - 2 * n:i] if u["player"] == p)
            if len(hand) != held or pair_key(tile) not in [pair_key(h) for h in hand] \
                    or any(board.fits_anywhere(h) for h in hand):
                bad((where, "JUB-5"))
            pts[p] -= 1
            continue
        cells = tuple(t["cells"])
        if board.problem(tile, cells):
            bad((where, "JUB-3"))
        bonus = board.bonus(tile, cells)
        board.place(tile, cells)
        options = {d: board.count_visible(d) + (bonus_value if bonus else 0) for d in tile}
        if "score" in t and t["score"] is not None:
            if t["score"] not in tile:
                bad((where, "JUB-4"))
                got = max(options.values())   # unspecified: see the corpus test
            else:
                got = options[t["score"]]
        else:
            got = max(options.values())
        v.turn_points[p].append(got)
        pts[p] += got
    v.unfinished = len(turns) < limit
    ends = {}
    for p in players:
        b = boards[p]
        extra = 0
        for d in (opts.get("favorite_food") or {}).get(p, []):
            extra += b.count_visible(d)
        if opts.get("multi_tiered"):
            layers: dict = {}
            for d, layer in b.visible():
                if layer >= 1:
                    layers.setdefault(layer, {}).setdefault(d, 0)
                    layers[layer][d] += 1
            extra += sum(layer * max(c.values()) for layer, c in layers.items())
        if opts.get("peko_peko"):
            for d in DELICACIES:
                seen = [layer for x, layer in b.visible() if x == d]
                if seen:
                    extra += len(seen) * max(seen)
        ends[p] = extra
        pts[p] += extra
    v.totals = pts
    unc = {p: boards[p].uncovered() for p in players}
    v.ranking = sorted(players, key=lambda p: (-pts[p], -unc[p]))
    if v.valid and not v.unfinished:
        top = v.ranking[0]
        v.winners = [p for p in v.ranking if (pts[p], unc[p]) == (pts[top], unc[top])]
    return v


# ----------------------------------------------------------------- generator

BREAKS = ["order", "unequal", "printed", "nomatch", "discard", "score", "overuse", "double", "extra",
          "discard-not-held", "fav-shared", "fav-twice", "hidden-hand"]
BREAK_RULES = {
    "order": {"PK-12"}, "unequal": {"JUB-3"}, "printed": {"JUB-3"}, "nomatch": {"JUB-3"},
    "discard": {"JUB-5"}, "discard-not-held": {"JUB-5"}, "score": {"JUB-4"}, "overuse": {"JUB-1"},
    "double": {"JUB-1"}, "extra": {"JUB-1"}, "fav-shared": {"JUB-1", "JUB-7"},
    "fav-twice": {"JUB-1", "JUB-7"}, "hidden-hand": {"JUB-5"},
}


# Breaks after which the rules leave the points open: a tile across unequal heights has no
# layer (and printkit gives it the +5 bonus when it lies across a tile and a matching printed
# cell, which is not a tile, JUB-4; the placement is illegal anyway, so points are not compared).
UNSCORED = {"unequal"}


def legal_moves(board: Board, tile):
    out = []
    for c1, c2 in adjacent_pairs(board.size):
        for cells in ((c1, c2), (c2, c1)):
            if board.problem(tile, cells) is None:
                out.append(cells)
    return out


def pick(rng, board: Board, hand):
    """A placement (hand index, cells), favouring stacks and bonuses, or None."""
    options = []
    for k, tile in enumerate(hand):
        for cells in legal_moves(board, tile):
            w = 1 + 3 * board.height(cells[0]) + (12 if board.bonus(tile, cells) else 0)
            options.append((w, k, cells))
    if not options:
        return None
    ws = [w for w, _, _ in options]
    _, k, cells = rng.choices(options, weights=ws)[0]
    return k, cells


def illegal_move(rng, board: Board, tile, kind):
    pairs = adjacent_pairs(board.size)
    rng.shuffle(pairs)
    for c1, c2 in pairs:
        for cells in ((c1, c2), (c2, c1)):
            for tl in (tile, tile[::-1]):
                prob = board.problem(tl, cells)
                if prob is None:
                    continue
                if kind == "unequal" and prob == "heights differ":
                    return tl, cells
                if kind == "printed" and prob.startswith(tl[0] + " on printed") or kind == "printed" and " on printed" in prob:
                    return tl, cells
                if kind == "nomatch" and prob == "no half matches":
                    return tl, cells
    return None


def generate(seed: int) -> tuple[dict, str | None]:
    rng = random.Random(seed)
    n = rng.choice([2, 2, 3, 4])
    players = ["Ann", "Bo", "Cy", "Dee"][:n]
    size = "4x4" if rng.random() < 0.3 else "5x5"
    r = rng.random()
    brk = None if r < 0.5 else ("unfinished" if r < 0.6 else rng.choice(BREAKS))
    rec: dict = {"game": "jubako", "board": size}
    opts: dict = {}
    if size == "4x4" and rng.random() < 0.5:
        opts["little_jubako"] = True
    if rng.random() < 0.4:
        opts["picky_eaters"] = rng.randint(0, 9)
    if rng.random() < 0.35:
        singles = rng.sample(DELICACIES, 12)   # each single tile goes to one player (JUB-1)
        opts["favorite_food"] = {p: [singles.pop() for _ in range(rng.randint(1, 3))] for p in players}
    if brk in ("fav-shared", "fav-twice"):
        ff = opts.setdefault("favorite_food", {})
        a, b = rng.sample(players, 2)
        ff.setdefault(a, [rng.choice(DELICACIES)])
        if brk == "fav-shared":
            ff[b] = ff.get(b, []) + [d for d in ff[a][:1] if d not in ff.get(b, [])]
        else:
            ff[a] = ff[a] + ff[a][:1]
        ff = {p: ff[p] for p in players if p in ff}
        opts["favorite_food"] = ff
    if rng.random() < 0.35:
        opts["multi_tiered"] = True
    if rng.random() < 0.35:
        opts["peko_peko"] = True
    if opts:
        rec["options"] = opts
    rec["players"] = players
    limit = TILES_IN_PLAY[n]
    supply = full_set()
    rng.shuffle(supply)
    supply = supply[:limit]
    hands = {p: [supply.pop(), supply.pop()] for p in players}
    boards = {p: Board(size) for p in players}
    turns = []
    when = rng.randrange(4, limit - 1) if brk not in (None, "unfinished") else -1
    if brk == "hidden-hand":
        when = rng.randrange(4, limit - 2 * n - 8)
    used: dict = {}
    for i in range(limit):
        p = players[i % n]
        b = boards[p]
        hand = hands[p]
        if supply:
            hand.append(supply.pop())
        if i == when and brk in ("overuse", "double"):
            if brk == "double":
                d = rng.choice(DELICACIES)
                hand[-1] = (d, d)
            else:
                over = [k for k, c in used.items() if c >= copies(*k)]
                if over:
                    hand[-1] = rng.choice(over)
                else:
                    when += 1   # try the next turn
        if i == when and brk in ("unequal", "printed", "nomatch"):
            mv = None
            for k in range(len(hand)):
                mv = illegal_move(rng, b, hand[k], brk)
                if mv:
                    hand.pop(k)
                    break
            if mv is None:
                when += 1
            else:
                tile, cells = mv
                turns.append({"player": p, "tile": list(tile), "cells": list(cells), "score": rng.choice(tile)})
                used[pair_key(tile)] = used.get(pair_key(tile), 0) + 1
                b.place(tile, cells)
                continue
        choice = pick(rng, b, hand)
        if brk == "hidden-hand" and i >= when >= 0 and supply and choice is not None:
            stuck = [h for h in hand if not b.fits_anywhere(h)]
            if stuck:   # remove a tile that fits nowhere, showing only such tiles: another fits
                k = hand.index(stuck[0])
                turns.append({"player": p, "discard": list(hand[k]), "hand": [list(h) for h in stuck]})
                used[pair_key(hand[k])] = used.get(pair_key(hand[k]), 0) + 1
                hand.pop(k)
                when = -2
                continue
        if i == when and brk == "discard":
            if choice is None:
                when += 1
            else:
                k = rng.randrange(len(hand))
                turns.append({"player": p, "discard": list(hand[k]), "hand": [list(h) for h in hand]})
                used[pair_key(hand[k])] = used.get(pair_key(hand[k]), 0) + 1
                hand.pop(k)
                continue
        if choice is None:
            k = rng.randrange(len(hand))
            t = {"player": p, "discard": list(hand[k]), "hand": [list(h) for h in hand]}
            if i == when and brk == "discard-not-held":
                t["hand"] = [h for h in t["hand"] if pair_key(h) != pair_key(hand[k])] or [
                    list(next(x for x in full_set() if pair_key(x) != pair_key(hand[k])))]
            elif brk == "discard-not-held" and i > when:
                pass
            turns.append(t)
            used[pair_key(hand[k])] = used.get(pair_key(hand[k]), 0) + 1
            hand.pop(k)
            if i == when and brk == "discard-not-held":
                when = -2
            continue
        if brk == "discard-not-held" and i == when:
            when += 1
        k, cells = choice
        tile = hand.pop(k)
        t = {"player": p, "tile": list(tile), "cells": list(cells)}
        r2 = rng.random()
        if i == when and brk == "score":
            t["score"] = rng.choice([d for d in DELICACIES if d not in tile])
        elif r2 < 0.8:
            t["score"] = rng.choice(tile)
        turns.append(t)
        used[pair_key(tile)] = used.get(pair_key(tile), 0) + 1
        b.place(tile, cells)
    if brk == "hidden-hand" and when != -2:
        brk = "hidden-hand-none"   # nobody held a stuck tile: the game is legal
    if brk == "discard-not-held" and when != -2:
        brk = "discard-not-held-none"   # nobody had to discard: the game is legal
    if brk == "unfinished":
        turns = turns[:rng.randrange(1, limit)]
    elif brk == "order":
        for _ in range(100):
            j = rng.randrange(len(turns) - 1)
            if turns[j]["player"] != turns[j + 1]["player"]:
                turns[j], turns[j + 1] = turns[j + 1], turns[j]
                break
    elif brk == "extra":
        p = players[limit % n]
        hand = [tuple(x) for x in full_set() if used.get(pair_key(x), 0) < copies(*x)]
        # a tile still in the box: placed if it fits, else removed
        tile = rng.choice(hand)
        mv = legal_moves(boards[p], tile)
        if mv:
            turns.append({"player": p, "tile": list(tile), "cells": list(rng.choice(mv))})
        else:
            turns.append({"player": p, "discard": list(tile), "hand": [list(tile)]})
    rec["turns"] = turns
    return rec, brk
