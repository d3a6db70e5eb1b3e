"""Gimbap's rules as pure functions: the tokens in play (GIM-5), a round's checks (GIM-3, GIM-5,
GIM-6), its token taking and checking (GIM-5, GIM-6), and the end's tie-break (GIM-7).

:mod:`state` plays them round by round. Every problem becomes a :class:`Violation` naming the
round and player, the rule, and what went wrong; its ``path`` is relative to the round's entry
in the record (the State's contract), except for :func:`tokens_in_play`, which judges the
record's header.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from printkit.core.score import PlayerResult, Violation
from printkit.games.gimbap.content import CONTENT, Token
from printkit.games.gimbap.rolls import Build, RollError, check, die_of, parse_face

if TYPE_CHECKING:  # only the hints name the model
    from printkit.games.gimbap.record import Round


@dataclass
class RoundResult:
    """What happened in one round: who took what, who was right, who kept what."""

    taken: dict[str, Token]
    correct: dict[str, bool]
    kept: dict[str, Token]
    events: list[str] = field(default_factory=list)


def best(tokens) -> Token | None:
    """The best token: most points, then most radish slices (GIM-4)."""
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


def tokens_in_play(players: list[str], tokens: list[Token] | None) -> tuple[frozenset[Token], list[Violation]]:
    """GIM-5: the tokens a game uses (with 2 players, the 6 chosen and listed under ``tokens``;
    else all 12), and what is wrong with the record's list (paths from the record's top).

    >>> from printkit.games.gimbap.content import Token
    >>> in_play, bad = tokens_in_play(["A", "B"], [Token(4, 3)])
    >>> sorted(map(str, in_play)), bad[0].message
    (['4/3'], 'with 2 players the game uses 6 different tokens; the record lists 1')
    >>> len(tokens_in_play(["A", "B", "C"], None)[0])
    12
    """
    n = len(players)
    need = CONTENT.tokens_in_play[n]
    everything = frozenset(CONTENT.tokens)
    if n != 2:
        if tokens is not None and set(tokens) != everything:
            return everything, [Violation("tokens", "GIM-5", f"with {n} players all {need} tokens are used",
                                          path=("tokens",))]
        return everything, []
    if tokens is None:
        return everything, [Violation("tokens", "GIM-5", f"with 2 players the game uses {need} random tokens: "
                                                         "list them under 'tokens'", path=("players",))]
    chosen = frozenset(tokens)
    if len(tokens) != need or len(chosen) != len(tokens):
        return chosen, [Violation("tokens", "GIM-5", f"with 2 players the game uses {need} different "
                                                     f"tokens; the record lists {len(tokens)}", path=("tokens",))]
    return chosen, []


def round_violations(where: str, r: Round, players: list[str], first: str | None) -> list[Violation]:
    """GIM-3, GIM-5, GIM-6 (PK-1, PK-2) for one round's entry: who rolled (``first`` is whose turn
    it was, None when anyone may), the dice, how many tokens, everyone's Done! and roll."""
    n = len(players)
    out: list[Violation] = []
    if first is not None and r.first != first:  # PK-1: the next name in the list sits to the left
        out.append(Violation(where, "GIM-5", f"{r.first} rolled, but the first player moves one seat left "
                                             f"each round: it was {first}'s turn"))
    if not 2 <= len(r.dice) <= 4:
        out.append(Violation(where, "GIM-3", f"the first player rolls 2 to 4 order dice; {len(r.dice)} were recorded"))
    dice = [die_of(parse_face(f)) for f in r.dice]
    for k, d in enumerate(dice):
        if d in dice[:k]:
            out.append(Violation(where, "GIM-3", f"{r.dice[k]} and {r.dice[dice.index(d)]} are faces of the same die"))
    if len(r.tokens) != n - 1:
        out.append(Violation(where, "GIM-5", f"{n - 1} tokens are laid out with {n} players; the record has {len(r.tokens)}"))
    if sorted(r.done) != sorted(players):  # PK-2: everyone says Done! once
        out.append(Violation(where, "GIM-6", f"every player says Done! once ({_done_problem(r.done, players)})"))
    out += [Violation(f"{where} ({p})", "GIM-6", f"no roll recorded for {p}", path=("rolls",))
            for p in players if p not in r.rolls]
    return out


