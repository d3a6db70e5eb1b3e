"""The reportlab backend: a :class:`Document` to PDF bytes.

Pages are drawn in mm with y down by one transform at the start of each page. Symbols become
form XObjects drawn by ``doForm``. The output is reproducible (``invariant=1``), carries
TrimBox and BleedBox where the page has them, and asks viewers not to scale when printing.
"""

from __future__ import annotations

import io
from functools import cache
from operator import itemgetter
from collections.abc import Callable
from typing import IO, Any

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas as rl_canvas
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, PATH_OPS
from reportlab.pdfgen.textobject import PDFTextObject

try:  # text shaped by reportlab (newer releases; 4.2.5 has none, so no text is one there)
    from reportlab.pdfbase.ttfonts import ShapedStr
except ImportError:  # pragma: no cover - older reportlab
    class ShapedStr(str):  # type: ignore[no-redef]
        """Stands for reportlab's shaped text where that release has none: no text is one."""

from printkit.core.draw.ops import (
    INHERIT, Circle, Document, Field, Group, Line, Matrix, Op, Page, Path, Polygon, Rect, Style, Text, Use,
)
from printkit.core.draw.pdfmarks import circle, marks, round_rect
from printkit.core.draw.pdfstream import SpoolingCanvas
from printkit.core.fonts import register_pdf_font
from printkit.core.units import PT_PER_MM

_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}

#: Form XObjects get a bounding box large enough for any symbol (mm around its origin).
_FORM_EXTENT = 2000.0


def _box_pt(box: tuple[float, float, float, float], page_h: float) -> tuple[float, ...]:
    x, y, w, h = box
    return (x * PT_PER_MM, (page_h - y - h) * PT_PER_MM, (x + w) * PT_PER_MM, (page_h - y) * PT_PER_MM)


