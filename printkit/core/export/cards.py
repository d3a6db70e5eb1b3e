"""``printkit make GAME --format cards``: files for a print-on-demand shop.

One PNG a card face and a card back (and a tile's, a token's), each the item alone at its trim
plus the bleed, at ``--dpi`` (300 by default; the PNG says so in its pHYs chunk, so it opens at
real size), from :mod:`printkit.core.export.items` (the same drawing as the printed sheets), in
a folder of their own with ``manifest.csv``: each file, what it is, how many the game needs and
its size in mm and pixels. Components with no card, tile or token are left out with one note.

A shop preset (``--preset``) sizes poker cards as the shop's template takes them: the card is
drawn with enough bleed and the image cut to the template's pixels around its centre, and
landscape cards are turned a quarter (clockwise) to stand upright as the shop's deck does. A
preset changes sizes, never the art. Sources of the templates' sizes: docs/print-shops.md.

Names no game.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.core.export.items import MM_PER_INCH, Item, check_bleed, check_dpi, component_items
from printkit.errors import PrintkitError

if TYPE_CHECKING:
    from printkit.core.output import RunFolder
    from printkit.core.registry import Component

#: The kinds --format cards makes: what a print shop prints on card or board and cuts out
#: (cards, tiles, tokens, shaped pieces, the faces of custom dice).
CARD_KINDS = ("card", "tile", "token", "piece", "die")
#: Why the other kinds are not made for a print shop (``printkit list --format cards``).
NOT_FOR_SHOPS = {
    "board": "a board: print the pdf (a poster or board printer takes its pages)",
    "sheet": "a sheet to write or draw on, or to cut up at home: print the pdf",
    "aid": "a page to read: print the pdf",
    "pad": "a score pad: print the pdf, or keep score with 'printkit serve'",
    "": "not part of a game (a printer check)",
}
#: What each kind becomes (``printkit list --format cards``).
BECOMES = {
    "card": "a PNG a card face and back (poker presets fit 63 x 88 mm cards)",
    "tile": "a PNG a tile face and back, at its trim size",
    "token": "a PNG a token face (and back); a round one with NAME-cut.svg, its circle to cut along",
    "piece": "a PNG a piece face and back with NAME-cut.svg, its outline to cut along (custom-shaped "
             "punchouts; its colour runs through the bleed past the cut)",
    "die": "a PNG a die face at its printed size (for a shop's custom dice or stickers; "
           "manifest.csv's group says which die)",
}
#: The cut line's colour and width (mm) in a NAME-cut.svg: a hairline, as cutting plotters and
#: shops' templates take it (a shop that wants another colour or layer takes the path as is).
CUT_STROKE, CUT_WIDTH = "#ff00ff", 0.1
DEFAULT_DPI = 300
DEFAULT_BLEED = 3.0


@dataclass(frozen=True)
class Preset:
    """A shop's template for poker cards: ``card_px`` at ``dpi`` for a card of ``trim`` mm
    (turned either way), bleed and all; other items at ``dpi`` with ``bleed`` mm."""

    name: str
    shop: str
    trim: tuple[float, float]
    card_px: tuple[int, int]
    dpi: int
    bleed: float

    def fits(self, item: Item) -> bool:
        """Whether ``item`` is this preset's card (upright or turned a quarter)."""
        w, h = item.trim_mm
        return any(abs(w - a) < 0.01 and abs(h - b) < 0.01 for a, b in (self.trim, self.trim[::-1]))

    @property
    def card_bleed(self) -> float:
        """The bleed (mm) a card of :attr:`trim` is drawn with to fill the template each way
        (a hundredth of a mm more: the cut stays inside the drawing)."""
        w, h = sorted(self.trim)
        pw, ph = sorted(self.card_px)
        need = max(pw * MM_PER_INCH / self.dpi - w, ph * MM_PER_INCH / self.dpi - h) / 2
        return math.ceil(need * 100 + 1) / 100


PRESETS: dict[str, Preset] = {p.name: p for p in (
    # MakePlayingCards' poker-size template (63 x 88 mm cards): 822 x 1122 pixels at 300 dpi,
    # bleed included. These are the figures issue 29 gives; no stored public page states them
    # (searched), so docs/print-shops.md asks to compare with MPC's own template.
    Preset("mpc-poker", "MakePlayingCards", (63.0, 88.0), (822, 1122), 300, 3.0),
    # The Game Crafter's poker card template: a PNG of 825 x 1125 pixels, bleed and safe zone
    # included (netninja.com/2016/07/04/designing-amazon-web-services-playing-cards/); its
    # bleed is 1/8 inch.
    Preset("tgc-poker", "The Game Crafter", (63.0, 88.0), (825, 1125), 300, 3.175),
)}


