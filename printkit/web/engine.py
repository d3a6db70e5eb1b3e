"""From a stored table to what the pages show, through the scorer's own path.

setup + moves -> the game's ``Scorekeeper.records`` -> record documents -> record *text* (YAML,
or JSON where YAML would not read back the same) -> :func:`printkit.core.records.parse_record`
-> :func:`printkit.core.game.replay`. Export writes that same text, so ``printkit score`` on an
exported file gives the very report the page shows (line numbers included). Names no game.
"""

from __future__ import annotations

import dataclasses
import functools
import io
import json
import pickle
import re
from collections import Counter, OrderedDict
from collections.abc import Iterator, Sequence
from threading import Lock
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from printkit.core.game import GameState, Step, replay
from printkit.core.records import parse_record, parse_records
from printkit.core.score import Report, Violation
from printkit.core.rules_docs import book
from printkit.core.table import MoveRefused, Scorekeeper
from printkit.core.yamlio import first_error
from printkit.errors import InputError, PrintkitError

FORMATS = ("yaml", "json")


class Refused(Exception):
    """The game cannot take this: a one-line message, and the rules broken (may be empty).
    ``words`` is the reason alone, without the record's file, line and key path (a page shows
    it to players: see :func:`refusal`)."""

    def __init__(self, message: str, violations: Sequence[Violation] = (), words: str | None = None):
        super().__init__(message)
        self.message = message
        self.violations = list(violations)
        self.words = message if words is None else words


@functools.cache
def rule_names(game: str) -> dict[str, str]:
    """Rule id -> its short name, from the game's file in docs/rules/ (the one source that defines
    every id a report cites, read by ``printkit rules`` too); {} for a game with no such file."""
    try:
        return {rid: r.title for rid, r in book(game).rules.items()}
    except PrintkitError:
        return {}


def rule_json(game: str, v: Violation) -> dict[str, Any]:
    """A violation as the API gives it: the rule's short name (``name``, None where docs/rules/
    defines none) beside the scorer's rule id, sentence and place."""
    return {"rule": v.rule, "name": rule_names(game).get(v.rule), "message": v.message, "where": v.where}


def refusal(game: str, words: str, violations: Sequence[Violation] = (), what: str | None = None) -> str:
    """A refused move as one sentence for a player: what was refused (the game's ``move_name``),
    why, then each rule's id and short name, and never the record's file, line or key path.

    >>> refusal("dice", "", [Violation("turn 2", "TD-5", "Bo rolls twice")])  # no docs/rules/dice.md
    'Not allowed: Bo rolls twice (TD-5).'
    >>> refusal("dice", "", [Violation("turn 2", "TD-5", "a die shows 1 to 6")], "Bo's 7")
    "Bo's 7 is not allowed: a die shows 1 to 6 (TD-5)."
    >>> refusal("dice", "rounds[1]: 'Zed' is not one of the players")
    "Not allowed: 'Zed' is not one of the players."
    """
    names = rule_names(game)
    start = f"{what} is not allowed: " if what else "Not allowed: "
    if violations:
        reasons = [f"{v.message} ({v.rule}{', ' + names[v.rule] if v.rule in names else ''})" for v in violations]
        return start + "; ".join(reasons) + "."
    return f"{start}{_RECORD_PATH.sub('', words).rstrip('. ')}."


def move_name(keeper: Scorekeeper, setup: BaseModel, move: dict[str, Any]) -> str | None:
    """What a posted move is in a player's words (the game's ``move_name``), or None."""
    if keeper.move_name is None:
        return None
    try:
        return keeper.move_name(setup, move) or None
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        return None


#: A record's key path leading a model's message (``rounds[1]: ``), which players never see.
_RECORD_PATH = re.compile(r"^[A-Za-z_]\w*(?:\.\w+)*\[\d+\](?:\[\d+\]|\.\w+)*: ")


