"""Issue 10: the Master's tricks (TD-11, TD-15), the cooks (TD-12 to TD-14), unfinished games,
and violations that name their line. The records here are built by hand: every trick's winner
is worked out in the comments from the rulebook, and the scorer must agree (a wrong winner
would show up as a TD-9 "leads" violation in the next trick)."""

import copy
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.core.yamlio import parse_text
from printkit.core.registry import scorers
from printkit.games.trickdumpling.content import CONTENT, parse_card
from printkit.games.trickdumpling.record import GameRecord
from printkit.games.trickdumpling.scorer import score_game
from printkit.games.trickdumpling.state import picky_points
from printkit.games.trickdumpling.trick import Play, Trick
from tests.conftest import run_cli
from tests.games.trickdumpling.test_rules import EXAMPLES, load

RANK = ["shrimp", "kimchi", "chives", "soup"]


def round_(chef, missions, tricks, unplayed=None, rank=RANK):
    """A round from its tricks, each a list of (player, card[, extra keys]); the hands are the
    cards played plus ``unplayed``."""
    hands: dict[str, list[str]] = {}
    out = []
    for t in tricks:
        plays = []
        for who, card, *extra in t:
            hands.setdefault(who, []).append(card)
            plays.append({"player": who, "card": card, **(extra[0] if extra else {})})
        out.append({"plays": plays})
    for who, cards in (unplayed or {}).items():
        hands.setdefault(who, []).extend(cards)
    return {"chef": chef, "rank": rank, "missions": missions, "hands": hands, "tricks": out}


def score(data):
    return score_game(GameRecord.model_validate(copy.deepcopy(data)))


def rules(rep):
    return [(v.rule, v.where) for v in rep.violations]


# Round 1: A (Picky Eater) wins four tricks with shrimp and three with kimchi.
#  1. S8, C8, U8: shrimp, chives, soup all 8; shrimp is the most popular: S8 (A) wins.
#  2. S7, C7, U7 and 3. S6, C6, U6 likewise: A's third shrimp trick: Picky Eater +1 (TD-13).
#  4. S4, C4, U4: A's fourth shrimp trick adds nothing (TD-13).
#  5. K6, B follows K2 (kimchi 8), W99 joins kimchi (107) and turns face down: K6 (A) wins.
#  6. K8 against C3, U3 and 7. K7 against C2, U2: A's third kimchi trick: +1 (two suits, two points).
#  8. K4, GS, W5: kimchi 9, nothing over 10 with the Giant Steamer: B wins (TD-8).
# Tricks A 7, B 1, C 0. Missions: C (nephew, 0 tricks) is the only one done; B the spy fails.
# C scores 2 (A and B missed everything); A scores 2 from the Picky Eater.
PICKY_R1 = round_("A", {"A": "nephew", "B": "spy", "C": "nephew"}, [
    [("A", "S8"), ("B", "C8"), ("C", "U8")],
    [("A", "S7"), ("B", "C7"), ("C", "U7")],
    [("A", "S6"), ("B", "C6"), ("C", "U6")],
    [("A", "S4"), ("B", "C4"), ("C", "U4")],
    [("A", "K6"), ("B", "K2"), ("C", "W99")],
    [("A", "K8"), ("B", "C3"), ("C", "U3")],
    [("A", "K7"), ("B", "C2"), ("C", "U2")],
    [("A", "K4"), ("B", "GS"), ("C", "W5")],
])
# Round 2 (B won the last trick: B is chef), stopped after two tricks: an unfinished game.
#  1. B C2, C follows C3 (chives 5), A has no chives: S8: shrimp 8 wins: A.
#  2. A S7, B U2, C U3: shrimp 7 against soup 5: A. A has won exactly 2 shrimp tricks: no point.
PICKY_R2 = round_("B", {"A": "nephew", "B": "nephew", "C": "spy"}, [
    [("B", "C2"), ("C", "C3"), ("A", "S8")],
    [("A", "S7"), ("B", "U2"), ("C", "U3")],
], unplayed={"A": ["S6", "S4", "S3", "S2", "K8", "K7"], "B": ["C4", "C6", "U4", "U6", "K2", "K3"],
             "C": ["C7", "C8", "U7", "U8", "K4", "W5"]})
