"""Page furniture: paper sizes, margins, footer with scale bar, crop marks, card imposition.

Every page printkit makes keeps everything at least :data:`MARGIN` mm from the paper's edge,
and carries a footer naming what it is, "print at 100%" and a 50 mm scale bar to check it.
Card sheets are laid out n-up; their backs follow on the next page, mirrored for long-edge
duplex and shifted by the user's duplex offset, or (a fold sheet) stand below the fronts on the
same page, each behind its front once the sheet is folded across.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from printkit.core.colour import BLACK, WHITE, Colour
from printkit.core.draw.bleed import extend_to_bleed
from printkit.core.draw.ops import Circle, Group, Line, Matrix, Op, Page, Rect, Style
from printkit.core.text import TextBox, layout_text
from printkit.core.units import MM_PER_PT
from printkit.errors import PrintkitError

#: Paper sizes in mm (portrait).
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PAPER_NAMES = {"a4": "A4", "letter": "Letter"}

#: Nothing is drawn closer than this to the paper's edge (home printers' unprintable border).
MARGIN = 6.0
#: The margin around full-page layouts.
PAGE_MARGIN = 8.0
#: Height of the footer strip, and the gap between it and the content.
FOOTER_H = 5.0
FOOTER_GAP = 1.5
SCALE_BAR = 50.0

MARK_STYLE = Style(stroke=BLACK, stroke_width=0.2)
#: A fold sheet's fold line is shown by a dashed tick at each end, outside the cards.
FOLD_STYLE = Style(stroke=BLACK, stroke_width=0.2, dash=(1.0, 0.7))
#: Crop marks stand this far outside the bleed box, and are at least MARK_LEN mm long (a
#: shorter tick is hard to lay a ruler on); MARK_MIN is the room (beyond any bleed) they need.
MARK_GAP = 1.0
MARK_LEN = 3.0
MARK_MIN = MARK_GAP + MARK_LEN + 0.2
MARK_MAX = 5.0


@dataclass(frozen=True)
class PrintOptions:
    """What the user asked for on the command line, as far as page furniture cares."""

    paper: str = "a4"
    bw: bool = False
    bleed: float = 0.0
    crop_marks: bool = True
    duplex_offset: tuple[float, float] = (0.0, 0.0)
    seed: int | None = None
    #: PDF colours in CMYK for a print shop (core/draw/pdf.py): black is black ink only.
    cmyk: bool = False
    #: Each item alone instead of sheets (``--format cards`` and ``tts``, printkit/core/export):
    #: a card, tile or token on a page of its trim plus the bleed, its face and then its back;
    #: a full page's design box, or a poster's whole drawing, on a page of its own size. No
    #: paper, margin, crop mark or footer: :func:`item_pages`.
    items: bool = False

    def __post_init__(self):
        if self.paper not in PAPERS:
            raise PrintkitError(f"unknown paper {self.paper!r}; use one of: {', '.join(PAPERS)}")
        if not 0.0 <= self.bleed <= 10.0:
            raise PrintkitError(f"bleed must be between 0 and 10 mm, got {self.bleed}")

    @property
    def size(self) -> tuple[float, float]:
        return PAPERS[self.paper]


@dataclass(frozen=True)
class FooterInfo:
    """What a page's footer names: the game, the component and the seed (when seeded)."""

    game: str
    component: str
    seed: int | None = None


def footer_text(info: FooterInfo, opts: PrintOptions, page: int, pages: int, label: str = "") -> str:
    parts = ["printkit", f"{info.game} {info.component}" + (f" {label}" if label else "")]
    if info.seed is not None:
        parts.append(f"seed {info.seed}")
    parts.append(PAPER_NAMES[opts.paper] + (" B&W" if opts.bw else "") + (" CMYK" if opts.cmyk else ""))
    parts.append(f"page {page} of {pages}")
    parts.append("print at 100% (actual size)")
    return " · ".join(parts)


def scale_bar_ops(x: float, y: float, length: float = SCALE_BAR, height: float = 1.6) -> list[Op]:
    """A ``length`` mm bar of alternating 10 mm blocks with a label, its top left at (x, y)."""
    ops: list[Op] = []
    n = max(1, round(length / 10))
    step = length / n
    for i in range(n):
        fill = BLACK if i % 2 == 0 else WHITE
        ops.append(Rect(x + i * step, y, step, height, Style(stroke=None, fill=fill)))
    ops.append(Rect(x, y, length, height, Style(stroke=BLACK, stroke_width=0.15), tag="scale-bar"))
    ops += layout_text(TextBox(x + length + 1.0, y + height, f"{length:g} mm", size=6.0 * MM_PER_PT,
                               valign="baseline", wrap=False))
    return ops


def footer_ops(text: str, box: tuple[float, float, float, float], vertical: bool) -> Op:
    """The footer: text and a 50 mm scale bar in a strip; ``vertical`` reads bottom to top."""
    x, y, w, h = box
    length, thick = (h, w) if vertical else (w, h)
    size = 6.0 * MM_PER_PT
    bar_room = SCALE_BAR + 9.0
    inner: list[Op] = list(layout_text(TextBox(0, (thick + 2.0) / 2, text, size=size, w=length - bar_room - 2,
                                          wrap=False, shrink=True, valign="baseline", tag="footer")))
    inner += scale_bar_ops(length - bar_room, thick / 2 - 0.8)
    if vertical:
        # Along the strip's length, upwards: the strip's bottom left is the text's origin.
        return Group(tuple(inner), Matrix.translate(x, y + h) @ Matrix.rotate(-90), tag="footer-strip")
    return Group(tuple(inner), Matrix.translate(x, y), tag="footer-strip")


