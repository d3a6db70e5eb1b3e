"""Gemblo's rules as pure functions over a board state: placement (GEM-4), interception
(GEM-5), player counts (GEM-6), passing and penalties (GEM-7), and a legal-move generator.

>>> s = Board.new(4, ["red", "yellow", "green", "blue"])
>>> problems(s, "red", "V3", [(12, -9), (11, -9), (10, -8)])
[]
>>> s = s.place("red", "V3", [(12, -9), (11, -9), (10, -8)])
>>> [msg for _, msg in problems(s, "red", "M1", [(9, -7)])][0]
"the piece touches red's own block at [10,-8] edge to edge"
>>> problems(s, "red", "M1", [(8, -7)])  # on a diagonal of (10, -8), through open space
[]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from printkit.core.geometry.hexgrid import Hex, diagonals, neighbours
from printkit.core.geometry.polyhex import normalise
from printkit.games.gemblo.content import CONTENT

Placement = tuple[str, tuple[Hex, ...]]  # (piece, cells)


@dataclass(frozen=True)
class Board:
    """The board: who covers which cell, what each colour has used, where each started.

    Immutable: :meth:`place` gives a new board (the game's turn order, passes and records are
    :class:`printkit.games.gemblo.state.GembloState`'s).
    """

    players: int
    colours: tuple[str, ...]  # in turn order
    area: frozenset[Hex]
    starts: tuple[Hex, ...]
    cells: dict[Hex, str] = field(default_factory=dict)  # cell -> colour (obstacles included)
    used: dict[str, frozenset[str]] = field(default_factory=dict)  # colour -> piece names placed
    started: dict[str, Hex] = field(default_factory=dict)  # colour -> the start cell its first piece covers

    @classmethod
    def new(cls, players: int, colours: Iterable[str]) -> Board:
        """The empty board of ``players`` players (their area and start cells)."""
        area_name, starts = CONTENT.players[players]
        colours = tuple(colours)
        return cls(players, colours, CONTENT.area(area_name), starts, {}, {c: frozenset() for c in colours}, {})

    def place(self, colour: str, piece: str, cells: Iterable[Hex]) -> Board:
        """The state after ``colour`` put ``piece`` on ``cells`` (no checks: see problems)."""
        new_cells = dict(self.cells)
        for c in cells:
            new_cells[c] = colour
        started = dict(self.started)
        if colour not in started:
            covered = [c for c in cells if c in self.starts]
            if covered:
                started[colour] = covered[0]
        used = dict(self.used)
        used[colour] = used.get(colour, frozenset()) | {piece}
        return Board(self.players, self.colours, self.area, self.starts, new_cells, used, started)

    def partner(self, colour: str) -> str | None:
        """With 2 players, the other colour of the same player (GEM-6): colours alternate."""
        if self.players != 2:
            return None
        i = self.colours.index(colour)
        return self.colours[(i + 2) % 4]

    def unplaced(self, colour: str) -> list[str]:
        return [p for p in CONTENT.pieces if p not in self.used.get(colour, ())]


def allowed_starts(state: Board, colour: str) -> list[Hex]:
    """Start cells ``colour``'s first piece may cover: free ones of the player count; with two
    players, opposite its partner's start (GEM-6)."""
    free = [s for s in state.starts if s not in state.cells]
    partner = state.partner(colour)
    if partner is not None:
        if partner in state.started:
            p = state.started[partner]
            return [s for s in free if s == (-p[0], -p[1])]
        # The opposite start must stay free for the partner.
        return [s for s in free if state.cells.get((-s[0], -s[1])) is None]
    return free


def _touching_own(state: Board, colour: str, cells) -> list[Hex]:
    return sorted({n for c in cells for n in neighbours(c) if state.cells.get(n) == colour})


def links(state: Board, colour: str, cells) -> tuple[int, int]:
    """(diagonal links to same-colour cells, how many of them are open) for a placement (GEM-5).

    A link is blocked when both flanks are covered by one other colour; open otherwise.
    """
    total = open_ = 0
    for c in cells:
        for d, (f1, f2) in diagonals(c):
            if state.cells.get(d) != colour:
                continue
            total += 1
            a, b = state.cells.get(f1), state.cells.get(f2)
            if not (a is not None and a == b):
                open_ += 1
    return total, open_


def lay_problems(state: Board, colour: str, piece: str, cells) -> list[tuple[str, str]]:
    """What any piece laid on the board must be, an obstacle too: its shape (turned or flipped),
    placed once, inside the area in play, on empty cells (GEM-3, GEM-4)."""
    cells = [tuple(c) for c in cells]
    out: list[tuple[str, str]] = []
    if normalise(cells) not in CONTENT.orientations[piece]:
        out.append(("GEM-3", f"these {len(cells)} cells are not the shape of {piece} "
                             f"({len(CONTENT.pieces[piece])} cells), turned or flipped"))
    if piece in state.used.get(colour, ()):
        out.append(("GEM-3", f"{colour} has already placed {piece}"))
    outside = [c for c in cells if c not in state.area]
    if outside:
        out.append(("GEM-4", f"{cells_text(outside)} {'is' if len(outside) == 1 else 'are'} outside the "
                             f"{state.players}-player area"))
    taken = [c for c in cells if c in state.cells]
    if taken:
        out.append(("GEM-4", f"{cells_text(taken)} {'is' if len(taken) == 1 else 'are'} already covered"))
    return out


def problems(state: Board, colour: str, piece: str, cells) -> list[tuple[str, str]]:
    """Every rule the placement breaks, as (rule id, sentence); empty when it is legal."""
    cells = [tuple(c) for c in cells]
    out = lay_problems(state, colour, piece, cells)
    touching = _touching_own(state, colour, cells)
    if touching:
        out.append(("GEM-4", f"the piece touches {colour}'s own block{'s' if len(touching) > 1 else ''} at "
                             f"{cells_text(touching)} edge to edge"))
    if not state.used.get(colour):  # the colour's first piece, wherever it went (GEM-4)
        allowed = allowed_starts(state, colour)
        if not any(c in allowed for c in cells):
            where = cells_text(allowed) if allowed else "none is free"
            out.append(("GEM-4" if state.players != 2 else "GEM-6",
                        f"{colour}'s first piece must cover a free start cell ({where})"))
    else:
        total, open_ = links(state, colour, cells)
        if total == 0:
            out.append(("GEM-4", f"no cell of the piece lies on a diagonal of a {colour} block"))
        elif open_ == 0:
            out.append(("GEM-5", f"every diagonal link to {colour} passes between two blocks of one other "
                                 "colour: the line would cross that piece"))
    return out


def cells_text(cells: Iterable[Hex]) -> str:
    """Cells as a record writes them.

    >>> cells_text([(12, -9), (11, -9)])
    '[12,-9] [11,-9]'
    """
    return " ".join(f"[{q},{r}]" for q, r in cells)


def _targets(state: Board, colour: str, forbidden: set[Hex]) -> list[Hex]:
    """The free cells a legal placement of ``colour`` may grow from: its allowed starts for a
    first piece, else the open diagonals of its blocks (GEM-4, GEM-5)."""
    if not state.used.get(colour):
        return [s for s in allowed_starts(state, colour) if s not in forbidden]
    targets: dict[Hex, None] = {}  # in the order found
    for c, col in state.cells.items():
        if col != colour:
            continue
        for d, (f1, f2) in diagonals(c):
            if d in targets or d in forbidden or d not in state.area:
                continue
            a, b = state.cells.get(f1), state.cells.get(f2)
            if a is None or a != b:
                targets[d] = None
    return list(targets)


def legal_moves(state: Board, colour: str, pieces: Iterable[str] | None = None) -> Iterator[Placement]:
    """Every legal placement for ``colour`` (each once), piece by piece."""
    forbidden = set(state.cells)
    forbidden.update(n for c, col in state.cells.items() if col == colour for n in neighbours(c))
    targets = _targets(state, colour, forbidden)
    for piece in (pieces or state.unplaced(colour)):
        if piece in state.used.get(colour, ()):
            continue
        found: set[tuple[Hex, ...]] = set()
        for shape in CONTENT.orientations[piece]:
            for tq, tr in targets:
                for kq, kr in shape:
                    cells = tuple((q + tq - kq, r + tr - kr) for q, r in shape)
                    if cells not in found and forbidden.isdisjoint(cells) and all(c in state.area for c in cells):
                        found.add(cells)
                        yield piece, cells


def first_legal_move(state: Board, colour: str) -> Placement | None:
    """The first of :func:`legal_moves`, None when ``colour`` cannot place a piece."""
    return next(legal_moves(state, colour), None)
