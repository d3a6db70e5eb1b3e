"""Replaying a Jubako record: every turn checked and scored (JUB-1 to JUB-7)."""

from __future__ import annotations

from collections import Counter

from printkit.core.score import PlayerResult, Report, Violation, rank
from printkit.games.jubako.content import CONTENT
from printkit.games.jubako.record import JubakoRecord
from printkit.games.jubako.rules import (
    PlayerBoard, favourite_food, multi_tiered, peko_peko, placements, problems, turn_points,
)


def hand_sizes(turns: int, players: list[str], in_play: int) -> list[int]:
    """How many tiles the player of each turn holds (turns in the record's seat order).

    Everyone starts with 2 and draws one a turn while the centre has tiles, so holds 3; once
    the centre is empty (after ``in_play - 2 * players`` turns) each plays out their last 2.

    >>> hand_sizes(6, ["Ann", "Bo"], 6)
    [3, 3, 2, 2, 1, 1]
    """
    n = len(players)
    drawn = in_play - 2 * n
    out = []
    for i in range(turns):
        if i < drawn:
            out.append(3)
        else:
            since = sum(1 for k in range(drawn, i) if k % n == i % n)
            out.append(max(2 - since, 0))
    return out


def standing(pr: PlayerResult) -> tuple[int, int]:
    """JUB-6: most points, then most uncovered first-layer cells; a full tie shares the win."""
    return pr.total, pr.breakdown["uncovered"]


def score(rec: JubakoRecord) -> Report:
    n = len(rec.players)
    board = CONTENT.boards[rec.board]
    bonus = rec.options.picky_eaters if rec.options.picky_eaters is not None else CONTENT.bonus
    violations: list[Violation] = []
    details: list[str] = []
    boards = {p: PlayerBoard(board) for p in rec.players}
    points = {p: 0 for p in rec.players}
    turns = {p: [] for p in rec.players}
    used: Counter = Counter()
    in_play = CONTENT.tiles_in_play(n)
    # JUB-1: there is one single tile of each delicacy, so a favourite is dealt once.
    dealt: dict[str, str] = {}
    for who, tiles in rec.options.favorite_food.items():
        for d in tiles:
            if d in dealt:
                violations.append(Violation(f"favorite food ({who})", "JUB-1",
                                            f"there is one single {d} tile, and it went to {dealt[d]}"
                                            + (" already" if dealt[d] == who else ""),
                                            path=("options", "favorite_food", who)))
            else:
                dealt[d] = who
    held = hand_sizes(len(rec.turns), rec.players, in_play)
    for i, t in enumerate(rec.turns):
        where = f"turn {i + 1} ({t.player})"
        expected = rec.players[i % n]
        if t.player != expected:
            violations.append(Violation(where, "PK-12", f"it was {expected}'s turn", path=("turns", i)))
        tile = t.tile if t.tile is not None else t.discard
        key = frozenset(tile)
        if len(key) != 2:
            violations.append(Violation(where, "JUB-1", f"no double tile shows {tile[0]} twice", path=("turns", i)))
        else:
            used[key] += 1
            have = CONTENT.tile_counts[key]
            if used[key] > have:
                violations.append(Violation(where, "JUB-1", f"the set has {have} tile{'s' if have > 1 else ''} "
                                                            f"with {tile[0]} and {tile[1]}; this is one more", path=("turns", i)))
        if sum(used.values()) == in_play + 1:
            violations.append(Violation(where, "JUB-1", f"{n} players play with {in_play} tiles; this is one more", path=("turns", i)))
        b = boards[t.player]
        if t.discard is not None:
            if len(t.hand) != held[i]:
                violations.append(Violation(where, "JUB-5", f"the hand lists {len(t.hand)} tile"
                                            f"{'s' if len(t.hand) != 1 else ''}, but a player holds {held[i]} "
                                            "at this point of the game", path=("turns", i)))
            held_tiles = [tuple(h) for h in t.hand]
            if not any(frozenset(h) == key for h in held_tiles):
                violations.append(Violation(where, "JUB-5", "the discarded tile is not one of the tiles held", path=("turns", i)))
            for h in held_tiles:
                can = next(placements(b, h), None)
                if can is not None:
                    laid, cells = can
                    violations.append(Violation(where, "JUB-5", f"a tile may be removed only when none can be "
                                                                f"placed: {laid[0]}/{laid[1]} fits on {cells[0]}-{cells[1]}", path=("turns", i)))
                    break
            points[t.player] -= 1
            turns[t.player].append(-1)
            details.append(f"{where}: removes {tile[0]}/{tile[1]}: -1")
            continue
        for rule, message in problems(b, t.tile, t.cells):
            violations.append(Violation(where, rule, f"{t.tile[0]}/{t.tile[1]} on {t.cells[0]}-{t.cells[1]}: {message}", path=("turns", i)))
        after = b.place(t.tile, t.cells, tile_id=i)
        if t.score is not None and t.score not in t.tile:
            violations.append(Violation(where, "JUB-4", f"the delicacy scored, {t.score}, is not on the tile", path=("turns", i)))
        options = [t.score] if t.score in t.tile else list(dict.fromkeys(t.tile))
        scored = {d: turn_points(b, after, t.tile, t.cells, d, bonus) for d in options}
        chosen = max(options, key=lambda d: (sum(scored[d]), -options.index(d)))
        base, extra = scored[chosen]
        gained = base + extra
        points[t.player] += gained
        turns[t.player].append(gained)
        how = "" if t.score is not None else " (best choice)"
        details.append(f"{where}: {t.tile[0]}/{t.tile[1]} on {t.cells[0]}-{t.cells[1]}, scores {chosen}{how}: "
                       f"{base}" + (f" + {extra} bonus" if extra else "") + f" = {gained}")
        boards[t.player] = after
    players = []
    for p in rec.players:
        b = boards[p]
        bd = {"turns": turns[p], "placed": sum(1 for x in turns[p] if x >= 0) if turns[p] else 0}
        total = points[p]
        fav = rec.options.favorite_food.get(p, [])
        if fav:
            bd["favorite_food"] = favourite_food(b, fav)
            total += bd["favorite_food"]
        if rec.options.multi_tiered:
            bd["multi_tiered"] = sum(x[3] for x in multi_tiered(b))
            total += bd["multi_tiered"]
        if rec.options.peko_peko:
            bd["peko_peko"] = sum(x[3] for x in peko_peko(b))
            total += bd["peko_peko"]
        bd["uncovered"] = b.uncovered_first_layer()
        players.append(PlayerResult(p, total, bd))
    ranking, winners = rank(players, key=standing)
    board_out = {p: {c: list(boards[p].stacks.get(c, ())) and [d for d, _ in boards[p].stacks[c]]
                     for c in board.cells if boards[p].stacks.get(c)} for p in rec.players}
    # The game ends when every tile in play has been placed or removed (rulebook, Ending the Game).
    unfinished = len(rec.turns) < in_play
    notes = [f"{len(rec.turns)} of the {in_play} tiles in play are used: the game is not over"] if unfinished else []
    return Report("jubako", violations, players, ranking, winners, extra={"boards": board_out}, details=details,
                  notes=notes, unfinished=unfinished)
