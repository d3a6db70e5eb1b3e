"""Issue 16: games register by name and import on first use, so ``printkit score GAME`` imports
that game's record and State, not its drawing and not the other games."""

from __future__ import annotations

import functools
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from printkit.core import registry
from tests.batchrun import run_each

GAMES = ["gemblo", "gimbap", "jubako", "rollncook", "trickdumpling"]

PROBE = """
import json, sys
from printkit.cli import main
sys.argv = ["printkit", "score", {game!r}, {record!r}]
try:
    main()
except SystemExit:
    pass
print(json.dumps(sorted(m for m in sys.modules if m.startswith(("printkit", "reportlab", "pypdf", "fontTools")))),
      file=sys.stderr)
"""


def _loaded_by_score(game: str, record: str) -> set[str]:
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "examples" / game / record
    p = subprocess.run([sys.executable, "-c", PROBE.format(game=game, record=str(path))],
                       capture_output=True, text=True, check=True)
    assert "Traceback" not in p.stderr
    return set(json.loads(p.stderr.strip().splitlines()[-1]))


@pytest.mark.parametrize("game,record", [("rollncook", "solo-seed7.yaml"), ("gimbap", "three-players.yaml")])
def test_score_imports_only_its_game_and_no_drawing(game: str, record: str) -> None:
    mods = _loaded_by_score(game, record)
    assert f"printkit.games.{game}.state" in mods  # it did replay the record
    for other in GAMES:
        if other != game:  # the other games' packages are read (their registrations), nothing more
            assert not {m for m in mods if m.startswith(f"printkit.games.{other}.")}, other
    drawing = {m for m in mods if m.startswith(("reportlab", "pypdf", "fontTools", "printkit.core.draw",
                                                "printkit.core.layout", "printkit.core.build", "printkit.core.forms"))
               or m.endswith((".components", ".web", ".pad", ".filled"))}
    assert drawing == set()


def test_help_imports_no_game_and_no_drawing() -> None:
    code = ("import sys\nfrom printkit.cli import main\nsys.argv=['printkit','--help']\ntry:\n    main()\n"
            "except SystemExit:\n    pass\nprint(sorted(m for m in sys.modules if m.startswith(('printkit.games',"
            "'printkit.core.draw','reportlab','pydantic','typer','click'))), file=sys.stderr)")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "score" in p.stdout
    assert p.stderr.strip().splitlines()[-1] == "[]"


def test_every_named_registration_loads_under_its_own_name() -> None:
    for name, scorer in registry.scorers().items():
        assert scorer.game == name and scorer.model is not None
    for name, reader in registry.form_readers().items():
        assert reader.game == name
    for name, keeper in registry.scorekeepers().items():
        assert keeper.game.name == name
    assert set(GAMES) <= set(registry.scorers()) and set(GAMES) <= set(registry.scorekeepers())


def test_a_ref_loading_under_another_name_is_an_error() -> None:
    ref = registry.Ref("printkit.games.gimbap.state:GIMBAP", registry._named("jubako", "game"))
    with pytest.raises(registry.PrintkitError, match="'jubako' is 'gimbap'"):
        ref.load()


def test_settings_written_in_the_package_match_the_components() -> None:
    import printkit.games.gemblo as gemblo_pkg
    import printkit.games.gimbap as gimbap_pkg
    from printkit.games.gemblo import components as gemblo
    from printkit.games.gimbap import components as gimbap

    assert (gemblo_pkg.DEFAULT_HEX, gemblo_pkg.HEX_RANGE) == (gemblo.DEFAULT_HEX, gemblo.HEX_RANGE)
    assert (gemblo_pkg.DEFAULT_OVERLAP, gemblo_pkg.OVERLAP_RANGE) == (gemblo.DEFAULT_OVERLAP, gemblo.OVERLAP_RANGE)
    assert (gimbap_pkg.DEFAULT_EDGE, gimbap_pkg.EDGE_RANGE) == (gimbap.DEFAULT_EDGE, gimbap.EDGE_RANGE)
    assert gimbap_pkg.GAME == gimbap.GAME


def test_a_lazy_build_is_the_function_it_names() -> None:
    from printkit.core.draw.page import PrintOptions
    from printkit.games.jubako import components

    comp = registry.games()["jubako"]["tokens"]
    assert comp.build.__name__ == "printkit.games.jubako.components:build_tokens"
    a, b = comp.build(PrintOptions(seed=1)), components.build_tokens(PrintOptions(seed=1))
    assert len(a.pages) == len(b.pages) > 0 and a.pages[0].ops == b.pages[0].ops


