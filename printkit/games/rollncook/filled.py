"""A filled-in fillable sheet read back (issue 14): the marks, what they break, and the record they say.

Marks do not say everything a record does: which hour's result crossed a table segment, when an
ability was used and on which result, which meal a crossed plate went to, or when a rare
ingredient was made. So the record rebuilt is an end-state record (``end``: the dishes, the rare
and basic ingredients left), and the marks are checked here as far as marks alone can be
(docs/fillable.md lists what is and is not checked). Each problem names the field that holds
the mark: ``FILE:FIELD: where: message [rule]``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from printkit.core.forms import FilledForm, FormReader, FormRecord, mark
from printkit.core.limits import MAX_DIGITS
from printkit.core.score import Report, Violation
from printkit.errors import PrintkitError
from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.form import Names, bullets, field_ops, inventory_rows
from printkit.games.rollncook.record import RollNCookRecord
from printkit.games.rollncook.record import MAX_SHEET_SEED
from printkit.games.rollncook.rules import meal_points
from printkit.games.rollncook.sheet import Sheet, generate, parse_sheet_id

HOURS = CONTENT.hours
#: What a die's field may hold.
DIE = frozenset("123456")


def _shown(text: str) -> str:
    """A mark as the player wrote it, for a message: quoted, control characters escaped,
    shortened past 40 characters.

    >>> print(_shown("😀"), _shown("7\\n"), _shown("9" * 50))
    '😀' '7\\n' '9999999999999999999999999999999999999...'
    """
    return repr(text if len(text) <= 40 else text[:37] + "...")


@dataclass
class Marks:
    """What one filled sheet shows."""

    sheet: Sheet
    names: Names
    player: str
    dice: list[list[int]] = field(default_factory=list)  # per hour played, as rolled
    played: int = 0  # hours with their dice written, from 10:00
    boxes: list[list[int]] = field(default_factory=list)  # per hour: box indexes crossed
    segments: list[list[int]] = field(default_factory=list)  # per table: segment indexes crossed
    plates: list[int] = field(default_factory=list)  # per hour: plates crossed
    circled: Counter = field(default_factory=Counter)  # ingredient -> bullets circled or crossed
    crossed: Counter = field(default_factory=Counter)  # ingredient -> bullets crossed (used)
    dishes: dict[str, int] = field(default_factory=dict)
    abilities: Counter = field(default_factory=Counter)
    problems: list[Violation] = field(default_factory=list)

    def bad(self, form: FilledForm, name: str, where: str, rule: str, message: str) -> None:
        self.problems.append(mark(form, name, f"{self.player}, {where}", rule, message))


# -- finding the sheets ---------------------------------------------------------------------------

def _sheet_ids(form: FilledForm) -> list[str]:
    """The sheet ids the form's fields are named after, in page order (PrintkitError if none)."""
    ids: list[str] = []
    for name in form.fields:
        sid = name.partition(":")[0]
        if sid not in ids:
            ids.append(sid)
    good = [s for s in ids if s.isascii() and parse_sheet_id(s) is not None and s == s.upper()]
    if not good:
        raise PrintkitError(f"{form.file}: not a printkit Roll n Cook sheet (no field is named after "
                            f"a sheet id such as RNC{CONTENT.version}-7); make one with "
                            "printkit make rollncook --fillable")
    return good


def _sheet(form: FilledForm, sid: str) -> Sheet:
    parsed = parse_sheet_id(sid)
    assert parsed is not None
    version, seed = parsed
    if version != CONTENT.version:
        raise PrintkitError(f"{form.file}: sheet {sid} is of content version {version}; this printkit "
                            f"reads version {CONTENT.version} sheets")
    if seed > MAX_SHEET_SEED:
        raise PrintkitError(f"{form.file}: sheet {sid}: its seed is beyond {MAX_SHEET_SEED}; no sheet has this id")
    expected = {f.name: f.kind for f in field_ops(sid, *_layout())}
    got = {n: f.kind for n, f in form.fields.items() if n.startswith(sid + ":")}
    old = Names(sid).bullet(CONTENT.basics[0], 0, "got").rpartition(":")[0]
    if got.get(old) == "text" and old + ":got" not in got:
        raise PrintkitError(f"{form.file}: sheet {sid} was made by an earlier printkit, whose inventory marks "
                            "are typed letters (O, X); this printkit reads inventory marks as check boxes "
                            "(circled, crossed): make the sheet again with printkit make rollncook --fillable "
                            "and fill it in there")
    if got != expected:
        odd = sorted(set(expected) ^ set(got)) or sorted(n for n in got if got[n] != expected[n])
        raise PrintkitError(f"{form.file}: sheet {sid}: its fields are not those printkit makes "
                            f"({odd[0]}); fill in a sheet made with printkit make rollncook --fillable")
    return generate(seed)


