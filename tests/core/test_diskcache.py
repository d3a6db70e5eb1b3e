"""The disk cache (core/diskcache.py) keeps the entries of its KEEP most recently used
fingerprints and drops the rest when a new fingerprint first writes: it does not grow with
every printkit release or every edit of a checkout's checking code."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from printkit.core import diskcache
from printkit.core.diskcache import DiskCache


@pytest.fixture
def base(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("PRINTKIT_CACHE", raising=False)
    return tmp_path / "printkit" / "things"


def cache_of(code: Path) -> DiskCache:
    """A cache whose checking code is the file ``code`` (its bytes make the fingerprint)."""
    return DiskCache("things", lambda: [str(code)])


def test_a_new_fingerprint_keeps_the_most_recently_used_and_drops_the_rest(base: Path, tmp_path: Path) -> None:
    source = tmp_path / "data.yaml"
    source.write_text("a: 1\n")
    code = tmp_path / "checker.py"
    folders = []
    for release in range(diskcache.KEEP + 2):  # one printkit release after another
        code.write_text(f"release {release}\n")
        cache = cache_of(code)
        cache.put(("data",), [str(source)], {"release": release})
        assert cache.get(("data",)) == {"release": release}
        folders.append(base / cache.fingerprint()[:32])
        past = time.time() - 1000 + release  # each older than the next
        os.utime(folders[-1], (past, past))
    kept = sorted(p for p in base.iterdir())
    assert kept == sorted(folders[-diskcache.KEEP:])
    assert all(len(list(f.glob("*.pickle"))) == 1 for f in kept)


def test_a_fingerprint_used_again_is_kept_and_loose_old_entries_go(base: Path, tmp_path: Path) -> None:
    source = tmp_path / "data.yaml"
    source.write_text("a: 1\n")
    code = tmp_path / "checker.py"
    code.write_text("the printkit used every day\n")
    cache_of(code).put(("data",), [str(source)], 1)
    daily = base / cache_of(code).fingerprint()[:32]
    base.joinpath("0123abcd.pickle").write_bytes(b"an entry kept directly in the folder by an earlier printkit")
    others = []
    for n in range(diskcache.KEEP - 1):  # other printkits (venvs, releases): KEEP folders in all
        other = tmp_path / f"other{n}.py"
        other.write_text(f"{n}\n")
        cache_of(other).put(("data",), [str(source)], n)
        others.append(base / cache_of(other).fingerprint()[:32])
    now = time.time()
    for age, folder in enumerate([*reversed(others), daily]):  # the daily one the oldest
        os.utime(folder, (now - 1000 * (age + 1),) * 2)
    assert cache_of(code).get(("data",)) == 1  # a new run of the daily printkit: its folder is fresh
    newest = tmp_path / "newest.py"
    newest.write_text("a new release\n")
    cache_of(newest).put(("data",), [str(source)], "new")  # a new fingerprint: pruning
    assert sorted(base.iterdir()) == sorted([daily, *others[1:], base / cache_of(newest).fingerprint()[:32]])
    assert cache_of(code).get(("data",)) == 1


def test_entries_of_the_same_fingerprint_are_never_pruned(base: Path, tmp_path: Path) -> None:
    code = tmp_path / "checker.py"
    code.write_text("x\n")
    cache = cache_of(code)
    for n in range(20):
        src = tmp_path / f"f{n}.yaml"
        src.write_text(f"{n}\n")
        cache.put((f"f{n}",), [str(src)], n)
    assert [cache.get((f"f{n}",)) for n in range(20)] == list(range(20))
    assert len(list(base.iterdir())) == 1
