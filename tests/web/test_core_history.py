"""The history page: finished games, per-player wins and averages, the score-by-round chart."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from tests.web.test_core_api import move, new_table

pytestmark = pytest.mark.usefixtures("nim")


def play(client, pile, players, takes):
    t = new_table(client, pile=pile, players=players)
    for player, take in takes:
        t = move(client, t, player, take).json()
    return t


def test_history_lists_finished_games_with_stats_and_a_chart(client):
    g1 = play(client, 4, ("Ann", "Bo"), [("Ann", 3), ("Bo", 1)])          # Bo wins
    g2 = play(client, 3, ("Ann", "Bo"), [("Ann", 3)])                      # Ann wins
    g3 = play(client, 2, ("Bo", "Ann"), [("Bo", 2)])                       # Bo wins
    open_game = play(client, 9, ("Ann", "Bo"), [("Ann", 1)])               # not finished: not listed
    assert g1["over"] and g2["over"] and g3["over"] and not open_game["over"]
    page = client.get("/history").text
    shown = [int(n) for n in re.findall(r'data-test="finished" data-table="(\d+)"', page)]
    assert sorted(shown) == sorted([g1["id"], g2["id"], g3["id"]])
    stats = dict(re.findall(r'data-player="(\w+)"><td>Nim</td><td><bdi>\w+</bdi></td><td class="num">\d+</td>'
                            r'<td class="num" data-test="wins">(\d+)</td>', page))
    assert stats == {"Ann": "1", "Bo": "2"}
    averages = dict(re.findall(r'data-player="(\w+)">.*?data-test="average">([\d.]+)<', page))
    assert averages == {"Ann": "0.3", "Bo": "0.7"}  # Ann 0+1+0 in 3 games, Bo 1+0+1


def test_the_chart_has_a_point_per_round_and_ends_at_the_totals(client):
    # 3 players, 8 stones: rounds of 3 takes (tests/toygame/web.py rounds()); 7 takes: rounds 1, 2, 3.
    takes = [("Ann", 1), ("Bo", 1), ("Cy", 1), ("Ann", 1), ("Bo", 1), ("Cy", 1), ("Ann", 2)]
    t = play(client, 8, ("Ann", "Bo", "Cy"), takes)
    assert t["over"] and t["report"]["winners"] == ["Ann"]
    page = client.get("/history").text
    svg = re.search(r"<svg class=\"chart\".*?</svg>", page).group(0)
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    lines = {p.get("data-player"): [tuple(map(float, xy.split(","))) for xy in p.get("points").split()]
             for p in root.iter(f"{ns}polyline")}
    assert set(lines) == {"Ann", "Bo", "Cy"}
    assert all(len(pts) == 4 for pts in lines.values())  # start + rounds 1, 2, 3
    # Ann ends at 1 (the top of the scale), Bo and Cy stay at 0 (the bottom): y grows downwards.
    top, bottom = lines["Ann"][-1][1], lines["Bo"][-1][1]
    assert top < bottom and lines["Cy"][-1][1] == bottom and lines["Ann"][2][1] == bottom
    labels = [x.text for x in root.iter(f"{ns}text")]
    assert "round" in labels and {"Ann", "Bo", "Cy"} <= set(labels)


def test_an_imported_finished_game_gets_its_totals_replayed_for_the_chart(client):
    text = "game: nim\nplayers: [Ann, Bo]\npile: 3\ntakes:\n  - {player: Ann, take: 1}\n  - {player: Bo, take: 2}\n"
    t = client.post("/api/import", json={"game": "nim", "files": [{"name": "n.yaml", "text": text}]}).json()
    assert t["over"] and t["finished"]
    page = client.get("/history").text
    assert f'data-table="{t["id"]}"' in page and 'data-test="winners"><bdi>Bo</bdi><' in page
    assert client.app.state.tables.store.totals(t["id"]) == [[0, 0], [0, 1]]


def test_no_finished_game_yet(client):
    assert 'data-test="empty"' in client.get("/history").text