def _layout() -> tuple[dict, list[dict], list[dict]]:
    """The sheet's geometry, hours and totals as the layout draws them (the fields' names and kinds
    do not depend on the paper)."""
    from printkit.games.rollncook.components import _layout_data, static_data

    data = static_data()
    return data["geo"], data["hours"], _layout_data()["totals"]


# -- reading the marks ------------------------------------------------------------------------------

def _dice(form: FilledForm, m: Marks) -> None:
    """The dice: digits 1 to 6, three an hour, hours from 10:00 without a gap (RNC-1, RNC-11)."""
    rows: list[list[int] | None] = []
    for h in range(len(HOURS)):
        names = [m.names.die(h, d) for d in range(3)]
        texts = [form.value(n) for n in names]
        for n, t in zip(names, texts, strict=True):
            if t and t not in DIE:  # one digit: "12" is no die either
                m.bad(form, n, f"{HOURS[h]} dice", "RNC-1", f"a die shows 1 to 6, not {_shown(t)}")
        if not any(texts):
            rows.append(None)
            continue
        if not all(texts):
            m.bad(form, names[texts.index("")], f"{HOURS[h]} dice", "RNC-1", "three dice are written each hour")
        rows.append([int(t) if t in DIE else 0 for t in texts])
    last = max((h for h, r in enumerate(rows) if r is not None), default=-1)
    for h in range(last):
        if rows[h] is None:
            m.bad(form, m.names.die(h, 0), f"{HOURS[h]} dice", "RNC-11",
                  f"no dice written for {HOURS[h]}, yet later hours are played: hours are played in order")
    m.played = last + 1
    m.dice = [r or [] for r in rows[: m.played]]


def _crosses(form: FilledForm, m: Marks) -> None:
    for h in range(len(HOURS)):
        m.boxes.append([k for k in range(6) if form.checked(m.names.box(h, k))])
        m.segments.append([k for k in range(6) if form.checked(m.names.seg(h, k))])
        m.plates.append(sum(form.checked(m.names.plate(h, j)) for j in range(CONTENT.plates[h])))
        for k in m.boxes[h]:
            if h >= m.played:
                m.bad(form, m.names.box(h, k), f"{HOURS[h]} box {k + 1}", "RNC-2",
                      f"crossed, but no dice are written for {HOURS[h]}: a box is crossed in its own hour")
        if h >= m.played and m.plates[h]:
            m.bad(form, m.names.plate(h, m.plates[h] - 1), f"{HOURS[h]} plates", "RNC-7",
                  f"a plate crossed, but no dice are written for {HOURS[h]}: a meal uses a plate of its hour")
    for kind, n in CONTENT.abilities.items():
        m.abilities[kind] = sum(form.checked(m.names.ability(kind, j)) for j in range(n))


def _marked(form: FilledForm, names: Names, ing: str, j: int) -> bool:
    """Whether bullet ``j`` of ``ing`` is marked: circled (got), crossed (used), or both."""
    return form.checked(names.bullet(ing, j, "got")) or form.checked(names.bullet(ing, j, "used"))


