"""Gemblo at the table: the Scorekeeper (printkit/games/gemblo/web.py) without a server, then the
move API on the ASGI test client (docs/serve.md).

The examples and generated records (tests/corpus/ref_gemblo.py) go through ``split`` and back
through ``records``: the documents must score exactly like the originals; the moves posted one
at a time must give the same game; ``view`` must offer exactly the placements the State accepts.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from printkit.games.gemblo.content import CONTENT
from printkit.games.gemblo.play import play_game
from printkit.games.gemblo.record import GembloRecord
from printkit.games.gemblo.rules import problems
from printkit.games.gemblo.state import GEMBLO, GembloState, passing, placement
from printkit.games.gemblo.web import KEEPER, GembloSetup, records, split, view
from tests.corpus import ref_gemblo
from tests.web.apitools import ROOT, ApiKit, export_to, post, post_ok, run_score, stored

EXAMPLES = sorted((ROOT / "examples" / "gemblo").glob("**/*.yaml"))
READABLE = [p for p in EXAMPLES if "unreadable" not in p.parts]
KIT = ApiKit("gemblo", GembloRecord, GEMBLO, records, GembloState, kept=("board", "notes"))
score_docs, essence, state_after = KIT.score_docs, KIT.essence, KIT.state_after


def first_record(seed: int) -> dict[str, Any]:
    return ref_gemblo.generate(seed)[0]


def generated(n: int = 30) -> list[dict[str, Any]]:
    """Generated records (legal, broken and unfinished ones; 5-player ones with their own obstacles)."""
    return [first_record(seed) for seed in range(n)]


def anchored(piece: str, k: int, anchor: tuple[int, int]) -> list[tuple[int, int]]:
    """The cells of ``piece`` in orientation ``k`` with its anchor (shape cell (0, 0)) on ``anchor``."""
    return [(anchor[0] + q, anchor[1] + r) for q, r in CONTENT.orientations[piece][k]]


def offered(v: dict[str, Any]) -> set[tuple[str, tuple[tuple[int, int], ...]]]:
    """Every placement the view offers, as (piece, sorted cells)."""
    out = set()
    for piece, per in v["turn"]["legal"].items():
        for k, flat in enumerate(per):
            for i in range(0, len(flat), 2):
                out.add((piece, tuple(sorted(anchored(piece, k, (flat[i], flat[i + 1]))))))
    return out


# -- round trips --------------------------------------------------------------------------------


@pytest.mark.parametrize("path", READABLE, ids=lambda p: str(p.relative_to(ROOT / "examples" / "gemblo")))
def test_examples_round_trip(path: Path) -> None:
    original = yaml.safe_load(path.read_text())
    setup, moves = split([original])
    assert essence(score_docs(records(setup, moves))) == essence(score_docs([original]))


def test_generated_round_trip() -> None:
    kinds = set()
    for rec in generated():
        setup, moves = split([rec])
        assert len(moves) == len(rec["moves"])
        assert essence(score_docs(records(setup, moves))) == essence(score_docs([rec])), rec
        kinds.add(rec["players"])
    assert kinds == {2, 3, 4, 5, 6}  # every player count went through


@pytest.mark.parametrize("name", ["two-players", "three-players", "four-players"])
def test_moves_posted_one_by_one(name: str) -> None:
    """Each prefix of an example posted as a table scores like the record cut there, and the
    last gives the example's report; every legal move of the example is offered by ``view``."""
    original = yaml.safe_load((ROOT / "examples" / "gemblo" / f"{name}.yaml").read_text())
    setup, moves = split([original])
    n = 0
    while n < len(moves):
        v = view(state_after(setup, moves[:n]), setup, moves[:n])
        if v["over"]:  # GEM-7: nobody can place; the record's last passes change nothing
            assert v["turn"]["colour"] is None and all(m.get("pass") for m in moves[n:])
            break
        m = moves[n]
        assert v["turn"]["colour"] == m["colour"]
        if m.get("pass"):
            assert v["turn"]["must_pass"] and not v["turn"]["legal"]
        else:
            assert (m["piece"], tuple(sorted(tuple(c) for c in m["cells"]))) in offered(v)
        n += 1
    final = score_docs(records(setup, moves[:n]))
    assert essence(final) == essence(score_docs([original]))
    assert final["valid"] and not final["unfinished"] and final["winners"]


