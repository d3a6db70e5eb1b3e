"""Roll n Cook's table as a State (printkit.core.game): every player's sheet, hour by hour.

A move is ``(seat, hour entry)``: the index of a player (the record's place among the records
scored together) and one :class:`~printkit.games.rollncook.record.HourPlay` of that player's
record, exactly as written. At the table everyone plays an hour at once on the same roll
(RNC-10); the State takes the players' entries one at a time, hour by hour in seat order, so
``to_move`` names the player whose entry for the current hour is still due (the first seat that
has played the fewest hours), and an entry given out of that order is taken all the same (the
players write at once: there is no turn to break). The first player with hours rolls for the
table: every other player's dice for an hour are checked against that player's (RNC-10).

A record that gives only its ``end`` has no moves: it is totalled when the State starts and
its end state is judged by :meth:`RollNCookState.finish` (RNC-12).

``legal_moves()`` is None: an hour entry has too many ways to cross what was rolled. What is
cheap to list is :meth:`RollNCookState.takes`, the boxes and table segments a result may cross
now, each of them a ``take`` that :meth:`RollNCookState.apply` accepts.

>>> from printkit.games.rollncook.record import HourPlay, Take
>>> from printkit.games.rollncook.sheet import generate
>>> t = RollNCookState.new([("Ann", generate(7))])
>>> t.to_move, t.hour_due(0), t.is_over
('Ann', '10:00', False)
>>> [take.box or take.table for take in t.takes(0, 5)][:3]
[5, '10:00', '11:00']
>>> t.apply((0, HourPlay(hour="10:00", dice=[1, 3, 5], take=[Take(box=5)])))
[]
>>> t.apply((0, HourPlay(hour="11:00", dice=[2, 2, 4], take=[Take(box=6)])))[0].message
'no result 6 is left to use (results 2 2 4; each is used once)'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import TYPE_CHECKING

from printkit.core.game import GameState
from printkit.core.records import same_name
from printkit.core.score import PlayerResult, Violation, printable
from printkit.errors import PrintkitError
from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.rules import (
    State, apply_ability, box_problems, cook, final_score, legal_hour, make_rares, meal_points, replace as renew,
    results, segment_problems, stars, take_box, take_segment,
)
from printkit.games.rollncook.sheet import Sheet, generate, parse_sheet_id

if TYPE_CHECKING:  # the record models are only named here
    from printkit.games.rollncook.record import Ability, EndState, HourPlay, RollNCookRecord, Take

#: A move: (the player's seat, one hour entry of the player's record).
Move = tuple[int, "HourPlay"]

PLATES = sum(CONTENT.plates)
HOURS = CONTENT.hours
LAST_HOUR = len(HOURS) - 1
#: Hour -> its index, for the tables a ``take`` names (written as the sheet prints them).
TABLES = {clock: i for i, clock in enumerate(HOURS)}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _dice(values: Sequence[int]) -> str:
    return " ".join(map(str, values))


def hour_order(seen: Sequence[int], hour: int) -> list[str]:
    """RNC-11: the 12 hours are played once each, in order. What is wrong with playing ``hour``
    (an index) after the hours ``seen`` (in the order played); a misplaced hour is reported
    once, and the hours after it are judged against the latest hour played so far.

    >>> hour_order([0, 1], 2), hour_order([0, 1], 1), hour_order([0, 2], 1)
    ([], ['11:00 is played twice'], ['11:00 comes after 12:00: hours go in order'])
    >>> hour_order([0], 3)
    ['11:00 to 12:00 are missing before 13:00: every hour is played, in order']
    """
    clock = HOURS[hour]
    expected = max(seen) + 1 if seen else 0  # after a misplaced hour, the next one due
    if hour in seen:
        return [f"{clock} is played twice"]
    if seen and hour < seen[-1]:
        return [f"{clock} comes after {HOURS[seen[-1]]}: hours go in order"]
    if hour > expected:
        one = hour == expected + 1
        missing = HOURS[expected] if one else f"{HOURS[expected]} to {HOURS[hour - 1]}"
        return [f"{missing} {'is' if one else 'are'} missing before {clock}: every hour is played, in order"]
    return []


def ability_args(a: Ability) -> tuple[str, int | None, int | None]:
    """An ability entry as (kind, from, to) for :func:`~printkit.games.rollncook.rules.apply_ability`.

    >>> from printkit.games.rollncook.record import Ability
    >>> ability_args(Ability(reuse=5)), ability_args(Ability(add=6))
    (('reuse', 5, None), ('add', None, 6))
    """
    kind = next(x for x in ("adjust", "set", "reuse", "add") if getattr(a, x) is not None)
    v = getattr(a, kind)
    if kind in ("adjust", "set"):
        return kind, v.from_, v.to
    return (kind, v, None) if kind == "reuse" else (kind, None, v)


def take(sheet: State, hour: int, t: Take) -> tuple[State, list[str]]:
    """RNC-2: cross what a ``take`` entry names: box ``t.box`` of ``hour``, or a table segment."""
    if t.box is not None:
        return take_box(sheet, hour, t.value, t.box)
    assert t.table is not None  # a box or a table (the record model checks)
    return take_segment(sheet, TABLES[t.table], t.value, t.number)


def take_problems(sheet: State, hour: int, t: Take) -> list[str]:
    """RNC-2: why a ``take`` may not cross what it names now (none: it may); nothing changes."""
    if t.box is not None:
        return box_problems(sheet, hour, t.value, t.box)
    assert t.table is not None  # a box or a table (the record model checks)
    return segment_problems(sheet, TABLES[t.table], t.value, t.number)


@cache
def _places(value: int) -> tuple[Take, ...]:
    """Every ``take`` of a result ``value``: its box, then its segment of each table (record
    objects, made for the automatic players and the web pages: record.py is imported here, as
    scoring needs none)."""
    from printkit.games.rollncook.record import Take

    return (Take(box=value),) + tuple(Take(table=c, segment=value) for c in HOURS)


def takes(sheet: State, hour: int, value: int) -> list[Take]:
    """RNC-2: where a result ``value`` may go in ``hour`` (an index): the hour's box ``value``
    and segment ``value`` of every table, those not crossed yet; each one a legal ``take``.

    >>> from printkit.games.rollncook.sheet import generate
    >>> sheet, _ = take_box(State.new(generate(7)), 0, 5, 5)
    >>> [t.box or t.table for t in takes(sheet, 0, 5)][:2]
    ['10:00', '11:00']
    """
    return [t for t in _places(value) if not take_problems(sheet, hour, t)]


def end_score(end: EndState) -> dict:
    """RNC-8, RNC-12: the score of a record that gives only its end state.

    >>> from printkit.games.rollncook.record import EndState
    >>> end_score(EndState(dishes={"soup": 1}, rares_left=2))["total"]
    5
    """
    meals = {m: meal_points(m, n) for m, n in end.dishes.items()}
    total = sum(meals.values()) + end.rares_left
    return {"total": total, "meals": {k: v for k, v in meals.items() if v}, "rares_left": end.rares_left,
            "stars": stars(total), "basics_left": end.basics_left,
            "plates_left": max(PLATES - sum(end.dishes.values()), 0)}


def end_problems(end: EndState) -> list[tuple[tuple, str]]:
    """RNC-12: one plate a meal, and the sheet has 14; the unused plates follow from the meals.
    Problems as (key path inside the end entry, message)."""
    cooked = sum(end.dishes.values())
    plates_left = max(PLATES - cooked, 0)
    if cooked > PLATES:
        return [(("dishes",), f"{_plural(cooked, 'meal')} cooked, but the sheet has only {PLATES} plates (one a meal)")]
    if end.plates_left is not None and end.plates_left != plates_left:
        return [(("plates_left",), f"plates_left is {end.plates_left}, but {_plural(cooked, 'meal')} cooked leave "
                                   f"{plates_left} of the sheet's {PLATES} plates unused (plates_left can be left out)")]
    return []


def _roll(sheet: State, h: HourPlay, where: str) -> tuple[State, list[int], list[Violation]]:
    """RNC-3, RNC-4: the results of an hour's dice after its doubles choice and abilities."""
    res, problems = results(h.dice, (h.double.spend, h.double.to) if h.double else None)
    out = [Violation(where, "RNC-3", m, ("double",)) for m in problems]
    for k, a in enumerate(h.abilities):
        kind, frm, to = ability_args(a)
        sheet, res, problems = apply_ability(sheet, res, kind, frm, to)
        out += [Violation(where, "RNC-4", m, ("abilities", k)) for m in problems]
    return sheet, res, out


