"""Reading game records: YAML or JSON (chosen by content), ``-`` for standard input.

A record that does not parse, or does not fit the game's record model, is an InputError
naming the file, the line where known, and the key path: the CLI exits 2 with that message.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TypeVar
from collections.abc import Mapping

from pydantic import BaseModel, ValidationError

from printkit.core.yamlio import TextProblem, first_error, parse_text
from printkit.errors import InputError

MAX_BYTES = 5_000_000
M = TypeVar("M", bound=BaseModel)


def read_text(file: str) -> str:
    if file == "-":
        data = sys.stdin.buffer.read(MAX_BYTES + 1)
        name = "<stdin>"
    else:
        p = Path(file)
        try:
            if p.stat().st_size > MAX_BYTES:
                raise InputError(file, "", f"the file is larger than {MAX_BYTES} bytes")
            data = p.read_bytes()
        except OSError as e:
            raise InputError(file, "", f"cannot read the file ({e.strerror})") from None
        name = file
    if len(data) > MAX_BYTES:
        raise InputError(name, "", f"the input is larger than {MAX_BYTES} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(name, "", f"not UTF-8 text ({e.reason} at byte {e.start})") from None


def read_record(file: str, model: type[M], game: str = "",
                others: Mapping[str, tuple[str, type[BaseModel]]] | None = None) -> tuple[M, dict]:
    """The record in ``file`` checked against ``model``, and its key-path-to-line table.

    ``others`` maps the other games' names to (title, record model): a record that does not fit
    ``model`` but names or fits another game is reported as that game's record, with the
    command that scores it.
    """
    name = "<stdin>" if file == "-" else file
    text = read_text(file)
    try:
        data, table = parse_text(text, allow_json=True)
    except TextProblem as e:
        raise InputError(name, "", str(e), e.line) from None
    if data is None:
        raise InputError(name, "", "the file is empty")
    if not isinstance(data, dict):
        raise InputError(name, "", f"a record is a mapping of keys (such as players: ...), not a "
                                    f"{'list' if isinstance(data, list) else 'single value'}", 1)
    try:
        return model.model_validate(data), table
    except (ValidationError, ValueError) as e:
        other = _other_game(data, game, others or {})
        if other:
            title, command = other
            raise InputError(name, "", f"this looks like a {title} record, not a {game} one; "
                                        f"score it with: printkit score {command} {file}", 1) from None
        if isinstance(e, ValidationError):
            where, message, line = first_error(e, table)
            raise InputError(name, where, message, line) from None
        raise InputError(name, "", str(e), 1) from None  # a record kind chosen by its keys


def _other_game(data: dict, game: str, others: Mapping[str, tuple[str, type[BaseModel]]]) -> tuple[str, str] | None:
    """(title, game) of the other game whose record ``data`` names or fits, if exactly one."""
    named = data.get("game")
    if isinstance(named, str) and named != game and named in others:
        return others[named][0], named
    fits = []
    for other, (title, model) in others.items():
        if other == game:
            continue
        try:
            model.model_validate(data)
        except (ValidationError, ValueError):
            continue
        fits.append((title, other))
    return fits[0] if len(fits) == 1 else None


def distinct_names(names: list[str]) -> list[str]:
    """A pydantic check for a record's players: every name once."""
    if len(set(names)) != len(names):
        raise ValueError("player names must differ")
    return names
