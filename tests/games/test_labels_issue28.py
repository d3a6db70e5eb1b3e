"""Issue 28, designer's review M: labels players need, and no rule ids in print.

- No page of ``printkit make all`` prints a rule id (``GEM-6``, ``PK-7``...): players read words;
  the ids belong to ``printkit rules`` and score reports. The one id-like text allowed is the Roll
  n Cook sheet id (``RNC1-7``), which names the sheet a photo or a form is read back against.
- The Gemblo overview keys its numbered start rings: which player counts start on the cells
  marked 3, 4 and 6, worked out here from the game's data file.
- Each hour's Roll n Cook dice boxes say what goes in them: a die icon over the word "roll",
  beside the boxes, read from the PDF and placed against the fillable sheet's die fields.

The text is read with pypdfium2's text page, not pypdf's ``extract_text``: both find the same
text on these files, but pypdf takes over 30 s on the kit's 58 pages (the Gemblo board's
thousands of drawing operators) and pypdfium2 under 1 s.
"""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest

from printkit.core.draw import ops as O
from printkit.core.units import MM_PER_PT
from printkit.games.gemblo.content import CONTENT as GEMBLO
from printkit.games.rollncook.content import CONTENT as RNC
from printkit.games.rollncook.geometry import geometry
from tests import kitcache
from tests.games.rollncook.test_sheet_layout import bbox, build, leaves

#: A rule id as docs/rulings.md defines them (letters, a hyphen, a number); a line break may
#: fall after the hyphen.
RULE_ID = re.compile(r"\b[A-Z]{2,4}-\s*\d+")
#: The Roll n Cook sheet id, content version and seed: printed so a sheet is read back against
#: its own seed (a letter-digit run, so RULE_ID cannot match it; allowed here by name as well).
SHEET_ID = re.compile(r"\bRNC\d+-\d+\b")


@pytest.fixture(scope="module")
def kit() -> dict[str, list[str]]:
    """Each PDF of ``make all --seed 7`` (A4): its pages' text, first page first."""
    out: dict[str, list[str]] = {}
    for path in kitcache.made("all", "--seed", "7"):
        if path.suffix != ".pdf":
            continue
        doc = pdfium.PdfDocument(str(path))
        try:
            out[path.name] = [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
        finally:
            doc.close()
    return out


def test_no_rule_id_is_printed_for_players(kit):
    games = {name.split("-")[0] for name in kit}
    assert {"gemblo", "gimbap", "jubako", "rollncook", "trickdumpling", "calibration"} <= games, games
    pages = [(name, i, text) for name, texts in kit.items() for i, text in enumerate(texts)]
    assert len(pages) > 40 and sum(bool(t.strip()) for _, _, t in pages) == len(pages)  # text is read
    sheet = " ".join(kit["rollncook-sheet-seed7-a4.pdf"])
    assert SHEET_ID.findall(sheet) == ["RNC1-7"]  # the sheet id is read, and allowed
    found = [(name, i + 1, m.group()) for name, i, text in pages
             for m in RULE_ID.finditer(SHEET_ID.sub("", text))]
    assert not found, found


def _words(text: str) -> str:
    return " ".join(text.split())


def test_gemblo_overview_keys_the_start_rings(kit):
    (text,) = kit["gemblo-overview-a4.pdf"]
    text = _words(text)
    starts = {n: frozenset(setup.starts) for n, setup in GEMBLO.players.items()}
    assert "start cells" in text
    covered = set()
    for mark in (3, 4, 6):  # the numbers in the rings (the board's own areas and its corners)
        who = sorted(n for n in starts if starts[n] == starts[mark])
        covered |= set(who)
        assert f"{mark} for {' and '.join(map(str, who))} players" in text, (mark, who, text)
    assert covered == set(starts)  # every player count is told where it starts


def _roll_words(path) -> list[tuple[float, float, float, float]]:
    """Every whole word "roll" on the page: its box in mm, y down from the page's top."""
    doc = pdfium.PdfDocument(str(path))
    try:
        page = doc[0]
        height = page.get_height()
        tp = page.get_textpage()
        searcher = tp.search("roll", match_case=True, match_whole_word=True)
        boxes = []
        while (hit := searcher.get_next()) is not None:
            i, n = hit
            chars = [tp.get_charbox(k) for k in range(i, i + n)]
            left, right = min(c[0] for c in chars), max(c[2] for c in chars)
            bottom, top = min(c[1] for c in chars), max(c[3] for c in chars)
            boxes.append((left * MM_PER_PT, (height - top) * MM_PER_PT, right * MM_PER_PT,
                          (height - bottom) * MM_PER_PT))
        return boxes
    finally:
        doc.close()


def test_roll_n_cook_dice_boxes_say_what_goes_in_them():
    (path,) = [p for p in kitcache.made("all", "--seed", "7") if p.name == "rollncook-sheet-seed7-a4.pdf"]
    form = build("a4", fillable=True)
    items = leaves(form)
    lone = sorted(bbox(op, m) for op, m in items if isinstance(op, O.Field) and op.name.endswith(":die3"))
    assert len(lone) == len(RNC.hours) == 12
    words = _roll_words(path)
    assert len(words) == 12, words
    icons = [bbox(op, m) for op, m in items if isinstance(op, O.Rect) and abs(op.w - 3.2) < 1e-6 and op.w == op.h]
    offset = geometry("a4")["dice"][2]["x"]  # the third box, from its column's left edge
    for x0, y0, _x1, y1 in lone:
        room = (x0 - offset, x0)  # the column's room left of the third box (under the first)
        (word,) = [w for w in words if room[0] - 0.5 <= w[0] and w[2] <= room[1] - 0.2 and y0 <= w[1] and w[3] <= y1]
        (icon,) = [b for b in icons if room[0] - 0.5 <= b[0] and b[2] <= room[1] - 0.2 and y0 <= b[1] and b[3] <= y1]
        assert icon[3] <= word[1] + 0.3, (icon, word)  # the die sits over the word
