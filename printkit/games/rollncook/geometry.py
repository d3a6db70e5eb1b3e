"""Where every part of the Roll n Cook sheet goes (issue 12), for one paper.

The numbers (sizes, gaps) are layouts/rollncook/sheet.yaml's ``grid`` data; this module stacks
the parts down the page and shares the height the paper gives between the rows of the
inventory and the cookbooks, so the sheet fills A4 and Letter alike. The layout draws from the
result (``geo``), the sheet's own marks (rare boxes, icons) are placed from it, and the fillable
sheet's fields (form.py) are put over the very same rectangles.

Coordinates are mm in the design box, y down; a column's parts are given from the column's
left edge (column ``c`` starts at ``c * pitch``).
"""

from __future__ import annotations

import math

from printkit.core.draw.page import PrintOptions, content_box
from printkit.core.layout.load import load_layout
from printkit.games.rollncook.content import CONTENT

LAYOUT = "rollncook/sheet.yaml"


def params() -> dict:
    """The layout's sizes and gaps (its ``grid`` data)."""
    return dict(load_layout(LAYOUT).spec.data["grid"])


def _r(v: float) -> float:
    return round(v, 4) + 0.0


def _segments(g: dict) -> list[dict]:
    """Six triangles of a pointy-topped hexagon about (0, 0), clockwise from the top; segment k is
    die face k + 1. Each gives its corners (a, b), its digit's, its icon's and its field's centre (RNC-1)."""
    r = g["table_r"]
    out = []
    for k in range(6):
        a0, a1 = math.radians(-90 + 60 * k), math.radians(-30 + 60 * k)
        am = (a0 + a1) / 2
        at = {"a": (r, a0), "b": (r, a1), "d": (r * g["digit_at"], am), "i": (r * g["table_icon_at"], am),
              "f": (r / math.sqrt(3), am)}  # the centroid: a 3.4 mm field there stays inside
        pts = {f"{key}{axis}": _r(d * (math.cos(ang) if axis == "x" else math.sin(ang)))
               for key, (d, ang) in at.items() for axis in "xy"}
        out.append({"n": k + 1, **pts})
    return out


def _column(g: dict, pitch: float) -> dict:
    """An hour column's parts, from its left edge and from the hours' top."""
    mid = pitch / 2
    die, gap = g["die"], g["die_gap"]
    dice_y = g["clock_h"] + g["gap"]
    # Two boxes, then the third under the second: the room under the first says what they take
    # (a die over "roll", 2 mm or more from the box: components.dice_key).
    dice = [(mid - die - gap / 2, dice_y), (mid + gap / 2, dice_y), (mid + gap / 2, dice_y + die + gap)]
    box_y = dice_y + 2 * die + gap + g["gap"]
    box_dy = g["box_h"] + g["box_gap"]
    table_y = box_y + 6 * box_dy - g["box_gap"] + g["gap"] + g["table_r"]
    return {"mid": _r(mid), "inset": g["inset"], "col_w": _r(pitch - 2 * g["inset"]),
            "dice": [{"x": _r(x), "y": _r(y)} for x, y in dice],
            "box_y": _r(box_y), "box_dy": _r(box_dy), "table_y": _r(table_y),
            "bottom": _r(table_y + g["table_r"] * 1.0)}


def _geometry(paper: str) -> dict:
    g = params()
    _, _, _, avail_h = content_box(PrintOptions(paper=paper))
    w, h = g["width"], math.floor(avail_h * 10) / 10
    pitch = w / len(CONTENT.hours)
    col = _column(g, pitch)
    lower = g["top"] + col["bottom"] + g["section_gap"]
    rows_y = lower + g["head_h"]
    ab_y = h - g["fid"] - g["gap"] - g["ability_h"]
    rows_h = ab_y - g["section_gap"] - rows_y
    inv_rows = len(CONTENT.basics) + 1 + len(CONTENT.rares)
    meal_dy = (rows_h - g["totals_h"]) / len(CONTENT.meals)
    ab_w = (w - 3 * g["ability_gap"]) / 4
    totals_y = rows_y + len(CONTENT.meals) * meal_dy + (g["totals_h"] - 7.0) / 2
    return {**g, **col, "w": w, "h": h, "pitch": _r(pitch), "lower": _r(lower), "rows_y": _r(rows_y),
            "inv_dy": _r(rows_h / inv_rows), "meal_dy": _r(meal_dy), "meal_h": _r(meal_dy - g["row_gap"]),
            "ab_y": _r(ab_y), "ab_w": _r(ab_w), "ab_dx": _r(ab_w + g["ability_gap"]),
            "fid_right": _r(w - g["fid"]), "fid_bottom": _r(h - g["fid"]),
            "qr_x": _r(w - g["fid"] - g["gap"] - g["qr"]),
            "name_x": 23.0, "name_x2": 84.0, "name_y": 12.0, "sid_x": _r(g["fid"] + 2 * g["gap"]),
            "inv_mid": _r(rows_h / inv_rows / 2), "meal_icon_y": _r(meal_dy - g["row_gap"] - 2.9),
            "dish_y": _r((meal_dy - g["row_gap"] - g["dish_h"]) / 2),
            "totals_y": _r(totals_y), "total_box_h": 7.0, "totals_mid": _r(totals_y + 3.5),
            "ab_box_step": _r(g["ab_box"] + g["ab_box_gap"]),
            "segments": _segments(g),
            # the plate icon's well; "no plate" where an hour has none (under the time)
            "plate_well": _r(g["plate_r"] * 0.6), "no_plate_y": _r(g["plate_y"] - 1.2),
            # a row's "more" box, centred on the row; the word before it, right-aligned
            "more_y": _r((rows_h / inv_rows - g["more_h"]) / 2), "more_label_x": _r(g["more_x"] - 0.6 - 7)}


def geometry(paper: str = "a4") -> dict:
    """The sheet's geometry on ``paper`` (a4 or letter): a fresh copy to read or extend."""
    return dict(_geometry(paper))


def dish_box(geo: dict, meal: int, j: int) -> tuple[float, float, float, float]:
    """Dish box ``j`` of meal row ``meal``: x, y, w, h."""
    y = geo["rows_y"] + meal * geo["meal_dy"] + geo["dish_y"]
    return (geo["meal_x"] + geo["dish_x"] + j * geo["dish_dx"], y, geo["dish_w"], geo["dish_h"])


def bullet(geo: dict, row: int, j: int) -> tuple[float, float]:
    """Inventory bullet ``j`` of row ``row``: its centre."""
    return (geo["bullet_x"] + j * geo["bullet_dx"], geo["rows_y"] + row * geo["inv_dy"] + geo["inv_mid"])


def more_box(geo: dict, row: int) -> tuple[float, float, float, float]:
    """Inventory row ``row``'s "more" box, where a player tallies past the row's bullets: x, y, w, h."""
    return (geo["more_x"], geo["rows_y"] + row * geo["inv_dy"] + geo["more_y"], geo["more_w"], geo["more_h"])


def ability_box(geo: dict, a: int, j: int) -> tuple[float, float, float, float]:
    """Box ``j`` of ability ``a`` (in the data's order): x, y, w, h."""
    x = a * geo["ab_dx"] + geo["ab_text_x"] + j * (geo["ab_box"] + geo["ab_box_gap"])
    return (x, geo["ab_y"] + geo["ab_box_y"], geo["ab_box"], geo["ab_box"])
