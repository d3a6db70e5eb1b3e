"""Checked layouts kept on disk between runs (printkit/core/layout/cache.py): used only while
every file a layout read has the same bytes, rebuilt when stale or unreadable, never changing
what a layout is."""

import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from printkit.core import diskcache
from printkit.core.layout import load
from printkit.errors import InputError
from tests.conftest import run_cli

LIB = "styles:\n  s: {stroke_width: 1mm, fill: '#c33'}\n"
TOP = "include: [lib.yaml]\nsize: [100mm, 50mm]\npages:\n  - elements:\n      - rect: {x: 1, y: 2, w: 3, h: 4, style: s}\n"


@pytest.fixture
def cached(tmp_path, monkeypatch):
    """A cache folder of its own, and a layout with an include."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("PRINTKIT_CACHE", raising=False)
    (tmp_path / "lib.yaml").write_text(LIB)
    (tmp_path / "top.yaml").write_text(TOP)
    return tmp_path


def fresh_run(monkeypatch) -> None:
    """Forget what this process loaded, as a new run would."""
    monkeypatch.setattr(load, "_CACHE", {})
    monkeypatch.setattr(diskcache, "_hashes", {})


def no_parsing(monkeypatch) -> None:
    def refuse(*a, **k):
        raise AssertionError("the layout was parsed, not taken from the cache")
    monkeypatch.setattr(load, "_parse", refuse)


def entries(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "xdg" / "printkit" / "layouts").glob("*/*.pickle"))


def test_a_second_run_takes_the_checked_layout_from_disk(cached, monkeypatch):
    first = load.load_layout(cached / "top.yaml")
    assert len(entries(cached)) == 2  # the layout and its include
    fresh_run(monkeypatch)
    no_parsing(monkeypatch)
    again = load.load_layout(cached / "top.yaml")
    assert again is not first
    assert again == first and again.spec == first.spec and again.styles == first.styles
    assert again.sources == first.sources and again.lines == first.lines and again.homes == first.homes
    assert again.styles["s"].stroke_width == 1


def test_a_changed_include_is_read_again(cached, monkeypatch):
    load.load_layout(cached / "top.yaml")
    fresh_run(monkeypatch)
    (cached / "lib.yaml").write_text(LIB.replace("1mm", "2.5mm"))
    assert load.load_layout(cached / "top.yaml").styles["s"].stroke_width == 2.5
    fresh_run(monkeypatch)
    no_parsing(monkeypatch)  # the new bytes' entry replaced the old one
    assert load.load_layout(cached / "top.yaml").styles["s"].stroke_width == 2.5


def test_an_unreadable_entry_is_ignored_and_rebuilt(cached, monkeypatch):
    first = load.load_layout(cached / "top.yaml")
    for e in entries(cached):
        e.write_bytes(b"\x80\x05 cut short")
    fresh_run(monkeypatch)
    assert load.load_layout(cached / "top.yaml") == first
    for e in entries(cached):
        key, digests, layout = pickle.loads(e.read_bytes())  # whole again
        assert all(len(d) == 64 for d in digests.values())


def test_an_entry_for_other_bytes_is_not_used(cached, monkeypatch):
    """An entry whose recorded digests do not match the files (an edit between runs) is not used."""
    load.load_layout(cached / "top.yaml")
    for e in entries(cached):
        key, digests, layout = pickle.loads(e.read_bytes())
        e.write_bytes(pickle.dumps((key, {src: "0" * 64 for src in digests}, layout)))
    fresh_run(monkeypatch)
    no_parsing(monkeypatch)
    with pytest.raises(AssertionError, match="parsed"):
        load.load_layout(cached / "top.yaml")


def test_broken_layouts_are_not_kept_and_still_fail(cached, monkeypatch):
    (cached / "top.yaml").write_text(TOP.replace("rect:", "rectangle:"))
    for _ in range(2):
        fresh_run(monkeypatch)
        with pytest.raises(InputError, match="unknown element 'rectangle'"):
            load.load_layout(cached / "top.yaml")
    assert [e for e in entries(cached) if "top" in str(pickle.loads(e.read_bytes())[0])] == []


def test_off_and_unwritable(cached, monkeypatch):
    monkeypatch.setenv("PRINTKIT_CACHE", "0")
    first = load.load_layout(cached / "top.yaml")
    assert not (cached / "xdg").exists()
    monkeypatch.delenv("PRINTKIT_CACHE")
    (cached / "xdg").write_text("a file where the cache folder would go")
    fresh_run(monkeypatch)
    assert load.load_layout(cached / "top.yaml") == first  # no cache, no error


def test_make_gives_the_same_bytes_from_the_cache(tmp_path, monkeypatch):
    """Two runs, the first filling an empty cache, the second (a process of its own, as the next
    run is) reading it: the same PDF bytes. The first runs in this process with what it had
    loaded forgotten (saves a Python start-up and its imports, ~0.3 s); the second is a real
    ``printkit make`` process, which has only the disk cache to go by."""
    xdg = tmp_path / "xdg"
    monkeypatch.setenv("XDG_CACHE_HOME", str(xdg))
    monkeypatch.delenv("PRINTKIT_CACHE", raising=False)
    fresh_run(monkeypatch)
    args = ["make", "trickdumpling", "cards", "--out"]
    cold = run_cli(*args, str(tmp_path / "cold"))
    assert cold.exit_code == 0, cold.output
    kept = {e: (e.stat().st_ino, e.stat().st_mtime_ns) for e in entries(tmp_path)}
    assert kept
    subprocess.run([sys.executable, "-m", "printkit", *args, str(tmp_path / "warm")],
                   check=True, capture_output=True, env={"XDG_CACHE_HOME": str(xdg), "PATH": "/usr/bin:/bin"})
    # The second run took every layout from the disk: it wrote no entry (a miss writes one anew).
    assert {e: (e.stat().st_ino, e.stat().st_mtime_ns) for e in entries(tmp_path)} == kept
    pdf = "trickdumpling-cards-a4.pdf"
    assert (tmp_path / "warm" / pdf).read_bytes() == (tmp_path / "cold" / pdf).read_bytes()
