"""Which classes a checked layout's values are: the layout models' light classes, or the models.

Layout files are checked by the pydantic models of :mod:`.model`; what :func:`~.load.load_layout`
hands out is their light form (the classes of ``modelfast.py``, written by ``python3 -m
printkit.core.compiled``): the same values, fields and fields set, in plain classes. So a layout
kept in the disk cache is unpickled, and drawn, without importing pydantic: importing it,
building the models and pydantic's ``__setstate__`` for every element cost ~70 ms of a
``printkit make``. While ``modelfast.py`` is stale (``model.py`` edited since) or missing, the
pydantic models are used throughout, as before.

This module is the one place that knows which: the rest of the engine reads attributes, and
makes the few values it makes itself (a merged style, the default style, a palette's colour, a
track's boxes) through it. It imports pydantic only on the way back to the models.
"""

from __future__ import annotations

import copy
import types
from typing import Any

from printkit.core.compiled import LAYOUTS, FastModel, light_layout_module, light_tree, stands_for


def light_module() -> types.ModuleType | None:
    """The light classes' module while it is fresh, else None (then the models do the work)."""
    return light_layout_module()


def _models() -> types.ModuleType:
    from printkit.core.layout import model

    return model


def is_light(value: Any) -> bool:
    """Whether ``value`` is a light object (not a pydantic model)."""
    return isinstance(value, FastModel)


def is_a(value: Any, name: str) -> bool:
    """Whether ``value`` is the layout model ``name`` (``ColourDef``...) or its light class."""
    return stands_for(value, f"{LAYOUTS}.{name}")


def lighten(value: Any, memo: dict[int, Any]) -> Any:
    """``value`` with every layout model in it replaced by its light class (a model met twice by
    one light object, ``memo`` keeping them); ``value`` itself while the light classes are stale
    or missing."""
    module = light_module()
    if module is None:
        return value
    return light_tree(value, module, memo)


def fields(cls: type) -> tuple[str, ...]:
    """The fields of ``cls``, a layout model or its light class, in order."""
    return getattr(cls, "compiled_fields", None) or tuple(cls.model_fields)  # type: ignore[attr-defined]


def construct_like(like: Any, values: dict[str, Any], fields_set: set[str]) -> Any:
    """An instance of ``like``'s class holding ``values`` (every field), unchecked, with
    ``fields_set`` as the fields set (pydantic's ``model_construct``)."""
    cls = type(like)
    if issubclass(cls, FastModel):
        return cls.construct_light(values, fields_set)
    return cls.model_construct(_fields_set=fields_set, **values)


def _defaulted(module: types.ModuleType, name: str, values: dict[str, Any]) -> Any:
    """A light ``name`` holding ``values`` and the defaults of the fields they leave out (a fresh
    copy of a list or mapping, as pydantic copies a mutable default); fields set: ``values``'."""
    defaults = {k: copy.copy(v) for k, v in module.DEFAULTS[name].items() if k not in values}
    return getattr(module, name).construct_light({**defaults, **values}, values)


def construct(name: str, values: dict[str, Any]) -> Any:
    """The model ``name`` (``StyleSpec``...) holding ``values``, unchecked, with the defaults
    of the other fields (``model_construct``): light while the light classes are fresh."""
    module = light_module()
    if module is not None:
        return _defaulted(module, name, values)
    return getattr(_models(), name).model_construct(**values)


def element(name: str, values: dict[str, Any]) -> Any:
    """An element the engine makes itself (a track's box): the model ``name`` validated from
    ``values``, or, while the light classes are fresh, a light one holding ``values``, which
    must then be as the model keeps them (lengths as floats in mm), and its defaults."""
    module = light_module()
    if module is not None:
        return _defaulted(module, name, values)
    return getattr(_models(), name)(**values)


def colour_def(value: Any) -> Any:
    """A palette's colour (the data's ``palette``) as a ``ColourDef``: a mapping of a ``colour``
    string and an optional ``bw`` one becomes a light one while the light classes are fresh;
    anything else is validated by the model (its ValidationError says what is wrong)."""
    if is_a(value, "ColourDef"):
        return value
    module = light_module()
    if module is not None and type(value) is dict and type(value.get("colour")) is str \
            and value.keys() <= {"colour", "bw"} and (value.get("bw") is None or type(value["bw"]) is str):
        return module.ColourDef.construct_light({"colour": value["colour"], "bw": value.get("bw")}, set(value))
    return _models().ColourDef.model_validate(value)
