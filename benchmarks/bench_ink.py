"""Benchmark: how much ink the kit takes, in colour and in low-ink ``--bw``.

Run on demand (also run by tests/quality/test_print_quality.py's ink test):

    .venv/bin/python benchmarks/bench_ink.py [--paper a4] [--dpi 150] [--game GAME ...]

Every component at its default settings (seed 7) is rendered to PDF and rasterised (pypdfium2);
at 150 dpi (pdfium draws a line thinner than a pixel one pixel wide,
so a coarser raster overstates hairlines) a page's coverage is its mean darkness (0 white, 1 solid black) of the grey image, and a kit's
ink is the mean over all its pages. It prints each component's ink in colour and in --bw, the
kit totals and their ratio, and the darkest --bw page. The promise (issue 12): the --bw kit
takes at most half the colour kit's ink, and no --bw page covers more than 25%. ``--game`` measures
only the kits of the games named (the tests' tiny run: one game; the promise is the whole kit's).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from printkit.core.draw.page import PrintOptions  # noqa: E402
from printkit.core.draw.pdf import render_pdf  # noqa: E402
from printkit.core.preview import coverage, rasterise  # noqa: E402
from printkit.core.registry import games  # noqa: E402

#: The promises checked.
MAX_RATIO = 0.5
MAX_BW_PAGE = 0.25


@dataclass
class Ink:
    pages: dict[str, list[float]]  # component -> each page's coverage

    @property
    def all_pages(self) -> list[float]:
        return [v for vs in self.pages.values() for v in vs]

    @property
    def mean(self) -> float:
        pages = self.all_pages
        return sum(pages) / len(pages)


def measure(bw: bool, paper: str = "a4", dpi: float = 150.0,
            pdf: Callable[[str, str, PrintOptions], bytes] | None = None, only: list[str] | None = None) -> Ink:
    """Every component's pages' coverage (of the games ``only`` names, if given), made with or
    without --bw. ``pdf(game, name, options)`` gives a component's PDF (default: built and
    rendered here; the tests pass the PDFs they have already made)."""
    out: dict[str, list[float]] = {}
    for game, comps in games().items():
        if only and game not in only:
            continue
        for name, comp in comps.items():
            options = PrintOptions(paper=paper, bw=bw, seed=7)
            data = pdf(game, name, options) if pdf else render_pdf(comp.build(options))
            out[f"{game} {name}"] = [coverage(im) for im in rasterise(data, dpi)]
    return Ink(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--paper", default="a4", choices=["a4", "letter"])
    ap.add_argument("--dpi", type=float, default=150.0)
    ap.add_argument("--game", action="append", choices=sorted(games()), help="only this game's kit (repeatable)")
    args = ap.parse_args(argv)
    colour = measure(False, args.paper, args.dpi, only=args.game)
    bw = measure(True, args.paper, args.dpi, only=args.game)
    print(f"{'component':<26}{'pages':>6}{'colour':>9}{'--bw':>9}{'bw max page':>13}")
    for key, pages in colour.pages.items():
        b = bw.pages[key]
        print(f"{key:<26}{len(pages):>6}{sum(pages) / len(pages):>9.1%}{sum(b) / len(b):>9.1%}{max(b):>13.1%}")
    ratio = bw.mean / colour.mean
    darkest = max(bw.all_pages)
    print(f"\nkit ink ({len(colour.all_pages)} pages, {args.paper}, {args.dpi:g} dpi): colour {colour.mean:.2%}, "
          f"--bw {bw.mean:.2%}, ratio {ratio:.2f} (at most {MAX_RATIO})")
    print(f"darkest --bw page: {darkest:.1%} (at most {MAX_BW_PAGE:.0%})")
    ok = ratio <= MAX_RATIO and darkest <= MAX_BW_PAGE
    print("OK" if ok else "FAILS the low-ink promise")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
