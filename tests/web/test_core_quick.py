"""The quick path of a move (engine.extend: only the new steps, played on a copy of the cached
State) gives exactly the report and the page's view of the full replay (engine.score), move by
move, on every registered game's example records; and it is really taken where the record only
grows. The games are found through the registry (the core names none)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from printkit.core.registry import scorekeepers
from printkit.core.yamlio import parse_text
from printkit.web import engine

ROOT = Path(__file__).resolve().parents[2]


def _followed(name: str, path: Path) -> bool:
    """Whether a table can follow this example (a game may keep examples of another kind, such as
    a referee's single trick, that ``split`` refuses with one line)."""
    data, _ = parse_text(path.read_text(encoding="utf-8"), allow_json=True)
    try:
        scorekeepers()[name].split([data])
    except ValueError:
        return False
    return True


#: The package's own games (a test module may have registered the test-only game too).
GAMES = sorted(name for name, k in scorekeepers().items() if k.game.model.__module__.startswith("printkit."))
EXAMPLES = sorted((name, path) for name in GAMES for path in (ROOT / "examples" / name).glob("*.yaml")
                  if _followed(name, path))


def _table(name: str, path: Path):
    keeper = scorekeepers()[name]
    data, _ = parse_text(path.read_text(encoding="utf-8"), allow_json=True)
    setup, moves = keeper.split([data])
    setup = keeper.setup.model_validate(setup.model_dump(mode="json", by_alias=True))
    moves = [keeper.move.model_validate(m).model_dump(mode="json", by_alias=True) for m in moves]
    return keeper, setup, moves


def _same(keeper, setup, moves, a: engine.Scored, b: engine.Scored) -> None:
    assert a.report.dumps() == b.report.dumps()
    assert a.report.human() == b.report.human()
    assert a.docs == b.docs and a.names == b.names
    assert json.dumps(keeper.view(a.state, setup, moves), sort_keys=True) == \
        json.dumps(keeper.view(b.state, setup, moves), sort_keys=True)


def test_the_games_examples_are_found() -> None:
    """Every game with worked examples (examples/GAME/) is replayed below; a game without them
    (one just copied in, as docs/adding-a-game.md shows) is not required to have them here."""
    assert len({name for name, _ in EXAMPLES}) >= 5 and {name for name, _ in EXAMPLES} <= set(GAMES)


@pytest.mark.parametrize(("name", "path"), EXAMPLES, ids=[f"{n}-{p.stem}" for n, p in EXAMPLES])
def test_quick_path_equals_full_replay_move_by_move(name: str, path: Path) -> None:
    keeper, setup, moves = _table(name, path)
    full = engine.score(keeper, setup, [])
    line = full.line
    quick_used = 0
    for i in range(1, len(moves) + 1):
        full = engine.score(keeper, setup, moves[:i])
        quick = engine.extend(keeper, setup, moves[:i], line) if line is not None else None
        if quick is not None:
            quick_used += 1
            _same(keeper, setup, moves[:i], quick, full)
            assert not full.report.violations
            # the line goes on from the quick path's own State, as the server keeps it
            line = quick.line
        else:
            line = full.line
    if not full.report.violations and len(moves) > 1:
        # a clean record that only grows move by move takes the quick path for most moves
        assert quick_used >= len(moves) // 2, (quick_used, len(moves))
