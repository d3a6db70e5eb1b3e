"""Loading layout files: YAML (safe loader, size-limited) to checked models.

Every problem becomes a :class:`~printkit.errors.InputError` naming the file, the line where
known, the key path (``pages[0].elements[3].rect.w``) and what was expected.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import os

from printkit.core.layout.model import (
    ColourDef, LayoutFile, StyleSpec, SymbolSpec,
)
from printkit.core.resources import layouts_dir
from printkit.core.yamlio import line_for, parse_key_path, read_file, validate
from printkit.errors import InputError

#: Layout files larger than this are refused (they are hand-written, a few kB each).
MAX_BYTES = 1_000_000


def read_yaml(path: Path, shown: str | None = None) -> tuple[Any, dict]:
    """The YAML document at ``path`` and its key-path-to-line table."""
    return read_file(path, shown or str(path), MAX_BYTES, "layout files")


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

    def error(self, where: str, message: str) -> InputError:
        return InputError(self.file, where, message)


def _parse(path: Path, shown: str) -> tuple[LayoutFile, dict]:
    data, table = read_yaml(path, shown)
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise InputError(shown, "", "expected a mapping at the top (keys such as pages, styles, symbols)", 1)
    return validate(LayoutFile, data, table, shown), table


def flatten_style(name: str, styles: dict[str, StyleSpec], file: str, seen: tuple = ()) -> StyleSpec:
    """A style with its ``extends`` chain merged in (later settings win)."""
    if name not in styles:
        raise InputError(file, f"styles.{seen[-1]}.extends" if seen else "style",
                          f"unknown style {name!r}; known: {', '.join(sorted(styles)) or 'none'}")
    if name in seen:
        raise InputError(file, f"styles.{name}.extends", "styles extend each other in a circle: "
                          + " -> ".join(seen + (name,)))
    spec = styles[name]
    if spec.extends is None:
        return spec
    base = flatten_style(spec.extends, styles, file, seen + (name,))
    return merge_styles(base, spec)


def merge_styles(base: StyleSpec, over: StyleSpec) -> StyleSpec:
    """``over``'s settings on top of ``base``'s (values kept as checked, not re-validated)."""
    data = {k: getattr(base, k) for k in StyleSpec.model_fields if getattr(base, k) is not None}
    data.update({k: getattr(over, k) for k in StyleSpec.model_fields if getattr(over, k) is not None})
    data.pop("extends", None)
    return StyleSpec.model_construct(**data)


def load_layout(name: str | Path, _stack: tuple = ()) -> Layout:
    """Load ``name`` (a path, or a name under ``layouts/`` such as ``calibration/page.yaml``).

    A file already loaded, and unchanged since (same size and modification time, and the same
    for what it includes), is not read again.
    """
    base = layouts_dir()
    path = Path(name)
    if not path.is_absolute() and not path.exists():
        path = base / path
    key = (str(path.resolve()), str(base), _stack)
    hit = _CACHE.get(key)
    if hit is not None and all(_stamp(f) == st for f, st in hit[1].items()):
        return hit[0]
    layout = _load(path, base, _stack)
    _CACHE[key] = (layout, {f: _stamp(f) for f in layout.sources})
    return layout


_CACHE: dict[tuple, tuple[Layout, dict]] = {}


def _stamp(path: str) -> tuple | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns)


def _load(path: Path, base: Path, _stack: tuple) -> Layout:
    try:
        shown = str(path.relative_to(base.parent)) if path.is_relative_to(base.parent) else str(path)
    except ValueError:  # pragma: no cover
        shown = str(path)
    if path.resolve() in _stack:
        raise InputError(shown, "include", "files include each other in a circle")
    spec, table = _parse(path, shown)
    colours: dict[str, ColourDef] = {}
    styles: dict[str, StyleSpec] = {}
    symbols: dict[str, SymbolSpec] = {}
    sources = [str(path.resolve())]
    for i, inc in enumerate(spec.include):
        target = Path(os.path.normpath(path.parent / inc))
        if not target.exists():
            raise InputError(shown, f"include[{i}]", f"no such file {inc!r} (relative to this file)",
                              line_for(table, ("include", i)))
        sub = load_layout(target, _stack + (path.resolve(),))
        sources += sub.sources
        colours.update(sub.colours)
        styles.update(sub.raw_styles)
        symbols.update(sub.symbols)
    colours.update(spec.colours)
    styles.update(spec.styles)
    symbols.update(spec.symbols)
    flat = {n: flatten_style(n, styles, shown) for n in styles}
    layout = Layout(shown, spec, colours, flat, symbols, table, styles, sources)
    _check_references(layout)
    return layout


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
    if spec.cards:
        visit(spec.cards.front, "cards.front")
        visit(spec.cards.back or [], "cards.back")
    if spec.pages is not None and spec.cards is not None:
        raise InputError(layout.file, "cards", "a layout has either 'pages' or 'cards', not both")
    if spec.pages is not None and spec.size is None:
        raise InputError(layout.file, "size", "a page layout needs its design 'size: [w, h]'")
