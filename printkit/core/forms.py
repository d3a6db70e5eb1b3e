"""Fillable PDF forms: fields a component puts on its pages, and a filled PDF's fields read back.

A component draws a :class:`~printkit.core.draw.ops.Field` (made with :func:`text_field` or
:func:`check_box`) over each mark a player makes; the PDF backend writes it as an AcroForm
field with appearance streams (for every state), so it shows and prints in any viewer. An
empty field draws nothing: the page looks as the plain one. The SVG backend draws no field.

:func:`read_form` reads a filled PDF back (pypdf): every field's name, kind, value and page.
A file that is no PDF, a damaged or encrypted PDF, or one without fields is a
:class:`~printkit.errors.PrintkitError` of one line. :func:`fill_form` fills a PDF's fields
(for tests and tools), as a PDF viewer would.

Field names should say which document they belong to (a sheet id, say) and must be unique in a
document; the PDF spec keeps ``.`` for nested names, so names use ``:`` and ``-`` instead.
"""

from __future__ import annotations

import codecs
import io
import os
import stat
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from printkit.core.draw.ops import Field
from printkit.core.score import Report, Violation
from printkit.core.units import PT_PER_MM
from printkit.errors import PrintkitError

if TYPE_CHECKING:  # pragma: no cover
    from pypdf import PdfReader
    from reportlab.pdfgen.canvas import Canvas

#: What a player writes with (r, g, b): a dark blue pen, told apart from the print.
PEN = (0.08, 0.16, 0.55)
#: A filled PDF is at most this many bytes (a 10,000-sheet file is about 60 MB).
MAX_BYTES = 200_000_000
#: The value of a crossed check box (reportlab's on state).
ON = "Yes"
#: What a tap draws in a check box with a ``mark``, in the pen's colour: ``cross`` a cross
#: (a box or a bullet crossed), ``ring`` a circle (a bullet circled).
MARKS = ("cross", "ring")
#: The pen's line in a mark, mm (as a ballpoint's).
MARK_LINE = 0.4


def text_field(name: str, x: float, y: float, w: float, h: float, *, maxlen: int = 0,
               value: str = "", size: float = 0.0, tooltip: str = "") -> Field:
    """A text field over (x, y, w, h) mm: at most ``maxlen`` characters (0: any number),
    written ``size`` mm high (0: fitted to the box)."""
    return Field(name, x, y, w, h, "text", maxlen, value, size, tooltip)


def check_box(name: str, x: float, y: float, w: float, h: float, *, checked: bool = False,
              tooltip: str = "", mark: str = "",
              glyph: tuple[float, float, float, float] | None = None) -> Field:
    """A box crossed or not over (x, y, w, h) mm.

    Without ``mark``: the largest square centred in the box takes the tap and shows a cross.
    With a ``mark`` (one of :data:`MARKS`): the whole box takes the tap (any shape: a finger's
    target), and a tap draws the mark in ``glyph`` (x, y, w, h mm inside the box; the box if
    not given), so the mark can sit where the paper mark goes and leave print beside it clear."""
    if mark and mark not in MARKS:
        raise ValueError(f"check box {name!r}: mark {mark!r} is none of {', '.join(MARKS)}")
    if mark and glyph is not None:
        gx, gy, gw, gh = glyph
        if gx < x - 1e-6 or gy < y - 1e-6 or gx + gw > x + w + 1e-6 or gy + gh > y + h + 1e-6:
            raise ValueError(f"check box {name!r}: its mark's box {glyph} is not inside the box {(x, y, w, h)}")
    return Field(name, x, y, w, h, "check", 0, ON if checked else "", 0.0, tooltip, mark=mark,
                 glyph=(glyph or (x, y, w, h)) if mark else None)


# -- writing (the PDF backend calls this for each Field) ---------------------------------------

def _font_pt(op: Field, height_pt: float) -> int:
    """The text's size in whole points (reportlab writes /DA with a whole size)."""
    if op.size > 0:
        return max(4, round(op.size * PT_PER_MM))
    return max(4, min(14, int(height_pt * 0.72)))


def _page_box(c: Canvas, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """``box`` (x, y, w, h under the current transform) as x, y, w, h in page points."""
    bx, by, bw, bh = box
    (x0, y0), (x1, y1) = c.absolutePosition(bx, by), c.absolutePosition(bx + bw, by + bh)
    return min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0)


def _num(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".") or "0"


