"""Player words at the table (issue 25, item 6): every refusal a sentence with the rule's id and
short name and no record path, running totals without the end-of-game bonuses, the winner, an
imported record's broken rules, and the history chart's start and labels. TestClient only."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from printkit.core.rules_docs import rulebooks
from tests.web.apitools import ROOT, load, post, post_ok

#: A record's place: ``game.yaml:7:``, ``rounds[0]:``, ``turns.3``, a line number.
RECORD_PATH = re.compile(r"\.(ya?ml|json)\b|\w\[\d+\]|:\d+:")

TD_HANDS = {"Ann": ["S2", "K3", "C2", "C3", "C4", "U2", "U3", "U4"],
            "Bo": ["S7", "C6", "K2", "K4", "K6", "K7", "K8", "U6"],
            "Cy": ["S3", "S4", "S6", "S8", "W5", "W99", "GS", "U7"]}
TD_DEAL = {"deal": {"chef": "Ann", "rank": ["shrimp", "kimchi", "chives", "soup"],
                    "missions": {"Ann": "nephew", "Bo": "spy", "Cy": "nephew"}, "hands": TD_HANDS}}
GIM_ROUND = {"first": "Ann", "dice": ["rice+seaweed", "ham-radish"], "tokens": ["4/3", "2/1"],
             "done": ["Bo", "Cy", "Ann"], "rolls": {p: {"correct": True} for p in ["Ann", "Bo", "Cy"]}}

#: game, setup, moves played first, the illegal move, the sentence it is refused with.
CASES = [
    ("trickdumpling", {"players": ["Ann", "Bo", "Cy"]}, [TD_DEAL, {"play": {"player": "Ann", "card": "S2"}}],
     {"play": {"player": "Bo", "card": "K2"}},
     "Bo's K2 is not allowed: Bo plays K2 but holds shrimp (S7): follow suit or play a special card (TD-5, Following suit)."),
    # the double tap: a card played again (the record model's "S2 is played twice in the round"
    # came with the record's file, line and key path)
    ("trickdumpling", {"players": ["Ann", "Bo", "Cy"]}, [TD_DEAL, {"play": {"player": "Ann", "card": "S2"}}],
     {"play": {"player": "Ann", "card": "S2"}},
     "Ann's S2 is not allowed: S2 was already played this round: it is no longer in a hand (TD-10, Missions and points)."),
    # a card in two hands (the record model's words came with the record's place)
    ("trickdumpling", {"players": ["Ann", "Bo", "Cy"]}, [],
     {"deal": {**TD_DEAL["deal"], "hands": {**TD_HANDS, "Cy": ["S2", *TD_HANDS["Cy"][1:]]}}},
     "The deal is not allowed: S2 is dealt to Ann and to Cy: there is one of each card (TD-1, The deck)."),
    ("gemblo", {"players": 3}, [], {"colour": "yellow", "piece": "M1", "cells": [[5, -10]]},
     "Yellow's M1 is not allowed: it was red's turn (PK-6, Turn order)."),
    ("gemblo", {"players": 3}, [], {"colour": "red", "pass": True},
     "Red's pass is not allowed: red passed but could still place M1 on [5,5] (GEM-7, End and score)."),
    ("gimbap", {"players": ["Ann", "Bo", "Cy"]}, [GIM_ROUND],
     {**GIM_ROUND, "first": "Bo", "tokens": ["3/3", "1/1"], "dice": ["rice+seaweed", "rice-seaweed"], "done": ["Bo", "Cy"]},
     "This round is not allowed: rice-seaweed and rice+seaweed are faces of the same die (GIM-3, Order dice); "
     "every player says Done! once (missing: Ann) (GIM-6, Checking the rolls)."),
    # the record model's own words, its key path taken off
    ("gimbap", {"players": ["Ann", "Bo", "Cy"]}, [GIM_ROUND], {**GIM_ROUND, "first": "Zed"},
     "This round is not allowed: 'Zed' is not one of the players (Ann, Bo, Cy)."),
    ("jubako", {"players": ["Ann", "Bo"]}, [],
     {"player": "Ann", "tile": ["gohan", "tako"], "cells": ["A4", "A5"], "score": "tako"},
     "Ann's gohan/tako is not allowed: gohan/tako on A4-A5: A4 shows maguro: the half on it must be maguro, not gohan "
     "(JUB-3, Placing a tile)."),
    ("rollncook", {"sheet": "RNC1-7", "players": ["Ann", "Bo"]},
     [{"seat": 0, "hour": "10:00", "dice": [1, 3, 5], "take": [{"box": 1}]}],
     {"seat": 1, "hour": "10:00", "dice": [2, 3, 5], "take": [{"box": 2}]},
     "Bo's 10:00 is not allowed: the dice were 1 3 5 for Ann but 2 3 5 here: one roll serves everyone (RNC-10, Shared dice)."),
    ("rollncook", {"sheet": "RNC1-7", "players": ["Ann", "Bo"]},
     [{"seat": 0, "hour": "10:00", "dice": [1, 3, 5], "take": [{"box": 1}]}],
     {"seat": 0, "hour": "10:00", "dice": [1, 3, 5], "take": [{"box": 1}]},
     "Ann's 10:00 is not allowed: 10:00 is played twice (RNC-11, Marks, not order); "
     "box 1 of 10:00 is already crossed (RNC-2, Using a result)."),
]


def _table(client: Any, game: str, setup: dict[str, Any], moves: list[dict[str, Any]]) -> dict[str, Any]:
    r = client.post("/api/tables", json={"game": game, "setup": setup})
    assert r.status_code == 201, r.text
    table = r.json()
    for m in moves:
        table = post_ok(client, table, m)
    return table


@pytest.mark.parametrize("game, setup, before, move, words", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_a_refusal_is_a_players_sentence_with_the_rules_name_and_no_record_path(client, game, setup, before, move,
                                                                                words) -> None:
    table = _table(client, game, setup, before)
    r = post(client, table, move)
    assert r.status_code == 422, r.text
    body = r.json()
    assert body["error"] == words
    assert not RECORD_PATH.search(body["error"]), body["error"]
    # each rule shown is defined in the game's docs/rules/ file, under the name shown
    rules = rulebooks()[game].rules
    for v in body["violations"]:
        assert v["name"] == rules[v["rule"]].title and f"({v['rule']}, {v['name']})" in body["error"]
    assert client.get(f"/api/tables/{table['id']}").json()["version"] == table["version"]


# -- running totals: points earned so far, end-of-game bonuses apart ------------------------------

def test_jubakos_running_total_leaves_the_end_of_game_options_apart_until_the_end(client) -> None:
    """The rulebook's examples (examples/jubako/rulebook-examples.yaml) with Peko Peko and
    Multi-Tiered on: the first tile (maguro on the printed maguro, 2 points) shows 2, not 2 plus the
    options' points; Example 1 scores 3 and Example 2 3 + 5 = 8, and the total so far is the
    turns' points alone, the options' points shown apart."""
    doc = load(ROOT / "examples" / "jubako" / "rulebook-examples.yaml")
    table = _table(client, "jubako", {"players": doc["players"], "peko_peko": True, "multi_tiered": True}, [])
    table = post_ok(client, table, doc["turns"][0])
    ann = table["standing"][0]
    assert (ann["name"], ann["so_far"]) == ("Ann", 2) and ann["at_end"] > 0
    assert ann["total"] == table["report"]["players"][0]["total"] == 2 + ann["at_end"]
    for turn in doc["turns"][1:]:
        table = post_ok(client, table, turn)
    scores = table["view"]["scores"]["Ann"]
    assert scores[2] == 3 and scores[3] == 8  # Example 1, Example 2 (JUB-4)
    ann, bo = table["standing"]
    breakdown = table["report"]["players"][0]["breakdown"]
    assert ann["so_far"] == sum(scores) == 14 and bo["so_far"] == sum(table["view"]["scores"]["Bo"])
    assert ann["at_end"] == breakdown["peko_peko"] + breakdown["multi_tiered"] > 0
    assert ann["total"] == ann["so_far"] + ann["at_end"] and not table["over"] and table["outcome"] is None
    listed = {t["id"]: t for t in client.get("/api/tables").json()}[table["id"]]
    assert listed["players"][0] == {"name": "Ann", "total": ann["total"], "so_far": 14}


def test_roll_n_cooks_unused_rare_ingredients_count_at_the_end() -> None:
    from printkit.games.rollncook.web import SCOREKEEPER

    assert SCOREKEEPER.end_bonus is not None and SCOREKEEPER.end_bonus({"meals": {"fries": 3}, "rares_left": 2}) == 2


@pytest.mark.parametrize("game, files", [
    ("gemblo", ["gemblo/three-players.yaml"]), ("gimbap", ["gimbap/three-players.yaml"]),
    ("trickdumpling", ["trickdumpling/four-players.yaml"]), ("jubako", ["jubako/all-options.yaml"]),
    ("rollncook", ["rollncook/solo-seed7.yaml", "rollncook/shared-dice-bo.yaml"]),
])
def test_every_games_standing_adds_up_and_the_end_counts_everything(client, game, files) -> None:
    """At every game's end the totals are the report's (bonuses included); midway each total is
    what the moves earned, plus what only the end scores (0 but in Jubako's options and Roll n
    Cook's unused rare ingredients)."""
    texts = [{"name": Path(f).name, "text": (ROOT / "examples" / f).read_text()} for f in files]
    r = client.post("/api/import", json={"game": game, "files": texts})
    assert r.status_code == 201, r.text
    end = r.json()
    assert end["over"] and [(s["name"], s["total"]) for s in end["standing"]] == \
        [(p["name"], p["total"]) for p in end["report"]["players"]]
    for s in end["standing"]:
        assert s["so_far"] + s["at_end"] == s["total"]
        assert s["at_end"] == 0 or game in ("jubako", "rollncook")


# -- the winner banner ----------------------------------------------------------------------------

def test_the_outcome_names_the_winner_the_scores_and_a_deciding_tie_break(client) -> None:
    def imported(game: str, name: str) -> dict[str, Any]:
        text = (ROOT / "examples" / game / name).read_text()
        r = client.post("/api/import", json={"game": game, "files": [{"name": name, "text": text}]})
        assert r.status_code == 201, r.text
        return r.json()

    # Min and Sora tie on 8 points: Min has more radish slices (GIM-7)
    t = imported("gimbap", "two-players.yaml")
    assert t["outcome"] == {"winners": ["Min"], "scores": [{"name": "Min", "total": 8}, {"name": "Sora", "total": 8}],
                            "tie_break": {"rule": "GIM-7", "name": "Winning"}, "no_winner": None}
    # no tie: no tie-break named
    t = imported("gemblo", "three-players.yaml")
    assert t["outcome"]["winners"] == ["Mia"] and t["outcome"]["tie_break"] is None
    assert [s["total"] for s in t["outcome"]["scores"]] == [-8, -15, -20]
    # a solo game under 50 points: over, nobody wins, and why (RNC-8)
    t = imported("rollncook", "shared-dice-bo.yaml")
    assert t["outcome"]["winners"] == [] and "at least one star" in t["outcome"]["no_winner"]


# -- an imported record that breaks rules --------------------------------------------------------

def test_an_imported_record_that_breaks_rules_is_flagged_on_its_table_and_in_the_listings(client) -> None:
    path = ROOT / "examples" / "gemblo" / "broken" / "out-of-turn.yaml"
    r = client.post("/api/import", json={"game": "gemblo", "files": [{"name": path.name, "text": path.read_text()}]})
    assert r.status_code == 201, r.text
    t = r.json()
    assert len(t["broken"]) == 2 and {v["rule"] for v in t["broken"]} <= {"PK-6", "GEM-4", "GEM-5", "GEM-7"}
    rules = rulebooks()["gemblo"].rules
    for v in t["broken"]:
        assert v["name"] == rules[v["rule"]].title and v["where"] and not RECORD_PATH.search(v["where"] + v["message"])
    listed = {x["id"]: x for x in client.get("/api/tables").json()}
    assert listed[t["id"]]["broken"] == 2
    clean = _table(client, "gemblo", {"players": 3}, [])
    assert clean["broken"] == [] and listed.get(clean["id"], {"broken": 0})["broken"] == 0
    # a finished broken game: its History entry is marked
    path = ROOT / "examples" / "gimbap" / "two-players.yaml"
    doc = load(path)
    doc["rounds"][1]["first"] = doc["rounds"][0]["first"]  # the same first player twice (GIM-5)
    r = client.post("/api/import", json={"game": "gimbap", "files": [{"name": "b.json", "text": json.dumps(doc)}]})
    assert r.status_code == 201, r.text
    assert r.json()["over"] and r.json()["broken"]
    page = client.get("/history").text
    entry = re.search(rf'data-table="{r.json()["id"]}".*?</article>', page, re.S).group(0)
    assert 'data-test="broken">rules broken<' in entry


# -- the history chart ---------------------------------------------------------------------------

def _chart(page: str, table_id: int) -> ET.Element:
    entry = re.search(rf'data-table="{table_id}".*?</article>', page, re.S).group(0)
    return ET.fromstring(re.search(r"<svg class=\"chart\".*?</svg>", entry).group(0))


def test_the_history_chart_starts_at_the_real_lowest_score_and_names_rounds_as_the_game(client) -> None:
    ns = "{http://www.w3.org/2000/svg}"
    # Gemblo: every block unplaced is -72 (GEM-7): the chart starts there, not at 0
    path = ROOT / "examples" / "gemblo" / "three-players.yaml"
    t = client.post("/api/import", json={"game": "gemblo", "files": [{"name": path.name, "text": path.read_text()}]}).json()
    root = _chart(client.get("/history").text, t["id"])
    labels = [x.text for x in root.iter(f"{ns}text")]
    assert labels[0] == "-72" and "0" not in labels  # the scale's first line; every score is below 0: no 0
    assert labels.count("start") == 1 and "round" in labels
    lines = [[float(xy.split(",")[1]) for xy in p.get("points").split()] for p in root.iter(f"{ns}polyline")]
    bottom = float(next(root.iter(f"{ns}line")).get("y1"))
    assert len(lines) == 3 and all(y[0] == bottom for y in lines)  # each line starts on the -72 line
    from printkit.web.history import series

    tables = client.app.state.tables
    axis, points = series(tables, tables.row(t["id"]), tables.store.totals(t["id"]))
    assert axis == "round" and points[0] == ("start", [-72, -72, -72])
    # Roll n Cook: the points are the hours as the sheet names them, under "hour"
    texts = [{"name": n, "text": (ROOT / "examples" / "rollncook" / n).read_text()}
             for n in ("solo-seed7.yaml", "shared-dice-bo.yaml")]
    t = client.post("/api/import", json={"game": "rollncook", "files": texts}).json()
    root = _chart(client.get("/history").text, t["id"])
    labels = [x.text for x in root.iter(f"{ns}text")]
    hours = [x for x in labels if x and ":" in x]
    assert "hour" in labels and "start" in labels and "21:00" in hours and len(set(hours)) == len(hours)
    assert "round" not in labels  # "round 0" was shown twice: the start and 10:00
    axis, points = series(tables, tables.row(t["id"]), tables.store.totals(t["id"]))
    assert axis == "hour" and [p[0] for p in points] == ["start"] + [f"{h}:00" for h in range(10, 22)]
    assert points[0][1] == [0, 0] and points[-1][1] == [p["total"] for p in t["report"]["players"]]
    # Gimbap: a move is a round (GIM-5)
    path = ROOT / "examples" / "gimbap" / "two-players.yaml"
    t = client.post("/api/import", json={"game": "gimbap", "files": [{"name": path.name, "text": path.read_text()}]}).json()
    axis, points = series(tables, tables.row(t["id"]), tables.store.totals(t["id"]))
    assert axis == "round" and [p[0] for p in points] == ["start", "1", "2", "3", "4", "5", "6"]


# -- in the browser: one page, every part drawn -------------------------------------------------

IMPORT = """async ([game, files]) => {
  const dom = await import('/static/dom.js');
  return (await dom.postJSON('/api/import', { game, files })).id;
}"""


def test_the_table_page_shows_the_words_in_a_browser(live_server, page, shot) -> None:
    """Totals with the end-of-game points apart, a refusal's sentence in the banner (no place), an
    imported record's broken rules and the winner banner above the game, the home list's mark."""
    page.goto(live_server + "/")
    text = (ROOT / "examples" / "jubako" / "rulebook-examples.yaml").read_text()
    text = text.replace("players: [Ann, Bo]", "players: [Ann, Bo]\noptions: {peko_peko: true}")
    jubako = page.evaluate(IMPORT, ["jubako", [{"name": "j.yaml", "text": text}]])
    page.goto(f"{live_server}/t/{jubako}")
    ann = page.locator('[data-test="total"][data-player="Ann"]')
    ann.locator('[data-test="at-end"]').wait_for()
    assert ann.locator('[data-test="points"]').inner_text() == "14"  # the turns' points (JUB-4)
    assert ann.locator('[data-test="at-end"]').inner_text().endswith(" at the end")
    assert page.locator('[data-test="outcome"]').is_hidden() and page.locator('[data-test="record-warning"]').is_hidden()
    # Bo's tile on the printed maguro, refused: the server's answer drawn by the shell's banner
    page.evaluate("""async () => {
      const dom = await import('/static/dom.js');
      const id = document.body.dataset.table, version = Number(document.body.dataset.version);
      try {
        await dom.postJSON(`/api/tables/${id}/moves`, { version, move: { player: 'Bo', tile: ['gohan', 'tako'], cells: ['A4', 'A5'] } });
      } catch (e) { dom.showBanner(document.querySelector('[data-test="banner"]'), e); }
    }""")
    violation = page.locator('[data-test="violation"]')
    violation.wait_for()
    assert page.locator('[data-test="banner-message"]').inner_text() == "Bo's gohan/tako is not allowed:"
    said = violation.inner_text()
    assert said.startswith("gohan/tako on A4-A5: A4 shows maguro") and said.endswith("(JUB-3, Placing a tile)")
    assert "turn" not in said and not RECORD_PATH.search(said)
    shot(page, "words-jubako-totals-refused")

    path = ROOT / "examples" / "gemblo" / "broken" / "out-of-turn.yaml"
    broken = page.evaluate(IMPORT, ["gemblo", [{"name": path.name, "text": path.read_text()}]])
    page.goto(f"{live_server}/t/{broken}")
    warning = page.locator('[data-test="record-warning"]')
    warning.wait_for()
    rules = warning.locator('[data-test="broken-rule"]')
    assert rules.count() == 2 and "(PK-6, Turn order)" in warning.inner_text()
    game = page.locator('[data-test="game"]')
    assert warning.bounding_box()["y"] < game.bounding_box()["y"]
    shot(page, "words-broken-import")

    path = ROOT / "examples" / "gimbap" / "two-players.yaml"
    tied = page.evaluate(IMPORT, ["gimbap", [{"name": path.name, "text": path.read_text()}]])
    page.goto(f"{live_server}/t/{tied}")
    outcome = page.locator('[data-test="outcome"]')
    outcome.wait_for()
    assert page.locator('[data-test="outcome-headline"]').inner_text() == "Min wins with 8 points!"
    assert page.locator('[data-test="outcome-score"]').all_inner_texts() == ["Min 8", "Sora 8"]
    assert page.locator('[data-test="tie-break"]').inner_text() == \
        "Tied on 8 points: the tie-break decided (GIM-7, Winning)."
    assert outcome.bounding_box()["y"] < page.locator('[data-test="game"]').bounding_box()["y"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "words-winner")
    # no tie: the headline and the scores, nothing more
    path = ROOT / "examples" / "gemblo" / "three-players.yaml"
    won = page.evaluate(IMPORT, ["gemblo", [{"name": path.name, "text": path.read_text()}]])
    page.goto(f"{live_server}/t/{won}")
    outcome.wait_for()
    assert outcome.inner_text().split("\n") == ["Mia wins with -8 points!", "Mia -8", "Oli -15", "Noa -20"]

    page.goto(live_server + "/")
    item = page.locator('[data-test="table-item"]').filter(has=page.locator(f'a[href="/t/{broken}"]'))
    item.locator('[data-test="broken"]').wait_for()
    assert page.locator('[data-test="table-item"] [data-test="broken"]').count() == 1
    shot(page, "words-home-broken")
    assert page.js_errors == []
