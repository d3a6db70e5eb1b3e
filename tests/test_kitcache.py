"""tests/kitcache.py gives the tests the same files and pixels as the slow way it replaces."""

from __future__ import annotations

import numpy as np
import pytest

from tests import kitcache
from tests.conftest import pdf_pages, run_cli

# The ways kitcache replaces (tests/conftest.py used them before it used kitcache's), kept here
# as the reference the fast ones must equal.


def svg_page(path, dpi=None, size=None) -> np.ndarray:
    import io

    import cairosvg
    from PIL import Image

    kw = {"output_width": size[0], "output_height": size[1]} if size else {"dpi": dpi}
    png = cairosvg.svg2png(url=str(path), background_color="white", **kw)
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))


def ref_agreement(a: np.ndarray, b: np.ndarray, tol: int = 48) -> tuple[float, float]:
    diff = np.abs(a.astype(int) - b.astype(int)).max(axis=2)
    same = diff <= tol
    inked = (a.min(axis=2) < 200) | (b.min(axis=2) < 200)
    return float(same.mean()), float(same[inked].mean()) if inked.any() else 1.0


def ref_downsample(img: np.ndarray, f: int) -> np.ndarray:
    h, w, _ = img.shape
    return img[:h // f * f, :w // f * f].reshape(h // f, f, w // f, f, 3).mean(axis=(1, 3)).round().astype(np.uint8)

# A page 30.05 mm wide: its last pixel column is only partly covered (cairo keeps it
# premultiplied; the PNG route un-premultiplies it), a half-transparent fill and a glyph-like
# <use>, as printkit's SVGs draw text.
SVG = b"""<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
 width="30.05mm" height="20mm" viewBox="0 0 30.05 20"><defs><symbol id="g" overflow="visible">
<path d="M0 0 L3 0 L1.5 -4 Z"/></symbol></defs>
<rect x="2" y="2" width="20" height="10" fill="#c03030" fill-opacity="0.5" stroke="#203080" stroke-width="0.15"/>
<use xlink:href="#g" x="25" y="15" fill="#2a7"/><line x1="0" y1="19" x2="30.05" y2="19" stroke="black" stroke-width="0.1"/>
</svg>"""

# <use>s as kitcache finds their targets by id (_targets_found_by_id): a target inside a nested
# group, one used twice, a symbol that uses another, an id given twice (the first in document order
# is drawn) and an id that is not there (nothing drawn).
USES = b"""<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
 width="40mm" height="20mm" viewBox="0 0 40 20"><defs><g><g><symbol id="a" overflow="visible">
<path d="M0 0 L3 0 L1.5 -4 Z"/></symbol></g><!-- a comment --><symbol id="b" overflow="visible">
<use xlink:href="#a" x="1" fill="#36c"/><rect width="2" height="1"/></symbol></g>
<symbol id="a" overflow="visible"><circle r="3"/></symbol></defs>
<use xlink:href="#a" x="5" y="10"/><use xlink:href="#b" x="15" y="10" fill="#c33"/><use xlink:href="#a" x="25" y="15"/>
<use xlink:href="#none" x="30" y="10"/><g id="c"><rect x="33" y="2" width="4" height="4"/></g><use xlink:href="#c" y="8"/>
</svg>"""


@pytest.mark.parametrize("kw", [{"dpi": 96}, {"dpi": 301}, {"size": (171, 113)}])
def test_svg_pixels_are_those_of_the_png_route(tmp_path, kw):
    path = tmp_path / "t.svg"
    path.write_bytes(SVG)
    want = svg_page(path, **kw)
    got = kitcache.svg_array(path, **kw)
    assert got.dtype == np.uint8 and got.shape == want.shape
    assert (want[:, -1] != 255).any()  # the partly covered column is there and not white
    assert np.array_equal(got, want)


def test_uses_found_by_id_draw_what_cairosvgs_walk_draws(tmp_path):
    path = tmp_path / "uses.svg"
    path.write_bytes(USES)
    want = svg_page(path, dpi=200)
    assert np.array_equal(kitcache.svg_array(path, dpi=200), want)
    at = lambda x, y: want[int(y * 200 / 25.4), int(x * 200 / 25.4)]  # noqa: E731 - a pixel at x, y mm
    assert at(6.5, 9).max() < 100 and at(3, 10).min() == 255  # the first "a" (a triangle), not the circle
    # a real page: its text and symbols are ~650 <use>s of glyph outlines and symbols
    page = kitcache.svgs("trickdumpling", "track")[0]
    assert np.array_equal(kitcache.svg_array(page, dpi=40), svg_page(page, dpi=40))


def test_made_files_and_pages_are_the_clis_and_made_once(tmp_path):
    pdf = kitcache.pdf("gimbap", "fillings")
    assert pdf.name == "gimbap-fillings-a4.pdf" and kitcache.pdf("gimbap", "fillings") == pdf
    assert kitcache.made("gimbap", "fillings", "--format", "pdf") == (pdf,)  # the same make, not another
    r = run_cli("make", "gimbap", "fillings", "--out", str(tmp_path))
    assert r.exit_code == 0, r.output
    assert (tmp_path / pdf.name).read_bytes() == pdf.read_bytes()
    assert kitcache.page_count(pdf) == 2
    page = kitcache.pdf_page(pdf, 1, 50)
    assert np.array_equal(page, pdf_pages(pdf, 50)[1]) and not page.flags.writeable
    assert kitcache.pdf_page(pdf, 1, 50) is page
    (svg, _) = kitcache.svgs("gimbap", "fillings")
    assert svg.name == "gimbap-fillings-a4-p01.svg"
    assert kitcache.svg_page(svg, dpi=40) is kitcache.svg_page(svg, dpi=40)
    assert np.array_equal(kitcache.svg_page(svg, dpi=40), svg_page(svg, dpi=40))


def test_a_make_with_edited_layouts_is_not_the_shipped_ones(request):
    shipped = kitcache.pdf("gimbap", "tokens")
    edit_layout = request.getfixturevalue("edit_layout")  # PRINTKIT_LAYOUTS is set from here on
    edit_layout("gimbap/tokens.yaml", "slice_dx: 5.4 ", "slice_dx: 6 ")
    edited = kitcache.pdf("gimbap", "tokens")
    assert edited != shipped and edited.read_bytes() != shipped.read_bytes()


def test_downsample_and_agreement_are_the_reference_ones():
    rng = np.random.default_rng(16)
    a = rng.integers(0, 256, (61, 47, 3), dtype=np.uint8)
    b = a.copy()
    b[rng.random(a.shape) < 0.2] = 255
    a[:, :5] = 250  # some uninked pixels
    for f in (2, 3):
        assert np.array_equal(kitcache.downsample(a, f), ref_downsample(a, f))
    # Ties (a block summing to an odd half) round to even, as numpy's round does.
    ties = np.array([[[0], [1]], [[0], [1]]], dtype=np.uint8).repeat(3, axis=2)  # mean 0.5 -> 0
    ties3 = ties + 2  # mean 2.5 -> 2
    ones = np.array([[[1], [2]], [[2], [2]]], dtype=np.uint8).repeat(3, axis=2)  # 1.75 -> 2
    for t in (ties, ties3, ones):
        assert np.array_equal(kitcache.downsample(t, 2), ref_downsample(t, 2))
    for tol in (0, 48, 64):
        assert kitcache.agreement(a, b, tol) == ref_agreement(a, b, tol)
    white = np.full_like(a, 255)
    assert kitcache.agreement(white, white) == ref_agreement(white, white) == (1.0, 1.0)


def test_a_changed_file_is_drawn_again_and_the_images_kept_are_bounded(tmp_path, monkeypatch):
    path = tmp_path / "t.svg"
    path.write_bytes(SVG)
    first = kitcache.svg_page(path, dpi=96)
    assert kitcache.svg_page(path, dpi=96) is first
    path.write_bytes(SVG.replace(b'fill="#2a7"', b'fill="#a27" '))  # another colour, another size
    again = kitcache.svg_page(path, dpi=96)
    assert again is not first and not np.array_equal(again, first)
    budget = first.nbytes + 1  # room for one 96 dpi image and a few small ones
    monkeypatch.setattr(kitcache, "IMAGE_BUDGET", budget)
    monkeypatch.setattr(kitcache, "_IMAGES", type(kitcache._IMAGES)())
    kitcache.svg_page(path, dpi=96)
    small = [kitcache.svg_page(path, dpi=dpi) for dpi in (20, 21, 22)]
    assert sum(a.nbytes for a in kitcache._IMAGES.values()) <= budget  # the 96 dpi image went first
    assert len(kitcache._IMAGES) == 3 and kitcache.svg_page(path, dpi=22) is small[-1]
