"""rolls.first_build (the lesson cards' solver) finds exactly what rolls.solve finds: the same
simplest build for every order the dice can show, none where solve finds none."""

from printkit.games.gimbap.content import CONTENT
from printkit.games.gimbap.rolls import PAIRS, Face, all_builds, all_orders, build_at, first_build, parse_face, solve


def test_every_order_the_dice_show():
    orders = [list(o) for o in all_orders()]
    assert len(orders) == 2376
    assert [first_build(o) for o in orders] == [solve(o) for o in orders]


def test_the_lessons_and_orders_without_a_solution():
    for lesson in CONTENT.lessons:
        faces = [parse_face(f) for f in lesson.faces]
        assert first_build(faces) == solve(faces) is not None
    a, b = "ham+cheese", "ham-cheese"
    impossible = [parse_face(a), parse_face(b)]
    assert solve(impossible) is None and first_build(impossible) is None
    assert first_build([]) == solve([]) == build_at(0)


def test_builds_deep_in_the_order():
    """Every pair pinned (touching or not) leaves one contact pattern: the build at that index."""
    n = len(all_builds()[0])
    for i in [*range(0, n, 997), n - 1]:
        build = build_at(i)
        contacts = build.contacts()
        order = [Face(*sorted(pair), pair in contacts) for pair in PAIRS]
        assert solve(order) == build
        assert first_build(order) == build
