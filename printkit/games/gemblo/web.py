"""Gemblo at the table (``printkit serve``): the scorekeeper the web app drives.

A table is its setup (players, colours in turn order, names, a 5-player game's obstacles) and
the moves posted, each a record's own ``moves`` entry (:class:`~printkit.games.gemblo.record.Move`):
``{colour, piece, cells}`` or ``{colour, pass: true}``. ``records`` writes them as the one record
document ``printkit score gemblo`` reads; the State (state.py) judges every move.

``view`` gives the page what it draws: the area in play and its start cells, who covers which
cell, the pieces with their orientations (and which orientation a turn or a flip leads to), and,
for the colour to move, every legal anchor cell of every piece in every orientation, worked out
with the game's own placement rules (GEM-4, GEM-5, GEM-6), so the page highlights exactly the
legal placements and never judges a rule itself. The *anchor* of a placement is the cell of
the piece that its normalised shape puts at (0, 0): its first cell by (r, q).

>>> setup = GembloSetup(players=3)
>>> doc = records(setup, [{"colour": "red", "pass": True}])[0]
>>> doc["colours"], doc["moves"]
(['red', 'yellow', 'green'], [{'colour': 'red', 'pass': True}])
>>> split([doc])[1]
[{'colour': 'red', 'pass': True}]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError, model_validator
from pydantic.json_schema import SkipJsonSchema

from printkit.core.game import GameState
from printkit.core.geometry.hexgrid import Hex, reflect, rotate
from printkit.core.geometry.polyhex import Shape, normalise
from printkit.core.records import Whole, same_name
from printkit.core.table import Scorekeeper
from printkit.games.gemblo.content import CONTENT
from printkit.games.gemblo.record import GembloRecord, Move, Placed, Strict
from printkit.games.gemblo.rules import Board, allowed_starts, legal_moves
from printkit.games.gemblo.state import GEMBLO, GembloState, obstacle_colour, owners

ASSETS = Path(__file__).with_name("web")


def default_colours(players: int) -> list[str]:
    """The colours in the data file's order: four with 2 players (GEM-6), else one a player.

    >>> default_colours(2), default_colours(5)[-1]
    (['red', 'yellow', 'green', 'blue'], 'purple')
    """
    return list(CONTENT.colours)[:4 if players == 2 else players]


def _first_error(e: ValidationError) -> str:
    err = e.errors()[0]
    where = ".".join(str(p) for p in err["loc"])
    message = str(err["msg"]).removeprefix("Value error, ")
    return f"{where}: {message}" if where else message


class GembloSetup(Strict):
    """A new Gemblo table: the number of players, optionally their names in turn order and the
    colours in turn order (with 2 players, four colours: the first and third are the first
    player's). A 5-player game's obstacles are the data file's layout (PK-7) unless an imported
    record laid others (``obstacles``, not offered on the form)."""

    players: Whole = Field(default=4, ge=2, le=6, title="Players", json_schema_extra={"enum": [2, 3, 4, 5, 6]})
    names: list[str] = Field(default=[], max_length=6, title="Player names",
                             description="in turn order (empty: each player is called by colour)")
    colours: list[str] = Field(default=[], max_length=6, title="Colours in turn order",
                               description="empty: red, yellow, green, blue, purple, clear, as many as needed")
    obstacles: SkipJsonSchema[list[Placed] | None] = None

    @model_validator(mode="after")
    def _fits_a_record(self) -> GembloSetup:
        if len(self.names) > self.players:
            raise ValueError(f"names: {self.players} players, {len(self.names)} names")
        given = [same_name(n) for n in self.names if n]  # NFC: "Zoë" typed two ways is one name
        if len(set(given)) != len(given):
            raise ValueError("names: two players have the same name")
        try:
            self.record([])
        except ValidationError as e:
            raise ValueError(_first_error(e)) from None
        return self

    def in_play(self) -> list[str]:
        return list(self.colours) if self.colours else default_colours(self.players)

    def header(self) -> dict[str, Any]:
        """The record's keys before ``moves``: a player's name is written for their first colour."""
        colours = self.in_play()
        doc: dict[str, Any] = {"game": "gemblo", "players": self.players, "colours": colours}
        names = {colour: name for colour, name in zip(colours, self.names, strict=False) if name}  # too few colours: the record says so
        if names:
            doc["names"] = names
        if self.obstacles is not None:
            doc["obstacles"] = [{"piece": o.piece, "cells": [list(c) for c in o.cells]} for o in self.obstacles]
        return doc

    def record(self, moves: list[dict[str, Any]]) -> GembloRecord:
        return GembloRecord.model_validate({**self.header(), "moves": moves})

    @classmethod
    def of(cls, rec: GembloRecord) -> GembloSetup:
        """The setup of a record (its players' names as :func:`~state.owners` reads them)."""
        colours = list(rec.colours)
        names = [rec.names.get(colours[i]) or (rec.names.get(colours[i + 2]) if rec.players == 2 else None) or ""
                 for i in range(rec.players)]
        while names and not names[-1]:
            names.pop()
        return cls(players=rec.players, names=names, colours=colours,
                   obstacles=None if rec.obstacles is None else list(rec.obstacles))


def entry(move: dict[str, Any]) -> dict[str, Any]:
    """A posted move as the record writes it (a move the model refuses is kept as posted, for
    the record model to name what is wrong with it).

    >>> entry({"colour": "red", "piece": "D2", "cells": [[0, 0], [1, 0]], "pass": False})
    {'colour': 'red', 'piece': 'D2', 'cells': [[0, 0], [1, 0]]}
    """
    try:
        m = Move.model_validate(move)
    except ValidationError:
        return dict(move)
    if m.pass_:
        return {"colour": m.colour, "pass": True}
    return {"colour": m.colour, "piece": m.piece, "cells": [list(c) for c in m.cells or ()]}


def records(setup: GembloSetup, moves: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """setup + moves -> the one record document of the game."""
    return [{**setup.header(), "moves": [entry(m) for m in moves]}]


def split(documents: Sequence[dict[str, Any]]) -> tuple[GembloSetup, list[dict[str, Any]]]:
    """One record document -> (setup, moves), the inverse of :func:`records`."""
    if len(documents) != 1:
        raise ValueError(f"a Gemblo game is one record, not {len(documents)}")
    rec = GembloRecord.model_validate(documents[0])
    setup = GembloSetup.of(rec)
    return setup, [entry(m.model_dump(by_alias=True)) for m in rec.moves]


def rounds(setup: GembloSetup, moves: Sequence[dict[str, Any]]) -> list[int]:
    """The round of each move, for the history's chart: a round goes once round the colours in
    turn order (PK-6), so a colour at or before the last one's place starts the next.

    >>> rounds(GembloSetup(players=3), [{"colour": c} for c in ["red", "yellow", "green", "red", "green"]])
    [1, 1, 1, 2, 2]
    """
    order = {c: i for i, c in enumerate(setup.in_play())}
    out: list[int] = []
    last = len(order)
    for m in moves:
        place = order.get(str(m.get("colour")), last)
        out.append((out[-1] if out else 0) + (1 if place <= last or not out else 0))
        last = place
    return out


# -- the pieces, once ---------------------------------------------------------------------------


def _index(shapes: list[Shape], cells: list[Hex]) -> int:
    return shapes.index(normalise(cells))


@cache
def pieces() -> dict[str, dict[str, Any]]:
    """Each piece: its size, its orientations (normalised shapes, anchor first), and for each
    orientation the one a sixth of a turn clockwise on screen (``turn``) and a flip leads to."""
    out: dict[str, dict[str, Any]] = {}
    for name, shapes in CONTENT.orientations.items():
        out[name] = {
            "size": len(CONTENT.pieces[name]),
            "shapes": [[list(c) for c in s] for s in shapes],
            "turn": [_index(shapes, [rotate(c, 1) for c in s]) for s in shapes],
            "flip": [_index(shapes, [reflect(c) for c in s]) for s in shapes],
        }
    return out


@cache
def _orientation_of() -> dict[str, dict[Shape, int]]:
    return {name: {s: k for k, s in enumerate(shapes)} for name, shapes in CONTENT.orientations.items()}


def legal_anchors(board: Board, colour: str) -> dict[str, list[list[int]]]:
    """For each piece ``colour`` can place, for each of its orientations, the anchor cells of
    its legal placements as a flat list ``[q0, r0, q1, r1, ...]`` (GEM-4 to GEM-6)."""
    index = _orientation_of()
    out: dict[str, list[list[int]]] = {}
    for piece, cells in legal_moves(board, colour):
        per = out.setdefault(piece, [[] for _ in CONTENT.orientations[piece]])
        # legal_moves lays a normalised shape cell by cell, its anchor first: the shape is the
        # cells less the first one (normalise, slower, should that ever change)
        aq, ar = cells[0]
        k = index[piece].get(tuple((q - aq, r - ar) for q, r in cells))
        if k is None:
            k = index[piece][normalise(cells)]
            aq, ar = min(cells, key=lambda c: (c[1], c[0]))
        per[k] += (aq, ar)
    return out


# -- the view -----------------------------------------------------------------------------------


def _penalties(state: GembloState) -> dict[str, dict[str, Any]]:
    """Per colour: its unplaced pieces and their blocks as a penalty (GEM-7)."""
    out: dict[str, dict[str, Any]] = {}
    for colour in state.colours:
        unplaced = state.board.unplaced(colour)
        out[colour] = {"unplaced": unplaced, "penalty": -sum(len(CONTENT.pieces[p]) for p in unplaced)}
    return out


def _last(moves: Sequence[dict[str, Any]]) -> list[list[int]]:
    for m in reversed(moves):
        cells = m.get("cells")
        if isinstance(cells, list):
            return [list(c) for c in cells if isinstance(c, list | tuple)]
        return []
    return []


def _turn(state: GembloState) -> dict[str, Any]:
    """What the colour to move may do: its legal anchors, or only passing (GEM-7)."""
    colour = state.to_move
    if colour is None or state.is_over:
        return {"colour": None, "legal": {}, "must_pass": False, "starts": []}
    legal = legal_anchors(state.board, colour)
    first = not state.board.used.get(colour)
    starts = allowed_starts(state.board, colour) if first else []
    return {"colour": colour, "legal": legal, "must_pass": not legal, "starts": [list(s) for s in starts]}


def view(state: GameState, setup: GembloSetup, moves: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """What the Gemblo page draws now (see the module's docstring)."""
    assert isinstance(state, GembloState)
    board = state.board
    record = state.record
    colours = list(board.colours)
    shown = colours + ([obstacle_colour(colours)] if board.players == 5 else [])
    return {
        "players": board.players,
        "colours": colours,
        "owners": owners(record),
        "palette": {c: {"fill": CONTENT.colours[c].colour, "symbol": CONTENT.colours[c].symbol} for c in shown},
        "area": sorted([q, r] for q, r in board.area),
        "starts": [list(s) for s in board.starts],
        "covered": [[q, r, c] for (q, r), c in sorted(board.cells.items())],
        "passed": dict(state.passed),
        "pieces": pieces(),
        "order": list(CONTENT.pieces),
        "penalties": _penalties(state),
        "last": _last(moves),
        "over": state.is_over,
        "turn": _turn(state),
    }


def describe(setup: GembloSetup, moves: Sequence[dict[str, Any]], i: int) -> str:
    """A move in the record's words: "red placed V3", "Ann (blue) passed"."""
    m = moves[i]
    who = setup.header().get("names", {}).get(m["colour"])
    colour = f"{who} ({m['colour']})" if who else m["colour"]
    return f"{colour} passed" if m.get("pass") else f"{colour} placed {m['piece']}"


def move_name(setup: BaseModel, move: dict[str, Any]) -> str:
    """A move in a player's words, for a refusal: "Yellow's M1", "Red's pass" (as the page names
    the colour whose turn it is)."""
    return f"{str(move['colour']).capitalize()}'s {'pass' if move.get('pass') else move['piece']}"


#: Registered in __init__.py. Its functions take the game's own setup model (GembloSetup),
#: which the contract types as any pydantic model.
KEEPER = Scorekeeper(game=GEMBLO, setup=GembloSetup, move=Move,
                     records=records, split=split, view=view,  # type: ignore[arg-type]
                     assets=ASSETS, file_names=lambda setup: ["gemblo.yaml"],
                     rounds=rounds, describe=describe, tie_break="GEM-7", move_name=move_name)  # type: ignore[arg-type]