PICKY = {"players": ["A", "B", "C"], "cooks": {"A": "picky"}, "rounds": [PICKY_R1, PICKY_R2]}


def test_td13_picky_eater_scores_once_per_suit_with_three_tricks():
    rep = score(PICKY)
    assert rep.violations == []
    r1, r2 = rep.extra["rounds"]
    assert r1["winners"] == ["A"] * 7 + ["B"]
    assert r1["won_suits"]["A"] == ["shrimp"] * 4 + ["kimchi"] * 3
    assert r1["points"] == {"A": 2, "B": 0, "C": 2}  # A: shrimp 1 + kimchi 1; the 4th shrimp adds 0
    assert r2["winners"] == ["A", "A"] and r2["points"] == {"A": 0, "B": 0, "C": 0}  # 2 tricks: nothing
    assert {p.name: p.total for p in rep.players} == {"A": 2, "B": 0, "C": 2}


def test_td13_picky_points_trick_by_trick():
    assert picky_points(["shrimp", "shrimp"]) == [0, 0]
    assert picky_points(["shrimp", "kimchi", "shrimp", "shrimp", "shrimp"]) == [0, 0, 0, 1, 0]
    assert picky_points(["soup", None, "soup", "chives", "soup", "chives", "chives"]) == [0, 0, 0, 0, 1, 0, 1]


def test_td12_without_the_cook_nobody_scores_from_picky():
    plain = dict(PICKY, cooks={})
    assert {p.name: p.total for p in score(plain).players} == {"A": 0, "B": 0, "C": 2}


def test_an_unfinished_game_has_standings_a_note_and_no_winner(tmp_path):
    """Issue 10 item 11: the record stops in round 2: legal, exit 0, no winner, a note."""
    rep = score(PICKY)
    assert rep.valid and rep.unfinished and rep.winners == []
    assert any("stops after trick 2 of round 2" in n for n in rep.notes)
    assert any("nobody has reached 5 points" in n for n in rep.notes)
    p = tmp_path / "picky.json"
    p.write_text(json.dumps(PICKY))
    r = run_cli("score", "trickdumpling", str(p))
    assert r.exit_code == 0 and "no winner: the game is unfinished" in r.stdout
    # A record that stops in the middle of a trick is unfinished too; that trick is not scored.
    half = copy.deepcopy(PICKY)
    half["rounds"][1]["tricks"][1]["plays"] = half["rounds"][1]["tricks"][1]["plays"][:2]
    rep = score(half)
    assert rep.valid and rep.unfinished and rep.extra["rounds"][1]["winners"] == ["A"]
    assert any("stops during trick 2 of round 2" in n for n in rep.notes)
    # With 2 players, the record may stop after the Master's card and either player's (TD-15).
    two = load("two-players-master.yaml")
    k, t = master_led_spots(two)[-1]
    two["rounds"] = two["rounds"][:k + 1]
    two["rounds"][k]["tricks"] = two["rounds"][k]["tricks"][:t + 1]
    plays = two["rounds"][k]["tricks"][t]["plays"]
    for keep in ([plays[0], plays[1]], [plays[0], plays[2]]):
        two["rounds"][k]["tricks"][t]["plays"] = keep
        rep = score(two)
        assert rep.valid and rep.unfinished and any(f"stops during trick {t + 1}" in n for n in rep.notes)
    # A round before the last that stops early is a violation (TD-10).
    early = copy.deepcopy(PICKY)
    early["rounds"] = [copy.deepcopy(PICKY_R2), copy.deepcopy(PICKY_R1)]
    assert ("TD-10", "round 1") in rules(score(early))


