"""The scorer's contract (printkit/core/score.py, SCORING.md) on its own: ranking and shared
ties, when a report names no winner and why, exit codes, and how a violation reads. The players
and the ranking key are the test-only game's (Nim, tests/toygame: NIM-3, the last stone wins,
a total of 1) or its Points variant's (tests/core/test_game.py: POINTS-1 stones taken, POINTS-2
fewer takes break a tie, then it is shared). The replay that makes reports from records is
tests/core/test_game.py's."""

from __future__ import annotations

import doctest
import json
from dataclasses import replace

import pytest

import printkit.core.score
from printkit.core.score import EXIT_LEGAL, EXIT_VIOLATIONS, PlayerResult, Report, Violation, locate, rank
from printkit.core.yamlio import parse_text
from tests.core.test_game import POINTS
from tests.toygame.state import NIM


def test_docstring_examples():
    """printable (a record's text made safe for a terminal) and _short (a breakdown's values)."""
    result = doctest.testmod(printkit.core.score)
    assert result.attempted >= 2 and result.failed == 0


def points(*rows: tuple[str, int, int]) -> list[PlayerResult]:
    """Points Nim standings: (name, stones taken, takes)."""
    return [PlayerResult(name, total, {"takes": takes}) for name, total, takes in rows]


@pytest.mark.parametrize("rows,ranking,winners", [
    # POINTS-2: a tie on the whole key is shared, in the record's order of players
    ([("Ann", 3, 1), ("Bo", 3, 1)], ["Ann", "Bo"], ["Ann", "Bo"]),
    ([("Ann", 2, 1), ("Bo", 5, 2), ("Cy", 5, 2)], ["Bo", "Cy", "Ann"], ["Bo", "Cy"]),
    # POINTS-2: equal totals, the tie-break decides (fewer takes); larger is better, best first
    ([("Ann", 3, 2), ("Bo", 3, 1)], ["Bo", "Ann"], ["Bo"]),
    ([("Ann", 1, 1), ("Bo", 4, 3), ("Cy", 2, 1)], ["Bo", "Cy", "Ann"], ["Bo"]),
    ([], [], []),
])
def test_points2_rank_shares_a_tie_on_the_whole_key_only(rows, ranking, winners):
    assert rank(points(*rows), POINTS.rank_key) == (ranking, winners)


def test_nim3_rank_with_the_toy_games_own_key():
    """NIM-3: whoever took the last stone (total 1) is first, alone; the others keep their order."""
    players = [PlayerResult("Ann", 0), PlayerResult("Bo", 1), PlayerResult("Cy", 0)]
    assert rank(players, NIM.rank_key) == (["Bo", "Ann", "Cy"], ["Bo"])


NIM_1 = Violation("take (Ann)", "NIM-1", "it was Bo's turn", path=("takes", 1))


@pytest.mark.parametrize("change,why", [
    ({"violations": [NIM_1]}, "the record breaks the rules"),
    ({"unfinished": True}, "the game is unfinished"),
    ({"no_winner": "a solo game's score reaches no star"}, "a solo game's score reaches no star"),
    ({"violations": [NIM_1], "unfinished": True}, "the record breaks the rules"),
])
def test_a_broken_unfinished_or_unwon_game_names_no_winner(change, why):
    """SCORING.md: a broken record, an unfinished game, or a game the rules say nobody wins
    names no winner, even when its ranking has a first (``winners`` given is dropped)."""
    rep = Report("nim", players=[PlayerResult("Ann", 0), PlayerResult("Bo", 1)], ranking=["Bo", "Ann"],
                 winners=["Bo"], **{"violations": [], **change})
    assert rep.winners == [] and rep.why_no_winner == why
    assert rep.human().splitlines()[rep.human().splitlines().index("ranking: 1. Bo, 2. Ann") + 1] == f"no winner: {why}"
    out = json.loads(rep.dumps())
    assert out["winners"] == [] and out["ranking"] == ["Bo", "Ann"] and out["unfinished"] == bool(change.get("unfinished"))
    assert (rep.valid, rep.exit_code, out["valid"]) == ((False, EXIT_VIOLATIONS, False) if "violations" in change
                                                       else (True, EXIT_LEGAL, True))


def test_a_legal_finished_game_keeps_its_winners_and_says_so():
    """SCORING.md: exit 0, the winner named; a shared victory (POINTS-2) lists every winner."""
    one = Report("nim", [], [PlayerResult("Ann", 1), PlayerResult("Bo", 0)], ["Ann", "Bo"], ["Ann"])
    assert one.winners == ["Ann"] and one.exit_code == EXIT_LEGAL == 0 and one.human().endswith("\nwinner: Ann")
    two = Report("points-nim", [], points(("Ann", 3, 1), ("Bo", 3, 1)), ["Ann", "Bo"], ["Ann", "Bo"])
    assert two.human().endswith("\nwinners: Ann, Bo") and two.to_json()["winners"] == ["Ann", "Bo"]
    assert EXIT_VIOLATIONS == 1


def test_a_violation_reads_file_line_where_message_and_rule():
    """SCORING.md: ``FILE:LINE: where: message [rule id]`` for people; JSON keeps ``line`` always
    (null where unknown) and ``file`` where known."""
    assert str(replace(NIM_1, file="nim.yaml", line=5)) == "nim.yaml:5: take (Ann): it was Bo's turn [NIM-1]"
    assert str(replace(NIM_1, file="nim.yaml")) == "nim.yaml: take (Ann): it was Bo's turn [NIM-1]"
    assert str(NIM_1) == "take (Ann): it was Bo's turn [NIM-1]"
    assert NIM_1.to_json() == {"where": "take (Ann)", "rule": "NIM-1", "message": "it was Bo's turn", "line": None}
    rep = Report("nim", [replace(NIM_1, file="nim.yaml", line=5)], [PlayerResult("Ann", 0)], ["Ann"], [])
    lines = rep.human().splitlines()
    assert lines[-3:] == ["1 violation:", "  nim.yaml:5: take (Ann): it was Bo's turn [NIM-1]",
                          "(a rule id explained: printkit rules nim NIM-1)"]


def test_locate_names_each_records_file_and_keeps_what_it_cannot_place():
    """The file and line of each violation from its own record (``record``: which of the records
    scored together); a violation of no entry (path ()) keeps the line it has; a record index
    beyond those given is left as it is; ``-`` is shown as <stdin>."""
    _, table = parse_text("players: [Ann, Bo]\npile: 7\ntakes:\n  - {player: Ann, take: 3}\n  - {player: Ann, take: 1}\n")
    vs = [NIM_1, replace(NIM_1, record=1), Violation("game", "NIM-3", "x", line=2), replace(NIM_1, record=2)]
    rep = locate(Report("nim", vs, [], [], []), [("a.yaml", None, table), ("-", None, table)])
    assert [(v.file, v.line) for v in rep.violations] == [("a.yaml", 5), ("<stdin>", 5), ("a.yaml", 2), (None, None)]
