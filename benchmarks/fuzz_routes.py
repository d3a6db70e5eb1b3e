"""Fuzz every changing route of every game with 10,000 requests (issue 25, item 2): none a 5xx,
nothing reaching the crash handler.

    .venv/bin/python benchmarks/fuzz_routes.py [REQUESTS]

Runs the suite's test tests/web/test_fuzz_routes.py::test_any_json_to_every_route_of_every_game_is_never_a_5xx
(the same routes, games, strategies and checks; derandomised, so the same requests every run) with
REQUESTS in all (default 10,000; the suite sends 600), in a pytest process of this Python on this
checkout. Prints the requests sent, the routes and games, the time, and pytest's last line; exit
status pytest's (0: every request answered below 500 with no traceback).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEST = "tests/web/test_fuzz_routes.py::test_any_json_to_every_route_of_every_game_is_never_a_5xx"


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else 10_000
    env = {**os.environ, "PRINTKIT_FUZZ_ROUTES": str(n),
           "PYTHONPATH": os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", TEST],
                          cwd=ROOT, env=env, check=False).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
