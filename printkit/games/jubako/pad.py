"""Jubako's score pad: the printed (and fillable) pages, their fields, and the checker of a filled pad.

Page 1: a row a turn; for each of up to four players two boxes: the delicacies counted (-1 for
a tile removed) and the bonus; then Favorite Food, Multi-Tiered, Peko Peko, the total and the
empty first-layer cells (the tie-break). Page 2: the Multi-Tiered worksheet (a row a layer that
scores) and the Peko Peko one (a row a delicacy), with the rulebook's examples. The look and the tables' shape are in layouts/jubako/pad.yaml.

Field names (pad version 1): ``jub-pad1:bonus``, ``jub-pad1:little`` (a tick),
``jub-pad1:name:pP``, ``jub-pad1:tT:pP:count`` and ``:bonus``, ``jub-pad1:end:pP:KEY`` (KEY:
turns, favorite, multi, peko, total, uncovered), ``jub-pad1:multi:pP:RN:layer`` / ``:delicacy`` /
``:count`` / ``:points`` (N = row), ``jub-pad1:peko:pP:DELICACY:count`` / ``:layer`` / ``:points``.

:func:`check_pad` checks what the numbers can show (JUB-1, JUB-4 to JUB-7, PK-12): a turn counts
1 to the board's cells or is -1 for a removal, a bonus is the agreed value, players take turns
in order, the game lasts as many turns as tiles in play, each worksheet row's points are count x
layer, the sums and the total add up; then most points wins, then most empty first-layer cells.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field as dc_field
from typing import TYPE_CHECKING, Any

from printkit.core.build import build_document
from printkit.core.draw.ops import Document
from printkit.core.draw.page import FooterInfo, PrintOptions
from printkit.core.layout.template import fill
from printkit.core.pads import (Box, Label, PadReader, by_rows, fields_slot, labels_by_align, layout_data,
                                lazy_form_reader, player_words, spans)
from printkit.games.jubako.content import CONTENT

if TYPE_CHECKING:  # pragma: no cover
    from printkit.core.score import Report

GAME = "jubako"
LAYOUT = "jubako/pad.yaml"
STEM = "jub-pad"
VERSION = 1
PREFIX = f"{STEM}{VERSION}"
PLAYERS = 4
ENDS = ("turns", "favorite", "multi", "peko", "total", "uncovered")
#: Rows of the Multi-Tiered worksheet (layouts/jubako/pad.yaml's ``layers``).
ROWS = int(layout_data(LAYOUT)["layers"])


def field(*parts: object) -> str:
    """``field("t3", "p2", "count")`` is ``jub-pad1:t3:p2:count``."""
    return ":".join([PREFIX, *map(str, parts)])


#: The end rows and settings in the pad's printed words.
WORDS = {"turns": "turns and bonuses", "favorite": "Favorite Food", "multi": "Multi-Tiered", "peko": "Peko Peko",
         "total": "Total", "uncovered": "Empty first-layer cells", "count": "counted",
         "bonus": "Bonus for a matching stack", "little": "Little Jubako (4x4 side)"}


#: The delicacies' printed names by id: a player reads the rulebook's names, never a record's ids.
_NAMES = {d.id: d.name for d in CONTENT.delicacies}


def tooltip(name: str) -> str:
    """What the field ``name`` is, in the pad's printed words (its tooltip).

    >>> tooltip(field("t7", "p2", "count")), tooltip(field("name", "p1")), tooltip(field("end", "p3", "peko"))
    ('Player 2, turn 7: counted', "Player 1's name", 'Player 3: Peko Peko')
    >>> tooltip(field("multi", "p2", "R1", "layer")), tooltip(field("peko", "p4", "gohan", "points"))
    ('Player 2, Multi-Tiered row 1: layer', 'Player 4, Peko Peko Gohan: points')
    >>> tooltip(field("bonus"))
    'Bonus for a matching stack'
    """
    parts = name.split(":")[1:]
    if len(parts) == 1:
        return WORDS[parts[0]]
    who = player_words(parts[1])
    if parts[0] == "name":
        return f"{who}'s name"
    if parts[0] == "end":
        return f"{who}: {WORDS[parts[2]]}"
    if parts[0] == "multi":
        return f"{who}, Multi-Tiered row {parts[2].removeprefix('R')}: {parts[3]}"
    if parts[0] == "peko":
        return f"{who}, Peko Peko {_NAMES.get(parts[2], parts[2])}: {parts[3]}"
    return f"{who}, turn {parts[0].removeprefix('t')}: {WORDS.get(parts[2], parts[2])}"


def _spec() -> dict[str, Any]:
    return layout_data(LAYOUT)


@dataclass
class Sheet:
    """The pad's boxes, labels, bands and measures, as they are laid out."""

    boxes: list[Box] = dc_field(default_factory=list)
    labels: list[Label] = dc_field(default_factory=list)
    bands: list[dict[str, Any]] = dc_field(default_factory=list)
    marks: dict[str, float] = dc_field(default_factory=dict)
    icons: list[dict[str, Any]] = dc_field(default_factory=list)  # a delicacy's icon by its name

    def data(self) -> dict[str, Any]:
        return {"boxes": [b.as_data() for b in self.boxes], **labels_by_align(self.labels), "bands": self.bands,
                "icons": self.icons,
                **{k: round(v, 3) for k, v in self.marks.items()}}


