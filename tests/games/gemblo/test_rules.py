"""Gemblo's rules, each with a case that breaks it (GEM-3 to GEM-7, PK-6), and the examples."""

import copy
import json
from pathlib import Path

import pytest

from printkit.core.yamlio import parse_text
from printkit.games.gemblo.content import CONTENT
from printkit.games.gemblo.play import play_game
from printkit.games.gemblo.record import GembloRecord
from printkit.games.gemblo.rules import Board, legal_moves, links, problems
from printkit.core.game import replay
from printkit.core.score import rank
from printkit.games.gemblo.state import GEMBLO, default_obstacles, standing
from tests.conftest import run_cli

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "gemblo"
FOUR = ["red", "yellow", "green", "blue"]


def load(name):
    return parse_text((EXAMPLES / name).read_text())[0]


def score(rec: GembloRecord):
    """The report of ``rec`` as `printkit score` makes it (without lines: no file)."""
    return replay(GEMBLO, [("-", rec, {})])


def rules_of(state, colour, piece, cells):
    return [r for r, _ in problems(state, colour, piece, cells)]


@pytest.fixture
def red_started():
    """Red's V3 on its 4-player start (12, -9)."""
    return Board.new(4, FOUR).place("red", "V3", [(12, -9), (11, -9), (10, -8)])


def test_first_piece_covers_a_free_start(red_started):
    s = Board.new(4, FOUR)
    assert rules_of(s, "red", "M1", [(12, -9)]) == []
    assert rules_of(s, "red", "M1", [(11, -9)]) == ["GEM-4"]  # not a start cell
    # Yellow may not start where red already stands (the start is no longer free).
    assert "GEM-4" in rules_of(red_started, "yellow", "M1", [(12, -9)])
    assert rules_of(red_started, "yellow", "M1", [(-3, -9)]) == []


def test_area_of_the_player_count():
    s = Board.new(3, ["red", "yellow", "green"])
    assert rules_of(s, "red", "M1", [(12, -9)]) == ["GEM-4", "GEM-4"]  # a 4-player start, outside the 3-player area
    assert rules_of(s, "red", "M1", [(5, 5)]) == []


def test_cells_must_be_empty(red_started):
    msgs = [m for _, m in problems(red_started, "yellow", "D2", [(10, -8), (9, -8)])]
    assert any("already covered" in m for m in msgs)


def test_no_edge_contact_with_the_same_colour(red_started):
    msgs = problems(red_started, "red", "M1", [(9, -8)])  # next to (10, -8)
    assert ("GEM-4", "the piece touches red's own block at [10,-8] edge to edge") in msgs


def test_later_pieces_need_a_diagonal_link(red_started):
    assert rules_of(red_started, "red", "M1", [(8, -7)]) == []  # diagonal of (10, -8)
    assert rules_of(red_started, "red", "M1", [(5, -5)]) == ["GEM-4"]  # nowhere near
    assert "no cell of the piece lies on a diagonal" in problems(red_started, "red", "M1", [(5, -5)])[0][1]


def test_interception_blocked_by_one_other_colour(red_started):
    """GEM-5: the link (10,-8) -> (8,-7) runs between its flanks (9,-8) and (9,-7)."""
    ((d, flanks),) = [(d, f) for d, f in __import__("printkit.core.geometry.hexgrid", fromlist=["x"]).diagonals((10, -8)) if d == (8, -7)]
    assert set(flanks) == {(9, -8), (9, -7)}
    s = red_started.place("yellow", "D2", [(9, -8), (9, -7)])  # both flanks one colour: blocked
    assert links(s, "red", [(8, -7)]) == (1, 0)
    assert ("GEM-5" in rules_of(s, "red", "M1", [(8, -7)]))


def test_interception_open_between_two_colours(red_started):
    s = red_started.place("yellow", "M1", [(9, -8)]).place("green", "M1", [(9, -7)])  # two colours: open
    assert links(s, "red", [(8, -7)]) == (1, 1)
    assert rules_of(s, "red", "M1", [(8, -7)]) == []
    one = red_started.place("yellow", "M1", [(9, -8)])  # one flank empty: open
    assert rules_of(one, "red", "M1", [(8, -7)]) == []


def test_pieces_are_the_named_shape_and_used_once(red_started):
    assert rules_of(red_started, "red", "I3", [(8, -7), (7, -6), (6, -5)]) == []  # a straight three
    triangle = [(8, -7), (7, -7), (7, -6)]
    assert rules_of(red_started, "red", "T3", triangle) == []
    assert rules_of(red_started, "red", "I3", triangle) == ["GEM-3"]  # a T3 called I3
    bent = [(8, -7), (7, -7), (8, -6)]
    assert [m for _, m in problems(red_started, "red", "V3", bent)] == ["red has already placed V3"]


