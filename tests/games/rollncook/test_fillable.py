"""Issue 14: fillable Roll n Cook sheets, filled in from records and scored back.

Forms are filled programmatically with the marks a record leaves on its sheet (worked out here
from the record and the sheet's contents), then ``printkit score rollncook FILE.pdf`` must give
the record's own totals. A wrong written total and impossible marks are reported at their field;
bad PDFs are one line and exit 2; the empty form prints like the plain sheet.

Each sheet is made once for the module (``made``, ``blank``) and parsed once (``parsed``): the
tests fill in and score their own copies of it (issue 16: the suite's time).
"""

from __future__ import annotations

import io
import json
import random
import tempfile
from collections import Counter
from functools import cache, lru_cache
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
import yaml
from pypdf import PdfReader

from printkit.core import forms
from printkit.core.draw import ops as O
from printkit.core.draw.pdf import render_pdf
from printkit.core.units import PT_PER_MM
from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.form import Names, inventory_rows
from printkit.games.rollncook.sheet import generate, parse_sheet_id
from tests.conftest import run_cli
from tests.corpus import ref_rollncook as rnc
from tests.games.rollncook.stock import stock_after

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "rollncook"
HOURS = CONTENT.hours


# -- marks a record leaves (worked out from the record, not from the scorer) --------------------

def _takes(values: dict, n: Names, sheet, i: int, h: dict, got: Counter) -> None:
    """Hour ``i``'s results: the boxes and segments crossed, and what they give."""
    for t in h.get("take", []):
        if "box" in t:
            k = t["box"] - 1
            values[n.box(i, k)] = True
            got.update(sheet.hours[i].boxes[k])
        else:
            j, k = HOURS.index(t["table"]), (t.get("segment") or t["result"]) - 1
            values[n.seg(j, k)] = True
            got[sheet.hours[j].table[k]] += 1


def _names(entries) -> list[str]:
    return [x if isinstance(x, str) else x["name"] for x in entries]


def _first_n(values: dict, name, counts: dict) -> None:
    """The first ``count`` fields of each key crossed (``name(key, j)``)."""
    for key, k in counts.items():
        for j in range(k):
            values[name(key, j)] = True


def marks(rec: dict, total: int | None) -> dict:
    """The form values for ``rec``'s marks on its sheet (``total``: the total written)."""
    sheet, n = generate(parse_sheet_id(rec["sheet"])[1]), Names(rec["sheet"])
    values: dict = {n.name(): rec.get("player", "")}
    got, plates, dishes, abilities, made = Counter(), Counter(), Counter(), Counter(), Counter()
    for h in rec["hours"]:
        i = HOURS.index(h["hour"])
        values.update({n.die(i, d): str(v) for d, v in enumerate(h["dice"])})
        _takes(values, n, sheet, i, h, got)
        abilities.update(next(iter(a)) for a in h.get("abilities", []))
        made.update(_names(h.get("rare", [])))
        dishes.update(_names(h.get("cook", [])))
        plates[i] += len(h.get("cook", []))
    left = stock_after(rec)
    for ing in inventory_rows():
        have = got[ing] + made[ing]
        used = have - left.get(ing, 0)
        values.update({n.bullet(ing, j, "got"): True for j in range(have)})
        values.update({n.bullet(ing, j, "used"): True for j in range(used)})
    _first_n(values, n.plate, plates)
    _first_n(values, n.dish, dishes)
    _first_n(values, n.ability, abilities)
    if total is not None:
        values[n.total()] = str(total)
    return values


def score_json(*paths) -> tuple[int, dict]:
    r = run_cli("score", "rollncook", *[str(p) for p in paths], "--json")
    assert r.exit_code in (0, 1), r.output
    return r.exit_code, json.loads(r.stdout)


@cache
def made(*args: str) -> tuple[str, bytes]:
    """``printkit make rollncook ARGS``'s file (its name and bytes), made once for the module."""
    with tempfile.TemporaryDirectory() as out:
        r = run_cli("make", "rollncook", *args, "--out", out)
        assert r.exit_code == 0, r.output
        path = Path(r.stdout.split()[-1])
        return path.name, path.read_bytes()


def blank(seed: int, count: int = 1) -> bytes:
    """The empty fillable sheet of ``seed`` (``count`` sheets from it in one file)."""
    return made("--seed", str(seed), "--fillable", *(["--count", str(count)] if count > 1 else []))[1]


@lru_cache(maxsize=2)  # a parsed sheet is ~40,000 Python objects: the collector walks every one kept
def parsed(seed: int) -> PdfReader:
    """``blank(seed)`` parsed once: ``forms.fill_form`` copies it for every filling (the same
    bytes as filling the file itself: test_filling_a_parsed_blank_writes_the_same_bytes)."""
    return PdfReader(io.BytesIO(blank(seed)))


