"""Issue 28 (DESIGN.md "Use the page"): a full-page sheet leaves no band wider than about 25 mm
empty. A layout of fixed size must fit Letter (a design box at most 256.9 mm tall, at the top of
the page), so on A4, 17.6 mm taller, the band above the footer is at least about 25 mm: these
sheets fill the tallest box Letter allows, and the test allows 28 mm on A4 (they left 32-36 mm
before). On Letter their content must still stand clear of the footer.

Measured on the made PDFs at 50 dpi (a pixel is 0.51 mm): the blank rows between the last ink of
the design and the footer, the page's last ink."""

from __future__ import annotations

import numpy as np
import pytest

from tests import kitcache

DPI = 50
MM = DPI / 25.4

#: (game, component, page) of the sheets that fill their design box.
SHEETS = [("gimbap", "pad", 0), ("trickdumpling", "track", 0), ("jubako", "board", 0), ("jubako", "board", 1)]


def gap_above_footer_mm(game: str, comp: str, page: int, *options: str) -> float:
    """The blank band between the page's content and its footer, in mm."""
    img = kitcache.pdf_page(kitcache.pdf(game, comp, "--seed", "7", *options), page, DPI)
    rows = np.flatnonzero((img.min(axis=2) < 240).any(axis=1))
    footer_top = rows[-1]
    while footer_top - 1 in rows:  # up through the footer's own rows
        footer_top -= 1
    content_end = rows[rows < footer_top][-1]
    return (footer_top - content_end - 1) / MM


@pytest.mark.parametrize("game,comp,page", SHEETS, ids=[f"{g}-{c}-{p + 1}" for g, c, p in SHEETS])
def test_a4_sheet_fills_the_page(game, comp, page):
    assert gap_above_footer_mm(game, comp, page) <= 28.0


@pytest.mark.parametrize("game,comp,page", SHEETS, ids=[f"{g}-{c}-{p + 1}" for g, c, p in SHEETS])
def test_letter_sheet_stands_clear_of_the_footer(game, comp, page):
    assert gap_above_footer_mm(game, comp, page, "--paper", "letter") >= 3.0
