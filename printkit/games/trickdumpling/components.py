"""Trick Dumpling's printed components: cards, missions, rank boards, cooks, score track, aid.

The content comes from data.yaml (via :mod:`content`); the look from layouts/trickdumpling/.
"""

from __future__ import annotations

from printkit.core.build import build_document
from printkit.core.colour import Colour
from printkit.core.draw.ops import Document
from printkit.core.draw.page import FooterInfo, PrintOptions
from printkit.core.layout.load import load_layout
from printkit.core.layout.template import fill
from printkit.games.trickdumpling.content import CONTENT

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
    # Special cards: a tint of the wild colour their icons are drawn in (layouts/trickdumpling/icons.yaml).
    wild = load_layout("trickdumpling/icons.yaml").colours["wild"].colour
    pal["tint-special"] = {"colour": _tint(wild), "bw": "#ffffff"}
    return pal


def _specials() -> dict[str, dict]:
    return {sp["code"]: sp for sp in CONTENT.specials}


def cards_data() -> dict:
    cards = []
    specials = _specials()
    for c in CONTENT.deck(5):
        if c.special:
            sp = specials[c.code]
            cards.append({"code": c.code, "number": "GS" if c.steamer else str(c.value),
                          "letter": "" if c.steamer else "W", "icon": "steamer" if c.steamer else "wild",
                          "name": sp["name"], "rule": sp.get("rule", ""), "tint": "tint-special"})
        else:
            s = CONTENT.suit(c.suit)
            cards.append({"code": c.code, "number": str(c.value), "letter": s.letter, "icon": f"suit-{s.id}",
                          "name": f"{s.name} {c.value}", "rule": "", "tint": f"tint-{s.id}"})
    return {"cards": cards, "palette": palette()}


def missions_data() -> dict:
    m = CONTENT.missions
    secrets = [dict(m["nephew"], icon="dumpling")] * 4 + [dict(m["spy"], icon="wild")]
    return {"missions": secrets, "basic": m["basic"], "palette": palette()}


def boards_data() -> dict:
    boards = [{"suit": s.id, "name": s.name, "letter": s.letter, "tint": f"tint-{s.id}", "aid": "",
               "cards": " ".join(c.code for c in CONTENT.deck(5) if c.suit == s.id)} for s in CONTENT.suits]
    boards.append({"suit": "", "aid": "yes", "name": "", "letter": "", "tint": "paper", "cards": ""})
    return {"boards": boards, "palette": palette()}


def cooks_data() -> dict:
    return {"cooks": list(CONTENT.cooks), "palette": palette()}


def track_data() -> dict:
    goals: dict[int, list[str]] = {}
    for players, points in sorted(CONTENT.threshold.items()):
        goals.setdefault(points, []).append(str(players))
    label = load_layout("trickdumpling/track.yaml").spec.data["goal_label"]
    steps = []
    for pts in range(16):
        who = goals.get(pts)
        players = ("-".join([who[0], who[-1]]) if len(who) > 1 else who[0]) if who else ""
        steps.append({"points": pts, "style": "goal" if who else "box",
                      "goal": fill(label, {"players": players}) if who else ""})
    return {"steps": steps, "palette": palette()}


def aid_data() -> dict:
    """The aid's sections from layouts/trickdumpling/aid.yaml, with the numbers from data.yaml filled in."""
    values = {"deal": CONTENT.deal, "threshold": CONTENT.threshold}
    sections = [{"title": sec["title"], "text": fill(sec["text"], values)}
                for sec in load_layout("trickdumpling/aid.yaml").spec.data["sections"]]
    return {"sections": sections, "palette": palette()}


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
