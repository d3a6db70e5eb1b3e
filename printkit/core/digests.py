"""128-bit digests kept in arrays: the keys of printkit's open-addressing tables that hold no
Python object an entry (symbol placements, core/layout/placements.py), so a long run's memory
does not grow an entry in objects.

A key is kept as the BLAKE2b digest (16 bytes) of its bytes, as two 64-bit ints in two
``array("Q")``; two different keys agree about once in 2**128 pairs.
"""

from __future__ import annotations

from array import array
from hashlib import blake2b
from typing import Any


def digest(data: bytes) -> tuple[int, int]:
    """The 128-bit BLAKE2b digest of ``data`` as two 64-bit ints.

    >>> digest(b"a") != digest(b"b") and all(0 <= h < 2**64 for h in digest(b"a"))
    True
    """
    d = blake2b(data, digest_size=16).digest()
    return int.from_bytes(d[:8], "little"), int.from_bytes(d[8:], "little")


def slot(used: Any, lows: array, highs: array, low: int, high: int) -> int:
    """The slot of the digest (``low``, ``high``) in a table of ``len(used)`` slots (a power of
    two; ``used[i]`` is 0 for an empty slot): where it is, or the empty slot it would take
    (linear probing; the table is kept at most half full).

    >>> used, lows, highs = array("B", bytes(4)), array("Q", bytes(32)), array("Q", bytes(32))
    >>> i = slot(used, lows, highs, 5, 7); used[i], lows[i], highs[i] = 1, 5, 7
    >>> slot(used, lows, highs, 5, 7) == i, slot(used, lows, highs, 9, 7) != i
    (True, True)
    """
    mask = len(used) - 1
    i = low & mask
    while used[i] and (lows[i] != low or highs[i] != high):
        i = (i + 1) & mask
    return i
