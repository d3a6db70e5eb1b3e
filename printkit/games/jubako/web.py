"""Jubako at the table (``printkit serve``): the Scorekeeper of docs/serve.md.

A table's setup is the record's header: players in turn order, the board (``4x4`` is Little
Jubako, JUB-7) and the advanced options (Picky Eaters' bonus, Favorite Food's single tiles,
Multi-Tiered, Peko Peko). A move is either one of the record's turns, exactly as a record holds
it (a placement ``{player, tile, cells, score}`` or a removal ``{player, discard, hand}``), or
``{player, holding: [...]}``: the tiles a player holds now. A record does not write the hand
down except with a removal (JUB-5), so ``holding`` moves are kept with the table but left out of
the record; :func:`view` uses them to list the State's own legal moves for that hand
(:meth:`JubakoState.legal_moves`): the cells each tile fits, the points of each delicacy it
could score, and the removal when nothing fits.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, Field, field_validator, model_validator

from printkit.core.game import GameState
from printkit.core.table import Scorekeeper, player_names
from printkit.core.yamlio import first_error
from printkit.games.jubako.content import CONTENT
from printkit.games.jubako.record import Delicacy, JubakoRecord, Turn
from printkit.games.jubako.scorer import GAME
from printkit.games.jubako.state import JubakoState, Tile, end_points

ASSETS = Path(__file__).with_name("web")
_TURN_KEYS = ("player", "tile", "cells", "score", "discard", "hand")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Setup(Strict):
    """A new Jubako table: players in turn order, the board and the advanced options (JUB-7),
    flat so that the new-table form can show each one."""

    players: list[str] = Field(min_length=2, max_length=4, description="2 to 4 players in turn order")
    board: Literal["5x5", "4x4"] = Field(default="5x5", title="Board (4x4: Little Jubako)",
                                         description="4x4 is Little Jubako (JUB-7)")
    picky_eaters: int | None = Field(default=None, ge=0, le=20, title="Picky Eaters: bonus (empty: 5)",
                                     description="Picky Eaters: the bonus instead of 5")
    favorite_food: list[str] = Field(default=[], title="Favorite Food (one line a player: Ann: tako, nori)",
                                     description="Favorite Food: 'player: delicacy, delicacy' per player")
    multi_tiered: bool = Field(default=False, title="Multi-Tiered", description="Multi-Tiered")
    peko_peko: bool = Field(default=False, title="Peko Peko", description="Peko Peko")

    @field_validator("players")
    @classmethod
    def _names(cls, v: list[str]) -> list[str]:
        return player_names(v)

    @model_validator(mode="after")
    def _favourites(self) -> Setup:
        self.favourites()
        return self

    def favourites(self) -> dict[str, list[str]]:
        """Favorite Food as the record writes it: each player's single tiles (JUB-7)."""
        out: dict[str, list[str]] = {}
        for line in self.favorite_food:
            who, sep, what = line.partition(":")
            who = who.strip()
            if not sep or who not in self.players:
                raise ValueError(f"favorite_food: {line!r} should be 'player: delicacy, ...' naming one of the players")
            for d in (x.strip() for x in what.split(",")):
                if d not in CONTENT.ids:
                    raise ValueError(f"favorite_food: unknown delicacy {d!r}; delicacies are {', '.join(CONTENT.ids)}")
                out.setdefault(who, []).append(d)
        return out

    def options(self) -> dict[str, Any]:
        """The record's ``options`` (only those chosen)."""
        out: dict[str, Any] = {}
        if self.picky_eaters is not None:
            out["picky_eaters"] = self.picky_eaters
        if self.favorite_food:
            out["favorite_food"] = self.favourites()
        if self.multi_tiered:
            out["multi_tiered"] = True
        if self.peko_peko:
            out["peko_peko"] = True
        return out


def _double(tile: tuple[str, str]) -> tuple[str, str]:
    if tile[0] == tile[1]:
        raise ValueError(f"no double tile shows {tile[0]} twice")
    return tile


class Move(Strict):
    """A turn as the record writes it, or ``{player, holding}``: the tiles the player holds."""

    player: str
    tile: tuple[Delicacy, Delicacy] | None = None
    cells: tuple[str, str] | None = None
    score: Delicacy | None = None
    discard: tuple[Delicacy, Delicacy] | None = None
    hand: list[tuple[Delicacy, Delicacy]] | None = None
    holding: list[tuple[Delicacy, Delicacy]] | None = Field(
        default=None, min_length=0, max_length=3, description="the tiles the player holds now (0 to 3; not in the record)")

    @model_validator(mode="after")
    def _kind(self) -> Move:
        if self.holding is not None:
            if any(getattr(self, k) is not None for k in _TURN_KEYS[1:]):
                raise ValueError("'holding' says which tiles a player holds; it goes alone with 'player'")
            for t in self.holding:
                _double(t)
            return self
        Turn.model_validate(self.model_dump(exclude={"holding"}, exclude_none=True))
        return self


