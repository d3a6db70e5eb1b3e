"""The Jubako State (printkit.core.game contract): a move is a record's turn; to_move, legal
moves of a known hand, apply, is_over, copy, and the replay agreeing with `printkit score`."""

import json
from itertools import product
from pathlib import Path

import pytest

from printkit.core.game import replay
from printkit.core.yamlio import parse_text
from printkit.games.jubako.content import CONTENT
from printkit.games.jubako.record import JubakoRecord, Turn
from printkit.games.jubako.rules import adjacent
from printkit.games.jubako.scorer import GAME
from printkit.games.jubako.state import JubakoState
from tests.conftest import run_cli

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "jubako"


def record(name: str) -> JubakoRecord:
    return JubakoRecord.model_validate(parse_text((EXAMPLES / name).read_text())[0])


def after(rec: JubakoRecord, turns: int) -> JubakoState:
    state = JubakoState.start(rec)
    for t in rec.turns[:turns]:
        assert state.apply(t) == []
    return state


def fresh(players=("Ann", "Bo")) -> JubakoState:
    return JubakoState.start(JubakoRecord(players=list(players), turns=[]))


def test_a_legal_placement_scores_and_passes_the_turn():
    s = fresh()
    assert s.to_move == "Ann" and s.holds == 3
    assert s.apply(Turn(player="Ann", tile=("kyuri", "gohan"), cells=("A1", "B1"), score="kyuri")) == []
    assert s.to_move == "Bo" and s.standings()[0].breakdown["turns"] == [2]
    assert s.details() == ["turn 1 (Ann): kyuri/gohan on A1-B1, scores kyuri: 2 = 2"]


def test_an_illegal_move_names_its_rule_relative_to_the_turn():
    s = fresh()
    found = s.apply(Turn(player="Bo", tile=("ika", "tako"), cells=("A4", "A5"), score="ika"))
    assert [(v.rule, v.where, v.path) for v in found] == [("PK-12", "turn 1 (Bo)", ()), ("JUB-3", "turn 1 (Bo)", ())]
    assert s.to_move == "Bo"  # the turn is played all the same: Ann's next turn was Bo's


def test_legal_moves_need_the_hand_held():
    s = fresh()
    assert s.legal_moves() is None  # a record hides the tiles held
    moves = list(s.legal_moves([("ika", "tako"), ("nori", "gohan"), ("ika", "tako")]))
    assert moves and all(m.player == "Ann" and m.discard is None for m in moves)
    assert {m.score for m in moves} == {"ika", "tako", "nori", "gohan"}


@pytest.mark.parametrize("name,turns", [("two-players.yaml", 0), ("two-players.yaml", 21), ("all-options.yaml", 30)])
def test_legal_moves_are_exactly_the_placements_apply_accepts(name, turns):
    rec = record(name)
    s = after(rec, turns)
    hand = [("ika", "tako"), ("tobiko", "kyuri")]
    listed = {(m.tile, m.cells, m.score) for m in s.legal_moves(hand)}
    cells = s.board.cells
    for tile, (c1, c2) in product(hand, product(cells, cells)):
        if not adjacent(c1, c2, s.board.size):
            continue
        for laid in (tile, tile[::-1]):
            for d in dict.fromkeys(laid):
                move = Turn(player=s.to_move, tile=laid, cells=(c1, c2), score=d)
                legal = s.copy().apply(move) == []
                assert legal == ((laid, (c1, c2), d) in listed), (laid, c1, c2, d)


def test_a_removal_is_listed_only_when_no_tile_held_fits():
    rec = record("all-options.yaml")
    i = next(k for k, t in enumerate(rec.turns) if t.discard is not None)
    s = after(rec, i)
    hand = [tuple(h) for h in rec.turns[i].hand]
    moves = list(s.legal_moves(hand))
    assert len(moves) == len(hand) == s.holds
    for k, m in enumerate(moves):
        assert m.discard == hand[k] and list(m.hand) == hand[:k] + hand[k + 1:] + [hand[k]]
        assert s.copy().apply(m) == []
    early = list(after(rec, 1).legal_moves(hand))
    assert early and all(m.discard is None for m in early)
    wrong = s.copy().apply(Turn(player=s.to_move, discard=hand[0], hand=hand[:1]))
    assert [v.rule for v in wrong] == ["JUB-5"] and "holds" in wrong[0].message


def test_to_move_and_is_over_follow_the_tiles_in_play():
    rec = record("two-players.yaml")
    s = JubakoState.start(rec)
    seen = []
    for t in rec.turns:
        seen.append(s.to_move)
        assert not s.is_over and s.apply(t) == []
    assert seen == [rec.players[i % 2] for i in range(CONTENT.tiles_in_play(2))]
    assert s.is_over and s.to_move is None and s.notes() == [] and s.legal_moves([("ika", "tako")]) is None
    assert after(rec, 10).notes() == ["10 of the 50 tiles in play are used: the game is not over"]


def test_copy_is_independent_so_a_copy_is_an_undo():
    rec = record("two-players.yaml")
    s = after(rec, 12)
    before = (s.standings(), s.extra(), s.details(), s.to_move, dict(s.used))
    undo = s.copy()
    for t in rec.turns[12:20]:
        undo.apply(t)
    assert (s.standings(), s.extra(), s.details(), s.to_move, dict(s.used)) == before
    assert undo.standings() != s.standings()
    s.apply(rec.turns[12])
    assert undo.turn == 20 and s.turn == 13


def test_favourites_dealt_twice_are_judged_at_the_end():
    rec = JubakoRecord(players=["Ann", "Bo"], turns=[], options={"favorite_food": {"Ann": ["tako"], "Bo": ["tako"]}})
    found = JubakoState.start(rec).finish()
    assert [(v.rule, v.where, v.path) for v in found] == [("JUB-1", "favorite food (Bo)",
                                                            ("options", "favorite_food", "Bo"))]


@pytest.mark.parametrize("name", ["two-players.yaml", "all-options.yaml", "rulebook-examples.yaml"])
def test_playing_the_state_gives_the_score_report(name):
    rec = record(name)
    s = after(rec, len(rec.turns))
    report = replay(GAME, [(name, rec, {})])
    assert report.players == s.standings() and report.extra == s.extra() and report.details == s.details()
    assert report.unfinished == (not s.is_over) and report.notes == s.notes()
    out = json.loads(run_cli("score", "jubako", str(EXAMPLES / name), "--json").stdout)
    assert out["players"] == [{"name": p.name, "total": p.total, "breakdown": p.breakdown} for p in s.standings()]
    assert out["boards"] == s.extra()["boards"]
