"""Issue 27, item 6: text fields drawn with the bundled field font (Latin, Greek, Cyrillic, Hangul).

A Gimbap pad with Korean, Greek and Cyrillic names is filled twice: typed into by PDFium (as
Chrome does: clicks and characters through its form-fill API, then saved) and by printkit's
fill_form (pypdf); each is rasterised and the names must show as glyphs (ink in each name box,
not the .notdef boxes a font without them draws), and ``printkit score gimbap --json`` must read
the names back exactly. The Roll n Cook sheet's name field too.
"""

from __future__ import annotations

import io
import json
import unicodedata

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from pypdf import PdfReader

from printkit.core import formfont, forms
from printkit.games.gimbap import pad
from tests.conftest import run_cli
from tests.games.padtools import ROOT, pad_pdf, values_from_report

NAMES = ["김민준", "이서연", "Γιώργος", "Зоя Ёлкина"]
SCALE = 2.0


def _rects(data: bytes) -> dict[str, tuple[int, list[float]]]:
    out = {}
    for i, page in enumerate(PdfReader(io.BytesIO(data)).pages):
        for a in page.get("/Annots") or []:
            a = a.get_object()
            out[str(a.get("/T"))] = (i, [float(v) for v in a["/Rect"]])
    return out


def pdfium_type(data: bytes, values: dict[str, str]) -> bytes:
    """``data`` with ``values`` typed into its fields by PDFium: a click in the field, one
    FORM_OnChar a UTF-16 code unit, focus killed (commits the field), then saved."""
    where = _rects(data)
    pdf = pdfium.PdfDocument(data)
    pdf.init_forms()
    env = pdf.formenv.raw
    pages = {}
    for name, text in values.items():
        i, (x0, y0, x1, y1) = where[name]
        if i not in pages:  # one page object a page: a page closed drops what its fields were typed
            pages[i] = pdf[i]
        page = pages[i]
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        raw.FORM_OnMouseMove(env, page.raw, 0, cx, cy)
        raw.FORM_OnLButtonDown(env, page.raw, 0, cx, cy)
        raw.FORM_OnLButtonUp(env, page.raw, 0, cx, cy)
        units = text.encode("utf-16-le")
        for k in range(0, len(units), 2):
            raw.FORM_OnChar(env, page.raw, int.from_bytes(units[k:k + 2], "little"), 0)
        raw.FORM_ForceToKillFocus(env)
    buf = io.BytesIO()
    pdf.save(buf)
    return buf.getvalue()


def raster(data: bytes) -> np.ndarray:
    d = pdfium.PdfDocument(data)
    d.init_forms()
    return np.asarray(d[0].render(scale=SCALE, may_draw_forms=True).to_pil().convert("RGB"), dtype=int)


def box(img: np.ndarray, data: bytes, name: str) -> np.ndarray:
    """The pixels of field ``name`` (page 1), a pixel inside its edges."""
    _i, (x0, y0, x1, y1) = _rects(data)[name]
    h = img.shape[0]
    return img[int(h - y1 * SCALE) + 3:int(h - y0 * SCALE) - 3, int(x0 * SCALE) + 3:int(x1 * SCALE) - 3]


def pen(pixels: np.ndarray) -> int:
    """Pixels of the dark blue pen (blue well above red)."""
    return int(((pixels[..., 2] - pixels[..., 0]) > 60).sum())


@pytest.fixture(scope="module")
def game() -> tuple[bytes, dict, list[str]]:
    """The fillable Gimbap pad, a legal game's values (three-players.yaml), and its name fields."""
    values, _report = values_from_report("gimbap", pad, ROOT / "examples" / "gimbap" / "three-players.yaml")
    names = sorted(k for k in values if ":name:" in k)
    return pad_pdf(pad), values, names


@pytest.fixture(scope="module")
def filled(game) -> dict[str, bytes]:
    blank, values, names = game
    named = dict(zip(names, NAMES, strict=False))
    return {"pypdf": forms.fill_form(blank, {**values, **named}),
            "pdfium": pdfium_type(forms.fill_form(blank, {k: v for k, v in values.items() if k not in named}), named)}


