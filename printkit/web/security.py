"""What ``printkit serve`` checks on every request, before any route sees it (docs/serve.md,
Security), in this order:

1. The Host header is one the server was bound to, with its port (``127.0.0.1:P``, ``localhost:P``,
   ``[::1]:P``; with ``--lan`` the LAN address too): else 421. A page of another site that points
   its own name at 127.0.0.1 (DNS rebinding) is never answered.
2. With a join token (``--lan``): ``?token=...`` in the URL (the QR code's) or the cookie that the
   first such visit sets (HttpOnly, SameSite=Strict): else 403. Without a token nothing is asked.
3. A request that may change something (any method but GET, HEAD and OPTIONS, on any route) must
   prove it comes from this server's own pages: an ``Origin`` (or, without one, a ``Referer``) of
   ``http://`` + the request's Host; ``Content-Type: application/json``; and the header
   ``X-Printkit-Csrf`` equal to the browser's ``printkit_csrf`` cookie (double submit: a page of
   another origin can neither read this origin's cookie through the app nor send a custom header
   without a CORS preflight, which the app never grants). Else 403, one sentence.

Every answer to a request without a well-formed ``printkit_csrf`` cookie sets one (not HttpOnly:
the page reads it and sends it back in the header), and every answer carries the security headers.
"""

from __future__ import annotations

import hmac
import html
import json
import re
import secrets
from collections.abc import Iterable
from http.cookies import SimpleCookie
from urllib.parse import parse_qs, urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

COOKIE = "printkit_token"
#: A game night; the QR code joins again after it.
COOKIE_SECONDS = 12 * 3600
SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (b"x-content-type-options", b"nosniff"),
    # same-origin, not no-referrer: under no-referrer the Fetch standard has a browser send
    # "Origin: null" with the page's own POSTs, which the Origin check would refuse. The address
    # (and a join token in it) still never leaves for another site.
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy",
     b"default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
     b"object-src 'none'; base-uri 'none'; frame-ancestors 'none'"),
]
REFUSED = "this printkit serve needs its join token: scan the QR code or open the address it printed"
#: The per-browser token of the double submit: the cookie, and the header that must repeat it.
CSRF_COOKIE = "printkit_csrf"
CSRF_HEADER = "X-Printkit-Csrf"
_CSRF_SHAPE = re.compile(r"^[A-Za-z0-9_-]{43}$")  # secrets.token_urlsafe(32)
#: Methods that only read (every other method must prove where it comes from).
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
_JSON_TYPE = re.compile(r"^\s*application/json\s*(;\s*charset\s*=\s*\"?utf-8\"?\s*)?$", re.IGNORECASE)
WRONG_HOST = ("this printkit serve answers only at the address it printed, and this request was sent "
              "to another name (Host: {host})")
NO_ORIGIN = ("refused: this request does not say which page sent it (no Origin or Referer header), "
             "so it may come from another web site; send it from a page of this printkit serve")
OTHER_ORIGIN = ("refused: this request was sent by a page of another site ({origin}), "
                "not by a page of this printkit serve")
NOT_JSON = "refused: a change must be sent as JSON (Content-Type: application/json)"
NO_CSRF_COOKIE = ("refused: this browser has no printkit_csrf cookie yet; load a page of this printkit serve "
                  "(it sets one), then try again")
BAD_CSRF = ("refused: the X-Printkit-Csrf header does not repeat this browser's printkit_csrf cookie; "
            "reload the page and try again")


def loopback_hosts(port: int) -> list[str]:
    """The Host headers of this machine's own browser for a server on ``port``."""
    return [f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}"]


def host_of(address: str, port: int) -> str:
    """``address:port`` as a Host header names it (IPv6 in brackets)."""
    return f"[{address}]:{port}" if ":" in address else f"{address}:{port}"


def _same(given: str, token: str) -> bool:
    return hmac.compare_digest(given.encode("utf-8", "replace"), token.encode("utf-8"))


