"""One player's Roll n Cook record (YAML or JSON). See docs/records.md.

Unknown ingredients or meals, hours that are not 10:00 to 21:00, die values outside 1 to 6 and
sheet ids that are not ``RNC<version>-<seed>`` make a record unreadable (exit 2).

Record format 2 (issue 10) says each fact once: a result takes ``{box: 4}`` or
``{table: "12:00", segment: 5}`` (the box or segment number is the result). Old records, which
also wrote ``result``, keep reading.

The models are the one definition of a record (its JSON Schema, the web pages, the messages);
every function they have pydantic call lives in :mod:`printkit.games.rollncook.recordbase`
(no pydantic), so that scoring can check a record with pydantic-core alone (issue 16).
"""

from __future__ import annotations

from functools import partial
from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator, model_validator

from printkit.core.records import Whole
from printkit.games.rollncook import recordbase
from printkit.games.rollncook.recordbase import TakeBase

Die = Annotated[Whole, Field(ge=1, le=6)]
Hour = Annotated[str, BeforeValidator(recordbase.hour_of_sheet)]
Ingredient = Annotated[str, BeforeValidator(recordbase.known_ingredient)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Double(Strict):
    """RNC-3: spend one of the equal dice ``spend``; the others of that value become ``to``."""

    spend: Die
    to: Die


class Change(Strict):
    from_: Die = Field(alias="from")
    to: Die


class Ability(Strict):
    """One ability used (RNC-4): ``{adjust: {from: 3, to: 4}}``, ``{set: {from: 2, to: 6}}``,
    ``{reuse: 5}`` or ``{add: 6}``."""

    adjust: Change | None = None
    set: Change | None = None
    reuse: Die | None = None
    add: Die | None = None

    _one = model_validator(mode="after")(recordbase.one_ability)


class Take(TakeBase, Strict):
    """A result used (RNC-2): ``{box: 4}`` (box 4 of this hour, with a result 4) or
    ``{table: "12:00", segment: 5}`` (segment 5 of the 12:00 table, with a result 5).

    The box or segment number is the result, so the record says it once. Old records wrote the
    result too (``{result: 4, box: 4}``, ``{result: 5, table: "12:00", segment: 5}``); they keep
    reading, and a result that differs from its box or segment is a violation (RNC-2). A table
    may also be given with only ``result``.
    """

    result: Die | None = Field(default=None, description="the result used (optional: the box or segment number)")
    box: Die | None = Field(default=None, description="box 1 to 6 of this hour")
    table: Hour | None = Field(default=None, description="the hour whose hexagonal table is used")
    segment: Die | None = Field(default=None, description="segment 1 to 6 of that table")

    _target = model_validator(mode="after")(recordbase.take_target)


class Made(Strict):
    """A rare ingredient made or a meal cooked; ``use`` says what was crossed (mystery included)."""

    name: str
    use: list[Ingredient] | None = None


RareMade = Annotated[Made, BeforeValidator(partial(recordbase.known_made, "rare ingredient"))]
MealCooked = Annotated[Made, BeforeValidator(partial(recordbase.known_made, "meal"))]


class HourPlay(Strict):
    hour: Hour
    dice: list[Die] = Field(min_length=3, max_length=3, description="the three dice rolled")
    double: Double | None = None
    abilities: list[Ability] = []
    take: list[Take] = []
    rare: list[RareMade] = Field(default=[], description="rare ingredients made this hour")
    cook: list[MealCooked] = Field(default=[], description="meals cooked this hour")


class EndState(Strict):
    """Only the end of a game (then totalled and reported as unchecked). The unused plates
    follow from the meals (RNC-12); an old record's ``plates_left`` is checked against them."""

    dishes: dict[str, Whole]
    rares_left: Whole = Field(default=0, ge=0)
    basics_left: Whole = Field(default=0, ge=0)
    plates_left: Whole | None = Field(default=None, ge=0, description="optional: follows from the meals")

    _meals = field_validator("dishes")(recordbase.known_dishes)


class RollNCookRecord(Strict):
    """One player's game on one sheet."""

    game: Literal["rollncook"] | None = None
    sheet: str = Field(description="the sheet id printed on the sheet, such as RNC1-7")
    player: str = "player"
    hours: list[HourPlay] | None = None
    end: EndState | None = None

    _sheet = field_validator("sheet")(recordbase.printed_sheet_id)
    _one = model_validator(mode="after")(recordbase.hours_or_end)
