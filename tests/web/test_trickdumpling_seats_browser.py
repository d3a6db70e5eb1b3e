"""Trick Dumpling with seats in real headless Chromium (issue 25, item 4, the acceptance test): a
whole 3-player game played from three browser contexts, one phone (390 x 844) a seat, plus the
host's phone that started the table and shows the seat links as QR codes. Each player taps their
own hand and mission and plays their own cards; the host sets the chef and rank. Every response
body each context receives (``requestfinished``: the table's answers, polls, pages) is checked
for another seat's hand as it was at that answer's version, not only the page's DOM. A reload in
the middle of a seat's deal keeps what was tapped (the draft, item 5), and so does one at a
single-phone table. The game is one from the corpus generator (tests/corpus), so the export must
score as that record does.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

from tests.corpus import ref_trickdumpling as ref
from tests.web.conftest import PHONE
from tests.web.test_trickdumpling_seats import leaks
from tests.web.touch import tap


def q(name: str, **attrs: str) -> str:
    return f'[data-test="{name}"]' + "".join(f'[data-{k}="{v}"]' for k, v in attrs.items())


class Phone:
    """One browser context (a phone) and the body of every answer it gets, read as each finishes
    (``requestfinished``: a long poll's body is read once it is all in, before any navigation)."""

    def __init__(self, browser: Any, who: str, page: Any = None):
        self.who = who
        self.page = page or browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
        self.page.set_default_timeout(10_000)
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.received: list[tuple[str, str]] = []
        self.page.on("requestfinished", self._finished)
        self.bodies = 0

    def _finished(self, request: Any) -> None:
        url = request.url
        if "/api/" not in url and "/t/" not in url and "/history" not in url:
            return  # the shell's and the game's files (the same for everyone)
        response = request.response()
        if response is not None and response.status not in (301, 302, 303):
            self.received.append((url, response.text()))

    def drain(self, check: Any) -> None:
        """Each answer body received since the last drain, checked (``check(who, url, text)``)."""
        while self.received:
            url, text = self.received.pop(0)
            self.bodies += 1
            check(self.who, url, text)

    def version(self) -> int:
        return int(self.page.locator("body").get_attribute("data-version") or -1)

    def at(self, version: int) -> None:
        self.page.locator(f'body[data-version="{version}"]').wait_for(state="attached")


def rank_taps(phone: Phone, current: list[str], target: list[str]) -> None:
    """Reorder the rank editor from ``current`` to ``target`` by its up buttons."""
    now = list(current)
    for i, suit in enumerate(target):
        for _ in range(now.index(suit) - i):
            j = now.index(suit)
            tap(phone.page.locator(q("td-rank-up", suit=suit)))
            now[j - 1], now[j] = now[j], now[j - 1]


def test_three_phones_one_seat_each_never_receive_another_hand(live_server, page, browser, shot) -> None:
    started = time.monotonic()
    rec, _ = ref.generate_game(random.Random(5), players=3, cook_variation=False)
    players = rec["players"]
    host = Phone(browser, "host", page)
    host.page.goto(live_server + "/")
    form = host.page.locator(q("new-trickdumpling"))
    names = form.locator(q("setup-players-item"))
    tap(form.locator(q("setup-players-add")))
    for i, name in enumerate(players):
        names.nth(i).fill(name)
    tap(form.locator(q("seats-trickdumpling")))
    tap(form.locator(q("start-trickdumpling")))
    host.page.wait_for_url("**/t/*")
    host.page.locator(q("seat-qr")).first.wait_for()
    links = {li.get_attribute("data-seat"): li.locator(q("seat-link")).get_attribute("href")
             for li in host.page.locator(q("seat")).all()}
    assert sorted(links) == sorted(players)
    shot(host.page, "trickdumpling-seats-0-host-links")
    phones = {p: Phone(browser, p) for p in players}
    for p, phone in phones.items():
        phone.page.goto(links[p])
        phone.page.locator(q("seat-me", seat=p)).wait_for()
        assert "seat=" not in phone.page.url  # the secret left the address bar

    # What each seat holds at each version (cards entered, not yet played), to judge each body.
    hands: dict[str, list[str]] = {}
    at_version: dict[int, tuple[dict[str, list[str]], int, int]] = {0: ({}, 0, 1)}
    version, round_from = 0, 0

    def moved(round_no: int) -> None:
        nonlocal version
        version += 1
        at_version[version] = ({p: list(h) for p, h in hands.items()}, round_from, round_no)

    def check(who: str, url: str, text: str) -> None:
        try:
            v = json.loads(text).get("version", version)
        except (json.JSONDecodeError, AttributeError):
            v = version
        state = at_version.get(v, at_version[version])
        found = leaks(text, who, *state)
        assert not found, (who, url, found)

    everyone = [host, *phones.values()]
    for k, rnd in enumerate(rec["rounds"]):
        round_no = k + 1
        round_from = version
        hands = {}
        host.at(version)
        if k == 0:
            tap(host.page.locator(q("td-chef", player=rnd["chef"])))
        rank = host.page.locator(q("td-rank")).locator("li").evaluate_all("(ls) => ls.map((l) => l.dataset.suit)")
        rank_taps(host, rank, rnd["rank"])
        tap(host.page.locator(q("td-start-round")))
        moved(round_no)
        for p in players:
            phone = phones[p]
            phone.at(version)
            cards = rnd["hands"][p]
            for i, c in enumerate(cards):
                tap(phone.page.locator(q("td-deck-card", card=c)))
                if k == 0 and p == players[0] and i == 3:
                    phone.drain(check)
                    phone.page.reload()  # mid-deal: the draft is kept on this phone
                    phone.page.locator(q("td-held")).wait_for()
                    assert phone.page.locator(q("td-held")).inner_text().split() == cards[:4]
            tap(phone.page.locator(q("td-mission", player=rnd["missions"][p])))
            if k == 0 and p == players[0]:
                shot(phone.page, "trickdumpling-seats-1-my-hand")
            tap(phone.page.locator(q("td-enter-hand")))
            hands[p] = list(cards)
            moved(round_no)
            phone.at(version)
        for t, trick in enumerate(rnd["tricks"]):
            for play in trick["plays"]:
                p = play["player"]
                phone = phones[p]
                phone.at(version)
                if k == 0 and t == 1 and play is trick["plays"][1]:
                    shot(phone.page, "trickdumpling-seats-2-my-turn")
                    shot(host.page, "trickdumpling-seats-3-shared")
                    other = next(x for x in players if x != p)
                    assert phones[other].page.locator(q("td-card")).count() == 0  # not their turn
                tap(phone.page.locator(q("td-card", card=play["card"], declare=play.get("declare", ""))))
                hands[p].remove(play["card"])
                moved(round_no)
        for phone in everyone:
            phone.drain(check)
    for phone in everyone:
        phone.page.locator('body[data-over="true"]').wait_for(state="attached")
        phone.drain(check)
    shot(phones[players[0]].page, "trickdumpling-seats-4-over")
    shown = {li.get_attribute("data-player"): int(li.locator(q("points")).inner_text())
             for li in host.page.locator(q("total")).all()}
    expected = {p["name"]: p["total"] for p in __import__("tests.web.test_trickdumpling_api", fromlist=["x"])
                .score_docs([rec])["players"]}
    assert shown == expected
    assert all(phone.bodies > 10 for phone in everyone), {p.who: p.bodies for p in everyone}
    assert all(not phone.errors for phone in everyone), [phone.errors for phone in everyone]

    # A single-phone table: the deal's taps survive a reload too (the draft, item 5).
    host.page.goto(live_server + "/")
    tap(form.locator(q("setup-players-add")))
    for i, name in enumerate(players):
        names.nth(i).fill(name)
    tap(form.locator(q("start-trickdumpling")))
    host.page.wait_for_url("**/t/*")
    for c in rec["rounds"][0]["hands"][players[0]][:3]:
        tap(host.page.locator(q("td-deck-card", card=c)))
    host.page.reload()
    host.page.locator(q("td-held")).wait_for()
    assert host.page.locator(q("td-held")).inner_text().split()[1:] == rec["rounds"][0]["hands"][players[0]][:3]
    print(f"three seats, a whole game: {len(rec['rounds'])} rounds, {time.monotonic() - started:.1f} s")
