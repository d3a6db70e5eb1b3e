"""Every route that may change something, of every game, answers any JSON with a 4xx or a 2xx,
never a 5xx, and nothing reaches the crash handler (issue 25, item 2).

The routes are read from the app's own route table (a route added later is fuzzed too), each with
one table per game where it names a table. The bodies: hypothesis' recursive JSON, and each
game's real requests (its smallest example record imported: the real setup, the real moves, the
record's text) with one place swapped for a hostile value (an integer of 5,000 digits, a lone
surrogate, deep nesting, another type, a long string, a huge list), a key dropped or one added.
``derandomize=True``: the same examples on every run, so CI is reproducible. The suite sends 600
requests in all; ``benchmarks/fuzz_routes.py`` runs this test with 10,000 (``PRINTKIT_FUZZ_ROUTES``).
"""

from __future__ import annotations

import json
import logging
import math
import os
import re
import time
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from starlette.routing import Route

from printkit.core.registry import scorekeepers

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
#: Examples in all, shared out over the (route, game) pairs: 600 in the suite (each pair gets
#: ~20, its targeted requests and any JSON), more when PRINTKIT_FUZZ_ROUTES says (benchmarks/fuzz_routes.py).
EXAMPLES_IN_ALL = int(os.environ.get("PRINTKIT_FUZZ_ROUTES", "600"))
CHANGES = {"POST", "PUT", "PATCH", "DELETE"}


class Digits(int):
    """An integer written with ``n`` digits (json.dumps, like int(), refuses over 4,300)."""

    def __new__(cls, n: int) -> Digits:
        out = super().__new__(cls, 0)
        out.n = n  # type: ignore[attr-defined]
        return out


class Raw(str):
    """JSON text written as it is (deep nesting that json.dumps would not build)."""


def dump(value: Any) -> str:
    """``value`` as JSON text, with ``Digits`` and ``Raw`` written as they say."""
    if isinstance(value, Digits):
        return "9" * value.n  # type: ignore[attr-defined]
    if isinstance(value, Raw):
        return str(value)
    if isinstance(value, dict):
        return "{" + ",".join(f"{json.dumps(str(k))}:{dump(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(dump(v) for v in value) + "]"
    return json.dumps(value)  # lone surrogates as \ud800 escapes; NaN and Infinity as such


#: For a place that holds text (a name, a card, a colour) and one that holds a number.
HOSTILE_TEXT = st.sampled_from(["\ud800", "Ann\udfff", "\udc00\ud800", "", " ", "A" * 100_000, "Ann " * 2000,
                                "\u202eAnn", "\x00", "\U0001f600", "<b>Ann</b>", "1", "-1", "Digits", "None"])
HOSTILE_NUMBER = st.sampled_from([Digits(4301), Digits(5000), 10**300, -(10**300), 2**63, -(2**63) - 1, -1, 0,
                                  0.5, 1e308, float("nan"), float("inf"), True, None, "1", Raw("1e400")])
HOSTILE = st.sampled_from([
    Digits(4301), Digits(5000), Digits(100_000), 10**300, -(10**300), 2**63, -(2**63) - 1, 2**64, 1e308, -1e308,
    1e-320, float("nan"), float("inf"), 0.5, -1, 0, True, False, None, "", "\ud800", "Ann\udfff", "\udc00\ud800",
    "\U0001f600", "\u202eAnn", "\x00", "A" * 100_000, "Ann " * 2000, Raw("[" + "0," * 99_999 + "0]"), [[]] * 1000, [None],
    Raw("[" * 40 + "]" * 40), Raw("[" * 5000 + "]" * 5000), Raw('{"a":' * 40 + "1" + "}" * 40), {}, [],
    {"\ud800": 1}, {"": None}, "../../etc/passwd", "<script>alert(1)</script>", "1e400", "999999999999999999999",
])
LEAVES = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20) | HOSTILE
JSON = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=6)
#: A request body of any shape: an object (anything else is one 400) with the API's keys or others.
KEYS = st.sampled_from(["version", "move", "game", "setup", "files", "name", "text", "player", "players"])
OBJECTS = st.dictionaries(KEYS | st.text(max_size=8), JSON, max_size=4) | JSON


def places(value: Any, path: tuple = ()) -> list[tuple]:
    """Every place in a JSON value, as the keys and indexes that lead to it."""
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += places(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:50]):
            out += places(v, (*path, i))
    return out


def changed(value: Any, path: tuple, how: str, new: Any) -> Any:
    """``value`` with the place ``path`` replaced by ``new`` (``how``: "set"), dropped ("drop")
    or given another key ("add")."""
    if not path:
        return new if how == "set" else value
    copy = dict(value) if isinstance(value, dict) else list(value)
    head, rest = path[0], path[1:]
    if rest:
        copy[head] = changed(copy[head], rest, how, new)
    elif how == "set":
        copy[head] = new
    elif how == "drop":
        del copy[head]
    elif isinstance(copy, dict):
        copy["extra"] = new
    else:
        copy.append(new)
    return copy


@st.composite
def hostile_version_of(draw: Any, real: Any) -> Any:
    """A real request with one place changed."""
    path = draw(st.sampled_from(places(real)))
    how = draw(st.sampled_from(["set", "set", "set", "drop", "add"]))
    here = real
    for key in path:
        here = here[key]
    like = HOSTILE_TEXT if isinstance(here, str) else HOSTILE_NUMBER if isinstance(here, (int, float)) else HOSTILE
    return changed(real, path, how, draw(st.one_of(like, like, HOSTILE, JSON)))


