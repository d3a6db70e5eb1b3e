"""SVG-style path data, parsed into absolute M / L / C / Z segments (quadratics raised to cubics).

>>> parse_path("M0 0 h10 v5 Q10 10 5 10 z")[:3]
(('M', 0.0, 0.0), ('L', 10.0, 0.0), ('L', 10.0, 5.0))
"""

from __future__ import annotations

import re

_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "Z": 0}


def parse_path(d: str) -> tuple[tuple, ...]:
    """Segments of ``d``; ValueError names the first thing that is not path data."""
    pos = 0
    tokens: list[str] = []
    for m in _TOKEN.finditer(d):
        gap = d[pos:m.start()]
        if gap.strip(" ,\t\n\r"):
            raise ValueError(f"path data: unexpected {gap.strip()!r} at character {pos}")
        tokens.append(m.group())
        pos = m.end()
    if d[pos:].strip(" ,\t\n\r"):
        raise ValueError(f"path data: unexpected {d[pos:].strip()!r} at character {pos}")
    segs: list[tuple] = []
    cx = cy = sx = sy = 0.0
    last_ctrl: tuple[float, float] | None = None
    last_q: tuple[float, float] | None = None
    cmd = None
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t.isalpha():
            cmd = t
            i += 1
        elif cmd is None:
            raise ValueError("path data must start with a command such as M")
        elif cmd in "Mm":
            cmd = "l" if cmd == "m" else "L"  # implicit lineto after moveto
        up = cmd.upper()
        n = _ARGS[up]
        if i + n > len(tokens) or any(tok.isalpha() for tok in tokens[i:i + n]):
            raise ValueError(f"path data: command {cmd} needs {n} numbers")
        a = [float(v) for v in tokens[i:i + n]]
        i += n
        rel = cmd.islower() and up != "Z"
        if up == "Z":
            segs.append(("Z",))
            cx, cy = sx, sy
            last_ctrl = last_q = None
            if i < len(tokens) and not tokens[i].isalpha():
                raise ValueError("path data: numbers after Z")
            continue
        if up == "H":
            a = [a[0] + (cx if rel else 0), cy]
            up, rel = "L", False
        elif up == "V":
            a = [cx, a[0] + (cy if rel else 0)]
            up, rel = "L", False
        if rel:
            a = [v + (cx if k % 2 == 0 else cy) for k, v in enumerate(a)]
        if up == "M":
            segs.append(("M", a[0], a[1]))
            cx, cy = sx, sy = a[0], a[1]
            last_ctrl = last_q = None
        elif up == "L":
            segs.append(("L", a[0], a[1]))
            cx, cy = a[0], a[1]
            last_ctrl = last_q = None
        elif up in ("C", "S"):
            if up == "S":
                c1 = (2 * cx - last_ctrl[0], 2 * cy - last_ctrl[1]) if last_ctrl else (cx, cy)
                a = [c1[0], c1[1], *a]
            segs.append(("C", *a))
            last_ctrl = (a[2], a[3])
            last_q = None
            cx, cy = a[4], a[5]
        elif up in ("Q", "T"):
            if up == "T":
                q = (2 * cx - last_q[0], 2 * cy - last_q[1]) if last_q else (cx, cy)
                a = [q[0], q[1], *a]
            qx, qy, x, y = a
            segs.append(("C", cx + 2 / 3 * (qx - cx), cy + 2 / 3 * (qy - cy),
                         x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), x, y))
            last_q = (qx, qy)
            last_ctrl = None
            cx, cy = x, y
    if not segs or segs[0][0] != "M":
        raise ValueError("path data must start with a move (M)")
    return tuple(segs)