def _groups(d: Mapping[str, Any], width: float = 190.0) -> list[tuple[float, float]]:
    lw, gap = float(d["label_w"]), float(d["group_gap"])
    return spans(lw + gap, width - lw - gap, PLAYERS, gap)


def _page1(d: Mapping[str, Any]) -> Sheet:
    s = Sheet()
    rh, lw = float(d["row_h"]), float(d["label_w"])
    s.labels.append(Label(d["settings_text"], 0, 17.5, 98.0, 6.0, "notebold", "left"))
    s.boxes.append(Box(field("bonus"), 99.0, 17.5, 10.0, 6.0, "number", 2))
    s.labels.append(Label(d["little_text"], 120.0, 17.5, 62.5, 6.0, "label", "right"))
    s.boxes.append(Box(field("little"), 184.0, 17.5, 6.0, 6.0, "check", 1, "check"))
    top = 26.0
    name_y, sub_y = top + 4.5, top + 4.5 + 7.5 + 0.6
    rows_y = sub_y + 4.0
    turns = int(d["turns"])
    for p, (gx, gw) in enumerate(_groups(d), start=1):
        s.labels.append(Label(fill(d["player_label"], {"n": p}), gx, top, gw, 4.5, "head"))
        s.boxes.append(Box(field("name", f"p{p}"), gx, name_y, gw, 7.5, "text", 24))
        cells = spans(gx, gw, 2, float(d["cell_gap"]))
        for (cx, cw), what in zip(cells, d["columns"], strict=True):
            s.labels.append(Label(what, cx, sub_y, cw, 4.0, "sub"))
        for t in range(1, turns + 1):
            y = rows_y + (t - 1) * rh + 0.5
            for (cx, cw), what in zip(cells, ("count", "bonus"), strict=True):
                s.boxes.append(Box(field(f"t{t}", f"p{p}", what), cx, y, cw, rh - 1.0, "number", 2))
        for i, key in enumerate(ENDS):
            y = rows_y + turns * rh + 1.5 + i * (rh + 0.3) + 0.5
            s.boxes.append(Box(field("end", f"p{p}", key), gx, y, gw, rh - 0.6, "number", 4,
                               "total" if key == "total" else "box"))
    for t in range(1, turns + 1):
        y = rows_y + (t - 1) * rh
        s.labels.append(Label(f"{d['turn_label']} {t}", 0, y, lw - 2.0, rh, "num", "right"))
        if t % 2 == 0:
            s.bands.append({"x": 0, "y": y, "w": 190.0, "h": rh, "style": "band"})
    s.labels.append(Label(d["turn_label"], 0, sub_y, lw - 2.0, 4.0, "sub", "right"))
    for i, (_key, text) in enumerate(d["end_rows"]):
        y = rows_y + turns * rh + 1.5 + i * (rh + 0.3)
        s.labels.append(Label(text, 0, y, lw - 1.0, rh, "endlabel", "left"))
    s.marks["note_y"] = rows_y + turns * rh + 1.5 + len(ENDS) * (rh + 0.3) + 1.5
    return s


