"""``printkit check``: a layout file gets the same validation as ``make`` gives it.

Every file is loaded as ``make`` loads it: the YAML, every key and value, its includes (inside
the layouts folder), its style and symbol names, and every template (names of data only, format
widths bounded). Then a file that draws something (``pages``, ``cards`` or a ``poster``) is
drawn, so that what only shows when drawing (a template naming data that is not there, a
length that is not one, text that does not fit, too many elements) is found too, as an error
naming the file and line:

- a file a game's component draws is drawn by that component, with the game's data and default
  settings, on A4 in colour, on Letter in black and white, and item by item (as ``--format
  cards`` draws them);
- any other file is drawn with its own ``data`` alone; if it names data that only a game's code
  gives (a slot's drawing, say), it is checked without drawing.

Libraries (files of colours, styles and symbols for ``include``) are checked without drawing;
their symbols are drawn by the files that use them.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from printkit.core.build import build_document, built
from printkit.core.draw.page import FooterInfo, PrintOptions
from printkit.core.layout.load import Layout, MissingDataError, load_layout
from printkit.core.resources import layouts_dir
from printkit.errors import InputError, PrintkitError

#: What files are drawn with: A4 in colour, then Letter in black and white, then each item
#: alone (the drawing of --format cards and tts, which may use layouts of its own).
OPTIONS = (PrintOptions(paper="a4", seed=1), PrintOptions(paper="letter", bw=True, seed=1),
           PrintOptions(paper="a4", seed=1, items=True))


def layout_files() -> list[Path]:
    """Every layout file in the layouts folder; a PrintkitError if there is no such folder or file."""
    folder = layouts_dir()
    if not folder.is_dir():
        how = " (named by PRINTKIT_LAYOUTS)" if os.environ.get("PRINTKIT_LAYOUTS") else ""
        raise PrintkitError(f"no layouts folder at {folder}{how}")
    files = sorted(folder.rglob("*.yaml"))
    if not files:
        raise PrintkitError(f"no layout files (*.yaml) in {folder}")
    return files


@dataclass
class Builds:
    """What drawing every component found, made once (when first asked for)."""

    #: A layout file (resolved) -> the components that draw it ("GAME COMPONENT").
    by_file: dict[str, list[str]] = field(default_factory=dict)
    #: A layout file (resolved) -> the first error drawing it.
    errors: dict[str, InputError] = field(default_factory=dict)
    made: bool = False

    def make(self) -> None:
        from printkit.core.registry import games

        self.made = True
        for game, comps in games().items():
            for name, comp in comps.items():
                for opts in OPTIONS:
                    self._draw(f"{game} {name}", comp, opts)

    def _draw(self, label: str, comp, opts: PrintOptions) -> None:
        seen: list[str] = []
        token = built.set(seen)
        try:
            for _ in comp.build(opts).pages:
                pass
        except PrintkitError as e:  # not the file's own problem unless it names the file drawn
            if isinstance(e, InputError) and seen and _written_in(e, load_layout(seen[-1])):
                self.errors.setdefault(seen[-1], e)
        finally:
            built.reset(token)
        for f in seen:
            if label not in self.by_file.setdefault(f, []):
                self.by_file[f].append(label)


def _written_in(e: InputError, layout: Layout) -> bool:
    """Whether the error ``e`` names ``layout``'s file or a file it includes."""
    path = Path(e.file)
    if not path.is_absolute():
        path = layouts_dir().parent / path
    return str(path.resolve()) in layout.sources


def _draw_alone(path: Path) -> None:
    for opts in OPTIONS:
        for _ in build_document(str(path), opts, FooterInfo("check", path.stem)).pages:
            pass


def check_file(path: Path, builds: Builds) -> str:
    """Check ``path`` as ``make`` would (an InputError names the first problem); how it was checked."""
    layout = load_layout(path)
    spec = layout.spec
    if spec.pages is None and spec.cards is None and spec.poster is None:
        return "a library: checked without drawing"
    real = layout.sources[0]
    if not builds.made and Path(real).is_relative_to(layouts_dir().resolve()):
        builds.make()  # games draw files of the layouts folder only
    if real in builds.errors:
        raise builds.errors[real]
    if real in builds.by_file:
        return "drawn by " + ", ".join(builds.by_file[real])
    try:
        _draw_alone(path)
    except MissingDataError:
        return "needs a game's data: checked without drawing"
    return "drawn with its own data"
