"""Gemblo in Tabletop Simulator: each piece cut out of the printed sheet along its hex outline
(printkit.core.tts.parts), to be a Custom_Token of its shape."""

from __future__ import annotations

from typing import Any

from printkit.core.draw.ops import IDENTITY, Document, Path, Polygon, Use, walk
from printkit.core.tts.parts import Part, outline


def pieces(doc: Document, own: dict[str, Any]) -> list[Part]:
    """Every piece on the fronts of the pieces' sheets: its cells' hexagons where the sheet puts
    them, the cut half the outline's width out; named COLOUR-PIECE (``red-I5``)."""
    found = []
    for p, page in enumerate(doc.pages):
        for op, m in walk(page.ops, IDENTITY):
            tag = getattr(op, "tag", None) or ""
            if not (isinstance(op, Use) and tag.startswith("piece ")) or tag.startswith("piece back"):
                continue
            _, colour, name = tag.split(" ")
            place = m @ op.matrix
            cells = [poly for shape, at in walk(doc.symbols[op.symbol], place, doc.symbols)
                     if isinstance(shape, Polygon) for poly in outline(shape, at)]
            widths = [shape.style.stroke_width * at.scale_factor
                      for shape, at in walk(doc.symbols[op.symbol], place, doc.symbols) if isinstance(shape, Path)]
            found.append(Part(p, f"{colour}-{name}", tuple(cells), stroke=max(widths, default=0.0) / 2))
    return found
