"""An automatic table: whole legal games from a seed (for examples, tests and benchmarks).

Cards are dealt from a seeded shuffle; each player plays a random legal card (following suit
when they must); after a Perfect Dish a player who can cancel it says "No way!" half the
time, and otherwise accepts with a random card. The Dumpling Master plays by TD-11. Every
rule, the trick's winner and the game's end come from the State
(:class:`~printkit.games.trickdumpling.state.TrickDumplingState`): the table only chooses.
"""

from __future__ import annotations

import random

from printkit.games.trickdumpling.content import CONTENT
from printkit.games.trickdumpling.record import MASTER, Deal, PlayIn
from printkit.games.trickdumpling.state import TrickDumplingState


def choose(rng: random.Random, moves: list[PlayIn]) -> PlayIn:
    """A random legal play: the Master's only one; after a Perfect Dish, "No way!" half the
    time when a card can cancel it, else "Accept!" with any card; otherwise any legal card."""
    if moves[0].player == MASTER:
        return moves[0]
    cancel = [m for m in moves if m.declare == "no-way"]
    accept = [m for m in moves if m.declare == "accept"]
    if not accept:
        return rng.choice(moves)
    return rng.choice(cancel) if cancel and rng.random() < 0.5 else rng.choice(accept)


def _deal(rng: random.Random, state: TrickDumplingState, chef: str) -> Deal:
    n = len(state.players)
    rank = list(CONTENT.suit_ids)
    rng.shuffle(rank)
    deck = CONTENT.deck(n)
    rng.shuffle(deck)
    size = CONTENT.deal[n]
    hands = {p: deck[i * size:(i + 1) * size] for i, p in enumerate(state.seats)}
    spy = MASTER if n == 2 else rng.choice(state.seats)
    return Deal(rank=rank, chef=chef, hands=hands, missions={p: ("spy" if p == spy else "nephew") for p in state.seats})


def _entry(move: PlayIn) -> dict:
    entry = {"player": move.player, "card": move.card.code}
    return entry | ({"declare": move.declare} if move.declare else {})


def play_round(rng: random.Random, state: TrickDumplingState) -> list[dict]:
    """Play the round just dealt to its end: its tricks as record entries."""
    tricks: list[dict] = []
    plays: list[dict] = []
    while state.waiting:
        who = state.waiting[0]  # TD-15: at once, but chosen in seating order
        move = choose(rng, [m for m in state.legal_moves() or [] if m.player == who])
        state.apply(move)
        plays.append(_entry(move))
        if state.trick is None:  # the State settled the trick
            tricks.append({"plays": plays})
            plays = []
    return tricks


def play_game(players: list[str], seed: int, max_rounds: int = 12) -> dict:
    """A game record (as data) played to its end."""
    rng = random.Random(seed)
    state = TrickDumplingState(players)
    chef = players[0]
    rounds = []
    for _ in range(max_rounds):
        deal = _deal(rng, state, chef)
        state.apply(deal)
        tricks = play_round(rng, state)
        rounds.append({"chef": chef, "rank": deal.rank, "missions": dict(deal.missions),
                       "hands": {p: [c.code for c in h] for p, h in deal.hands.items()}, "tricks": tricks})
        chef = state.leader or chef
        if state.is_over:  # someone reached the threshold
            break
    return {"game": "trickdumpling", "players": players, "rounds": rounds}
