"""Tables kept in SQLite: each table's setup and the moves posted, nothing else.

One file (``--db PATH``; by default ``$XDG_DATA_HOME/printkit/tables.sqlite3``), WAL journal, one
transaction per change. A change carries the version the page saw: ``BEGIN IMMEDIATE`` takes the
write lock, the version is compared inside the transaction, so two phones posting on the same
version get one success and one :class:`Stale` (nothing is overwritten). The version counts every
change (a move or an undo), so ``(table, version)`` names one state of a table for ever.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    finished TEXT
);
CREATE TABLE IF NOT EXISTS moves (
    table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    move TEXT NOT NULL,
    totals TEXT,
    PRIMARY KEY (table_id, seq)
);
CREATE TABLE IF NOT EXISTS seats (
    table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat TEXT NOT NULL,
    secret TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS hosts (
    table_id INTEGER PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE,
    key TEXT NOT NULL
);
"""


def default_path() -> Path:
    """``$XDG_DATA_HOME/printkit/tables.sqlite3`` (``~/.local/share`` when unset)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "printkit" / "tables.sqlite3"


def now() -> str:
    """The time in UTC, to the second, as ISO 8601 (``2026-11-30T05:01:27Z``)."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


class Stale(Exception):
    """The version posted is not the table's version any more."""

    def __init__(self, version: int):
        super().__init__(version)
        self.version = version


class Missing(Exception):
    """No table has that id."""


@dataclass(frozen=True)
class Row:
    """One table as stored."""

    id: int
    game: str
    setup: dict[str, Any]
    version: int
    created: str
    updated: str
    finished: str | None
    moves: list[dict[str, Any]]


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


class Store:
    """The tables of one database file. Thread-safe: one connection behind a lock."""

    def __init__(self, path: Path | str):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(self.path), check_same_thread=False, isolation_level=None, timeout=10)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One transaction holding the write lock from its start (``BEGIN IMMEDIATE``)."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def create(self, game: str, setup: dict[str, Any], moves: list[dict[str, Any]] | None = None) -> int:
        """A new table (with ``moves`` already played, for an imported record): its id."""
        stamp = now()
        with self._write() as db:
            cur = db.execute("INSERT INTO tables (game, setup, version, created, updated) VALUES (?, ?, 0, ?, ?)",
                             (game, _dumps(setup), stamp, stamp))
            table_id = int(cur.lastrowid or 0)
            db.executemany("INSERT INTO moves (table_id, seq, move) VALUES (?, ?, ?)",
                           [(table_id, i, _dumps(m)) for i, m in enumerate(moves or [])])
        return table_id

    def get(self, table_id: int) -> Row:
        with self._lock:
            row = self._db.execute("SELECT id, game, setup, version, created, updated, finished FROM tables "
                                   "WHERE id = ?", (table_id,)).fetchone()
            if row is None:
                raise Missing(table_id)
            moves = [json.loads(m) for (m,) in self._db.execute(
                "SELECT move FROM moves WHERE table_id = ? ORDER BY seq", (table_id,))]
        return Row(row[0], row[1], json.loads(row[2]), row[3], row[4], row[5], row[6], moves)

    def version(self, table_id: int) -> int:
        with self._lock:
            row = self._db.execute("SELECT version FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            raise Missing(table_id)
        return int(row[0])

    def _check(self, db: sqlite3.Connection, table_id: int, version: int) -> int:
        """The number of moves stored, once the table's version is ``version`` (else Stale/Missing)."""
        row = db.execute("SELECT version, (SELECT COUNT(*) FROM moves WHERE table_id = ?) FROM tables "
                         "WHERE id = ?", (table_id, table_id)).fetchone()
        if row is None:
            raise Missing(table_id)
        if row[0] != version:
            raise Stale(row[0])
        return int(row[1])

    def add_move(self, table_id: int, version: int, move: dict[str, Any], finished: bool,
                 totals: list[int] | None = None) -> int:
        """Store ``move`` after the others if the table is still at ``version``: the new version."""
        with self._write() as db:
            count = self._check(db, table_id, version)
            db.execute("INSERT INTO moves (table_id, seq, move, totals) VALUES (?, ?, ?, ?)",
                       (table_id, count, _dumps(move), None if totals is None else _dumps(totals)))
            self._bump(db, table_id, finished)
        return version + 1

    def undo(self, table_id: int, version: int, finished: bool) -> int:
        """Remove the last move if the table is still at ``version``: the new version."""
        with self._write() as db:
            count = self._check(db, table_id, version)
            if count == 0:
                raise IndexError("nothing to undo: no move has been played")
            db.execute("DELETE FROM moves WHERE table_id = ? AND seq = ?", (table_id, count - 1))
            self._bump(db, table_id, finished)
        return version + 1

    def _bump(self, db: sqlite3.Connection, table_id: int, finished: bool) -> None:
        stamp = now()
        db.execute("UPDATE tables SET version = version + 1, updated = ?, finished = ? WHERE id = ?",
                   (stamp, stamp if finished else None, table_id))

    def mark_finished(self, table_id: int, finished: bool) -> None:
        """Set or clear the finished time without a new version (an imported game that is over)."""
        with self._write() as db:
            db.execute("UPDATE tables SET finished = ? WHERE id = ?",
                       (now() if finished else None, table_id))

    def listing(self, finished: bool | None = None) -> list[tuple[int, str, int, str, str, str | None]]:
        """(id, game, version, created, updated, finished) of every table, newest change first."""
        where = "" if finished is None else ("WHERE finished IS NOT NULL" if finished else "WHERE finished IS NULL")
        with self._lock:
            rows = self._db.execute(f"SELECT id, game, version, created, updated, finished FROM tables {where} "
                                    "ORDER BY updated DESC, id DESC").fetchall()
        return [tuple(r) for r in rows]

    def totals(self, table_id: int) -> list[list[int] | None]:
        """The running totals stored after each move (None where not known yet)."""
        with self._lock:
            rows = self._db.execute("SELECT totals FROM moves WHERE table_id = ? ORDER BY seq",
                                    (table_id,)).fetchall()
        return [None if t is None else json.loads(t) for (t,) in rows]

    def set_totals(self, table_id: int, totals: list[list[int]]) -> None:
        with self._write() as db:
            db.executemany("UPDATE moves SET totals = ? WHERE table_id = ? AND seq = ?",
                           [(_dumps(t), table_id, i) for i, t in enumerate(totals)])


    # -- seats: a table where each player follows on their own phone (see printkit/web/seats.py)

    def add_seats(self, table_id: int, host: str, seats: dict[str, str]) -> None:
        """Make ``table_id`` a table with seats: the host's key and each seat's secret."""
        with self._write() as db:
            db.execute("INSERT INTO hosts (table_id, key) VALUES (?, ?)", (table_id, host))
            db.executemany("INSERT INTO seats (table_id, seat, secret) VALUES (?, ?, ?)",
                           [(table_id, seat, secret) for seat, secret in seats.items()])

    def seats(self, table_id: int) -> tuple[str, dict[str, str]] | None:
        """(host key, {seat: secret}) of a table with seats, None for a table without."""
        with self._lock:
            host = self._db.execute("SELECT key FROM hosts WHERE table_id = ?", (table_id,)).fetchone()
            if host is None:
                return None
            rows = self._db.execute("SELECT seat, secret FROM seats WHERE table_id = ? ORDER BY rowid",
                                    (table_id,)).fetchall()
        return str(host[0]), {str(a): str(b) for a, b in rows}
