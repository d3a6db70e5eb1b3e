"""Fuzzing layouts (issue 26): ``check`` refuses exactly what ``make`` fails on, and neither has an
internal error.

Hypothesis writes layout files from a small grammar of the real layout features
(docs/layouts.md): pages or a card sheet of elements of every kind, named and inline styles
with ``extends`` chains, symbols that use other symbols, colours, ``data`` and templates, and
numbers from the ordinary to the extreme (0, negative, 1e308, 5e-324, ``.inf``, thousands of
digits, units, templates that give a number). Each file is the calibration page of a layouts
folder of its own (``PRINTKIT_LAYOUTS``, with layouts/common.yaml beside it), so that ``check``
draws it as ``make`` does. Then, in-process (tests/fuzzing.py):

- ``printkit check FILE``;
- ``printkit make calibration page`` to PDF, on A4 in colour and on Letter in black and white
  (what ``check`` draws);

every answer keeps the promise of tests/fuzzing.py (exit 0, 1 or 2; exit 2 one line; no
internal error; under 2 s of CPU), and ``check`` exits 2 exactly when one of the ``make`` runs
does. 80 examples, the same every run; ``benchmarks/fuzz_layouts.py`` runs 10,000.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import yaml
from hypothesis import Phase, given
from hypothesis import strategies as st

from printkit import commands
from tests.fuzzing import Answer, answer, assert_answered
from tests.test_fuzz import fuzz_settings

COMMON = Path(__file__).resolve().parents[1] / "layouts" / "common.yaml"

#: Examples in CI (benchmarks/fuzz_layouts.py runs 10,000).
EXAMPLES = 80


# -- numbers and words ----------------------------------------------------------------------------

#: Numbers of each class, as YAML would give them (a str is written as YAML text, unquoted).
NUMBERS: dict[str, list[Any]] = {
    "zero-negative": [0, -1, -0.5, -1000, "-5mm", "0mm"],
    "huge": [1e6, 1e12, 2**63, 10**30, "1e20mm"],
    "extreme-float": [1e308, -1e308, 1.7976931348623157e308, 5e-324, 1e-300, "1e308mm"],
    "non-finite": [".inf", "-.inf", ".nan", "1e999"],
    "many-digits": ["1" * 101, "0." + "0" * 300 + "1", "1" * 4301, "1" * 30_000],
    "bad-unit": ["12parsec", "mm", "1.5.5mm", "12 mm", "0x10", "1_000"],
    "wrong-type": [True, None, [1, 2], {"a": 1}, "abc"],
}


def _ordinary() -> st.SearchStrategy:
    return st.one_of(st.integers(0, 200), st.floats(0, 200, allow_nan=False).map(lambda f: round(f, 2)),
                     st.sampled_from(["12mm", "1.5cm", "0.5in", "9pt", "3mm", "{big}", "{small}mm"]))


@st.composite
def _number(draw, odds: int) -> Any:
    """An ordinary number, or one time in ``odds + 1`` an extreme one."""
    if draw(st.integers(0, odds)):
        return draw(_ordinary())
    extreme = [v for vs in NUMBERS.values() for v in vs]
    return extreme[draw(st.integers(0, len(extreme) - 1))]


#: How often a number is an extreme one, drawn once a layout: most layouts have one or two
#: extreme numbers among ordinary ones (a layout all extreme is refused at its first number).
ODDS = [6, 30, 100, 10**6]


def _size(odds: int) -> st.SearchStrategy:
    """A card's or a design's width or height: any number (one too big for the paper is refused
    by check as by make)."""
    return _number(odds)


WORDS = st.sampled_from(["", "Hello", "Hello", "Hello", "Score {seed}", "{seed}", "{missing}", "{paper}", "{big:>12}",
                         "{small:.2f}", "{big:c}", "{{braces}}", "{", "}", "{__class__}", "\u202eevil",
                         "\U0001f95f", "a\x00b", "\u6f22", "x" * 500, "{items[0]}", "{items[99]}"])


# -- styles, elements, symbols ----------------------------------------------------------------------

BASE_STYLES = ["base", "body", "small", "heading", "outline", "hairline", "cut", "caption"]


@st.composite
def style(draw, names: list[str], odds: int) -> dict:
    """A style: a few of its keys, maybe ``extends`` a named one (common's, the file's own)."""
    out: dict[str, Any] = {}
    if draw(st.booleans()):
        out["extends"] = draw(st.sampled_from(names + ["nowhere"] if names else ["nowhere"]))
    keys = draw(st.lists(st.sampled_from(["stroke", "stroke_width", "fill", "dash", "font", "font_size",
                                          "text_colour", "line_height", "cap"]), max_size=3, unique=True))
    for k in keys:
        if k in ("stroke", "fill", "text_colour"):
            out[k] = draw(st.sampled_from(["ink", "red", "#abc", "#12345", "none", "bw:red", "nocolour",
                                           "{colour}"]))
        elif k == "dash":
            out[k] = draw(st.one_of(st.lists(_number(odds), max_size=3), st.sampled_from(DASHES)))
        elif k == "font":
            out[k] = draw(st.sampled_from(["sans", "sans-bold", "display", "comic"]))
        elif k == "cap":
            out[k] = draw(st.sampled_from(["round", "butt", "square", "round", "wavy"]))
        elif k == "line_height":
            out[k] = draw(st.one_of(st.sampled_from([1, 1.2, 2.5]), _number(odds)))
        else:
            out[k] = draw(_number(odds))
    return out


def _style_ref(draw, names: list[str], odds: int) -> Any:
    if draw(st.integers(0, 3)) == 0:
        return draw(style(names, odds))
    return draw(st.sampled_from(names * 5 + ["nowhere"] if names else ["nowhere"]))


ELEMENT_KEYS: dict[str, list[str]] = {
    "rect": ["x", "y", "w", "h", "radius"],
    "circle": ["x", "y", "r"],
    "line": ["x1", "y1", "x2", "y2"],
    "text": ["x", "y", "w", "h", "text", "shrink", "min_size"],
    "polygon": ["points"],
    "path": ["d"],
    "hexgrid": ["x", "y", "across_flats", "radius"],
    "ruler": ["x", "y", "length"],
    "crop_marks": ["x", "y", "w", "h", "bleed"],
    "track": ["x", "y", "w", "h", "depth", "sides"],
    "use": ["symbol", "x", "y", "scale", "rotate"],
    "frame": ["x", "y", "rotate", "scale", "elements"],
    "repeat": ["count", "over", "dx", "dy", "cols", "elements"],
}


#: The values some keys take (the others are numbers).
CHOICES: dict[str, list[Any]] = {
    "shrink": [True, False],
    "d": ["M 0 0 L 10 10 Z", "M 0 0 C 1 2 3 4 5 6", "M 0 0 Q", "Z", "M 0 0 " + "L 1 1 " * 200, "{path}"]
    + ["m 1e308 1e308 l 1 1"],
    "count": [0, 1, 3, 10, 10_000, 10_001, -1, "{big}"],
    "over": ["items", "nothing", "big", "{items}"],
    "cols": [1, 2, 0, -1, "{big}", "{small}"],
}


def _value(draw, key: str, ctx: dict, depth: int) -> Any:
    if key in CHOICES:
        return draw(st.sampled_from(CHOICES[key]))
    if key == "text":
        return draw(WORDS)
    if key == "points":
        return draw(st.lists(st.lists(_number(ctx["odds"]), min_size=2, max_size=2), min_size=0, max_size=4))
    if key == "radius" and ctx["kind"] == "hexgrid":
        return draw(st.sampled_from([0, 1, 3, 50, 51, -1, "2"]))
    if key == "sides":
        return draw(st.lists(st.sampled_from([1, 3, 10, 0, 1000, 1001]), min_size=4, max_size=4))
    if key == "symbol":
        return draw(st.sampled_from(ctx["symbols"] * 5 + ["nosymbol"] if ctx["symbols"] else ["nosymbol"]))
    if key == "elements":
        return draw(elements(ctx, depth + 1))
    return draw(_number(ctx["odds"]))


@st.composite
def element(draw, ctx: dict, depth: int = 0) -> dict:
    """One element of any kind, with its keys (some left out, some given twice as much)."""
    kinds = list(ELEMENT_KEYS) if depth < 3 else [k for k in ELEMENT_KEYS if "elements" not in ELEMENT_KEYS[k]]
    kind = draw(st.sampled_from(kinds))
    ctx = {**ctx, "kind": kind}
    body = {k: _value(draw, k, ctx, depth) for k in ELEMENT_KEYS[kind] if draw(st.integers(0, 19))}
    if kind == "repeat" and "elements" not in body:
        body["elements"] = []
    if draw(st.integers(0, 2)) == 0:
        body["style"] = _style_ref(draw, ctx["styles"], ctx["odds"])
    return {kind: body}


def elements(ctx: dict, depth: int = 0) -> st.SearchStrategy:
    return st.lists(element(ctx, depth), max_size=4 if depth == 0 else 2)


# -- a whole file -------------------------------------------------------------------------------------

def _chains(draw, out: dict, ctx: dict) -> list[dict]:
    """Now and then a chain: styles each extending the next (a few, or thousands), or symbols
    each using the next twice (an element bomb), or a symbol that uses itself; with the element
    that draws it."""
    how = draw(st.sampled_from(["none"] * 3 + CHAINS))
    if how == "extends-chain":
        n = draw(st.sampled_from([5, 60, 3000]))
        out.setdefault("styles", {}).update({f"e{i}": {"extends": f"e{i + 1}"} for i in range(n)})
        out["styles"][f"e{n}"] = {"stroke_width": 1}
        ctx["styles"].append("e0")
        return [{"rect": {"x": 1, "y": 1, "w": 5, "h": 5, "style": "e0"}}]
    if how == "symbol-bomb":
        n = draw(st.sampled_from([3, 12, 30]))
        symbols = {f"b{i}": {"elements": [{"use": {"symbol": f"b{i + 1}"}}, {"use": {"symbol": f"b{i + 1}", "x": 1}}]}
                   for i in range(n)}
        symbols[f"b{n}"] = {"elements": [{"rect": {"x": 0, "y": 0, "w": 1, "h": 1}}]}
        out.setdefault("symbols", {}).update(symbols)
        ctx["symbols"].append("b0")
        return [{"use": {"symbol": "b0", "x": 10, "y": 10}}]
    if how == "symbol-recursion":
        out.setdefault("symbols", {}).update({"r0": {"elements": [{"use": {"symbol": "r1"}}]},
                                              "r1": {"elements": [{"use": {"symbol": draw(st.sampled_from(["r0", "r1"]))}}]}})
        ctx["symbols"].append("r0")
        return [{"use": {"symbol": "r0", "x": 10, "y": 10}}]
    return []


#: The chains _chains makes.
CHAINS = ["extends-chain", "symbol-bomb", "symbol-recursion"]
#: Dash arrays, some of them degenerate.
DASHES = [[1, 1], [2, 0.5], [0], [0, 0], [-1, 2], [0, 1], []]


@st.composite
def layouts(draw) -> dict:
    """A layout file: includes, colours, styles, symbols, data, then pages or a card sheet."""
    odds = draw(st.sampled_from(ODDS))
    own_styles = [f"s{i}" for i in range(draw(st.integers(0, 3)))]
    symbols = [f"sym{i}" for i in range(draw(st.integers(0, 3)))]
    include = draw(st.sampled_from([["../common.yaml"]] * 8 + [[], ["../nowhere.yaml"]]))
    names = own_styles + (BASE_STYLES if include == ["../common.yaml"] else [])
    ctx = {"styles": names, "symbols": symbols, "odds": odds}
    out: dict[str, Any] = {"include": include} if include else {}
    if draw(st.integers(0, 7)):
        out["size"] = draw(st.one_of(st.just("printable"), st.lists(_size(odds), min_size=2, max_size=2)))
    out["data"] = {"items": draw(st.lists(st.sampled_from(["a", 1, 2.5, "\u202e"]), max_size=4)),
                   "big": draw(_number(odds)), "small": draw(st.sampled_from([0.5, 2, "x", 1e308])),
                   "colour": draw(st.sampled_from(["red", "#000", "nope"])),
                   "path": "M 0 0 L 5 5"}
    if own_styles:
        out["styles"] = {n: draw(style(names, odds)) for n in own_styles}
    if symbols:
        out["symbols"] = {n: {"elements": draw(elements(ctx, 1))} for n in symbols}
    chained = _chains(draw, out, ctx)
    if draw(st.integers(0, 3)):
        out["pages"] = [{"elements": chained + draw(elements(ctx))} for _ in range(draw(st.integers(1, 2)))]
    else:
        out["cards"] = {"w": draw(_size(odds)), "h": draw(_size(odds)),
                        "over": draw(st.sampled_from(["items", [1, 2]])), "front": chained + draw(elements(ctx)),
                        **({"back": draw(elements(ctx))} if draw(st.booleans()) else {})}
    return out


class _Dumper(yaml.SafeDumper):
    """Writes every string unquoted where YAML allows it, so that one that reads as a number
    is one: ``"1e308"`` -> 1e308, ``".inf"`` -> inf, 30,000 digits -> an int of 30,000 digits
    (which Python cannot even print)."""


def _plain(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    return dumper.represent_scalar(dumper.resolve(yaml.ScalarNode, value, (True, False)), value)


_Dumper.add_representer(str, _plain)


def write_layout(data: dict) -> str:
    """``data`` as the YAML of a layout file (see _Dumper)."""
    return yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=1 << 30)


# -- running check and make ---------------------------------------------------------------------------

@contextmanager
def layouts_folder(folder: Path) -> Iterator[Path]:
    """``folder`` as PRINTKIT_LAYOUTS while the block runs, with common.yaml in it."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "calibration").mkdir(exist_ok=True)
    shutil.copyfile(COMMON, folder / "common.yaml")
    old = os.environ.get("PRINTKIT_LAYOUTS")
    os.environ["PRINTKIT_LAYOUTS"] = str(folder)
    try:
        yield folder
    finally:
        if old is None:
            del os.environ["PRINTKIT_LAYOUTS"]
        else:
            os.environ["PRINTKIT_LAYOUTS"] = old


