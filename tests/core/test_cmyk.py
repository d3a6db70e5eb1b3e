"""``make --cmyk``: every colour of the PDF in DeviceCMYK, black text and lines in black ink only
(``0 0 0 1 k``), pages that look like the RGB ones; and font subsets with tags of their own (in
every --cmyk file and every joined one)."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import numpy as np
import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from printkit.core.colour import Colour
from printkit.core.draw.ops import Document, Page, Text
from printkit.core.draw.pdf import CHUNK, render_pdf
from tests.conftest import agreement, pdf_pages, run_cli

#: Operators that set a colour other than DeviceCMYK's ``k`` and ``K`` (and colour spaces).
NOT_CMYK = {b"rg", b"RG", b"g", b"G", b"sc", b"scn", b"SC", b"SCN", b"cs", b"CS"}
TAG = re.compile(r"^/([A-Z]{6})\+(.+)$")


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Trick Dumpling's cooks (brand colours, icons as forms with inherited fills) in RGB and
    --cmyk, and in --cmyk the calibration page (its colour swatches) and a Roll n Cook sheet (its
    QR code)."""
    out = tmp_path_factory.mktemp("cmyk")
    paths: dict[str, Path] = {}
    for key, args in (("rgb", ["trickdumpling", "cooks"]), ("cmyk", ["trickdumpling", "cooks", "--cmyk"]),
                      ("calibration", ["calibration", "page", "--cmyk"]),
                      ("sheet", ["rollncook", "--seed", "7", "--cmyk"])):
        r = run_cli("make", *args, "--out", str(out))
        assert r.exit_code == 0, r.output
        paths[key] = Path(r.stdout.split()[0])
    return paths


def colour_runs(path: Path) -> tuple[set[bytes], list[tuple[bytes, tuple[float, ...]]]]:
    """(the colour operators a PDF uses, pages and forms alike; the fill colour (operator,
    operands) each text run is shown in), following q/Q and the forms a page draws with Do."""
    reader = PdfReader(path)
    used: set[bytes] = set()
    texts: list[tuple[bytes, tuple[float, ...]]] = []

    def run(stream, resources, fill) -> None:
        stack = []
        forms = resources.get("/XObject", {}) if resources else {}
        for operands, op in ContentStream(stream, reader).operations:
            if op in NOT_CMYK or op in (b"k", b"K"):
                used.add(op)
            if op in (b"k", b"rg", b"g"):
                fill = (op, tuple(float(v) for v in operands))
            elif op == b"q":
                stack.append(fill)
            elif op == b"Q":
                fill = stack.pop()
            elif op in (b"Tj", b"TJ", b"'", b'"'):
                texts.append(fill)
            elif op == b"Do":
                form = forms[operands[0]].get_object()
                run(form, form.get("/Resources"), fill)

    for page in reader.pages:
        run(page.get_contents(), page.get("/Resources"), (b"g", (0.0,)))  # a page starts in black
    return used, texts


def test_cmyk_writes_every_colour_in_cmyk_and_text_in_pure_black(made: dict[str, Path]) -> None:
    for key in ("cmyk", "calibration", "sheet"):
        used, texts = colour_runs(made[key])
        assert used == {b"k", b"K"}, (key, used)  # no rg/RG, no grey, no other colour space
        fills = [v for op, v in texts]
        assert {op for op, _ in texts} == {b"k"}
        black = fills.count((0.0, 0.0, 0.0, 1.0))
        assert black >= len(fills) / 2, (key, black, len(fills))  # body text, footer: 0 0 0 1 k
        # No text in a near-black of black ink alone (the old #1a1a1a was 0 0 0 0.898 k).
        assert not [f for f in fills if f[:3] == (0.0, 0.0, 0.0) and 0.8 <= f[3] < 1.0], key


def test_plain_output_is_rgb_with_text_in_pure_black(made: dict[str, Path]) -> None:
    """DESIGN.md's ink is #000000 in colour too: a home printer prints it in black ink alone."""
    used, texts = colour_runs(made["rgb"])
    assert b"rg" in used and not used & {b"k", b"K"}
    fills = [v for op, v in texts if op == b"rg"]
    assert fills.count((0.0, 0.0, 0.0)) >= len(fills) / 2
    assert not [f for f in fills if f[0] == f[1] == f[2] and 0.0 < f[0] <= 0.2]  # no near-black grey


def test_cmyk_pages_look_like_the_rgb_pages(made: dict[str, Path]) -> None:
    rgb, cmyk = pdf_pages(made["rgb"], 40), pdf_pages(made["cmyk"], 40)
    assert len(rgb) == len(cmyk) == 1
    a, b = rgb[0].astype(float), cmyk[0].astype(float)
    # Measured: 2.98 levels of 255 a pixel, page means within 3.8 (pdfium's CMYK preview).
    assert np.abs(a - b).mean() < 6
    assert np.abs(a.mean(axis=(0, 1)) - b.mean(axis=(0, 1))).max() < 6
    assert agreement(rgb[0], cmyk[0], 48)[1] > 0.98  # inked pixels where they were, alike


