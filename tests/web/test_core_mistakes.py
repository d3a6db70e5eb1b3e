"""Mistakes are cheap (issue 25, item 3), on the page: undo shows what it took back and Redo plays
it again, a double tap undoes one move, a finished game is locked until Reopen is confirmed, a
table is archived and deleted from History after a confirmation naming it. One scenario on one
phone-sized page (the test-only game, Nim); the games' own words for a move are checked by
TestClient on their example records."""

from __future__ import annotations

import pytest

from tests.web.conftest import ROOT, http
from tests.web.touch import tap

pytestmark = pytest.mark.usefixtures("nim")


def q(name: str) -> str:
    return f'[data-test="{name}"]'


def test_undo_redo_double_tap_lock_reopen_archive_and_delete_on_a_phone(live_server, page, shot):
    api = f"{live_server}/api/tables"
    t = http.post(api, json={"game": "nim", "setup": {"players": ["Ann", "Bo"], "pile": 7}}).json()
    for version, (player, take) in enumerate([("Ann", 2), ("Bo", 2)]):
        http.post(f"{api}/{t['id']}/moves", json={"version": version, "move": {"player": player, "take": take}})
    undo_answers: list[int] = []
    page.on("response", lambda r: undo_answers.append(r.status) if r.url.endswith("/undo") else None)
    page.goto(f"{live_server}/t/{t['id']}")
    pile, banner, undone = page.locator(q("pile")), page.locator(q("banner")), page.locator(q("undone"))
    pile.filter(has_text="3 stones left").wait_for()
    assert undone.is_hidden() and page.locator(q("undo")).get_attribute("title") == "Undo: Bo took 2"

    # Undo says what it took back; Redo plays it again.
    tap(page.locator(q("undo")))
    page.locator("body[data-version='3']").wait_for()
    assert pile.inner_text() == "5 stones left" and undone.inner_text().startswith("Undone: Bo took 2")
    shot(page, "core-mistakes-undone")
    tap(page.locator(q("redo")))
    page.locator("body[data-version='4']").wait_for()
    assert pile.inner_text() == "3 stones left" and undone.is_hidden()

    # A double tap (two clicks in one task: both before any answer) undoes one move only, and
    # the second is told gently (an info banner, not a refusal).
    page.evaluate("() => { const b = document.querySelector('[data-test=undo]'); b.click(); b.click(); }")
    page.locator(f"{q('banner')}[data-kind='info']").wait_for()
    assert "Already undone" in banner.inner_text() and sorted(undo_answers) == [200, 200, 409]
    assert page.evaluate("document.body.dataset.version") == "5" and pile.inner_text() == "5 stones left"
    assert len(http.get(f"{api}/{t['id']}").json()["moves"]) == 1
    tap(page.locator(q("banner-close")))
    tap(page.locator(q("redo")))
    page.locator("body[data-version='6']").wait_for()

    # The last stone ends the game: locked; Reopen asks first (an in-page dialog).
    tap(page.locator(q("take-3")))
    locked = page.locator(q("locked"))
    locked.wait_for()
    assert "Game over" in locked.inner_text() and page.locator(q("undo")).is_disabled()
    assert page.evaluate("document.body.dataset.locked") == "true"
    tap(page.locator(q("reopen")))
    dialog = page.locator(q("reopen-dialog"))
    dialog.wait_for()
    shot(page, "core-mistakes-reopen")
    tap(page.locator(q("reopen-cancel")))
    dialog.wait_for(state="hidden")
    assert page.evaluate("document.body.dataset.locked") == "true" and http.get(f"{api}/{t['id']}").json()["version"] == 7
    tap(page.locator(q("reopen")))
    tap(page.locator(q("reopen-confirm")))
    page.locator("body[data-locked='false'][data-version='8']").wait_for()
    assert locked.is_hidden() and page.locator(q("undo")).is_enabled()
    tap(page.locator(q("undo")))
    page.locator("body[data-version='9']").wait_for()
    tap(page.locator(q("take-3")))  # over again: locked again, in History
    locked.wait_for()

    # History: archive the game, then delete it after a dialog naming it.
    page.goto(f"{live_server}/history")
    tap(page.locator(f"{q('archive')}[data-table='{t['id']}']"))
    item = page.locator(f"{q('archived-item')}[data-table='{t['id']}']")
    item.wait_for()
    # The page was shown anew (location.reload): its buttons answer once history.js has run,
    # which a module script does before DOMContentLoaded (a tap before it did nothing, under load).
    page.wait_for_load_state("domcontentloaded")
    assert page.locator(q("finished")).count() == 0
    assert http.get(f"{api}", params={"archived": "1"}).json()[0]["id"] == t["id"]
    tap(item.locator(q("delete")))
    what = page.locator(q("delete-what"))
    what.wait_for()
    assert f"Nim #{t['id']}" in what.inner_text()
    shot(page, "core-mistakes-delete")
    tap(page.locator(q("delete-cancel")))
    assert http.get(f"{api}/{t['id']}").status_code == 200 and item.is_visible()
    tap(item.locator(q("delete")))
    tap(page.locator(q("delete-confirm")))
    page.locator(q("archived")).wait_for(state="detached")  # the page shown anew: no archived table left
    page.locator(q("empty")).wait_for()  # (the old page's list goes as the reload starts, before the new page)
    assert http.get(f"{api}/{t['id']}").status_code == 404
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.js_errors == []


