"""Crop marks and trim boxes end at the cards a sheet holds (issue 28, designer's review bug 1).

A part-filled card sheet used to carry its marks (and its TrimBox/BleedBox) round the whole
grid, 150-230 mm below its last card. Read from the drawing model of every card component's
last sheet, A4 and Letter, with and without bleed: each mark lies within 6 mm of a card's trim
edge and on no card, the trim box is the box round the cards, and a back's marks are its
front's mirrored. Full sheets keep their marks round the whole grid.
"""

from __future__ import annotations

import math
from functools import cache

import pytest

from printkit.core.draw import ops as O
from printkit.core.draw.page import PAPERS, PrintOptions
from printkit.core.registry import games

COMPONENTS = [("gimbap", "tokens"), ("gimbap", "lessons"), ("jubako", "tiles"), ("jubako", "tokens"),
              ("trickdumpling", "cards"), ("trickdumpling", "missions"), ("trickdumpling", "rank"),
              ("trickdumpling", "cooks")]
CASES = [(g, n, paper, bleed) for g, n in COMPONENTS for paper in ("a4", "letter") for bleed in (0.0, 3.0)]


@cache
def sheet_pages(game: str, name: str, paper: str, bleed: float) -> tuple[list[O.Page], bool]:
    doc = games()[game][name].build(PrintOptions(paper=paper, bleed=bleed, seed=7))
    return list(doc.pages), doc.duplex


@cache
def card_size(game: str, name: str) -> tuple[float, float]:
    """A card's trim (w, h), from the component made card by card (``--format cards``)."""
    trim = games()[game][name].build(PrintOptions(items=True, seed=7)).pages[0].trim
    assert trim is not None
    return trim[2], trim[3]


#: Components whose sheets end with another's cards (tagged tail-N): that component.
TAILS = {("gimbap", "lessons"): ("gimbap", "tokens"), ("jubako", "tiles"): ("jubako", "tokens")}


def cards_on(page: O.Page, w: float, h: float, game: str = "", name: str = "") -> list[tuple[float, float, float, float]]:
    """(x0, y0, x1, y1) on the page of every card's trim (upright or turned, front or back),
    a tail's cards at their own size."""
    out = []
    tail = TAILS.get((game, name))
    for op, m in O.walk(page.ops):
        if isinstance(op, O.Group) and op.tag and op.tag.startswith(("card-", "tail-")):
            mm = m @ op.matrix
            if op.tag.startswith("tail-"):
                assert tail, (game, name, op.tag)
                w, h = card_size(*tail)
            elif game:
                w, h = card_size(game, name)
            pts = [mm.apply(x, y) for x, y in ((0, 0), (w, 0), (0, h), (w, h))]
            out.append((min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)))
    return out


def marks_on(page: O.Page) -> list[tuple[float, float, float, float]]:
    """Every crop mark as (x1, y1, x2, y2) on the page, ends sorted."""
    out = []
    for op, m in O.walk(page.ops):
        if getattr(op, "tag", None) == "crop-mark":
            (ax, ay), (bx, by) = m.apply(op.x1, op.y1), m.apply(op.x2, op.y2)
            out.append((min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)))
    return out


def _seg_dist(a, b) -> float:
    """Distance between two axis-aligned segments (x1, y1, x2, y2), ends sorted."""
    dx = max(0.0, a[0] - b[2], b[0] - a[2])
    dy = max(0.0, a[1] - b[3], b[1] - a[3])
    return math.hypot(dx, dy)


def trim_edges(card):
    x0, y0, x1, y1 = card
    return [(x0, y0, x1, y0), (x0, y1, x1, y1), (x0, y0, x0, y1), (x1, y0, x1, y1)]


def last_sheet(pages: list[O.Page], duplex: bool) -> list[O.Page]:
    return pages[-2:] if duplex else pages[-1:]


def last_sheets(pages: list[O.Page], duplex: bool) -> list[tuple[list[O.Page], bool]]:
    """The last sheet's pages (and whether they are a duplex pair); a duplex document ending in
    fold sheets of its tail's cards (labelled with their fold): its last duplex sheet, then the
    last of those."""
    folds = sum(1 for p in pages if "fold" in p.label)
    if duplex and folds:
        return [(pages[-folds - 2:-folds], True), (pages[-1:], False)]
    return [(last_sheet(pages, duplex), duplex)]


