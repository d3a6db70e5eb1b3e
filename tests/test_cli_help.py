"""The top-level help (``--help``, ``-h``, no arguments) and ``--version`` as the installed script
and ``python -m printkit`` print them: typer's help, on the stream and with the exit code a user
expects, under the program name they typed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import printkit

COMMANDS = ["list", "make", "score", "scan", "schema", "solve", "simulate", "check", "rules", "examples", "serve", "layouts"]
SCRIPT = Path(sys.executable).with_name("printkit")


def _run(*args: str, script: bool = False) -> subprocess.CompletedProcess[str]:
    """``printkit ARGS`` (the console script beside this python) or ``python -m printkit ARGS``."""
    cmd = [str(SCRIPT), *args] if script else [sys.executable, "-m", "printkit", *args]
    return subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "COLUMNS": "80"}, timeout=60)


@pytest.mark.parametrize("args", [["--help"], ["-h"], []])
@pytest.mark.parametrize("script", [True, False])
def test_top_level_help(args: list[str], script: bool) -> None:
    """Help on stdout and exit 0; nothing given: the same help on stderr and exit 2 (a mistake)."""
    r = _run(*args, script=script)
    shown, other = (r.stdout, r.stderr) if args else (r.stderr, r.stdout)
    assert r.returncode == (0 if args else 2) and other == ""
    prog = "printkit" if script else "python -m printkit"
    assert shown.startswith(f"Usage: {prog} [OPTIONS] COMMAND [ARGS]...\n")
    assert "printkit make calibration" in shown and "--version" in shown and "-h, --help" in shown
    listed = [line.split()[0] for line in shown.split("Commands:\n")[1].splitlines() if line.startswith("  ")]
    assert listed == COMMANDS
    assert "Traceback" not in r.stderr


def test_version() -> None:
    r = _run("--version")
    assert (r.returncode, r.stdout, r.stderr) == (0, f"printkit {printkit.__version__}\n", "")


@pytest.mark.parametrize("args", [["make", "--help"], ["make", "-h"]])
def test_a_commands_help(args: list[str]) -> None:
    r = _run(*args)
    assert r.returncode == 0 and r.stdout.startswith("Usage: python -m printkit make [OPTIONS] ")
    assert "printkit make all --out kit/" in r.stdout