def test_two_players_start_their_colours_opposite():
    """GEM-6: each player's colours start on opposite 4-starts."""
    s = Board.new(2, ["red", "blue", "yellow", "green"]).place("red", "M1", [(12, -9)])
    assert rules_of(s, "yellow", "M1", [(-3, -9)]) == ["GEM-6"]  # yellow is red's partner: must take (-12, 9)
    assert rules_of(s, "yellow", "M1", [(-12, 9)]) == []
    assert rules_of(s, "blue", "M1", [(-12, 9)]) == ["GEM-6"]  # would leave red's partner no start
    assert rules_of(s, "blue", "M1", [(3, 9)]) == []


def test_legal_moves_are_legal_and_complete(red_started):
    moves = list(legal_moves(red_started, "red"))
    assert moves and all(problems(red_started, "red", p, c) == [] for p, c in moves)
    # Every legal M1 spot is found: compare with trying every empty cell of the area.
    found = {c[0] for p, c in moves if p == "M1"}
    brute = {c for c in red_started.area if not problems(red_started, "red", "M1", [c])}
    assert found == brute


def record(name="four-players.yaml", **changes):
    data = copy.deepcopy(load(name))
    for path, value in changes.items():
        node = data
        keys = path.split(".")
        for k in keys[:-1]:
            node = node[int(k)] if k.lstrip("-").isdigit() else node[k]
        last = keys[-1]
        node[int(last) if last.lstrip("-").isdigit() else last] = value
    return data


def violations(data):
    return [(v.rule, v.where, v.message) for v in score(GembloRecord.model_validate(data)).violations]


@pytest.mark.parametrize("name", ["four-players.yaml", "three-players.yaml", "two-players.yaml"])
def test_the_examples_are_legal_complete_games(name):
    data = load(name)
    rep = score(GembloRecord.model_validate(data))
    assert rep.valid, rep.violations[:3]
    assert not rep.notes  # every colour passed for good or placed everything
    # GEM-7: penalty = blocks of the unplaced pieces.
    for p in rep.players:
        unplaced = [piece for pieces in p.breakdown["unplaced"].values() for piece in pieces]
        assert p.total == -sum(len(CONTENT.pieces[x]) for x in unplaced)
    # The examples are what the automatic player makes from their seeds (they stay reproducible).
    seed = {"four-players.yaml": 4, "three-players.yaml": 3, "two-players.yaml": 2}[name]
    assert play_game(data["players"], data["colours"], seed) == data["moves"]


def scripted(players, colours, plan):
    """A record whose moves follow ``plan``: (colour, allowed pieces) in turn, each the first
    legal placement among the allowed pieces (largest first)."""
    state = Board.new(players, colours)
    moves = []
    for colour, allowed in plan:
        for piece in sorted(allowed, key=lambda p: -len(CONTENT.pieces[p])):
            move = next(legal_moves(state, colour, [piece]), None)
            if move:
                state = state.place(colour, *move)
                moves.append({"colour": colour, "piece": move[0], "cells": [list(c) for c in move[1]]})
                break
        else:
            raise AssertionError(f"{colour} cannot place any of {allowed}")
    return {"players": players, "colours": colours, "moves": moves}


THREE = ["red", "yellow", "green"]
FIVES = [p for p, c in CONTENT.pieces.items() if len(c) == 5]


def test_fewest_penalty_points_win_and_full_ties_are_shared():
    data = scripted(3, THREE, [("red", ["I5"]), ("yellow", ["I5"]), ("green", ["I5"])])
    rep = score(GembloRecord.model_validate(data))
    assert {p.name: p.total for p in rep.players} == {"red": -67, "yellow": -67, "green": -67}  # GEM-7
    # The record ends while colours could still play: an unfinished game names no winner, and
    # its standings share the lead (same penalty, same largest unplaced piece).
    assert rep.unfinished and rep.winners == [] and "could still place" in rep.notes[0]
    assert rank(rep.players, standing)[1] == THREE
    data = scripted(3, THREE, [("red", ["I5"]), ("yellow", ["I5"]), ("green", ["I5"]), ("red", ["M1"])])
    rep = score(GembloRecord.model_validate(data))
    assert rep.ranking[0] == "red" and rank(rep.players, standing)[1] == ["red"]


