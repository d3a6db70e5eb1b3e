"""Issue 12: the Roll n Cook sheet uses the page and can be read back from a photo.

Measured on what is drawn (the drawing model's operations, placed on the page) and on rasters of
the PDF: dice boxes of 7 mm and more with light borders, rare boxes a light tint a pen shows on,
fiducials in the four corners, the sheet id opposite the QR code, a digit in each table segment,
nothing under 6 pt, the page used down to its footer, each ability's name by its own boxes, and
every fillable field over the very mark it stands for (A4 and Letter).
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pypdfium2 as pdfium
import pytest

from printkit.core.draw import ops as O
from printkit.core.draw.page import PrintOptions, content_box
from printkit.core.draw.pdf import render_pdf
from printkit.core.fonts import get_font
from printkit.core.registry import games
from printkit.core.units import MM_PER_PT, PT_PER_MM
from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.form import inventory_rows
from printkit.games.rollncook.geometry import geometry
from printkit.games.rollncook.sheet import generate

PAPERS = ["a4", "letter"]
EPS = 0.02  # mm: a field is "over" a mark when their edges agree to this


def build(paper: str, bw: bool = False, fillable: bool = False) -> O.Document:
    return games()["rollncook"]["sheet"].build(PrintOptions(seed=7, paper=paper, bw=bw), fillable=fillable)


def leaves(doc: O.Document) -> list[tuple[object, O.Matrix]]:
    return list(O.walk(doc.pages[0].ops, symbols=doc.symbols))


def bbox(op, m: O.Matrix) -> tuple[float, float, float, float]:
    """A rect's, circle's, polygon's or field's box on the page (mm, y down)."""
    if isinstance(op, (O.Rect, O.Field)):
        pts = [(op.x, op.y), (op.x + op.w, op.y + op.h)]
    elif isinstance(op, O.Circle):
        pts = [(op.cx - op.r, op.cy - op.r), (op.cx + op.r, op.cy + op.r)]
    else:
        pts = list(op.points)
    pts = [m.apply(x, y) for x, y in pts]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def same(a, b) -> bool:
    return all(abs(p - q) <= EPS for p, q in zip(a, b, strict=True))


def luminance(c) -> float:
    return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b


def design_origin(doc: O.Document) -> tuple[float, float]:
    (content,) = [op for op in doc.pages[0].ops if isinstance(op, O.Group) and op.tag == "content"]
    return content.matrix.e, content.matrix.f


@pytest.fixture(scope="module", params=PAPERS)
def drawn(request):
    paper = request.param
    plain, form = build(paper), build(paper, fillable=True)
    fields = {op.name.partition(":")[2]: bbox(op, m) for op, m in leaves(form) if isinstance(op, O.Field)}
    glyphs = {op.name.partition(":")[2]: bbox(O.Rect(*op.glyph), m) for op, m in leaves(form)
              if isinstance(op, O.Field) and op.glyph is not None}
    return paper, plain, leaves(plain), fields, glyphs


def marks(items, kind) -> list[tuple[float, float, float, float]]:
    return [bbox(op, m) for op, m in items if isinstance(op, kind)]


def test_dice_boxes_are_7_mm_with_light_borders(drawn):
    paper, doc, items, fields, _ = drawn
    dice = {n: b for n, b in fields.items() if ":die" in n}
    assert len(dice) == 36
    rects = [(op, bbox(op, m)) for op, m in items if isinstance(op, O.Rect)]
    for name, b in dice.items():
        (op,) = [op for op, r in rects if same(r, b)]  # the box the die is written in, drawn once
        assert op.w >= 7 and op.h >= 7, (name, op.w, op.h)
        assert op.style.stroke is not None and luminance(op.style.stroke) >= 0.5, "a light border"
        assert op.style.fill is None


def _dist(a, b) -> float:
    """The gap between two boxes (0 when they touch or overlap)."""
    dx = max(b[0] - a[2], a[0] - b[2], 0.0)
    dy = max(b[1] - a[3], a[1] - b[3], 0.0)
    return math.hypot(dx, dy)


def _inside(b, outer) -> bool:
    return outer[0] - EPS <= b[0] and outer[1] - EPS <= b[1] and b[2] <= outer[2] + EPS and b[3] <= outer[3] + EPS


def _in_triangle(p, tri) -> bool:
    (ax, ay), (bx, by), (cx, cy) = tri
    s = [(bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax),
         (cx - bx) * (p[1] - by) - (cy - by) * (p[0] - bx),
         (ax - cx) * (p[1] - cy) - (ay - cy) * (p[0] - cx)]
    return all(v >= 0 for v in s) or all(v <= 0 for v in s)


def _triangles(items) -> list[tuple]:
    """The tables' segments: equilateral triangles over 7 mm a side (the cheese icon is smaller)."""
    out = []
    for op, m in items:
        if isinstance(op, O.Polygon) and len(op.points) == 3:
            t = tuple(m.apply(x, y) for x, y in op.points)
            sides = [math.dist(t[i], t[i - 1]) for i in range(3)]
            if min(sides) > 7 and max(sides) - min(sides) < 0.01:
                out.append(t)
    return out


