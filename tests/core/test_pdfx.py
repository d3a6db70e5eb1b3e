"""``make --cmyk --bleed 3``: files a print shop's preflight takes as PDF/X-1a:2003, with black
text and lines overprinting. :func:`preflight` checks a file the way such a preflight does
(output intent, document information, page boxes, colours, transparency, images, fonts, forms)
and :func:`paints` follows the graphics state to see what overprints."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np
import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ContentStream, NameObject

from printkit.core.draw.ops import Document, Page, Text
from printkit.core.draw.pdf import render_pdf
from printkit.core.units import PT_PER_MM
from tests.conftest import pdf_pages, run_cli

BLACK = (0.0, 0.0, 0.0, 1.0)
#: What each paper's file is meant to be printed under (the ICC registry's names).
CONDITION = {"a4": "FOGRA39", "letter": "CGATS TR 006"}
#: Colour operators other than DeviceCMYK's k and K, colour spaces, shadings, inline images.
FORBIDDEN_OPS = {b"rg", b"RG", b"g", b"G", b"sc", b"scn", b"SC", b"SCN", b"cs", b"CS", b"sh", b"BI", b"ID", b"EI"}
FILLS = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}
STROKES = {b"S", b"s", b"B", b"B*", b"b", b"b*"}
TEXT = {b"Tj", b"TJ", b"'", b'"'}
BLEED_PT = 3 * PT_PER_MM

#: (game, component, paper): text on tints, symbol forms, lines, swatches; and Letter.
MADE = [("trickdumpling", "cards", "a4"), ("jubako", "pad", "a4"), ("calibration", "page", "a4"),
        ("gimbap", "dice", "a4"), ("jubako", "pad", "letter")]


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str, str], Path]:
    out = tmp_path_factory.mktemp("pdfx")
    paths = {}
    for game, comp, paper in MADE:
        r = run_cli("make", game, comp, "--cmyk", "--bleed", "3", "--paper", paper, "--out", str(out))
        assert r.exit_code == 0, r.output
        paths[game, comp, paper] = Path(r.stdout.split()[0])
    return paths


# -- the checker ------------------------------------------------------------------------------------

@dataclass
class State:
    fill: tuple[float, ...] = (0.0,)
    stroke: tuple[float, ...] = (0.0,)
    OP: bool = False
    op: bool = False
    OPM: int = 0


@dataclass
class Paints:
    """What a file paints: (fill or stroke colour, whether it overprints, OPM) by kind."""
    text: list[tuple[tuple[float, ...], bool, int]] = field(default_factory=list)
    fill: list[tuple[tuple[float, ...], bool, int]] = field(default_factory=list)
    stroke: list[tuple[tuple[float, ...], bool, int]] = field(default_factory=list)
    stroke_only: list[tuple[tuple[float, ...], bool, int]] = field(default_factory=list)
    ops: set[bytes] = field(default_factory=set)


def _set(state: State, d) -> State:
    """``state`` after ``gs`` with the graphics state dictionary ``d``."""
    if "/OP" in d:
        state = replace(state, OP=bool(d["/OP"]), op=bool(d["/OP"]))  # op follows OP when absent
    if "/op" in d:
        state = replace(state, op=bool(d["/op"]))
    if "/OPM" in d:
        state = replace(state, OPM=int(d["/OPM"]))
    return state


def _record(found: Paints, op: bytes, state: State) -> None:
    if op in TEXT:
        found.text.append((state.fill, state.op, state.OPM))
    if op in FILLS:
        found.fill.append((state.fill, state.op, state.OPM))
    if op in STROKES:
        found.stroke.append((state.stroke, state.OP, state.OPM))
    if op in (b"S", b"s"):
        found.stroke_only.append((state.stroke, state.OP, state.OPM))


def paints(reader: PdfReader) -> Paints:
    """Follow every page's content and the forms it draws (q/Q, k/K, gs, Do) and record each
    painting operator's colour and overprint state."""
    found = Paints()

    def run(stream, resources, state: State) -> None:
        stack: list[State] = []
        res = resources.get_object() if resources is not None else {}
        for operands, op in ContentStream(stream, reader).operations:
            found.ops.add(op)
            if op == b"q":
                stack.append(state)
            elif op == b"Q":
                state = stack.pop()
            elif op in (b"k", b"K"):
                colour = tuple(float(v) for v in operands)
                state = replace(state, fill=colour) if op == b"k" else replace(state, stroke=colour)
            elif op == b"gs":  # a name missing from the resources fails here, as in a strict reader
                state = _set(state, res["/ExtGState"][operands[0]].get_object())
            elif op == b"Do":
                form = res["/XObject"][operands[0]].get_object()
                run(form, form.get("/Resources"), state)
            _record(found, op, state)

    for page in reader.pages:
        run(page.get_contents(), page.get("/Resources"), State())
    return found


