"""The quicker enumeration of bases, first_build's single pass and the diagram's sibling
order (issue 16) give exactly what the plain ways gave."""

import itertools
import random

from printkit.games.gimbap import drawing, rolls
from printkit.games.gimbap.content import CONTENT
from printkit.games.gimbap.rolls import _BIT, PAIRS, SEAWEED, Build, RollError


def _plain_bases():
    """rolls._bases as it was: a frozenset looked up for every pair."""
    sheets, strips, fillings = CONTENT.sheets, CONTENT.strips, CONTENT.fillings
    bases = (SEAWEED,) + sheets
    for sb in itertools.product(bases, repeat=len(sheets)):
        try:
            Build.make({**dict(zip(sheets, sb, strict=True)), **{s: SEAWEED for s in strips}}, ())
        except RollError:
            continue
        for tb in itertools.product(bases, repeat=len(strips)):
            full = sb + tb
            base_bits = 0
            on: dict[str, list[str]] = {}
            for f, base in zip(fillings, full, strict=True):
                base_bits |= 1 << _BIT[frozenset((f, base))]
                on.setdefault(base, []).append(f)
            candidates = tuple(_BIT[frozenset(p)] for g in on.values() for p in itertools.combinations(g, 2))
            yield full, base_bits, candidates, sum(1 for base in full if base != SEAWEED)


def _plain_first_build(need: int, refuse: int):
    """rolls.first_build as it was, over need and refuse bit sets: declarations size by size."""
    groups: dict[int, list] = {}
    for full, base_bits, candidates, stacked in _plain_bases():
        groups.setdefault(stacked, []).append((full, base_bits, candidates))
    ordered = [groups[k] for k in sorted(groups)]
    most = max(len(c) for group in ordered for _, _, c in group)
    for k in range(most + 1):
        for group in ordered:
            for full, base_bits, candidates in group:
                for sub in itertools.combinations(candidates, k):
                    pattern = base_bits
                    for c in sub:
                        pattern |= 1 << c
                    if pattern & need == need and not pattern & refuse:
                        return Build(tuple(zip(CONTENT.fillings, full, strict=True)), frozenset(PAIRS[c] for c in sub))
    return None


def test_bases_as_before():
    assert list(rolls._bases()) == list(_plain_bases())


def test_first_build_as_the_search_size_by_size():
    """Random wanted and refused pairs (orders the dice cannot show too), and the touching
    pairs in the same iteration order (the diagram reads them)."""
    rng = random.Random(16)
    faces = [rolls.Face(*sorted(p), must) for p in PAIRS for must in (True, False)]
    for _ in range(120):
        order = rng.sample(faces, rng.randint(0, 7))
        need = sum(1 << _BIT[f.pair] for f in order if f.must)
        refuse = sum(1 << _BIT[f.pair] for f in order if not f.must)
        if need & refuse:  # the same pair wanted and refused: nothing meets it
            assert rolls.first_build(order) is None
            continue
        fast, plain = rolls.first_build(order), _plain_first_build(need, refuse)
        assert fast == plain
        if fast is not None:
            assert list(fast.touching) == list(plain.touching)


def _plain_order(kids, touching):
    """drawing._order as it was: every permutation scored."""
    if len(kids) <= 1:
        return kids
    best, score = kids, -1
    perms = itertools.permutations(kids) if len(kids) <= 6 else [tuple(kids)]
    for perm in perms:
        s = sum(frozenset(p) in touching for p in itertools.pairwise(perm))
        if s > score:
            best, score = list(perm), s
    return best


def test_sibling_order_as_every_permutation_scored():
    rng = random.Random(7)
    parts = list(CONTENT.fillings) + ["a", "b"]
    pairs = [frozenset(p) for p in itertools.combinations(parts, 2)]
    for _ in range(400):
        kids = rng.sample(parts, rng.randint(0, 7))
        touching = set(rng.sample(pairs, rng.randint(0, 8)))
        assert drawing._order(kids, touching) == _plain_order(kids, touching)
