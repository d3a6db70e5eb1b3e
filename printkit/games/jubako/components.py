"""Jubako's printed components: the board (5x5 and 4x4 sides), the 90 tiles, the tokens, the aid.

Content from data.yaml (via :mod:`content`); the look from layouts/jubako/. The board's cells
and the tiles' halves are one size, ``cell`` in the data file.
"""

from __future__ import annotations

from printkit.core.build import build_document
from printkit.core.draw.ops import Document
from printkit.core.draw.page import FooterInfo, PrintOptions
from printkit.core.layout.load import load_layout
from printkit.core.layout.template import fill
from printkit.games.jubako.content import CONTENT

GAME = "jubako"


def _common() -> dict:
    cell = CONTENT.cell
    return {"palette": CONTENT.palette, "cell": cell, "icon_scale": cell / 30 * 1.6}


def _board_layout() -> tuple[float, dict]:
    """The board layout's design width and its sizes (track, labels, ...)."""
    spec = load_layout("jubako/board.yaml").spec
    assert spec.size is not None and isinstance(spec.size[0], float)
    return spec.size[0], spec.data


def _cells(board, gx: float, gy: float, geo: dict) -> list[dict]:
    cell = CONTENT.cell
    names = {d.id: d.name for d in CONTENT.delicacies}
    cells = []
    for r in range(board.size):
        for c in range(board.size):
            cname = f"{chr(65 + c)}{r + 1}"
            printed = board.printed.get(cname, "")
            x, y = gx + c * cell, gy + r * cell
            cells.append({"name": cname, "x": x, "y": y, "cx": x + cell / 2, "iy": y + cell * geo["cell_icon_y"],
                          "ny": y + cell * geo["cell_name_y"], "printed": printed, "label": names.get(printed, ""),
                          "style": "printed" if printed else "grid"})
    return cells


def track_box(grid: float, width: float, geo: dict) -> float:
    """The track's boxes are squares this many mm a side: at least the layout's ``track`` depth,
    big enough that the grid and its label bands fit inside the track, and small enough that
    ``track_boxes[0]`` of them span no more than the design width. With square boxes, ``across``
    of them along the top and ``down`` down the side, every box is the same size and the corner
    boxes line up with their row and their column."""
    across, _ = geo["track_boxes"]
    inside = (grid + 2 * float(geo["labels"])) / (across - 2)
    return min(max(float(geo["track"]), inside), width / across)


def side_data(name: str) -> dict:
    board = CONTENT.boards[name]
    cell = CONTENT.cell
    width, geo = _board_layout()
    across, down = geo["track_boxes"]
    aw, ah = geo["axis_box"]
    grid = board.size * cell
    d = track_box(grid, width, geo)
    w, h = across * d, down * d
    gx, gy = (w - grid) / 2, (h - grid) / 2  # the grid centred inside the track
    # Column letters centred in the band above each column, row numbers left of each row.
    axes = [{"text": chr(65 + c), "x": gx + c * cell + cell / 2 - aw / 2, "y": d + (gy - d - ah) / 2}
            for c in range(board.size)]
    axes += [{"text": str(r + 1), "x": d + (gx - d - aw) / 2, "y": gy + r * cell + cell / 2 - ah / 2}
             for r in range(board.size)]
    return {"name": name, "size": board.size, "w": w, "h": h, "track": d, "x": (width - w) / 2,
            "cells": _cells(board, gx, gy, geo), "axes": axes}


def _key() -> list[dict]:
    """The board's scoring key (layouts/jubako/board.yaml's ``key``), the bonus from data.yaml filled in."""
    return [{**sec, "text": fill(sec["text"], {"bonus": CONTENT.bonus})} for sec in _board_layout()[1]["key"]]


def build_board(opts: PrintOptions) -> Document:
    """The board's two sides, a page each. The box's boards are double-sided (5x5 on one side,
    4x4 on the other): the PDF asks for long-edge duplex, and each side is centred across and
    down on the largest side's place (the layout's ``board_top``), so the smaller lies within
    the larger's back, clear of its edges."""
    sides = [side_data("5x5"), side_data("4x4")]
    top, tallest = _board_layout()[1]["board_top"], max(s["h"] for s in sides)
    for s in sides:
        s["y"] = top + (tallest - s["h"]) / 2
    # The scoring key at the same place on both sides, under the largest side.
    key_y = top + tallest + float(_board_layout()[1]["key_gap"])
    doc = build_document("jubako/board.yaml", opts, FooterInfo(GAME, "board"),
                         {**_common(), "sides": sides, "key_y": round(key_y, 3), "key": _key()})
    doc.duplex = True
    return doc


