"""The trick referee: TD-4 to TD-9 applied card by card, with the reasons in words.

>>> res = referee(["shrimp", "kimchi", "chives", "soup"],
...               [Play("A", parse_card("S2")), Play("B", parse_card("S7")),
...                Play("C", parse_card("C4")), Play("D", parse_card("S3"))])
>>> res.winner, res.face_down
('D', ['S7'])
"""

from __future__ import annotations

from dataclasses import dataclass, field

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
    forced_down: bool = False  # Accept! and Slacker cards


@dataclass
class TrickResult:
    winner: str | None
    reason: str
    lead: str | None
    face_down: list[str]
    totals: dict[str, int]
    perfect: tuple[str, str] | None
    events: list[str] = field(default_factory=list)
    #: (play index, rule, sentence)
    violations: list[tuple[int, str, str]] = field(default_factory=list)
    winning_card: str | None = None


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

    # -- totals and the steamer limit ------------------------------------------------------
    def _suits_of(self, e: _Entry) -> list[str]:
        c = e.play.card
        if c.steamer or not e.counted:
            return []
        if c.wild:
            if self.wild_lead_all and e is self.entries[0]:
                return [s for s in self.rank if any(x.up and x.counted and x.play.card.suit == s for x in self.entries)]
            return [self.lead] if self.lead else []
        return [c.suit]

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
        c = p.card
        standing = self.perfect
        declare = p.declare
        if standing is None and declare is not None:
            self.violations.append((i, "TD-7", f'"{_words(declare)}" answers a Perfect Dish, and none stands'))
            declare = None
        if standing is not None and declare is None and not p.slack:
            self.violations.append((i, "TD-7", f"a Perfect Dish stands ({standing[0]}, {standing[1]}): "
                                               'declare "No way!" or "Accept!"'))
        if standing is not None and declare == "no-way" and standing[0] in self.hard:
            self.violations.append((i, "TD-12", f'{standing[0]} is the Hard Steamer: nobody may say "No way!" '
                                                "to their Perfect Dish"))
            declare = "accept"
        face_down = p.slack or declare == "accept"
        if hand is not None and not face_down:
            self._follow(i, p, hand)
        entry = _Entry(p, up=not face_down, counted=not (c.wild and self.lead is None), forced_down=face_down)
        self.entries.append(entry)
        if p.slack:
            self.events.append(f"{p.player} plays a card face down (Slacker) and cannot win this trick")
        elif declare == "accept":
            self.events.append(f'{p.player}: "Accept!" and plays {c} face down')
        else:
            said = '"No way!" and ' if declare == "no-way" else ""
            self.events.append(f"{p.player}: {said}plays {c}")
        made: str | None = None
        if entry.up and c.steamer:
            self.steamer = p.player
            back = [e for e in self.entries if not e.up and not (e.play.slack)]
            for e in back:
                e.up = True
            self.events.append("Giant Steamer: no steamer limit and no Perfect Dish for the rest of the trick"
                               + (f"; face up again: {', '.join(str(e.play.card) for e in back)}" if back else ""))
        elif entry.up and not c.special and self.lead is None:
            self.lead = c.suit
            self.events.append(f"lead suit: {c.suit}")
            for e in self.entries[:-1]:  # TD-4: waiting wilds join the lead suit in play order
                if e.play.card.wild and not e.counted:
                    e.counted = True
                    self.events.append(f"{e.play.card} joins {c.suit}")
                    self._limit()
        if entry.up and not c.steamer and entry.counted:
            self._limit()
            made = self.lead if c.wild else c.suit
        self._perfect(i, p, declare, standing, made)

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
        if self.perfect is not None:
            winner, reason = self.perfect[0], f"{self.perfect[0]}'s Perfect Dish in {self.perfect[1]} stands"
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
            else:
                top = max(ups, key=lambda e: e.play.card.value)
                winner, card = top.play.player, str(top.play.card)
                reason = f"{suit} has the highest face-up total ({t[suit]}); its highest card is {card}"
        self.events.append(f"{winner} wins the trick: {reason}")
        return TrickResult(winner, reason, self.lead, down, t, self.perfect, self.events, self.violations, card)


def _words(declare: str) -> str:
    return {"no-way": "No way!", "accept": "Accept!"}.get(declare, declare)


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