def crop_marks(xs: list[tuple[float, float, float]], ys: list[tuple[float, float, float]],
               offset: float, length: float) -> list[Op]:
    """Marks in line with every cut: ``xs`` are vertical cuts (x, top, bottom), each marked
    above ``top`` and below ``bottom``; ``ys`` horizontal ones (y, left, right), marked left of
    ``left`` and right of ``right``; every mark ``offset`` mm off that end, ``length`` mm long."""
    ops: list[Op] = []
    for x, top, bottom in xs:
        ops.append(Line(x, top - offset - length, x, top - offset, MARK_STYLE, tag="crop-mark"))
        ops.append(Line(x, bottom + offset, x, bottom + offset + length, MARK_STYLE, tag="crop-mark"))
    for y, left, right in ys:
        ops.append(Line(left - offset - length, y, left - offset, y, MARK_STYLE, tag="crop-mark"))
        ops.append(Line(right + offset, y, right + offset + length, y, MARK_STYLE, tag="crop-mark"))
    return ops


def mark_geometry(zone: float, bleed: float) -> tuple[float, float]:
    """Offset from the trim and length of crop marks that have ``zone`` mm of room."""
    offset = bleed + MARK_GAP
    # Stop short by the line's width so that its end cap stays inside the margin too.
    return offset, min(MARK_MAX, zone - offset - MARK_STYLE.stroke_width)


# -- full pages ----------------------------------------------------------------------------

def content_box(opts: PrintOptions) -> tuple[float, float, float, float]:
    """Where a full-page layout may draw: inside the margin, above the footer."""
    w, h = opts.size
    return (PAGE_MARGIN, PAGE_MARGIN, w - 2 * PAGE_MARGIN, h - 2 * PAGE_MARGIN - FOOTER_H - FOOTER_GAP)


def design_misfit(design: tuple[float, float], opts: PrintOptions) -> str | None:
    """Why a full page's ``design`` (w x h mm) does not fit the paper inside its margins and
    footer, or None when it fits."""
    _, _, bw, bh = content_box(opts)
    dw, dh = design
    if dw > bw + 1e-6 or dh > bh + 1e-6:
        return (f"the design is {dw:g} x {dh:g} mm but {PAPER_NAMES[opts.paper]} "
                f"leaves {bw:g} x {bh:.1f} mm inside its margins and footer")
    return None


def compose_page(ops: list[Op], design: tuple[float, float], opts: PrintOptions, info: FooterInfo,
                 page: int, pages: int, where: str = "", label: str = "") -> Page:
    """One full page: ``ops`` (drawn in a ``design`` w x h mm box) centred at the top of the
    content box, with the footer below (naming the page ``label`` after the component)."""
    bx, by, bw, bh = content_box(opts)
    dw, dh = design
    if misfit := design_misfit(design, opts):
        raise PrintkitError(f"{where or 'layout'}: {misfit}")
    W, H = opts.size
    body = Group(tuple(ops), Matrix.translate(bx + (bw - dw) / 2, by), tag="content")
    foot = footer_ops(footer_text(info, opts, page, pages, label),
                      (PAGE_MARGIN, H - PAGE_MARGIN - FOOTER_H, W - 2 * PAGE_MARGIN, FOOTER_H), False)
    return Page(W, H, [body, foot], label=f"page {page}")


def compose_pages(contents: list[list[Op]], design: tuple[float, float], opts: PrintOptions,
                  info: FooterInfo, where: str = "") -> list[Page]:
    """Full pages: each content composed by :func:`compose_page`."""
    return [compose_page(ops, design, opts, info, i + 1, len(contents), where) for i, ops in enumerate(contents)]


