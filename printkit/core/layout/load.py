"""Loading layout files: YAML (safe loader, size-limited) to checked models.

Every problem becomes a :class:`~printkit.errors.InputError` naming the file, the line where
known, the key path (``pages[0].elements[3].rect.w``) and what was expected.

A layout is checked by the pydantic models (:mod:`.model`); the YAML of its files comes from the
disk cache (:func:`printkit.core.yamlio.read_file`) once a run has parsed them.
"""

from __future__ import annotations

import errno
import functools
import os
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.core.layout.symbols import check_uses
from printkit.core.layout.template import TemplateError, check_name, parse
from printkit.core.limits import MAX_EXTENDS
from printkit.core.resources import data_dir, layouts_dir
from printkit.core.yamlio import key_path, line_for, parse_key_path, read_file, validate
from printkit.errors import InputError, PrintkitError

#: Layout files larger than this are refused (they are hand-written, a few kB each).
MAX_BYTES = 1_000_000

if TYPE_CHECKING:
    from printkit.core.layout.model import CardsSpec, ColourDef, LayoutFile, StyleSpec, SymbolSpec


def read_yaml(path: Path, shown: str | None = None) -> tuple[Any, dict]:
    """The YAML document at ``path`` and its key-path-to-line table."""
    return read_file(path, shown or str(path), MAX_BYTES, "layout files")


class MissingDataError(InputError):
    """A layout names data it is not given (a template's field, a list to repeat over, a slot's
    drawing): the layout may need a game's data to be drawn (see :mod:`.check`)."""


@dataclass
class Layout:
    """A checked layout with its includes merged and its styles resolved."""

    file: str
    spec: LayoutFile
    colours: dict[str, ColourDef] = field(default_factory=dict)
    styles: dict[str, StyleSpec] = field(default_factory=dict)  # flattened, no 'extends'
    symbols: dict[str, SymbolSpec] = field(default_factory=dict)
    lines: dict = field(default_factory=dict)
    raw_styles: dict[str, StyleSpec] = field(default_factory=dict)  # as written, for includes
    sources: list[str] = field(default_factory=list)  # this file and every file it includes
    #: Where included colours, styles and symbols were written: ("symbols", NAME) -> (file, lines).
    homes: dict[tuple[str, str], tuple[str, dict]] = field(default_factory=dict)

    def place(self, where: str) -> tuple[str, int | None]:
        """The file and line a key path such as ``pages[0].elements[3].text.text`` is written at."""
        try:
            loc = parse_key_path(where)
        except ValueError:
            return self.file, None
        file, table = self.homes.get(tuple(loc[:2]), (self.file, self.lines))
        while loc and loc not in table:
            loc = loc[:-1]
        return file, table.get(loc) if loc else None

    def error(self, where: str, message: str) -> InputError:
        file, line = self.place(where)
        return InputError(file, where, message, line)

    def missing(self, where: str, message: str) -> MissingDataError:
        file, line = self.place(where)
        return MissingDataError(file, where, message, line)


def _parse(path: Path, shown: str) -> tuple[LayoutFile, dict]:
    """The layout file at ``path``, checked. A file that is not a layout (not a mapping, or a
    mapping with none of a layout's keys: ``/etc/shadow``, say) is refused naming the file and
    what it is not, never quoting it: its keys are its text."""
    from printkit.core.layout.model import LayoutFile

    data, table = read_yaml(path, shown)
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise InputError(shown, "", "not a layout file: expected a mapping at the top "
                                    "(keys such as pages, styles, symbols)", 1)
    keys = {info.alias or name for name, info in LayoutFile.model_fields.items()}
    if data and not keys.intersection(k for k in data if isinstance(k, str)):
        raise InputError(shown, "", "not a layout file: none of its top-level keys is a layout's "
                                    f"({', '.join(sorted(keys))})")
    return validate(LayoutFile, data, table, shown), table


