"""The PDF and SVG files themselves: sizes, boxes, fonts, symbols, reproducibility, atomicity."""

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.core.colour import Colour
from printkit.core.draw import ops as O
from printkit.core.draw.pdf import render_pdf
from printkit.core.draw.svg import render_svg_page
from printkit.core.output import write_atomic, write_document
from printkit.core.units import PT_PER_MM
from tests.conftest import run_cli

SVG = "{http://www.w3.org/2000/svg}"


def sample_doc() -> O.Document:
    hexagon = O.Polygon(((-5, 0), (-2.5, -4.33), (2.5, -4.33), (5, 0), (2.5, 4.33), (-2.5, 4.33)),
                        O.Style(fill=Colour.parse("#d62728")))
    doc = O.Document(title="sample", symbols={"hex": (hexagon,)}, duplex=True)
    ops = [O.Use("hex", O.Matrix.translate(20 + 12 * i, 20)) for i in range(10)]
    ops.append(O.Text(20, 50, "Hello", "sans-bold", 5))
    doc.pages.append(O.Page(210, 297, ops, trim=(10, 10, 190, 277), bleed=(7, 7, 196, 283)))
    doc.pages.append(O.Page(215.9, 279.4, [O.Text(20, 50, "Letter", "sans", 5)]))
    return doc


def test_pdf_page_sizes_boxes_and_viewer_hints(tmp_path):
    pdf = tmp_path / "s.pdf"
    pdf.write_bytes(render_pdf(sample_doc()))
    r = PdfReader(pdf)
    a4, letter = r.pages
    assert (float(a4.mediabox.width), float(a4.mediabox.height)) == pytest.approx((595.28, 841.89), abs=0.01)
    assert (float(letter.mediabox.width), float(letter.mediabox.height)) == pytest.approx((612, 792), abs=0.001)
    # Trim box 10 mm in from the left and the top (y is up in PDF).
    assert [float(v) for v in a4.trimbox] == pytest.approx(
        [10 * PT_PER_MM, (297 - 287) * PT_PER_MM, 200 * PT_PER_MM, 287 * PT_PER_MM], abs=1e-3)
    assert float(a4.bleedbox.left) == pytest.approx(7 * PT_PER_MM, abs=1e-3)
    # A page without boxes gets its media box as trim and bleed.
    assert [float(v) for v in letter.trimbox] == pytest.approx([0, 0, 612, 792], abs=1e-3)
    prefs = r.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"
    assert prefs["/Duplex"] == "/DuplexFlipLongEdge"


def test_pdf_fonts_are_embedded_subsets_and_symbols_are_forms(tmp_path):
    pdf = tmp_path / "s.pdf"
    pdf.write_bytes(render_pdf(sample_doc()))
    page = PdfReader(pdf).pages[0]
    fonts = page["/Resources"]["/Font"]
    assert fonts
    for ref in fonts.values():
        font = ref.get_object()
        desc = font["/DescendantFonts"][0].get_object()["/FontDescriptor"] if "/DescendantFonts" in font \
            else font["/FontDescriptor"]
        assert "/FontFile2" in desc.get_object()
        assert re.match(r"/[A-Z]{6}\+", font["/BaseFont"])  # a subset tag
    xobjects = page["/Resources"]["/XObject"]
    forms = [x.get_object() for x in xobjects.values()]
    assert len(forms) == 1 and forms[0]["/Subtype"] == "/Form"
    content = page.get_contents().get_data().decode("latin-1")
    assert content.count(" Do") == 10  # ten uses, one definition


def test_svg_physical_size_symbols_glyphs_and_stable_ids(tmp_path):
    doc = sample_doc()
    root = ET.fromstring(render_svg_page(doc, 0))
    assert root.get("width") == "210mm" and root.get("height") == "297mm"
    assert root.get("viewBox") == "0 0 210 297"
    letter = ET.fromstring(render_svg_page(doc, 1))
    assert letter.get("width") == "215.9mm" and letter.get("viewBox") == "0 0 215.9 279.4"
    symbols = root.findall(f".//{SVG}symbol")
    assert [s.get("id") for s in symbols] == ["sym-hex"]
    uses = [u for u in root.iter(f"{SVG}use") if u.get("{http://www.w3.org/1999/xlink}href") == "#sym-hex"]
    assert len(uses) == 10
    labels = [g.get("aria-label") for g in root.iter(f"{SVG}g") if g.get("aria-label")]
    assert labels == ["Hello"]
    glyphs = [p.get("id") for p in root.iter(f"{SVG}path") if (p.get("id") or "").startswith("g-")]
    assert sorted(glyphs) == ["g-sans-bold-H", "g-sans-bold-e", "g-sans-bold-l", "g-sans-bold-o"]
    assert all(not re.fullmatch(r"id\d+", e.get("id") or "") for e in root.iter())  # no automatic ids
    assert render_svg_page(sample_doc(), 0) == render_svg_page(doc, 0)


def test_same_document_same_bytes():
    assert render_pdf(sample_doc()) == render_pdf(sample_doc())


def test_cli_reruns_are_byte_identical(tmp_path):
    for d in ("one", "two"):
        r = run_cli("make", "calibration", "--format", "both", "--out", str(tmp_path / d))
        assert r.exit_code == 0, r.output
    one = sorted((tmp_path / "one").iterdir())
    assert [p.name for p in one] == sorted(p.name for p in (tmp_path / "two").iterdir())
    assert len(one) == 5  # page: PDF + 1 SVG; duplex: PDF + 2 SVGs
    for p in one:
        assert p.read_bytes() == (tmp_path / "two" / p.name).read_bytes(), p.name


def test_a_second_process_writes_the_same_bytes(tmp_path):
    import subprocess
    import sys

    r = run_cli("make", "calibration", "page", "--format", "both", "--out", str(tmp_path / "a"))
    assert r.exit_code == 0
    subprocess.run([sys.executable, "-m", "printkit", "make", "calibration", "page", "--format", "both",
                    "--out", str(tmp_path / "b")], check=True, capture_output=True)
    for p in (tmp_path / "a").iterdir():
        assert p.read_bytes() == (tmp_path / "b" / p.name).read_bytes()


def test_atomic_write_keeps_old_file_and_leaves_no_temp(tmp_path, monkeypatch):
    target = tmp_path / "x.pdf"
    target.write_bytes(b"old")

    import os
    real_replace = os.replace

    def crash(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, b"new contents")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["x.pdf"]
    monkeypatch.setattr(os, "replace", real_replace)
    write_atomic(target, b"new contents")
    assert target.read_bytes() == b"new contents"


def test_interrupted_render_writes_nothing(tmp_path, monkeypatch):
    import printkit.core.draw.svg as svg

    def boom(doc, i):
        if i == 1:
            raise KeyboardInterrupt
        return b"<svg/>"

    monkeypatch.setattr(svg, "render_svg_page", boom)
    with pytest.raises(KeyboardInterrupt):
        write_document(sample_doc(), tmp_path, "s", ("svg",))
    # Page 1 was whole when written; page 2 never appeared, and nothing half-written remains.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s-p01.svg"]


def test_svg_names_one_file_per_page(tmp_path):
    paths = write_document(sample_doc(), tmp_path, "game-part-a4", ("pdf", "svg"))
    assert [p.name for p in paths] == ["game-part-a4.pdf", "game-part-a4-p01.svg", "game-part-a4-p02.svg"]
    assert all(isinstance(p, Path) and p.exists() for p in paths)
