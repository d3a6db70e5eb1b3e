"""The web core's JSON API with the test-only game (Nim: take 1 to 3 stones, the last stone wins),
so nothing here names a real game. Rules cited: NIM-1 (turn order), NIM-2 (1 to 3 stones)."""

from __future__ import annotations

import dataclasses
import json
import re
import threading

import pytest
from pydantic import BaseModel, ConfigDict, Field

from tests.toygame.web import KEEPER as NIM_KEEPER
from tests.toygame import web as nim_web
from tests.web.conftest import ROOT

pytestmark = pytest.mark.usefixtures("nim")


def new_table(client, pile=7, players=("Ann", "Bo")) -> dict:
    r = client.post("/api/tables", json={"game": "nim", "setup": {"players": list(players), "pile": pile}})
    assert r.status_code == 201, r.text
    return r.json()


def move(client, table: dict, player: str, take: int):
    return client.post(f"/api/tables/{table['id']}/moves", json={"version": table["version"],
                                                                "move": {"player": player, "take": take}})


def score_cli(tmp_path, name: str, text: str) -> tuple[int, dict]:
    """``printkit score nim FILE --json`` as a player would run it in the file's folder, in process
    (typer's CliRunner, Nim registered by this module's ``nim`` fixture, as tests/web/apitools.py's
    run_score: the same command and output without a new Python each time, ~0.2 s of CPU; the
    command as a process is tests/test_cli.py's, PRINTKIT_GAMES tests/test_toygame.py's)."""
    import contextlib

    from tests.conftest import run_cli

    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with contextlib.chdir(tmp_path):
        done = run_cli("score", "nim", name, "--json")
    assert done.exit_code in (0, 1), (done.output, done.exception)
    return done.exit_code, json.loads(done.stdout)


def test_games_list_the_setup_form_schema(client):
    games = {g["name"]: g for g in client.get("/api/games").json()}
    schema = games["nim"]["setup"]
    assert schema["properties"]["pile"]["maximum"] == 100 and schema["properties"]["players"]["type"] == "array"
    assert games["nim"]["title"] == "Nim"


def test_a_game_played_move_by_move(client):
    t = new_table(client, pile=7)
    assert (t["version"], t["moves"], t["over"]) == (0, [], False)
    assert t["view"] == {"pile": 7, "to_move": "Ann", "legal": [1, 2, 3]}
    assert t["report"]["unfinished"] is True and t["report"]["notes"] == ["7 stones are left"]
    t = move(client, t, "Ann", 3).json()
    t = move(client, t, "Bo", 3).json()
    assert t["view"] == {"pile": 1, "to_move": "Ann", "legal": [1]} and t["version"] == 2
    t = move(client, t, "Ann", 1).json()
    # Ann took the last stone (NIM-3): 1 point, she wins; the report is the scorer's.
    assert t["over"] is True and t["report"]["winners"] == ["Ann"]
    assert [(p["name"], p["total"]) for p in t["report"]["players"]] == [("Ann", 1), ("Bo", 0)]
    assert "winner: Ann" in t["report_text"]
    assert client.get(f"/api/tables/{t['id']}").json()["moves"] == [
        {"player": "Ann", "take": 3}, {"player": "Bo", "take": 3}, {"player": "Ann", "take": 1}]


def test_an_illegal_move_is_refused_in_the_scorers_words_and_nothing_is_stored(client):
    t = new_table(client, pile=7)
    r = move(client, t, "Ann", 4)  # NIM-2: at most 3
    assert r.status_code == 422
    body = r.json()
    # the toy game has no docs/rules/ file: its rule has no short name
    assert body["violations"] == [{"rule": "NIM-2", "name": None, "message": "4 stones taken; 1 to 3 may be",
                                   "where": "take (Ann)"}]
    assert body["error"] == "Not allowed: 4 stones taken; 1 to 3 may be (NIM-2)."
    r = move(client, t, "Bo", 1)  # NIM-1: Ann's turn
    assert r.status_code == 422 and [v["rule"] for v in r.json()["violations"]] == ["NIM-1"]
    again = client.get(f"/api/tables/{t['id']}").json()
    assert again["version"] == 0 and again["moves"] == []


