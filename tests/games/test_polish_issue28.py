"""Issue 28, designer's review M, rows 6, 13 and 17: from a 4 to a 5.

- Gemblo pad (row 6): each piece is one unit, its tick box then its drawing with its name under
  both, and the units stand at least 3 mm apart, so a tick box is always nearer its own piece
  than any other. Measured on the drawing model: the tick boxes are the fillable pad's fields,
  the pieces the drawn outlines of the ``piece COLOUR NAME`` symbols.
- Jubako pad (row 17): on page 2 each delicacy's name starts 2 mm right of its icon and ends at
  least 2 mm before the boxes; on page 1 the end-of-game labels fit on one line, 2 mm before the
  boxes. Measured on the laid-out text (each line a Text op, its width from the font).
- Jubako board (row 13): every 5th track box is marked by its fill alone (the same outline
  as its neighbours), and the band under the board holds the scoring key.
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from printkit.core.draw import ops as O
from printkit.core.draw.page import PrintOptions
from printkit.core.fonts import get_font
from printkit.games.gemblo import pad as gpad
from printkit.games.gemblo.content import CONTENT as GEM


def _box(op: O.Op, m: O.Matrix) -> tuple[float, float, float, float]:
    """A leaf's extent on the page (mm, y down): a field's or rect's box, a polygon's or path's points."""
    if isinstance(op, (O.Rect, O.Field)):
        pts = [(op.x, op.y), (op.x + op.w, op.y + op.h)]
    elif isinstance(op, O.Circle):
        pts = [(op.cx - op.r, op.cy - op.r), (op.cx + op.r, op.cy + op.r)]
    elif isinstance(op, O.Polygon):
        pts = list(op.points)
    elif isinstance(op, O.Path):
        pts = [(s[i], s[i + 1]) for s in op.segments for i in range(1, len(s) - 1, 2)]
    elif isinstance(op, O.Text):
        w = get_font(op.font).width(op.text, op.size)
        pts = [(op.x, op.y - op.size), (op.x + w, op.y)]
    else:
        raise AssertionError(f"no extent for {op!r}")
    pts = [m.apply(x, y) for x, y in pts]
    return min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)


def _union(boxes):
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


@pytest.fixture(scope="module")
def gemblo_units() -> dict[str, list[tuple[str, tuple, tuple, tuple]]]:
    """Each colour's pieces as drawn: (piece, tick box, drawing, name), on the fillable A4 pad."""
    doc = gpad.build_pad(PrintOptions(paper="a4"), fillable=True)
    ops = doc.pages[0].ops
    ticks = {op.name: _box(op, m) for op, m in O.walk(ops) if isinstance(op, O.Field)}
    names = defaultdict(list)
    for op, m in O.walk(ops):
        if isinstance(op, O.Text) and op.text in GEM.pieces:
            names[op.text].append(_box(op, m))
    out: dict[str, list] = {}
    for colour in GEM.colours:
        units = []
        for p in gpad.pieces():
            (use, m), = O.find(ops, f"piece {colour} {p}")
            drawn = [_box(leaf, lm) for leaf, lm in O.walk(doc.symbols[use.symbol], m @ use.matrix, doc.symbols)
                     if isinstance(leaf, (O.Polygon, O.Path))]
            tick = ticks[gpad.field(colour, p)]
            name = min(names[p], key=lambda b: abs(b[1] - tick[3]))  # this colour's, just under its tick
            units.append((p, tick, _union(drawn), name))
        out[colour] = units
    return out


def test_gemblo_pad_pieces_are_units_3_mm_apart(gemblo_units):
    gaps, own = [], []
    for colour, units in gemblo_units.items():
        assert len(units) == len(GEM.pieces) == 18
        rows = defaultdict(list)
        for u in units:
            rows[round(u[1][1], 1)].append(u)
        assert len(rows) == 2, colour
        for row in rows.values():
            row.sort(key=lambda u: u[1][0])
            for (_, tick, drawn, _), (_, nxt, _, _) in zip(row, row[1:], strict=False):
                own.append(drawn[0] - tick[2])      # tick box to its own drawing
                gaps.append(nxt[0] - drawn[2])      # drawing to the next piece's tick box
    assert min(gaps) >= 3.0 - 1e-6, min(gaps)
    assert min(own) >= 0.3 and max(own) <= 1.5 and max(own) < min(gaps) - 1.5, (min(own), max(own))


def test_gemblo_pad_name_under_box_and_drawing(gemblo_units):
    for units in gemblo_units.values():
        for p, tick, drawn, name in units:
            left, right = tick[0], drawn[2]
            centre = (name[0] + name[2]) / 2
            assert abs(centre - (left + right) / 2) < 0.3, p        # centred under both
            assert left - 0.01 <= name[0] and name[2] <= right + 0.01, p
            assert 0 <= name[1] - tick[3] < 1.5, p                  # just under the box


@pytest.fixture(scope="module")
def jubako_pad() -> O.Document:
    from printkit.games.jubako import pad as jpad

    return jpad.build_pad(PrintOptions(paper="a4"), fillable=True)


