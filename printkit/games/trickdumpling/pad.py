"""Trick Dumpling's score pad: the printed (and fillable) page, its fields, and the checker of a
filled pad.

One row a round; for each of up to five players (and the Dumpling Master of a two-player game,
TD-11) three boxes: tricks won, missions accomplished (letters B, N, S) and points; a total a
player. The look and the table's shape are in layouts/trickdumpling/pad.yaml.

Field names (pad version 1): ``td-pad1:name:pP`` (P = 1..5), ``td-pad1:rR:pP:tricks`` / ``:mission``
/ ``:points`` (R = 1.., P = 1..5 or ``pm`` for the Master), ``td-pad1:total:pP``, ``td-pad1:cooks``
(a tick).

:func:`check_pad` reads the values back and checks what the numbers can show (TD-10, TD-11):
every round's tricks add up to the cards dealt, missions follow from tricks (B: exactly 3,
N: none, S: everyone else missed; one spy a round), points follow from missions, written totals
add up, and the game ends after the round in which someone reaches the threshold for the player
count. Most points wins; ties share the win.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from printkit.core.build import build_document
from printkit.core.draw.ops import Document
from printkit.core.draw.page import FooterInfo, PrintOptions
from printkit.core.layout.template import fill
from printkit.core.pads import (Box, Label, PadGeometry, PadReader, by_rows, fields_slot, labels_by_align, layout_data,
                                lazy_form_reader, player_words, spans)
from printkit.games.trickdumpling.content import CONTENT

if TYPE_CHECKING:  # pragma: no cover
    from printkit.core.score import Report

GAME = "trickdumpling"
LAYOUT = "trickdumpling/pad.yaml"
STEM = "td-pad"
VERSION = 1
PREFIX = f"{STEM}{VERSION}"
#: The rule a mark that is no number, or out of range, breaks: the pad's own boxes.
PAD_RULE = "TD-10"
MISSION_LETTERS = {"basic": "B", "nephew": "N", "spy": "S"}
PLAYERS = 5
MASTER = "m"  # the Master's column: fields ...:pm:...


def field(*parts: object) -> str:
    """A field's name: ``field("r", 3, "p", 2, "points")`` is ``td-pad1:r3:p2:points``."""
    out: list[str] = [PREFIX]
    i = 0
    while i < len(parts):
        head = str(parts[i])
        if head in ("r", "p") and i + 1 < len(parts):
            out.append(f"{head}{parts[i + 1]}")
            i += 2
        else:
            out.append(head)
            i += 1
    return ":".join(out)


def tooltip(name: str) -> str:
    """What the field ``name`` is, in the pad's printed words (its tooltip).

    >>> tooltip(field("r", 3, "p", 2, "points")), tooltip(field("name", "p", 1))
    ('Player 2, round 3: points', "Player 1's name")
    >>> tooltip(field("r", 1, "p", MASTER, "mission")), tooltip(field("total", "p", 4))
    ('Dumpling Master, round 1: mission (B, N or S)', 'Player 4: total')
    """
    parts = name.split(":")[1:]
    if parts == ["cooks"]:
        return "cook variation"
    col = parts[1].removeprefix("p")
    who = "Dumpling Master" if col == MASTER else player_words(col)
    if parts[0] == "name":
        return f"{who}'s name"
    if parts[0] == "total":
        return f"{who}: total"
    what = "mission (B, N or S)" if parts[2] == "mission" else parts[2]
    return f"{who}, round {parts[0].removeprefix('r')}: {what}"


def columns() -> list[str]:
    """The column groups' keys: players 1 to 5, then the Master."""
    return [str(p) for p in range(1, PLAYERS + 1)] + [MASTER]


def _spec() -> dict[str, Any]:
    return layout_data(LAYOUT)


@dataclass(frozen=True)
class Geometry(PadGeometry):
    """The pad's boxes and labels, where the legend and the two-player note go, and the rounds."""

    legend_y: float
    two_y: float
    rounds: int


def _group_spans(d: Mapping[str, Any], width: float) -> list[tuple[float, float]]:
    rw = float(d["round_w"])
    return spans(rw + float(d["group_gap"]), width - rw - float(d["group_gap"]), len(columns()),
                 float(d["group_gap"]))


