"""Text sizing is remembered per box (core/text.py ``_SIZED``): a remembered answer is the one
laid out afresh, for every setting that decides it."""

import itertools

import pytest

from printkit.core import text as T
from printkit.core.text import TextBox, TextFitError, layout_text

LONG = "Dumpling masters do not share their secret recipes"


def boxes():
    for w, wrap, shrink, h, size, min_size in itertools.product(
            (None, 25.0, 40, 100.0), (True, False), (False, True), (None, 8.0), (4, 4.0, 5.5), (1.5, 3)):
        yield TextBox(-0.0, 2, LONG, size=size, w=w, h=h, wrap=wrap, shrink=shrink, min_size=min_size,
                      align="center" if w else "left", valign="middle" if h else "top")


def fresh(box):
    T._SIZED.clear()
    try:
        return repr(layout_text(box))
    except TextFitError as e:
        return f"error: {e}"


def test_remembered_sizes_equal_fresh_ones():
    expected = [fresh(b) for b in boxes()]
    T._SIZED.clear()
    for _ in range(2):  # every box twice, in one cache: hits across boxes that differ
        got = []
        for b in boxes():
            try:
                got.append(repr(layout_text(b)))
            except TextFitError as e:
                got.append(f"error: {e}")
        assert got == expected
    assert any(s.startswith("error") for s in expected) and len(set(expected)) > 20


def test_a_remembered_text_still_warns_once_warnings_are_reset(capsys, monkeypatch):
    box = TextBox(0, 0, "snow \u2603\U0001f95f", size=4, w=50)
    layout_text(box)
    capsys.readouterr()
    monkeypatch.setattr(T, "_warned", {})
    layout_text(box)  # from the cache
    assert "U+1F95F" in capsys.readouterr().err


def test_the_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(T, "_SIZED_MAX", 10)
    T._SIZED.clear()
    for i in range(35):
        layout_text(TextBox(0, 0, f"page {i} of 35", size=3))
    assert 0 < len(T._SIZED) <= 10


@pytest.fixture(autouse=True)
def _clean():
    yield
    T._SIZED.clear()