# -- card sheets ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Grid:
    """Where the cards of a sheet go: ``cols`` x ``rows`` cells of ``w`` x ``h`` mm on the sheet.

    A ``turned`` grid holds its cards a quarter turn clockwise (a 63 x 88 mm card takes an
    88 x 63 mm cell, its top to the sheet's right): see :func:`card_matrix`.
    """

    cols: int
    rows: int
    x: float  # top left of the first card's trim
    y: float
    w: float
    h: float
    gutter: float
    footer: str  # bottom | right
    zone_x: float  # room for crop marks left and right of the grid
    zone_y: float
    turned: bool = False
    #: A fold sheet: fronts in the upper half of the (even) rows, backs in the lower half.
    fold: bool = False

    @property
    def per_page(self) -> int:
        return self.cols * (self.rows // 2 if self.fold else self.rows)

    @property
    def width(self) -> float:
        return self.span_x(self.cols)

    @property
    def height(self) -> float:
        return self.span_y(self.rows)

    def span_x(self, cols: int) -> float:
        """Width of the first ``cols`` columns, from the first's left trim to the last's right."""
        return cols * self.w + (cols - 1) * self.gutter

    def span_y(self, rows: int) -> float:
        """Height of the first ``rows`` rows, from the first's top trim to the last's bottom."""
        return rows * self.h + (rows - 1) * self.gutter

    def used(self, count: int) -> tuple[float, float, float, float]:
        """The trim box (x, y, w, h) around the rows and columns a sheet of ``count`` cards
        uses (cards go row by row, so the first row and column are always used)."""
        cols, rows = min(self.cols, count), -(-count // self.cols)
        return (self.x, self.y, self.span_x(cols), self.span_y(rows))

    def position(self, k: int) -> tuple[float, float]:
        """Top left of the trim of the k-th card on a page (row by row)."""
        r, c = divmod(k, self.cols)
        return self.x + c * (self.w + self.gutter), self.y + r * (self.h + self.gutter)


def _grids(w: float, h: float, opts: PrintOptions, g: float, turned: bool, fold: bool = False) -> list[Grid]:
    """The densest grid of w x h mm cells with the footer below, and with it at the right
    (``fold``: an even number of rows, at least two, half of them for the backs)."""
    W, H = opts.size
    zmin = (opts.bleed + MARK_MIN) if opts.crop_marks else opts.bleed
    out: list[Grid] = []
    for footer in ("bottom", "right"):
        aw = W - 2 * MARGIN - (FOOTER_H + FOOTER_GAP if footer == "right" else 0)
        ah = H - 2 * MARGIN - (FOOTER_H + FOOTER_GAP if footer == "bottom" else 0)
        cols = math.floor((aw - 2 * zmin + g) / (w + g) + 1e-9)
        rows = math.floor((ah - 2 * zmin + g) / (h + g) + 1e-9)
        if fold:
            rows -= rows % 2
        if cols < 1 or rows < 1:
            continue
        gw, gh = cols * w + (cols - 1) * g, rows * h + (rows - 1) * g
        out.append(Grid(cols, rows, MARGIN + (aw - gw) / 2, MARGIN + (ah - gh) / 2, w, h, g, footer,
                        (aw - gw) / 2, (ah - gh) / 2, turned, fold))
    return out


def _sheets(grid: Grid, count: int | None) -> float:
    """What a grid costs: sheets for ``count`` cards, or (no count) fewer cards a sheet."""
    return -grid.per_page if count is None else math.ceil(count / grid.per_page)


def plan_grid(w: float, h: float, opts: PrintOptions, gutter: float = 0.0, count: int | None = None,
              fold: bool = False) -> Grid:
    """The densest grid of w x h mm cards on the (portrait) paper, with room for crop marks
    (at least MARK_LEN mm, outside the bleed box) and the footer.

    The cards stand upright, or turned a quarter when that takes fewer sheets for ``count``
    cards (or, without a count, more cards a sheet); a tie keeps them upright. The footer
    stands below the cards, upright, unless putting it at the right (turned, read bottom to
    top) saves a sheet. A landscape page would hold the same grid as turned cards on a
    portrait one, and portrait pages keep "flip on the long edge" meaning one thing for every
    printer. A ``fold`` sheet holds its backs below its fronts: half its rows each.
    """
    g = max(gutter, 2 * opts.bleed)
    grids = _grids(w, h, opts, g, turned=False, fold=fold)
    if abs(w - h) > 1e-9:
        grids += _grids(h, w, opts, g, turned=True, fold=fold)
    # Fewest sheets; then the footer upright below the cards (a footer at the right reads
    # bottom to top: only where it saves a sheet); then upright cards; then more a sheet.
    best = min(grids, key=lambda c: (_sheets(c, count), c.footer != "bottom", c.turned, -c.per_page),
               default=None)
    if best is None:
        raise PrintkitError(
            f"a {w:g} x {h:g} mm card{' and its back below it' if fold else ''} (bleed {opts.bleed:g} mm) does not fit on "
            f"{PAPER_NAMES[opts.paper]} inside the {MARGIN:g} mm margin"
        )
    return best


def sheet_bands(grid: Grid, opts: PrintOptions) -> dict[str, float]:
    """The room a full sheet of ``grid`` leaves around its cards and their crop marks, in mm in
    the box inside the margins (its top left at MARGIN, MARGIN): ``sheet_w`` (the box's width
    beside the footer) and ``mid_x`` (its middle), the band above the cards ``0..above_h`` and
    the band below them from ``below_y``, ``below_h`` high, down to the footer, and the middles
    of the bands, ``above_mid`` and ``below_mid``."""
    W, H = opts.size
    reach = opts.bleed  # how far beyond the trim the cards' bleed and marks go
    if opts.crop_marks:
        offset, length = mark_geometry(min(grid.zone_x, grid.zone_y), opts.bleed)
        reach = offset + length + MARK_STYLE.stroke_width
    bottom = H - MARGIN - (FOOTER_H + FOOTER_GAP if grid.footer == "bottom" else 0)
    below_y = grid.y + grid.height + reach
    sheet_w = W - 2 * MARGIN - (FOOTER_H + FOOTER_GAP if grid.footer == "right" else 0)
    above_h = grid.y - reach - MARGIN
    return {"sheet_w": sheet_w, "mid_x": sheet_w / 2, "above_h": above_h, "above_mid": above_h / 2,
            "below_y": below_y - MARGIN, "below_h": bottom - below_y, "below_mid": (below_y + bottom) / 2 - MARGIN}


def card_matrix(grid: Grid, k: int, paper_w: float, back: bool) -> Matrix:
    """Where the k-th card of a sheet is drawn from its own (0..w, 0..h) box.

    A back lands behind its front once the sheet is flipped on its long edge: its cell is the
    front's mirrored left to right. An upright card's back stands upright too. A turned card's
    front is turned clockwise, its top at the sheet's right; flipping the sheet brings that
    edge to the left, so the back is turned anticlockwise, its top at the left: held with its
    front's top up, the card shows its back's top up too.
    """
    x, y = grid.position(k)
    if back:
        x = paper_w - x - grid.w
    if not grid.turned:
        return Matrix.translate(x, y)
    if back:
        return Matrix.translate(x, y + grid.h) @ Matrix.rotate(-90)
    return Matrix.translate(x + grid.w, y) @ Matrix.rotate(90)


@dataclass(frozen=True)
class Tail:
    """Smaller cards of another layout that end a card document (a game's tokens after its
    cards, where the cards leave room): their fronts, their backs, their size, gutter, cut guide and corner radius, and
    the note their own fold sheet prints (see :func:`impose_cards`)."""

    fronts: list[list[Op]]
    backs: list[list[Op]]
    w: float
    h: float
    gutter: float = 0.0
    guide: Style | None = None
    radius: float = 0.0
    note: tuple[Op, ...] = ()


def tail_grid(tail: Tail, main: Grid, count: int, n: int, opts: PrintOptions) -> Grid | None:
    """Where ``n`` of ``tail``'s cards go in the band below the ``count`` cards (and their crop
    marks) of a sheet of ``main``, down to the footer: as few rows as the band's width allows,
    the columns as even as those rows let them be, the block centred in the band; None if they
    do not fit."""
    W, H = opts.size
    b = opts.bleed
    zmin = (b + MARK_MIN) if opts.crop_marks else b
    reach = b
    if opts.crop_marks:
        offset, length = mark_geometry(min(main.zone_x, main.zone_y), b)
        reach = offset + length + MARK_STYLE.stroke_width
    _, y, _, uh = main.used(count)
    top = y + uh + reach
    bottom = H - MARGIN - (FOOTER_H + FOOTER_GAP if main.footer == "bottom" else 0)
    aw = W - 2 * MARGIN - (FOOTER_H + FOOTER_GAP if main.footer == "right" else 0)
    g = max(tail.gutter, 2 * b)
    fit = math.floor((aw - 2 * zmin + g) / (tail.w + g) + 1e-9)
    if fit < 1 or n == 0:
        return None
    rows = -(-n // fit)
    cols = -(-n // rows)
    if (bottom - top - rows * tail.h - (rows - 1) * g) / 2 < zmin - 1e-9:
        return None
    # The spare height shared by the gaps above, between and below the rows (no blank band on
    # the sheet), the gutter as wide across as the band's width lets it be.
    spread = (bottom - top - rows * tail.h - 2 * zmin) / (rows + 1)
    across = (aw - 2 * zmin - cols * tail.w) / (cols - 1) if cols > 1 else spread
    g = max(g, min(spread, across))
    gw, gh = cols * tail.w + (cols - 1) * g, rows * tail.h + (rows - 1) * g
    zone_y = (bottom - top - gh) / 2
    zone_x = (aw - gw) / 2
    return Grid(cols, rows, MARGIN + zone_x, top + zone_y, tail.w, tail.h, g, main.footer, zone_x, zone_y)


def _share(n: int, parts: int) -> list[int]:
    """``n`` shared evenly over ``parts`` (the first take one more where it does not divide)."""
    return [n // parts + (1 if i < n % parts else 0) for i in range(parts)]


def place_tail(tail: Tail, grid: Grid, counts: list[int], opts: PrintOptions) -> tuple[Grid, list[Grid | None]] | None:
    """Where a ``tail``'s cards go on sheets of ``grid`` holding ``counts`` cards each: the grid
    the sheets then use, and each sheet's grid of tail cards (None: none on it), or None when
    they fit on no such sheet (they get fold sheets of their own).

    In the band below the last sheet's cards if they fit there; else shared evenly over every
    sheet's band, the cards standing at the top of each sheet (their crop marks at the margin),
    the footer below them or, where only that makes room, up the right edge."""
    n = len(tail.fronts)
    last = tail_grid(tail, grid, counts[-1], n, opts)
    if last is not None:
        return grid, [None] * (len(counts) - 1) + [last]
    zmin = (opts.bleed + MARK_MIN) if opts.crop_marks else opts.bleed
    shares = _share(n, len(counts))
    for cand in _grids(grid.w, grid.h, opts, grid.gutter, grid.turned):
        if cand.per_page < max(counts):
            continue
        top = replace(cand, y=MARGIN + zmin, zone_y=zmin)
        grids = [tail_grid(tail, top, c, k, opts) for c, k in zip(counts, shares, strict=True)]
        if all(g is not None for g in grids):
            return top, grids
    return None


def impose_cards(fronts: list[list[Op]], backs: list[list[Op]] | None, w: float, h: float,
                 opts: PrintOptions, info: FooterInfo, gutter: float = 0.0,
                 guide: Style | None = None, radius: float = 0.0,
                 notes: tuple[list[Op], list[Op]] = ([], []), balance: bool = False,
                 fold: bool = False, tail: Tail | None = None) -> list[Page]:
    """Card sheets: fronts n-up, and when ``backs`` are given each sheet's backs on the next
    page, mirrored for long-edge duplex and shifted by ``opts.duplex_offset``. ``notes`` (the
    fronts' page's, the backs') are printed once on every such page around its cards, upright,
    in the box inside the margins (:func:`sheet_bands`).

    A ``fold`` sheet (fold-and-glue, no duplex printer needed) puts the backs on the same page:
    the fronts fill the upper rows, and each back stands in the lower rows where its front
    lands when the sheet is folded across the line halfway between them (marked by a dashed
    tick at each end), turned so that a card turned over sideways shows its back upright. The
    vertical cuts are marked above the fronts and below the backs, each row's cuts at its ends.

    Each card is drawn in its own coordinates (0..w, 0..h), clipped to its bleed when there is
    one (without bleed nothing is clipped).

    Cut lines carry no ink from the cards (issue 28): with ``--bleed`` the crop marks show the
    cuts and the art runs on past them; without bleed (cut at home, cards side by side) each
    front's cut, its corners rounded by ``radius``, is traced in ``guide`` (the layouts' ``cut``
    style, a light grey hairline), over the cards. Backs get none: cards are cut from the front.

    With ``balance`` the cards are shared evenly over the sheets they need (the first sheets
    take one more where they do not divide evenly) instead of filling every sheet but the last,
    unless a ``tail`` then fits on none of those sheets but fits below a last sheet left part empty.

    A ``tail`` (duplex cards only) ends the document: its cards stand in the band below the last
    sheet's cards (:func:`tail_grid`), their backs mirrored on that sheet's back page like the
    others, when they fit there; else they follow on fold sheets of their own, as their own
    layout prints them alone (each with the tail's note).
    """
    W, H = opts.size
    fold = fold and backs is not None
    grid = plan_grid(w, h, opts, gutter, count=len(fronts), fold=fold)
    b = opts.bleed
    sheets = _sheet_ranges(len(fronts), grid.per_page, balance)
    tail = _duplex_tail(tail, backs, fold)
    planned = _plan_tail(tail, grid, sheets, opts)
    if balance and planned[3] is not None:  # the tail fits on no balanced sheet: fill the sheets
        full = _sheet_ranges(len(fronts), grid.per_page, False)
        if (unbalanced := _plan_tail(tail, grid, full, opts))[3] is None:
            sheets, planned = full, unbalanced
    grid, tgrids, tparts, fgrid = planned
    n_pages = len(sheets) * (2 if backs is not None and not fold else 1)
    own = _tail_fold_sheets(tail, fgrid, opts, len(sheets))  # after the duplex sheets
    n_pages += len(own)
    pages: list[Page] = []
    dx, dy = opts.duplex_offset
    clip = (-b, -b, w + 2 * b, h + 2 * b) if b > 0 else None

    def mirror_box(box):
        x, y, bw_, bh_ = box
        return (W - x - bw_ + dx, y + dy, bw_, bh_)

    fronts = [extend_to_bleed(f, w, h, b) for f in fronts]
    backs = None if backs is None else [extend_to_bleed(k, w, h, b) for k in backs]
    for s, sheet in enumerate(sheets):
        if fold:
            assert backs is not None
            pages.append(_fold_sheet([fronts[i] for i in sheet], [backs[i] for i in sheet], sheet.start, grid,
                                     w, h, opts, clip, guide, radius, s, notes[0]))
            continue
        # The trim and bleed boxes end at the last row and column this sheet uses (issue 28),
        # round its tail cards too.
        tgrid, part = tgrids[s], tparts[s]
        trim = _union(grid.used(len(sheet)), tgrid.used(len(part))) if tgrid else grid.used(len(sheet))
        bleed_box = (trim[0] - b, trim[1] - b, trim[2] + 2 * b, trim[3] + 2 * b)
        ops: list[Op] = []
        for k, i in enumerate(sheet):
            ops.append(Group(tuple(fronts[i]), card_matrix(grid, k, W, back=False), clip=clip,
                             tag=f"card-{i + 1}-front"))
        if guide is not None and b <= 0:
            r = min(radius, w / 2, h / 2)
            ops += [Group((Rect(0, 0, w, h, guide, radius=r),), card_matrix(grid, k, W, back=False),
                          tag="cut-guide") for k in range(len(sheet))]
        ops += _sheet_marks(grid, opts, len(sheet)) + _tail_cards(tail, tgrid, part, opts, back=False)
        if notes[0]:
            ops.append(Group(tuple(notes[0]), Matrix.translate(MARGIN, MARGIN), tag="sheet-front"))
        pages.append(Page(W, H, ops, trim=trim, bleed=bleed_box if b else None, label=f"sheet {s + 1} fronts"))
        if backs is not None:
            bops: list[Op] = []
            for k, i in enumerate(sheet):
                bops.append(Group(tuple(backs[i]), card_matrix(grid, k, W, back=True), clip=clip,
                                  tag=f"card-{i + 1}-back"))
            bops += [Group(tuple(_sheet_marks(grid, opts, len(sheet))), Matrix.translate(W, 0) @ Matrix.mirror("x"))]
            bops += _tail_cards(tail, tgrid, part, opts, back=True)
            if notes[1]:
                bops.append(Group(tuple(notes[1]), Matrix.translate(MARGIN, MARGIN), tag="sheet-back"))
            shifted = Group(tuple(bops), Matrix.translate(dx, dy), tag="duplex-shift")
            pages.append(Page(W, H, [shifted], trim=mirror_box(trim), bleed=mirror_box(bleed_box) if b else None,
                              label=f"sheet {s + 1} backs"))
    _sheet_footers(pages, grid, opts, info, n_pages, backs_between=backs is not None and not fold)
    _sheet_footers(own, fgrid or grid, opts, info, n_pages, backs_between=False, first=len(pages))
    return pages + own


def _sheet_ranges(n: int, per_page: int, balance: bool) -> list[range]:
    """Which of ``n`` cards each sheet of ``per_page`` holds: every sheet full but the last, or
    (``balance``) shared evenly over as many sheets (the first take one more)."""
    per_sheet = per_page
    if balance and n:
        per_sheet = math.ceil(n / math.ceil(n / per_page))
    return [range(i, min(i + per_sheet, n)) for i in range(0, n, per_sheet)]


def _duplex_tail(tail: Tail | None, backs: list[list[Op]] | None, fold: bool) -> Tail | None:
    """The tail, on duplex sheets only (with backs, not folded)."""
    return tail if backs is not None and not fold else None


def _plan_tail(tail: Tail | None, grid: Grid, sheets: list[range], opts: PrintOptions
               ) -> tuple[Grid, list[Grid | None], list[range], Grid | None]:
    """For ``sheets`` of ``grid``: the grid they then use, each sheet's grid of tail cards and
    which of them it holds (:func:`place_tail`), and the grid of the tail's own fold sheets
    where they fit on no sheet (else None)."""
    none: list[Grid | None] = [None] * len(sheets)
    if tail is None or not sheets:
        return grid, none, [range(0)] * len(sheets), None
    placed = place_tail(tail, grid, [len(sheet) for sheet in sheets], opts)
    if placed is None:
        fgrid = plan_grid(tail.w, tail.h, opts, tail.gutter, count=len(tail.fronts), fold=True)
        return grid, none, [range(0)] * len(sheets), fgrid
    grid, tgrids = placed
    return grid, tgrids, _tail_parts(tgrids, len(tail.fronts)), None


def _tail_parts(tgrids: list[Grid | None], n: int) -> list[range]:
    """Which of a tail's ``n`` cards each sheet holds: shared evenly over the sheets when each
    has a grid for them, else all on the last."""
    shares = _share(n, len(tgrids)) if tgrids[0] is not None else [0] * (len(tgrids) - 1) + [n]
    starts = [sum(shares[:i]) for i in range(len(tgrids))]
    return [range(a, a + k) for a, k in zip(starts, shares, strict=True)]


def _tail_fold_sheets(tail: Tail | None, grid: Grid | None, opts: PrintOptions,
                      sheet: int) -> list[Page]:
    """A tail's own fold sheets in ``grid`` (numbered from ``sheet``; none without a grid), as
    its layout prints them alone, its cards tagged tail-N; without footers."""
    if tail is None or grid is None:
        return []
    b = opts.bleed
    tb = [extend_to_bleed(k, tail.w, tail.h, b) for k in tail.backs]
    tf = [extend_to_bleed(f, tail.w, tail.h, b) for f in tail.fronts]
    clip = (-b, -b, tail.w + 2 * b, tail.h + 2 * b) if b > 0 else None
    own: list[Page] = []
    for t, i in enumerate(range(0, len(tf), grid.per_page)):
        j = min(i + grid.per_page, len(tf))
        own.append(_fold_sheet(tf[i:j], tb[i:j], i, grid, tail.w, tail.h, opts, clip,
                               tail.guide, tail.radius, sheet + t, list(tail.note), prefix="tail"))
    return own


def _union(a: tuple[float, float, float, float], c: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """The smallest box (x, y, w, h) holding boxes ``a`` and ``c``."""
    x, y = min(a[0], c[0]), min(a[1], c[1])
    return (x, y, max(a[0] + a[2], c[0] + c[2]) - x, max(a[1] + a[3], c[1] + c[3]) - y)


def _tail_cards(tail: Tail | None, grid: Grid | None, part: range, opts: PrintOptions, back: bool) -> list[Op]:
    """A tail's cards ``part`` in ``grid`` on a sheet's fronts' page, or (``back``) their backs at
    the mirrored places on its backs' page (with its marks, mirrored; inside the duplex shift);
    nothing on a sheet without them."""
    if tail is None or grid is None:
        return []
    W = opts.size[0]
    b = opts.bleed
    clip = (-b, -b, tail.w + 2 * b, tail.h + 2 * b) if b > 0 else None
    faces = [(tail.backs if back else tail.fronts)[i] for i in part]
    side = "back" if back else "front"
    ops: list[Op] = [Group(tuple(extend_to_bleed(f, tail.w, tail.h, b)), card_matrix(grid, k, W, back=back),
                           clip=clip, tag=f"tail-{part.start + k + 1}-{side}") for k, f in enumerate(faces)]
    marks = _sheet_marks(grid, opts, len(faces))
    if back:
        return ops + [Group(tuple(marks), Matrix.translate(W, 0) @ Matrix.mirror("x"))]
    if tail.guide is not None and b <= 0:
        r = min(tail.radius, tail.w / 2, tail.h / 2)
        ops += [Group((Rect(0, 0, tail.w, tail.h, tail.guide, radius=r),), card_matrix(grid, k, W, back=False),
                      tag="cut-guide") for k in range(len(faces))]
    return ops + marks


def _sheet_footers(pages: list[Page], grid: Grid, opts: PrintOptions, info: FooterInfo, n_pages: int,
                   backs_between: bool, first: int = 0) -> None:
    """Each card sheet page's footer, where ``grid`` puts it (``backs_between``: every second
    page is a back, its footer at the right turned to the mirrored edge)."""
    W, H = opts.size
    for p, page in enumerate(pages):
        text = footer_text(info, opts, first + p + 1, n_pages)
        back = backs_between and p % 2 == 1
        if grid.footer == "bottom":
            box = (MARGIN, H - MARGIN - FOOTER_H, W - 2 * MARGIN, FOOTER_H)
            page.ops.append(footer_ops(text, box, vertical=False))
        else:
            x = W - MARGIN - FOOTER_H
            box = (W - x - FOOTER_H if back else x, MARGIN, FOOTER_H, H - 2 * MARGIN)
            page.ops.append(footer_ops(text, box, vertical=True))


def _fold_sheet(fronts: list[list[Op]], backs: list[list[Op]], first: int, grid: Grid, w: float, h: float,
                opts: PrintOptions, clip, guide: Style | None, radius: float, s: int, note: list[Op],
                prefix: str = "card") -> Page:
    """One fold sheet (see :func:`impose_cards`): ``fronts`` in the upper rows, ``backs`` in the
    lower ones, each the mirror of its front across the fold line; card numbers from ``first``
    (tagged ``prefix``-N-front and -back); the fronts' ``note`` (a sheet's one page: a layout's
    back notes have no page to go on)."""
    W, H = opts.size
    b = opts.bleed
    n = len(fronts)
    cols, rows = min(grid.cols, n), -(-n // grid.cols)
    fold_y = grid.y + rows * (grid.h + grid.gutter) - grid.gutter / 2
    # Across the fold: the page reflected top to bottom about the fold line; the card's own
    # left and right swapped, so that the two reflections make a half turn (no mirrored art).
    across = Matrix.translate(0, 2 * fold_y) @ Matrix.mirror("y")
    own = Matrix.translate(w, 0) @ Matrix.mirror("x")
    ops: list[Op] = []
    for k in range(n):
        ops.append(Group(tuple(fronts[k]), card_matrix(grid, k, W, back=False), clip=clip,
                         tag=f"{prefix}-{first + k + 1}-front"))
    for k in range(n):
        ops.append(Group(tuple(backs[k]), across @ card_matrix(grid, k, W, back=False) @ own, clip=clip,
                         tag=f"{prefix}-{first + k + 1}-back"))
    if guide is not None and b <= 0:
        r = min(radius, w / 2, h / 2)
        ops += [Group((Rect(0, 0, w, h, guide, radius=r),), card_matrix(grid, k, W, back=False), tag="cut-guide")
                for k in range(n)]
    zone = min(grid.zone_x, grid.zone_y)
    offset, length = mark_geometry(zone, b)
    if opts.crop_marks:
        xs = sorted({round(grid.x + c * (grid.w + grid.gutter) + d, 6) for c in range(cols) for d in (0, grid.w)})
        block = grid.span_y(2 * rows)
        ys = []
        for r in range(rows):
            used = grid.span_x(min(grid.cols, n - r * grid.cols))
            for y in (grid.y + r * (grid.h + grid.gutter), grid.y + r * (grid.h + grid.gutter) + grid.h):
                ys += [(y, grid.x, grid.x + used), (2 * fold_y - y, grid.x, grid.x + used)]
        ops += crop_marks([(x, grid.y, grid.y + block) for x in xs], sorted(set(ys)), offset, length)
    right = grid.x + grid.span_x(cols)
    ops += [Line(grid.x - offset - length, fold_y, grid.x - offset, fold_y, FOLD_STYLE, tag="fold-mark"),
            Line(right + offset, fold_y, right + offset + length, fold_y, FOLD_STYLE, tag="fold-mark")]
    if note:
        ops.append(Group(tuple(note), Matrix.translate(MARGIN, MARGIN), tag="sheet-front"))
    trim = (grid.x, grid.y, grid.span_x(cols), grid.span_y(2 * rows))
    bleed_box = (trim[0] - b, trim[1] - b, trim[2] + 2 * b, trim[3] + 2 * b)
    return Page(W, H, ops, trim=trim, bleed=bleed_box if b else None,
                label=f"sheet {s + 1}: fronts above the fold, backs below")


def item_pages(fronts: list[list[Op]], backs: list[list[Op]] | None, w: float, h: float,
               opts: PrintOptions) -> list[Page]:
    """Each card alone on a page of its trim plus the bleed (``opts.items``): card ``i``'s face is
    page ``2i`` and its back page ``2i + 1`` when there are backs (else its face is page ``i``).
    A back is drawn as it is seen, upright (not mirrored: no duplex to line up). Fills at the
    trim run on through the bleed and the card is clipped to it, as on a sheet."""
    b = opts.bleed
    clip = (-b, -b, w + 2 * b, h + 2 * b)
    pages: list[Page] = []
    for i, front in enumerate(fronts):
        sides = [("face", front)] + ([("back", backs[i])] if backs is not None else [])
        for side, ops in sides:
            card = Group(tuple(extend_to_bleed(ops, w, h, b)), Matrix.translate(b, b), clip=clip,
                         tag=f"card-{i + 1}-{side}")
            pages.append(Page(w + 2 * b, h + 2 * b, [card], trim=(b, b, w, h),
                              label=f"card {i + 1} {side}"))
    return pages


def _sheet_marks(grid: Grid, opts: PrintOptions, count: int) -> list[Op]:
    """Marks for the cuts this sheet's ``count`` cards use, each ending at the cards it cuts
    (issue 28): a vertical cut is marked above the first row and below the lowest card along
    it, a horizontal cut left of the first column and right of the last card along it; on a
    sheet whose last row is short, the marks of its empty cells stand in them, next to the
    cards, not at the foot of the whole grid. A back's marks are its front's, mirrored."""
    if not opts.crop_marks:
        return []
    cols = min(grid.cols, count)
    rows_of: dict[float, int] = {}  # a vertical cut -> the most rows used by a column it bounds
    for c in range(cols):
        x = grid.x + c * (grid.w + grid.gutter)
        n = (count - 1 - c) // grid.cols + 1
        for v in (round(x, 6), round(x + grid.w, 6)):
            rows_of[v] = max(rows_of.get(v, 0), n)
    cols_of: dict[float, int] = {}  # a horizontal cut -> the most columns used by a row it bounds
    for r in range(-(-count // grid.cols)):
        y = grid.y + r * (grid.h + grid.gutter)
        n = min(grid.cols, count - r * grid.cols)
        for v in (round(y, 6), round(y + grid.h, 6)):
            cols_of[v] = max(cols_of.get(v, 0), n)
    zone = min(grid.zone_x, grid.zone_y)
    offset, length = mark_geometry(zone, opts.bleed)
    xs = [(x, grid.y, grid.y + grid.span_y(rows_of[x])) for x in sorted(rows_of)]
    ys = [(y, grid.x, grid.x + grid.span_x(cols_of[y])) for y in sorted(cols_of)]
    return crop_marks(xs, ys, offset, length)


# -- posters: one large drawing tiled over several pages -------------------------------------

@dataclass(frozen=True)
class Tile:
    """Part of a poster printed on one page: the window (x, y, w, h) in poster mm."""

    label: str  # column letter and row number, A1 top left
    col: int
    row: int
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class TilePlan:
    """How a poster is cut into tiles: ``cols`` x ``rows`` tiles overlapping by ``overlap`` mm."""

    cols: int
    rows: int
    overlap: float
    tiles: tuple[Tile, ...]
    offset: tuple[float, float]  # where the poster's (0, 0) lies in the tiled area


def plan_tiles(width: float, height: float, opts: PrintOptions, overlap: float = 10.0) -> TilePlan:
    """How a ``width`` x ``height`` mm poster is cut into page-sized tiles that overlap their
    neighbours by exactly ``overlap`` mm; the poster is centred in the tiled area."""
    _, _, ww, wh = content_box(opts)
    if overlap * 2 >= min(ww, wh):
        raise PrintkitError(f"an overlap of {overlap:g} mm leaves no room on {PAPER_NAMES[opts.paper]}")
    sx, sy = ww - overlap, wh - overlap
    cols = max(1, math.ceil((width - overlap) / sx - 1e-9))
    rows = max(1, math.ceil((height - overlap) / sy - 1e-9))
    total_w, total_h = cols * sx + overlap, rows * sy + overlap
    ox, oy = (total_w - width) / 2, (total_h - height) / 2
    tiles = tuple(
        Tile(f"{chr(65 + c)}{r + 1}", c, r, c * sx - ox, r * sy - oy, ww, wh)
        for r in range(rows) for c in range(cols)
    )
    return TilePlan(cols, rows, overlap, tiles, (ox, oy))


def registration_marks(plan: TilePlan, size: float = 6.0) -> list[Op]:
    """Crosshairs in the middle of every overlap, in poster coordinates: on two neighbouring
    tiles they print at the same place of the poster, so laying one over the other until the
    crosshairs meet puts the tiles together."""
    style = Style(stroke=BLACK, stroke_width=0.2)
    ops: list[Op] = []
    t0 = plan.tiles[0]
    sx, sy = t0.w - plan.overlap, t0.h - plan.overlap
    xs = [t0.x + (c + 1) * sx + plan.overlap / 2 for c in range(plan.cols - 1)]
    ys = [t0.y + (r + 1) * sy + plan.overlap / 2 for r in range(plan.rows - 1)]
    # Along each vertical overlap: marks at a third and two thirds of every tile's height.
    for x in xs:
        for r in range(plan.rows):
            for f in (1 / 3, 2 / 3):
                ops += _crosshair(x, t0.y + r * sy + t0.h * f, size, style)
    for y in ys:
        for c in range(plan.cols):
            for f in (1 / 3, 2 / 3):
                ops += _crosshair(t0.x + c * sx + t0.w * f, y, size, style)
    return ops


def _crosshair(x: float, y: float, size: float, style: Style) -> list[Op]:
    h = size / 2
    return [Circle(x, y, h * 0.6, Style(stroke=style.stroke, stroke_width=style.stroke_width, fill=WHITE)),
            Line(x - h, y, x + h, y, style, tag="registration"), Line(x, y - h, x, y + h, style)]


def tile_pages(poster: list[Op], plan: TilePlan, opts: PrintOptions, info: FooterInfo,
               first_page: int = 1, pages_total: int | None = None) -> list[Page]:
    """One page per tile: the poster's window, clipped, with the tile named in the footer."""
    W, H = opts.size
    bx, by, _, _ = content_box(opts)
    marks = registration_marks(plan)
    total = pages_total or len(plan.tiles)
    pages = []
    for i, t in enumerate(plan.tiles):
        body = Group(tuple(poster) + tuple(marks), Matrix.translate(-t.x, -t.y))
        window = Group((body,), Matrix.translate(bx, by), clip=(0.0, 0.0, t.w, t.h), tag=f"tile {t.label}")
        frame = Rect(bx, by, t.w, t.h, Style(stroke=Colour(0.6, 0.6, 0.6), stroke_width=0.15, dash=(1.0, 1.0)))
        text = footer_text(info, opts, first_page + i, total, f"tile {t.label} of {plan.cols} x {plan.rows}")
        foot = footer_ops(text, (PAGE_MARGIN, H - PAGE_MARGIN - FOOTER_H, W - 2 * PAGE_MARGIN, FOOTER_H), False)
        pages.append(Page(W, H, [window, frame, foot], label=f"tile {t.label}"))
    return pages
