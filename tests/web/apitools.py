"""What the games' API tests (tests/web/test_*_api.py) share, naming no game: score documents in
process as ``printkit score --json`` does, the parts of a report a round trip must keep, the State
after a table's moves, ``printkit score`` as a user runs it (in process), and the move API on the ASGI client
(create a table, post a move, export it, read it back to see that a refusal stored nothing).

A game's test module builds one ``ApiKit`` and binds its methods to the names it always used.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.core.game import replay
from printkit.core.records import parse_record
from printkit.core.yamlio import parse_text

ROOT = Path(__file__).resolve().parents[2]
COMMON = ("players", "winners", "ranking", "unfinished", "valid")


def load(path: Path) -> dict[str, Any]:
    """A record file read as the scorer reads it (YAML 1.2: ``on`` is a key, not true)."""
    data, _ = parse_text(path.read_text(), allow_json=True)
    return data


def run_score(game: str, path: Path, *, in_folder: bool = False) -> subprocess.CompletedProcess[str]:
    """``printkit score GAME PATH --json``, the command a user runs, in process through typer's
    CliRunner (the same command and output; starting it as a process, its streams and exit code
    as the installed script, is tests/test_cli.py's, tests/test_lazy_games.py's and
    tests/test_install.py's: ~0.4 s a process here). ``in_folder``: run in the file's folder on
    its bare name (violations name the file)."""
    import contextlib
    import traceback

    from tests.conftest import run_cli

    where, name = (path.parent, path.name) if in_folder else (ROOT, str(path))
    with contextlib.chdir(where):
        r = run_cli("score", game, name, "--json")
    err = r.stderr
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        err += "".join(traceback.format_exception(r.exception))
    return subprocess.CompletedProcess(["printkit", "score", game, name, "--json"], r.exit_code, r.stdout, err)


def new_table(client: Any, game: str, setup: dict[str, Any]) -> dict[str, Any]:
    """POST /api/tables; the table made (201)."""
    r = client.post("/api/tables", json={"game": game, "setup": setup})
    assert r.status_code == 201, r.text
    return r.json()


def post(client: Any, table: dict[str, Any], move: Any) -> Any:
    """POST one move at the table's version; the response."""
    return client.post(f"/api/tables/{table['id']}/moves", json={"version": table["version"], "move": move})


def post_ok(client: Any, table: dict[str, Any], move: Any) -> dict[str, Any]:
    """POST one move that must be taken (200); the table after it."""
    r = post(client, table, move)
    assert r.status_code == 200, (move, r.text)
    return r.json()


def stored(client: Any, table: dict[str, Any]) -> dict[str, Any]:
    """The table as the server holds it now (to check a refused move stored nothing)."""
    return client.get(f"/api/tables/{table['id']}").json()


def export_to(client: Any, table: dict[str, Any], path: Path) -> Path:
    """The table's export written to ``path``."""
    path.write_text(client.get(f"/api/tables/{table['id']}/export").text)
    return path


@dataclass(frozen=True)
class ApiKit:
    """One game's record model and State machine, for the helpers above that need them."""

    game: str
    record: type
    machine: Any  # the game's definition: start, moves and replay
    records: Callable[..., list[dict[str, Any]]]  # the Scorekeeper's setup + moves -> documents
    state: type
    kept: tuple[str, ...] = ()  # the report's own keys a round trip must keep, beyond COMMON
    doc_name: str = "doc{i}.json"

    def score_docs(self, docs: list[dict[str, Any]]) -> dict[str, Any]:
        """``printkit score --json`` of documents, in process (as the web core reads them)."""
        recs = []
        for i, d in enumerate(docs):
            name = self.doc_name.format(i=i)
            rec, table = parse_record(json.dumps(d), name, self.record, self.game)
            recs.append((name, rec, table))
        return replay(self.machine, recs).to_json()

    def essence(self, report: dict[str, Any]) -> dict[str, Any]:
        """What must not change between a record and its round trip (lines and files may)."""
        out = {k: report[k] for k in COMMON} | {k: report.get(k) for k in self.kept}
        out["violations"] = [(v["rule"], v["where"], v["message"]) for v in report["violations"]]
        return out

    def state_after(self, setup: Any, moves: list[dict[str, Any]]) -> Any:
        """The State after setup + moves, replayed from the record ``records`` writes."""
        (doc,) = self.records(setup, moves)
        rec, _ = parse_record(json.dumps(doc), "t.json", self.record, self.game)
        state = self.machine.start([rec])
        for _, _, move in self.machine.moves([rec]):
            state.apply(move)
        assert isinstance(state, self.state)
        return state

    def cli_score(self, path: Path) -> dict[str, Any]:
        """``printkit score GAME PATH --json`` (exit 0 or 1, the report)."""
        done = run_score(self.game, path)
        assert done.returncode in (0, 1), done.stderr
        return json.loads(done.stdout)

    def new_table(self, client: Any, setup: dict[str, Any]) -> dict[str, Any]:
        return new_table(client, self.game, setup)


def score_ok(game: str, path: Path) -> dict[str, Any]:
    """``printkit score GAME PATH --json`` of a legal record (exit 0): the report."""
    done = run_score(game, path)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)


def page_export_scored(page: Any, game: str, folder: Path, shown: dict[str, int], *, tap: bool) -> dict[str, Any]:
    """Press the page's Export (tap on a phone, else click), save the download as
    ``exported.yaml`` and score it: its totals must be the ones the page ``shown``; the report."""
    from tests.web import touch  # Playwright's, only for the browser tests

    with page.expect_download() as dl:
        (touch.tap if tap else touch.click)(page.locator('[data-test="export"]'))
    exported = folder / "exported.yaml"
    dl.value.save_as(exported)
    report = score_ok(game, exported)
    assert {p["name"]: p["total"] for p in report["players"]} == shown
    return report
