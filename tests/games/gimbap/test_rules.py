"""Token flow (GIM-5, GIM-6), the end (GIM-7), the record's consistency, the examples."""

import copy
import json
from pathlib import Path

import pytest
import yaml

from printkit.core.game import replay
from printkit.core.yamlio import parse_text
from printkit.games.gimbap.record import GimbapRecord, Round
from printkit.games.gimbap.rules import play_round
from printkit.games.gimbap.state import GIMBAP
from tests.conftest import run_cli

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "gimbap"


def score(rec: GimbapRecord):
    """The report `printkit score` gives: the record's rounds replayed on the State."""
    return replay(GIMBAP, [("game.yaml", rec, {})])


def load(name: str):
    """An example as data, read the way printkit reads records (YAML 1.2: `on` is a key)."""
    return parse_text((EXAMPLES / name).read_text())[0]


def rnd(tokens, done, **kw):
    return Round(first=done[0], dice=["rice+seaweed", "ham-radish"], tokens=tokens, done=done,
                 rolls={p: {"correct": True} for p in done}, **kw)


def kept(result):
    return {p: str(t) for p, t in result.kept.items()}


def test_done_order_takes_the_best_face_up_token():
    """Rulebook step 5: the most points, then the most radish slices."""
    res = play_round(rnd(["2/3", "3/1", "3/2"], ["A", "B", "C", "D"]), dict.fromkeys("ABCD", True))
    assert {p: str(t) for p, t in res.taken.items()} == {"A": "3/2", "B": "3/1", "C": "2/3"}
    assert "D" not in res.taken


def test_wrong_roll_returns_its_token_and_a_right_player_swaps_for_it():
    """GIM-6: checked best token first; a right roll ends with the best of own and centre."""
    res = play_round(rnd(["4/3", "3/3", "1/1"], ["B", "C", "A", "D"]), {"A": True, "B": False, "C": True, "D": True})
    assert kept(res) == {"C": "4/3", "A": "3/3", "D": "1/1"}


def test_checking_order_is_by_token_not_by_done_order():
    """B said Done! first but took the worse token only if... here: C holds the better token
    and checks first, so C, not A, gets the token B returns."""
    r = rnd(["4/1", "3/3"], ["A", "C", "B"])
    # A took 4/1, C took 3/3: A checks first (better token), keeps 4/1 (nothing better).
    res = play_round(r, {"A": False, "B": True, "C": True})
    # A is wrong: 4/1 back. C (3/3) checks next and swaps for 4/1; B (no token) then takes 3/3.
    assert kept(res) == {"C": "4/1", "B": "3/3"}


def test_players_without_a_token_check_in_done_order():
    r = rnd(["2/2"], ["A", "B", "C"])
    res = play_round(r, {"A": False, "B": True, "C": True})
    assert kept(res) == {"B": "2/2"}  # B said Done! before C


def test_a_right_player_keeps_a_token_better_than_the_centre():
    res = play_round(rnd(["4/3", "1/1"], ["A", "B", "C"]), {"A": True, "B": False, "C": False})
    assert kept(res) == {"A": "4/3"}
    assert res.events[-1].endswith("1/1")  # left face up, out of the game


def record(**changes):
    data = load("swap-after-wrong-roll.yaml")
    data = copy.deepcopy(data)
    for path, value in changes.items():
        node = data
        keys = path.split(".")
        for k in keys[:-1]:
            node = node[int(k)] if k.isdigit() else node[k]
        last = keys[-1]
        if value is DELETE:
            del node[int(last) if last.isdigit() else last]
        else:
            node[int(last) if last.isdigit() else last] = value
    return data


DELETE = object()


def violations(data):
    rep = score(GimbapRecord.model_validate(data))
    return [(v.rule, v.where, v.message) for v in rep.violations]


