"""Seats, in the core (printkit/web/seats.py; docs/serve.md "Seats"), on the test-only game (Nim,
which hides nothing): a table created with seats gives its host key to the browser that created
it (an HttpOnly cookie) and to nobody else; only that browser gets the seat links and their QR
codes (SVG made here from core.qr); a seat link puts its secret in that phone's cookie and leaves
the address bar; on the LAN each link carries the join token; no answer to anyone else holds a
secret. What a seat may see of a game with secrets is tested with Trick Dumpling
(tests/web/test_trickdumpling_seats.py).
"""

from __future__ import annotations

import re
import warnings

import pytest

from printkit.core.qr import qr_matrix
from printkit.web.seats import host_cookie, seat_cookie

pytestmark = pytest.mark.usefixtures("nim")


def seated(client, players=("Ann", "Bo")) -> dict:
    r = client.post("/api/tables", json={"game": "nim", "setup": {"players": list(players), "pile": 7}, "seats": True})
    assert r.status_code == 201, r.text
    cookie = r.headers["set-cookie"]
    assert cookie.startswith(f"{host_cookie(r.json()['id'])}=") and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    return r.json()


def test_only_the_host_gets_the_seat_links_and_each_link_makes_its_seat(client) -> None:
    table = seated(client)
    tid = table["id"]
    assert table["seats"] == {"seat": None, "host": True}
    links = client.get(f"/api/tables/{tid}/seats")
    assert links.status_code == 200, links.text
    seats = links.json()["seats"]
    assert [s["seat"] for s in seats] == ["Ann", "Bo"]  # the report's players (Nim names no seats)
    secrets = {}
    for s in seats:
        m = re.fullmatch(rf"http://127\.0\.0\.1:8765/t/{tid}\?seat=([A-Za-z0-9_-]{{22}})", s["url"])
        assert m, s["url"]
        secrets[s["seat"]] = m.group(1)
        # the QR code: one unit square a dark module of the link's code, inside a 4-module margin
        dark = sum(map(sum, qr_matrix(s["url"])))
        assert s["svg"].startswith("<svg") and s["svg"].count("h1v1h-1z") == dark
    assert len(set(secrets.values())) == 2
    host_key = client.cookies[host_cookie(tid)]

    # Anyone else (the shared screen, a seat, a forged key) is refused the links; no secret leaks.
    client.cookies.delete(host_cookie(tid))
    for forged in (None, "x" * 22):
        if forged:
            client.cookies.set(host_cookie(tid), forged)
        r = client.get(f"/api/tables/{tid}/seats")
        assert r.status_code == 403 and "only the phone that started this table" in r.json()["error"]
        shared = client.get(f"/api/tables/{tid}")
        assert shared.json()["seats"] == {"seat": None, "host": False}
        for text in (r.text, shared.text, client.get("/api/tables").text, client.get(f"/t/{tid}").text,
                     client.get("/history").text):
            assert host_key not in text and not any(sec in text for sec in secrets.values())
    client.cookies.delete(host_cookie(tid))

    # A seat link: the secret goes into this phone's cookie, the page is the table without it.
    wrong = client.get(f"/t/{tid}?seat=nope", follow_redirects=False)
    assert wrong.status_code == 403 and "is not one of this table" in wrong.text
    r = client.get(f"/t/{tid}?seat={secrets['Bo']}", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/t/{tid}"
    assert r.headers["set-cookie"].startswith(f"{seat_cookie(tid)}={secrets['Bo']};")
    assert "HttpOnly" in r.headers["set-cookie"]
    bo = client.get(f"/api/tables/{tid}").json()
    assert bo["seats"] == {"seat": "Bo", "host": False}
    assert secrets["Ann"] not in client.get(f"/api/tables/{tid}").text
    assert client.get(f"/api/tables/{tid}/seats").status_code == 403
    # A game that hides nothing: a seat sees what everyone sees, and may play any move.
    client.cookies.delete(seat_cookie(tid))
    shared = client.get(f"/api/tables/{tid}").json()
    assert shared["seats"]["seat"] is None and shared["view"] == bo["view"] and shared["moves"] == bo["moves"]
    client.cookies.set(seat_cookie(tid), secrets["Bo"])
    moved = client.post(f"/api/tables/{tid}/moves", json={"version": 0, "move": {"player": "Ann", "take": 2}})
    assert moved.status_code == 200 and moved.json()["seats"]["seat"] == "Bo"
    assert client.get(f"/api/tables/{tid}/export").status_code == 200  # no secret: exported as usual


def test_a_table_without_seats_has_no_links_and_a_bad_choice_is_a_400(client) -> None:
    r = client.post("/api/tables", json={"game": "nim", "setup": {"players": ["Ann", "Bo"], "pile": 7}})
    assert r.status_code == 201 and "seats" not in r.json() and "set-cookie" not in r.headers
    assert client.get(f"/api/tables/{r.json()['id']}/seats").status_code == 404
    assert client.get(f"/t/{r.json()['id']}?seat=x").status_code == 403
    bad = client.post("/api/tables", json={"game": "nim", "setup": {"players": ["Ann", "Bo"]}, "seats": "yes"})
    assert bad.status_code == 400 and bad.json()["error"].startswith("seats:")


def test_on_the_lan_each_link_carries_the_join_token_and_the_address_phones_reach(db_path) -> None:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
        from starlette.testclient import TestClient

    from printkit.web.app import create_app

    from tests.web.conftest import CSRF, same_origin

    app = create_app(db_path, token="tok3n", hosts=["192.168.1.5:8765"])
    app.state.public_url = "http://192.168.1.5:8765/"  # as serve.py sets it
    lan = "http://192.168.1.5:8765"
    headers = {k: v for k, v in same_origin(lan).items() if k != "Cookie"}
    with TestClient(app, base_url=lan, raise_server_exceptions=False, headers=headers,
                    cookies={"printkit_csrf": CSRF}) as c:
        assert c.get("/api/tables").status_code == 403
        assert c.get("/api/tables?token=tok3n").status_code == 200  # the cookie from here on
        table = seated(c)
        seats = c.get(f"/api/tables/{table['id']}/seats").json()["seats"]
        for s in seats:
            assert re.fullmatch(rf"http://192\.168\.1\.5:8765/t/{table['id']}\?seat=[A-Za-z0-9_-]+&token=tok3n", s["url"])
