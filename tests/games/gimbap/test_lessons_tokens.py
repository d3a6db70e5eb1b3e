"""Issue 28 item 5: Gimbap lesson 10 does not sit alone on a sheet. The point tokens end the
lessons' sheets (A4: in the band under lesson 10; Letter: six under each sheet's lessons), their
common back behind them on the backs' page; measured on the made PDFs and on the model."""

import pytest

from printkit import listing
from printkit.core.draw import ops as O
from printkit.core.draw.page import PrintOptions
from printkit.core.registry import games
from printkit.games.gimbap.content import CONTENT
from tests import kitcache

TOKEN = 34.0
LESSON = (63.0, 88.0)


def boxes(page, prefix: str, w: float, h: float) -> dict[str, tuple[float, float, float, float]]:
    """Each group tagged ``prefix``-N-side on the page: its (x0, y0, x1, y1) in mm, by tag."""
    out = {}
    for op, m in O.walk(page.ops):
        tag = getattr(op, "tag", None) or ""
        if isinstance(op, O.Group) and tag.startswith(prefix + "-"):
            pts = [(m @ op.matrix).apply(x, y) for x in (0, w) for y in (0, h)]
            xs, ys = zip(*pts, strict=True)
            out[tag] = (min(xs), min(ys), max(xs), max(ys))
    return out


@pytest.fixture(scope="module", params=["a4", "letter"])
def doc(request):
    return request.param, games()["gimbap"]["lessons"].build(PrintOptions(paper=request.param))


def test_no_lesson_page_leaves_a_blank_band(doc):
    """On the raster (30 dpi, a pixel 0.85 mm), no run of blank rows over 25 mm on any page, the
    footer strip left out (before: A4's last sheet 181 mm, its back too; Letter 42 mm on every page)."""
    paper, _ = doc
    path = kitcache.pdf("gimbap", "lessons", "--paper", paper)
    assert kitcache.page_count(path) == 4
    for i in range(4):
        band = kitcache.blank_band_mm(path, i)
        assert band <= 25, (paper, i + 1, band)


def test_each_token_once_with_its_back_behind_it(doc):
    """The 12 tokens, each once on a fronts' page, its back once on the next page at the place
    mirrored left to right (long-edge duplex), as the lessons' backs are; none overlaps a lesson."""
    paper, d = doc
    W = d.pages[0].width
    fronts: dict[str, tuple] = {}
    for p in range(0, len(d.pages), 2):
        front = boxes(d.pages[p], "tail", TOKEN, TOKEN)
        back = boxes(d.pages[p + 1], "tail", TOKEN, TOKEN)
        lessons = boxes(d.pages[p], "card", *LESSON)
        lesson_backs = boxes(d.pages[p + 1], "card", *LESSON)
        for group, behind in ((front, back), (lessons, lesson_backs)):
            for tag, (x0, y0, x1, y1) in group.items():
                assert behind[tag.replace("-front", "-back")] == pytest.approx((W - x1, y0, W - x0, y1))
        for tag, t in front.items():
            assert tag not in fronts
            fronts[tag] = t
            assert not any(t[2] > c[0] and t[0] < c[2] and t[3] > c[1] and t[1] < c[3] for c in lessons.values())
    assert sorted(fronts) == sorted(f"tail-{k}-front" for k in range(1, len(CONTENT.tokens) + 1))
    # A4: all 12 under lesson 10 on the last sheet; Letter: 6 under each sheet's lessons
    per_sheet = [len(boxes(d.pages[p], "tail", TOKEN, TOKEN)) for p in range(0, len(d.pages), 2)]
    assert per_sheet == ([0, 12] if paper == "a4" else [6, 6])
    words = " ".join(t.text for p in d.pages for op, _ in O.walk(p.ops) for t in [op] if isinstance(op, O.Text))
    assert words.count("points") == len(CONTENT.tokens) and words.count("GIMBAP ·") == 10


def test_the_tokens_are_printed_once_in_make_all_and_alone_by_name():
    """`make gimbap` makes no tokens file (they are on the lessons' sheets); `make gimbap tokens`
    still makes the fold page; as items (--format cards) the lessons are the lessons alone; the
    list counts 2 sheets for the lessons with the tokens, on A4 and Letter."""
    made = {p.name for p in kitcache.made("gimbap", "--format", "pdf", "--seed", "7")}
    assert "gimbap-lessons-a4.pdf" in made and not any(n.startswith("gimbap-tokens") for n in made)
    assert len(games()["gimbap"]["tokens"].build(PrintOptions()).pages) == 1
    items = games()["gimbap"]["lessons"].build(PrintOptions(items=True))
    assert len(items.pages) == 20 and not any(str(op.tag).startswith("tail-") for p in items.pages
                                              for op, _ in O.walk(p.ops))
    assert games()["gimbap"]["tokens"].printed_with == "lessons"
    for paper in ("a4", "letter"):
        assert listing.built_pages(games()["gimbap"]["lessons"], paper, 0.0, True) == (4, 2)


def test_where_the_band_is_too_small_the_tokens_follow_on_their_fold_page():
    """With --bleed 3 the cards are spaced apart and no band holds the tokens: the lessons'
    sheets are followed by the tokens' own fold page, the same cards where `make gimbap tokens`
    puts them (so the kit's sheets are as many as before: 2 + 1)."""
    opts = PrintOptions(bleed=3.0)
    d = games()["gimbap"]["lessons"].build(opts)
    alone = games()["gimbap"]["tokens"].build(opts).pages[0]
    assert len(d.pages) == 5 and listing.sheets_of_paper(len(d.pages), d.duplex) == 3
    own = boxes(alone, "card", TOKEN, TOKEN)
    last = boxes(d.pages[-1], "tail", TOKEN, TOKEN)
    n = len(CONTENT.tokens)
    shifted = {t.replace("card-", "tail-"): b for t, b in own.items()}
    assert len(own) == 2 * n and sorted(last) == sorted(shifted)
    assert all(last[t] == pytest.approx(shifted[t]) for t in last)
    assert len([op for op, _ in O.walk(d.pages[-1].ops) if getattr(op, "tag", None) == "fold-mark"]) == 2