def geometry(width: float = 190.0) -> Geometry:
    """Every box and label of the pad, from the shape in the layout's data."""
    d = _spec()
    top, row_h, nh = float(d["top"]), float(d["row_h"]), float(d["name_h"])
    rounds = int(d["rounds"])
    boxes: list[Box] = []
    labels: list[Label] = []
    bands: list[dict[str, Any]] = []
    head_y, name_y = top, top + 4.5
    sub_y = name_y + nh + 0.8
    rows_y = sub_y + 4.2
    for col, (gx, gw) in zip(columns(), _group_spans(d, width), strict=True):
        master = col == MASTER
        title = d["master_label"] if master else fill(d["player_label"], {"n": col})
        labels.append(Label(title, gx, head_y, gw, 4.2, "head"))
        if master:
            labels.append(Label(d["master_note"], gx, name_y, gw, nh, "sub"))
            bands.append({"x": gx - 0.6, "y": head_y - 0.6, "w": gw + 1.2,
                          "h": rows_y + (rounds + 1) * row_h + 1.8 - head_y, "style": "mband"})
        else:
            boxes.append(Box(field("name", "p", col), gx, name_y, gw, nh, "text", 24))
        cells = spans(gx, gw, 3, float(d["cell_gap"]))
        for (cx, cw), what in zip(cells, d["columns"], strict=True):
            labels.append(Label(what, cx, sub_y, cw, 4.0, "sub"))
        for r in range(1, rounds + 1):
            y = rows_y + (r - 1) * row_h + 0.5
            for (cx, cw), what in zip(cells, ("tricks", "mission", "points"), strict=True):
                kind, n = ("text", 2) if what == "mission" else ("number", 2)
                boxes.append(Box(field("r", r, "p", col, what), cx, y, cw, row_h - 1.0, kind, n,
                                 "master" if master else "box"))
        ty = rows_y + rounds * row_h + 1.2
        boxes.append(Box(field("total", "p", col), cells[2][0], ty, cells[2][1], row_h - 1.0, "number", 3, "total"))
    for r in range(1, rounds + 1):
        y = rows_y + (r - 1) * row_h
        labels.append(Label(str(r), 0, y, float(d["round_w"]), row_h, "num"))
        if r % 2 == 0:
            bands.append({"x": 0, "y": y, "w": float(d["round_w"]), "h": row_h, "style": "band"})
    labels.append(Label(d["round_head"], 0, sub_y, float(d["round_w"]), 4.0, "sub"))
    ty = rows_y + rounds * row_h + 1.2
    labels.append(Label(d["total_label"], 0, ty, float(d["round_w"]) + 24, row_h - 1.0, "head", "left"))
    # The cook variation's tick, right of the threshold line.
    boxes.append(Box(field("cooks"), width - 6.0, 16.0, 6.0, 6.0, "check", 1, "check"))
    labels.append(Label(d["cooks_label"], width - 40.0, 16.0, 32.5, 6.0, "label", "right"))
    legend_y = ty + row_h + 2.0
    return Geometry(boxes, labels, bands, legend_y, legend_y + 5.0 + 4.2 * len(d["legend"]), rounds)


def threshold_text() -> str:
    goals: dict[int, list[int]] = {}
    for players, points in sorted(CONTENT.threshold.items()):
        goals.setdefault(points, []).append(players)
    parts = [f"{points} points with {ps[0]}-{ps[-1]} players" if len(ps) > 1 else f"{points} with {ps[0]}"
             for points, ps in sorted(goals.items())]
    return fill(_spec()["threshold_line"], {"goals": ", ".join(parts)})


def pad_data(fillable: bool = False) -> dict[str, Any]:
    g = geometry()
    from printkit.games.trickdumpling.components import palette
    return {"boxes": [b.as_data() for b in g.boxes], **labels_by_align(g.labels),
            "bands": g.bands, "legend_y": round(g.legend_y, 3), "two_y": round(g.two_y, 3),
            "threshold_text": threshold_text(), "palette": palette(), "fillable": fillable,
            "slots": {"fields": fields_slot(by_rows(g.boxes), tooltip)}}


def build_pad(opts: PrintOptions, fillable: bool = False) -> Document:
    """The pad; with ``fillable`` every box is a form field too (the page looks the same)."""
    return build_document(LAYOUT, opts, FooterInfo(GAME, "pad"), pad_data(fillable))


# ---------------------------------------------------------------- filling from a report


def values_from_report(report: Mapping[str, Any], record: Mapping[str, Any]) -> dict[str, str]:
    """The pad's field values for a game as ``printkit score trickdumpling --json`` reports it
    (``record``: the game's record, for its real players and cooks): names, each round's tricks,
    missions and points, the totals, and the Master's column (TD-11)."""
    real = list(record["players"])
    rounds = report.get("rounds", [])
    cols = {n: str(i + 1) for i, n in enumerate(real)}
    for p in report["players"]:
        if p["name"] not in cols:
            cols[p["name"]] = MASTER
    out: dict[str, str] = {}
    for n, c in cols.items():
        if c != MASTER:
            out[field("name", "p", c)] = n
    for rd in rounds:
        r = rd["round"]
        for n, c in cols.items():
            out[field("r", r, "p", c, "tricks")] = str(rd["tricks"][n])
            out[field("r", r, "p", c, "mission")] = "".join(MISSION_LETTERS[m] for m in rd["missions"][n])
            out[field("r", r, "p", c, "points")] = str(rd["points"][n])
    for p in report["players"]:
        out[field("total", "p", cols[p["name"]])] = str(p["total"])
    if record.get("cooks"):
        out[field("cooks")] = "Yes"
    return out


