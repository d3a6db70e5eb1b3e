"""The corpus runner itself holds cases to what it promises (tests/hostile/runner.py)."""

from __future__ import annotations

import pytest

from tests.hostile.runner import Case, run_case

CASES = [
    Case("unknown-game", ["make", "chess"], 2, r"chess"),
    Case("a-good-record", ["score", "rollncook", "r.yaml"], 2, r"r\.yaml"),
    Case("as-a-process", ["make", "chess"], 2, r"chess", process=True),
    Case("stdin-bytes-to-a-process", ["score", "gimbap", "-"], 2, r"<stdin>", stdin=b"players: [", process=True),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_case(case, tmp_path):
    run_case(case, tmp_path)


def test_a_wrong_expectation_fails(tmp_path):
    with pytest.raises(AssertionError):
        run_case(Case("wrong", ["make", "chess"], 0), tmp_path)
    with pytest.raises(AssertionError):
        run_case(Case("wrong-words", ["make", "chess"], 2, r"no such words here"), tmp_path / "b")
