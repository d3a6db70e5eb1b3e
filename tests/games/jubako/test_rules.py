"""Jubako's rules JUB-1 to JUB-7, each with a case that breaks it, and the rulebook's examples."""

import copy
import doctest
import json
from pathlib import Path

import pytest

import printkit.games.jubako.content
import printkit.games.jubako.rules
import printkit.games.jubako.state
from printkit.core.yamlio import parse_text
from printkit.games.jubako.content import CONTENT
from printkit.games.jubako.play import play_game
from printkit.games.jubako.record import JubakoRecord
from printkit.games.jubako.rules import PlayerBoard, bonus_applies, multi_tiered, peko_peko, placements, problems
from printkit.core.game import replay
from printkit.core.score import rank
from printkit.games.jubako.scorer import GAME
from printkit.games.jubako.state import hand_size, standing
from tests.conftest import run_cli

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "jubako"
FIVE = CONTENT.boards["5x5"]


def score(rec):
    """The report ``printkit score`` makes of ``rec`` (the core's replay on the Jubako State)."""
    return replay(GAME, [("record.yaml", rec, {})])


def load(name):
    return parse_text((EXAMPLES / name).read_text())[0]


@pytest.mark.parametrize("module", [printkit.games.jubako.content, printkit.games.jubako.rules,
                                    printkit.games.jubako.state])
def test_docstring_examples(module):
    r = doctest.testmod(module)
    assert r.attempted > 0 and r.failed == 0


def test_the_tile_set():
    """JUB-1: 78 doubles, every pair, 12 pairs twice, each delicacy on 13 tiles."""
    from collections import Counter
    assert len(CONTENT.doubles) == 78 and all(len(t) == 2 for t in CONTENT.doubles)
    assert sorted(Counter(CONTENT.tile_counts.values()).items()) == [(1, 54), (2, 12)]
    per = Counter(d for t in CONTENT.doubles for d in t)
    assert set(per.values()) == {13}
    assert CONTENT.tile_counts[frozenset(("tako", "yude-tamago"))] == 2  # the last with the first
    assert [CONTENT.tiles_in_play(n) for n in (2, 3, 4)] == [50, 66, 76]


def test_boards():
    """JUB-2: 8 printed cells on the 5x5 side, 4 on the 4x4 side."""
    assert len(FIVE.printed) == 8 and FIVE.printed["C3"] == "tamagoyaki"
    assert len(CONTENT.boards["4x4"].printed) == 4 and CONTENT.boards["4x4"].cells[-1] == "D4"


def board(*placed):
    b = PlayerBoard(FIVE)
    for i, (tile, cells) in enumerate(placed):
        b = b.place(tile, cells, i)
    return b


def test_placement_on_empty_and_printed_cells():
    """JUB-3, height 0: a half over a printed delicacy must match it."""
    assert problems(board(), ("gohan", "ika"), ("B1", "B2")) == []
    assert [r for r, _ in problems(board(), ("ika", "gohan"), ("B1", "B2"))] == ["JUB-3"]


def test_equal_heights():
    b = board((("ika", "tako"), ("B2", "B3")))
    assert "different heights" in problems(b, ("ika", "nori"), ("B2", "C2"))[0][1]


def test_stacking_needs_one_matching_half():
    b = board((("ika", "tako"), ("B2", "B3")))
    assert problems(b, ("ika", "nori"), ("B2", "B3")) == []  # ika on ika
    assert problems(b, ("nori", "tako"), ("B2", "B3")) == []  # tako on tako
    assert "neither half matches" in problems(b, ("nori", "gohan"), ("B2", "B3"))[0][1]


def test_bonus_across_two_tiles_both_matching():
    """JUB-4: +5 only across two different tiles, both halves matching."""
    b = board((("ika", "tako"), ("B2", "B3")), (("nori", "tomato"), ("C2", "C3")))
    assert bonus_applies(b, ("ika", "nori"), ("B2", "C2"))
    assert not bonus_applies(b, ("ika", "gohan"), ("B2", "C2"))  # one half does not match
    assert not bonus_applies(b, ("ika", "tako"), ("B2", "B3"))  # on one tile only


def test_rulebook_examples_1_and_2():
    rep = score(JubakoRecord.model_validate(load("rulebook-examples.yaml")))
    assert rep.valid
    ann = next(p for p in rep.players if p.name == "Ann")
    assert ann.breakdown["turns"][2] == 3  # Example 1: 3 kyuri visible
    assert ann.breakdown["turns"][3] == 8  # Example 2: 3 kyuri + 5 bonus


def test_picky_eaters_changes_the_bonus():
    data = load("rulebook-examples.yaml")
    data["options"] = {"picky_eaters": 2}
    rep = score(JubakoRecord.model_validate(data))
    assert next(p for p in rep.players if p.name == "Ann").breakdown["turns"][3] == 5


