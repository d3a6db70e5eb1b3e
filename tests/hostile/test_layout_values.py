"""Hostile values in layout files (issue 26): numbers too large, not finite or too long to read,
sizes of 0 or less, negative radii, dash patterns that cannot be drawn, template format specs
that cannot format their value. Each is refused by ``check`` and by ``make`` alike (exit 2, one
line naming the file and line, nothing written): both go through the one check of each kind of
value (``check_length``, ``check_dash``, ``check_number`` in printkit/core/layout/model.py, and
the template's format in template.py), the models for numbers written in the file, the renderer
for templates' values.

A bad value goes into a small page layout, the calibration game's ``page`` component (so that
``make calibration page`` draws it, from ``PRINTKIT_LAYOUTS``), and a copy outside the layouts
folder for ``check``, which draws a file with its own data as ``make`` does.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.hostile.runner import Case, execute, prepare, run_case

#: 30,000 digits: reading them as a length scanned in quadratic time (check and make hung).
LONG = "9" * 30_000


@dataclass(frozen=True)
class Bad:
    id: str
    element: str  # one element of the page, as YAML
    message: str  # a regular expression the error line holds (after FILE:LINE: )
    style: str = ""  # more settings of the style "s" the element may use
    data: str = ""  # the page's data, as YAML flow mapping entries
    svg: bool = False  # make the SVG too (the PDF is the one that failed before; a few suffice)
    process: bool = False  # a case that once hung runs as a process
    cards: str = ""  # a card sheet's settings instead of a page (then ``element`` is a front's)


def page(bad: Bad) -> str:
    """The layout: a page, or a card sheet (the calibration game's ``duplex``)."""
    if bad.cards:
        return (f"data: {{cards: [1, 2], {bad.data}}}\nstyles: {{s: {{stroke: black}}}}\n"
                f"cards:\n  over: cards\n  {bad.cards}\n"
                f"  front:\n    - {bad.element}\n")
    return (f"size: [190mm, 255mm]\ndata: {{{bad.data}}}\nsymbols: {{dot: {{elements: [{{circle: {{x: 0, y: 0, r: 1}}}}]}}}}\n"
            f"styles:\n"
            f"  s: {{stroke: black{', ' + bad.style if bad.style else ''}}}\n"
            f"pages:\n  - elements:\n      - {bad.element}\n")


R = "{x: 0, y: 0, w: 10, h: 10, style: s}"
SECTIONS = "sections: {{over: secs, x: 0, y: 0, w: 150, h: 100, icon_box: {box}}}"
SECS = "secs: [{title: T, text: hello, icon: dot}]"
TOO_BIG = r"expected a finite length of at most 10000 mm \(10 m\) either way"

BAD = [
    # 1. template format specs that cannot format their value
    Bad("char-spec-over-unicode", '{text: {x: 0, y: 0, text: "{n:c}"}}', r"text\.text: .*format spec 'c'.*range",
        data="n: 1114112", svg=True),
    Bad("char-spec-negative", '{text: {x: 0, y: 0, text: "{n:c}"}}', r"format spec 'c'", data="n: -1"),
    Bad("int-spec-of-text", '{text: {x: 0, y: 0, text: "{n:d}"}}', r"format spec 'd'", data="n: abc"),
    Bad("comma-spec-of-text", '{text: {x: 0, y: 0, text: "{n:,s}"}}', r"format spec ',s'", data="n: abc"),
    # 2. numbers beyond any sheet, or not numbers at all
    Bad("x-1e308", "rect: {x: 1e308, y: 0, w: 10, h: 10}", r"rect\.x: " + TOO_BIG, svg=True),
    Bad("x-minus-1e308", "rect: {x: -1e308, y: 0, w: 10, h: 10}", r"rect\.x: " + TOO_BIG),
    Bad("x-1e30", "rect: {x: 1e30, y: 0, w: 10, h: 10}", r"rect\.x: " + TOO_BIG),
    Bad("x-inf", "rect: {x: .inf, y: 0, w: 10, h: 10}", r"rect\.x: " + TOO_BIG),
    Bad("x-nan", "rect: {x: .nan, y: 0, w: 10, h: 10}", r"rect\.x: " + TOO_BIG),
    Bad("x-10km-in-text", "rect: {x: 10km, y: 0, w: 10, h: 10}", r"rect\.x: expected a length such as"),
    Bad("x-11m", "rect: {x: 11000mm, y: 0, w: 10, h: 10}", r"rect\.x: " + TOO_BIG),
    Bad("y-1e308-template", 'rect: {x: 0, y: "{v}mm", w: 10, h: 10}', r"rect\.y: " + TOO_BIG, data="v: 1e308",
        svg=True),
    Bad("line-1e300-inch", "line: {x1: 0, y1: 0, x2: 1e300in, y2: 0}", r"line\.x2: " + TOO_BIG),
    Bad("polygon-point-1e308", "polygon: {points: [[0, 0], [1e308, 0]]}", r"polygon\.points\[1\]\[0\]: " + TOO_BIG),
    Bad("stroke-width-1e308", "rect: " + R, r"styles\.s\.stroke_width: " + TOO_BIG, style="stroke_width: 1e308"),
    Bad("font-size-1e308", '{text: {x: 0, y: 0, text: "hi", style: s}}', r"styles\.s\.font_size: " + TOO_BIG,
        style="font_size: 1e308"),
    Bad("frame-scale-1e200", "frame: {scale: 1e200, elements: [{rect: " + R + "}]}", r"frame\.scale: expected a finite scale",
        svg=True),
    Bad("frame-scale-0", "frame: {scale: 0, elements: [{rect: " + R + "}]}", r"frame\.scale: expected a finite scale"),
    Bad("frame-scale-template-1e308", 'frame: {scale: "{v}", elements: [{rect: ' + R + "}]}",
        r"frame\.scale: expected a finite scale", data="v: 1e308"),
    Bad("frame-rotate-1e308", "frame: {rotate: 1e308, elements: [{rect: " + R + "}]}", r"frame\.rotate: expected a finite angle"),
    Bad("path-point-1e308", 'path: {d: "M 0 0 L 1e308 0"}', r"path\.d: path data: " + TOO_BIG, svg=True),
    Bad("path-point-template-1e300", 'path: {d: "M 0 0 L {v} 0"}', r"path\.d: path data: " + TOO_BIG, data="v: 1e300"),
    Bad("hex-cell-1e12", "hexgrid: {x: 50, y: 50, across_flats: 10, cells: [[1000000000000, 0]]}",
        r"hexgrid\.cells\[0\]\[0\]: expected less than or equal to 1000"),
    Bad("repeat-dx-1e308", "repeat: {count: 2, dx: 1e308, elements: [{rect: " + R + "}]}", r"repeat\.dx: " + TOO_BIG),
    Bad("track-beyond-10m", "track: {x: 9000, y: 0, w: 9000, h: 100, depth: 10, sides: [2, 2, 2, 2]}",
        r"track\[1\]: box 1: " + TOO_BIG),
    # 3. a number too long to read
    Bad("length-of-30000-digits", f'rect: {{x: "{LONG}x", y: 0, w: 10, h: 10}}', r"rect\.x: expected a length",
        process=True),
    Bad("float-of-30000-digits", f"rect: {{x: 0.{LONG}, y: 0, w: 10, h: 10}}", r"a number of more than 100 digits"),
    Bad("length-in-arabic-digits", 'rect: {x: "\u0663mm", y: 0, w: 10, h: 10}', r"rect\.x: expected a length"),
    Bad("length-of-200-digits", f'rect: {{x: "{LONG[:200]}mm", y: 0, w: 10, h: 10}}',
        r"rect\.x: a number of more than 100 digits"),
    # 4. dash patterns
    Bad("dash-all-zero", "rect: " + R, r"styles\.s\.dash: a dash pattern needs", style="dash: [0, 0]", svg=True),
    Bad("dash-one-zero", "rect: " + R, r"styles\.s\.dash: a dash pattern needs", style="dash: [0]"),
    Bad("dash-negative", "rect: " + R, r"styles\.s\.dash\[0\]: expected a length of at least 0", style="dash: [-1, 2]"),
    Bad("dash-negative-template", "rect: " + R, r"rect\.style\.dash: expected a length of at least 0",
        style='dash: ["{v}", 1]', data="v: -2"),
    Bad("dash-zero-templates", "rect: " + R, r"rect\.style\.dash: a dash pattern needs",
        style='dash: ["{v}", "{v}"]', data="v: 0"),
    # 5. sizes of 0 or less, negative radii
    Bad("rect-width-negative", "rect: {x: 0, y: 0, w: -10, h: 10}", r"rect\.w: expected a length more than 0", svg=True),
    Bad("rect-height-0", "rect: {x: 0, y: 0, w: 10, h: 0}", r"rect\.h: expected a length more than 0"),
    Bad("rect-width-0-template", 'rect: {x: 0, y: 0, w: "{v}mm", h: 10}', r"rect\.w: expected a length more than 0",
        data="v: 0"),
    Bad("rect-radius-negative", "rect: {x: 0, y: 0, w: 10, h: 10, radius: -3}", r"rect\.radius: expected a length of at least 0"),
    Bad("circle-radius-negative", "circle: {x: 0, y: 0, r: -10}", r"circle\.r: expected a length of at least 0"),
    Bad("hex-across-flats-0", "hexgrid: {x: 50, y: 50, across_flats: 0, radius: 1}",
        r"hexgrid\.across_flats: expected a length more than 0"),
    Bad("text-width-negative", '{text: {x: 0, y: 0, w: -5, text: "hi"}}', r"text\.w: expected a length of at least 0"),
    Bad("card-width-0", "rect: " + R, r"cards\.w: expected a length more than 0", cards="w: 0\n  h: 88mm", svg=True),
    Bad("card-height-negative", "rect: " + R, r"cards\.h: expected a length more than 0", cards="w: 63mm\n  h: -88mm"),
    Bad("card-width-0-template", "rect: " + R, r"cards\.w: expected a length more than 0",
        cards='w: "{cw}mm"\n  h: 88mm', data="cw: 0"),
    Bad("card-width-1e-320", "rect: " + R, r"cards\.w: expected a card at least 1 mm each way", cards="w: 1e-320\n  h: 88mm"),
    Bad("sections-icon-box-0", SECTIONS.format(box=0), r"sections\.icon_box: expected a length more than 0", data=SECS),
    Bad("sections-icon-box-1e-320", SECTIONS.format(box="1e-320"), r"sections\.icon_box: 5 mm icons for a .* mm box: expected a finite scale",
        data=SECS),
    Bad("card-gutter-negative", "rect: " + R, r"cards\.gutter: expected a length of at least 0",
        cards="w: 63mm\n  h: 88mm\n  gutter: -50"),
    Bad("card-too-big-for-the-paper", "rect: " + R, r"cards: a 250 x 250 mm card \(bleed 0 mm\) does not fit on A4",
        cards="w: 250mm\n  h: 250mm"),
    Bad("font-size-negative", '{text: {x: 0, y: 0, text: "hi", style: s}}', r"font_size: expected a length more than 0",
        style="font_size: -5"),
    Bad("font-size-0-template", '{text: {x: 0, y: 0, text: "hi", style: {font_size: "{v}"}}}',
        r"font_size: expected a length more than 0", data="v: 0"),
    Bad("ruler-length-negative", "ruler: {x: 0, y: 0, length: -50}", r"ruler\.length: expected a length of at least 0"),
    Bad("track-deeper-than-half", "track: {x: 0, y: 0, w: 100, h: 100, depth: 60, sides: [2, 2, 2, 2]}",
        r"track\.depth: a track 60 mm deep needs"),
]


def _out(folder: Path) -> None:
    """The folder make writes into (make makes it before drawing, to refuse one it cannot use)."""
    (folder / "out").mkdir()


def cases(bad: Bad) -> list[Case]:
    """``check`` of the layout, and ``make`` of it as PDF (and SVG where asked)."""
    component = "duplex" if bad.cards else "page"
    files = {f"layouts/calibration/{component}.yaml": page(bad), "bad.yaml": page(bad)}
    env = {"PRINTKIT_LAYOUTS": "{tmp}/layouts"}
    out = [Case(f"{bad.id}-check", ["check", "bad.yaml"], 2, r"bad\.yaml:\d+: .*" + bad.message,
                files=files, env=env, process=bad.process)]
    for fmt in ("pdf", "svg") if bad.svg else ("pdf",):
        out.append(Case(f"{bad.id}-make-{fmt}", ["make", "calibration", component, "--seed", "1", "--format", fmt,
                                                 "--out", "out"], 2, rf"calibration/{component}\.yaml:\d+: .*" + bad.message,
                        files=files, env=env, process=bad.process, setup=_out))
    return out


CASES = [case for bad in BAD for case in cases(bad)]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_case(case, tmp_path):
    run_case(case, tmp_path)


#: Values at the edge of what a layout may give, each drawn by check and make alike.
GOOD = [
    Bad("x-at-10m", "rect: {x: 10000mm, y: -10000mm, w: 10, h: 10}", ""),
    Bad("scale-1000-and-mirrored", "frame: {scale: -1000, elements: [{rect: {x: 0, y: 0, w: 0.01, h: 0.01}}]}", ""),
    Bad("rotate-100-turns", "frame: {rotate: -36000, elements: [{rect: " + R + "}]}", ""),
    Bad("dash-with-a-zero-gap", "rect: " + R, "", style="dash: [1, 0]"),
    Bad("text-0-high-and-radius-0", '{text: {x: 0, y: 5, h: 0, text: "{n:c}", valign: middle}}', "", data="n: 65"),
    Bad("tiny-rect-and-circle", "rect: {x: 0, y: 0, w: 0.001, h: 0.001, radius: 0}", ""),
    Bad("length-of-100-digits", f'rect: {{x: "0.{LONG[:98]}mm", y: 0, w: 10, h: 10}}', ""),
]


@pytest.mark.parametrize("bad", BAD + GOOD, ids=lambda b: b.id)
def test_check_refuses_exactly_what_make_fails_on(bad, tmp_path):
    """``check`` exits 2 on a layout if and only if ``make`` does, as PDF and as SVG; the bad
    layouts are refused (the corpus above holds each to its message), the edge ones drawn."""
    made = {}
    for case in cases(Bad(**{**bad.__dict__, "svg": True})):
        folder = tmp_path / case.id
        prepare(case, folder)
        made[case.id.rsplit("-", 1)[-1]] = execute(case, folder).exit_code
    assert made["check"] in (0, 2) and len(set(made.values())) == 1, made
    assert made["check"] == (2 if bad in BAD else 0), made


@pytest.mark.parametrize("text", ["9" * 9_000 + "x", "1" + " " * 9_000 + "x", "." + "9" * 9_000 + "e"])
def test_a_length_is_read_in_linear_time(text):
    """Under MAX_TEXT, so the regular expression itself reads it: the one before issue 26 took
    ~10 s on 9,000 digits and an x (quadratic backtracking); now well under a millisecond."""
    from printkit.core.units import parse_length

    start = time.perf_counter()
    with pytest.raises(ValueError, match="expected a length such as|more than 100 digits"):
        parse_length(text)
    assert time.perf_counter() - start < 0.5
