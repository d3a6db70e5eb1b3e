"""Trick Dumpling's content from data.yaml, and the card notation (TD-2).

>>> parse_card("S7"), parse_card("W99"), parse_card("GS")
(Card(code='S7', suit='shrimp', value=7), Card(code='W99', suit=None, value=99), Card(code='GS', suit=None, value=0))
>>> len(CONTENT.deck(4)), len(CONTENT.deck(3))
(35, 27)
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.core.content import read_content
from printkit.games.trickdumpling.contentbase import Card

if TYPE_CHECKING:
    from printkit.games.trickdumpling.contentmodel import Content

DATA = Path(__file__).with_name("data.yaml")


#: The content read from data.yaml (checked by the models of contentmodel.py, named so that
#: this module imports no pydantic: the disk cache may hold it, issue 16). Use only its
#: attributes and the properties and methods of contentbase's mixins, never pydantic's API.
CONTENT: Content = read_content(DATA, "printkit.games.trickdumpling.contentmodel:Content")
_ALL = {c.code: c for c in CONTENT.deck(5)}


class CardError(ValueError):
    pass


def parse_card(code: str) -> Card:
    """A card from its notation (TD-2): K, C, S or U and a number, W5, W99 or GS."""
    c = _ALL.get(str(code).strip().upper())
    if c is None:
        raise CardError(f"{code!r} is not a card: write K, C, S or U with 1-4 or 6-9 (such as S7), "
                        "W5, W99 or GS")
    return c


#: The content models, which lived here before contentmodel.py (issue 16).
_MODELS = ("Content", "Suit", "Special", "Mission", "Cook")


def __getattr__(name: str) -> Any:
    """The content models (``content.Content`` ...) for code that still takes them from here,
    imported on first use: importing this module must import neither pydantic nor them."""
    if name in _MODELS:
        from printkit.games.trickdumpling import contentmodel

        return getattr(contentmodel, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
