"""Trick Dumpling with seats (issue 25, item 4): each player enters their own hand and plays their
own cards from their own phone (a seat link), the shared screen sees only what is public, and no
response to a seat ever holds another seat's hand: every route, 409 and 403 bodies, refusals,
polls, the history page and the export (refused while a hand is held). With 2 players the
Master's stack is never typed in: each card is entered as it is turned over (PK-17), and the
record the round leaves is the whole record, scored as usual.

The games are played through the ASGI client: one client, whose seat and host cookies are
swapped for each request (the security fixtures' own cookies stay in its jar).
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from printkit.games.trickdumpling.record import MASTER
from printkit.web.seats import host_cookie, seat_cookie
from tests.corpus import ref_trickdumpling as ref
from tests.web.apitools import ROOT, load
from tests.web.test_trickdumpling_api import score_docs

CARD = re.compile(r"\b(?:[KCSU][1-9]|W5|W99|GS)\b")
SHARED = "shared"


def cards_in(data: Any, where: str = "", skip: tuple[str, ...] = ("deck",)) -> dict[str, str]:
    """Every card code in the values of a JSON answer (strings included), with where it is,
    except under ``skip`` (the deal form's whole deck, the same for everyone)."""
    out: dict[str, str] = {}
    if isinstance(data, dict):
        for k, v in data.items():
            if k not in skip:
                out |= cards_in(v, f"{where}.{k}", skip)
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out |= cards_in(v, f"{where}[{i}]", skip)
    elif isinstance(data, str):
        out |= {c: where for c in CARD.findall(data)}
    return out


def leaks(text: str, who: str, hands: dict[str, list[str]], round_from: int, round_no: int) -> dict[str, str]:
    """The cards of another seat's hand (``hands``: what each holds now, entered and not played)
    in an answer to ``who``, with where each is. Only the round in play is searched (the moves
    from ``round_from``, the report's lines of round ``round_no``): the cards of the rounds
    before were all played face up and are dealt again. A seat's own hand entries are its own;
    the Master's possible cards (PK-17) are every card the phone has not seen, whoever holds it."""
    others = {c for p, h in hands.items() if p != who for c in h}
    try:
        data = json.loads(text)
    except json.JSONDecodeError:  # a page: its text
        found = {c: "page" for c in CARD.findall(text)}
    else:
        for table in (data, data.get("table") if isinstance(data, dict) else None):
            if isinstance(table, dict) and "moves" in table:
                table["moves"] = [m for m in table["moves"][round_from:]
                                  if (m.get("hand") or {}).get("player") != who]
                table["report_text"] = "\n".join(
                    line for line in table["report_text"].splitlines()
                    if not line.startswith("round ") or line.startswith(f"round {round_no}"))
                view = table["view"]
                view.pop("rounds", None)
                view["options"] = [o for o in view["options"] if o["player"] != MASTER]
                if view.get("deal"):
                    view["deal"].pop("master_cards", None)  # as the Master's options
                if view.get("round") and view["round"]["finished"]:
                    view.pop("round")
        found = cards_in(data)
    return {c: w for c, w in found.items() if c in others}


class Seated:
    """A table with seats, driven as each phone would drive it; every answer each one gets is
    kept (``seen[who]``) and checked for another seat's hand as it comes."""

    def __init__(self, client: Any, players: list[str], cooks: dict[str, str] | None = None):
        self.client, self.players = client, players
        setup = {"players": players, "cooks": cooks or {}}
        r = client.post("/api/tables", json={"game": "trickdumpling", "setup": setup, "seats": True})
        assert r.status_code == 201, r.text
        self.table = r.json()
        self.id = self.table["id"]
        assert self.table["seats"] == {"seat": None, "host": True}
        self.host_key = client.cookies[host_cookie(self.id)]
        links = client.get(f"/api/tables/{self.id}/seats")
        assert links.status_code == 200, links.text
        self.links = {s["seat"]: s["url"] for s in links.json()["seats"]}
        assert sorted(self.links) == sorted(players)
        assert all(s["svg"].startswith("<svg") for s in links.json()["seats"])
        self.secrets = {s: re.search(r"seat=([^&]+)", u).group(1) for s, u in self.links.items()}
        self.hands: dict[str, list[str]] = {}  # the cards each player holds now (entered, not played)
        self.seen: dict[str, list[str]] = {}
        self.round_from = 0  # the number of moves before this round's start
        self.round_no = 1

    def as_(self, who: str) -> None:
        """The client's cookies as ``who``'s phone holds them (the host, a seat or the shared screen)."""
        jar = self.client.cookies
        for name in (host_cookie(self.id), seat_cookie(self.id)):
            if name in jar:
                jar.delete(name)
        if who == "host":
            jar.set(host_cookie(self.id), self.host_key)
        elif who != SHARED:
            jar.set(seat_cookie(self.id), self.secrets[who])

    def call(self, who: str, method: str, url: str, **kw: Any) -> Any:
        self.as_(who)
        r = self.client.request(method, url, **kw)
        assert r.status_code < 500, r.text
        self.check(who, r.text)
        return r

    def check(self, who: str, text: str) -> None:
        """No other seat's cards in hand (nor its secret) in an answer to ``who``."""
        self.seen.setdefault(who, []).append(text)
        found = leaks(text, who, self.hands, self.round_from, self.round_no)
        assert not found, (who, found)
        for seat, secret in self.secrets.items():
            assert seat == who or who == "host" or secret not in text, (who, seat)

    def move(self, who: str, move: dict[str, Any], status: int = 200) -> Any:
        r = self.call(who, "POST", f"/api/tables/{self.id}/moves", json={"version": self.table["version"], "move": move})
        assert r.status_code == status, (who, move, r.text)
        if status == 200:
            self.table = r.json()
        return r.json()


def play_round(t: Seated, rnd: dict[str, Any], check_routes: bool) -> None:
    """One round of a record, seat by seat: the chef and rank from the shared screen, each hand
    from its own seat, each card from its player's seat (the Master's from the shared screen, as
    turned over)."""
    t.round_from = len(t.table["moves"])
    t.round_no = 1 + sum(m.get("start") is not None for m in t.table["moves"])
    t.hands = {}
    t.move(SHARED, {"start": {"chef": rnd["chef"], "rank": rnd["rank"]}})
    for p in t.players:
        if check_routes and p == t.players[-1]:
            # another seat cannot enter this hand; nor can the shared screen deal it all at once
            t.move(t.players[0], {"hand": {"player": p, "cards": rnd["hands"][p]}}, 403)
            t.move(SHARED, {"deal": {k: rnd[k] for k in ("chef", "rank", "missions", "hands")}}, 403)
        mission = rnd["missions"][p] if len(t.players) > 2 else None
        t.move(p, {"hand": {"player": p, "cards": rnd["hands"][p], "mission": mission}})
        t.hands[p] = list(rnd["hands"][p])
        view = t.table["view"]
        assert view["seat"] == p and view["deal"] is None or view["deal"]["mine"]["cards"] == rnd["hands"][p]
    for trick in rnd["tricks"]:
        for play in trick["plays"]:
            p = play["player"]
            who = SHARED if p == MASTER else p
            if check_routes and p != MASTER:
                other = next(q for q in t.players if q != p)
                t.move(other, {"play": play}, 403)  # only p's phone plays p's cards
                view = t.call(p, "GET", f"/api/tables/{t.id}").json()["view"]
                assert view["hands"] == {p: t.hands[p]}
                legal = {(o["card"], o["declare"], o["slack"]) for o in view["options"]}
                assert {o["player"] for o in view["options"]} == {p}
                assert (play["card"], play.get("declare"), play.get("slack", False)) in legal
                shared = t.call(SHARED, "GET", f"/api/tables/{t.id}").json()["view"]
                assert shared["hands"] == {} and shared["options"] == []
            if p == MASTER:
                options = t.call(SHARED, "GET", f"/api/tables/{t.id}").json()["view"]["options"]
                chosen = next(o for o in options if o["card"] == play["card"])  # turned over
                assert chosen["declare"] == play.get("declare")
            t.move(who, {"play": play})
            if p in t.hands:
                t.hands[p].remove(play["card"])
            if trick["plays"][0]["player"] == MASTER and play is trick["plays"][1]:
                # TD-15: the card chosen first stays hidden from the other player until theirs is down
                other = next(q for q in t.players if q != p)
                for viewer in (other, SHARED):
                    seen = t.call(viewer, "GET", f"/api/tables/{t.id}").json()
                    assert play["card"] not in cards_in(seen["view"]["trick"])
                    assert seen["moves"][-1] == {"play": {"player": p, "hidden": True}}
                    held = [x for x in seen["view"]["trick"]["plays"] if x["player"] == p]
                    assert held == [{"player": p, "card": None, "declare": None, "slack": None, "up": None,
                                     "hidden": True}]


def test_three_seats_never_see_another_hand(client) -> None:
    """A whole 3-player game: every route each seat and the shared screen use, and none answers
    another seat's hand, mission or secret; the export, refused while a hand is held, scores as
    the record played."""
    rec, _ = ref.generate_game(random.Random(5), players=3, cook_variation=False)
    players = rec["players"]
    t = Seated(client, players)
    base = f"/api/tables/{t.id}"
    for k, rnd in enumerate(rec["rounds"]):
        first = k == 0
        play_round(t, rnd, check_routes=first)
        if first:
            continue
    assert t.table["over"], t.table["report_text"]
    # every route, as each phone, at the end and once more in the middle of a new table below
    for who in [*players, SHARED, "host"]:
        assert t.call(who, "GET", f"{base}/export").status_code == 200
        assert t.call(who, "GET", base).json()["secret"] is False  # the page's Export works again
    report = t.call(SHARED, "GET", base).json()["report"]
    assert report["players"] == score_docs([rec])["players"]

    # In the middle of a round: polls, 409s, refusals, undo, export, pages, the seat links.
    t2 = Seated(client, players)
    rnd = rec["rounds"][0]
    t2.move(SHARED, {"start": {"chef": rnd["chef"], "rank": rnd["rank"]}})
    for p in players:
        t2.move(p, {"hand": {"player": p, "cards": rnd["hands"][p], "mission": rnd["missions"][p]}})
        t2.hands[p] = list(rnd["hands"][p])
    first = rnd["tricks"][0]["plays"][0]
    b2 = f"/api/tables/{t2.id}"
    for who in [*players, SHARED, "host"]:
        stale = t2.call(who, "POST", f"{b2}/moves", json={"version": 0, "move": {"play": first}})
        assert stale.status_code in (403, 409)
        if who == first["player"]:
            assert stale.status_code == 409 and stale.json()["table"]["view"]["hands"] == {who: t2.hands[who]}
        poll = t2.call(who, "GET", f"{b2}?since={t2.table['version'] - 1}").json()
        assert poll["version"] == t2.table["version"]
        mine = poll["view"]["round"]["missions"]
        assert mine == ({who: rnd["missions"][who]} if who in players else {})
        assert all(not m.get("hand") or "cards" not in m["hand"] or m["hand"]["player"] == who for m in poll["moves"])
        export = t2.call(who, "GET", f"{b2}/export")
        assert export.status_code == 409 and "secret" in export.json()["error"]
        assert poll["secret"] is True  # the page's Export says so instead of downloading the refusal
        assert t2.call(who, "GET", f"{b2}/seats").status_code == (200 if who == "host" else 403)
        t2.call(who, "GET", "/history")
        t2.call(who, "GET", "/api/tables")
        t2.call(who, "GET", f"/t/{t2.id}")
    # a card not legal for its own player: refused in the scorer's words, to that seat only
    p = first["player"]
    aside = next(c for c in ref.deck(3) if not any(c in h for h in t2.hands.values()))
    refused = t2.move(p, {"play": {"player": p, "card": aside}}, 422)
    assert f"{aside} is not in {p}'s hand" in refused["error"], refused
    t2.move(p, {"play": first})
    t2.hands[p].remove(first["card"])
    undone = t2.call(SHARED, "POST", f"{b2}/undo", json={"version": t2.table["version"]})
    assert undone.status_code == 200
    t2.table = undone.json()
    t2.hands[p].append(first["card"])


def test_two_players_master_stack_entered_as_turned_over(client) -> None:
    """TD-11 with seats: the Master's stack is never typed in; each of its cards is entered as it
    is turned over (PK-17), with the answer the State forces on it. At the end of each round the
    record is complete: the export is the example record itself, scored the same. (A whole
    2-player game with seats, to its end, is the next test's.)"""
    rec = load(ROOT / "examples" / "trickdumpling" / "two-players-master.yaml")
    rec["rounds"] = rec["rounds"][:2]  # a round a real player leads, then one the Master leads (TD-15)
    t = Seated(client, rec["players"])
    for k, rnd in enumerate(rec["rounds"]):
        play_round(t, rnd, check_routes=k == 0)
        exported = t.call(SHARED, "GET", f"/api/tables/{t.id}/export?format=json")
        assert exported.status_code == 200, exported.text
        doc = json.loads(exported.text)
        assert doc["rounds"][k]["hands"][MASTER] == rnd["hands"][MASTER]  # in the order turned over
    assert t.table["report"]["players"] == score_docs([rec])["players"]
    assert t.table["over"] == (not score_docs([rec])["unfinished"])


def test_master_card_dealt_to_a_player_is_refused_without_naming_the_hand(client) -> None:
    rec = load(ROOT / "examples" / "trickdumpling" / "two-players-master.yaml")
    rnd = rec["rounds"][1]  # the Master leads
    t = Seated(client, rec["players"])
    t.move(SHARED, {"start": {"chef": rnd["chef"], "rank": rnd["rank"]}})
    for p in t.players:
        t.move(p, {"hand": {"player": p, "cards": rnd["hands"][p]}})
        t.hands[p] = list(rnd["hands"][p])
    # the first round is the example's second: its chef is the Master, who plays first
    sora = rnd["hands"][t.players[0]][0]
    t.hands.pop(t.players[0])  # the shared screen typed this card of Sora's itself (a slip)
    refused = t.move(SHARED, {"play": {"player": MASTER, "card": sora}}, 422)
    assert "cannot be the Master's: it is dealt to a player" in refused["error"]
    assert t.players[0] not in refused["error"] and sora not in refused["error"]
    assert t.call(SHARED, "GET", f"/api/tables/{t.id}").json()["version"] == t.table["version"]  # nothing stored


def test_a_round_that_ends_early_has_the_masters_last_cards_turned_over(client) -> None:
    """PK-9 and PK-17: Assorted Dumplings ends a 2-player round before the Master's stack is all
    played; its last cards are turned face up before the next deal (not before: the deal is
    refused, and the export too while they are unknown), and the record is then the game's."""
    rec, _ = ref.generate_game(random.Random(14), players=2, cook_variation=True)
    t = Seated(client, rec["players"], rec.get("cooks"))
    early = next(k for k, r in enumerate(rec["rounds"]) if sum(len(x["plays"]) for x in r["tricks"]) < 24)
    for k, rnd in enumerate(rec["rounds"]):
        if k > 0:
            before = rec["rounds"][k - 1]
            played = [p["card"] for x in before["tricks"] for p in x["plays"] if p["player"] == MASTER]
            rest = before["hands"][MASTER][len(played):]
            if k - 1 == early:
                assert rest
                t.hands = {}  # PK-17: the round is over, the cards left in hand are shown
                view = t.call(SHARED, "GET", f"/api/tables/{t.id}").json()["view"]
                assert view["deal"]["master_left"] == len(rest) and set(rest) <= set(view["deal"]["master_cards"])
                assert t.call(SHARED, "GET", f"/api/tables/{t.id}/export").status_code == 409
                refused = t.move(SHARED, {"start": {"chef": rnd["chef"], "rank": rnd["rank"]}}, 422)
                assert f"turn over the Master's last {len(rest)} card" in refused["error"]
                wrong = t.move(SHARED, {"stack": {"cards": [played[0], *rest[1:]]}}, 422)  # turned over already
                assert "cannot be the Master's" in wrong["error"]
                too_many = t.move(SHARED, {"stack": {"cards": [*rest, played[1]]}}, 422)["error"]
                assert f"the Master has {len(rest)} card{'s' * (len(rest) > 1)} left: enter them all" in too_many
                t.move(SHARED, {"stack": {"cards": rest}})
                doc = json.loads(t.call(SHARED, "GET", f"/api/tables/{t.id}/export?format=json").text)
                assert doc["rounds"][early]["hands"][MASTER] == before["hands"][MASTER]
            else:
                assert not rest
        play_round(t, rnd, check_routes=False)
    assert t.table["report"]["players"] == score_docs([rec])["players"]
