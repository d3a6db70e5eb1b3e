"""Roll n Cook's rules RNC-2 to RNC-10, each with a case that breaks it; the examples replayed."""

import copy
import doctest
import json
import random
from pathlib import Path

import pytest

import printkit.games.rollncook.content
import printkit.games.rollncook.rules
import printkit.games.rollncook.sheet
from printkit.core.yamlio import parse_text
from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.record import RollNCookRecord
from printkit.games.rollncook.rules import State, allocate, cook, final_score, make_rare, results, take_box, take_segment
from printkit.games.rollncook.scorer import score
from printkit.games.rollncook.sheet import generate
from printkit.games.rollncook.simulate import play_sheet, simulate, summary
from collections import Counter
from tests.conftest import run_cli

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "rollncook"


def load(name):
    return parse_text((EXAMPLES / name).read_text())[0]


@pytest.mark.parametrize("module", [printkit.games.rollncook.content, printkit.games.rollncook.rules, printkit.games.rollncook.sheet])
def test_docstring_examples(module):
    r = doctest.testmod(module)
    assert r.attempted > 0 and r.failed == 0


def stocked(**items):
    s = State.new(generate(7))
    return State(s.sheet, Counter(items), s.boxes, s.segments, s.abilities, s.dishes, s.plates)


def test_results_are_used_once_boxes_and_segments_once():
    """RNC-2."""
    s = State.new(generate(7))
    s, bad = take_box(s, 0, 4, 4)
    assert bad == []
    s2, bad = take_box(s, 0, 4, 4)
    assert bad == ["box 4 of 10:00 is already crossed"]
    s, bad = take_segment(s, 5, 3, 3)
    assert bad == [] and take_segment(s, 5, 3, 3)[1] == ["segment 3 of the 15:00 table is already crossed"]
    assert take_box(s, 0, 2, 3)[1] == ["a result 2 takes box 2, not box 3"]
    assert take_segment(s, 1, 2, 3)[1] == ["a result 2 takes segment 2, not segment 3"]


def test_doubles():
    """RNC-3: spend one of the equal dice to set the others."""
    assert results([1, 1, 3], (1, 6)) == ([6, 3], [])
    assert results([2, 2, 2], (2, 5)) == ([5, 5], [])
    assert results([1, 2, 3], (1, 6))[1] == ["no double of 1 was rolled (dice 1 2 3): nothing to spend"]


def test_mystery_stands_for_a_basic_never_for_a_rare_and_is_needed_where_printed():
    """RNC-5."""
    assert sorted(allocate(Counter(potato=1, mystery=1), ("potato", "potato"))[0]) == ["mystery", "potato"]
    assert allocate(Counter(mystery=1, tomato=1), ("dough", "tomato"))[0] is None  # not for a rare
    assert allocate(Counter(fish=1, cabbage=1, egg=1), ("fish", "cabbage", "mystery"))[0] is None  # sushi
    assert allocate(Counter(fish=1, cabbage=1, mystery=1), ("fish", "cabbage", "mystery"))[0] is not None
    assert allocate(Counter(mystery=2), ("fish", "mystery"), ["mystery", "mystery"])[0] == ["mystery", "mystery"]
    assert allocate(Counter(mystery=1, cheese=1), ("dough",), ["mystery"])[1] == (
        "no dough is crossed, and the mystery ingredient stands only for a basic ingredient")


def test_rare_ingredients_are_made_without_a_plate():
    """RNC-6."""
    s, bad = make_rare(stocked(milk=1, salt=1), "cheese")
    assert bad == [] and s.stock["cheese"] == 1 and s.stock.get("milk", 0) == 0 and sum(s.plates) == 0
    assert make_rare(stocked(milk=1), "cheese")[1] == [("RNC-5", "cheese cannot be made: no salt left (nor a mystery ingredient)")]
    assert make_rare(stocked(milk=1, egg=1), "cheese", ["milk", "egg"])[1] == [("RNC-6", "cheese cannot be made: egg is not in the recipe")]
    assert make_rare(stocked(milk=1), "cheese", ["milk", "mystery"])[1] == [("RNC-5", "cheese cannot be made: no mystery left to cross")]


