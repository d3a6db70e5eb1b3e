"""The cyclic garbage collector run less often while a test module makes much cyclic garbage.

pypdf makes some 40,000 objects for each sheet it parses or writes and cairosvg a tree of nodes
for each SVG it draws, all in reference cycles (objects point back at their reader, writer or
parent). At CPython's default threshold (a collection every 700 new objects) the collector runs
dozens of times during one parse or drawing, promotes the objects still in use to older
generations, and frees them in full collections that walk every long-lived object of the test
process. Measured with ``gc.callbacks`` (issue 16): full collections took ~9 s of the fillable
tests' ~20 s of CPU, and ~1.9 s of the calibration and sheet tests' ~12.5 s; at 20,000 new
objects, ~1.7 s and ~0.4 s. Only when the collector runs changes: the same garbage is freed.

    @pytest.fixture(scope="module", autouse=True)
    def _collect_less_often() -> Iterator[None]:
        with collector.less_often():
            yield
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

THRESHOLD = 20_000


@contextmanager
def less_often(threshold: int = THRESHOLD) -> Iterator[None]:
    """A collection of the youngest generation every ``threshold`` new objects (the older
    generations' thresholds kept); the thresholds in force before are put back after."""
    old = gc.get_threshold()
    gc.set_threshold(threshold, *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)
