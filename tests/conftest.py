"""Shared helpers: make real files with the CLI, rasterise PDF and SVG pages, measure them."""

from __future__ import annotations

import compileall
import gc
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import printkit
from printkit.cli import app

MM_PER_IN = 25.4


def _build_each_app_once() -> None:
    """typer's CliRunner builds the click command from the Typer app at every ``invoke`` (about
    6 ms, more than most commands then take); build it once per app instead. A click command is
    made to be invoked again (each call gets its own context), and no test changes the app."""
    import functools

    import typer.testing

    build = getattr(typer.testing, "_get_command", None)
    if build is not None and not hasattr(build, "cache_info"):
        typer.testing._get_command = functools.cache(build)


_build_each_app_once()


#: Libraries that pytest's assertion rewriting need not touch: it rewrites every module of a
#: distribution that registers a pytest plugin, so all of hypothesis (~0.6 s of CPU in each
#: xdist worker, every run without bytecode caches) is parsed and rewritten when a test imports
#: it. Its own asserts are not the tests' checks; the tests' are still rewritten. (anyio's
#: plugin is not loaded at all: pyproject's addopts say -p no:anyio.)
NOT_REWRITTEN = ("hypothesis",)


def _compile_printkit() -> None:
    """printkit's modules compiled to bytecode, as an installed package's are (pip compiles at
    install; an editable checkout is compiled when first imported, unless the environment says
    PYTHONDONTWRITEBYTECODE, as this machine's does). Hundreds of tests start a printkit process;
    without the bytecode each compiles every module it imports again (~0.1 s a process)."""
    compileall.compile_dir(str(Path(printkit.__file__).parent), quiet=1, workers=1)


#: Whether Python writes bytecode here (PYTHONDONTWRITEBYTECODE), given back once collected.
_WRITES_BYTECODE = not sys.dont_write_bytecode


def _keep_rewritten_tests() -> None:
    """The test modules kept as bytecode once their asserts are rewritten (issue 26). pytest keeps a
    rewritten module in its ``__pycache__`` (``*-pytest-*.pyc``, read again while the file is
    unchanged) unless Python writes no bytecode, as this machine's PYTHONDONTWRITEBYTECODE says: then
    every xdist worker, which collects every test file, parsed and rewrote all of them again at
    every run (~2.4 s of a worker's ~4.3 s of collection; 1.9 s with the files kept). The checks and
    their messages are the same. Only while the tests are collected (pytest_collection_finish gives
    the setting back): a module a test imports from its own folder writes nothing there, and the
    processes the tests start keep the environment."""
    sys.dont_write_bytecode = False


_keep_rewritten_tests()  # before pytest imports the test modules (conftest files come first)


def pytest_configure(config) -> None:
    # printkit keeps checked layouts in $XDG_CACHE_HOME/printkit (core/layout/cache.py): the tests'
    # makes (and the CLIs they start) use a folder of this process, never the runner's own cache.
    cache = tempfile.mkdtemp(prefix="printkit-test-cache-")
    os.environ["XDG_CACHE_HOME"] = cache
    config.add_cleanup(lambda: shutil.rmtree(cache, ignore_errors=True))
    if "PYTEST_XDIST_WORKER" not in os.environ:  # once a run, before the workers start
        _compile_printkit()
    marked = getattr(config.pluginmanager.rewrite_hook, "_must_rewrite", None)
    if isinstance(marked, set):
        marked.difference_update(NOT_REWRITTEN)
        getattr(config.pluginmanager.rewrite_hook, "_marked_for_rewrite_cache", {}).clear()


#: The cyclic garbage collector's thresholds while tests run (issue 16). pypdf makes ~40,000 objects
#: for each sheet it reads or writes, cairosvg a tree of nodes for each SVG it draws, the web tests a
#: State copy for every move offered: all in reference cycles. At CPython's default (a collection
#: every 700 new objects) the collector ran dozens of times a parse, promoted what was still in use
#: and freed it in full collections walking every long-lived object of the process: measured with
#: gc.callbacks, ~9 s of the fillable tests' ~20 s of CPU, ~8.7 s of the web API tests' ~43 s. Only
#: *when* it runs changes (the same garbage is freed); what collection imported is frozen, so that no
#: full collection walks the modules and test items again.
GC_THRESHOLDS = (50_000, 20, 20)