def _centre(b) -> tuple[float, float]:
    return ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)


def test_every_field_sits_over_its_mark(drawn):
    """Issue 14 on the new sheet: each text field's box is the drawn box it stands for; each
    check box (issue 27) draws its mark over the drawn box, circle or segment it stands for,
    and takes the tap over a target around it."""
    paper, doc, items, fields, glyphs = drawn
    assert len(fields) == 711
    rects, circles = marks(items, O.Rect), marks(items, O.Circle)
    tris = _triangles(items)
    for name, b in fields.items():
        part = name.rsplit(":", 1)[-1]
        g = glyphs.get(name)
        if g is not None:
            assert _inside(g, b), name  # the mark is drawn inside the target
        if (name.startswith("inv:") and part != "more") or part.startswith("plate"):
            assert g is not None
            near = [c for c in circles if math.dist(_centre(c), _centre(g)) <= 0.5
                    and _inside((*_centre(c), *_centre(c)), b)]
            assert near, name  # the ring, or the cross, on the bullet or plate
            if part == "got" or part.startswith("plate"):
                assert any(math.dist(_centre(c), _centre(g)) <= EPS and _inside(c, g) for c in near), name
        elif part.startswith("seg"):
            assert g is not None
            e = EPS  # the largest rectangle in the triangle touches its sides
            corners = [(b[0] + e, b[1] + e), (b[2] - e, b[1] + e), (b[0] + e, b[3] - e), (b[2] - e, b[3] - e)]
            assert any(all(_in_triangle(p, t) for p in [_centre(b), *corners]) for t in tris), name
        elif part == "name":
            lines = [bbox(O.Rect(op.x1, op.y1, op.x2 - op.x1, 0), m) for op, m in items if isinstance(op, O.Line)]
            assert any(abs(ln[1] - b[3]) <= EPS and abs(ln[0] - b[0]) <= EPS and abs(ln[2] - b[2]) <= EPS
                       for ln in lines), name
        elif g is not None:  # hour boxes, dish boxes, ability boxes: the mark in the box, the box in the target
            assert any(_inside(g, r) and _inside(r, b) for r in rects), name
        else:  # dice, the totals (meals, rares left, total), each inventory row's "more" box
            assert any(same(r, b) for r in rects), name


def test_four_fiducials_in_the_corners(drawn):
    paper, doc, items, fields, _ = drawn
    geo = geometry(paper)
    ox, oy = design_origin(doc)
    solid = [bbox(op, m) for op, m in items if isinstance(op, O.Rect) and op.style.stroke is None
             and op.style.fill is not None and luminance(op.style.fill) < 0.2 and op.w == op.h and op.w >= 4]
    corners = {(ox, oy), (ox + geo["w"], oy), (ox, oy + geo["h"]), (ox + geo["w"], oy + geo["h"])}
    found = set()
    for b in solid:
        for cx, cy in corners:
            if min(abs(b[0] - cx), abs(b[2] - cx)) <= EPS and min(abs(b[1] - cy), abs(b[3] - cy)) <= EPS:
                found.add((cx, cy))
    assert found == corners
    # And on paper: each corner square prints solid black, in colour and in --bw.
    px = 150 / 72 * PT_PER_MM
    for d in (doc, build(paper, bw=True)):
        img = raster(render_pdf(d), 150)
        for b in solid:
            patch = img[int(b[1] * px) + 2:int(b[3] * px) - 2, int(b[0] * px) + 2:int(b[2] * px) - 2]
            assert patch.size and patch.mean() < 40


