"""Gemblo's printed components: the board (tiled at real size, and an overview) and the pieces.

Geometry comes from the game's data through the core's hex tools; the look (styles, symbols,
colours) from ``layouts/gemblo/``.
"""

from __future__ import annotations


from printkit.core.colour import BLACK
from printkit.core.draw.ops import INHERIT, Document, Group, Matrix, Op, Path, Polygon, Rect, Style, Use
from printkit.core.draw.page import (
    FooterInfo, PrintOptions, compose_pages, content_box, plan_tiles, tile_pages,
)
from printkit.core.geometry import hexgrid
from printkit.core.geometry.hexgrid import DIRECTIONS, SQRT3, Hex, add, edge_segment, to_pixel
from printkit.core.layout.load import load_layout
from printkit.core.layout.render import Renderer
from printkit.core.text import TextBox, layout_text
from printkit.core.units import parse_length
from printkit.errors import PrintkitError
from printkit.games.gemblo.content import CONTENT

GAME = "gemblo"
#: Cells 16 mm across flats make the board about 40 cm across (44 circumradii wide).
DEFAULT_HEX = "16mm"
HEX_RANGE = (8.0, 30.0)
#: Symbols in layouts/gemblo/symbols.yaml are drawn for a cell this size across flats.
SYMBOL_CELL = 16.0


def parse_hex_size(text: str) -> float:
    try:
        af = parse_length(text)
    except ValueError as e:
        raise PrintkitError(f"--hex-size: {e}") from None
    if not HEX_RANGE[0] <= af <= HEX_RANGE[1]:
        raise PrintkitError(f"--hex-size: cells must be {HEX_RANGE[0]:g} to {HEX_RANGE[1]:g} mm across flats, got {af:g} mm")
    return af


def _yes(text: str, name: str) -> bool:
    if str(text).lower() in ("yes", "true", "1", "on"):
        return True
    if str(text).lower() in ("no", "false", "0", "off"):
        return False
    raise PrintkitError(f"--set {name}: expected yes or no, got {text!r}")


def _renderer(layout: str, opts: PrintOptions) -> Renderer:
    base = {"bw": opts.bw, "palette": CONTENT.palette}
    return Renderer(load_layout(layout), bw=opts.bw, base=base)


def _style(r: Renderer, name: str) -> Style:
    return r.shape_style(r.style_spec(name, r.base, f"styles.{name}"), r.base, f"styles.{name}")


