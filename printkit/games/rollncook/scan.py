"""Reading a photographed paper Roll n Cook sheet back (issue 30): see docs/scanning.md.

A photo is read in four steps:

1. **Open** it (JPEG, PNG, HEIC with pillow-heif): its size is checked from the header before a
   pixel is decoded, and a damaged or truncated file is refused.
2. **Find the sheet**: its QR code (zxing-cpp) gives the sheet id, so the seed (``--seed``
   stands in for an unreadable code).
3. **Register** the page against the blank sheet re-rendered for that seed: ORB features matched
   with RANSAC give a homography, refined by ECC (on A4 and on Letter: the better fit says which
   paper), then a local shift tile by tile follows a curled page.
4. **Read** every spot (spots.py): the ink the photo has that the blank sheet has not, in each
   box, segment, plate, bullet (circled: a ring; crossed: ink inside too), dish and ability box,
   with a confidence: its margin to the levels of this photo's own empty and marked spots of
   that kind (photo_levels: pencil is faint); the dice by matching each written digit's grey
   levels against digits rendered in the bundled fonts, ranked with the rule that a crossed
   box's number is among its hour's dice, a die as sure as its margin in that ranking; the
   number in an inventory row's "more" box (one or two digits, 0 to 9) matched like a die's.

What was read becomes the marks of a filled sheet (the fillable sheet's field names, spots.py)
and goes through the very reader of filled PDF sheets (filled.py): the same end-state record,
the same checks of marks against the rules. Every read below its threshold, and every spot a
rule check names, is a "please confirm".
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from printkit.errors import PrintkitError

#: Photos larger than this (pixels) are refused from their header: 50 MP (a phone's is 12 to 48).
MAX_PIXELS = 50_000_000
#: The photo is read at this long side (pixels) at most.
WORK_SIDE = 2400
#: Registration's and reading's resolutions in the design box (pixels a mm).
REG_PPM, READ_PPM = 3.0, 6.0
#: Reads whose confidence is below this are listed as "please confirm".
CONFIDENT = 0.75
INSTALL = "printkit scan needs the scan extra: pip install 'printkit[scan]'"


def require() -> None:
    """PrintkitError (one line: how to install it) unless the scan extra is installed."""
    try:
        import cv2  # noqa: F401
        import numpy  # noqa: F401
        import zxingcpp  # noqa: F401
    except ImportError:
        raise PrintkitError(INSTALL) from None


@lru_cache(maxsize=4)
def _pdf(seed: int, paper: str) -> bytes:
    from printkit.core.draw.page import PrintOptions
    from printkit.core.draw.pdf import render_pdf
    from printkit.games.rollncook.components import build_sheets

    return render_pdf(build_sheets(PrintOptions(paper=paper, seed=seed)))


@lru_cache(maxsize=8)
def render_page(seed: int, paper: str, ppm: float) -> Any:
    """The blank printed page of sheet ``seed`` on ``paper`` as a PIL RGB image, ``ppm`` pixels a mm."""
    from printkit.core.preview import rasterise

    return next(rasterise(_pdf(seed, paper), ppm * 25.4))


@lru_cache(maxsize=8)
def blank(seed: int, paper: str, ppm: float) -> Any:
    """The design box of the blank sheet, grey as :func:`_grey` reads a photo, float 0 (black) to
    1 (paper), ``ppm`` px a mm."""
    import numpy as np

    from printkit.games.rollncook.geometry import geometry
    from printkit.games.rollncook.spots import design_origin

    geo, (ox, oy) = geometry(paper), design_origin(paper)
    page = np.asarray(render_page(seed, paper, ppm), dtype=np.float32) / 255
    x, y = round(ox * ppm), round(oy * ppm)
    return _grey(page[y: y + round(geo["h"] * ppm), x: x + round(geo["w"] * ppm)])


@lru_cache(maxsize=4)
def blank_rgb(seed: int, paper: str, ppm: float) -> Any:
    """:func:`blank` in colour (float 0-1)."""
    import numpy as np

    from printkit.games.rollncook.geometry import geometry
    from printkit.games.rollncook.spots import design_origin

    geo, (ox, oy) = geometry(paper), design_origin(paper)
    page = np.asarray(render_page(seed, paper, ppm), dtype=np.float32) / 255
    x, y = round(ox * ppm), round(oy * ppm)
    return page[y: y + round(geo["h"] * ppm), x: x + round(geo["w"] * ppm)].copy()


# -- opening a photo --------------------------------------------------------------------------------

def open_photo(path: str) -> Any:
    """The photo at ``path`` as an RGB array, its long side at most WORK_SIDE (PrintkitError: one
    line, for a file that is no photo, too large, or damaged)."""
    import numpy as np
    from PIL import Image, ImageOps, UnidentifiedImageError

    try:
        import pillow_heif

        pillow_heif.register_heif_opener()
    except ImportError:  # HEIC then reads as "not a photo"
        pass
    try:
        with warnings.catch_warnings():  # a large image: refused below, in our words
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            im = Image.open(path)
    except Image.DecompressionBombError:
        raise PrintkitError(f"{path}: the photo is over {MAX_PIXELS // 1_000_000} MP; printkit reads photos of "
                            f"at most {MAX_PIXELS // 1_000_000} MP: take it at a phone's usual size") from None
    except (UnidentifiedImageError, ValueError):
        raise PrintkitError(f"{path}: not a photo printkit can read (JPEG, PNG or HEIC)") from None
    except OSError as e:
        raise PrintkitError(f"{path}: cannot read it: {e.strerror or e}") from None
    with im:
        w, h = im.size
        if w * h > MAX_PIXELS:
            raise PrintkitError(f"{path}: the photo is {w} x {h} ({w * h / 1e6:.0f} MP); printkit reads photos of "
                                f"at most {MAX_PIXELS // 1_000_000} MP: take it at a phone's usual size")
        if min(w, h) < 400:
            raise PrintkitError(f"{path}: the photo is {w} x {h}: too small to read a sheet from "
                                "(take it at a phone's usual size)")
        scale = WORK_SIDE / max(w, h)
        if scale < 0.5 and im.format == "JPEG":
            im.draft("RGB", (round(w * scale), round(h * scale)))  # decodes at 1/2, 1/4 or 1/8: faster
        try:
            im.load()
            upright = ImageOps.exif_transpose(im) or im  # a phone's "rotate this" tag
            rgb = upright.convert("RGB")
        except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as e:
            raise PrintkitError(f"{path}: the image is damaged or cut short ({str(e).rstrip('.')})") from None
    if max(rgb.size) > WORK_SIDE:
        s = WORK_SIDE / max(rgb.size)
        rgb = rgb.resize((round(rgb.width * s), round(rgb.height * s)), Image.Resampling.BILINEAR)
    return np.asarray(rgb)


def sheet_id_of(rgb: Any, path: str) -> str | None:
    """The sheet id the photo's QR code holds (None: no QR code read); PrintkitError for a QR
    code that is not a Roll n Cook sheet's."""
    import zxingcpp

    from printkit.games.rollncook.sheet import parse_sheet_id

    import cv2

    qr: Any = zxingcpp.BarcodeFormat.QRCode  # one format (typed as a set of them since zxing-cpp 2.3)
    codes = zxingcpp.read_barcodes(rgb, formats=qr)
    if not codes:  # a blurred or small code: sharpened, then twice the size
        g = _grey(rgb)
        sharp = cv2.addWeighted(g, 2.0, cv2.GaussianBlur(g, (0, 0), 2), -1.0, 0)
        for img in (sharp, cv2.resize(sharp, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)):
            codes = zxingcpp.read_barcodes(img, formats=qr,
                                           binarizer=zxingcpp.Binarizer.LocalAverage)
            if codes:
                break
    for code in codes:
        if parse_sheet_id(code.text) is not None:
            return code.text.strip().upper()
    if codes:
        raise PrintkitError(f"{path}: its QR code says {codes[0].text[:40]!r}, not a Roll n Cook sheet id "
                            "(RNC1-7 ...): this is not a printkit Roll n Cook sheet")
    return None


