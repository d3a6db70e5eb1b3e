"""Trick Dumpling's rules TD-4 to TD-12, each with a trick that would come out otherwise if
the rule were broken, and the rulebook's examples replayed."""

import copy
import doctest
import json
from pathlib import Path

import pytest

import printkit.games.trickdumpling.content
import printkit.games.trickdumpling.trick
from printkit.core.yamlio import parse_text
from printkit.games.trickdumpling.content import CONTENT, parse_card
from printkit.games.trickdumpling.play import play_game
from printkit.games.trickdumpling.record import GameRecord, TrickRecord
from printkit.games.trickdumpling.scorer import score_game, score_trick
from printkit.games.trickdumpling.trick import Play, referee
from tests.conftest import run_cli

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "trickdumpling"
RANK = ["shrimp", "kimchi", "chives", "soup"]


def trick(*plays, rank=RANK, hands=None, hard=frozenset()):
    ps = []
    for p in plays:
        who, code, *rest = p
        ps.append(Play(who, parse_card(code), rest[0] if rest else None))
    return referee(rank, ps, {k: [parse_card(c) for c in v] for k, v in (hands or {}).items()} or None, hard)


def load(name):
    return parse_text((EXAMPLES / name).read_text())[0]


@pytest.mark.parametrize("module", [printkit.games.trickdumpling.content, printkit.games.trickdumpling.trick])
def test_docstring_examples(module):
    r = doctest.testmod(module)
    assert r.attempted > 0 and r.failed == 0


def test_deck_and_notation():
    """TD-1, TD-2: 35 cards; 27 with 2-3 players."""
    deck = CONTENT.deck(4)
    assert len(deck) == 35 and len({c.code for c in deck}) == 35
    assert {c.code for c in deck if c.special} == {"W5", "W99", "GS"}
    small = {c.code for c in CONTENT.deck(2)}
    assert len(small) == 27 and not any(c[1:] in ("1", "9") and c[0] in "KCSU" for c in small)
    for bad in ("S5", "X3", "W6", "K10", ""):
        with pytest.raises(ValueError):
            parse_card(bad)


@pytest.mark.parametrize("name,winner,down", [
    ("shrimp.yaml", "D", ["S7"]), ("no-way.yaml", "D", ["K7"]), ("accept.yaml", "C", ["C8"]),
    ("wild-first.yaml", "D", ["W99"]), ("giant-steamer.yaml", "A", []),
    ("giant-steamer-wins.yaml", "D", []), ("only-specials.yaml", "C", []),
])
def test_rulebook_and_special_card_examples(name, winner, down):
    rep = score_trick(TrickRecord.model_validate(load(name)))
    assert rep.valid, rep.violations
    assert rep.extra["winner"] == winner and rep.extra["face_down"] == down


def test_lead_suit_is_the_first_regular_card_and_wilds_join_it():
    """TD-4: W5 led, then chives: the W5 counts in chives (lead), not in shrimp."""
    r = trick(("A", "W5"), ("B", "C3"), ("C", "S7"))
    assert r.lead == "chives" and r.totals["chives"] == 8 and r.totals["shrimp"] == 7
    assert r.winner == "A"  # chives 8 > shrimp 7; chives' highest face-up card is W5
    # The lead suit stays even when the chef's card turns face down.
    r = trick(("A", "C9"), ("B", "C4"), ("C", "S2"))
    assert r.lead == "chives" and r.face_down == ["C9"] and r.winner == "B"


def test_wilds_join_in_play_order_and_w99_turns_face_down():
    r = trick(("A", "W99"), ("B", "W5"), ("C", "K2"))
    assert r.face_down == ["W99"] and r.totals["kimchi"] == 7 and r.winner == "B"


