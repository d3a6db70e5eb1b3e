"""The fillable sheet's fields (issue 14): one over every mark a player makes, named after the sheet.

Names are ``SHEET:PART``, so a filled form says which sheet it is (``RNC1-7:h10:die1``):

- ``name``: the restaurant's name; ``meals``, ``rares_left`` and ``total``: the totals the player
  wrote (the meals' points, the rare ingredients left, their sum);
- ``hH:die1`` .. ``die3``: the dice of hour H (10 to 21), one digit 1 to 6 each;
- ``hH:box1`` .. ``box6``: hour H's boxes crossed; ``hH:seg1`` .. ``seg6``: the segments of
  hour H's hexagonal table crossed; ``hH:plate1`` ..: hour H's plates crossed;
- ``inv:INGREDIENT:1:got`` and ``inv:INGREDIENT:1:used`` ..: each inventory bullet's two check
  boxes: ``got`` circled (obtained), ``used`` crossed (obtained and used: ``used`` alone reads
  as both, as a cross on paper is over a circled bullet); spaces in names are ``_``;
- ``inv:INGREDIENT:more``: how many more of it the player obtained than the row has bullets
  (the printed row's "more" box, where a pen tallies them);
- ``meal:MEAL:1`` ..: the meal's dish boxes circled, left to right;
- ``ability:KIND:1`` ..: the ability boxes crossed (adjust, set, reuse, add).

Positions are geometry.py's, from layouts/rollncook/sheet.yaml: the same numbers the layout draws with.
Every check box takes a tap over as much of the printed sheet as is its own (:func:`targets`
gives each kind's target and mark boxes; docs/fillable.md lists their sizes), and a tap draws
the paper's mark: a cross, or a ring around an inventory bullet.
"""

from __future__ import annotations

from printkit.core.draw.ops import Field
from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.geometry import ability_box, bullet, dish_box, more_box

#: Inventory bullets a row: basics and the mystery ingredient, then rare ingredients (issue 28:
#: as many as the row holds beside its "more" box; printkit/games/rollncook/inventory.py
#: bounds what a game can circle, and a row's "more" box takes what its bullets cannot).
BULLETS_BASIC, BULLETS_RARE = 14, 14


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

    def bullet(self, ingredient: str, j: int, which: str) -> str:
        """Bullet ``j``'s check box ``which``: ``got`` (circled) or ``used`` (crossed)."""
        return f"{self.sid}:inv:{part(ingredient)}:{j + 1}:{which}"

    def more(self, ingredient: str) -> str:
        """The row's "more" box: how many were obtained past its bullets."""
        return f"{self.sid}:inv:{part(ingredient)}:more"

    def dish(self, meal: str, j: int) -> str:
        return f"{self.sid}:meal:{part(meal)}:{j + 1}"

    def ability(self, kind: str, j: int) -> str:
        return f"{self.sid}:ability:{kind}:{j + 1}"


def hour_words(i: int) -> str:
    """Hour index 0 as the sheet prints it, ``10:00`` (field tooltips: ``10:00, die 1``)."""
    return f"{CONTENT.first_hour + i}:00"


#: A plate's target starts this far below the clock's top (under the printed time), mm.
PLATE_TOP = 3.6
#: A bullet's cell (bullet_dx wide, inv_dy high) holds two targets. Each draws its mark on the
#: bullet, so both cover it: "used" (a cross BULLET_CROSS wide, on the bullet) from USED_ABOVE
#: mm above the bullet's centre to the cell's bottom, "got" (a ring RING_GAP mm outside the
#: printed bullet) from the cell's top to the ring's bottom. Where they overlap, PDFium gives
#: the tap to the first in the page's /Annots (tests/games/rollncook/test_fillable_taps.py):
#: "used" comes first, so the cell above USED_ABOVE is "got" and the rest is "used". A viewer
#: that gives it to the later one still has both: "got" down to the ring, "used" below it.
USED_ABOVE, BULLET_CROSS = 0.9, 2.6
RING_GAP = 0.45
#: A dish box's cross leaves its top this high clear: the printed bonus (``+2``) is there, mm.
BONUS_H = 2.9
#: An ability box's target starts this far below its card's top (under the effect's text), mm.
ABILITY_TOP = 8.0

