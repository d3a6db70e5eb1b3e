"""Long PDFs in bounded memory (issue 16): the spooled, streamed writer gives reportlab's bytes.

core/draw/pdfstream.py keeps each finished page's content stream in a temp file and writes the
document object by object. These tests hold it to reportlab's own in-memory ``Canvas.save``
(the path printkit used before), byte for byte, and read a 2,000-sheet file back page by page.
"""

from __future__ import annotations

import gc
import io
import re
import tracemalloc

import pypdf
import pytest
from reportlab.pdfgen import canvas as rl_canvas

from printkit.core.draw import pdf as pdf_backend
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
    """--count 5 (with and without AcroForm fields): the bytes reportlab's ordinary save gives."""
    streamed = pdf_backend.render_pdf(_sheets(5, 40, **settings))
    monkeypatch.setattr(pdf_backend, "SpoolingCanvas", _PlainCanvas)
    plain = pdf_backend.render_pdf(_sheets(5, 40, **settings))
    assert streamed == plain
    reader = pypdf.PdfReader(io.BytesIO(streamed))
    assert len(reader.pages) == 5
    if settings:  # the form's fields survive: one set a sheet, each named after its sheet
        names = set(reader.get_fields() or {})
        assert names and all(any(f"RNC1-{40 + i}" in n for n in names) for i in range(5))


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


def _page_strings(page, maps: dict[str, dict[int, str]]) -> list[str]:
    """Every string a page shows, decoded through its font's ToUnicode map."""
    contents = page["/Contents"].get_object()
    assert [str(f) for f in contents["/Filter"]] == ["/ASCII85Decode", "/FlateDecode"]
    text = contents.get_data()
    shown, font = [], None
    for m in re.finditer(rb"/(\S+) [\d.]+ Tf|\(((?:[^()\\]|\\.)*)\) Tj", text, re.S):
        if m[1] is not None:
            font = m[1].decode()
        else:
            shown.append("".join(maps[font].get(b, "?") for b in _literal(m[2])))
    return shown


def test_a_2000_sheet_pdf_opens_and_every_page_shows_its_own_seed(tmp_path):
    first = 5_000
    written = write_document(_sheets(2000, first), tmp_path, "pad", ("pdf",))
    reader = pypdf.PdfReader(written[0])
    assert len(reader.pages) == 2000
    fonts = reader.pages[0]["/Resources"]["/Font"]
    maps = {name[1:]: _unicode_map(f.get_object()) for name, f in fonts.items()}
    # Shared resources stay shared: one font dictionary for every page, each font embedded once.
    assert {p["/Resources"].raw_get("/Font").idnum for p in reader.pages} == {fonts.indirect_reference.idnum}
    assert len(re.findall(rb"/FontFile2", written[0].read_bytes())) == len(maps)
    ids = re.compile(r"^RNC1-(\d+)$")
    for n, page in enumerate(reader.pages):
        shown = _page_strings(page, maps)
        seeds = [int(m[1]) for s in shown if (m := ids.match(s))]
        assert seeds == [first + n], f"page {n + 1}"
        assert any(f"page {n + 1} of 2000" in s for s in shown), f"page {n + 1}"


def _draw_pages(c: rl_canvas.Canvas, pages: int) -> None:
    """``pages`` pages the way printkit draws a sheet: own size, trim and bleed boxes, text in
    a font, a path and a shared form (an XObject), each page's text its own."""
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


def _kept_per_page(pages: int) -> tuple[float, bytes]:
    """Bytes of Python memory a SpoolingCanvas holds after drawing ``pages`` pages (before the
    file is written), and the file."""
    tracemalloc.start()
    try:
        c = pdf_backend.SpoolingCanvas(io.BytesIO(), invariant=1, pageCompression=1)
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        _draw_pages(c, pages)
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    sink = io.BytesIO()
    c.save_to(sink)
    return kept, sink.getvalue()


def test_memory_kept_while_drawing_does_not_grow_with_the_page_count():
    """Issue 16, item 3: what the canvas keeps per finished page is a few small numbers (a
    parked page and its place in reportlab's object tables), not the page: from 200 to 2,200
    pages it grows by under 1 KB a page (about 470 bytes). reportlab keeps ~18 KB a page of drawing commands,
    the first streaming writer kept its page objects (~2.2 KB a page); either breaks this."""
    small, _ = _kept_per_page(200)
    big, data = _kept_per_page(2200)
    per_page = (big - small) / 2000
    assert per_page < 1000, f"{per_page:.0f} bytes kept a page"
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 2200
    assert "sheet 1234 of 2200: RNC1-2233" in reader.pages[1233].extract_text()
    # The parked pages come back as reportlab's pages: the same bytes as its own save.
    plain = _PlainCanvas(io.BytesIO(), invariant=1, pageCompression=1)
    _draw_pages(plain, 2200)
    out = io.BytesIO()
    plain._filename = out
    plain.save()
    assert data == out.getvalue()
