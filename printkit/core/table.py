"""The scorekeeper contract: what a game gives ``printkit serve`` so its play can be followed at
the table, move by move, on the game's one State.

A table (one game being played) is stored as its *setup* (what the host chose: players, seed,
options) and the list of *moves* the pages posted, each a plain JSON object. The game turns
setup + moves into its record documents, the very documents ``printkit score`` reads, so the
web app, the record files and the scorer share one rules engine and one format: the core web
layer reads those documents with the record model, replays them on the game's State (see
:mod:`printkit.core.game`), and refuses a move whose replay breaks a rule.

This module names no game; each game folder registers a :class:`Scorekeeper` with
:func:`printkit.core.registry.register_scorekeeper`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any
from collections.abc import Callable, Sequence

from pydantic import BaseModel

from printkit.core.game import Game, GameState


@dataclass(frozen=True)
class PaperReader:
    """A game's reader of photographed paper records (``printkit serve``'s "Score a paper sheet",
    docs/serve.md): the page ``/paper/<game>`` uploads photos, shows what was read, the players fix
    and confirm reads, then the records are scored and kept as a table."""

    #: None when the reader can work, else one line saying how to install what it needs.
    missing: Callable[[], str | None]
    #: A photo's bytes and its file name -> what was read, as JSON for the game's ``paper.js``
    #: (printkit.errors.PrintkitError, one line, for a photo it cannot read).
    read: Callable[[bytes, str], dict[str, Any]]
    #: The reads as the players confirmed them (the page's JSON) -> the record documents they say
    #: (ValueError, one line, for a body that is not the page's).
    records: Callable[[dict[str, Any]], list[dict[str, Any]]]


@dataclass(frozen=True)
class Scorekeeper:
    """A game's part of ``printkit serve``."""

    #: The game's rules (its record model, State and tie-breaks).
    game: Game
    #: The new-table form: players, seed, options ... (pydantic; a bad form is a 4xx naming the field).
    setup: type[BaseModel]
    #: One posted move, checked for shape before any rule (pydantic; a bad shape is a 4xx).
    move: type[BaseModel]
    #: setup + moves -> the record documents (one document for most games, one per player where
    #: the game is scored from several records), exactly as a record file would hold them, so
    #: exporting a table is writing these documents out (several: one stream in one file).
    records: Callable[[BaseModel, Sequence[dict[str, Any]]], list[dict[str, Any]]]
    #: The inverse, for importing record files: record documents -> (setup, moves) such that
    #: ``records(setup, moves)`` scores exactly like the documents imported.
    split: Callable[[Sequence[dict[str, Any]]], tuple[BaseModel, list[dict[str, Any]]]]
    #: What the game's page draws now (JSON): what is legal for whom, prompts, running totals.
    #: Called with the State after replaying every stored move, the setup and the moves.
    view: Callable[[GameState, BaseModel, Sequence[dict[str, Any]]], dict[str, Any]]
    #: The folder of the game's page: ``page.js`` (an ES module, see docs/serve.md) and any
    #: other static file it loads (icons, CSS), served under ``/games/<name>/``.
    assets: Path
    #: The exported record file's name, as a list of one (``["game.yaml"]``): several record
    #: documents (one per player) are exported as one stream in that file (``---`` between them).
    file_names: Callable[[BaseModel], list[str]] = lambda setup: ["game.yaml"]
    #: For the history's score-by-round chart: setup + moves -> the round of each move (a list as
    #: long as the moves, non-decreasing). None: each move is a point of the chart.
    rounds: Callable[[BaseModel, Sequence[dict[str, Any]]], list[int]] | None = None
    #: A read-only question from the game's page (``POST /api/tables/{id}/ask``): the State after
    #: the last move, the setup, the moves and the posted JSON object -> a JSON answer, such as what
    #: a plan the page is composing may add (when the view cannot list every plan). Nothing is
    #: stored. None: the game answers none (404).
    ask: Callable[[GameState, BaseModel, Sequence[dict[str, Any]], dict[str, Any]], dict[str, Any]] | None = None
    #: A move in a player's words, for the page's "Undone: ..." and the history an export carries:
    #: setup, the moves, the index of the one to describe -> a short sentence ("Ann played S7").
    #: None (or an error): :func:`describe_move`'s plain words.
    describe: Callable[[BaseModel, Sequence[dict[str, Any]], int], str] | None = None
    #: A player's report breakdown -> the part of their total that the rules score only when the
    #: game ends (end-of-game bonuses). Until the end, the page shows the total without it and
    #: this part apart ("+3 at the end"). None: every point counts as soon as it is scored.
    end_bonus: Callable[[dict[str, Any]], int] | None = None
    #: What the game calls the points of the history's chart (``rounds``): "round", "hour" ...
    round_name: str = "round"
    #: The label of round ``r`` (a value of ``rounds``) under the history's chart, as the game
    #: names it (an hour game's 0 may be "10:00"). None: the number itself.
    round_label: Callable[[int], str] | None = None
    #: The rule id (defined in docs/rules/) that breaks a tie on the best total, such as "JUB-6":
    #: named in the winner banner when it decided. None: ties share the victory.
    tie_break: str | None = None
    #: setup + a posted move (as stored) -> what it is in a player's words ("Bo's K2", "yellow's
    #: M1"): a refused move's sentence starts with it ("Bo's K2 is not allowed: ..."). None: the
    #: sentence starts "Not allowed: ...".
    move_name: Callable[[BaseModel, dict[str, Any]], str] | None = None
    #: Photographed paper records read back ("Score a paper sheet"). None: the game has none.
    paper: PaperReader | None = None

    # -- seats (a table where each player follows on their own phone, docs/serve.md "Seats") ----
    # Called only for a table created with seats; ``seat`` is a seat's name, or None for the
    # shared screen (the host's too). None: the game hides nothing (every seat sees everything).

    #: setup -> the names of the seats (one link each). None: the players of the report.
    seats: Callable[[BaseModel], list[str]] | None = None
    #: What ``seat`` may see of the view: like ``view``, with the seat (None: the shared screen).
    #: It must hold no other seat's secret.
    seat_view: Callable[[GameState, BaseModel, Sequence[dict[str, Any]], str | None], dict[str, Any]] | None = None
    #: The moves as ``seat`` may see them (another seat's secret moves without their secret).
    seat_moves: Callable[[BaseModel, Sequence[dict[str, Any]], str | None], list[dict[str, Any]]] | None = None
    #: Whether ``seat`` may post ``move`` (a stored move, dumped by the move model): None if it
    #: may, else the reason in a player's words (the app answers 403 with it).
    seat_may: Callable[[BaseModel, Sequence[dict[str, Any]], dict[str, Any], str | None], str | None] | None = None
    #: Whether the record holds a secret now (the export is refused until it is revealed).
    secret: Callable[[GameState, BaseModel, Sequence[dict[str, Any]]], bool] | None = None