class _PdfRenderer:
    """Draws operations on a reportlab canvas.

    Text and symbol uses, the most frequent operations, write the canvas's operators
    themselves: exactly what ``saveState``, ``setFillColorRGB``, ``transform``, ``setFont``,
    ``drawString``, ``doForm`` and ``restoreState`` would write, without copying the canvas's
    whole graphics state at each ``q`` (only what they change is put back at ``Q``) and without
    measuring the string again (``drawString`` measures it for right-to-left text and drops
    the width). tests/core/test_pdf_fast.py compares the bytes with those calls made one by one.
    """

    def __init__(self, c: rl_canvas.Canvas, symbols: dict):
        self.c = c
        self.symbols = symbols
        #: Drawing a symbol's form (no form field may be in one: a field is on one page).
        self.in_symbol = False
        #: The direct path writes plain RGB colours: only when the canvas converts none.
        self.direct = getattr(c, "_enforceColorSpace", None) is None and rl_canvas.ENABLE_TRACKING
        self._fonts: dict[str, str] = {}
        #: Each undashed style's operators and state on the direct path, by the style object's id
        #: (the object is kept, so the id stays its own: see _style_operators).
        self._styled: dict[int, _Styled] = {}
        #: A string's text operators by font, size, leading and text (see _line).
        self._lines: dict[tuple[str, float, float, str], str] = {}
        #: A text's whole operators by font, size, colour, place and text, those met on this page
        #: and those of the page before (see _remember_text).
        self._texts: dict[tuple, str] = {}
        self._texts_before: dict[tuple, str] = {}
        #: Each symbol's form name and the end of its use's operators (see _use_code).
        self._forms: dict[str, tuple[str, str]] = {}
        #: The canvas's list of forms in use and the names in it (see _form_used).
        self._used_list: list[str] | None = None
        self._used_names: set[str] = set()
        #: The canvas's tracked graphics state, what saveState copies and restoreState puts back.
        self._state_names: tuple[str, ...] = tuple(c.STATE_ATTRIBUTES)
        self._state = itemgetter(*self._state_names)
        self._by_type: dict[type, Callable[[Any], None]] = {
            Group: self._group, Use: self._use, Text: self._text, Polygon: self._path_op, Path: self._path_op,
            Line: self._shape, Rect: self._shape, Circle: self._shape, Field: self._field}

    # -- style -------------------------------------------------------------------------
    def _apply(self, s: Style) -> tuple[bool, bool]:
        if self.direct and not s.dash:
            hit = self._styled.get(id(s))
            if hit is None or hit[0] is not s:
                hit = self._style_operators(s)
            _, code, stroked, fill, paints = hit
            c = self.c
            if stroked is not None:
                c._strokeColorObj, c._lineWidth, c._lineCap, c._lineJoin = stroked
            if fill is not None:
                c._fillColorObj = fill
            c._code += code
            return paints
        c = self.c
        if s.stroke is not None:
            if self.direct and not s.dash:
                self._stroke(s)
            else:
                c.setStrokeColorRGB(s.stroke.r, s.stroke.g, s.stroke.b)
                c.setLineWidth(s.stroke_width)
                c.setLineCap(_CAPS[s.cap])
                c.setLineJoin(_JOINS[s.join])
                c.setDash(list(s.dash) if s.dash else [], 0)
        if s.fill is not None and s.fill != INHERIT:  # INHERIT: keep the caller's colour
            c.setFillColorRGB(s.fill.r, s.fill.g, s.fill.b)
        return s.stroke is not None and s.stroke_width > 0, s.fill is not None

    def _style_operators(self, s: Style) -> _Styled:
        """What _apply writes for an undashed style on the direct path (_stroke's operators,
        then setFillColorRGB's), the state they leave (the stroke's colour, width, cap and join;
        the fill colour) and what paints, kept for the style object while its page is drawn
        (a kit draws ~4,800 styled shapes in ~1,000 style objects; at most _STYLES a page,
        then it starts again)."""
        code: list[str] = []
        stroked = fill = None
        if s.stroke is not None:
            rgb = (s.stroke.r, s.stroke.g, s.stroke.b)
            stroked = (rgb, s.stroke_width, _CAPS[s.cap], _JOINS[s.join])
            code += _stroke_operators(*stroked)
        if s.fill is not None and s.fill != INHERIT:
            fill = (s.fill.r, s.fill.g, s.fill.b)
            code.append(f"{fp_str(fill)} rg")  # setFillColorRGB's, for a canvas that converts no colour
        if len(self._styled) >= _STYLES:
            self._styled.clear()
        hit = self._styled[id(s)] = (s, tuple(code), stroked, fill,
                                     (s.stroke is not None and s.stroke_width > 0, s.fill is not None))
        return hit

    def _stroke(self, s: Style) -> None:
        """What setStrokeColorRGB, setLineWidth, setLineCap, setLineJoin and setDash([]) write,
        and the state they keep (a dash, which reportlab checks, goes through setDash)."""
        c = self.c
        assert s.stroke is not None
        rgb = (s.stroke.r, s.stroke.g, s.stroke.b)
        cap, join = _CAPS[s.cap], _JOINS[s.join]
        c._strokeColorObj, c._lineWidth, c._lineCap, c._lineJoin = rgb, s.stroke_width, cap, join
        c._code += _stroke_operators(rgb, s.stroke_width, cap, join)

    def _path(self, op, s: Style):
        stroke, fill = self._apply(s)
        if not (stroke or fill):
            return
        mode = FILL_EVEN_ODD if s.fill_rule == "evenodd" else FILL_NON_ZERO
        code = _outline_code(op) if self.direct else None
        if code is None:
            self.c.drawPath(self._outline(op), stroke=int(stroke), fill=int(fill), fillMode=mode)
        else:  # drawPath's two entries: the path's code, then the paint
            self.c._code += (code, PATH_OPS[int(stroke), int(fill), mode])

    def _outline(self, op):
        """The path of a Rect, Circle, Polygon or Path, not yet drawn."""
        p = self.c.beginPath()
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

    # -- operations ----------------------------------------------------------------------
    def draw(self, ops) -> None:
        for op in ops:
            self.draw_op(op)

    def _transform(self, m: Matrix) -> None:
        if not m.is_identity:
            self.c.transform(m.a, m.b, m.c, m.d, m.e, m.f)

    def draw_op(self, op: Op) -> None:
        draw = self._by_type.get(type(op))
        if draw is not None:  # the operation classes themselves; a subclass goes down the chain
            draw(op)
        elif isinstance(op, Group):
            self._group(op)
        elif isinstance(op, Use):
            self._use(op)
        elif isinstance(op, Text):
            self._text(op)
        elif isinstance(op, (Polygon, Path)):
            self._path(op, op.style)
        elif isinstance(op, (Line, Rect, Circle)):
            self._shape(op)
        elif isinstance(op, Field):
            self._field(op)
        else:  # pragma: no cover - the Op union is closed
            raise TypeError(f"unknown drawing operation {op!r}")

    def _path_op(self, op: Polygon | Path) -> None:
        self._path(op, op.style)

    def _group(self, op: Group) -> None:
        c = self.c
        ops = op.ops
        if self.direct and op.clip is None and op.clip_shape is None and ops and op.matrix.is_identity:
            # Symbol uses only (a repeat's item, say): each puts back what it changes, so the
            # canvas's state at the Q is the one at the q, and saveState's copy of it (and
            # restoreState's) would change nothing: their q and Q alone, in one entry with them.
            if len(ops) == 1 and type(ops[0]) is Use:  # the usual one (a sheet has ~160)
                c._code.append(f"q\n{self._use_code(ops[0])}\nQ")
                return
            if all(type(u) is Use for u in ops):
                c._code.append("\n".join(["q", *[self._use_code(u) for u in ops], "Q"]))  # type: ignore[arg-type]
                return
        if self.direct and Field not in map(type, ops):
            self._group_direct(op)
            return
        c.saveState()
        self._transform(op.matrix)
        self._clip(op)
        if not marks(c, op.ops, self._apply):  # a run of pattern marks, written faster
            self.draw(op.ops)
        c.restoreState()

    def _group_direct(self, op: Group) -> None:
        """What saveState, transform, the clip, the group's operations and restoreState write
        and leave, without saveState's copies: the canvas's tracked state (reportlab's
        STATE_ATTRIBUTES) is read in one step at ``q`` and put back at ``Q``, as restoreState
        puts back saveState's copy. saveState also hands the operations a copy of the extended
        graphics state (alpha, overprint): no operation here sets one (a form field, which
        might, takes saveState's way), so they share the caller's. ~2,000 of ``make all``'s
        ~3,600 such groups have a matrix: its ``cm`` as transform writes it after ``q`` (no
        ``cm`` before it to merge into), the tracked matrix multiplied as transform does."""
        c = self.c
        state = c.__dict__
        saved = self._state(state)
        m = op.matrix
        if m.is_identity:
            c._code.append("q")
        else:
            cm = _CMS.get((m.a, m.b, m.c, m.d, m.e, m.f))
            if cm is None:
                cm = _cm_line(m)
            c._code += ("q", cm[:-1])  # two entries, as saveState and transform: a later transform merges into the cm
            a0, b0, c0, d0, e0, f0 = c._currentMatrix
            a, b, cc, d, e, f = m.a, m.b, m.c, m.d, m.e, m.f
            c._currentMatrix = (a0 * a + c0 * b, b0 * a + d0 * b, a0 * cc + c0 * d, b0 * cc + d0 * d,
                                a0 * e + c0 * f + e0, b0 * e + d0 * f + f0)
        self._clip(op)
        if not marks(c, op.ops, self._apply):
            self.draw(op.ops)
        c._code.append("Q")
        state.update(zip(self._state_names, saved, strict=True))

    def _clip(self, op: Group) -> None:
        """The group's clip rectangle and clip shape, as clipPath writes them."""
        c = self.c
        if op.clip is not None:
            x, y, w, h = op.clip
            p = c.beginPath()
            p.rect(x, y, w, h)
            c.clipPath(p, stroke=0, fill=0)
        if op.clip_shape is not None:
            rule = FILL_EVEN_ODD if op.clip_shape.style.fill_rule == "evenodd" else FILL_NON_ZERO
            code = _outline_code(op.clip_shape) if self.direct else None
            if code is None:
                c.clipPath(self._outline(op.clip_shape), stroke=0, fill=0, fillMode=rule)
            else:  # clipPath's one entry: the path's code, W (W* even-odd) and the paint (none)
                c._code.append(f"{code}{' W* ' if rule == FILL_EVEN_ODD else ' W '}{PATH_OPS[0, 0, rule]}")

    def _use(self, op: Use) -> None:
        c = self.c
        if not self.direct:
            c.saveState()
            if op.fill is not None:
                c.setFillColorRGB(op.fill.r, op.fill.g, op.fill.b)
            self._transform(op.matrix)
            c.doForm(_form_name(op.symbol))
            c.restoreState()
            return
        c._code.append(self._use_code(op))

    def _use_code(self, op: Use) -> str:
        """What saveState, setFillColorRGB, transform, doForm and restoreState write for ``op``
        (``q``, the fill's ``rg``, the ``cm``, ``Do``, ``Q``), as one entry of the canvas's list
        (the page joins its entries with newlines); the form is noted as used, as doForm does.
        The fill colour set between ``q`` and ``Q`` is put back at ``Q`` and nothing reads it in
        between, so the canvas's tracked colour is not touched."""
        forms = self._forms.get(op.symbol)
        if forms is None:
            forms = self._form(op.symbol)
        self._form_used(forms[0])
        m = op.matrix
        cm = _CMS.get((m.a, m.b, m.c, m.d, m.e, m.f))
        if cm is None:
            cm = _cm_line(m)
        if op.fill is None:
            return f"q\n{cm}{forms[1]}"
        return f"q\n{_rg(op.fill.r, op.fill.g, op.fill.b)}\n{cm}{forms[1]}"

    def _form_used(self, name: str) -> None:
        """Note the form as used on the page or form being drawn, as doForm does, once: the
        canvas makes the resources' XObject dictionary from its list, one entry a name in the
        order first met (a name again sets the same reference), so later repeats change nothing
        (a sheet uses its ~20 forms ~160 times)."""
        used = self.c._formsinuse
        if used is not self._used_list:  # a new page or form: a new list
            self._used_list, self._used_names = used, set(used)
        if name not in self._used_names:
            self._used_names.add(name)
            used.append(name)

    def _form(self, symbol: str) -> tuple[str, str]:
        """A symbol's form name and its use's last operators (``Do``, ``Q``), kept for the
        document (at most _FORMS symbols, then it starts again)."""
        name = _form_name(symbol)
        if len(self._forms) >= _FORMS:
            self._forms.clear()
        found = self._forms[symbol] = (name, f"/{self.c._doc.getXObjectName(name)} Do\nQ")
        return found

    def _font(self, font: str) -> str:
        name = self._fonts.get(font)
        if name is None:
            name = self._fonts[font] = register_pdf_font(font)
        return name

    def _text(self, op: Text) -> None:
        if not op.text:
            return
        c = self.c
        if not self.direct:
            c.saveState()
            c.setFillColorRGB(op.colour.r, op.colour.g, op.colour.b)
            c.transform(1, 0, 0, -1, op.x, op.y)
            c.setFont(self._font(op.font), op.size)
            c.drawString(0, 0, op.text)
            c.restoreState()
            return
        colour = op.colour
        key = (op.font, op.size, colour.r, colour.g, colour.b, op.x, op.y, op.text)
        found = self._texts.get(key)
        if found is None:
            found = self._texts_before.get(key)
            if found is not None:
                self._remember_text(key, found)  # met again on this page: kept for the next
        if found is not None:
            c._code.append(found)
            return
        # q, the colour's rg and the cm (see _cm) in one entry; the colour is put back at Q and
        # nothing reads it in between (see _use_code), the font is (the line is written in it).
        code = c._code
        saved = (c._fontname, c._fontsize, c._leading)
        head = f"q\n{_rg(colour.r, colour.g, colour.b)}\n{fp_str(1, 0, 0, -1, op.x, op.y)} cm"
        code.append(head)
        c.setFont(self._font(op.font), op.size)
        line = self._line(op.text)
        code += (line, "Q")
        if self._lines.get((c._fontname, c._fontsize, c._leading, op.text)) is line:
            self._remember_text(key, f"{head}\n{line}\nQ")
        c._fontname, c._fontsize, c._leading = saved

    def _remember_text(self, key: tuple, entry: str) -> None:
        """A text's whole operators (its three entries joined by the newline the page joins
        them with), by font, size, colour, place and text, for the document: ~1,300 of
        ``make all``'s ~2,800 strings are drawn again at the same place in the same document
        (a card's title on each page). Kept for its page and the next, and on while each page
        draws it again: a ``--count`` run's sheets each draw a new sheet id, dropped two sheets
        later, so memory stays flat. Kept only when its line was (see _line): then the same
        text gives the same line anywhere in the document, and the rest (q, rg, cm, Q) depends
        on the numbers alone (equal numbers are written alike). Nothing after reads the entry
        boundaries: a later transform looks only at whether the last entry ends in ``cm`` (it
        ends in ``Q`` either way). At most ``_LINES`` texts a page, then it starts again."""
        if len(self._texts) >= _LINES:
            self._texts.clear()
        self._texts[key] = entry

    def _line(self, text: str) -> str:
        """:func:`_text_line` for the canvas's font, size and leading, remembered for the page
        (a kit's strings repeat: ~1,450 of ``make all``'s 2,700 were drawn before on their page;
        symbols are drawn after the last page, with its memo).
        The same string again gives the same operators: its characters already have their
        places in the font's subsets of this document (a place, once given, stays) and the
        subsets their names. Only what _text_line writes itself (a TrueType font on a bottom-up
        canvas: no text object, whose operators depend on more of the canvas's state), for
        plain ``str`` text at a positive size (a shaped string may equal a plain one; -0.0
        equals 0.0 but is written otherwise); at most ``_LINES`` strings, then it starts again."""
        c = self.c
        if type(text) is not str or not c._fontsize > 0:
            return _text_line(c, text)
        key = (c._fontname, c._fontsize, c._leading, text)
        line = self._lines.get(key)
        if line is None:
            line = _text_line(c, text)
            if pdfmetrics.getFont(c._fontname)._dynamicFont and c.bottomup:  # _text_line's own operators
                if len(self._lines) >= _LINES:
                    self._lines.clear()
                self._lines[key] = line
        return line

    def new_page(self) -> None:
        """Start remembering text lines and styles again (at each page: a ``--count`` run's
        sheets each draw a new sheet id and footer, and make new style objects for templated
        styles, which would otherwise pile up to the bounds)."""
        self._lines.clear()
        self._styled.clear()
        self._texts_before, self._texts = self._texts, {}

    def _shape(self, op: Line | Rect | Circle) -> None:
        c = self.c
        stroke, fill = self._apply(op.style)
        if isinstance(op, Line):
            if stroke:
                c.line(op.x1, op.y1, op.x2, op.y2)
        elif not (stroke or fill):
            return
        elif isinstance(op, Circle):
            circle(c, op.cx, op.cy, op.r, int(stroke), int(fill))  # c.circle's operators, faster
        elif op.radius > 0:
            round_rect(c, op.x, op.y, op.w, op.h, op.radius, int(stroke), int(fill))  # c.roundRect's, faster
        else:
            c.rect(op.x, op.y, op.w, op.h, stroke=int(stroke), fill=int(fill))


    def _field(self, op: Field) -> None:
        if self.in_symbol:
            raise ValueError(f"form field {op.name!r} is in a symbol; a field goes on a page")
        from printkit.core.forms import add_pdf_field  # only fillable documents need it

        add_pdf_field(self.c, op)


