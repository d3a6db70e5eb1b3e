"""Issue 28 on the Roll n Cook sheet, what a player does not mark: each inventory name is joined
to its bullets by a dotted leader, and every ingredient's icon fits every table segment (clear
of the edges and of the die-face digit) as large as its shape allows. Measured on the drawing
model placed on the page and on 400 dpi rasters."""

from __future__ import annotations

import math

import numpy as np
import pytest

from printkit.core.draw import ops as O
from printkit.core.draw.pdf import render_pdf
from printkit.core.fonts import get_font
from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.form import inventory_rows
from printkit.games.rollncook.geometry import geometry
from tests.games.rollncook.test_sheet_issue28 import CLEAR, _edges, raster
from tests.games.rollncook.test_sheet_layout import bbox, build, design_origin, leaves

#: The least room between a table icon's ink and its segment's die-face digit's ink, mm.
DIGIT_CLEAR = 0.3


@pytest.fixture(scope="module", params=["a4", "letter"])
def page(request):
    doc = build(request.param)
    return request.param, doc, leaves(doc)


def test_inventory_names_lead_to_their_bullets(page):
    """Each inventory row's name (and recipe) is followed, at the bullets' height, by a dotted
    leader that starts 1 mm or more after the text's end and stops 1 mm or more before the first
    bullet, closing all but 3 mm of the gap between the text and the bullets (before: a gap of up
    to 25 mm)."""
    paper, doc, items = page
    geo = geometry(paper)
    ox, oy = design_origin(doc)
    leaders = [(op, m) for op, m in items if isinstance(op, O.Line) and op.style.dash]
    texts = [(op, m) for op, m in items if isinstance(op, O.Text)]
    circles = [bbox(op, m) for op, m in items if isinstance(op, O.Circle)]
    found = 0
    for row, ing in enumerate(inventory_rows()):
        mid = oy + geo["rows_y"] + row * geo["inv_dy"] + geo["inv_mid"]
        first = min(c[0] for c in circles if abs((c[1] + c[3]) / 2 - mid) < 0.05 and c[0] > ox + geo["bullet_x"] - 2)
        # the row's words left of its bullets: its name and, for a rare, its recipe
        words = [(op, m) for op, m in texts if ox < m.apply(op.x, op.y)[0] < first
                 and abs(m.apply(op.x, op.y)[1] - mid) < geo["inv_dy"] / 2]
        assert any(op.text == ing for op, _ in words), ing
        end = max(m.apply(op.x, op.y)[0] + get_font(op.font).width(op.text, op.size) for op, m in words)
        mine = [(op, m) for op, m in leaders if abs(m.apply(op.x1, op.y1)[1] - mid) < 0.05]
        if not mine:  # a text that reaches its bullets needs no leader
            assert first - end <= 3.01, ing
            continue
        ((line, m),) = mine
        (x1, y1), (x2, y2) = m.apply(line.x1, line.y1), m.apply(line.x2, line.y2)
        assert y1 == pytest.approx(y2) == pytest.approx(mid, abs=0.05)
        assert x1 - end >= 1.0 and first - x2 >= 1.0, (ing, x1 - end, first - x2)
        assert (x1 - end) + (first - x2) <= 3.01, ing
        found += 1
    # The leader is dotted: dots (a dash shorter than its line's width) well apart.
    on, off = leaders[0][0].style.dash
    assert on < leaders[0][0].style.stroke_width < off
    assert found == len(leaders) >= len(inventory_rows()) - 1


def _segment_pages(paper: str):
    """Every table ingredient in each of a table's six segments, at the size and place the sheet
    draws it (one table a row, an ingredient a row), and the die-face digits of those tables,
    as two pages (icons; digits) and the segments' triangles."""
    doc = build(paper)
    geo = geometry(paper)
    items = leaves(doc)
    ox, oy = design_origin(doc)
    hub = (ox + geo["mid"], oy + geo["top"] + geo["table_y"])  # the first hour's table
    digits = [(op, m) for op, m in items if isinstance(op, O.Text) and op.text in "123456" and len(op.text) == 1
              and math.dist(m.apply(op.x, op.y), hub) < geo["table_r"] * 0.6]
    assert len(digits) == 6
    icons, marks, tris = [], [], []
    for row, ing in enumerate(sorted(geo["table_icon_scale"])):
        cx, cy = 12.0, 12.0 + row * 20
        move = O.Matrix.translate(cx - hub[0], cy - hub[1])
        marks += [O.Group((op,), move @ m) for op, m in digits]
        for s in geo["segments"]:
            tris.append((ing, ((cx, cy), (cx + s["ax"], cy + s["ay"]), (cx + s["bx"], cy + s["by"]))))
            icons.append(O.Use("ing-" + ing, O.Matrix.translate(cx + s["ix"], cy + s["iy"])
                               @ O.Matrix.scale(geo["table_icon_scale"][ing])))
    h = 24.0 + 20 * len(geo["table_icon_scale"])
    pages = [O.Document([O.Page(24, h, list(ops))], doc.symbols) for ops in (icons, marks)]
    return pages, tris


@pytest.mark.parametrize("paper", ["a4"])
def test_every_table_icon_fits_every_segment(paper):
    """For every ingredient a table can hold, in each of the six segments (a long carrot pointing
    at each edge in turn), on a 400 dpi raster: its ink stands CLEAR mm or more inside the
    segment's edges (their strokes' inner side) and DIGIT_CLEAR mm or more from the digit's ink.
    Before, every icon was drawn at 0.30: the carrot came within 0.29 mm of an edge in some
    segment (seed 7 never puts it there) and the milk within 0.27 mm of the digit."""
    geo = geometry(paper)
    assert set(geo["table_icon_scale"]) == set(CONTENT.basics)
    (icon_doc, digit_doc), tris = _segment_pages(paper)
    dpi = 400
    px = dpi / 25.4
    icons, digits = raster(render_pdf(icon_doc), dpi) < 160, raster(render_pdf(digit_doc), dpi) < 160
    for ing, t in tris:
        xs, ys = [p[0] for p in t], [p[1] for p in t]
        x0, y0 = math.floor(min(xs) * px), math.floor(min(ys) * px)
        x1, y1 = math.ceil(max(xs) * px), math.ceil(max(ys) * px)
        gy, gx = np.mgrid[y0:y1, x0:x1]
        cx, cy = (gx + 0.5) / px, (gy + 0.5) / px
        room = np.min([nx * cx + ny * cy - c for nx, ny, c in _edges(t)], axis=0)
        ink = icons[y0:y1, x0:x1] & (room > -0.5)
        assert ink.sum() > 100, ing  # the icon is in its segment
        assert room[ink].min() >= 0.35 / 2 + CLEAR, (ing, t, room[ink].min())
        a = np.argwhere(ink)
        b = np.argwhere(digits[y0:y1, x0:x1] & (room > 0))
        assert len(b) > 20, ing  # the segment's digit
        gap = np.sqrt(((a[:, None, :] - b[None, :, :]) ** 2).sum(axis=2)).min() / px
        assert gap >= DIGIT_CLEAR, (ing, t, gap)
    # Most are drawn larger than the 0.30 every icon had before; the carrot and the milk smaller.
    larger = {k for k, v in geo["table_icon_scale"].items() if v > 0.30}
    assert len(larger) >= 6, larger
