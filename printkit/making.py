"""``printkit make``'s work: checking the options, choosing the components and their settings,
the seed, making each file (on a progress bar on a terminal) and printing the paths written.
The typer command in printkit/commands.py parses the command line and calls :func:`make_kit`.

Every error the user can cause is a PrintkitError, printed as one line by printkit.commands.guarded.
"""

from __future__ import annotations

import contextlib
import dataclasses
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from printkit.errors import PrintkitError

# Options that are another name for a component's setting (``--count 3`` is ``--set count=3``):
# defined beside ``list``, which shows them (printkit/listing.py).
from printkit.listing import ALIASES

if TYPE_CHECKING:
    from printkit.core.draw.page import PrintOptions
    from printkit.core.export.cards import CardsRun
    from printkit.core.registry import Component

#: Seeds are whole numbers from 0 to SEED_MAX (2**63 - 1: a signed 64-bit integer), so that
#: every seed fits a file name, a footer and a sheet id, and means one sheet everywhere.
SEED_MAX = 2**63 - 1

#: A component and its settings' values, as make_one takes them.
Job = tuple["Component", dict[str, Any]]

#: --format's words and the file types each writes.
FORMATS = {"pdf": ("pdf",), "svg": ("svg",), "both": ("pdf", "svg"), "json": ("json",), "png": ("png",),
           "cards": ("cards",), "tts": ("tts",)}


def suggest(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'gimbap'?)`` when ``word`` is close to one of ``choices``."""
    import difflib  # only when a name is wrong

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def one_of(flag: str, text: str, choices: Iterable[str], said: str = "") -> str:
    """``text`` as one of ``choices`` (lower-case names): the exact name in ASCII letters of any
    case (``A4``, ``Letter``), nothing else (no space, no full-width ``Ａ4``); else a PrintkitError
    listing them (``said``: the list in words, else "one of: a, b")."""
    word = text.lower() if text.isascii() else text
    if word not in choices:
        shown = text if len(text) <= 40 else text[:40] + "..."
        raise PrintkitError(f"{flag} must be {said or 'one of: ' + ', '.join(choices)} (in any case); got {shown!r}")
    return word


def check_seed(seed: int, flag: str = "--seed", span: int = 1, what: str = "") -> None:
    """A PrintkitError unless ``seed`` .. ``seed + span - 1`` are all in 0..SEED_MAX."""
    if not 0 <= seed <= SEED_MAX:
        shown = str(seed) if len(str(seed)) <= 24 else f"a number of {len(str(seed))} digits"
        raise PrintkitError(f"{flag} must be a whole number from 0 to {SEED_MAX} (2**63 - 1); got {shown}")
    if seed + span - 1 > SEED_MAX:
        raise PrintkitError(f"{flag} {seed} with {what or span} goes past the last seed, {SEED_MAX}; "
                            f"start at {SEED_MAX - span + 1} or lower")


def make_kit(target: str, components: Sequence[str] | None = None, seed: int | None = None,
             count: str | None = None, paper: str = "a4", fmt: str = "pdf", out: Path = Path("output"),
             bw: bool = False, bleed: float | None = None, crop_marks: bool = True, duplex_offset: str = "0,0",
             settings: Sequence[str] | None = None, hex_size: str | None = None, fillable: bool = False,
             cmyk: bool = False, dpi: int | None = None, preset: str | None = None,
             base_url: str | None = None) -> None:
    """``printkit make``: every option checked and every setting read before anything is made,
    then the files made and their paths printed on stdout, one a line. The values are the
    command line's, as typer converts them (printkit/commands.py documents each option);
    ``bleed`` None is the format's default (0 mm, 3 mm for ``--format cards``)."""
    from printkit.core.draw.page import PAPERS, PrintOptions
    from printkit.core.output import prepare_folder

    paper = one_of("--paper", paper, PAPERS)
    formats = FORMATS[one_of("--format", fmt, FORMATS, "pdf, svg, both, json, png, cards or tts")]
    _check_format_options(formats, fmt, cmyk=cmyk, dpi=dpi, preset=preset, base_url=base_url, bleed=bleed)
    opts = PrintOptions(paper=paper, bw=bw, bleed=0.0 if bleed is None else bleed, crop_marks=crop_marks,
                        duplex_offset=_parse_offset(duplex_offset), cmyk=cmyk)
    todo = _components(target, components, items=formats in (("cards",), ("tts",)))
    jobs = _jobs(todo, list(settings or []), {"count": count, "hex_size": hex_size,
                                              "fillable": "yes" if fillable else None}, formats)
    if cmyk and any(own.get("fillable") for _, own in jobs):
        raise PrintkitError("--cmyk makes PDF/X files for a print shop, which allow no form fields; "
                            "make --fillable sheets without --cmyk")
    # --format cards: its options and components checked before anything is written
    run = _cards_plan(jobs, dpi, bleed, preset) if formats == ("cards",) else None
    opts = dataclasses.replace(opts, seed=_seed(seed, jobs))
    prepare_folder(out)  # a folder that cannot be written to is refused before anything is made
    note = lambda line: typer.echo(f"printkit: note: {line}", err=True)  # noqa: E731
    if run is not None:
        from printkit.core.export.cards import make_cards

        for path in make_cards(target, run, out, bw=bw, seed=opts.seed, note=note):
            typer.echo(str(path))
        return
    if formats == ("tts",):
        from printkit.core.export.tts.export import check_base_url, make_tts

        base = None if base_url is None else check_base_url(base_url)
        for path in make_tts(jobs, bw=bw, seed=opts.seed, out=out, base=base, note=note):
            typer.echo(str(path))
        return
    written: list[Path] = []
    with _on_a_bar(jobs) as shown:
        for comp, own in shown:
            written += make_one(comp, own, opts, formats, out)
    if "png" in formats:
        written.append(_contact_sheet(target, written, opts, out, any(c.seeded for c, _ in jobs)))
    for path in written:
        typer.echo(str(path))


