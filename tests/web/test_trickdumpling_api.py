"""Trick Dumpling at the table: the Scorekeeper (printkit/games/trickdumpling/web.py) without a
server, then the move API on the ASGI test client (docs/serve.md).

The whole-game examples and generated games (tests/corpus/ref_trickdumpling.py, legal ones and
ones with a rule broken on purpose) go through ``split`` and back through ``records``: the
documents must score exactly like the originals; the cards posted one at a time must each be
accepted; ``view`` must offer only cards the State accepts (TD-5, TD-7, TD-11, TD-12, TD-15),
and the card each record really played must be among them.
"""

from __future__ import annotations

import json
import pickle
import random
from functools import cache
from typing import Any

import pytest
from pydantic import ValidationError

from printkit.games.trickdumpling.content import CONTENT, parse_card
from printkit.games.trickdumpling.record import MASTER, Deal, PlayIn, TrickDumplingRecord
from printkit.games.trickdumpling.scorer import GAME
from printkit.games.trickdumpling.state import TrickDumplingState
from printkit.games.trickdumpling.web import SCOREKEEPER, Move, Setup, records, split, view
from tests.corpus import ref_trickdumpling as ref
from tests.web.apitools import ROOT, ApiKit, export_to, load, post, post_ok, stored

EXAMPLES = ROOT / "examples" / "trickdumpling"
GAMES = [EXAMPLES / "four-players.yaml", EXAMPLES / "two-players-master.yaml"]
TRICKS = sorted(p for p in EXAMPLES.glob("*.yaml") if p not in GAMES)


KIT = ApiKit("trickdumpling", TrickDumplingRecord, GAME, records, TrickDumplingState,
             kept=("rounds", "notes"), doc_name="game.json")
essence, state_of, cli_score = KIT.essence, KIT.state_after, KIT.cli_score


def score_docs(docs: list[dict[str, Any]]) -> dict[str, Any]:
    """``printkit score --json`` of the one document, in process (as the web core reads them)."""
    (doc,) = docs
    return KIT.score_docs([doc])


def generated(count: int, seed: int, inject: str | None = None, players: int | None = None) -> list[dict]:
    """Whole games from the corpus generator (skipping the seeds its referee finds ambiguous)."""
    rng = random.Random(seed)
    out: list[dict] = []
    while len(out) < count:
        try:
            rec, injected = ref.generate_game(random.Random(rng.random()), players=players, inject=inject)
            ref.referee(rec)
        except ref.Ambiguous:
            continue
        if inject is None or injected is not None:
            out.append(rec)
    return out


#: The generated games, by number of players (2, 3, 4, 5) and by rule broken. They are generated when a
#: test first asks (``legal()``, ``broken()``), not at collection: under ``-n 2`` every worker collects
#: every file, and generating them took ~0.35 s of CPU in the worker that never runs this file.
LEGAL_PLAYERS = ((6, 11, 2), (3, 12, 3), (3, 13, 4), (3, 14, 5))
BROKEN_KINDS = ("no-follow", "declare-nothing", "no-way-fails", "hard-no-way", "slack-thrice", "master-declare",
                "extra-round")
LEGAL_IDS = [f"legal{i}" for i in range(sum(n for n, _, _ in LEGAL_PLAYERS))]
BROKEN_IDS = [f"broken{i}" for i in range(len(BROKEN_KINDS))]


@cache
def legal() -> list[dict]:
    return [g for n, seed, players in LEGAL_PLAYERS for g in generated(n, seed, players=players)]


@cache
def broken() -> list[dict]:
    return [g for kind in BROKEN_KINDS
            for g in generated(1, 21, inject=kind, players=2 if kind == "master-declare" else None)]


def doc_named(key: str) -> dict:
    """A test's record by its id: an example's stem, ``legalN`` or ``brokenN``."""
    for prefix, docs in (("legal", legal), ("broken", broken)):
        if key.startswith(prefix) and key[len(prefix):].isdigit():
            return docs()[int(key[len(prefix):])]
    (path,) = [p for p in GAMES if p.stem == key]
    return load(path)


# -- records <-> split ------------------------------------------------------------------------

