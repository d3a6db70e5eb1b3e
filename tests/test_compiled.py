"""The games' compiled models (printkit.core.compiled, issue 16): `printkit score` checks a record
with the record models' pydantic-core schema and light classes, and reads the game's content as
light objects, without importing pydantic. These tests hold that to the pydantic models:

- each game's compiled modules are what the compiler writes from today's models (else stale);
- every worked record (examples/, the corpora's generated games) and thousands of mutated ones
  read alike both ways: the same record, or the same errors, word for word; a legal record
  scores the same report both ways;
- `printkit score` of each game imports no pydantic once the content is on disk;
- a stale compiled module, or another pydantic-core, is not used: pydantic reads the record.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from printkit.core import compiled
from printkit.core.registry import scorers
from printkit.core.yamlio import parse_text
from tests.corpus import ref_gemblo, ref_gimbap, ref_jubako, ref_rollncook, ref_trickdumpling
from tests.modeldump import dump

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["rollncook", "gemblo", "gimbap", "jubako", "trickdumpling"]


def _examples(game: str) -> list[dict]:
    out = []
    for path in sorted((ROOT / "examples" / game).rglob("*")):
        if path.suffix in (".yaml", ".yml", ".json"):
            try:
                data, _ = parse_text(path.read_text(encoding="utf-8"), allow_json=True)
            except Exception:  # an example of an unreadable file: nothing to validate
                continue
            out.append(data)
    return out


def _generated(game: str, n: int) -> list[dict]:
    rng = random.Random(16)
    if game == "rollncook":
        return [r for _ in range(n) for r in ref_rollncook.generate_game(random.Random(rng.random()))]
    if game == "trickdumpling":
        return [ref_trickdumpling.generate_game(random.Random(rng.random()))[0] for _ in range(n)]
    ref = {"gemblo": ref_gemblo, "gimbap": ref_gimbap, "jubako": ref_jubako}[game]
    return [ref.generate(seed)[0] for seed in range(n)]


_RECORDS: dict[str, list[dict]] = {}


def records(game: str) -> list[dict]:
    """The worked records of ``game``: its examples and 25 generated games (made once)."""
    if game not in _RECORDS:
        _RECORDS[game] = [json.loads(json.dumps(r)) for r in _examples(game) + _generated(game, 25)]
    return _RECORDS[game]


def outcome(read, data: Any) -> tuple:
    """What reading ``data`` gives: the record (its values, and its repr, which messages may
    show), or the error and its words."""
    try:
        record = read(data)
        return "read", dump(record), repr(record)
    except ValidationError as e:
        return "invalid", str(e)
    except ValueError as e:
        return "refused", str(e)


def both(game: str):
    scorer = scorers()[game]
    fast = compiled.reader(scorer.record)
    assert fast is not None, f"{game} has no fresh compiled record reader (python3 -m printkit.core.compiled)"
    return fast, scorer.model.model_validate


@pytest.mark.parametrize("game", GAMES)
def test_compiled_modules_are_fresh(game):
    target = next(t for t in compiled.targets() if t.package == f"printkit.games.{game}")
    for module, text in compiled.compile_game(target).items():
        path = compiled.path_of(module)
        assert path.exists() and path.read_text(encoding="utf-8") == text, (
            f"{path.relative_to(ROOT)} is stale: run python3 -m printkit.core.compiled")


@pytest.mark.parametrize("game", GAMES)
def test_every_worked_record_reads_alike(game):
    fast, model = both(game)
    recs = records(game)
    assert len(recs) >= 25
    read = 0
    for data in recs:
        got, want = outcome(fast, data), outcome(model, data)
        assert got == want, (game, data)
        read += got[0] == "read"
    assert read >= len(recs) // 2  # mostly legal records: the light classes are really compared


@pytest.mark.parametrize("game", GAMES)
def test_a_record_scores_alike_both_ways(game):
    fast, model = both(game)
    scorer = scorers()[game]
    for data in records(game)[:12]:
        try:
            light, real = fast(data), model(data)
        except (ValidationError, ValueError):
            continue
        assert type(light).__name__ == type(real).__name__ and type(light) is not type(real)
        a = scorer.score([("r.yaml", light, {})]).to_json()
        b = scorer.score([("r.yaml", real, {})]).to_json()
        assert a == b


#: What a mutation writes in a record: the kinds of value people get wrong.
ODD = [None, 0, 1, -1, 4, 7, 2.5, 4.0, True, "", "x", "4", "10:00", "1pm", [], [1, 2, 3], {}, {"box": 4},
       "RNC1-7", "red", "Ann"]


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, path + (i,))
    return out


def _mutated(data: dict, path: tuple, how: int, odd: Any) -> dict:
    data = json.loads(json.dumps(data))
    if not path:
        data["zz"] = odd
        return data
    parent = data
    for k in path[:-1]:
        parent = parent[k]
    key = path[-1]
    if how == 0 and isinstance(parent, dict):
        del parent[key]
    elif how == 1 and isinstance(parent, list):
        parent.insert(key, odd)
    else:
        parent[key] = odd
    return data


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=500, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_a_mutated_record_reads_alike(game, data):
    """Any value in any place, a key removed or an item inserted: the same record or the same
    errors, word for word, both ways."""
    fast, model = both(game)
    base = data.draw(st.sampled_from(records(game)[:30]))
    path = data.draw(st.sampled_from(_paths(base)))
    changed = _mutated(base, path, data.draw(st.integers(0, 2)), data.draw(st.sampled_from(ODD)))
    assert outcome(fast, changed) == outcome(model, changed)


@pytest.mark.parametrize("game", GAMES)
def test_score_imports_no_pydantic(game, tmp_path):
    """With the content on disk (the first run puts it there), `printkit score` of a worked record
    checks it and scores it without importing pydantic; and prints what pydantic's way prints."""
    record = tmp_path / "record.json"
    record.write_text(json.dumps(records(game)[0]))
    probe = ("import sys\nfrom printkit.cli import main\nsys.argv = ['printkit', 'score', sys.argv[1], sys.argv[2]]\n"
             "try:\n    main()\nfinally:\n"
             "    print('PYDANTIC' if 'pydantic' in sys.modules else 'NONE')\n")  # any pydantic module imports it
    runs = [subprocess.run([sys.executable, "-c", probe, game, str(record)], capture_output=True, text=True, cwd=tmp_path)
            for _ in range(2)]
    assert runs[1].stdout.splitlines()[-1] == "NONE", runs[1].stdout[-2000:] + runs[1].stderr[-2000:]
    assert runs[0].returncode == runs[1].returncode in (0, 1)
    assert runs[0].stdout.splitlines()[:-1] == runs[1].stdout.splitlines()[:-1]