_ORIGIN = fp_str(0, 0)
#: Style objects whose operators a renderer remembers (see _PdfRenderer._style_operators).
_STYLES = 4096
#: A remembered style: the style, its operators, the stroke's (colour, width, cap, join) and the
#: fill colour it leaves (None: not set), and whether it strokes and fills.
_Styled = tuple[Style, tuple[str, ...], tuple[tuple[float, float, float], float, int, int] | None,
                tuple[float, float, float] | None, tuple[bool, bool]]

#: Text lines a renderer remembers on one page (see _PdfRenderer._line), then it starts again.
_LINES = 4096


def _stroke_operators(rgb: tuple[float, float, float], width: float, cap: int, join: int) -> tuple[str, ...]:
    """What setStrokeColorRGB, setLineWidth, setLineCap, setLineJoin and setDash([]) write."""
    return (f"{fp_str(rgb)} RG", f"{fp_str(width)} w", f"{cap} J", f"{join} j", "[] 0 d")


#: Remembered ``cm`` lines by matrix (see _cm_line) and ``rg`` operators by colour: a kit's
#: symbols are placed on the same grid and in the same colours on every page and sheet. Each
#: cleared when full.
_CMS: dict[tuple[float, ...], str] = {}
_RGS: dict[tuple[float, float, float], str] = {}
_NUMBERS_LIMIT = 20_000
#: Symbols whose form names a renderer remembers (see _PdfRenderer._form).
_FORMS = 4096


