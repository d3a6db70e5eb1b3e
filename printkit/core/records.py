"""Reading game records: YAML or JSON (chosen by content), ``-`` for standard input.

A record that does not parse, or does not fit the game's record model, is a RecordError
naming the file, the line where known, and the key path: the CLI exits 2 with that message.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from printkit.core.score import RecordError
from printkit.core.yamlio import TextProblem, first_error, parse_text

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
                raise RecordError(file, "", f"the file is larger than {MAX_BYTES} bytes")
            data = p.read_bytes()
        except OSError as e:
            raise RecordError(file, "", f"cannot read the file ({e.strerror})") from None
        name = file
    if len(data) > MAX_BYTES:
        raise RecordError(name, "", f"the input is larger than {MAX_BYTES} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RecordError(name, "", f"not UTF-8 text ({e.reason} at byte {e.start})") from None


def read_record(file: str, model: type[M]) -> tuple[M, dict]:
    """The record in ``file`` checked against ``model``, and its key-path-to-line table."""
    name = "<stdin>" if file == "-" else file
    text = read_text(file)
    try:
        data, table = parse_text(text, allow_json=True)
    except TextProblem as e:
        raise RecordError(name, "", str(e), e.line) from None
    if data is None:
        raise RecordError(name, "", "the file is empty")
    try:
        return model.model_validate(data), table
    except ValidationError as e:
        where, message, line = first_error(e, table)
        raise RecordError(name, where, message, line) from None
    except ValueError as e:  # a record kind chosen by its keys, and neither fits
        raise RecordError(name, "", str(e), 1) from None


def distinct_names(names: list[str]) -> list[str]:
    """A pydantic check for a record's players: every name once."""
    if len(set(names)) != len(names):
        raise ValueError("player names must differ")
    return names
