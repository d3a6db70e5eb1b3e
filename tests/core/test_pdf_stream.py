"""Long PDFs in bounded memory (issue 16): the spooled, streamed writer gives reportlab's bytes.

core/draw/pdfstream.py keeps each finished page's content stream in a temp file and writes the
document object by object. These tests hold it to reportlab's own in-memory ``Canvas.save``
(the path printkit used before), byte for byte, read a 2,000-sheet file back page by page, and
check that the memory a long write keeps does not grow with its number of pages.
"""

from __future__ import annotations

import gc
import io
import re
import sys
import tempfile
import tracemalloc
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pypdf
import pytest
from reportlab.lib.rl_accel import asciiBase85Decode
from reportlab.pdfgen import canvas as rl_canvas

from printkit.core import fonts
from printkit.core import text as text_layout
from printkit.core.draw import pdf as pdf_backend
from printkit.core.draw import pdfstream
from printkit.core.draw.ops import Document, LazyPages
from printkit.core.output import write_document
from printkit.core.draw.page import PrintOptions
from printkit.core.registry import games


class _PlainCanvas(rl_canvas.Canvas):
    """reportlab's Canvas as it is: every page in memory, the file built in memory by save()."""

    def save_to(self, sink) -> None:
        self._filename = sink
        self.save()


def _sheets(count: int, seed: int, **settings: str):
    comp = games()["rollncook"]["sheet"]
    own = comp.options({"count": str(count), **settings}, {"count": "--count"})
    return comp.build(PrintOptions(seed=seed), **own)


@pytest.mark.parametrize("settings", [{}, {"fillable": "yes"}], ids=["plain", "fillable"])
def test_streamed_pdf_is_byte_identical_to_reportlabs_own_save(settings, monkeypatch):
    """--count 5 (with and without AcroForm fields): the bytes reportlab's ordinary save gives.
    A fillable sheet's 407 fields and their appearance streams are parked with their page,
    their names and numbers kept in arrays, the AcroForm's fields and appearance streams as
    numbers in arrays: from sheet 1 to 4 the interpreter keeps ~35 blocks a sheet, not the
    ~25,000 of the objects, the ~4,100 of their names and numbers in reportlab's tables and
    the AcroForm's list of field references (commit 6454f60), nor the ~430 of the AcroForm's
    ~210 new appearance streams a sheet kept in a dictionary (a digest and a number each)."""
    doc = _sheets(5, 40, **settings)
    blocks: dict[int, int] = {}
    streamed = pdf_backend.render_pdf(Document(_counting(doc.pages, (1, 4), blocks), doc.symbols, doc.title,
                                               doc.duplex))
    if settings:
        kept = (blocks[4] - blocks[1]) / 3
        assert kept < 100, f"{kept:.0f} blocks kept a fillable sheet"
    monkeypatch.setattr(pdf_backend, "SpoolingCanvas", _PlainCanvas)
    plain = pdf_backend.render_pdf(_sheets(5, 40, **settings))
    assert streamed == plain
    reader = pypdf.PdfReader(io.BytesIO(streamed))
    assert len(reader.pages) == 5
    if settings:  # the form's fields survive: one set a sheet, each named after its sheet
        names = set(reader.get_fields() or {})
        assert names and all(any(f"RNC1-{40 + i}" in n for n in names) for i in range(5))


@pytest.mark.parametrize("multiline", [0, 1], ids=["lines-of-10", "multiline"])
def test_the_acroforms_fields_array_is_reportlabs_in_chunks(multiline, monkeypatch):
    """The AcroForm's /Fields (814 references for 2 sheets) is written a chunk of references at
    a time (30 here: several chunks and a short last one), in both of reportlab's line modes:
    the bytes of its own save. A chunk that is not a multiple of 10 breaks the lines elsewhere
    and fails this."""
    from reportlab import rl_config

    monkeypatch.setattr(rl_config, "pdfMultiLine", multiline)
    monkeypatch.setattr(pdfstream, "_FIELD_CHUNK", 30)
    streamed = pdf_backend.render_pdf(_sheets(2, 40, fillable="yes"))
    monkeypatch.setattr(pdf_backend, "SpoolingCanvas", _PlainCanvas)
    plain = pdf_backend.render_pdf(_sheets(2, 40, fillable="yes"))
    assert streamed == plain
    assert len(pypdf.PdfReader(io.BytesIO(streamed)).get_fields() or {}) >= 800


