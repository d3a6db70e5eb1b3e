"""Long PDFs in bounded memory: pages drawn by reportlab a chunk at a time, the chunks joined into
one file as they are made (core/draw/pdf.py, core/draw/pdfjoin.py).

A joined file opens with every page and every field, each page looks as it does in a file of one
chunk, shared resources (fonts, symbol forms) are written once, the same document gives the same
bytes, and the memory a long write holds does not grow with its number of pages.
"""

from __future__ import annotations

import gc
import io
import re
import sys
from pathlib import Path

import numpy as np
import pypdf
import pypdfium2 as pdfium
import pytest

from printkit.core import fonts, forms
from printkit.core import text as text_layout
from printkit.core.draw import pdf as pdf_backend
from printkit.core.draw.ops import Document, LazyPages
from printkit.core.draw.page import PrintOptions
from printkit.core.output import write_document
from printkit.core.registry import games

_FIRST, _SHEETS, _CHUNK = 5_000, 90, 25  # four chunks, the last one short
#: Fillable sheets joined, a chunk each (every sheet has 711 fields: ~0.5 s of CPU a sheet to
#: draw and read back, so as few as make a first, a middle and a last chunk).
_FILLED = 3


def _sheets(count: int, seed: int, **settings: str) -> Document:
    comp = games()["rollncook"]["sheet"]
    own = comp.options({"count": str(count), **settings}, {"count": "--count"})
    return comp.build(PrintOptions(seed=seed), **own)


def _render(doc: Document, chunk: int) -> bytes:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(pdf_backend, "CHUNK", chunk)
        return pdf_backend.render_pdf(doc)


