"""The calibration kit, measured on real output: rasterised PDF and SVG pages.

Every page of the made kit (``made``: colour and B&W, A4 and Letter, PDF and SVG) is rasterised
once for the module at 200 dpi (issue 16: the suite's time; cairosvg takes about half a second
a page at any resolution). The squares, rulers and scale bar are measured on those rasters
(their edges found to well under 0.05 mm at 200 dpi as at 300, against tolerances of 0.2 mm);
PDF and SVG are compared, and colour and margins checked, on them averaged down to 100 dpi.
SVG pages are drawn, averaged and compared with tests/kitcache.py's helpers (conftest's pixels
and numbers, faster).
"""

from collections.abc import Iterator
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from pypdf import PdfReader

from printkit.core.draw import ops as O
from printkit.core.draw.page import MARGIN, PrintOptions
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
