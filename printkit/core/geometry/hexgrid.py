"""Hex grids in axial coordinates (q, r), and their placement on the page.

Flat-topped cells have a vertex to the left and right; pointy-topped cells have one at the top.
``size`` is the circumradius (centre to corner); ``across_flats = sqrt(3) * size``.

>>> len(hex_range(2))
19
>>> distance((0, 0), (2, -1))
2
>>> [round(v, 6) for v in to_pixel((1, 0), 10, "flat")]
[15.0, 8.660254]
"""

from __future__ import annotations

import math

Hex = tuple[int, int]

#: The six axial directions, counter-clockwise from east (q+1).
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
SQRT3 = math.sqrt(3.0)


def neighbours(h: Hex) -> list[Hex]:
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def hex_range(radius: int, centre: Hex = (0, 0)) -> list[Hex]:
    """All cells within ``radius`` of ``centre``, in a stable order (by r, then q)."""
    cq, cr = centre
    cells = []
    for r in range(-radius, radius + 1):
        for q in range(max(-radius, -r - radius), min(radius, -r + radius) + 1):
            cells.append((cq + q, cr + r))
    return cells


def size_from_across_flats(across_flats: float) -> float:
    return across_flats / SQRT3


def to_pixel(h: Hex, size: float, orientation: str = "flat") -> tuple[float, float]:
    """Centre of cell ``h`` relative to the centre of (0, 0), in page units (y down)."""
    q, r = h
    if orientation == "flat":
        return size * 1.5 * q, size * (SQRT3 / 2 * q + SQRT3 * r)
    return size * (SQRT3 * q + SQRT3 / 2 * r), size * 1.5 * r


def corners(size: float, orientation: str = "flat") -> list[tuple[float, float]]:
    """The six corners of a cell around its centre."""
    start = 0.0 if orientation == "flat" else 30.0
    pts = []
    for k in range(6):
        a = math.radians(start + 60 * k)
        pts.append((size * math.cos(a), size * math.sin(a)))
    return pts
