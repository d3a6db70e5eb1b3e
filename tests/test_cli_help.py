"""Issue 16: ``printkit --help`` (``-h``, no arguments) and ``--version`` answered without typer
(printkit/cli_help.py) print the same bytes, on the same stream, with the same exit code, as the
typer app does."""

from __future__ import annotations

import functools
import subprocess
import sys

import pytest
import typer
from typer._click import Command

from printkit import cli, cli_help, cli_help_table
from printkit.commands import app, help_table
from tests.batchrun import run_each

PROGS = ["printkit", "python -m printkit", "printkit-with-a-name-long-enough-to-push-its-usage-to-a-new-line-x"]


@functools.lru_cache(maxsize=1)
def _typer_group() -> Command:
    """typer's click command for the app, built once (~7 ms a build): it reads COLUMNS when it
    formats the help, not when it is built, so one command renders every width."""
    return typer.main.get_command(app)


def _typer_help(prog: str) -> str:
    group = _typer_group()
    with group.make_context(prog, [], resilient_parsing=True) as ctx:
        return ctx.get_help()


def test_the_command_table_is_the_apps() -> None:
    """A command added or a help text changed without regenerating the table fails here."""
    table = {k: getattr(cli_help_table, k) for k in ("USAGE", "APP_HELP", "OPTIONS", "COMMANDS")}
    assert table == help_table(), "regenerate it: python3 -m printkit.commands --help-table"
    assert [name for name, _ in table["COMMANDS"]] == list(typer.main.get_command(app).commands)


@pytest.mark.parametrize("prog", PROGS)
def test_help_is_typers_for_every_width(prog: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every terminal width click tells apart (it formats to COLUMNS - 2, from 50 to 78), and
    beyond: the usage line, the wrapped help, the options and the commands cut to fit."""
    seen = set()
    for columns in [*range(1, 100), 150, 1000]:
        monkeypatch.setenv("COLUMNS", str(columns))
        fast = cli_help.render(prog, cli_help.help_width())
        assert fast == _typer_help(prog), columns
        seen.add(fast)
    assert len(seen) >= 20  # the widths did change the text (short helps cut at each width)


def test_short_help_cuts_as_click_does() -> None:
    from typer._click.utils import make_default_short_help

    texts = [text for _, text in cli_help_table.COMMANDS] + ["\b\nKept as written. Then more", "", "a " * 40,
                                                            "Word" * 30, "One. Two three"]
    for text in texts:
        for limit in range(1, 90):
            assert cli_help.short_help(text, limit) == make_default_short_help(text, limit), (text, limit)


FAST = """
import sys
from printkit import cli
sys.argv[0] = {argv0!r}
sys.argv[1:] = {args!r}
try:
    cli.main()
finally:
    print("typer imported:", "typer" in sys.modules, file=sys.stderr)
"""
TYPER = """
import sys
from printkit.commands import app
sys.argv[1:] = {args!r}
app(prog_name={prog!r})
"""


def _run(code: str | list[str], columns: str, **env: str) -> tuple[int, bytes, bytes]:
    """(exit code, stdout, stderr) of ``python -c CODE``, or of ``python -m printkit ARGS`` for a list."""
    import os

    cmd = [sys.executable, "-m", "printkit", *code] if isinstance(code, list) else [sys.executable, "-c", code]
    p = subprocess.run(cmd, capture_output=True, env={**os.environ, "COLUMNS": columns, **env})
    return p.returncode, p.stdout, p.stderr


SHORTCUTS = [["--help"], ["-h"], [], ["--version"]]
WIDTHS = ["60", "200"]


@functools.lru_cache(maxsize=1)
def _typer_runs() -> dict[tuple[tuple[str, ...], str, str], tuple[int, bytes, bytes]]:
    """What the typer app prints for every shortcut, width and program name (the reference side),
    all from ONE process (tests/batchrun.py; each run sees its own COLUMNS, which click reads
    when it formats): ~16 Python start-ups fewer. The side under test (printkit.cli, and
    ``python -m printkit``) still runs in a fresh process each."""
    import os

    cases = [(args, columns, prog) for args in SHORTCUTS for columns in WIDTHS
             for prog in ("printkit", "python -m printkit")]
    ran = run_each([TYPER.format(args=args, prog=prog) for args, _, prog in cases],
                   envs=[{**os.environ, "COLUMNS": columns} for _, columns, _ in cases])
    return {(tuple(args), columns, prog): r for (args, columns, prog), r in zip(cases, ran, strict=True)}


@pytest.mark.parametrize("args", SHORTCUTS)
@pytest.mark.parametrize("columns", WIDTHS)
def test_shortcuts_print_what_typer_prints(args: list[str], columns: str) -> None:
    """The installed script's name (``printkit``) and ``python -m printkit``: same bytes on the
    same streams, same exit code (help on stdout and 0; no arguments: help on stderr and 2)."""
    code, out, err = _run(FAST.format(argv0="/some/bin/printkit", args=args), columns)
    *err_lines, imported = err.decode().splitlines(keepends=True)
    assert imported.strip() == "typer imported: False"
    assert (code, out, "".join(err_lines).encode()) == _typer_runs()[tuple(args), columns, "printkit"]
    assert code == (2 if not args else 0) and (out or err).startswith(b"Usage: printkit [OPTIONS]" if
                                                                       args != ["--version"] else b"printkit 0.")
    as_module = _run(args, columns)
    assert as_module == _typer_runs()[tuple(args), columns, "python -m printkit"]
    assert args == ["--version"] or b"Usage: python -m printkit [OPTIONS]" in as_module[1] + as_module[2]


def test_help_with_anything_else_goes_through_typer() -> None:
    for args in (["--help", "make"], ["make", "--help"], ["-h", "-h"]):
        code, out, err = _run(FAST.format(argv0="printkit", args=args), "80")
        assert err.decode().splitlines()[-1] == "typer imported: True", args
        assert code == 0 and out.startswith(b"Usage: printkit "), args


def test_a_shell_asking_for_completions_is_answered_by_typer() -> None:
    """click's ``_PRINTKIT_COMPLETE`` variable: typer answers it, not the help shortcut."""
    env = {"_PRINTKIT_COMPLETE": "bash_source"}
    code, out, err = _run(FAST.format(argv0="printkit", args=["--help"]), "80", **env)
    assert err.decode().splitlines()[-1] == "typer imported: True"
    assert (code, out) == _run(TYPER.format(args=["--help"], prog="printkit"), "80", **env)[:2]


@pytest.mark.parametrize("message", ["plain", "Zoë wins ✓", "\033[31mred\033[0m and \033[1mbold", ""])
@pytest.mark.parametrize("err", [False, True])
def test_echo_writes_what_typers_echo_writes(message: str, err: bool, capfd: pytest.CaptureFixture) -> None:
    """Not a terminal here: both remove ANSI codes."""
    typer.echo(message, err=err)
    theirs = capfd.readouterr()
    cli.echo(message, err=err)
    assert capfd.readouterr() == theirs
    assert "\033" not in theirs.out + theirs.err and (theirs.err if err else theirs.out) != ""
