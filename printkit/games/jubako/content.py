"""Jubako's content from data.yaml: delicacies, the tile set, the boards.

>>> len(CONTENT.doubles), len(set(CONTENT.doubles)), len(CONTENT.delicacies)
(78, 66, 12)
>>> CONTENT.tiles_in_play(2), CONTENT.tiles_in_play(4)
(50, 76)
"""

from __future__ import annotations

from pathlib import Path

from printkit.core.content import read_content

DATA = Path(__file__).with_name("data.yaml")
#: The models are in contentmodel.py (pydantic) and their properties in contentbase.py: named
#: here, not imported, so that a run that finds the content on disk needs no pydantic (issue 16).
CONTENT = read_content(DATA, "printkit.games.jubako.contentmodel:Content")
