"""The ``printkit`` command's entry point (``printkit.cli:main``, and ``python -m printkit``).

It starts like a small tool (docs/performance.md): typer is imported only when a command needs
it. ``printkit --help`` (``-h``, or no arguments) prints the top-level help from the command
table in printkit/cli_help_table.py (printkit/cli_help.py), and ``--version`` the version; a
plain ``printkit score [--json] GAME FILE...`` runs :func:`score_files` here, and a plain
``printkit make TARGET [COMPONENT...] [OPTIONS]`` runs printkit.making.make_kit (_plain_make).
Every other command line goes to the typer app in printkit/commands.py, which prints and exits
exactly as these shortcuts do (tests compare both ways). Names the typer app module defines (``app``,
``SEED_MAX`` ...) are importable from here too.

Every error the user can cause ends as one line on stderr and exit code 2, never a traceback
(set ``PRINTKIT_DEBUG=1`` to see one for an internal error). SIGTERM and SIGHUP stop a run as
Ctrl-C does: files being written are removed, files already whole stay.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, TypeVar

from printkit.errors import PrintkitError

T = TypeVar("T")


class Stopped(KeyboardInterrupt):
    """A run stopped by a signal (SIGTERM, SIGHUP): unwinds like Ctrl-C, so that every file
    being written is removed."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


class Failed(Exception):
    """A command ended by an error whose one line :func:`guarded` has printed: exit with ``code``."""

    def __init__(self, code: int):
        super().__init__(code)
        self.code = code


#: The signal that stopped this run, once one has (see guarded: third-party code such as
#: reportlab's string escaping may turn the Stopped raised inside it into another error).
_stopped_by: list[int] = []


def _stop(signum, frame) -> None:
    _stopped_by.append(signum)
    raise Stopped(signum)