def test_td12_slacker_plays_face_down_twice_a_game_not_three_times():
    """TD-12: the Slacker's two face-down cards in a whole game; the third is a violation. B's
    face-down cards here were losing anyway: every trick's winner stays the same."""
    data = copy.deepcopy(PICKY)
    data["cooks"] = {"A": "picky", "B": "slacker"}
    for k, t in ((0, 0), (0, 1)):
        data["rounds"][k]["tricks"][t]["plays"][1]["slack"] = True
    rep = score(data)
    assert rep.violations == [] and rep.extra["rounds"][0]["winners"] == ["A"] * 7 + ["B"]
    # The third, in the next round: B leads C2 face down; C3 sets chives; A's S8 still wins.
    data["rounds"][1]["tricks"][0]["plays"][0]["slack"] = True
    rep = score(data)
    assert [(v.rule, v.where, v.path) for v in rep.violations] == [
        ("TD-12", "round 2, trick 1, B", ("rounds", 1, "tricks", 0, "plays", 0))]
    assert "2 times a game at most" in rep.violations[0].message


def test_pk11_a_trick_the_slacking_chef_would_take_goes_to_the_next_player():
    """A (Slacker, chef) leads S8 face down; B's W99 and C's W5 wait for a lead suit that never
    comes: nothing is face up, so the chef would take the trick (PK-8); a face-down card cannot
    win, so B, the first who did not slack, takes it (PK-11), with no suit."""
    data = {"players": ["A", "B", "C"], "cooks": {"A": "slacker"}, "rounds": [round_(
        "A", {"A": "nephew", "B": "spy", "C": "nephew"},
        [[("A", "S8", {"slack": True}), ("B", "W99"), ("C", "W5")]],
        unplayed={"A": ["S7", "S6", "S4", "S3", "S2", "K8", "K7"], "B": ["C2", "C3", "C4", "C6", "C7", "C8", "GS"],
                  "C": ["U2", "U3", "U4", "U6", "U7", "U8", "K2"]})]}
    rep = score(data)
    assert rep.valid and rep.unfinished
    assert rep.extra["rounds"][0]["winners"] == ["B"] and rep.extra["rounds"][0]["won_suits"]["B"] == [None]


# Assorted Dumplings (A): A wins with shrimp, kimchi, chives and soup in the first four tricks.
#  1. S8, U7, K3: shrimp 8 beats soup 7 and kimchi 3: A.
#  2. K4, U3, C follows K2: kimchi 6: A (K4).   3. C4, U4, C follows C2: chives 6: A (C4).
#  4. U6, B follows U2 (soup 8), C3: A (U6). Four suits: A wins the round at once (PK-9): A
#     alone has a mission done and scores the number of other players, 2.
ASSORTED_R = round_("A", {"A": "nephew", "B": "spy", "C": "nephew"}, [
    [("A", "S8"), ("B", "U7"), ("C", "K3")],
    [("A", "K4"), ("B", "U3"), ("C", "K2")],
    [("A", "C4"), ("B", "U4"), ("C", "C2")],
    [("A", "U6"), ("B", "U2"), ("C", "C3")],
], unplayed={"A": ["S7", "S6", "K8", "K7"], "B": ["U8", "W5", "W99", "GS"], "C": ["C6", "C7", "C8", "K6"]})
ASSORTED = {"players": ["A", "B", "C"], "cooks": {"A": "assorted"}, "rounds": [ASSORTED_R]}


def test_td12_assorted_dumplings_ends_the_round():
    rep = score(ASSORTED)
    assert rep.violations == []  # the cards left in hand are no violation: the round is over
    rnd = rep.extra["rounds"][0]
    assert rnd["winners"] == ["A"] * 4 and rnd["finished"]
    assert rnd["won_suits"]["A"] == ["shrimp", "kimchi", "chives", "soup"]
    assert rnd["missions"] == {"A": ["assorted"], "B": [], "C": []} and rnd["points"] == {"A": 2, "B": 0, "C": 0}
    # Without the cook the round is not over after four tricks (an unfinished game).
    assert score(dict(ASSORTED, cooks={})).extra["rounds"][0]["points"] == {"A": 0, "B": 0, "C": 0}


