"""A font subset's /Widths written by pdfstream's _NumberArray: reportlab's bytes, faster."""

from __future__ import annotations

import io

import pytest
from reportlab import rl_config
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen import canvas as rl_canvas

from printkit.core.draw import pdf as pdf_backend
from printkit.core.draw import pdfstream
from printkit.core.draw.ops import Document, Page, Text

_VALUES = [0, 1, 600, 1000, -3, 2**40, 0.5, 512.25, 1e-7, 123456.789, -0.0, 0.0, 278.0, 1 / 3]


class _PlainCanvas(rl_canvas.Canvas):
    """reportlab's Canvas as it is: the file built in memory by save()."""

    def save_to(self, sink) -> None:
        self._filename = sink
        self.save()


@pytest.mark.parametrize("multiline", [0, 1], ids=["lines-of-10", "multiline"])
def test_a_number_array_is_formatted_as_reportlabs_pdfarray(multiline, monkeypatch):
    """Every length from 0 to 300 (line breaks every 10 numbers: a wrong break or separator
    fails), ints and floats of every kind fp_str rounds, in both of reportlab's line modes."""
    monkeypatch.setattr(rl_config, "pdfMultiLine", multiline)
    doc = pdfdoc.PDFDocument()
    for n in range(301):
        seq = [_VALUES[(i * 7 + n) % len(_VALUES)] for i in range(n)]
        assert pdfstream._NumberArray(seq).format(doc) == pdfdoc.PDFArray(seq).format(doc), n


def test_only_plain_number_arrays_take_the_fast_path():
    """A bool, a name or a nested array is formatted by reportlab's own format, so such an
    array (or a subclass of PDFArray) keeps its type."""
    assert pdfstream._plain_numbers(pdfdoc.PDFArray([1, 2.5]))
    for seq in ([1, True], [1, "x"], [1, pdfdoc.PDFArray([2])]):
        assert not pdfstream._plain_numbers(pdfdoc.PDFArray(seq))
    assert not pdfstream._plain_numbers(pdfdoc.PDFArrayCompact([1, 2]))
    assert not pdfstream._plain_numbers(None)


def _many_glyphs() -> Document:
    """Text in two fonts with over 600 distinct characters: several 256-glyph subsets each, so
    several long /Widths arrays (and a short last one)."""
    chars = [chr(c) for c in range(0x21, 0x17F) if chr(c).isprintable()]
    ops = [Text(x=10, y=10 + 4 * i, text="".join(chars[i * 40:(i + 1) * 40]), font=font, size=3)
           for font in ("sans", "sans-bold") for i in range(len(chars) // 40 + 1)]
    return Document([Page(210, 297, ops)], {}, "widths", False)


def test_a_pdf_with_many_subsets_is_byte_identical_to_reportlabs_save(monkeypatch):
    """The streamed file's fonts took the fast path (their /Widths formatted by _NumberArray,
    counted) and the file is the one reportlab's own save writes."""
    formatted: list[int] = []
    fast = pdfstream._NumberArray.format

    def counting(self, document, IND=b"\n "):  # noqa: N803
        formatted.append(len(self.sequence))
        return fast(self, document, IND)

    monkeypatch.setattr(pdfstream._NumberArray, "format", counting)
    streamed = pdf_backend.render_pdf(_many_glyphs())
    assert len(formatted) >= 4 and max(formatted) == 256 and min(formatted) < 256
    monkeypatch.setattr(pdf_backend, "SpoolingCanvas", _PlainCanvas)
    plain = pdf_backend.render_pdf(_many_glyphs())
    assert streamed == plain
    assert b"/Widths [ " in streamed and io.BytesIO(streamed).getvalue().startswith(b"%PDF")
