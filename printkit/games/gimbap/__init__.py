"""Gimbap: order dice, tokens, lesson cards and paper fillings to print; a solver; a scorer.

Rules: the rulebook (gimbap.txt in the shared rulebooks); every id cited, GIM-1 to GIM-8 and the PK rulings,
is explained in docs/rules/gimbap.md and by `printkit rules gimbap`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from printkit.core.registry import (
    Component, Setting, SolveResult, Solver, lazy, length_between, register, register_form_reader, register_game,
    register_scorekeeper, register_solver, yes_no,
)
from printkit.core.export.tts import register_parts
from printkit.errors import PrintkitError

if TYPE_CHECKING:
    from printkit.core.draw.page import PrintOptions

# Registered by name ("module:attribute"), imported on first use (issue 16): scoring a Gimbap
# record imports the record and State, not the drawing or the solver. DEFAULT_EDGE and
# EDGE_RANGE are components.py's (tests/test_lazy_games.py checks).
GAME = "gimbap"
_HERE = __name__
DEFAULT_EDGE, EDGE_RANGE = 25.0, (12.0, 28.0)

register(Component(GAME, "dice", "the four order dice as cube nets with glue tabs", lazy(f"{_HERE}.components:build_dice"),
                   settings={"edge": Setting(f"{DEFAULT_EDGE:g}mm", "the dice's cube edge, 12 to 28 mm (from 20 mm the faces name their parts)",
                                             length_between(*EDGE_RANGE, "the cube edge"))}, kind="die"))
register(Component(GAME, "tokens", "the 12 point tokens, fronts and a common back below them, to fold and glue",
                   lazy(f"{_HERE}.components:build_tokens"), kind="token", printed_with="lessons"))
register(Component(GAME, "lessons", "10 lesson cards, a solution on each back; under them the 12 point tokens, their common back behind them",
                   lazy(f"{_HERE}.components:build_lessons"), kind="card"))
register(Component(GAME, "fillings", "paper seaweed sheet, sheet fillings and strips for one player",
                   lazy(f"{_HERE}.components:build_fillings"), kind="sheet"))
register(Component(GAME, "aid", "player aid: the round, checking, the end, the lesson cards (two a page)", lazy(f"{_HERE}.components:build_aid"), kind="aid"))
register(Component(GAME, "pad", "score pad: the token each player keeps a round, points and radish totals",
                   lazy(f"{_HERE}.pad:build_pad"), settings={"fillable": Setting("no", "PDF form fields in every box (yes/no)", yes_no)}, kind="pad"))
register_form_reader(f"{_HERE}.pad:FORM_READER", GAME)  # printkit score gimbap pad.pdf: a filled score pad
register_parts(GAME, "fillings", f"{_HERE}.tts:fillings")  # --format tts: each filling cut out along its outline
register_game(f"{_HERE}.state:GIMBAP", GAME)  # printkit score gimbap: the record's rounds replayed on a GimbapState
register_scorekeeper(f"{_HERE}.web:SCOREKEEPER", GAME)  # printkit serve: the Gimbap page (web.py, web/page.js)


def _solve(args: list[str], out: Path | None, opts: PrintOptions) -> SolveResult:
    from printkit.core.output import write_document
    from printkit.games.gimbap import components, drawing
    from printkit.games.gimbap.rolls import PARTS, RollError, count_solutions, parse_order, solve

    try:
        order = parse_order(args)
    except RollError as e:
        raise PrintkitError(str(e)) from None
    build = solve(order)
    if build is None:  # cannot happen with the dice as shipped (GIM-3, tested)
        raise PrintkitError("no roll meets this order")
    n = count_solutions(order)
    contacts = sorted(sorted(p, key=PARTS.index) for p in build.contacts())
    contacts.sort(key=lambda p: (PARTS.index(p[0]), PARTS.index(p[1])))
    text = ["Order: " + "; ".join(f.describe() for f in order), "", "A roll that meets it:"]
    text += ["  " + line for line in drawing.describe_build(build)]
    text += ["", f"{n} contact patterns meet this order."]
    written: list[Path] = []
    if out is not None:
        fmt = out.suffix.lower().lstrip(".")
        if fmt not in ("pdf", "svg"):
            raise PrintkitError(f"--out must name a .pdf or .svg file, got {out}")
        doc = components.solution_document(order, opts)
        written = write_document(doc, out.parent, out.stem, (fmt,))
        if fmt == "svg":  # one page: keep the name the user asked for
            written[0].replace(out)
            written = [out]
    data = {"order": [str(f) for f in order], "build": build.to_data(), "contacts": contacts, "solutions": n}
    return SolveResult("\n".join(text), data, written)


register_solver(Solver(GAME, "FACE... (2 to 4 faces from different dice, such as rice+seaweed ham-radish)", _solve))