def _cm_line(m: Matrix) -> str:
    """The ``cm`` that ``canvas.transform`` writes for ``m`` and a newline, or nothing for the
    identity (see _cm), remembered by the matrix's numbers: equal numbers (1 and 1.0, 0.0 and
    -0.0) are written alike by fp_str, and the identity is asked by equality too."""
    key = (m.a, m.b, m.c, m.d, m.e, m.f)
    if len(_CMS) >= _NUMBERS_LIMIT:
        _CMS.clear()
    line = _CMS[key] = "" if m.is_identity else f"{fp_str(*key)} cm\n"
    return line


def _rg(r: float, g: float, b: float) -> str:
    """setFillColorRGB's ``rg`` for a canvas that converts no colour, remembered by colour."""
    key = (r, g, b)
    found = _RGS.get(key)
    if found is None:
        if len(_RGS) >= _NUMBERS_LIMIT:
            _RGS.clear()
        found = _RGS[key] = f"{fp_str(key)} rg"
    return found


#: A path segment's kind -> its length (the kind and its numbers) and the operator it writes.
_SEGMENTS = {"M": (3, "{} {} m"), "L": (3, "{} {} l"), "C": (7, "{} {} {} {} {} {} c"), "Z": (1, "h")}


#: fp_str of single numbers met in paths (a QR code's ~1,000 numbers are ~30 distinct values,
#: ~5x faster looked up than formatted); cleared when full.
_NUMBERS: dict[float, str] = {}


