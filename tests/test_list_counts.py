"""``printkit list``: page counts are built on first use and kept in the disk cache
(printkit/listing.py), keyed by what they depend on; a listing from the cache builds nothing and
imports no drawing, and says what building says."""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from printkit import listing
from printkit.core import registry

ROOT = Path(__file__).resolve().parents[1]

#: Modules a listing from the cache must not import: drawing, fonts, layouts, the games' drawing code.
HEAVY = ("reportlab", "pypdf", "fontTools", "PIL", "svgwrite", "yaml", "printkit.core.draw",
         "printkit.core.layout", "printkit.core.build", "printkit.core.fonts", "printkit.core.text",
         "printkit.core.content", "printkit.core.output")


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A disk cache of this test's own, and the package's own components only (another test file
    may have registered the toy game when it was collected: tests/web/test_core_api.py)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("PRINTKIT_CACHE", raising=False)
    own: dict[str, dict[str, registry.Component]] = {}
    for comps in registry.games().values():
        for comp in comps.values():
            if listing.build_name(comp.build).startswith("printkit."):
                own.setdefault(comp.game, {})[comp.name] = comp
    monkeypatch.setattr(registry, "_COMPONENTS", own)
    return tmp_path / "cache"


def _counting(monkeypatch: pytest.MonkeyPatch, pages: int | None = None) -> list[tuple]:
    """Each count built from now on, recorded; ``pages`` for every count instead of building."""
    calls: list[tuple] = []
    real = listing.built_pages

    def built(comp, *args):
        calls.append((comp.game, comp.name, *args))
        return (pages, pages) if pages is not None else real(comp, *args)

    monkeypatch.setattr(listing, "built_pages", built)
    return calls


def _counts(lines: list[str]) -> dict[tuple[str, str], str]:
    """(game, component): its pages A4/Letter, from the component lines (not the total's)."""
    return {(ln.split()[0], ln.split()[1]): ln.split()[2] for ln in lines[2:]
            if not ln.startswith((" ", "all "))}


def test_counts_are_built_once_then_come_from_the_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting(monkeypatch)
    built = list(listing.listing(show_settings=True))
    n = sum(len(comps) for comps in registry.games().values())
    assert len(calls) == 2 * n >= 50  # every component on A4 and Letter
    counts = _counts(built)
    assert counts["calibration", "page"] == "1/1" and counts["trickdumpling", "cards"] == "8/10"
    calls.clear()
    assert list(listing.listing(show_settings=True)) == built and calls == []  # same lines, nothing built