@pytest.mark.parametrize("key", [p.stem for p in GAMES] + LEGAL_IDS + BROKEN_IDS)
def test_split_then_records_scores_like_the_record(key):
    doc = doc_named(key)
    setup, moves = split([doc])
    back = records(setup, json.loads(json.dumps(moves)))  # moves stored as JSON
    assert essence(score_docs(back)) == essence(score_docs([doc]))
    # Every move has the shape the move model takes, and writes the same record again.
    assert [Move.model_validate(m).model_dump(exclude_defaults=True) for m in moves] == moves
    assert records(*split(back)) == back


def test_round_trip_is_exact_for_the_examples():
    """The examples' tricks are grouped as the table groups them: the same document back."""
    for path in GAMES:
        doc = load(path)
        (back,) = records(*split([doc]))
        assert back["players"] == doc["players"]
        for r, orig in zip(back["rounds"], doc["rounds"], strict=True):
            assert [[(p["player"], p["card"]) for p in t["plays"]] for t in r["tricks"]] == \
                [[(p["player"], p["card"]) for p in t["plays"]] for t in orig["tricks"]]


def test_broken_games_keep_their_violations():
    """The broken games really break the rule injected (else the round trip proves little)."""
    assert len(broken()) == len(BROKEN_IDS) and len(legal()) == len(LEGAL_IDS)
    rules = {v[0] for doc in broken() for v in essence(score_docs([doc]))["violations"]}
    assert {"TD-5", "TD-7", "TD-12", "TD-10"} <= rules


@pytest.mark.parametrize("path", TRICKS, ids=[p.stem for p in TRICKS])
def test_a_single_trick_record_is_not_a_table(path):
    with pytest.raises(ValueError, match="single-trick record"):
        split([load(path)])


def test_split_takes_one_document():
    with pytest.raises(ValueError, match="one record, not 2"):
        split([load(GAMES[0]), load(GAMES[1])])


# -- posting the moves one by one ----------------------------------------------------------------

@pytest.mark.parametrize("key", ["two-players-master", "legal0", "legal1", "legal6"])
def test_moves_one_by_one_break_nothing_and_end_as_the_record(key):
    """A legal game posted move by move: every prefix scores without a violation (so the web core
    accepts each move), and the last is the record's own report."""
    doc = doc_named(key)
    setup, moves = split([doc])
    for i in range(1, len(moves) + 1):
        report = score_docs(records(setup, moves[:i]))
        assert report["violations"] == [], (i, moves[i - 1], report["violations"])
        assert report["unfinished"] == (i < len(moves))
    assert essence(report) == essence(score_docs([doc]))


def test_a_table_before_the_first_deal_is_a_game_in_progress():
    """A new table is a record with no round yet: legal, unfinished, everyone at 0."""
    report = score_docs(records(Setup(players=["Ann", "Bo"]), []))
    assert report["valid"] and report["unfinished"] and report["winners"] == []
    assert [(p["name"], p["total"]) for p in report["players"]] == [("Ann", 0), ("Bo", 0), (MASTER, 0)]


def test_a_card_before_the_deal_is_refused_in_words():
    setup = Setup(players=["Ann", "Bo", "Cy"])
    with pytest.raises(ValueError, match="Ann plays S2 before the cards are dealt"):
        records(setup, [{"play": {"player": "Ann", "card": "s2"}}])


# -- view: only what the State accepts ----------------------------------------------------------

class Kept:
    """A State kept as its pickle: ``fresh()`` is a State of its own each time (as the web core
    copies a cached State: several times quicker than the default deepcopy of ``copy()``)."""

    def __init__(self, state: TrickDumplingState):
        self._bytes = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)

    def fresh(self) -> TrickDumplingState:
        return pickle.loads(self._bytes)  # noqa: S301 - bytes this test wrote


