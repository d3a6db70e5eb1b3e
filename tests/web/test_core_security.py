"""Bad input never makes a 500; with a join token (printkit serve --lan) every route is refused
without it; and the attacks of issue 25 fail, on loopback and on a LAN-style server: a spoofed
Host (DNS rebinding), a change without the per-browser token or with a stale one, from another
local port, without Origin and Referer, as text/plain, and (in Chromium) a cross-origin form and
fetch from a page of another local port."""

from __future__ import annotations

import json
from http.cookiejar import CookieJar, DefaultCookiePolicy

import httpx
import pytest

from tests.web.conftest import CSRF, http, same_origin
from tests.web.test_core_api import move, new_table

pytestmark = pytest.mark.usefixtures("nim")

#: Every route of the app (docs/serve.md), with a real table id 1 where one is needed.
ROUTES = [("GET", "/"), ("GET", "/history"), ("GET", "/t/1"), ("GET", "/static/app.js"),
          ("GET", "/static/app.css"), ("GET", "/games/nim/page.js"), ("GET", "/api/games"),
          ("GET", "/api/tables"), ("POST", "/api/tables"), ("GET", "/api/tables/1"),
          ("POST", "/api/tables/1/moves"), ("POST", "/api/tables/1/undo"), ("GET", "/api/tables/1/export"),
          ("POST", "/api/import"), ("GET", "/paper/nim"), ("POST", "/api/games/nim/paper"),
          ("POST", "/api/games/nim/paper/table"), ("GET", "/no/such/page")]

BODIES = [b"", b"not json", b"[]", b"null", b"17", b'"text"', b"\xff\xfe\x00garbage", b"[" * 100_000 + b"]" * 100_000,
          b'{"version": "1"}', b'{"version": true, "move": {}}', b'{"version": 1e400}', b'{"version": 99999999999999999999999}',
          b'{"version": 0, "move": "take two"}', b'{"version": 0, "move": {"player": null, "take": 1}}',
          b'{"version": 0, "move": {"player": "Ann", "take": 1e308}}', b'{"game": 7}', b'{"game": "nim", "setup": "x"}',
          b'{"game": "nim", "setup": {"players": "Ann"}}', b'{"game": "nim", "setup": {"pile": -1}}',
          b'{"game": "../../etc", "files": [{"name": "../../x", "text": "\\u0000"}]}',
          b'{"game": "nim", "files": [{"name": 5, "text": 5}]}', b'{"game": "nim", "files": "x"}',
          b'{"game": "nim", "files": [{"name": "a", "text": "players: [Ann, Bo]\\npile: 3\\ntakes: [{player: Zed, take: 9}]"}]}']

PATHS = ["/api/tables/0", "/api/tables/-1", "/api/tables/99999999999999999999999", "/api/tables/abc",
         "/api/tables/1%00", "/api/tables/1?since=abc", "/api/tables/1?since=99999999999999999999",
         "/api/tables/1/export?format=../../etc/passwd", "/api/tables/1/export?format=", "/t/0", "/t/%2e%2e",
         "/games/nim/%00", "/games/%2e%2e/page.js", "/games/nim/page.js%00.txt", "/static/" + "a" * 5000,
         "/api/tables?finished=maybe", "/api/tables/1/moves/extra", "/history?x=%ff"]


def _one_line_error(r: httpx.Response) -> None:
    assert r.status_code < 500, (r.request.method, r.request.url, r.status_code, r.text[:300])
    if r.request.url.path.startswith("/api/") and r.status_code >= 400 and r.status_code != 405:
        err = r.json()["error"]
        assert err and "\n" not in err and "Traceback" not in err