def test_cooking_needs_a_plate_of_this_hour_and_fills_boxes_left_to_right():
    """RNC-7, RNC-8."""
    s = stocked(egg=10, butter=10)
    assert cook(s, 0, "fried egg")[1] == [("RNC-7", "10:00 has 0 plates, and none is left")]
    s, bad = cook(s, 1, "fried egg")
    assert bad == [] and s.dishes["fried egg"] == 1
    assert cook(s, 1, "fried egg")[1][0][0] == "RNC-7"  # one plate at 11:00
    for hour in (2, 3, 5, 6, 7):
        s, _ = cook(s, hour, "fried egg")
    assert s.dishes["fried egg"] == 6
    assert cook(s, 7, "fried egg")[1] == [("RNC-7", "every dish box of fried egg is already circled")]
    # Six boxes of fried egg: 6 x 1 + bonuses 0 0 2 1 3 4 = 16; stars need 50.
    assert final_score(s)["meals"] == {"fried egg": 16}


def test_final_score_counts_unused_rares_and_stars():
    s = stocked(cheese=2, oil=1, egg=3)
    sc = final_score(s)
    assert sc["total"] == 3 and sc["rares_left"] == 3 and sc["basics_left"] == 3 and sc["stars"] == 0


def test_the_complete_game_and_shared_dice_examples_totals_pinned_by_hand():
    """RNC-8 totals worked out by hand from data.yaml (meal value + dish-box bonus), not by the scorer.

    Ann cooks fries once (3+0), bread 4 times (3+0, 3+1, 3+2, 3+0 = 15), burger once (7+3) and
    fried egg twice (1+0, 1+0): 30; every rare ingredient she makes or takes is used: 0. She takes
    36 results: 2 rare boxes (12:00 dough, 14:00 cheese), 1 mystery (11:00 box 5), 33 basics and 4
    doubles (10:00 box 1, 13:00 box 5, 15:00 box 4, 20:00 box 2) = 37 basics; she crosses 27
    (fries 4, four made doughs 16, burger's meat tomato cabbage 3, fried eggs 4) less 1 where the
    mystery stood in = 26: 11 left. 8 meals of 14 plates: 6 left.
    Bo cooks fried egg 3 times (1+0, 1+0, 1+2 = 5), fries twice (3+0, 3+1 = 7), bread (3), pizza (6)
    and burger (10): 31, no rare left; 33 basics + 1 double (15:00 box 4) = 34, crossed 28 - 1
    (mystery) = 27: 7 left; 6 plates left.
    """
    ann, bo = (RollNCookRecord.model_validate(load(n)) for n in ("solo-seed7.yaml", "shared-dice-bo.yaml"))
    assert len(ann.hours) == 12 and len(bo.hours) == 12
    both = score([ann, bo])
    assert both.valid and not both.unfinished
    got = [(p.name, p.total, p.breakdown["meals"], p.breakdown["rares_left"], p.breakdown["stars"],
            p.breakdown["basics_left"], p.breakdown["plates_left"]) for p in both.players]
    assert got == [
        ("Ann", 30, {"fried egg": 2, "fries": 3, "bread": 15, "burger": 10}, 0, 0, 11, 6),
        ("Bo", 31, {"fried egg": 5, "fries": 7, "bread": 3, "pizza": 6, "burger": 10}, 0, 0, 7, 6),
    ]
    assert both.ranking == ["Bo", "Ann"] and both.winners == ["Bo"]
    solo = score([ann])
    assert solo.valid and solo.players[0].total == 30 and solo.winners == []  # RNC-8: 30 is no star


