"""Drawing and saving PDFs faster, the same bytes (issue 16): each remembered or shortened step
gives what reportlab's own step gives.

- pdfstream's :class:`_Encodings` (stream contents encoded before, within the process) against
  reportlab's filters, for random contents of both kinds, in both ASCII85 wrap modes;
- a face's remembered subsets (fonts.py) against ``makeSubset`` made again;
- ``_pdfdoc_bytes`` (a form's operators encoded in C) against reportlab's PDFDocEncoding codec;
- ``fp_str`` of many numbers at once against one number at a time (what the fast paths rely on);
- whole documents written with the fast steps against reportlab's canvas and save.
- groups written without saveState's copies, whole texts and rounded rectangles remembered,
  form fields in groups, against reportlab's calls one by one and its tracked state;
- a stream's ASCII85 text given as bytes against reportlab's stream of the same filters.
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
from printkit.core.colour import Colour
from printkit.core.draw import pdf as pdf_backend
from printkit.core.draw import pdfmarks, pdfstream
from printkit.core.draw.ops import (
    INHERIT, Circle, Document, Field, Group, Matrix, Page, Path, Polygon, Rect, Style, Text, Use,
)
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


# -- drawing: paths, symbol uses, text -------------------------------------------------------

_COORD = st.one_of(st.integers(-3000, 3000), st.floats(-3000, 3000, allow_nan=False, allow_infinity=False))
_SEGMENT = st.one_of(st.tuples(st.just("L"), _COORD, _COORD), st.tuples(st.just("M"), _COORD, _COORD),
                     st.tuples(st.just("C"), *[_COORD] * 6), st.just(("Z",)))


def _slow_code(op) -> str:
    """The code of the path object reportlab's calls build for ``op``."""
    return pdf_backend._PdfRenderer(rl_canvas.Canvas(None), {})._outline(op).getCode()


@settings(max_examples=300, deadline=None)
@given(st.tuples(_COORD, _COORD), st.lists(_SEGMENT, max_size=30))
def test_a_paths_code_is_the_path_objects(start, rest):
    op = Path((("M", *start), *rest))
    assert pdf_backend._outline_code(op) == _slow_code(op)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(_COORD, _COORD), min_size=1, max_size=30), st.booleans())
def test_a_polygons_code_is_the_path_objects(points, closed):
    op = Polygon(tuple(points), closed=closed)
    assert pdf_backend._outline_code(op) == _slow_code(op)


def test_paths_the_path_object_would_treat_otherwise_are_left_to_it():
    for segments in [(), (("L", 1, 2),), (("Z",), ("M", 1, 2)), (("M", 1, 2), ("Q", 1, 2, 3, 4)),
                     (("M", 1, 2), ("L", 1)), (("M", 1, 2), ("C", 1, 2, 3, 4, 5)), (("M", 1, 2, 3),)]:
        assert pdf_backend._outline_code(Path(segments)) is None
    assert pdf_backend._outline_code(Polygon(())) is None
    assert pdf_backend._outline_code(Rect(0, 0, 1, 1)) is None


def test_a_cm_line_is_remembered_by_its_numbers():
    pdf_backend._CMS.clear()
    assert pdf_backend._cm_line(Matrix()) == "" and pdf_backend._cm_line(Matrix(1, 0, -0.0, 1, 0, 0)) == ""
    m = Matrix(1, 0, 0, 1, 12.3456789, -7)
    assert pdf_backend._cm_line(m) == f"{fp_str(1, 0, 0, 1, 12.3456789, -7)} cm\n"
    assert pdf_backend._CMS[(1.0, 0.0, 0.0, 1.0, 12.3456789, -7.0)] == pdf_backend._cm_line(m)
    for i in range(pdf_backend._NUMBERS_LIMIT + 5):
        pdf_backend._cm_line(Matrix.translate(i, 0))
    assert len(pdf_backend._CMS) <= pdf_backend._NUMBERS_LIMIT


