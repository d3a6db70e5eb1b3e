"""The bundled fonts: metrics for text layout, registration with reportlab, glyph outlines for SVG.

Both backends place text from the same metrics (the fonts' advance widths, no kerning), so a
line of text is exactly as long in the PDF as in the SVG. Advance widths are rounded to whole
thousandths of an em, because that is what PDF viewers honour: pdfium, for one, truncates the
fractional ``/Widths`` a PDF may carry, which would make PDF text shorter than the SVG's.

>>> f = get_font("sans")
>>> round(f.width("Hello", 10), 3)
25.35
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.ttLib import TTFont

from printkit.core.resources import fonts_dir
from printkit.errors import PrintkitError

#: Font names usable in layouts, and their files in ``fonts/``: DejaVu Sans (Bitstream Vera
#: licence) for everything, and Comfortaa Bold (SIL OFL 1.1, fonts/LICENSE-Comfortaa-OFL.txt), a
#: rounded display face, for titles and big numbers.
FONT_FILES = {
    "sans": "DejaVuSans.ttf",
    "sans-bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed.ttf",
    "condensed-bold": "DejaVuSansCondensed-Bold.ttf",
    "display": "Comfortaa-Bold.ttf",
}


#: Strings whose width a font remembers (then it starts again). ``make all``'s busiest font
#: measures about 2,200 distinct strings; a ``--count`` run measures a new footer and sheet id
#: every sheet, which never come back: a small bound keeps its memory flat (under 1 MB a
#: font) and never clears during ``make all``.
_TEXT_CACHE = 3_000


@dataclass
class Font:
    name: str
    path: str
    tt: TTFont
    units_per_em: int
    ascent: float  # in em
    descent: float  # in em, negative
    cmap: dict[int, str]
    milli: dict[str, int]  # advance widths in thousandths of an em
    _char_milli: dict[str, int] = field(default_factory=dict, repr=False, compare=False)
    _text_milli: dict[str, int] = field(default_factory=dict, repr=False, compare=False)

    def glyph_name(self, ch: str) -> str:
        return self.cmap.get(ord(ch), ".notdef")

    def advance(self, glyph: str) -> float:
        """The advance width of a glyph in font units (from its rounded width)."""
        return self.milli[glyph] * self.units_per_em / 1000

    def width(self, text: str, size: float) -> float:
        """Width of ``text`` at em size ``size`` (same unit as the result)."""
        return self.text_milli(text) * size / 1000

    def text_milli(self, text: str) -> int:
        """Advance of ``text`` in thousandths of an em (a whole number; cached per string)."""
        total = self._text_milli.get(text)
        if total is None:
            chars = self._char_milli
            total = 0
            for ch in text:
                m = chars.get(ch)
                if m is None:
                    m = chars[ch] = self.milli[self.glyph_name(ch)]
                total += m
            if len(self._text_milli) >= _TEXT_CACHE:  # --count runs draw new strings a sheet
                self._text_milli.clear()
            self._text_milli[text] = total
        return total

    @cache  # noqa: B019 - fonts live as long as the process (get_font caches them): no leak
    def outline(self, glyph: str) -> str:
        """SVG path data of a glyph in font units, y pointing up."""
        pen = SVGPathPen(self.tt.getGlyphSet())
        self.tt.getGlyphSet()[glyph].draw(pen)
        return pen.getCommands()

    def __hash__(self) -> int:
        return hash(self.name)


@cache
def get_font(name: str) -> Font:
    """The bundled font called ``name``; a PrintkitError names the known ones."""
    if name not in FONT_FILES:
        raise PrintkitError(f"unknown font {name!r}; known fonts: {', '.join(FONT_FILES)}")
    path = fonts_dir() / FONT_FILES[name]
    if not path.is_file():
        raise PrintkitError(f"font file missing: {path} (the fonts/ folder ships with printkit)")
    tt = TTFont(str(path), lazy=True)
    upem = tt["head"].unitsPerEm
    hhea = tt["hhea"]
    return Font(
        name=name,
        path=str(path),
        tt=tt,
        units_per_em=upem,
        ascent=hhea.ascent / upem,
        descent=hhea.descent / upem,
        cmap=dict(tt.getBestCmap()),
        milli={g: round(adv * 1000 / upem) for g, (adv, _lsb) in tt["hmtx"].metrics.items()},
    )


_registered: set[str] = set()


def register_pdf_font(name: str) -> str:
    """Register a bundled font with reportlab (embedded as a subset); returns its PDF name."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont as RLTTFont

    pdf_name = "printkit-" + name
    if pdf_name not in _registered:
        font = get_font(name)
        rl = RLTTFont(pdf_name, font.path)
        # The PDF's /Widths come from these: make them the whole numbers the SVG uses too.
        face = rl.face
        for code in list(face.charWidths):
            face.charWidths[code] = font.milli.get(font.cmap.get(code, ""), round(face.charWidths[code]))
        face.defaultWidth = font.milli[".notdef"]
        pdfmetrics.registerFont(rl)
        _registered.add(pdf_name)
    return pdf_name
