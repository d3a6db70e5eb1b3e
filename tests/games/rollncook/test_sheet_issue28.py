"""Issue 28 on the Roll n Cook sheet (items 3, 8, 9): plates that say what they are, tables as
wide as the column allows with every icon and digit clear of the edges, a "more" box closing
each inventory row, and a QR code with a quiet zone of 4 modules, measured on the raster.

Measured on what is drawn (the drawing model's operations, placed on the page) and on a raster
of the PDF, A4 and Letter.
"""

from __future__ import annotations

import math

import numpy as np
import pypdfium2 as pdfium
import pytest

from printkit.core.draw import ops as O
from printkit.core.draw.pdf import render_pdf
from printkit.core.qr import qr_matrix
from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.form import bullets, inventory_rows
from printkit.games.rollncook.geometry import geometry, more_box
from tests.games.rollncook.test_sheet_layout import _triangles, bbox, build, design_origin, leaves

#: The least room between an icon's or a digit's ink and a table segment's edge (the edge's
#: stroke included), mm.
CLEAR = 0.15


@pytest.fixture(scope="module", params=["a4", "letter"])
def page(request):
    doc = build(request.param)
    return request.param, doc, leaves(doc)


def _edges(t) -> list[tuple[float, float, float]]:
    """A triangle's sides as (nx, ny, c): n . p - c is the distance inside, for p in the triangle."""
    out = []
    for i in range(3):
        (x0, y0), (x1, y1), apex = t[i], t[(i + 1) % 3], t[(i + 2) % 3]
        nx, ny = y1 - y0, x0 - x1
        n = math.hypot(nx, ny)
        nx, ny = nx / n, ny / n
        c = nx * x0 + ny * y0
        if nx * apex[0] + ny * apex[1] < c:
            nx, ny, c = -nx, -ny, -c
        out.append((nx, ny, c))
    return out


def test_table_icons_and_digits_stand_clear_of_every_edge(page):
    """Item 3: a table is as wide as the boxes above it (15.4 mm, not 15.1); in each segment,
    measured on a 400 dpi raster, no ink lies within CLEAR mm of an edge's stroke (the band
    from the stroke's edge in: the icon and the die-face digit stand clear), and ink is there
    (the icon and the digit)."""
    paper, doc, items = page
    geo = geometry(paper)
    assert geo["table_r"] * math.sqrt(3) == pytest.approx(geo["col_w"], abs=0.01)
    tris = _triangles(items)
    assert len(tris) == 72
    dpi = 400
    px = dpi / 25.4
    img = raster(render_pdf(doc), dpi)
    for t in tris:
        xs, ys = [p[0] for p in t], [p[1] for p in t]
        x0, y0 = math.floor(min(xs) * px), math.floor(min(ys) * px)
        x1, y1 = math.ceil(max(xs) * px), math.ceil(max(ys) * px)
        gy, gx = np.mgrid[y0:y1, x0:x1]
        cx, cy = (gx + 0.5) / px, (gy + 0.5) / px
        room = np.min([nx * cx + ny * cy - c for nx, ny, c in _edges(t)], axis=0)  # mm inside, to the nearest side
        dark = img[y0:y1, x0:x1] < 160
        stroke = 0.35 / 2 + 1.5 / px  # the rim's half stroke (the thicker), and the antialiasing
        band = (room > stroke) & (room < 0.35 / 2 + CLEAR)
        assert not (dark & band).any(), (paper, t, room[dark & band].min())
        assert (dark & (room >= 0.35 / 2 + CLEAR)).sum() > 200  # the icon and the digit


def test_plates_are_laid_with_a_fork_and_a_knife(page):
    """Item 3: each plate is a plate (a rim and its well), an hour's plates between a fork and a
    knife; an hour without a plate says so."""
    paper, doc, items = page
    uses = [op.symbol for op, m in items if isinstance(op, O.Use)]
    assert uses.count("plate") == sum(CONTENT.plates)
    laid = sum(1 for p in CONTENT.plates if p)
    assert uses.count("fork") == laid and uses.count("knife") == laid
    assert len(doc.symbols["plate"]) == 2 and all(isinstance(p, O.Circle) for p in doc.symbols["plate"])
    words = [op.text for op, m in items if isinstance(op, O.Text) and op.text == "no plate"]
    assert len(words) == CONTENT.plates.count(0)


def test_each_inventory_row_ends_in_a_more_box(page):
    """Item 9: each row holds its bullets, then the word "more" and a writing box for what the
    row has no bullet left for, clear of the cookbooks."""
    paper, doc, items = page
    geo = geometry(paper)
    ox, oy = design_origin(doc)
    rects = [bbox(op, m) for op, m in items if isinstance(op, O.Rect)]
    circles = [bbox(op, m) for op, m in items if isinstance(op, O.Circle)]
    words = [m.apply(op.x, op.y) for op, m in items if isinstance(op, O.Text) and op.text == "more"]
    assert len(words) == len(inventory_rows())
    for row, ing in enumerate(inventory_rows()):
        x, y, w, h = more_box(geo, row)
        box = (ox + x, oy + y, ox + x + w, oy + y + h)
        assert any(all(abs(a - b) < 0.02 for a, b in zip(r, box, strict=True)) for r in rects), ing
        assert w >= 5 and h >= 5  # DESIGN.md: writing boxes at least 5 x 5 mm
        cy = (box[1] + box[3]) / 2
        row_bullets = [c for c in circles if abs((c[1] + c[3]) / 2 - cy) < 0.05 and ox + geo["bullet_x"] - 2 < c[0] < box[0]]
        assert len(row_bullets) == bullets(ing) == 14, ing
        assert max(c[2] for c in row_bullets) < min(wx for wx, _ in words) < box[0]
        assert box[2] + 2 <= ox + geo["meal_x"]  # a gap before the cookbooks


def raster(pdf: bytes, dpi: float) -> np.ndarray:
    return np.asarray(pdfium.PdfDocument(pdf)[0].render(scale=dpi / 72).to_pil().convert("L"), dtype=float)


def test_the_qr_code_has_a_quiet_zone_of_4_modules(page):
    """Item 8: ISO/IEC 18004 asks a light margin of 4 modules around the code; measured on a
    300 dpi raster: the code's dark modules, then nothing dark within 4 modules of them."""
    paper, doc, items = page
    dpi = 300
    img = raster(render_pdf(doc), dpi)
    px = dpi / 25.4
    ((qr, m),) = [(op, m) for op, m in items if getattr(op, "tag", None) == "qr"]
    pts = [m.apply(*s[1:3]) for s in qr.segments if s[0] in ("M", "L")]
    x0, y0 = min(p[0] for p in pts), min(p[1] for p in pts)
    x1, y1 = max(p[0] for p in pts), max(p[1] for p in pts)
    module = (x1 - x0) / len(qr_matrix("RNC1-7"))
    dark = img < 128
    code = dark[round(y0 * px) + 1:round(y1 * px) - 1, round(x0 * px) + 1:round(x1 * px) - 1]
    assert code.mean() > 0.3  # the code is there, where it is drawn
    q = 4 * module * px
    ring = dark[math.floor(y0 * px - q):math.ceil(y1 * px + q), math.floor(x0 * px - q):math.ceil(x1 * px + q)].copy()
    inner = round(q) + 2
    ring[inner - 4:ring.shape[0] - inner + 4, inner - 4:ring.shape[1] - inner + 4] = False  # the code itself
    assert not ring.any(), np.argwhere(ring)[:5]
    # and the zone measured: the nearest dark pixel outside the code is 4 modules or more away
    assert module * px > 4  # a module is over 4 pixels here: the measure is fine enough