def _check_format_options(formats: tuple[str, ...], fmt: str, *, cmyk: bool, dpi: int | None,
                          preset: str | None, base_url: str | None, bleed: float | None) -> None:
    """A PrintkitError for an option that the format given does not take."""
    if cmyk and formats != ("pdf",):
        raise PrintkitError(f"--cmyk makes PDF files for a print shop; --format {fmt.lower()} has no CMYK colours "
                            "(leave out --format, or --cmyk)")
    if formats != ("cards",) and (dpi is not None or preset is not None):
        raise PrintkitError(f"{'--dpi' if dpi is not None else '--preset'} is for --format cards "
                            "(a PNG a card for a print shop)")
    if base_url is not None and formats != ("tts",):
        raise PrintkitError("--base-url is for --format tts (where the saved object's images are hosted)")
    if bleed and formats == ("tts",):
        raise PrintkitError("--bleed is for printing: --format tts draws every item at its trim size")


def _cards_plan(jobs: list[Job], dpi: int | None, bleed: float | None, preset: str | None) -> CardsRun:
    from printkit.core.export.cards import plan_cards

    return plan_cards(jobs, dpi, bleed, preset)


def _on_a_bar(jobs: list[Job]) -> contextlib.AbstractContextManager[Iterable[Job]]:
    """``jobs`` to iterate, on a progress bar when stderr is a terminal and there is more than
    one (a context manager: the bar is finished before an error is printed)."""
    if not (sys.stderr.isatty() and len(jobs) > 1):
        return contextlib.nullcontext(jobs)
    bar: contextlib.AbstractContextManager[Iterable[Job]] = typer.progressbar(
        iterable=jobs, label="Making", file=sys.stderr,
        item_show_func=lambda j: f"{j[0].game} {j[0].name}" if j else "")
    return bar


def _parse_offset(text: str) -> tuple[float, float]:
    """--duplex-offset's ``X,Y`` in mm: two numbers in the digits 0-9 (no nan, inf or 1e400:
    printkit.core.registry.decimal_number), each within 10 mm."""
    from printkit.core.registry import decimal_number

    try:
        x, y = (decimal_number(v) for v in text.split(","))
    except ValueError:
        raise PrintkitError(f"--duplex-offset takes X,Y in mm, such as 0.5,-1; got {text!r}") from None
    if abs(x) > 10 or abs(y) > 10:
        raise PrintkitError(f"--duplex-offset: {text!r} is more than 10 mm; measure it with "
                            "'printkit make calibration duplex'")
    return x, y


def _contact_sheet(target: str, written: list[Path], opts: PrintOptions, out: Path, seeded: bool) -> Path:
    """One image of every page image made: ``kit-contact-sheet-seed7-a4.png`` (or ``GAME-...``)."""
    from printkit.core.output import file_stem, write_atomic
    from printkit.core.preview import contact_sheet, png_bytes

    name = "kit" if target == "all" else target
    path = out / f"{file_stem(name, 'contact-sheet', opts, seeded)}.png"
    pages = [p for p in written if p.suffix == ".png"]
    write_atomic(path, png_bytes(contact_sheet(pages, f"{path.stem}: {len(pages)} pages")))
    return path


def _jobs(todo: list[Component], settings: list[str], aliased: dict[str, str | None],
          formats: tuple[str, ...]) -> list[Job]:
    """(component, its settings' values) for each component: every setting read (and refused
    if wrong) before anything is made or printed."""
    items = [(item, "") for item in settings]
    items += [(f"{name}={value}", ALIASES[name]) for name, value in aliased.items() if value is not None]
    overrides, flags = _parse_settings(items, todo)
    if formats == ("json",):
        missing = [f"{c.game} {c.name}" for c in todo if c.dump is None]
        if missing:
            have = [f"{c.game} {c.name}" for c in todo if c.dump is not None]
            verb = "has" if len(missing) == 1 else "have"
            raise PrintkitError(f"--format json: {', '.join(missing)} {verb} no contents to give as data; "
                                + (f"only {', '.join(have)} can be made as json" if have else "make them as pdf or svg"))
    return [(comp, comp.options(overrides, flags)) for comp in todo]


