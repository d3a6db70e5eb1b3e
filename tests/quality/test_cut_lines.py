"""Issue 28, item 1: cut lines carry no ink.

Every card, tile and token sheet is rasterised at 300 dpi and the pixels within 0.5 mm either
side of every cut are read (tests/quality/cutscan.py), the cuts placed from the drawing model:
each card's group and matrix on its sheet, its size and corner radius from its layout, each
Gemblo piece's symbol use and cells, each Gimbap paper filling's and dice net's element. With ``--bleed 3`` no pixel there may be dark (L < 96)
unless it is art running across the cut (the same grey 1.5 mm out, in the bleed, and 1.5 mm
in: a dark card back); without bleed none may be near black (L < 64) unless it is the card's
own fill running to its cut; nor on the pieces and paper cut-outs cut at home. The cut guide drawn without bleed is a light grey hairline (the
layouts' shared ``cut`` style), on every front and on no back, and not drawn with bleed.

To stay within the time the suite allows, each component's first sheet is read (its fronts
and, when it has them, their backs): every sheet of a component is the same layout.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from printkit.core.colour import BLACK, Colour
from printkit.core.draw import ops as O
from printkit.core.draw.page import FooterInfo, PrintOptions, impose_cards
from printkit.core.draw.pdf import render_pdf
from printkit.core.layout.load import load_layout
from printkit.core.preview import rasterise
from printkit.core.registry import games
from printkit.core.units import parse_length

from tests.quality.cutscan import Count, Cut, card_cuts, scan_cut, scan_segments
from tests.quality.test_crop_extent import TAILS
from tests.quality.test_print_quality import CARD_COMPONENTS, MEASURES_THE_CUT

DPI = 300
IDS = [f"{g}-{n}" for g, n in CARD_COMPONENTS]


@cache
def document(game: str, name: str, bleed: float) -> O.Document:
    return games()[game][name].build(PrintOptions(bleed=bleed, seed=7))


def first_sheet(doc: O.Document, backs: bool = True) -> list[O.Page]:
    """The first sheet's fronts and, for a duplex document, its backs."""
    return list(doc.pages[:2 if doc.duplex and backs else 1])


def greys(doc: O.Document, pages: list[O.Page]) -> list[np.ndarray]:
    """``pages`` (of ``doc``) rasterised at DPI, grey (L)."""
    pdf = render_pdf(O.Document(pages, doc.symbols, doc.title))
    return [np.asarray(img.convert("L")) for img in rasterise(pdf, DPI)]


def card_shape(game: str, name: str) -> tuple[tuple[float, float], float]:
    """A component's card size (read from its clip with bleed) and its cut's corner radius
    (its layout's ``cards.radius``)."""
    group = next(op for op, _ in O.walk(document(game, name, 3.0).pages[0].ops)
                 if isinstance(op, O.Group) and op.tag and op.tag.startswith("card-"))
    assert group.clip is not None
    cards = load_layout(f"{game}/{name}.yaml").spec.cards
    assert cards is not None
    return (group.clip[2] - 6.0, group.clip[3] - 6.0), parse_length(cards.radius)


def scan(game: str, name: str, bleed: float, backs: bool = True) -> Count:
    doc = document(game, name, bleed)
    size, radius = card_shape(game, name)
    pages = first_sheet(doc, backs)
    total = Count()
    for page, grey in zip(pages, greys(doc, pages), strict=True):
        cuts = card_cuts(page, size, radius)
        assert cuts, f"no cards found on {page.label}"
        for cut in cuts:
            total.add(scan_cut(grey, cut, DPI))
    return total


@pytest.mark.parametrize(("game", "name"), CARD_COMPONENTS, ids=IDS)
def test_no_dark_pixels_at_any_cut_with_bleed(game, name):
    """--bleed 3: within 0.5 mm either side of every cut, nothing dark but art running across
    it. (The duplex check's backs are scales that measure where the cut fell: their ticks
    stop at the trim on purpose, so only its fronts are read.)"""
    count = scan(game, name, 3.0, backs=(game, name) not in MEASURES_THE_CUT)
    assert count.pixels > 10_000
    assert count.ink == 0, f"{count.ink} dark pixels on the cuts ({count})"


