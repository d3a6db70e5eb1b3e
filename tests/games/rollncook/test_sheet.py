"""The seeded sheet: the same forever (golden seeds), balanced, and printed legibly.

Each printed sheet is rasterised once for the module at 200 dpi (its SVG at the PDF page's
pixel size, as raster_pair draws it): the QR code is read from, and PDF and SVG compared on,
the same pages (issue 16: cairosvg takes over a second for this page). Text is read with
pdfium (pypdf's extract_text took 0.7 s a page, pdfium a few ms).
"""

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest

from printkit.core.draw import ops as O
from printkit.core.draw.page import PrintOptions
from printkit.core.registry import games
from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.sheet import SplitMix64, generate, parse_sheet_id
from tests.conftest import colourfulness, pdf_pages, run_cli
from tests.kitcache import agreement, downsample, svg_array

GOLDEN = Path(__file__).with_name("golden")
DPI = 200


def page_text(pdf: Path, page: int = 0) -> str:
    """The text of a PDF page as pdfium reads it, runs of white space as one space."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return " ".join(doc[page].get_textpage().get_text_range().split())
    finally:
        doc.close()


@cache
def raster(path: Path) -> np.ndarray:
    """Page 1 of NAME.pdf at DPI, or NAME-p01.svg at that page's pixel size: once a module."""
    if path.suffix == ".pdf":
        img = pdf_pages(path, DPI)[0]
    else:
        h, w, _ = raster(path.with_name(path.name.replace("-p01.svg", ".pdf"))).shape
        img = svg_array(path, size=(w, h))  # conftest.svg_page's pixels, without a PNG between
    img.setflags(write=False)  # shared between tests: none may change it
    return img


@pytest.fixture(scope="module", autouse=True)
def _module_state() -> Iterator[None]:
    yield
    raster.cache_clear()


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.json")), ids=lambda p: p.stem)
def test_golden_seeds_never_change(path):
    """RNC-9: a seed's sheet is the same on every machine and release of a content version.
    If this fails, the content or the generator changed: raise `version` in data.yaml."""
    pinned = json.loads(path.read_text())
    assert pinned["content_version"] == CONTENT.version
    assert generate(pinned["seed"]).to_data() == pinned


def test_the_random_generator_is_specified():
    """SplitMix64's published first outputs for seed 0 (so no library can change the sheets)."""
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_sheet_contents_follow_the_rules_of_the_sheet():
    """RNC-1: 12 hours with their plates, six boxes (single, double, rare or mystery), six
    basics on each table; the generator's limits hold for every hour."""
    limits = CONTENT.generator["hour_limits"]
    for seed in range(50):
        s = generate(seed)
        assert [h.clock for h in s.hours] == list(CONTENT.hours)
        assert [h.plates for h in s.hours] == list(CONTENT.plates)
        for h in s.hours:
            kinds = [h.box_kind(k) for k in range(6)]
            assert all(kinds.count(k) <= n for k, n in limits.items())
            assert len(set(h.table)) == 6 and set(h.table) <= set(CONTENT.basics)
            for box in h.boxes:
                assert all(x in CONTENT.ingredients for x in box)
                assert len(box) == 1 or (len(box) == 2 and box[0] != box[1] and set(box) <= set(CONTENT.basics))
        weights = CONTENT.generator["box_value"]
        lo, hi = CONTENT.generator["value_band"]
        assert lo <= sum(weights[h.box_kind(k)] for h in s.hours for k in range(6)) <= hi
    assert generate(1) != generate(2)


def test_sheet_ids():
    assert generate(7).id == "RNC1-7" and parse_sheet_id("rnc1-7") == (1, 7)
    assert parse_sheet_id("XYZ") is None


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    out = tmp_path_factory.mktemp("rnc")
    for extra in (("--format", "both"), ("--format", "pdf", "--bw"), ("--format", "both", "--paper", "letter")):
        r = run_cli("make", "rollncook", "--seed", "7", "--out", str(out), *extra)  # (the --bw SVG is not read)
        assert r.exit_code == 0, r.output
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_qr_code_decodes_to_the_sheet_id(sheets, paper):
    import zxingcpp
    from PIL import Image

    for img in (raster(sheets / f"rollncook-sheet-seed7-{paper}.pdf"),
                raster(sheets / f"rollncook-sheet-seed7-{paper}-p01.svg")):
        found = zxingcpp.read_barcodes(Image.fromarray(img))
        assert [r.text for r in found] == ["RNC1-7"]


