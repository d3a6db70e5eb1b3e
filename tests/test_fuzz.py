"""Fuzzing every scorer with records (issue 15): "internal error" is for bugs, never for input.

Records come three ways: built from the game's JSON Schema (``printkit schema GAME``) with
the words of its worked examples, the worked examples with their values changed, removed,
repeated or swapped for values of another type, and the examples' bytes cut, spliced and
flipped. Each goes through the scorer in-process as ``printkit score`` does (read, check,
score, print for people and as JSON); only exit 0, 1 or 2 may come out, an unreadable record
is one line, and the text report carries no control character. ``benchmarks/fuzz_records.py``
runs the same with 10,000 examples a game.
"""

from __future__ import annotations

import copy
import json
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from printkit.core.records import decode, parse_record
from printkit.core.registry import scorers
from printkit.core.yamlio import parse_text
from printkit.errors import PrintkitError

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
GAMES = sorted(scorers())


# -- running a record as `printkit score` does ---------------------------------------------------

def other_games() -> dict[str, tuple[str, Any]]:
    """What ``printkit score`` tells a record of another game by: each game's title and model
    (looked up once a test: listing every game reads the games' folders)."""
    return {name: (s.title or name, s.model) for name, s in scorers().items()}


def outcome(game: str, blobs: list[bytes], others: dict[str, tuple[str, Any]] | None = None) -> int:
    """The exit code ``printkit score GAME`` gives for the records ``blobs``: 0 legal, 1 rules
    broken, 2 unreadable. Any other exception is a bug and propagates."""
    scorer = scorers()[game]
    others = other_games() if others is None else others
    try:
        records = []
        for i, blob in enumerate(blobs):
            name = f"record{i + 1}.yaml"
            records.append((name, *parse_record(decode(blob, name), name, scorer.model, game, others)))
        report = scorer.run(records)
        text = report.human()
        json.loads(report.dumps())
    except PrintkitError as e:
        assert "\n" not in str(e), f"a message of more than one line: {e}"
        return 2
    hidden = [c for c in text if c != "\n" and unicodedata.category(c) == "Cc"]
    assert not hidden, f"control characters reach the terminal: {hidden!r}"
    assert report.exit_code in (0, 1)
    return report.exit_code


# -- what records are made of --------------------------------------------------------------------

def _example_paths(game: str) -> list[Path]:
    return sorted((EXAMPLES / game).rglob("*.yaml")) + sorted((EXAMPLES / game).rglob("*.json"))


@cache
def example_texts(game: str) -> tuple[bytes, ...]:
    return tuple(p.read_bytes() for p in _example_paths(game))


@cache
def example_data(game: str) -> tuple[Any, ...]:
    out = []
    for blob in example_texts(game):
        try:
            data = parse_text(blob.decode("utf-8"), allow_json=True)[0]
        except ValueError:
            continue
        if isinstance(data, dict):
            out.append(data)
    return tuple(out)


def _scalars(data: Any, out: set) -> None:
    if isinstance(data, dict):
        for k, v in data.items():
            out.add(k)
            _scalars(v, out)
    elif isinstance(data, list):
        for v in data:
            _scalars(v, out)
    elif isinstance(data, (str, int)) and not isinstance(data, bool):
        out.add(data)


@cache
def vocabulary(game: str) -> tuple[Any, ...]:
    """The words and numbers of the game's worked examples: names, cards, cells, hours ..."""
    out: set = set()
    for data in example_data(game):
        _scalars(data, out)
    return tuple(sorted(out, key=lambda v: (type(v).__name__, str(v))))


@cache
def schema(game: str) -> dict:
    return scorers()[game].model.model_json_schema()


NASTY_TEXT = st.sampled_from(["", " ", "Ann\x1b[31m", "Bo\nwinner: Bo", "٣", "RNC1-18446744073709551623",
                              "RNC1-٧", "10:00", "25:00", "0x10", "1e999", "\u202eevil", "A" * 300,
                              "null", "true", "-", "~", "*", "&a", "!!binary", "é"])
NUMBERS = st.one_of(st.integers(-3, 12), st.sampled_from([0, -1, 2**63, 2**64 + 7, 10**30, -(10**30)]))
FLOATS = st.sampled_from([4.9, 4.0, -0.0, 1e300, float("inf"), float("-inf"), float("nan")])


@cache  # strategies are immutable: one a game, not one a draw
def words(game: str) -> st.SearchStrategy:
    """A string or number a record might hold: mostly the game's own words."""
    vocab = vocabulary(game)
    if not vocab:  # no worked example to take words from
        return st.one_of(NASTY_TEXT, st.text(max_size=12), NUMBERS)
    return st.one_of(st.sampled_from(vocab), st.sampled_from(vocab), st.sampled_from(vocab),
                     NASTY_TEXT, st.text(max_size=12), NUMBERS)