def test_td12_a_record_that_plays_on_after_assorted_dumplings_won_the_round():
    data = copy.deepcopy(ASSORTED)
    data["rounds"][0]["tricks"].append({"plays": [{"player": "A", "card": "S7"}, {"player": "B", "card": "U8"},
                                                  {"player": "C", "card": "K6"}]})
    rep = score(data)
    # Judged card by card: the first card played after the round's end.
    assert [(v.rule, v.path) for v in rep.violations] == [("TD-12", ("rounds", 0, "tricks", 4, "plays", 0))]
    assert "Assorted Dumplings" in rep.violations[0].message
    assert rep.winners == []


def test_td14_a_cook_dealt_twice(tmp_path):
    data = dict(PICKY, cooks={"A": "picky", "B": "slacker", "C": "picky"})
    rep = score(data)
    assert [(v.rule, v.path) for v in rep.violations] == [("TD-14", ("cooks", "C"))]
    assert "Picky Eater is dealt to A and to C" in rep.violations[0].message
    p = tmp_path / "t.yaml"
    p.write_text("rank: [shrimp, kimchi, chives, soup]\nplays:\n  - {player: A, card: S2}\n"
                 "  - {player: B, card: S3}\ncooks:\n  A: hard\n  B: hard\n")
    r = run_cli("score", "trickdumpling", str(p), "--json")
    out = json.loads(r.stdout)
    assert r.exit_code == 1 and [(v["rule"], v["line"]) for v in out["violations"]] == [("TD-14", 7)]
    assert out["winners"] == [] and out["winner"] is None


# -- the Master's tricks (TD-11, TD-15) ----------------------------------------------------

def master_trick(master, *plays, hands=None, rank=RANK):
    """A trick the Master leads: ``plays`` are (player, card[, {"slack": True} / {"declare": ...}])."""
    t = Trick(rank, wild_lead_all=True)
    t.play(0, Play("Master", parse_card(master)))
    ps = [(i + 1, Play(who, parse_card(card), (extra[0] if extra else {}).get("declare"),
                       (extra[0] if extra else {}).get("slack", False))) for i, (who, card, *extra) in enumerate(plays)]
    t.play_at_once(ps, {k: [parse_card(c) for c in v] for k, v in (hands or {}).items()} or None)
    return t.result()


def summary(res, names):
    """A trick's verdict with the violations by player, not by record position."""
    return (res.winner, res.reason, sorted(res.face_down), res.totals, res.perfect, res.suit, res.lead,
            sorted((names[i], rule, msg) for i, rule, msg in res.violations))


def test_td15_neither_player_follows_the_other():
    """The Master leads W99: Sora's K2 sets no suit for Min, who holds kimchi and plays U6."""
    hands = {"Sora": ["K2", "U3"], "Min": ["U6", "K7"]}
    for order in ((("Sora", "K2"), ("Min", "U6")), (("Min", "U6"), ("Sora", "K2"))):
        res = master_trick("W99", *order, hands=hands)
        assert res.violations == []
    # Each follows the Master's card when it is regular.
    res = master_trick("K3", ("Sora", "U3"), ("Min", "K7"), hands=hands)
    assert [(i, rule) for i, rule, _ in res.violations] == [(1, "TD-5")]


def test_td15_a_perfect_dish_is_judged_on_the_masters_card_and_the_players_own():
    # Master K6, Sora K4: 10 with those two alone: Sora's Perfect Dish, in either order, even
    # though Min's K2 takes kimchi to 12 (the 6 turns face down).
    for order in ((("Sora", "K4"), ("Min", "K2")), (("Min", "K2"), ("Sora", "K4"))):
        res = master_trick("K6", *order)
        assert (res.winner, res.perfect, res.suit, res.face_down) == ("Sora", ("Sora", "kimchi"), "kimchi", ["K6"])
    # Min's K2 with the Master's K8 would be 10 too, but Sora's K4 alone with K8 is 12: only Min.
    res = master_trick("K8", ("Sora", "K4"), ("Min", "K2"))
    assert res.winner == "Min" and res.perfect == ("Min", "kimchi")


