"""The story of docs/playing-at-the-table.md, once, on phones (390 x 844), with its pictures.

The host starts a Trick Dumpling table with seats from the home page and shows the seat QR codes;
Bo (the host: his phone is also his seat) and Cy enter their hands as their phones post them (the
API: the taps are not the guide's point), Ann taps hers on her own phone (they survive a reload),
one of Bo's cards by mistake, and is refused in a sentence; Bo leads, undoes his card and plays it
again with Redo. A Gimbap table imported one round before its
end gets its last round: the winner banner and the lock. History lists it, with Archive.

Each step's screenshot is what the phone's screen shows (not the whole page). With
``PRINTKIT_GUIDE_SHOTS=docs/img/table`` the PNGs are also written to that folder (in 64 colours): that is how
the guide's images are made (the command is in the guide).
"""

from __future__ import annotations

import os
import re
import random
from pathlib import Path
from urllib.parse import urljoin

import yaml
from PIL import Image

from tests.corpus import ref_trickdumpling as ref
from tests.web.conftest import PHONE, ROOT, http, same_origin
from tests.web.touch import tap


#: Scroll the page so that this element's top is just under the table's header bar.
SCROLL_UNDER_HEADER = "(e) => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 56)"


def q(name: str, **attrs: str) -> str:
    return f'[data-test="{name}"]' + "".join(f'[data-{k}="{v}"]' for k, v in attrs.items())