@cache  # strategies are immutable: one a game, not one a draw
def any_value(game: str) -> st.SearchStrategy:
    """A value of any type: how a record goes wrong when a field holds the wrong kind."""
    leaf = st.one_of(words(game), FLOATS, st.booleans(), st.none())
    return st.recursive(leaf, lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(words(game), st.integers(0, 3)), inner, max_size=3)), max_leaves=8)


# -- 1. records built from the JSON Schema ---------------------------------------------------------

def _resolve(node: dict, root: dict) -> dict:
    while "$ref" in node:
        node = root["$defs"][node["$ref"].rsplit("/", 1)[-1]]
    return node


def from_schema(node: dict, root: dict, game: str, depth: int = 0) -> st.SearchStrategy:
    """Values that fit ``node`` of the game's JSON Schema (the words from its examples), with
    now and then a value of another type instead."""
    fitting = _fitting(_resolve(node, root), root, game, depth)
    return st.one_of(fitting, fitting, fitting, fitting, fitting, fitting, fitting, fitting, any_value(game))


def _fitting(node: dict, root: dict, game: str, depth: int) -> st.SearchStrategy:
    if "anyOf" in node:
        return st.one_of([from_schema(n, root, game, depth) for n in node["anyOf"]])
    if "const" in node:
        return st.just(node["const"])
    if "enum" in node:
        return st.sampled_from(node["enum"])
    kind = node.get("type")
    if kind == "object":
        return _object(node, root, game, depth)
    if kind == "array":
        return _array(node, root, game, depth)
    if kind == "integer":
        lo, hi = node.get("minimum", -2), node.get("maximum", 12)
        return st.one_of(st.integers(lo, hi), NUMBERS)
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    if kind == "number":
        return st.one_of(st.integers(-2, 12), FLOATS)
    return words(game)


def _object(node: dict, root: dict, game: str, depth: int) -> st.SearchStrategy:
    props = node.get("properties", {})
    required = set(node.get("required", ()))
    fixed = {k: from_schema(v, root, game, depth + 1) for k, v in props.items() if k in required}
    optional = {k: from_schema(v, root, game, depth + 1) for k, v in props.items() if k not in required}
    base = st.fixed_dictionaries(fixed, optional=optional)
    extra = node.get("additionalProperties")
    if isinstance(extra, dict) and depth < 6:
        base = st.dictionaries(words(game), from_schema(extra, root, game, depth + 1), max_size=4)
    return base


def _array(node: dict, root: dict, game: str, depth: int) -> st.SearchStrategy:
    if "prefixItems" in node:
        return st.tuples(*[from_schema(n, root, game, depth + 1) for n in node["prefixItems"]]).map(list)
    items = node.get("items", {})
    lo = node.get("minItems", 0)
    hi = max(lo, min(node.get("maxItems", 6), 6)) if depth < 6 else lo
    return st.lists(from_schema(items, root, game, depth + 1), min_size=lo, max_size=hi)


@cache
def schema_records(game: str) -> st.SearchStrategy:
    top = schema(game)  # Trick Dumpling's is anyOf two records, each with its own $defs
    return st.one_of([_fitting(_resolve(n, n), n, game, 0) for n in top.get("anyOf", [top])])


# -- 2. worked examples changed --------------------------------------------------------------------

def _places(data: Any, out: list, field: str = "") -> list:
    """Every (container, key, field name) in ``data``: what a mutation may change."""
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for k, v in items:
        f = k if isinstance(k, str) else field
        out.append((data, k, f))
        _places(v, out, f)
    return out


def _fields(data: Any, field: str, out: dict) -> None:
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for k, v in items:
        f = k if isinstance(k, str) else field
        if isinstance(v, (dict, list)):
            _fields(v, f, out)
        else:
            out.setdefault(f, set()).add(v)


@cache
def field_words(game: str) -> dict[str, tuple]:
    """The values the worked examples give each field (a list's items under the list's key)."""
    out: dict[str, set] = {}
    for data in example_data(game):
        _fields(data, "", out)
    return {f: tuple(sorted(v, key=repr)) for f, v in out.items()}


def _like(game: str, field: str, v: Any) -> st.SearchStrategy:
    """A value of the same kind as ``v`` in ``field``: one the examples give that field
    elsewhere, a near number, ..."""
    if isinstance(v, bool):
        return st.booleans()
    if isinstance(v, int):
        return st.one_of(st.integers(v - 2, v + 2), st.integers(v - 2, v + 2), NUMBERS)
    if isinstance(v, str) and field_words(game).get(field):
        return st.one_of(st.sampled_from(field_words(game)[field]), words(game))
    return any_value(game)