def _worksheet_head(d: Mapping[str, Any], s: Sheet, y: float, columns: Sequence[str],
                    widths: Sequence[float]) -> list[list[tuple[float, float]]]:
    out = []
    for p, (gx, gw) in enumerate(_groups(d), start=1):
        s.labels.append(Label(fill(d["player_label"], {"n": p}), gx, y, gw, 4.5, "head"))
        total = sum(widths)
        cells, x = [], gx
        for w in widths:
            cw = (gw - float(d["cell_gap"]) * (len(widths) - 1)) * w / total
            cells.append((x, cw))
            x += cw + float(d["cell_gap"])
        for (cx, cw), what in zip(cells, columns, strict=True):
            s.labels.append(Label(what, cx, y + 4.5, cw, 4.0, "sub"))
        out.append(cells)
    return out


def _page2(d: Mapping[str, Any]) -> Sheet:
    s = Sheet()
    rh, lw = float(d["sheet_row_h"]), float(d["label_w"])
    y = 19.5
    s.marks["multi_y"], s.marks["multi_ex_y"] = y, y + 6.0
    y += 15.0
    groups = _worksheet_head(d, s, y, d["multi_columns"], (1.0, 2.4, 1.0, 1.0))
    y += 9.0
    for row in range(1, int(d["layers"]) + 1):
        ry = y + (row - 1) * rh
        if row % 2 == 0:
            s.bands.append({"x": 0, "y": ry, "w": 190.0, "h": rh, "style": "band"})
        for p, cells in enumerate(groups, start=1):
            for (cx, cw), what in zip(cells, ("layer", "delicacy", "count", "points"), strict=True):
                kind, n = ("text", 12) if what == "delicacy" else ("number", 3)
                s.boxes.append(Box(field("multi", f"p{p}", f"R{row}", what), cx, ry + 0.5, cw, rh - 1.0, kind, n))
    y += int(d["layers"]) * rh + 5.0
    s.marks["peko_y"], s.marks["peko_ex_y"] = y, y + 6.0
    y += 15.0
    groups = _worksheet_head(d, s, y, d["peko_columns"], (1.0, 1.0, 1.0))
    y += 9.0
    for i, dl in enumerate(CONTENT.ids):
        ry = y + i * rh
        s.labels.append(Label(_NAMES[dl], 0, ry, lw - 2.0, rh, "num", "right"))
        s.icons.append({"id": dl, "x": 2.5, "y": ry + rh / 2})  # 4.8 mm wide, clear of the longest name
        if i % 2 == 1:
            s.bands.append({"x": 0, "y": ry, "w": 190.0, "h": rh, "style": "band"})
        for p, cells in enumerate(groups, start=1):
            for (cx, cw), what in zip(cells, ("count", "layer", "points"), strict=True):
                s.boxes.append(Box(field("peko", f"p{p}", dl, what), cx, ry + 0.5, cw, rh - 1.0, "number", 3))
    return s


def pad_data(fillable: bool = False) -> dict[str, Any]:
    d = _spec()
    p1, p2 = _page1(d), _page2(d)
    return {"p1": p1.data(), "p2": p2.data(), "palette": CONTENT.palette, "fillable": fillable,
            "slots": {"fields1": fields_slot(by_rows(p1.boxes), tooltip), "fields2": fields_slot(by_rows(p2.boxes), tooltip)}}