def _walk(doc: dict) -> list[tuple[Kept, dict, dict]]:
    """(State, view, the next move) at every point of a game, replayed once."""
    setup, moves = split([doc])
    rec = TrickDumplingRecord.model_validate(doc)
    state = GAME.start([rec])
    steps = list(GAME.moves([rec]))
    if steps and isinstance(steps[0][2], dict):  # the cooks dealt
        state.apply(steps.pop(0)[2])
    out = []
    for (_, _, move), raw in zip(steps, moves, strict=True):
        out.append((Kept(state), view(state, setup, moves), raw))
        state.apply(move)
    return out


def _as_play(option: dict) -> PlayIn:
    return PlayIn(player=option["player"], card=option["card"], declare=option["declare"], slack=option["slack"])


@pytest.mark.parametrize("key", [p.stem for p in GAMES] + ["legal0", "legal6", "legal9", "legal12", "broken0"],
                         ids=[p.stem for p in GAMES] + ["legal0-2p", "legal6-3p", "legal9-4p", "legal12-5p", "broken0"])
def test_view_offers_only_legal_cards_and_the_card_played(key):
    doc = doc_named(key)
    offered = declared = slack = at_once = 0
    for state, v, move in _walk(doc):
        if "deal" in move:
            assert v["phase"] == "deal" and v["options"] == []
            continue
        assert v["phase"] == "play"
        assert set(v["hands"]) == set(v["waiting"]) == {o["player"] for o in v["options"]}
        for o in v["options"]:
            assert o["card"] in v["hands"][o["player"]]
            assert state.fresh().apply(_as_play(o)) == [], o
            offered += 1
            declared += o["declare"] is not None
            slack += o["slack"]
        at_once += len(v["waiting"]) == 2
        played = move["play"]
        chosen = {"player": played["player"], "card": played["card"], "declare": played.get("declare"),
                  "slack": played.get("slack", False)}
        if key.startswith("broken"):
            continue
        assert chosen in v["options"], (chosen, v["options"])
        # A card of the same hand that is not offered breaks a rule (TD-5, TD-7 or TD-11).
        for code in v["hands"][played["player"]]:
            plain = {"player": played["player"], "card": code, "declare": None, "slack": False}
            if plain not in v["options"] and not any(o["card"] == code for o in v["options"]):
                assert state.fresh().apply(_as_play(plain)) != []
    assert offered > 50


def test_view_covers_prompts_and_the_master():
    """Across the legal games the view offered "No way!", "Accept!", the Master's one card and
    both real players at once (TD-7, TD-11, TD-15)."""
    seen: set[str] = set()
    for doc in [load(GAMES[1])] + legal()[:6]:
        for _, v, _ in _walk(doc):
            for o in v["options"]:
                seen.add(o["declare"] or ("master" if o["player"] == MASTER else "plain"))
            if len(v["waiting"]) == 2:
                seen.add("at-once")
                assert v["trick"]["master_led"] and len(v["trick"]["plays"]) == 1
            if v["trick"] and v["trick"]["perfect"]:
                seen.add("perfect")
    assert seen >= {"no-way", "accept", "master", "plain", "at-once", "perfect"}


def test_view_of_a_deal_and_of_a_finished_game():
    doc = load(GAMES[1])  # Sora, Min and the Master
    setup, moves = split([doc])
    fresh = TrickDumplingState(["Sora", "Min"])
    v = view(fresh, setup, [])
    assert v["phase"] == "deal" and v["master"] and v["seats"] == ["Sora", "Min", MASTER]
    assert v["deal"]["chef_options"] == ["Sora", "Min"] and v["deal"]["spy_options"] == [MASTER]
    assert v["deal"]["hand_size"] == 8 and len(v["deal"]["deck"]) == 27  # TD-1: no 1s and 9s
    # After round 1 the chef is whoever won its last trick (TD-10).
    first_round = next(i for i, m in enumerate(moves) if i and "deal" in m)
    state = state_of(setup, moves[:first_round])
    v = view(state, setup, moves[:first_round])
    last_winner = v["rounds"][0]["winners"][-1]
    assert v["phase"] == "deal" and v["deal"]["chef_options"] == [last_winner]
    assert v["deal"]["chef"] == moves[first_round]["deal"]["chef"] == last_winner
    assert v["rounds"][0]["finished"] and "results" not in v["rounds"][0]
    assert v["round"]["round"] == 1 and [t["winner"] for t in v["round"]["results"]] == v["rounds"][0]["winners"]
    # The end: no options, the totals of the report.
    end = state_of(setup, moves)
    v = view(end, setup, moves)
    report = score_docs([doc])
    assert v["phase"] == "over" and v["options"] == []
    assert v["totals"] == {p["name"]: p["total"] for p in report["players"]}
    assert max(v["totals"].values()) >= v["threshold"] == 5


