"""``printkit serve`` as a process: the restart test (kill -9 mid-game, start again on the same
database, the game goes on where it was), --lan's token and QR code, one-line errors."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import numpy as np
import pytest

from tests.web.conftest import http, ROOT

ENV = {**os.environ, "PRINTKIT_GAMES": "tests.toygame", "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}


def start(*args: str, cwd: Path) -> tuple[subprocess.Popen, list[str]]:
    """``printkit serve ARGS`` running; the lines it printed up to 'stop with Ctrl-C'."""
    proc = subprocess.Popen([sys.executable, "-m", "printkit", "serve", "--port", "0", *args], cwd=cwd, env=ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: list[str] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            raise AssertionError(f"printkit serve stopped: {proc.stderr.read()}")
        lines.append(line.rstrip("\n"))
        if line.startswith("stop with Ctrl-C"):
            return proc, lines
    proc.kill()
    raise AssertionError("printkit serve did not start")


def url_of(lines: list[str]) -> str:
    assert lines[0].startswith("printkit serve: http://"), lines
    return lines[0].split(": ", 1)[1]


def wait_ready(base: str) -> None:
    for _ in range(200):
        try:
            http.get(base, timeout=2)
            return
        except httpx.TransportError:
            time.sleep(0.05)
    raise AssertionError(f"{base} does not answer")


def test_a_killed_server_loses_nothing(tmp_path):
    db = tmp_path / "night.sqlite3"
    proc, lines = start("--db", str(db), cwd=tmp_path)
    try:
        base = url_of(lines)
        wait_ready(base)
        assert lines[1] == f"tables are kept in {db}"
        t = http.post(base + "api/tables", json={"game": "nim", "setup": {"players": ["Ann", "Bo"], "pile": 6}}).json()
        for k, (player, take) in enumerate([("Ann", 2), ("Bo", 1)]):
            r = http.post(f"{base}api/tables/{t['id']}/moves", json={"version": k, "move": {"player": player, "take": take}})
            assert r.status_code == 200
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    assert proc.returncode == -signal.SIGKILL

    proc, lines = start("--db", str(db), cwd=tmp_path)
    try:
        base = url_of(lines)
        wait_ready(base)
        again = http.get(f"{base}api/tables/{t['id']}").json()
        assert again["moves"] == [{"player": "Ann", "take": 2}, {"player": "Bo", "take": 1}]
        assert again["version"] == 2 and again["view"] == {"pile": 3, "to_move": "Ann", "legal": [1, 2, 3]}
        r = http.post(f"{base}api/tables/{t['id']}/moves", json={"version": 2, "move": {"player": "Ann", "take": 3}})
        assert r.json()["over"] is True and r.json()["report"]["winners"] == ["Ann"]
    finally:
        proc.terminate()
        proc.wait(20)


def _qr_image(lines: list[str]) -> np.ndarray:
    """The half-block QR code as pixels: a cell's upper and lower halves, white where drawn."""
    top = {"\u2588": 1, "\u2580": 1, "\u2584": 0, " ": 0}
    bottom = {"\u2588": 1, "\u2580": 0, "\u2584": 1, " ": 0}
    rows = []
    for line in lines:
        rows.append([top[c] for c in line])
        rows.append([bottom[c] for c in line])
    img = np.array(rows, dtype=np.uint8) * 255
    img = np.pad(img, 8, constant_values=255)
    return np.kron(img, np.ones((8, 8), dtype=np.uint8))


def test_lan_prints_the_token_url_and_its_qr_code_and_refuses_without_it(tmp_path):
    import zxingcpp

    proc, lines = start("--lan", "--db", str(tmp_path / "t.sqlite3"), cwd=tmp_path)
    try:
        url = url_of(lines)
        assert "?token=" in url
        qr = [line for line in lines if line and set(line) <= set("\u2588\u2580\u2584 ")]
        (found,) = zxingcpp.read_barcodes(_qr_image(qr))
        assert found.text == url
        base = url.split("?")[0]
        wait_ready(base)
        assert http.get(base).status_code == 403
        assert http.get(base + "api/tables").status_code == 403
        ok = http.get(url)
        assert ok.status_code == 200 and "HttpOnly" in ok.headers["set-cookie"]
    finally:
        proc.terminate()
        proc.wait(20)


@pytest.mark.parametrize("db", [["--db", "t.sqlite3"], []])
def test_a_port_in_use_is_one_line_and_no_database(tmp_path, db):
    """The port is taken before the database is made or opened (issue 27): nothing is written,
    given --db or the default ($XDG_DATA_HOME/printkit/tables.sqlite3)."""
    env = {**ENV, "XDG_DATA_HOME": str(tmp_path / "data")}
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "printkit", "serve", "--port", str(port), *db], env=env,
                              cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"printkit: error: cannot listen on 127.0.0.1:{port} (Address already in use); " \
                          "choose another --port\n"
    assert list(tmp_path.rglob("*")) == []


def test_a_database_that_is_not_one_is_one_line(tmp_path):
    bad = tmp_path / "notes.txt"
    bad.write_text("shopping list\n" * 200)
    done = subprocess.run([sys.executable, "-m", "printkit", "serve", "--port", "0", "--db", str(bad)], env=ENV,
                          cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert done.stderr.startswith(f"printkit: error: --db {bad}: cannot use it as printkit's database")


def test_ctrl_c_or_sigterm_stops_it_cleanly(tmp_path):
    for sig in (signal.SIGINT, signal.SIGTERM):
        proc, lines = start("--db", str(tmp_path / "t.sqlite3"), cwd=tmp_path)
        base = url_of(lines)
        wait_ready(base)
        # A phone waiting on its long poll when the host stops the server: it is answered
        # "unchanged" and let go, never cut off with a traceback in the host's terminal.
        table = http.post(f"{base}api/tables", json={"game": "nim", "setup": {"players": ["Ann", "Bo"]}}).json()
        polls: list[httpx.Response] = []
        waiting = threading.Thread(target=lambda: polls.append(http.get(f"{base}api/tables/{table['id']}?since=0",
                                                                        timeout=30)))
        waiting.start()
        time.sleep(0.5)
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=20)
        waiting.join(timeout=20)
        assert proc.returncode == 0, (sig, err)
        assert out.strip().endswith("printkit serve: stopped (every move is kept)")
        assert "Traceback" not in err and "ERROR" not in err, err
        assert polls and polls[0].json() == {"id": table["id"], "version": 0, "unchanged": True}
