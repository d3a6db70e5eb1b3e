"""The seeded sheet: the same forever (golden seeds), balanced, and printed legibly."""

import json
from pathlib import Path

import numpy as np
import pytest

from printkit.core.draw import ops as O
from printkit.core.draw.page import PrintOptions
from printkit.core.registry import games
from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.sheet import SplitMix64, generate, parse_sheet_id
from tests.conftest import agreement, colourfulness, pdf_pages, raster_pair, run_cli, svg_page

GOLDEN = Path(__file__).with_name("golden")


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
    for extra in ((), ("--bw",), ("--paper", "letter")):
        r = run_cli("make", "rollncook", "--seed", "7", "--format", "both", "--out", str(out), *extra)
        assert r.exit_code == 0, r.output
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_qr_code_decodes_to_the_sheet_id(sheets, paper):
    import zxingcpp
    from PIL import Image

    for img in (pdf_pages(sheets / f"rollncook-sheet-seed7-{paper}.pdf", 200)[0],
                svg_page(sheets / f"rollncook-sheet-seed7-{paper}-p01.svg", dpi=200)):
        found = zxingcpp.read_barcodes(Image.fromarray(img))
        assert [r.text for r in found] == ["RNC1-7"]


def test_the_sheet_shows_every_part(sheets):
    from pypdf import PdfReader

    text = " ".join(PdfReader(sheets / "rollncook-sheet-seed7-a4.pdf").pages[0].extract_text().split())
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
    from pypdf import PdfReader
    pages = PdfReader(pdf).pages
    assert [("RNC1-" + str(40 + i)) in pages[i].extract_text() for i in range(3)] == [True, True, True]
    r = run_cli("make", "rollncook", "--seed", "5", "--format", "json", "--out", str(tmp_path))
    data = json.loads((tmp_path / "rollncook-sheet-seed5-a4.json").read_text())
    assert data == generate(5).to_data()


def test_no_seed_picks_and_prints_one(tmp_path):
    r = run_cli("make", "rollncook", "--out", str(tmp_path))
    assert r.exit_code == 0 and "No --seed given: using seed" in r.stderr


def test_legible_and_alike_in_pdf_and_svg(sheets):
    for paper in ("a4", "letter"):
        (a,), (b,) = raster_pair(sheets / f"rollncook-sheet-seed7-{paper}.pdf",
                                 [sheets / f"rollncook-sheet-seed7-{paper}-p01.svg"])
        overall, inked = agreement(a, b, tol=64)
        assert overall >= 0.99 and inked >= 0.97, (paper, overall, inked)
    assert colourfulness(pdf_pages(sheets / "rollncook-sheet-seed7-a4-bw.pdf", 60)[0]) == 0
    # Legible: the hour clocks' text is at least 7 pt.
    doc = games()["rollncook"]["sheet"].build(PrintOptions(seed=7))
    clocks = [op for op, _ in O.walk(doc.pages[0].ops, symbols=doc.symbols) if isinstance(op, O.Text) and op.text in CONTENT.hours]
    assert len(clocks) == 12 and min(op.size for op in clocks) >= 7 * 25.4 / 72 - 1e-9
    assert np.asarray(pdf_pages(sheets / "rollncook-sheet-seed7-a4.pdf", 30)[0]).shape[0] > 0
