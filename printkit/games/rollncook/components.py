"""The Roll n Cook sheet: data for layouts/rollncook/sheet.yaml from the seeded sheet."""

from __future__ import annotations

import math

from printkit.core.build import build_document
from printkit.core.draw.ops import Document, LazySequence
from printkit.core.draw.page import FooterInfo, PrintOptions
from printkit.core.layout.load import load_layout
from printkit.core.qr import qr_path
from printkit.errors import PrintkitError
from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.form import field_ops
from printkit.games.rollncook.sheet import Sheet, generate

GAME = "rollncook"
#: Fillable sheets in one file at most (a form is for players at a table, not a print run).
MAX_FILLABLE = 200
LAYOUT = "rollncook/sheet.yaml"


def icon(ingredient: str) -> str:
    return "ing-" + ingredient.replace(" ", "_")


def _layout_data() -> dict:
    """The sheet layout's own data: the hour columns' grid (``grid``) and printed names."""
    return load_layout(LAYOUT).spec.data


def _pitch() -> float:
    """The hour columns' pitch: the layout's design width shared by the hours."""
    size = load_layout(LAYOUT).spec.size
    assert size is not None and isinstance(size[0], float)
    return size[0] / len(CONTENT.hours)


def _segments(grid: dict) -> list[dict]:
    """Six triangles of a pointy-topped hexagon, clockwise from the top; face k on segment k."""
    r = grid["table_r"]
    out = []
    for k in range(6):
        a0, a1 = math.radians(-90 + 60 * k), math.radians(-30 + 60 * k)
        am = (a0 + a1) / 2
        pts = {"ax": r * math.cos(a0), "ay": r * math.sin(a0),
               "bx": r * math.cos(a1), "by": r * math.sin(a1),
               "px": r * grid["pip_at"] * math.cos(am), "py": r * grid["pip_at"] * math.sin(am),
               "ix": r * grid["table_icon_at"] * math.cos(am), "iy": r * grid["table_icon_at"] * math.sin(am)}
        out.append({"n": k + 1, **{key: round(v, 4) + 0.0 for key, v in pts.items()}})
    return out


def static_data() -> dict:
    data = _layout_data()
    grid = data["grid"]
    hours = []
    for clock, plates in zip(CONTENT.hours, CONTENT.plates, strict=True):
        hours.append({"clock": clock, "plate_list": list(range(plates)),
                      "plate_x": grid["mid"] - (plates - 1) * grid["plate_dx"] / 2})
    inventory = [{"icon": icon(b), "name": b, "recipe": "", "bullets": list(range(12))}
                 for b in CONTENT.basics + (CONTENT.mystery,)]
    inventory += [{"icon": icon(r), "name": r, "recipe": " + ".join(parts), "bullets": list(range(6))}
                  for r, parts in CONTENT.rares.items()]
    meals = [{"name": m.name, "value": m.value, "icons": [icon(i) for i in m.ingredients],
              "boxes": [f"+{b}" if b else "" for b in m.bonuses]} for m in CONTENT.meals.values()]
    abilities = [{"name": data["ability_names"][k], "boxes": list(range(n))} for k, n in CONTENT.abilities.items()]
    return {"pitch": _pitch(), "hours": hours, "hex_segments": _segments(grid), "inventory": inventory,
            "meals": meals, "abilities": abilities, "stars": list(CONTENT.stars)}


def _box_icons(box: tuple[str, ...], x: float, y: float, grid: dict) -> list[dict]:
    """A box's ingredient icons: one on the column's centre line, or two about it."""
    one = len(box) == 1
    scale = grid["icon_scale"] if one else grid["icons_scale"]
    x0 = grid["mid"] if one else grid["mid"] - grid["icon_dx"] / 2
    return [{"s": icon(ing), "x": round(x + x0 + j * grid["icon_dx"], 4), "y": round(y + grid["icon_y"], 4), "k": scale}
            for j, ing in enumerate(box)]


def sheet_data(sheet: Sheet) -> dict:
    """A sheet's own marks, placed on the layout's grid: the dark rare boxes and every ingredient icon."""
    grid = _layout_data()["grid"]
    segments = _segments(grid)
    pitch = _pitch()
    dark, icons = [], []
    for c, h in enumerate(sheet.hours):
        x = c * pitch
        for k, box in enumerate(h.boxes):
            y = grid["top"] + grid["box_y"] + k * grid["box_dy"]
            if h.box_kind(k) == "rare":
                bx = x + grid["inset"]
                dark.append({"x": round(bx, 4), "y": round(y, 4), "n": k + 1,
                             "tx": round(bx + grid["num_x"], 4), "ty": round(y + grid["num_y"], 4)})
            icons += _box_icons(box, x, y, grid)
        table_y = grid["top"] + grid["table_y"]
        for k, ing in enumerate(h.table):
            icons.append({"s": icon(ing), "x": round(x + grid["mid"] + segments[k]["ix"], 4),
                          "y": round(table_y + segments[k]["iy"], 4), "k": grid["table_icon_scale"]})
    return {"id": sheet.id, "seed": sheet.seed, "dark": dark, "icons": icons}


def dump_sheets(opts: PrintOptions, count: int = 1, fillable: bool = False) -> dict:
    """The sheets' contents as data: id, seed, content version, and every hour's boxes and table."""
    seed = opts.seed or 0
    sheets = [generate(seed + i).to_data() for i in range(count)]
    return sheets[0] if len(sheets) == 1 else {"sheets": sheets}


def _fields(canvas, ctx: dict, w: float, h: float) -> list:
    """The fillable sheet's form fields (form.py), in the design box."""
    grid = ctx["grid"]
    return field_ops(ctx["s"]["id"], grid, ctx["pitch"], ctx["hours"])


def build_sheets(opts: PrintOptions, count: int = 1, fillable: bool = False) -> Document:
    """Sheets for ``count`` consecutive seeds from ``opts.seed``, one page each; ``fillable``
    puts a PDF form field over every mark a player makes (issue 14)."""
    n = count
    if fillable and n > MAX_FILLABLE:
        raise PrintkitError(f"--fillable: at most {MAX_FILLABLE} sheets in one file (each has 407 form fields, "
                            f"about 0.2 s and 230 KB a sheet); got --count {n}")
    seed = opts.seed or 0
    # Made as each page is drawn: --count 10000 never holds 10,000 sheets' data at once.
    sheets = LazySequence(n, lambda i: sheet_data(generate(seed + i)))
    data = {**static_data(), "sheets": sheets, "palette": {}, "fillable": fillable,
            "slots": {"qr": lambda r, ctx, w, h: [qr_path(ctx["s"]["id"], w, tag="qr")],
                      "fields": _fields}}
    return build_document(LAYOUT, opts, FooterInfo(GAME, "sheet", seed if n == 1 else None), data)
