"""Scoring Trick Dumpling: a single trick (the referee) or a whole game (TD-1 to TD-15)."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.core.score import PlayerResult, Report, Violation, rank
from printkit.games.trickdumpling.content import CONTENT
from printkit.games.trickdumpling.record import MASTER, GameRecord, RoundIn, TrickRecord
from printkit.games.trickdumpling.trick import Play, Trick, TrickResult, referee


def _plays(plays_in) -> list[Play]:
    return [Play(p.player, p.card, p.declare, p.slack) for p in plays_in]


def _hard(cooks: dict[str, str]) -> frozenset:
    return frozenset(p for p, c in cooks.items() if c == "hard")


def _cooks_dealt_once(cooks: dict[str, str], violations: list[Violation]) -> None:
    """TD-14: the cook boards are dealt, so each cook is in play at most once."""
    holder: dict[str, str] = {}
    for who, cook in cooks.items():
        if cook in holder:
            violations.append(Violation(f"cooks ({who})", "TD-14", f"{_cook_name(cook)} is dealt to "
                                        f"{holder[cook]} and to {who}: there is one board of each cook",
                                        path=("cooks", who)))
        holder.setdefault(cook, who)


def _cook_name(cook: str) -> str:
    return next(c["name"] for c in CONTENT.cooks if c["id"] == cook)


def score_trick(rec: TrickRecord) -> Report:
    """The referee: one trick explained card by card.

    ``winners`` keeps the scorer contract: the trick's winner when the trick is legal, nobody
    when it breaks a rule. ``winner`` (an extra key) is the trick's winner too, and likewise
    null for a broken trick; the events still tell who would take it by the cards as played."""
    hands = {p: list(h) for p, h in (rec.hands or {}).items()}
    violations: list[Violation] = []
    _cooks_dealt_once(rec.cooks, violations)
    for i, p in enumerate(rec.plays):
        if p.player in hands and p.card not in hands[p.player]:
            violations.append(Violation(f"play {i + 1} ({p.player})", "TD-10", f"{p.card} is not in {p.player}'s hand",
                                        path=("plays", i)))
        if p.slack and rec.cooks.get(p.player) != "slacker":
            violations.append(Violation(f"play {i + 1} ({p.player})", "TD-12", "only the Slacker plays a card face down",
                                        path=("plays", i)))
    res = referee(rec.rank, _plays(rec.plays), hands or None, _hard(rec.cooks))
    violations += [Violation(f"play {i + 1} ({rec.plays[i].player})", rule, msg, path=("plays", i))
                   for i, rule, msg in res.violations]
    players = list(dict.fromkeys(p.player for p in rec.plays))
    results = [PlayerResult(p, int(p == res.winner), {"card": next(str(x.card) for x in rec.plays if x.player == p)})
               for p in players]
    ranking = [res.winner] + [p for p in players if p != res.winner]
    events = list(res.events)
    if violations:
        events[-1] = f"by the cards as played, {res.winner} would take the trick: {res.reason}"
    return Report("trickdumpling", violations, results, ranking, [res.winner],
                  extra={"winner": None if violations else res.winner, "face_down": res.face_down,
                         "lead": res.lead, "totals": res.totals, "reason": res.reason, "events": events},
                  details=events)


@dataclass
class RoundOutcome:
    tricks: dict[str, int]
    winners: list[str]  # each trick's winner
    won_suits: dict[str, list[str | None]]
    points: dict[str, int]
    accomplished: dict[str, list[str]]
    last_winner: str | None
    ended_early_by: str | None  # Assorted Dumplings
    #: The record stops before the round's end (the last round of an unfinished game): why.
    unfinished: str | None = None


def turn_order(players: list[str], leader: str) -> list[str]:
    """Who plays, in order, in a trick ``leader`` leads (TD-9; TD-11 with 2 players: a real
    player leads, the other follows, the Master plays last; when the Master leads, the two real
    players play at once after it, listed here in seating order)."""
    if len(players) == 2:
        if leader == MASTER:
            return [MASTER] + list(players)
        return [leader, next(p for p in players if p != leader), MASTER]
    i = players.index(leader)
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


def _card_suit(res: TrickResult, plays: list[Play], who: str) -> str | None:
    """PK-9, PK-11: the suit of the card ``who`` takes a trick with when a Slacker's card would
    have won it (a wild's is the lead suit; the Giant Steamer's none)."""
    card = next(p.card for p in plays if p.player == who)
    return res.lead if card.wild else card.suit


def _in_order(players_in: list[str], expected: list[str], master_led: bool, partial: bool = False) -> bool:
    """Whether a trick's players come in turn (``partial``: the first of them, in turn)."""
    if master_led:  # TD-15: the two real players' cards are listed in either order
        rest = players_in[1:]
        fits = (len(set(rest)) == len(rest) and set(rest) <= set(expected[1:])) if partial \
            else sorted(rest) == sorted(expected[1:])
        return players_in[:1] == expected[:1] and fits
    return players_in == (expected[:len(players_in)] if partial else expected)


