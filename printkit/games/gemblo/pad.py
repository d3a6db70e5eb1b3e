"""Gemblo's score pad: the printed (and fillable) page, its fields, and the checker of a filled pad.

A row a colour: the player who played it, a tick box beside each of its 18 pieces (ticked: left
unplaced at the end) and the blocks left; then the players' table: each player's name and
penalty. The look and the table's shape are in layouts/gemblo/pad.yaml; the pieces are drawn
from the game's data (GEM-3).

Field names (pad version 1): ``gem-pad1:COLOUR:player``, ``gem-pad1:COLOUR:PIECE`` (a tick),
``gem-pad1:COLOUR:blocks``, ``gem-pad1:players:N:name`` and ``:penalty`` (N = 1..6).

:func:`check_pad` checks what the numbers can show (GEM-6, GEM-7): the player count and how many
colours each plays, each colour's blocks left against its ticked pieces, each player's penalty
against their colours' blocks; then fewest penalty points wins, a tie goes against the player
whose largest piece left is larger, then the victory is shared. Where pieces lie on the board
is not on the pad: placements are not checked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from dataclasses import dataclass, field as dc_field
from typing import TYPE_CHECKING, Any

from printkit.core.build import build_document
from printkit.core.colour import Colour
from printkit.core.draw.ops import Document, Matrix, Op, Use
from printkit.core.draw.page import FooterInfo, PrintOptions
from printkit.core.geometry.hexgrid import SQRT3, to_pixel
from printkit.core.layout.canvas import Canvas
from printkit.core.pads import (Box, Label, PadGeometry, PadReader, fields_slot, labels_by_align, layout_data,
                                lazy_form_reader, player_words)
from printkit.games.gemblo.components import piece_symbol
from printkit.games.gemblo.content import CONTENT

if TYPE_CHECKING:  # pragma: no cover
    from printkit.core.score import Report

GAME = "gemblo"
LAYOUT = "gemblo/pad.yaml"
STEM = "gem-pad"
VERSION = 1
PREFIX = f"{STEM}{VERSION}"
MAX_PLAYERS = 6


def field(*parts: object) -> str:
    """``field("red", "I5")`` is ``gem-pad1:red:I5``."""
    return ":".join([PREFIX, *map(str, parts)])


def _spec() -> dict[str, Any]:
    return layout_data(LAYOUT)


def pieces() -> list[str]:
    """The pieces, smallest first (the data's order within a size)."""
    return sorted(CONTENT.pieces, key=lambda p: (len(CONTENT.pieces[p]), list(CONTENT.pieces).index(p)))


def tooltip(name: str) -> str:
    """What the field ``name`` is, in the pad's printed words (its tooltip).

    >>> tooltip(field("red", "player")), tooltip(field("blue", "I5")), tooltip(field("clear", "blocks"))
    ("red: player's name", 'blue: I5 left', 'clear: blocks left')
    >>> tooltip(field("players", 2, "name")), tooltip(field("players", 2, "penalty"))
    ("Player 2's name", 'Player 2: penalty')
    """
    parts = name.split(":")[1:]
    if parts[0] == "players":
        return f"{player_words(parts[1])}'s name" if parts[2] == "name" else f"{player_words(parts[1])}: penalty"
    what = {"player": "player's name", "blocks": "blocks left"}.get(parts[1], f"{parts[1]} left")
    return f"{CONTENT.colours[parts[0]].name}: {what}"


def colours() -> list[str]:
    return list(CONTENT.colours)


@dataclass(frozen=True)
class Geometry(PadGeometry):
    """The pad's boxes and labels, with each colour's row, where each piece is drawn and the tie-break's line."""

    colour_rows: list[dict[str, Any]]
    piece_at: list[tuple[str, str, float, float, float, float]]  # colour, piece, x, y, w, h
    legend_y: float  # the tie-break's line, right of the players' table's title


def _colour_row(d: Mapping[str, Any], colour: str, y: float, g: Geometry) -> None:
    left, tick, pw, ph = float(d["left_w"]), float(d["tick"]), float(d["piece_w"]), float(d["piece_h"])
    cols = int(d["piece_cols"])
    info = CONTENT.colours[colour]
    g.colour_rows.append({"name": info.name, "colour": f"tint-{colour}", "symbol": info.symbol,
                          "y": round(y + 1.0, 3), "sym_y": round(y + 4.5, 3)})
    g.labels.append(Label(d["player_label"], 0, y + 9.5, left - 2, 4.0, "sub", "left"))
    g.boxes.append(Box(field(colour, "player"), 0, y + 14.0, left - 2.5, 9.0, "text", 20))
    # A piece is one unit: its tick box, its drawing just right of it, its name under both;
    # units are unit_gap apart, so a tick box is never nearer another piece than its own.
    icon_gap = float(d["icon_gap"])
    iw, ih = pw - float(d["unit_gap"]) - tick - icon_gap, ph - 2.0
    size = _fitting(float(d["piece_cell"]), iw, ih)
    for i, p in enumerate(pieces()):
        x = left + (i % cols) * pw
        py = y + 1.0 + (i // cols) * ph
        x0, _, x1, _ = _bbox(p, size)
        g.boxes.append(Box(field(colour, p), x, py + (ph - tick) / 2, tick, tick, "check", 1, "check"))
        g.piece_at.append((colour, p, x + tick + icon_gap, py + 1.0, iw, ih))
        g.labels.append(Label(p, x, py + (ph + tick) / 2, tick + icon_gap + x1 - x0, 3.0, "sub"))
    bx = left + cols * pw + 1.0
    g.labels.append(Label(d["blocks_label"], bx, y + 5.0, 190.0 - bx, 4.0, "sub"))
    g.boxes.append(Box(field(colour, "blocks"), bx + 1.0, y + 9.5, 190.0 - bx - 2.0, 9.0, "number", 3, "total"))


def geometry() -> Geometry:
    """Every box and label of the pad, from the shape in the layout's data."""
    d = _spec()
    g = Geometry([], [], [], [], [], 0.0)
    top, row_h = float(d["top"]), float(d["row_h"])
    for i, colour in enumerate(colours()):
        y = top + i * row_h
        if i % 2 == 1:
            g.bands.append({"x": -1.0, "y": y - 0.5, "w": 192.0, "h": row_h, "style": "band"})
        _colour_row(d, colour, y, g)
    y = top + len(colours()) * row_h + 2.0
    g.labels.append(Label(d["players_title"], 0, y, 100, 6.0, "head", "left"))
    rh = float(d["players_h"])
    for n in range(1, MAX_PLAYERS + 1):
        col, row = (n - 1) // 3, (n - 1) % 3
        x, ry = col * 96.0, y + 6.5 + row * rh
        g.labels.append(Label(str(n), x, ry, 5.0, rh - 1.0, "head"))
        g.boxes.append(Box(field("players", n, "name"), x + 6.0, ry, 56.0, rh - 1.0, "text", 20))
        # The penalty box's label ends label_gap before it (right-aligned against the gap).
        box_x = x + 75.5
        g.labels.append(Label(d["penalty_label"], x + 62.5, ry, box_x - float(d["label_gap"]) - (x + 62.5), rh - 1.0,
                              "sub", "right"))
        g.boxes.append(Box(field("players", n, "penalty"), box_x, ry, 15.0, rh - 1.0, "number", 4, "total"))
    return Geometry(g.boxes, g.labels, g.bands, g.colour_rows, g.piece_at, y)


def _tint(hex_colour: str, keep: float = 0.35) -> str:
    c = Colour.parse(hex_colour)
    return Colour(*[keep * v + (1 - keep) for v in (c.r, c.g, c.b)]).hex


def _bbox(p: str, size: float) -> tuple[float, float, float, float]:
    """A piece's extent in its data orientation, cells ``size`` mm corner to centre."""
    pts = [to_pixel(c, size) for c in CONTENT.pieces[p]]
    af = size * SQRT3
    return (min(x for x, _ in pts) - size, min(y for _, y in pts) - af / 2,
            max(x for x, _ in pts) + size, max(y for _, y in pts) + af / 2)


def _fitting(size: float, w: float, h: float) -> float:
    """``size``, or less, so that every piece fits a ``w`` x ``h`` box (one scale for all)."""
    for p in CONTENT.pieces:
        x0, y0, x1, y1 = _bbox(p, 1.0)
        size = min(size, w / (x1 - x0), h / (y1 - y0))
    return size


def _pieces_slot(at: Sequence[tuple[str, str, float, float, float, float]], size: float):
    """Each colour's pieces, small, in a pale tint of the colour (little ink), each just right of its tick."""
    if at:
        size = _fitting(size, at[0][4], at[0][5])

    def bbox(p: str) -> tuple[float, float, float, float]:
        return _bbox(p, size)

    def draw(cv: Canvas, data: Mapping[str, Any], w: float, h: float) -> list[Op]:
        ops: list[Op] = []
        for colour, p, x, y, _w, bh in at:
            sym = cv.define(f"pad-piece-{p}", partial(piece_symbol, cv, p, size))
            x0, y0, x1, y1 = bbox(p)
            m = Matrix.translate(x - x0, y + (bh - (y1 - y0)) / 2 - y0)  # next to its own tick box
            ops.append(Use(sym, m, fill=cv.colour(f"tint-{colour}"), tag=f"piece {colour} {p}"))
        return ops
    return draw


def pad_data(fillable: bool = False) -> dict[str, Any]:
    g = geometry()
    d = _spec()
    palette = dict(CONTENT.palette)
    for c in CONTENT.colours.values():
        palette[f"tint-{c.name}"] = {"colour": _tint(c.colour), "bw": "#ffffff"}
    return {"boxes": [b.as_data() for b in g.boxes], **labels_by_align(g.labels), "bands": g.bands,
            "colours": g.colour_rows, "legend_y": round(g.legend_y, 3), "palette": palette, "fillable": fillable,
            "slots": {"fields": fields_slot(g.boxes, tooltip), "pieces": _pieces_slot(g.piece_at, float(d["piece_cell"]))}}


def build_pad(opts: PrintOptions, fillable: bool = False) -> Document:
    """The pad; with ``fillable`` every box is a form field too (the page looks the same)."""
    return build_document(LAYOUT, opts, FooterInfo(GAME, "pad"), pad_data(fillable))


# ---------------------------------------------------------------- filling from a report


def values_from_report(report: Mapping[str, Any], record: Mapping[str, Any]) -> dict[str, str]:
    """The pad's field values for a game as ``printkit score gemblo --json`` reports it: each
    colour's player, unplaced pieces and blocks left; each player's penalty. ``record`` gives
    the colours in play and who plays them (GEM-6)."""
    out: dict[str, str] = {}
    by_name = {p["name"]: p for p in report["players"]}
    order = list(record["colours"])
    two = record.get("players") == 2
    names = record.get("names") or {}
    for i, colour in enumerate(order):
        owner = order[i % 2] if two else colour
        name = names.get(owner) or next(p["name"] for p in report["players"] if colour in p["breakdown"]["unplaced"])
        left = by_name[name]["breakdown"]["unplaced"].get(colour, [])
        out[field(colour, "player")] = name
        for p in left:
            out[field(colour, p)] = "Yes"
        out[field(colour, "blocks")] = str(sum(len(CONTENT.pieces[p]) for p in left))
    for n, p in enumerate(report["players"], start=1):
        out[field("players", n, "name")] = p["name"]
        out[field("players", n, "penalty")] = str(p["breakdown"]["penalty"])
    return out


# ---------------------------------------------------------------- checking a filled pad


@dataclass
class Player:
    """A player as read from a filled pad: their colours, blocks left, largest piece left."""

    name: str
    row: int | None = None
    colours: list[str] = dc_field(default_factory=list)
    blocks: int = 0
    largest: int = 0
    left: dict[str, list[str]] = dc_field(default_factory=dict)


def _key(name: str) -> str:
    """How a name on the pad is matched with the same name elsewhere on it: spaces and case
    aside, and composed as records compare names (printkit.core.records.same_name).

    >>> _key("Zoe\u0308  Li") == _key("zo\u00eb li")
    True
    """
    from printkit.core.records import same_name

    return same_name(" ".join(name.split())).casefold()


def _colour(pad: PadReader, colour: str, players: dict[str, Player]) -> None:
    name = pad.text(field(colour, "player"))
    left = [p for p in pieces() if pad.ticked(field(colour, p))]
    blocks = sum(len(CONTENT.pieces[p]) for p in left)
    if not name:
        if left or pad.filled(field(colour, "blocks")):
            pad.report(field(colour, "player"), colour, "pieces ticked for a colour nobody played", "GEM-6")
        return
    where = f"{colour} ({name})"
    written = pad.number(field(colour, "blocks"), f"{where}, blocks left", 0, 999)
    if written is not None and written != blocks:
        pad.report(field(colour, "blocks"), f"{where}, blocks left",
                   f"written {written}, but the pieces ticked have {blocks} blocks", "GEM-7")
    pl = players.setdefault(_key(name), Player(name))
    pl.colours.append(colour)
    pl.blocks += blocks
    pl.largest = max([pl.largest] + [len(CONTENT.pieces[p]) for p in left])
    pl.left[colour] = left


def _table(pad: PadReader, players: dict[str, Player]) -> None:
    """The players' table: every player of a colour, once, with their penalty (GEM-7)."""
    for n in range(1, MAX_PLAYERS + 1):
        name = pad.text(field("players", n, "name"))
        if not name:
            if pad.filled(field("players", n, "penalty")):
                pad.report(field("players", n, "name"), f"players' table, row {n}", "a penalty without a name",
                           "GEM-7")
            continue
        pl = players.get(_key(name))
        if pl is None:
            pad.report(field("players", n, "name"), name, "plays no colour on this pad (write the same name "
                                                          "beside the colour)", "GEM-6")
            continue
        if pl.row is not None:
            pad.report(field("players", n, "name"), name, f"written twice in the players' table (row {pl.row})",
                       "GEM-7")
            continue
        pl.row = n
        written = pad.number(field("players", n, "penalty"), f"{name}, penalty", -999, 999)
        if written is not None and abs(written) != pl.blocks:
            pad.report(field("players", n, "penalty"), f"{name}, penalty",
                       f"written {written}, but {name}'s colours have {pl.blocks} blocks left: -{pl.blocks}", "GEM-7")


def _counts(pad: PadReader, players: dict[str, Player]) -> None:
    """GEM-6: 2 players play two colours each; 3 to 6 players one each."""
    n = len(players)
    want = 2 if n == 2 else 1
    if not 2 <= n <= MAX_PLAYERS:
        first = field(colours()[0], "player")
        pad.report(first, "players", f"{n} player{'s' if n != 1 else ''}: Gemblo is for 2 to {MAX_PLAYERS} here",
                   "GEM-6")
        return
    for pl in players.values():
        if len(pl.colours) != want:
            pad.report(field(pl.colours[-1], "player"), pl.name,
                       f"plays {len(pl.colours)} colours; in a {n}-player game each player plays {want}", "GEM-6")


def check_pad(values: Mapping[str, str], file: str | None = None) -> Report:
    """The report on a filled pad (``values``: field name -> text as read from the form)."""
    from printkit.core.score import PlayerResult, Report, rank

    pad = PadReader(values, "GEM-7", file)
    pad.require_marks({field(c, "player") for c in colours()}
                      | {field("players", n, "name") for n in range(1, MAX_PLAYERS + 1)},
                      "no piece left, blocks left or penalty is filled in")
    players: dict[str, Player] = {}
    for colour in colours():
        _colour(pad, colour, players)
    _counts(pad, players)
    _table(pad, players)
    for pl in players.values():
        if pl.row is None:
            pad.report(field("players", 1, "name"), pl.name, "is missing from the players' table", "GEM-7")
    results = [PlayerResult(pl.name, -pl.blocks, {"penalty": -pl.blocks, "largest_unplaced": pl.largest,
                                                  "unplaced": pl.left}) for pl in players.values()]
    # GEM-7: fewest penalty points; then the larger largest piece left loses; then shared.
    ranking, winners = rank(results, lambda p: (p.total, -p.breakdown["largest_unplaced"]))
    notes = ["a pad shows what was left, not where pieces lie: placements are not checked"]
    return Report(GAME, pad.violations, results, ranking, winners, notes=notes, unfinished=not players)


#: ``FORM_READER`` (``printkit score gemblo pad.pdf``), made when first looked up (a plain
#: ``make`` of the pad does not import the form reading and scoring it needs).
__getattr__ = lazy_form_reader(globals(), GAME, STEM, VERSION, check_pad)