def _unicode_map(font) -> dict[int, str]:
    """A simple font's ToUnicode CMap (bfchar entries, as reportlab writes them): code -> text."""
    cmap = font["/ToUnicode"].get_object().get_data().decode("latin-1")
    out = {}
    for block in re.findall(r"beginbfchar(.*?)endbfchar", cmap, re.S):
        for code, uni in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            out[int(code, 16)] = bytes.fromhex(uni).decode("utf-16-be")
    return out


_ESCAPES = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}


def _literal(s: bytes) -> bytes:
    """A PDF literal string's bytes (backslash escapes and octal codes undone)."""
    return re.sub(rb"\\([0-7]{1,3}|.)",
                  lambda m: bytes([int(m[1], 8)]) if m[1][:1].isdigit() else _ESCAPES.get(m[1], m[1]), s)


def _content(page) -> bytes:
    """A page's content stream, decoded: ASCII85 then Flate, as its /Filter says (read with
    reportlab's C decoder and zlib: pypdf's pure-Python ASCII85 took ~3 ms a page; the
    2,000-sheet test checks both give the same on its first and last pages)."""
    contents = page["/Contents"].get_object()
    assert [str(f) for f in contents["/Filter"]] == ["/ASCII85Decode", "/FlateDecode"]
    return zlib.decompress(asciiBase85Decode(contents._data))


def _page_strings(text: bytes, maps: dict[str, dict[int, str]]) -> list[str]:
    """Every string a page's decoded content stream shows, through its font's ToUnicode map."""
    shown, font = [], None
    for m in re.finditer(rb"/(\S+) [\d.]+ Tf|\(((?:[^()\\]|\\.)*)\) Tj", text, re.S):
        if m[1] is not None:
            font = m[1].decode()
        else:
            shown.append("".join(maps[font].get(b, "?") for b in _literal(m[2])))
    return shown


_FIRST, _SHEETS = 5_000, 2_000
_MARKS = (200, 1_200)  # sheets after which the 2,000-sheet write counts its allocated blocks


@dataclass
class _Pad:
    path: Path
    blocks: dict[int, int]  # sheets drawn -> the interpreter's allocated blocks then


def _cleared_font_caches() -> None:
    """Forget the widths the fonts remember and the text sizes core/text.py remembers, so a
    block count does not depend on where each bounded cache is in its cycle (the bounds have
    their own tests: below, and tests/core/test_text_memo.py)."""
    for name in fonts.FONT_FILES:
        fonts.get_font(name)._text_milli.clear()
    text_layout._SIZED.clear()


def _counting(pages, marks: tuple[int, ...], blocks: dict[int, int]) -> LazyPages:
    """``pages`` made one by one as before; when page ``k`` of ``marks`` is asked for, the
    ``k`` pages before it are drawn and parked: count the blocks still allocated then."""

    def make(k: int):
        if k in marks:
            _cleared_font_caches()
            gc.collect()
            blocks[k] = sys.getallocatedblocks()
        return pages[k]

    return LazyPages(len(pages), make)


@pytest.fixture(scope="module")
def pad_2000(tmp_path_factory) -> _Pad:
    """A 2,000-sheet Roll n Cook pad written once, the way ``make --count`` writes it
    (write_document: the streamed writer into the atomic temp file), counting the blocks of
    memory the interpreter holds after sheets 200 and 1,200 are drawn."""
    doc = _sheets(_SHEETS, _FIRST)
    blocks: dict[int, int] = {}
    counted = Document(_counting(doc.pages, _MARKS, blocks), doc.symbols, doc.title, doc.duplex)
    written = write_document(counted, tmp_path_factory.mktemp("pad"), "pad", ("pdf",))
    return _Pad(written[0], blocks)


