"""Replaying Roll n Cook records: every hour checked (RNC-2 to RNC-7), scored (RNC-8), several
players ranked together with the same dice (RNC-10)."""

from __future__ import annotations

from printkit.core.score import PlayerResult, Report, Violation, rank
from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.record import RollNCookRecord
from printkit.games.rollncook.rules import (
    State, apply_ability, cook, final_score, make_rare, results, take_box, take_segment,
)
from printkit.games.rollncook.sheet import generate, parse_sheet_id


def replay(rec: RollNCookRecord) -> tuple[State | None, dict, list[Violation], list[str]]:
    """The state after the record's hours, its score, the violations, and what happened."""
    violations: list[Violation] = []
    details: list[str] = []
    p = rec.player
    if rec.hours is None:
        e = rec.end
        meals = {m: sum(CONTENT.meals[m].value + CONTENT.meals[m].bonuses[k] for k in range(n)) for m, n in e.dishes.items()}
        total = sum(meals.values()) + e.rares_left
        return None, {"total": total, "meals": {k: v for k, v in meals.items() if v}, "rares_left": e.rares_left,
                      "stars": sum(1 for s in CONTENT.stars if total >= s), "basics_left": e.basics_left,
                      "plates_left": e.plates_left}, violations, details
    seed = parse_sheet_id(rec.sheet)[1]
    state = State.new(generate(seed))
    seen = []
    for h in rec.hours:
        hi = CONTENT.hour_index(h.hour)
        where = f"{p}, {h.hour}"
        if hi in seen:
            violations.append(Violation(where, "RNC-1", f"{h.hour} is played twice"))
        elif seen and hi < seen[-1]:
            violations.append(Violation(where, "RNC-1", f"{h.hour} comes after {CONTENT.hours[seen[-1]]}: hours go in order"))
        seen.append(hi)
        # PK-14: doubles, abilities, results taken, rare ingredients, meals.
        res, bad = results(h.dice, (h.double.spend, h.double.to) if h.double else None)
        violations += [Violation(where, "RNC-3", m) for m in bad]
        for a in h.abilities:
            kind = next(k for k in ("adjust", "set", "reuse", "add") if getattr(a, k) is not None)
            v = getattr(a, kind)
            frm, to = (v.from_, v.to) if kind in ("adjust", "set") else ((v, None) if kind == "reuse" else (None, v))
            state, res, bad = apply_ability(state, res, kind, frm, to)
            violations += [Violation(where, "RNC-4", m) for m in bad]
        pool = list(res)
        for t in h.take:
            w = f"{where}, result {t.result}"
            if t.result not in pool:
                violations.append(Violation(w, "RNC-2", f"no result {t.result} is left to use "
                                                        f"(results {' '.join(map(str, res)) or 'none'}; each is used once)"))
                continue
            pool.remove(t.result)
            if t.box is not None:
                state, bad = take_box(state, hi, t.result, t.box)
            else:
                state, bad = take_segment(state, CONTENT.hour_index(t.table), t.result, t.segment)
            violations += [Violation(w, "RNC-2", m) for m in bad]
        for r in h.rare:
            state, bad = make_rare(state, r.name, r.use)
            violations += [Violation(f"{where}, {r.name}", "RNC-6" if "made" in m else "RNC-5", m) for m in bad]
        for c in h.cook:
            state, bad = cook(state, hi, c.name, c.use)
            violations += [Violation(f"{where}, {c.name}", rule, m) for rule, m in bad]
        details.append(f"{where}: results {' '.join(map(str, res))}; stock " +
                       ", ".join(f"{k} {v}" for k, v in sorted(state.stock.items()) if v))
    return state, final_score(state), violations, details


def score(records: list[RollNCookRecord]) -> Report:
    violations: list[Violation] = []
    details: list[str] = []
    notes: list[str] = []
    players = []
    dice: dict[str, dict[str, list[int]]] = {}
    names = [r.player for r in records]
    if len(set(names)) != len(names):
        notes.append("two records have the same player name")
    for rec in records:
        state, sc, bad, lines = replay(rec)
        violations += bad
        details += lines
        if rec.hours is None:
            notes.append(f"{rec.player}: only the end state is given: totalled, not checked (unchecked play)")
        else:
            dice[rec.player] = {h.hour: list(h.dice) for h in rec.hours}
        players.append(PlayerResult(rec.player, sc["total"], {
            "meals": sc["meals"], "rares_left": sc["rares_left"], "stars": sc["stars"],
            "basics_left": sc["basics_left"], "plates_left": sc["plates_left"], "sheet": rec.sheet}))
    # RNC-10, PK-16: one roll serves everyone (the dice as rolled).
    if len(dice) > 1:
        first, *others = dice
        for other in others:
            for hour in sorted(set(dice[first]) | set(dice[other]), key=CONTENT.hour_index):
                a, b = dice[first].get(hour), dice[other].get(hour)
                if a is not None and b is not None and sorted(a) != sorted(b):
                    violations.append(Violation(f"{other}, {hour}", "RNC-10",
                                                f"the dice were {' '.join(map(str, a))} for {first} but "
                                                f"{' '.join(map(str, b))} here: one roll serves everyone"))
    ranking, winners = rank(players, key=lambda p: (p.total, p.breakdown["basics_left"], p.breakdown["plates_left"]))
    if len(players) == 1 and players[0].breakdown["stars"] == 0:
        notes.append(f"no star: a solo game needs at least {CONTENT.stars[0]} points (RNC-8)")
    return Report("rollncook", violations, players, ranking, winners, notes=notes, details=details)
