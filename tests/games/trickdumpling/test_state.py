"""The Trick Dumpling State API (issue 11): moves card by card, to_move and waiting,
legal_moves agreeing with apply, is_over, copy as undo, and replay by hand equal to the report."""

import random

import pytest

from printkit.core.game import replay
from printkit.games.trickdumpling.content import CONTENT
from printkit.games.trickdumpling.play import play_game
from printkit.games.trickdumpling.record import MASTER, Deal, GameRecord, PlayIn, TrickDumplingRecord, TrickRecord
from printkit.games.trickdumpling.scorer import GAME
from printkit.games.trickdumpling.state import SingleTrickState, TrickDumplingState, moves, start
from tests.games.trickdumpling.test_rules import load

RANK = ["shrimp", "kimchi", "chives", "soup"]


def deal(chef="Ann", hands=None, missions=None):
    hands = hands or {"Ann": ["S2", "K3"], "Bo": ["S7", "C4"], "Cy": ["S3", "U2"]}
    return Deal(rank=RANK, chef=chef, hands=hands,
                missions=missions or {"Ann": "nephew", "Bo": "spy", "Cy": "nephew"})


def fresh():
    s = TrickDumplingState(["Ann", "Bo", "Cy"])
    s.apply(deal())  # short hands: TD-10 violations, but the cards can be played
    return s


def card(who, code, **kw):
    return PlayIn(player=who, card=code, **kw)


def test_to_move_follows_the_deal_the_turn_and_the_winner():
    s = TrickDumplingState(["Ann", "Bo", "Cy"])
    assert s.to_move is None and s.legal_moves() is None and not s.is_over  # a deal is expected
    s.apply(deal())
    assert s.to_move == "Ann" and s.waiting == ("Ann",)
    assert s.apply(card("Ann", "S2")) == [] and s.to_move == "Bo"
    s.apply(card("Bo", "S7"))
    s.apply(card("Cy", "S3"))  # S7 turns face down (TD-6): S3 is shrimp's highest face-up card
    assert s.trick is None and s.to_move == "Cy" and s.round.winners == ["Cy"]


def test_a_legal_and_an_illegal_card():
    s = fresh()
    s.apply(card("Ann", "S2"))
    bad = s.copy()
    found = bad.apply(card("Bo", "C4"))  # Bo holds shrimp (TD-5)
    assert [(v.rule, v.where, v.path) for v in found] == [("TD-5", "round 1, trick 1, Bo", ())]
    assert [v.rule for v in s.copy().apply(card("Cy", "S3"))] == ["TD-9"]  # out of turn
    assert [v.rule for v in s.copy().apply(card("Bo", "S3"))] == ["TD-10"]  # not in Bo's hand
    assert s.apply(card("Bo", "S7")) == []


def test_copy_is_an_undo():
    s = fresh()
    before = s.copy()
    s.apply(card("Ann", "S2"))
    s.apply(card("Bo", "S7"))
    assert before.to_move == "Ann" and before.trick is None
    assert [str(c) for c in before.round.hands["Ann"]] == ["S2", "K3"]
    assert [str(c) for c in s.round.hands["Ann"]] == ["K3"] and s.to_move == "Cy"


def test_a_perfect_dish_asks_for_a_declaration():
    s = TrickDumplingState(["Ann", "Bo", "Cy"])
    s.apply(deal(hands={"Ann": ["K6", "S2"], "Bo": ["K4", "U2"], "Cy": ["K3", "C6", "W99"]}))
    s.apply(card("Ann", "K6"))
    s.apply(card("Bo", "K4"))  # kimchi 10: Bo's Perfect Dish (TD-7)
    options = {(str(m.card), m.declare) for m in s.legal_moves()}
    # K3 cancels it (kimchi 13: K6 turns down, 7); W99 joins kimchi and turns down itself: no.
    assert options == {("K3", "no-way"), ("K3", "accept"), ("C6", "accept"), ("W99", "accept")}
    assert [v.rule for v in s.copy().apply(card("Cy", "K3"))] == ["TD-7"]  # no declaration
    assert [v.rule for v in s.copy().apply(card("Cy", "W99", declare="no-way"))] == ["TD-7"]


