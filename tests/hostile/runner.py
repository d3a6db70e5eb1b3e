"""The hostile-input corpus (issue 26): each case is a command line with the files, environment
and standard streams it is given, and the answer printkit owes it: the exit code and the class of
its one-line message.

A case module is ``tests/hostile/test_AREA.py``; it defines ``CASES`` (a list of :class:`Case`)
and runs them with::

    @pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
    def test_case(case, tmp_path):
        run_case(case, tmp_path)

What every case is held to, whatever it checks besides:

- the exit code is the one expected: 2 for input printkit cannot use, 1 for a record that
  breaks a rule, 0 for input that is fine;
- exit 2 prints exactly one line on stderr, ``printkit: error: ...``, never "internal error",
  never a traceback, and it matches ``message`` (a regular expression, searched);
- exit 1 prints each violation on stdout, and ``message`` is searched there;
- a case that fails (exit 1 or 2) leaves no new file in its folder: nothing half-written (the
  cache folder ``cache/`` excepted);
- a case run as a process (``process=True``) is stopped after :data:`HANG` seconds and fails as
  a hang. Every case that ever hung, or that needs the real process (its environment read at
  start, stdout on /dev/full, stdin closed), runs as a process; the others run in-process with
  typer's CliRunner, which is much faster. ``benchmarks/hostile_sweep.py`` runs every case as a
  process and reports its seconds (the issue's budget: 2 s).

In ``argv``, ``env`` values and ``files`` names, ``{tmp}`` is the case's own folder (the current
directory of a process case). ``files`` maps a path under it to its bytes (or text, written as
UTF-8); ``setup(folder)`` makes whatever files cannot say (FIFOs, symlinks, modes, a cache).
``check(folder, result)`` checks more (an earlier file kept, what a record says).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

#: A process case still running after this many seconds is a hang (the budget is 2 s; the
#: margin is for a loaded 2-core CI machine).
HANG = 30.0


@dataclass
class Result:
    """What a case's run gave."""

    exit_code: int
    stdout: str
    stderr: str


@dataclass
class Case:
    id: str
    argv: list[str]
    exit: int
    #: A regular expression searched in the error line (exit 2) or in stdout (exit 0 and 1).
    message: str = ""
    files: dict[str, bytes | str] = field(default_factory=dict)
    env: dict[str, str] = field(default_factory=dict)
    stdin: bytes | Literal["closed"] | None = None
    #: Where a process case's stdout goes instead of a pipe (such as "/dev/full").
    stdout_to: str | None = None
    process: bool = False
    setup: Callable[[Path], None] | None = None
    check: Callable[[Path, Result], None] | None = None

    def __post_init__(self) -> None:
        if self.stdin == "closed" or self.stdout_to or any(
                k in self.env for k in ("PYTHONIOENCODING", "PYTHONHASHSEED", "LANG", "LC_ALL")):
            self.process = True


def _fill(text: str, folder: Path) -> str:
    return text.replace("{tmp}", str(folder))


def prepare(case: Case, folder: Path) -> None:
    """Write the case's files and run its setup in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in case.files.items():
        path = folder / _fill(name, folder)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data)
    if case.setup is not None:
        case.setup(folder)


def execute(case: Case, folder: Path, *, process: bool | None = None, timeout: float = HANG) -> Result:
    """Run the case's command in ``folder`` (already prepared), in-process unless it must be
    (or ``process`` says) a process. A process that outlives ``timeout`` raises TimeoutError."""
    argv = [_fill(a, folder) for a in case.argv]
    env = {k: _fill(v, folder) for k, v in case.env.items()}
    if process is None:
        process = case.process
    if not process:
        from typer.testing import CliRunner

        from printkit.cli import app

        old = Path.cwd()
        os.chdir(folder)
        try:
            r = CliRunner().invoke(app, argv, env=env or None,
                                   input=case.stdin if isinstance(case.stdin, bytes) else None)
        finally:
            os.chdir(old)
        return Result(r.exit_code, r.stdout, r.stderr)
    full_env = {**os.environ, **env}
    # Bytes go in through ``input`` (subprocess.run makes the pipe itself); no stdin reads
    # /dev/null; a closed stdin is the shell's doing (below).
    stdin: int | None = subprocess.DEVNULL if case.stdin is None else None
    out = open(case.stdout_to, "wb") if case.stdout_to else None  # noqa: SIM115
    try:
        cmd = [sys.executable, "-m", "printkit", *argv]
        if case.stdin == "closed":
            # A shell closes the child's stdin (`printkit ... <&-`): Popen cannot say "closed".
            cmd = ["sh", "-c", 'exec "$@" <&-', "sh", *cmd]
        p = subprocess.run(cmd, cwd=folder, env=full_env, stdin=stdin,
                           input=case.stdin if isinstance(case.stdin, bytes) else None,
                           stdout=out if out else subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout)
    except subprocess.TimeoutExpired as e:
        raise TimeoutError(f"{case.id}: still running after {timeout:.0f} s (a hang)") from e
    finally:
        if out:
            out.close()
    return Result(p.returncode, (p.stdout or b"").decode("utf-8", "replace"),
                  p.stderr.decode("utf-8", "replace"))


def listing(folder: Path) -> set[str]:
    """Every path under ``folder`` but the cache folder's, to see what a case wrote."""
    return {str(p.relative_to(folder)) for p in folder.rglob("*")
            if p.relative_to(folder).parts[0] != "cache"}


def judge(case: Case, folder: Path, before: set[str], r: Result) -> None:
    """Hold the result ``r`` of ``case`` run in ``folder`` (whose :func:`listing` was ``before``)
    to what the case is owed (see the module's docstring): AssertionError if it is not."""
    said = f"{case.id}: exit {r.exit_code}\nstdout: {r.stdout[-2000:]}\nstderr: {r.stderr[-2000:]}"
    assert r.exit_code == case.exit, said
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr, said
    if case.exit == 2:
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("printkit: error: "), said
        assert re.search(case.message, lines[0]), f"{said}\nexpected: {case.message}"
    elif case.message:
        assert re.search(case.message, r.stdout), f"{said}\nexpected: {case.message}"
    if case.exit != 0:
        new = sorted(listing(folder) - before)
        assert not new, f"{said}\nwritten though it failed: {new}"
    if case.check is not None:
        case.check(folder, r)


def run_case(case: Case, folder: Path) -> Result:
    """Prepare, run and judge one case (see the module's docstring)."""
    prepare(case, folder)
    before = listing(folder)
    r = execute(case, folder)
    judge(case, folder, before, r)
    return r
