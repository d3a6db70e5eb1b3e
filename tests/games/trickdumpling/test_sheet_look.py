"""Trick Dumpling's cards, missions, rank boards and cooks as a designer judges them (issue 28,
review #19-22): the tint through the bleed, low cards that fill their field, the trick as
numbered steps, the cook rules at body size, and sheets without a wide empty band."""

from __future__ import annotations

import re

import numpy as np
import pytest
from pypdf import PdfReader

from printkit.core.draw import ops as O
from printkit.core.draw.page import FOOTER_GAP, FOOTER_H, MARGIN, PrintOptions
from printkit.core.registry import games
from printkit.games.trickdumpling.content import CONTENT
from tests import kitcache

DPI = 60
PX = DPI / 25.4


def fronts(doc: O.Document):
    """(page index, card number, matrix from the card's own mm to the page) of every front."""
    for i, page in enumerate(doc.pages):
        for op, m in O.walk(page.ops):
            tag = getattr(op, "tag", None) or ""
            if isinstance(op, O.Group) and tag.startswith("card-") and tag.endswith("-front"):
                yield i, int(tag.split("-")[1]), m @ op.matrix


def pixel(img: np.ndarray, m: O.Matrix, x: float, y: float) -> np.ndarray:
    """The colour at the card's point (x, y) mm."""
    px, py = m.apply(x, y)
    return img[int(py * PX), int(px * PX)].astype(int)


@pytest.mark.parametrize(("comp", "w", "h"), [("cards", 63, 88), ("rank", 88, 63)])
def test_the_tint_runs_through_the_bleed(comp, w, h):
    """With --bleed 3, 2.5 mm outside the trim (the middle of the bleed's outer 1 mm ... within the
    last 1 mm before its edge) is the card's own tint, as 2 mm inside the trim is, on all four sides
    of every card and every suit rank board (review #19: the tint stopped 3 mm inside the trim)."""
    doc = games()["trickdumpling"][comp].build(PrintOptions(bleed=3))
    pdf = kitcache.pdf("trickdumpling", comp, "--bleed", "3")
    checked = 0
    for i, n, m in fronts(doc):
        if comp == "rank" and n > len(CONTENT.suits):
            continue  # the aid board is paper white
        img = kitcache.pdf_page(pdf, i, DPI)
        # Each side at its middle and a quarter in from each end: (inside, outside) in card mm.
        samples = [((x, 2.0), (x, -2.5)) for x in (w / 4, w / 2, 3 * w / 4)]
        samples += [((x, h - 2.0), (x, h + 2.5)) for x in (w / 4, w / 2, 3 * w / 4)]
        samples += [((2.0, y), (-2.5, y)) for y in (h / 4, h / 2, 3 * h / 4)]
        samples += [((w - 2.0, y), (w + 2.5, y)) for y in (h / 4, h / 2, 3 * h / 4)]
        tint = pixel(img, m, w / 2, h - 2.0)
        assert tint.min() < 250, (comp, n, tint)  # a tint, not the paper
        for inside, outside in samples:
            a, b = pixel(img, m, *inside), pixel(img, m, *outside)
            if comp == "rank" and inside[1] <= 14:
                continue  # the title band (its colour runs through the bleed too, checked below)
            assert np.abs(a - tint).max() <= 6 and np.abs(b - tint).max() <= 6, (comp, n, inside, a, outside, b, tint)
            checked += 1
        if comp == "rank":
            band_in, band_out = pixel(img, m, w / 2, 2.0), pixel(img, m, w / 2, -2.5)
            assert np.abs(band_in - band_out).max() <= 6 and band_in.min() < 200, (n, band_in, band_out)
    assert checked == (35 * 12 if comp == "cards" else 4 * 9)


