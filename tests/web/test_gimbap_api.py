"""Gimbap at the table: the Scorekeeper (printkit/games/gimbap/web.py) without a server, then the
move API on the ASGI test client (docs/serve.md).

The examples and generated records (tests/corpus/ref_gimbap.py) go through ``split`` and back
through ``records``: the documents must score exactly like the originals; the rounds posted one
at a time must give the same game; ``view`` must offer only what the State accepts.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from printkit.games.gimbap.content import CONTENT
from printkit.games.gimbap.record import GimbapRecord, Round
from printkit.games.gimbap.state import GIMBAP, GimbapState
from printkit.games.gimbap.web import SCOREKEEPER, Setup, records, split, view
from tests.corpus import ref_gimbap
from tests.web.apitools import ROOT, ApiKit, export_to, load, post, post_ok, stored

EXAMPLES = sorted((ROOT / "examples" / "gimbap").glob("*.yaml"))
KIT = ApiKit("gimbap", GimbapRecord, GIMBAP, records, GimbapState, kept=("rounds",))
score_docs, essence, state_after, cli_score = KIT.score_docs, KIT.essence, KIT.state_after, KIT.cli_score


def generated(n: int = 40) -> list[dict[str, Any]]:
    """Generated records whose header is a legal setup (a broken header cannot be a table)."""
    out = []
    for seed in range(n):
        rec, _ = ref_gimbap.generate(seed)
        try:
            Setup.model_validate({k: rec[k] for k in ("players", "tokens") if k in rec})
        except ValueError:
            continue
        out.append(rec)
    return out


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_round_trips(path: Path) -> None:
    original = load(path)
    setup, moves = split([original])
    assert len(moves) == len(original["rounds"])
    assert essence(score_docs(records(setup, moves))) == essence(score_docs([original]))


def test_generated_round_trip() -> None:
    recs = generated()
    assert len(recs) >= 30
    broken = 0
    for rec in recs:
        before = score_docs([rec])
        broken += not before["valid"]
        setup, moves = split([rec])
        assert essence(score_docs(records(setup, moves))) == essence(before), rec
    assert broken >= 5  # the corpus does break rules: violations survive the round trip too


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_rounds_posted_one_by_one(path: Path) -> None:
    """Every prefix of a legal example is a legal game in progress; the last is the whole game."""
    original = load(path)
    setup, moves = split([original])
    for k in range(len(moves) + 1):
        report = score_docs(records(setup, moves[:k]))
        assert report["violations"] == []
        assert report["unfinished"] == (k < len(moves))
    assert essence(report) == essence(score_docs([original]))


def _round(first: str, tokens: list[str], players: list[str], dice: list[str] | None = None) -> Round:
    return Round.model_validate({"first": first, "dice": dice or ["rice+seaweed", "ham-radish"], "tokens": tokens,
                                 "done": players, "rolls": {p: {"correct": True} for p in players}})


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_view_offers_only_legal_options(path: Path) -> None:
    original = load(path)
    setup, moves = split([original])
    players = list(setup.players)
    for k in range(len(moves)):
        state = state_after(setup, moves[:k])
        v = view(state, setup, moves[:k])
        nxt = moves[k]
        assert v["round"] == k + 1 and v["rounds"] == len(moves)
        assert nxt["first"] in v["first"]
        assert set(nxt["tokens"]) <= set(v["tokens_left"])
        assert v["tokens_to_lay"] == len(players) - 1 == len(nxt["tokens"])  # GIM-5
        if k:
            # GIM-5 (PK-1): one roller only, the next seat; anyone else is refused by the State
            assert v["first"] == [players[(players.index(moves[k - 1]["first"]) + 1) % len(players)]]
            other = next(p for p in players if p not in v["first"])
            assert any(x.rule == "GIM-5" for x in state.copy().apply(_round(other, v["tokens_left"][:len(players) - 1],
                                                                            players)))
        # every token not offered is refused (GIM-5: in play once)
        for t in map(str, CONTENT.tokens):
            if t in v["tokens_left"]:
                continue
            bad = state.copy().apply(_round(v["first"][0], [t] + v["tokens_left"][:len(players) - 2], players))
            assert any(x.rule == "GIM-5" and t in x.message for x in bad), t
        # the dice offered are the real dice: one face of each die, any 2 to 4 (GIM-3)
        assert [d["faces"] for d in v["dice"]] == [list(d.faces) for d in CONTENT.dice]
        faces = [d["faces"][0] for d in v["dice"]]
        for n in (v["dice_min"], v["dice_max"]):
            ok = state.copy().apply(_round(v["first"][0], v["tokens_left"][:len(players) - 1], players, faces[:n]))
            assert not [x for x in ok if x.rule == "GIM-3"]
    end = view(state_after(setup, moves), setup, moves)
    assert end["over"] and end["first"] == []


def test_view_running_totals_add_up() -> None:
    """Round by round totals: the last equals the report's, each is the sum of the tokens kept."""
    path = ROOT / "examples" / "gimbap" / "swap-after-wrong-roll.yaml"
    original = load(path)
    setup, moves = split([original])
    v = view(state_after(setup, moves), setup, moves)
    report = score_docs([original])
    last = v["history"][-1]["totals"]
    assert {p["name"]: p["total"] for p in report["players"]} == {p: t["points"] for p, t in last.items()}
    # Round 1 of the example, worked out by hand (GIM-6): Bo, Cy, Ann take 4/3, 3/3, 1/1; Bo's
    # wrong roll returns 4/3; Cy swaps 3/3 for it; Ann swaps 1/1 for 3/3; Dee, right and with no
    # token, takes the best left in the centre, 1/1 (the example's comment says Dee gets none).
    first = v["history"][0]
    assert first["taken"] == {"Bo": "4/3", "Cy": "3/3", "Ann": "1/1"}
    assert first["kept"] == {"Cy": "4/3", "Ann": "3/3", "Dee": "1/1"}
    assert first["totals"]["Cy"] == {"points": 4, "radish": 3} and first["totals"]["Bo"]["points"] == 0
    assert first["tokens"] == ["4/3", "3/3", "1/1"] and first["done"] == ["Bo", "Cy", "Ann", "Dee"]


