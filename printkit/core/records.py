"""Reading game records: YAML or JSON (chosen by content), ``-`` for standard input.

A record that does not parse, or does not fit the game's record model, is an InputError
naming the file, the line where known, and the key path: the CLI exits 2 with that message.
"""

from __future__ import annotations

import os
import stat
import sys
import unicodedata
from typing import TYPE_CHECKING, Any, TypeVar
from collections.abc import Mapping

from printkit.core.limits import MAX_TEXT
from printkit.core.score import printable
from printkit.core.yamlio import TextProblem, first_error, key_path, line_for, parse_stream, parse_text
from printkit.errors import InputError

#: A record is at most this many bytes (the largest worked example is about 12 KB).
MAX_BYTES = 1_000_000
if TYPE_CHECKING:
    from pydantic import BaseModel, StrictInt as Whole  # noqa: F401 - what Whole is, for type checkers

M = TypeVar("M", bound="BaseModel")


def __getattr__(name: str) -> Any:
    """``Whole``: a whole number in a record, written as one (``4``), not ``4.0``, ``4.9``,
    ``"4"``, ``true``, ``.inf`` or ``null`` (pydantic would round 4.0 and take true as 1).
    Record models use it for every count; it is pydantic's StrictInt, imported when a record
    model module asks for it (this module is read by every ``score``)."""
    if name == "Whole":
        from pydantic import StrictInt

        return StrictInt
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def read_text(file: str) -> str:
    """The text of the record ``file`` (``-``: standard input), at most :data:`MAX_BYTES`.

    Only a regular file is opened (a FIFO, a device such as /dev/zero or a folder is refused
    before it is read), and no more than the limit is ever read.
    """
    if file == "-":
        if sys.stdin is None:  # `printkit score GAME - <&-`
            raise InputError("<stdin>", "", "no record on standard input: it is closed")
        try:
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        except OSError as e:
            raise InputError("<stdin>", "", f"cannot read standard input ({e.strerror or e})") from None
        return decode(data, "<stdin>")
    return decode(_read_file(file), file)


def decode(data: bytes, name: str) -> str:
    """``data`` read from ``name`` as text: UTF-8, at most :data:`MAX_BYTES`."""
    if len(data) > MAX_BYTES:
        raise InputError(name, "", f"the input is larger than {MAX_BYTES} bytes; a record is far smaller")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(name, "", f"not UTF-8 text ({e.reason} at byte {e.start})") from None