def test_follow_suit_with_hands():
    """TD-5: a player holding the lead suit must follow it, or play a special card."""
    hands = {"B": ["S4", "K2"], "C": ["K3", "W5"]}
    r = trick(("A", "S2"), ("B", "K2"), ("C", "K3"), hands=hands)
    assert [(i, rule) for i, rule, _ in r.violations] == [(1, "TD-5")]
    r = trick(("A", "S2"), ("B", "S4"), ("C", "K3"), hands=hands)  # C has no shrimp: free
    assert r.violations == []
    r = trick(("A", "S2"), ("B", "W5"), hands={"B": ["S4", "W5"]})  # a special card instead
    assert r.violations == []


def test_steamer_limit_turns_the_highest_card_until_10_or_less():
    """TD-6: after each card, over 10: the highest face-up card turns face down, again if needed."""
    r = trick(("A", "K1"), ("B", "K2"), ("C", "K8"), ("D", "K9"))
    # K1+K2+K8 = 11: K8 down (3); + K9 = 12: K9 down (3).
    assert r.face_down == ["K8", "K9"] and r.totals["kimchi"] == 3
    r = trick(("A", "K6"), ("B", "K4"), ("C", "C9"))
    assert r.perfect == ("B", "kimchi")  # exactly 10 is not over the limit


def test_a_standing_perfect_dish_needs_a_declaration():
    """TD-7: after D's Perfect Dish in kimchi, E plays without a word: a violation; E's K8 makes
    18, K8 turns down: kimchi is 10 again and D's Perfect Dish still stands."""
    r = trick(("A", "K1"), ("B", "K2"), ("C", "K3"), ("D", "K4"), ("E", "K8"))
    assert [(i, rule) for i, rule, _ in r.violations] == [(4, "TD-7")]
    assert r.perfect == ("D", "kimchi") and r.winner == "D" and r.face_down == ["K8"]
    r = trick(("A", "K1"), ("B", "K2"), ("C", "U3", "accept"))  # no Perfect Dish to answer
    assert [(i, rule) for i, rule, _ in r.violations] == [(2, "TD-7")]


def test_no_way_must_cancel():
    """TD-7: a "No way!" whose card does not cancel is a violation."""
    r = trick(("A", "U6"), ("B", "K7"), ("C", "K3"), ("D", "C2", "no-way"))
    assert [(i, rule) for i, rule, _ in r.violations] == [(3, "TD-7")]
    assert r.winner == "C"  # the Perfect Dish still stands


def test_a_new_perfect_dish_in_a_more_popular_suit_stands_in_its_place():
    rank = ["shrimp", "kimchi", "chives", "soup"]
    r = trick(("A", "K6"), ("B", "K4"), ("C", "S1"), rank=rank)  # C did not declare
    assert any(rule == "TD-7" for _, rule, _ in r.violations)
    r = trick(("A", "S6"), ("B", "K6"), ("C", "K4"), ("D", "S4", "no-way"), rank=rank)
    assert r.perfect == ("D", "shrimp") and r.winner == "D" and r.violations == []
    # In a less popular suit it does not cancel.
    rank2 = ["kimchi", "shrimp", "chives", "soup"]
    r = trick(("A", "S6"), ("B", "K6"), ("C", "K4"), ("D", "S4", "no-way"), rank=rank2)
    assert r.perfect == ("C", "kimchi") and any(rule == "TD-7" for _, rule, _ in r.violations)


def test_after_a_cancel_a_new_perfect_dish_can_arise():
    r = trick(("A", "U6"), ("B", "K7"), ("C", "K3"), ("D", "K4", "no-way"), ("E", "U4"))
    assert r.perfect == ("E", "soup") and r.winner == "E"


def test_giant_steamer_turns_accept_cards_up_and_lifts_the_limit():
    """TD-8."""
    r = trick(("A", "K6"), ("B", "K4"), ("C", "U3", "accept"), ("D", "GS", "no-way"), ("E", "K9"))
    assert r.face_down == [] and r.totals["kimchi"] == 19 and r.perfect is None
    assert r.winner == "E"  # kimchi exceeds 10: the steamer's player does not win; K9 is highest


