"""Polyhexes: shapes made of hex cells, normalised so that congruent shapes compare equal.

>>> tri = [(0, 0), (1, 0), (0, 1)]
>>> len(orientations(tri)), len(orientations(tri, flips=True))
(2, 2)
>>> normalise([(5, 5), (6, 5)]) == normalise([(0, 3), (1, 3)])
True
"""

from __future__ import annotations

from collections.abc import Iterable

from printkit.core.geometry.hexgrid import DIRECTIONS, Hex, reflect, rotate

Shape = tuple[Hex, ...]


def normalise(cells: Iterable[Hex]) -> Shape:
    """The cells moved so that the smallest (r, q) cell is (0, 0), sorted."""
    cells = list(cells)
    q0, r0 = min(cells, key=lambda c: (c[1], c[0]))
    return tuple(sorted(((q - q0, r - r0) for q, r in cells), key=lambda c: (c[1], c[0])))


def orientations(cells: Iterable[Hex], flips: bool = False) -> list[Shape]:
    """The distinct normalised shapes under the six rotations (and reflections), in a stable order."""
    base = list(cells)
    seen: dict[Shape, None] = {}
    for mirrored in ((False, True) if flips else (False,)):
        src = [reflect(c) for c in base] if mirrored else base
        for k in range(6):
            seen.setdefault(normalise(rotate(c, k) for c in src), None)
    return list(seen)


def transforms(cells: Iterable[Hex], flips: bool = False) -> list[tuple[int, bool, Shape]]:
    """(turns, mirrored, shape) for each distinct orientation: how to get it from ``cells``."""
    base = list(cells)
    seen: dict[Shape, tuple[int, bool]] = {}
    for mirrored in ((False, True) if flips else (False,)):
        src = [reflect(c) for c in base] if mirrored else base
        for k in range(6):
            seen.setdefault(normalise(rotate(c, k) for c in src), (k, mirrored))
    return [(k, m, s) for s, (k, m) in seen.items()]


def is_connected(cells: Iterable[Hex]) -> bool:
    """Whether the cells form one piece, edge to edge."""
    cells = set(cells)
    if not cells:
        return False
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        q, r = todo.pop()
        for dq, dr in DIRECTIONS:
            n = (q + dq, r + dr)
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def congruent(a: Iterable[Hex], b: Iterable[Hex], flips: bool = True) -> bool:
    """Whether ``a`` can be turned (and flipped) and moved onto ``b``."""
    return normalise(b) in orientations(a, flips)
