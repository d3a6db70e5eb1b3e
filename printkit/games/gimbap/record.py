"""The record of a Gimbap game, as players write it (YAML or JSON). See docs/records.md.

Names that do not exist (parts, faces, players, tokens) make a record unreadable (exit 2);
what breaks the rules is for :mod:`rules` to find (exit 1). The messages below are the
record's error messages, word for word.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator, model_validator

from printkit.core.records import distinct_names
from printkit.games.gimbap.content import CONTENT, Token
from printkit.games.gimbap.rolls import PARTS, RollError, parse_face

_TOKEN = re.compile(r"^\s*([0-9]{1,9})\s*/\s*([0-9]{1,9})\s*$")  # ASCII digits only


def _whole(*xs: Any) -> bool:
    """Whole numbers written as such: not 4.9, true, "4", null or .inf (see core.records.Whole)."""
    return all(type(x) is int for x in xs)


def _token(v: Any) -> Token:
    """``"4/3"`` (points/radish slices) or ``[4, 3]`` or ``{points: 4, radish: 3}``."""
    if isinstance(v, Token):
        return v
    if isinstance(v, str) and (m := _TOKEN.match(v)):
        t = Token(int(m.group(1)), int(m.group(2)))
    elif isinstance(v, (list, tuple)) and len(v) == 2 and _whole(*v):
        t = Token(*v)
    elif isinstance(v, dict) and set(v) == {"points", "radish"} and _whole(v["points"], v["radish"]):
        t = Token(v["points"], v["radish"])
    else:
        got = repr(v) if len(repr(v)) <= 60 else repr(v)[:57] + "..."
        raise ValueError(f"expected a token written points/radish such as \"4/3\", got {got}")
    if t not in CONTENT.tokens:
        raise ValueError(f"there is no token {t}: tokens have 1 to 4 points and 1 to 3 radish slices")
    return t


def _face(v: Any) -> str:
    """A face of an order die (GIM-3), in either order of its parts, as the die writes it."""
    if not isinstance(v, str):
        raise ValueError(f"expected a face such as rice+seaweed, got {v!r}")
    try:
        return str(parse_face(v, dice_only=True))
    except RollError as e:
        raise ValueError(str(e)) from None


def _known_parts(names: Any) -> None:
    """Every name is a part (GIM-1); a misspelt part makes the record unreadable."""
    for name in names:
        if name not in PARTS:
            raise ValueError(f"unknown part {name!r}; parts are {', '.join(PARTS)}")


TokenField = Annotated[Token, BeforeValidator(_token)]
FaceField = Annotated[str, BeforeValidator(_face)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class Roll(Strict):
    """A player's roll this round: how it was built (the checker decides), or only whether it
    was correct (when nobody wrote the build down), or both (then they must agree)."""

    on: dict[str, str] | None = Field(default=None, description="each filling -> what it lies on")
    touching: list[tuple[str, str]] = Field(default=[], description="fillings on one base laid touching")
    correct: bool | None = None

    @model_validator(mode="after")
    def _something(self) -> Roll:
        """A roll gives its build or its verdict; ``touching`` means nothing without ``on``."""
        if self.on is None and self.correct is None:
            raise ValueError("give the build ('on', and 'touching' if any) or 'correct: true/false'")
        if self.on is None and self.touching:
            raise ValueError("'touching' needs 'on' (what each filling lies on)")
        return self

    @field_validator("on")
    @classmethod
    def _parts(cls, v: dict[str, str] | None) -> dict[str, str] | None:
        """Each filling and what it lies on are parts."""
        if v is None:
            return v
        for f, base in v.items():
            _known_parts((f, base))
        return v

    @field_validator("touching")
    @classmethod
    def _pairs(cls, v: list[tuple[str, str]]) -> list[tuple[str, str]]:
        """Both fillings of each pair are parts."""
        for a, b in v:
            _known_parts((a, b))
        return v


class Round(Strict):
    first: str = Field(description="the player who rolled the dice")
    dice: list[FaceField] = Field(description="the faces rolled, such as rice+seaweed or ham-radish")
    tokens: list[TokenField] = Field(description="the tokens laid face up this round, as points/radish")
    done: list[str] = Field(description="the players in the order they said Done!")
    rolls: dict[str, Roll] = Field(description="each player's roll")


class GimbapRecord(Strict):
    """A whole game of Gimbap."""

    game: Literal["gimbap"] | None = Field(default=None, description="optional: gimbap")
    players: list[str] = Field(min_length=2, max_length=4, description="in seating order, clockwise")
    tokens: list[TokenField] | None = Field(
        default=None, description="with 2 players: the 6 tokens chosen for the game (GIM-5)")
    rounds: list[Round]

    @field_validator("players")
    @classmethod
    def _unique(cls, v: list[str]) -> list[str]:
        """Every name once (:func:`printkit.core.records.distinct_names`)."""
        return distinct_names(v)

    @model_validator(mode="after")
    def _known_players(self) -> GimbapRecord:
        """Every name a round gives (who rolled, said Done!, rolled a build) is one of the players."""
        names = set(self.players)
        for i, r in enumerate(self.rounds):
            for who in [r.first, *r.done, *r.rolls]:
                if who not in names:
                    raise ValueError(f"rounds[{i}]: {who!r} is not one of the players ({', '.join(self.players)})")
        return self