def test_winner_ties_go_to_the_more_popular_suit():
    """TD-9: kimchi 7 and soup 7: with kimchi more popular, kimchi's highest wins."""
    r = trick(("A", "K3"), ("B", "U7"), ("C", "K4"), rank=["kimchi", "shrimp", "chives", "soup"])
    assert r.winner == "C"
    r = trick(("A", "K3"), ("B", "U7"), ("C", "K4"), rank=["soup", "shrimp", "chives", "kimchi"])
    assert r.winner == "B"


def test_hard_steamer_forbids_no_way():
    r = trick(("A", "U6"), ("B", "K7"), ("C", "K3"), ("D", "K4", "no-way"), hard=frozenset({"C"}))
    assert [(i, rule) for i, rule, _ in r.violations] == [(3, "TD-12")]
    assert r.winner == "C"


# -- whole games -----------------------------------------------------------------------------

@pytest.mark.parametrize("name,players,seed", [("four-players.yaml", ["Ann", "Bo", "Cy", "Dee"], 17),
                                               ("two-players-master.yaml", ["Sora", "Min"], 2)])
def test_full_game_examples(name, players, seed):
    data = load(name)
    rep = score_game(GameRecord.model_validate(data))
    assert rep.valid and not rep.notes, rep.violations[:3]
    threshold = CONTENT.threshold[len(players)]
    assert max(p.total for p in rep.players) >= threshold  # TD-10: the game ends at the threshold
    assert all(p.total == sum(p.breakdown["points"]) for p in rep.players)
    assert play_game(players, seed) == data  # reproducible from its seed


def test_mission_points():
    """TD-10: each player with a mission done scores the number of players with none done."""
    data = load("four-players.yaml")
    rep = score_game(GameRecord.model_validate(data))
    for rnd in rep.extra["rounds"]:
        failed = [p for p, m in rnd["missions"].items() if not m]
        for p, done in rnd["missions"].items():
            assert rnd["points"][p] == (len(failed) if done else 0)
            if "basic" in done:
                assert rnd["tricks"][p] == 3
            if "nephew" in done:
                assert rnd["tricks"][p] == 0
            if "spy" in done:
                assert all(not rnd["missions"][q] for q in rnd["missions"] if q != p)


def mutate(data, path, value):
    data = copy.deepcopy(data)
    node = data
    keys = path.split(".")
    for k in keys[:-1]:
        node = node[int(k)] if k.isdigit() else node[k]
    last = keys[-1]
    node[int(last) if last.isdigit() else last] = value
    return data


def game_violations(data):
    return [(v.rule, v.where, v.message) for v in score_game(GameRecord.model_validate(data)).violations]


def test_the_winner_of_a_trick_leads_the_next():
    data = load("four-players.yaml")
    t2 = data["rounds"][0]["tricks"][1]["plays"]
    # Rotate trick 2 so that someone else leads (the same cards, another order).
    rotated = t2[1:] + t2[:1]
    found = game_violations(mutate(data, "rounds.0.tricks.1.plays", rotated))
    assert any(r == "TD-9" and "leads" in m for r, _, m in found)


def test_cards_come_from_the_players_hand():
    data = load("four-players.yaml")
    plays = copy.deepcopy(data["rounds"][0]["tricks"][0]["plays"])
    a, b = plays[0]["player"], plays[1]["player"]
    plays[0]["player"], plays[1]["player"] = b, a  # each plays the other's card
    found = game_violations(mutate(data, "rounds.0.tricks.0.plays", plays))
    assert any(r == "TD-10" and "is not in" in m for r, _, m in found)


def test_one_spy_and_the_master_holds_it():
    data = load("two-players-master.yaml")
    missions = {"Sora": "spy", "Min": "nephew", "Master": "nephew"}
    found = game_violations(mutate(data, "rounds.0.missions", missions))
    assert any(r == "TD-11" for r, _, _ in found)
    data4 = load("four-players.yaml")
    found = game_violations(mutate(data4, "rounds.0.missions", {p: "nephew" for p in data4["players"]}))
    assert any(r == "TD-10" and "exactly one is the spy" in m for r, _, m in found)


