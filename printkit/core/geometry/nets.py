"""Cube nets: where each face of a cube lies on paper, how it is turned, and its glue tabs.

The net is folded with the printed side outwards (the flaps fold away from the reader). The
geometry is computed by folding, not by a table: each square of the net gets the 3-D
directions its paper axes take on the cube, which gives the cube face it becomes, how its
content must be turned to read upright, and which of its edges meet on the cube (one of each
such pair carries a tab).

Faces read upright: the four sides with their tops towards the cube's top; the top with its
top towards the back; the bottom with its top towards the front (as when the cube is tipped
over its front or back edge).

>>> net = cross_net(20)
>>> sorted(f.cube_face for f in net.faces)
['back', 'bottom', 'front', 'left', 'right', 'top']
>>> len(net.tabs), len(net.folds)
(7, 12)
"""

from __future__ import annotations

from dataclasses import dataclass

Vec = tuple[int, int, int]

#: Outward normals of the cube's faces (x right, y back, z up; the reader looks along +y).
NORMALS: dict[str, Vec] = {
    "front": (0, -1, 0), "back": (0, 1, 0), "right": (1, 0, 0),
    "left": (-1, 0, 0), "top": (0, 0, 1), "bottom": (0, 0, -1),
}
#: The 3-D direction each face's content "up" must take to read upright.
UPRIGHT: dict[str, Vec] = {
    "front": (0, 0, 1), "back": (0, 0, 1), "right": (0, 0, 1), "left": (0, 0, 1),
    "top": (0, 1, 0), "bottom": (0, -1, 0),
}
#: The cross net: squares (column, row) on a 3 x 4 grid, the front at (1, 1).
CROSS = ((1, 0), (0, 1), (1, 1), (2, 1), (1, 2), (1, 3))

# Net directions: (dx, dy) on paper, y down.
_DIRS = {"right": (1, 0), "left": (-1, 0), "down": (0, 1), "up": (0, -1)}


def _neg(v: Vec) -> Vec:
    return (-v[0], -v[1], -v[2])


def _name(normal: Vec) -> str:
    return next(k for k, v in NORMALS.items() if v == normal)


@dataclass(frozen=True)
class NetFace:
    """A square of the net: its top-left corner (x, y) on paper, the cube face it becomes,
    the 3-D directions of its paper axes (u to the right, v down), and the clockwise turn
    (0, 90, 180, 270) its content needs to read upright on the cube."""

    col: int
    row: int
    x: float
    y: float
    cube_face: str
    u: Vec
    v: Vec
    rotation: int


@dataclass(frozen=True)
class Tab:
    """A glue tab: a trapezoid on a net edge (the polygon, on paper), glued under ``onto``."""

    polygon: tuple[tuple[float, float], ...]
    face: str  # the cube face whose edge carries the tab
    onto: str  # the cube face it is glued to


@dataclass(frozen=True)
class Net:
    """A cube's net, ``width`` x ``height`` mm: its faces, fold and cut lines and glue tabs."""

    edge: float
    width: float
    height: float
    faces: tuple[NetFace, ...]
    folds: tuple[tuple[tuple[float, float], tuple[float, float]], ...]
    cuts: tuple[tuple[tuple[float, float], tuple[float, float]], ...]
    tabs: tuple[Tab, ...]

    def face(self, cube_face: str) -> NetFace:
        return next(f for f in self.faces if f.cube_face == cube_face)


def _fold(layout: tuple[tuple[int, int], ...]) -> dict[tuple[int, int], tuple[Vec, Vec, Vec]]:
    """Each square's (u, v, normal) in 3-D, folding outwards from the front square."""
    start = (1, 1) if (1, 1) in layout else layout[0]
    frames = {start: ((1, 0, 0), (0, 0, -1), (0, -1, 0))}
    todo = [start]
    while todo:
        cell = todo.pop(0)
        u, v, n = frames[cell]
        for name, (dx, dy) in _DIRS.items():
            nxt = (cell[0] + dx, cell[1] + dy)
            if nxt not in layout or nxt in frames:
                continue
            d3 = {"right": u, "left": _neg(u), "down": v, "up": _neg(v)}[name]
            # The neighbour folds 90 degrees away from the reader about the shared edge: its
            # normal becomes the direction we moved in, and its axis that pointed away from
            # the edge now points into the cube (against our normal).
            if name in ("right", "left"):
                nu = _neg(n) if name == "right" else n
                frames[nxt] = (nu, v, d3)
            else:
                nv = _neg(n) if name == "down" else n
                frames[nxt] = (u, nv, d3)
            todo.append(nxt)
    if len(frames) != len(layout):
        raise ValueError("the net's squares are not connected")
    return frames


