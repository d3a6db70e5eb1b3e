"""Issue 16: ``printkit list`` builds nothing and imports no drawing for the package's own
components at the default --bleed and --crop-marks: their page counts come from
printkit/listing_table.py (printkit/listing.py), which must be what building them gives. The
shortcut (printkit/cli.py, no typer) prints what the typer command prints, byte for byte."""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from printkit import listing, listing_table
from printkit.core import registry
from tests.batchrun import run_each

ROOT = Path(__file__).resolve().parents[1]
REGENERATE = "python3 -m printkit.listing --table"

#: Modules a listing from the table must not import: drawing, fonts, layouts and their models,
#: the games' drawing code, and the libraries under them (typer too, for the shortcut).
HEAVY = ("reportlab", "pypdf", "fontTools", "PIL", "svgwrite", "pydantic", "yaml", "typer", "click",
         "printkit.core.draw", "printkit.core.layout", "printkit.core.build", "printkit.core.fonts",
         "printkit.core.text", "printkit.core.content", "printkit.core.output", "printkit.commands")

_BUILT: dict[tuple[str, str, str, float, bool], int] = {}
_BUILD = listing.built_pages


def _built_once(comp: registry.Component, paper: str, bleed: float, crop_marks: bool) -> int:
    """listing.built_pages, each component built once a paper for this file's tests."""
    key = (comp.game, comp.name, paper, bleed, crop_marks)
    if key not in _BUILT:
        _BUILT[key] = _BUILD(comp, paper, bleed, crop_marks)
    return _BUILT[key]


@pytest.fixture(autouse=True)
def own_games_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry of this process holds the package's own components only: another test file
    may have registered the toy game when it was collected (tests/web/test_core_api.py)."""
    own: dict[str, dict[str, registry.Component]] = {}
    for comp in listing.own_components():
        own.setdefault(comp.game, {})[comp.name] = comp
    monkeypatch.setattr(registry, "_COMPONENTS", own)


@pytest.fixture
def built_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(listing, "built_pages", _built_once)


def test_the_table_is_what_building_every_component_gives(built_once: None) -> None:
    """Every own component built on every paper: a count, paper, component or layout changed
    without regenerating the table fails here (so does a hand-edited table)."""
    text = (ROOT / "printkit" / "listing_table.py").read_text(encoding="utf-8")
    assert text == listing.table_source(), f"printkit/listing_table.py is stale: regenerate it with {REGENERATE}"
    assert len(listing_table.PAGES) == len(listing.own_components()) >= 25
    assert [p for p, *_ in listing_table.PAPERS] == ["a4", "letter"]


@pytest.mark.parametrize("settings", [False, True])
def test_the_listing_from_the_table_is_the_built_one(settings: bool, built_once: None,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    built = list(listing.listing(settings, use_table=False))
    calls: list[str] = []
    monkeypatch.setattr(listing, "built_pages", lambda comp, *a: calls.append(comp.name) or 0)
    assert list(listing.listing(settings)) == built and calls == []  # same lines, nothing built
    assert "trickdumpling cards       8/10             the 35 dumpling cards" in "\n".join(built)
    assert ("--set hex-size=VALUE (or --hex-size VALUE)" in "\n".join(built)) == settings


def _fake_counts(monkeypatch: pytest.MonkeyPatch) -> list[tuple]:
    """Every count in the table set to 99/99, and what listing builds recorded (counted 7)."""
    monkeypatch.setattr(listing_table, "PAGES", dict.fromkeys(listing_table.PAGES, (99, 99)))
    calls: list[tuple] = []
    monkeypatch.setattr(listing, "built_pages", lambda comp, *a: calls.append((comp.game, comp.name, *a)) or 7)
    return calls


def _counts(lines: list[str]) -> dict[tuple[str, str], str]:
    return {(ln.split()[0], ln.split()[1]): ln.split()[2] for ln in lines[2:] if not ln.startswith(" ")}


def test_the_table_is_used_only_where_it_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _fake_counts(monkeypatch)
    counts = _counts(list(listing.listing()))
    assert set(counts.values()) == {"99/99"} and calls == []  # the table's counts, nothing built

    # A component registered unlike the table's (another default here) is built.
    dice = registry.games()["gimbap"]["dice"]
    edge = dataclasses.replace(dice.settings["edge"], default="25mm")
    monkeypatch.setitem(registry.games()["gimbap"], "dice", dataclasses.replace(dice, settings={"edge": edge}))
    counts = _counts(list(listing.listing()))
    assert counts.pop(("gimbap", "dice")) == "7/7" and set(counts.values()) == {"99/99"}
    assert calls == [("gimbap", "dice", "a4", 0.0, True), ("gimbap", "dice", "letter", 0.0, True)]

    # Other options: every count built, with them.
    for options in ({"bleed": 3.0}, {"crop_marks": False}):
        calls.clear()
        assert set(_counts(list(listing.listing(**options))).values()) == {"7/7"}
        bleed, crop = options.get("bleed", 0.0), options.get("crop_marks", True)
        assert {c[2:] for c in calls} == {("a4", bleed, crop), ("letter", bleed, crop)}
        assert len(calls) == 2 * sum(len(comps) for comps in registry.games().values())


@pytest.mark.parametrize("change", ["edit", "add", "elsewhere"])
def test_changed_layouts_are_built(change: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A designer's edit (PRINTKIT_LAYOUTS, or the checkout's layouts) shows at once, as in make."""
    calls = _fake_counts(monkeypatch)
    layouts = tmp_path / "layouts"
    shutil.copytree(ROOT / "layouts", layouts)
    monkeypatch.setenv("PRINTKIT_LAYOUTS", str(layouts))
    assert set(_counts(list(listing.listing())).values()) == {"99/99"}  # the same bytes elsewhere: the table
    if change == "edit":
        with (layouts / "common.yaml").open("a", encoding="utf-8") as f:
            f.write("# a comment\n")
    elif change == "add":
        (layouts / "gimbap" / "new.yaml").write_text("{}\n", encoding="utf-8")
    else:
        monkeypatch.setenv("PRINTKIT_LAYOUTS", str(tmp_path / "none"))
    assert set(_counts(list(listing.listing())).values()) == {"7/7"} and calls