def test_score_chooses_the_best_delicacy_when_not_given():
    data = load("rulebook-examples.yaml")
    del data["turns"][6]["score"]
    rep = score(JubakoRecord.model_validate(data))
    assert next(p for p in rep.players if p.name == "Ann").breakdown["turns"][3] == 8  # kyuri: 3 > maguro: 2
    data["turns"][6]["score"] = "tomato"
    found = [(v.rule, v.message) for v in score(JubakoRecord.model_validate(data)).violations]
    assert found == [("JUB-4", "the delicacy scored, tomato, is not on the tile")]


def layered(board_obj, tops):
    """A board whose cells show ``tops`` {cell: (delicacy, layer)}; lower tiles are hidden."""
    stacks = {c: tuple(("ika", -1) for _ in range(layer - 1)) + ((d, k),) for k, (c, (d, layer)) in enumerate(tops.items())}
    return PlayerBoard(board_obj, stacks)


def test_multi_tiered_table_plus_18():
    """JUB-7, the rulebook's Multi-Tiered table: 1 + 4 + 0 + 8 + 5 = 18."""
    b = layered(FIVE, {"B2": ("tobiko", 1), "C2": ("tomato", 1), "D2": ("kyuri", 2), "B3": ("kyuri", 2),
                       "D3": ("gohan", 2), "B4": ("tobiko", 4), "C4": ("tobiko", 4), "D4": ("nori", 4),
                       "E3": ("broccoli", 5)})
    rows = multi_tiered(b)
    assert [(layer, count, pts) for layer, _, count, pts in rows] == [(1, 1, 1), (2, 2, 4), (3, 0, 0), (4, 2, 8), (5, 1, 5)]
    assert rows[1][1] == "kyuri" and rows[3][1] == "tobiko" and rows[4][1] == "broccoli"
    assert sum(r[3] for r in rows) == 18


def test_peko_peko_table_plus_58():
    """JUB-7, the rulebook's Peko Peko table: 58 points. Printed tobiko, kyuri, tamagoyaki,
    maguro and tomato are covered; printed gohan, nori and avocado show on layer 0: 0 points."""
    tops = {
        "C1": ("tamagoyaki", 2), "A1": ("yude-tamago", 4), "E1": ("yude-tamago", 1), "C5": ("tomato", 1),
        "A4": ("maguro", 5), "B2": ("maguro", 2), "E2": ("kyuri", 2), "C2": ("kyuri", 1), "D2": ("kyuri", 1),
        "C3": ("broccoli", 5), "A3": ("broccoli", 3), "B3": ("broccoli", 1), "A2": ("tobiko", 4),
        "D3": ("tobiko", 3), "E3": ("tobiko", 2), "B4": ("tobiko", 1),
    }
    rows = {d: (count, high, pts) for d, count, high, pts in peko_peko(layered(FIVE, tops))}
    assert rows["tamagoyaki"] == (1, 2, 2) and rows["yude-tamago"] == (2, 4, 8) and rows["tomato"] == (1, 1, 1)
    assert rows["maguro"] == (2, 5, 10) and rows["kyuri"] == (3, 2, 6) and rows["broccoli"] == (3, 5, 15)
    assert rows["tobiko"] == (4, 4, 16)
    assert rows["nori"][2] == rows["gohan"][2] == rows["avocado"][2] == 0
    assert sum(r[2] for r in rows.values()) == 58


def test_full_games_replay_legal():
    for name, players, kw in (("two-players.yaml", ["Ann", "Bo"], {}),
                              ("all-options.yaml", ["Ann", "Bo", "Cy"], {"board": "4x4", "bonus": 3})):
        data = load(name)
        rep = score(JubakoRecord.model_validate(data))
        assert rep.valid, rep.violations[:3]
        assert len(data["turns"]) == CONTENT.tiles_in_play(len(players))  # every tile used or removed
        assert play_game(players, 7, **kw) == data["turns"]
    rep = score(JubakoRecord.model_validate(load("all-options.yaml")))
    for p in rep.players:
        extras = p.breakdown["favorite_food"] + p.breakdown["multi_tiered"] + p.breakdown["peko_peko"]
        assert p.total == sum(p.breakdown["turns"]) + extras


def mutate(data, i, **fields):
    data = copy.deepcopy(data)
    data["turns"][i].update(fields)
    return data


def violations(data):
    return [(v.rule, v.where, v.message) for v in score(JubakoRecord.model_validate(data)).violations]