def test_setup_defaults_and_refusals() -> None:
    assert records(GembloSetup(players=2), [])[0]["colours"] == ["red", "yellow", "green", "blue"]
    five = records(GembloSetup(players=5), [])[0]
    assert five["colours"] == ["red", "yellow", "green", "blue", "purple"] and "obstacles" not in five
    assert score_docs([five])["board"]  # the default obstacles are laid (PK-7)
    with pytest.raises(ValueError, match="colours: 3 players play 3 colours; the record lists 2"):
        GembloSetup(players=3, colours=["red", "blue"])
    with pytest.raises(ValueError, match="unknown colour 'pink'"):
        GembloSetup(players=3, colours=["red", "blue", "pink"])
    with pytest.raises(ValueError, match="only a 5-player game has obstacles"):
        GembloSetup(players=4, obstacles=[{"piece": "M1", "cells": [[0, 0]]}])
    with pytest.raises(ValueError, match="less than or equal to 6"):
        GembloSetup(players=7)
    with pytest.raises(ValueError, match="names: two players have the same name"):
        GembloSetup(players=3, names=["Ann", "Ann"])
    with pytest.raises(ValueError, match="names: two players have the same name"):  # NFC: one name
        GembloSetup(players=3, names=["Zo\u00eb", "Zoe\u0308"])
    with pytest.raises(ValueError, match="names: 3 players, 4 names"):
        GembloSetup(players=3, names=["A", "B", "C", "D"])
    # names in turn order; with 2 players each name is its two colours' (GEM-6)
    two = score_docs(records(GembloSetup(players=2, names=["Ann", "Bo"]), []))
    assert [p["name"] for p in two["players"]] == ["Ann", "Bo"]
    three = score_docs(records(GembloSetup(players=3, names=["Ann", "", "Cy"], colours=["blue", "red", "green"]), []))
    assert [p["name"] for p in three["players"]] == ["Ann", "red", "Cy"]
    # the form (a JSON Schema) offers players as a choice and no obstacles
    schema = GembloSetup.model_json_schema()
    assert schema["properties"]["players"]["enum"] == [2, 3, 4, 5, 6] and "obstacles" not in schema["properties"]


def test_split_refuses_two_documents() -> None:
    doc = records(GembloSetup(players=3), [])[0]
    with pytest.raises(ValueError, match="one record, not 2"):
        split([doc, doc])


# -- the view -----------------------------------------------------------------------------------


def brute_force(state: GembloState) -> set[tuple[str, tuple[tuple[int, int], ...]]]:
    """Every placement ``problems`` (the State's judge) finds legal, trying every piece in every
    orientation with its anchor on every cell of the area: independent of the move generator."""
    colour = state.to_move
    assert colour is not None
    board = state.board
    out = set()
    for piece in board.unplaced(colour):
        for k in range(len(CONTENT.orientations[piece])):
            for anchor in board.area:
                cells = anchored(piece, k, anchor)
                if all(c in board.area and c not in board.cells for c in cells) and \
                        not problems(board, colour, piece, cells):
                    out.add((piece, tuple(sorted(cells))))
    return out


