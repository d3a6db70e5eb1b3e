"""Benchmark: Roll n Cook sheets, scorer and simulator (run on demand, not part of the tests).

    python benchmarks/bench_rollncook.py [--count 1000]

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
    args = ap.parse_args()
    comp = games()["rollncook"]["sheet"]
    t = time.perf_counter()
    for s in range(1000):
        generate(s)
    print(f"generate a sheet's contents: {(time.perf_counter() - t):.3f} ms")
    with tempfile.TemporaryDirectory() as tmp:
        for n in (100, args.count):
            before = rss()
            t = time.perf_counter()
            doc = comp.build(PrintOptions(seed=1), count=str(n))
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
    while time.perf_counter() - t < 2:
        for r in records:
            score([r])
            reps += 1
    print(f"scorer: {reps / (time.perf_counter() - t):.0f} records/s (replay and score; goal >= 2,000)")
    t = time.perf_counter()
    simulate(7, 200)
    print(f"simulator: {200 / (time.perf_counter() - t):.0f} games/s")


if __name__ == "__main__":
    main()
