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

from printkit.games.rollncook.content import CONTENT

MASK = (1 << 64) - 1


class SplitMix64:
    """Steele, Lea and Flood's SplitMix64: 64-bit outputs from a 64-bit state."""

    def __init__(self, seed: int):
        self.state = seed & MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (rejection sampling: no modulo bias)."""
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            v = self.next()
            if v < limit:
                return v % n

    def weighted(self, weights: dict[str, int]) -> str:
        total = sum(weights.values())
        r = self.below(total)
        for key, w in weights.items():  # in the data file's order
            if r < w:
                return key
            r -= w
        raise AssertionError("unreachable")


@dataclass(frozen=True)
class Hour:
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
    if not t.startswith("RNC") or "-" not in t:
        return None
    v, _, s = t[3:].partition("-")
    return (int(v), int(s)) if v.isdigit() and s.isdigit() else None


def _hour(rng: SplitMix64, i: int) -> Hour:
    g = CONTENT.generator
    basics = list(CONTENT.basics)
    while True:
        boxes = []
        for _ in range(6):
            kind = rng.weighted(g["box_weights"])
            if kind == "single":
                boxes.append((basics[rng.below(len(basics))],))
            elif kind == "double":
                a = rng.below(len(basics))
                b = rng.below(len(basics) - 1)
                b += b >= a
                boxes.append((basics[a], basics[b]))
            elif kind == "rare":
                boxes.append((rng.weighted(g["rare_weights"]),))
            else:
                boxes.append((CONTENT.mystery,))
        kinds = [("double" if len(b) == 2 else "rare" if b[0] in CONTENT.rares else
                  "mystery" if b[0] == CONTENT.mystery else "single") for b in boxes]
        if all(kinds.count(k) <= n for k, n in g["hour_limits"].items()):
            break
    # The table: six different basics (a partial shuffle).
    pool = list(basics)
    table = []
    for _ in range(6):
        table.append(pool.pop(rng.below(len(pool))))
    return Hour(CONTENT.hours[i], CONTENT.plates[i], tuple(boxes), tuple(table))


@lru_cache(maxsize=512)
def generate(seed: int) -> Sheet:
    """The sheet for ``seed`` (RNC-9). A sheet offering some basic too rarely is drawn again."""
    if seed < 0:
        raise ValueError("a seed is a whole number from 0")
    rng = SplitMix64(seed * 0x100000001B3 + CONTENT.version)
    minimum = CONTENT.generator["min_per_basic"]
    weights = CONTENT.generator["box_value"]
    lo, hi = CONTENT.generator["value_band"]
    while True:
        hours = tuple(_hour(rng, i) for i in range(len(CONTENT.plates)))
        value = sum(weights[h.box_kind(k)] for h in hours for k in range(6))
        if not lo <= value <= hi:
            continue
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
