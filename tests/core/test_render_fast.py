"""The renderer's quicker ways (issue 16) give exactly what the plain ways give, and fail alike.

- a length written ``{field}UNIT`` is read from the field's number (render._quick_length), not
  from the text a template fills: the same float, bit for bit, and the long way (the same error)
  for everything it might refuse or tell apart;
- a length's key path (``where.x``) is made only when a message may need it (Renderer._at);
- named styles and styles written in an element are merged once a renderer (style_spec).
"""

from __future__ import annotations

import math
import random
import struct
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.core.layout import render as R
from printkit.core.layout import template as T
from printkit.core.layout.load import load_layout, merge_styles
from printkit.core.units import parse_length

LAYOUT = """\
styles:
  thin: {stroke: black, stroke_width: 0.2}
  thick: {extends: thin, stroke_width: 1.0, fill: '#ff0000'}
size: [100, 100]
pages:
  - elements:
      - rect: {x: 1, y: 2, w: 3, h: 4, style: thick}
      - rect: {x: '{a}mm', y: '{b.c}cm', w: 3, h: 4, style: {extends: thin, dash: [1, 2]}}
      - rect: {x: 1, y: 2, w: 3, h: 4, style: {stroke: '#0000ff'}}
"""

#: Length templates: the ones read from the number, and ones that must go the long way.
TEMPLATES = ["{x}mm", "{x}", "{x}cm", "{x}in", "{x}pt", "{a.b}mm", "{a.b.c}pt", "-{x}mm", " {x}mm",
             "{x} mm", "{x}mm ", "{x:.2f}mm", "{x!s}mm", "{x}{x}mm", "{x[0]}mm", "{a[b]}mm", "{x}MM",
             "{x}px", "{__x}mm", "{x", "{}mm", "12mm", "{x}e3mm", "1{x}mm", "{x}.5mm"]

#: What a field may hold: numbers of every kind (and the ones a length refuses), and non-numbers.
VALUES = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.floats(min_value=-1e6, max_value=1e6),
    st.integers(min_value=-2 ** 60, max_value=2 ** 60),
    st.sampled_from([0, -0.0, 0.0, 2 ** 53, 2 ** 53 + 1, -2 ** 53, -2 ** 53 - 1, 10 ** 400, 1e308, -1e308, 1e-320,
                     5e-324, 1.7976931348623157e308, True, False, None]),
    st.text(alphabet="0123456789.eE+-m ", max_size=8),
    st.lists(st.integers(-5, 5), max_size=2),
)


@pytest.fixture(scope="module")
def layout(tmp_path_factory):
    path = tmp_path_factory.mktemp("fast") / "l.yaml"
    path.write_text(LAYOUT)
    return load_layout(path)


def bits(x: float) -> bytes:
    """A float's bytes: tells -0.0 from 0.0."""
    return struct.pack("<d", x)


def outcome(fn, *args) -> tuple[str, Any]:
    """What ``fn(*args)`` gives: ("ok", its bytes) or ("error", its class and message)."""
    try:
        return "ok", bits(fn(*args))
    except Exception as e:  # noqa: BLE001 - the point is to compare whatever is raised
        return "error", (type(e), str(e))


def contexts(value: Any) -> list[Any]:
    """Data holding ``value`` where the templates look (and the same in a mapping that is not a
    plain dict, and with the names missing)."""
    plain = {"x": value, "a": {"b": value if random.random() < 0.5 else {"c": value}}}
    return [plain, {"a": {"b": {"c": value}}, "x": [value]}, MappingProxyType(plain), {}, {"a": value}]


def check_length(r: R.Renderer, text: str, value: Any) -> None:
    for ctx in contexts(value):
        # The long way, as render.length always went, and by hand: fill the text, parse it.
        slow = outcome(r._length, text, ctx, "pages[0].x")
        assert outcome(r.length, text, ctx, "pages[0].x") == slow, (text, value, ctx)
        if slow[0] == "ok":
            assert slow[1] == bits(parse_length(T.fill(text, ctx)))


def test_quick_lengths_are_the_long_way_over_many_values(layout):
    r = R.Renderer(layout)
    rng = random.Random(16)
    specials = [0, -0.0, 1, -1, 0.1, 1 / 3, 2 ** 53, 2 ** 53 + 1, -(2 ** 53) - 1, 10 ** 400, 1e308, 1e-320,
                math.inf, -math.inf, math.nan, True, False, None, "3", "1e3", [1], {"c": 2.5}]
    values = specials + [rng.uniform(-1e4, 1e4) for _ in range(100)] + [rng.randint(-10 ** 6, 10 ** 6) for _ in range(50)] \
        + [rng.choice([1, -1]) * 10 ** rng.uniform(-320, 308) for _ in range(120)]
    for value in values:
        for text in TEMPLATES:
            check_length(r, text, value)


@settings(max_examples=400, deadline=None)
@given(text=st.sampled_from(TEMPLATES), value=VALUES)
def test_quick_lengths_property(layout, text, value):
    check_length(R.Renderer(layout), text, value)