def _inventory(form: FilledForm, m: Marks) -> None:
    """Each bullet: ``got`` circled (obtained), ``used`` crossed (obtained and used; a cross
    alone is over a bullet that was circled, as on paper), and the row's ``more``: how many
    more were obtained than the row has bullets (issue 28)."""
    for ing in inventory_rows():
        for j in range(bullets(ing)):
            if _marked(form, m.names, ing, j):
                m.circled[ing] += 1
                m.crossed[ing] += form.checked(m.names.bullet(ing, j, "used"))
        more = form.value(m.names.more(ing)).strip()
        if more.isascii() and more.isdecimal() and len(more) <= 2:  # the field holds 2 digits
            m.circled[ing] += int(more)
        elif more:
            m.bad(form, m.names.more(ing), f"inventory {ing}", "RNC-5",
                  f"'more' holds how many more {ing} were obtained than the row has bullets: a number up to 99, "
                  f"not {_shown(more)}")


def _dishes(form: FilledForm, m: Marks) -> None:
    for meal, spec in CONTENT.meals.items():
        marks = [form.checked(m.names.dish(meal, j)) for j in range(spec.boxes)]
        m.dishes[meal] = sum(marks)
        for j in range(1, spec.boxes):
            if marks[j] and not marks[j - 1]:
                m.bad(form, m.names.dish(meal, j), f"{meal} dish box {j + 1}", "RNC-7",
                      f"circled while dish box {j} is not: a meal's dish boxes are circled from left to right")
                break


# -- checks across the marks -----------------------------------------------------------------------

def _step(a: int, b: int) -> int:
    """How many adjusts (RNC-4: a result changed by 1, 6 and 1 wrapping round) turn a result
    of ``a`` into ``b``.

    >>> _step(3, 4), _step(6, 1), _step(1, 4), _step(2, 2)
    (1, 1, 3, 0)
    """
    d = abs(a - b)
    return min(d, 6 - d)


def _adjusted(form: FilledForm, m: Marks) -> None:
    """RNC-2 with adjust boxes crossed and no set (RNC-4): a box crossed needs a die showing its
    number, or a result of a free value (a double's changed die, RNC-3; an ``add``), or adjusts
    of a die of that hour: one for each step from the die's number to the box's (6 and 1 one
    step apart). The free results go to the boxes farthest from the dice; the adjusts crossed
    are shared by the whole sheet, hour by hour from 10:00."""
    left = m.abilities["adjust"]
    for h in range(m.played):
        dice = m.dice[h]
        free = (1 if len(set(dice)) < len(dice) else 0) + m.abilities["add"]
        # an hour without dice (a gap, RNC-11) is 3 steps from any box: as far as a result goes
        odd = sorted(((min((_step(d, k + 1) for d in dice), default=3), k) for k in m.boxes[h] if k + 1 not in dice),
                     reverse=True)
        for steps, k in sorted(odd[free:], key=lambda s: s[1]):
            left -= steps
            if left < 0:
                m.bad(form, m.names.box(h, k), f"{HOURS[h]} box {k + 1}", "RNC-2",
                      f"no die shows {k + 1} ({' '.join(map(str, dice))}): {steps} adjust{'s' if steps > 1 else ''} "
                      f"(a result changed by 1, RNC-4) would make it, but the adjust boxes crossed "
                      f"({m.abilities['adjust']}) are used up by then, and no set is crossed")
                return


def _results(form: FilledForm, m: Marks) -> None:
    """RNC-2 to RNC-4: each crossed box and segment needs a result of its own."""
    extra = m.abilities["reuse"] + m.abilities["add"]
    changes = m.abilities["adjust"] + m.abilities["set"]
    if m.abilities["adjust"] and not m.abilities["set"]:
        _adjusted(form, m)
    for h in range(m.played):
        boxes = m.boxes[h]
        if len(boxes) > 3 + extra:
            k = boxes[3 + extra]
            m.bad(form, m.names.box(h, k), f"{HOURS[h]} box {k + 1}", "RNC-2",
                  f"{len(boxes)} boxes crossed in {HOURS[h]}, but its three dice and the abilities crossed "
                  f"give at most {3 + extra} results")
        if changes:
            continue
        dice = m.dice[h]
        free = (1 if len(set(dice)) < len(dice) else 0) + m.abilities["add"]
        odd = [k for k in boxes if k + 1 not in dice]
        if len(odd) > free:
            k = odd[free]
            m.bad(form, m.names.box(h, k), f"{HOURS[h]} box {k + 1}", "RNC-2",
                  f"no die shows {k + 1} ({' '.join(map(str, dice))}), and no ability that changes a result "
                  "is crossed")
    crossed = sum(len(b) for b in m.boxes) + sum(len(s) for s in m.segments)
    if crossed > 3 * m.played + extra:
        last = max((t, k) for t, s in enumerate(m.segments) for k in s) if any(m.segments) else None
        name = m.names.seg(*last) if last else m.names.die(0, 0)
        m.bad(form, name, "boxes and segments", "RNC-2",
              f"{crossed} boxes and segments crossed, but {m.played} hours of dice and the abilities crossed "
              f"give at most {3 * m.played + extra} results")


