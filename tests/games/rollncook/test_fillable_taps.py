"""Issue 27, deliverable 3: the fillable Roll n Cook sheet filled with a finger.

PDFium (pypdfium2's raw form-fill API, as Chrome and Android's viewers drive it) fills a blank
sheet by clicks alone: a mouse down and up at the centre of each target, keys only for the
dice and the restaurant's name. The file it saves scores the record's own total. A tap toggles
a check box, "used" alone reads as circled and crossed, the targets are as large as
docs/fillable.md says, and a cross in a dish box leaves the printed bonus clear.
"""

from __future__ import annotations

import ctypes
import io
import json
import re
from collections import defaultdict
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import yaml
from pypdf import PdfReader

from printkit.core import forms
from printkit.core.units import MM_PER_PT
from printkit.games.rollncook import filled as rnc_filled
from printkit.games.rollncook.form import BONUS_H, Names
from printkit.games.rollncook.geometry import geometry
from tests.conftest import run_cli
from tests.games.rollncook.test_fillable import EXAMPLES, blank, made, marks

DOCS = Path(__file__).resolve().parents[3] / "docs" / "fillable.md"
SID = "RNC1-7"
Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in page points (y up)


def rects(data: bytes) -> dict[str, Rect]:
    """Each widget's rectangle, by field name (the first page)."""
    out = {}
    for ref in PdfReader(io.BytesIO(data)).pages[0]["/Annots"]:
        a = ref.get_object()
        x0, y0, x1, y1 = (float(v) for v in a["/Rect"])
        out[str(a["/T"])] = (x0, y0, x1, y1)
    return out


def reach(r: dict[str, Rect]) -> dict[str, Rect]:
    """What a tap reaches of each target: a bullet's "got" target less the "used" target
    that PDFium puts over it (the first widget in /Annots takes the tap); the others whole."""
    out = dict(r)
    for name, (x0, y0, x1, y1) in r.items():
        if name.endswith(":got"):
            used = r[name[: -len("got")] + "used"]
            out[name] = (x0, max(y0, used[3]), x1, y1)
    return out


def centre(b: Rect) -> tuple[float, float]:
    return ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)


def pdfium_fill(data: bytes, taps: list[str | tuple[float, float]], typed: dict[str, str]) -> bytes:
    """``data`` filled in PDFium as a finger would: a click at the centre of what each field of
    ``taps`` reaches (in order; a field twice is tapped twice; or at a point, x and y in page
    points), then a click into each field of ``typed`` and its text as key presses; saved with
    FPDF_SaveAsCopy."""
    at = reach(rects(data))
    buf = ctypes.create_string_buffer(data, len(data))
    doc = pdfium_c.FPDF_LoadMemDocument64(buf, len(data), None)
    assert doc
    info = pdfium_c.FPDF_FORMFILLINFO(version=2)
    env = pdfium_c.FPDFDOC_InitFormFillEnvironment(doc, ctypes.byref(info))
    page = pdfium_c.FPDF_LoadPage(doc, 0)
    pdfium_c.FORM_OnAfterLoadPage(page, env)

    def click(name: str | tuple[float, float]) -> None:
        x, y = centre(at[name]) if isinstance(name, str) else name
        pdfium_c.FORM_OnMouseMove(env, page, 0, x, y)
        pdfium_c.FORM_OnLButtonDown(env, page, 0, x, y)
        pdfium_c.FORM_OnLButtonUp(env, page, 0, x, y)

    for name in taps:
        click(name)
    for name, text in typed.items():
        click(name)
        for ch in text:
            pdfium_c.FORM_OnChar(env, page, ord(ch), 0)
        pdfium_c.FORM_ForceToKillFocus(env)
    pdfium_c.FORM_ForceToKillFocus(env)
    chunks: list[bytes] = []
    write_type = dict(pdfium_c.FPDF_FILEWRITE._fields_)["WriteBlock"]

    def write_block(_self, block, size):  # noqa: ANN001 - a ctypes callback
        chunks.append(ctypes.string_at(block, size))
        return 1

    writer = pdfium_c.FPDF_FILEWRITE(version=1, WriteBlock=write_type(write_block))
    try:
        assert pdfium_c.FPDF_SaveAsCopy(doc, ctypes.byref(writer), 0)
    finally:
        pdfium_c.FORM_OnBeforeClosePage(page, env)
        pdfium_c.FPDF_ClosePage(page)
        pdfium_c.FPDFDOC_ExitFormFillEnvironment(env)
        pdfium_c.FPDF_CloseDocument(doc)
    return b"".join(chunks)


def checked(data: bytes) -> dict[str, str]:
    return {n: f.value for n, f in forms.parse_form(data, "t.pdf").fields.items() if f.value}


# -- the acceptance test: a legal game, clicked in, scores its hand-counted total ------------------

