"""The disk cache (core/diskcache.py): plain JSON entries, in folders only the user can write,
keyed by printkit's version and source, bounded. It keeps the entries of its KEEP most recently
used fingerprints and drops the rest when a new fingerprint first writes (it does not grow with
every printkit release or every edit of a checkout), and at most MAX_ENTRIES entries of
MAX_BYTES bytes a fingerprint."""

from __future__ import annotations

import json
import os
import stat
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


def body(entry: Path) -> dict:
    """An entry's JSON, its checksum line checked."""
    text = diskcache.entry_body(entry.read_bytes())
    assert text is not None, entry
    return json.loads(text)


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
    assert all(len(list(f.glob("*.json"))) == 1 for f in kept)


def test_a_fingerprint_used_again_is_kept_and_loose_old_entries_go(base: Path, tmp_path: Path) -> None:
    source = tmp_path / "data.yaml"
    source.write_text("a: 1\n")
    code = tmp_path / "checker.py"
    code.write_text("the printkit used every day\n")
    cache_of(code).put(("data",), [str(source)], 1)
    daily = base / cache_of(code).fingerprint()[:32]
    base.joinpath("0123abcd.pickle").write_bytes(b"an entry kept directly in the folder by an earlier printkit")
    assert base.joinpath("0123abcd.pickle").exists()
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


def test_entries_are_plain_json_and_values_json_cannot_hold_are_not_kept(base: Path, tmp_path: Path) -> None:
    code = tmp_path / "checker.py"
    code.write_text("x\n")
    cache = cache_of(code)
    cache.put(("plain",), [], {"a": [1, 2.5, "three", None, True]})
    [entry] = base.glob("*/*.json")
    assert body(entry) == {
        "key": ["plain"], "sources": {}, "value": {"a": [1, 2.5, "three", None, True]}}
    for value in ({1: "a number key"}, (1, 2), {"a": {2}}, object()):  # not what JSON gives back
        cache.put(("odd",), [], value)
        assert cache.get(("odd",)) is None
    assert [e.name for e in base.glob("*/*")] == [entry.name]


def test_folders_are_made_for_the_user_alone(base: Path, tmp_path: Path) -> None:
    cache = cache_of(tmp_path / "checker.py")
    cache.put(("k",), [], 1)
    for folder in (base.parent, base, base / cache.fingerprint()[:32]):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder
    assert cache.get(("k",)) == 1


@pytest.mark.parametrize("which", ["printkit", "cache"])
def test_a_folder_others_can_write_is_not_used(base: Path, tmp_path: Path, which: str) -> None:
    shared = base.parent if which == "printkit" else base
    shared.mkdir(parents=True)
    os.chmod(shared, 0o777)  # anyone could plant entries
    cache = cache_of(tmp_path / "checker.py")
    cache.put(("k",), [], 1)
    assert cache.get(("k",)) is None
    assert not list(base.glob("*/*"))  # nothing written either
    os.chmod(shared, 0o770)  # the group still could
    cache = cache_of(tmp_path / "checker.py")
    cache.put(("k",), [], 1)
    assert cache.get(("k",)) is None
    os.chmod(shared, 0o755)  # only the user writes: used
    cache = cache_of(tmp_path / "checker.py")
    cache.put(("k",), [], 1)
    assert cache.get(("k",)) == 1


