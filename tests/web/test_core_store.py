"""The table store on its own (printkit/web/store.py), without the server in front of it.

docs/serve.md, The API, step 2: a change carries the version the page saw, and the store itself
refuses any other version inside its write transaction. The server checks the version first, so
its tests cannot tell whether the store does (issue 26: with the store's check weakened from
``!=`` to ``<``, 8 phones posting at once stored two moves on one version in 1 of 10 rounds).
The moves are the test-only game's (Nim, NIM-2: take 1 to 3 stones).
"""

from __future__ import annotations

import pytest

from printkit.web.store import Stale, Store


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "tables.sqlite3")
    yield s
    s.close()


def test_a_second_change_on_one_version_is_stale_and_stores_nothing(store):
    t = store.create("nim", {"players": ["Ann", "Bo"], "pile": 9})
    assert store.add_move(t, 0, {"player": "Ann", "take": 3}, False) == 1
    with pytest.raises(Stale) as stale:  # the second phone, which also saw version 0
        store.add_move(t, 0, {"player": "Ann", "take": 2}, False)
    assert stale.value.version == 1
    for change in (lambda: store.undo(t, 0, False), lambda: store.redo(t, 0, False), lambda: store.reopen(t, 0)):
        with pytest.raises(Stale):
            change()
    row = store.get(t)
    assert row.version == 1 and row.moves == [{"player": "Ann", "take": 3}] and len(row.history) == 1


def test_a_version_the_table_has_not_reached_is_stale_too(store):
    t = store.create("nim", {"players": ["Ann", "Bo"], "pile": 9})
    with pytest.raises(Stale) as stale:
        store.add_move(t, 1, {"player": "Ann", "take": 3}, False)
    assert stale.value.version == 0 and store.get(t).moves == [] and store.version(t) == 0
