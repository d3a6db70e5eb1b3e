"""Roll n Cook, issue 10: verdicts that never depend on how a record is written (RNC-11), end
states (RNC-12), solo games without a star (RNC-8), hours as people write them, the shorter
record format, boundaries (adjust wraps, stars reach their threshold), lines for violations."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from printkit.core.yamlio import parse_text
from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.record import RollNCookRecord
from printkit.games.rollncook.rules import State, apply_ability, stars
from printkit.games.rollncook.scorer import score
from printkit.games.rollncook.sheet import generate
from tests.conftest import run_cli

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples" / "rollncook"


def load(name):
    return parse_text((EXAMPLES / name).read_text())[0]


def rep_of(*datas):
    return score([RollNCookRecord.model_validate(d) for d in datas])


def same(a, b, ordered=True):
    """Two reports say the same thing (JSON and text); with ``ordered`` False, the same
    violations in any order (two rare ingredients written the other way round are reported
    in the order written)."""
    if ordered:
        return a.to_json() == b.to_json() and a.human() == b.human()
    ja, jb = a.to_json(), b.to_json()
    va, vb = ja.pop("violations"), jb.pop("violations")
    key = lambda v: json.dumps(v, sort_keys=True)  # noqa: E731
    return ja == jb and sorted(va, key=key) == sorted(vb, key=key) and \
        sorted(a.human().splitlines()) == sorted(b.human().splitlines())


# Sheet RNC1-7: 10:00 box 1 fish+potato, box 2 mystery, box 6 carrot; 11:00 has one plate,
# box 4 fish, table segment 5 cabbage. Soup is potato, carrot, cabbage; the mystery stands
# for the cabbage.
SOUP = {
    "sheet": "RNC1-7", "player": "Eve",
    "hours": [
        {"hour": "10:00", "dice": [2, 1, 6], "take": [{"box": 2}, {"box": 1}, {"box": 6}]},
        {"hour": "11:00", "dice": [4, 4, 3], "take": [{"box": 4}],
         "cook": [{"name": "soup", "use": ["mystery", "potato", "carrot"]}]},
    ],
}


def soup_with(use):
    d = copy.deepcopy(SOUP)
    d["hours"][1]["cook"][0]["use"] = use
    return d


# ---------------------------------------------------------------- RNC-11: no order in one action

def test_rnc11_mystery_first_in_use_makes_soup():
    """Issue 10 item 1: [mystery, potato, carrot] was refused, [potato, carrot, mystery] passed."""
    for use in (["mystery", "potato", "carrot"], ["potato", "carrot", "mystery"], ["carrot", "mystery", "potato"]):
        rep = rep_of(soup_with(use))
        assert rep.valid, use
        assert rep.players[0].breakdown["meals"] == {"soup": 3}  # 2 + bonus 1


@settings(max_examples=60, deadline=None)
@given(use=st.lists(st.sampled_from(["potato", "carrot", "cabbage", "mystery", "egg", "fish"]), min_size=2, max_size=4),
       data=st.data())
def test_rnc11_permuting_use_never_changes_the_report(use, data):
    """Legal or not, the order of ``use`` changes nothing (RNC-11)."""
    shuffled = data.draw(st.permutations(use))
    assert same(rep_of(soup_with(use)), rep_of(soup_with(list(shuffled))))


def _permute_actions(d, draw, rares=False):
    """``d`` with every ``use`` list (and, with ``rares``, every hour's list of rare
    ingredients) permuted."""
    d = copy.deepcopy(d)
    for h in d["hours"]:
        for key in ("rare", "cook"):
            for x in h.get(key, []):
                if isinstance(x, dict) and x.get("use"):
                    x["use"] = list(draw(st.permutations(x["use"])))
        if rares and h.get("rare"):
            h["rare"] = list(draw(st.permutations(h["rare"])))
    return d


@settings(max_examples=15, deadline=None)
@given(name=st.sampled_from(["solo-seed7.yaml", "shared-dice-bo.yaml", "mistakes.yaml"]), data=st.data())
def test_rnc11_permuting_what_was_crossed_in_the_examples_changes_nothing(name, data):
    d = load(name)
    assert same(rep_of(d), rep_of(_permute_actions(d, data.draw)))
    assert same(rep_of(d), rep_of(_permute_actions(d, data.draw, rares=True)), ordered=False)


def test_rnc11_rare_ingredients_in_any_order():
    """Dough written before the flour it is made from is the same hour."""
    d = load("solo-seed7.yaml")
    assert d["hours"][3]["rare"] == ["flour", "dough"]
    d["hours"][3]["rare"] = ["dough", "flour"]
    assert rep_of(d).valid


def test_rnc5_mystery_never_stands_for_a_rare_whatever_the_order():
    d = copy.deepcopy(SOUP)
    oil = "fries cannot be cooked: no oil is crossed, and the mystery ingredient stands only for a basic ingredient"
    for use in (["potato", "mystery", "potato"], ["mystery", "potato", "potato"], ["potato", "potato", "mystery"]):
        d["hours"][1]["cook"] = [{"name": "fries", "use": use}]  # fries: potato potato oil
        assert [(v.rule, v.message, v.path) for v in rep_of(d).violations] == [("RNC-5", oil, ("hours", 1, "cook", 0))]
    d["hours"][1]["cook"] = [{"name": "fries", "use": ["potato", "potato", "potato"]}]
    assert rep_of(d).violations[0].message == "fries cannot be cooked: the recipe needs only 2 potato"
    d["hours"][1]["cook"] = [{"name": "fries", "use": ["mystery", "potato", "carrot"]}]
    assert rep_of(d).violations[0].message == "fries cannot be cooked: carrot is not in the recipe"


# ---------------------------------------------------------------- RNC-11: hours

def test_rnc11_a_skipped_hour_is_a_violation_with_its_line(tmp_path):
    text = (EXAMPLES / "solo-seed7.yaml").read_text()
    d = load("solo-seed7.yaml")
    del d["hours"][5]  # 15:00
    rep = rep_of(d)
    assert [(v.rule, v.where, v.message, v.path) for v in rep.violations if v.rule == "RNC-11"] == [
        ("RNC-11", "Ann, 16:00", "15:00 is missing before 16:00: every hour is played, in order", ("hours", 5, "hour"))]
    assert not rep.unfinished and rep.winners == []
    # Through the CLI: the line of the hour after the gap.
    lines = text.splitlines(keepends=True)
    start = next(i for i, ln in enumerate(lines) if '"15:00"' in ln and "hour:" in ln)
    end = next(i for i, ln in enumerate(lines) if '"16:00"' in ln and "hour:" in ln)
    p = tmp_path / "skip.yaml"
    p.write_text("".join(lines[:start] + lines[end:]))
    out = json.loads(run_cli("score", "rollncook", str(p), "--json").stdout)
    v = next(v for v in out["violations"] if v["rule"] == "RNC-11")
    assert v["line"] == start + 1


def test_rnc11_skipping_several_hours():
    d = copy.deepcopy(SOUP)
    d["hours"][1]["hour"] = "13:00"
    d["hours"][1].pop("cook")
    rep = rep_of(d)
    assert [v.message for v in rep.violations] == ["11:00 to 12:00 are missing before 13:00: every hour is played, in order"]


@pytest.mark.parametrize("stop", [1, 6, 11])
def test_rnc11_a_record_that_stops_early_is_unfinished(tmp_path, stop):
    """Exit 0, a note, the standings so far, no winner."""
    d = load("solo-seed7.yaml")
    d["hours"] = d["hours"][:stop]
    p = tmp_path / "early.json"
    p.write_text(json.dumps(d))
    r = run_cli("score", "rollncook", str(p))
    assert r.exit_code == 0
    assert (f"note: Ann: the record stops after {CONTENT.hours[stop - 1]}; {CONTENT.hours[stop]} to 21:00 are not "
            "played: an unfinished game, standings so far (RNC-11)") in r.stdout
    assert "no winner: the game is unfinished" in r.stdout and "  Ann " in r.stdout
    out = json.loads(run_cli("score", "rollncook", str(p), "--json").stdout)
    assert out["valid"] and out["unfinished"] and out["winners"] == [] and out["players"][0]["name"] == "Ann"


def test_rnc11_no_hours_yet_is_unfinished():
    rep = rep_of({"sheet": "RNC1-7", "player": "Zed", "hours": []})
    assert rep.valid and rep.unfinished and rep.winners == [] and rep.players[0].total == 0
    assert "Zed: the record has no hours yet; 10:00 to 21:00 are not played" in rep.notes[0]


def test_rnc11_one_unfinished_record_leaves_the_game_without_winner():
    bo = load("shared-dice-bo.yaml")
    bo["hours"] = bo["hours"][:8]
    rep = rep_of(load("solo-seed7.yaml"), bo)
    assert rep.valid and rep.unfinished and rep.winners == [] and rep.ranking == ["Ann", "Bo"]


# ---------------------------------------------------------------- hours as people write them

HOUR_FORMS = [("10:00", "10:00"), ("10", "10:00"), ('"10"', "10:00"), ("10h", "10:00"), ("10am", "10:00"),
              ("10 AM", "10:00"), ("10h00", "10:00"), ("13:00", "13:00"), ("13", "13:00"), ("1pm", "13:00"),
              ('"1:00 pm"', "13:00"), ("1", "13:00"), ("12 noon", "12:00"), ("12pm", "12:00"), ("9pm", "21:00"),
              ("21.00", "21:00")]


@pytest.mark.parametrize("written,clock", HOUR_FORMS)
def test_an_hour_is_read_however_a_person_writes_it(tmp_path, written, clock):
    """Issue 10 item 5: records are YAML 1.2; an unquoted 10:00 is the hour 10:00 (not 600)."""
    text = (EXAMPLES / "solo-seed7.yaml").read_text()
    assert f'hour: "{clock}"' in text
    p = tmp_path / "r.yaml"
    p.write_text(text.replace(f'hour: "{clock}"', f"hour: {written}"))
    plain = run_cli("score", "rollncook", str(EXAMPLES / "solo-seed7.yaml"), "--json")
    r = run_cli("score", "rollncook", str(p), "--json")
    assert r.exit_code == 0 and json.loads(r.stdout) == json.loads(plain.stdout)


@pytest.mark.parametrize("written", ["22:00", "9:30", "10:30", "9am", "0", "12am", "600", "noon", "true", "13pm"])
def test_other_hours_are_unreadable(tmp_path, written):
    text = (EXAMPLES / "solo-seed7.yaml").read_text().replace('hour: "12:00"', f"hour: {written}")
    p = tmp_path / "r.yaml"
    p.write_text(text)
    r = run_cli("score", "rollncook", str(p))
    line = text.splitlines().index(f"  - hour: {written}") + 1
    assert r.exit_code == 2 and "Traceback" not in r.stderr
    assert f"r.yaml:{line}: hours[2].hour: " in r.stderr and "is not an hour of the sheet" in r.stderr


def test_a_table_hour_reads_the_same_way():
    d = copy.deepcopy(SOUP)
    d["hours"][0]["take"][2] = {"table": "10am", "segment": 6}  # 10:00 table segment 6: milk
    assert RollNCookRecord.model_validate(d).hours[0].take[2].table == "10:00"


# ---------------------------------------------------------------- one fact once: {box: N}

def _old_form(d):
    """``d`` written as format 1 (the result written beside its box or segment)."""
    d = copy.deepcopy(d)
    for h in d["hours"]:
        for t in h.get("take", []):
            if "result" not in t:
                t["result"] = t.get("box", t.get("segment"))
    return d


@pytest.mark.parametrize("name", ["solo-seed7.yaml", "shared-dice-bo.yaml", "mistakes.yaml"])
def test_old_records_with_result_and_box_read_the_same(name):
    """Issue 10 item 6: format 1 records keep reading; the shorter form means the same."""
    d = load(name)
    old = _old_form(d)
    assert all("result" in t for h in old["hours"] for t in h.get("take", []))
    assert same(rep_of(d), rep_of(old))


def test_the_examples_use_the_shorter_form():
    for name in ("solo-seed7.yaml", "shared-dice-bo.yaml"):
        assert all(set(t) in ({"box"}, {"table", "segment"}) for h in load(name)["hours"] for t in h["take"])


def test_old_form_result_differing_from_box_or_segment_is_a_violation():
    """RNC-2: a result takes the box or segment of its number (only an old record can disagree)."""
    d = copy.deepcopy(SOUP)
    d["hours"][0]["take"] = [{"result": 2, "box": 3}, {"result": 1, "table": "12:00", "segment": 4}, {"box": 6}]
    d["hours"][1].pop("cook")
    rep = rep_of(d)
    assert [(v.rule, v.message, v.path) for v in rep.violations] == [
        ("RNC-2", "a result 2 takes box 2, not box 3", ("hours", 0, "take", 0)),
        ("RNC-2", "a result 1 takes segment 1, not segment 4", ("hours", 0, "take", 1))]
    d["hours"][0]["take"] = [{"result": 2, "box": 2}, {"result": 1, "table": "12:00"}, {"box": 6}]
    assert rep_of(d).valid  # a table with only the result reads too


@pytest.mark.parametrize("take,words", [
    ({"result": 3}, "a result takes a 'box' of this hour"),
    ({"box": 3, "table": "12:00", "segment": 3}, "a result takes a 'box' of this hour"),
    ({"table": "12:00"}, "a table needs the 'segment' taken"),
    ({"box": 3, "segment": 3}, "a 'segment' belongs to a 'table'"),
    ({"box": 7}, "box"),
])
def test_a_take_that_says_too_little_or_too_much_is_unreadable(take, words):
    d = copy.deepcopy(SOUP)
    d["hours"][0]["take"][0] = take
    with pytest.raises(ValueError, match=re.escape(words)):
        RollNCookRecord.model_validate(d)


# ---------------------------------------------------------------- RNC-12: end states

def end(**e):
    return {"sheet": "RNC1-7", "player": "Dee", "end": {"basics_left": 0, **e}}


def test_rnc12_plates_left_follow_from_the_meals():
    rep = rep_of(end(dishes={"pizza": 2}, rares_left=1, basics_left=4))
    # pizza 6+0, 6+2 and 1 rare: 15; 2 meals of the 14 plates: 12 left.
    assert rep.valid and rep.players[0].total == 15 and rep.players[0].breakdown["plates_left"] == 12


def test_rnc12_an_old_plates_left_that_disagrees_is_a_violation(tmp_path):
    rep = rep_of(end(dishes={"pizza": 2}, rares_left=1, plates_left=2))  # the old docs example
    assert [(v.rule, v.message, v.path) for v in rep.violations] == [
        ("RNC-12", "plates_left is 2, but 2 meals cooked leave 12 of the sheet's 14 plates unused "
                   "(plates_left can be left out)", ("end", "plates_left"))]
    assert rep.players[0].breakdown["plates_left"] == 12
    assert rep_of(end(dishes={"pizza": 2}, rares_left=1, plates_left=12)).valid
    p = tmp_path / "dee.yaml"
    p.write_text("sheet: RNC1-7\nplayer: Dee\nend:\n  dishes: {pizza: 2}\n  rares_left: 1\n  plates_left: 2\n")
    r = run_cli("score", "rollncook", str(p), "--json")
    assert r.exit_code == 1 and json.loads(r.stdout)["violations"][0]["line"] == 6


def test_rnc12_meals_never_exceed_the_plates(tmp_path):
    dishes = {"fried egg": 6, "soup": 6, "bread": 3}  # 15 meals, 14 plates
    rep = rep_of(end(dishes=dishes))
    assert [(v.rule, v.message, v.path) for v in rep.violations] == [
        ("RNC-12", "15 meals cooked, but the sheet has only 14 plates (one a meal)", ("end", "dishes"))]
    dishes["bread"] = 2
    assert rep_of(end(dishes=dishes)).valid


def test_rnc7_a_replayed_game_never_cooks_more_than_the_plates():
    """Every meal takes a plate of its hour (RNC-7), so a replayed game stays within RNC-12."""
    d = copy.deepcopy(SOUP)
    d["hours"][0]["cook"] = ["soup"]  # 10:00 has no plate
    assert [v.rule for v in rep_of(d).violations] == ["RNC-7"]


def test_the_docs_examples_are_legal(tmp_path):
    text = (ROOT / "docs" / "records.md").read_text()
    section = text[text.index("## Roll n Cook"):]
    blocks = re.findall(r"```yaml\n(.*?)```", section, re.S)
    assert len(blocks) == 2
    for k, block in enumerate(blocks):
        p = tmp_path / f"doc{k}.yaml"
        p.write_text(block)
        r = run_cli("score", "rollncook", str(p), "--json")
        assert r.exit_code == 0, r.stdout + r.stderr
        assert json.loads(r.stdout)["violations"] == []
    hours = json.loads(run_cli("score", "rollncook", str(tmp_path / "doc0.yaml"), "--json").stdout)
    # 11:00: fried egg 1 + 0, the cheese left: 2.
    assert hours["unfinished"] and hours["players"][0]["total"] == 2


# ---------------------------------------------------------------- RNC-8: stars and the solo game

@pytest.mark.parametrize("total,n", [(0, 0), (49, 0), (50, 1), (55, 1), (56, 2), (61, 2), (62, 3), (65, 3),
                                     (66, 4), (69, 4), (70, 5), (120, 5)])
def test_rnc8_a_star_is_filled_when_the_total_reaches_its_threshold(total, n):
    assert stars(total) == n


def test_rnc8_solo_with_exactly_50_wins_and_with_49_does_not(tmp_path):
    # pizza 4 boxes: 6+0, 6+2, 6+7, 6+8 = 41; fried egg 3 boxes: 1+0, 1+0, 1+2 = 5; rares 4: 50.
    rep = rep_of(end(dishes={"pizza": 4, "fried egg": 3}, rares_left=4))
    assert rep.valid and rep.players[0].total == 50 and rep.players[0].breakdown["stars"] == 1
    assert rep.winners == ["Dee"]
    rep = rep_of(end(dishes={"pizza": 4, "fried egg": 3}, rares_left=3))
    assert rep.valid and rep.players[0].total == 49 and rep.players[0].breakdown["stars"] == 0
    assert rep.winners == [] and rep.ranking == ["Dee"]


def test_rnc8_a_solo_game_without_a_star_names_no_winner_and_says_why():
    r = run_cli("score", "rollncook", str(EXAMPLES / "solo-seed7.yaml"))
    assert r.exit_code == 0
    assert "no winner: a solo game is won with at least one star, and 30 points is under 50" in r.stdout
    assert "winner: Ann" not in r.stdout
    out = json.loads(run_cli("score", "rollncook", str(EXAMPLES / "solo-seed7.yaml"), "--json").stdout)
    assert out["valid"] and out["winners"] == [] and out["ranking"] == ["Ann"]


def test_rnc8_two_players_without_stars_still_have_a_winner():
    rep = rep_of(load("solo-seed7.yaml"), load("shared-dice-bo.yaml"))
    assert rep.winners == ["Bo"]


# ---------------------------------------------------------------- RNC-4: adjust wraps

@pytest.mark.parametrize("a,b,ok", [(6, 1, True), (1, 6, True), (6, 5, True), (1, 2, True), (3, 4, True),
                                    (6, 2, False), (1, 5, False), (3, 5, False), (3, 3, False)])
def test_rnc4_adjust_changes_by_one_and_6_and_1_wrap(a, b, ok):
    s = State.new(generate(7))
    s2, res, problems = apply_ability(s, [a, 2], "adjust", a, b)
    assert (problems == []) is ok
    if ok:
        assert res == [b, 2] and s2.abilities["adjust"] == CONTENT.abilities["adjust"] - 1


def test_rnc4_adjusting_a_6_to_a_1_in_a_record_takes_box_1():
    d = copy.deepcopy(SOUP)
    d["hours"][0] = {"hour": "10:00", "dice": [2, 6, 6], "abilities": [{"adjust": {"from": 6, "to": 1}}],
                     "take": [{"box": 2}, {"box": 1}, {"box": 6}]}
    assert rep_of(d).valid
    d["hours"][0]["dice"] = [2, 1, 6]
    d["hours"][0]["abilities"] = [{"adjust": {"from": 1, "to": 6}}]
    d["hours"][0]["take"] = [{"box": 2}, {"box": 6}, {"table": "12:00", "segment": 6}]  # 12:00 segment 6: cabbage
    d["hours"][1]["cook"] = [{"name": "soup", "use": ["mystery", "carrot", "cabbage"]}]  # no potato now
    assert rep_of(d).valid


# ---------------------------------------------------------------- reports: lines, no reprs

def test_rnc10_different_dice_point_at_the_dice_line(tmp_path):
    text = (EXAMPLES / "shared-dice-bo.yaml").read_text()
    lines = text.splitlines()
    i = next(k for k, ln in enumerate(lines) if ln.strip() == 'dice: [5, 4, 5]')
    lines[i] = "    dice: [5, 4, 6]"
    lines[i + 3] = "      - {table: \"14:00\", segment: 6}"  # was segment 5: the 6 is used instead
    p = tmp_path / "bo.yaml"
    p.write_text("\n".join(lines) + "\n")
    out = json.loads(run_cli("score", "rollncook", str(EXAMPLES / "solo-seed7.yaml"), str(p), "--json").stdout)
    v = [v for v in out["violations"] if v["rule"] == "RNC-10"]
    assert len(v) == 1 and v[0]["line"] == i + 1 and v[0]["file"] == str(p) and v[0]["where"] == "Bo, 13:00"


def test_rnc10_a_repeated_hour_is_compared_once():
    """Bo writes 13:00 twice (RNC-11): his first 13:00 is compared with Ann's, not the second."""
    bo = load("shared-dice-bo.yaml")
    bo["hours"][4]["hour"] = "13:00"
    rep = rep_of(load("solo-seed7.yaml"), bo)
    assert [v.rule for v in rep.violations if v.rule in ("RNC-10", "RNC-11")] == ["RNC-11", "RNC-11"]


def test_every_violation_has_a_line():
    r = run_cli("score", "rollncook", str(EXAMPLES / "mistakes.yaml"), "--json")
    assert all(isinstance(v["line"], int) for v in json.loads(r.stdout)["violations"])


REPR = re.compile(r"[\[{(]\s*'|'\s*[\]})]|[{\[]\"|\bNone\b|\bTrue\b|\bFalse\b")


@pytest.mark.parametrize("files", [["solo-seed7.yaml"], ["solo-seed7.yaml", "shared-dice-bo.yaml"], ["mistakes.yaml"]])
def test_text_reports_read_like_a_score_pad(files):
    """Issue 10 item 13: no Python reprs ({'fried egg': 2}, ['a', 'b'], None) in text output."""
    r = run_cli("score", "rollncook", *[str(EXAMPLES / f) for f in files])
    assert r.stdout and not REPR.search(r.stdout), REPR.search(r.stdout)