def _boundary(cells: frozenset, size: float) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The edges between ``cells`` and the cells outside them."""
    out = []
    for c in sorted(cells):
        for k, d in enumerate(DIRECTIONS):
            if add(c, d) not in cells:
                out.append(edge_segment(c, k, size))
    return out


def _segments_path(segs, style: Style, tag: str | None = None) -> Path:
    parts: list[tuple] = []
    for a, b in segs:
        parts += [("M", *a), ("L", *b)]
    return Path(tuple(parts), style, tag=tag)


def board_drawing(r: Renderer, af: float, coords: bool) -> tuple[list[Op], float, float]:
    """The whole board at cells ``af`` mm across flats: (operations, width, height) in mm, with
    its top left corner at (0, 0)."""
    size = af / SQRT3
    k = af / SYMBOL_CELL
    board = CONTENT.area("board")
    pts = [to_pixel(c, size) for c in board]
    pad = 2.0
    minx = min(x for x, _ in pts) - size - pad
    miny = min(y for _, y in pts) - af / 2 - pad
    width = max(x for x, _ in pts) + size + pad - minx
    height = max(y for _, y in pts) + af / 2 + pad - miny

    def at(c: Hex) -> Matrix:
        x, y = to_pixel(c, size)
        return Matrix.translate(x - minx, y - miny)

    cell = r.auto_symbol(("gemblo-cell", round(af, 6), r.bw), "gemblo-cell",
                         (Polygon(tuple(hexgrid.corners(size)), _style(r, "cell")),))
    r.define_symbol("flower", "board")
    r.define_symbol("hexagon", "board")
    ops: list[Op] = [Use(cell, at(c), tag=f"cell {c[0]},{c[1]}") for c in sorted(board, key=lambda c: (c[1], c[0]))]
    three, four = CONTENT.area("three"), CONTENT.area("four")
    for c in sorted(three):
        ops.append(Use("flower", at(c) @ Matrix.scale(k), tag="flower"))
    four_edge = sorted(c for c in four if any(add(c, d) not in four for d in DIRECTIONS))
    for c in four_edge:
        ops.append(Use("hexagon", at(c) @ Matrix.scale(k), tag="hexmark"))
    shift = Matrix.translate(-minx, -miny)
    ops.append(Group((_segments_path(_boundary(three, size), _style(r, "area3"), "area3-outline"),), shift))
    ops.append(Group((_segments_path(_boundary(four, size), _style(r, "area4"), "area4-outline"),), shift))
    ring = _style(r, "startring")
    num = r.style_spec("startnum", r.base, "styles.startnum")
    fsize = r._font_size(num.font_size, r.base, "styles.startnum") * k
    for count, font_note in ((4, "4"), (3, "3")):
        for c in CONTENT.players[count][1]:
            x, y = to_pixel(c, size)
            ops.append(Group((Polygon(tuple(hexgrid.corners(size * 0.62)), ring),), at(c), tag=f"start{count}"))
            ops += layout_text(TextBox(x - minx, y - miny, font_note, "sans-bold", fsize, align="center",
                                       valign="middle", h=0, wrap=False))
    six = _style(r, "start6")
    for c in CONTENT.players[6][1]:
        inner = [Polygon(tuple(hexgrid.corners(size * f)), six) for f in (0.78, 0.55)]
        ops.append(Group(tuple(inner), at(c), tag="start6"))
    if coords:
        cs = r.style_spec("coords", r.base, "styles.coords")
        csize = r._font_size(cs.font_size, r.base, "styles.coords") * k
        colour = r.colour(cs.text_colour, r.base, "styles.coords") or BLACK
        for c in sorted(board):
            x, y = to_pixel(c, size)
            ops += layout_text(TextBox(x - minx, y - miny + af * 0.42, f"{c[0]},{c[1]}", "condensed", csize,
                                       align="center", valign="baseline", wrap=False, colour=colour))
    return ops, width, height


def _title_ops(r: Renderer, text: str, note: str, y: float = 0.0) -> list[Op]:
    head = r.style_spec("title", r.base, "styles.title")
    body = r.style_spec("note", r.base, "styles.note")
    ops = list(layout_text(TextBox(0, y, text, head.font, r._font_size(head.font_size, r.base, ""))))
    ops += layout_text(TextBox(0, y + 8, note, body.font, r._font_size(body.font_size, r.base, ""), w=190))
    return ops


def build_overview(opts: PrintOptions, hex_size: str = DEFAULT_HEX, coords: str = "no") -> Document:
    """The whole board on one page, at reduced scale."""
    r = _renderer("gemblo/board.yaml", opts)
    hex_size_mm = parse_hex_size(hex_size)
    ops, w, h = board_drawing(r, hex_size_mm, _yes(coords, "coords"))
    _, _, bw, bh = content_box(opts)
    room_h = bh - 20
    s = min(bw / w, room_h / h)
    body = _title_ops(r, "Gemblo board (overview)",
                      f"Scale {s:.0%}: cells {hex_size_mm * s:.1f} mm across flats. The solid line bounds the "
                      "3-player area (flowers), the dashed line the 4-player area (hexagons).")
    body.append(Group(tuple(ops), Matrix.translate((bw - w * s) / 2, 20) @ Matrix.scale(s), tag="overview"))
    pages = compose_pages([body], (bw, bh), opts, FooterInfo(GAME, "overview"))
    return Document(pages, r.symbols, "Gemblo board overview")


def build_board(opts: PrintOptions, hex_size: str = DEFAULT_HEX, coords: str = "no", overlap: str = "10mm") -> Document:
    """The board at real size, tiled over pages that overlap, after an assembly map."""
    r = _renderer("gemblo/board.yaml", opts)
    af = parse_hex_size(hex_size)
    try:
        ov = parse_length(overlap)
    except ValueError as e:
        raise PrintkitError(f"--set overlap: {e}") from None
    if not 5.0 <= ov <= 30.0:
        raise PrintkitError(f"--set overlap: 5 to 30 mm, got {ov:g} mm")
    ops, w, h = board_drawing(r, af, _yes(coords, "coords"))
    plan = plan_tiles(w, h, opts, ov)
    info = FooterInfo(GAME, "board")
    # Page 1: the assembly map (the board reduced, with every tile outlined and named).
    _, _, bw, bh = content_box(opts)
    ox, oy = plan.offset
    total_w = plan.tiles[-1].x + plan.tiles[-1].w + ox
    total_h = plan.tiles[-1].y + plan.tiles[-1].h + oy
    s = min(bw / (total_w + 1), (bh - 24) / (total_h + 1))
    tile_style = _style(r, "tileline")
    label = r.style_spec("tilename", r.base, "styles.tilename")
    lsize = r._font_size(label.font_size, r.base, "")
    lcolour = r.colour(label.text_colour, r.base, "") or BLACK
    frames: list[Op] = []
    for t in plan.tiles:
        frames.append(Rect(t.x + ox, t.y + oy, t.w, t.h, tile_style, tag=f"map {t.label}"))
        frames += layout_text(TextBox(t.x + ox + 3 / s, t.y + oy + 3 / s, t.label, label.font, lsize / s,
                                      colour=lcolour, wrap=False))
    note = (f"{len(plan.tiles)} tiles at real size (cells {af:g} mm across flats), overlapping by "
            f"{ov:g} mm. Trim each tile's top and left margin except on column A and row 1, lay it "
            "over its neighbours so that the crosshairs meet, and tape from behind.")
    body = _title_ops(r, "Gemblo board: assembly map", note)
    body.append(Group((Group(tuple(ops), Matrix.translate(ox, oy)),) + tuple(frames),
                      Matrix.translate((bw - total_w * s) / 2, 24) @ Matrix.scale(s), tag="assembly-map"))
    total = 1 + len(plan.tiles)
    pages = compose_pages([body], (bw, bh), opts, info)
    pages[0].ops[-1] = _refoot(pages[0], opts, info, total)
    pages += tile_pages(ops, plan, opts, info, first_page=2, pages_total=total)
    return Document(pages, r.symbols, "Gemblo board")


def _refoot(page, opts, info, total):
    """The map page's footer, counting the tile pages that follow."""
    from printkit.core.draw.page import FOOTER_H, PAGE_MARGIN, footer_ops, footer_text

    W, H = opts.size
    return footer_ops(footer_text(info, opts, 1, total, "assembly map"),
                      (PAGE_MARGIN, H - PAGE_MARGIN - FOOTER_H, W - 2 * PAGE_MARGIN, FOOTER_H), False)


