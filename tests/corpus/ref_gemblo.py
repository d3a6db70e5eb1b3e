"""An independent Gemblo referee and game generator.

Written from ../shared/rulebooks/gemblo.txt, ../shared/RULINGS.md (GEM-1..7), docs/rulings.md
(PK-6, PK-7) and docs/records.md only; it shares no code with printkit.games.gemblo. Records
are plain dicts in the documented format (docs/records.md, "Gemblo").
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from tests.corpus.verdict import Verdict as BaseVerdict

NB = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
# GEM-4: diagonal i is neighbour i + neighbour i+1; those two are its flanks.
DIAG = tuple(((NB[i][0] + NB[(i + 1) % 6][0], NB[i][1] + NB[(i + 1) % 6][1]), NB[i], NB[(i + 1) % 6])
             for i in range(6))
COLOURS = ("red", "yellow", "green", "blue", "purple", "clear")

SHAPES = {  # GEM-3
    "M1": [(0, 0)], "D2": [(0, 0), (1, 0)],
    "I3": [(0, 0), (1, 0), (2, 0)], "V3": [(0, 0), (1, 0), (2, -1)], "T3": [(0, 0), (1, 0), (0, 1)],
    "I4": [(0, 0), (1, 0), (2, 0), (3, 0)], "S4": [(0, 0), (1, 0), (1, 1), (2, 1)],
    "O4": [(0, 0), (1, 0), (0, 1), (1, -1)], "Y4": [(0, 0), (1, 0), (-1, 1), (0, -1)],
    "C4": [(0, 0), (1, 0), (2, -1), (2, -2)],
    "L5": [(0, 0), (1, 0), (2, 0), (3, -1), (4, -2)], "N5": [(0, 0), (1, 0), (2, -1), (3, -2), (4, -2)],
    "W5": [(0, 0), (1, 0), (2, -1), (3, -1), (4, -2)], "J5": [(0, 0), (1, 0), (2, 0), (3, -1), (4, -1)],
    "Y5": [(0, 0), (1, 0), (2, 0), (-1, 1), (0, -1)], "F5": [(0, 0), (1, 0), (2, -1), (-1, 1), (0, -1)],
    "V5": [(0, 0), (1, 0), (2, 0), (0, 1), (0, 2)], "I5": [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
}
SIZE = {k: len(v) for k, v in SHAPES.items()}


def dprime(q, r):
    return max(abs(q - r), abs(q + 2 * r), abs(2 * q + r))


BOARD = frozenset((q, r) for q in range(-30, 31) for r in range(-30, 31) if dprime(q, r) <= 21)
AREA4 = frozenset(c for c in BOARD if abs(c[1]) <= 9 and abs(2 * c[0] + c[1]) <= 15)
AREA3 = frozenset(c for c in BOARD if dprime(*c) <= 15)
CORNERS = ((7, 7), (14, -7), (7, -14), (-7, -7), (-14, 7), (-7, 14))
STARTS4 = ((12, -9), (-3, -9), (-12, 9), (3, 9))
STARTS3 = ((5, 5), (5, -10), (-10, 5))
assert (len(BOARD), len(AREA4), len(AREA3)) == (463, 295, 241)


def area_for(players: int):
    return {6: BOARD, 5: BOARD, 4: AREA4, 3: AREA3, 2: AREA4}[players]


def starts_for(players: int):
    return {6: CORNERS, 5: CORNERS, 4: STARTS4, 3: STARTS3, 2: STARTS4}[players]


def opposite(c):
    return (-c[0], -c[1])


def normal(cells) -> tuple:
    mq = min(q for q, _ in cells)
    mr = min(r for q, r in cells if q == mq)
    return tuple(sorted((q - mq, r - mr) for q, r in cells))


def orientations(cells) -> list[tuple]:
    out = set()
    cur = list(cells)
    for flip in (False, True):
        cur = [(r, q) for q, r in cells] if flip else list(cells)
        for _ in range(6):
            cur = [(-r, q + r) for q, r in cur]
            out.add(normal(cur))
    return sorted(out)


ORIENTS = {k: orientations(v) for k, v in SHAPES.items()}


def add(a, b):
    return (a[0] + b[0], a[1] + b[1])


class Game:
    """The board as the rules see it: who covers each cell."""

    def __init__(self, players: int, colours: list[str], obstacles=()):
        self.players = players
        self.colours = colours
        self.area = area_for(players)
        self.starts = starts_for(players)
        self.occ: dict = {}
        self.placed = {c: [] for c in colours}
        self.first_start: dict = {}
        for colour, cells in obstacles:
            for c in cells:
                self.occ[c] = colour

    def partner(self, colour):
        if self.players != 2:
            return None
        i = self.colours.index(colour)
        return self.colours[(i + 2) % 4]

    def allowed_starts(self, colour):
        pt = self.partner(colour)
        if pt is not None and pt in self.first_start:
            return [opposite(self.first_start[pt])]
        return [s for s in self.starts if s not in self.occ]

    def touches_own(self, colour, cells):
        return any(self.occ.get(add(c, n)) == colour for c in cells for n in NB)

    def link_state(self, colour, cell):
        """'open', 'blocked' or None (no own block at a diagonal of cell)."""
        state = None
        for d, f1, f2 in DIAG:
            src = (cell[0] - d[0], cell[1] - d[1])
            if self.occ.get(src) != colour:
                continue
            a = self.occ.get(add(src, f1))
            b = self.occ.get(add(src, f2))
            if a is not None and a == b and a != colour:
                state = state or "blocked"
            else:
                return "open"
        return state

    def problems(self, colour, name, cells) -> list[str]:
        """The rule ids a placement breaks."""
        out = []
        cells = [tuple(c) for c in cells]
        if normal(cells) not in ORIENTS.get(name, []) or len(set(cells)) != len(cells):
            out.append("GEM-3")
        if name in self.placed[colour]:
            out.append("GEM-3")
        if any(c not in self.area for c in cells) or any(c in self.occ for c in cells) \
                or self.touches_own(colour, cells):
            out.append("GEM-4")
        if not self.placed[colour]:
            if not any(c in self.starts and c not in self.occ for c in cells):
                out.append("GEM-4")
            elif self.partner(colour) in self.first_start and opposite(self.first_start[self.partner(colour)]) not in cells:
                out.append("GEM-6")
        else:
            states = {self.link_state(colour, c) for c in cells}
            if "open" not in states:
                out.append("GEM-5" if "blocked" in states else "GEM-4")
        return out

    def place(self, colour, name, cells):
        cells = [tuple(c) for c in cells]
        if not self.placed[colour]:
            for c in cells:
                if c in self.starts:
                    self.first_start[colour] = c
        self.placed[colour].append(name)
        for c in cells:
            self.occ[c] = colour

    def anchors(self, colour, free=None):
        """``free``: the cells on the board, free and beside none of the colour's own, if known."""
        if not self.placed[colour]:
            return [s for s in self.allowed_starts(colour) if s not in self.occ]
        out = set()
        for c, col in self.occ.items():
            if col != colour:
                continue
            for d, _, _ in DIAG:
                t = add(c, d)
                if t not in out and (t in free if free is not None else
                                     t in self.area and t not in self.occ and not self.touches_own(colour, [t])) \
                        and self.link_state(colour, t) == "open":
                    out.add(t)
        return sorted(out)

    def moves(self, colour, rng: random.Random | None = None, pieces=None):
        """Legal placements (name, cells), lazily; random order with rng, else a fixed one."""
        left = [p for p in SHAPES if p not in self.placed[colour]] if pieces is None else list(pieces)
        # where a piece of this colour may lie: on the board, free, and beside none of its own
        # cells (touches_own), worked out once a call; the placements are tried in the same order
        own = [c for c, col in self.occ.items() if col == colour]
        free = set(self.area).difference(self.occ, (add(c, n) for c in own for n in NB))
        anchors = self.anchors(colour, free)
        if rng is not None:
            rng.shuffle(anchors)
            left.sort(key=lambda p: -SIZE[p] - 2.5 * rng.random())
        for name in left:
            orients = list(ORIENTS[name])
            if rng is not None:
                rng.shuffle(orients)
            for o in orients:
                for a in anchors:
                    for pc in o:
                        dq, dr = a[0] - pc[0], a[1] - pc[1]
                        if all((dq + q, dr + r) in free for q, r in o):
                            yield name, [(dq + q, dr + r) for q, r in o]

    def can_move(self, colour) -> bool:
        return next(self.moves(colour), None) is not None


