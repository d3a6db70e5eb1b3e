"""Fixtures for the tests of ``printkit serve`` (every game's page tests use them; docs/serve.md).

- ``client``: a Starlette TestClient on a fresh database (``client.app.state.tables.store``), at
  ``http://127.0.0.1:8765`` (an allowed Host), sending what the app's own pages send (the
  ``printkit_csrf`` cookie, ``X-Printkit-Csrf``, ``Origin``, JSON content type: ``SAME_ORIGIN``).
- ``live_server``: the app served by uvicorn in a thread on a free loopback port, fresh database;
  the base URL (``http://127.0.0.1:PORT``; ``localhost:PORT`` is answered too).
  ``live_server_factory(token=..., db_path=...)`` for more.
- ``browser`` (session) / ``page``: Playwright (sync API) driving Debian's chromium at
  /usr/bin/chromium, a phone's viewport (390 x 844, touch). ``page.js_errors`` lists the page's
  uncaught errors. Without chromium the browser tests fail with one line saying how to install it.
- ``shot(page, name, full_page=True)``: a screenshot in ``test-artifacts/screenshots/NAME.png`` (CSS
  pixels), the whole page or (``full_page=False``) the phone's screen.
- Taps and clicks on a page: ``tests/web/touch.py`` (``tap(locator)``, ``click(locator)``: real
  input after Playwright-like checks in one evaluation, ~3x quicker than ``locator.tap()``).
- ``http``: the tests' own HTTP client (``http.get(url)``, ``http.post(url, json=...)``): as
  ``httpx.get`` behaves (no cookie kept, a new connection a request) without building a client
  and its TLS context for every call (~20 ms of CPU each). A request other than GET/HEAD gets
  what a page of the server it is sent to would send (``same_origin(url)``), unless it names those
  headers itself.
- ``same_origin(url, page=None)``: those headers for a request to ``url``; with ``page``, the
  page's own token (for ``page.request.post(url, ..., headers=same_origin(url, page))``).
- ``nim``: registers the test-only game's Scorekeeper (tests/toygame) for one test module and
  takes it away afterwards, so the core's tests name no real game.
"""

from __future__ import annotations

import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from http.cookiejar import CookieJar, DefaultCookiePolicy
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"

#: The tests' own per-browser token (any well-formed value: the app compares the header with the
#: cookie, as for a browser).
CSRF = "test-csrf-token-0123456789-abcdefghijklmnop"
#: The client fixture's address (an allowed Host of its app).
BASE = "http://127.0.0.1:8765"


def same_origin(url: str, page=None) -> dict[str, str]:
    """What a page of the server at ``url`` sends with a change (docs/serve.md, The API): its
    Origin, JSON, and the ``printkit_csrf`` cookie repeated in ``X-Printkit-Csrf``. With a
    Playwright ``page`` (for ``page.request.post``, which sends the page's cookies but no Origin):
    the page's own cookie, and no Cookie header (the page's context sends it)."""
    parts = httpx.URL(url)
    origin = f"{parts.scheme}://{parts.netloc.decode('ascii')}"
    if page is not None:
        token = next(c["value"] for c in page.context.cookies(url) if c["name"] == "printkit_csrf")
        return {"Origin": origin, "Content-Type": "application/json", "X-Printkit-Csrf": token}
    return {"Origin": origin, "Content-Type": "application/json", "Cookie": f"printkit_csrf={CSRF}",
            "X-Printkit-Csrf": CSRF}


def _as_a_page(request: httpx.Request) -> None:
    """``http``'s request hook: a change gets ``same_origin`` headers it does not name itself
    (a cookie it names is kept, the token's cookie added to it)."""
    if request.method in ("GET", "HEAD"):
        return
    for name, value in same_origin(str(request.url)).items():
        if name == "Cookie" and "cookie" in request.headers and "printkit_csrf=" not in request.headers["cookie"]:
            request.headers["Cookie"] = f"{request.headers['cookie']}; {value}"
        elif name not in request.headers:
            request.headers[name] = value


#: One client for every request a test makes itself. It keeps no cookie (a join token's cookie
#: from one live server must not reach the next: cookies do not tell ports apart) and no idle
#: connection (a stopped server's port may be taken by the next), as ``httpx.get`` does.
http = httpx.Client(cookies=CookieJar(policy=DefaultCookiePolicy(allowed_domains=[])),
                    limits=httpx.Limits(max_keepalive_connections=0), event_hooks={"request": [_as_a_page]})


