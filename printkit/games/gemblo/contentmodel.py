"""Gemblo's content models (pydantic): what :func:`printkit.core.content.read_content` checks
data.yaml against. Their methods are the mixins' of :mod:`printkit.games.gemblo.contentbase`,
which content read from the disk cache can have without pydantic (issue 16).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field

from printkit.core.datamodel import DataModel, keyed
from printkit.core.geometry.hexgrid import Hex
from printkit.core.geometry.polyhex import normalise
from printkit.games.gemblo.contentbase import ContentBase, Setup

Cells = Annotated[tuple[Hex, ...], Field(min_length=1)]


class ColourInfo(DataModel):
    name: str
    colour: str
    bw: str
    symbol: str


class Obstacle(DataModel):
    """One piece of the sixth colour, laid before a 5-player game (GEM-6)."""

    piece: str
    cells: Cells


class Content(ContentBase, DataModel):
    version: int
    areas: dict[str, dict[Literal["diag", "abs_r", "abs_2q_r"], int]]
    players: dict[int, Setup]  # count -> (area name, start cells)
    pieces: dict[str, Annotated[Cells, AfterValidator(normalise)]]
    colours: Annotated[dict[str, ColourInfo], keyed()]
    obstacles: tuple[Obstacle, ...] = ()
