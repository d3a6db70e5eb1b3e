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


#: The six diagonals: each the sum of two consecutive neighbour directions, which are its
#: *flanks* (the two cells a line from a cell to its diagonal passes between).
DIAGONALS: tuple[tuple[Hex, tuple[Hex, Hex]], ...] = tuple(
    ((DIRECTIONS[i][0] + DIRECTIONS[(i + 1) % 6][0], DIRECTIONS[i][1] + DIRECTIONS[(i + 1) % 6][1]),
     (DIRECTIONS[i], DIRECTIONS[(i + 1) % 6]))
    for i in range(6)
)


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def diagonals(h: Hex) -> list[tuple[Hex, tuple[Hex, Hex]]]:
    """Each diagonal cell of ``h`` with its two flank cells.

    >>> diagonals((0, 0))[0]
    ((2, -1), ((1, 0), (1, -1)))
    """
    return [(add(h, d), (add(h, f1), add(h, f2))) for d, (f1, f2) in DIAGONALS]


def rotate(h: Hex, turns: int = 1) -> Hex:
    """Rotate about (0, 0) by ``turns`` sixths of a turn (each (q, r) -> (-r, q + r)).

    >>> rotate((1, 0)), rotate((1, 0), 6)
    ((0, 1), (1, 0))
    """
    q, r = h
    for _ in range(turns % 6):
        q, r = -r, q + r
    return (q, r)


def reflect(h: Hex) -> Hex:
    """Mirror across the line of cells (k, k) through (0, 0): (q, r) -> (r, q)."""
    q, r = h
    return (r, q)


def pixel_matrix(size: float, orientation: str = "flat") -> tuple[float, float, float, float]:
    """The linear map (a, b, c, d) from axial (q, r) to page (x, y): x = a q + c r, y = b q + d r."""
    (a, b), (c, d) = to_pixel((1, 0), size, orientation), to_pixel((0, 1), size, orientation)
    return a, b, c, d


def page_transform(hex_map, size: float, orientation: str = "flat") -> tuple[float, float, float, float]:
    """The page's linear map (a, b, c, d) that does to drawings what ``hex_map`` (a linear map
    of axial coordinates, such as :func:`rotate` or :func:`reflect`) does to cells."""
    a, b, c, d = pixel_matrix(size, orientation)
    u, v = hex_map((1, 0)), hex_map((0, 1))
    # Images of the axial unit vectors, on the page.
    pu = (a * u[0] + c * u[1], b * u[0] + d * u[1])
    pv = (a * v[0] + c * v[1], b * v[0] + d * v[1])
    # Solve M P = [pu pv] for M, with P = [[a, c], [b, d]].
    det = a * d - b * c
    inv = (d / det, -b / det, -c / det, a / det)  # (a', b', c', d') of P^-1
    m_a = pu[0] * inv[0] + pv[0] * inv[1]
    m_c = pu[0] * inv[2] + pv[0] * inv[3]
    m_b = pu[1] * inv[0] + pv[1] * inv[1]
    m_d = pu[1] * inv[2] + pv[1] * inv[3]
    return m_a, m_b, m_c, m_d


def edge_segment(h: Hex, direction: int, size: float, orientation: str = "flat"):
    """The two page points of the edge of ``h`` shared with its neighbour DIRECTIONS[direction]."""
    cx, cy = to_pixel(h, size, orientation)
    nx, ny = to_pixel(add(h, DIRECTIONS[direction]), size, orientation)
    mx, my = (cx + nx) / 2, (cy + ny) / 2  # the edge's midpoint
    dx, dy = nx - cx, ny - cy  # across the edge; the edge runs at right angles, size long
    length = (dx * dx + dy * dy) ** 0.5
    ex, ey = -dy / length * size / 2, dx / length * size / 2
    return (mx - ex, my - ey), (mx + ex, my + ey)
