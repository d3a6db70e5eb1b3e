"""A model tree as plain data, for tests comparing what pydantic's models and their compiled
light classes (printkit/core/compiled.py) give for the same input."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from printkit.core.compiled import FastModel


def dump(value: Any) -> Any:
    """``value`` as plain data with its classes' names and fields set: what must be equal."""
    if isinstance(value, (BaseModel, FastModel)):
        return (type(value).__name__, {k: dump(v) for k, v in value.__dict__.items()},
                sorted(value.__pydantic_fields_set__))
    if isinstance(value, dict):
        return {k: dump(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, [dump(v) for v in value])
    return value
