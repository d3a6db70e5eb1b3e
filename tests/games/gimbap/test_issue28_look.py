"""Issue 28's review of the Gimbap lessons and fillings, measured on real output: the lesson
cards' blank bands, where "any roll is right" is said, the fillings' captions and strip patterns."""

import numpy as np
import pytest

from printkit.core.draw import ops as O
from printkit.core.draw.page import PrintOptions
from printkit.core.registry import games
from printkit.games.gimbap.content import CONTENT
from tests import kitcache

DPI = 100
ANY_ROLL = "Any roll that meets the conditions is right."


@pytest.fixture(scope="module")
def lessons():
    """The lesson cards' model (where each card is) and their A4 PDF, made once."""
    return games()["gimbap"]["lessons"].build(PrintOptions()), kitcache.pdf("gimbap", "lessons")


def card_boxes(page) -> dict[str, tuple[float, float, float, float]]:
    """Each card's (x, y, w, h) on the page in mm, by its tag (card-N-front / card-N-back)."""
    out = {}
    for op, m in O.walk(page.ops):
        tag = getattr(op, "tag", None) or ""
        if isinstance(op, O.Group) and tag.startswith("card-"):
            xs, ys = zip(*(((m @ op.matrix).apply(x, y)) for x, y in ((0, 0), (63, 0), (0, 88), (63, 88))), strict=True)
            out[tag] = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    return out


def longest_blank_mm(img: np.ndarray, box: tuple[float, float, float, float]) -> float:
    """The highest run of blank rows (every pixel near white) inside a card, its cut guide's
    hairline (the outer 1 mm) left out, in mm."""
    x, y, w, h = (v / 25.4 * DPI for v in box)
    inset = 1 / 25.4 * DPI
    cell = img[int(y + inset):int(y + h - inset), int(x + inset):int(x + w - inset)]
    blank = (cell.min(axis=(1, 2)) >= 235)
    best = run = 0
    for b in blank:
        run = run + 1 if b else 0
        best = max(best, run)
    return best / DPI * 25.4


def test_lesson_cards_have_no_blank_band_over_22mm(lessons):
    """The fronts of lessons with one or two conditions had 35-40 mm of blank under them, and the
    backs a blank band under the solution (main before: 28 mm at worst); now no front or back has a
    blank run over 22 mm (21.3 mm at worst, under lesson 1's short solution)."""
    doc, pdf = lessons
    worst = {}
    for i, page in enumerate(doc.pages):
        img = kitcache.pdf_page(pdf, i, DPI)
        for tag, box in card_boxes(page).items():
            worst[tag] = longest_blank_mm(img, box)
    assert len(worst) == 2 * len(CONTENT.lessons)
    assert max(worst.values()) <= 22, sorted(worst.items(), key=lambda kv: -kv[1])[:3]


def words_drawn(doc) -> str:
    """Every line of text the drawing model draws, in order, joined by spaces."""
    return " ".join(op.text for page in doc.pages for op, _ in O.walk(page.ops) if isinstance(op, O.Text))


def test_any_roll_is_said_once_on_the_aid_not_on_each_lesson_back(lessons):
    doc, _ = lessons
    lesson_text = words_drawn(doc)
    assert "A SOLUTION" in lesson_text and "Any roll" not in lesson_text
    aid_text = " ".join(words_drawn(games()["gimbap"]["aid"].build(PrintOptions())).split())
    assert aid_text.count(ANY_ROLL) == 2  # two aids a page, each says it


@pytest.fixture(scope="module")
def fillings():
    return games()["gimbap"]["fillings"].build(PrintOptions())


def test_fillings_captions_are_7pt_and_half_grey_or_darker(fillings):
    captions = [(op, m) for page in fillings.pages for op, m in O.walk(page.ops)
                if isinstance(op, O.Text) and " mm" in op.text and "×" in op.text]
    assert len(captions) >= len(CONTENT.parts)  # a caption under every piece (wrapped lines too)
    for op, m in captions:
        points = op.size * m.scale_factor / 25.4 * 72  # the model's sizes are in mm
        assert points >= 7 - 1e-6, (op.text, points)
        assert max(op.colour.r, op.colour.g, op.colour.b) <= 0.5, (op.text, op.colour)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_fillings_pages_have_no_blank_band_over_25mm(paper):
    """The pieces spread down the printable box: from the first ink to the footer's strip no
    run of blank rows is over 25 mm (main: 37.6 mm under the radish strip on A4)."""
    pdf = kitcache.pdf("gimbap", "fillings", "--paper", paper)
    for i in range(kitcache.page_count(pdf)):
        img = kitcache.pdf_page(pdf, i, 50)
        above_footer = int((img.shape[0] / 50 * 25.4 - 12) / 25.4 * 50)  # the footer strip: 6 + 5 mm up
        blank = img[:above_footer].min(axis=(1, 2)) >= 235
        first = int(np.argmin(blank))
        best = run = 0
        for b in blank[first:]:
            run = run + 1 if b else 0
            best = max(best, run)
        assert best / 50 * 25.4 <= 25, (paper, i + 1, best / 50 * 25.4)


