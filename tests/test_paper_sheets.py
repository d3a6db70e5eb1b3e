"""Sheets of paper (issue 28, item 5): the A4 kit of ``printkit make all`` takes at least 20% fewer
sheets than the 54 pages it took, counted from the real PDFs (their pages, and the ``/Duplex``
viewer preference of a document printed double-sided: front and back are one sheet), as
``printkit list`` counts them; and no piece printed on fewer pages got smaller."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from pypdf import PdfReader

from printkit.core.draw.page import PrintOptions
from printkit.core.registry import games
from printkit.games.gimbap.content import CONTENT as GIMBAP
from tests import kitcache
from tests.conftest import run_cli

#: The A4 kit's pages when issue 28 was filed, and the sheets of paper it may take now (20% fewer).
BEFORE = 54
MOST = int(0.8 * BEFORE)


def sheets(pdf: Path) -> int:
    """Sheets of paper a PDF takes: a page each, or a page pair each when it asks for duplex."""
    reader = PdfReader(pdf)
    prefs = reader.trailer["/Root"].get("/ViewerPreferences")
    duplex = prefs is not None and str(prefs.get_object().get("/Duplex", "")).startswith("/Duplex")
    pages = len(reader.pages)
    assert not duplex or pages % 2 == 0, f"{pdf.name}: a duplex document with a page without its back"
    return (pages + 1) // 2 if duplex else pages


@pytest.fixture(scope="module")
def a4_kit() -> dict[str, Path]:
    return {p.name: p for p in kitcache.made("all", "--seed", "7") if p.suffix == ".pdf"}


def test_the_a4_kit_takes_at_least_a_fifth_fewer_sheets(a4_kit: dict[str, Path]) -> None:
    counted = {name: sheets(p) for name, p in a4_kit.items()}
    # every component of every game, but those printed on another's sheets (Jubako's and Gimbap's tokens)
    own = [c for comps in games().values() for c in comps.values() if not c.printed_with]
    assert len(counted) == len(own) >= 23 and not {"jubako-tokens-a4.pdf", "gimbap-tokens-a4.pdf"} & set(counted)
    total = sum(counted.values())
    assert total <= MOST, (total, counted)
    pages = sum(len(PdfReader(p).pages) for p in a4_kit.values())
    assert total < pages  # double-sided documents are counted as sheets, not pages
    # printkit list says the same: its total line, pages A4/Letter then sheets A4/Letter
    listed = run_cli("list")
    assert listed.exit_code == 0, listed.output
    (line,) = [ln for ln in listed.output.splitlines() if ln.startswith("all ")]
    assert line.split()[1].split("/")[0] == str(pages) and line.split()[2].split("/")[0] == str(total)
    assert "two pages are one sheet" in listed.output


def test_each_component_is_listed_with_its_sheets(a4_kit: dict[str, Path]) -> None:
    listed = run_cli("list").output.splitlines()
    rows = {(ln.split()[0], ln.split()[1]): ln.split()[3] for ln in listed
            if ln.split()[:1] and ln.split()[0] in games()}
    for (game, comp), shown in rows.items():
        names = [n for n in a4_kit if n.startswith(f"{game}-{comp}-")]
        if games()[game][comp].printed_with:  # made with another, not counted again (below)
            assert names == [] and shown.split("/")[0] == str(sheets(kitcache.pdf(game, comp))), (game, comp)
            continue
        assert len(names) == 1, (game, comp, names)
        assert shown.split("/")[0] == str(sheets(a4_kit[names[0]])), (game, comp)
    assert rows["gemblo", "pieces"].split("/")[0] == "3" and rows["gimbap", "fillings"].split("/")[0] == "2"


def test_gemblo_pieces_ask_for_duplex_only_with_backs() -> None:
    pieces = games()["gemblo"]["pieces"]
    assert pieces.build(PrintOptions()).duplex
    assert not pieces.build(PrintOptions(), backs=False).duplex


def _bbox_mm(mask: np.ndarray, dpi: float) -> tuple[float, float]:
    ys, xs = np.nonzero(mask)
    mm = 25.4 / dpi
    return (xs.max() - xs.min() + 1) * mm, (ys.max() - ys.min() + 1) * mm


def test_gimbap_fillings_on_two_pages_are_each_their_full_size(a4_kit: dict[str, Path]) -> None:
    """Each piece measured on the printed pages (the extent of its colour, at 100 dpi), turned
    or not, is as big as the game's data says: two pages a player, nothing smaller."""
    pdf = a4_kit["gimbap-fillings-a4.pdf"]
    assert kitcache.page_count(pdf) == 2
    dpi = 100
    imgs = [kitcache.pdf_page(pdf, i, dpi).astype(np.int16) for i in range(2)]
    for part in GIMBAP.parts.values():
        colour = GIMBAP.palette[part.id]["colour"]
        rgb = np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)], dtype=np.int16)
        masks = [m for m in ((np.abs(img - rgb) <= 3).all(axis=2) for img in imgs) if m.sum() > 500]
        assert len(masks) == 1, part.id  # each piece on one page
        measured = sorted(_bbox_mm(masks[0], dpi))
        assert measured == pytest.approx(sorted(part.size), abs=0.8), (part.id, measured, part.size)


def test_the_jubako_board_is_one_double_sided_sheet(a4_kit: dict[str, Path]) -> None:
    """Printed double-sided (flip on the long edge: the back mirrored left to right), the 4x4
    side lies wholly behind the 5x5 side: cut along the 5x5 side's edge, both sides whole. (The
    scoring key under each board, after a blank band, is not the board.)"""
    pdf = a4_kit["jubako-board-a4.pdf"]
    assert sheets(pdf) == 1 and kitcache.page_count(pdf) == 2
    dpi = 50
    px = dpi / 25.4
    top, bottom = int(25 * px), int(275 * px)  # below the heading and the text, above the footer
    boxes = []
    for i in range(2):
        ink = (kitcache.pdf_page(pdf, i, dpi)[top:bottom] < 235).any(axis=2)  # anything not paper
        rows = np.nonzero(ink.any(axis=1))[0]
        gaps = np.nonzero(np.diff(rows) > 3 * px)[0]  # the board, then a blank band, then its key
        board = ink[: rows[gaps[0]] + 1] if len(gaps) else ink
        ys, xs = np.nonzero(board)
        width = ink.shape[1]
        x0, x1 = (xs.min(), xs.max()) if i == 0 else (width - 1 - xs.max(), width - 1 - xs.min())
        boxes.append((x0, ys.min(), x1, ys.max()))
    (f0, f1, f2, f3), (b0, b1, b2, b3) = boxes
    assert (f2 - f0) / px > 180 and (b2 - b0) / px > 150, boxes  # both boards, whole
    margins = [(b0 - f0) / px, (b1 - f1) / px, (f2 - b2) / px, (f3 - b3) / px]
    assert min(margins) > 10, (boxes, margins)  # clear of the 5x5's edges, a cut a little off too
    assert max(margins) - min(margins) < 3, margins  # centred across and down
