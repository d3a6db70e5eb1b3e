"""A greedy automatic player, and the simulator that plays a sheet many times (balance).

Each hour the player takes, for each result, the box or table segment whose ingredients it
values most (by what the meals still open need), makes a rare ingredient when a meal it can
cook this hour needs one, and cooks the best meals its plates allow. It uses no abilities or
doubles: it is a sensible baseline, not a strong player.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter

from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.rules import State, cook, final_score, make_rare, take_box, take_segment
from printkit.games.rollncook.sheet import Sheet, generate


def _expand(ingredient: str) -> list[str]:
    if ingredient in CONTENT.rares:
        return [x for part in CONTENT.rares[ingredient] for x in _expand(part)]
    return [ingredient]


def _demand(state: State) -> Counter:
    """How much each basic (and the mystery) is worth now: meals still open, by value."""
    want: Counter = Counter()
    for name, m in CONTENT.meals.items():
        k = state.dishes[name]
        if k >= m.boxes:
            continue
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


def play_sheet(sheet: Sheet, rng: random.Random, dice: list[list[int]] | None = None,
               table_bias: float = 1.0) -> tuple[list[dict], State]:
    """Play a whole sheet; returns the hours as record entries and the final state.

    ``table_bias`` above 1 makes the player favour the hexagonal tables over the hour's boxes
    (a second style of play, for two players sharing the dice)."""
    state = State.new(sheet)
    hours = []
    for hi, clock in enumerate(CONTENT.hours):
        roll = dice[hi] if dice else [rng.randint(1, 6) for _ in range(3)]
        takes = []
        for v in sorted(roll, reverse=True):
            want = _demand(state)
            options = []
            if (hi, v - 1) not in state.boxes:
                options.append((_worth(sheet.hours[hi].boxes[v - 1], want, state), "box", hi))
            for t in range(len(CONTENT.hours)):
                if (t, v - 1) not in state.segments:
                    options.append((_worth([sheet.hours[t].table[v - 1]], want, state) * table_bias, "table", t))
            if not options:
                continue
            _, kind, where = max(options, key=lambda o: (o[0], o[1] == "box", -o[2]))
            if kind == "box":
                state, _ = take_box(state, hi, v, v)
                takes.append({"box": v})  # record format 2: the box number is the result
            else:
                state, _ = take_segment(state, where, v, v)
                takes.append({"table": CONTENT.hours[where], "segment": v})
        rares, cooked = [], []
        while state.plates[hi] < CONTENT.plates[hi]:
            best = None
            for name, m in CONTENT.meals.items():
                k = state.dishes[name]
                if k >= m.boxes:
                    continue
                trial, made = state, []
                for ing in m.ingredients:
                    if ing in CONTENT.rares and trial.stock.get(ing, 0) < m.ingredients.count(ing):
                        for sub in CONTENT.rares[ing]:
                            if sub in CONTENT.rares and trial.stock.get(sub, 0) == 0:
                                trial, bad = make_rare(trial, sub)
                                if not bad:
                                    made.append(sub)
                        trial, bad = make_rare(trial, ing)
                        if not bad:
                            made.append(ing)
                after, bad = cook(trial, hi, name)
                if not bad:
                    gain = m.value + m.bonuses[k]
                    if best is None or gain > best[0]:
                        best = (gain, name, made, after)
            if best is None:
                break
            _, name, made, state = best
            rares += made
            cooked.append(name)
        entry = {"hour": clock, "dice": roll, "take": takes}
        if rares:
            entry["rare"] = rares
        if cooked:
            entry["cook"] = cooked
        hours.append(entry)
    return hours, state


def simulate(seed: int, games: int, dice_seed: int = 0) -> list[int]:
    """The final scores of ``games`` games of the sheet ``seed`` with random dice."""
    sheet = generate(seed)
    rng = random.Random(f"{dice_seed}-{seed}")
    return [final_score(play_sheet(sheet, rng)[1])["total"] for _ in range(games)]


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
