"""``printkit --help`` without importing typer: the same bytes typer (its copy of click) prints.

The top-level help is made from the command table in printkit/cli_help_table.py (the app's help
text, options and each command's help, generated from the typer app by
``python3 -m printkit.commands --help-table``) by a copy of the few click formatting rules it
uses: the width of the terminal (``COLUMNS``) less 2, between 50 and 78; text wrapped by click's
TextWrapper; the two-column lists of options and commands; each command's help cut to fit.
tests/test_cli_help.py checks it against typer's help, byte for byte, for every width and both
program names (``printkit``, ``python -m printkit``); a stale table fails that test.

The formatting functions follow click 8's ``formatting.py``, ``_textwrap.py`` and
``utils.py`` (BSD-3-Clause, Pallets), reduced to what this help needs: no ANSI codes (the
table has none; a test checks it), one level of sections.
"""

from __future__ import annotations

import os
import sys
import textwrap
from collections.abc import Sequence

from printkit.cli_help_table import APP_HELP, COMMANDS, OPTIONS, USAGE


class _Wrapper(textwrap.TextWrapper):
    """click's TextWrapper: a word longer than the line is cut where the line ends."""

    def _handle_long_word(self, reversed_chunks: list[str], cur_line: list[str], cur_len: int,
                          width: int) -> None:
        space_left = max(width - cur_len, 1)
        last = reversed_chunks[-1]
        cur_line.append(last[:space_left])
        reversed_chunks[-1] = last[space_left:]

    def indent_only(self, text: str) -> str:
        return "\n".join((self.initial_indent if i == 0 else self.subsequent_indent) + line
                         for i, line in enumerate(text.splitlines()))


def wrap_text(text: str, width: int, initial_indent: str = "", subsequent_indent: str = "",
              preserve_paragraphs: bool = False) -> str:
    """click's ``wrap_text``: paragraphs are separated by an empty line, and one whose first
    line is ``\\b`` is kept as written (indented, not rewrapped)."""
    text = text.expandtabs()
    wrapper = _Wrapper(width, initial_indent=initial_indent, subsequent_indent=subsequent_indent,
                       replace_whitespace=False)
    if not preserve_paragraphs:
        return wrapper.fill(text)
    paragraphs: list[tuple[int, bool, str]] = []
    buf: list[str] = []
    indent: int | None = None

    def flush() -> None:
        if buf:
            raw = buf[0].strip() == "\b"
            paragraphs.append((indent or 0, raw, "\n".join(buf[1:]) if raw else " ".join(buf)))
            buf.clear()

    for line in text.splitlines():
        if not line:
            flush()
            indent = None
        else:
            if indent is None:
                stripped = line.lstrip()
                indent = len(line) - len(stripped)
                line = stripped
            buf.append(line)
    flush()
    out = []
    for extra, raw, par in paragraphs:
        wrapper.initial_indent = initial_indent + " " * extra
        wrapper.subsequent_indent = subsequent_indent + " " * extra
        out.append(wrapper.indent_only(par) if raw else wrapper.fill(par))
    return "\n\n".join(out)


def short_help(help_text: str, max_length: int) -> str:
    """click's ``make_default_short_help``: the first sentence of the first paragraph, or as many
    of its words as fit ``max_length`` followed by ``...``."""
    end = help_text.find("\n\n")
    words = (help_text if end == -1 else help_text[:end]).split()
    if not words:
        return ""
    if words[0] == "\b":
        words = words[1:]
    total, last = 0, len(words) - 1
    for i, word in enumerate(words):
        total += len(word) + (i > 0)
        if total > max_length:
            break
        if word[-1] == ".":
            return " ".join(words[: i + 1])
        if total == max_length and i != last:
            break
    else:
        return " ".join(words)
    total += len("...")
    while i > 0:
        total -= len(words[i]) + (i > 0)
        if total <= max_length:
            break
        i -= 1
    return " ".join(words[:i]) + "..."


def _usage(prog: str, args: str, width: int) -> str:
    """click's ``HelpFormatter.write_usage`` at indent 0."""
    prefix = f"Usage: {prog} "
    if width >= len(prefix) + 20:
        return wrap_text(args, width, initial_indent=prefix, subsequent_indent=" " * len(prefix)) + "\n"
    indent = " " * (len("Usage: ") + 4)
    return prefix + "\n" + wrap_text(args, width, initial_indent=indent, subsequent_indent=indent) + "\n"


def _definitions(rows: Sequence[tuple[str, str]], width: int, indent: int = 2) -> str:
    """click's ``HelpFormatter.write_dl`` (column at most 30 wide, 2 spaces apart)."""
    first_col = min(max(len(first) for first, _ in rows), 30) + 2
    out = []
    for first, second in rows:
        out.append(" " * indent + first)
        if not second:
            out.append("\n")
            continue
        if len(first) <= first_col - 2:
            out.append(" " * (first_col - len(first)))
        else:
            out.append("\n" + " " * (first_col + indent))
        lines = wrap_text(second, max(width - first_col - 2, 10), preserve_paragraphs=True).splitlines()
        out.append(f"{lines[0]}\n" if lines else "\n")
        out += [" " * (first_col + indent) + line + "\n" for line in lines[1:]]
    return "".join(out)


def help_width() -> int:
    """The width click formats help to: the terminal's columns (``COLUMNS`` first) at most 80,
    less 2, and at least 50."""
    import shutil

    return max(min(shutil.get_terminal_size().columns, 80) - 2, 50)


def render(prog: str, width: int) -> str:
    """The top-level help, as typer's ``ctx.get_help()`` gives it (no final newline)."""
    limit = width - 6 - max(len(name) for name, _ in COMMANDS)
    commands = [(name, short_help(text, limit).strip()) for name, text in COMMANDS]
    parts = [_usage(prog, USAGE, width)]
    if APP_HELP:
        parts += ["\n", wrap_text(APP_HELP, width, "  ", "  ", preserve_paragraphs=True), "\n"]
    for heading, rows in (("Options", OPTIONS), ("Commands", commands)):
        if rows:
            parts += ["\n", f"{heading}:\n", _definitions(rows, width)]
    return "".join(parts).rstrip("\n")


def program_name() -> str:
    """The program's name as click derives it: ``python -m printkit`` when run with ``-m``,
    otherwise the file name of the script (``printkit``)."""
    main = sys.modules["__main__"]
    path = sys.argv[0]
    package = getattr(main, "__package__", None)
    if package in (None, "") or (os.name == "nt" and package == "" and not os.path.exists(path)
                                 and os.path.exists(f"{path}.exe")):
        return os.path.basename(path)
    name = os.path.splitext(os.path.basename(path))[0]
    module = package if name == "__main__" else f"{package}.{name}"
    return f"python -m {module.lstrip('.')}"


def completing(prog: str) -> bool:
    """Whether a shell is asking for completions (click's ``_PROG_COMPLETE`` variable is set)."""
    return bool(os.environ.get(f"_{prog}_COMPLETE".replace("-", "_").upper()))


def print_help(prog: str, on_stderr: bool = False) -> None:
    """Print the help and exit as typer does: on stdout with exit code 0 for ``--help``, on
    stderr with exit code 2 for no arguments at all."""
    from printkit.cli import echo

    echo(render(prog, help_width()), err=on_stderr)
    sys.exit(2 if on_stderr else 0)


def print_version() -> None:
    from printkit import __version__
    from printkit.cli import echo

    echo(f"printkit {__version__}")
    sys.exit(0)
