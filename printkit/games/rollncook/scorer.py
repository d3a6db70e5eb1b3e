"""Replaying Roll n Cook records: every hour checked (RNC-2 to RNC-7, RNC-11), scored (RNC-8,
RNC-12), several players ranked together with the same dice (RNC-10).

Every violation carries the key path of the record entry that broke the rule and the index of
the player's record among those scored together, so that the report names its file and line.
"""

from __future__ import annotations

from printkit.core.score import PlayerResult, Report, Violation, rank
from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.record import RollNCookRecord
from printkit.games.rollncook.rules import (
    State, apply_ability, cook, final_score, make_rare, meal_points, results, stars, take_box, take_segment,
)
from printkit.games.rollncook.sheet import generate, parse_sheet_id

PLATES = sum(CONTENT.plates)


def _rare_depth(name: str) -> int:
    """How many rare ingredients deep a rare ingredient is made (flour 1, dough 2)."""
    return 1 + max((_rare_depth(x) for x in CONTENT.rares[name] if x in CONTENT.rares), default=0)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _end_only(rec: RollNCookRecord, index: int) -> tuple[dict, list[Violation]]:
    """RNC-8, RNC-12: the total of a record that gives only the end state."""
    e = rec.end
    violations = []
    meals = {m: meal_points(m, n) for m, n in e.dishes.items()}
    total = sum(meals.values()) + e.rares_left
    cooked = sum(e.dishes.values())
    plates_left = max(PLATES - cooked, 0)
    if cooked > PLATES:  # RNC-12: one plate a meal, and the sheet has 14
        violations.append(Violation(f"{rec.player}, end", "RNC-12",
                                    f"{_plural(cooked, 'meal')} cooked, but the sheet has only "
                                    f"{PLATES} plates (one a meal)", ("end", "dishes"), index))
    elif e.plates_left is not None and e.plates_left != plates_left:  # RNC-12: follows from the meals
        violations.append(Violation(f"{rec.player}, end", "RNC-12",
                                    f"plates_left is {e.plates_left}, but {_plural(cooked, 'meal')} cooked leave "
                                    f"{plates_left} of the sheet's {PLATES} plates unused (plates_left can be left out)",
                                    ("end", "plates_left"), index))
    return {"total": total, "meals": {k: v for k, v in meals.items() if v}, "rares_left": e.rares_left,
            "stars": stars(total), "basics_left": e.basics_left, "plates_left": plates_left}, violations


def _make_rares(state: State, rares) -> tuple[State, list[tuple[int, str, str, str]]]:
    """Make an hour's rare ingredients (RNC-6): (the state, [(entry index, name, rule, problem)])."""
    def run(order):
        st, problems = state, []
        for k in order:
            st, bad = make_rare(st, rares[k].name, rares[k].use)
            problems += [(k, rares[k].name, rule, m) for rule, m in bad]
        return st, problems

    written = list(range(len(rares)))
    best = run(written)
    if best[1]:
        by_depth = sorted(written, key=lambda k: _rare_depth(rares[k].name))
        other = run(by_depth)
        if len(other[1]) < len(best[1]):
            best = other
    return best


def _plans(needs: tuple[str, ...], use: list[str] | None) -> list[list[str] | None]:
    """The ways an entry may cross its ingredients: its own ``use``, or, without one, the exact
    ingredients first (None: the default) and then every basic slot filled by the mystery
    ingredient instead (RNC-5: it stands for any basic)."""
    if use is not None:
        return [use]
    basics = [k for k, n in enumerate(needs) if n in CONTENT.basics]
    out: list[list[str] | None] = [None]
    for mask in range(1, 1 << len(basics)):
        plan = list(needs)
        for b, k in enumerate(basics):
            if mask >> b & 1:
                plan[k] = CONTENT.mystery
        out.append(plan)
    return out