def _seed(seed: int | None, jobs: list[Job]) -> int | None:
    """The seed to make ``jobs`` with: checked (with the consecutive seeds --count uses), or
    chosen at random and printed when a seeded component needs one."""
    span = max((own.get("count", 1) for comp, own in jobs if comp.seeded), default=1)
    if seed is not None:
        check_seed(seed, span=span, what=f"--count {span}")
    elif any(comp.seeded for comp, _ in jobs):
        import secrets  # here: it loads OpenSSL's hashes, which --help and score never need

        seed = secrets.randbelow(1_000_000)
        typer.echo(f"No --seed given: using seed {seed} (pass --seed {seed} to make it again).", err=True)
    return seed


def _components(target: str, components: Sequence[str] | None, items: bool = False) -> list[Component]:
    """The components ``make TARGET [COMPONENT...]`` asks for: a whole game, or all, without
    those printed with another component on paper (``printed_with``), unless made as ``items``."""
    from printkit.core.registry import games

    registry = games()
    whole = lambda comps: [c for c in comps if items or not c.printed_with]  # noqa: E731
    if target == "all":
        if components:
            raise PrintkitError("'make all' takes no component names")
        return whole(c for comps in registry.values() for c in comps.values())
    if target not in registry:
        raise PrintkitError(f"unknown game {target!r}{suggest(target, [*registry, 'all'])}; "
                            f"choose from: {', '.join(registry)} or all")
    comps = registry[target]
    unknown = [c for c in components or [] if c not in comps]
    if unknown:
        raise PrintkitError(f"{target} has no component {unknown[0]!r}{suggest(unknown[0], comps)}; "
                            f"it has: {', '.join(comps)}")
    return [comps[c] for c in dict.fromkeys(components)] if components else whole(comps.values())


def make_one(comp: Any, own: dict[str, Any], opts: PrintOptions, formats: tuple[str, ...], out: Path) -> list[Path]:
    """Make one component with its settings' values; the paths written."""
    from printkit.core.collector import fewer_collections
    from printkit.core.output import file_stem, write_document

    stem = file_stem(comp.game, comp.name, opts, comp.seeded) + comp.file_suffix(own)
    if formats == ("json",):
        import json

        from printkit.core.output import write_atomic

        path = out / f"{stem}.json"
        write_atomic(path, (json.dumps(comp.dump(opts, **own), indent=1) + "\n").encode())
        return [path]
    # pages are laid out as they are rendered; the collector runs less often meanwhile (core/collector.py)
    with progress_bar(f"{comp.game} {comp.name}") as bar, fewer_collections():
        return write_document(comp.build(opts, **own), out, stem, formats, tick=bar, cmyk=opts.cmyk,
                              paper=opts.paper)


class progress_bar:
    """Shows pages being laid out on a terminal (long runs such as --count 1000)."""

    def __init__(self, label: str):
        self.label = label

    def __enter__(self) -> Callable[[int], None]:
        from printkit.core import progress

        self.bar: Any = None
        self.images: Any = None
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
        return self.image_done

    def image_done(self, total: int) -> None:
        """One of ``total`` page images written (``--format png``), on a bar of its own."""
        if not sys.stderr.isatty():
            return
        if self.images is None:
            self.images = typer.progressbar(length=total, label=self.label + " images", file=sys.stderr)
            self.images.__enter__()
        self.images.update(1)

    def __exit__(self, *exc: object) -> None:
        from printkit.core import progress

        if self.token is not None:
            progress.reset(self.token)
        for bar in (self.bar, self.images):
            if bar is not None:
                bar.__exit__(*exc)


def _parse_settings(items: list[tuple[str, str]], todo: list[Component]) -> tuple[dict[str, str], dict[str, str]]:
    """``NAME=VALUE`` texts (each with the option that gave it, "" for --set) as (setting name
    to text, setting name to that option)."""
    known = {name for c in todo for name in c.settings}
    out: dict[str, str] = {}
    flags: dict[str, str] = {}
    for item, flag in items:
        name, eq, value = item.partition("=")
        name = name.strip().replace("-", "_")
        if not eq or not name:
            raise PrintkitError(f"--set takes NAME=VALUE, got {item!r}")
        shown = name.replace("_", "-")
        if name not in known:
            here = sorted(k.replace("_", "-") for k in known)
            raise PrintkitError(f"{flag or '--set ' + shown}: no component being made has that setting"
                                f"{suggest(shown, here)}; settings here: {', '.join(here) or 'none'}")
        out[name] = value.strip()
        flags[name] = flag or f"--set {shown}"
    return out, flags
