"""The fillable sheet's fields (issue 14): one over every mark a player makes, named after the sheet.

Names are ``SHEET:PART``, so a filled form says which sheet it is (``RNC1-7:h10:die1``):

- ``name``: the restaurant's name; ``meals``, ``rares_left`` and ``total``: the totals the player
  wrote (the meals' points, the rare ingredients left, their sum);
- ``hH:die1`` .. ``die3``: the dice of hour H (10 to 21), one digit 1 to 6 each;
- ``hH:box1`` .. ``box6``: hour H's boxes crossed; ``hH:seg1`` .. ``seg6``: the segments of
  hour H's hexagonal table crossed; ``hH:plate1`` ..: hour H's plates crossed;
- ``inv:INGREDIENT:1`` ..: inventory bullets, ``O`` circled (obtained), ``X`` circled and
  crossed (obtained and used), empty neither (spaces in names are ``_``);
- ``meal:MEAL:1`` ..: the meal's dish boxes circled, left to right;
- ``ability:KIND:1`` ..: the ability boxes crossed (adjust, set, reuse, add).

Positions are geometry.py's, from layouts/rollncook/sheet.yaml: the same numbers the layout draws with.
"""

from __future__ import annotations

from printkit.core.draw.ops import Field
from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.geometry import ability_box, bullet, dish_box

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

    def total(self, which: str = "total") -> str:
        """A total's field: ``total``, or ``meals`` or ``rares_left`` (the layout's totals row)."""
        return f"{self.sid}:{which}"

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


def hour_words(i: int) -> str:
    """Hour index 0 as the sheet prints it, ``10:00`` (field tooltips: ``10:00, die 1``)."""
    return f"{CONTENT.first_hour + i}:00"


def _hour_fields(n: Names, c: int, x: float, geo: dict, plate_x: float) -> list[Field]:
    """Hour ``c``'s fields over its dice boxes, plates, six boxes and table segments."""
    from printkit.core.forms import check_box, text_field

    top, die = geo["top"], geo["die"]
    out: list[Field] = []
    hour = hour_words(c)
    for d, at in enumerate(geo["dice"]):
        out.append(text_field(n.die(c, d), x + at["x"], top + at["y"], die, die, maxlen=1, size=5.0,
                              tooltip=f"{hour}, die {d + 1}"))
    r = geo["plate_r"]
    for j in range(CONTENT.plates[c]):
        cx = x + plate_x + j * geo["plate_dx"]
        out.append(check_box(n.plate(c, j), cx - r, top + geo["plate_y"] - r, 2 * r, 2 * r,
                             tooltip=f"{hour}, plate {j + 1}"))
    for k in range(6):
        y = top + geo["box_y"] + k * geo["box_dy"]
        out.append(check_box(n.box(c, k), x + geo["inset"], y, geo["col_w"], geo["box_h"], tooltip=f"{hour}, box {k + 1}"))
    cy = top + geo["table_y"]
    for seg in geo["segments"]:  # a box about the segment's centroid, inside the segment
        out.append(check_box(n.seg(c, seg["n"] - 1), x + geo["mid"] + seg["fx"] - 1.7, cy + seg["fy"] - 1.7, 3.4, 3.4,
                             tooltip=f"{hour}, table segment {seg['n']}"))
    return out


def total_words(label: str) -> str:
    """A total's printed label as its tooltip: ``+ Rare left`` -> ``rare left``.

    >>> total_words("Meals"), total_words("+ Rare left"), total_words("= TOTAL")
    ('meals', 'rare left', 'total')
    """
    return label.lstrip("+= ").lower()


def field_ops(sid: str, geo: dict, hours: list[dict], totals: list[dict]) -> list[Field]:
    """Every field of sheet ``sid``, in the layout's design box (mm), over the very marks the
    layout draws from ``geo`` (geometry.py); ``hours`` as the layout data gives them (each with
    its ``plate_x``), ``totals`` the layout's totals row (each box with a ``field``).

    printkit.core.forms is imported here, for a fillable sheet: a plain ``make`` does not need it."""
    from printkit.core.forms import check_box, text_field

    n = Names(sid)
    out = [text_field(n.name(), geo["name_x"], geo["name_y"] - 4.2, geo["name_x2"] - geo["name_x"], 4.2,
                      maxlen=40, size=3.2, tooltip="restaurant's name")]
    for c, h in enumerate(hours):
        out += _hour_fields(n, c, c * geo["pitch"], geo, h["plate_x"])
    r = geo["bullet_r"]
    for i, ing in enumerate(inventory_rows()):
        for j in range(bullets(ing)):
            cx, cy = bullet(geo, i, j)
            out.append(text_field(n.bullet(ing, j), cx - r, cy - r, 2 * r, 2 * r,
                                  maxlen=1, size=2.6, tooltip=f"{ing} {j + 1}: O obtained, X obtained and used"))
    for i, (meal, m) in enumerate(CONTENT.meals.items()):
        for j in range(m.boxes):
            out.append(check_box(n.dish(meal, j), *dish_box(geo, i, j), tooltip=f"{meal}, dish box {j + 1}"))
    for a, (kind, boxes) in enumerate(CONTENT.abilities.items()):
        for j in range(boxes):
            out.append(check_box(n.ability(kind, j), *ability_box(geo, a, j), tooltip=f"{kind} {j + 1}"))
    for t in totals:
        out.append(text_field(n.total(t["field"]), t["x"], geo["totals_y"], t["w"], geo["total_box_h"], maxlen=4,
                              size=4.0, tooltip=total_words(t["label"])))
    return out