def _random_page(rnd: random.Random) -> list:
    style = Style(stroke=Colour(0.2, 0.1, 0.7), stroke_width=0.3, fill=Colour(0.9, 0.8, 0.1))
    evenodd = Style(stroke=None, fill=Colour(0, 0, 0), fill_rule="evenodd")
    ops: list = []
    for _ in range(60):
        x, y = rnd.uniform(0, 200), rnd.uniform(0, 280)
        kind = rnd.randrange(6)
        if kind == 0:
            segs = [("M", x, y)] + [rnd.choice([("L", x + rnd.uniform(-9, 9), y + rnd.uniform(-9, 9)), ("Z",),
                                                 ("C", *(rnd.uniform(0, 200) for _ in range(6)))])
                                     for _ in range(rnd.randrange(0, 40))]
            ops.append(Path(tuple(segs), rnd.choice((style, evenodd))))
        elif kind == 1:
            pts = tuple((x + rnd.uniform(-20, 20), y + rnd.uniform(-20, 20)) for _ in range(rnd.randrange(1, 9)))
            ops.append(Polygon(pts, rnd.choice((style, evenodd)), closed=rnd.random() < 0.7))
        elif kind == 2:
            uses = tuple(Use(rnd.choice(("a", "b")), Matrix.translate(rnd.uniform(0, 9), rnd.uniform(0, 9)),
                             fill=rnd.choice((None, Colour(0.5, 0.25, 0.125))))
                         for _ in range(rnd.randrange(1, 4)))
            ops.append(Group(uses))
        elif kind == 3:
            ops.append(Use("b", Matrix.translate(x, y) @ Matrix.rotate(rnd.uniform(0, 360)) if rnd.random() < 0.5
                           else Matrix(), fill=rnd.choice((None, Colour(0.1, 0.2, 0.3)))))
        elif kind == 4:
            ops.append(Text(x, y, rnd.choice(("A", "twice", "½ € ✓", "x" * 40)), rnd.choice(("sans", "display")),
                            rnd.choice((2, 3.5, 8)), Colour(rnd.random(), 0, 0.5)))
        else:
            shape = rnd.choice((None, Rect(0, 0, 4, 4, evenodd),
                                Polygon(((0, 0), (5, 1), (2, 6)), rnd.choice((style, evenodd))),
                                Path((("M", 0, 0), ("L", 5, 0), ("C", 5, 5, 0, 5, 1, 1), ("Z",)),
                                     rnd.choice((style, evenodd)))))
            ops.append(Group((Text(0, 0, "in", "sans", 3), Use("a")), Matrix.translate(x, y),
                             clip=rnd.choice(((0, 0, 5, 5), None)), clip_shape=shape))
    return ops


def test_random_pages_written_directly_are_reportlabs_calls(monkeypatch):
    """Pages of paths, polygons, symbol uses (alone and in groups of uses), text and groups
    clipped to rectangles and to shapes (even-odd and non-zero): the direct
    operators are the bytes of reportlab's calls one by one (tests/core/test_pdf_fast.py's
    switch), the second time from the memos too."""
    rnd = random.Random(42)
    symbols = {"a": (Rect(-1, -1, 2, 2, Style(stroke=None, fill=INHERIT)),),
               "b": (Circle(0, 0, 1, Style(stroke=Colour(0, 0, 0), stroke_width=0.1)), Use("a", Matrix.scale(0.5)))}
    doc = Document([Page(210, 297, _random_page(rnd)) for _ in range(6)], symbols, "random")
    fast = pdf_backend.render_pdf(doc)
    assert pdf_backend.render_pdf(doc) == fast
    assert _one_by_one(doc, monkeypatch) == fast


@pytest.mark.parametrize(("game", "component", "bw"), [("rollncook", "sheet", False), ("gemblo", "board", True),
                                                       ("gimbap", "dice", False)])
def test_kit_components_written_directly_are_reportlabs_calls(game, component, bw, monkeypatch):
    """A Roll n Cook sheet (its QR code a ~600-segment path, ~160 symbol uses in groups), a
    --bw board and dice: direct and one by one, the same bytes."""
    doc = games()[game][component].build(PrintOptions(seed=7, bw=bw))
    fast = pdf_backend.render_pdf(doc)
    assert _one_by_one(doc, monkeypatch) == fast


_POOL = st.sampled_from([0, 1, 1.0, -0.0, 0.5, 2.2 / 0.7, 5.760000000000001, 1e-7, 1234.5678, -3])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.tuples(st.just("L"), _POOL, _POOL), st.just(("Z",)),
                          st.tuples(st.just("C"), *[_POOL] * 6)), max_size=40), st.integers(8, 60))
