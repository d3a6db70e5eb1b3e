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

``--mix``: a game night (issue 25's benchmark). Every table plays a real game of a different game
(the example records of every registered game, round robin over the games), the first imported at
a random point of its first half (a game under way), then played on move by move, one move every
``--pace`` seconds (default 1: at fixed times, each table at its own offset within the first
second; ``LOW,HIGH``: a random pause between the two) for ``--seconds`` (default 60). A table
never runs out of moves: when its game ends (or its record does), the next game of the round robin
starts on a new table (``POST /api/tables``), so every table keeps posting for the whole run;
``--pace 0`` saturates the server. Prints each table's games and moves, the machine's load
average (``os.getloadavg()``) at the start and at the end, then the latency of one move (median,
p95, p99, max; goal: p95 under 50 ms on a quiet machine) and the server's own share: ``app`` (from
the request read to the answer, in the event loop) and ``work`` (the game's work in its worker
thread).

Every client talks as the app's own page does (docs/serve.md, Security): it loads ``/`` first,
keeps the ``printkit_csrf`` cookie the server sets there (or makes one, on a server that sets
none) and repeats it in ``X-Printkit-Csrf``, and sends ``Origin: http://HOST:PORT`` (the address
the server printed, which is also the ``Host`` it sends) and ``Content-Type: application/json``.
Not a test: run it by hand.

    .venv/bin/python benchmarks/bench_serve.py [--tables 20] [--pile 60] [--think 0.25]
    .venv/bin/python benchmarks/bench_serve.py --game trickdumpling --example examples/trickdumpling/four-players.yaml
    .venv/bin/python benchmarks/bench_serve.py --mix [--tables 20] [--pace 1] [--seconds 60]
    .venv/bin/python benchmarks/bench_serve.py --mix --pace 0
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]

#: The per-browser token of the double submit: the cookie the server sets, the header repeating it.
CSRF_COOKIE, CSRF_HEADER = "printkit_csrf", "X-Printkit-Csrf"


@contextmanager
def client(base: str) -> Iterator[httpx.Client]:
    """An HTTP client that sends what the app's own page sends: it loads ``/`` (the server sets
    the ``printkit_csrf`` cookie on the answer to a request without one; a server that sets none
    gets one made here), then every request carries that cookie, ``X-Printkit-Csrf`` repeating
    it, ``Origin: http://`` + the Host it sends (the address the server printed) and
    ``Content-Type: application/json``."""
    with httpx.Client(base_url=base, timeout=60) as c:
        token = c.get("/").cookies.get(CSRF_COOKIE) or secrets.token_urlsafe(32)
        c.cookies.clear()  # the header below is the one cookie sent
        c.headers.update({"Origin": base.rstrip("/"), "Content-Type": "application/json", CSRF_HEADER: token,
                          "Cookie": f"{CSRF_COOKIE}={token}"})
        yield c


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
            httpx.get(base + "api/games", timeout=2, headers={"Origin": base.rstrip("/")})
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
    with client(base) as c:
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
    with client(base) as c:
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


def report(label: str, latencies: list[float], server: list[dict[str, float]], wall: float) -> None:
    ms = sorted(x * 1000 for x in latencies)
    q = statistics.quantiles(ms, n=100, method="inclusive")
    print(f"{label}: {len(ms)} moves in {wall:.1f} s ({len(ms) / wall:.0f} moves/s)")
    print(f"latency of one move: p50 {statistics.median(ms):.1f} ms, p95 {q[94]:.1f} ms, "
          f"p99 {q[98]:.1f} ms, max {ms[-1]:.1f} ms (goal: p95 under 50 ms)")
    for part, what in (("app", "the app's own time on it (read to answer)"), ("work", "the game's work in its thread")):
        got = sorted(t[part] * 1000 for t in server if part in t)
        if len(got) > 1:
            print(f"of which {what}: median {statistics.median(got):.1f} ms, "
                  f"p95 {statistics.quantiles(got, n=100, method='inclusive')[94]:.1f} ms, max {got[-1]:.1f} ms")