def test_the_examples_are_legal_and_score_as_worked_out():
    rep = score(GimbapRecord.model_validate(load("swap-after-wrong-roll.yaml")))
    assert rep.valid
    totals = {p.name: (p.total, p.breakdown["radish"]) for p in rep.players}
    # Worked by hand: Cy 4/3 + 1/2 + 4/1; Ann 3/3 + 4/2 + 1/3; Dee 1/1 + 2/3 + 2/1 + 3/1; Bo 3/2 + 2/2.
    assert totals == {"Cy": (9, 6), "Ann": (8, 8), "Dee": (8, 6), "Bo": (5, 4)}
    assert rep.ranking == ["Cy", "Ann", "Dee", "Bo"] and rep.winners == ["Cy"]
    for name in ("three-players.yaml", "two-players.yaml"):
        rep = score(GimbapRecord.model_validate(load(name)))
        assert rep.valid, rep.violations
        # Every token a player holds was laid out once; nobody holds two from one round.
        held = [t for p in rep.players for t in p.breakdown["tokens"] if t != "-"]
        assert len(held) == len(set(held))


def test_ties_break_on_radish_slices():
    """GIM-7: Hana and Joon both have 11 points; Hana has more radish slices."""
    rep = score(GimbapRecord.model_validate(load("three-players.yaml")))
    totals = {p.name: (p.total, p.breakdown["radish"]) for p in rep.players}
    assert totals["Hana"] == (11, 9) and totals["Joon"] == (11, 6)
    assert rep.ranking[:2] == ["Hana", "Joon"] and rep.winners == ["Hana"]


def two_player_game(winners: list[str]) -> dict:
    """Six rounds; round i's only token goes to winners[i] (who says Done! first, rightly)."""
    tokens = ["4/3", "4/1", "3/2", "2/2", "2/1", "1/3"]
    rounds = []
    for i, (tok, who) in enumerate(zip(tokens, winners, strict=True)):
        other = "B" if who == "A" else "A"
        rounds.append({"first": "AB"[i % 2], "dice": ["rice+seaweed", "ham-radish"], "tokens": [tok],
                       "done": [who, other], "rolls": {"A": {"correct": True}, "B": {"correct": True}}})
    return {"players": ["A", "B"], "tokens": tokens, "rounds": rounds}


def test_equal_points_and_slices_share_the_victory():
    # A: 4/3 2/2 2/1 = 8 points, 6 slices; B: 4/1 3/2 1/3 = 8 points, 6 slices.
    rep = score(GimbapRecord.model_validate(two_player_game(["A", "B", "B", "A", "A", "B"])))
    assert rep.valid
    assert {p.name: (p.total, p.breakdown["radish"]) for p in rep.players} == {"A": (8, 6), "B": (8, 6)}
    assert rep.winners == ["A", "B"]
    # A: 4/3 3/2 1/3 = 8 points, 8 slices; B: 4/1 2/2 2/1 = 8 points, 4 slices: A alone.
    rep = score(GimbapRecord.model_validate(two_player_game(["A", "B", "A", "B", "B", "A"])))
    assert {p.name: (p.total, p.breakdown["radish"]) for p in rep.players} == {"A": (8, 8), "B": (8, 4)}
    assert rep.winners == ["A"] and rep.ranking == ["A", "B"]


