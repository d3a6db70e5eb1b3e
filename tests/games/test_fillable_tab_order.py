"""Issue 27 item 5: a fillable pad's fields go round by round across the players (the order of
each page's /Annots, which PDF viewers follow for Tab), and every field of every fillable
component names itself in words (its /TU tooltip, which screen readers speak)."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from printkit.games.gemblo import pad as gemblo_pad
from printkit.games.gimbap import pad as gimbap_pad
from printkit.games.jubako import pad as jubako_pad
from printkit.games.trickdumpling import pad as td_pad
from tests.games.padtools import pad_pdf

PADS = {"trickdumpling": td_pad, "gemblo": gemblo_pad, "jubako": jubako_pad, "gimbap": gimbap_pad}


def _annots(pdf: bytes) -> list[list[tuple[str, str]]]:
    """Each page's widgets in /Annots order: (field name, tooltip)."""
    pages = PdfReader(io.BytesIO(pdf)).pages
    return [[(str(a.get_object()["/T"]), str(a.get_object().get("/TU", ""))) for a in page.get("/Annots", [])]
            for page in pages]


def _row_major(names: list[str], row: str, col: str) -> list[tuple[int, int]]:
    """(row, column) of the names that have both parts, in the order given."""
    out = []
    for n in names:
        r, c = re.search(row, n), re.search(col, n)
        if r and c:
            out.append((int(r.group(1)), int(c.group(1))))
    return out


@pytest.mark.parametrize(("module", "row"), [(td_pad, r":r(\d+):"), (gimbap_pad, r":r(\d+):"),
                                             (jubako_pad, r":t(\d+):")])
def test_pad_fields_go_round_by_round_across_the_players(module, row):
    names = [n for n, _ in _annots(pad_pdf(module))[0]]
    cells = _row_major(names, row, r":p(\d+):")
    assert len(cells) > 40
    assert cells == sorted(cells)  # round 1 of players 1, 2, 3 ... before round 2
    first_round = names.index(next(n for n in names if re.search(row, n)))
    assert all(":name:" not in n for n in names[first_round:])  # the names come before round 1
    assert sum(":name:" in n for n in names[:first_round]) == 4 + (module is td_pad)


def test_jubako_worksheets_go_row_by_row():
    names = [n for n, _ in _annots(pad_pdf(jubako_pad))[1]]
    cells = _row_major(names, r":R(\d+):", r":p(\d+):")
    assert len(cells) > 20 and cells == sorted(cells)


@pytest.mark.parametrize("game", sorted(PADS))
def test_every_pad_field_has_a_tooltip(game):
    pages = _annots(pad_pdf(PADS[game]))
    fields = [f for page in pages for f in page]
    assert len(fields) > 50
    assert [n for n, tip in fields if not tip.strip()] == []
    assert len({tip for _, tip in fields}) == len(fields)  # each says which field it is


SAMPLES = {
    td_pad: {"td-pad1:name:p1": "Player 1's name", "td-pad1:r3:p2:points": "Player 2, round 3: points",
             "td-pad1:r16:pm:mission": "Dumpling Master, round 16: mission (B, N or S)",
             "td-pad1:total:p5": "Player 5: total", "td-pad1:cooks": "cook variation"},
    gimbap_pad: {"gim-pad1:r2:p3:radish": "Player 3, round 2: radish", "gim-pad1:total:p4:points": "Player 4, total: points"},
    jubako_pad: {"jub-pad1:t7:p2:count": "Player 2, turn 7: counted", "jub-pad1:end:p1:uncovered":
                 "Player 1: Empty first-layer cells", "jub-pad1:peko:p4:gohan:points": "Player 4, Peko Peko Gohan: points"},
    gemblo_pad: {"gem-pad1:red:player": "red: player's name", "gem-pad1:blue:I5": "blue: I5 left",
                 "gem-pad1:players:6:penalty": "Player 6: penalty"},
}


@pytest.mark.parametrize("module", list(SAMPLES), ids=lambda m: m.__name__.split(".")[-2])
def test_pad_tooltips_read_as_the_pad_prints(module):
    tips = dict(f for page in _annots(pad_pdf(module)) for f in page)
    assert {n: tips[n] for n in SAMPLES[module]} == SAMPLES[module]


def test_every_sheet_field_has_a_tooltip_and_the_sheet_goes_hour_by_hour():
    from tests.games.rollncook.test_fillable import blank

    fields = [f for page in _annots(blank(7)) for f in page]
    assert len(fields) == 711
    assert [n for n, tip in fields if not tip.strip()] == []
    assert len({tip for _, tip in fields}) == len(fields)
    tips = dict(fields)
    assert {n: tips[n] for n in ("RNC1-7:name", "RNC1-7:h10:die1", "RNC1-7:h21:die3", "RNC1-7:h11:plate1",
                                 "RNC1-7:h12:box6", "RNC1-7:h13:seg2", "RNC1-7:inv:brown_sauce:3:got", "RNC1-7:inv:brown_sauce:3:used",
                                 "RNC1-7:meal:fried_egg:1", "RNC1-7:ability:adjust:2", "RNC1-7:meals",
                                 "RNC1-7:rares_left", "RNC1-7:total")} == {
        "RNC1-7:name": "restaurant's name", "RNC1-7:h10:die1": "10:00, die 1", "RNC1-7:h21:die3": "21:00, die 3",
        "RNC1-7:h11:plate1": "11:00, plate 1", "RNC1-7:h12:box6": "12:00, box 6",
        "RNC1-7:h13:seg2": "13:00, table segment 2",
        "RNC1-7:inv:brown_sauce:3:got": "brown sauce 3: circled (obtained)",
        "RNC1-7:inv:brown_sauce:3:used": "brown sauce 3: crossed (used)",
        "RNC1-7:meal:fried_egg:1": "fried egg, dish box 1", "RNC1-7:ability:adjust:2": "adjust 2",
        "RNC1-7:meals": "meals", "RNC1-7:rares_left": "rare left", "RNC1-7:total": "total"}
    hours = [int(m.group(1)) for n, _ in fields if (m := re.search(r":h(\d+):", n))]
    assert hours == sorted(hours)  # an hour's fields all come before the next hour's
