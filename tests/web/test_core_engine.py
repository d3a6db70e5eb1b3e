"""The engine under the pages: record text that reads back as written, and a game scored from
several records (one per player) exported as one file, a stream of documents, and imported again."""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.core.game import Game
from printkit.core.yamlio import parse_stream, parse_text
from printkit.web.engine import record_text, stream_text

scalars = st.one_of(st.none(), st.booleans(), st.integers(min_value=-(2**63), max_value=2**63),
                    st.text(max_size=12),
                    st.sampled_from(["1e3", "0o17", "0x1F", "yes", "no", "on", "off", "10:00", "010", "true", "False",
                                     "null", "~", "", ".5", "-.inf", ".nan", "1_000", "+1", "- x", "x: y", "#", "&a",
                                     "*a", "!t", "%", "@", "`", "'", '"', "\u00e9t\u00e9", "\u2028", "\t", " lead"]),
                    st.floats(allow_nan=False, allow_infinity=False, width=32))
documents = st.dictionaries(st.text(max_size=8), st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20), max_size=6)


@settings(max_examples=100, deadline=None)
@given(documents)
def test_record_yaml_reads_back_as_the_document_it_was_written_from(doc):
    for fmt in ("yaml", "json"):
        back, _table = parse_text(record_text(doc, fmt), allow_json=True)
        assert back == json.loads(json.dumps(doc)), fmt


@settings(max_examples=40, deadline=None)
@given(st.lists(documents, min_size=2, max_size=3))
def test_several_documents_written_as_one_stream_read_back_as_those_documents(docs):
    for fmt in ("yaml", "json"):
        text = stream_text(docs, fmt)
        assert [d for d, _table in parse_stream(text)] == json.loads(json.dumps(docs)), fmt


# A two-file game: Nim whose takes are kept in one record per player (as some games keep one
# record per player). It is registered for this module only.

def _split_moves(records: Sequence[Any]):
    turns = [[(i, ("takes", j), t) for j, t in enumerate(r.takes)] for i, r in enumerate(records)]
    return [step for pair in itertools.zip_longest(*turns) for step in pair if step is not None]


@pytest.fixture(scope="module")
def pairs(nim):
    from printkit.core import registry
    from printkit.core.table import Scorekeeper
    from tests.toygame import web
    from tests.toygame.web import KEEPER as NIM_KEEPER
    from tests.toygame.state import NimRecord, NimState

    game = Game("nimpairs", "Nim in pairs of files", NimRecord, start=lambda recs: NimState.start(recs[0]),
                moves=_split_moves, rank_key=lambda p: (p.total,), multi=True)

    def records(setup, moves):
        return [{"game": "nim", "players": list(setup.players), "pile": setup.pile,
                 "takes": [m for m in moves if m["player"] == p]} for p in setup.players]

    def split(docs):
        setup = web.NimSetup(players=docs[0]["players"], pile=docs[0]["pile"])
        takes = [[dict(t) for t in d.get("takes", [])] for d in docs]
        return setup, [t for pair in itertools.zip_longest(*takes) for t in pair if t is not None]

    keeper = Scorekeeper(game, web.NimSetup, web.NimMove, records, split, web.view, Path(NIM_KEEPER.assets),
                         lambda setup: ["pairs.yaml"])
    registry.register_game(game)
    registry.register_scorekeeper(keeper)
    yield "nimpairs"
    registry._SCOREKEEPERS.pop("nimpairs", None)
    registry._SCORERS.pop("nimpairs", None)


def test_a_game_of_several_records_exports_one_stream_and_imports_back(client, pairs):
    t = client.post("/api/tables", json={"game": pairs, "setup": {"players": ["Ann", "Bo"], "pile": 5}}).json()
    for player, take in [("Ann", 2), ("Bo", 2), ("Ann", 1)]:
        t = client.post(f"/api/tables/{t['id']}/moves", json={"version": t["version"],
                                                              "move": {"player": player, "take": take}}).json()
    assert t["over"] and t["report"]["winners"] == ["Ann"] and t["files"] == ["pairs.yaml"]
    r = client.get(f"/api/tables/{t['id']}/export")
    assert r.headers["content-type"] == "application/yaml; charset=utf-8"
    ann, bo = r.text.split("---\n")
    assert "take: 1" in ann and "player: Ann" not in bo
    assert client.get(f"/api/tables/{t['id']}/export").content == r.content  # byte-identical
    js = client.get(f"/api/tables/{t['id']}/export?format=json")
    assert js.headers["content-disposition"] == 'attachment; filename="pairs.json"'
    assert [d["takes"] for d in js.json()] == [[{"player": "Ann", "take": 2}, {"player": "Ann", "take": 1}],
                                               [{"player": "Bo", "take": 2}]]
    for files in ([{"name": "pairs.yaml", "text": r.text}], [{"name": "pairs.json", "text": js.text}],
                  [{"name": "ann.yaml", "text": ann}, {"name": "bo.yaml", "text": bo}]):
        again = client.post("/api/import", json={"game": pairs, "files": files})
        assert again.status_code == 201, again.text
        assert again.json()["moves"] == t["moves"] and again.json()["report"] == t["report"]


def test_the_quick_replay_gives_the_report_the_files_give_for_every_games_examples():
    """engine.score replays the documents as they are when nothing is wrong; that report must be
    the one the written files give (engine.exact, printkit score's path), for every registered
    game and every worked example it can import (the rest are single-purpose records)."""
    from printkit.core.registry import scorekeepers
    from printkit.web import engine
    from tests.web.conftest import ROOT

    checked: dict[str, int] = {}
    for game, keeper in scorekeepers().items():
        for path in sorted((ROOT / "examples" / game).glob("*.yaml")):
            data, _table = parse_text(path.read_text(encoding="utf-8"), allow_json=True)
            try:
                setup, moves = keeper.split([data])
                setup = keeper.setup.model_validate(setup.model_dump(mode="json"))
                moves = [keeper.move.model_validate(m).model_dump(mode="json") for m in moves]
                quick = engine.score(keeper, setup, moves)
            except (ValueError, KeyError, TypeError, IndexError, engine.Refused):
                continue
            full = engine.exact(keeper, quick.names, quick.docs, "yaml")
            assert quick.report.to_json() == full.report.to_json(), path
            assert quick.report.human() == full.report.human(), path
            checked[game] = checked.get(game, 0) + 1
    assert len(checked) >= 4 and sum(checked.values()) >= 8, checked