def _box(points) -> tuple[float, float, float, float]:
    xs, ys = zip(*points, strict=True)
    return min(xs), min(ys), max(xs), max(ys)


def test_fillings_captions_stand_2mm_clear_of_their_pieces(fillings):
    """A caption (its glyphs' box, ascent to descent) is at least 2 mm from the piece it names
    and further from every other piece (main: 0.5 mm under the seaweed sheet)."""
    from printkit.core.fonts import get_font

    checked = 0
    for page in fillings.pages:
        pieces, captions = {}, []
        for op, m in O.walk(page.ops):
            if op.__class__ in (O.Rect, O.Polygon, O.Path) and getattr(op, "tag", None) in CONTENT.parts:
                if isinstance(op, O.Rect):
                    corners = [(op.x, op.y), (op.x + op.w, op.y + op.h)]
                else:
                    corners = list(op.points) if isinstance(op, O.Polygon) else [s[-2:] for s in op.segments if len(s) > 1]
                pieces[op.tag] = _box([m.apply(x, y) for x, y in corners])
            elif isinstance(op, O.Text) and "×" in op.text:
                font = get_font(op.font)
                top, foot = op.y - font.ascent * op.size, op.y - font.descent * op.size
                right = op.x + font.width(op.text, op.size)
                captions.append((op.text, _box([m.apply(x, y) for x in (op.x, right) for y in (top, foot)])))
        for text, cap in captions:
            gaps = {}
            for part, box in pieces.items():
                dx = max(box[0] - cap[2], cap[0] - box[2], 0.0)
                dy = max(box[1] - cap[3], cap[1] - box[3], 0.0)
                gaps[part] = max(dx, dy)
            (own,) = [p.id for p in CONTENT.parts.values() if text.startswith(p.name + " ")]
            assert gaps[own] >= 2 - 0.05, (text, gaps[own])
            assert all(v > gaps[own] for k, v in gaps.items() if k != own), (text, gaps)  # the nearest piece is its own
            checked += 1
    assert checked == len(CONTENT.parts)


def _points(op: O.Path | O.Line, m: O.Matrix):
    """Points along a path (cubic segments sampled) or a line, on the page."""
    if isinstance(op, O.Line):
        yield m.apply(op.x1, op.y1)
        yield m.apply(op.x2, op.y2)
        return
    here = (0.0, 0.0)
    for seg in op.segments:
        if seg[0] in ("M", "L"):
            here = seg[1:3]
            yield m.apply(*here)
        elif seg[0] == "C":
            p0, p1, p2, p3 = here, seg[1:3], seg[3:5], seg[5:7]
            for t in np.linspace(0, 1, 21):
                u = 1 - t
                x = u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0]
                y = u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1]
                yield m.apply(x, y)
            here = p3


@pytest.mark.parametrize("strip", CONTENT.strips)
def test_a_strips_pattern_is_centred_along_and_across_it(fillings, strip):
    """The spinach wave stopped 10 mm short of the strip's right end and hugged its top edge:
    now every strip's pattern leaves the same room at both ends (at least 3 mm, at most a
    10 mm step) and its middle is the strip's middle line."""
    for page in fillings.pages:
        rects = [(op, m) for op, m in O.walk(page.ops) if isinstance(op, O.Rect) and op.tag == strip]
        if rects:
            break
    ((rect, m),) = rects
    xs, ys = zip(*(m.apply(x, y) for x, y in ((rect.x, rect.y), (rect.x + rect.w, rect.y + rect.h))), strict=True)
    box = (min(xs), min(ys), max(xs), max(ys))
    pts = []
    for op, pm in O.walk(page.ops, symbols=fillings.symbols):
        if isinstance(op, O.Use) and op.symbol == f"pattern-{strip}":
            for sub, sm in O.walk(fillings.symbols[op.symbol], pm @ op.matrix, fillings.symbols):
                if isinstance(sub, (O.Path, O.Line)):
                    pts += list(_points(sub, sm))
    px, py = [p[0] for p in pts], [p[1] for p in pts]
    # The strip's long side is along x or y, whichever it stands on the page.
    along, across = (0, 1) if box[2] - box[0] > box[3] - box[1] else (1, 0)
    lo, hi = (px, py)[along], (px, py)[across]
    gap_a, gap_b = min(lo) - box[along], box[along + 2] - max(lo)
    assert gap_a == pytest.approx(gap_b, abs=0.2) and 3 <= gap_a <= 10, (gap_a, gap_b)
    mid = (box[across] + box[across + 2]) / 2
    assert (min(hi) + max(hi)) / 2 == pytest.approx(mid, abs=0.2)


