"""The shell at a phone's size (390 x 844) in a real Chromium: a tap made while the previous
move is still being answered is queued, not lost; nothing scrolls sideways on any page (home,
history, every registered game's table page); the fixed toolbar never covers the end of a page;
no console error (the favicon ships in the package); object defaults in the new-table form.

Every registered game is reached through the registry and its own example records (imported as
a table), so the core's tests name no game."""

from __future__ import annotations

import dataclasses

import pytest
from pydantic import BaseModel, ConfigDict, Field

from tests.web.conftest import http, ROOT
from tests.web.touch import click

pytestmark = pytest.mark.usefixtures("nim")


def _console(page) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
    return errors


def _import_examples(base: str) -> dict[str, int]:
    """A table per registered game, each from one of its examples: game -> table id."""
    out = {}
    for game in http.get(base + "/api/games").json():
        for path in sorted((ROOT / "examples" / game["name"]).glob("*.yaml")):
            r = http.post(base + "/api/import", json={"game": game["name"], "files": [
                {"name": path.name, "text": path.read_text(encoding="utf-8")}]}, timeout=60)
            if r.status_code == 201:
                out[game["name"]] = r.json()["id"]
                break
    return out


def _scroll_width(page) -> int:
    return page.evaluate("document.scrollingElement.scrollWidth")


#: The page as it will stay (its style sheets, fonts and sprite copies in, no change to the DOM
#: for 50 ms, two frames drawn), then scrolled to the very end: how wide it is and how far the fixed
#: toolbar covers its last content (px). One evaluation a page, waiting for exactly what the
#: measures depend on instead of a fixed pause.
_SETTLED_MEASURES = """async () => {
    const loaded = (l) => l.sheet || new Promise((r) => { l.addEventListener('load', r); l.addEventListener('error', r); });
    await Promise.all([...document.querySelectorAll('link[rel=stylesheet]')].map(loaded));
    await document.fonts.ready;
    const spritesIn = () => [...document.querySelectorAll('use')].every((u) => {
        const href = u.getAttribute('href') || '';
        return !href.startsWith('#sprite') || document.getElementById(href.slice(1));
    });
    const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const until = Date.now() + 5000;
    for (;;) {
        let changed = false;
        const watch = new MutationObserver(() => { changed = true; });
        watch.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        await new Promise((r) => setTimeout(r, 50));
        await frames();
        watch.disconnect();
        if ((!changed && spritesIn()) || Date.now() > until) break;
    }
    const scrollWidth = document.scrollingElement.scrollWidth;
    window.scrollTo(0, document.scrollingElement.scrollHeight);
    await frames();
    const bar = document.querySelector('.toolbar').getBoundingClientRect();
    const shown = [...document.querySelectorAll('main *, section *')]
        .filter((e) => !e.closest('.toolbar') && e.offsetParent !== null && e.getClientRects().length);
    const bottom = Math.max(...shown.map((e) => e.getBoundingClientRect().bottom));
    return { scrollWidth, overlap: bottom - bar.top };
}"""


def _overlap(page) -> float:
    """How far the fixed toolbar covers the page's last content, scrolled to the very end (px),
    once the page has settled."""
    return page.evaluate(_SETTLED_MEASURES)["overlap"]


def test_a_tap_while_the_previous_move_is_answered_is_sent_after_it(live_server, page):
    t = http.post(live_server + "/api/tables", json={"game": "nim", "setup": {"players": ["Ann", "Bo"], "pile": 9}}).json()
    page.goto(f"{live_server}/t/{t['id']}")
    page.locator('[data-test="pile"]').filter(has_text="9 stones left").wait_for()
    held = []

    def hold(route):  # the server stores the move; its answer reaches the page only when let go
        if not held:
            held.append((route, route.fetch()))
        else:
            route.continue_()

    page.route("**/api/tables/*/moves", hold)
    click(page.locator('[data-test="take-1"]'))  # Ann takes 1
    # The poll draws the new table (Bo to take) before the answer to Ann's post arrives.
    page.locator('[data-test="to-move"]').filter(has_text="Bo to take").wait_for()
    assert len(held) == 1
    click(page.locator('[data-test="take-2"]'))  # Bo's quick tap, while Ann's post is unanswered
    page.wait_for_timeout(300)
    assert len(http.get(f"{live_server}/api/tables/{t['id']}").json()["moves"]) == 1  # queued, not sent yet
    route, response = held[0]
    route.fulfill(response=response)
    page.locator('[data-test="pile"]').filter(has_text="6 stones left").wait_for()
    moves = http.get(f"{live_server}/api/tables/{t['id']}").json()["moves"]
    assert moves == [{"player": "Ann", "take": 1}, {"player": "Bo", "take": 2}]
    assert page.locator('[data-test="banner"]').is_hidden()
    assert page.evaluate("document.body.dataset.version") == "2"
    assert page.js_errors == []


