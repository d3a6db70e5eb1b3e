"""Roll n Cook at the table (``printkit serve``): the Scorekeeper of printkit.core.table.

A table is a sheet (a seed, or the id its QR code holds) and its players, solo or with shared
dice (RNC-10). A move is one player's hour, exactly one entry of that player's record plus the
player's seat: ``{"seat": 0, "hour": "10:00", "dice": [1, 3, 5], "take": [{"box": 1}], ...}``.
The dice are entered once for the table: the first entry of an hour fixes them, and the view
hands them to every other player's entry for that hour (the State checks them, RNC-10).

``records`` groups the moves by seat into one record document a player (what ``printkit score
rollncook`` reads), ``split`` is its inverse (importing records, end-only ones included), and
``view`` is what the page draws: the sheet, each player's marks, and what the dice allow now.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator

from printkit.core.game import GameState
from printkit.core.table import PaperReader, Scorekeeper
from printkit.core.records import Whole, same_name
from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.record import EndState, HourPlay, Made, RollNCookRecord
from printkit.games.rollncook.record import MAX_SHEET_SEED, said
from printkit.games.rollncook.rules import State, dish_boxes_left, legal_hour, plans, plates_left, results
from printkit.games.rollncook.state import takes as rule_takes
from printkit.games.rollncook.sheet import generate, parse_sheet_id, sheet_id
from printkit.games.rollncook import scanweb
from printkit.games.rollncook.scorer import GAME
from printkit.games.rollncook.state import TABLES, RollNCookState, moves as record_moves

NAME = "rollncook"
ASSETS = Path(__file__).with_name("web")
#: At most this many players at one table (one sheet each; the rulebook sets no limit).
MAX_PLAYERS = 8
#: A player's name, as the record and the report show it.
MAX_NAME = 40


def _sheet_text(v: Any) -> str:
    """A sheet as the host gives it: a seed (7), a sheet id (RNC1-7) or the QR code's text."""
    if isinstance(v, bool) or not isinstance(v, int | str):
        raise ValueError("give the sheet's seed (such as 7) or its id (such as RNC1-7, the QR code's text)")
    text = str(v).strip()
    if text.isascii() and text.isdigit():
        seed = int(text)
        if seed > MAX_SHEET_SEED:
            raise ValueError(f"seed {text} is beyond {MAX_SHEET_SEED}, the largest a sheet is made with")
        return sheet_id(seed)
    parsed = parse_sheet_id(text) if text.isascii() else None
    if parsed is None:
        raise ValueError(f"{said(v)} is neither a seed nor a sheet id: the id is printed on the sheet "
                         f"and is its QR code's text, such as RNC{CONTENT.version}-7")
    if parsed[0] != CONTENT.version:
        raise ValueError(f"sheet {said(v)} is of content version {parsed[0]}; this printkit has version "
                         f"{CONTENT.version}")
    if parsed[1] > MAX_SHEET_SEED:
        raise ValueError(f"sheet {said(v)}: its seed is beyond {MAX_SHEET_SEED}; no sheet has this id")
    return sheet_id(parsed[1])


SheetId = Annotated[str, BeforeValidator(_sheet_text)]


def _name(v: Any) -> str:
    if not isinstance(v, str):
        raise ValueError("a player's name is text")
    name = v.strip()
    if not name or len(name) > MAX_NAME or not name.isprintable():
        raise ValueError(f"a player's name is 1 to {MAX_NAME} printable characters, not {said(v)}")
    return name


class Player(BaseModel):
    """A seat: its player's name; an imported record may have its own sheet or only its end."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: Annotated[str, BeforeValidator(_name)]
    sheet: SheetId | None = None
    end: EndState | None = None


def _player(v: Any) -> Any:
    return {"name": v} if isinstance(v, str) else v


class Setup(BaseModel):
    """A new table: ``{"sheet": 7 | "RNC1-7", "players": ["Ann", "Bo"]}``; one player is a solo game."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    sheet: SheetId = Field(title="Sheet: its seed, or the id printed on it (its QR code's text, RNC1-7)",
                           description="the sheet's seed, or its id (the QR code's text), such as RNC1-7")
    players: list[Annotated[Player, BeforeValidator(_player)]] = Field(
        min_length=1, max_length=MAX_PLAYERS, title="Players (one: solo; more: one roll for everyone)")

    @field_validator("players")
    @classmethod
    def _distinct(cls, v: list[Player]) -> list[Player]:
        names = [same_name(p.name) for p in v]  # NFC: "Zoë" typed two ways is one name
        twice = next((n for i, n in enumerate(names) if n in names[:i]), None)
        if twice is not None:
            raise ValueError(f"{said(twice)} is named twice: each player needs a name of their own")
        return v