@pytest.mark.parametrize(("game", "name"), CARD_COMPONENTS, ids=IDS)
def test_no_black_outline_on_the_trim_without_bleed(game, name):
    """Without bleed (cut at home): within 0.5 mm of every front's cut, nothing near black
    but the card's own fill running to its cut (a dark band)."""
    count = scan(game, name, 0.0, backs=False)
    assert count.pixels > 10_000
    assert count.line == 0, f"{count.line} near-black pixels on the cuts ({count})"


def test_the_scanner_sees_an_outline_and_lets_art_through():
    """Not blind: a 0.3 mm black outline on a card's trim is ink, with and without bleed; a
    dark background carried through the bleed is not, nor a light grey hairline."""
    outline = [O.Rect(0, 0, 63, 88, O.Style(stroke=BLACK, stroke_width=0.3))]
    dark = [O.Rect(0, 0, 63, 88, O.Style(stroke=None, fill=Colour(0.55, 0.18, 0.15)))]
    light = [O.Rect(0, 0, 63, 88, O.Style(stroke=Colour(0.8, 0.8, 0.8), stroke_width=0.15))]
    found = {}
    # Without bleed the cards touch: blank cards keep the outline's ink out of the others' bands.
    kinds = ("outline", "blank", "dark", "blank", "blank", "light")
    fronts = {"outline": outline, "dark": dark, "light": light, "blank": []}
    for bleed in (3.0, 0.0):
        opts = PrintOptions(bleed=bleed)
        (page,) = impose_cards([fronts[k] for k in kinds], None, 63, 88, opts, FooterInfo("test", "cuts"))
        (grey,) = greys(O.Document([page]), [page])
        cuts = card_cuts(page, (63, 88), 0.0)
        assert len(cuts) == len(kinds)
        for what, cut in zip(kinds, cuts, strict=True):
            found[what, bleed] = scan_cut(grey, cut, DPI)
    assert found["outline", 3.0].ink > 1000 and found["outline", 0.0].line > 1000
    assert found["dark", 3.0].dark > 1000 and found["dark", 3.0].ink == 0
    assert found["dark", 0.0].dark > 1000 and found["dark", 0.0].line == 0
    assert found["light", 3.0].dark == 0 and found["light", 0.0].line == 0


def test_gemblo_pieces_cuts_carry_no_ink():
    """Gemblo's pieces are cut where their colour ends (their outlines, placed from each
    piece's symbol use and its cells); their frames run inside: nothing near black within
    0.5 mm of any piece's outline, on the fronts and the backs of the first sheet."""
    from printkit.core.draw.hexes import area_edges
    from printkit.core.geometry.hexgrid import SQRT3
    from printkit.games.gemblo.components import DEFAULT_HEX
    from printkit.games.gemblo.content import CONTENT

    doc = games()["gemblo"]["pieces"].build(PrintOptions(seed=7))
    pages = list(doc.pages[:2])
    size = DEFAULT_HEX / SQRT3
    total, pieces = Count(), 0
    for page, grey in zip(pages, greys(doc, pages), strict=True):
        segments = []
        for op, m in O.walk(page.ops):
            if isinstance(op, O.Use) and op.tag and op.tag.startswith("piece"):
                pieces += 1
                at = m @ op.matrix
                segments += [(*at.apply(*a), *at.apply(*b)) for a, b in area_edges(CONTENT.pieces[op.tag.split()[-1]], size)]
        total.add(scan_segments(grey, segments, DPI))
    assert pieces > 40 and total.pixels > 100_000
    assert total.line == 0, f"{total.line} near-black pixels on the pieces' cuts"


