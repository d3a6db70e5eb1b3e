"""The trick referee: TD-4 to TD-9 applied card by card, with the reasons in words.

>>> res = referee(["shrimp", "kimchi", "chives", "soup"],
...               [Play("A", parse_card("S2")), Play("B", parse_card("S7")),
...                Play("C", parse_card("C4")), Play("D", parse_card("S3"))])
>>> res.winner, res.face_down
('D', ['S7'])
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Literal

from printkit.games.trickdumpling.content import CONTENT, Card, parse_card

LIMIT = CONTENT.steamer_limit


@dataclass(frozen=True)
class Play:
    player: str
    card: Card
    declare: str | None = None  # "no-way" | "accept" after a Perfect Dish
    slack: bool = False  # the Slacker cook's face-down card (TD-12)


@dataclass
class _Entry:
    play: Play
    up: bool
    counted: bool  # a wild played before the lead suit is known is not counted yet


@dataclass
class TrickResult:
    winner: str
    reason: str
    lead: str | None
    face_down: list[str]
    totals: dict[str, int]
    perfect: tuple[str, str] | None
    events: list[str] = field(default_factory=list)
    #: (play index, rule, sentence)
    violations: list[tuple[int, str, str]] = field(default_factory=list)
    winning_card: str | None = None
    #: The suit the trick was won in (PK-9): a Perfect Dish's suit, the suit of the highest
    #: total; None when only special cards decided it or the Giant Steamer's player won.
    suit: str | None = None


class Trick:
    """A trick in progress: cards, their faces, the lead suit, a standing Perfect Dish."""

    def __init__(self, rank: list[str], hard_steamers: frozenset = frozenset(), wild_lead_all: bool = False):
        self.rank = list(rank)
        self.entries: list[_Entry] = []
        self.lead: str | None = None
        self.steamer: str | None = None  # who played the Giant Steamer
        self.perfect: tuple[str, str] | None = None  # (player, suit)
        self.hard = hard_steamers
        self.wild_lead_all = wild_lead_all  # TD-11: a Master's leading wild counts in every suit
        self.events: list[str] = []
        self.violations: list[tuple[int, str, str]] = []
        #: TD-15: in a trick the Master leads, each real player's own Perfect Dish (judged on the
        #: Master's card and theirs alone): player -> (suit, card), for those who made one.
        self.alone: dict[str, tuple[str, Card]] = {}

    # -- totals and the steamer limit ------------------------------------------------------
    def _suits_of(self, e: _Entry) -> list[str]:
        c = e.play.card
        if c.steamer or not e.counted:
            return []
        if c.wild:
            if self.wild_lead_all and e is self.entries[0]:
                return [s for s in self.rank if any(x.up and x.counted and x.play.card.suit == s for x in self.entries)]
            return [self.lead] if self.lead else []
        return [c.suit] if c.suit is not None else []  # (a card that is not special has a suit)

    def totals(self) -> dict[str, int]:
        t = {s: 0 for s in self.rank}
        for e in self.entries:
            if e.up:
                for s in self._suits_of(e):
                    t[s] += e.play.card.value
        return t

    def _limit(self) -> None:
        """TD-6: while a suit's face-up total exceeds 10, turn its highest face-up card down."""
        if self.steamer is not None:
            return
        while True:
            over = [s for s, v in self.totals().items() if v > LIMIT]
            if not over:
                return
            s = over[0]
            top = max((e for e in self.entries if e.up and s in self._suits_of(e)), key=lambda e: e.play.card.value)
            top.up = False
            self.events.append(f"{s} totals more than {LIMIT}: {top.play.card} turns face down")

    # -- playing a card --------------------------------------------------------------------
    def play(self, i: int, p: Play, hand: list[Card] | None = None) -> None:
        """Play ``p`` (index ``i`` in the record); ``hand``, the player's cards before it, lets
        the trick check follow-suit (TD-5)."""
        c = p.card
        standing = self.perfect
        declare = self._declaration(i, p, standing)
        face_down = p.slack or declare == "accept"
        if hand is not None and not face_down:
            self._follow(i, p, hand)
        entry = _Entry(p, up=not face_down, counted=not (c.wild and self.lead is None))
        self.entries.append(entry)
        self.events.append(_played(p, declare))
        self._perfect(i, p, declare, standing, self._place(entry))

    def _declaration(self, i: int, p: Play, standing: tuple[str, str] | None) -> str | None:
        """TD-7, TD-12: the declaration ``p`` stands for (a violation when it answers no dish,
        is missing, or says "No way!" to the Hard Steamer, whose dish is accepted)."""
        declare = p.declare
        if standing is None and declare is not None:
            self.violations.append((i, "TD-7", f'"{_words(declare)}" answers a Perfect Dish, and none stands'))
            return None
        if standing is not None and declare is None and not p.slack:
            self.violations.append((i, "TD-7", f"a Perfect Dish stands ({standing[0]}, {standing[1]}): "
                                               'declare "No way!" or "Accept!"'))
        if standing is not None and declare == "no-way" and standing[0] in self.hard:
            self.violations.append((i, "TD-12", f'{standing[0]} is the Hard Steamer: nobody may say "No way!" '
                                                "to their Perfect Dish"))
            return "accept"
        return declare

    def _place(self, entry: _Entry) -> str | None:
        """A face-up card's effects (TD-4, TD-6, TD-8): the suit it may make a Perfect Dish in."""
        c = entry.play.card
        if not entry.up:
            return None
        if c.steamer:
            self._steam(entry.play.player, again=True)
            return None
        if not c.special and self.lead is None and c.suit is not None:
            self._set_lead(c.suit)
        if not entry.counted:
            return None
        self._limit()
        return self.lead if c.wild else c.suit

    def _steam(self, player: str, again: bool) -> None:
        """TD-8: the Giant Steamer lifts the limit and turns the limit's face-down cards up."""
        self.steamer = player
        back = [e for e in self.entries if not e.up and not e.play.slack]
        for e in back:
            e.up = True
        self.events.append("Giant Steamer: no steamer limit and no Perfect Dish for the rest of the trick"
                           + (f"; face up again: {', '.join(str(e.play.card) for e in back)}" if back and again else ""))

    def _set_lead(self, suit: str) -> None:
        """TD-4: the first regular card sets the lead suit; waiting wilds join it in play order."""
        self.lead = suit
        self.events.append(f"lead suit: {suit}")
        for e in self.entries[:-1]:
            if e.play.card.wild and not e.counted:
                e.counted = True
                self.events.append(f"{e.play.card} joins {suit}")
                self._limit()

    def answer(self, player: str, card: Card) -> Literal["no-way", "accept"]:
        """The answer to the standing Perfect Dish that ``card`` allows: "no-way" when playing it
        face up cancels the dish (TD-7) and its player is no Hard Steamer (TD-12), else "accept".

        The Dumpling Master must give exactly this answer (TD-11); the automatic table uses it to
        know which cards may cancel."""
        if self.perfect is None or self.perfect[0] in self.hard:
            return "accept"
        trial = copy.deepcopy(self)
        trial.violations = []
        trial.events = []
        trial.play(len(trial.entries), Play(player, card, "no-way"))
        return "accept" if any(rule == "TD-7" for _, rule, _ in trial.violations) else "no-way"

    def play_at_once(self, plays: list[tuple[int, Play]], hands: dict[str, list[Card]] | None = None) -> None:
        """TD-15 (TD-11, PK-10): after the Master's lead, the two real players' cards go down at
        the same moment. Neither follows the other (each follows only the Master's card, if it is
        regular), nobody declares, the steamer limit is applied once both are down, a face-down
        (Slacker) card counts for nothing, and each player's Perfect Dish is judged on the
        Master's card and their own alone. ``plays`` are (index in the record, play); the order
        they are given in changes nothing."""
        # Work in one fixed order (the cards' own) so that no verdict or event depends on the
        # order the record lists them in.
        for i, p in sorted(plays, key=lambda ip: _at_once_order(ip[1])):
            self.check_at_once(i, p, (hands or {}).get(p.player))
        self.settle_at_once([p for _, p in plays])

    def check_at_once(self, i: int, p: Play, hand: list[Card] | None = None) -> None:
        """TD-15: what a real player's card breaks after the Master's lead, judged on its own (a
        declaration; following the Master's card, if it is regular). Call it for each card before
        :meth:`settle_at_once`."""
        if p.declare is not None:
            self.violations.append((i, "TD-15", f'{p.player} says "{_words(p.declare)}", but when the Master '
                                                "leads both players play at once, without declarations"))
        if hand is not None and not p.slack and self.lead is not None:
            self._follow(i, p, hand)

    def settle_at_once(self, plays: list[Play]) -> None:
        """TD-15: the real players' cards, put down together after the Master's lead."""
        master = self.entries[0].play
        plays = sorted(plays, key=_at_once_order)
        up = [p for p in plays if not p.slack]
        for p in plays:
            self.entries.append(_Entry(p, up=not p.slack, counted=False))
            self.events.append(_played(p, None) if p.slack else f"{p.player} plays {p.card}")
        if self.lead is None:
            # The Master led a special card: the lead suit is the real players' regular suit if
            # there is one; with two different suits there is no single lead suit, and nothing
            # then needs one (no wild joins; the Master's leading wild counts in every suit).
            suits = sorted(s for s in {p.card.suit for p in up if not p.card.special} if s is not None)
            if len(suits) == 1:
                self.lead = suits[0]
                self.events.append(f"lead suit: {suits[0]}")
        self._count_at_once()
        steamer = next((p for p in up if p.card.steamer), None)
        if steamer is not None:
            self._steam(steamer.player, again=False)
        self._limit()
        self.perfect = None
        for p in plays:
            made = _alone_perfect(self.rank, master, p)
            if made is not None:
                self.alone[p.player] = (made, p.card)
                self.events.append(f'{p.player}: "Perfect!" with the Master\'s {master.card} ({made} totals '
                                   f"exactly {LIMIT} with those two cards alone)")

    def _count_at_once(self) -> None:
        """Which cards count once all three are down: wilds join the lead suit (TD-4); the
        Master's leading wild counts in every suit when a regular card is face up (TD-11)."""
        regular = any(e.up and not e.play.card.special for e in self.entries)
        for e in self.entries:
            waits = e.play.card.wild and self.lead is None  # a wild with no lead suit to join
            if not waits or (self.wild_lead_all and e is self.entries[0] and regular):
                e.counted = True

    def _follow(self, i: int, p: Play, hand: list[Card]) -> None:
        """TD-5: hold a lead-suit card? Then play one, or a special card."""
        c = p.card
        if self.lead is None or c.special or c.suit == self.lead:
            return
        held = [h for h in hand if h.suit == self.lead]
        if held:
            self.violations.append((i, "TD-5", f"{p.player} plays {c} but holds {self.lead} "
                                               f"({', '.join(map(str, held))}): follow suit or play a special card"))

    def _perfect(self, i: int, p: Play, declare, standing, made) -> None:
        """TD-7 and TD-8: Perfect Dishes made, cancelled, standing."""
        if self.steamer is not None:
            if standing is not None:
                self.events.append(f"the Giant Steamer cancels {standing[0]}'s Perfect Dish")
            self.perfect = None
            return
        t = self.totals()
        at_ten = [s for s in self.rank if t[s] == LIMIT]
        if standing is not None and declare != "accept" and not p.slack:
            new = [s for s in at_ten if s == made and self.rank.index(s) < self.rank.index(standing[1])]
            if new:
                self.perfect = (p.player, new[0])
                self.events.append(f"Perfect Dish in {new[0]}, more popular than {standing[1]}: "
                                   f"it stands in its place ({p.player})")
            elif t[standing[1]] != LIMIT:
                self.perfect = None
                self.events.append(f"{standing[1]} is no longer {LIMIT}: {standing[0]}'s Perfect Dish is cancelled")
            elif declare == "no-way":
                self.violations.append((i, "TD-7", f'"No way!" with {p.card}, which does not cancel '
                                                   f"{standing[0]}'s Perfect Dish in {standing[1]}"))
            return
        if standing is None and made is not None and t.get(made) == LIMIT:
            suit = at_ten[0]  # if two suits are at 10, only the more popular counts
            self.perfect = (p.player, suit)
            self.events.append(f'{p.player}: "Perfect!" ({suit} totals exactly {LIMIT})')

    # -- the end ---------------------------------------------------------------------------
    def result(self) -> TrickResult:
        t = self.totals()
        down = [str(e.play.card) for e in self.entries if not e.up]
        regular = any(not e.play.card.special for e in self.entries)
        card = None
        suit = None
        perfect = self.perfect
        if self.alone:
            # TD-11, TD-15: one Perfect Dish made with the Master's card wins; if both players
            # made one, the lower card number wins.
            winner = min(self.alone, key=lambda p: (self.alone[p][1].value, p))
            suit, played = self.alone[winner]
            card, perfect = str(played), (winner, suit)
            if len(self.alone) == 2:
                reason = f"both players completed a Perfect Dish with the Master's card: the lower card, {card}, wins"
            else:
                reason = f"{winner} completed a Perfect Dish in {suit} with the Master's card"
        elif self.perfect is not None:
            winner, reason = self.perfect[0], f"{self.perfect[0]}'s Perfect Dish in {self.perfect[1]} stands"
            suit = self.perfect[1]
            card = next(str(e.play.card) for e in reversed(self.entries) if e.play.player == winner)
        elif not regular:
            # TD-4: no regular card: the highest special card wins (W99, then W5; PK-8: then GS).
            best = max(self.entries, key=lambda e: {"W99": 3, "W5": 2, "GS": 1}[e.play.card.code])
            winner, card = best.play.player, str(best.play.card)
            reason = f"no regular card was played: the highest special card, {card}, wins"
        elif self.steamer is not None and max(t.values()) <= LIMIT:
            winner, reason = self.steamer, f"no suit totals more than {LIMIT} with the Giant Steamer: its player wins"
        else:
            suit = max(self.rank, key=lambda s: (t[s], -self.rank.index(s)))  # ties: the more popular
            ups = [e for e in self.entries if e.up and suit in self._suits_of(e)]
            if not ups:  # PK-8: nothing face up at all: the chef takes the trick
                winner, reason = self.entries[0].play.player, "no card is face up: the chef takes the trick"
                suit = None
            else:
                top = max(ups, key=lambda e: e.play.card.value)
                winner, card = top.play.player, str(top.play.card)
                reason = f"{suit} has the highest face-up total ({t[suit]}); its highest card is {card}"
        self.events.append(f"{winner} wins the trick: {reason}")
        return TrickResult(winner, reason, self.lead, down, t, perfect, self.events, self.violations, card, suit)


