"""Reading YAML and JSON files people write: safe, size-limited, with line numbers for errors.

Layout files, game records and the games' data files all come through here, so all report
problems the same way, as an :class:`~printkit.errors.InputError`:
``FILE:LINE: key.path[3].name: what was expected``.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from printkit.core.limits import MAX_DIGITS
from printkit.errors import InputError


_T = TypeVar("_T")
_BOOL, _INT, _FLOAT, _MERGE = ("tag:yaml.org,2002:" + t for t in ("bool", "int", "float", "merge"))
_INT12 = re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$")
_FLOAT12 = re.compile(r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
                      r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$")


def _int12(loader, node) -> int:
    """A YAML 1.2 integer: ``010`` is ten (not eight), ``0o10`` eight, ``0x10`` sixteen."""
    v = loader.construct_scalar(node)
    if len(v) > MAX_DIGITS:
        raise TextProblem(f"a number of more than {MAX_DIGITS} digits", node.start_mark.line + 1)
    return _int_text(v)


def _float12(loader, node) -> float:
    """A YAML float, refused by its length before it is read (as integers are)."""
    if len(loader.construct_scalar(node)) > MAX_DIGITS:
        raise TextProblem(f"a number of more than {MAX_DIGITS} digits", node.start_mark.line + 1)
    return loader.construct_yaml_float(node)


def _int_text(v: str) -> int:
    if v.startswith("0o"):
        return int(v[2:], 8)
    if v.startswith("0x"):
        return int(v[2:], 16)
    return int(v, 10)


def _yaml12(base: Any) -> Any:
    """``base`` with the YAML 1.2 core schema's booleans and numbers.

    YAML 1.1 also reads ``on``, ``off``, ``yes`` and ``no`` as booleans (a record's ``on:`` key
    would become True), ``10:00`` as the base-60 number 600 (an hour would become a count of
    minutes) and ``010`` as octal 8. YAML 1.2, which records and layouts are written in, reads
    the first and second as strings and the third as ten.

    >>> import yaml
    >>> yaml.load("[on, 10:00, 010, 0o10, 1_000, 2.5, true]", Loader=_yaml12(yaml.SafeLoader))
    ['on', '10:00', 10, 8, '1_000', 2.5, True]
    """
    cls: Any = type("Loader12", (base,), {})
    cls.yaml_implicit_resolvers = {
        first: [(tag, rx) for tag, rx in resolvers if tag not in (_BOOL, _INT, _FLOAT)]
        for first, resolvers in base.yaml_implicit_resolvers.items()
    }
    cls.add_implicit_resolver(_BOOL, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
    cls.add_implicit_resolver(_INT, _INT12, list("-+0123456789"))
    cls.add_implicit_resolver(_FLOAT, _FLOAT12, list("-+.0123456789"))
    cls.add_constructor(_INT, _int12)
    cls.add_constructor(_FLOAT, _float12)
    return cls


@functools.cache
def _loader() -> Any:
    """The safe loader, in C (libyaml) where PyYAML was built with it, with YAML 1.2 booleans.
    PyYAML is imported when a text is first read (~8 ms): a ``make`` whose layouts come from the
    disk cache reads none (docs/performance.md)."""
    import yaml

    return _yaml12(getattr(yaml, "CSafeLoader", yaml.SafeLoader))
#: At most this many YAML nodes (keys, values and list items) after aliases are expanded: counted
#: from the parser's events before any node is built, so a huge list or an alias bomb is refused
#: at once, in little memory.
MAX_NODES = 100_000
#: At most this many lists and mappings nested in one another.
MAX_DEPTH = 50


class TextProblem(ValueError):
    """The text is not valid YAML/JSON; ``line`` is 1-based where known."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.line = line