def games_played() -> list[tuple[str, Path, object, list[dict]]]:
    """(game, example, setup, moves) of every whole legal game among the examples, round robin
    over the games (a table's first game is entry k; its next ones k + tables, k + 2 tables ...)."""
    from printkit.core.registry import scorekeepers
    from printkit.core.yamlio import parse_text
    from printkit.web.engine import score

    per_game: dict[str, list[tuple[Path, object, list[dict]]]] = {}
    for name, keeper in sorted(scorekeepers().items()):
        for path in sorted((ROOT / "examples" / name).glob("*.yaml")):
            data, _ = parse_text(path.read_text(encoding="utf-8"), allow_json=True)
            try:
                setup, moves = keeper.split([data])
            except ValueError:
                continue  # not a game a table follows (a referee's single trick)
            moves = [keeper.move.model_validate(m).model_dump(mode="json", by_alias=True) for m in moves]
            if not moves or score(keeper, setup, moves).report.violations:
                continue  # a record of mistakes: its moves are refused at a table
            per_game.setdefault(name, []).append((path, setup, moves))
    return [(g, *per_game[g][i]) for i in range(max(len(v) for v in per_game.values()))
            for g in per_game if i < len(per_game[g])]


def import_under_way(c: httpx.Client, game: str, path: Path, setup, moves: list[dict], cut: int) -> dict:
    """A table imported with the first ``cut`` moves of the game already played (the answer)."""
    from printkit.core.registry import scorekeepers
    from printkit.web.engine import record_text

    keeper = scorekeepers()[game]
    docs = keeper.records(setup, moves[:cut])
    names = keeper.file_names(setup) if len(docs) > 1 else [path.name]
    files = [{"name": n, "text": record_text(d, "yaml")} for n, d in zip(names, docs, strict=True)]
    r = c.post("/api/import", json={"game": game, "files": files}, timeout=120)
    if r.status_code != 201:
        raise SystemExit(f"{game} {path.name}: the import failed: {r.text[:300]}")
    return r.json()


class Seat:
    """One table of the night as its phones see it: the table in play now (a new one each game),
    the version its long-polling phone waits past, and what was measured."""

    def __init__(self) -> None:
        self.table: tuple[int, int] = (0, 0)  # (id, version when it started)
        self.done: int | None = None  # the table's last version, once its game is over
        self.latencies: list[float] = []
        self.started: list[float] = []  # each new table's POST /api/tables, seconds
        self.games: list[str] = []


def keep_posting(base: str, seat: Seat, entries: list, first: int, step: int, start: tuple[dict, list[dict]],
                 pace: tuple[float, float], t0: float, until: float, server: list[dict[str, float]],
                 errors: list[str]) -> None:
    """Post one move every ``pace`` seconds until ``until``; when a game ends, start the next one
    (``entries[first + step]``, ...) on a new table, at once, and go on posting."""
    rng = random.Random(first)
    fixed = pace[0] == pace[1]
    due = t0 + (rng.uniform(0, pace[0]) if fixed else rng.uniform(*pace))  # tables not all in step
    table, moves = start
    k = first
    with client(base) as c:
        while True:
            seat.table, seat.done = (table["id"], table["version"]), None
            version = table["version"]
            for move in moves:
                time.sleep(max(0.0, due - time.perf_counter()))
                if time.perf_counter() >= until:
                    return
                due = max(due + (pace[0] if fixed else rng.uniform(*pace)), time.perf_counter())
                sent = time.perf_counter()
                r = c.post(f"/api/tables/{table['id']}/moves", json={"version": version, "move": move})
                seat.latencies.append(time.perf_counter() - sent)
                server.append(timing(r.headers.get("server-timing", "")))
                if r.status_code != 200:
                    errors.append(f"{seat.games[-1]}: {r.status_code} {r.text[:200]}")
                    break
                answer = r.json()
                version = answer["version"]
                if answer["over"]:  # the game has ended (a record may go on after it): it is locked
                    break
            seat.done = version
            k += step
            game, _path, setup, moves = entries[k % len(entries)]
            sent = time.perf_counter()
            r = c.post("/api/tables", json={"game": game, "setup": setup.model_dump(mode="json", by_alias=True)})
            seat.started.append(time.perf_counter() - sent)
            if r.status_code != 201:
                errors.append(f"new {game} table: {r.status_code} {r.text[:200]}")
                return
            table = r.json()
            seat.games.append(game)