def test_setup_is_checked() -> None:
    with pytest.raises(ValueError, match="6 different tokens"):
        Setup.model_validate({"players": ["A", "B"]})
    with pytest.raises(ValueError, match="leave 'tokens' out"):
        Setup.model_validate({"players": ["A", "B", "C"], "tokens": ["4/3"]})
    with pytest.raises(ValueError):
        Setup.model_validate({"players": ["A", "A", "B"]})
    with pytest.raises(ValueError):
        Setup.model_validate({"players": ["A"]})
    assert Setup.model_validate({"players": ["A", "B", "C"]}).tokens is None
    assert SCOREKEEPER.file_names(Setup.model_validate({"players": ["A", "B", "C"]})) == ["gimbap.yaml"]
    assert (SCOREKEEPER.assets / "page.js").is_file()


# --- the move API (ASGI test client, tests/web/conftest.py) -----------------------------------


def new_table(client, setup: dict[str, Any]) -> dict[str, Any]:
    return KIT.new_table(client, setup)


@pytest.mark.parametrize("name", ["three-players.yaml", "two-players.yaml"])
def test_whole_game_move_by_move_ends_with_the_scorers_report(client, tmp_path: Path, name: str) -> None:
    path = ROOT / "examples" / "gimbap" / name
    original = load(path)
    table = new_table(client, {k: original[k] for k in ("players", "tokens") if k in original})
    for i, rnd in enumerate(original["rounds"]):
        assert table["view"]["round"] == i + 1 and not table["over"]
        table = post_ok(client, table, rnd)
        assert table["version"] == i + 1 and len(table["moves"]) == i + 1
    assert table["over"] and table["view"]["over"]
    expected = cli_score(path)
    assert table["report"] == expected  # a legal game: the very report, nothing to locate differently
    # the export scores the same, with the same lines
    assert cli_score(export_to(client, table, tmp_path / "export.yaml")) == table["report"]


def test_illegal_round_is_refused_and_nothing_is_stored(client) -> None:
    table = new_table(client, {"players": ["Ann", "Bo", "Cy"]})
    first = {"first": "Ann", "dice": ["rice+seaweed", "ham-radish"], "tokens": ["4/3", "2/1"],
             "done": ["Bo", "Cy", "Ann"], "rolls": {p: {"correct": True} for p in ["Ann", "Bo", "Cy"]}}
    table = post(client, table, first).json()
    assert table["version"] == 1
    # GIM-5: Bo sits left of Ann and rolls round 2, not Cy; 4/3 was laid out in round 1
    bad = {**first, "first": "Cy", "tokens": ["4/3", "1/1"]}
    r = post(client, table, bad)
    assert r.status_code == 422
    body = r.json()
    rules = {(v["rule"], v["message"]) for v in body["violations"]}
    assert ("GIM-5", "Cy rolled, but the first player moves one seat left each round: it was Bo's turn") in rules
    assert ("GIM-5", "token 4/3 was already laid out in round 1; a token is used once") in rules
    after = stored(client, table)
    assert after["version"] == 1 and after["moves"] == table["moves"]
    # two dice of one die (GIM-3) and a Done! list missing a player (GIM-6)
    r = post(client, table, {**first, "first": "Bo", "tokens": ["3/3", "1/1"], "dice": ["rice+seaweed", "rice-seaweed"],
                             "done": ["Bo", "Cy"]})
    assert r.status_code == 422
    assert {v["rule"] for v in r.json()["violations"]} == {"GIM-3", "GIM-6"}
    assert stored(client, table)["version"] == 1


