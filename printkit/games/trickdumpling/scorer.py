"""Scoring Trick Dumpling: a single trick (the referee) or a whole game (TD-1 to TD-12)."""

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


def score_trick(rec: TrickRecord) -> Report:
    """The referee: one trick explained card by card."""
    hands = {p: list(h) for p, h in (rec.hands or {}).items()}
    violations = []
    for i, p in enumerate(rec.plays):
        if p.player in hands and p.card not in hands[p.player]:
            violations.append(Violation(f"play {i + 1} ({p.player})", "TD-10", f"{p.card} is not in {p.player}'s hand"))
        if p.slack and rec.cooks.get(p.player) != "slacker":
            violations.append(Violation(f"play {i + 1} ({p.player})", "TD-12", "only the Slacker plays a card face down"))
    res = referee(rec.rank, _plays(rec.plays), hands or None, _hard(rec.cooks))
    violations += [Violation(f"play {i + 1} ({rec.plays[i].player})", rule, msg) for i, rule, msg in res.violations]
    players = list(dict.fromkeys(p.player for p in rec.plays))
    results = [PlayerResult(p, int(p == res.winner), {"card": next(str(x.card) for x in rec.plays if x.player == p)})
               for p in players]
    ranking = [res.winner] + [p for p in players if p != res.winner]
    return Report("trickdumpling", violations, results, ranking, [res.winner],
                  extra={"winner": res.winner, "face_down": res.face_down, "lead": res.lead,
                         "totals": res.totals, "reason": res.reason, "events": res.events},
                  details=res.events)


@dataclass
class RoundOutcome:
    tricks: dict[str, int]
    winners: list[str]  # each trick's winner
    won_suits: dict[str, list[str | None]]
    points: dict[str, int]
    accomplished: dict[str, list[str]]
    last_winner: str | None
    ended_early_by: str | None  # Assorted Dumplings


def _winning_suit(res: TrickResult) -> str | None:
    """The suit of the card a trick was won with (a wild: the lead suit; the Giant Steamer: none)."""
    code = res.winning_card
    if code is None:
        return res.perfect[1] if res.perfect else None
    if code in ("W5", "W99"):
        return res.lead
    if code == "GS":
        return None
    return CONTENT.suit(code[0]).id


def _order(seats: list[str], leader: str) -> list[str]:
    i = seats.index(leader)
    return seats[i:] + seats[:i]


