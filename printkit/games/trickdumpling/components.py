"""Trick Dumpling's printed components: cards, missions, rank boards, cooks, score track, aid.

The content comes from data.yaml (via :mod:`content`); the look from layouts/trickdumpling/.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.core.build import build_document
from printkit.core.colour import Colour
from printkit.core.draw.ops import Document
from printkit.core.draw.page import FooterInfo, PrintOptions
from printkit.core.fonts import get_font
from printkit.core.layout.load import load_layout
from printkit.core.layout.template import fill
from printkit.core.units import parse_length
from printkit.games.trickdumpling.content import CONTENT

if TYPE_CHECKING:
    from printkit.games.trickdumpling.content import Special

GAME = "trickdumpling"


def _tint(hex_colour: str, keep: float = 0.18) -> str:
    """A pale version of a colour (for large card areas: little ink)."""
    c = Colour.parse(hex_colour)
    mix = [keep * v + (1 - keep) for v in (c.r, c.g, c.b)]
    return Colour(*mix).hex


def palette() -> dict:
    pal = dict(CONTENT.palette)
    for s in CONTENT.suits:
        pal[f"tint-{s.id}"] = {"colour": _tint(s.colour), "bw": "#ffffff"}
        # A card's inner frame: the suit's colour; in --bw a mid grey hairline.
        pal[f"frame-{s.id}"] = {"colour": s.colour, "bw": "#8a8a8a"}
        # A rank board's title band: the suit's colour; in --bw a pale grey under black type.
        pal[f"band-{s.id}"] = {"colour": s.colour, "bw": "#ececec"}
    # Special cards: a tint of the wild colour their icons are drawn in (layouts/trickdumpling/icons.yaml).
    wild = load_layout("trickdumpling/icons.yaml").colours["wild"].colour
    pal["tint-special"] = {"colour": _tint(wild), "bw": "#ffffff"}
    pal["frame-special"] = {"colour": wild, "bw": "#8a8a8a"}
    return pal


def _specials() -> dict[str, Special]:
    return {sp["code"]: sp for sp in CONTENT.specials}


#: Numbers that read as another number upside down: underlined on the cards (DESIGN.md).
UNDERLINED = ("6", "9", "99")


def _pips(value: int, special: bool, spec: dict) -> list[dict]:
    """Where a card's pips go (layouts/trickdumpling/cards.yaml ``data.pips``), in card mm.

    A value without a pattern (W99, the Giant Steamer at 0) or with a single pip shows one large
    picture; pips below the centre are turned 180 degrees, as on playing cards.
    """
    pattern = spec["patterns"].get(value, [[0, 0]])
    middle = parse_length(spec["middle"])
    centre = parse_length(spec["centre"]["special" if special else "suit"])
    column = parse_length(spec["column"])
    # A suit card's pips by its value (`sizes`); a special card's (Schrodinger's 5, above its
    # name and rule) at the plain `size`.
    scale = spec["alone"] if len(pattern) == 1 else spec["size"] if special else spec["sizes"].get(value, spec["size"])
    return [{"x": round(middle + col * column, 3), "y": round(centre + dy, 3), "scale": scale,
             "rotate": 180 if dy > 0 else 0} for col, dy in pattern]


def _underline(number: str, layout, style_name: str, centre: float) -> dict:
    """An underline for 6, 9 and 99 (DESIGN.md), as wide as the number is printed in the
    layout's style ``style_name``, centred on ``centre`` mm."""
    if number not in UNDERLINED:
        return {"underline": "", "ul_x1": 0, "ul_x2": 0}
    style = layout.styles[style_name]
    half = get_font(style.font).width(number, style.font_size) / 2
    return {"underline": "yes", "ul_x1": round(centre - half, 3), "ul_x2": round(centre + half, 3)}


