"""Card sheets keep their footer and scale bar upright below the cards, turning them up the
right edge only where that saves a sheet (issue 28, item 8: Letter Gimbap tokens p1-p2 and A4
--bleed 3 Jubako tokens had them turned for no sheet saved)."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from printkit.core.draw import ops as O
from printkit.core.draw.page import FooterInfo, PrintOptions, impose_cards, plan_grid
from printkit.core.registry import games
from tests import kitcache

#: Every component drawn as card sheets (layouts with `cards:`).
CARD_SHEETS = [("calibration", "duplex"), ("gimbap", "tokens"), ("gimbap", "lessons"), ("jubako", "tiles"),
               ("jubako", "tokens"), ("trickdumpling", "cards"), ("trickdumpling", "cooks"),
               ("trickdumpling", "missions"), ("trickdumpling", "rank")]


def _footer_matrices(doc) -> list[O.Matrix]:
    """The footer strip's placement on each page."""
    out = []
    for page in doc.pages:
        (strip,) = [(op, m) for op, m in O.walk(page.ops) if getattr(op, "tag", None) == "footer-strip"]
        out.append(strip[1] @ strip[0].matrix)
    return out


@pytest.mark.parametrize(("paper", "bleed"), [("a4", 0.0), ("letter", 0.0), ("a4", 3.0), ("letter", 3.0)])
def test_every_card_sheet_footer_is_upright(paper, bleed):
    """On every page of every card-sheet component, A4 and Letter, with and without bleed, the
    footer is placed without a turn (its x axis along the page's); but for the Gimbap lessons
    on Letter without bleed, where the footer up the right edge makes room for the point tokens
    under the lessons on both sheets and so saves the tokens' own sheet (2 sheets, not 3:
    tests/games/gimbap/test_lessons_tokens.py)."""
    for game, component in CARD_SHEETS:
        doc = games()[game][component].build(PrintOptions(paper=paper, bleed=bleed))
        turned = (game, component, paper, bleed) == ("gimbap", "lessons", "letter", 0.0)
        for n, m in enumerate(_footer_matrices(doc)):
            want = (0, -1, 1, 0) if turned else (1, 0, 0, 1)
            assert (m.a, m.b, m.c, m.d) == pytest.approx(want), (game, component, paper, bleed, n + 1)
        if turned:  # the tokens on the lessons' two sheets
            assert len(doc.pages) == 4 and any(str(op.tag).startswith("tail-") for op, _ in O.walk(doc.pages[0].ops))


@pytest.mark.parametrize(("game", "component", "options"), [
    ("gimbap", "tokens", ("--paper", "letter")),
    ("jubako", "tokens", ("--bleed", "3")),
])
def test_the_pages_named_in_the_issue_print_their_footer_left_to_right(game, component, options):
    """In the PDF itself: the footer's text runs left to right on every page."""
    path = kitcache.pdf(game, component, *options)
    for n, page in enumerate(PdfReader(str(path)).pages):
        runs = []

        def visit(text, cm, tm, font, size, runs=runs):
            if text.startswith("printkit"):
                runs.append((cm[0] * tm[0] + cm[2] * tm[1], cm[1] * tm[0] + cm[3] * tm[1]))

        page.extract_text(visitor_text=visit)
        assert runs, n + 1
        for dx, dy in runs:
            assert dx > 0 and dy == pytest.approx(0, abs=1e-9), (n + 1, dx, dy)


def test_a_right_hand_footer_only_where_it_saves_a_sheet():
    """40 x 25 mm cards on A4: 40 a sheet upright with the footer below, 42 turned, 44 upright
    with the footer up the right edge. 40 or 42 cards keep the footer below (upright cards
    first); 44 fit one sheet only with the footer at the right, which is then taken."""
    opts = PrintOptions()
    assert (plan_grid(40, 25, opts, count=40).footer, plan_grid(40, 25, opts, count=40).turned) == ("bottom", False)
    assert (plan_grid(40, 25, opts, count=42).footer, plan_grid(40, 25, opts, count=42).turned) == ("bottom", True)
    g = plan_grid(40, 25, opts, count=44)
    assert (g.footer, g.per_page) == ("right", 44)
    pages = impose_cards([[] for _ in range(44)], None, 40, 25, opts, FooterInfo("t", "c"))
    assert len(pages) == 1
    strip = next(op for op in pages[0].ops if getattr(op, "tag", None) == "footer-strip")
    assert (strip.matrix.a, strip.matrix.b) == pytest.approx((0, -1))  # reads bottom to top


def test_duplex_check_scales_read_without_a_magnifier():
    """The duplex check's scale numbers are body size (7.5 pt or more, DESIGN.md), not 6 pt, and
    no two are set closer than 2.5 mm (where their text starts; they stood 2 mm apart in a row).
    Their count and order are tests/games/test_calibration.py's."""
    from printkit.core.units import MM_PER_PT

    doc = games()["calibration"]["duplex"].build(PrintOptions())
    back = doc.pages[1]
    digits = [(op, m) for op, m in O.walk(back.ops) if isinstance(op, O.Text) and op.text.isdigit()]
    assert len(digits) >= 4 * 4 * 5  # four cards, four scales, at least five numbers each
    assert all(op.size >= 7.5 * MM_PER_PT - 1e-6 for op, _ in digits)
    for card in range(1, 5):
        (group, gm), = [(op, m) for op, m in O.walk(back.ops) if getattr(op, "tag", None) == f"card-{card}-back"]
        inside = [(op, m) for op, m in O.walk(group.ops, gm @ group.matrix) if isinstance(op, O.Text) and op.text.isdigit()]
        centres = [m.apply(op.x, op.y) for op, m in inside]
        gaps = [((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 for i, (ax, ay) in enumerate(centres) for bx, by in centres[i + 1:]]
        assert min(gaps) >= 2.5, (card, min(gaps))
