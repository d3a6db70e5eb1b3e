"""Jubako in a real headless Chromium at phone size (390 x 844): a whole 2-player game of Little
Jubako (4x4, JUB-7) played by taps on the page: each tile drawn picked from the supply, the tile placed by tapping it, a
highlighted cell and its neighbour, then the delicacy to score; removals when nothing fits
(JUB-5). The moves are the automatic table's (printkit.games.jubako.play, through
``play_with_hands``). The record is exported through the page's link and scored by
``printkit score --json``: the totals equal those the page showed. Screenshots of each stage go
to test-artifacts/screenshots/jubako-*.png."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.web import touch
from tests.web.apitools import ROOT, page_export_scored, score_ok
from tests.web.conftest import http
from tests.web.test_jubako_api import play_with_hands


def score(path: Path) -> dict[str, Any]:
    return score_ok("jubako", path)


class Table:
    """Taps on the Jubako page, waiting for each move to be stored."""

    def __init__(self, page):
        self.page = page
        self.version = 0

    def tap(self, test: str) -> None:
        self.press(self.page.locator(f'[data-test="{test}"]'))

    @staticmethod
    def press(button) -> None:
        """A real click on the button, once it is shown, enabled and not covered, that must reach
        it (tests/web/touch.py). A click, not a touch: a 50-turn game is some 350 presses, and a
        touch costs a frame each (~17 ms, +6 s a game) where a click costs ~2 ms; the page reads
        both as the same click (its taps are click handlers)."""
        touch.click(button)

    def stored(self) -> None:
        self.version += 1
        try:
            self.page.wait_for_selector(f'body[data-version="{self.version}"]')
        except Exception:
            banner = self.page.locator('[data-test="banner"]').inner_text()
            self.page.screenshot(path=str(ROOT / "test-artifacts" / "screenshots" / "jubako-failed.png"), full_page=True)
            now = self.page.locator("body").get_attribute("data-version")
            raise AssertionError(f"move {self.version} was not stored (the page is at version {now}); the banner "
                                 f"says: {banner!r}; page errors: {self.page.js_errors}") from None

    def draw(self, tile: list[str], first: bool) -> None:
        if not first:
            self.tap("jub-add")
        self.tap(f"jub-pick-{tile[0]}")
        self.tap(f"jub-pick-{tile[1]}")
        self.stored()

    def place(self, hand: list[list[str]], move: dict[str, Any]) -> None:
        tile, cells = move["tile"], move["cells"]
        index = next(i for i, t in enumerate(hand) if sorted(t) == sorted(tile))
        self.tap(f"jub-hand-{index}")
        # only cells where the tile fits are offered (JUB-3)
        assert "legal" in (self.page.locator(f'[data-test="jub-cell-{cells[0]}"]').get_attribute("class") or "")
        self.tap(f"jub-cell-{cells[0]}")
        self.tap(f"jub-cell-{cells[1]}")
        option = self.page.locator(f'[data-test="jub-option"][data-score="{move["score"]}"]'
                                   f'[data-tile="{",".join(tile)}"][data-cells="{",".join(cells)}"], '
                                   f'[data-test="jub-option"][data-score="{move["score"]}"]'
                                   f'[data-tile="{",".join(tile[::-1])}"][data-cells="{",".join(cells[::-1])}"]')
        self.press(option)
        self.stored()


def test_a_whole_game_through_the_page(live_server, page, shot, tmp_path: Path) -> None:
    setup, moves, _views = play_with_hands(["Ann", "Bo"], 2, "4x4")  # Little Jubako, one removal
    assert sum("discard" in m for m in moves) == 1
    page.goto(live_server + "/")
    form = page.locator('[data-test="new-jubako"]')
    for i, name in enumerate(setup.players):
        form.locator('[data-test="setup-players-item"]').nth(i).fill(name)
    form.locator('[data-test="setup-board"]').select_option(label="4x4")  # Little Jubako (JUB-7)
    shot(page, "jubako-0-new-table")
    touch.click(form.locator('[data-test="start-jubako"]'))
    page.wait_for_url("**/t/*")
    page.locator('[data-test="jubako-page"]').wait_for()

    t = Table(page)
    hands: dict[str, list[list[str]]] = {p: [] for p in setup.players}
    turn = 0
    for m in moves:
        who = m["player"]
        if "holding" in m:
            for tile in m["holding"][len(hands[who]):]:
                t.draw(tile, first=not hands[who])
                hands[who].append(tile)
                if turn == 0 and len(hands[who]) == 3:
                    shot(page, "jubako-1-hand")
            continue
        turn += 1
        assert page.locator('[data-test="jub-turn"]').inner_text().startswith(f"Turn {turn} of 50: {who}")
        if "discard" in m:
            # JUB-5: nothing of the full hand fits, so the page offers only removals
            assert page.locator('[data-test^="jub-hand-"][disabled]').count() == len(hands[who])
            shot(page, "jubako-3-removal")
            t.press(page.locator(f'[data-test^="jub-discard-"][data-tile="{",".join(m["discard"])}"]'))
            t.stored()
            played = m["discard"]
        else:
            if turn == 20:  # a picture of the legal cells, then the tile unselected again
                index = next(i for i, x in enumerate(hands[who]) if sorted(x) == sorted(m["tile"]))
                t.tap(f"jub-hand-{index}")
                t.tap(f"jub-cell-{m['cells'][0]}")
                shot(page, "jubako-2-legal-cells")
                t.tap(f"jub-hand-{index}")
            t.place(hands[who], m)
            played = m["tile"]
        hands[who].remove(next(x for x in hands[who] if sorted(x) == sorted(played)))

    page.locator('[data-test="jub-over"]').wait_for()
    page.locator('[data-test="report-headline"]').wait_for()
    shot(page, "jubako-4-game-over")
    shown = {p: int(page.locator(f'[data-test="total"][data-player="{p}"] [data-test="points"]').inner_text())
             for p in setup.players}
    own = {p: int(page.locator(f'[data-test="jub-total-{p}"]').inner_text()) for p in setup.players}
    assert own == shown

    report = page_export_scored(page, "jubako", tmp_path, shown, tap=False)
    turns = [m for m in moves if "holding" not in m]
    assert report["players"] == score_turns(tmp_path, setup.players, turns)["players"]
    assert page.js_errors == []


def score_turns(tmp_path: Path, players: list[str], turns: list[dict[str, Any]]) -> dict[str, Any]:
    """The automatic table's own turns as a record file, scored: what the page must have stored."""
    path = tmp_path / "direct.json"
    path.write_text(json.dumps({"game": "jubako", "board": "4x4", "players": players, "turns": turns}))
    return score(path)


