"""Roll n Cook's content from data.yaml (RNC-9).

>>> CONTENT.hours[0], CONTENT.hours[-1], sum(CONTENT.plates)
('10:00', '21:00', 14)
>>> CONTENT.meals["pizza"].ingredients
('dough', 'tomato', 'cheese')
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

DATA = Path(__file__).with_name("data.yaml")


@dataclass(frozen=True)
class Meal:
    name: str
    ingredients: tuple[str, ...]
    value: int
    bonuses: tuple[int, ...]

    @property
    def boxes(self) -> int:
        return len(self.bonuses)


@dataclass(frozen=True)
class Content:
    version: int
    basics: tuple[str, ...]
    mystery: str
    rares: dict[str, tuple[str, ...]]
    meals: dict[str, Meal]
    first_hour: int
    plates: tuple[int, ...]
    abilities: dict[str, int]
    stars: tuple[int, ...]
    generator: dict

    @property
    def hours(self) -> tuple[str, ...]:
        return tuple(f"{self.first_hour + i}:00" for i in range(len(self.plates)))

    @property
    def ingredients(self) -> tuple[str, ...]:
        return self.basics + (self.mystery,) + tuple(self.rares)

    def hour_index(self, text) -> int | None:
        """``"13:00"``, ``"13"`` or 13 -> the hour's index (0 for 10:00); None if not an hour."""
        known = _HOURS.get(text) if isinstance(text, str) else None
        if known is not None:
            return known
        s = str(text).strip()
        if s.endswith(":00"):
            s = s[:-3]
        if not s.isdigit():
            return None
        i = int(s) - self.first_hour
        return i if 0 <= i < len(self.plates) else None


def load(path: Path = DATA) -> Content:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    return Content(
        version=raw["version"],
        basics=tuple(raw["basics"]),
        mystery=raw["mystery"],
        rares={k: tuple(v) for k, v in raw["rares"].items()},
        meals={k: Meal(k, tuple(v["ingredients"]), v["value"], tuple(v["bonuses"])) for k, v in raw["meals"].items()},
        first_hour=raw["first_hour"],
        plates=tuple(raw["plates"]),
        abilities=dict(raw["abilities"]),
        stars=tuple(raw["stars"]),
        generator=raw["generator"],
    )


CONTENT = load()
_HOURS = {clock: i for i, clock in enumerate(CONTENT.hours)}