def test_the_mistakes_example_totals_pinned_by_hand():
    """Cy cooks nothing; the cheese made at 11:00 and the dough box of 12:00 are left: 2 points.
    Left: fish 1, milk 2, potato 2 (5 basics); no meal, so all 14 plates."""
    rep = score([RollNCookRecord.model_validate(load("mistakes.yaml"))])
    p = rep.players[0]
    assert (p.total, p.breakdown["meals"], p.breakdown["rares_left"], p.breakdown["basics_left"],
            p.breakdown["plates_left"]) == (2, {}, 2, 5, 14)


def test_shared_dice_must_match():
    """RNC-10."""
    bo = load("shared-dice-bo.yaml")
    bo["hours"][3]["dice"] = [6, 6, 6]
    bo["hours"][3]["take"] = []
    bo["hours"][3].pop("rare", None)
    bo["hours"][3].pop("cook", None)
    rep = score([RollNCookRecord.model_validate(load("solo-seed7.yaml")), RollNCookRecord.model_validate(bo)])
    assert any(v.rule == "RNC-10" and v.where == "Bo, 13:00" for v in rep.violations)


@pytest.mark.parametrize("hours,dice,take", [
    # the whole game; Bo's 21:00 as 1 4 5 (Ann rolled 3 3 4, the same sum): Bo's takes are legal
    (12, [1, 4, 5], [{"table": "21:00", "segment": 4}, {"table": "16:00", "segment": 1},
                     {"table": "19:00", "segment": 5}]),
    # the dice: 2 2 5 for 1 3 5 at 10:00, both records stopped there (unfinished)
    (1, [2, 2, 5], [{"table": "13:00", "segment": 5}, {"table": "15:00", "segment": 2},
                    {"table": "14:00", "segment": 2}]),
])
def test_rnc10_shared_dice_are_compared_as_a_multiset_not_by_sum(tmp_path, hours, dice, take):
    """RNC-10: other dice with the same sum are another roll. Bo's record is legal with the dice
    Bo wrote, so RNC-10 is the one violation (issue 26: comparing sums let it through, exit 0,
    and in the whole game named Bo the winner)."""
    ann, bo = load("solo-seed7.yaml"), load("shared-dice-bo.yaml")
    ann["hours"], bo["hours"] = ann["hours"][:hours], bo["hours"][:hours]
    assert sum(bo["hours"][-1]["dice"]) == sum(dice) and sorted(bo["hours"][-1]["dice"]) != dice
    bo["hours"][-1].update(dice=dice, take=take)
    paths = [tmp_path / "ann.json", tmp_path / "bo.json"]
    for path, rec in zip(paths, (ann, bo), strict=True):
        path.write_text(json.dumps(rec, indent=1))
    r = run_cli("score", "rollncook", *map(str, paths), "--json")
    assert r.exit_code == 1, r.output
    out = json.loads(r.stdout)
    assert [(v["rule"], v["where"]) for v in out["violations"]] == [("RNC-10", f"Bo, {bo['hours'][-1]['hour']}")]
    assert out["winners"] == [] and out["unfinished"] == (hours < 12)


def test_abilities_are_limited_by_their_boxes():
    """RNC-4."""
    data = load("solo-seed7.yaml")
    data["hours"][0]["abilities"] = [{"reuse": 5}, {"reuse": 5}]
    data["hours"][0]["take"].append({"result": 5, "box": 5})
    rep = score([RollNCookRecord.model_validate(data)])
    assert [v.message for v in rep.violations if v.rule == "RNC-4"] == ["no reuse box is left (1 on the sheet)"]
    assert rep.details[0].startswith("Ann, 10:00: results 1 3 5 5;")  # the refused reuse adds no result
    data["hours"][0]["abilities"] = [{"adjust": {"from": 1, "to": 3}}]
    rep = score([RollNCookRecord.model_validate(data)])
    assert any("cannot become 3" in v.message for v in rep.violations)