def first_example(game: str, client: Any) -> tuple[dict[str, Any], str]:
    """The game's smallest example record that imports: the table made from it and its text."""
    for path in sorted((EXAMPLES / game).glob("*.yaml"), key=lambda p: (p.stat().st_size, p.name)):
        r = client.post("/api/import", json={"game": game, "files": [{"name": path.name, "text": path.read_text()}]})
        if r.status_code == 201:
            return r.json(), path.read_text()
    raise AssertionError(f"no example of {game} imports")


def targeted(path: str, game: str, mine: dict[str, Any], version: Any) -> st.SearchStrategy[Any]:
    """The requests the route really gets, for this game (``version()``: the table's now)."""
    move = st.sampled_from(mine["moves"][:10]).map(lambda m: {"version": version(), "move": m})
    setup = st.just({"game": game, "setup": mine["setup"]})
    record = mine["record"]
    text = st.just(record) if isinstance(record, str) else hostile_version_of(record).map(dump)
    if path == "/api/tables":
        return setup
    if path == "/api/import":
        return text.map(lambda t: {"game": game, "files": [{"name": "r.yaml", "text": t}]})
    if path.endswith("/undo"):
        return st.builds(lambda: {"version": version()})
    return move | setup | st.builds(lambda: {"version": version()})


def fuzz(client: Any, capsys: Any, route: tuple[str, str], game: str, mine: dict[str, Any], examples: int) -> int:
    """``examples`` requests to one route for one game, none a 5xx or a traceback: how many sent."""
    path, method = route
    url = re.sub(r"\{(\w+)(:\w+)?\}", lambda m: {"id": str(mine["table"]), "game": game}.get(m[1], "1"), path)
    store = client.app.state.tables.store
    sent = 0

    @settings(max_examples=examples, derandomize=True, database=None, deadline=None,
              phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
    @given(body=st.one_of(targeted(path, game, mine, lambda: store.version(mine["table"])).flatmap(hostile_version_of),
                          OBJECTS, targeted(path, game, mine, lambda: store.version(mine["table"]))))
    def one(body: Any) -> None:
        nonlocal sent
        text = dump(body)
        r = client.request(method, url, content=text.encode("utf-8", "surrogatepass"))
        sent += 1
        assert r.status_code < 500, (method, url, text[:300], r.status_code, r.text[:500])
        err = capsys.readouterr().err
        assert "Traceback" not in err, (method, url, text[:300], err[-2000:])

    one()
    return sent


def test_any_json_to_every_route_of_every_game_is_never_a_5xx(client, capsys, caplog):
    started, cpu = time.perf_counter(), time.process_time()
    games = [g for g in sorted(scorekeepers()) if (EXAMPLES / g).is_dir()]  # not the tests' own Nim
    real: dict[str, dict[str, Any]] = {}
    for game in games:
        imported, text = first_example(game, client)
        fresh = client.post("/api/tables", json={"game": game, "setup": imported["setup"]})
        assert fresh.status_code == 201, fresh.text
        exported = client.get(f"/api/tables/{imported['id']}/export?format=json")
        one_file = exported.headers["content-type"].startswith("application/json")  # else a zip of several
        real[game] = {"table": fresh.json()["id"], "setup": imported["setup"], "moves": imported["moves"] or [{}],
                      "record": exported.json() if one_file else text}
    routes = [(r.path, method) for r in client.app.routes if isinstance(r, Route) and r.methods
              for method in sorted(r.methods & CHANGES)]
    assert {"/api/tables", "/api/tables/{id}/moves", "/api/tables/{id}/undo", "/api/import"} <= {p for p, _ in routes}
    per_pair = math.ceil(EXAMPLES_IN_ALL / (len(routes) * len(games)))
    caplog.set_level(logging.WARNING)
    sent = sum(fuzz(client, capsys, route, game, real[game], per_pair) for route in routes for game in games)
    assert sent >= EXAMPLES_IN_ALL
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text[-2000:]
    with capsys.disabled():
        print(f"\n{sent} requests to {len(routes)} routes x {len(games)} games in {time.perf_counter() - started:.1f} s "
              f"({time.process_time() - cpu:.1f} s of CPU)")


def test_the_issues_500s_are_a_400_sentence(client):
    """Issue 25's 500s: an integer of over 4,300 digits to every POST route, a lone surrogate in a
    player name at table creation in every game and in a move; and nesting too deep."""
    from printkit.web.app import MAX_DEPTH

    for game in sorted(scorekeepers()):
        r = client.post("/api/tables", content=f'{{"game": "{game}", "setup": {{"players": ["Ann\\ud800", "Bo"], '
                                                 f'"names": ["Ann\\udfff", "Bo"]}}}}')
        assert r.status_code == 400 and "lone surrogate" in r.json()["error"], (game, r.text)
    t = client.post("/api/import", json={"game": "jubako", "files": [
        {"name": "r.yaml", "text": (EXAMPLES / "jubako" / "two-players.yaml").read_text()}]}).json()
    for path in ("/api/tables", f"/api/tables/{t['id']}/moves", f"/api/tables/{t['id']}/undo",
                 f"/api/tables/{t['id']}/ask", "/api/import"):
        r = client.post(path, content='{"version": ' + "9" * 4301 + "}")
        assert r.status_code == 400 and r.json()["error"] == (
            "the request body has a number too long to be one (over 4,300 digits)"), (path, r.text)
        r = client.post(path, content='{"version": 0, "move": {"player": "Ann\\ud800"}}')
        assert r.status_code == 400 and "lone surrogate" in r.json()["error"], (path, r.text)
        r = client.post(path, content='{"version": 0, "move": ' + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "}")
        assert r.status_code == 400 and f"more than {MAX_DEPTH} levels" in r.json()["error"], (path, r.text)
        r = client.post(path, content='{"version": NaN}')
        assert r.status_code == 400 and "NaN is not a JSON number" in r.json()["error"], (path, r.text)
