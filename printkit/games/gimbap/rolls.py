"""The roll model (GIM-2), the order checker and the solver. Pure functions over plain data.

A *build* says what each filling lies on and which fillings lying on the same base were put
side by side; the contacts follow from it. A *face* of an order die names two parts that
must (``+``) or must not (``-``) touch.

>>> b = Build.parse({"on": {"rice": "seaweed", "cheese": "rice", "sesame": "seaweed",
...                         "ham": "rice", "spinach": "rice", "radish": "cheese"},
...                  "touching": [["ham", "spinach"]]})
>>> sorted(sorted(p) for p in b.contacts())[:3]
[['cheese', 'radish'], ['cheese', 'rice'], ['ham', 'rice']]
>>> check([parse_face("rice+seaweed"), parse_face("ham-radish")], b)
[True, True]
>>> solve([parse_face("cheese-seaweed"), parse_face("ham+radish")]) is not None
True
"""

from __future__ import annotations

import itertools
import sys
from array import array
from dataclasses import dataclass
from collections.abc import Iterable, Iterator
from functools import lru_cache

from printkit.games.gimbap.content import CONTENT

SEAWEED = "seaweed"
PARTS: tuple[str, ...] = (SEAWEED,) + CONTENT.fillings
#: Every unordered pair of parts, in a fixed order: bit i of a contact pattern is PAIRS[i].
PAIRS: tuple[frozenset, ...] = tuple(frozenset(p) for p in itertools.combinations(PARTS, 2))
_BIT = {p: i for i, p in enumerate(PAIRS)}


class RollError(ValueError):
    """Notation that is not a face, a build that breaks GIM-2, an order of impossible dice."""


@dataclass(frozen=True)
class Face:
    """``a`` and ``b`` must touch (``must``) or must not touch."""

    a: str
    b: str
    must: bool

    @property
    def pair(self) -> frozenset:
        return frozenset((self.a, self.b))

    def __str__(self) -> str:
        return f"{self.a}{'+' if self.must else '-'}{self.b}"

    def holds(self, contacts: frozenset) -> bool:
        return (self.pair in contacts) == self.must

    def describe(self) -> str:
        name = lambda p: CONTENT.parts[p].name.lower()  # noqa: E731
        return f"{name(self.a)} {'must' if self.must else 'must not'} touch {name(self.b)}"


def parse_face(text: str, dice_only: bool = False) -> Face:
    """``"rice+seaweed"`` or ``"ham-radish"``; the parts may come in either order.

    With ``dice_only`` the face must be on one of the order dice (GIM-3), as written there
    or with its parts swapped.
    """
    t = text.strip()
    for sign in "+-":
        a, s, b = t.partition(sign)
        if s and a in PARTS and b in PARTS:
            if a == b:
                raise RollError(f"{text!r}: a face names two different parts")
            face = Face(a, b, sign == "+")
            if dice_only and die_of(face) is None:
                raise RollError(f"{text!r} is not on any order die; faces are: "
                                + ", ".join(CONTENT.face_die))
            return face
    raise RollError(f"{text!r} is not a face: write two of {', '.join(PARTS)} joined by + (must touch) "
                    "or - (must not touch), such as rice+seaweed or ham-radish")


def die_of(face: Face) -> int | None:
    """The index of the die that shows ``face`` (either order of its parts), or None."""
    sign = "+" if face.must else "-"
    for text in (f"{face.a}{sign}{face.b}", f"{face.b}{sign}{face.a}"):
        if text in CONTENT.face_die:
            return CONTENT.face_die[text]
    return None


def parse_order(texts: Iterable[str]) -> list[Face]:
    """An order rolled with the dice: 2 to 4 faces, each from a different die (GIM-3)."""
    faces = [parse_face(t, dice_only=True) for t in texts]
    if not 2 <= len(faces) <= 4:
        raise RollError(f"an order has 2 to 4 dice, got {len(faces)}")
    dice = [die_of(f) for f in faces]
    for i, d in enumerate(dice):
        if d is not None and d in dice[:i]:  # a face of no die was refused by parse_face
            other = faces[dice.index(d)]
            raise RollError(f"{faces[i]} and {other} are faces of the same die ({CONTENT.dice[d][0]})")
    return faces


