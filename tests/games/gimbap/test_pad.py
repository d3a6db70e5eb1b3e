"""Issue 14 item 3: the Gimbap score pad, printed, filled and scored back.

Pads are filled with the token each player kept each round, from the examples and from the
independent referee's corpus (tests/corpus/ref_gimbap.py); ``printkit score gimbap pad.pdf``
must give the record's totals and winners (for the corpus: the referee's).
"""

from __future__ import annotations

import pytest
import yaml

from printkit.games.gimbap import pad
from tests.corpus import ref_gimbap as ref
from tests.games.padtools import (ROOT, at, corpus_scores_like_referee, covering, filled, pad_pdf, pen_pixels,
                                  plain_parity, print_rules_kept, referee_corpus, score_pdf, scores_like, values_from_report)

GAME = "gimbap"
F = pad.field


def _values(record_path) -> tuple[dict, dict]:
    return values_from_report(GAME, pad, record_path)


@pytest.mark.parametrize("name", ["two-players.yaml", "three-players.yaml", "swap-after-wrong-roll.yaml"])
def test_examples_filled_score_their_totals(name, tmp_path):
    values, report = _values(ROOT / "examples" / GAME / name)
    out = scores_like(tmp_path, GAME, pad, values, report)
    assert {p["name"]: p["breakdown"]["radish"] for p in out["players"]} == \
        {p["name"]: p["breakdown"]["radish"] for p in report["players"]}
    if not report["unfinished"]:
        assert out["winners"] == report["winners"] and out["ranking"] == report["ranking"]


def _corpus() -> list[tuple[int, dict, object]]:
    """The legal, finished games among the referee's first 40 seeds."""
    return referee_corpus(ref, 40)


def _features(game) -> set:
    """What a game exercises on the pad: player count, the token option, a tie, the winner's seat,
    a name YAML would read as something else ("Yes")."""
    _, rec, v = game
    names = rec["players"]
    return {("players", len(names)), ("tokens", "tokens" in rec), ("tie", len(v.winners) > 1),
            ("yaml word", any(not isinstance(yaml.safe_load(n), str) for n in names)),
            *(("winner seat", names.index(w)) for w in v.winners)}


def test_corpus_games_filled_score_the_referees_totals(tmp_path):
    games = covering(_corpus(), _features)  # every feature of the corpus's games, each filled in once or more
    corpus_scores_like_referee(tmp_path, GAME, pad, games, _values)
    assert len(games) >= 5 and ("tie", True) in set().union(*map(_features, games))


def _three(tmp_path) -> dict:
    return _values(ROOT / "examples" / GAME / "three-players.yaml")[0]


def test_wrong_totals_are_reported_at_their_fields(tmp_path):
    values = _three(tmp_path)
    values[F("total", "p2", "points")] = "12"   # Joon: 4 + 3 + 4 = 11
    values[F("total", "p3", "radish")] = "8"    # Hana: 1 + 2 + 1 + 2 + 3 = 9
    code, out, _ = score_pdf(tmp_path, GAME, filled(pad, values))
    assert code == 1 and out["winners"] == []
    assert "11" in at(out, F("total", "p2", "points"))[0]["message"]
    assert "9" in at(out, F("total", "p3", "radish"))[0]["message"]


def test_impossible_tokens_are_reported_at_their_fields(tmp_path):
    values = _three(tmp_path)
    values[F("r1", "p1", "points")], values[F("r1", "p1", "radish")] = "5", "1"  # no token 5/1
    values[F("r3", "p1", "points")], values[F("r3", "p1", "radish")] = "4", "3"  # 4/3 is Joon's (round 1)
    values[F("r5", "p2", "points")] = "2"                                        # radish slices missing
    code, out, _ = score_pdf(tmp_path, GAME, filled(pad, values))
    assert code == 1
    assert at(out, F("r1", "p1", "points"))[0]["rule"] == "GIM-4"
    assert "once" in at(out, F("r3", "p1", "points"))[0]["message"]
    assert at(out, F("r5", "p2", "radish"))


# -- the checker as a pure function ------------------------------------------------------------

def _pad(rounds: list[dict[int, str]], names=("Ann", "Bo")) -> dict[str, str]:
    v = {F("name", f"p{i + 1}"): n for i, n in enumerate(names)}
    for r, row in enumerate(rounds, start=1):
        for p, tok in row.items():
            v[F(f"r{r}", f"p{p}", "points")], v[F(f"r{r}", f"p{p}", "radish")] = tok.split("/")
    return v


def test_ties_go_to_radish_slices_then_shared():
    rep = pad.check_pad(_pad([{1: "4/1"}, {2: "4/3"}, {1: "1/1"}, {2: "1/2"}]))
    assert rep.valid and rep.ranking == ["Bo", "Ann"] and rep.winners == ["Bo"]  # 5 each, radish 5 > 2
    rep = pad.check_pad(_pad([{1: "4/1"}, {2: "4/2"}, {1: "1/2"}, {2: "1/1"}]))
    assert sorted(rep.winners) == ["Ann", "Bo"]  # 5 points and 3 slices each: shared (GIM-7)


def test_a_round_gives_out_players_minus_one_tokens():
    rep = pad.check_pad(_pad([{1: "4/1", 2: "4/2"}]))
    assert [(v.line, v.rule) for v in rep.violations] == [(F("r1", "p1", "points"), "GIM-5")]


def test_rounds_beyond_the_player_count_are_reported():
    rounds = [{1: t} for t in ("1/1", "1/2", "1/3", "2/1")] + [{2: "2/2"}]
    rep = pad.check_pad(_pad(rounds, ("Ann", "Bo", "Cy", "Dee")))  # 4 players: 4 rounds (GIM-5)
    assert [(v.line, v.rule) for v in rep.violations] == [(F("r5", "p2", "points"), "GIM-5")]


# -- the printed page ------------------------------------------------------------------------

@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_empty_fillable_pad_prints_like_the_plain_pad(paper):
    plain_parity(pad, paper)


def test_filled_pad_shows_the_marks(tmp_path):
    values = _three(tmp_path)
    assert pen_pixels(pad_pdf(pad)) == 0
    assert pen_pixels(filled(pad, values)) > 20 * len(values)


def test_same_arguments_same_bytes():
    from printkit.core.draw.page import PrintOptions
    from printkit.core.draw.pdf import render_pdf

    a = render_pdf(pad.build_pad(PrintOptions(paper="letter", bw=True), fillable=True))
    b = render_pdf(pad.build_pad(PrintOptions(paper="letter", bw=True), fillable=True))
    assert a == b


def test_damaged_pad_is_one_line_exit_2(tmp_path):
    data = bytearray(pad_pdf(pad))
    data[len(data) // 2:len(data) // 2 + 400] = b"\0" * 400
    code, out, text = score_pdf(tmp_path, GAME, bytes(data[: len(data) * 2 // 3]))
    assert code == 2 and out is None and len(text.strip().splitlines()) == 1


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_type_at_least_6_pt_and_nothing_in_the_margin(paper):
    print_rules_kept(pad, paper)
