"""Jubako in Tabletop Simulator: the 12 single Delicacy tiles, printed in pairs to cut apart,
cut apart (printkit.core.export.tts.parts); the 78 doubles as printed."""

from __future__ import annotations

from typing import Any

from printkit.core.draw.ops import Document
from printkit.core.export.tts.parts import Part
from printkit.games.jubako.components import tiles_data


def _square(x: float, w: float, h: float) -> tuple[tuple[float, float], ...]:
    return ((x, 0.0), (x + w, 0.0), (x + w, h), (x, h))


def tiles(doc: Document, own: dict[str, Any]) -> list[Part]:
    """Each card's face of the tiles (one a page, in the data's order, each followed by its
    back, the tiles' common back: a page of its own, not a part): a double is its whole card,
    named by its two delicacies; a pair of singles is two tiles, a cell each."""
    data = tiles_data()
    cell, width = data["cell"], data["tile_w"]
    faces = [p for p, page in enumerate(doc.pages) if not page.label.endswith(" back")]
    found = []
    for p, tile in zip(faces, data["tiles"], strict=True):
        ids = [half["id"] for half in tile["halves"]]
        if tile["singles"]:
            found += [Part(p, f"single-{d}", (_square(k * cell, cell, cell),)) for k, d in enumerate(ids)]
        else:
            found.append(Part(p, "-".join(ids), (_square(0.0, width, cell),)))
    return found