def test_view_of_a_trick_shows_the_limit_and_a_perfect_dish():
    """The rulebook's "No way!" example (TD-7) at the table: K7 and K3 make kimchi 10, "Perfect!";
    the last player is offered "No way!" with K4 (the 7 turns face down) and "Accept!" with any
    card; the limit is 10 until a Giant Steamer lifts it (TD-8)."""
    setup = Setup(players=["A", "B", "C", "D"])
    hands = {"A": ["U6", "S1", "S2", "S3", "S4", "S6", "S7", "S8"],
             "B": ["K7", "C1", "C2", "C3", "C4", "C6", "C7", "C8"],
             "C": ["K3", "U1", "U2", "U3", "U4", "U7", "U8", "U9"],
             "D": ["K4", "GS", "C9", "S9", "K1", "K2", "W5", "W99"]}
    deal = {"deal": {"chef": "A", "rank": ["kimchi", "chives", "shrimp", "soup"],
                     "missions": {"A": "spy", "B": "nephew", "C": "nephew", "D": "nephew"}, "hands": hands}}
    plays = [{"play": {"player": p, "card": c}} for p, c in (("A", "U6"), ("B", "K7"), ("C", "K3"))]
    moves = [deal] + plays
    state = state_of(setup, moves)
    v = view(state, setup, moves)
    t = v["trick"]
    assert t["perfect"] == {"player": "C", "suit": "kimchi"} and t["limit"] == 10
    assert t["totals"]["kimchi"] == 10 and t["lead"] == "soup" and v["waiting"] == ["D"]
    no_way = sorted(o["card"] for o in v["options"] if o["declare"] == "no-way")
    accept = sorted(o["card"] for o in v["options"] if o["declare"] == "accept")
    assert no_way == ["GS", "K1", "K2", "K4"]  # K1: 11, K2: 12, K4: 14 turn the 7 down; GS lifts the limit
    assert accept == sorted(hands["D"])
    assert not any(o["declare"] is None for o in v["options"])
    # "No way!" with K4: the 7 turns face down, D wins with kimchi 7 (3 + 4).
    moves.append({"play": {"player": "D", "card": "K4", "declare": "no-way"}})
    v = view(state_of(setup, moves), setup, moves)
    last = v["last"]
    assert last["winner"] == "D" and v["waiting"] == ["D"]
    assert {p["card"]: p["up"] for p in last["plays"]} == {"U6": True, "K7": False, "K3": True, "K4": True}
    # The Giant Steamer lifts the limit for the rest of its trick.
    moves.append({"play": {"player": "D", "card": "GS"}})
    v = view(state_of(setup, moves), setup, moves)
    assert v["trick"]["limit"] is None and v["trick"]["steamer"] == "D"


def test_the_slacker_is_offered_face_down_twice_a_game():
    setup = Setup(players=["A", "B", "C"], cooks={"A": "slacker"})
    state = TrickDumplingState(["A", "B", "C"], {"A": "slacker"})
    deck = [c.code for c in CONTENT.deck(3)]
    hands = {"A": deck[0:8], "B": deck[8:16], "C": deck[16:24]}
    state.apply(Deal(rank=["kimchi", "chives", "shrimp", "soup"], chef="A", hands=hands,
                     missions={"A": "spy", "B": "nephew", "C": "nephew"}))
    v = view(state, setup, [])
    assert v["slacker_left"] == {"A": 2} and v["cooks"]["A"]["name"] == "Slacker"
    assert sorted(o["card"] for o in v["options"] if o["slack"]) == sorted(hands["A"])
    for _ in range(2):
        state.slack_used["A"] = state.slack_used.get("A", 0) + 1
    v = view(state, setup, [])
    assert v["slacker_left"] == {"A": 0} and not any(o["slack"] for o in v["options"])