def flatten_styles(styles: dict[str, StyleSpec], error: Callable[[str, str], InputError]) -> dict[str, StyleSpec]:
    """Every style with its ``extends`` chain merged in (later settings win): each style merged
    once, onto the style it extends, whose chain is followed in a loop (no recursion), at most
    :data:`MAX_EXTENDS` long. ``error(key path, what)`` makes the error for a style that extends
    an unknown style, styles that extend each other in a circle, or too long a chain.

    >>> from printkit.core.layout.model import StyleSpec
    >>> flat = flatten_styles({"b": StyleSpec(extends="a", font="sans"), "a": StyleSpec(stroke_width=2)}, ValueError)
    >>> flat["b"].font, flat["b"].stroke_width, flat["b"].extends
    ('sans', 2.0, None)
    >>> flatten_styles({"a": StyleSpec(extends="b"), "b": StyleSpec(extends="a")}, lambda where, why: ValueError(why))
    Traceback (most recent call last):
    ValueError: styles extend each other in a circle: a -> b -> a
    """
    flat: dict[str, StyleSpec] = {}
    depth: dict[str | None, int] = {}  # how many styles each flattened one chains
    for name in styles:
        chain: list[str] = []  # the styles still to merge, each extending the next
        nxt: str | None = name
        while nxt is not None and nxt not in flat:
            if nxt not in styles:
                raise error(f"styles.{chain[-1]}.extends",
                            f"unknown style {nxt!r}; known: {', '.join(sorted(styles)) or 'none'}")
            if nxt in chain:
                raise error(f"styles.{nxt}.extends", "styles extend each other in a circle: "
                            + " -> ".join(chain[chain.index(nxt):] + [nxt]))
            chain.append(nxt)
            nxt = styles[nxt].extends
            if len(chain) > MAX_EXTENDS:
                break
        if len(chain) + depth.get(nxt, 0) > MAX_EXTENDS:
            raise error(f"styles.{name}.extends", f"a chain of more than {MAX_EXTENDS} styles, each "
                                                  f"extending the next, from {name!r}")
        base = flat[nxt] if nxt is not None else None
        for n in reversed(chain):
            base = flat[n] = styles[n] if base is None else merge_styles(base, styles[n])
            depth[n] = depth.get(nxt, 0) + 1
            nxt = n
    return {n: flat[n] for n in styles}  # in the order written


_MERGED: dict[tuple[int, int], tuple[StyleSpec, StyleSpec, StyleSpec]] = {}


def merge_styles(base: StyleSpec, over: StyleSpec) -> StyleSpec:
    """``over``'s settings on top of ``base``'s (values kept as checked, not re-validated).

    Styles are frozen, so a pair merged once is answered from a per-process cache (each entry
    keeps its two styles alive, so their ids cannot be reused by other styles).
    """
    key = (id(base), id(over))
    hit = _MERGED.get(key)
    if hit is not None and hit[0] is base and hit[1] is over:
        return hit[2]
    merged = _merge_styles(base, over)
    _MERGED[key] = (base, over, merged)
    return merged


def _merge_styles(base: StyleSpec, over: StyleSpec) -> StyleSpec:
    """The merged style, of ``over``'s class."""
    names = type(over).model_fields
    data = {k: getattr(base, k) for k in names if getattr(base, k) is not None}
    data.update({k: getattr(over, k) for k in names if getattr(over, k) is not None})
    data.pop("extends", None)
    # Every field given (None where neither sets it: every StyleSpec default is None), so
    # pydantic need not look up and copy defaults; the fields set are still the ones merged.
    return type(over).model_construct(set(data), **{k: data.get(k) for k in names})


def load_layout(name: str | Path) -> Layout:
    """Load ``name`` (a path, or a name under ``layouts/`` such as ``calibration/page.yaml``).

    Its includes must stay inside the layouts folder (or, for a file outside it, inside the
    folder of layouts it is in, :func:`include_root`, else its own folder). Every file is read once per load, however many files include it, and a
    file already loaded, and unchanged since (same size and modification time, and the same for
    what it includes), is not read again. A file an earlier run parsed, with the same text,
    comes parsed from the disk cache (:func:`printkit.core.yamlio.read_file`).
    """
    base = layouts_dir()
    path = Path(name)
    if not path.is_absolute() and _absent(path):
        path = base / path
    real_base = _resolved_folder(base)
    real = _real(path)  # once: resolving stats every folder on the path (make all loads layouts ~70 times)
    inside = real.is_relative_to(real_base)
    if not inside and Path(os.path.abspath(path)).is_relative_to(os.path.abspath(base)):
        # A file named inside the folder that is a link (or in a linked folder) out of it.
        loader = _Loader(base, real_base)
        raise InputError(loader.shown(path), "", f"a symbolic link out of the layouts folder {base}: "
                                                 "layouts are read only from inside it")
    return _Loader(base, real_base if inside else include_root(real.parent)).get(path, (), real)


