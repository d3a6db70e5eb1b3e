"""Issue 12, hierarchy with two faces (shared/DESIGN.md "Type": a display face for titles and big
numbers, the sans for everything else). Titles and big numbers of every game are set in the
display face (Comfortaa Bold), read back from the PDFs and SVGs written; the display face is
wider than DejaVu Sans Bold, so every display text laid out in a box is measured against it."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from printkit.core.draw import ops as O
from printkit.core.draw.page import PrintOptions
from printkit.core.fonts import get_font
from printkit.core.layout import canvas, render
from printkit.core.registry import games
from printkit.core.typescale import MIN_MM
from printkit.core.units import MM_PER_PT
from printkit.core import text as textmod
from tests.conftest import run_cli

DISPLAY = "display"
#: (game, component): the components whose largest text is a title or a big number.
TITLED = [
    ("rollncook", "sheet"), ("gimbap", "lessons"), ("gimbap", "aid"), ("gimbap", "tokens"),
    ("gimbap", "dice"), ("gimbap", "pad"), ("jubako", "board"), ("jubako", "tokens"),
    ("jubako", "aid"), ("jubako", "pad"), ("gemblo", "board"), ("gemblo", "pad"),
    ("trickdumpling", "cards"), ("trickdumpling", "missions"), ("trickdumpling", "rank"),
    ("trickdumpling", "cooks"), ("trickdumpling", "track"), ("trickdumpling", "aid"),
    ("trickdumpling", "pad"),
]


def build(game: str, comp: str, **kw) -> O.Document:
    kw.setdefault("seed", 7)
    return games()[game][comp].build(PrintOptions(**kw))


def texts(doc: O.Document) -> list[tuple[O.Text, float]]:
    """Every text op of ``doc`` (symbols' too) with its printed size in mm (groups' scale applied)."""
    out = []
    for page in doc.pages:
        for op, m in O.walk(page.ops, O.IDENTITY, doc.symbols):
            if isinstance(op, O.Text):
                out.append((op, op.size * m.scale_factor))
    return out


@pytest.mark.parametrize("game,comp", TITLED)
def test_the_largest_text_of_each_component_is_in_the_display_face(game: str, comp: str) -> None:
    """The largest text runs (the title, the card's index, the token's value) use the display
    face, and at least one display-face text is on every component named."""
    found = texts(build(game, comp))
    biggest = max(size for _, size in found)
    top = [op for op, size in found if size >= biggest - 1e-6]
    assert top and all(op.font == DISPLAY for op in top), {(op.text, op.font) for op in top}


def _runs(resources, data: bytes, counts: Counter, seen: set) -> None:
    """Count (BaseFont, size) of each ``Tf`` in ``data``, and follow the form XObjects it may use."""
    resources = resources.get_object() if resources is not None else {}
    # (each dictionary resolved: pypdf 4.0 hands an indirect /Font as a reference)
    font_dict = resources.get("/Font")
    font_dict = font_dict.get_object() if font_dict is not None else {}
    fonts = {str(k): str(v.get_object()["/BaseFont"]) for k, v in font_dict.items()}
    for name, size in re.findall(r"(/[^\s/]+) ([\d.]+) Tf", data.decode("latin-1")):
        counts[(fonts.get(name, name), float(size))] += 1
    xobjects = resources.get("/XObject")
    for obj in (xobjects.get_object() if xobjects is not None else {}).values():
        if obj.idnum in seen:
            continue
        seen.add(obj.idnum)
        form = obj.get_object()
        if form.get("/Subtype") == "/Form":
            _runs(form.get("/Resources"), form.get_data(), counts, seen)


def _pdf_fonts_by_size(path: Path) -> Counter:
    """(BaseFont name, font size) of every text run in ``path`` (pages and the forms they draw)."""
    from pypdf import PdfReader

    counts: Counter = Counter()
    seen: set = set()
    for page in PdfReader(str(path)).pages:
        _runs(page.get("/Resources"), page.get_contents().get_data(), counts, seen)
    return counts


def test_pdf_sets_titles_in_comfortaa(tmp_path: Path) -> None:
    """In the written PDF (not only the drawing model) the largest run of the Trick Dumpling
    mission cards and of the Roll n Cook sheet is in the embedded Comfortaa face."""
    for game, comp in (("trickdumpling", "missions"), ("rollncook", "sheet")):
        res = run_cli("make", game, comp, "--seed", "7", "--out", str(tmp_path))
        assert res.exit_code == 0, res.output
        pdf = next(tmp_path.glob(f"{game}-{comp}*.pdf"))
        counts = _pdf_fonts_by_size(pdf)
        biggest = max(size for _, size in counts)
        assert all("Comfortaa" in f for f, s in counts if s == biggest), counts


def test_svg_shows_the_display_face(tmp_path: Path) -> None:
    """SVG text is glyph outlines: the display face's glyphs are defined in the file and used
    (shared/DESIGN.md: the face shows whatever the viewer has installed)."""
    res = run_cli("make", "trickdumpling", "missions", "--format", "svg", "--out", str(tmp_path))
    assert res.exit_code == 0, res.output
    svg = next(tmp_path.glob("trickdumpling-missions*.svg")).read_text()
    assert 'id="g-display-' in svg and 'href="#g-display-' in svg


class _Recorder:
    def __init__(self) -> None:
        self.boxes: list[tuple[textmod.TextBox, list[O.Text]]] = []

    def __call__(self, box, source=None):
        ops = textmod.layout_text(box, source)
        self.boxes.append((box, ops))
        return ops


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game,comp", TITLED)
def test_display_text_stays_in_its_box_and_at_least_6pt(monkeypatch, game: str, comp: str, paper: str) -> None:
    """Every text laid out in the display face fits the width (and height) of its box, measured
    with the display face's own advance widths, and none is under 6 pt."""
    rec = _Recorder()
    monkeypatch.setattr(render, "layout_text", rec)
    monkeypatch.setattr(canvas, "layout_text", rec)
    doc = build(game, comp, paper=paper)
    assert list(doc.pages)  # pages may be laid out lazily, as a backend asks for them
    mine = [(b, ops) for b, ops in rec.boxes if b.font == DISPLAY]
    assert mine, "no display text laid out"
    font = get_font(DISPLAY)
    for box, ops in mine:
        for op in ops:
            assert op.size >= MIN_MM - 1e-9, (op.text, op.size / MM_PER_PT)
            if box.w is not None:
                assert font.width(op.text, op.size) <= box.w + 1e-6, (op.text, box.w)
        if box.h and ops and box.valign != "baseline":  # h 0: a point to centre on
            size = ops[0].size
            height = (len(ops) - 1) * box.line_height * size + (font.ascent - font.descent) * size
            assert height <= box.h + 1e-6, (box.text, height, box.h)