def test_garbage_to_every_route_is_a_4xx_never_a_500(client):
    t = new_table(client, pile=9)
    move(client, t, "Ann", 1)
    for method, path in ROUTES:
        for verb in {method, "GET", "POST", "PUT", "DELETE"}:
            for body in BODIES if verb != "GET" else [b""]:
                _one_line_error(client.request(verb, path, content=body,
                                               headers={"Content-Type": "application/json"}))
    for path in PATHS:
        for verb in ("GET", "POST"):
            _one_line_error(client.request(verb, path, content=b'{"version": 1}'))
    # None of it changed the table. (Some bodies were whole requests: a table with the default
    # setup, posted with extra keys; an import of a record breaking NIM-1/NIM-2, kept for review.)
    after = client.get(f"/api/tables/{t['id']}").json()
    assert after["moves"] == [{"player": "Ann", "take": 1}] and after["version"] == 1
    for other in client.get("/api/tables").json():
        assert other["id"] == t["id"] or other["moves"] in (0, 1)


def test_a_body_too_large_is_refused(client):
    t = new_table(client)
    big = json.dumps({"game": "nim", "files": [{"name": "a", "text": "x" * 1_100_000}]})
    r = client.post("/api/import", content=big)
    assert r.status_code == 413 and "larger than" in r.json()["error"]
    r = client.post(f"/api/tables/{t['id']}/moves", content=b"{" + b" " * 9_000_000 + b"}")
    assert r.status_code == 413


def test_with_a_token_every_route_is_refused_without_it(live_server_factory):
    token = "s3cret-Token_x"
    base = live_server_factory(token=token)
    with httpx.Client(base_url=base) as open_client:  # make table 1 with the token
        assert open_client.post(f"/api/tables?token={token}", json={"game": "nim", "setup": {"pile": 5}},
                                headers=same_origin(base)).status_code == 201
    for method, path in ROUTES:
        for suffix in ("", "?token=wrong", "?token=", f"?token={token[:-1]}", "?token=%ff%fe"):
            r = http.request(method, base + path + suffix, json={"version": 0}, headers={"Cookie": "printkit_token=nope"})
            assert r.status_code == 403, (method, path, suffix, r.status_code)
            assert "join token" in r.text and "set-cookie" not in r.headers
    # The token in the URL opens every route and sets the cookie; the cookie alone does from then on.
    with httpx.Client(base_url=base) as phone:
        first = phone.get(f"/?token={token}")
        assert first.status_code == 200
        cookie = first.headers["set-cookie"]
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and f"printkit_token={token}" in cookie
        page_headers = {k: v for k, v in same_origin(base).items() if k != "Cookie"}
        phone.cookies.set("printkit_csrf", CSRF)
        for method, path in ROUTES:
            r = phone.request(method, path, json={"version": 0}, headers=page_headers)
            assert r.status_code != 403, (method, path)
        assert phone.get("/api/tables/1").json()["view"]["pile"] == 5


def test_without_a_token_nothing_is_asked_and_headers_are_set(client):
    r = client.get("/")
    assert r.status_code == 200 and "set-cookie" not in r.headers  # it has its printkit_csrf cookie
    assert "default-src 'self'" in r.headers["content-security-policy"]
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "same-origin"  # no-referrer: Origin null on the page's own posts


# ---------------------------------------------------------------------------------------------
# The attacks of issue 25 item 1, each a request that differs from a page's own in one thing


LAN = "192.168.1.5:8765"
SERVERS = {"loopback": ("127.0.0.1:8765", None), "lan": (LAN, "join-Token_9")}


@pytest.fixture(params=sorted(SERVERS))
def server(request, nim, tmp_path):
    """A TestClient that adds nothing by itself, on an app bound as ``printkit serve`` binds it on
    loopback and with --lan (the LAN address, a join token: its cookie is sent with every request)."""
    import warnings

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
        from starlette.testclient import TestClient

    from printkit.web.app import create_app
    from printkit.web.security import loopback_hosts

    host, token = SERVERS[request.param]
    hosts = loopback_hosts(8765) + ([host] if token else [])
    with TestClient(create_app(tmp_path / "t.sqlite3", token=token, hosts=hosts), base_url=f"http://{host}",
                    raise_server_exceptions=False, cookies=CookieJar(DefaultCookiePolicy(allowed_domains=[]))) as c:
        c.own, c.token = f"http://{host}", token  # type: ignore[attr-defined]
        yield c


