"""Roll n Cook's State (printkit.core.game): a move is (seat, hour entry); apply, takes, to_move,
is_over, copy as undo, finish, and replaying by hand equals the score report."""

from __future__ import annotations

import copy
import doctest
import random
from pathlib import Path

import pytest

import printkit.games.rollncook.state
from printkit.core.yamlio import parse_text
from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.record import HourPlay, RollNCookRecord, Take
from printkit.games.rollncook.scorer import GAME, score
from printkit.games.rollncook.sheet import generate
from printkit.games.rollncook.simulate import play_hour
from printkit.games.rollncook.state import RollNCookState, moves

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "rollncook"


def load(name: str) -> dict:
    return parse_text((EXAMPLES / name).read_text())[0]


def rec(data: dict) -> RollNCookRecord:
    return RollNCookRecord.model_validate(data)


def ann_and_bo() -> list[RollNCookRecord]:
    return [rec(load("solo-seed7.yaml")), rec(load("shared-dice-bo.yaml"))]


def test_docstring_examples():
    r = doctest.testmod(printkit.games.rollncook.state)
    assert r.attempted > 0 and r.failed == 0


def test_apply_a_legal_hour_changes_the_sheet():
    (ann,) = records = [rec(load("solo-seed7.yaml"))]
    table = GAME.start(records)
    assert table.to_move == "Ann" and table.hour_due(0) == "10:00"
    assert table.apply((0, ann.hours[0])) == []
    # 10:00 took the 13:00 and 15:00 table segments and box 1 (fish and potato on sheet 7)
    assert sorted(table.sheet(0).segments) == [(3, 4), (5, 2)] and table.sheet(0).boxes == {(0, 0)}
    assert table.hour_due(0) == "11:00" and table.details()[0].startswith("Ann, 10:00: results 1 3 5; stock ")


def test_apply_an_illegal_hour_names_the_entry_relative_to_the_hour():
    table = RollNCookState.new([("Ann", generate(7))])
    bad = table.apply((0, HourPlay(hour="10:00", dice=[1, 3, 5], take=[Take(box=1), Take(box=6)], cook=["soup"])))
    assert [(v.rule, v.path, v.where) for v in bad] == [
        ("RNC-2", ("take", 1), "Ann, 10:00, result 6"),
        ("RNC-7", ("cook", 0), "Ann, 10:00, soup"), ("RNC-5", ("cook", 0), "Ann, 10:00, soup")]
    bad = table.apply((0, HourPlay(hour="12:00", dice=[2, 2, 4], double={"spend": 3, "to": 1})))
    assert [(v.rule, v.path) for v in bad] == [("RNC-11", ("hour",)), ("RNC-3", ("double",))]
    assert bad[0].message == "11:00 is missing before 12:00: every hour is played, in order"


def _random_table(seed: int) -> RollNCookState:
    """A table some hours into a game of two greedy players sharing the dice."""
    rng = random.Random(seed)
    table = RollNCookState.new([("Ann", generate(seed)), ("Bo", generate(seed))])
    for _ in range(rng.randrange(0, 10)):
        roll = [rng.randint(1, 6) for _ in range(3)]
        for seat, bias in ((0, 1.0), (1, 1.5)):
            assert table.apply((seat, HourPlay.model_validate(play_hour(table, seat, roll, bias)))) == []
    return table


@pytest.mark.parametrize("seed", range(6))
def test_takes_lists_exactly_the_places_apply_accepts(seed):
    table = _random_table(seed)
    clock = table.hour_due(0)
    for value in range(1, 7):
        listed = table.takes(0, value)
        everywhere = [Take(box=value)] + [Take(table=c, segment=value) for c in CONTENT.hours]
        for t in everywhere:
            trial = table.copy()
            bad = trial.apply((0, HourPlay(hour=clock, dice=[value, value, value], take=[t])))
            assert (bad == []) == (t in listed), (value, t, bad)
    assert table.legal_moves() is None  # a whole hour entry is not enumerated


def test_to_move_goes_hour_by_hour_in_seat_order():
    ann, bo = records = ann_and_bo()
    end_only = rec({"sheet": "RNC1-7", "player": "Dee", "end": {"dishes": {"soup": 1}}})
    table = GAME.start([ann, end_only, bo])  # Dee has no hours to play
    assert table.to_move == "Ann"
    table.apply((0, ann.hours[0]))
    assert table.to_move == "Bo" and table.hour_due(2) == "10:00"
    table.apply((2, bo.hours[0]))
    assert table.to_move == "Ann" and table.hour_due(0) == "11:00"
    order = [(i, path[1]) for i, path, _ in moves(records)]
    assert order[:4] == [(0, 0), (1, 0), (0, 1), (1, 1)] and len(order) == 24
    with pytest.raises(ValueError, match="only its end state"):
        table.apply((1, ann.hours[1]))


