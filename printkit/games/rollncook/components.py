"""The Roll n Cook sheet: data for layouts/rollncook/sheet.yaml from the seeded sheet."""

from __future__ import annotations

from printkit.core.build import build_document
from printkit.core.draw.ops import Document, LazySequence
from printkit.core.draw.page import FooterInfo, PrintOptions
from printkit.core.fonts import get_font
from printkit.core.layout.load import load_layout
from printkit.core.qr import qr_path
from printkit.core.typescale import at_least_minimum
from printkit.errors import PrintkitError
from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.form import BULLETS_BASIC, BULLETS_RARE, field_ops
from printkit.games.rollncook.geometry import LAYOUT, geometry
from printkit.games.rollncook.sheet import Sheet, generate

GAME = "rollncook"
#: Between the outermost plate's rim and the fork's or knife's middle, mm.
CUTLERY_GAP = 1.1
#: Between an inventory row's text and its dotted leader, and the leader and the first bullet, mm.
LEADER_GAP = 1.5
#: Fillable sheets in one file at most (a form is for players at a table, not a print run).
MAX_FILLABLE = 200


def icon(ingredient: str) -> str:
    return "ing-" + ingredient.replace(" ", "_")


def _layout_data() -> dict:
    """The sheet layout's own data: its sizes (``grid``), the abilities' texts, the totals."""
    return load_layout(LAYOUT).spec.data


def _pitch() -> float:
    """The hour columns' pitch: the layout's design width shared by the hours."""
    return geometry()["pitch"]


def _inventory(geo: dict) -> list[dict]:
    """The inventory's rows: basics, the mystery ingredient, then rares with their recipes (RNC-6).

    Each row's name (and recipe) is joined to its bullets by a dotted leader (issue 28: the
    names are short and the bullets start far to their right) at the bullets' height, from
    LEADER_GAP mm past the longer of its texts (as the layout prints them) to LEADER_GAP mm
    before the first bullet; a row whose text reaches closer than that has none."""
    mid, name_h = geo["inv_mid"], 2.6
    styles = load_layout(LAYOUT).styles
    end = geo["bullet_x"] - geo["bullet_r"] - LEADER_GAP

    def leader(name: str, recipe: str) -> dict:
        wide = 0.0
        for text, st in ((name, styles["invname"]), (recipe, styles["caption"])):
            assert isinstance(st.font, str) and isinstance(st.font_size, float)
            wide = max(wide, get_font(st.font).width(text, at_least_minimum(st.font_size)))
        start = geo["inv_name_x"] + wide + LEADER_GAP
        return {"leader": "yes" if end - start >= 2 * LEADER_GAP else "", "leader_x": round(start, 4),
                "leader_x2": round(end, 4)}

    rows = [{"icon": icon(b), "name": b, "recipe": "", "bullets": list(range(BULLETS_BASIC)),
             "name_y": round(mid - name_h / 2, 4), "recipe_y": 0.0, **leader(b, "")}
            for b in CONTENT.basics + (CONTENT.mystery,)]
    rows += [{"icon": icon(r), "name": r, "recipe": " + ".join(parts), "bullets": list(range(BULLETS_RARE)),
              "name_y": round(mid - name_h, 4), "recipe_y": round(mid + 0.1, 4), **leader(r, " + ".join(parts))}
             for r, parts in CONTENT.rares.items()]
    return rows


def static_data(paper: str = "a4") -> dict:
    """What every sheet on ``paper`` shares: the geometry, hours, inventory, meals and abilities."""
    data = _layout_data()
    geo = geometry(paper)
    hours = []
    for clock, plates in zip(CONTENT.hours, CONTENT.plates, strict=True):
        plate_x = round(geo["mid"] - (plates - 1) * geo["plate_dx"] / 2, 4)
        # a fork left of the plates and a knife right of them, as a place is laid (RNC-7)
        side = (plates - 1) * geo["plate_dx"] / 2 + geo["plate_r"] + CUTLERY_GAP
        hours.append({"clock": clock, "plates": plates, "plate_list": list(range(plates)), "plate_x": plate_x,
                      "no_plate": "" if plates else "yes",
                      "fork_x": round(geo["mid"] - side, 4), "knife_x": round(geo["mid"] + side, 4)})
    units = data["points"]
    meals = [{"name": m.name, "value": m.value, "icons": [icon(i) for i in m.ingredients],
              "points": f"{m.value} {units['one'] if m.value == 1 else units['many']}",
              "boxes": [f"+{b}" if b else "" for b in m.bonuses]} for m in CONTENT.meals.values()]
    texts = data["ability_text"]
    abilities = [{**texts[k], "kind": k, "boxes": list(range(n))} for k, n in CONTENT.abilities.items()]
    return {"geo": geo, "pitch": geo["pitch"], "hours": hours, "inventory": _inventory(geo),
            "meals": meals, "abilities": abilities, "stars": list(CONTENT.stars), "dice_key": dice_key(geo)}


