"""Jubako's printed components: the board (5x5 and 4x4 sides), the 90 tiles, the tokens, the aid.

Content from data.yaml (via :mod:`content`); the look from layouts/jubako/. The board's cells
and the tiles' halves are one size, ``cell`` in the data file.
"""

from __future__ import annotations

from printkit.core.build import build_document
from printkit.core.draw.ops import Document
from printkit.core.draw.page import FooterInfo, PrintOptions
from printkit.games.jubako.content import CONTENT

GAME = "jubako"
TRACK = 12.0  # depth of the victory-point track around the board, mm
LABELS = 8.0  # the band with the column letters and row numbers


def _common() -> dict:
    cell = CONTENT.cell
    return {"palette": CONTENT.palette, "cell": cell, "icon_scale": cell / 30 * 1.6}


def track_boxes(outer: float) -> list[dict]:
    """The 0-49 track clockwise from the top left corner: 13 boxes along the top, 12 down the
    right, 13 back along the bottom, 12 up the left."""
    T = TRACK
    boxes = []
    w = outer / 13
    boxes += [(i * w, 0, w, T) for i in range(13)]
    h = (outer - T) / 12
    boxes += [(outer - T, T + i * h, T, h) for i in range(12)]
    w2 = (outer - T) / 13
    boxes += [(outer - T - (i + 1) * w2, outer - T, w2, T) for i in range(13)]
    h2 = (outer - 2 * T) / 12
    boxes += [(0, outer - T - (i + 1) * h2, T, h2) for i in range(12)]
    assert len(boxes) == CONTENT.track
    return [{"n": n, "x": x, "y": y, "w": bw, "h": bh, "style": "track5" if n % 5 == 0 else "track"}
            for n, (x, y, bw, bh) in enumerate(boxes)]


def side_data(name: str) -> dict:
    board = CONTENT.boards[name]
    cell = CONTENT.cell
    grid = board.size * cell
    outer = grid + 2 * (TRACK + LABELS)
    g0 = TRACK + LABELS
    cells = []
    names = {d.id: d.name for d in CONTENT.delicacies}
    for r in range(board.size):
        for c in range(board.size):
            cname = f"{chr(65 + c)}{r + 1}"
            printed = board.printed.get(cname, "")
            x, y = g0 + c * cell, g0 + r * cell
            cells.append({"name": cname, "x": x, "y": y, "cx": x + cell / 2, "iy": y + cell * 0.4,
                          "ny": y + cell * 0.72, "printed": printed, "label": names.get(printed, ""),
                          "style": "printed" if printed else "grid"})
    axes = [{"text": chr(65 + c), "x": g0 + c * cell + cell / 2 - 4, "y": TRACK + 1} for c in range(board.size)]
    axes += [{"text": str(r + 1), "x": TRACK, "y": g0 + r * cell + cell / 2 - 3} for r in range(board.size)]
    note = (f"Cells {cell:g} mm, the size of the tiles. Printed delicacies: the half of a tile laid on one must "
            "match it. The track counts victory points 0 to 49; past 49 take the next token.")
    return {"name": name, "size": board.size, "outer": outer, "x": (190 - outer) / 2, "cells": cells,
            "track": track_boxes(outer), "axes": axes, "note": note}


def build_board(opts: PrintOptions) -> Document:
    data = {**_common(), "sides": [side_data("5x5"), side_data("4x4")]}
    return build_document("jubako/board.yaml", opts, FooterInfo(GAME, "board"), data)


def tiles_data() -> dict:
    cell = CONTENT.cell
    by_id = {d.id: d for d in CONTENT.delicacies}

    def half(d):
        x = by_id[d]
        return {"id": x.id, "name": x.name, "gloss": x.gloss}

    tiles = [{"halves": [half(a), half(b)], "double": "yes", "singles": ""}
             for a, b in (sorted(t, key=CONTENT.ids.index) for t in CONTENT.doubles)]
    ids = list(CONTENT.ids)
    tiles += [{"halves": [half(ids[i]), half(ids[i + 1])], "double": "", "singles": "yes"}
              for i in range(0, len(ids), 2)]
    return {**_common(), "tiles": tiles, "tile_w": 2 * cell, "half_c": cell / 2, "icon_y": cell * 0.4,
            "name_y": cell * 0.7, "gloss_y": cell * 0.84, "cell_less_1": cell - 1}


def build_tiles(opts: PrintOptions) -> Document:
    return build_document("jubako/tiles.yaml", opts, FooterInfo(GAME, "tiles"), tiles_data())


def build_tokens(opts: PrintOptions) -> Document:
    data = {**_common(), "tokens": [v for _ in range(4) for v in CONTENT.tokens]}
    return build_document("jubako/tokens.yaml", opts, FooterInfo(GAME, "tokens"), data)


def aid_data() -> dict:
    removed = CONTENT.removed
    sections = [
        {"title": "Your turn", "text": ("1. Take one of the four face-up tiles, or a face-down one: you hold three.\n"
                                        "2. Place a tile on two neighbouring cells of equal height.\n"
                                        "3. Score it.\n4. Refill the face-up tiles from a pile.")},
        {"title": "Placing", "text": ("On empty cells anywhere; a half on a printed delicacy must match it. On top of "
                                      "one or two tiles (same height): at least one half matches what it covers. If "
                                      "none of your three tiles fits, remove one from the game: -1 point.")},
        {"title": "Scoring", "text": (f"Choose a delicacy of the tile: 1 point for each of them visible on your board, "
                                      f"printed ones included. +{CONTENT.bonus} when the tile lies across two tiles and "
                                      "both halves match what they cover.")},
        {"title": "End", "text": (f"When all tiles are used. Tiles removed before play: 2 players {removed[2]}, 3 players "
                                  f"{removed[3]}, 4 players {removed[4]}. Most points wins; then the most empty cells on "
                                  "the first layer; then the win is shared.")},
        {"title": "Advanced options (1)", "text": (f"Little Jubako: the 4x4 side. Picky Eaters: agree another bonus than "
                                                   f"{CONTENT.bonus}. Favorite Food: secret single tiles; at the end +1 "
                                                   "for each visible matching delicacy.")},
        {"title": "Advanced options (2)", "text": ("Multi-Tiered: at the end, for each layer, the most frequent delicacy "
                                                   "placed on it x the layer's number. Peko Peko: for each delicacy, "
                                                   "visible ones x the highest layer where one shows.")},
    ]
    return {**_common(), "sections": sections}


def build_aid(opts: PrintOptions) -> Document:
    return build_document("jubako/aid.yaml", opts, FooterInfo(GAME, "aid"), aid_data())