def _read_file(file: str) -> bytes:
    """At most MAX_BYTES + 1 bytes of the regular file ``file``."""
    try:
        kind = os.stat(file).st_mode
        if not stat.S_ISREG(kind):
            raise InputError(file, "", f"not a record file but {_kind(kind)}; give a YAML or JSON file")
        # O_NONBLOCK: should the file have become a FIFO since, opening it does not wait.
        fd = os.open(file, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise InputError(file, "", "not a regular file; give a YAML or JSON file")
            return f.read(MAX_BYTES + 1)
    except OSError as e:
        raise InputError(file, "", f"cannot read the file ({e.strerror})") from None


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def read_record(file: str, model: type[M] | str, game: str = "",
                others: Mapping[str, tuple[str, type[BaseModel]]] | None = None) -> tuple[M, dict]:
    """The record in ``file`` checked against ``model`` (the class, or its ``"module:Model"``
    name, imported when needed), and its key-path-to-line table.

    ``others`` maps the other games' names to (title, record model): a record that does not fit
    ``model`` but names or fits another game is reported as that game's record, with the
    command that scores it. The message of an unreadable record has its control characters
    escaped (a key or value from the record cannot steer the terminal or start a line).
    """
    try:
        return _parse_record(read_text(file), file, model, game, others)
    except InputError as e:
        raise _shown(e) from None


def parse_record(text: str, file: str, model: type[M], game: str = "",
                 others: Mapping[str, tuple[str, type[BaseModel]]] | None = None) -> tuple[M, dict]:
    """:func:`read_record` for the ``text`` already read from ``file`` (the fuzz tests use it)."""
    try:
        return _parse_record(text, file, model, game, others)
    except InputError as e:
        raise _shown(e) from None


def _shown(e: InputError) -> InputError:
    """``e`` with its control characters escaped (see :func:`printkit.core.score.printable`)."""
    if str(e).isprintable():
        return e
    return InputError(printable(e.file), printable(e.where), printable(e.detail), e.line)


def read_records(file: str, model: type[M] | str, game: str = "",
                 others: Mapping[str, tuple[str, type[BaseModel]]] | None = None) -> list[tuple[M, dict]]:
    """The records in ``file``, a stream of several (a game scored from one record a player):
    YAML documents with ``---`` between them, or a JSON array of records; one record is a stream
    of one. Each comes with its key-path-to-line table, whose lines are the file's own lines, so
    a violation names the line of the file. A document that cannot be read stops the whole file
    with one message (as :func:`read_record`)."""
    try:
        return _parse_records(read_text(file), file, model, game, others)
    except InputError as e:
        raise _shown(e) from None


def parse_records(text: str, file: str, model: type[M], game: str = "",
                  others: Mapping[str, tuple[str, type[BaseModel]]] | None = None) -> list[tuple[M, dict]]:
    """:func:`read_records` for the ``text`` already read from ``file``."""
    try:
        return _parse_records(text, file, model, game, others)
    except InputError as e:
        raise _shown(e) from None


def _parse_records(text: str, file: str, model: type[M] | str, game: str,
                   others: Mapping[str, tuple[str, type[BaseModel]]] | None) -> list[tuple[M, dict]]:
    name = "<stdin>" if file == "-" else file
    try:
        documents = parse_stream(text)
    except TextProblem as e:
        raise InputError(name, "", str(e), e.line) from None
    if not documents:
        raise InputError(name, "", "the file is empty")
    several = len(documents) > 1
    out = []
    for i, (data, table) in enumerate(documents):
        if data is None:
            raise InputError(name, "", f"record {i + 1} of {len(documents)} is empty (nothing between two '---')"
                             if several else "the file is empty", table.get(()))
        out.append(_document(data, table, name, file, model, game, others, table.get((), 1) if several else 1))
    return out


def _parse_record(text: str, file: str, model: type[M] | str, game: str,
                  others: Mapping[str, tuple[str, type[BaseModel]]] | None) -> tuple[M, dict]:
    name = "<stdin>" if file == "-" else file
    try:
        data, table = parse_text(text, allow_json=True)
    except TextProblem as e:
        raise InputError(name, "", str(e), e.line) from None
    if data is None:
        raise InputError(name, "", "the file is empty")
    return _document(data, table, name, file, model, game, others)


def _document(data: Any, table: dict, name: str, file: str, model: type[M] | str, game: str,
              others: Mapping[str, tuple[str, type[BaseModel]]] | None, first: int = 1) -> tuple[M, dict]:
    """One read document checked against ``model``; errors name ``name`` and the table's lines
    (``first``: the document's first line, for an error of the whole document)."""
    from pydantic_core import ValidationError  # pydantic's own ValidationError

    if not isinstance(data, dict):
        raise InputError(name, "", f"a record is a mapping of keys (such as players: ...), not a "
                                    f"{'list' if isinstance(data, list) else 'single value'}", first)
    bad = _bad_text(data, ())
    if bad is not None:
        raise InputError(name, key_path(bad[0]), bad[1], line_for(table, bad[0]) or first)
    from printkit.core.game import resolve

    try:
        return resolve(model).model_validate(data), table
    except (ValidationError, ValueError) as e:
        other = _other_game(data, game, others or {})
        if other:
            title, command = other
            raise InputError(name, "", f"this looks like a {title} record, not a {game} one; "
                                        f"score it with: printkit score {command} {file}", first) from None
        if isinstance(e, ValidationError):
            where, message, line = first_error(e, table)
            raise InputError(name, where, message, line) from None
        raise InputError(name, "", str(e), first) from None  # a record kind chosen by its keys


def _bad_text(data: Any, loc: tuple = ()) -> tuple[tuple, str] | None:
    """The key path of the first text in ``data`` (a key or a value) that no game reads, and
    why (:func:`_text_problem`): every text is checked before a game scans any.

    >>> _bad_text({"players": ["Ann", "Bo\\ud800"]})[0]
    ('players', 1)
    """
    if isinstance(data, str):
        why = _text_problem(data)
        return None if why is None else (loc, why)
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for k, v in items:
        bad = _bad_text(k, loc + (k,)) if isinstance(k, str) else None
        bad = bad or _bad_text(v, loc + (k,))
        if bad is not None:
            return bad
    return None


def _text_problem(text: str) -> str | None:
    r"""Why no game reads ``text`` (None if one may): longer than
    :data:`~printkit.core.limits.MAX_TEXT`, or holding a lone surrogate (JSON's ``"\ud800"``,
    which no text can be written with).

    >>> _text_problem("10" + " " * 10_000)
    'a text of 10002 characters; a name, an hour or any text in a record has at most 10000'
    >>> print(_text_problem("Zo\ud800"))
    a lone surrogate '\ud800': JSON's \uD800 to \uDFFF escapes come in pairs (write the character itself)
    >>> _text_problem("Zoë 😀") is None
    True
    """
    if len(text) > MAX_TEXT:
        return f"a text of {len(text)} characters; a name, an hour or any text in a record has at most {MAX_TEXT}"
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as e:
            return (f"a lone surrogate {text[e.start]!r}: JSON's \\uD800 to \\uDFFF escapes come in pairs "
                    "(write the character itself)")
    return None


def _other_game(data: dict, game: str, others: Mapping[str, tuple[str, type[BaseModel]]]) -> tuple[str, str] | None:
    """(title, game) of the other game whose record ``data`` names or fits, if exactly one."""
    named = data.get("game")
    if isinstance(named, str) and named != game and named in others:
        return others[named][0], named
    from pydantic_core import ValidationError

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
    """A pydantic check for a record's players: every name once. Names are compared as
    :func:`same_name` writes them, so that "Zoë" typed with a composed ``ë`` and "Zoë" typed with
    ``e`` and a combining diaeresis are one name (they look alike); names are kept as written.

    >>> distinct_names(["Zo\\u00eb", "Zoe\\u0308"])
    Traceback (most recent call last):
    ...
    ValueError: player names must differ
    """
    if len({same_name(n) for n in names}) != len(names):
        raise ValueError("player names must differ")
    return names


def same_name(name: str) -> str:
    """``name`` as player names are compared: its Unicode NFC form (composed characters)."""
    return unicodedata.normalize("NFC", name)