# ---------------------------------------------------------------- checking a filled pad


@dataclass
class Hand:
    """A player's column of a filled pad: each round's tricks, missions and points."""

    col: str
    name: str
    tricks: list[int | None]
    missions: list[str]
    points: list[int | None]


def _hands(pad: PadReader, rounds: int) -> list[Hand]:
    hands = []
    for col in columns():
        name = "Master" if col == MASTER else pad.text(field("name", "p", col))
        marks = any(pad.filled(field("r", r, "p", col, w)) for r in range(1, rounds + 1)
                    for w in ("tricks", "mission", "points"))
        if col == MASTER and not marks:
            continue
        if col != MASTER and not name:
            if marks:
                pad.report(field("name", "p", col), f"player {col}", "marks in a column without a player's name")
            continue
        hands.append(Hand(col, name, [], [], []))
    return hands


def _used_rounds(pad: PadReader, hands: Sequence[Hand], rounds: int) -> int:
    """How many rounds are written: the last row with a mark (rows before it must be full)."""
    last = 0
    for r in range(1, rounds + 1):
        if any(pad.filled(field("r", r, "p", h.col, w)) for h in hands for w in ("tricks", "mission", "points")):
            last = r
    return last


def _read_round(pad: PadReader, hands: Sequence[Hand], r: int, deal: int) -> None:
    for h in hands:
        where = f"round {r}, {h.name}"
        t = pad.number(field("r", r, "p", h.col, "tricks"), f"{where}, tricks", 0, deal)
        p = pad.number(field("r", r, "p", h.col, "points"), f"{where}, points", 0, 99)
        for what, v in (("tricks", t), ("points", p)):
            name = field("r", r, "p", h.col, what)
            if v is None and not pad.filled(name):
                pad.report(name, f"{where}, {what}", f"the {what} of a round played are not written")
        raw = pad.text(field("r", r, "p", h.col, "mission")).upper().replace(" ", "").replace("-", "")
        bad = sorted(set(raw) - set(MISSION_LETTERS.values()))
        if bad or len(set(raw)) != len(raw):
            pad.report(field("r", r, "p", h.col, "mission"), f"{where}, missions",
                       f"'{raw}' is not a set of mission letters (B, N, S)")
            raw = "".join(c for c in dict.fromkeys(raw) if c in "BNS")
        h.tricks.append(t)
        h.points.append(p)
        h.missions.append(raw)


def _check_missions(pad: PadReader, hands: Sequence[Hand], r: int, two_player: bool) -> None:
    """TD-10: missions follow from tricks; one secret card each, one spy a round (TD-11: the Master's)."""
    i = r - 1
    spies = [h for h in hands if "S" in h.missions[i]]
    for h in hands:
        name, t, m = field("r", r, "p", h.col, "mission"), h.tricks[i], h.missions[i]
        where = f"round {r}, {h.name}, missions"
        if t is not None and ("B" in m) != (t == 3):
            pad.report(name, where, f"{t} tricks {'do not accomplish' if 'B' in m else 'accomplish'} the basic "
                                    "mission (exactly 3 tricks)", "TD-10")
        if "N" in m and t not in (0, None):
            pad.report(name, where, f"the owner's nephew needs no trick at all, not {t}", "TD-10")
        if "N" in m and "S" in m:
            pad.report(name, where, "a player holds one secret mission: nephew or spy, not both", "TD-10")
        if two_player and ("N" in m if h.col == MASTER else "S" in m):
            pad.report(name, where, "in a 2-player game the Dumpling Master is the spy", "TD-11")
        if "S" in m and any(o.missions[i] for o in hands if o is not h):
            pad.report(name, where, "the spy accomplishes the mission only when every other player missed "
                                    "every mission", "TD-10")
    for h in spies[1:]:
        pad.report(field("r", r, "p", h.col, "mission"), f"round {r}, {h.name}, missions",
                   "only one player holds the spy in a round", "TD-10")


