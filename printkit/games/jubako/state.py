"""Jubako as a State (printkit.core.game): every turn checked and scored (JUB-1 to JUB-7).

A move is one of the record's ``turns`` entries (:class:`~printkit.games.jubako.record.Turn`):
a placement ``{player, tile, cells, score?}`` or a removal ``{player, discard, hand}``.
``to_move`` is the player whose turn it is (PK-12: the record's players in order, one turn
each). The tiles a player holds are hidden in a record, so ``legal_moves()`` alone cannot list
a turn's moves; ``legal_moves(hand)`` lists them for a known hand (the automatic table's):

>>> from printkit.games.jubako.record import JubakoRecord
>>> s = JubakoState.start(JubakoRecord(players=["Ann", "Bo"], turns=[]))
>>> s.to_move, s.holds, s.is_over
('Ann', 3, False)
>>> move = next(s.legal_moves([("kyuri", "gohan")]))
>>> move.tile, move.cells, move.score, s.points(move)
(('kyuri', 'gohan'), ('A1', 'B1'), 'kyuri', ('kyuri', 2, 0))
>>> s.apply(move), s.to_move, s.standings()[0].total
([], 'Bo', 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from printkit.core.game import GameState
from printkit.core.score import PlayerResult, Violation
from printkit.games.jubako.content import CONTENT
from printkit.games.jubako.rules import (
    PlayerBoard, favourite_food, multi_tiered, peko_peko, placements, problems, turn_points,
)

if TYPE_CHECKING:
    from printkit.games.jubako.content import Board
    from printkit.games.jubako.record import JubakoRecord, Options, Turn

Tile = tuple[str, str]


def hand_size(turn: int, players: int, in_play: int) -> int:
    """How many tiles the player of turn ``turn`` (from 0, in the record's seat order) holds.

    Everyone starts with 2 and draws one a turn while the centre has tiles, so holds 3; once
    the centre is empty (after ``in_play - 2 * players`` turns) each plays out their last 2.

    >>> [hand_size(i, 2, 6) for i in range(6)]
    [3, 3, 2, 2, 1, 1]
    """
    drawn = in_play - 2 * players
    return 3 if turn < drawn else max(2 - (turn - drawn) // players, 0)


def supply_problems(tile: Sequence[str], used: Counter, players: int, in_play: int) -> list[str]:
    """JUB-1 against ``tile``, given the tiles ``used`` so far counting this one.

    >>> supply_problems(("tako", "tako"), Counter(), 2, 50)
    ['no double tile shows tako twice']
    >>> supply_problems(("tako", "maguro"), Counter({frozenset(("tako", "maguro")): 2}), 2, 50)
    ['the set has 1 tile with tako and maguro; this is one more']
    """
    key = frozenset(tile)
    out = []
    if len(key) != 2:
        out.append(f"no double tile shows {tile[0]} twice")
    elif used[key] > CONTENT.tile_counts[key]:
        have = CONTENT.tile_counts[key]
        out.append(f"the set has {have} tile{'s' if have > 1 else ''} with {tile[0]} and {tile[1]}; this is one more")
    if sum(used.values()) == in_play + 1:
        out.append(f"{players} players play with {in_play} tiles; this is one more")
    return out


def first_fit(board: PlayerBoard, hand: Sequence[Tile]) -> tuple[Tile, tuple[str, str]] | None:
    """The first (tile as laid, cells) where a tile of ``hand`` fits, or None."""
    return next((fit for tile in hand for fit in placements(board, tile)), None)


def removal_problems(board: PlayerBoard, tile: Tile, hand: Sequence[Tile], holds: int) -> list[str]:
    """JUB-5 against removing ``tile`` from ``hand`` when the player holds ``holds`` tiles."""
    out = []
    if len(hand) != holds:
        out.append(f"the hand lists {len(hand)} tile{'s' if len(hand) != 1 else ''}, but a player holds {holds} "
                   "at this point of the game")
    if not any(frozenset(h) == frozenset(tile) for h in hand):
        out.append("the discarded tile is not one of the tiles held")
    fit = first_fit(board, hand)
    if fit is not None:
        (d1, d2), (c1, c2) = fit
        out.append(f"a tile may be removed only when none can be placed: {d1}/{d2} fits on {c1}-{c2}")
    return out


def favourite_problems(favourites: dict[str, list[str]]) -> list[Violation]:
    """JUB-1: there is one single tile of each delicacy, so a favourite is dealt once.

    >>> [v.message for v in favourite_problems({"Ann": ["tako"], "Bo": ["tako", "ika"]})]
    ['there is one single tako tile, and it went to Ann']
    """
    out = []
    dealt: dict[str, str] = {}
    for who, tiles in favourites.items():
        for d in tiles:
            if d in dealt:
                out.append(Violation(f"favorite food ({who})", "JUB-1", f"there is one single {d} tile, and it went "
                                     f"to {dealt[d]}" + (" already" if dealt[d] == who else ""),
                                     path=("options", "favorite_food", who)))
            else:
                dealt[d] = who
    return out


def end_points(board: PlayerBoard, options: Options, player: str) -> dict[str, int]:
    """JUB-7: the advanced options' end-of-game points a player's board earns (the chosen ones)."""
    out = {}
    favourites = options.favorite_food.get(player, [])
    if favourites:
        out["favorite_food"] = favourite_food(board, favourites)
    if options.multi_tiered:
        out["multi_tiered"] = sum(x[3] for x in multi_tiered(board))
    if options.peko_peko:
        out["peko_peko"] = sum(x[3] for x in peko_peko(board))
    return out


def laid(move: Turn) -> tuple[Tile, tuple[str, str]]:
    """A placement's (tile as laid, cells); a removal has none (ValueError)."""
    if move.tile is None or move.cells is None:
        raise ValueError("a removal places no tile")
    return move.tile, move.cells


def _no_options() -> Options:
    """The options of a record that chooses none (a State made without them)."""
    from printkit.games.jubako.record import Options

    return Options()


def standing(pr: PlayerResult) -> tuple[int, int]:
    """JUB-6: most points, then most uncovered first-layer cells; a full tie shares the win."""
    return pr.total, pr.breakdown["uncovered"]


@dataclass
class JubakoState(GameState["Turn"]):
    """A game of Jubako after some turns: each player's board, points and turn scores."""

    players: list[str]
    board: Board
    options: Options = field(default_factory=_no_options)
    #: The Picky Eaters bonus (JUB-4, JUB-7).
    bonus: int = CONTENT.bonus
    boards: dict[str, PlayerBoard] = field(default_factory=dict)
    #: Each player's points per turn (-1 for a removal).
    scores: dict[str, list[int]] = field(default_factory=dict)
    used: Counter = field(default_factory=Counter)
    turn: int = 0
    said: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        for p in self.players:
            self.boards.setdefault(p, PlayerBoard(self.board))
            self.scores.setdefault(p, [])

    @classmethod
    def start(cls, rec: JubakoRecord) -> JubakoState:
        """The game a record's header sets up (players, board, options), before any turn."""
        bonus = rec.options.picky_eaters if rec.options.picky_eaters is not None else CONTENT.bonus
        return cls(list(rec.players), CONTENT.boards[rec.board], rec.options, bonus)

    @property
    def in_play(self) -> int:
        """JUB-1: the tiles this many players play with."""
        return CONTENT.tiles_in_play(len(self.players))

    @property
    def holds(self) -> int:
        """How many tiles the player to move holds (JUB-5)."""
        return hand_size(self.turn, len(self.players), self.in_play)

    @property
    def to_move(self) -> str | None:
        return None if self.is_over else self.players[self.turn % len(self.players)]

    @property
    def is_over(self) -> bool:
        """The game ends when every tile in play has been placed or removed (rulebook, Ending the Game)."""
        return self.turn >= self.in_play

    def legal_moves(self, hand: Sequence[Tile] | None = None) -> Iterator[Turn] | None:
        """The moves of the player to move, who holds ``hand`` (the tiles held are hidden in a
        record: None without it). Every placement of a tile held, either way round, with each
        delicacy it could score (JUB-3, JUB-4); when none fits, the removal of each tile held,
        the hand listing it last (JUB-5). ``hand`` should hold :attr:`holds` tiles."""
        if hand is None or self.to_move is None:
            return None
        return self._moves(self.to_move, [(t[0], t[1]) for t in hand])

    def _moves(self, player: str, hand: list[Tile]) -> Iterator[Turn]:
        # Moves for automatic players and the pages: the record model.
        from printkit.games.jubako.record import Turn

        board = self.boards[player]
        found = False
        for tile in hand:
            for laid, cells in placements(board, tile):
                for d in dict.fromkeys(laid):
                    found = True
                    yield Turn.model_construct(player=player, tile=laid, cells=cells, score=d)
        if not found:
            for k, tile in enumerate(hand):
                yield Turn.model_construct(player=player, discard=tile, hand=hand[:k] + hand[k + 1:] + [tile])

    def points(self, move: Turn) -> tuple[str, int, int]:
        """A placement's (delicacy scored, its points, bonus) (JUB-4): the one chosen, or the
        best one when the move chooses none (or one that is not on the tile)."""
        tile, cells = laid(move)
        before = self.boards[move.player]
        after = before.place(tile, cells, tile_id=self.turn)
        options = [move.score] if move.score is not None and move.score in tile else list(dict.fromkeys(tile))
        scored = {d: turn_points(before, after, tile, cells, d, self.bonus) for d in options}
        chosen = max(options, key=lambda d: (sum(scored[d]), -options.index(d)))
        return (chosen, *scored[chosen])

    def apply(self, move: Turn) -> list[Violation]:
        where = f"turn {self.turn + 1} ({move.player})"
        expected = self.players[self.turn % len(self.players)]
        found = [("PK-12", f"it was {expected}'s turn")] if move.player != expected else []
        tile = move.discard if move.discard is not None else laid(move)[0]
        if len(frozenset(tile)) == 2:
            self.used[frozenset(tile)] += 1
        found += [("JUB-1", m) for m in supply_problems(tile, self.used, len(self.players), self.in_play)]
        found += self._remove(move.player, tile, move.hand or [], where) if move.discard is not None \
            else self._place(move, where)
        self.turn += 1
        return [Violation(where, rule, message) for rule, message in found]

    def _remove(self, player: str, tile: Tile, hand: Sequence[Sequence[str]], where: str) -> list[tuple[str, str]]:
        held = [(h[0], h[1]) for h in hand]
        found = [("JUB-5", m) for m in removal_problems(self.boards[player], tile, held, self.holds)]
        self.scores[player].append(-1)
        self.said.append(f"{where}: removes {tile[0]}/{tile[1]}: -1")
        return found

    def _place(self, move: Turn, where: str) -> list[tuple[str, str]]:
        tile, cells = laid(move)
        (d1, d2), (c1, c2) = tile, cells
        board = self.boards[move.player]
        found = [(rule, f"{d1}/{d2} on {c1}-{c2}: {m}") for rule, m in problems(board, tile, cells)]
        if move.score is not None and move.score not in tile:
            found.append(("JUB-4", f"the delicacy scored, {move.score}, is not on the tile"))
        chosen, base, extra = self.points(move)
        self.boards[move.player] = board.place(tile, cells, tile_id=self.turn)
        self.scores[move.player].append(base + extra)
        how = "" if move.score is not None else " (best choice)"
        self.said.append(f"{where}: {d1}/{d2} on {c1}-{c2}, scores {chosen}{how}: {base}"
                         + (f" + {extra} bonus" if extra else "") + f" = {base + extra}")
        return found

    def standings(self) -> list[PlayerResult]:
        out = []
        for p in self.players:
            turns = self.scores[p]
            breakdown: dict = {"turns": list(turns), "placed": sum(1 for x in turns if x >= 0)}
            breakdown.update(end_points(self.boards[p], self.options, p))
            breakdown["uncovered"] = self.boards[p].uncovered_first_layer()
            total = sum(turns) + sum(v for k, v in breakdown.items() if k not in ("turns", "placed", "uncovered"))
            out.append(PlayerResult(p, total, breakdown))
        return out

    def finish(self) -> list[Violation]:
        return favourite_problems(self.options.favorite_food)

    def notes(self) -> list[str]:
        if self.is_over:
            return []
        return [f"{self.turn} of the {self.in_play} tiles in play are used: the game is not over"]

    def details(self) -> list[str]:
        return list(self.said)

    def extra(self) -> dict:
        """``boards``: each player's stacks, bottom first, on every cell with a tile."""
        return {"boards": {p: {c: [d for d, _ in b.stacks[c]] for c in self.board.cells if b.stacks.get(c)}
                           for p, b in self.boards.items()}}

    def copy(self) -> JubakoState:
        """An independent state (boards are immutable; the lists and counts are copied)."""
        return JubakoState(list(self.players), self.board, self.options, self.bonus, dict(self.boards),
                           {p: list(s) for p, s in self.scores.items()}, Counter(self.used), self.turn,
                           list(self.said))
