"""core/collector.py: while documents are made the collector's young threshold is raised (fewer
collections), never lowered, always put back, and cyclic garbage is still collected."""

import gc
import weakref

import pytest

from printkit.core.collector import YOUNG, fewer_collections


class Node:
    pass


def test_raised_inside_and_put_back(monkeypatch):
    before = gc.get_threshold()
    with fewer_collections():
        assert gc.get_threshold() == (max(YOUNG, before[0]), *before[1:])
    assert gc.get_threshold() == before
    with pytest.raises(RuntimeError), fewer_collections():
        raise RuntimeError("stopped")
    assert gc.get_threshold() == before


def test_never_lowered():
    before = gc.get_threshold()
    try:
        gc.set_threshold(50_000, 7, 9)
        with fewer_collections():
            assert gc.get_threshold() == (50_000, 7, 9)
        assert gc.get_threshold() == (50_000, 7, 9)
    finally:
        gc.set_threshold(*before)


def test_cycles_are_still_collected():
    assert gc.isenabled()
    with fewer_collections():
        refs = []
        for _ in range(50):
            a, b = Node(), Node()
            a.other, b.other = b, a  # a cycle: only the collector frees it
            refs.append(weakref.ref(a))
            del a, b
        junk = [[] for _ in range(5 * YOUNG)]  # enough new containers for young collections
        del junk
        assert sum(r() is None for r in refs) == 50


def test_make_builds_and_writes_inside_it(tmp_path):
    from printkit import making
    from printkit.core.draw.ops import Document, Page
    from printkit.core.draw.page import PrintOptions

    seen = []

    class Comp:
        game, name, seeded = "toy", "thing", False

        def file_suffix(self, own):
            return ""

        def build(self, opts):
            seen.append(gc.get_threshold()[0])
            return Document([Page(210, 297, [])], {}, "t")

    before = gc.get_threshold()
    paths = making.make_one(Comp(), {}, PrintOptions(), ("pdf",), tmp_path)
    assert seen == [max(YOUNG, before[0])] and gc.get_threshold() == before
    assert paths[0].read_bytes().startswith(b"%PDF")
