"""Benchmark: how long making the calibration kit takes, and how much memory it peaks at.

Run on demand (not part of the tests):

    .venv/bin/python benchmarks/bench_calibration.py [--repeat 5]

It builds each calibration component's drawing model, then renders it to PDF and to SVG,
for A4 and Letter, and prints the median and best wall-clock times of each step.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from printkit.core.draw.page import PrintOptions  # noqa: E402
from printkit.core.draw.pdf import render_pdf  # noqa: E402
from printkit.core.draw.svg import render_svg_page  # noqa: E402
from printkit.core.output import write_document  # noqa: E402
from printkit.core.registry import games  # noqa: E402


def timed(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    # The first build loads fonts and layouts; time it apart from the steady state.
    t0 = time.perf_counter()
    games()["calibration"]["page"].build(PrintOptions())
    print(f"first build (loads fonts, layouts): {1000 * (time.perf_counter() - t0):.0f} ms")
    print(f"{'component':<10}{'paper':<8}{'step':<14}{'median ms':>10}{'best ms':>10}")
    for name, comp in games()["calibration"].items():
        for paper in ("a4", "letter"):
            opts = PrintOptions(paper=paper)
            doc = comp.build(opts)
            steps = {
                "model": lambda: comp.build(opts),
                "pdf": lambda: render_pdf(doc),
                "svg": lambda: [render_svg_page(doc, i) for i in range(len(doc.pages))],
            }
            with tempfile.TemporaryDirectory() as tmp:
                steps["make both"] = lambda: write_document(comp.build(opts), Path(tmp), "b", ("pdf", "svg"))
                for step, fn in steps.items():
                    ts = timed(fn, args.repeat)
                    print(f"{name:<10}{paper:<8}{step:<14}{1000 * statistics.median(ts):>10.1f}{1000 * min(ts):>10.1f}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory: {peak:.0f} MiB")


if __name__ == "__main__":
    main()
