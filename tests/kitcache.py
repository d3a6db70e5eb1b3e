"""Kit files made once a test process and their page images rendered once (issue 16, item 5).

Many tests read the same output: a game's cards on A4, its SVG pages, a page at 300 dpi. Here
each is made once through the CLI (``printkit make``, in-process, so the files are the bytes a
user gets) into one temporary folder a process, and each page image is rendered once a page and
resolution; every test that asks again gets the same file or array. With pytest-xdist's
``--dist loadfile`` a test file runs whole in one process, so its tests share all of it.

    from tests import kitcache

    kitcache.pdf("gimbap", "dice")                          # .../gimbap-dice-a4.pdf
    kitcache.svgs("gimbap", "dice", "--set", "edge=25mm")   # its SVG pages, in page order
    kitcache.pdf_page(path, 0, 300)                         # page 1 as an RGB array at 300 dpi
    kitcache.svg_page(path, dpi=300)                        # an SVG page as an RGB array

Everything returned is shared: the arrays are read-only, and a test must not change the files
(write into its own ``tmp_path`` instead). A page image is kept while its file is unchanged, and
the images kept stay under ``IMAGE_BUDGET`` bytes (the least recently used go first). A make whose layouts come from ``PRINTKIT_LAYOUTS``
(``edit_layout``) is cached apart from the shipped layouts' make.

``svg_page`` draws with cairosvg as ``tests.conftest.svg_page`` does and returns the same pixels
(tests/test_kitcache.py checks it), but reads them from cairo's surface instead of encoding a PNG
and decoding it again, which took about 40% of a 300 dpi page's time.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections import OrderedDict
from collections.abc import Callable
from contextlib import contextmanager
from functools import cache
from pathlib import Path

import numpy as np

_ROOT: Path | None = None


def _folder() -> Path:
    """A new, empty folder under this process's cache folder (removed when the process ends)."""
    global _ROOT
    if _ROOT is None:
        _ROOT = Path(tempfile.mkdtemp(prefix="printkit-kitcache-"))
        atexit.register(shutil.rmtree, _ROOT, True)
    return Path(tempfile.mkdtemp(dir=_ROOT))


def made(game: str, *args: str) -> tuple[Path, ...]:
    """Every file ``printkit make GAME ARGS...`` writes (``ARGS``: components and options, without
    ``--out``), in the order the CLI lists them; made once a process for the same arguments."""
    return _made(game, args, os.environ.get("PRINTKIT_LAYOUTS"))


@cache
def _made(game: str, args: tuple[str, ...], layouts: str | None) -> tuple[Path, ...]:
    from tests.conftest import run_cli

    out = _folder()
    r = run_cli("make", game, *args, "--out", str(out))
    assert r.exit_code == 0, (game, args, r.output)
    files = tuple(Path(line) for line in r.stdout.split())
    assert files and all(f.parent == out and f.is_file() for f in files), (game, args, r.stdout)
    return files


def pdf(game: str, component: str, *options: str) -> Path:
    """The PDF of one component (``options``: ``--paper letter``, ``--bw``, ``--set k=v`` ...)."""
    (path,) = made(game, component, "--format", "pdf", *options)
    assert path.suffix == ".pdf", path
    return path


def svgs(game: str, component: str, *options: str) -> tuple[Path, ...]:
    """The SVG pages of one component, first page first."""
    paths = made(game, component, "--format", "svg", *options)
    assert all(p.suffix == ".svg" for p in paths), paths
    return tuple(sorted(paths))


def _frozen(a: np.ndarray) -> np.ndarray:
    a.setflags(write=False)
    return a