def _check_points(pad: PadReader, hands: Sequence[Hand], r: int) -> None:
    """TD-10: each player with a mission scores the number of players with none."""
    i = r - 1
    missed = sum(1 for h in hands if not h.missions[i])
    for h in hands:
        want = missed if h.missions[i] else 0
        got = h.points[i]
        if got is not None and got != want:
            why = (f"{missed} player{'s' if missed != 1 else ''} accomplished no mission"
                   if h.missions[i] else "no mission accomplished")
            pad.report(field("r", r, "p", h.col, "points"), f"round {r}, {h.name}, points",
                       f"written {got}, but {why}: {want}", "TD-10")


def _check_tricks(pad: PadReader, hands: Sequence[Hand], r: int, deal: int, cooks: bool) -> None:
    got = [h.tricks[r - 1] for h in hands]
    if None in got:
        return
    total = sum(t for t in got if t is not None)
    if total != deal and not (cooks and total < deal):
        pad.report(field("r", r, "p", hands[0].col, "tricks"), f"round {r}, tricks",
                   f"the tricks won add up to {total}, but a round has {deal} tricks "
                   f"({deal} cards each)", "TD-10")


def _check_totals(pad: PadReader, hands: Sequence[Hand]) -> list[int]:
    totals = []
    for h in hands:
        total = sum(p for p in h.points if p is not None)
        totals.append(total)
        name = field("total", "p", h.col)
        written = pad.number(name, f"{h.name}, total", -999, 9999)
        if written is not None and written != total:
            pad.report(name, f"{h.name}, total", f"written {written}, but the rounds' points add up to {total}",
                       "TD-10")
    return totals


def _end(pad: PadReader, hands: Sequence[Hand], rounds: int, goal: int) -> int | None:
    """TD-10: the round after which the game ended (someone reached ``goal``), or None."""
    run = [0] * len(hands)
    for r in range(1, rounds + 1):
        run = [a + (h.points[r - 1] or 0) for a, h in zip(run, hands, strict=True)]
        if max(run) >= goal:
            if r < rounds:
                pad.report(field("r", r + 1, "p", hands[0].col, "tricks"), f"round {r + 1}",
                           f"the game ended after round {r}, when {max(run)} points reached the "
                           f"threshold of {goal}", "TD-10")
            return r
    return None


def check_pad(values: Mapping[str, str], file: str | None = None) -> Report:
    """The report on a filled pad (``values``: field name -> text as read from the form)."""
    from printkit.core.score import PlayerResult, Report, rank

    pad = PadReader(values, PAD_RULE, file)
    names = [field("name", "p", p) for p in range(1, PLAYERS + 1)]
    pad.require_marks(set(names), "no round is filled in", {field("cooks")})
    pad.require_distinct(names)
    rows = geometry().rounds
    hands = _hands(pad, rows)
    real = [h for h in hands if h.col != MASTER]
    master = len(hands) != len(real)
    if not 2 <= len(real) <= PLAYERS or (master and len(real) != 2):
        pad.report(field("name", "p", 1), "players",
                   f"{len(real)} named player{'s' if len(real) != 1 else ''}"
                   + (" and the Dumpling Master (2 players only)" if master else "")
                   + f": Trick Dumpling is for 2 to {PLAYERS} players", "TD-11" if master else "TD-10")
        return Report(GAME, pad.violations, [], [], [])
    two = len(real) == 2
    if two and not master:
        pad.report(field("r", 1, "p", MASTER, "tricks"), "the Dumpling Master",
                   "a 2-player game has the Dumpling Master's column", "TD-11")
    deal = CONTENT.deal[len(real)]
    cooks = pad.ticked(field("cooks"))
    played = _used_rounds(pad, hands, rows)
    for r in range(1, played + 1):
        _read_round(pad, hands, r, deal)
        _check_missions(pad, hands, r, two)
        _check_tricks(pad, hands, r, deal, cooks)
        if not cooks:
            _check_points(pad, hands, r)
    totals = _check_totals(pad, hands)
    end = _end(pad, hands, played, CONTENT.threshold[len(real)])
    players = [PlayerResult(h.name, t, {"points": h.points, "tricks": h.tricks,
                                        "missions": [m or "-" for m in h.missions]})
               for h, t in zip(hands, totals, strict=True)]
    ranking, winners = rank(players, lambda p: (p.total,))
    notes = []
    if cooks:
        notes.append("cook variation: a round's points are not checked against its missions, nor its "
                     "tricks against a full round (cooks change both)")
    return Report(GAME, pad.violations, players, ranking, winners, notes=notes, unfinished=end is None,
                  extra={"rounds_written": played, "threshold": CONTENT.threshold[len(real)]})


#: ``FORM_READER`` (``printkit score trickdumpling pad.pdf``), made when first looked up (a plain
#: ``make`` of the pad does not import the form reading and scoring it needs).
__getattr__ = lazy_form_reader(globals(), GAME, STEM, VERSION, check_pad)