def test_remembered_segments_and_numbers_are_the_path_objects(rest, limit):
    """Paths of a few repeated numbers (a grid's), their segments and numbers met again and
    again, the memos small enough to start again now and then."""
    pdf_backend._NUMBERS_LIMIT, saved = limit, pdf_backend._NUMBERS_LIMIT
    pdf_backend._SEGMENT_CODES.clear()
    pdf_backend._NUMBERS.clear()
    try:
        op = Path((("M", 1, 0.5), *rest))
        assert pdf_backend._outline_code(op) == _slow_code(op)
        assert pdf_backend._outline_code(op) == _slow_code(op)  # from the memos
        assert len(pdf_backend._SEGMENT_CODES) <= max(limit, len(rest) + 1)
        assert len(pdf_backend._NUMBERS) <= max(limit, 6 * len(rest) + 2)
    finally:
        pdf_backend._NUMBERS_LIMIT = saved


@settings(max_examples=200, deadline=None)
@given(st.lists(_NUMBER, max_size=50))
def test_formatted_numbers_are_fp_strs(numbers):
    assert pdf_backend._formatted(numbers) == [fp_str(n) for n in numbers]


def _one_by_one(doc, monkeypatch) -> bytes:
    """``doc``'s PDF drawn with every operation through reportlab's own calls (the renderer's
    ``direct`` off: nothing written directly or remembered)."""
    init = pdf_backend._PdfRenderer.__init__

    def plain(self, c, symbols):
        init(self, c, symbols)
        self.direct = False

    monkeypatch.setattr(pdf_backend._PdfRenderer, "__init__", plain)
    return pdf_backend.render_pdf(doc)


# -- groups written directly, whole texts and rounded rectangles remembered, ASCII85 as bytes --


def _nested_page(rnd: random.Random) -> list:
    """Groups in groups (matrices, clips, clip shapes), dashed and plain styles, the same texts
    and rounded rectangles again at the same places, and form fields in groups (a field's box
    reads the tracked matrix the groups around it set)."""
    plain = Style(stroke=Colour(0, 0, 0), stroke_width=0.2)
    dashed = Style(stroke=Colour(0.2, 0.4, 0.6), stroke_width=0.3, dash=(1.0, 0.5))
    filled = Style(stroke=None, fill=Colour(0.9, 0.5, 0.1))

    def leaf() -> object:
        kind = rnd.randrange(5)
        if kind == 0:
            return Text(rnd.choice((0, 5.5)), rnd.choice((0, 7)), rnd.choice(("title", "again", "½ x")), "sans",
                        rnd.choice((3, 3.0, 4.5)), Colour(rnd.choice((0, 0.5)), 0, 0))
        if kind == 1:
            return Rect(rnd.choice((1, 1.0, -0.0)), 2, 20, 30, rnd.choice((plain, filled, dashed)),
                        radius=rnd.choice((0, 2, 2.5)))
        if kind == 2:
            return Circle(3, 3, rnd.choice((1, 2)), rnd.choice((plain, dashed, filled)))
        if kind == 3:
            return Use("a", Matrix.translate(rnd.uniform(0, 5), 1), fill=rnd.choice((None, Colour(0, 1, 0))))
        return Field(f"f{rnd.randrange(10**9)}", rnd.uniform(0, 20), rnd.uniform(0, 20), 8, 4)

    def group(depth: int) -> Group:
        ops = tuple(group(depth - 1) if depth and rnd.random() < 0.4 else leaf() for _ in range(rnd.randrange(1, 5)))
        matrix = rnd.choice((Matrix(), Matrix.translate(rnd.uniform(0, 150), rnd.uniform(0, 250)),
                             Matrix.translate(10, 20) @ Matrix.rotate(rnd.choice((0, 30, 90)))))
        return Group(ops, matrix, clip=rnd.choice((None, (0, 0, 40, 40))),
                     clip_shape=rnd.choice((None, Rect(0, 0, 30, 30, filled))))

    return [group(3) for _ in range(12)]


def test_nested_groups_texts_and_fields_written_directly_are_reportlabs_calls(monkeypatch):
    """Groups written without saveState's copies (their state read and put back at Q), whole
    texts and rounded rectangles from their memos, groups holding fields (saveState's way) in
    groups written directly: the bytes of reportlab's calls one by one, twice (the second time
    the module's memos are full)."""
    rnd = random.Random(1616)
    symbols = {"a": (Rect(-1, -1, 2, 2, Style(stroke=None, fill=INHERIT)),)}
    doc = Document([Page(210, 297, _nested_page(rnd)) for _ in range(5)], symbols, "nested")
    fast = pdf_backend.render_pdf(doc)
    assert pdf_backend.render_pdf(doc) == fast
    assert _one_by_one(doc, monkeypatch) == fast


