"""Measuring drawn documents for the print tests: text sizes at print scale (symbols expanded,
every transform applied), leaving out the page furniture (footer and scale bar) that the core draws."""

from __future__ import annotations

import math

from printkit.core.draw import ops as O

PT = 25.4 / 72  # mm per point


def texts(doc, skip_tags: tuple[str, ...] = ("footer-strip",)):
    """Every Text of every page with its page transform and the page's index; ops under a group
    tagged with one of ``skip_tags`` are left out."""
    for i, page in enumerate(doc.pages):
        yield from ((op, m, i) for op, m in _walk(page.ops, O.Matrix(), doc.symbols, skip_tags)
                    if isinstance(op, O.Text))


def _walk(ops, matrix, symbols, skip):
    for op in ops:
        if isinstance(op, O.Group):
            if op.tag in skip:
                continue
            yield from _walk(op.ops, matrix @ op.matrix, symbols, skip)
        elif isinstance(op, O.Use):
            yield from _walk(symbols[op.symbol], matrix @ op.matrix, symbols, skip)
        else:
            yield op, matrix


def printed_pt(op: O.Text, m: O.Matrix) -> float:
    """The text's em size on paper, in points (its size times the transform's scale)."""
    return op.size * math.sqrt(abs(m.a * m.d - m.b * m.c)) / PT


def under_6_pt(game: str, comp: str) -> list[tuple[str, float]]:
    """The texts of a game's component printed under 6 pt (DESIGN.md), in colour and in black and
    white: (text, size in points), empty when none is."""
    from printkit.core.draw.page import PrintOptions
    from printkit.core.registry import games

    small = []
    for bw in (False, True):
        doc = games()[game][comp].build(PrintOptions(bw=bw))
        small += [(op.text, round(printed_pt(op, m), 2)) for op, m, _ in texts(doc) if printed_pt(op, m) < 6 - 1e-6]
    return small
