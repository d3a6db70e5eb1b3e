"""Gimbap's score pad: the printed (and fillable) page, its fields, and the checker of a filled pad.

One row a round; for each of up to four players two boxes: the points and the radish slices of
the token kept that round (both empty: no token). Totals of points and radish slices (the
tie-break, GIM-7). The look and the table's shape are in layouts/gimbap/pad.yaml.

Field names (pad version 1): ``gim-pad1:name:pP`` (P = 1..4), ``gim-pad1:rR:pP:points`` and
``:radish`` (R = 1..6), ``gim-pad1:total:pP:points`` and ``:radish``.

:func:`check_pad` checks what the numbers can show: each token is one of the twelve (GIM-4) and
kept once in the game, a round gives out at most players minus one tokens, the game has its
rounds for the player count (GIM-5), written totals add up; then most points wins, then most
radish slices, then the victory is shared (GIM-7).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field as dc_field
from typing import TYPE_CHECKING, Any

from printkit.core.build import build_document
from printkit.core.draw.ops import Document
from printkit.core.draw.page import FooterInfo, PrintOptions
from printkit.core.layout.template import fill
from printkit.core.pads import (Box, Label, PadGeometry, PadReader, by_rows, fields_slot, labels_by_align, layout_data,
                                lazy_form_reader, player_words, spans)
from printkit.games.gimbap.content import CONTENT, Token

if TYPE_CHECKING:  # pragma: no cover
    from printkit.core.score import PlayerResult, Report

GAME = "gimbap"
LAYOUT = "gimbap/pad.yaml"
STEM = "gim-pad"
VERSION = 1
PREFIX = f"{STEM}{VERSION}"
PLAYERS = 4
WHAT = ("points", "radish")


def field(*parts: object) -> str:
    """``field("r3", "p2", "points")`` is ``gim-pad1:r3:p2:points``."""
    return ":".join([PREFIX, *map(str, parts)])


def tooltip(name: str) -> str:
    """What the field ``name`` is, in the pad's printed words (its tooltip).

    >>> tooltip(field("r2", "p3", "radish")), tooltip(field("name", "p1")), tooltip(field("total", "p2", "points"))
    ('Player 3, round 2: radish', "Player 1's name", 'Player 2, total: points')
    """
    parts = name.split(":")[1:]
    if parts[0] == "name":
        return f"{player_words(parts[1])}'s name"
    row = "total" if parts[0] == "total" else f"round {parts[0].removeprefix('r')}"
    return f"{player_words(parts[1])}, {row}: {parts[2]}"


def _spec() -> dict[str, Any]:
    return layout_data(LAYOUT)


@dataclass(frozen=True)
class Geometry(PadGeometry):
    """The pad's boxes and labels, and where the rounds' rows end."""

    rows_end: float


def geometry(width: float = 190.0) -> Geometry:
    """Every box and label of the pad, from the shape in the layout's data."""
    d = _spec()
    top, row_h, nh, rw = float(d["top"]), float(d["row_h"]), float(d["name_h"]), float(d["round_w"])
    rounds = int(d["rounds"])
    boxes: list[Box] = []
    labels: list[Label] = []
    bands: list[dict[str, Any]] = []
    name_y = top + 5.0
    sub_y = name_y + nh + 1.0
    rows_y = sub_y + 5.0
    groups = spans(rw + float(d["group_gap"]), width - rw - float(d["group_gap"]), PLAYERS, float(d["group_gap"]))
    for p, (gx, gw) in enumerate(groups, start=1):
        labels.append(Label(fill(d["player_label"], {"n": p}), gx, top, gw, 5.0, "head"))
        boxes.append(Box(field("name", f"p{p}"), gx, name_y, gw, nh, "text", 24))
        cells = spans(gx, gw, 2, float(d["cell_gap"]))
        for (cx, cw), what in zip(cells, d["columns"], strict=True):
            labels.append(Label(what, cx, sub_y, cw, 5.0, "sub"))
        for r in range(1, rounds + 2):
            y = rows_y + (r - 1) * row_h + 1.0 + (1.5 if r > rounds else 0)
            for (cx, cw), what in zip(cells, WHAT, strict=True):
                name = field(f"r{r}", f"p{p}", what) if r <= rounds else field("total", f"p{p}", what)
                boxes.append(Box(name, cx, y, cw, row_h - 2.0, "number", 2, "box" if r <= rounds else "total"))
    for r in range(1, rounds + 1):
        y = rows_y + (r - 1) * row_h
        labels.append(Label(str(r), 0, y, rw, row_h, "num"))
        if r % 2 == 0:
            bands.append({"x": 0, "y": y, "w": width, "h": row_h, "style": "band"})
    labels.append(Label(d["round_head"], 0, sub_y, rw, 5.0, "sub"))
    labels.append(Label(d["total_label"], 0, rows_y + rounds * row_h + 1.5, rw, row_h - 2.0, "head", "left"))
    return Geometry(boxes, labels, bands, rows_y + (rounds + 1) * row_h + 2.0)