def _wildcards(m: Marks) -> int:
    """Results of a value chosen freely (RNC-3, RNC-4): a double's changed die (two for a triple),
    each ``add``, and each ``reuse`` (counted as free: an upper bound)."""
    free = m.abilities["reuse"] + m.abilities["add"]
    for dice in m.dice:
        most = max(Counter(dice).values(), default=0)
        free += most - 1 if most >= 2 else 0
    return free


def _values(form: FilledForm, m: Marks) -> None:
    """RNC-2 when no set is crossed: every box and segment crossed needs a result of its
    number; the dice rolled give each value, the doubles, ``add`` and ``reuse`` give the rest,
    and each adjust crossed changes one result (RNC-4). Counted value by value over the whole
    sheet (a bound every legal sheet meets, whichever hour took which segment)."""
    if m.abilities["set"]:
        return
    have = Counter(v for dice in m.dice for v in dice)
    need: Counter = Counter(k + 1 for h in range(m.played) for k in m.boxes[h])
    need.update(k + 1 for t in m.segments for k in t)
    short = {v: need[v] - have[v] for v in range(1, 7) if need[v] > have[v]}
    free, adjusts = _wildcards(m), m.abilities["adjust"]
    if sum(short.values()) <= free + adjusts:
        return
    v = max(short)
    last = max(((t, k) for t, seg in enumerate(m.segments) for k in seg if k + 1 == v), default=None)
    name = m.names.seg(*last) if last else m.names.box(*max((h, k) for h in range(m.played)
                                                             for k in m.boxes[h] if k + 1 == v))
    missing = ", ".join(f"{n} x {value}" for value, n in sorted(short.items()))
    changed = (f"the adjust boxes crossed ({adjusts}) change at most {adjusts} result{'s' if adjusts > 1 else ''}, "
               "and no set is crossed") if adjusts else "no adjust or set is crossed"
    m.bad(form, name, "boxes and segments", "RNC-2",
          f"the boxes and segments crossed need results the dice never gave ({missing}); the doubles "
          f"and abilities crossed give at most {free} results of a free value, and {changed}")


def _gained(m: Marks) -> Counter:
    """What the crossed boxes and segments give (RNC-2): each box's ingredients, each segment's."""
    got: Counter = Counter()
    for h, hour in enumerate(m.sheet.hours):
        for k in m.boxes[h]:
            got.update(hour.boxes[k])
        for k in m.segments[h]:
            got[hour.table[k]] += 1
    return got


def _first(form: FilledForm, m: Marks, ing: str, want: str) -> str:
    """The ``got`` field of ``ing``'s first bullet not marked (``want`` ""), or of its last
    marked one."""
    marked = [_marked(form, m.names, ing, j) for j in range(bullets(ing))]
    if want == "":
        j = next((j for j, on in enumerate(marked) if not on), len(marked) - 1)
    else:
        j = next((j for j in reversed(range(len(marked))) if marked[j]), 0)
    return m.names.bullet(ing, j, "got")