def key_path(loc: tuple) -> str:
    """``("pages", 0, "elements", 2, "rect", "w")`` -> ``pages[0].elements[2].rect.w``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def parse_key_path(path: str) -> tuple:
    """The inverse of :func:`key_path`."""
    out: list = []
    for part in path.replace("]", "").split("."):
        bits = part.split("[")
        if bits[0]:
            out.append(bits[0])
        out += [int(b) for b in bits[1:]]
    return tuple(out)


def _lines(node: yaml.Node, path: tuple, table: dict, budget: list) -> None:
    import yaml

    budget[0] += 1
    if budget[0] > MAX_NODES:
        raise TextProblem(f"more than {MAX_NODES} YAML nodes")
    table.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        seen: dict = {}
        for k, v in node.value:
            key = k.value if isinstance(k, yaml.ScalarNode) else str(k.value)
            _once(k, seen)
            table.setdefault(path + (key,), k.start_mark.line + 1)
            _lines(v, path + (key,), table, budget)
    elif isinstance(node, yaml.SequenceNode):
        for i, v in enumerate(node.value):
            _lines(v, path + (i,), table, budget)


def _once(k: yaml.Node, seen: dict) -> None:
    """Refuse a mapping's key given twice (YAML would keep the last one silently)."""
    import yaml

    if not isinstance(k, yaml.ScalarNode) or k.tag == _MERGE:
        return
    ident = (k.tag, _int_key(k.value) if k.tag == _INT else k.value)
    line = k.start_mark.line + 1
    if ident in seen:
        lines = f"on line {line}" if seen[ident] == line else f"(lines {seen[ident]} and {line})"
        raise TextProblem(f"the key {k.value!r} is given twice {lines}; give each key once", line)
    seen[ident] = line


def _int_key(v: str) -> object:
    try:
        return _int_text(v) if len(v) <= MAX_DIGITS else v
    except ValueError:
        return v


