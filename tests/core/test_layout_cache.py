"""Layout files parsed by an earlier run come from the disk cache (printkit/core/yamlio.py's
read_file, printkit/core/diskcache.py): an entry is plain JSON, found by the sha256 of the
file's text (so an edited file is parsed again), rebuilt when unreadable, and never changes
what a layout is or where its messages point."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from printkit.core import diskcache, yamlio
from printkit.core.layout import load
from printkit.errors import InputError

LIB = "styles:\n  s: {stroke_width: 1mm, fill: '#c33'}\nsymbols:\n  dot:\n    elements:\n      - circle: {x: 0, y: 0, r: 1}\n"
TOP = ("include: [lib.yaml]\nsize: [100mm, 50mm]\npages:\n  - elements:\n"
       "      - rect: {x: 1, y: 2, w: 3, h: 4, style: s}\n      - frame: {x: 5, y: 6, elements: [{use: {symbol: dot}}]}\n")
#: Key paths of TOP and of what it includes.
WHERE = ["pages[0].elements[0].rect.w", "pages[0].elements[1].frame.elements[0].use.symbol",
         "symbols.dot.elements[0].circle.r", "styles.s.fill", "size[1]", "nowhere[3].at.all"]


@pytest.fixture
def cached(tmp_path, monkeypatch):
    """A cache folder of its own, and a layout with an include."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("PRINTKIT_CACHE", raising=False)
    yamlio._parsed.cache_clear()
    (tmp_path / "lib.yaml").write_text(LIB)
    (tmp_path / "top.yaml").write_text(TOP)
    yield tmp_path
    yamlio._parsed.cache_clear()


def fresh_run(monkeypatch) -> None:
    """Forget what this process loaded, as a new run would."""
    monkeypatch.setattr(load, "_CACHE", {})
    monkeypatch.setattr(diskcache, "_hashes", {})
    yamlio._parsed.cache_clear()


def no_parsing(monkeypatch) -> None:
    def refuse(*a, **k):
        raise AssertionError("the layout was parsed, not taken from the cache")
    monkeypatch.setattr(yamlio, "parse_text", refuse)


def entries(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "xdg" / "printkit" / "parsed").glob("*/*.json"))


def test_a_second_run_takes_the_parsed_files_from_disk(cached, monkeypatch):
    first = load.load_layout(cached / "top.yaml")
    assert len(entries(cached)) == 2  # the layout and its include
    for e in entries(cached):  # plain data: the document and its key-path-to-line table
        entry = json.loads(diskcache.entry_body(e.read_bytes()) or b"")
        assert set(entry) == {"key", "sources", "value"} and isinstance(entry["value"][0], dict)
    fresh_run(monkeypatch)
    no_parsing(monkeypatch)
    again = load.load_layout(cached / "top.yaml")
    assert again is not first
    assert again == first and again.spec == first.spec and again.styles == first.styles
    assert again.sources == first.sources and again.lines == first.lines and again.homes == first.homes
    assert again.styles["s"].stroke_width == 1
    # every message is placed alike, at its own file's line or an include's
    assert [again.place(w) for w in WHERE] == [first.place(w) for w in WHERE]
    file, line = again.place("symbols.dot.elements[0].circle.r")
    assert file.endswith("lib.yaml") and line == 6


def test_a_changed_include_is_read_again(cached, monkeypatch):
    load.load_layout(cached / "top.yaml")
    fresh_run(monkeypatch)
    (cached / "lib.yaml").write_text(LIB.replace("1mm", "2.5mm"))
    assert load.load_layout(cached / "top.yaml").styles["s"].stroke_width == 2.5
    fresh_run(monkeypatch)
    no_parsing(monkeypatch)  # the new text has its entry now
    assert load.load_layout(cached / "top.yaml").styles["s"].stroke_width == 2.5


def test_an_unreadable_entry_is_ignored_and_rebuilt(cached, monkeypatch):
    first = load.load_layout(cached / "top.yaml")
    for e in entries(cached):
        e.write_bytes(b'{"key": ["cut sh')
    fresh_run(monkeypatch)
    assert load.load_layout(cached / "top.yaml") == first
    for e in entries(cached):
        entry = json.loads(diskcache.entry_body(e.read_bytes()) or b"")  # whole again
        assert len(entry["key"][0]) == 64


