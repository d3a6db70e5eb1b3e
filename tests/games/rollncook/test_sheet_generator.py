"""The sheet generator draws its numbers the quick way (SplitMix64's step written out in
``below``, the content's weights read once a sheet): the sheets are those of the plain
generator below, written as RNC-9 reads, for hundreds of seeds across the whole seed range."""

import random

from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.sheet import MASK, SplitMix64, generate


class PlainRng:
    """SplitMix64 one output at a time, as published."""

    def __init__(self, seed: int):
        self.state = seed & MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            v = self.next()
            if v < limit:
                return v % n

    def weighted(self, weights: dict) -> str:
        r = self.below(sum(weights.values()))
        for key, w in weights.items():
            if r < w:
                return key
            r -= w
        raise AssertionError("unreachable")


def kind(box: list) -> str:
    return ("double" if len(box) == 2 else "rare" if box[0] in CONTENT.rares else
            "mystery" if box[0] == CONTENT.mystery else "single")


def plain_hour(rng: PlainRng, i: int) -> dict:
    g, basics = CONTENT.generator, list(CONTENT.basics)
    while True:
        boxes = []
        for _ in range(6):
            k = rng.weighted(g["box_weights"])
            if k == "single":
                boxes.append([basics[rng.below(len(basics))]])
            elif k == "double":
                a = rng.below(len(basics))
                b = rng.below(len(basics) - 1)
                boxes.append([basics[a], basics[b + (b >= a)]])
            elif k == "rare":
                boxes.append([rng.weighted(g["rare_weights"])])
            else:
                boxes.append([CONTENT.mystery])
        kinds = [kind(b) for b in boxes]
        if all(kinds.count(k) <= n for k, n in g["hour_limits"].items()):
            break
    pool = list(basics)
    table = [pool.pop(rng.below(len(pool))) for _ in range(6)]
    return {"clock": CONTENT.hours[i], "plates": CONTENT.plates[i], "boxes": boxes, "table": table}


def plain_sheet(seed: int) -> dict:
    g = CONTENT.generator
    rng = PlainRng(seed * 0x100000001B3 + CONTENT.version)
    lo, hi = g["value_band"]
    while True:
        hours = [plain_hour(rng, i) for i in range(len(CONTENT.plates))]
        if not lo <= sum(g["box_value"][kind(b)] for h in hours for b in h["boxes"]) <= hi:
            continue
        offered = dict.fromkeys(CONTENT.basics, 0)
        for h in hours:
            for x in [x for b in h["boxes"] for x in b] + h["table"]:
                if x in offered:
                    offered[x] += 1
        if min(offered.values()) >= g["min_per_basic"]:
            return {"id": f"RNC{CONTENT.version}-{seed}", "seed": seed, "content_version": CONTENT.version,
                    "hours": hours}


def test_sheets_are_the_plain_generators():
    pick = random.Random(16)
    seeds = [*range(300), 2**63 - 1, 2**63 - 2, *(pick.randrange(2**63) for _ in range(200))]
    for seed in seeds:
        assert generate.__wrapped__(seed).to_data() == plain_sheet(seed), seed


def test_below_and_weighted_draw_as_the_plain_generator():
    quick, plain = SplitMix64(12345), PlainRng(12345)
    for n in (1, 2, 3, 5, 7, 10, 100, 2**32 + 1, 2**63 + 5, 2**64 - 1):  # large n: many rejections
        for _ in range(50):
            assert quick.below(n) == plain.below(n)
    w = {"a": 5, "b": 0, "c": 1, "d": 94}
    assert [quick.weighted(w) for _ in range(200)] == [plain.weighted(w) for _ in range(200)]
    assert quick.next() == plain.next()
