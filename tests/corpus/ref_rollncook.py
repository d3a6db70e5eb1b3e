"""An independent Roll n Cook referee and whole-game generator (issue 10, corpus).

Written from ``../shared/rulebooks/roll-n-cook.txt``, ``../shared/RULINGS.md`` (RNC-1 to RNC-12),
``docs/rulings.md`` (PK-14 to PK-16) and ``docs/records.md`` only. It does not import or read
printkit's Roll n Cook rules, scorer or simulator. What it takes from printkit is *content*:
the seeded sheet (``printkit.games.rollncook.sheet.generate``: what each hour's boxes and
tables hold) and the data file (ingredients, recipes, meals, plates, abilities, stars).

Records are plain dicts in the documented format (one per player). ``referee(records)`` gives
the verdict; ``generate_game(rng)`` plays a random whole game (each player's choices random
but legal) and returns the records.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import yaml

DATA = yaml.safe_load((Path(__file__).resolve().parents[2] / "printkit/games/rollncook/data.yaml").read_text())
BASICS: list[str] = list(DATA["basics"])
MYSTERY: str = DATA["mystery"]
RARES: dict[str, list[str]] = {k: list(v) for k, v in DATA["rares"].items()}
MEALS: dict[str, dict] = DATA["meals"]
FIRST = int(DATA["first_hour"])
PLATES: list[int] = list(DATA["plates"])
ABILITIES: dict[str, int] = dict(DATA["abilities"])
STARS: list[int] = list(DATA["stars"])
HOURS = [f"{FIRST + i}:00" for i in range(len(PLATES))]
VERSION = int(DATA["version"])


@lru_cache(maxsize=None)
def sheet(seed: int) -> dict:
    """The sheet's content as data (the generator's output, not its rules)."""
    from printkit.games.rollncook.sheet import generate

    return generate(seed).to_data()


def hour_index(h) -> int | None:
    """An hour as docs/records.md lets a person write it -> 0 ... 11; None for anything else.

    "10:00", 10:00, 10, "10h", "10am", "13:00", 13, "1pm", "1:00 pm", 1 (no 1 in the morning).
    """
    t = str(h).strip().lower().replace(" ", "")
    pm = t.endswith("pm")
    t = t.removesuffix("pm").removesuffix("am").removesuffix("h").removesuffix(":00")
    if not t.isdigit():
        return None
    v = int(t)
    if pm and v < 12:
        v += 12
    elif v < FIRST and v + 12 < FIRST + len(PLATES):
        v += 12
    i = v - FIRST
    return i if 0 <= i < len(PLATES) else None


# ---------------------------------------------------------------------------------------------
# Ingredients (RNC-5, RNC-6, RNC-7, RNC-11)

def match_use(slots: list[str], use: list[str]) -> bool:
    """Can the crossed ingredients ``use`` (no order, RNC-11) fill the recipe ``slots``?

    Exact ingredients fill their own slots; a mystery fills a basic slot or a mystery slot
    (RNC-5), never a rare one.
    """
    if len(use) != len(slots):
        return False
    need = Counter(slots)
    have = Counter(use)
    for name, n in list(have.items()):
        if name == MYSTERY:
            continue
        if need[name] < n:
            return False
        need[name] -= n
    left = [s for s, n in need.items() for _ in range(n)]
    return len(left) == have[MYSTERY] and all(s in BASICS or s == MYSTERY for s in left)


def default_use(slots: list[str], inv: Counter) -> list[str] | None:
    """PK-15: without ``use``, the exact ingredients first, the mystery for a missing basic."""
    avail = Counter(inv)
    out = []
    missing_basic = 0
    for s in slots:
        if avail[s] > 0:
            avail[s] -= 1
            out.append(s)
        elif s in BASICS:
            missing_basic += 1
        else:
            return None
    if avail[MYSTERY] < missing_basic:
        return None
    out += [MYSTERY] * missing_basic
    return out


def _candidates(slots: list[str], inv: Counter) -> list[list[str]]:
    """Every way to cross ``slots`` from ``inv``: exact or the mystery for each basic slot."""
    out = [[]]
    for sl in slots:
        opts = [sl] + ([MYSTERY] if sl in BASICS else [])
        out = [o + [x] for o in out for x in opts]
    out = [o for o in out if has(inv, o)]
    out.sort(key=lambda o: o.count(MYSTERY))
    return out


def _order_free(entries: list, inv: Counter, slots_of, makes: bool) -> list:
    """The entries in an order, each with what it crosses, such that every one can be done.

    Written order and the mystery's place are not part of a record (RNC-11), so any order
    and any choice for entries without ``use`` that succeeds is taken. Without one, the
    entries are returned as written (and checked one by one).
    """
    if len(entries) < 2:
        return list(entries)

    def dfs(left: list, inv: Counter) -> list | None:
        if not left:
            return []
        for i, e in enumerate(left):
            name, use = (e, None) if isinstance(e, str) else (e["name"], e.get("use"))
            slots = slots_of(name)
            cands = [list(use)] if use is not None else _candidates(slots, inv)
            for u in cands:
                if not has(inv, u) or not match_use(slots, u):
                    continue
                nxt = Counter(inv)
                nxt.subtract(u)
                if makes:
                    nxt[name] += 1
                rest = dfs(left[:i] + left[i + 1:], nxt)
                if rest is not None:
                    return [{"name": name, "use": u}] + rest
        return None

    found = dfs(list(entries), Counter(inv))
    return found if found is not None else list(entries)


def has(inv: Counter, use: list[str]) -> bool:
    return all(inv[k] >= n for k, n in Counter(use).items())


# ---------------------------------------------------------------------------------------------
# The referee

@dataclass
class PlayerResult:
    name: str
    total: int = 0
    meals: Counter = field(default_factory=Counter)
    dish_points: int = 0
    rares_left: int = 0
    basics_left: int = 0
    plates_left: int = 0
    hours_played: int = 0


@dataclass
class Verdict:
    valid: bool
    violations: list[tuple[str, str, str]]  # (player, where, rule)
    players: dict[str, PlayerResult]
    ranking_key: dict[str, tuple]
    winners: list[str]
    unfinished: bool
    checked: bool = True

    @property
    def rules(self) -> set[str]:
        return {r for _, _, r in self.violations}

    @property
    def totals(self) -> dict[str, int]:
        return {n: p.total for n, p in self.players.items()}


def _take_target(entry: dict) -> tuple[str, int | None, int | None]:
    """("box", None, k) or ("table", hour index, k) from a take entry (old or new form)."""
    v = entry.get("result", entry.get("box", entry.get("segment")))
    if "table" in entry:
        seg = entry.get("segment", v)
        if seg is True or seg is None:
            seg = v
        return "table", hour_index(entry["table"]), seg
    box = entry.get("box", v)
    if box is True or box is None:
        box = v
    return "box", None, box


def play_player(rec: dict) -> tuple[PlayerResult, list[tuple[str, str]], list[list[int]], bool]:
    """Replay one player's record: (result, violations (where, rule), dice per hour, finished)."""
    name = str(rec["player"])
    res = PlayerResult(name)
    viol: list[tuple[str, str]] = []
    seed = int(str(rec["sheet"]).upper().split("-")[1])
    sh = sheet(seed)

    if "end" in rec:  # only the end of a game: totalled, unchecked
        end = rec["end"]
        dishes = Counter({k: int(v) for k, v in end["dishes"].items()})
        for meal, n in dishes.items():
            bon = MEALS[meal]["bonuses"]
            if n > len(bon):
                viol.append(("end", "RNC-12"))
            res.dish_points += sum(MEALS[meal]["value"] + b for b in bon[:n])
        if sum(dishes.values()) > sum(PLATES):
            viol.append(("end", "RNC-12"))
        res.meals = dishes
        res.rares_left = int(end.get("rares_left", 0))
        res.basics_left = int(end.get("basics_left", 0))
        res.plates_left = max(sum(PLATES) - sum(dishes.values()), 0)
        if "plates_left" in end and int(end["plates_left"]) != res.plates_left:
            viol.append(("end", "RNC-12"))  # unused plates follow from the meals
        res.total = res.dish_points + res.rares_left
        return res, viol, {}, True

    inv: Counter = Counter()
    crossed_box: set[tuple[int, int]] = set()
    crossed_seg: set[tuple[int, int]] = set()
    abil = dict(ABILITIES)
    circled: Counter = Counter()
    plates_used = Counter()
    dice_by_hour: dict[int, list[int]] = {}
    seen_hours: list[int] = []

    for pos, hp in enumerate(rec.get("hours", [])):
        hi = hour_index(hp["hour"])
        where = HOURS[hi] if hi is not None else str(hp["hour"])
        if hi != pos:
            viol.append((where, "RNC-11"))  # hours in order, none skipped or repeated
        seen_hours.append(hi)
        dice = [int(d) for d in hp["dice"]]
        dice_by_hour.setdefault(hi, dice)
        results = list(dice)
        # RNC-3 doubles
        dbl = hp.get("double")
        if dbl:
            sp, to = int(dbl["spend"]), int(dbl["to"])
            if results.count(sp) >= 2:
                results.remove(sp)
                results = [to if r == sp else r for r in results]
            else:
                viol.append((where, "RNC-3"))
        # RNC-4 abilities, in order (PK-14)
        for ab in hp.get("abilities", []) or []:
            (kind, arg), = [(k, v) for k, v in ab.items() if v is not None]
            if abil[kind] <= 0:
                viol.append((where, "RNC-4"))
                continue  # an illegal action is reported and not applied
            abil[kind] -= 1
            if kind in ("adjust", "set"):
                f, t = int(arg["from"]), int(arg["to"])
                if f not in results:
                    viol.append((where, "RNC-4"))
                    continue
                if kind == "adjust" and not ((f - t) % 6 in (1, 5)):
                    viol.append((where, "RNC-4"))
                    continue
                results[results.index(f)] = t
            elif kind == "reuse":
                if int(arg) not in results:
                    viol.append((where, "RNC-4"))
                    continue
                results.append(int(arg))
            else:
                results.append(int(arg))
        # RNC-2 taking
        left = Counter(results)
        for t in hp.get("take", []) or []:
            v = int(t.get("result", t.get("box", t.get("segment"))))
            if left[v] <= 0:
                viol.append((where, "RNC-2"))
                continue
            left[v] -= 1
            kind, th, k = _take_target(t)
            if k != v:
                viol.append((where, "RNC-2"))
                continue
            if kind == "box":
                if hi is None:
                    continue
                if (hi, k) in crossed_box:
                    viol.append((where, "RNC-2"))
                    continue
                crossed_box.add((hi, k))
                for x in sh["hours"][hi]["boxes"][k - 1]:
                    inv[x] += 1
            else:
                if (th, k) in crossed_seg:
                    viol.append((where, "RNC-2"))
                    continue
                crossed_seg.add((th, k))
                inv[sh["hours"][th]["table"][k - 1]] += 1
        # RNC-6 rare ingredients, made in an order that works, whatever order they are written
        # in (RNC-11: marks, not order); then the meals likewise
        rares = _order_free(hp.get("rare", []) or [], inv, lambda name: RARES[name], True)
        for r in rares:
            rname, use = (r, None) if isinstance(r, str) else (r["name"], r.get("use"))
            slots = RARES[rname]
            if use is None:
                use = default_use(slots, inv)
                if use is None:
                    viol.append((where, "RNC-5"))
                    continue
            else:
                use = list(use)
                if not has(inv, use):
                    viol.append((where, "RNC-5"))
                    continue
                if not match_use(slots, use):
                    viol.append((where, "RNC-5"))
                    continue
            inv.subtract(use)
            inv[rname] += 1
        # RNC-7 cooking
        after_rares = Counter(inv)
        for c in _order_free(hp.get("cook", []) or [], after_rares, lambda name: list(MEALS[name]["ingredients"]), False):
            mname, use = (c, None) if isinstance(c, str) else (c["name"], c.get("use"))
            meal = MEALS[mname]
            ok = True
            if hi is None or plates_used[hi] >= PLATES[hi]:
                viol.append((where, "RNC-7"))
                ok = False
            if circled[mname] >= len(meal["bonuses"]):
                viol.append((where, "RNC-7"))
                ok = False
            slots = list(meal["ingredients"])
            if use is None:
                use = default_use(slots, inv)
                if use is None:
                    viol.append((where, "RNC-5"))
                    ok = False
            else:
                use = list(use)
                if not has(inv, use) or not match_use(slots, use):
                    viol.append((where, "RNC-5"))
                    ok = False
            if not ok:
                continue
            inv.subtract(use)
            plates_used[hi] += 1
            res.dish_points += meal["value"] + meal["bonuses"][circled[mname]]
            circled[mname] += 1
    finished = len(seen_hours) >= len(PLATES) or (seen_hours and seen_hours[-1] == len(PLATES) - 1)
    res.meals = circled
    res.rares_left = sum(inv[r] for r in RARES)
    res.basics_left = sum(inv[b] for b in BASICS)
    res.plates_left = sum(PLATES) - sum(circled.values())
    res.total = res.dish_points + res.rares_left
    res.hours_played = len(seen_hours)
    return res, viol, dice_by_hour, bool(finished)


