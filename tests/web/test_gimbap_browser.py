"""Gimbap in a real headless Chromium at phone size (390 x 844): a whole 3-player game played by
taps on the page (the rounds of examples/gimbap/three-players.yaml), the record exported through
the page's link and scored by ``printkit score --json``: the totals equal those the page showed.
Screenshots of each stage go to test-artifacts/screenshots/gimbap-*.png."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit.core.yamlio import parse_text
from tests.web import touch
from tests.web.apitools import ROOT, page_export_scored, score_ok
from tests.web.conftest import http
from tests.web.test_gimbap_api import essence

EXAMPLE = ROOT / "examples" / "gimbap" / "three-players.yaml"


def score(path: Path) -> dict[str, Any]:
    return score_ok("gimbap", path)


def tap(page, test: str) -> None:
    touch.tap(page.locator(f'[data-test="{test}"]'))


FILLINGS = ["rice", "cheese", "sesame", "ham", "spinach", "radish"]


def enter_build(page, player: str, roll: dict[str, Any]) -> None:
    """A roll as built (GIM-2): the bases that are not the seaweed, then the touching pairs."""
    tap(page, f"gim-roll-{player}-build")
    for filling, base in roll["on"].items():
        if base != "seaweed":
            tap(page, f"gim-on-{player}-{filling}-{base}")
    for pair in roll.get("touching", []):
        a, b = sorted(pair, key=FILLINGS.index)
        tap(page, f"gim-touch-{player}-{a}-{b}")


def play_round(page, rnd: dict[str, Any], first_round: bool) -> None:
    if first_round:
        tap(page, f"gim-first-{rnd['first']}")
    else:  # GIM-5: the roller is the next seat, the only one offered
        assert page.locator('[data-test^="gim-first-"]').count() == 1
        assert page.locator(f'[data-test="gim-first-{rnd["first"]}"]').get_attribute("aria-pressed") == "true"
    for face in rnd["dice"]:
        tap(page, f"gim-face-{face}")
    for t in rnd["tokens"]:
        tap(page, f"gim-token-{t}")
    for p in rnd["done"]:
        tap(page, f"gim-done-{p}")
    for p, roll in rnd["rolls"].items():
        if "on" in roll:
            enter_build(page, p, roll)
        else:
            tap(page, f"gim-roll-{p}-{'right' if roll['correct'] else 'wrong'}")


def test_a_whole_game_through_the_page(live_server, page, shot, tmp_path: Path) -> None:
    record, _ = parse_text(EXAMPLE.read_text())
    expected = score(EXAMPLE)

    page.goto(live_server + "/")
    form = page.locator('[data-test="new-gimbap"]')
    touch.tap(form.locator('[data-test="setup-players-add"]'))
    for i, name in enumerate(record["players"]):
        form.locator('[data-test="setup-players-item"]').nth(i).fill(name)
    shot(page, "gimbap-0-new-table")
    touch.tap(form.locator('[data-test="start-gimbap"]'))
    page.wait_for_url("**/t/*")
    page.locator('[data-test="gimbap-page"]').wait_for()
    shot(page, "gimbap-1-round-1")

    # the submit button waits until the round is complete
    assert page.locator('[data-test="gim-submit"]').is_disabled()
    for i, rnd in enumerate(record["rounds"]):
        assert page.locator('[data-test="gim-round-title"]').inner_text() == f"Round {i + 1} of 6"
        # only the tokens not laid out yet are offered (GIM-5)
        offered = {t.replace("gim-token-", "") for t in
                   page.locator('[data-test^="gim-token-"]').evaluate_all("es => es.map(e => e.dataset.test)")}
        assert set(rnd["tokens"]) <= offered and len(offered) == 12 - 2 * i
        play_round(page, rnd, i == 0)  # the builds the example writes down are entered as built
        # one face a die (GIM-3): a rolled die shows only its face, the others all six
        assert page.locator('[data-test^="gim-face-"]').count() == len(rnd["dice"]) + 6 * (4 - len(rnd["dice"]))
        if i == 0:
            shot(page, "gimbap-2-round-1-entered")
        tap(page, "gim-submit")
        page.wait_for_selector(f'body[data-version="{i + 1}"]')
        if i == 2:
            shot(page, "gimbap-3-after-round-3")

    page.locator('[data-test="gim-over"]').wait_for()
    page.locator('[data-test="report-headline"]').wait_for()
    shot(page, "gimbap-4-game-over")
    shown = {p: int(page.locator(f'[data-test="total"][data-player="{p}"] [data-test="points"]').inner_text())
             for p in record["players"]}
    own = {p: int(page.locator(f'[data-test="gim-points-{p}"]').inner_text().split()[0]) for p in record["players"]}
    assert own == shown

    report = page_export_scored(page, "gimbap", tmp_path, shown, tap=True)
    assert essence(report) == essence(expected)  # the same game as the example: rounds, token flow, winner
    assert page.locator('[data-test="report-headline"]').inner_text().endswith(", ".join(report["winners"]))
    assert page.js_errors == []


def test_another_phones_round_shows_up(live_server, page, shot) -> None:
    """Two phones at one table: a round posted by the other phone appears on this one (polling),
    with its token flow, and this phone's half-entered round gives way to the next round."""

    t = http.post(live_server + "/api/tables", json={"game": "gimbap", "setup": {"players": ["Ann", "Bo", "Cy"]}}).json()
    page.goto(f"{live_server}/t/{t['id']}")
    page.locator('[data-test="gimbap-page"]').wait_for()
    rnd = {"first": "Ann", "dice": ["rice+seaweed", "ham-radish"], "tokens": ["4/3", "2/1"], "done": ["Bo", "Cy", "Ann"]}
    play_round(page, {**rnd, "rolls": {"Ann": {"correct": True}, "Bo": {"correct": True}}}, True)
    other = {**rnd, "rolls": {"Ann": {"correct": True}, "Bo": {"correct": False}, "Cy": {"correct": True}}}
    r = http.post(f"{live_server}/api/tables/{t['id']}/moves", json={"version": 0, "move": other})
    assert r.status_code == 200
    page.wait_for_selector('body[data-version="1"]')
    assert page.locator('[data-test="gim-round-title"]').inner_text() == "Round 2 of 6"
    # GIM-6 worked out: Bo took 4/3 and is wrong, so it goes back; Cy (2/1) swaps for 4/3
    events = page.locator('[data-test="gim-round-1"] li').all_inner_texts()
    assert "Cy's roll is right: swaps 2/1 for 4/3" in events and "Bo's roll is wrong: 4/3 goes back to the centre" in events
    assert page.locator('[data-test="gim-points-Cy"]').inner_text().startswith("4")
    assert page.locator('[data-test="gim-first-Bo"]').get_attribute("aria-pressed") == "true"  # next seat (GIM-5)
    shot(page, "gimbap-5-other-phone")
    assert page.js_errors == []