@pytest.fixture(scope="module")
def nim() -> Iterator[str]:
    """The test-only game (Nim) registered for this module's tests: its name."""
    from printkit.core import registry

    registry.scorekeepers()  # the package's own games first (then they are in the snapshot restored)
    saved = ({k: dict(v) for k, v in registry._COMPONENTS.items()}, registry._SCORERS.copy(),
             registry._SCOREKEEPERS.copy())
    import tests.toygame.state
    import tests.toygame.web  # importing the package registers the game by name; these are its objects

    registry.register_game(tests.toygame.state.NIM)  # again, should an earlier module have taken it away
    registry.register_scorekeeper(tests.toygame.web.KEEPER)
    yield "nim"
    registry._COMPONENTS.clear()
    registry._COMPONENTS.update(saved[0])
    registry._SCORERS.clear()
    registry._SCORERS.update(saved[1])
    registry._SCOREKEEPERS.clear()
    registry._SCOREKEEPERS.update(saved[2])


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tables.sqlite3"


@pytest.fixture
def client(db_path: Path):
    import warnings

    with warnings.catch_warnings():  # Starlette 1.x: "Using httpx with starlette.testclient is deprecated"
        warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
        from starlette.testclient import TestClient

    from printkit.web.app import create_app
    from printkit.web.security import loopback_hosts

    app = create_app(db_path, poll_seconds=1.0, hosts=loopback_hosts(8765))
    headers = {k: v for k, v in same_origin(BASE).items() if k != "Cookie"}
    with TestClient(app, base_url=BASE, raise_server_exceptions=False, headers=headers,
                    cookies={"printkit_csrf": CSRF}) as c:
        yield c


class LiveServer:
    """uvicorn serving ``app`` on ``sock`` in a thread."""

    def __init__(self, app, sock: socket.socket):
        import uvicorn

        self.port = sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(app, log_level="warning", lifespan="off", timeout_graceful_shutdown=1,
                                access_log=False)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        """Stop at once (the test is over): a page's long poll still open would otherwise hold
        the graceful shutdown for its whole timeout (~1 s a test)."""
        self.server.should_exit = True
        self.server.force_exit = True
        self.thread.join(10)


@pytest.fixture
def live_server_factory(tmp_path: Path) -> Iterator[Callable[..., str]]:
    """``start(token=None, db_path=None, poll_seconds=2.0, restart=None)``: the base URL of a new
    live server. ``restart=URL`` stops the server at URL first and serves on its very port (the
    same origin for the browser: its localStorage and cookies stay), as a restarted ``printkit
    serve`` would."""
    from printkit.web.app import create_app

    servers: list[LiveServer] = []

    def start(token: str | None = None, db_path: Path | None = None, poll_seconds: float = 2.0,
              restart: str | None = None) -> str:
        port = 0
        if restart is not None:
            old = next(s for s in servers if s.url == restart)
            old.stop()
            port = old.port
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", port))
        port = sock.getsockname()[1]
        app = create_app(db_path or tmp_path / f"live{len(servers)}.sqlite3", token=token, poll_seconds=poll_seconds,
                         hosts=[f"127.0.0.1:{port}", f"localhost:{port}"])
        servers.append(LiveServer(app, sock))
        return servers[-1].url

    yield start
    for s in servers:
        s.stop()


@pytest.fixture
def live_server(live_server_factory) -> str:
    return live_server_factory()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).is_file():
        pytest.fail(f"no chromium at {CHROMIUM}: install Debian's chromium (sudo apt-get install chromium; "
                    ".ci/run does it) to run the browser tests", pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2)
    p = context.new_page()
    p.js_errors = []
    p.on("pageerror", lambda e: p.js_errors.append(str(e)))
    p.set_default_timeout(10_000)
    yield p
    context.close()


@pytest.fixture
def shot() -> Callable:
    def take(page, name: str, full_page: bool = True) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / (re.sub(r"[^A-Za-z0-9_.-]", "_", name) + ".png")
        # one image pixel a CSS pixel: a third of the CPU of the phone's 2 device pixels a CSS
        # pixel on a long page (PNG encoding), still the page's whole layout to look at;
        # full_page=False: what the phone's screen shows (the player's guide's pictures)
        page.screenshot(path=str(path), full_page=full_page, scale="css")
        return path

    return take