def _formatted(numbers: list[float]) -> list[str]:
    """``fp_str(numbers).split(" ")``: each number as fp_str formats it alone (it formats a
    sequence a number at a time and joins them by spaces), remembered by value (equal numbers,
    1 and 1.0 or 0.0 and -0.0, are written alike)."""
    out = list(map(_NUMBERS.get, numbers))
    if None in out:
        if len(_NUMBERS) + len(numbers) > _NUMBERS_LIMIT:
            _NUMBERS.clear()
        for i, found in enumerate(out):
            if found is None:
                out[i] = _NUMBERS[numbers[i]] = fp_str(numbers[i])
    return out  # type: ignore[return-value]


def _outline_code(op: Op) -> str | None:
    """The code of :meth:`_PdfRenderer._outline`'s path object for a Polygon or Path
    (``getCode()``: ``n``, then each moveto, lineto, curveto and closepath, joined by spaces),
    written from one ``fp_str`` of all its numbers (each number is formatted alone, then they
    are joined by spaces) rather than a method call and an ``fp_str`` a point (a QR code is
    ~600 segments). None for what the path object does otherwise (it must start with a moveto;
    a Path's segment of another kind or length, skipped or refused there) and for other shapes."""
    if type(op) is Path:
        return _segments_code(op.segments)
    if type(op) is Polygon:
        points = op.points
        if not points:
            return None
        each = iter(_formatted([v for x, y in points for v in (x, y)]))
        pairs = [f"{x} {y}" for x, y in zip(each, each, strict=True)]
        lines = "".join([f" {p} l" for p in pairs[1:]])
        return f"n {pairs[0]} m{lines}{' h' if op.closed else ''}"
    return None


