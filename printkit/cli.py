"""The ``printkit`` command's entry point (``printkit.cli:main``, and ``python -m printkit``): runs
the typer app of printkit/commands.py, which parses every command line."""

from __future__ import annotations

import os
import sys

from printkit.commands import app, output_failed, quiet_stdout


def main() -> None:
    """Entry point of the ``printkit`` script and ``python -m printkit``."""
    # pydantic looks for plugins by reading the metadata of every installed distribution the
    # first time a model is built (~7 ms of a `printkit score`); printkit uses none.
    # setdefault: a PYDANTIC_DISABLE_PLUGINS the user set (even empty: plugins on) is kept.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    # A file name that is not UTF-8 (``--out $'\xfe'``) is a str with surrogate escapes; printed
    # back, it is its own bytes, as Python does in the C locale (a text the output's encoding
    # cannot show is still refused, commands.output_failed). stderr keeps Python's
    # backslashreplace, which shows anything.
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="surrogateescape")
    try:
        app()
    except BrokenPipeError:  # output cut short while click wrote the help
        quiet_stdout()
        sys.exit(0)
    except (OSError, UnicodeEncodeError) as e:  # the help or the version on a full device
        if not output_failed(e):
            raise
        sys.exit(2)
