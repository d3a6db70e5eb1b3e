"""Reading a photographed paper Roll n Cook sheet back (issue 30): see docs/scanning.md."""

from __future__ import annotations

from functools import lru_cache
from typing import Any


@lru_cache(maxsize=8)
def render_page(seed: int, paper: str, ppm: float) -> Any:
    """The blank printed page of sheet ``seed`` on ``paper`` as a PIL RGB image, ``ppm`` pixels a mm."""
    from printkit.core.draw.page import PrintOptions
    from printkit.core.draw.pdf import render_pdf
    from printkit.core.preview import rasterise
    from printkit.games.rollncook.components import build_sheets

    pdf = render_pdf(build_sheets(PrintOptions(paper=paper, seed=seed)))
    return next(rasterise(pdf, ppm * 25.4))
