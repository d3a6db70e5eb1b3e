"""A game's content: its ``data.yaml`` read into checked pydantic models.

Every game keeps the facts of its components (pieces, cards, dice, meals ...) in one data file
next to its code, and describes that file with models built on :class:`DataModel`.
:func:`read_content` is the one reader: YAML 1.2 through :mod:`printkit.core.yamlio` (whose
parse of the file a later run takes from the disk cache), then the models, then the models' own
cross-checks (:meth:`DataModel.problems`). Every problem is an
:class:`~printkit.errors.InputError` reading like a layout file's:
``printkit/games/x/data.yaml:12: meals.soup.value: expected a valid integer``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from printkit.core.yamlio import key_path, line_for, read_file, validate
from printkit.errors import InputError

if TYPE_CHECKING:
    from printkit.core.datamodel import DataModel

#: Data files larger than this are refused (they are hand-written, a few kB each).
MAX_BYTES = 1_000_000
#: Files under this folder are named relative to it (``printkit/games/x/data.yaml``).
_ROOT = Path(__file__).resolve().parents[2]

M = TypeVar("M", bound="DataModel")


def read_content(path: str | Path, model: type[M], shown: str | None = None) -> M:
    """The data file at ``path`` as a ``model``, checked; every problem is an InputError
    ``FILE:LINE: key.path: problem`` (``shown`` names the file, by default its path from the
    project's folder)."""
    path = Path(path)
    name = shown or _shown(path)
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


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(_ROOT))
    except ValueError:
        return str(path)