def test_the_sheet_shows_every_part(sheets):
    text = page_text(sheets / "rollncook-sheet-seed7-a4.pdf")
    for part in ["Restaurant", "RNC1-7", "Inventory", "Cookbooks", "TOTAL", "Rare left"]:
        assert part in text
    # Each ability by its name and what it does (issue 12), not a bare "Abilities" row.
    for part in ["Adjust ±1", "Set", "Reuse", "Add", "one die becomes any value", "use one die a second time"]:
        assert part in text
    for clock in CONTENT.hours:
        assert clock in text
    for meal in CONTENT.meals:
        assert meal in text
    for s in CONTENT.stars:
        assert f"{s}+" in text


def test_boxes_and_tables_carry_the_seeds_ingredients():
    doc = games()["rollncook"]["sheet"].build(PrintOptions(seed=7))
    s = generate(7)
    used = [op.symbol for op, _ in O.walk(doc.pages[0].ops) if isinstance(op, O.Use) and op.symbol.startswith("ing-")]
    expected = [x for h in s.hours for box in h.boxes for x in box] + [x for h in s.hours for x in h.table]
    assert sorted(used) == sorted("ing-" + x.replace(" ", "_") for x in expected)
    # Everything the sheets share is one symbol: drawn once per file.
    assert "static" in doc.symbols and sum(1 for op, _ in O.walk(doc.pages[0].ops) if getattr(op, "symbol", "") == "static") == 1


def test_count_makes_consecutive_seeds_in_one_file(tmp_path):
    r = run_cli("make", "rollncook", "--seed", "40", "--set", "count=3", "--out", str(tmp_path))
    assert r.exit_code == 0
    (pdf,) = tmp_path.glob("*.pdf")
    assert pdf.name == "rollncook-sheet-seed40-a4-count3.pdf"
    assert [("RNC1-" + str(40 + i)) in page_text(pdf, i) for i in range(3)] == [True, True, True]
    assert len(pdf_pages(pdf, 10)) == 3
    r = run_cli("make", "rollncook", "--seed", "5", "--format", "json", "--out", str(tmp_path))
    data = json.loads((tmp_path / "rollncook-sheet-seed5-a4.json").read_text())
    assert data == generate(5).to_data()


def test_no_seed_picks_and_prints_one(tmp_path):
    r = run_cli("make", "rollncook", "--out", str(tmp_path))
    assert r.exit_code == 0 and "No --seed given: using seed" in r.stderr


def test_legible_and_alike_in_pdf_and_svg(sheets):
    for paper in ("a4", "letter"):
        # At 100 dpi, drawn at 200 and averaged down (as raster_pair does).
        a, b = (downsample(raster(sheets / f"rollncook-sheet-seed7-{paper}{end}"), 2) for end in (".pdf", "-p01.svg"))
        overall, inked = agreement(a, b, tol=64)
        assert overall >= 0.99 and inked >= 0.97, (paper, overall, inked)
    assert colourfulness(pdf_pages(sheets / "rollncook-sheet-seed7-a4-bw.pdf", 60)[0]) == 0
    # Legible: the hour clocks' text is at least 7 pt.
    doc = games()["rollncook"]["sheet"].build(PrintOptions(seed=7))
    clocks = [op for op, _ in O.walk(doc.pages[0].ops, symbols=doc.symbols) if isinstance(op, O.Text) and op.text in CONTENT.hours]
    assert len(clocks) == 12 and min(op.size for op in clocks) >= 7 * 25.4 / 72 - 1e-9
    assert np.asarray(pdf_pages(sheets / "rollncook-sheet-seed7-a4.pdf", 30)[0]).shape[0] > 0