@pytest.mark.parametrize("change,rule,where,words", [
    ({"rounds.1.first": "Cy"}, "GIM-5", "round 2", "it was Bo's turn"),
    ({"rounds.0.dice": ["rice+seaweed", "cheese-seaweed"]}, "GIM-3", "round 1", "same die"),
    ({"rounds.0.dice": ["rice+seaweed"]}, "GIM-3", "round 1", "2 to 4 order dice"),
    ({"rounds.0.tokens": ["4/3", "3/3"]}, "GIM-5", "round 1", "3 tokens are laid out with 4 players"),
    ({"rounds.1.tokens": ["4/3", "2/3", "1/2"]}, "GIM-5", "round 2", "already laid out in round 1"),
    ({"rounds.0.done": ["Bo", "Cy", "Ann"]}, "GIM-6", "round 1", "missing: Dee"),
    ({"rounds.0.done": ["Bo", "Cy", "Ann", "Bo"]}, "GIM-6", "round 1", "more than once: Bo"),
    ({"rounds.0.rolls.Dee": DELETE}, "GIM-6", "round 1 (Dee)", "no roll recorded"),
    ({"rounds.0.rolls.Bo.correct": True}, "GIM-6", "round 1 (Bo)", "ham must not touch radish"),
    ({"rounds.0.rolls.Cy.on.rice": "ham"}, "GIM-2", "round 1 (Cy)", "cannot be built"),
    ({"tokens": ["4/3"]}, "GIM-5", "tokens", "all 12 tokens"),
])
def test_each_rule_broken_is_named(change, rule, where, words):
    found = violations(record(**change))
    assert any(r == rule and w == where and words in m for r, w, m in found), found


def test_a_round_too_many_is_broken_a_round_too_few_is_unfinished(tmp_path):
    """GIM-5 / SCORING.md: 4 players play 4 rounds. A fifth is a violation, named at the line of
    round 5; a record of 3 rounds is a game in progress: exit 0, standings, a note, no winner."""
    data = record()
    data["rounds"].append(copy.deepcopy(data["rounds"][0]))
    p = write(tmp_path, data)
    out = json.loads(run_cli("score", "gimbap", p, "--json").stdout)
    extra = [v for v in out["violations"] if "lasts 4 rounds" in v["message"]]
    assert extra and extra[0]["rule"] == "GIM-5" and extra[0]["where"] == "round 5"
    lines = Path(p).read_text().splitlines()
    assert lines[extra[0]["line"] - 1].startswith("- first:") and lines[extra[0]["line"] - 1:].count("- first: Ann") == 1
    data = record(**{"rounds.3": DELETE})
    r = run_cli("score", "gimbap", write(tmp_path, data), "--json")
    out = json.loads(r.stdout)
    assert r.exit_code == 0 and out["valid"] and out["unfinished"] and out["winners"] == []
    assert out["notes"] == ["3 of the 4 rounds are played: the game is not over"]
    # By hand from the example's first 3 rounds: Cy 4/3 1/2 4/1 = 9; Ann 3/3 4/2 = 7;
    # Dee 1/1 2/3 2/1 = 5; Bo 3/2 = 3.
    assert {p["name"]: p["total"] for p in out["players"]} == {"Ann": 7, "Bo": 3, "Cy": 9, "Dee": 5}
    assert out["ranking"] == ["Cy", "Ann", "Dee", "Bo"]


def test_two_players_must_list_their_six_tokens():
    data = load("two-players.yaml")
    del data["tokens"]
    assert any(r == "GIM-5" and "6 random tokens" in m for r, _, m in violations(data))
    data["tokens"] = ["4/3", "4/1", "3/2", "2/2", "2/1"]
    assert any(r == "GIM-5" and "6 different" in m for r, _, m in violations(data))
    data["tokens"] = ["4/3", "4/1", "3/2", "2/2", "2/1", "3/3"]  # 1/3 is laid in round 4 but not in play
    assert any(r == "GIM-5" and "not among the tokens in play" in m for r, _, m in violations(data))


def write(tmp_path, data, name="r.yaml"):
    p = tmp_path / name
    p.write_text(yaml.safe_dump(data, sort_keys=False))
    return str(p)


def test_cli_score_exit_codes_and_json(tmp_path):
    ok = run_cli("score", "gimbap", str(EXAMPLES / "swap-after-wrong-roll.yaml"), "--json")
    assert ok.exit_code == 0, ok.output
    out = json.loads(ok.stdout)
    assert set(out) >= {"game", "valid", "violations", "players", "ranking", "winners"}
    assert out["valid"] and out["winners"] == ["Cy"] and out["ranking"][0] == "Cy"
    assert out["players"][0]["breakdown"]["tokens"] == ["3/3", "4/2", "-", "1/3"]
    bad = run_cli("score", "gimbap", write(tmp_path, record(**{"rounds.1.first": "Cy"})))
    assert bad.exit_code == 1
    assert "round 2: Cy rolled, but the first player moves one seat left each round" in bad.stdout
    assert "[GIM-5]" in bad.stdout and "not valid" in bad.stdout
    # JSON input, chosen by content whatever the name.
    p = tmp_path / "game.txt"
    p.write_text(json.dumps(record()))
    assert run_cli("score", "gimbap", str(p)).exit_code == 0