def _get(d, key: str, default):
    """Entry ``key`` of PDF dictionary ``d``, resolved (older pypdf leaves a reference), or ``default``."""
    v = d.get(key)
    return default if v is None else v.get_object()


def _resources(reader: PdfReader):
    """Every resource dictionary of the pages and the forms they reach, with what owns it."""
    seen: set[int] = set()

    def walk(owner, res):
        if res is None:
            return
        res = res.get_object()
        yield owner, res
        for ref in _get(res, "/XObject", {}).values():
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
            x = ref.get_object()
            yield from walk(x, x.get("/Resources")) if x.get("/Subtype") == "/Form" else [(x, {})]

    for page in reader.pages:
        yield from walk(page, page.get("/Resources"))


def preflight(data: bytes, paper: str, bleed_pt: float) -> tuple[list[str], Paints]:
    """What a PDF/X-1a:2003 preflight would object to in ``data`` (nothing: []), and what the
    file paints."""
    reader = PdfReader(io.BytesIO(data))
    problems = _file_problems(data, reader, paper) + _page_problems(reader, bleed_pt) + _resource_problems(reader)
    p = paints(reader)
    return sorted(set(problems + _paint_problems(p))), p


def _file_problems(data: bytes, reader: PdfReader, paper: str) -> list[str]:
    """The header, the identifier, the document information, the output intent, the catalog."""
    problems = []
    if not re.match(rb"%PDF-1\.[34]\n", data):
        problems.append("not PDF 1.3 or 1.4")
    if len(reader.trailer.get("/ID", [])) != 2:
        problems.append("no file identifier")
    info = reader.trailer["/Info"].get_object()
    if info.get("/GTS_PDFXVersion") != "PDF/X-1a:2003":
        problems.append("no /GTS_PDFXVersion")
    if info.get("/Trapped") != "/False":
        problems.append("/Trapped not /False")
    if not info.get("/Title"):
        problems.append("no title")
    problems += [f"no {key}" for key in ("/CreationDate", "/ModDate") if not re.match(r"D:\d{14}", str(info.get(key, "")))]
    root = reader.trailer["/Root"].get_object()
    pdfx = [i.get_object() for i in _get(root, "/OutputIntents", []) if i.get_object().get("/S") == "/GTS_PDFX"]
    if len(pdfx) != 1:
        problems.append("not one PDF/X output intent")
    else:
        if pdfx[0].get("/OutputConditionIdentifier") != CONDITION[paper]:
            problems.append(f"output condition {pdfx[0].get('/OutputConditionIdentifier')}")
        if pdfx[0].get("/RegistryName") != "http://www.color.org" and "/DestOutputProfile" not in pdfx[0]:
            problems.append("an unregistered condition without its profile")
    return problems + [f"catalog has {key}" for key in ("/AcroForm", "/OpenAction", "/AA", "/Names") if key in root]


