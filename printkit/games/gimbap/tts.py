"""Gimbap in Tabletop Simulator: the paper fillings cut out of their pages along their outlines
(printkit.core.export.tts.parts), a set for each player."""

from __future__ import annotations

from typing import Any

from printkit.core.draw.ops import IDENTITY, Document, Path, Polygon, Rect, walk
from printkit.core.export.tts.parts import Part, outline
from printkit.games.gimbap.content import CONTENT

#: Fillings a game has of each: one set a player, four players (the rulebook's components).
SETS = 4


def fillings(doc: Document, own: dict[str, Any]) -> list[Part]:
    """The seaweed sheet and every filling (the shapes tagged with their part's id), cut half
    their outline's width out; SETS of each."""
    found = []
    for p, page in enumerate(doc.pages):
        for op, m in walk(page.ops, IDENTITY, doc.symbols):
            tag = getattr(op, "tag", None)
            if tag in CONTENT.parts and isinstance(op, Rect | Polygon | Path):
                found.append(Part(p, tag, tuple(outline(op, m)), stroke=op.style.stroke_width * m.scale_factor / 2,
                                  count=SETS))
    return found
