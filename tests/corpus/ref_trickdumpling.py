"""An independent Trick Dumpling referee and whole-game generator (issue 10, corpus).

Written from ``../shared/rulebooks/trick-dumpling.txt``, ``../shared/RULINGS.md`` (TD-1 to
TD-15), ``docs/rulings.md`` (PK-8 to PK-11) and ``docs/records.md`` only; it does not import or
read printkit's Trick Dumpling code. Records are plain dicts in the documented whole-game format.

Where the texts leave a case open (a wild card played by a real player in a trick the Master
leads with a special card; a Giant Steamer beside another player's Perfect Dish in such a
trick; a Slacker's card while a Perfect Dish stands; a trick of special cards only with the
Giant Steamer), the referee raises ``Ambiguous`` and the generator avoids the case.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

SUITS = ["kimchi", "chives", "shrimp", "soup"]
LETTER = {"K": "kimchi", "C": "chives", "S": "shrimp", "U": "soup"}
SUIT_LETTER = {v: k for k, v in LETTER.items()}
NUMBERS = [1, 2, 3, 4, 6, 7, 8, 9]
SPECIALS = ["W5", "W99", "GS"]
DEAL = {2: 8, 3: 8, 4: 8, 5: 7}
THRESHOLD = {2: 5, 3: 5, 4: 7, 5: 8}
LIMIT = 10
COOKS = ["assorted", "picky", "slacker", "hard", "double"]
MASTER = "Master"


class Ambiguous(Exception):
    """The rule texts do not decide this case."""


@dataclass(frozen=True)
class Card:
    code: str

    @property
    def suit(self) -> str | None:
        return LETTER.get(self.code[0]) if self.code not in SPECIALS else None

    @property
    def value(self) -> int:
        if self.code == "GS":
            return 0
        if self.code in ("W5", "W99"):
            return int(self.code[1:])
        return int(self.code[1:])

    @property
    def regular(self) -> bool:
        return self.code not in SPECIALS

    @property
    def wild(self) -> bool:
        return self.code in ("W5", "W99")


def deck(players: int) -> list[str]:
    nums = [n for n in NUMBERS if players > 3 or n not in (1, 9)]
    hands = players + (1 if players == 2 else 0)
    return [f"{SUIT_LETTER[s]}{n}" for s in SUITS for n in nums] + list(SPECIALS) if hands else []


def seats(players: list[str]) -> list[str]:
    return list(players) + ([MASTER] if len(players) == 2 else [])


# ---------------------------------------------------------------------------------------------
# One trick, card by card (TD-4 to TD-9, PK-8, PK-11)

@dataclass
class Play:
    player: str
    card: Card
    face_up: bool
    declare: str | None = None
    slack: bool = False


class Trick:
    """A trick led by ``leader``; plays are added in order with ``play``."""

    def __init__(self, rank: list[str], cooks: dict[str, str]):
        self.rank = rank
        self.cooks = cooks
        self.plays: list[Play] = []
        self.lead: str | None = None
        self.gs: str | None = None  # who played the Giant Steamer
        self.perfect: tuple[str, str] | None = None  # (player, suit) standing
        self.problems: list[str] = []  # rule ids broken in this trick

    # -- state -------------------------------------------------------------------------------
    def pop(self, suit: str) -> int:
        return self.rank.index(suit)

    def suit_of(self, p: Play) -> str | None:
        if p.card.regular:
            return p.card.suit
        if p.card.wild:
            return self.lead
        return None

    def totals(self) -> dict[str, int]:
        t = {s: 0 for s in SUITS}
        for p in self.plays:
            s = self.suit_of(p)
            if p.face_up and s is not None:
                t[s] += p.card.value
        return t

    def limit(self) -> None:
        """TD-6 (none while the Giant Steamer is out, TD-8): flip each suit's highest card."""
        if self.gs:
            return
        while True:
            t = self.totals()
            over = [s for s in SUITS if t[s] > LIMIT]
            if not over:
                return
            s = over[0]
            top = max((p for p in self.plays if p.face_up and self.suit_of(p) == s), key=lambda p: p.card.value)
            top.face_up = False

    def holds_lead(self, hand: list[Card]) -> bool:
        return self.lead is not None and any(c.regular and c.suit == self.lead for c in hand)

    def follows(self, card: Card, hand: list[Card]) -> bool:
        """TD-5 for a card played face up."""
        if not self.holds_lead(hand):
            return True
        return not card.regular or card.suit == self.lead

    def cancels(self, card: Card, player: str) -> bool:
        """Would ``card`` played face up cancel the standing Perfect Dish (TD-7)?"""
        snap = self._snapshot()
        try:
            self._put(Play(player, card, True))
            return self._cancelled(snap[3])
        finally:
            self._restore(snap)

    def _cancelled(self, before: tuple[str, str] | None) -> bool:
        if before is None:
            return False
        return self.perfect != before

    def _snapshot(self):
        return ([(p, p.face_up) for p in self.plays], self.lead, self.gs, self.perfect)

    def _restore(self, snap) -> None:
        plays, self.lead, self.gs, self.perfect = snap
        self.plays = [p for p, _ in plays]
        for p, up in plays:
            p.face_up = up

    def _put(self, play: Play) -> None:
        """Add a card (face up or down) and settle the steamer and Perfect Dish."""
        before = self.totals()
        self.plays.append(play)
        if play.card.code == "GS" and play.face_up:
            self.gs = play.player
            for p in self.plays:  # TD-8: every face-down card turns face up (not a Slacker's)
                if not p.slack:
                    p.face_up = True
            self.perfect = None
        if play.face_up and play.card.regular and self.lead is None:
            self.lead = play.card.suit  # TD-4: wilds already played join it now
        self.limit()
        if self.gs:
            return
        after = self.totals()
        if self.perfect is not None and after[self.perfect[1]] != LIMIT:
            self.perfect = None  # cancelled
        s = self.suit_of(play) if play.face_up else None
        if s is not None and after[s] == LIMIT and before[s] != LIMIT:
            if self.perfect is None or self.pop(s) < self.pop(self.perfect[1]):
                self.perfect = (play.player, s)

    # -- a play from a record ----------------------------------------------------------------
    def play(self, player: str, card: Card, hand: list[Card], declare: str | None = None,
             slack: bool = False, forced: bool = False) -> None:
        """Check and add one play. ``forced``: the Master's top card (TD-11)."""
        standing = self.perfect
        if slack:
            if standing is not None:
                raise Ambiguous("a Slacker's card while a Perfect Dish stands")
            if declare:
                self.problems.append("TD-7")
            self._put(Play(player, card, False, None, True))
            return
        if standing is None:
            if declare:
                self.problems.append("TD-7")  # nothing to declare against
            if not forced and not self.follows(card, hand):
                self.problems.append("TD-5")
            self._put(Play(player, card, True, declare))
            return
        hard = self.cooks.get(standing[0]) == "hard"
        if forced:
            # TD-11: the Master cancels whenever its top card can, otherwise accepts
            can = not hard and self.cancels(card, player)
            want = "no-way" if can else "accept"
            if declare != want:
                self.problems.append("TD-11")
            if want == "no-way":
                self._put(Play(player, card, True, declare))
            else:
                self._put(Play(player, card, False, declare))
            return
        if declare == "accept":
            self._put(Play(player, card, False, declare))
            return
        if declare == "no-way":
            if not self.follows(card, hand):
                self.problems.append("TD-5")
            if hard:
                # Hard Steamer: nobody can say "No way!", so the card goes down as an Accept!
                self.problems.append("TD-12")
                self._put(Play(player, card, False, declare))
                return
            if not self.cancels(card, player):
                self.problems.append("TD-7")
            self._put(Play(player, card, True, declare))
            return
        self.problems.append("TD-7")  # a Perfect Dish stands: No way! or Accept!
        self._put(Play(player, card, True, declare))

    # -- the winner --------------------------------------------------------------------------
    def winner(self) -> tuple[str, str | None]:
        """(winner, suit the trick was won with) by TD-7 to TD-9, PK-8, PK-11."""
        if self.perfect is not None:
            return self.perfect[0], self.perfect[1]
        up = [p for p in self.plays if p.face_up]
        if self.gs:
            t = self.totals()
            if self.lead is None and any(p.card.wild for p in up):
                raise Ambiguous("a Giant Steamer among special cards only")
            if all(v <= LIMIT for v in t.values()):
                return self.gs, None
        if self.lead is None:
            for code in ("W99", "W5", "GS"):  # TD-4, PK-8
                for p in up:
                    if p.card.code == code:
                        return p.player, None
            return self._fallback(), None
        t = self.totals()
        suits = [s for s in SUITS if any(self.suit_of(p) == s for p in up)]
        if not suits:
            return self._fallback(), None
        best = max(suits, key=lambda s: (t[s], -self.pop(s)))
        top = max((p for p in up if self.suit_of(p) == best), key=lambda p: p.card.value)
        return top.player, best

    def _fallback(self) -> str:
        for p in self.plays:  # PK-8 / PK-11: the chef, or the first who did not slack
            if not p.slack:
                return p.player
        return self.plays[0].player


