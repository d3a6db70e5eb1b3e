"""Running a printkit command in-process for the fuzz tests (issue 26), and the promise every
answer keeps.

:func:`answer` calls a command of printkit/commands.py as the ``printkit`` script does (under
its error guard, so a PrintkitError is printed as ``printkit: error: ...`` and ends in exit 2),
with stdout and stderr captured: much faster than a process, and the same code path.
:func:`assert_answered` holds the answer to the contract of issue 26:

- the exit code is 0, 1 or 2;
- exit 2 prints exactly one line on stderr, ``printkit: error: ...`` (after the warnings of the
  run, ``printkit: warning: ...``, if any: a font without a glyph for a character is one);
- stderr holds no control character;
- nothing prints a traceback or "internal error";
- the command took less than :data:`BUDGET` seconds of CPU time (CPU, not wall-clock time, so
  that a machine busy with other work does not fail the test; an input that makes printkit
  work for long takes its CPU time).

``PRINTKIT_DEBUG=1`` (the benchmarks set it) lets an internal error escape as the exception it
is, so that its traceback says where it comes from.
"""

from __future__ import annotations

import collections
import contextlib
import io
import time
import traceback
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import typer

#: What one fuzzed input may take, in seconds (the issue's budget).
BUDGET = 2.0


@dataclass
class Answer:
    exit_code: int
    stdout: str
    stderr: str
    #: CPU seconds the command took.
    seconds: float


def _stream(errors: str) -> io.TextIOWrapper:
    """A text stream as a process's stdout (``errors="strict"``) or stderr (``"backslashreplace"``)
    is in a UTF-8 locale: what cannot be written as UTF-8 fails as it would there."""
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors=errors, newline="\n", write_through=True)


def _text(stream: io.TextIOWrapper) -> str:
    return stream.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]


def answer(command: Callable[..., Any], *args: Any, **kwargs: Any) -> Answer:
    """What the command ``command`` (a function of printkit.commands) answers to ``args``."""
    out, err = _stream("strict"), _stream("backslashreplace")
    start = time.process_time()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            command(*args, **kwargs)
            code = 0
        except typer.Exit as e:
            code = e.exit_code
    return Answer(code, _text(out), _text(err), time.process_time() - start)


def control_characters(text: str) -> list[str]:
    """The control characters in ``text`` but its line ends: what could steer a terminal.

    >>> control_characters("ok\\n")
    []
    >>> control_characters("a\\x1b[31mb\\x00")
    ['\\x1b', '\\x00']
    """
    return [c for c in text if c != "\n" and unicodedata.category(c) == "Cc"]


def assert_answered(a: Answer, what: str = "") -> None:
    """``a`` keeps the promise of every answer (see the module's docstring)."""
    said = f"{what}exit {a.exit_code} in {a.seconds:.2f} s CPU\nstdout: {a.stdout[-1500:]}\nstderr: {a.stderr[-1500:]}"
    assert a.exit_code in (0, 1, 2), said
    assert "Traceback" not in a.stderr and "internal error" not in a.stderr, said
    if a.exit_code == 2:
        lines = [line for line in a.stderr.splitlines() if not line.startswith("printkit: warning: ")]
        assert len(lines) == 1 and lines[0].startswith("printkit: error: "), said
        assert a.stderr.endswith("\n"), said
    assert not control_characters(a.stderr), said
    assert a.seconds < BUDGET, said


def failure_key(e: BaseException) -> str:
    """What tells failures apart: the exception's type and where it was raised (an assertion of
    tests/fuzzing.py: its first words)."""
    if isinstance(e, AssertionError):
        return "AssertionError: " + " ".join(str(e).split()[:8])[:120]
    where = traceback.extract_tb(e.__traceback__)[-1]
    return f"{type(e).__name__} at {Path(where.filename).name}:{where.lineno}"


@dataclass
class Tally:
    """What a fuzz benchmark counts (benchmarks/fuzz_records.py, fuzz_layouts.py): the answers
    by exit code, each kind of failure once (how often, its first example, its message) and
    the slowest example's CPU seconds."""

    codes: collections.Counter = field(default_factory=collections.Counter)
    failures: dict[str, tuple[int, Any, str]] = field(default_factory=dict)
    slowest: float = 0.0

    def run(self, example: Any, answer: Callable[[], Any]) -> None:
        """Count ``answer()`` (an exit code) for ``example``, or the failure it raises."""
        begun = time.process_time()
        try:
            self.codes[answer()] += 1
        except Exception as e:  # noqa: BLE001 - counted and shown, not raised
            self.codes["failure"] += 1
            key = failure_key(e)
            seen, first, said = self.failures.get(key, (0, example, f"{type(e).__name__}: {e}"))
            self.failures[key] = (seen + 1, first, said)
        self.slowest = max(self.slowest, time.process_time() - begun)

    @property
    def failed(self) -> int:
        return self.codes["failure"]

    @property
    def examples(self) -> int:
        return sum(self.codes.values())

    def exits(self) -> dict:
        return {k: v for k, v in sorted(self.codes.items(), key=str) if k != "failure"}
