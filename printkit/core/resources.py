"""Where printkit's files live: ``fonts/``, ``layouts/``, ``docs/rules/`` and ``examples/``.

In a checkout they are the top-level folders beside the package (the source, edited there, and
what an editable install reads). An installed package (a wheel, ``pip install .``, ``pipx``)
carries copies of them in ``printkit/_data/`` (setup.py's build step puts them there). The
checkout's folders come first, so a change to a layout shows at once when working from one.

``PRINTKIT_LAYOUTS`` overrides the layouts folder (for designers trying a layout, and tests).
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

#: The folder holding the package: a checkout's root, or site-packages when installed.
ROOT = Path(__file__).resolve().parents[2]
#: The copies an installed package carries.
PACKAGED = ROOT / "printkit" / "_data"


@functools.cache
def in_checkout() -> bool:
    """Whether the package runs from a checkout (the project's pyproject.toml beside it): asked
    once a process (two stats; ``make all`` asks ~80 times, at every layout and font it finds)."""
    return (ROOT / "pyproject.toml").is_file() and (ROOT / "layouts").is_dir()


def data_dir(relative: str) -> Path:
    """A shipped folder (``"layouts"``, ``"fonts"``, ``"docs/rules"``, ``"examples"``): the checkout's,
    else the package's."""
    return (ROOT if in_checkout() else PACKAGED) / relative


def fonts_dir() -> Path:
    return data_dir("fonts")


def layouts_dir() -> Path:
    env = os.environ.get("PRINTKIT_LAYOUTS")
    return Path(env) if env else data_dir("layouts")
