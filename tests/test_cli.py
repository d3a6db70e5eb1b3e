"""The command line as a user meets it: help, listing, making, and errors without tracebacks."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from printkit.core.resources import layouts_dir
from printkit.core.registry import games
from tests.conftest import run_cli

COMMANDS = ["list", "make", "check", "score", "scan", "schema", "solve", "simulate", "rules", "examples"]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help_with_an_example(command):
    r = run_cli(command, "--help")
    assert r.exit_code == 0
    assert "Example" in r.output and f"printkit {command}" in r.output


def test_top_level_help_and_version():
    r = run_cli("--help")
    assert r.exit_code == 0 and all(c in r.output for c in COMMANDS)
    assert "printkit make calibration" in r.output
    assert run_cli("--version").output.startswith("printkit ")


def test_list_shows_components_with_page_counts():
    r = run_cli("list")
    assert r.exit_code == 0
    lines = {ln.split()[1]: ln for ln in r.output.splitlines() if ln.startswith("calibration")}
    assert lines["page"].split()[2] == "1/1"
    assert lines["duplex"].split()[2] == "2/2"
    assert "A4 210 x 297 mm" in r.output and "Letter 215.9 x 279.4 mm" in r.output


def test_make_prints_the_paths_it_wrote(tmp_path):
    r = run_cli("make", "calibration", "page", "--paper", "letter", "--format", "both", "--bw", "--out", str(tmp_path))
    assert r.exit_code == 0, r.output
    printed = [Path(p) for p in r.stdout.split()]
    assert [p.name for p in printed] == ["calibration-page-letter-bw.pdf", "calibration-page-letter-bw-p01.svg"]
    assert all(p.exists() and p.stat().st_size > 1000 for p in printed)


def test_make_all_makes_every_registered_component(tmp_path):
    r = run_cli("make", "all", "--seed", "3", "--out", str(tmp_path))
    assert r.exit_code == 0, r.output
    made = sorted(p.name for p in tmp_path.iterdir())
    # every component but those printed on another's sheets (Jubako's and Gimbap's tokens)
    assert made == sorted(f"{c.game}-{c.name}{'-seed3' if c.seeded else ''}-a4.pdf"
                          for comps in games().values() for c in comps.values() if not c.printed_with)
    assert "calibration-page-a4.pdf" in made and "gimbap-dice-a4.pdf" in made and "gimbap-tokens-a4.pdf" not in made


@pytest.mark.parametrize("args,message", [
    (["make", "chess"], "unknown game 'chess'"),
    (["make", "calibration", "poster"], "no component 'poster'"),
    (["make", "calibration", "--paper", "a5"], "--paper must be one of"),
    (["make", "calibration", "--format", "gif"], "--format must be pdf, svg, both, json, png, cards or tts"),
    (["make", "calibration", "--duplex-offset", "1;2"], "--duplex-offset takes X,Y"),
    (["make", "calibration", "--duplex-offset", "40,0"], "more than 10 mm"),
    (["make", "calibration", "--bleed", "11"], "bleed must be between 0 and 10 mm"),
    (["make", "all", "page"], "'make all' takes no component names"),
])
def test_errors_are_one_message_and_exit_2(args, message):
    r = run_cli(*args)
    assert r.exit_code == 2
    assert message in r.stderr
    assert "Traceback" not in r.output + r.stderr


@pytest.fixture
def broken_layouts(tmp_path):
    """A copy of the layouts with one key misspelt in the calibration page."""
    copy = tmp_path / "layouts"
    shutil.copytree(layouts_dir(), copy)
    page = copy / "calibration" / "page.yaml"
    text = page.read_text()
    assert "radius: 3mm" in text
    page.write_text(text.replace("radius: 3mm", "radius: 3mm, colour: red"))
    return copy


def test_malformed_layout_exits_2_naming_file_line_and_key(broken_layouts, tmp_path):
    r = run_cli("make", "calibration", "--out", str(tmp_path / "out"), env={"PRINTKIT_LAYOUTS": str(broken_layouts)})
    assert r.exit_code == 2
    assert "layouts/calibration/page.yaml:" in r.stderr
    assert "pages[0].elements[" in r.stderr and "rect.colour: unknown key" in r.stderr
    assert "Traceback" not in r.stderr
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())
    r = run_cli("check", str(broken_layouts / "calibration" / "page.yaml"))
    assert r.exit_code == 2 and "unknown key" in r.stderr


def test_check_passes_the_shipped_layouts():
    r = run_cli("check")
    assert r.exit_code == 0
    assert "calibration/page.yaml" in r.output and "common.yaml" in r.output


def test_console_script_and_module_run(tmp_path):
    exe = Path(sys.executable).with_name("printkit")  # beside the venv's python, on PATH or not
    assert exe.is_file(), "the console script is installed by pip install -e ."
    r = subprocess.run([exe, "make", "calibration", "page", "--out", str(tmp_path)], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.strip().endswith("calibration-page-a4.pdf")
    r = subprocess.run([sys.executable, "-m", "printkit", "make", "nope"], capture_output=True, text=True)
    assert r.returncode == 2 and "unknown game" in r.stderr and "Traceback" not in r.stderr


def test_seeded_components_get_a_printed_random_seed(tmp_path, monkeypatch):
    from printkit.core.build import build_document
    from printkit.core.draw.page import FooterInfo
    from printkit.core import registry

    # (the duplex check: a layout that needs no code's data; the page's swatches are a slot)
    comp = registry.Component("calibration", "seeded", "test only",
                              lambda o: build_document("calibration/duplex.yaml", o, FooterInfo("calibration", "seeded", o.seed)),
                              seeded=True)
    monkeypatch.setitem(registry.games()["calibration"], "seeded", comp)
    r = run_cli("make", "calibration", "seeded", "--out", str(tmp_path))
    assert r.exit_code == 0
    assert "No --seed given: using seed" in r.stderr
    seed = r.stderr.split("using seed ")[1].split()[0]
    assert r.stdout.strip().endswith(f"calibration-seeded-seed{seed}-a4.pdf")
    r = run_cli("make", "calibration", "seeded", "--seed", "7", "--out", str(tmp_path))
    assert r.stdout.strip().endswith("calibration-seeded-seed7-a4.pdf") and "No --seed" not in r.stderr