def test_a_folder_another_user_owns_is_not_used(base: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache_of(tmp_path / "checker.py").put(("k",), [], 1)  # made by this user
    me = os.getuid()
    monkeypatch.setattr(os, "getuid", lambda: me + 1)  # as another user would see it
    other = cache_of(tmp_path / "checker.py")
    assert other.get(("k",)) is None
    other.put(("j",), [], 2)
    assert other.get(("j",)) is None
    monkeypatch.setattr(os, "getuid", lambda: me)
    assert cache_of(tmp_path / "checker.py").get(("k",)) == 1


def test_a_fingerprint_keeps_at_most_max_entries(base: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(diskcache, "MAX_ENTRIES", 5)
    cache = cache_of(tmp_path / "checker.py")
    for n in range(12):
        cache.put((f"k{n}",), [], n)
        folder = base / cache.fingerprint()[:32]
        os.utime(next(p for p in folder.glob("*.json") if body(p)["key"] == [f"k{n}"]),
                 (time.time() - 1000 + n,) * 2)  # each written after the one before
        assert len(list(folder.glob("*.json"))) <= 5
    assert [cache.get((f"k{n}",)) for n in range(12)] == [None] * 7 + list(range(7, 12))  # the newest kept


def test_a_fingerprint_keeps_at_most_max_bytes(base: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Entries are keyed by content, so every edit of a file adds one: without a byte budget a
    fingerprint held up to MAX_ENTRIES entries of any size (issue 27: the cache grew unbounded)."""
    monkeypatch.setattr(diskcache, "MAX_BYTES", 10_000)
    cache = cache_of(tmp_path / "checker.py")
    for n in range(12):
        cache.put((f"k{n}",), [], "x" * 2_000)  # an entry of ~2.2 KB
        folder = base / cache.fingerprint()[:32]
        os.utime(next(p for p in folder.glob("*.json") if body(p)["key"] == [f"k{n}"]),
                 (time.time() - 1000 + n,) * 2)  # each written after the one before
        assert sum(p.stat().st_size for p in folder.glob("*.json")) <= 10_000
    assert [cache.get((f"k{n}",)) is not None for n in range(12)] == [False] * 8 + [True] * 4  # the newest kept


def test_the_readme_states_the_bound(tmp_path: Path) -> None:
    """README.md's "at most N MB" for the whole cache is its two folders' KEEP * MAX_BYTES."""
    text = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    words = text[text.index("the cache holds at most "):][:200].split()
    documented = float(words[5]) * 1e6
    assert words[6] == "MB" and documented == 2 * diskcache.KEEP * diskcache.MAX_BYTES, words[:8]


def test_the_fingerprint_is_printkits_version_and_source(base: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import printkit

    assert diskcache.source_digest() == diskcache.source_digest.__wrapped__()  # the same files, the same digest
    first = DiskCache("things").fingerprint()
    monkeypatch.setattr(diskcache, "source_digest", lambda: "an edited checkout")
    edited = DiskCache("things").fingerprint()
    monkeypatch.setattr(printkit, "__version__", "99.0")
    released = DiskCache("things").fingerprint()
    assert len({first, edited, released}) == 3


def test_bad_entries_are_dropped_with_one_warning_and_rebuilt(base: Path, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """A damaged byte, another key's entry, a FIFO, a link (to a good entry: not followed) and a
    folder in an entry's place: each is removed and missed (so rebuilt), one warning line in all."""
    cache = cache_of(tmp_path / "checker.py")
    for n in range(6):
        cache.put((f"k{n}",), [], {"n": n})
    path = {n: cache._entry((f"k{n}",)) for n in range(6)}
    assert all(p is not None and p.is_file() for p in path.values())
    good = path[5].read_bytes()
    data = bytearray(path[0].read_bytes())
    data[-3] ^= 1  # the value's digit: still JSON, but not what the checksum says
    path[0].write_bytes(bytes(data))
    path[1].write_bytes(good)  # k5's whole entry, checksum right, under k1's name
    for n, make in ((2, os.mkfifo), (3, lambda p: p.symlink_to(path[5])), (4, os.mkdir)):
        path[n].unlink()
        make(path[n])
    fresh = cache_of(tmp_path / "checker.py")
    assert [fresh.get((f"k{n}",)) for n in range(6)] == [None] * 5 + [{"n": 5}]
    warned = capsys.readouterr().err.splitlines()
    assert len(warned) == 1 and warned[0].startswith("printkit: warning: disk cache: a damaged entry"), warned
    assert not any(os.path.lexists(path[n]) for n in range(5))  # dropped: the next run is clean
    for n in range(5):
        fresh.put((f"k{n}",), [], {"n": n})
    assert [cache_of(tmp_path / "checker.py").get((f"k{n}",)) for n in range(6)] == [{"n": n} for n in range(6)]
    assert capsys.readouterr().err == ""