def play_round(rec: GameRecord, k: int, r: RoundIn, slack_used: dict[str, int],
               violations: list[Violation]) -> tuple[RoundOutcome, list[str]]:
    seats = rec.seats
    n = len(rec.players)
    two = n == 2
    where0 = f"round {k + 1}"
    details: list[str] = []
    deck = {c.code for c in CONTENT.deck(n)}
    size = CONTENT.deal[n]
    for who in seats:
        hand = r.hands.get(who)
        if hand is None:
            violations.append(Violation(where0, "TD-10", f"no hand recorded for {who}"))
            continue
        if len(hand) != size:
            violations.append(Violation(where0, "TD-10", f"{who} holds {len(hand)} cards; {size} are dealt "
                                                         f"with {n} players"))
        for c in hand:
            if c.code not in deck:
                violations.append(Violation(where0, "TD-1", f"{c} is not in the deck with {n} players "
                                                            "(the 1s and 9s are removed with 2-3 players)"))
    spies = [p for p, m in r.missions.items() if m == "spy"]
    if sorted(r.missions) != sorted(seats) or len(spies) != 1:
        violations.append(Violation(where0, "TD-10", "every player has a secret mission and exactly one is the spy"))
    if two and r.missions.get(MASTER) != "spy":
        violations.append(Violation(where0, "TD-11", "the Dumpling Master always holds the spy"))
    hands = {p: list(h) for p, h in r.hands.items()}
    leader = r.chef
    tricks = {p: 0 for p in seats}
    won_suits: dict[str, list] = {p: [] for p in seats}
    winners: list[str] = []
    hard = _hard(rec.cooks)
    picky_done: set[str] = set()
    early: str | None = None
    points = {p: 0 for p in seats}
    for t, trick_in in enumerate(r.tricks):
        where = f"{where0}, trick {t + 1}"
        if early is not None:
            violations.append(Violation(where, "TD-12", f"the round ended when {early} won tricks with four "
                                                        "different suits (Assorted Dumplings)"))
            break
        plays = _plays(trick_in.plays)
        players_in = [p.player for p in plays]
        if plays[0].player != leader:
            violations.append(Violation(where, "TD-9", f"{plays[0].player} leads, but {leader} "
                                                       f"{'is the chef' if t == 0 else 'won the last trick'} and leads"))
        expected = _order(seats, plays[0].player) if not two else _two_player_order(plays[0].player, rec.players)
        if sorted(players_in) != sorted(seats) or (players_in != expected and not (two and plays[0].player == MASTER)):
            violations.append(Violation(where, "TD-9", "every player plays one card, in turn clockwise from the "
                                                       f"leader: {' '.join(expected)}"))
        master_led = two and plays[0].player == MASTER
        trick = Trick(r.rank, hard, wild_lead_all=master_led)
        pds: dict[str, bool] = {}
        for i, p in enumerate(plays):
            pw = f"{where}, {p.player}"
            hand = hands.get(p.player, [])
            if p.card not in hand:
                violations.append(Violation(pw, "TD-10", f"{p.card} is not in {p.player}'s hand"))
            if p.player == MASTER:
                if hand and p.card != hand[0]:
                    violations.append(Violation(pw, "TD-11", f"the Master plays the top card of its stack, {hand[0]}"))
                _master_declaration(trick, p, violations, pw)
            if p.slack:
                if rec.cooks.get(p.player) != "slacker":
                    violations.append(Violation(pw, "TD-12", "only the Slacker plays a card face down"))
                slack_used[p.player] = slack_used.get(p.player, 0) + 1
                if slack_used[p.player] > CONTENT.slacker_uses:
                    violations.append(Violation(pw, "TD-12", f"the Slacker plays face down "
                                                             f"{CONTENT.slacker_uses} times a game at most"))
            if master_led and i >= 1:
                # TD-11, PK-10: both players play at once after the Master: no declarations;
                # each one's Perfect Dish is judged on the Master's card and their own.
                pds[p.player] = _alone_perfect(r.rank, plays[0], p)
                trick.perfect = None
                p = Play(p.player, p.card, None, p.slack)
            trick.play(i, p, None if p.player == MASTER else hand)
            if p.card in hand:
                hand.remove(p.card)
        res = trick.result()
        if master_led:
            res = _master_led_winner(res, pds, plays)
        violations += [Violation(f"{where}, {plays[i].player}", rule, msg) for i, rule, msg in res.violations]
        winner = res.winner
        slackers = {p.player for p in plays if p.slack}
        if winner in slackers:  # TD-12, PK-11: a Slacker's face-down card loses the trick
            winner = plays[0].player if plays[0].player not in slackers else next(x for x in players_in if x not in slackers)
        winners.append(winner)
        tricks[winner] += 1
        won_suits[winner].append(_winning_suit(res))
        details.append(f"{where}: {winner} wins ({res.reason})")
        leader = winner
        cook = rec.cooks.get(winner)
        suits = [s for s in won_suits[winner] if s]
        if cook == "assorted" and len(set(suits)) == 4:
            early = winner
            details.append(f"{where0}: {winner} won tricks with four different suits: Assorted Dumplings "
                           "wins the round")
        if cook == "picky" and winner not in picky_done and any(suits.count(s) >= 3 for s in set(suits)):
            picky_done.add(winner)
            points[winner] += 1
            details.append(f"{where0}: {winner} won 3 tricks with one suit: Picky Eater scores 1")
    cards_left = {p: len(h) for p, h in hands.items() if h}
    if early is None and cards_left:
        violations.append(Violation(where0, "TD-10", "the round ends when every hand is empty; cards left: "
                                                     + ", ".join(f"{p} {c}" for p, c in cards_left.items())))
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


def _two_player_order(leader: str, players: list[str]) -> list[str]:
    """TD-11: a real player leads, the other real player follows, the Master plays last."""
    if leader == MASTER:
        return [MASTER] + players
    other = next(p for p in players if p != leader)
    return [leader, other, MASTER]