def _done_problem(done: list[str], players: list[str]) -> str:
    """What is wrong with a round's Done! list (PK-2).

    >>> _done_problem(["A", "B", "A"], ["A", "B", "C"])
    'missing: C; more than once: A'
    """
    missing = [p for p in players if p not in done]
    twice = sorted({p for p in done if done.count(p) > 1})
    what = []
    if missing:
        what.append("missing: " + ", ".join(missing))
    if twice:
        what.append("more than once: " + ", ".join(twice))
    return "; ".join(what)


def lay_tokens(where: str, laid: list[Token], in_play: frozenset[Token], used: dict[Token, int],
               index: int) -> tuple[dict[Token, int], list[Violation]]:
    """GIM-5: each token round ``index`` lays out is in play and was not laid out before. Gives
    ``used`` (token -> index of the round that laid it) with this round's tokens, and the
    violations.

    >>> used, bad = lay_tokens("round 2", [Token(4, 3), Token(4, 3)], frozenset(CONTENT.tokens), {}, 1)
    >>> used, bad[0].message
    ({Token(points=4, radish=3): 1}, 'token 4/3 was already laid out in round 2; a token is used once')
    """
    used = dict(used)
    out = []
    for t in laid:
        if t not in in_play:
            out.append(Violation(where, "GIM-5", f"token {t} is not among the tokens in play", path=("tokens",)))
        elif t in used:
            out.append(Violation(where, "GIM-5", f"token {t} was already laid out in round {used[t] + 1}; "
                                                 "a token is used once", path=("tokens",)))
        else:
            used[t] = index
    return used, out


def correctness(where: str, r: Round, players: list[str]) -> tuple[dict[str, bool], list[Violation]]:
    """GIM-6 (PK-3): whether each player's roll meets the order the dice show, and the rolls that
    cannot be built or whose written verdict the build contradicts. No roll is a wrong roll."""
    order = [parse_face(f) for f in r.dice]
    correct: dict[str, bool] = {}
    out: list[Violation] = []
    for p in players:
        roll = r.rolls.get(p)
        if roll is None or roll.on is None:
            correct[p] = bool(roll is not None and roll.correct)
            continue
        try:
            build = Build.make(roll.on, roll.touching)
        except RollError as e:
            out.append(Violation(f"{where} ({p})", "GIM-2", f"this roll cannot be built: {e}", path=("rolls", p)))
            correct[p] = False
            continue
        results = check(order, build)
        correct[p] = all(results)
        if roll.correct is not None and roll.correct != correct[p]:  # PK-3: the build decides
            broken = [f.describe() for f, good in zip(order, results, strict=True) if not good]
            detail = ("it breaks: " + "; ".join(broken)) if broken else "it meets every die"
            out.append(Violation(f"{where} ({p})", "GIM-6", f"the record says the roll was "
                                 f"{'right' if roll.correct else 'wrong'}, but {detail}", path=("rolls", p)))
    return correct, out


def done_order(done: list[str], players: list[str]) -> list[str]:
    """The order players said Done! as the round is played: each once, at their first mention;
    players the record leaves out (a GIM-6 violation) come last, in seating order.

    >>> done_order(["B", "B", "A"], ["A", "B", "C"])
    ['B', 'A', 'C']
    """
    order = [p for p in dict.fromkeys(done) if p in players]
    return order + [p for p in players if p not in order]


def standing(pr: PlayerResult) -> tuple[int, int]:
    """GIM-7: most points, then most radish slices; then the victory is shared."""
    return pr.total, pr.breakdown["radish"]