def test_a_game_clicked_in_with_pdfium_scores_its_total(tmp_path):
    """solo-seed7.yaml (a legal game of the simulator, 30 points by its record) clicked onto
    its blank sheet: every cross and circle a tap, an ingredient used tapped "used" only (it
    reads as circled and crossed), the dice and the name typed; scored, the saved file gives 30
    (counted by hand from the record: fried egg 1 + 1, fries 3, bread 3 + 4 + 5 + 3, burger 7 + 3)."""
    rec = yaml.safe_load((EXAMPLES / "solo-seed7.yaml").read_text())
    want = json.loads(run_cli("score", "rollncook", str(EXAMPLES / "solo-seed7.yaml"), "--json").stdout)["players"][0]["total"]
    values = marks(rec, None)
    used = {n for n, v in values.items() if n.endswith(":used") and v is True}
    taps = [n for n, v in values.items() if v is True and n[: -len("got")] + "used" not in used]
    typed = {n: v for n, v in values.items() if isinstance(v, str) and v}
    assert len(typed) == 1 + 3 * 12 and all(n == Names(SID).name() or ":die" in n for n in typed)  # keys: dice, name
    assert len(used) > 10 and len(taps) > 80
    saved = pdfium_fill(blank(7), taps, typed)
    assert checked(saved) == {**{n: forms.ON for n in taps}, **typed}  # every tap landed on its field
    path = tmp_path / "ann.pdf"
    path.write_bytes(saved)
    r = run_cli("score", "rollncook", str(path), "--json")
    out = json.loads(r.stdout)
    assert r.exit_code == 0, r.output
    assert out["violations"] == []
    assert [(p["name"], p["total"]) for p in out["players"]] == [("Ann", want)] and want == 30


def test_a_used_tap_alone_reads_as_circled_and_crossed_and_two_taps_clear():
    n = Names(SID)
    egg1, egg2, salt1 = (n.bullet("egg", 0, "used"), n.bullet("egg", 1, "got"), n.bullet("salt", 0, "got"))
    box, seg, dish = n.box(0, 0), n.seg(3, 2), n.dish("soup", 0)
    data = pdfium_fill(blank(7), [egg1, egg2, salt1, salt1, box, seg, seg, dish, dish, n.die(0, 0)],
                       {n.die(0, 0): "3"})
    assert checked(data) == {egg1: forms.ON, egg2: forms.ON, box: forms.ON, n.die(0, 0): "3"}
    m, _ = rnc_filled.read_sheet(forms.parse_form(data, "t.pdf"), SID)
    assert (m.circled["egg"], m.crossed["egg"], m.circled["salt"]) == (2, 1, 0)


def test_where_a_bullets_cell_is_tapped_says_circled_or_crossed():
    """The upper part of a bullet's cell is "got", the bullet and below it "used" (PDFium gives
    a tap to the first widget of the page's /Annots: "used" is before "got")."""
    data = blank(7)
    r = rects(data)
    n = Names(SID)
    got, used = r[n.bullet("milk", 3, "got")], r[n.bullet("milk", 3, "used")]
    assert list(r).index(n.bullet("milk", 3, "used")) < list(r).index(n.bullet("milk", 3, "got"))
    assert used[0] == got[0] and used[2] == got[2] and used[1] < got[1] < used[3] < got[3]  # overlapping
    upper = centre((got[0], used[3], got[2], got[3]))  # the cell above the "used" target
    for point, want in ((upper, "got"), (centre(used), "used")):
        assert checked(pdfium_fill(data, [point], {})) == {n.bullet("milk", 3, want): forms.ON}


def test_an_old_sheet_with_typed_inventory_letters_is_one_clear_line(tmp_path):
    """A sheet made before issue 27 has 1-character text fields for the bullets (O, X)."""
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, invariant=1)
    for k, name in enumerate([f"{SID}:name", f"{SID}:h10:die1", f"{SID}:inv:egg:1", f"{SID}:inv:egg:2"]):
        c.acroForm.textfield(name=name, x=50, y=700 - 30 * k, width=20, height=20, value="O" if "inv" in name else "")
    c.showPage()
    c.save()
    path = tmp_path / "old.pdf"
    path.write_bytes(buf.getvalue())
    r = run_cli("score", "rollncook", str(path))
    assert r.exit_code == 2
    assert r.output.count("\n") == 1 and "Traceback" not in r.output
    assert "made by an earlier printkit" in r.output and "printkit make rollncook --fillable" in r.output


# -- what a tap draws, and where ------------------------------------------------------------------

