"""The ``printkit`` command line: thin, it parses options, calls the core and the games, prints.

Every error the user can cause ends as one line on stderr and exit code 2, never a traceback
(set ``PRINTKIT_DEBUG=1`` to see one for an internal error).
"""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path
from typing import Annotated

import functools

import typer

from printkit import __version__
from printkit.core.draw.page import PAPER_NAMES, PAPERS, PrintOptions
from printkit.core.output import file_stem, write_document
from printkit.errors import PrintkitError

app = typer.Typer(
    name="printkit",
    help="Print-and-play kits for five board games, and score checkers for their games.\n\n"
         "Start with:  printkit make calibration   (print it at 100% and measure it)",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def friendly(func):
    """Run a command so that every error ends as one message on stderr and exit code 2."""

    @functools.wraps(func)
    def run(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except PrintkitError as e:
            typer.echo(f"printkit: error: {e}", err=True)
            raise typer.Exit(2) from None
        except KeyboardInterrupt:
            typer.echo("printkit: interrupted", err=True)
            raise typer.Exit(130) from None
        except (typer.Exit, typer.Abort):
            raise
        except Exception as e:  # noqa: BLE001 - the promise is: never a traceback
            if os.environ.get("PRINTKIT_DEBUG"):
                raise
            typer.echo(f"printkit: internal error: {type(e).__name__}: {e} "
                       "(set PRINTKIT_DEBUG=1 for details, and please report it)", err=True)
            raise typer.Exit(2) from None

    return run


def _version(value: bool) -> None:
    if value:
        typer.echo(f"printkit {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool | None, typer.Option("--version", callback=_version, is_eager=True,
                                                    help="Show the version and exit.")] = None,
) -> None:
    pass