@pytest.mark.parametrize("players,cut", [(3, 0), (4, 9), (2, 14), (5, 7), (6, 30)])
def test_view_offers_exactly_the_legal_placements(players: int, cut: int) -> None:
    setup = GembloSetup(players=players)
    moves = play_game(players, setup.in_play(), seed=players)[:cut]
    state = state_after(setup, moves)
    v = view(state, setup, moves)
    got = offered(v)
    assert got == brute_force(state)
    assert got  # something to play at this point of these games
    # and the State accepts a few of them, on copies
    for piece, cells in sorted(got)[:: max(1, len(got) // 7)]:
        assert state.copy().apply(placement(v["turn"]["colour"], piece, cells)) == []


def test_view_first_piece_covers_an_allowed_start() -> None:
    """The first piece of a colour must cover a start (GEM-4); with 2 players, opposite its
    partner's (GEM-6): the view offers starts and placements accordingly."""
    setup = GembloSetup(players=2)
    moves = [{"colour": "red", "piece": "M1", "cells": [[12, -9]]},
             {"colour": "yellow", "piece": "M1", "cells": [[-3, -9]]}]
    v = view(state_after(setup, moves), setup, moves)
    assert v["turn"]["colour"] == "green" and v["turn"]["starts"] == [[-12, 9]]
    assert all((-12, 9) in cells for _, cells in offered(v))
    assert v["owners"]["green"] == v["owners"]["red"] == "red+green"


def test_view_pass_and_end() -> None:
    """A colour with no placement may only pass (GEM-7); at the end nothing is offered and the
    penalties are the unplaced pieces' blocks."""
    setup = GembloSetup(players=4)
    moves = play_game(4, setup.in_play(), seed=5)
    first_pass = next(i for i, m in enumerate(moves) if m.get("pass"))
    v = view(state_after(setup, moves[:first_pass]), setup, moves[:first_pass])
    assert v["turn"] == {"colour": moves[first_pass]["colour"], "legal": {}, "must_pass": True, "starts": []}
    end = view(state_after(setup, moves), setup, moves)
    assert end["over"] and end["turn"]["colour"] is None
    report = score_docs(records(setup, moves))
    for p in report["players"]:
        (colour,) = [c for c, name in end["owners"].items() if name == p["name"]]
        blocks = sum(len(CONTENT.pieces[piece]) for piece in end["penalties"][colour]["unplaced"])
        assert end["penalties"][colour]["penalty"] == -blocks == p["total"]


def test_view_pieces_turn_and_flip() -> None:
    """A turn is a sixth of a turn; six turns, or two flips, give back the orientation."""
    v = view(state_after(GembloSetup(players=3), []), GembloSetup(players=3), [])
    for name, p in v["pieces"].items():
        assert len(p["shapes"]) == len(CONTENT.orientations[name])
        for k in range(len(p["shapes"])):
            j = k
            for _ in range(6):
                j = p["turn"][j]
            assert j == k and p["flip"][p["flip"][k]] == k
            assert p["shapes"][k][0] == [0, 0]  # the anchor comes first
    assert len(v["pieces"]["I5"]["shapes"]) == 3 and len(v["pieces"]["F5"]["shapes"]) == 12
    assert len(v["area"]) == 241  # GEM-2: the 3-player area


def test_keeper_is_registered() -> None:
    from printkit.core.registry import scorekeepers

    keeper = scorekeepers()["gemblo"]
    assert keeper is KEEPER and (keeper.assets / "page.js").is_file()
    assert keeper.file_names(GembloSetup(players=3)) == ["gemblo.yaml"]
    bad = {"colour": "red", "piece": "Q9", "cells": [[0, 0]]}
    with pytest.raises(ValueError, match="unknown piece 'Q9'"):
        keeper.move.model_validate(bad)
    assert passing("red").pass_


# -- the move API on the ASGI test client -------------------------------------------------------


def new_table(client, **setup: Any) -> dict[str, Any]:
    return KIT.new_table(client, setup)


def cli_json(path: Path) -> tuple[int, dict[str, Any]]:
    """``printkit score gemblo FILE --json`` run in the file's folder (violations name the file)."""
    done = run_score("gemblo", path, in_folder=True)
    return done.returncode, json.loads(done.stdout)


def test_a_whole_game_move_by_move_ends_as_printkit_score_says(client, tmp_path: Path) -> None:
    path = ROOT / "examples" / "gemblo" / "three-players.yaml"
    original = yaml.safe_load(path.read_text())
    t = new_table(client, players=3, colours=original["colours"],
                  names=[original["names"][c] for c in original["colours"]])
    assert t["view"]["turn"]["colour"] == original["colours"][0] and not t["over"]
    for m in original["moves"]:
        if t["locked"]:  # the record's last pass comes after the end: the finished table is locked
            assert m.get("pass") and post(client, t, m).status_code == 423
            continue
        t = post_ok(client, t, m)
    code, cli = cli_json(path)
    assert code == 0 and t["over"] and t["version"] == len(original["moves"]) - 1
    assert essence(t["report"]) == essence(cli)
    assert t["report"]["winners"] == cli["winners"] and cli["winners"]
    # the export, scored by the CLI, is the page's report to the line
    exported = client.get(f"/api/tables/{t['id']}/export")
    assert exported.status_code == 200 and 'filename="gemblo.yaml"' in exported.headers["content-disposition"]
    (tmp_path / "gemblo.yaml").write_text(exported.text)
    assert cli_json(tmp_path / "gemblo.yaml") == (0, t["report"])


@pytest.mark.parametrize("move,rule,words", [
    # red's first piece must cover a free start cell (GEM-4)
    ({"colour": "red", "piece": "M1", "cells": [[0, 0]]}, "GEM-4", "red's first piece must cover a free start cell"),
    # yellow moving in red's turn (PK-6)
    ({"colour": "yellow", "piece": "M1", "cells": [[5, -10]]}, "PK-6", "it was red's turn"),
    # the cells are not a V3 (GEM-3)
    ({"colour": "red", "piece": "V3", "cells": [[5, 5], [6, 5], [7, 5]]}, "GEM-3", "not the shape of V3"),
    # passing while a piece fits (GEM-7)
    ({"colour": "red", "pass": True}, "GEM-7", "red passed but could still place"),
])
def test_an_illegal_move_is_refused_in_the_scorers_words_and_nothing_is_stored(client, move, rule, words) -> None:
    t = new_table(client, players=3)
    r = post(client, t, move)
    assert r.status_code == 422, r.text
    body = r.json()
    assert rule in [v["rule"] for v in body["violations"]]
    assert any(words in v["message"] for v in body["violations"]), body
    assert words in body["error"] and "\n" not in body["error"]
    after = stored(client, t)
    assert after["version"] == t["version"] == 0 and after["moves"] == []


def test_a_refused_move_later_in_the_game_stores_nothing(client) -> None:
    """After red's V3 on its start, red's M1 touching it edge to edge is refused (GEM-4)."""
    t = new_table(client, players=4)
    t = post(client, t, {"colour": "red", "piece": "V3", "cells": [[12, -9], [11, -9], [10, -8]]}).json()
    for colour, cell in [("yellow", [-3, -9]), ("green", [-12, 9]), ("blue", [3, 9])]:
        t = post(client, t, {"colour": colour, "piece": "M1", "cells": [cell]}).json()
    r = post(client, t, {"colour": "red", "piece": "M1", "cells": [[9, -7]]})
    assert r.status_code == 422
    assert r.json()["violations"][0]["message"] == "M1 on [9,-7]: the piece touches red's own block at [10,-8] edge to edge"
    after = stored(client, t)
    assert after["version"] == t["version"] == 4 and after["moves"] == t["moves"]
    # the same piece one cell further, on a diagonal through open space, is legal
    assert post(client, t, {"colour": "red", "piece": "M1", "cells": [[8, -7]]}).status_code == 200


@pytest.mark.parametrize("move,words", [
    ({"colour": "red", "piece": "Q9", "cells": [[5, 5]]}, "unknown piece 'Q9'"),
    ({"colour": "pink", "pass": True}, "unknown colour 'pink'"),
    ({"colour": "red", "piece": "M1", "cells": [[40, 0]]}, "not on the board"),
    ({"colour": "red", "piece": "D2", "cells": [[5, 5], [7, 5]]}, "do not form one piece"),
    ({"colour": "red", "piece": "M1"}, "a move gives 'piece' and 'cells', or 'pass: true'"),
    ({"colour": "red", "pass": True, "piece": "M1"}, "a pass has no piece or cells"),
    ({"colour": "red", "piece": "M1", "cells": [["a", 0]]}, "move.cells"),
    ({"colour": "red", "piece": "M1", "cells": [[5, 5]], "turn": 3}, "turn"),
    ("red M1", "move"),
    ([], "move"),
])
def test_a_malformed_move_is_400_with_a_clear_message(client, move, words) -> None:
    t = new_table(client, players=3)
    r = post(client, t, move)
    assert r.status_code == 400, r.text
    assert words in r.json()["error"] and "\n" not in r.json()["error"], r.json()
    assert stored(client, t)["version"] == 0


def test_a_bad_setup_is_a_clear_4xx(client) -> None:
    for setup, words in [({"players": 7}, "players"), ({"players": 3, "colours": ["red", "red", "blue"]}, "twice"),
                         ({"players": 2, "names": ["Ann", "Ann"]}, "same name"), ({"players": "four"}, "players")]:
        r = client.post("/api/tables", json={"game": "gemblo", "setup": setup})
        assert 400 <= r.status_code < 500 and words in r.json()["error"], r.text
    assert client.get("/api/tables").json() == []


def test_undo_takes_back_the_last_placement(client) -> None:
    t = new_table(client, players=3)
    t1 = post(client, t, {"colour": "red", "piece": "M1", "cells": [[5, 5]]}).json()
    assert t1["version"] == 1 and t1["view"]["turn"]["colour"] == "yellow"
    assert t1["view"]["covered"] == [[5, 5, "red"]] and t1["view"]["penalties"]["red"]["penalty"] == -71
    r = client.post(f"/api/tables/{t['id']}/undo", json={"version": 1})
    assert r.status_code == 200, r.text
    t2 = r.json()
    assert t2["moves"] == [] and t2["view"]["covered"] == [] and t2["view"]["turn"]["colour"] == "red"
    assert t2["view"]["penalties"]["red"]["penalty"] == -72 and t2["version"] != t1["version"]
    assert client.post(f"/api/tables/{t['id']}/undo", json={"version": 1}).status_code == 409


@pytest.mark.parametrize("name", ["broken/intercepted.yaml", "broken/out-of-turn.yaml"])
def test_an_imported_broken_record_reports_like_the_cli(client, tmp_path: Path, name: str) -> None:
    path = ROOT / "examples" / "gemblo" / name
    r = client.post("/api/import", json={"game": "gemblo", "files": [{"name": "g.yaml", "text": path.read_text()}]})
    assert r.status_code == 201, r.text
    t = r.json()
    code, cli = cli_json(path)
    assert code == 1 and essence(t["report"]) == essence(cli) and not t["report"]["valid"]


def test_a_five_player_game_with_its_own_obstacles_imports_and_exports(client, tmp_path: Path) -> None:
    rec = next(r for r in map(first_record, itertools.count()) if r["players"] == 5)  # generated one by one
    r = client.post("/api/import", json={"game": "gemblo", "files": [{"name": "g.json", "text": json.dumps(rec)}]})
    assert r.status_code == 201, r.text
    t = r.json()
    assert t["view"]["palette"].keys() == {*rec["colours"], obstacle_of(rec)}
    obstacle_cells = {tuple(c) for o in rec["obstacles"] for c in o["cells"]}
    assert {(q, r) for q, r, c in t["view"]["covered"] if c == obstacle_of(rec)} == obstacle_cells
    assert cli_json(export_to(client, t, tmp_path / "gemblo.yaml"))[1] == t["report"]
    assert essence(t["report"]) == essence(score_docs([rec]))


def obstacle_of(rec: dict[str, Any]) -> str:
    return next(c for c in CONTENT.colours if c not in rec["colours"])


def test_rounds_go_once_round_the_colours() -> None:
    """The history's chart: a round is every colour's turn once (PK-6); passed colours are skipped."""
    setup = GembloSetup(players=3)
    moves = play_game(3, setup.in_play(), seed=2)
    got = KEEPER.rounds(setup, moves)  # type: ignore[misc]
    assert len(got) == len(moves) and got == sorted(got) and got[0] == 1
    first_pass = next(i for i, m in enumerate(moves) if m.get("pass"))
    assert got[:first_pass] == [i // 3 + 1 for i in range(first_pass)]
    # after red has passed, yellow-green-yellow is two rounds
    assert KEEPER.rounds(GembloSetup(players=3), [{"colour": c} for c in  # type: ignore[misc]
                                                  ["red", "yellow", "green", "yellow", "green", "yellow"]]) == [1, 1, 1, 2, 2, 3]
