"""Issue 14 item 3: the Jubako score pad, printed, filled and scored back.

Pads are filled with each turn's count and bonus (the record replayed on the game's State), the
option worksheets (from the final boards) and the end rows, from the examples and from the
independent referee's corpus (tests/corpus/ref_jubako.py); ``printkit score jubako pad.pdf``
must give the record's totals and winners (for the corpus: the referee's).
"""

from __future__ import annotations

import pytest

from printkit.core.records import read_record
from printkit.games.jubako import pad
from printkit.games.jubako.record import JubakoRecord
from tests.corpus import ref_jubako as ref
from tests.games.padtools import (ROOT, at, corpus_scores_like_referee, covering, filled, legal_report, pad_pdf,
                                  pen_pixels, plain_parity, print_rules_kept, referee_corpus, score_pdf, scores_like)

GAME = "jubako"
F = pad.field


def _values(record_path) -> tuple[dict, dict]:
    report = legal_report(GAME, record_path)
    rec = read_record(str(record_path), JubakoRecord)[0]
    return pad.with_end_rows(pad.values_from_record(rec), report), report


@pytest.mark.parametrize("name", ["two-players.yaml", "all-options.yaml", "rulebook-examples.yaml"])
def test_examples_filled_score_their_totals(name, tmp_path):
    values, report = _values(ROOT / "examples" / GAME / name)
    out = scores_like(tmp_path, GAME, pad, values, report)
    assert out["unfinished"] == report["unfinished"]
    assert out["winners"] == report["winners"] and out["ranking"] == report["ranking"]


def _corpus() -> list[tuple[int, dict, object]]:
    """The legal, finished games among the referee's first 30 seeds."""
    return referee_corpus(ref, 30)


def _features(game) -> set:
    """What a game exercises on the pad: board, player count, each option, a tie, the winner's seat."""
    _, rec, v = game
    options = rec.get("options") or {}
    return {("board", rec["board"]), ("players", len(rec["players"])), ("options", bool(options)),
            ("tie", len(v.winners) > 1), *(("option", o) for o in options),
            *(("winner seat", rec["players"].index(w)) for w in v.winners)}


def test_corpus_games_filled_score_the_referees_totals(tmp_path):
    corpus = _corpus()
    games = covering(corpus, _features)  # every board, player count, option, tie and winning seat
    assert set().union(*map(_features, games)) == set().union(*map(_features, corpus))
    corpus_scores_like_referee(tmp_path, GAME, pad, games, _values)
    assert len(games) >= 5 and {("tie", True), ("board", "4x4"), ("players", 4)} <= set().union(*map(_features, games))


def _all_options(tmp_path) -> dict:
    return _values(ROOT / "examples" / GAME / "all-options.yaml")[0]


def test_wrong_totals_are_reported_at_their_fields(tmp_path):
    values = _all_options(tmp_path)
    values[F("end", "p1", "total")] = "134"       # Ann: 133
    values[F("peko", "p2", "gohan", "count")] = "2"
    values[F("peko", "p2", "gohan", "layer")] = "3"
    values[F("peko", "p2", "gohan", "points")] = "5"  # 2 x 3 = 6
    code, out, _ = score_pdf(tmp_path, GAME, filled(pad, values))
    assert code == 1 and out["winners"] == []
    assert "133" in at(out, F("end", "p1", "total"))[0]["message"]
    assert at(out, F("peko", "p2", "gohan", "points"))[0]["rule"] == "JUB-7"
    assert at(out, F("end", "p2", "peko"))  # the worksheet no longer adds up to page 1's row


def test_impossible_marks_are_reported_at_their_fields(tmp_path):
    values = _all_options(tmp_path)
    values[F("t1", "p1", "bonus")] = "5"          # this game's bonus is 3 (Picky Eaters)
    values[F("t2", "p2", "count")] = "17"         # a 4x4 board shows at most 16
    values[F("t11", "p3", "bonus")] = "3"         # a tile removed scores no bonus
    code, out, _ = score_pdf(tmp_path, GAME, filled(pad, values))
    assert code == 1
    assert "3" in at(out, F("t1", "p1", "bonus"))[0]["message"]
    assert "out of range" in at(out, F("t2", "p2", "count"))[0]["message"]
    assert at(out, F("t11", "p3", "bonus"))[0]["rule"] == "JUB-5"


# -- the checker as a pure function ------------------------------------------------------------

