"""Build fonts/PrintkitFieldSans.ttf, the font of fillable PDFs' text fields (docs/fillable.md).

A PDF viewer draws what a player types into a text field with the font the field names, which
the PDF must carry whole (the player's characters are not known when the PDF is made), so the
font is small: Latin (Basic, Latin-1, Latin Extended-A), Greek and Cyrillic (with its
supplement: Ukrainian's Ґ, Kazakh's Қ ...) from Liberation Sans 2 (the metrics of Helvetica,
which the fields used before), and the 2,350 Hangul syllables of KS X 1001 plus the Hangul
compatibility jamo from NanumGothic, without hinting. Both fonts are SIL OFL 1.1 with Reserved
Font Names, so the merged subset has a name of its own (OFL condition 3): "Printkit Field
Sans". The licence is fonts/LICENSE-PrintkitFieldSans-OFL.txt.

Run it from the project root with the two Debian packages' fonts (any Debian or Ubuntu)::

    cd /tmp && apt-get download fonts-liberation2 fonts-nanum
    dpkg-deb -x fonts-liberation2_*.deb deb && dpkg-deb -x fonts-nanum_*.deb deb
    cd - && python tools/build_field_font.py /tmp/deb/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf \
        /tmp/deb/usr/share/fonts/truetype/nanum/NanumGothic.ttf

Built from fonts-liberation2 2.1.5-1 and fonts-nanum 20200506-1 (fontTools 4.69): the same
inputs give the same bytes. ``--all-hangul`` takes all 11,172 syllables instead (measured:
1.32 MB, 417 KB deflated in a PDF, against 0.78 MB and 247 KB).
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from fontTools import subset
from fontTools.merge import Merger
from fontTools.ttLib import TTFont
from fontTools.ttLib.scaleUpem import scale_upem

OUT = Path(__file__).resolve().parents[1] / "fonts" / "PrintkitFieldSans.ttf"
FAMILY = "Printkit Field Sans"
PS_NAME = "PrintkitFieldSans"
VERSION = "1.000"
UPEM = 1000  # NanumGothic's; Liberation Sans (2048) is scaled to it
#: 2026-12-06 00:00 UTC in the font's clock (seconds since 1904-01-01), so the bytes never change.
STAMP = 3_879_360_000

LATIN_GREEK_CYRILLIC = (
    [*range(0x20, 0x7F), *range(0xA0, 0x180), *range(0x370, 0x400), *range(0x400, 0x530)]
    + [0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2026, 0x20AC, 0x2116]
)
COMPAT_JAMO = list(range(0x3131, 0x318F))


def ks_x_1001_hangul() -> list[int]:
    """The 2,350 Hangul syllables of KS X 1001 (rows 0xB0-0xC8 of EUC-KR), as code points."""
    return sorted(ord(bytes([row, cell]).decode("euc-kr")) for row in range(0xB0, 0xC9) for cell in range(0xA1, 0xFF))


def _subset(path: str, unicodes: list[int]) -> TTFont:
    font = TTFont(path)
    options = subset.Options()
    options.hinting = False  # outlines only: smaller, and viewers scale text themselves
    options.layout_features = []
    options.name_IDs = []  # the names are set anew below
    options.notdef_outline = True
    options.glyph_names = False
    options.drop_tables += ["kern", "GPOS", "GSUB", "GDEF", "DSIG", "gasp", "FFTM",
                            "TSI0", "TSI1", "TSI2", "TSI3", "TSI5"]
    sub = subset.Subsetter(options)
    sub.populate(unicodes=unicodes)
    sub.subset(font)
    if font["head"].unitsPerEm != UPEM:
        scale_upem(font, UPEM)
    return font


def _saved(font: TTFont) -> io.BytesIO:
    buf = io.BytesIO()
    font.save(buf)
    buf.seek(0)
    return buf


def _name(font: TTFont) -> None:
    copyright_ = ("Copyright (c) 2012 Red Hat, Inc. with Reserved Font Name Liberation; digitized data "
                  "copyright (c) 2010 Google Corporation with Reserved Font Arimo, Tinos and Cousine. "
                  "Copyright (c) 2010, NAVER Corporation, with Reserved Font Name Nanum, NanumGothic and others. "
                  "Printkit Field Sans is a Modified Version (subset and merged) made by the printkit project.")
    names = {
        0: copyright_, 1: FAMILY, 2: "Regular", 3: f"{VERSION};printkit;{PS_NAME}", 4: FAMILY,
        5: f"Version {VERSION}", 6: PS_NAME,
        10: "Liberation Sans 2.1.5 (Latin, Greek, Cyrillic) and NanumGothic (Hangul), subset for printkit's form fields",
        13: "This Font Software is licensed under the SIL Open Font License, Version 1.1.",
        14: "https://openfontlicense.org",
    }
    table = font["name"]
    table.names = []
    for name_id, text in names.items():
        table.setName(text, name_id, 3, 1, 0x409)
        table.setName(text, name_id, 1, 0, 0)


def build(latin_path: str, hangul_path: str, all_hangul: bool = False) -> bytes:
    hangul_set = list(range(0xAC00, 0xD7A4)) if all_hangul else ks_x_1001_hangul()
    latin = _subset(latin_path, LATIN_GREEK_CYRILLIC)
    hangul = _subset(hangul_path, hangul_set + COMPAT_JAMO)
    merged = Merger().merge([_saved(latin), _saved(hangul)])
    _name(merged)
    merged["OS/2"].fsType = 0  # installable embedding, as the OFL allows
    merged["OS/2"].achVendID = "PKIT"
    merged["head"].created = merged["head"].modified = STAMP
    merged.recalcTimestamp = False  # else saving stamps the time of the build
    merged["head"].fontRevision = float(VERSION)
    if "post" in merged:
        merged["post"].formatType = 3.0  # no glyph names: smaller
    return _saved(merged).getvalue()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("liberation_sans", help="LiberationSans-Regular.ttf (fonts-liberation2)")
    ap.add_argument("nanum_gothic", help="NanumGothic.ttf (fonts-nanum)")
    ap.add_argument("--all-hangul", action="store_true", help="all 11,172 syllables, not KS X 1001's 2,350")
    ap.add_argument("--out", default=str(OUT))
    args = ap.parse_args(argv)
    data = build(args.liberation_sans, args.nanum_gothic, args.all_hangul)
    Path(args.out).write_bytes(data)
    print(f"{args.out}: {len(data):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