@dataclass
class Verdict(BaseVerdict):
    largest: dict = field(default_factory=dict)


def owners(rec) -> dict:
    """colour -> player name."""
    colours, names = rec["colours"], rec.get("names") or {}
    if rec["players"] == 2:
        out = {}
        for i, c in enumerate(colours):
            a, b = colours[i % 2], colours[i % 2 + 2]
            out[c] = names.get(a) or names.get(b) or a
        return out
    return {c: names.get(c, c) for c in colours}


def referee(rec: dict) -> Verdict:
    v = Verdict()
    bad = v.violations.append
    colours = list(rec["colours"])
    n = rec["players"]
    obstacles = []
    if n == 5:
        sixth = next(c for c in COLOURS if c not in colours)
        obstacles = [(sixth, [tuple(c) for c in o["cells"]]) for o in rec["obstacles"]]
    g = Game(n, colours, obstacles)
    passed: set = set()
    ptr = 0
    for i, m in enumerate(rec["moves"]):
        where = f"move {i + 1} ({m['colour']})"
        col = m["colour"]
        # PK-6: colours in listed order, going round, skipping those who passed
        expected = None
        for k in range(len(colours)):
            c = colours[(ptr + k) % len(colours)]
            if c not in passed:
                expected = c
                break
        if col in passed:
            bad((where, "GEM-7"))
        elif col != expected:
            bad((where, "PK-6"))
        ptr = colours.index(col) + 1
        if m.get("pass"):
            if col not in passed and g.can_move(col):
                bad((where, "GEM-7"))
            passed.add(col)
            continue
        for rule in g.problems(col, m["piece"], m["cells"]):
            bad((where, rule))
        # A piece cannot lie on covered cells: it stays in hand (and counts as unplaced). Any
        # other broken placement stands on the board. (The rules do not say; printkit agrees.)
        if not any(tuple(c) in g.occ for c in m["cells"]):
            g.place(col, m["piece"], m["cells"])
    v.unfinished = any(c not in passed and g.can_move(c) for c in colours)
    own = owners(rec)
    names = list(dict.fromkeys(own[c] for c in colours))
    pen = {p: 0 for p in names}
    big = {p: 0 for p in names}
    for c in colours:
        for piece, size in SIZE.items():
            if piece not in g.placed[c]:
                pen[own[c]] -= size
                big[own[c]] = max(big[own[c]], size)
    v.totals, v.largest = pen, big
    v.ranking = sorted(names, key=lambda p: (-pen[p], big[p]))
    if v.valid and not v.unfinished:
        top = v.ranking[0]
        v.winners = [p for p in v.ranking if (pen[p], big[p]) == (pen[top], big[top])]
    return v


