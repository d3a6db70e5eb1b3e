"""Things a player handles that a component prints together on a page: cut apart for TTS.

printkit.core.export.items draws a card, tile, token, piece or a die's face alone, but a page
of shapes a player cuts out (a game's paper fillings) is one page item, and a card printed to
be cut in two (a pair of small tiles) one card. A game says where those things are on its pages (:class:`Part`: each one's
outline in page mm, from its own geometry: the tagged operations of its drawing), registered
for the component with printkit.core.export.tts.register_parts; :func:`cut` then cuts each one out of the page's
image (the same pixels: one drawing path), transparent outside its outline, as an Item of its
own. Names no game.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from printkit.core.draw.ops import IDENTITY, Circle, Matrix, Path, Polygon, Rect

if TYPE_CHECKING:
    from printkit.core.draw.ops import Document
    from printkit.core.export.items import Item
    from printkit.core.registry import Component

#: Points a quarter circle (a rounded corner) or a Bézier curve is drawn with.
CURVE_STEPS = 12


@dataclass(frozen=True)
class Part:
    """One thing on page ``page`` of a component's items: ``name`` (its item name's end; parts
    of one name are copies of one thing), ``outline`` (polygons in page mm whose union is its
    shape; the cut follows their outer edge ``stroke`` mm out, half the printed cut line),
    ``count`` (copies a game needs)."""

    page: int
    name: str
    outline: tuple[tuple[tuple[float, float], ...], ...]
    stroke: float = 0.0
    count: int = 1


#: A game's function from its component's document (built with items=True) and settings'
#: values to the parts on its pages (registered with printkit.core.export.tts.register_parts).
PartsOf = Callable[["Document", dict[str, Any]], list[Part]]


def parts_of(comp: Component) -> PartsOf | None:
    """The function registered for ``comp``, or None."""
    from printkit.core.registry import Ref
    from printkit.core.export.tts import PARTS

    target = PARTS.get((comp.game, comp.name))
    return None if target is None else Ref(target).load()


def _flatten(segments: Sequence[tuple], m: Matrix) -> Iterator[tuple[tuple[float, float], ...]]:
    """A path's subpaths as polygons (curves as CURVE_STEPS points), placed by ``m``."""
    points: list[tuple[float, float]] = []
    last = (0.0, 0.0)
    for seg in segments:
        if seg[0] == "M":
            if len(points) > 2:
                yield tuple(points)
            last = (seg[1], seg[2])
            points = [m.apply(*last)]
        elif seg[0] == "L":
            last = (seg[1], seg[2])
            points.append(m.apply(*last))
        elif seg[0] == "C":
            (x0, y0), (x1, y1, x2, y2, x3, y3) = last, seg[1:]
            for k in range(1, CURVE_STEPS + 1):
                t = k / CURVE_STEPS
                u = 1 - t
                points.append(m.apply(u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3,
                                      u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3))
            last = (x3, y3)
    if len(points) > 2:
        yield tuple(points)


def _rounded(x: float, y: float, w: float, h: float, r: float) -> list[tuple[float, float]]:
    r = max(0.0, min(r, w / 2, h / 2))
    if r == 0:
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    pts = []
    for cx, cy, start in ((x + w - r, y + r, -90), (x + w - r, y + h - r, 0), (x + r, y + h - r, 90), (x + r, y + r, 180)):
        for k in range(CURVE_STEPS + 1):
            a = math.radians(start + 90 * k / CURVE_STEPS)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def outline(op: Any, m: Matrix = IDENTITY) -> list[tuple[tuple[float, float], ...]]:
    """The outline of a shape drawn by ``op`` under ``m``, as polygons in page mm (a Rect with
    its rounded corners, a Circle, a Polygon, a Path's subpaths); [] for anything else."""
    if isinstance(op, Rect):
        return [tuple(m.apply(px, py) for px, py in _rounded(op.x, op.y, op.w, op.h, op.radius))]
    if isinstance(op, Circle):
        steps = 4 * CURVE_STEPS
        return [tuple(m.apply(op.cx + op.r * math.cos(2 * math.pi * k / steps),
                              op.cy + op.r * math.sin(2 * math.pi * k / steps)) for k in range(steps))]
    if isinstance(op, Polygon) and op.closed:
        return [tuple(m.apply(px, py) for px, py in op.points)]
    if isinstance(op, Path):
        return list(_flatten(op.segments, m))
    return []