# The tokens: fronts and backs on one page, to fold and glue (issue 28: two pages with a 147 mm
# blank band each).

TOKEN = 34.0


def token_boxes(page) -> tuple[dict[int, tuple], dict[int, tuple], dict[int, O.Matrix]]:
    """Each token's front and back box (x0, y0, x1, y1) on the page, and each back's matrix."""
    fronts, backs, mats = {}, {}, {}
    for op, m in O.walk(page.ops):
        tag = getattr(op, "tag", None) or ""
        if isinstance(op, O.Group) and tag.startswith("card-"):
            mm = m @ op.matrix
            box = _box([mm.apply(x, y) for x in (0, TOKEN) for y in (0, TOKEN)])
            n = int(tag.split("-")[1])
            (fronts if tag.endswith("-front") else backs)[n] = box
            if tag.endswith("-back"):
                mats[n] = mm
    return fronts, backs, mats


@pytest.mark.parametrize("paper,bleed", [("a4", 0.0), ("letter", 0.0), ("a4", 3.0)])
def test_each_token_back_is_behind_its_front_across_the_fold(paper, bleed):
    """One page: every back is its front's cell reflected across one fold line (the dashed ticks'
    line), in a half turn (not mirrored art); no mark or tick inside a token."""
    doc = games()["gimbap"]["tokens"].build(PrintOptions(paper=paper, bleed=bleed))
    assert len(doc.pages) == 1 and not doc.duplex
    fronts, backs, mats = token_boxes(doc.pages[0])
    assert sorted(fronts) == sorted(backs) == list(range(1, len(CONTENT.tokens) + 1))
    ticks = [m.apply(op.x1, op.y1)[1] for op, m in O.walk(doc.pages[0].ops) if getattr(op, "tag", None) == "fold-mark"]
    assert len(ticks) == 2 and ticks[0] == pytest.approx(ticks[1])
    fold = ticks[0]
    for n, f in fronts.items():
        b = backs[n]
        assert (b[0], b[2]) == pytest.approx((f[0], f[2]))
        assert (b[1], b[3]) == pytest.approx((2 * fold - f[3], 2 * fold - f[1]))
        m = mats[n]
        assert (m.a, m.b, m.c, m.d) == pytest.approx((-1, 0, 0, -1))  # a half turn
    cards = list(fronts.values()) + list(backs.values())
    for op, m in O.walk(doc.pages[0].ops):
        if getattr(op, "tag", None) in ("crop-mark", "fold-mark"):
            x0, y0, x1, y1 = _box([m.apply(op.x1, op.y1), m.apply(op.x2, op.y2)])
            assert not any(x1 > c[0] + 1e-6 and x0 < c[2] - 1e-6 and y1 > c[1] + 1e-6 and y0 < c[3] - 1e-6
                           for c in cards), (op.tag, (x0, y0, x1, y1))


def test_the_folded_sheet_puts_each_back_disc_on_its_front_disc():
    """On the printed page (A4, 100 dpi), the page folded along the fold line: the backs' dark
    discs land on the fronts' discs (their union is hardly more than either)."""
    doc = games()["gimbap"]["tokens"].build(PrintOptions())
    fronts, backs, _ = token_boxes(doc.pages[0])
    img = kitcache.pdf_page(kitcache.pdf("gimbap", "tokens"), 0, DPI).astype(int)
    px = DPI / 25.4
    top = int(round(min(f[1] for f in fronts.values()) * px))
    bottom = int(round(max(b[3] for b in backs.values()) * px))
    dark = img[top:bottom].sum(axis=2) < 300  # the backs' seaweed green; the fronts' cream is light
    inked = img[top:bottom].min(axis=2) < 250
    folded = dark[::-1]  # the lower half turned up onto the upper
    half = (bottom - top) // 2
    back_on_front, front = folded[:half], inked[:half]
    # The backs' discs (most of each is the dark green) land on the front tokens, all of them.
    assert back_on_front.sum() > 0.8 * len(fronts) * np.pi * (17 * px) ** 2
    assert (back_on_front & ~front).sum() <= 0.02 * back_on_front.sum()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_tokens_list_as_one_page_one_sheet(paper):
    """What `printkit list` counts (its builder, not the cache): one page, one sheet."""
    from printkit import listing

    assert listing.built_pages(games()["gimbap"]["tokens"], paper, 0.0, True) == (1, 1)