def play_round(rec: GameRecord, k: int, r: RoundIn, slack_used: dict[str, int],
               violations: list[Violation], last: bool = False) -> tuple[RoundOutcome, list[str]]:
    """Replay round ``k``; ``last``: the record's last round, which may stop early (an
    unfinished game: its missions are not scored)."""
    seats = rec.seats
    n = len(rec.players)
    two = n == 2
    where0 = f"round {k + 1}"
    at = ("rounds", k)
    details: list[str] = []
    deck = {c.code for c in CONTENT.deck(n)}
    size = CONTENT.deal[n]
    for who in seats:
        hand = r.hands.get(who)
        if hand is None:
            violations.append(Violation(where0, "TD-10", f"no hand recorded for {who}", path=at + ("hands",)))
            continue
        if len(hand) != size:
            violations.append(Violation(where0, "TD-10", f"{who} holds {len(hand)} cards; {size} are dealt "
                                                         f"with {n} players", path=at + ("hands", who)))
        for j, c in enumerate(hand):
            if c.code not in deck:
                violations.append(Violation(where0, "TD-1", f"{c} is not in the deck with {n} players "
                                                            "(the 1s and 9s are removed with 2-3 players)",
                                            path=at + ("hands", who, j)))
    spies = [p for p, m in r.missions.items() if m == "spy"]
    if sorted(r.missions) != sorted(seats) or len(spies) != 1:
        violations.append(Violation(where0, "TD-10", "every player has a secret mission and exactly one is the spy",
                                    path=at + ("missions",)))
    if two and r.missions.get(MASTER) != "spy":
        violations.append(Violation(where0, "TD-11", "the Dumpling Master always holds the spy",
                                    path=at + ("missions", MASTER)))
    hands = {p: list(h) for p, h in r.hands.items()}
    leader = r.chef
    tricks = {p: 0 for p in seats}
    won_suits: dict[str, list] = {p: [] for p in seats}
    winners: list[str] = []
    hard = _hard(rec.cooks)
    early: str | None = None
    unfinished: str | None = None
    points = {p: 0 for p in seats}
    for t, trick_in in enumerate(r.tricks):
        where = f"{where0}, trick {t + 1}"
        tat = at + ("tricks", t)
        if early is not None:
            violations.append(Violation(where, "TD-12", f"the round ended when {early} won tricks with four "
                                                        "different suits (Assorted Dumplings)", path=tat))
            break
        plays = _plays(trick_in.plays)
        players_in = [p.player for p in plays]
        master_led = two and plays[0].player == MASTER
        expected = turn_order(rec.players, plays[0].player) if plays[0].player in seats else seats
        if plays[0].player != leader:
            violations.append(Violation(where, "TD-9", f"{plays[0].player} leads, but {leader} "
                                                       f"{'is the chef' if t == 0 else 'won the last trick'} and leads",
                                        path=tat + ("plays", 0)))
        if (last and t == len(r.tricks) - 1 and len(plays) < len(seats)
                and _in_order(players_in, expected, master_led, partial=True)):
            # The record stops in the middle of this trick: an unfinished game, not scored.
            unfinished = f"the record stops during trick {t + 1} of round {k + 1}"
            break
        if not _in_order(players_in, expected, master_led):
            violations.append(Violation(where, "TD-9", "every player plays one card, in turn clockwise from the "
                                                       f"leader: {' '.join(expected)}"
                                                       + (" (the two players at once, in either order)"
                                                          if master_led else ""), path=tat + ("plays",)))
        trick = Trick(r.rank, hard, wild_lead_all=master_led)
        for i, p in enumerate(plays):
            pat = tat + ("plays", i)
            pw = f"{where}, {p.player}"
            hand = hands.get(p.player, [])
            if p.card not in hand:
                violations.append(Violation(pw, "TD-10", f"{p.card} is not in {p.player}'s hand", path=pat))
            if p.player == MASTER:
                if hand and p.card != hand[0]:
                    violations.append(Violation(pw, "TD-11", f"the Master plays the top card of its stack, {hand[0]}",
                                                path=pat))
            if p.slack:
                if rec.cooks.get(p.player) != "slacker":
                    violations.append(Violation(pw, "TD-12", "only the Slacker plays a card face down", path=pat))
                slack_used[p.player] = slack_used.get(p.player, 0) + 1
                if slack_used[p.player] > CONTENT.slacker_uses:
                    violations.append(Violation(pw, "TD-12", f"the Slacker plays face down "
                                                             f"{CONTENT.slacker_uses} times a game at most", path=pat))
        # The cards leave the hands after the checks: with both players at once (TD-15), each
        # follows the Master's card with the hand they held before the trick.
        before = {p: list(h) for p, h in hands.items()}
        if master_led:
            trick.play(0, plays[0], None)
            trick.play_at_once(list(enumerate(plays))[1:], {p.player: before.get(p.player, []) for p in plays[1:]})
        else:
            for i, p in enumerate(plays):
                if p.player == MASTER and trick.perfect is not None:
                    want = trick.answer(MASTER, p.card)  # TD-11: cancel whenever it can, else accept
                    if p.declare != want:
                        can = want == "no-way"
                        violations.append(Violation(f"{where}, {MASTER}", "TD-11",
                                                    f"the Master {'cancels' if can else 'accepts'} here: its card "
                                                    f"{'can' if can else 'cannot'} cancel the Perfect Dish",
                                                    path=tat + ("plays", i)))
                trick.play(i, p, None if p.player == MASTER else before.get(p.player, []))
                if p.card in before.get(p.player, []):
                    before[p.player].remove(p.card)
        for p in plays:
            if p.card in hands.get(p.player, []):
                hands[p.player].remove(p.card)
        res = trick.result()
        violations += [Violation(f"{where}, {plays[i].player}", rule, msg, path=tat + ("plays", i))
                       for i, rule, msg in res.violations]
        winner = res.winner
        slackers = {p.player for p in plays if p.slack}
        if winner in slackers:  # TD-12, PK-11: a Slacker's face-down card loses the trick
            winner = plays[0].player if plays[0].player not in slackers else next(x for x in players_in if x not in slackers)
        winners.append(winner)
        tricks[winner] += 1
        won_suits[winner].append(res.suit if winner == res.winner else _card_suit(res, plays, winner))
        details.append(f"{where}: {winner} wins ({res.reason})")
        leader = winner
        cook = rec.cooks.get(winner)
        suits = [s for s in won_suits[winner] if s]
        if cook == "picky" and picky_points(won_suits[winner])[-1]:
            points[winner] += 1  # TD-13: once per suit, at its third trick
            details.append(f"{where}: {winner} won 3 tricks with {won_suits[winner][-1]}: Picky Eater scores 1")
        if cook == "assorted" and len(set(suits)) == 4:
            early = winner  # PK-9: the round ends at once
            details.append(f"{where0}: {winner} won tricks with four different suits: Assorted Dumplings "
                           "wins the round")
    cards_left = {p: len(h) for p, h in hands.items() if h}
    if early is None and cards_left and unfinished is None:
        if last:
            unfinished = f"the record stops after trick {len(r.tricks)} of round {k + 1}, with cards in hand"
        else:
            violations.append(Violation(where0, "TD-10", "the round ends when every hand is empty; cards left: "
                                                         + ", ".join(f"{p} {c}" for p, c in cards_left.items()),
                                        path=at + ("tricks",)))
    if unfinished is not None:  # missions are scored when the round ends
        accomplished: dict[str, list[str]] = {p: [] for p in seats}
        return RoundOutcome(tricks, winners, won_suits, points, accomplished, leader, early, unfinished), details
    accomplished = _missions(r, tricks, seats, early)
    failed = [p for p in seats if not accomplished[p]]
    for p in seats:
        if accomplished[p]:
            points[p] += len(failed)  # TD-10
    spy = spies[0] if spies else None
    if spy and "spy" in accomplished.get(spy, []) and len(failed) > 0:
        for p, c in rec.cooks.items():  # Double Agent: +1 when another player scores as the spy
            if c == "double" and p != spy:
                points[p] += 1
                details.append(f"{where0}: {p}, the Double Agent, scores 1 as {spy} scores with the spy mission")
    return RoundOutcome(tricks, winners, won_suits, points, accomplished, leader, early), details


