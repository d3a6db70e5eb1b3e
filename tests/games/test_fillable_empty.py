"""Issue 27 item 3: a fillable pad or sheet with nothing (or only the names) filled in is
"nothing filled in yet" (exit 2, one line saying what is missing), never RULES BROKEN nor legal;
a minimal fill is scored. The pads and the sheet are made with printkit's own code."""

from __future__ import annotations

import pytest

from printkit.core import forms
from printkit.errors import PrintkitError
from printkit.games.gemblo import pad as gemblo
from printkit.games.gimbap import pad as gimbap
from printkit.games.jubako import pad as jubako
from printkit.games.rollncook.form import Names
from printkit.games.trickdumpling import pad as trickdumpling
from tests.conftest import run_cli
from tests.games.padtools import pad_pdf, score_pdf, score_values
from tests.games.rollncook.test_fillable import blank

TD, GEM, JUB, GIM = trickdumpling.field, gemblo.field, jubako.field, gimbap.field
#: game -> (pad module, the names alone, one score more: a minimal fill, what the names wait for)
PADS = {
    "trickdumpling": (trickdumpling, {TD("name", "p", 1): "Ann", TD("name", "p", 2): "Bo", TD("name", "p", 3): "Cy"},
                      {TD("r", 1, "p", 1, "tricks"): "3"}, "no round is filled in"),
    "gemblo": (gemblo, {GEM("red", "player"): "Ann", GEM("blue", "player"): "Bo", GEM("yellow", "player"): "Cy"},
               {GEM("red", "blocks"): "0"}, "no piece left, blocks left or penalty is filled in"),
    "jubako": (jubako, {JUB("name", "p1"): "Ann", JUB("name", "p2"): "Bo"}, {JUB("t1", "p1", "count"): "3"},
               "no turn is filled in"),
    "gimbap": (gimbap, {GIM("name", "p1"): "Ann", GIM("name", "p2"): "Bo"}, {GIM("total", "p1", "points"): "0"},
               "no token or total is filled in"),
}


def _one_line(code: int, text: str, needle: str) -> None:
    assert code == 2 and text.strip().splitlines() == [text.strip()], text
    assert text.startswith("printkit: error: ") and f"nothing filled in yet: {needle}" in text, text


@pytest.mark.parametrize("game", sorted(PADS))
def test_an_empty_pad_is_nothing_filled_in_yet(game, tmp_path):
    code, out, text = score_pdf(tmp_path, game, pad_pdf(PADS[game][0]))
    assert out is None
    _one_line(code, text, "no player names are filled in")


@pytest.mark.parametrize("game", sorted(PADS))
def test_a_pad_with_names_only_is_nothing_filled_in_yet_and_one_score_is_scored(game):
    module, names, score, missing = PADS[game]
    with pytest.raises(PrintkitError, match=f"pad.pdf: nothing filled in yet: only the players' names are "
                                                  f"filled in, {missing}$"):
        score_values(game, module, names)
    with pytest.raises(PrintkitError, match="no player names are filled in$"):
        score_values(game, module, score)  # a score without a name: nobody to score yet
    code, out = score_values(game, module, {**names, **score})
    assert code in (0, 1) and {p["name"] for p in out["players"]} >= {"Ann", "Bo"}


def test_a_gimbap_game_with_no_token_kept_and_its_totals_written_is_a_game():
    names = PADS["gimbap"][1]
    code, out = score_values("gimbap", gimbap, {**names, GIM("total", "p1", "points"): "0",
                                                GIM("total", "p2", "points"): "0"})
    assert code == 0 and sorted(out["winners"]) == ["Ann", "Bo"]


def _sheet(tmp_path, values: dict, count: int = 1):
    p = tmp_path / "sheet.pdf"
    p.write_bytes(forms.fill_form(blank(7, count), values) if values else blank(7, count))
    return run_cli("score", "rollncook", str(p), "--json")


def test_an_empty_or_named_only_sheet_is_nothing_filled_in_yet(tmp_path):
    n = Names("RNC1-7")
    for values in ({}, {n.name(): "Ann's diner"}):
        r = _sheet(tmp_path, values)
        _one_line(r.exit_code, r.output, "no hour is filled in")
        assert "RNC1-7" in r.output and "legal" not in r.output
    r = _sheet(tmp_path, {n.name(): "Ann", n.die(0, 0): "1", n.die(0, 1): "2", n.die(0, 2): "3"})
    assert r.exit_code == 0 and '"unfinished": true' in r.output and "Ann" in r.output


def test_empty_sheets_beside_a_filled_one_are_left_out(tmp_path):
    n = Names("RNC1-8")
    r = _sheet(tmp_path, {n.name(): "Bo", n.die(0, 0): "4", n.die(0, 1): "4", n.die(0, 2): "6"}, count=3)
    assert r.exit_code == 0 and "RNC1-7" not in r.stdout and "RNC1-9" not in r.stdout and "Bo" in r.stdout
    r = _sheet(tmp_path, {}, count=3)
    _one_line(r.exit_code, r.output, "no hour is filled in (no dice, no mark on sheets RNC1-7, RNC1-8, RNC1-9)")


# -- one name twice (issue 27 item 6) ---------------------------------------------------------------

COLUMN_PADS = {"trickdumpling": (trickdumpling, TD("name", "p", 1), TD("name", "p", 2)),
               "jubako": (jubako, JUB("name", "p1"), JUB("name", "p2")),
               "gimbap": (gimbap, GIM("name", "p1"), GIM("name", "p2"))}


@pytest.mark.parametrize("game", sorted(COLUMN_PADS))
@pytest.mark.parametrize("second", ["Ann", "Zoe\u0308"])
def test_one_name_for_two_players_is_refused(game, second):
    module, p1, p2 = COLUMN_PADS[game]
    first = "Zo\u00eb" if second != "Ann" else "Ann"  # composed and decomposed: one name (NFC)
    score = PADS[game][2]
    with pytest.raises(PrintkitError, match=f"pad.pdf: player names must differ: '{second}' is written in {p1} "
                                            f"and in {p2}$"):
        score_values(game, module, {**PADS[game][1], p1: first, p2: second, **score})


def test_one_name_twice_on_a_filled_pad_is_one_line_exit_2(tmp_path):
    from tests.games.padtools import filled

    values = {**PADS["gimbap"][1], GIM("name", "p2"): "Ann", **PADS["gimbap"][2]}
    code, out, text = score_pdf(tmp_path, "gimbap", filled(gimbap, values))
    assert code == 2 and out is None and text.strip().splitlines() == [
        f"printkit: error: {tmp_path / 'pad.pdf'}: player names must differ: 'Ann' is written in {GIM('name', 'p1')} "
        f"and in {GIM('name', 'p2')}"]


def test_gemblo_matches_a_name_written_composed_and_decomposed():
    values = {GEM("red", "player"): "Zo\u00eb", GEM("blue", "player"): "Bo", GEM("yellow", "player"): "Cy"}
    for n, name in enumerate(["Zoe\u0308", "Bo", "Cy"], start=1):
        values[GEM("players", n, "name")], values[GEM("players", n, "penalty")] = name, "0"
    code, out = score_values("gemblo", gemblo, values)
    assert code == 0 and out["violations"] == [] and len(out["players"]) == 3