def referee(records: list[dict]) -> Verdict:
    players: dict[str, PlayerResult] = {}
    violations: list[tuple[str, str, str]] = []
    dice_lists = []
    unfinished = False
    checked = True
    for rec in records:
        res, viol, dice, finished = play_player(rec)
        players[res.name] = res
        violations += [(res.name, w, r) for w, r in viol]
        dice_lists.append((res.name, dice))
        unfinished |= not finished
        checked &= "end" not in rec
    # RNC-10: shared dice, compared hour by hour as rolled (PK-16)
    played = [(n, d) for n, d in dice_lists if d]
    if len(played) > 1:
        n0, d0 = played[0]
        for n, d in played[1:]:
            for h in set(d0) & set(d):
                if sorted(d0[h]) != sorted(d[h]):
                    violations.append((n, HOURS[h], "RNC-10"))
    valid = not violations
    key = {n: (p.total, p.basics_left, p.plates_left) for n, p in players.items()}
    winners: list[str] = []
    if valid and not unfinished:
        best = max(key.values())
        winners = [n for n, k in key.items() if k == best]
        if len(players) == 1 and players[winners[0]].total < STARS[0]:
            winners = []  # RNC-8: a solo game needs one star
    return Verdict(valid, violations, players, key, winners, unfinished, checked)


