"""A poster: a drawing larger than the paper (a board), printed at real size on overlapping
tiles, after a map page that shows how the tiles go together.

The layout's ``poster`` names the slot that gives the drawing (a
:class:`~printkit.core.layout.canvas.Drawing`), the overlap, and the map page's elements; a
``tile_map`` element on that page draws the poster reduced, with every tile outlined and named.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from printkit.core.draw.ops import Page
from printkit.core.draw.page import FooterInfo, PrintOptions, compose_page, plan_tiles, tile_pages
from printkit.core.layout.render import Renderer

if TYPE_CHECKING:
    from printkit.core.layout.model import PosterSpec

#: The map page's label in the footer.
MAP_LABEL = "assembly map"


def poster_pages(r: Renderer, spec: PosterSpec, ctx: dict[str, Any], design: tuple[float, float],
                 opts: PrintOptions, info: FooterInfo) -> list[Page]:
    """The map page, then one page per tile."""
    name, draw = r.slot_function(spec.slot, ctx, "poster.slot")
    overlap = r.length(spec.overlap, ctx, "poster.overlap")
    drawing = r.drawing(name, draw, ctx, design[0], design[1], "poster.slot")
    plan = plan_tiles(drawing.w, drawing.h, opts, overlap)
    total = 1 + len(plan.tiles)
    sub = {**ctx, "tiles": len(plan.tiles), "tile_cols": plan.cols, "tile_rows": plan.rows, "overlap": overlap}
    r.design, r.poster = design, (drawing, plan)
    try:
        ops = r.page(spec.map, sub, "poster.map")
    finally:
        r.poster = None
    first = compose_page(ops, design, opts, info, 1, total, r.layout.file, MAP_LABEL)
    return [first] + tile_pages(list(drawing.ops) + list(drawing.on_tiles), plan, opts, info, first_page=2, pages_total=total)


def poster_item(r: Renderer, spec: PosterSpec, ctx: dict[str, Any], design: tuple[float, float]) -> Page:
    """The whole drawing on one page of its own size, at real size (``--format cards``/``tts``:
    a board as one image): no map, no tiles."""
    name, draw = r.slot_function(spec.slot, ctx, "poster.slot")
    drawing = r.drawing(name, draw, ctx, design[0], design[1], "poster.slot")
    return Page(drawing.w, drawing.h, list(drawing.ops), label="poster")