def _turn_doc(move: dict[str, Any]) -> dict[str, Any]:
    """A posted turn as the record writes it (no empty keys)."""
    return {k: move[k] for k in _TURN_KEYS if move.get(k) is not None}


def _is_holding(move: dict[str, Any]) -> bool:
    return move.get("holding") is not None


def records(setup: BaseModel, moves: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The table's one record: the header from the setup, the turns in order (``holding`` moves
    are not part of a record)."""
    assert isinstance(setup, Setup)
    options = setup.options()
    doc: dict[str, Any] = {"game": "jubako", "board": setup.board}
    if options:
        doc["options"] = options
    doc["players"] = list(setup.players)
    doc["turns"] = [_turn_doc(m) for m in moves if not _is_holding(m)]
    return [doc]


def _one_line(e: ValidationError, what: str) -> ValueError:
    """A pydantic error as one line naming the field (an import's 422 says it in one line)."""
    where, message, _ = first_error(e, {})
    return ValueError(f"{what}{'.' + where if where else ''}: {message}")


def split(documents: Sequence[dict[str, Any]]) -> tuple[BaseModel, list[dict[str, Any]]]:
    """An imported record -> (setup, moves): its header (an older ``little_jubako`` read as the
    board) and its turns."""
    if len(documents) != 1:
        raise ValueError(f"a Jubako game is one record; got {len(documents)}")
    (doc,) = documents
    try:
        rec = JubakoRecord.model_validate(doc)
        o = rec.options
        setup = Setup(players=list(rec.players), board=rec.board, picky_eaters=o.picky_eaters,
                      favorite_food=[f"{who}: {', '.join(ds)}" for who, ds in o.favorite_food.items()],
                      multi_tiered=o.multi_tiered, peko_peko=o.peko_peko)
    except ValidationError as e:
        raise _one_line(e, "the record") from None
    return setup, [_turn_doc(t.model_dump(mode="json")) for t in rec.turns]


def _key(tile: Iterable[str]) -> tuple[str, str]:
    """A tile without its orientation: its delicacies in the rulebook's order."""
    a, b = sorted(tile, key=CONTENT.ids.index)
    return a, b


def hands(players: Sequence[str], moves: Sequence[dict[str, Any]]) -> dict[str, list[Tile]]:
    """What each player holds now, as far as the table knows: the last ``holding`` declared,
    less the tiles played since; a removal's hand (JUB-5) less the tile removed."""
    held: dict[str, list[Tile]] = {p: [] for p in players}
    for m in moves:
        who = m.get("player")
        if who not in held:
            continue
        if _is_holding(m):
            held[who] = [(t[0], t[1]) for t in m["holding"]]
            continue
        if m.get("discard") is not None:
            held[who] = [(t[0], t[1]) for t in m.get("hand") or []]
        played = m.get("discard") or m.get("tile")
        if played is not None:
            keys = [_key(t) for t in held[who]]
            if _key(played) in keys:
                held[who].pop(keys.index(_key(played)))
    return held


def supply(state: JubakoState, held: dict[str, list[Tile]]) -> list[list[str]]:
    """JUB-1: the double tiles of which a copy is neither used nor known to be held."""
    left = Counter(CONTENT.tile_counts)
    left.subtract(state.used)
    left.subtract(frozenset(t) for h in held.values() for t in h)
    return [list(_key(t)) for t in dict.fromkeys(CONTENT.doubles) if left[t] > 0]


def options_for(state: JubakoState, hand: list[Tile]) -> dict[str, Any]:
    """The State's legal moves for the player to move holding ``hand``: every placement (tile as
    laid, cells, the tile's index in the hand) with the points of each delicacy it could score
    (JUB-3, JUB-4); the removals when the hand is complete and nothing fits (JUB-5)."""
    place: dict[frozenset, dict[str, Any]] = {}
    discard: list[dict[str, Any]] = []
    keys = [_key(t) for t in hand]
    for m in state.legal_moves(hand) or ():
        if m.discard is not None:
            discard.append({"tile": list(m.discard), "hand": [list(t) for t in m.hand or []]})
            continue
        assert m.tile is not None and m.cells is not None
        # one entry a placement on the table: (B4, C4) and (C4, B4) laid the other way round are one
        where = frozenset(zip(m.tile, m.cells, strict=True))
        entry = place.setdefault(where, {"tile": list(m.tile), "cells": list(m.cells),
                                         "index": keys.index(_key(m.tile)), "scores": []})
        if any(x["score"] == m.score for x in entry["scores"]):
            continue  # the same placement reached from its other cell
        _, base, bonus = state.points(m)
        entry["scores"].append({"score": m.score, "points": base + bonus, "bonus": bonus})
    complete = len(hand) >= state.holds
    return {"place": list(place.values()), "discard": discard if complete else []}


def _board(state: JubakoState, player: str) -> dict[str, Any]:
    b = state.boards[player]
    out = {}
    for cell in state.board.cells:
        top, layer, _ = b.top(cell)
        out[cell] = {"top": top, "layer": layer}
    return out


def view(state: GameState, setup: BaseModel, moves: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """What the page draws: every board, whose turn, their known hand and its legal moves, the
    tiles that may still be drawn, the turn scores and the end-of-game options' points."""
    assert isinstance(state, JubakoState) and isinstance(setup, Setup)
    held = hands(state.players, moves)
    who = state.to_move
    hand = held[who] if who else []
    return {
        "players": list(state.players),
        "board": setup.board,
        "size": state.board.size,
        "cells": list(state.board.cells),
        "printed": dict(state.board.printed),
        "delicacies": [{"id": d.id, "name": d.name, "colour": d.colour} for d in CONTENT.delicacies],
        "turn": state.turn + 1,
        "turns": state.in_play,
        "over": state.is_over,
        "to_move": who,
        "holds": state.holds if who else 0,
        "hand": [list(t) for t in hand],
        "hand_ok": len(hand) <= (state.holds if who else 0),
        "legal": options_for(state, hand) if who and len(hand) <= state.holds else {"place": [], "discard": []},
        "supply": supply(state, held),
        "boards": {p: _board(state, p) for p in state.players},
        "scores": {p: list(state.scores[p]) for p in state.players},
        "end": {p: end_points(state.boards[p], state.options, p) for p in state.players},
        "options": setup.options(),
        "bonus": state.bonus,
        "log": state.details()[-6:],
    }


def file_names(setup: BaseModel) -> list[str]:
    return ["jubako.yaml"]


def rounds(setup: BaseModel, moves: Sequence[dict[str, Any]]) -> list[int]:
    """For the history's chart: each move's round (a turn of every player); a ``holding`` move
    belongs to the turn it prepares."""
    assert isinstance(setup, Setup)
    out, turns = [], 0
    for m in moves:
        out.append(turns // len(setup.players) + 1)
        turns += not _is_holding(m)
    return out


def describe(setup: BaseModel, moves: Sequence[dict[str, Any]], i: int) -> str:
    """A turn in the record's words: "Ann placed tako-nori on a1 b1", "Ann discarded ..."."""
    m = moves[i]
    if m.get("holding") is not None:
        return f"{m['player']} holds {len(m['holding'])} tiles"
    if m.get("tile") and m.get("cells"):
        return f"{m['player']} placed {'-'.join(m['tile'])} on {' '.join(m['cells'])}"
    if m.get("discard"):
        return f"{m['player']} discarded {'-'.join(m['discard'])}"
    return f"{m['player']} played a turn"



#: The advanced options' points, scored only when the game ends (JUB-7: ``end_points``).
END_OF_GAME = ("favorite_food", "multi_tiered", "peko_peko")


def end_bonus(breakdown: dict[str, Any]) -> int:
    """The part of a player's total that JUB-7 scores at the end of the game: shown apart from
    the turns' points until then (a 1-point first tile is 1, not 1 plus Peko Peko's count)."""
    return sum(int(breakdown.get(k, 0)) for k in END_OF_GAME)


def move_name(setup: BaseModel, move: dict[str, Any]) -> str:
    """A move in a player's words, for a refusal: "Ann's gohan/tako", "Ann's removal of ika/nori",
    "Ann's hand"."""
    who = move["player"]
    if move.get("tile"):
        return f"{who}'s {'/'.join(move['tile'])}"
    if move.get("discard"):
        return f"{who}'s removal of {'/'.join(move['discard'])}"
    return f"{who}'s hand"


#: Registered by the game's package (``printkit/games/jubako/__init__.py``).
SCOREKEEPER = Scorekeeper(GAME, Setup, Move, records, split, view, ASSETS, file_names, rounds, end_bonus=end_bonus,
                          tie_break="JUB-6", move_name=move_name, describe=describe)
