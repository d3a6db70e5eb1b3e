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
from typing import TYPE_CHECKING

from printkit.core.content import read_content
from printkit.games.gemblo.contentbase import MEASURES, Setup

if TYPE_CHECKING:
    from printkit.games.gemblo.contentmodel import Content

__all__ = ["CONTENT", "DATA", "MEASURES", "Setup"]

DATA = Path(__file__).with_name("data.yaml")

CONTENT: Content = read_content(DATA, "printkit.games.gemblo.contentmodel:Content")
