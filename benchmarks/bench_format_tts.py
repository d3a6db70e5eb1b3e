"""Benchmark: ``printkit make trickdumpling --format tts`` (issue 29's goal: under 10 s).

    .venv/bin/python benchmarks/bench_format_tts.py [--runs N] [GAME [COMPONENT...]]

Runs the command as a player does (a new process each time, this Python's ``printkit``) into a
fresh folder, and prints the median wall time, its CPU time (the process's user + system) and
what it wrote: files, the saved object's objects and the images' size.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOAL = 10.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("target", nargs="*", default=["trickdumpling"])
    args = ap.parse_args()
    walls, cpus = [], []
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory() as tmp:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t = time.perf_counter()
            r = subprocess.run([sys.executable, "-m", "printkit", "make", *args.target, "--seed", "7", "--format", "tts",
                                "--out", tmp], capture_output=True, text=True, env=env, check=False)
            walls.append(time.perf_counter() - t)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            if r.returncode != 0:
                sys.exit(f"printkit failed: {r.stderr.strip()}")
            paths = [Path(p) for p in r.stdout.split()]
            saved = [p for p in paths if p.suffix == ".json"]
            objects = sum(len(json.loads(p.read_text())["ObjectStates"]) for p in saved)
            size = sum(p.stat().st_size for p in paths if p.suffix == ".png")
    target = " ".join(args.target)
    print(f"make {target} --format tts: median {statistics.median(walls):.2f} s wall, "
          f"{statistics.median(cpus):.2f} s CPU over {args.runs} run(s) (goal < {GOAL:g} s)")
    print(f"wrote {len(paths)} files: {len(saved)} saved object(s) with {objects} objects, "
          f"{size / 1e6:.1f} MB of images")


if __name__ == "__main__":
    main()
