"""An independent Gimbap referee and game generator.

Written from ../shared/rulebooks/gimbap.txt, ../shared/RULINGS.md (GIM-1..7), docs/rulings.md
(PK-1..3) and docs/records.md only; it shares no code with printkit.games.gimbap. Records are
plain dicts in the documented format (docs/records.md, "Gimbap").
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from tests.corpus.verdict import Verdict as BaseVerdict

SHEETS = ("rice", "cheese", "sesame")
STRIPS = ("ham", "spinach", "radish")
FILLINGS = SHEETS + STRIPS

# GIM-3: the four order dice, each face (part, part, must_touch).
DICE = (
    [(s, "seaweed", m) for s in SHEETS for m in (True, False)],
    [(a, b, m) for a, b in (("rice", "cheese"), ("rice", "sesame"), ("cheese", "sesame")) for m in (True, False)],
    [("rice", "ham", True), ("cheese", "spinach", True), ("sesame", "radish", True),
     ("rice", "radish", False), ("cheese", "ham", False), ("sesame", "spinach", False)],
    [(a, b, m) for a, b in (("ham", "spinach"), ("ham", "radish"), ("spinach", "radish")) for m in (True, False)],
)
# GIM-4: 12 tokens, points 1-4 x radish 1-3.
ALL_TOKENS = [(p, r) for p in range(1, 5) for r in range(1, 4)]


def face_str(face, rng=None) -> str:
    a, b, must = face
    if rng is not None and rng.random() < 0.5:
        a, b = b, a
    return f"{a}{'+' if must else '-'}{b}"


def parse_face(s: str):
    sign = "+" if "+" in s else "-"
    a, b = s.split(sign)
    return a, b, sign == "+"


def die_of(face) -> int | None:
    a, b, m = face
    for i, die in enumerate(DICE):
        for x, y, mm in die:
            if mm == m and {x, y} == {a, b}:
                return i
    return None


def tok_str(t) -> str:
    return f"{t[0]}/{t[1]}"


def parse_tok(s) -> tuple[int, int]:
    if isinstance(s, dict):
        return (s["points"], s["radish"])
    p, r = str(s).split("/")
    return (int(p), int(r))


def rounds_for(n: int) -> int:
    return {2: 6, 3: 6, 4: 4}[n]


# ----------------------------------------------------------------- build model (GIM-2)

def build_problem(on: dict, touching) -> str | None:
    """Why a build cannot be made, or None."""
    if set(on) != set(FILLINGS):
        return "not every filling is used"
    for f, base in on.items():
        if base in STRIPS:
            return f"{f} lies on a strip"
        if base == f:
            return f"{f} lies on itself"
        if base != "seaweed" and base not in SHEETS:
            return f"{f} lies on {base}"
    for s in SHEETS:  # a sheet cannot lie on anything that lies on it
        seen, cur = set(), s
        while cur != "seaweed":
            if cur in seen:
                return f"{s} lies on something lying on it"
            seen.add(cur)
            cur = on[cur]
    for a, b in touching:
        if a == b or a not in FILLINGS or b not in FILLINGS:
            return "bad touching pair"
        if on[a] != on[b]:
            return f"{a} and {b} lie on different bases"
    return None


def touch(on: dict, touching, a: str, b: str) -> bool:
    if a == "seaweed":
        return on[b] == "seaweed"
    if b == "seaweed":
        return on[a] == "seaweed"
    if on[a] == b or on[b] == a:
        return True
    return on[a] == on[b] and any({a, b} == {x, y} for x, y in touching)


def build_meets(on, touching, faces) -> bool:
    return all(touch(on, touching, a, b) == m for a, b, m in faces)


# ----------------------------------------------------------------- referee

@dataclass
class Verdict(BaseVerdict):
    radish: dict = field(default_factory=dict)


def referee(rec: dict) -> Verdict:
    v = Verdict()
    players = list(rec["players"])
    n = len(players)
    bad = v.violations.append
    pts = {p: 0 for p in players}
    rad = {p: 0 for p in players}
    if n == 2:
        pool = [parse_tok(t) for t in rec["tokens"]]
        if len(pool) != 6 or len(set(pool)) != 6:
            bad(("tokens", "GIM-5"))
    else:
        pool = list(ALL_TOKENS)
    used: set = set()
    rounds = rec["rounds"]
    want = rounds_for(n)
    if len(rounds) > want:
        bad(("rounds", "GIM-5"))
    first0 = None
    for i, rnd in enumerate(rounds):
        where = f"round {i + 1}"
        # GIM-5 / PK-1: the first player moves one seat left each round.
        if i == 0:
            first0 = players.index(rnd["first"])
        elif rnd["first"] != players[(first0 + i) % n]:
            bad((where, "GIM-5"))
        # GIM-3: 2 to 4 faces from different dice.
        faces = [parse_face(f) for f in rnd["dice"]]
        dice = [die_of(f) for f in faces]
        if not 2 <= len(faces) <= 4 or None in dice or len(set(dice)) != len(dice):
            bad((where, "GIM-3"))
        # GIM-5: players - 1 tokens, from those in play, each once in the game.
        toks = [parse_tok(t) for t in rnd["tokens"]]
        if len(toks) != n - 1 or len(set(toks)) != len(toks) or any(t not in pool or t in used for t in toks):
            bad((where, "GIM-5"))
        used.update(toks)
        # PK-2: everyone says Done! once.
        done = list(rnd["done"])
        if sorted(done) != sorted(players):
            bad((where, "PK-2"))
        # the rolls: the build decides (GIM-2, PK-3)
        correct = {}
        for p in players:
            roll = rnd["rolls"].get(p, {})
            c = roll.get("correct")
            if roll.get("on") is not None:
                prob = build_problem(roll["on"], roll.get("touching", []))
                if prob:
                    bad((f"{where} {p}", "GIM-2"))
                    ok = False
                else:
                    ok = build_meets(roll["on"], roll.get("touching", []), faces)
                if c is not None and c != ok:
                    bad((f"{where} {p}", "PK-3"))
                c = ok
            correct[p] = bool(c)
        # GIM-6: take tokens in Done! order, check best token first.
        centre = sorted(toks, reverse=True)
        held = {}
        seen = []
        for p in done:
            if p in seen or p not in players:
                continue
            seen.append(p)
            if centre:
                held[p] = centre.pop(0)
        holders = sorted(held, key=lambda p: held[p], reverse=True)
        # A player missing from done (a PK-2 violation) still has a roll: the rules do not say
        # when it is checked; like printkit, check it after everyone who said Done!.
        others = [p for p in seen if p not in held] + [p for p in players if p not in seen]
        kept = {}
        for p in holders + others:
            mine = held.get(p)
            if not correct.get(p):
                if mine is not None:
                    centre.append(mine)
                continue
            best = max(centre) if centre else None
            if mine is None:
                if best is not None:
                    centre.remove(best)
                    kept[p] = best
            elif best is not None and best > mine:
                centre.remove(best)
                centre.append(mine)
                kept[p] = best
            else:
                kept[p] = mine
        for p, t in kept.items():
            pts[p] += t[0]
            rad[p] += t[1]
    v.unfinished = len(rounds) < want
    v.totals, v.radish = pts, rad
    v.ranking = sorted(players, key=lambda p: (-pts[p], -rad[p]))  # stable: listed order
    if v.valid and not v.unfinished:
        top = v.ranking[0]
        v.winners = [p for p in v.ranking if (pts[p], rad[p]) == (pts[top], rad[top])]
    return v


# ----------------------------------------------------------------- generator

NAMES = ["Ann", "Bo", "Cy", "Dee"]
BREAKS = ["first", "dice-same-die", "dice-count", "token-reused", "token-count", "done-missing",
          "done-twice", "bad-build", "claim", "extra-round", "two-player-token"]


def random_build(rng: random.Random):
    on = {}
    order = list(SHEETS)
    rng.shuffle(order)
    placed: list = []
    for s in order:  # each sheet on the seaweed or on a sheet already placed: no cycles
        on[s] = rng.choice(["seaweed"] * 2 + placed)
        placed.append(s)
    for s in STRIPS:
        on[s] = rng.choice(["seaweed", "seaweed", *SHEETS])
    touching = []
    fl = list(FILLINGS)
    for i, a in enumerate(fl):
        for b in fl[i + 1:]:
            if on[a] == on[b] and rng.random() < 0.35:
                touching.append([a, b] if rng.random() < 0.5 else [b, a])
    return on, touching


def impossible_build(rng: random.Random):
    on, touching = random_build(rng)
    kind = rng.choice(["on-strip", "on-self", "cycle", "touch-apart"])
    if kind == "on-strip":
        on[rng.choice(FILLINGS)] = rng.choice(STRIPS)
        f = [k for k, b in on.items() if b in STRIPS]
        if on[f[0]] == f[0]:
            on[f[0]] = "ham" if f[0] != "ham" else "radish"
    elif kind == "on-self":
        s = rng.choice(SHEETS)
        on[s] = s
    elif kind == "cycle":
        a, b = rng.sample(SHEETS, 2)
        on[a], on[b] = b, a
    else:
        pairs = [(a, b) for a in FILLINGS for b in FILLINGS if a < b and on[a] != on[b]]
        if not pairs:
            on["ham"], on["spinach"] = "seaweed", "rice"
            pairs = [("ham", "spinach")]
        touching = [list(rng.choice(pairs))]
    if build_problem(on, touching) is None:  # could not break it: lay a sheet on a strip
        on["rice"] = "ham"
    return on, touching


def generate(seed: int) -> tuple[dict, str | None]:
    """A whole game record and the kind of rule break injected (None: legal, 'unfinished')."""
    rng = random.Random(seed)
    n = rng.choice([2, 3, 3, 4, 4])
    players = NAMES[:n] if rng.random() < 0.7 else rng.sample(["Sora", "Min", "Jun", "Hana", "Ji", "No", "Yes"], n)
    r = rng.random()
    brk = None if r < 0.55 else ("unfinished" if r < 0.65 else rng.choice(BREAKS))
    if brk == "two-player-token" and n != 2:
        brk = "token-reused"
    rec: dict = {"game": "gimbap", "players": players} if rng.random() < 0.5 else {"players": players}
    if n == 2:
        pool = rng.sample(ALL_TOKENS, 6)
        rec["tokens"] = [tok_str(t) for t in pool]
    else:
        pool = list(ALL_TOKENS)
        rng.shuffle(pool)
    nr = rounds_for(n)
    if brk == "unfinished":
        nr = rng.randrange(1, nr)
    first0 = rng.randrange(n)
    rounds = []
    for i in range(nr):
        k = rng.randint(2, 4)
        dice_ix = rng.sample(range(4), k)
        faces = [rng.choice(DICE[d]) for d in dice_ix]
        toks = pool[i * (n - 1):(i + 1) * (n - 1)]
        done = list(players)
        rng.shuffle(done)
        rolls = {}
        for p in players:
            style = rng.random()
            if style < 0.25:
                rolls[p] = {"correct": rng.random() < 0.7}
            else:
                # bias towards right rolls: retry a few builds
                for _ in range(rng.choice([1, 4, 12])):
                    on, touching = random_build(rng)
                    if build_meets(on, touching, faces):
                        break
                roll: dict = {"on": on}
                if touching or rng.random() < 0.3:
                    roll["touching"] = touching
                if style > 0.8:
                    roll["correct"] = build_meets(on, touching, faces)
                rolls[p] = roll
        rounds.append({"first": players[(first0 + i) % n], "dice": [face_str(f, rng) for f in faces],
                       "tokens": [tok_str(t) for t in toks], "done": done,
                       "rolls": {p: rolls[p] for p in done}})
    rec["rounds"] = rounds
    if brk is None and rng.random() < 0.1:
        # nobody ever rolls right: no token is kept, and everyone shares the victory (GIM-7)
        for rnd in rounds:
            rnd["rolls"] = {p: {"correct": False} for p in rnd["done"]}
    if brk and brk != "unfinished":
        i = rng.randrange(nr)
        rnd = rounds[i]
        if brk == "first":
            rnd["first"] = players[(first0 + i + rng.randrange(1, n)) % n]
            if i == 0:  # round 1 may be anyone: break round 2's instead
                i = 1
                rounds[1]["first"] = players[(first0 + 1 + rng.randrange(1, n)) % n]
        elif brk == "dice-same-die":
            d = rng.randrange(4)
            a, b = rng.sample(DICE[d], 2)
            rnd["dice"] = [face_str(a, rng), face_str(b, rng)] + rnd["dice"][2:3]
            if len({die_of(parse_face(f)) for f in rnd["dice"]}) == len(rnd["dice"]):
                rnd["dice"] = rnd["dice"][:2]
        elif brk == "dice-count":
            rnd["dice"] = rnd["dice"][:1]
        elif brk == "token-reused":
            j = rng.randrange(nr)
            while j == i and nr > 1:
                j = rng.randrange(nr)
            if j == i:
                rnd["tokens"][0] = rnd["tokens"][-1] if n > 2 else tok_str(next(t for t in ALL_TOKENS if t not in pool))
            else:
                rnd["tokens"][0] = rounds[j]["tokens"][0]
        elif brk == "token-count":
            if n == 2:
                rnd["tokens"] = rnd["tokens"] + [rounds[(i + 1) % nr]["tokens"][0]]
            else:
                rnd["tokens"] = rnd["tokens"][:-1]
        elif brk == "done-missing":
            rnd["done"] = rnd["done"][:-1]
        elif brk == "done-twice":
            rnd["done"] = rnd["done"] + [rnd["done"][0]]
        elif brk == "bad-build":
            p = rng.choice(players)
            on, touching = impossible_build(rng)
            rnd["rolls"][p] = {"on": on, "touching": touching}
        elif brk == "claim":
            p = rng.choice(players)
            on, touching = random_build(rng)
            faces = [parse_face(f) for f in rnd["dice"]]
            rnd["rolls"][p] = {"on": on, "touching": touching, "correct": not build_meets(on, touching, faces)}
        elif brk == "extra-round":
            extra = dict(rounds[-1])
            extra["first"] = players[(first0 + nr) % n]
            extra["tokens"] = list(rounds[0]["tokens"])
            rounds.append(extra)
        elif brk == "two-player-token":
            outside = [t for t in ALL_TOKENS if t not in pool]
            rnd["tokens"] = [tok_str(rng.choice(outside))]
    return rec, brk


UNSCORED: set = set()   # breaks after which the rules leave the points open

# the rule each kind of break breaks (any of these ids is accepted as naming it)
BREAK_RULES = {
    "first": {"GIM-5", "PK-1"},
    "dice-same-die": {"GIM-3"},
    "dice-count": {"GIM-3"},
    "token-reused": {"GIM-4", "GIM-5"},
    "token-count": {"GIM-5"},
    "done-missing": {"PK-2", "GIM-6"},  # printkit cites GIM-6
    "done-twice": {"PK-2", "GIM-6"},
    "bad-build": {"GIM-2"},
    "claim": {"PK-3", "GIM-6"},
    "extra-round": {"GIM-5"},
    "two-player-token": {"GIM-5"},
}
