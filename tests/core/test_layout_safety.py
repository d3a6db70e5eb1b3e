"""A layout from anywhere is data, not code: templates name data only, includes stay inside the
layouts folder, work is bounded, and 'check' finds what 'make' would (issue 15)."""

import shutil
import time
from pathlib import Path
from textwrap import dedent

import pytest

from printkit.core import text as text_mod
from printkit.core.build import build_document
from printkit.core.draw.page import FooterInfo, PrintOptions
from printkit.core.layout import render
from printkit.core.layout.load import load_layout
from printkit.core.layout.template import TemplateError, fill
from printkit.core.limits import MAX_TEXT, MAX_WIDTH
from printkit.core.resources import layouts_dir
from printkit.errors import InputError
from tests.conftest import run_cli

INFO = FooterInfo("test", "safety")
ATTACK = "{slots.qr.__globals__[build_document].__globals__[load_layout].__globals__[os].environ[SECRET]}"


def write(folder: Path, text: str, name: str = "t.yaml") -> Path:
    p = folder / name
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(dedent(text))
    return p


def one_page(folder: Path, elements: str, data=None, name: str = "t.yaml"):
    body = "\n".join("      " + ln for ln in dedent(elements).strip().splitlines())
    p = write(folder, f"size: [100mm, 100mm]\npages:\n  - elements:\n{body}\n", name)
    doc = build_document(str(p), PrintOptions(), INFO, data)
    return list(doc.pages)


@pytest.fixture
def layouts_copy(tmp_path):
    copy = tmp_path / "layouts"
    shutil.copytree(layouts_dir(), copy)
    return copy


def no_files(folder: Path) -> bool:
    return not folder.exists() or not any(folder.iterdir())


# -- templates name data, nothing else ---------------------------------------------------------

def test_the_templates_the_shipped_layouts_use_still_work():
    data = {"pitch": 1 / 3, "cell": 12.5, "p": [3, 4], "fit": {"board": {"scale": 0.456, "cell": 18.04}},
            "threshold": {3: 15}, "item": {"name": "Ann"}, "n": 7}
    assert fill("{pitch:.4f}|{cell:g}|{p[1]}|{fit.board.scale:.0%}|{fit.board.cell:.1f}", data) == \
        "0.3333|12.5|4|46%|18.0"
    assert fill("{threshold[3]} {item.name!r} {n:>4} {{x}}", data) == "15 'Ann'    7 {x}"


@pytest.mark.parametrize("template, says", [
    ("{f.__globals__}", "names starting with '__'"),
    ("{d[__class__]}", "names starting with '__'"),
    ("{o.secret}", "a Box, which has no 'secret'"),
    ("{f}", "not text or a number"),
    ("{d.k.real}", "a int, which has no 'real'"),
    ("{}", "does not name any data"),
    ("{0}", "no data called '0'"),
    ("{n:>1001}", f"the width may be at most {MAX_WIDTH}"),
    ("{n:.99999f}", f"the precision may be at most {MAX_WIDTH}"),
    ("{n:{w}}", "cannot hold a template"),
    ("{n!x}", "conversion"),
    ("{n", "brace"),
])
def test_templates_never_reach_into_python_objects(template, says):
    class Box:
        secret = "s3cr3t"

    with pytest.raises(TemplateError, match=says) as e:
        fill(template, {"f": fill, "o": Box(), "d": {"k": 1}, "n": 5, "w": 3})
    assert "s3cr3t" not in str(e.value)


def _title_line(sheet) -> int:
    """The line of the Roll n Cook sheet's title text (the one these tests edit), from 1."""
    return next(i for i, ln in enumerate(sheet.read_text().splitlines(), 1) if "text: {x: 7mm, y: 0, text:" in ln)


