"""The svgwrite backend: each page of a :class:`Document` to one SVG file's bytes.

One user unit is one millimetre (``viewBox`` in mm, ``width``/``height`` in mm), so sizes are
physical. Symbols become ``<symbol>`` elements drawn by ``<use>``. Text is drawn from the
bundled font's glyph outlines (each glyph defined once per file), so every viewer shows the
same font as the PDF; each text keeps its string in ``aria-label``. Ids are derived from
names and counters local to the file, so the same page always gives the same bytes.
"""

from __future__ import annotations

import re

import svgwrite
from svgwrite.container import Group as SvgGroup

from printkit.core.draw.ops import (
    INHERIT, Circle, Document, Field, Group, Line, Matrix, Op, Page, Path, Polygon, Rect, Style, Text, Use,
)
from printkit.core.fonts import get_font


def num(v: float) -> str:
    """A short, stable decimal: at most 4 places, no trailing zeros, no ``-0``."""
    s = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _id(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", text)


def _matrix(m: Matrix) -> str:
    if m.a == 1 and m.b == 0 and m.c == 0 and m.d == 1:
        return f"translate({num(m.e)} {num(m.f)})"
    return "matrix(" + " ".join(num(v) for v in (m.a, m.b, m.c, m.d, m.e, m.f)) + ")"


def _style_attrs(s: Style) -> dict[str, str]:
    # INHERIT: no fill attribute, so the fill given on the <use> applies.
    a: dict[str, str] = {} if s.fill == INHERIT else {"fill": s.fill.hex if s.fill is not None else "none"}
    if s.fill is not None and s.fill_rule == "evenodd":
        a["fill-rule"] = "evenodd"
    if s.stroke is not None and s.stroke_width > 0:
        a["stroke"] = s.stroke.hex
        a["stroke-width"] = num(s.stroke_width)
        if s.cap != "butt":
            a["stroke-linecap"] = s.cap
        if s.join != "miter":
            a["stroke-linejoin"] = s.join
        if s.dash:
            a["stroke-dasharray"] = " ".join(num(d) for d in s.dash)
    else:
        a["stroke"] = "none"
    return a


class _SvgRenderer:
    def __init__(self, dwg: svgwrite.Drawing):
        self.dwg = dwg
        self.glyphs: dict[str, str] = {}  # id -> path data, in first-use order
        self.clips = 0

    def draw(self, parent, ops) -> None:
        for op in ops:
            self.draw_op(parent, op)

    def draw_op(self, parent, op: Op) -> None:
        d = self.dwg
        if isinstance(op, Group):
            self._group(parent, op)
        elif isinstance(op, Use):
            self._use(parent, op)
        elif isinstance(op, Text):
            self._text(parent, op)
        elif isinstance(op, Line):
            parent.add(d.line(start=(num(op.x1), num(op.y1)), end=(num(op.x2), num(op.y2)),
                              **_style_attrs(op.style)))
        elif isinstance(op, Rect):
            kw = _style_attrs(op.style)
            if op.radius > 0:
                kw["rx"] = kw["ry"] = num(op.radius)
            parent.add(d.rect(insert=(num(op.x), num(op.y)), size=(num(op.w), num(op.h)), **kw))
        elif isinstance(op, Circle):
            parent.add(d.circle(center=(num(op.cx), num(op.cy)), r=num(op.r), **_style_attrs(op.style)))
        elif isinstance(op, Polygon):
            pts = [(round(x, 4) + 0.0, round(y, 4) + 0.0) for x, y in op.points]
            make = d.polygon if op.closed else d.polyline
            parent.add(make(points=pts, **_style_attrs(op.style)))
        elif isinstance(op, Path):
            parts = []
            for seg in op.segments:
                parts.append(seg[0] + " ".join(num(v) for v in seg[1:]))
            parent.add(d.path(d=" ".join(parts), **_style_attrs(op.style)))
        elif isinstance(op, Field):
            pass  # a form field is the PDF's; the SVG shows the page under it, as printed
        else:  # pragma: no cover - the Op union is closed
            raise TypeError(f"unknown drawing operation {op!r}")

    def _group(self, parent, op: Group) -> None:
        if op.ops and all(isinstance(o, Field) for o in op.ops):
            return  # form fields only: nothing to draw, not even an empty group
        d = self.dwg
        g = d.g()
        if not op.matrix.is_identity:
            g["transform"] = _matrix(op.matrix)
        if op.clip is not None:
            self.clips += 1
            cid = f"clip-{self.clips}"
            cp = d.clipPath(id=cid)
            x, y, w, h = op.clip
            cp.add(d.rect(insert=(num(x), num(y)), size=(num(w), num(h))))
            d.defs.add(cp)
            g["clip-path"] = f"url(#{cid})"
        if op.clip_shape is not None:
            # Nested in its own group, so that it clips inside the rectangle above (if any).
            self.clips += 1
            cid = f"clip-{self.clips}"
            cp = d.clipPath(id=cid)
            self.draw_op(cp, op.clip_shape)
            if op.clip_shape.style.fill_rule == "evenodd":
                cp.elements[-1]["clip-rule"] = "evenodd"
            d.defs.add(cp)
            inner = d.g(clip_path=f"url(#{cid})")
            g.add(inner)
            self.draw(inner, op.ops)
            parent.add(g)
            return
        self.draw(g, op.ops)
        parent.add(g)

    def _use(self, parent, op: Use) -> None:
        u = self.dwg.use(f"#sym-{_id(op.symbol)}")
        if op.fill is not None:
            u["fill"] = op.fill.hex
        if not op.matrix.is_identity:
            u["transform"] = _matrix(op.matrix)
        parent.add(u)

    def _text(self, parent, op: Text) -> None:
        if not op.text:
            return
        font = get_font(op.font)
        k = op.size / font.units_per_em
        g = self.dwg.g(fill=op.colour.hex)
        g["transform"] = f"matrix({k:.8g} 0 0 {-k:.8g} {num(op.x)} {num(op.y)})"
        g["aria-label"] = op.text
        x: float = 0
        for ch in op.text:
            glyph = font.glyph_name(ch)
            outline = font.outline(glyph)
            if outline:
                gid = _id(f"g-{op.font}-{glyph}")
                self.glyphs.setdefault(gid, outline)
                u = self.dwg.use(f"#{gid}")
                if x:
                    u["x"] = num(x)
                g.add(u)
            x += font.advance(glyph)
        parent.add(g)


def render_svg_page(doc: Document, index: int) -> bytes:
    """The SVG of page ``index`` of ``doc`` as bytes."""
    page: Page = doc.pages[index]
    w, h = num(page.width), num(page.height)
    dwg = svgwrite.Drawing(size=(f"{w}mm", f"{h}mm"), profile="full", debug=False)
    dwg["viewBox"] = f"0 0 {w} {h}"
    if doc.title:
        dwg.set_desc(title=f"{doc.title} - page {index + 1} of {len(doc.pages)}")
    r = _SvgRenderer(dwg)
    body = SvgGroup(id="page")
    r.draw(body, page.ops)
    used = _used_symbols(page.ops, doc.symbols)
    for name in sorted(used):
        sym = dwg.symbol(id=f"sym-{_id(name)}")
        sym["overflow"] = "visible"
        r.draw(sym, doc.symbols[name])
        dwg.defs.add(sym)
    for gid, outline in r.glyphs.items():
        dwg.defs.add(dwg.path(d=outline, id=gid))
    dwg.add(body)
    return dwg.tostring().encode("utf-8")


def _used_symbols(ops, symbols: dict) -> set[str]:
    used: set[str] = set()

    def visit(items):
        for op in items:
            if isinstance(op, Group):
                visit(op.ops)
            elif isinstance(op, Use) and op.symbol not in used:
                used.add(op.symbol)
                visit(symbols[op.symbol])

    visit(ops)
    return used