def build_pad(opts: PrintOptions, fillable: bool = False) -> Document:
    """The pad (two pages); with ``fillable`` every box is a form field too (the pages look the same)."""
    return build_document(LAYOUT, opts, FooterInfo(GAME, "pad"), pad_data(fillable))


# ---------------------------------------------------------------- filling from a record


def values_from_record(record: Any) -> dict[str, str]:
    """The pad's field values for a Jubako record (its model, as read): each turn replayed on the
    game's State for the count and the bonus it scored, and the worksheets from the final boards."""
    from printkit.games.jubako.state import JubakoState

    st = JubakoState.start(record)
    out: dict[str, str] = {field("bonus"): str(st.bonus)}
    if record.board == "4x4":
        out[field("little")] = "Yes"
    col = {n: i for i, n in enumerate(record.players, start=1)}
    for n, i in col.items():
        out[field("name", f"p{i}")] = n
    done = {n: 0 for n in col}
    for move in record.turns:
        p = col[move.player]
        done[move.player] += 1
        t = done[move.player]
        if move.tile is None:
            out[field(f"t{t}", f"p{p}", "count")] = "-1"
        else:
            _, counted, bonus = st.points(move)
            out[field(f"t{t}", f"p{p}", "count")] = str(counted)
            if bonus:
                out[field(f"t{t}", f"p{p}", "bonus")] = str(bonus)
        st.apply(move)
    for n, p in col.items():
        out.update(_worksheets(st.boards[n], p, record.options))
    return out


def _worksheets(board: Any, p: int, options: Any) -> dict[str, str]:
    """Page 2's rows for player column ``p`` from their final board (JUB-7)."""
    from printkit.games.jubako.rules import multi_tiered, peko_peko

    out: dict[str, str] = {}
    scoring = [row for row in multi_tiered(board) if row[2]]
    if options.multi_tiered and len(scoring) <= ROWS:  # more: only page 1's sum is written
        for row, (layer, dl, count, pts) in enumerate(scoring, start=1):
            key = ("multi", f"p{p}", f"R{row}")
            out[field(*key, "layer")], out[field(*key, "delicacy")] = str(layer), str(dl)
            out[field(*key, "count")], out[field(*key, "points")] = str(count), str(pts)
    if options.peko_peko:
        for dl, count, layer, pts in peko_peko(board):
            if count:
                out[field("peko", f"p{p}", dl, "count")] = str(count)
                out[field("peko", f"p{p}", dl, "layer")] = str(layer)
                out[field("peko", f"p{p}", dl, "points")] = str(pts)
    return out


def with_end_rows(values: dict[str, str], report: Mapping[str, Any]) -> dict[str, str]:
    """``values`` with the end rows (option points, total, empty cells) that ``printkit score
    jubako --json`` reports for each player."""
    out = dict(values)
    for p, pl in enumerate(report["players"], start=1):
        b = pl["breakdown"]
        keys = {"turns": sum(b["turns"]), "favorite": b.get("favorite_food"), "multi": b.get("multi_tiered"),
                "peko": b.get("peko_peko"), "total": pl["total"], "uncovered": b["uncovered"]}
        for key, v in keys.items():
            if v is not None:
                out[field("end", f"p{p}", key)] = str(v)
    return out


# ---------------------------------------------------------------- checking a filled pad


@dataclass
class Column:
    """A player's column of a filled pad: their name, each turn's (counted, bonus), and the end's boxes."""

    p: int
    name: str
    turns: list[tuple[int, int]] = dc_field(default_factory=list)  # (counted, bonus)
    ends: dict[str, int | None] = dc_field(default_factory=dict)


