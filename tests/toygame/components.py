"""Nim's printable pile: its own layout file (layouts/pile.yaml) with the stones as data."""

from __future__ import annotations

from pathlib import Path

from printkit.core.build import build_document
from printkit.core.draw.ops import Document
from printkit.core.draw.page import FooterInfo, PrintOptions

LAYOUT = Path(__file__).parent / "layouts" / "pile.yaml"


def build_pile(opts: PrintOptions, stones: int = 15) -> Document:
    return build_document(str(LAYOUT), opts, FooterInfo("nim", "pile"), data={"stones": list(range(stones))})
