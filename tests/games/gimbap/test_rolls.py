"""GIM-2 contacts, GIM-3 dice, the checker and the solver."""

import doctest

import pytest

import printkit.games.gimbap.content
import printkit.games.gimbap.drawing
import printkit.games.gimbap.rolls
import printkit.games.gimbap.rules
from printkit.games.gimbap.content import CONTENT, Token
from printkit.games.gimbap.rolls import (
    Build, RollError, all_builds, all_orders, check, count_solutions, die_of, parse_face, parse_order, solve,
)

ALL_ON_SEAWEED = {f: "seaweed" for f in CONTENT.fillings}


def faces(*texts):
    return [parse_face(t) for t in texts]


@pytest.mark.parametrize("module", [printkit.games.gimbap.rolls, printkit.games.gimbap.content,
                                    printkit.games.gimbap.drawing, printkit.games.gimbap.rules])
def test_docstring_examples(module):
    r = doctest.testmod(module)
    assert r.attempted > 0 and r.failed == 0


def test_content_is_the_rulings():
    assert CONTENT.sheets == ("rice", "cheese", "sesame") and CONTENT.strips == ("ham", "spinach", "radish")  # GIM-1
    assert [len(f) for _, f in CONTENT.dice] == [6, 6, 6, 6]  # GIM-3
    assert len(set(CONTENT.face_die)) == 24
    assert sorted((t.points, t.radish) for t in CONTENT.tokens) == [(p, r) for p in range(1, 5) for r in range(1, 4)]  # GIM-4
    assert CONTENT.tokens[0] == Token(4, 3) and CONTENT.tokens[-1] == Token(1, 1)
    assert Token(3, 1).rank > Token(2, 3).rank  # points first, then radish slices


def test_base_contact_and_seaweed_only_touches_what_lies_on_it():
    """GIM-2: one is the base of the other; the seaweed touches only what lies directly on it."""
    b = Build.make({**ALL_ON_SEAWEED, "cheese": "rice", "ham": "cheese"}, [])
    c = b.contacts()
    assert frozenset(("rice", "cheese")) in c and frozenset(("cheese", "ham")) in c
    assert frozenset(("seaweed", "cheese")) not in c  # cheese lies on rice, not on the seaweed
    assert frozenset(("seaweed", "ham")) not in c
    assert frozenset(("rice", "ham")) not in c  # ham on cheese on rice: no contact with rice


def test_same_base_fillings_touch_only_when_declared():
    plain = Build.make(ALL_ON_SEAWEED, [])
    assert frozenset(("ham", "radish")) not in plain.contacts()
    declared = Build.make(ALL_ON_SEAWEED, [("ham", "radish")])
    assert frozenset(("ham", "radish")) in declared.contacts()


@pytest.mark.parametrize("on,touching,message", [
    ({**ALL_ON_SEAWEED, "rice": "ham"}, [], "a base is the seaweed or a sheet"),       # nothing lies on a strip
    ({**ALL_ON_SEAWEED, "rice": "rice"}, [], "cannot lie on what lies on it"),        # not on itself
    ({**ALL_ON_SEAWEED, "rice": "cheese", "cheese": "rice"}, [], "cannot lie on what lies on it"),
    ({**ALL_ON_SEAWEED, "ham": "rice"}, [("ham", "radish")], "different bases"),      # side by side: same base
    ({f: "seaweed" for f in CONTENT.fillings[:-1]}, [], "every filling must be used"),  # GIM-1
])
def test_impossible_builds(on, touching, message):
    with pytest.raises(RollError, match=message):
        Build.make(on, touching)


def test_face_notation():
    f = parse_face("ham-radish")
    assert (f.a, f.b, f.must) == ("ham", "radish", False)
    assert die_of(parse_face("seaweed+rice")) == 0  # either order of the parts
    for bad in ["rice*seaweed", "rice+", "tuna+rice", "rice+rice"]:
        with pytest.raises(RollError):
            parse_face(bad)
    with pytest.raises(RollError, match="not on any order die"):
        parse_face("cheese+ham", dice_only=True)  # die 3 has only "must not" for cheese-ham


def test_orders_use_2_to_4_different_dice():
    assert len(parse_order(["rice+seaweed", "ham-radish"])) == 2
    with pytest.raises(RollError, match="same die"):
        parse_order(["rice+seaweed", "cheese-seaweed"])
    with pytest.raises(RollError, match="2 to 4"):
        parse_order(["rice+seaweed"])


def test_checker_says_which_condition_breaks():
    b = Build.make({**ALL_ON_SEAWEED, "ham": "rice"}, [("spinach", "radish")])
    assert check(faces("rice+seaweed", "rice+ham", "ham-radish", "spinach-radish", "rice-seaweed"), b) == \
        [True, True, True, False, False]


def test_every_one_of_the_2376_orders_can_be_fulfilled():
    """GIM-3: the solver finds a build for every order, and the checker confirms it."""
    orders = list(all_orders())
    assert len(orders) == 2376
    for order in orders:
        build = solve(list(order))
        assert build is not None, order
        assert all(check(list(order), build)), order


def test_solution_counts_agree_with_brute_force():
    """count_solutions (bit sets) against checking every build one by one."""
    from printkit.games.gimbap.rolls import build_at

    builds, patterns = all_builds()
    assert len(patterns) == len(set(patterns)) == 73160  # distinct builds give distinct contacts
    every = [build_at(i) for i in range(len(builds))]
    for order in (faces("rice+seaweed", "ham-radish"),
                  faces("cheese-seaweed", "rice+cheese", "sesame+radish", "ham+spinach")):
        brute = sum(all(check(order, b)) for b in every)
        assert count_solutions(order) == brute > 0
    impossible = faces("rice-seaweed", "cheese-seaweed", "sesame-seaweed")  # some sheet must lie on it
    assert count_solutions(impossible) == 0 and solve(impossible) is None


def test_lessons_rise_in_difficulty_and_are_solvable():
    """GIM-8: more conditions and fewer solutions from one lesson to the next."""
    sizes, counts = [], []
    for lesson in CONTENT.lessons:
        order = faces(*lesson.faces)
        counts.append(count_solutions(order))
        sizes.append(len(order))
        assert solve(order) is not None
    assert len(CONTENT.lessons) == 10
    assert sizes == sorted(sizes) and sizes[-1] > sizes[0]
    assert all(a > b for a, b in zip(counts, counts[1:], strict=False)), counts
    assert counts[-1] >= 1