def test_a_2000_sheet_pdf_opens_and_every_page_shows_its_own_seed(pad_2000):
    reader = pypdf.PdfReader(pad_2000.path)
    assert len(reader.pages) == _SHEETS
    fonts_ = reader.pages[0]["/Resources"]["/Font"]
    maps = {name[1:]: _unicode_map(f.get_object()) for name, f in fonts_.items()}
    # Shared resources stay shared: one font dictionary for every page, each font embedded once.
    assert {p["/Resources"].raw_get("/Font").idnum for p in reader.pages} == {fonts_.indirect_reference.idnum}
    assert len(re.findall(rb"/FontFile2", pad_2000.path.read_bytes())) == len(maps)
    for n in (0, _SHEETS - 1):  # the fast decoder reads what pypdf's own filters read
        assert _content(reader.pages[n]) == reader.pages[n]["/Contents"].get_object().get_data()
    ids = re.compile(r"^RNC1-(\d+)$")
    for n, page in enumerate(reader.pages):
        shown = _page_strings(_content(page), maps)
        seeds = [int(m[1]) for s in shown if (m := ids.match(s))]
        assert seeds == [_FIRST + n], f"page {n + 1}"
        assert any(f"page {n + 1} of {_SHEETS}" in s for s in shown), f"page {n + 1}"


def test_a_long_count_keeps_no_memory_a_sheet(pad_2000):
    """Issue 16, item 3, on the real path (Roll n Cook sheets, layouts, fonts, QR codes, the
    streamed writer): from sheet 200 to sheet 1,200 the interpreter holds no more blocks of
    memory (objects, strings, arrays) than a few hundred in all, not one a sheet (about 0.1 a
    sheet measured: the page being drawn varies in size; ±0.15). Anything kept a sheet shows:
    the parked pages in reportlab's tables (commit 8111f65) were ~11 blocks a sheet; drawing
    through Roll n Cook's sheet cache (512 sheets) is ~100 a sheet."""
    first, last = _MARKS
    growth = (pad_2000.blocks[last] - pad_2000.blocks[first]) / (last - first)
    assert growth < 0.5, f"{growth:.2f} blocks kept a sheet"


def test_a_font_remembers_a_bounded_number_of_strings():
    """The width cache (core/fonts.py) starts again at its bound: a --count run measures a new
    footer and sheet id every sheet. Widths stay right across the clearing."""
    assert fonts._TEXT_CACHE <= 5_000, "a font's width cache would hold over ~1 MB of strings"
    font = fonts.get_font("condensed")
    widths = {f"page {n} of 99999": font.text_milli(f"page {n} of 99999") for n in range(fonts._TEXT_CACHE + 50)}
    assert 0 < len(font._text_milli) <= fonts._TEXT_CACHE
    chars = {ch: font.milli[font.glyph_name(ch)] for ch in "page 0123456789of"}
    assert all(w == sum(chars[ch] for ch in text) for text, w in widths.items())
    assert font.text_milli("page 7 of 99999") == widths["page 7 of 99999"]


def _draw_pages(c: rl_canvas.Canvas, pages: int, after: Callable[[int], None] = lambda n: None) -> None:
    """``pages`` pages the way printkit draws a sheet: own size, trim and bleed boxes, text in
    a font, a path and a shared form (an XObject), each page's text its own; ``after(n)`` once
    ``n`` pages are finished."""
    c.beginForm("dot")
    c.circle(0, 0, 3, stroke=1, fill=1)
    c.endForm()
    for n in range(pages):
        c.setPageSize((595.0, 842.0))
        c.setTrimBox((10, 10, 585, 832))
        c.setBleedBox((0, 0, 595, 842))
        c.setFont("Helvetica", 9)
        c.drawString(40, 800, f"sheet {n + 1} of {pages}: RNC1-{1000 + n}")
        c.rect(40, 40, 500, 700)
        c.doForm("dot")
        c.showPage()
        after(n + 1)


