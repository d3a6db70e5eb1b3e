"""A greedy automatic player, a random one (for tests: every choice legal and random), and the
simulator that plays a sheet many times (balance).

Each hour the player takes, for each result, the box or table segment whose ingredients it
values most (by what the meals still open need), makes a rare ingredient when a meal it can
cook this hour needs one, and cooks the best meals its plates allow. It uses no abilities or
doubles: it is a sensible baseline, not a strong player. It plays on the game's State: the
places a result may go come from it, its hour is an entry the State applies, and its score is
the State's standings; the rules functions only let it look ahead within an hour.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from functools import cache

from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.record import HourPlay
from printkit.games.rollncook.rules import (
    State, apply_ability, cook, dish_boxes_left, make_rare, meal_points, plates_left,
)
from printkit.games.rollncook.sheet import Sheet, generate
from printkit.games.rollncook.state import HOURS, TABLES, RollNCookState, take, takes


@cache
def _expand(ingredient: str) -> tuple[str, ...]:
    """The basic ingredients a rare ingredient is made of, all the way down."""
    if ingredient in CONTENT.rares:
        return tuple(x for part in CONTENT.rares[ingredient] for x in _expand(part))
    return (ingredient,)


def _demand(state: State) -> Counter:
    """How much each basic (and the mystery) is worth now: meals still open, by value."""
    want: Counter = Counter()
    for name, m in CONTENT.meals.items():
        if not dish_boxes_left(state, name):
            continue
        k = state.dishes[name]
        parts = [x for i in m.ingredients for x in _expand(i)]
        worth = (m.value + m.bonuses[k]) / len(parts)
        for x in parts:
            want[x] += worth
    return want


def _worth(items, want: Counter, state: State) -> float:
    total = 0.0
    for x in items:
        if x in CONTENT.rares:
            total += sum(want[y] for y in _expand(x)) * 0.9
        elif x == CONTENT.mystery:
            total += max(want.values(), default=0) * 1.2
        else:
            total += want[x] / (1 + state.stock.get(x, 0))
    return total


def _choose_takes(sheet: State, hour: int, roll: list[int], table_bias: float) -> tuple[State, list[dict]]:
    """For each result, highest first, the box or table segment (of those it may cross) whose
    ingredients are worth most now: the sheet after them and the ``take`` entries."""
    taken = []
    for v in sorted(roll, reverse=True):
        want = _demand(sheet)
        options = []
        for t in takes(sheet, hour, v):
            if t.box is not None:
                options.append((_worth(sheet.sheet.hours[hour].boxes[v - 1], want, sheet), "box", hour, t))
            else:
                assert t.table is not None  # a box or a table
                where = TABLES[t.table]
                options.append((_worth([sheet.sheet.hours[where].table[v - 1]], want, sheet) * table_bias,
                                "table", where, t))
        if not options:
            continue
        _, kind, where, t = max(options, key=lambda o: (o[0], o[1] == "box", -o[2]))
        sheet, _ = take(sheet, hour, t)
        # record format 2: the box or segment number is the result
        taken.append({"box": v} if kind == "box" else {"table": HOURS[where], "segment": v})
    return sheet, taken


def _rares_for(sheet: State, meal: str) -> tuple[State, list[str]]:
    """Make the rare ingredients ``meal`` needs and the sheet lacks (and theirs, one level down)."""
    needs = CONTENT.meals[meal].ingredients
    made = []
    for ing in needs:
        if ing in CONTENT.rares and sheet.stock.get(ing, 0) < needs.count(ing):
            for sub in CONTENT.rares[ing]:
                if sub in CONTENT.rares and sheet.stock.get(sub, 0) == 0:
                    sheet, bad = make_rare(sheet, sub)
                    if not bad:
                        made.append(sub)
            sheet, bad = make_rare(sheet, ing)
            if not bad:
                made.append(ing)
    return sheet, made


def _best_meal(sheet: State, hour: int) -> tuple[int, str, list[str], State] | None:
    """The meal worth most that can be cooked now (with the rare ingredients it needs made
    first): (points, meal, rare ingredients made, the sheet after); None if none can."""
    best = None
    for name in CONTENT.meals:
        if not dish_boxes_left(sheet, name):
            continue
        trial, made = _rares_for(sheet, name)
        after, bad = cook(trial, hour, name)
        if not bad:
            k = sheet.dishes[name]
            gain = meal_points(name, k + 1) - meal_points(name, k)
            if best is None or gain > best[0]:
                best = (gain, name, made, after)
    return best


def play_hour(table: RollNCookState, seat: int, roll: list[int], table_bias: float = 1.0) -> dict:
    """The greedy player's entry for its next hour with the dice ``roll`` (as a record writes
    it; the caller applies it to ``table``)."""
    clock, start = table.hour_due(seat), table.sheet(seat)
    assert clock is not None and start is not None  # a seat with a sheet and an hour to play
    hour = TABLES[clock]
    sheet, taken = _choose_takes(start, hour, roll, table_bias)
    rares, cooked = [], []
    while plates_left(sheet, hour) and (best := _best_meal(sheet, hour)) is not None:
        _, name, made, sheet = best
        rares += made
        cooked.append(name)
    entry: dict = {"hour": clock, "dice": roll, "take": taken}
    if rares:
        entry["rare"] = rares
    if cooked:
        entry["cook"] = cooked
    return entry


def play_sheet(sheet: Sheet, rng: random.Random, dice: list[list[int]] | None = None,
               table_bias: float = 1.0) -> tuple[list[dict], RollNCookState]:
    """Play a whole sheet on the game's State; returns the hours as record entries and the
    State at the end.

    ``table_bias`` above 1 makes the player favour the hexagonal tables over the hour's boxes
    (a second style of play, for two players sharing the dice)."""
    table = RollNCookState.new([("player", sheet)])
    hours = []
    for hi in range(len(HOURS)):
        roll = dice[hi] if dice else [rng.randint(1, 6) for _ in range(3)]
        entry = play_hour(table, 0, roll, table_bias)
        bad = table.apply((0, HourPlay.model_validate(entry)))
        if bad:
            raise AssertionError(f"the greedy player broke a rule: {bad[0]}")
        hours.append(entry)
    return hours, table


def random_hour(table: RollNCookState, seat: int, roll: list[int], rng: random.Random) -> dict:
    """A random player's entry for its next hour with the dice ``roll``: every choice legal and
    random. It may reuse a result or add one (RNC-4) while those boxes last, sends each result
    to a random box or segment it may cross (or to none), then makes random rare ingredients
    and cooks random meals while it can (the caller applies the entry to ``table``). It is
    no player to copy: it finds the corners of the rules (tests: the inventory's rows)."""
    clock, start = table.hour_due(seat), table.sheet(seat)
    assert clock is not None and start is not None  # a seat with a sheet and an hour to play
    hour = TABLES[clock]
    sheet, res = start, list(roll)
    entry: dict = {"hour": clock, "dice": list(roll)}
    abilities = []
    for kind in ("reuse", "add"):
        if sheet.abilities.get(kind, 0) and rng.random() < 0.3:
            v = rng.choice(res) if kind == "reuse" else rng.randint(1, 6)
            sheet, res, _ = apply_ability(sheet, res, kind, v, v)
            abilities.append({kind: v})
    if abilities:
        entry["abilities"] = abilities
    taken = []
    for v in res:
        options = takes(sheet, hour, v)
        if not options or rng.random() < 0.05:
            continue
        t = rng.choice(options)
        sheet, _ = take(sheet, hour, t)
        taken.append({"box": t.box} if t.box is not None else {"table": t.table, "segment": t.segment})
    entry["take"] = taken
    rares: list[str] = []
    while rng.random() < 0.8:
        made = [r for r in CONTENT.rares if not make_rare(sheet, r)[1]]
        if not made:
            break
        rare = rng.choice(made)
        sheet, _ = make_rare(sheet, rare)
        rares.append(rare)
    cooked: list[str] = []
    while plates_left(sheet, hour) and rng.random() < 0.9:
        can = [m for m in CONTENT.meals if not cook(sheet, hour, m)[1]]
        if not can:
            break
        meal = rng.choice(can)
        sheet, _ = cook(sheet, hour, meal)
        cooked.append(meal)
    if rares:
        entry["rare"] = rares
    if cooked:
        entry["cook"] = cooked
    return entry


def play_random(sheet: Sheet, rng: random.Random) -> tuple[list[dict], RollNCookState]:
    """A whole game of the random player (:func:`random_hour`) on ``sheet``, with random dice:
    the hours as record entries and the State at the end."""
    table = RollNCookState.new([("player", sheet)])
    hours = []
    for _ in HOURS:
        entry = random_hour(table, 0, [rng.randint(1, 6) for _ in range(3)], rng)
        bad = table.apply((0, HourPlay.model_validate(entry)))
        if bad:
            raise AssertionError(f"the random player broke a rule: {bad[0]}")
        hours.append(entry)
    return hours, table


def circled(sheet: Sheet, hours: list[dict]) -> Counter:
    """The bullets a game's hours (record entries) circle, by ingredient: what each box and
    segment crossed gives (RNC-2), and each rare ingredient made (RNC-6)."""
    out: Counter = Counter()
    for e in hours:
        h = sheet.hours[TABLES[e["hour"]]]
        for t in e.get("take", []):
            if "box" in t:
                out.update(h.boxes[t["box"] - 1])
            else:
                out[sheet.hours[TABLES[t["table"]]].table[t["segment"] - 1]] += 1
        out.update(r if isinstance(r, str) else r["name"] for r in e.get("rare", []))
    return out


def simulate(seed: int, games: int, dice_seed: int = 0) -> list[int]:
    """The final scores of ``games`` games of the sheet ``seed`` with random dice."""
    sheet = generate(seed)
    rng = random.Random(f"{dice_seed}-{seed}")
    return [play_sheet(sheet, rng)[1].standings()[0].total for _ in range(games)]


def summary(scores: list[int]) -> dict:
    s = sorted(scores)
    return {"games": len(s), "mean": round(statistics.fmean(s), 1), "median": statistics.median(s),
            "min": s[0], "max": s[-1],
            "stars": {f"{t}+": round(sum(1 for x in s if x >= t) / len(s), 3) for t in CONTENT.stars}}


def spread(first_seed: int, seeds: int, games: int) -> dict:
    """Median scores of ``seeds`` consecutive sheets: is every seed about as good as another?"""
    medians = [statistics.median(simulate(first_seed + i, games)) for i in range(seeds)]
    return {"first_seed": first_seed, "seeds": seeds, "games": games, "medians": medians,
            "min_median": min(medians), "max_median": max(medians), "spread": max(medians) - min(medians),
            "median_of_medians": statistics.median(medians),
            "stdev_of_medians": round(statistics.pstdev(medians), 2)}


def report(first_seed: int, games: int, seeds: int = 1) -> dict:
    """What ``printkit simulate rollncook`` prints: (text, data)."""
    if seeds == 1:
        data = {"seed": first_seed, **summary(simulate(first_seed, games))}
        stars = ", ".join(f"{k} {v:.0%}" for k, v in data["stars"].items())
        text = (f"sheet seed {first_seed}: {data['games']} games, median {data['median']}, mean {data['mean']}, "
                f"range {data['min']}-{data['max']}; stars: {stars}")
    else:
        data = spread(first_seed, seeds, games)
        text = (f"{seeds} sheets from seed {first_seed}, {games} games each: medians from {data['min_median']} to "
                f"{data['max_median']} (spread {data['spread']}), median of medians {data['median_of_medians']}")
    return {"text": text, "data": data}