def test_entries_look_further_only_for_a_name_not_found() -> None:
    store: dict = {"here": 1}
    calls: list[int] = []

    def complete() -> None:
        calls.append(1)
        store["installed"] = registry.Ref("printkit.games.jubako:GAME")

    found = registry.Entries(store, complete)
    assert found["here"] == 1 and "here" in found and calls == []
    assert found["installed"] == "jubako" and calls == [1]  # a Ref loads when looked up
    assert list(found) == ["here", "installed"] and calls == [1]  # the installed games are found once


#: A fresh process scoring the Roll n Cook example the plain way (printkit.cli.main); a probe's
#: report follows, printed as the last line of stderr.
SCORED = """
import sys
{before}
from printkit.cli import main
sys.argv = ["printkit", "score", "rollncook", {record!r}]
try:
    main()
except SystemExit:
    pass
"""


def _score_probe(report: str, plugins: str | None, before: str = "") -> str:
    """The last stderr line of :data:`SCORED` (``before`` run first) + ``report``, run with
    PYDANTIC_DISABLE_PLUGINS ``plugins`` (None: unset); the record must have been scored."""
    import os
    from pathlib import Path

    record = Path(__file__).resolve().parents[1] / "examples" / "rollncook" / "solo-seed7.yaml"
    environ = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    if plugins is not None:
        environ["PYDANTIC_DISABLE_PLUGINS"] = plugins
    p = subprocess.run([sys.executable, "-c", SCORED.format(record=str(record), before=before) + report],
                       capture_output=True, text=True, check=True, env=environ)
    assert "ranking: 1. Ann" in p.stdout  # it did score the record
    return p.stderr.strip().splitlines()[-1]


PLUGINS_REPORT = """
print("scanned" if _loader._plugins is not None else "not scanned", file=sys.stderr)
"""


@pytest.mark.parametrize("env,expected", [(None, "not scanned"), ("", "scanned")])
def test_score_reads_no_distribution_metadata_for_pydantic_plugins(env: str | None, expected: str) -> None:
    """pydantic reads every installed distribution's entry points (~7 ms) to find plugins when the
    first model is built; the CLI turns that off unless the user set PYDANTIC_DISABLE_PLUGINS
    (even empty: then plugins load as pydantic does by default)."""
    assert _score_probe(PLUGINS_REPORT, env, before="from pydantic.plugin import _loader") == expected


WAYS_PROBE = """
import sys
from printkit import cli
if {typer_way!r}:
    cli._plain_score = lambda args: False  # every command line through typer, as before
sys.argv = ["printkit", *{args!r}]
try:
    cli.main()
finally:
    print("typer imported:", "typer" in sys.modules, file=sys.stderr)
"""


ROOT = Path(__file__).resolve().parents[1]


def _answer(returncode: int, stdout: bytes, stderr: bytes) -> tuple[int, str, str, str]:
    """(exit code, stdout, stderr but its last line, that last line: "typer imported: ...") read
    as text the way subprocess.run(text=True, encoding="utf-8", errors="replace") reads it."""
    def text(data: bytes) -> str:
        return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="replace").read()

    *err, imported = text(stderr).splitlines()
    return returncode, text(stdout), "\\n".join(err), imported


def _score_run(args: list[str], typer_way: bool, **env: str) -> tuple[int, str, str, str]:
    import os

    p = subprocess.run([sys.executable, "-c", WAYS_PROBE.format(args=args, typer_way=typer_way)],
                       capture_output=True, cwd=ROOT, env={**os.environ, **env})
    return _answer(p.returncode, p.stdout, p.stderr)


PLAIN_CASES = [
    (["score", "rollncook", "examples/rollncook/solo-seed7.yaml"], 0),
    (["score", "rollncook", "examples/rollncook/mistakes.yaml"], 1),
    (["score", "gemblo", "examples/gemblo/broken/covered-cell.yaml"], 1),
    (["score", "jubako", "examples/jubako/two-players.yaml"], 0),
    (["score", "rollncook", "examples/rollncook/solo-seed7.yaml", "examples/rollncook/mistakes.yaml"], 1),
    (["score", "gimbap", "examples/rollncook/solo-seed7.yaml"], 2),  # a record of another game
    (["score", "gimbap", "examples/gimbap/two-players.yaml", "examples/gimbap/three-players.yaml"], 2),
    (["score", "rollncok", "examples/rollncook/solo-seed7.yaml"], 2),  # no such game
    (["score", "rollncook", "no-such-file.yaml"], 2),
    (["score", "gemblo", "examples/gemblo/unreadable"], 2),  # a folder
    (["score", "trickdumpling", "examples/trickdumpling/four-players.yaml"], 0),
    (["score", "rollncook", "--json", "examples/rollncook/solo-seed7.yaml"], 0),  # --json anywhere
    (["score", "--json", "rollncook", "examples/rollncook/mistakes.yaml"], 1),
    (["score", "gemblo", "examples/gemblo/broken/covered-cell.yaml", "--json", "--json"], 1),
    (["score", "rollncok", "--json", "examples/rollncook/solo-seed7.yaml"], 2),
]


