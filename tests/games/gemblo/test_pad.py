"""Issue 14 item 3: the Gemblo score pad, printed, filled and scored back.

Pads are filled with each colour's unplaced pieces (ticks), its blocks left and each player's
penalty, from the examples and from the independent referee's corpus (tests/corpus/ref_gemblo.py);
``printkit score gemblo pad.pdf`` must give the record's totals and winners (for the corpus:
the referee's).
"""

from __future__ import annotations

import pytest

from printkit.games.gemblo import pad
from printkit.games.gemblo.content import CONTENT
from tests.corpus import ref_gemblo as ref
from tests.games.padtools import (ROOT, at, corpus_scores_like_referee, covering, filled, pad_pdf, pen_pixels,
                                  plain_parity, print_rules_kept, referee_corpus, score_pdf, scores_like, values_from_report)

GAME = "gemblo"
F = pad.field


def _values(record_path) -> tuple[dict, dict]:
    return values_from_report(GAME, pad, record_path)


@pytest.mark.parametrize("name", ["two-players.yaml", "three-players.yaml", "four-players.yaml"])
def test_examples_filled_score_their_totals(name, tmp_path):
    values, report = _values(ROOT / "examples" / GAME / name)
    out = scores_like(tmp_path, GAME, pad, values, report)
    assert out["winners"] == report["winners"] and out["ranking"] == report["ranking"]


def _corpus() -> list[tuple[int, dict, object]]:
    """The legal, finished games among the referee's first 30 seeds."""
    return referee_corpus(ref, 30)


def _features(game) -> set:
    """What a game exercises on the pad: player count, names or colours, the winner's seat, a tie
    (shared, or broken by the rules' tie-break)."""
    _, rec, v = game
    top = max(v.totals.values())
    return {("players", rec["players"]), ("named", "names" in rec), ("shared", len(v.winners) > 1),
            ("tie broken", len(v.winners) == 1 and list(v.totals.values()).count(top) > 1),
            *(("winner seat", list(v.totals).index(w)) for w in v.winners)}


def test_corpus_games_filled_score_the_referees_totals(tmp_path):
    games = covering(_corpus(), _features)  # every feature of the corpus's games, each filled in once or more
    corpus_scores_like_referee(tmp_path, GAME, pad, games, _values)
    assert len(games) >= 3 and len({g[1]["players"] for g in games}) >= 3  # several player counts


def _four(tmp_path) -> dict:
    return _values(ROOT / "examples" / GAME / "four-players.yaml")[0]


def test_wrong_penalty_and_blocks_are_reported_at_their_fields(tmp_path):
    values = _four(tmp_path)
    values[F("players", 2, "penalty")] = "-11"   # Bo: V3 T3 Y4 = 10 blocks
    values[F("red", "blocks")] = "13"            # Ann's red: I3 T3 O4 C4 = 14
    code, out, _ = score_pdf(tmp_path, GAME, filled(pad, values))
    assert code == 1 and out["winners"] == []
    assert "10 blocks" in at(out, F("players", 2, "penalty"))[0]["message"]
    assert "14 blocks" in at(out, F("red", "blocks"))[0]["message"]


def test_impossible_marks_are_reported_at_their_fields(tmp_path):
    values = _four(tmp_path)
    values[F("purple", "I5")] = "Yes"            # a piece ticked for a colour nobody played
    values[F("players", 3, "name")] = "Zed"      # a name playing no colour
    code, out, _ = score_pdf(tmp_path, GAME, filled(pad, values))
    assert code == 1
    assert at(out, F("purple", "player"))[0]["rule"] == "GEM-6"
    assert at(out, F("players", 3, "name"))


# -- the checker as a pure function ------------------------------------------------------------

def _pad(left: dict[str, tuple[str, list[str]]]) -> dict[str, str]:
    """Values for {colour: (player, pieces left)}, blocks and penalties written right."""
    v: dict[str, str] = {}
    blocks: dict[str, int] = {}
    for colour, (name, pieces) in left.items():
        v[F(colour, "player")] = name
        for p in pieces:
            v[F(colour, p)] = "Yes"
        n = sum(len(CONTENT.pieces[p]) for p in pieces)
        v[F(colour, "blocks")] = str(n)
        blocks[name] = blocks.get(name, 0) + n
    for i, (name, n) in enumerate(blocks.items(), start=1):
        v[F("players", i, "name")], v[F("players", i, "penalty")] = name, str(-n)
    return v


