"""Helpers for the score pad tests (issue 14 item 3): make a pad, fill its fields as a PDF viewer
would, score the filled PDF with ``printkit score GAME pad.pdf --json``, rasterise pages."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from pathlib import Path
from types import ModuleType

import numpy as np
import pypdfium2 as pdfium

from printkit.core import forms
from printkit.core.draw.page import PrintOptions
from printkit.core.draw.pdf import render_pdf
from tests.conftest import run_cli

ROOT = Path(__file__).resolve().parents[2]


@cache
def _pad(module: ModuleType, paper: str, fillable: bool, bw: bool = False) -> bytes:
    return render_pdf(module.build_pad(PrintOptions(paper=paper, bw=bw), fillable=fillable))


def pad_pdf(module: ModuleType, paper: str = "a4", fillable: bool = True, bw: bool = False) -> bytes:
    """The pad as PDF bytes (made once a test session)."""
    return _pad(module, paper, fillable, bw)


@cache
def _blank(module: ModuleType, paper: str):
    """The fillable pad parsed once (pypdf): fill_form copies it, never changes it."""
    import io

    from pypdf import PdfReader

    return PdfReader(io.BytesIO(pad_pdf(module, paper)))


@cache
def _filled(module: ModuleType, values: tuple[tuple[str, str | bool], ...], paper: str) -> bytes:
    return forms.fill_form(_blank(module, paper), dict(values))


def filled(module: ModuleType, values: dict, paper: str = "a4") -> bytes:
    """The fillable pad with ``values`` written in its fields (the same bytes fill_form gives
    for the pad's bytes; the same values filled in once a session)."""
    return _filled(module, tuple(sorted(values.items())), paper)


def score_pdf(tmp_path: Path, game: str, pdf: bytes, name: str = "pad.pdf") -> tuple[int, dict | None, str]:
    """``printkit score GAME FILE --json`` on ``pdf``: (exit code, JSON or None, output)."""
    path = tmp_path / name
    path.write_bytes(pdf)
    res = run_cli("score", game, str(path), "--json")
    try:
        out = json.loads(res.stdout)
    except ValueError:
        out = None
    return res.exit_code, out, res.stdout + (res.stderr if res.stderr_bytes is not None else "")


@cache
def _blank_fields(module: ModuleType, paper: str) -> dict[str, forms.FormField]:
    """The fields of the blank fillable pad as ``printkit score`` reads them from the PDF."""
    return forms.parse_form(pad_pdf(module, paper), "pad.pdf").fields


def _as_read(field: forms.FormField, value: str | bool) -> str:
    """What parse_form reads back from a field fill_form wrote ``value`` in."""
    if field.kind == "check":
        return forms.ON if value is True or value == forms.ON else ""
    return str(value)


def score_values(game: str, module: ModuleType, values: dict, name: str = "pad.pdf",
                 paper: str = "a4") -> tuple[int, dict]:
    """(exit code, JSON report) of ``printkit score GAME NAME --json`` for the pad filled with
    ``values``, from the fields as the filled PDF would be read (the blank pad's, with these
    values) instead of a PDF written and read again: what the game's pad checker makes of the
    values. Every name must be a field of the pad, as fill_form requires. score_filled checks
    that this gives what the PDF gives."""
    blank = _blank_fields(module, paper)
    unknown = sorted(set(values) - set(blank))
    assert not unknown, f"no such form field: {', '.join(unknown[:5])}"
    fields = {n: replace(f, value=_as_read(f, values[n])) if n in values else f for n, f in blank.items()}
    from printkit.core.registry import form_readers

    reader, form = form_readers()[game], forms.FilledForm(name, fields)
    assert reader.is_pad(form) and reader.score_pad is not None
    report = reader.score_pad(form)
    return report.exit_code, json.loads(report.dumps())


def score_filled(tmp_path: Path, game: str, module: ModuleType, values: dict, name: str,
                 through_pdf: bool) -> tuple[int, dict | None, str]:
    """The pad filled with ``values`` and scored: through a filled PDF and ``printkit score``
    (``through_pdf``; then score_values must give the same report), or with score_values alone."""
    if not through_pdf:
        code, out = score_values(game, module, values, name)
        return code, out, json.dumps(out)
    code, out, text = score_pdf(tmp_path, game, filled(module, values), name)
    assert (code, out) == score_values(game, module, values, name), "score_values differs from the PDF"
    return code, out, text


def score_record(game: str, path: Path | str) -> tuple[int, dict]:
    """``printkit score GAME RECORD --json``."""
    res = run_cli("score", game, str(path), "--json")
    return res.exit_code, json.loads(res.stdout)


def totals(report: dict) -> dict[str, int]:
    return {p["name"]: p["total"] for p in report["players"]}


def at(report: dict, field: str) -> list[dict]:
    """The violations reported at the form field ``field``."""
    return [v for v in report["violations"] if v.get("line") == field]


def raster(pdf: bytes, page: int = 0, dpi: float = 100, with_forms: bool = True) -> np.ndarray:
    """A page as a grey array (0 black .. 255 white), form fields drawn."""
    doc = pdfium.PdfDocument(pdf)
    try:
        if with_forms:
            doc.init_forms()
        img = doc[page].render(scale=dpi / 72, may_draw_forms=with_forms).to_pil().convert("L")
        return np.asarray(img, dtype=np.int16)
    finally:
        doc.close()


def pen_pixels(pdf: bytes, page: int = 0, dpi: float = 100) -> int:
    """How many pixels show the pen's dark blue (forms.PEN): marks written in fields."""
    doc = pdfium.PdfDocument(pdf)
    try:
        doc.init_forms()
        rgb = np.asarray(doc[page].render(scale=dpi / 72, may_draw_forms=True).to_pil().convert("RGB"), dtype=int)
    finally:
        doc.close()
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    return int(np.sum((b - r > 50) & (b - g > 30) & (b < 200)))


def smallest_text_pt(module: ModuleType, paper: str) -> float:
    """The smallest type the pad's layout prints, in points (DESIGN.md: nothing under 6 pt). The
    page furniture below the design box (footer, scale bar) is the core's, not the pad's."""
    from printkit.core.draw.ops import Text, walk

    doc = module.build_pad(PrintOptions(paper=paper), fillable=True)
    sizes = [op.size * m.scale_factor * 72 / 25.4 for page in doc.pages
             for op, m in walk(page.ops, symbols=doc.symbols)
             if isinstance(op, Text) and m.apply(op.x, op.y)[1] < page.height - 12.0]
    return min(sizes)


def ink_in_margin(pdf: bytes, margin_mm: float = 5.7, dpi: float = 50) -> bool:
    """Whether any page has ink within ``margin_mm`` of the paper's edge (printkit keeps 6 mm).

    50 dpi is enough: the strip looked at is int(5.7 / 25.4 * 50) = 11 pixels, 5.59 mm, the same
    as 22 pixels at 100 dpi, and any ink darkens a pixel below 250 (a 0.1 mm hairline covers a
    fifth of a 0.51 mm pixel: about 204)."""
    doc = pdfium.PdfDocument(pdf)
    try:
        for i in range(len(doc)):
            grey = np.asarray(doc[i].render(scale=dpi / 72).to_pil().convert("L"), dtype=int)
            e = int(margin_mm / 25.4 * dpi)
            border = np.concatenate([grey[:e].ravel(), grey[-e:].ravel(), grey[:, :e].ravel(), grey[:, -e:].ravel()])
            if border.min() < 250:
                return True
        return False
    finally:
        doc.close()


def parity(a: np.ndarray, b: np.ndarray, tolerance: int = 24) -> float:
    """The share of pixels that differ by at most ``tolerance`` grey levels."""
    return float(np.mean(np.abs(a - b) <= tolerance))


def covering(games: list, features) -> list:
    """The games of a corpus that each show something the ones before them did not (a player
    count, a board, an option, a tie...): every feature of the whole corpus is still filled in and
    scored, without filling in a second game that adds nothing (issue 16: the suite's time)."""
    seen: set = set()
    out = []
    for g in games:
        new = set(features(g)) - seen
        if new:
            out.append(g)
            seen |= new
    return out


# -- what the games' pad tests share (tests/games/*/test_pad.py) ----------------------------------


def legal_report(game: str, path: Path | str) -> dict:
    """``printkit score GAME RECORD --json`` of a legal record (exit 0): the report."""
    code, report = score_record(game, path)
    assert code == 0
    return report


def scores_like(tmp_path: Path, game: str, module: ModuleType, values: dict, report: dict) -> dict:
    """The pad filled with ``values`` scores (exit 0) with ``report``'s totals: the pad's report."""
    code, out, text = score_pdf(tmp_path, game, filled(module, values))
    assert code == 0, text
    assert out is not None and totals(out) == totals(report)
    return out


def referee_corpus(ref: ModuleType, seeds: int) -> list[tuple[int, dict, object]]:
    """The legal, finished games among a corpus referee's first ``seeds`` seeds."""
    games = []
    for seed in range(seeds):
        rec, brk = ref.generate(seed)
        v = ref.referee(rec)
        if brk is None and v.valid and not v.unfinished:
            games.append((seed, rec, v))
    return games


def corpus_scores_like_referee(tmp_path: Path, game: str, module: ModuleType, games: list,
                               values: Callable[[Path], tuple[dict, dict]]) -> None:
    """Each game written as a record, its pad filled with ``values(record path)``: the filled pad
    scores (exit 0) the referee's totals and winners. The first game goes through a filled PDF
    and ``printkit score``, the others through score_values (what the pad's checker makes of the
    values; the PDF's filling and reading are the examples' tests)."""
    import yaml

    for i, (seed, rec, v) in enumerate(games):
        path = tmp_path / f"g{seed}.yaml"
        path.write_text(yaml.safe_dump(rec, sort_keys=False))
        filled_values, _ = values(path)
        code, out, text = score_filled(tmp_path, game, module, filled_values, f"g{seed}.pdf", through_pdf=i == 0)
        assert code == 0, text
        assert out is not None
        assert totals(out) == v.totals
        assert sorted(out["winners"]) == sorted(v.winners)


def plain_parity(module: ModuleType, paper: str, page: int = 0) -> None:
    """The empty fillable pad prints like the plain pad (and the page is not blank)."""
    plain, form = raster(pad_pdf(module, paper, fillable=False), page), raster(pad_pdf(module, paper), page)
    assert parity(plain, form) >= 0.99 and (plain < 128).mean() > 0.01


def print_rules_kept(module: ModuleType, paper: str) -> None:
    """Type at least 6 pt; no ink in the margin, in colour or in black and white (DESIGN.md)."""
    assert smallest_text_pt(module, paper) >= 6.0
    assert not ink_in_margin(pad_pdf(module, paper)) and not ink_in_margin(pad_pdf(module, paper, bw=True))


def values_from_report(game: str, module: ModuleType, record_path: Path) -> tuple[dict, dict]:
    """A legal record's pad values, as the pad module writes them from the record's report and
    the record itself (``module.values_from_report``): (values, report)."""
    import yaml

    report = legal_report(game, record_path)
    with open(record_path) as f:
        record = yaml.safe_load(f)
    return module.values_from_report(report, record), report
