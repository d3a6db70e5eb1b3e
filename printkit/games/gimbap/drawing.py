"""Drawings computed from Gimbap's content: a build as a diagram and as words.

The diagram stacks what lies on what: the seaweed at the bottom, each filling drawn on top
of its base, side by side; fillings declared touching are drawn joined (no gap, a dot at the
join), or linked by an arc when they cannot sit next to each other.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from printkit.core.colour import BLACK, WHITE
from printkit.core.draw.ops import Circle, Group, Matrix, Op, Path, Rect, Style, Use
from printkit.core.layout.load import load_layout
from printkit.core.text import TextBox, layout_text
from printkit.core.units import MM_PER_PT
from printkit.core.layout.template import fill
from printkit.games.gimbap.content import CONTENT
from printkit.games.gimbap.rolls import SEAWEED, Build

#: The words a build is described in (layouts/gimbap/words.yaml).
WORDS = "gimbap/words.yaml"
GAP = 1.8
STRIP_W, STRIP_H = 10.0, 7.0
SHEET_W, SHEET_H = 13.0, 8.0


def describe_build(build: Build) -> list[str]:
    """The build in words, one line per base.

    >>> b = Build.make({"rice": "seaweed", "cheese": "rice", "sesame": "seaweed", "ham": "rice",
    ...                 "spinach": "rice", "radish": "cheese"}, [("ham", "spinach")])
    >>> describe_build(b)
    ['On the seaweed: rice, sesame leaf.', 'On rice: cheese, ham, spinach.', 'On cheese: radish.', 'Side by side, touching: ham and spinach.']
    """
    words = load_layout(WORDS).spec.data["build"]
    name = lambda p: CONTENT.parts[p].name.lower() if p != SEAWEED else words["seaweed"]  # noqa: E731
    on = build.base
    lines = []
    for base in (SEAWEED,) + CONTENT.sheets:
        kids = [f for f in CONTENT.fillings if on[f] == base]
        if kids:
            lines.append(fill(words["on"], {"base": name(base), "parts": ", ".join(name(k) for k in kids)}))
    pairs = sorted(sorted(p, key=CONTENT.fillings.index) for p in build.touching)
    if pairs:
        lines.append(fill(words["touching"], {
            "pairs": "; ".join(fill(words["pair"], {"a": name(a), "b": name(b)}) for a, b in pairs)}))
    return lines


@dataclass
class _Node:
    """A part of a roll's diagram and the parts drawn inside it, with the room they take (mm)."""

    part: str
    kids: list[_Node]
    width: float = 0.0
    height: float = 0.0
    own_h: float = 0.0


#: The seaweed's name prints at least this size (nothing under 6 pt; larger with a diagram drawn larger);
#: the fillings show their icons (layouts/gimbap/icons.yaml), drawn for a 10 mm box.
LABEL_PT = 6.5
LABEL_FONT = "condensed-bold"
ICON_BOX = 10.0


def _order(kids: list[str], touching: set[frozenset]) -> list[str]:
    """Siblings in the order that puts the most touching pairs next to each other: the first
    such permutation. No order can put more pairs side by side than there are touching pairs
    among the siblings (nor more than one fewer than the siblings), so the search stops at the
    first that does: at once when none of them touch, rather than scoring all 720 orders of
    six siblings (issue 16)."""
    if len(kids) <= 1:
        return kids
    best, score = kids, -1
    perms = itertools.permutations(kids) if len(kids) <= 6 else [tuple(kids)]
    most = min(len(kids) - 1, sum(frozenset(p) in touching for p in itertools.combinations(kids, 2)))
    for perm in perms:
        s = sum(frozenset(p) in touching for p in itertools.pairwise(perm))
        if s > score:
            best, score = list(perm), s
            if s >= most:
                break
    return best


def _block(part: str) -> tuple[float, float]:
    """A part's block (w, h) in the diagram's mm."""
    return (STRIP_W, STRIP_H) if part in CONTENT.strips else (SHEET_W, SHEET_H)


def _tree(build: Build) -> _Node:
    on, touching = build.base, set(build.touching)

    def node(part: str) -> _Node:
        kids = _order([f for f in CONTENT.fillings if on[f] == part], touching)
        n = _Node(part, [node(k) for k in kids])
        own_w, n.own_h = _block(part)
        span = sum(k.width for k in n.kids) + sum(
            0.0 if frozenset((a.part, b.part)) in touching else GAP for a, b in itertools.pairwise(n.kids))
        n.width = max(own_w, span + (2.0 if n.kids else 0.0))
        n.height = n.own_h + max((k.height for k in n.kids), default=0.0)
        return n

    return node(SEAWEED)


