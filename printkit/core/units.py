"""Lengths. Everything inside printkit is in millimetres; other units are converted at the edges.

>>> parse_length("1in")
25.4
>>> round(parse_length("72pt"), 6)
25.4
>>> parse_length(12)
12.0
"""

from __future__ import annotations

import re

from printkit.core.limits import MAX_DIGITS, MAX_TEXT

MM_PER_IN = 25.4
PT_PER_MM = 72.0 / MM_PER_IN
MM_PER_PT = MM_PER_IN / 72.0

UNITS = {"mm": 1.0, "cm": 10.0, "in": MM_PER_IN, "pt": MM_PER_PT}

#: A length's text, stripped: linear on any input (no two parts can take the same characters);
#: ASCII digits only (``\d`` alone would take any script's digits, which float() reads).
_LENGTH = re.compile(r"([-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)\s*(mm|cm|in|pt)?", re.ASCII)


def parse_length(value: float | int | str, default_unit: str = "mm") -> float:
    """A length in mm from a number (in ``default_unit``) or a string such as ``"3.5mm"``.

    Raises ValueError with the accepted forms when the value is not a length.
    """
    if isinstance(value, bool):
        raise ValueError("expected a length such as 12mm, 0.5in or 36pt, not a boolean")
    if isinstance(value, (int, float)):
        return float(value) * UNITS[default_unit]
    if isinstance(value, str):
        m = _LENGTH.fullmatch(value.strip()) if len(value) <= MAX_TEXT else None
        if m and len(m.group(1)) > MAX_DIGITS:
            raise ValueError(f"a number of more than {MAX_DIGITS} digits")
        if m:
            return float(m.group(1)) * UNITS[m.group(2) or default_unit]
        shown = value if len(value) <= 40 else value[:40] + "..."
        raise ValueError(f"expected a length such as 12mm, 0.5in or 36pt, got {shown!r}")
    raise ValueError(f"expected a length such as 12mm, 0.5in or 36pt, got {value!r}")


def mm_to_pt(mm: float) -> float:
    return mm * PT_PER_MM


def pt_to_mm(pt: float) -> float:
    return pt * MM_PER_PT
