"""Gemblo at the table: how long the scorekeeper takes on a 6-player game (printkit serve).

For every prefix of a whole 6-player game (automatic player, seed 1): replay + ``view`` (what a
GET of the table costs the game) and the view's JSON size; then every move posted through the
app on the ASGI test client (validation, replay of the candidate, store, the new table's view).

    .venv/bin/python benchmarks/bench_gemblo_web.py [--players 6]

``--players`` plays a game of fewer players (the tests' tiny run: 3; the figures to keep are 6's).
"""

from __future__ import annotations

import argparse
import json
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from printkit.core.records import parse_record  # noqa: E402
from printkit.games.gemblo.play import play_game  # noqa: E402
from printkit.games.gemblo.record import GembloRecord  # noqa: E402
from printkit.games.gemblo.state import GEMBLO  # noqa: E402
from printkit.games.gemblo.web import GembloSetup, records, view  # noqa: E402


def p95(xs: list[float]) -> float:
    return sorted(xs)[int(0.95 * (len(xs) - 1))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=6, choices=range(2, 7), help="players in the game (default 6)")
    players = ap.parse_args().players
    setup = GembloSetup(players=players)
    moves = play_game(players, setup.in_play(), seed=1)
    replays, views, sizes = [], [], []
    for n in range(len(moves) + 1):
        t = time.perf_counter()
        (doc,) = records(setup, moves[:n])
        rec, _ = parse_record(json.dumps(doc), "t.json", GembloRecord, "gemblo")
        state = GEMBLO.start([rec])
        for _, _, m in GEMBLO.moves([rec]):
            state.apply(m)
        t2 = time.perf_counter()
        text = json.dumps(view(state, setup, moves[:n]))
        views.append(time.perf_counter() - t2)
        replays.append(t2 - t)
        sizes.append(len(text))
    print(f"{players} players, {len(moves)} moves: record + replay median {statistics.median(replays) * 1000:.1f} ms, "
          f"max {max(replays) * 1000:.1f} ms; view + JSON median {statistics.median(views) * 1000:.1f} ms, "
          f"p95 {p95(views) * 1000:.1f} ms, max {max(views) * 1000:.1f} ms; "
          f"view JSON median {statistics.median(sizes) / 1000:.1f} kB, max {max(sizes) / 1000:.1f} kB")

    from starlette.testclient import TestClient

    from printkit.web.app import create_app

    # As a page of the app at its default address sends a change (docs/serve.md, The API).
    base, token = "http://127.0.0.1:8765", secrets.token_urlsafe(32)
    with tempfile.TemporaryDirectory() as tmp, TestClient(
            create_app(Path(tmp) / "b.sqlite3"), base_url=base, cookies={"printkit_csrf": token},
            headers={"Origin": base, "X-Printkit-Csrf": token}) as client:
        table = client.post("/api/tables", json={"game": "gemblo", "setup": {"players": players}}).json()
        posts = []
        for m in moves:
            if table["over"]:  # over (and locked) once no colour can place: the player's last passes are not posted
                break
            t = time.perf_counter()
            r = client.post(f"/api/tables/{table['id']}/moves", json={"version": table["version"], "move": m})
            posts.append(time.perf_counter() - t)
            assert r.status_code == 200, r.text
            table = r.json()
        assert table["over"]
    print(f"POST a move through the app (test client, {len(posts)} moves): median {statistics.median(posts) * 1000:.1f} ms, "
          f"p95 {p95(posts) * 1000:.1f} ms, max {max(posts) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
