"""A game of Gemblo move by move: the State the scorer, the automatic player and a scorekeeper
drive (printkit.core.game), over the placement rules of :mod:`printkit.games.gemblo.rules`.

A move is a record's own ``moves`` entry (:class:`~printkit.games.gemblo.record.Move`): a
placement ``{colour, piece, cells}`` or a pass ``{colour, pass: true}``.

>>> from printkit.games.gemblo.record import GembloRecord
>>> s = start([GembloRecord(players=4, colours=["red", "yellow", "green", "blue"], moves=[])])
>>> s.to_move
'red'
>>> s.apply(placement("red", "V3", [(12, -9), (11, -9), (10, -8)]))
[]
>>> s.to_move
'yellow'
>>> [v.rule for v in s.apply(placement("green", "M1", [(-12, 9)]))]  # yellow's turn
['PK-6']
>>> s.to_move  # the turn goes on from the colour that moved (PK-6)
'blue'
"""

from __future__ import annotations

import copy as _copy
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from printkit.core.game import Game, GameState, Step
from printkit.core.geometry.hexgrid import Hex
from printkit.core.score import PlayerResult, Violation
from printkit.games.gemblo.content import CONTENT
from printkit.games.gemblo.rules import Board, cells_text, first_legal_move, lay_problems, legal_moves, problems

if TYPE_CHECKING:  # the record model is only named here
    from printkit.games.gemblo.record import GembloRecord, Move

#: Blocks of a colour's 18 pieces (GEM-3).
BLOCKS = sum(len(cells) for cells in CONTENT.pieces.values())


def placement(colour: str, piece: str, cells: Iterable[Hex]) -> Move:
    """The record entry placing ``piece`` on ``cells`` (built unchecked: the State judges it).
    For the automatic player and the scorekeeper, never the scorer: hence the import here."""
    from printkit.games.gemblo.record import Move

    return Move.model_construct(colour=colour, piece=piece, cells=[tuple(c) for c in cells], pass_=False)


def passing(colour: str) -> Move:
    """The record entry of ``colour`` passing for good (GEM-7); built as :func:`placement`'s."""
    from printkit.games.gemblo.record import Move

    return Move.model_construct(colour=colour, piece=None, cells=None, pass_=True)


def obstacle_colour(colours: Iterable[str]) -> str:
    """The sixth colour, laid as obstacles with 5 players (GEM-6).

    >>> obstacle_colour(["red", "yellow", "green", "blue", "purple"])
    'clear'
    """
    colours = list(colours)
    return next(c for c in CONTENT.colours if c not in colours)


def default_obstacles() -> list[tuple[str, list[Hex]]]:
    """The obstacles of a 5-player record that lays none: the layout in the game's data file (PK-7)."""
    return [(o.piece, [(q, r) for q, r in o.cells]) for o in CONTENT.obstacles]


def owners(rec: GembloRecord) -> dict[str, str]:
    """Player name for each colour. With 2 players, colours 1 and 3 are one player's (GEM-6)."""
    if rec.players == 2:
        a, b, c, d = rec.colours
        first = rec.names.get(a) or rec.names.get(c) or f"{a}+{c}"
        second = rec.names.get(b) or rec.names.get(d) or f"{b}+{d}"
        return {a: first, c: first, b: second, d: second}
    return {c: rec.names.get(c, c) for c in rec.colours}


def lay_obstacles(board: Board, colour: str,
                  layout: Sequence[tuple[str, Sequence[Hex]]]) -> tuple[Board, list[Violation]]:
    """``board`` with ``colour``'s pieces laid as obstacles, and the GEM-6 violations: they are
    laid as pieces are, each once, in its shape, on the board, none over another."""
    out: list[Violation] = []
    for k, (piece, cells) in enumerate(layout):
        out += [Violation(f"obstacle {k + 1}", "GEM-6", f"{piece} on {cells_text(cells)}: {message}",
                          path=("obstacles", k))
                for _rule, message in lay_problems(board, colour, piece, cells)]
        board = board.place(colour, piece, cells)
    return board, out


def standing(p: PlayerResult) -> tuple[int, int]:
    """GEM-7: fewest penalty points; then the one whose largest unplaced piece is larger loses;
    then the victory is shared."""
    return p.total, -p.breakdown["largest_unplaced"]