# ---------------------------------------------------------------------------------------------
# The generator: a random player whose every action is legal


def _entry(name: str, use, write: bool, rng):
    """A rare ingredient or meal as written in a record: its name, or with ``use`` (shuffled:
    what is crossed in one action has no order, RNC-11)."""
    if not write:
        return name
    u = list(use)
    rng.shuffle(u)
    return {"name": name, "use": u}

class _Player:
    def __init__(self, name: str, seed: int, rng: random.Random, style: dict):
        self.name, self.rng, self.style = name, rng, style
        self.sh = sheet(seed)
        self.inv: Counter = Counter()
        self.crossed_box: set = set()
        self.crossed_seg: set = set()
        self.abil = dict(ABILITIES)
        self.circled: Counter = Counter()
        self.hours: list[dict] = []

    def _use_for(self, slots: list[str]) -> tuple[list[str] | None, bool]:
        """(what to cross, write `use`?) or (None, _) when it cannot be made."""
        d = default_use(slots, self.inv)
        if d is None:
            return None, False
        rng = self.rng
        write = rng.random() < self.style["write_use"]
        if write and self.inv[MYSTERY] > d.count(MYSTERY) and rng.random() < 0.5:
            # the player's own choice: the mystery stands for a basic they also hold
            basics_in = [i for i, s in enumerate(d) if s in BASICS]
            if basics_in:
                d = list(d)
                d[rng.choice(basics_in)] = MYSTERY
        if MYSTERY in d and rng.random() < 0.7:
            write = True
        return d, write

    def need(self) -> dict[str, float]:
        """How much the still-open meals want each ingredient (a greedy player's guess)."""
        w: Counter = Counter()
        for m, meal in MEALS.items():
            k = self.circled[m]
            if k >= len(meal["bonuses"]):
                continue
            pts = meal["value"] + meal["bonuses"][k]
            stack = [(x, pts) for x in meal["ingredients"]]
            while stack:
                x, p = stack.pop()
                w[x] += p
                if x in RARES:
                    stack += [(y, p / 2) for y in RARES[x]]
        return {x: w[x] / (1 + self.inv[x]) for x in w}

    def option_value(self, ings, need) -> float:
        return sum(need.get(x, 0.0) for x in ings) + 0.5 * len(ings)

    def best_option(self, hi: int, v: int) -> int | None:
        """-1 for box v of this hour, else the hour of the best free table segment v."""
        need = self.need()
        opts = []
        if (hi, v) not in self.crossed_box:
            opts.append((self.option_value(self.sh["hours"][hi]["boxes"][v - 1], need), -1))
        for h in range(len(PLATES)):
            if (h, v) not in self.crossed_seg:
                opts.append((self.option_value([self.sh["hours"][h]["table"][v - 1]], need), h))
        return max(opts)[1] if opts else None

    def lucky_dice(self, hi: int) -> list[int]:
        """Dice a lucky player would wish for (any dice are a legal roll)."""
        need = self.need()
        vals = []
        for v in range(1, 7):
            b = self.best_option(hi, v)
            if b is None:
                vals.append((0.0, v))
            elif b < 0:
                vals.append((self.option_value(self.sh["hours"][hi]["boxes"][v - 1], need), v))
            else:
                vals.append((self.option_value([self.sh["hours"][b]["table"][v - 1]], need), v))
        vals.sort(reverse=True)
        return [vals[0][1], vals[self.rng.choice([0, 1])][1], vals[self.rng.choice([1, 2])][1]]

    def play_hour(self, hi: int, dice: list[int]) -> dict:
        rng = self.rng
        hp: dict = {"hour": HOURS[hi], "dice": list(dice)}
        results = list(dice)
        dup = [v for v in set(results) if results.count(v) >= 2]
        if dup and rng.random() < 0.5:
            sp = rng.choice(dup)
            to = rng.choice([x for x in range(1, 7) if x != sp])
            hp["double"] = {"spend": sp, "to": to}
            results.remove(sp)
            results = [to if r == sp else r for r in results]
        abilities = []
        for _ in range(2):
            if rng.random() > self.style["ability"]:
                continue
            kinds = [k for k, n in self.abil.items() if n > 0]
            if not kinds:
                break
            kind = rng.choice(kinds)
            self.abil[kind] -= 1
            if kind == "adjust":
                f = rng.choice(results)
                t = (f % 6) + 1 if rng.random() < 0.5 else ((f - 2) % 6) + 1
                results[results.index(f)] = t
                abilities.append({"adjust": {"from": f, "to": t}})
            elif kind == "set":
                f = rng.choice(results)
                t = rng.choice([x for x in range(1, 7) if x != f])
                results[results.index(f)] = t
                abilities.append({"set": {"from": f, "to": t}})
            elif kind == "reuse":
                v = rng.choice(results)
                results.append(v)
                abilities.append({"reuse": v})
            else:
                v = rng.randint(1, 6)
                results.append(v)
                abilities.append({"add": v})
        if abilities:
            hp["abilities"] = abilities
        take = []
        order = list(results)
        rng.shuffle(order)
        for v in order:
            if rng.random() < 0.04:
                continue  # a result left unused
            box_free = (hi, v) not in self.crossed_box
            segs = [h for h in range(len(PLATES)) if (h, v) not in self.crossed_seg]
            if self.style.get("greedy"):
                best = self.best_option(hi, v)
                if best is None:
                    continue
                segs = [best] if best >= 0 else []
            if box_free and (self.style.get("greedy") or rng.random() < self.style["box"] or not segs) \
                    and not (self.style.get("greedy") and segs):
                self.crossed_box.add((hi, v))
                for x in self.sh["hours"][hi]["boxes"][v - 1]:
                    self.inv[x] += 1
                take.append({"result": v, "box": v})
            elif segs:
                th = rng.choice(segs)
                self.crossed_seg.add((th, v))
                self.inv[self.sh["hours"][th]["table"][v - 1]] += 1
                take.append({"result": v, "table": HOURS[th], "segment": v})
        if take:
            hp["take"] = take
        rare = []
        for _ in range(4):
            options = [(r, self._use_for(s)) for r, s in RARES.items()]
            options = [(r, u) for r, u in options if u[0] is not None]
            if not options or rng.random() > self.style["rare"]:
                break
            r, (use, write) = rng.choice(options)
            self.inv.subtract(use)
            self.inv[r] += 1
            rare.append(_entry(r, use, write, rng))
        if rare:
            hp["rare"] = rare
        cook = []
        for _ in range(PLATES[hi]):
            options = [(m, self._use_for(list(MEALS[m]["ingredients"]))) for m in MEALS
                       if self.circled[m] < len(MEALS[m]["bonuses"])]
            options = [(m, u) for m, u in options if u[0] is not None]
            if not options or rng.random() > self.style["cook"]:
                break
            if self.style.get("greedy"):
                m, (use, write) = max(options, key=lambda o: MEALS[o[0]]["value"] + MEALS[o[0]]["bonuses"][self.circled[o[0]]])
            else:
                m, (use, write) = rng.choice(options)
            self.inv.subtract(use)
            self.circled[m] += 1
            cook.append(_entry(m, use, write, rng))
        if cook:
            hp["cook"] = cook
        self.hours.append(hp)
        return hp