#: Each segment's operator as the path object writes it (``x y l``), by the segment: a kit's
#: paths repeat their segments (a QR code's modules sit on one grid on every sheet); cleared
#: when full.
_SEGMENT_CODES: dict[tuple, str] = {}


def _segments_code(segments: tuple[tuple, ...]) -> str | None:
    """A Path's code (see _outline_code): ``n`` and each segment's operator, joined by spaces;
    each segment's operator looked up first (equal segments, as equal numbers, are written
    alike), made from its numbers (see _formatted) when not."""
    if not segments or segments[0][0] != "M":
        return None
    try:
        found = list(map(_SEGMENT_CODES.get, segments))
    except TypeError:  # a segment that cannot be a key (a list in it): the path object's way
        return None
    if None in found:
        if len(_SEGMENT_CODES) + len(segments) > _NUMBERS_LIMIT:
            _SEGMENT_CODES.clear()
        for i, code in enumerate(found):
            if code is None:
                seg = segments[i]
                shape = _SEGMENTS.get(seg[0])
                if shape is None or len(seg) != shape[0]:
                    return None
                found[i] = _SEGMENT_CODES[seg] = shape[1].format(*_formatted(list(seg[1:])))
    return "n " + " ".join(found)  # type: ignore[arg-type]


def _cm(code: list[str], m: Matrix) -> None:
    """The ``cm`` that ``canvas.transform`` writes for ``m`` (none for the identity), for a
    transform right after ``q`` or a colour: reportlab merges a transform only into a ``cm`` just
    before it. The canvas's tracked matrix is not updated: the callers put it back at their
    ``Q`` and read nothing in between."""
    if not m.is_identity:
        code.append(f"{fp_str(m.a, m.b, m.c, m.d, m.e, m.f)} cm")


