"""The scorer's contract, shared by every game (see ../shared/SCORING.md).

A game's scorer turns records into a :class:`Report`: the violations found (each with where,
the rule id and a sentence a player understands), each player's total and breakdown, and the
ranking after the game's tie-breaks. The CLI prints it for people or as JSON, and exits 0 when
the record is legal and 1 when it breaks rules. Unreadable input is an InputError: exit 2.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field, replace
from typing import Any
from collections.abc import Callable, Sequence

EXIT_LEGAL = 0
EXIT_VIOLATIONS = 1

#: Characters that steer a terminal or reorder text: control characters (escape codes,
#: newlines, tabs), line and paragraph separators, bidirectional overrides and isolates; and
#: lone surrogates (JSON's ``"\ud800"``), which no terminal can be sent.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _hidden(c: str) -> bool:
    return c in _BIDI or unicodedata.category(c) in ("Cc", "Zl", "Zp", "Cs")


def printable(text: str) -> str:
    r"""``text`` safe to print on a terminal: every control character escaped as Python writes
    it, so a name in a record cannot colour, move or clear the screen, nor start a line of its own.

    >>> printable("Ann\x1b[2J"), printable("Bo\nwinner: Cy"), printable("Dee é")
    ('Ann\\x1b[2J', 'Bo\\nwinner: Cy', 'Dee é')
    """
    if text.isprintable():
        return text
    return "".join(repr(c)[1:-1] if _hidden(c) else c for c in text)


@dataclass(frozen=True)
class Violation:
    """A rule broken: ``where`` in the game's words, the rule id, a sentence a player reads.

    ``path`` is the key path of the record's entry that broke the rule (``("turns", 3)``) and
    ``record`` which of the records scored together it is in; :func:`locate` turns both into
    the record's ``file`` and ``line``.
    """

    where: str
    rule: str
    message: str
    path: tuple = ()
    record: int = 0
    file: str | None = None
    line: int | None = None

    def __str__(self) -> str:
        place = f"{self.file}:{self.line}: " if self.file and self.line else (f"{self.file}: " if self.file else "")
        return f"{place}{self.where}: {self.message} [{self.rule}]"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"where": self.where, "rule": self.rule, "message": self.message}
        if self.file is not None:
            out["file"] = self.file
        out["line"] = self.line
        return out


@dataclass
class PlayerResult:
    name: str
    total: int
    breakdown: dict[str, Any] = field(default_factory=dict)


@dataclass
class Report:
    game: str
    violations: list[Violation]
    players: list[PlayerResult]
    ranking: list[str]
    winners: list[str]
    extra: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    #: Lines telling what happened (printed before the table for people, not in JSON).
    details: list[str] = field(default_factory=list)
    #: The record stops before the game's end: legal so far, standings, no winner.
    unfinished: bool = False
    #: Why nobody wins a finished, legal game (a solo game whose score reaches no star, say).
    no_winner: str = ""

    def __post_init__(self) -> None:
        # SCORING.md: a broken record, or an unfinished game, names no winner.
        if self.violations or self.unfinished or self.no_winner:
            self.winners = []

    @property
    def why_no_winner(self) -> str:
        if self.violations:
            return "the record breaks the rules"
        if self.unfinished:
            return "the game is unfinished"
        return self.no_winner or "nobody won"

    @property
    def valid(self) -> bool:
        return not self.violations

    @property
    def exit_code(self) -> int:
        return EXIT_LEGAL if self.valid else EXIT_VIOLATIONS

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "valid": self.valid,
            "violations": [v.to_json() for v in self.violations],
            "players": [{"name": p.name, "total": p.total, "breakdown": p.breakdown} for p in self.players],
            "ranking": self.ranking,
            "winners": self.winners,
            "unfinished": self.unfinished,
        }
        if self.notes:
            out["notes"] = self.notes
        out.update(self.extra)
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=2, ensure_ascii=False)

    def human(self, breakdown_labels: Callable[[str], str] | None = None) -> str:
        """A short table per player, the ranking, and every violation: for a terminal, so every
        control character from the record (a name's escape code or newline) is escaped, and
        each line stays one line (:func:`printable`). The JSON output keeps the record's text."""
        return "\n".join(printable(line) for line in self._lines(breakdown_labels))

    def _lines(self, breakdown_labels: Callable[[str], str] | None) -> list[str]:
        lines = list(self.details)
        lines.append(f"{self.game}: {'legal' if self.valid else 'RULES BROKEN: totals are not valid'}")
        lines += [f"note: {n}" for n in self.notes]
        width = max([len(printable(p.name)) for p in self.players] + [6])
        for p in self.players:
            parts = ", ".join(f"{(breakdown_labels or _label)(k)} {_short(v)}" for k, v in p.breakdown.items())
            lines.append(f"  {printable(p.name):<{width}}  {p.total:>4}   {parts}")
        if self.ranking:
            lines.append("ranking: " + ", ".join(f"{i + 1}. {n}" for i, n in enumerate(self.ranking)))
        if self.winners:
            lines.append(("winners: " if len(self.winners) > 1 else "winner: ") + ", ".join(self.winners))
        elif self.players:
            lines.append(f"no winner: {self.why_no_winner}")
        if self.violations:
            lines.append(f"{len(self.violations)} violation{'s' if len(self.violations) > 1 else ''}:")
            lines += [f"  {v}" for v in self.violations]
            lines.append(f"(a rule id explained: printkit rules {self.game} {self.violations[0].rule})")
        return lines


def _short(v: Any) -> str:
    """A breakdown value as a score pad shows it: ``3 1 4``, ``(red: I3 T3; blue: none)``, ``yes``.

    >>> _short([3, 1, 4]), _short({"fried egg": 2, "soup": 1}), _short([]), _short(True)
    ('3 1 4', '(fried egg: 2; soup: 1)', 'none', 'yes')
    """
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, dict):
        return "(" + "; ".join(f"{k}: {_short(x)}" for k, x in v.items()) + ")" if v else "none"
    if isinstance(v, (list, tuple)):
        return " ".join(_short(x) for x in v) if v else "none"
    if v is None:
        return "-"
    return str(v)


def _label(key: str) -> str:
    return key.replace("_", " ")


def locate(report: Report, records: Sequence[tuple[str, Any, dict]]) -> Report:
    """``report`` with each violation's file and line, from the records' key-path-to-line tables
    (``records`` as the scorer got them: ``(file name, record, table)``)."""
    from printkit.core.yamlio import line_for

    def one(v: Violation) -> Violation:
        if not records or v.record >= len(records):
            return v
        file, _rec, table = records[v.record]
        name = "<stdin>" if file == "-" else file
        return replace(v, file=name, line=line_for(table, v.path) if v.path else v.line)

    return replace(report, violations=[one(v) for v in report.violations])


def rank(players: Sequence[PlayerResult], key: Callable[[PlayerResult], tuple]) -> tuple[list[str], list[str]]:
    """Ranking best first by ``key`` (larger is better), and the winners: everyone tied with
    the best on the whole key (the victory is shared)."""
    order = sorted(players, key=key, reverse=True)  # stable: ties keep the record's order
    if not order:
        return [], []
    best = key(order[0])
    return [p.name for p in order], [p.name for p in order if key(p) == best]
