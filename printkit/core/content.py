"""A game's content: its ``data.yaml`` read into checked pydantic models.

Every game keeps the facts of its components (pieces, cards, dice, meals ...) in one data file
next to its code, and describes that file with models built on :class:`DataModel`.
:func:`read_content` is the one reader: YAML 1.2 through :mod:`printkit.core.yamlio`, then the
models, then the models' own cross-checks (:meth:`DataModel.problems`). Every problem is an
:class:`~printkit.errors.InputError` reading like a layout file's:
``printkit/games/x/data.yaml:12: meals.soup.value: expected a valid integer``.

Content that passed every check is kept on disk (:mod:`printkit.core.diskcache`, folder
``content``) and taken from there while the data file, the module that defines the model and
the printkit modules it takes names from keep their bytes (and this reader and the YAML reader
theirs); a model's validator is then never built, so :class:`DataModel` defers building it to
its first use.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeVar

from printkit.core.diskcache import DiskCache
from printkit.core.yamlio import key_path, line_for, read_file, validate
from printkit.errors import InputError

#: Data files larger than this are refused (they are hand-written, a few kB each).
MAX_BYTES = 1_000_000
#: Files under this folder are named relative to it (``printkit/games/x/data.yaml``).
_ROOT = Path(__file__).resolve().parents[2]

if TYPE_CHECKING:
    from printkit.core.datamodel import DataModel

M = TypeVar("M", bound="DataModel")


def _checkers() -> list[str]:
    from printkit.core import yamlio

    return [__file__, str(yamlio.__file__)]


CONTENT = DiskCache("content", _checkers)


def read_content(path: str | Path, model: type[M] | str, shown: str | None = None) -> M:
    """The data file at ``path`` as a ``model`` (the class, or its ``"module:Model"`` name),
    checked; every problem is an InputError ``FILE:LINE: key.path: problem`` (``shown`` names
    the file, by default its path from the project's folder).

    Where the game's models are compiled (:mod:`printkit.core.compiled`), the content comes back
    as light objects, from the disk cache or from the data file alike, so code sees one kind of
    content; a cached content is then read without importing the model (nor pydantic)."""
    from printkit.core.compiled import light, stands_for

    path = Path(path)
    name = shown or _shown(path)
    module, qualname = model.partition(":")[::2] if isinstance(model, str) else (model.__module__, model.__qualname__)
    key = (str(path.resolve()), name, module, qualname)
    kept = CONTENT.get(key)
    if kept is not None and stands_for(kept, f"{module}.{qualname}"):
        if type(kept).__module__ == module:  # kept before the game was compiled: keep it light now
            content, compiled = light(kept)
            if compiled:
                CONTENT.put(key, [key[0], *_model_files(type(kept)), compiled], content)
            return content
        return kept
    from printkit.core.game import resolve

    cls = resolve(model)
    content, compiled = light(_read(path, cls, name))
    CONTENT.put(key, [key[0], *_model_files(cls), *([compiled] if compiled else [])], content)
    return content


def _read(path: Path, model: type[M], name: str) -> M:
    data, table = read_file(path, name, MAX_BYTES, "data files")
    if not isinstance(data, dict):
        raise InputError(name, "", "expected a mapping of keys at the top (such as version: 1)", 1)
    content = validate(model, data, table, name)
    found = list(content.problems())
    if found:
        loc, message = found[0]
        more = len(found) - 1
        extra = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        raise InputError(name, key_path(loc), message + extra, line_for(table, loc))
    return content


def _model_files(model: type) -> list[str]:
    """The files of the code that checks ``model``: its module and every printkit module that
    module takes a name from (validators, types) or imports whole."""
    module = sys.modules.get(model.__module__)
    files = [getattr(module, "__file__", None)]
    for value in vars(module).values() if module else ():
        home = value.__name__ if isinstance(value, ModuleType) else getattr(value, "__module__", None)
        if isinstance(home, str) and home.split(".")[0] == "printkit":
            files.append(getattr(sys.modules.get(home), "__file__", None))
    return sorted({str(f) for f in files if f}) if all(files[:1]) else ["?"]


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(_ROOT))
    except ValueError:
        return str(path)


def __getattr__(name: str) -> Any:
    """``DataModel`` and ``keyed``, which live in :mod:`printkit.core.datamodel` (pydantic), for
    a game that still takes them from here."""
    if name in ("DataModel", "keyed"):
        from printkit.core import datamodel

        return getattr(datamodel, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
