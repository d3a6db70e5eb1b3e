"""Gemblo's State (printkit.games.gemblo.state): the per-move API the scorer, the automatic
player and a scorekeeper drive."""

import json
import random
from pathlib import Path

import pytest

from printkit.core.game import GameState
from printkit.core.yamlio import parse_text
from printkit.games.gemblo.record import GembloRecord
from printkit.games.gemblo.rules import problems
from printkit.games.gemblo.state import GembloState, default_obstacles, passing, placement, start
from tests.conftest import run_cli

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "gemblo"
FOUR = ["red", "yellow", "green", "blue"]


def example(name: str) -> GembloRecord:
    return GembloRecord.model_validate(parse_text((EXAMPLES / name).read_text())[0])


def fresh(players: int = 4, colours=FOUR, **header) -> GembloState:
    return start([GembloRecord(players=players, colours=colours, moves=[], **header)])


def played(rec: GembloRecord, upto: int | None = None) -> GembloState:
    state = start([rec])
    for move in rec.moves[:upto]:
        state.apply(move)
    return state


def test_it_is_a_game_state():
    assert isinstance(fresh(), GameState)


def test_a_legal_placement_applies_with_no_violation():
    s = fresh()
    assert s.to_move == "red"
    assert s.apply(placement("red", "V3", [(12, -9), (11, -9), (10, -8)])) == []
    assert s.board.cells[(12, -9)] == "red" and s.board.used["red"] == {"V3"}
    assert s.to_move == "yellow" and not s.is_over


def test_an_illegal_placement_is_named_relative_to_its_entry():
    s = fresh()
    (v,) = s.apply(placement("red", "M1", [(0, 0)]))  # no start cell
    assert (v.rule, v.where, v.path) == ("GEM-4", "move 1 (red)", ())
    assert v.message.startswith("M1 on [0,0]: red's first piece must cover a free start cell")
    assert s.board.cells[(0, 0)] == "red"  # laid all the same, so that play goes on


def test_a_piece_over_another_is_refused_and_not_laid():
    s = fresh()
    s.apply(placement("red", "M1", [(12, -9)]))
    found = s.apply(placement("yellow", "M1", [(12, -9)]))
    assert any("already covered" in v.message for v in found)
    assert s.board.cells[(12, -9)] == "red" and "M1" not in s.board.used["yellow"]


def test_to_move_follows_the_mover_and_skips_colours_that_passed():
    s = fresh()
    assert [v.rule for v in s.apply(placement("green", "M1", [(-12, 9)]))] == ["PK-6"]
    assert s.to_move == "blue"  # PK-6: after the colour that moved
    assert [v.rule for v in s.apply(passing("blue"))] == ["GEM-7"]  # it could still place
    assert s.passed == {"blue": 2}
    s.apply(placement("red", "M1", [(12, -9)]))
    s.apply(placement("yellow", "M1", [(-3, -9)]))
    s.apply(placement("green", "M1", [(-12, 9)]))  # green's M1 again: GEM-3, but the turn goes on
    assert s.to_move == "red"  # blue passed: skipped
    v = s.apply(placement("blue", "M1", [(3, 9)]))
    assert [(x.rule, x.message) for x in v] == [("GEM-7", "blue passed at move 2 and may not play again")]
    assert s.to_move == "red"  # a colour that passed does not move the turn


def test_to_move_is_none_once_every_colour_passed():
    s = fresh(3, ["red", "yellow", "green"])
    for colour in ["red", "yellow", "green"]:
        s.apply(passing(colour))
    assert s.to_move is None and s.legal_moves() == [] and s.is_over


def test_legal_moves_at_the_start_apply_with_no_violation():
    s = fresh()
    moves = s.legal_moves()
    assert moves and {m.colour for m in moves} == {"red"} and not any(m.pass_ for m in moves)
    for m in moves:
        assert s.copy().apply(m) == [], m


@pytest.mark.parametrize("name,upto", [("four-players.yaml", 20), ("three-players.yaml", 30), ("two-players.yaml", 41)])
def test_legal_moves_agree_with_apply_mid_game(name, upto):
    s = played(example(name), upto)
    moves = s.legal_moves()
    colour = s.to_move
    assert moves and all(m.colour == colour for m in moves)
    for m in random.Random(upto).sample(moves, min(200, len(moves))):
        assert s.copy().apply(m) == [], m
    # The rules' own check agrees too: none of them breaks a rule.
    assert all(problems(s.board, m.colour, m.piece, m.cells) == [] for m in moves if not m.pass_)


def test_a_colour_with_no_placement_is_offered_its_pass():
    rec = example("four-players.yaml")
    i = next(k for k, m in enumerate(rec.moves) if m.pass_)
    s = played(rec, i)
    assert s.to_move == rec.moves[i].colour
    assert [m.model_dump(by_alias=True) for m in s.legal_moves()] == [rec.moves[i].model_dump(by_alias=True)]
    assert s.apply(s.legal_moves()[0]) == []


def test_is_over_and_the_unfinished_note():
    rec = example("three-players.yaml")
    assert played(rec).is_over and played(rec).notes() == []
    s = played(rec, 10)
    assert not s.is_over
    assert [n.split(" could")[0] for n in s.notes()] == [f"the record ends while {c}" for c in rec.colours]


def test_copy_is_independent_undo():
    s = played(example("four-players.yaml"), 12)
    before = (dict(s.board.cells), dict(s.passed), s.to_move, s.played, s.standings())
    undo = s.copy()
    undo.apply(undo.legal_moves()[0])
    undo.apply(passing(undo.to_move))
    assert (dict(s.board.cells), dict(s.passed), s.to_move, s.played, s.standings()) == before
    assert undo.played == s.played + 2 and undo.board.cells != s.board.cells


def test_five_players_start_with_the_obstacles_laid():
    colours = ["red", "yellow", "green", "blue", "purple"]
    s = fresh(5, colours)
    assert sum(1 for c in s.board.cells.values() if c == "clear") == 72 and s.finish() == []
    layout = [{"piece": p, "cells": cells} for p, cells in default_obstacles()]
    bad = fresh(5, colours, obstacles=layout + layout[:1])
    assert {(v.rule, v.where, v.path) for v in bad.finish()} == {("GEM-6", "obstacle 19", ("obstacles", 18))}


@pytest.mark.parametrize("name", ["four-players.yaml", "three-players.yaml", "two-players.yaml",
                                  "broken/out-of-turn.yaml", "broken/pass-with-moves.yaml",
                                  "broken/played-after-pass.yaml"])
def test_replaying_on_the_state_gives_the_score_report(name):
    rec = example(name)
    s = start([rec])
    found = [(v.rule, v.where, v.message) for m in rec.moves for v in s.apply(m)] + \
            [(v.rule, v.where, v.message) for v in s.finish()]
    out = json.loads(run_cli("score", "gemblo", str(EXAMPLES / name), "--json").stdout)
    assert found == [(v["rule"], v["where"], v["message"]) for v in out["violations"]]
    assert [(p.name, p.total, p.breakdown) for p in s.standings()] == \
           [(p["name"], p["total"], p["breakdown"]) for p in out["players"]]
    assert s.extra()["board"] == out["board"] and (not s.is_over) == out["unfinished"]
