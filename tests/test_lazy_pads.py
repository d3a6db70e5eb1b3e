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

#: A plain make of every game's score pad and a Roll n Cook sheet, then the modules loaded.
SCRIPT = """
import sys
from printkit.making import make_kit
make_kit("{target}", {components!r}, seed=7, out=__import__("pathlib").Path({out!r}))
print(sorted(m for m in sys.modules if m in ("printkit.core.forms", "printkit.core.score")))
"""

PADS = ["gemblo", "gimbap", "jubako", "trickdumpling"]


def _loaded(tmp_path: Path, target: str, components: list[str]) -> str:
    """The modules of the two a second make loads: the first fills the disk caches (a content file
    read afresh imports printkit.core.game, and with it printkit.core.score)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    script = SCRIPT.format(target=target, components=components, out=str(tmp_path))
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True,
                              check=True)
    return done.stdout.strip().splitlines()[-1]


@pytest.mark.parametrize("game", PADS)
def test_a_plain_pad_imports_no_forms(tmp_path: Path, game: str) -> None:
    assert _loaded(tmp_path, game, ["pad"]) == "[]"


def test_a_plain_sheet_imports_no_forms(tmp_path: Path) -> None:
    assert _loaded(tmp_path, "rollncook", ["sheet"]) == "[]"


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