def common_scale(builds: list[Build], w: float, h: float, most: float = 1.0) -> float:
    """One scale at which every build's diagram fits a w x h mm box (at most ``most``), so
    that diagrams side by side (the lesson cards) are drawn alike: the smallest of theirs."""
    s = most
    for b in builds:
        root = _tree(b)
        s = min(s, w / root.width, h / (root.height + 4.0))
    return s


def diagram(renderer, build: Build, w: float, h: float, max_scale: float = 2.0, scale: float | None = None) -> list[Op]:
    """The build drawn in a w x h mm box: at ``scale`` when given (it must fit: see
    :func:`common_scale`), else scaled to fit (at most ``max_scale``); its labels always print at
    LABEL_PT."""
    s = scale if scale is not None else common_scale([build], w, h, max_scale)
    root = _tree(build)
    touching = set(build.touching)
    ops: list[Op] = []

    def block(n: _Node, x: float, bottom: float) -> None:
        own_h = n.own_h
        y = bottom - own_h
        fill = renderer.colour(n.part, {}, "gimbap diagram") or WHITE
        ink = WHITE if fill.luminance < 0.45 else BLACK
        radius = own_h / 2 if n.part in CONTENT.strips else 1.0
        ops.append(Rect(x, y, n.width, own_h, Style(stroke=BLACK, stroke_width=0.25 / s, fill=fill), radius,
                        tag=f"part {n.part}"))
        if n.part == SEAWEED:  # the base: its name, at LABEL_PT on paper
            ops.extend(layout_text(TextBox(x, y, CONTENT.parts[n.part].name, LABEL_FONT, LABEL_PT * MM_PER_PT / min(s, 1.0),
                                           w=n.width, h=own_h, align="center", valign="middle", wrap=False,
                                           colour=ink, tag=f"label {n.part}")))
        else:  # a filling: its icon, as on the dice and the lesson fronts
            k = min(own_h, n.width) * 0.85 / ICON_BOX
            ops.append(Use(renderer.symbol(f"icon-{n.part}"), Matrix.translate(x + n.width / 2, y + own_h / 2)
                           @ Matrix.scale(k), tag=f"icon {n.part}"))
        # Children stand on this block, centred on it as a row.
        span = sum(k.width for k in n.kids) + sum(
            0.0 if frozenset((a.part, b.part)) in touching else GAP for a, b in itertools.pairwise(n.kids))
        cx = x + (n.width - span) / 2
        placed: dict[str, tuple[float, float, float]] = {}
        for i, kid in enumerate(n.kids):
            if i:
                prev = n.kids[i - 1]
                joined = frozenset((prev.part, kid.part)) in touching
                if joined:
                    jy = y - min(kid.own_h, prev.own_h) / 2
                    ops.append(Circle(cx, jy, 0.9, Style(stroke=WHITE, stroke_width=0.3, fill=BLACK), tag="joint"))
                else:
                    cx += GAP
            block(kid, cx, y)
            placed[kid.part] = (cx, cx + kid.width, y - kid.own_h)
            cx += kid.width
        # Touching siblings that are not next to each other: an arc above them.
        adjacent = {frozenset((a.part, b.part)) for a, b in itertools.pairwise(n.kids)}
        for pair in touching:
            if pair <= set(placed) and pair not in adjacent:
                a, b = sorted(pair, key=lambda p: placed[p][0])
                ax, bx = (placed[a][0] + placed[a][1]) / 2, (placed[b][0] + placed[b][1]) / 2
                top = min(placed[a][2], placed[b][2]) - 1.0
                peak = y - n.height + own_h - 3.0
                ops.append(Path((("M", ax, top), ("C", ax, peak, bx, peak, bx, top)),
                                Style(stroke=BLACK, stroke_width=0.4, dash=(0.8, 0.6)), tag="arc"))

    block(root, 0.0, root.height)
    dx, dy = (w - root.width * s) / 2, (h - root.height * s) / 2
    return [Group(tuple(ops), Matrix.translate(dx, dy) @ Matrix.scale(s), tag="build-diagram")]
