"""The speed budgets (issue 24's, a user's wait rather than a race) in one table: each figure, its
budget, and the floor measured in the same run.

    .venv/bin/python benchmarks/bench_speed.py [--runs 9] [--count 10000] [--base 100] [--scorer-seconds 2] [--game all] [--no-suite]
    /path/to/venv/bin/python benchmarks/bench_speed.py   # measure the printkit installed there

Measure an installed wheel (``pip install dist/printkit-*.whl`` into a venv), not an editable
install: the editable import hook adds ~9 ms to every start. The commands run in an empty folder,
so the printkit measured is the one the running Python imports.

- start-up: ``printkit --help``, ``printkit list`` and ``printkit score`` of a small record
  against a bare ``python -c pass`` (the floor), runs interleaved, the fastest of each, in wall
  milliseconds (the budgets: --help under 100 ms, score under 250 ms) and CPU;
- drawing: ``printkit make all --seed 7`` against benchmarks/floor_reportlab.py drawing the
  same files, pages, path segments a page and strings (same fonts and sizes) with reportlab;
- beside those two floors, in the same run: importing typer, PyYAML and pydantic alone (what
  every command pays before its own work), and laying out every page of ``make all`` with no PDF
  drawn, the least the layout engine costs (see IMPORTS_ONLY, BUILD_ONLY); ``--game GAME`` draws
  that game's kit instead of ``all`` (the tests' tiny run; the budget is for ``make all``);
- ``--count``: peak memory at --base (100) and N sheets (each run its own process), ms a sheet at N;
- scorers: Roll n Cook records a second (scoring for ``--scorer-seconds`` of CPU, 2), a 6-player
  Gemblo game validated;
- the test suite: the README's command (``pytest -n 2 --dist loadfile``) on this tree, wall time
  (the goal is about waiting for it) and its CPU; ``--no-suite`` leaves it out (it takes minutes).

Times are CPU seconds (user + system; for runs in their own process, the child's), since on a
shared machine wall time is mostly waiting for a core, except the start-up rows, whose budgets
are wall time (a person waits for them); the ratios against a floor run side by side are the
figures to trust. docs/performance.md keeps the latest table.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
RECORD = ROOT / "examples" / "rollncook" / "solo-seed7.yaml"
RSS = ("import resource, sys\nfrom printkit.cli import main\nsys.argv = ['printkit'] + sys.argv[1:]\n"
       "try:\n    main()\nexcept SystemExit:\n    pass\n"
       "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n")


#: What the design costs, measured beside the figures it bounds: importing typer, PyYAML and
#: pydantic, which every command that parses its line, reads a file or checks a record pays; and
#: ``make`` lays pages out from layout files, so importing, loading the layouts and fonts and
#: building every document of ``make all`` (no PDF drawn or written) is the least of ``make all``.
IMPORTS_ONLY = "import typer, yaml; from pydantic import BaseModel"
BUILD_ONLY = ("import sys\n"
              "from printkit.core.draw.page import PrintOptions\n"
              "from printkit.core.registry import games\n"
              "for game, components in games().items():\n"
              "    if sys.argv[1] not in ('all', game):\n"
              "        continue\n"
              "    for component in components.values():\n"
              "        component.build(PrintOptions(seed=7))\n")


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


#: The folder the measured commands run in: an empty one. ``python -m`` and ``python -c`` put the
#: current folder first on sys.path, and every import then lists it (the shared /tmp here holds
#: thousands of entries, which once cost a third of ``--help``); the installed script does not.
EMPTY = tempfile.TemporaryDirectory(prefix="printkit-bench-")


def run(args: list[str]) -> tuple[float, float]:
    """(CPU seconds (user + system), wall seconds) of one run."""
    t, w = _children_cpu(), time.perf_counter()
    subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=EMPTY.name, check=True)
    return _children_cpu() - t, time.perf_counter() - w


def fastest(commands: dict[str, list[str]], runs: int, wall: bool = False) -> dict[str, float]:
    """The fastest of ``runs`` runs of each command (CPU seconds, or wall seconds with ``wall``),
    the commands taking turns."""
    times: dict[str, list[float]] = {k: [] for k in commands}
    for _ in range(runs):
        for k, c in commands.items():
            times[k].append(run(c)[1 if wall else 0])
    return {k: min(v) for k, v in times.items()}


def _kits(kits: dict, only: str) -> dict:
    """``kits`` (game -> components), or only the game ``only`` names unless it says ``all``."""
    return kits if only == "all" else {only: kits[only]}


def drawn(only: str = "all") -> list[dict]:
    """What ``make all --seed 7`` draws, file by file, for benchmarks/floor_reportlab.py: each
    page's path segments and strings (font, size in pt, text); a symbol counted once, on the
    first page of its file (printkit draws it once, as a form)."""
    from printkit.core.draw.ops import Circle, Line, Path as PathOp, Polygon, Rect, Text, walk
    from printkit.core.draw.page import PrintOptions
    from printkit.core.fonts import get_font
    from printkit.core.registry import games

    def count(ops, page: dict, fonts: dict) -> None:
        for op, _ in walk(ops):
            if isinstance(op, Text):
                page["strings"].append([op.font, round(op.size * 72 / 25.4, 3), op.text])
                fonts[op.font] = get_font(op.font).path
            elif isinstance(op, PathOp):
                page["segments"] += len(op.segments)
            elif isinstance(op, Polygon):
                page["segments"] += len(op.points)
            elif isinstance(op, (Rect, Circle)):
                page["segments"] += 4
            elif isinstance(op, Line):
                page["segments"] += 1

    plan = []
    for game, comps in _kits(games(), only).items():
        for name, comp in comps.items():
            doc = comp.build(PrintOptions(seed=7))
            fonts: dict[str, str] = {}
            pages: list[dict] = []
            for built in doc.pages:
                pages.append({"segments": 0, "strings": []})
                count(built.ops, pages[-1], fonts)
            for ops in doc.symbols.values():
                count(ops, pages[0], fonts)
            plan.append({"name": f"{game}-{name}.pdf", "fonts": fonts, "pages": pages})
    return plan


def peak(args: list[str]) -> tuple[float, float]:
    """(CPU seconds, peak RSS in MiB) of one printkit run in its own process."""
    t = _children_cpu()
    p = subprocess.run([PY, "-c", RSS, *args], capture_output=True, text=True, cwd=EMPTY.name, check=True)
    return _children_cpu() - t, int(p.stderr.strip().splitlines()[-1]) / 1024


def suite() -> tuple[float, float, str]:
    """(wall seconds, CPU seconds, pytest's last line) of the README's test command on ROOT."""
    t, w = _children_cpu(), time.perf_counter()
    p = subprocess.run([PY, "-m", "pytest", "-n", "2", "--dist", "loadfile", "-q", "-p", "no:cacheprovider"],
                       cwd=ROOT, capture_output=True, text=True, check=False)
    last = (p.stdout.strip().splitlines() or ["(no output)"])[-1].strip("= ")
    return time.perf_counter() - w, _children_cpu() - t, last


def rollncook_records_per_second(seconds: float = 2.0) -> float:
    from printkit.games.rollncook.record import RollNCookRecord
    from printkit.games.rollncook.scorer import score
    from printkit.games.rollncook.sheet import generate
    from printkit.games.rollncook.simulate import play_sheet

    rng = random.Random(1)
    records = []
    for seed in range(50):
        hours, _ = play_sheet(generate(seed), rng)
        records.append(RollNCookRecord.model_validate({"sheet": f"RNC1-{seed}", "player": "p", "hours": hours}))
    for r in records:  # warm: each sheet generated once, as a tournament's records share sheets
        score([r])
    t, n = time.process_time(), 0
    while time.process_time() - t < seconds:
        for r in records:
            score([r])
        n += len(records)
    return n / (time.process_time() - t)


def gemblo_six_player_ms() -> tuple[float, int]:
    from printkit.core.game import replay
    from printkit.games.gemblo.play import play_game
    from printkit.games.gemblo.record import GembloRecord
    from printkit.games.gemblo.state import GEMBLO

    six = ["red", "yellow", "green", "blue", "purple", "clear"]
    moves = play_game(6, six, 6)
    record = GembloRecord.model_validate({"players": 6, "colours": six, "moves": moves})
    times = []
    for _ in range(15):
        t = time.process_time()
        rep = replay(GEMBLO, [("-", record, {})])
        times.append(time.process_time() - t)
    assert rep.valid
    return 1000 * statistics.median(times), len(moves)


def compile_bytecode() -> None:
    """Write the measured printkit's ``__pycache__`` first, as installing it would: with
    PYTHONDONTWRITEBYTECODE set and no cache, every run would compile its ~70 modules again."""
    import compileall

    import printkit

    compileall.compile_dir(str(Path(printkit.__file__).parent), quiet=1)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--count", type=int, default=10000)
    ap.add_argument("--base", type=int, default=100, help="the smaller --count that --count's memory is held to")
    ap.add_argument("--scorer-seconds", type=float, default=2.0,
                    help="CPU seconds the Roll n Cook scorer runs for its records a second")
    ap.add_argument("--game", default="all", help="the kit drawn against reportlab's floor (default: all)")
    ap.add_argument("--no-suite", action="store_true", help="leave out the test suite's row (minutes)")
    a = ap.parse_args()
    rows: list[tuple[str, str, str, str, bool]] = []
    compile_bytecode()

    script = str(Path(PY).with_name("printkit"))  # the console script, as a user runs it
    commands = {"bare": [PY, "-c", "pass"], "help": [script, "--help"], "list": [script, "list"],
                "score": [script, "score", "rollncook", str(RECORD)], "imports": [PY, "-c", IMPORTS_ONLY]}
    walls = fastest(commands, a.runs, wall=True)
    cpus = fastest(commands, a.runs)
    for key, what, budget in (("help", "printkit --help", 100), ("list", "printkit list", None),
                              ("score", "printkit score (1 record)", 250)):
        floor = (f"python -c pass {1000 * walls['bare']:.0f} ms; importing typer, PyYAML and pydantic alone "
                 f"{1000 * walls['imports']:.0f} ms")
        ms = 1000 * walls[key]
        rows.append((what, f"{ms:.0f} ms wall ({1000 * cpus[key]:.0f} ms CPU)",
                     f"< {budget} ms wall" if budget else "(none)", floor, budget is None or ms < budget))

    plan = drawn(a.game)
    pages = sum(len(d["pages"]) for d in plan)
    segments = sum(p["segments"] for d in plan for p in d["pages"])
    strings = sum(len(p["strings"]) for d in plan for p in d["pages"])
    with tempfile.TemporaryDirectory() as tmp:
        plan_file, floor_out = Path(tmp) / "plan.json", Path(tmp) / "floor"
        floor_out.mkdir()
        plan_file.write_text(json.dumps(plan))
        t = fastest({"make": [PY, "-m", "printkit", "make", a.game, "--seed", "7", "--out", str(Path(tmp) / "kit")],
                     "floor": [PY, str(ROOT / "benchmarks" / "floor_reportlab.py"), str(plan_file), str(floor_out)],
                     "build": [PY, "-c", BUILD_ONLY, a.game]},
                    a.runs)  # as many as the start-up figures: the fastest of 3 varied by ~10%
    r = t["make"] / t["floor"]
    rows.append((f"make {a.game} --seed 7 ({pages} pages, {len(plan)} files)", f"{t['make']:.2f} s = {r:.2f}x", "<= 2x",
                 f"reportlab {t['floor']:.2f} s (the same {len(plan)} files, fonts, {segments:,} segments, "
                 f"{strings:,} strings); laying the pages out alone, no PDF: {t['build'] / t['floor']:.2f}x",
                 r <= 2))

    with tempfile.TemporaryDirectory() as tmp:
        small_t, small = peak(["make", "rollncook", "--seed", "1", "--count", str(a.base), "--out", tmp])
        big_t, big = peak(["make", "rollncook", "--seed", "1", "--count", str(a.count), "--out", tmp])
    per = 1000 * (big_t - small_t) / (a.count - a.base)
    rows.append((f"--count {a.count:,}: peak memory", f"{big:.0f} MiB", f"<= 150 MiB, same as at {a.base}",
                 f"--count {a.base}: {small:.0f} MiB", big <= 150 and big - small <= 0.15 * small))
    rows.append((f"--count {a.count:,}: a sheet", f"{per:.1f} ms", "(none)",
                 f"(time at N minus time at {a.base}) / (N - {a.base})", True))

    rps = rollncook_records_per_second(a.scorer_seconds)
    rows.append(("Roll n Cook scorer", f"{rps:,.0f} records/s", ">= 3,000/s", "", rps >= 3000))
    ms, moves = gemblo_six_player_ms()
    rows.append((f"Gemblo 6-player game ({moves} moves) validated", f"{ms:.1f} ms", "< 5 ms", "", ms < 5))

    if not a.no_suite:
        wall, cpu, last = suite()
        rows.append(("test suite (README command, 2 workers)", f"{wall:.0f} s wall", "< 300 s",
                     f"{cpu:.0f} s of CPU; {last}", wall < 300 and "failed" not in last and "error" not in last))

    heads = ("figure", "measured", "goal", "floor, same run", "met")
    table = [heads] + [(w, m, g, f, "yes" if ok else "NO") for w, m, g, f, ok in rows]
    widths = [max(len(r[i]) for r in table) for i in range(5)]
    for k, row in enumerate(table):
        print("| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |")
        if k == 0:
            print("|" + "|".join("-" * (w + 2) for w in widths) + "|")


if __name__ == "__main__":
    main()
