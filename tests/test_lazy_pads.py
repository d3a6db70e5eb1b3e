"""Issue 16: a plain ``printkit make`` draws score pads and Roll n Cook sheets without importing
printkit.core.forms or printkit.core.score (~3 ms of imports and dataclasses): they are imported
where a form field, a violation or a form reader is first made (printkit/core/pads.py, each
game's pad.py ``FORM_READER``, printkit/games/rollncook/form.py). The old names still import."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: A plain make of every game's score pad and a Roll n Cook sheet, one after the other in one
#: process; after each, the two modules already loaded (a make that loads one shows it on its own
#: line, and on every line after it).
SCRIPT = """
import sys
from pathlib import Path
from printkit.making import make_kit
for target, components in {targets!r}:
    make_kit(target, components, seed=7, out=Path({out!r}))
    print("loaded after", target, sorted(m for m in sys.modules if m in ("printkit.core.forms", "printkit.core.score")))
"""

PADS = ["gemblo", "gimbap", "jubako", "trickdumpling"]
TARGETS = [(game, ["pad"]) for game in PADS] + [("rollncook", ["sheet"])]


def _loaded(tmp_path: Path) -> list[str]:
    """Each make's line from a second process: the first fills the disk caches (a content file
    read afresh imports printkit.core.game, and with it printkit.core.score)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    script = SCRIPT.format(targets=TARGETS, out=str(tmp_path))
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True,
                              check=True)
    return [line for line in done.stdout.splitlines() if line.startswith("loaded after ")]


def test_plain_pads_and_a_plain_sheet_import_no_forms(tmp_path: Path) -> None:
    """Every game's plain pad, then a plain Roll n Cook sheet: none loads either module."""
    assert _loaded(tmp_path) == [f"loaded after {target} []" for target, _ in TARGETS]


@pytest.mark.parametrize("game", PADS)
def test_form_reader_still_imports(game: str) -> None:
    """``from printkit.games.GAME.pad import FORM_READER`` works, and gives one reader each time."""
    import importlib

    from printkit.core.forms import FormReader

    pad = importlib.import_module(f"printkit.games.{game}.pad")
    names: dict[str, object] = {}
    exec(f"from printkit.games.{game}.pad import FORM_READER", names)
    from_import = names["FORM_READER"]
    assert isinstance(from_import, FormReader) and from_import.game == game
    assert pad.FORM_READER is from_import
    with pytest.raises(AttributeError):
        pad.NO_SUCH_NAME  # noqa: B018 - an unknown name is still an AttributeError


def test_registered_readers_resolve() -> None:
    """printkit score finds each pad's reader through the registry, as before."""
    from printkit.core.registry import form_readers

    readers = form_readers()
    for game in PADS:
        assert readers[game].game == game and readers[game].pad_prefix