# -- the command as a user runs it ------------------------------------------------------------

PROBE = """
import json, sys
from printkit.cli import main
sys.argv[:] = ["printkit", *{args!r}]
try:
    main()
finally:
    print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""
TYPER = """
import sys
from printkit.commands import app
sys.argv[1:] = {args!r}
app(prog_name="printkit")
"""
CASES = [["list"], ["list", "--settings"]]
#: Command lines typer answers (an option besides --settings), compared with the shortcut's output.
THROUGH_TYPER = [["list", "--bleed", "0"], ["list", "--crop-marks", "--settings"]]


def _probe(args: list[str], **env: str) -> tuple[int, bytes, bytes, set[str]]:
    p = subprocess.run([sys.executable, "-c", PROBE.format(args=args)], capture_output=True, cwd=ROOT,
                       env={**os.environ, **env}, timeout=120)
    *err, modules = p.stderr.splitlines(keepends=True)
    return p.returncode, p.stdout, b"".join(err), set(json.loads(modules))


def _typer_runs(cases: list[list[str]], **env: str) -> list[tuple[int, bytes, bytes]]:
    return run_each([TYPER.format(args=args) for args in cases], cwd=ROOT, env={**os.environ, **env})


def test_list_prints_what_typer_prints_and_imports_no_drawing() -> None:
    theirs = _typer_runs(CASES + THROUGH_TYPER)
    for args, reference in zip(CASES, theirs[:2], strict=True):
        code, out, err, modules = _probe(args)
        assert (code, out, err) == reference and code == 0 and b"trickdumpling cards" in out, args
        assert not {m for m in modules if m.startswith(HEAVY) or m.endswith((".components", ".pad"))}, args
        assert "printkit.listing_table" in modules
    # --bleed 0 and --crop-marks (the defaults, typed) print the same through typer
    assert theirs[2] == theirs[0] and theirs[3] == theirs[1]
    code, out, err, modules = _probe(THROUGH_TYPER[0])
    assert (code, out, err) == theirs[0] and "typer" in modules


def test_a_game_from_elsewhere_is_listed_by_building_it() -> None:
    """tests/toygame (PRINTKIT_GAMES): its pile is built, the package's components still come
    from the table; the same bytes as typer's command."""
    env = {"PRINTKIT_GAMES": "tests.toygame", "PYTHONPATH": str(ROOT)}
    (reference,) = _typer_runs([["list", "--settings"]], **env)
    code, out, err, modules = _probe(["list", "--settings"], **env)
    assert (code, out, err) == reference and code == 0
    assert b"\nnim           pile        1/1" in out and b"--set stones=VALUE" in out
    assert "typer" not in modules  # the pile is built (its components module), no package game's is
    assert not {m for m in modules if m.endswith(".components") and not m.startswith("tests.toygame.")}


def test_the_shortcut_as_python_m_printkit_and_its_errors() -> None:
    """``python -m printkit list``; a game module that cannot be found: the same one line after
    the heading, exit code 2, as typer's command gives."""
    envs = [dict(os.environ), {**os.environ, "PRINTKIT_GAMES": "no_such_game_module"}]
    theirs = run_each([TYPER.format(args=["list"])] * 2, cwd=ROOT, envs=envs)
    mine = [subprocess.run([sys.executable, "-m", "printkit", "list"], capture_output=True, cwd=ROOT, env=env,
                           timeout=120) for env in envs]
    assert [(p.returncode, p.stdout, p.stderr) for p in mine] == theirs
    assert mine[1].returncode == 2 and mine[1].stderr.count(b"\n") == 1 and b"no_such_game_module" in mine[1].stderr


def test_a_shell_asking_for_completions_is_answered_by_typer() -> None:
    """click's ``_PRINTKIT_COMPLETE``: typer answers it, not the list shortcut."""
    env = {"_PRINTKIT_COMPLETE": "bash_complete", "COMP_WORDS": "printkit list --", "COMP_CWORD": "2"}
    (reference,) = _typer_runs([["list"]], **env)
    code, out, err, modules = _probe(["list"], **env)
    assert (code, out, err) == reference and "typer" in modules
    assert b"trickdumpling" not in out  # completion's answer, not a listing


def test_the_table_does_not_depend_on_the_order_games_were_imported() -> None:
    """A process that imported two games before the rest (a test worker, a plugin) generates
    the same table text: under -n 2 the table test failed when its worker had imported Gemblo
    first (the registry keeps games in import order)."""
    code = ("import printkit.games.trickdumpling, printkit.games.gemblo\n"
            "from printkit import listing\nprint(listing.table_source(), end='')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout == (ROOT / "printkit" / "listing_table.py").read_text(encoding="utf-8")
