"""Drawing work done once and reused (issue 16): a one-field template filled the quick way, and a
symbol use's matrix remembered by its placement, give exactly what the long way gives."""

from pathlib import Path
from textwrap import dedent

import pytest

from printkit.core import build
from printkit.core.build import build_document
from printkit.core.draw import ops as O
from printkit.core.draw.page import FooterInfo, PrintOptions
from printkit.core.layout import placements as P
from printkit.core.layout import render as R
from printkit.core.layout import template as T
from printkit.errors import InputError

INFO = FooterInfo("test", "memo")


class Text(str):
    """A str subclass: not exactly a str, so the quick way leaves it to the long way."""


class Keys(dict):
    """A dict subclass (as a Mapping that is not exactly a dict)."""


VALUES = [0, -0.0, 0.0, 1, 1.0, True, False, None, 2.5, -3.25e-7, 1e22, float("inf"), "egg", "", "a{b}",
          Text("sub"), 12345678901234567890, [1, 2], {"k": 1}, (1,), object()]
TEMPLATES = ["{v}", "{v}mm", "x{v}", "<{v}>", "{d.v}", "{d.e.v}", "{d.v}mm", "{{{v}}}", "{v}{{", "{v:g}", "{v!r}",
             "{v}{v}", "{l[0]}", "{d[v]}", "{nope}", "{d.nope}", "{v.x}", "{__v}", "{v", "y" * 9_998 + "{v}"]


def outcome(f, text, data):
    try:
        return "ok", f(text, data)
    except (ValueError, TypeError) as e:  # TemplateError is a ValueError
        return type(e).__name__, str(e)


@pytest.mark.parametrize("text", TEMPLATES, ids=lambda t: t[:16])
def test_quick_fill_gives_the_long_ways_text_and_errors(text):
    for v in VALUES:
        for data in ({"v": v, "d": {"v": v, "e": {"v": v}}, "l": [v]},
                     {"v": v, "d": Keys(v=v, e=Keys(v=v)), "l": [v]},
                     Keys(v=v, d={"v": v}, l=[v])):
            want, got = outcome(T._fill, text, data), outcome(T.fill, text, data)
            assert got == want, (text, v)
            if want[0] == "ok":
                assert type(got[1]) is str


def test_quick_fill_is_taken_for_one_plain_field():
    assert T._one_field("{i.x}mm") == ("", "i", ("x",), "mm")
    assert T._one_field("a{b}") == ("a", "b", (), "")
    for text in ("{a}{b}", "{a:g}", "{a!r}", "{a[0]}", "{{a}}", "plain"):
        assert T._one_field(text) is None


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "t.yaml"
    p.write_text(dedent(text))
    return p


LAYOUT = """\
size: [100mm, 100mm]
symbols:
  a: {elements: [{rect: {x: 0, y: 0, w: 1, h: 1}}]}
  b: {elements: [{circle: {x: 0, y: 0, r: 1}}]}
pages:
  - over: pages
    as: p
    elements:
      - repeat:
          over: p.uses
          as: u
          elements:
            - use: {symbol: "{u.s}", x: "{u.x}mm", y: "{u.y}mm", scale: "{u.k}", rotate: "{u.r}", id: "u{u.s}"}
            - use: {symbol: "{u.s}", x: "{u.x}mm", y: "{u.y}mm", scale: "{u.k}", mirror: x}
"""


def uses(doc, n):
    (content,) = [op for op in doc.pages[n].ops if getattr(op, "tag", None) == "content"]
    return [op for op, _ in O.walk(content.ops) if isinstance(op, O.Use)]


def expected(u):
    """The two uses of one item, worked out here from the numbers."""
    m = O.Matrix.translate(u["x"], u["y"])
    if u["r"]:
        m = m @ O.Matrix.rotate(u["r"])
    if u["k"] != 1:
        m = m @ O.Matrix.scale(u["k"])
    return [O.Use(u["s"], m, tag=f"u{u['s']}"),
            O.Use(u["s"], O.Matrix.translate(u["x"], u["y"]) @ O.Matrix.scale(u["k"]) @ O.Matrix.mirror("x"))]


