"""Colours, with the grey that replaces each one in black-and-white (low-ink) output.

>>> Colour.parse("#ff0000").hex
'#ff0000'
>>> Colour.parse("#f00").grey().hex
'#363636'
>>> Colour.parse("#1f77b4").cmyk()
(0.8278, 0.3389, 0.0, 0.2941)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_HEX = re.compile(r"^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")

NAMED = {
    "black": "#000000",
    "white": "#ffffff",
    "grey": "#808080",
    "gray": "#808080",
}


@dataclass(frozen=True)
class Colour:
    """An sRGB colour with channels from 0 to 1."""

    r: float
    g: float
    b: float

    @classmethod
    def parse(cls, text: str) -> Colour:
        """From ``#rgb``, ``#rrggbb`` or one of a few names (black, white, grey)."""
        text = NAMED.get(text.strip().lower(), text.strip())
        m = _HEX.match(text)
        if not m:
            raise ValueError(f"expected a colour such as #1f77b4, #000 or black, got {text!r}")
        h = m.group(1)
        if len(h) == 3:
            h = "".join(c * 2 for c in h)
        return cls(int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255)

    @property
    def hex(self) -> str:
        return "#" + "".join(f"{round(c * 255):02x}" for c in (self.r, self.g, self.b))

    @property
    def luminance(self) -> float:
        """Relative luminance (Rec. 709 weights on the sRGB values), 0 black to 1 white."""
        return 0.2126 * self.r + 0.7152 * self.g + 0.0722 * self.b

    def grey(self) -> Colour:
        """The grey of the same lightness: the default black-and-white alternative."""
        v = round(self.luminance * 255) / 255
        return Colour(v, v, v)

    @property
    def is_grey(self) -> bool:
        return self.r == self.g == self.b

    def cmyk(self) -> tuple[float, float, float, float]:
        """The colour in cyan, magenta, yellow and black ink (0 to 1, four decimals), for
        ``--cmyk``: the profile-free conversion with all the grey in black, ``k = 1 - max(r, g,
        b)`` and ``c = (1 - r - k) / (1 - k)`` (likewise m and y). A grey is black ink only
        (black is ``(0, 0, 0, 1)``, never four-colour black), a colour carries at most 200% ink,
        and the same colour always gives the same four numbers."""
        return _cmyk(self.r, self.g, self.b)


def _cmyk(r: float, g: float, b: float) -> tuple[float, float, float, float]:
    k = 1.0 - max(r, g, b)
    if k >= 1.0:
        return (0.0, 0.0, 0.0, 1.0)
    return (round((1.0 - r - k) / (1.0 - k), 4) + 0.0, round((1.0 - g - k) / (1.0 - k), 4) + 0.0,
            round((1.0 - b - k) / (1.0 - k), 4) + 0.0, round(k, 4) + 0.0)


BLACK = Colour(0.0, 0.0, 0.0)
WHITE = Colour(1.0, 1.0, 1.0)


@dataclass(frozen=True)
class ColourPair:
    """A colour and the grey used for it in ``--bw`` output."""

    colour: Colour | None
    bw: Colour | None

    def pick(self, bw: bool) -> Colour | None:
        return self.bw if bw else self.colour