def test_td15_a_slackers_face_down_card_counts_for_nothing():
    res = master_trick("K6", ("Sora", "K4", {"slack": True}), ("Min", "C2"))
    # Sora's K4 is face down: no Perfect Dish; kimchi 6 beats chives 2: the Master's K6.
    assert (res.winner, res.perfect, res.totals["kimchi"]) == ("Master", None, 6)


def test_td11_both_perfect_the_lower_card_wins():
    """TD-11's tie-break. One deck cannot hold two cards that each make 10 with the Master's
    one card, so the two dishes are set directly."""
    t = Trick(RANK, wild_lead_all=True)
    t.play(0, Play("Master", parse_card("K6")))
    t.play_at_once([(1, Play("Sora", parse_card("K4"))), (2, Play("Min", parse_card("C3")))])
    t.alone["Min"] = ("kimchi", parse_card("C3"))
    res = t.result()
    assert res.winner == "Min" and "the lower card, C3, wins" in res.reason


def test_td15_declarations_when_the_master_leads_are_violations():
    res = master_trick("K6", ("Sora", "K4"), ("Min", "C2", {"declare": "accept"}))
    assert [(i, rule) for i, rule, _ in res.violations] == [(2, "TD-15")]
    assert res.winner == "Sora" and res.face_down == []  # the "Accept!" turns nothing face down


def test_td11_a_leading_wild_counts_in_every_suit():
    res = master_trick("W5", ("Sora", "K3"), ("Min", "U4"))
    # kimchi 3 + 5 = 8, soup 4 + 5 = 9: soup has the highest total; its highest card is W5.
    assert res.totals["kimchi"] == 8 and res.totals["soup"] == 9 and res.winner == "Master"
    assert res.suit == "soup" and res.lead is None  # two suits at once: no single lead suit


DECK2 = [c.code for c in CONTENT.deck(2)]


@st.composite
def master_tricks(draw):
    cards = draw(st.lists(st.sampled_from(DECK2), min_size=3, max_size=3, unique=True))
    rank = draw(st.permutations(CONTENT.suit_ids))
    extras = [draw(st.sampled_from([{}, {}, {}, {"slack": True}, {"declare": "accept"}, {"declare": "no-way"}]))
              for _ in range(2)]
    held = draw(st.lists(st.sampled_from([c for c in DECK2 if c not in cards]), max_size=6, unique=True))
    hands = {"Sora": [cards[1]] + held[:3], "Min": [cards[2]] + held[3:]}
    return cards, list(rank), extras, hands


@settings(max_examples=150, deadline=None)
@given(master_tricks())
def test_td15_swapping_the_two_players_lines_never_changes_the_verdict(trick):
    cards, rank, extras, hands = trick
    a, b = ("Sora", cards[1], extras[0]), ("Min", cards[2], extras[1])
    one = master_trick(cards[0], a, b, hands=hands, rank=rank)
    two = master_trick(cards[0], b, a, hands=hands, rank=rank)
    assert summary(one, {1: "Sora", 2: "Min"}) == summary(two, {1: "Min", 2: "Sora"})
    assert one.events == two.events


def master_led_spots(data):
    return [(k, t) for k, r in enumerate(data["rounds"]) for t, tr in enumerate(r["tricks"])
            if tr["plays"][0]["player"] == "Master"]


