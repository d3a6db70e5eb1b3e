"""Roll n Cook's rules as functions over a player's state (RNC-2 to RNC-8, RNC-11's order-free hour).

The table of players, the hours in order and the shared dice are the State's (state.py).

>>> s = State.new(generate(7))
>>> results([3, 3, 5], double=(3, 6))
([6, 5], [])
>>> s, bad = take_box(s, 0, 5, 5)   # 10:00, result 5, box 5 (fish)
>>> bad, s.stock["fish"]
([], 1)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache

from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.sheet import Sheet, generate  # noqa: F401 - generate: the doctest

MYSTERY = CONTENT.mystery
HOURS = CONTENT.hours


def replace(state: State, **changes) -> State:
    """A copy of ``state`` with ``changes`` (faster than dataclasses.replace in the hot path)."""
    new = object.__new__(State)
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new


@dataclass(frozen=True)
class State:
    sheet: Sheet
    stock: dict = field(default_factory=dict)  # circled and not yet crossed: ingredient -> count
    boxes: frozenset = frozenset()  # (hour, box index) crossed
    segments: frozenset = frozenset()  # (hour, segment index) crossed
    abilities: dict = field(default_factory=dict)  # ability -> boxes left
    dishes: dict = field(default_factory=dict)  # meal -> dish boxes circled
    plates: tuple = ()  # plates used per hour

    @classmethod
    def new(cls, sheet: Sheet) -> State:
        return cls(sheet, {}, frozenset(), frozenset(), dict(CONTENT.abilities), dict.fromkeys(CONTENT.meals, 0),
                   (0,) * len(CONTENT.plates))


def wrap(v: int) -> int:
    """RNC-4: adjusting goes round the die: 6 + 1 is 1, 1 - 1 is 6."""
    return (v - 1) % 6 + 1


def stars(total: int) -> int:
    """RNC-8: the stars a total fills: one for each threshold it reaches (50 reaches 50)."""
    return sum(1 for s in CONTENT.stars if total >= s)


@cache
def meal_points(meal: str, n: int) -> int:
    """RNC-8: the first ``n`` dish boxes of ``meal``, each its base value plus its bonus."""
    m = CONTENT.meals[meal]
    return sum(m.value + m.bonuses[k] for k in range(n))


def results(dice: list[int], double: tuple[int, int] | None = None) -> tuple[list[int], list[str]]:
    """The results after a doubles choice (RNC-3): spend one of the equal dice, set the others
    of that value to a chosen value. Returns (results, problems)."""
    res = list(dice)
    if double is None:
        return res, []
    spend, new = double
    if res.count(spend) < 2:
        return res, [f"no double of {spend} was rolled (dice {' '.join(map(str, dice))}): nothing to spend"]
    res.remove(spend)
    return [new if v == spend else v for v in res], []


def apply_ability(state: State, res: list[int], kind: str, a: int | None, b: int | None) -> tuple[State, list[int], list[str]]:
    """RNC-4: adjust (a -> a+-1, wrapping), set (a -> b), reuse (a again), add (b).

    An ability used wrongly is reported and changes no result (the results stay as they were,
    so what follows is checked against the dice the player really had); its box, if one is
    left, is crossed as the record says."""
    left = state.abilities.get(kind, 0)
    if left <= 0:
        return state, list(res), [f"no {kind} box is left ({CONTENT.abilities[kind]} on the sheet)"]
    abilities = dict(state.abilities)
    abilities[kind] = left - 1
    state = replace(state, abilities=abilities)
    res = list(res)
    if kind in ("adjust", "set", "reuse") and a not in res:
        return state, res, [f"there is no result {a} to {kind} (results {' '.join(map(str, res)) or 'none'})"]
    # (a record's ability names what its kind uses: adjust and set a and b, reuse a, add b)
    if kind == "adjust":
        assert a is not None and b is not None
        if b not in (wrap(a + 1), wrap(a - 1)):
            return state, res, [f"adjust changes a result by 1 (6 and 1 wrap): {a} cannot become {b}"]
        res[res.index(a)] = b
    elif kind == "set":
        assert a is not None and b is not None
        res[res.index(a)] = b
    elif kind == "reuse":
        assert a is not None
        res.append(a)
    elif kind == "add":
        assert b is not None
        res.append(b)
    return state, res, []


def box_problems(state: State, hour: int, value: int, box: int) -> list[str]:
    """RNC-2: why result ``value`` may not cross box ``box`` of the current hour (none: it may)."""
    problems = []
    if box != value:
        problems.append(f"a result {value} takes box {value}, not box {box}")
    if (hour, box - 1) in state.boxes:
        problems.append(f"box {box} of {HOURS[hour]} is already crossed")
    return problems


def take_box(state: State, hour: int, value: int, box: int) -> tuple[State, list[str]]:
    """RNC-2: result ``value`` crosses box ``value`` of the current hour."""
    problems = box_problems(state, hour, value, box)
    if problems:
        return state, problems
    stock = dict(state.stock)
    for x in state.sheet.hours[hour].boxes[box - 1]:
        stock[x] = stock.get(x, 0) + 1
    return replace(state, stock=stock, boxes=state.boxes | {(hour, box - 1)}), []


def segment_problems(state: State, table: int, value: int, segment: int) -> list[str]:
    """RNC-2: why result ``value`` may not cross segment ``segment`` of a table (none: it may)."""
    problems = []
    if segment != value:
        problems.append(f"a result {value} takes segment {value}, not segment {segment}")
    if (table, segment - 1) in state.segments:
        problems.append(f"segment {segment} of the {HOURS[table]} table is already crossed")
    return problems


def take_segment(state: State, table: int, value: int, segment: int) -> tuple[State, list[str]]:
    """RNC-2: result ``value`` crosses segment ``value`` of any hour's table."""
    problems = segment_problems(state, table, value, segment)
    if problems:
        return state, problems
    stock = dict(state.stock)
    x = state.sheet.hours[table].table[segment - 1]
    stock[x] = stock.get(x, 0) + 1
    return replace(state, stock=stock, segments=state.segments | {(table, segment - 1)}), []