@pytest.mark.parametrize("game", GAMES)
def test_a_light_record_behaves_as_the_model_does(game):
    """Equality, hashing and model_copy, as the States use them, agree with pydantic's."""
    fast, model = both(game)
    for data in records(game)[:5]:
        try:
            a, b, real = fast(data), fast(data), model(data)
        except (ValidationError, ValueError):
            continue
        assert a == b and a is not b and a != real
        for light, pyd in _models_in(a, real):  # each model in the record, light and pydantic
            assert _hashable(light) == _hashable(pyd)  # a list field makes both unhashable
            if _hashable(light):
                assert hash(light) == hash(light.model_copy()) and light == light.model_copy()
        field = next(iter(real.__pydantic_fields__))
        copied, real_copied = a.model_copy(update={field: "changed"}), real.model_copy(update={field: "changed"})
        assert dump(copied)[1:] == dump(real_copied)[1:] and copied != a
        with pytest.raises(TypeError):
            a.player = "someone else"


def _hashable(x: Any) -> bool:
    try:
        hash(x)
    except TypeError:
        return False
    return True


def _models_in(light: Any, real: Any):
    """(light, pydantic) pairs of every model in two reads of one record, walked together."""
    if isinstance(real, BaseModel):
        yield light, real
        for k in real.__pydantic_fields__:
            yield from _models_in(light.__dict__[k], real.__dict__[k])
    elif isinstance(real, (list, tuple)):
        for x, y in zip(light, real, strict=True):
            yield from _models_in(x, y)
    elif isinstance(real, dict):
        for k in real:
            yield from _models_in(light[k], real[k])


def test_content_kept_before_its_game_was_compiled_comes_back_light(tmp_path, monkeypatch):
    """A content the disk cache kept as pydantic made it (before compiling) is read light, and
    kept so; a stale compiled content module leaves the content as pydantic made it."""
    from printkit.core import content as content_reader, diskcache
    from printkit.games.rollncook import contentfast, contentmodel
    from printkit.games.rollncook.content import DATA

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(content_reader, "CONTENT", diskcache.DiskCache("content", content_reader._checkers))
    real = content_reader._read(DATA, contentmodel.Content, "data.yaml")
    key = (str(DATA.resolve()), "printkit/games/rollncook/data.yaml", contentmodel.__name__, "Content")
    content_reader.CONTENT.put(key, [key[0], *content_reader._model_files(contentmodel.Content)], real)
    got = content_reader.read_content(DATA, "printkit.games.rollncook.contentmodel:Content")
    assert type(got) is contentfast.Content and repr(got) == repr(real)
    assert type(content_reader.CONTENT.get(key)) is contentfast.Content  # kept light from now on
    module = compiled._fresh(contentfast.__name__)
    monkeypatch.setitem(module.SOURCES, next(iter(module.SOURCES)), "0" * 64)
    compiled._fresh.cache_clear()
    try:
        assert compiled.light(real) == (real, None)
    finally:
        monkeypatch.undo()
        compiled._fresh.cache_clear()


def test_a_stale_compiled_module_is_not_used(monkeypatch):
    """A source changed since compiling, or another pydantic-core: no compiled reader, so the
    pydantic model reads the record (and content stays as pydantic made it)."""
    module = compiled._fresh("printkit.games.rollncook.recordfast")
    assert module is not None and compiled._compiled_module(module.__name__) is module
    first = next(iter(module.SOURCES))
    monkeypatch.setitem(module.SOURCES, first, "0" * 64)
    assert compiled._compiled_module(module.__name__) is None
    monkeypatch.undo()
    monkeypatch.setattr(module, "PYDANTIC_CORE", "0.0.0")
    assert compiled._compiled_module(module.__name__) is None


def test_a_record_refused_by_the_compiled_reader_gets_the_models_message(tmp_path):
    """The compiled reader refuses, the model reads it again: the same one-line message (exit 2)."""
    from tests.conftest import run_cli

    bad = tmp_path / "bad.yaml"
    bad.write_text("sheet: RNC1-7\nhours:\n  - hour: 10:00\n    dice: [1, 2, 9]\n")
    r = run_cli("score", "rollncook", str(bad))
    assert r.exit_code == 2
    assert "bad.yaml:4: hours[0].dice[2]" in r.output and "less than or equal to 6" in r.output, r.output