def _obtained(form: FilledForm, m: Marks) -> Counter:
    """RNC-5, RNC-6: what is circled is what the boxes and segments gave (and the rares made).
    The rare ingredients made, by name."""
    got, made = _gained(m), Counter[str]()
    for ing in inventory_rows():
        have, given = m.circled[ing], got[ing]
        if ing in CONTENT.rares:
            if have < min(given, bullets(ing)):
                m.bad(form, _first(form, m, ing, ""), f"inventory {ing}", "RNC-5",
                      f"{given} {ing} obtained from dark boxes crossed, but {have} circled")
            made[ing] = max(have - given, 0)
        elif have > given:
            m.bad(form, _first(form, m, ing, "last"), f"inventory {ing}", "RNC-5",
                  f"{have} {ing} circled, but the boxes and segments crossed give {given}")
        elif have < min(given, bullets(ing)):
            m.bad(form, _first(form, m, ing, ""), f"inventory {ing}", "RNC-5",
                  f"the boxes and segments crossed give {given} {ing}, but {have} circled")
    return made


def _used(form: FilledForm, m: Marks, made: Counter) -> None:
    """RNC-5 to RNC-7: what is crossed is what the rares made and the meals cooked use (the
    mystery ingredient standing in for missing basics). Not checked when a row has every bullet
    marked: the player may have had more than the row holds (a 7th cheese, RNC-6), so what was
    made and used is not all on the sheet."""
    if any(m.circled[ing] >= bullets(ing) for ing in inventory_rows()):
        return
    need: Counter = Counter()
    for rare, n in made.items():
        for x in CONTENT.rares[rare]:
            need[x] += n
    for meal, n in m.dishes.items():
        for x in CONTENT.meals[meal].ingredients:
            need[x] += n
    short = 0
    for ing in inventory_rows():
        used = m.crossed[ing]
        if ing == CONTENT.mystery:
            continue
        if ing in CONTENT.rares and used != need[ing]:
            m.bad(form, _first(form, m, ing, "last" if used > need[ing] else ""), f"inventory {ing}", "RNC-6",
                  f"{used} {ing} crossed, but the meals cooked and rares made use {need[ing]}")
        elif ing not in CONTENT.rares:
            if used > need[ing]:
                m.bad(form, _first(form, m, ing, "last"), f"inventory {ing}", "RNC-5",
                      f"{used} {ing} crossed, but the meals cooked and rares made use at most {need[ing]}")
            short += max(need[ing] - used, 0)
    want, used = need[CONTENT.mystery] + short, m.crossed[CONTENT.mystery]
    if used != want:
        m.bad(form, _first(form, m, CONTENT.mystery, "last" if used > want else ""), f"inventory {CONTENT.mystery}",
              "RNC-5", f"{used} {CONTENT.mystery} crossed, but the meals cooked and rares made need {want} "
                       "(their own and for the basics not crossed)")


def _plates(form: FilledForm, m: Marks) -> None:
    """RNC-7, RNC-12: one plate crossed for each dish box circled."""
    plates, dishes = sum(m.plates), sum(m.dishes.values())
    if plates == dishes:
        return
    if dishes > plates:
        meal = next(x for x in reversed(CONTENT.meals) if m.dishes[x])
        name = m.names.dish(meal, m.dishes[meal] - 1)
    else:
        h = max(i for i, n in enumerate(m.plates) if n)
        name = m.names.plate(h, m.plates[h] - 1)
    m.bad(form, name, "plates", "RNC-7", f"{plates} plates crossed but {dishes} dish boxes circled: "
                                         "each meal cooked crosses one plate and circles one dish box")


def _written(form: FilledForm, m: Marks, which: str, where: str, made: int, why: str) -> None:
    """RNC-8: the number written in total box ``which`` (``where`` in words) against the ``made``
    the marks make (``why``: from what); an empty box is not compared."""
    written, name = form.value(m.names.total(which)), m.names.total(which)
    if written and not (written.isascii() and written.isdigit()):
        m.bad(form, name, where, "RNC-8", f"the {where} written, {_shown(written)}, is not a number; the marks make {made}")
    elif len(written) > MAX_DIGITS:  # int() would refuse past 4,300 digits
        m.bad(form, name, where, "RNC-8", f"the {where} written has {len(written)} digits, but the marks make {made}")
    elif written and int(written) != made:
        m.bad(form, name, where, "RNC-8", f"the {where} written is {int(written)}, but the marks make {made} ({why})")


