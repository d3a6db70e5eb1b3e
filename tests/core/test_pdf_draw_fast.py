"""Drawing and saving PDFs faster, the same bytes (issue 16): each remembered or shortened step
gives what reportlab's own step gives.

- pdfstream's :class:`_Encodings` (stream contents encoded before, within the process) against
  reportlab's filters, for random contents of both kinds, in both ASCII85 wrap modes;
- a face's remembered subsets (fonts.py) against ``makeSubset`` made again;
- ``_pdfdoc_bytes`` (a form's operators encoded in C) against reportlab's PDFDocEncoding codec;
- ``fp_str`` of many numbers at once against one number at a time (what the fast paths rely on);
- whole documents written with the fast steps against reportlab's canvas and save.
"""

from __future__ import annotations

import io
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen import canvas as rl_canvas

from printkit.core import fonts
from printkit.core.draw import pdf as pdf_backend
from printkit.core.draw import pdfstream
from printkit.core.draw.page import PrintOptions
from printkit.core.registry import games


class _PlainCanvas(rl_canvas.Canvas):
    """reportlab's Canvas as it is: its own endForm and save, nothing remembered."""

    def save_to(self, sink) -> None:
        self._filename = sink
        self.save()


def _random_content(rnd: random.Random) -> bytes | str:
    size = rnd.choice((0, 1, 17, 300, 5000))
    if rnd.random() < 0.5:
        return bytes(rnd.getrandbits(8) for _ in range(size))
    return "".join(rnd.choice("0123456789 .-mlcSfnqQ\n") for _ in range(size))


@pytest.mark.parametrize("wrap", [0, 1])
def test_remembered_encodings_are_reportlabs(wrap, monkeypatch):
    """Each filter's remembered encoding is the filter's own, for contents met once, again
    (from the memo) and after the memo started again (a small bound, cleared many times)."""
    monkeypatch.setattr(rl_config, "wrapA85", wrap)
    memo = pdfstream._Encodings(20_000)
    rnd = random.Random(16 + wrap)
    contents = [_random_content(rnd) for _ in range(120)]
    for content in contents + contents[::-1] + rnd.sample(contents, 60):
        for inner in (pdfdoc.PDFZCompress, pdfdoc.PDFBase85Encode):
            assert memo.encode(inner, content) == inner.encode(content)
        assert memo.size <= memo.limit
    assert memo.known  # something is remembered


def test_the_wrap_mode_is_part_of_the_key(monkeypatch):
    content = b"x" * 500
    memo = pdfstream._Encodings(1 << 20)
    monkeypatch.setattr(rl_config, "wrapA85", 0)
    flat = memo.encode(pdfdoc.PDFBase85Encode, content)
    monkeypatch.setattr(rl_config, "wrapA85", 1)
    wrapped = memo.encode(pdfdoc.PDFBase85Encode, content)
    assert wrapped == pdfdoc.PDFBase85Encode.encode(content) and flat != wrapped


def test_a_remembering_stream_reads_its_filters_through_the_memo():
    stream = pdfstream._RememberingStream()
    stream.filters = [pdfdoc.PDFBase85Encode, pdfdoc.PDFZCompress]
    assert [type(f) for f in stream.filters] == [pdfstream._RememberedFilter] * 2
    assert [f.pdfname for f in stream.filters] == ["ASCII85Decode", "FlateDecode"]
    stream.filters = None
    assert stream.filters is None


def test_remembered_subsets_are_made_again_the_same():
    """A registered face's remembered subsets are the bytes reportlab's makeSubset makes."""
    for name in ("sans", "display"):
        fonts.register_pdf_font(name)
        face = fonts.get_font(name).pdf.face
        original = type(face).makeSubset.__get__(face)
        rnd = random.Random(name)
        codes = list(face.charToGlyph)[:2000] + [0xE000, 0x10FFFF, 0x41]  # and codes without a glyph
        subsets = [rnd.sample(codes, rnd.choice((1, 30, 128, 256))) for _ in range(fonts._SUBSETS + 10)]
        for subset in subsets + subsets[:5]:
            assert face.makeSubset(subset) == original(subset)


