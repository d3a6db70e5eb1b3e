"""Units, colours, transforms, hex geometry, path data and text layout."""

import doctest
import math

import pytest

import printkit.core.colour
import printkit.core.draw.ops
import printkit.core.fonts
import printkit.core.geometry.hexgrid
import printkit.core.geometry.pathdata
import printkit.core.text
import printkit.core.units
from printkit.core.colour import Colour
from printkit.core.draw.ops import Matrix
from printkit.core.fonts import get_font, register_pdf_font
from printkit.core.geometry import hexgrid
from printkit.core.geometry.pathdata import parse_path
from printkit.core.text import TextBox, TextFitError, layout_text, wrap
from printkit.core.units import parse_length
from printkit.errors import PrintkitError


@pytest.mark.parametrize("module", [
    printkit.core.units, printkit.core.colour, printkit.core.draw.ops, printkit.core.fonts,
    printkit.core.geometry.hexgrid, printkit.core.geometry.pathdata, printkit.core.text,
])
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("text,mm", [("10mm", 10), ("1cm", 10), ("1in", 25.4), ("72pt", 25.4),
                                     (" 2.5 mm ", 2.5), (".5in", 12.7), ("-3mm", -3), (7, 7)])
def test_lengths(text, mm):
    assert parse_length(text) == pytest.approx(mm)


@pytest.mark.parametrize("bad", ["10 furlongs", "mm", "", True, None, "1e3e2mm"])
def test_bad_lengths_name_the_accepted_forms(bad):
    with pytest.raises(ValueError, match="12mm, 0.5in or 36pt"):
        parse_length(bad)


def test_font_size_numbers_are_points():
    assert parse_length(9, default_unit="pt") == pytest.approx(9 * 25.4 / 72)


def test_colours_and_their_greys():
    red = Colour.parse("#d62728")
    assert red.hex == "#d62728"
    assert Colour.parse("#abc").hex == "#aabbcc"
    g = red.grey()
    assert g.is_grey and not red.is_grey
    assert g.r == pytest.approx(red.luminance, abs=1 / 255)
    with pytest.raises(ValueError):
        Colour.parse("reddish")


def test_matrix_composition_rotation_and_mirror():
    m = Matrix.translate(10, 0) @ Matrix.rotate(90)
    assert m.apply(1, 0) == pytest.approx((10, 1))  # clockwise on a y-down page
    assert Matrix.mirror("x").apply(3, 4) == (-3, 4)
    assert Matrix.mirror("y").apply(3, 4) == (3, -4)
    assert (Matrix.scale(2) @ Matrix.translate(1, 1)).apply(0, 0) == (2, 2)
    with pytest.raises(ValueError):
        Matrix.mirror("z")


def test_hex_grid_geometry():
    assert len(hexgrid.hex_range(0)) == 1
    assert len(hexgrid.hex_range(3)) == 37
    assert all(hexgrid.distance((0, 0), h) <= 3 for h in hexgrid.hex_range(3))
    assert sorted(hexgrid.neighbours((0, 0))) == sorted(hexgrid.DIRECTIONS)
    size = hexgrid.size_from_across_flats(20)
    # Neighbouring cells' centres are one across-flats apart, in both orientations.
    for o in ("flat", "pointy"):
        for n in hexgrid.neighbours((0, 0)):
            assert math.dist((0, 0), hexgrid.to_pixel(n, size, o)) == pytest.approx(20)
    ys = [y for _, y in hexgrid.corners(size, "flat")]
    assert max(ys) - min(ys) == pytest.approx(20)  # flat-topped: flats are top and bottom
    xs = [x for x, _ in hexgrid.corners(size, "pointy")]
    assert max(xs) - min(xs) == pytest.approx(20)


def test_path_data():
    segs = parse_path("M 1 2 l 3 0 V 10 h -2 C 0 0 1 1 2 2 s 3 3 4 4 Q 5 5 6 6 t 1 1 Z")
    assert segs[0] == ("M", 1.0, 2.0)
    assert segs[1] == ("L", 4.0, 2.0)
    assert segs[2] == ("L", 4.0, 10.0)
    assert segs[3] == ("L", 2.0, 10.0)
    assert segs[5][0] == "C" and segs[5][1:3] == (3.0, 3.0)  # S reflects the last control point
    assert segs[6][-2:] == (6.0, 6.0) and segs[7][-2:] == (7.0, 7.0)
    assert segs[-1] == ("Z",)
    for bad in ["L 1 2", "M 1", "M 1 2 X 3", "M 1 2 C 1 2 3"]:
        with pytest.raises(ValueError):
            parse_path(bad)


def test_text_metrics_match_reportlab():
    from reportlab.pdfbase.pdfmetrics import stringWidth

    for name in ("sans", "sans-bold", "condensed", "condensed-bold"):
        text = "Jubako · Gemblo — 123 ÆØÅ"
        assert get_font(name).width(text, 10) == pytest.approx(stringWidth(text, register_pdf_font(name), 10), abs=0.01)
    with pytest.raises(PrintkitError, match="known fonts"):
        get_font("comic")


def test_wrap_and_alignment():
    font = get_font("sans")
    assert wrap("a\nb c", font, 3, None) == ["a", "b c"]
    lines = layout_text(TextBox(10, 10, "one two three four five six", size=4, w=30))
    assert len(lines) > 1 and all(font.width(t.text, 4) <= 30 for t in lines)
    assert all(t.x == 10 for t in lines)
    assert lines[1].y - lines[0].y == pytest.approx(4 * 1.2)
    (c,) = layout_text(TextBox(0, 0, "mid", size=4, w=40, align="center"))
    assert c.x == pytest.approx((40 - font.width("mid", 4)) / 2)
    (r,) = layout_text(TextBox(0, 0, "end", size=4, w=40, align="right"))
    assert r.x + font.width("end", 4) == pytest.approx(40)
    (top,) = layout_text(TextBox(0, 5, "Top", size=4))
    assert top.y == pytest.approx(5 + font.ascent * 4)
    (mid,) = layout_text(TextBox(0, 0, "Mid", size=4, h=20, valign="middle"))
    assert 0 < mid.y < 20


def test_shrink_to_fit():
    long = "Dumpling masters do not share their secret recipes"
    (t,) = layout_text(TextBox(0, 0, long, size=5, w=100, wrap=False, shrink=True))
    assert t.size < 5 and get_font("sans").width(long, t.size) <= 100
    # Shrinking stops at the type scale's 6 pt minimum (about 1.4 mm would fit 40 mm).
    with pytest.raises(TextFitError, match="minimum size .6 pt"):
        layout_text(TextBox(0, 0, long, size=5, w=40, wrap=False, shrink=True))
    (same,) = layout_text(TextBox(0, 0, "short", size=5, w=40, shrink=True))
    assert same.size == 5
    with pytest.raises(TextFitError):
        layout_text(TextBox(0, 0, long, size=5, w=5, h=2, shrink=True))
