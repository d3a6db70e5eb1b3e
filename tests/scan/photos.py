"""Synthetic phone photos of filled paper Roll n Cook sheets, with their ground truth (issue 30).

A legal game is played on the sheet by the simulator's greedy player; its marks are worked out
from the record (not from the reader); the blank sheet for its seed is rendered and the marks
are drawn on it by "hand": crosses, circles and digits (in several fonts, each stroke and digit
jittered), in one of three pen colours or pencil. Then the page is photographed: paper curl
(a height of up to 5 mm, seen from a phone 30 cm above), a table around it, any rotation, a tilt
up to 20 degrees, uneven light, a shadow band, a thumb over one corner, blur, noise and JPEG
quality 50.

``photo(seed, paper, ...)`` gives the JPEG's bytes and the truth: every spot's mark (True for a
crossed box, "O"/"X" for a circled/crossed bullet, a digit for a die) and the record played.
"""

from __future__ import annotations

import io
import math
import random
from collections import Counter
from dataclasses import dataclass, field

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from printkit.core.resources import fonts_dir
from printkit.games.rollncook.content import CONTENT
from printkit.games.rollncook.form import Names, bullets, inventory_rows
from printkit.games.rollncook.scan import render_page
from printkit.games.rollncook.sheet import generate
from printkit.games.rollncook.simulate import play_sheet
from printkit.games.rollncook.spots import Spot, bullet_name, design_origin, spots
from tests.games.rollncook.stock import stock_after

HOURS = CONTENT.hours
#: Pens: dark blue, black, red ballpoint; pencil (grey, lighter, a little transparent).
PENS = {"blue": ((25, 45, 150), 0.95), "black": ((30, 30, 35), 0.95), "red": ((175, 25, 35), 0.95),
        "pencil": ((95, 95, 100), 0.75)}
#: Digits "by hand": the bundled fonts, each drawn slanted, turned and squashed at random.
DIGIT_FONTS = ("DejaVuSans.ttf", "DejaVuSansCondensed.ttf", "Comfortaa-Bold.ttf", "DejaVuSans-Bold.ttf")
#: The page is drawn at this many pixels a mm before it is photographed.
PAGE_PPM = 8


@dataclass
class Photo:
    """A generated photo: its JPEG bytes, the truth (spot name -> mark), the record played, and
    how it was taken."""

    jpeg: bytes
    truth: dict
    record: dict
    paper: str
    seed: int
    settings: dict = field(default_factory=dict)


# -- the game and its marks ----------------------------------------------------------------------

def play(seed: int, game: int = 0) -> dict:
    """A legal game of sheet ``seed`` by the simulator (``game`` picks the dice)."""
    hours, _ = play_sheet(generate(seed), random.Random(f"scan-{seed}-{game}"))
    return {"game": "rollncook", "sheet": generate(seed).id, "player": "player", "hours": hours}


def truth(rec: dict) -> dict:
    """The marks ``rec`` leaves on its sheet: spot name -> True (crossed), "O"/"X" (bullet
    circled / circled and crossed), "1".."6" (a die written) or, in a row's "more" box, how many
    were obtained past its bullets ("1".."99")."""
    sheet, n = generate(int(rec["sheet"].split("-")[1])), Names(rec["sheet"])
    out: dict = {}
    got, made, dishes, plates = Counter(), Counter(), Counter(), Counter()
    for h in rec["hours"]:
        i = HOURS.index(h["hour"])
        out.update({n.die(i, d): str(v) for d, v in enumerate(h["dice"])})
        for t in h.get("take", []):
            if "box" in t:
                out[n.box(i, t["box"] - 1)] = True
                got.update(sheet.hours[i].boxes[t["box"] - 1])
            else:
                j = HOURS.index(t["table"])
                out[n.seg(j, t["segment"] - 1)] = True
                got[sheet.hours[j].table[t["segment"] - 1]] += 1
        made.update(x if isinstance(x, str) else x["name"] for x in h.get("rare", []))
        dishes.update(x if isinstance(x, str) else x["name"] for x in h.get("cook", []))
        plates[i] += len(h.get("cook", []))
    left = stock_after(rec)
    for ing in inventory_rows():
        have = got[ing] + made[ing]
        used = have - left.get(ing, 0)
        out.update({bullet_name(n, ing, j): "X" if j < used else "O" for j in range(min(have, bullets(ing)))})
        if have > bullets(ing):
            out[n.more(ing)] = str(have - bullets(ing))
    for key, name in ((plates, n.plate), (dishes, n.dish)):
        for k, c in key.items():
            out.update({name(k, j): True for j in range(c)})
    return out