def test_remembered_subsets_are_bounded(monkeypatch):
    made: list[list[int]] = []

    class Face:
        charToGlyph = {65: 1}

        def makeSubset(self, subset):  # noqa: N802 - reportlab's name
            made.append(subset)
            return bytes(subset)

    face = Face()
    fonts._remember_subsets(face)
    n = 3 * fonts._SUBSETS
    for i in range(n):
        assert face.makeSubset([i % 7, i]) == bytes([i % 7, i])
    last = [(n - 1) % 7, n - 1]
    assert face.makeSubset(last) == bytes(last) and len(made) == n  # remembered
    assert face.makeSubset([0, 0]) == b"\0\0" and len(made) == n + 1  # let go: at most _SUBSETS kept
    face.charToGlyph[66] = 2  # a grown character map: made again
    face.makeSubset(last)
    assert len(made) == n + 2


_TEXT = st.text(st.characters(min_codepoint=0, max_codepoint=0x2FF), max_size=60)


@settings(max_examples=400, deadline=None)
@given(_TEXT)
def test_pdfdoc_bytes_are_the_codecs(text):
    """Where it gives bytes they are reportlab's; it gives them for every ASCII text the codec
    encodes."""
    fast = pdfstream._pdfdoc_bytes(text)
    try:
        slow = pdfdoc.pdfdocEnc(text)
    except (UnicodeEncodeError, ValueError):
        assert fast is None
        return
    if text.isascii():
        assert fast == slow
    else:
        assert fast is None


def test_pdfdoc_bytes_refuse_what_the_codec_refuses():
    for c in range(0x18, 0x20):
        assert pdfstream._pdfdoc_bytes(f"BT ({chr(c)}) Tj ET") is None
    assert pdfstream._pdfdoc_bytes("q\n1 0 0 1 2.5 3 cm\nQ") == b"q\n1 0 0 1 2.5 3 cm\nQ"


_NUMBER = st.one_of(st.integers(-10**9, 10**9),
                    st.floats(-1e9, 1e9, allow_nan=False, allow_infinity=False))


@settings(max_examples=400, deadline=None)
@given(st.lists(_NUMBER, min_size=1, max_size=40))
def test_fp_str_of_many_is_each_joined_by_spaces(numbers):
    """The fast paths format a run's numbers at once and split them: the same as each alone."""
    assert fp_str(numbers).split(" ") == [fp_str(n) for n in numbers]
    assert fp_str(*numbers) == " ".join(fp_str(n) for n in numbers)


@pytest.mark.parametrize("bw", [False, True], ids=["colour", "bw"])
def test_kit_documents_are_reportlabs_bytes(bw, monkeypatch):
    """Components with forms (symbols, --bw dots), several fonts and subsets, written twice
    (the second time every font file, map and form from the memos): reportlab's canvas and save
    give the same files."""
    comps = games()
    docs = [comps["gemblo"]["pieces"].build(PrintOptions(paper="a4", bw=bw, seed=7)),
            comps["jubako"]["tiles"].build(PrintOptions(paper="letter", bw=bw, seed=7)),
            comps["rollncook"]["sheet"].build(PrintOptions(seed=3))]
    ours = [pdf_backend.render_pdf(d) for d in docs]
    assert [pdf_backend.render_pdf(d) for d in docs] == ours
    monkeypatch.setattr(pdf_backend, "SpoolingCanvas", _PlainCanvas)
    assert [pdf_backend.render_pdf(d) for d in docs] == ours


def test_plain_canvas_writes_through_save():
    """The comparison canvas above is reportlab's own (a sanity check of the test itself)."""
    c = _PlainCanvas(None)
    c.drawString(10, 10, "x")
    buf = io.BytesIO()
    c.save_to(buf)
    assert buf.getvalue().startswith(b"%PDF")