class Move(HourPlay):
    """One player's hour: the seat (0 for the first player) and the record's hour entry."""

    seat: Whole = Field(ge=0, lt=MAX_PLAYERS, description="the player's place at the table, 0 first")


def _written(h: HourPlay) -> dict[str, Any]:
    """An hour entry as a record writes it: what was given, ``rare: [oil]`` for a bare name."""
    out = {"hour": h.hour, "dice": list(h.dice)} | h.model_dump(
        mode="json", by_alias=True, exclude_none=True, exclude_defaults=True, exclude={"seat", "hour", "dice"})
    for key in ("rare", "cook"):
        if key in out:
            out[key] = [m["name"] if list(m) == ["name"] else m for m in out[key]]
    return out


def _entry(move: dict[str, Any]) -> dict[str, Any]:
    """A stored move as its record entry: checked, written as a record writes it (no seat)."""
    return _written(Move.model_validate(move))


def _seat(setup: Setup, move: dict[str, Any]) -> int:
    seat = Move.model_validate(move).seat
    if seat >= len(setup.players):
        raise ValueError(f"seat {seat} is nobody's: the table has {len(setup.players)} player"
                         f"{'' if len(setup.players) == 1 else 's'} (seats 0 to {len(setup.players) - 1})")
    return seat


def records(setup: BaseModel, moves: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """One record document a player, their hours in the order played."""
    assert isinstance(setup, Setup)
    docs: list[dict[str, Any]] = []
    for p in setup.players:
        doc: dict[str, Any] = {"game": NAME, "sheet": p.sheet or setup.sheet, "player": p.name}
        if p.end is not None:
            doc["end"] = p.end.model_dump(mode="json", exclude_none=True)
        else:
            doc["hours"] = []
        docs.append(doc)
    for move in moves:
        doc = docs[_seat(setup, move)]
        doc.setdefault("hours", []).append(_entry(move))  # an end-only record with hours: refused
    return docs


def split(documents: Sequence[dict[str, Any]]) -> tuple[BaseModel, list[dict[str, Any]]]:
    """Record documents (one a player) -> the table's setup and moves, in play order."""
    recs = [RollNCookRecord.model_validate(d) for d in documents]
    if not recs:
        raise ValueError("no record to import")
    table_sheet = next((r.sheet for r in recs if r.hours is not None), recs[0].sheet)
    players = [Player(name=r.player, sheet=None if r.sheet == table_sheet else r.sheet, end=r.end) for r in recs]
    names = [same_name(p.name) for p in players]
    twice = next((n for i, n in enumerate(names) if n in names[:i]), None)
    if twice is not None:
        raise ValueError(f"two records are {said(twice)}'s: give each player's record once, each with its own "
                         "player name")
    setup = Setup(sheet=table_sheet, players=players)
    out = [{"seat": seat} | _written(h) for _, _, (seat, h) in record_moves(recs)]
    return setup, out


def file_names(setup: BaseModel) -> list[str]:
    """The export's one file, ``rollncook-rncN-SEED.yaml``: every player's record in one YAML
    stream (``---`` between them), which ``printkit score rollncook FILE`` reads as they are."""
    assert isinstance(setup, Setup)
    return [f"rollncook-{setup.sheet.lower()}.yaml"]


# -- the view ------------------------------------------------------------------------------------


@cache
def content() -> dict[str, Any]:
    """What every sheet shares, as the page draws it (RNC-9's data)."""
    return {"basics": list(CONTENT.basics), "mystery": CONTENT.mystery,
            "rares": {k: list(v) for k, v in CONTENT.rares.items()},
            "meals": [{"name": m.name, "ingredients": list(m.ingredients), "value": m.value,
                       "bonuses": list(m.bonuses)} for m in CONTENT.meals.values()],
            "hours": list(CONTENT.hours), "plates": list(CONTENT.plates),
            "abilities": dict(CONTENT.abilities), "stars": list(CONTENT.stars)}


@lru_cache(maxsize=64)
def sheet_view(sid: str) -> dict[str, Any]:
    """A sheet's own boxes and tables (RNC-1), with each box's kind (rare boxes print dark)."""
    parsed = parse_sheet_id(sid)
    assert parsed is not None
    sheet = generate(parsed[1])
    return {"id": sheet.id, "hours": [{"clock": h.clock, "plates": h.plates, "boxes": [list(b) for b in h.boxes],
                                       "kinds": [h.box_kind(k) for k in range(6)], "table": list(h.table)}
                                      for h in sheet.hours]}


def table_hour(state: RollNCookState) -> str | None:
    """The hour the table plays now: the earliest hour a player with hours still has to play."""
    due = [state.hour_due(i) for i in range(len(state.seats))]
    left = [TABLES[h] for h in due if h is not None]
    return CONTENT.hours[min(left)] if left else None


def table_dice(state: RollNCookState, hour: str | None) -> list[int] | None:
    """The hour's dice, once somebody has played it: the rolling player's (RNC-10), else the first given."""
    if hour is None:
        return None
    roller = state.roller
    if roller is not None and hour in state.seats[roller].dice:
        return list(state.seats[roller].dice[hour])
    return next((list(s.dice[hour]) for s in state.seats if hour in s.dice), None)


def doubles(dice: list[int]) -> list[dict[str, Any]]:
    """RNC-3: every doubles choice the dice allow, with the results it leaves."""
    out = []
    for spend in sorted(set(dice)):
        if dice.count(spend) >= 2:
            for to in range(1, 7):
                res, bad = results(list(dice), (spend, to))
                if not bad:
                    out.append({"spend": spend, "to": to, "results": res})
    return out


def crossings(needs: tuple[str, ...]) -> list[list[str]]:
    """RNC-5, RNC-11: every way to cross a recipe's ingredients (sorted, as ``use`` says it):
    the exact ingredients first, then each basic slot filled by the mystery ingredient instead."""
    out: list[list[str]] = []
    for plan in plans(needs, None):
        way = sorted(plan if plan is not None else needs)
        if way not in out:
            out.append(way)
    return out


def kitchen_steps(sheet: State, hour: int, rare: Sequence[Made], cook: Sequence[Made]) -> list[dict[str, Any]]:
    """RNC-5 to RNC-7, RNC-11: the rare ingredients and meals a player may add to an hour that
    already makes ``rare`` and cooks ``cook``, on ``sheet`` as it is after the hour's takes.
    Each step is ``{"kind": "rare" | "cook", "name", "uses": [...]}``: every way of crossing
    its ingredients (what the mystery ingredient stands for) with which the whole hour's
    kitchen is legal, judged by the State's own order-free search (rules.legal_hour)."""
    out: list[dict[str, Any]] = []
    for kind, recipes in (("rare", {r: n for r, n in CONTENT.rares.items()}),
                          ("cook", {m.name: m.ingredients for m in CONTENT.meals.values()})):
        for name, needs in recipes.items():
            uses = [u for u in crossings(needs) if _kitchen_legal(sheet, hour, rare, cook, kind, Made(name=name, use=u))]
            if uses:
                out.append({"kind": kind, "name": name, "uses": uses})
    return out


def _kitchen_legal(sheet: State, hour: int, rare: Sequence[Made], cook: Sequence[Made], kind: str, step: Made) -> bool:
    rares = [*rare, step] if kind == "rare" else list(rare)
    meals = [*cook, step] if kind == "cook" else list(cook)
    return legal_hour(sheet, hour, rares, meals) is not None


def hour_options(state: GameState, move: dict[str, Any]) -> dict[str, Any]:
    """What a player may add to the hour being composed (``move``: a partial hour, as a move is
    written): the ingredients circled and not crossed after its takes, rare ingredients and
    meals (``stock``), and the rare ingredients and meals that may be added, each with the
    crossings the State accepts (:func:`kitchen_steps`). One rules engine: the State's own
    steps (doubles and abilities, takes, the order-free kitchen search). A read-only query for
    the page (``POST /api/tables/{id}/ask``, :func:`ask`); a plan that breaks a rule
    already gets no kitchen steps and says why in ``problems``."""
    # the State's own steps of an hour (imported here: private to state.py, used by this query only)
    from printkit.games.rollncook.state import _roll, _takes

    assert isinstance(state, RollNCookState)
    m = Move.model_validate(move)
    sheet = state.sheet(m.seat) if m.seat < len(state.seats) else None
    if sheet is None or state.hour_due(m.seat) != m.hour:
        raise ValueError(f"seat {m.seat} has no hour {m.hour} to play now")
    hour = TABLES[m.hour]
    after, res, bad = _roll(sheet, m, m.hour)
    after, more = _takes(after, hour, res, m, m.hour)
    problems = [v.message for v in bad + more]
    cooked = legal_hour(after, hour, m.rare, m.cook) if m.rare or m.cook else after
    if cooked is None:
        problems.append("the rare ingredients and meals planned cannot all be made")
    steps = [] if problems or cooked is None else kitchen_steps(after, hour, m.rare, m.cook)
    shown = cooked if cooked is not None else after
    left = _unused(res, m)
    return {"results": res, "used": _used(res, left), "left": left,
            "takes": {} if problems else {str(v): [t.model_dump(mode="json", exclude_none=True)
                                                   for t in rule_takes(after, hour, v)] for v in sorted(set(left))},
            "doubles": doubles(list(m.dice)) if not (problems or m.double or m.abilities or m.take or m.rare or m.cook)
            else [],
            "abilities": {k: {"left": after.abilities[k], "choices": [] if problems else _powers(sheet, m, k, res, left)}
                          for k in CONTENT.abilities},
            "stock": {k: v for k, v in sorted(shown.stock.items()) if v},
            "plates_left": plates_left(shown, hour), "kitchen": steps, "problems": problems}


def _unused(res: list[int], m: HourPlay) -> list[int]:
    """RNC-2: the results no take of the plan uses yet (each result is used once)."""
    left = list(res)
    for t in m.take:
        if t.value in left:
            left.remove(t.value)
    return left


def _used(res: list[int], left: list[int]) -> list[bool]:
    """Which of the results (in order) the takes use, for the page to grey them."""
    free, out = list(left), []
    for v in res:
        out.append(v not in free)
        if v in free:
            free.remove(v)
    return out


def _powers(sheet: State, m: HourPlay, kind: str, res: list[int], left: list[int]) -> list[dict[str, int]]:
    """RNC-4: each use of ability ``kind`` the plan may add, as the record writes it, tried on the
    State's own steps (the ability, then the plan's takes): adjust or set a result not used yet,
    reuse any result, add any value."""
    from printkit.games.rollncook.state import _roll, _takes

    free = sorted(set(left))
    choices: dict[str, list[Any]] = {
        "adjust": [{"from": a, "to": b} for a in free for b in sorted({a % 6 + 1, (a - 2) % 6 + 1})],
        "set": [{"from": a, "to": b} for a in free for b in range(1, 7) if b != a],
        "reuse": sorted(set(res)), "add": list(range(1, 7))}
    tries = choices[kind]
    out = []
    base = m.model_dump(mode="json", by_alias=True, exclude_none=True, exclude={"seat"})
    for t in tries:
        plan = HourPlay.model_validate(base | {"abilities": [*base.get("abilities", []), {kind: t}]})
        after, got, bad = _roll(sheet, plan, "")
        if not bad and not _takes(after, TABLES[m.hour], got, plan, "")[1]:
            out.append(t if isinstance(t, dict) else {"value": t})
    return out


def ask(state: GameState, setup: BaseModel, moves: Sequence[dict[str, Any]], body: dict[str, Any]) -> dict[str, Any]:
    """The page's question, ``{"plan": partial hour}`` (a move as composed so far): :func:`hour_options`."""
    if set(body) != {"plan"} or not isinstance(body["plan"], dict):
        raise ValueError('ask {"plan": {...}}: the hour being composed, written as a move')
    return hour_options(state, body["plan"])


def _options(state: RollNCookState, seat: int, dice: list[int] | None) -> dict[str, Any]:
    """What the player may take in the hour due: for each result 1 to 6, the free box and table
    segments (RNC-2, from the State); the doubles the dice allow; plates and dish boxes left."""
    s = state.seats[seat]
    hour = state.hour_due(seat)
    if s.sheet is None or hour is None:
        return {}
    h = TABLES[hour]
    return {"hour": hour,
            "takes": {str(v): [t.model_dump(mode="json", exclude_none=True) for t in state.takes(seat, v)]
                      for v in range(1, 7)},
            "doubles": doubles(dice) if dice else [],
            "plates_left": plates_left(s.sheet, h),
            "dish_boxes_left": {m: dish_boxes_left(s.sheet, m) for m in CONTENT.meals}}


def _seat_view(state: RollNCookState, seat: int, dice: list[int] | None) -> dict[str, Any]:
    s = state.seats[seat]
    score = s.score()
    out: dict[str, Any] = {"name": s.player, "sheet": s.sheet_id, "hour_due": state.hour_due(seat),
                           "done": s.done, "end_only": s.sheet is None, "total": score["total"],
                           "stars": score["stars"], "meals": score["meals"], "rares_left": score["rares_left"],
                           "played": [CONTENT.hours[h] for h in s.seen], "dice": dict(s.dice)}
    if s.sheet is not None:
        st = s.sheet
        out |= {"boxes": sorted([CONTENT.hours[h], k + 1] for h, k in st.boxes),
                "segments": sorted([CONTENT.hours[h], k + 1] for h, k in st.segments),
                "stock": {k: v for k, v in sorted(st.stock.items()) if v},
                "abilities_left": dict(st.abilities), "dishes": dict(st.dishes),
                "plates_used": dict(zip(CONTENT.hours, st.plates, strict=True)),
                "options": _options(state, seat, dice)}
    return out


def view(state: GameState, setup: BaseModel, moves: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """What the page draws now: the sheets, each player's marks and running total, the table's
    hour and dice, and what each player may take in their hour due."""
    assert isinstance(state, RollNCookState) and isinstance(setup, Setup)
    hour = table_hour(state)
    dice = table_dice(state, hour)
    sheets = {s.sheet_id for s in state.seats if s.sheet is not None}
    return {"content": content(), "sheets": {sid: sheet_view(sid) for sid in sorted(sheets)},
            "sheet": setup.sheet, "hour": hour, "dice": dice, "due": state.due,
            "seats": [_seat_view(state, i, dice if state.hour_due(i) == hour else None)
                      for i in range(len(state.seats))],
            "moves": len(moves)}


def rounds(setup: BaseModel, moves: Sequence[dict[str, Any]]) -> list[int]:
    """The history chart's rounds: each move's hour (0 for 10:00), never going back."""
    out: list[int] = []
    for m in moves:
        out.append(max(TABLES[Move.model_validate(m).hour], out[-1] if out else 0))
    return out


def describe(setup: BaseModel, moves: Sequence[dict[str, Any]], i: int) -> str:
    """An hour in the record's words: "Ann played 10:00 (dice 1 3 5)"."""
    assert isinstance(setup, Setup)
    m = Move.model_validate(moves[i])
    return f"{setup.players[m.seat].name} played {m.hour} (dice {' '.join(str(d) for d in m.dice)})"



def end_bonus(breakdown: dict[str, Any]) -> int:
    """RNC-8: each rare ingredient still unused when the game ends is worth 1 point; until then
    the page shows it apart from the dishes' points."""
    return int(breakdown.get("rares_left", 0))


def hour_label(r: int) -> str:
    """A round of ``rounds`` as the sheet names it: 0 is "10:00" (RNC-1)."""
    hours = list(TABLES)
    return hours[r] if 0 <= r < len(hours) else str(r)


def move_name(setup: BaseModel, move: dict[str, Any]) -> str:
    """A move in a player's words, for a refusal: "Bo's 10:00"."""
    assert isinstance(setup, Setup)
    return f"{setup.players[move['seat']].name}'s {move['hour']}"


SCOREKEEPER = Scorekeeper(GAME, Setup, Move, records, split, view, ASSETS, file_names, rounds, ask=ask,
                          end_bonus=end_bonus, round_name="hour", round_label=hour_label, tie_break="RNC-8",
                          move_name=move_name, describe=describe,
                          paper=PaperReader(scanweb.missing, scanweb.read_upload, scanweb.records))
