"""Fuzz layouts, 10,000 examples (issue 26): ``check`` against ``make``, count the failures.

    .venv/bin/python benchmarks/fuzz_layouts.py [EXAMPLES]

Layouts are made as in tests/test_fuzz_layouts.py (a grammar of the real layout features with
numbers from ordinary to extreme), then checked and made to PDF in-process (A4 colour, Letter
B&W). An example fails when an answer breaks the promise of tests/fuzzing.py (an internal error,
an exit 2 that is not one line, more than 2 s of CPU) or when ``check`` and ``make`` disagree
(one exits 2, the other not). Prints the examples run, the exit codes of check, the failures
with one layout each, the time and the slowest example. Exit status 1 when any example failed.
PRINTKIT_DEBUG is set, so that an internal error shows where it comes from.
"""

from __future__ import annotations

import itertools
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ["PRINTKIT_DEBUG"] = "1"
os.environ.setdefault("PRINTKIT_CACHE", "0")

from hypothesis import Phase, given  # noqa: E402

from tests.fuzzing import Tally  # noqa: E402
from tests.test_fuzz import fuzz_settings  # noqa: E402
from tests.test_fuzz_layouts import agree, layouts, layouts_folder, write_layout  # noqa: E402


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else 10_000
    tally = Tally()
    count = itertools.count(1)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp, layouts_folder(Path(tmp) / "layouts") as folder:

        @fuzz_settings(n, phases=[Phase.generate])
        @given(layouts())
        def run(layout):
            text = write_layout(layout)
            tally.run(text, lambda: agree(text, folder, next(count) * 10**9)[0])

        run()
    took = time.perf_counter() - start
    print(f"layouts: {tally.examples} examples, {tally.failed} failures; check's exit codes {tally.exits()}; "
          f"{took:.0f} s ({tally.examples / took:.1f}/s), slowest {tally.slowest * 1000:.0f} ms CPU")
    for key, (seen, text, said) in sorted(tally.failures.items(), key=lambda kv: -kv[1][0]):
        print(f"  {seen} x {key}: {said[:400]}")
        print("    layout: " + repr(text[:1500]))
    return 1 if tally.failed else 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
