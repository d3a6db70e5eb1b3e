"""Replaying a game of Gimbap: token taking and checking (GIM-5, GIM-6), the end (GIM-7).

Pure functions over the record; every problem becomes a :class:`Violation` naming the round
and player, the rule, and what went wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from printkit.core.score import PlayerResult, Report, Violation, rank
from printkit.games.gimbap.content import CONTENT, Token
from printkit.games.gimbap.record import GimbapRecord, Round
from printkit.games.gimbap.rolls import Build, RollError, check, die_of, parse_face


@dataclass
class RoundResult:
    """What happened in one round: who took what, who was right, who kept what."""

    taken: dict[str, Token]
    correct: dict[str, bool]
    kept: dict[str, Token]
    events: list[str] = field(default_factory=list)


def best(tokens) -> Token | None:
    return max(tokens, key=lambda t: t.rank, default=None)


def play_round(r: Round, correct: dict[str, bool]) -> RoundResult:
    """GIM-5 and GIM-6 for one round, given whether each player's roll was correct.

    >>> from printkit.games.gimbap.record import Round
    >>> r = Round(first="A", dice=["rice+seaweed", "ham-radish"], tokens=["4/3", "2/1"],
    ...           done=["A", "B", "C"], rolls={p: {"correct": True} for p in "ABC"})
    >>> res = play_round(r, {"A": False, "B": True, "C": True})
    >>> {p: str(t) for p, t in res.kept.items()}
    {'B': '4/3', 'C': '2/1'}
    """
    centre = list(r.tokens)
    taken: dict[str, Token] = {}
    events = []
    for who in r.done:  # "Done!": take the best face-up token, while any is left
        t = best(centre)
        if t is None:
            break
        centre.remove(t)
        taken[who] = t
        events.append(f"{who} says Done! and takes {t}")
    # GIM-6: token holders check best token first; the others after, in "Done!" order.
    holders = sorted(taken, key=lambda p: taken[p].rank, reverse=True)
    order = holders + [p for p in r.done if p not in taken]
    kept: dict[str, Token] = {}
    for who in order:
        own = taken.get(who)
        if not correct[who]:
            if own is not None:
                centre.append(own)
                events.append(f"{who}'s roll is wrong: {own} goes back to the centre")
            else:
                events.append(f"{who}'s roll is wrong")
            continue
        top = best(centre)
        if own is None:
            if top is not None:
                centre.remove(top)
                kept[who] = top
                events.append(f"{who}'s roll is right: takes {top} from the centre")
            else:
                events.append(f"{who}'s roll is right, but no token is left")
        elif top is not None and top.rank > own.rank:
            centre.remove(top)
            centre.append(own)
            kept[who] = top
            events.append(f"{who}'s roll is right: swaps {own} for {top}")
        else:
            kept[who] = own
            events.append(f"{who}'s roll is right: keeps {own}")
    if centre:
        events.append("left face up, out of the game: " + ", ".join(str(t) for t in sorted(centre, reverse=True)))
    return RoundResult(taken, correct, kept, events)


def _round_violations(i: int, r: Round, rec: GimbapRecord, seat: int) -> list[Violation]:
    where = f"round {i + 1}"
    n = len(rec.players)
    out: list[Violation] = []
    expected_first = rec.players[seat % n]  # PK-1: the next name in the list sits to the left
    if r.first != expected_first:
        out.append(Violation(where, "GIM-5", f"{r.first} rolled, but the first player moves one seat left "
                                             f"each round: it was {expected_first}'s turn", path=("rounds", i)))
    if not 2 <= len(r.dice) <= 4:
        out.append(Violation(where, "GIM-3", f"the first player rolls 2 to 4 order dice; {len(r.dice)} were recorded", path=("rounds", i)))
    dice = [die_of(parse_face(f)) for f in r.dice]
    for k, d in enumerate(dice):
        if d in dice[:k]:
            out.append(Violation(where, "GIM-3", f"{r.dice[k]} and {r.dice[dice.index(d)]} are faces of the same die", path=("rounds", i)))
    if len(r.tokens) != n - 1:
        out.append(Violation(where, "GIM-5", f"{n - 1} tokens are laid out with {n} players; the record has {len(r.tokens)}", path=("rounds", i)))
    if sorted(r.done) != sorted(rec.players):  # PK-2: everyone says Done! once
        missing = [p for p in rec.players if p not in r.done]
        twice = sorted({p for p in r.done if r.done.count(p) > 1})
        what = []
        if missing:
            what.append("missing: " + ", ".join(missing))
        if twice:
            what.append("more than once: " + ", ".join(twice))
        out.append(Violation(where, "GIM-6", "every player says Done! once (" + "; ".join(what) + ")", path=("rounds", i)))
    for p in rec.players:
        if p not in r.rolls:
            out.append(Violation(f"{where} ({p})", "GIM-6", f"no roll recorded for {p}", path=("rounds", i, "rolls")))
    return out


def _correctness(i: int, r: Round, players: list[str]) -> tuple[dict[str, bool], list[Violation]]:
    order = [parse_face(f) for f in r.dice]
    correct: dict[str, bool] = {}
    out: list[Violation] = []
    for p in players:
        roll = r.rolls.get(p)
        where = f"round {i + 1} ({p})"
        if roll is None:
            correct[p] = False
            continue
        if roll.on is None:
            correct[p] = bool(roll.correct)
            continue
        try:
            build = Build.make(roll.on, roll.touching)
        except RollError as e:
            out.append(Violation(where, "GIM-2", f"this roll cannot be built: {e}", path=("rounds", i, "rolls", p)))
            correct[p] = False
            continue
        results = check(order, build)
        ok = all(results)
        correct[p] = ok
        if roll.correct is not None and roll.correct != ok:  # PK-3: the build decides
            broken = [f.describe() for f, good in zip(order, results) if not good]
            detail = ("it breaks: " + "; ".join(broken)) if broken else "it meets every die"
            out.append(Violation(where, "GIM-6", f"the record says the roll was {'right' if roll.correct else 'wrong'}, "
                                                 f"but {detail}", path=("rounds", i, "rolls", p)))
    return correct, out


def standing(pr: PlayerResult) -> tuple[int, int]:
    """GIM-7: most points, then most radish slices; then the victory is shared."""
    return pr.total, pr.breakdown["radish"]


def score(rec: GimbapRecord) -> Report:
    """Replay ``rec``: violations, each player's tokens, totals and the GIM-7 ranking."""
    n = len(rec.players)
    violations: list[Violation] = []
    # Which tokens are in play (GIM-5): with 2 players, 6 chosen tokens; else all 12.
    need = CONTENT.tokens_in_play[n]
    if n == 2:
        if rec.tokens is None:
            violations.append(Violation("tokens", "GIM-5", f"with 2 players the game uses {need} random tokens: "
                                                         "list them under 'tokens'", path=("players",)))
            in_play = set(CONTENT.tokens)
        else:
            in_play = set(rec.tokens)
            if len(rec.tokens) != need or len(in_play) != len(rec.tokens):
                violations.append(Violation("tokens", "GIM-5", f"with 2 players the game uses {need} different "
                                                             f"tokens; the record lists {len(rec.tokens)}", path=("tokens",)))
    else:
        in_play = set(CONTENT.tokens)
        if rec.tokens is not None and set(rec.tokens) != in_play:
            violations.append(Violation("tokens", "GIM-5", f"with {n} players all {need} tokens are used",
                                        path=("tokens",)))
    rounds = CONTENT.rounds[n]
    if len(rec.rounds) > rounds:
        violations.append(Violation(f"round {rounds + 1}", "GIM-5", f"a {n}-player game lasts {rounds} rounds (until "
                                                                    f"the tokens run out); the record has {len(rec.rounds)}",
                                    path=("rounds", rounds)))
    unfinished = len(rec.rounds) < rounds
    notes = [f"{len(rec.rounds)} of the {rounds} rounds are played: the game is not over"] if unfinished else []
    seat = rec.players.index(rec.rounds[0].first) if rec.rounds else 0
    used: dict[Token, int] = {}
    won: dict[str, list[Token | None]] = {p: [] for p in rec.players}
    details: list[dict] = []
    for i, r in enumerate(rec.rounds):
        violations += _round_violations(i, r, rec, seat + i)
        for t in r.tokens:
            if t not in in_play:
                violations.append(Violation(f"round {i + 1}", "GIM-5", f"token {t} is not among the tokens in play",
                                            path=("rounds", i, "tokens")))
            elif t in used:
                violations.append(Violation(f"round {i + 1}", "GIM-5",
                                            f"token {t} was already laid out in round {used[t] + 1}; a token is used once",
                                            path=("rounds", i, "tokens")))
            else:
                used[t] = i
        correct, bad = _correctness(i, r, rec.players)
        violations += bad
        done = [p for p in dict.fromkeys(r.done) if p in rec.players]
        done += [p for p in rec.players if p not in done]
        res = play_round(r.model_copy(update={"done": done}), correct)
        for p in rec.players:
            won[p].append(res.kept.get(p))
        details.append({"round": i + 1, "first": r.first, "dice": list(r.dice),
                        "correct": correct, "taken": {p: str(t) for p, t in res.taken.items()},
                        "kept": {p: str(t) for p, t in res.kept.items()}, "events": res.events})
    players = []
    for p in rec.players:
        tokens = [t for t in won[p] if t is not None]
        players.append(PlayerResult(p, sum(t.points for t in tokens), {
            "radish": sum(t.radish for t in tokens),
            "tokens": [str(t) if t else "-" for t in won[p]],
        }))
    ranking, winners = rank(players, key=standing)
    return Report("gimbap", violations, players, ranking, winners, extra={"rounds": details},
                  details=[f"round {d['round']}: " + "; ".join(d["events"]) for d in details],
                  notes=notes, unfinished=unfinished)
