"""Issue 12: the Trick Dumpling aid's headings carry icons that mean their section, never a
suit's icon or the game's dumpling (DESIGN.md: one picture means one thing); the legend row of
the four suits stays."""

from __future__ import annotations

from printkit.core.draw import ops as O
from printkit.core.draw.page import PrintOptions
from printkit.core.registry import games
from printkit.games.trickdumpling.content import CONTENT


def _uses(comp: str) -> list[O.Use]:
    doc = games()["trickdumpling"][comp].build(PrintOptions())
    return [op for page in doc.pages for op, _ in O.walk(page.ops) if isinstance(op, O.Use)]


def test_aid_headings_use_their_own_icons_and_no_suit() -> None:
    uses = _uses("aid")
    heads = [u.symbol for u in uses if (u.tag or "").endswith(" icon")]
    suits = {f"suit-{s.id}" for s in CONTENT.suits}
    assert len(heads) == 2 * 5  # five headings, two aids a page
    assert not set(heads) & (suits | {"dumpling"}), heads
    assert len(set(heads)) == 5  # a different icon per section
    # ... and no card, mission or cook of the game draws them: they mean only their section.
    elsewhere = {u.symbol for comp in ("cards", "missions", "rank", "cooks") for u in _uses(comp)}
    assert not set(heads) & elsewhere
    # The legend row still shows each suit, once per aid.
    legend = [u.symbol for u in uses if u.symbol in suits]
    assert sorted(legend) == sorted(list(suits) * 2)