# -- shapes ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("move", "words"), [
    ({}, "exactly one of them"),
    ({"play": {"player": "A", "card": "S5"}, "deal": None}, "is not a card"),
    ({"play": {"player": "A", "card": 7}}, "written as text"),
    ({"play": {"player": "A", "card": "S2", "declare": "maybe"}}, "no-way"),
    ({"play": {"player": "A", "card": "S2", "extra": 1}}, "xtra"),
    ({"deal": {"chef": "A", "rank": ["kimchi", "x", "shrimp", "soup"], "missions": {}, "hands": {}}}, "unknown suit"),
    ({"deal": {"chef": "A", "rank": ["K", "C", "S", "U"], "missions": {"A": "boss"}, "hands": {}}}, "nephew"),
    ({"deal": {"chef": "A", "rank": ["K", "C", "S", "U"], "missions": {}, "hands": {"A": "S2"}}}, "list"),
])
def test_malformed_moves_name_what_is_wrong(move, words):
    with pytest.raises(ValidationError, match=words):
        Move.model_validate(move)


def test_setup_refuses_what_no_table_can_be():
    with pytest.raises(ValidationError, match="TD-14"):
        Setup(players=["A", "B", "C"], cooks={"A": "picky", "B": "picky"})
    with pytest.raises(ValidationError, match="Master"):
        Setup(players=["A", MASTER])
    with pytest.raises(ValidationError, match="differ"):
        Setup(players=["A", " A"])
    with pytest.raises(ValidationError, match="differ"):  # NFC: one name
        Setup(players=["Zo\u00eb", "Zoe\u0308"])
    with pytest.raises(ValidationError, match="not a player"):
        Setup(players=["A", "B"], cooks={"Z": "picky"})
    with pytest.raises(ValidationError):
        Setup(players=["A"])


def test_the_scorekeeper_is_registered_with_its_page():
    from printkit.core.registry import scorekeepers

    assert scorekeepers()["trickdumpling"] is SCOREKEEPER
    assert (SCOREKEEPER.assets / "page.js").is_file()
    assert parse_card("W99").code == "W99"


def test_move_rounds_count_the_deals():
    setup, moves = split([load(GAMES[1])])
    rounds = SCOREKEEPER.rounds(setup, moves)
    assert len(rounds) == len(moves) and rounds[0] == 1 and rounds == sorted(rounds)
    assert rounds[-1] == len(load(GAMES[1])["rounds"])
    assert [i for i, m in enumerate(moves) if "deal" in m] == [rounds.index(k) for k in range(1, rounds[-1] + 1)]


# -- the API (ASGI test client) -----------------------------------------------------------------

def new_table(client, setup: dict[str, Any]) -> dict[str, Any]:
    return KIT.new_table(client, setup)


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_whole_game_move_by_move_ends_with_the_scorers_report(client, tmp_path, path):
    setup, moves = split([load(path)])
    table = new_table(client, setup.model_dump())
    assert table["view"]["phase"] == "deal" and table["report"]["unfinished"]
    for m in moves:
        table = post_ok(client, table, m)
    assert table["over"] and table["view"]["phase"] == "over" and len(table["moves"]) == len(moves)
    cli = cli_score(export_to(client, table, tmp_path / "export.yaml"))
    assert cli == table["report"]
    assert essence(cli) == essence(cli_score(path))
    assert {p["name"]: p["total"] for p in cli["players"]} == table["view"]["totals"]


def _dealt_table(client) -> dict[str, Any]:
    """A 3-player table with the round dealt (Ann leads, rank shrimp first)."""
    table = new_table(client, {"players": ["Ann", "Bo", "Cy"]})
    hands = {"Ann": ["S2", "K3", "C2", "C3", "C4", "U2", "U3", "U4"],
             "Bo": ["S7", "C6", "K2", "K4", "K6", "K7", "K8", "U6"],
             "Cy": ["S3", "S4", "S6", "S8", "W5", "W99", "GS", "U7"]}
    r = post(client, table, {"deal": {"chef": "Ann", "rank": ["shrimp", "kimchi", "chives", "soup"],
                                      "missions": {"Ann": "nephew", "Bo": "spy", "Cy": "nephew"}, "hands": hands}})
    assert r.status_code == 200, r.text
    return r.json()