# -- drawing by hand --------------------------------------------------------------------------------

class Hand:
    """Strokes on an ink layer (0 no ink, 255 full) at ``ppm`` pixels a mm, offset to the design box."""

    def __init__(self, size: tuple[int, int], ppm: float, origin: tuple[float, float], rng: random.Random):
        self.ink = Image.new("L", size, 0)
        self.draw = ImageDraw.Draw(self.ink)
        self.ppm, self.origin, self.rng = ppm, origin, rng
        self.width = rng.uniform(0.35, 0.6)  # the pen's line, mm

    def px(self, x: float, y: float) -> tuple[float, float]:
        return ((x + self.origin[0]) * self.ppm, (y + self.origin[1]) * self.ppm)

    def j(self, v: float) -> float:
        return self.rng.uniform(-v, v)

    def line(self, a: tuple[float, float], b: tuple[float, float]) -> None:
        """A slightly bowed stroke from ``a`` to ``b`` (mm)."""
        bow = self.j(0.3)
        pts = []
        for t in np.linspace(0, 1, 8):
            x = a[0] + (b[0] - a[0]) * t - (b[1] - a[1]) * bow * math.sin(math.pi * t) / 4
            y = a[1] + (b[1] - a[1]) * t + (b[0] - a[0]) * bow * math.sin(math.pi * t) / 4
            pts.append(self.px(x, y))
        self.draw.line(pts, fill=255, width=max(1, round(self.width * self.ppm)), joint="curve")

    def cross(self, cx: float, cy: float, w: float, h: float) -> None:
        """An X about (cx, cy), ``w`` by ``h`` mm (give or take)."""
        w, h = w * self.rng.uniform(0.75, 1.0), h * self.rng.uniform(0.75, 1.0)
        cx, cy = cx + self.j(w * 0.06), cy + self.j(h * 0.06)
        self.line((cx - w / 2 + self.j(0.3), cy - h / 2 + self.j(0.3)), (cx + w / 2 + self.j(0.3), cy + h / 2 + self.j(0.3)))
        self.line((cx + w / 2 + self.j(0.3), cy - h / 2 + self.j(0.3)), (cx - w / 2 + self.j(0.3), cy + h / 2 + self.j(0.3)))

    def ring(self, cx: float, cy: float, r: float) -> None:
        """A hand-drawn circle of radius about ``r`` mm, its ends overlapping or a little open."""
        start, span = self.rng.uniform(0, 2 * math.pi), 2 * math.pi * self.rng.uniform(0.93, 1.08)
        rx, ry = r * self.rng.uniform(0.92, 1.08), r * self.rng.uniform(0.92, 1.08)
        pts = [self.px(cx + rx * math.cos(start + span * t), cy + ry * math.sin(start + span * t))
               for t in np.linspace(0, 1, 40)]
        self.draw.line(pts, fill=255, width=max(1, round(self.width * self.ppm)), joint="curve")

    def digit(self, d: str, box: tuple[float, float, float, float], size: float = 5.2) -> None:
        """The digit ``d`` written in ``box`` (x, y, w, h mm) in a font ``size`` mm high: a font at
        random, turned, slanted, moved."""
        x, y, w, h = box
        font = ImageFont.truetype(str(fonts_dir() / self.rng.choice(DIGIT_FONTS)), round(size * self.ppm))
        tile = Image.new("L", (round(9 * self.ppm), round(9 * self.ppm)), 0)
        ImageDraw.Draw(tile).text((tile.width / 2, tile.height / 2), d, fill=255, font=font, anchor="mm",
                                  stroke_width=max(0, round((self.width - 0.35) * self.ppm / 2)), stroke_fill=255)
        shear, angle, scale = self.j(0.25), self.j(12), self.rng.uniform(0.75, 1.05)
        c = tile.width / 2
        m = cv2.getRotationMatrix2D((c, c), angle, scale)
        m[0, 1] += shear
        m[0, 2] -= shear * c
        tile = Image.fromarray(cv2.warpAffine(np.asarray(tile), m, tile.size, flags=cv2.INTER_LINEAR))
        px = self.px(x + w / 2 + self.j(0.6) * size / 5.2, y + h / 2 + self.j(0.6) * size / 5.2)
        self.ink.paste(255, (round(px[0] - c), round(px[1] - c)), tile)

    def number(self, text: str, box: tuple[float, float, float, float]) -> None:
        """A number of one or two digits written in ``box`` (a row's "more" box, 5.5 x 5 mm): one
        digit as a die's, smaller; two side by side, each in its half of the box."""
        x, y, w, h = box
        if len(text) == 1:
            self.digit(text, box, size=4.6)
            return
        for i, d in enumerate(text):
            self.digit(d, (x + i * w / 2, y, w / 2, h), size=3.9)


