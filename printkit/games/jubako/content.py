"""Jubako's content from data.yaml: delicacies, the tile set, the boards.

>>> len(CONTENT.doubles), len(set(CONTENT.doubles)), len(CONTENT.delicacies)
(78, 66, 12)
>>> CONTENT.tiles_in_play(2), CONTENT.tiles_in_play(4)
(50, 76)
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.core.content import read_content

if TYPE_CHECKING:  # what CONTENT holds: the model, or later its light class (same attributes and mixins)
    from printkit.games.jubako.contentmodel import Content

DATA = Path(__file__).with_name("data.yaml")
#: The models are in contentmodel.py (pydantic) and their properties in contentbase.py: named
#: here, not imported, so that a run that finds the content on disk needs no pydantic (issue 16).
CONTENT: Content = read_content(DATA, "printkit.games.jubako.contentmodel:Content")


def __getattr__(name: str) -> Any:
    """The content models (``Content``, ``Board``, ``Delicacy``), which live in
    :mod:`printkit.games.jubako.contentmodel` (pydantic), for code that still takes them from
    here (tests/core/test_content.py finds every game's ``Content`` so); imported on request."""
    if name in ("Content", "Board", "Delicacy"):
        from printkit.games.jubako import contentmodel

        return getattr(contentmodel, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