@st.composite
def mutated_examples(draw, game: str) -> Any:
    """A worked example with a few changes, most of which keep it readable, so that the rules
    and scoring are exercised, not only the reading."""
    data = copy.deepcopy(draw(st.sampled_from(example_data(game))))
    for _ in range(draw(st.integers(1, 3))):
        places = _places(data, [])
        if not places:
            break
        parent, key, field = places[draw(st.integers(0, len(places) - 1))]
        how = draw(st.sampled_from(["like", "like", "like", "swap", "swap", "drop", "again", "move",
                                    "value", "key"]))
        if how == "like":
            parent[key] = draw(_like(game, field, parent[key]))
        elif how == "value":
            parent[key] = draw(any_value(game))
        elif how == "drop":
            del parent[key]
        elif how == "again" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        elif how == "move" and isinstance(parent, list):
            parent.insert(draw(st.integers(0, len(parent))), parent.pop(key))
        elif how == "swap":
            same = [(p, k) for p, k, _ in places if type(p[k]) is type(parent[key])]
            other, k2 = same[draw(st.integers(0, len(same) - 1))]
            parent[key] = copy.deepcopy(other[k2])
        elif how == "key" and isinstance(parent, dict):
            parent[draw(words(game))] = parent.pop(key)
    return data


# -- 3. bytes cut, spliced and flipped --------------------------------------------------------------

@st.composite
def raw_mutations(draw, game: str) -> bytes:
    texts = example_texts(game)
    blob = bytearray(draw(st.sampled_from(texts)))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(blob)))
        how = draw(st.sampled_from(["cut", "drop", "insert", "flip", "splice", "line"]))
        if how == "cut":
            del blob[at:]
        elif how == "drop":
            del blob[at:at + draw(st.integers(1, 40))]
        elif how == "insert":
            blob[at:at] = draw(st.one_of(st.binary(max_size=8), st.sampled_from(
                [b"{", b"[", b"]", b"}", b":", b"- ", b"\n", b"\t", b" &a", b" *a", b"\"", b"'", b"#", b"\xff"])))
        elif how == "flip" and at < len(blob):
            blob[at] = draw(st.integers(0, 255))
        elif how == "splice":
            other = draw(st.sampled_from(texts))
            start = draw(st.integers(0, len(other)))
            blob[at:at] = other[start:start + draw(st.integers(1, 200))]
        elif how == "line":
            lines = bytes(blob).split(b"\n")
            i = draw(st.integers(0, len(lines) - 1))
            lines.insert(i, lines[draw(st.integers(0, len(lines) - 1))])
            blob = bytearray(b"\n".join(lines))
    return bytes(blob)


# -- all three, written as YAML or JSON ---------------------------------------------------------------

# libyaml's emitter when PyYAML has it (about ten times faster than the pure-Python one; both
# write YAML that safe_load reads back as the same data).
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def _text(data: Any, as_json: bool) -> bytes:
    if as_json:
        return json.dumps(data, ensure_ascii=False).encode()
    return yaml.dump(data, Dumper=_DUMPER, allow_unicode=True, sort_keys=False).encode()


def records(game: str) -> st.SearchStrategy:
    """One record's bytes, any of the three ways (the first alone for a game with no worked
    example in examples/GAME/)."""
    built = st.builds(_text, schema_records(game), st.booleans())
    if not example_data(game):
        return built
    changed = st.builds(_text, mutated_examples(game), st.booleans())
    return st.one_of(built, changed, changed, changed, raw_mutations(game))


def record_sets(game: str) -> st.SearchStrategy:
    """The records given to one ``printkit score``: one, or (for a game scored one record a
    player) several, with the worked examples among them."""
    one = records(game).map(lambda b: [b])
    if not scorers()[game].multi:
        return one
    texts = example_texts(game)
    if not texts:
        return one
    several = st.lists(st.one_of(records(game), st.sampled_from(texts)), min_size=2, max_size=3)
    return st.one_of(one, several)


# -- the tests ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_examples_score_without_internal_errors(game):
    for blob in example_texts(game):
        assert outcome(game, [blob]) in (0, 1, 2)


@pytest.mark.parametrize("game", GAMES)
def test_fuzzed_records_exit_0_1_or_2(game):
    others = other_games()

    @settings(max_examples=120, deadline=None, database=None, derandomize=True,
              phases=[Phase.generate, Phase.shrink],
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(record_sets(game))
    def run(blobs):
        assert outcome(game, blobs, others) in (0, 1, 2)

    run()