def _legal_hour(state: State, hour: int, rares, meals) -> State | None:
    """RNC-11: what a player crossed in one hour has no order. The state after making the
    hour's rare ingredients and cooking its meals in some order, with some choice of what the
    mystery ingredient stands for where ``use`` is not given, that breaks no rule; None if there
    is none. Entries are tried in an order that does not depend on how the record lists them,
    so the state found does not either."""
    def key(kind, e):
        return (kind, _rare_depth(e.name) if kind == 0 else 0, e.name, sorted(e.use) if e.use else [])

    entries = sorted([(0, e) for e in rares] + [(1, e) for e in meals], key=lambda ke: key(*ke))
    if len(entries) > 8:  # beyond any real hour: keep the search small
        return None
    failed: set = set()

    def search(st: State, left: tuple[int, ...]) -> State | None:
        if not left:
            return st
        memo = (left, tuple(sorted(st.stock.items())), st.plates, tuple(sorted(st.dishes.items())))
        if memo in failed:
            return None
        rare_left = any(entries[k][0] == 0 for k in left)
        for k in left:
            kind, e = entries[k]
            if kind == 1 and rare_left:
                continue  # rare ingredients are made before the meals that may need them
            needs = CONTENT.rares[e.name] if kind == 0 else CONTENT.meals[e.name].ingredients
            for plan in _plans(needs, e.use):
                nxt, bad = make_rare(st, e.name, plan) if kind == 0 else cook(st, hour, e.name, plan)
                if not bad:
                    done = search(nxt, tuple(x for x in left if x != k))
                    if done is not None:
                        return done
        failed.add(memo)
        return None

    return search(state, tuple(range(len(entries))))


def replay(rec: RollNCookRecord, index: int = 0) -> tuple[State | None, dict, list[Violation], list[str]]:
    """The state after the record's hours, its score, the violations, and what happened.

    ``index`` is the record's place among the records scored together (for file and line)."""
    violations: list[Violation] = []
    details: list[str] = []
    p = rec.player

    def bad(where: str, rule: str, message: str, *path) -> None:
        violations.append(Violation(where, rule, message, path, index))

    if rec.hours is None:
        sc, violations = _end_only(rec, index)
        return None, sc, violations, details
    seed = parse_sheet_id(rec.sheet)[1]
    state = State.new(generate(seed))
    seen: list[int] = []
    for i, h in enumerate(rec.hours):
        hi = CONTENT.hour_index(h.hour)
        where = f"{p}, {h.hour}"
        # RNC-11: the 12 hours in order; a repeated or skipped hour is a violation.
        expected = max(seen) + 1 if seen else 0  # after a misplaced hour, the next one due
        if hi in seen:
            bad(where, "RNC-11", f"{h.hour} is played twice", "hours", i, "hour")
        elif seen and hi < seen[-1]:
            bad(where, "RNC-11", f"{h.hour} comes after {CONTENT.hours[seen[-1]]}: hours go in order", "hours", i, "hour")
        elif hi > expected:
            missing = CONTENT.hours[expected] if hi == expected + 1 else f"{CONTENT.hours[expected]} to {CONTENT.hours[hi - 1]}"
            bad(where, "RNC-11", f"{missing} {'is' if hi == expected + 1 else 'are'} missing before {h.hour}: "
                                 f"every hour is played, in order", "hours", i, "hour")
        seen.append(hi)
        # PK-14: doubles, abilities, results taken, rare ingredients, meals.
        res, problems = results(h.dice, (h.double.spend, h.double.to) if h.double else None)
        for m in problems:
            bad(where, "RNC-3", m, "hours", i, "double")
        for k, a in enumerate(h.abilities):
            kind = next(x for x in ("adjust", "set", "reuse", "add") if getattr(a, x) is not None)
            v = getattr(a, kind)
            frm, to = (v.from_, v.to) if kind in ("adjust", "set") else ((v, None) if kind == "reuse" else (None, v))
            state, res, problems = apply_ability(state, res, kind, frm, to)
            for m in problems:
                bad(where, "RNC-4", m, "hours", i, "abilities", k)
        pool = list(res)
        for k, t in enumerate(h.take):
            value = t.value
            w = f"{where}, result {value}"
            if value not in pool:
                bad(w, "RNC-2", f"no result {value} is left to use "
                                f"(results {' '.join(map(str, res)) or 'none'}; each is used once)", "hours", i, "take", k)
                continue
            pool.remove(value)
            if t.box is not None:
                state, problems = take_box(state, hi, value, t.box)
            else:
                state, problems = take_segment(state, CONTENT.hour_index(t.table), value, t.number)
            for m in problems:
                bad(w, "RNC-2", m, "hours", i, "take", k)
        # Rare ingredients: as written, or, if that fails, in the order they can be made (flour
        # before the dough made from it), whichever breaks fewer rules: writing dough before its
        # flour changes nothing (RNC-11).
        legal = _legal_hour(state, hi, h.rare, h.cook) if (h.rare or h.cook) else state
        if legal is not None:
            state = legal
        else:  # no order works: report what breaks, as written (rare ingredients by depth if fewer break)
            state, made = _make_rares(state, h.rare)
            for k, name, rule, m in made:
                bad(f"{where}, {name}", rule, m, "hours", i, "rare", k)
            for k, c in enumerate(h.cook):
                state, problems = cook(state, hi, c.name, c.use)
                for rule, m in problems:
                    bad(f"{where}, {c.name}", rule, m, "hours", i, "cook", k)
        details.append(f"{where}: results {' '.join(map(str, res))}; stock " +
                       (", ".join(f"{k} {v}" for k, v in sorted(state.stock.items()) if v) or "none"))
    return state, final_score(state), violations, details


