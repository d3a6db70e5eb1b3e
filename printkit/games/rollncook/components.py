"""The Roll n Cook sheet: data for layouts/rollncook/sheet.yaml from the seeded sheet."""

from __future__ import annotations

import math

from printkit.core.build import build_document
from printkit.core.draw.ops import Document
from printkit.core.draw.page import FooterInfo, PrintOptions
from printkit.core.qr import qr_path
from printkit.errors import PrintkitError
from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.sheet import Sheet, generate

GAME = "rollncook"
HEX_R = 7.4  # the hexagonal tables' radius, mm


def icon(ingredient: str) -> str:
    return "ing-" + ingredient.replace(" ", "_")


def _segments() -> list[dict]:
    """Six triangles of a pointy-topped hexagon, clockwise from the top; face k on segment k."""
    out = []
    for k in range(6):
        a0, a1 = math.radians(-90 + 60 * k), math.radians(-30 + 60 * k)
        am = (a0 + a1) / 2
        pts = {"ax": HEX_R * math.cos(a0), "ay": HEX_R * math.sin(a0),
               "bx": HEX_R * math.cos(a1), "by": HEX_R * math.sin(a1),
               "px": HEX_R * 0.78 * math.cos(am), "py": HEX_R * 0.78 * math.sin(am),
               "ix": HEX_R * 0.45 * math.cos(am), "iy": HEX_R * 0.45 * math.sin(am)}
        out.append({"n": k + 1, **{key: round(v, 4) + 0.0 for key, v in pts.items()}})
    return out


SEGMENTS = _segments()


def static_data() -> dict:
    hours = []
    for clock, plates in zip(CONTENT.hours, CONTENT.plates):
        hours.append({"clock": clock, "plate_list": list(range(plates)),
                      "plate_x": 7.9167 - (plates - 1) * 1.6})
    inventory = [{"icon": icon(b), "name": b, "recipe": "", "bullets": list(range(12))}
                 for b in CONTENT.basics + (CONTENT.mystery,)]
    inventory += [{"icon": icon(r), "name": r, "recipe": " + ".join(parts), "bullets": list(range(6))}
                  for r, parts in CONTENT.rares.items()]
    meals = [{"name": m.name, "value": m.value, "icons": [icon(i) for i in m.ingredients],
              "boxes": [f"+{b}" if b else "" for b in m.bonuses]} for m in CONTENT.meals.values()]
    abilities = [{"name": {"adjust": "±1", "set": "set", "reuse": "reuse", "add": "add"}[k],
                  "boxes": list(range(n))} for k, n in CONTENT.abilities.items()]
    return {"hours": hours, "hex_segments": SEGMENTS, "inventory": inventory, "meals": meals,
            "abilities": abilities, "stars": list(CONTENT.stars)}


COL_W = 190 / 12  # the hour columns' pitch in layouts/rollncook/sheet.yaml
TOP, BOX_Y, BOX_DY, TABLE_Y = 20.0, 17.0, 9.4, 82.0


def sheet_data(sheet: Sheet) -> dict:
    """A sheet's own marks, placed: the dark rare boxes and every ingredient icon."""
    dark, icons = [], []
    for c, h in enumerate(sheet.hours):
        x = c * COL_W
        for k, box in enumerate(h.boxes):
            y = TOP + BOX_Y + k * BOX_DY
            if h.box_kind(k) == "rare":
                dark.append({"x": round(x + 0.4, 4), "y": round(y, 4), "n": k + 1,
                             "tx": round(x + 1.0, 4), "ty": round(y + 0.4, 4)})
            scale = 0.55 if len(box) == 1 else 0.42
            x0 = 7.9167 if len(box) == 1 else 7.9167 - 2.7
            for j, ing in enumerate(box):
                icons.append({"s": icon(ing), "x": round(x + x0 + j * 5.4, 4), "y": round(y + 5, 4), "k": scale})
        for k, ing in enumerate(h.table):
            icons.append({"s": icon(ing), "x": round(x + 7.9167 + SEGMENTS[k]["ix"], 4),
                          "y": round(TOP + TABLE_Y + SEGMENTS[k]["iy"], 4), "k": 0.3})
    return {"id": sheet.id, "seed": sheet.seed, "dark": dark, "icons": icons}


def _count(count: str) -> int:
    try:
        n = int(count)
    except ValueError:
        n = 0
    if not 1 <= n <= 10000:
        raise PrintkitError(f"--set count: 1 to 10000 sheets, got {count!r}")
    return n


def dump_sheets(opts: PrintOptions, count: str = "1") -> dict:
    """The sheets' contents as data: id, seed, content version, and every hour's boxes and table."""
    seed = opts.seed or 0
    sheets = [generate(seed + i).to_data() for i in range(_count(count))]
    return sheets[0] if len(sheets) == 1 else {"sheets": sheets}


def build_sheets(opts: PrintOptions, count: str = "1") -> Document:
    """Sheets for ``count`` consecutive seeds from ``opts.seed``, one page each."""
    n = _count(count)
    seed = opts.seed or 0
    sheets = [sheet_data(generate(seed + i)) for i in range(n)]
    data = {**static_data(), "sheets": sheets, "palette": {},
            "slots": {"qr": lambda r, ctx, w, h: [qr_path(ctx["s"]["id"], w, tag="qr")]}}
    return build_document("rollncook/sheet.yaml", opts, FooterInfo(GAME, "sheet", seed if n == 1 else None), data)