@functools.lru_cache(maxsize=1)
def _typer_answers() -> dict[tuple[str, ...], tuple[int, str, str, str]]:
    """Every case's answer through typer (the reference), all from ONE process (tests/batchrun.py:
    ~0.01 s of CPU a case instead of ~0.14 s for a process each). Whether typer answers in a fresh
    process or a warm one is not what the test is about; the fast way still runs in a fresh
    process per case (which modules it imports is)."""
    ran = run_each([WAYS_PROBE.format(args=args, typer_way=True) for args, _ in PLAIN_CASES], cwd=ROOT)
    return {tuple(args): _answer(*r) for (args, _), r in zip(PLAIN_CASES, ran, strict=True)}


@pytest.mark.parametrize("args,code", PLAIN_CASES)
def test_plain_score_skips_typer_and_answers_as_typer_does(args: list[str], code: int) -> None:
    """``printkit score [--json] GAME FILE...`` (no other option) runs the score command without
    importing typer: the same output, messages and exit code as through typer."""
    fast, slow = _score_run(args, typer_way=False), _typer_answers()[tuple(args)]
    assert fast[:3] == slow[:3]
    assert fast[0] == code and (fast[1] if code < 2 else fast[2]) != ""
    assert fast[3].endswith("False") and slow[3].endswith("True")


@pytest.mark.parametrize("encoding", ["utf-8", "ascii"])
def test_plain_score_writes_non_ascii_names_as_typer_does(encoding: str, tmp_path) -> None:
    """A player's name outside ASCII, on a stream that is UTF-8 or (misconfigured) ASCII: click
    writes UTF-8 to the latter; so does the fast path (printkit.cli.echo)."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "examples" / "gimbap" / "two-players.yaml").read_text()
    record = tmp_path / "zoe.yaml"
    record.write_text(text.replace("Sora", "Zoë"), encoding="utf-8")
    args = ["score", "gimbap", str(record)]
    fast = _score_run(args, False, PYTHONIOENCODING=encoding)
    assert fast[:3] == _score_run(args, True, PYTHONIOENCODING=encoding)[:3]
    assert fast[0] == 0 and "Zoë" in fast[1] and fast[3].endswith("False")


@pytest.mark.parametrize("args", [["score", "rollncook", "--as-record", "x.yaml", "examples/rollncook/solo-seed7.yaml"],
                                  ["score", "rollncook", "-"], ["score", "rollncook"], ["score", "--help"],
                                  ["score", "rollncook", "--json"], ["score", "--json", "--help", "rollncook", "x"],
                                  ["score", "rollncook", "--js", "examples/rollncook/solo-seed7.yaml"],
                                  ["score", "rollncook", "--", "examples/rollncook/solo-seed7.yaml"]])
def test_score_with_any_other_option_goes_through_typer(args: list[str]) -> None:
    assert _score_run(args, typer_way=False)[3].endswith("True")


def test_the_fast_path_pauses_the_collector_only_while_loading(capsys: pytest.CaptureFixture) -> None:
    """The collector is off only while the game's modules load, back on after (also when that
    fails), and what loaded is frozen; the typer command (tests call it in one long process)
    neither pauses nor freezes anything."""
    import gc
    from pathlib import Path

    from printkit.cli import _collector_paused, score_files
    from printkit.errors import PrintkitError

    record = str(Path(__file__).resolve().parents[1] / "examples" / "jubako" / "two-players.yaml")
    seen = []

    def load_and_look():
        import contextlib

        @contextlib.contextmanager
        def looking():
            with _collector_paused():
                yield
                seen.append(gc.isenabled())
        return looking()

    frozen = gc.get_freeze_count()
    try:
        assert gc.isenabled()
        assert score_files("jubako", [record], loading=load_and_look()) == 0 and "jubako" in capsys.readouterr().out.lower()
        assert seen == [False] and gc.isenabled() and gc.get_freeze_count() > frozen
        with pytest.raises(PrintkitError, match="no scorer"):
            score_files("no-such-game", [record], loading=load_and_look())
        assert seen == [False] and gc.isenabled()  # failed while loading: back on all the same
    finally:
        gc.unfreeze()
    assert score_files("jubako", [record]) == 0 and gc.isenabled() and gc.get_freeze_count() == 0
