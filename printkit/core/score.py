"""The scorer's contract, shared by every game (see ../shared/SCORING.md).

A game's scorer turns records into a :class:`Report`: the violations found (each with where,
the rule id and a sentence a player understands), each player's total and breakdown, and the
ranking after the game's tie-breaks. The CLI prints it for people or as JSON, and exits 0 when
the record is legal and 1 when it breaks rules. Unreadable input is a RecordError: exit 2.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from printkit.errors import PrintkitError

EXIT_LEGAL = 0
EXIT_VIOLATIONS = 1
EXIT_UNREADABLE = 2


class RecordError(PrintkitError):
    """A record that cannot be read: the message names the file and the place."""

    def __init__(self, file: str, where: str, message: str, line: int | None = None):
        self.file, self.where, self.detail, self.line = file, where, message, line
        place = file + (f":{line}" if line else "")
        super().__init__(f"{place}: {where}: {message}" if where else f"{place}: {message}")


@dataclass(frozen=True)
class Violation:
    where: str
    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message} [{self.rule}]"


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
            "violations": [{"where": v.where, "rule": v.rule, "message": v.message} for v in self.violations],
            "players": [{"name": p.name, "total": p.total, "breakdown": p.breakdown} for p in self.players],
            "ranking": self.ranking,
            "winners": self.winners,
        }
        if self.notes:
            out["notes"] = self.notes
        out.update(self.extra)
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=2, ensure_ascii=False)

    def human(self, breakdown_labels: Callable[[str], str] | None = None) -> str:
        """A short table per player, the ranking, and every violation."""
        lines = list(self.details)
        lines.append(f"{self.game}: {'legal' if self.valid else 'RULES BROKEN: totals are not valid'}")
        lines += [f"note: {n}" for n in self.notes]
        width = max([len(p.name) for p in self.players] + [6])
        for p in self.players:
            parts = ", ".join(f"{(breakdown_labels or str)(k)} {_short(v)}" for k, v in p.breakdown.items())
            lines.append(f"  {p.name:<{width}}  {p.total:>4}   {parts}")
        if self.ranking:
            lines.append("ranking: " + ", ".join(f"{i + 1}. {n}" for i, n in enumerate(self.ranking)))
            lines.append(("winners: " if len(self.winners) > 1 else "winner: ") + ", ".join(self.winners))
        if self.violations:
            lines.append(f"{len(self.violations)} violation{'s' if len(self.violations) > 1 else ''}:")
            lines += [f"  {v}" for v in self.violations]
        return "\n".join(lines)


def _short(v: Any) -> str:
    if isinstance(v, list):
        return "[" + " ".join(str(x) for x in v) + "]"
    return str(v)


def rank(players: Sequence[PlayerResult], key: Callable[[PlayerResult], tuple]) -> tuple[list[str], list[str]]:
    """Ranking best first by ``key`` (larger is better), and the winners: everyone tied with
    the best on the whole key (the victory is shared)."""
    order = sorted(players, key=key, reverse=True)  # stable: ties keep the record's order
    if not order:
        return [], []
    best = key(order[0])
    return [p.name for p in order], [p.name for p in order if key(p) == best]