def _played(p: Play, declare: str | None) -> str:
    """A card played, in words (``declare``: the declaration it stands for)."""
    if p.slack:
        return f"{p.player} plays a card face down (Slacker) and cannot win this trick"
    if declare == "accept":
        return f'{p.player}: "Accept!" and plays {p.card} face down'
    said = '"No way!" and ' if declare == "no-way" else ""
    return f"{p.player}: {said}plays {p.card}"


def _at_once_order(p: Play) -> tuple[str, str]:
    return p.card.code, p.player


def _words(declare: str) -> str:
    return {"no-way": "No way!", "accept": "Accept!"}.get(declare, declare)


def _alone_perfect(rank: list[str], master: Play, p: Play) -> str | None:
    """TD-15: the suit in which the Master's card and ``p``'s card alone total exactly 10, if
    any; a face-down (Slacker) card counts for nothing."""
    if p.slack:
        return None
    t = Trick(rank, wild_lead_all=True)
    t.play(0, Play(master.player, master.card))
    t.play(1, Play(p.player, p.card))
    return t.perfect[1] if t.perfect is not None and t.perfect[0] == p.player else None


def referee(rank: list[str], plays: list[Play], hands: dict[str, list[Card]] | None = None,
            hard_steamers: frozenset = frozenset()) -> TrickResult:
    """Play out a trick; ``hands`` (before the trick) lets it check follow-suit (TD-5)."""
    trick = Trick(rank, hard_steamers)
    left = {p: list(h) for p, h in (hands or {}).items()}
    for i, p in enumerate(plays):
        hand = left.get(p.player)
        trick.play(i, p, hand)
        if hand is not None and p.card in hand:
            hand.remove(p.card)
    return trick.result()


__all__ = ["Play", "Trick", "TrickResult", "referee", "parse_card"]
