"""Issue 14 item 3: the Trick Dumpling score pad, printed, filled and scored back.

Pads are filled from whole-game records (the examples and the independent referee's corpus),
with each round's tricks, missions and points as ``printkit score --json`` reports them; the
filled PDF is then scored by ``printkit score trickdumpling pad.pdf`` and its totals must be the
record's (for the corpus: the independent referee's, tests/corpus/ref_trickdumpling.py).
"""

from __future__ import annotations

import random

import pytest
import yaml

from printkit.games.trickdumpling import pad
from printkit.games.trickdumpling.content import CONTENT
from tests.corpus import ref_trickdumpling as ref
from tests.games.padtools import (ROOT, at, covering, filled, pad_pdf, parity, pen_pixels, raster, score_filled, score_pdf,
                                  score_record, totals)
from tests.conftest import run_cli

GAME = "trickdumpling"
EXAMPLES = ["four-players.yaml", "two-players-master.yaml"]
F = pad.field


def _values(tmp_path, record_path) -> tuple[dict, dict]:
    code, report = score_record(GAME, record_path)
    assert code == 0
    return pad.values_from_report(report, yaml.safe_load(open(record_path))), report


@pytest.mark.parametrize("name", EXAMPLES)
def test_examples_filled_score_their_totals(name, tmp_path):
    values, report = _values(tmp_path, ROOT / "examples" / GAME / name)
    code, out, text = score_pdf(tmp_path, GAME, filled(pad, values))
    assert code == 0, text
    assert out["violations"] == []
    assert totals(out) == totals(report)
    assert out["winners"] == report["winners"] and out["ranking"] == report["ranking"]


def _corpus_games(count: int, cooks: bool = False):
    """Legal, finished games of the independent referee's generator."""
    rng, out = random.Random(1414), []
    while len(out) < count:
        rec, _ = ref.generate_game(random.Random(rng.random()), cook_variation=cooks)
        v = ref.referee(rec)
        if v.valid and not v.unfinished and len(rec["rounds"]) <= pad.geometry().rounds:
            out.append((rec, v))
    return out


def _features(game) -> set:
    """What a game exercises on the pad: the columns used (the Master's too), the rows (rounds),
    the winner's column, a tie."""
    rec, v = game
    seats = list(v.points)
    return {("columns", len(seats)), ("rounds", len(rec["rounds"])), ("tie", len(v.winners) > 1),
            *(("winner column", seats.index(w)) for w in v.winners)}


def test_corpus_games_filled_score_the_referees_totals(tmp_path):
    corpus = _corpus_games(10)
    games = covering(corpus, _features)  # every column count, round count and winning column of the 10
    assert {len(r["players"]) for r, _ in games} >= {2, 3}  # the Master's column is exercised
    assert {len(r["rounds"]) for r, _ in games} == {len(r["rounds"]) for r, _ in corpus}
    for i, (rec, v) in enumerate(games):
        path = tmp_path / f"g{i}.yaml"
        path.write_text(yaml.safe_dump(rec, sort_keys=False))
        values, _ = _values(tmp_path, path)
        code, out, text = score_filled(tmp_path, GAME, pad, values, f"g{i}.pdf", through_pdf=i == 0)
        assert code == 0, text
        assert totals(out) == v.points
        assert sorted(out["winners"]) == sorted(v.winners)


def test_corpus_games_with_cooks_score_the_referees_totals(tmp_path):
    """TD-12: with the cook variation ticked, points need not follow from missions alone."""
    games = covering(_corpus_games(6, cooks=True), _features)
    assert len(games) >= 4
    for i, (rec, v) in enumerate(games):
        path = tmp_path / f"c{i}.yaml"
        path.write_text(yaml.safe_dump(rec, sort_keys=False))
        values, _ = _values(tmp_path, path)
        assert values[F("cooks")] == "Yes"
        code, out, text = score_filled(tmp_path, GAME, pad, values, f"c{i}.pdf", through_pdf=i == 0)
        assert code == 0, text
        assert totals(out) == v.points and sorted(out["winners"]) == sorted(v.winners)
        assert out["notes"]  # says what the cooks leave unchecked


def _four_players(tmp_path) -> dict:
    return _values(tmp_path, ROOT / "examples" / GAME / "four-players.yaml")[0]


def test_wrong_total_is_reported_at_its_field(tmp_path):
    values = _four_players(tmp_path)
    values[F("total", "p", 2)] = "10"  # Bo scored 9
    code, out, _ = score_pdf(tmp_path, GAME, filled(pad, values))
    assert code == 1 and out["winners"] == []
    [v] = out["violations"]
    assert v["line"] == F("total", "p", 2) and v["rule"] == "TD-10" and "9" in v["message"]