def _mark(hand: Hand, s: Spot, value, circle_dishes: bool) -> None:
    a = s.at
    if s.kind == "die":
        hand.digit(str(value), a)  # type: ignore[arg-type]
    elif s.kind == "more":
        hand.number(str(value), a)  # type: ignore[arg-type]
    elif s.kind == "bullet":
        hand.ring(a[0], a[1], a[2] + hand.rng.uniform(0.35, 0.7))
        if value == "X":
            hand.cross(a[0], a[1], 2.4, 2.4)
    elif s.kind == "plate":
        hand.cross(a[0], a[1], 3.0, 3.0)
    elif s.kind == "seg":
        cx, cy = s.centre
        hand.cross(cx, cy, 5.0, 5.0)
    elif s.kind == "dish" and circle_dishes:
        cx, cy = s.centre
        hand.ring(cx, cy, a[2] * 0.4)
    else:
        cx, cy = s.centre
        hand.cross(cx, cy, a[2] * 0.8, a[3] * 0.8)


def filled_page(seed: int, paper: str, marks: dict, rng: random.Random, pen: str, ppm: float = PAGE_PPM) -> np.ndarray:
    """The printed page of sheet ``seed`` with ``marks`` drawn in ``pen``: RGB, ``ppm`` px a mm."""
    page = np.asarray(render_page(seed, paper, ppm), dtype=np.float32)
    hand = Hand((page.shape[1], page.shape[0]), ppm, design_origin(paper), rng)
    circle_dishes = rng.random() < 0.5
    for s in spots(generate(seed).id, paper):
        if s.name in marks:
            _mark(hand, s, marks[s.name], circle_dishes)
    colour, strength = PENS[pen]
    a = np.asarray(hand.ink, dtype=np.float32)[..., None] / 255 * strength
    ink = np.array(colour, dtype=np.float32) / 255
    return page * (1 - a) + page * ink * a


# -- the photo -----------------------------------------------------------------------------------

def _curl(page: np.ndarray, curl_mm: float, rng: random.Random) -> np.ndarray:
    """The page as seen from 300 mm above its centre when one pair of its edges is lifted
    ``curl_mm`` (a parabola across the sheet): points move outward by height x distance / 300."""
    if curl_mm <= 0:
        return page
    h, w = page.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    cx, cy = w / 2, h / 2
    across = rng.random() < 0.5
    u = (xs - cx) / cx if across else (ys - cy) / cy
    z = curl_mm * u * u  # mm
    k = z / 300.0
    mapx, mapy = cx + (xs - cx) * (1 - k), cy + (ys - cy) * (1 - k)
    return cv2.remap(page, mapx, mapy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _camera(pw: float, ph: float, size: tuple[int, int], rng: random.Random, tilt: float,
            fill: float) -> np.ndarray:
    """A homography from page pixels to the photo's: the page turned by any angle, tilted by up to
    ``tilt`` degrees, seen through a phone's lens and filling about ``fill`` of the frame."""
    W, H = size
    corners = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], dtype=np.float64) - [pw / 2, ph / 2]
    t = math.radians(tilt)
    ax, ay = rng.uniform(-1, 1) * t, rng.uniform(-1, 1) * t
    rz = rng.uniform(0, 2 * math.pi)
    rx = np.array([[1, 0, 0], [0, math.cos(ax), -math.sin(ax)], [0, math.sin(ax), math.cos(ax)]])
    ry = np.array([[math.cos(ay), 0, math.sin(ay)], [0, 1, 0], [-math.sin(ay), 0, math.cos(ay)]])
    rot = np.array([[math.cos(rz), -math.sin(rz), 0], [math.sin(rz), math.cos(rz), 0], [0, 0, 1]])
    pts = np.c_[corners, np.zeros(4)] @ (rx @ ry @ rot).T
    f = 1.2 * max(pw, ph)
    proj = pts[:, :2] * f / (pts[:, 2:3] + 2.0 * max(pw, ph))
    span = proj.max(0) - proj.min(0)
    s = fill * min(W / span[0], H / span[1])
    proj = (proj - (proj.max(0) + proj.min(0)) / 2) * s + [W / 2 + rng.uniform(-0.03, 0.03) * W,
                                                          H / 2 + rng.uniform(-0.03, 0.03) * H]
    src = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], dtype=np.float32)
    return cv2.getPerspectiveTransform(src, proj.astype(np.float32))


