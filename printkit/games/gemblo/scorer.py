"""Replaying a Gemblo record: every move checked (GEM-3 to GEM-7), penalties and ranking."""

from __future__ import annotations

from printkit.core.score import PlayerResult, Report, Violation, rank
from printkit.games.gemblo.content import CONTENT
from printkit.games.gemblo.record import GembloRecord
from printkit.games.gemblo.rules import State, first_legal_move, lay_problems, problems


def obstacle_colour(colours) -> str:
    """The sixth colour, laid as obstacles with 5 players (GEM-6)."""
    return next(c for c in CONTENT.colours if c not in colours)


def default_obstacles() -> list[tuple[str, list]]:
    from printkit.games.gemblo.content import DATA
    import yaml

    raw = yaml.safe_load(DATA.read_text(encoding="utf-8"))
    return [(o["piece"], [tuple(c) for c in o["cells"]]) for o in raw.get("obstacles", [])]


def owners(rec: GembloRecord) -> dict[str, str]:
    """Player name for each colour. With 2 players, colours 1 and 3 are one player's (GEM-6)."""
    if rec.players == 2:
        a, b, c, d = rec.colours
        first = rec.names.get(a) or rec.names.get(c) or f"{a}+{c}"
        second = rec.names.get(b) or rec.names.get(d) or f"{b}+{d}"
        return {a: first, c: first, b: second, d: second}
    return {c: rec.names.get(c, c) for c in rec.colours}


def _fmt(cells) -> str:
    return " ".join(f"[{q},{r}]" for q, r in cells)


def standing(p: PlayerResult) -> tuple[int, int]:
    """GEM-7: fewest penalty points; then the one whose largest unplaced piece is larger loses;
    then the victory is shared."""
    return p.total, -p.breakdown["largest_unplaced"]


def score(rec: GembloRecord) -> Report:
    violations: list[Violation] = []
    notes: list[str] = []
    obstacles = []
    if rec.players == 5:
        colour = obstacle_colour(rec.colours)
        placed = rec.obstacles if rec.obstacles is not None else None
        layout = [(o.piece, o.cells) for o in placed] if placed is not None else default_obstacles()
        obstacles = [(colour, piece, cells) for piece, cells in layout]
        # GEM-6: the obstacles are the sixth colour's pieces, laid as pieces are: each once, in
        # its shape, on the board, none over another.
        laid = State.new(rec.players, rec.colours)
        for k, (_c, piece, cells) in enumerate(obstacles):
            for _rule, message in lay_problems(laid, colour, piece, cells):
                violations.append(Violation(f"obstacle {k + 1}", "GEM-6", f"{piece} on {_fmt(cells)}: {message}",
                                            path=("obstacles", k)))
            laid = laid.place(colour, piece, cells)
    state = State.new(rec.players, rec.colours, obstacles)
    passed: dict[str, int] = {}
    turn = 0  # index into rec.colours of whose turn it is
    n = len(rec.colours)
    for i, m in enumerate(rec.moves):
        where = f"move {i + 1} ({m.colour})"
        # PK-6: colours play in the record's order; colours that passed are skipped.
        for _ in range(n):
            if rec.colours[turn] not in passed:
                break
            turn = (turn + 1) % n
        expected = rec.colours[turn]
        if m.colour in passed:
            violations.append(Violation(where, "GEM-7", f"{m.colour} passed at move {passed[m.colour]} and "
                                                        "may not play again", path=("moves", i)))
        elif m.colour != expected:
            violations.append(Violation(where, "PK-6", f"it was {expected}'s turn", path=("moves", i)))
        if m.pass_:
            if m.colour not in passed:
                could = first_legal_move(state, m.colour)
                if could is not None:
                    violations.append(Violation(where, "GEM-7", f"{m.colour} passed but could still place "
                                                                f"{could[0]} on {_fmt(could[1])}", path=("moves", i)))
                passed[m.colour] = i + 1
        else:
            for rule, message in problems(state, m.colour, m.piece, m.cells):
                violations.append(Violation(where, rule, f"{m.piece} on {_fmt(m.cells)}: {message}", path=("moves", i)))
            if all(c not in state.cells for c in m.cells):
                state = state.place(m.colour, m.piece, m.cells)
        if passed.get(m.colour, i + 1) == i + 1:  # the mover had not passed before this move
            turn = (rec.colours.index(m.colour) + 1) % n
    # GEM-7: the game ends when no colour can place a piece; a record that stops while one can
    # is an unfinished game (standings, no winner).
    for c in rec.colours:
        if c not in passed and state.unplaced(c):
            could = first_legal_move(state, c)
            if could is not None:
                notes.append(f"the record ends while {c} could still place {could[0]} on {_fmt(could[1])}: "
                             "the game is not over")
    who = owners(rec)
    players: dict[str, PlayerResult] = {}
    for c in rec.colours:
        name = who[c]
        unplaced = state.unplaced(c)
        blocks = sum(len(CONTENT.pieces[p]) for p in unplaced)
        pr = players.setdefault(name, PlayerResult(name, 0, {"penalty": 0, "largest_unplaced": 0,
                                                             "placed_blocks": 0, "unplaced": {}}))
        pr.total -= blocks  # GEM-7: -1 per block of every unplaced piece
        pr.breakdown["penalty"] -= blocks
        pr.breakdown["placed_blocks"] += 72 - blocks
        pr.breakdown["unplaced"][c] = unplaced
        pr.breakdown["largest_unplaced"] = max([pr.breakdown["largest_unplaced"]]
                                               + [len(CONTENT.pieces[p]) for p in unplaced])
    results = list(players.values())
    ranking, winners = rank(results, key=standing)
    extra = {"board": {f"{q},{r}": col for (q, r), col in sorted(state.cells.items())}}
    return Report("gemblo", violations, results, ranking, winners, extra=extra, notes=notes, unfinished=bool(notes))
