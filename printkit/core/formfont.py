"""The font of fillable PDFs' text fields: Printkit Field Sans, embedded whole (docs/fillable.md).

A PDF viewer draws what a player types into a text field with the font the field's default
appearance (``/DA``) names from the form's default resources (``/DR``). reportlab's form
fields only name the standard 14 fonts (Helvetica: Latin only, so a Korean name showed as
empty boxes), so :mod:`printkit.core.draw.pdfjoin` gives every text field this font instead,
as it writes the PDF: a Type0 font (``/Identity-H``: two bytes a character, the glyph id)
whose descendant is the whole TrueType file (``fonts/PrintkitFieldSans.ttf``: Latin, Greek,
Cyrillic and KS X 1001's 2,350 Hangul syllables, tools/build_field_font.py), with the widths
of every glyph and a ``/ToUnicode`` map of every character, so a viewer can encode any
character the player types, and text copied or read back is the player's.

The objects are made once a process (about 250 KB deflated) and written once a file.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass
from functools import cache

from printkit.core.resources import fonts_dir
from printkit.errors import PrintkitError

#: The font's file in ``fonts/``.
FILE = "PrintkitFieldSans.ttf"
#: Its PostScript name (``/BaseFont``: embedded whole, so no subset tag).
BASE_FONT = "PrintkitFieldSans"
#: Its name in the form's ``/DR`` and in each text field's ``/DA``. PDFium (Chrome's viewer)
#: draws a typed character that is not ASCII with the field's font only when that font is a
#: symbol font, which it tells by this name alone (fpdfsdk/pwl/cpdf_bafontmap.cpp: "Wingdings",
#: "Wingdings2", "Wingdings3" or "Webdings"); for any other name it draws Hangul, Greek or
#: Cyrillic with a font of the system, not embedded (empty boxes where the system has none).
#: Under this name it uses the field font for every character the font has. Other viewers
#: (pypdf, pdf.js, poppler, MuPDF) take the font the name stands for in ``/DR``: this one.
RESOURCE = "/Wingdings"
#: The inner margin of a field's text (points), as viewers draw it.
PAD = 2.0

_DA = re.compile(r"^\s*/(\S+)\s+([0-9.]+)\s+Tf\b(.*)$", re.S)


@dataclass(frozen=True)
class FieldFont:
    """The field font's file and what a PDF needs of it (widths and glyphs in thousandths of an em)."""

    data: bytes
    glyphs: dict[int, int]  # code point -> glyph id (the Identity-H code)
    widths: tuple[int, ...]  # by glyph id
    ascent: int
    descent: int
    cap_height: int
    bbox: tuple[int, int, int, int]

    def encode(self, text: str) -> bytes:
        """``text`` as Identity-H codes (a character the font lacks is glyph 0, .notdef)."""
        return b"".join(self.glyphs.get(ord(ch), 0).to_bytes(2, "big") for ch in text)

    def covers(self, text: str) -> bool:
        return all(ord(ch) in self.glyphs for ch in text)

    def width(self, text: str, size: float) -> float:
        return sum(self.widths[self.glyphs.get(ord(ch), 0)] for ch in text) * size / 1000


@cache
def field_font() -> FieldFont:
    """The bundled field font (read once a process); a PrintkitError if its file is missing."""
    from fontTools.ttLib import TTFont

    path = fonts_dir() / FILE
    if not path.is_file():
        raise PrintkitError(f"font file missing: {path} (the fonts/ folder ships with printkit)")
    data = path.read_bytes()
    import io

    tt = TTFont(io.BytesIO(data))
    upem = tt["head"].unitsPerEm
    order = tt.getGlyphOrder()
    gid = {name: i for i, name in enumerate(order)}
    hmtx = tt["hmtx"]
    os2, head = tt["OS/2"], tt["head"]

    def milli(v: float) -> int:
        return round(v * 1000 / upem)

    return FieldFont(
        data=data,
        glyphs={cp: gid[name] for cp, name in sorted(tt.getBestCmap().items())},
        widths=tuple(milli(hmtx[name][0]) for name in order),
        ascent=milli(tt["hhea"].ascent), descent=milli(tt["hhea"].descent),
        cap_height=milli(getattr(os2, "sCapHeight", 700) or 700),
        bbox=(milli(head.xMin), milli(head.yMin), milli(head.xMax), milli(head.yMax)))


def _widths_array(widths: tuple[int, ...], default: int) -> bytes:
    """The CIDFont's ``/W``: runs of glyphs whose width is not ``default``, ``c [w1 w2 ...]``."""
    out: list[bytes] = []
    run: list[int] = []
    start = 0
    for g, w in enumerate([*widths, default]):
        if w != default:
            if not run:
                start = g
            run.append(w)
        elif run:
            out.append(b"%d [%s]" % (start, b" ".join(b"%d" % x for x in run)))
            run = []
    return b"[" + b" ".join(out) + b"]"


