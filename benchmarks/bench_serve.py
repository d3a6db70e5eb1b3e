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

``--mix``: a game night. Every table plays a real game of a different game (the example records
of every registered game, round robin over the games), imported at a random point of its first
half (a game under way) and then played on, move by move, one move every ``--pace`` (a random
0.5 to 1 s, as phones at a table post) for ``--seconds``; ``--pace 0`` saturates the server.
Prints each table's game and moves, then the latency of one move and the server's own share:
``app`` (from the request read to the answer, in the event loop) and ``work`` (the game's work
in its worker thread).
Not a test: run it by hand.

    python3 benchmarks/bench_serve.py [--tables 20] [--pile 60] [--think 0.25]
    python3 benchmarks/bench_serve.py --game trickdumpling --example examples/trickdumpling/four-players.yaml
    python3 benchmarks/bench_serve.py --mix [--pace 0.5,1] [--seconds 60]
    python3 benchmarks/bench_serve.py --mix --pace 0
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


def stop_server(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:  # long polls still open
        proc.kill()
        proc.wait(20)


def timing(header: str) -> dict[str, float]:
    """``app;dur=1.2, work;dur=0.8`` as {"app": 0.0012, "work": 0.0008} (seconds)."""
    out = {}
    for part in header.split(","):
        name, _, dur = part.strip().partition(";dur=")
        if dur:
            out[name] = float(dur) / 1000
    return out


def play(base: str, table: dict, moves: list[dict], think: float | tuple[float, float], out: list[float],
         server: list[dict[str, float]], errors: list[str], until: float = float("inf")) -> None:
    version = table["version"]
    pause = random.Random(table["id"])
    low, high = think if isinstance(think, tuple) else (0, 2 * think)
    with httpx.Client(base_url=base, timeout=60) as c:
        for move in moves:
            time.sleep(pause.uniform(low, high))
            if time.perf_counter() > until:
                return
            body = {"version": version, "move": move}
            t0 = time.perf_counter()
            r = c.post(f"/api/tables/{table['id']}/moves", json=body)
            out.append(time.perf_counter() - t0)
            server.append(timing(r.headers.get("server-timing", "")))
            if r.status_code != 200:
                errors.append(f"{r.status_code} {r.text[:200]}")
                return
            version = r.json()["version"]


def follow(base: str, table_id: int, last: int, stop: threading.Event, version: int = 0) -> None:
    with httpx.Client(base_url=base, timeout=60) as c:
        while not stop.is_set() and version < last:
            try:
                version = c.get(f"/api/tables/{table_id}", params={"since": version}).json()["version"]
            except (httpx.HTTPError, ValueError, KeyError):
                return  # the server stopped at the end of the run


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
    return args.game, setup.model_dump(mode="json", by_alias=True), [
        keeper.move.model_validate(m).model_dump(mode="json", by_alias=True) for m in moves]


def mix(base: str, tables: int, seed: int = 7) -> list[tuple[str, str, dict, list[dict]]]:
    """(game, example, table, moves still to play) for each table: a real game of every registered
    game in turn, imported at a random point of its first half."""
    from printkit.core.registry import scorekeepers
    from printkit.core.yamlio import parse_text
    from printkit.web.engine import record_text, score

    rng = random.Random(seed)
    per_game: dict[str, list[tuple[Path, object, list[dict]]]] = {}
    for name, keeper in sorted(scorekeepers().items()):
        for path in sorted((ROOT / "examples" / name).glob("*.yaml")):
            data, _ = parse_text(path.read_text(encoding="utf-8"), allow_json=True)
            try:
                setup, moves = keeper.split([data])
            except ValueError:
                continue  # not a game a table follows (a referee's single trick)
            moves = [keeper.move.model_validate(m).model_dump(mode="json", by_alias=True) for m in moves]
            if score(keeper, setup, moves).report.violations:
                continue  # a record of mistakes: its moves are refused at a table
            per_game.setdefault(name, []).append((path, setup, moves))
    order = [(g, i) for i in range(max(len(v) for v in per_game.values())) for g in per_game if i < len(per_game[g])]
    out = []
    for k in range(tables):
        game, i = order[k % len(order)]
        path, setup, moves = per_game[game][i]
        keeper = scorekeepers()[game]
        cut = rng.randrange(0, max(1, len(moves) // 2))
        docs = keeper.records(setup, moves[:cut])
        names = keeper.file_names(setup) if len(docs) > 1 else [path.name]
        files = [{"name": n, "text": record_text(d, "yaml")} for n, d in zip(names, docs, strict=True)]
        r = httpx.post(base + "api/import", json={"game": game, "files": files}, timeout=120)
        if r.status_code != 201:
            raise SystemExit(f"{game} {path.name}: the import failed: {r.text[:300]}")
        out.append((game, path.name, r.json(), moves[cut:]))
    return out


def report(label: str, latencies: list[float], server: list[dict[str, float]], wall: float) -> None:
    ms = sorted(x * 1000 for x in latencies)
    q = statistics.quantiles(ms, n=100)
    print(f"{label}: {len(ms)} moves in {wall:.1f} s ({len(ms) / wall:.0f} moves/s)")
    print(f"latency of one move: median {statistics.median(ms):.1f} ms, p95 {q[94]:.1f} ms, "
          f"p99 {q[98]:.1f} ms, max {ms[-1]:.1f} ms (goal: p95 under 50 ms)")
    for part, what in (("app", "the app's own time on it (read to answer)"), ("work", "the game's work in its thread")):
        got = sorted(t[part] * 1000 for t in server if part in t)
        if len(got) > 1:
            print(f"of which {what}: median {statistics.median(got):.1f} ms, "
                  f"p95 {statistics.quantiles(got, n=100)[94]:.1f} ms, max {got[-1]:.1f} ms")


def run_mix(args: argparse.Namespace, base: str) -> None:
    plan_ = mix(base, args.tables)
    pace = tuple(float(x) for x in args.pace.split(",")) if "," in args.pace else (float(args.pace),) * 2
    latencies: list[float] = []
    server: list[dict[str, float]] = []
    errors: list[str] = []
    per: list[list[float]] = [[] for _ in plan_]
    stop = threading.Event()
    until = time.perf_counter() + args.seconds
    threads = [threading.Thread(target=play, args=(base, t, moves, pace, per[k], server, errors, until))
               for k, (_, _, t, moves) in enumerate(plan_)]
    threads += [threading.Thread(target=follow, args=(base, t["id"], t["version"] + len(moves), stop, t["version"]),
                                 daemon=True) for _, _, t, moves in plan_]
    t0 = time.perf_counter()
    for th in threads:
        th.start()
    for th in threads[:len(plan_)]:
        th.join()
    wall = time.perf_counter() - t0
    stop.set()
    for th in threads[len(plan_):]:
        th.join(1)
    if errors:
        raise SystemExit(f"{len(errors)} moves failed, first: {errors[0]}")
    print(f"{'table':>5}  {'game':<14}{'example':<26}{'moves at start':>15}{'posted':>8}{'p95 ms':>8}")
    for k, ((game, example, t, _), lat) in enumerate(zip(plan_, per, strict=True)):
        p95 = statistics.quantiles([x * 1000 for x in lat], n=100)[94] if len(lat) > 1 else float("nan")
        print(f"{k + 1:>5}  {game:<14}{example:<26}{len(t['moves']):>15}{len(lat):>8}{p95:>8.1f}")
        latencies += lat
    report(f"{args.tables} tables of {len({g for g, *_ in plan_})} games, a move every "
           f"{pace[0]:g}-{pace[1]:g} s a table, each followed by a long-polling phone", latencies, server, wall)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--pile", type=int, default=60)
    ap.add_argument("--think", type=float, default=0.25, help="mean seconds between a table's moves")
    ap.add_argument("--game", help="play this game's --example record instead of Nim")
    ap.add_argument("--example", type=Path, help="a record file of --game")
    ap.add_argument("--mix", action="store_true", help="a real game of a different game on each table")
    ap.add_argument("--pace", default="0.5,1", help="--mix: seconds between a table's moves, LOW,HIGH (0: saturate)")
    ap.add_argument("--seconds", type=float, default=60, help="--mix: how long the tables play")
    args = ap.parse_args()
    if args.mix:
        with tempfile.TemporaryDirectory() as tmp:
            proc, base = start_server(Path(tmp) / "bench.sqlite3")
            try:
                run_mix(args, base)
            finally:
                stop_server(proc)
        return
    game, setup, moves = plan(args)
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = start_server(Path(tmp) / "bench.sqlite3")
        try:
            tables = [httpx.post(base + "api/tables", json={"game": game, "setup": setup}).json()
                      for _ in range(args.tables)]
            latencies: list[float] = []
            server: list[dict[str, float]] = []
            errors: list[str] = []
            stop = threading.Event()
            threads = [threading.Thread(target=play, args=(base, t, moves, args.think, latencies, server, errors))
                       for t in tables]
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
            stop_server(proc)
    if errors:
        raise SystemExit(f"{len(errors)} moves failed, first: {errors[0]}")
    report(f"{game}: {args.tables} tables x {len(moves)} moves, {args.think:g} s between moves on average, each "
           "table followed by a long-polling phone", latencies, server, wall)


if __name__ == "__main__":
    main()