def test_fewest_penalty_wins_and_a_larger_piece_left_loses_a_tie():
    # GEM-7: Ann and Bo both -5; Ann's largest piece left is I5 (5), Bo's D2 + I3 (3): Bo wins.
    rep = pad.check_pad(_pad({"red": ("Ann", ["I5"]), "yellow": ("Bo", ["D2", "I3"]), "green": ("Cy", ["L5", "M1"])}))
    assert rep.valid and rep.ranking == ["Bo", "Ann", "Cy"] and rep.winners == ["Bo"]
    rep = pad.check_pad(_pad({"red": ("Ann", ["I5"]), "yellow": ("Bo", ["L5"]), "green": ("Cy", ["L5", "M1"])}))
    assert sorted(rep.winners) == ["Ann", "Bo"]


def test_two_players_play_two_colours_and_sum_them():
    v = _pad({"red": ("Ann", ["M1"]), "blue": ("Bo", []), "yellow": ("Ann", ["D2"]), "green": ("Bo", ["I3"])})
    rep = pad.check_pad(v)
    assert rep.valid and {p.name: p.total for p in rep.players} == {"Ann": -3, "Bo": -3}
    assert rep.winners == ["Ann"]  # GEM-7: Bo's largest piece left (3) is larger than Ann's (2)
    one = pad.check_pad(_pad({"red": ("Ann", ["M1"]), "blue": ("Bo", []), "yellow": ("Ann", ["D2"])}))
    assert [v.rule for v in one.violations] == ["GEM-6"]  # Bo plays one colour in a 2-player game


def test_a_penalty_may_be_written_without_its_minus():
    v = _pad({"red": ("Ann", ["M1"]), "blue": ("Bo", ["D2"]), "yellow": ("Cy", [])})
    v[F("players", 2, "penalty")] = "2"
    assert pad.check_pad(v).valid


# -- the printed page ------------------------------------------------------------------------

@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_empty_fillable_pad_prints_like_the_plain_pad(paper):
    plain_parity(pad, paper)


def test_filled_pad_shows_the_marks(tmp_path):
    values = _four(tmp_path)
    assert pen_pixels(pad_pdf(pad)) == 0
    assert pen_pixels(filled(pad, values)) > 20 * len(values)


def test_every_piece_has_a_tick_beside_it():
    from printkit.core.forms import parse_form

    form = parse_form(pad_pdf(pad), "pad.pdf")
    for colour in CONTENT.colours:
        for p in CONTENT.pieces:
            assert form.fields[F(colour, p)].kind == "check"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_type_at_least_6_pt_and_nothing_in_the_margin(paper):
    print_rules_kept(pad, paper)


def test_a_penalty_label_stands_clear_of_its_box():
    """DESIGN.md / issue 28: >= 2 mm between a label and what it labels. Each of the six
    "penalty" labels ends at least 2 mm (its box's stroke included) before its box, and no more
    than 4 mm, so it still reads as that box's label (it was 1.1 mm)."""
    from printkit.core.draw import ops as O
    from printkit.core.draw.page import PrintOptions
    from printkit.core.fonts import get_font

    doc = pad.build_pad(PrintOptions(paper="a4"), fillable=False)
    page = doc.pages[0]
    rects, labels = [], []
    for op, m in O.walk(page.ops, symbols=doc.symbols):
        if isinstance(op, O.Rect):
            (ax, ay), (bx, by) = m.apply(op.x, op.y), m.apply(op.x + op.w, op.y + op.h)
            rects.append((min(ax, bx), min(ay, by), max(ay, by), op.style.stroke_width * m.scale_factor))
        elif isinstance(op, O.Text) and op.text == pad._spec()["penalty_label"]:
            (x0, y), (x1, _) = m.apply(op.x, op.y), m.apply(op.x + get_font(op.font).width(op.text, op.size), op.y)
            labels.append((max(x0, x1), y))
    assert len(labels) == 6
    for end, y in labels:
        gap = min(left - end - stroke / 2 for left, top, bottom, stroke in rects if top <= y <= bottom and left > end)
        assert 2.0 <= gap <= 4.0, gap
