"""Gimbap's print items (issue #12): one diagram scale on every lesson card, text at 6 pt or
more and clear of the trim, die captions readable."""

import math

import pytest

from printkit.core.draw import ops as O
from printkit.core.draw.page import PrintOptions
from printkit.core.registry import games
from printkit.games.gimbap import drawing
from printkit.games.gimbap.content import CONTENT
from tests.games.printsizes import printed_pt, texts, under_6_pt


def _scale(m: O.Matrix) -> float:
    return math.sqrt(abs(m.a * m.d - m.b * m.c))


def _backs(doc):
    """Each lesson card's back group (tag card-N-back; the tokens after them are tail-N-back)
    with its page transform."""
    out = {}
    for page in doc.pages:
        for op, m in O.walk(page.ops):
            if isinstance(op, O.Group) and (op.tag or "").startswith("card-") and op.tag.endswith("-back"):
                out[int(op.tag.split("-")[1])] = (op, m @ op.matrix)
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_lesson_diagram_is_drawn_at_one_scale(paper):
    """The seaweed block, drawn on every card, measures the same on paper on all ten (it was
    scaled per card: labels 3.5 pt on lesson 1, 7 pt on lesson 8)."""
    doc = games()["gimbap"]["lessons"].build(PrintOptions(paper=paper))
    backs = _backs(doc)
    assert sorted(backs) == list(range(1, 11))
    heights, scales, labels = [], set(), []
    for _n, (group, m) in sorted(backs.items()):
        (diag, dm), = [(op, mm) for op, mm in O.walk(group.ops, m) if getattr(op, "tag", None) == "build-diagram"]
        full = dm @ diag.matrix
        scales.add(round(_scale(full), 9))
        (rect, rm), = [(op, mm) for op, mm in O.walk(diag.ops, full) if getattr(op, "tag", None) == "part seaweed"]
        heights.append(rect.h * _scale(rm))
        labels += [printed_pt(op, mm) for op, mm in O.walk(diag.ops, full) if isinstance(op, O.Text)]
    assert len(scales) == 1
    assert max(heights) - min(heights) < 1e-6
    assert heights[0] == pytest.approx(drawing.SHEET_H * scales.pop(), abs=1e-6)
    assert labels and min(labels) >= 6.5 - 1e-6 and max(labels) - min(labels) < 1e-6


def test_every_lesson_diagram_fits_its_box_at_that_scale():
    from printkit.games.gimbap import components

    builds = [lesson["build"] for lesson in components.lessons_data()["lessons"]]
    s = drawing.common_scale(builds, 57, 40)
    assert 0.5 < s <= 1
    for b in builds:
        root = drawing._tree(b)
        assert root.width * s <= 57 + 1e-9 and (root.height + 4) * s <= 40 + 1e-9
    # the widest (lesson 1: six fillings on the seaweed) sets it
    assert s == pytest.approx(min(57 / drawing._tree(b).width for b in builds))


def test_lesson_text_stays_3_mm_inside_the_trim():
    doc = games()["gimbap"]["lessons"].build(PrintOptions())
    for page in doc.pages:
        for op, m in O.walk(page.ops):
            if not (isinstance(op, O.Group) and (op.tag or "").startswith("card-")):
                continue
            card = m @ op.matrix
            inv_x, inv_y = card.e, card.f  # cards are placed by translation only
            for t, tm in O.walk(op.ops, card):
                if isinstance(t, O.Text):
                    x0, base = tm.apply(t.x, t.y)
                    s = _scale(tm)
                    top, bottom = base - 0.95 * t.size * s - inv_y, base + 0.25 * t.size * s - inv_y
                    assert top >= 3 - 1e-6 and bottom <= 88 - 3 + 1e-6, (op.tag, t.text, top, bottom)
                    assert x0 - inv_x >= 3 - 1e-6, (op.tag, t.text)


@pytest.mark.parametrize("comp", ["dice", "lessons", "tokens", "aid", "fillings"])
def test_no_text_under_6_pt(comp):
    small = under_6_pt("gimbap", comp)
    assert not small, small[:5]


def test_die_face_captions_are_6_pt_and_dark():
    """Each face names its two parts under their icons, in the rulebook's words (issue 28; it
    printed dice notation, "rice+ham"), at 6 pt and dark."""
    from printkit.games.gimbap import components

    faces = [f for die in components.dice_data(20.0)["dice"] for f in die["faces"]]
    assert len(faces) == 24  # six faces on each of four dice
    doc = games()["gimbap"]["dice"].build(PrintOptions())
    words = {w for p in CONTENT.parts.values() for w in (p.name, *p.name.split())}
    captions = [(op, m) for op, m, _ in texts(doc) if op.text in words]
    # two names a face; "Sesame leaf" under the first icon wraps to two lines
    assert len(captions) == 48 + sum(1 for f in faces if " " in f["name_a"])
    for op, m in captions:
        assert printed_pt(op, m) >= 6 - 1e-6
        assert op.colour.luminance < 0.4  # a dark grey, not the old light grey


def test_small_dice_show_icons_alone():
    """Below a 20 mm edge the names would crowd the icons (and the die's name its net): the
    faces show their icons alone; from 20 mm each names its parts."""
    from printkit.games.gimbap import components

    words = {w for p in CONTENT.parts.values() for w in (p.name, *p.name.split())} | {n for n, _ in CONTENT.dice}

    def named(edge: float) -> int:
        return sum(1 for op, _, _ in texts(components.build_dice(PrintOptions(), edge)) if op.text in words)

    assert named(components.NAMES_FROM_EDGE - 0.5) == 0
    assert named(components.NAMES_FROM_EDGE) >= 48
