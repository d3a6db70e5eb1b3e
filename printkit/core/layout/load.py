"""Loading layout files: YAML (safe loader, size-limited) to checked models.

Every problem becomes a :class:`~printkit.errors.LayoutError` naming the file, the line where
known, the key path (``pages[0].elements[3].rect.w``) and what was expected.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import os

import yaml
from pydantic import ValidationError

from printkit.core.layout.model import (
    ColourDef, LayoutFile, StyleSpec, SymbolSpec,
)
from printkit.core.resources import layouts_dir
from printkit.errors import LayoutError

#: The safe loader, in C (libyaml) where PyYAML was built with it.
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: Layout files larger than this are refused (they are hand-written, a few kB each).
MAX_BYTES = 1_000_000
#: At most this many YAML nodes after aliases are expanded (guards against alias bombs).
MAX_NODES = 200_000


def key_path(loc: tuple) -> str:
    """``("pages", 0, "elements", 2, "rect", "w")`` -> ``pages[0].elements[2].rect.w``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def _lines(node: yaml.Node, path: tuple = (), table: dict | None = None, budget: list | None = None) -> dict:
    """Map each key path to its 1-based line; counts nodes against MAX_NODES."""
    table = {} if table is None else table
    budget = [0] if budget is None else budget
    budget[0] += 1
    if budget[0] > MAX_NODES:
        raise ValueError(f"more than {MAX_NODES} YAML nodes")
    table.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            key = k.value if isinstance(k, yaml.ScalarNode) else str(k.value)
            table.setdefault(path + (key,), k.start_mark.line + 1)
            _lines(v, path + (key,), table, budget)
    elif isinstance(node, yaml.SequenceNode):
        for i, v in enumerate(node.value):
            _lines(v, path + (i,), table, budget)
    return table


def _line_for(table: dict, loc: tuple) -> int | None:
    loc = tuple(loc)
    while loc:
        if loc in table:
            return table[loc]
        loc = loc[:-1]
    return table.get(())


def read_yaml(path: Path, shown: str | None = None) -> tuple[Any, dict]:
    """The YAML document at ``path`` and its key-path-to-line table."""
    name = shown or str(path)
    try:
        size = path.stat().st_size
    except OSError as e:
        raise LayoutError(name, "", f"cannot read the file ({e.strerror})") from None
    if size > MAX_BYTES:
        raise LayoutError(name, "", f"the file is {size} bytes; layout files may be at most {MAX_BYTES}")
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise LayoutError(name, "", f"not UTF-8 text ({e.reason} at byte {e.start})") from None
    try:
        # One pass: compose the node tree (for line numbers), then build the data from it.
        loader = _Loader(text)
        try:
            node = loader.get_single_node()
            table = _lines(node) if node is not None else {}
            data = loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as e:
        line = e.problem_mark.line + 1 if e.problem_mark else None
        raise LayoutError(name, "", f"not valid YAML: {e.problem or e}", line) from None
    except (yaml.YAMLError, ValueError, RecursionError) as e:
        raise LayoutError(name, "", f"not valid YAML: {e}") from None
    return data, table


def _describe(err: dict) -> str:
    msg = err["msg"]
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    if err["type"] == "extra_forbidden":
        return "unknown key"
    if err["type"] == "missing":
        return "required key missing"
    if err["type"] == "literal_error":
        return msg.replace("Input should be", "expected")
    return msg


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

    def error(self, where: str, message: str) -> LayoutError:
        return LayoutError(self.file, where, message)


def _parse(path: Path, shown: str) -> tuple[LayoutFile, dict]:
    data, table = read_yaml(path, shown)
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise LayoutError(shown, "", "expected a mapping at the top (keys such as pages, styles, symbols)", 1)
    try:
        return LayoutFile.model_validate(data), table
    except ValidationError as e:
        err = e.errors()[0]
        more = len(e.errors()) - 1
        extra = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        raise LayoutError(shown, key_path(err["loc"]), _describe(err) + extra,
                          _line_for(table, err["loc"])) from None


def flatten_style(name: str, styles: dict[str, StyleSpec], file: str, seen: tuple = ()) -> StyleSpec:
    """A style with its ``extends`` chain merged in (later settings win)."""
    if name not in styles:
        raise LayoutError(file, f"styles.{seen[-1]}.extends" if seen else "style",
                          f"unknown style {name!r}; known: {', '.join(sorted(styles)) or 'none'}")
    if name in seen:
        raise LayoutError(file, f"styles.{name}.extends", "styles extend each other in a circle: "
                          + " -> ".join(seen + (name,)))
    spec = styles[name]
    if spec.extends is None:
        return spec
    base = flatten_style(spec.extends, styles, file, seen + (name,))
    return merge_styles(base, spec)


def merge_styles(base: StyleSpec, over: StyleSpec) -> StyleSpec:
    data = base.model_dump(exclude_none=True)
    data.update(over.model_dump(exclude_none=True))
    data.pop("extends", None)
    # The values are already checked and converted to mm: build without validating again.
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


_CACHE: dict[tuple, tuple["Layout", dict]] = {}


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
        raise LayoutError(shown, "include", "files include each other in a circle")
    spec, table = _parse(path, shown)
    colours: dict[str, ColourDef] = {}
    styles: dict[str, StyleSpec] = {}
    symbols: dict[str, SymbolSpec] = {}
    sources = [str(path.resolve())]
    for i, inc in enumerate(spec.include):
        target = Path(os.path.normpath(path.parent / inc))
        if not target.exists():
            raise LayoutError(shown, f"include[{i}]", f"no such file {inc!r} (relative to this file)",
                              _line_for(table, ("include", i)))
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
            ref = el.style
            if isinstance(ref, str) and "{" not in ref and ref not in layout.styles:
                raise LayoutError(layout.file, here + ".style",
                                  f"unknown style {ref!r}; known: {', '.join(sorted(layout.styles)) or 'none'}",
                                  _line_for(layout.lines, _loc(here + ".style")))
            if el.type == "use" and "{" not in el.symbol and el.symbol not in layout.symbols:
                raise LayoutError(layout.file, here + ".symbol",
                                  f"unknown symbol {el.symbol!r}; known: {', '.join(sorted(layout.symbols)) or 'none'}",
                                  _line_for(layout.lines, _loc(here + ".symbol")))
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
        raise LayoutError(layout.file, "cards", "a layout has either 'pages' or 'cards', not both")
    if spec.pages is not None and spec.size is None:
        raise LayoutError(layout.file, "size", "a page layout needs its design 'size: [w, h]'")


def _loc(path: str) -> tuple:
    """The inverse of :func:`key_path` (for line look-ups)."""
    out: list = []
    for part in path.replace("]", "").split("."):
        bits = part.split("[")
        out.append(bits[0])
        out += [int(b) for b in bits[1:]]
    return tuple(out)
