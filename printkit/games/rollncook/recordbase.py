"""What Roll n Cook's record models run when a record is checked, without pydantic.

The record models (:mod:`printkit.games.rollncook.record`, pydantic) are the one definition of
a record; every function they have pydantic call while checking one lives here, as a plain
module-level function (no lambda, no closure), and their properties in mixins. Scoring then
checks a record with pydantic-core alone, running the models' core schema, and these functions
are found by their module and name (issue 16). A message here is what the user reads: each is
kept word for word.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.sheet import parse_sheet_id

#: The largest seed a sheet is made with: --seed's range, 0 to 2**63 - 1 (printkit.cli.SEED_MAX).
#: A larger id is no sheet printkit printed (SplitMix64 would silently read 2**64 + 7 as seed 7).
MAX_SHEET_SEED = 2**63 - 1
#: What each kind of ``Made`` entry may name (:func:`known_made`), in the data file's order.
_MADE_NAMES = {"rare ingredient": tuple(CONTENT.rares), "meal": tuple(CONTENT.meals)}


def said(v) -> str:
    """A value as the record wrote it, for a message (no Python reprs): "25:00", 7, [1, 2]."""
    return json.dumps(v, ensure_ascii=False, default=str)


# -- values (Annotated[..., BeforeValidator(f)]) ----------------------------------------------


def hour_of_sheet(v) -> str:
    """An hour as written (``13``, ``"1pm"`` ...) -> as the sheet prints it (RNC-1)."""
    i = CONTENT.hour_index(v) if not isinstance(v, str) or v.isascii() else None  # not ١٠:٠٠
    if i is None:
        raise ValueError(f"{said(v)} is not an hour of the sheet, which has the hours "
                         f"{CONTENT.hours[0]} to {CONTENT.hours[-1]} (write 13:00, 13, 1pm ...)")
    return CONTENT.hours[i]


def known_ingredient(v) -> str:
    """An ingredient of the content, basic, mystery or rare."""
    if v not in CONTENT.ingredients:
        raise ValueError(f"unknown ingredient {said(v)}; ingredients are {', '.join(CONTENT.ingredients)}")
    return v


def known_made(kind: str, v: Any) -> Any:
    """A rare ingredient made or a meal cooked (``kind``: "rare ingredient" or "meal", bound by
    functools.partial in the model): a bare name becomes ``{name: ...}``, and the name must be
    one of the content's."""
    names = _MADE_NAMES[kind]
    if isinstance(v, str):
        v = {"name": v}
    if isinstance(v, dict) and "name" in v and v["name"] not in names:
        raise ValueError(f"unknown {kind} {said(v['name'])}; {kind}s are {', '.join(names)}")
    return v


# -- fields (field_validator) and entries (model_validator) -----------------------------------


def one_ability(self: Any) -> Any:
    """RNC-4: an ability entry uses exactly one ability."""
    given = [k for k in ("adjust", "set", "reuse", "add") if getattr(self, k) is not None]
    if len(given) != 1:
        raise ValueError("an ability entry is one of adjust, set, reuse, add")
    return self


def take_target(self: Any) -> Any:
    """RNC-2: a result takes a box of this hour, or a table's segment (not both, not neither)."""
    if (self.box is None) == (self.table is None):
        raise ValueError("a result takes a 'box' of this hour ({box: 4}), or a 'table' and "
                         "'segment' ({table: \"12:00\", segment: 5})")
    if self.box is not None and self.segment is not None:
        raise ValueError("a 'segment' belongs to a 'table', not to a 'box'")
    if self.table is not None and self.segment is None and self.result is None:
        raise ValueError("a table needs the 'segment' taken")
    return self


def known_dishes(cls: type, v: dict[str, int]) -> dict[str, int]:
    """An end state's dishes: meals of the content, each with at most its dish boxes."""
    for meal, n in v.items():
        if meal not in CONTENT.meals:
            raise ValueError(f"unknown meal {said(meal)}; meals are {', '.join(CONTENT.meals)}")
        if not 0 <= n <= CONTENT.meals[meal].boxes:
            raise ValueError(f"{meal} has {CONTENT.meals[meal].boxes} dish boxes, not {n}")
    return v


def printed_sheet_id(cls: type, v: str) -> str:
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


def hours_or_end(self: Any) -> Any:
    """A record gives the hours played, or only its end state (RNC-12)."""
    if (self.hours is None) == (self.end is None):
        raise ValueError("a record gives the 'hours' played, or only the 'end' state")
    return self


# -- the models' properties ---------------------------------------------------------------------


class TakeBase:
    """A ``take`` entry's derived facts (RNC-2), for :class:`~printkit.games.rollncook.record.Take`
    and the light objects that stand for it."""

    __slots__ = ()

    if TYPE_CHECKING:  # the model's fields (declared here for type checkers only)
        result: int | None
        box: int | None
        table: str | None
        segment: int | None

    @property
    def value(self) -> int:
        """The result used: as written, else the box or segment number."""
        if self.result is not None:
            return self.result
        return self.box if self.box is not None else self.segment

    @property
    def number(self) -> int:
        """The box or segment crossed."""
        if self.box is not None:
            return self.box
        return self.segment if self.segment is not None else self.result