def _legal_takes(sheet: State, hour: int, res: list[int], takes: list[Take]) -> State | None:
    """The sheet after ``takes`` when every one is legal (RNC-2), as one new State; None at the
    first that is not (then :func:`_takes` goes through them one by one to say why). The same
    checks as take_box and take_segment, without a State and problem list a take (issue 16)."""
    pool, stock = list(res), dict(sheet.stock)
    boxes, segments = sheet.boxes, sheet.segments
    new_boxes: list[tuple[int, int]] = []
    new_segments: list[tuple[int, int]] = []
    hours = sheet.sheet.hours
    for t in takes:
        v, box = t.result, t.box
        if box is not None:
            if v is None:
                v = box
            spot = (hour, v - 1)
            if box != v or v not in pool or spot in boxes or spot in new_boxes:
                return None
            new_boxes.append(spot)
            for x in hours[hour].boxes[v - 1]:
                stock[x] = stock.get(x, 0) + 1
        else:
            number = t.segment if t.segment is not None else v
            if v is None:
                v = number
            # a table, and its segment or the result (the record model checks)
            assert t.table is not None and v is not None
            spot = (TABLES[t.table], v - 1)
            if number != v or v not in pool or spot in segments or spot in new_segments:
                return None
            new_segments.append(spot)
            x = hours[spot[0]].table[v - 1]
            stock[x] = stock.get(x, 0) + 1
        pool.remove(v)
    return renew(sheet, stock=stock, boxes=boxes.union(new_boxes) if new_boxes else boxes,
                 segments=segments.union(new_segments) if new_segments else segments)