def test_points_that_do_not_follow_from_missions_are_reported(tmp_path):
    values = _four_players(tmp_path)
    values[F("r", 1, "p", 4, "points")] = "2"  # Dee the spy: three players missed, so 3
    code, out, _ = score_pdf(tmp_path, GAME, filled(pad, values))
    assert code == 1
    assert [v["rule"] for v in at(out, F("r", 1, "p", 4, "points"))] == ["TD-10"]


def test_impossible_marks_are_reported_at_their_fields(tmp_path):
    values = _four_players(tmp_path)
    values[F("r", 2, "p", 1, "mission")] = "B"   # Ann won 2 tricks: no basic mission
    values[F("r", 3, "p", 3, "tricks")] = "x"    # not a number
    values[F("r", 4, "p", 2, "mission")] = "Q"   # no such mission
    code, out, _ = score_pdf(tmp_path, GAME, filled(pad, values))
    assert code == 1
    assert at(out, F("r", 2, "p", 1, "mission"))
    assert "not a whole number" in at(out, F("r", 3, "p", 3, "tricks"))[0]["message"]
    assert at(out, F("r", 4, "p", 2, "mission"))


def test_a_round_after_the_threshold_is_reported(tmp_path):
    values = _four_players(tmp_path)
    # Round 10 written after Bo reached 9 >= 7 (4 players) in round 9.
    for p, t in zip((1, 2, 3, 4), (2, 2, 2, 2), strict=True):
        values[F("r", 10, "p", p, "tricks")] = str(t)
        values[F("r", 10, "p", p, "points")] = "0"
    code, out, _ = score_pdf(tmp_path, GAME, filled(pad, values))
    assert code == 1
    assert any("ended after round 9" in v["message"] for v in at(out, F("r", 10, "p", 1, "tricks")))


# -- the checker as a pure function ------------------------------------------------------------

def _pad(rounds: list[dict[str, tuple[int, str, int]]], names=("Ann", "Bo", "Cy")) -> dict[str, str]:
    """Values for rounds of {column: (tricks, missions, points)}; ``m`` is the Master's column."""
    v = {F("name", "p", i + 1): n for i, n in enumerate(names)}
    for r, row in enumerate(rounds, start=1):
        for col, (t, m, p) in row.items():
            v[F("r", r, "p", col, "tricks")], v[F("r", r, "p", col, "mission")] = str(t), m
            v[F("r", r, "p", col, "points")] = str(p)
    return v


def test_three_players_reaching_five_win_and_ties_share():
    # TD-10: 3 players, threshold 5. Round 1: Ann basic, Bo nephew, Cy none -> 1 each for Ann, Bo.
    rounds = [{"1": (3, "B", 1), "2": (0, "N", 1), "3": (5, "", 0)}] * 5
    rep = pad.check_pad(_pad(rounds))
    assert rep.valid and not rep.unfinished
    assert {p.name: p.total for p in rep.players} == {"Ann": 5, "Bo": 5, "Cy": 0}
    assert sorted(rep.winners) == ["Ann", "Bo"]  # a tie shares the win
    assert CONTENT.threshold[3] == 5


def test_a_game_below_the_threshold_is_unfinished():
    rep = pad.check_pad(_pad([{"1": (3, "B", 1), "2": (0, "N", 1), "3": (5, "", 0)}]))
    assert rep.valid and rep.unfinished and rep.winners == []


def test_tricks_must_add_up_to_the_cards_dealt():
    rep = pad.check_pad(_pad([{"1": (3, "B", 1), "2": (0, "N", 1), "3": (4, "", 0)}]))
    assert [(v.line, v.rule) for v in rep.violations] == [(F("r", 1, "p", 1, "tricks"), "TD-10")]


def test_the_spy_needs_everyone_else_to_miss_and_is_one_player():
    rep = pad.check_pad(_pad([{"1": (3, "BS", 1), "2": (0, "N", 1), "3": (5, "S", 1)}]))
    lines = {v.line for v in rep.violations}
    assert F("r", 1, "p", 1, "mission") in lines and F("r", 1, "p", 3, "mission") in lines


