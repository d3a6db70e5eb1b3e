"""Gemblo's printed components: the board (tiled at real size, and an overview) and the pieces.

The pages are layouts (``layouts/gemblo/``: the look, the titles and notes, where things go);
this module only draws what a layout cannot say, as the layouts' slots, through the layout
engine's public :class:`~printkit.core.layout.canvas.Canvas`: the board (a poster, and fitted
on one page for the overview) and each sheet of packed pieces, from the game's data.
"""

from __future__ import annotations

from functools import lru_cache, partial

from printkit.core.build import build_document
from printkit.core.draw.hexes import (area_edges, area_inset_outline, area_outline, area_path, border_cells,
                                     inner_edges, segments_path)
from printkit.core.draw.ops import INHERIT, Document, Group, Line, Matrix, Op, Polygon, Style, Text, Use
from printkit.core.draw.page import FooterInfo, PrintOptions, Tile, TilePlan, content_box, plan_tiles
from printkit.core.geometry import hexgrid
from printkit.core.geometry.hexgrid import SQRT3, Hex, add, to_pixel
from printkit.core.layout.canvas import Canvas, Drawing
from printkit.core.typescale import readable
from printkit.errors import PrintkitError
from printkit.games.gemblo.content import CONTENT

GAME = "gemblo"
#: Cells 16 mm across flats make the board about 40 cm across (44 circumradii wide).
#: Cells across flats (16 mm: the board is about 40 cm across), and the tiles' overlap.
DEFAULT_HEX, HEX_RANGE = 16.0, (8.0, 30.0)
DEFAULT_OVERLAP, OVERLAP_RANGE = 10.0, (5.0, 30.0)
#: Symbols in layouts/gemblo/symbols.yaml are drawn for a cell this size across flats.
SYMBOL_CELL = 16.0
#: Room around the board's outer cells, in mm.
BOARD_PAD = 2.0


# -- the board -------------------------------------------------------------------------------

class _Board:
    """The board's cells at ``af`` mm across flats, placed with the board's top left at (0, 0);
    ``turned``: the whole board a quarter turn clockwise (its cells then pointy-topped), which
    tiles a board wider than tall onto fewer portrait pages."""

    def __init__(self, af: float, turned: bool = False):
        self.af, self.size, self.k = af, af / SQRT3, af / SYMBOL_CELL
        self.turn = Matrix.rotate(90) if turned else Matrix()
        pts = [self.turn.apply(*to_pixel(c, self.size)) for c in CONTENT.area("board")]
        # A cell reaches ``size`` from its centre along its corners' axis, af/2 across its flats.
        hx, hy = (af / 2, self.size) if turned else (self.size, af / 2)
        self.minx = min(x for x, _ in pts) - hx - BOARD_PAD
        self.miny = min(y for _, y in pts) - hy - BOARD_PAD
        self.width = max(x for x, _ in pts) + hx + BOARD_PAD - self.minx
        self.height = max(y for _, y in pts) + hy + BOARD_PAD - self.miny
        #: From the flat-topped grid's coordinates (cell 0,0 at the origin) to the drawing's.
        self.place = Matrix.translate(-self.minx, -self.miny) @ self.turn

    def centre(self, c: Hex) -> tuple[float, float]:
        return self.place.apply(*to_pixel(c, self.size))

    def at(self, c: Hex) -> Matrix:
        """The cell's own frame: its centre, turned with the board (for shapes of the grid)."""
        return Matrix.translate(*self.centre(c)) @ self.turn

    def mark(self, c: Hex) -> Matrix:
        """Where a layout symbol (drawn for a SYMBOL_CELL cell) sits on cell ``c``."""
        return self.at(c) @ Matrix.scale(self.k)


def _cells_and_areas(cv: Canvas, b: _Board) -> list[Op]:
    """Every cell, the 3-player area's flowers, the 4-player boundary's hexagons, both outlines."""
    board = CONTENT.area("board")
    cell = cv.shape(("gemblo-cell", round(b.af, 6), cv.bw), "gemblo-cell",
                    (Polygon(tuple(hexgrid.corners(b.size)), cv.style("cell")),))
    flower, hexagon = cv.symbol("flower"), cv.symbol("hexagon")
    ops: list[Op] = [Use(cell, b.at(c), tag=f"cell {c[0]},{c[1]}") for c in sorted(board, key=lambda c: (c[1], c[0]))]
    three, four = CONTENT.area("three"), CONTENT.area("four")
    ops += [Use(flower, b.mark(c), tag="flower") for c in sorted(three)]
    ops += [Use(hexagon, b.mark(c), tag="hexmark") for c in border_cells(four)]
    ops.append(Group((area_outline(three, b.size, cv.style("area3"), "area3-outline"),), b.place))
    ops.append(Group((area_outline(four, b.size, cv.style("area4"), "area4-outline"),), b.place))
    return ops


def start_counts() -> dict[Hex, list[int]]:
    """Each start cell and the player counts it is marked for: the counts whose starts are
    their own (GEM-2: 4 and 3; GEM-1: the corners, 6); 2 players use the 4-starts and 5 the
    corners (GEM-6), so their marks would repeat those."""
    marks: dict[Hex, list[int]] = {}
    for count in (6, 4, 3):
        for c in CONTENT.players[count][1]:
            marks.setdefault(c, []).append(count)
    return marks