def _columns(pad: PadReader, turns: int) -> list[Column]:
    cols = []
    for p in range(1, PLAYERS + 1):
        name = pad.text(field("name", f"p{p}"))
        if name:
            cols.append(Column(p, name))
        elif any(pad.filled(field(f"t{t}", f"p{p}", w)) for t in range(1, turns + 1) for w in ("count", "bonus")):
            pad.report(field("name", f"p{p}"), f"player {p}", "scores in a column without a player's name", "JUB-4")
    return cols


def _read_turns(pad: PadReader, c: Column, turns: int, cells: int, bonus: int) -> None:
    last = max([t for t in range(1, turns + 1) if pad.filled(field(f"t{t}", f"p{c.p}", "count"))
                or pad.filled(field(f"t{t}", f"p{c.p}", "bonus"))], default=0)
    for t in range(1, last + 1):
        where = f"turn {t}, {c.name}"
        name = field(f"t{t}", f"p{c.p}", "count")
        n = pad.number(name, f"{where}, delicacies counted", -1, cells)
        b = pad.number(field(f"t{t}", f"p{c.p}", "bonus"), f"{where}, bonus", 0, 99) or 0
        if n is None and not pad.filled(name):
            pad.report(name, where, "a turn played without its score (write -1 for a tile removed)", "JUB-4")
        if n == 0:
            pad.report(name, where, "the tile just placed shows the chosen delicacy: at least 1 (or -1 for a "
                                    "tile removed)", "JUB-4")
        if b and b != bonus:
            pad.report(field(f"t{t}", f"p{c.p}", "bonus"), where,
                       f"the bonus for a matching stack is {bonus} in this game, not {b}", "JUB-4")
        if b and n == -1:
            pad.report(field(f"t{t}", f"p{c.p}", "bonus"), where, "a tile removed scores -1 and no bonus", "JUB-5")
        c.turns.append((n if n is not None else 0, b if n != -1 else 0))


def _check_order(pad: PadReader, cols: Sequence[Column], in_play: int) -> bool:
    """PK-12: players take turns in order; JUB-1: the game lasts one turn a tile. Whether it ended."""
    counts = [len(c.turns) for c in cols]
    for i, c in enumerate(cols):
        want_hi, want_lo = counts[0], counts[0] - 1
        ok = (want_lo <= counts[i] <= want_hi) and all(counts[j] >= counts[i] for j in range(i))
        if not ok:
            pad.report(field(f"t{max(counts[i], 1)}", f"p{c.p}", "count"), c.name,
                       f"{counts[i]} turns, but players take turns in order ({', '.join(map(str, counts))})", "PK-12")
    total = sum(counts)
    if total > in_play:
        c = max(cols, key=lambda k: len(k.turns))
        pad.report(field(f"t{len(c.turns)}", f"p{c.p}", "count"), "the game",
                   f"{total} turns, but {len(cols)} players play {in_play} tiles, one a turn", "JUB-1")
    return total >= in_play


def _worksheet(pad: PadReader, c: Column, kind: str, rows: Sequence[tuple[str, int | None]], cells: int) -> int | None:
    """The worksheet's sum (None if empty); each row's points must be count x layer (JUB-7)."""
    total, any_row, layers = 0, False, set()
    for key, layer in rows:
        base = (kind, f"p{c.p}", key)
        where = f"{c.name}, {'Multi-Tiered' if kind == 'multi' else 'Peko Peko'}, {key}"
        count = pad.number(field(*base, "count"), f"{where}, count", 0, cells)
        lay = layer if layer is not None else pad.number(field(*base, "layer"), f"{where}, layer", 0, 99)
        pts = pad.number(field(*base, "points"), f"{where}, points", 0, 9999)
        if count is None and pts is None:
            continue
        any_row = True
        if kind == "multi" and lay is not None and lay in layers:
            pad.report(field(*base, "layer"), where, f"layer {lay} is scored once", "JUB-7")
        layers.add(lay)
        want = (count or 0) * (lay or 0)
        if pts is not None and pts != want:
            pad.report(field(*base, "points"), where, f"written {pts}, but {count or 0} x layer {lay or 0} = {want}",
                       "JUB-7")
        total += pts if pts is not None else want
    return total if any_row else None