@pytest.mark.parametrize("bad,field", [
    ({"player": "Ann", "take": 0}, "move.take"),
    ({"player": "Ann", "take": "two"}, "move.take"),
    ({"player": "Ann"}, "move.take"),
    ({"player": "Ann", "take": 1, "extra": 1}, "move.extra"),
    ([1, 2], "move"),
])
def test_a_move_of_the_wrong_shape_is_400_naming_the_field(client, bad, field):
    t = new_table(client)
    r = client.post(f"/api/tables/{t['id']}/moves", json={"version": 0, "move": bad})
    assert r.status_code == 400 and r.json()["error"].startswith(field), r.text
    assert client.get(f"/api/tables/{t['id']}").json()["version"] == 0


def test_a_stale_version_is_409_with_the_table_as_it_is(client):
    t = new_table(client)
    assert move(client, t, "Ann", 2).status_code == 200
    r = move(client, t, "Bo", 1)  # still version 0
    assert r.status_code == 409
    assert r.json()["table"]["version"] == 1 and r.json()["table"]["moves"] == [{"player": "Ann", "take": 2}]
    r = client.post(f"/api/tables/{t['id']}/undo", json={"version": 0})
    assert r.status_code == 409


def undo(client, t: dict, version: int | None = None, what: str = "undo"):
    return client.post(f"/api/tables/{t['id']}/{what}", json={"version": t["version"] if version is None else version})


def entries(client, table_id: int) -> list[tuple]:
    """The table's history as stored in the SQLite file: (version, kind, move, target)."""
    import sqlite3

    with sqlite3.connect(client.app.state.tables.store.path) as db:
        return [(v, k, json.loads(m) if m else None, tg) for v, k, m, tg in db.execute(
            "SELECT version, kind, move, target FROM entries WHERE table_id = ? ORDER BY seq", (table_id,))]


def test_undo_and_redo_are_entries_of_the_history_and_nothing_is_deleted(client):
    t = new_table(client, pile=9)
    assert (t["last_move"], t["undone"], t["locked"], t["archived"]) == (None, None, False, None)
    t = move(client, t, "Ann", 3).json()
    t = move(client, t, "Bo", 2).json()
    assert t["last_move"] == {"text": "Bo took 2"}
    u = undo(client, t)
    assert u.status_code == 200, u.text
    u = u.json()
    assert u["version"] == 3 and u["moves"] == [{"player": "Ann", "take": 3}] and u["view"]["to_move"] == "Bo"
    assert u["undone"] == {"text": "Bo took 2"} and u["last_move"] == {"text": "Ann took 3"}
    u = undo(client, u).json()
    assert u["version"] == 4 and u["moves"] == [] and u["undone"] == {"text": "Ann took 3"}
    r = undo(client, u)
    assert r.status_code == 422 and "nothing to undo" in r.json()["error"]
    r = undo(client, u, what="redo").json()  # Ann's move first, then Bo's
    assert r["moves"] == [{"player": "Ann", "take": 3}] and r["undone"] == {"text": "Bo took 2"}
    r = undo(client, r, what="redo").json()
    assert r["version"] == 6 and r["undone"] is None and r["moves"] == [{"player": "Ann", "take": 3},
                                                                       {"player": "Bo", "take": 2}]
    # Every change is a row of the SQLite file, the moves' rows are never deleted; undo and redo
    # name the move's entry (its seq).
    assert entries(client, t["id"]) == [
        (1, "move", {"player": "Ann", "take": 3}, None), (2, "move", {"player": "Bo", "take": 2}, None),
        (3, "undo", None, 1), (4, "undo", None, 0), (5, "redo", None, 0), (6, "redo", None, 1)]
    h = client.get(f"/api/tables/{t['id']}/history").json()
    assert [(e["version"], e["what"]) for e in h["entries"]] == [
        (1, "Ann took 3"), (2, "Bo took 2"), (3, "undo: Bo took 2"), (4, "undo: Ann took 3"),
        (5, "redo: Ann took 3"), (6, "redo: Bo took 2")]
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", e["time"]) for e in h["entries"])


