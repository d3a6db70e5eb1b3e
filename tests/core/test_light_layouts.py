"""Layouts handed out light (printkit/core/layout/kinds.py, issue 16): `load_layout` gives the
layout models' light classes (printkit/core/layout/modelfast.py, written by ``python3 -m
printkit.core.compiled``), from a file or from the disk cache alike, so a `make` whose layouts
are on disk draws without importing pydantic. These tests hold that to the pydantic models:

- the light module is what the compiler writes from today's model.py (else stale);
- every layout under layouts/ loads to light objects equal, field for field and fields set, to
  the pydantic models' load; every component of every game builds the same PDF bytes both ways;
- building every document with the layouts (and content) on disk imports no pydantic;
- a stale or missing light module: the models do the work, and the output is the same;
- a layout the disk cache kept as pydantic models (before this) comes back light.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from printkit.core import compiled, diskcache
from printkit.core.compiled import FastModel
from printkit.core.layout import cache, kinds, load
from printkit.core.resources import layouts_dir
from tests.modeldump import dump

ROOT = Path(__file__).resolve().parents[2]
LAYOUTS = sorted(p.relative_to(layouts_dir()).as_posix() for p in layouts_dir().rglob("*.yaml"))

#: Builds every component of every game; prints each PDF's sha256, then the pydantic modules
#: imported (``sys.argv[1] == "block"``: as if the light module were missing).
BUILD = """
import hashlib, sys
if sys.argv[1:] == ["block"]:
    sys.modules["printkit.core.layout.modelfast"] = None  # importing it fails, as if missing
from printkit.core.draw.page import PrintOptions
from printkit.core.draw.pdf import render_pdf
from printkit.core.registry import games
for game, components in sorted(games().items()):
    for name, component in sorted(components.items()):
        print(game, name, hashlib.sha256(render_pdf(component.build(PrintOptions(seed=7)))).hexdigest())
print("PYDANTIC", sorted(m for m in sys.modules if m.startswith("pydantic")))
"""


def dump_layout(layout: load.Layout) -> Any:
    return [dump(x) for x in (layout.spec, layout.colours, layout.styles, layout.symbols, layout.raw_styles)] + [
        layout.file, layout.lines, layout.sources, layout.homes]


@pytest.fixture
def no_disk(monkeypatch):
    """Layouts read from their files: no disk cache, nothing loaded yet in this process."""
    monkeypatch.setenv("PRINTKIT_CACHE", "0")
    monkeypatch.setattr(load, "_CACHE", {})


def models_only(monkeypatch) -> None:
    """As if the light module were stale: the pydantic models throughout."""
    monkeypatch.setattr(kinds, "light_module", lambda: None)
    monkeypatch.setattr(load, "_CACHE", {})


def _models_in(value: Any):
    if isinstance(value, (BaseModel, FastModel)):
        yield value
        value = list(value.__dict__.values())
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, (list, tuple)):
        for v in value:
            yield from _models_in(v)


def test_the_light_module_is_fresh():
    for module, text in compiled.compile_layouts().items():
        path = compiled.path_of(module)
        assert path.exists() and path.read_text(encoding="utf-8") == text, (
            f"{path.relative_to(ROOT)} is stale: run python3 -m printkit.core.compiled")
    assert kinds.light_module() is not None
    assert compiled.main(["--check"]) == 0  # --check covers it (and every game's)


def test_the_cache_names_pydantic_core_without_importing_it():
    """The disk caches' fingerprint names the installed pydantic-core as importing it would."""
    import pydantic_core

    assert diskcache.pydantic_core_version() == pydantic_core.__version__
    assert all(Path(f).is_file() for f in cache._checkers())


def test_every_layout_loads_light_and_equal_to_the_models(no_disk, monkeypatch):
    light = {name: load.load_layout(name) for name in LAYOUTS}
    models_only(monkeypatch)
    for name in LAYOUTS:
        real = load.load_layout(name)
        got = light[name]
        assert isinstance(real.spec, BaseModel) and isinstance(got.spec, FastModel)
        assert all(isinstance(m, FastModel) for part in (got.spec, got.styles, got.symbols, got.colours)
                   for m in _models_in(part)), name
        assert dump_layout(got) == dump_layout(real), name
        for a, b in zip(_models_in(got.spec), _models_in(real.spec), strict=True):
            assert a.compiled_from == f"{type(b).__module__}.{type(b).__qualname__}"


def test_a_shared_style_stays_shared(no_disk):
    """Lightening keeps one object for one model (the renderer's caches go by identity)."""
    layout = load.load_layout("rollncook/sheet.yaml")
    for name, style in layout.raw_styles.items():
        if style.extends is None:
            assert layout.styles[name] is style


