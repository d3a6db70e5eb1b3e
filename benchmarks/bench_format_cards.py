"""Benchmark: ``printkit make GAME --format cards`` (issue 29's goal: Trick Dumpling in under 10 s).

Run on demand (not part of the tests; tests/test_benchmarks_smoke.py runs it tiny):

    .venv/bin/python benchmarks/bench_format_cards.py [--runs 3] [--game trickdumpling]
        [--dpi 300 | --preset mpc-poker] [COMPONENT ...]

Each run is a fresh ``printkit`` process (this Python, ``-m printkit``) writing into an empty
folder, as a user runs it: start-up, drawing, rasterising and the PNGs written (each fsynced).
It prints the median and best wall-clock time against the goal, the CPU time of the process, the
files and bytes made, and the machine's load (a busy machine stretches the wall clock, not the
CPU time).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOAL = 10.0  # seconds, wall clock, for the whole of Trick Dumpling


def run_once(args: argparse.Namespace) -> tuple[float, float, int, int]:
    """(wall s, CPU s, files, bytes) of one ``make --format cards`` into a new folder."""
    cmd = [sys.executable, "-m", "printkit", "make", args.game, *args.components, "--format", "cards"]
    cmd += ["--preset", args.preset] if args.preset else ["--dpi", str(args.dpi)]
    with tempfile.TemporaryDirectory() as tmp:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        r = subprocess.run([*cmd, "--out", tmp], capture_output=True, text=True, cwd=tmp,
                           env={**os.environ, "PYTHONPATH": str(ROOT)})
        wall = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if r.returncode != 0:
            sys.exit(f"printkit failed ({r.returncode}): {r.stderr.strip()}")
        files = [p for p in Path(tmp).rglob("*") if p.is_file()]
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return wall, cpu, len(files), sum(p.stat().st_size for p in files)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("components", nargs="*", help="components of the game (all of them if none)")
    ap.add_argument("--game", default="trickdumpling")
    ap.add_argument("--dpi", type=int, default=300)
    ap.add_argument("--preset", default=None)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    results = [run_once(args) for _ in range(args.runs)]
    walls = [r[0] for r in results]
    wall, cpu, files, size = statistics.median(walls), statistics.median(r[1] for r in results), *results[0][2:]
    what = " ".join([args.game, *args.components])
    size_note = f"preset {args.preset}" if args.preset else f"{args.dpi} dpi"
    print(f"make {what} --format cards ({size_note}), {args.runs} run(s):")
    print(f"  wall clock: median {wall:.2f} s, best {min(walls):.2f} s (goal < {GOAL:g} s: "
          f"{'met' if wall < GOAL else 'NOT met'})")
    print(f"  CPU time:   median {cpu:.2f} s (drawing, rasterising, PNG encoding)")
    print(f"  made:       {files} files, {size / 1e6:.1f} MB")
    # Wall clock waits for the CPU when other work shares the machine: say how busy it was.
    print(f"  load:       {os.getloadavg()[0]:.1f} (1-minute average) on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
