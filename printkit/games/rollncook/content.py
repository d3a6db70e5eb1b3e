"""Roll n Cook's content from data.yaml (RNC-9).

The models are :mod:`printkit.games.rollncook.contentmodel` (pydantic), named here rather than
imported: read_content imports them only when the disk cache does not hold the content already
(their properties and methods are :mod:`printkit.games.rollncook.contentbase`'s).

>>> CONTENT.hours[0], CONTENT.hours[-1], sum(CONTENT.plates)
('10:00', '21:00', 14)
>>> CONTENT.meals["pizza"].ingredients
('dough', 'tomato', 'cheese')
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit.core.content import read_content

DATA = Path(__file__).with_name("data.yaml")

CONTENT = read_content(DATA, "printkit.games.rollncook.contentmodel:Content")


def __getattr__(name: str) -> Any:
    """The content models (``Content``, ``Meal``, ``Generator``), which live in
    :mod:`printkit.games.rollncook.contentmodel` (pydantic), for code that still takes them
    from here; imported on first use, so reading ``CONTENT`` needs no pydantic."""
    if name in ("Content", "Meal", "Generator"):
        from printkit.games.rollncook import contentmodel

        return getattr(contentmodel, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