def master_led(rank: list[str], cooks: dict[str, str], plays: list[dict], hands: dict[str, list[Card]]
               ) -> tuple[str, str | None, list[str]]:
    """A trick the Master leads (TD-11, TD-15): the real players' cards are simultaneous.

    Returns (winner, suit won with, rule ids broken). The record's order of the two real
    players' cards never matters.
    """
    problems: list[str] = []
    m = Card(plays[0]["card"])
    real = plays[1:]
    lead = m.suit if m.regular else None
    for p in plays:
        if p.get("declare"):
            problems.append("TD-15")
    for p in real:
        c = Card(p["card"])
        if not p.get("slack") and lead is not None:
            holds = any(x.regular and x.suit == lead for x in hands[p["player"]])
            if holds and c.regular and c.suit != lead:
                problems.append("TD-5")
    ups = [(p["player"], Card(p["card"])) for p in real if not p.get("slack")]
    if not m.regular and any(c.wild for _, c in ups):
        raise Ambiguous("a wild beside the Master's special lead")
    gs = m.code == "GS" or any(c.code == "GS" for _, c in ups)
    # Perfect Dishes, each on the Master's card and the player's own card alone
    perfect = [(pl, c) for pl, c in ups if m.regular and c.regular and c.suit == m.suit
               and m.value + c.value == LIMIT and m.code != "GS"]
    if perfect and any(c.code == "GS" for _, c in ups):
        raise Ambiguous("a Giant Steamer beside another player's Perfect Dish")
    if perfect:
        pl, c = min(perfect, key=lambda x: x[1].value)
        return pl, c.suit, problems
    # Otherwise all the face-up cards, at once
    cards = [(MASTER, m)] + ups
    if m.regular or m.code == "GS":
        t = Trick(rank, cooks)
        for pl, c in cards:  # no wilds after a special lead (Ambiguous above)
            if c.regular and t.lead is None:
                t.lead = c.suit
        t.plays = [Play(pl, c, True) for pl, c in cards]
        if lead is not None:
            t.lead = lead
        if gs:
            t.gs = MASTER if m.code == "GS" else next(pl for pl, c in ups if c.code == "GS")
        t.limit()
        w, s = t.winner()
        return w, s, problems
    # The Master led W5 or W99: it counts in every suit (TD-11)
    regs = [(pl, c) for pl, c in ups if c.regular]
    if gs:
        gsp = next(pl for pl, c in ups if c.code == "GS")
    best = None
    for s in SUITS:
        members = [(MASTER, m.value)] + [(pl, c.value) for pl, c in regs if c.suit == s]
        if len(members) == 1:
            continue
        face = list(members)
        while not gs and sum(v for _, v in face) > LIMIT:
            face.remove(max(face, key=lambda x: x[1]))
        tot = sum(v for _, v in face)
        key = (tot, -rank.index(s))
        if face and (best is None or key > best[0]):
            top = max(face, key=lambda x: x[1])
            best = (key, top[0], s)
    if gs:
        tot_over = best is not None and best[0][0] > LIMIT
        if not tot_over:
            return gsp, None, problems
    if best is None:
        return (MASTER if m.value else plays[0]["player"]), None, problems
    return best[1], best[2], problems