# -- pieces ----------------------------------------------------------------------------------

def piece_symbol(r: Renderer, name: str, size: float) -> tuple[Op, ...]:
    """A piece in its data orientation around cell (0, 0): cells filled with the colour of the
    use (INHERIT), thin lines between its blocks, and its outline (the cut line)."""
    cells = frozenset(CONTENT.pieces[name])
    ops: list[Op] = []
    for c in sorted(cells):
        x, y = to_pixel(c, size)
        ops.append(Polygon(tuple((x + a, y + b) for a, b in hexgrid.corners(size)),
                           Style(stroke=None, fill=INHERIT)))
    inner = [edge_segment(c, k, size) for c in sorted(cells) for k, d in enumerate(DIRECTIONS[:3])
             if add(c, d) in cells]
    if inner:
        ops.append(_segments_path(inner, _style(r, "inner")))
    ops.append(_segments_path(_boundary(cells, size), _style(r, "outline"), tag=f"outline {name}"))
    return tuple(ops)


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


def pack_pieces(bw: float, bh: float, size: float, colours) -> list[list[tuple[str, str, int, Hex]]]:
    """Pages of (colour, piece, turns, offset): every piece of every colour on a hex lattice,
    first fit, largest pieces first, colour by colour."""
    lattice = _lattice(bw, bh, size)
    if not lattice:
        raise PrintkitError("the cells are too large for the paper")
    order = sorted(CONTENT.pieces, key=lambda p: (-len(CONTENT.pieces[p]), list(CONTENT.pieces).index(p)))
    pages: list[list] = [[]]
    free = set(lattice)
    for colour in colours:
        for piece in order:
            shapes = [(k, [hexgrid.rotate(c, k) for c in CONTENT.pieces[piece]]) for k in range(6)]
            for attempt in range(2):
                spot = None
                for anchor in lattice:
                    if anchor not in free:
                        continue
                    for k, shape in shapes:
                        cells = [add(c, anchor) for c in shape]
                        if all(c in free for c in cells):
                            spot = (k, anchor, cells)
                            break
                    if spot:
                        break
                if spot:
                    k, anchor, cells = spot
                    free.difference_update(cells)
                    pages[-1].append((colour, piece, k, anchor))
                    break
                if attempt == 0:
                    pages.append([])
                    free = set(lattice)
            else:
                raise PrintkitError(f"{piece} does not fit on a page at this cell size")
    return [p for p in pages if p]