Box = tuple[float, float, float, float]


def _segment_target(seg: dict) -> Box:
    """The largest axis-aligned rectangle inside a table segment (about the hexagon's centre):
    each segment of a pointy-topped hexagon has one vertical side, and the largest rectangle in
    a triangle on a side reaches half way to the opposite corner and is half the side high."""
    pts = [(0.0, 0.0), (seg["ax"], seg["ay"]), (seg["bx"], seg["by"])]
    for i in range(3):
        (x0, y0), (x1, y1), apex = pts[i], pts[(i + 1) % 3], pts[(i + 2) % 3]
        if abs(x0 - x1) < 1e-6:
            xm = (x0 + apex[0]) / 2
            ya, yb = sorted(((y0 + apex[1]) / 2, (y1 + apex[1]) / 2))
            return (min(x0, xm), ya, abs(xm - x0), yb - ya)
    raise ValueError("a table segment without a vertical side")  # pragma: no cover - geometry.py's hexagon


def _centred(box: Box, side: float) -> Box:
    """A square of ``side`` centred in ``box``."""
    x, y, w, h = box
    return (x + (w - side) / 2, y + (h - side) / 2, side, side)


def targets(geo: dict, plate_x: float, plates: int) -> dict[str, list[tuple[Box, Box]]]:
    """Each check box kind's (target, mark) boxes in mm, about the hour column's left edge and
    the hours' top (``plates``, ``boxes``, ``segments``), or in the design box (the others,
    for the first row, dish box or ability box: the others are at their pitch)."""
    top = geo["top"]
    inset, col_w = geo["inset"], geo["col_w"]
    centres = [plate_x + j * geo["plate_dx"] for j in range(plates)]
    edges = [inset, *((a + b) / 2 for a, b in zip(centres[:-1], centres[1:], strict=True)), inset + col_w]
    side = 2 * geo["plate_r"] + 0.4
    plate_y, plate_h = top + PLATE_TOP, geo["clock_h"] - PLATE_TOP
    out: dict[str, list[tuple[Box, Box]]] = {
        "plates": [((edges[j], plate_y, edges[j + 1] - edges[j], plate_h),
                    (cx - side / 2, top + geo["plate_y"] - side / 2, side, side)) for j, cx in enumerate(centres)]}
    half_gap = geo["box_gap"] / 2
    out["boxes"] = []
    for k in range(6):
        y = top + geo["box_y"] + k * geo["box_dy"]
        box = (inset, y, col_w, geo["box_h"])
        out["boxes"].append(((inset, y - half_gap, col_w, geo["box_h"] + 2 * half_gap), _centred(box, geo["box_h"] - 1)))
    cy = top + geo["table_y"]
    out["segments"] = []
    for seg in geo["segments"]:
        x, y, w, h = _segment_target(seg)
        target = (geo["mid"] + x, cy + y, w, h)
        out["segments"].append((target, _centred(target, min(3.4, w, h))))
    cx, cy = bullet(geo, 0, 0)
    cell = (cx - geo["bullet_dx"] / 2, geo["rows_y"], geo["bullet_dx"], geo["inv_dy"])
    ring = 2 * (geo["bullet_r"] + RING_GAP)
    used_y = cy - USED_ABOVE
    out["got"] = [((cell[0], cell[1], cell[2], cy + ring / 2 - cell[1]), (cx - ring / 2, cy - ring / 2, ring, ring))]
    cross = (cx - BULLET_CROSS / 2, used_y, BULLET_CROSS, BULLET_CROSS)
    out["used"] = [((cell[0], used_y, cell[2], cell[1] + cell[3] - used_y), cross)]
    dx, dy, dw, dh = dish_box(geo, 0, 0)
    gap = geo["dish_dx"] - geo["dish_w"]
    row_y = geo["rows_y"]
    clear = dh - BONUS_H - 0.4
    out["dishes"] = [((dx - gap / 2, row_y + 0.3, geo["dish_dx"], geo["meal_h"] - 0.6),
                      (dx + (dw - clear) / 2, dy + BONUS_H, clear, clear))]
    ax, ay, aw, ah = ability_box(geo, 0, 0)
    gap = geo["ab_box_gap"]
    out["abilities"] = [((ax - gap / 2, geo["ab_y"] + ABILITY_TOP, aw + gap, geo["ability_h"] - ABILITY_TOP - 0.3),
                         (ax, ay, aw, ah))]
    return out


