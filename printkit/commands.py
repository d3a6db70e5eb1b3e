"""The ``printkit`` command line: a typer app that parses every command line, calls the core and
the games, prints. printkit/cli.py's ``main`` runs it; ``make``'s work is in printkit/making.py
and ``list``'s lines in printkit/listing.py. Drawing, fonts, layouts and pydantic models are
imported by the commands that use them, so that ``--help`` and ``score`` start as a small tool.

Every error the user can cause ends as one line on stderr and exit code 2, never a traceback
(:func:`guarded`; set ``PRINTKIT_DEBUG=1`` to see one for an internal error). SIGTERM and SIGHUP
stop a run as Ctrl-C does: files being written are removed, files already whole stay.
"""

# No `from __future__ import annotations`: typer reads the commands' annotations as objects, not
# strings it must evaluate (~5 ms of every start).
import contextlib
import errno
import functools
import os
import signal
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from typer.core import TyperGroup

try:  # typer 0.2x carries its own copy of click
    from typer._click import exceptions as _click_errors
except ImportError:  # pragma: no cover - typer on the click package
    from click import exceptions as _click_errors  # type: ignore[no-redef]
UsageError, ClickException = _click_errors.UsageError, _click_errors.ClickException
#: Click 8.2's "no arguments: show the help" (nothing to catch before it).
NoArgsIsHelpError = getattr(_click_errors, "NoArgsIsHelpError", ())

from printkit import __version__
from printkit.errors import PrintkitError
from printkit.making import SEED_MAX, check_seed, make_kit, one_of, suggest

T = TypeVar("T")

#: ``simulate`` plays at most this many games in one run (--games x --seeds): minutes, not days.
MAX_SIMULATED = 100_000


class Stopped(KeyboardInterrupt):
    """A run stopped by a signal (SIGTERM, SIGHUP): unwinds like Ctrl-C, so that every file
    being written is removed."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


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


def quiet_stdout() -> None:
    """Point stdout at /dev/null, so that flushing it at exit raises nothing more."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def said(message: object) -> str:
    r"""``message`` as the one line an error prints after ``printkit: error:``: its control
    characters escaped (a file name with a newline cannot start a second line) and, past
    :data:`~printkit.core.limits.MAX_SHOWN` characters (a 100 KB argument quoted back), its
    middle left out.

    >>> said("no file 'a\nb'")
    "no file 'a\\nb'"
    >>> short = said("'" + "x" * 5000 + "' (see --help)"); len(short), short[495:548]
    (1037, 'xxxxx ... (4,015 characters left out) ... xxxxxxxxxxx')
    """
    from printkit.core.limits import MAX_SHOWN
    from printkit.core.score import printable

    text = printable(str(message))
    if len(text) <= MAX_SHOWN:
        return text
    keep = MAX_SHOWN // 2
    return f"{text[:keep]} ... ({len(text) - 2 * keep:,} characters left out) ... {text[-keep:]}"


