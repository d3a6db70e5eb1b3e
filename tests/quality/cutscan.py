"""Reading the ink on cut lines from rasters (issue 28, item 1): where each card, tile, token
and piece of a page is cut, taken from the drawing model's placements (each card's group and
matrix, each piece's symbol use), and the pixels of a page image within a band either side.

Used by tests/quality/test_cut_lines.py (and, over every page of the kit, for issue 28's
before/after numbers).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from printkit.core.draw import ops as O

#: Pixels of a cut's band this dark (L, 0-255) are dark; NEAR_BLACK is an outline's ink (the
#: layouts' ink #1a1a1a is L 26, and a 0.3 mm line at 300 dpi has a core of whole pixels; the
#: darkest fill of the kit, Gimbap's seaweed #2b4a30, is L 62).
DARK = 96
NEAR_BLACK = 48
#: The band either side of a cut line, mm; the ground is read this far either side of the cut.
BAND = 0.5
GROUND = 1.5
#: A dark pixel within this of the ground on both sides is art running across the cut (a dark
#: card back through its bleed), not a line on it.
SAME = 24


@dataclass(frozen=True)
class Cut:
    """One card's cut: its w x h mm box (corners rounded by ``radius``) under ``matrix``."""

    w: float
    h: float
    radius: float
    matrix: O.Matrix


def card_cuts(page: O.Page, size: tuple[float, float], radius: float) -> list[Cut]:
    """The cut of every card on a sheet: each card is a group tagged ``card-N-front`` (or
    ``-back``) drawn in its own 0..w x 0..h box under the group's matrix."""
    w, h = size
    return [Cut(w, h, radius, m @ op.matrix) for op, m in O.walk(page.ops)
            if isinstance(op, O.Group) and op.tag and op.tag.startswith("card-")]


def _inverse(m: O.Matrix) -> tuple[float, ...]:
    det = m.a * m.d - m.b * m.c
    a, b, c, d = m.d / det, -m.b / det, -m.c / det, m.a / det
    return a, b, c, d, -(a * m.e + c * m.f), -(b * m.e + d * m.f)


def _sdf(u, v, w: float, h: float, r: float):
    """Signed distance (mm, negative inside) from (u, v) to a w x h box with corners of radius r."""
    qx = np.abs(u - w / 2) - (w / 2 - r)
    qy = np.abs(v - h / 2) - (h / 2 - r)
    out = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0))
    return out + np.minimum(np.maximum(qx, qy), 0) - r


def _normal(u, v, w: float, h: float, r):
    """The outward normal of the box with corners of radius r nearest to (u, v)."""
    qx = np.abs(u - w / 2) - (w / 2 - r)
    qy = np.abs(v - h / 2) - (h / 2 - r)
    gx, gy = np.maximum(qx, 0), np.maximum(qy, 0)
    inside = (gx == 0) & (gy == 0)
    gx = np.where(inside, (qx >= qy).astype(float), gx)
    gy = np.where(inside, (qy > qx).astype(float), gy)
    norm = np.hypot(gx, gy)
    return np.sign(u - w / 2 + 1e-12) * gx / norm, np.sign(v - h / 2 + 1e-12) * gy / norm


@dataclass
class Count:
    """What a band held: its pixels, those darker than DARK, those near black; ``ink``: the dark
    ones that are no art running across the cut (the ground GROUND mm out and in differs);
    ``line``: the near-black ones that are no art of the card running to its cut (the ground
    GROUND mm in differs), the test without bleed."""

    pixels: int = 0
    dark: int = 0
    black: int = 0
    ink: int = 0
    line: int = 0

    def add(self, other: Count) -> None:
        self.pixels += other.pixels
        self.dark += other.dark
        self.black += other.black
        self.ink += other.ink
        self.line += other.line


