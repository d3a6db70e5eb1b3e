"""Trick Dumpling as a State (printkit.core.game): a whole game card by card, or one trick.

A whole game (:class:`TrickDumplingState`) takes three kinds of move, each an entry of the
record: the cook boards dealt (the record's ``cooks``, TD-14), a round's deal (a
:class:`~printkit.games.trickdumpling.record.Deal`: rank, chef, missions, hands; a record's
round is one, its tricks are ignored) and a card played (a
:class:`~printkit.games.trickdumpling.record.PlayIn`, at ``("rounds", k, "tricks", t, "plays",
i)``). ``to_move`` is the player expected to play next (TD-9, TD-11); None between rounds (a
deal is expected), once the game is over, and while the two real players of a trick the
Dumpling Master leads choose their cards at once (TD-15): the State holds the first of those
two cards until the second arrives and then settles both, so their order never matters.
``waiting`` names who may play now. ``legal_moves()`` lists the cards they may play (TD-5),
declared where a Perfect Dish stands (TD-7); the Master's only move is the top card of its
stack with the answer TD-11 forces (:meth:`TrickDumplingState.master_move`).

>>> from printkit.games.trickdumpling.record import Deal, PlayIn
>>> s = TrickDumplingState(["Ann", "Bo", "Cy"])
>>> hands = {"Ann": ["S2", "K3"], "Bo": ["S7", "C4"], "Cy": ["S3", "U2"]}
>>> s.apply(Deal(rank=["shrimp", "kimchi", "chives", "soup"], chef="Ann", hands=hands,
...              missions={"Ann": "nephew", "Bo": "spy", "Cy": "nephew"}))[0].message
'Ann holds 2 cards; 8 are dealt with 3 players'
>>> s.to_move, [str(m.card) for m in s.legal_moves()]
('Ann', ['S2', 'K3'])
>>> s.apply(PlayIn(player="Ann", card="S2")), s.to_move, [str(m.card) for m in s.legal_moves()]
([], 'Bo', ['S7'])
>>> [v.rule for v in s.copy().apply(PlayIn(player="Bo", card="C4"))]  # Bo holds shrimp
['TD-5']
>>> s.apply(PlayIn(player="Bo", card="S7")), s.apply(PlayIn(player="Cy", card="S3")), s.leader
([], [], 'Cy')
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeAlias

from printkit.core.game import GameState
from printkit.core.score import PlayerResult, Violation
from printkit.games.trickdumpling.content import CONTENT, Card
from printkit.games.trickdumpling.record import MASTER, Deal, PlayIn, TrickRecord
from printkit.games.trickdumpling.trick import Play, Trick, TrickResult

#: A move: the cook boards dealt (player -> cook), a round's deal, or a card played.
Move: TypeAlias = "dict | Deal | PlayIn"


# -- the rules as pure functions --------------------------------------------------------------

def turn_order(players: Sequence[str], leader: str) -> list[str]:
    """Who plays, in order, in a trick ``leader`` leads (TD-9; TD-11 with 2 players: a real
    player leads, the other follows, the Master plays last; when the Master leads, the two real
    players play at once after it, listed here in seating order).

    >>> turn_order(["A", "B", "C", "D"], "C"), turn_order(["A", "B"], "B"), turn_order(["A", "B"], MASTER)
    (['C', 'D', 'A', 'B'], ['B', 'A', 'Master'], ['Master', 'A', 'B'])
    """
    if len(players) == 2:
        if leader == MASTER:
            return [MASTER] + list(players)
        return [leader, next(p for p in players if p != leader), MASTER]
    i = list(players).index(leader)
    return list(players[i:]) + list(players[:i])


def picky_points(won: list[str | None]) -> list[int]:
    """TD-13: for each trick won in a round (its suit, in order), the Picky Eater points it
    scores: 1 when it is the third trick won with that suit, else 0 (a fourth adds nothing)."""
    seen: dict[str, int] = {}
    out = []
    for suit in won:
        if suit is not None:
            seen[suit] = seen.get(suit, 0) + 1
        out.append(int(suit is not None and seen[suit] == 3))
    return out


def follow_options(lead: str | None, hand: Sequence[Card]) -> list[Card]:
    """TD-5: the cards of ``hand`` that may be played face up: with a lead-suit card in hand,
    the lead-suit cards and the special cards; otherwise any card (in hand order).

    >>> from printkit.games.trickdumpling.content import parse_card
    >>> [str(c) for c in follow_options("shrimp", [parse_card(x) for x in ("K3", "S2", "W5")])]
    ['S2', 'W5']
    """
    follow = [c for c in hand if lead is not None and c.suit == lead]
    return follow + [c for c in hand if c.special] if follow else list(hand)


def missions_done(missions: Mapping[str, str], tricks: dict[str, int], seats: list[str],
                  early: str | None) -> dict[str, list[str]]:
    """TD-10: basic (exactly 3 tricks), nephew (exactly 0), spy (everyone else misses everything).

    PK-9: a round won by Assorted Dumplings gives that player alone a mission accomplished."""
    if early is not None:
        return {p: (["assorted"] if p == early else []) for p in seats}
    done: dict[str, list[str]] = {}
    for p in seats:
        got = []
        if tricks[p] == CONTENT.missions["basic"]["tricks"]:
            got.append("basic")
        if missions.get(p) == "nephew" and tricks[p] == CONTENT.missions["nephew"]["tricks"]:
            got.append("nephew")
        done[p] = got
    for p in seats:
        if missions.get(p) == "spy" and all(not done[q] for q in seats if q != p):
            done[p].append("spy")
    return done


def cooks_dealt_once(cooks: dict[str, str]) -> list[Violation]:
    """TD-14: the cook boards are dealt, so each cook is in play at most once (paths relative
    to the record's ``cooks``)."""
    holder: dict[str, str] = {}
    out = []
    for who, cook in cooks.items():
        if cook in holder:
            out.append(Violation(f"cooks ({who})", "TD-14", f"{_cook_name(cook)} is dealt to {holder[cook]} and "
                                 f"to {who}: there is one board of each cook", path=(who,)))
        holder.setdefault(cook, who)
    return out


def _cook_name(cook: str) -> str:
    return next(c["name"] for c in CONTENT.cooks if c["id"] == cook)


def deal_violations(deal: Deal, k: int, players: list[str]) -> list[Violation]:
    """TD-1, TD-10, TD-11: a round's hands and missions (paths relative to the round)."""
    n = len(players)
    seats = players + ([MASTER] if n == 2 else [])
    where = f"round {k + 1}"
    deck = {c.code for c in CONTENT.deck(n)}
    size = CONTENT.deal[n]
    out = []
    for who in seats:
        hand = deal.hands.get(who)
        if hand is None:
            out.append(Violation(where, "TD-10", f"no hand recorded for {who}", path=("hands",)))
            continue
        if len(hand) != size:
            out.append(Violation(where, "TD-10", f"{who} holds {len(hand)} cards; {size} are dealt with {n} players",
                                 path=("hands", who)))
        out += [Violation(where, "TD-1", f"{c} is not in the deck with {n} players (the 1s and 9s are removed "
                                         "with 2-3 players)", path=("hands", who, j))
                for j, c in enumerate(hand) if c.code not in deck]
    spies = [p for p, m in deal.missions.items() if m == "spy"]
    if sorted(deal.missions) != sorted(seats) or len(spies) != 1:
        out.append(Violation(where, "TD-10", "every player has a secret mission and exactly one is the spy",
                             path=("missions",)))
    if n == 2 and deal.missions.get(MASTER) != "spy":
        out.append(Violation(where, "TD-11", "the Dumpling Master always holds the spy", path=("missions", MASTER)))
    return out


def card_options(trick: Trick | None, who: str, hand: Sequence[Card], slack: bool,
                 declare: bool = True) -> list[PlayIn]:
    """The plays ``who`` may make with ``hand`` in ``trick`` (None: they lead): face up
    following suit (TD-5); where a Perfect Dish stands (``declare``), "No way!" with each card
    that cancels it and "Accept!" with any card (TD-7, TD-12); ``slack``: any card face down
    (the Slacker, TD-12)."""
    from printkit.games.trickdumpling.record import PlayIn  # the automatic players' and pages' moves

    lead = trick.lead if trick is not None else None
    cards = follow_options(lead, hand)
    if trick is None or trick.perfect is None or not declare:
        out = [PlayIn(player=who, card=c) for c in cards]
    else:
        out = [PlayIn(player=who, card=c, declare="no-way") for c in cards if trick.answer(who, c) == "no-way"]
        out += [PlayIn(player=who, card=c, declare="accept") for c in hand]
    return out + ([PlayIn(player=who, card=c, slack=True) for c in hand] if slack else [])


def _play(p: PlayIn) -> Play:
    return Play(p.player, p.card, p.declare, p.slack)


def _card_suit(res: TrickResult, plays: list[Play], who: str) -> str | None:
    """PK-9, PK-11: the suit of the card ``who`` takes a trick with when a Slacker's card would
    have won it (a wild's is the lead suit; the Giant Steamer's none)."""
    card = next(p.card for p in plays if p.player == who)
    return res.lead if card.wild else card.suit


def _taker(res: TrickResult, plays: list[Play]) -> str:
    """TD-12, PK-11: a Slacker's face-down card loses the trick: the chef takes it, or the
    first player after the chef who did not slack."""
    slackers = {p.player for p in plays if p.slack}
    if res.winner not in slackers:
        return res.winner
    return next((p.player for p in plays if p.player not in slackers), plays[0].player)


# -- a whole game -----------------------------------------------------------------------------

@dataclass
class Round:
    """A round so far: the deal, the hands left, each trick's winner and what they scored."""

    k: int
    deal: Deal
    seats: list[str]
    hands: dict[str, list[Card]]
    tricks: dict[str, int]
    winners: list[str] = field(default_factory=list)
    won_suits: dict[str, list[str | None]] = field(default_factory=dict)
    points: dict[str, int] = field(default_factory=dict)
    accomplished: dict[str, list[str]] | None = None  # once the round is over
    early: str | None = None  # Assorted Dumplings ended the round (PK-9)
    details: list[str] = field(default_factory=list)
    told_over: bool = False  # a card after the round's end was reported
    #: Each finished trick: its cards as played and the referee's verdict (for the table's page).
    results: list[tuple[list[Play], TrickResult]] = field(default_factory=list)

    @property
    def over(self) -> bool:
        return self.accomplished is not None

    @property
    def where(self) -> str:
        return f"round {self.k + 1}"

    def cards_left(self) -> dict[str, int]:
        return {p: len(h) for p, h in self.hands.items() if h}

    def summary(self) -> dict:
        return {"round": self.k + 1, "tricks": self.tricks, "winners": self.winners, "won_suits": self.won_suits,
                "missions": self.accomplished if self.over else {p: [] for p in self.seats},
                "points": self.points, "finished": self.over}


@dataclass
class OpenTrick:
    """A trick being played: its cards in the order they came, and who is expected."""

    t: int
    trick: Trick
    expected: list[str]
    master_led: bool
    plays: list[Play] = field(default_factory=list)
    #: TD-15: the real players' cards after the Master's lead, held until both are down.
    held: list[Play] = field(default_factory=list)
    out_of_turn: bool = False  # the TD-9 order violation was reported

    @property
    def players(self) -> list[str]:
        return [p.player for p in self.plays]

    def where(self, k: int) -> str:
        return f"round {k + 1}, trick {self.t + 1}"


class TrickDumplingState(GameState[Move]):
    """A whole game of Trick Dumpling (TD-1 to TD-15), card by card."""

    def __init__(self, players: list[str], cooks: dict[str, str] | None = None):
        self.players = list(players)
        self.seats = self.players + ([MASTER] if len(players) == 2 else [])
        self.threshold = CONTENT.threshold[len(players)]
        self.cooks: dict[str, str] = dict(cooks or {})
        self.slack_used: dict[str, int] = {}
        self.rounds: list[Round] = []
        self.trick: OpenTrick | None = None
        #: Who leads the next trick; between rounds, who won the last trick and is the next chef.
        self.leader: str | None = None
        self.ended_at: int | None = None  # the round in which someone reached the threshold
        self.closed = False  # a round was dealt after the game's end: nothing more is played

    # -- what the table sees ------------------------------------------------------------------
    @property
    def round(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def waiting(self) -> tuple[str, ...]:
        """Who may play a card now: the player to move, or both real players at once (TD-15)."""
        r = self.round
        if r is None or r.over or self.closed:
            return ()
        o = self.trick
        if o is None:
            return (self.leader,) if self.leader else ()
        if o.master_led and o.plays:
            return tuple(p for p in self.players if p not in o.players)
        return tuple(p for p in o.expected if p not in o.players)[:1]

    @property
    def to_move(self) -> str | None:
        o = self.trick
        if o is not None and o.master_led and o.plays:
            return None  # TD-15: both real players at once
        return next(iter(self.waiting), None)

    @property
    def is_over(self) -> bool:
        return self.ended_at is not None

    def master_move(self) -> PlayIn | None:
        """TD-11: the Master's card, the top of its stack, with the answer it must give to a
        standing Perfect Dish (cancel when its card can, else accept); None when the Master
        has no card."""
        from printkit.games.trickdumpling.record import PlayIn  # the automatic players' and pages' move

        r = self.round
        stack = r.hands.get(MASTER) if r is not None else None
        if not stack:
            return None
        trick = self.trick.trick if self.trick is not None else None
        declare = trick.answer(MASTER, stack[0]) if trick is not None and trick.perfect is not None else None
        return PlayIn(player=MASTER, card=stack[0], declare=declare)

    def legal_moves(self) -> list[PlayIn] | None:
        """The cards the players in :attr:`waiting` may play; None while a deal is expected."""
        r = self.round
        if r is None or not self.waiting:
            return None
        out: list[PlayIn] = []
        for who in self.waiting:
            if who == MASTER:
                m = self.master_move()
                out += [m] if m is not None else []
                continue
            slack = self.cooks.get(who) == "slacker" and self.slack_used.get(who, 0) < CONTENT.slacker_uses
            trick = self.trick.trick if self.trick is not None else None
            declare = self.trick is None or not self.trick.master_led
            out += card_options(trick, who, r.hands.get(who, []), slack, declare)
        return out

    # -- moves --------------------------------------------------------------------------------
    def apply(self, move: Move) -> list[Violation]:
        if self.closed:
            return []
        if isinstance(move, PlayIn):
            return self._card(move)
        if isinstance(move, Deal):
            return self._deal(move)
        self.cooks = dict(move)
        return cooks_dealt_once(self.cooks)

    def _deal(self, deal: Deal) -> list[Violation]:
        out: list[Violation] = []
        r = self.round
        if r is not None and not r.over:
            out += self._cut_short(r)
        k = len(self.rounds)
        if self.ended_at is not None:
            self.closed = True
            return out + [Violation(f"round {k + 1}", "TD-10", f"the game ended after round {self.ended_at + 1}, "
                                                               f"when someone reached {self.threshold} points")]
        if r is not None and deal.chef != self.leader:
            out.append(Violation(f"round {k + 1}", "TD-10", f"{deal.chef} is chef, but {self.leader} won the last "
                                                            "trick and becomes the chef", path=("chef",)))
        out += deal_violations(deal, k, self.players)
        self.rounds.append(Round(k, deal, self.seats, {p: list(h) for p, h in deal.hands.items()},
                                 tricks={p: 0 for p in self.seats}, won_suits={p: [] for p in self.seats},
                                 points={p: 0 for p in self.seats}))
        self.leader = deal.chef
        if not self.rounds[-1].cards_left():  # nothing dealt: the round is over at once
            self._score_round(self.rounds[-1])
        return out

    def _cut_short(self, r: Round) -> list[Violation]:
        """A deal while the round is not over (TD-10): its trick in play ends as it is, and the
        round with the cards still in hand."""
        out = self._end_trick(r) if self.trick is not None else []
        if not r.over:
            left = r.cards_left()
            if left:
                out.append(Violation(r.where, "TD-10", "the round ends when every hand is empty; cards left: "
                                     + ", ".join(f"{p} {c}" for p, c in left.items())))
            self._score_round(r)
        return out

    def _card(self, p: PlayIn) -> list[Violation]:
        r = self.round
        if r is None:
            return [Violation("round 1", "TD-10", f"{p.player} plays before the cards are dealt")]
        if r.over:
            return self._after_round(r)
        out: list[Violation] = []
        if self.trick is not None and p.player in self.trick.players:
            out += self._end_trick(r)  # a second card of theirs: the trick before it was short
            if r.over:
                return out + self._after_round(r)
        if self.trick is None:
            out += self._open_trick(r, p.player)
        o = self.trick
        assert o is not None
        out += self._checks(r, o, p) + self._put(r, o, _play(p))
        if len(o.plays) == len(self.seats):
            out += self._end_trick(r)
        return out

    def _after_round(self, r: Round) -> list[Violation]:
        if r.told_over:
            return []
        r.told_over = True
        where = f"{r.where}, trick {len(r.winners) + 1}"
        if r.early is not None:
            return [Violation(where, "TD-12", f"the round ended when {r.early} won tricks with four different "
                                              "suits (Assorted Dumplings)")]
        return [Violation(where, "TD-10", "the round is over: every hand is empty")]

    def _open_trick(self, r: Round, first: str) -> list[Violation]:
        t = len(r.winners)
        master_led = len(self.players) == 2 and first == MASTER
        hard = frozenset(p for p, c in self.cooks.items() if c == "hard")
        self.trick = OpenTrick(t, Trick(r.deal.rank, hard, wild_lead_all=master_led),
                               turn_order(self.players, first), master_led)
        if first == self.leader:
            return []
        return [Violation(self.trick.where(r.k), "TD-9", f"{first} leads, but {self.leader} "
                                                         f"{'is the chef' if t == 0 else 'won the last trick'} and leads")]

    def _out_of_turn(self, r: Round, o: OpenTrick) -> list[Violation]:
        """TD-9 (TD-15), once a trick: the cards do not come in turn."""
        if o.out_of_turn:
            return []
        o.out_of_turn = True
        return [Violation(o.where(r.k), "TD-9", "every player plays one card, in turn clockwise from the leader: "
                                                + " ".join(o.expected)
                                                + (" (the two players at once, in either order)"
                                                   if o.master_led else ""))]

    def _checks(self, r: Round, o: OpenTrick, p: PlayIn) -> list[Violation]:
        """TD-9 to TD-12: the card comes in turn, from the hand (the Master's from the top of
        its stack), and only the Slacker plays face down, twice a game at most."""
        out: list[Violation] = []
        if o.plays and not o.master_led and o.expected[len(o.plays)] != p.player:
            out += self._out_of_turn(r, o)
        where = f"{o.where(r.k)}, {p.player}"
        hand = r.hands.get(p.player, [])
        if p.card not in hand:
            out.append(Violation(where, "TD-10", f"{p.card} is not in {p.player}'s hand"))
        if p.player == MASTER and hand and p.card != hand[0]:
            out.append(Violation(where, "TD-11", f"the Master plays the top card of its stack, {hand[0]}"))
        if p.slack:
            if self.cooks.get(p.player) != "slacker":
                out.append(Violation(where, "TD-12", "only the Slacker plays a card face down"))
            self.slack_used[p.player] = self.slack_used.get(p.player, 0) + 1
            if self.slack_used[p.player] > CONTENT.slacker_uses:
                out.append(Violation(where, "TD-12", f"the Slacker plays face down {CONTENT.slacker_uses} times "
                                                     "a game at most"))
        if p.player == MASTER and o.trick.perfect is not None and o.plays and not o.master_led:
            want = o.trick.answer(MASTER, p.card)  # TD-11: cancel whenever it can, else accept
            if p.declare != want:
                can = want == "no-way"
                out.append(Violation(where, "TD-11", f"the Master {'cancels' if can else 'accepts'} here: its card "
                                                     f"{'can' if can else 'cannot'} cancel the Perfect Dish"))
        return out

    def _put(self, r: Round, o: OpenTrick, p: Play) -> list[Violation]:
        """The card joins the trick (TD-4 to TD-8, TD-15) and leaves the hand."""
        i = len(o.plays)
        before = len(o.trick.violations)
        hand = r.hands.get(p.player, [])
        if o.master_led and o.plays:
            o.trick.check_at_once(i, p, list(hand))
            o.held.append(p)
        else:
            o.trick.play(i, p, None if p.player == MASTER else list(hand))
        o.plays.append(p)
        if p.card in hand:
            hand.remove(p.card)
        where = f"{o.where(r.k)}, {p.player}"
        return [Violation(where, rule, msg) for _, rule, msg in o.trick.violations[before:]]

    def _end_trick(self, r: Round) -> list[Violation]:
        """The trick is over (all its cards down, or cut short): its winner takes it and leads."""
        o = self.trick
        assert o is not None
        out = self._out_of_turn(r, o) if len(o.plays) < len(self.seats) else []
        if o.master_led:
            o.trick.settle_at_once(o.held)
        self.trick = None
        res = o.trick.result()
        winner = _taker(res, o.plays)
        r.winners.append(winner)
        r.tricks[winner] += 1
        r.won_suits[winner].append(res.suit if winner == res.winner else _card_suit(res, o.plays, winner))
        r.details.append(f"{o.where(r.k)}: {winner} wins ({res.reason})")
        r.results.append((list(o.plays), res))
        self.leader = winner
        self._cooks_after_trick(r, o, winner)
        if r.early is not None or not r.cards_left():
            self._score_round(r)
        return out

    def _cooks_after_trick(self, r: Round, o: OpenTrick, winner: str) -> None:
        """TD-13: the Picky Eater's point at a suit's third trick; PK-9: Assorted Dumplings
        ends the round at once when its player has won with all four suits."""
        cook = self.cooks.get(winner)
        won = r.won_suits[winner]
        if cook == "picky" and picky_points(won)[-1]:
            r.points[winner] += 1
            r.details.append(f"{o.where(r.k)}: {winner} won 3 tricks with {won[-1]}: Picky Eater scores 1")
        if cook == "assorted" and len({s for s in won if s}) == 4:
            r.early = winner
            r.details.append(f"{r.where}: {winner} won tricks with four different suits: Assorted Dumplings "
                             "wins the round")

    def _score_round(self, r: Round) -> None:
        """TD-10: missions are scored when the round ends; the game ends with the round in which
        someone reaches the threshold. The Double Agent scores 1 when another player scores as
        the spy (TD-12)."""
        r.accomplished = done = missions_done(r.deal.missions, r.tricks, self.seats, r.early)
        failed = [p for p in self.seats if not done[p]]
        for p in self.seats:
            if done[p]:
                r.points[p] += len(failed)
        spy = next((p for p, m in r.deal.missions.items() if m == "spy"), None)
        if spy and "spy" in done.get(spy, []) and failed:
            for p, c in self.cooks.items():
                if c == "double" and p != spy:
                    r.points[p] += 1
                    r.details.append(f"{r.where}: {p}, the Double Agent, scores 1 as {spy} scores with the spy "
                                     "mission")
        if any(v >= self.threshold for v in self._totals().values()):
            self.ended_at = r.k

    # -- the report ---------------------------------------------------------------------------
    def _totals(self) -> dict[str, int]:
        return {p: sum(r.points[p] for r in self.rounds) for p in self.seats}

    def standings(self) -> list[PlayerResult]:
        totals = self._totals()
        return [PlayerResult(p, totals[p], {"points": [r.points[p] for r in self.rounds],
                                            "tricks": [r.tricks[p] for r in self.rounds]}) for p in self.seats]

    def notes(self) -> list[str]:
        out = []
        r = self.round
        if r is not None and not r.over:
            why = (f"the record stops during trick {self.trick.t + 1} of round {r.k + 1}" if self.trick is not None
                   else f"the record stops after trick {len(r.winners)} of round {r.k + 1}, with cards in hand")
            out.append(f"{why}: the round is not over, so its missions are not scored yet")
        if self.ended_at is None:
            out.append(f"nobody has reached {self.threshold} points yet: the game goes on")
        return out

    def details(self) -> list[str]:
        out = []
        for r in self.rounds:
            out += r.details
            out.append(f"{r.where}{'' if r.over else ' so far'}: tricks "
                       + ", ".join(f"{p} {r.tricks[p]}" for p in self.seats)
                       + "; points " + ", ".join(f"{p} +{r.points[p]}" for p in self.seats))
        return out

    def extra(self) -> dict:
        return {"rounds": [r.summary() for r in self.rounds]}


# -- a single trick (the referee) -------------------------------------------------------------

class SingleTrickState(GameState[Move]):
    """One trick for the referee (TD-4 to TD-9, TD-12): the cards in the order played, the
    chef's first; with the hands before the trick, follow-suit is checked too (TD-5). A trick
    record names no seating, so ``to_move`` is None; ``legal_moves()`` lists, when the hands are
    known, the plays of everyone who has not played yet."""

    def __init__(self, rank: list[str], hands: dict[str, list[Card]] | None = None,
                 cooks: dict[str, str] | None = None):
        self.rank = list(rank)
        self.hands = {p: list(h) for p, h in (hands or {}).items()}
        self.cooks: dict[str, str] = dict(cooks or {})
        self.trick = Trick(self.rank, self._hard())
        self.plays: list[Play] = []
        self.broken = False  # a rule is broken: the trick names no winner

    def _hard(self) -> frozenset:
        return frozenset(p for p, c in self.cooks.items() if c == "hard")

    @property
    def to_move(self) -> str | None:
        return None

    @property
    def is_over(self) -> bool:
        return len(self.plays) >= 2

    def legal_moves(self) -> list[PlayIn] | None:
        if not self.hands:
            return None
        played = {p.player for p in self.plays}
        return [m for who, hand in self.hands.items() if who not in played
                for m in card_options(self.trick if self.plays else None, who, hand,
                                      self.cooks.get(who) == "slacker")]

    def apply(self, move: Move) -> list[Violation]:
        out = self._apply(move)
        self.broken = self.broken or bool(out)
        return out

    def _apply(self, move: Move) -> list[Violation]:
        if isinstance(move, dict):
            self.cooks = dict(move)
            self.trick.hard = self._hard()
            return cooks_dealt_once(self.cooks)
        if not isinstance(move, PlayIn):
            return [Violation("trick", "TD-10", "a trick record has no deals")]
        i = len(self.plays)
        where = f"play {i + 1} ({move.player})"
        out = []
        hand = self.hands.get(move.player)
        if hand is not None and move.card not in hand:
            out.append(Violation(where, "TD-10", f"{move.card} is not in {move.player}'s hand"))
        if move.slack and self.cooks.get(move.player) != "slacker":
            out.append(Violation(where, "TD-12", "only the Slacker plays a card face down"))
        before = len(self.trick.violations)
        self.trick.play(i, _play(move), hand)
        if hand is not None and move.card in hand:
            hand.remove(move.card)
        self.plays.append(_play(move))
        return out + [Violation(where, rule, msg) for _, rule, msg in self.trick.violations[before:]]

    def result(self) -> TrickResult:
        """The trick's verdict as it stands (the trick itself stays open)."""
        return copy.deepcopy(self.trick).result()

    def standings(self) -> list[PlayerResult]:
        winner = self.result().winner
        players = list(dict.fromkeys(p.player for p in self.plays))
        return [PlayerResult(p, int(p == winner), {"card": next(str(x.card) for x in self.plays if x.player == p)})
                for p in players]

    def details(self) -> list[str]:
        res = self.result()
        events = list(res.events)
        if self.broken:
            events[-1] = f"by the cards as played, {res.winner} would take the trick: {res.reason}"
        return events

    def extra(self) -> dict:
        res = self.result()
        return {"winner": None if self.broken else res.winner, "face_down": res.face_down, "lead": res.lead,
                "totals": res.totals, "reason": res.reason, "events": self.details()}


# -- records ----------------------------------------------------------------------------------

def start(records: Sequence) -> GameState:
    """The State a record starts: a trick record's referee, or a whole game."""
    (rec,) = records
    if isinstance(rec, TrickRecord):
        return SingleTrickState(rec.rank, rec.hands)
    return TrickDumplingState(rec.players)


def moves(records: Sequence) -> Iterator[tuple[int, tuple, Move]]:
    """A record's moves in order: the cooks dealt, then each round's deal and its cards."""
    (rec,) = records
    if rec.cooks:
        yield 0, ("cooks",), dict(rec.cooks)
    if isinstance(rec, TrickRecord):
        for i, p in enumerate(rec.plays):
            yield 0, ("plays", i), p
        return
    for k, r in enumerate(rec.rounds):
        yield 0, ("rounds", k), r
        for t, trick in enumerate(r.tricks):
            for i, p in enumerate(trick.plays):
                yield 0, ("rounds", k, "tricks", t, "plays", i), p
