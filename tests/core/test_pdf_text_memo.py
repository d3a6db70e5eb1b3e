"""The PDF backend remembers a string's text operators (core/draw/pdf.py, _PdfRenderer._line):
the bytes are the ones each string worked out afresh gives, and reportlab's own calls."""

from __future__ import annotations

import pytest

from printkit.core.colour import Colour
from printkit.core.draw import pdf
from printkit.core.draw.ops import Document, Group, Matrix, Page, Text, Use

RED = Colour(0.8, 0.2, 0.2)
#: More distinct characters than one 256-glyph subset: drawn between the repeats, so a string
#: drawn again sits beside subsets made after it first was.
MANY = "".join(chr(c) for c in range(0x400, 0x530))


def _doc() -> Document:
    words = ["12", "Score", "½ ✓ €", "Score", "12", "x\\(y)"]
    page1 = [Text(10, 10 + i, w, "sans", 3) for i, w in enumerate(words)]
    page1 += [Text(10, 30, w, "sans", 4) for w in words]  # the same text at another size
    page1 += [Text(10, 40, w, "sans-bold", 3, RED) for w in words]  # ... and in another font
    page1 += [Text(10, 50, MANY, "sans", 2), Text(10, 60, MANY + " again", "sans", 2)]
    page1 += [Text(10, 70, w, "sans", 3) for w in words]  # after the new subsets
    page1 += [Text(10, 80, "zero", "sans", 0.0), Text(10, 81, "zero", "sans", -0.0)]
    page2 = [Group((Text(0, 0, "Score", "sans", 3), Use("mark")), Matrix.translate(20, 20)),
             Text(5, 5, "\u0410\u0411 Score", "sans", 3)]
    symbols = {"mark": (Text(0, 0, "Score", "sans", 3), Text(0, 2, "12", "condensed", 2))}
    return Document([Page(210, 297, page1), Page(210, 297, page2)], symbols, "memo")


def _afresh(monkeypatch) -> None:
    """Every string's operators worked out again (no memo)."""
    monkeypatch.setattr(pdf._PdfRenderer, "_line", lambda self, text: pdf._text_line(self.c, text))


def test_remembered_lines_give_the_same_bytes(monkeypatch):
    """Repeats in one font and size, the same text in other sizes and fonts (a key without the
    size or font fails), repeats after a line that made new subsets, in groups and symbols: the
    file the backend writes without the memo, and with reportlab's calls one by one."""
    lines = []
    init = pdf._PdfRenderer.__init__

    def keep(self, c, symbols):
        init(self, c, symbols)
        lines.append(self._lines)

    monkeypatch.setattr(pdf._PdfRenderer, "__init__", keep)
    monkeypatch.setattr(pdf._PdfRenderer, "new_page", lambda self: kept.append(dict(self._lines)))
    kept: list[dict] = []
    ours = pdf.render_pdf(_doc())
    assert len(lines) == 1 and len(kept) == 2 and kept[0] == {}  # page 1 starts empty
    page1 = kept[1]  # what page 1 kept, when page 2 starts (this spy keeps it, unlike the backend)
    assert 10 <= len(page1) <= 30
    assert not any(size <= 0 for _, size, _, _ in page1)  # sizes 0.0 and -0.0 are not kept
    with monkeypatch.context() as m:
        _afresh(m)
        assert pdf.render_pdf(_doc()) == ours
    with monkeypatch.context() as m:
        m.setattr(pdf._PdfRenderer, "__init__", lambda self, c, symbols: (init(self, c, symbols),
                                                                          setattr(self, "direct", False))[0])
        assert pdf.render_pdf(_doc()) == ours


def test_hits_are_used(monkeypatch):
    """The memo answers repeats on a page (counted calls of _text_line): each distinct kept
    string is worked out once a page; the symbols, drawn after the last page, share its memo."""
    calls = []
    real = pdf._text_line
    monkeypatch.setattr(pdf, "_text_line", lambda c, text: (calls.append(text), real(c, text))[1])
    pdf.render_pdf(_doc())
    drawn = 6 * 4 + 2 + 2 + 2 + 4  # page 1's strings, page 2's, the symbol's
    assert len(calls) < drawn - 10
    assert calls.count("Score") == 4  # page 1: sans 3 and 4, sans-bold 3; page 2 (and symbol): sans 3


def test_each_page_starts_a_new_memo():
    """A page's strings are forgotten when the next starts, and its whole texts (pdf.py's
    _remember_text) when the page after starts unless drawn again: a --count run's memory
    stays flat (tests/core/test_pdf_stream.py's long run fails when a memo lasts the document).
    From page 2 the footer comes from the whole-text memo, so only the sheet's line is made."""
    pages = [Page(210, 297, [Text(5, 5, f"sheet {i}", "sans", 3), Text(5, 9, "footer", "sans", 3)])
               for i in range(30)]
    sizes = []
    forget = pdf._PdfRenderer.new_page

    def watch(self):
        sizes.append((len(self._lines), len(self._texts), len(self._texts_before)))
        forget(self)

    with pytest.MonkeyPatch.context() as m:
        m.setattr(pdf._PdfRenderer, "new_page", watch)
        pdf.render_pdf(Document(pages, {}, "pages"))
    assert sizes == [(0, 0, 0), (2, 2, 0)] + [(1, 2, 2)] * 28


def test_the_memo_is_bounded(monkeypatch):
    """At most _LINES strings are kept, then it starts again; the bytes do not change."""
    monkeypatch.setattr(pdf, "_LINES", 5)
    sizes = []
    line = pdf._PdfRenderer._line

    def watch(self, text):
        out = line(self, text)
        sizes.append(len(self._lines))
        return out

    monkeypatch.setattr(pdf._PdfRenderer, "_line", watch)
    doc = Document([Page(210, 297, [Text(5, 5 + i % 40, f"s{i % 23}", "sans", 3) for i in range(200)])], {}, "bound")
    ours = pdf.render_pdf(doc)
    assert max(sizes) == 5 and 1 in sizes
    with monkeypatch.context() as m:
        _afresh(m)
        assert pdf.render_pdf(doc) == ours