def start_key() -> str:
    """The key to the numbered start rings, from the data file: each number printed and the
    player counts that start there (2 players start on the 4-player cells, 5 on the corners)."""
    starts = {n: frozenset(map(tuple, CONTENT.players[n][1])) for n in CONTENT.players}
    parts = []
    for mark in sorted({m for counts in start_counts().values() for m in counts}):
        used = sorted(n for n in starts if starts[n] == starts[mark])
        who = " and ".join(str(n) for n in used)
        parts.append(f"{mark} for {who} players")
    return "Numbered rings are the start cells: " + "; ".join(parts) + "."


def _starts(cv: Canvas, b: _Board) -> list[Op]:
    """Every start cell marked the same way: a ring with the player count in it (GEM-1, GEM-2)."""
    ring = cv.style("startring")
    ops: list[Op] = []
    for c, counts in sorted(start_counts().items()):
        label = "/".join(str(n) for n in counts)
        ops.append(Group((Polygon(tuple(hexgrid.corners(b.size * 0.62)), ring),), b.at(c),
                         tag=f"start{label} {c[0]},{c[1]}"))
        ops += cv.text(*b.centre(c), label, "startnum", scale=b.k, align="center", valign="middle",
                       h=0, wrap=False)
    return ops


def _obstacles(cv: Canvas, b: _Board) -> list[Op]:
    """The 5-player obstacles of the data file (GEM-6, PK-7): each piece one shaded shape with
    its outline, and its name in its cell nearest its middle (where to lay which piece)."""
    ops: list[Op] = []
    for o in CONTENT.obstacles:
        cells = frozenset((q, r) for q, r in o.cells)
        ops.append(Group((area_path(cells, b.size, cv.style("obstacle"), f"obstacle {o.piece}"),), b.place))
        mx = sum(b.centre(c)[0] for c in cells) / len(cells)
        my = sum(b.centre(c)[1] for c in cells) / len(cells)
        here = min(sorted(cells), key=lambda c: (b.centre(c)[0] - mx) ** 2 + (b.centre(c)[1] - my) ** 2)
        ops += cv.text(*b.centre(here), o.piece, "obstaclename", scale=b.k, align="center", valign="middle",
                       h=0, wrap=False)
    return ops


def _coords(cv: Canvas, b: _Board) -> list[Op]:
    """Each cell's axial coordinates, light, below its centre."""
    ops: list[Op] = []
    for c in sorted(CONTENT.area("board")):
        x, y = b.centre(c)
        ops += cv.text(x, y + b.af * 0.42, f"{c[0]},{c[1]}", "coords", scale=b.k, align="center",
                       valign="baseline", wrap=False)
    return ops


#: A tile's key (its name, the start rings, the areas' marks): its size in mm, and the size of
#: its first lines alone (the tile's name) for a tile too full for the whole key; how far it
#: keeps from the tile's edges and overlaps, and from the board's cells.
KEY_W, KEY_H, NAME_H, KEY_EDGE, KEY_CLEAR = 84.0, 62.0, 14.0, 4.0, 3.0


def key_rows() -> list[tuple[str, str]]:
    """The rows of a tile's key: (what is drawn, what it means), from the data file."""
    starts = {n: frozenset(map(tuple, CONTENT.players[n][1])) for n in CONTENT.players}
    rows = []
    for mark in sorted({m for counts in start_counts().values() for m in counts}):
        who = " and ".join(str(n) for n in sorted(n for n in starts if starts[n] == starts[mark]))
        rows.append((f"ring {mark}", f"start cell for {who} players"))
    rows.append(("area3", "3-player area: inside the solid line"))
    rows.append(("area4", "4-player area: inside the dashed line"))
    return rows


def key_corner(b: _Board, plan: TilePlan, tile: Tile, h: float = KEY_H) -> tuple[float, float] | None:
    """Where (top left, in the board's coordinates) a tile's key ``h`` mm high goes: the first
    corner of the tile, away from its overlaps and edges, whose KEY_W x ``h`` box keeps
    KEY_CLEAR mm from every cell; None if no corner of the tile is that empty."""
    x0 = tile.x + (plan.overlap if tile.col else 0.0) + KEY_EDGE
    y0 = tile.y + (plan.overlap if tile.row else 0.0) + KEY_EDGE
    x1 = tile.x + tile.w - (plan.overlap if tile.col < plan.cols - 1 else 0.0) - KEY_EDGE
    y1 = tile.y + tile.h - (plan.overlap if tile.row < plan.rows - 1 else 0.0) - KEY_EDGE
    centres = [b.centre(c) for c in CONTENT.area("board")]
    reach = b.size + KEY_CLEAR  # a cell lies within its circumradius of its centre
    for kx, ky in ((x0, y0), (x1 - KEY_W, y0), (x0, y1 - h), (x1 - KEY_W, y1 - h)):
        if kx < x0 - 1e-9 or ky < y0 - 1e-9:
            continue  # the tile is too small for a key
        if all(not (kx - reach < x < kx + KEY_W + reach and ky - reach < y < ky + h + reach)
               for x, y in centres):
            return kx, ky
    return None


