"""The shell in a real headless Chromium at phone size, with the test-only game's page (Nim)."""

from __future__ import annotations

import httpx
import pytest

pytestmark = pytest.mark.usefixtures("nim")


def test_a_nim_game_through_the_pages(live_server, page, shot):
    page.goto(live_server + "/")
    form = page.locator('[data-test="new-nim"]')
    form.locator('[data-test="setup-pile"]').fill("5")
    names = form.locator('[data-test="setup-players-item"]')
    names.nth(0).fill("Ann")
    names.nth(1).fill("Bo")
    shot(page, "core-home")
    form.locator('[data-test="start-nim"]').click()
    page.wait_for_url("**/t/*")
    page.locator('[data-test="pile"]').filter(has_text="5 stones left").wait_for()
    shot(page, "core-nim-start")

    # An illegal move: the banner shows the scorer's words and rule; nothing changes.
    page.locator('[data-test="take-4"]').click()
    banner = page.locator('[data-test="banner"]')
    banner.wait_for(state="visible")
    assert "4 stones taken; 1 to 3 may be" in banner.inner_text() and "NIM-2" in banner.inner_text()
    assert page.locator('[data-test="violation"]').get_attribute("data-rule") == "NIM-2"
    shot(page, "core-nim-refused")
    assert page.locator('[data-test="pile"]').inner_text() == "5 stones left"

    page.locator('[data-test="take-3"]').click()
    page.locator('[data-test="pile"]').filter(has_text="2 stones left").wait_for()
    assert banner.is_hidden()
    assert page.locator('[data-test="take-3"]').is_disabled()  # only 2 left
    # Undo, then play to the end.
    page.locator('[data-test="undo"]').click()
    page.locator('[data-test="pile"]').filter(has_text="5 stones left").wait_for()
    page.locator('[data-test="take-3"]').click()
    page.locator('[data-test="to-move"]').filter(has_text="Bo to take").wait_for()
    page.locator('[data-test="take-2"]').click()
    report = page.locator('[data-test="report"]')
    report.wait_for(state="visible")
    assert page.locator('[data-test="report-headline"]').inner_text() == "Winner: Bo"
    totals = {li.get_attribute("data-player"): li.locator('[data-test="points"]').inner_text()
              for li in page.locator('[data-test="total"]').all()}
    assert totals == {"Ann": "0", "Bo": "1"}
    shot(page, "core-nim-over")

    # The export link gives the record; the server's table agrees with what the page showed.
    href = page.locator('[data-test="export"]').get_attribute("href")
    text = httpx.get(live_server + href).text
    assert "take: 3" in text and "take: 2" in text
    assert page.js_errors == []


def test_a_second_phone_sees_the_move_of_the_first(live_server, browser, page):
    t = httpx.post(live_server + "/api/tables", json={"game": "nim", "setup": {"players": ["Ann", "Bo"], "pile": 9}}).json()
    page.goto(f"{live_server}/t/{t['id']}")
    page.locator('[data-test="pile"]').filter(has_text="9 stones left").wait_for()
    other = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    try:
        other.goto(f"{live_server}/t/{t['id']}")
        other.locator('[data-test="take-2"]').click()
        other.locator('[data-test="pile"]').filter(has_text="7 stones left").wait_for()
        # The first phone catches up by its poll, without a reload.
        page.locator('[data-test="pile"]').filter(has_text="7 stones left").wait_for(timeout=5000)
        # A phone that had not seen a change yet posts on an old version: told, and redrawn.
        httpx.post(f"{live_server}/api/tables/{t['id']}/moves", json={"version": 1, "move": {"player": "Bo", "take": 1}})
    finally:
        other.context.close()
    page.locator('[data-test="pile"]').filter(has_text="6 stones left").wait_for(timeout=5000)
    assert page.js_errors == []