def describe_move(keeper: Scorekeeper, setup: BaseModel, moves: Sequence[dict[str, Any]], i: int) -> str:
    """Move ``i`` of ``moves`` in the game's words (``Scorekeeper.describe``), else "Ann: move 3"
    (the move's ``player`` where it names one)."""
    if keeper.describe is not None:
        try:
            text = keeper.describe(setup, moves, i)
            if isinstance(text, str) and text.strip():
                return " ".join(text.split())[:200]
        except (ValueError, KeyError, IndexError, TypeError, AttributeError):
            pass
    who = moves[i].get("player") if 0 <= i < len(moves) and isinstance(moves[i], dict) else None
    return f"{who}: move {i + 1}" if isinstance(who, str) else f"move {i + 1}"


class MoveRefused(ValueError):
    """Raised by a game's ``records`` for a move that breaks a rule before it can be written in a
    record (a card played twice): the sentence a player reads and the rule id (defined in
    docs/rules/), shown on the page as any other rule broken."""

    def __init__(self, message: str, rule: str):
        super().__init__(f"{message} [{rule}]")
        self.message, self.rule = message, rule


def player_names(names: list[str]) -> list[str]:
    """A pydantic check for a new table's players, as a phone types them: each name 1 to 40
    characters and not blank, every name once.

    >>> player_names(["Ann", "Bo"])
    ['Ann', 'Bo']
    """
    from printkit.core.records import distinct_names

    for name in names:
        if not name.strip() or len(name) > 40:
            raise ValueError("a player's name is 1 to 40 characters, not blank")
    return distinct_names(names)
