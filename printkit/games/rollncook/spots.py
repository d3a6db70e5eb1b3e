"""Where each mark a player makes on the paper Roll n Cook sheet goes (issue 30), for one paper.

A spot is a place on the sheet that holds one mark: a die written, a box, a table segment, a
plate, an inventory bullet, an inventory row's "more" box (a number written), a dish box or an
ability box. Each is named like the fillable sheet's
field over it (form.py's :class:`~printkit.games.rollncook.form.Names`; a bullet, which has two
fields there, by the name they share), so a reading of a photo
and a filled-in PDF say the same things in the same words; positions are geometry.py's, the
numbers the layout draws with (mm in the design box, y down).

>>> s = spots("RNC1-7", "a4")
>>> len(s), s[0].name, s[0].kind
(483, 'RNC1-7:h10:die1', 'die')
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.form import Names, bullets, inventory_rows
from printkit.games.rollncook.geometry import ability_box, bullet, dish_box, geometry, more_box


@dataclass(frozen=True)
class Spot:
    """One mark's place: ``kind`` is die, box, seg, plate, bullet, more, dish or ability; ``shape``
    rect (x, y, w, h), circle (cx, cy, r) or tri (three corners), in mm."""

    name: str
    kind: str
    shape: str
    at: tuple[float, ...]

    @property
    def centre(self) -> tuple[float, float]:
        a = self.at
        if self.shape == "rect":
            return (a[0] + a[2] / 2, a[1] + a[3] / 2)
        if self.shape == "circle":
            return (a[0], a[1])
        return ((a[0] + a[2] + a[4]) / 3, (a[1] + a[3] + a[5]) / 3)


def bullet_name(n: Names, ingredient: str, j: int) -> str:
    """An inventory bullet's spot: the name its two fillable check boxes (``got``, ``used``) share,
    ``RNC1-7:inv:egg:3``; a read bullet is "" (empty), "O" (circled) or "X" (circled and crossed)."""
    return n.bullet(ingredient, j, "got").rpartition(":")[0]


def design_origin(paper: str) -> tuple[float, float]:
    """Where the design box's top left corner is on the page (mm): inside the margin, centred
    across (layouts/rollncook/sheet.yaml)."""
    from printkit.core.draw.page import PrintOptions, content_box

    x, y, w, _ = content_box(PrintOptions(paper=paper))
    return (x + (w - geometry(paper)["w"]) / 2, y)


def _hour(n: Names, c: int, geo: dict) -> list[Spot]:
    x, top = c * geo["pitch"], geo["top"]
    out = [Spot(n.die(c, d), "die", "rect", (x + at["x"], top + at["y"], geo["die"], geo["die"]))
           for d, at in enumerate(geo["dice"])]
    plates = CONTENT.plates[c]
    px = x + geo["mid"] - (plates - 1) * geo["plate_dx"] / 2
    out += [Spot(n.plate(c, j), "plate", "circle", (px + j * geo["plate_dx"], top + geo["plate_y"], geo["plate_r"]))
            for j in range(plates)]
    out += [Spot(n.box(c, k), "box", "rect",
                 (x + geo["inset"], top + geo["box_y"] + k * geo["box_dy"], geo["col_w"], geo["box_h"]))
            for k in range(6)]
    cx, cy = x + geo["mid"], top + geo["table_y"]
    out += [Spot(n.seg(c, s["n"] - 1), "seg", "tri", (cx, cy, cx + s["ax"], cy + s["ay"], cx + s["bx"], cy + s["by"]))
            for s in geo["segments"]]
    return out


def spots(sid: str, paper: str) -> list[Spot]:
    """Every spot of sheet ``sid`` on ``paper``: the hours (dice, plates, boxes, segments), the
    inventory bullets and each row's "more" box, the dish boxes and the ability boxes."""
    geo, n = geometry(paper), Names(sid)
    out = [s for c in range(len(CONTENT.hours)) for s in _hour(n, c, geo)]
    r = geo["bullet_r"]
    for i, ing in enumerate(inventory_rows()):
        out += [Spot(bullet_name(n, ing, j), "bullet", "circle", (*bullet(geo, i, j), r)) for j in range(bullets(ing))]
        out.append(Spot(n.more(ing), "more", "rect", more_box(geo, i)))
    for i, (meal, m) in enumerate(CONTENT.meals.items()):
        out += [Spot(n.dish(meal, j), "dish", "rect", dish_box(geo, i, j)) for j in range(m.boxes)]
    for a, (kind, boxes) in enumerate(CONTENT.abilities.items()):
        out += [Spot(n.ability(kind, j), "ability", "rect", ability_box(geo, a, j)) for j in range(boxes)]
    return out