def test_an_entry_for_another_key_is_not_used(cached, monkeypatch):
    """An entry that does not name the key it is looked up for (another text) is not used."""
    load.load_layout(cached / "top.yaml")
    for e in entries(cached):
        entry = json.loads(diskcache.entry_body(e.read_bytes()) or b"")
        e.write_bytes(diskcache.entry_bytes(json.dumps({**entry, "key": ["0" * 64]}).encode()))
    fresh_run(monkeypatch)
    no_parsing(monkeypatch)
    with pytest.raises(AssertionError, match="parsed"):
        load.load_layout(cached / "top.yaml")


def test_broken_layouts_still_fail_the_same(cached, monkeypatch):
    (cached / "top.yaml").write_text(TOP.replace("rect:", "rectangle:"))
    errors = []
    for _ in range(2):
        fresh_run(monkeypatch)
        with pytest.raises(InputError, match="unknown element 'rectangle'") as e:
            load.load_layout(cached / "top.yaml")
        errors.append(str(e.value))
    assert errors[0] == errors[1] and ":5:" in errors[0]  # the line, from the kept table too
    (cached / "top.yaml").write_text("pages: [\n")  # not YAML: nothing kept, the same error each time
    fresh_run(monkeypatch)
    before = entries(cached)
    for _ in range(2):
        with pytest.raises(InputError, match="not valid YAML"):
            load.load_layout(cached / "top.yaml")
        fresh_run(monkeypatch)
    assert entries(cached) == before


def test_off_and_unwritable(cached, monkeypatch):
    monkeypatch.setenv("PRINTKIT_CACHE", "0")
    first = load.load_layout(cached / "top.yaml")
    assert not (cached / "xdg").exists()
    monkeypatch.delenv("PRINTKIT_CACHE")
    (cached / "xdg").write_text("a file where the cache folder would go")
    fresh_run(monkeypatch)
    assert load.load_layout(cached / "top.yaml") == first  # no cache, no error


def test_make_gives_the_same_bytes_from_the_cache(tmp_path, monkeypatch):
    """Two ``printkit make`` processes, the first filling an empty cache, the second reading
    it: the same PDF bytes, and the second wrote no entry (a miss writes one anew)."""
    xdg = tmp_path / "xdg"
    env = {"XDG_CACHE_HOME": str(xdg), "PATH": "/usr/bin:/bin"}
    env |= {k: v for k, v in os.environ.items() if k == "PYTHONPATH"}  # the checkout tested
    args = ["make", "trickdumpling", "cards", "--out"]
    subprocess.run([sys.executable, "-m", "printkit", *args, str(tmp_path / "cold")], check=True, capture_output=True,
                   env=env)
    kept = {e: (e.stat().st_ino, e.stat().st_mtime_ns) for e in entries(tmp_path)}
    assert kept
    subprocess.run([sys.executable, "-m", "printkit", *args, str(tmp_path / "warm")], check=True, capture_output=True,
                   env=env)
    assert {e: (e.stat().st_ino, e.stat().st_mtime_ns) for e in entries(tmp_path)} == kept
    pdf = "trickdumpling-cards-a4.pdf"
    assert (tmp_path / "warm" / pdf).read_bytes() == (tmp_path / "cold" / pdf).read_bytes()


def test_every_bundled_layout_and_data_file_is_kept(cached, monkeypatch):
    """Each comes back from the cache as parsed, mappings keyed by numbers too (a layout's pip
    patterns keyed 1 to 9, the games' tables keyed by player count)."""
    from printkit.core.resources import layouts_dir

    root = Path(__file__).resolve().parents[2]
    files = sorted(layouts_dir().rglob("*.yaml")) + sorted((root / "printkit" / "games").glob("*/data.yaml"))
    first = [yamlio.read_file(f, f.name, 10**6) for f in files]
    assert len(entries(cached)) == len({f.read_bytes() for f in files}) > 30
    assert any(type(k) is int for data, _ in first for k in _keys(data))
    fresh_run(monkeypatch)
    no_parsing(monkeypatch)
    assert [yamlio.read_file(f, f.name, 10**6) for f in files] == first


def _keys(data):
    if isinstance(data, dict):
        for k, v in data.items():
            yield k
            yield from _keys(v)
    elif isinstance(data, list):
        for v in data:
            yield from _keys(v)
