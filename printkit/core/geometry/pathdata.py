"""SVG-style path data, parsed into absolute M / L / C / Z segments (quadratics raised to cubics).

>>> parse_path("M0 0 h10 v5 Q10 10 5 10 z")[:3]
(('M', 0.0, 0.0), ('L', 10.0, 0.0), ('L', 10.0, 5.0))
"""

from __future__ import annotations

import re

_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "Z": 0}
#: What may stand between a path's commands and numbers.
_SEPARATORS = " ,\t\n\r"
_NO_SEPARATORS = str.maketrans("", "", _SEPARATORS)


def _tokens(d: str) -> list[str]:
    """The commands and numbers of ``d``; ValueError names the first thing that is neither.

    One ``findall``, and the tokens' characters counted against ``d``'s other than separators
    (tokens hold no separator, so the counts differ exactly when something else lies between
    them): ~2x faster than walking the matches, which is done only to name what is wrong."""
    tokens = _TOKEN.findall(d)
    if len("".join(tokens)) != len(d.translate(_NO_SEPARATORS)):
        _check_gaps(d)
    return tokens


def _check_gaps(d: str) -> None:
    """ValueError naming the first thing in ``d`` that is neither a command nor a number."""
    pos = 0
    for m in _TOKEN.finditer(d):
        gap = d[pos:m.start()]
        if gap.strip(_SEPARATORS):
            raise ValueError(f"path data: unexpected {gap.strip()!r} at character {pos}")
        pos = m.end()
    if d[pos:].strip(_SEPARATORS):
        raise ValueError(f"path data: unexpected {d[pos:].strip()!r} at character {pos}")


class _Pen:
    """Where the path is, and the segments drawn so far (all absolute)."""

    def __init__(self) -> None:
        self.segs: list[tuple] = []
        self.cx = self.cy = self.sx = self.sy = 0.0
        self.last_ctrl: tuple[float, float] | None = None
        self.last_q: tuple[float, float] | None = None

    def absolute(self, up: str, a: list[float], rel: bool) -> tuple[str, list[float]]:
        """H and V as L, relative numbers made absolute."""
        if up == "H":
            return "L", [a[0] + (self.cx if rel else 0), self.cy]
        if up == "V":
            return "L", [self.cx, a[0] + (self.cy if rel else 0)]
        if rel:
            a = [v + (self.cx if k % 2 == 0 else self.cy) for k, v in enumerate(a)]
        return up, a

    def close(self) -> None:
        self.segs.append(("Z",))
        self.cx, self.cy = self.sx, self.sy
        self.last_ctrl = self.last_q = None

    def line(self, up: str, a: list[float]) -> None:
        self.segs.append((up, a[0], a[1]))
        self.cx, self.cy = a[0], a[1]
        if up == "M":
            self.sx, self.sy = a[0], a[1]
        self.last_ctrl = self.last_q = None

    def cubic(self, up: str, a: list[float]) -> None:
        if up == "S":
            lc = self.last_ctrl
            c1 = (2 * self.cx - lc[0], 2 * self.cy - lc[1]) if lc else (self.cx, self.cy)
            a = [c1[0], c1[1], *a]
        self.segs.append(("C", *a))
        self.last_ctrl = (a[2], a[3])
        self.last_q = None
        self.cx, self.cy = a[4], a[5]

    def quadratic(self, up: str, a: list[float]) -> None:
        cx, cy = self.cx, self.cy
        if up == "T":
            lq = self.last_q
            q = (2 * cx - lq[0], 2 * cy - lq[1]) if lq else (cx, cy)
            a = [q[0], q[1], *a]
        qx, qy, x, y = a
        self.segs.append(("C", cx + 2 / 3 * (qx - cx), cy + 2 / 3 * (qy - cy),
                          x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), x, y))
        self.last_q = (qx, qy)
        self.last_ctrl = None
        self.cx, self.cy = x, y

    def draw(self, up: str, a: list[float]) -> None:
        if up in ("M", "L"):
            self.line(up, a)
        elif up in ("C", "S"):
            self.cubic(up, a)
        else:
            self.quadratic(up, a)


#: Path data parsed already (a layout draws the same shapes on many cards), by its text: the
#: segments are tuples, so one parse serves every use. Only texts up to _MEMO_CHARS long are
#: kept, at most _MEMO_MAX of them (then it starts again), which bounds the memory whatever a
#: ``--count`` run draws (well under 1 MB).
_PATHS: dict[str, tuple[tuple, ...]] = {}
_MEMO_MAX = 256
_MEMO_CHARS = 2000


def parse_path(d: str) -> tuple[tuple, ...]:
    """Segments of ``d``; ValueError names the first thing that is not path data."""
    segs = _PATHS.get(d)
    if segs is None:
        segs = _parse(d)
        if len(d) <= _MEMO_CHARS:
            if len(_PATHS) >= _MEMO_MAX:
                _PATHS.clear()
            _PATHS[d] = segs
    return segs


def _parse(d: str) -> tuple[tuple, ...]:
    """:func:`parse_path`, worked out."""
    tokens = _tokens(d)
    pen = _Pen()
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
        try:  # a command where a number should be does not convert (no token is inf or nan)
            a = [float(v) for v in tokens[i:i + n]]
        except ValueError:
            a = []
        if len(a) != n:
            raise ValueError(f"path data: command {cmd} needs {n} numbers")
        i += n
        if up == "Z":
            pen.close()
            if i < len(tokens) and not tokens[i].isalpha():
                raise ValueError("path data: numbers after Z")
            continue
        pen.draw(*pen.absolute(up, a, cmd.islower()))
    if not pen.segs or pen.segs[0][0] != "M":
        raise ValueError("path data must start with a move (M)")
    return tuple(pen.segs)