def _texts(ops) -> dict[str, list[tuple]]:
    out = defaultdict(list)
    for op, m in O.walk(ops):
        if isinstance(op, O.Text):
            out[op.text].append(_box(op, m))
    return out


def test_jubako_pad_peko_names_2_mm_from_icon_and_boxes(jubako_pad):
    from printkit.games.jubako import pad as jpad
    from printkit.games.jubako.content import CONTENT as JUB

    ops = jubako_pad.pages[1].ops
    texts = _texts(ops)
    fields = {op.name: _box(op, m) for op, m in O.walk(ops) if isinstance(op, O.Field)}
    icons = {}
    for use, m in O.walk(ops):
        if isinstance(use, O.Use) and use.symbol.startswith("icon-"):
            icons[use.symbol.removeprefix("icon-")] = _union(
                [_box(leaf, lm) for leaf, lm in O.walk(jubako_pad.symbols[use.symbol], m @ use.matrix,
                                                        jubako_pad.symbols)
                 if isinstance(leaf, (O.Rect, O.Circle, O.Polygon, O.Path))])
    assert len(icons) == len(JUB.delicacies) == 12
    for d in JUB.delicacies:
        (name,) = texts[d.name]   # one line
        icon, first = icons[d.id], fields[jpad.field("peko", "p1", d.id, "count")]
        assert icon[1] < (name[1] + name[3]) / 2 < icon[3], d.name     # on the icon's row
        assert 2.0 - 0.05 <= name[0] - icon[2] <= 3.0, (d.name, name[0] - icon[2])
        assert first[0] - name[2] >= 2.0, (d.name, first[0] - name[2])


def test_jubako_pad_end_labels_one_line_2_mm_before_the_boxes(jubako_pad):
    from printkit.games.jubako import pad as jpad

    ops = jubako_pad.pages[0].ops
    texts = _texts(ops)
    fields = {op.name: _box(op, m) for op, m in O.walk(ops) if isinstance(op, O.Field)}
    for key, label in jpad.layout_data(jpad.LAYOUT)["end_rows"]:
        assert len(texts[label]) == 1, label                          # the whole label on one line
        (box,) = texts[label]
        first = fields[jpad.field("end", "p1", key)]
        assert first[0] - box[2] >= 2.0, (label, first[0] - box[2])
        assert first[1] - 0.5 <= (box[1] + box[3]) / 2 <= first[3] + 0.5, label   # beside its own boxes


@pytest.fixture(scope="module", params=["a4", "letter"])
def jubako_board(request) -> O.Document:
    from printkit.games.jubako.components import build_board

    return build_board(PrintOptions(paper=request.param))


def _track(doc: O.Document, page: int, side: str) -> dict[int, O.Rect]:
    """The track's boxes by number: the rect in each ``track SIDE[N]`` group."""
    out = {}
    for op, m in O.walk(doc.pages[page].ops):
        if isinstance(op, O.Group) and (op.tag or "").startswith(f"track {side}["):
            (rect,) = [leaf for leaf, _ in O.walk(op.ops) if isinstance(leaf, O.Rect)]
            out[int(op.tag.split("[")[1].rstrip("]"))] = (rect, _box(rect, m @ op.matrix))
    return out


@pytest.mark.parametrize("page, side", [(0, "5x5"), (1, "4x4")])
def test_jubako_board_5th_track_boxes_marked_by_fill_alone(jubako_board, page, side):
    track = _track(jubako_board, page, side)
    assert sorted(track) == list(range(50))
    widths = {rect.style.stroke_width for rect, _ in track.values()}
    assert len(widths) == 1, widths                                   # no heavier outline on any box
    fills = {n: rect.style.fill for n, (rect, _) in track.items()}
    assert {fills[n] for n in range(0, 50, 5)} != {fills[n] for n in range(50) if n % 5}
    assert len({fills[n] for n in range(0, 50, 5)}) == 1 and len({fills[n] for n in range(50) if n % 5}) == 1


@pytest.mark.parametrize("page, side", [(0, "5x5"), (1, "4x4")])
def test_jubako_board_key_fills_the_band_under_the_board(jubako_board, page, side):
    from printkit.games.jubako.content import CONTENT as JUB

    bottom = max(b[3] for _, b in _track(jubako_board, page, side).values())
    texts = _texts(jubako_board.pages[page].ops)
    heads = [texts[t][0] for t in ("Scoring a tile", "The track")]
    assert all(0 < h[1] - bottom < 25 for h in heads), [h[1] - bottom for h in heads]   # no 25 mm band above it
    assert abs(heads[0][1] - heads[1][1]) < 0.01 and heads[1][0] - heads[0][2] > 20  # two columns
    words = " ".join(t for t, bs in texts.items() for b in bs if b[1] > bottom)
    assert f"+{JUB.bonus} " in words and "0 to 49" in words and "50, then 100, 150, 200" in words
    key_bottom = max(b[3] for bs in texts.values() for b in bs if b[1] > bottom and b[3] < heads[0][1] + 40)
    footer = min(b[1] for t, bs in texts.items() for b in bs if t.startswith("printkit"))
    assert footer - key_bottom < 40, footer - key_bottom
