"""Tables kept in SQLite: each table's setup and its history, an append-only list of entries.

One file (``--db PATH``; by default ``$XDG_DATA_HOME/printkit/tables.sqlite3``), WAL journal, one
transaction per change. A change carries the version the page saw: ``BEGIN IMMEDIATE`` takes the
write lock, the version is compared inside the transaction, so two phones posting on the same
version get one success and one :class:`Stale` (nothing is overwritten).

Every change is an *entry* of the table's history (a move, an undo naming the move it takes back,
a redo, a reopen, an archive or restore), with its time and the version it made; nothing is ever
deleted but a whole table, on purpose. The table's moves now are what its entries fold to
(:func:`fold`). The version counts every change, so ``(table, version)`` names one state of a
table for ever.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: The schema's version (``PRAGMA user_version``): 0 is the first one (``moves`` rows deleted by
#: an undo), 1 keeps the history in ``entries``. A database is brought up to date when opened.
SCHEMA_VERSION = 1

ENTRIES = """
CREATE TABLE IF NOT EXISTS entries (
    table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    version INTEGER NOT NULL,
    time TEXT NOT NULL,
    kind TEXT NOT NULL,
    move TEXT,
    target INTEGER,
    totals TEXT,
    PRIMARY KEY (table_id, seq)
)"""

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    finished TEXT,
    archived TEXT
);
""" + ENTRIES + """;
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

#: The kinds of entries. ``start``: a move the table began with (an imported record's, or one
#: stored before the history was kept); ``move``: a move played; ``undo``: takes back the move
#: entry ``target``; ``redo``: plays the move entry ``target`` again; ``reopen``: a finished game
#: opened to change it; ``archive`` / ``restore``: hidden from the home list, or shown again.
KINDS = ("start", "move", "undo", "redo", "reopen", "archive", "restore")


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
class Entry:
    """One change of a table, as stored."""

    seq: int
    version: int
    time: str
    kind: str
    move: dict[str, Any] | None
    target: int | None
    totals: list[int] | None


@dataclass(frozen=True)
class Folded:
    """What a history comes to: the move entries in play, oldest first, and the move entries
    undone that a redo may play again (the next one last)."""

    played: list[Entry]
    undone: list[Entry]


def walk(history: Sequence[Entry]) -> Iterator[tuple[Entry, list[Entry], list[Entry]]]:
    """Each entry with the move entries in play and those undone just after it (the same two
    lists each time, changed in place): a move (or start) is played after the others and forgets
    what was undone; an undo takes back the last; a redo plays the last undone again."""
    played: list[Entry] = []
    undone: list[Entry] = []
    by_seq = {e.seq: e for e in history}
    for e in history:
        if e.kind in ("start", "move"):
            played.append(e)
            undone.clear()
        elif e.kind == "undo" and played:
            undone.append(played.pop())
        elif e.kind == "redo" and e.target in by_seq:
            if undone and undone[-1].seq == e.target:
                undone.pop()
            played.append(by_seq[e.target])
        yield e, played, undone


def fold(history: Sequence[Entry]) -> Folded:
    """What a history comes to (see :func:`walk`)."""
    last: tuple[list[Entry], list[Entry]] = ([], [])
    for _e, played, undone in walk(history):
        last = (played, undone)
    return Folded(list(last[0]), list(last[1]))


@dataclass(frozen=True)
class Row:
    """One table as stored: its history, and the moves it folds to."""

    id: int
    game: str
    setup: dict[str, Any]
    version: int
    created: str
    updated: str
    finished: str | None
    moves: list[dict[str, Any]]
    archived: str | None = None
    history: tuple[Entry, ...] = ()
    #: The moves undone that a redo may play again, the next one last.
    undone: tuple[dict[str, Any], ...] = ()


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)


#: The first bytes of every SQLite database file.
SQLITE_HEADER = b"SQLite format 3\x00"


def _refuse_other_files(path: Path) -> None:
    """A sqlite3.DatabaseError if ``path`` is a regular file holding something but a database:
    SQLite takes a file of one byte (``--db notes.txt`` holding an empty line) for an empty
    database and writes over it. An empty or missing file is a new database."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return  # a folder or a device: SQLite's own error says so
        with open(path, "rb") as f:
            head = f.read(len(SQLITE_HEADER))
    except OSError:
        return  # missing (a new database) or unreadable: SQLite's own error says so
    if head and head != SQLITE_HEADER:
        raise sqlite3.DatabaseError("file is not a database")


