"""The GimbapState API: a move is a record's round; to_move, tokens_left, is_over, copy, replay."""

import json
import random
from pathlib import Path

import pytest

from printkit.core.game import replay
from printkit.core.records import read_record
from printkit.games.gimbap.content import CONTENT
from printkit.games.gimbap.record import GimbapRecord, Round
from printkit.games.gimbap.rolls import all_orders, solve
from printkit.games.gimbap.state import GIMBAP, GimbapState
from tests.conftest import run_cli

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "gimbap"
NAMES = sorted(p.name for p in EXAMPLES.glob("*.yaml"))


def example(name: str) -> GimbapRecord:
    return read_record(str(EXAMPLES / name), GimbapRecord)[0]


def right_round(state: GimbapState, first: str, order, rng: random.Random) -> Round:
    """A round every player gets right (a solved build each), laying the best tokens left."""
    build = solve(list(order)).to_data()
    done = list(state.players)
    rng.shuffle(done)
    tokens = state.tokens_left()[:state.tokens_to_lay]
    return Round(first=first, dice=[str(f) for f in order], tokens=[str(t) for t in tokens],
                 done=done, rolls={p: {"on": build["on"], "touching": build["touching"]} for p in state.players})


def test_a_legal_round_applies_without_violations_and_moves_the_roller_left():
    rec = example("swap-after-wrong-roll.yaml")
    s = GIMBAP.start([rec])
    assert s.to_move is None and not s.is_over and s.legal_moves() is None  # anyone may roll first
    assert len(s.tokens_left()) == 12 and s.tokens_left() == sorted(CONTENT.tokens, reverse=True)
    assert s.apply(rec.rounds[0]) == []
    assert s.round == 1
    assert s.to_move == rec.players[(rec.players.index(rec.rounds[0].first) + 1) % 4] == rec.rounds[1].first
    assert not set(rec.rounds[0].tokens) & set(s.tokens_left()) and len(s.tokens_left()) == 9


def test_an_illegal_round_names_the_rules_with_paths_inside_the_round():
    rec = example("swap-after-wrong-roll.yaml")
    s = GIMBAP.start([rec])
    s.apply(rec.rounds[0])
    bad = rec.rounds[1].model_copy(update={"first": rec.rounds[0].first, "tokens": list(rec.rounds[0].tokens)})
    found = {(v.rule, v.path, v.where) for v in s.apply(bad)}
    assert ("GIM-5", (), "round 2") in found  # the wrong roller: the round's own entry
    assert ("GIM-5", ("tokens",), "round 2") in found  # tokens already laid out in round 1
    # A broken round is still played: the game goes on.
    assert s.round == 2 and s.to_move == rec.rounds[2].first


def test_is_over_after_the_last_round_and_a_round_too_many_is_judged_at_the_end():
    rec = example("swap-after-wrong-roll.yaml")
    s = GIMBAP.start([rec])
    for i, r in enumerate(rec.rounds):
        assert not s.is_over and s.notes() == [f"{i} of the 4 rounds are played: the game is not over"]
        assert s.apply(r) == []
    assert s.is_over and s.to_move is None and s.notes() == [] and s.finish() == []
    s.apply(rec.rounds[0])
    (v,) = [v for v in s.finish() if "lasts 4 rounds" in v.message]
    assert v.rule == "GIM-5" and v.path == ("rounds", 4) and "the record has 5" in v.message


def test_two_players_header_is_checked_at_start():
    rec = example("two-players.yaml")
    assert GIMBAP.start([rec]).setup == []
    s = GIMBAP.start([rec.model_copy(update={"tokens": None})])
    (v,) = s.setup
    assert v.rule == "GIM-5" and v.path == ("players",) and "6 random tokens" in v.message
    assert s.finish() == [v]
    s = GIMBAP.start([rec.model_copy(update={"tokens": rec.tokens[:5]})])
    assert len(s.tokens_left()) == 5 and s.setup[0].path == ("tokens",)


def test_copy_is_independent_undo():
    rec = example("three-players.yaml")
    s = GIMBAP.start([rec])
    s.apply(rec.rounds[0])
    before = s.copy()
    snapshot = (before.round, before.to_move, before.tokens_left(), [p.breakdown for p in before.standings()])
    s.apply(rec.rounds[1])
    assert s.round == 2 and before.round == 1
    assert (before.round, before.to_move, before.tokens_left(), [p.breakdown for p in before.standings()]) == snapshot
    assert before.apply(rec.rounds[1]) == [] and before.extra() == s.extra()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rounds_built_from_to_move_and_tokens_left_apply_cleanly_to_the_end(players):
    """No move list (a round is a race), but what the State offers makes legal rounds: the
    roller is to_move (anyone at first), the tokens are the best left, every roll is solved."""
    rng = random.Random(players)
    names = [f"P{i}" for i in range(players)]
    tokens = [str(t) for t in rng.sample(CONTENT.tokens, 6)] if players == 2 else None
    s = GIMBAP.start([GimbapRecord(players=names, tokens=tokens, rounds=[])])
    orders = list(all_orders())
    while not s.is_over:
        r = right_round(s, s.to_move or rng.choice(names), rng.choice(orders), rng)
        assert s.apply(r) == []
    assert s.tokens_left() == [] and s.finish() == [] and s.round == CONTENT.rounds[players]
    assert sum(p.total for p in s.standings()) == sum(t.points for t in s.in_play)


@pytest.mark.parametrize("name", NAMES)
def test_playing_the_state_by_hand_gives_the_score_report(name):
    rec = example(name)
    s = GIMBAP.start([rec])
    found = []
    for _index, path, move in GIMBAP.moves([rec]):
        found += [path + v.path for v in s.apply(move)]
    found += [v.path for v in s.finish()]
    report = replay(GIMBAP, [(name, rec, {})])
    assert found == [v.path for v in report.violations] == []
    assert [(p.name, p.total, p.breakdown) for p in s.standings()] == [
        (p.name, p.total, p.breakdown) for p in report.players]
    assert report.extra == s.extra() and report.details == s.details() and report.unfinished == (not s.is_over)
    out = json.loads(run_cli("score", "gimbap", str(EXAMPLES / name), "--json").stdout)
    assert out == report.to_json()