@pytest.fixture(scope="module")
def pad(tmp_path_factory) -> Path:
    """A 90-sheet Roll n Cook pad written the way ``make --count`` writes it (write_document,
    into the atomic temp file), in chunks of 25 sheets."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(pdf_backend, "CHUNK", _CHUNK)
        return write_document(_sheets(_SHEETS, _FIRST), tmp_path_factory.mktemp("pad"), "pad", ("pdf",))[0]


def test_a_joined_pdf_opens_and_every_page_shows_its_own_seed(pad):
    reader = pypdf.PdfReader(pad)
    assert len(reader.pages) == _SHEETS
    assert reader.metadata is not None and reader.metadata.title == "Roll n Cook score sheet"
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"
    doc = pdfium.PdfDocument(str(pad))
    for n in range(_SHEETS):
        shown = doc[n].get_textpage().get_text_range()
        assert re.findall(r"RNC1-(\d+)", shown) == [str(_FIRST + n)], f"page {n + 1}"
        assert f"page {n + 1} of {_SHEETS}" in shown, f"page {n + 1}"
        box = [round(float(v), 2) for v in reader.pages[n].trimbox]
        assert box == [0, 0, 595.28, 841.89]
        # each page's parent is the page tree (it was an object of the chunk's, issue 27)
        assert reader.pages[n]["/Parent"].indirect_reference == reader.trailer["/Root"].raw_get("/Pages")


def test_resources_the_chunks_share_are_written_once(pad):
    one_chunk = _render(_sheets(_CHUNK, _FIRST), _CHUNK)
    data = pad.read_bytes()
    for kind in (rb"/FontFile2", rb"/Subtype /Form"):
        assert len(re.findall(kind, data)) == len(re.findall(kind, one_chunk)) > 0, kind
    reader = pypdf.PdfReader(pad)
    assert len({p["/Resources"].raw_get("/Font").idnum for p in reader.pages}) == 1


def test_joined_pages_look_as_in_one_chunk(pad):
    """The pages compared (first and last of the pad, either side of the first join), drawn on
    their own in one chunk: each page of the 90-sheet document as it is, footer and seed included
    (the pixels of a page depend on its own drawing and fonts only; all 90 in one chunk cost
    ~0.5 s more of CPU for four pages looked at)."""
    doc, looked = _sheets(_SHEETS, _FIRST), (0, _CHUNK - 1, _CHUNK, _SHEETS - 1)
    alone = Document(LazyPages(len(looked), lambda k: doc.pages[looked[k]]), doc.symbols, doc.title, doc.duplex)
    whole = pdfium.PdfDocument(_render(alone, 10 * _SHEETS))
    joined = pdfium.PdfDocument(str(pad))
    for k, n in enumerate(looked):
        a, b = (np.asarray(d[i].render(scale=100 / 72).to_pil().convert("L")) for d, i in ((whole, k), (joined, n)))
        assert np.array_equal(a, b), f"page {n + 1}"


def test_the_same_document_gives_the_same_bytes(pad):
    assert _render(_sheets(_SHEETS, _FIRST), _CHUNK) == pad.read_bytes()


def test_fillable_fields_of_every_chunk_are_read_back_and_filled():
    """Three sheets in chunks of one: a first, a middle (joined on both sides) and a last chunk,
    each with its 711 fields. (Several sheets' fields in one chunk: tests/games/rollncook/
    test_fillable.py's test_count_gives_each_sheet_its_own_fields, three sheets in one chunk.)"""
    one = pypdf.PdfReader(io.BytesIO(_render(_sheets(1, 9, fillable="yes"), 1)))
    per_sheet = len(one.get_fields() or {})
    data = _render(_sheets(_FILLED, 9, fillable="yes"), 1)  # three chunks
    reader = pypdf.PdfReader(io.BytesIO(data))
    names = list(reader.get_fields() or {})
    assert per_sheet > 10 and len(names) == len(set(names)) == _FILLED * per_sheet
    assert len(reader.trailer["/Root"]["/AcroForm"]["/Fields"]) == _FILLED * per_sheet
    assert all(p["/Parent"].indirect_reference == reader.trailer["/Root"].raw_get("/Pages") for p in reader.pages)
    form = forms.parse_form(data, "pad.pdf")
    assert {f.page for f in form.fields.values()} == set(range(_FILLED))
    last = [f for f in form.fields.values() if f.page == _FILLED - 1 and f.kind == "text"][0]
    box = [f for f in form.fields.values() if f.page == 1 and f.kind == "check"][0]
    # filled from the reader already parsed (the same bytes as from ``data``: test_fillable's
    # test_filling_a_parsed_blank_writes_the_same_bytes), not parsed a third time (~0.3 s)
    filled = forms.parse_form(forms.fill_form(reader, {last.name: "12", box.name: True}), "f.pdf")
    assert filled.value(last.name) == "12" and filled.checked(box.name)
    # Each page, its empty fields drawn by the viewer, looks as in a file of one chunk.
    whole, joined = pdfium.PdfDocument(_render(_sheets(_FILLED, 9, fillable="yes"), 100)), pdfium.PdfDocument(data)
    for d in (whole, joined):
        d.init_forms()
    for n in range(_FILLED):
        a, b = (np.asarray(d[n].render(scale=100 / 72, may_draw_forms=True).to_pil()) for d in (whole, joined))
        assert np.array_equal(a, b), f"page {n + 1}"


def _cleared_caches() -> None:
    """Forget the widths the fonts remember and the text sizes core/text.py remembers, so a
    block count does not depend on where each bounded cache is in its cycle (the bounds have
    their own tests: below, and tests/core/test_text_memo.py)."""
    for name in fonts.FONT_FILES:
        fonts.get_font(name)._text_milli.clear()
    text_layout._SIZED.clear()


def test_a_long_write_keeps_no_memory_a_sheet(tmp_path):
    """From sheet 250 to sheet 450 of a pad written in chunks (of 25 sheets, eight chunks), the
    interpreter holds no more blocks of memory (objects, strings, arrays) than a few in all,
    not one a sheet: reportlab keeps every page of a document (~18 KB a sheet) until it is
    saved, and the joiner keeps a few numbers a page in arrays. (The first ~250 sheets of a
    process fill bounded caches: ~170 blocks in all, measured.)"""
    doc = _sheets(475, _FIRST)
    blocks: dict[int, int] = {}

    def make(k: int):
        if k in (250, 450):
            _cleared_caches()
            gc.collect()
            blocks[k] = sys.getallocatedblocks()
        return doc.pages[k]

    counted = Document(LazyPages(len(doc.pages), make), doc.symbols, doc.title, doc.duplex)
    assert pdf_backend.CHUNK == 25
    path = write_document(counted, tmp_path, "pad", ("pdf",))[0]
    growth = (blocks[450] - blocks[250]) / 200
    assert growth < 0.5, f"{growth:.2f} blocks kept a sheet"
    assert len(pypdf.PdfReader(path).pages) == 475


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