def _last_hour(rec: RollNCookRecord) -> int:
    return max((CONTENT.hour_index(h.hour) for h in rec.hours), default=-1)


def score(records: list[RollNCookRecord]) -> Report:
    violations: list[Violation] = []
    details: list[str] = []
    notes: list[str] = []
    players = []
    dice: dict[str, tuple[int, dict[str, tuple[int, list[int]]]]] = {}
    unfinished = False
    names = [r.player for r in records]
    if len(set(names)) != len(names):
        notes.append("two records have the same player name")
    for index, rec in enumerate(records):
        state, sc, bad, lines = replay(rec, index)
        violations += bad
        details += lines
        if rec.hours is None:
            notes.append(f"{rec.player}: only the end state is given: totalled, not checked (unchecked play)")
        else:
            first: dict[str, tuple[int, list[int]]] = {}
            for i, h in enumerate(rec.hours):  # a repeated hour is RNC-11; its first entry is compared
                first.setdefault(h.hour, (i, list(h.dice)))
            dice[rec.player] = (index, first)
            last = _last_hour(rec)
            if last < len(CONTENT.hours) - 1:  # RNC-11: a record that stops early
                unfinished = True
                played = f"stops after {CONTENT.hours[last]}" if last >= 0 else "has no hours yet"
                notes.append(f"{rec.player}: the record {played}; {CONTENT.hours[last + 1]} to {CONTENT.hours[-1]} "
                             f"are not played: an unfinished game, standings so far (RNC-11)")
        players.append(PlayerResult(rec.player, sc["total"], {
            "meals": sc["meals"], "rares_left": sc["rares_left"], "stars": sc["stars"],
            "basics_left": sc["basics_left"], "plates_left": sc["plates_left"], "sheet": rec.sheet}))
    # RNC-10, PK-16: one roll serves everyone (the dice as rolled).
    if len(dice) > 1:
        first, *others = dice
        for other in others:
            index, theirs = dice[other]
            for hour in sorted(set(dice[first][1]) & set(theirs), key=CONTENT.hour_index):
                a, (i, b) = dice[first][1][hour][1], theirs[hour]
                if sorted(a) != sorted(b):
                    violations.append(Violation(f"{other}, {hour}", "RNC-10",
                                                f"the dice were {' '.join(map(str, a))} for {first} but "
                                                f"{' '.join(map(str, b))} here: one roll serves everyone",
                                                ("hours", i, "dice"), index))
    ranking, winners = rank(players, key=lambda p: (p.total, p.breakdown["basics_left"], p.breakdown["plates_left"]))
    no_winner = ""
    if len(players) == 1 and players[0].breakdown["stars"] == 0:
        # RNC-8, rulebook 3.4: a solo game needs at least one star to be won.
        no_winner = f"a solo game is won with at least one star, and {players[0].total} points is under {CONTENT.stars[0]}"
        winners = []
        if not unfinished:
            notes.append(f"no star: a solo game needs at least {CONTENT.stars[0]} points to be won (RNC-8)")
    return Report("rollncook", violations, players, ranking, winners, notes=notes, details=details,
                  unfinished=unfinished, no_winner=no_winner)