def filled(tmp_path: Path, rec: dict, total: int | None, name: str, change: dict | None = None) -> Path:
    seed = parse_sheet_id(rec["sheet"])[1]
    values = {**marks(rec, total), **(change or {})}
    p = tmp_path / name
    p.write_bytes(forms.fill_form(parsed(seed), values))
    return p


def record_totals(paths) -> dict:
    code, out = score_json(*paths)
    return {p["name"]: p["total"] for p in out["players"]}


@cache
def _example_totals(names: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    return tuple(record_totals([EXAMPLES / n for n in names]).items())


def example_totals(*names: str) -> dict:
    """``record_totals`` of the worked examples ``names`` (files that do not change: scored once
    for the module, not again by each test that fills them in)."""
    return dict(_example_totals(names))


# -- round trips ------------------------------------------------------------------------------------

@pytest.mark.parametrize("example", ["solo-seed7.yaml", "shared-dice-bo.yaml"])
def test_examples_filled_in_score_their_totals(tmp_path, example):
    rec = yaml.safe_load((EXAMPLES / example).read_text())
    want = example_totals(example)
    pdf = filled(tmp_path, rec, want[rec["player"]], "sheet.pdf")
    code, out = score_json(pdf)
    assert code == 0 and out["valid"], out["violations"]
    assert {p["name"]: p["total"] for p in out["players"]} == want
    assert not out["unfinished"]


def test_two_players_filled_sheets_are_one_shared_dice_game(tmp_path):
    recs = [yaml.safe_load((EXAMPLES / e).read_text()) for e in ("solo-seed7.yaml", "shared-dice-bo.yaml")]
    want = example_totals("solo-seed7.yaml", "shared-dice-bo.yaml")
    pdfs = [filled(tmp_path, r, want[r["player"]], f"p{i}.pdf") for i, r in enumerate(recs)]
    code, out = score_json(*pdfs)
    assert code == 0 and {p["name"]: p["total"] for p in out["players"]} == want
    assert out["winners"] == [max(want, key=want.get)]
    # Bo writes another die at 15:00: RNC-10, reported at Bo's die field.
    bad = filled(tmp_path, recs[1], want["Bo"], "bo-bad.pdf", {Names("RNC1-7").die(5, 0): "6"})
    code, out = score_json(pdfs[0], bad)
    v = [x for x in out["violations"] if x["rule"] == "RNC-10"]
    assert code == 1 and v and v[0]["file"] == str(bad) and v[0]["line"] == "RNC1-7:h15:die1"


@cache
def corpus_games(n: int) -> list[list[dict]]:
    rng = random.Random(1414)
    return [rnc.generate_game(random.Random(rng.random())) for _ in range(n)]


@pytest.mark.parametrize("k", range(7))  # 2, 2, 2, 3, 2, 2 and 1 players
def test_corpus_games_filled_in_score_their_totals(tmp_path, k):
    recs = corpus_games(7)[k]
    paths = []
    for i, rec in enumerate(recs):
        p = tmp_path / f"r{i}.yaml"
        p.write_text(json.dumps(rec))
        paths.append(p)
    want = record_totals(paths)
    pdfs = [filled(tmp_path, r, want[r["player"]], f"s{i}.pdf") for i, r in enumerate(recs)]
    code, out = score_json(*pdfs)
    assert out["violations"] == [] and code == 0
    assert {p["name"]: p["total"] for p in out["players"]} == want


def test_a_rows_more_box_counts_what_its_bullets_do_not_hold(tmp_path):
    """RNC-5, RNC-6, issue 28: a legal game (the corpus generator's, legal by the scorer and the
    independent referee) in which Ann makes 7 cheeses and uses 3. Filled with 4 cheeses on the
    row's bullets and "3" in its "more" box (as a row full of bullets sends the rest there), the
    sheet reads as the game; "3" left out, the 4 cheeses left uncrossed are 3 short of what the
    crossed milk and salt made; a "more" box that holds no number is named."""
    src = Path(__file__).parent / "records" / "seventh-cheese.json"
    rec = json.loads(src.read_text())
    code, out = score_json(src)
    assert code == 0 and out["violations"] == []
    names = Names(rec["sheet"])
    values = marks(rec, None)
    assert [values.get(names.bullet("cheese", j, "got"), False) for j in range(8)] == [True] * 7 + [False]
    assert [values.get(names.bullet("cheese", j, "used"), False) for j in range(4)] == [True] * 3 + [False]
    for j in (4, 5, 6):  # circled, not crossed: three of the four cheeses left, tallied instead
        del values[names.bullet("cheese", j, "got")]
    seed = parse_sheet_id(rec["sheet"])[1]
    verdicts = {}
    for more in ("3", "", "lots"):
        pdf = tmp_path / f"ann-{more or 'none'}.pdf"
        pdf.write_bytes(forms.fill_form(parsed(seed), {**values, names.more("cheese"): more}))
        verdicts[more] = score_json(pdf)
    assert verdicts["3"][1]["violations"] == [] and verdicts["3"][0] == 0
    assert verdicts[""][0] == 1 and verdicts[""][1]["violations"]
    bad = [v for v in verdicts["lots"][1]["violations"] if "'lots'" in v["message"]]
    assert len(bad) == 1 and bad[0]["rule"] == "RNC-5" and bad[0]["where"] == "Ann, inventory cheese"


def _all_of(ing: str):
    """Seed 7's marks with every box and table segment that gives ``ing`` crossed, and how many
    ``ing`` they give (more than a row's bullets for the ingredient chosen below)."""
    from printkit.games.rollncook import filled as F

    sheet = generate(7)
    m = F.Marks(sheet, Names("RNC1-7"), "Ann")
    m.boxes = [[k for k in range(6) if ing in hour.boxes[k]] for hour in sheet.hours]
    m.segments = [[k for k in range(6) if hour.table[k] == ing] for hour in sheet.hours]
    return m, F._gained(m)[ing]


def test_a_full_row_relaxes_nothing_now_that_more_holds_the_rest():
    """RNC-5, issue 28: with a 'more' box on every row, a row full of bullets is no excuse: the
    bullets and 'more' together must say all that the crossed boxes and segments gave, and a
    full row's crosses are checked against the meals (only a row whose 'more' holds some is
    not, since those cannot be crossed)."""
    from printkit.games.rollncook import filled as F
    from printkit.games.rollncook.form import bullets

    form = forms.FilledForm("ann.pdf", {})
    ing = max(CONTENT.basics, key=lambda i: _all_of(i)[1])
    m, given = _all_of(ing)
    assert given > bullets(ing)
    m.circled[ing] = bullets(ing)  # the row full, its 'more' box empty
    F._obtained(form, m)
    assert [v.rule for v in m.problems if v.where == f"Ann, inventory {ing}"] == ["RNC-5"]
    m, _ = _all_of(ing)
    m.circled[ing] = given  # the rest in 'more'
    F._obtained(form, m)
    assert not [v for v in m.problems if v.where == f"Ann, inventory {ing}"]
    m, _ = _all_of(ing)
    m.circled[ing], m.crossed[ing] = bullets(ing), 3  # a full row, 3 crossed, no meal cooked
    F._used(form, m, Counter())
    assert [v.rule for v in m.problems if v.where == f"Ann, inventory {ing}"] == ["RNC-5"]
    m, _ = _all_of(ing)
    m.circled[ing], m.crossed[ing] = bullets(ing) + 2, 3  # two in 'more': what was used is not all here
    F._used(form, m, Counter())
    assert not m.problems


def test_as_record_writes_a_record_that_scores_the_same(tmp_path):
    rec = yaml.safe_load((EXAMPLES / "solo-seed7.yaml").read_text())
    want = example_totals("solo-seed7.yaml")
    pdf = filled(tmp_path, rec, want["Ann"], "ann.pdf")
    out = tmp_path / "rebuilt.yaml"
    r = run_cli("score", "rollncook", str(pdf), "--as-record", str(out))
    assert r.exit_code == 0, r.output
    data = yaml.safe_load(out.read_text())
    assert data["sheet"] == "RNC1-7" and data["player"] == "Ann" and "end" in data
    assert record_totals([out]) == want


# -- what the marks break ------------------------------------------------------------------------------

def solo(tmp_path, change: dict, total_delta: int = 0) -> tuple[int, dict, Path]:
    rec = yaml.safe_load((EXAMPLES / "solo-seed7.yaml").read_text())
    want = example_totals("solo-seed7.yaml")["Ann"]
    pdf = filled(tmp_path, rec, want + total_delta, "ann.pdf", change)
    code, out = score_json(pdf)
    return code, out, pdf


def test_a_wrong_written_total_is_reported_at_the_total_field(tmp_path):
    code, out, pdf = solo(tmp_path, {}, total_delta=3)
    assert code == 1 and out["winners"] == []
    v = out["violations"]
    assert [(x["rule"], x["file"], x["line"]) for x in v] == [("RNC-8", str(pdf), "RNC1-7:total")]
    r = run_cli("score", "rollncook", str(pdf))
    assert f"{pdf}:RNC1-7:total: Ann, total: the total written is" in r.stdout


def with_parts(tmp_path, change: dict) -> tuple[int, dict, Path, dict]:
    """A legal corpus sheet (Ann of corpus game 3, sheet RNC1-7, with rare ingredients left)
    filled with its total, its meals' points and its rare ingredients left written in the boxes
    printed for them (the fields ``meals`` and ``rares_left``, issue 27), then ``change``.
    Returns the exit code, the JSON report, the PDF and the numbers written right."""
    rec = corpus_games(7)[3][0]
    src = tmp_path / "ann.json"
    src.write_text(json.dumps(rec))
    total = record_totals([src])["Ann"]
    rares = sum(n for ing, n in stock_after(rec).items() if ing in CONTENT.rares)
    parts = {"RNC1-7:meals": str(total - rares), "RNC1-7:rares_left": str(rares)}
    right = {"total": total, **{k: int(v) for k, v in parts.items()}}
    pdf = filled(tmp_path, rec, total, "ann.pdf", {**parts, **{k: v(right) for k, v in change.items()}})
    code, out = score_json(pdf)
    return code, out, pdf, right


def test_the_meals_and_rares_left_written_right_are_legal(tmp_path):
    """Issue 27: the printed "Meals" and "+ Rare left" boxes have fields; written right, the
    sheet is legal and scores its record's total."""
    code, out, _, want = with_parts(tmp_path, {})
    assert want["RNC1-7:meals"] > 0 and want["RNC1-7:rares_left"] > 0  # both are compared
    assert code == 0 and out["violations"] == []
    assert [p["total"] for p in out["players"]] == [want["total"]]


@pytest.mark.parametrize("field, words", [("RNC1-7:meals", "meals"), ("RNC1-7:rares_left", "rare left")])
def test_a_wrong_meals_or_rares_left_is_rnc8_at_its_field(tmp_path, field, words):
    """Issue 27: a number written in the "Meals" or "+ Rare left" box that the marks do not make is
    RNC-8 (the total's rule: a total is the meals' points plus 1 a rare ingredient left), at
    that box's field and nowhere else; the other box and the total are written right."""
    code, out, pdf, want = with_parts(tmp_path, {field: lambda right: str(right[field] + 1)})
    right = want[field]
    assert code == 1 and out["winners"] == []
    assert [(x["rule"], x["file"], x["line"]) for x in out["violations"]] == [("RNC-8", str(pdf), field)]
    r = run_cli("score", "rollncook", str(pdf))
    assert f"{pdf}:{field}: Ann, {words}: the {words} written is {right + 1}, but the marks make {right}" in r.stdout


def test_a_meals_box_that_is_no_number_is_rnc8_and_empty_ones_are_not_compared(tmp_path):
    code, out, pdf, _ = with_parts(tmp_path, {"RNC1-7:meals": lambda _: "ten"})
    assert code == 1
    assert [(x["rule"], x["line"]) for x in out["violations"]] == [("RNC-8", "RNC1-7:meals")]
    code, out, pdf, _ = with_parts(tmp_path, {"RNC1-7:meals": lambda _: "", "RNC1-7:rares_left": lambda _: ""})
    assert code == 0 and out["violations"] == []


@pytest.mark.parametrize("field, value, rule", [
    ("RNC1-7:h12:die2", "7", "RNC-1"),       # a die of 7
    ("RNC1-7:meal:burger:3", True, "RNC-7"),  # a dish box circled before the ones to its left
    ("RNC1-7:inv:fish:12:got", True, "RNC-5"),    # a fish circled that no box or segment gave
])
def test_an_impossible_mark_is_reported_at_its_field(tmp_path, field, value, rule):
    code, out, pdf = solo(tmp_path, {field: value})
    assert code == 1
    assert (rule, str(pdf), field) in [(x["rule"], x["file"], x["line"]) for x in out["violations"]]


@pytest.mark.parametrize("box", [2, 3])
def test_rnc7_a_meals_dish_box_circled_before_the_first_is_the_one_violation(tmp_path, box):
    """RNC-7: dish boxes are circled left to right. Ann cooked one burger: her circle moved from
    burger box 1 to box 2 (or 3) keeps every count (plates, ingredients, total), so the order is
    all that is wrong: exit 1 at that box's field (issue 26: a mutant that checked boxes from
    the third on passed box 2 as legal, exit 0)."""
    field = f"RNC1-7:meal:burger:{box}"
    code, out, pdf = solo(tmp_path, {"RNC1-7:meal:burger:1": False, field: True})
    assert code == 1 and out["winners"] == []
    assert [(x["rule"], x["file"], x["line"]) for x in out["violations"]] == [("RNC-7", str(pdf), field)]
    assert {p["name"]: p["total"] for p in out["players"]} == example_totals("solo-seed7.yaml")


def test_a_box_crossed_without_its_die_is_reported(tmp_path):
    # Ann's 10:00: dice 1 3 5, no ability used that hour; box 2 needs a 2 (no ability changes a
    # result on this sheet? adjust and set are crossed elsewhere, so only count what is certain).
    code, out, pdf = solo(tmp_path, {"RNC1-7:h21:box1": True, "RNC1-7:h21:box2": True,
                                     "RNC1-7:h21:box3": True, "RNC1-7:h21:box4": True,
                                     "RNC1-7:h21:box5": True, "RNC1-7:h21:box6": True})
    assert code == 1
    assert any(x["rule"] == "RNC-2" and x["line"].startswith("RNC1-7:h21:box") for x in out["violations"])


# -- bad files: one line, exit 2 ---------------------------------------------------------------------

def _one_line_exit_2(path: Path, needle: str) -> None:
    r = run_cli("score", "rollncook", str(path))
    assert r.exit_code == 2, r.output
    assert needle in r.output and len(r.output.strip().splitlines()) == 1 and "Traceback" not in r.output


def test_bad_pdfs_are_one_line_exit_2(tmp_path):
    (tmp_path / "text.pdf").write_text("sheet: RNC1-7\n")
    _one_line_exit_2(tmp_path / "text.pdf", "not a PDF file")
    data = blank(7)
    (tmp_path / "cut.pdf").write_bytes(data[:2000])
    r = run_cli("score", "rollncook", str(tmp_path / "cut.pdf"))
    assert r.exit_code == 2 and len(r.output.strip().splitlines()) == 1
    name, plain = made("--seed", "7")
    (tmp_path / name).write_bytes(plain)
    _one_line_exit_2(tmp_path / name, "without form fields")


def _form_named(tmp_path: Path, sid: str) -> Path:
    d = O.Document([O.Page(100, 100, [forms.text_field(f"{sid}:total", 10, 10, 20, 5)])])
    p = tmp_path / f"{sid}.pdf"
    p.write_bytes(render_pdf(d))
    return p


def test_unknown_content_version_and_foreign_forms_are_exit_2(tmp_path):
    _one_line_exit_2(_form_named(tmp_path, "RNC2-7"), "content version 2")
    _one_line_exit_2(_form_named(tmp_path, "invoice"), "not a printkit Roll n Cook sheet")
    _one_line_exit_2(_form_named(tmp_path, "RNC1-7"), "its fields are not those printkit makes")


def test_a_pdf_for_a_game_without_a_reader(tmp_path):
    r = run_cli("score", "gimbap", str(_form_named(tmp_path, "RNC1-7")))
    assert r.exit_code == 2 and len(r.output.strip().splitlines()) == 1


# -- the file -----------------------------------------------------------------------------------------

def test_fillable_is_byte_identical_and_named(tmp_path):
    a = run_cli("make", "rollncook", "--seed", "7", "--fillable", "--out", str(tmp_path / "a"))
    b = run_cli("make", "rollncook", "--seed", "7", "--set", "fillable=yes", "--out", str(tmp_path / "b"))
    pa, pb = Path(a.stdout.split()[-1]), Path(b.stdout.split()[-1])
    assert pa.name == pb.name == "rollncook-sheet-seed7-a4-fillable.pdf"
    assert pa.read_bytes() == pb.read_bytes()


def test_count_gives_each_sheet_its_own_fields():
    data = blank(40, count=3)
    form = forms.parse_form(data, "three.pdf")
    per_sheet = Counter(n.partition(":")[0] for n in form.fields)
    assert per_sheet == {"RNC1-40": 711, "RNC1-41": 711, "RNC1-42": 711}
    assert {f.page for f in form.fields.values() if f.name.startswith("RNC1-41:")} == {1}
    # 12 hours x (3 dice + 6 boxes + 6 segments) + 14 plates + 2 x 16 rows x 14 bullets
    # (circled, crossed) + 16 rows' "more" boxes + 44 dish boxes + 5 ability boxes + name + meals, rares left and total
    assert 12 * 15 + 14 + 2 * 16 * 14 + 16 + 44 + 5 + 1 + 3 == 711
    assert len(PdfReader(io.BytesIO(data)).trailer["/Root"]["/AcroForm"]["/Fields"]) == 3 * 711


def test_filling_a_parsed_blank_writes_the_same_bytes():
    """How these tests fill a blank (a PdfReader parsed once) gives what filling its bytes
    gives, and leaves the reader as it was (the next filling is not changed by this one)."""
    rec = yaml.safe_load((EXAMPLES / "solo-seed7.yaml").read_text())
    first, second = marks(rec, 30), {**marks(rec, None), "RNC1-7:h12:die2": "7"}
    assert forms.fill_form(parsed(7), first) != forms.fill_form(parsed(7), second)
    assert forms.fill_form(parsed(7), second) == forms.fill_form(blank(7), second)


def test_svg_of_the_fillable_sheet_is_the_plain_one(tmp_path):
    a = run_cli("make", "rollncook", "--seed", "7", "--fillable", "--format", "svg", "--out", str(tmp_path))
    b = run_cli("make", "rollncook", "--seed", "7", "--format", "svg", "--out", str(tmp_path))
    assert Path(a.stdout.split()[-1]).read_bytes() == Path(b.stdout.split()[-1]).read_bytes()


# -- rasters ------------------------------------------------------------------------------------------

SCALE = 2  # pixels a point: 144 dpi


@lru_cache(maxsize=4)  # the empty A4 sheet is looked at by two tests
def _raster(data: bytes) -> np.ndarray:
    d = pdfium.PdfDocument(data)
    # pdfium draws widgets (form fields) through its form-fill module (FPDF_FFLDraw): without
    # init_forms the filled marks do not show (measured: 488 blue pixels, all icons, vs 4780).
    d.init_forms()
    return np.asarray(d[0].render(scale=SCALE, may_draw_forms=True).to_pil().convert("RGB"))


def render(data: bytes) -> np.ndarray:
    """Page 1 of the PDF ``data`` with its form fields, as ints (a new array each call)."""
    return _raster(data).astype(int)


@pytest.mark.parametrize("extra", [[], ["--paper", "letter", "--bw"]])
def test_empty_fillable_sheet_prints_like_the_plain_one(extra):
    a = render(made("--seed", "7", *extra)[1])
    b = render(made("--seed", "7", "--fillable", *extra)[1])
    same = (np.abs(a - b).max(axis=2) <= 16).mean()
    assert same >= 0.99
    assert same == 1.0  # in fact nothing differs: empty fields draw nothing


def test_filled_marks_are_visible(tmp_path):
    rec = yaml.safe_load((EXAMPLES / "solo-seed7.yaml").read_text())
    pdf = filled(tmp_path, rec, 30, "ann.pdf")
    img = render(pdf.read_bytes())
    empty = render(blank(7))
    pen = (img[:, :, 2] - img[:, :, 0] > 60) & (img[:, :, 2] > 90)
    was = (empty[:, :, 2] - empty[:, :, 0] > 60) & (empty[:, :, 2] > 90)
    new = pen & ~was
    page_h = img.shape[0] / SCALE / PT_PER_MM  # mm
    form = forms.parse_form(pdf.read_bytes(), "ann.pdf")
    reader = PdfReader(str(pdf))
    rects = {str(a.get_object()["/T"]): [float(v) for v in a.get_object()["/Rect"]]
             for a in reader.pages[0]["/Annots"]}
    shown = 0
    for name, f in form.fields.items():
        if not f.value:
            continue
        x0, y0, x1, y1 = (v * SCALE for v in rects[name])  # points to pixels
        top, bottom = img.shape[0] - y1, img.shape[0] - y0
        shown += bool(new[int(top):int(bottom) + 1, int(x0):int(x1) + 1].any())
    filled_count = sum(1 for f in form.fields.values() if f.value)
    assert page_h > 200 and filled_count > 100 and shown == filled_count


def test_an_unfinished_sheet_is_a_game_in_progress(tmp_path):
    rec = rnc.generate_game(random.Random(77), players=1, hours=5)[0]
    p = tmp_path / "r.json"
    p.write_text(json.dumps(rec))
    want = record_totals([p])
    pdf = filled(tmp_path, rec, None, "five.pdf")
    code, out = score_json(pdf)
    assert code == 0 and out["unfinished"] and out["winners"] == []
    assert {x["name"]: x["total"] for x in out["players"]} == want
    assert any("dice written up to 14:00" in n for n in out["notes"])


def test_as_record_several_sheets_as_json(tmp_path):
    recs = [yaml.safe_load((EXAMPLES / e).read_text()) for e in ("solo-seed7.yaml", "shared-dice-bo.yaml")]
    pdfs = [filled(tmp_path, r, None, f"p{i}.pdf") for i, r in enumerate(recs)]
    r = run_cli("score", "rollncook", *map(str, pdfs), "--as-record", str(tmp_path / "game.json"))
    assert r.exit_code == 0, r.output
    rebuilt = [json.loads((tmp_path / f"game-{i}.json").read_text()) for i in (1, 2)]
    assert [x["player"] for x in rebuilt] == ["Ann", "Bo"]
    assert record_totals([tmp_path / "game-1.json", tmp_path / "game-2.json"]) == example_totals(
        "solo-seed7.yaml", "shared-dice-bo.yaml")


def test_as_record_needs_a_pdf_and_fillable_has_a_limit(tmp_path):
    r = run_cli("score", "rollncook", str(EXAMPLES / "solo-seed7.yaml"), "--as-record", str(tmp_path / "x.yaml"))
    assert r.exit_code == 2 and "--as-record" in r.output
    r = run_cli("make", "rollncook", "--seed", "1", "--count", "201", "--fillable", "--out", str(tmp_path))
    assert r.exit_code == 2 and "at most 200" in r.output and not list(tmp_path.glob("*.pdf"))


def test_random_marks_never_crash_the_reader(tmp_path):
    """Any marks at all (garbage text, any boxes): exit 0 or 1 with a report, never a traceback."""
    data = blank(11)
    names = list(forms.parse_form(data, "b.pdf").fields.items())
    rng = random.Random(14)
    junk = ["", "1", "6", "7", "0", "x", "O", "Q", "12", " 3 ", "é", "-1"]
    for k in range(5):
        values = {n: (rng.random() < 0.5 if f.kind == "check" else rng.choice(junk))
                  for n, f in names if rng.random() < 0.3}
        p = tmp_path / f"junk{k}.pdf"
        p.write_bytes(forms.fill_form(parsed(11), values))
        r = run_cli("score", "rollncook", str(p), "--json")
        assert r.exit_code in (0, 1), r.output
        out = json.loads(r.stdout)
        assert all(v["line"].startswith("RNC1-11:") for v in out["violations"] if v.get("file") == str(p))


def test_segments_whose_value_no_die_gave_are_reported(tmp_path):
    # Ann rolls four 6s in the game and five doubles, and crosses no ability: twelve more
    # segments of value 6 cannot all have had a result.
    rec = yaml.safe_load((EXAMPLES / "solo-seed7.yaml").read_text())
    n = Names("RNC1-7")
    base = marks(rec, None)
    more = {n.seg(t, 5): True for t in range(len(HOURS)) if not base.get(n.seg(t, 5))}
    assert len(more) >= 10
    code, out, pdf = solo(tmp_path, more)
    hits = [x for x in out["violations"] if "the dice never gave" in x["message"]]
    assert code == 1 and len(hits) == 1 and hits[0]["rule"] == "RNC-2"
    assert hits[0]["line"] == n.seg(11, 5) and "x 6" in hits[0]["message"]


# -- an adjust crossed relaxes only what an adjust explains (issue 27 item 6) --------------------------

def _box_problems(tmp_path: Path, dice: str, boxes: list[int], abilities: dict[str, int]) -> list[tuple[str, str]]:
    """The RNC-2 violations of a sheet whose 10:00 has ``dice`` and ``boxes`` (numbers) crossed,
    with the ``abilities`` crossed (kind -> boxes): (field, message)."""
    n = Names("RNC1-7")
    values: dict[str, str | bool] = {n.name(): "Ann", **{n.die(0, d): v for d, v in enumerate(dice.split())}}
    values.update({n.box(0, b - 1): True for b in boxes})
    values.update({n.ability(kind, j): True for kind, k in abilities.items() for j in range(k)})
    p = tmp_path / "adjust.pdf"
    p.write_bytes(forms.fill_form(parsed(7), values))
    _, out = score_json(p)
    return [(x["line"], x["message"]) for x in out["violations"] if x["rule"] == "RNC-2"]


def test_one_adjust_explains_one_box_one_step_from_a_die(tmp_path):
    assert _box_problems(tmp_path, "1 3 5", [2], {"adjust": 1}) == []          # 1 (or 3) adjusted to 2
    assert _box_problems(tmp_path, "1 1 5", [3, 6], {"adjust": 1}) == []       # the double's die: 3; 5 -> 6
    assert _box_problems(tmp_path, "2 3 5", [1], {"adjust": 1}) == []          # 2 -> 1
    assert _box_problems(tmp_path, "3 4 6", [1], {"adjust": 1}) == []          # 6 -> 1: they wrap round (RNC-4)
    assert _box_problems(tmp_path, "2 3 5", [6, 1], {"adjust": 2}) == []       # 5 -> 6 and 2 -> 1


def test_one_adjust_no_longer_turns_off_every_box_check(tmp_path):
    # 1 3 5: boxes 2 and 4 need an adjust each; one is crossed
    got = _box_problems(tmp_path, "1 3 5", [2, 4], {"adjust": 1})
    assert [f for f, _ in got] == ["RNC1-7:h10:box4", "RNC1-7:h10:box4"], got
    assert "1 adjust" in got[0][1] and "used up" in got[0][1] and "(1) change at most 1 result," in got[1][1]
    # 2 2 2 (a triple: one free result): boxes 5 and 6 are 3 and 2 steps from the dice
    got = _box_problems(tmp_path, "2 2 2", [5, 6], {"adjust": 1})
    assert [f for f, _ in got][:1] == ["RNC1-7:h10:box6"] and "2 adjusts" in got[0][1]
    # a set crossed changes a result to any number: nothing to check per box, as before
    assert _box_problems(tmp_path, "1 3 5", [2, 4], {"adjust": 1, "set": 1}) == []


# -- a sheet flattened or printed to PDF (issue 27 item 6) --------------------------------------------

def _flattened(data: bytes, keep_info: bool) -> bytes:
    """``data`` flattened as PDFium (Chrome) does on printing: the fields become page content.
    Without ``keep_info`` the document info goes too (pypdf copies the pages alone)."""
    import pypdfium2.raw as raw

    doc = pdfium.PdfDocument(data)
    for page in doc:
        assert raw.FPDFPage_Flatten(page.raw, raw.FLAT_PRINT) == raw.FLATTEN_SUCCESS
    out = io.BytesIO()
    doc.save(out)
    if keep_info:
        return out.getvalue()
    from pypdf import PdfWriter

    w, again = PdfWriter(), io.BytesIO()
    for page in PdfReader(out).pages:
        w.add_page(page)
    w.write(again)
    return again.getvalue()


@pytest.mark.parametrize("keep_info", [True, False])
def test_a_flattened_sheet_says_its_marks_cannot_be_read(tmp_path, keep_info):
    n = Names("RNC1-7")
    data = forms.fill_form(parsed(7), {n.name(): "Ann", n.die(0, 0): "3", n.die(0, 1): "5", n.die(0, 2): "5"})
    path = tmp_path / "flat.pdf"
    path.write_bytes(_flattened(data, keep_info))
    assert "printkit" in str(PdfReader(path).metadata) if keep_info else "printkit" not in str(PdfReader(path).metadata)
    _one_line_exit_2(path, "a printkit PDF without form fields: made without --fillable, or filled and then "
                           "flattened or printed to PDF, which leaves the marks as print that cannot be read back")


def test_a_pdf_of_another_maker_without_fields_is_told_to_use_a_fillable_sheet(tmp_path):
    from pypdf import PdfWriter

    w = PdfWriter()
    w.add_blank_page(200, 200)
    w.write(tmp_path / "other.pdf")
    _one_line_exit_2(tmp_path / "other.pdf", "a PDF without form fields; fill in a sheet made with --fillable")


# -- a filled sheet keeps its dice: mixed PDF and YAML games (issue 27 item 4) -------------------------

def test_a_filled_sheet_and_a_record_are_one_shared_dice_game(tmp_path):
    recs = [yaml.safe_load((EXAMPLES / e).read_text()) for e in ("solo-seed7.yaml", "shared-dice-bo.yaml")]
    want = example_totals("solo-seed7.yaml", "shared-dice-bo.yaml")
    bo = EXAMPLES / "shared-dice-bo.yaml"
    ann = filled(tmp_path, recs[0], want["Ann"], "ann.pdf")
    for files in ([ann, bo], [bo, ann]):
        code, out = score_json(*files)
        assert code == 0 and {p["name"]: p["total"] for p in out["players"]} == want
    # Ann's sheet with other dice in every hour: 12 violations of RNC-10, at her dice fields
    n = Names("RNC1-7")
    other = {n.die(h, 0): str(d % 6 + 1) for h, hour in enumerate(recs[0]["hours"]) for d in hour["dice"][:1]}
    bad = filled(tmp_path, recs[0], want["Ann"], "ann-bad.pdf", other)
    for files in ([bad, bo], [bo, bad]):
        code, out = score_json(*files)
        v = [(x["file"], x["line"]) for x in out["violations"] if x["rule"] == "RNC-10"]
        assert code == 1 and v == [(str(bad), n.die(h, 0)) for h in range(12)]
    # and the record rebuilt from it keeps the dice: scored with Bo's record, the same 12
    r = run_cli("score", "rollncook", str(bad), "--as-record", str(tmp_path / "ann.yaml"))
    rebuilt = yaml.safe_load((tmp_path / "ann.yaml").read_text())
    assert r.exit_code == 1 and rebuilt["end"]["dice"]["10:00"] == [int(other[n.die(0, 0)])] + recs[0]["hours"][0]["dice"][1:]
    code, out = score_json(tmp_path / "ann.yaml", bo)
    assert code == 1 and len([x for x in out["violations"] if x["rule"] == "RNC-10"]) == 12
