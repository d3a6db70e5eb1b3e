"""Symbol uses' matrices remembered by placement, in arrays (issue 16).

A ``--count`` sheet places its ~160 icons at a few hundred places in all, whichever
ingredients its seed puts there; working each use's matrix out again (lengths and numbers
from filled templates, translations, scales) is a good part of drawing a sheet. A renderer
remembers each placement's matrix here: the key (the element and its filled x, y, rotate and
scale, see render.py) is kept as its 128-bit BLAKE2b digest (:func:`digest`), the matrix as
its six numbers, in an open-addressing table of arrays (at most half full). No Python object is kept an entry, so
the memory a long run holds does not grow a sheet in objects (tests/core/test_pdf_stream.py
counts the interpreter's blocks), and a remembered matrix comes back as a new Matrix of the
same numbers, whole numbers (a translation's 1 and 0) as ints, as they were made.
"""

from __future__ import annotations

from array import array

from printkit.core import digests
from printkit.core.draw.ops import Matrix

_FIELDS = ("a", "b", "c", "d", "e", "f")
#: The kinds of a translation: a, b, c and d ints (1, 0, 0, 1), e and f floats.
_TRANSLATION = 1 | 2 | 4 | 8 | 16


def digest(key: tuple) -> tuple[int, int]:
    """The 128-bit digest (core/digests.py) of ``key``'s repr (a tuple of text and numbers). A
    repr tells every number apart (``-1`` from ``-2``, ``1`` from ``1.0``, ``0.0`` from
    ``-0.0``); Python's ``hash`` would not do: ``hash(-1) == hash(-2)``, and a tuple's hash
    follows its items' hashes.

    >>> digest((7, "12mm", -1)) != digest((7, "12mm", -2))
    True
    """
    return digests.digest(repr(key).encode())


class Placements:
    """At most ``limit`` matrices by the digest of their placement."""

    def __init__(self, limit: int, slots: int = 256) -> None:
        self.limit = limit
        self.count = 0
        self._table(slots)

    def _table(self, slots: int) -> None:
        self.low = array("Q", bytes(8 * slots))
        self.high = array("Q", bytes(8 * slots))
        #: 0: an empty slot; else 1 + a bit for each of the six numbers that was an int
        self.kinds = array("B", bytes(slots))
        self.numbers = array("d", bytes(48 * slots))

    def _slot(self, low: int, high: int) -> int:
        return digests.slot(self.kinds, self.low, self.high, low, high)

    def get(self, low: int, high: int) -> Matrix | None:
        i = self._slot(low, high)
        kinds = self.kinds[i]
        if not kinds:
            return None
        j = 6 * i
        n = self.numbers
        if kinds == 1:  # six floats (a scaled or turned placement)
            return Matrix._of(n[j], n[j + 1], n[j + 2], n[j + 3], n[j + 4], n[j + 5])
        if kinds == _TRANSLATION:  # 1, 0, 0, 1 as ints, then two floats
            return Matrix._of(int(n[j]), int(n[j + 1]), int(n[j + 2]), int(n[j + 3]), n[j + 4], n[j + 5])
        return Matrix._of(*[int(v) if kinds >> (k + 1) & 1 else v for k, v in enumerate(n[j:j + 6])])

    def put(self, low: int, high: int, m: Matrix) -> None:
        """Remember ``m``; nothing once ``limit`` matrices are kept, or for a number that is
        neither exactly an int that a float holds nor exactly a float."""
        vals = [getattr(m, f) for f in _FIELDS]
        kinds = 1
        for k, v in enumerate(vals):
            if type(v) is int and float(v) == v and abs(v) < 2 ** 53:
                kinds |= 1 << (k + 1)
            elif type(v) is not float:
                return
        if self.count >= self.limit:
            return
        if 2 * (self.count + 1) > len(self.kinds):
            self._grow()
        i = self._slot(low, high)
        if not self.kinds[i]:
            self.count += 1
        self.low[i], self.high[i], self.kinds[i] = low, high, kinds
        self.numbers[6 * i:6 * i + 6] = array("d", vals)

    def _grow(self) -> None:
        """Twice the slots, the entries moved one by one."""
        low, high, kinds, numbers = self.low, self.high, self.kinds, self.numbers
        self._table(2 * len(kinds))
        for j, k in enumerate(kinds):
            if k:
                i = self._slot(low[j], high[j])
                self.low[i], self.high[i], self.kinds[i] = low[j], high[j], k
                self.numbers[6 * i:6 * i + 6] = numbers[6 * j:6 * j + 6]
