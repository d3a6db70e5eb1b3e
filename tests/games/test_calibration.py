"""The calibration kit, measured on real output: rasterised PDF and SVG pages.

Every page of the made kit (``made``: colour and B&W, A4 and Letter, PDF and SVG) is rasterised
once for the module at 200 dpi (issue 16: the suite's time; cairosvg takes about half a second
a page at any resolution). The squares, rulers and scale bar are measured on those rasters
(their edges found to well under 0.05 mm at 200 dpi as at 300, against tolerances of 0.2 mm);
PDF and SVG are compared, and colour and margins checked, on them averaged down to 100 dpi.
SVG pages are drawn, averaged and compared with tests/kitcache.py's helpers (conftest's pixels
and numbers, faster).
"""

import math
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from pypdf import PdfReader

from printkit.core.draw import ops as O
from printkit.core.draw.page import MARGIN, PrintOptions, plan_grid, sheet_bands
from printkit.core.fonts import get_font
from printkit.core.registry import games
from tests.conftest import colourfulness, measure_between_edges, pdf_pages, px, run_cli
from tests.kitcache import agreement, downsample, svg_array

DPI = 200  # measured on; compared at DPI / SUPERSAMPLE
SUPERSAMPLE = 2  # pdfium widens lines thinner than a pixel and cairo does not: see raster_pair


@cache  # always called with both arguments: raster(p) and raster(p, 0) would be two entries
def raster(path: Path, page: int) -> np.ndarray:
    """Page ``page`` of a PDF at DPI, or an SVG page (NAME-pNN.svg) at the pixel size of its
    PDF page (NAME.pdf's page NN, as raster_pair draws it: pdfium fits the page to whole
    pixels, 0.03% at most here); rendered once for the module."""
    if path.suffix == ".pdf":
        img = pdf_pages(path, DPI)[page]
    else:
        stem, _, number = path.stem.rpartition("-p")
        h, w, _ = raster(path.with_name(f"{stem}.pdf"), int(number) - 1).shape
        img = svg_array(path, size=(w, h))  # conftest.svg_page's pixels, without a PNG between
    img.setflags(write=False)  # shared between tests: none may change it
    return img


@cache
def small(path: Path, page: int) -> np.ndarray:
    """``raster`` averaged down to DPI / SUPERSAMPLE, the resolution pages are compared at."""
    img = downsample(raster(path, page), SUPERSAMPLE)
    img.setflags(write=False)
    return img


@pytest.fixture(scope="module", autouse=True)
def _module_state() -> Iterator[None]:
    yield
    raster.cache_clear()  # some 300 MB of pages: free them for the next module
    small.cache_clear()


def page_count(path: Path) -> int:
    return len(pdf_pages(path, DPI)) if path.suffix == ".pdf" else 1


def calibration_page(made, paper: str, kind: str) -> np.ndarray:
    name = f"calibration-page-{paper}.pdf" if kind == "pdf" else f"calibration-page-{paper}-p01.svg"
    return raster(made[name], 0)


def doc_for(component: str, paper: str, **kw):
    return games()["calibration"][component].build(PrintOptions(paper=paper, **kw))


def tagged(doc, tag, page=0):
    ((op, m),) = O.find(doc.pages[page].ops, tag, doc.symbols)
    return op, m