def test_the_mistakes_example_names_each_mistake_with_its_line():
    """Issue 10 item 14: every violation names the record's line of the entry that broke the rule."""
    r = run_cli("score", "rollncook", str(EXAMPLES / "mistakes.yaml"), "--json")
    assert r.exit_code == 1
    out = json.loads(r.stdout)
    assert [(v["line"], v["rule"]) for v in out["violations"]] == [
        (11, "RNC-2"), (12, "RNC-2"), (13, "RNC-7"), (13, "RNC-5"), (16, "RNC-4"), (23, "RNC-5"),
        (26, "RNC-3"), (29, "RNC-2"), (30, "RNC-5"), (36, "RNC-5"), (37, "RNC-6"), (38, "RNC-11"), (41, "RNC-2")]
    assert out["winners"] == [] and out["unfinished"] is True
    r = run_cli("score", "rollncook", str(EXAMPLES / "mistakes.yaml"))
    assert "mistakes.yaml:29: Cy, 12:00, result 5: box 5 of 12:00 is already crossed [RNC-2]" in r.stdout
    assert "mistakes.yaml:38: Cy, 15:00: 14:00 is missing before 15:00: every hour is played, in order [RNC-11]" in r.stdout
    assert "no winner: the record breaks the rules" in r.stdout


def test_end_state_only_records_are_totalled_unchecked():
    data = {"sheet": "RNC1-7", "player": "Dee", "end": {"dishes": {"pizza": 2, "soup": 1}, "rares_left": 2,
                                                       "basics_left": 4}}
    rep = score([RollNCookRecord.model_validate(data)])
    # pizza 6+0, 6+2; soup 2+1; 2 rares: 19. Three meals of 14 plates leave 11 (RNC-12).
    assert rep.valid and rep.players[0].total == 19 and rep.players[0].breakdown["plates_left"] == 11
    assert any("unchecked" in n for n in rep.notes)


def test_ties_break_on_basics_left_then_plates():
    """RNC-8; the unused plates follow from the meals (RNC-12)."""
    a = {"sheet": "RNC1-7", "player": "A", "end": {"dishes": {"soup": 1, "pizza": 4}, "basics_left": 3}}
    b = {"sheet": "RNC1-7", "player": "B", "end": {"dishes": {"soup": 1, "pizza": 4}, "basics_left": 5}}
    rep = score([RollNCookRecord.model_validate(x) for x in (a, b)])
    assert rep.ranking == ["B", "A"] and rep.winners == ["B"]
    b["end"]["basics_left"] = 3
    assert score([RollNCookRecord.model_validate(x) for x in (a, b)]).winners == ["A", "B"]  # shared
    # Same total, same basics: B cooked one meal fewer (fried egg 2 + rares 1 = soup 3), so has a plate more.
    a = {"sheet": "RNC1-7", "player": "A", "end": {"dishes": {"soup": 1, "pizza": 4}, "basics_left": 3}}
    b = {"sheet": "RNC1-7", "player": "B", "end": {"dishes": {"fried egg": 1, "pizza": 4}, "rares_left": 2,
                                                   "basics_left": 3}}
    rep = score([RollNCookRecord.model_validate(x) for x in (a, b)])
    assert [p.total for p in rep.players] == [44, 44]
    assert [p.breakdown["plates_left"] for p in rep.players] == [9, 9]
    b["end"] = {"dishes": {"pizza": 4}, "rares_left": 3, "basics_left": 3}
    rep = score([RollNCookRecord.model_validate(x) for x in (a, b)])
    assert [p.total for p in rep.players] == [44, 44] and rep.ranking == ["B", "A"] and rep.winners == ["B"]
    # Basics before plates: A has more basics left, B more plates (10 to 9): A wins.
    a["end"]["basics_left"] = 5
    rep = score([RollNCookRecord.model_validate(x) for x in (a, b)])
    assert [p.breakdown["plates_left"] for p in rep.players] == [9, 10]
    assert rep.ranking == ["A", "B"] and rep.winners == ["A"]


