"""What pydantic calls while it checks a Gimbap record, without pydantic (issue 16).

:mod:`printkit.games.gimbap.record` declares the record models (pydantic: the schema, the
web pages, the errors) and wires these functions in as their validators, so that ``printkit
score`` can check a record with pydantic-core running the models' core schema alone: every
function it calls must then be importable from a module that does not import pydantic. The
messages are the record's error messages, word for word.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from printkit.core.records import distinct_names
from printkit.games.gimbap.content import CONTENT, Token
from printkit.games.gimbap.rolls import PARTS, RollError, parse_face

if TYPE_CHECKING:
    from printkit.games.gimbap.record import GimbapRecord, Roll

_TOKEN = re.compile(r"^\s*([0-9]{1,9})\s*/\s*([0-9]{1,9})\s*$")  # ASCII digits only


def _whole(*xs: Any) -> bool:
    """Whole numbers written as such: not 4.9, true, "4", null or .inf (see core.records.Whole)."""
    return all(type(x) is int for x in xs)


def token(v: Any) -> Token:
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


def face(v: Any) -> str:
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


def roll_given(self: Roll) -> Roll:
    """A roll gives its build or its verdict; ``touching`` means nothing without ``on``."""
    if self.on is None and self.correct is None:
        raise ValueError("give the build ('on', and 'touching' if any) or 'correct: true/false'")
    if self.on is None and self.touching:
        raise ValueError("'touching' needs 'on' (what each filling lies on)")
    return self


def on_parts(cls: type, v: dict[str, str] | None) -> dict[str, str] | None:
    """A roll's ``on``: each filling and what it lies on are parts."""
    if v is None:
        return v
    for f, base in v.items():
        _known_parts((f, base))
    return v


def touching_parts(cls: type, v: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A roll's ``touching``: both fillings of each pair are parts."""
    for a, b in v:
        _known_parts((a, b))
    return v


def distinct_players(cls: type, v: list[str]) -> list[str]:
    """A record's players: every name once (:func:`printkit.core.records.distinct_names`)."""
    return distinct_names(v)


def known_players(self: GimbapRecord) -> GimbapRecord:
    """Every name a round gives (who rolled, said Done!, rolled a build) is one of the players."""
    names = set(self.players)
    for i, r in enumerate(self.rounds):
        for who in [r.first, *r.done, *r.rolls]:
            if who not in names:
                raise ValueError(f"rounds[{i}]: {who!r} is not one of the players ({', '.join(self.players)})")
    return self