def test_the_master_moves_from_its_stack_and_the_two_players_at_once():
    s = TrickDumplingState(["Sora", "Min"])
    hands = {"Sora": ["K2", "U3"], "Min": ["U6", "K7"], MASTER: ["W99", "S2"]}
    s.apply(Deal(rank=RANK, chef=MASTER, hands=hands, missions={"Sora": "nephew", "Min": "nephew", MASTER: "spy"}))
    assert s.to_move == MASTER
    (only,) = s.legal_moves()
    assert (only.player, str(only.card), only.declare) == (MASTER, "W99", None)
    assert [v.rule for v in s.copy().apply(card(MASTER, "S2"))] == ["TD-11"]  # not the top card
    s.apply(only)
    assert s.to_move is None and s.waiting == ("Sora", "Min")  # TD-15: at once
    assert {(m.player, str(m.card)) for m in s.legal_moves()} == {("Sora", "K2"), ("Sora", "U3"),
                                                                  ("Min", "U6"), ("Min", "K7")}
    one, two = s.copy(), s.copy()
    one.apply(card("Sora", "K2"))
    assert one.waiting == ("Min",) and one.trick is not None  # Sora's card is held
    one.apply(card("Min", "U6"))
    two.apply(card("Min", "U6"))
    two.apply(card("Sora", "K2"))
    assert one.trick is None and one.round.winners == two.round.winners
    assert one.details() == two.details() and one.extra() == two.extra()


def random_game(seed, players, cooks=None):
    """A game made by choosing among legal_moves() at random: each choice applies cleanly, and
    at every tenth card every listed move does."""
    rng = random.Random(seed)
    s = TrickDumplingState(players)
    if cooks:
        assert s.apply(cooks) == []
    chef, n = players[0], len(players)
    for _ in range(12):
        deck = CONTENT.deck(n)
        rng.shuffle(deck)
        size = CONTENT.deal[n]
        spy = MASTER if n == 2 else rng.choice(s.seats)
        assert s.apply(Deal(rank=RANK, chef=chef, hands={p: deck[i * size:(i + 1) * size] for i, p in enumerate(s.seats)},
                            missions={p: "spy" if p == spy else "nephew" for p in s.seats})) == []
        step = 0
        while s.waiting:
            options = s.legal_moves()
            assert options and {m.player for m in options} <= set(s.waiting)
            if step % 10 == 0:
                for m in options:
                    assert s.copy().apply(m) == [], m
            move = rng.choice(options)
            assert s.apply(move) == [], move
            step += 1
        chef = s.leader
        if s.is_over:
            return s
    return s


@pytest.mark.parametrize("seed,players,cooks", [
    (1, ["Ann", "Bo", "Cy", "Dee"], None),
    (2, ["Sora", "Min"], None),
    (3, ["Ann", "Bo", "Cy"], {"Ann": "slacker", "Bo": "hard", "Cy": "picky"}),
    (4, ["Ann", "Bo", "Cy", "Dee", "Eve"], {"Bo": "slacker", "Dee": "assorted", "Eve": "double"}),
])
def test_legal_moves_agree_with_apply(seed, players, cooks):
    s = random_game(seed, players, cooks)
    assert s.is_over and s.to_move is None and s.legal_moves() is None
    assert not s.notes() and max(p.total for p in s.standings()) >= CONTENT.threshold[len(players)]


@pytest.mark.parametrize("name", ["four-players.yaml", "two-players-master.yaml", "no-way.yaml", "accept.yaml"])
def test_replaying_by_hand_equals_the_report(name):
    rec = TrickDumplingRecord.model_validate(load(name))
    state = start([rec])
    found = []
    for _, path, move in moves([rec]):
        found += [(path, v.rule) for v in state.apply(move)]
    report = replay(GAME, [("x", rec, {})])
    assert found == [] and report.valid and state.is_over == (not report.unfinished)
    assert [(p.name, p.total, p.breakdown) for p in state.standings()] == \
        [(p.name, p.total, p.breakdown) for p in report.players]
    assert state.extra() == report.extra and state.details() == report.details


def test_a_record_that_stops_is_not_over():
    rec = GameRecord.model_validate(play_game(["Ann", "Bo", "Cy"], 5))
    state = start([rec])
    steps = list(moves([rec]))
    for _, _, move in steps[:-1]:
        state.apply(move)
    assert not state.is_over and state.to_move is not None
    assert any("stops during trick" in n for n in state.notes())
    state.apply(steps[-1][2])
    assert state.is_over and state.to_move is None


def test_a_single_trick():
    rec = TrickRecord.model_validate({"rank": RANK, "hands": {"A": ["S2", "K1"], "B": ["S7", "C4"]},
                                      "plays": [{"player": "A", "card": "S2"}, {"player": "B", "card": "S7"}]})
    s = start([rec])
    assert isinstance(s, SingleTrickState) and s.to_move is None and not s.is_over
    assert {(m.player, str(m.card)) for m in s.legal_moves()} == {("A", "S2"), ("A", "K1"), ("B", "S7"), ("B", "C4")}
    assert s.apply(rec.plays[0]) == []
    assert {str(m.card) for m in s.legal_moves()} == {"S7"}  # B follows shrimp (TD-5)
    assert [v.rule for v in s.copy().apply(PlayIn(player="B", card="C4"))] == ["TD-5"]
    assert s.apply(rec.plays[1]) == [] and s.is_over
    assert [(p.name, p.total) for p in s.standings()] == [("A", 0), ("B", 1)]