def pytest_collection_finish(session) -> None:
    sys.dont_write_bytecode = not _WRITES_BYTECODE  # the tests run as the environment says
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def run_cli(*args: str, env: dict | None = None):
    """Run ``printkit ARGS`` in-process; returns the result (exit_code, stdout, stderr)."""
    return CliRunner().invoke(app, list(args), env=env)


class Rendered(Sequence):
    """Pages rendered when first looked at, then kept: ``pdf_pages(p, dpi)[3]`` renders one page,
    not the whole document (most tests look at one or two pages of a long kit)."""

    def __init__(self, count: int, render: Callable[[int], np.ndarray]):
        self._count, self._render, self._done = count, render, {}

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self._count))]
        if not -self._count <= i < self._count:
            raise IndexError(i)
        i %= self._count
        if i not in self._done:
            self._done[i] = self._render(i)
        return self._done[i]


def pdf_pages(path: Path, dpi: float) -> Rendered:
    """Each page of a PDF as an RGB array at ``dpi`` (rendered when first used)."""
    import pypdfium2 as pdfium

    def render(i: int) -> np.ndarray:
        pdf = pdfium.PdfDocument(str(path))
        try:
            return np.asarray(pdf[i].render(scale=dpi / 72).to_pil().convert("RGB"))
        finally:
            pdf.close()

    pdf = pdfium.PdfDocument(str(path))
    try:
        count = len(pdf)
    finally:
        pdf.close()
    return Rendered(count, render)


def svg_page(path: Path, dpi: float | None = None, size: tuple[int, int] | None = None) -> np.ndarray:
    """An SVG as an RGB array on white, at ``dpi`` or at an exact pixel ``size`` (w, h): cairosvg's
    pixels, read from its surface (tests/kitcache.py; the same as svg2png's PNG decoded)."""
    from tests.kitcache import svg_array

    return svg_array(Path(path), dpi=dpi, size=size)


def px(mm: float, dpi: float) -> float:
    return mm / MM_PER_IN * dpi


def edge_centre(profile: np.ndarray, threshold: float = 0.25) -> float:
    """The darkness-weighted centre (in pixels) of the dark run in a 1-D grey profile: pixels
    at least ``threshold`` dark (0 white, 1 black); a light grey cut guide (20% grey, issue 28)
    is found with a lower one."""
    ink = 1.0 - profile.astype(float) / 255.0
    ink[ink < threshold] = 0.0
    if ink.sum() == 0:
        raise AssertionError("no line found in the profile")
    return float((ink * np.arange(len(ink))).sum() / ink.sum())


def measure_between_edges(img: np.ndarray, a_mm: tuple[float, float], b_mm: tuple[float, float],
                          dpi: float, axis: str, window: float = 1.5, threshold: float = 0.25) -> float:
    """Distance in mm between the centres of two dark lines crossing a scan line.

    ``a_mm`` and ``b_mm`` are the expected (x, y) page positions of the two lines; the scan runs
    along ``axis`` ("x" or "y") within +-window mm of each expected position; ``threshold`` as
    for :func:`edge_centre`.
    """
    centres = []
    for x, y in (a_mm, b_mm):  # grey (the channels' mean) only along the scan, not the page
        if axis == "x":
            row = int(round(px(y, dpi)))
            lo, hi = int(px(x - window, dpi)), int(px(x + window, dpi)) + 1
            centres.append(lo + edge_centre(img[row, lo:hi].mean(axis=-1), threshold))
        else:
            col = int(round(px(x, dpi)))
            lo, hi = int(px(y - window, dpi)), int(px(y + window, dpi)) + 1
            centres.append(lo + edge_centre(img[lo:hi, col].mean(axis=-1), threshold))
    return abs(centres[1] - centres[0]) / dpi * MM_PER_IN