def test_the_environment_attack_is_refused_and_prints_nothing(layouts_copy, tmp_path, monkeypatch):
    sheet = layouts_copy / "rollncook" / "sheet.yaml"
    sheet.write_text(sheet.read_text().replace('text: "Roll n Cook"', f'text: "{ATTACK}"', 1))
    env = {"PRINTKIT_LAYOUTS": str(layouts_copy), "SECRET": "hunter2-env-secret"}
    out = tmp_path / "out"
    for args in (("make", "rollncook", "--seed", "1", "--out", str(out)), ("check",), ("check", str(sheet))):
        r = run_cli(*args, env=env)
        assert r.exit_code == 2, args
        assert "hunter2" not in r.output and "hunter2" not in r.stderr
        assert r.stderr.count("\n") == 1 and f"rollncook/sheet.yaml:{_title_line(sheet)}:" in r.stderr
        assert "names starting with '__'" in r.stderr
    assert no_files(out)


def test_a_huge_format_width_is_refused_at_once(tmp_path):
    p = write(tmp_path, 'size: [100mm, 100mm]\npages:\n  - elements:\n'
                        '      - text: {x: 0, y: 0, text: "{paper:>100000000}"}\n')
    start = time.perf_counter()
    r = run_cli("check", str(p))
    assert r.exit_code == 2 and "t.yaml:4" in r.stderr and "width may be at most 1000" in r.stderr
    assert time.perf_counter() - start < 2


def test_a_template_gives_at_most_max_text_characters(tmp_path):
    with pytest.raises(InputError, match="longer than 10000 characters") as e:
        one_page(tmp_path, "- text: {x: 0, y: 0, text: '" + "{paper:>1000}" * 11 + "'}")
    assert e.value.line == 4
    with pytest.raises(InputError, match="longer than the 10,000 a text box takes"):
        one_page(tmp_path, "- text: {x: 0, y: 0, text: '" + "x" * (MAX_TEXT + 1) + "'}")


def test_data_names_in_over_are_checked_when_loaded(tmp_path):
    p = write(tmp_path, "size: [1, 1]\npages:\n  - over: __class__\n    elements: []\n")
    with pytest.raises(InputError, match="bad data name") as e:
        load_layout(p)
    assert e.value.where == "pages[0].over" and e.value.line == 3


# -- includes ---------------------------------------------------------------------------------

def test_includes_stay_inside_the_layouts_folder_and_never_echo_outside_files(layouts_copy, tmp_path):
    secret = tmp_path / "private.yaml"
    secret.write_text("PRIVATE-LINE: do not show\n")
    (layouts_copy / "leak.yaml").symlink_to(secret)
    page = layouts_copy / "calibration" / "page.yaml"
    original = page.read_text()
    for inc in ("/etc/passwd", str(secret), "../../private.yaml", "../leak.yaml", "../../../../../../etc/passwd"):
        page.write_text(original.replace("include: [", f"include: [{inc!r}, ", 1))
        for args in (("check", str(page)), ("make", "calibration", "page", "--out", str(tmp_path / "out"))):
            r = run_cli(*args, env={"PRINTKIT_LAYOUTS": str(layouts_copy)})
            assert r.exit_code == 2 and "include[0]" in r.stderr and "outside the layouts folder" in r.stderr
            assert "PRIVATE" not in r.stderr and "root:" not in r.stderr
    assert no_files(tmp_path / "out")


def test_a_file_outside_the_layouts_folder_includes_only_from_its_own_folder(tmp_path):
    write(tmp_path, "styles: {}\n", "lib.yaml")
    write(tmp_path / "sub", "styles: {}\n", "lib.yaml")
    assert load_layout(write(tmp_path, "include: [sub/lib.yaml]\n", "top.yaml")).sources[1].endswith("lib.yaml")
    with pytest.raises(InputError, match="outside the layouts folder") as e:
        load_layout(write(tmp_path / "sub", "include: [../lib.yaml]\n", "inner.yaml"))
    assert e.value.where == "include[0]" and e.value.line == 1


