"""Gimbap's content, read from ``data.yaml`` (the single source of truth for every fact).

>>> CONTENT.fillings
('rice', 'cheese', 'sesame', 'ham', 'spinach', 'radish')
>>> len(CONTENT.tokens), CONTENT.tokens[0]
(12, Token(points=4, radish=3))

The models that check the file are :mod:`printkit.games.gimbap.contentmodel`'s, named rather
than imported: content found in the disk cache needs neither them nor pydantic (issue 16). Code
uses only the content's attributes and :mod:`printkit.games.gimbap.contentbase`'s properties.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.core.content import read_content
from printkit.games.gimbap.contentbase import Die, Token

if TYPE_CHECKING:  # what CONTENT offers (read by name: no pydantic unless it must be checked)
    from printkit.games.gimbap.contentmodel import Content

__all__ = ["CONTENT", "DATA", "Die", "Token"]

DATA = Path(__file__).with_name("data.yaml")

CONTENT: Content = read_content(DATA, "printkit.games.gimbap.contentmodel:Content")

#: The content models, which lived here before contentmodel.py (issue 16).
_MODELS = ("Content", "Part", "TokenSet", "Lesson", "Kind")


def __getattr__(name: str) -> Any:
    """The content models (``content.Content`` ...) for code that still takes them from here,
    imported on first use: importing this module must not import pydantic."""
    if name in _MODELS:
        from printkit.games.gimbap import contentmodel

        return getattr(contentmodel, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