def _total(form: FilledForm, m: Marks) -> int:
    """RNC-8: the totals the marks make (meals, rare ingredients left, their sum), compared with
    the ones written."""
    rares_left = sum(m.circled[r] - m.crossed[r] for r in CONTENT.rares)
    meals = sum(meal_points(x, n) for x, n in m.dishes.items())
    _written(form, m, "meals", "meals", meals, "dish boxes circled: each its base value plus its bonus")
    _written(form, m, "rares_left", "rare left", rares_left, "rare ingredients circled and not crossed")
    _written(form, m, "total", "total", meals + rares_left, "dish boxes circled, 1 a rare ingredient left")
    return meals + rares_left


def read_sheet(form: FilledForm, sid: str) -> tuple[Marks, dict]:
    """One sheet's marks (with their problems) and the end-state record they say."""
    sheet, names = _sheet(form, sid), Names(sid)
    m = Marks(sheet, names, form.value(names.name()) or sid)
    _dice(form, m)
    _crosses(form, m)
    _inventory(form, m)
    _dishes(form, m)
    _results(form, m)
    _values(form, m)
    made = _obtained(form, m)
    _used(form, m, made)
    _plates(form, m)
    _total(form, m)
    rares_left = sum(m.circled[r] - m.crossed[r] for r in CONTENT.rares)
    basics_left = sum(m.circled[b] - m.crossed[b] for b in CONTENT.basics)
    end: dict = {"dishes": {x: n for x, n in m.dishes.items() if n}, "rares_left": rares_left,
                 "basics_left": basics_left}
    dice = {HOURS[h]: d for h, d in enumerate(m.dice) if len(d) == 3 and all(1 <= v <= 6 for v in d)}
    if dice:  # the hours' dice as rolled: checked against the other players' (RNC-10)
        end["dice"] = dice
    data = {"game": "rollncook", "sheet": sid, "player": m.player, "end": end}
    return m, data


def _table(m: Marks) -> dict[tuple, str]:
    meal = next((x for x in CONTENT.meals if m.dishes.get(x)), next(iter(CONTENT.meals)))
    return {(): m.names.name(), ("end",): m.names.total(), ("end", "dishes"): m.names.dish(meal, 0),
            **{("end", "dice", HOURS[h]): m.names.die(h, 0) for h in range(m.played)}}


def _blank(form: FilledForm, sid: str) -> bool:
    """Whether sheet ``sid`` holds no mark but perhaps the restaurant's name: nothing to score yet."""
    name = Names(sid).name()
    return not any(f.value.strip() for n, f in form.fields.items() if n.startswith(sid + ":") and n != name)


def read(form: FilledForm) -> list[FormRecord]:
    """Every sheet filled in ``form``: one record each. Sheets with nothing filled in beside
    filled ones are left out (a ``--count`` file partly used); a form with none filled in is
    a PrintkitError ("nothing filled in yet")."""
    ids = _sheet_ids(form)
    filled = [sid for sid in ids if not _blank(form, sid)]
    for sid in set(ids) - set(filled):
        _sheet(form, sid)  # its fields are printkit's, even when nothing is filled in
    if not filled:
        raise PrintkitError(f"{form.file}: nothing filled in yet: no hour is filled in (no dice, no mark on "
                            f"sheet{'s' if len(ids) > 1 else ''} {', '.join(ids)})")
    out = []
    for sid in filled:
        m, data = read_sheet(form, sid)
        unfinished = "" if m.played == len(HOURS) else (
            f"{m.player}: dice written up to {HOURS[m.played - 1]}" if m.played else f"{m.player}: no dice written")
        out.append(FormRecord(form.file, RollNCookRecord.model_validate(data), _table(m), data,
                              m.problems, marks=m, unfinished=unfinished))
    return out


def finish(report: Report, records: list[FormRecord]) -> Report:
    """What the rebuilt records are. Shared dice across the sheets (RNC-10) are the State's:
    a rebuilt record carries its hours' dice (``end.dice``), compared with every other
    player's, from a sheet or a record."""
    notes = [n for n in report.notes if "only the end state is given" not in n]
    notes.append("read from filled sheets: the marks are checked as far as marks allow, the play "
                 "hour by hour is not (docs/fillable.md)")
    return replace(report, notes=notes)


READER = FormReader("rollncook", read, finish)