def _text_line(c, text: str) -> str:
    """What ``PDFTextObject(c, 0, 0)``, ``.textLine(text)`` and ``.getCode()`` give, for the
    canvas's TrueType font (every printkit font) and plain text: the same operators, and the same
    subsets taken through the font's ``splitString``, without a text object's set-up."""
    font = pdfmetrics.getFont(c._fontname)
    if not font._dynamicFont or not c.bottomup or isinstance(text, ShapedStr):
        t = PDFTextObject(c, 0, 0)
        t.textLine(text)
        return t.getCode()
    doc = c._doc
    size = f"{fp_str(c._fontsize)} Tf {fp_str(c._leading)} TL"
    parts: list[str] = []
    current = -1
    for subset, piece in font.splitString(text, doc):
        if subset != current:
            parts.append(f"{font.getSubsetInternalName(subset, doc)} {size}")
            current = subset
        parts.append(f"({c._escape(piece)}) Tj")
    return f"BT 1 0 0 1 {_ORIGIN} Tm {' '.join(parts)} T* ET"


@cache
def _form_name(symbol: str) -> str:
    return "sym_" + "".join(ch if ch.isalnum() else "_" for ch in symbol)


def render_pdf(doc: Document) -> bytes:
    """The PDF of ``doc`` as bytes; the same document always gives the same bytes."""
    buf = io.BytesIO()
    write_pdf(doc, buf)
    return buf.getvalue()


def write_pdf(doc: Document, sink: IO[bytes]) -> None:
    """Write the PDF of ``doc`` to ``sink`` (the same bytes as :func:`render_pdf`); pages are
    kept on disk until then, so memory does not grow with the number of pages."""
    c = SpoolingCanvas(
        None,
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
    r = _PdfRenderer(c, doc.symbols)
    for page in doc.pages:
        _page(c, r, page)
    # Forms after the pages: lazily made pages define their symbols as they are drawn.
    r.in_symbol = True
    for name in sorted(doc.symbols):
        c.beginForm(_form_name(name), -_FORM_EXTENT, -_FORM_EXTENT, _FORM_EXTENT, _FORM_EXTENT)
        r.draw(doc.symbols[name])
        c.endForm()
    c.save_to(sink)


def _page(c: rl_canvas.Canvas, r: _PdfRenderer, page: Page) -> None:
    c.setPageSize((page.width * PT_PER_MM, page.height * PT_PER_MM))
    media = (0.0, 0.0, page.width, page.height)
    c.setTrimBox(_box_pt(page.trim or media, page.height))
    c.setBleedBox(_box_pt(page.bleed or page.trim or media, page.height))
    c.saveState()
    c.transform(PT_PER_MM, 0, 0, -PT_PER_MM, 0, page.height * PT_PER_MM)
    r.new_page()  # a page's strings and styles at most: memory stays flat for any --count
    r.draw(page.ops)
    c.restoreState()
    c.showPage()
