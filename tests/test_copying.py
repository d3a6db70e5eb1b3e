"""Issue 27: copies a user keeps and edits. ``printkit examples [DIR]`` writes every game's example
records; ``printkit layouts copy DIR`` the layouts. (The installed package's copies are tested in
tests/test_install.py; the hostile command lines in tests/hostile/test_commands.py.)"""

from __future__ import annotations

import os
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