def test_a_cross_in_a_dish_box_leaves_its_bonus_clear():
    """Issue 27: the cross of a dish box is drawn under the printed bonus (``+2``): rasterised,
    the box's top BONUS_H mm has no pen pixel, and the cross shows below it."""
    n = Names(SID)
    data = blank(7)
    boxes = [n.dish("fried_egg", j) for j in range(4)]  # bonuses 0, 0, +2, +1
    full = forms.fill_form(data, dict.fromkeys(boxes, True))
    scale = 200 / 72

    def render(pdf: bytes) -> np.ndarray:
        doc = pdfium.PdfDocument(pdf)
        doc.init_forms()
        return np.asarray(doc[0].render(scale=scale, may_draw_forms=True).to_pil().convert("RGB")).astype(int)

    img, empty = render(full), render(data)
    pen = (img[:, :, 2] - img[:, :, 0] > 60) & ~((empty[:, :, 2] - empty[:, :, 0]) > 60)
    h = img.shape[0]
    r = rects(data)
    px = scale / MM_PER_PT  # pixels a mm
    inset = geometry("a4")["dish_y"] - 0.3  # the printed box's top below its target's top, mm
    for name in boxes:
        x0, y0, x1, y1 = (v * scale for v in r[name])
        top = h - y1 + inset * px
        above = pen[int(top): int(top + BONUS_H * px) - 1, int(x0): int(x1)]
        below = pen[int(top + BONUS_H * px): int(h - y0), int(x0): int(x1)]
        assert not above.any(), name
        assert below.sum() > 50, name


def _measured(data: bytes) -> dict[str, tuple[float, float]]:
    """Each kind of check box's smallest target a tap reaches, w x h mm."""
    kinds: dict[str, list[tuple[float, float]]] = defaultdict(list)
    fields = forms.parse_form(data, "t.pdf").fields
    for name, (x0, y0, x1, y1) in reach(rects(data)).items():
        if fields[name].kind != "check":
            continue
        part = name.split(":")
        kind = {"inv": f"bullet {part[-1]}", "meal": "dish", "ability": "ability"}.get(part[1]) or re.sub(r"\d", "", part[2])
        kinds[kind].append(((x1 - x0) * MM_PER_PT, (y1 - y0) * MM_PER_PT))
    return {k: (min(w for w, _ in v), min(h for _, h in v)) for k, v in kinds.items()}


def _documented() -> dict[str, dict[str, tuple[float, float]]]:
    """docs/fillable.md's table of tap targets: kind -> paper -> (w, h) mm."""
    text = DOCS.read_text()
    table = text[text.index("| tap target |"):]
    out: dict[str, dict[str, tuple[float, float]]] = {}
    for line in table.splitlines()[2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        sizes = [tuple(float(v) for v in re.findall(r"[\d.]+", c)[:2]) for c in cells[1:4]]
        out[cells[0].strip("`")] = dict(zip(("a4", "letter", "tablet"), sizes, strict=True))
    return out


def test_tap_targets_are_as_large_as_the_docs_say():
    """Every check box's target, measured in the PDF (A4 and Letter): at least the docs' table
    (A4 x 0.87 for a 10.9-inch tablet at fit-to-width), and no documented size 10% off."""
    docs = _documented()
    a4 = _measured(blank(7))
    letter = _measured(made("--seed", "7", "--fillable", "--paper", "letter")[1])
    names = {"bullet got": "inv:…:got", "bullet used": "inv:…:used", "box": "box", "seg": "seg", "plate": "plate",
             "dish": "meal", "ability": "ability"}
    assert set(a4) == set(names) and set(docs) == set(names.values())
    for kind, doc_name in names.items():
        for paper, got in (("a4", a4[kind]), ("letter", letter[kind]), ("tablet", tuple(v * 0.87 for v in a4[kind]))):
            want = docs[doc_name][paper]
            assert all(abs(g - w) <= 0.1 * w + 0.05 for g, w in zip(got, want, strict=True)), (kind, paper, got, want)
    # bigger than before issue 27 (3.4 mm segments, 2.7 mm plates, 3.2 mm bullets, 9 mm box squares)
    assert a4["seg"][0] > 3.7 and a4["plate"][1] > 5.5 and a4["bullet used"][1] > 4.5 and a4["box"][0] > 15


def test_the_fields_go_as_the_sheet_reads():
    """Tab order (the page's /Annots): the name, then hour by hour top to bottom (plates in the
    clock, dice, boxes, table), the inventory row by row, the cookbooks, the abilities, the totals."""
    order = [n.partition(":")[2] for n in rects(blank(7))]

    def kind(name: str) -> str:
        part = name.split(":")
        return part[0] if len(part) == 1 or part[0] in ("inv", "meal", "ability") else re.sub(r"\d", "", part[1])

    hour = [kind(n) for n in order if n.startswith("h11:")]
    assert hour == ["plate"] + ["die"] * 3 + ["box"] * 6 + ["seg"] * 6
    runs = [k for i, k in enumerate(map(kind, order)) if i == 0 or k != kind(order[i - 1])]
    assert runs[0] == "name" and runs[-4:] == ["ability", "meals", "rares_left", "total"]
    assert runs[-6:-4] == ["inv", "meal"]
    inv = [n for n in order if n.startswith("inv:")]
    assert inv[:4] == ["inv:egg:1:used", "inv:egg:1:got", "inv:egg:2:used", "inv:egg:2:got"]
    assert inv[-3:] == ["inv:brown_sauce:14:used", "inv:brown_sauce:14:got", "inv:brown_sauce:more"]
    assert inv[2 * 14] == "inv:egg:more"  # each row's "more" box after its bullets
