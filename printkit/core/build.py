"""From a layout file to a :class:`Document`: full pages or an n-up card sheet, with furniture."""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from typing import Any

from printkit.core.draw.ops import Document, LazyPages, Op, Page, Rect, Style
from printkit.core.draw.page import (FooterInfo, PrintOptions, Tail, compose_page, content_box, design_misfit,
                                     impose_cards, item_pages, plan_grid, sheet_bands)
from printkit.errors import PrintkitError
from printkit.core.layout.load import Layout, load_layout
from printkit.core import progress
from printkit.core.layout.poster import poster_item, poster_pages
from printkit.core.layout.render import Renderer


#: At most this many pages, or cards, in one document (a component's --count may make up to 10,000).
MAX_PAGES = 20_000

#: The style a card sheet's cut guide is drawn in (without bleed), if the layout has it.
CUT_STYLE = "cut"

#: While set (by ``printkit check``), the files of the layouts built are added to this list.
built: ContextVar[list[str] | None] = ContextVar("printkit_built", default=None)


def base_context(layout: Layout, opts: PrintOptions, data: dict[str, Any] | None) -> dict[str, Any]:
    ctx: dict[str, Any] = dict(layout.spec.data)
    ctx.update(data or {})
    ctx.update({"bw": opts.bw, "paper": opts.paper, "seed": opts.seed, "bleed": opts.bleed})
    return ctx


def design_box(r: Renderer, size, ctx: dict[str, Any], opts: PrintOptions) -> tuple[float, float]:
    """A full page's design box: the layout's ``size``, or all the paper gives (``printable``, or
    no size)."""
    if size is None or size == "printable":
        _, _, w, h = content_box(opts)
        return (w, h)
    return (r.length(size[0], ctx, "size[0]"), r.length(size[1], ctx, "size[1]"))


def build_document(layout_name: str, opts: PrintOptions, info: FooterInfo,
                   data: dict[str, Any] | None = None, tail: str | None = None) -> Document:
    """The document a layout makes for these options; ``data`` adds to the layout's own data.
    A card layout's sheets may end with the cards of a ``tail`` card layout (drawn with the same
    data; see :func:`printkit.core.draw.page.impose_cards`); as items (``opts.items``) only
    the layout's own cards are made."""
    layout = load_layout(layout_name)
    seen = built.get()
    if seen is not None:
        seen.append(layout.sources[0])
    ctx = base_context(layout, opts, data)
    r = Renderer(layout, bw=opts.bw, base=ctx)
    spec = layout.spec
    title = spec.title or f"{info.game} {info.component}"
    if spec.cards is not None:
        return _card_sheets(layout, r, ctx, opts, info, title, tail, data)
    design = r.design = design_box(r, spec.size, ctx, opts)
    if spec.poster is not None:
        if opts.items:  # the whole drawing at real size, on one page
            return Document(_ink([poster_item(r, spec.poster, ctx, design)], r, opts), r.symbols, title)
        return Document(_ink(poster_pages(r, spec.poster, ctx, design, opts, info), r, opts), r.symbols, title)
    if spec.pages is None:
        raise layout.error("", "nothing to draw: this file has neither 'pages', 'cards' nor 'poster' "
                               "(a library of styles and symbols is only for 'include')")
    if misfit := design_misfit(design, opts):  # before a page is drawn, for check as for make
        raise layout.error("size", misfit)
    # One entry per page spec: (its index, its items or None, its first page); pages (and the
    # items they run over, when those are made lazily) are made when asked for.
    pages_spec = spec.pages
    plan: list[tuple[int, Sequence[Any] | None, int]] = []
    total = 0
    for i, p in enumerate(pages_spec):
        entries = None if p.over is None else r.items(p.over, None, ctx, f"pages[{i}]")
        plan.append((i, entries, total))
        total += 1 if entries is None else len(entries)
        _check_count(layout, total, f"pages[{i}]", "pages")
    starts = [start for _, _, start in plan]

    def make(n: int):
        i, items, start = plan[bisect.bisect_right(starts, n) - 1]
        p = pages_spec[i]
        sub = ctx
        if items is not None:
            k = n - start
            sub = {**ctx, p.as_: items[k], "page_index": k, "page_n": k + 1}
        ops = r.page(p.elements, sub, f"pages[{i}].elements")
        progress.tick(total)
        if opts.items:  # the design box alone, without margins and footer
            return Page(design[0], design[1], ops, label=f"page {n + 1}")
        return compose_page(ops, design, opts, info, n + 1, total, layout.file)

    made: Callable[[int], Page] = make
    if opts.bw:  # only --bw imports low-ink drawing (its module and dataclass, ~1 ms)
        from printkit.core.draw.lowink import low_ink_pages

        made = low_ink_pages(make, r.symbols)
    pages: Sequence[Page] = LazyPages(total, made) if total > 1 else [made(n) for n in range(total)]
    return Document(pages, r.symbols, title)


