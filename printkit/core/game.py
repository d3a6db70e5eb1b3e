"""The game contract: a per-move State per game, and the one replay loop that scores a record.

Every way a game reaches its rules goes through its State (in the spirit of OpenSpiel's states
and python-chess's boards): the scorer replaying a record file, the automatic players and
``simulate``, and the scorekeeper's web pages. A game supplies a :class:`Game`: its record
model, how a record starts a State and which moves it holds, and the ranking key of its
tie-breaks. The core replays, collects violations with the record line of each move, tells
unfinished games apart, ranks and builds the :class:`~printkit.core.score.Report`. It names no
game.

A move is one of the record's own entries (a turn, a card played, one player's hour of a
roll-and-write game), so what a State says about a move points straight at a line of the record.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, TypeVar
from collections.abc import Callable, Iterable, Sequence

from printkit.core.score import PlayerResult, Report, Violation, locate, rank

if TYPE_CHECKING:
    from pydantic import BaseModel

Move = TypeVar("Move")


class GameState(ABC, Generic[Move]):
    """One game in progress. ``apply`` changes the state; ``copy`` keeps one to come back to
    (undo is a copy taken before a move).

    Violations returned by ``apply`` carry a ``path`` relative to the move's entry in the record
    (``("take", 2)``, or empty for the entry itself); the replay loop prefixes the move's own
    path, so the report can name the record's line.
    """

    @property
    @abstractmethod
    def to_move(self) -> str | None:
        """Who is expected to move next; None when the game is over or moves are simultaneous."""

    def legal_moves(self) -> Iterable[Move] | None:
        """Every legal move now, where the game can enumerate them; None where it cannot (a
        roll-and-write hour has too many ways to cross what it rolled)."""
        return None

    @abstractmethod
    def apply(self, move: Move) -> list[Violation]:
        """Play ``move``: the rules it breaks (empty when it is legal). A move that breaks a
        rule is still applied as far as the game can make sense of it, so that play goes on."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has reached its end (a record that stops before is unfinished)."""

    @abstractmethod
    def standings(self) -> list[PlayerResult]:
        """Each player's total and breakdown so far, in the record's order of players."""

    def finish(self) -> list[Violation]:
        """Rules that only the end of the record can judge (with absolute paths)."""
        return []

    def notes(self) -> list[str]:
        """What a player should know about the game as a whole (why it is unfinished, say)."""
        return []

    def details(self) -> list[str]:
        """What happened, move by move, in words (printed before the table)."""
        return []

    def extra(self) -> dict[str, Any]:
        """The game's own keys for ``--json`` (boards, rounds ...)."""
        return {}

    def no_winner(self) -> str:
        """Why nobody wins this finished, legal game, if the rules say so ("" otherwise)."""
        return ""

    def copy(self) -> GameState[Move]:
        return copy.deepcopy(self)


#: A move of a record: (index of the record among those scored together, key path of the move's
#: entry in that record, the move).
Step = tuple[int, tuple, Any]


@dataclass(frozen=True)
class Game:
    """What a game gives the core: rules metadata as data, and the functions that start and feed
    its State. Registered by the game's own package (see printkit.core.registry)."""

    name: str
    title: str
    #: The record model (``printkit schema`` prints its JSON Schema), or its ``"module:Model"``
    #: name, imported when first needed (:attr:`model`), so that registering a game is cheap.
    record: type[BaseModel] | str
    #: The State a game starts in, from the records' headers (players, options, sheet ...).
    start: Callable[[Sequence[Any]], GameState]
    #: The records' moves in the order they are played.
    moves: Callable[[Sequence[Any]], Iterable[Step]]
    #: The ranking key of the game's tie-breaks: larger is better; equal keys share a victory.
    rank_key: Callable[[PlayerResult], tuple]
    #: Whether several records are scored together (one record per player).
    multi: bool = False

    @cached_property
    def model(self) -> type[BaseModel]:
        """The record model (:attr:`record`, imported if it was given by name)."""
        return resolve(self.record)


def resolve(ref: Any) -> Any:
    """``ref`` itself, or what a ``"module:attribute"`` name holds (imported, as the registry's
    :class:`~printkit.core.registry.Ref` imports what a game registers by name)."""
    from printkit.core.registry import Ref

    return Ref(ref).load() if isinstance(ref, str) else ref


def replay(game: Game, records: Sequence[tuple[str, Any, dict]]) -> Report:
    """Score ``records`` (``(file name, record, key-path-to-line table)``) by playing their moves
    on the game's State, every violation located at its record's line."""
    recs = [r for _, r, _ in records]
    state = game.start(recs)
    violations: list[Violation] = []
    for index, path, move in game.moves(recs):
        violations += [replace(v, path=tuple(path) + tuple(v.path), record=index) for v in state.apply(move)]
    violations += state.finish()
    players = state.standings()
    ranking, winners = rank(players, game.rank_key)
    report = locate(Report(game.name, violations, players, ranking, winners, extra=state.extra(),
                           notes=state.notes(), details=state.details(), unfinished=not state.is_over,
                           no_winner=state.no_winner()), records)
    # Violations in the order of the record's lines (a header's before the moves'), as a reader
    # goes through the file; ties keep the order the rules found them in.
    report.violations.sort(key=lambda v: (v.record, v.line or 0))
    return report