def _page_headers(c, **changes) -> dict:
    """What the server's own page sends with a change, with ``changes`` (None: header left out)."""
    headers = {"Origin": c.own, "Content-Type": "application/json", "X-Printkit-Csrf": CSRF,
               "Cookie": f"printkit_csrf={CSRF}" + (f"; printkit_token={c.token}" if c.token else "")}
    headers.update(changes)
    return {k: v for k, v in headers.items() if v is not None}


def _undo(c, table: dict, **changes):
    return c.post(f"/api/tables/{table['id']}/undo", content=json.dumps({"version": table["version"]}),
                  headers=_page_headers(c, **changes))


def _played(c) -> dict:
    """A table with one move, made as the page makes it (the control: a page's request passes)."""
    r = c.post("/api/tables", content=json.dumps({"game": "nim", "setup": {"pile": 9}}), headers=_page_headers(c))
    assert r.status_code == 201, r.text
    t = r.json()
    r = c.post(f"/api/tables/{t['id']}/moves", content=json.dumps({"version": 0, "move": {"player": "Ann", "take": 2}}),
               headers=_page_headers(c))
    assert r.status_code == 200, r.text
    return r.json()


def _unchanged(c, table: dict) -> None:
    """The table still has its move and version, and no other table was made."""
    tables = c.app.state.tables.store.listing(None)
    assert [t[0] for t in tables] == [table["id"]]
    row = c.app.state.tables.store.get(table["id"])
    assert row.version == table["version"] and row.moves == [{"player": "Ann", "take": 2}]


def _refused(r, sentence: str) -> None:
    assert r.status_code == 403, (r.status_code, r.text)
    assert r.json() == {"error": sentence, "status": 403}


def test_a_spoofed_host_is_421_even_to_read_dns_rebinding(server):
    from printkit.web.security import WRONG_HOST

    t = _played(server)
    port = server.own.rsplit(":", 1)[1]
    for host in (f"evil.example:{port}", "evil.example", f"127.0.0.1:{int(port) + 1}", f"localhost.evil.example:{port}",
                 f"{server.own[7:]}.evil.example", ""):
        for method, path in (("GET", "/api/tables"), ("GET", f"/api/tables/{t['id']}"), ("GET", "/"),
                             ("POST", f"/api/tables/{t['id']}/undo")):
            r = server.request(method, path, content=json.dumps({"version": t["version"]}),
                               headers=_page_headers(server, Host=host, Origin=f"http://{host}"))
            assert r.status_code == 421, (host, path, r.status_code)
            assert "Ann" not in r.text and "set-cookie" not in r.headers
            if path.startswith("/api/"):
                assert r.json() == {"error": WRONG_HOST.format(host=host or "none"), "status": 421}
            else:
                assert r.text.endswith("</title><p>" + WRONG_HOST.format(host=host or "none") + ".</p>")
    _unchanged(server, t)
    # The same reads at the server's own names are answered (loopback names on both servers).
    for host in (server.own[7:], "127.0.0.1:8765", "localhost:8765", "[::1]:8765"):
        assert server.get("/api/tables", headers=_page_headers(server, Host=host)).json()[0]["id"] == t["id"]


def test_a_change_without_the_token_or_with_a_stale_one_is_refused(server):
    from printkit.web.security import BAD_CSRF, NO_CSRF_COOKIE

    t = _played(server)
    stale = "x" * 43
    _refused(_undo(server, t, **{"X-Printkit-Csrf": None}), BAD_CSRF)  # no header
    _refused(_undo(server, t, **{"X-Printkit-Csrf": stale}), BAD_CSRF)  # another browser's, or an old one
    _refused(_undo(server, t, **{"X-Printkit-Csrf": CSRF[:-1]}), BAD_CSRF)
    join = f"printkit_token={server.token}" if server.token else None
    _refused(_undo(server, t, **{"X-Printkit-Csrf": stale[:-1], "Cookie": f"printkit_csrf={stale[:-1]}"
                                 + (f"; {join}" if join else "")}), NO_CSRF_COOKIE)  # not one the server makes
    no_cookie = _undo(server, t, Cookie=join)
    _refused(no_cookie, NO_CSRF_COOKIE)
    # ... and that answer gives the browser its cookie: a page reads it and sends it back.
    fresh = no_cookie.cookies["printkit_csrf"]
    assert len(fresh) == 43 and fresh != CSRF
    assert "SameSite=Strict" in no_cookie.headers["set-cookie"] and "HttpOnly" not in no_cookie.headers["set-cookie"]
    _unchanged(server, t)
    ok = _undo(server, t, **{"X-Printkit-Csrf": fresh, "Cookie": _page_headers(server)["Cookie"].replace(CSRF, fresh)})
    assert ok.status_code == 200 and ok.json()["moves"] == []