def build_pieces(opts: PrintOptions, hex_size: str = DEFAULT_HEX) -> Document:
    """All 108 pieces (18 shapes x 6 colours) at the board's cell size, packed on pages."""
    r = _renderer("gemblo/pieces.yaml", opts)
    af = parse_hex_size(hex_size)
    size = af / SQRT3
    k = af / SYMBOL_CELL
    bx, by, bw, bh = content_box(opts)
    for name in CONTENT.pieces:
        r.symbols[f"piece-{name}"] = piece_symbol(r, name, size)
    for c in CONTENT.colours.values():
        r.define_symbol(f"sym-{c.symbol}", "pieces")
    name_style = r.style_spec("name", r.base, "styles.name")
    fsize = r._font_size(name_style.font_size, r.base, "") * k
    packed = pack_pieces(bw, bh, size, list(CONTENT.colours))
    contents = []
    for page in packed:
        ops: list[Op] = []
        for colour, piece, turns, anchor in page:
            fill = r.colour(colour, r.base, "colours")
            ax, ay = to_pixel(anchor, size)
            a, b, c, d = hexgrid.page_transform(lambda h, t=turns: hexgrid.rotate(h, t), size)
            m = Matrix.translate(ax + size, ay + af / 2) @ Matrix(a, b, c, d, 0, 0)
            ops.append(Use(f"piece-{piece}", m, tag=f"piece {colour} {piece}", fill=fill))
            # The label stands upright in the piece's first cell: its name, its colour's symbol.
            lx, ly = to_pixel(add(hexgrid.rotate(CONTENT.pieces[piece][0], turns), anchor), size)
            lx, ly = lx + size, ly + af / 2
            ops += layout_text(TextBox(lx, ly - af * 0.08, piece, "sans-bold", fsize, align="center",
                                       valign="baseline", wrap=False))
            ops.append(Use(f"sym-{CONTENT.colours[colour].symbol}", Matrix.translate(lx, ly + af * 0.2) @ Matrix.scale(k * 0.8),
                           tag=f"symbol {colour}"))
        contents.append(ops)
    pages = compose_pages(contents, (bw, bh), opts, FooterInfo(GAME, "pieces"))
    return Document(pages, r.symbols, "Gemblo pieces")