@contextlib.contextmanager
def _stopped_by_signals() -> Iterator[None]:
    """While a command runs, SIGTERM and SIGHUP raise Stopped (as SIGINT raises KeyboardInterrupt)."""
    old = {}
    for name in ("SIGTERM", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is not None:
            with contextlib.suppress(ValueError, OSError):  # not the main thread: leave it be
                old[sig] = signal.signal(sig, _stop)
    try:
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so that flushing it at exit raises nothing more."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except ValueError:  # closed
        return False


def _ascii(encoding: str | None) -> bool:
    import codecs

    try:
        return codecs.lookup(encoding or "ascii").name == "ascii"
    except LookupError:
        return False


def echo(message: str, err: bool = False) -> None:
    """``message`` and a newline on stdout (stderr with ``err``), flushed: what typer's (click's)
    ``echo`` writes for a text, without importing typer. As click does, ANSI escapes are removed
    when the stream is not a terminal, and a stream whose encoding is ASCII is written as UTF-8
    (undecodable characters replaced)."""
    stream = sys.stderr if err else sys.stdout
    if stream is None:  # no stream attached (pythonw)
        return
    text = message + "\n"
    if "\033" in text and not _isatty(stream):
        import re

        text = re.sub(r"\033\[[;?0-9]*[a-zA-Z]", "", text)
    binary = getattr(stream, "buffer", None)
    if binary is not None and _ascii(getattr(stream, "encoding", None)):
        stream.flush()
        binary.write(text.encode("utf-8", "replace"))
        binary.flush()
        return
    stream.write(text)
    stream.flush()


def guarded(func: Callable[..., T], *args: Any, let_through: tuple[type[BaseException], ...] = (),
            **kwargs: Any) -> T:
    """``func(*args, **kwargs)`` run as a command: SIGTERM and SIGHUP stop it as Ctrl-C does, and
    every error escaping it is printed as one line on stderr and raised as :class:`Failed` with
    its exit code (2; 128 + N for signal N; 0 for a closed stdout). Errors of the ``let_through``
    types (typer's own exits) pass as they are."""
    try:
        with _stopped_by_signals():
            try:
                return func(*args, **kwargs)
            except Exception:
                # A signal whose Stopped a library caught and turned into another error
                # (a bare except: ... raise ValueError) still stops the run as that signal.
                if _stopped_by:
                    raise Stopped(_stopped_by[0]) from None
                raise
    except PrintkitError as e:
        echo(f"printkit: error: {e}", err=True)
        raise Failed(2) from None
    except KeyboardInterrupt as e:
        signum = getattr(e, "signum", signal.SIGINT)
        echo("printkit: interrupted" if signum == signal.SIGINT
             else f"printkit: stopped by {signal.Signals(signum).name}", err=True)
        raise Failed(128 + signum) from None
    except let_through:
        raise
    except BrokenPipeError:  # `printkit list | head`: the reader has what it wanted
        _quiet_stdout()
        raise Failed(0) from None
    except Exception as e:  # noqa: BLE001 - the promise is: never a traceback
        if os.environ.get("PRINTKIT_DEBUG"):
            raise
        echo(f"printkit: internal error: {type(e).__name__}: {e} "
             "(set PRINTKIT_DEBUG=1 for details, and please report it)", err=True)
        raise Failed(2) from None


def _suggest(word: str, choices) -> str:
    """`` (did you mean 'gimbap'?)`` when ``word`` is close to one of ``choices``."""
    import difflib  # only when a name is wrong (start-up: docs/performance.md)

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _one_of(found: Mapping[str, T], game: str, what: str) -> T:
    """``found[game]``, or a PrintkitError naming the games that have one (and the closest)."""
    if game not in found:
        raise PrintkitError(f"no {what} for {game!r}{_suggest(game, found)}; "
                            f"games with one: {', '.join(found) or 'none yet'}")
    return found[game]


def _scorer(game: str):
    from printkit.core.registry import scorers

    return _one_of(scorers(), game, "scorer or record format")


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """No garbage collection while modules load, for a process that ends with the command
    (``_score_directly``): importing a game's modules, its compiled record validator (or, for a
    game not compiled, pydantic and its models: ~25,000 objects) make objects that live as long
    as the process, and the collector would walk them again and again (~8 ms of a ~110 ms
    ``printkit score`` that built pydantic models) to find no garbage. Once loaded they are
    frozen (``gc.freeze``: never collected), so that the first collection after does not walk
    them either (~3 ms). Not for a long-lived process (tests calling the commands): it would
    freeze whatever that process holds."""
    import gc

    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was:
            gc.enable()


def score_files(game: str, files: list[str], as_json: bool = False, as_record: str | None = None,
                loading: contextlib.AbstractContextManager[Any] | None = None) -> int:
    """``printkit score GAME FILE...``: the report printed; its exit code returned (0 legal,
    1 rules broken). Needs no typer: the plain command line runs it straight from :func:`main`.
    ``loading`` is entered while the game's modules and record reader load (see _collector_paused)."""
    with loading or contextlib.nullcontext():
        from printkit.core.records import read_record
        from printkit.core.registry import form_readers, record_models

        scorer = _scorer(game)
    if len(files) > 1 and not scorer.multi:
        raise PrintkitError(f"{game} scores one record at a time (the whole game is in one file)")
    pdfs = [f for f in files if f.lower().endswith(".pdf")]
    if as_record and not pdfs:
        raise PrintkitError("--as-record: give a filled PDF sheet to rebuild the record from")
    reader = _one_of(form_readers(), game, "reader of filled PDF sheets") if pdfs else None
    if reader is not None:  # PDF forms: pypdf and the form code load only for them
        from printkit.core.forms import finish_report, read_forms, write_records
        from printkit.core.pads import score_pad_file
    pad = score_pad_file(reader, files, as_record) if reader is not None else None
    if pad is not None:  # a filled score pad: checked as it stands (printkit.core.pads)
        echo(pad.dumps() if as_json else pad.human())
        return pad.exit_code
    others = record_models()  # the other games' record models load only to name a misfiled record
    forms, records = [], []
    for f in files:
        if reader is not None and f in pdfs:
            got = read_forms(reader, [f])
            forms += got
            records += [(r.file, r.record, r.fields) for r in got]
        else:
            records.append((f, *read_record(f, scorer.record, game, others)))
    if len(records) > 1 and not scorer.multi:
        raise PrintkitError(f"{game} scores one record at a time (the whole game is in one file)")
    report = scorer.run(records)
    if reader is not None:
        report = finish_report(report, reader, forms)
    if as_record:
        write_records(as_record, forms)
    echo(report.dumps() if as_json else report.human())
    return report.exit_code


def _plain_score(args: list[str]) -> tuple[str, list[str], bool] | None:
    """(game, files, --json given) for ``score GAME FILE...`` whose only option is ``--json``
    (anywhere, as click reads a flag), nothing else starting with ``-`` (no ``--help``,
    ``--as-record``, ``--`` or ``-`` for standard input); None for any other command line."""
    if not args or args[0] != "score":
        return None
    words = [a for a in args[1:] if a != "--json"]
    if len(words) < 2 or any(w.startswith("-") for w in words):
        return None
    return words[0], words[1:], len(words) < len(args) - 1


def _score_directly(game: str, files: list[str], as_json: bool) -> None:
    """Run ``printkit score [--json] GAME FILE...`` without importing typer (~20 ms) or building
    its commands and pydantic parameter adapters: the same function, output and exit code as
    the typer command (tests/test_lazy_games.py compares the two ways)."""
    try:
        code = guarded(score_files, game, files, as_json, loading=_collector_paused())
    except Failed as e:
        code = e.code
    sys.exit(code)


def _list_directly(show_settings: bool) -> None:
    """Run ``printkit list [--settings]`` without importing typer (~20 ms) or building its
    commands: the same lines (printkit/listing.py), streams and exit code as the typer command
    (tests/test_list_fast.py compares the two ways)."""
    from printkit.listing import listing

    def run() -> None:
        for line in listing(show_settings):
            echo(line)

    try:
        guarded(run)
        code = 0
    except Failed as e:
        code = e.code
    sys.exit(code)


#: make's options that take a value (the next word, or after ``=``), each with the parameter
#: of printkit.making.make_kit it sets; --set may be given again and again.
_MAKE_VALUES = {"--seed": "seed", "--count": "count", "--paper": "paper", "--format": "fmt", "--out": "out",
                "--bleed": "bleed", "--duplex-offset": "duplex_offset", "--set": "settings",
                "--hex-size": "hex_size"}
#: make's flags, each with the parameter it sets and to what.
_MAKE_FLAGS = {"--bw": ("bw", True), "--crop-marks": ("crop_marks", True),
               "--no-crop-marks": ("crop_marks", False), "--fillable": ("fillable", True)}


def _plain_seed(text: str) -> int | None:
    """--seed's value as typer reads it (pydantic's lax int), for plain digits only: typer also
    takes " 7", "+7", "1_000" or "7.0", and refuses others with its own message; those go to it."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 30 else None


def _plain_bleed(text: str) -> float | None:
    """--bleed's value as typer reads it (pydantic's lax float: the correctly rounded double, as
    ``float`` gives), for plain decimals only (``3``, ``2.5``); "nan", "1e3", ".5" or "1_0" go to typer."""
    whole, dot, part = text.partition(".")
    plain = whole.isascii() and whole.isdigit() and len(whole) <= 6
    if dot:
        plain = plain and part.isascii() and part.isdigit() and len(part) <= 12
    return float(text) if plain else None


#: How _plain_make converts a value typer does not take as the text itself.
_MAKE_CONVERT: dict[str, Callable[[str], Any]] = {"seed": _plain_seed, "bleed": _plain_bleed}


def _plain_option(word: str, words: Iterator[str], found: dict[str, Any]) -> bool:
    """Read one of make's options (``word``, its value from ``words`` when not after ``=``) into
    ``found``; False when click's parser is needed: an unknown option, a flag given a value, a
    missing value, a value typer converts another way, or an option given twice (click keeps
    the last; this leaves that to it)."""
    name, eq, value = word.partition("=")
    if name in _MAKE_FLAGS and not eq:
        parameter, flag = _MAKE_FLAGS[name]
        if parameter in found:
            return False
        found[parameter] = flag
        return True
    key = _MAKE_VALUES.get(name)
    if key is None or (key in found and key != "settings"):
        return False
    if not eq:
        following = next(words, None)  # click takes the next word whatever it is, "-x" too
        if following is None:
            return False
        value = following
    if key == "settings":
        found.setdefault(key, []).append(value)
        return True
    converted = _MAKE_CONVERT.get(key, str)(value)
    if converted is None:
        return False
    found[key] = Path(converted) if key == "out" else converted
    return True


def _plain_make(args: list[str]) -> dict[str, Any] | None:
    """printkit.making.make_kit's arguments for a ``make`` command line click's parser is not
    needed for: a target, component names and only make's own options (see _plain_option),
    each value converted as typer converts it. None for any other command line (``--help``,
    ``-h``, ``--``, a lone ``-``, an option not make's, a number typer reads its own way, a shell
    asking for completions ...): typer parses those as it always has."""
    if len(args) < 2 or args[0] != "make" or any(k[:1] == "_" and k.endswith("_COMPLETE") for k in os.environ):
        return None
    try:
        "".join(args).encode("utf-8")  # an undecodable byte in a word (surrogate escapes): typer's way
    except UnicodeEncodeError:
        return None
    found: dict[str, Any] = {}
    positional: list[str] = []
    words = iter(args[1:])
    for word in words:
        if not word.startswith("-"):
            positional.append(word)
        elif not _plain_option(word, words, found):
            return None
    if not positional:
        return None
    return {"target": positional[0], "components": positional[1:], **found}


def _settled() -> None:
    """For a process that ends with its command (``_make_directly``), before each component is
    made: what is alive then lives as long as the process (modules, classes, the registry, the
    games' content, and the layouts, fonts and memos the components before loaded), so, once
    the young garbage is collected, it is frozen (``gc.freeze``: never collected again). The
    full collections while pages are made then walk only what the component makes, not
    everything loaded so far: ``make all`` 1.504x -> 1.426x the floor (docs/performance.md;
    peak memory the same, ~53 MB). Not for a long-lived process (tests calling make_kit): it
    would freeze whatever that process holds."""
    import gc

    gc.collect(1)
    gc.freeze()


def _make_directly(arguments: dict[str, Any]) -> None:
    """Run a plain ``printkit make`` (see _plain_make) without importing typer (~20 ms) or the
    pydantic adapters it builds for each parameter (~40 ms): the same function, files, output
    and exit code as the typer command (tests/test_make_fast.py compares the two ways)."""
    from printkit.making import make_kit

    try:
        guarded(make_kit, **arguments, settle=_settled)
        code = 0
    except Failed as e:
        code = e.code
    sys.exit(code)


#: The ``list`` command lines run without typer (any other option goes to typer's parser).
_LISTS = (["list"], ["list", "--settings"])


def _shortcut(args: list[str]) -> Callable[[], None] | None:
    """What to run without typer for the command line ``args``, if it is one of the top-level
    help (``--help``, ``-h``, nothing), ``--version``, ``list`` or ``list --settings``; None
    for everything else."""
    listing = args in _LISTS
    if not listing and (len(args) > 1 or (args and args[0] not in ("--help", "-h", "--version"))):
        return None
    from printkit import cli_help

    prog = cli_help.program_name()
    if cli_help.completing(prog):  # a shell asking for completions: typer answers that
        return None
    if listing:
        return lambda: _list_directly(show_settings=len(args) == 2)
    if args == ["--version"]:
        return cli_help.print_version
    return lambda: cli_help.print_help(prog, on_stderr=not args)


def main() -> None:
    """Entry point of the ``printkit`` script and ``python -m printkit``."""
    # pydantic looks for plugins by reading the metadata of every installed distribution the
    # first time a model is built (~7 ms of a ~150 ms `printkit score`); printkit uses none.
    # setdefault: a PYDANTIC_DISABLE_PLUGINS the user set (even empty: plugins on) is kept.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    try:
        args = sys.argv[1:]
        shortcut = _shortcut(args)
        if shortcut is not None:
            shortcut()
        plain = _plain_score(args)
        if plain:
            _score_directly(*plain)
        making = _plain_make(args)
        if making is not None:
            _make_directly(making)
        from printkit.commands import app

        app()
    except BrokenPipeError:  # output cut short while Click wrote help or a listing
        _quiet_stdout()
        sys.exit(0)


def __getattr__(name: str) -> Any:
    """The typer app's names (``app``, ``SEED_MAX``, ``make`` ...) from printkit/commands.py,
    imported on first use, so that ``from printkit.cli import app`` still works."""
    if name.startswith("__"):
        raise AttributeError(name)
    from printkit import commands

    try:
        return getattr(commands, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
