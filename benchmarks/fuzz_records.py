"""Fuzz every scorer with records, 10,000 examples a game (issues 15 and 26): count the failures.

    .venv/bin/python benchmarks/fuzz_records.py [EXAMPLES_PER_GAME] [GAME ...]

Records are made as in tests/test_fuzz.py (from each game's JSON Schema, worked examples
changed, bytes cut and spliced, worked examples made hostile) and scored in-process as
``printkit score`` does, for people or as JSON. An example fails when its answer breaks the
promise of tests/fuzzing.py (an exit other than 0, 1 or 2, an internal error, an exit 2 that is
not one line, more than 2 s of CPU, a control character in the text report). Prints, per game,
the examples run, the exit codes, the failures, the time and the slowest example; the distinct
failures are shown with one record each. Exit status 1 when any example failed.
PRINTKIT_DEBUG is set, so that an internal error shows where it comes from.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ["PRINTKIT_DEBUG"] = "1"
os.environ.setdefault("PRINTKIT_CACHE", "0")

from hypothesis import Phase, given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tests.fuzzing import Tally  # noqa: E402
from tests.test_fuzz import GAMES, fuzz_settings, outcome, record_sets  # noqa: E402


def fuzz(game: str, n: int, folder: Path) -> Tally:
    tally = Tally()

    @fuzz_settings(n, phases=[Phase.generate])
    @given(record_sets(game), st.booleans())
    def run(blobs, as_json):
        tally.run(blobs, lambda: outcome(game, blobs, folder, as_json))

    run()
    return tally


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else 10_000
    games = argv[1:] or GAMES
    total_examples = total_failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for game in games:
            start = time.perf_counter()
            tally = fuzz(game, n, Path(tmp))
            total_examples += tally.examples
            total_failures += tally.failed
            took = time.perf_counter() - start
            print(f"{game}: {tally.examples} examples, {tally.failed} failures; exit codes "
                  f"{tally.exits()}; {took:.0f} s ({tally.examples / took:.0f}/s), "
                  f"slowest {tally.slowest * 1000:.0f} ms CPU", flush=True)
            for key, (count, blobs, text) in tally.failures.items():
                print(f"  {count} x {key}: {text[:300]}")
                for blob in blobs:
                    print("    record: " + repr(blob[:600]))
    print(f"total: {total_examples} examples, {total_failures} failures")
    return 1 if total_failures else 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