def _mark_stream(mark: str, glyph: tuple[float, float, float, float]) -> str:
    """The drawing of ``mark`` in ``glyph`` (x, y, w, h pt in the widget's own box): a pen line
    of :data:`MARK_LINE`, round caps, in :data:`PEN`."""
    gx, gy, gw, gh = glyph
    lw = MARK_LINE * PT_PER_MM
    cx, cy, half = gx + gw / 2, gy + gh / 2, min(gw, gh) / 2
    head = f"q {' '.join(_num(v) for v in PEN)} RG {_num(lw)} w 1 J 1 j"
    if mark == "cross":
        a = half - lw
        path = (f"{_num(cx - a)} {_num(cy - a)} m {_num(cx + a)} {_num(cy + a)} l "
                f"{_num(cx - a)} {_num(cy + a)} m {_num(cx + a)} {_num(cy - a)} l")
    else:  # ring: four Bezier quarters
        r = half - lw / 2
        k = 0.5523 * r
        path = (f"{_num(cx + r)} {_num(cy)} m "
                f"{_num(cx + r)} {_num(cy + k)} {_num(cx + k)} {_num(cy + r)} {_num(cx)} {_num(cy + r)} c "
                f"{_num(cx - k)} {_num(cy + r)} {_num(cx - r)} {_num(cy + k)} {_num(cx - r)} {_num(cy)} c "
                f"{_num(cx - r)} {_num(cy - k)} {_num(cx - k)} {_num(cy - r)} {_num(cx)} {_num(cy - r)} c "
                f"{_num(cx + k)} {_num(cy - r)} {_num(cx + r)} {_num(cy - k)} {_num(cx + r)} {_num(cy)} c")
    return f"{head} {path} S Q"


@dataclass
class Marks:
    """The check boxes with a ``mark`` in one reportlab document, and their appearances.

    reportlab's ``acroForm.checkbox`` makes a square widget whose appearance is a glyph in it.
    A marked box is made by it too (the field, its name, tooltip, flags and states), and then
    :meth:`edit` (pypdf, after the document is saved) gives the widget its own rectangle and
    its own "on" appearance: a form XObject made once for each look by reportlab's
    ``acroForm.makeStream``. reportlab cannot put a reference into a widget it made, so the
    appearances reach the saved file through the catalog (:data:`CARRIER`, set by
    :meth:`attach`), and :meth:`edit` moves them to the widgets and removes the entry."""

    #: Each look's appearance (its drawing and size) -> its reference in the reportlab document.
    streams: dict[str, Any] = field(default_factory=dict)
    #: Each marked widget's name -> its rectangle (page points) and its look.
    widgets: dict[str, tuple[tuple[float, float, float, float], str]] = field(default_factory=dict)

    def add(self, c: Canvas, name: str, rect: tuple[float, float, float, float], mark: str,
            glyph: tuple[float, float, float, float]) -> None:
        x, y, w, h = rect
        gx, gy, gw, gh = glyph
        drawing = _mark_stream(mark, (gx - x, gy - y, gw, gh))
        key = f"{_num(w)} {_num(h)} {drawing}"
        if key not in self.streams:
            from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName

            stream = c.acroForm.makeStream(w, h, drawing, Resources=PDFDictionary({"ProcSet": PDFArray([PDFName("PDF")])}))
            self.streams[key] = c.acroForm.getRef(stream)
        self.widgets[name] = ((x, y, x + w, y + h), key)

    def attach(self, c: Canvas) -> None:
        """Put the appearances in the catalog (for :meth:`edit`); before the document is saved."""
        if self.streams:
            from reportlab.pdfbase.pdfdoc import PDFDictionary

            c.setCatalogEntry(CARRIER, PDFDictionary({f"M{i}": ref for i, ref in enumerate(self.streams.values())}))

    def edit(self, reader: PdfReader) -> None:
        """Give each marked widget of the saved document (read by pypdf: the PDF joiner calls
        this before it writes the document's objects) its rectangle and appearance, and take
        the appearances' entry out of the catalog."""
        if not self.widgets:  # fields, but no marked check box (a score pad)
            return
        from pypdf.generic import ArrayObject, DictionaryObject, FloatObject, NameObject

        index = {key: f"/M{i}" for i, key in enumerate(self.streams)}
        carrier_key = NameObject("/" + CARRIER)
        root: Any = reader.trailer["/Root"].get_object()
        carrier: Any = root[carrier_key].get_object()
        for page in reader.pages:
            for ref in page.get("/Annots") or []:
                annot = ref.get_object()
                got = self.widgets.get(str(annot.get("/T", "")))
                if got is None:
                    continue
                rect, key = got
                off = annot["/AP"]["/N"].raw_get("/Off")
                annot[NameObject("/Rect")] = ArrayObject(FloatObject(_num(v)) for v in rect)
                annot[NameObject("/AP")] = DictionaryObject({NameObject("/N"): DictionaryObject({
                    NameObject("/" + ON): carrier.raw_get(index[key]), NameObject("/Off"): off})})
        del root[carrier_key]