@pytest.mark.parametrize("move, words", [
    ({"first": "Ann", "dice": ["rice*seaweed"], "tokens": [], "done": [], "rolls": {}}, "not a face"),
    ({"first": "Ann", "dice": ["rice+seaweed"], "tokens": ["5/1"], "done": [], "rolls": {}}, "no token 5/1"),
    ({"first": "Ann", "dice": [], "tokens": [], "done": [], "rolls": {"Ann": {}}}, "correct: true/false"),
    ({"first": "Ann", "dice": [], "tokens": [], "done": []}, "rolls"),
    ({"first": "Ann", "dice": [], "tokens": [], "done": [], "rolls": {}, "extra": 1}, "extra"),
    ("a round", "move"),
])
def test_malformed_round_is_a_400_with_a_clear_message(client, move: Any, words: str) -> None:
    table = new_table(client, {"players": ["Ann", "Bo", "Cy"]})
    r = post(client, table, move)
    assert r.status_code == 400, r.text
    message = r.json()["error"]
    assert words in message and "\n" not in message and "Traceback" not in message
    assert stored(client, table)["version"] == 0


def test_unknown_player_is_refused_with_the_record_models_words(client) -> None:
    table = new_table(client, {"players": ["Ann", "Bo", "Cy"]})
    r = post(client, table, {"first": "Zed", "dice": ["rice+seaweed", "ham-radish"], "tokens": ["4/3", "2/1"],
                             "done": ["Ann", "Bo", "Cy"], "rolls": {p: {"correct": True} for p in ["Ann", "Bo", "Cy"]}})
    assert r.status_code == 422 and "'Zed' is not one of the players" in r.json()["error"]


def test_bad_setup_is_refused(client) -> None:
    r = client.post("/api/tables", json={"game": "gimbap", "setup": {"players": ["Ann", "Bo"]}})
    assert 400 <= r.status_code < 500 and "6 different tokens" in r.json()["error"]
    r = client.post("/api/tables", json={"game": "gimbap", "setup": {"players": ["Ann", "Bo", "Cy"], "tokens": []}})
    assert r.status_code == 201


def test_undo_takes_back_a_round(client) -> None:
    path = ROOT / "examples" / "gimbap" / "three-players.yaml"
    original = load(path)
    table = new_table(client, {"players": original["players"]})
    table = post(client, table, original["rounds"][0]).json()
    after_one = table["report"]["players"]
    table = post(client, table, original["rounds"][1]).json()
    totals = {p["name"]: p["total"] for p in table["report"]["players"]}
    r = client.post(f"/api/tables/{table['id']}/undo", json={"version": table["version"]})
    assert r.status_code == 200, r.text
    back = r.json()
    assert len(back["moves"]) == 1 and back["view"]["round"] == 2 and len(back["view"]["history"]) == 1
    # round 2's tokens (3/3, 1/2) are offered again; round 1's (4/3, 2/1) are not
    assert {"3/3", "1/2"} <= set(back["view"]["tokens_left"]) and not {"4/3", "2/1"} & set(back["view"]["tokens_left"])
    assert back["report"]["players"] == after_one
    again = post(client, back, original["rounds"][1]).json()
    assert {p["name"]: p["total"] for p in again["report"]["players"]} == totals
    stale = client.post(f"/api/tables/{table['id']}/undo", json={"version": back["version"]})
    assert stale.status_code == 409


def test_import_an_unfinished_record_and_play_it_to_the_end(client) -> None:
    path = ROOT / "examples" / "gimbap" / "two-players.yaml"
    original = load(path)
    part = {**original, "rounds": original["rounds"][:3]}
    r = client.post("/api/import", json={"game": "gimbap", "files": [{"name": "part.json", "text": json.dumps(part)}]})
    assert r.status_code == 201, r.text
    table = r.json()
    assert len(table["moves"]) == 3 and table["view"]["round"] == 4 and not table["over"]
    assert table["view"]["first"] == ["Min"] and len(table["view"]["tokens_left"]) == 3  # 6 drawn, 3 laid out
    for rnd in original["rounds"][3:]:
        table = post(client, table, rnd).json()
    assert table["over"] and essence(table["report"]) == essence(cli_score(path))


def test_import_of_a_record_that_cannot_be_a_table_is_one_line(client) -> None:
    doc = {"players": ["Ann", "Bo"], "rounds": []}  # 2 players but no tokens drawn (GIM-5)
    r = client.post("/api/import", json={"game": "gimbap", "files": [{"name": "r.json", "text": json.dumps(doc)}]})
    assert r.status_code == 422
    message = r.json()["error"]
    assert "6 different tokens" in message and "\n" not in message