def _missing_keys(own: dict, theirs: Any, prefix: str = "") -> list[str]:
    """The key paths of the mapping ``own`` (mappings within it too) that ``theirs`` lacks.

    >>> _missing_keys({"grid": {"w": 1, "more": 2}, "n": 3}, {"grid": {"w": 1}, "n": 3})
    ['grid.more']
    """
    out: list[str] = []
    for k, v in own.items():
        if not isinstance(theirs, dict) or k not in theirs:
            out.append(prefix + str(k))
        elif isinstance(v, dict):
            out += _missing_keys(v, theirs[k], f"{prefix}{k}.")
    return out


def stale_copy(key: object) -> str | None:
    """Why a game's code found no data key ``key`` (a KeyError), when the layouts are read from
    ``PRINTKIT_LAYOUTS``: the one line naming the copied layout that lacks it where printkit's
    own layout of that name has it (a copy made by an older printkit, ``printkit layouts copy``);
    None when no copied layout lacks it (then it is no stale copy)."""
    if not os.environ.get("PRINTKIT_LAYOUTS"):
        return None
    own_base, base = data_dir("layouts"), layouts_dir()
    if _resolved_folder(own_base) == _resolved_folder(base):
        return None
    for own in sorted(own_base.rglob("*.yaml")):
        rel = own.relative_to(own_base)
        copy = base / rel
        if not copy.is_file():
            continue
        try:
            theirs = load_layout(copy).spec.data
        except PrintkitError:
            continue
        mine = _Loader(own_base, _resolved_folder(own_base)).get(own, (), _real(own)).spec.data
        missing = [k for k in _missing_keys(mine, theirs) if k.rpartition(".")[2] == str(key)]
        if missing:
            return (f"{copy}: data: lacks {missing[0]!r}, which this printkit's own {rel.as_posix()} has (a copy "
                    "made by an older printkit?): copy the layouts again with printkit layouts copy DIR, or "
                    "add the key from it")
    return None


#: A folder that holds a file of this name is a folder of layouts: a layout anywhere below it
#: may include any file below it. printkit's own layouts folder has one, so a copy of it
#: (``printkit layouts copy``) has one too.
ROOT_MARK = "PRINTKIT-LAYOUTS.txt"


def include_root(folder: Path) -> Path:
    """Where a layout in ``folder``, outside the layouts folder in use, may include from: the
    nearest folder at or above it that holds :data:`ROOT_MARK`, or ``folder`` itself."""
    for f in (folder, *folder.parents):
        if (f / ROOT_MARK).is_file():
            return f
    return folder


def _real(path: Path) -> Path:
    """``path`` with its symbolic links resolved as far as they go (never an error: a loop, or
    a name too long, is left to opening the file to report)."""
    return Path(os.path.realpath(path))


def _absent(path: Path) -> bool:
    """Whether nothing is at ``path`` (so that it names a file under the layouts folder). A path
    that cannot be looked at (in a folder this user may not enter, through a file, a name too
    long) is read as given, so that its error says why, not "no such file" under layouts/."""
    try:
        os.lstat(path)
    except FileNotFoundError:
        return True
    except (OSError, ValueError):
        return False
    return False


def _not_a_file(path: Path) -> str | None:
    """Why ``path`` cannot be read as a layout (no such file, a folder, a name too long...), or
    None for a regular file."""
    try:
        st = path.stat()
    except OSError as e:
        return "no such file" if e.errno == errno.ENOENT else (e.strerror or "cannot be read").lower()
    return None if stat.S_ISREG(st.st_mode) else "not a regular file"


def _short(text: str, n: int = 60) -> str:
    return text if len(text) <= n else text[:n] + "..."