def test_a_change_from_another_origin_or_from_nowhere_is_refused(server):
    from printkit.web.security import NO_ORIGIN, OTHER_ORIGIN

    t = _played(server)
    own_host = server.own[7:]
    port = int(own_host.rsplit(":", 1)[1])
    for origin in (f"http://127.0.0.1:{port + 1}", f"http://localhost:{port + 1}", f"http://{own_host}.evil.example",
                   "http://evil.example", f"https://{own_host}", "null"):
        _refused(_undo(server, t, Origin=origin), OTHER_ORIGIN.format(origin=origin))
        if origin != "null":  # without an Origin, the Referer's origin must be the server's own
            _refused(_undo(server, t, Origin=None, Referer=f"{origin}/t/1"), OTHER_ORIGIN.format(origin=origin))
    # An Origin of another of the server's own names is not the origin of this request's Host.
    other_name = "http://localhost:8765" if own_host != "localhost:8765" else "http://127.0.0.1:8765"
    _refused(_undo(server, t, Origin=other_name), OTHER_ORIGIN.format(origin=other_name))
    _refused(_undo(server, t, Origin=None), NO_ORIGIN)
    _unchanged(server, t)
    ok = _undo(server, t, Origin=None, Referer=f"{server.own}/t/{t['id']}")
    assert ok.status_code == 200 and ok.json()["moves"] == []


def test_a_change_that_is_not_json_is_refused(server):
    """A form or a "simple" fetch (text/plain, no preflight) cannot send application/json."""
    from printkit.web.security import NOT_JSON

    t = _played(server)
    for kind in ("text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
                 "multipart/form-data; boundary=x", "application/json-seq", "application/jsonx", None):
        _refused(_undo(server, t, **{"Content-Type": kind}), NOT_JSON)
    _unchanged(server, t)
    for kind in ("application/json; charset=utf-8", "Application/JSON"):
        r = server.post("/api/tables", content=json.dumps({"game": "nim"}), headers=_page_headers(server, **{"Content-Type": kind}))
        assert r.status_code == 201, (kind, r.text)


def test_every_method_that_may_change_something_is_checked_on_every_route(server):
    """Checked before any route: a route added later (or a PUT, PATCH or DELETE) is covered."""
    from printkit.web.security import NO_ORIGIN

    t = _played(server)
    for method in ("POST", "PUT", "PATCH", "DELETE", "PROPFIND"):
        for path in ("/api/tables", f"/api/tables/{t['id']}", f"/api/tables/{t['id']}/moves", "/api/no/such/route",
                     "/t/1", "/"):
            r = server.request(method, path, content=b"{}", headers=_page_headers(server, Origin=None))
            if path.startswith("/api/"):
                _refused(r, NO_ORIGIN)
            else:
                assert r.status_code == 403 and "no Origin or Referer" in r.text
    _unchanged(server, t)


