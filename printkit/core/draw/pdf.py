"""The reportlab backend: a :class:`Document` to PDF bytes, through reportlab's public API.

Pages are drawn in mm with y down by one transform at the start of each page. Symbols become
form XObjects (``beginForm`` ... ``endForm``) drawn by ``doForm``. The output is reproducible
(``invariant=1``), carries TrimBox and BleedBox where the page has them, and asks viewers not
to scale when printing. Colours are written as RGB, or for ``--cmyk`` as DeviceCMYK by
:meth:`Colour.cmyk` (black: black ink only), every operator of the page and its forms alike;
with ``--cmyk``, text and stroked-only lines in black ink only overprint (the graphics state
``/OP true /op true /OPM 1``, pdfx.OVERPRINT, set inside their own ``q ... Q``; not reportlab's
overprint setters, whose states reportlab leaves out of a form's resources), so a plate
printed a little off never shows white paper round black type; other paint knocks out as
before, and the file is a PDF/X-1a one (:mod:`printkit.core.draw.pdfx`).

Memory stays flat for any number of pages: pages are drawn into reportlab documents of at most
:data:`CHUNK` pages (or :data:`CHUNK_FIELDS` form fields) each, and
joined into one file by :mod:`printkit.core.draw.pdfjoin`, which writes each page's objects as
soon as it reads them and gives every font subset a tag of its own (reportlab tags every font's
first subset ``AAAAAA+``; the PDF standard asks a tag of each subset). Every document goes
through the joiner, one chunk or many, so there is one way a PDF is written (measured: ~0.2 s
more CPU for ``make all``, ~1.6 s against ~1.4 s).
"""

from __future__ import annotations

import gc
import io
from collections.abc import Callable
from functools import cache
from typing import IO, Any

from reportlab.pdfgen import canvas as rl_canvas
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO

from printkit.core.colour import Colour
from printkit.core.draw.ops import (
    INHERIT, Circle, Document, Field, Group, Line, Matrix, Op, Page, Path, Polygon, Rect, Style, Text, Use,
)
from printkit.core.fonts import register_pdf_font
from printkit.core.units import PT_PER_MM

#: Black ink alone, in CMYK.
_BLACK_INK = (0.0, 0.0, 0.0, 1.0)
_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}

#: Form XObjects get a bounding box large enough for any symbol (mm around its origin).
_FORM_EXTENT = 2000.0
#: Pages a reportlab document holds at most (see the module's notes): a full score sheet is
#: ~20 KB of drawing commands while its document is open (and pypdf parses each chunk again):
#: at 25 pages, --count 10000 peaks within a few MB of --count 100, and runs no slower.
CHUNK = 25
#: A chunk ends once its pages hold this many form fields: reportlab keeps ~7 KB a field (a
#: fillable score sheet has ~400) until the document is saved.
CHUNK_FIELDS = 2000


def _box_pt(box: tuple[float, float, float, float], page_h: float) -> tuple[float, ...]:
    x, y, w, h = box
    return (x * PT_PER_MM, (page_h - y - h) * PT_PER_MM, (x + w) * PT_PER_MM, (page_h - y) * PT_PER_MM)


