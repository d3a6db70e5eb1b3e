"""Which symbols a layout's symbols use, and the two ways that use can go wrong.

A symbol may use other symbols (``use: {symbol: dot}`` among its elements, in its frames and
repeats, or as a ``sections`` icon). Symbols that use each other in a circle would be drawn
forever, and a long chain of symbols each using the next is drawn by going down the chain; both
are refused when the layout is read (:func:`check_uses`), by a walk kept in a list, not in
recursion, so that no chain is too long for the check itself. Symbols named by a template are
known only when drawn: the renderer refuses the same two things then (``define_symbol``).

How much a use of a symbol draws is counted by the renderer: the first use draws the symbol
once (counting what it draws, the symbols it uses counted as they are, by their own counts),
and every use counts that on its page (``Renderer.expand``), so symbols that each use the
next twice are counted, never expanded, and refused when a page would draw too much.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from printkit.core.limits import MAX_SYMBOL_DEPTH


def _named(symbol: Any) -> str | None:
    """A symbol named without a template (a template's symbol is known only when drawn)."""
    return symbol if isinstance(symbol, str) and "{" not in symbol else None


def uses(elements: Sequence[Any]) -> Iterator[str]:
    """The symbols ``elements`` use by name, in frames and repeats too, and as icons of the
    sections a ``sections`` element lists.

    >>> from printkit.core.layout.model import SymbolSpec
    >>> els = SymbolSpec.model_validate({"elements": [{"use": {"symbol": "a"}}, {"use": {"symbol": "{x}"}},
    ...     {"frame": {"elements": [{"repeat": {"count": 2, "elements": [{"use": {"symbol": "b"}}]}}]}}]}).elements
    >>> list(uses(els))
    ['a', 'b']
    """
    for el in elements:
        if el.type == "use" and (name := _named(el.symbol)) is not None:
            yield name
        elif el.type == "sections" and isinstance(el.over, list):
            yield from (name for item in el.over if isinstance(item, dict)
                        and (name := _named(item.get("icon"))) is not None)
        elif el.type in ("frame", "repeat"):
            yield from uses(el.elements)


def check_uses(symbols: Mapping[str, Any], refuse: Callable[[str, str], Exception]) -> None:
    """Raise ``refuse(name, why)`` for symbols that use each other in a circle, or a chain of
    more than :data:`MAX_SYMBOL_DEPTH` symbols each using the next: a depth-first walk, each
    symbol's uses followed once.

    >>> from printkit.core.layout.model import SymbolSpec
    >>> def sym(*names):
    ...     return SymbolSpec.model_validate({"elements": [{"use": {"symbol": n}} for n in names]})
    >>> check_uses({"a": sym("b", "b"), "b": sym("c"), "c": sym()}, ValueError)
    >>> check_uses({"a": sym("b"), "b": sym("a")}, lambda name, why: ValueError(why))
    Traceback (most recent call last):
    ValueError: symbols use each other in a circle: a -> b -> a
    """
    deps = {name: [n for n in dict.fromkeys(uses(spec.elements)) if n in symbols]
            for name, spec in symbols.items()}
    done: set[str] = set()
    for start in symbols:
        if start in done:
            continue
        path = [start]  # the symbols being followed, each using the next ...
        todo = [iter(deps[start])]  # ... and the uses of each still to follow
        while todo:
            nxt = next(todo[-1], None)
            if nxt is None:
                done.add(path.pop())
                todo.pop()
            elif nxt in path:
                raise refuse(nxt, "symbols use each other in a circle: "
                                  + " -> ".join(path[path.index(nxt):] + [nxt]))
            elif nxt not in done:
                path.append(nxt)
                todo.append(iter(deps[nxt]))
                if len(path) > MAX_SYMBOL_DEPTH:
                    raise refuse(start, f"symbols use one another more than {MAX_SYMBOL_DEPTH} deep: "
                                        f"{path[0]} -> {path[1]} -> ... -> {path[-1]}")