#: The catalog entry that carries the marks' appearances from reportlab to :meth:`Marks.edit`
#: (one reportlab writes and PDF readers ignore; removed before the file is written).
CARRIER = "SpiderInfo"


def add_pdf_field(c: Canvas, op: Field, marks: Marks | None = None) -> None:
    """``op`` as an AcroForm field on the canvas's current page, placed by the current transform
    (the box's corners in page points; fields are axis-aligned). A check box with a ``mark``
    is noted in ``marks`` (its rectangle and look are set when the document is saved)."""
    from reportlab.lib.colors import Color

    pen = Color(*PEN)
    x, y, w, h = _page_box(c, (op.x, op.y, op.w, op.h))
    if op.kind == "check":
        size = min(w, h)
        if op.mark:
            if marks is None or op.glyph is None:
                raise ValueError(f"form field {op.name!r}: a marked check box needs its document's Marks")
            marks.add(c, op.name, (x, y, w, h), op.mark, _page_box(c, op.glyph))
        c.acroForm.checkbox(name=op.name, x=x + (w - size) / 2, y=y + (h - size) / 2, size=size,
                            checked=op.value == ON, buttonStyle="cross", shape="square",
                            borderWidth=0, borderColor=None, fillColor=None, textColor=pen,
                            fieldFlags="", annotationFlags="print", tooltip=op.tooltip or None)
    elif op.kind == "text":
        c.acroForm.textfield(name=op.name, value=op.value, x=x, y=y, width=w, height=h,
                             maxlen=op.maxlen or None, fontName="Helvetica", fontSize=_font_pt(op, h),
                             borderWidth=0, borderColor=None, fillColor=None, textColor=pen,
                             fieldFlags="", annotationFlags="print", tooltip=op.tooltip or None)
    else:
        raise ValueError(f"form field {op.name!r}: kind {op.kind!r} is neither 'text' nor 'check'")


# -- reading ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class FormField:
    """One field of a filled PDF: ``value`` is its text, or ``"Yes"``/``""`` for a check box."""

    name: str
    kind: str  # text | check | other
    value: str
    page: int  # 0-based


@dataclass(frozen=True)
class FilledForm:
    """A filled PDF's fields by name, in the order of the pages and of each page's fields."""

    file: str
    fields: dict[str, FormField]

    def value(self, name: str) -> str:
        """The text of the field ``name`` with the spaces around it removed ("" if none)."""
        f = self.fields.get(name)
        return f.value.strip() if f is not None else ""

    def checked(self, name: str) -> bool:
        f = self.fields.get(name)
        return f is not None and f.value == ON

    def names(self, prefix: str = "") -> list[str]:
        return [n for n in self.fields if n.startswith(prefix)]


def _one_line(text: object) -> str:
    return " ".join(str(text).split()) or "no detail"


