"""Form fields (printkit.core.forms): written by the PDF backend where the drawing puts them,
invisible while empty, visible once filled, read back, and one clear line for a bad file."""

import io

import numpy as np
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from printkit.core import forms
from printkit.core.draw import ops as O
from printkit.core.draw.pdf import render_pdf
from printkit.core.draw.svg import render_svg_page
from printkit.core.units import PT_PER_MM
from printkit.errors import PrintkitError

W, H = 100.0, 60.0


def doc(with_fields: bool = True, values: dict | None = None) -> O.Document:
    v = values or {}
    fields = (forms.text_field("t:name", 10, 10, 30, 10, maxlen=3, value=v.get("t:name", "")),
              forms.check_box("t:box", 50, 10, 10, 10, checked=v.get("t:box", False)))
    drawn = (O.Rect(10, 10, 30, 10), O.Rect(50, 10, 10, 10))
    body = O.Group(drawn + (fields if with_fields else ()), O.Matrix.translate(5, 5))
    return O.Document([O.Page(W, H, [body])])


def raster(pdf: bytes, scale: float = 4) -> np.ndarray:
    d = pdfium.PdfDocument(pdf)
    d.init_forms()
    return np.asarray(d[0].render(scale=scale, may_draw_forms=True).to_pil().convert("RGB"), dtype=int)


def test_fields_sit_where_the_drawing_puts_them_under_groups():
    reader = PdfReader(io.BytesIO(render_pdf(doc())))
    rects = {str(a.get_object()["/T"]): [float(x) for x in a.get_object()["/Rect"]]
             for a in reader.pages[0]["/Annots"]}
    # The group moves everything by (5, 5) mm; PDF y grows upwards from the bottom edge.
    assert rects["t:name"] == pytest.approx([15 * PT_PER_MM, (H - 25) * PT_PER_MM,
                                             45 * PT_PER_MM, (H - 15) * PT_PER_MM], abs=1e-3)
    assert rects["t:box"] == pytest.approx([55 * PT_PER_MM, (H - 25) * PT_PER_MM,
                                            65 * PT_PER_MM, (H - 15) * PT_PER_MM], abs=1e-3)
    annot = reader.pages[0]["/Annots"][0].get_object()
    assert "/AP" in annot and annot["/MaxLen"] == 3


def test_same_document_same_bytes():
    assert render_pdf(doc()) == render_pdf(doc())


def test_fill_and_read_back():
    blank = render_pdf(doc())
    form = forms.parse_form(blank, "blank.pdf")
    assert [(f.name, f.kind, f.value, f.page) for f in form.fields.values()] == [
        ("t:name", "text", "", 0), ("t:box", "check", "", 0)]
    filled = forms.parse_form(forms.fill_form(blank, {"t:name": " 42 ", "t:box": True}), "f.pdf")
    assert filled.value("t:name") == "42" and filled.checked("t:box")
    assert filled.value("nothing") == "" and not filled.checked("nothing")
    cleared = forms.parse_form(forms.fill_form(forms.fill_form(blank, {"t:box": True}), {"t:box": False}), "c")
    assert not cleared.checked("t:box")
    with pytest.raises(KeyError, match="t:other"):
        forms.fill_form(blank, {"t:other": "1"})


def test_values_given_when_made_are_read_back():
    form = forms.parse_form(render_pdf(doc(values={"t:name": "ab", "t:box": True})), "m.pdf")
    assert form.value("t:name") == "ab" and form.checked("t:box")


def test_empty_fields_draw_nothing_and_filled_ones_show():
    plain, blank = raster(render_pdf(doc(False))), raster(render_pdf(doc()))
    assert np.array_equal(plain, blank)
    filled = raster(forms.fill_form(render_pdf(doc()), {"t:name": "88", "t:box": True}))
    ink = (filled[:, :, 2] > filled[:, :, 0] + 60)  # the pen is dark blue, the print black
    px = 4 * PT_PER_MM  # pixels a mm at scale 4 (4 pixels a point)
    in_text = ink[int(15 * px):int(25 * px), int(15 * px):int(45 * px)].sum()
    in_box = ink[int(15 * px):int(25 * px), int(55 * px):int(65 * px)].sum()
    assert in_text > 50 and in_box > 50
    assert ink.sum() == in_text + in_box  # nothing outside the fields


def test_svg_draws_no_field():
    assert render_svg_page(doc(), 0) == render_svg_page(doc(False), 0)


def test_a_field_in_a_symbol_is_refused():
    d = O.Document([O.Page(W, H, [O.Use("s")])], symbols={"s": (forms.check_box("x", 0, 0, 5, 5),)})
    with pytest.raises(ValueError, match="symbol"):
        render_pdf(d)


def test_unknown_kind_is_refused():
    d = O.Document([O.Page(W, H, [O.Field("x", 0, 0, 5, 5, kind="slider")])])
    with pytest.raises(ValueError, match="slider"):
        render_pdf(d)