@pytest.mark.parametrize("change,words", [
    (lambda d: d["hours"][0]["take"].append({"result": 2, "box": 2}) or d["hours"][0].__setitem__("rare", ["truffle"]),
     'unknown rare ingredient "truffle"'),
    (lambda d: d["hours"][0].__setitem__("hour", "25:00"), '"25:00" is not an hour of the sheet'),
    (lambda d: d["hours"][0].__setitem__("dice", [1, 3, 7]), "dice[2]"),
    (lambda d: d["hours"][1].__setitem__("cook", [{"name": "fries", "use": ["potato", "caviar", "oil"]}]),
     'unknown ingredient "caviar"'),
    (lambda d: d.__setitem__("sheet", "RNC9-7"), "content version 9"),
    (lambda d: d["hours"][0].__setitem__("dice", [1, 3]), "dice"),
])
def test_unreadable_records_exit_2(tmp_path, change, words):
    data = copy.deepcopy(load("solo-seed7.yaml"))
    change(data)
    p = tmp_path / "r.json"
    p.write_text(json.dumps(data))
    r = run_cli("score", "rollncook", str(p))
    assert r.exit_code == 2 and words in r.stderr and "Traceback" not in r.stderr
    assert "'" not in r.stderr.split(str(p))[-1]  # issue 10 item 13: no Python reprs


def test_cli_scores_several_files_together(tmp_path):
    r = run_cli("score", "rollncook", str(EXAMPLES / "solo-seed7.yaml"), str(EXAMPLES / "shared-dice-bo.yaml"), "--json")
    assert r.exit_code == 0
    out = json.loads(r.stdout)
    assert [(p["name"], p["total"]) for p in out["players"]] == [("Ann", 30), ("Bo", 31)]
    assert out["ranking"] == ["Bo", "Ann"] and out["winners"] == ["Bo"] and out["violations"] == []
    r = run_cli("score", "rollncook", str(EXAMPLES / "mistakes.yaml"))
    assert r.exit_code == 1 and "[RNC-7]" in r.stdout


def test_the_greedy_player_plays_legally_and_the_simulator_reports():
    for seed in range(5):
        hours, state = play_sheet(generate(seed), random.Random(seed))
        rep = score([RollNCookRecord.model_validate({"sheet": f"RNC1-{seed}", "hours": hours})])
        assert rep.valid and not rep.unfinished and [h["hour"] for h in hours] == list(CONTENT.hours)
        assert all(set(t) in ({"box"}, {"table", "segment"}) for h in hours for t in h["take"])  # format 2
    s = summary(simulate(3, 20))
    assert s["games"] == 20 and s["min"] <= s["median"] <= s["max"] and set(s["stars"]) == {f"{x}+" for x in CONTENT.stars}
    assert simulate(3, 5) == simulate(3, 5)  # reproducible
    r = run_cli("simulate", "rollncook", "--seed", "3", "--games", "10", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["games"] == 10
    r = run_cli("simulate", "rollncook", "--seed", "3", "--seeds", "3", "--games", "5")
    assert r.exit_code == 0 and "3 sheets from seed 3" in r.stdout


def test_rnc11_hours_are_played_once_and_in_order():
    """RNC-11: the 12 hours, 10:00 to 21:00, in order; swapped, repeated or missing hours are
    violations, each reported once (no knock-on report for the hours after)."""
    data = load("solo-seed7.yaml")
    data["hours"][1], data["hours"][2] = data["hours"][2], data["hours"][1]
    rep = score([RollNCookRecord.model_validate(data)])
    assert [(v.where, v.message, v.path) for v in rep.violations if v.rule == "RNC-11"] == [
        ("Ann, 12:00", "11:00 is missing before 12:00: every hour is played, in order", ("hours", 1, "hour")),
        ("Ann, 11:00", "11:00 comes after 12:00: hours go in order", ("hours", 2, "hour"))]
    data = load("solo-seed7.yaml")
    data["hours"][2]["hour"] = "11:00"
    rep = score([RollNCookRecord.model_validate(data)])
    assert [(v.where, v.message, v.path) for v in rep.violations if v.rule == "RNC-11"] == [
        ("Ann, 11:00", "11:00 is played twice", ("hours", 2, "hour")),
        ("Ann, 13:00", "12:00 is missing before 13:00: every hour is played, in order", ("hours", 3, "hour"))]
