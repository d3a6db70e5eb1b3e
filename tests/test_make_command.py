"""``printkit make`` command lines as a user types them (typer parses each): what is made and
printed, and every mistake as one line with exit code 2, nothing made."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from printkit import making
from tests.conftest import run_cli

ROOT = Path(__file__).resolve().parents[1]

#: Command lines: twelve that make small components (a few seconds in all), then mistakes. Each
#: gets its own --out (``--out DIR`` or ``--out=DIR``) unless it names one.
MADE = [
    ["make", "calibration", "page", "--seed=7"],
    ["make", "calibration", "page", "--paper", "letter", "--format", "both", "--bw"],
    ["make", "rollncook", "--seed", "7"],
    ["make", "rollncook", "sheet", "--seed", "007", "--count", "2", "--no-crop-marks"],
    ["make", "jubako", "tokens", "--format", "svg", "--bleed", "3"],
    ["make", "rollncook", "--seed", "12", "--format", "json", "--count=3"],
    ["make", "gimbap", "dice", "--set", "edge=25mm", "--bw", "--set=edge=22mm"],
    ["make", "rollncook", "--fillable", "--seed", "7", "--duplex-offset", "-0.5,1"],
    ["make", "gemblo", "overview", "--hex-size", "12mm", "--crop-marks", "--paper=LETTER"],
    ["make", "calibration", "page", "page", "--bleed=2.5", "--format", "PDF"],
    ["make", "gimbap", "pad", "--set", "fillable=yes", "--fillable"],  # an option and its setting
    ["make", "calibration", "page", "--out", "-h"],  # click takes the next word as the value
    # mistakes: one line on stderr, exit code 2, nothing made
    ["make", "nosuchgame", "--seed", "1"],
    ["make", "rollncok", "--seed", "1"],
    ["make", ""],
    ["make", "calibration", "--paper", "a5"],
    ["make", "rollncook", "--seed", "9223372036854775807", "--count", "2"],
    ["make", "rollncook", "--seed", "123456789012345678901234567890"],
    ["make", "calibration", "page", "--set", "nope=1"],
    ["make", "calibration", "page", "--set", "novalue"],
    ["make", "calibration", "page", "--hex-size", "12mm"],
    ["make", "calibration", "--format", "xyz"],
    ["make", "calibration", "page", "--format", "json"],
    ["make", "calibration", "--duplex-offset", "20,0"],
    ["make", "calibration", "--duplex-offset", "nan,0"],
    ["make", "calibration", "--bleed", "11"],
    ["make", "rollncook", "--seed", "7", "--count", "x"],
    ["make", "all", "sheet"],
    ["make", "jubako", "tokens", "--fillable"],
    ["make", "calibration", "nosuch"],
    ["make", "calibration", "page", "--out", "a-file/x"],
]


def _with_out(i: int, args: list[str]) -> list[str]:
    if "--out" in args:
        return args
    return [*args, f"--out=o{i}"] if i % 2 else [*args, "--out", f"o{i}"]


def test_command_lines_make_files_or_say_what_is_wrong(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each command line of MADE: the paths it printed are the files it made; each mistake is
    one line on stderr, exit code 2, nothing on stdout and nothing made."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a-file").write_text("not a folder\n", encoding="utf-8")
    results = [run_cli(*_with_out(i, args)) for i, args in enumerate(MADE)]
    assert [r.exit_code for r in results] == [0] * 12 + [2] * (len(MADE) - 12), [r.stderr for r in results]
    for args, r in zip(MADE[12:], results[12:], strict=True):
        assert r.stdout == "" and r.stderr.startswith("printkit: error: ") and r.stderr.count("\n") == 1, args
    printed = [line for r in results for line in r.stdout.splitlines()]
    assert len(printed) >= 12 and all((tmp_path / line).is_file() for line in printed)
    made = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file() and p.name != "a-file")
    assert made == sorted(printed)  # nothing made that was not printed, by the mistakes neither


def test_make_as_a_user_runs_it_and_again_from_the_disk_cache(tmp_path: Path) -> None:
    """``printkit make rollncook --seed 7`` as a user runs it (python -m printkit): its sheet and
    path; run again, its layouts and content come from the disk cache: no PyYAML imported."""
    probe = ("import atexit, sys, runpy\n"
             "atexit.register(lambda: print('yaml' in sys.modules, file=sys.stderr))\n"
             "sys.argv = ['printkit', 'make', 'rollncook', '--seed', '7', '--out', 'kit']\n"
             "runpy.run_module('printkit', run_name='__main__', alter_sys=True)\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    env.pop("PRINTKIT_CACHE", None)
    yaml = []
    for _ in range(2):  # the first run fills the disk cache
        p = subprocess.run([sys.executable, "-c", probe], capture_output=True, cwd=tmp_path, timeout=120, env=env)
        assert p.returncode == 0 and p.stdout == b"kit/rollncook-sheet-seed7-a4.pdf\n", p.stderr
        yaml.append(p.stderr.decode().strip().splitlines()[-1])
    assert yaml == ["True", "False"]
    assert (tmp_path / "kit" / "rollncook-sheet-seed7-a4.pdf").read_bytes().startswith(b"%PDF")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_the_jobs_show_on_click_progress_bar(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """More than one component on a terminal: typer's (click's) progress bar."""
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    making.make_kit("calibration", out=tmp_path)
    assert "Making" in terminal.getvalue()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["calibration-duplex-a4.pdf", "calibration-page-a4.pdf"]


#: Every file name the README and docs/*.md promise, and the make that writes it (issue 27: the
#: README promised ``kit-contact-sheet-a4.png``; ``make all --format png`` writes the seed in).
DOCUMENTED_NAMES = {
    "calibration-page-a4.pdf": ["make", "calibration", "page"],
    "rollncook-sheet-seed7-a4-fillable.pdf": ["make", "rollncook", "--seed", "7", "--fillable"],
    "kit-contact-sheet-seed7-a4.png": None,  # make all --format png: every page rasterised, see below
}


def _documented_names() -> set[str]:
    """File names in README.md and docs/*.md: words ending .pdf or .png with a paper in them
    (``...-pad-a4-fillable.pdf``, a name's tail, is left out)."""
    names = set()
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = doc.read_text(encoding="utf-8")
        for sep in "`()/,;:":
            text = text.replace(sep, " ")
        names |= {w for w in text.split() if w.endswith((".pdf", ".png")) and not w.startswith(".")
                  and ("-a4" in w or "-letter" in w)}
    return names


def test_file_names_the_docs_promise_are_the_names_make_writes(tmp_path: Path) -> None:
    from printkit.core.draw.page import PrintOptions

    assert _documented_names() == set(DOCUMENTED_NAMES)
    for name, args in DOCUMENTED_NAMES.items():
        if args is None:  # make all's contact sheet, named as make_kit names it (of no pages: cheap)
            made = making._contact_sheet("all", [], PrintOptions(seed=7), tmp_path, seeded=True)
            assert made.name == name
            continue
        r = run_cli(*args, "--out", str(tmp_path / name))
        assert r.exit_code == 0 and name in [Path(p).name for p in r.stdout.split()], (name, r.stdout)


def test_a_component_printed_on_anothers_sheets_is_made_once() -> None:
    """Jubako's tokens are printed on the tiles' last sheet: 'make all' and 'make jubako' leave
    them out (the tiles carry them), named alone they are made, and as items (--format cards,
    tts: the tiles alone there) they are made too."""
    names = lambda comps: [f"{c.game} {c.name}" for c in comps]  # noqa: E731
    for target in ("all", "jubako"):
        made = names(making._components(target, None))
        assert "jubako tiles" in made and "jubako tokens" not in made
        assert "jubako tokens" in names(making._components(target, None, items=True))
    assert names(making._components("jubako", ["tokens"])) == ["jubako tokens"]
