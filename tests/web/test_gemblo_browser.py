"""Gemblo played through its page in a real headless Chromium at phone size (390 x 844): a whole
3-player game by taps (a piece, a marked cell, Place; Pass when nothing fits), one undo, a turn
and a flip of a piece; the exported record scored by ``printkit score --json`` gives the totals
the page showed. Screenshots of each stage go to test-artifacts/screenshots/gemblo-*.png."""

from __future__ import annotations

import json
from pathlib import Path

from printkit.games.gemblo.content import CONTENT
from tests.web.apitools import run_score
from tests.web.conftest import http, SCREENSHOTS
from tests.web.touch import click


def wait_version(page, version: int) -> None:
    page.locator(f'[data-test="gemblo-page"][data-version="{version}"]').wait_for()


def anchors_shown(page) -> set[tuple[int, int]]:
    out = set()
    for a in page.locator(".gb-anchor").all():
        q, r = a.get_attribute("data-test").removeprefix("gemblo-anchor-").split(",")
        out.add((int(q), int(r)))
    return out


def legal_of(view: dict, piece: str, k: int) -> set[tuple[int, int]]:
    flat = view["turn"]["legal"][piece][k]
    return {(flat[i], flat[i + 1]) for i in range(0, len(flat), 2)}


def place_largest(page) -> None:
    """Tap the largest piece offered, its first marked cell, then Place (enabled once a cell is
    chosen: the click waits for it)."""
    click(page.locator('[data-test^="gemblo-piece-"]').last)
    click(page.locator(".gb-anchor").first)
    click(page.locator('[data-test="gemblo-place"]'))


def test_a_three_player_game_through_the_page(live_server, page, shot, tmp_path: Path) -> None:
    page.goto(live_server + "/")
    form = page.locator('[data-test="new-gemblo"]')
    form.locator('[data-test="setup-players"]').select_option("3")
    for name in ["Ann", "Bo", "Cy"]:
        if form.locator('[data-test="setup-names-item"]').count() < 3:
            click(form.locator('[data-test="setup-names-add"]'))
        form.locator('[data-test="setup-names-item"]').last.fill(name)
    click(form.locator('[data-test="start-gemblo"]'))
    page.wait_for_url("**/t/*")
    wait_version(page, 0)
    table_id = page.url.rsplit("/", 1)[-1]
    api = f"{live_server}/api/tables/{table_id}"
    turn = page.locator('[data-test="gemblo-turn"]')
    assert turn.get_attribute("data-colour") == "red" and "(Ann) to play" in turn.inner_text()
    assert len(page.locator(".gb-board polygon").all()) == 241  # GEM-2: the 3-player area
    shot(page, "gemblo-1-start")

    # A piece chosen: exactly the view's legal anchors are marked; a turn and a flip follow the
    # view's orientations and mark theirs.
    view = http.get(api).json()["view"]
    click(page.locator('[data-test="gemblo-piece-F5"]'))
    assert anchors_shown(page) == legal_of(view, "F5", 0) != set()
    click(page.locator('[data-test="gemblo-turn-piece"]'))
    k = view["pieces"]["F5"]["turn"][0]
    assert anchors_shown(page) == legal_of(view, "F5", k)
    click(page.locator('[data-test="gemblo-flip"]'))
    k = view["pieces"]["F5"]["flip"][k]
    assert anchors_shown(page) == legal_of(view, "F5", k)
    shot(page, "gemblo-2-piece-chosen")
    # Next place steps through the legal places in the view's order, round again after the last
    flat = view["turn"]["legal"]["F5"][k]
    order = [f"{flat[i]},{flat[i + 1]}" for i in range(0, len(flat), 2)]
    preview = page.locator('[data-test="gemblo-preview"]')
    for i in range(len(order) + 1):
        click(page.locator('[data-test="gemblo-next"]'))
        assert preview.get_attribute("data-anchor") == order[i % len(order)]
    click(page.locator(".gb-anchor").first)
    page.locator('[data-test="gemblo-preview"]').wait_for()
    assert page.locator('[data-test="gemblo-place"]').inner_text() == "Place F5"
    shot(page, "gemblo-3-preview")
    click(page.locator('[data-test="gemblo-zoom-in"]'))
    click(page.locator('[data-test="gemblo-zoom-in"]'))
    # (the phone's screen as it is: a full-page shot resizes the viewport, which resets the board's scroll)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "gemblo-4-zoomed.png"))
    assert page.locator('[data-test="gemblo-preview"]').is_visible()
    click(page.locator('[data-test="gemblo-zoom-out"]'))
    click(page.locator('[data-test="gemblo-zoom-out"]'))
    click(page.locator('[data-test="gemblo-place"]'))
    wait_version(page, 1)
    assert turn.get_attribute("data-colour") == "yellow"
    assert len(page.locator('.gb-board [data-test="gemblo-preview"]').all()) == 0

    # Undo (the shell's button): red is to play again on an empty board.
    click(page.locator('[data-test="undo"]'))
    wait_version(page, 2)
    assert turn.get_attribute("data-colour") == "red" and http.get(api).json()["moves"] == []

    # The whole game: the largest piece on its first marked cell, or Pass when nothing fits.
    version, passes, placed = 2, 0, 0
    while page.locator('[data-test="gemblo-over"]').count() == 0:
        if page.locator('[data-test="gemblo-pass"]').count():
            if passes == 0:
                shot(page, "gemblo-5-must-pass")
            click(page.locator('[data-test="gemblo-pass"]'))
            passes += 1
        else:
            place_largest(page)
            placed += 1
        version += 1
        wait_version(page, version)
        assert version < 200
    page.locator('[data-test="report"]').wait_for(state="visible")
    shot(page, "gemblo-6-over")
    assert placed > 20 and passes >= 1

    shown = {li.get_attribute("data-player"): int(li.locator('[data-test="points"]').inner_text())
             for li in page.locator('[data-test="total"]').all()}
    penalties = {c: int(page.locator(f'[data-test="gemblo-penalty-{c}"] [data-test="gemblo-penalty"]').inner_text())
                 for c in ["red", "yellow", "green"]}
    assert shown == {"Ann": penalties["red"], "Bo": penalties["yellow"], "Cy": penalties["green"]}
    assert all(-72 < v <= 0 for v in shown.values())

    # The exported record, scored by the CLI, gives the totals the page showed.
    href = page.locator('[data-test="export"]').get_attribute("href")
    (tmp_path / "gemblo.yaml").write_text(http.get(live_server + href).text)
    done = run_score("gemblo", tmp_path / "gemblo.yaml", in_folder=True)  # in process, in its folder
    report = json.loads(done.stdout)
    assert done.returncode == 0 and report["valid"] and not report["unfinished"]
    assert {p["name"]: p["total"] for p in report["players"]} == shown
    # each total is -1 a block of the colour's unplaced pieces (GEM-7), the pieces the page lists
    for p in report["players"]:
        ((colour, pieces),) = p["breakdown"]["unplaced"].items()
        assert p["total"] == -sum(len(CONTENT.pieces[x]) for x in pieces)
        left = page.locator(f'[data-test="gemblo-penalty-{colour}"] [data-test="gemblo-left"]').inner_text()
        assert left == (f"{len(pieces)}: {' '.join(pieces)}" if pieces else "0")
    headline = page.locator('[data-test="report-headline"]').inner_text()
    assert all(w in headline for w in report["winners"])
    assert page.js_errors == []
