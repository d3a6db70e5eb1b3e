"""What an independent referee concludes about a record (shared by the Gimbap, Jubako and
Gemblo referees; each adds its own tie-break figures)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Verdict:
    violations: list = field(default_factory=list)  # (where, rule)
    totals: dict = field(default_factory=dict)
    unfinished: bool = False
    ranking: list = field(default_factory=list)
    winners: list = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return not self.violations

    @property
    def rules(self) -> set:
        return {r for _, r in self.violations}
