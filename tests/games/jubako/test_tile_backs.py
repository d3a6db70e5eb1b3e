"""Jubako's tiles have a common back for long-edge duplex, as the Trick Dumpling cards do: the
rules shuffle the tiles face down (issue 28, item 7)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from printkit.core.draw import ops as O
from printkit.core.draw.page import PAPERS, PrintOptions, plan_grid
from printkit.core.registry import games
from printkit.games.jubako.components import tiles_data, tokens
from printkit.games.jubako.content import CONTENT
from tests import kitcache

#: Pieces printed: the 78 doubles and the 12 singles in 6 pairs (cut apart after printing).
TILES = len(tiles_data()["tiles"])
#: The tokens that end the tiles' sheets (layouts/jubako/tokens.yaml, the sheets' tail).
TOKENS = len(tokens())


OFFSET = (0.5, -1.0)


def _build(**opts):
    return games()["jubako"]["tiles"].build(PrintOptions(**opts))


@pytest.fixture(scope="module")
def a4():
    """The A4 tiles with a duplex offset, as a document (built once for the module)."""
    return _build(paper="a4", duplex_offset=OFFSET)


def _corners(doc, prefix: str = "card-") -> dict[str, list[tuple[float, float]]]:
    """The page corners of each tile's front and back trim (its 2 cells x 1 cell box), by the
    tile's tag (``card-N-front``, ``card-N-back``); with ``prefix`` "tail-", each token's (a
    cell square)."""
    w, h = (2 if prefix == "card-" else 1) * CONTENT.cell, CONTENT.cell
    return {op.tag: [(m @ op.matrix).apply(u, v) for u in (0, w) for v in (0, h)]
            for p in doc.pages for op, m in O.walk(p.ops) if str(op.tag).startswith(prefix)}


@pytest.mark.parametrize(("paper", "bleed"), [("a4", 0.0), ("letter", 0.0), ("a4", 3.0)])
def test_every_sheet_of_tiles_is_followed_by_its_backs(paper, bleed, a4):
    """The tokens too: those a sheet's fronts page holds (tail-N) have their backs on its back page."""
    assert TILES == 78 + 12 // 2 and TOKENS == 20
    opts = PrintOptions(paper=paper, bleed=bleed)
    grid = plan_grid(2 * CONTENT.cell, CONTENT.cell, opts, count=TILES)
    doc = a4 if (paper, bleed) == ("a4", 0.0) else _build(paper=paper, bleed=bleed)
    assert doc.duplex and len(doc.pages) == 2 * math.ceil(TILES / grid.per_page)
    tails = 0
    for s in range(0, len(doc.pages), 2):
        fronts = {op.tag.rsplit("-", 1)[0] for op, _ in O.walk(doc.pages[s].ops) if str(op.tag).endswith("-front")}
        backs = {op.tag.rsplit("-", 1)[0] for op, _ in O.walk(doc.pages[s + 1].ops) if str(op.tag).endswith("-back")}
        assert fronts and fronts == backs, s
        tails += sum(t.startswith("tail-") for t in fronts)
    assert tails == TOKENS


def test_each_back_lies_behind_its_front_mirrored_and_shifted_by_the_duplex_offset(a4):
    doc, offset = a4, OFFSET
    W = PAPERS["a4"][0]
    """The tokens' backs too (the tiles' sheets' tail)."""
    tiles, toks = _corners(doc), _corners(doc, "tail-")
    assert len(tiles) == 2 * TILES and len(toks) == 2 * TOKENS
    for corners, n in [(tiles, f"card-{n}") for n in range(1, TILES + 1)] + [(toks, f"tail-{n}") for n in range(1, TOKENS + 1)]:
        f, b = corners[f"{n}-front"], corners[f"{n}-back"]
        assert min(x for x, _ in b) == pytest.approx(W - max(x for x, _ in f) + offset[0])
        assert max(x for x, _ in b) == pytest.approx(W - min(x for x, _ in f) + offset[0])
        assert min(y for _, y in b) == pytest.approx(min(y for _, y in f) + offset[1])
        assert max(y for _, y in b) == pytest.approx(max(y for _, y in f) + offset[1])


def test_the_pdf_has_the_back_pages_and_each_back_is_the_same_turned_180_degrees(a4):
    """The PDF holds a back page after each sheet; on it, every back (cut out at its mirrored
    and shifted trim) shows the lid and is itself under a half turn, so a tile face down gives
    nothing away."""
    path = kitcache.pdf("jubako", "tiles", "--duplex-offset", f"{OFFSET[0]},{OFFSET[1]}")
    doc = a4
    assert kitcache.page_count(path) == len(doc.pages)
    dpi = 127  # 5 px a mm
    page = kitcache.pdf_page(path, 1, dpi).astype(int)
    tiles = _corners(doc)
    for n in range(1, 13):  # some of the first sheet's backs
        corners = tiles[f"card-{n}-back"]
        x0, y0 = (round(min(c[i] for c in corners) * 5) for i in (0, 1))
        img = page[y0:y0 + round(CONTENT.cell * 5), x0:x0 + round(2 * CONTENT.cell * 5)]
        red = (img[:, :, 0] - img[:, :, 2] > 80).mean()
        assert red > 0.1, (n, red)  # the lacquer lid is printed
        # (the trim falls between pixels: a pixel may match its turned twin one pixel off)
        turned = np.rot90(img, 2)
        h, w = img.shape[:2]
        core = img[1:h - 1, 1:w - 1]
        off = np.min([np.abs(core - turned[1 + dy:h - 1 + dy, 1 + dx:w - 1 + dx]).max(axis=2)
                      for dy in (-1, 0, 1) for dx in (-1, 0, 1)], axis=0)
        differs = (off > 80).mean()  # a back that is not its own half turn differs over 5% and more
        # edge pixels: up to 1.35% at pypdfium2's lowest version (where the trim falls on the
        # pixel grid moves with the sheet's layout); a back that is not its own half turn, 5%+
        assert differs < 0.025, (n, differs)


def test_a_tokens_back_is_the_lid_and_the_same_turned_180_degrees(tmp_path):
    """The tokens' common back (the same on the tiles' sheets, their tail): a coin with the
    lid in small, the same under a half turn. Drawn alone (as --format cards draws each token:
    its page is its trim, so the pixels line up with the coin and the turn is exact)."""
    from printkit.core.output import write_document

    doc = games()["jubako"]["tokens"].build(PrintOptions(items=True))
    assert [p.label for p in doc.pages[:2]] == ["card 1 face", "card 1 back"] and len(doc.pages) == 40
    (path,) = write_document(doc, tmp_path, "tokens", ("pdf",))
    backs = [kitcache.pdf_page(path, i, 254).astype(int) for i in (1, 39)]  # the first and the last
    assert np.array_equal(backs[0], backs[1])  # one back for every set
    img = backs[0]
    assert img.shape[:2] == (300, 300)
    assert (img[:, :, 0] - img[:, :, 2] > 80).mean() > 0.1  # the lacquer
    differs = (np.abs(img - np.rot90(img, 2)).max(axis=2) > 80).mean()
    assert differs < 0.002, differs