def _master_declaration(trick: Trick, p: Play, violations: list[Violation], where: str) -> None:
    """TD-11: the Master cancels a Perfect Dish whenever its top card can; otherwise it accepts."""
    if trick.perfect is None:
        return
    import copy

    trial = copy.deepcopy(trick)
    trial.violations = []
    trial.play(len(trial.entries), Play(p.player, p.card, "no-way"))
    can = not any(rule == "TD-7" for _, rule, _ in trial.violations) and trick.perfect[0] not in trick.hard
    want = "no-way" if can else "accept"
    if p.declare != want:
        violations.append(Violation(where, "TD-11", f"the Master {'cancels' if can else 'accepts'} here: "
                                                    f"its card {'can' if can else 'cannot'} cancel the Perfect Dish"))


def _alone_perfect(rank, master: Play, p: Play) -> bool:
    t = Trick(rank, wild_lead_all=True)
    t.play(0, Play(master.player, master.card))
    t.play(1, Play(p.player, p.card))
    return t.perfect is not None and t.perfect[0] == p.player


def _master_led_winner(res: TrickResult, pds: dict[str, bool], plays: list[Play]) -> TrickResult:
    made = [p for p, ok in pds.items() if ok]
    if not made:
        return res
    if len(made) == 2:
        cards = {p.player: p.card for p in plays}
        winner = min(made, key=lambda x: cards[x].value)
        reason = f"both players completed a Perfect Dish: the lower card, {cards[winner]}, wins (TD-11)"
    else:
        winner = made[0]
        reason = f"{winner} completed a Perfect Dish with the Master's card (TD-11)"
    card = next(str(p.card) for p in plays if p.player == winner)
    return TrickResult(winner, reason, res.lead, res.face_down, res.totals, (winner, res.lead or ""),
                       res.events + [f"{winner} wins the trick: {reason}"], res.violations, card)


def score_game(rec: GameRecord) -> Report:
    n = len(rec.players)
    seats = rec.seats
    violations: list[Violation] = []
    details: list[str] = []
    totals = {p: 0 for p in seats}
    per_round: dict[str, list[int]] = {p: [] for p in seats}
    tricks_per_round: dict[str, list[int]] = {p: [] for p in seats}
    slack_used: dict[str, int] = {}
    threshold = CONTENT.threshold[n]
    ended_at = None
    last_winner = None
    rounds_out = []
    for k, r in enumerate(rec.rounds):
        if ended_at is not None:
            violations.append(Violation(f"round {k + 1}", "TD-10", f"the game ended after round {ended_at + 1}, "
                                                                   f"when someone reached {threshold} points"))
            break
        if last_winner is not None and r.chef != last_winner:
            violations.append(Violation(f"round {k + 1}", "TD-10", f"{r.chef} is chef, but {last_winner} won the "
                                                                   "last trick and becomes the chef"))
        out, lines = play_round(rec, k, r, slack_used, violations)
        details += lines
        last_winner = out.last_winner
        for p in seats:
            totals[p] += out.points[p]
            per_round[p].append(out.points[p])
            tricks_per_round[p].append(out.tricks[p])
        details.append(f"round {k + 1}: tricks " + ", ".join(f"{p} {out.tricks[p]}" for p in seats)
                       + "; points " + ", ".join(f"{p} +{out.points[p]}" for p in seats))
        rounds_out.append({"round": k + 1, "tricks": out.tricks, "winners": out.winners, "won_suits": out.won_suits,
                           "missions": out.accomplished, "points": out.points})
        if any(v >= threshold for v in totals.values()):
            ended_at = k
    notes = [] if ended_at is not None else [f"nobody has reached {threshold} points yet: the game goes on"]
    players = [PlayerResult(p, totals[p], {"points": per_round[p], "tricks": tricks_per_round[p]}) for p in seats]
    ranking, winners = rank(players, key=lambda pr: (pr.total,))  # most points; ties share (TD-10)
    return Report("trickdumpling", violations, players, ranking, winners, extra={"rounds": rounds_out},
                  notes=notes, details=details)


def score(rec) -> Report:
    return score_trick(rec) if isinstance(rec, TrickRecord) else score_game(rec)
