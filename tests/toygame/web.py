"""Nim at the table: the test-only game's Scorekeeper, so the web core's tests name no real game.

Setup: the players and the pile. A move: ``{"player": ..., "take": 1..3}``. The view tells the
page whose turn it is, the stones left and what may be taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from printkit.core.game import GameState
from printkit.core.table import Scorekeeper

from .state import NIM


class NimSetup(BaseModel):
    model_config = ConfigDict(extra="forbid")
    players: list[str] = Field(min_length=2, max_length=6, title="Players", default=["Ann", "Bo"])
    pile: int = Field(15, ge=1, le=100, title="Stones in the pile")
    misere: bool = Field(False, title="Misère (ignored: shows a boolean in the form)")
    colour: str = Field("grey", title="Stone colour", json_schema_extra={"enum": ["grey", "white", "black"]})


class NimMove(BaseModel):
    model_config = ConfigDict(extra="forbid")
    player: str = Field(min_length=1, max_length=100)
    take: int = Field(ge=1, le=10)


def records(setup: BaseModel, moves: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    assert isinstance(setup, NimSetup)
    return [{"game": "nim", "players": list(setup.players), "pile": setup.pile,
             "takes": [{"player": m["player"], "take": m["take"]} for m in moves]}]


def split(documents: Sequence[dict[str, Any]]) -> tuple[BaseModel, list[dict[str, Any]]]:
    (doc,) = documents
    return NimSetup(players=doc["players"], pile=doc["pile"]), [dict(t) for t in doc.get("takes", [])]


def view(state: GameState, setup: BaseModel, moves: Sequence[dict[str, Any]]) -> dict[str, Any]:
    legal = state.legal_moves() or []
    return {"pile": getattr(state, "pile", 0), "to_move": state.to_move, "legal": [m.take for m in legal]}


def rounds(setup: BaseModel, moves: Sequence[dict[str, Any]]) -> list[int]:
    """A round is each player taking once."""
    assert isinstance(setup, NimSetup)
    return [i // len(setup.players) + 1 for i in range(len(moves))]


def describe(setup: BaseModel, moves: Sequence[dict[str, Any]], i: int) -> str:
    """A move in the record's words: "Ann took 3"."""
    m = moves[i]
    return f"{m['player']} took {m['take']}"


def file_names(setup: BaseModel) -> list[str]:
    return ["nim.yaml"]


KEEPER = Scorekeeper(NIM, NimSetup, NimMove, records, split, view, Path(__file__).parent / "web", file_names, rounds,
                     describe=describe)