@pytest.mark.parametrize(("game", "name"), CARD_COMPONENTS, ids=IDS)
def test_the_cut_guide_is_a_light_hairline_only_without_bleed(game, name):
    """Without bleed every front's cut is traced once, in the layouts' shared ``cut`` style (a
    hairline no darker than 20% grey, its corners the layout's radius); backs get none; with
    bleed no sheet has one."""
    (w, h), radius = card_shape(game, name)
    # The cards of a tail ending the sheets (tagged tail-N) are traced with their own radius.
    tail_radius = card_shape(*TAILS[game, name])[1] if (game, name) in TAILS else radius
    for bleed in (0.0, 3.0):
        doc = document(game, name, bleed)
        for i, page in enumerate(first_sheet(doc)):
            # A fold sheet's page holds fronts and backs: the fronts' cuts are traced, cut through both.
            cards = [op for op, _ in O.walk(page.ops) if isinstance(op, O.Group) and op.tag
                     and op.tag.startswith(("card-", "tail-")) and op.tag.endswith("-front")]
            guides = [op for op, _ in O.walk(page.ops) if isinstance(op, O.Group) and op.tag == "cut-guide"]
            front = i == 0
            assert cards or not front
            assert len(guides) == (len(cards) if front and bleed == 0 else 0), (bleed, page.label)
            for g in guides:
                (rect,) = g.ops
                assert isinstance(rect, O.Rect) and rect.style.fill is None
                assert rect.style.stroke is not None and min(rect.style.stroke.r, rect.style.stroke.g,
                                                             rect.style.stroke.b) >= 0.8 - 1e-9
                assert rect.style.stroke_width <= 0.15 + 1e-9
                r = radius if (rect.w, rect.h) == pytest.approx((w, h)) else tail_radius
                assert rect.radius == pytest.approx(min(r, rect.w / 2, rect.h / 2))


def _outline_segments(op, m: O.Matrix) -> list[tuple[float, float, float, float]]:
    """A cut-out's outline as page segments: a polygon's sides, a path's lines and its curves
    as 16 chords each (M starts a new run; Z closes it)."""
    if isinstance(op, O.Polygon):
        runs = [list(op.points) + [op.points[0]]]
    else:
        runs = []
        for seg in op.segments:
            if seg[0] == "M":
                runs.append([seg[1:]])
            elif seg[0] == "L":
                runs[-1].append(seg[1:])
            elif seg[0] == "C":
                (x0, y0), (x1, y1, x2, y2, x3, y3) = runs[-1][-1], seg[1:]
                for i in range(1, 17):
                    t = i / 16
                    a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3
                    runs[-1].append((a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3))
            elif seg[0] == "Z":
                runs[-1].append(runs[-1][0])
    out = []
    for run in runs:
        page = [m.apply(*p) for p in run]
        out += [(*p, *q) for p, q in zip(page[:-1], page[1:], strict=True) if p != q]
    return out


CUT_OUTS = {"fillings": ("seaweed", "rice", "cheese", "sesame", "ham", "spinach", "radish"),
            "dice": tuple(f"cuts {n}" for n in range(1, 5))}


@pytest.mark.parametrize("name", sorted(CUT_OUTS))
def test_gimbap_cut_outs_carry_no_black_on_their_cuts(name):
    """Gimbap's paper fillings and dice nets are cut at home along their outlines (there is no
    bleed): those are traced in the light grey ``cut`` style, each filling's colour running to
    it, so nothing near black lies within 0.5 mm of any cut. Placed from the drawing model: each
    cut-out's element (its id) and its transform."""
    doc = games()["gimbap"][name].build(PrintOptions(seed=7))
    pages = list(doc.pages)
    total, seen = Count(), set()
    for page, grey in zip(pages, greys(doc, pages), strict=True):
        for op, m in O.walk(page.ops, O.IDENTITY, doc.symbols):
            if getattr(op, "tag", None) not in CUT_OUTS[name]:
                continue
            seen.add(op.tag)
            assert op.style.stroke is not None and min(op.style.stroke.r, op.style.stroke.g, op.style.stroke.b) >= 0.8 - 1e-9
            if isinstance(op, O.Rect):
                total.add(scan_cut(grey, Cut(op.w, op.h, op.radius, m @ O.Matrix.translate(op.x, op.y)), DPI))
            else:
                total.add(scan_segments(grey, _outline_segments(op, m), DPI))
    assert seen == set(CUT_OUTS[name]) and total.pixels > 20_000
    assert total.line == 0 and total.black == 0, total