def test_quick_length_reads_exactly_one_field_and_a_unit():
    assert R._quick_length("{x}mm", {"x": 2.5}) == 2.5
    assert R._quick_length("{x}", {"x": 3}) == 3.0 and type(R._quick_length("{x}", {"x": 3})) is float
    assert R._quick_length("{a.b}in", {"a": {"b": 2}}) == 50.8
    assert bits(R._quick_length("{x}mm", {"x": -0.0})) == bits(-0.0)  # type: ignore[arg-type]
    for text, ctx in [("-{x}mm", {"x": 1.0}), ("{x:.1f}mm", {"x": 1.0}), ("{x}mm", {"x": True}),
                      ("{x}mm", {"x": math.inf}), ("{x}in", {"x": 1e308}), ("{x}mm", {"x": 2 ** 53 + 1}),
                      ("{x}mm", {}), ("{x}mm", {"x": "3"}), ("{a.b}mm", {"a": [1]}), ("12mm", {}),
                      ("{x}mm", MappingProxyType({"x": 1.0})), ("{x", {"x": 1.0})]:
        assert R._quick_length(text, ctx) is None, (text, ctx)


def test_length_plans_are_bounded(monkeypatch):
    monkeypatch.setattr(R, "_LENGTHS", {})
    for i in range(R._LENGTHS_MAX * 3):
        R._quick_length(f"{{x{i}}}mm", {})
        assert len(R._LENGTHS) <= R._LENGTHS_MAX


def test_one_field():
    assert T.one_field("{b.x}mm") == ("", "b", ("x",), "mm")
    assert T.one_field("at {n}") == ("at ", "n", (), "")
    for text in ["plain", "{a}{b}", "{a:.2f}", "{a!r}", "{a[0]}", "{__a}", "{a", "}"]:
        assert T.one_field(text) is None, text


class El:
    """An element with the lengths a test gives it."""

    def __init__(self, **values: Any) -> None:
        self.__dict__.update(values)


@settings(max_examples=300, deadline=None)
@given(value=st.one_of(VALUES, st.sampled_from(TEMPLATES)), data=VALUES)
def test_at_is_length_with_the_key_path(layout, value, data):
    """Renderer._at gives what length gives with ``where.KEY``, an error naming that key path."""
    r = R.Renderer(layout)
    ctx = {"x": data, "a": {"b": data}}
    assert outcome(r._at, El(w=value), "w", ctx, "pages[0].elements[1].rect") == \
        outcome(r.length, value, ctx, "pages[0].elements[1].rect.w")


def merged(layout, ref, ctx) -> Any:
    """style_spec as it was: every style merged when asked for."""
    if ref is None:
        return R.DEFAULT_STYLE
    if isinstance(ref, str):
        return merge_styles(R.DEFAULT_STYLE, layout.styles[T.fill(ref, ctx)])
    spec = merge_styles(R.DEFAULT_STYLE, layout.styles[ref.extends]) if ref.extends else R.DEFAULT_STYLE
    return merge_styles(spec, ref)


def test_styles_are_merged_once_a_renderer_and_are_the_same(layout):
    r, fresh = R.Renderer(layout), R.Renderer(layout)
    elements = layout.spec.pages[0].elements
    refs = [None, "thin", "thick", "{s}", *(el.style for el in elements)]
    for _ in range(3):
        for ref in refs:
            for ctx in ({"s": "thick"}, {"s": "thin"}):
                spec = r.style_spec(ref, ctx, "x")
                assert spec == merged(layout, ref, ctx)
                assert spec is r.style_spec(ref, ctx, "x")
    assert "{s}" not in r._named and all("{" not in name for name in r._named)
    for el in elements:
        assert r._style(el, {}, "w") == fresh.shape_style(fresh.style_spec(el.style, {}, "w.style"), {}, "w.style")
    with pytest.raises(Exception, match="unknown style 'nope'"):
        r.style_spec("nope", {}, "x")
    with pytest.raises(Exception, match="unknown style 'nope'"):
        r.style_spec("{s}", {"s": "nope"}, "x")


def test_rects_are_drawn_as_before(layout):
    """The page, drawn: lengths from numbers and templates, styles named and written."""
    r = R.Renderer(layout)
    ops = r.page(layout.spec.pages[0].elements, {"a": 7, "b": {"c": 0.5}}, "pages[0].elements")
    assert [(o.x, o.y, o.w, o.h) for o in ops] == [(1.0, 2.0, 3.0, 4.0), (7.0, 5.0, 3.0, 4.0), (1.0, 2.0, 3.0, 4.0)]
    assert ops[0].style.stroke_width == 1.0 and ops[1].style.dash == (1.0, 2.0)
    with pytest.raises(Exception, match=r"l.yaml:8: pages\[0\].elements\[1\].rect.x: template '\{a\}mm' names 'a'"):
        r.page(layout.spec.pages[0].elements, {"b": {"c": 0.5}}, "pages[0].elements")


def test_a_renderer_is_freed_when_dropped(layout):
    """Its drawing methods are found on the class: a renderer holds no bound method of its own
    (a cycle only the garbage collector would free)."""
    import gc
    import weakref

    r = R.Renderer(layout)
    r.page(layout.spec.pages[0].elements, {"a": 7, "b": {"c": 0.5}}, "pages[0].elements")
    gone = weakref.ref(r)
    gc.disable()
    try:
        del r
        assert gone() is None
    finally:
        gc.enable()
