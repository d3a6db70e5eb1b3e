"""Which games and components exist: what ``printkit list`` shows and ``printkit make`` makes.

A game registers each component with a function that builds its :class:`Document` from the
print options. The core never imports a game; games import this module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from printkit.core.draw.ops import Document
from printkit.core.draw.page import PrintOptions


@dataclass(frozen=True)
class Component:
    game: str
    name: str
    description: str
    build: Callable[[PrintOptions], Document]
    #: Whether a seed changes what is printed (then it is part of the file name).
    seeded: bool = False


_COMPONENTS: dict[str, dict[str, Component]] = {}


def register(component: Component) -> Component:
    _COMPONENTS.setdefault(component.game, {})[component.name] = component
    return component


def _load_games() -> None:
    # Importing a game registers its components.
    import printkit.games.calibration  # noqa: F401


def games() -> dict[str, dict[str, Component]]:
    _load_games()
    return _COMPONENTS
