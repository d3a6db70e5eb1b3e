"""The seeded sheet (RNC-1, RNC-9): each hour's six boxes and its hexagonal table.

The generator uses its own random number generator (SplitMix64, fully specified here), so a
seed gives the same sheet on every machine and with every Python: a sheet id names the content
version and the seed.

>>> s = generate(7)
>>> s.id, len(s.hours), len(s.hours[0].boxes), len(s.hours[0].table)
('RNC1-7', 12, 6, 6)
>>> generate(7) == s
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from printkit.core.limits import MAX_DIGITS
from printkit.games.rollncook.content import CONTENT

MASK = (1 << 64) - 1


class SplitMix64:
    """Steele, Lea and Flood's SplitMix64: 64-bit outputs from a 64-bit state."""

    __slots__ = ("state",)

    def __init__(self, seed: int):
        self.state = seed & MASK

    def next(self) -> int:
        self.state = (self.state + _GAMMA) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * _MIX1) & MASK
        z = ((z ^ (z >> 27)) * _MIX2) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (rejection sampling: no modulo bias)."""
        limit = _LIMITS.get(n)
        if limit is None:
            limit = (1 << 64) - ((1 << 64) % n)
            if len(_LIMITS) < 256:
                _LIMITS[n] = limit
        # next() written out (the sheet generator draws ~1,000 numbers a sheet): the same states
        s = self.state
        while True:
            s = (s + _GAMMA) & MASK
            z = ((s ^ (s >> 30)) * _MIX1) & MASK
            z = ((z ^ (z >> 27)) * _MIX2) & MASK
            v = z ^ (z >> 31)
            if v < limit:
                self.state = s
                return v % n

    def weighted(self, weights: dict[str, int]) -> str:
        return self.pick(tuple(weights.items()), sum(weights.values()))

    def pick(self, weights: tuple[tuple[str, int], ...], total: int) -> str:
        """A key of ``weights`` ((key, weight) pairs in the data file's order, ``total`` their sum)."""
        r = self.below(total)
        for key, w in weights:
            if r < w:
                return key
            r -= w
        raise AssertionError("unreachable")


_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
#: ``below``'s rejection limit for each n asked for (the generator asks for a handful).
_LIMITS: dict[int, int] = {}


@dataclass(frozen=True)
class Hour:
    """An hour of a sheet: its clock, its plates, its six boxes' ingredients and its table's."""

    clock: str
    plates: int
    boxes: tuple[tuple[str, ...], ...]  # box k (die face k + 1): its ingredients
    table: tuple[str, ...]  # segment k (die face k + 1): a basic ingredient

    def box_kind(self, k: int) -> str:
        box = self.boxes[k]
        if len(box) == 2:
            return "double"
        if box[0] in CONTENT.rares:
            return "rare"
        if box[0] == CONTENT.mystery:
            return "mystery"
        return "single"


@dataclass(frozen=True)
class Sheet:
    """A Roll n Cook sheet: the seed and version it is made from, and its hours."""

    seed: int
    version: int
    hours: tuple[Hour, ...]

    @property
    def id(self) -> str:
        return sheet_id(self.seed, self.version)

    def to_data(self) -> dict:
        return {"id": self.id, "seed": self.seed, "content_version": self.version,
                "hours": [{"clock": h.clock, "plates": h.plates,
                           "boxes": [list(b) for b in h.boxes], "table": list(h.table)} for h in self.hours]}


def sheet_id(seed: int, version: int = CONTENT.version) -> str:
    return f"RNC{version}-{seed}"


def parse_sheet_id(text: str) -> tuple[int, int] | None:
    """``"RNC1-7"`` -> (version 1, seed 7); None if it is not a sheet id."""
    t = str(text).strip().upper()
    if not t.startswith("RNC") or "-" not in t or len(t) > MAX_DIGITS:  # int() of 5,000 digits fails
        return None
    v, _, s = t[3:].partition("-")
    return (int(v), int(s)) if v.isdecimal() and s.isdecimal() else None  # not "²", which int() refuses


@dataclass(frozen=True)
class _Rules:
    """The generator's data as its draws use it, read from the content once a sheet."""

    basics: tuple[str, ...]
    mystery: str
    rares: frozenset[str]
    kinds: tuple[tuple[str, int], ...]  # box kinds and their weights, in the data file's order
    kinds_total: int
    rare_picks: tuple[tuple[str, int], ...]
    rare_total: int
    hour_limits: tuple[tuple[str, int], ...]
    box_value: dict[str, int]

    @classmethod
    def of_content(cls) -> _Rules:
        g = CONTENT.generator
        return cls(tuple(CONTENT.basics), CONTENT.mystery, frozenset(CONTENT.rares),
                   tuple(g["box_weights"].items()), sum(g["box_weights"].values()),
                   tuple(g["rare_weights"].items()), sum(g["rare_weights"].values()),
                   tuple(g["hour_limits"].items()), dict(g["box_value"]))

    def kind(self, box: tuple[str, ...]) -> str:
        """What :meth:`Hour.box_kind` says of ``box``."""
        return ("double" if len(box) == 2 else "rare" if box[0] in self.rares else
                "mystery" if box[0] == self.mystery else "single")


def _hour(rng: SplitMix64, i: int, rules: _Rules, clock: str) -> tuple[Hour, list[str]]:
    """Hour ``i`` and its boxes' kinds."""
    basics = rules.basics
    n = len(basics)
    while True:
        boxes: list[tuple[str, ...]] = []
        for _ in range(6):
            kind = rng.pick(rules.kinds, rules.kinds_total)
            if kind == "single":
                boxes.append((basics[rng.below(n)],))
            elif kind == "double":
                a = rng.below(n)
                b = rng.below(n - 1)
                b += b >= a
                boxes.append((basics[a], basics[b]))
            elif kind == "rare":
                boxes.append((rng.pick(rules.rare_picks, rules.rare_total),))
            else:
                boxes.append((rules.mystery,))
        kinds = [rules.kind(b) for b in boxes]
        if all(kinds.count(k) <= n for k, n in rules.hour_limits):
            break
    # The table: six different basics (a partial shuffle).
    pool = list(basics)
    table = []
    for _ in range(6):
        table.append(pool.pop(rng.below(len(pool))))
    return Hour(clock, CONTENT.plates[i], tuple(boxes), tuple(table)), kinds


@lru_cache(maxsize=512)
def generate(seed: int) -> Sheet:
    """The sheet for ``seed`` (RNC-9). A sheet offering some basic too rarely is drawn again."""
    if seed < 0:
        raise ValueError("a seed is a whole number from 0")
    rng = SplitMix64(seed * 0x100000001B3 + CONTENT.version)
    rules = _Rules.of_content()
    minimum = CONTENT.generator["min_per_basic"]
    weights = rules.box_value
    lo, hi = CONTENT.generator["value_band"]
    clocks = CONTENT.hours
    while True:
        made = [_hour(rng, i, rules, clocks[i]) for i in range(len(CONTENT.plates))]
        value = sum(weights[k] for _, kinds in made for k in kinds)
        if not lo <= value <= hi:
            continue
        hours = tuple(h for h, _ in made)
        offered = {b: 0 for b in CONTENT.basics}
        for h in hours:
            for box in h.boxes:
                for x in box:
                    if x in offered:
                        offered[x] += 1
            for x in h.table:
                offered[x] += 1
        if min(offered.values()) >= minimum:
            return Sheet(seed, CONTENT.version, hours)