def test_no_page_scrolls_sideways_covers_its_end_or_logs_an_error(live_server, page, shot):
    tables = _import_examples(live_server)
    tables["nim"] = http.post(live_server + "/api/tables", json={"game": "nim", "setup": {}}).json()["id"]
    games = {g["name"] for g in http.get(live_server + "/api/games").json()}
    assert set(tables) == games  # every registered game has an example its table follows
    errors = _console(page)
    page.goto(live_server + "/")
    page.locator('[data-test="import-files"]').wait_for()
    page.locator('[data-test="table-item"]').first.wait_for()
    assert _scroll_width(page) <= 390, "home"
    assert page.locator('[data-test="import-files"]').bounding_box()["width"] <= 390 - 2 * 12
    page.goto(live_server + "/history")
    assert _scroll_width(page) <= 390, "history"
    for game, table_id in sorted(tables.items()):
        page.goto(f"{live_server}/t/{table_id}")
        page.locator("body[data-version]").wait_for(state="attached")
        page.locator('[data-test="game"] > *').first.wait_for()
        measured = page.evaluate(_SETTLED_MEASURES)  # once the page's own drawing has settled
        assert measured["scrollWidth"] <= 390, game
        assert measured["overlap"] <= -12, game  # a clear gap above the toolbar
        shot(page, f"core-phone-{game}")
    assert errors == []
    assert page.js_errors == []
    icon = http.get(live_server + "/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"] == "image/svg+xml" and b"<svg" in icon.content
    assert http.get(live_server + "/static/favicon.svg").status_code == 200


def test_a_table_page_logs_no_console_error(live_server, page):
    t = http.post(live_server + "/api/tables", json={"game": "nim", "setup": {"players": ["Ann", "Bo"], "pile": 30}}).json()
    for _ in range(15):  # a whole game: the report and the moves reach below the toolbar's place
        t = http.post(f"{live_server}/api/tables/{t['id']}/moves", json={
            "version": t["version"], "move": {"player": t["view"]["to_move"], "take": 2}}).json()
    errors = _console(page)
    with page.expect_response("**/favicon.*") as icon:  # the browser asks for it once the page is loaded
        page.goto(f"{live_server}/t/{t['id']}")
    page.locator('[data-test="report"]').wait_for()
    assert icon.value.ok
    overlap = _overlap(page)  # once the page has settled: its sheets, fonts, no change for 50 ms, two frames
    assert errors == [] and page.js_errors == []
    assert overlap <= -12


class _Handicap(BaseModel):
    name: str
    stones: int


class _Guest(BaseModel):
    name: str
    note: str = ""


class _MapSetup(BaseModel):
    """Nim's setup with a mapping (player -> extra stones) and a list of objects."""

    model_config = ConfigDict(extra="forbid")
    players: list[str] = Field(min_length=2, max_length=6, default=["Ann", "Bo"])
    pile: int = Field(15, ge=1, le=100)
    extra: dict[str, int] = Field(default_factory=dict, title="Extra stones", description="player -> stones")
    options: dict[str, list[int]] = Field(default={"pace": [1, 2]}, title="Options")
    handicaps: list[_Handicap] = Field(default_factory=list, title="Handicaps")
    guests: list[_Guest] = Field(default=[{"name": "Cy"}], title="Guests")


@pytest.fixture
def map_server(live_server_factory):
    from printkit.core import registry
    from tests.toygame.web import KEEPER as NIM_KEEPER

    from tests.toygame import web as nim_web

    def plain(setup: _MapSetup) -> nim_web.NimSetup:  # Nim's own functions read only these
        return nim_web.NimSetup(players=setup.players, pile=setup.pile)

    registry.register_scorekeeper(dataclasses.replace(
        NIM_KEEPER, setup=_MapSetup, records=lambda setup, moves: nim_web.records(plain(setup), moves),
        rounds=lambda setup, moves: nim_web.rounds(plain(setup), moves)))
    try:
        yield live_server_factory()
    finally:
        registry.register_scorekeeper(NIM_KEEPER)


def test_the_new_table_form_handles_object_defaults(map_server, page):
    page.goto(map_server + "/")
    form = page.locator('[data-test="new-nim"]')
    form.wait_for()
    values = page.evaluate("() => [...document.querySelectorAll('input, textarea')].map((e) => e.value)")
    assert not any("[object Object]" in v for v in values)
    assert form.locator('[data-test="setup-options"]').input_value() == '{"pace":[1,2]}'
    form.locator('[data-test="setup-extra"]').fill("Ann: 2\nBo=1")
    form.locator('[data-test="setup-options"]').fill('{"pace": [3]}')
    form.locator('[data-test="setup-handicaps"]').fill('[{"name": "Bo", "stones": 1}]')
    # a list of objects named by one text: a box a name, the default's names in them
    guests = form.locator('[data-test="setup-guests-item"]')
    assert guests.count() == 1 and guests.nth(0).input_value() == "Cy"
    click(form.locator('[data-test="setup-guests-add"]'))
    guests.nth(1).fill("Di")
    click(form.locator('[data-test="start-nim"]'))
    page.wait_for_url("**/t/*")
    table_id = page.url.rsplit("/", 1)[-1]
    setup = http.get(f"{map_server}/api/tables/{table_id}").json()["setup"]
    assert setup["extra"] == {"Ann": 2, "Bo": 1} and setup["options"] == {"pace": [3]}
    assert setup["handicaps"] == [{"name": "Bo", "stones": 1}]
    assert setup["guests"] == [{"name": "Cy", "note": ""}, {"name": "Di", "note": ""}]
    # Bad JSON: one line in the banner, no table.
    page.goto(map_server + "/")
    form.locator('[data-test="setup-options"]').fill("{pace")
    click(form.locator('[data-test="start-nim"]'))
    message = page.locator('[data-test="banner-message"]')
    message.wait_for()
    assert "Options: not JSON" in message.inner_text()
    assert page.url.endswith("/")