def _check_bases(on: dict[str, str]) -> None:
    """GIM-1: every filling lies on the seaweed or a sheet filling; no sheet lies (indirectly)
    on itself.

    >>> _check_bases({"rice": "cheese", "cheese": "rice", "sesame": "seaweed",
    ...               "ham": "rice", "spinach": "rice", "radish": "rice"})
    Traceback (most recent call last):
    ...
    printkit.games.gimbap.rolls.RollError: rice on cheese on rice: a sheet cannot lie on what lies on it
    """
    missing = [f for f in CONTENT.fillings if f not in on]
    if missing:
        raise RollError(f"every filling must be used (GIM-1): {', '.join(missing)} lie on nothing")
    for f, base in on.items():
        if f not in CONTENT.fillings:
            raise RollError(f"{f!r} is not a filling; fillings are {', '.join(CONTENT.fillings)}")
        if base != SEAWEED and base not in CONTENT.sheets:
            raise RollError(f"{f} lies on {base}: a base is the seaweed or a sheet filling "
                            f"({', '.join(CONTENT.sheets)})")
    for s in CONTENT.sheets:
        seen: list[str] = []
        cur = s
        while cur != SEAWEED:
            if cur in seen:
                raise RollError(f"{' on '.join(seen + [cur])}: a sheet cannot lie on what lies on it")
            seen.append(cur)
            cur = on[cur]


def _touching_pair(on: dict[str, str], p) -> frozenset:
    """GIM-2: a declared side-by-side contact, two different fillings on one base."""
    if len(p) != 2 or p[0] == p[1]:
        raise RollError(f"touching takes pairs of two different fillings, got {list(p)}")
    a, b = p
    for x in (a, b):
        if x not in CONTENT.fillings:
            raise RollError(f"touching: {x!r} is not a filling")
    if on[a] != on[b]:
        raise RollError(f"{a} and {b} are declared touching but lie on different bases "
                        f"({on[a]}, {on[b]}); only fillings on the same base touch side by side")
    return frozenset((a, b))


@dataclass(frozen=True)
class Build:
    """What each filling lies on (``on``), and which same-base fillings touch (``touching``)."""

    on: tuple[tuple[str, str], ...]
    touching: frozenset

    @classmethod
    def parse(cls, data: dict) -> Build:
        """From ``{on: {filling: base}, touching: [[a, b], ...]}``; RollError if it breaks GIM-2."""
        on = dict(data.get("on") or {})
        touching = [tuple(p) for p in data.get("touching") or []]
        return cls.make(on, touching)

    @classmethod
    def make(cls, on: dict[str, str], touching: Iterable) -> Build:
        """A build from what each filling lies on and the same-base pairs declared touching;
        RollError if it breaks GIM-1 or GIM-2."""
        _check_bases(on)
        pairs = {_touching_pair(on, p) for p in touching}
        return cls(tuple((f, on[f]) for f in CONTENT.fillings), frozenset(pairs))

    @property
    def base(self) -> dict[str, str]:
        return dict(self.on)

    def contacts(self) -> frozenset:
        """GIM-2: one is the base of the other, or both lie on one base and are declared touching."""
        return frozenset({frozenset((f, b)) for f, b in self.on} | set(self.touching))

    def to_data(self) -> dict:
        return {"on": dict(self.on), "touching": sorted(sorted(p, key=PARTS.index) for p in self.touching)}


def check(order: list[Face], build: Build) -> list[bool]:
    """Whether each condition of ``order`` holds for ``build``."""
    contacts = build.contacts()
    return [f.holds(contacts) for f in order]


def _sheets_ok(sheets: tuple[str, ...], sb: tuple[str, ...]) -> bool:
    """Whether the sheets lying on ``sb`` (strips on the seaweed) keep GIM-1: no sheet lies,
    even indirectly, on itself (what :func:`_check_bases` refuses)."""
    try:
        Build.make({**dict(zip(sheets, sb, strict=True)), **{s: SEAWEED for s in CONTENT.strips}}, ())
    except RollError:
        return False
    return True


#: A placement of some fillings: the bases they lie on, their filling-base pair bits, and the
#: fillings (indices into CONTENT.fillings) on each base, bases in order of their first filling.
_Placement = tuple[tuple[str, ...], int, dict[str, tuple[int, ...]]]


