"""The base of a game's content models (pydantic): what :func:`printkit.core.content.read_content`
checks a data file against.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from pydantic import BaseModel, BeforeValidator, ConfigDict


class DataModel(BaseModel):
    """A part of a game's content: unknown keys are errors, values cannot be changed."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    def problems(self) -> Iterator[tuple[tuple, str]]:
        """What the types cannot say (a meal's ingredient must be an ingredient), as
        ``(key path, what is wrong)``; a model with such rules overrides this."""
        return iter(())


def keyed(field: str = "name") -> BeforeValidator:
    """For a mapping of mappings: each inner mapping gets its own key as ``field`` (the key wins), so that
    ``meals: {soup: {value: 2}}`` makes a meal whose ``name`` is ``soup``.

    >>> keyed().func({"soup": {"value": 2}, "odd": 3})
    {'soup': {'value': 2, 'name': 'soup'}, 'odd': 3}
    """
    return BeforeValidator(_fill_keys(field))


def _fill_keys(field: str) -> Callable[[Any], Any]:
    def fill(value: Any) -> Any:
        if not isinstance(value, dict):
            return value
        return {k: {**v, field: k} if isinstance(v, dict) else v for k, v in value.items()}
    return fill