def follow_seat(base: str, seat: Seat, stop: threading.Event) -> None:
    """A phone at the table: long-polls the table in play, and the next one when a game ends."""
    current, version = 0, 0
    with client(base) as c:
        while not stop.is_set():
            (table_id, started), done = seat.table, seat.done
            if table_id != current:
                current, version = table_id, started
            if done is not None and version >= done:  # this game is over: wait for the next table
                stop.wait(0.02)
                continue
            try:
                version = c.get(f"/api/tables/{current}", params={"since": version}).json()["version"]
            except (httpx.HTTPError, ValueError, KeyError):
                return  # the server stopped at the end of the run


def run_mix(args: argparse.Namespace, base: str) -> None:
    entries = games_played()
    pace = tuple(float(x) for x in args.pace.split(",")) if "," in args.pace else (float(args.pace),) * 2
    rng = random.Random(7)
    seats = [Seat() for _ in range(args.tables)]
    starts = []
    with client(base) as c:
        for k, seat in enumerate(seats):
            game, path, setup, moves = entries[k % len(entries)]
            cut = rng.randrange(0, max(1, len(moves) // 2))
            seat.games.append(game)
            table = import_under_way(c, game, path, setup, moves, cut)
            seat.table = (table["id"], table["version"])
            starts.append((table, moves[cut:]))
    server: list[dict[str, float]] = []
    errors: list[str] = []
    stop = threading.Event()
    load_start = os.getloadavg()
    t0 = time.perf_counter()
    until = t0 + args.seconds
    players = [threading.Thread(target=keep_posting, args=(base, seat, entries, k, args.tables, starts[k], pace, t0,
                                                           until, server, errors))
               for k, seat in enumerate(seats)]
    phones = [threading.Thread(target=follow_seat, args=(base, seat, stop), daemon=True) for seat in seats]
    for th in players + phones:
        th.start()
    for th in players:
        th.join()
    wall = time.perf_counter() - t0
    load_end = os.getloadavg()
    stop.set()
    for th in phones:
        th.join(1)
    print(f"{'table':>5}  {'games (the first imported under way)':<58}{'posted':>7}{'p95 ms':>8}")
    latencies: list[float] = []
    for k, seat in enumerate(seats):
        lat = [x * 1000 for x in seat.latencies]
        p95 = statistics.quantiles(lat, n=100, method="inclusive")[94] if len(lat) > 1 else float("nan")
        print(f"{k + 1:>5}  {', '.join(seat.games)[:57]:<58}{len(lat):>7}{p95:>8.1f}")
        latencies += seat.latencies
    new_tables = sorted(x * 1000 for seat in seats for x in seat.started)
    if new_tables:
        print(f"{len(new_tables)} games started on a new table during the run (POST /api/tables: median "
              f"{statistics.median(new_tables):.1f} ms, max {new_tables[-1]:.1f} ms)")
    print("load average (1, 5, 15 min): at the start " + ", ".join(f"{x:.2f}" for x in load_start)
          + "; at the end " + ", ".join(f"{x:.2f}" for x in load_end) + f" ({os.cpu_count()} cores)")
    games_ = len({g for seat in seats for g in seat.games})
    rate = f"a move every {pace[0]:g} s" if pace[0] == pace[1] else f"a move every {pace[0]:g}-{pace[1]:g} s"
    report(f"{args.tables} tables of {games_} games, {rate} a table for {args.seconds:g} s, each followed by "
           "a long-polling phone", latencies, server, wall)
    if errors:
        raise SystemExit(f"{len(errors)} moves failed, first: {errors[0]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--pile", type=int, default=60)
    ap.add_argument("--think", type=float, default=0.25, help="mean seconds between a table's moves")
    ap.add_argument("--game", help="play this game's --example record instead of Nim")
    ap.add_argument("--example", type=Path, help="a record file of --game")
    ap.add_argument("--mix", action="store_true", help="a real game of a different game on each table")
    ap.add_argument("--pace", default="1", help="--mix: seconds between a table's moves: S, or LOW,HIGH at random "
                    "(0: saturate)")
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
            with client(base) as c:
                tables = [c.post("/api/tables", json={"game": game, "setup": setup}).json() for _ in range(args.tables)]
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
