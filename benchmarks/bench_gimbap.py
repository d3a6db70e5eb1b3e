"""Benchmark: Gimbap's solver and scorer (run on demand, not part of the tests).

    .venv/bin/python benchmarks/bench_gimbap.py

Reports: enumerating every build (once per process), solving all 2,376 orders (goal < 1 s,
enumeration included), counting their solutions, scoring the example games, and making the
kit.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from printkit.core.draw.page import PrintOptions  # noqa: E402
from printkit.core.output import write_document  # noqa: E402
from printkit.core.game import replay  # noqa: E402
from printkit.core.records import read_record  # noqa: E402
from printkit.games.gimbap import rolls  # noqa: E402
from printkit.games.gimbap.record import GimbapRecord  # noqa: E402
from printkit.core.registry import games  # noqa: E402
from printkit.games.gimbap.state import GIMBAP  # noqa: E402


def main() -> None:
    t0 = time.perf_counter()
    rolls.all_builds()
    rolls._face_masks()
    t1 = time.perf_counter()
    orders = list(rolls.all_orders())
    solved = [rolls.solve(list(o)) for o in orders]
    t2 = time.perf_counter()
    counts = [rolls.count_solutions(list(o)) for o in orders]
    t3 = time.perf_counter()
    assert all(s is not None for s in solved) and len(orders) == 2376
    print(f"enumerate {len(rolls.all_builds()[1])} builds + masks: {1000 * (t1 - t0):.0f} ms")
    print(f"solve all {len(orders)} orders: {1000 * (t2 - t1):.0f} ms "
          f"(with enumeration: {1000 * (t2 - t0):.0f} ms; goal < 1000 ms)")
    print(f"count solutions of all orders: {1000 * (t3 - t2):.0f} ms "
          f"(fewest {min(counts)}, most {max(counts)})")
    examples = sorted((ROOT / "examples" / "gimbap").glob("*.yaml"))
    records = [read_record(str(p), GimbapRecord)[0] for p in examples]
    n = 200
    t = time.perf_counter()
    for _ in range(n):
        for r in records:
            replay(GIMBAP, [("game.yaml", r, {})])
    dt = time.perf_counter() - t
    print(f"score example games: {n * len(records) / dt:.0f} games/s")
    t = time.perf_counter()
    for _ in range(n // 10):
        for p in examples:
            read_record(str(p), GimbapRecord)
    dt = time.perf_counter() - t
    print(f"read and check records: {(n // 10) * len(examples) / dt:.0f} files/s")
    with tempfile.TemporaryDirectory() as tmp:
        for name, comp in games()["gimbap"].items():
            t = time.perf_counter()
            paths = write_document(comp.build(PrintOptions()), Path(tmp), name, ("pdf", "svg"))
            size = sum(p.stat().st_size for p in paths if p.suffix == ".pdf")
            print(f"make {name:<9} pdf+svg: {1000 * (time.perf_counter() - t):6.0f} ms, pdf {size / 1024:.0f} KB")


if __name__ == "__main__":
    main()
