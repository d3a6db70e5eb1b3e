"""Trick Dumpling's printed components: cards, missions, rank boards, cooks, score track, aid.

The content comes from data.yaml (via :mod:`content`); the look from layouts/trickdumpling/.
"""

from __future__ import annotations

from printkit.core.build import build_document
from printkit.core.colour import Colour
from printkit.core.draw.ops import Document
from printkit.core.draw.page import FooterInfo, PrintOptions
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
    pal["tint-special"] = {"colour": _tint("#7d4fa8"), "bw": "#ffffff"}
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
    steps = []
    for pts in range(16):
        who = goals.get(pts)
        steps.append({"points": pts, "style": "goal" if who else "box",
                      "goal": f"end: {'-'.join([who[0], who[-1]]) if len(who) > 1 else who[0]} players" if who else ""})
    note = ("Mark each player's points after every round. The game ends after the round in which someone "
            "reaches the marked box for your player count; most points wins, ties share the win.")
    return {"steps": steps, "note": note, "palette": palette()}


def aid_data() -> dict:
    deal = CONTENT.deal
    thr = CONTENT.threshold
    sections = [
        {"title": "Setup", "text": (f"Lay out the rank boards in popularity order. Deal the mission cards (one is the spy) and "
                                    f"the cards: 2-3 players {deal[3]} each without the 1s and 9s, 4 players {deal[4]}, "
                                    f"5 players {deal[5]}.")},
        {"title": "A trick", "text": ("The chef leads; play passes clockwise. Follow the lead suit if you can, or play "
                                      "a special card. A suit over 10 turns its highest face-up card down. A suit at "
                                      "exactly 10 is a Perfect Dish: every later player says No way! (and cancels it, "
                                      "face up) or Accept! (a card face down). The winner leads the next trick.")},
        {"title": "Winning a trick", "text": ("A standing Perfect Dish wins. Otherwise the suit with the highest face-up "
                                              "total (ties: the more popular) and its highest card. Giant Steamer: if no "
                                              "suit then exceeds 10, its player wins. No regular card at all: W99, then W5.")},
        {"title": "Round end and scoring", "text": ("Basic mission: exactly 3 tricks. Owner's nephew: no trick. Spy: "
                                                    "everyone else misses. Each player who accomplished a mission "
                                                    "scores the number of players who accomplished none. The game ends "
                                                    f"at {thr[3]} points (2-3 players), {thr[4]} (4), {thr[5]} (5). "
                                                    "The last trick's winner is the next chef.")},
        {"title": "Two players: the Dumpling Master", "text": ("A third hand, face down, played from the top; it holds "
                                                               "the spy. It plays last after a real chef, cancelling a "
                                                               "Perfect Dish whenever its card can. When it leads, both "
                                                               "players play at once: if both make a Perfect Dish, the "
                                                               "lower card wins.")},
    ]
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