def guarded(func: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``func(*args, **kwargs)`` run as a command: SIGTERM and SIGHUP stop it as Ctrl-C does, and
    every error escaping it is printed as one line on stderr and ends the command with its exit
    code (``typer.Exit``: 2; 128 + N for signal N; 0 for a closed stdout). typer's own exits
    pass as they are."""
    try:
        with _stopped_by_signals():
            try:
                return func(*args, **kwargs)
            except Exception as e:
                # A signal whose Stopped a library caught and turned into another error
                # (a bare except: ... raise ValueError) still stops the run as that signal.
                if _stopped_by:
                    raise Stopped(_stopped_by[0]) from None
                if output_failed(e):  # standard output failing: its one line said
                    raise typer.Exit(2) from None
                raise
    except PrintkitError as e:
        typer.echo(f"printkit: error: {said(e)}", err=True)
        raise typer.Exit(2) from None
    except KeyboardInterrupt as e:
        signum = getattr(e, "signum", signal.SIGINT)
        typer.echo("printkit: interrupted" if signum == signal.SIGINT
                   else f"printkit: stopped by {signal.Signals(signum).name}", err=True)
        raise typer.Exit(128 + signum) from None
    except (typer.Exit, typer.Abort):
        raise
    except BrokenPipeError:  # `printkit list | head`: the reader has what it wanted
        quiet_stdout()
        raise typer.Exit(0) from None
    except Exception as e:  # noqa: BLE001 - the promise is: never a traceback
        if os.environ.get("PRINTKIT_DEBUG"):
            raise
        stale = _stale_copy(e)
        if stale:
            typer.echo(f"printkit: error: {said(stale)}", err=True)
            raise typer.Exit(2) from None
        typer.echo(f"printkit: internal error: {said(f'{type(e).__name__}: {e}')} "
                   "(set PRINTKIT_DEBUG=1 for details, and please report it)", err=True)
        raise typer.Exit(2) from None


def _stale_copy(e: Exception) -> str | None:
    """For a KeyError while the layouts come from PRINTKIT_LAYOUTS: the line naming the copied
    layout that lacks the data key (one made by an older printkit), if that is why."""
    if not isinstance(e, KeyError) or not e.args or not os.environ.get("PRINTKIT_LAYOUTS"):
        return None
    from printkit.core.layout.load import stale_copy

    try:
        return stale_copy(e.args[0])
    except Exception:  # noqa: BLE001 - looking for the reason must not hide the error itself
        return None


def friendly(func):
    """A command run under :func:`guarded`."""

    @functools.wraps(func)
    def run(*args, **kwargs):
        return guarded(func, *args, **kwargs)

    return run


#: What a write to standard output fails with when it cannot take the bytes (``> /dev/full``, a
#: full disk or quota, a file over ``ulimit -f``, an I/O error).
_OUTPUT_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})


def output_failed(e: BaseException) -> bool:
    """When ``e`` is standard output failing, print the one line that says so (stdout then
    quieted, so that Python's flush at exit says nothing more) and give True. Such an error
    names no file (every file printkit opens is named in its errors, printkit/core/output.py);
    a text the output's encoding cannot show (``PYTHONIOENCODING=latin-1``) is one too."""
    if isinstance(e, UnicodeEncodeError) and _same_codec(e.encoding, getattr(sys.stdout, "encoding", "")):
        shown = e.object[e.start:e.end][:20]
        problem = (f"the output has {shown!r}, which {e.encoding} cannot show; "
                   "set PYTHONIOENCODING=utf-8 (or a UTF-8 locale)")
    elif isinstance(e, OSError) and e.errno in _OUTPUT_ERRNOS and e.filename is None:
        problem = f"cannot write the output: {e.strerror}"
    else:
        return False
    quiet_stdout()
    typer.echo(f"printkit: error: {problem}", err=True)
    return True


def _same_codec(a: str, b: str) -> bool:
    import codecs

    try:
        return codecs.lookup(a).name == codecs.lookup(b).name
    except LookupError:
        return False


def _whole(text: str | int) -> int:
    """The parser of whole-number options (--seed, --games ...): the digits 0-9 only
    (printkit.core.registry.whole_number); the default comes as it is."""
    from printkit.core.registry import whole_number

    return text if isinstance(text, int) else _option_value(whole_number, text)


def _port(text: str | int) -> int:
    """--port: a whole number from 0 to 65535."""
    port = _whole(text)
    if not 0 <= port <= 65535:
        raise typer.BadParameter(f"a port is 0 to 65535, got {port}")
    return port


def _decimal(text: str | float) -> float:
    """The parser of decimal options (--bleed): the digits 0-9 and one ``.`` at most."""
    from printkit.core.registry import decimal_number

    return text if isinstance(text, float) else _option_value(decimal_number, text)


def _option_value(parse: Callable[[str], T], text: str) -> T:
    try:
        return parse(text)
    except ValueError as e:  # click's usage error: one line naming the option (_OneLineErrors)
        raise typer.BadParameter(str(e)) from None


def _one_of(found: Mapping[str, T], game: str, what: str) -> T:
    """``found[game]``, or a PrintkitError naming the games that have one (and the closest)."""
    if game not in found:
        raise PrintkitError(f"no {what} for {game!r}{suggest(game, found)}; "
                            f"games with one: {', '.join(found) or 'none yet'}")
    return found[game]


def _scorer(game: str):
    from printkit.core.registry import scorers

    return _one_of(scorers(), game, "scorer or record format")


class _OneLineErrors(TyperGroup):
    """Click's usage errors (an unknown option, a missing argument, a number that is not one) as
    one line on stderr with exit code 2, like every other mistake, instead of usage + hint + error."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True, windows_expand_args: bool = True,
             **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        try:
            if args is not None and any("\0" in a for a in args):  # only in-process: no command line holds one
                raise UsageError("an argument holds a NUL byte")
            code = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except NoArgsIsHelpError as e:
            e.show()  # 'printkit' or 'printkit make' alone: the help, as before
            sys.exit(e.exit_code)
        except UsageError as e:
            where = e.ctx.command_path if e.ctx is not None else "printkit"
            message = said(e.format_message().rstrip("."))
            typer.echo(f"printkit: error: {message[:1].lower() + message[1:]} (see '{where} --help')", err=True)
            sys.exit(2)
        except ClickException as e:
            typer.echo(f"printkit: error: {said(e.format_message())}", err=True)
            sys.exit(e.exit_code)
        except typer.Abort:
            typer.echo("printkit: aborted", err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(
    name="printkit",
    cls=_OneLineErrors,
    help="Print-and-play kits for five board games, and score checkers for their games.\n\n"
         "Start with:  printkit make calibration   (print it at 100% and measure it)",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"printkit {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Show the version and exit.")] = False,
) -> None:
    pass


@app.command("list")
@friendly
def list_cmd(
    show_settings: Annotated[bool, typer.Option("--settings", help="Also list each component's --set settings.")] = False,
    bleed: Annotated[float, typer.Option(parser=_decimal, help="Count pages as 'make --bleed MM' makes them (bleed costs cards a sheet).")] = 0.0,
    crop_marks: Annotated[bool, typer.Option("--crop-marks/--no-crop-marks",
                                             help="Count pages as made with or without crop marks.")] = True,
    presets: Annotated[bool, typer.Option("--presets", help="List the print shops' presets of "
                                                            "'make --format cards' instead.")] = False,
    fmt: Annotated[str, typer.Option("--format", help="pdf (the pages, the default), cards or tts: what "
                                                     "each component becomes for a print shop or in Tabletop "
                                                     "Simulator, or why it is not made.")] = "pdf",
) -> None:
    """List every game and component that can be made, with page counts, sheets of paper and
    paper sizes (for the --bleed and --crop-marks given, as 'make' would make them), and the
    totals of 'make all'. A document printed double-sided (its PDF asks for duplex, flip on the
    long edge) takes one sheet for two pages; any other page is one sheet.

    \b
    Examples:
      printkit list --settings
      printkit list --bleed 3
      printkit list --presets
      printkit list --format cards
      printkit list --format tts
    """
    if presets:
        from printkit.core.export.cards import preset_lines

        for line in preset_lines():
            typer.echo(line)
        return
    from printkit.listing import cards_listing, listing, tts_listing
    from printkit.making import one_of

    fmt = one_of("--format", fmt, ("pdf", "cards", "tts"), "pdf, cards or tts")
    lines = tts_listing() if fmt == "tts" else cards_listing() if fmt == "cards" else \
        listing(show_settings, bleed, crop_marks)
    for line in lines:
        typer.echo(line)


@app.command()
@friendly
def make(
    target: Annotated[str, typer.Argument(help="A game (see 'printkit list'), or 'all'.")],
    components: Annotated[list[str] | None, typer.Argument(
        help="Components of the game to make; all of them if none are named.")] = None,
    seed: Annotated[int | None, typer.Option(parser=_whole,
        help=f"Seed for randomised components, 0 to {SEED_MAX} (2**63 - 1); the same seed gives "
             "the same sheet. Chosen at random (and printed) if omitted.")] = None,
    count: Annotated[str | None, typer.Option(
        "--count", help="How many sheets, for consecutive seeds from --seed, in one file "
                        "(Roll n Cook sheets). Same as --set count=N.")] = None,
    paper: Annotated[str, typer.Option(help="Paper size: a4 or letter.")] = "a4",
    fmt: Annotated[str, typer.Option("--format", help="pdf, svg (one file per page), both, json "
                                                     "(the contents, for components that have one), png "
                                                     "(a 100 dpi image a page and one contact sheet of them all, "
                                                     "to look at before printing), cards (a PNG per card face "
                                                     "and back, tile and token, with a manifest.csv, for a print "
                                                     "shop: docs/print-shops.md), or tts (a Tabletop Simulator "
                                                     "saved object and its images, in OUT/GAME-tts.../; "
                                                     "docs/tabletop-simulator.md).")] = "pdf",
    out: Annotated[Path, typer.Option(help="Folder to write into.")] = Path("output"),
    bw: Annotated[bool, typer.Option("--bw", help="Low-ink black-and-white version.")] = False,
    bleed: Annotated[float | None, typer.Option(parser=_decimal, help="Bleed around cards and tiles, in mm (0-10); "
                                                                      "default 0, and 3 for --format cards.")] = None,
    crop_marks: Annotated[bool, typer.Option("--crop-marks/--no-crop-marks",
                                             help="Crop marks outside the trim.")] = True,
    duplex_offset: Annotated[str, typer.Option(
        help="X,Y in mm: shifts back pages to correct a printer's duplex drift "
             "(measure it with 'printkit make calibration duplex').")] = "0,0",
    settings: Annotated[list[str] | None, typer.Option(
        "--set", help="NAME=VALUE: a component's own setting, such as edge=28mm for "
                      "dice (see 'printkit list --settings').")] = None,
    hex_size: Annotated[str | None, typer.Option(
        "--hex-size", help="Hex cells' size across flats, for components drawn on a hex grid "
                           "(see 'printkit list --settings'). Same as --set hex-size=.")] = None,
    fillable: Annotated[bool, typer.Option(
        "--fillable", help="PDF form fields over every mark, to fill in on a tablet and score with "
                           "'printkit score GAME FILE.pdf' (Roll n Cook sheets, score pads). Same as --set fillable=yes.")] = False,
    cmyk: Annotated[bool, typer.Option(
        "--cmyk", help="For a print shop: a PDF/X-1a file, colours in CMYK, black text and lines in "
                       "black ink only and overprinting; printing condition FOGRA39 on A4, CGATS TR 006 "
                       "on Letter (PDF only; not with --fillable).")] = False,
    dpi: Annotated[int | None, typer.Option(parser=_whole, help="--format cards: pixels per inch, 72 to 1200 "
                                                                "(default 300).")] = None,
    preset: Annotated[str | None, typer.Option(
        help="--format cards: a print shop's template for poker cards (sizes, never the art): "
             "mpc-poker (MakePlayingCards, 822 x 1122 px at 300 dpi) or tgc-poker (The Game Crafter, "
             "825 x 1125 px at 300 dpi); no --dpi or --bleed with it.")] = None,
    base_url: Annotated[str | None, typer.Option(
        "--base-url", help="--format tts: the web address the images will be at (https://...); the "
                           "saved object's image URLs are it plus each file's name. Default: the "
                           "folder's own file:/// address.")] = None,
) -> None:
    """Make print-and-play files and print the paths written.

    File names say what is in them: GAME-COMPONENT[-seedN]-PAPER[-bw][-cmyk], then every option
    and setting not at its default (-bleed3, -nocrop, -duplex0.5,-1, -count30, -edge28 ...).
    A component printed on another's sheets (Jubako's tokens, under the tiles; Gimbap's tokens,
    under the lessons) is made once, there, by 'make all' and 'make GAME'; name it to
    make it alone.

    \b
    Examples:
      printkit make calibration
      printkit make calibration page --paper letter --format both --bw
      printkit make all --out kit/
      printkit make rollncook --seed 100 --count 30
      printkit make gimbap dice --set edge=28mm
      printkit make gemblo board --hex-size 18mm --set coords=yes
      printkit make all --format png --bw      # page images + kit-contact-sheet-seedN-a4-bw.png
      printkit make trickdumpling --bleed 3 --cmyk   # for a print shop: PDF/X-1a, CMYK, black overprints
      printkit make trickdumpling --format cards --preset mpc-poker   # PNGs + manifest.csv for a print shop
      printkit make trickdumpling --format tts # output/trickdumpling-tts/trickdumpling.json + images
      printkit make rollncook --format tts --seed 7 --count 4 --base-url https://example.org/rnc/
    """
    make_kit(target, components, seed, count, paper, fmt, out, bw, bleed, crop_marks, duplex_offset,
             settings, hex_size, fillable, cmyk, dpi, preset, base_url)


@app.command()
@friendly
def score(
    game: Annotated[str, typer.Argument(help="The game the record is of.")],
    files: Annotated[list[str], typer.Argument(help="Record files (YAML or JSON); - reads standard input; "
                                                    "a .pdf file is a filled-in fillable sheet or score pad; "
                                                    "a game of one record a player also reads several in one "
                                                    "file ('---' between them, or a JSON array).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    as_record: Annotated[str | None, typer.Option(
        "--as-record", help="Write the record rebuilt from filled PDF sheets to this file (YAML, or "
                            "JSON if it ends in .json; several sheets: NAME-1, NAME-2 ...).")] = None,
) -> None:
    """Replay a game record against the rules: every violation, the totals and the ranking.

    Exit code 0: legal; 1: rules broken (each listed); 2: the file cannot be read.

    \b
    Examples:
      printkit score gimbap examples/gimbap/three-players.yaml
      printkit score gimbap game.json --json
      printkit score rollncook filled-sheet.pdf --as-record rebuilt.yaml
    """
    from printkit.core.records import read_record, read_records
    from printkit.core.registry import form_readers, record_models

    scorer = _scorer(game)
    if len(files) > 1 and not scorer.multi:
        raise PrintkitError(f"{game} scores one record at a time (the whole game is in one file)")
    pdfs = [f for f in files if f.lower().endswith(".pdf")]
    if as_record == "":  # else taken for "not given": the sheets scored, nothing written, no word
        raise PrintkitError("--as-record: give the name of the file to write the record to")
    if as_record and not pdfs:
        raise PrintkitError("--as-record: give a filled PDF sheet to rebuild the record from")
    reader = _one_of(form_readers(), game, "reader of filled PDF sheets") if pdfs else None
    if reader is not None:  # PDF forms: pypdf and the form code load only for them
        from printkit.core.forms import finish_report, read_forms, write_records
        from printkit.core.pads import score_pad_file
    pad = score_pad_file(reader, files, as_record) if reader is not None else None
    if pad is not None:  # a filled score pad: checked as it stands (printkit.core.pads)
        typer.echo(pad.dumps() if as_json else pad.human())
        raise typer.Exit(pad.exit_code)
    others = record_models()  # the other games' record models load only to name a misfiled record
    forms, records = [], []
    for f in files:
        if reader is not None and f in pdfs:
            got = read_forms(reader, [f])
            forms += got
            records += [(r.file, r.record, r.fields) for r in got]
        elif scorer.multi:  # one record a player: a file may hold several (a YAML stream, a JSON array)
            records += [(f, *got) for got in read_records(f, scorer.record, game, others)]
        else:
            records.append((f, *read_record(f, scorer.record, game, others)))
    if len(records) > 1 and not scorer.multi:
        raise PrintkitError(f"{game} scores one record at a time (the whole game is in one file)")
    report = scorer.run(records)
    if reader is not None:
        report = finish_report(report, reader, forms)
    if as_record:
        write_records(as_record, forms)
    typer.echo(report.dumps() if as_json else report.human())
    raise typer.Exit(report.exit_code)


@app.command()
@friendly
def scan(
    game: Annotated[str, typer.Argument(help="The game whose sheets are photographed (one with a photo reader).")],
    photos: Annotated[list[str], typer.Argument(help="Photos of filled paper sheets (JPEG, PNG or HEIC), one a "
                                                     "player of one game.")],
    seed: Annotated[int | None, typer.Option(parser=_whole, help="The sheet's seed, when its QR code cannot be "
                                                                 "read (its id RNC1-SEED is printed bottom left).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print what was read and the result as JSON.")] = False,
    as_record: Annotated[str | None, typer.Option(
        "--as-record", help="Write the record read to this file (YAML, or JSON if it ends in .json; several "
                            "photos: NAME-1, NAME-2 ...), to correct and score with printkit score.")] = None,
    accept: Annotated[bool, typer.Option("--accept", help="Take the uncertain reads as read: the game may be "
                                                          "called valid although some were not confirmed.")] = False,
) -> None:
    """Read photographed paper sheets back: every mark and die, a confidence for each uncertain
    read, what to confirm on the paper, then the score as printkit score gives it.

    Exit code 0: legal and every read confirmed (or --accept); 1: rules broken, or reads to
    confirm; 2: a photo cannot be read. Needs the scan extra: pip install 'printkit[scan]'.
    See docs/scanning.md for how to take the photo.

    \b
    Examples:
      printkit scan rollncook sheet.jpg
      printkit scan rollncook anna.jpg ben.jpg --as-record game.yaml
      printkit scan rollncook blurry-qr.jpg --seed 7 --accept
    """
    from printkit.core.registry import photo_readers

    reader = _one_of(photo_readers(), game, "photo reader")
    if seed is not None:
        check_seed(seed)
    if as_record == "":
        raise PrintkitError("--as-record: give the name of the file to write the record to")
    import json

    from printkit.core.forms import write_records

    out = reader.scan(photos, seed, accept)
    if as_record:
        write_records(as_record, out.records)
    typer.echo(json.dumps(out.data, indent=2, ensure_ascii=False) if as_json else out.text)
    raise typer.Exit(out.exit_code)


@app.command()
@friendly
def schema(game: Annotated[str, typer.Argument(help="The game whose record format to print.")]) -> None:
    """Print the JSON Schema of a game's record file.

    \b
    Example:
      printkit schema gimbap > gimbap.schema.json
    """
    import json

    typer.echo(json.dumps(_scorer(game).model.model_json_schema(), indent=2))


@app.command()
@friendly
def solve(
    game: Annotated[str, typer.Argument(help="A game that has a solver.")],
    args: Annotated[list[str], typer.Argument(help="What to solve, in the game's words (the faces rolled ...).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the solution as JSON.")] = False,
    out: Annotated[Path | None, typer.Option(help="Also draw the solution to this .pdf or .svg file.")] = None,
    paper: Annotated[str, typer.Option(help="Paper size of the drawing: a4 or letter.")] = "a4",
    bw: Annotated[bool, typer.Option("--bw", help="Draw in black and white.")] = False,
) -> None:
    """Find a solution: for gimbap, a roll meeting the order the dice show.

    \b
    Examples:
      printkit solve gimbap rice+seaweed ham-radish
      printkit solve gimbap cheese-seaweed rice+ham spinach+radish --out roll.pdf
    """
    import json

    from printkit.core.draw.page import PAPERS, PrintOptions
    from printkit.core.output import output_error
    from printkit.core.registry import solvers

    solver = _one_of(solvers(), game, "solver")
    paper = one_of("--paper", paper, PAPERS)
    try:
        if out is not None and out.is_dir():
            raise IsADirectoryError(errno.EISDIR, "is a folder")
        result = solver.solve(args, out, PrintOptions(paper=paper, bw=bw))
    except OSError as e:  # --out itself, or a game writing it its own way: still one line
        raise output_error(out or Path("."), e) from None
    typer.echo(json.dumps(result.data, indent=2) if as_json else result.text)
    for path in result.written:
        typer.echo(str(path), err=as_json)


@app.command()
@friendly
def simulate(
    game: Annotated[str, typer.Argument(help="A game that has a simulator.")],
    seed: Annotated[int, typer.Option(parser=_whole, help=f"The (first) seed played, 0 to {SEED_MAX}.")] = 0,
    games_: Annotated[int, typer.Option("--games", parser=_whole, help="How many games to play a seed "
                                                        f"(--games x --seeds at most {MAX_SIMULATED:,}).")] = 200,
    seeds: Annotated[int, typer.Option(parser=_whole, help="Play this many consecutive seeds from --seed and report "
                                            "the spread of their medians.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Play many games automatically: the score distribution (star rates, seed fairness ...).

    \b
    Examples:
      printkit simulate rollncook --seed 7 --games 500
      printkit simulate rollncook --seed 0 --seeds 100 --games 100 --json
    """
    import json

    from printkit.core.registry import simulators

    simulator = _one_of(simulators(), game, "simulator")
    if games_ < 1 or seeds < 1:
        raise PrintkitError(f"--games and --seeds must be 1 or more; got --games {games_} --seeds {seeds}")
    if games_ * seeds > MAX_SIMULATED:
        raise PrintkitError(f"--games {games_} x --seeds {seeds} is {games_ * seeds:,} games; one run plays "
                            f"at most {MAX_SIMULATED:,} (a few minutes): ask for fewer games or seeds")
    check_seed(seed, span=seeds, what=f"--seeds {seeds}")
    result = simulator.simulate(seed, games_, seeds)
    typer.echo(json.dumps(result.data, indent=2) if as_json else result.text)


@app.command()
@friendly
def check(
    files: Annotated[list[Path] | None, typer.Argument(
        help="Layout files to check; every file under layouts/ if none are given.")] = None,
) -> None:
    """Check layout files as 'make' does: exits 2 naming the file, line and key of the first problem.

    Files a game draws are drawn with its data (A4 colour, Letter B&W); others with their own
    data, or without drawing where they need a game's data (see docs/layouts.md).

    \b
    Example:
      printkit check layouts/calibration/page.yaml
    """
    from printkit.core.layout.check import Builds, check_file, layout_files

    paths = files or layout_files()
    builds = Builds()
    for path in paths:
        how = check_file(path, builds)
        typer.echo(f"ok  {path}  ({how})")


@app.command()
@friendly
def rules(
    game: Annotated[str, typer.Argument(
        metavar="GAME", help="A game (see 'printkit list').")],
    rule_id: Annotated[str | None, typer.Argument(
        metavar="ID", help="A rule id from a report, such as TD-7; the game's whole rules text if omitted.")] = None,
    ids: Annotated[bool, typer.Option("--ids", help="List the game's rule ids with their titles instead.")] = False,
) -> None:
    """Print a game's rules, or explain one rule id that score reports cite ([TD-7], [GEM-4], [PK-10] ...).

    \b
    Examples:
      printkit rules trickdumpling              # the whole rules text
      printkit rules trickdumpling --ids        # every rule id with its title
      printkit rules trickdumpling TD-7         # one rule explained
    """
    from printkit.core import rules_docs

    if rule_id is not None and ids:
        raise PrintkitError("give a rule id or --ids, not both")
    if rule_id is not None:
        typer.echo(rules_docs.explain(rules_docs.rule(game, rule_id)))
    elif ids:
        typer.echo(rules_docs.listing(rules_docs.book(game)))
    else:
        typer.echo(rules_docs.full_text(rules_docs.book(game)))


@app.command()
@friendly
def examples(
    folder: Annotated[Path, typer.Argument(metavar="DIR", help="Where to write them (made if missing).")]
        = Path("printkit-examples"),
) -> None:
    """Write the example records of every game into DIR (default: printkit-examples), a folder a
    game: records to score, read and edit (those in broken/ and unreadable/ show reports of
    mistakes).

    A file already there as shipped is left as it is; one you changed is never written over
    (nothing is written then: remove it for a fresh copy). Prints each path written.

    \b
    Examples:
      printkit examples
      printkit score gimbap printkit-examples/gimbap/three-players.yaml
    """
    from printkit.copying import copy_tree, summary
    from printkit.core.resources import data_dir

    written, kept = copy_tree(data_dir("examples"), folder)
    for line in summary(written, kept, folder, "example records"):
        typer.echo(line)


layouts_app = typer.Typer(
    help="The layout files (the look of every sheet, card and board): get a copy to edit.\n\n"
         "Make with the copy:  PRINTKIT_LAYOUTS=DIR printkit make all",
    add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False, rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(layouts_app, name="layouts")


@layouts_app.command("copy")
@friendly
def layouts_copy(
    folder: Annotated[Path, typer.Argument(metavar="DIR", help="Where to write them (made if missing).")],
) -> None:
    """Write printkit's layouts into DIR, the whole folder (so that includes such as a game's
    '../common.yaml' work), to edit and use with PRINTKIT_LAYOUTS=DIR.

    A file already there as shipped is left as it is; one you changed is never written over
    (nothing is written then: remove it for a fresh copy). Prints each path written.

    \b
    Example:
      printkit layouts copy my-layouts
      PRINTKIT_LAYOUTS=my-layouts printkit check my-layouts/gimbap/pad.yaml
      PRINTKIT_LAYOUTS=my-layouts printkit make gimbap pad
    """
    from printkit.copying import copy_tree, summary
    from printkit.core.resources import data_dir

    written, kept = copy_tree(data_dir("layouts"), folder)
    for line in summary(written, kept, folder, "layout files"):
        typer.echo(line)
    typer.echo(f"use them with: PRINTKIT_LAYOUTS={folder} printkit make ...")


@app.command()
@friendly
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (a non-loopback one asks for a join token, as --lan).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(parser=_port, help="Port to listen on (0: any free port).")] = 8765,
    db: Annotated[Path | None, typer.Option(help="The SQLite file the tables are kept in "
                                                  "(default $XDG_DATA_HOME/printkit/tables.sqlite3).")] = None,
    lan: Annotated[bool, typer.Option("--lan", help="Listen on the local network (0.0.0.0) with a random join "
                                                    "token; prints the address and its QR code.")] = False,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the address in this machine's browser.")] = False,
) -> None:
    """Keep score at the table: a web app that follows each game move by move on everyone's phone.

    Every move is checked by the same rules as 'printkit score' and stored at once; export a
    table as a record file, or import one. Stop with Ctrl-C.

    \b
    Examples:
      printkit serve                    # http://127.0.0.1:8765/ on this machine
      printkit serve --lan              # phones on the same Wi-Fi scan the QR code printed
      printkit serve --db night.sqlite3 --port 8000
    """
    from printkit.web.serve import serve as run

    run(host, port, db, lan, open_browser, echo=typer.echo)
