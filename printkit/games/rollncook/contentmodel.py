"""Roll n Cook's content models (pydantic): what data.yaml is checked against (RNC-9).

The one definition of the content's shape. Their properties and methods live in
:mod:`printkit.games.rollncook.contentbase` (mixins, no pydantic), so that scoring can read the
content without this module; :mod:`printkit.games.rollncook.content` reads data.yaml into
:class:`Content` by name.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field
from typing_extensions import TypedDict

from printkit.core.datamodel import DataModel, keyed
from printkit.games.rollncook.contentbase import ContentBase, MealBase


class Meal(MealBase, DataModel):
    name: str
    ingredients: tuple[str, ...] = Field(min_length=1)
    value: int
    bonuses: tuple[int, ...] = Field(min_length=1)


class Generator(TypedDict):
    """What a seed randomises (RNC-9); kept a plain mapping (``CONTENT.generator["box_weights"]``)."""

    __pydantic_config__ = ConfigDict(extra="forbid")
    box_weights: dict[str, int]
    hour_limits: dict[str, int]
    rare_weights: dict[str, int]
    min_per_basic: int
    box_value: dict[str, int]
    value_band: list[int]


class Content(ContentBase, DataModel):
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