def _read_bytes(file: str) -> bytes:
    try:
        kind = os.stat(file).st_mode
        if not stat.S_ISREG(kind):
            raise PrintkitError(f"{file}: not a PDF file but a folder or device; give a filled PDF")
        with open(file, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise PrintkitError(f"{file}: cannot read it ({e.strerror or e})") from None
    if len(data) > MAX_BYTES:
        raise PrintkitError(f"{file}: larger than {MAX_BYTES:,} bytes; a filled sheet is far smaller")
    return data


@contextmanager
def _quiet_pypdf() -> Iterator[None]:
    """pypdf logs what it repairs as warnings; the user sees one line or none."""
    import logging  # here, not at the top: ~5 ms that only reading a filled PDF needs

    log = logging.getLogger("pypdf")
    old = log.level
    log.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        log.setLevel(old)


def _inherited(annot: Any, key: str) -> Any:
    node, depth = annot, 0
    while node is not None and depth < 32:
        if key in node:
            return node[key]
        parent = node.get("/Parent")
        node, depth = (parent.get_object() if parent is not None else None), depth + 1
    return None


def _full_name(annot: Any) -> str:
    parts, node, depth = [], annot, 0
    while node is not None and depth < 32:
        if "/T" in node:
            parts.append(str(node["/T"]))
        parent = node.get("/Parent")
        node, depth = (parent.get_object() if parent is not None else None), depth + 1
    return ".".join(reversed(parts))


def _field_of(annot: Any, page: int) -> FormField | None:
    if annot.get("/Subtype") != "/Widget":
        return None
    name = _full_name(annot)
    if not name:
        return None
    ft = _inherited(annot, "/FT")
    v = _inherited(annot, "/V")
    if ft == "/Btn":
        state = v if v is not None else annot.get("/AS")
        return FormField(name, "check", ON if state not in (None, "/Off", "") else "", page)
    if ft == "/Tx":
        return FormField(name, "text", "" if v is None else _text(v), page)
    return FormField(name, "other", "" if v is None else _text(v), page)


def _text(v: Any) -> str:
    """A field's value as the text the player wrote. PDF text is PDFDocEncoding or UTF-16 (or,
    since PDF 2.0, UTF-8 after a byte order mark), but some viewers write UTF-8 without the mark:
    pypdf then reads an emoji as other characters, so a string that is valid UTF-8 and not
    ASCII, with no mark, is read as UTF-8."""
    from pypdf.generic import ByteStringObject, TextStringObject

    if isinstance(v, (TextStringObject, ByteStringObject)):
        raw = bytes(v.original_bytes)
        if not raw.isascii() and not raw.startswith((codecs.BOM_UTF8, codecs.BOM_UTF16_BE, codecs.BOM_UTF16_LE)):
            with suppress(UnicodeDecodeError):
                return raw.decode("utf-8")
    return str(v)


def _fields(reader: Any) -> dict[str, FormField]:
    out: dict[str, FormField] = {}
    for i, page in enumerate(reader.pages):
        for ref in page.get("/Annots") or []:
            f = _field_of(ref.get_object(), i)
            if f is not None and f.name not in out:
                out[f.name] = f
    return out


def _made_by_printkit(reader: Any) -> bool:
    """Whether a PDF says printkit made it: its document info (printkit writes Creator and
    Author ``printkit``), or else its first page's text (every page's footer starts
    ``printkit ·``), which a sheet printed to PDF from a viewer keeps as text. A page whose
    content is over MAX_PAGE_TEXT bytes, or cannot be read, says nothing."""
    from printkit.core.limits import MAX_PAGE_TEXT

    info = reader.metadata or {}
    if any("printkit" in str(info.get(k, "")).lower() for k in ("/Creator", "/Author")):
        return True
    try:
        page = reader.pages[0]
        contents = page.get_contents()
        return (contents is not None and len(contents.get_data()) <= MAX_PAGE_TEXT
                and "printkit" in page.extract_text().lower())
    except Exception:  # noqa: BLE001 - a page that cannot be read says nothing about its maker
        return False


def _no_fields(reader: Any, file: str) -> str:
    """The message for a PDF without form fields: a printkit one had none (made without
    ``--fillable``) or has none left (flattened, printed to PDF: the marks are print now)."""
    if _made_by_printkit(reader):
        return (f"{file}: a printkit PDF without form fields: made without --fillable, or filled and then "
                "flattened or printed to PDF, which leaves the marks as print that cannot be read back; "
                "score the filled form as the PDF viewer saved it")
    return f"{file}: a PDF without form fields; fill in a sheet made with --fillable"


def parse_form(data: bytes, file: str) -> FilledForm:
    """The fields of the PDF ``data`` (read from ``file``, named in messages)."""
    from pypdf import PdfReader

    if not data.lstrip()[:5].startswith(b"%PDF-"):
        raise PrintkitError(f"{file}: not a PDF file (it does not start with %PDF-)")
    from pypdf.errors import DependencyError

    encrypted = PrintkitError(f"{file}: an encrypted PDF; save it again without a password")
    try:
        with _quiet_pypdf():
            reader = PdfReader(io.BytesIO(data), strict=False)
            if reader.is_encrypted:
                raise encrypted
            fields = _fields(reader)
            if not fields:
                raise PrintkitError(_no_fields(reader, file))
    except PrintkitError:
        raise
    except DependencyError:  # AES: pypdf tries the empty password only with the cryptography package
        raise encrypted from None
    except Exception as e:  # noqa: BLE001 - any failure of a damaged file is one line
        raise PrintkitError(f"{file}: a damaged PDF that cannot be read ({type(e).__name__}: "
                            f"{_one_line(e)[:200]})") from None
    return FilledForm(file, fields)


def read_form(file: str) -> FilledForm:
    """The fields of the filled PDF ``file``; a PrintkitError of one line if it cannot be read."""
    return parse_form(_read_bytes(file), file)


# -- filling (tests and tools) -------------------------------------------------------------------

def fill_form(pdf: bytes | PdfReader, values: Mapping[str, str | bool]) -> bytes:
    """``pdf`` with its fields filled as a viewer would: text fields get the text (and a new
    appearance), check boxes are crossed (True) or cleared (False). Unknown names are an error.

    ``pdf`` may also be a pypdf ``PdfReader`` of it (it is copied, never changed): the same
    bytes come out, and one blank filled many times is parsed once."""
    from pypdf import PdfWriter
    from pypdf.generic import NameObject

    with _quiet_pypdf():
        writer = PdfWriter(clone_from=pdf if not isinstance(pdf, bytes | bytearray) else io.BytesIO(pdf))
        seen: set[str] = set()
        for page in writer.pages:
            texts: list[tuple[Any, str, str]] = []
            for ref in page.get("/Annots") or []:
                annot = ref.get_object()
                name = _full_name(annot)
                if name not in values or annot.get("/Subtype") != "/Widget":
                    continue
                seen.add(name)
                v = values[name]
                if _inherited(annot, "/FT") == "/Btn":
                    state = NameObject("/" + ON if v is True or v == ON else "/Off")
                    annot[NameObject("/V")] = state
                    annot[NameObject("/AS")] = state
                else:
                    texts.append((ref, name, str(v)))
            texts = _fill_field_font_texts(texts)
            if texts:
                _fill_texts(writer, page, texts)
        missing = sorted(set(values) - seen)
        if missing:
            raise KeyError(f"no such form field: {', '.join(missing[:5])}")
        out = io.BytesIO()
        writer.write(out)
    return out.getvalue()


def _fill_field_font_texts(texts: list[tuple[Any, str, str]]) -> list[tuple[Any, str, str]]:
    """Write the texts of fields drawn with the field font (printkit.core.formfont): the value,
    and the appearance drawn into the field's own appearance stream (whose resources name the
    font), as a viewer draws it. (pypdf would parse the whole embedded font again for each field:
    a tenth of a second a field.) The texts of other fields are returned, for pypdf to write."""
    from pypdf.generic import DictionaryObject, NameObject, StreamObject, TextStringObject

    from printkit.core.formfont import RESOURCE, appearance, parse_da

    rest = []
    for ref, name, text in texts:
        annot = ref.get_object()
        da = str(_inherited(annot, "/DA") or "")
        ap = annot.get("/AP")
        stream = ap.get("/N") if isinstance(ap, DictionaryObject) else None
        stream = stream.get_object() if stream is not None else None
        fonts = stream.get("/Resources", {}).get("/Font", {}) if isinstance(stream, StreamObject) else {}
        if (stream is None or "/" + parse_da(da)[0] != RESOURCE or not isinstance(fonts, DictionaryObject)
                or RESOURCE not in fonts):
            rest.append((ref, name, text))
            continue
        annot[NameObject("/V")] = TextStringObject(text)
        x0, y0, x1, y1 = (float(v) for v in annot["/Rect"])
        stream.set_data(appearance(text, abs(x1 - x0), abs(y1 - y0), da))
    return rest


def _fill_texts(writer: Any, page: Any, texts: list[tuple[Any, str, str]]) -> None:
    """Write each (annotation, field name, text) of ``page``: the value and a new appearance, by
    pypdf's ``update_page_form_field_values`` one annotation at a time. Given all of a page's
    texts at once it matches every annotation of the page against every name given (a qualified
    name worked out for each pair: ~400 x ~100 on a filled 400-field sheet, a third of a filling's
    time); shown a page whose ``/Annots`` holds only the one annotation, it does the same work on
    it, in the same order (the same objects and bytes). The page's own ``/Annots`` is put back."""
    from pypdf.generic import ArrayObject, NameObject

    key = NameObject("/Annots")
    kept = page.raw_get(key)
    try:
        for ref, name, text in texts:
            page[key] = ArrayObject([ref])
            writer.update_page_form_field_values(page, {name: text}, auto_regenerate=False)
    finally:
        page[key] = kept


# -- scoring a filled form ------------------------------------------------------------------------

@dataclass(frozen=True)
class FormRecord:
    """One player's record rebuilt from a filled form.

    ``fields`` maps the record's key paths to the field that says each (a violation at a key
    path is reported at that field: ``FILE:FIELD: where: message``); ``data`` is the record as
    plain data (``--as-record`` writes it); ``problems`` are marks the record cannot hold (a die
    of 7, a total that is not a number), already located at their fields.
    """

    file: str
    record: Any
    fields: dict[tuple, str]
    data: dict[str, Any]
    problems: list[Violation] = field(default_factory=list)
    #: The game's own reading of the marks (for checks across records, see FormReader.finish).
    marks: Any = None
    #: Why the marks are an unfinished game ("" when finished): then no winner is named.
    unfinished: str = ""


@dataclass(frozen=True)
class FormReader:
    """How ``printkit score GAME filled.pdf`` reads a game's filled PDFs (registered by the game)."""

    game: str
    #: The records a filled form holds (one per sheet filled in).
    read: Callable[[FilledForm], list[FormRecord]]
    #: The report of all the records scored together, finished by the game (checks across
    #: sheets, notes); called after :func:`with_problems`.
    finish: Callable[[Report, list[FormRecord]], Report] | None = None
    #: A score pad's own checker: when given, a form whose fields start with ``pad_prefix`` is
    #: scored by it as it stands (a pad holds totals, not a game to replay), and ``read`` is not
    #: used for it. The report's violations name the fields (``where`` ends ``[field NAME]``).
    score_pad: Callable[[FilledForm], Report] | None = None
    pad_prefix: str = ""

    def is_pad(self, form: FilledForm) -> bool:
        """Whether ``form`` is this game's score pad (scored by ``score_pad``)."""
        return self.score_pad is not None and bool(self.pad_prefix) and bool(form.names(self.pad_prefix))


def mark(form: FilledForm, name: str, where: str, rule: str, message: str) -> Violation:
    """A violation located at the field ``name`` of ``form``."""
    return Violation(where, rule, message, file=form.file, line=name)  # type: ignore[arg-type]


def with_problems(report: Report, records: Sequence[FormRecord]) -> Report:
    """``report`` with the marks no record could hold listed first, and the unfinished forms
    noted (either way nobody wins)."""
    problems = [p for r in records for p in r.problems]
    if problems:
        report = replace(report, violations=problems + list(report.violations))
    stops = [r.unfinished for r in records if r.unfinished]
    if stops:
        report = replace(report, unfinished=True,
                         notes=list(report.notes) + [f"{s}: an unfinished game, standings so far" for s in stops])
    return report


def finish_report(report: Report, reader: FormReader, records: list[FormRecord]) -> Report:
    """The report of records read from filled forms: their problems, then the game's finish."""
    if not records:
        return report
    report = with_problems(report, records)
    return reader.finish(report, records) if reader.finish is not None else report


def read_forms(reader: FormReader, files: Sequence[str]) -> list[FormRecord]:
    """The records of the filled PDFs ``files``, in order."""
    return [r for f in files for r in reader.read(read_form(f))]


def write_records(path: str, records: Sequence[FormRecord]) -> list[str]:
    """Write the rebuilt records: one to ``path``; several to ``STEM-1.EXT``, ``STEM-2.EXT`` ...
    JSON if the name ends in ``.json``, else YAML. The names written, in order."""
    import json
    from pathlib import Path

    import yaml

    from printkit.core.output import write_atomic

    p = Path(path)
    names = [str(p)] if len(records) == 1 else [str(p.with_name(f"{p.stem}-{i + 1}{p.suffix}"))
                                                 for i in range(len(records))]
    for name, r in zip(names, records, strict=True):
        if name.lower().endswith(".json"):
            text = json.dumps(r.data, indent=2, ensure_ascii=False) + "\n"
        else:
            text = yaml.safe_dump(r.data, sort_keys=False, allow_unicode=True, width=100)
        try:  # atomically, as every file printkit writes (a link in the way is replaced)
            write_atomic(Path(name), text.encode("utf-8"))
        except PrintkitError as e:
            raise PrintkitError(f"--as-record: {e}") from None
    return names
