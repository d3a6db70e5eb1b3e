"""Templates: text with ``{name}`` fields filled from the data being drawn, and nothing more.

A layout file may come from anywhere, so a template is data, not code. It can only name the
fields of the data it is given: ``{player}``, ``{item.name}`` (a key of a mapping),
``{scores[2]}`` (an item of a list, or a key of a mapping), with a format spec
(``{pitch:.4f}``, ``{cell:g}``, ``{share:.0%}``, ``{name:>12}``) and a conversion (``!r``, ``!s``).
It never reads an attribute of a Python object, never a name starting with ``__``, and a
format's width and precision are at most :data:`MAX_WIDTH`; what a template gives is at most
:data:`MAX_TEXT` characters.

>>> fill("{a.b[1]:>4}|{n:.2f}", {"a": {"b": [1, 22]}, "n": 2})
'  22|2.00'
>>> try:
...     fill("{f.__globals__}", {"f": fill})
... except TemplateError as e:
...     print(e)
'__globals__' is not a data name (names starting with '__' are refused)
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from printkit.core.limits import MAX_TEXT, MAX_WIDTH

_PLAIN = (str, int, float, bool, type(None))
_SCALARS = frozenset(_PLAIN)  # exactly these types: plain at once (subclasses go through _plain)
_FIRST = re.compile(r"[^.\[\]{}:!]+")
_STEP = re.compile(r"\.([^.\[\]{}:!]+)|\[([^\[\]{}:!]+)\]")
_INT = re.compile(r"-?[0-9]{1,9}")
_SPEC = re.compile(r"(?:[^{}]?[<>=^])?[-+ ]?z?#?0?(?P<width>[0-9]*)[_,]?(?:\.(?P<precision>[0-9]+))?"
                   r"[bcdeEfFgGnosxX%]?", re.S)


class TemplateError(ValueError):
    """A template that is not allowed, or cannot be filled from the data given."""


class MissingData(TemplateError):
    """A template names data that was not given (``name`` is the first name missing)."""

    def __init__(self, name: str):
        super().__init__(f"no data called {name!r}")
        self.name = name


def _name(text: str, index: bool = False) -> str | int:
    """A key: ``[2]`` is the number 2 (an item of a list), any other key is text."""
    if text.startswith("__"):
        raise TemplateError(f"{text!r} is not a data name (names starting with '__' are refused)")
    return int(text) if index and _INT.fullmatch(text) else text


@lru_cache(maxsize=4096)
def field_path(name: str) -> tuple[str, tuple[str | int, ...]]:
    """``"h.boxes[2].n"`` -> ``("h", ("boxes", 2, "n"))``: the data name and the keys below it.

    >>> field_path("fit.board.cell")
    ('fit', ('board', 'cell'))
    """
    first = _FIRST.match(name)
    if first is None:
        raise TemplateError(f"{{{name}}} does not name any data: write {{name}}, {{name.key}} or {{name[0]}}")
    steps: list[str | int] = []
    pos = first.end()
    while pos < len(name):
        m = _STEP.match(name, pos)
        if m is None:
            raise TemplateError(f"{{{name}}}: expected .key or [index] at {name[pos:]!r}")
        steps.append(_name(m.group(1)) if m.group(1) else _name(m.group(2), index=True))
        pos = m.end()
    head = _name(first.group())
    return str(head), tuple(steps)


def _check_spec(spec: str) -> None:
    m = _SPEC.fullmatch(spec)
    if m is None:
        raise TemplateError(f"bad format spec {spec!r} (such as .2f, g, >8 or .0%)")
    for part in ("width", "precision"):
        digits = m.group(part) or ""
        if len(digits) > 4 or (digits and int(digits) > MAX_WIDTH):
            raise TemplateError(f"format spec {spec!r}: the {part} may be at most {MAX_WIDTH}")


@lru_cache(maxsize=4096)
def parse(text: str) -> tuple[tuple[str, str | None, str | None, str | None], ...]:
    """``text`` split into (literal, field name, format spec, conversion) pieces, each checked.

    Raises TemplateError for anything a template may not say.
    """
    try:
        pieces = tuple(string.Formatter().parse(text))
    except ValueError as e:
        raise TemplateError(f"{e} (write {{{{ and }}}} for a brace)") from None
    for _, name, spec, conv in pieces:
        if name is None:
            continue
        field_path(name)
        if conv not in (None, "r", "s", "a"):
            raise TemplateError(f"{{{name}!{conv}}}: the conversion may be !r, !s or !a")
        if spec:
            if "{" in spec or "}" in spec:
                raise TemplateError(f"{{{name}:{spec}}}: a format spec cannot hold a template")
            _check_spec(spec)
    return pieces


def lookup(name: str, data: Mapping[str, Any]) -> Any:
    """The value ``name`` (``a.b[0]``) names in ``data``: keys of mappings and items of lists only."""
    head, steps = field_path(name)
    if head not in data:
        raise MissingData(head)
    obj = data[head]
    for i, key in enumerate(steps):
        if type(obj) is dict or isinstance(obj, Mapping):  # a plain dict without the ABC check
            if key not in obj:
                raise MissingData(_shown(head, steps[:i + 1]))
            obj = obj[key]
        elif isinstance(obj, (list, tuple)) and isinstance(key, int):
            if not -len(obj) <= key < len(obj):
                raise MissingData(_shown(head, steps[:i + 1]))
            obj = obj[key]
        else:
            kind = "a list" if isinstance(obj, (list, tuple)) else f"a {type(obj).__name__}"
            raise TemplateError(f"{{{name}}}: {_shown(head, steps[:i])} is {kind}, which has no {key!r}")
    return obj


def _shown(head: str, steps: tuple[str | int, ...]) -> str:
    """``a.b[0]``: a data name and keys below it, as a template writes them (for messages)."""
    return head + "".join(f".{key}" if isinstance(key, str) else f"[{key}]" for key in steps)


def _plain(value: Any, budget: list[int]) -> bool:
    """Whether ``value`` is text, a number, a boolean or None, or lists and mappings of them."""
    budget[0] -= 1
    if budget[0] < 0:
        return False
    if isinstance(value, _PLAIN):
        return True
    if isinstance(value, (list, tuple)):
        return all(_plain(v, budget) for v in value)
    if isinstance(value, Mapping):
        return all(_plain(k, budget) and _plain(v, budget) for k, v in value.items())
    return False


def fill(text: str, data: Mapping[str, Any]) -> str:
    """``text`` with its fields filled from ``data``; TemplateError if it may not or cannot be."""
    plan = _PLANS.get(text)
    if plan is None:
        if "{" not in text and "}" not in text and len(text) <= MAX_TEXT:
            return text  # no field and no escaped brace: parse would give back the text as it is
        plan = _plan(text)
    if plan is not _LONG_WAY and type(data) is dict:
        # The usual template, one plain field (``{i.x}mm``): the same text as _fill gives when
        # every step is a key of a plain dict and the value is exactly a str, int, float, bool
        # or None; anything else (a missing name, a list, a Mapping) goes the long way.
        before, head, steps, after = plan
        obj = data.get(head, _NOTHING)
        for key in steps:
            if type(obj) is not dict:
                break
            obj = obj.get(key, _NOTHING)
        else:
            if type(obj) in _SCALARS:
                out = before + str(obj) + after
                if len(out) <= MAX_TEXT:
                    return out
    return _fill(text, data)


_NOTHING: Any = object()
#: A template that _fill fills (more than one field, a format spec, a conversion, an index).
_LONG_WAY: Any = object()
#: How :func:`fill` fills a template, by its text (``make all`` fills ~270 distinct templates
#: ~14,000 times): _LONG_WAY, or its one field's (text before, data name, keys, text after).
#: Text without a brace is not kept (it is given back as it is). Bounded: cleared when full
#: (parse keeps as many texts).
_PLANS: dict[str, Any] = {}
_PLANS_MAX = 1024


def _plan(text: str) -> Any:
    """How :func:`fill` fills ``text`` (see _PLANS), worked out and remembered; raises
    TemplateError, remembering nothing, for a template that may not be filled."""
    plan: Any = _one_field(text)
    if plan is None:
        plan = _LONG_WAY
    if len(_PLANS) >= _PLANS_MAX:
        _PLANS.clear()
    _PLANS[text] = plan
    return plan


def one_field(text: str) -> tuple[str, str, tuple[str | int, ...], str] | None:
    """How :func:`fill` fills ``text`` when it is one plain field (see _PLANS): (text before, data
    name, keys, text after); None for any other text, and for a template that may not be filled
    (:func:`fill` says why). Lets a caller that wants the field's value itself (a length,
    render.py) skip making the text."""
    plan = _PLANS.get(text)
    if plan is None:
        if "{" not in text:
            return None
        try:
            plan = _plan(text)
        except TemplateError:
            return None
    return None if plan is _LONG_WAY else plan


def _one_field(text: str) -> tuple[str, str, tuple[str | int, ...], str] | None:
    """(text before, data name, keys, text after) of a template with exactly one field, without
    a format spec or conversion, whose keys are all text; None for any other template."""
    pieces = parse(text)
    if len(pieces) > 2 or pieces[0][1] is None or pieces[0][2] or pieces[0][3]:
        return None
    if len(pieces) == 2 and pieces[1][1] is not None:
        return None
    head, steps = field_path(pieces[0][1])
    if any(type(key) is not str for key in steps):
        return None
    return pieces[0][0], head, steps, pieces[1][0] if len(pieces) == 2 else ""


def _fill(text: str, data: Mapping[str, Any]) -> str:
    out: list[str] = []
    size = 0
    for literal, name, spec, conv in parse(text):
        out.append(literal)
        size += len(literal)
        if name is not None:
            value = lookup(name, data)
            if type(value) not in _SCALARS and not _plain(value, [MAX_TEXT]):
                raise TemplateError(f"{{{name}}} is not text or a number (a {type(value).__name__})")
            if conv:
                value = repr(value) if conv == "r" else ascii(value) if conv == "a" else str(value)
            piece = _formatted(value, spec) if spec else str(value)
            out.append(piece)
            size += len(piece)
        if size > MAX_TEXT:
            raise TemplateError(f"the text it gives is longer than {MAX_TEXT} characters")
    return "".join(out)


def _formatted(value: Any, spec: str) -> str:
    """``value`` in the format ``spec``; a TemplateError naming the spec if it cannot be (``c`` of
    a number that is no character, ``d`` of a text, ``,`` with ``s``).

    >>> _formatted(65, "c")
    'A'
    >>> try:
    ...     _formatted(1114112, "c")
    ... except TemplateError as e:
    ...     print(e)
    format spec 'c' cannot format a int: %c arg not in range(0x110000)
    """
    try:
        return format(value, spec)
    except (ValueError, TypeError, OverflowError) as e:
        raise TemplateError(f"format spec {spec!r} cannot format a {type(value).__name__}: {e}") from None


def check_name(name: str) -> None:
    """Raise TemplateError unless ``name`` names data (as ``over`` does: ``sheets``, ``data.items``)."""
    field_path(name)
