"""Player words at the table (issue 25, item 6): every refusal a sentence with the rule's id and
short name and no record path, running totals without the end-of-game bonuses, the winner, an
imported record's broken rules, and the history chart's start and labels. TestClient only."""

from __future__ import annotations

import re
from typing import Any

import pytest

from printkit.core.rules_docs import rulebooks
from tests.web.apitools import post, post_ok

#: A record's place: ``game.yaml:7:``, ``rounds[0]:``, ``turns.3``, a line number.
RECORD_PATH = re.compile(r"\.(ya?ml|json)\b|\w\[\d+\]|:\d+:")

TD_HANDS = {"Ann": ["S2", "K3", "C2", "C3", "C4", "U2", "U3", "U4"],
            "Bo": ["S7", "C6", "K2", "K4", "K6", "K7", "K8", "U6"],
            "Cy": ["S3", "S4", "S6", "S8", "W5", "W99", "GS", "U7"]}
TD_DEAL = {"deal": {"chef": "Ann", "rank": ["shrimp", "kimchi", "chives", "soup"],
                    "missions": {"Ann": "nephew", "Bo": "spy", "Cy": "nephew"}, "hands": TD_HANDS}}
GIM_ROUND = {"first": "Ann", "dice": ["rice+seaweed", "ham-radish"], "tokens": ["4/3", "2/1"],
             "done": ["Bo", "Cy", "Ann"], "rolls": {p: {"correct": True} for p in ["Ann", "Bo", "Cy"]}}

#: game, setup, moves played first, the illegal move, the sentence it is refused with.
CASES = [
    ("trickdumpling", {"players": ["Ann", "Bo", "Cy"]}, [TD_DEAL, {"play": {"player": "Ann", "card": "S2"}}],
     {"play": {"player": "Bo", "card": "K2"}},
     "Not allowed: Bo plays K2 but holds shrimp (S7): follow suit or play a special card (TD-5, Following suit)."),
    # the double tap: a card played again (the record model's "S2 is played twice in the round"
    # came with the record's file, line and key path)
    ("trickdumpling", {"players": ["Ann", "Bo", "Cy"]}, [TD_DEAL, {"play": {"player": "Ann", "card": "S2"}}],
     {"play": {"player": "Ann", "card": "S2"}},
     "Not allowed: S2 was already played this round: it is no longer in a hand (TD-10, Missions and points)."),
    ("gemblo", {"players": 3}, [], {"colour": "yellow", "piece": "M1", "cells": [[5, -10]]},
     "Not allowed: it was red's turn (PK-6, Turn order)."),
    ("gemblo", {"players": 3}, [], {"colour": "red", "pass": True},
     "Not allowed: red passed but could still place M1 on [5,5] (GEM-7, End and score)."),
    ("gimbap", {"players": ["Ann", "Bo", "Cy"]}, [GIM_ROUND],
     {**GIM_ROUND, "first": "Bo", "tokens": ["3/3", "1/1"], "dice": ["rice+seaweed", "rice-seaweed"], "done": ["Bo", "Cy"]},
     "Not allowed: rice-seaweed and rice+seaweed are faces of the same die (GIM-3, Order dice); "
     "every player says Done! once (missing: Ann) (GIM-6, Checking the rolls)."),
    # the record model's own words, its key path taken off
    ("gimbap", {"players": ["Ann", "Bo", "Cy"]}, [GIM_ROUND], {**GIM_ROUND, "first": "Zed"},
     "Not allowed: 'Zed' is not one of the players (Ann, Bo, Cy)."),
    ("jubako", {"players": ["Ann", "Bo"]}, [],
     {"player": "Ann", "tile": ["gohan", "tako"], "cells": ["A4", "A5"], "score": "tako"},
     "Not allowed: gohan/tako on A4-A5: A4 shows maguro: the half on it must be maguro, not gohan "
     "(JUB-3, Placing a tile)."),
    ("rollncook", {"sheet": "RNC1-7", "players": ["Ann", "Bo"]},
     [{"seat": 0, "hour": "10:00", "dice": [1, 3, 5], "take": [{"box": 1}]}],
     {"seat": 1, "hour": "10:00", "dice": [2, 3, 5], "take": [{"box": 2}]},
     "Not allowed: the dice were 1 3 5 for Ann but 2 3 5 here: one roll serves everyone (RNC-10, Shared dice)."),
    ("rollncook", {"sheet": "RNC1-7", "players": ["Ann", "Bo"]},
     [{"seat": 0, "hour": "10:00", "dice": [1, 3, 5], "take": [{"box": 1}]}],
     {"seat": 0, "hour": "10:00", "dice": [1, 3, 5], "take": [{"box": 1}]},
     "Not allowed: 10:00 is played twice (RNC-11, Marks, not order); "
     "box 1 of 10:00 is already crossed (RNC-2, Using a result)."),
]


def _table(client: Any, game: str, setup: dict[str, Any], moves: list[dict[str, Any]]) -> dict[str, Any]:
    r = client.post("/api/tables", json={"game": game, "setup": setup})
    assert r.status_code == 201, r.text
    table = r.json()
    for m in moves:
        table = post_ok(client, table, m)
    return table


@pytest.mark.parametrize("game, setup, before, move, words", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_a_refusal_is_a_players_sentence_with_the_rules_name_and_no_record_path(client, game, setup, before, move,
                                                                                words) -> None:
    table = _table(client, game, setup, before)
    r = post(client, table, move)
    assert r.status_code == 422, r.text
    body = r.json()
    assert body["error"] == words
    assert not RECORD_PATH.search(body["error"]), body["error"]
    # each rule shown is defined in the game's docs/rules/ file, under the name shown
    rules = rulebooks()[game].rules
    for v in body["violations"]:
        assert v["name"] == rules[v["rule"]].title and f"({v['rule']}, {v['name']})" in body["error"]
    assert client.get(f"/api/tables/{table['id']}").json()["version"] == table["version"]
