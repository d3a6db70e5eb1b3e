"""An automatic table: whole legal games from a seed (for examples, tests and benchmarks).

Cards are dealt from a seeded shuffle; each player plays a random legal card (following suit
when they must); after a Perfect Dish a player who can cancel it says "No way!" half the
time, and otherwise accepts with a random card. The Dumpling Master plays by TD-11.
"""

from __future__ import annotations

import random

from printkit.games.trickdumpling.content import CONTENT, Card
from printkit.games.trickdumpling.record import MASTER
from printkit.games.trickdumpling.scorer import turn_order
from printkit.games.trickdumpling.trick import Play, Trick


def _legal(trick: Trick, hand: list[Card]) -> list[Card]:
    """TD-5 (TD-15: when the Master leads, ``trick.lead`` is still its card's suit, or none,
    while the two players choose)."""
    lead = trick.lead
    if lead is None:
        return list(hand)
    follow = [c for c in hand if c.suit == lead]
    return follow + [c for c in hand if c.special] if follow else list(hand)


def _cancels(trick: Trick, who: str, card: Card) -> bool:
    return trick.answer(who, card) == "no-way"


def play_game(players: list[str], seed: int, max_rounds: int = 12) -> dict:
    """A game record (as data) played to its end."""
    rng = random.Random(seed)
    n = len(players)
    seats = players + ([MASTER] if n == 2 else [])
    chef = players[0]
    rounds = []
    from printkit.games.trickdumpling.record import GameRecord
    from printkit.games.trickdumpling.scorer import score_game

    for _ in range(max_rounds):
        rank = list(CONTENT.suit_ids)
        rng.shuffle(rank)
        deck = CONTENT.deck(n)
        rng.shuffle(deck)
        size = CONTENT.deal[n]
        hands = {p: deck[i * size:(i + 1) * size] for i, p in enumerate(seats)}
        spy = MASTER if n == 2 else rng.choice(seats)
        missions = {p: ("spy" if p == spy else "nephew") for p in seats}
        left = {p: list(h) for p, h in hands.items()}
        leader = chef
        tricks = []
        for _t in range(size):
            order = turn_order(players, leader)
            master_led = n == 2 and leader == MASTER
            trick = Trick(rank, wild_lead_all=master_led)
            plays = []
            at_once = []
            for k, who in enumerate(order):
                hand = left[who]
                declare = None
                if who == MASTER:
                    card = hand[0]
                    if trick.perfect is not None:
                        declare = trick.answer(who, card)  # TD-11
                elif trick.perfect is not None and not master_led:
                    options = [c for c in _legal(trick, hand) if _cancels(trick, who, c)]
                    if options and rng.random() < 0.5:
                        card, declare = rng.choice(options), "no-way"
                    else:
                        card, declare = rng.choice(hand), "accept"
                else:
                    card = rng.choice(_legal(trick, hand))
                if master_led and k >= 1:  # TD-15: both players at once, after the Master
                    at_once.append((k, Play(who, card)))
                else:
                    trick.play(len(plays), Play(who, card, declare))
                hand.remove(card)
                entry = {"player": who, "card": card.code}
                if declare:
                    entry["declare"] = declare
                plays.append(entry)
            if at_once:
                trick.play_at_once(at_once)
            tricks.append({"plays": plays})
            rec = {"players": players, "rounds": rounds + [{"chef": chef, "rank": rank, "missions": missions,
                                                           "hands": {p: [c.code for c in h] for p, h in hands.items()},
                                                           "tricks": tricks}]}
            leader = score_game(GameRecord.model_validate(rec)).extra["rounds"][-1]["winners"][-1]
        rounds.append({"chef": chef, "rank": rank, "missions": missions,
                       "hands": {p: [c.code for c in h] for p, h in hands.items()}, "tricks": tricks})
        rep = score_game(GameRecord.model_validate({"players": players, "rounds": rounds}))
        chef = rep.extra["rounds"][-1]["winners"][-1]
        if not rep.unfinished:  # someone reached the threshold: the game is over
            break
    return {"game": "trickdumpling", "players": players, "rounds": rounds}