def _to_unicode(glyphs: dict[int, int]) -> bytes:
    """A ToUnicode CMap: each glyph id to the character it shows (the first, if several)."""
    by_gid: dict[int, int] = {}
    for cp, g in glyphs.items():
        if g and g not in by_gid and cp <= 0xFFFF:
            by_gid[g] = cp
    runs: list[tuple[int, int, int]] = []  # (first gid, last gid, first code point)
    for g in sorted(by_gid):
        cp = by_gid[g]
        if runs and runs[-1][1] == g - 1 and runs[-1][2] + (g - runs[-1][0]) == cp and g & 0xFF and cp & 0xFF:
            # (a range stays within one last byte, of the glyph ids and of the characters)
            runs[-1] = (runs[-1][0], g, runs[-1][2])
        else:
            runs.append((g, g, cp))
    lines = [b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
             b"/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
             b"/CMapName /Adobe-Identity-UCS def /CMapType 2 def",
             b"1 begincodespacerange <0000> <FFFF> endcodespacerange"]
    for i in range(0, len(runs), 100):  # at most 100 entries a block
        part = runs[i:i + 100]
        lines.append(b"%d beginbfrange" % len(part))
        lines += [b"<%04X> <%04X> <%04X>" % r for r in part]
        lines.append(b"endbfrange")
    lines.append(b"endcmap CMapName currentdict /CMap defineresource pop end end")
    return b"\n".join(lines) + b"\n"


def _stream(head: bytes, data: bytes) -> list[bytes]:
    packed = zlib.compress(data, 9)
    return [b"<< %s /Filter /FlateDecode /Length %d >>\nstream\n" % (head, len(packed)), packed, b"\nendstream"]


@cache
def _objects() -> tuple[tuple[bytes, ...], ...]:
    """The font's five objects' bodies, with ``%(n)d``-style holes for their numbers: the
    Type0 font, its CIDFont, the font descriptor, the font file and the ToUnicode map."""
    f = field_font()
    default = max(set(f.widths), key=f.widths.count)
    type0 = (b"<< /Type /Font /Subtype /Type0 /BaseFont /%s /Encoding /Identity-H /DescendantFonts [{cid} 0 R] "
             b"/ToUnicode {tounicode} 0 R >>" % BASE_FONT.encode())
    cid = (b"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /%s /CIDSystemInfo << /Registry (Adobe) "
           b"/Ordering (Identity) /Supplement 0 >> /FontDescriptor {descriptor} 0 R /CIDToGIDMap /Identity "
           b"/DW %d /W %s >>" % (BASE_FONT.encode(), default, _widths_array(f.widths, default)))
    descriptor = (b"<< /Type /FontDescriptor /FontName /%s /Flags 32 /FontBBox [%d %d %d %d] /ItalicAngle 0 "
                  b"/Ascent %d /Descent %d /CapHeight %d /StemV 80 /FontFile2 {file} 0 R >>"
                  % (BASE_FONT.encode(), *f.bbox, f.ascent, f.descent, f.cap_height))
    file = _stream(b"/Length1 %d" % len(f.data), f.data)
    tounicode = _stream(b"", _to_unicode(f.glyphs))
    return (type0,), (cid,), (descriptor,), tuple(file), tuple(tounicode)


def font_objects(first: int) -> list[tuple[int, list[bytes]]]:
    """The font's objects numbered ``first`` (the Type0 font, which ``/DR`` names) to ``first + 4``:
    (number, body in parts) for each."""
    names = ("type0", "cid", "descriptor", "file", "tounicode")
    numbers = {name: b"%d" % (first + i) for i, name in enumerate(names)}
    out = []
    for i, parts in enumerate(_objects()):
        head, *rest = parts
        for name, n in numbers.items():
            head = head.replace(b"{%s}" % name.encode(), n)
        out.append((first + i, [head, *rest]))
    return out


def parse_da(da: str) -> tuple[str, float, str]:
    """A ``/DA`` string's font name (without the slash), size and what follows the ``Tf`` (the
    colour); ("", 0, "") if it has no ``Tf``."""
    m = _DA.match(da)
    if m is None:
        return "", 0.0, ""
    return m.group(1), float(m.group(2)), m.group(3).strip()


def field_da(da: str) -> str:
    """A text field's ``/DA`` naming the field font instead of the font it named (size and colour kept)."""
    name, size, rest = parse_da(da)
    if not name:
        return f"{RESOURCE} 0 Tf 0 g"
    return f"{RESOURCE} {size:g} Tf {rest}".rstrip()


def appearance(text: str, width: float, height: float, da: str) -> bytes:
    """The content of a text field's normal appearance showing ``text`` (one line, left aligned,
    its capitals centred in the box, clipped to it) as the field's ``/DA`` says: the field font,
    its size (0: fitted to the height) and colour. An empty text draws nothing."""
    if not text:
        return b"/Tx BMC\nEMC\n"
    f = field_font()
    _name, size, colour = parse_da(da)
    if size <= 0:
        size = max(4.0, min(14.0, height * 0.72))
    baseline = (height - f.cap_height * size / 1000) / 2
    codes = f.encode(text.replace("\n", " ").replace("\r", " "))
    return (b"/Tx BMC\nq\n1 1 %s %s re W n\nBT\n%s %s Tf %s\n%s %s Td\n<%s> Tj\nET\nQ\nEMC\n"
            % (_num(width - 2), _num(height - 2), RESOURCE.encode(), _num(size), colour.encode() or b"0 g",
               _num(PAD), _num(baseline), codes.hex().upper().encode()))


def _num(v: float) -> bytes:
    return (b"%.3f" % v).rstrip(b"0").rstrip(b".") or b"0"