def allocate(stock: dict, needs: tuple[str, ...], use: list[str] | None = None) -> tuple[list[str] | None, str]:
    """What to cross for ``needs`` (RNC-5, PK-15): a recipe's mystery needs the mystery itself; a basic
    may be the basic or the mystery; a rare ingredient only itself. With ``use``, check that
    choice. Returns (ingredients to cross, or None, and why not).

    RNC-11: what is crossed in one action has no order. Each ingredient named in ``use`` fills a
    slot of its own name; the mystery ingredients then fill the slots left, which must be
    mystery or basic slots. Whatever order ``use`` is written in, the answer is the same:

    >>> allocate({"potato": 1, "cabbage": 1, "mystery": 1}, ("potato", "carrot", "cabbage"), ["mystery", "potato", "cabbage"])
    (['cabbage', 'mystery', 'potato'], '')
    """
    if use is None:
        return _default_plan(stock, needs)
    plan, why = _check_use(needs, use)
    if plan is None:
        return None, why
    need: dict[str, int] = {}  # a plain count: Counter is slow in the hour search (issue 16)
    for x in plan:
        need[x] = need.get(x, 0) + 1
    short = [k for k, v in sorted(need.items()) if stock.get(k, 0) < v]
    if short:
        return None, f"no {short[0]} left to cross"
    return plan, ""


def _check_use(needs: tuple[str, ...], use: list[str]) -> tuple[list[str] | None, str]:
    """:func:`allocate` with a ``use``: whether it fills the recipe (RNC-5, RNC-11), whatever
    the stock; the ingredients to cross in name order, or None and why not."""
    if len(use) != len(needs):
        return None, f"it needs {len(needs)} ingredients, {len(use)} are given"
    open_slots: dict[str, int] = {}  # a plain count: Counter is slow in the hour search (issue 16)
    for n in needs:
        open_slots[n] = open_slots.get(n, 0) + 1
    plan = sorted(use)
    for u in plan:
        if u == MYSTERY:
            continue
        if open_slots.get(u, 0) > 0:
            open_slots[u] -= 1
        elif u in needs:
            return None, f"the recipe needs only {needs.count(u)} {u}"
        else:
            return None, f"{u} is not in the recipe"
    # the first (by name) of the slots left for the mystery ingredients that it may not fill
    rare = min((x for x, n in open_slots.items() if n > 0 and x != MYSTERY and x not in CONTENT.basics),
               default=None)
    if rare is not None:
        return None, f"no {rare} is crossed, and the mystery ingredient stands only for a basic ingredient"
    return plan, ""


def _default_plan(stock: dict, needs: tuple[str, ...]) -> tuple[list[str] | None, str]:
    """:func:`allocate` without a ``use``: each slot from the stock, a basic one from the
    mystery ingredient if its own is gone (PK-15)."""
    plan, left = [], dict(stock)
    for n in _fill_order(needs):
        if left.get(n, 0) > 0:
            plan.append(n)
            left[n] -= 1
        elif n in CONTENT.basics and left.get(MYSTERY, 0) > 0:
            plan.append(MYSTERY)
            left[MYSTERY] -= 1
        else:
            return None, f"no {n} left" + (" (nor a mystery ingredient)" if n in CONTENT.basics else "")
    plan.sort()
    return plan, ""  # each ingredient was taken from what is left of the stock: none is short