def _light(img: np.ndarray, rng: random.Random, shadow: bool) -> np.ndarray:
    """Uneven light (a slope of up to 35%), a soft shadow band across, a warm or cool cast."""
    h, w = img.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, 2 * math.pi)
    ramp = ((xs / w - 0.5) * math.cos(a) + (ys / h - 0.5) * math.sin(a))
    gain = 0.88 + rng.uniform(0.1, 0.35) * ramp
    if shadow:
        b = rng.uniform(0, math.pi)
        d = (xs - w * rng.uniform(0.3, 0.7)) * math.cos(b) + (ys - h * rng.uniform(0.3, 0.7)) * math.sin(b)
        width = rng.uniform(0.05, 0.15) * max(w, h)
        gain = gain * (1 - rng.uniform(0.25, 0.4) * np.exp(-((d / width) ** 2)))
    cast = np.array([rng.uniform(0.94, 1.0), rng.uniform(0.94, 1.0), rng.uniform(0.9, 1.0)], dtype=np.float32)
    return img * gain[..., None] * cast


def _thumb(img: np.ndarray, corners: np.ndarray, rng: random.Random, corner: int) -> None:
    """A thumb (a skin-coloured, shaded ellipse) from outside the page over its corner ``corner``."""
    c = corners[corner]
    centre = corners.mean(0)
    d = (c - centre) / np.linalg.norm(c - centre)
    size = np.linalg.norm(corners[1] - corners[0]) * 0.11
    at = c - d * size * 0.35
    ang = math.degrees(math.atan2(d[1], d[0]))
    mask = np.zeros(img.shape[:2], np.uint8)
    cv2.ellipse(mask, (int(at[0]), int(at[1])), (int(size * 1.4), int(size * 0.6)), ang, 0, 360, 255, -1)
    m = cv2.GaussianBlur(mask, (0, 0), size * 0.05).astype(np.float32)[..., None] / 255
    skin = np.array([205, 150, 125], dtype=np.float32) * rng.uniform(0.75, 1.0)
    img[:] = img * (1 - m) + skin * m


def photograph(page: np.ndarray, paper_mm: tuple[float, float], rng: random.Random, *, size: tuple[int, int],
               tilt: float, curl: float, thumb: bool, quality: int = 50) -> tuple[bytes, dict]:
    """``page`` (RGB float, PAGE_PPM px a mm) as a phone photo of ``size``: JPEG bytes and the settings."""
    page = _curl(page, curl, rng)
    ph, pw = page.shape[:2]
    W, H = size
    m = _camera(pw, ph, size, rng, tilt, rng.uniform(0.85, 0.97))
    table = np.array([rng.uniform(90, 150), rng.uniform(70, 120), rng.uniform(50, 90)], dtype=np.float32)
    bg = np.empty((H, W, 3), np.float32)
    bg[:] = table
    img = cv2.warpPerspective(page, m, (W, H), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_CONSTANT,
                              borderValue=(0, 0, 0))
    cover = cv2.warpPerspective(np.ones((ph, pw), np.float32), m, (W, H), flags=cv2.INTER_LINEAR)[..., None]
    img = img + bg * (1 - cover)
    corners = cv2.perspectiveTransform(np.array([[[0, 0], [pw, 0], [pw, ph], [0, ph]]], np.float32), m)[0]
    corner = rng.choice([0, 2, 3]) if thumb else -1  # not the top right: the QR code is there
    if thumb:
        _thumb(img, corners, rng, corner)
    img = _light(img, rng, shadow=True)
    sigma = rng.uniform(0.4, 1.3)
    img = cv2.GaussianBlur(img, (0, 0), sigma)
    img = img + np.random.default_rng(rng.randrange(1 << 30)).normal(0, rng.uniform(2, 5), img.shape)
    out = io.BytesIO()
    Image.fromarray(np.clip(img, 0, 255).astype(np.uint8)).save(out, "JPEG", quality=quality)
    return out.getvalue(), {"tilt": tilt, "curl": curl, "thumb": corner, "blur": round(sigma, 2)}


