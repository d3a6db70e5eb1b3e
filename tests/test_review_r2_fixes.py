"""Issue 28, review R2 (second round): small fixes measured on the drawing model of real output."""

from __future__ import annotations

import pytest

from printkit.core.draw import ops as O
from printkit.core.draw.page import FOOTER_GAP, FOOTER_H, PAGE_MARGIN, PrintOptions
from printkit.core.fonts import get_font
from printkit.core.registry import games
from printkit.core.units import pt_to_mm

HOWTO = "fold it along the line between the dashed ticks"


@pytest.mark.parametrize("paper,bleed", [("a4", 0.0), ("letter", 0.0), ("a4", 3.0)])
def test_gimbap_fold_sheet_says_how_to_make_the_tokens(paper, bleed):
    """The fold-and-glue page says once, in the band under the backs, how to make the tokens
    (cut the block, fold on the ticks' line, glue, cut round): one line, at body size, 2 mm or
    more below every crop and fold mark and above the footer, inside the page's margins."""
    opts = PrintOptions(paper=paper, bleed=bleed)
    page = games()["gimbap"]["tokens"].build(opts).pages[0]
    notes, marks = [], []
    for op, m in O.walk(page.ops):
        if isinstance(op, O.Text) and HOWTO in op.text:
            notes.append((op, m))
        elif getattr(op, "tag", None) in ("crop-mark", "fold-mark"):
            marks.append(max(m.apply(op.x1, op.y1)[1], m.apply(op.x2, op.y2)[1]))
    assert len(notes) == 1, "the instruction is printed once"
    op, m = notes[0]
    assert op.text.startswith("Cut out the block") and "glue" in op.text and op.text.endswith("cut round each token.")
    size = op.size * m.a
    assert pt_to_mm(8) <= size <= pt_to_mm(9.5)  # body text (DESIGN.md 7.5-9 pt), never under 6 pt
    font = get_font(op.font)
    x0, base = m.apply(op.x, op.y)
    top, bottom = base - font.ascent * size, base - font.descent * size
    W, H = opts.size
    assert top >= max(marks) + 2.0  # clear of the lowest mark
    assert bottom <= H - PAGE_MARGIN - FOOTER_H - FOOTER_GAP  # above the footer
    assert x0 >= PAGE_MARGIN - 1e-6 and x0 + font.width(op.text, size) <= W - PAGE_MARGIN + 1e-6
