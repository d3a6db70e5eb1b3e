"""Benchmark: Roll n Cook sheets, scorer and simulator (run on demand, not part of the tests).

    .venv/bin/python benchmarks/bench_rollncook.py [--count 1000] [--quick]

``--quick`` runs tiny sizes (the smoke test, tests/test_benchmarks_smoke.py): its figures mean little.

Goals (issue 4): <= 15 ms a sheet for --count 1000, memory flat; >= 2,000 records/s scored.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from printkit.core.draw.page import PrintOptions  # noqa: E402
from printkit.core.output import write_document  # noqa: E402
from printkit.core.registry import games  # noqa: E402
from printkit.games.rollncook.record import RollNCookRecord  # noqa: E402
from printkit.games.rollncook.scorer import score  # noqa: E402
from printkit.games.rollncook.sheet import generate  # noqa: E402
from printkit.games.rollncook.simulate import play_sheet, simulate  # noqa: E402


def rss() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--quick", action="store_true", help="tiny sizes: does it run (the smoke test)")
    args = ap.parse_args()
    sheets, counts, seconds, games_ = (10, (2,), 0.1, 5) if args.quick else (1000, (100, args.count), 2.0, 200)
    comp = games()["rollncook"]["sheet"]
    t = time.perf_counter()
    for s in range(sheets):
        generate(s)
    print(f"generate a sheet's contents: {1000 * (time.perf_counter() - t) / sheets:.3f} ms")
    with tempfile.TemporaryDirectory() as tmp:
        for n in counts:
            before = rss()
            t = time.perf_counter()
            doc = comp.build(PrintOptions(seed=1), count=n)
            t_model = time.perf_counter() - t
            paths = write_document(doc, Path(tmp), f"s{n}", ("pdf",))
            dt = time.perf_counter() - t
            print(f"--count {n}: {1000 * dt / n:.1f} ms a sheet (model {1000 * t_model / n:.1f} ms, PDF "
                  f"{1000 * (dt - t_model) / n:.1f} ms), {paths[0].stat().st_size / n / 1024:.1f} KB a sheet, "
                  f"peak RSS {rss():.0f} MiB (was {before:.0f})")
    rng = random.Random(1)
    records = []
    for seed in range(20):
        hours, _ = play_sheet(generate(seed), rng)
        records.append(RollNCookRecord.model_validate({"sheet": f"RNC1-{seed}", "player": "p", "hours": hours}))
    t = time.perf_counter()
    reps = 0
    while time.perf_counter() - t < seconds:
        for r in records:
            score([r])
            reps += 1
    print(f"scorer: {reps / (time.perf_counter() - t):.0f} records/s (replay and score; goal >= 2,000)")
    t = time.perf_counter()
    simulate(7, games_)
    print(f"simulator: {games_ / (time.perf_counter() - t):.0f} games/s")


if __name__ == "__main__":
    main()