# ----------------------------------------------------------------- generator

BREAKS = ["turn", "overlap", "touch", "nodiag", "offstart", "outside", "shape", "twice", "intercept",
          "pass-early", "after-pass", "starts2"]
UNSCORED: set = set()   # breaks after which the rules leave the points open
BREAK_RULES = {
    "turn": {"PK-6"}, "overlap": {"GEM-4"}, "touch": {"GEM-4"}, "nodiag": {"GEM-4"},
    "offstart": {"GEM-4", "GEM-6"},   # printkit cites GEM-6 for a 2-player first piece "outside": {"GEM-4"}, "shape": {"GEM-3"}, "twice": {"GEM-3"},
    "intercept": {"GEM-5"}, "pass-early": {"GEM-7"}, "after-pass": {"GEM-7"}, "starts2": {"GEM-6"},
}
PLAYER_NAMES = ["Ann", "Bo", "Cy", "Dee", "Eve", "Fay"]


def free_placements(g: Game, rng, names, cond, tries=4000):
    """A placement on empty board cells meeting cond(cells) (used to break rules on purpose)."""
    cells_all = sorted(g.area if cond.__name__ != "outside" else BOARD)
    for _ in range(tries):
        name = rng.choice(names)
        o = rng.choice(ORIENTS[name])
        a = rng.choice(cells_all)
        cells = [add(a, c) for c in o]
        if all(c in BOARD and c not in g.occ for c in cells) and cond(cells):
            return name, cells
    return None