def _rotation(u: Vec, v: Vec, up: Vec) -> int:
    """The clockwise turn after which the content's up (paper -v) points along ``up``."""
    for turn, paper_up in ((0, _neg(v)), (90, u), (180, v), (270, _neg(u))):
        if paper_up == up:
            return turn
    raise ValueError("up lies across the face")


def cross_net(edge: float, tab: float | None = None, layout=CROSS) -> Net:
    """The net of a cube of ``edge`` mm, with glue tabs ``tab`` mm deep (default edge/4, at
    most 7 mm)."""
    depth = min(edge / 4, 7.0) if tab is None else tab
    frames = _fold(layout)
    faces = []
    for (c, r), (u, v, n) in sorted(frames.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        name = _name(n)
        faces.append(NetFace(c, r, c * edge, r * edge, name, u, v, _rotation(u, v, UPRIGHT[name])))
    if sorted(f.cube_face for f in faces) != sorted(NORMALS):
        raise ValueError("the squares do not fold into a cube")
    folds, free = [], []
    for f in faces:
        u, v = f.u, f.v
        n = NORMALS[f.cube_face]
        x, y, e = f.x, f.y, edge
        sides = {
            "up": (((x, y), (x + e, y)), _neg(v)),
            "down": (((x, y + e), (x + e, y + e)), v),
            "left": (((x, y), (x, y + e)), _neg(u)),
            "right": (((x + e, y), (x + e, y + e)), u),
        }
        for name, (seg, d3) in sides.items():
            dx, dy = _DIRS[name]
            if (f.col + dx, f.row + dy) in frames:
                if name in ("right", "down"):  # each inner fold once
                    folds.append(seg)
            else:
                free.append((seg, name, f.cube_face, _name(d3)))
    # Free edges meet in pairs on the cube (the same two faces); one of each pair gets a tab.
    pairs: dict[frozenset, list] = {}
    for item in free:
        pairs.setdefault(frozenset((item[2], item[3])), []).append(item)
    tabs: list[Tab] = []
    cuts = []
    placed: list[tuple] = [((f.x, f.y), (f.x + edge, f.y), (f.x + edge, f.y + edge), (f.x, f.y + edge)) for f in faces]
    for key in sorted(pairs, key=lambda k: sorted(k)):
        a, b = pairs[key]
        chosen = None
        for cand in (a, b):
            poly = _tab_polygon(cand[0], cand[1], depth)
            if not any(_overlap(poly, other) for other in placed):
                chosen = cand
                break
        if chosen is None:
            raise ValueError("no room for a glue tab")
        poly = _tab_polygon(chosen[0], chosen[1], depth)
        placed.append(poly)
        tabs.append(Tab(poly, chosen[2], chosen[3]))
        folds.append(chosen[0])
        other = b if chosen is a else a
        cuts.append(other[0])
        cuts += [(poly[0], poly[1]), (poly[1], poly[2]), (poly[2], poly[3])]
    return Net(edge, 3 * edge, 4 * edge, tuple(faces), tuple(folds), tuple(cuts), tuple(tabs))


def _tab_polygon(seg, side: str, depth: float) -> tuple[tuple[float, float], ...]:
    """A trapezoid on ``seg`` pointing out of the face on ``side``, sides at 45 degrees."""
    (x1, y1), (x2, y2) = seg
    dx, dy = _DIRS[side]
    inset = min(depth, abs(x2 - x1) + abs(y2 - y1)) * 0.999
    if dy:  # a horizontal edge
        yo = y1 + dy * depth
        return ((x1, y1), (x1 + inset, yo), (x2 - inset, yo), (x2, y2))
    xo = x1 + dx * depth
    return ((x1, y1), (xo, y1 + inset), (xo, y2 - inset), (x2, y2))


def _overlap(p, q, eps: float = 1e-9) -> bool:
    """Whether two convex polygons overlap with positive area (separating axis test)."""
    for poly in (p, q):
        n = len(poly)
        for i in range(n):
            (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
            ax, ay = y1 - y2, x2 - x1
            pa = [ax * x + ay * y for x, y in p]
            qa = [ax * x + ay * y for x, y in q]
            if max(pa) <= min(qa) + eps or max(qa) <= min(pa) + eps:
                return False
    return True
