"""How many of each ingredient a legal game on a sheet can circle (issue 28, item 9): the bound
the inventory's rows are checked against.

Every bullet circled is one ingredient obtained (RNC-2) or made (RNC-6); a bullet is never
circled twice. So a row needs as many bullets as the most of its ingredient a game can obtain
or make, and that follows from the sheet alone:

- a result is a die (3 an hour, RNC-1) or one of the two results the ``reuse`` and ``add``
  abilities give once a game (RNC-4): 38 results at most, at most 5 in an hour; a double
  (RNC-3) spends a die and gives no result;
- a result crosses one box of its hour or one segment of any table (RNC-2), and gives the
  ingredients on it: a basic ingredient ``x`` comes from the boxes holding ``x`` (at most the
  hour's results an hour) and from the segments holding ``x`` (at most one a table, as a table
  holds six different basics); the mystery ingredient only from its boxes;
- a rare ingredient comes from its dark boxes and from its recipe (RNC-6): each one made
  crosses what the recipe names, a basic ingredient or the mystery ingredient standing in for
  it (RNC-5), so no more can be made than any one part of the recipe allows.

Every step takes the most a game could get, so the bound is never below what a legal game
circles (the tests play the automatic players against it); for the basics and the mystery it
is reached with the right dice.

>>> from printkit.games.rollncook.sheet import generate
>>> b = most_circled(generate(7))
>>> b["mystery"] <= 12, b["potato"] >= 8
(True, True)
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.sheet import Sheet

#: Results in a game: 3 dice an hour, and one more each from ``reuse`` and ``add`` (RNC-4).
EXTRA_RESULTS = sum(n for k, n in CONTENT.abilities.items() if k in ("reuse", "add"))
RESULTS = 3 * len(CONTENT.plates) + EXTRA_RESULTS


def _from_boxes(sheet: Sheet, x: str) -> int:
    """The most boxes holding ``x`` a game can cross: each hour at most its results (3, and
    the extra results where they help most)."""
    per_hour = [sum(1 for box in h.boxes if x in box) for h in sheet.hours]
    base = sum(min(n, 3) for n in per_hour)
    beyond = sum(max(0, min(n, 3 + EXTRA_RESULTS) - 3) for n in per_hour)
    return base + min(EXTRA_RESULTS, beyond)


@lru_cache(maxsize=64)
def most_circled(sheet: Sheet) -> dict[str, int]:
    """Each inventory row's ingredient -> the most bullets a legal game on ``sheet`` circles."""
    out: dict[str, int] = {}
    for x in CONTENT.basics + (CONTENT.mystery,):
        segments = sum(1 for h in sheet.hours if x in h.table)
        out[x] = min(RESULTS, _from_boxes(sheet, x) + segments)
    mystery = out[CONTENT.mystery]
    dark = Counter(box[0] for h in sheet.hours for box in h.boxes if box[0] in CONTENT.rares)
    done: set[str] = set()
    while len(done) < len(CONTENT.rares):  # a rare ingredient after the rare ones in its recipe
        for rare, parts in CONTENT.rares.items():
            if rare in done or any(p in CONTENT.rares and p not in done for p in parts):
                continue
            limits = []
            for part, n in Counter(parts).items():
                if part == CONTENT.mystery or part in CONTENT.rares:
                    limits.append(out[part] // n)  # only itself fills its place (RNC-5)
                else:
                    limits.append((out[part] + mystery) // n)
            out[rare] = dark[rare] + min(limits)
            done.add(rare)
    return out