def test_a_count_is_kept_for_what_it_depends_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A component registered otherwise (a setting's default), other --bleed or --crop-marks, and
    edited layouts (PRINTKIT_LAYOUTS, or the checkout's) are counted again."""
    _counting(monkeypatch, pages=99)
    list(listing.listing())  # the cache filled with 99s
    calls = _counting(monkeypatch, pages=7)
    assert set(_counts(list(listing.listing())).values()) == {"99/99"} and calls == []  # from the cache

    dice = registry.games()["gimbap"]["dice"]
    edge = dataclasses.replace(dice.settings["edge"], default="20mm")  # not the shipped 25 mm
    monkeypatch.setitem(registry.games()["gimbap"], "dice", dataclasses.replace(dice, settings={"edge": edge}))
    counts = _counts(list(listing.listing()))
    assert counts.pop(("gimbap", "dice")) == "7/7" and set(counts.values()) == {"99/99"}
    assert calls == [("gimbap", "dice", "a4", 0.0, True), ("gimbap", "dice", "letter", 0.0, True)]

    for options in ({"bleed": 3.0}, {"crop_marks": False}):
        assert set(_counts(list(listing.listing(**options))).values()) == {"7/7"}, options

    layouts = tmp_path / "layouts"
    shutil.copytree(ROOT / "layouts", layouts)
    monkeypatch.setenv("PRINTKIT_LAYOUTS", str(layouts))
    counts = _counts(list(listing.listing()))  # the same bytes elsewhere: the same counts
    assert counts[("gimbap", "tokens")] == "99/99" and counts[("gimbap", "dice")] == "7/7"
    with (layouts / "common.yaml").open("a", encoding="utf-8") as f:
        f.write("# a comment\n")
    assert set(_counts(list(listing.listing())).values()) == {"7/7"}


def test_with_the_cache_off_every_count_is_built(monkeypatch: pytest.MonkeyPatch, own_cache: Path) -> None:
    monkeypatch.setenv("PRINTKIT_CACHE", "0")
    calls = _counting(monkeypatch, pages=5)
    list(listing.listing())
    first = len(calls)
    assert set(_counts(list(listing.listing())).values()) == {"5/5"} and len(calls) == 2 * first > 0
    assert not own_cache.exists()


# -- the command as a user runs it ------------------------------------------------------------

PROBE = """
import json, sys
from printkit.cli import main
sys.argv[:] = ["printkit", *{args!r}]
try:
    main()
finally:
    print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def _probe(args: list[str], cache: Path, **env: str) -> tuple[int, bytes, bytes, set[str]]:
    p = subprocess.run([sys.executable, "-c", PROBE.format(args=args)], capture_output=True, cwd=ROOT,
                       env={**os.environ, "XDG_CACHE_HOME": str(cache), **env}, timeout=120)
    *err, modules = p.stderr.splitlines(keepends=True)
    return p.returncode, p.stdout, b"".join(err), set(json.loads(modules))


@pytest.fixture(scope="module")
def first_listing(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, tuple[int, bytes, bytes, set[str]]]:
    """``printkit list`` run once in a new process on an empty disk cache (it builds every count,
    ~3 s): the cache it filled and what it said. The tests below start from a copy of that cache."""
    cache = tmp_path_factory.mktemp("listed") / "cache"
    return cache, _probe(["list"], cache)


def _warm(own_cache: Path, first_listing: tuple[Path, tuple]) -> tuple[int, bytes, bytes, set[str]]:
    shutil.copytree(first_listing[0], own_cache)
    return first_listing[1]


def test_list_from_the_cache_imports_no_drawing(own_cache: Path, first_listing) -> None:
    first = _warm(own_cache, first_listing)
    assert first[0] == 0 and first[2] == b"" and b"trickdumpling cards" in first[1]
    assert "printkit.core.draw.page" in first[3]  # the first run built the counts
    for args in (["list"], ["list", "--settings"]):
        again = _probe(args, own_cache)
        assert again[0] == 0 and again[2] == b"" and b"trickdumpling cards" in again[1], args
        assert again[1] == first[1] or args != ["list"]
        assert not {m for m in again[3] if m.startswith(HEAVY) or m.endswith((".components", ".pad"))}, args


def test_a_game_from_elsewhere_is_listed(own_cache: Path, first_listing) -> None:
    """tests/toygame (PRINTKIT_GAMES): its pile is built and listed with its settings (the
    package's own counts come from the cache)."""
    _warm(own_cache, first_listing)
    code, out, err, _ = _probe(["list", "--settings"], own_cache, PRINTKIT_GAMES="tests.toygame", PYTHONPATH=str(ROOT))
    assert code == 0 and err == b""
    assert b"\nnim           pile        1/1" in out and b"--set stones=VALUE" in out


def test_python_m_printkit_list_and_its_errors(own_cache: Path, first_listing) -> None:
    """``python -m printkit list`` (its counts from the cache: building them is the first
    listing's); a game module that cannot be found: one line after the heading, exit code 2."""
    _warm(own_cache, first_listing)
    env = {**os.environ, "XDG_CACHE_HOME": str(own_cache)}
    ok = subprocess.run([sys.executable, "-m", "printkit", "list"], capture_output=True, cwd=ROOT, env=env, timeout=120)
    assert ok.returncode == 0 and ok.stdout.startswith(b"Paper: A4 210 x 297 mm") and ok.stderr == b""
    bad = subprocess.run([sys.executable, "-m", "printkit", "list"], capture_output=True, cwd=ROOT, timeout=120,
                         env={**env, "PRINTKIT_GAMES": "no_such_game_module"})
    assert bad.returncode == 2 and bad.stderr.count(b"\n") == 1 and b"no_such_game_module" in bad.stderr
    assert bad.stdout.startswith(b"Paper: ")


def test_a_component_printed_with_another_is_counted_there_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Jubako's and Gimbap's tokens have a line of their own (made alone) but the total of 'make
    all' counts their paper with the tiles and the lessons, whose sheets carry them, and says so."""
    _counting(monkeypatch, pages=3)
    lines = list(listing.listing())
    comps = [c for cs in registry.games().values() for c in cs.values()]
    own = [c for c in comps if not c.printed_with]
    assert len(own) == len(comps) - 2 and _counts(lines)["jubako", "tokens"] == _counts(lines)["gimbap", "tokens"] == "3/3"
    (total,) = [ln for ln in lines if ln.startswith("all ")]
    assert total.split()[1] == f"{3 * len(own)}/{3 * len(own)}"
    assert "'make all' and 'make jubako' print jubako tokens on the sheets of jubako tiles" in total
    assert "'make all' and 'make gimbap' print gimbap tokens on the sheets of gimbap lessons" in total
