"""The shell in a real headless Chromium at phone size, with the test-only game's page (Nim)."""

from __future__ import annotations

import pytest

from tests.web.conftest import http
from tests.web.touch import click, tap

pytestmark = pytest.mark.usefixtures("nim")


def test_a_nim_game_through_the_pages(live_server, page, shot):
    page.goto(live_server + "/")
    form = page.locator('[data-test="new-nim"]')
    form.locator('[data-test="setup-pile"]').fill("5")
    names = form.locator('[data-test="setup-players-item"]')
    names.nth(0).fill("Ann")
    names.nth(1).fill("Bo")
    shot(page, "core-home")
    small = page.evaluate("""() => [...document.querySelectorAll('button, a.button, select, input, label.check')]
        .filter((e) => e.offsetParent !== null && e.type !== 'checkbox')
        .map((e) => [e.dataset.test || e.textContent.trim(), e.getBoundingClientRect()])
        .filter(([, r]) => r.width < 44 || r.height < 44).map(([name]) => name)""")
    assert small == []  # a check box's target is its whole label (label.check)
    click(form.locator('[data-test="start-nim"]'))
    page.wait_for_url("**/t/*")
    page.locator('[data-test="pile"]').filter(has_text="5 stones left").wait_for()
    shot(page, "core-nim-start")
    # Every control of the shell (and of the page) is a thumb's target: 44 x 44 px at least.
    small = page.evaluate("""() => [...document.querySelectorAll('button, a.button, a.home, select, input')]
        .filter((e) => e.offsetParent !== null)
        .map((e) => [e.dataset.test || e.textContent.trim(), e.getBoundingClientRect()])
        .filter(([, r]) => r.width < 44 || r.height < 44).map(([name]) => name)""")
    assert small == []
    # Nothing wider than the phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # An illegal move: the banner shows the scorer's words and rule; nothing changes.
    click(page.locator('[data-test="take-4"]'))
    banner = page.locator('[data-test="banner"]')
    banner.wait_for(state="visible")
    assert "4 stones taken; 1 to 3 may be" in banner.inner_text() and "NIM-2" in banner.inner_text()
    assert page.locator('[data-test="violation"]').get_attribute("data-rule") == "NIM-2"
    shot(page, "core-nim-refused")
    assert page.locator('[data-test="pile"]').inner_text() == "5 stones left"

    click(page.locator('[data-test="take-3"]'))
    page.locator('[data-test="pile"]').filter(has_text="2 stones left").wait_for()
    assert banner.is_hidden()
    assert page.locator('[data-test="take-3"]').is_disabled()  # only 2 left
    # Undo, then play to the end.
    click(page.locator('[data-test="undo"]'))
    page.locator('[data-test="pile"]').filter(has_text="5 stones left").wait_for()
    click(page.locator('[data-test="take-3"]'))
    page.locator('[data-test="to-move"]').filter(has_text="Bo to take").wait_for()
    click(page.locator('[data-test="take-2"]'))
    report = page.locator('[data-test="report"]')
    report.wait_for(state="visible")
    assert page.locator('[data-test="report-headline"]').inner_text() == "Winner: Bo"
    totals = {li.get_attribute("data-player"): li.locator('[data-test="points"]').inner_text()
              for li in page.locator('[data-test="total"]').all()}
    assert totals == {"Ann": "0", "Bo": "1"}
    assert "null" not in page.locator('[data-test="game"]').inner_text()
    shot(page, "core-nim-over")

    # The export link gives the record; the server's table agrees with what the page showed.
    href = page.locator('[data-test="export"]').get_attribute("href")
    text = http.get(live_server + href).text
    assert "take: 3" in text and "take: 2" in text
    assert page.js_errors == []


def test_a_second_phone_sees_the_move_of_the_first(live_server, browser, page):
    t = http.post(live_server + "/api/tables", json={"game": "nim", "setup": {"players": ["Ann", "Bo"], "pile": 9}}).json()
    page.goto(f"{live_server}/t/{t['id']}")
    page.locator('[data-test="pile"]').filter(has_text="9 stones left").wait_for()
    other = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    try:
        other.goto(f"{live_server}/t/{t['id']}")
        click(other.locator('[data-test="take-2"]'))
        other.locator('[data-test="pile"]').filter(has_text="7 stones left").wait_for()
        # The first phone catches up by its poll, without a reload.
        page.locator('[data-test="pile"]').filter(has_text="7 stones left").wait_for(timeout=5000)
        # A phone that had not seen a change yet posts on an old version: told, and redrawn.
        http.post(f"{live_server}/api/tables/{t['id']}/moves", json={"version": 1, "move": {"player": "Bo", "take": 1}})
    finally:
        other.context.close()
    page.locator('[data-test="pile"]').filter(has_text="6 stones left").wait_for(timeout=5000)
    assert page.js_errors == []