def test_a_build_that_cannot_be_built_is_refused_in_the_scorers_words(live_server, page, shot) -> None:
    """Rice on the cheese and the cheese on the rice (GIM-1, GIM-2): the scorer refuses the round,
    the banner says why with the rule, nothing is stored; set right, the round goes in and the
    scorer judges the build against the dice (GIM-6)."""

    t = http.post(live_server + "/api/tables", json={"game": "gimbap", "setup": {"players": ["Ann", "Bo", "Cy"]}}).json()
    page.goto(f"{live_server}/t/{t['id']}")
    page.locator('[data-test="gimbap-page"]').wait_for()
    on = {f: "seaweed" for f in FILLINGS} | {"rice": "cheese", "cheese": "rice"}
    rnd = {"first": "Cy", "dice": ["rice+seaweed", "ham-radish"], "tokens": ["4/3", "2/1"], "done": ["Bo", "Cy", "Ann"],
           "rolls": {"Ann": {"on": on}, "Bo": {"correct": True}, "Cy": {"correct": False}}}
    play_round(page, rnd, True)
    shot(page, "gimbap-6-build-entered")
    tap(page, "gim-submit")
    banner = page.locator('[data-test="banner"]')
    banner.wait_for(state="visible")
    shot(page, "gimbap-7-build-refused")
    assert "a sheet cannot lie on what lies on it" in banner.inner_text() and "GIM-2" in banner.inner_text()
    assert page.locator("body").get_attribute("data-version") == "0"
    # the rice back on the seaweed: rice touches the seaweed, ham and radish do not touch
    tap(page, "gim-on-Ann-rice-seaweed")
    tap(page, "gim-submit")
    page.wait_for_selector('body[data-version="1"]')
    events = page.locator('[data-test="gim-round-1"] li').all_inner_texts()
    # GIM-6: Bo and Cy took 4/3 and 2/1; Bo is right and keeps 4/3, Cy's wrong roll returns 2/1,
    # and Ann, right with no token, takes it from the centre
    assert events[2:] == ["Bo's roll is right: keeps 4/3", "Cy's roll is wrong: 2/1 goes back to the centre",
                          "Ann's roll is right: takes 2/1 from the centre"]
    assert page.js_errors == []
