"""Every worked record in examples/ (Gimbap, Gemblo, Jubako) replays to totals pinned here as
literals (issue 10, item 20). The examples were written by the automatic players, which call the
scorer, so a regenerated example would bless a scorer bug; these numbers do not come from the
scorer. Gimbap totals are the sum of the tokens kept (listed in the comment, read off the
record's token flow); Gemblo penalties are the blocks of the pieces a colour never placed (the
18 of GEM-3 less those its moves place); Jubako's long games are cross-checked by the
independent referee in tests/corpus/ref_jubako.py.

Roll n Cook and Trick Dumpling examples are pinned in their own test folders.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import run_cli

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

PINNED = [
    # Gimbap: points (radish) = tokens kept.
    ("gimbap", "three-players.yaml", {"Mina": 8, "Joon": 11, "Hana": 11}, ["Hana", "Joon", "Mina"]),
    # Mina 3/3 2/2 1/1 2/3 = 8 (9); Joon 4/3 3/1 4/2 = 11 (6); Hana 2/1 1/2 4/1 3/2 1/3 = 11 (9):
    # Hana beats Joon on radish slices (GIM-7).
    ("gimbap", "two-players.yaml", {"Sora": 8, "Min": 8}, ["Min", "Sora"]),
    # Sora 2/1 4/1 2/2 = 8 (4); Min 3/2 4/3 1/3 = 8 (8).
    ("gimbap", "swap-after-wrong-roll.yaml", {"Ann": 8, "Bo": 5, "Cy": 9, "Dee": 8}, ["Cy", "Ann", "Dee", "Bo"]),
    # Ann 3/3 4/2 1/3 = 8 (8); Bo 3/2 2/2 = 5; Cy 4/3 1/2 4/1 = 9; Dee 1/1 2/3 2/1 3/1 = 8 (6).
    # Gemblo: minus the blocks left.
    ("gemblo", "four-players.yaml", {"Ann": -14, "Bo": -10, "Cy": -20, "Dee": -17}, ["Bo", "Ann", "Dee", "Cy"]),
    # red I3 T3 O4 C4; yellow V3 T3 Y4; green D2 V3 T3 I4 O4 Y4; blue D2 I3 T3 Y4 W5.
    ("gemblo", "three-players.yaml", {"Mia": -8, "Noa": -20, "Oli": -15}, ["Mia", "Oli", "Noa"]),
    # purple O4 Y4; green I4 S4 O4 Y4 C4; yellow T3 I4 O4 C4.
    ("gemblo", "two-players.yaml", {"Ann": -35, "Bo": -23}, ["Bo", "Ann"]),
    # Ann: red I3 V3 O4 Y4 W5 (19) + yellow I3 Y4 C4 Y5 (16); Bo: blue I3 I4 Y4 (11) + green I3 I4 I5 (12).
    ("jubako", "two-players.yaml", {"Ann": 97, "Bo": 93}, ["Ann", "Bo"]),
    ("jubako", "all-options.yaml", {"Ann": 133, "Bo": 132, "Cy": 108}, ["Ann", "Bo", "Cy"]),
]


@pytest.mark.parametrize("game,name,totals,ranking", PINNED, ids=[f"{g}/{n}" for g, n, _, _ in PINNED])
def test_example_totals_are_pinned(game, name, totals, ranking):
    r = run_cli("score", game, str(EXAMPLES / game / name), "--json")
    out = json.loads(r.stdout)
    assert r.exit_code == 0 and out["valid"] and not out["unfinished"]
    assert {p["name"]: p["total"] for p in out["players"]} == totals
    assert out["ranking"] == ranking and out["winners"] == ranking[:1]


def test_gemblo_unplaced_pieces_are_those_never_placed():
    """The breakdown's unplaced pieces are GEM-3's 18 less those the record's moves place."""
    import yaml

    pieces = {"M1", "D2", "I3", "V3", "T3", "I4", "S4", "O4", "Y4", "C4",
              "L5", "N5", "W5", "J5", "Y5", "F5", "V5", "I5"}
    for name in ("four-players.yaml", "three-players.yaml", "two-players.yaml"):
        data = yaml.safe_load((EXAMPLES / "gemblo" / name).read_text())
        out = json.loads(run_cli("score", "gemblo", str(EXAMPLES / "gemblo" / name), "--json").stdout)
        unplaced = {c: set(v) for p in out["players"] for c, v in p["breakdown"]["unplaced"].items()}
        for colour in data["colours"]:
            placed = {m["piece"] for m in data["moves"] if m["colour"] == colour and "piece" in m}
            assert unplaced[colour] == pieces - placed


def test_jubako_rulebook_examples_are_a_game_in_progress():
    """Examples 1 and 2 of the rulebook are the first turns of a game: Ann 14, Bo 3 so far."""
    r = run_cli("score", "jubako", str(EXAMPLES / "jubako" / "rulebook-examples.yaml"), "--json")
    out = json.loads(r.stdout)
    assert r.exit_code == 0 and out["unfinished"] and out["winners"] == []
    assert {p["name"]: p["total"] for p in out["players"]} == {"Ann": 14, "Bo": 3}