def test_a_remembered_placement_gives_the_same_uses(tmp_path):
    """The same places on every page (in turn in the other order), with other symbols there, and
    -0.0 against 0.0 (equal numbers, other text): each page's uses are the ones worked out from
    its own data."""
    places = [(1.5, 2.0, 0.5, 0), (-0.0, -0.0, 1, 0), (0.0, 0.0, 1.0, 0), (3, 4, 2, 45), (-0.0, 0.0, 1, 90)]
    pages = [{"uses": [{"s": "ab"[(i + j) % 2], "x": x, "y": y, "k": k, "r": r}
                       for j, (x, y, k, r) in enumerate(places[::-1] if i % 2 else places)]} for i in range(4)]
    doc = build_document(str(write(tmp_path, LAYOUT)), PrintOptions(), INFO, {"pages": pages})
    for n, p in enumerate(pages):
        got = uses(doc, n)
        assert got == [u for item in p["uses"] for u in expected(item)]
        for item, use in zip(p["uses"], got[::2], strict=True):
            if item["r"] == 0 and item["k"] == 1:  # a plain translation: the numbers as given, signs too
                assert (str(use.matrix.e), str(use.matrix.f)) == (str(float(item["x"])), str(float(item["y"])))
    assert sorted(doc.symbols) == ["a", "b"]


def test_placements_remembered_are_bounded(tmp_path, monkeypatch):
    made = []

    class Recording(R.Renderer):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(build, "Renderer", Recording)
    monkeypatch.setattr(R, "MAX_PLACEMENTS", 3)
    pages = [{"uses": [{"s": "ab"[j % 2], "x": i + j, "y": 1, "k": 1, "r": 0} for j in range(5)]} for i in range(3)]
    doc = build_document(str(write(tmp_path, LAYOUT)), PrintOptions(), INFO, {"pages": pages})
    for n, p in enumerate(pages):
        assert uses(doc, n) == [u for item in p["uses"] for u in expected(item)]
    (renderer,) = made
    assert renderer._placed.count == 3


def test_a_bad_template_still_says_where_after_good_ones(tmp_path):
    pages = [{"uses": [{"s": "a", "x": 1, "y": 1, "k": 1, "r": 0}]},
             {"uses": [{"s": "a", "x": 1, "y": 1, "k": "big", "r": 0}]}]
    doc = build_document(str(write(tmp_path, LAYOUT)), PrintOptions(), INFO, {"pages": pages})
    uses(doc, 0)
    with pytest.raises(InputError, match=r"scale.*expected a number, got 'big'"):
        uses(doc, 1)


def test_placements_keep_each_matrixs_numbers_and_their_types():
    """A remembered matrix is a new Matrix of the same numbers: ints stay ints (a translation's
    1 and 0, which SVG prints as "1", not "1.0"), -0.0 and inf stay; and the table grows."""
    table = P.Placements(limit=10_000, slots=4)
    matrices = [O.Matrix.translate(1.5, -0.0), O.Matrix.translate(0.0, 2) @ O.Matrix.scale(0.42),
                O.Matrix.rotate(30), O.Matrix(), O.Matrix._of(1, 0.0, -0.0, 7, float("inf"), 3)]
    matrices += [O.Matrix.translate(i / 7, i) for i in range(200)]
    for i, m in enumerate(matrices):
        table.put(*P.digest(("m", i)), m)
    for i, m in enumerate(matrices):
        got = table.get(*P.digest(("m", i)))
        assert got == m and [repr(getattr(got, f)) for f in "abcdef"] == [repr(getattr(m, f)) for f in "abcdef"]
    assert table.get(*P.digest(("m", -1))) is None and table.count == len(matrices)
    assert len(table.kinds) >= 2 * table.count
    full = P.Placements(limit=2)
    for i in range(3):
        full.put(*P.digest(i), O.Matrix.translate(i, i))
    assert full.count == 2 and full.get(*P.digest(2)) is None


def test_placements_tell_apart_keys_pythons_hash_confuses():
    """Placements whose keys Python's hash confuses (hash(-1) == hash(-2), so every tuple that
    differs only there; 1 and 1.0) each keep their own matrix: a digest built on hash() fails."""
    assert hash((5, "3mm", -1)) == hash((5, "3mm", -2))  # what a hash() digest would merge
    keys = [(5, "3mm", -1), (5, "3mm", -2), (5, "3mm", 1), (5, "3mm", 1.0), (5, "3mm", 0.0), (5, "3mm", -0.0)]
    assert len({P.digest(k) for k in keys}) == len(keys)
    table = P.Placements(limit=100)
    for i, k in enumerate(keys):
        table.put(*P.digest(k), O.Matrix.translate(i, 0))
    assert [table.get(*P.digest(k)).e for k in keys] == list(range(len(keys)))
