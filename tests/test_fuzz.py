"""Fuzzing every scorer with records (issue 15): "internal error" is for bugs, never for input.

Records come four ways: built from the game's JSON Schema (``printkit schema GAME``) with
the words of its worked examples; the worked examples with their values changed, removed,
repeated or swapped for values of another type; the examples' bytes cut, spliced and
flipped; and (issue 26) the examples made hostile: NUL, lone surrogates, bidi controls, emoji,
text of 10,000 characters and more, runs of spaces, numbers of thousands of digits or 1e308,
nesting 100,000 deep, 100,000 escaped quotes, YAML tags and recursive aliases, duplicate keys,
a byte-order mark, UTF-16, a cut at any byte. Each goes through ``printkit score`` in-process
(tests/fuzzing.py: read, check, score, print for people or as JSON) and is held to the promise
of every answer: exit 0, 1 or 2; exit 2 one line ``printkit: error: ...``; no traceback, no
"internal error"; under 2 s; the text report carries no control character, the JSON report is
JSON. 100 examples a game, the same every run; ``benchmarks/fuzz_records.py`` runs 10,000.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from printkit import commands
from printkit.core.registry import scorers
from printkit.core.yamlio import parse_text
from tests.fuzzing import answer, assert_answered, control_characters

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
GAMES = sorted(scorers())


# -- running a record as `printkit score` does ---------------------------------------------------

def outcome(game: str, blobs: list[bytes], folder: Path, as_json: bool = False) -> int:
    """The exit code ``printkit score GAME FILE...`` gives for the records ``blobs`` (written to
    ``folder``), run in-process (tests/fuzzing.py), held to the promise of every answer: 0
    legal, 1 rules broken, 2 unreadable in one line, in time. The text report carries no control
    character; the JSON report is JSON."""
    files = []
    for i, blob in enumerate(blobs):
        path = folder / f"record{i + 1}.yaml"
        path.write_bytes(blob)
        files.append(str(path))
    a = answer(commands.score, game, files, as_json=as_json)
    assert_answered(a, f"printkit score {game}{' --json' if as_json else ''}: ")
    if a.exit_code in (0, 1):
        if as_json:
            json.loads(a.stdout)
        else:
            assert not control_characters(a.stdout), f"control characters reach the terminal: {a.stdout[-1500:]}"
    return a.exit_code


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


# -- 4. hostile records ------------------------------------------------------------------------------
#
# A worked example with values an attacker (or a broken exporter) would put in it, written as
# JSON or YAML, then its text changed: a duplicate key, a byte-order mark, UTF-16, a cut at a
# random byte. Each kind of hostility has a name (a failure says which).

#: Values of each class, put in place of a value (or a key) of a worked example.
HOSTILE_VALUES: dict[str, list[Any]] = {
    "nul": ["\x00", "Ann\x00", "\x00" * 50],
    "surrogate": ["\ud800", "Ann\udfff", "\udc00\ud800", "\ud83e"],
    "bidi": ["\u202eevil", "\u200f", "\u2066Ann\u2069", "\u061c", "\u202a\u202b\u202c"],
    "emoji": ["\U0001f95f", "\U0001f469\u200d\U0001f373", "\U0001f1ef\U0001f1f5", "\U0001f95f" * 300],
    "normalisation": ["e\u0301", "\u00e9", "A" + "\u0301" * 500, "\ufeffAnn", "\uff21nn", "\u0663", "\u0967\u0968"],
    "control": ["\x1b[2J", "a\rb", "\x85", "\u2028", "\x7f", "\t", "Bo\nwinner: Bo"],
    "long-text": ["A" * 10_001, "\u00e9" * 20_000, "Ann " * 5000, "x" * 200_000],
    "space-runs": ["10" + " " * 3000, " " * 5000 + "10:00", "10:" + " " * 3000 + "00", "\t" * 3000],
    "space-tab-runs": ["10" + " \t" * 2000 + "x", "10:" + "\t " * 2000 + "00"],
    "digit-text": ["1" * 5000, "-" + "9" * 200, "RNC1-" + "7" * 5000, "1e999", "0x" + "f" * 100, "4" * 4301],
    "big-number": [2**63, -(2**63) - 1, 10**99, 10**100, -(10**100), 1e308, -1e308, 5e-324,
                   float("inf"), float("-inf"), float("nan"), -0.0],
}

#: Text put in place of a value as it is written, for what JSON and YAML writers do not write.
HOSTILE_TEXTS: dict[str, list[str]] = {
    "deep-nesting": ["[" * 49 + "]" * 49, "[" * 51 + "]" * 51, "[" * 1000 + "]" * 1000,
                     "[" * 100_000 + "]" * 100_000, '{"a": ' * 2000 + "1" + "}" * 2000],
    "huge-number": ["9" * 5000, "-" + "9" * 101, "1" + "0" * 400 + ".5", "1e999", "-1e999",
                    "1e-999", "0." + "0" * 5000 + "1", "1" + "_0" * 3000],
    "escaped-quotes": ['"' + '\\"' * 100_000 + '"', '"' + "\\\\" * 100_000 + '"', '"' + "\\u0041" * 50_000 + '"'],
    "yaml-tags": ["!!python/object/apply:os.system [echo]", "!!binary AAAA", "!!set {a, b}",
                  "!!timestamp 2001-12-14", "*nowhere", "!!float 1e999", "!!int '9'"],
    "recursive-alias": ["&a [*a]", "&a {k: *a}", "&a [*a, *a, [*a]]"],
}

#: How the written text is changed afterwards.
TEXT_CHANGES = ["duplicate-key", "cut", "bom", "utf-16", "crlf"]


def _classes(table: Any) -> list[str]:
    return sorted(table)


def _pick(draw, values: list) -> Any:
    """One of ``values``, drawn by its index (sampled_from would show the long ones whole when
    hypothesis describes the strategy)."""
    return values[draw(st.integers(0, len(values) - 1))]


def _written(data: Any, as_json: bool, ascii_only: bool, texts: dict[str, str]) -> str:
    """``data`` written as JSON (``ascii_only``: a lone surrogate as an escape, else as itself,
    which is no UTF-8) or YAML (which escapes it), each marker in ``texts`` replaced by its text."""
    if as_json:
        text = json.dumps(data, ensure_ascii=ascii_only)
    else:
        try:
            text = yaml.dump(data, Dumper=_DUMPER, allow_unicode=True, sort_keys=False, width=1 << 30)
        except UnicodeEncodeError:  # libyaml's emitter does not write lone surrogates; PyYAML's escapes them
            text = yaml.dump(data, Dumper=yaml.SafeDumper, allow_unicode=True, sort_keys=False, width=1 << 30)
    for marker, raw in texts.items():
        text = text.replace(json.dumps(marker), raw).replace(marker, raw)
    return text


def _duplicate_key(data: Any, text: str, as_json: bool) -> str:
    """``text`` (``data`` written) with its first top-level key given a second time."""
    if not isinstance(data, dict) or not data:
        return text
    key, value = next(iter(data.items()))
    again = f"{json.dumps(str(key))}: {json.dumps(value)}"
    if as_json and text.startswith("{"):
        return "{" + again + ", " + text[1:]
    return text + "\n" + again + "\n"


def _changed(changes: list[str], text: str, data: Any, as_json: bool, cut: float) -> bytes:
    """``text`` with the ``changes`` made, as bytes (``cut``: where it is cut, as a fraction)."""
    if "duplicate-key" in changes:
        text = _duplicate_key(data, text, as_json)
    if "crlf" in changes:
        text = text.replace("\n", "\r\n")
    if "bom" in changes:
        text = "\ufeff" + text
    blob = text.encode("utf-16" if "utf-16" in changes else "utf-8", "surrogatepass")
    return blob[:int(len(blob) * cut)] if "cut" in changes else blob


def _same_kind(places: list, value: Any) -> list:
    """The places whose value is of the kind of ``value`` (text for text, a number for a number):
    where a hostile value leaves the rest of the record readable, so that the rules see it."""
    kind = str if isinstance(value, str) else (int, float)
    return [p for p in places if isinstance(p[0][p[1]], kind) and not isinstance(p[0][p[1]], bool)] or places


@st.composite
def hostile_records(draw, game: str) -> bytes:
    """A worked example of ``game`` with one to three hostile values or keys (mostly one, mostly
    in place of a value of the same kind), written as JSON or YAML, then maybe changed as text
    (see TEXT_CHANGES)."""
    data = copy.deepcopy(draw(st.sampled_from(example_data(game))))
    texts: dict[str, str] = {}
    values, raws = _classes(HOSTILE_VALUES), _classes(HOSTILE_TEXTS)
    for _ in range(draw(st.sampled_from([1, 1, 1, 2, 3]))):
        kind = draw(st.sampled_from(values + raws))
        if kind in HOSTILE_TEXTS:
            value: Any = f"fuzzmarker{len(texts)}x"
            texts[value] = _pick(draw, HOSTILE_TEXTS[kind])
        else:
            value = _pick(draw, HOSTILE_VALUES[kind])
        places = _places(data, [])
        if not places:
            break
        if draw(st.integers(0, 2)) and kind in HOSTILE_VALUES:
            places = _same_kind(places, value)
        parent, key, _ = _pick(draw, places)
        if isinstance(parent, dict) and isinstance(value, str) and draw(st.integers(0, 4)) == 0:
            parent[value] = parent.pop(key)  # a hostile key
        else:
            parent[key] = value
    as_json = draw(st.booleans())
    text = _written(data, as_json, draw(st.integers(0, 3)) > 0, texts)
    changes = draw(st.lists(st.sampled_from(_classes(TEXT_CHANGES)), max_size=2)) if draw(st.integers(0, 2)) == 0 else []
    return _changed(changes, text, data, as_json, draw(st.floats(0, 1)))


# -- all three, written as YAML or JSON ---------------------------------------------------------------

# libyaml's emitter when PyYAML has it (about ten times faster than the pure-Python one; both
# write YAML that safe_load reads back as the same data).
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def _text(data: Any, as_json: bool) -> bytes:
    if as_json:
        return json.dumps(data, ensure_ascii=False).encode()
    return yaml.dump(data, Dumper=_DUMPER, allow_unicode=True, sort_keys=False).encode()


def records(game: str) -> st.SearchStrategy:
    """One record's bytes, any of the four ways (the first alone for a game with no worked
    example in examples/GAME/)."""
    built = st.builds(_text, schema_records(game), st.booleans())
    if not example_data(game):
        return built
    changed = st.builds(_text, mutated_examples(game), st.booleans())
    hostile = hostile_records(game)
    return st.one_of(built, changed, changed, raw_mutations(game), hostile, hostile, hostile)


@st.composite
def record_sets(draw, game: str) -> list[bytes]:
    """The records given to one ``printkit score``: one, or (for a game scored one record a
    player) several, with the worked examples among them. (A composite, so that hypothesis
    names it in a few words: the strategies it draws from would take megabytes to describe.)"""
    return draw(_record_sets(game))


@cache
def _record_sets(game: str) -> st.SearchStrategy:
    one = records(game).map(lambda b: [b])
    if not scorers()[game].multi:
        return one
    texts = example_texts(game)
    if not texts:
        return one
    several = st.lists(st.one_of(records(game), st.sampled_from(texts)), min_size=2, max_size=3)
    return st.one_of(one, several)


# -- the tests ----------------------------------------------------------------------------------------

#: Examples a game in CI (benchmarks/fuzz_records.py runs 10,000).
EXAMPLES_PER_GAME = 100


def fuzz_settings(n: int, **more: Any) -> settings:
    """Hypothesis's settings for ``n`` examples: no deadline (the 2 s budget is checked by
    tests/fuzzing.py), no example database, and as given in ``more``."""
    return settings(max_examples=n, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.large_base_example], **more)


@pytest.mark.parametrize("game", GAMES)
def test_examples_score_without_internal_errors(game, tmp_path):
    for blob in example_texts(game):
        assert outcome(game, [blob], tmp_path) in (0, 1, 2)


@pytest.mark.parametrize("game", GAMES)
def test_fuzzed_records_are_answered(game, tmp_path):
    """100 records a game, the same ones every run (derandomize): each answered in one of the
    three ways, in time (tests/fuzzing.py)."""

    @fuzz_settings(EXAMPLES_PER_GAME, derandomize=True, phases=[Phase.generate, Phase.shrink])
    @given(record_sets(game), st.booleans())
    def run(blobs, as_json):
        outcome(game, blobs, tmp_path, as_json)

    run()