def test_without_bleed_the_tint_reaches_the_trim_and_the_frame_stands_4mm_in():
    """Without bleed the tint fills the card to its trim; the rounded panel is only a frame,
    4 mm inside it (review #19), in the suit's colour (a grey in --bw, where the field is white)."""
    for bw in (False, True):
        doc = games()["trickdumpling"]["cards"].build(PrintOptions(bw=bw))
        seen = 0
        for page in doc.pages:
            for op, _ in O.walk(page.ops):
                tag = getattr(op, "tag", None) or ""
                if isinstance(op, O.Rect) and tag.startswith("card "):
                    assert (op.x, op.y, op.w, op.h) == (0, 0, 63, 88)
                    assert (op.style.fill.hex != "#ffffff") == (not bw), (tag, op.style.fill)
                    seen += 1
                if isinstance(op, O.Rect) and tag.startswith("frame "):
                    assert (op.x, op.y, op.x + op.w, op.y + op.h) == (4, 4, 59, 84) and op.style.fill is None
        assert seen == 35


def test_low_cards_fill_their_field():
    """Pip cards 2-4 are not mostly empty tint (review #19): in every suit their pips, drawn
    larger, cover 90% or more of the area the 9's nine pips cover (each pip a 10 mm icon box at
    its drawn scale, as placed on the sheet); they were a quarter to a half of it."""
    doc = games()["trickdumpling"]["cards"].build(PrintOptions())
    area: dict[str, float] = {}
    for page in doc.pages:
        for op, m in O.walk(page.ops):
            tag = getattr(op, "tag", None) or ""
            if isinstance(op, O.Use) and tag.startswith("pip "):
                t = m @ op.matrix
                area[tag.split()[1]] = area.get(tag.split()[1], 0.0) + 100 * abs(t.a * t.d - t.b * t.c)
    for suit in CONTENT.suits:
        nine = area[f"{suit.letter}9"]
        for value in (2, 3, 4):
            assert area[f"{suit.letter}{value}"] >= 0.9 * nine, (suit.id, value, area[f"{suit.letter}{value}"], nine)


def test_a_trick_is_numbered_steps_and_the_note_is_printed_once():
    """The 'A trick' board sets play and who wins as numbered steps, in order (review #21); the
    layout note is printed once, not on all four suit boards."""
    pdf = kitcache.pdf("trickdumpling", "rank")
    text = " ".join(PdfReader(pdf).pages[0].extract_text().split())
    play, wins = text.split("Play", 1)[1].split("Who wins", 1) if text.index("Play") < text.index("Who wins") \
        else (None, None)
    assert play is not None, text
    for part in (play, wins):
        steps = [int(s) for s in re.findall(r"(?:^|\s)(\d)\. [A-Z]", part)]
        assert steps[:3] == [1, 2, 3], (steps, part)
    assert text.count("most popular first") == 1


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_tricks_steps_are_body_size(paper):
    """The steps fit at 7.5 pt or more, DESIGN.md's body range (they shrank to 7.3 pt in a
    78 x 38.2 mm box; the box is now 80 x 38.7 mm with a 3.5 mm column gap)."""
    from printkit.core.units import MM_PER_PT

    page = games()["trickdumpling"]["rank"].build(PrintOptions(paper=paper)).pages[0]
    steps = [op.size for op, _ in O.walk(page.ops)
             if isinstance(op, O.Text) and any(w in op.text for w in ("chef", "Perfect Dish", "Giant Steamer"))]
    assert len(steps) >= 3 and min(steps) >= 7.5 * MM_PER_PT - 1e-6, [round(v / MM_PER_PT, 2) for v in steps]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("comp", ["cards", "missions", "rank", "cooks"])
def test_no_blank_band_over_40mm(comp, paper):
    """No run of blank rows across the page longer than 40 mm above the footer (review #20-22:
    83 mm on the missions, 64 mm on the rank and cook boards)."""
    pdf = kitcache.pdf("trickdumpling", comp, "--paper", paper)
    pages = kitcache.page_count(pdf)
    worst = 0.0
    for i in range(min(pages, 2) if comp != "cards" else pages):
        img = kitcache.pdf_page(pdf, i, DPI)
        h_mm = img.shape[0] / PX
        top, bottom = int(MARGIN * PX), int((h_mm - MARGIN - FOOTER_H - FOOTER_GAP) * PX)
        blank = (img[top:bottom].min(axis=2) > 245).all(axis=1)
        run = best = 0
        for row in blank:
            run = run + 1 if row else 0
            best = max(best, run)
        worst = max(worst, best / PX)
    assert worst <= 40, (comp, paper, worst)