def test_the_end_of_game_options_on_an_imported_game(live_server, page, shot) -> None:
    """examples/jubako/all-options.yaml imported: the page's scores show each option chosen
    (Favorite Food, Multi-Tiered, Peko Peko, JUB-7) with the points the scorer gives, and the
    open first-layer cells of the JUB-6 tie-break; the 4x4 boards under their tabs."""

    path = ROOT / "examples" / "jubako" / "all-options.yaml"
    r = http.post(live_server + "/api/import", json={"game": "jubako", "files": [{"name": path.name, "text": path.read_text()}]})
    assert r.status_code == 201, r.text
    table = r.json()
    page.goto(f"{live_server}/t/{table['id']}")
    page.locator('[data-test="jub-over"]').wait_for()
    expected = score(path)
    heads = page.locator('[data-test="jub-scores"] th').all_inner_texts()
    assert heads == ["Player", "Turns", "Food", "Tiers", "Peko", "Open", "Total"]
    assert page.locator('[data-test="jub-scores"] th[aria-label="Multi-Tiered"]').count() == 1
    for p in expected["players"]:
        cells = page.locator(f'[data-test="jub-score-{p["name"]}"] td').all_inner_texts()
        b = p["breakdown"]
        assert cells[0] == p["name"] and int(cells[1].split()[0]) == sum(b["turns"])
        # the whole table fits the phone's width, once the page has laid it out (a loaded
        # machine can measure a layout still settling; it must settle within the wait)
        page.wait_for_function("""sel => { const e = document.querySelector(sel);
            if (!e) return false; const r = e.getBoundingClientRect(); return r.right <= 390; }""",
                               arg=f'[data-test="jub-total-{p["name"]}"]', timeout=5000)
        assert [int(c) for c in cells[2:]] == [b["favorite_food"], b["multi_tiered"], b["peko_peko"], b["uncovered"], p["total"]]
    touch.click(page.locator('[data-test="jub-tab-Bo"]'))
    board = page.locator('[data-test="jub-board-Bo"] [data-test^="jub-cell-"]')
    assert board.count() == 16  # Little Jubako
    tops = {c: page.locator(f'[data-test="jub-board-Bo"] [data-test="jub-cell-{c}"]').get_attribute("data-top")
            for c, _ in expected["boards"]["Bo"].items()}
    assert tops == {c: stack[-1] for c, stack in expected["boards"]["Bo"].items()}
    shot(page, "jubako-5-options-imported")
    assert page.js_errors == []