def test_a_discard_only_when_nothing_fits():
    """JUB-5: removing a tile that could be placed is a violation; a forced one costs 1 point."""
    data = load("all-options.yaml")
    forced = [i for i, t in enumerate(data["turns"]) if "discard" in t]
    assert forced
    rep = score(JubakoRecord.model_validate(data))
    who = data["turns"][forced[0]]["player"]
    assert -1 in next(p for p in rep.players if p.name == who).breakdown["turns"]
    early = copy.deepcopy(data)
    t = early["turns"][1]
    early["turns"][1] = {"player": t["player"], "discard": t["tile"], "hand": [t["tile"], ["nori", "ika"], ["tako", "gohan"]]}
    found = violations(early)
    assert any(r == "JUB-5" and w == "turn 2 (Bo)" and "fits on" in m for r, w, m in found)


def test_tiles_must_exist_in_those_numbers():
    data = load("rulebook-examples.yaml")
    assert any(r == "JUB-1" and "shows tako twice" in m for r, _, m in violations(mutate(data, 0, tile=["tako", "tako"])))
    # maguro/tako once more: the set has one such tile.
    twice = copy.deepcopy(data)
    twice["turns"].append({"player": "Bo", "tile": ["tako", "maguro"], "cells": ["A5", "B5"], "score": "tako"})
    assert any(r == "JUB-1" and "the set has 1 tile with tako and maguro" in m for r, _, m in violations(twice))


def test_too_many_tiles_for_the_player_count():
    data = load("two-players.yaml")
    data["turns"].append({"player": "Ann", "discard": ["tako", "nori"], "hand": [["tako", "nori"]]})
    assert any(r == "JUB-1" and "2 players play with 50 tiles" in m for r, _, m in violations(data))


def test_turn_order_and_illegal_placements_are_named():
    data = load("rulebook-examples.yaml")
    swapped = copy.deepcopy(data)
    swapped["turns"][0], swapped["turns"][1] = swapped["turns"][1], swapped["turns"][0]
    assert any(r == "PK-12" and w == "turn 1 (Bo)" for r, w, _ in violations(swapped))
    bad = mutate(data, 6, tile=["tako", "kyuri"], score="kyuri")  # tako on maguro, kyuri on kyuri: fine
    assert not any(r == "JUB-3" for r, _, _ in violations(bad))
    bad = mutate(data, 6, tile=["tako", "nori"], score="tako")  # neither half matches
    assert any(r == "JUB-3" and w == "turn 7 (Ann)" for r, w, _ in violations(bad))


def test_ties_break_on_uncovered_first_layer_cells_then_share():
    """JUB-6, on the standings of a game in progress (which names no winner yet)."""
    data = {"players": ["Ann", "Bo"], "turns": [
        {"player": "Ann", "tile": ["ika", "tako"], "cells": ["B2", "B3"], "score": "ika"},
        {"player": "Bo", "tile": ["ika", "nori"], "cells": ["B2", "B3"], "score": "ika"},
    ]}
    rep = score(JubakoRecord.model_validate(data))
    assert [p.total for p in rep.players] == [1, 1] and rep.unfinished and rep.winners == []
    assert rank(rep.players, standing)[1] == ["Ann", "Bo"]  # a full tie shares the victory
    data["turns"].append({"player": "Ann", "tile": ["ika", "gohan"], "cells": ["B2", "B3"], "score": "ika"})
    data["turns"].append({"player": "Bo", "tile": ["tako", "avocado"], "cells": ["B4", "B5"], "score": "tako"})
    rep = score(JubakoRecord.model_validate(data))
    totals = {p.name: (p.total, p.breakdown["uncovered"]) for p in rep.players}
    assert totals == {"Ann": (2, 23), "Bo": (2, 21)}  # stacking leaves Ann more room below
    assert rep.valid and rep.ranking == ["Ann", "Bo"] and rank(rep.players, standing)[1] == ["Ann"]
    data["players"].reverse()  # the order of the record's players does not decide the tie
    data["turns"] = [data["turns"][i] for i in (1, 0, 3, 2)]
    assert score(JubakoRecord.model_validate(data)).ranking == ["Ann", "Bo"]


def test_a_game_stopped_early_is_unfinished_not_broken(tmp_path):
    """SCORING.md: exit 0, standings, a note, no winner."""
    data = load("two-players.yaml")
    data["turns"] = data["turns"][:10]
    p = tmp_path / "r.json"
    p.write_text(json.dumps(data))
    r = run_cli("score", "jubako", str(p), "--json")
    out = json.loads(r.stdout)
    assert r.exit_code == 0 and out["valid"] and out["unfinished"] and out["winners"] == []
    assert "10 of the 50 tiles" in out["notes"][0] and len(out["ranking"]) == 2
    text = run_cli("score", "jubako", str(p)).stdout
    assert "no winner: the game is unfinished" in text and "winner:" not in text.replace("no winner:", "")