def standing(keeper: Scorekeeper, report: Report) -> list[dict[str, Any]]:
    """Each player's points: ``total`` as the report gives it, ``at_end`` the part of it the rules
    score only when the game ends (the game's ``end_bonus``) and ``so_far`` the rest, the points
    earned by the moves played."""
    out = []
    for p in report.players:
        bonus = keeper.end_bonus(p.breakdown) if keeper.end_bonus is not None else 0
        out.append({"name": p.name, "total": p.total, "so_far": p.total - bonus, "at_end": bonus})
    return out


def outcome(keeper: Scorekeeper, report: Report) -> dict[str, Any] | None:
    """The winner banner of a game that has ended (None before): the winners (none where the
    rules give none: ``no_winner`` says why), every player's total best first, and the game's
    ``tie_break`` rule ({"rule", "name"}) where it decided between players tied on the best total."""
    if report.unfinished:
        return None
    totals = {p.name: p.total for p in report.players}
    order = [n for n in report.ranking if n in totals] + [n for n in totals if n not in report.ranking]
    scores = [{"name": n, "total": totals[n]} for n in order]
    decided = None
    if report.winners and keeper.tie_break is not None:
        best = totals[report.winners[0]]
        if sum(1 for t in totals.values() if t == best) > len(report.winners):
            rule = keeper.tie_break
            decided = {"rule": rule, "name": rule_names(keeper.game.name).get(rule)}
    return {"winners": list(report.winners), "scores": scores, "tie_break": decided,
            "no_winner": None if report.winners else report.why_no_winner}


def broken(game: str, report: Report) -> list[dict[str, Any]]:
    """The rules a table's record breaks (an imported record: a move that breaks one is refused),
    for the warning at the top of its page: each in the game's words (``where`` is the game's
    place, "turn 3 (Bo)", never the record's file or line) with the rule's id and short name."""
    return [rule_json(game, v) for v in report.violations]


def chart_totals(keeper: Scorekeeper, report: Report) -> list[int]:
    """Each player's points for the history's chart: earned so far while the game goes on, the
    whole total once it has ended."""
    return [s["total"] if not report.unfinished else s["so_far"] for s in standing(keeper, report)]


class Scored:
    """A table's record file (``names``: its one name; several documents are one stream), the
    report ``printkit score`` gives on it, and the State after the last move. The file's text is
    written when first asked for (an export)."""

    def __init__(self, names: list[str], docs: list[dict[str, Any]], fmt: str, report: Report, state: GameState,
                 files: list[tuple[str, str]] | None = None, line: Line | None = None):
        self.names, self.docs, self.fmt, self.report, self.state = names, docs, fmt, report, state
        self._files = files
        #: What the next move's quick path starts from (None where it cannot be used).
        self.line = line

    @property
    def files(self) -> list[tuple[str, str]]:
        if self._files is None:
            self._files = [(self.names[0], stream_text(self.docs, self.fmt))]
        return self._files


def shape_error(e: ValidationError, what: str) -> str:
    """A pydantic error as one line naming the field: ``move.take: Input should be ...``."""
    where, message, _line = first_error(e, {})
    return f"{what}{'.' + where if where else ''}: {message}"


def _plain(doc: Any) -> Any:
    """``doc`` as JSON would give it back (tuples become lists, keys strings)."""
    return json.loads(json.dumps(doc, ensure_ascii=False))


def _dumper() -> Any:
    """PyYAML's safe dumper (libyaml's where built with it) that also quotes every string YAML 1.2
    would read as something else (``1e3``, ``0o17``): a string is written plain only when both
    YAML 1.1 and the records' YAML 1.2 read it back as that string."""
    base = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    cls: Any = type("RecordDumper", (base,), {})
    cls.yaml_implicit_resolvers = {k: list(v) for k, v in base.yaml_implicit_resolvers.items()}
    for tag, rx, first in _YAML12:
        cls.add_implicit_resolver(tag, rx, first)
    return cls


