"""The web app of ``printkit serve`` (Starlette): pages, the shell's files, each game's page files
and the JSON API of docs/serve.md. Names no game: games are found through the registry.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
import functools
import html
import json
import re
import sys
import time
import traceback
from pathlib import Path
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from pydantic import BaseModel, ValidationError
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.routing import Route

from printkit.core.records import MAX_BYTES, parse_record, parse_records
from printkit.core.registry import scorekeepers
from printkit.core.table import Scorekeeper, describe_move
from printkit.errors import InputError, PrintkitError
from printkit.web import engine
from printkit.web.engine import Refused, Scored
from printkit.web import seats
from printkit.web.seats import PUBLIC, Who
from printkit.web.security import SECURITY_HEADERS, Gate, loopback_hosts
from printkit.web.store import Missing, Row, Stale, Store, walk

STATIC = Path(__file__).parent / "static"
#: How long ``GET /api/tables/{id}?since=V`` waits for a change before answering "unchanged".
POLL_SECONDS = 20.0
#: How often a waiting poll looks at the table's version in the database (another process may write
#: the file too); changes made through this app wake it at once.
POLL_STEP = 1.0
#: Largest request body: a few record files.
MAX_BODY = 8 * MAX_BYTES
#: At most this many record files in one import.
MAX_FILES = 16
_ASSET = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]*$")
_ID = re.compile(r"^[0-9]{1,12}$")
_TYPES = {".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
          ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".png": "image/png",
          ".json": "application/json", ".html": "text/html; charset=utf-8", ".woff2": "font/woff2",
          ".ico": "image/x-icon", ".txt": "text/plain; charset=utf-8"}


#: Why a table with seats cannot be exported now (the page says it too, from the table's ``secret``).
SECRET_EXPORT = ("The record holds cards or choices the players keep secret until they are revealed "
                 "(such as at the end of a round): export it then.")


class Problem(Exception):
    """A request the app refuses: status, one line, and anything else for the JSON body."""

    def __init__(self, status: int, message: str, **extra: Any):
        super().__init__(message)
        self.status, self.message, self.extra = status, message, extra


# ---------------------------------------------------------------------------------------------
# Tables: stored rows to the table JSON


class Tables:
    """The store, the games and the cache of scored states, shared by every request."""

    def __init__(self, store: Store):
        self.store = store
        self.cache = engine.Cache(1024)
        self.changes = Changes()

    @functools.cached_property
    def keepers(self) -> dict[str, Scorekeeper]:
        """The registered games, found once (finding them scans the installed packages)."""
        return dict(scorekeepers())

    def keeper(self, game: str) -> Scorekeeper:
        found = self.keepers
        if game not in found:
            raise Problem(404, f"no game {game!r} can be kept at the table; games: {', '.join(sorted(found))}")
        return found[game]

    def row(self, table_id: int) -> Row:
        """The table as stored now (kept by version: a version's row never changes)."""
        try:
            version = self.store.version(table_id)
            hit = self.cache.get((table_id, version, "row"))
            if hit is None:
                hit = self.store.get(table_id)
                self.cache.put((hit.id, hit.version, "row"), hit)
            return hit
        except Missing:
            raise Problem(404, f"no table {table_id}") from None

    def response(self, table_id: int, status: int = 200, who: Who = PUBLIC) -> Response:
        """The table's JSON as the API answers it to ``who`` (encoded once a version and seat)."""
        row = self.row(table_id)
        key = (row.id, row.version, "bytes", who.key)
        body = self.cache.get(key)
        if body is None:
            body = json.dumps(self.table_json(row, who), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
            self.cache.put(key, body)
        return Response(body, status_code=status, media_type="application/json")

    def cached_response(self, table_id: int, who: Who = PUBLIC) -> Response | None:
        """The table's answer if it is already encoded at its version (else None)."""
        try:
            version = self.store.version(table_id)
        except Missing:
            raise Problem(404, f"no table {table_id}") from None
        body = self.cache.get((table_id, version, "bytes", who.key))
        return None if body is None else Response(body, media_type="application/json")

    def setup_of(self, keeper: Scorekeeper, setup: Any) -> BaseModel:
        try:
            return keeper.setup.model_validate(setup)
        except ValidationError as e:
            raise Problem(400, engine.shape_error(e, "setup")) from None

    def scored(self, row: Row, fmt: str = "yaml") -> Scored:
        key = (row.id, row.version, fmt)
        hit = self.cache.get(key)
        if hit is None:
            keeper = self.keeper(row.game)
            try:
                hit = engine.score(keeper, self.setup_of(keeper, row.setup), row.moves, fmt)
            except Refused as e:
                raise Problem(422, f"this table cannot be replayed: {e.message}") from None
            self.cache.put(key, hit)
        return hit

    def table_json(self, row: Row, who: Who | None = None) -> dict[str, Any]:
        """The table as ``who`` may see it (None: as the store says; on a table with seats, the
        shared screen's view): a seat's view never holds another seat's secret."""
        if who is None:
            who = self.who(row.id, "")
        key = (row.id, row.version, "json-view", who.key)
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        keeper = self.keeper(row.game)
        scored = self.scored(row)
        setup = self.setup_of(keeper, row.setup)
        moves = row.moves
        try:
            if who.seated and keeper.seat_view is not None:
                view = keeper.seat_view(scored.state, setup, row.moves, who.seat)
            else:
                view = keeper.view(scored.state, setup, row.moves)
            if who.seated and keeper.seat_moves is not None:
                moves = keeper.seat_moves(setup, row.moves, who.seat)
        except (ValueError, KeyError, IndexError, TypeError, AttributeError) as e:
            raise Problem(422, f"the game cannot show this table: {e}") from None
        report = scored.report
        out = {"id": row.id, "game": row.game, "title": keeper.game.title, "version": row.version,
               "created": row.created, "updated": row.updated, "finished": row.finished,
               "setup": row.setup, "moves": moves, "players": [p.name for p in report.players],
               "view": view, "report": json.loads(report.dumps()), "report_text": report.human(),
               "over": not report.unfinished, "files": list(scored.names),
               "standing": engine.standing(keeper, report), "outcome": engine.outcome(keeper, report),
               "broken": engine.broken(row.game, report), "secret": self.secret_now(row)}
        out.update(self.undo_json(row, keeper, setup, who))
        if who.seated:
            out["seats"] = {"seat": who.seat, "host": who.host}
        self.cache.put(key, out)
        return out

    @staticmethod
    def visible(keeper: Scorekeeper, setup: BaseModel, moves: list[dict[str, Any]], who: Who) -> list[dict[str, Any]]:
        """``moves`` as ``who`` may see them (a seat: no other seat's secret), to be described."""
        if who.seated and keeper.seat_moves is not None and moves:
            return keeper.seat_moves(setup, moves, who.seat)
        return moves

    def undo_json(self, row: Row, keeper: Scorekeeper, setup: BaseModel, who: Who = PUBLIC) -> dict[str, Any]:
        """The table JSON's keys for undo, redo and the lock: ``last_move`` and ``undone`` (what a
        redo plays again), each ``{"text"}`` in the game's words (as ``who`` may see the moves) or
        null; ``locked`` (a finished game: no move, undo or redo until reopened); ``archived``."""
        moves = self.visible(keeper, setup, [*row.moves, *row.undone[-1:]], who)
        n = len(row.moves)
        last = {"text": describe_move(keeper, setup, moves, n - 1)} if n else None
        undone = {"text": describe_move(keeper, setup, moves, n)} if row.undone else None
        return {"last_move": last, "undone": undone, "locked": row.finished is not None,
                "archived": row.archived}

    def history(self, row: Row, who: Who = PUBLIC) -> list[dict[str, Any]]:
        """Every entry of the table's history, oldest first: ``{version, time, kind, what}``,
        ``what`` in the game's words ("Ann took 3", "undo: Ann took 3", "reopened")."""
        keeper = self.keeper(row.game)
        setup = self.setup_of(keeper, row.setup)
        out = []
        for e, played, undone in walk(row.history):
            moves = [p.move or {} for p in played]
            if e.kind in ("start", "move", "redo") and moves:
                what = describe_move(keeper, setup, self.visible(keeper, setup, moves, who), len(moves) - 1)
            elif e.kind == "undo" and undone:
                seen = self.visible(keeper, setup, [*moves, undone[-1].move or {}], who)
                what = describe_move(keeper, setup, seen, len(moves))
            else:
                what = ""
            words = {"start": what, "move": what, "undo": f"undo: {what}", "redo": f"redo: {what}",
                     "reopen": "reopened", "archive": "archived", "restore": "restored"}
            out.append({"version": e.version, "time": e.time, "kind": e.kind, "what": words.get(e.kind, e.kind)})
        return out

    def _locked(self, row: Row, who: Who = PUBLIC) -> None:
        if row.finished is not None:
            raise Problem(423, "This game is over, so it is locked: reopen it (Game over, then Reopen) "
                               "to change it.", table=self.table_json(row, who))

    def who(self, table_id: int, cookie_header: str) -> Who:
        """Who asks for ``table_id``, from the request's cookies (seats.py)."""
        return seats.who(self.store, table_id, cookie_header)

    def secret_now(self, row: Row) -> bool:
        """The table has seats and its record holds a secret now (its game says so)."""
        keeper = self.keeper(row.game)
        if keeper.secret is None or self.store.seats(row.id) is None:
            return False
        return keeper.secret(self.scored(row).state, self.setup_of(keeper, row.setup), row.moves)

    def play(self, table_id: int, body: dict[str, Any], who: Who = PUBLIC) -> Response:
        """Check and store one posted move (in a worker thread): the new table, or a Problem."""
        row = self.row(table_id)
        keeper = self.keeper(row.game)
        if "move" not in body:
            raise Problem(400, "move: the move is missing ({\"version\": N, \"move\": {...}})")
        move = stored_move(keeper, body["move"], "move", 400)
        version = _version(body)
        if version != row.version:
            raise Problem(409, _stale(row.version), table=self.table_json(row, who))
        if who.seated and keeper.seat_may is not None:
            reason = keeper.seat_may(self.setup_of(keeper, row.setup), row.moves, move, who.seat)
            if reason is not None:
                raise Problem(403, reason)
        self._locked(row, who)
        after = self._after(row, keeper, move)
        totals = engine.chart_totals(keeper, after.report)
        try:
            new_version = self.store.add_move(table_id, version, move, not after.report.unfinished, totals)
        except Stale as e:
            raise Problem(409, _stale(e.version), table=self.table_json(self.row(table_id), who)) from None
        self.cache.put((table_id, new_version, "yaml"), after)
        return self.response(table_id, who=who)

    def _after(self, row: Row, keeper: Scorekeeper, move: dict[str, Any]) -> Scored:
        """The table scored with ``move`` played after its moves, or a 422 naming the rules it
        would break (those already broken before are not held against it)."""
        before = self.scored(row)
        setup = self.setup_of(keeper, row.setup)
        moves = [*row.moves, move]
        try:
            after = engine.extend(keeper, setup, moves, before.line) if before.line is not None else None
            if after is None:
                after = engine.score(keeper, setup, moves)
        except Refused as e:
            # In a player's words: the move, why, the rule's id and name, never the record's place.
            what = engine.move_name(keeper, setup, move)
            raise Problem(422, engine.refusal(row.game, e.words, e.violations, what), what=what,
                          violations=[engine.rule_json(row.game, v) for v in e.violations]) from None
        fresh = engine.new_violations(before.report, after.report)
        if fresh:
            what = engine.move_name(keeper, setup, move)
            raise Problem(422, engine.refusal(row.game, "", fresh, what), what=what,
                          violations=[engine.rule_json(row.game, v) for v in fresh])
        return after

    def undo(self, table_id: int, version: int, who: Who = PUBLIC) -> Response:
        """Take back the last move of ``version`` (in a worker thread): the new table, or a
        Problem. An undo posted again on the version it undid (a double tap) is a 409 with
        ``already: true``: nothing more is undone."""
        row = self.row(table_id)
        if version != row.version:
            done = next((e for e in row.history if e.version == version + 1), None)
            if done is not None and done.kind == "undo":
                raise Problem(409, "Already undone: the table is shown as it is now.", already=True,
                              table=self.table_json(row, who))
            raise Problem(409, _stale(row.version), table=self.table_json(row, who))
        self._locked(row, who)
        if not row.moves:
            raise Problem(422, "nothing to undo: no move has been played")
        keeper = self.keeper(row.game)
        try:
            after = engine.score(keeper, self.setup_of(keeper, row.setup), row.moves[:-1])
        except Refused as e:
            raise Problem(422, e.message) from None
        try:
            new_version = self.store.undo(table_id, version, not after.report.unfinished)
        except Stale as e:
            raise Problem(409, _stale(e.version), table=self.table_json(self.row(table_id), who)) from None
        except IndexError as e:
            raise Problem(422, str(e)) from None
        self.cache.put((table_id, new_version, "yaml"), after)
        return self.response(table_id, who=who)

    def redo(self, table_id: int, version: int, who: Who = PUBLIC) -> Response:
        """Play the last move undone again (in a worker thread): the new table, or a Problem
        (409 on another version, 422 when nothing is left to redo, a move was played since the
        undo, or the move would now break a rule)."""
        row = self.row(table_id)
        if version != row.version:
            raise Problem(409, _stale(row.version), table=self.table_json(row, who))
        self._locked(row, who)
        if not row.undone:
            since = any(e.kind == "undo" for e in row.history)
            raise Problem(422, "Nothing to redo: a move was played after the undo." if since
                          else "Nothing to redo: no move has been undone.")
        keeper = self.keeper(row.game)
        after = self._after(row, keeper, row.undone[-1])
        try:
            new_version = self.store.redo(table_id, version, not after.report.unfinished)
        except Stale as e:
            raise Problem(409, _stale(e.version), table=self.table_json(self.row(table_id), who)) from None
        except IndexError as e:
            raise Problem(422, str(e)) from None
        self.cache.put((table_id, new_version, "yaml"), after)
        return self.response(table_id, who=who)

    def reopen(self, table_id: int, version: int, who: Who = PUBLIC) -> Response:
        """Unlock a finished game (an entry of its history): the new table, or a Problem."""
        row = self.row(table_id)
        if version != row.version:
            raise Problem(409, _stale(row.version), table=self.table_json(row, who))
        if row.finished is None:
            raise Problem(409, "This game is not locked: there is nothing to reopen.", table=self.table_json(row, who))
        try:
            self.store.reopen(table_id, version)
        except Stale as e:
            raise Problem(409, _stale(e.version), table=self.table_json(self.row(table_id), who)) from None
        return self.response(table_id, who=who)

    def archive(self, table_id: int, archived: bool, who: Who = PUBLIC) -> Response:
        """Hide the table from the home list (it is listed under Archived in History), or show it
        again: the new table."""
        row = self.row(table_id)
        if (row.archived is not None) == archived:
            return self.response(table_id, who=who)  # already so: nothing to record
        try:
            self.store.archive(table_id, archived)
        except Missing:
            raise Problem(404, f"no table {table_id}") from None
        return self.response(table_id, who=who)

    def delete(self, table_id: int) -> None:
        """The table and its whole history, gone for good."""
        try:
            self.store.delete(table_id)
        except Missing:
            raise Problem(404, f"no table {table_id}") from None

    def summary(self, table_id: int) -> dict[str, Any]:
        row = self.row(table_id)
        try:
            table = self.table_json(row)
        except Problem as e:
            return {"id": row.id, "game": row.game, "version": row.version, "updated": row.updated,
                    "error": e.message}
        return {"id": row.id, "game": row.game, "title": table["title"], "version": row.version,
                "created": row.created, "updated": row.updated, "finished": row.finished,
                "players": [{"name": p["name"], "total": p["total"], "so_far": p["so_far"]} for p in table["standing"]],
                "moves": len(row.moves), "over": table["over"], "broken": len(table["broken"]),
                "archived": row.archived}


# ---------------------------------------------------------------------------------------------
# Request helpers


def _id(request: Request) -> int:
    raw = request.path_params["id"]
    if not _ID.match(raw):
        raise Problem(404, f"no table {raw[:40]!r}")
    return int(raw)


#: How deep a request's JSON may nest (a move is a few levels; deeper is never a game's).
MAX_DEPTH = 32


def _no_constant(name: str) -> Any:
    raise Problem(400, f"the request body is not JSON: {name} is not a JSON number")


async def _bytes(request: Request, limit: int) -> bytes:
    """The request's body, or a 413 as soon as it is known to be over ``limit`` bytes (its
    Content-Length, else while it is read): a large upload is never read whole to be refused."""
    length = request.headers.get("content-length", "")
    too_large = f"the request is larger than {limit} bytes"
    if length.isdigit() and int(length) > limit:
        raise Problem(413, too_large)
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise Problem(413, too_large)
        chunks.append(chunk)
    return b"".join(chunks)


async def _body(request: Request, limit: int = MAX_BODY) -> dict[str, Any]:
    """The request's JSON object, or a 400 saying what is wrong with it (413 when over ``limit``):
    not UTF-8, not JSON, NaN or Infinity, a number of more than 4,300 digits, a lone surrogate
    (``\\ud800``: a string no database or page can keep), nested deeper than MAX_DEPTH, not an object."""
    data = await _bytes(request, limit)
    try:
        body = json.loads(data.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as e:
        raise Problem(400, f"the request body is not JSON: {e}") from None
    except ValueError:  # int(): "Exceeds the limit (4300 digits) for integer string conversion"
        raise Problem(400, "the request body has a number too long to be one (over 4,300 digits)") from None
    if not isinstance(body, dict):
        raise Problem(400, "the request body must be a JSON object")
    _check_json(body)
    return body


def _check_json(body: Any) -> None:
    """400 for a string that is not Unicode text (a lone surrogate) or nesting over MAX_DEPTH."""
    todo: list[tuple[Any, int]] = [(body, 1)]
    while todo:
        value, depth = todo.pop()
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise Problem(400, "the request has a string that is not text (a lone surrogate "
                                   "such as \\ud800): send real characters") from None
        elif isinstance(value, (dict, list)):
            if depth > MAX_DEPTH:
                raise Problem(400, f"the request is nested more than {MAX_DEPTH} levels deep; a move is never that deep")
            items = [*value.keys(), *value.values()] if isinstance(value, dict) else value
            todo.extend((v, depth + 1) for v in items)


def _version(body: dict[str, Any]) -> int:
    v = body.get("version")
    if isinstance(v, bool) or not isinstance(v, int):
        raise Problem(400, "version: a whole number is expected (the table's version the page shows)")
    return v


def stored_move(keeper: Scorekeeper, raw: Any, what: str, status: int) -> dict[str, Any]:
    """A posted move as it is stored: checked by the game's move model and written with the
    model's own names for its fields (its aliases: ``from``, not the Python name ``from_``)."""
    try:
        return keeper.move.model_validate(raw).model_dump(mode="json", by_alias=True)
    except ValidationError as e:
        raise Problem(status, engine.shape_error(e, what)) from None


def _json(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status)


# ---------------------------------------------------------------------------------------------
# API


async def api_games(request: Request) -> Response:
    out = []
    tables: Tables = request.app.state.tables
    for name, keeper in sorted(tables.keepers.items()):
        out.append({"name": name, "title": keeper.game.title, "setup": keeper.setup.model_json_schema(),
                    "move": keeper.move.model_json_schema(), "multi": keeper.game.multi,
                    "paper": None if keeper.paper is None else {"missing": keeper.paper.missing()}})
    return _json(out)


async def api_tables(request: Request) -> Response:
    tables: Tables = request.app.state.tables
    which = request.query_params.get("finished")
    finished = None if which is None else which in ("1", "true", "yes")
    archived = request.query_params.get("archived", "0") in ("1", "true", "yes")
    return _json(await run_in_threadpool(
        lambda: [tables.summary(t[0]) for t in tables.store.listing(finished, archived)]))


def api_new_table(request: Request, body: dict[str, Any]) -> Response:
    tables: Tables = request.app.state.tables
    game = body.get("game")
    if not isinstance(game, str):
        raise Problem(400, "game: the name of a game is expected (see GET /api/games)")
    keeper = tables.keeper(game)
    setup = tables.setup_of(keeper, body.get("setup", {}))
    try:
        engine.score(keeper, setup, [])
    except Refused as e:
        raise Problem(422, e.message) from None
    seated = body.get("seats", False)
    if not isinstance(seated, bool):
        raise Problem(400, "seats: true (each player follows on their own phone, by a seat link) or false")
    table_id = tables.store.create(game, setup.model_dump(mode="json", by_alias=True))
    if not seated:
        return tables.response(table_id, 201)
    # The seats: the game's (Scorekeeper.seats), else the report's players.
    names = keeper.seats(setup) if keeper.seats is not None else \
        [p.name for p in engine.score(keeper, setup, []).report.players]
    host, secrets = seats.new_secrets(names)
    tables.store.add_seats(table_id, host, secrets)
    response = tables.response(table_id, 201, Who(seated=True, host=True))
    response.headers.append("set-cookie", seats.set_cookie(seats.host_cookie(table_id), host))
    return response


def _who(request: Request, table_id: int) -> Who:
    return request.app.state.tables.who(table_id, request.headers.get("cookie", ""))


def api_seats(request: Request, body: None) -> Response:
    """The seat links of a table with seats, each with its QR code (SVG): to its host only (the
    browser that created the table); anyone else is refused (403), for the links are the seats'
    secrets. On the LAN each link carries the join token too."""
    tables: Tables = request.app.state.tables
    row = tables.row(_id(request))
    kept = tables.store.seats(row.id)
    if kept is None:
        raise Problem(404, "this table has no seats: one phone keeps it for everyone")
    if not _who(request, row.id).host:
        raise Problem(403, "only the phone that started this table can show the seat links")
    base = request.app.state.public_url or str(request.base_url)
    links = []
    for seat, secret in kept[1].items():
        url = seats.seat_url(base, row.id, secret, request.app.state.token)
        links.append({"seat": seat, "url": url, "svg": seats.qr_svg(url)})
    return _json({"id": row.id, "seats": links})


async def api_table(request: Request) -> Response:
    tables: Tables = request.app.state.tables
    table_id = _id(request)
    try:
        who = _who(request, table_id)
    except Missing:
        raise Problem(404, f"no table {table_id}") from None
    since = request.query_params.get("since")
    if since is not None:
        if not re.fullmatch(r"-?[0-9]{1,12}", since):
            raise Problem(400, "since: a version number is expected")
        if not await _changed(request, tables, table_id, int(since)):
            return _json({"id": table_id, "version": int(since), "unchanged": True})
    # A table's answer at a version is encoded once: a poll woken by a change that another
    # request has already answered is sent from the cache, without a trip to a worker thread.
    cached = tables.cached_response(table_id, who)
    return cached if cached is not None else await run_in_threadpool(tables.response, table_id, 200, who)


async def _changed(request: Request, tables: Tables, table_id: int, since: int) -> bool:
    """Wait until the table's version is not ``since`` (True) or the poll times out (False).
    A change made through this app wakes the waiter at once; the database is looked at every
    POLL_STEP as well (another process may share the file). A server that is stopping answers
    "unchanged" within a POLL_STEP, so Ctrl-C never has to cut a waiting phone off mid-answer."""
    deadline = time.monotonic() + request.app.state.poll_seconds
    while True:
        try:
            version = tables.store.version(table_id)
        except Missing:
            raise Problem(404, f"no table {table_id}") from None
        left = deadline - time.monotonic()
        if version != since:
            return True
        if left <= 0 or request.app.state.stopping() or await request.is_disconnected():
            return False
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(tables.changes.event(table_id).wait(), timeout=min(left, POLL_STEP))


class Changes:
    """One asyncio event a table and event loop, set when the table changes (then replaced)."""

    def __init__(self) -> None:
        self._events: dict[tuple[int, int], asyncio.Event] = {}

    def event(self, table_id: int) -> asyncio.Event:
        key = (id(asyncio.get_running_loop()), table_id)
        if key not in self._events:
            self._events[key] = asyncio.Event()
        return self._events[key]

    def changed(self, table_id: int) -> None:
        loop = id(asyncio.get_running_loop())
        event = self._events.pop((loop, table_id), None)
        if event is not None:
            event.set()


async def api_move(request: Request) -> Response:
    started = time.perf_counter()
    response = await _move(request)
    # How long the app worked on the move (the benchmark tells it from the time on the wire).
    app = f"app;dur={(time.perf_counter() - started) * 1000:.2f}"
    work = response.headers.get("Server-Timing")
    response.headers["Server-Timing"] = f"{app}, {work}" if work else app
    return response


async def _move(request: Request) -> Response:
    tables: Tables = request.app.state.tables
    table_id = _id(request)
    body = await _body(request)
    # The game's work runs in a worker thread: a long replay never holds up the other tables.
    response, work = await run_in_threadpool(_timed, functools.partial(tables.play, who=_who(request, table_id)),
                                             table_id, body)
    response.headers["Server-Timing"] = f"work;dur={work * 1000:.2f}"
    tables.changes.changed(table_id)
    return response


def _timed(work: Callable[[int, dict[str, Any]], Response], table_id: int, body: dict[str, Any]) -> tuple[Response, float]:
    started = time.perf_counter()
    return work(table_id, body), time.perf_counter() - started


def _stale(version: int) -> str:
    return f"the table changed (it is at version {version}): it is shown again as it is now; try again"


def _versioned(change: str) -> Callable[[Request], Awaitable[Response]]:
    """The endpoint of a change posted as ``{"version": V}`` (``undo``, ``redo``, ``reopen``): the
    Tables method ``change`` in a worker thread, on the version the page showed, as its asker."""

    async def endpoint(request: Request) -> Response:
        tables: Tables = request.app.state.tables
        table_id = _id(request)
        body = await _body(request)
        work = getattr(tables, change)
        response = await run_in_threadpool(work, table_id, _version(body), _who(request, table_id))
        tables.changes.changed(table_id)
        return response

    return endpoint


async def api_archive(request: Request) -> Response:
    tables: Tables = request.app.state.tables
    table_id = _id(request)
    body = await _body(request)
    if not isinstance(body.get("archived"), bool):
        raise Problem(400, 'archived: true or false is expected ({"archived": true})')
    response = await run_in_threadpool(tables.archive, table_id, body["archived"], _who(request, table_id))
    tables.changes.changed(table_id)
    return response


async def api_delete(request: Request) -> Response:
    """The table, gone for good: the body must name it (``{"confirm": ID}``), so a stray request
    deletes nothing."""
    tables: Tables = request.app.state.tables
    table_id = _id(request)
    body = await _body(request)
    confirm = body.get("confirm")
    if isinstance(confirm, bool) or confirm not in (table_id, str(table_id)):
        raise Problem(400, f'confirm: the table\'s id is expected ({{"confirm": {table_id}}}), to delete it for good')
    await run_in_threadpool(tables.delete, table_id)
    tables.changes.changed(table_id)
    return _json({"id": table_id, "deleted": True})


def api_history(request: Request, body: None) -> Response:
    """The table's history: ``{id, game, version, entries: [{version, time, kind, what}]}``."""
    tables: Tables = request.app.state.tables
    row = tables.row(_id(request))
    return _json({"id": row.id, "game": row.game, "version": row.version, "entries": tables.history(row, _who(request, row.id))})


def history_comment(row: Row, entries: list[dict[str, Any]]) -> str:
    """The history as YAML comment lines, written after an exported record: ``printkit score``
    reads the record as before (same report, same line numbers) and skips them."""
    lines = [f"# History of table {row.id} (printkit serve), oldest first: version, time (UTC), what."]
    lines += [f"# v{e['version']} {e['time']} {e['what']}" for e in entries]
    return "\n".join(lines) + "\n"


def api_ask(request: Request, body: dict[str, Any]) -> Response:
    """A read-only question to the table's game (``Scorekeeper.ask``) on its State now: nothing
    is stored, the version does not change. 404 for a game that answers none; a question the
    game's models refuse is 400, one it cannot answer 422, each one line."""
    tables: Tables = request.app.state.tables
    row = tables.row(_id(request))
    keeper = tables.keeper(row.game)
    if keeper.ask is None:
        raise Problem(404, f"{row.game} answers no question: its page has what it needs in the table's view")
    scored = tables.scored(row)
    setup = tables.setup_of(keeper, row.setup)
    try:
        answer = keeper.ask(scored.state, setup, row.moves, body)
    except ValidationError as e:
        raise Problem(400, engine.shape_error(e, "question")) from None
    except (ValueError, KeyError, IndexError, TypeError, AttributeError) as e:
        raise Problem(422, f"the game cannot answer: {e}") from None
    return _json({"version": row.version, "answer": answer})


def api_export(request: Request, body: None) -> Response:
    tables: Tables = request.app.state.tables
    row = tables.row(_id(request))
    fmt = request.query_params.get("format", "yaml")
    if fmt not in engine.FORMATS:
        raise Problem(400, f"format: one of {', '.join(engine.FORMATS)} is expected")
    if tables.secret_now(row):
        raise Problem(409, SECRET_EXPORT)
    # One file, whatever the game: several records (one a player) are one stream in it.
    ((name, text),) = tables.scored(row, fmt).files
    if fmt == "yaml":  # JSON has no comments: its history is GET /api/tables/{id}/history
        text += history_comment(row, tables.history(row))
    kind = "application/json" if fmt == "json" else "application/yaml"
    return Response(text.encode("utf-8"), media_type=f"{kind}; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{_safe_name(name)}"'})


def _safe_name(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.+-]", "_", name.rsplit("/", 1)[-1]) or "record.yaml"


def api_import(request: Request, body: dict[str, Any]) -> Response:
    tables: Tables = request.app.state.tables
    game, files = body.get("game"), body.get("files")
    if not isinstance(game, str):
        raise Problem(400, "game: the name of a game is expected")
    keeper = tables.keeper(game)
    if not isinstance(files, list) or not files or len(files) > MAX_FILES:
        raise Problem(400, f"files: a list of 1 to {MAX_FILES} record files ({{\"name\", \"text\"}}) is expected")
    if len(files) > 1 and not keeper.game.multi:
        raise Problem(400, f"{game} keeps the whole game in one record file; give one")
    docs = [doc for i, f in enumerate(files) for doc in _imported(keeper, i, f)]
    return tables.response(new_table_of(tables, game, docs), 201)


def new_table_of(tables: Tables, game: str, docs: list[dict[str, Any]]) -> int:
    """A new table holding record documents ``docs`` (``Scorekeeper.split``), finished if their
    game is over: its id (an import, a paper sheet read)."""
    keeper = tables.keeper(game)
    try:
        setup, moves = keeper.split(docs)
    except (ValueError, KeyError, IndexError, TypeError, AttributeError) as e:
        raise Problem(422, f"these records cannot be followed at the table: {e}") from None
    # The setup as it will be stored and read back (a game may give its model or a plain dict).
    checked = tables.setup_of(keeper, setup.model_dump(mode="json")
                              if isinstance(setup, BaseModel) else setup)
    stored = [stored_move(keeper, m, f"move {i + 1}", 422) for i, m in enumerate(moves)]
    try:
        scored = engine.score(keeper, checked, stored)
    except Refused as e:
        raise Problem(422, e.message) from None
    table_id = tables.store.create(game, checked.model_dump(mode="json", by_alias=True), stored)
    if not scored.report.unfinished:
        tables.store.mark_finished(table_id, True)
    return table_id


def _imported(keeper: Scorekeeper, i: int, f: Any) -> list[dict[str, Any]]:
    """One imported file's documents, read as ``printkit score`` reads it (a game of several
    records: the file may hold several, a YAML stream or a JSON array, as its export writes)."""
    if not isinstance(f, dict) or not isinstance(f.get("text"), str):
        raise Problem(400, f"files[{i}]: {{\"name\": ..., \"text\": ...}} is expected")
    name = f.get("name") if isinstance(f.get("name"), str) else f"record-{i + 1}"
    name = _safe_name(str(name)[:200])
    if len(f["text"].encode("utf-8")) > MAX_BYTES:
        raise Problem(413, f"{name}: larger than {MAX_BYTES} bytes; a record is far smaller")
    try:
        if keeper.game.multi:
            parse_records(f["text"], name, keeper.game.model, keeper.game.name)
        else:
            parse_record(f["text"], name, keeper.game.model, keeper.game.name)
    except InputError as e:
        raise Problem(400, str(e)) from None
    from printkit.core.yamlio import parse_stream, parse_text

    if keeper.game.multi:
        return [data for data, _table in parse_stream(f["text"])]
    data, _table = parse_text(f["text"], allow_json=True)
    return [data]


# ---------------------------------------------------------------------------------------------
# Paper: photographed paper records read back (Scorekeeper.paper, docs/serve.md)

#: Largest photo a page may upload (a phone's is 2 to 12 MB); sent as base64 in JSON.
MAX_PHOTO = 25 * 1024 * 1024
#: Largest body of a photo's upload: the photo in base64 and a little JSON around it.
MAX_PHOTO_BODY = (MAX_PHOTO + 2) // 3 * 4 + 4096


def _paper(tables: Tables, game: str) -> Any:
    """The game's PaperReader: 404 for a game without one, 503 (how to install it) when what it
    needs is not installed."""
    keeper = tables.keeper(game)
    if keeper.paper is None:
        raise Problem(404, f"{game} has no reader of paper sheets")
    missing = keeper.paper.missing()
    if missing:
        raise Problem(503, missing)
    return keeper.paper


async def api_paper_read(request: Request) -> Response:
    """``{"photo": BASE64, "name": FILE}`` -> what the photo shows (the game's JSON). The photo is
    read in a worker thread, one photo at a time (a read takes seconds of both cores), and kept
    nowhere: the reader's temporary file is gone when the answer is sent."""
    tables: Tables = request.app.state.tables
    paper = _paper(tables, request.path_params["game"])
    body = await _body(request, MAX_PHOTO_BODY)
    photo, name = body.get("photo"), body.get("name", "photo")
    if not isinstance(photo, str) or not isinstance(name, str):
        raise Problem(400, 'photo: the photo is expected as base64 ({"photo": "...", "name": "IMG_1.jpg"})')
    try:
        data = base64.b64decode(photo, validate=True)
    except (binascii.Error, ValueError):
        raise Problem(400, "photo: this is not base64") from None
    if len(data) > MAX_PHOTO:
        raise Problem(413, f"the photo is larger than {MAX_PHOTO // (1024 * 1024)} MB: take it at a phone's usual size")

    def work() -> dict[str, Any]:
        try:
            return paper.read(data, _photo_name(name))
        except PrintkitError as e:
            raise Problem(422, str(e)) from None

    # The others wait here, not in worker threads (which the other tables' requests need).
    gates: dict[int, asyncio.Semaphore] = request.app.state.paper_gates
    gate = gates.setdefault(id(asyncio.get_running_loop()), asyncio.Semaphore(1))
    async with gate:
        return _json(await run_in_threadpool(work))


def _photo_name(name: str) -> str:
    """An uploaded photo's name as messages say it: its last part, plain characters only."""
    return re.sub(r"[^A-Za-z0-9_.+-]", "_", name.rsplit("/", 1)[-1])[:100].strip(".") or "photo"


def api_paper_table(request: Request, body: dict[str, Any]) -> Response:
    """The reads as the players confirmed them -> 201 and a new table of the records they say
    (in the history as any table: undo is history, nothing is deleted)."""
    tables: Tables = request.app.state.tables
    game = request.path_params["game"]
    paper = _paper(tables, game)
    try:
        docs = paper.records(body)
    except PrintkitError as e:
        raise Problem(422, str(e)) from None
    except ValueError as e:
        raise Problem(400, str(e)) from None
    return tables.response(new_table_of(tables, game, docs), 201)


def paper_page(request: Request, body: None) -> Response:
    tables: Tables = request.app.state.tables
    keeper = tables.keeper(request.path_params["game"])
    if keeper.paper is None:
        raise Problem(404, f"{keeper.game.name} has no reader of paper sheets")
    return _page("paper.html", game=keeper.game.name, title=keeper.game.title)


# ---------------------------------------------------------------------------------------------
# Pages and files


def _page(name: str, **values: str) -> HTMLResponse:
    text = (STATIC / name).read_text(encoding="utf-8")
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", html.escape(value, quote=True))
    return HTMLResponse(text)


async def home(request: Request) -> Response:
    return _page("home.html")


def table_page(request: Request, body: None) -> Response:
    tables: Tables = request.app.state.tables
    row = tables.row(_id(request))
    keeper = tables.keeper(row.game)
    secret = request.query_params.get("seat")
    if secret is not None:
        # A seat link: the secret goes into this phone's cookie and leaves the address bar.
        if seats.seat_of(tables.store, row.id, secret[:100]) is None:
            raise Problem(403, "this seat link is not one of this table's: ask the host for yours")
        return Response(status_code=303, headers={"location": f"/t/{row.id}",
                                                  "set-cookie": seats.set_cookie(seats.seat_cookie(row.id), secret)})
    return _page("table.html", id=str(row.id), game=row.game, title=keeper.game.title)


def history_page(request: Request, body: None) -> Response:
    from printkit.web.history import history_html

    return HTMLResponse(history_html(request.app.state.tables))


def _file(folder: Path, rel: str) -> Response:
    """``folder/rel``: only plain names, no folder above ``folder``, only files that exist."""
    parts = rel.split("/")
    if not rel or len(rel) > 200 or not all(_ASSET.match(p) for p in parts):
        raise Problem(404, "no such file")
    base = folder.resolve()
    try:
        path = (base / rel).resolve()
        found = path.is_relative_to(base) and path.is_file()
    except OSError:
        found = False
    if not found:
        raise Problem(404, "no such file")
    media = _TYPES.get(path.suffix.lower(), "application/octet-stream")
    return FileResponse(path, media_type=media, headers={"Cache-Control": "no-cache"})


async def static_file(request: Request) -> Response:
    return _file(STATIC, request.path_params["path"])


async def favicon(request: Request) -> Response:
    """The icon, for the browsers that ask for ``/favicon.ico`` whatever the page says."""
    return _file(STATIC, "favicon.svg")


async def game_file(request: Request) -> Response:
    tables: Tables = request.app.state.tables
    keeper = tables.keeper(request.path_params["game"])
    return _file(Path(keeper.assets), request.path_params["path"])


# ---------------------------------------------------------------------------------------------
# Errors: one line, JSON for the API, a short page otherwise


def _error(request: Request, status: int, message: str, extra: dict[str, Any] | None = None) -> Response:
    if request.url.path.startswith("/api/"):
        return _json({"error": message, "status": status, **(extra or {})}, status)
    return HTMLResponse(f"<!doctype html><meta charset=utf-8><title>printkit: {status}</title>"
                        f"<link rel=stylesheet href=/static/app.css><link rel=icon href=/static/favicon.svg type=image/svg+xml>"
                        f"<main class=error><h1>{status}</h1>"
                        f"<p data-test=error>{html.escape(message)}</p><p><a href=/>Home</a></p></main>", status)


async def _on_problem(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Problem)
    return _error(request, exc.status, exc.message, exc.extra)


async def _on_http(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return _error(request, exc.status_code, str(exc.detail))


async def _on_crash(request: Request, exc: Exception) -> Response:
    traceback.print_exception(exc, file=sys.stderr)
    return _error(request, 500, f"internal error: {type(exc).__name__}: {str(exc)[:200]} (please report it)")


def _threaded(work: Callable[[Request, Any], Response], body: bool = False) -> Callable[[Request], Awaitable[Response]]:
    """An endpoint doing ``work(request, body)`` in a worker thread (the game's work and the
    database's never hold up the event loop, where the other tables' polls wait)."""

    async def endpoint(request: Request) -> Response:
        data = await _body(request) if body else None
        return await run_in_threadpool(work, request, data)

    return endpoint


ROUTES = [
    Route("/", home),
    Route("/history", _threaded(history_page)),
    Route("/paper/{game}", _threaded(paper_page)),
    Route("/t/{id}", _threaded(table_page)),
    Route("/static/{path:path}", static_file),
    Route("/favicon.ico", favicon),
    Route("/games/{game}/{path:path}", game_file),
    Route("/api/games", api_games),
    Route("/api/tables", api_tables, methods=["GET"]),
    Route("/api/tables", _threaded(api_new_table, body=True), methods=["POST"]),
    Route("/api/tables/{id}", api_table),
    Route("/api/tables/{id}/moves", api_move, methods=["POST"]),
    Route("/api/tables/{id}/undo", _versioned("undo"), methods=["POST"]),
    Route("/api/tables/{id}/redo", _versioned("redo"), methods=["POST"]),
    Route("/api/tables/{id}/reopen", _versioned("reopen"), methods=["POST"]),
    Route("/api/tables/{id}/archive", api_archive, methods=["POST"]),
    Route("/api/tables/{id}/delete", api_delete, methods=["POST"]),
    Route("/api/tables/{id}", api_delete, methods=["DELETE"]),
    Route("/api/tables/{id}/history", _threaded(api_history)),
    Route("/api/tables/{id}/ask", _threaded(api_ask, body=True), methods=["POST"]),
    Route("/api/tables/{id}/export", _threaded(api_export)),
    Route("/api/tables/{id}/seats", _threaded(api_seats)),
    Route("/api/import", _threaded(api_import, body=True), methods=["POST"]),
    Route("/api/games/{game}/paper", api_paper_read, methods=["POST"]),
    Route("/api/games/{game}/paper/table", _threaded(api_paper_table, body=True), methods=["POST"]),
]


#: The port ``printkit serve`` binds unless told otherwise.
DEFAULT_PORT = 8765


def create_app(db_path: Path | str, token: str | None = None, poll_seconds: float = POLL_SECONDS,
               hosts: Iterable[str] | None = None) -> Starlette:
    """The app on the database ``db_path``. ``hosts``: the Host headers it answers (``host:port``,
    as bound: ``printkit serve`` gives them; default the loopback names on port 8765), any other
    is 421. With ``token``, every request needs it (``?token=`` once, then the cookie it sets).
    Every request that may change something must come from the app's own pages
    (``printkit.web.security``)."""
    allowed = loopback_hosts(DEFAULT_PORT) if hosts is None else list(hosts)
    middleware = [Middleware(Gate, hosts=allowed, token=token, headers=SECURITY_HEADERS)]
    app = Starlette(routes=ROUTES, middleware=middleware,
                    exception_handlers={Problem: _on_problem, HTTPException: _on_http, Exception: _on_crash})
    app.state.tables = Tables(Store(db_path))
    app.state.poll_seconds = poll_seconds
    #: One photo read at a time (Score a paper sheet), a gate an event loop.
    app.state.paper_gates = {}
    #: Whether the server is stopping (serve.py points it at uvicorn's own flag).
    app.state.stopping = lambda: False
    # Seat links: the join token they carry on the LAN, and the address phones reach (serve.py
    # sets it; None: the address the host's browser used).
    app.state.token = token
    app.state.public_url = None
    return app