NAMES = ["Ann", "Bo", "Cy", "Dee"]


def generate_game(rng: random.Random, players: int | None = None, seed: int | None = None,
                  hours: int | None = None) -> list[dict]:
    """A legal whole game (or its first ``hours`` hours): one record per player, shared dice."""
    n = players or rng.choice([1, 1, 2, 2, 3, 4])
    seed = rng.randrange(0, 40) if seed is None else seed
    sheet_id = f"RNC{VERSION}-{seed}"
    ps = []
    for i in range(n):
        style = {"write_use": rng.random(), "ability": rng.choice([0.0, 0.2, 0.5]),
                 "box": rng.uniform(0.3, 0.8), "rare": rng.uniform(0.5, 1.0), "cook": rng.uniform(0.7, 1.0)}
        ps.append(_Player(NAMES[i], seed, random.Random(rng.random()), style))
    lucky = n == 1 and rng.random() < 0.5
    if lucky:
        ps[0].style.update(greedy=True, rare=0.9, cook=1.0)
    for hi in range(hours if hours is not None else len(PLATES)):
        dice = ps[0].lucky_dice(hi) if lucky else [rng.randint(1, 6) for _ in range(3)]
        for p in ps:
            p.play_hour(hi, dice)
    return [{"game": "rollncook", "sheet": sheet_id, "player": p.name, "hours": p.hours} for p in ps]


