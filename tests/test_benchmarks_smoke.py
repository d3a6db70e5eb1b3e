"""Every script in benchmarks/ runs, at tiny sizes, so none can rot (issue 27).

Each ``benchmarks/*.py`` (found by glob: a new script is run too) runs in its own process with
this Python, as ``.venv/bin/python benchmarks/NAME.py`` runs it for a user (no venv activated,
nothing on PATH), and must exit 0 and print its figures. ``TINY`` gives a script the arguments
of its tiny run and a piece of text its figures hold; a script not in it runs with none.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted(p.name for p in (ROOT / "benchmarks").glob("*.py"))


def _plan(tmp: Path) -> list[str]:
    """A tiny PLAN.json for floor_reportlab.py (bench_speed.py writes the real one): one file of
    two pages in one font."""
    plan = [{"name": "floor.pdf", "fonts": {"sans": str(ROOT / "fonts" / "DejaVuSans.ttf")},
             "pages": [{"segments": 20, "strings": [["sans", 10, "Roll n Cook"]]}, {"segments": 3, "strings": []}]}]
    (tmp / "plan.json").write_text(json.dumps(plan))
    return [str(tmp / "plan.json"), str(tmp)]


#: script -> (its arguments for a tiny run, given a folder of its own; text its output holds)
TINY: dict[str, tuple[Callable[[Path], list[str]], str]] = {
    "bench_calibration.py": (lambda tmp: ["--repeat", "1"], "peak resident memory:"),
    "bench_format_cards.py": (lambda tmp: ["--runs", "1", "--dpi", "72", "missions"],
                              "make trickdumpling missions --format cards (72 dpi), 1 run(s)"),
    "bench_gemblo.py": (lambda tmp: [], "make pieces"),
    "bench_gemblo_web.py": (lambda tmp: ["--players", "3"], "POST a move through the app"),
    "bench_format_tts.py": (lambda tmp: ["--runs", "1", "rollncook"], "make rollncook --format tts: median"),
    "bench_gimbap.py": (lambda tmp: [], "solve all 2376 orders"),
    "bench_ink.py": (lambda tmp: ["--game", "gimbap"], "darkest --bw page:"),
    "bench_rollncook.py": (lambda tmp: ["--quick"], "simulator:"),
    "bench_scan.py": (lambda tmp: ["--quick"], "marks flat:"),
    "bench_serve.py": (lambda tmp: ["--tables", "1", "--pile", "5", "--think", "0.01"], "latency of one move"),
    "bench_speed.py": (lambda tmp: ["--runs", "1", "--count", "3", "--base", "2", "--scorer-seconds", "0.1",
                                      "--game", "calibration", "--no-suite"],
                       "Roll n Cook scorer"),
    "digest_outputs.py": (lambda tmp: ["--quick"], "gemblo-board-a4"),
    "floor_reportlab.py": (_plan, "1 files, 2 pages drawn"),
    "fuzz_layouts.py": (lambda tmp: ["3"], "layouts: 3 examples, 0 failures"),
    "fuzz_routes.py": (lambda tmp: ["60"], "60 requests to"),
    "fuzz_records.py": (lambda tmp: ["2"], "total: "),
    "hostile_sweep.py": (lambda tmp: ["-k", "commands/root-unknown-"], "cases: 2  passed: 2"),
}


def test_the_table_names_only_scripts_that_exist():
    assert set(TINY) <= set(SCRIPTS), set(TINY) - set(SCRIPTS)


@pytest.mark.parametrize("script", SCRIPTS)
def test_benchmark_runs_tiny(script, tmp_path):
    args, shows = TINY.get(script, (lambda tmp: [], ""))
    env = {k: v for k, v in os.environ.items() if k != "PATH"} | {"PATH": "/usr/bin:/bin"}
    r = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args(tmp_path)], cwd=tmp_path,
                       env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    assert shows in r.stdout and any(c.isdigit() for c in r.stdout), r.stdout[-2000:]
    assert "Traceback" not in r.stderr