def _moved(boxes: tuple[Box, Box], dx: float, dy: float) -> tuple[Box, Box]:
    return tuple((x + dx, y + dy, w, h) for x, y, w, h in boxes)  # type: ignore[return-value]


def _hour_fields(n: Names, c: int, x: float, geo: dict, plate_x: float) -> list[Field]:
    """Hour ``c``'s fields, top to bottom: its plates (in the clock), its dice boxes, its six
    boxes and its table's segments."""
    from printkit.core.forms import check_box, text_field

    top, die = geo["top"], geo["die"]
    out: list[Field] = []
    hour = hour_words(c)
    kinds = targets(geo, plate_x, CONTENT.plates[c])
    for j, boxes in enumerate(kinds["plates"]):
        target, mark = _moved(boxes, x, 0)
        out.append(check_box(n.plate(c, j), *target, mark="cross", glyph=mark, tooltip=f"{hour}, plate {j + 1}"))
    for d, at in enumerate(geo["dice"]):
        out.append(text_field(n.die(c, d), x + at["x"], top + at["y"], die, die, maxlen=1, size=5.0,
                              tooltip=f"{hour}, die {d + 1}"))
    for k, boxes in enumerate(kinds["boxes"]):
        target, mark = _moved(boxes, x, 0)
        out.append(check_box(n.box(c, k), *target, mark="cross", glyph=mark, tooltip=f"{hour}, box {k + 1}"))
    for k, boxes in enumerate(kinds["segments"]):
        target, mark = _moved(boxes, x, 0)
        out.append(check_box(n.seg(c, k), *target, mark="cross", glyph=mark, tooltip=f"{hour}, table segment {k + 1}"))
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
    kinds = targets(geo, 0.0, 0)
    for i, ing in enumerate(inventory_rows()):
        for j in range(bullets(ing)):
            dx, dy = j * geo["bullet_dx"], i * geo["inv_dy"]
            target, mark = _moved(kinds["used"][0], dx, dy)  # first: see USED_ABOVE
            out.append(check_box(n.bullet(ing, j, "used"), *target, mark="cross", glyph=mark,
                                 tooltip=f"{ing} {j + 1}: crossed (used)"))
            target, mark = _moved(kinds["got"][0], dx, dy)
            out.append(check_box(n.bullet(ing, j, "got"), *target, mark="ring", glyph=mark,
                                 tooltip=f"{ing} {j + 1}: circled (obtained)"))
        out.append(text_field(n.more(ing), *more_box(geo, i), maxlen=2, size=3.2,
                              tooltip=f"{ing}: how many more than the row's {bullets(ing)} bullets"))
    for i, (meal, m) in enumerate(CONTENT.meals.items()):
        for j in range(m.boxes):
            target, mark = _moved(kinds["dishes"][0], j * geo["dish_dx"], i * geo["meal_dy"])
            out.append(check_box(n.dish(meal, j), *target, mark="cross", glyph=mark, tooltip=f"{meal}, dish box {j + 1}"))
    for a, (kind, boxes) in enumerate(CONTENT.abilities.items()):
        for j in range(boxes):
            target, mark = _moved(kinds["abilities"][0], a * geo["ab_dx"] + j * geo["ab_box_step"], 0)
            out.append(check_box(n.ability(kind, j), *target, mark="cross", glyph=mark, tooltip=f"{kind} {j + 1}"))
    for t in totals:
        out.append(text_field(n.total(t["field"]), t["x"], geo["totals_y"], t["w"], geo["total_box_h"], maxlen=4,
                              size=4.0, tooltip=total_words(t["label"])))
    return out