def _cookie(scope: Scope, name: str = COOKIE) -> str:
    for key, value in scope.get("headers", []):
        if key == b"cookie":
            jar: SimpleCookie = SimpleCookie()
            try:
                jar.load(value.decode("latin-1"))
            except Exception:  # noqa: BLE001 - a broken cookie header is no token
                continue
            if name in jar:
                return jar[name].value
    return ""


def _header(scope: Scope, name: bytes) -> str | None:
    """The request's header ``name`` (lower case), or None."""
    for key, value in scope.get("headers", []):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def _origin_refusal(scope: Scope, host: str) -> str | None:
    """Why a state-changing request is not from one of this server's pages (None: it is)."""
    own = f"http://{host}"
    origin = _header(scope, b"origin")
    if origin is None:
        referer = _header(scope, b"referer")
        if referer is None:
            return NO_ORIGIN
        try:
            parts = urlsplit(referer)
            origin = f"{parts.scheme}://{parts.netloc}"
        except ValueError:
            origin = referer
    if origin.lower() != own:
        return OTHER_ORIGIN.format(origin=origin[:100])
    return None


def _csrf_refusal(scope: Scope, host: str) -> str | None:
    """Why a request that may change something is refused (None: it may go on)."""
    if scope.get("method", "GET") in SAFE_METHODS:
        return None
    why = _origin_refusal(scope, host)
    if why:
        return why
    if not _JSON_TYPE.match(_header(scope, b"content-type") or ""):
        return NOT_JSON
    cookie = _cookie(scope, CSRF_COOKIE)
    if not _CSRF_SHAPE.match(cookie):
        return NO_CSRF_COOKIE
    if not _same(_header(scope, CSRF_HEADER.lower().encode()) or "", cookie):
        return BAD_CSRF
    return None


def _query_token(scope: Scope) -> str:
    query = scope.get("query_string", b"").decode("latin-1")
    found = parse_qs(query).get("token", [])
    return found[0] if found else ""


class Gate:
    """ASGI middleware: the checks above, in order, and the headers of every answer. ``hosts``:
    the Host headers the server answers (``host:port``)."""

    def __init__(self, app: ASGIApp, hosts: Iterable[str], token: str | None = None,
                 headers: list[tuple[bytes, bytes]] | None = None):
        self.app, self.token, self.headers = app, token, headers or []
        self.hosts = frozenset(h.lower() for h in hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = (_header(scope, b"host") or "").lower()
        if host not in self.hosts or scope["type"] != "http":
            await self._refuse(scope, send, 421, WRONG_HOST.format(host=host[:100] or "none"))
            return
        extra = list(self.headers)
        if self.token:
            if _same(_cookie(scope), self.token):
                pass
            elif _same(_query_token(scope), self.token):
                extra.append((b"set-cookie", f"{COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Strict; "
                                             f"Max-Age={COOKIE_SECONDS}".encode("latin-1")))
            else:
                await self._refuse(scope, send, 403, REFUSED)
                return
        if not _CSRF_SHAPE.match(_cookie(scope, CSRF_COOKIE)):
            extra.append((b"set-cookie", f"{CSRF_COOKIE}={secrets.token_urlsafe(32)}; Path=/; "
                                         "SameSite=Strict".encode("latin-1")))
        why = _csrf_refusal(scope, host)
        if why:
            await self._refuse(scope, send, 403, why, extra)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)

    async def _refuse(self, scope: Scope, send: Send, status: int, message: str,
                      headers: list[tuple[bytes, bytes]] | None = None) -> None:
        """One line: JSON under /api/, a short page elsewhere (a websocket is closed)."""
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        if scope.get("path", "").startswith("/api/"):
            body = json.dumps({"error": message, "status": status}).encode("utf-8")
            kind = b"application/json"
        else:
            text = html.escape(message.rstrip(".") + ".")
            body = f"<!doctype html><meta charset=utf-8><title>printkit: {status}</title><p>{text}</p>".encode()
            kind = b"text/html; charset=utf-8"
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", kind), (b"content-length", str(len(body)).encode()),
                                *(self.headers if headers is None else headers)]})
        await send({"type": "http.response.body", "body": body})
