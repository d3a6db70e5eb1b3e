"""Gimbap at the table (``printkit serve``): the Scorekeeper of docs/serve.md.

A table's setup is the record's header (players in seating order; with 2 players the 6 tokens
chosen for the game, GIM-5). A move is one of the record's rounds, exactly as a record holds it
(:class:`~printkit.games.gimbap.record.Round`: who rolled, the dice faces, the tokens laid out,
the Done! order and each roll, right/wrong or the build written out): the State plays a round at
a time (the players race at once, so a round is the smallest step the rules can judge). The page
gathers a round step by step and posts it when it is complete; the scorer then checks it
(GIM-3, GIM-5, GIM-6) and a refused round is not stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, ValidationError, Field, PlainSerializer, WithJsonSchema, field_validator, model_validator

from printkit.core.game import GameState
from printkit.core.table import Scorekeeper, player_names
from printkit.core.yamlio import first_error
from printkit.games.gimbap.content import CONTENT, Token
from printkit.games.gimbap.record import Round, TokenField
from printkit.games.gimbap.rolls import PARTS
from printkit.games.gimbap.state import GIMBAP, GimbapState

ASSETS = Path(__file__).with_name("web")


def _token_text(t: Token) -> str:
    return f"{t.points}/{t.radish}"


class Setup(BaseModel):
    """A new Gimbap table: the players in seating order (clockwise; PK-1), and with 2 players the
    6 tokens drawn for the game (GIM-5)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: list[str] = Field(min_length=2, max_length=4, description="2 to 4 players in seating order")
    tokens: list[Annotated[TokenField, PlainSerializer(lambda t: _token_text(t), return_type=str),
                                WithJsonSchema({"type": "string"})]] | None = Field(
        default=None, title="Tokens (2 players only: the 6 drawn, such as 4/3)",
        description="with 2 players: the 6 tokens drawn for the game, such as 4/3 (GIM-5)")

    @field_validator("tokens", mode="before")
    @classmethod
    def _none(cls, v: Any) -> Any:
        return None if v == [] else v  # the new-table form sends an empty list for "none"

    @field_validator("players")
    @classmethod
    def _names(cls, v: list[str]) -> list[str]:
        return player_names(v)

    @model_validator(mode="after")
    def _tokens(self) -> Setup:
        n, need = len(self.players), CONTENT.tokens_in_play[len(self.players)]
        if n == 2:
            if self.tokens is None or len(self.tokens) != need or len(set(self.tokens)) != need:
                raise ValueError(f"with 2 players the game uses {need} different tokens (GIM-5): "
                                 "list them under 'tokens', such as 4/3")
        elif self.tokens is not None and set(self.tokens) != set(CONTENT.tokens):
            raise ValueError(f"with {n} players all {need} tokens are used (GIM-5): leave 'tokens' out")
        return self


#: One posted move: a round, as the record writes it.
Move = Round


def _round_doc(move: dict[str, Any]) -> dict[str, Any]:
    """A posted round as a record writes it (tokens as points/radish). A round the move model
    refuses is passed through untouched, so that the record model names what is wrong."""
    try:
        r = Round.model_validate(move)
    except ValueError:
        return dict(move)
    rolls: dict[str, Any] = {}
    for p, roll in r.rolls.items():
        doc: dict[str, Any] = {}
        if roll.on is not None:
            doc["on"] = dict(roll.on)
        if roll.touching:
            doc["touching"] = [list(pair) for pair in roll.touching]
        if roll.correct is not None:
            doc["correct"] = roll.correct
        rolls[p] = doc
    return {"first": r.first, "dice": list(r.dice), "tokens": [_token_text(t) for t in r.tokens],
            "done": list(r.done), "rolls": rolls}