def test_illegal_move_is_refused_with_the_rule_and_nothing_is_stored(client):
    table = _dealt_table(client)
    table = post(client, table, {"play": {"player": "Ann", "card": "S2"}}).json()
    # Bo holds shrimp (S7) and plays kimchi: TD-5, in the scorer's words.
    r = post(client, table, {"play": {"player": "Bo", "card": "K2"}})
    assert r.status_code == 422
    body = r.json()
    assert [v["rule"] for v in body["violations"]] == ["TD-5"]
    assert "Bo plays K2 but holds shrimp (S7): follow suit or play a special card" in body["violations"][0]["message"]
    # Out of turn (TD-9), a card not held (TD-10), a declaration with no Perfect Dish (TD-7).
    for move, rule in [({"play": {"player": "Cy", "card": "S3"}}, "TD-9"),
                       ({"play": {"player": "Bo", "card": "S4"}}, "TD-10"),
                       ({"play": {"player": "Bo", "card": "S7", "declare": "accept"}}, "TD-7")]:
        r = post(client, table, move)
        assert r.status_code == 422 and rule in {v["rule"] for v in r.json()["violations"]}, (move, r.text)
    after = stored(client, table)
    assert after["version"] == table["version"] and after["moves"] == table["moves"]
    assert after["view"]["waiting"] == ["Bo"] and {o["card"] for o in after["view"]["options"]} == {"S7"}


def test_a_wrong_deal_is_refused(client):
    table = new_table(client, {"players": ["Ann", "Bo"]})
    hands = {"Ann": ["S2", "S3", "S4", "S6", "S7", "S8", "K2", "K3"], "Bo": ["C2", "C3", "C4", "C6", "C7", "C8", "K4", "K6"],
             "Master": ["U2", "U3", "U4", "U6", "U7", "U8", "K7", "S1"]}  # S1: no 1s with 2 players
    deal = {"chef": "Ann", "rank": ["K", "C", "S", "U"], "missions": {"Ann": "spy", "Bo": "nephew", "Master": "nephew"},
            "hands": hands}
    r = post(client, table, {"deal": deal})
    assert r.status_code == 422
    rules = {v["rule"] for v in r.json()["violations"]}
    assert rules == {"TD-1", "TD-11"}  # S1 is out of the deck; the Master always holds the spy
    # A card in two hands cannot be read at all: the record model's words.
    hands2 = dict(hands, Master=["U2", "U3", "U4", "U6", "U7", "U8", "K7", "S2"])
    r = post(client, table, {"deal": dict(deal, hands=hands2)})
    assert r.status_code == 422 and "S2 is dealt to Ann and to Master" in r.json()["error"]
    assert stored(client, table)["moves"] == []


@pytest.mark.parametrize(("move", "words"), [
    ({"play": {"player": "Ann", "card": "S5"}}, "move.play.card"),
    ({"play": {"player": "Ann"}}, "move.play.card"),
    ({"play": {"player": "Ann", "card": "S2", "declare": "yes"}}, "move.play.declare"),
    ({"throw": 1}, "move"),
    ("S2", "move"),
    ([], "move"),
    ({"deal": {"chef": "Ann", "rank": "KCSU", "missions": {}, "hands": {}}}, "move.deal.rank"),
    ({"deal": None, "play": None}, "exactly one"),
])
def test_malformed_move_is_a_400_with_a_clear_message(client, move, words):
    table = _dealt_table(client)
    r = post(client, table, move)
    assert r.status_code == 400, r.text
    msg = r.json()["error"]
    assert words in msg and "\n" not in msg and "Traceback" not in msg
    assert stored(client, table)["version"] == table["version"]


def test_a_card_before_the_deal_is_a_422_in_words(client):
    table = new_table(client, {"players": ["Ann", "Bo", "Cy"]})
    r = post(client, table, {"play": {"player": "Ann", "card": "S2"}})
    assert r.status_code == 422 and "before the cards are dealt" in r.json()["error"]