def test_includes_are_read_once_however_often_they_are_included(tmp_path):
    n = 30  # each file includes every later one: 2**29 paths through the includes
    for i in range(n):
        later = ", ".join(f"f{j}.yaml" for j in range(i + 1, n))
        write(tmp_path, f"include: [{later}]\nstyles:\n  s{i}: {{stroke_width: {i + 1}mm}}\n", f"f{i}.yaml")
    start = time.perf_counter()
    layout = load_layout(tmp_path / "f0.yaml")
    assert time.perf_counter() - start < 1.0
    assert len(layout.styles) == n and len(layout.sources) == n


def test_files_including_each_other_are_still_refused(tmp_path):
    write(tmp_path, "include: [b.yaml]\n", "a.yaml")
    write(tmp_path, "include: [a.yaml]\n", "b.yaml")
    with pytest.raises(InputError, match="in a circle"):
        load_layout(tmp_path / "a.yaml")


# -- bounded work -----------------------------------------------------------------------------

def test_nested_repeats_are_capped_per_page(tmp_path):
    start = time.perf_counter()
    with pytest.raises(InputError, match="more than 50,000 elements on one page") as e:
        one_page(tmp_path, """\
            - repeat:
                count: 10000
                elements:
                  - repeat:
                      count: 10000
                      elements:
                        - rect: {x: 0, y: 0, w: 1, h: 1}
            """)
    assert e.value.line is not None and time.perf_counter() - start < 5


@pytest.mark.parametrize("element", [
    "- repeat: {count: 10000, elements: [{hexgrid: {x: 0, y: 0, across_flats: 5, radius: 50}}]}",
    "- ruler: {x: 0, y: 0, length: 9000}",
    "- repeat: {count: 10000, elements: [{repeat: {count: 10000, elements: []}}]}",
    "- repeat: {count: 10000, elements: [{track: {w: 50, h: 50, depth: 5, sides: [1000, 1000, 1000, 1000]}}]}",
])
def test_grids_rulers_tracks_and_empty_repeats_count_too(tmp_path, monkeypatch, element):
    monkeypatch.setattr(render, "MAX_PAGE_WORK", 5000)
    with pytest.raises(InputError, match="more than 5,000 elements on one page"):
        one_page(tmp_path, element)


def test_a_document_is_capped_as_a_whole(tmp_path, monkeypatch):
    monkeypatch.setattr(render, "MAX_DOCUMENT_WORK", 500)
    p = write(tmp_path, "size: [1, 1]\npages:\n  - over: many\n    elements:\n"
                        "      - repeat: {count: 200, elements: [{circle: {x: 0, y: 0, r: 1}}]}\n")
    doc = build_document(str(p), PrintOptions(), INFO, {"many": list(range(5))})
    with pytest.raises(InputError, match="more than 500 elements in one document"):
        list(doc.pages)


def test_pages_per_document_are_capped(tmp_path, monkeypatch):
    from printkit.core import build

    monkeypatch.setattr(build, "MAX_PAGES", 10)
    p = write(tmp_path, "size: [1, 1]\npages:\n  - over: many\n    elements: []\n")
    with pytest.raises(InputError, match="11 pages: a document has at most 10"):
        build_document(str(p), PrintOptions(), INFO, {"many": list(range(11))})


@pytest.mark.parametrize("element, says", [
    ("- circle: {x: .nan, y: 0, r: 1}", "finite"),
    ("- circle: {x: 0, y: 0, r: '{v}mm'}", "finite length"),
    ("- use: {symbol: s, rotate: .inf}", "finite"),
    ("- track: {w: 5, h: 5, depth: 1, sides: [0, 1, 1, 1]}", "greater than or equal to 1"),
    ("- text: {x: 0, y: 0, text: hi, style: {font_size: '{big}'}}", "font.size"),
])
def test_values_that_would_hang_or_mislead_are_refused(tmp_path, element, says):
    with pytest.raises(InputError, match=says):
        one_page(tmp_path, element, data={"v": "1e999", "big": "1e300"})


def test_shrinking_text_stops_even_with_no_minimum(tmp_path):
    with pytest.raises(InputError, match="does not fit"):
        one_page(tmp_path, "- text: {x: 0, y: 0, w: 1, h: 0, text: Hello, shrink: true, min_size: 0}")


