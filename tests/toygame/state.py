"""Nim's record and State: the whole rules engine of the test-only game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from printkit.core.game import Game, GameState, Step
from printkit.core.records import distinct_names
from printkit.core.score import PlayerResult, Violation


class Take(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    player: str
    take: int = Field(ge=1, le=10)


class NimRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: Literal["nim"] | None = None
    players: list[str] = Field(min_length=2)
    pile: int = Field(ge=1, le=100)
    takes: list[Take] = []

    @field_validator("players")
    @classmethod
    def _distinct(cls, v: list[str]) -> list[str]:
        return distinct_names(v)

    @model_validator(mode="after")
    def _takers_play(self) -> NimRecord:
        """Every take is by one of the players (a record model refuses what the State cannot
        replay; the fuzz of tests/test_fuzz.py found a take by nobody)."""
        for take in self.takes:
            if take.player not in self.players:
                raise ValueError(f"a take by {take.player!r}, who is not one of the players")
        return self


class NimState(GameState[Take]):
    def __init__(self, players: list[str], pile: int):
        self.players, self.pile, self.turn, self.last = list(players), pile, 0, None

    @classmethod
    def start(cls, rec: NimRecord) -> NimState:
        return cls(rec.players, rec.pile)

    @property
    def to_move(self) -> str | None:
        return None if self.is_over else self.players[self.turn % len(self.players)]

    def legal_moves(self):
        return [Take(player=self.to_move, take=k) for k in (1, 2, 3) if k <= self.pile] if not self.is_over else []

    def apply(self, move: Take) -> list[Violation]:
        out = []
        if move.player != self.to_move:
            out.append(Violation(f"take ({move.player})", "NIM-1", f"it was {self.to_move}'s turn"))
        if move.take > min(3, self.pile):
            out.append(Violation(f"take ({move.player})", "NIM-2", f"{move.take} stones taken; 1 to "
                                 f"{min(3, self.pile)} may be", path=("take",)))
        self.pile -= min(move.take, self.pile)
        self.last = move.player
        self.turn = self.players.index(move.player) + 1
        return out

    @property
    def is_over(self) -> bool:
        return self.pile == 0

    def standings(self) -> list[PlayerResult]:
        return [PlayerResult(p, int(self.is_over and p == self.last), {"stones_left": self.pile}) for p in self.players]

    def notes(self) -> list[str]:
        return [] if self.is_over else [f"{self.pile} stones are left"]


def moves(records: Sequence[NimRecord]) -> list[Step]:
    (rec,) = records
    return [(0, ("takes", i), t) for i, t in enumerate(rec.takes)]


NIM = Game("nim", "Nim", NimRecord, start=lambda recs: NimState.start(recs[0]), moves=moves,
           rank_key=lambda p: (p.total,))
