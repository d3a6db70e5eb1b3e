"""Drafts survive (issue 25, item 5): in a real headless Chromium at phone size, part of a move is
composed on each of four games' pages (Roll n Cook's dice and hour plan, Gimbap's round, Gemblo's
piece turned and placed, Jubako's tile and first cell), the page is reloaded, the server is
restarted on the same database and port (the same origin: the phone's localStorage), and each
draft is still shown, is posted as it stands, and is gone from the phone once posted. One page,
tables made through the API."""

from __future__ import annotations

from pathlib import Path

from tests.web import touch
from tests.web.conftest import http

GIMBAP_ROUND = {"first": "Mina", "dice": ["rice+seaweed", "cheese+sesame"], "tokens": ["4/3", "2/1"],
                "done": ["Joon", "Hana", "Mina"]}


def tid(name: str) -> str:
    return f'[data-test="{name}"]'


def tap(page, name: str, **kw) -> None:
    touch.tap(page.locator(tid(name)), **kw)


def drafts(page) -> list[str]:
    return page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('printkit-draft:')).sort()")


def new_table(url: str, game: str, setup: dict) -> dict:
    r = http.post(f"{url}/api/tables", json={"game": game, "setup": setup})
    assert r.status_code == 201, r.text
    return r.json()


def open_table(page, url: str, table: dict, version: int) -> None:
    page.goto(f"{url}/t/{table['id']}")
    page.wait_for_selector(f'body[data-version="{version}"]', state="attached")


def pressed(page, name: str) -> str | None:
    return page.locator(tid(name)).get_attribute("aria-pressed")


def test_drafts_survive_a_reload_and_a_server_restart_and_are_posted(live_server_factory, page, shot,
                                                                      tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    url = live_server_factory(db_path=db)
    rnc = new_table(url, "rollncook", {"sheet": "RNC1-7", "players": ["Ann", "Bo"]})
    gim = new_table(url, "gimbap", {"players": ["Mina", "Joon", "Hana"]})
    gem = new_table(url, "gemblo", {"players": 3})
    jub = new_table(url, "jubako", {"players": ["Ann", "Bo"]})
    hand = jub["view"]["supply"][:jub["view"]["holds"]]
    r = http.post(f"{url}/api/tables/{jub['id']}/moves", json={"version": 0, "move": {"player": "Ann", "holding": hand}})
    assert r.status_code == 200, r.text

    # -- compose part of a move on each page (Roll n Cook's is reloaded at once: shown again), then
    # leave it for the next page
    open_table(page, url, rnc, 0)
    for face in (1, 3, 5):
        tap(page, f"rnc-face-{face}")
    ready = tid("rnc-hour") + '[data-ready="true"]'
    tap(page, "rnc-box-1", ready=ready)
    page.locator(tid("rnc-plan") + " li").first.wait_for()
    plan = page.locator(tid("rnc-plan")).inner_text()
    page.reload()
    page.wait_for_selector(ready, state="attached")
    assert page.locator(tid("rnc-table-dice")).inner_text().split() == ["dice", "1", "3", "5"]
    assert page.locator(tid("rnc-plan")).inner_text() == plan
    assert "mine" in page.locator(tid("rnc-box-1")).get_attribute("class")

    open_table(page, url, gim, 0)
    tap(page, "gim-first-Mina")
    for face in GIMBAP_ROUND["dice"]:
        tap(page, f"gim-face-{face}")
    tap(page, "gim-token-4/3")
    tap(page, "gim-done-Joon")

    open_table(page, url, gem, 0)
    piece = page.locator('[data-test^="gemblo-piece-"]').last.get_attribute("data-test").removeprefix("gemblo-piece-")
    tap(page, f"gemblo-piece-{piece}")
    tap(page, "gemblo-turn-piece")
    if page.locator(tid("gemblo-next")).is_disabled():  # no room this way round: the next orientation
        tap(page, "gemblo-flip")
    tap(page, "gemblo-next")
    preview = page.locator(tid("gemblo-preview")).get_attribute("data-anchor")

    open_table(page, url, jub, 1)
    tap(page, "jub-hand-0")
    first = page.locator(".jub-cell.legal").first.get_attribute("data-test")
    tap(page, first)
    assert len(drafts(page)) == 4  # one a table, each named by its table, creation time and round

    # -- the server restarts on the same database and port: every draft is still there, and posts
    url = live_server_factory(db_path=db, restart=url)
    open_table(page, url, rnc, 0)
    page.wait_for_selector(ready, state="attached")
    assert page.locator(tid("rnc-plan")).inner_text() == plan
    shot(page, "drafts-rollncook-after-restart")
    tap(page, "rnc-done", ready=ready)
    page.wait_for_selector('body[data-version="1"]', state="attached")
    moves = http.get(f"{url}/api/tables/{rnc['id']}").json()["moves"]
    assert [(m["hour"], m["dice"], [t["box"] for t in m["take"]]) for m in moves] == [("10:00", [1, 3, 5], [1])]

    open_table(page, url, gim, 0)
    assert pressed(page, "gim-first-Mina") == "true" and pressed(page, "gim-token-4/3") == "true"
    assert all(pressed(page, f"gim-face-{f}") == "true" for f in GIMBAP_ROUND["dice"])
    assert page.locator(tid("gim-done-order")).inner_text().replace("\xa0", " ") == "1. Joon"
    tap(page, "gim-token-2/1")
    for p in GIMBAP_ROUND["done"][1:]:
        tap(page, f"gim-done-{p}")
    for p in ("Mina", "Joon", "Hana"):
        tap(page, f"gim-roll-{p}-right")
    shot(page, "drafts-gimbap-after-restart")
    tap(page, "gim-submit")
    page.wait_for_selector('body[data-version="1"]', state="attached")
    (posted,) = http.get(f"{url}/api/tables/{gim['id']}").json()["moves"]
    posted["tokens"] = [f"{t['points']}/{t['radish']}" for t in posted["tokens"]]
    assert {k: posted[k] for k in GIMBAP_ROUND} == GIMBAP_ROUND

    open_table(page, url, gem, 0)
    page.wait_for_selector(tid("gemblo-preview"), state="attached")
    assert page.locator(tid("gemblo-preview")).get_attribute("data-anchor") == preview
    assert pressed(page, f"gemblo-piece-{piece}") == "true" and page.locator(tid("gemblo-place")).is_enabled()
    shot(page, "drafts-gemblo-after-restart")
    tap(page, "gemblo-place")
    page.wait_for_selector('body[data-version="1"]', state="attached")
    (placed,) = http.get(f"{url}/api/tables/{gem['id']}").json()["moves"]
    assert placed["piece"] == piece and f"{placed['cells'][0][0]},{placed['cells'][0][1]}" == preview

    open_table(page, url, jub, 1)
    assert pressed(page, "jub-hand-0") == "true" and "picked" in page.locator(tid(first)).get_attribute("class")
    shot(page, "drafts-jubako-after-restart")
    touch.tap(page.locator(".jub-cell.legal").first)
    touch.tap(page.locator(tid("jub-option")).first)
    page.wait_for_selector('body[data-version="2"]', state="attached")
    turn = http.get(f"{url}/api/tables/{jub['id']}").json()["moves"][1]
    assert first.removeprefix("jub-cell-") in turn["cells"] and turn["tile"] in [sorted(t) for t in hand] + hand

    assert drafts(page) == []  # each draft is gone once its move is posted
    assert page.js_errors == []