@pytest.mark.parametrize("change,words", [
    ({"rounds.0.dice": ["rice+tuna", "ham-radish"]}, "rounds[0].dice[0]: 'rice+tuna' is not a face"),
    ({"rounds.0.dice": ["cheese+ham", "rice+seaweed"]}, "is not on any order die"),
    ({"rounds.0.tokens": ["5/1", "3/3", "1/1"]}, "there is no token 5/1"),
    ({"rounds.0.first": "Zed"}, "'Zed' is not one of the players"),
    ({"rounds.0.rolls.Cy.on.rice": "tuna"}, "unknown part 'tuna'"),
    ({"players": ["Ann"]}, "players"),
])
def test_unreadable_records_exit_2_naming_file_and_place(tmp_path, change, words):
    path = write(tmp_path, record(**change))
    r = run_cli("score", "gimbap", path)
    assert r.exit_code == 2
    assert path in r.stderr and words in r.stderr
    assert "Traceback" not in r.stderr


def test_not_yaml_and_missing_file(tmp_path):
    p = tmp_path / "bad.yaml"
    p.write_text("players: [A, B\nrounds: {")
    r = run_cli("score", "gimbap", str(p))
    assert r.exit_code == 2 and "not valid YAML" in r.stderr and f"{p}:" in r.stderr
    r = run_cli("score", "gimbap", str(tmp_path / "nope.yaml"))
    assert r.exit_code == 2 and "cannot read the file" in r.stderr


def test_schema_describes_the_record():
    r = run_cli("schema", "gimbap")
    assert r.exit_code == 0
    schema = json.loads(r.stdout)
    assert schema["title"] == "GimbapRecord"
    assert {"players", "rounds", "tokens"} <= set(schema["properties"])
    assert run_cli("schema", "chess").exit_code == 2


def test_solve_cli_prints_a_checked_build(tmp_path):
    r = run_cli("solve", "gimbap", "cheese-seaweed", "rice+ham", "spinach+radish", "--json")
    assert r.exit_code == 0
    out = json.loads(r.stdout)
    from printkit.games.gimbap.rolls import Build, check, parse_face
    build = Build.parse(out["build"])
    assert all(check([parse_face(f) for f in ("cheese-seaweed", "rice+ham", "spinach+radish")], build))
    assert sorted(map(sorted, out["contacts"])) == sorted(sorted(p) for p in build.contacts())
    assert out["solutions"] > 0
    r = run_cli("solve", "gimbap", "rice+seaweed", "ham-radish", "--out", str(tmp_path / "roll.svg"))
    assert r.exit_code == 0 and "On the seaweed" in r.stdout
    assert (tmp_path / "roll.svg").read_text().startswith("<svg")
    r = run_cli("solve", "gimbap", "rice+seaweed", "ham-radish", "--out", str(tmp_path / "roll.pdf"))
    assert r.exit_code == 0 and (tmp_path / "roll.pdf").read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("faces,words", [
    (["rice+tuna", "ham-radish"], "is not a face"),
    (["cheese+ham", "rice+seaweed"], "not on any order die"),
    (["rice+seaweed", "cheese-seaweed"], "same die"),
    (["rice+seaweed"], "2 to 4"),
])
def test_solve_cli_rejects_impossible_orders_with_exit_2(faces, words):
    r = run_cli("solve", "gimbap", *faces)
    assert r.exit_code == 2 and words in r.stderr and "Traceback" not in r.stderr