def _takes(sheet: State, hour: int, res: list[int], h: HourPlay, where: str) -> tuple[State, list[Violation]]:
    """RNC-2: each result used once, on a box of this hour or a segment of any table."""
    legal = _legal_takes(sheet, hour, res, h.take)
    if legal is not None:
        return legal, []
    pool, out = list(res), []
    for k, t in enumerate(h.take):
        w = f"{where}, result {t.value}"
        if t.value not in pool:
            out.append(Violation(w, "RNC-2", f"no result {t.value} is left to use "
                                             f"(results {_dice(res) or 'none'}; each is used once)", ("take", k)))
            continue
        pool.remove(t.value)
        sheet, problems = take(sheet, hour, t)
        out += [Violation(w, "RNC-2", m, ("take", k)) for m in problems]
    return sheet, out


def _kitchen(sheet: State, hour: int, h: HourPlay, where: str) -> tuple[State, list[Violation]]:
    """RNC-5 to RNC-7, RNC-11: the hour's rare ingredients and meals, in whichever order and with
    whichever stand-in for the mystery ingredient breaks no rule; if none does, what breaks is
    reported as written (the rare ingredients by depth if fewer break so)."""
    if not (h.rare or h.cook):
        return sheet, []
    legal = legal_hour(sheet, hour, h.rare, h.cook)
    if legal is not None:
        return legal, []
    sheet, made = make_rares(sheet, h.rare)
    out = [Violation(f"{where}, {name}", rule, m, ("rare", k)) for k, name, rule, m in made]
    for k, c in enumerate(h.cook):
        sheet, problems = cook(sheet, hour, c.name, c.use)
        out += [Violation(f"{where}, {c.name}", rule, m, ("cook", k)) for rule, m in problems]
    return sheet, out


@dataclass
class Seat:
    """One player at the table: the sheet so far, or only the end state the record gives."""

    player: str
    sheet_id: str
    #: The player's sheet after the hours applied; None when the record gives only its end.
    sheet: State | None
    end: EndState | None = None
    #: The hours applied (indexes), in the order played.
    seen: list[int] = field(default_factory=list)
    #: Hour -> the dice of the player's first entry for it (RNC-10 compares those).
    dice: dict[str, list[int]] = field(default_factory=dict)
    #: What happened, an hour a line.
    lines: list[str] = field(default_factory=list)
    #: (the sheet scored, its score): standings, notes and the winner check ask for the same
    #: sheet's score; a sheet (rules.State) is never changed in place, so its identity is its key.
    _scored: tuple[State, dict] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def last(self) -> int:
        """The latest hour played (an index), -1 before the first."""
        return max(self.seen, default=-1)

    @property
    def done(self) -> bool:
        return self.sheet is None or self.last == LAST_HOUR

    def score(self) -> dict:
        if self.sheet is None:
            assert self.end is not None  # a record gives its hours or its end (the record model checks)
            return end_score(self.end)
        if self._scored is None or self._scored[0] is not self.sheet:
            self._scored = (self.sheet, final_score(self.sheet))
        return self._scored[1]

    def copy(self) -> Seat:
        # The sheet (rules.State) is never changed in place: sharing it is safe.
        return replace(self, seen=list(self.seen), dice=dict(self.dice), lines=list(self.lines))


