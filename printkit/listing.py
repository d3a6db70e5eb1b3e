"""``printkit list``: every game's components, their pages and sheets of paper on each paper
(:func:`sheets_of_paper`), the totals of ``make all``, and their settings.

Counting a component's pages means building it (layouts, fonts, drawing: ~0.6 s for the whole
kit), so each count is kept in the disk cache (printkit.core.diskcache, folder ``pages``) once
it is built: keyed by the component (game, name, build function, settings' defaults), the paper,
``--bleed``, ``--crop-marks`` and a digest of the layouts folder in use and the games' data
files (:func:`sources_digest`: a designer's edit shows at once, as when making); the cache's
fingerprint covers printkit's code. A count not in the cache is built.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from printkit.core.diskcache import DiskCache
    from printkit.core.registry import Component

#: Options that are another name for a component's setting (``--count 3`` is ``--set count=3``).
ALIASES = {"count": "--count", "hex_size": "--hex-size", "fillable": "--fillable"}
#: Of those, the options that are flags (``--fillable`` is ``--set fillable=yes``).
FLAGS = {"fillable"}


@functools.cache
def _counts() -> DiskCache:
    """The disk cache of page counts: [pages, sheets of paper] for each key (see the module). A
    count depends on printkit's drawing and games' code too: the cache's fingerprint covers
    printkit's source."""
    from printkit.core.diskcache import DiskCache

    return DiskCache("pages")


def build_name(build: Any) -> str:
    """``module:function`` of a component's build: a lazy one's target, else where it is defined."""
    qualname = getattr(build, "__qualname__", type(build).__qualname__)
    if ":" in qualname:  # printkit.core.registry.lazy names its target
        return qualname
    return f"{getattr(build, '__module__', '?')}:{qualname}"


def _files(folder: Path, suffixes: tuple[str, ...] = ()) -> Iterator[tuple[str, Path]]:
    """(path relative to ``folder`` with ``/``, path) of every file under it ending in one of
    ``suffixes`` (any, if none), sorted; caches and hidden files left out."""
    for top, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for name in sorted(names):
            if name.startswith(".") or (suffixes and not name.endswith(suffixes)):
                continue
            path = Path(top, name)
            yield path.relative_to(folder).as_posix(), path


def sources_digest() -> str:
    """sha256 of the files the counts are made from that a run may see changed: every file of
    the layouts folder in use and the games' YAML data files (names and bytes)."""
    import hashlib

    import printkit.games
    from printkit.core.diskcache import read_regular
    from printkit.core.resources import layouts_dir

    digest = hashlib.sha256()
    for label, folder, suffixes in (("layouts", layouts_dir(), ()),
                                    ("games", Path(printkit.games.__file__).parent, (".yaml",))):
        for relative, path in _files(folder, suffixes):
            digest.update(f"{label}/{relative}\0".encode())
            data = read_regular(path, follow=True)  # a FIFO or a device is named, never read (it could block)
            digest.update(hashlib.sha256(data if isinstance(data, bytes) else str(data).encode()).digest())
    return digest.hexdigest()


def sheets_of_paper(pages: int, duplex: bool) -> int:
    """The sheets of paper ``pages`` pages take: a duplex document (one whose PDF asks for
    double-sided printing, ``/Duplex`` in its viewer preferences) prints each front and the back
    after it on one sheet, so its pages pair up; any other page is a sheet of its own."""
    return (pages + 1) // 2 if duplex else pages


def pages(comp: Component, paper: str, bleed: float, crop_marks: bool, sources: str) -> tuple[int, int]:
    """The pages ``make`` makes of ``comp`` on ``paper`` and the sheets of paper they take
    (:func:`sheets_of_paper`): from the cache, or built (and kept)."""
    key = (comp.game, comp.name, build_name(comp.build),
           repr(sorted((name, s.default) for name, s in comp.settings.items())),
           paper, repr(bleed), str(crop_marks), sources)
    found = _counts().get(key)
    if not (isinstance(found, list) and len(found) == 2 and all(isinstance(n, int) for n in found)):
        found = list(built_pages(comp, paper, bleed, crop_marks))
        _counts().put(key, [], found)
    return found[0], found[1]