# -- registration ---------------------------------------------------------------------------------

def _grey(rgb: Any) -> Any:
    """Each pixel's luminance (a JPEG keeps it sharp, where its colours are smeared)."""
    import cv2

    return cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)


def _flat(grey: Any, k: int) -> Any:
    """``grey`` (uint8 or float) divided by its local paper level (a max filter ``k`` px wide,
    smoothed): 1 on paper however the light falls, darker where there is ink. Float32."""
    import cv2
    import numpy as np

    g = grey.astype(np.float32)
    if g.max() > 1.5:
        g /= 255
    bg = cv2.dilate(g, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    bg = cv2.blur(bg, (k, k))
    return np.clip(g / np.maximum(bg, 0.05), 0, 1)


@dataclass
class Fit:
    """A registration: ``h`` maps the photo's pixels to the design box's at ``ppm`` px a mm."""

    paper: str
    h: Any
    score: float
    inliers: int = 0


def _features(img: Any, n: int) -> tuple[Any, Any]:
    import cv2

    orb = cv2.ORB.create(nfeatures=n, scaleFactor=1.3, nlevels=8, fastThreshold=12)
    return orb.detectAndCompute(img, None)


@lru_cache(maxsize=8)
def _blank_features(seed: int, paper: str) -> tuple[Any, Any]:
    import numpy as np

    img = (blank(seed, paper, REG_PPM) * 255).astype(np.uint8)
    return _features(img, 6000)


def _coarse(grey: Any, seed: int, paper: str) -> tuple[Any, int] | None:
    """ORB matches between the photo and the blank sheet, and RANSAC's homography (photo px to
    design px at REG_PPM) with its inlier count; None if too few match."""
    import cv2
    import numpy as np

    kb, db = _blank_features(seed, paper)
    kp, dp = _features(grey, 8000)
    if dp is None or len(kp) < 50:
        return None
    matcher = cv2.BFMatcher(cv2.NORM_HAMMING)
    good = []
    for pair in matcher.knnMatch(dp, db, k=2):
        if len(pair) == 2 and pair[0].distance < 0.8 * pair[1].distance:
            good.append(pair[0])
    if len(good) < 30:
        return None
    src = np.array([kp[m.queryIdx].pt for m in good], dtype=np.float32)
    dst = np.array([kb[m.trainIdx].pt for m in good], dtype=np.float32)
    cv2.setRNGSeed(30)  # RANSAC draws from OpenCV's one generator: the same photo, the same fit
    h, mask = cv2.findHomography(src, dst, cv2.RANSAC, 4.0, maxIters=4000, confidence=0.999)
    if h is None:
        return None
    return h, int(mask.sum())


def _ecc(grey: Any, h: Any, seed: int, paper: str, ppm: float, iters: int = 60) -> tuple[Any, float]:
    """``h`` (photo px to design px at ``ppm``) refined by ECC against the blank sheet; with its
    correlation (-1 to 1; about 0.9 for a sheet well in place)."""
    import cv2
    import numpy as np

    ref = cv2.GaussianBlur(blank(seed, paper, ppm), (0, 0), 1.0)
    size = (ref.shape[1], ref.shape[0])
    warped = cv2.warpPerspective(grey, h, size, flags=cv2.INTER_LINEAR, borderValue=255)
    warped = cv2.GaussianBlur(_flat(warped, 31), (0, 0), 1.0)
    try:
        cc, w = cv2.findTransformECC(ref, warped, np.eye(3, dtype=np.float32), cv2.MOTION_HOMOGRAPHY,
                                     (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, iters, 1e-5),
                                     np.full(ref.shape, 255, np.uint8), 3)
    except cv2.error:
        return h, float(np.corrcoef(ref.ravel(), warped.ravel())[0, 1])
    # ECC's warp maps the template's pixels to the warped photo's: undo it after h
    return np.linalg.inv(w.astype(np.float64)) @ h, float(cc)


def _scaled(h: Any, k: float) -> Any:
    """A homography to design px at one ppm as one to design px at ``k`` times that ppm."""
    import numpy as np

    return np.diag([k, k, 1.0]) @ h


def register(rgb: Any, seed: int, path: str, paper: str | None = None) -> Fit:
    """Where the sheet is in the photo: the homography to the design box at READ_PPM, on the
    paper (A4 or Letter) that fits better. PrintkitError if no sheet of that seed is found, or
    the page is cut off."""
    import cv2
    import numpy as np

    grey = _grey(rgb)
    k = min(1.0, 1200 / max(grey.shape))
    small = cv2.resize(grey, None, fx=k, fy=k, interpolation=cv2.INTER_AREA)
    best: Fit | None = None
    for p in ([paper] if paper else ["a4", "letter"]):
        coarse = _coarse(small, seed, p)
        if coarse is None:
            continue
        h, n = coarse
        if not _plausible(h @ np.diag([k, k, 1.0]), p, grey.shape):  # another page's print matched
            continue
        if best is None or n > best.inliers:
            best = Fit(p, h @ np.diag([k, k, 1.0]), 0.0, n)
    if best is None or best.inliers < 25:
        raise PrintkitError(f"{path}: no Roll n Cook sheet {_sid(seed)} found in the photo (photograph the whole "
                            "sheet, flat, in good light)")
    _inside(Fit(best.paper, _scaled(best.h, READ_PPM / REG_PPM), 0.0), rgb.shape, path)
    h, best.score = _ecc(grey, best.h, seed, best.paper, REG_PPM, iters=30)
    if best.score < 0.45:
        raise PrintkitError(f"{path}: no Roll n Cook sheet {_sid(seed)} found in the photo (photograph the whole "
                            "sheet, flat, in good light)")
    best.h = _scaled(h, READ_PPM / REG_PPM)
    _inside(best, rgb.shape, path)
    return best


#: A sheet found fills at least this fraction of the photo (a phone photo of it: a third or more).
MIN_AREA = 0.05


def _plausible(h: Any, paper: str, shape: tuple) -> bool:
    """Whether ``h`` (photo px to design px at REG_PPM) shows a sheet as a camera sees one: its
    corners a convex quadrilateral, over MIN_AREA of the photo, not stretched past 3:1 against the
    sheet's own sides. Features of another printed page (the fonts, the corner squares) can match
    by hundreds and still give a homography that folds the sheet onto a point or a line."""
    import cv2
    import numpy as np

    from printkit.games.rollncook.geometry import geometry

    geo = geometry(paper)
    corners = np.array([[[0, 0], [geo["w"], 0], [geo["w"], geo["h"]], [0, geo["h"]]]], dtype=np.float64) * REG_PPM
    try:
        at = cv2.perspectiveTransform(corners, np.linalg.inv(h))[0].astype(np.float32)
    except np.linalg.LinAlgError:
        return False
    if not np.isfinite(at).all() or not cv2.isContourConvex(at):
        return False
    if cv2.contourArea(at) < MIN_AREA * shape[0] * shape[1]:
        return False
    sides = np.linalg.norm(at - np.roll(at, -1, axis=0), axis=1)
    ratio = (sides[0] + sides[2]) / (sides[1] + sides[3]) / (geo["w"] / geo["h"])
    return 1 / 3 < ratio < 3


def _sid(seed: int) -> str:
    from printkit.games.rollncook.sheet import sheet_id

    return sheet_id(seed)


def _inside(fit: Fit, shape: tuple, path: str) -> None:
    """PrintkitError unless the sheet's four corner squares are in the photo."""
    import cv2
    import numpy as np

    from printkit.games.rollncook.geometry import geometry

    geo = geometry(fit.paper)
    corners = np.array([[[0, 0], [geo["w"], 0], [geo["w"], geo["h"]], [0, geo["h"]]]], dtype=np.float32) * READ_PPM
    at = cv2.perspectiveTransform(corners, np.linalg.inv(fit.h))[0]
    hgt, wid = shape[:2]
    out = [i for i, (x, y) in enumerate(at) if not (0 <= x < wid and 0 <= y < hgt)]
    if out:
        names = ["top left", "top right", "bottom right", "bottom left"]
        raise PrintkitError(f"{path}: the page is cut off: its {', '.join(names[i] for i in out)} corner"
                            f"{'s are' if len(out) > 1 else ' is'} not in the photo (photograph the whole sheet)")


def _follow(img: Any, ref: Any) -> tuple[Any, float]:
    """``img`` moved tile by tile onto ``ref`` (a curled page): the image and the largest shift (mm)."""
    import cv2
    import numpy as np

    size = (ref.shape[1], ref.shape[0])
    flat = _flat(_grey(img), 31)
    # Shifts measured in windows 24 mm wide every 12 mm, the first and last on the sheet's edges
    # (the page padded with blank paper), then spread between their centres.
    half, step = round(12 * READ_PPM), 12 * READ_PPM
    nx, ny = max(2, round(size[0] / step) + 1), max(2, round(size[1] / step) + 1)
    a_pad = cv2.copyMakeBorder(1 - ref, half, half, half, half, cv2.BORDER_CONSTANT, value=0)
    b_pad = cv2.copyMakeBorder(1 - flat, half, half, half, half, cv2.BORDER_CONSTANT, value=0)
    win = cv2.createHanningWindow((2 * half, 2 * half), cv2.CV_32F)
    dx, dy = np.zeros((ny, nx), np.float32), np.zeros((ny, nx), np.float32)
    ok = np.zeros((ny, nx), bool)
    for j in range(ny):
        cy = round(j * (size[1] - 1) / (ny - 1))
        for i in range(nx):
            cx = round(i * (size[0] - 1) / (nx - 1))
            a = a_pad[cy: cy + 2 * half, cx: cx + 2 * half]
            if a.std() < 0.05:
                continue
            (sx, sy), resp = cv2.phaseCorrelate(a, b_pad[cy: cy + 2 * half, cx: cx + 2 * half], win)
            if resp > 0.1 and abs(sx) < 4 * READ_PPM and abs(sy) < 4 * READ_PPM:
                dx[j, i], dy[j, i], ok[j, i] = sx, sy, True
    shift = 0.0
    if ok.sum() >= 4:
        for d in (dx, dy):
            d[~ok] = np.median(d[ok])
            d[:] = cv2.medianBlur(d, 3)
        xs_, ys_ = np.meshgrid(np.arange(size[0], dtype=np.float32), np.arange(size[1], dtype=np.float32))
        gx, gy = xs_ * ((nx - 1) / (size[0] - 1)), ys_ * ((ny - 1) / (size[1] - 1))
        mx = cv2.remap(dx, gx, gy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        my = cv2.remap(dy, gx, gy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        img = cv2.remap(img, xs_ + mx, ys_ + my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        shift = float(np.hypot(dx, dy).max()) / READ_PPM
    return img, shift


def unwarp(rgb: Any, fit: Fit, seed: int) -> tuple[Any, Any]:
    """The photo in the design box at READ_PPM (RGB float 0-1), after a local shift tile by
    tile (a curled page), and the shift found (mm, largest)."""
    import cv2
    import numpy as np

    ref = blank(seed, fit.paper, READ_PPM)
    size = (ref.shape[1], ref.shape[0])
    img = cv2.warpPerspective(rgb, fit.h, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    img = img.astype(np.float32) / 255
    img, shift = _follow(img, ref)
    img, more = _follow(img, ref)  # a second pass: what is left after the first
    shift += more
    return img, shift


# -- reading the marks ----------------------------------------------------------------------------

@dataclass
class Read:
    """One spot read: its value (True/False; "", "O" or "X" for a bullet; "1".."6" or "" for a
    die), the confidence (0.5 to 1), what else it might be, and why it needs a look."""

    name: str
    kind: str
    value: Any
    confidence: float
    other: Any = None
    why: str = ""


@dataclass
class Reading:
    """What a photo says: the sheet, its paper, every spot's read, and the registration."""

    file: str
    sid: str
    seed: int
    paper: str
    reads: dict[str, Read] = field(default_factory=dict)
    fit: float = 0.0
    shift_mm: float = 0.0


def _ink(img: Any, seed: int, paper: str) -> tuple[Any, Any, Any, Any, Any, Any]:
    """The ink the photo has and the blank sheet has not (bool, at READ_PPM), where the paper is
    free of print (bool), where it is hidden or in deep shadow (a thumb, the photo's edge), faint
    ink (half as dark: a light pencil, or a stain), how much darker than the blank sheet each
    free pixel is (float, 0 where printed: what the digits are read from), and how much darker
    than the blank sheet's own print every pixel is (float: ink right beside a printed line,
    which the other measures leave out, shows there)."""
    import cv2
    import numpy as np

    ref = blank(seed, paper, READ_PPM)
    grey = _grey(img)
    bgk = round(4 * READ_PPM) | 1
    bg = cv2.blur(cv2.dilate(grey, cv2.getStructuringElement(cv2.MORPH_RECT, (bgk, bgk))), (bgk, bgk))
    dark = 1 - np.clip(grey / np.maximum(bg, 0.05), 0, 1)
    printed = cv2.dilate(1 - cv2.GaussianBlur(ref, (0, 0), 0.8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5)))
    free = printed < 0.6
    excess = dark - printed
    new = (excess > INK) & free
    # A light pen or pencil: the ink found is barely darker than INK, so the threshold comes
    # down with it (to 40% of the ink's darkness, never below 60% of INK).
    if int(new.sum()) > 200:
        ink = float(np.clip(0.4 * np.median(excess[new]), 0.6 * INK, INK))
        new = (excess > ink) & free
    else:
        ink = INK
    # faint ink away from the print only (a blurred line's edge is faint too)
    near = cv2.dilate((printed > 0.25).astype(np.uint8), np.ones((9, 9), np.uint8)) > 0
    faint = (excess > ink / 2) & free
    faint = np.where(near, 2, 1) * faint  # 1 faint ink away from the print, 2 near it (bullets count both)
    # Paper is bright: hidden where the paper level is far below the sheet's, or coloured where
    # the sheet is not (a thumb): looked at 1.5 px a mm, where pen strokes are averaged away, and
    # only solid patches 3 mm across count.
    k = 1.5 / READ_PPM
    small = cv2.resize(img, None, fx=k, fy=k, interpolation=cv2.INTER_AREA)
    ref_small = cv2.resize(blank_rgb(seed, paper, READ_PPM), (small.shape[1], small.shape[0]),
                           interpolation=cv2.INTER_AREA)
    light = small.max(axis=2)
    r, g, b = small[..., 0], small[..., 1], small[..., 2]
    skin = (r - b > 0.12) & (g - b > 0.05) & (r > g) & (_sat(ref_small) < 0.08)  # not a red or blue pen's
    odd = (skin | (light < 0.45 * float(np.median(light)))).astype(np.uint8)
    odd = cv2.morphologyEx(odd, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    hidden = cv2.resize(cv2.dilate(odd, np.ones((9, 9), np.uint8)), (new.shape[1], new.shape[0]),
                        interpolation=cv2.INTER_NEAREST) > 0
    # Hidden too where the sheet's own print does not show: a printed line is as dark in the
    # photo as the paper beside it (a thumb, a glare), looked at 3 mm at a time.
    line = (ref < 0.5).astype(np.float32)
    paper_ = ((ref > 0.95) & ~new).astype(np.float32)
    k3 = (round(3 * READ_PPM) | 1, round(3 * READ_PPM) | 1)
    n_line, n_paper = cv2.blur(line, k3), cv2.blur(paper_, k3)
    on_line = cv2.blur(dark * line, k3) / np.maximum(n_line, 1e-6)
    on_paper = cv2.blur(dark * paper_, k3) / np.maximum(n_paper, 1e-6)
    unseen = (n_line > 0.03) & (n_paper > 0.2) & (on_line - on_paper < 0.15) & (on_line < 0.2)
    hidden |= cv2.dilate(unseen.astype(np.uint8), np.ones((9, 9), np.uint8)) > 0
    return new, free, hidden, faint, np.clip(excess, 0, 1) * free, dark - (1 - ref)


def _sat(rgb: Any) -> Any:
    import cv2

    return cv2.max(cv2.max(rgb[..., 0], rgb[..., 1]), rgb[..., 2]) - cv2.min(cv2.min(rgb[..., 0], rgb[..., 1]), rgb[..., 2])


def _mask(spot: Any, shrink: float, ppm: float, box: tuple[int, int, int, int]) -> Any:
    """Pixels of ``spot`` (spots.Spot) shrunk by ``shrink`` mm, in the window ``box`` (x0, y0, x1,
    y1 px), as a bool mask; for a circle, the disc of radius ``shrink`` mm."""
    import cv2
    import numpy as np

    x0, y0, x1, y1 = box
    m = np.zeros((y1 - y0, x1 - x0), np.uint8)
    a = spot.at
    if spot.shape == "rect":
        m[round((a[1] + shrink) * ppm) - y0:round((a[1] + a[3] - shrink) * ppm) - y0,
          round((a[0] + shrink) * ppm) - x0:round((a[0] + a[2] - shrink) * ppm) - x0] = 1
    elif spot.shape == "circle":
        cv2.circle(m, (round(a[0] * ppm) - x0, round(a[1] * ppm) - y0), round(shrink * ppm), 1, -1)
    else:
        cx, cy = spot.centre
        pts = np.array([[cx + (a[i] - cx) * shrink, cy + (a[i + 1] - cy) * shrink] for i in (0, 2, 4)]) * ppm
        cv2.fillPoly(m, [np.round(pts - [x0, y0]).astype(np.int32)], 1)
    return m.astype(bool)


def _window(spot: Any, ppm: float, shape: tuple) -> tuple[int, int, int, int]:
    """A spot's bounding box (px) with 3 mm about it, inside an image of ``shape``."""
    a = spot.at
    if spot.shape == "rect":
        x0, y0, x1, y1 = a[0], a[1], a[0] + a[2], a[1] + a[3]
    elif spot.shape == "circle":
        x0, y0, x1, y1 = a[0] - a[2], a[1] - a[2], a[0] + a[2], a[1] + a[2]
    else:
        x0, x1, y0, y1 = min(a[0::2]), max(a[0::2]), min(a[1::2]), max(a[1::2])
    return (max(0, math.floor((x0 - 3) * ppm)), max(0, math.floor((y0 - 3) * ppm)),
            min(shape[1], math.ceil((x1 + 3) * ppm)), min(shape[0], math.ceil((y1 + 3) * ppm)))


#: Darkness a pixel needs beyond the paper's to count as ink (0 paper, 1 black).
INK = 0.18
#: A spot is marked above its threshold (the middle number); between the low and high numbers
#: its confidence falls from 1 to 0.5 at the threshold. The numbers are fractions of the spot's
#: unprinted pixels that are ink (measured on generated photos: benchmarks/bench_scan.py).
LEVELS = {"box": (0.005, 0.05, 0.12), "dish": (0.005, 0.05, 0.12), "ability": (0.005, 0.05, 0.12),
          "plate": (0.01, 0.07, 0.16), "seg": (0.005, 0.04, 0.12), "ring": (0.01, 0.07, 0.16),
          "centre": (0.01, 0.1, 0.22)}


def _binary(levels: tuple[float, float, float], score: float) -> tuple[bool, float]:
    """A mark (True/False) from its ink ``score`` and the photo's ``levels`` for its kind (as
    LEVELS'), and the confidence: 1 far from the threshold, 0.5 at it."""
    lo, mid, hi = levels
    if score >= mid:
        return True, min(1.0, 0.5 + 0.5 * (score - mid) / (hi - mid))
    return False, min(1.0, 0.5 + 0.5 * (mid - score) / (mid - lo))


#: A kind's levels follow the photo once it has this many marks of that kind.
MIN_MARKS = 3


def photo_levels(scores: dict[str, list[float]]) -> dict[str, tuple[float, float, float]]:
    """Each kind's levels (as LEVELS') in one photo, from the ink ``scores`` of its spots there.

    A light pencil leaves a fraction of a pen's ink in a spot: a cross on a plate scores 0.6 in
    black ballpoint and 0.05 to 0.1 in pencil, where an empty spot scores 0. So a kind's marks
    in this photo (the spots over half its usual threshold, if there are MIN_MARKS of them) set
    its levels: the threshold at 40% of the way from the paper to their median (never above
    LEVELS'), sure of a mark from 70% of the way. A read is then as sure as its margin to what
    paper and ink measure in this very photo."""
    import statistics

    out = {}
    for kind, (lo, mid, hi) in LEVELS.items():
        marked = [v for v in scores.get(kind, []) if v >= mid / 2]
        if len(marked) < MIN_MARKS:
            out[kind] = (lo, mid, hi)
            continue
        m = statistics.median(marked)
        t = min(mid, lo + 0.4 * (m - lo))
        out[kind] = (lo, t, max(t + 0.02, lo + 0.7 * (m - lo)))
    return out


def _halo(s: Any, over: Any) -> float:
    """How much darker than the blank sheet bullet ``s``'s printed circle and the 0.8 mm beside
    it are (above and below it: its neighbours' rings come in from the sides)."""
    import numpy as np

    box = _window(s, READ_PPM, over.shape)
    r = s.at[2]
    band = _mask(s, r + 0.8, READ_PPM, box) & ~_mask(s, r + 0.05, READ_PPM, box)
    ys, xs = np.mgrid[box[1]:box[3], box[0]:box[2]]
    band &= np.abs(xs + 0.5 - s.at[0] * READ_PPM) < 0.8 * np.abs(ys + 0.5 - s.at[1] * READ_PPM)
    return float(over[box[1]:box[3], box[0]:box[2]][band].mean()) if band.any() else 0.0


#: A bullet read empty is listed when its halo (:func:`_halo`) is this far (0 to 1) from the
#: photo's empty bullets' halo towards its marked ones': a ring drawn on the printed circle
#: leaves no ink on free paper, yet darkens the circle. Measured on the benchmark's pencil
#: photos: empty bullets 0.05 to 0.08, marked 0.15 to 0.4, such a ring 0.15 to 0.16.
HALO_LEVEL = 0.35


def _rings_on_the_print(reading: Reading, bullets: list[tuple[Any, bool]], over: Any) -> None:
    """Bullets read empty and sure whose printed circle is darkened as the circled ones' are:
    listed to confirm (a ring drawn right on the printed circle, in pencil most often)."""
    import statistics

    halo = {s.name: _halo(s, over) for s, unseen in bullets if not unseen}
    empty = [h for n, h in halo.items() if reading.reads[n].value == ""]
    marked = [h for n, h in halo.items() if reading.reads[n].value != ""]
    if len(empty) < MIN_MARKS:
        return
    base = statistics.median(empty)
    ring = statistics.median(marked) if len(marked) >= MIN_MARKS else base + 0.15
    for n, h in halo.items():
        read = reading.reads[n]
        if read.value == "" and read.confidence >= CONFIDENT and h >= base + HALO_LEVEL * (ring - base):
            read.confidence, read.why = 0.6, "the printed circle looks drawn over: a ring on it?"


def _frac(new: Any, free: Any, m: Any) -> float:
    n = int((m & free).sum())
    return float((new & m).sum()) / n if n else 0.0


def spot_scores(s: Any, new: Any, free: Any) -> dict[str, float]:
    """The ink fractions of spot ``s``: ``ring`` and ``centre`` for a bullet, ``area`` else."""
    import numpy as np

    box = _window(s, READ_PPM, new.shape)
    n, f = new[box[1]:box[3], box[0]:box[2]], free[box[1]:box[3], box[0]:box[2]]
    if s.kind == "bullet":
        r = s.at[2]
        # the ring above and below the bullet: its neighbours' rings come in from the sides
        ring = _mask(s, r + 0.95, READ_PPM, box) & ~_mask(s, r + 0.25, READ_PPM, box)
        ys, xs = np.mgrid[box[1]:box[3], box[0]:box[2]]
        ring &= np.abs(xs + 0.5 - s.at[0] * READ_PPM) < 0.8 * np.abs(ys + 0.5 - s.at[1] * READ_PPM)
        return {"ring": _frac(n, f, ring), "centre": _frac(n, f, _mask(s, 1.0, READ_PPM, box))}
    shrink = 1.6 if s.kind == "plate" else 0.8 if s.kind == "seg" else 0.6
    return {"area": _frac(n, f, _mask(s, shrink, READ_PPM, box))}


def read_marks(reading: Reading, img: Any) -> None:
    """Every spot: reading.reads (the dice last: their ranking looks at the boxes)."""
    from printkit.games.rollncook.spots import spots

    new, free, hidden, faint, excess, over = _ink(img, reading.seed, reading.paper)
    measured = []
    scores: dict[str, list[float]] = {}
    for s in spots(reading.sid, reading.paper):
        if s.kind in ("die", "more"):  # written digits: read_dice, read_more
            continue
        sc = spot_scores(s, new, free)
        x0, y0, x1, y1 = _window(s, READ_PPM, new.shape)
        unseen = bool(hidden[y0:y1, x0:x1].mean() > 0.05)
        measured.append((s, sc, unseen))
        if not unseen:
            for k, v in sc.items():
                scores.setdefault(s.kind if k == "area" else k, []).append(v)
    levels = photo_levels(scores)
    for s, sc, unseen in measured:
        sf = spot_scores(s, faint > 0 if s.kind == "bullet" else faint == 1, free)
        if s.kind == "bullet":
            rv, rc = _binary(levels["ring"], sc["ring"])
            cv, cc = _binary(levels["centre"], sc["centre"])
            value: Any = ("X" if cv else "O") if rv or cv else ""
            conf = min(rc, cc) if rv or not cv else min(rc, cc, 0.6)  # crossed, yet no ring: unsure
            weak = (not rv and sf["ring"] >= 3 * LEVELS["ring"][0]) or (not cv and sf["centre"] >= 3 * LEVELS["centre"][0])
        else:
            value, conf = _binary(levels[s.kind], sc["area"])
            weak = not value and sf["area"] >= 3 * LEVELS[s.kind][0]
        read = Read(s.name, s.kind, value, round(conf, 3), other=sc)
        if weak:  # light marks where the dark ones are missing: a pencil?
            read.confidence, read.why = min(read.confidence, 0.6), "faint marks (a light pencil?)"
        if unseen:  # then taken as not marked, and listed
            read.value = "" if s.kind == "bullet" else False
            read.confidence, read.why = 0.3, "hidden (a finger, a shadow or the photo's edge)"
        reading.reads[s.name] = read
    _rings_on_the_print(reading, [(s, unseen) for s, _, unseen in measured if s.kind == "bullet"], over)
    read_dice(reading, excess, new, hidden)
    read_more(reading, img, new, excess, hidden)


# -- the dice ---------------------------------------------------------------------------------------

#: Digit images are compared at this size (w, h px), and rendered from these bundled fonts.
DIGIT_SIZE = (16, 24)
DIGIT_FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansCondensed-Bold.ttf", "Comfortaa-Bold.ttf")


def _shape(ink: Any) -> Any | None:
    """An ink patch (float, 0 paper to 1 full ink) cut to its ink and scaled to DIGIT_SIZE,
    blurred, zero mean, unit length; None if it holds no ink."""
    import cv2
    import numpy as np

    ys, xs = np.nonzero(ink > 0.35)
    if len(xs) < 4:
        return None
    crop = ink[ys.min(): ys.max() + 1, xs.min(): xs.max() + 1].astype(np.float32)
    h, w = crop.shape
    side = max(h, w * DIGIT_SIZE[1] / DIGIT_SIZE[0])  # keep the aspect: a 1 stays thin
    pad = np.zeros((round(side), round(side * DIGIT_SIZE[0] / DIGIT_SIZE[1])), np.float32)
    y0, x0 = (pad.shape[0] - h) // 2, (pad.shape[1] - w) // 2
    pad[y0:y0 + h, x0:x0 + w] = crop
    v = cv2.GaussianBlur(cv2.resize(pad, DIGIT_SIZE, interpolation=cv2.INTER_AREA), (0, 0), 1.0).ravel()
    v = v - v.mean()
    n = float(np.linalg.norm(v))
    return v / n if n > 0 else None


@lru_cache(maxsize=2)
def _templates(digits: str = "123456") -> tuple[Any, list[str]]:
    """``digits`` (a die's: 1 to 6) rendered in the bundled fonts, upright and leaning: (matrix of
    shapes, digits)."""
    import cv2
    import numpy as np
    from PIL import Image, ImageDraw, ImageFont

    from printkit.core.resources import fonts_dir

    rows, labels = [], []
    for name in DIGIT_FONTS:
        font = ImageFont.truetype(str(fonts_dir() / name), 40)
        for d in digits:
            tile = Image.new("L", (64, 64), 0)
            ImageDraw.Draw(tile).text((32, 32), d, fill=255, font=font, anchor="mm")
            a = np.asarray(tile, dtype=np.float32) / 255
            for angle in (-12, 0, 12):
                for shear in (-0.2, 0.0, 0.2):
                    m = cv2.getRotationMatrix2D((32, 32), angle, 1.0)
                    m[0, 1] += shear
                    m[0, 2] -= shear * 32
                    v = _shape(cv2.warpAffine(a, m, (64, 64)))
                    if v is not None:
                        rows.append(v)
                        labels.append(d)
    return np.array(rows), labels


def read_digit(ink: Any, digits: str = "123456") -> list[tuple[str, float]]:
    """The ``digits`` (a die's: 1 to 6) an ink patch (float, 0 to 1) may be, best first, each with
    its match (-1 to 1)."""
    shape = _shape(ink)
    if shape is None:
        return []
    mat, labels = _templates(digits)
    scores = mat @ shape
    best: dict[str, float] = {}
    for d, s in zip(labels, scores, strict=True):
        best[d] = max(best.get(d, -1.0), float(s))
    return sorted(best.items(), key=lambda kv: -kv[1])


#: A die box with less ink than this (a fraction of its pixels) is empty.
DIE_EMPTY = (0.01, 0.025, 0.05)


def _die_ink(s: Any, new: Any, excess: Any) -> tuple[Any, Any, Any]:
    """Die box ``s``'s ink (bool), its pixels (bool) and its ink as grey levels (float 0 to 1:
    the darkness over the blank sheet, 1 at the strokes' usual darkness). The digit is read from
    the grey levels: the ink found is thicker than the strokes (its threshold is low for a
    pencil's sake) and fills a 6's or a 5's loop."""
    import cv2
    import numpy as np

    box = _window(s, READ_PPM, new.shape)
    m = _mask(s, 0.5, READ_PPM, box)
    patch = new[box[1]:box[3], box[0]:box[2]] & m
    # specks of noise go: a stroke is at least 2 px across
    ink = cv2.morphologyEx(patch.astype(np.uint8), cv2.MORPH_OPEN, np.ones((2, 2), np.uint8)) > 0
    near = cv2.dilate(ink.astype(np.uint8), np.ones((5, 5), np.uint8))  # a stroke's faint edges too
    grey = excess[box[1]:box[3], box[0]:box[2]] * m * near
    top = float(np.percentile(grey[ink], 90)) if ink.sum() >= 10 else 1.0
    return ink, m, np.clip(grey / max(top, 0.05), 0, 1)


def read_dice(reading: Reading, excess: Any, new: Any, hidden: Any) -> None:
    """The dice written: each a digit 1 to 6 or empty, with its candidates; then each hour's
    three ranked together with the rule that a crossed box's number is among its hour's dice."""
    from printkit.games.rollncook.content import CONTENT
    from printkit.games.rollncook.form import Names
    from printkit.games.rollncook.spots import spots

    by_name = {s.name: s for s in spots(reading.sid, reading.paper) if s.kind == "die"}
    names = Names(reading.sid)
    for h in range(len(CONTENT.hours)):
        cands = []
        for d in range(3):
            s = by_name[names.die(h, d)]
            ink, m, grey = _die_ink(s, new, excess)
            frac = float(ink.sum()) / max(1, int(m.sum()))
            empty, conf = _binary_levels(DIE_EMPTY, frac)
            read = Read(s.name, "die", "", conf)
            opts = [] if empty else read_digit(grey)
            if opts:
                read.value, read.other = opts[0][0], opts[:3]
                read.confidence = min(conf, _die_sure(opts[0][1], opts[0][1] - opts[1][1]))
            x0, y0, x1, y1 = _window(s, READ_PPM, new.shape)
            if hidden[y0:y1, x0:x1].mean() > 0.05:
                conf, read.why = min(conf, 0.3), "hidden (a finger, a shadow or the photo's edge)"
                read.confidence = min(read.confidence, conf)
            reading.reads[s.name] = read
            cands.append((read, conf))
        _by_rule(reading, h, cands)


def _die_sure(match: float, margin: float) -> float:
    """A die's confidence from its digit's ``match`` (-1 to 1) and its ``margin``: how much
    better the read scores than the best other (its match over the next digit's; with the
    rule, the hour's best triple over the best that reads this die otherwise)."""
    return round(0.5 + min(0.5, max(0.0, match - 0.55) * 1.5, max(0.0, margin) * 1.5), 3)


def _binary_levels(levels: tuple[float, float, float], score: float) -> tuple[bool, float]:
    """True (empty) below the middle level, with a confidence as :func:`_binary` gives."""
    lo, mid, hi = levels
    if score < mid:
        return True, round(min(1.0, 0.5 + 0.5 * (mid - score) / (mid - lo)), 3)
    return False, round(min(1.0, 0.5 + 0.5 * (score - mid) / (hi - mid)), 3)


def _by_rule(reading: Reading, h: int, dice: list[tuple[Read, float]]) -> None:
    """Hour ``h``'s dice ranked together: of the three best digits of each die, the triple that
    covers the hour's crossed boxes (a double covers one box more, RNC-3), by match. A die's
    confidence is then its margin in this ranking: the best triple's score over the best one
    that reads this die otherwise (a digit the crossed boxes need is surer than its match
    alone says; one they do not need, no surer), capped by ``dice``' second number (an empty
    box's or a hidden one's confidence). A die the rule changes is listed to confirm."""
    import itertools

    from printkit.games.rollncook.form import Names

    names = Names(reading.sid)
    crossed = [k + 1 for k in range(6) if reading.reads.get(names.box(h, k), Read("", "", False, 1)).value is True]
    if not crossed or any(not r.other for r, _ in dice):
        return
    ranked = []
    for combo in itertools.product(*[r.other for r, _ in dice]):
        values = [int(d) for d, _ in combo]
        free = 1 if len(set(values)) < 3 else 0
        missing = sum(1 for k in crossed if k not in values)
        ranked.append((sum(s for _, s in combo) - 0.4 * max(0, missing - free), tuple(d for d, _ in combo)))
    score, best = max(ranked)
    for i, ((r, cap), d) in enumerate(zip(dice, best, strict=True)):
        other = max((s for s, c in ranked if c[i] != d), default=score - 1.0)
        conf = min(cap, _die_sure(dict(r.other)[d], score - other))
        if r.value != d:
            r.why = f"looks like {r.value}; read as {d}, which the boxes crossed in this hour need"
            r.value, conf = d, min(conf, 0.6)
        r.confidence = conf


# -- the inventory rows' "more" boxes ------------------------------------------------------------

#: A "more" box holds one or two digits, each read as :func:`read_digit` reads a die (0 to 9).
MORE_DIGITS = "0123456789"
#: A digit there is sure (confidence CONFIDENT) from this match and this lead over the next digit:
#: ten digits and no rule to rank them (a die has six, and its hour's boxes). Measured on 87
#: generated digits: wrong reads led by up to 0.2 (a 2 taken for a 1), right ones mostly by more.
MORE_SURE = (0.75, 0.25)


def _digit_columns(ink: Any) -> list[tuple[int, int]]:
    """The ink patch's digits, as runs of columns with ink (left to right, x0 and x1 px): runs
    closer than 0.3 mm are one, and a run with under 5% of the ink is a speck."""
    import numpy as np

    cols = ink.sum(axis=0) > 0
    runs: list[list[int]] = []
    for x in np.nonzero(cols)[0]:
        if runs and x - runs[-1][1] <= 0.3 * READ_PPM * MORE_ZOOM:
            runs[-1][1] = int(x) + 1
        else:
            runs.append([int(x), int(x) + 1])
    total = max(1, int(ink.sum()))
    return [(a, b) for a, b in runs if ink[:, a:b].sum() >= 0.05 * total]


def read_number(ink: Any) -> tuple[str, float, list[tuple[str, float]], str]:
    """A number of one or two digits written in an ink patch: the digits read, the confidence,
    the likeliest other reading (each with its confidence), and why it needs a look ("" if it does
    not). Each digit is scored as a die's (:func:`read_digit`, 0 to 9); two digits that touch,
    or more than two parts, are never guessed at silently."""
    import numpy as np

    runs = _digit_columns(ink)
    if not runs:
        return "", 0.5, [], "unsure"
    ys = np.nonzero(ink.any(axis=1))[0]
    height = int(ys.max() - ys.min() + 1)
    digits, confs, seconds = [], [], []
    for a, b in runs[:2]:
        opts = read_digit(ink[:, a:b], MORE_DIGITS)
        if not opts:
            return "", 0.3, [], "unsure"
        top, second = opts[0], (opts[1] if len(opts) > 1 else ("", -1.0))
        digits.append(top[0])
        seconds.append(second[0])
        confs.append(0.5 + max(0.0, min(0.5, top[1] - MORE_SURE[0] + 0.25, top[1] - second[1] - MORE_SURE[1] + 0.25)))
    value = "".join(digits)
    weakest = min(range(len(confs)), key=lambda i: confs[i])
    other = "".join(seconds[i] if i == weakest else d for i, d in enumerate(digits))
    conf, why = round(min(confs), 3), ""
    if len(runs) > 2:
        conf, why = min(conf, 0.3), f"{len(runs)} marks side by side: a number of at most two digits is expected"
    elif len(runs) == 1 and (runs[0][1] - runs[0][0]) > 1.1 * height:
        conf, why = min(conf, 0.4), "wider than one digit: two digits that touch?"
    return value, conf, [(value, conf), (other, round(min(confs[weakest], 0.5), 3))], why


#: A "more" box's digits are thresholded at this many times the patch's own darkest ink, looked
#: at this many times READ_PPM: a small digit's loops stay open, where the sheet's ink threshold fills them.
MORE_LEVEL, MORE_ZOOM = 0.5, 3


def _number_ink(s: Any, img: Any) -> Any:
    """The ink of "more" box ``s`` (a spot) at MORE_ZOOM times READ_PPM, thresholded against its own
    darkest: bool, the box shrunk by 0.5 mm (its printed outline left out)."""
    import cv2
    import numpy as np

    box = _window(s, READ_PPM, img.shape)
    grey = _grey(np.ascontiguousarray(img[box[1]:box[3], box[0]:box[2]]))
    big = cv2.resize(grey, None, fx=MORE_ZOOM, fy=MORE_ZOOM, interpolation=cv2.INTER_CUBIC)
    m = _mask(s, 0.5, READ_PPM * MORE_ZOOM, tuple(v * MORE_ZOOM for v in box))  # type: ignore[arg-type]
    inside = big[m]
    paper = float(np.percentile(inside, 95)) if inside.size else 1.0
    dark = 1 - np.clip(big / max(paper, 0.05), 0, 1)
    level = max(MORE_LEVEL * float(np.percentile(dark[m], 99.5)) if inside.size else 1.0, INK)
    return (dark > level) & m


def read_more(reading: Reading, img: Any, new: Any, excess: Any, hidden: Any) -> None:
    """Each inventory row's "more" box: empty, or the number written in it (how many more of the
    ingredient were obtained than the row has bullets). A number in a row whose bullets are not
    all marked is listed to confirm (the box takes what the bullets cannot)."""
    from printkit.games.rollncook.form import Names, bullets, inventory_rows
    from printkit.games.rollncook.spots import bullet_name, spots

    by_name = {s.name: s for s in spots(reading.sid, reading.paper) if s.kind == "more"}
    names = Names(reading.sid)
    for ing in inventory_rows():
        s = by_name[names.more(ing)]
        ink, m, _ = _die_ink(s, new, excess)
        empty, conf = _binary_levels(DIE_EMPTY, float(ink.sum()) / max(1, int(m.sum())))
        read = Read(s.name, "more", "", conf)
        if not empty:
            read.value, number_conf, read.other, read.why = read_number(_number_ink(s, img))
            read.confidence = round(min(conf, number_conf), 3)
            full = all(reading.reads[bullet_name(names, ing, j)].value for j in range(bullets(ing)))
            if read.value and not full and not read.why:
                read.confidence = min(read.confidence, 0.6)
                read.why = "a number in 'more' while the row has bullets left: look at the row"
        x0, y0, x1, y1 = _window(s, READ_PPM, new.shape)
        if hidden[y0:y1, x0:x1].mean() > 0.05:
            read.confidence, read.why = min(read.confidence, 0.3), "hidden (a finger, a shadow or the photo's edge)"
        reading.reads[s.name] = read


# -- a photo read, as a filled sheet ---------------------------------------------------------------

def read_photo(path: str, seed: int | None = None) -> Reading:
    """Everything photo ``path`` shows (``seed``: the sheet's, when its QR code cannot be read)."""
    from printkit.games.rollncook.record import MAX_SHEET_SEED
    from printkit.games.rollncook.sheet import parse_sheet_id, sheet_id

    rgb = open_photo(path)
    sid = sheet_id_of(rgb, path)
    if sid is None and seed is None:
        raise PrintkitError(f"{path}: no Roll n Cook sheet's QR code (top right of the sheet) can be read in the "
                            "photo; if it is one, give the sheet's seed with --seed (its id RNC1-SEED is printed "
                            "bottom left)")
    if sid is not None:
        version, qr_seed = parse_sheet_id(sid) or (0, 0)
        from printkit.games.rollncook.content import CONTENT

        if version != CONTENT.version or qr_seed > MAX_SHEET_SEED:
            raise PrintkitError(f"{path}: sheet {sid} is not one this printkit makes (content version "
                                f"{CONTENT.version}, seeds up to {MAX_SHEET_SEED})")
        if seed is not None and seed != qr_seed:
            raise PrintkitError(f"{path}: its QR code says sheet {sid}, but --seed {seed} was given")
        seed = qr_seed
    assert seed is not None
    fit = register(rgb, seed, path)
    img, shift = unwarp(rgb, fit, seed)
    reading = Reading(path, sheet_id(seed), seed, fit.paper, fit=round(fit.score, 3), shift_mm=round(shift, 2))
    read_marks(reading, img)
    return reading


def to_form(reading: Reading, player: str | None = None) -> Any:
    """The reading as a filled fillable sheet (printkit.core.forms.FilledForm): one field for each
    of the sheet's (form.py), holding what the photo shows (a bullet read "X" checks both its
    ``got`` and ``used`` boxes); the restaurant's name is ``player`` (also the form's name in
    messages), else the photo's file name. The very reader of filled PDF sheets (filled.py) then
    says the record and checks the marks (a row's "more" box: the number read there). The totals
    written are left empty: they are not read."""
    from printkit.core.forms import ON, FilledForm, FormField
    from printkit.core.layout.load import load_layout
    from printkit.games.rollncook.components import static_data
    from printkit.games.rollncook.form import Names, field_ops
    from printkit.games.rollncook.geometry import LAYOUT

    data = static_data()
    ops = field_ops(reading.sid, data["geo"], data["hours"], load_layout(LAYOUT).spec.data["totals"])
    fields = {}
    name = Names(reading.sid).name()
    for op in ops:
        r = reading.reads.get(op.name)
        base, _, which = op.name.rpartition(":")
        value = ""
        if op.name == name:
            value = player if player is not None else Path(reading.file).stem
        elif r is None and which in ("got", "used") and base in reading.reads:  # a bullet's two boxes
            got = reading.reads[base].value
            value = ON if (got in ("O", "X") if which == "got" else got == "X") else ""
        elif r is not None and op.kind == "check":
            value = ON if r.value is True else ""
        elif r is not None:
            value = str(r.value) if r.value not in (True, False) else ""
        fields[op.name] = FormField(op.name, op.kind, value, 0)
    return FilledForm(reading.file if player is None else player, fields)


@lru_cache(maxsize=8)
def _tooltips(sid: str) -> dict[str, str]:
    """Each field of sheet ``sid`` and its tooltip, the words the fillable sheet names it by."""
    from printkit.core.layout.load import load_layout
    from printkit.games.rollncook.components import static_data
    from printkit.games.rollncook.form import field_ops
    from printkit.games.rollncook.geometry import LAYOUT

    data = static_data()
    return {op.name: op.tooltip for op in field_ops(sid, data["geo"], data["hours"],
                                                    load_layout(LAYOUT).spec.data["totals"])}


def where(name: str) -> str:
    """A spot's name in words: the tooltip of its fillable field (form.py), a bullet's without
    what its box marks.

    >>> where("RNC1-7:h10:die2"), where("RNC1-7:inv:brown_sauce:3"), where("RNC1-7:meal:fried_egg:1")
    ('10:00, die 2', 'brown sauce 3', 'fried egg, dish box 1')
    """
    tips = _tooltips(name.partition(":")[0])
    if name in tips:
        return tips[name]
    got = tips.get(name + ":got")
    return got.partition(":")[0] if got else name


def said(r: Read) -> str:
    """A read's value in words."""
    if r.kind in ("die", "more"):
        return r.value or "empty"
    if r.kind == "bullet":
        return {"O": "circled", "X": "circled and crossed", "": "empty"}[r.value]
    return "crossed" if r.value else "not crossed"


def to_confirm(reading: Reading, problems: list) -> list[dict]:
    """What to look at on the paper: each read below CONFIDENT, and each spot a rule check names."""
    out, seen = [], set()
    for r in reading.reads.values():
        if r.confidence < CONFIDENT:
            maybe = ""
            if r.kind in ("die", "more") and r.other and len(r.other) > 1 and r.other[1][0] != r.value:
                maybe = f"; or {r.other[1][0]}"
            out.append({"field": r.name, "where": where(r.name), "read": said(r), "confidence": r.confidence,
                        "why": r.why or f"unsure{maybe}"})
            seen.add(r.name)
    for v in problems:
        name = str(v.line)
        if name in reading.reads and name not in seen:
            r = reading.reads[name]
            out.append({"field": name, "where": where(name), "read": said(r), "confidence": r.confidence,
                        "why": f"the rules disagree: {v.message} [{v.rule}]"})
            seen.add(name)
    return out


def summary(reading: Reading) -> list[str]:
    """What a photo shows, in a few lines: the sheet, the marks counted, the dice of each hour."""
    from printkit.games.rollncook.content import CONTENT
    from printkit.games.rollncook.form import Names

    reads = reading.reads.values()

    def count(kind: str, value: Any = True) -> int:
        return sum(1 for r in reads if r.kind == kind and r.value == value)

    n = Names(reading.sid)
    dice = []
    for h, clock in enumerate(CONTENT.hours):
        ds = [reading.reads[n.die(h, d)].value for d in range(3)]
        if any(ds):
            dice.append(f"{clock} {' '.join(d or '?' for d in ds)}")
    more = [f"{where(r.name).partition(':')[0]} {r.value}" for r in reads if r.kind == "more" and r.value]
    paper = {"a4": "A4", "letter": "Letter"}[reading.paper]
    return [f"{reading.file}: sheet {reading.sid} on {paper} (fit {reading.fit:.2f}, curl followed up to "
            f"{reading.shift_mm:.1f} mm)",
            f"  read: {count('box')} boxes, {count('seg')} table segments, {count('plate')} plates, "
            f"{count('bullet', 'O') + count('bullet', 'X')} bullets circled ({count('bullet', 'X')} of them "
            f"crossed), {count('dish')} dish boxes, {count('ability')} ability boxes",
            "  dice: " + (", ".join(dice) if dice else "none written"),
            *(["  more (past the bullets): " + ", ".join(more)] if more else [])]


@dataclass
class Outcome:
    """What ``printkit scan`` prints and exits with."""

    text: str
    data: dict
    exit_code: int
    records: list


def scored(readings: list[Reading], players: list[str] | None = None) -> tuple[list, Any]:
    """The readings (one sheet each, the players of one game; named ``players``, else after their
    photos) read as filled sheets and scored together as ``printkit score`` scores filled sheets
    (the marks against the rules, the shared dice): their FormRecords and the report."""
    from printkit.core.forms import finish_report
    from printkit.core.registry import scorers
    from printkit.games.rollncook.filled import READER, read

    names: list[str | None] = list(players) if players else [None] * len(readings)
    forms = [r for reading, name in zip(readings, names, strict=True) for r in read(to_form(reading, name))]
    report = scorers()["rollncook"].run([(r.file, r.record, r.fields) for r in forms])
    return forms, finish_report(report, READER, forms)


def scan(paths: list[str], seed: int | None = None, accept: bool = False) -> Outcome:
    """Read the photos ``paths`` (one sheet each, the players of one game), then score them
    together as ``printkit score`` scores filled sheets: the reads, what to confirm, the report."""
    require()
    readings = [read_photo(p, seed) for p in paths]
    forms, report = scored(readings)
    lines, photos, unsure = [], [], 0
    for reading, rec in zip(readings, forms, strict=True):
        confirm = to_confirm(reading, [v for v in report.violations if v.file == reading.file])
        unsure += len(confirm)
        lines += summary(reading)
        if confirm:
            lines.append(f"  please confirm ({len(confirm)}): look at these on the paper")
            lines += [f"    {c['where']}: read {c['read']} ({c['confidence']:.0%}): {c['why']}" for c in confirm]
        photos.append({"file": reading.file, "sheet": reading.sid, "paper": reading.paper, "fit": reading.fit,
                       "reads": {n: {"value": r.value, "confidence": r.confidence} for n, r in reading.reads.items()},
                       "confirm": confirm, "record": rec.data})
    lines.append("read from photos: the end state the marks show, with the dice of each hour; the play hour "
                 "by hour is not on paper (docs/scanning.md)")
    lines.append(report.human())
    code = report.exit_code
    if unsure and accept:
        lines.append(f"accepted: {unsure} uncertain read{'s' if unsure > 1 else ''} taken as read above (--accept)")
    elif unsure:
        lines.append(f"not confirmed: {unsure} read{'s' if unsure > 1 else ''} above need a look on the paper, so "
                     "this game is not called valid; run again with --accept if they are right, or fix the record "
                     "written with --as-record and score it")
        code = max(code, 1)
    data = {"photos": photos, "to_confirm": unsure, "accepted": accept, "confirmed": not unsure or accept,
            "report": report.to_json()}
    return Outcome("\n".join(lines), data, code, forms)