def page_count(path: Path) -> int:
    """How many pages the PDF at ``path`` has."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    try:
        return len(doc)
    finally:
        doc.close()


#: Page images kept, the least recently used dropped first past this many bytes (an A4 page at
#: 300 dpi is 26 MB, at 20 pixels a mm 75 MB; a worker runs many files one after another).
IMAGE_BUDGET = 256 * 2**20
_IMAGES: OrderedDict[tuple, np.ndarray] = OrderedDict()


def _image(path: Path, how: tuple, draw: Callable[[], np.ndarray]) -> np.ndarray:
    """The image of ``path`` drawn ``how``, drawn once while the file is unchanged."""
    st = Path(path).stat()
    key = (str(path), st.st_mtime_ns, st.st_size, *how)
    if key in _IMAGES:
        _IMAGES.move_to_end(key)
        return _IMAGES[key]
    img = _IMAGES[key] = _frozen(draw())
    total = sum(a.nbytes for a in _IMAGES.values())
    while total > IMAGE_BUDGET and len(_IMAGES) > 1:
        total -= _IMAGES.popitem(last=False)[1].nbytes
    return img


def pdf_page(path: Path, page: int, dpi: float) -> np.ndarray:
    """Page ``page`` (0-based) of the PDF at ``path`` as a read-only RGB array at ``dpi`` (the
    pixels of ``tests.conftest.pdf_pages``), drawn once a process."""
    def draw() -> np.ndarray:
        import pypdfium2 as pdfium

        doc = pdfium.PdfDocument(str(path))
        try:
            return np.array(doc[page].render(scale=dpi / 72, rev_byteorder=True).to_numpy()[:, :, :3])
        finally:
            doc.close()

    return _image(path, ("pdf", page, dpi), draw)


def blank_band_mm(path: Path, page: int, dpi: float = 30) -> float:
    """The widest run of blank rows (no pixel darker than 245) on page ``page`` of the PDF at
    ``path``, in mm, the footer strip (the page's bottom 12 mm) left out."""
    img = pdf_page(path, page, dpi)
    footer_top = img.shape[0] - round(12 * dpi / 25.4)
    run = best = 0
    for blank in img[:footer_top].min(axis=(1, 2)) > 245:
        run = run + 1 if blank else 0
        best = max(best, run)
    return best * 25.4 / dpi


def svg_page(path: Path, dpi: float | None = None, size: tuple[int, int] | None = None) -> np.ndarray:
    """An SVG as a read-only RGB array on white, at ``dpi`` or at an exact pixel ``size`` (w, h),
    drawn once a process for the same arguments."""
    assert (dpi is None) != (size is None), "give dpi or size"
    return _image(path, ("svg", dpi, size), lambda: svg_array(Path(path), dpi=dpi, size=size))


def svg_array(path: Path, dpi: float | None = None, size: tuple[int, int] | None = None) -> np.ndarray:
    """The SVG file at ``path`` drawn by cairosvg on white, as an RGB array: the pixels of
    ``cairosvg.svg2png`` read through PIL, without the PNG in between (not cached)."""
    from cairosvg.parser import Tree
    from cairosvg.surface import PNGSurface

    kw = {"output_width": size[0], "output_height": size[1]} if size else {}
    # By url, as svg2png(url=...): cairosvg finds a <use>'s target in the parsed file by its url
    # (from bytes it would parse the whole file again for every <use>).
    with _targets_found_by_id():
        surface = PNGSurface(Tree(url=str(path)), None, 96 if dpi is None else dpi, background_color="white", **kw)
    surface.cairo.flush()
    h, w, stride = surface.cairo.get_height(), surface.cairo.get_width(), surface.cairo.get_stride()
    # cairo's ARGB32: one little-endian 32-bit word a pixel (bytes B, G, R, A), colour premultiplied.
    bgra = np.frombuffer(surface.cairo.get_data(), np.uint8).reshape(h, stride // 4, 4)[:, :w]
    rgb = np.ascontiguousarray(bgra[:, :, 2::-1])
    # Where a pixel is not opaque (the page's last, partly covered row or column), un-premultiply
    # as cairo does when it writes a PNG: (c * 255 + a / 2) / a, and 0 where nothing is drawn.
    ys, xs = np.nonzero(bgra[:, :, 3] < 255)
    if len(ys):
        a = bgra[ys, xs, 3].astype(np.uint32)[:, None]
        c = rgb[ys, xs].astype(np.uint32)
        rgb[ys, xs] = np.where(a == 0, 0, (c * 255 + a // 2) // np.maximum(a, 1)).astype(np.uint8)
    surface.finish()
    return rgb


class _Wanted:
    """The id a cairosvg ``Tree`` being made looks for (a <use>'s target), while it is made, and
    the index of each XML tree drawn (by the id of its root element)."""

    id: str | None = None
    indexes: dict[int, _Targets] = {}


class _Targets:
    """The elements of one XML tree by id, as cssselect2 wrappers: each the wrapper the walk from
    ``root`` (a root wrapper of that tree) in tree order reaches first with that id, reached along
    its path of child indices; a parent's child wrappers are made once (by its own
    ``iter_children``, so with their parent, index and previous sibling) and shared by the
    lookups that pass through it (wrappers are views: equal when their elements are)."""

    def __init__(self, root) -> None:
        self.root, self.paths, self.kids = root, _id_paths(root.etree_element), {}

    def get(self, ident: str):
        path = self.paths.get(ident)
        if path is None:
            return None
        node = self.root
        for index in path:
            kids = self.kids.get(id(node))
            if kids is None:
                kids = self.kids[id(node)] = list(node.iter_children())
            node = kids[index]
        return node


def _id_paths(root) -> dict[str, tuple[int, ...]]:
    """Each id of the XML tree under ``root``: the child indices (elements only, as cssselect2
    counts them) from ``root`` to its first element in document order."""
    out: dict[str, tuple[int, ...]] = {}
    stack = [(root, ())]
    while stack:
        el, at = stack.pop()
        ident = el.get("id")
        if ident is not None and ident not in out:
            out[ident] = at
        kids = [k for k in el if isinstance(k.tag, str)]
        stack.extend((k, (*at, i)) for i, k in reversed(list(enumerate(kids))))
    return out


@contextmanager
def _targets_found_by_id():
    """cairosvg with each <use>'s target found by an index of ids instead of a walk.

    cairosvg 2.x makes a ``Tree`` for each element a <use> points at (once a target: it keeps
    them), and finds the target by walking the whole document from its root in tree order
    (cssselect2's ``iter_subtree``, a new wrapper object an element) to the first element with
    that id: a page whose text is drawn as <use>s of glyph outlines (~150 targets among ~2,000
    defined elements) spent two thirds of its drawing there. Here that walk, and only that one
    (the ``iter_subtree`` of the root wrapper of a Tree made for a url with a fragment), yields
    the element the walk would have reached, as such a wrapper (``_Targets``); an id not found
    yields nothing, as the walk finds nothing. The pixels are the same (tests/test_kitcache.py
    draws pages both ways and compares)."""
    import cssselect2
    from cairosvg import parser
    from cairosvg.url import parse_url

    walk, make = cssselect2.ElementWrapper.iter_subtree, parser.Tree.__init__

    def iter_subtree(self):
        if _Wanted.id is None or self.parent is not None:
            yield from walk(self)
            return
        wanted, _Wanted.id = _Wanted.id, None  # the one walk of this Tree's making
        index = _Wanted.indexes.get(id(self.etree_element))
        if index is None:
            index = _Wanted.indexes[id(self.etree_element)] = _Targets(self)
        found = index.get(wanted)
        if found is not None:
            yield found

    def tree_init(self, **kwargs):
        url, parent = kwargs.get("url"), kwargs.get("parent")
        if url is not None and parent is not None and kwargs.get("bytestring") is None \
                and kwargs.get("file_obj") is None:  # a <use>'s (or a pattern's ...) target
            _Wanted.id = parse_url(os.fspath(url), parent.url if parent else None).fragment or None
        try:
            make(self, **kwargs)
        finally:
            _Wanted.id = None

    cssselect2.ElementWrapper.iter_subtree, parser.Tree.__init__ = iter_subtree, tree_init
    try:
        yield
    finally:
        cssselect2.ElementWrapper.iter_subtree, parser.Tree.__init__ = walk, make
        _Wanted.indexes = {}


def pdf_svg_page(pdf: Path, svgs: tuple[Path, ...] | list[Path], page: int, dpi: int = 100,
                 supersample: int = 2) -> tuple[np.ndarray, np.ndarray]:
    """Page ``page`` of ``pdf`` and the same page's SVG as arrays at ``dpi``, the SVG at the PDF
    page's pixel size: ``tests.conftest.raster_pair``'s pixels (both drawn at ``supersample``
    times ``dpi`` and averaged down: pdfium widens hairlines to a whole pixel, cairo does not),
    each drawing cached."""
    assert page_count(pdf) == len(svgs), (pdf, len(svgs))
    a = pdf_page(pdf, page, dpi * supersample)
    b = svg_page(svgs[page], size=(a.shape[1], a.shape[0]))
    return downsample(a, supersample), downsample(b, supersample)


# -- the pixel arithmetic of tests.conftest, in bytes and a channel at a time -------------------
# (numpy reduces over an axis of 3 slowly, and float or int64 copies of a page cost more than
# drawing it: these give the same numbers as conftest's downsample and agreement, checked in
# tests/test_kitcache.py, in about a fifth of the time)


def _channels_max(a: np.ndarray) -> np.ndarray:
    return np.maximum(np.maximum(a[:, :, 0], a[:, :, 1]), a[:, :, 2])


def _channels_min(a: np.ndarray) -> np.ndarray:
    return np.minimum(np.minimum(a[:, :, 0], a[:, :, 1]), a[:, :, 2])


def downsample(img: np.ndarray, f: int) -> np.ndarray:
    """Each ``f`` x ``f`` block's mean, rounded half to even (``tests.conftest.downsample``)."""
    h, w = img.shape[0] // f * f, img.shape[1] // f * f
    n = f * f
    # Sums in 16 bits while they fit (a 2 x 2 block's is at most 1,020), and for a power of two a
    # shift and a mask for divmod: half the time of 32-bit sums and a division (the same numbers).
    total = img[0:h:f, 0:w:f].astype(np.uint16 if 255 * n < 2**16 else np.uint32)
    for i in range(f):
        for j in range(f):
            if i or j:
                total += img[i:h:f, j:w:f]
    if n & (n - 1) == 0:
        q, r = total >> (n.bit_length() - 1), total & (n - 1)
    else:
        q, r = np.divmod(total, n)
    half = n // 2  # 2r > n, or 2r == n and q odd (which only an even n can give)
    q += (r > half) | ((r == half) & (q & 1).astype(bool)) if n % 2 == 0 else r > half
    return q.astype(np.uint8)


def agreement(a: np.ndarray, b: np.ndarray, tol: int = 48) -> tuple[float, float]:
    """(share of all pixels, share of inked pixels) whose channels differ by at most ``tol``
    (``tests.conftest.agreement``)."""
    assert a.shape == b.shape, (a.shape, b.shape)
    same = _channels_max(np.maximum(a, b) - np.minimum(a, b)) <= tol
    inked = (_channels_min(a) < 200) | (_channels_min(b) < 200)
    return float(same.mean()), float(same[inked].mean()) if inked.any() else 1.0