def test_cmyk_file_is_named_and_made_byte_for_byte_again(made: dict[str, Path], tmp_path: Path) -> None:
    assert made["cmyk"].name == "trickdumpling-cooks-a4-cmyk.pdf"
    assert made["calibration"].name == "calibration-page-a4-cmyk.pdf"
    footer = PdfReader(made["cmyk"]).pages[0].extract_text()
    assert "A4 CMYK" in footer and "CMYK" not in PdfReader(made["rgb"]).pages[0].extract_text()
    r = run_cli("make", "trickdumpling", "cooks", "--cmyk", "--out", str(tmp_path))
    assert r.exit_code == 0 and (tmp_path / made["cmyk"].name).read_bytes() == made["cmyk"].read_bytes()


@pytest.mark.parametrize("args", [["calibration", "page", "--format", "svg"], ["calibration", "page", "--format", "png"],
                                  ["rollncook", "--seed", "1", "--fillable"]])
def test_cmyk_refuses_what_it_cannot_make_in_one_line(args: list[str], tmp_path: Path) -> None:
    r = run_cli("make", *args, "--cmyk", "--out", str(tmp_path))
    assert r.exit_code == 2, r.output
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("printkit: error: --cmyk ") and "Traceback" not in r.output
    assert not list(tmp_path.iterdir())  # nothing made


def test_help_and_list_name_cmyk() -> None:
    from printkit.listing import listing

    assert "--cmyk" in run_cli("make", "--help").output
    assert "--cmyk" in next(iter(listing()))


def test_colour_conversion_puts_grey_in_black_ink_only() -> None:
    assert Colour.parse("#000").cmyk() == (0.0, 0.0, 0.0, 1.0)
    assert Colour.parse("#fff").cmyk() == (0.0, 0.0, 0.0, 0.0)
    assert Colour.parse("#1a1a1a").cmyk() == (0.0, 0.0, 0.0, 0.898)
    assert Colour.parse("#d62728").cmyk() == (0.0, 0.8178, 0.8131, 0.1608)
    for h in ("#1f77b4", "#2ca02c", "#8e5ab5", "#f2c80f", "#8c2f25", "#9a9a9a"):
        k = Colour.parse(h)
        c, m, y, black = k.cmyk()
        assert min(c, m, y) == 0.0 and c + m + y + black <= 2.0  # all the grey in K; at most 200% ink
        # The formula undone gives the colour back (to its four decimals).
        assert max(abs((1 - v) * (1 - black) - w) for v, w in zip((c, m, y), (k.r, k.g, k.b), strict=True)) < 2e-4


# -- font subsets' tags ---------------------------------------------------------------------------

def fonts(data: bytes | Path) -> dict[str, tuple[str, str]]:
    """Every font a PDF's pages use: its /BaseFont -> (its descriptor's /FontName, the digest
    of its font program)."""
    import io

    reader = PdfReader(io.BytesIO(data) if isinstance(data, bytes) else data)
    found: dict[str, tuple[str, str]] = {}
    for page in reader.pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            descriptor = font["/FontDescriptor"].get_object()
            program = hashlib.sha256(descriptor["/FontFile2"].get_object().get_data()).hexdigest()
            name = str(font["/BaseFont"])
            assert found.setdefault(name, (str(descriptor["/FontName"]), program)) == (name, program), name
    return found


def test_every_subset_has_its_own_tag_in_cmyk_and_plain_files(made: dict[str, Path]) -> None:
    for key in ("cmyk", "calibration", "rgb"):
        names = fonts(made[key])
        tags = [TAG.match(n) for n in names]
        assert all(tags) and len(names) >= 3, names
        assert len({t.group(1) for t in tags if t}) == len(names), names  # no two alike (not AAAAAA+ each)


def _doc(last: str) -> Document:
    """A document of two chunks: CHUNK pages saying "Ωmega", then one saying ``last`` (reportlab
    puts all of ASCII in a font's first subset: other glyphs make another subset)."""
    pages = [Page(40, 20, [Text(5, 10, "Ωmega" if i < CHUNK else last, "sans", 4)]) for i in range(CHUNK + 1)]
    return Document(pages=pages, title="tags")


def test_joined_chunks_give_different_subsets_different_tags_and_equal_ones_one() -> None:
    other, same = render_pdf(_doc("ßeta")), render_pdf(_doc("Ωmega"))
    two, one = fonts(other), fonts(same)
    assert len(two) == 2 and len(one) == 1  # chunks' different subsets of DejaVu Sans: two fonts
    tags = {TAG.match(n).group(1) for n in two}  # type: ignore[union-attr]
    assert len(tags) == 2 and all(TAG.match(n).group(2) == "DejaVuSans" for n in two)  # type: ignore[union-attr]
    assert len({p for _, p in two.values()}) == 2
    assert set(one) < set(two)  # the "Ωmega" subset's tag comes from its name and glyphs alone
    assert render_pdf(_doc("ßeta")) == other  # and again, byte for byte
