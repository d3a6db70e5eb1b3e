"""Where printkit's files live: the project root holds ``fonts/`` and ``layouts/``.

``PRINTKIT_LAYOUTS`` overrides the layouts folder (for designers trying a layout, and tests).
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def fonts_dir() -> Path:
    return ROOT / "fonts"


def layouts_dir() -> Path:
    env = os.environ.get("PRINTKIT_LAYOUTS")
    return Path(env) if env else ROOT / "layouts"