def make_obstacles(rng) -> list[dict]:
    occ: set = set()
    out = []
    names = list(SHAPES)
    rng.shuffle(names)
    cells_all = sorted(BOARD)
    for name in names[:rng.randint(6, 18)]:
        for _ in range(300):
            o = rng.choice(ORIENTS[name])
            a = rng.choice(cells_all)
            cells = [add(a, c) for c in o]
            if all(c in BOARD and c not in occ and c not in CORNERS
                   and all(add(c, n) not in occ for n in NB) and all(add(c, n) not in CORNERS for n in NB)
                   for c in cells):
                occ.update(cells)
                out.append({"piece": name, "cells": [list(c) for c in cells]})
                break
    return out


def generate(seed: int) -> tuple[dict, str | None]:
    rng = random.Random(seed)
    n = rng.choice([2, 2, 3, 3, 4, 4, 5, 6])
    r = rng.random()
    brk = None if r < 0.5 else ("unfinished" if r < 0.6 else rng.choice(BREAKS))
    if brk == "starts2" and n != 2:
        brk = "offstart"
    if brk == "outside" and n in (5, 6):
        brk = "nodiag"
    ncol = 4 if n == 2 else n
    colours = rng.sample(COLOURS, ncol)
    rec: dict = {"game": "gemblo", "players": n, "colours": colours}
    if n == 2:
        rec["names"] = {colours[0]: "Ann", colours[1]: "Bo"}
    elif rng.random() < 0.6:
        rec["names"] = {c: PLAYER_NAMES[i] for i, c in enumerate(colours)}
    obstacles = []
    if n == 5:
        rec["obstacles"] = make_obstacles(rng)
        sixth = next(c for c in COLOURS if c not in colours)
        obstacles = [(sixth, [tuple(c) for c in o["cells"]]) for o in rec["obstacles"]]
    g = Game(n, colours, obstacles)
    if n == 2:  # each player's two colours start opposite (GEM-6)
        s0 = rng.choice(STARTS4)
        s1 = rng.choice([s for s in STARTS4 if s not in (s0, opposite(s0))])
        fixed = {colours[0]: s0, colours[1]: s1, colours[2]: opposite(s0), colours[3]: opposite(s1)}
    elif n in (5, 6):
        # the corners go round the board: give each colour a random one
        fixed = dict(zip(colours, rng.sample(CORNERS, ncol)))
    else:
        fixed = dict(zip(colours, rng.sample(list(starts_for(n)), ncol)))
    moves: list = []
    passed: set = set()
    turn = 0
    when = rng.randrange(ncol, 8 * ncol) if brk not in (None, "unfinished", "offstart", "starts2", "turn") else -1
    if brk == "offstart":
        when = rng.randrange(ncol)
    if brk == "starts2":
        when = 2
    late_pass = None
    stop = False
    while len(passed) < ncol and not stop:
        col = colours[turn % ncol]
        turn += 1
        if late_pass == col and len(moves) > when + ncol:
            mv = first_move(g, col, rng, fixed)
            if mv:   # GEM-7: plays after passing
                moves.append({"colour": col, "piece": mv[0], "cells": [list(c) for c in mv[1]]})
                g.place(col, *mv)
            late_pass = None
            continue
        if col in passed:
            continue
        i = len(moves)
        if i == when:
            done = inject(rng, g, col, brk, moves, passed, fixed)
            if done == "retry":
                when += 1
            elif done == "stop":
                stop = True
                continue
            elif done == "late-pass":
                late_pass = col
                continue
            else:
                continue
        mv = first_move(g, col, rng, fixed)
        if mv is None:
            moves.append({"colour": col, "pass": True})
            passed.add(col)
        else:
            moves.append({"colour": col, "piece": mv[0], "cells": [list(c) for c in mv[1]]})
            g.place(col, *mv)
    if brk == "unfinished":
        moves = moves[:rng.randrange(1, len(moves) - 2)]
    if brk == "turn":
        for _ in range(200):
            j = rng.randrange(ncol, len(moves) - 1)
            a, b = moves[j], moves[j + 1]
            if a["colour"] != b["colour"] and "pass" not in a and "pass" not in b:
                moves[j], moves[j + 1] = b, a
                break
    rec["moves"] = moves
    return rec, brk


def first_move(g: Game, col, rng, fixed):
    if not g.placed[col]:
        start = fixed[col]
        for name, cells in g.moves(col, rng):
            if start in cells:
                return name, cells
        return None
    return next(g.moves(col, rng), None)