def records(setup: BaseModel, moves: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The table's one record document: the header from the setup, a round a move."""
    assert isinstance(setup, Setup)
    doc: dict[str, Any] = {"game": "gimbap", "players": list(setup.players)}
    if setup.tokens is not None:
        doc["tokens"] = [_token_text(t) for t in setup.tokens]
    doc["rounds"] = [_round_doc(m) for m in moves]
    return [doc]


def _one_line(e: ValidationError, what: str) -> ValueError:
    """A pydantic error as one line naming the field (an import's 422 says it in one line)."""
    where, message, _ = first_error(e, {})
    return ValueError(f"{what}{'.' + where if where else ''}: {message}")


def split(documents: Sequence[dict[str, Any]]) -> tuple[BaseModel, list[dict[str, Any]]]:
    """An imported record -> (setup, moves): its header and its rounds."""
    if len(documents) != 1:
        raise ValueError(f"a Gimbap game is one record; got {len(documents)}")
    (doc,) = documents
    if not isinstance(doc, dict) or not isinstance(doc.get("rounds"), list):
        raise ValueError("a Gimbap record has 'players' and a list of 'rounds'")
    try:
        setup = Setup.model_validate({k: doc[k] for k in ("players", "tokens") if k in doc})
    except ValidationError as e:
        raise _one_line(e, "the record's header") from None
    return setup, [dict(r) for r in doc["rounds"]]


def _history(state: GimbapState, moves: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each round played: what the State says of it, the tokens laid out and the Done! order as
    posted, and each player's running total (points, radish slices) after it."""
    out = []
    points = {p: 0 for p in state.players}
    radish = {p: 0 for p in state.players}
    for i, played in enumerate(state.extra()["rounds"]):
        for p in state.players:
            t = state.won[p][i]
            if t is not None:
                points[p] += t.points
                radish[p] += t.radish
        move = _round_doc(moves[i]) if i < len(moves) else {}
        out.append({**played, "tokens": move.get("tokens", []), "done": move.get("done", []),
                    "totals": {p: {"points": points[p], "radish": radish[p]} for p in state.players}})
    return out


def view(state: GameState, setup: BaseModel, moves: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """What the page draws: the round to enter (who rolls, the dice faces, the tokens that may be
    laid out, how many) and every round played with its token flow and running totals."""
    assert isinstance(state, GimbapState)
    players = list(state.players)
    return {
        "players": players,
        "round": state.round + 1,
        "rounds": state.rounds,
        "over": state.is_over,
        # GIM-5: anyone may roll first; then the first player moves one seat left (PK-1).
        "first": [state.to_move] if state.to_move else ([] if state.is_over else players),
        "dice": [{"name": d.name, "faces": list(d.faces)} for d in CONTENT.dice],
        "dice_min": 2,
        "dice_max": len(CONTENT.dice),  # GIM-3: 2 to 4 dice, one face each
        "tokens_left": [_token_text(t) for t in state.tokens_left()],
        "tokens_to_lay": state.tokens_to_lay,
        "parts": {p: CONTENT.parts[p].name for p in PARTS},
        "sheets": list(CONTENT.sheets),
        "fillings": list(CONTENT.fillings),
        "history": _history(state, moves),
    }


def file_names(setup: BaseModel) -> list[str]:
    return ["gimbap.yaml"]


def describe(setup: BaseModel, moves: Sequence[dict[str, Any]], i: int) -> str:
    """A round in the record's words: "round 3: Ann rolled rice+seaweed ham-radish"."""
    m = moves[i]
    return f"round {i + 1}: {m['first']} rolled {' '.join(str(d) for d in m['dice'])}"


#: Registered by the game's package (``printkit/games/gimbap/__init__.py``).
def rounds(setup: BaseModel, moves: Sequence[dict[str, Any]]) -> list[int]:
    """For the history's chart: a move is one round (GIM-5), so its points are rounds 1, 2 ..."""
    return list(range(1, len(moves) + 1))


def move_name(setup: BaseModel, move: dict[str, Any]) -> str:
    """A move (a whole round) in a player's words, for a refusal."""
    return "This round"


SCOREKEEPER = Scorekeeper(GIMBAP, Setup, Move, records, split, view, ASSETS, file_names, rounds, tie_break="GIM-7",
                          move_name=move_name, describe=describe)