def test_a_stale_phone_is_told_and_redrawn(live_server, page):
    t = http.post(live_server + "/api/tables", json={"game": "nim", "setup": {"players": ["Ann", "Bo"], "pile": 9}}).json()
    # Hold the page's poll back (from the first one: one sent before the route is set could see
    # the change) so it cannot see the change before its move is sent.
    page.route("**/api/tables/*?since=*", lambda route: None)
    page.goto(f"{live_server}/t/{t['id']}")
    page.locator('[data-test="pile"]').filter(has_text="9 stones left").wait_for()
    http.post(f"{live_server}/api/tables/{t['id']}/moves", json={"version": 0, "move": {"player": "Ann", "take": 1}})
    click(page.locator('[data-test="take-2"]'))  # still shows 9 stones: posts on version 0
    banner = page.locator('[data-test="banner"]')
    banner.wait_for(state="visible")
    assert "the table changed" in banner.inner_text()
    page.locator('[data-test="pile"]').filter(has_text="8 stones left").wait_for()
    assert page.evaluate("document.body.dataset.version") == "1"
    assert http.get(f"{live_server}/api/tables/{t['id']}").json()["moves"] == [{"player": "Ann", "take": 1}]


def test_import_a_record_from_the_home_page_and_see_the_history(live_server, page, shot, tmp_path):
    record = tmp_path / "evening.yaml"
    record.write_text("game: nim\nplayers: [Ann, Bo, Cy]\npile: 7\ntakes:\n"
                      + "".join(f"  - {{player: {p}, take: {k}}}\n" for p, k in
                                [("Ann", 2), ("Bo", 2), ("Cy", 1), ("Ann", 1), ("Bo", 1)]))
    page.goto(live_server + "/")
    page.locator('[data-test="import-game"]').select_option("nim")
    page.locator('[data-test="import-files"]').set_input_files(str(record))
    click(page.locator('[data-test="import-submit"]'))
    page.wait_for_url("**/t/*")
    page.locator('[data-test="report-headline"]').filter(has_text="Winner: Bo").wait_for()
    assert page.locator('[data-test="total"][data-player="Bo"] [data-test="points"]').inner_text() == "1"
    click(page.locator('[data-test="history"]'))
    page.wait_for_url("**/history")
    assert page.locator('[data-test="winners"]').inner_text() == "Bo"
    assert page.locator('svg[data-test="chart"] polyline').count() == 3
    shot(page, "core-history")
    # The bad file: the banner says what the scorer says, in one line.
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: [Ann]\npile: 3\n")
    page.goto(live_server + "/")
    page.locator('[data-test="import-game"]').select_option("nim")
    page.locator('[data-test="import-files"]').set_input_files(str(bad))
    click(page.locator('[data-test="import-submit"]'))
    banner = page.locator('[data-test="banner-message"]')
    banner.wait_for()
    assert "bad.yaml" in banner.inner_text() and "players" in banner.inner_text()
    assert page.js_errors == []


def test_with_a_join_token_the_first_visit_lets_the_phone_in_for_every_page_and_file(live_server_factory, page):
    token = "join-me-7"
    base = live_server_factory(token=token)
    t = http.post(f"{base}/api/tables?token={token}", json={"game": "nim", "setup": {"pile": 4}}).json()
    page.goto(f"{base}/t/{t['id']}")
    assert "join token" in page.content()  # no token yet: refused
    page.goto(f"{base}/t/{t['id']}?token={token}")
    # The shell, the game's module and the API calls after it carry only the cookie.
    click(page.locator('[data-test="take-1"]'))
    page.locator('[data-test="pile"]').filter(has_text="3 stones left").wait_for()
    page.goto(f"{base}/")
    page.locator('[data-test="table-item"]').first.wait_for()
    assert page.js_errors == []


SPRITE = ('<svg xmlns="http://www.w3.org/2000/svg"><defs><linearGradient id="red"><stop offset="0" stop-color="#f00"/>'
          '<stop offset="1" stop-color="#f00"/></linearGradient></defs>'
          '<symbol id="dot" viewBox="0 0 10 10"><rect width="10" height="10" fill="url(#red)"/></symbol></svg>')