def test_a_double_tap_undoes_once_and_is_told_gently(client):
    t = new_table(client, pile=9)
    for player, take in [("Ann", 1), ("Bo", 1), ("Ann", 1)]:
        t = move(client, t, player, take).json()
    first, second = undo(client, t), undo(client, t)  # both sent with the version the page showed
    assert first.status_code == 200 and second.status_code == 409
    body = second.json()
    assert body["already"] is True and body["error"].startswith("Already undone")
    assert body["table"]["version"] == 4 and len(body["table"]["moves"]) == 2
    # a stale undo that is not a double tap (a move came in between) is the usual 409
    t2 = move(client, body["table"], "Ann", 2).json()
    r = undo(client, t2, version=t2["version"] - 1)
    assert r.status_code == 409 and "already" not in r.json()


def test_redo_is_refused_after_a_new_move_or_when_the_move_breaks_a_rule(client):
    t = new_table(client, pile=9)
    t = move(client, t, "Ann", 3).json()
    t = undo(client, t).json()
    t = move(client, t, "Ann", 1).json()
    assert t["undone"] is None
    r = undo(client, t, what="redo")
    assert r.status_code == 422 and r.json()["error"] == "Nothing to redo: a move was played after the undo."
    assert undo(client, t, version=0, what="redo").status_code == 409
    # An imported record breaking NIM-1 (Ann twice): undo the second take; playing it again
    # would break the rule anew, so the redo is refused in the rules' words.
    text = "game: nim\nplayers: [Ann, Bo]\npile: 9\ntakes:\n  - {player: Ann, take: 2}\n  - {player: Ann, take: 2}\n"
    imp = client.post("/api/import", json={"game": "nim", "files": [{"name": "n.yaml", "text": text}]}).json()
    u = undo(client, imp).json()
    assert u["undone"] == {"text": "Ann took 2"} and u["report"]["valid"] is True
    r = undo(client, u, what="redo")
    assert r.status_code == 422 and [v["rule"] for v in r.json()["violations"]] == ["NIM-1"]
    assert client.get(f"/api/tables/{imp['id']}").json()["version"] == u["version"]


def test_a_finished_game_is_locked_until_reopened(client):
    t = new_table(client, pile=4)
    t = move(client, t, "Ann", 3).json()
    t = move(client, t, "Bo", 1).json()
    assert t["over"] and t["locked"] and t["finished"]
    for r in (move(client, t, "Ann", 1), undo(client, t), undo(client, t, what="redo")):
        assert r.status_code == 423 and "reopen" in r.json()["error"] and r.json()["table"]["version"] == 2
    assert [x["id"] for x in client.get("/api/tables", params={"finished": "1"}).json()] == [t["id"]]
    assert f'data-table="{t["id"]}"' in client.get("/history").text
    assert undo(client, t, version=1, what="reopen").status_code == 409  # stale
    r = undo(client, t, what="reopen")
    assert r.status_code == 200, r.text
    o = r.json()
    assert o["version"] == 3 and not o["locked"] and o["finished"] is None and o["over"]  # still the same moves
    assert undo(client, o, what="reopen").status_code == 409  # nothing to reopen
    assert [x["id"] for x in client.get("/api/tables", params={"finished": "0"}).json()] == [t["id"]]
    assert f'data-table="{t["id"]}"' not in client.get("/history").text
    u = undo(client, o).json()
    assert u["moves"] == [{"player": "Ann", "take": 3}] and not u["locked"]
    f = undo(client, u, what="redo").json()  # the game ends again: locked again
    assert f["over"] and f["locked"] and f["finished"]
    assert [k for _v, k, _m, _t in entries(client, t["id"])] == ["move", "move", "reopen", "undo", "redo"]