class Store:
    """The tables of one database file. Thread-safe: one connection behind a lock."""

    def __init__(self, path: Path | str):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        _refuse_other_files(self.path)
        self._db = sqlite3.connect(str(self.path), check_same_thread=False, isolation_level=None, timeout=10)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._migrate()
        self._db.executescript(SCHEMA)

    def _migrate(self) -> None:
        """Bring a database of an older schema up to :data:`SCHEMA_VERSION`, losing nothing: the
        first schema's ``moves`` become ``start`` entries (at the table's version and last change,
        their totals kept), then ``moves`` goes. One transaction: all of it or none."""
        with self._write() as db:
            found = int(db.execute("PRAGMA user_version").fetchone()[0])
            if found > SCHEMA_VERSION:
                raise sqlite3.DatabaseError(f"{self.path}: schema {found} is newer than this printkit's "
                                            f"({SCHEMA_VERSION}); upgrade printkit")
            names = {n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if found == 0 and "moves" in names:
                db.execute("ALTER TABLE tables ADD COLUMN archived TEXT")
                db.execute(ENTRIES)  # one statement at a time: executescript would commit
                db.execute("INSERT INTO entries (table_id, seq, version, time, kind, move, target, totals) "
                           "SELECT m.table_id, m.seq, t.version, t.updated, 'start', m.move, NULL, m.totals "
                           "FROM moves m JOIN tables t ON t.id = m.table_id")
                db.execute("DROP TABLE moves")
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

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
        """A new table (with ``moves`` already played, for an imported record): its id. The moves
        given are ``start`` entries at version 0."""
        stamp = now()
        with self._write() as db:
            cur = db.execute("INSERT INTO tables (game, setup, version, created, updated) VALUES (?, ?, 0, ?, ?)",
                             (game, _dumps(setup), stamp, stamp))
            table_id = int(cur.lastrowid or 0)
            db.executemany("INSERT INTO entries (table_id, seq, version, time, kind, move) "
                           "VALUES (?, ?, 0, ?, 'start', ?)",
                           [(table_id, i, stamp, _dumps(m)) for i, m in enumerate(moves or [])])
        return table_id

    def _history(self, db: sqlite3.Connection, table_id: int) -> list[Entry]:
        return [Entry(seq, version, stamp, kind, _loads(move), target, _loads(totals))
                for seq, version, stamp, kind, move, target, totals in db.execute(
                    "SELECT seq, version, time, kind, move, target, totals FROM entries WHERE table_id = ? "
                    "ORDER BY seq", (table_id,))]

    def get(self, table_id: int) -> Row:
        with self._lock:
            row = self._db.execute("SELECT id, game, setup, version, created, updated, finished, archived "
                                   "FROM tables WHERE id = ?", (table_id,)).fetchone()
            if row is None:
                raise Missing(table_id)
            history = self._history(self._db, table_id)
        folded = fold(history)
        return Row(row[0], row[1], json.loads(row[2]), row[3], row[4], row[5], row[6],
                   [dict(e.move or {}) for e in folded.played], row[7], tuple(history),
                   tuple(dict(e.move or {}) for e in folded.undone))

    def version(self, table_id: int) -> int:
        with self._lock:
            row = self._db.execute("SELECT version FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            raise Missing(table_id)
        return int(row[0])

    def _check(self, db: sqlite3.Connection, table_id: int, version: int) -> None:
        """Nothing, once the table's version is ``version`` (else Stale/Missing)."""
        row = db.execute("SELECT version FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            raise Missing(table_id)
        if row[0] != version:
            raise Stale(row[0])

    def _entry(self, db: sqlite3.Connection, table_id: int, version: int, kind: str, move: dict[str, Any] | None = None,
               target: int | None = None, totals: list[int] | None = None) -> None:
        """Append one entry (the table's new version is ``version + 1``)."""
        (seq,) = db.execute("SELECT COALESCE(MAX(seq) + 1, 0) FROM entries WHERE table_id = ?", (table_id,)).fetchone()
        db.execute("INSERT INTO entries (table_id, seq, version, time, kind, move, target, totals) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                   (table_id, seq, version + 1, now(), kind, None if move is None else _dumps(move), target,
                    None if totals is None else _dumps(totals)))

    def add_move(self, table_id: int, version: int, move: dict[str, Any], finished: bool,
                 totals: list[int] | None = None) -> int:
        """Play ``move`` after the others if the table is still at ``version``: the new version."""
        with self._write() as db:
            self._check(db, table_id, version)
            self._entry(db, table_id, version, "move", move, totals=totals)
            self._bump(db, table_id, finished)
        return version + 1

    def undo(self, table_id: int, version: int, finished: bool) -> int:
        """Take back the last move if the table is still at ``version`` (an ``undo`` entry naming
        it; the move's own entry stays): the new version."""
        with self._write() as db:
            self._check(db, table_id, version)
            folded = fold(self._history(db, table_id))
            if not folded.played:
                raise IndexError("nothing to undo: no move has been played")
            self._entry(db, table_id, version, "undo", target=folded.played[-1].seq)
            self._bump(db, table_id, finished)
        return version + 1

    def redo(self, table_id: int, version: int, finished: bool) -> int:
        """Play the last move undone again if the table is still at ``version`` (a ``redo`` entry
        naming the move's entry): the new version."""
        with self._write() as db:
            self._check(db, table_id, version)
            folded = fold(self._history(db, table_id))
            if not folded.undone:
                raise IndexError("nothing to redo")
            self._entry(db, table_id, version, "redo", target=folded.undone[-1].seq)
            self._bump(db, table_id, finished)
        return version + 1

    def reopen(self, table_id: int, version: int) -> int:
        """Open a finished game to change it again (a ``reopen`` entry): the new version."""
        with self._write() as db:
            self._check(db, table_id, version)
            self._entry(db, table_id, version, "reopen")
            self._bump(db, table_id, False)
        return version + 1

    def archive(self, table_id: int, archived: bool) -> int:
        """Hide the table from the home list, or show it again (an ``archive`` / ``restore``
        entry; nothing else changes): the new version."""
        with self._write() as db:
            row = db.execute("SELECT version, archived FROM tables WHERE id = ?", (table_id,)).fetchone()
            if row is None:
                raise Missing(table_id)
            version = int(row[0])
            self._entry(db, table_id, version, "archive" if archived else "restore")
            db.execute("UPDATE tables SET version = version + 1, updated = ?, archived = ? WHERE id = ?",
                       (now(), now() if archived else None, table_id))
        return version + 1

    def delete(self, table_id: int) -> None:
        """The table and its whole history, gone for good."""
        with self._write() as db:
            if db.execute("DELETE FROM tables WHERE id = ?", (table_id,)).rowcount == 0:
                raise Missing(table_id)

    def _bump(self, db: sqlite3.Connection, table_id: int, finished: bool) -> None:
        stamp = now()
        db.execute("UPDATE tables SET version = version + 1, updated = ?, finished = ? WHERE id = ?",
                   (stamp, stamp if finished else None, table_id))

    def mark_finished(self, table_id: int, finished: bool) -> None:
        """Set or clear the finished time without a new version (an imported game that is over)."""
        with self._write() as db:
            db.execute("UPDATE tables SET finished = ? WHERE id = ?",
                       (now() if finished else None, table_id))

    def listing(self, finished: bool | None = None,
                archived: bool | None = False) -> list[tuple[int, str, int, str, str, str | None]]:
        """(id, game, version, created, updated, finished) of every table, newest change first;
        archived tables only with ``archived=True`` (all with None)."""
        where = []
        if finished is not None:
            where.append("finished IS NOT NULL" if finished else "finished IS NULL")
        if archived is not None:
            where.append("archived IS NOT NULL" if archived else "archived IS NULL")
        sql = " WHERE " + " AND ".join(where) if where else ""
        with self._lock:
            rows = self._db.execute(f"SELECT id, game, version, created, updated, finished FROM tables{sql} "
                                    "ORDER BY updated DESC, id DESC").fetchall()
        return [tuple(r) for r in rows]

    def _played(self, table_id: int) -> list[Entry]:
        return fold(self._history(self._db, table_id)).played

    def totals(self, table_id: int) -> list[list[int] | None]:
        """The running totals stored after each move in play (None where not known yet)."""
        with self._lock:
            return [e.totals for e in self._played(table_id)]

    def set_totals(self, table_id: int, totals: list[list[int]]) -> None:
        """Keep the running totals after each move in play (with each move's entry)."""
        with self._write() as db:
            played = fold(self._history(db, table_id)).played
            db.executemany("UPDATE entries SET totals = ? WHERE table_id = ? AND seq = ?",
                           [(_dumps(t), table_id, e.seq) for e, t in zip(played, totals, strict=False)])

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