# ---------------------------------------------------------------------------------------------
# Deliberate rule breaks and unfinished games

import copy  # noqa: E402

INJECTIONS = {
    "result-twice": "RNC-2", "box-twice": "RNC-2", "result-differs": "RNC-2",
    "meal-without-ingredients": "RNC-5", "mystery-for-rare": "RNC-5",
    "skip-hour": "RNC-11", "repeat-hour": "RNC-11", "swap-hours": "RNC-11",
    "too-many-meals": "RNC-7", "extra-ability": "RNC-4", "adjust-by-two": "RNC-4",
    "bad-double": "RNC-3", "dice-mismatch": "RNC-10",
}


def _crossed_segments(rec: dict) -> set[tuple[str, int]]:
    out = set()
    for hp in rec["hours"]:
        for t in hp.get("take", []) or []:
            if "table" in t:
                out.add((t["table"], t["segment"]))
    return out


def inject(records: list[dict], kind: str, rng: random.Random) -> list[dict] | None:
    """A copy of ``records`` with one rule break of ``kind`` (None if there is no occasion).

    The break is kept only if this module's referee reports the rule ``INJECTIONS[kind]``.
    """
    for _attempt in range(30):
        recs = copy.deepcopy(records)
        p = rng.randrange(len(recs))
        rec = recs[p]
        hours = rec["hours"]
        hi = rng.randrange(len(hours))
        hp = hours[hi]
        takes = hp.setdefault("take", [])
        if kind == "result-twice":
            if not takes:
                continue
            v = takes[0]["result"]
            free = [h for h in HOURS if (h, v) not in _crossed_segments(rec)]
            if not free:
                continue
            takes.append({"result": v, "table": rng.choice(free), "segment": v})
        elif kind == "box-twice":
            # an hour with the same result twice, one taking box v: the other takes it again
            if hp.get("double") or hp.get("abilities"):
                continue
            boxed = {t["result"] for t in takes if "box" in t}
            segs = [t for t in takes if "table" in t and t["result"] in boxed]
            if not segs:
                continue
            v = segs[0]["result"]
            segs[0].clear()
            segs[0].update({"result": v, "box": v})
        elif kind == "result-differs":
            boxed = [t for t in takes if "box" in t]
            if not boxed:
                continue
            boxed[0]["box"] = boxed[0]["result"] % 6 + 1
        elif kind == "meal-without-ingredients":
            if PLATES[hi] <= len(hp.get("cook", [])):
                continue
            hp.setdefault("cook", []).append(rng.choice(["burger", "pizza", "steak", "sushi", "omelette"]))
        elif kind == "mystery-for-rare":
            if PLATES[hi] <= len(hp.get("cook", [])):
                continue
            hp.setdefault("cook", []).append({"name": "bread", "use": [MYSTERY]})
        elif kind == "too-many-meals":
            hp.setdefault("cook", []).extend(["fried egg"] * (PLATES[hi] + 1 - len(hp.get("cook", []))))
        elif kind == "skip-hour":
            if len(hours) < 3 or hi in (0, len(hours) - 1):
                continue
            del hours[hi]
        elif kind == "repeat-hour":
            if hi == 0:
                continue
            hp["hour"] = hours[hi - 1]["hour"]
        elif kind == "swap-hours":
            if hi == len(hours) - 1:
                continue
            hp["hour"], hours[hi + 1]["hour"] = hours[hi + 1]["hour"], hp["hour"]
        elif kind == "extra-ability":
            used = sum(1 for h in hours for a in h.get("abilities", []) or [] if "add" in a)
            hp.setdefault("abilities", []).extend({"add": 6} for _ in range(ABILITIES["add"] + 1 - used))
        elif kind == "adjust-by-two":
            if hp.get("double") or hp.get("abilities"):
                continue
            d = hp["dice"][0]
            hp["abilities"] = [{"adjust": {"from": d, "to": (d + 1) % 6 + 1}}]
        elif kind == "bad-double":
            if len(set(hp["dice"])) < 3:
                continue
            hp["double"] = {"spend": hp["dice"][0], "to": hp["dice"][1]}
        elif kind == "dice-mismatch":
            if len(recs) < 2:
                return None
            hp["dice"] = [d % 6 + 1 for d in hp["dice"]]
        else:
            raise ValueError(kind)
        if not takes:
            del hp["take"]
        if INJECTIONS[kind] in referee(recs).rules:
            return recs
    return None