# ---------------------------------------------------------------------------------------------
# The whole game

@dataclass
class Verdict:
    valid: bool
    violations: list[tuple[str, str]]  # (where, rule)
    points: dict[str, int]
    winners: list[str]
    unfinished: bool
    tricks: list[dict[str, int]] = field(default_factory=list)

    @property
    def rules(self) -> set[str]:
        return {r for _, r in self.violations}


def referee(rec: dict) -> Verdict:
    players = [str(p) for p in rec["players"]]
    n = len(players)
    everyone = seats(players)
    cooks = {str(k): str(v) for k, v in (rec.get("cooks") or {}).items()}
    viol: list[tuple[str, str]] = []
    if len(set(cooks.values())) < len(cooks):
        viol.append(("cooks", "TD-14"))
    points = {p: 0 for p in everyone}
    slacks = Counter()
    threshold = THRESHOLD[n]
    game_over = False
    last_winner: str | None = None
    unfinished = False
    tricks_log = []
    full_deck = set(deck(n))
    rounds = rec.get("rounds", [])
    for ri, rd in enumerate(rounds):
        where = f"round {ri + 1}"
        if game_over:
            viol.append((where, "TD-10"))  # the game had ended: this round is not scored
            continue
        rank = [s if s in SUITS else LETTER[s] for s in rd["rank"]]
        hands = {str(k): [Card(c) for c in v] for k, v in rd["hands"].items()}
        dealt = [c.code for h in hands.values() for c in h]
        if (set(hands) != set(everyone) or any(len(h) != DEAL[n] for h in hands.values())
                or len(set(dealt)) != len(dealt) or not set(dealt) <= full_deck):
            viol.append((where, "TD-10"))
        missions = {str(k): str(v) for k, v in rd["missions"].items()}
        spies = [p for p, m in missions.items() if m == "spy"]
        if len(spies) != 1 or (n == 2 and spies != [MASTER]):
            viol.append((where, "TD-10"))
        chef = str(rd["chef"])
        if last_winner is not None and chef != last_winner:
            viol.append((where, "TD-9"))
        left = {p: list(h) for p, h in hands.items()}
        won = Counter()
        won_suits: dict[str, Counter] = {p: Counter() for p in everyone}
        assorted_end = None
        leader = chef
        for ti, tr in enumerate(rd["tricks"]):
            tw = f"{where}, trick {ti + 1}"
            if assorted_end:
                viol.append((tw, "TD-12"))
            plays = tr["plays"]
            names = [str(p["player"]) for p in plays]
            if names[0] != leader:
                viol.append((tw, "TD-9"))
            lead_p = names[0]
            if n == 2 and lead_p != MASTER:
                order = [lead_p, [p for p in players if p != lead_p][0], MASTER]
            else:
                i0 = everyone.index(lead_p) if lead_p in everyone else 0
                order = everyone[i0:] + everyone[:i0]
            if n == 2 and lead_p == MASTER:
                in_order = sorted(names[1:]) == sorted(players)  # simultaneous: any order (TD-15)
            else:
                in_order = names == order
            if not in_order and not (len(names) < len(everyone) and names == order[:len(names)]) \
                    and not (n == 2 and lead_p == MASTER and len(names) < 3 and set(names[1:]) <= set(players)):
                viol.append((tw, "TD-9"))
            before = {p: list(h) for p, h in left.items()}
            for p in plays:
                pl, c = str(p["player"]), Card(p["card"])
                if pl not in left or c not in left[pl]:
                    viol.append((tw, "TD-10"))
                else:
                    if pl == MASTER and left[pl][0] != c:
                        viol.append((tw, "TD-11"))
                    left[pl].remove(c)
                if p.get("slack"):
                    if cooks.get(pl) != "slacker":
                        viol.append((tw, "TD-12"))
                    slacks[pl] += 1
                    if slacks[pl] > 2:
                        viol.append((tw, "TD-12"))
            partial = len(plays) < len(everyone)
            if partial:
                # a record may stop in the middle of its very last trick: unfinished
                if ri != len(rounds) - 1 or ti != len(rd["tricks"]) - 1:
                    viol.append((tw, "TD-9"))
                if n == 2 and lead_p == MASTER:
                    viol += [(tw, "TD-15") for p in plays if p.get("declare")]
                else:
                    t = Trick(rank, cooks)
                    for p in plays:
                        pl = str(p["player"])
                        t.play(pl, Card(p["card"]), before.get(pl, []), p.get("declare"),
                               bool(p.get("slack")), forced=(pl == MASTER))
                    viol += [(tw, r) for r in t.problems]
                break
            if n == 2 and lead_p == MASTER:
                w, s, probs = master_led(rank, cooks, plays, before)
                viol += [(tw, r) for r in probs]
            else:
                t = Trick(rank, cooks)
                for p in plays:
                    pl = str(p["player"])
                    t.play(pl, Card(p["card"]), before.get(pl, []), p.get("declare"), bool(p.get("slack")),
                           forced=(pl == MASTER))
                viol += [(tw, r) for r in t.problems]
                w, s = t.winner()
            won[w] += 1
            last_winner = w
            leader = w
            tricks_log.append({"round": ri, "winner": w, "suit": s})
            if s is not None:
                won_suits[w][s] += 1
                if cooks.get(w) == "picky" and won_suits[w][s] == 3:
                    points[w] += 1  # TD-13: once per suit
                if cooks.get(w) == "assorted" and len(won_suits[w]) == 4:
                    assorted_end = w  # PK-9: the round ends at once
        complete = assorted_end is not None or all(not h for h in left.values())
        if not complete:
            if ri == len(rounds) - 1:
                unfinished = True
                break
            viol.append((where, "TD-10"))
        # Missions (TD-10) and the cooks' points
        if assorted_end is not None:
            points[assorted_end] += len(everyone) - 1
        else:
            done = {}
            for p in everyone:
                basic = won[p] == 3
                secret = False
                if missions.get(p) == "nephew":
                    secret = won[p] == 0
                done[p] = basic or secret
            spy_done = {}
            for p in everyone:
                if missions.get(p) == "spy":
                    others_none = all(not done[q] for q in everyone if q != p)
                    spy_done[p] = others_none
                    done[p] = done[p] or others_none
            none = sum(1 for p in everyone if not done[p])
            for p in everyone:
                if done[p]:
                    points[p] += none
            for spy, ok in spy_done.items():
                if ok and none > 0:
                    for p in everyone:
                        if p != spy and cooks.get(p) == "double":
                            points[p] += 1
        if any(v >= threshold for v in points.values()):
            game_over = True
    if not game_over and rounds and not unfinished:
        unfinished = True
    valid = not viol
    winners: list[str] = []
    if valid and not unfinished:
        best = max(points.values())
        winners = [p for p in everyone if points[p] == best]
    return Verdict(valid, viol, points, winners, unfinished, tricks_log)