def _key_rows(cv: Canvas, b: _Board, x: float, y: float, w: float, columns: int = 1) -> list[Op]:
    """The key's rows (:func:`key_rows`), 9 mm each from ``y``, in ``columns`` columns across
    ``w``: each mark drawn as on the board (``b``), shrunk to a 9 mm cell if larger, beside its
    words."""
    k = min(1.0, 9.0 / b.af)
    ops: list[Op] = []
    rows = key_rows()
    per = -(-len(rows) // columns)
    w = w / columns
    ring = tuple(hexgrid.corners(b.size * 0.62))
    # A ring stands with its right corner where the areas' line samples end (cx + 13), 3 mm
    # before the words, as the samples do: each mark next to its words, the words one column.
    half = max(abs((b.turn @ Matrix.scale(k)).apply(px, py)[0]) for px, py in ring)
    for i, (what, words) in enumerate(rows):
        cx, cy = x + (i // per) * w + 5.0, y + 9.0 * (i % per) + 4.5
        if what.startswith("ring"):
            rx = cx + 13.0 - half
            ops.append(Group((Polygon(ring, cv.style("startring")),), Matrix.translate(rx, cy) @ b.turn @ Matrix.scale(k)))
            ops += cv.text(rx, cy, what.split()[1], "startnum", scale=b.k * k, align="center", valign="middle",
                           h=0, wrap=False)
        else:
            mark = cv.symbol("flower" if what == "area3" else "hexagon")
            ops.append(Use(mark, Matrix.translate(cx, cy) @ b.turn @ Matrix.scale(b.k)))
            ops.append(Line(cx + 6.0, cy, cx + 13.0, cy, cv.style(what)))
        ops += cv.text(cx + 16.0, cy, words, "keynote", w=w - 21.0, valign="middle", h=0, wrap=False)
    return ops


def _tile_key(cv: Canvas, b: _Board, plan: TilePlan, tile: Tile, at: tuple[float, float],
              rows: bool = True) -> list[Op]:
    """A tile's key at ``at``: its name, large, and (``rows``) what the board's marks mean, each
    drawn as on the board beside its words (the tile pages are cut apart; each must explain
    itself, as far as it has room)."""
    x, y = at
    ops = cv.text(x, y, tile.label, "tileid", valign="top", wrap=False)
    ops += cv.text(x + 24, y + 1.5, f"Gemblo board, tile {tile.label} of {len(plan.tiles)} "
                   f"({plan.cols} x {plan.rows}): see the assembly map", "keynote", w=KEY_W - 24, valign="top")
    if rows:
        ops += _key_rows(cv, b, x, y + 17.0, KEY_W)
    return [Group(tuple(ops), tag=f"tile key {tile.label}")]


#: The overview's key below the board: its height on the page (4 mm gap and three 9 mm rows),
#: drawn only if the board then keeps this share of the size it would have without it.
OVERVIEW_KEY_H, OVERVIEW_KEY_LOSS = 31.0, 0.95


def board_drawing(cv: Canvas, af: float, coords: bool, turned: bool = False, obstacles: bool = False,
                  plan: TilePlan | None = None, fit_box: tuple[float, float] | None = None) -> Drawing:
    """The whole board at cells ``af`` mm across flats, its top left corner at (0, 0), a quarter
    turn clockwise if ``turned``, with the 5-player obstacles if ``obstacles`` (the overview: a
    diagram to set up from, never the board played on); it names its cell size (``cell``) for
    the layout. Tiled by ``plan``, each tile page has a key in an empty corner (``on_tiles``).
    To be fitted into a ``fit_box`` (w, h), it has the key below the board, drawn to print at
    its own size, when the box has room for it (:data:`OVERVIEW_KEY_LOSS`)."""
    b = _Board(af, turned)
    ops = _cells_and_areas(cv, b) + (_obstacles(cv, b) if obstacles else []) + _starts(cv, b)
    if coords:
        ops += _coords(cv, b)
    keys: list[Op] = []
    for tile in plan.tiles if plan else ():
        at = key_corner(b, plan, tile) if plan else None
        name = key_corner(b, plan, tile, NAME_H) if plan and at is None else None
        where = at or name  # the whole key, or the tile's name where only that fits
        if plan and where is not None:
            keys += _tile_key(cv, b, plan, tile, where, rows=at is not None)
    height = b.height
    if fit_box is not None:  # the key below the board where the page has room for it
        w, h = fit_box
        full, s = min(w / b.width, h / b.height), min(w / b.width, (h - OVERVIEW_KEY_H) / b.height)
        if s >= OVERVIEW_KEY_LOSS * full:
            rows = _key_rows(cv, _Board(DEFAULT_HEX), 0.0, 0.0, b.width * s, columns=2)
            ops.append(Group(tuple(rows), Matrix.translate(0, b.height + 4.0 / s) @ Matrix.scale(1 / s), tag="key"))
            height = b.height + OVERVIEW_KEY_H / s
    return Drawing(tuple(ops), b.width, height, {"cell": af}, on_tiles=tuple(keys))


def board_turned(opts: PrintOptions, af: float, overlap: float = DEFAULT_OVERLAP) -> bool:
    """Whether the board a quarter turn round tiles onto fewer pages of this paper (the board
    is wider than tall: 3 x 2 portrait tiles, turned 2 x 2)."""
    b = _Board(af)
    return len(plan_tiles(b.height, b.width, opts, overlap).tiles) < len(plan_tiles(b.width, b.height, opts, overlap).tiles)


def _board_data(hex_size: float, coords: bool, turned: bool, obstacles: bool = False,
                plan: TilePlan | None = None, **more) -> dict:
    af, show = hex_size, coords
    board = lambda cv, data, w, h: board_drawing(cv, af, show, turned, obstacles, plan,  # noqa: E731
                                                 (w, h) if obstacles else None)
    return {"palette": CONTENT.palette, "hex_size": af, "slots": {"board": board},
            "obstacles": len(CONTENT.obstacles), "starts": start_key(), **more}


def build_overview(opts: PrintOptions, hex_size: float = DEFAULT_HEX, coords: bool = False) -> Document:
    """The whole board on one page, at reduced scale, turned as the tiled board is, with the
    5-player obstacles (PK-7) marked: the diagram a 5-player game is set up from."""
    data = _board_data(hex_size, coords, board_turned(opts, hex_size), obstacles=True)
    return build_document("gemblo/overview.yaml", opts, FooterInfo(GAME, "overview"), data)


def build_board(opts: PrintOptions, hex_size: float = DEFAULT_HEX, coords: bool = False,
                overlap: float = DEFAULT_OVERLAP) -> Document:
    """The board at real size, tiled over pages that overlap (turned when that takes fewer
    pages), after an assembly map."""
    turned = board_turned(opts, hex_size, overlap)
    b = _Board(hex_size, turned)
    plan = plan_tiles(b.width, b.height, opts, overlap)  # as the poster tiles it: a key on each tile
    data = _board_data(hex_size, coords, turned, plan=plan, overlap=overlap)
    return build_document("gemblo/board.yaml", opts, FooterInfo(GAME, "board"), data)


# -- pieces ----------------------------------------------------------------------------------

#: Colour between a piece's cut (where its colour ends) and its frame (the layout's ``outline``
#: style), mm: a cut this far off touches no ink, and two pieces of one colour side by side show
#: twice this of colour to cut through (issue 28: cut lines carry no ink).
FRAME_CLEAR = 0.6


def piece_symbol(cv: Canvas, name: str, size: float, inset: float = 0.0) -> tuple[Op, ...]:
    """A piece in its data orientation around cell (0, 0): cells filled with the colour of the
    use (INHERIT), thin lines between its blocks, and its outline; a piece to cut out has it
    moved ``inset`` mm inside, a frame, so that the cut (where the colour ends) carries no ink
    (issue 28) and two pieces of one colour side by side show a cut between their frames."""
    cells = frozenset(CONTENT.pieces[name])
    ops: list[Op] = []
    for c in sorted(cells):
        x, y = to_pixel(c, size)
        ops.append(Polygon(tuple((x + a, y + b) for a, b in hexgrid.corners(size)),
                           Style(stroke=None, fill=INHERIT)))
    # The thin lines between cells stop at the frame: a corner of the frame lies on the line
    # between the two cells there (it halves their 240 degrees), inset / cos 30 from the outline.
    outer = {_pt(p) for seg in area_edges(cells, size) for p in seg} if inset > 0 else set()
    cut = inset * 2 / SQRT3
    inner = [(_short(a, b, cut) if _pt(a) in outer else a, _short(b, a, cut) if _pt(b) in outer else b)
             for a, b in inner_edges(cells, size)]
    if inner:
        ops.append(segments_path(inner, cv.style("inner")))
    if inset > 0:
        ops.append(area_inset_outline(cells, size, inset, cv.style("outline"), tag=f"outline {name}"))
    else:
        ops.append(area_outline(cells, size, cv.style("outline"), tag=f"outline {name}"))
    return tuple(ops)


def _pt(p: tuple[float, float]) -> tuple[float, float]:
    return (round(p[0], 6), round(p[1], 6))


def _short(a: tuple[float, float], b: tuple[float, float], by: float) -> tuple[float, float]:
    """``a`` moved ``by`` mm towards ``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = (dx * dx + dy * dy) ** 0.5
    return (a[0] + dx / n * by, a[1] + dy / n * by)


def _lattice(bw: float, bh: float, size: float) -> list[Hex]:
    """The cells of a flat-topped grid whose hexagons lie wholly inside a bw x bh box, with
    cell (0, 0) in the top left corner; in reading order."""
    af = size * SQRT3
    out = []
    for q in range(0, int(bw / (1.5 * size)) + 2):
        for r in range(-q, int(bh / af) + 2):
            x, y = to_pixel((q, r), size)
            x, y = x + size, y + af / 2
            if x - size >= -1e-9 and x + size <= bw + 1e-9 and y - af / 2 >= -1e-9 and y + af / 2 <= bh + 1e-9:
                out.append((q, r))
    return sorted(out, key=lambda c: (to_pixel(c, size)[1] // (af / 2), to_pixel(c, size)[0]))


#: How many of a sheet's first free cells (in reading order) a piece is tried at.
PACK_WINDOW = 50


def _shapes(piece: str, size: float) -> list[tuple[int, Hex, tuple[Hex, ...]]]:
    """The piece's distinct turns: (turns, its top cell, its cells less that cell), the top
    cell being its highest (then leftmost) on the page, which a search puts on a free cell."""
    out, seen = [], set()
    for k in range(6):
        cells = [hexgrid.rotate(c, k) for c in CONTENT.pieces[piece]]
        top = min(cells, key=lambda c: (to_pixel(c, size)[1], to_pixel(c, size)[0]))
        rel = tuple(sorted((q - top[0], r - top[1]) for q, r in cells))
        if rel not in seen:
            seen.add(rel)
            out.append((k, top, rel))
    return out


#: Room kept round the sheet's cells in the packing's grid of bits (more than a piece reaches).
_PAD = 6


@lru_cache(maxsize=8)
def _packed(bw: float, bh: float, size: float,
            colours: tuple[str, ...]) -> tuple[tuple[tuple[str, str, int, Hex], ...], ...]:
    lattice = _lattice(bw, bh, size)
    if not lattice:
        raise PrintkitError("the cells are too large for the paper")
    # Cells as bits of one int: cell (q, r) at (q - q0) * stride + (r - r0), so that moving a
    # shape by (dq, dr) shifts its bits by dq * stride + dr; the cells round the sheet (a
    # margin of _PAD) are taken for good.
    q0 = min(q for q, _ in lattice) - _PAD
    r0 = min(r for _, r in lattice) - _PAD
    stride = max(r for _, r in lattice) - r0 + _PAD + 1
    spot = [(q - q0) * stride + (r - r0) for q, r in lattice]
    everything = (1 << ((max(q for q, _ in lattice) - q0 + _PAD + 1) * stride)) - 1
    blocked = everything & ~sum(1 << i for i in spot)
    base = _PAD * stride + _PAD  # a shape's bits sit this far up, so that none is negative
    order = sorted(CONTENT.pieces, key=lambda p: (-len(CONTENT.pieces[p]), list(CONTENT.pieces).index(p)))
    shapes = {piece: [_shape_bits(k, top, rel, size, stride, base) for k, top, rel in _shapes(piece, size)]
              for piece in order}
    low = [to_pixel(c, size)[1] for c in lattice]
    pages: list[list[tuple[str, str, int, Hex]]] = [[]]
    taken = blocked
    for colour in colours:
        mine = 0  # this colour's cells on the page
        for piece in order:
            best = _best_spot(lattice, spot, low, shapes[piece], taken, mine, base, size * SQRT3)
            if best is None:  # a new page
                pages.append([])
                taken, mine = blocked, 0
                best = _best_spot(lattice, spot, low, shapes[piece], taken, mine, base, size * SQRT3)
            if best is None:
                raise PrintkitError(f"{piece} does not fit on a page at this cell size")
            mask, k, anchor = best
            taken |= mask
            mine |= mask
            pages[-1].append((colour, piece, k, anchor))
    return tuple(tuple(p) for p in pages if p)


def _shape_bits(k: int, top: Hex, rel: tuple[Hex, ...], size: float, stride: int,
                base: int) -> tuple[int, Hex, int, tuple[int, ...], float]:
    """A turn of a piece as bits, its top cell at bit ``base``: (turns, its top cell, its
    cells, its neighbours: the cells touching one or more of its sides, then two or more...
    (a cell touching n sides is in the first n), how far its lowest cell is below its top)."""
    bits = lambda cells: sum(1 << (base + q * stride + r) for q, r in cells)  # noqa: E731
    touch: dict[Hex, int] = {}
    for c in rel:
        for d in hexgrid.neighbours(c):
            if d not in rel:
                touch[d] = touch.get(d, 0) + 1
    rims = tuple(bits([d for d, n in touch.items() if n > m]) for m in range(max(touch.values())))
    return k, top, bits(rel), rims, max(to_pixel(c, size)[1] for c in rel)


def _best_spot(lattice: list[Hex], spot: list[int], low: list[float], shapes: list, taken: int, mine: int,
               base: int, af: float) -> tuple[int, int, Hex] | None:
    """Among the piece's spots with its top cell on one of the first PACK_WINDOW free cells,
    the one that scores most, then reaches least low, then comes first: (its mask, turns,
    anchor), or None if it fits nowhere. A spot scores a point for each of its sides against
    something taken (a piece placed, the sheet's edge), two more if that is a piece of its own
    colour (a colour's pieces stay together), and loses one for each cell's height it reaches
    down the sheet (the pieces stay together at the top)."""
    best, key = None, None
    tried = 0
    for i, at in enumerate(spot):
        if taken >> at & 1:
            continue
        tried += 1
        if tried > PACK_WINDOW:
            break
        for k, top, cells, rims, drop in shapes:
            mask = cells << at >> base
            if mask & taken:
                continue
            touch = sum(((r << at >> base) & taken).bit_count() + 2 * ((r << at >> base) & mine).bit_count()
                        for r in rims)
            deep = low[i] + drop
            here = (deep / af - touch, deep, i)
            if key is None or here < key:
                aq, ar = lattice[i]
                best, key = (mask, k, (aq - top[0], ar - top[1])), here
    return best


def pack_pieces(bw: float, bh: float, size: float, colours) -> list[list[tuple[str, str, int, Hex]]]:
    """Pages of (colour, piece, turns, offset): every piece of every colour on a hex lattice,
    colour by colour, largest pieces first, each where it fits best (issue 28: a sheet's
    pieces packed tight, each colour together, so that few are left for the last sheet).

    A piece is tried at each of its turns with its top cell on each of the sheet's first
    PACK_WINDOW free cells in reading order, and takes the best spot (:func:`_best_spot`).
    Made once a process for each box, cell size and colours."""
    return [list(p) for p in _packed(bw, bh, size, tuple(colours))]


def _placed(piece: str, turns: int, anchor: Hex, size: float) -> tuple[Matrix, tuple[float, float]]:
    """Where a packed piece's symbol goes on its sheet, and the centre of its first cell (where
    its name and colour symbol sit)."""
    af = size * SQRT3
    ax, ay = to_pixel(anchor, size)
    a, b, c, d = hexgrid.page_transform(lambda h, t=turns: hexgrid.rotate(h, t), size)
    m = Matrix.translate(ax + size, ay + af / 2) @ Matrix(a, b, c, d, 0, 0)
    lx, ly = to_pixel(add(hexgrid.rotate(CONTENT.pieces[piece][0], turns), anchor), size)
    return m, (lx + size, ly + af / 2)


def sheet_drawing(cv: Canvas, sheet: dict, af: float, width: float,
                  offset: tuple[float, float] = (0.0, 0.0)) -> list[Op]:
    """One sheet of packed pieces: each piece's shape in its colour, and upright in its first
    cell its name and its colour's symbol. A ``back`` sheet (pieces may be flipped, GEM-3) is
    its front mirrored across the ``width`` mm wide page, for long-edge duplex, shifted by the
    duplex ``offset``: each piece's back lands behind it, its mirror image, with its name and
    symbol upright (in its colour; in ``--bw`` outlined only, to save ink)."""
    size, k = af / SQRT3, af / SYMBOL_CELL
    inset = cv.style("outline").stroke_width / 2 + FRAME_CLEAR
    for name in CONTENT.pieces:
        cv.define(f"piece-{name}", partial(piece_symbol, cv, name, size, inset))
    back = sheet["side"] == "back"
    flip = Matrix.translate(width + offset[0], offset[1]) @ Matrix.mirror("x") if back else Matrix()
    ops: list[Op] = []
    for colour, piece, turns, anchor in sheet["pieces"]:
        m, (lx, ly) = _placed(piece, turns, anchor, size)
        # In --bw a back is line art (its outline, name and symbol): no second grey flood.
        fill = cv.colour("paper") if back and cv.bw else cv.colour(colour)
        ops.append(Use(f"piece-{piece}", flip @ m, tag=f"piece{' back' if back else ''} {colour} {piece}", fill=fill))
        lx, ly = flip.apply(lx, ly)
        ops += cv.text(lx, ly - af * 0.08, piece, "name", scale=k, align="center", valign="baseline", wrap=False)
        mark = cv.symbol(f"sym-{CONTENT.colours[colour].symbol}")
        ops.append(Use(mark, Matrix.translate(lx, ly + af * 0.2) @ Matrix.scale(k * 0.8), tag=f"symbol {colour}"))
    if sheet.get("band"):  # a player aid below the last sheet's pieces, its back behind it
        y, h = sheet["band"]
        aid = _inventory_band if back else _setup_band
        ops.append(Group(tuple(aid(cv, 0.0, y, width, h)), Matrix.translate(*offset) if back else Matrix()))
    return ops


#: The least free height below the last sheet's pieces worth a player aid (mm), the gap
#: between the pieces and it, and the width of the set-up diagram's text column.
#: (The list of pieces needs about 110 mm: three rows of pieces in cells 4 mm or more across.)
BAND_MIN, BAND_GAP, BAND_TEXT_W = 110.0, 6.0, 74.0


def free_band(page: list[tuple[str, str, int, Hex]], af: float, bh: float) -> tuple[float, float] | None:
    """The band (y, h) of a sheet left free below its pieces, if BAND_MIN mm or more: the
    last sheet holds the 6th colour's pieces only in its top part (432 blocks need more than
    two sheets' 215 or 217 cells), and its foot then carries a player aid."""
    size = af / SQRT3
    bottom = max(to_pixel(c, size)[1] + af for _, piece, turns, anchor in page
                 for c in (add(hexgrid.rotate(h, turns), anchor) for h in CONTENT.pieces[piece]))
    y = bottom + BAND_GAP
    return (y, bh - y) if bh - y >= BAND_MIN else None


def _setup_band(cv: Canvas, x: float, y: float, w: float, h: float) -> list[Op]:
    """The front of the last sheet's foot: the board with the 5-player obstacles (the overview,
    reduced) and its key, the key beside the board or above it, whichever lets the board be
    larger; a card left once the pieces above it are cut out."""
    ops = cv.text(x, y, "Board overview: setting up", "title", valign="top", wrap=False)
    top, bottom = y + 9.0, y + h
    words = (f"Five players: before the first turn, lay the {len(CONTENT.obstacles)} pieces of the colour "
             "nobody plays on the shaded shapes, each where its name is: they are obstacles, and the "
             "whole board is played.")
    boards = [board_drawing(cv, DEFAULT_HEX, False, turned, obstacles=True) for turned in (False, True)]
    above = cv.text(x, top, words, "keynote", w=w, valign="top")
    rows = len(key_rows())
    key_top = max(op.y for op in above if isinstance(op, Text)) + 3.0
    board_top = key_top + 9.0 * -(-rows // 2) + 3.0  # the key's rows in two columns
    beside = [(min((w - BAND_TEXT_W - 4.0) / d.w, (bottom - top) / d.h), d) for d in boards]
    stacked = [(min(w / d.w, (bottom - board_top) / d.h), d) for d in boards]
    s, b = max(beside, key=lambda f: f[0])
    s2, b2 = max(stacked, key=lambda f: f[0])
    if s2 > s:  # words and key above, the board centred below
        ops += above + _key_rows(cv, _Board(DEFAULT_HEX), x, key_top, w, columns=2)
        ops.append(Group(readable(b2.ops, s2), Matrix.translate(x + (w - b2.w * s2) / 2, board_top) @ Matrix.scale(s2),
                         tag="setup board"))
        return [Group(tuple(ops), tag="setup band")]
    ops.append(Group(readable(b.ops, s), Matrix.translate(x, top) @ Matrix.scale(s), tag="setup board"))
    tx = x + b.w * s + 4.0
    text = cv.text(tx, top, words, "keynote", w=x + w - tx, valign="top")
    below = max(op.y for op in text if isinstance(op, Text)) + 4.0
    ops += text + _key_rows(cv, _Board(DEFAULT_HEX), tx, below, x + w - tx)
    return [Group(tuple(ops), tag="setup band")]


def _inventory_band(cv: Canvas, x: float, y: float, w: float, h: float) -> list[Op]:
    """The back of the last sheet's foot: each colour's 18 pieces, named, with their blocks
    (a box's check that none is lost, and what a piece left costs at the end)."""
    blocks = sum(len(c) for c in CONTENT.pieces.values())
    ops = cv.text(x, y, f"Each colour's {len(CONTENT.pieces)} pieces ({blocks} blocks)", "title",
                  valign="top", wrap=False)
    ops += cv.text(x, y + 8.0, "Put each colour's pieces back by this list. At the end of a game every "
                   "block of a piece left is a penalty point (the score pad).", "keynote", w=w, valign="top")
    top, cols = y + 19.0, 6
    rows = -(-len(CONTENT.pieces) // cols)
    cw, ch = w / cols, (y + h - top) / rows
    room_w, room_h = cw - 3.0, ch - 9.0  # each piece's room; its words below it

    def fit(shape: list[Hex]) -> float:  # how large the cells of this shape may be
        ew, eh = _extent(shape, 1.0 / SQRT3)  # at cells 1 mm across flats
        return min(room_w / ew, room_h / eh)

    turns = {p: max(([hexgrid.rotate(c, t) for c in CONTENT.pieces[p]] for t in range(6)), key=fit)
             for p in CONTENT.pieces}
    af = min(8.0, *(fit(sh) for sh in turns.values()))  # one size for every piece of the list
    if af < 4.0:
        raise PrintkitError("the pieces' list does not fit below the last sheet's pieces")
    size = af / SQRT3
    for i, piece in enumerate(CONTENT.pieces):
        cells, shape = CONTENT.pieces[piece], turns[piece]
        x0, x1, y0, y1 = _bounds(shape, size)
        cx, cy = x + (i % cols + 0.5) * cw, top + (i // cols) * ch
        at = Matrix.translate(cx - (x0 + x1) / 2, cy + (room_h - (y1 - y0)) / 2 - y0)
        ops.append(Group((area_path(frozenset(shape), size, cv.style("listpiece")),
                          segments_path(inner_edges(frozenset(shape), size), cv.style("listinner"))),
                         at, tag=f"list {piece}"))
        n = len(cells)
        ops += cv.text(cx, cy + ch - 7.0, f"{piece}: {n} block{'s' if n > 1 else ''}", "keynote",
                       align="center", valign="top", wrap=False)
    return [Group(tuple(ops), tag="pieces list")]


def _bounds(shape: list[Hex], size: float) -> tuple[float, float, float, float]:
    xs = [to_pixel(c, size)[0] for c in shape]
    ys = [to_pixel(c, size)[1] for c in shape]
    af = size * SQRT3
    return min(xs) - size, max(xs) + size, min(ys) - af / 2, max(ys) + af / 2


def _extent(shape: list[Hex], size: float) -> tuple[float, float]:
    """A shape's width and height."""
    x0, x1, y0, y1 = _bounds(shape, size)
    return x1 - x0, y1 - y0


def build_pieces(opts: PrintOptions, hex_size: float = DEFAULT_HEX, backs: bool = True) -> Document:
    """All 108 pieces (18 shapes x 6 colours) at the board's cell size, packed on pages; with
    ``backs``, each sheet followed by its backs for double-sided printing (flip on long edge)."""
    af = hex_size
    if opts.items:
        return _pieces_alone(opts, af, backs)
    _, _, bw, bh = content_box(opts)
    packed = pack_pieces(bw, bh, af / SQRT3, list(CONTENT.colours))
    sides = ("front", "back") if backs else ("front",)
    band = free_band(packed[-1], af, bh)
    sheets = [{"side": side, "pieces": p, "band": band if p is packed[-1] else None} for p in packed for side in sides]
    sheet = lambda cv, data, w, h: sheet_drawing(cv, data["sheet"], af, bw, opts.duplex_offset)  # noqa: E731
    data = {"palette": CONTENT.palette, "sheets": sheets, "slots": {"sheet": sheet}}
    doc = build_document("gemblo/pieces.yaml", opts, FooterInfo(GAME, "pieces"), data)
    doc.duplex = backs  # each sheet's backs on the other side of it: the PDF asks for long-edge duplex
    return doc


# -- pieces one by one (--format cards and tts) -----------------------------------------------

#: Room around a piece drawn alone, beyond its cells (its cut, where its colour ends), in mm.
PIECE_PAD = 1.0


def _loop(segments) -> tuple[tuple[float, float], ...]:
    """The closed outline that ``segments`` (an area's outer edges, one loop) make, as points."""
    key = lambda p: (round(p[0], 6), round(p[1], 6))  # noqa: E731
    nxt: dict[tuple[float, float], list] = {}
    for a, b in segments:
        nxt.setdefault(key(a), []).append(b)
        nxt.setdefault(key(b), []).append(a)
    start = segments[0][0]
    points, prev, here = [start], None, start
    while True:
        ahead = [p for p in nxt[key(here)] if prev is None or key(p) != key(prev)]
        prev, here = here, ahead[0]
        if key(here) == key(start):
            return tuple(points)
        points.append(here)


def _alone(piece: str, af: float) -> tuple[Matrix, float, float, tuple[tuple[float, float], ...]]:
    """Where a piece drawn alone goes: the matrix from its sheet position (turns 0, anchor
    0,0: see :func:`_placed`) into its own box, the box's w and h, and its cut line there."""
    size = af / SQRT3
    m, _ = _placed(piece, 0, (0, 0), size)
    centres = [m.apply(*to_pixel(c, size)) for c in CONTENT.pieces[piece]]
    x0, x1 = min(x for x, _ in centres) - size, max(x for x, _ in centres) + size
    y0, y1 = min(y for _, y in centres) - af / 2, max(y for _, y in centres) + af / 2
    shift = Matrix.translate(PIECE_PAD - x0, PIECE_PAD - y0)
    edges = area_edges(frozenset(CONTENT.pieces[piece]), size)
    outline = tuple((shift @ m).apply(*p) for p in _loop(edges))
    return shift, x1 - x0 + 2 * PIECE_PAD, y1 - y0 + 2 * PIECE_PAD, outline


def _piece_alone(cv: Canvas, data: dict, af: float, side: str, bleed: float) -> list[Op]:
    """One piece in its box, as :func:`sheet_drawing` draws it on a sheet; a back mirrored
    within the box (the piece turned over). With ``bleed`` (a print shop's cut, --format
    cards) its colour runs on ``bleed`` mm past its cut line all round, under it, so that a
    cut a little off shows no paper; not in --bw, whose pieces are line art on paper."""
    item = data["item"]
    shift, w, _, outline = _alone(item["piece"], af)
    ops = sheet_drawing(cv, {"side": side, "pieces": [(item["colour"], item["piece"], 0, (0, 0))]}, af, 0.0)
    under: list[Op] = []
    if bleed > 0 and not cv.bw:
        colour = cv.colour(item["colour"])
        loop = tuple((w - x, y) for x, y in outline) if side == "back" else outline
        under.append(Polygon(loop, Style(stroke=colour, stroke_width=2 * bleed, fill=colour, join="round"),
                             tag="bleed"))
    if side == "back":  # drawn mirrored about x = 0: back into the box, where the face's mirror is
        shift = Matrix.translate(w - shift.e, shift.f)
    return [*under, Group(tuple(ops), shift)]


def _pieces_alone(opts: PrintOptions, af: float, backs: bool) -> Document:
    """Every piece alone (``PrintOptions.items``), colour by colour as the sheets have them,
    each colour's pieces one group: a page of the piece's own size (layouts/gemblo/piece.yaml)
    with its cut line, and its back after it when ``backs``."""
    slots = {"piece": lambda cv, data, w, h: _piece_alone(cv, data, af, "front", opts.bleed),
             "back": lambda cv, data, w, h: _piece_alone(cv, data, af, "back", opts.bleed)}
    colours = list(CONTENT.colours)
    by_piece: dict[str, list] = {}
    symbols: dict = {}
    title = ""
    for piece in CONTENT.pieces:
        _, w, h, outline = _alone(piece, af)
        data = {"palette": CONTENT.palette, "piece_w": w, "piece_h": h, "slots": slots,
                "pieces": [{"colour": c, "piece": piece} for c in colours]}
        doc = build_document("gemblo/piece.yaml", opts, FooterInfo(GAME, "pieces"), data)
        symbols.update(doc.symbols)
        title = doc.title
        b = opts.bleed
        for k, page in enumerate(doc.pages):
            back = k % 2 == 1
            page.group = f"{GAME}-pieces-{colours[k // 2]}"
            page.outline = tuple((b + (w - x if back else x), b + y) for x, y in outline)
        by_piece[piece] = list(doc.pages)
    pages = [p for j in range(len(colours)) for piece in CONTENT.pieces
             for p in by_piece[piece][2 * j:2 * j + (2 if backs else 1)]]
    return Document(pages, symbols, title)