def dice_key(geo: dict) -> dict:
    """Where an hour's dice boxes say what goes in them (issue 28): a die icon over the word
    "roll", centred in the room left of the third box (under the first box), from the column's left edge. Read
    from the geometry, which it leaves as it is (the photo reader and the form use its keys)."""
    lone = geo["dice"][2]
    x = (geo["inset"] + lone["x"]) / 2
    top, die = lone["y"], geo["die"]
    return {"x": round(x, 4), "icon_y": round(top + die * 0.3, 4), "word_y": round(top + die * 0.8, 4)}


def _box_icons(box: tuple[str, ...], x: float, y: float, geo: dict) -> list[dict]:
    """A box's ingredient icons: one on the column's centre line, or two about it."""
    one = len(box) == 1
    scale = geo["icon_scale"] if one else geo["icons_scale"]
    x0 = geo["mid"] if one else geo["mid"] - geo["icon_dx"] / 2
    return [{"s": icon(ing), "x": round(x + x0 + j * geo["icon_dx"], 4), "y": round(y + geo["icon_y"], 4), "k": scale}
            for j, ing in enumerate(box)]


def sheet_data(sheet: Sheet, paper: str = "a4") -> dict:
    """A sheet's own marks, placed on the layout's geometry: the rare boxes and every ingredient icon."""
    return _marks(sheet, geometry(paper))


def _marks(sheet: Sheet, geo: dict) -> dict:
    """:func:`sheet_data` on a geometry worked out once (a --count run places every sheet on it)."""
    pitch = geo["pitch"]
    rare, icons = [], []
    for c, h in enumerate(sheet.hours):
        x = c * pitch
        for k, box in enumerate(h.boxes):
            y = geo["top"] + geo["box_y"] + k * geo["box_dy"]
            if h.box_kind(k) == "rare":
                bx = x + geo["inset"]
                rare.append({"x": round(bx, 4), "y": round(y, 4), "n": k + 1,
                             "tx": round(bx + geo["num_x"], 4), "ty": round(y + geo["num_y"], 4),
                             "mx": round(bx + geo["col_w"] - 2.0, 4), "my": round(y + 2.0, 4)})
            icons += _box_icons(box, x, y, geo)
        table_y = geo["top"] + geo["table_y"]
        for k, ing in enumerate(h.table):
            seg = geo["segments"][k]
            icons.append({"s": icon(ing), "x": round(x + geo["mid"] + seg["ix"], 4),
                          "y": round(table_y + seg["iy"], 4), "k": geo["table_icon_scale"][ing]})
    return {"id": sheet.id, "seed": sheet.seed, "rare": rare, "icons": icons}


def dump_sheets(opts: PrintOptions, count: int = 1, fillable: bool = False) -> dict:
    """The sheets' contents as data: id, seed, content version, and every hour's boxes and table."""
    seed = opts.seed or 0
    sheets = [generate(seed + i).to_data() for i in range(count)]
    return sheets[0] if len(sheets) == 1 else {"sheets": sheets}


def _fields(canvas, ctx: dict, w: float, h: float) -> list:
    """The fillable sheet's form fields (form.py), in the design box."""
    return field_ops(ctx["s"]["id"], ctx["geo"], ctx["hours"], ctx["totals"])


def build_sheets(opts: PrintOptions, count: int = 1, fillable: bool = False) -> Document:
    """Sheets for ``count`` consecutive seeds from ``opts.seed``, one page each; ``fillable``
    puts a PDF form field over every mark a player makes (issue 14)."""
    n = count
    if fillable and n > MAX_FILLABLE:
        raise PrintkitError(f"--fillable: at most {MAX_FILLABLE} sheets in one file (each has 711 form fields, "
                            f"about 0.5 s and 280 KB a sheet); got --count {n}")
    seed = opts.seed or 0
    # Made as each page is drawn: --count 10000 never holds 10,000 sheets' data at once. Each
    # sheet is drawn once, so not through generate's cache of the last 512 sheets (kept for
    # scoring records): that would be ~3 MB more at 512 sheets than at 100 (flat memory).
    geo = geometry(opts.paper)
    sheets = LazySequence(n, lambda i: _marks(generate.__wrapped__(seed + i), geo))
    data = {**static_data(opts.paper), "sheets": sheets, "palette": {}, "fillable": fillable,
            "slots": {"qr": lambda r, ctx, w, h: [qr_path(ctx["s"]["id"], w, quiet=geo["qr_quiet"], tag="qr")],
                      "fields": _fields}}
    return build_document(LAYOUT, opts, FooterInfo(GAME, "sheet", seed if n == 1 else None), data)