def test_the_master_plays_its_top_card_and_its_forced_declaration():
    """TD-11: the Master's card is the top of its stack; it cancels when it can, else accepts."""
    data = load("two-players-master.yaml")
    spots = [(k, t, i) for k, r in enumerate(data["rounds"]) for t, tr in enumerate(r["tricks"])
             for i, p in enumerate(tr["plays"]) if p["player"] == "Master" and p.get("declare")]
    assert spots, "the example has a trick where the Master answers a Perfect Dish"
    k, t, i = spots[0]
    plays = copy.deepcopy(data["rounds"][k]["tricks"][t]["plays"])
    plays[i]["declare"] = "accept" if plays[i]["declare"] == "no-way" else "no-way"
    found = game_violations(mutate(data, f"rounds.{k}.tricks.{t}.plays", plays))
    assert any(r == "TD-11" and "the Master" in m for r, _, m in found)
    # The top card: swap the first two cards of the Master's stack in round 1.
    stack = copy.deepcopy(data["rounds"][0]["hands"]["Master"])
    stack[0], stack[1] = stack[1], stack[0]
    found = game_violations(mutate(data, "rounds.0.hands.Master", stack))
    assert any(r == "TD-11" and "top card" in m for r, _, m in found)


def test_a_game_that_goes_on_after_the_threshold():
    data = load("four-players.yaml")
    data = copy.deepcopy(data)
    data["rounds"].append(copy.deepcopy(data["rounds"][-1]))
    found = game_violations(data)
    assert any(r == "TD-10" and "the game ended" in m for r, _, m in found)


def test_cook_variation_slacker_and_double_agent():
    data = load("four-players.yaml")
    first = data["rounds"][0]["tricks"][0]["plays"]
    who = first[1]["player"]
    slack = copy.deepcopy(first)
    slack[1]["slack"] = True
    found = game_violations(mutate(data, "rounds.0.tricks.0.plays", slack))
    assert any(r == "TD-12" and "only the Slacker" in m for r, _, m in found)
    with_cook = mutate(mutate(data, "rounds.0.tricks.0.plays", slack), "cooks", {who: "slacker"})
    rep = score_game(GameRecord.model_validate(with_cook))
    assert not any(v.rule == "TD-12" for v in rep.violations)
    assert rep.extra["rounds"][0]["winners"][0] != who  # a slacked card loses the trick
    # Double Agent: round 1 is won by Dee as the spy (everyone else missed): Ann gains 1.
    base = score_game(GameRecord.model_validate(data))
    agent = score_game(GameRecord.model_validate(mutate(data, "cooks", {"Ann": "double"})))
    spy = next(p for p, m in data["rounds"][0]["missions"].items() if m == "spy")
    if "spy" in base.extra["rounds"][0]["missions"][spy] and spy != "Ann":
        assert agent.extra["rounds"][0]["points"]["Ann"] == base.extra["rounds"][0]["points"]["Ann"] + 1
    else:  # pragma: no cover - the example is made so that the branch above runs
        raise AssertionError("the example's first round should be a spy win")


@pytest.mark.parametrize("data,words", [
    ({"rank": RANK, "plays": [{"player": "A", "card": "S5"}, {"player": "B", "card": "S7"}]}, "'S5' is not a card"),
    ({"rank": RANK, "plays": [{"player": "A", "card": "S2"}, {"player": "B", "card": "S2"}]}, "S2 is played twice"),
    ({"rank": RANK, "plays": [{"player": "A", "card": "S2"}, {"player": "B", "card": "S3"}],
      "hands": {"A": ["S2", "K1"], "B": ["S3", "K1"]}}, "K1 is dealt to A and to B"),
    ({"rank": ["shrimp", "kimchi"], "plays": [{"player": "A", "card": "S2"}, {"player": "B", "card": "S3"}]},
     "each of the four suits once"),
    ({"plays": 3}, "rank"),
    ({"players": ["A", "B"]}, "rounds"),
    ({"something": 1}, "expected a trick record"),
])
def test_unreadable_records_exit_2(tmp_path, data, words):
    p = tmp_path / "r.json"
    p.write_text(json.dumps(data))
    r = run_cli("score", "trickdumpling", str(p))
    assert r.exit_code == 2 and words in r.stderr and "Traceback" not in r.stderr