@pytest.mark.parametrize("content, message", [
    (b"name: Ann\n", "not a PDF file"),
    (b"%PDF-1.4\n1 0 obj << /Type /Catalog >>\n garbage \x00\x01", "damaged PDF"),
    (None, "without form fields"),
])
def test_bad_files_are_one_line(tmp_path, content, message):
    if content is None:
        content = render_pdf(doc(False))
    p = tmp_path / "x.pdf"
    p.write_bytes(content)
    with pytest.raises(PrintkitError, match=message) as e:
        forms.read_form(str(p))
    assert "\n" not in str(e.value) and str(p) in str(e.value)


def test_truncated_pdf_is_one_line(tmp_path):
    data = render_pdf(doc())
    p = tmp_path / "cut.pdf"
    p.write_bytes(data[: len(data) // 3])
    with pytest.raises(PrintkitError) as e:
        forms.read_form(str(p))
    assert "\n" not in str(e.value)


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(PrintkitError, match="cannot read"):
        forms.read_form(str(tmp_path / "none.pdf"))
    with pytest.raises(PrintkitError, match="not a PDF file"):
        forms.read_form(str(tmp_path))


# -- check boxes with a mark (issue 27: made for fingers) --------------------------------------------

def marked(checked: dict | None = None) -> O.Document:
    """A wide box (40 x 12 mm) whose tap draws a cross in its left 10 mm, and a ring box."""
    v = checked or {}
    fields = (forms.check_box("m:cross", 10, 10, 40, 12, mark="cross", glyph=(12, 11, 10, 10),
                              checked=v.get("m:cross", False)),
              forms.check_box("m:ring", 60, 10, 10, 20, mark="ring", glyph=(60, 15, 10, 10),
                              checked=v.get("m:ring", False)))
    return O.Document([O.Page(W, H, [O.Group(fields, O.Matrix.translate(5, 5))])])


def test_a_marked_check_box_takes_the_tap_over_its_whole_box():
    data = render_pdf(marked())
    reader = PdfReader(io.BytesIO(data))
    annots = {str(a.get_object()["/T"]): a.get_object() for a in reader.pages[0]["/Annots"]}
    assert [float(v) for v in annots["m:cross"]["/Rect"]] == pytest.approx(
        [15 * PT_PER_MM, (H - 27) * PT_PER_MM, 55 * PT_PER_MM, (H - 15) * PT_PER_MM], abs=0.01)
    for a in annots.values():
        assert set(a["/AP"]) == {"/N"} and set(a["/AP"]["/N"]) == {"/Yes", "/Off"}
        on = a["/AP"]["/N"]["/Yes"]
        box = [float(v) for v in a["/Rect"]]
        assert [float(v) for v in on["/BBox"]] == pytest.approx([0, 0, box[2] - box[0], box[3] - box[1]], abs=0.01)
    assert "/SpiderInfo" not in reader.trailer["/Root"]  # the appearances' carrier is gone
    assert render_pdf(marked()) == data
    assert forms.parse_form(data, "m.pdf").fields["m:ring"].kind == "check"


def test_a_marked_check_box_draws_its_mark_in_its_glyph_box_only():
    scale = 4
    empty = raster(render_pdf(marked()), scale)
    assert (empty < 250).sum() == 0  # nothing shows while empty
    on = raster(forms.fill_form(render_pdf(marked()), {"m:cross": True, "m:ring": True}), scale)
    pen = (on[:, :, 2] - on[:, :, 0] > 60)
    px = scale * PT_PER_MM
    ys, xs = np.nonzero(pen)
    cross = (xs < 40 * px)
    # the cross within its glyph (17..27 x 16..26 mm on the page), the ring within 65..75 x 20..30
    assert 16.9 * px <= xs[cross].min() and xs[cross].max() <= 27.1 * px
    assert 15.9 * px <= ys[cross].min() and ys[cross].max() <= 26.1 * px
    assert 64.9 * px <= xs[~cross].min() and xs[~cross].max() <= 75.1 * px
    assert 19.9 * px <= ys[~cross].min() and ys[~cross].max() <= 30.1 * px
    ring = pen[int(25 * px), int(65 * px):int(75 * px)]  # a ring: ink at its sides, none at its middle
    assert ring[: int(2 * px)].any() and ring[-int(2 * px):].any() and not ring[int(4 * px):int(6 * px)].any()


def test_a_mark_outside_its_box_or_of_no_kind_is_refused():
    with pytest.raises(ValueError, match="not inside the box"):
        forms.check_box("m:x", 10, 10, 10, 10, mark="cross", glyph=(5, 10, 10, 10))
    with pytest.raises(ValueError, match="none of cross, ring"):
        forms.check_box("m:x", 10, 10, 10, 10, mark="tick")
