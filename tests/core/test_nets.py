"""Cube nets: checked against a real folding of the paper in 3-D."""

import numpy as np
import pytest

from printkit.core.geometry.nets import NORMALS, UPRIGHT, _overlap, cross_net


def rotation(axis, angle):
    axis = np.asarray(axis, float) / np.linalg.norm(axis)
    x, y, z = axis
    c, s = np.cos(angle), np.sin(angle)
    return np.array([[c + x * x * (1 - c), x * y * (1 - c) - z * s, x * z * (1 - c) + y * s],
                     [y * x * (1 - c) + z * s, c + y * y * (1 - c), y * z * (1 - c) - x * s],
                     [z * x * (1 - c) - y * s, z * y * (1 - c) + x * s, c + z * z * (1 - c)]])


def fold(net):
    """Fold the paper: the front square stays, every other square turns 90 degrees about its
    hinge, away from the reader (paper in the z=0 plane, reader on +z, y down the page).
    Returns, per cube face of the net, (centre, outward normal, content-up direction) in 3-D."""
    e = net.edge
    cells = {(f.col, f.row): f for f in net.faces}
    start = (1, 1)
    transforms = {start: (np.eye(3), np.zeros(3))}  # x' = R x + t on paper points (x, y, 0)
    todo = [start]
    while todo:
        c = todo.pop()
        R, t = transforms[c]
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            n = (c[0] + dc, c[1] + dr)
            if n not in cells or n in transforms:
                continue
            # The hinge: the shared edge, on paper; the fold turns the neighbour about it.
            x0, y0 = c[0] * e, c[1] * e
            if dc:
                hx = x0 + (e if dc > 0 else 0)
                p, q = np.array([hx, y0, 0.0]), np.array([hx, y0 + e, 0.0])
            else:
                hy = y0 + (e if dr > 0 else 0)
                p, q = np.array([x0, hy, 0.0]), np.array([x0 + e, hy, 0.0])
            # Turn sense: the flap must go to -z (away from the reader); pick the sign that does.
            for sign in (1, -1):
                Rl = rotation(q - p, sign * np.pi / 2)
                mid = np.array([(n[0] + 0.5) * e, (n[1] + 0.5) * e, 0.0])
                moved = Rl @ (mid - p) + p
                if moved[2] < -1e-9:
                    break
            # Compose: neighbour's paper point -> fold about the hinge (in the parent's paper
            # frame) -> the parent's own placement.
            Rn = R @ Rl
            tn = R @ (p - Rl @ p) + t
            transforms[n] = (Rn, tn)
            todo.append(n)
    out = {}
    for (c, r), f in cells.items():
        R, t = transforms[(c, r)]
        centre = R @ np.array([(c + 0.5) * e, (r + 0.5) * e, 0.0]) + t
        normal = R @ np.array([0.0, 0.0, 1.0])  # the printed side faces the reader before folding
        # The content's up after its turn: paper up is -y; turned clockwise by `rotation`.
        turn = np.radians(f.rotation)
        up_paper = np.array([np.sin(turn), -np.cos(turn), 0.0])
        out[f.cube_face] = (centre, normal, R @ up_paper)
    return out


@pytest.mark.parametrize("edge", [12, 20, 28])
def test_the_cross_net_folds_into_a_cube_with_faces_upright(edge):
    net = cross_net(edge)
    folded = fold(net)
    assert sorted(folded) == sorted(NORMALS)
    centres = np.array([c for c, _, _ in folded.values()])
    middle = centres.mean(axis=0)
    for name, (centre, normal, up) in folded.items():
        # Each face sits half an edge from the middle, on the side its normal says...
        assert np.allclose(centre - middle, normal * edge / 2, atol=1e-9), name
        # ...which is the cube face the net claims, in the paper model's axes (reader on +z:
        # front = +z, top = -y (up the page), right = +x).
        paper_axes = {"front": (0, 0, 1), "back": (0, 0, -1), "top": (0, -1, 0), "bottom": (0, 1, 0),
                      "right": (1, 0, 0), "left": (-1, 0, 0)}
        assert np.allclose(normal, paper_axes[name], atol=1e-9), name
        # And its content reads upright (UPRIGHT mapped to the paper model's axes).
        to_paper = {(0, 0, 1): (0, -1, 0), (0, 1, 0): (0, 0, -1), (0, -1, 0): (0, 0, 1)}
        assert np.allclose(up, to_paper[UPRIGHT[name]], atol=1e-9), name


def test_tabs_glue_every_open_edge_once_and_overlap_nothing():
    net = cross_net(20)
    assert len(net.tabs) == 7  # 12 edges of a cube, 5 of them folds between squares
    glued = {frozenset((t.face, t.onto)) for t in net.tabs}
    assert len(glued) == 7  # seven different cube edges
    squares = [((f.x, f.y), (f.x + 20, f.y), (f.x + 20, f.y + 20), (f.x, f.y + 20)) for f in net.faces]
    polys = [t.polygon for t in net.tabs]
    for i, p in enumerate(polys):
        assert not any(_overlap(p, s) for s in squares)
        assert not any(_overlap(p, q) for q in polys[i + 1:])
        vertical_edge = p[0][0] == p[3][0]
        depth = abs(p[1][0] - p[0][0]) if vertical_edge else abs(p[1][1] - p[0][1])
        assert depth == pytest.approx(5.0)  # edge/4
    # Cut lines: 7 untabbed edges, and 3 sides per tab; folds: 5 inner and 7 under tabs.
    assert len(net.cuts) == 7 + 21 and len(net.folds) == 12


def test_overlap_is_strict():
    a = ((0, 0), (1, 0), (1, 1), (0, 1))
    assert _overlap(a, ((0.5, 0.5), (2, 0.5), (2, 2), (0.5, 2)))
    assert not _overlap(a, ((1, 0), (2, 0), (2, 1), (1, 1)))  # sharing an edge is not overlapping