def inject(rng, g: Game, col, brk, moves, passed, fixed):
    """Make the move at hand break a rule; 'retry' if it cannot be done this turn."""
    left = [p for p in SHAPES if p not in g.placed[col]]

    def put(name, cells):
        moves.append({"colour": col, "piece": name, "cells": [list(c) for c in cells]})
        g.place(col, name, cells)

    if brk in ("overlap", "touch", "nodiag", "outside", "intercept", "twice", "shape", "pass-early", "after-pass") \
            and not g.placed[col]:
        return "retry"
    if brk == "overlap":
        def overlap(cells):
            return any(c in g.occ and g.occ[c] != col for c in cells) and all(
                c not in g.occ or g.occ[c] != col for c in cells)
        mv = free_placements_any(g, rng, left, overlap)
        if mv is None:
            return "retry"
        moves.append({"colour": col, "piece": mv[0], "cells": [list(c) for c in mv[1]]})
        return "stop"   # what the board holds after a double cover is not the rules' business
    if brk == "touch":
        def touch(cells):
            return g.touches_own(col, cells) and any(g.link_state(col, c) == "open" for c in cells) \
                and all(c in g.area for c in cells)
        mv = free_placements(g, rng, left, touch)
    elif brk == "nodiag":
        def nodiag(cells):
            return all(c in g.area for c in cells) and not g.touches_own(col, cells) and all(
                g.link_state(col, c) is None for c in cells)
        mv = free_placements(g, rng, left, nodiag)
    elif brk == "outside":
        def outside(cells):
            return any(c not in g.area for c in cells) and not g.touches_own(col, cells) and any(
                g.link_state(col, c) == "open" for c in cells)
        mv = free_placements(g, rng, left, outside, tries=20000)
    elif brk == "intercept":
        blocked = [t for t in sorted(g.area) if t not in g.occ and g.link_state(col, t) == "blocked"]
        mv = anchored(left, blocked, lambda cells: all(c in g.area and c not in g.occ for c in cells)
                      and not g.touches_own(col, cells) and all(g.link_state(col, c) != "open" for c in cells))
    elif brk == "twice":
        done_names = g.placed[col]
        mv = next(g.moves(col, rng, pieces=done_names), None)
    elif brk == "shape":
        mv = next(g.moves(col, rng), None)
        if mv is not None:
            others = [p for p in SHAPES if SIZE[p] == len(mv[1]) and p != mv[0]]
            if not others:
                return "retry"
            put(rng.choice(others), mv[1])
            return "done"
    elif brk in ("pass-early", "after-pass"):
        if not g.can_move(col):
            return "retry"
        moves.append({"colour": col, "pass": True})
        passed.add(col)
        return "late-pass" if brk == "after-pass" else "done"
    elif brk == "offstart":
        def offstart(cells):
            return all(c in g.area and c not in g.starts for c in cells)
        mv = free_placements(g, rng, left, offstart)
    elif brk == "starts2":
        # colour 3's first piece on the start opposite colour 2's, not its partner's
        wrong = [s for s in STARTS4 if s not in g.occ and s != opposite(g.first_start[g.colours[0]])]
        mv = anchored(left, wrong, lambda cells: all(c in g.area and c not in g.occ for c in cells))
    else:
        raise AssertionError(brk)
    if mv is None:
        return "retry"
    put(*mv)
    return "done"


def anchored(names, anchors, ok):
    """The first (piece, cells) with a cell on one of ``anchors`` for which ``ok(cells)``."""
    for t in anchors:
        for name in names:
            for o in ORIENTS[name]:
                for pc in o:
                    cells = [(t[0] - pc[0] + q, t[1] - pc[1] + r) for q, r in o]
                    if ok(cells):
                        return name, cells
    return None


def free_placements_any(g, rng, names, cond, tries=4000):
    cells_all = sorted(g.occ)
    for _ in range(tries):
        name = rng.choice(names)
        o = rng.choice(ORIENTS[name])
        a = rng.choice(cells_all)
        pc = rng.choice(o)
        cells = [(a[0] - pc[0] + q, a[1] - pc[1] + r) for q, r in o]
        if all(c in g.area for c in cells) and cond(cells):
            return name, cells
    return None