def _placements(first: int, count: int, bases: tuple[str, ...], keep) -> list[_Placement]:
    """Every placement of the ``count`` fillings from index ``first`` on ``bases``, in
    :func:`itertools.product` order, those ``keep`` accepts."""
    fillings = CONTENT.fillings
    out = []
    for placed in itertools.product(bases, repeat=count):
        if not keep(placed):
            continue
        bits = 0
        groups: dict[str, list[int]] = {}
        for i, base in enumerate(placed, first):
            bits |= 1 << _BIT[frozenset((fillings[i], base))]
            groups.setdefault(base, []).append(i)
        out.append((placed, bits, {base: tuple(g) for base, g in groups.items()}))
    return out


def _bases() -> Iterator[tuple[tuple, int, tuple[int, ...], int]]:
    """The bases of every build under GIM-2 in the order builds are enumerated: (the base of
    each filling, their filling-base pair bits, the pair bits the build may declare, fillings
    lying on sheets). Sheets are placed first; a placement of them that breaks GIM-2 is skipped
    whole.

    The sheets' 16 placements and the strips' 64 are each worked out once, and each base joins
    one of each, with the pairs a group of fillings may declare looked up by group, rather than
    each of the 1,024 bases looking up a frozenset for every filling and pair (most of the
    lesson cards' solving time, issue 16). The candidates keep their order: bases in the order
    their first filling comes, pairs within one in filling order."""
    sheets, strips, fillings = CONTENT.sheets, CONTENT.strips, CONTENT.fillings
    bases = (SEAWEED,) + sheets
    n = len(fillings)
    pairs: dict[tuple[int, ...], tuple[int, ...]] = {}

    def declarable(group: tuple[int, ...]) -> tuple[int, ...]:
        found = pairs.get(group)
        if found is None:
            found = pairs[group] = tuple(_BIT[frozenset((fillings[i], fillings[j]))]
                                         for i, j in itertools.combinations(group, 2))
        return found

    on_strips = _placements(len(sheets), len(strips), bases, lambda placed: True)
    for sb, sheet_bits, sheet_groups in _placements(0, len(sheets), bases, lambda placed: _sheets_ok(sheets, placed)):
        for tb, strip_bits, strip_groups in on_strips:
            full = sb + tb
            on = dict(sheet_groups)
            for base, g in strip_groups.items():
                on[base] = on[base] + g if base in on else g
            candidates: tuple[int, ...] = ()
            for g in on.values():
                if len(g) > 1:
                    candidates += declarable(g)
            yield full, sheet_bits | strip_bits, candidates, n - full.count(SEAWEED)


@lru_cache(maxsize=1)
def _enumerate() -> tuple[tuple[tuple, ...], tuple[int, ...]]:
    """Every build under GIM-2 in compact form, simplest first, with its contact bit set.

    A compact build is (bases of the fillings, declared pairs as pair bits). Simplest: fewest
    declared side-by-side contacts, then fewest fillings lying on sheets.
    """
    # Builds found in order, bucketed by (declared contacts, fillings on sheets): the buckets
    # read in key order give the order of a stable sort on that key, without sorting.
    buckets: dict[tuple[int, int], tuple[list[tuple], list[int]]] = {}
    for full, base_bits, candidates, stacked in _bases():
        for k in range(len(candidates) + 1):
            builds, patterns = buckets.setdefault((k, stacked), ([], []))
            for sub in itertools.combinations(candidates, k):
                bits = base_bits
                for c in sub:
                    bits |= 1 << c
                builds.append((full, sub))
                patterns.append(bits)
    order = sorted(buckets)
    return (tuple(b for key in order for b in buckets[key][0]),
            tuple(p for key in order for p in buckets[key][1]))


def all_builds() -> tuple[tuple[tuple, ...], tuple[int, ...]]:
    """(compact builds, contact bit sets), simplest first; see :func:`build_at`."""
    return _enumerate()


def build_at(i: int) -> Build:
    """The i-th build of :func:`all_builds` as a :class:`Build`."""
    full, sub = _enumerate()[0][i]
    return Build(tuple(zip(CONTENT.fillings, full, strict=True)), frozenset(PAIRS[c] for c in sub))