def test_a_group_written_directly_leaves_the_state_restoreState_leaves():
    """After a group with a matrix, a clip, a dashed style, a text and a use, the canvas's
    tracked state is the one saveState/restoreState leave, and inside it the tracked matrix is
    transform's (a field's position reads it)."""
    dashed = Style(stroke=Colour(0.2, 0.4, 0.6), stroke_width=0.3, dash=(1.0, 0.5))
    op = Group((Rect(0, 0, 5, 5, dashed, radius=1), Text(1, 2, "in", "sans", 3), Use("a")),
               Matrix.translate(12.5, 7) @ Matrix.rotate(30), clip=(0, 0, 9, 9))
    seen: list[tuple] = []
    states = []
    for direct in (True, False):
        c = pdfstream.SpoolingCanvas(None, initialFontName=fonts.register_pdf_font("sans"))
        c.transform(2, 0, 0, -2, 0, 500)
        r = pdf_backend._PdfRenderer(c, {"a": ()})
        r.direct = direct
        draw = r._by_type[Text]

        def text(t, c=c, draw=draw):
            seen.append(c._currentMatrix)
            draw(t)

        r._by_type[Text] = text
        r.draw_op(op)
        states.append(({name: c.__dict__[name] for name in c.STATE_ATTRIBUTES if name != "_extgstate"},
                       c._extgstate._d, c.getCurrentPageContent()))
    assert states[0] == states[1]
    assert seen[0] == seen[1]


@pytest.mark.parametrize("wrap", [0, 1])
def test_ascii85_given_as_bytes_formats_as_reportlabs_text(wrap, monkeypatch):
    """A stream whose ASCII85 filter gives bytes (pages; remembering streams of a document that
    encrypts nothing) formats to reportlab's own stream's bytes, Length included, for random
    contents of both kinds in both wrap modes; so does a remembering stream."""
    monkeypatch.setattr(rl_config, "wrapA85", wrap)
    rnd = random.Random(85 + wrap)
    doc = pdfdoc.PDFDocument()
    for _ in range(80):
        content = _random_content(rnd)
        theirs = pdfdoc.PDFStream(content=content, filters=[pdfdoc.PDFBase85Encode, pdfdoc.PDFZCompress])
        ours = pdfdoc.PDFStream(content=content, filters=[pdfstream._BASE85_BYTES, pdfdoc.PDFZCompress])
        remembering = pdfstream._RememberingBytesStream(
            content=content, filters=[pdfdoc.PDFBase85Encode, pdfdoc.PDFZCompress])
        a85_only = pdfdoc.PDFStream(content=content, filters=[pdfstream._BASE85_BYTES])
        expected = theirs.format(doc)
        assert ours.format(doc) == expected
        assert remembering.format(doc) == expected
        assert a85_only.format(doc) == pdfdoc.PDFStream(content=content, filters=[pdfdoc.PDFBase85Encode]).format(doc)


def test_text_that_is_not_plain_ascii_is_left_to_reportlabs_codec():
    assert pdfstream._as_bytes("abc ~>") == b"abc ~>"
    assert pdfstream._as_bytes("é") == "é"
    assert pdfstream._as_bytes("a\x18") == "a\x18"
    assert pdfstream._as_bytes(b"\x00\xff") == b"\x00\xff"


def test_remembered_round_rects_are_reportlabs_for_equal_numbers(monkeypatch):
    """Rounded rectangles met again, as equal numbers of other kinds (int, float, -0.0), and
    after the memo started again (a small bound): reportlab's roundRect each time."""
    monkeypatch.setattr(pdfmarks, "_RECTS", 7)
    pdfmarks._rects.clear()
    rnd = random.Random(3)
    cases = [(0, 0, 10, 5, 1), (0.0, -0.0, 10.0, 5.0, 1.0), (-0.0, 0, 10, 5.0, 1), (10, 5, -10, -5, 2),
             (10.0, 5.0, -10.0, -5.0, 2.0)]
    cases += [rnd.choice(cases[:3]) if rnd.random() < 0.5 else
              (rnd.uniform(-9, 9), rnd.uniform(-9, 9), rnd.uniform(-9, 9), 3.0, 0.5) for _ in range(60)]
    for stroke, fill in ((0, 1), (1, 0), (1, 1)):
        theirs, ours = rl_canvas.Canvas(None), rl_canvas.Canvas(None)
        for x, y, w, h, r in cases:
            theirs.roundRect(x, y, w, h, r, stroke=stroke, fill=fill)
            pdfmarks.round_rect(ours, x, y, w, h, r, stroke, fill)
        assert ours.getCurrentPageContent() == theirs.getCurrentPageContent()
    assert len(pdfmarks._rects) <= 7