@cache
def _fill_order(needs: tuple[str, ...]) -> tuple[str, ...]:
    """The order :func:`allocate` fills a recipe's slots without a ``use``: the mystery, then
    rare ingredients, then basics (which the mystery may stand for)."""
    return tuple(sorted(needs, key=lambda n: 0 if n == MYSTERY else 1 if n not in CONTENT.basics else 2))


def _minus(stock: dict, plan: list[str]) -> dict:
    out = dict(stock)
    for x in plan:
        out[x] -= 1
        if not out[x]:
            del out[x]
    return out


def make_rare(state: State, rare: str, use: list[str] | None = None) -> tuple[State, list[tuple[str, str]]]:
    """RNC-6: cross the inputs, circle the rare ingredient (no plate needed). Problems are
    (rule, message): crossing what the recipe does not ask for breaks RNC-6; crossing what was
    never obtained, or the mystery for a rare ingredient, breaks RNC-5."""
    plan, why = allocate(state.stock, CONTENT.rares[rare], use)
    if plan is None:
        rule = "RNC-6" if use is not None and _off_recipe(CONTENT.rares[rare], use) else "RNC-5"
        return state, [(rule, f"{rare} cannot be made: {why}")]
    stock = _minus(state.stock, plan)
    stock[rare] = stock.get(rare, 0) + 1
    return replace(state, stock=stock), []


def _off_recipe(needs: tuple[str, ...], use: list[str]) -> bool:
    """Whether ``use`` names something the recipe does not ask for (or too many or too few)."""
    if len(use) != len(needs):
        return True
    left = Counter(needs)
    for u in use:
        if u != MYSTERY:
            if left[u] <= 0:
                return True
            left[u] -= 1
    return False


def plates_left(state: State, hour: int) -> int:
    """RNC-7: the plates of ``hour`` (an index) not used yet."""
    return CONTENT.plates[hour] - state.plates[hour]


def dish_boxes_left(state: State, meal: str) -> int:
    """RNC-7: the dish boxes of ``meal`` not circled yet."""
    return CONTENT.meals[meal].boxes - state.dishes[meal]


def cook(state: State, hour: int, meal: str, use: list[str] | None = None) -> tuple[State, list[tuple[str, str]]]:
    """RNC-7: a plate of this hour, the ingredients, the meal's next dish box."""
    m = CONTENT.meals[meal]
    problems = []
    if not plates_left(state, hour):
        problems.append(("RNC-7", f"{HOURS[hour]} has {CONTENT.plates[hour]} plate"
                                  f"{'s' if CONTENT.plates[hour] != 1 else ''}, and none is left"))
    if not dish_boxes_left(state, meal):
        problems.append(("RNC-7", f"every dish box of {meal} is already circled"))
    plan, why = allocate(state.stock, m.ingredients, use)
    if plan is None:
        problems.append(("RNC-5", f"{meal} cannot be cooked: {why}"))
    if problems or plan is None:  # (no plan is a problem)
        return state, problems
    stock = _minus(state.stock, plan)
    plates = list(state.plates)
    plates[hour] += 1
    dishes = dict(state.dishes)
    dishes[meal] += 1
    return replace(state, stock=stock, plates=tuple(plates), dishes=dishes), []


def final_score(state: State) -> dict:
    """RNC-8: dish boxes (base + bonus), 1 per unused rare ingredient, stars, tie-breakers."""
    meals = {name: meal_points(name, state.dishes[name]) for name in CONTENT.meals}
    rares = sum(state.stock.get(r, 0) for r in CONTENT.rares)
    total = sum(meals.values()) + rares
    return {
        "total": total, "meals": {k: v for k, v in meals.items() if v}, "rares_left": rares,
        "stars": stars(total),
        "basics_left": sum(state.stock.get(b, 0) for b in CONTENT.basics),
        "plates_left": sum(CONTENT.plates) - sum(state.plates),
    }


@cache
def rare_depth(name: str) -> int:
    """How many rare ingredients deep a rare ingredient is made (flour 1, dough 2).

    >>> rare_depth("flour"), rare_depth("dough")
    (1, 2)
    """
    return 1 + max((rare_depth(x) for x in CONTENT.rares[name] if x in CONTENT.rares), default=0)


