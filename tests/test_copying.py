"""Issue 27: copies a user keeps and edits. ``printkit examples [DIR]`` writes every game's example
records; ``printkit layouts copy DIR`` the layouts. (The installed package's copies are tested in
tests/test_install.py; the hostile command lines in tests/hostile/test_commands.py.)"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.conftest import run_cli

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted(p.relative_to(ROOT / "examples") for p in (ROOT / "examples").rglob("*.yaml"))


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _files(folder: Path) -> list[Path]:
    return sorted(p.relative_to(folder) for p in folder.rglob("*") if p.is_file())


def test_examples_writes_every_games_records_byte_for_byte_and_prints_each_path(here):
    r = run_cli("examples")
    assert r.exit_code == 0, r.output
    dest = here / "printkit-examples"
    assert _files(dest) == EXAMPLES
    assert {p.parts[0] for p in EXAMPLES} == {"gemblo", "gimbap", "jubako", "rollncook", "trickdumpling"}
    assert all((dest / p).read_bytes() == (ROOT / "examples" / p).read_bytes() for p in EXAMPLES)
    lines = r.stdout.splitlines()
    assert lines[:-1] == [str(Path("printkit-examples") / p) for p in EXAMPLES]
    assert lines[-1] == f"{len(EXAMPLES)} example records in printkit-examples ({len(EXAMPLES)} written, 0 already there as shipped)"
    # a written example is one to score
    scored = run_cli("score", "gimbap", str(dest / "gimbap" / "swap-after-wrong-roll.yaml"))
    assert scored.exit_code == 0 and "winner: Cy" in scored.stdout


def test_examples_again_writes_nothing_and_a_missing_file_comes_back(here):
    assert run_cli("examples", "ex").exit_code == 0
    (here / "ex" / "gimbap" / "two-players.yaml").unlink()
    r = run_cli("examples", "ex")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines() == [str(Path("ex/gimbap/two-players.yaml")),
                                     f"{len(EXAMPLES)} example records in ex (1 written, {len(EXAMPLES) - 1} already there as shipped)"]


def test_examples_never_write_over_a_file_the_user_changed_and_then_write_nothing(here):
    assert run_cli("examples", "ex").exit_code == 0
    mine = here / "ex" / "trickdumpling" / "wild-first.yaml"
    mine.write_text("my game\n")
    gone = here / "ex" / "gemblo" / "two-players.yaml"
    gone.unlink()
    r = run_cli("examples", "ex")
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr == (f"printkit: error: {Path('ex/trickdumpling/wild-first.yaml')} differs from the file printkit "
                        "ships (your changes?): nothing was written; remove it to get a fresh copy, or choose "
                        "another folder\n")
    assert mine.read_text() == "my game\n" and not gone.exists()


def test_examples_replace_a_link_in_place_of_a_file_never_what_it_points_to(here):
    outside = here / "outside.yaml"
    outside.write_text("not printkit's\n")
    (here / "ex" / "gimbap").mkdir(parents=True)
    os.symlink(outside, here / "ex" / "gimbap" / "two-players.yaml")
    r = run_cli("examples", "ex")
    assert r.exit_code == 0, r.output
    assert outside.read_text() == "not printkit's\n"
    link = here / "ex" / "gimbap" / "two-players.yaml"
    assert not link.is_symlink() and link.read_bytes() == (ROOT / "examples/gimbap/two-players.yaml").read_bytes()


LAYOUTS = sorted(p.relative_to(ROOT / "layouts") for p in (ROOT / "layouts").rglob("*") if p.is_file())


def test_layouts_copy_writes_the_whole_layouts_folder_and_says_how_to_use_it(tmp_path):
    dest = tmp_path / "mine"
    r = run_cli("layouts", "copy", str(dest))
    assert r.exit_code == 0, r.output
    assert _files(dest) == LAYOUTS and {p.parts[0] for p in LAYOUTS} >= {"calibration", "gimbap", "rollncook"}
    assert all((dest / p).read_bytes() == (ROOT / "layouts" / p).read_bytes() for p in LAYOUTS)
    assert r.stdout.splitlines() == [str(dest / p) for p in LAYOUTS] + [
        f"{len(LAYOUTS)} layout files in {dest} ({len(LAYOUTS)} written, 0 already there as shipped)",
        f"use them with: PRINTKIT_LAYOUTS={dest} printkit make ..."]
    assert run_cli("layouts", "copy", str(dest)).stdout.splitlines()[0].startswith(f"{len(LAYOUTS)} layout files")


def test_layouts_help_has_an_example():
    r = run_cli("layouts", "copy", "--help")
    assert r.exit_code == 0 and "Example" in r.output and "printkit layouts copy my-layouts" in r.output
    assert "PRINTKIT_LAYOUTS=my-layouts printkit make gimbap pad" in r.output
    assert "copy" in run_cli("layouts", "--help").output and "layouts" in run_cli("--help").output


@pytest.fixture(scope="module")
def copied(tmp_path_factory) -> Path:
    dest = tmp_path_factory.mktemp("layouts") / "mine"
    assert run_cli("layouts", "copy", str(dest)).exit_code == 0
    return dest


def test_a_copied_layout_checks_with_its_includes_inside_the_copy(copied):
    # gimbap/pad.yaml includes icons.yaml, which includes ../common.yaml: inside the copy
    files = [str(copied / "gimbap" / "pad.yaml"), str(copied / "rollncook" / "icons.yaml")]
    r = run_cli("check", *files, env={"PRINTKIT_LAYOUTS": str(copied)})
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines() == [f"ok  {files[0]}  (drawn by gimbap pad)",
                                     f"ok  {files[1]}  (a library: checked without drawing)"]
    # without naming the copy: its includes still resolve inside it (the copy is marked as a
    # folder of layouts, PRINTKIT-LAYOUTS.txt), though no game draws it then
    r = run_cli("check", files[0])
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines() == [f"ok  {files[0]}  (needs a game's data: checked without drawing)"]


def test_a_layout_outside_a_marked_folder_includes_only_from_its_own_folder(copied, tmp_path):
    """The mark is what widens the includes: a copy of one game's folder without it is refused,
    and says how to make a copy that works."""
    import shutil

    alone = tmp_path / "alone"
    shutil.copytree(copied / "gimbap", alone / "gimbap")
    r = run_cli("check", str(alone / "gimbap" / "pad.yaml"))
    assert r.exit_code == 2
    assert "is outside the layouts folder" in r.stderr and "printkit layouts copy DIR" in r.stderr, r.stderr


@pytest.mark.parametrize("args", [["gimbap", "pad"], ["rollncook", "sheet", "--seed", "7", "--format", "both"]])
def test_make_with_the_copied_layouts_is_byte_identical_to_the_shipped_ones(copied, tmp_path, args):
    shipped, mine = tmp_path / "shipped", tmp_path / "mine"
    assert run_cli("make", *args, "--out", str(shipped)).exit_code == 0
    r = run_cli("make", *args, "--out", str(mine), env={"PRINTKIT_LAYOUTS": str(copied)})
    assert r.exit_code == 0, r.output
    names = sorted(p.name for p in shipped.iterdir())
    assert names and sorted(p.name for p in mine.iterdir()) == names
    assert [n for n in names if (shipped / n).read_bytes() != (mine / n).read_bytes()] == []


def test_make_reads_the_copy_named_by_printkit_layouts(copied, tmp_path):
    edited = tmp_path / "edited"
    shutil.copytree(copied, edited)
    (edited / "gimbap" / "pad.yaml").unlink()
    r = run_cli("make", "gimbap", "pad", "--out", str(tmp_path / "out"), env={"PRINTKIT_LAYOUTS": str(edited)})
    assert r.exit_code == 2 and "pad.yaml" in r.stderr and len(r.stderr.splitlines()) == 1


@pytest.mark.parametrize(("layout", "key", "make"), [
    ("jubako/board.yaml", "board_top", ["jubako", "board"]),                  # a key of data
    ("rollncook/sheet.yaml", "more_h", ["rollncook", "sheet", "--seed", "7"]),  # a key within data's grid
])
def test_a_copy_from_an_older_printkit_names_the_data_key_it_lacks(copied, tmp_path, layout, key, make):
    """A copy made before a layout gained a data key (issue 28 added ``board_top``, the
    inventory's ``more`` box, which the games' code reads) is one line naming the key and how to copy again, not an
    internal error; the copy with the key makes the file."""
    import re

    old = tmp_path / "old"
    shutil.copytree(copied, old)
    path = old / layout
    text = path.read_text()
    assert re.search(rf"^\s+{key}:", text, re.M), f"{layout} has no {key}"
    path.write_text(re.sub(rf"^\s+{key}:.*\n", "", text, count=1, flags=re.M))
    r = run_cli("make", *make, "--out", str(tmp_path / "out"), env={"PRINTKIT_LAYOUTS": str(old)})
    assert r.exit_code == 2 and len(r.stderr.splitlines()) == 1, r.output
    assert key in r.stderr and "printkit layouts copy" in r.stderr and "internal error" not in r.stderr
    r = run_cli("make", *make, "--out", str(tmp_path / "out"), env={"PRINTKIT_LAYOUTS": str(copied)})
    assert r.exit_code == 0, r.output