class _Shape:
    """A document's node count (aliases expanded) and nesting depth, taken from the parser's
    events before any node is built: over :data:`MAX_NODES` or :data:`MAX_DEPTH` is refused."""

    def __init__(self) -> None:
        self.nodes = 0
        self.depth = 0
        self.open: list[list] = []  # per open list or mapping: [anchor, nodes before, depth, deepest inside]
        self.anchors: dict[str, tuple[int, int]] = {}  # anchor -> (nodes, levels below it)

    def event(self, e: Any) -> None:
        import yaml

        if isinstance(e, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            self._add(1, 1, e)
            self.open.append([e.anchor, self.nodes - 1, self.depth, self.depth])
        elif isinstance(e, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            anchor, before, depth, deepest = self.open.pop()
            if anchor is not None:
                self.anchors[anchor] = (self.nodes - before, deepest - depth + 1)
            self.depth -= 1
            if self.open:
                self.open[-1][3] = max(self.open[-1][3], deepest)
        elif isinstance(e, yaml.ScalarEvent):
            self._add(1, 0, e)
            if e.anchor is not None:
                self.anchors[e.anchor] = (1, 0)
        elif isinstance(e, yaml.AliasEvent):
            nodes, levels = self.anchors.get(e.anchor or "", (1, 0))
            self._add(nodes, levels, e, alias=True)

    def _add(self, nodes: int, levels: int, e: Any, alias: bool = False) -> None:
        self.nodes += nodes
        line = e.start_mark.line + 1
        if self.nodes > MAX_NODES:
            raise TextProblem(f"more than {MAX_NODES} values (keys, values and list items, "
                              "aliases expanded); a record or layout has far fewer", line)
        deep = self.depth + levels
        if deep > MAX_DEPTH:
            raise TextProblem(f"lists and mappings nested more than {MAX_DEPTH} deep", line)
        if alias:
            if self.open:
                self.open[-1][3] = max(self.open[-1][3], deep)
        else:
            self.depth = deep
            if self.open and levels:
                self.open[-1][3] = max(self.open[-1][3], deep)


def _check_shape(text: str) -> None:
    """Refuse a document too large or too deep before it is built (see :class:`_Shape`)."""
    loader = _loader()(text)
    shape = _Shape()
    try:
        while loader.check_event():
            shape.event(loader.get_event())
    finally:
        loader.dispose()


#: What JSON's shape is counted from: an escape (two characters), a quote, a bracket or a comma.
_JSON_TOKEN = re.compile(r'\\.|["\[\]{},]', re.S)


def _check_json_shape(text: str) -> None:
    """The limits of :class:`_Shape` for JSON, counted on the text (strings left out) before
    ``json`` builds anything: values at most one more than commas and brackets. One pass over
    the text's quotes, escapes, brackets and commas (issue 26: a regular expression that matched
    whole strings went quadratic on a string left open after 100,000 escaped quotes).

    >>> _check_json_shape('{"a": ["[[[", "\\\\", "\\"{"], "b": 1}')
    >>> _check_json_shape("[" * 51)
    Traceback (most recent call last):
    ...
    printkit.core.yamlio.TextProblem: lists and mappings nested more than 50 deep
    """
    values, depth, inside, deep = 1, 0, False, None
    for m in _JSON_TOKEN.finditer(text):
        token = m.group()
        if inside:
            inside = token != '"'
            continue
        token = token[-1]  # outside a string, a backslash is a character like any other
        if token == '"':
            inside = True
        elif token == ",":
            values += 1
        elif token in "[{":
            values, depth = values + 1, depth + 1
            if depth > MAX_DEPTH and deep is None:
                deep = m.start()
        elif token in "]}":
            depth -= 1
        if values > MAX_NODES:
            raise TextProblem(f"more than {MAX_NODES} values (keys, values and list items); "
                              "a record has far fewer")
    if deep is not None:
        raise TextProblem(f"lists and mappings nested more than {MAX_DEPTH} deep", text.count("\n", 0, deep) + 1)


class _DuplicateKey(ValueError):
    pass


def _json_object(pairs: list[tuple[str, Any]]) -> dict:
    out: dict = {}
    for k, v in pairs:
        if k in out:
            raise _DuplicateKey(k)
        out[k] = v
    return out


def _json_constant(name: str) -> Any:
    raise TextProblem(f"{name} is not a number JSON has (write a finite number)")


def _json_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise TextProblem(f"a number of more than {MAX_DIGITS} digits")
    return int(digits)


def _load_json(text: str) -> Any:
    """``text`` as JSON: size and depth checked first; a key given twice, NaN or Infinity, or
    an over-long number is refused."""
    import yaml

    _check_json_shape(text)
    try:
        return json.loads(text, object_pairs_hook=_json_object, parse_constant=_json_constant,
                          parse_int=_json_int)
    except _DuplicateKey as e:
        with contextlib.suppress(yaml.YAMLError, RecursionError):
            _compose(text, construct=False)  # names the line, if YAML can read the text
        raise TextProblem(f"the key {e.args[0]!r} is given twice; give each key once") from None


def line_for(table: dict, loc) -> int | None:
    """The line of the deepest key path in ``table`` that ``loc`` starts with."""
    loc = tuple(loc)
    while loc:
        if loc in table:
            return table[loc]
        loc = loc[:-1]
    return table.get(())


def parse_text(text: str, allow_json: bool = False) -> tuple[Any, dict]:
    """The document in ``text`` and a table from key paths to lines.

    With ``allow_json``, text that is JSON is read as JSON (chosen by content, not by name).
    """
    if allow_json and text.lstrip()[:1] in ("{", "["):
        return _json_or_flow(text)
    return _yaml(text)


def parse_stream(text: str) -> list[tuple[Any, dict]]:
    """The documents in ``text``, each with its table from key paths to lines (the stream's own
    lines): the documents of a YAML stream (``---`` between them), or the items of a JSON array
    (JSON has no ``---``). One document is a list of one. The limits of :func:`parse_text` hold
    for the whole text."""
    if text.lstrip()[:1] in ("{", "["):  # JSON (or YAML's flow style): one value, as parse_text reads it
        try:
            data, table = parse_text(text, allow_json=True)
        except TextProblem as problem:  # or a YAML stream whose first document is in flow style
            try:
                documents = _yaml_stream(text)
            except TextProblem:
                raise problem from None
            if len(documents) < 2:
                raise problem from None
            return documents
        if isinstance(data, list):
            return [(item, {path[1:]: line for path, line in table.items() if path[:1] == (i,)})
                    for i, item in enumerate(data)]
        return [(data, table)]
    return _yaml_stream(text)


def _yaml_stream(text: str) -> list[tuple[Any, dict]]:
    return _yaml_read(lambda: _compose_all(text))


def _yaml_read(compose: Callable[[], _T]) -> _T:
    """``compose()``, with PyYAML's errors as one :class:`TextProblem` (its line where known)."""
    import yaml

    try:
        return compose()
    except yaml.MarkedYAMLError as e:
        line = e.problem_mark.line + 1 if e.problem_mark else None
        if "nesting depth" in str(e.problem):  # newer libyaml stops deep nesting itself
            raise TextProblem(f"lists and mappings nested more than {MAX_DEPTH} deep", line) from None
        raise TextProblem(f"not valid YAML: {e.problem or e}", line) from None
    except RecursionError:  # nesting is bounded before composing: only an alias inside itself recurses
        raise TextProblem("an anchor used inside itself (&name ... *name): a value cannot contain "
                          "itself") from None
    except yaml.YAMLError as e:
        if "nesting depth" in str(e):
            raise TextProblem(f"lists and mappings nested more than {MAX_DEPTH} deep") from None
        raise TextProblem(f"not valid YAML: {e}") from None


def _compose_all(text: str) -> list[tuple[Any, dict]]:
    """:func:`_compose` for every document of a YAML stream (lines counted from the stream's start)."""
    _check_shape(text)
    loader = _loader()(text)
    out: list[tuple[Any, dict]] = []
    budget = [0]
    try:
        while loader.check_node():
            node = loader.get_node()
            table: dict = {}
            _lines(node, (), table, budget)
            out.append((loader.construct_document(node), table))
        return out
    finally:
        loader.dispose()


#: JSON's first value after its opening brackets: a quoted key or string, a number, a literal.
_JSON_LIKE = re.compile(r'[\s\[{]*(?:["\]}0-9-]|true\b|false\b|null\b)')


def _json_or_flow(text: str) -> tuple[Any, dict]:
    """JSON, or YAML's flow style, which starts with a brace too: ``{sheet: RNC1-7, end: {...}}``.
    Text that is neither gets the error of the one it looks like (a bare first key: YAML's)."""
    import yaml

    try:
        data = _load_json(text)
    except json.JSONDecodeError as e:
        if not _JSON_LIKE.match(text):
            return _yaml(text)
        try:
            return _compose(text, construct=True)
        except (yaml.YAMLError, RecursionError):
            raise TextProblem(f"not valid JSON: {e.msg}", e.lineno) from None
    try:
        return data, _compose(text, construct=False)[1]
    except (TextProblem, yaml.YAMLError, RecursionError):
        return data, {}


def _yaml(text: str) -> tuple[Any, dict]:
    return _yaml_read(lambda: _compose(text, construct=True))


def _compose(text: str, construct: bool) -> tuple[Any, dict]:
    """One pass of the loader: the node tree's line table, and the data built from it."""
    _check_shape(text)
    loader = _loader()(text)
    try:
        node = loader.get_single_node()
        table: dict = {}
        if node is not None:
            _lines(node, (), table, [0])
        data = loader.construct_document(node) if construct and node is not None else None
        return data, table
    finally:
        loader.dispose()


def first_error(e, table: dict) -> tuple[str, str, int | None]:
    """A pydantic ValidationError as (key path, what was expected, line) of its first problem."""
    errors = e.errors()
    err = errors[0]
    more = len(errors) - 1
    extra = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
    loc = model_path(err["loc"])
    return key_path(loc), describe(err) + extra, line_for(table, loc)


def model_path(loc: tuple) -> tuple:
    """A pydantic error's location without the union members pydantic names in it (a layout's
    keys have no brackets; pydantic's member tags do).

    >>> model_path(("size", "tuple[function-before[_length(), float], float]", 0))
    ('size', 0)
    """
    return tuple(p for p in loc if not (isinstance(p, str) and "[" in p))


def describe(err: dict) -> str:
    """A pydantic error as a short sentence of what was expected."""
    msg = err["msg"]
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    if err["type"] in ("extra_forbidden", "unexpected_keyword_argument"):
        return "unknown key"
    if err["type"] in ("missing", "missing_argument"):
        return "required key missing"
    if err["type"] == "literal_error":
        return msg.replace("Input should be", "expected")
    if err["type"] in ("model_type", "model_attributes_type", "dict_type"):
        return "expected a mapping of keys (name: value)"
    if err["type"] in ("int_type", "int_from_float"):
        return f"expected a whole number (such as 4), not {_said(err.get('input'))}"
    return msg.replace("Input should be", "expected")


def _said(v: Any) -> str:
    """A value as a record writes it, shortened: ``4.9``, ``true``, ``null``, ``"4"``, ``[1]``."""
    try:
        text = json.dumps(v, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(v)
    text = {"NaN": ".nan", "Infinity": ".inf", "-Infinity": "-.inf"}.get(text, text)
    return text if len(text) <= 40 else text[:37] + "..."


if TYPE_CHECKING:
    import yaml
    from pydantic import BaseModel

    from printkit.core.diskcache import DiskCache

M = TypeVar("M", bound="BaseModel")


def read_file(path: Path, shown: str, max_bytes: int, kind: str = "files") -> tuple[Any, dict]:
    """The YAML document in the file at ``path`` and its key-path-to-line table; problems are
    InputErrors naming ``shown`` (a file of more than ``max_bytes`` is refused: ``kind`` such
    as "layout files" says what may be at most that size). A document parsed by an earlier run
    comes from the disk cache (:mod:`printkit.core.diskcache`), where JSON can hold it."""
    try:
        size = path.stat().st_size
    except OSError as e:
        raise InputError(shown, "", f"cannot read the file ({e.strerror})") from None
    if size > max_bytes:
        raise InputError(shown, "", f"the file is {size} bytes; {kind} may be at most {max_bytes}")
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise InputError(shown, "", f"not UTF-8 text ({e.reason} at byte {e.start})") from None
    except OSError as e:
        raise InputError(shown, "", f"cannot read the file ({e.strerror})") from None
    key = (hashlib.sha256(text.encode("utf-8")).hexdigest(),)
    kept = _parsed().get(key)
    if kept is not None:
        data, lines = kept
        return data, {tuple(loc): line for loc, line in lines}
    try:
        data, table = parse_text(text)
    except TextProblem as e:
        raise InputError(shown, "", str(e), e.line) from None
    _parsed().put(key, [], [data, [[list(loc), line] for loc, line in table.items()]])
    return data, table


@functools.cache
def _parsed() -> DiskCache:
    """Documents :func:`read_file` parsed, kept on disk by the sha256 of their text (so an entry
    is never stale): parsing YAML is most of the time of reading a layout or data file."""
    from printkit.core.diskcache import DiskCache

    return DiskCache("parsed", encode=_encoded, object_hook=_decoded)


#: How :func:`_encoded` writes a mapping JSON has no object for: ``{PAIRS: [[key, value], ...]}``.
PAIRS = "\0pairs"


def _encoded(data: Any) -> Any:
    """A parsed document as JSON holds it: a mapping with a key that is not a string (YAML's
    ``2: ...``) becomes ``{PAIRS: [[2, ...], ...]}``, which :func:`_decoded` (``json.loads``'s
    object hook) turns back into the mapping (anything else JSON cannot hold, such as a date,
    makes the cache keep nothing).

    >>> _encoded({"a": {2: "two", "b": [1.5, None]}})
    {'a': {'\\x00pairs': [[2, 'two'], ['b', [1.5, None]]]}}
    >>> json.loads(json.dumps(_encoded({"a": {2: "two", "b": [1.5, None]}})), object_hook=_decoded)
    {'a': {2: 'two', 'b': [1.5, None]}}
    """
    if isinstance(data, list):
        return [_encoded(v) for v in data]
    if not isinstance(data, dict):
        return data
    if all(type(k) is str for k in data) and PAIRS not in data:
        return {k: _encoded(v) for k, v in data.items()}
    return {PAIRS: [[k, _encoded(v)] for k, v in data.items()]}


def _decoded(obj: dict) -> Any:
    """A JSON object read back: the mapping :func:`_encoded` wrote as pairs, or as it is."""
    if len(obj) == 1 and PAIRS in obj:
        return dict(obj[PAIRS])
    return obj


def validate(model: type[M], data: Any, table: dict, shown: str) -> M:
    """``data`` checked against ``model``; the first problem is an InputError with its key path
    and line."""
    from pydantic_core import ValidationError  # pydantic's own ValidationError

    try:
        return model.model_validate(data)
    except ValidationError as e:
        where, message, line = first_error(e, table)
        raise InputError(shown, where, message, line) from None