# ---------------------------------------------------------------------------------------------
# The generator

NAMES = ["Ann", "Bo", "Cy", "Dee", "Eve"]


def _legal_real(t: Trick, hand: list[Card], slacker_left: int, rng: random.Random):
    """Every legal play (card, declare, slack) for a real player in a normal trick."""
    opts = []
    if t.perfect is not None:
        hard = t.cooks.get(t.perfect[0]) == "hard"
        for c in hand:
            opts.append((c, "accept", False))
            if not hard and t.follows(c, hand) and t.cancels(c, "?"):
                opts.append((c, "no-way", False))
        return opts
    for c in hand:
        if t.follows(c, hand):
            opts.append((c, None, False))
            if slacker_left > 0:
                opts.append((c, None, True))
    return opts


def generate_game(rng: random.Random, players: int | None = None, cook_variation: bool | None = None,
                  max_rounds: int = 12, inject: str | None = None) -> tuple[dict, str | None]:
    """A whole game; with ``inject``, one deliberate rule break of that kind.

    Returns (record, the rule the injection breaks or None if it found no occasion).
    """
    n = players or rng.choice([2, 2, 3, 4, 5])
    names = NAMES[:n]
    everyone = seats(names)
    cook_variation = rng.random() < 0.4 if cook_variation is None else cook_variation
    cooks: dict[str, str] = {}
    if cook_variation:
        chosen = rng.sample(COOKS, min(len(COOKS), n))
        for p, c in zip(names, chosen):
            if rng.random() < 0.85:
                cooks[p] = c
    injected: str | None = None
    if inject == "cook-twice" and cooks:
        other = [p for p in names if p not in cooks]
        if not other:
            other = [p for p in names if cooks[p] != "slacker"]
            other = other[1:] if len(other) > 1 else []
        c = next((c for c in ("double", "picky", "hard", "assorted")
                  if c in cooks.values() and other and cooks.get(other[0]) != c), None)
        if other and c:
            cooks[other[0]] = c
            injected = "TD-14"
    slack_budget = {p: (3 if inject == "slack-thrice" else 2) for p in names if cooks.get(p) == "slacker"}
    rec = {"game": "trickdumpling", "players": list(names)}
    if cooks:
        rec["cooks"] = dict(cooks)
    rounds = []
    chef = rng.choice(names)
    # let the referee's own rules keep score between rounds
    letters = rng.random() < 0.2
    # players who try to take tricks (a cook that rewards winning makes it worth it)
    greedy = {p for p in names if cooks.get(p) in ("picky", "assorted") and rng.random() < 0.8}
    extra_done = False
    for _ in range(max_rounds):
        rank = list(SUITS)
        rng.shuffle(rank)
        spy = MASTER if n == 2 else rng.choice(names)
        missions = {p: ("spy" if p == spy else "nephew") for p in everyone}
        d = deck(n)
        rng.shuffle(d)
        k = DEAL[n]
        hands = {p: [Card(c) for c in d[i * k:(i + 1) * k]] for i, p in enumerate(everyone)}
        rd = {"chef": chef, "rank": [SUIT_LETTER[s] if letters else s for s in rank],
              "missions": missions, "hands": {p: [c.code for c in h] for p, h in hands.items()}, "tricks": []}
        left = {p: list(h) for p, h in hands.items()}
        won_suits = {p: Counter() for p in everyone}
        leader = chef
        for _trick in range(k):
            if leader == MASTER:
                plays, w, s = _gen_master_trick(rank, cooks, left, names, rng, inject, injected)
                if plays is None:
                    raise Ambiguous("no unambiguous play")
                if inject == "master-declare" and injected is None:
                    pl = next(p for p in plays[1:] if not p.get("slack"))
                    pl["declare"] = "no-way"
                    injected = "TD-15"
            else:
                if n == 2:
                    order = [leader, [p for p in names if p != leader][0], MASTER]
                else:
                    i0 = everyone.index(leader)
                    order = everyone[i0:] + everyone[:i0]
                t = Trick(rank, cooks)
                plays = []
                for pl in order:
                    hand = left[pl]
                    if pl == MASTER:
                        c = hand[0]
                        decl = None
                        if t.perfect is not None:
                            hard = cooks.get(t.perfect[0]) == "hard"
                            decl = "no-way" if (not hard and t.cancels(c, pl)) else "accept"
                        t.play(pl, c, hand, decl, forced=True)
                        play = {"player": pl, "card": c.code}
                        if decl:
                            play["declare"] = decl
                    else:
                        opts = _legal_real(t, hand, slack_budget.get(pl, 0), rng)
                        if injected is None and inject == "no-follow" and t.perfect is None and t.holds_lead(hand):
                            bad = [c for c in hand if c.regular and c.suit != t.lead]
                            if bad:
                                opts = [(rng.choice(bad), None, False)]
                                injected = "TD-5"
                        elif injected is None and inject == "declare-nothing" and t.perfect is None and plays:
                            opts = [(c, "no-way", False) for c, d_, s_ in opts if not s_]
                            injected = "TD-7"
                        elif injected is None and inject == "no-way-fails" and t.perfect is not None \
                                and cooks.get(t.perfect[0]) != "hard":
                            fails = [c for c in hand if t.follows(c, hand) and not t.cancels(c, pl)]
                            if fails:
                                opts = [(rng.choice(fails), "no-way", False)]
                                injected = "TD-7"
                        elif injected is None and inject == "hard-no-way" and t.perfect is not None \
                                and cooks.get(t.perfect[0]) == "hard":
                            can = [c for c in hand if t.follows(c, hand) and t.cancels(c, pl)]
                            if can:
                                opts = [(rng.choice(can), "no-way", False)]
                                injected = "TD-12"
                        elif inject != "slack-thrice":
                            # mostly face up; slack now and then
                            if any(not s_ for _, _, s_ in opts) and rng.random() < 0.85:
                                opts = [o for o in opts if not o[2]] or opts
                        if pl in greedy and len(opts) > 1:
                            winning = [o for o in opts if _would_win(t, pl, o)]
                            opts = winning or opts
                        c, decl, slack = rng.choice(opts)
                        if slack:
                            slack_budget[pl] -= 1
                            if inject == "slack-thrice" and slack_budget[pl] == 0 and injected is None:
                                injected = "TD-12"
                        t.play(pl, c, hand, decl, slack)
                        play = {"player": pl, "card": c.code}
                        if decl:
                            play["declare"] = decl
                        if slack:
                            play["slack"] = True
                    plays.append(play)
                    hand.remove(Card(play["card"]))
                w, s = t.winner()
            rd["tricks"].append({"plays": plays})
            leader = w
            if s is not None:
                won_suits[w][s] += 1
                if cooks.get(w) == "assorted" and len(won_suits[w]) == 4:
                    break
        rounds.append(rd)
        chef = leader
        rec["rounds"] = rounds
        if extra_done:
            break
        v = referee(rec)
        if any(pts >= THRESHOLD[n] for pts in v.points.values()):
            if inject == "extra-round" and injected is None:
                injected, extra_done = "TD-10", True  # one more round after the game ended
                continue
            break
    rec["rounds"] = rounds
    return rec, injected