def test_two_players_need_the_master_who_holds_the_spy():
    names = ("Sora", "Min")
    no_master = pad.check_pad(_pad([{"1": (4, "", 0), "2": (4, "", 0)}], names))
    assert any(v.rule == "TD-11" for v in no_master.violations)
    with_master = pad.check_pad(_pad([{"1": (3, "B", 1), "2": (3, "BS", 1), "m": (2, "", 0)}], names))
    # A real player's spy: the Master holds it (TD-11); and Sora accomplished a mission too (TD-10).
    assert {v.line for v in with_master.violations} == {F("r", 1, "p", 2, "mission")}
    assert {v.rule for v in with_master.violations} == {"TD-10", "TD-11"}
    ok = pad.check_pad(_pad([{"1": (4, "", 0), "2": (2, "", 0), "m": (2, "S", 2)}], names))
    assert ok.valid and [p.name for p in ok.players] == ["Sora", "Min", "Master"]


def test_cook_variation_relaxes_points_per_round():
    v = _pad([{"1": (3, "B", 2), "2": (0, "N", 1), "3": (5, "", 0)}])  # Picky Eater's extra point
    assert not pad.check_pad(v).valid
    v[F("cooks")] = "Yes"
    rep = pad.check_pad(v)
    assert rep.valid and rep.notes


def test_too_many_players_with_the_master():
    rep = pad.check_pad(_pad([{"1": (3, "B", 0), "2": (3, "B", 0), "3": (2, "", 0), "m": (0, "", 0)}]))
    assert [v.rule for v in rep.violations] == ["TD-11"]


# -- the printed page ------------------------------------------------------------------------

@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_empty_fillable_pad_prints_like_the_plain_pad(paper):
    plain, form = raster(pad_pdf(pad, paper, fillable=False)), raster(pad_pdf(pad, paper))
    assert plain.shape == form.shape
    assert parity(plain, form) >= 0.99
    assert (plain < 128).mean() > 0.01  # the page is not blank


def test_filled_pad_shows_the_marks(tmp_path):
    values = _four_players(tmp_path)
    blank = pen_pixels(pad_pdf(pad))
    marks = pen_pixels(filled(pad, values))
    assert blank == 0
    assert marks > 20 * len([v for v in values.values() if v])  # every value leaves pen ink


def test_pad_has_a_field_over_every_box():
    from printkit.core.forms import parse_form

    form = parse_form(pad_pdf(pad), "pad.pdf")
    names = set(form.fields)
    rounds = pad.geometry().rounds
    assert len(names) == 5 + 6 * 3 * rounds + 6 + 1
    assert F("r", rounds, "p", "m", "points") in names and F("cooks") in names
    assert form.fields[F("cooks")].kind == "check"


def test_same_arguments_same_bytes(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    for out in (a, b):
        res = run_cli("make", GAME, "pad", "--fillable", "--paper", "letter", "--out", str(out))
        assert res.exit_code == 0, res.stdout
    [fa], [fb] = list(a.iterdir()), list(b.iterdir())
    assert fa.name == fb.name == "trickdumpling-pad-letter-fillable.pdf"
    assert fa.read_bytes() == fb.read_bytes()


def test_bad_pdfs_are_one_line_exit_2(tmp_path):
    cases = {"damaged.pdf": pad_pdf(pad)[:3000], "notpdf.pdf": b"hello",
             "nofields.pdf": pad_pdf(pad, fillable=False)}
    for name, data in cases.items():
        code, out, text = score_pdf(tmp_path, GAME, data, name)
        assert code == 2 and out is None
        assert len(text.strip().splitlines()) == 1 and "Traceback" not in text, text


def test_a_pad_of_an_unknown_version_is_one_line_exit_2(tmp_path):
    from printkit.core.forms import text_field
    from printkit.core.draw.ops import Document, Page
    from printkit.core.draw.pdf import render_pdf

    doc = Document([Page(210, 297, [text_field("td-pad9:name:p1", 20, 20, 40, 8, value="Ann")])], {}, "x")
    code, _, text = score_pdf(tmp_path, GAME, render_pdf(doc))
    assert code == 2 and "version 9" in text and len(text.strip().splitlines()) == 1


def test_another_games_pad_names_its_command(tmp_path):
    from printkit.games.gimbap import pad as gimbap_pad

    code, _, text = score_pdf(tmp_path, GAME, pad_pdf(gimbap_pad))
    assert code == 2 and "printkit score gimbap" in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_type_at_least_6_pt_and_nothing_in_the_margin(paper):
    from tests.games.padtools import ink_in_margin, smallest_text_pt

    assert smallest_text_pt(pad, paper) >= 6.0
    assert not ink_in_margin(pad_pdf(pad, paper)) and not ink_in_margin(pad_pdf(pad, paper, bw=True))
