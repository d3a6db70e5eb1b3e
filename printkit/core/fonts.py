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
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any

from printkit.core.resources import fonts_dir
from printkit.errors import PrintkitError

if TYPE_CHECKING:
    from fontTools.ttLib import TTFont

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


class _CharMilli(dict[str, int]):
    """A font's advance per character, in thousandths of an em, filled in as characters are
    met (``__missing__``), so that ``sum(map(chars.__getitem__, text))`` measures a text in C.
    A character without a glyph takes the .notdef advance it prints with."""

    __slots__ = ("widths", "notdef")

    def __init__(self, widths: dict[int, int], notdef: int) -> None:
        super().__init__()
        self.widths = widths
        self.notdef = notdef

    def __missing__(self, ch: str) -> int:
        m = self[ch] = self.widths.get(ord(ch), self.notdef)
        return m


@dataclass
class Font:
    """A bundled font's metrics, read once from its file by reportlab (which embeds it in PDFs);
    glyph names and outlines (SVG only) come from fontTools when first asked for."""

    name: str
    path: str
    units_per_em: int
    ascent: float  # in em
    descent: float  # in em, negative
    widths: dict[int, int]  # code point -> advance in thousandths of an em, for the glyphs it has
    notdef_width: int  # the advance of .notdef, which a character without a glyph shows
    _pdf: Any = field(default=None, repr=False, compare=False)  # its reportlab TTFont (see pdf)
    _char_milli: _CharMilli = field(init=False, repr=False, compare=False)
    _text_milli: dict[str, int] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._char_milli = _CharMilli(self.widths, self.notdef_width)

    @property
    def pdf(self) -> Any:
        """Its reportlab TTFont (which the PDF backend registers and embeds)."""
        return self._pdf

    @cached_property
    def tt(self) -> TTFont:
        """The font parsed by fontTools (for SVG glyph names and outlines)."""
        from fontTools.ttLib import TTFont

        return TTFont(self.path, lazy=True)

    @cached_property
    def cmap(self) -> dict[int, str]:
        """Code point -> glyph name (SVG ids name glyphs)."""
        return dict(self.tt.getBestCmap())

    @cached_property
    def milli(self) -> dict[str, int]:
        """Glyph name -> advance width in thousandths of an em."""
        upem = self.units_per_em
        return {g: round(adv * 1000 / upem) for g, (adv, _lsb) in self.tt["hmtx"].metrics.items()}

    def glyph_name(self, ch: str) -> str:
        return self.cmap.get(ord(ch), ".notdef")

    def advance(self, glyph: str) -> float:
        """The advance width of a glyph in font units (from its rounded width)."""
        return self.milli[glyph] * self.units_per_em / 1000

    def width(self, text: str, size: float) -> float:
        """Width of ``text`` at em size ``size`` (same unit as the result)."""
        return self.text_milli(text) * size / 1000

    def text_milli(self, text: str) -> int:
        """Advance of ``text`` in thousandths of an em (a whole number; cached per string).

        Whole numbers add up exactly, so the advance of ``a + " " + b`` is the sum of the
        three parts' (text.wrap relies on that to measure a line a word at a time)."""
        total = self._text_milli.get(text)
        if total is None:
            # The characters' advances summed in C: _CharMilli looks up a character it has not met.
            total = sum(map(self._char_milli.__getitem__, text))
            if len(self._text_milli) >= _TEXT_CACHE:  # --count runs draw new strings a sheet
                self._text_milli.clear()
            self._text_milli[text] = total
        return total

    @cache  # noqa: B019 - fonts live as long as the process (get_font caches them): no leak
    def outline(self, glyph: str) -> str:
        """SVG path data of a glyph in font units, y pointing up."""
        from fontTools.pens.svgPathPen import SVGPathPen

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
    return _read(name, str(path))


def _read(name: str, path: str) -> Font:
    """A font's metrics from reportlab's parse of it (the parse the PDF backend embeds from):
    advance widths rounded to whole thousandths of an em; units per em, and ascent and
    descent as the ``hhea`` table gives them (read with the parser's own table reader)."""
    from reportlab.pdfbase.ttfonts import TTFont as PdfFont

    rl = PdfFont("printkit-" + name, path)
    face = rl.face
    upem = face.unitsPerEm
    face.seek_table("hhea", 4)  # hhea: version (4 bytes), then ascender and descender
    ascent, descent = face.read_short(), face.read_short()
    widths = {code: round(face.charWidths[code]) for code, glyph in face.charToGlyph.items() if glyph}
    notdef = round(face.defaultWidth)
    # The PDF's /Widths come from the face's charWidths and defaultWidth (attributes
    # reportlab's TTFontFile documents as the parse's result): the same whole numbers as the
    # layout and the SVG, since pdfium truncates fractional widths (text would come out shorter).
    face.charWidths, face.defaultWidth = {code: round(w) for code, w in face.charWidths.items()}, notdef
    return Font(name=name, path=path, _pdf=rl, units_per_em=upem, ascent=ascent / upem, descent=descent / upem,
                widths=widths, notdef_width=notdef)


_registered: set[str] = set()


def register_pdf_font(name: str) -> str:
    """Register a bundled font with reportlab (embedded as a subset); returns its PDF name."""
    pdf_name = "printkit-" + name
    if pdf_name not in _registered:
        from reportlab.pdfbase import pdfmetrics

        pdfmetrics.registerFont(get_font(name).pdf)
        _registered.add(pdf_name)
    return pdf_name