def test_the_sheet_id_is_in_the_corner_opposite_the_qr_code(drawn):
    paper, doc, items, fields, _ = drawn
    geo = geometry(paper)
    ox, oy = design_origin(doc)
    ids = [(op, m) for op, m in items if isinstance(op, O.Text) and op.text == "RNC1-7"]
    (qr,) = [bbox(O.Rect(0, 0, 1, 1), m) for op, m in items if getattr(op, "tag", None) == "qr"] or [None]
    assert len(ids) == 1 and qr is not None
    op, m = ids[0]
    x, y = m.apply(op.x, op.y)
    # The QR code in the top right quarter, the id in the bottom left one, each near its corner.
    assert qr[0] > ox + geo["w"] / 2 and qr[1] < oy + geo["h"] / 2
    assert x < ox + 20 and y > oy + geo["h"] - 8
    assert op.size >= 7 * MM_PER_PT


def test_every_table_segment_holds_its_digit(drawn):
    """RNC-1: segment k (clockwise from the top) is die face k; a digit says so in each of the 72."""
    paper, doc, items, fields, _ = drawn
    tris = _triangles(items)
    assert len(tris) == 72
    digits = [(m.apply(op.x + get_font(op.font).width(op.text, op.size) / 2, op.y - op.size * 0.35), op.text)
              for op, m in items if isinstance(op, O.Text) and op.text in "123456" and len(op.text) == 1]
    for t in tris:
        (ox, oy), a, b = t
        mx, my = (a[0] + b[0]) / 2 - ox, (a[1] + b[1]) / 2 - oy  # the segment's middle, from the table's centre
        face = int(((math.degrees(math.atan2(my, mx)) + 90) % 360) // 60) + 1
        inside = [d for p, d in digits if _in_triangle(p, t)]
        assert inside == [str(face)], (t, inside)


def test_no_text_under_6_pt(drawn):
    """On the sheet (the design box; the page's footer is the page furniture's, issue 12's print core)."""
    paper, doc, items, fields, _ = drawn
    (content,) = [op for op in doc.pages[0].ops if isinstance(op, O.Group) and op.tag == "content"]
    sheet = O.walk([content], symbols=doc.symbols)
    sizes = [op.size * m.scale_factor / MM_PER_PT for op, m in sheet if isinstance(op, O.Text)]
    assert len(sizes) > 200 and min(sizes) >= 6 - 1e-6


def raster(pdf: bytes, dpi: float) -> np.ndarray:
    return np.asarray(pdfium.PdfDocument(pdf)[0].render(scale=dpi / 72).to_pil().convert("L"), dtype=float)


@pytest.mark.parametrize("bw", [False, True], ids=["colour", "bw"])
def test_rare_boxes_are_a_light_tint_a_pen_shows_on(bw):
    doc = build("a4", bw=bw)
    geo, (ox, oy) = geometry("a4"), design_origin(doc)
    rare = [(ox + c * geo["pitch"] + geo["inset"], oy + geo["top"] + geo["box_y"] + k * geo["box_dy"])
            for c, h in enumerate(generate(7).hours) for k in range(6) if h.box_kind(k) == "rare"]
    boxes = [(x, y, x + geo["col_w"], y + geo["box_h"]) for x, y in rare]
    outlines = [bbox(op, m) for op, m in leaves(doc) if isinstance(op, O.Rect) and op.style.stroke is not None
                and op.style.stroke_width >= 0.5 and luminance(op.style.stroke) < 0.2]
    assert len(boxes) == 4  # seed 7's sheet: 11:00 box 3, 12:00 box 5, 13:00 and 14:00 box 6 (golden)
    img = raster(render_pdf(doc), 200)
    px = 200 / 72 * PT_PER_MM
    for b in boxes:
        assert any(same(o, b) for o in outlines), "a dark outline"
        # The strip along the box's bottom, clear of the outline, number and icon: the tint.
        strip = img[int((b[3] - 1.6) * px):int((b[3] - 0.6) * px), int((b[0] + 1) * px):int((b[2] - 1) * px)]
        assert strip.mean() >= 200, strip.mean()  # light: a black pen (about 30) shows on it


def test_the_page_is_used_down_to_the_footer():
    """DESIGN.md: no band of more than 25 mm left empty; the last row of the sheet (the ability
    cards, not only the corner marks) ends within 15 mm of the footer on A4 and Letter."""
    for paper in PAPERS:
        doc = build(paper)
        img = raster(render_pdf(doc), 100)
        px = 100 / 72 * PT_PER_MM
        _, top, _, h = content_box(PrintOptions(paper=paper))
        bottom = top + h  # the content box's bottom: the footer is below it
        middle = img[:, int(40 * px):int(170 * px)]  # clear of the corner fiducials and the sheet id
        inked = np.nonzero((middle < 200).any(axis=1))[0]
        last = inked[inked < bottom * px].max() / px
        assert bottom - last <= 15, (paper, bottom - last)
        rows = (middle[int(top * px):int(bottom * px)] < 200).any(axis=1)
        runs = [len(list(g)) for k, g in itertools.groupby(rows) if not k]
        assert max(runs) / px <= 10, (paper, max(runs) / px)


def test_each_ability_is_named_by_its_own_boxes(drawn):
    paper, doc, items, fields, _ = drawn
    names = {"adjust": "Adjust ±1", "set": "Set", "reuse": "Reuse", "add": "Add"}
    texts = {}
    for op, m in items:
        if isinstance(op, O.Text) and op.text in names.values():
            x, y = m.apply(op.x, op.y)
            texts[op.text] = (x, y - op.size, x + get_font(op.font).width(op.text, op.size), y)
    boxes = {kind: [b for n, b in fields.items() if n.startswith(f"ability:{kind}:")] for kind in CONTENT.abilities}
    assert [len(boxes[k]) for k in CONTENT.abilities] == list(CONTENT.abilities.values())
    for kind, label in names.items():
        own = min(_dist(texts[label], b) for b in boxes[kind])
        other = min(_dist(texts[label], b) for k, bs in boxes.items() if k != kind for b in bs)
        assert own < other / 2, (kind, own, other)
        # The name stands above its boxes, and its one-line effect with it.
        assert all(texts[label][3] < b[1] for b in boxes[kind])


def test_points_are_singular_for_one():
    # The text as pdfium reads it (pypdf's extract_text took 0.6 s for this page; issue 16).
    text = " ".join(pdfium.PdfDocument(render_pdf(build("a4")))[0].get_textpage().get_text_range().split())
    assert "1 pt" in text and "1 pts" not in text and "2 pts" in text


def test_every_ingredient_reads_apart_in_bw():
    """Tomato and meat were one grey blob in --bw: each icon now carries a mark of its own. Icons
    are compared as the inventory prints them (A4, --bw, 300 dpi): every pair differs over the
    icon's 5.4 mm square, and seen as 1 mm blobs (the size at which a player tells a tomato from a
    steak across the table) the tomato and the meat differ by more than a third of the grey range
    on average over the icon's dark half (before the fix: 22 of 255 over the square)."""
    doc = build("a4", bw=True)
    geo = geometry("a4")
    ox, oy = design_origin(doc)
    img = raster(render_pdf(doc), 300)
    px = 300 / 72 * PT_PER_MM
    n = int(5.4 * px)
    icons = {}
    for i, ing in enumerate(inventory_rows()):
        cx, cy = ox + 3, oy + geo["rows_y"] + i * geo["inv_dy"] + geo["inv_mid"]
        t, left = int(round((cy - 2.7) * px)), int(round((cx - 2.7) * px))
        icons[ing] = img[t:t + n, left:left + n]
    for a, b in itertools.combinations(icons, 2):
        assert np.abs(icons[a] - icons[b]).mean() >= 20, (a, b)
    k = n // 5
    blob = {ing: v[:5 * k, :5 * k].reshape(5, k, 5, k).mean(axis=(1, 3)) for ing, v in icons.items()}
    assert np.abs(blob["tomato"] - blob["meat"]).mean() >= 30