def test_every_component_builds_the_same_pdf_both_ways(no_disk, monkeypatch):
    from printkit.core.draw.page import PrintOptions
    from printkit.core.draw.pdf import render_pdf
    from printkit.core.registry import games

    def build_all() -> dict[str, str]:
        return {f"{g} {n}": hashlib.sha256(render_pdf(c.build(PrintOptions(seed=7)))).hexdigest()
                for g, cs in games().items() for n, c in cs.items()}

    light = build_all()
    models_only(monkeypatch)
    assert build_all() == light


def _build(tmp_path: Path, *args: str) -> tuple[list[str], str]:
    r = subprocess.run([sys.executable, "-c", BUILD, *args], capture_output=True, text=True, cwd=tmp_path,
                       env={**_env(), "XDG_CACHE_HOME": str(tmp_path / "xdg")})
    assert r.returncode == 0, r.stderr[-3000:]
    lines = r.stdout.splitlines()
    return lines[:-1], lines[-1]


def _env() -> dict[str, str]:
    import os

    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("PRINTKIT_CACHE", None)
    return env


def test_building_with_the_layouts_on_disk_imports_no_pydantic(tmp_path):
    """The first run checks the layouts (and content) and keeps them; the second reads them light
    from disk and draws every document without pydantic, to the same bytes. With the light
    module missing, the models do it all, to the same bytes again."""
    first, _ = _build(tmp_path)
    again, imported = _build(tmp_path)
    assert again == first and imported == "PYDANTIC []", imported
    blocked, imported = _build(tmp_path, "block")
    assert blocked == first and "pydantic" in imported


def test_a_stale_light_module_is_not_used(no_disk, monkeypatch):
    """model.py changed since compiling (or modelfast.py is gone): the models' objects, unchanged."""
    module = kinds.light_module()
    assert module is not None
    monkeypatch.setitem(module.SOURCES, next(iter(module.SOURCES)), "0" * 64)
    compiled._fresh.cache_clear()
    try:
        assert kinds.light_module() is None
        layout = load.load_layout("rollncook/sheet.yaml")
        assert isinstance(layout.spec, BaseModel) and all(isinstance(s, BaseModel) for s in layout.styles.values())
        monkeypatch.undo()
        monkeypatch.setattr(compiled, "LAYOUTS_LIGHT", "printkit.core.layout.no_such_module")
        compiled._fresh.cache_clear()
        assert kinds.light_module() is None
        assert kinds.construct("StyleSpec", {"font": "sans"}).font == "sans"
    finally:
        monkeypatch.undo()
        compiled._fresh.cache_clear()
    assert kinds.light_module() is module


def test_a_layout_kept_as_models_comes_back_light(tmp_path, monkeypatch):
    """An entry an earlier printkit kept (pydantic models) is made light, and kept light."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("PRINTKIT_CACHE", raising=False)
    monkeypatch.setattr(cache, "LAYOUTS", diskcache.DiskCache("layouts", cache._checkers))
    monkeypatch.setattr(load, "_CACHE", {})
    with monkeypatch.context() as m:
        models_only(m)
        real = load.load_layout("rollncook/sheet.yaml")
        key = next(k for k in load._CACHE if k[0].endswith("sheet.yaml"))
    assert isinstance(real.spec, BaseModel)
    assert isinstance(cache.get(key).spec, BaseModel)  # kept as the models made it
    monkeypatch.setattr(load, "_CACHE", {})
    monkeypatch.setattr(diskcache, "_hashes", {})

    def refuse(*a, **k):
        raise AssertionError("the layout was parsed, not taken from the cache")

    monkeypatch.setattr(load, "_parse", refuse)
    got = load.load_layout("rollncook/sheet.yaml")
    assert isinstance(got.spec, FastModel) and dump_layout(got) == dump_layout(real)
    assert isinstance(cache.get(key).spec, FastModel)  # kept light from now on


def test_what_the_engine_makes_is_what_the_models_make(monkeypatch):
    """A track's boxes, the default style and a palette's colour: light as the models would be."""
    rect = {"type": "rect", "style": "s", "x": 1.0, "y": 2.0, "w": 3.0, "h": 4.0}
    text = {"type": "text", "text": "7", "style": None, "align": "center", "valign": "middle",
            "x": 1.0, "y": 2.0, "w": 3.0, "h": 4.0}
    light = [kinds.element("RectEl", rect), kinds.element("TextEl", text), kinds.construct("StyleSpec", {"font": "x"}),
             kinds.colour_def({"colour": "#c33"}), kinds.colour_def({"colour": "#c33", "bw": None})]
    models_only(monkeypatch)
    real = [kinds.element("RectEl", rect), kinds.element("TextEl", text), kinds.construct("StyleSpec", {"font": "x"}),
            kinds.colour_def({"colour": "#c33"}), kinds.colour_def({"colour": "#c33", "bw": None})]
    assert all(isinstance(x, FastModel) for x in light) and all(isinstance(x, BaseModel) for x in real)
    assert [dump(x) for x in light] == [dump(x) for x in real]
    with pytest.raises(Exception, match="colour"):
        kinds.colour_def({"color": "#c33"})  # not a colour: the model's own message