@pytest.mark.parametrize(("game", "name", "paper", "bleed"), CASES)
def test_last_sheet_marks_and_trim_end_at_its_cards(game, name, paper, bleed):
    every, duplex_doc = sheet_pages(game, name, paper, bleed)
    for pages, duplex in last_sheets(every, duplex_doc):
        _check_last_sheet(pages, duplex, game, name, paper, bleed)


def _check_last_sheet(pages: list[O.Page], duplex: bool, game: str, name: str, paper: str, bleed: float) -> None:
    w, h = card_size(game, name)
    for page in pages:
        cards = cards_on(page, w, h, game, name)
        marks = marks_on(page)
        assert cards and marks, page.label
        edges = [e for c in cards for e in trim_edges(c)]
        for mark in marks:
            # Next to a card's cut (bleed + 1 mm off it, 5 mm at most long)...
            near = min(_seg_dist(mark, e) for e in edges)
            assert near <= 6.0 + 1e-6, (game, name, paper, page.label, mark, near)
            # ...and on no card nor its bleed.
            for x0, y0, x1, y1 in cards:
                assert (mark[2] <= x0 - bleed + 1e-6 or mark[0] >= x1 + bleed - 1e-6
                        or mark[3] <= y0 - bleed + 1e-6 or mark[1] >= y1 + bleed - 1e-6), (page.label, mark)
        # The TrimBox is the box round the cards, the BleedBox that plus the bleed.
        box = (min(c[0] for c in cards), min(c[1] for c in cards), max(c[2] for c in cards), max(c[3] for c in cards))
        assert page.trim is not None
        tx, ty, tw, th = page.trim
        assert (tx, ty, tx + tw, ty + th) == pytest.approx(box)
        if bleed:
            assert page.bleed == pytest.approx((tx - bleed, ty - bleed, tw + 2 * bleed, th + 2 * bleed))
    if duplex:
        # A back's marks are its front's, mirrored for the long-edge flip.
        front, back = pages
        W = PAPERS[paper][0]
        mirrored = sorted((round(W - x2, 6), round(y1, 6), round(W - x1, 6), round(y2, 6))
                          for x1, y1, x2, y2 in marks_on(front))
        assert sorted(tuple(round(v, 6) for v in m) for m in marks_on(back)) == mirrored


def test_the_review_pages_now_mark_their_last_row():
    """The review's case: Letter gimbap tokens, 12 on a sheet of 5 x 4 cells. No mark stands
    lower than 6 mm below the last row of tokens (main drew the bottom marks 150 mm lower). The
    tokens are now a fold sheet: their 12 backs are the lowest rows of the same page."""
    pages, _ = sheet_pages("gimbap", "tokens", "letter", 0.0)
    w, h = card_size("gimbap", "tokens")
    cards = cards_on(pages[0], w, h)
    assert len(cards) == 24
    lowest = max(c[3] for c in cards)
    assert max(m[3] for m in marks_on(pages[0])) <= lowest + 6.0 + 1e-6


# (Jubako's tiles fill their sheets on A4 with --bleed 3, the tokens below the last one's tiles.)
@pytest.mark.parametrize(("game", "name", "paper", "bleed"), [("trickdumpling", "cards", "a4", 0.0), ("jubako", "tiles", "a4", 3.0)])
def test_full_sheets_keep_their_marks_round_the_whole_grid(game, name, paper, bleed):
    """A full sheet: every cut of the grid marked on all four sides just outside its trim box."""
    pages, duplex = sheet_pages(game, name, paper, bleed)
    w, h = card_size(game, name)
    page = pages[0]
    cards = cards_on(page, w, h)
    assert page.trim is not None
    tx, ty, tw, th = page.trim
    xs = sorted({round(v, 6) for c in cards for v in (c[0], c[2])})
    ys = sorted({round(v, 6) for c in cards for v in (c[1], c[3])})
    marks = marks_on(page)
    assert len(marks) == 2 * (len(xs) + len(ys))
    for x1, y1, x2, y2 in marks:
        if x1 == x2:  # a vertical cut, marked above and below the whole grid
            assert round(x1, 6) in xs and (y2 <= ty - 1.0 + 1e-6 or y1 >= ty + th + 1.0 - 1e-6)
        else:
            assert round(y1, 6) in ys and (x2 <= tx - 1.0 + 1e-6 or x1 >= tx + tw + 1.0 - 1e-6)
    own = [op for op, _ in O.walk(pages[-1].ops) if isinstance(op, O.Group) and str(op.tag).startswith("card-")]
    assert len(cards) > len(own)  # the first sheet is fuller than the last (a tail's cards aside)