def scan_cut(grey: np.ndarray, cut: Cut, dpi: float) -> Count:
    """The band within BAND mm either side of ``cut`` in the grey page image ``grey`` (rows x
    columns, L): its straight trim and, on a card with rounded corners, its rounded outline
    too (a square cut meets both); a round token's cut is its circle only. Each pixel's ground
    is read GROUND mm out and in across the nearer of the two."""
    k = dpi / 25.4
    m = cut.matrix
    # Only pixels near the box's edges can be in the band (a rounded corner, a round token's
    # circle too, lies at most 0.3 of its radius inside the box): strips along the four edges.
    round_ = cut.radius >= min(cut.w, cut.h) / 2 - 1e-9
    room = BAND + 0.3 * cut.radius + 0.01
    strips = [(-room, -room, cut.w + room, room), (-room, cut.h - room, cut.w + room, cut.h + room),
              (-room, -room, room, cut.h + room), (cut.w - room, -room, cut.w + room, cut.h + room)]
    corners = [m.apply(x, y) for x in (-room, cut.w + room) for y in (-room, cut.h + room)]
    bx0, by0 = max(int(min(p[0] for p in corners) * k), 0), max(int(min(p[1] for p in corners) * k), 0)
    bx1 = min(int(max(p[0] for p in corners) * k) + 1, grey.shape[1])
    by1 = min(int(max(p[1] for p in corners) * k) + 1, grey.shape[0])
    if bx1 <= bx0 or by1 <= by0:
        return Count()
    mask = np.zeros((by1 - by0, bx1 - bx0), bool)
    for sx0, sy0, sx1, sy1 in strips:
        xs, ys = zip(*(m.apply(x, y) for x in (sx0, sx1) for y in (sy0, sy1)), strict=True)
        x0, x1 = max(int(min(xs) * k), bx0), min(int(max(xs) * k) + 1, bx1)
        y0, y1 = max(int(min(ys) * k), by0), min(int(max(ys) * k) + 1, by1)
        mask[y0 - by0:y1 - by0, x0 - bx0:x1 - bx0] = True
    rows, cols = np.nonzero(mask)
    rows, cols = rows + by0, cols + bx0
    px, py = (cols + 0.5) / k, (rows + 0.5) / k
    a, b, c, d, e, f = _inverse(m)
    u, v = a * px + c * py + e, b * px + d * py + f
    lum = grey[rows, cols].astype(int)
    shapes = [cut.radius] if round_ else sorted({0.0, cut.radius})
    dists = np.stack([_sdf(u, v, cut.w, cut.h, r) for r in shapes])
    near = np.abs(dists).argmin(axis=0)
    band = np.abs(np.take_along_axis(dists, near[None], 0)[0]) <= BAND
    if not band.any():
        return Count()
    lum, u, v, near = lum[band], u[band], v[band], near[band]
    # The ground either side: GROUND mm out and in along the nearer shape's normal.
    nu, nv = _normal(u, v, cut.w, cut.h, np.asarray(shapes)[near])
    # A side's ground matches when it does at the point or a pixel either way along the cut
    # (the edge of a fill that crosses the cut may fall a pixel apart in the bleed).
    same = []
    for s in (1, -1):  # out, in
        match = np.zeros(lum.shape, bool)
        for t in (-1 / k, 0.0, 1 / k):
            ground = _sample(grey, m, u + s * GROUND * nu - t * nv, v + s * GROUND * nv + t * nu, k)
            match |= np.abs(lum - ground) <= SAME
        same.append(match)
    dark, black = lum < DARK, lum < NEAR_BLACK
    inner = same[1]
    art = same[0] & inner
    return Count(int(band.sum()), int(dark.sum()), int(black.sum()), int((dark & ~art).sum()), int((black & ~inner).sum()))


def _sample(grey: np.ndarray, m: O.Matrix, u, v, k: float):
    x = (m.a * u + m.c * v + m.e) * k
    y = (m.b * u + m.d * v + m.f) * k
    xi = np.clip(x.astype(int), 0, grey.shape[1] - 1)
    yi = np.clip(y.astype(int), 0, grey.shape[0] - 1)
    return grey[yi, xi].astype(int)


def scan_segments(grey: np.ndarray, segments: list[tuple[float, float, float, float]], dpi: float) -> Count:
    """The band within BAND mm of each page segment (x1, y1, x2, y2 in mm): a piece's outline."""
    k = dpi / 25.4
    total = Count()
    for x1, y1, x2, y2 in segments:
        cx0, cx1 = max(int((min(x1, x2) - 1) * k), 0), min(int((max(x1, x2) + 1) * k) + 1, grey.shape[1])
        cy0, cy1 = max(int((min(y1, y2) - 1) * k), 0), min(int((max(y1, y2) + 1) * k) + 1, grey.shape[0])
        px, py = np.meshgrid((np.arange(cx0, cx1) + 0.5) / k, (np.arange(cy0, cy1) + 0.5) / k)
        dx, dy = x2 - x1, y2 - y1
        t = np.clip(((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy), 0, 1)
        dist = np.hypot(px - (x1 + t * dx), py - (y1 + t * dy))
        band = dist <= BAND
        lum = grey[cy0:cy1, cx0:cx1][band].astype(int)
        black = int((lum < NEAR_BLACK).sum())
        total.add(Count(int(band.sum()), int((lum < DARK).sum()), black, 0, black))
    return total