@pytest.mark.parametrize("turn,words", [
    ({"player": "Ann", "tile": ["kyuri", "gohan"], "cells": ["B3", "F3"]}, "'F3' is not a cell of the 5x5 board"),
    ({"player": "Ann", "tile": ["kyuri", "sushi"], "cells": ["B3", "B4"]}, "unknown delicacy 'sushi'"),
    ({"player": "Ann", "tile": ["kyuri", "gohan"], "cells": ["B3", "C4"]}, "are not side by side"),
    ({"player": "Zed", "tile": ["kyuri", "gohan"], "cells": ["B3", "B4"]}, "'Zed' is not one of the players"),
    ({"player": "Ann", "discard": ["kyuri", "gohan"]}, "lists the 'hand'"),
])
def test_unreadable_turns_exit_2(tmp_path, turn, words):
    data = load("rulebook-examples.yaml")
    data["turns"][0] = turn
    p = tmp_path / "r.json"
    p.write_text(json.dumps(data))
    r = run_cli("score", "jubako", str(p))
    assert r.exit_code == 2 and words in r.stderr and "turns[0]" in r.stderr


def test_illegal_placement_exits_1_naming_turn_and_rule(tmp_path):
    data = mutate(load("rulebook-examples.yaml"), 0, tile=["ika", "tako"], cells=["A4", "A5"], score="ika")
    p = tmp_path / "r.yaml"
    p.write_text(json.dumps(data))
    r = run_cli("score", "jubako", str(p), "--json")
    assert r.exit_code == 1
    out = json.loads(r.stdout)
    assert out["violations"][0]["where"] == "turn 1 (Ann)" and out["violations"][0]["rule"] == "JUB-3"
    assert out["players"][0]["breakdown"]["turns"]


def test_4x4_board_is_little_jubako(tmp_path):
    """JUB-7, one fact one field: ``board: 4x4`` alone is Little Jubako; older records that also
    say ``options.little_jubako: true`` still read; a contradiction cannot be read (exit 2)."""
    data = load("all-options.yaml")
    data["options"].pop("little_jubako", None)
    rec = JubakoRecord.model_validate(data)
    assert rec.board == "4x4" and score(rec).valid
    old = copy.deepcopy(data)
    old["options"]["little_jubako"] = True
    assert score(JubakoRecord.model_validate(old)).valid
    only_option = copy.deepcopy(old)
    del only_option["board"]
    assert JubakoRecord.model_validate(only_option).board == "4x4"
    old["options"]["little_jubako"] = False
    p = tmp_path / "r.json"
    p.write_text(json.dumps(old))
    r = run_cli("score", "jubako", str(p))
    assert r.exit_code == 2 and "little_jubako: false contradicts board: 4x4" in r.stderr
    b = PlayerBoard(CONTENT.boards["4x4"])
    assert sum(1 for _ in placements(b, ("tobiko", "kyuri"))) > 0


def test_a_single_tile_is_a_favourite_once():
    """JUB-1: one single tile per delicacy, so two favourites cannot be the same tile."""
    data = load("rulebook-examples.yaml")
    data["options"] = {"favorite_food": {"Ann": ["tako"], "Bo": ["tako"]}}
    assert [(r, w) for r, w, _ in violations(data)] == [("JUB-1", "favorite food (Bo)")]
    data["options"] = {"favorite_food": {"Ann": ["tako", "tako"]}}
    found = violations(data)
    assert [(r, w) for r, w, _ in found] == [("JUB-1", "favorite food (Ann)")] and "already" in found[0][2]
    data["options"] = {"favorite_food": {"Ann": ["tako"], "Bo": ["ika", "nori"]}}
    assert violations(data) == []


def test_a_removal_shows_every_tile_held():
    """JUB-5 and the rulebook's turn: a player holds 3 tiles while the centre has some (2 dealt,
    one drawn), then plays out 2, then 1; a removal must list that many, or a tile that fits
    could hide among those not listed."""
    sizes = [hand_size(i, 2, 50) for i in range(50)]
    assert sizes[:46] == [3] * 46 and sizes[46:] == [2, 2, 1, 1]
    assert [hand_size(i, 4, 76) for i in range(68, 76)] == [2, 2, 2, 2, 1, 1, 1, 1]
    data = load("all-options.yaml")
    i = next(k for k, t in enumerate(data["turns"]) if "discard" in t)
    assert len(data["turns"][i]["hand"]) == hand_size(i, len(data["players"]), 66)
    short = copy.deepcopy(data)
    short["turns"][i]["hand"] = [short["turns"][i]["discard"]]
    found = [(r, m) for r, w, m in violations(short) if w.startswith(f"turn {i + 1} ")]
    assert any(r == "JUB-5" and "the hand lists 1 tile, but a player holds" in m for r, m in found)
