"""The printer check: not a game, the first thing a user prints.

- ``page``: rulers, squares, a poker card with bleed and crop marks, a 20 mm hexagon, the
  colours each beside its ``--bw`` print (the pattern of its grey) and the fonts; everything
  measures what it says.
- ``duplex``: four cards printed double-sided; their backs show how far the printer shifts
  the back side, which is the ``--duplex-offset`` to use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.core.registry import Component, register

if TYPE_CHECKING:
    from printkit.core.draw.page import PrintOptions

GAME = "calibration"


def _bw_swatch(cv, data, w: float, h: float):
    """The slot ``bw-swatch``: the colour ``data["c"]`` as ``--bw`` prints it, its grey's
    pattern, in colour output too (a swatch of flat grey would show what is never printed)."""
    from dataclasses import replace

    from printkit.core.draw.ops import Rect

    style = replace(cv.style("swatch"), fill=cv.colour(f"bw:{data['c']}"))
    return cv.low_ink([Rect(0, 0, w, h, style)])


def _layout(component: str, layout: str):
    def build(opts: PrintOptions):
        from printkit.core.build import build_document  # on first use: layouts and drawing (issue 16)
        from printkit.core.draw.page import FooterInfo

        return build_document(layout, opts, FooterInfo(GAME, component), {"slots": {"bw-swatch": _bw_swatch}})

    return build


register(Component(GAME, "page", "rulers, squares, card, hexagon, colours and fonts to check scale",
                   _layout("page", "calibration/page.yaml")))
register(Component(GAME, "duplex", "double-sided cards that measure your printer's --duplex-offset",
                   _layout("duplex", "calibration/duplex.yaml")))
