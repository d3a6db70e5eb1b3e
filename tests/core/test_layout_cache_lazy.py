"""A layout from the disk cache keeps its tables of where each key is written (``lines``,
``homes``: read only for messages) pickled until first asked for (core/layout/load.py,
_KeptLayout): it is equal to the layout loaded from its files, and places every message at
the same file and line, its own or an include's."""

import pickle

import pytest

from printkit.core.layout import load
from tests.core.test_layout_cache import fresh_run

LIB = "styles:\n  s: {stroke_width: 1mm, fill: '#c33'}\nsymbols:\n  dot:\n    elements:\n      - circle: {x: 0, y: 0, r: 1}\n"
TOP = ("include: [lib.yaml]\nsize: [100mm, 50mm]\npages:\n  - elements:\n"
       "      - rect: {x: 1, y: 2, w: 3, h: 4, style: s}\n      - frame: {x: 5, y: 6, elements: [{use: {symbol: dot}}]}\n")
OUTER = "include: [top.yaml]\nsize: [100mm, 50mm]\npages:\n  - elements:\n      - frame: {x: 1, y: 1, elements: [{use: {symbol: dot}}]}\n"
#: Key paths of TOP and of what it includes.
WHERE = ["pages[0].elements[0].rect.w", "pages[0].elements[1].frame.elements[0].use.symbol", "symbols.dot.elements[0].circle.r",
         "styles.s.fill", "size[1]", "nowhere[3].at.all"]


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("PRINTKIT_CACHE", raising=False)
    (tmp_path / "lib.yaml").write_text(LIB)
    (tmp_path / "top.yaml").write_text(TOP)
    return tmp_path


def test_a_kept_layout_is_the_loaded_one_and_places_messages_alike(folder, monkeypatch):
    first = load.load_layout(folder / "top.yaml")
    assert type(first) is load.Layout
    fresh_run(monkeypatch)
    again = load.load_layout(folder / "top.yaml")
    assert isinstance(again, load._KeptLayout)
    assert not any(k in vars(again) for k in load._FOR_MESSAGES)  # still pickled
    assert again.spec == first.spec and again.styles == first.styles and again.symbols == first.symbols
    assert [again.place(w) for w in WHERE] == [first.place(w) for w in WHERE]
    assert again.place("symbols.dot.elements[0].circle.r")[0].endswith("lib.yaml")
    assert vars(again)["_lazy"] is None and again.lines == first.lines and again.homes == first.homes
    assert again == first and first == again and again != load.Layout("x", first.spec)
    assert load._KeptLayout.__hash__ is None


def test_an_including_layout_takes_a_kept_layouts_tables(folder, monkeypatch):
    load.load_layout(folder / "top.yaml")  # kept: top and lib
    fresh_run(monkeypatch)
    (folder / "outer.yaml").write_text(OUTER)
    outer = load.load_layout(folder / "outer.yaml")  # parsed, including the kept top
    assert type(outer) is load.Layout
    file, line = outer.place("symbols.dot.elements[0].circle.r")
    assert file.endswith("lib.yaml") and line == 6


def test_a_kept_layout_pickles_and_copies_as_it_is(folder, monkeypatch):
    first = load.load_layout(folder / "top.yaml")
    fresh_run(monkeypatch)
    again = load.load_layout(folder / "top.yaml")
    twice = pickle.loads(pickle.dumps(again))
    assert twice == first and twice.place(WHERE[0]) == first.place(WHERE[0])
    moved = load.replace(again, file="elsewhere.yaml")
    assert moved.lines == first.lines and moved.file == "elsewhere.yaml"
    with pytest.raises(AttributeError):
        again.no_such_attribute  # noqa: B018
