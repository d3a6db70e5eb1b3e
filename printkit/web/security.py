"""The join token of ``printkit serve --lan``, and the headers every answer carries.

With a token, every request (page, file or API call) must carry it: ``?token=...`` in the URL
(the QR code's), or the cookie that the first such visit sets (HttpOnly, SameSite=Strict), so the
rest of the session needs nothing in the URL. Anything else is 403. Without a token (the default
bind, 127.0.0.1) nothing is asked.
"""

from __future__ import annotations

import hmac
import json
from http.cookies import SimpleCookie
from urllib.parse import parse_qs

from starlette.types import ASGIApp, Message, Receive, Scope, Send

COOKIE = "printkit_token"
#: A game night; the QR code joins again after it.
COOKIE_SECONDS = 12 * 3600
SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy",
     b"default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
     b"object-src 'none'; base-uri 'none'; frame-ancestors 'none'"),
]
REFUSED = "this printkit serve needs its join token: scan the QR code or open the address it printed"


def _same(given: str, token: str) -> bool:
    return hmac.compare_digest(given.encode("utf-8", "replace"), token.encode("utf-8"))


def _cookie(scope: Scope) -> str:
    for name, value in scope.get("headers", []):
        if name == b"cookie":
            jar: SimpleCookie = SimpleCookie()
            try:
                jar.load(value.decode("latin-1"))
            except Exception:  # noqa: BLE001 - a broken cookie header is no token
                return ""
            if COOKIE in jar:
                return jar[COOKIE].value
    return ""


def _query_token(scope: Scope) -> str:
    query = scope.get("query_string", b"").decode("latin-1")
    found = parse_qs(query).get("token", [])
    return found[0] if found else ""


class TokenGate:
    """ASGI middleware: the token check (when there is a token) and the security headers."""

    def __init__(self, app: ASGIApp, token: str | None = None,
                 headers: list[tuple[bytes, bytes]] | None = None):
        self.app, self.token, self.headers = app, token, headers or []

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = list(self.headers)
        if self.token:
            if _same(_cookie(scope), self.token):
                pass
            elif _same(_query_token(scope), self.token):
                extra.append((b"set-cookie", f"{COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Strict; "
                                             f"Max-Age={COOKIE_SECONDS}".encode("latin-1")))
            else:
                await self._refuse(scope, send)
                return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)

    async def _refuse(self, scope: Scope, send: Send) -> None:
        api = scope.get("path", "").startswith("/api/")
        if api:
            body = json.dumps({"error": REFUSED, "status": 403}).encode("utf-8")
            kind = b"application/json"
        else:
            body = f"<!doctype html><meta charset=utf-8><title>printkit: 403</title><p>{REFUSED}.</p>".encode()
            kind = b"text/html; charset=utf-8"
        await send({"type": "http.response.start", "status": 403,
                    "headers": [(b"content-type", kind), (b"content-length", str(len(body)).encode()),
                                *self.headers]})
        await send({"type": "http.response.body", "body": body})