def built_pages(comp: Component, paper: str, bleed: float, crop_marks: bool) -> tuple[int, int]:
    """The pages ``make`` makes of ``comp`` on ``paper`` and their sheets of paper, counted by
    building it."""
    from printkit.core.draw.page import PrintOptions

    doc = comp.build(PrintOptions(paper=paper, bleed=bleed, crop_marks=crop_marks))
    count = len(doc.pages)
    return count, sheets_of_paper(count, doc.duplex)


def papers() -> list[list[Any]]:
    """[--paper, name shown, width mm, height mm] of each paper ``make`` takes, from the drawing
    code, kept in the cache too (so that a listing from the cache imports no drawing)."""
    found = _counts().get(("papers",))
    if not isinstance(found, list):
        from printkit.core.draw.page import PAPER_NAMES, PAPERS

        found = [[p, PAPER_NAMES[p], w, h] for p, (w, h) in PAPERS.items()]
        _counts().put(("papers",), [], found)
    return found


def listing(show_settings: bool = False, bleed: float = 0.0, crop_marks: bool = True) -> Iterator[str]:
    """The lines ``printkit list`` prints, each as soon as it is known (a component's after its
    pages are counted)."""
    from printkit.core.registry import games

    sheets = papers()
    shown = "  ".join(f"{name} {w:g} x {h:g} mm" for _, name, w, h in sheets)
    yield (f"Paper: {shown}\n"
           "For a print shop: make ... --cmyk --bleed 3 (PDF/X-1a in CMYK, black in black ink only)\n")
    yield f"{'game':<14}{'component':<12}{'pages A4/Letter':<17}{'sheets':<8}description"
    sources = sources_digest()
    total_pages, total_sheets = [0] * len(sheets), [0] * len(sheets)
    for game, comps in games().items():
        for name, comp in comps.items():
            counts = [pages(comp, paper, bleed, crop_marks, sources) for paper, *_ in sheets]
            for i, (n, s) in enumerate(counts):
                if not comp.printed_with:  # counted with the component it is printed with
                    total_pages[i] += n
                    total_sheets[i] += s
            yield (f"{game:<14}{name:<12}{'/'.join(str(n) for n, _ in counts):<17}"
                   f"{'/'.join(str(s) for _, s in counts):<8}{comp.description}")
            if show_settings:
                yield from _settings(comp)
    yield (f"{'all':<26}{'/'.join(map(str, total_pages)):<17}{'/'.join(map(str, total_sheets)):<8}"
           "pages and sheets of paper of 'make all'\n"
           "Sheets of paper: a duplex component (its PDF asks for double-sided printing, flip on the\n"
           "long edge) has each page's back on the other side of its sheet: two pages are one sheet.\n"
           "Any other page is one sheet." + "".join(
               f"\nOn another's sheets: 'make all' and 'make {c.game}' print {c.game} {c.name} on the sheets of "
               f"{c.game} {c.printed_with}, so the total counts its paper there" for comps in games().values() for c in comps.values() if c.printed_with))


def tts_listing() -> Iterator[str]:
    """``printkit list --format tts``: what each component becomes in Tabletop Simulator, or
    why it is not made (printkit.core.export.tts.export); nothing is built."""
    from printkit.core.registry import games
    from printkit.core.export.tts.export import becomes

    yield f"{'game':<14}{'component':<12}in Tabletop Simulator (printkit make GAME --format tts)"
    for game, comps in games().items():
        for name, comp in comps.items():
            yield f"{game:<14}{name:<12}{becomes(comp)}"


def cards_listing() -> Iterator[str]:
    """``printkit list --format cards``: what each component becomes for a print shop, or why
    it is not made (printkit.core.export.cards); nothing is built."""
    from printkit.core.export.cards import becomes
    from printkit.core.registry import games

    yield f"{'game':<14}{'component':<12}for a print shop (printkit make GAME --format cards)"
    for game, comps in games().items():
        for name, comp in comps.items():
            yield f"{game:<14}{name:<12}{becomes(comp)}"


def _settings(comp: Component) -> Iterator[str]:
    for key, setting in comp.settings.items():
        alias = f" (or {ALIASES[key]}{'' if key in FLAGS else ' VALUE'})" if key in ALIASES else ""
        yield (f"{'':<26}--set {key.replace('_', '-')}=VALUE{alias}  {setting.help} "
               f"(default {setting.default})")
