"""Gemblo's content, read from data.yaml and checked: CONTENT (the board's areas, the pieces, the colours).

The models are :mod:`printkit.games.gemblo.contentmodel`'s (pydantic), given to read_content by
name: this module imports no pydantic itself, so that content kept on disk can come back without
it; their methods are :mod:`printkit.games.gemblo.contentbase`'s (issue 16).

>>> len(CONTENT.area("board")), len(CONTENT.area("four")), len(CONTENT.area("three"))
(463, 295, 241)
>>> sum(len(c) for c in CONTENT.pieces.values())
72
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.core.content import read_content
from printkit.games.gemblo.contentbase import MEASURES, Setup

if TYPE_CHECKING:
    from printkit.games.gemblo.contentmodel import Content

__all__ = ["CONTENT", "DATA", "MEASURES", "Setup"]

DATA = Path(__file__).with_name("data.yaml")
#: The names of contentmodel's models this module gives on request (see __getattr__).
_MODELS = ("Content", "ColourInfo", "Obstacle", "Cells")

CONTENT: Content = read_content(DATA, "printkit.games.gemblo.contentmodel:Content")


def __getattr__(name: str) -> Any:
    """The content models (``Content`` ...), which live in :mod:`printkit.games.gemblo.contentmodel`
    (pydantic), for code that still takes them from here (tests/core/test_content.py): imported
    on first use, so that importing this module imports no pydantic."""
    if name in _MODELS:
        from printkit.games.gemblo import contentmodel

        return getattr(contentmodel, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