def test_bad_setup_is_refused(client):
    for setup, words in [({"players": ["Ann"]}, "setup.players"),
                         ({"players": ["Ann", "Bo", "Cy"], "cooks": "Ann=picky, Bo=picky"}, "TD-14"),
                         ({"players": ["Ann", "Bo", "Cy"], "cooks": "Ann=chef"}, "setup.cooks"),
                         ({"players": ["Ann", "Master"]}, "Master")]:
        r = client.post("/api/tables", json={"game": "trickdumpling", "setup": setup})
        assert r.status_code == 400 and words in r.json()["error"], r.text
    table = new_table(client, {"players": ["Ann", "Bo", "Cy"], "cooks": "Ann=slacker, Cy: Hard"})
    assert table["setup"]["cooks"] == {"Ann": "slacker", "Cy": "hard"}
    assert table["view"]["cooks"]["Cy"]["name"] == "Hard Steamer"


def test_undo_takes_back_a_card(client):
    table = _dealt_table(client)
    v0 = table["version"]
    table = post(client, table, {"play": {"player": "Ann", "card": "S2"}}).json()
    assert table["view"]["waiting"] == ["Bo"]
    r = client.post(f"/api/tables/{table['id']}/undo", json={"version": table["version"]})
    assert r.status_code == 200
    back = r.json()
    assert back["view"]["waiting"] == ["Ann"] and len(back["moves"]) == 1 and back["version"] > v0
    # Stale undo: 409 with the current table.
    r = client.post(f"/api/tables/{table['id']}/undo", json={"version": table["version"]})
    assert r.status_code == 409


def test_import_then_continue(client):
    """An exported unfinished game imports as a table and goes on from where it stopped."""
    setup, moves = split([load(GAMES[1])])
    (doc,) = records(setup, moves[:40])
    r = client.post("/api/import", json={"game": "trickdumpling", "files": [{"name": "g.json", "text": json.dumps(doc)}]})
    assert r.status_code == 201, r.text
    table = r.json()
    assert len(table["moves"]) == 40 and not table["over"]
    r = post(client, table, moves[40])
    assert r.status_code == 200, r.text
    r = client.post("/api/import", json={"game": "trickdumpling", "files": [
        {"name": "t.yaml", "text": (EXAMPLES / "shrimp.yaml").read_text()}]})
    assert r.status_code == 422 and "single-trick record" in r.json()["error"]


def test_no_way_is_not_offered_against_the_hard_steamer():
    """TD-12: Bo, the Hard Steamer, makes kimchi 10 with K7 on Ann's K3: Cy may only accept."""
    setup = Setup(players=["Ann", "Bo", "Cy"], cooks={"Bo": "hard"})
    hands = {"Ann": ["K3", "S2", "S3", "S4", "S6", "S7", "S8", "C2"],
             "Bo": ["K7", "C3", "C4", "C6", "C7", "C8", "U2", "U3"],
             "Cy": ["K4", "K2", "GS", "W5", "W99", "U4", "U6", "U7"]}
    moves = [{"deal": {"chef": "Ann", "rank": ["K", "C", "S", "U"], "hands": hands,
                       "missions": {"Ann": "nephew", "Bo": "nephew", "Cy": "spy"}}},
             {"play": {"player": "Ann", "card": "K3"}}, {"play": {"player": "Bo", "card": "K7"}}]
    v = view(state_of(setup, moves), setup, moves)
    assert v["trick"]["perfect"] == {"player": "Bo", "suit": "kimchi"}
    assert {o["declare"] for o in v["options"]} == {"accept"}
    assert sorted(o["card"] for o in v["options"]) == sorted(hands["Cy"])
    # Without the cook, the same cards K4, K2, GS and W5 could cancel it.
    plain = Setup(players=["Ann", "Bo", "Cy"])
    v = view(state_of(plain, moves), plain, moves)
    assert sorted(o["card"] for o in v["options"] if o["declare"] == "no-way") == ["GS", "K2", "K4", "W5"]