def test_between_equal_penalties_the_larger_unplaced_piece_loses():
    """GEM-7: red places its eight 5-block pieces (40 blocks, largest left: 4); yellow places
    seven of them, a 4 and the 1 (40 blocks too, largest left: 5). Red ranks first."""
    yellow = FIVES[:7] + ["I4", "M1"]
    plan = []
    for k in range(9):
        if k < 8:
            plan.append(("red", [FIVES[k]]))
        plan.append(("yellow", [yellow[k]]))
        plan.append(("green", ["M1", "D2", "I3", "V3", "T3", "I4", "S4", "O4", "Y4", "C4"][k:k + 1]))
    rep = score(GembloRecord.model_validate(scripted(3, THREE, plan)))
    got = {p.name: (p.total, p.breakdown["largest_unplaced"]) for p in rep.players}
    assert got["red"] == (-32, 4) and got["yellow"] == (-32, 5)
    assert rep.ranking.index("red") < rep.ranking.index("yellow")
    assert "yellow" not in rep.winners


def test_gem7_with_two_players_the_largest_unplaced_piece_is_of_both_colours():
    """GEM-6, GEM-7: a 2-player game whose players tie on 34 penalty points. Ann's largest
    unplaced piece is her *first* colour's (red's V5; yellow's largest is 4), larger than any of
    Bo's (4): Ann loses the tie and Bo wins alone (issue 26: a mutant taking the largest piece
    from the second colour only shared the victory)."""
    r = run_cli("score", "gemblo", str(Path(__file__).parent / "records" / "tie-on-the-largest-piece.yaml"), "--json")
    out = json.loads(r.stdout)
    assert r.exit_code == 0 and out["valid"] and not out["unfinished"]
    got = {p["name"]: (p["total"], p["breakdown"]["largest_unplaced"]) for p in out["players"]}
    assert got == {"Ann": (-34, 5), "Bo": (-34, 4)}
    assert out["ranking"] == ["Bo", "Ann"] and out["winners"] == ["Bo"]


def test_a_pass_with_a_legal_move_left_is_a_violation():
    data = record(**{"moves.0": {"colour": "red", "pass": True}})
    found = violations(data)
    assert any(r == "GEM-7" and w == "move 1 (red)" and "could still place" in m for r, w, m in found)


def test_a_colour_that_passed_never_plays_again():
    data = load("four-players.yaml")
    moves = data["moves"]
    i = next(k for k, m in enumerate(moves) if m.get("pass"))
    colour = moves[i]["colour"]
    later = next(k for k in range(i + 1, len(moves)) if not moves[k].get("pass"))
    bad = copy.deepcopy(data)
    bad["moves"].insert(later, {"colour": colour, "piece": "M1", "cells": [[0, 0]]})
    found = violations(bad)
    assert any(r == "GEM-7" and "may not play again" in m for r, _, m in found)


def test_turn_order():
    data = record()
    data["moves"][0], data["moves"][1] = data["moves"][1], data["moves"][0]
    found = violations(data)
    # PK-6: the next turn follows the colour that moved, not the colour that should have: after
    # yellow it is green's, after red yellow's, after green blue's (and the game is back in order).
    assert found == [("PK-6", "move 1 (yellow)", "it was red's turn"),
                     ("PK-6", "move 2 (red)", "it was green's turn"),
                     ("PK-6", "move 3 (green)", "it was yellow's turn")]


def test_illegal_moves_are_named_with_their_move(tmp_path):
    data = record()
    data["moves"][4] = {"colour": "red", "piece": "M1", "cells": [[0, 0]]}  # no diagonal link
    path = tmp_path / "bad.yaml"
    path.write_text(json.dumps(data))
    r = run_cli("score", "gemblo", str(path))
    assert r.exit_code == 1
    assert "move 5 (red): M1 on [0,0]: no cell of the piece lies on a diagonal of a red block [GEM-4]" in r.stdout


@pytest.mark.parametrize("move,words", [
    ({"colour": "red", "piece": "Q9", "cells": [[0, 0]]}, "unknown piece 'Q9'"),
    ({"colour": "pink", "pass": True}, "unknown colour 'pink'"),
    ({"colour": "red", "piece": "D2", "cells": [[0, 0], [2, 0]]}, "do not form one piece"),
    ({"colour": "red", "piece": "M1", "cells": [[30, 0]]}, "[30,0] is not on the board"),
    ({"colour": "purple", "pass": True}, "purple is not one of the colours in play"),
    ({"colour": "red", "piece": "M1"}, "a move gives 'piece' and 'cells', or 'pass: true'"),
])
def test_unreadable_moves_exit_2(tmp_path, move, words):
    data = record()
    data["moves"][3] = move
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    r = run_cli("score", "gemblo", str(path))
    assert r.exit_code == 2 and words in r.stderr and str(path) in r.stderr and "moves[3]" in r.stderr


