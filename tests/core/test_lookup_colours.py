"""Template lookups name the first missing key as the template wrote it; colours named without a
template are remembered per renderer (one output: colour or --bw) and unknown ones still fail."""

import pytest

from printkit.core.colour import Colour
from printkit.core.layout.load import load_layout
from printkit.core.layout.render import Renderer
from printkit.core.layout.template import MissingData, TemplateError, lookup
from printkit.errors import InputError


@pytest.mark.parametrize(("name", "missing"), [
    ("a", "a"), ("h.boxes[5].n", "h.boxes[5]"), ("h.boxes[1].m", "h.boxes[1].m"),
    ("h.x", "h.x"), ("h.boxes[-4]", "h.boxes[-4]"),
])
def test_missing_data_names_the_path_written(name, missing):
    data = {"h": {"boxes": [{"n": 1}, {"n": 2}]}}
    with pytest.raises(MissingData) as e:
        lookup(name, data)
    assert e.value.name == missing


def test_lookup_through_mappings_lists_and_what_has_no_keys():
    from types import MappingProxyType

    data = {"h": MappingProxyType({"boxes": ({"n": 1}, {"n": [7, 8]})})}
    assert lookup("h.boxes[1].n[-1]", data) == 8
    with pytest.raises(TemplateError, match=r"\{h.boxes\[0\].n.x\}: h.boxes\[0\].n is a int, which has no 'x'"):
        lookup("h.boxes[0].n.x", data)
    with pytest.raises(TemplateError, match=r"h.boxes is a list, which has no 'k'"):
        lookup("h.boxes.k", data)


def test_colours_are_remembered_per_output(tmp_path):
    p = tmp_path / "c.yaml"
    p.write_text("colours:\n  tomato: {colour: '#ff6347', bw: '#777777'}\nsize: [10, 10]\npages: []\n")
    layout = load_layout(p)
    colour, bw = Renderer(layout), Renderer(layout, bw=True)
    for _ in range(2):
        assert colour.colour("tomato", {}, "x") == Colour.parse("#ff6347")
        assert bw.colour("tomato", {}, "x") == Colour.parse("#777777")
        assert bw.colour("bw:tomato", {}, "x") == colour.colour("bw:tomato", {}, "x") == Colour.parse("#777777")
        assert colour.colour("none", {}, "x") is None and colour.colour(" #00f ", {}, "x") == Colour(0, 0, 1)
        assert colour.colour("{c}", {"c": "tomato"}, "x") == Colour.parse("#ff6347")
        assert colour.colour("{c}", {"c": "#000"}, "x") == Colour(0, 0, 0)  # a template is filled each time
        for r in (colour, bw):
            with pytest.raises(InputError, match="or a name from colours: tomato"):
                r.colour("tomatoe", {}, "pages[0].x")
    assert Renderer(layout, base={"palette": {"sky": {"colour": "#87ceeb"}}}).colour("sky", {}, "x") == Colour.parse("#87ceeb")


def test_drawing_styles_without_templates_are_made_once(tmp_path):
    from printkit.core.layout.model import StyleSpec

    p = tmp_path / "s.yaml"
    p.write_text("colours:\n  tomato: {colour: '#ff6347', bw: '#777777'}\nsize: [10, 10]\npages: []\n")
    layout = load_layout(p)
    plain = StyleSpec.model_validate({"stroke": "tomato", "stroke_width": "0.5mm", "dash": [1, 2]})
    templated = StyleSpec.model_validate({"stroke": "{c}", "stroke_width": "{w}mm", "dash": [1, "{d}"]})
    colour, bw = Renderer(layout), Renderer(layout, bw=True)
    first = colour.shape_style(plain, {}, "x")
    assert colour.shape_style(plain, {"c": "#000"}, "x") is first
    assert (first.stroke, first.stroke_width, first.dash) == (Colour.parse("#ff6347"), 0.5, (1.0, 2.0))
    assert bw.shape_style(plain, {}, "x").stroke == Colour.parse("#777777")
    a = colour.shape_style(templated, {"c": "tomato", "w": 1, "d": 3}, "x")
    b = colour.shape_style(templated, {"c": "#000", "w": 2, "d": 4}, "x")
    assert (a.stroke, a.stroke_width, a.dash) == (Colour.parse("#ff6347"), 1.0, (1.0, 3.0))
    assert (b.stroke, b.stroke_width, b.dash) == (Colour(0, 0, 0), 2.0, (1.0, 4.0))
