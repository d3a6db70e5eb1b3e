"""What a Roll n Cook record leaves on its sheet, replayed on the game's State (for the tests that
fill in sheets from records: the fillable sheet's, and the scan tests' photo generator)."""

from __future__ import annotations


def stock_after(rec: dict) -> dict:
    """Each ingredient left (circled, not crossed) at the end of the one-player record ``rec``,
    every move of it legal."""
    from printkit.games.rollncook.record import RollNCookRecord
    from printkit.games.rollncook.state import RollNCookState, moves

    r = RollNCookRecord.model_validate(rec)
    state = RollNCookState.start([r])
    for _, _, move in moves([r]):
        assert state.apply(move) == []
    return dict(state.sheet(0).stock)
