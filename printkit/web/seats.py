"""Seats: a table where each player follows the game on their own phone (docs/serve.md, "Seats").

A table created with seats (``POST /api/tables`` with ``"seats": true``) gets a random host key
and one random secret a seat. The key and the secrets live in the database (``hosts`` and
``seats``) and in HttpOnly cookies, one a table, never in a page's script:

- ``printkit_host_ID``: set on the answer that created the table, so only the browser that
  created it is the host: it alone may ask for the seat links (``GET /api/tables/ID/seats``,
  each with its QR code as SVG).
- ``printkit_seat_ID``: set when a phone opens its seat link ``/t/ID?seat=SECRET`` (the answer
  sends it on to ``/t/ID``, so the secret leaves the address bar); every later request of that
  phone carries it, so the server answers it that seat's view.

A request with neither cookie (or a wrong one) is the shared screen: it sees only what is public.
Names no game: what each seat may see is the game's (``Scorekeeper.seat_view`` and friends).
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from http.cookies import SimpleCookie
from urllib.parse import quote

from printkit.core.qr import qr_matrix
from printkit.web.store import Store

#: A game night and the week after it (a phone that slept keeps its seat).
COOKIE_SECONDS = 7 * 24 * 3600


@dataclass(frozen=True)
class Who:
    """Who asks: a seat (its name), the host (the shared view and the seat links) or the shared
    screen. ``seated``: the table has seats (else everyone sees everything)."""

    seated: bool = False
    seat: str | None = None
    host: bool = False

    @property
    def key(self) -> tuple[str | None, bool] | None:
        """What the table's answer depends on (for the cache)."""
        return (self.seat, self.host) if self.seated else None


PUBLIC = Who()


def host_cookie(table_id: int) -> str:
    return f"printkit_host_{table_id}"


def seat_cookie(table_id: int) -> str:
    return f"printkit_seat_{table_id}"


def set_cookie(name: str, value: str) -> str:
    return f"{name}={value}; Path=/; HttpOnly; SameSite=Strict; Max-Age={COOKIE_SECONDS}"


def new_secrets(seats: list[str]) -> tuple[str, dict[str, str]]:
    """A new table's host key and each seat's secret (128 random bits each)."""
    return secrets.token_urlsafe(16), {s: secrets.token_urlsafe(16) for s in seats}


def _same(given: str, secret: str) -> bool:
    return hmac.compare_digest(given.encode("utf-8", "replace"), secret.encode("utf-8"))


def who(store: Store, table_id: int, cookie_header: str) -> Who:
    """The requester of ``table_id`` from its cookies (a wrong secret is the shared screen)."""
    kept = store.seats(table_id)
    if kept is None:
        return PUBLIC
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(cookie_header)
    except Exception:  # noqa: BLE001 - a broken cookie header carries no seat
        return Who(seated=True)
    host_key, seat_secrets = kept
    given_host = jar[host_cookie(table_id)].value if host_cookie(table_id) in jar else ""
    given_seat = jar[seat_cookie(table_id)].value if seat_cookie(table_id) in jar else ""
    seat = next((s for s, secret in seat_secrets.items() if given_seat and _same(given_seat, secret)), None)
    return Who(seated=True, seat=seat, host=bool(given_host) and _same(given_host, host_key))


def seat_of(store: Store, table_id: int, secret: str) -> str | None:
    """The seat whose link carries ``secret`` (None: no seat of this table)."""
    kept = store.seats(table_id)
    if kept is None or not secret:
        return None
    return next((s for s, sec in kept[1].items() if _same(secret, sec)), None)


def seat_url(base: str, table_id: int, secret: str, token: str | None) -> str:
    """A seat's link: the table's page with the seat's secret (and, on the LAN, the join token)."""
    url = f"{base.rstrip('/')}/t/{table_id}?seat={quote(secret)}"
    return url + (f"&token={quote(token)}" if token else "")


def qr_svg(text: str, quiet: int = 4) -> str:
    """``text`` as a QR code in SVG (one path, a unit a module, dark on white).

    >>> qr_svg("http://127.0.0.1:8765/t/1?seat=x").startswith("<svg")
    True
    """
    m = qr_matrix(text)
    size = len(m) + 2 * quiet
    d = "".join(f"M{c + quiet} {r + quiet}h1v1h-1z" for r, row in enumerate(m) for c, dark in enumerate(row) if dark)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" shape-rendering="crispEdges">'
            f'<rect width="{size}" height="{size}" fill="#fff"/><path d="{d}" fill="#000"/></svg>')