def rounds_text() -> str:
    by = sorted(CONTENT.rounds.items())
    return "Rounds: " + ", ".join(f"{n} with {p} players" for p, n in by) + "."


def pad_data(fillable: bool = False) -> dict[str, Any]:
    g = geometry()
    d = _spec()
    tokens = sorted(CONTENT.tokens, key=lambda t: (t.points, t.radish))
    tokens_y = g.rows_end + 4.0 + 5.0 * len(d["legend"]) + 14.0
    return {"boxes": [b.as_data() for b in g.boxes], **labels_by_align(g.labels), "bands": g.bands,
            "legend_y": round(g.rows_end + 2.0, 3), "tokens_title_y": round(tokens_y - 7.0, 3),
            "tokens_y": round(tokens_y, 3),
            "tokens": [{"points": t.points, "radish": t.radish, "slices": list(range(t.radish)),
                        "slice_x": round(7.0 - 1.7 * (t.radish - 1), 3)} for t in tokens],
            "rounds_note": fill(d["rounds_line"], {"rounds_text": rounds_text()}),
            "palette": CONTENT.palette, "fillable": fillable, "slots": {"fields": fields_slot(by_rows(g.boxes), tooltip)}}


def build_pad(opts: PrintOptions, fillable: bool = False) -> Document:
    """The pad; with ``fillable`` every box is a form field too (the page looks the same)."""
    return build_document(LAYOUT, opts, FooterInfo(GAME, "pad"), pad_data(fillable))


# ---------------------------------------------------------------- filling from a report


def values_from_report(report: Mapping[str, Any], record: Mapping[str, Any]) -> dict[str, str]:
    """The pad's field values for a game as ``printkit score gimbap --json`` reports it: names,
    the token each player kept each round ("4/3" in the breakdown), the totals."""
    out: dict[str, str] = {}
    radish_total = {}
    for p, pl in enumerate(report["players"], start=1):
        out[field("name", f"p{p}")] = pl["name"]
        radish_total[p] = 0
        for r, tok in enumerate(pl["breakdown"]["tokens"], start=1):
            if tok and tok != "-":
                pts, rad = tok.split("/")
                out[field(f"r{r}", f"p{p}", "points")] = pts
                out[field(f"r{r}", f"p{p}", "radish")] = rad
                radish_total[p] += int(rad)
        out[field("total", f"p{p}", "points")] = str(pl["total"])
        out[field("total", f"p{p}", "radish")] = str(pl["breakdown"].get("radish", radish_total[p]))
    return out


# ---------------------------------------------------------------- checking a filled pad


@dataclass
class Column:
    """A player's column of a filled pad: their name and the token read each round."""

    p: int
    name: str
    tokens: list[Token | None] = dc_field(default_factory=list)


def _columns(pad: PadReader, rounds: int) -> list[Column]:
    cols = []
    for p in range(1, PLAYERS + 1):
        name = pad.text(field("name", f"p{p}"))
        marks = any(pad.filled(field(f"r{r}", f"p{p}", w)) for r in range(1, rounds + 1) for w in WHAT)
        if name:
            cols.append(Column(p, name))
        elif marks:
            pad.report(field("name", f"p{p}"), f"player {p}", "tokens in a column without a player's name")
    return cols