# -- render errors name the file and line -------------------------------------------------------

def test_render_errors_name_the_file_and_line_even_in_an_included_symbol(tmp_path):
    write(tmp_path, "symbols:\n  dot:\n    elements:\n      - circle: {x: 0, y: 0, r: '{nope}mm'}\n", "lib.yaml")
    p = write(tmp_path, "include: [lib.yaml]\nsize: [1, 1]\npages:\n  - elements:\n      - use: {symbol: dot}\n")
    with pytest.raises(InputError, match="names 'nope' which the data does not have") as e:
        build_document(str(p), PrintOptions(), INFO)
    assert e.value.file.endswith("lib.yaml") and e.value.line == 4


# -- check does what make does --------------------------------------------------------------------

def test_check_without_a_layouts_folder_is_an_error(tmp_path):
    r = run_cli("check", env={"PRINTKIT_LAYOUTS": str(tmp_path / "nonexistent")})
    assert r.exit_code == 2 and r.stderr.startswith("printkit: error: no layouts folder at ")
    r = run_cli("check", env={"PRINTKIT_LAYOUTS": str(tmp_path)})
    assert r.exit_code == 2 and "no layout files" in r.stderr


def test_check_finds_render_errors_with_the_games_data(layouts_copy):
    sheet = layouts_copy / "rollncook" / "sheet.yaml"
    sheet.write_text(sheet.read_text().replace('text: "Roll n Cook"', 'text: "{restaurant.name}"', 1))
    r = run_cli("check", str(sheet), env={"PRINTKIT_LAYOUTS": str(layouts_copy)})
    assert r.exit_code == 2 and f"rollncook/sheet.yaml:{_title_line(sheet)}:" in r.stderr
    assert "names 'restaurant' which the data does not have" in r.stderr


def test_check_draws_a_standalone_file_with_its_own_data(tmp_path):
    good = write(tmp_path, "size: [10, 10]\ndata: {w: 5}\npages:\n  - elements:\n"
                           "      - rect: {x: 0, y: 0, w: '{w}mm', h: 1}\n", "good.yaml")
    bad = write(tmp_path, "size: [10, 10]\ndata: {w: wide}\npages:\n  - elements:\n"
                          "      - rect: {x: 0, y: 0, w: '{w}mm', h: 1}\n", "bad.yaml")
    needs = write(tmp_path, "size: [10, 10]\npages:\n  - elements:\n      - slot: {name: art}\n", "needs.yaml")
    r = run_cli("check", str(good), str(needs))
    assert r.exit_code == 0 and "drawn with its own data" in r.output and "needs a game's data" in r.output
    r = run_cli("check", str(bad))
    assert r.exit_code == 2 and "bad.yaml:5: pages[0].elements[0].rect.w: expected a length" in r.stderr


# -- fonts -------------------------------------------------------------------------------------

def test_text_the_font_cannot_show_is_warned_about_once(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(text_mod, "_warned", {})
    one_page(tmp_path, "- text: {x: 0, y: 0, text: '漢字 ไทย ok'}\n- text: {x: 0, y: 9, text: '漢字'}")
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("printkit: warning: ")
    assert "t.yaml:4: pages[0].elements[0].text: font 'sans' has no glyph for" in err
    assert "U+6F22" in err and "U+0E44" in err and "empty boxes" in err
    one_page(tmp_path, "- text: {x: 0, y: 0, text: 'plain ASCII, · × − ±'}")
    assert capsys.readouterr().err == ""


def test_a_fifo_or_folder_is_refused_at_once_not_read(tmp_path):
    import os

    os.mkfifo(tmp_path / "pipe.yaml")
    p = write(tmp_path, "include: [pipe.yaml]\n")
    with pytest.raises(InputError, match="'pipe.yaml' is not a regular file"):
        load_layout(p)
    with pytest.raises(InputError, match="not a regular file"):
        load_layout(tmp_path / "pipe.yaml")