def _tail(name: str, r: Renderer, opts: PrintOptions, data: dict[str, Any] | None) -> Tail:
    """The cards of card layout ``name`` as a :class:`Tail` of ``r``'s sheets, their symbols
    added to ``r``'s (a symbol both draw must be drawn alike), and the note its fold sheet prints."""
    layout = load_layout(name)
    seen = built.get()
    if seen is not None:
        seen.append(layout.sources[0])
    c = layout.spec.cards
    if c is None or c.back is None:
        raise layout.error("cards", "a tail of card sheets is a card layout with backs")
    ctx = base_context(layout, opts, data)
    t = Renderer(layout, bw=opts.bw, base=ctx)
    w, h = t.length(c.w, ctx, "cards.w"), t.length(c.h, ctx, "cards.h")
    gutter = t.length(c.gutter, ctx, "cards.gutter")
    items = t.items(c.over, None, ctx, "cards")
    bg = t.colour(c.background, ctx, "cards.background")
    fronts = [_face(t, ctx, c.front, it, i, w, h, bg, opts.bleed, "cards.front") for i, it in enumerate(items)]
    backs = [_face(t, ctx, c.back, it, i, w, h, bg, opts.bleed, "cards.back") for i, it in enumerate(items)]
    note: list[Op] = []
    if c.sheet is not None:
        grid = plan_grid(w, h, opts, gutter, count=len(items), fold=True)
        t.start_page()
        note = t.elements(c.sheet.front, {**ctx, **sheet_bands(grid, opts)}, "cards.sheet.front")
    for key, ops in t.symbols.items():
        if r.symbols.setdefault(key, ops) != ops:
            raise layout.error(f"symbols.{key}", f"drawn otherwise by {r.layout.sources[0]}, whose sheets it ends")
    return Tail(fronts, backs, w, h, gutter, _guide(layout, t, ctx), t.length(c.radius, ctx, "cards.radius"), tuple(note))


def _face(r: Renderer, ctx: dict[str, Any], elements, item, i: int, w: float, h: float, bg, b: float,
          where: str) -> list[Op]:
    """One card's face or back: ``elements`` for ``item`` (the ``i``-th), on ``bg`` through the bleed."""
    sub = {**ctx, "item": item, "index": i, "n": i + 1, "card_w": w, "card_h": h}
    r.start_page()
    ops: list[Op] = []
    if bg is not None:
        ops.append(Rect(-b, -b, w + 2 * b, h + 2 * b, Style(stroke=None, fill=bg)))
    return ops + r.elements(elements, sub, where)


def _guide(layout: Layout, r: Renderer, ctx: dict[str, Any]) -> Style | None:
    """The cut guide's look: the layouts' shared style `cut` (layouts/common.yaml); a layout
    without one draws no guide."""
    if CUT_STYLE not in layout.styles:
        return None
    return r.shape_style(r.style_spec(CUT_STYLE, ctx, f"styles.{CUT_STYLE}"), ctx, f"styles.{CUT_STYLE}")


def _card_sheets(layout: Layout, r: Renderer, ctx: dict[str, Any], opts: PrintOptions, info: FooterInfo,
                 title: str, tail: str | None = None, data: dict[str, Any] | None = None) -> Document:
    """The card sheets of a layout's ``cards``."""
    c = layout.spec.cards
    assert c is not None
    w, h = r.length(c.w, ctx, "cards.w"), r.length(c.h, ctx, "cards.h")
    gutter = r.length(c.gutter, ctx, "cards.gutter")
    items = r.items(c.over, None, ctx, "cards")
    _check_count(layout, len(items), "cards.over", "cards")
    grid = None
    try:  # the card fits this paper, or the layout says why before a card is drawn (issue 26)
        grid = plan_grid(w, h, opts, gutter, count=len(items), fold=c.fold and c.back is not None)
    except PrintkitError as e:
        if not opts.items:  # an item alone needs no paper
            raise layout.error("cards", str(e)) from None
    bg = r.colour(c.background, ctx, "cards.background")
    b = opts.bleed

    fronts = [_face(r, ctx, c.front, it, i, w, h, bg, b, "cards.front") for i, it in enumerate(items)]
    backs = ([_face(r, ctx, c.back, it, i, w, h, bg, b, "cards.back") for i, it in enumerate(items)]
             if c.back is not None else None)
    if opts.items:
        return Document(_ink(item_pages(fronts, backs, w, h, opts), r, opts), r.symbols, title)
    guide = _guide(layout, r, ctx)
    notes: tuple[list[Op], list[Op]] = ([], [])
    if c.sheet is not None and grid is not None:
        sub = {**ctx, **sheet_bands(grid, opts)}
        r.start_page()
        front = r.elements(c.sheet.front, sub, "cards.sheet.front")
        r.start_page()
        notes = (front, r.elements(c.sheet.back, sub, "cards.sheet.back"))
    sheets = impose_cards(fronts, backs, w, h, opts, info, gutter, guide, r.length(c.radius, ctx, "cards.radius"),
                          notes, balance=c.balance, fold=c.fold,
                          tail=None if tail is None else _tail(tail, r, opts, data))
    return Document(_ink(sheets, r, opts), r.symbols, title, duplex=backs is not None and not c.fold)


def _ink(pages: list[Page], r: Renderer, opts: PrintOptions) -> list[Page]:
    """``--bw`` pages are low-ink: line art and patterns instead of grey floods."""
    if not opts.bw:
        return pages
    from printkit.core.draw.lowink import low_ink_page

    return [low_ink_page(p, r.symbols) for p in pages]


def _check_count(layout: Layout, n: int, where: str, what: str) -> None:
    if n > MAX_PAGES:
        raise layout.error(where, f"{n:,} {what}: a document has at most {MAX_PAGES:,}")