class GembloState(GameState["Move"]):  # Move named: record.py is not imported
    """The board, whose turn it is, who has passed; ``apply`` judges a record's move.

    ``to_move`` is the colour expected next: in the record's order from the colour that moved
    last, skipping colours that passed (PK-6); None once every colour has passed. The game is
    over (``is_over``) when no colour that has not passed can place a piece (GEM-7): a record
    may stop there without the last passes.
    """

    def __init__(self, record: GembloRecord, board: Board, setup: Sequence[Violation] = ()):
        self.record = record
        self.board = board
        #: colour -> the move (counted from 1) at which it passed for good
        self.passed: dict[str, int] = {}
        self.played = 0  # moves applied
        self._turn = 0  # index into the colours of whose turn it is, passes not yet skipped
        self._setup = list(setup)

    @property
    def colours(self) -> tuple[str, ...]:
        return self.board.colours

    @property
    def to_move(self) -> str | None:
        n = len(self.colours)
        for k in range(n):
            colour = self.colours[(self._turn + k) % n]
            if colour not in self.passed:
                return colour
        return None

    def legal_moves(self) -> list[Move]:
        """The placements of the colour to move (each once, piece by piece), or its pass when it
        has none; nothing once every colour has passed."""
        colour = self.to_move
        if colour is None:
            return []
        moves = [placement(colour, piece, cells) for piece, cells in legal_moves(self.board, colour)]
        return moves or [passing(colour)]

    def apply(self, move: Move) -> list[Violation]:
        self.played += 1
        where = f"move {self.played} ({move.colour})"
        out = [Violation(where, rule, message) for rule, message in self._turn_problems(move)]
        had_passed = move.colour in self.passed
        if move.pass_:
            out += [Violation(where, rule, message) for rule, message in self._pass(move.colour)]
        else:
            assert move.piece is not None and move.cells is not None  # a placement (the record model checks)
            out += [Violation(where, rule, f"{move.piece} on {cells_text(move.cells)}: {message}")
                    for rule, message in self._place(move.colour, move.piece, move.cells)]
        if not had_passed:  # the turn goes on from the colour that moved (PK-6)
            self._turn = (self.colours.index(move.colour) + 1) % len(self.colours)
        return out

    def _turn_problems(self, move: Move) -> list[tuple[str, str]]:
        if move.colour in self.passed:
            return [("GEM-7", f"{move.colour} passed at move {self.passed[move.colour]} and may not play again")]
        expected = self.to_move
        if move.colour != expected:
            return [("PK-6", f"it was {expected}'s turn")]
        return []

    def _pass(self, colour: str) -> list[tuple[str, str]]:
        if colour in self.passed:
            return []
        self.passed[colour] = self.played
        could = first_legal_move(self.board, colour)
        if could is None:
            return []
        return [("GEM-7", f"{colour} passed but could still place {could[0]} on {cells_text(could[1])}")]

    def _place(self, colour: str, piece: str, cells: Sequence[Hex]) -> list[tuple[str, str]]:
        found = problems(self.board, colour, piece, cells)
        if all(tuple(c) not in self.board.cells for c in cells):  # a piece over another is not laid
            self.board = self.board.place(colour, piece, [(q, r) for q, r in cells])
        return found

    def still_placing(self) -> Iterator[tuple[str, tuple[str, tuple[Hex, ...]]]]:
        """Each colour that has not passed and could still place a piece, with such a placement."""
        for colour in self.colours:
            if colour not in self.passed:
                could = first_legal_move(self.board, colour)
                if could is not None:
                    yield colour, could

    @property
    def is_over(self) -> bool:
        return next(self.still_placing(), None) is None

    def finish(self) -> list[Violation]:
        return list(self._setup)

    def notes(self) -> list[str]:
        # GEM-7: a record that stops while a colour can place is an unfinished game.
        return [f"the record ends while {colour} could still place {piece} on {cells_text(cells)}: "
                "the game is not over" for colour, (piece, cells) in self.still_placing()]

    def standings(self) -> list[PlayerResult]:
        """-1 per block of every unplaced piece (GEM-7), per player (a 2-player game's player
        has two colours)."""
        who = owners(self.record)
        players: dict[str, PlayerResult] = {}
        for colour in self.colours:
            name = who[colour]
            p = players.setdefault(name, PlayerResult(name, 0, {"penalty": 0, "largest_unplaced": 0,
                                                                "placed_blocks": 0, "unplaced": {}}))
            unplaced = self.board.unplaced(colour)
            sizes = [len(CONTENT.pieces[piece]) for piece in unplaced]
            p.total -= sum(sizes)
            p.breakdown["penalty"] -= sum(sizes)
            p.breakdown["placed_blocks"] += BLOCKS - sum(sizes)
            p.breakdown["unplaced"][colour] = unplaced
            p.breakdown["largest_unplaced"] = max([p.breakdown["largest_unplaced"], *sizes])
        return list(players.values())

    def extra(self) -> dict[str, Any]:
        return {"board": {f"{q},{r}": colour for (q, r), colour in sorted(self.board.cells.items())}}

    def copy(self) -> GembloState:
        """An independent state (the board is immutable and shared)."""
        other = _copy.copy(self)
        other.passed = dict(self.passed)
        other._setup = list(self._setup)
        return other


def start(records: Sequence[GembloRecord]) -> GembloState:
    """The state before the record's first move: with 5 players, the obstacles laid (the record's
    or the default layout), their GEM-6 violations kept for :meth:`GembloState.finish`."""
    (rec,) = records
    board = Board.new(rec.players, rec.colours)
    setup: list[Violation] = []
    if rec.players == 5:
        layout = default_obstacles() if rec.obstacles is None else [(o.piece, o.cells) for o in rec.obstacles]
        board, setup = lay_obstacles(board, obstacle_colour(rec.colours), layout)
    return GembloState(rec, board, setup)


def moves(records: Sequence[GembloRecord]) -> Iterator[Step]:
    (rec,) = records
    for i, move in enumerate(rec.moves):
        yield 0, ("moves", i), move


GEMBLO = Game("gemblo", "Gemblo", "printkit.games.gemblo.record:GembloRecord", start, moves, standing)