def test_the_players_guide_story_on_phones(live_server, page, browser, shot) -> None:
    folder = os.environ.get("PRINTKIT_GUIDE_SHOTS")
    out = Path(folder) if folder else None
    if out is not None:
        out = out if out.is_absolute() else ROOT / out
        out.mkdir(parents=True, exist_ok=True)

    def picture(p, name: str) -> None:
        path = shot(p, f"guide-{name}", full_page=False)
        if out is not None:  # 64 colours: a third of the bytes, the same picture to the eye
            Image.open(path).convert("RGB").quantize(colors=64).save(out / f"{name}.png", optimize=True)

    def enter_hand(p, player: str) -> None:
        """What ``player``'s phone posts for Enter my hand (the API: the guide shows Ann's taps)."""
        version = int(p.evaluate("document.body.dataset.version"))
        move = {"hand": {"player": player, "cards": rnd["hands"][player], "mission": rnd["missions"][player]}}
        answer = p.request.post(f"{live_server}/api/tables/{table}/moves", data={"version": version, "move": move},
                                headers=same_origin(live_server, p))
        assert answer.status == 200, answer.text()

    rec, _ = ref.generate_game(random.Random(12), players=3, cook_variation=False)
    rnd = rec["rounds"][0]
    ann, bo, cy = rec["players"]  # Bo is the chef: he leads the first trick
    assert rnd["chef"] == bo and rnd["tricks"][0]["plays"][0]["player"] == bo

    # A Gimbap game one round before its end (imported: a table in progress on the home page).
    text = (ROOT / "examples" / "gimbap" / "two-players.yaml").read_text()
    doc = yaml.safe_load(re.sub(r"(\s)on:", r'\1"on":', text))  # YAML 1.1 reads a bare on as true
    last = doc["rounds"].pop()
    gim = http.post(f"{live_server}/api/import", json={"game": "gimbap", "files": [
        {"name": "gimbap.yaml", "text": yaml.safe_dump(doc, sort_keys=False)}]}).json()

    # 1. Home: the tables in progress, the games to start.
    page.goto(live_server + "/")
    item = page.locator(q("table-item"))
    item.wait_for()
    assert item.count() == 1 and "Gimbap" in item.inner_text() and "Sora" in item.inner_text()
    assert page.locator(q("pick-trickdumpling")).is_visible()
    picture(page, "1-home")

    # 2. The Trick Dumpling form, three names, "Seats" ticked.
    form = page.locator(q("new-trickdumpling"))
    tap(page.locator(q("pick-trickdumpling")))
    tap(form.locator(q("setup-players-add")))
    names = form.locator(q("setup-players-item"))
    for i, name in enumerate(rec["players"]):
        names.nth(i).fill(name)
    tap(form.locator(q("seats-trickdumpling")))
    assert form.locator(q("seats-trickdumpling")).is_checked()
    form.evaluate(SCROLL_UNDER_HEADER)
    picture(page, "2-new-table")

    # 3. The host's phone: a QR code and a link a seat.
    tap(form.locator(q("start-trickdumpling")))
    page.wait_for_url("**/t/*")
    table = page.url.rsplit("/", 1)[1]
    page.locator(q("seat-qr")).first.wait_for()
    seats = page.locator(q("seat"))
    links = {s.get_attribute("data-seat"): s.locator(q("seat-link")).get_attribute("href") for s in seats.all()}
    assert sorted(links) == sorted(rec["players"]) and all(f"/t/{table}?seat=" in u for u in links.values())
    assert page.locator(q("seat-qr")).count() == 3
    assert page.locator(q("seat-qr")).first.evaluate("(img) => img.naturalWidth > 0")  # the SVG drew
    page.locator(q("seat-links")).scroll_into_view_if_needed()
    picture(page, "3-seat-codes")

    # The host plays too: his own seat's link on the same phone (the host's view keeps the links).
    page.goto(urljoin(live_server, links[bo]))
    page.locator(q("seat-me", seat=bo)).wait_for()
    assert "seat=" not in page.url and page.locator(q("seat-links")).count() == 1
    tap(page.locator(q("td-chef", player=bo)))
    tap(page.locator(q("td-start-round")))
    page.locator(q("td-entered", waiting=",".join(rec["players"]))).wait_for()
    enter_hand(page, bo)  # (his taps: as Ann's below)
    page.locator(q("td-mine")).wait_for()  # the poll drew it

    # 4. Ann's phone (another browser): she opens her link, taps her cards (a reload keeps them).
    phone = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    phone.set_default_timeout(10_000)
    errors: list[str] = []
    phone.on("pageerror", lambda e: errors.append(str(e)))
    try:
        phone.goto(urljoin(live_server, links[ann]))
        phone.locator(q("seat-me", seat=ann)).wait_for()
        assert phone.locator(q("seat-links")).count() == 0  # only the host sees the links
        assert phone.locator(q("td-entered", waiting=f"{ann},{cy}")).count() == 1
        hand = rnd["hands"][ann]
        for c in hand[:3]:
            tap(phone.locator(q("td-deck-card", card=c)))
        phone.reload()
        held = phone.locator(q("td-held"))
        held.filter(has_text=" ".join(hand[:3])).wait_for()
        assert held.inner_text().split() == hand[:3]
        # her last card tapped wrong: one of Bo's
        mistake = next(c for c in rnd["hands"][bo] if c not in hand)
        for c in [*hand[3:-1], mistake]:
            tap(phone.locator(q("td-deck-card", card=c)))
        tap(phone.locator(q("td-mission", player=rnd["missions"][ann])))
        phone.locator(q("td-enter-hand")).scroll_into_view_if_needed()
        assert phone.locator(q("td-enter-hand")).inner_text() == "Enter my hand"
        assert phone.locator(q("td-deck-card", card=hand[0])).get_attribute("aria-pressed") == "true"
        picture(phone, "4-my-hand")

        # 5. Refused in a sentence (the rule and its name), nothing stored, the draft kept.
        with phone.expect_response(lambda r: r.url.endswith(f"/api/tables/{table}/moves")) as answer:
            tap(phone.locator(q("td-enter-hand")))
        assert answer.value.status == 422
        error = answer.value.json()["error"]
        assert error.startswith(f"{ann}'s hand is not allowed: a card of {ann}'s hand is entered in another player's hand too")
        assert mistake not in error and "yaml" not in error
        banner = phone.locator(q("banner"))
        banner.wait_for()
        assert phone.locator(q("banner-message")).inner_text() in error and "(TD-1" in banner.inner_text()
        assert held.inner_text().split() == [*hand[:-1], mistake]
        picture(phone, "5-refused")
        tap(phone.locator(q("banner-close")))
        tap(phone.locator(q("td-deck-card", card=mistake)))
        tap(phone.locator(q("td-deck-card", card=hand[-1])))
        tap(phone.locator(q("td-enter-hand")))
        phone.locator(q("td-mine")).wait_for()
        assert phone.locator(q("td-mine")).inner_text().split() != []

        # Cy enters hers (her link opened in that browser: the test's shortcut for a third phone).
        phone.goto(urljoin(live_server, links[cy]))
        phone.locator(q("seat-me", seat=cy)).wait_for()
        phone.locator(q("td-deck")).wait_for()
        enter_hand(phone, cy)
        # every hand is in: the round is played; Cy's phone shows her own hand (Bo leads)
        phone.locator(q("td-my-hand", player=cy)).wait_for()
        cards = phone.locator(q("td-my-hand")).locator("[data-card]").evaluate_all("(cs) => cs.map((c) => c.dataset.card)")
        assert sorted(cards) == sorted(rnd["hands"][cy])  # held, none live: not her turn
        assert phone.locator(q("td-card")).count() == 0
        assert errors == []
    finally:
        phone.context.close()

    # 6. Bo's phone: his hand, his turn (only legal cards live).
    first = rnd["tricks"][0]["plays"][0]["card"]
    mine = page.locator(q("td-hand", player=bo))
    mine.wait_for()
    live = mine.locator(q("td-card")).evaluate_all("(cs) => cs.map((c) => c.dataset.card)")
    assert first in live and set(live) <= set(rnd["hands"][bo])
    page.locator(q("td-round")).evaluate(SCROLL_UNDER_HEADER)
    picture(page, "6-my-turn")

    # 7. Bo plays, undoes (the note names the card) and plays it again with Redo.
    version = int(page.evaluate("document.body.dataset.version")) + 1
    tap(mine.locator(q("td-card", card=first)))
    page.locator(f"body[data-version='{version}']").wait_for(state="attached")
    assert page.locator(q("undo")).get_attribute("title") == f"Undo: {bo} played {first}"
    tap(page.locator(q("undo")))
    page.locator(f"body[data-version='{version + 1}']").wait_for(state="attached")
    undone = page.locator(q("undone"))
    assert undone.inner_text().startswith(f"Undone: {bo} played {first}") and page.locator(q("redo")).is_visible()
    assert page.locator(q("td-played")).count() == 0
    picture(page, "7-undone")
    tap(page.locator(q("redo")))
    page.locator(f"body[data-version='{version + 2}']").wait_for(state="attached")
    assert undone.is_hidden() and page.locator(q("td-played", card=first)).count() == 1
    assert page.js_errors == []

    # 8. Game over: the Gimbap table's last round comes in (from another phone: the poll draws it).
    page.goto(f"{live_server}/t/{gim['id']}")
    page.locator(f"body[data-over='false'][data-version='{gim['version']}']").wait_for(state="attached")
    moved = http.post(f"{live_server}/api/tables/{gim['id']}/moves", json={"version": gim["version"], "move": last})
    assert moved.status_code == 200, moved.text
    page.locator("body[data-over='true'][data-locked='true']").wait_for(state="attached")  # the poll drew it
    assert page.locator(q("outcome-headline")).inner_text() == "Min wins with 8 points!"
    assert page.locator(q("tie-break")).inner_text() == "Tied on 8 points: the tie-break decided (GIM-7, Winning)."
    assert "Game over" in page.locator(q("locked")).inner_text() and page.locator(q("undo")).is_disabled()
    assert page.locator(q("reopen")).is_visible()
    export = http.get(f"{live_server}{page.locator(q('export')).get_attribute('href')}")
    assert export.status_code == 200 and "# History of table" in export.text
    page.evaluate("window.scrollTo(0, 0)")
    picture(page, "8-game-over")

    # 9. History: the finished game with its scores and Archive.
    tap(page.locator(q("history")))
    page.wait_for_url("**/history")
    game = page.locator(q("finished", table=str(gim["id"])))
    game.wait_for()
    assert "Min" in game.locator(q("winners")).inner_text()
    assert page.locator(q("archive", table=str(gim["id"]))).is_visible()
    assert page.locator(q("finished")).count() == 1  # the Trick Dumpling table is still being played
    picture(page, "9-history")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.js_errors == []