def agreement(a: np.ndarray, b: np.ndarray, tol: int = 48) -> tuple[float, float]:
    """(share of all pixels, share of inked pixels) whose channels differ by at most ``tol``
    (computed in bytes a channel at a time: tests/kitcache.py)."""
    from tests.kitcache import agreement as fast

    return fast(a, b, tol)


def downsample(img: np.ndarray, f: int) -> np.ndarray:
    """Each f x f block's mean, rounded half to even (in integers: tests/kitcache.py)."""
    from tests.kitcache import downsample as fast

    return fast(img, f)


def raster_pair(pdf: Path, svgs: list[Path], dpi: int = 100, supersample: int = 2):
    """(pdf pages, svg pages) as arrays at ``dpi``, each SVG at its PDF page's pixel size (each
    page rendered when first used).

    Both are drawn at ``supersample`` times the resolution and averaged down: pdfium widens
    lines thinner than a device pixel to a whole pixel and cairo does not, so at 100 dpi a
    0.15 mm hairline would differ between the renderers although both files say the same.
    """
    pdfs = pdf_pages(pdf, dpi * supersample)
    assert len(pdfs) == len(svgs), (len(pdfs), len(svgs))

    def svg(i: int) -> np.ndarray:
        p = pdfs[i]
        return downsample(svg_page(svgs[i], size=(p.shape[1], p.shape[0])), supersample)

    return Rendered(len(pdfs), lambda i: downsample(pdfs[i], supersample)), Rendered(len(svgs), svg)


def colourfulness(img: np.ndarray) -> int:
    """How many pixels are clearly not grey."""
    spread = img.astype(int).max(axis=2) - img.astype(int).min(axis=2)
    return int((spread > 12).sum())


@pytest.fixture(scope="session")
def made(tmp_path_factory) -> dict[str, Path]:
    """The calibration kit made once through the CLI: colour and B&W, A4 and Letter, PDF+SVG."""
    out = tmp_path_factory.mktemp("made")
    for paper in ("a4", "letter"):
        for bw in ((), ("--bw",)):
            r = run_cli("make", "calibration", "--paper", paper, "--format", "both", "--out", str(out), *bw)
            assert r.exit_code == 0, r.output
    return {p.name: p for p in out.iterdir()}


@pytest.fixture
def edit_layout(tmp_path, monkeypatch):
    """Edit a copy of a shipped layout file and make printkit read the copies."""
    import shutil

    from printkit.core.resources import layouts_dir

    root = tmp_path / "layouts"
    shutil.copytree(layouts_dir(), root)
    monkeypatch.setenv("PRINTKIT_LAYOUTS", str(root))

    def edit(name: str, old: str, new: str) -> None:
        path = root / name
        text = path.read_text()
        assert text.count(old) == 1, (name, old)
        path.write_text(text.replace(old, new))

    return edit



# --- CPU time per test (issue 16). `pytest --cpu-durations=N` lists the N tests that took the most CPU
# (setup + call + teardown: user + system time of this process and of the subprocesses it waited for)
# and the run's total. The machine is shared, so wall time is mostly waiting for a core. Under
# pytest-xdist (`-n 2`) each worker measures its own tests and the teardown report carries the figure.

_CPU = pytest.StashKey[float]()


def _cpu_now() -> float:
    import resource

    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def pytest_addoption(parser) -> None:
    parser.addoption("--cpu-durations", type=int, default=None, metavar="N",
                     help="show the N tests that took the most CPU time (0: all) and the total")


def _timed(item):
    start = _cpu_now()
    yield
    item.stash[_CPU] = item.stash.get(_CPU, 0.0) + _cpu_now() - start


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item):
    item.stash[_CPU] = 0.0
    yield from _timed(item)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    yield from _timed(item)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item):
    yield from _timed(item)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    if call.when == "teardown" and item.config.getoption("cpu_durations") is not None:
        outcome.get_result().user_properties.append(("cpu_seconds", round(item.stash.get(_CPU, 0.0), 3)))