def test_referee_json_keys():
    r = run_cli("score", "trickdumpling", str(EXAMPLES / "no-way.yaml"), "--json")
    out = json.loads(r.stdout)
    assert r.exit_code == 0
    assert out["winner"] == "D" and out["face_down"] == ["K7"]
    assert {"game", "valid", "violations", "players", "ranking", "winners"} <= set(out)
    bad = tmp_record = load("no-way.yaml")
    bad["plays"][3]["card"] = "C2"
    p = EXAMPLES.parent.parent / "output" / "td-test.json"
    p.write_text(json.dumps(bad))
    try:
        r = run_cli("score", "trickdumpling", str(p))
        assert r.exit_code == 1 and '"No way!" with C2, which does not cancel' in r.stdout and "[TD-7]" in r.stdout
    finally:
        p.unlink()
    assert tmp_record is bad


def test_picky_eater_and_assorted_dumplings():
    """TD-12: 3 tricks won with one suit: +1 (Picky Eater); 4 suits: the round is won at once
    (Assorted Dumplings, PK-9)."""
    data = load("four-players.yaml")
    base = score_game(GameRecord.model_validate(data))
    picky = assorted = None
    for k, rnd in enumerate(base.extra["rounds"]):
        for p, suits in rnd["won_suits"].items():
            real = [s for s in suits if s]
            if picky is None and any(real.count(s) >= 3 for s in set(real)):
                picky = (k, p)
            if assorted is None and len(set(real)) == 4:
                assorted = (k, p)
    assert picky and assorted, "the example holds both cases"
    k, p = picky
    rep = score_game(GameRecord.model_validate(mutate(data, "cooks", {p: "picky"})))
    assert rep.extra["rounds"][k]["points"][p] == base.extra["rounds"][k]["points"][p] + 1
    k, p = assorted
    rep = score_game(GameRecord.model_validate(mutate(data, "cooks", {p: "assorted"})))
    rnd = rep.extra["rounds"][k]
    assert rnd["missions"][p] == ["assorted"] and rnd["points"][p] == 3  # the others all miss: 3 points
    # The record played on after the round was won: reported.
    if len(rnd["winners"]) < len(data["rounds"][k]["tricks"]):
        assert any(v.rule == "TD-12" and "Assorted Dumplings" in v.message for v in rep.violations)


def test_master_led_trick_both_perfect_lower_card_wins():
    """TD-11: the Master leads K6; Sora's K4 and Min's K4... cannot both exist: use suits."""
    from printkit.games.trickdumpling.scorer import _alone_perfect, _master_led_winner
    from printkit.games.trickdumpling.trick import Trick

    m, a, b = Play("Master", parse_card("K6")), Play("Sora", parse_card("K4")), Play("Min", parse_card("U4"))
    assert _alone_perfect(RANK, m, a) and not _alone_perfect(RANK, m, b)
    t = Trick(RANK, wild_lead_all=True)
    for i, p in enumerate((m, a, b)):
        t.play(i, p)
        t.perfect = None if i == 2 else t.perfect
    res = _master_led_winner(t.result(), {"Sora": True, "Min": False}, [m, a, b])
    assert res.winner == "Sora"
    res = _master_led_winner(t.result(), {"Sora": True, "Min": True}, [m, a, Play("Min", parse_card("K3"))])
    assert res.winner == "Min"  # both: the lower card (3 < 4) wins
    # A leading W5 counts in every suit: with Sora's K3 and Min's U4, kimchi 8 and soup 9.
    t = Trick(RANK, wild_lead_all=True)
    for i, p in enumerate((Play("Master", parse_card("W5")), Play("Sora", parse_card("K3")), Play("Min", parse_card("U4")))):
        t.play(i, p)
    assert t.totals()["kimchi"] == 8 and t.totals()["soup"] == 9