def _would_win(t: Trick, player: str, opt) -> bool:
    """Would this play make ``player`` the trick's winner so far?"""
    c, decl, slack = opt
    if slack or decl == "accept":
        return False
    snap = t._snapshot()
    try:
        t._put(Play(player, c, True, decl))
        return t.winner()[0] == player
    except Ambiguous:
        return False
    finally:
        t._restore(snap)


def _gen_master_trick(rank, cooks, left, names, rng, inject, injected):
    """The Master leads: its top card, then both real players at once (TD-15)."""
    m = left[MASTER][0]
    for _attempt in range(40):
        plays = [{"player": MASTER, "card": m.code}]
        chosen = {}
        for pl in names:
            hand = left[pl]
            holds = m.regular and any(c.regular and c.suit == m.suit for c in hand)
            opts = [c for c in hand if not holds or not c.regular or c.suit == m.suit]
            if not m.regular:
                opts = [c for c in opts if not c.wild] or opts
            chosen[pl] = rng.choice(opts)
        order = list(names)
        rng.shuffle(order)  # the record's order of simultaneous cards is free (TD-15)
        for pl in order:
            plays.append({"player": pl, "card": chosen[pl].code})
        try:
            hands = {p: list(h) for p, h in left.items()}
            w, s, _ = master_led(rank, cooks, plays, hands)
        except Ambiguous:
            continue
        for p in plays:
            left[p["player"]].remove(Card(p["card"]))
        return plays, w, s
    return None, None, None
