"""One player's Roll n Cook record (YAML or JSON). See docs/records.md.

Unknown ingredients or meals, hours that are not 10:00 to 21:00, die values outside 1 to 6 and
sheet ids that are not ``RNC<version>-<seed>`` make a record unreadable (exit 2).

Record format 2 (issue 10) says each fact once: a result takes ``{box: 4}`` or
``{table: "12:00", segment: 5}`` (the box or segment number is the result). Old records, which
also wrote ``result``, keep reading.

The models are the one definition of a record (its JSON Schema, the web pages, the messages).
A message here is what the user reads: each is kept word for word.
"""

from __future__ import annotations

import json
from functools import partial
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator, model_validator

from printkit.core.records import Whole
from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.sheet import parse_sheet_id

#: The largest seed a sheet is made with: --seed's range, 0 to 2**63 - 1 (printkit.cli.SEED_MAX).
#: A larger id is no sheet printkit printed (SplitMix64 would silently read 2**64 + 7 as seed 7).
MAX_SHEET_SEED = 2**63 - 1
#: What each kind of ``Made`` entry may name (:func:`_known_made`), in the data file's order.
_MADE_NAMES = {"rare ingredient": tuple(CONTENT.rares), "meal": tuple(CONTENT.meals)}


def said(v) -> str:
    """A value as the record wrote it, for a message (no Python reprs): "25:00", 7, [1, 2];
    shortened past 60 characters (a message is one line).

    >>> said("10:00"), said("10" + " " * 100 + "x")
    ('"10:00"', '"10                                                     ...')
    """
    text = json.dumps(v, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:57] + "..."


def _hour_of_sheet(v) -> str:
    """An hour as written (``13``, ``"1pm"`` ...) -> as the sheet prints it (RNC-1)."""
    i = CONTENT.hour_index(v) if not isinstance(v, str) or v.isascii() else None  # not ١٠:٠٠
    if i is None:
        raise ValueError(f"{said(v)} is not an hour of the sheet, which has the hours "
                         f"{CONTENT.hours[0]} to {CONTENT.hours[-1]} (write 13:00, 13, 1pm ...)")
    return CONTENT.hours[i]


def _known_ingredient(v) -> str:
    """An ingredient of the content, basic, mystery or rare."""
    if v not in CONTENT.ingredients:
        raise ValueError(f"unknown ingredient {said(v)}; ingredients are {', '.join(CONTENT.ingredients)}")
    return v


def _known_made(kind: str, v: Any) -> Any:
    """A rare ingredient made or a meal cooked (``kind``: "rare ingredient" or "meal", bound by
    functools.partial in the model): a bare name becomes ``{name: ...}``, and the name must be
    one of the content's."""
    names = _MADE_NAMES[kind]
    if isinstance(v, str):
        v = {"name": v}
    if isinstance(v, dict) and "name" in v and v["name"] not in names:
        raise ValueError(f"unknown {kind} {said(v['name'])}; {kind}s are {', '.join(names)}")
    return v


Die = Annotated[Whole, Field(ge=1, le=6)]
Hour = Annotated[str, BeforeValidator(_hour_of_sheet)]
Ingredient = Annotated[str, BeforeValidator(_known_ingredient)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, defer_build=True)


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

    @model_validator(mode="after")
    def _one(self) -> Ability:
        """RNC-4: an ability entry uses exactly one ability."""
        given = [k for k in ("adjust", "set", "reuse", "add") if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError("an ability entry is one of adjust, set, reuse, add")
        return self


class Take(Strict):
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

    @model_validator(mode="after")
    def _target(self) -> Take:
        """RNC-2: a result takes a box of this hour, or a table's segment (not both, not neither)."""
        if (self.box is None) == (self.table is None):
            raise ValueError("a result takes a 'box' of this hour ({box: 4}), or a 'table' and "
                             "'segment' ({table: \"12:00\", segment: 5})")
        if self.box is not None and self.segment is not None:
            raise ValueError("a 'segment' belongs to a 'table', not to a 'box'")
        if self.table is not None and self.segment is None and self.result is None:
            raise ValueError("a table needs the 'segment' taken")
        return self

    @property
    def value(self) -> int:
        """The result used: as written, else the box or segment number."""
        if self.result is not None:
            return self.result
        return self.box if self.box is not None else self.segment  # type: ignore[return-value]

    @property
    def number(self) -> int:
        """The box or segment crossed."""
        if self.box is not None:
            return self.box
        return self.segment if self.segment is not None else self.result  # type: ignore[return-value]


class Made(Strict):
    """A rare ingredient made or a meal cooked; ``use`` says what was crossed (mystery included)."""

    name: str
    use: list[Ingredient] | None = None


RareMade = Annotated[Made, BeforeValidator(partial(_known_made, "rare ingredient"))]
MealCooked = Annotated[Made, BeforeValidator(partial(_known_made, "meal"))]


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
    dice: dict[Hour, Annotated[list[Die], Field(min_length=3, max_length=3)]] | None = Field(
        default=None, description="optional: the three dice of each hour played, as rolled (a filled sheet's), "
                                  "checked against the other players' (RNC-10)")

    @field_validator("dishes")
    @classmethod
    def _meals(cls, v: dict[str, int]) -> dict[str, int]:
        """An end state's dishes: meals of the content, each with at most its dish boxes."""
        for meal, n in v.items():
            if meal not in CONTENT.meals:
                raise ValueError(f"unknown meal {said(meal)}; meals are {', '.join(CONTENT.meals)}")
            if not 0 <= n <= CONTENT.meals[meal].boxes:
                raise ValueError(f"{meal} has {CONTENT.meals[meal].boxes} dish boxes, not {n}")
        return v


class RollNCookRecord(Strict):
    """One player's game on one sheet."""

    game: Literal["rollncook"] | None = None
    sheet: str = Field(description="the sheet id printed on the sheet, such as RNC1-7")
    player: str = "player"
    hours: list[HourPlay] | None = None
    end: EndState | None = None

    @field_validator("sheet")
    @classmethod
    def _sheet(cls, v: str) -> str:
        """A sheet id as printed (``RNC1-7``, any case): this content version, a seed printkit makes."""
        parsed = parse_sheet_id(v) if v.isascii() else None  # digits 0-9 only
        if parsed is None:
            raise ValueError(f"{said(v)} is not a sheet id: it is printed on the sheet, such as RNC{CONTENT.version}-7")
        if parsed[0] != CONTENT.version:
            raise ValueError(f"sheet {said(v)} is of content version {parsed[0]}; this printkit has version {CONTENT.version}")
        if parsed[1] > MAX_SHEET_SEED:
            raise ValueError(f"sheet {said(v)}: its seed is beyond {MAX_SHEET_SEED}, the largest a sheet is made "
                             "with (--seed 0 to 2**63 - 1); no sheet has this id")
        return v.upper()

    @model_validator(mode="after")
    def _one(self) -> RollNCookRecord:
        """A record gives the hours played, or only its end state (RNC-12)."""
        if (self.hours is None) == (self.end is None):
            raise ValueError("a record gives the 'hours' played, or only the 'end' state")
        return self
