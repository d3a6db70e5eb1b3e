"""Jubako in Tabletop Simulator: the 12 single Delicacy tiles, printed in pairs to cut apart,
cut apart (printkit.core.export.tts.parts); the 78 doubles as printed. Every tile has the
printed common back (layouts/jubako/tiles.yaml ``back``) on its other side."""

from __future__ import annotations

from typing import Any

from printkit.core.draw.ops import Document
from printkit.core.export.tts.parts import Part
from printkit.games.jubako.components import tiles_data


def _square(x: float, w: float, h: float) -> tuple[tuple[float, float], ...]:
    return ((x, 0.0), (x + w, 0.0), (x + w, h), (x, h))


def tiles(doc: Document, own: dict[str, Any]) -> list[Part]:
    """Each card's face of the tiles (one a page, in the data's order, each followed by its
    back, the tiles' common back): a double is its whole card, named by its two delicacies,
    its back the whole back page (``back``); a pair of singles is two tiles, a cell each, the
    back of each the back page's cell that lies behind it once the card is turned over
    sideways (the other cell: ``single-back``, the same lid)."""
    data = tiles_data()
    cell, width = data["cell"], data["tile_w"]
    pages = doc.pages
    faces = [p for p, page in enumerate(pages) if page.label.endswith(" face")]
    found = []
    for p, tile in zip(faces, data["tiles"], strict=True):
        back = p + 1  # the card's back page follows its face (printkit/core/draw/page.py)
        ids = [half["id"] for half in tile["halves"]]
        if tile["singles"]:
            found += [Part(p, f"single-{d}", (_square(k * cell, cell, cell),),
                           back=Part(back, "single-back", (_square((1 - k) * cell, cell, cell),)))
                      for k, d in enumerate(ids)]
        else:
            found.append(Part(p, "-".join(ids), (_square(0.0, width, cell),),
                              back=Part(back, "back", (_square(0.0, width, cell),))))
    return found