@pytest.mark.parametrize("game,name,first,last", [
    ("gemblo", "four-players.yaml", "Ann (red) placed W5", "Bo (yellow) passed"),
    ("gimbap", "two-players.yaml", "round 1: ", None),
    ("jubako", "two-players.yaml", "Ann placed gohan-maguro on B4 C4", None),
    ("rollncook", "shared-dice-bo.yaml", "Bo played 10:00 (dice 1 3 5)", "Bo played 21:00 (dice 3 3 4)"),
    ("trickdumpling", "two-players-master.yaml", "round 1 dealt (", None),
])
def test_each_game_describes_its_moves_in_its_own_words(client, game, name, first, last):
    text = (ROOT / "examples" / game / name).read_text(encoding="utf-8")
    t = client.post("/api/import", json={"game": game, "files": [{"name": name, "text": text}]}).json()
    whats = [e["what"] for e in client.get(f"/api/tables/{t['id']}/history").json()["entries"]]
    assert len(whats) == len(t["moves"]) and whats[0].startswith(first)
    assert t["last_move"] == {"text": whats[-1]} and (last is None or whats[-1] == last)
    assert not any(w.startswith("move ") or ": move " in w for w in whats)  # never the plain fallback
    undone = client.post(f"/api/tables/{t['id']}/reopen" if t["locked"] else f"/api/tables/{t['id']}/undo",
                         json={"version": t["version"]}).json()
    if undone.get("undone") is None:  # it was reopened first
        undone = client.post(f"/api/tables/{t['id']}/undo", json={"version": undone["version"]}).json()
    assert undone["undone"] == {"text": whats[-1]}


def test_the_plain_words_when_a_game_gives_none():
    import dataclasses

    from printkit.core.table import describe_move
    from tests.toygame.web import KEEPER, NimSetup

    plain = dataclasses.replace(KEEPER, describe=None)
    broken = dataclasses.replace(KEEPER, describe=lambda setup, moves, i: moves[i]["nothing"])
    moves = [{"player": "Ann", "take": 1}, {"take": 2}]
    setup = NimSetup()
    assert [describe_move(plain, setup, moves, i) for i in (0, 1)] == ["Ann: move 1", "move 2"]
    assert describe_move(broken, setup, moves, 0) == "Ann: move 1"
    assert describe_move(KEEPER, setup, moves, 0) == "Ann took 1"
