"""Roll n Cook's content from data.yaml (RNC-9).

The models are :mod:`printkit.games.rollncook.contentmodel` (pydantic), given to read_content by
name rather than imported here, so that this module imports no pydantic itself and the content
can be read without it (issue 16); their properties and methods are
:mod:`printkit.games.rollncook.contentbase`'s.

>>> CONTENT.hours[0], CONTENT.hours[-1], sum(CONTENT.plates)
('10:00', '21:00', 14)
>>> CONTENT.meals["pizza"].ingredients
('dough', 'tomato', 'cheese')
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.core.content import read_content

if TYPE_CHECKING:
    from printkit.games.rollncook.contentbase import ContentBase

DATA = Path(__file__).with_name("data.yaml")

#: What code may rely on: the content's attributes and the mixins' properties and methods (it
#: is a Content model, and may be a light object of the same attributes: no pydantic API).
CONTENT: ContentBase = read_content(DATA, "printkit.games.rollncook.contentmodel:Content")


def __getattr__(name: str) -> Any:
    """The content models (``Content``, ``Meal``, ``Generator``), which live in
    :mod:`printkit.games.rollncook.contentmodel` (pydantic), for code that still takes them
    from here; imported on first use, so reading ``CONTENT`` needs no pydantic."""
    if name in ("Content", "Meal", "Generator"):
        from printkit.games.rollncook import contentmodel

        return getattr(contentmodel, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