def cut(page_item: Item, part: Part, name: str) -> Item:
    """``part`` cut out of ``page_item``'s image: an Item of kind ``piece`` named ``name``, its
    image RGBA, transparent outside the outline, its trim the outline's box."""
    from PIL import Image, ImageDraw

    k = page_item.dpi / 25.4
    xs = [x for poly in part.outline for x, _ in poly]
    ys = [y for poly in part.outline for _, y in poly]
    grow = part.stroke
    box = (math.floor((min(xs) - grow) * k), math.floor((min(ys) - grow) * k),
           math.ceil((max(xs) + grow) * k), math.ceil((max(ys) + grow) * k))
    crop = page_item.image.crop(box)
    mask = Image.new("L", crop.size, 0)
    draw = ImageDraw.Draw(mask)
    width = max(1, round(2 * part.stroke * k))
    for poly in part.outline:
        pts = [((x * k) - box[0], (y * k) - box[1]) for x, y in poly]
        draw.polygon(pts, fill=255)
        if part.stroke:
            draw.line([*pts, pts[0]], fill=255, width=width, joint="curve")
    image = crop.convert("RGBA")
    image.putalpha(mask)
    return replace(page_item, name=name, kind="piece", count=part.count, trim_mm=(image.width / k, image.height / k),
                   image=image, back=None)


def cut_parts(comp: Component, own: dict[str, Any], *, bw: bool, seed: int | None, dpi: float) -> list[Item]:
    """The parts of ``comp``'s pages (its registered :data:`PartsOf`) cut out of its pages'
    images, named ``GAME-COMPONENT[...]-NAME``, in the order found; copies of one name counted."""
    from printkit.core.export.items import item_stem

    find = parts_of(comp)
    if find is None:
        raise ValueError(f"{comp.game} {comp.name} has no parts registered")
    doc, pages = page_items(comp, own, bw=bw, seed=seed, dpi=dpi)
    stem = item_stem(comp, own, seed)
    made: dict[str, Item] = {}
    for part in find(doc, own):
        if part.name in made:  # another copy of one thing
            made[part.name] = replace(made[part.name], count=made[part.name].count + part.count)
        else:
            made[part.name] = cut(pages[part.page], part, f"{stem}-{part.name}")
    return list(made.values())


def page_items(comp: Component, own: dict[str, Any], *, bw: bool, seed: int | None, dpi: float) -> tuple[Document, list[Item]]:
    """``comp`` built with its pages drawn alone (as printkit.core.export.items draws them) and
    each page's image as an Item, one a page in page order (the pages a game's parts are on)."""
    from printkit.core.draw.ops import Document
    from printkit.core.draw.page import PrintOptions
    from printkit.core.draw.pdf import render_pdf
    from printkit.core.export.items import Item, item_stem
    from printkit.core.preview import rasterise

    opts = PrintOptions(paper="a4", bw=bw, bleed=0.0, crop_marks=False, seed=seed, items=True)
    doc = comp.build(opts, **own)
    pages = list(doc.pages)
    pdf = render_pdf(Document(pages, doc.symbols, doc.title))
    stem = item_stem(comp, own, seed)
    out = []
    for n, (page, image) in enumerate(zip(pages, rasterise(pdf, dpi), strict=True), 1):
        w, h = round(page.width * dpi / 25.4), round(page.height * dpi / 25.4)
        if image.size != (w, h):  # pdfium rounds a page's pixels up: the page's size, centred
            x, y = (image.width - w) // 2, (image.height - h) // 2
            image = image.crop((x, y, x + w, y + h))
        out.append(Item(comp.game, comp.name, f"{stem}-page{n}", comp.kind, "face", 1, (page.width, page.height),
                        0.0, dpi, image))
    return Document(pages, doc.symbols, doc.title), out