def _page_problems(reader: PdfReader, bleed_pt: float) -> list[str]:
    """Boxes (TrimBox in BleedBox in MediaBox, the bleed round cut-out items), annotations, groups."""
    problems = []
    for n, page in enumerate(reader.pages, 1):
        media = [float(v) for v in page.mediabox]
        if "/TrimBox" not in page or "/BleedBox" not in page:
            problems.append(f"page {n}: no TrimBox or BleedBox")
            continue
        trim, bleed = [float(v) for v in page["/TrimBox"]], [float(v) for v in page["/BleedBox"]]
        for inner, outer, what in ((trim, bleed, "TrimBox outside BleedBox"), (bleed, media, "BleedBox outside MediaBox")):
            if not (outer[0] - 1e-3 <= inner[0] and outer[1] - 1e-3 <= inner[1]
                    and inner[2] <= outer[2] + 1e-3 and inner[3] <= outer[3] + 1e-3):
                problems.append(f"page {n}: {what}")
        # A sheet (a pad, a board) is its paper: trim, bleed and media alike. Cards' pages bleed.
        if trim != media and any(abs(abs(b - t) - bleed_pt) > 0.01 for b, t in zip(bleed, trim, strict=True)):
            problems.append(f"page {n}: bleed not {bleed_pt:g} pt a side")
        problems += [f"page {n}: {key}" for key in ("/Annots", "/Group", "/AA") if key in page]
    return problems


def _resource_problems(reader: PdfReader) -> list[str]:
    """Images, transparency, colour spaces, graphics states other than overprint, fonts not embedded."""
    problems = []
    for owner, res in _resources(reader):
        if owner.get("/Subtype") == "/Image":
            problems.append("an image")
        if "/Group" in owner or "/SMask" in owner:
            problems.append("a transparency group or soft mask")
        problems += [f"resources with {key}" for key in ("/ColorSpace", "/Pattern", "/Shading") if key in res]
        for gs in _get(res, "/ExtGState", {}).values():
            extra = set(gs.get_object()) - {"/Type", "/OP", "/op", "/OPM"}
            if extra:
                problems.append(f"graphics state with {sorted(extra)}")
        for ref in _get(res, "/Font", {}).values():
            font = ref.get_object()
            for f in [font] + [d.get_object() for d in _get(font, "/DescendantFonts", [])]:
                desc = f.get("/FontDescriptor")
                if desc is None and "/DescendantFonts" in f:
                    continue
                if desc is None or not {"/FontFile", "/FontFile2", "/FontFile3"} & set(desc.get_object()):
                    problems.append(f"font {f.get('/BaseFont')} not embedded")
    return problems


def _paint_problems(p: Paints) -> list[str]:
    """Colours other than CMYK; black text and lines that knock out; other colours that overprint."""
    problems = [f"colour operators {sorted(p.ops & FORBIDDEN_OPS)}"] if p.ops & FORBIDDEN_OPS else []
    for colour, over, opm in p.text:
        if (colour == BLACK) != (over and opm == 1):
            problems.append(f"text in {colour} {'overprints' if over else 'knocks out'}")
    problems += [f"paint in {c} overprints" for c, over, opm in p.fill + p.stroke if over and (c != BLACK or opm != 1)]
    problems += ["a black line knocks out" for c, over, opm in p.stroke_only if c == BLACK and not (over and opm == 1)]
    return problems


@pytest.fixture(scope="module")
def checked(made: dict) -> dict[tuple[str, str, str], tuple[list[str], Paints]]:
    return {key: preflight(path.read_bytes(), key[2], BLEED_PT) for key, path in made.items()}


# -- the tests --------------------------------------------------------------------------------------

@pytest.mark.parametrize("key", MADE, ids=["-".join(k) for k in MADE])
def test_cmyk_file_passes_a_pdfx1a_preflight(checked: dict, key: tuple[str, str, str]) -> None:
    assert checked[key][0] == []