def test_the_pad_carries_the_field_font_whole_and_every_text_field_names_it(game):
    blank, _values, _names = game
    r = PdfReader(io.BytesIO(blank))
    form = r.trailer["/Root"]["/AcroForm"]
    font = form["/DR"]["/Font"][formfont.RESOURCE].get_object()
    cid = font["/DescendantFonts"][0].get_object()
    assert (font["/Subtype"], font["/Encoding"], cid["/Subtype"]) == ("/Type0", "/Identity-H", "/CIDFontType2")
    embedded = cid["/FontDescriptor"]["/FontFile2"].get_data()
    assert embedded == (ROOT / "fonts" / formfont.FILE).read_bytes()  # whole, not a subset
    assert "/Helv" not in form["/DR"]["/Font"] and formfont.RESOURCE in str(form["/DA"])
    texts = [a.get_object() for p in r.pages for a in p["/Annots"] if a.get_object().get("/FT") == "/Tx"]
    assert texts and all(str(a["/DA"]).startswith(formfont.RESOURCE + " ") for a in texts)
    # Each field has its own appearance: a viewer rewrites it in place.
    assert len({a["/AP"].raw_get("/N").idnum for a in texts}) == len(texts)


def test_the_font_covers_latin_greek_cyrillic_and_ks_x_1001_hangul():
    f = formfont.field_font()
    hangul = [bytes([row, cell]).decode("euc-kr") for row in range(0xB0, 0xC9) for cell in range(0xA1, 0xFF)]
    assert len(hangul) == 2350 and f.covers("".join(hangul))
    assert f.covers("".join(map(chr, [*range(0x20, 0x7F), *range(0xA0, 0x180)])))  # Latin-1, Extended-A
    assert f.covers("ΑΩαωάέήίόύώςϊϋΐΰ") and f.covers("АЯаяЁёІіЇїЄєЎўҐґҚқӘә")
    assert len(f.data) < 800_000


@pytest.mark.parametrize("how", ["pypdf", "pdfium"])
def test_names_show_as_glyphs_in_their_boxes(game, filled, how):
    blank, values, names = game
    data = filled[how]
    img = raster(data)
    # The same strings in a font without them: .notdef boxes (fill_form draws what the font
    # lacks as glyph 0), so the real names must look different from those.
    tofu = raster(forms.fill_form(blank, {**values, **{n: "\uffff" * len(t) for n, t in zip(names, NAMES, strict=False)}}))
    for name in names[:len(NAMES)]:
        here, boxes = box(img, data, name), box(tofu, blank, name)
        assert pen(here) > 40, (how, name)
        assert (np.abs(here - boxes).sum(axis=2) > 150).sum() > 40, (how, name, "looks like .notdef boxes")


@pytest.mark.parametrize("how", ["pypdf", "pdfium"])
def test_score_reads_the_names_back(filled, tmp_path, how):
    path = tmp_path / "pad.pdf"
    path.write_bytes(filled[how])
    r = run_cli("score", "gimbap", str(path), "--json")
    assert r.exit_code == 0, r.output
    got = [p["name"] for p in json.loads(r.stdout)["players"]]
    assert sorted(got) == sorted(unicodedata.normalize("NFC", n) for n in NAMES[:len(got)])
    assert len(got) == 3  # three-players.yaml


def test_pdfium_draws_typed_hangul_with_the_field_font(filled):
    """The appearance PDFium saves names the field font (not a system font it added)."""
    r = PdfReader(io.BytesIO(filled["pdfium"]))
    for a in r.pages[0]["/Annots"]:
        a = a.get_object()
        if str(a.get("/V", "")) == NAMES[0]:
            ap = a["/AP"]["/N"].get_object()
            assert formfont.RESOURCE.encode() in ap.get_data()
            assert ap["/Resources"]["/Font"][formfont.RESOURCE].get_object()["/BaseFont"] == "/" + formfont.BASE_FONT
            return
    raise AssertionError("no field holds the typed name")


def test_rollncook_sheet_name_field_shows_hangul(tmp_path):
    r = run_cli("make", "rollncook", "--seed", "7", "--fillable", "--out", str(tmp_path))
    assert r.exit_code == 0, r.output
    blank = (tmp_path / r.stdout.split()[-1].split("/")[-1]).read_bytes()
    name = next(n for n in _rects(blank) if n.endswith(":name"))
    data = pdfium_type(blank, {name: "김밥천국 Ωμέγα"})
    assert forms.parse_form(data, "s.pdf").value(name) == "김밥천국 Ωμέγα"
    assert pen(box(raster(data), data, name)) > 40
