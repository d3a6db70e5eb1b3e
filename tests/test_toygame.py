"""A new game is one folder (issue 11): the test-only game in tests/toygame/ registers a
component and its rules without any core, CLI or registry change, and both work through the CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def printkit(*args, tmp_path=None):
    env = {**os.environ, "PRINTKIT_GAMES": "tests.toygame", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "printkit", *args], capture_output=True, text=True, env=env,
                          cwd=tmp_path or ROOT, timeout=120)


def test_the_toy_game_makes_its_page(tmp_path):
    """(Its listing, ``printkit list`` with PRINTKIT_GAMES=tests.toygame in a new process, is
    tests/test_list_counts.py's test_a_game_from_elsewhere_is_listed: a cold listing here would
    build every component's page counts again, ~3 s.)"""
    r = printkit("make", "nim", "--set", "stones=12", "--out", str(tmp_path))
    assert r.returncode == 0, r.stderr
    (pdf,) = tmp_path.glob("nim-pile-a4-stones12.pdf")
    from tests.conftest import pdf_pages

    (page,) = pdf_pages(pdf, 50)
    assert (page < 128).any()  # stones and text were drawn


@pytest.mark.parametrize("takes,code,winners,rules", [
    ([("Ann", 3), ("Bo", 3), ("Ann", 1)], 0, ["Ann"], []),
    ([("Ann", 3), ("Ann", 3), ("Bo", 1)], 1, [], ["NIM-1"]),
    ([("Ann", 3), ("Bo", 4)], 1, [], ["NIM-2"]),
    ([("Ann", 3)], 0, [], []),  # 4 stones left: unfinished
])
def test_the_toy_game_is_scored_by_the_core_replay(tmp_path, takes, code, winners, rules):
    rec = {"game": "nim", "players": ["Ann", "Bo"], "pile": 7, "takes": [{"player": p, "take": k} for p, k in takes]}
    path = tmp_path / "nim.yaml"
    path.write_text(json.dumps(rec, indent=1))
    r = printkit("score", "nim", str(path), "--json")
    assert r.returncode == code, r.stderr
    out = json.loads(r.stdout)
    assert out["winners"] == winners and [v["rule"] for v in out["violations"]] == rules
    assert out["unfinished"] == (sum(k for _, k in takes) < 7 and not rules)
    for v in out["violations"]:
        assert isinstance(v["line"], int)


def test_the_toy_records_players_differ_and_every_take_is_a_players():
    """What the State cannot replay, the record model refuses (the record fuzz found a take by
    nobody: an internal error)."""
    from tests.toygame.state import NimRecord

    with pytest.raises(ValueError, match="player names must differ"):
        NimRecord(players=["Zo\u00eb", "Zoe\u0308"], pile=3)
    with pytest.raises(ValueError, match="a take by 'Cy', who is not one of the players"):
        NimRecord(players=["Ann", "Bo"], pile=3, takes=[{"player": "Cy", "take": 1}])


def test_the_toy_game_has_its_records_schema():
    """(Once, not once for each record above: the schema is the same for all.)"""
    r = printkit("schema", "nim")
    assert r.returncode == 0, r.stderr
    assert "takes" in json.loads(r.stdout)["properties"]


def _code_strings(path: Path) -> list[str]:
    """The string constants of a module that are neither docstrings nor ``help=`` texts:
    what the code does, not what it shows as examples."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            skip.add(id(body[0].value))
        if isinstance(node, ast.keyword) and node.arg == "help":
            skip.update(id(n) for n in ast.walk(node.value))
    return [n.value for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in skip]


def test_no_core_or_cli_code_names_a_game():
    """The core names no game anywhere; the CLI only in its help examples."""
    names = ["gimbap", "gemblo", "jubako", "rollncook", "trickdumpling", "roll n cook", "trick dumpling"]
    for path in sorted((ROOT / "printkit" / "core").rglob("*.py")):
        text = path.read_text(encoding="utf-8").lower()
        assert not [n for n in names if n in text], path
    # the entry point, the typer app, make's work, the list command
    for cli in ("cli.py", "commands.py", "making.py", "listing.py"):
        for text in _code_strings(ROOT / "printkit" / cli):
            assert not [n for n in names if n in text.lower()], text


def _imports(path: Path) -> set[str]:
    import ast

    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
    return out


def test_no_module_imports_upward():
    """The core never imports a game or the CLI; a game never imports the CLI or another game."""
    pkg = ROOT / "printkit"
    for path in sorted((pkg / "core").rglob("*.py")):
        # (the registry imports the printkit.games folder itself, to find what is in it)
        bad = [m for m in _imports(path) if m.startswith(("printkit.games.", "printkit.cli"))]
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"
    for game in sorted(p for p in (pkg / "games").iterdir() if p.is_dir() and (p / "__init__.py").exists()):
        for path in sorted(game.rglob("*.py")):
            bad = [m for m in _imports(path) if m.startswith("printkit.cli")
                   or (m.startswith("printkit.games.") and m.split(".")[2] != game.name)]
            assert not bad, f"{path.relative_to(ROOT)} imports {bad}"
