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
from tests.web.test_trickdumpling_api import score_docs
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
    rec, _ = ref.generate_game(random.Random(12), players=3, cook_variation=False)
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
    try:
        play_game(live_server, host, phones, rec, shot)
    finally:
        for phone in phones.values():
            phone.page.context.close()  # (its long poll, before the server stops)
    print(f"three seats, a whole game: {len(rec['rounds'])} rounds, {time.monotonic() - started:.1f} s")


class Game:
    """The game being played on the phones: what each seat holds at each version (cards entered,
    not yet played), to judge each body a phone received by the version it answers."""

    def __init__(self, host: Phone, phones: dict[str, Phone]):
        self.host, self.phones = host, phones
        self.hands: dict[str, list[str]] = {}
        self.at_version: dict[int, tuple[dict[str, list[str]], int, int]] = {0: ({}, 0, 1)}
        self.version, self.round_from, self.round_no = 0, 0, 1

    def moved(self) -> None:
        self.version += 1
        self.at_version[self.version] = ({p: list(h) for p, h in self.hands.items()}, self.round_from, self.round_no)

    def check(self, who: str, url: str, text: str) -> None:
        try:
            v = json.loads(text).get("version", self.version)
        except (json.JSONDecodeError, AttributeError):
            v = self.version
        found = leaks(text, who, *self.at_version.get(v, self.at_version[self.version]))
        assert not found, (who, url, found)

    def drain(self) -> None:
        for phone in [self.host, *self.phones.values()]:
            phone.drain(self.check)

    def start(self, k: int, rnd: dict[str, Any]) -> None:
        """The host sets the chef (round 1) and the rank, and starts the round."""
        self.round_no, self.round_from, self.hands = k + 1, self.version, {}
        self.host.at(self.version)
        if k == 0:
            tap(self.host.page.locator(q("td-chef", player=rnd["chef"])))
        rank = self.host.page.locator(q("td-rank")).locator("li").evaluate_all("(ls) => ls.map((l) => l.dataset.suit)")
        rank_taps(self.host, rank, rnd["rank"])
        tap(self.host.page.locator(q("td-start-round")))
        self.moved()

    def enter_hand(self, p: str, cards: list[str], mission: str, reload_at: int | None, shot: Any) -> None:
        """``p`` taps their cards and mission on their phone (reloading it after ``reload_at``
        cards: the draft must keep them) and enters the hand."""
        phone = self.phones[p]
        phone.at(self.version)
        for i, c in enumerate(cards):
            tap(phone.page.locator(q("td-deck-card", card=c)))
            if i + 1 == reload_at:
                phone.drain(self.check)
                phone.page.reload()
                phone.page.locator(q("td-held")).wait_for()
                assert phone.page.locator(q("td-held")).inner_text().split() == cards[:reload_at]
        tap(phone.page.locator(q("td-mission", player=mission)))
        if reload_at:
            shot(phone.page, "trickdumpling-seats-1-my-hand")
        tap(phone.page.locator(q("td-enter-hand")))
        self.hands[p] = list(cards)
        self.moved()
        phone.at(self.version)

    def play(self, play: dict[str, Any], look: bool, shot: Any) -> None:
        p = play["player"]
        phone = self.phones[p]
        phone.at(self.version)
        if look:
            shot(phone.page, "trickdumpling-seats-2-my-turn")
            shot(self.host.page, "trickdumpling-seats-3-shared")
            other = next(x for x in self.phones if x != p)
            assert self.phones[other].page.locator(q("td-card")).count() == 0  # not their turn
            assert self.host.page.locator(q("td-card")).count() == 0
        tap(phone.page.locator(q("td-card", card=play["card"], declare=play.get("declare", ""))))
        self.hands[p].remove(play["card"])
        self.moved()


def play_game(live_server: str, host: Phone, phones: dict[str, Phone], rec: dict[str, Any], shot: Any) -> None:
    players = rec["players"]
    links = {li.get_attribute("data-seat"): li.locator(q("seat-link")).get_attribute("href")
             for li in host.page.locator(q("seat")).all()}
    for p, phone in phones.items():
        phone.page.goto(links[p])
        phone.page.locator(q("seat-me", seat=p)).wait_for()
        assert "seat=" not in phone.page.url  # the secret left the address bar
    game = Game(host, phones)
    for k, rnd in enumerate(rec["rounds"]):
        game.start(k, rnd)
        for i, p in enumerate(players):
            game.enter_hand(p, rnd["hands"][p], rnd["missions"][p], 4 if k == 0 and i == 0 else None, shot)
        for t, trick in enumerate(rnd["tricks"]):
            for j, play in enumerate(trick["plays"]):
                game.play(play, k == 0 and t == 1 and j == 1, shot)
        game.drain()
    for phone in [host, *phones.values()]:
        phone.page.locator('body[data-over="true"]').wait_for(state="attached")
    game.drain()
    shot(phones[players[0]].page, "trickdumpling-seats-4-over")
    shown = {li.get_attribute("data-player"): int(li.locator(q("points")).inner_text())
             for li in host.page.locator(q("total")).all()}
    assert shown == {p["name"]: p["total"] for p in score_docs([rec])["players"]}
    everyone = [host, *phones.values()]
    assert all(phone.bodies > 10 for phone in everyone), {p.who: p.bodies for p in everyone}
    assert all(not phone.errors for phone in everyone), [phone.errors for phone in everyone]

    # A single-phone table: the deal's taps survive a reload too (the draft, item 5).
    host.page.goto(live_server + "/")
    form = host.page.locator(q("new-trickdumpling"))
    names = form.locator(q("setup-players-item"))
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
