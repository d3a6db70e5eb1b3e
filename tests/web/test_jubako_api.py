"""Jubako at the table: the Scorekeeper (printkit/games/jubako/web.py) without a server, then the
move API on the ASGI test client (docs/serve.md).

The examples and generated records (tests/corpus/ref_jubako.py) go through ``split`` and back
through ``records`` and must score exactly like the originals; the turns posted one at a time
(with the hands declared, as the page does) give the same game; ``view`` lists only moves the
State accepts, with the points the State gives them.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from printkit.games.jubako.content import CONTENT
from printkit.games.jubako.play import choose
from printkit.games.jubako.record import JubakoRecord, Turn
from printkit.games.jubako.rules import adjacent
from printkit.games.jubako.scorer import GAME
from printkit.games.jubako.state import JubakoState, laid
from printkit.games.jubako.web import SCOREKEEPER, Move, Setup, hands, records, split, view
from tests.corpus import ref_jubako
from tests.web.apitools import ROOT, ApiKit, export_to, load, post, post_ok, stored

EXAMPLES = sorted((ROOT / "examples" / "jubako").glob("*.yaml"))
KIT = ApiKit("jubako", JubakoRecord, GAME, records, JubakoState, kept=("boards",))
score_docs, essence, state_after, cli_score = KIT.score_docs, KIT.essence, KIT.state_after, KIT.cli_score


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_round_trips(path: Path) -> None:
    original = load(path)
    setup, moves = split([original])
    assert len(moves) == len(original["turns"])
    assert essence(score_docs(records(setup, moves))) == essence(score_docs([original]))


def test_generated_round_trip() -> None:
    broken = 0
    for seed in range(30):
        rec, _ = ref_jubako.generate(seed)
        before = score_docs([rec])
        broken += not before["valid"]
        setup, moves = split([rec])
        assert essence(score_docs(records(setup, moves))) == essence(before), seed
    assert broken >= 5  # rule breaks survive the round trip too


def test_old_little_jubako_option_is_the_board() -> None:
    setup, _ = split([{"players": ["A", "B"], "options": {"little_jubako": True}, "turns": []}])
    assert isinstance(setup, Setup) and setup.board == "4x4"
    (doc,) = records(setup, [])
    assert doc["board"] == "4x4" and "options" not in doc


def play_with_hands(players: list[str], seed: int, board: str = "5x5", turns: int | None = None) -> tuple[
        Setup, list[dict[str, Any]], list[dict[str, Any]]]:
    """A game as the page plays it: before each turn the player declares the tiles held, then
    makes the automatic player's choice among the moves ``view`` offers. Returns the setup, the
    posted moves (holding and turns) and the views seen before each turn."""
    rng = random.Random(seed)
    setup = Setup.model_validate({"players": players, "board": board})
    tiles = [tuple(sorted(t, key=CONTENT.ids.index)) for t in CONTENT.doubles]
    rng.shuffle(tiles)
    tiles = tiles[CONTENT.removed[len(players)]:]
    held = {p: [tiles.pop(), tiles.pop()] for p in players}
    moves: list[dict[str, Any]] = []
    views = []
    state = state_after(setup, moves)
    while (who := state.to_move) is not None and (turns is None or len(views) < turns):
        if tiles:
            held[who].append(tiles.pop())
        moves.append({"player": who, "holding": [list(t) for t in held[who]]})
        v = view(state, setup, moves)
        views.append(v)
        move = choose(state, held[who], rng)
        played = set(move.discard if move.discard is not None else laid(move)[0])
        held[who].remove(next(t for t in held[who] if set(t) == played))
        moves.append(move.model_dump(mode="json", exclude_none=True))
        state.apply(move)
    return setup, moves, views


@cache
def little_jubako_of_three() -> tuple[Setup, list[dict[str, Any]], list[dict[str, Any]]]:
    """``play_with_hands(["Ann", "Bo", "Cy"], 7, "4x4")``, played once for the tests that read
    it (they change nothing in it)."""
    return play_with_hands(["Ann", "Bo", "Cy"], 7, "4x4")


def test_posted_one_by_one_matches_the_automatic_table() -> None:
    """A whole 3-player Little Jubako game posted move by move: every prefix is legal, holding
    moves change no record, and the end scores as the turns alone do."""
    setup, moves, views = little_jubako_of_three()
    turns = [m for m in moves if "holding" not in m]
    assert len(turns) == CONTENT.tiles_in_play(3) == len(views)
    for k in range(0, len(moves) + 1, 7):
        assert score_docs(records(setup, moves[:k]))["violations"] == []
    final = score_docs(records(setup, moves))
    assert not final["unfinished"] and final["violations"] == []
    assert essence(final) == essence(score_docs([{"board": "4x4", "players": ["Ann", "Bo", "Cy"], "turns": turns}]))
    assert any(v["legal"]["discard"] for v in views)  # Little Jubako fills up: removals were offered (JUB-5)


def test_view_offers_only_legal_moves_with_their_points() -> None:
    setup, moves, views = play_with_hands(["Ann", "Bo"], 3, "5x5", turns=14)
    holding_at = [i for i, m in enumerate(moves) if "holding" in m]
    checked = 0
    for v, i in zip(views, holding_at, strict=True):
        state = state_after(setup, moves[:i])
        hand = [tuple(t) for t in moves[i]["holding"]]
        assert v["to_move"] == moves[i]["player"] and v["hand"] == moves[i]["holding"]
        assert len(hand) == v["holds"]
        # exactly the State's placements for that hand, no more (JUB-3), each once: a placement
        # is which delicacy lies on which cell
        offered = [frozenset(zip(p["tile"], p["cells"], strict=True)) for p in v["legal"]["place"]]
        assert len(offered) == len(set(offered))
        assert all(len(p["scores"]) == len({s["score"] for s in p["scores"]}) == len(set(p["tile"]))
                   for p in v["legal"]["place"])  # each delicacy of the tile once (JUB-4)
        assert set(offered) == {frozenset(zip(m.tile, m.cells, strict=True))
                                for m in state.legal_moves(hand) or () if m.tile and m.cells}
        for p in v["legal"]["place"][::9]:
            for s in p["scores"]:
                after = state.copy()
                turn = Turn(player=v["to_move"], tile=tuple(p["tile"]), cells=tuple(p["cells"]), score=s["score"])
                assert [x for x in after.apply(turn) if x.rule != "JUB-1"] == []
                assert after.scores[v["to_move"]][-1] == s["points"]  # JUB-4, as the State scores it
                checked += 1
        # a cell pair not offered for a tile of the hand is refused by the State (JUB-3)
        tile = hand[0]
        for c1 in v["cells"][:6]:
            for c2 in v["cells"]:
                if frozenset(zip(tile, (c1, c2), strict=True)) in offered or c1 == c2:
                    continue
                rec = {"player": v["to_move"], "tile": list(tile), "cells": [c1, c2]}
                try:
                    turn = Turn.model_validate(rec)
                except ValueError:
                    continue
                if not adjacent(c1, c2, v["size"]):
                    continue
                assert any(x.rule == "JUB-3" for x in state.copy().apply(turn)), (tile, c1, c2)
    assert checked >= 20


def test_rounds_for_the_history_chart() -> None:
    setup = Setup.model_validate({"players": ["A", "B"]})
    hold = {"player": "A", "holding": [["tako", "ika"]]}
    turn = {"player": "A", "tile": ["tako", "ika"], "cells": ["A1", "A2"]}
    # turns 1-2 are round 1, turn 3 round 2; a hand declared before turn 3 belongs to it
    assert SCOREKEEPER.rounds is not None
    assert SCOREKEEPER.rounds(setup, [hold, turn, hold, turn, hold, turn]) == [1, 1, 1, 1, 2, 2]


def test_hands_follow_the_moves() -> None:
    moves = [{"player": "A", "holding": [["kyuri", "gohan"], ["tako", "ika"], ["nori", "tomato"]]},
             {"player": "A", "tile": ["gohan", "kyuri"], "cells": ["A1", "B1"], "score": "kyuri"},
             {"player": "B", "holding": [["tako", "ika"]]}]
    assert hands(["A", "B"], moves) == {"A": [("tako", "ika"), ("nori", "tomato")], "B": [("tako", "ika")]}
    setup = Setup.model_validate({"players": ["A", "B"]})
    v = view(state_after(setup, moves), setup, moves)
    # JUB-1: tako/ika is one tile in the set, and both hands claim it: it is not in the supply
    assert ["ika", "tako"] not in v["supply"] and ["yude-tamago", "tobiko"] in v["supply"]
    assert v["to_move"] == "B" and v["hand"] == [["tako", "ika"]] and v["holds"] == 3
    assert v["legal"]["discard"] == []  # an incomplete hand never offers a removal


def test_removal_offered_only_when_nothing_fits() -> None:
    """JUB-5 on a full Little Jubako board: a hand that fits nowhere gets the removals, each
    with the hand as the record writes it, and the State accepts them."""
    setup, moves, views = little_jubako_of_three()
    i = next(k for k, v in enumerate(views) if v["legal"]["discard"])
    v = views[i]
    assert v["legal"]["place"] == []
    at = [j for j, m in enumerate(moves) if "holding" in m][i]
    state = state_after(setup, moves[:at])
    for d in v["legal"]["discard"]:
        turn = Turn(player=v["to_move"], discard=tuple(d["tile"]), hand=[tuple(t) for t in d["hand"]])
        assert state.copy().apply(turn) == []


def test_move_and_setup_shapes() -> None:
    assert Move.model_validate({"player": "A", "holding": []}).holding == []
    for bad, words in [({"player": "A", "holding": [["tako", "tako"]]}, "twice"),
                       ({"player": "A", "holding": [["tako", "ika"]], "cells": ["A1", "A2"]}, "alone"),
                       ({"player": "A", "tile": ["tako", "ika"]}, "tile' and 'cells'"),
                       ({"player": "A", "tile": ["tako", "fish"], "cells": ["A1", "A2"]}, "unknown delicacy"),
                       ({"player": "A", "discard": ["tako", "ika"]}, "hand")]:
        with pytest.raises(ValueError, match=words):
            Move.model_validate(bad)
    with pytest.raises(ValueError, match="naming one of the players"):
        Setup.model_validate({"players": ["A", "B"], "favorite_food": ["C: tako"]})  # naming one of the players
    with pytest.raises(ValueError, match="unknown delicacy"):
        Setup.model_validate({"players": ["A", "B"], "favorite_food": ["A: tako, fish"]})
    s = Setup.model_validate({"players": ["A", "B"], "board": "4x4", "picky_eaters": 3, "peko_peko": True})
    (doc,) = records(s, [{"player": "A", "holding": [["tako", "ika"]]}])
    assert doc == {"game": "jubako", "board": "4x4", "options": {"picky_eaters": 3, "peko_peko": True},
                   "players": ["A", "B"], "turns": []}
    assert SCOREKEEPER.file_names(s) == ["jubako.yaml"] and (SCOREKEEPER.assets / "page.js").is_file()


# --- the move API (ASGI test client, tests/web/conftest.py) -----------------------------------


def new_table(client, setup: dict[str, Any]) -> dict[str, Any]:
    return KIT.new_table(client, setup)


def test_whole_game_move_by_move_ends_with_the_scorers_report(client, tmp_path: Path) -> None:
    """examples/jubako/all-options.yaml (Little Jubako, every option, a removal) posted turn by turn."""
    path = ROOT / "examples" / "jubako" / "all-options.yaml"
    original = load(path)
    o = original["options"]
    table = new_table(client, {"players": original["players"], "board": "4x4", "picky_eaters": o["picky_eaters"],
                               "favorite_food": [f"{p}: {', '.join(ds)}" for p, ds in o["favorite_food"].items()],
                               "multi_tiered": True, "peko_peko": True})
    for turn in original["turns"]:
        assert table["view"]["to_move"] == turn["player"] and not table["over"]
        table = post_ok(client, table, turn)
    assert table["over"] and table["view"]["over"] and len(table["moves"]) == len(original["turns"]) == 66
    expected = cli_score(path)
    assert table["report"] == expected  # a legal game: the very report, nothing to locate differently
    assert {p["name"]: p["total"] for p in table["report"]["players"]} == {p["name"]: p["total"] for p in expected["players"]}
    assert cli_score(export_to(client, table, tmp_path / "export.yaml")) == table["report"]


def test_holding_moves_are_stored_but_not_in_the_record(client) -> None:
    table = new_table(client, {"players": ["Ann", "Bo"]})
    r = post(client, table, {"player": "Ann", "holding": [["gohan", "maguro"], ["tako", "tamagoyaki"]]})
    assert r.status_code == 200, r.text
    table = r.json()
    assert table["version"] == 1 and table["view"]["hand"] == [["gohan", "maguro"], ["tako", "tamagoyaki"]]
    assert "turns: []" in client.get(f"/api/tables/{table['id']}/export").text
    # B4 gohan, C4 maguro: on the 5x5 board A4 shows maguro, C4 nothing (JUB-2): legal, offered
    place = [p for p in table["view"]["legal"]["place"] if set(p["cells"]) == {"B4", "C4"} and p["index"] == 0]
    assert len(place) == 2  # gohan on B4 or on C4
    r = post(client, table, {"player": "Ann", "tile": ["gohan", "maguro"], "cells": ["B4", "C4"], "score": "gohan"})
    assert r.status_code == 200
    table = r.json()
    assert table["view"]["to_move"] == "Bo" and table["view"]["hand"] == []
    assert table["report"]["players"][0]["total"] == 2  # gohan on B4 and the printed gohan on B1 (JUB-4)


def test_illegal_turn_is_refused_and_nothing_is_stored(client) -> None:
    table = new_table(client, {"players": ["Ann", "Bo"]})
    # A4 shows maguro (JUB-2): a gohan half cannot lie on it (JUB-3)
    r = post(client, table, {"player": "Ann", "tile": ["gohan", "tako"], "cells": ["A4", "A5"], "score": "tako"})
    assert r.status_code == 422
    (v,) = r.json()["violations"]
    assert v["rule"] == "JUB-3" and v["message"] == "gohan/tako on A4-A5: A4 shows maguro: the half on it must be maguro, not gohan"
    # Bo out of turn (PK-12)
    r = post(client, table, {"player": "Bo", "tile": ["gohan", "tako"], "cells": ["A1", "A2"]})
    assert r.status_code == 422 and "it was Ann's turn" in r.json()["error"]
    # a removal while a tile fits (JUB-5)
    r = post(client, table, {"player": "Ann", "discard": ["gohan", "tako"],
                             "hand": [["ika", "nori"], ["tomato", "kyuri"], ["gohan", "tako"]]})
    assert r.status_code == 422 and {x["rule"] for x in r.json()["violations"]} == {"JUB-5"}
    after = stored(client, table)
    assert after["version"] == 0 and after["moves"] == []


@pytest.mark.parametrize("move, status, words", [
    ({"player": "Ann", "tile": ["gohan", "fish"], "cells": ["A1", "A2"]}, 400, "unknown delicacy 'fish'"),
    ({"player": "Ann", "tile": ["gohan", "tako"]}, 400, "'tile' and 'cells'"),
    ({"player": "Ann", "holding": [["tako", "tako"]]}, 400, "twice"),
    ({"player": "Ann", "holding": [["tako", "ika"]] * 4}, 400, "holding"),
    ({"tile": ["gohan", "tako"], "cells": ["A1", "A2"]}, 400, "player"),
    ([1, 2], 400, "move"),
    # the record model's own words for what a record cannot hold
    ({"player": "Ann", "tile": ["gohan", "tako"], "cells": ["A1", "C1"]}, 422, "not side by side"),
    ({"player": "Ann", "tile": ["gohan", "tako"], "cells": ["A1", "F1"]}, 422, "not a cell of the 5x5 board"),
    ({"player": "Zed", "tile": ["gohan", "tako"], "cells": ["A1", "A2"]}, 422, "'Zed' is not one of the players"),
])
def test_malformed_move_is_a_4xx_with_a_clear_message(client, move: Any, status: int, words: str) -> None:
    table = new_table(client, {"players": ["Ann", "Bo"]})
    r = post(client, table, move)
    assert r.status_code == status, r.text
    message = r.json()["error"]
    assert words in message and "\n" not in message and "Traceback" not in message
    assert stored(client, table)["version"] == 0


def test_undo_takes_back_a_turn_and_a_hand(client) -> None:
    table = new_table(client, {"players": ["Ann", "Bo"], "board": "4x4"})
    table = post(client, table, {"player": "Ann", "holding": [["tobiko", "ika"], ["nori", "kyuri"], ["tako", "gohan"]]}).json()
    place = table["view"]["legal"]["place"][0]
    table = post(client, table, {"player": "Ann", "tile": place["tile"], "cells": place["cells"],
                                 "score": place["scores"][0]["score"]}).json()
    assert table["view"]["to_move"] == "Bo" and table["report"]["players"][0]["total"] == place["scores"][0]["points"]
    back = client.post(f"/api/tables/{table['id']}/undo", json={"version": table["version"]}).json()
    assert back["view"]["to_move"] == "Ann" and len(back["view"]["hand"]) == 3
    assert back["report"]["players"][0]["total"] == 0 and back["view"]["legal"]["place"][0] == place
    back = client.post(f"/api/tables/{table['id']}/undo", json={"version": back["version"]}).json()
    assert back["view"]["hand"] == [] and back["moves"] == []
    r = client.post(f"/api/tables/{table['id']}/undo", json={"version": back["version"]})
    assert r.status_code == 422 and "nothing to undo" in r.json()["error"]


def test_bad_setup_is_refused(client) -> None:
    r = client.post("/api/tables", json={"game": "jubako", "setup": {"players": ["Ann", "Bo"], "board": "6x6"}})
    assert 400 <= r.status_code < 500 and "board" in r.json()["error"]
    r = client.post("/api/tables", json={"game": "jubako", "setup": {"players": ["Ann", "Bo"], "favorite_food": ["Cy: tako"]}})
    assert 400 <= r.status_code < 500 and "naming one of the players" in r.json()["error"]


def test_import_an_unfinished_record_and_play_on(client) -> None:
    """The rulebook's examples (7 turns) imported, then the table goes on with a declared hand."""
    path = ROOT / "examples" / "jubako" / "rulebook-examples.yaml"
    text = path.read_text()
    r = client.post("/api/import", json={"game": "jubako", "files": [{"name": path.name, "text": text}]})
    assert r.status_code == 201, r.text
    table = r.json()
    assert essence(table["report"]) == essence(cli_score(path))
    n = len(load(path)["turns"])
    assert len(table["moves"]) == n and table["view"]["turn"] == n + 1 and table["view"]["hand"] == []
    who = table["view"]["to_move"]
    table = post(client, table, {"player": who, "holding": [["ika", "tako"], ["nori", "gohan"], ["kyuri", "tomato"]]}).json()
    place = table["view"]["legal"]["place"][0]
    r = post(client, table, {"player": who, "tile": place["tile"], "cells": place["cells"], "score": place["scores"][0]["score"]})
    assert r.status_code == 200 and len(r.json()["view"]["scores"][who]) == sum(1 for t in load(path)["turns"] if t["player"] == who) + 1