def test_tables_are_archived_restored_and_deleted_only_when_named(client):
    a, b = new_table(client), new_table(client)
    a = move(client, a, "Ann", 1).json()
    r = client.post(f"/api/tables/{a['id']}/archive", json={"archived": True})
    assert r.status_code == 200 and r.json()["archived"] and r.json()["version"] == 2
    assert [x["id"] for x in client.get("/api/tables").json()] == [b["id"]]
    assert [x["id"] for x in client.get("/api/tables", params={"archived": "1"}).json()] == [a["id"]]
    page = client.get("/history").text
    assert f'data-test="archived-item" data-table="{a["id"]}"' in page
    assert client.post(f"/api/tables/{a['id']}/archive", json={"archived": "yes"}).status_code == 400
    r = client.post(f"/api/tables/{a['id']}/archive", json={"archived": False})
    assert r.json()["archived"] is None and r.json()["moves"] == [{"player": "Ann", "take": 1}]
    assert sorted(x["id"] for x in client.get("/api/tables").json()) == sorted([a["id"], b["id"]])
    assert [k for _v, k, _m, _t in entries(client, a["id"])] == ["move", "archive", "restore"]
    for bad in ({}, {"confirm": b["id"]}, {"confirm": True}, {"confirm": "all"}):
        r = client.post(f"/api/tables/{a['id']}/delete", json=bad)
        assert r.status_code == 400 and "confirm" in r.json()["error"]
    r = client.post(f"/api/tables/{a['id']}/delete", json={"confirm": a["id"]})
    assert r.status_code == 200 and r.json() == {"id": a["id"], "deleted": True}
    assert client.get(f"/api/tables/{a['id']}").status_code == 404 and entries(client, a["id"]) == []
    assert client.post(f"/api/tables/{a['id']}/delete", json={"confirm": a["id"]}).status_code == 404
    r = client.request("DELETE", f"/api/tables/{b['id']}", json={"confirm": str(b["id"])})
    assert r.status_code == 200 and client.get("/api/tables").json() == []


def test_a_database_of_the_first_schema_is_migrated_losing_nothing(tmp_path):
    import sqlite3

    from printkit.web.store import Store

    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:  # the schema before issue 25, as an old printkit left it
        db.executescript("""
            CREATE TABLE tables (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL, setup TEXT NOT NULL,
                version INTEGER NOT NULL DEFAULT 0, created TEXT NOT NULL, updated TEXT NOT NULL, finished TEXT);
            CREATE TABLE moves (table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
                seq INTEGER NOT NULL, move TEXT NOT NULL, totals TEXT, PRIMARY KEY (table_id, seq));
            INSERT INTO tables VALUES (1, 'nim', '{"pile":9,"players":["Ann","Bo"]}', 5,
                '2026-11-01T10:00:00Z', '2026-11-01T10:05:00Z', NULL);
            INSERT INTO tables VALUES (2, 'nim', '{"pile":2,"players":["Ann","Bo"]}', 1,
                '2026-11-02T10:00:00Z', '2026-11-02T10:01:00Z', '2026-11-02T10:01:00Z');
            INSERT INTO moves VALUES (1, 0, '{"player":"Ann","take":3}', '[0,0]'), (1, 1, '{"player":"Bo","take":1}', NULL),
                (2, 0, '{"player":"Ann","take":2}', '[1,0]');
        """)
    store = Store(path)
    one, two = store.get(1), store.get(2)
    assert (one.version, one.moves, one.updated, one.finished) == (
        5, [{"player": "Ann", "take": 3}, {"player": "Bo", "take": 1}], "2026-11-01T10:05:00Z", None)
    assert (two.version, two.moves, two.finished) == (1, [{"player": "Ann", "take": 2}], "2026-11-02T10:01:00Z")
    assert store.totals(1) == [[0, 0], None] and store.totals(2) == [[1, 0]]
    assert [(e.version, e.time, e.kind) for e in one.history] == [(5, "2026-11-01T10:05:00Z", "start")] * 2
    assert store.undo(1, 5, False) == 6 and store.get(1).moves == [{"player": "Ann", "take": 3}]
    store.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (1,)
        assert db.execute("SELECT name FROM sqlite_master WHERE name = 'moves'").fetchall() == []
    again = Store(path)  # opening it again changes nothing
    assert again.get(1).version == 6 and len(again.get(1).history) == 3
    again.close()