_YAML12 = [("tag:yaml.org,2002:int", re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$"), list("-+0123456789")),
           ("tag:yaml.org,2002:float", re.compile(r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
                                                  r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"),
            list("-+.0123456789")),
           ("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))]
_DUMPER = _dumper()


def record_text(doc: dict[str, Any], fmt: str) -> str:
    """A record document as a file's text: YAML (1.2, as records are read) or JSON."""
    doc = _plain(doc)
    if fmt == "json":
        return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    return yaml.dump(doc, Dumper=_DUMPER, sort_keys=False, allow_unicode=True, default_flow_style=False, width=100)


def stream_text(docs: list[dict[str, Any]], fmt: str) -> str:
    """The record documents as one file's text: one document as :func:`record_text` writes it;
    several (a game kept in one record a player) as a YAML stream, ``---`` between the documents,
    or as a JSON array of them. ``printkit score`` (:func:`~printkit.core.records.read_records`)
    reads either back as the several records, each line the file's own."""
    if len(docs) == 1:
        return record_text(docs[0], fmt)
    if fmt == "json":
        return json.dumps([_plain(d) for d in docs], indent=2, ensure_ascii=False) + "\n"
    return "---\n".join(record_text(d, fmt) for d in docs)


def file_names(keeper: Scorekeeper, setup: BaseModel, count: int, fmt: str) -> list[str]:
    """The exported file's name, as a list of one: the game's ``file_names`` (one name: several
    documents are one stream, :func:`stream_text`), with ``.json`` for JSON."""
    try:
        names = list(keeper.file_names(setup))
    except Exception:  # noqa: BLE001 - a game's naming must not stop an export
        names = []
    if len(names) != 1 or not isinstance(names[0], str) or not names[0]:
        names = [f"{keeper.game.name}.yaml"]
    if fmt == "json":
        names = [n.rsplit(".", 1)[0] + ".json" if n.endswith((".yaml", ".yml")) else n + ".json" for n in names]
    return names


def documents(keeper: Scorekeeper, setup: BaseModel, moves: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The game's record documents for setup + moves (a game's error is a Refused)."""
    try:
        docs = keeper.records(setup, list(moves))
    except MoveRefused as e:
        raise Refused(f"the game cannot write this as a record: {e}", [Violation("", e.rule, e.message)],
                      words=e.message) from None
    except (ValueError, KeyError, IndexError, TypeError, AttributeError) as e:
        raise Refused(f"the game cannot write this as a record: {e}", words=str(e)) from None
    if not isinstance(docs, list) or not docs or not all(isinstance(d, dict) for d in docs):
        raise Refused("the game wrote no record documents")
    return docs


def score(keeper: Scorekeeper, setup: BaseModel, moves: Sequence[dict[str, Any]], fmt: str = "yaml") -> Scored:
    """Replay setup + moves exactly as ``printkit score`` replays the exported files.

    The documents are first checked by the record model and replayed as they are (the text a
    record file holds reads back as the very same documents: see :func:`record_text`). When that
    finds nothing wrong, the report is the one the files give. Otherwise (a violation, whose
    report names the file's line, or a document the model refuses) the files' text itself is
    read with :func:`~printkit.core.records.parse_record` and replayed, as ``printkit score`` does.
    """
    docs = [_plain(d) for d in documents(keeper, setup, moves)]
    names = file_names(keeper, setup, len(docs), fmt)
    try:
        records: list[tuple[str, Any, dict]] = [(names[0], keeper.game.model.model_validate(doc), {})
                                                for doc in docs]
    except (ValidationError, ValueError):
        return exact(keeper, names, docs, fmt)
    fast = score_records(keeper, names, docs, fmt, records)
    return exact(keeper, names, docs, fmt) if fast.report.violations else fast


def exact(keeper: Scorekeeper, names: list[str], docs: list[dict[str, Any]], fmt: str) -> Scored:
    """The documents written as the record file, read back and replayed as ``printkit score`` does
    (several documents: one stream, read as the several records it holds)."""
    files = [(names[0], stream_text(docs, fmt))]
    name, text = files[0]
    try:
        if len(docs) == 1:
            records = [(name, *parse_record(text, name, keeper.game.model, keeper.game.name))]
        else:
            records = [(name, *got) for got in parse_records(text, name, keeper.game.model, keeper.game.name)]
    except InputError as e:
        raise Refused(str(e), words=e.detail) from None
    scored = score_records(keeper, names, docs, fmt, records)
    scored._files = files
    return scored


def score_records(keeper: Scorekeeper, names: list[str], docs: list[dict[str, Any]], fmt: str,
                  records: list[tuple[str, Any, dict]]) -> Scored:
    """The report of ``records`` and the last State, from :func:`replay` itself (its State is
    kept by wrapping the game's ``start``; its moves and the State before ``finish`` are kept
    for the next move's :func:`extend`)."""
    kept: list[GameState] = []
    tap = _Tap()

    def start(recs: Sequence[Any]) -> GameState:
        state = keeper.game.start(recs)
        kept.append(state)
        tap.start = _fingerprint(state, recs)
        return state

    def moves(recs: Sequence[Any]) -> Iterator[Step]:
        return tap.steps(keeper.game.moves(recs), kept[0])

    game = dataclasses.replace(keeper.game, start=start, moves=moves)
    try:
        report = replay(game, records)
    except (ValueError, KeyError, IndexError, TypeError, AttributeError) as e:
        raise Refused(f"the game cannot replay this record: {e}", words=str(e)) from None
    line = tap.line(report, docs)
    return Scored(names, docs, fmt, report, kept[0], line=line)


@dataclasses.dataclass(frozen=True)
class Line:
    """A clean replay (no violation) of a table so far: its steps, its start State's fingerprint
    and a copy of its State after the last step, before ``finish`` (never changed: copied first)."""

    steps: list[Step]
    start: bytes
    state: bytes | GameState
    docs: list[dict[str, Any]]


class _Tap:
    """Watches :func:`replay`: the steps it plays and a copy of the State once they are played
    (the moves' iterator ends before ``finish`` is called)."""

    def __init__(self) -> None:
        self.start: bytes | None = None
        self.played: list[Step] = []
        self.before_finish: bytes | GameState | None = None

    def steps(self, steps: Any, state: GameState) -> Iterator[Step]:
        for step in steps:
            self.played.append(step)
            yield step
        self.before_finish = _snapshot(state)

    def line(self, report: Report, docs: list[dict[str, Any]], prefix: Sequence[Step] = ()) -> Line | None:
        if report.violations or self.start is None or self.before_finish is None:
            return None
        return Line([*prefix, *self.played], self.start, self.before_finish, docs)


def _fingerprint(state: GameState, recs: Sequence[Any]) -> bytes | None:
    """The start State as bytes, to tell whether a new record starts the very same game; the
    record models themselves (a State may keep its record) are written as their place in
    ``recs`` (whether they only grew is :func:`_grows`' part). None where the State does not
    pickle: then no quick path."""
    tokens = {id(r): f"record-{i}" for i, r in enumerate(recs)}

    class Pickler(pickle.Pickler):
        def persistent_id(self, obj: Any) -> str | None:
            return tokens.get(id(obj))

    buf = io.BytesIO()
    try:
        Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL).dump(state)
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return None
    return buf.getvalue()


def _same_step(new: Step, old: Step) -> bool:
    """Whether a step of the new records is the old one: equal, or the same entry that only grew
    (a round whose step is the whole round, played on by the new move)."""
    if new[:2] != old[:2]:
        return False
    if new[2] == old[2]:
        return True
    a, b = new[2], old[2]
    return (isinstance(a, BaseModel) and type(a) is type(b)
            and _grows(a.model_dump(mode="json"), b.model_dump(mode="json")))


def _grows(new: Any, old: Any) -> bool:
    """Whether the document ``new`` only adds to ``old``: the same values, lists as long or longer
    (their old items only grown), mappings with the same keys or more."""
    if type(new) is type(old) and new == old:
        return True
    if isinstance(old, dict):
        return isinstance(new, dict) and all(k in new and _grows(new[k], v) for k, v in old.items())
    if isinstance(old, list):
        return (isinstance(new, list) and len(new) >= len(old)
                and all(_grows(n, o) for n, o in zip(new, old, strict=False)))
    return type(new) is type(old) and new == old


def _snapshot(state: GameState) -> bytes | GameState | None:
    """A copy of the State to make fresh copies from: the game's own ``copy`` where it has one
    (made to be quick), else the State's pickle (a round trip copies the same object graph as the
    default deepcopy, several times faster). None where neither works: then no quick path."""
    try:
        if type(state).copy is not GameState.copy:
            return state.copy()
        return pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return None


def _fresh(kept: bytes | GameState) -> GameState:
    """A State of its own from a :func:`_snapshot`."""
    if isinstance(kept, bytes):
        state: GameState = pickle.loads(kept)  # noqa: S301 - bytes this process wrote from its own State
        return state
    return kept.copy()


def extend(keeper: Scorekeeper, setup: BaseModel, moves: Sequence[dict[str, Any]], prev: Line,
           fmt: str = "yaml") -> Scored | None:
    """The quick path of :func:`score` for ``moves`` that extend a table whose clean replay is
    ``prev``: only the new steps are played, on a copy of ``prev``'s State, through
    :func:`replay` itself. None (then call :func:`score`) unless the new records start the very
    same State, their steps begin with ``prev``'s, and nothing breaks a rule (a violation is
    reported by the full replay, which names the record's line)."""
    docs = [_plain(d) for d in documents(keeper, setup, moves)]
    names = file_names(keeper, setup, len(docs), fmt)
    try:
        records: list[tuple[str, Any, dict]] = [(names[0], keeper.game.model.model_validate(doc), {})
                                                for doc in docs]
        recs = [r for _, r, _ in records]
        steps = list(keeper.game.moves(recs))
        done = len(prev.steps)
        if (len(docs) != len(prev.docs) or not all(_grows(n, o) for n, o in zip(docs, prev.docs, strict=True))
                or len(steps) < done or not all(map(_same_step, steps[:done], prev.steps))
                or _fingerprint(keeper.game.start(recs), recs) != prev.start):
            return None
    except (ValidationError, ValueError, KeyError, IndexError, TypeError, AttributeError):
        return None
    try:
        state = _fresh(prev.state)
    except (pickle.UnpicklingError, TypeError, AttributeError, RecursionError):
        return None
    tap = _Tap()
    tap.start = prev.start
    game = dataclasses.replace(keeper.game, start=lambda recs: state,
                               moves=lambda recs: tap.steps(steps[done:], state))
    try:
        report = replay(game, records)
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        return None
    if report.violations:
        return None
    return Scored(names, docs, fmt, report, state, line=tap.line(report, docs, prev.steps))


def new_violations(before: Report, after: Report) -> list[Violation]:
    """The violations of ``after`` that ``before`` did not have (by rule and message)."""
    seen = Counter((v.rule, v.message) for v in before.violations)
    out = []
    for v in after.violations:
        key = (v.rule, v.message)
        if seen[key]:
            seen[key] -= 1
        else:
            out.append(v)
    return out


class Cache:
    """The last few scored states, by (table, version, format): a table at a version never changes."""

    def __init__(self, size: int = 256):
        self.size = size
        self._items: OrderedDict[tuple, Any] = OrderedDict()
        self._lock = Lock()

    def get(self, key: tuple) -> Any:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        return None

    def put(self, key: tuple, value: Any) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)