def test_a_sprite_file_is_fetched_once_and_its_icons_drawn_from_the_pages_copy(live_server, page):
    """dom.js: every <use> of a sprite file (FILE#id) points at one copy of the file kept in the
    page, fetched once, its ids (and its own references to them) prefixed; the icons are drawn.
    (A <use> of the file itself made Chromium load it as a document for every <use>, each redraw.)"""
    import io

    import numpy as np
    from PIL import Image

    asked: list[str] = []

    def serve(route):
        asked.append(route.request.url)
        route.fulfill(body=SPRITE, content_type="image/svg+xml")

    page.route("**/test-sprite.svg", serve)
    page.goto(live_server + "/")
    page.evaluate("""async () => {
        const { el } = await import("/static/dom.js");
        const icon = () => el("svg", { width: 40, height: 40, viewBox: "0 0 10 10" },
            el("use", { href: "/test-sprite.svg#dot", width: 10, height: 10 }));
        document.body.prepend(el("div", { "data-test": "icons" }, [icon(), icon(), icon()]));
    }""")
    page.locator('svg[data-sprite="/test-sprite.svg"]').wait_for(state="attached")
    hrefs = page.eval_on_selector_all('[data-test="icons"] use', "us => us.map((u) => u.getAttribute('href'))")
    assert len(hrefs) == 3 and len(set(hrefs)) == 1 and hrefs[0].startswith("#") and hrefs[0].endswith("dot"), hrefs
    assert page.evaluate("(id) => document.querySelectorAll(`[id='${id}']`).length", hrefs[0][1:]) == 1
    assert len(asked) == 1
    img = np.asarray(Image.open(io.BytesIO(page.locator('[data-test="icons"]').screenshot())).convert("RGB")).astype(int)
    red = (img[..., 0] > 200) & (img[..., 1] < 60) & (img[..., 2] < 60)
    assert red.sum() >= 3 * (40 * 2) ** 2 * 0.9  # three 40 px squares at device scale 2, filled by the gradient
    assert page.js_errors == []


def test_a_version_is_drawn_once(live_server, page):
    """A move's table comes twice, in the post's answer and in the poll's: the page draws it once
    (drawing it again replaced the page under a tap in progress, and the tap was lost). The poll
    is held until the post's answer has been drawn, then let go with the same version."""
    t = http.post(live_server + "/api/tables", json={"game": "nim", "setup": {"players": ["Ann", "Bo"], "pile": 9}}).json()
    held = []
    page.route("**/api/tables/*?since=*", lambda route: held.append(route))
    page.goto(f"{live_server}/t/{t['id']}")
    page.locator('[data-test="pile"]').filter(has_text="9 stones left").wait_for()
    page.evaluate("""() => { window.drawn = []; new MutationObserver((ms) => ms.forEach(() =>
        window.drawn.push(document.body.dataset.version))).observe(document.body, { attributeFilter: ['data-version'] }); }""")
    click(page.locator('[data-test="take-1"]'))
    page.locator('[data-test="pile"]').filter(has_text="8 stones left").wait_for()
    assert page.evaluate("window.drawn") == ["1"]  # the post's answer
    (poll,) = held
    assert poll.request.url.endswith("since=0")
    with page.expect_request("**/api/tables/*?since=1"):  # asked once the poll's answer is taken in
        poll.fulfill(response=poll.fetch())
    assert page.evaluate("window.drawn") == ["1"]  # not drawn again
    assert page.locator('[data-test="pile"]').inner_text() == "8 stones left"
    assert page.js_errors == []


_TOUCH_PAGE = """<!doctype html><meta name="viewport" content="width=device-width">
<body style="margin: 0">
<button id="go" onclick="window.got.push(['go', event.type])" ontouchstart="window.got.push(['go', 'touchstart'])">Go</button>
<button id="off" disabled onclick="window.got.push(['off'])">Off</button>
<button id="under" style="position: absolute; top: 100px" onclick="window.got.push(['under'])">Under</button>
<div style="position: absolute; top: 90px; width: 200px; height: 60px; background: #ccc"></div>
<button class="two">A</button><button class="two">B</button>
<button id="runs" style="position: absolute; top: 200px" ontouchstart="this.style.left = '250px'">Runs</button>
<button id="copied" style="position: absolute; top: 300px" onclick="window.got.push(['copied'])"
  ontouchstart="this.replaceWith(this.cloneNode(true))">Copied</button>
<script>window.got = [];</script></body>"""


def test_touch_taps_and_clicks_only_what_they_name(page):
    """tests/web/touch.py, which every browser test's taps and clicks go through: a real touch (or
    mouse click) that reaches the element, and a one-line failure when it is disabled, covered,
    missing or not the only match, or when the click lands elsewhere."""
    import re

    page.set_content(_TOUCH_PAGE)
    tap(page.locator("#go"))
    assert page.evaluate("window.got.splice(0)") == [["go", "touchstart"], ["go", "click"]]
    click(page.locator("#go"))
    assert page.evaluate("window.got.splice(0)") == [["go", "click"]]  # a mouse: no touch
    tap(page.locator("#copied"))  # the page draws a copy in its place: the copy gets the click
    assert page.evaluate("window.got.splice(0)") == [["copied"]]
    for target, why in [("#off", "disabled"), ("#under", "covered at its centre"), ("#gone", "not attached"),
                        (".two", "2 elements match"), ("#runs", "the click went to html")]:
        with pytest.raises(AssertionError, match=re.escape(why)) as failed:
            tap(page.locator(target), timeout=0.1)
        assert target in str(failed.value) and "\n" not in str(failed.value)
    assert page.evaluate("window.got") == []  # none of them reached a handler