@dataclass(frozen=True)
class Written:
    """One file written: its item (without its image: a kit's images are not all kept in
    memory), its size in pixels as written (cut or turned by a preset), whether turned, and
    the cut line written beside it (NAME-cut.svg) or None (cut along the trim)."""

    item: Item
    path: Path
    px: tuple[int, int]
    turned: bool
    cut: Path | None = None


def becomes(comp: Component) -> str:
    """What ``comp`` becomes for a print shop, or why it is not made, in words."""
    if comp.kind in CARD_KINDS:
        return BECOMES[comp.kind]
    return "not made: " + NOT_FOR_SHOPS.get(comp.kind, f"no print-shop file for its kind {comp.kind!r}")


def _n(v: float) -> str:
    return f"{v:.4f}".rstrip("0").rstrip(".")


def cut_line(item: Item, origin_px: tuple[int, int] = (0, 0)) -> str | None:
    """The SVG element of ``item``'s cut line in its image's mm (the image cut at ``origin_px``
    of the drawn one by a preset), or None when it is cut along its trim: a piece's outline
    (its game's geometry, ``outline_mm``), a round token's circle (its printed shape is one:
    the circle inscribed in its trim)."""
    from printkit.core.export.tts import images

    k = MM_PER_INCH / item.dpi
    dx, dy = item.bleed_mm - origin_px[0] * k, item.bleed_mm - origin_px[1] * k
    style = f'fill="none" stroke="{CUT_STROKE}" stroke-width="{_n(CUT_WIDTH)}"'
    if item.outline_mm:
        points = " L ".join(f"{_n(x + dx)} {_n(y + dy)}" for x, y in item.outline_mm)
        return f'<path d="M {points} Z" {style}/>'
    if item.kind == "token":
        from PIL import ImageOps

        if images.is_round(ImageOps.invert(images.outside_mask(item.image))):
            w, h = item.trim_mm
            return (f'<ellipse cx="{_n(dx + w / 2)}" cy="{_n(dy + h / 2)}" rx="{_n(w / 2)}" ry="{_n(h / 2)}" '
                    f'{style}/>')
    return None


def cut_svg(name: str, line: str, px: tuple[int, int], dpi: float) -> bytes:
    """A cut file: an SVG the size of the image ``px`` at ``dpi`` (in mm, one user unit a mm)
    holding the cut ``line``, to lay over the image named ``name``."""
    w, h = (_n(v * MM_PER_INCH / dpi) for v in px)
    return (f'<?xml version="1.0" encoding="utf-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}">\n'
            f'<title>cut line of {name}</title>\n{line}\n</svg>\n').encode()


def folder_name(target: str, dpi: float, bleed: float, preset: Preset | None, bw: bool) -> str:
    """``GAME-print-shop-300dpi-bleed3``, ``...-print-shop-mpc-poker``, ``-bw``."""
    name = "kit" if target == "all" else target
    size = preset.name if preset else f"{dpi:g}dpi-bleed{bleed:g}"
    return f"{name}-print-shop-{size}" + ("-bw" if bw else "")


def preset_lines() -> list[str]:
    """``printkit list --presets``: a line a preset."""
    lines = []
    for p in PRESETS.values():
        w, h = p.trim
        lines.append(f"{p.name:<10} {p.shop}: {w:g} x {h:g} mm cards as {p.card_px[0]} x {p.card_px[1]} px "
                     f"at {p.dpi} dpi (landscape ones turned upright); other items {p.dpi} dpi, "
                     f"{p.bleed:g} mm bleed")
    return lines


def preset_named(name: str) -> Preset:
    """The preset ``--preset NAME`` names, or a PrintkitError listing them."""
    if name not in PRESETS:
        shown = name if len(name) <= 40 else name[:40] + "..."
        raise PrintkitError(f"--preset: no preset {shown!r}; presets: {', '.join(PRESETS)}")
    return PRESETS[name]


@dataclass(frozen=True)
class CardsRun:
    """A ``--format cards`` run, checked before anything is written: the components that have
    cards, tiles or tokens (with their settings' values), those left out, and the sizes."""

    made: list[tuple[Component, dict[str, Any]]]
    left: list[str]
    dpi: float
    bleed: float
    shop: Preset | None


def plan_cards(jobs: Iterable[tuple[Component, dict[str, Any]]], dpi: float | None, bleed: float | None,
               preset: str | None) -> CardsRun:
    """``jobs`` (components and their settings' values) and the options as typed, checked: a
    PrintkitError when they cannot be made."""
    shop = preset_named(preset) if preset is not None else None
    if shop is not None and (dpi is not None or bleed is not None):
        raise PrintkitError(f"--preset {shop.name} sets the size and resolution; leave out --dpi and --bleed")
    dpi = check_dpi(float(shop.dpi if shop else dpi if dpi is not None else DEFAULT_DPI))
    bleed = check_bleed(shop.bleed if shop else bleed if bleed is not None else DEFAULT_BLEED)
    jobs = list(jobs)
    made = [(c, own) for c, own in jobs if c.kind in CARD_KINDS]
    left = [f"{c.game} {c.name}" for c, _ in jobs if c.kind not in CARD_KINDS]
    if not made:
        raise PrintkitError(f"--format cards makes cards, tiles, tokens, pieces and dice faces; {', '.join(left)} "
                            f"{'has' if len(left) == 1 else 'have'} none (make them as pdf)")
    return CardsRun(made, left, dpi, bleed, shop)


