"""Issue 16: the common ``printkit make`` command lines start without typer. printkit/cli.py's
``_plain_make`` reads them itself and runs printkit.making.make_kit, the function the typer command
calls; everything else (help, unknown options, numbers typer reads its own way ...) goes to typer.
Both ways must make the same files and print the same bytes with the same exit code."""

from __future__ import annotations

import gc
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from printkit import cli, making
from tests.batchrun import run_each

ROOT = Path(__file__).resolve().parents[1]

#: One command line run through printkit.cli.main: the plain way, or (typer_way) with _plain_make
#: turned off, every command line through typer as before.
RUN = """
import sys
from printkit import cli
if {typer_way!r}:
    cli._plain_make = lambda args: None
sys.argv = ["printkit", *{args!r}]
cli.main()
"""
#: Run last in the plain way's process: no script before it imported typer (or click).
NO_TYPER = "import sys\nprint(sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'click')))"

#: Command lines the plain way runs, small components only (a few seconds in all). Each gets its
#: own --out (``--out DIR`` or ``--out=DIR``) unless it names one.
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


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_plain_make_makes_what_typer_makes(tmp_path: Path) -> None:
    """Each command line of MADE, the plain way and typer's, each in a folder of its own: the same
    exit code, stdout (the paths), stderr and files, byte for byte; the plain way imports no typer."""
    cases = [_with_out(i, args) for i, args in enumerate(MADE)]
    assert all(cli._plain_make(args) is not None for args in cases)  # all of them the plain way
    results = {}
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for way in ("plain", "typer"):
        here = tmp_path / way
        here.mkdir()
        (here / "a-file").write_text("not a folder\n", encoding="utf-8")
        scripts = [RUN.format(args=args, typer_way=way == "typer") for args in cases]
        results[way] = run_each(scripts + [NO_TYPER], cwd=here, env=env)
    *plain, (_, imported, _) = results["plain"]
    assert imported == b"[]\n"
    for args, mine, theirs in zip(cases, plain, results["typer"][:-1], strict=True):
        assert mine == theirs, args
    assert _files(tmp_path / "plain") == _files(tmp_path / "typer")
    codes = [code for code, _, _ in plain]
    assert codes == [0] * 12 + [2] * (len(MADE) - 12)
    for _, out, err in plain[12:]:
        assert out == b"" and err.startswith(b"printkit: error: ") and err.count(b"\n") == 1
    printed = [line for _, out, _ in plain for line in out.decode().splitlines()]
    assert len(printed) >= 12 and all((tmp_path / "plain" / line).is_file() for line in printed)


#: Command lines typer must parse: _plain_make leaves them to it.
TYPER_ONLY = [
    ["make"], ["make", "--help"], ["make", "rollncook", "--help"], ["make", "rollncook", "-h"],
    ["make", "rollncook", "--", "sheet"], ["make", "rollncook", "-"], ["make", "rollncook", "--nope"],
    ["make", "rollncook", "-s", "7"], ["make", "rollncook", "--Seed", "7"], ["make", "--seed", "7"],
    ["make", "rollncook", "--seed"], ["make", "rollncook", "--out"], ["make", "rollncook", "--set"],
    ["make", "rollncook", "--bw=yes"], ["make", "rollncook", "--fillable=no"],
    ["make", "rollncook", "--seed", "1", "--seed", "2"], ["make", "rollncook", "--bw", "--bw"],
    ["make", "rollncook", "--crop-marks", "--no-crop-marks"], ["make", "rollncook", "--out", "a", "--out=b"],
    ["list"], ["score", "rollncook", "x.yaml"], ["--version"], ["solve", "gimbap", "x"], [],
    ["make", "rollncook\udcff"], ["make", "rollncook", "--out", "\udcffx"],
    *[["make", "rollncook", "--seed", v] for v in (" 7", "7 ", "+7", "1_000", "7.0", "-1", "1e3", "", "٣", "1" * 31)],
    *[["make", "rollncook", "--bleed", v] for v in ("nan", "inf", "1e3", ".5", "3.", "1_0", "-1", " 3", "", "+3")],
]


@pytest.mark.parametrize("args", TYPER_ONLY, ids=repr)
def test_other_command_lines_are_left_to_typer(args: list[str]) -> None:
    assert cli._plain_make(args) is None


def test_a_shell_asking_for_completions_is_answered_by_typer(monkeypatch: pytest.MonkeyPatch) -> None:
    args = ["make", "rollncook", "--seed", "7"]
    assert cli._plain_make(args) is not None
    monkeypatch.setenv("_PRINTKIT_COMPLETE", "bash_complete")
    assert cli._plain_make(args) is None


