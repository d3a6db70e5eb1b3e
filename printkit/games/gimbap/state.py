"""A game of Gimbap in progress, round by round: the State ``printkit score`` replays records on.

A move is one of the record's ``rounds`` (:class:`~printkit.games.gimbap.record.Round`): who
rolled, the dice, the tokens laid out, the Done! order and everyone's roll. The players race
at once, so a round is the only step a record can check; :attr:`GimbapState.to_move` is the
player who rolls next (GIM-5, PK-1), and the tokens a round may still lay out are
:meth:`GimbapState.tokens_left`.

>>> from printkit.games.gimbap.record import GimbapRecord, Round
>>> rec = GimbapRecord.model_validate({"players": ["A", "B", "C"], "rounds": []})
>>> s = GimbapState.start(rec)
>>> s.to_move is None, s.round, s.rounds, len(s.tokens_left())  # anyone may roll first
(True, 0, 6, 12)
>>> s.apply(Round(first="B", dice=["rice+seaweed", "ham-radish"], tokens=["4/3", "3/3"],
...               done=["C", "A", "B"], rolls={p: {"correct": p != "A"} for p in "ABC"}))
[]
>>> s.to_move, [(p.name, p.total) for p in s.standings()]
('C', [('A', 0), ('B', 3), ('C', 4)])
>>> for v in s.apply(Round(first="A", dice=["rice+seaweed"], tokens=["4/3", "1/1"], done=["A", "B", "C"],
...                          rolls={p: {"correct": True} for p in "ABC"})):
...     print(v, v.path)
round 2: A rolled, but the first player moves one seat left each round: it was C's turn [GIM-5] ()
round 2: the first player rolls 2 to 4 order dice; 1 were recorded [GIM-3] ()
round 2: token 4/3 was already laid out in round 1; a token is used once [GIM-5] ('tokens',)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from printkit.core.game import Game, GameState, Step
from printkit.core.score import PlayerResult, Violation
from printkit.games.gimbap.content import CONTENT, Token
from printkit.games.gimbap.rules import (
    correctness, done_order, lay_tokens, play_round, round_violations, standing, tokens_in_play,
)

if TYPE_CHECKING:  # only the hints name the models
    from printkit.games.gimbap.record import GimbapRecord, Round

GAME = "gimbap"


class GimbapState(GameState["Round"]):  # named: Round is only imported for type checkers
    """The players (in seating order), the tokens in play, and what each round laid out and gave.

    ``setup`` holds what is wrong with the record's header (the 2-player token list, GIM-5),
    with paths from the record's top; :meth:`finish` reports it.
    """

    def __init__(self, players: Sequence[str], in_play: Iterable[Token], setup: Sequence[Violation] = ()):
        self.players: tuple[str, ...] = tuple(players)
        self.in_play: frozenset[Token] = frozenset(in_play)
        self.setup: list[Violation] = list(setup)
        #: How many rounds the game lasts (GIM-5: until the tokens run out).
        self.rounds: int = CONTENT.rounds[len(self.players)]
        #: How many rounds are played.
        self.round: int = 0
        self._seat = 0  # the seat of the first round's first player
        #: Each token laid out -> the index of the round that laid it.
        self.used: dict[Token, int] = {}
        #: What each player kept each round (None: nothing).
        self.won: dict[str, list[Token | None]] = {p: [] for p in self.players}
        self._rounds: list[dict[str, Any]] = []

    @classmethod
    def start(cls, rec: GimbapRecord) -> GimbapState:
        """The game a record's header sets up: its players and the tokens in play (GIM-5)."""
        in_play, setup = tokens_in_play(rec.players, rec.tokens)
        return cls(rec.players, in_play, setup)

    @property
    def to_move(self) -> str | None:
        """Who rolls the next round: the player left of the last first player (PK-1: the next name
        in the list); None before the first round (anyone may start) and once the game is over."""
        if self.round == 0 or self.is_over:
            return None
        return self._first(self.round)

    def _first(self, index: int) -> str:
        """Who rolls round ``index`` (from 0), counting seats from the first round's roller."""
        return self.players[(self._seat + index) % len(self.players)]

    def legal_moves(self) -> None:
        """A round is everyone's race and roll: too many to list (see :meth:`tokens_left`)."""
        return None

    @property
    def tokens_to_lay(self) -> int:
        """How many tokens a round lays out: one fewer than there are players (GIM-5)."""
        return len(self.players) - 1

    def tokens_left(self) -> list[Token]:
        """The tokens in play not laid out yet, best first (GIM-5: a round lays out
        :attr:`tokens_to_lay` of them)."""
        return sorted((t for t in self.in_play if t not in self.used), reverse=True)

    def apply(self, move: Round) -> list[Violation]:
        """Play one round (GIM-3, GIM-5, GIM-6): the violations, with paths inside the round."""
        i, players = self.round, list(self.players)
        where = f"round {i + 1}"
        if i == 0:
            self._seat = self.players.index(move.first)
        out = round_violations(where, move, players, self._first(i) if i else None)
        self.used, laid = lay_tokens(where, move.tokens, self.in_play, self.used, i)
        out += laid
        correct, bad = correctness(where, move, players)
        out += bad
        res = play_round(move.model_copy(update={"done": done_order(move.done, players)}), correct)
        for p in players:
            self.won[p].append(res.kept.get(p))
        self._rounds.append({"round": i + 1, "first": move.first, "dice": list(move.dice),
                             "correct": correct, "taken": {p: str(t) for p, t in res.taken.items()},
                             "kept": {p: str(t) for p, t in res.kept.items()}, "events": res.events})
        self.round += 1
        return out

    @property
    def is_over(self) -> bool:
        """After the last round (GIM-5: 6, 4 or 3 rounds with 2, 3 or 4 players)."""
        return self.round >= self.rounds

    def standings(self) -> list[PlayerResult]:
        """GIM-7: each player's points, radish slices and the token kept each round ("-": none)."""
        return [_result(p, self.won[p]) for p in self.players]

    def finish(self) -> list[Violation]:
        """The header's problems (GIM-5 token list), and rounds past the game's end (GIM-5)."""
        out = list(self.setup)
        if self.round > self.rounds:
            n = len(self.players)
            out.append(Violation(f"round {self.rounds + 1}", "GIM-5", f"a {n}-player game lasts {self.rounds} rounds "
                                 f"(until the tokens run out); the record has {self.round}",
                                 path=("rounds", self.rounds)))
        return out

    def notes(self) -> list[str]:
        return [] if self.is_over else [f"{self.round} of the {self.rounds} rounds are played: the game is not over"]

    def details(self) -> list[str]:
        return [f"round {d['round']}: " + "; ".join(d["events"]) for d in self._rounds]

    def extra(self) -> dict[str, Any]:
        return {"rounds": self._rounds}


def _result(player: str, won: list[Token | None]) -> PlayerResult:
    tokens = [t for t in won if t is not None]
    return PlayerResult(player, sum(t.points for t in tokens), {
        "radish": sum(t.radish for t in tokens),
        "tokens": [str(t) if t else "-" for t in won],
    })


def start(records: Sequence[GimbapRecord]) -> GimbapState:
    (rec,) = records
    return GimbapState.start(rec)


def moves(records: Sequence[GimbapRecord]) -> list[Step]:
    """A record's moves: its rounds, in order."""
    (rec,) = records
    return [(0, ("rounds", i), r) for i, r in enumerate(rec.rounds)]


#: Gimbap for the core: ``printkit score gimbap`` replays a record's rounds on a GimbapState.
GIMBAP = Game(GAME, "Gimbap", "printkit.games.gimbap.record:GimbapRecord", start=start, moves=moves, rank_key=standing)