def _token(pad: PadReader, col: Column, r: int) -> Token | None:
    names = [field(f"r{r}", f"p{col.p}", w) for w in WHAT]
    where = f"round {r}, {col.name}"
    pts = pad.number(names[0], f"{where}, points", 0, 99)
    rad = pad.number(names[1], f"{where}, radish slices", 0, 99)
    if pts is None and rad is None:
        return None  # no token, or marks already reported as no number
    if pts is None or rad is None:
        missing = names[1] if rad is None and not pad.filled(names[1]) else names[0]
        if not pad.filled(missing):
            pad.report(missing, where, "a token has points and radish slices: write both, or neither", "GIM-4")
        return None
    tok = Token(pts, rad)
    if tok not in CONTENT.tokens:
        pad.report(names[0], where, f"there is no token {tok} (points "
                   f"{min(t.points for t in CONTENT.tokens)}-{max(t.points for t in CONTENT.tokens)}, radish "
                   f"{min(t.radish for t in CONTENT.tokens)}-{max(t.radish for t in CONTENT.tokens)})", "GIM-4")
        return None
    return tok


def _read(pad: PadReader, cols: Sequence[Column], rounds: int) -> int:
    """Read every token; the number of rounds written (the last row with a token)."""
    last = 0
    seen: dict[Token, str] = {}
    for r in range(1, rounds + 1):
        kept = 0
        for c in cols:
            tok = _token(pad, c, r)
            c.tokens.append(tok)
            if tok is None:
                continue
            kept += 1
            last = r
            where = f"round {r}, {c.name}"
            if tok in seen:
                pad.report(field(f"r{r}", f"p{c.p}", "points"), where,
                           f"token {tok} is in the game once, and {seen[tok]} kept it already", "GIM-4")
            seen.setdefault(tok, f"{c.name} (round {r})")
        if kept > len(cols) - 1:
            pad.report(field(f"r{r}", f"p{cols[0].p}", "points"), f"round {r}",
                       f"{kept} tokens kept, but a round lays out {len(cols) - 1} (players minus one)", "GIM-5")
    return last


def _totals(pad: PadReader, cols: Sequence[Column]) -> list[PlayerResult]:
    from printkit.core.score import PlayerResult

    out = []
    for c in cols:
        got = [t for t in c.tokens if t is not None]
        sums = {"points": sum(t.points for t in got), "radish": sum(t.radish for t in got)}
        for what in WHAT:
            name = field("total", f"p{c.p}", what)
            written = pad.number(name, f"{c.name}, total {what}", 0, 999)
            if written is not None and written != sums[what]:
                pad.report(name, f"{c.name}, total {what}",
                           f"written {written}, but the tokens' {what} add up to {sums[what]}", "GIM-7")
        out.append(PlayerResult(c.name, sums["points"], {
            "radish": sums["radish"], "tokens": [str(t) if t else "-" for t in c.tokens]}))
    return out


def check_pad(values: Mapping[str, str], file: str | None = None) -> Report:
    """The report on a filled pad (``values``: field name -> text as read from the form)."""
    from printkit.core.score import Report, rank

    pad = PadReader(values, "GIM-4", file)
    names = [field("name", f"p{p}") for p in range(1, PLAYERS + 1)]
    pad.require_marks(set(names), "no token or total is filled in")
    pad.require_distinct(names)
    rows = int(_spec()["rounds"])
    cols = _columns(pad, rows)
    if not 2 <= len(cols) <= PLAYERS:
        pad.report(field("name", "p1"), "players", f"{len(cols)} named players: Gimbap is for 2 to {PLAYERS}",
                   "GIM-5")
        return Report(GAME, pad.violations, [], [], [])
    played = _read(pad, cols, rows)
    want = CONTENT.rounds[len(cols)]
    for r in range(want + 1, rows + 1):
        for c in cols:
            if c.tokens[r - 1] is not None:
                pad.report(field(f"r{r}", f"p{c.p}", "points"), f"round {r}, {c.name}",
                           f"a game of {len(cols)} players has {want} rounds", "GIM-5")
    players = _totals(pad, cols)
    ranking, winners = rank(players, lambda p: (p.total, p.breakdown["radish"]))
    # A pad is written at the end of the game: a round in which nobody kept a token (every roll
    # wrong) leaves no mark, so rows left empty do not make the game unfinished.
    # (Even no token at all is a game: every roll wrong, a tie shared by everyone.)
    notes = [f"tokens kept in {played} of {want} rounds; the rounds after them left no mark"] if played < want else []
    return Report(GAME, pad.violations, players, ranking, winners, notes=notes)


#: ``FORM_READER`` (``printkit score gimbap pad.pdf``), made when first looked up (a plain
#: ``make`` of the pad does not import the form reading and scoring it needs).
__getattr__ = lazy_form_reader(globals(), GAME, STEM, VERSION, check_pad)