def cards_data() -> dict:
    """Each card: its index (number, suit icon, underline), its pips, its name and rule (TD-1, TD-2
    give what the cards are; players see numbers and icons, never the notation)."""
    layout = load_layout("trickdumpling/cards.yaml")
    spec = layout.spec.data["pips"]
    cards = []
    specials = _specials()
    for c in CONTENT.deck(5):
        if c.special:
            sp = specials[c.code]
            number = "" if c.steamer else str(c.value)
            card = {"icon": "steamer" if c.steamer else "wild", "name": sp["name"], "rule": sp.get("rule", ""),
                    "tint": "tint-special", "frame": "frame-special", "name_y": 52}
        else:
            assert c.suit is not None  # a card that is not special has a suit
            s = CONTENT.suit(c.suit)
            number = str(c.value)
            card = {"icon": f"suit-{s.id}", "name": s.name, "rule": "", "tint": f"tint-{s.id}", "frame": f"frame-{s.id}",
                    "name_y": 68}
        index = _underline(number, layout, "index", parse_length(layout.spec.data["corner"]["x"]))
        corner_icon = layout.spec.data["corner"]["icon" if number else "alone"]
        cards.append({"code": c.code, "number": number, **card, **index, "corner_icon": corner_icon,
                      "pips": _pips(c.value, c.special, spec)})
    return {"cards": cards, "palette": palette()}


def missions_data() -> dict:
    """TD-10: the basic mission on every front; four owner's nephews and one spy on the backs.
    Each mission's icon is the layout's symbol ``mission-KEY``."""
    m = CONTENT.missions
    secrets = [dict(m["nephew"], key="nephew")] * 4 + [dict(m["spy"], key="spy")]
    return {"missions": secrets, "basic": m["basic"], "palette": palette()}


def boards_data() -> dict:
    """TD-3: a board per suit (its icon, name and its cards' numbers as printed) and the aid board."""
    layout = load_layout("trickdumpling/rank.yaml")
    centre = parse_length(layout.spec.data["chip"]["w"]) / 2
    boards = []
    for s in CONTENT.suits:
        values = [{"number": str(n), **_underline(str(n), layout, "chipnum", centre)} for n in CONTENT.numbers]
        boards.append({"suit": s.id, "name": s.name, "tint": f"tint-{s.id}", "band": f"band-{s.id}", "aid": "",
                       "values": values})
    boards.append({"suit": "", "aid": "yes", "name": "", "tint": "paper", "band": "brand", "values": []})
    return {"boards": boards, "palette": palette()}


def cooks_data() -> dict:
    """TD-12: the five cooks; the Slacker gets a box for each of its uses (data.yaml slacker_uses)."""
    cooks = []
    for cook in CONTENT.cooks:
        uses = CONTENT.slacker_uses if cook["id"] == "slacker" else 0
        cooks.append({**cook, "uses": list(range(uses)), "uses_label": "uses" if uses else ""})
    return {"cooks": cooks, "palette": palette()}


def track_data() -> dict:
    goals: dict[int, list[str]] = {}
    for players, points in sorted(CONTENT.threshold.items()):
        goals.setdefault(points, []).append(str(players))
    label = load_layout("trickdumpling/track.yaml").spec.data["goal_label"]
    steps = []
    for pts in range(16):
        who = goals.get(pts)
        counts = ("-".join([who[0], who[-1]]) if len(who) > 1 else who[0]) if who else ""
        steps.append({"points": pts, "style": "goal" if who else "box",
                      "goal": fill(label, {"players": counts}) if who else ""})
    return {"steps": steps, "palette": palette()}


def aid_data() -> dict:
    """The aid's sections from layouts/trickdumpling/aid.yaml, with the numbers from data.yaml filled in."""
    values = {"deal": CONTENT.deal, "threshold": CONTENT.threshold,
              "special": {sp["code"]: sp for sp in CONTENT.specials}}
    sections = [{**sec, "text": fill(sec["text"], values)}
                for sec in load_layout("trickdumpling/aid.yaml").spec.data["sections"]]
    suits = [{"id": s.id, "name": s.name} for s in CONTENT.suits]
    return {"sections": sections, "suits": suits, "palette": palette()}


def _build(name: str, layout: str, data_fn):
    def build(opts: PrintOptions) -> Document:
        return build_document(f"trickdumpling/{layout}.yaml", opts, FooterInfo(GAME, name), data_fn())
    return build


build_cards = _build("cards", "cards", cards_data)
build_missions = _build("missions", "missions", missions_data)
build_rank = _build("rank", "rank", boards_data)
build_cooks = _build("cooks", "cooks", cooks_data)
build_track = _build("track", "track", track_data)
build_aid = _build("aid", "aid", aid_data)