def test_values_are_converted_as_typer_converts_them() -> None:
    """The values _plain_make gives make_kit are those typer's own parse of the same words gives
    the command (pydantic's lax int and float, Path), and the options not given are at their
    defaults both ways."""
    import inspect

    import typer

    from printkit.commands import app

    command = typer.main.get_command(app).commands["make"]  # type: ignore[attr-defined]
    defaults = {name: p.default for name, p in inspect.signature(making.make_kit).parameters.items()
                if name != "settle"}  # not a value of the command line: what the CLI does between components
    lines = [["make", "rollncook", "--seed", "007", "--bleed", "2.50", "--out=x/y", "--paper", "LETTER"],
             ["make", "gimbap", "dice", "tokens", "--set", "edge=25mm", "--set=a=b", "--bw", "--no-crop-marks",
              "--bleed=0.1", "--duplex-offset", "-1,0.5", "--hex-size", "-", "--count", "--x"],
             ["make", "calibration", "--seed", "9" * 30, "--bleed", "123456.123456789012", "--fillable",
              "--format", "", "--out", ""]]
    for args in lines:
        mine = cli._plain_make(args)
        assert mine is not None, args
        theirs = command.make_context("make", args[1:]).params
        assert set(theirs) == set(defaults), args
        for name, value in theirs.items():
            if isinstance(value, tuple | list):  # components, --set: () when none given
                assert list(value) == list(mine.get(name) or []), (args, name)
                continue
            expected = mine.get(name, defaults[name])
            assert value == expected and type(value) is type(expected), (args, name, value, expected)


def test_make_rollncook_imports_no_typer_pydantic_or_yaml(tmp_path: Path) -> None:
    """``printkit make rollncook --seed 7`` as a user runs it (python -m printkit): its sheet and
    path, and no typer module (nor click) imported by the end; run again, its layout and data
    files' YAML from the disk cache, no PyYAML either (pydantic checks the layouts and content)."""
    probe = ("import atexit, sys, runpy\n"
             "tops = ('typer', 'click', 'pydantic', 'pydantic_core', 'yaml')\n"
             "atexit.register(lambda: print(sorted(m for m in sys.modules if m.split('.')[0] in tops), file=sys.stderr))\n"
             "sys.argv = ['printkit', 'make', 'rollncook', '--seed', '7', '--out', 'kit']\n"
             "runpy.run_module('printkit', run_name='__main__', alter_sys=True)\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    env.pop("PRINTKIT_CACHE", None)
    imported = []
    for _ in range(2):  # the first run fills the disk cache
        p = subprocess.run([sys.executable, "-c", probe], capture_output=True, cwd=tmp_path, timeout=120, env=env)
        assert p.returncode == 0 and p.stdout == b"kit/rollncook-sheet-seed7-a4.pdf\n", p.stderr
        imported.append(eval(p.stderr.decode().strip().splitlines()[-1]))
    assert not [m for m in imported[0] if m.split(".")[0] in ("typer", "click")], imported[0]
    assert "pydantic" in imported[0] and "yaml" in imported[0]  # the first run parsed and checked the files
    assert "pydantic" in imported[1] and not [m for m in imported[1] if m.split(".")[0] in ("typer", "click", "yaml")]
    assert (tmp_path / "kit" / "rollncook-sheet-seed7-a4.pdf").read_bytes().startswith(b"%PDF")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_the_jobs_show_on_click_progress_bar(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """More than one component on a terminal: click's progress bar (typer's copy), as before;
    typer is imported for it only then."""
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    making.make_kit("calibration", out=tmp_path)
    assert "Making" in terminal.getvalue()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["calibration-duplex-a4.pdf", "calibration-page-a4.pdf"]


def test_a_plain_make_freezes_what_is_alive_before_each_component(tmp_path: Path) -> None:
    """A plain make, a process that ends with it, freezes what is alive before each component
    (printkit.cli._settled: the collector no longer walks the modules and what earlier
    components loaded while pages are made), more at the second than at the first; make_kit
    called in a long-lived process (the typer command, tests) freezes nothing."""
    probe = ("import atexit, gc, sys, runpy\n"
             "import printkit.cli as cli\n"
             "counts = []\n"
             "def settled():\n    cli_settled()\n    counts.append(gc.get_freeze_count())\n"
             "cli_settled, cli._settled = cli._settled, settled\n"
             "atexit.register(lambda: print(counts, file=sys.stderr))\n"
             "sys.argv = ['printkit', 'make', 'calibration', '--out', 'kit']\n"
             "runpy.run_module('printkit', run_name='__main__', alter_sys=True)\n")
    p = subprocess.run([sys.executable, "-c", probe], capture_output=True, cwd=tmp_path, timeout=120,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert p.returncode == 0 and p.stdout == b"kit/calibration-page-a4.pdf\nkit/calibration-duplex-a4.pdf\n", p.stderr
    counts = eval(p.stderr.decode().strip().splitlines()[-1])
    assert len(counts) == 2 and 1000 < counts[0] < counts[1], counts  # the page's layout and fonts frozen too
    before = gc.get_freeze_count()
    making.make_kit("calibration", ["page"], out=tmp_path / "in-process")
    assert gc.get_freeze_count() == before
