"""Issue 16: games register by name and import on first use, so ``printkit score GAME`` imports
that game's record and State, not its drawing and not the other games."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from printkit.core import registry
from tests.conftest import run_cli

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
            "'printkit.core.draw','reportlab','pydantic'))), file=sys.stderr)")
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
    # pydantic's own loader imported first, so the CLI's stand-in for it is not what is measured
    assert _score_probe(PLUGINS_REPORT, env, before="from pydantic.plugin import _loader") == expected


ROOT = Path(__file__).resolve().parents[1]

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


@pytest.mark.parametrize("args,code", PLAIN_CASES)
def test_score_answers_with_a_report_or_one_line(args: list[str], code: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Legal (0) and broken (1) records: the report (JSON with --json, anywhere on the line);
    unreadable, misfiled or of no such game (2): one line on stderr, nothing on stdout."""
    monkeypatch.chdir(ROOT)
    r = run_cli(*args)
    assert r.exit_code == code, r.stderr
    if code < 2:
        assert r.stderr == "" and r.stdout != ""
        if "--json" in args:
            assert json.loads(r.stdout)
    else:
        assert r.stdout == "" and r.stderr.startswith("printkit: error: ") and r.stderr.count("\n") == 1


@pytest.mark.parametrize("encoding", ["utf-8", "ascii"])
def test_score_writes_non_ascii_names(encoding: str, tmp_path) -> None:
    """A player's name outside ASCII, on a stream that is UTF-8 or (misconfigured) ASCII: written
    as UTF-8 to both (click's echo), no error."""
    import os

    text = (ROOT / "examples" / "gimbap" / "two-players.yaml").read_text()
    record = tmp_path / "zoe.yaml"
    record.write_text(text.replace("Sora", "Zoë"), encoding="utf-8")
    p = subprocess.run([sys.executable, "-m", "printkit", "score", "gimbap", str(record)], capture_output=True,
                       env={**os.environ, "PYTHONIOENCODING": encoding}, timeout=120)
    assert p.returncode == 0 and "Zoë" in p.stdout.decode("utf-8") and p.stderr == b""