def _missions(r: RoundIn, tricks: dict[str, int], seats: list[str], early: str | None) -> dict[str, list[str]]:
    """TD-10: basic (exactly 3 tricks), nephew (exactly 0), spy (everyone else misses everything).

    PK-9: a round won by Assorted Dumplings gives that player alone a mission accomplished."""
    if early is not None:
        return {p: (["assorted"] if p == early else []) for p in seats}
    done: dict[str, list[str]] = {}
    for p in seats:
        got = []
        if tricks[p] == CONTENT.missions["basic"]["tricks"]:
            got.append("basic")
        if r.missions.get(p) == "nephew" and tricks[p] == CONTENT.missions["nephew"]["tricks"]:
            got.append("nephew")
        done[p] = got
    for p in seats:
        if r.missions.get(p) == "spy" and all(not done[q] for q in seats if q != p):
            done[p].append("spy")
    return done


def score_game(rec: GameRecord) -> Report:
    n = len(rec.players)
    seats = rec.seats
    violations: list[Violation] = []
    _cooks_dealt_once(rec.cooks, violations)
    details: list[str] = []
    totals = {p: 0 for p in seats}
    per_round: dict[str, list[int]] = {p: [] for p in seats}
    tricks_per_round: dict[str, list[int]] = {p: [] for p in seats}
    slack_used: dict[str, int] = {}
    threshold = CONTENT.threshold[n]
    ended_at = None
    last_winner = None
    rounds_out = []
    notes: list[str] = []
    for k, r in enumerate(rec.rounds):
        if ended_at is not None:
            violations.append(Violation(f"round {k + 1}", "TD-10", f"the game ended after round {ended_at + 1}, "
                                                                   f"when someone reached {threshold} points",
                                        path=("rounds", k)))
            break
        if last_winner is not None and r.chef != last_winner:
            violations.append(Violation(f"round {k + 1}", "TD-10", f"{r.chef} is chef, but {last_winner} won the "
                                                                   "last trick and becomes the chef",
                                        path=("rounds", k, "chef")))
        out, lines = play_round(rec, k, r, slack_used, violations, last=k == len(rec.rounds) - 1)
        details += lines
        last_winner = out.last_winner
        for p in seats:
            totals[p] += out.points[p]
            per_round[p].append(out.points[p])
            tricks_per_round[p].append(out.tricks[p])
        details.append(f"round {k + 1}{' so far' if out.unfinished else ''}: tricks "
                       + ", ".join(f"{p} {out.tricks[p]}" for p in seats)
                       + "; points " + ", ".join(f"{p} +{out.points[p]}" for p in seats))
        rounds_out.append({"round": k + 1, "tricks": out.tricks, "winners": out.winners, "won_suits": out.won_suits,
                           "missions": out.accomplished, "points": out.points, "finished": out.unfinished is None})
        if out.unfinished:
            notes.append(f"{out.unfinished}: the round is not over, so its missions are not scored yet")
        elif any(v >= threshold for v in totals.values()):
            ended_at = k  # TD-10: the game ends with the round in which someone reaches the threshold
    unfinished = ended_at is None
    if unfinished:
        notes.append(f"nobody has reached {threshold} points yet: the game goes on")
    players = [PlayerResult(p, totals[p], {"points": per_round[p], "tricks": tricks_per_round[p]}) for p in seats]
    ranking, winners = rank(players, key=lambda pr: (pr.total,))  # most points; ties share (TD-10)
    return Report("trickdumpling", violations, players, ranking, winners, extra={"rounds": rounds_out},
                  notes=notes, details=details, unfinished=unfinished)


def score(rec) -> Report:
    return score_trick(rec) if isinstance(rec, TrickRecord) else score_game(rec)