@lru_cache(maxsize=1)
def _face_masks() -> dict[tuple[int, bool], int]:
    """For each pair bit and must/must not: the set of builds (as a big int) where it holds.

    Bit i of a mask is build i. The patterns are packed as 8-byte words once; for pair bit k,
    its byte lane is sliced out, each byte mapped to the digit '0' or '1' and the digits (last
    build first) read as one base-2 number, all at C speed rather than a Python loop a build.
    """
    _, patterns = all_builds()
    n = len(patterns)
    packed = array("Q", patterns)
    if sys.byteorder == "big":  # pragma: no cover - lanes are read little-endian
        packed.byteswap()
    words = packed.tobytes()
    full = (1 << n) - 1
    masks = {}
    for k in range(len(PAIRS)):
        lane = words[k >> 3 :: 8][::-1]
        digits = lane.translate(_DIGITS[k & 7])
        m = int(digits, 2) if n else 0
        masks[(k, True)] = m
        masks[(k, False)] = full ^ m
    return masks


# For each bit b of a byte: a table mapping a byte to the digit '0' or '1' of its bit b.
_DIGITS = tuple(bytes(0x31 if v >> b & 1 else 0x30 for v in range(256)) for b in range(8))


def _mask(order: list[Face]) -> int:
    masks = _face_masks()
    m = (1 << len(all_builds()[1])) - 1
    for f in order:
        m &= masks[(_BIT[f.pair], f.must)]
    return m


def solve(order: list[Face]) -> Build | None:
    """The simplest build meeting every condition of ``order``, or None if there is none."""
    m = _mask(order)
    if not m:
        return None
    return build_at((m & -m).bit_length() - 1)


@lru_cache(maxsize=1)
def _by_stacked() -> tuple[tuple[tuple, int, tuple[int, ...], int], ...]:
    """The bases of every build as :func:`_enumerate` finds them, ordered by fillings on
    sheets (fewest first, then as found), each with its base pair bits, the pair bits it may
    declare and those bits as one mask."""
    groups: dict[int, list[tuple[tuple, int, tuple[int, ...], int]]] = {}
    for full, base_bits, candidates, stacked in _bases():
        mask = 0
        for c in candidates:
            mask |= 1 << c
        groups.setdefault(stacked, []).append((full, base_bits, candidates, mask))
    return tuple(entry for k in sorted(groups) for entry in groups[k])


def first_build(order: list[Face]) -> Build | None:
    """What :func:`solve` gives, without enumerating all 73,160 builds first: for a few orders
    (the lesson cards) well under a millisecond each instead of ~50 ms. :func:`solve` answers
    many orders faster once its masks are made.

    :func:`solve`'s order is: fewest declared contacts, then fewest fillings on sheets, then
    as found. A base's contact pattern is its base pairs plus the declared ones, and those
    never overlap, so the fewest contacts a base must declare to meet the order are the wanted
    pairs it lacks (all of them among those it may declare, none of its base pairs refused),
    and the first of its declarations that size in :func:`itertools.combinations` order is just
    those pairs, in candidate order. The answer is therefore the first base (fewest on sheets
    first) needing the fewest, with exactly those declared: one pass over the 1,024 bases
    rather than their declarations size by size (~0.4 ms an order rather than ~0.4 ms to
    ~1 ms, issue 16)."""
    need = refuse = 0
    for f in order:
        if f.must:
            need |= 1 << _BIT[f.pair]
        else:
            refuse |= 1 << _BIT[f.pair]
    if need & refuse:
        return None
    best: tuple[tuple, int, tuple[int, ...], int] | None = None
    fewest = len(PAIRS) + 1
    for entry in _by_stacked():
        _, base_bits, _, mask = entry
        if base_bits & refuse:
            continue
        missing = need & ~base_bits
        if missing & ~mask:
            continue
        k = missing.bit_count()
        if k < fewest:
            best, fewest = entry, k
            if not k:
                break
    if best is None:
        return None
    full, base_bits, candidates, _ = best
    sub = tuple(c for c in candidates if (need & ~base_bits) >> c & 1)
    return Build(tuple(zip(CONTENT.fillings, full, strict=True)), frozenset(PAIRS[c] for c in sub))


def count_solutions(order: list[Face]) -> int:
    """How many contact patterns meet ``order`` (distinct builds give distinct patterns)."""
    return _mask(order).bit_count()


def all_orders() -> Iterable[tuple[Face, ...]]:
    """Every order the dice can show: 2, 3 or 4 different dice, any face of each (2,376)."""
    dice = [[parse_face(f) for f in faces] for _, faces in CONTENT.dice]
    for k in (2, 3, 4):
        for chosen in itertools.combinations(dice, k):
            yield from itertools.product(*chosen)