#: The tiles' back (layouts/jubako/tiles.yaml) is drawn for a cell this size, in mm.
BACK_CELL = 30.0


def tiles_data() -> dict:
    """The tiles as the layout's cards (``tiles``): the 78 doubles, then the 12 singles two to a card."""
    cell = CONTENT.cell
    by_id = {d.id: d for d in CONTENT.delicacies}

    def half(d):
        x = by_id[d]
        return {"id": x.id, "name": x.name, "gloss": x.gloss}

    def tile(a, b, double: bool) -> dict:
        return {"halves": [half(a), half(b)], "double": "yes" if double else "", "singles": "" if double else "yes",
                "lids": [0, 1]}

    tiles = [tile(a, b, True) for a, b in (sorted(t, key=CONTENT.ids.index) for t in CONTENT.doubles)]
    ids = list(CONTENT.ids)
    tiles += [tile(ids[i], ids[i + 1], False) for i in range(0, len(ids), 2)]
    geo = load_layout("jubako/tiles.yaml").spec.data
    at = geo["at"]
    return {**_common(), "tiles": tiles, "tile_w": 2 * cell, "half_c": cell / 2,
            "icon_y": cell * at["icon"], "name_y": cell * at["name"], "gloss_y": cell * at["gloss"],
            "split_end": cell - geo["split_inset"], "back_scale": cell / BACK_CELL}


def _token_words() -> dict:
    """Where a token's words sit, in mm from the top of its cell (layouts/jubako/tokens.yaml)."""
    cell = CONTENT.cell
    return {"owner_y": cell * 0.225, "value_y": cell / 2 - 5, "vp_y": cell * 0.685}


def tokens() -> list[dict]:
    """The victory-point tokens, set by set (layouts/jubako/tokens.yaml ``token_sets``: the four
    players' and the spare one), each set every value of data.yaml's ``tokens``."""
    sets = load_layout("jubako/tokens.yaml").spec.data["token_sets"]
    return [{"value": v, "owner": owner, "set": k + 1} for k, owner in enumerate(sets) for v in CONTENT.tokens]


def tokens_data() -> dict:
    """What layouts/jubako/tokens.yaml draws the tokens with, alone or as the tiles' tail."""
    cell = CONTENT.cell
    return {"tokens": tokens(), "half_c": cell / 2, "back_scale": cell / BACK_CELL, **_token_words()}


def build_tiles(opts: PrintOptions) -> Document:
    """The tile sheets, each sheet's common back after it (long-edge duplex). On paper the
    victory-point tokens (tokens.yaml, as they are printed alone) are the sheets' tail: they
    stand below the tiles (A4 and Letter: five under each sheet's; with a bleed, below the last
    sheet's, or on fold sheets of their own where no sheet has room; see
    :func:`printkit.core.draw.page.place_tail`) instead of a sheet of their own (``make all``
    prints them here only: the tokens component is ``printed_with`` the tiles). As items
    (--format cards, tts) the tiles alone: the tokens are their own component's items."""
    return build_document("jubako/tiles.yaml", opts, FooterInfo(GAME, "tiles"), {**tiles_data(), **tokens_data()},
                          tail="jubako/tokens.yaml")


def build_tokens(opts: PrintOptions) -> Document:
    """The victory-point tokens alone, round, a cell across, with their common back."""
    return build_document("jubako/tokens.yaml", opts, FooterInfo(GAME, "tokens"), {**_common(), **tokens_data()})


def aid_data() -> dict:
    """The aid's sections from layouts/jubako/aid.yaml, with the numbers from data.yaml filled in."""
    values = {"bonus": CONTENT.bonus, "removed": CONTENT.removed}
    sections = [{**sec, "text": fill(sec["text"], values)}
                for sec in load_layout("jubako/aid.yaml").spec.data["sections"]]
    delicacies = [{"id": d.id, "name": d.name} for d in CONTENT.delicacies]
    return {**_common(), "sections": sections, "delicacies": delicacies}


def build_aid(opts: PrintOptions) -> Document:
    return build_document("jubako/aid.yaml", opts, FooterInfo(GAME, "aid"), aid_data())