def _pad(turns: dict[int, list[tuple[int, int]]], names=("Ann", "Bo"), ends=None) -> dict[str, str]:
    v = {F("name", f"p{i + 1}"): n for i, n in enumerate(names)}
    for p, rows in turns.items():
        for t, (n, b) in enumerate(rows, start=1):
            v[F(f"t{t}", f"p{p}", "count")] = str(n)
            if b:
                v[F(f"t{t}", f"p{p}", "bonus")] = str(b)
    for (p, key), x in (ends or {}).items():
        v[F("end", f"p{p}", key)] = str(x)
    return v


def test_players_take_turns_in_order():
    rep = pad.check_pad(_pad({1: [(1, 0)], 2: [(1, 0), (2, 0)]}))
    assert [v.rule for v in rep.violations] == ["PK-12"]
    rep = pad.check_pad(_pad({1: [(1, 0), (2, 0)], 2: [(1, 0)]}))
    assert rep.valid and rep.unfinished  # 3 turns of 50 (2 players, JUB-1)


def test_a_finished_game_ties_go_to_empty_first_layer_cells():
    turns = {1: [(1, 0)] * 25, 2: [(1, 0)] * 25}  # 50 tiles: the 2-player game is over
    rep = pad.check_pad(_pad(turns, ends={(1, "uncovered"): 3, (2, "uncovered"): 5}))
    assert rep.valid and not rep.unfinished
    assert rep.ranking == ["Bo", "Ann"] and rep.winners == ["Bo"]  # JUB-6


def test_multi_tiered_rows_are_count_times_layer():
    v = _pad({1: [(2, 5)], 2: []})
    for row, (layer, count, points) in enumerate(((2, 2, 4), (3, 1, 4)), start=1):
        for what, x in (("layer", layer), ("count", count), ("points", points)):
            v[F("multi", "p1", f"R{row}", what)] = str(x)
    rep = pad.check_pad(v)
    assert [(x.line, x.rule) for x in rep.violations] == [(F("multi", "p1", "R2", "points"), "JUB-7")]
    assert rep.players[0].total == 2 + 5 + 4 + 4  # the worksheet stands in for an empty page-1 row
    v[F("multi", "p1", "R2", "layer")], v[F("multi", "p1", "R2", "points")] = "2", "2"
    assert [x.line for x in pad.check_pad(v).violations] == [F("multi", "p1", "R2", "layer")]  # layer 2 twice


def test_the_rulebook_examples_score_as_printed():
    """The Multi-Tiered (+18) and Peko Peko (58) examples printed on page 2, written in."""
    v = _pad({1: [(1, 0)], 2: []})
    for row, (layer, count) in enumerate(((1, 1), (2, 2), (4, 2), (5, 1)), start=1):
        v[F("multi", "p1", f"R{row}", "layer")], v[F("multi", "p1", f"R{row}", "count")] = str(layer), str(count)
        v[F("multi", "p1", f"R{row}", "points")] = str(count * layer)
    peko = {"tamagoyaki": (2, 1), "yude-tamago": (4, 2), "tomato": (1, 1), "maguro": (5, 2), "kyuri": (2, 3),
            "broccoli": (5, 3), "tobiko": (4, 4)}
    for d, (layer, count) in peko.items():
        v[F("peko", "p1", d, "count")], v[F("peko", "p1", d, "layer")] = str(count), str(layer)
        v[F("peko", "p1", d, "points")] = str(count * layer)
    v[F("end", "p1", "multi")], v[F("end", "p1", "peko")] = "18", "58"
    rep = pad.check_pad(v)
    assert rep.valid and rep.players[0].total == 1 + 18 + 58


# -- the printed pages -----------------------------------------------------------------------

@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("page", [0, 1])
def test_empty_fillable_pad_prints_like_the_plain_pad(paper, page):
    plain_parity(pad, paper, page)


def test_filled_pad_shows_the_marks(tmp_path):
    values = _all_options(tmp_path)
    # Page 2's Peko Peko rows print the gohan icon, whose blue bowl reads as the pen's colour:
    # the marks are what filling adds to the blank page.
    blank2 = pen_pixels(pad_pdf(pad), 1)
    assert pen_pixels(pad_pdf(pad)) == 0 and blank2 < 200
    assert pen_pixels(filled(pad, values)) > 1000 and pen_pixels(filled(pad, values), 1) > blank2 + 1000


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_type_at_least_6_pt_and_nothing_in_the_margin(paper):
    print_rules_kept(pad, paper)