def report_without_lines(rep):
    out = rep.to_json()
    out["violations"] = sorted((v["where"], v["rule"], v["message"]) for v in out["violations"])
    return out


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_td15_swapping_lines_in_a_whole_game_never_changes_the_report(data):
    """The 2-player example, with any of the Master's tricks written the other way round, and
    with or without a declaration slipped in: the same report."""
    game = load("two-players-master.yaml")
    spots = master_led_spots(game)
    assert len(spots) >= 8
    chosen = data.draw(st.lists(st.sampled_from(spots), unique=True))
    if data.draw(st.booleans()):
        k, t = data.draw(st.sampled_from(spots))
        game["rounds"][k]["tricks"][t]["plays"][1]["declare"] = "accept"
    swapped = copy.deepcopy(game)
    for k, t in chosen:
        plays = swapped["rounds"][k]["tricks"][t]["plays"]
        plays[1], plays[2] = plays[2], plays[1]
    assert report_without_lines(score(game)) == report_without_lines(score(swapped))


def test_td15_a_declaration_in_the_masters_trick_names_its_line(tmp_path):
    text = (EXAMPLES / "two-players-master.yaml").read_text()
    old = "[{player: Master, card: C4}, {player: Sora, card: GS}, {player: Min, card: W5}]"
    assert text.count(old) == 1
    line = text[:text.index(old)].count("\n") + 1
    p = tmp_path / "two.yaml"
    p.write_text(text.replace(old, old.replace("card: W5}", "card: W5, declare: no-way}")))
    r = run_cli("score", "trickdumpling", str(p), "--json")
    out = json.loads(r.stdout)
    assert r.exit_code == 1 and out["winners"] == []
    assert [(v["rule"], v["where"], v["line"]) for v in out["violations"]] == [("TD-15", "round 2, trick 1, Min", line)]
    r = run_cli("score", "trickdumpling", str(p))
    assert f"two.yaml:{line}: round 2, trick 1, Min: Min says" in r.stdout
    assert "no winner: the record breaks the rules" in r.stdout


def test_every_violation_names_a_line():
    """Issue 10 item 14: break a few rules at once; every violation has a record line."""
    text = (EXAMPLES / "four-players.yaml").read_text()
    data, table = parse_text(text)
    data["cooks"] = {"Ann": "slacker", "Bo": "slacker"}
    data["rounds"][0]["missions"] = {p: "nephew" for p in data["players"]}
    plays = data["rounds"][0]["tricks"][0]["plays"]
    plays[0]["player"], plays[1]["player"] = plays[1]["player"], plays[0]["player"]
    plays[2]["declare"] = "accept"
    data["rounds"][1]["chef"] = "Cy" if data["rounds"][1]["chef"] != "Cy" else "Dee"
    data["rounds"][2]["hands"]["Ann"] = data["rounds"][2]["hands"]["Ann"][:-1]
    data["rounds"].append(copy.deepcopy(data["rounds"][-1]))
    rep = scorers()["trickdumpling"].run([("four.yaml", GameRecord.model_validate(data), table)])
    assert len(rep.violations) >= 6
    assert {v.rule for v in rep.violations} >= {"TD-10", "TD-14", "TD-9"}
    assert all(v.path and v.line for v in rep.violations), [v for v in rep.violations if not v.line]


def test_text_reports_read_like_a_score_pad(tmp_path):
    """Issue 10 item 13: no Python reprs (lists, dicts, quoted strings) in text output."""
    broken = copy.deepcopy(PICKY)
    broken["cooks"] = {"A": "picky", "C": "picky"}
    p = tmp_path / "broken.json"
    p.write_text(json.dumps(broken))
    bad_rank = tmp_path / "rank.yaml"
    bad_rank.write_text("rank: [shrimp, kimchi]\nplays: [{player: A, card: S2}, {player: B, card: S3}]\n")
    for f in (EXAMPLES / "two-players-master.yaml", EXAMPLES / "no-way.yaml", p, bad_rank):
        r = run_cli("score", "trickdumpling", str(f))
        text = r.stdout + r.stderr
        assert r.exit_code in (0, 1, 2) and text
        for repr_mark in ("['", "{'", "('", "None", "True", "False"):
            assert repr_mark not in text, (f.name, repr_mark)
