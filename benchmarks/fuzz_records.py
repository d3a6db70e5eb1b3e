"""Fuzz every scorer with records, 10,000 examples a game (issue 15): count internal errors.

    python benchmarks/fuzz_records.py [EXAMPLES_PER_GAME] [GAME ...]

Records are made as in tests/test_fuzz.py (from each game's JSON Schema, worked examples
changed, bytes cut and spliced) and scored in-process as ``printkit score`` does. An example
fails when anything but exit 0, 1 or 2 comes out (an exception that is not a PrintkitError, a
message of more than one line, a control character in the text report). Prints, per game,
the examples run, the exit codes, the failures and the slowest example; the distinct failures
are shown with one record each. Exit status 1 when any example failed.
"""

from __future__ import annotations

import collections
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402

from tests.test_fuzz import GAMES, outcome, record_sets  # noqa: E402


def fuzz(game: str, n: int) -> tuple[int, collections.Counter, dict, float]:
    codes: collections.Counter = collections.Counter()
    failures: dict[str, tuple[int, list[bytes], str]] = {}
    slowest = 0.0

    @settings(max_examples=n, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(record_sets(game))
    def run(blobs):
        nonlocal slowest
        start = time.perf_counter()
        try:
            codes[outcome(game, blobs)] += 1
        except Exception as e:  # noqa: BLE001 - counted and shown, not raised
            codes["failure"] += 1
            where = traceback.extract_tb(e.__traceback__)[-1]
            key = f"{type(e).__name__} at {Path(where.filename).name}:{where.lineno}"
            count, first, text = failures.get(key, (0, blobs, f"{type(e).__name__}: {e}"))
            failures[key] = (count + 1, first, text)
        slowest = max(slowest, time.perf_counter() - start)

    run()
    return sum(codes.values()), codes, failures, slowest


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else 10_000
    games = argv[1:] or GAMES
    total_examples = total_failures = 0
    for game in games:
        start = time.perf_counter()
        examples, codes, failures, slowest = fuzz(game, n)
        failed = codes.pop("failure", 0)
        total_examples += examples
        total_failures += failed
        print(f"{game}: {examples} examples, {failed} failures; exit codes "
              f"{dict(sorted(codes.items()))}; {time.perf_counter() - start:.0f} s, slowest {slowest * 1000:.0f} ms",
              flush=True)
        for key, (count, blobs, text) in failures.items():
            print(f"  {count} x {key}: {text[:300]}")
            for blob in blobs:
                print("    record: " + repr(blob[:600]))
    print(f"total: {total_examples} examples, {total_failures} failures")
    return 1 if total_failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