def test_files_are_named_for_what_they_are(made):
    assert sorted(made) == sorted(
        f"calibration-{c}-{p}{bw}{ext}"
        for p in ("a4", "letter") for bw in ("", "-bw")
        for c, exts in (("page", (".pdf", "-p01.svg")), ("duplex", (".pdf", "-p01.svg", "-p02.svg")))
        for ext in exts
    )


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_page_sizes_and_fonts_embedded(made, paper):
    for comp in ("page", "duplex"):
        r = PdfReader(made[f"calibration-{comp}-{paper}.pdf"])
        for page in r.pages:
            w, h = float(page.mediabox.width), float(page.mediabox.height)
            assert (w, h) == pytest.approx((595.28, 841.89) if paper == "a4" else (612, 792), abs=0.01)
            fonts = [f.get_object() for f in page["/Resources"]["/Font"].values()]
            assert fonts
            for f in fonts:
                assert "/FontFile2" in f["/FontDescriptor"].get_object(), f["/BaseFont"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("kind", ["pdf", "svg"])
def test_squares_card_and_hexagon_measure_true(made, paper, kind):
    """On a 200 dpi raster, the 50 mm square is 50 +- 0.2 mm, and so on, in PDF and in SVG."""
    doc = doc_for("page", paper)
    img = calibration_page(made, paper, kind)
    for tag, size in (("square-50mm", (50, 50)), ("square-2in", (50.8, 50.8)), ("card-63x88", (63, 88))):
        rect, m = tagged(doc, tag)
        x0, y0 = m.apply(rect.x, rect.y)
        x1, y1 = m.apply(rect.x + rect.w, rect.y + rect.h)
        assert (rect.w, rect.h) == size
        mid_y, mid_x = (y0 + y1) / 2 + 7, (x0 + x1) / 2 + 7  # off-centre, clear of the labels
        assert measure_between_edges(img, (x0, mid_y), (x1, mid_y), DPI, "x") == pytest.approx(size[0], abs=0.2), tag
        assert measure_between_edges(img, (mid_x, y0), (mid_x, y1), DPI, "y") == pytest.approx(size[1], abs=0.2), tag
    # The hexagon: 20 mm across flats, measured through its centre beside the dimension line.
    grid, m = tagged(doc, "hex-20mm")
    cx, cy = (m @ grid.ops[0].matrix).apply(0, 0)
    assert measure_between_edges(img, (cx + 3, cy - 10), (cx + 3, cy + 10), DPI, "y") == pytest.approx(20, abs=0.2)


@pytest.mark.parametrize("kind", ["pdf", "svg"])
def test_footer_scale_bar_is_50mm(made, kind):
    doc = doc_for("page", "a4")
    bar, m = tagged(doc, "scale-bar")
    (x0, y0), (x1, y1) = m.apply(bar.x, bar.y), m.apply(bar.x + bar.w, bar.y + bar.h)
    img = calibration_page(made, "a4", kind)
    # The bar is solid black at both ends: find where the ink starts and stops along its middle,
    # each end to a fraction of a pixel (the share of ink in the pixels around it; counting whole
    # pixels would be 0.13 mm coarse at 200 dpi).
    row = img[int(round(px((y0 + y1) / 2, DPI)))].mean(axis=1)
    lo, hi = int(px(x0 - 0.5, DPI)), int(px(x1 + 0.5, DPI))  # the label starts 1 mm after
    ink = 1 - row[lo:hi] / 255
    dark = np.nonzero(ink > 0.5)[0]
    a, b = dark[0], dark[-1]
    start, stop = a + 2 - ink[a - 2:a + 2].sum(), b - 1 + ink[b - 1:b + 3].sum()
    assert (ink[a + 2:a + 6] > 0.99).all() and (ink[b - 5:b - 1] > 0.99).all()  # ends are solid
    assert (stop - start) / DPI * 25.4 == pytest.approx(50 + 0.15, abs=0.2)  # bar + 0.15 mm outline


def rasters(made, name: str) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """(PDF pages, SVG pages) of ``name`` at 100 dpi (drawn at 200 and averaged down)."""
    pdf = made[f"{name}.pdf"]
    svgs = [made[f"{name}-p{i + 1:02d}.svg"] for i in range(99) if f"{name}-p{i + 1:02d}.svg" in made]
    assert page_count(pdf) == len(svgs), (name, len(svgs))
    return [small(pdf, i) for i in range(len(svgs))], [small(svg, 0) for svg in svgs]


NAMES = [f"calibration-{c}-{p}{bw}" for c in ("page", "duplex") for p in ("a4", "letter") for bw in ("", "-bw")]


@pytest.mark.parametrize("name", NAMES)
def test_pdf_and_svg_look_the_same(made, name):
    """At 100 dpi at least 99% of all pixels, and 97% of the inked ones, agree (a pixel agrees
    when no channel differs by more than 64 of 255: anti-aliasing differs between renderers)."""
    for a, b in zip(*rasters(made, name), strict=True):
        overall, inked = agreement(a, b, tol=64)
        assert overall >= 0.99 and inked >= 0.97, (overall, inked)


def test_the_comparison_can_fail(made):
    """A different page (colour vs B&W) must not pass as the same."""
    (a,), _ = rasters(made, "calibration-page-a4")
    _, (b,) = rasters(made, "calibration-page-a4-bw")
    overall, inked = agreement(a, b, tol=64)
    assert not (overall >= 0.99 and inked >= 0.97), (overall, inked)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_bw_has_no_colour_and_colour_has(made, paper):
    for name in (f"calibration-page-{paper}", f"calibration-duplex-{paper}"):
        pdf, svg = rasters(made, f"{name}-bw")
        for img in pdf + svg:
            assert colourfulness(img) == 0
    assert colourfulness(small(made[f"calibration-page-{paper}.pdf"], 0)) > 1000


def assert_no_ink_within_the_margin(img: np.ndarray, dpi: float, name: str) -> None:
    edge = int(px(MARGIN - 0.3, dpi))
    # The darkest channel of any pixel in the four strips along the paper's edges.
    darkest = min(img[:edge].min(), img[-edge:].min(), img[:, :edge].min(), img[:, -edge:].min())
    assert darkest >= 250, name


def test_no_ink_within_the_margin(made):
    """Every page of the kit (what ``make calibration --paper P --format both [--bw]`` writes)."""
    for path in sorted(made.values()):
        for i in range(page_count(path)):
            assert_no_ink_within_the_margin(small(path, i), DPI / SUPERSAMPLE, path.name)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_ink_within_the_margin_with_bleed_and_duplex_offset(tmp_path, paper):
    extra = ("--bleed", "3", "--duplex-offset", "-0.5,0.5")
    r = run_cli("make", "calibration", "--paper", paper, "--format", "both", "--out", str(tmp_path), *extra)
    assert r.exit_code == 0, r.output
    for path in sorted(tmp_path.iterdir()):
        imgs = pdf_pages(path, 100) if path.suffix == ".pdf" else [svg_array(path, dpi=100)]
        for img in imgs:
            assert_no_ink_within_the_margin(img, 100, path.name)


def test_duplex_offset_moves_the_backs(tmp_path):
    """Back pages shift by --duplex-offset; fronts do not. 127 dpi: 1 mm is 5 px (the shifted back
    differs from the plain one moved 5 and 10 px by 0.25 of 255 on average; an offset 0.2 mm off,
    1.2,-2, by 4.9)."""
    dpi = 127
    for name, off in (("none", "0,0"), ("shifted", "1,-2")):
        r = run_cli("make", "calibration", "duplex", "--duplex-offset", off, "--out", str(tmp_path / name))
        assert r.exit_code == 0
    plain = pdf_pages(tmp_path / "none" / "calibration-duplex-a4.pdf", dpi)
    moved = pdf_pages(tmp_path / "shifted" / "calibration-duplex-a4-duplex1,-2.pdf", dpi)
    trim = doc_for("duplex", "a4").pages[1].trim
    x0, y0 = int(px(trim[0] - 3, dpi)), int(px(trim[1] - 3, dpi))
    x1, y1 = int(px(trim[0] + trim[2] + 3, dpi)), int(px(trim[1] + trim[3] + 3, dpi))
    assert np.array_equal(plain[0], moved[0])
    before = plain[1][y0:y1, x0:x1]
    after = moved[1][y0 - 10:y1 - 10, x0 + 5:x1 + 5]
    assert np.abs(before.astype(int) - after.astype(int)).max(axis=2).mean() < 1.0
    assert not np.array_equal(plain[1][y0:y1, x0:x1], moved[1][y0:y1, x0:x1])


def test_pdf_footer_text(made):
    text = PdfReader(made["calibration-duplex-letter.pdf"]).pages[1].extract_text()
    assert "calibration duplex" in text and "Letter" in text and "page 2 of 2" in text
    assert "print at 100%" in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("kind", ["pdf", "svg"])
def test_rulers_measure_true(made, paper, kind):
    """The mm ruler's 0 and 170 mm ticks are 170 mm apart; the inch ruler's 0 and 9 in, 228.6 mm."""
    doc = doc_for("page", paper)
    img = calibration_page(made, paper, kind)
    g, m = tagged(doc, "ruler-mm")
    x0, y0 = (m @ g.matrix).apply(0, 0)
    # 3 mm below the base line only the 5 and 10 mm ticks reach: no neighbour within 5 mm.
    assert measure_between_edges(img, (x0, y0 + 3), (x0 + 170, y0 + 3), DPI, "x") == pytest.approx(170, abs=0.2)
    g, m = tagged(doc, "ruler-in")
    x0, y0 = (m @ g.matrix).apply(0, 0)
    assert (m @ g.matrix).apply(0, 1) == pytest.approx((x0 - 1, y0))  # runs down the page, ticks to the right
    assert measure_between_edges(img, (x0 + 3, y0), (x0 + 3, y0 + 228.6), DPI, "y") == pytest.approx(228.6, abs=0.2)


# -- the duplex sheet (issue 28) ---------------------------------------------------------------

def _back_of_card_1(paper: str) -> list[tuple[object, O.Matrix]]:
    """Card 1's back, its leaves in the card's own coordinates (0..63 x 0..88 mm)."""
    doc = doc_for("duplex", paper)
    (group, _), = O.find(doc.pages[1].ops, "card-1-back", doc.symbols)
    return list(O.walk(group.ops, O.IDENTITY, doc.symbols))


def _scales(items) -> dict[str, list[tuple[float, tuple[float, float]]]]:
    """Each edge's whole-millimetre ticks (the 4 mm ones across the cut): (distance inward from
    the edge, the tick's middle), by edge."""
    out: dict[str, list] = {"left": [], "right": [], "top": [], "bottom": []}
    for op, m in items:
        if not isinstance(op, O.Line):
            continue
        (x1, y1), (x2, y2) = m.apply(op.x1, op.y1), m.apply(op.x2, op.y2)
        mid = ((x1 + x2) / 2, (y1 + y2) / 2)
        if abs(x1 - x2) < 1e-6 and abs(abs(y2 - y1) - 4) < 1e-6:
            out["left" if x1 < 31.5 else "right"].append((x1 if x1 < 31.5 else 63 - x1, mid))
        elif abs(y1 - y2) < 1e-6 and abs(abs(x2 - x1) - 4) < 1e-6:
            out["top" if y1 < 44 else "bottom"].append((y1 if y1 < 44 else 88 - y1, mid))
    return out


def _box(op: O.Text, m: O.Matrix) -> tuple[float, float, float, float]:
    """A text's ink box (x0, y0, x1, y1): its advance and its digits' height above the baseline."""
    x, y = m.apply(op.x, op.y)
    return x, y - 0.73 * op.size, x + get_font(op.font).width(op.text, op.size), y


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_duplex_scales_have_one_number_a_tick_in_one_row(paper):
    """Each back's four scales run 0 to 10 mm inward (twice the 5 mm they had), a tick every
    millimetre; each tick has exactly one number, its distance from the edge, on the scale's
    inward side of the tick (before, the numbers zig-zagged on both sides of a 6 mm comb); a
    scale's numbers stand in one straight row, and no two numbers of the back come within
    0.3 mm of each other."""
    items = _back_of_card_1(paper)
    numbers = [(op, _box(op, m)) for op, m in items if isinstance(op, O.Text) and op.text.isdigit()]
    assert len(numbers) == 4 * 11
    taken: set[int] = set()
    for edge, ticks in _scales(items).items():
        assert sorted(round(d, 6) for d, _ in ticks) == list(range(11)), edge
        row = []
        for d, (tx, ty) in ticks:
            # the number nearest the tick's middle is its own, and says its distance
            i, (op, (x0, y0, x1, y1)) = min(enumerate(numbers), key=lambda n: math.dist(
                ((n[1][1][0] + n[1][1][2]) / 2, (n[1][1][1] + n[1][1][3]) / 2), (tx, ty)))
            assert i not in taken and op.text == str(round(d)), (edge, d, op.text)
            taken.add(i)
            inward = {"left": x0 > tx, "right": x1 < tx, "top": y0 > ty, "bottom": y1 < ty}[edge]
            assert inward, (edge, d)
            assert math.dist(((x0 + x1) / 2, (y0 + y1) / 2), (tx, ty)) < 3.0, (edge, d)  # beside its tick
            row.append((x0 if edge == "left" else x1 if edge == "right" else (x0 + x1) / 2,
                        y0 if edge == "top" else y1 if edge == "bottom" else (y0 + y1) / 2))
        # one row: the numbers' inner edges (left scale: their left ends...) lie on one line
        (ax, ay), (bx, by) = row[0], row[-1]
        off = [abs((bx - ax) * (py - ay) - (by - ay) * (px_ - ax)) / math.hypot(bx - ax, by - ay) for px_, py in row]
        assert max(off) < 0.05, (edge, max(off))
    assert len(taken) == 44
    boxes = [b for _, b in numbers]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            gap = max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])
            assert gap >= 0.3, (a, b)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_duplex_sheet_has_no_blank_band_and_centred_cards(made, paper):
    """On both pages no band of blank rows over 25 mm between the margins and the footer (before:
    47 mm at the top and the bottom of both pages); the cards are centred across the page and the
    bands above and below them are as tall (within 0.5 mm)."""
    doc = doc_for("duplex", paper)
    W, H = doc.pages[0].width, doc.pages[0].height
    x, y, w, h = doc.pages[0].trim
    assert x + w / 2 == pytest.approx(W / 2, abs=0.01)
    dpi = DPI / SUPERSAMPLE
    for page in range(2):
        img = small(made[f"calibration-duplex-{paper}.pdf"], page)
        top, bottom = int(px(MARGIN, dpi)), int(px(H - MARGIN - 6.5, dpi))  # 6.5 mm: the footer and its gap
        blank = (img[top:bottom].min(axis=(1, 2)) >= 250).astype(int)
        runs = np.diff(np.concatenate([[0], blank, [0]]))
        starts, ends = np.nonzero(runs == 1)[0], np.nonzero(runs == -1)[0]
        assert (ends - starts).max() / dpi * 25.4 <= 25, (paper, page, (ends - starts).max() / dpi * 25.4)
    bands = sheet_bands(plan_grid(63, 88, PrintOptions(paper=paper), 8, count=4), PrintOptions(paper=paper))
    assert bands["above_h"] == pytest.approx(bands["below_h"], abs=0.5)


def test_duplex_instructions_are_printed_once_a_page(made):
    """The instructions stand once in the band above the cards (how to print and cut on the
    fronts' page, how to read the scales on the backs'), not on every card (before: the same 5
    lines on all four backs and 3 on all four fronts)."""
    pages = PdfReader(made["calibration-duplex-a4.pdf"]).pages
    front, back = (" ".join(p.extract_text().split()) for p in pages)
    assert front.count("Print this sheet double-sided") == 1 and front.count("crop marks") == 5  # 1 + 4 cards' captions
    assert back.count("slanted line") == 2  # the instruction and the worked example
    assert back.count("Where a cut edge crosses") == 0 and back.count("Back of") == 4
    doc = doc_for("duplex", "a4")
    for page, tag in ((0, "sheet-front"), (1, "sheet-back")):
        ((group, m),) = O.find(doc.pages[page].ops, tag, doc.symbols)
        ys = [mm.apply(op.x, op.y)[1] for op, mm in O.walk(group.ops, m, doc.symbols) if isinstance(op, O.Text)]
        trim_y = doc.pages[page].trim[1]
        assert min(ys) < trim_y and any(y > trim_y + doc.pages[page].trim[3] for y in ys)  # above and below