def photo(seed: int, paper: str = "a4", *, game: int = 0, size: tuple[int, int] = (1500, 2000),
          tilt: float = 20.0, curl: float = 0.0, thumb: bool = True, pen: str | None = None,
          variant: int = 0, ppm: float = PAGE_PPM, more: dict[str, int] | None = None) -> Photo:
    """A phone photo of sheet ``seed`` on ``paper`` filled in with a game the simulator played.
    ``more`` (ingredient -> a number) forces rows past their bullets: every bullet of the row
    circled (those used crossed) and the number in its "more" box, in the truth too (the marks
    then say more was obtained than the game played did)."""
    rng = random.Random(f"photo-{seed}-{paper}-{game}-{variant}-{curl}")
    rec = play(seed, game)
    marks = truth(rec)
    n = Names(rec["sheet"])
    for ing, count in (more or {}).items():
        for j in range(bullets(ing)):
            marks.setdefault(bullet_name(n, ing, j), "O")
        marks[n.more(ing)] = str(count)
    pen = pen or rng.choice(list(PENS))
    page = filled_page(seed, paper, marks, rng, pen, ppm)
    from printkit.core.draw.page import PrintOptions

    jpeg, settings = photograph(page, PrintOptions(paper=paper).size, rng, size=size, tilt=tilt, curl=curl,
                                thumb=thumb)
    return Photo(jpeg, marks, rec, paper, seed, {**settings, "pen": pen})


def doc_pictures(out: str) -> list[str]:
    """docs/scanning.md's pictures, made by this generator and the reader: a generated photo
    (scanning-photo.png) and its hours as read (scanning-read.png: green a mark read, orange a
    read to confirm). ``python -m tests.scan.photos docs/img`` writes them."""
    import tempfile
    from pathlib import Path

    from printkit.games.rollncook import scan

    p = photo(7, "a4", size=(1500, 2000), curl=3.0, ppm=6, pen="blue")
    im = Image.open(io.BytesIO(p.jpeg)).convert("RGB")
    small = im.resize((450, 600), Image.Resampling.LANCZOS)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "sheet.jpg"
        path.write_bytes(p.jpeg)
        rgb = scan.open_photo(str(path))
        fit = scan.register(rgb, 7, str(path))
        img, _ = scan.unwarp(rgb, fit, 7)
        reading = scan.Reading(str(path), "RNC1-7", 7, fit.paper)
        scan.read_marks(reading, img)
    view = Image.fromarray((img * 255).astype(np.uint8))
    draw = ImageDraw.Draw(view)
    k = scan.READ_PPM
    for s in spots("RNC1-7", fit.paper):
        r = reading.reads[s.name]
        unsure = r.confidence < scan.CONFIDENT
        if not (unsure or r.value):
            continue
        colour = (230, 120, 0) if unsure else (0, 160, 60)
        x0, y0, x1, y1 = (v * k for v in _bounds(s))
        draw.rectangle((x0, y0, x1, y1), outline=colour, width=3)
    crop = view.crop((0, round(17 * k), round(100 * k), round(112 * k)))
    names = []
    for name, pic in (("scanning-photo.png", small), ("scanning-read.png", crop)):
        target = Path(out) / name
        pic.convert("P", palette=Image.Palette.ADAPTIVE, colors=64).save(target, optimize=True)
        names.append(str(target))
    return names


def _bounds(s: Spot) -> tuple[float, float, float, float]:
    a = s.at
    if s.shape == "rect":
        return (a[0], a[1], a[0] + a[2], a[1] + a[3])
    if s.shape == "circle":
        return (a[0] - a[2], a[1] - a[2], a[0] + a[2], a[1] + a[2])
    cx, cy = s.centre
    return (cx - 2, cy - 2, cx + 2, cy + 2)


if __name__ == "__main__":
    import sys

    print("\n".join(doc_pictures(sys.argv[1])))
