"""What every game's report looks like to a player (SCORING.md, issue 10 items 12-14): a score
pad, not Python; every violation at its record's file and line; a broken record names no winner."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import run_cli

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
RECORDS = sorted(p for p in EXAMPLES.rglob("*.yaml") if "unreadable" not in p.parts)

#: What Python's repr leaves in text: quoted list items, dict braces, None/True/False.
REPR = re.compile(r"\['|\('|\{'|': |\bNone\b|\bTrue\b|\bFalse\b|\[\]|\{\}")


def game_of(path: Path) -> str:
    return path.relative_to(EXAMPLES).parts[0]


@pytest.mark.parametrize("path", RECORDS, ids=[str(p.relative_to(EXAMPLES)) for p in RECORDS])
def test_reports_read_like_a_score_pad(path):
    r = run_cli("score", game_of(path), str(path))
    assert r.exit_code in (0, 1), r.output
    found = [line for line in r.stdout.splitlines() if REPR.search(line)]
    assert not found, found
    out = json.loads(run_cli("score", game_of(path), str(path), "--json").stdout)
    if out["violations"]:
        # Item 12: a broken record names no winner, and says so.
        assert out["winners"] == [] and "no winner: the record breaks the rules" in r.stdout
        lines = path.read_text().splitlines()
        for v in out["violations"]:
            # Item 14: every violation names the record's line, which is inside the file.
            assert isinstance(v["line"], int) and 1 <= v["line"] <= len(lines), v
            assert f"{path}:{v['line']}: {v['where']}: {v['message']} [{v['rule']}]" in r.stdout
    elif out["winners"]:
        assert f"winner{'s' if len(out['winners']) > 1 else ''}: {', '.join(out['winners'])}" in r.stdout
    else:  # an unfinished game, or one the rules give nobody (a solo Roll n Cook game, no star)
        assert re.search(r"^no winner: \S", r.stdout, re.M)