class _PdfRenderer:
    """Draws operations on a reportlab canvas, one canvas call after another; its colours in
    RGB, or in CMYK when ``cmyk``."""

    def __init__(self, c: rl_canvas.Canvas, cmyk: bool = False):
        self.c = c
        #: Set the canvas's fill and stroke colour (in the document's colour space).
        self.fill: Callable[[Colour], None] = self._fill_cmyk if cmyk else self._fill_rgb
        self.stroke: Callable[[Colour], None] = self._stroke_cmyk if cmyk else self._stroke_rgb
        #: Black in black ink only overprints (CMYK only).
        self.cmyk = cmyk
        #: Drawing a symbol's form (no form field may be in one: a field is on one page).
        self.in_symbol = False
        #: Form fields drawn.
        self.fields = 0
        #: The check boxes with a mark (printkit.core.forms.Marks), once a field is drawn.
        self.marks: Any = None
        #: The style the canvas is set to, and what it paints (see _apply); None: not known.
        self.styled: tuple[Style, tuple[bool, bool]] | None = None
        self._by_type: dict[type, Callable[[Any], None]] = {
            Group: self._group, Use: self._use, Text: self._text, Polygon: self._path, Path: self._path,
            Line: self._shape, Rect: self._shape, Circle: self._shape, Field: self._field}

    def draw(self, ops) -> None:
        for op in ops:
            self.draw_op(op)

    def draw_op(self, op: Op) -> None:
        draw = self._by_type.get(type(op))
        if draw is None:  # a subclass of an operation class
            draw = next((f for kind, f in self._by_type.items() if isinstance(op, kind)), None)
            if draw is None:  # pragma: no cover - the Op union is closed
                raise TypeError(f"unknown drawing operation {op!r}")
        draw(op)

    # -- colour ------------------------------------------------------------------------
    def _fill_rgb(self, k: Colour) -> None:
        self.c.setFillColorRGB(k.r, k.g, k.b)

    def _stroke_rgb(self, k: Colour) -> None:
        self.c.setStrokeColorRGB(k.r, k.g, k.b)

    def _fill_cmyk(self, k: Colour) -> None:
        self.c.setFillColorCMYK(*k.cmyk())

    def _stroke_cmyk(self, k: Colour) -> None:
        self.c.setStrokeColorCMYK(*k.cmyk())

    def _is_black(self, k: Colour | None) -> bool:
        """Whether ``k`` is printed in black ink only, so overprints (CMYK only)."""
        return self.cmyk and k is not None and k.cmyk() == _BLACK_INK

    def _overprint(self) -> None:
        """Paint that follows overprints (inside a ``saveState``): black ink on the colours under
        it, which show nowhere (their plates' ink under full black), instead of a hole in them."""
        from printkit.core.draw.pdfx import OVERPRINT  # the joiner adds it to the resources

        self.c.addLiteral(f"{OVERPRINT} gs")

    # -- style -------------------------------------------------------------------------
    def _apply(self, s: Style) -> tuple[bool, bool]:
        """Set the canvas's stroke and fill for ``s``; whether it strokes and whether it fills.
        Nothing to set when the canvas is set to an equal style already: a run of shapes in one
        style (``--bw``'s ~58,000 pattern dots and ~18,000 hatch lines) sets it once."""
        if self.styled is not None and (self.styled[0] is s or self.styled[0] == s):
            return self.styled[1]
        c = self.c
        if s.stroke is not None:
            self.stroke(s.stroke)
            c.setLineWidth(s.stroke_width)
            c.setLineCap(_CAPS[s.cap])
            c.setLineJoin(_JOINS[s.join])
            c.setDash(list(s.dash) if s.dash else [], 0)
        if s.fill is not None and s.fill != INHERIT:  # INHERIT: keep the caller's colour
            self.fill(s.fill)
        paints = (s.stroke is not None and s.stroke_width > 0, s.fill is not None)
        self.styled = (s, paints)
        return paints

    def _transform(self, m: Matrix) -> None:
        if not m.is_identity:
            self.c.transform(m.a, m.b, m.c, m.d, m.e, m.f)

    # -- operations ----------------------------------------------------------------------
    def _group(self, op: Group) -> None:
        c = self.c
        styled = self.styled  # the canvas's style again after restoreState
        c.saveState()
        self._transform(op.matrix)
        if op.clip is not None:
            x, y, w, h = op.clip
            p = c.beginPath()
            p.rect(x, y, w, h)
            c.clipPath(p, stroke=0, fill=0)
        if op.clip_shape is not None:
            rule = FILL_EVEN_ODD if op.clip_shape.style.fill_rule == "evenodd" else FILL_NON_ZERO
            c.clipPath(_outline(c, op.clip_shape), stroke=0, fill=0, fillMode=rule)
        self.draw(op.ops)
        c.restoreState()
        self.styled = styled

    def _use(self, op: Use) -> None:
        c = self.c
        c.saveState()
        if op.fill is not None:
            self.fill(op.fill)
        self._transform(op.matrix)
        c.doForm(_form_name(op.symbol))
        c.restoreState()

    def _text(self, op: Text) -> None:
        if not op.text:
            return
        c = self.c
        c.saveState()
        self.fill(op.colour)
        if self._is_black(op.colour):
            self._overprint()
        c.transform(1, 0, 0, -1, op.x, op.y)
        c.setFont(register_pdf_font(op.font), op.size)
        c.drawString(0, 0, op.text)
        c.restoreState()

    def _line_overprints(self, s: Style, stroke: bool, fill: bool) -> bool:
        """Whether a shape in style ``s`` is a black line alone (stroked in black ink only, not
        filled), so overprints: then it is painted in a ``saveState`` with overprint set (its
        colours set before, outside it, so the canvas keeps them after)."""
        if stroke and not fill and self._is_black(s.stroke):
            self.c.saveState()
            self._overprint()
            return True
        return False

    def _path(self, op: Polygon | Path) -> None:
        stroke, fill = self._apply(op.style)
        if stroke or fill:
            mode = FILL_EVEN_ODD if op.style.fill_rule == "evenodd" else FILL_NON_ZERO
            over = self._line_overprints(op.style, stroke, fill)
            self.c.drawPath(_outline(self.c, op), stroke=int(stroke), fill=int(fill), fillMode=mode)
            if over:
                self.c.restoreState()

    def _shape(self, op: Line | Rect | Circle) -> None:
        stroke, fill = self._apply(op.style)
        over = self._line_overprints(op.style, stroke, fill)
        self._paint_shape(op, stroke, fill)
        if over:
            self.c.restoreState()

    def _paint_shape(self, op: Line | Rect | Circle, stroke: bool, fill: bool) -> None:
        c = self.c
        if isinstance(op, Line):
            if stroke:
                c.line(op.x1, op.y1, op.x2, op.y2)
        elif not (stroke or fill):
            return
        elif isinstance(op, Circle):
            c.circle(op.cx, op.cy, op.r, stroke=int(stroke), fill=int(fill))
        elif op.radius > 0:
            c.roundRect(op.x, op.y, op.w, op.h, op.radius, stroke=int(stroke), fill=int(fill))
        else:
            c.rect(op.x, op.y, op.w, op.h, stroke=int(stroke), fill=int(fill))

    def _field(self, op: Field) -> None:
        if self.in_symbol:
            raise ValueError(f"form field {op.name!r} is in a symbol; a field goes on a page")
        from printkit.core.forms import Marks, add_pdf_field  # only fillable documents need it

        if self.marks is None:
            self.marks = Marks()
        add_pdf_field(self.c, op, self.marks)
        self.fields += 1
        self.styled = None