def _traced() -> int:
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


@dataclass
class _Streamed:
    drawn: dict[int, int]  # pages drawn -> Python memory traced then
    written: dict[int, int]  # objects written -> Python memory traced then
    write_peak: int  # the most the write needed above what the drawn document held
    data: bytes


def _streamed(pages: int, monkeypatch, drawn_at: tuple[int, ...], written_at: tuple[int, ...]) -> _Streamed:
    """Draw ``pages`` pages into a SpoolingCanvas and write them to a file (not to memory),
    tracing Python's memory after ``drawn_at`` pages are drawn and ``written_at`` objects
    are written."""
    drawn: dict[int, int] = {}
    written: dict[int, int] = {}
    one_object = pdfstream.StreamingDocument._object

    def counting(doc, number: int, next_page: int, next_stream: int):
        if number - 1 in written_at:
            written[number - 1] = _traced()
        return one_object(doc, number, next_page, next_stream)

    def after(n: int) -> None:
        if n in drawn_at:
            drawn[n] = _traced()

    monkeypatch.setattr(pdfstream.StreamingDocument, "_object", counting)
    tracemalloc.start()
    try:
        c = pdf_backend.SpoolingCanvas(None, invariant=1, pageCompression=1)
        _draw_pages(c, pages, after)
        before_write = _traced()
        tracemalloc.reset_peak()
        with tempfile.TemporaryFile() as sink:
            c.save_to(sink)
            write_peak = tracemalloc.get_traced_memory()[1] - before_write
            sink.seek(0)
            data = sink.read()
    finally:
        tracemalloc.stop()
    return _Streamed(drawn, written, write_peak, data)


def test_memory_a_streamed_write_keeps_does_not_grow_with_the_page_count(monkeypatch):
    """Issue 16, item 3: what the streaming document keeps a finished page is a few numbers in
    arrays (~35 bytes), and writing keeps ~25 bytes more a page (an offset an object, each
    content stream's place), not a page. Measured with tracemalloc from page 200 to 1,200
    while drawing; while writing from object 300 to 1,100 (pages: each numbers its content
    stream) and from 1,300 to 2,300 (the content streams); and the write's peak (the page
    tree's kids and the cross-references in pieces are made then). reportlab keeps ~18 KB a
    page; the first streaming writer kept its page objects (~2.2 KB a page); the parked pages
    in reportlab's tables (commit 8111f65) ~510 bytes a page while drawing and ~730 bytes
    more at the write's peak: each fails this."""
    monkeypatch.setattr(pdfstream, "_XREF_CHUNK", 100)  # the cross-references written in pieces
    _streamed(100, monkeypatch, (), ())  # once first: what a process makes once (~17 KB) is not a page's
    run = _streamed(1200, monkeypatch, (200, 1200), (300, 1100, 1300, 2300))
    kept = (run.drawn[1200] - run.drawn[200]) / 1000
    assert kept < 80, f"{kept:.0f} bytes kept a page while drawing"
    kept = (run.written[1100] - run.written[300]) / 800
    assert kept < 40, f"{kept:.0f} bytes kept a page written"
    kept = (run.written[2300] - run.written[1300]) / 1000
    assert kept < 16, f"{kept:.0f} bytes kept a content stream written"
    assert run.write_peak < 600_000, f"writing 1,200 pages needed {run.write_peak:,} bytes"
    reader = pypdf.PdfReader(io.BytesIO(run.data))
    assert len(reader.pages) == 1200
    assert "sheet 1034 of 1200: RNC1-2033" in reader.pages[1033].extract_text()
    # The parked pages come back as reportlab's pages: the same bytes as its own save.
    plain = _PlainCanvas(None, invariant=1, pageCompression=1)
    _draw_pages(plain, 1200)
    out = io.BytesIO()
    plain.save_to(out)
    assert run.data == out.getvalue()
