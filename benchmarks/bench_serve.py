"""printkit serve under a game night: 20 tables playing at once over loopback.

Starts ``printkit serve`` as its own process (a fresh database), then one thread a table posts its
moves one after the other, waiting a random 0 to 2 x ``--think`` seconds between two moves (a
player deciding; ``--think 0``: as fast as the server answers, the server saturated), while a
second thread a table follows it by long-polling (``?since=``) as a phone does. Prints the
latency of one move (POST .../moves) over every move of every table: median, p95 (goal: under
50 ms), p99 and max.

By default the tables play Nim, the test-only game (tests/toygame): 2 players, a pile of 60, one
stone a move, so 60 moves a table. ``--game GAME --example FILE`` plays a worked record instead:
its setup and moves (the game's ``Scorekeeper.split``) are posted move by move on every table.
Not a test: run it by hand.

    python3 benchmarks/bench_serve.py [--tables 20] [--pile 60] [--think 0.25]
    python3 benchmarks/bench_serve.py --game trickdumpling --example examples/trickdumpling/four-players.yaml
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]


def start_server(db: Path) -> tuple[subprocess.Popen, str]:
    env = {**os.environ, "PRINTKIT_GAMES": "tests.toygame", "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "printkit", "serve", "--port", "0", "--db", str(db)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = proc.stdout.readline()
    if not first.startswith("printkit serve: "):
        raise SystemExit(f"the server did not start: {first}{proc.stderr.read()}")
    base = first.split(": ", 1)[1].strip()
    for _ in range(200):
        try:
            httpx.get(base + "api/games", timeout=2)
            return proc, base
        except httpx.TransportError:
            time.sleep(0.05)
    raise SystemExit("the server does not answer")


def play(base: str, table: dict, moves: list[dict], think: float, out: list[float], server: list[float],
         errors: list[str]) -> None:
    version = table["version"]
    pause = random.Random(table["id"])
    with httpx.Client(base_url=base, timeout=30) as c:
        for move in moves:
            time.sleep(pause.uniform(0, 2 * think))
            body = {"version": version, "move": move}
            t0 = time.perf_counter()
            r = c.post(f"/api/tables/{table['id']}/moves", json=body)
            out.append(time.perf_counter() - t0)
            server.append(float(r.headers.get("server-timing", "app;dur=0").split("dur=")[1]) / 1000)
            if r.status_code != 200:
                errors.append(f"{r.status_code} {r.text[:200]}")
                return
            version = r.json()["version"]


def follow(base: str, table_id: int, last: int, stop: threading.Event) -> None:
    version = 0
    with httpx.Client(base_url=base, timeout=30) as c:
        while not stop.is_set() and version < last:
            r = c.get(f"/api/tables/{table_id}", params={"since": version})
            version = r.json()["version"]


def plan(args: argparse.Namespace) -> tuple[str, dict, list[dict]]:
    """(game, setup, moves) every table plays."""
    if not args.game:
        return "nim", {"players": ["Ann", "Bo"], "pile": args.pile}, [
            {"player": "Ann" if k % 2 == 0 else "Bo", "take": 1} for k in range(args.pile)]
    from printkit.core.registry import scorekeepers
    from printkit.core.yamlio import parse_text

    keeper = scorekeepers()[args.game]
    data, _table = parse_text(args.example.read_text(encoding="utf-8"), allow_json=True)
    setup, moves = keeper.split([data])
    return args.game, setup.model_dump(mode="json"), [keeper.move.model_validate(m).model_dump(mode="json")
                                                      for m in moves]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--pile", type=int, default=60)
    ap.add_argument("--think", type=float, default=0.25, help="mean seconds between a table's moves")
    ap.add_argument("--game", help="play this game's --example record instead of Nim")
    ap.add_argument("--example", type=Path, help="a record file of --game")
    args = ap.parse_args()
    game, setup, moves = plan(args)
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = start_server(Path(tmp) / "bench.sqlite3")
        try:
            tables = [httpx.post(base + "api/tables", json={"game": game, "setup": setup}).json()
                      for _ in range(args.tables)]
            latencies: list[float] = []
            server: list[float] = []
            errors: list[str] = []
            stop = threading.Event()
            threads = [threading.Thread(target=play, args=(base, t, moves, args.think, latencies, server, errors)) for t in tables]
            threads += [threading.Thread(target=follow, args=(base, t["id"], len(moves), stop)) for t in tables]
            t0 = time.perf_counter()
            for th in threads:
                th.start()
            for th in threads[:args.tables]:
                th.join()
            wall = time.perf_counter() - t0
            stop.set()
            for th in threads[args.tables:]:
                th.join(30)
        finally:
            proc.terminate()
            proc.wait(20)
    if errors:
        raise SystemExit(f"{len(errors)} moves failed, first: {errors[0]}")
    ms = sorted(x * 1000 for x in latencies)
    q = statistics.quantiles(ms, n=100)
    print(f"{game}: {args.tables} tables x {len(moves)} moves, {args.think:g} s between moves on average, each table "
          f"followed by a long-polling phone: "
          f"{len(ms)} moves in {wall:.1f} s ({len(ms) / wall:.0f} moves/s)")
    print(f"latency of one move: median {statistics.median(ms):.1f} ms, p95 {q[94]:.1f} ms, "
          f"p99 {q[98]:.1f} ms, max {ms[-1]:.1f} ms (goal: p95 under 50 ms)")
    work = sorted(x * 1000 for x in server)
    print(f"of which the app's own work on it (Server-Timing): median {statistics.median(work):.1f} ms, "
          f"p95 {statistics.quantiles(work, n=100)[94]:.1f} ms, max {work[-1]:.1f} ms")


if __name__ == "__main__":
    main()