def test_five_players_play_around_the_obstacles():
    colours = ["red", "yellow", "green", "blue", "purple"]
    moves = play_game(5, colours, 5)
    rep = score(GembloRecord.model_validate({"players": 5, "colours": colours, "moves": moves}))
    assert rep.valid and not rep.notes
    obstacle_cells = {k for k, v in rep.extra["board"].items() if v == "clear"}
    assert len(obstacle_cells) == 72  # the sixth colour's 18 pieces
    # A move onto an obstacle is refused.
    ((q, r),) = [tuple(map(int, next(iter(obstacle_cells)).split(",")))]
    bad = {"players": 5, "colours": colours, "moves": [{"colour": "red", "piece": "M1", "cells": [[q, r]]}]}
    assert any("already covered" in m for _, _, m in violations(bad))


def test_json_output_and_schema(tmp_path):
    r = run_cli("score", "gemblo", str(EXAMPLES / "two-players.yaml"), "--json")
    assert r.exit_code == 0
    out = json.loads(r.stdout)
    assert [p["name"] for p in out["players"]] == ["Ann", "Bo"]  # 2 players, two colours each
    assert set(out["players"][0]["breakdown"]["unplaced"]) == {"red", "yellow"}
    schema = json.loads(run_cli("schema", "gemblo").stdout)
    assert {"players", "colours", "moves"} <= set(schema["properties"])


def expected(path: Path) -> str:
    return next(line.split(":", 1)[1].strip() for line in path.read_text().splitlines()
                if line.startswith("# expect:"))


@pytest.mark.parametrize("path", sorted((EXAMPLES / "broken").glob("*.yaml")), ids=lambda p: p.stem)
def test_each_broken_example_breaks_its_rule(path):
    r = run_cli("score", "gemblo", str(path), "--json")
    assert r.exit_code == 1
    rules = {v["rule"] for v in json.loads(r.stdout)["violations"]}
    assert expected(path) in rules


def test_every_rule_has_a_broken_example():
    shipped = {expected(p) for p in (EXAMPLES / "broken").glob("*.yaml")}
    assert shipped == {"GEM-3", "GEM-4", "GEM-5", "GEM-6", "GEM-7", "PK-6"}


@pytest.mark.parametrize("path", sorted((EXAMPLES / "unreadable").glob("*.yaml")), ids=lambda p: p.stem)
def test_each_unreadable_example_exits_2(path):
    r = run_cli("score", "gemblo", str(path))
    assert r.exit_code == 2 and str(path) in r.stderr and "Traceback" not in r.stderr


def test_a_first_piece_off_the_start_is_one_mistake_not_many():
    """GEM-4: only the first piece must cover a start cell; once a colour has a piece on the
    board, its later pieces need a diagonal link, even if the first one missed the start."""
    data = {"players": 4, "colours": ["red", "yellow", "green", "blue"], "moves": [
        {"colour": "red", "piece": "M1", "cells": [[10, -8]]},
        {"colour": "yellow", "piece": "M1", "cells": [[-3, -9]]},
        {"colour": "green", "piece": "M1", "cells": [[-12, 9]]},
        {"colour": "blue", "piece": "M1", "cells": [[3, 9]]},
        {"colour": "red", "piece": "D2", "cells": [[8, -7], [7, -7]]},
    ]}
    found = violations(data)
    assert [(r, w) for r, w, _ in found] == [("GEM-4", "move 1 (red)")]
    assert "first piece must cover a free start cell" in found[0][2]


def test_five_player_obstacles_are_laid_as_pieces_are():
    """GEM-6: the sixth colour's pieces, each once, in its shape, on free cells of the board."""
    layout = [{"piece": p, "cells": [list(c) for c in cells]} for p, cells in default_obstacles()]
    base = {"players": 5, "colours": ["red", "yellow", "green", "blue", "purple"], "moves": []}
    assert violations({**base, "obstacles": layout}) == []
    twice = layout + [layout[0]]
    found = violations({**base, "obstacles": twice})
    assert {(r, w) for r, w, _ in found} == {("GEM-6", f"obstacle {len(layout) + 1}")}
    assert any("already placed" in m for _, _, m in found) and any("already covered" in m for _, _, m in found)
    misnamed = [dict(layout[0], piece="I5")] + layout[2:]  # F5's cells called I5 (I5 is not laid)
    found = violations({**base, "obstacles": misnamed})
    assert [(r, w) for r, w, _ in found] == [("GEM-6", "obstacle 1")] and "not the shape of I5" in found[0][2]
