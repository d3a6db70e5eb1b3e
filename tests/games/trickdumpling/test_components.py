"""Trick Dumpling's cards and boards on real output."""

from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.core.draw import ops as O
from printkit.core.draw.page import PAPERS, PrintOptions
from printkit.core.registry import games
from printkit.games.trickdumpling.content import CONTENT
from tests import kitcache
from tests.conftest import colourfulness, measure_between_edges

COMPONENTS = ["cards", "missions", "rank", "cooks", "track", "aid"]


def made(*options: str) -> dict[str, Path]:
    """Every file of ``printkit make trickdumpling OPTIONS`` by name, made once a test process."""
    return {p.name: p for p in kitcache.made("trickdumpling", *options)}


@pytest.fixture(scope="module")
def kit() -> dict[str, Path]:
    """The whole kit as PDF and SVG, on A4, A4 --bw and Letter, each made once a test process."""
    return {**made("--format", "both"), **made("--format", "both", "--bw"), **made("--format", "both", "--paper", "letter")}


def card_rect(doc, code):
    """Page, the card's box on the sheet (x0, y0, x1, y1) and whether its width runs along the
    sheet's x axis (upright) or its y axis (turned a quarter)."""
    for i, page in enumerate(doc.pages):
        found = O.find(page.ops, f"card {code}")
        if found:
            (rect, m), = found
            corners = [m.apply(rect.x + u, rect.y + v) for u in (0, rect.w) for v in (0, rect.h)]
            xs, ys = [c[0] for c in corners], [c[1] for c in corners]
            upright = abs(m.apply(rect.x + rect.w, rect.y)[1] - m.apply(rect.x, rect.y)[1]) < 1e-6
            return i, (min(xs), min(ys), max(xs), max(ys)), upright
    raise AssertionError(code)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("kind", ["pdf", "svg"])
def test_cards_measure_63_by_88(kit, paper, kind):
    """On the raster, along the card's own axes: upright on A4, turned a quarter on Letter
    (eight a sheet, issue 12), where its 63 mm width runs down the sheet. At 200 dpi (a pixel is
    0.127 mm; edges found to within 0.06 mm, as at 300, against a tolerance of 0.2 mm), each page
    drawn once."""
    doc = games()["trickdumpling"]["cards"].build(PrintOptions(paper=paper))
    dpi = 200
    for code in ("K1", "U9", "GS"):
        page, (x0, y0, x1, y1), upright = card_rect(doc, code)
        assert upright == (paper == "a4")
        img = kitcache.pdf_page(kit[f"trickdumpling-cards-{paper}.pdf"], page, dpi) if kind == "pdf" \
            else kitcache.svg_page(kit[f"trickdumpling-cards-{paper}-p{page + 1:02d}.svg"], dpi=dpi)
        # Measure across the card's cut guide (a hairline in 20% grey since issue 28: cut lines
        # carry no ink), away from its rounded corners and its artwork. The card's tint runs to
        # the trim (review #19) and is at most 11.8% dark: a 12.5% threshold finds the guide alone.
        across = measure_between_edges(img, (x0, y0 + 20), (x1, y0 + 20), dpi, "x", window=1.0, threshold=0.125)
        down = measure_between_edges(img, (x0 + 20, y0), (x0 + 20, y1), dpi, "y", window=1.0, threshold=0.125)
        width, height = (across, down) if upright else (down, across)
        assert width == pytest.approx(63, abs=0.2) and height == pytest.approx(88, abs=0.2)


@pytest.mark.parametrize(("paper", "fronts_a_sheet"), [("a4", [9, 9, 9, 8]), ("letter", [7, 7, 7, 7, 7])])
def test_cards_a_page_and_backs_mirrored_for_long_edge_duplex(paper, fronts_a_sheet):
    """Nine cards an A4 sheet; on Letter sheets of eight, turned a quarter: upright, three rows
    would leave no room above and below for 3 mm crop marks (issue 12). The cards are shared
    evenly over the five Letter sheets (cards.balance; review #19: the fifth held 3 cards and a
    125 mm empty band). Each back covers its front's place, mirrored, shifted by the duplex
    offset."""
    doc = games()["trickdumpling"]["cards"].build(PrintOptions(paper=paper, duplex_offset=(0.5, -0.5)))
    W, _ = PAPERS[paper]
    assert len(doc.pages) == 2 * len(fronts_a_sheet) and doc.duplex
    for n in range(1, 36):
        (front, fm), = [x for p in doc.pages for x in O.find(p.ops, f"card-{n}-front")]
        (back, bm), = [x for p in doc.pages for x in O.find(p.ops, f"card-{n}-back")]
        f = [(fm @ front.matrix).apply(u, v) for u in (0, 63) for v in (0, 88)]
        b = [(bm @ back.matrix).apply(u, v) for u in (0, 63) for v in (0, 88)]
        assert min(x for x, _ in b) == pytest.approx(W - max(x for x, _ in f) + 0.5)
        assert min(y for _, y in b) == pytest.approx(min(y for _, y in f) - 0.5)
        assert max(y for _, y in b) - min(y for _, y in b) == pytest.approx(88 if paper == "a4" else 63)
    fronts = [sum(1 for op, _ in O.walk(p.ops) if (getattr(op, "tag", "") or "").endswith("-front")) for p in doc.pages[::2]]
    assert fronts == fronts_a_sheet