def test_two_phones_posting_on_one_version_one_wins_one_is_told(client):
    t = new_table(client, pile=50)
    results: list[int] = []
    barrier = threading.Barrier(8)

    def post(k: int) -> None:
        barrier.wait()
        results.append(move(client, t, "Ann", 1 + k % 3).status_code)

    threads = [threading.Thread(target=post, args=(k,)) for k in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(results) == [200] + [409] * 7
    after = client.get(f"/api/tables/{t['id']}").json()
    assert after["version"] == 1 and len(after["moves"]) == 1


def test_the_export_scored_by_printkit_score_is_the_report_the_page_shows(client, tmp_path):
    t = new_table(client, pile=6, players=("Ann", "Bo", "Cy"))
    for player, take in [("Ann", 2), ("Bo", 1), ("Cy", 2)]:
        t = move(client, t, player, take).json()
    t = undo(client, t).json()
    t = move(client, t, "Cy", 3).json()
    for fmt, name in [("yaml", "nim.yaml"), ("json", "nim.json")]:
        r = client.get(f"/api/tables/{t['id']}/export", params={"format": fmt})
        assert r.status_code == 200 and f'filename="{name}"' in r.headers["content-disposition"]
        code, report = score_cli(tmp_path, name, r.text)
        assert code == 0
        assert report == t["report"]
    assert report["winners"] == ["Cy"]
    # The YAML carries the history as comment lines after the record: the record's lines (and so
    # the report's line numbers) are the page's own; JSON's history is the history route.
    record, _, history = client.get(f"/api/tables/{t['id']}/export").text.partition("# History of table")
    assert record == client.app.state.tables.scored(client.app.state.tables.row(t["id"])).files[0][1]
    assert re.findall(r"^# v(\d+) \S+Z (.*)$", history, re.M) == [
        ("1", "Ann took 2"), ("2", "Bo took 1"), ("3", "Cy took 2"), ("4", "undo: Cy took 2"), ("5", "Cy took 3")]
    assert client.get(f"/api/tables/{t['id']}/export", params={"format": "pdf"}).status_code == 400


def test_an_imported_record_breaking_a_rule_reports_like_the_cli(client, tmp_path):
    text = "game: nim\nplayers: [Ann, Bo]\npile: 5\ntakes:\n  - {player: Ann, take: 2}\n  - {player: Ann, take: 2}\n"
    r = client.post("/api/import", json={"game": "nim", "files": [{"name": "old.yaml", "text": text}]})
    assert r.status_code == 201, r.text
    t = r.json()
    assert t["moves"] == [{"player": "Ann", "take": 2}, {"player": "Ann", "take": 2}] and t["version"] == 0
    assert [v["rule"] for v in t["report"]["violations"]] == ["NIM-1"] and t["report"]["valid"] is False
    # The exported file is the page's text (line numbers included): the CLI says exactly the same.
    exported = client.get(f"/api/tables/{t['id']}/export").text
    code, report = score_cli(tmp_path, "nim.yaml", exported)
    assert code == 1 and report == t["report"]
    # Play goes on from there: Bo takes the last stone, the old violation is not held against him.
    t = move(client, t, "Bo", 1).json()
    assert t["over"] is True and t["version"] == 1


@pytest.mark.parametrize("payload,status,words", [
    ({"game": "nim", "files": [{"name": "a.yaml", "text": "players: [Ann"}]}, 400, "not valid"),
    ({"game": "nim", "files": [{"name": "a.yaml", "text": "players: [Ann, Bo]\npile: 0\n"}]}, 400, "pile"),
    ({"game": "nim", "files": []}, 400, "files"),
    ({"game": "nim", "files": [{"name": "a"}]}, 400, "files[0]"),
    ({"game": "nim", "files": [{"name": "a", "text": "x: 1"}, {"name": "b", "text": "x: 1"}]}, 400, "one record"),
    ({"game": "chess", "files": [{"name": "a", "text": "x: 1"}]}, 404, "no game 'chess'"),
])
def test_an_unreadable_import_is_a_clear_4xx(client, payload, status, words):
    r = client.post("/api/import", json=payload)
    assert r.status_code == status and words in r.json()["error"], r.text
    assert client.get("/api/tables").json() == []


def test_a_poll_answers_at_once_on_a_change_and_waits_otherwise(client):
    import time

    t = new_table(client)
    start = time.monotonic()
    r = client.get(f"/api/tables/{t['id']}", params={"since": 0})
    waited = time.monotonic() - start
    assert r.json() == {"id": t["id"], "version": 0, "unchanged": True} and waited >= 0.9  # poll_seconds=1
    move(client, t, "Ann", 1)
    start = time.monotonic()
    r = client.get(f"/api/tables/{t['id']}", params={"since": 0})
    assert r.json()["version"] == 1 and r.json()["moves"] and time.monotonic() - start < 0.5


def test_tables_list_in_progress_and_finished(client):
    a, b = new_table(client, pile=1), new_table(client, pile=9)
    move(client, a, "Ann", 1)
    listed = {t["id"]: t for t in client.get("/api/tables").json()}
    assert listed[a["id"]]["over"] is True and listed[b["id"]]["over"] is False
    assert [t["id"] for t in client.get("/api/tables", params={"finished": "0"}).json()] == [b["id"]]
    assert [t["id"] for t in client.get("/api/tables", params={"finished": "1"}).json()] == [a["id"]]
    assert listed[a["id"]]["players"] == [{"name": "Ann", "total": 1, "so_far": 1}, {"name": "Bo", "total": 0, "so_far": 0}]


def test_pages_and_files_are_served_and_nothing_outside_their_folders(client):
    t = new_table(client)
    home = client.get("/")
    assert home.status_code == 200 and "/static/home.js" in home.text
    page = client.get(f"/t/{t['id']}")
    assert page.status_code == 200 and f'data-table="{t["id"]}"' in page.text and 'data-game="nim"' in page.text
    js = client.get("/games/nim/page.js")
    assert js.status_code == 200 and js.headers["content-type"].startswith("text/javascript")
    assert "export function render" in js.text
    assert client.get("/static/app.js").headers["content-type"].startswith("text/javascript")
    assert "nosniff" in js.headers["x-content-type-options"]
    for path in ["/static/../app.py", "/static/%2e%2e/app.py", "/static/..%2fapp.py", "/games/nim/../__init__.py",
                 "/games/nim/%2e%2e/web.py", "/games/nim/..%2f..%2fconftest.py", "/static/", "/static/.hidden",
                 "/games/nim/", "/games/chess/page.js", "/static//etc/passwd", "/t/999", "/t/abc"]:
        r = client.get(path)
        assert r.status_code == 404, (path, r.status_code)
        assert "def " not in r.text


def test_the_web_core_names_no_game():
    """printkit/web finds games through the registry: no module or shell file names one."""
    names = ["gimbap", "gemblo", "jubako", "rollncook", "trickdumpling", "roll n cook", "trick dumpling", "nim"]
    files = sorted(p for p in (ROOT / "printkit" / "web").rglob("*") if p.suffix in (".py", ".js", ".html", ".css"))
    assert len(files) >= 10
    for path in files:
        text = path.read_text(encoding="utf-8").lower()
        assert not [n for n in names if re.search(rf"\b{n}\b", text)], path


class _AliasMove(BaseModel):
    """Nim's move with a field whose name in the record is not its Python name (``take`` is
    ``take_`` in Python, as a game writes ``from`` as ``from_``)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    player: str = Field(min_length=1)
    take_: int = Field(alias="take", ge=1, le=10)


def _alias_records(setup, moves):
    # The game reads its stored moves through its own model (old ones may use the Python name).
    return nim_web.records(setup, [_AliasMove.model_validate(m).model_dump(by_alias=True) for m in moves])


@pytest.fixture
def alias_client(client):
    client.app.state.tables.keepers["nim"] = dataclasses.replace(NIM_KEEPER, move=_AliasMove, records=_alias_records)
    return client


def test_moves_are_stored_with_the_record_names_of_their_fields(alias_client):
    t = new_table(alias_client, pile=5)
    r = move(alias_client, t, "Ann", 2)
    assert r.status_code == 200, r.text
    assert r.json()["moves"] == [{"player": "Ann", "take": 2}]
    store = alias_client.app.state.tables.store
    assert store.get(t["id"]).moves == [{"player": "Ann", "take": 2}]
    # the export is the record as the scorer reads it
    assert "take: 2" in alias_client.get(f"/api/tables/{t['id']}/export").text


def test_moves_stored_with_python_names_before_still_replay(alias_client):
    store = alias_client.app.state.tables.store
    old = store.create("nim", {"players": ["Ann", "Bo"], "pile": 5, "misere": False, "colour": "grey"},
                       [{"player": "Ann", "take_": 2}, {"player": "Bo", "take_": 1}])
    t = alias_client.get(f"/api/tables/{old}").json()
    assert t["view"]["pile"] == 2 and t["view"]["to_move"] == "Ann"
    r = move(alias_client, t, "Ann", 2)
    assert r.status_code == 200, r.text
    assert r.json()["over"] is True and r.json()["report"]["winners"] == ["Ann"]
    assert r.json()["moves"][-1] == {"player": "Ann", "take": 2}