def test_black_text_and_lines_overprint_and_nothing_else_does(checked: dict) -> None:
    black_text = black_lines = coloured = 0
    for _, p in checked.values():
        black_text += sum(1 for c, over, _ in p.text if c == BLACK and over)
        black_lines += sum(1 for c, over, _ in p.stroke_only if c == BLACK and over)
        coloured += sum(1 for c, over, _ in p.fill + p.text if c != BLACK and not over)
    # Measured: 432 black text runs and 892 black lines over the five files; 3,060 colours knock out.
    assert black_text > 300 and black_lines > 600 and coloured > 2000, (black_text, black_lines, coloured)


def test_output_intent_says_the_printing_condition(made: dict) -> None:
    for (_, _, paper), path in made.items():
        (intent,) = PdfReader(path).trailer["/Root"]["/OutputIntents"]
        intent = intent.get_object()
        assert intent["/OutputConditionIdentifier"] == CONDITION[paper]
        assert intent["/RegistryName"] == "http://www.color.org" and intent["/Info"]
        assert "/DestOutputProfile" not in intent  # a registered condition: the shop has its profile


def test_the_checker_finds_what_a_plain_pdf_lacks() -> None:
    """The same checker on a plain (RGB, home-printer) PDF and on a --cmyk one missing its bleed."""
    plain = render_pdf(Document([Page(40, 20, [Text(5, 10, "a", "sans", 4)])], title="t"))
    found, _ = preflight(plain, "a4", 0)
    assert "no /GTS_PDFXVersion" in found and "not one PDF/X output intent" in found
    assert "colour operators [b'rg']" in found and "text in (0.0, 0.0, 0.0) knocks out" not in found
    card = Page(40, 20, [Text(5, 10, "a", "sans", 4)], trim=(10, 5, 20, 10))  # cut out, no bleed round it
    cmyk = render_pdf(Document([card], title="t"), cmyk=True, paper="letter")
    assert preflight(cmyk, "letter", 0)[0] == []
    assert preflight(cmyk, "a4", BLEED_PT)[0] == ["output condition CGATS TR 006", "page 1: bleed not 8.50394 pt a side"]


def _without_overprint(path: Path) -> bytes:
    """The file with its ``gs`` operators taken out (they set overprint alone): as --cmyk drew
    it before black overprinted."""
    writer = PdfWriter(clone_from=PdfReader(path))
    streams = [page["/Contents"].get_object() for page in writer.pages]
    streams += [x.get_object() for page in writer.pages for x in _get(page["/Resources"], "/XObject", {}).values()]
    for s in streams:
        data = s.get_data()
        s[NameObject("/Filter")] = NameObject("/FlateDecode")  # pypdf writes Flate alone
        s.set_data(re.sub(rb"/\w+ gs\n", b"", data))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_overprint_changes_nothing_on_screen(made: dict, tmp_path: Path) -> None:
    path = made["trickdumpling", "cards", "a4"]
    before = tmp_path / "before.pdf"
    before.write_bytes(_without_overprint(path))
    # Nothing overprints in it, as the checker sees (pypdf 4.0's writer drops the rewritten
    # file's /ID, which is this rewrite's doing, not the file's).
    found = [p for p in preflight(before.read_bytes(), "a4", BLEED_PT)[0] if p != "no file identifier"]
    assert found == ["a black line knocks out", "text in (0.0, 0.0, 0.0, 1.0) knocks out"]
    a, b = pdf_pages(path, 40), pdf_pages(before, 40)
    for i in (0, len(a) - 1):
        assert np.array_equal(a[i], b[i]), i


def test_fillable_is_refused_as_pdfx_allows_no_forms(tmp_path: Path) -> None:
    r = run_cli("make", "jubako", "pad", "--fillable", "--cmyk", "--out", str(tmp_path))
    assert r.exit_code == 2 and r.stderr.strip().count("\n") == 0
    assert "PDF/X" in r.stderr and "form fields" in r.stderr and not list(tmp_path.iterdir())