def _make(out: Path, paper: str, bw: bool) -> Answer:
    return answer(commands.make, "calibration", ["page"], seed=1, count=None, paper=paper, fmt="pdf", out=out,
                  bw=bw, bleed=0.0, crop_marks=True, duplex_offset="0,0", settings=None, hex_size=None,
                  fillable=False)


def agree(text: str, folder: Path, n: int) -> tuple[int, int, int]:
    """``check`` and ``make`` (A4 colour, Letter B&W) of the layout ``text``, written as the
    calibration page of ``folder`` (a layouts folder): their exit codes, each answer held to
    the promise of tests/fuzzing.py, and check's exit 2 exactly when a make's."""
    page = folder / "calibration" / "page.yaml"
    page.write_text(text, encoding="utf-8", errors="surrogatepass")
    os.utime(page, ns=(n, n))  # a file of another example never looks the same as this one
    checked = answer(commands.check, [page])
    assert_answered(checked, "printkit check: ")
    made = [_make(folder / "out", "a4", False), _make(folder / "out", "letter", True)]
    for a in made:
        assert_answered(a, "printkit make calibration page: ")
    codes = (checked.exit_code, made[0].exit_code, made[1].exit_code)
    assert (checked.exit_code == 2) == (2 in codes[1:]), (
        f"check and make disagree: check exit {codes[0]} ({checked.stderr.strip() or checked.stdout.strip()}); "
        f"make exits {codes[1:]} ({' | '.join(a.stderr.strip() for a in made)})")
    return codes


def test_fuzzed_layouts_check_as_make_draws(tmp_path):
    """80 layouts, the same every run (derandomize)."""
    count = iter(range(1, 10**9))

    @fuzz_settings(EXAMPLES, derandomize=True, phases=[Phase.generate, Phase.shrink])
    @given(layouts())
    def run(layout):
        with layouts_folder(tmp_path / "layouts") as folder:
            agree(write_layout(layout), folder, next(count) * 10**9)

    run()