def make_cards(target: str, run: CardsRun, out: Path, *, bw: bool, seed: int | None,
               note: Callable[[str], None]) -> list[Path]:
    """Write the PNGs and manifest of every card, tile and token of ``run`` into a folder of
    ``out``; the paths written, manifest last. ``note`` gets the one line that names the
    components left out."""
    from printkit.core.output import RunFolder

    if run.left:
        note(f"--format cards: no cards, tiles, tokens, pieces or dice in {', '.join(run.left)}: left out "
             f"(printkit list --format cards says why)")
    folder = RunFolder(out / folder_name(target, run.dpi, run.bleed, run.shop, bw))
    written: list[Written] = []
    for comp, own in run.made:
        written += _write_component(comp, own, folder, bw=bw, seed=seed, dpi=run.dpi, bleed=run.bleed,
                                    shop=run.shop)
    manifest = folder.write("manifest.csv", manifest_csv(written).encode())
    folder.finish()  # an earlier run's files this one did not write: removed (a user's stay)
    return [w.path for w in written] + [manifest]


def _write_component(comp: Component, own: dict[str, Any], folder: RunFolder, *, bw: bool, seed: int | None,
                     dpi: float, bleed: float, shop: Preset | None) -> list[Written]:
    from printkit.core.preview import png_bytes

    # A preset draws once with the bleed its cards need; each image is then cut to its size.
    items = component_items(comp, own, bw=bw, seed=seed, dpi=dpi,
                            bleed=max(bleed, shop.card_bleed) if shop is not None else bleed)
    out: list[Written] = []
    for item in items:
        image, turned, origin = item.image, False, (0, 0)
        if shop is not None:
            image, turned, origin = _to_template(item, shop, bleed)
        path = folder.write(item.filename, png_bytes(image, dpi))
        line = None if turned else cut_line(item, origin)  # a turned one is a poker card: cut at its trim
        cut = None if line is None else folder.write(f"{item.name}-cut.svg",
                                                     cut_svg(item.filename, line, image.size, dpi))
        out.append(Written(dataclasses.replace(item, image=None), path, image.size, turned, cut))
    return out


def _to_template(item: Item, shop: Preset, bleed: float) -> tuple[Any, bool, tuple[int, int]]:
    """``item``'s image cut around its centre to the shop's template (its card, turned upright
    if landscape) or to its trim plus ``bleed`` (anything else); whether it was turned; where
    the cut began in the (turned) drawn image, in pixels."""
    from PIL import Image

    from printkit.core.export.items import item_px

    image = item.image
    if not shop.fits(item):
        w, h = item_px(item.trim_mm, bleed, item.dpi)
        turned = False
    else:
        w, h = shop.card_px
        turned = item.trim_mm[0] > item.trim_mm[1]
        if turned:
            image = image.transpose(Image.Transpose.ROTATE_270)  # a quarter turn clockwise
    x, y = (image.width - w) // 2, (image.height - h) // 2
    return image.crop((x, y, x + w, y + h)), turned, (x, y)


#: manifest.csv's columns.
COLUMNS = ("file", "game", "component", "kind", "side", "count", "back", "trim_w_mm", "trim_h_mm",
           "w_mm", "h_mm", "w_px", "h_px", "dpi", "turned", "group", "cut")


def _mm(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def manifest_csv(written: list[Written]) -> str:
    """The manifest: a row a file, sizes as written (a preset's cut and turn included)."""
    import csv
    import io

    buf = io.StringIO()
    rows = csv.writer(buf, lineterminator="\n")
    rows.writerow(COLUMNS)
    for w in written:
        it = w.item
        px_w, px_h = w.px
        trim = it.trim_mm[::-1] if w.turned else it.trim_mm
        rows.writerow([w.path.name, it.game, it.component, it.kind, it.side, it.count,
                       "" if it.back is None else it.back + ".png", _mm(trim[0]), _mm(trim[1]),
                       _mm(px_w * MM_PER_INCH / it.dpi), _mm(px_h * MM_PER_INCH / it.dpi), px_w, px_h,
                       f"{it.dpi:g}", "yes" if w.turned else "no", it.group or "",
                       "" if w.cut is None else w.cut.name])
    return buf.getvalue()