def truncate(records: list[dict], hours: int) -> list[dict]:
    """An unfinished game: every record stops after ``hours`` hours."""
    recs = copy.deepcopy(records)
    for r in recs:
        r["hours"] = r["hours"][:hours]
    return recs


def end_state(rec: dict, old: bool) -> dict:
    """Only the end of the game (``end``), from a played record's referee result."""
    res, _, _, _ = play_player(rec)
    end = {"dishes": {m: n for m, n in res.meals.items() if n}, "rares_left": res.rares_left,
           "basics_left": res.basics_left}
    if old:
        end["plates_left"] = res.plates_left
    return {"sheet": rec["sheet"], "player": rec["player"], "end": end}


# ---------------------------------------------------------------------------------------------
# Writing a record as a player would (format 1: result and box both; format 2: each fact once)

HOUR_SPELLINGS = [lambda h: f"{h}:00", lambda h: str(h), lambda h: f"{h}h",
                  lambda h: f"{h}am" if h < 12 else (f"{h - 12}pm" if h > 12 else "12pm"),
                  lambda h: str(h - 12) if h > 12 else str(h),
                  lambda h: f"{h}:00" if h <= 12 else f"{h - 12}:00 pm"]


def to_format2(rec: dict, rng: random.Random) -> dict:
    """The same record in the new form: no result beside a box or segment, hours as typed."""
    out = copy.deepcopy(rec)
    spell = rng.choice(HOUR_SPELLINGS)
    for hp in out.get("hours", []):
        h = int(str(hp["hour"]).split(":")[0])
        hp["hour"] = spell(h)
        for t in hp.get("take", []) or []:
            if "table" in t and rng.random() < 0.5:
                t["table"] = spell(int(str(t["table"]).split(":")[0]))
            if "box" in t and t["box"] == t["result"]:
                del t["result"]
            elif "table" in t and t.get("segment") == t["result"]:
                if rng.random() < 0.8:
                    del t["result"]
                else:
                    del t["segment"]  # {result: 5, table: "12:00"} also reads
        for key in ("rare", "cook"):
            if hp.get(key) and len(hp[key]) > 1:
                rng.shuffle(hp[key])  # made in an order they can be made (RNC-11)
    return out


def dump_yaml(data) -> str:
    """YAML with hours left unquoted where a person would type them so (YAML 1.2: strings)."""
    import re

    text = yaml.safe_dump(data, sort_keys=False, default_flow_style=None, allow_unicode=True, width=200)
    return re.sub(r"(hour|table): '(\d{1,2}:00)'", r"\1: \2", text)