def test_is_over_after_the_last_hour_of_every_player():
    records = ann_and_bo()
    table = GAME.start(records)
    for _, _, move in moves(records):
        assert not table.is_over and table.to_move is not None
        table.apply(move)
    assert table.is_over and table.to_move is None
    assert GAME.start([rec({"sheet": "RNC1-7", "end": {"dishes": {}}})]).is_over  # nothing to play
    short = GAME.start([records[0]])
    short.apply((0, records[0].hours[0]))
    assert not short.is_over and "the record stops after 10:00" in short.notes()[0]


def test_copy_is_an_independent_state_to_undo_to():
    ann = rec(load("solo-seed7.yaml"))
    table = GAME.start([ann])
    for h in ann.hours[:3]:
        table.apply((0, h))
    saved = table.copy()
    before = (table.standings(), table.details(), table.sheet(0), table.hour_due(0))
    for h in ann.hours[3:]:
        table.apply((0, h))
    assert table.is_over and table.standings() != before[0]
    assert (saved.standings(), saved.details(), saved.sheet(0), saved.hour_due(0)) == before
    assert saved.apply((0, ann.hours[3])) == []  # play goes on from the copy
    assert saved.sheet(0) != before[2]


def test_shared_dice_checked_as_each_hour_is_played():
    """RNC-10: the first player with hours rolls for the table."""
    ann, bo = ann_and_bo()
    data = load("shared-dice-bo.yaml")
    data["hours"][3]["dice"] = [6, 6, 6]
    bo = rec(data)
    table = GAME.start([ann, bo])
    bad = []
    for _, _, move in moves([ann, bo]):
        bad += [(move[0], v.rule, v.path) for v in table.apply(move)]
    assert (1, "RNC-10", ("dice",)) in bad
    assert table.finish() == []


def test_shared_dice_wait_for_the_first_player_out_of_order():
    """Ann's record has 11:00 after 12:00: Bo's 11:00 comes before Ann's, so it is compared at
    the end (finish), with its absolute path."""
    data = load("solo-seed7.yaml")
    data["hours"][1], data["hours"][2] = data["hours"][2], data["hours"][1]
    bo_data = load("shared-dice-bo.yaml")
    bo_data["hours"][1]["dice"] = [1, 1, 1]
    records = [rec(data), rec(bo_data)]
    table = GAME.start(records)
    for _, _, move in moves(records):
        table.apply(move)
    (late,) = table.finish()
    assert (late.rule, late.path, late.record, late.where) == ("RNC-10", ("hours", 1, "dice"), 1, "Bo, 11:00")
    rep = score(records)
    assert [(v.rule, v.path, v.record) for v in rep.violations if v.rule == "RNC-10"] == [("RNC-10", ("hours", 1, "dice"), 1)]


def test_end_only_records_are_judged_in_finish():
    data = {"sheet": "RNC1-7", "player": "Dee", "end": {"dishes": {"soup": 2}, "plates_left": 14}}
    table = GAME.start([rec(load("solo-seed7.yaml")), rec(data)])
    (v,) = table.finish()
    assert (v.rule, v.path, v.record, v.where) == ("RNC-12", ("end", "plates_left"), 1, "Dee, end")
    assert table.standings()[1].total == 2 + 3 and table.standings()[1].breakdown["plates_left"] == 12


@pytest.mark.parametrize("files", [["solo-seed7.yaml"], ["mistakes.yaml"], ["solo-seed7.yaml", "shared-dice-bo.yaml"],
                                   ["mistakes.yaml", "shared-dice-bo.yaml"]])
def test_replaying_on_the_state_by_hand_equals_the_score_report(files):
    records = [rec(load(f)) for f in files]
    table = GAME.start(records)
    violations = []
    for index, path, move in moves(records):
        violations += [(index, path + v.path, v.rule, v.message) for v in table.apply(move)]
    violations += [(v.record, v.path, v.rule, v.message) for v in table.finish()]
    rep = score(copy.deepcopy(records))
    assert violations == [(v.record, v.path, v.rule, v.message) for v in rep.violations]
    assert [(p.name, p.total, p.breakdown) for p in table.standings()] == [
        (p.name, p.total, p.breakdown) for p in rep.players]
    assert table.notes() == rep.notes and table.details() == rep.details
    assert (not table.is_over) == rep.unfinished and table.no_winner() == rep.no_winner
