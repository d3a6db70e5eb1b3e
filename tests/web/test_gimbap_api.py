"""Gimbap at the table: the Scorekeeper (printkit/games/gimbap/web.py) without a server, then the
move API on the ASGI test client (docs/serve.md).

The examples and generated records (tests/corpus/ref_gimbap.py) go through ``split`` and back
through ``records``: the documents must score exactly like the originals; the rounds posted one
at a time must give the same game; ``view`` must offer only what the State accepts.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from printkit.core.game import replay
from printkit.core.records import parse_record
from printkit.core.yamlio import parse_text
from printkit.games.gimbap.content import CONTENT
from printkit.games.gimbap.record import GimbapRecord, Round
from printkit.games.gimbap.state import GIMBAP, GimbapState
from printkit.games.gimbap.web import SCOREKEEPER, Setup, records, split, view
from tests.corpus import ref_gimbap

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples" / "gimbap").glob("*.yaml"))


def load(path: Path) -> dict[str, Any]:
    """A record file read as the scorer reads it (YAML 1.2: ``on`` is a key, not true)."""
    data, _ = parse_text(path.read_text(), allow_json=True)
    return data


def score_docs(docs: list[dict[str, Any]]) -> dict[str, Any]:
    """``printkit score --json`` of documents, in process (as the web core reads them)."""
    recs = []
    for i, d in enumerate(docs):
        rec, table = parse_record(json.dumps(d), f"doc{i}.json", GimbapRecord, "gimbap")
        recs.append((f"doc{i}.json", rec, table))
    return replay(GIMBAP, recs).to_json()


def essence(report: dict[str, Any]) -> dict[str, Any]:
    """What must not change between a record and its round trip (lines and files may)."""
    return {"players": report["players"], "winners": report["winners"], "ranking": report["ranking"],
            "unfinished": report["unfinished"], "valid": report["valid"], "rounds": report.get("rounds"),
            "violations": [(v["rule"], v["where"], v["message"]) for v in report["violations"]]}


def state_after(setup: Setup, moves: list[dict[str, Any]]) -> GimbapState:
    (doc,) = records(setup, moves)
    rec, _ = parse_record(json.dumps(doc), "t.json", GimbapRecord, "gimbap")
    state = GIMBAP.start([rec])
    for _, _, move in GIMBAP.moves([rec]):
        state.apply(move)
    assert isinstance(state, GimbapState)
    return state


def generated(n: int = 40) -> list[dict[str, Any]]:
    """Generated records whose header is a legal setup (a broken header cannot be a table)."""
    out = []
    for seed in range(n):
        rec, _ = ref_gimbap.generate(seed)
        try:
            Setup.model_validate({k: rec[k] for k in ("players", "tokens") if k in rec})
        except ValueError:
            continue
        out.append(rec)
    return out


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_round_trips(path: Path) -> None:
    original = load(path)
    setup, moves = split([original])
    assert len(moves) == len(original["rounds"])
    assert essence(score_docs(records(setup, moves))) == essence(score_docs([original]))


def test_generated_round_trip() -> None:
    recs = generated()
    assert len(recs) >= 30
    broken = 0
    for rec in recs:
        before = score_docs([rec])
        broken += not before["valid"]
        setup, moves = split([rec])
        assert essence(score_docs(records(setup, moves))) == essence(before), rec
    assert broken >= 5  # the corpus does break rules: violations survive the round trip too


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_rounds_posted_one_by_one(path: Path) -> None:
    """Every prefix of a legal example is a legal game in progress; the last is the whole game."""
    original = load(path)
    setup, moves = split([original])
    for k in range(len(moves) + 1):
        report = score_docs(records(setup, moves[:k]))
        assert report["violations"] == []
        assert report["unfinished"] == (k < len(moves))
    assert essence(report) == essence(score_docs([original]))


def _round(first: str, tokens: list[str], players: list[str], dice: list[str] | None = None) -> Round:
    return Round.model_validate({"first": first, "dice": dice or ["rice+seaweed", "ham-radish"], "tokens": tokens,
                                 "done": players, "rolls": {p: {"correct": True} for p in players}})


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_view_offers_only_legal_options(path: Path) -> None:
    original = load(path)
    setup, moves = split([original])
    players = list(setup.players)
    for k in range(len(moves)):
        state = state_after(setup, moves[:k])
        v = view(state, setup, moves[:k])
        nxt = moves[k]
        assert v["round"] == k + 1 and v["rounds"] == len(moves)
        assert nxt["first"] in v["first"]
        assert set(nxt["tokens"]) <= set(v["tokens_left"])
        assert v["tokens_to_lay"] == len(players) - 1 == len(nxt["tokens"])  # GIM-5
        if k:
            # GIM-5 (PK-1): one roller only, the next seat; anyone else is refused by the State
            assert v["first"] == [players[(players.index(moves[k - 1]["first"]) + 1) % len(players)]]
            other = next(p for p in players if p not in v["first"])
            assert any(x.rule == "GIM-5" for x in state.copy().apply(_round(other, v["tokens_left"][:len(players) - 1],
                                                                            players)))
        # every token not offered is refused (GIM-5: in play once)
        for t in map(str, CONTENT.tokens):
            if t in v["tokens_left"]:
                continue
            bad = state.copy().apply(_round(v["first"][0], [t] + v["tokens_left"][:len(players) - 2], players))
            assert any(x.rule == "GIM-5" and t in x.message for x in bad), t
        # the dice offered are the real dice: one face of each die, any 2 to 4 (GIM-3)
        assert [d["faces"] for d in v["dice"]] == [list(d.faces) for d in CONTENT.dice]
        faces = [d["faces"][0] for d in v["dice"]]
        for n in (v["dice_min"], v["dice_max"]):
            ok = state.copy().apply(_round(v["first"][0], v["tokens_left"][:len(players) - 1], players, faces[:n]))
            assert not [x for x in ok if x.rule == "GIM-3"]
    end = view(state_after(setup, moves), setup, moves)
    assert end["over"] and end["first"] == []


def test_view_running_totals_add_up() -> None:
    """Round by round totals: the last equals the report's, each is the sum of the tokens kept."""
    path = ROOT / "examples" / "gimbap" / "swap-after-wrong-roll.yaml"
    original = load(path)
    setup, moves = split([original])
    v = view(state_after(setup, moves), setup, moves)
    report = score_docs([original])
    last = v["history"][-1]["totals"]
    assert {p["name"]: p["total"] for p in report["players"]} == {p: t["points"] for p, t in last.items()}
    # Round 1 of the example, worked out by hand (GIM-6): Bo, Cy, Ann take 4/3, 3/3, 1/1; Bo's
    # wrong roll returns 4/3; Cy swaps 3/3 for it; Ann swaps 1/1 for 3/3; Dee, right and with no
    # token, takes the best left in the centre, 1/1 (the example's comment says Dee gets none).
    first = v["history"][0]
    assert first["taken"] == {"Bo": "4/3", "Cy": "3/3", "Ann": "1/1"}
    assert first["kept"] == {"Cy": "4/3", "Ann": "3/3", "Dee": "1/1"}
    assert first["totals"]["Cy"] == {"points": 4, "radish": 3} and first["totals"]["Bo"]["points"] == 0
    assert first["tokens"] == ["4/3", "3/3", "1/1"] and first["done"] == ["Bo", "Cy", "Ann", "Dee"]


def test_setup_is_checked() -> None:
    with pytest.raises(ValueError, match="6 different tokens"):
        Setup.model_validate({"players": ["A", "B"]})
    with pytest.raises(ValueError, match="leave 'tokens' out"):
        Setup.model_validate({"players": ["A", "B", "C"], "tokens": ["4/3"]})
    with pytest.raises(ValueError):
        Setup.model_validate({"players": ["A", "A", "B"]})
    with pytest.raises(ValueError):
        Setup.model_validate({"players": ["A"]})
    assert Setup.model_validate({"players": ["A", "B", "C"]}).tokens is None
    assert SCOREKEEPER.file_names(Setup.model_validate({"players": ["A", "B", "C"]})) == ["gimbap.yaml"]
    assert (SCOREKEEPER.assets / "page.js").is_file()