def _ends(pad: PadReader, c: Column, d: Mapping[str, Any], cells: int) -> int:
    for key in ENDS:
        c.ends[key] = pad.number(field("end", f"p{c.p}", key), f"{c.name}, {key}", -999, 99999)
    turns = sum(n + b for n, b in c.turns)
    if c.ends["turns"] is not None and c.ends["turns"] != turns:
        pad.report(field("end", f"p{c.p}", "turns"), f"{c.name}, turns and bonuses",
                   f"written {c.ends['turns']}, but the turns add up to {turns}", "JUB-4")
    sheets = {"multi": _worksheet(pad, c, "multi", [(f"R{k}", None) for k in range(1, int(d["layers"]) + 1)], cells),
              "peko": _worksheet(pad, c, "peko", [(dl, None) for dl in CONTENT.ids], cells)}
    for key, got in sheets.items():
        written = c.ends[key]
        if got is not None and written is not None and got != written:
            pad.report(field("end", f"p{c.p}", key), f"{c.name}, {key}",
                       f"written {written}, but the worksheet on page 2 adds up to {got}", "JUB-7")
        if written is None and got is not None:
            c.ends[key] = got
    total = turns + sum(c.ends[k] or 0 for k in ("favorite", "multi", "peko"))
    if c.ends["total"] is not None and c.ends["total"] != total:
        pad.report(field("end", f"p{c.p}", "total"), f"{c.name}, total",
                   f"written {c.ends['total']}, but turns, bonuses and options add up to {total}", "JUB-6")
    return total


def check_pad(values: Mapping[str, str], file: str | None = None) -> Report:
    """The report on a filled pad (``values``: field name -> text as read from the form)."""
    from printkit.core.score import PlayerResult, Report, rank

    pad = PadReader(values, "JUB-4", file)
    names = [field("name", f"p{p}") for p in range(1, PLAYERS + 1)]
    pad.require_marks(set(names), "no turn is filled in", {field("bonus"), field("little")})
    pad.require_distinct(names)
    d = _spec()
    turns = int(d["turns"])
    cols = _columns(pad, turns)
    if not 2 <= len(cols) <= PLAYERS:
        pad.report(field("name", "p1"), "players", f"{len(cols)} named players: Jubako is for 2 to {PLAYERS}", "JUB-1")
        return Report(GAME, pad.violations, [], [], [])
    board = CONTENT.boards["4x4" if pad.ticked(field("little")) else "5x5"]
    cells = len(board.cells)
    bonus = pad.number(field("bonus"), "bonus for a matching stack", 0, 99)
    bonus = CONTENT.bonus if bonus is None else bonus
    for c in cols:
        _read_turns(pad, c, turns, cells, bonus)
    ended = _check_order(pad, cols, CONTENT.tiles_in_play(len(cols)))
    players = []
    for c in cols:
        total = _ends(pad, c, d, cells)
        players.append(PlayerResult(c.name, total, {"turns": [n + b for n, b in c.turns],
                                                    "uncovered": c.ends["uncovered"] or 0}))
    # JUB-6: most points, then most empty first-layer cells, then shared.
    ranking, winners = rank(players, lambda p: (p.total, p.breakdown["uncovered"]))
    notes = [] if ended else [f"{sum(len(c.turns) for c in cols)} turns written of "
                              f"{CONTENT.tiles_in_play(len(cols))} (one a tile in play)"]
    return Report(GAME, pad.violations, players, ranking, winners, notes=notes, unfinished=not ended)


#: ``FORM_READER`` (``printkit score jubako pad.pdf``), made when first looked up (a plain
#: ``make`` of the pad does not import the form reading and scoring it needs).
__getattr__ = lazy_form_reader(globals(), GAME, STEM, VERSION, check_pad)
