"""Font metrics read from reportlab's parse of each font (the one the PDF embeds by) are the ones
fontTools reads: every code point's advance, .notdef's, units per em, ascent and descent."""

import pytest
from fontTools.ttLib import TTFont

from printkit.core.fonts import FONT_FILES, get_font


@pytest.mark.parametrize("name", list(FONT_FILES))
def test_metrics_equal_fonttools(name):
    font = get_font(name)
    tt = TTFont(font.path, lazy=True)
    upem = tt["head"].unitsPerEm
    milli = {g: round(adv * 1000 / upem) for g, (adv, _) in tt["hmtx"].metrics.items()}
    cmap = tt.getBestCmap()
    assert font.units_per_em == upem
    assert (font.ascent, font.descent) == (tt["hhea"].ascent / upem, tt["hhea"].descent / upem)
    assert font.notdef_width == milli[".notdef"]
    assert font.widths == {code: milli[glyph] for code, glyph in cmap.items()}
    assert len(font.widths) > 800
    # what layout measures, character by character, including one the font lacks
    text = "".join(chr(c) for c in sorted(cmap)[:400]) + "\U0001F600"
    assert font.text_milli(text) == sum(milli[cmap.get(ord(ch), ".notdef")] for ch in text)
    # SVG's glyph names and advances still come from fontTools
    assert font.glyph_name("A") == cmap[65] and font.advance(font.glyph_name("A")) == milli[cmap[65]] * upem / 1000