def _parse_offset(text: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise PrintkitError(f"--duplex-offset takes X,Y in mm, such as 0.5,-1; got {text!r}") from None
    if abs(x) > 10 or abs(y) > 10:
        raise PrintkitError(f"--duplex-offset: {text!r} is more than 10 mm; measure it with "
                            "'printkit make calibration duplex'")
    return x, y


@app.command("list")
@friendly
def list_cmd(
    show_settings: Annotated[bool, typer.Option("--settings", help="Also list each component's --set settings.")] = False,
) -> None:
    """List every game and component that can be made, with page counts and paper sizes.

    \b
    Example:
      printkit list --settings
    """
    from printkit.core.registry import games

    papers = "  ".join(f"{PAPER_NAMES[p]} {w:g} x {h:g} mm" for p, (w, h) in PAPERS.items())
    typer.echo(f"Paper: {papers}\n")
    typer.echo(f"{'game':<14}{'component':<12}{'pages A4/Letter':<17}description")
    for game, comps in games().items():
        for name, comp in comps.items():
            counts = "/".join(str(len(comp.build(PrintOptions(paper=p)).pages)) for p in PAPERS)
            typer.echo(f"{game:<14}{name:<12}{counts:<17}{comp.description}")
            if show_settings:
                for key, setting in comp.settings.items():
                    typer.echo(f"{'':<26}--set {key.replace('_', '-')}=VALUE  {setting.help} "
                               f"(default {setting.default})")


@app.command()
@friendly
def make(
    target: Annotated[str, typer.Argument(help="A game (see 'printkit list'), or 'all'.")],
    components: Annotated[list[str] | None, typer.Argument(
        help="Components of the game to make; all of them if none are named.")] = None,
    seed: Annotated[int | None, typer.Option(
        help="Seed for randomised components; the same seed gives the same sheet. "
             "Chosen at random (and printed) if omitted.", min=0)] = None,
    paper: Annotated[str, typer.Option(help="Paper size: a4 or letter.", case_sensitive=False)] = "a4",
    fmt: Annotated[str, typer.Option("--format", help="pdf, svg (one file per page), both, or json "
                                                     "(the contents, for components that have one).")] = "pdf",
    out: Annotated[Path, typer.Option(help="Folder to write into.")] = Path("output"),
    bw: Annotated[bool, typer.Option("--bw", help="Low-ink black-and-white version.")] = False,
    bleed: Annotated[float, typer.Option(help="Bleed around cards and tiles, in mm (0-10).")] = 0.0,
    crop_marks: Annotated[bool, typer.Option("--crop-marks/--no-crop-marks",
                                             help="Crop marks outside the trim.")] = True,
    duplex_offset: Annotated[str, typer.Option(
        help="X,Y in mm: shifts back pages to correct a printer's duplex drift "
             "(measure it with 'printkit make calibration duplex').")] = "0,0",
    settings: Annotated[list[str] | None, typer.Option(
        "--set", help="NAME=VALUE: a component's own setting, such as edge=25mm for "
                      "dice (see 'printkit list --settings').")] = None,
    hex_size: Annotated[str | None, typer.Option(
        "--hex-size", help="Hex cells' size across flats, for components drawn on a hex grid "
                           "(see 'printkit list --settings'). Same as --set hex-size=.")] = None,
) -> None:
    """Make print-and-play files and print the paths written.

    \b
    Examples:
      printkit make calibration
      printkit make calibration page --paper letter --format both --bw
      printkit make all --out kit/
      printkit make gimbap dice --set edge=25mm
      printkit make gemblo board --hex-size 18mm --set coords=yes
    """
    paper = paper.lower()
    if paper not in PAPERS:
        raise PrintkitError(f"--paper must be one of: {', '.join(PAPERS)}; got {paper!r}")
    formats = {"pdf": ("pdf",), "svg": ("svg",), "both": ("pdf", "svg"), "json": ("json",)}.get(fmt.lower())
    if formats is None:
        raise PrintkitError(f"--format must be pdf, svg, both or json; got {fmt!r}")
    offset = _parse_offset(duplex_offset)
    todo = _components(target, components)
    if seed is None and any(c.seeded for c in todo):
        seed = secrets.randbelow(1_000_000)
        typer.echo(f"No --seed given: using seed {seed} (pass --seed {seed} to make it again).", err=True)
    opts = PrintOptions(paper=paper, bw=bw, bleed=bleed, crop_marks=crop_marks,
                        duplex_offset=offset, seed=seed)
    overrides = _parse_settings((settings or []) + ([f"hex-size={hex_size}"] if hex_size else []), todo)
    if formats == ("json",):
        missing = [f"{c.game} {c.name}" for c in todo if c.dump is None]
        if missing:
            raise PrintkitError(f"--format json: {', '.join(missing)} has no contents to dump")
    jobs = [(comp, comp.options(overrides)) for comp in todo]  # every setting read before anything is made
    written: list[Path] = []
    if sys.stderr.isatty() and len(jobs) > 1:
        with typer.progressbar(jobs, label="Making", file=sys.stderr,
                               item_show_func=lambda j: f"{j[0].game} {j[0].name}" if j else "") as bar:
            for comp, own in bar:
                written += _make_one(comp, own, opts, formats, out)
    else:
        for comp, own in jobs:
            written += _make_one(comp, own, opts, formats, out)
    for path in written:
        typer.echo(str(path))


def _components(target: str, components: list[str] | None) -> list:
    """The components ``make TARGET [COMPONENT...]`` asks for."""
    from printkit.core.registry import games

    registry = games()
    if target == "all":
        if components:
            raise PrintkitError("'make all' takes no component names")
        return [c for comps in registry.values() for c in comps.values()]
    if target not in registry:
        raise PrintkitError(f"unknown game {target!r}; choose from: {', '.join(registry)} or all")
    comps = registry[target]
    unknown = [c for c in components or [] if c not in comps]
    if unknown:
        raise PrintkitError(f"{target} has no component {unknown[0]!r}; it has: {', '.join(comps)}")
    return [comps[c] for c in dict.fromkeys(components)] if components else list(comps.values())


def _make_one(comp, own: dict, opts: PrintOptions, formats: tuple[str, ...], out: Path) -> list[Path]:
    """Make one component with its settings' values; the paths written."""
    stem = file_stem(comp.game, comp.name, opts, comp.seeded) + comp.file_suffix(own)
    if formats == ("json",):
        import json

        from printkit.core.output import write_atomic

        path = out / f"{stem}.json"
        write_atomic(path, (json.dumps(comp.dump(opts, **own), indent=1) + "\n").encode())
        return [path]
    with progress_bar(f"{comp.game} {comp.name}"):
        doc = comp.build(opts, **own)
    return write_document(doc, out, stem, formats)


class progress_bar:
    """Shows pages being laid out on a terminal (long runs such as --count 1000)."""

    def __init__(self, label: str):
        self.label = label

    def __enter__(self):
        from printkit.core import progress

        self.bar = None
        if sys.stderr.isatty():
            state = {"n": 0}

            def tick(total: int) -> None:
                if self.bar is None:
                    self.bar = typer.progressbar(length=total, label=self.label, file=sys.stderr)
                    self.bar.__enter__()
                self.bar.update(1)
                state["n"] += 1

            self.token = progress.set_hook(tick)
        else:
            self.token = None
        return None

    def __exit__(self, *exc):
        from printkit.core import progress

        if self.token is not None:
            progress.reset(self.token)
        if self.bar is not None:
            self.bar.__exit__(*exc)
        return False


def _parse_settings(items: list[str], todo) -> dict[str, str]:
    known = {name for c in todo for name in c.settings}
    out: dict[str, str] = {}
    for item in items:
        name, eq, value = item.partition("=")
        name = name.strip().replace("-", "_")
        if not eq or not name:
            raise PrintkitError(f"--set takes NAME=VALUE, got {item!r}")
        if name not in known:
            shown = name.replace("_", "-")
            raise PrintkitError(f"--set {shown}: no component being made has that setting; settings here: "
                                f"{', '.join(sorted(k.replace('_', '-') for k in known)) or 'none'}")
        out[name] = value.strip()
    return out


def _scorer(game: str):
    from printkit.core.registry import scorers

    found = scorers()
    if game not in found:
        raise PrintkitError(f"no scorer or record format for {game!r}; games with one: {', '.join(found) or 'none yet'}")
    return found[game]


@app.command()
@friendly
def score(
    game: Annotated[str, typer.Argument(help="The game the record is of.")],
    files: Annotated[list[str], typer.Argument(help="Record files (YAML or JSON); - reads standard input.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Replay a game record against the rules: every violation, the totals and the ranking.

    Exit code 0: legal; 1: rules broken (each listed); 2: the file cannot be read.

    \b
    Examples:
      printkit score gimbap examples/gimbap/three-players.yaml
      printkit score gimbap game.json --json
    """
    from printkit.core.records import read_record

    from printkit.core.registry import scorers

    scorer = _scorer(game)
    if len(files) > 1 and not scorer.multi:
        raise PrintkitError(f"{game} scores one record at a time (the whole game is in one file)")
    others = {name: (s.title or name, s.model) for name, s in scorers().items()}
    records = [(f, *read_record(f, scorer.model, game, others)) for f in files]
    report = scorer.run(records)
    typer.echo(report.dumps() if as_json else report.human())
    raise typer.Exit(report.exit_code)


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

    from printkit.core.registry import solvers

    found = solvers()
    if game not in found:
        raise PrintkitError(f"no solver for {game!r}; games with one: {', '.join(found) or 'none'}")
    if paper.lower() not in PAPERS:
        raise PrintkitError(f"--paper must be one of: {', '.join(PAPERS)}; got {paper!r}")
    result = found[game].solve(args, out, PrintOptions(paper=paper.lower(), bw=bw))
    typer.echo(json.dumps(result.data, indent=2) if as_json else result.text)
    for path in result.written:
        typer.echo(str(path), err=as_json)


@app.command()
@friendly
def simulate(
    game: Annotated[str, typer.Argument(help="A game that has a simulator.")],
    seed: Annotated[int, typer.Option(help="The (first) seed played.", min=0)] = 0,
    games_: Annotated[int, typer.Option("--games", help="How many games to play.", min=1, max=100000)] = 200,
    seeds: Annotated[int, typer.Option(help="Play this many consecutive seeds from --seed and report "
                                            "the spread of their medians.", min=1, max=10000)] = 1,
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

    found = simulators()
    if game not in found:
        raise PrintkitError(f"no simulator for {game!r}; games with one: {', '.join(found) or 'none'}")
    result = found[game].simulate(seed, games_, seeds)
    typer.echo(json.dumps(result.data, indent=2) if as_json else result.text)


@app.command()
@friendly
def check(
    files: Annotated[list[Path] | None, typer.Argument(
        help="Layout files to check; every file under layouts/ if none are given.")] = None,
) -> None:
    """Check layout files: exits 2 naming the file, line and key of the first problem.

    \b
    Example:
      printkit check layouts/calibration/page.yaml
    """
    from printkit.core.layout.load import load_layout
    from printkit.core.resources import layouts_dir

    paths = files or sorted(layouts_dir().rglob("*.yaml"))
    for path in paths:
        load_layout(path)
        typer.echo(f"ok  {path}")


@app.command()
@friendly
def rules(
    game: Annotated[str, typer.Argument(
        metavar="GAME", help="A game (see 'printkit list').")],
    rule_id: Annotated[str | None, typer.Argument(
        metavar="ID", help="A rule id from a report, such as TD-7; every id with its title if omitted.")] = None,
) -> None:
    """Explain the rule ids that score reports cite ([TD-7], [GEM-4], [PK-10] ...).

    The texts are in docs/rules/GAME.md.

    \b
    Examples:
      printkit rules trickdumpling
      printkit rules trickdumpling TD-7
    """
    from printkit.core import rules_docs

    if rule_id is None:
        typer.echo(rules_docs.listing(rules_docs.book(game)))
    else:
        typer.echo(rules_docs.explain(rules_docs.rule(game, rule_id)))


def main() -> None:
    """Entry point of the ``printkit`` script and ``python -m printkit``."""
    app()
