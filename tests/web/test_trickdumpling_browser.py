"""Trick Dumpling in a real headless Chromium at phone size (390 x 844): a whole 2-player game with
the Dumpling Master played through the page by taps (the new-table form, every deal, every card,
the Master's cards, "No way!"/"Accept!" when they come up), the record exported from the page's
Export link and scored with ``printkit score --json`` in a subprocess: its totals must be the
ones the page showed. Screenshots of each stage go to test-artifacts/screenshots/.

The page's "Shuffle & deal the rest" uses Math.random; the test seeds it (an init script), so the
game is the same on every run.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# mulberry32: a small seeded generator in place of Math.random, for a reproducible deal.
SEEDED_RANDOM = """(() => { let s = %d; Math.random = () => { s = (s + 0x6D2B79F5) | 0; let t = Math.imul(s ^ (s >>> 15), 1 | s);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; }; })();"""


def q(name: str) -> str:
    return f'[data-test="{name}"]'


def version(page) -> int:
    return int(page.locator("body").get_attribute("data-version"))


def wait_past(page, before: int) -> None:
    """Wait until the page draws a table newer than version ``before`` (a locator, as the
    page's Content-Security-Policy forbids evaluated strings)."""
    page.locator(f'body:not([data-version="{before}"])').wait_for(state="attached")


def tap_and_wait(page, locator) -> None:
    """Tap a control that posts a move and wait until the table's new version is drawn."""
    before = version(page)
    locator.tap()
    wait_past(page, before)


def deal(page, shot, stage: dict) -> None:
    """The deal form: the first chef offered (round 1 only), the spy if it is a choice, the rest of
    the hands shuffled, then Start round."""
    if page.locator(q("td-chef")).count():
        page.locator(q("td-chef")).first.tap()
    if page.locator(q("td-spy")).count():
        page.locator(q("td-spy")).first.tap()
    # Popularity: move the last suit to the top (the chef may change the rank, TD-3).
    page.locator(q("td-rank-up")).last.tap()
    page.locator(q("td-deal-rest")).tap()
    assert page.locator(q("td-start-round")).is_enabled()
    if not stage.get("deal"):
        stage["deal"] = True
        shot(page, "trickdumpling-1-deal")
    tap_and_wait(page, page.locator(q("td-start-round")))


def play_one(page, shot, stage: dict) -> None:
    """One card: the Master's top card, else the first card offered to the first player shown."""
    master = page.locator(q("td-master-play"))
    if master.count():
        tap_and_wait(page, master)
        return
    if page.locator(q("td-perfect")).count() and not stage.get("perfect"):
        stage["perfect"] = True
        shot(page, "trickdumpling-3-perfect-dish")
    if page.locator(q("td-hand")).count() == 2 and not stage.get("at-once"):
        stage["at-once"] = True
        shot(page, "trickdumpling-4-master-leads-both-at-once")
    cards = page.locator(q("td-card"))
    assert cards.count() > 0, page.locator(q("game")).inner_text()
    tap_and_wait(page, cards.first)


def test_a_whole_two_player_game_by_taps_scores_like_printkit_score(live_server, page, shot, tmp_path):
    start = time.monotonic()
    page.add_init_script(SEEDED_RANDOM % 20261130)
    page.goto(live_server + "/")
    form = page.locator(q("new-trickdumpling"))
    names = form.locator(q("setup-players-item"))
    names.nth(0).fill("Sora")
    names.nth(1).fill("Min")
    shot(page, "trickdumpling-0-new-table")
    form.locator(q("start-trickdumpling")).tap()
    page.wait_for_url("**/t/*")
    page.wait_for_selector(q("td-page"))
    stage: dict = {}
    shown_winners = 0
    for _ in range(400):
        if page.locator("body").get_attribute("data-over") == "true":
            break
        phase = page.locator(q("td-page")).get_attribute("data-phase")
        if phase == "deal":
            if page.locator(q("td-round-over")).count() and not stage.get("round-over"):
                stage["round-over"] = True
                shot(page, "trickdumpling-5-round-over")
            deal(page, shot, stage)
        else:
            if page.locator(q("td-played")).count() >= 2 and not stage.get("trick"):
                stage["trick"] = True
                shot(page, "trickdumpling-2-trick")
            play_one(page, shot, stage)
            shown_winners += page.locator(q("td-last-winner")).count()
    assert page.locator("body").get_attribute("data-over") == "true", "the game did not end in 400 taps"
    page.wait_for_selector(q("td-over"))
    page.locator(q("report")).wait_for(state="visible")
    shot(page, "trickdumpling-6-game-over")
    assert shown_winners > 0  # the trick winners were shown along the way
    # The totals the page showed: the shell's running totals and the page's own rounds table.
    shell = {li.get_attribute("data-player"): int(li.locator(q("points")).inner_text())
             for li in page.locator(q("total")).all()}
    mine = {td.get_attribute("data-player"): int(td.inner_text()) for td in page.locator(q("td-total")).all()}
    assert shell == mine and set(shell) == {"Sora", "Min", "Master"}
    assert max(shell.values()) >= 5  # TD-10: 2-3 players play to 5 points
    headline = page.locator(q("report-headline")).inner_text()
    # Export from the page's link, then the scorer in a subprocess.
    with page.expect_download() as dl:
        page.locator(q("export")).tap()
    path = tmp_path / "exported.yaml"
    dl.value.save_as(path)
    out = subprocess.run([sys.executable, "-m", "printkit", "score", "trickdumpling", str(path), "--json"],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr
    report = json.loads(out.stdout)
    assert {p["name"]: p["total"] for p in report["players"]} == shell
    assert report["violations"] == [] and not report["unfinished"]
    best = max(shell.values())
    assert report["winners"] == [p for p, t in shell.items() if t == best]
    assert all(w in headline for w in report["winners"])
    assert stage.get("deal") and stage.get("trick") and stage.get("round-over")
    assert page.js_errors == []
    print(f"whole game by taps: {len(json.loads(json.dumps(report))['rounds'])} rounds, "
          f"{time.monotonic() - start:.1f} s")


def test_the_deal_form_and_a_refusal(live_server, page, shot):
    """Cards tapped into a hand (a full hand takes no more, another's cards are not offered), the
    Undo button takes a card back, and a move from a second phone shows up by itself."""
    page.goto(live_server + "/")
    form = page.locator(q("new-trickdumpling"))
    names = form.locator(q("setup-players-item"))
    names.nth(0).fill("Ann")
    names.nth(1).fill("Bo")
    form.locator(q("setup-players-add")).tap()
    names.nth(2).fill("Cy")
    form.locator(q("start-trickdumpling")).tap()
    page.wait_for_url("**/t/*")
    page.wait_for_selector(q("td-deal"))
    deck = page.locator(q("td-deck-card"))
    assert deck.count() == 27  # TD-1: 3 players, no 1s and 9s
    for code in ["S2", "S3", "S4", "S6", "S7", "S8", "K2", "K3"]:
        page.locator(f'{q("td-deck-card")}[data-card="{code}"]').tap()
    assert page.locator(q("td-held")).inner_text() == "Ann: S2 S3 S4 S6 S7 S8 K2 K3"
    # Ann's hand is full: the other free cards are disabled, hers can be tapped off.
    assert page.locator(f'{q("td-deck-card")}[data-card="U2"]').is_disabled()
    page.locator(f'{q("td-seat")}[data-player="Bo"]').tap()
    assert page.locator(f'{q("td-deck-card")}[data-card="S2"]').is_disabled()  # Ann holds it
    assert not page.locator(q("td-start-round")).is_enabled()
    page.locator(q("td-chef")).first.tap()
    page.locator(f'{q("td-spy")}[data-player="Cy"]').tap()
    page.locator(q("td-deal-rest")).tap()
    shot(page, "trickdumpling-deal-entered")
    tap_and_wait(page, page.locator(q("td-start-round")))
    # Ann leads: all eight cards are legal; after S2, Bo must follow shrimp if he can (TD-5).
    assert page.locator(f'{q("td-hand")}[data-player="Ann"] {q("td-card")}').count() == 8
    tap_and_wait(page, page.locator(f'{q("td-card")}[data-card="S2"]'))
    bo = page.locator(f'{q("td-hand")}[data-player="Bo"]')
    offered = {b.get_attribute("data-card") for b in bo.locator(q("td-card")).all()}
    held = offered | {b.get_attribute("data-card") for b in bo.locator(q("td-card-off")).all()}
    assert len(held) == 8 and offered
    assert all(c[0] not in "KCU" for c in offered) or not any(c[0] == "S" for c in held)
    shot(page, "trickdumpling-follow-suit")
    # Undo takes Ann's card back.
    tap_and_wait(page, page.locator(q("undo")))
    assert page.locator(f'{q("td-hand")}[data-player="Ann"]').count() == 1
    # A second phone plays Ann's S3: this page catches up by itself (polling) and shows Bo to play.
    table_id = page.locator("body").get_attribute("data-table")
    v = version(page)
    r = page.request.post(f"{live_server}/api/tables/{table_id}/moves",
                          data=json.dumps({"version": v, "move": {"play": {"player": "Ann", "card": "S3"}}}),
                          headers={"Content-Type": "application/json"})
    assert r.status == 200
    wait_past(page, v)
    page.locator(f'{q("td-hand")}[data-player="Bo"]').wait_for()
    assert page.locator(f'{q("td-played")}[data-card="S3"]').count() == 1
    assert page.js_errors == []