@functools.lru_cache(maxsize=16)
def _resolved_folder(base: Path) -> Path:
    """A layouts folder with its links resolved, once a process per folder (resolving stats
    every folder on the way; ``make all`` loads layouts ~70 times from the one folder)."""
    return base.resolve()


_CACHE: dict[tuple, tuple[Layout, dict]] = {}


def _stamp(path: str) -> tuple | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns)


@dataclass
class _Loader:
    """One load: ``base`` names files in messages, ``root`` is where includes may come from."""

    base: Path
    root: Path
    done: dict[Path, Layout] = field(default_factory=dict)

    def get(self, path: Path, stack: tuple[Path, ...], real: Path | None = None) -> Layout:
        """The layout at ``path`` (``real``: the path resolved, when the caller has it)."""
        real = _real(path) if real is None else real
        if real in stack:
            raise InputError(self.shown(path), "include", "files include each other in a circle")
        if real in self.done:
            return self.done[real]
        key = (str(real), str(self.base), str(self.root))
        hit = _CACHE.get(key)
        if hit is not None and all(_stamp(f) == st for f, st in hit[1].items()):
            layout = hit[0]
        else:
            layout = self.load(path, stack + (real,))
            _CACHE[key] = (layout, {f: _stamp(f) for f in layout.sources})
        self.done[real] = layout
        return layout

    def shown(self, path: Path) -> str:
        return str(path.relative_to(self.base.parent)) if path.is_relative_to(self.base.parent) else str(path)

    def target(self, path: Path, inc: str, i: int, table: dict) -> Path:
        """The file ``include[i]`` names: inside the root, its links resolved, and a file."""
        where, line = f"include[{i}]", line_for(table, ("include", i))
        if "\0" in inc:
            raise InputError(self.shown(path), where, "a file name has no NUL byte (\\0)", line)
        target = Path(os.path.normpath(path.parent / inc))
        if not _real(target).is_relative_to(self.root):
            # a file outside the layouts folder in use includes only from its own folder, or
            # from the folder of layouts it is in (include_root)
            hint = "" if self.root == _resolved_folder(self.base) else (
                f" (a file of a copy of the layouts? make the copy with 'printkit layouts copy DIR', which "
                f"marks it with {ROOT_MARK}, or name it: PRINTKIT_LAYOUTS=DIR)")
            raise InputError(self.shown(path), where, f"{_short(inc)!r} is outside the layouts folder {self.root}: "
                                                      f"a layout includes only files inside it{hint}", line)
        why = _not_a_file(target)
        if why is not None:
            said = {"no such file": f"no such file {_short(inc)!r} (relative to this file)",
                    "not a regular file": f"{_short(inc)!r} is not a regular file"}
            raise InputError(self.shown(path), where, said.get(why, f"cannot read {_short(inc)!r}: {why}"), line)
        return target

    def load(self, path: Path, stack: tuple[Path, ...]) -> Layout:
        shown = self.shown(path)
        if _not_a_file(path) == "not a regular file":
            raise InputError(shown, "", "not a regular file (a layout is a YAML file)")
        spec, table = _parse(path, shown)
        check_templates(spec, shown, table)
        colours: dict[str, ColourDef] = {}
        styles: dict[str, StyleSpec] = {}
        symbols: dict[str, SymbolSpec] = {}
        homes: dict[tuple[str, str], tuple[str, dict]] = {}
        sources = [str(_real(path))]
        for i, inc in enumerate(spec.include):
            sub = self.get(self.target(path, inc, i, table), stack)
            sources += sub.sources
            colours.update(sub.colours)
            styles.update(sub.raw_styles)
            symbols.update(sub.symbols)
            homes.update(sub.homes)
            homes.update({(kind, n): (sub.file, sub.lines) for kind, names in
                          (("colours", sub.spec.colours), ("styles", sub.spec.styles), ("symbols", sub.spec.symbols))
                          for n in names})
        for kind, names in (("colours", spec.colours), ("styles", spec.styles), ("symbols", spec.symbols)):
            for n in names:
                homes.pop((kind, n), None)
        colours.update(spec.colours)
        styles.update(spec.styles)
        symbols.update(spec.symbols)
        layout = Layout(shown, spec, colours, {}, symbols, table, styles, list(dict.fromkeys(sources)), homes)
        layout.styles = flatten_styles(styles, layout.error)
        _check_references(layout)
        check_uses(symbols, lambda name, why: layout.error(f"symbols.{name}", why))
        return layout


