"""Roll n Cook's content from data.yaml (RNC-9): the models data.yaml is checked against, with
their derived facts, and ``CONTENT``, the file read.

>>> CONTENT.hours[0], CONTENT.hours[-1], sum(CONTENT.plates)
('10:00', '21:00', 14)
>>> CONTENT.meals["pizza"].ingredients
('dough', 'tomato', 'cheese')
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Annotated

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

from printkit.core.content import read_content
from printkit.core.datamodel import DataModel, keyed
from printkit.core.limits import MAX_TEXT

# 13, 13:00, 13.00, 13h, 13h00, 1pm, 1:00 p.m., 12 noon ... (matched whole, on the stripped text).
# Linear on any text (issue 26): every run of spaces is followed by a character it cannot match
# (no two runs of spaces that can take the same spaces), so a failing match never tries the ways
# of splitting a run between them.
_CLOCK = re.compile(r"(\d{1,2})(?:\s*(?:[:.]00|h(?:\s*00)?))?(?:\s*(a\.?\s*m\.?|p\.?\s*m\.?|noon))?", re.I)


class Meal(DataModel):
    """A meal (RNC-7) and its number of dish boxes."""

    name: str
    ingredients: tuple[str, ...] = Field(min_length=1)
    value: int
    bonuses: tuple[int, ...] = Field(min_length=1)

    @property
    def boxes(self) -> int:
        return len(self.bonuses)


@with_config(ConfigDict(extra="forbid"))
class Generator(TypedDict):
    """What a seed randomises (RNC-9); kept a plain mapping (``CONTENT.generator["box_weights"]``)."""

    box_weights: dict[str, int]
    hour_limits: dict[str, int]
    rare_weights: dict[str, int]
    min_per_basic: int
    box_value: dict[str, int]
    value_band: list[int]


class Content(DataModel):
    """The content and its derived facts and cross-checks: the sheet's hours, every ingredient,
    an hour as a person writes it (RNC-1, RNC-9)."""

    version: int
    basics: tuple[str, ...] = Field(min_length=1)
    mystery: str
    rares: dict[str, tuple[str, ...]]
    meals: Annotated[dict[str, Meal], keyed()]
    first_hour: int = Field(ge=0, le=23)
    plates: tuple[int, ...] = Field(min_length=1)
    abilities: dict[str, int]
    stars: tuple[int, ...]
    generator: Generator

    def problems(self) -> Iterator[tuple[tuple, str]]:
        """What the types cannot say: every ingredient named is one (read_content asks)."""
        known = set(self.ingredients)
        for rare, parts in self.rares.items():
            for i, x in enumerate(parts):
                if x not in known:
                    yield ("rares", rare, i), f"unknown ingredient {x!r}"
        for name, meal in self.meals.items():
            for i, x in enumerate(meal.ingredients):
                if x not in known:
                    yield ("meals", name, "ingredients", i), f"unknown ingredient {x!r}"
        for rare in self.generator["rare_weights"]:
            if rare not in self.rares:
                yield ("generator", "rare_weights", rare), f"{rare!r} is not a rare ingredient"
        if len(self.generator["value_band"]) != 2:
            yield ("generator", "value_band"), "expected [lowest, highest]"

    @property
    def hours(self) -> tuple[str, ...]:
        return _hours(self.first_hour, len(self.plates))

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
        known = _hour_table(self.first_hour, len(self.plates)).get(text) if isinstance(text, str) else None
        if known is not None:
            return known
        if isinstance(text, bool) or text is None:
            return None
        if isinstance(text, float):
            if not text.is_integer():
                return None
            text = int(text)
        text = str(text)
        m = _CLOCK.fullmatch(text.strip()) if len(text) <= MAX_TEXT else None
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


@lru_cache(maxsize=8)
def _hours(first_hour: int, count: int) -> tuple[str, ...]:
    """The sheet's hours as it prints them (``"10:00"`` ...): made once a content, not a call."""
    return tuple(f"{first_hour + i}:00" for i in range(count))


@lru_cache(maxsize=8)
def _hour_table(first_hour: int, count: int) -> dict[str, int]:
    """Each hour as the sheet prints it -> its index: :meth:`Content.hour_index`'s quick
    answer for an hour written as printed."""
    return {clock: i for i, clock in enumerate(_hours(first_hour, count))}


DATA = Path(__file__).with_name("data.yaml")
CONTENT: Content = read_content(DATA, Content)
