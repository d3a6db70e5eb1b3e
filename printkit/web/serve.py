"""The body of ``printkit serve``: listen, print the address (and, on the LAN, a join token and
its QR code in the terminal), run uvicorn until stopped."""

from __future__ import annotations

import contextlib
import errno
import ipaddress
import secrets
import socket
import sys
from collections.abc import Callable
from pathlib import Path

from printkit.core.qr import qr_matrix
from printkit.errors import PrintkitError
from printkit.web.security import host_of, loopback_hosts

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def lan_address() -> str:
    """This machine's address on its local network (the interface of the default route); no packet
    is sent (a UDP socket is only connected). 127.0.0.1 when there is no network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere, only chooses the interface
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def qr_text(text: str, quiet: int = 2) -> str:
    """``text`` as a QR code in half-block characters, two modules a character cell (as
    ``qrencode -t UTF8``: light modules are drawn, for the usual light-on-dark terminal).

    >>> lines = qr_text("http://192.168.1.5:8765/?token=abc").splitlines()
    >>> len(lines), len(lines[0])
    (17, 33)
    """
    m = qr_matrix(text)
    n = len(m)
    size = n + 2 * quiet

    def light(r: int, c: int) -> bool:
        inside = quiet <= r < quiet + n and quiet <= c < quiet + n
        return not (inside and m[r - quiet][c - quiet])

    rows = []
    for r in range(0, size, 2):
        line = []
        for c in range(size):
            top, bottom = light(r, c), r + 1 < size and light(r + 1, c)
            line.append("\u2588" if top and bottom else "\u2580" if top else "\u2584" if bottom else " ")
        rows.append("".join(line))
    return "\n".join(rows)


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on host:port (port 0: any free port), or a one-line error."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as e:  # UnicodeError: a name IDNA cannot encode (too long)
        reason = e.strerror if isinstance(e, socket.gaierror) else "not a host name"
        raise PrintkitError(f"--host {host}: not an address of this machine ({reason})") from None
    family, kind, proto, _name, addr = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(addr)
        sock.listen(128)
    except OSError as e:
        sock.close()
        hint = "; choose another --port" if e.errno == errno.EADDRINUSE else ""
        raise PrintkitError(f"cannot listen on {host}:{port} ({e.strerror}){hint}") from None
    sock.set_inheritable(True)
    return sock


def is_loopback(host: str) -> bool:
    if host in LOOPBACK:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def allowed_hosts(bound: str, shown: str, port: int) -> list[str]:
    """The Host headers a server bound to ``bound`` (an address) answers: the loopback names
    (this machine's own browser), and the address it printed (``shown``) when that is not one.

    >>> allowed_hosts("0.0.0.0", "192.168.1.5", 8765)
    ['127.0.0.1:8765', 'localhost:8765', '[::1]:8765', '192.168.1.5:8765']
    >>> allowed_hosts("127.0.0.1", "127.0.0.1", 8765)
    ['127.0.0.1:8765', 'localhost:8765', '[::1]:8765']
    """
    hosts = loopback_hosts(port)
    if host_of(shown, port) not in hosts:
        hosts.append(host_of(shown, port))
    if bound not in ("0.0.0.0", "::") and host_of(bound, port) not in hosts:
        hosts.append(host_of(bound, port))
    return hosts


def serve(host: str, port: int, db: Path | None, lan: bool, open_browser: bool,
          echo: Callable[[str], None] = print) -> None:
    """Run the app until Ctrl-C or SIGTERM. ``--lan`` (or any --host that is not loopback) asks
    for a join token on every request."""
    import uvicorn

    from printkit.web.app import create_app
    from printkit.web.store import default_path

    bind = "0.0.0.0" if lan else host
    token = None if is_loopback(bind) else secrets.token_urlsafe(16)
    path = db or default_path()
    sock = listen(bind, port)
    try:
        address = sock.getsockname()
        shown = lan_address() if address[0] in ("0.0.0.0", "::") else address[0]
        hosts = allowed_hosts(address[0], shown, address[1])
        try:
            app = create_app(path, token, hosts=hosts)
        except OSError as e:
            raise PrintkitError(f"--db {path}: cannot open the database ({e.strerror or e})") from None
        except Exception as e:  # sqlite3.DatabaseError: not a database, locked ...
            raise PrintkitError(f"--db {path}: cannot use it as printkit's database ({e})") from None
    except BaseException:
        sock.close()
        raise
    base = f"http://{host_of(shown, address[1])}/"
    url = base + (f"?token={token}" if token else "")
    app.state.public_url = base  # seat links (and their QR codes) carry the address phones reach
    echo(f"printkit serve: {url}")
    echo(f"tables are kept in {path}")
    if token:
        echo("on this Wi-Fi, open the address above or scan this code (the token in it lets a phone in):")
        echo(qr_text(url))
    echo("stop with Ctrl-C")
    sys.stdout.flush()
    if open_browser:
        import webbrowser

        webbrowser.open(url)
    config = uvicorn.Config(app, log_level="warning", lifespan="off", access_log=False, timeout_graceful_shutdown=2)
    # Ctrl-C or SIGTERM, re-raised by uvicorn once it has shut down, is the way to stop it.
    with contextlib.suppress(KeyboardInterrupt):
        server = uvicorn.Server(config)
        app.state.stopping = lambda: server.should_exit  # the phones' long polls answer and let go
        server.run(sockets=[sock])
    echo("printkit serve: stopped (every move is kept)")