def pytest_terminal_summary(terminalreporter, config) -> None:
    n = config.getoption("cpu_durations")
    if n is None:
        return
    spent = [(dict(r.user_properties)["cpu_seconds"], r.nodeid)
             for reports in terminalreporter.stats.values() for r in reports
             if getattr(r, "when", None) == "teardown" and "cpu_seconds" in dict(getattr(r, "user_properties", ()))]
    spent.sort(reverse=True)
    terminalreporter.write_sep("=", f"CPU time: {sum(s for s, _ in spent):.1f} s in {len(spent)} tests")
    for s, nodeid in spent[: n or None]:
        terminalreporter.write_line(f"{s:8.2f} s  {nodeid}")


# --- Slowest files first (issue 16). Under `-n 2 --dist loadfile` each worker takes the next whole
# file when it runs short of work; a long file taken last leaves the other core idle at the end.
# pyproject's addopts turn off xdist's own order (by number of tests, --no-loadscope-reorder), and
# this hook puts the files that took longest (seconds of setup and call time, from a whole run
# with two workers on an idle 2-core machine, 2026-12-06 after issue 24; tests/test_lazy_pads.py left the list in
# issue 25: its five makes now share one process pair; brief O put tests/test_benchmarks_smoke.py in, the suite's
# largest file by CPU, which had run wherever collection put it) first; every other file follows in collection order.

SLOWEST_FIRST = (
    "tests/games/rollncook/test_fillable.py",  # 32 s
    "tests/web/test_rollncook_browser.py",  # 25 s
    "tests/quality/test_print_quality.py",  # 24 s
    "tests/test_benchmarks_smoke.py",  # ~24 s (CPU of its processes, measured 2026-12-06, brief O)
    "tests/web/test_jubako_browser.py",  # 23 s
    "tests/core/test_pdf_stream.py",  # 23 s (27 s before brief O)
    "tests/web/test_trickdumpling_api.py",  # 21 s
    "tests/web/test_core_phone.py",  # 16 s
    "tests/web/test_core_browser.py",  # 15 s
    "tests/web/test_gemblo_api.py",  # 15 s
    "tests/games/test_calibration.py",  # 14 s
    "tests/web/test_gimbap_browser.py",  # 14 s
    "tests/web/test_core_quick.py",  # 14 s
    "tests/games/trickdumpling/test_components.py",  # 13 s
    "tests/games/gimbap/test_components.py",  # 13 s
    "tests/web/test_trickdumpling_browser.py",  # 13 s
    "tests/games/gemblo/test_components.py",  # 12 s
    "tests/test_install.py",  # 12 s
    "tests/scan/test_scan.py",  # ~12 s (photo reads, issue 30)
    "tests/web/test_rollncook_scan_browser.py",  # ~10 s (Chromium and a photo read)
    "tests/corpus/test_corpus.py",  # 11 s
    "tests/games/jubako/test_components.py",  # 10 s
    "tests/web/test_gemblo_browser.py",  # 10 s
    "tests/test_game_contract.py",  # 10 s
    "tests/test_format_tts.py",  # ~8 s (issue 29)
    "tests/test_format_cards.py",  # ~6 s
    "tests/corpus/test_corpus_rnc_td.py",  # 9 s
    "tests/games/jubako/test_pad.py",  # 9 s
    "tests/games/trickdumpling/test_pad.py",  # 8 s
    "tests/test_fuzz.py",  # 7 s (12 s before brief O: 100 fuzzed records a game, not 200)
)


def pytest_collection_modifyitems(config, items) -> None:
    rank = {name: i for i, name in enumerate(SLOWEST_FIRST)}
    root = config.rootpath

    def file_rank(item) -> int:
        try:
            return rank.get(item.path.relative_to(root).as_posix(), len(rank))
        except ValueError:
            return len(rank)

    items.sort(key=file_rank)  # stable: each file's tests keep their order, files stay whole