def make_rares(state: State, rares) -> tuple[State, list[tuple[int, str, str, str]]]:
    """Make an hour's rare ingredients (RNC-6) as written, or, if that breaks rules, in the order
    they can be made (flour before the dough made from it), whichever breaks fewer: (the state,
    [(entry index, name, rule, problem)])."""
    def run(order):
        st, problems = state, []
        for k in order:
            st, bad = make_rare(st, rares[k].name, rares[k].use)
            problems += [(k, rares[k].name, rule, m) for rule, m in bad]
        return st, problems

    written = list(range(len(rares)))
    best = run(written)
    if best[1]:
        other = run(sorted(written, key=lambda k: rare_depth(rares[k].name)))
        if len(other[1]) < len(best[1]):
            best = other
    return best


def plans(needs: tuple[str, ...], use: list[str] | None) -> list[list[str] | None]:
    """The ways an entry may cross its ingredients: its own ``use``, or, without one, the exact
    ingredients first (None: the default) and then every basic slot filled by the mystery
    ingredient instead (RNC-5: it stands for any basic).

    >>> plans(("milk", "salt"), None)
    [None, ['mystery', 'salt'], ['milk', 'mystery'], ['mystery', 'mystery']]
    """
    if use is not None:
        return [use]
    return [None if p is None else list(p) for p in _plans(needs)]


@cache
def _plans(needs: tuple[str, ...]) -> tuple[tuple[str, ...] | None, ...]:
    """:func:`plans` without a ``use``: a pure function of the recipe, made once a recipe."""
    basics = [k for k, n in enumerate(needs) if n in CONTENT.basics]
    out: list[tuple[str, ...] | None] = [None]
    for mask in range(1, 1 << len(basics)):
        plan = list(needs)
        for b, k in enumerate(basics):
            if mask >> b & 1:
                plan[k] = MYSTERY
        out.append(tuple(plan))
    return tuple(out)


def _as_written(state: State, hour: int, entries: list) -> State | None:
    """The search's first path without its bookkeeping (issue 16): the entries in the search's
    order, each as written (its ``use``, or the exact ingredients first). Most hours end here."""
    st = state
    for kind, e in entries:
        st, bad = make_rare(st, e.name, e.use) if kind == 0 else cook(st, hour, e.name, e.use)
        if bad:
            return None
    return st


def _hour_entries(rares, meals) -> list:
    """An hour's (kind, entry) pairs, rare ingredients (0) by depth then meals (1), each by name
    and ``use``: an order that does not depend on how the record lists them."""
    def key(ke):
        kind, e = ke
        return (kind, rare_depth(e.name) if kind == 0 else 0, e.name, sorted(e.use) if e.use else [])

    entries = [(0, e) for e in rares] + [(1, e) for e in meals]
    if len(entries) > 1:
        entries.sort(key=key)
    return entries


def legal_hour(state: State, hour: int, rares, meals) -> State | None:
    """RNC-11: what a player crossed in one hour has no order. The state after making the
    hour's rare ingredients and cooking its meals (entries with ``name`` and ``use``) in some
    order, with some choice of what the mystery ingredient stands for where ``use`` is not
    given, that breaks no rule; None if there is none. Entries are tried in an order that does
    not depend on how the record lists them, so the state found does not either."""
    entries = _hour_entries(rares, meals)
    if len(entries) > 8:  # beyond any real hour: keep the search small
        return None
    st = _as_written(state, hour, entries)
    if st is not None:
        return st
    failed: set = set()
    # what each entry needs and the ways it may cross them, looked up once an hour
    ways = [(kind, e, [e.use] if e.use is not None else _plans(
        CONTENT.rares[e.name] if kind == 0 else CONTENT.meals[e.name].ingredients)) for kind, e in entries]

    def memo(st: State, left: tuple[int, ...]) -> tuple:
        return left, tuple(sorted(st.stock.items())), st.plates, tuple(sorted(st.dishes.items()))

    def search(st: State, left: tuple[int, ...]) -> State | None:
        if not left:
            return st
        if failed and memo(st, left) in failed:  # the key is built only once something failed
            return None
        rare_left = any(ways[k][0] == 0 for k in left)
        for k in left:
            kind, e, tries = ways[k]
            if kind == 1 and rare_left:
                continue  # rare ingredients are made before the meals that may need them
            for plan in tries:
                use = None if plan is None else list(plan)
                nxt, bad = make_rare(st, e.name, use) if kind == 0 else cook(st, hour, e.name, use)
                if not bad:
                    done = search(nxt, tuple(x for x in left if x != k))
                    if done is not None:
                        return done
        failed.add(memo(st, left))
        return None

    return search(state, tuple(range(len(entries))))
