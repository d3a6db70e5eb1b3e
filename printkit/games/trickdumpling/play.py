"""An automatic table: whole legal games from a seed (for examples, tests and benchmarks).

Cards are dealt from a seeded shuffle; each player plays a random legal card (following suit
when they must); after a Perfect Dish a player who can cancel it says "No way!" half the
time, and otherwise accepts with a random card. The Dumpling Master plays by TD-11.
"""

from __future__ import annotations

import copy
import random

from printkit.games.trickdumpling.content import CONTENT, Card
from printkit.games.trickdumpling.record import MASTER
from printkit.games.trickdumpling.trick import Play, Trick


def _legal(trick: Trick, hand: list[Card]) -> list[Card]:
    lead = trick.lead
    if lead is None:
        return list(hand)
    follow = [c for c in hand if c.suit == lead]
    return follow + [c for c in hand if c.special] if follow else list(hand)


def _cancels(trick: Trick, who: str, card: Card) -> bool:
    trial = copy.deepcopy(trick)
    trial.violations = []
    trial.play(len(trial.entries), Play(who, card, "no-way"))
    return not any(rule == "TD-7" for _, rule, _ in trial.violations)


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
            if n == 2:
                order = [MASTER] + players if leader == MASTER else [leader, next(p for p in players if p != leader), MASTER]
            else:
                i = seats.index(leader)
                order = seats[i:] + seats[:i]
            trick = Trick(rank, wild_lead_all=(n == 2 and leader == MASTER))
            plays = []
            for k, who in enumerate(order):
                hand = left[who]
                declare = None
                simultaneous = n == 2 and leader == MASTER and k >= 1
                if who == MASTER:
                    card = hand[0]
                    if trick.perfect is not None:
                        declare = "no-way" if _cancels(trick, who, card) else "accept"
                elif trick.perfect is not None and not simultaneous:
                    options = [c for c in _legal(trick, hand) if _cancels(trick, who, c)]
                    if options and rng.random() < 0.5:
                        card, declare = rng.choice(options), "no-way"
                    else:
                        card, declare = rng.choice(hand), "accept"
                else:
                    card = rng.choice(_legal(trick, hand))
                if simultaneous:
                    trick.perfect = None
                trick.play(len(plays), Play(who, card, declare))
                hand.remove(card)
                entry = {"player": who, "card": card.code}
                if declare:
                    entry["declare"] = declare
                plays.append(entry)
            tricks.append({"plays": plays})
            rec = {"players": players, "rounds": rounds + [{"chef": chef, "rank": rank, "missions": missions,
                                                           "hands": {p: [c.code for c in h] for p, h in hands.items()},
                                                           "tricks": tricks}]}
            leader = score_game(GameRecord.model_validate(rec)).extra["rounds"][-1]["winners"][-1]
        rounds.append({"chef": chef, "rank": rank, "missions": missions,
                       "hands": {p: [c.code for c in h] for p, h in hands.items()}, "tricks": tricks})
        rep = score_game(GameRecord.model_validate({"players": players, "rounds": rounds}))
        chef = rep.extra["rounds"][-1]["winners"][-1]
        if chef == MASTER:
            chef = MASTER
        if not rep.notes:  # someone reached the threshold: the game is over
            break
    return {"game": "trickdumpling", "players": players, "rounds": rounds}
