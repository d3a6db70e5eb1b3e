"""Roll n Cook's content from data.yaml (RNC-9).

>>> CONTENT.hours[0], CONTENT.hours[-1], sum(CONTENT.plates)
('10:00', '21:00', 14)
>>> CONTENT.meals["pizza"].ingredients
('dough', 'tomato', 'cheese')
"""

from __future__ import annotations

import re
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
        """An hour as a person writes it -> its index (0 for 10:00); None if it is not an hour
        of the sheet (RNC-1). Records are YAML 1.2, so ``hour: 10:00`` arrives as the text
        "10:00"; 24-hour and 12-hour clocks both work, since the sheet's hours (10:00 to 21:00)
        never need am or pm to tell them apart:

        >>> [CONTENT.hour_index(v) for v in (10, "10", "10:00", "10h", "10am", "1pm", "13:00", "1:00 pm", "1")]
        [0, 0, 0, 0, 0, 3, 3, 3, 3]
        >>> [CONTENT.hour_index(v) for v in ("9:00", "21h00", "9 PM", 21.0, "12 noon", "12pm")]
        [11, 11, 11, 11, 2, 2]
        >>> [CONTENT.hour_index(v) for v in ("22:00", "10:30", "9am", "0", True, None, 600, "12am", 10.5)]
        [None, None, None, None, None, None, None, None, None]
        """
        known = _HOURS.get(text) if isinstance(text, str) else None
        if known is not None:
            return known
        if isinstance(text, bool) or text is None:
            return None
        if isinstance(text, float):
            if not text.is_integer():
                return None
            text = int(text)
        m = _CLOCK.match(str(text))
        if m is None:
            return None
        h, half = int(m.group(1)), (m.group(2) or "").lower().replace(".", "").replace(" ", "")
        if half in ("am",):
            h = 0 if h == 12 else h  # 12am is midnight
        elif half in ("pm", "noon"):
            h = h if h == 12 else h + 12
        elif 1 <= h <= 9:
            h += 12  # "1:00" on a sheet that starts at 10:00 is 13:00 (a 12-hour clock)
        if half and not 1 <= int(m.group(1)) <= 12:
            return None
        i = h - self.first_hour
        return i if 0 <= i < len(self.plates) else None


# 13, 13:00, 13.00, 13h, 13h00, 1pm, 1:00 p.m., 12 noon ...
_CLOCK = re.compile(r"^\s*(\d{1,2})\s*(?:(?:[:.h]|\s*h\s*)00|h)?\s*(a\.?\s*m\.?|p\.?\s*m\.?|noon)?\s*$", re.I)


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
