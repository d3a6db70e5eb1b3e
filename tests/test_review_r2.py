"""Issue 28, designer's review R2: Trick Dumpling rank (#21) and track (#23), Gimbap dice (#7).
Each test measures the named defect gone in real output (the drawing model or the PDF's text)."""

from __future__ import annotations

import io

from pypdf import PdfReader

from printkit.core.draw import ops as O
from printkit.core.draw.page import PrintOptions, content_box
from printkit.core.draw.pdf import render_pdf
from printkit.core.fonts import get_font
from printkit.core.layout.load import load_layout
from printkit.core.typescale import at_least_minimum
from printkit.core.units import pt_to_mm
from printkit.games.gimbap import components as gimbap
from printkit.games.trickdumpling import components as td


def _text(doc: O.Document) -> list[str]:
    """The document's PDF, its text extracted line by line."""
    reader = PdfReader(io.BytesIO(render_pdf(doc)))
    return [ln.strip() for page in reader.pages for ln in page.extract_text().splitlines() if ln.strip()]


def test_rank_trick_board_is_numbered_steps_and_the_note_prints_once():
    lines = _text(td.build_rank(PrintOptions()))
    text = " ".join(lines)
    # Two numbered lists (Play, Who wins), each 1. 2. 3. in order, not one paragraph.
    starts = [ln.split(" ", 1)[0] for ln in lines if ln[:2] in ("1.", "2.", "3.")]
    assert starts == ["1.", "2.", "3.", "1.", "2.", "3."]
    assert "Play" in lines and "Who wins" in lines
    assert text.count("most popular first") == 1  # the note once, not on each of the four boards


def test_track_name_is_a_box_not_an_underline():
    doc = td.build_track(PrintOptions())
    assert "___" not in " ".join(_text(doc))
    boxes = {op.tag: m for op, m in O.walk(doc.pages[0].ops, symbols=doc.symbols)
             if isinstance(op, O.Rect) and op.tag and op.tag.startswith("name ")}
    assert len(boxes) == 5
    for op, _ in O.walk(doc.pages[0].ops, symbols=doc.symbols):
        if isinstance(op, O.Rect) and op.tag in boxes:
            assert op.w >= 5 and op.h >= 5  # DESIGN.md: writing boxes at least 5 x 5 mm


def test_dice_captions_stay_3mm_inside_folds_and_cuts():
    style = load_layout("gimbap/dice.yaml").styles["notation"]
    font = get_font(style.font)
    for edge in (gimbap.DEFAULT_EDGE, 20.0, 28.0):
        size = at_least_minimum(pt_to_mm(gimbap.notation_pt(edge)))
        half = edge / 2
        for die in gimbap.dice_data(edge)["dice"]:
            for f in die["faces"]:
                assert f["cap_ax"] >= -half + 3 - 1e-9  # the first name's box
                assert f["cap_ax"] + f["cap_aw"] <= half - 3
                for word in f["name_a"].split():
                    assert font.width(word, size) <= f["cap_aw"]  # wraps inside its box
                centre_b = f["cap_bx"] + half
                assert centre_b + font.width(f["name_b"], size) / 2 <= half - 3 + 1e-9
                assert f["cap_by"] - font.descent * size <= half - 3 + 1e-9  # descenders 3 mm above the edge


def test_dice_fill_the_page_at_the_default_edge():
    """Four nets a page on A4 and Letter, their rows spread so no band over 25 mm (DESIGN.md)
    is left between the last net and the footer."""
    for paper in ("a4", "letter"):
        opts = PrintOptions(paper=paper)
        data = gimbap.dice_data(gimbap.DEFAULT_EDGE, opts)
        assert [len(s) for s in data["sheets"]] == [4]
        net_h = 4 * gimbap.DEFAULT_EDGE + 2 * data["tab"]
        bottom = data["top"] + data["pitch_y"] + net_h
        assert 0 <= content_box(opts)[3] - bottom < 25
        assert data["pitch_y"] - net_h < 25 and data["top"] - 16 < 25  # between the rows; below the heading
        assert len(gimbap.build_dice(opts).pages) == 1


def test_dice_bw_must_not_badge_is_white_disc_black_x():
    doc = gimbap.build_dice(PrintOptions(bw=True))
    mark = doc.symbols["mark-mustnot"]
    discs = [op for op, _ in O.walk(mark, symbols=doc.symbols) if isinstance(op, O.Circle)]
    crosses = [op for op, _ in O.walk(mark, symbols=doc.symbols) if isinstance(op, O.Path)]
    assert discs and all(d.style.fill is not None and min(d.style.fill.r, d.style.fill.g, d.style.fill.b) > 0.95
                         for d in discs)
    assert crosses and all(c.style.stroke is not None and max(c.style.stroke.r, c.style.stroke.g, c.style.stroke.b) < 0.05
                           and c.style.stroke_width >= 0.6 for c in crosses)