_FETCHES = """<!doctype html><meta charset=utf-8><title>a game night's other tab</title><script>
(async () => {
  const app = "APP", body = JSON.stringify({version: VERSION});
  // Cookies do not tell ports apart: this page can read the app's printkit_csrf cookie.
  const stolen = (document.cookie.match(/printkit_csrf=([^;]+)/) || [])[1] || "";
  const tries = [
    ["undo as text/plain", app + "/api/tables/ID/undo", {method: "POST", credentials: "include",
      headers: {"Content-Type": "text/plain"}, body}],
    ["undo, no-cors", app + "/api/tables/ID/undo", {method: "POST", mode: "no-cors", credentials: "include",
      headers: {"Content-Type": "text/plain"}, body}],
    ["a junk table, no-cors", app + "/api/tables", {method: "POST", mode: "no-cors", credentials: "include",
      body: JSON.stringify({game: "nim"})}],
    ["undo as JSON with the stolen token", app + "/api/tables/ID/undo", {method: "POST", credentials: "include",
      headers: {"Content-Type": "application/json", "X-Printkit-Csrf": stolen}, body}],
    ["read the tables", app + "/api/tables", {credentials: "include"}],
  ];
  const out = [];
  for (const [name, url, options] of tries) {
    try { const r = await fetch(url, options); out.push(`${name}: ${r.type} ${r.status}`); }
    catch (e) { out.push(`${name}: blocked`); }
  }
  window.attack = {stolen, out};
})();
</script>"""

_FORM = """<!doctype html><meta charset=utf-8><title>win a prize</title>
<form method=POST action="APP/api/tables/ID/undo" enctype="text/plain">
<input type=hidden name='{"version": VERSION, "pad": "' value='"}'></form>
<script>document.forms[0].submit();</script>"""


def test_in_chromium_a_page_of_another_local_port_cannot_change_a_table(live_server_factory, page, tmp_path):
    """The issue's attack: while the host's browser has the app open, a page served from another
    local port posts a form (text/plain, read as JSON by the old app: an undo) and fetches
    (text/plain, no-cors, JSON with the token it can read) to the app. Nothing changes."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from printkit.web.security import OTHER_ORIGIN
    from printkit.web.store import Store

    db = tmp_path / "night.sqlite3"
    app = live_server_factory(db_path=db)
    t = http.post(app + "/api/tables", json={"game": "nim", "setup": {"players": ["Ann", "Bo"], "pile": 9}}).json()
    for v, (player, take) in enumerate([("Ann", 2), ("Bo", 1)]):
        assert http.post(f"{app}/api/tables/{t['id']}/moves",
                         json={"version": v, "move": {"player": player, "take": take}}).status_code == 200
    pages = {path: text.replace("APP", app).replace("ID", str(t["id"])).replace("VERSION", "2").encode()
             for path, text in (("/fetches", _FETCHES), ("/form", _FORM))}

    class Other(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            body = pages.get(self.path, b"")
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args) -> None:
            pass

    other = ThreadingHTTPServer(("127.0.0.1", 0), Other)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    evil = f"http://127.0.0.1:{other.server_address[1]}"
    try:
        page.goto(f"{app}/t/{t['id']}")  # the host's browser has the table open: it has the cookie
        page.locator('body[data-version="2"]').wait_for(state="attached")
        own = next(c["value"] for c in page.context.cookies(app) if c["name"] == "printkit_csrf")
        page.goto(evil + "/fetches")
        attack = page.wait_for_function("window.attack").json_value()
        assert attack["stolen"] == own  # the token alone would not do: Origin and the preflight do
        assert attack["out"] == ["undo as text/plain: blocked", "undo, no-cors: opaque 0",
                                 "a junk table, no-cors: opaque 0", "undo as JSON with the stolen token: blocked",
                                 "read the tables: blocked"]
        page.goto(evil + "/form")  # submits itself: the browser lands on the app's refusal
        page.wait_for_url(f"{app}/api/tables/{t['id']}/undo")
        assert json.loads(page.locator("body").inner_text()) == {"error": OTHER_ORIGIN.format(origin=evil), "status": 403}
    finally:
        other.shutdown()
        other.server_close()
    store = Store(db)
    assert [row[0] for row in store.listing(None)] == [t["id"]]
    row = store.get(t["id"])
    assert row.version == 2 and row.moves == [{"player": "Ann", "take": 2}, {"player": "Bo", "take": 1}]
    assert page.js_errors == []
