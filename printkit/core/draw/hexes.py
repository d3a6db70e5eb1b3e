"""Hex areas as drawing operations: a set of cells in axial coordinates, its outline, its edges.

Boards and pieces made of hexagons (flat-topped unless told) are sets of cells; these helpers
turn a set into the lines a printed board or piece shows, in page mm around cell (0, 0).

>>> area = frozenset({(0, 0), (1, 0)})
>>> len(area_edges(area, 5.0)), len(inner_edges(area, 5.0)), sorted(border_cells(area))
(10, 1, [(0, 0), (1, 0)])
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable
from dataclasses import replace

from printkit.core.draw.ops import Path, Style
from printkit.core.geometry.hexgrid import DIRECTIONS, Hex, add, edge_segment, to_pixel

Segment = tuple[tuple[float, float], tuple[float, float]]


def area_edges(cells: Collection[Hex], size: float, orientation: str = "flat") -> list[Segment]:
    """The edges between ``cells`` and the cells outside them (the area's outline), cell by cell
    in sorted order."""
    return [edge_segment(c, k, size, orientation) for c in sorted(cells)
            for k, d in enumerate(DIRECTIONS) if add(c, d) not in cells]


def inner_edges(cells: Collection[Hex], size: float, orientation: str = "flat") -> list[Segment]:
    """The edges two cells of the area share, each once."""
    return [edge_segment(c, k, size, orientation) for c in sorted(cells)
            for k, d in enumerate(DIRECTIONS[:3]) if add(c, d) in cells]


def border_cells(cells: Collection[Hex]) -> list[Hex]:
    """The cells of the area with a neighbour outside it, sorted."""
    return sorted(c for c in cells if any(add(c, d) not in cells for d in DIRECTIONS))


def segments_path(segments: Iterable[Segment], style: Style, tag: str | None = None) -> Path:
    """One path of separate straight segments ((x1, y1), (x2, y2)), such as an area's outline."""
    parts: list[tuple] = []
    for a, b in segments:
        parts += [("M", *a), ("L", *b)]
    return Path(tuple(parts), style, tag=tag)


def area_outline(cells: Collection[Hex], size: float, style: Style, tag: str | None = None,
                 orientation: str = "flat") -> Path:
    """The area's outline as one path."""
    return segments_path(area_edges(cells, size, orientation), style, tag)


def area_inset_outline(cells: Collection[Hex], size: float, inset: float, style: Style, tag: str | None = None,
                       orientation: str = "flat") -> Path:
    """The area's outline moved ``inset`` mm inside it, as closed loops (a piece's frame, so that
    its cut, the outline itself, carries no ink).

    Each outer edge is turned so that its own cell lies on the same side of it (then the edges
    chain into loops around the area), moved that way by ``inset``, and each corner is where two moved edges
    meet. Three cells meet at every corner of a hex grid, so no two loops touch.

    >>> p = area_inset_outline(frozenset({(0, 0)}), 10.0, 1.0, Style())
    >>> [s[0] for s in p.segments]
    ['M', 'L', 'L', 'L', 'L', 'L', 'Z']
    >>> round(math.hypot(*p.segments[0][1:]), 4)  # a corner 1 mm in from each edge: 1 / cos 30°
    8.8453
    """
    nxt: dict[tuple[float, float], tuple[tuple[float, float], tuple[float, float]]] = {}
    for c in sorted(cells):
        ox, oy = to_pixel(c, size, orientation)
        for k, d in enumerate(DIRECTIONS):
            if add(c, d) in cells:
                continue
            a, b = edge_segment(c, k, size, orientation)
            if (b[0] - a[0]) * (oy - a[1]) - (b[1] - a[1]) * (ox - a[0]) < 0:
                a, b = b, a
            nxt[_key(a)] = (a, b)
    parts: list[tuple] = []
    while nxt:
        loop = [nxt.pop(min(nxt))]
        while (edge := nxt.pop(_key(loop[-1][1]), None)) is not None:
            loop.append(edge)
        moved = [_moved(a, b, inset) for a, b in loop]
        pts = [_meet(moved[i - 1], moved[i]) for i in range(len(moved))]
        parts += [("M", *pts[0]), *(("L", *p) for p in pts[1:]), ("Z",)]
    return Path(tuple(parts), style, tag=tag)


def _key(p: tuple[float, float]) -> tuple[float, float]:
    return (round(p[0], 6), round(p[1], 6))


def _moved(a, b, d: float):
    """The line through a and b moved ``d`` towards (-dy, dx) of its direction: a point and a
    direction."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy)
    return (a[0] - dy / n * d, a[1] + dx / n * d), (dx, dy)


def _meet(l1, l2) -> tuple[float, float]:
    """Where two lines (point, direction) cross."""
    (x1, y1), (dx1, dy1) = l1
    (x2, y2), (dx2, dy2) = l2
    t = ((x2 - x1) * dy2 - (y2 - y1) * dx2) / (dx1 * dy2 - dy1 * dx2)
    return (x1 + t * dx1, y1 + t * dy1)


def area_rings(cells: Collection[Hex], size: float, orientation: str = "flat") -> list[list[tuple[float, float]]]:
    """The area's outline as closed rings of corners (one a piece of the area, and one a hole),
    its edges joined end to end: a shape to fill, where :func:`area_outline` is lines to stroke.

    >>> [len(r) for r in area_rings(frozenset({(0, 0), (1, 0)}), 5.0)]
    [10]
    """
    key = lambda p: (round(p[0], 6), round(p[1], 6))  # noqa: E731
    edges = area_edges(cells, size, orientation)
    # Every corner of the outline starts one edge of it, and ends one (its cells' own
    # turning), except where two pieces of the area touch at a corner: then two start there.
    starts: dict[tuple[float, float], list[int]] = {}
    for i, (a, b) in enumerate(edges):
        starts.setdefault(key(a), []).append(i)
        starts.setdefault(key(b), []).append(i)
    used = [False] * len(edges)
    rings: list[list[tuple[float, float]]] = []
    for first in range(len(edges)):
        if used[first]:
            continue
        used[first] = True
        a, b = edges[first]
        ring, at = [a], b
        while key(at) != key(ring[0]):
            nxt = next(i for i in starts[key(at)] if not used[i])
            used[nxt] = True
            ring.append(at)
            p, q = edges[nxt]
            at = q if key(p) == key(at) else p
        rings.append(ring)
    return rings


def area_path(cells: Collection[Hex], size: float, style: Style, tag: str | None = None,
              orientation: str = "flat") -> Path:
    """The area as one closed path to fill (and stroke): its rings (:func:`area_rings`), holes
    left out by the even-odd rule."""
    parts: list[tuple] = []
    for ring in area_rings(cells, size, orientation):
        parts += [("M", *ring[0]), *(("L", *p) for p in ring[1:]), ("Z",)]
    return Path(tuple(parts), replace(style, fill_rule="evenodd"), tag=tag)