#: Keys whose text is not a template: data, names of data (``over``, checked as names), words.
_NOT_TEMPLATES = frozenset({"data", "title", "include", "version", "extends", "as_", "type", "over"})


def _texts(obj: Any, loc: tuple, model: Any) -> Iterator[tuple[tuple, str, bool]]:
    """Every (key path, text, is a data name) in a checked layout model that is filled when drawn
    (``model``: the module of the layout models)."""
    if isinstance(obj, str):
        if "{" in obj or "}" in obj:
            yield loc, obj, False
    elif isinstance(obj, (list, tuple)):
        for i, v in enumerate(obj):
            yield from _texts(v, loc + (i,), model)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from _texts(v, loc + (k,), model)
    elif isinstance(obj, model.Strict) and not isinstance(obj, model.ColourDef):
        if isinstance(obj, model.ElementBase):
            loc += (getattr(obj, "type", ""),)  # written as {rect: {...}}
        for name, info in type(obj).model_fields.items():
            value = getattr(obj, name)
            if name == "over" and isinstance(value, str):
                yield loc + ("over",), value, True
            elif name not in _NOT_TEMPLATES:
                yield from _texts(value, loc + (info.alias or name,), model)


def check_templates(spec: LayoutFile, file: str, table: dict) -> None:
    """Every template in ``spec`` may be filled (see :mod:`.template`): an InputError names the
    first that may not."""
    from printkit.core.layout import model

    for loc, text, is_name in _texts(spec, (), model):
        try:
            check_name(text) if is_name else parse(text)
        except TemplateError as e:
            what = "data name" if is_name else "template"
            shown = text if len(text) <= 60 else text[:60] + "..."
            raise InputError(file, key_path(loc), f"bad {what} {shown!r}: {e}", line_for(table, loc)) from None


def _card_elements(cards: CardsSpec | None) -> list[tuple[str, list]]:
    """A card sheet's element lists, each with its place in the file."""
    if cards is None:
        return []
    from printkit.core.layout.model import SheetSpec

    sheet = cards.sheet or SheetSpec()
    return [("cards.front", cards.front), ("cards.back", cards.back or []),
            ("cards.sheet.front", sheet.front), ("cards.sheet.back", sheet.back)]


def _check_references(layout: Layout) -> None:
    """Style and symbol names that are not templates must exist."""
    def visit(elements, where):
        for i, el in enumerate(elements):
            here = f"{where}[{i}].{el.type}"
            for key in ("style", "label_style", "mark_style", "number_style"):
                ref = getattr(el, key, None)
                if isinstance(ref, str) and "{" not in ref and ref not in layout.styles:
                    raise InputError(layout.file, f"{here}.{key}",
                                     f"unknown style {ref!r}; known: {', '.join(sorted(layout.styles)) or 'none'}",
                                     line_for(layout.lines, parse_key_path(f"{here}.{key}")))
            if el.type == "use" and "{" not in el.symbol and el.symbol not in layout.symbols:
                raise InputError(layout.file, here + ".symbol",
                                  f"unknown symbol {el.symbol!r}; known: {', '.join(sorted(layout.symbols)) or 'none'}",
                                  line_for(layout.lines, parse_key_path(here + ".symbol")))
            if hasattr(el, "elements"):
                visit(el.elements, here + ".elements")

    spec = layout.spec
    for n, sym in spec.symbols.items():
        visit(sym.elements, f"symbols.{n}.elements")
    for p, page in enumerate(spec.pages or []):
        visit(page.elements, f"pages[{p}].elements")
    for where, elements in _card_elements(spec.cards):
        visit(elements, where)
    if spec.pages is not None and spec.cards is not None:
        raise InputError(layout.file, "cards", "a layout has either 'pages' or 'cards', not both")
    if spec.pages is not None and spec.size is None:
        raise InputError(layout.file, "size", "a page layout needs its design 'size: [w, h]'")