class RollNCookState(GameState[Move]):
    """The table: one :class:`Seat` a player, in the records' order."""

    def __init__(self, seats: list[Seat]):
        self.seats = seats
        #: RNC-10 checks waiting for the rolling player's hour: (seat, entry index, hour).
        self.pending: list[tuple[int, int, str]] = []

    @classmethod
    def start(cls, records: Sequence[RollNCookRecord]) -> RollNCookState:
        """The table before the first hour, one seat a record; a player's name twice is an
        input error (the same record given twice, or two players with one name)."""
        seats = []
        names = [same_name(rec.player) for rec in records]  # "Zoë" composed or not: one name
        for i, name in enumerate(names):
            if name in names[:i]:
                raise PrintkitError(f"{printable(records[i].player)}'s record is given twice (records {names.index(name) + 1} "
                                    f"and {i + 1}): give each player's record once, each with its own "
                                    "player name")
        for rec in records:
            sheet = None
            if rec.hours is not None:
                ids = parse_sheet_id(rec.sheet)
                assert ids is not None  # a sheet id (the record model checks)
                sheet = State.new(generate(ids[1]))
            dice = {hour: list(d) for hour, d in (rec.end.dice or {}).items()} if rec.end is not None else {}
            seats.append(Seat(rec.player, rec.sheet, sheet, rec.end, dice=dice))
        return cls(seats)

    @classmethod
    def new(cls, players: Sequence[tuple[str, Sheet]]) -> RollNCookState:
        """A table of (player, sheet) about to play its first hour (the automatic players')."""
        return cls([Seat(name, sheet.id, State.new(sheet)) for name, sheet in players])

    # -- who plays, what may be played --------------------------------------------------------

    @property
    def roller(self) -> int | None:
        """The seat whose dice are the table's (RNC-10): the first player with hours."""
        for i, s in enumerate(self.seats):
            if s.sheet is not None:
                return i
        return None

    @property
    def _rolling(self) -> int:
        """The :attr:`roller`, asked for once a seat has played an hour (so there is one)."""
        roller = self.roller
        assert roller is not None
        return roller

    @property
    def due(self) -> int | None:
        """The seat whose hour entry is due: the first that has played the fewest hours."""
        playing = [i for i, s in enumerate(self.seats) if not s.done]
        return min(playing, key=lambda i: len(self.seats[i].seen)) if playing else None

    @property
    def to_move(self) -> str | None:
        due = self.due
        return None if due is None else self.seats[due].player

    def hour_due(self, seat: int) -> str | None:
        """The hour a player plays next (after the latest hour played); None when done."""
        s = self.seats[seat]
        return None if s.done else HOURS[s.last + 1]

    def sheet(self, seat: int) -> State | None:
        """A player's sheet so far (None for a record that gives only its end)."""
        return self.seats[seat].sheet

    def takes(self, seat: int, value: int) -> list[Take]:
        """RNC-2: where a result ``value`` may go in the player's next hour (see :func:`takes`)."""
        s, clock = self.seats[seat], self.hour_due(seat)
        if s.sheet is None or clock is None:
            return []
        return takes(s.sheet, TABLES[clock], value)

    # -- playing -------------------------------------------------------------------------------

    def apply(self, move: Move) -> list[Violation]:
        """Play one player's hour (PK-14 order: doubles, abilities, results taken, rare
        ingredients, meals); violations have paths inside the hour entry."""
        index, h = move
        seat = self.seats[index]
        if seat.sheet is None:
            raise ValueError(f"{seat.player}'s record gives only its end state: it has no hours to play")
        hour = TABLES[h.hour]
        where = f"{seat.player}, {h.hour}"
        out = [Violation(where, "RNC-11", m, ("hour",)) for m in hour_order(seat.seen, hour)]
        entry = len(seat.seen)
        seat.seen.append(hour)
        sheet, res, bad = _roll(seat.sheet, h, where)
        out += bad
        sheet, bad = _takes(sheet, hour, res, h, where)
        out += bad
        seat.sheet, bad = _kitchen(sheet, hour, h, where)
        out += bad
        seat.lines.append(f"{where}: results {_dice(res)}; stock " +
                          (", ".join(f"{k} {v}" for k, v in sorted(seat.sheet.stock.items()) if v) or "none"))
        return out + self._shared_dice(index, entry, h)

    def _shared_dice(self, index: int, entry: int, h: HourPlay) -> list[Violation]:
        """RNC-10, PK-16: one roll serves everyone. A player's first entry for an hour is compared
        with the rolling player's; if that player has not played the hour yet (a record out of
        order), the comparison waits for the end (:meth:`finish`)."""
        seat = self.seats[index]
        if h.hour in seat.dice:  # a repeated hour is RNC-11; its first entry is compared
            return []
        seat.dice[h.hour] = list(h.dice)
        if index == self.roller:
            return []
        if h.hour not in self.seats[self._rolling].dice:
            self.pending.append((index, entry, h.hour))
            return []
        return self._dice_differ(index, h.hour, ("dice",))

    def _dice_differ(self, index: int, hour: str, path: tuple, record: int = 0,
                     first_seat: int | None = None) -> list[Violation]:
        first = self.seats[self._rolling if first_seat is None else first_seat]
        a, b = first.dice[hour], self.seats[index].dice[hour]
        if sorted(a) == sorted(b):
            return []
        return [Violation(f"{self.seats[index].player}, {hour}", "RNC-10",
                          f"the dice were {_dice(a)} for {first.player} but {_dice(b)} here: one roll serves everyone",
                          path, record)]

    def finish(self) -> list[Violation]:
        """RNC-12 for records that give only their end; RNC-10 checks that had to wait."""
        out = [Violation(f"{s.player}, end", "RNC-12", m, ("end",) + path, i)
               for i, s in enumerate(self.seats) if s.end is not None for path, m in end_problems(s.end)]
        for index, entry, hour in self.pending:
            if hour in self.seats[self._rolling].dice:
                out += self._dice_differ(index, hour, ("hours", entry, "dice"), index)
        return out + self._end_dice()

    def _end_dice(self) -> list[Violation]:
        """RNC-10 for records that give their end and the dice of their hours (a filled sheet
        rebuilt): each hour's dice against the rolling player's, or, with nobody playing hours,
        the first such record's."""
        ends = [i for i, s in enumerate(self.seats) if s.sheet is None and s.dice]
        first = self.roller if self.roller is not None else (ends[0] if ends else None)
        out: list[Violation] = []
        for i in ends:
            if i == first:
                continue
            for hour in HOURS:
                if hour in self.seats[i].dice and first is not None and hour in self.seats[first].dice:
                    out += self._dice_differ(i, hour, ("end", "dice", hour), i, first)
        return out

    # -- the end -------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Every player with hours has played 21:00 (RNC-11: a record may stop before)."""
        return all(s.done for s in self.seats)

    def standings(self) -> list[PlayerResult]:
        out = []
        for s in self.seats:
            sc = s.score()
            out.append(PlayerResult(s.player, sc["total"], {
                "meals": sc["meals"], "rares_left": sc["rares_left"], "stars": sc["stars"],
                "basics_left": sc["basics_left"], "plates_left": sc["plates_left"], "sheet": s.sheet_id}))
        return out

    def notes(self) -> list[str]:
        names = [s.player for s in self.seats]
        out = ["two records have the same player name"] if len(set(names)) != len(names) else []
        for s in self.seats:
            if s.sheet is None:
                out.append(f"{s.player}: only the end state is given: totalled, not checked (unchecked play)")
            elif not s.done:
                played = f"stops after {HOURS[s.last]}" if s.last >= 0 else "has no hours yet"
                out.append(f"{s.player}: the record {played}; {HOURS[s.last + 1]} to {HOURS[-1]} "
                           f"are not played: an unfinished game, standings so far (RNC-11)")
        if self.no_winner() and self.is_over:
            out.append(f"no star: a solo game needs at least {CONTENT.stars[0]} points to be won (RNC-8)")
        return out

    def details(self) -> list[str]:
        return [line for s in self.seats for line in s.lines]

    def no_winner(self) -> str:
        """RNC-8, rulebook 3.4: a solo game needs at least one star to be won."""
        if len(self.seats) != 1:
            return ""
        sc = self.seats[0].score()
        if sc["stars"]:
            return ""
        return f"a solo game is won with at least one star, and {sc['total']} points is under {CONTENT.stars[0]}"

    def copy(self) -> RollNCookState:
        new = RollNCookState([s.copy() for s in self.seats])
        new.pending = list(self.pending)
        return new


def moves(records: Sequence[RollNCookRecord]) -> Iterator[tuple[int, tuple, Move]]:
    """The records' hour entries in play order: hour by hour (the j-th entry of every record),
    each hour in the records' order. Records that give only their end have none."""
    longest = max((len(r.hours) for r in records if r.hours is not None), default=0)
    for j in range(longest):
        for i, r in enumerate(records):
            if r.hours is not None and j < len(r.hours):
                yield i, ("hours", j), (i, r.hours[j])


def rank_key(p: PlayerResult) -> tuple:
    """RNC-8: the total, then the basic ingredients left, then the plates left."""
    return p.total, p.breakdown["basics_left"], p.breakdown["plates_left"]