def _outline(c: rl_canvas.Canvas, op: Rect | Circle | Polygon | Path):
    """The path of a Rect, Circle, Polygon or Path, not yet drawn."""
    p = c.beginPath()
    if isinstance(op, Rect):
        if op.radius > 0:
            p.roundRect(op.x, op.y, op.w, op.h, op.radius)
        else:
            p.rect(op.x, op.y, op.w, op.h)
    elif isinstance(op, Circle):
        p.circle(op.cx, op.cy, op.r)
    elif isinstance(op, Polygon):
        (x0, y0), *rest = op.points
        p.moveTo(x0, y0)
        for x, y in rest:
            p.lineTo(x, y)
        if op.closed:
            p.close()
    else:
        for seg in op.segments:
            k = seg[0]
            if k == "M":
                p.moveTo(*seg[1:])
            elif k == "L":
                p.lineTo(*seg[1:])
            elif k == "C":
                p.curveTo(*seg[1:])
            elif k == "Z":
                p.close()
    return p


@cache
def _form_name(symbol: str) -> str:
    return "sym_" + "".join(ch if ch.isalnum() else "_" for ch in symbol)


def render_pdf(doc: Document, cmyk: bool = False, paper: str = "a4") -> bytes:
    """The PDF of ``doc`` as bytes (for ``cmyk``: a PDF/X-1a file for printing on ``paper``, see
    :func:`write_pdf`); the same document always gives the same bytes."""
    buf = io.BytesIO()
    write_pdf(doc, buf, cmyk, paper)
    return buf.getvalue()