def test_every_card_once(kit):
    doc = games()["trickdumpling"]["cards"].build(PrintOptions(bw=True))
    tags = [op.tag for p in doc.pages for op, _ in O.walk(p.ops) if (getattr(op, "tag", "") or "").startswith("card ")]
    assert sorted(t.split()[1] for t in tags) == sorted(c.code for c in CONTENT.deck(5))
    text = " ".join(PdfReader(kit["trickdumpling-cards-a4-bw.pdf"]).pages[0].extract_text().split())
    assert "Kimchi" in text


def test_suits_read_without_colour(kit):
    """Each suit has its own icon, in the corners and as pips, and its name: in B&W the cards
    carry no colour at all (the corners: tests/games/trickdumpling/test_print_look.py)."""
    doc = games()["trickdumpling"]["cards"].build(PrintOptions(bw=True))
    # (a low-ink --bw may draw a symbol as a variant named SYMBOL~digest)
    icons = {op.symbol.split("~")[0] for p in doc.pages for op, _ in O.walk(p.ops) if isinstance(op, O.Use)}
    assert {f"suit-{s}" for s in CONTENT.suit_ids} <= icons and {"wild", "steamer"} <= icons
    names = [op.text for p in doc.pages for op, _ in O.walk(p.ops) if isinstance(op, O.Text)]
    assert {s.name: names.count(s.name) for s in CONTENT.suits} == {s.name: len(CONTENT.numbers) for s in CONTENT.suits}
    bw = kit["trickdumpling-cards-a4-bw.pdf"]
    for i in range(kitcache.page_count(bw)):
        assert colourfulness(kitcache.pdf_page(bw, i, 40)) == 0


def test_missions_backs_four_nephews_and_a_spy(kit):
    r = PdfReader(kit["trickdumpling-missions-a4.pdf"])
    assert len(r.pages) == 2
    front, back = (" ".join(p.extract_text().split()) for p in r.pages)
    assert front.count("BASIC MISSION") == 5
    assert back.count("owner’s nephew") + back.count("owner's nephew") == 4 and back.count("spy next door") == 1


def test_boards_and_cooks_texts(kit):
    text = " ".join(PdfReader(kit["trickdumpling-cooks-a4.pdf"]).pages[0].extract_text().split())
    for cook in CONTENT.cooks:
        assert cook["name"] in text
    rank = " ".join(PdfReader(kit["trickdumpling-rank-a4.pdf"]).pages[0].extract_text().split())
    assert all(s.name in rank for s in CONTENT.suits) and "A trick" in rank
    track = PdfReader(kit["trickdumpling-track-a4.pdf"]).pages[0].extract_text()
    assert "end: 2-3 players" in track and "end: 4 players" in track and "end: 5 players" in track


@pytest.mark.parametrize("comp", COMPONENTS)
def test_pdf_and_svg_look_the_same(kit, comp):
    svgs = sorted(p for name, p in kit.items() if name.startswith(f"trickdumpling-{comp}-a4-p") and name.endswith(".svg"))
    for i in range(min(2, len(svgs))):  # the first two pages (kitcache checks the PDF has as many as the SVGs)
        overall, inked = kitcache.agreement(*kitcache.pdf_svg_page(kit[f"trickdumpling-{comp}-a4.pdf"], svgs, i), tol=64)
        assert overall >= 0.99 and inked >= 0.97, (comp, overall, inked)


# One source for each colour and word: the layouts hold them, the code reads them.

def test_the_aid_is_the_layouts_text_with_the_numbers_filled_in():
    from printkit.games.trickdumpling import components

    sections = components.aid_data()["sections"]
    assert len(sections) == 5 and not any("{" in s["text"] for s in sections)
    assert f"5 players: {CONTENT.deal[5]} each." in sections[0]["text"]
    assert f"at {CONTENT.threshold[3]} points" in sections[3]["text"]
    goals = [s["goal"] for s in components.track_data()["steps"] if s["goal"]]
    assert goals and all(g.startswith("end: ") and g.endswith(" players") for g in goals)


def test_special_cards_are_tinted_from_the_wild_colour(tmp_path, monkeypatch):
    import shutil

    from printkit.core.resources import layouts_dir
    from printkit.games.trickdumpling import components

    before = components.palette()["tint-special"]["colour"]
    root = tmp_path / "layouts"
    shutil.copytree(layouts_dir(), root)
    icons = root / "trickdumpling" / "icons.yaml"
    icons.write_text(icons.read_text().replace('wild:    {colour: "#7d4fa8"', 'wild:    {colour: "#a84f4f"'))
    monkeypatch.setenv("PRINTKIT_LAYOUTS", str(root))
    assert components.palette()["tint-special"]["colour"] != before
