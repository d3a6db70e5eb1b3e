"""The fillable sheet's fields (issue 14): one over every mark a player makes, named after the sheet.

Names are ``SHEET:PART``, so a filled form says which sheet it is (``RNC1-7:h10:die1``):

- ``name``: the restaurant's name; ``total``: the total the player wrote;
- ``hH:die1`` .. ``die3``: the dice of hour H (10 to 21), one digit 1 to 6 each;
- ``hH:box1`` .. ``box6``: hour H's boxes crossed; ``hH:seg1`` .. ``seg6``: the segments of
  hour H's hexagonal table crossed; ``hH:plate1`` ..: hour H's plates crossed;
- ``inv:INGREDIENT:1`` ..: inventory bullets, ``O`` circled (obtained), ``X`` circled and
  crossed (obtained and used), empty neither (spaces in names are ``_``);
- ``meal:MEAL:1`` ..: the meal's dish boxes circled, left to right;
- ``ability:KIND:1`` ..: the ability boxes crossed (adjust, set, reuse, add).

Positions follow layouts/rollncook/sheet.yaml's grid (the same data the layout draws with).
"""

from __future__ import annotations

import math

from printkit.core.draw.ops import Field
from printkit.core.forms import check_box, text_field
from printkit.games.rollncook.content import CONTENT

#: Inventory bullets a row: basics and the mystery ingredient, then rare ingredients.
BULLETS_BASIC, BULLETS_RARE = 12, 6


def part(text: str) -> str:
    """An ingredient, meal or ability as a name part: ``brown sauce`` -> ``brown_sauce``."""
    return text.replace(" ", "_")


def hour_part(i: int) -> str:
    """Hour index 0 (10:00) -> ``h10``."""
    return f"h{CONTENT.first_hour + i}"


def bullets(ingredient: str) -> int:
    return BULLETS_RARE if ingredient in CONTENT.rares else BULLETS_BASIC


def inventory_rows() -> list[str]:
    """The inventory's rows in printed order: basics, mystery, rares."""
    return [*CONTENT.basics, CONTENT.mystery, *CONTENT.rares]


class Names:
    """The field names of sheet ``sid``."""

    def __init__(self, sid: str):
        self.sid = sid

    def name(self) -> str:
        return f"{self.sid}:name"

    def total(self) -> str:
        return f"{self.sid}:total"

    def die(self, hour: int, n: int) -> str:
        return f"{self.sid}:{hour_part(hour)}:die{n + 1}"

    def box(self, hour: int, k: int) -> str:
        return f"{self.sid}:{hour_part(hour)}:box{k + 1}"

    def seg(self, hour: int, k: int) -> str:
        return f"{self.sid}:{hour_part(hour)}:seg{k + 1}"

    def plate(self, hour: int, j: int) -> str:
        return f"{self.sid}:{hour_part(hour)}:plate{j + 1}"

    def bullet(self, ingredient: str, j: int) -> str:
        return f"{self.sid}:inv:{part(ingredient)}:{j + 1}"

    def dish(self, meal: str, j: int) -> str:
        return f"{self.sid}:meal:{part(meal)}:{j + 1}"

    def ability(self, kind: str, j: int) -> str:
        return f"{self.sid}:ability:{kind}:{j + 1}"


def _hour_fields(n: Names, c: int, x: float, grid: dict, plate_x: float) -> list[Field]:
    top = grid["top"]
    out: list[Field] = []
    for d in range(3):  # the dice cells: 3.8 mm squares from (1.6, 10.6), 4.5 mm apart
        out.append(text_field(n.die(c, d), x + 1.6 + 4.5 * d, top + 10.6, 3.8, 3.8, maxlen=1, size=3.0,
                              tooltip="a die: 1 to 6"))
    for j in range(CONTENT.plates[c]):
        cx = x + plate_x + j * grid["plate_dx"]
        out.append(check_box(n.plate(c, j), cx - 1.3, top + grid["plate_y"] - 1.3, 2.6, 2.6))
    for k in range(6):
        y = top + grid["box_y"] + k * grid["box_dy"]
        out.append(check_box(n.box(c, k), x + grid["inset"], y, grid["box_w"], grid["box_h"]))
    r, cy = grid["table_r"], top + grid["table_y"]
    for k in range(6):
        am = math.radians(-60 + 60 * k)  # the segment's middle, clockwise from the top
        sx, sy = x + grid["mid"] + 0.5 * r * math.cos(am), cy + 0.5 * r * math.sin(am)
        out.append(check_box(n.seg(c, k), sx - 1.7, sy - 1.7, 3.4, 3.4))
    return out


def field_ops(sid: str, grid: dict, pitch: float, hours: list[dict]) -> list[Field]:
    """Every field of sheet ``sid``, in the layout's design box (mm); ``hours`` as the layout
    data gives them (each with its ``plate_x``)."""
    n = Names(sid)
    out = [text_field(n.name(), 16, 8.2, 62, 4.2, maxlen=40, size=3.2, tooltip="your restaurant")]
    for c, h in enumerate(hours):
        out += _hour_fields(n, c, c * pitch, grid, h["plate_x"])
    for i, ing in enumerate(inventory_rows()):
        for j in range(bullets(ing)):
            out.append(text_field(n.bullet(ing, j), 32 + 4.7 * j - 1.6, 121 + 7.1 * i + 3 - 1.6, 3.2, 3.2,
                                  maxlen=1, size=2.6, tooltip="O: obtained, X: obtained and used"))
    for i, (meal, m) in enumerate(CONTENT.meals.items()):
        for j in range(m.boxes):
            out.append(check_box(n.dish(meal, j), 98 + 40 + 8.5 * j, 121 + 12.2 * i + 1.2, 7.8, 9))
    for a, (kind, boxes) in enumerate(CONTENT.abilities.items()):
        for j in range(boxes):
            out.append(check_box(n.ability(kind, j), 24 * a + 15 + 4.2 * j, 242 - 0.2, 3.4, 3.4))
    out.append(text_field(n.total(), 113, 240.6, 22, 5, maxlen=4, size=4.0, tooltip="your total"))
    return out