def write_pdf(doc: Document, sink: IO[bytes], cmyk: bool = False, paper: str = "a4") -> None:
    """Write the PDF of ``doc`` to ``sink`` (the same bytes as :func:`render_pdf`), a chunk of
    pages at a time (see :data:`CHUNK`), so memory does not grow with the number of pages.
    ``cmyk``: colours in CMYK, black text and lines overprinting, and a PDF/X-1a file whose
    output intent is the printing condition for ``paper`` (:mod:`printkit.core.draw.pdfx`)."""
    count = len(doc.pages)
    data, start, edit = _chunk(doc, 0, cmyk)
    from printkit.core.draw.pdfjoin import PdfJoiner

    intent = None
    if cmyk:
        from printkit.core.draw.pdfx import output_intent

        intent = output_intent(paper)
    joiner = PdfJoiner(sink, intent)
    joiner.add(data, edit)
    while start < count:
        # A chunk's reportlab document and pypdf reader are reference cycles: collected now,
        # not when the collector next looks at old objects (memory would grow until then).
        gc.collect()
        data, start, edit = _chunk(doc, start, cmyk)
        joiner.add(data, edit)
    joiner.close()


def _chunk(doc: Document, start: int, cmyk: bool) -> tuple[bytes, int, Callable[[Any], None] | None]:
    """A reportlab document of ``doc``'s pages from ``start``, with every symbol known by then,
    the page after its last (at most :data:`CHUNK` pages, ended early once its pages hold
    :data:`CHUNK_FIELDS` form fields), and what the joiner changes in it before writing it (the
    marked check boxes' rectangles and appearances, printkit.core.forms.Marks), if anything."""
    buf = io.BytesIO()
    c = rl_canvas.Canvas(
        buf,
        pagesize=(210 * PT_PER_MM, 297 * PT_PER_MM),  # each page sets its own size
        invariant=1,
        pageCompression=1,
        # Start pages in a bundled font, so no unembedded Helvetica lands in the resources.
        initialFontName=register_pdf_font("sans"),
        initialFontSize=10,
    )
    c.setTitle(doc.title)
    c.setAuthor("printkit")
    c.setCreator("printkit")
    c.setSubject(doc.title)
    c.setViewerPreference("PrintScaling", "None")
    if doc.duplex:
        c.setViewerPreference("Duplex", "DuplexFlipLongEdge")
    r = _PdfRenderer(c, cmyk)
    end = min(len(doc.pages), start + CHUNK)
    i = start
    while i < end and r.fields < CHUNK_FIELDS:
        _page(c, r, doc.pages[i])
        i += 1
    # Forms after the pages: lazily made pages define their symbols as they are drawn.
    r.in_symbol = True
    for name in sorted(doc.symbols):
        c.beginForm(_form_name(name), -_FORM_EXTENT, -_FORM_EXTENT, _FORM_EXTENT, _FORM_EXTENT)
        r.styled = None  # so does a form
        r.draw(doc.symbols[name])
        c.endForm()
    if r.marks is not None:
        r.marks.attach(c)
    c.save()
    return buf.getvalue(), i, (r.marks.edit if r.marks is not None else None)


def _page(c: rl_canvas.Canvas, r: _PdfRenderer, page: Page) -> None:
    c.setPageSize((page.width * PT_PER_MM, page.height * PT_PER_MM))
    media = (0.0, 0.0, page.width, page.height)
    c.setTrimBox(_box_pt(page.trim or media, page.height))
    c.setBleedBox(_box_pt(page.bleed or page.trim or media, page.height))
    c.saveState()
    c.transform(PT_PER_MM, 0, 0, -PT_PER_MM, 0, page.height * PT_PER_MM)
    r.styled = None  # a new page starts in the default graphics state
    r.draw(page.ops)
    c.restoreState()
    c.showPage()
