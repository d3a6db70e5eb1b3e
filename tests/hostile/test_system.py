"""The hostile corpus, the process and the file system (issue 26): the disk cache (a damaged
entry, a FIFO, a link or a folder in an entry's place, a folder others may write or another user
owns), files written atomically and never through a link (``--as-record`` too, and a full disk),
``PRINTKIT_GAMES`` naming what is not a game, stdout that cannot take the output (a full device,
a closed pipe, an encoding without the name) and numeric and choice options in other scripts.

The cache cases make the calibration page from a copy of its layouts (``PRINTKIT_LAYOUTS``: a
path this process has not loaded, so the layouts are looked up in the disk cache) with a cache
warmed once by a first run; the PDF must be the very bytes a run without the cache makes.
"""

from __future__ import annotations

import functools
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from printkit.core.resources import layouts_dir
from tests.hostile.runner import Case, Result, execute, run_case

PAGE = ["make", "calibration", "page", "--out", "out"]
PDF = "out/calibration-page-a4.pdf"
LAYOUTS = {f"layouts/{name}": (layouts_dir() / name).read_bytes() for name in ("common.yaml", "calibration/page.yaml")}
CACHE_ENV = {"XDG_CACHE_HOME": "{tmp}/cache", "PRINTKIT_LAYOUTS": "{tmp}/layouts"}


#: The scratch folders of warm() and sheet(), removed when the run ends.
_SCRATCH: list[tempfile.TemporaryDirectory[str]] = []


def scratch(prefix: str) -> Path:
    _SCRATCH.append(tempfile.TemporaryDirectory(prefix=prefix))
    return Path(_SCRATCH[-1].name)


_WARMING = threading.Lock()


def warm() -> tuple[Path, bytes]:
    """A cache folder holding the parsed layouts of the calibration page, and the page's PDF as
    a run without any cache makes it (made once, whichever thread of benchmarks/hostile_sweep.py
    asks first; as processes, since an in-process run changes the directory of every thread)."""
    with _WARMING:
        return _warm()


@functools.cache
def _warm() -> tuple[Path, bytes]:
    folder = scratch("printkit-warm-")
    run_case(Case("cold", PAGE, 0, files=dict(LAYOUTS), env={**CACHE_ENV, "PRINTKIT_CACHE": "0"}, process=True),
             folder / "cold")
    pdf = (folder / "cold" / PDF).read_bytes()
    run_case(Case("warm", PAGE, 0, files=dict(LAYOUTS), env=CACHE_ENV, process=True), folder / "warm")
    assert (folder / "warm" / PDF).read_bytes() == pdf
    return folder / "warm" / "cache", pdf


def entries(folder: Path) -> list[Path]:
    return sorted((folder / "cache" / "printkit" / "parsed").glob("*/*.json"))


def cached(spoil: Callable[[Path, Path], None]) -> Callable[[Path], None]:
    """A setup: the warm cache copied into the case's folder, then each entry spoilt
    (``spoil(entry, folder)``)."""
    def setup(folder: Path) -> None:
        shutil.copytree(warm()[0], folder / "cache", symlinks=True)
        for entry in entries(folder):
            spoil(entry, folder)

    return setup


def same_page(warned: str) -> Callable[[Path, Result], None]:
    """A check: the PDF is the one a run without cache makes; stderr is one warning matching
    ``warned`` (nothing if empty); the next run makes it again, with nothing on stderr."""
    def check(folder: Path, r: Result) -> None:
        assert (folder / PDF).read_bytes() == warm()[1]
        lines = r.stderr.splitlines()
        if warned:
            assert len(lines) == 1 and lines[0].startswith("printkit: warning: disk cache: "), r.stderr
            assert warned in lines[0], r.stderr
        else:
            assert not lines, r.stderr
        # the next run (layouts at a path this process has not loaded: read from the disk cache)
        for name, data in LAYOUTS.items():
            (folder / "again" / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / "again" / name).write_bytes(data)
        env = {**CACHE_ENV, "PRINTKIT_LAYOUTS": "{tmp}/again/layouts"}
        again = execute(Case("again", [*PAGE[:-1], "again/out"], 0, env=env), folder)
        assert again.exit_code == 0 and not again.stderr, again
        assert (folder / "again" / PDF).read_bytes() == warm()[1]
        if warned:  # the cache is used: its bad entries are whole files again
            assert entries(folder) and all(e.is_file() and not e.is_symlink() for e in entries(folder))

    return check


def damage_a_byte(entry: Path, folder: Path) -> None:
    data = bytearray(entry.read_bytes())
    data[len(data) // 2] ^= 0x01
    entry.write_bytes(bytes(data))


def swap_values(entry: Path, folder: Path) -> None:
    """Each entry the other's bytes: whole, checksums right, another key's value."""
    first, second = entries(folder)
    if entry == first:
        a, b = first.read_bytes(), second.read_bytes()
        first.write_bytes(b)
        second.write_bytes(a)


def fifo(entry: Path, folder: Path) -> None:
    entry.unlink()
    os.mkfifo(entry)


def link_elsewhere(entry: Path, folder: Path) -> None:
    """A link to another file that holds an entry (a link is not followed, whatever it leads to)."""
    target = folder / f"elsewhere-{entry.name}"
    entry.rename(target)
    entry.symlink_to(target)


def a_folder(entry: Path, folder: Path) -> None:
    entry.unlink()
    entry.mkdir()
    (entry / "x").write_text("x")


def group_writable(entry: Path, folder: Path) -> None:
    damage_a_byte(entry, folder)  # were it used, this would warn
    os.chmod(entry.parent.parent, 0o770)


def another_owner(entry: Path, folder: Path) -> None:
    """The cache folder another user's: as root, given away; else (no way to give it away)
    a link to a folder root owns, not used either."""
    parsed = entry.parent.parent
    if parsed.is_symlink():  # done at the first entry
        return
    damage_a_byte(entry, folder)  # were it used, this would warn
    if os.geteuid() == 0:
        os.chown(parsed, 65534, -1)
    else:
        shutil.rmtree(parsed)
        parsed.symlink_to("/")


def linked_folder(entry: Path, folder: Path) -> None:
    """The cache folder a link (to a copy of itself, good entries and all): not used."""
    damage_a_byte(entry, folder)  # were it used, this would warn
    parsed = entry.parent.parent
    if not parsed.is_symlink():
        parsed.rename(folder / "elsewhere")
        parsed.symlink_to(folder / "elsewhere")


def cache_case(name: str, spoil: Callable[[Path, Path], None], warned: str, process: bool = False) -> Case:
    return Case(f"cache-{name}", PAGE, 0, files=dict(LAYOUTS), env=CACHE_ENV, process=process,
                setup=cached(spoil), check=same_page(warned))


@functools.cache
def sheet() -> bytes:
    """A fillable Roll n Cook sheet, as made, with the dice of 10:00 written (an empty one is
    "nothing filled in yet"): scored, it is an unfinished game (exit 0), and ``--as-record``
    writes its record."""
    from printkit.core import forms
    from printkit.games.rollncook.form import Names

    folder = scratch("printkit-sheet-")
    run_case(Case("sheet", ["make", "rollncook", "sheet", "--fillable", "--seed", "7", "--out", "."], 0), folder)
    made = (folder / "rollncook-sheet-seed7-a4-fillable.pdf").read_bytes()
    return forms.fill_form(made, {Names("RNC1-7").die(0, d): str(d + 1) for d in range(3)})


AS_RECORD = ["score", "rollncook", "sheet.pdf", "--as-record", "r.yaml"]
VICTIM = "a file the link points to\n"


def a_link_in_the_way(name: str) -> Callable[[Path], None]:
    """A setup: the fillable sheet, and ``name`` a symbolic link to ``victim.txt``."""
    def setup(folder: Path) -> None:
        (folder / "sheet.pdf").write_bytes(sheet())
        (folder / "victim.txt").write_text(VICTIM)
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).symlink_to(folder / "victim.txt")

    return setup


def link_replaced(name: str, holds: bytes) -> Callable[[Path, Result], None]:
    """A check: ``name`` is now a file of its own holding ``holds``; the link's target is as it was."""
    def check(folder: Path, r: Result) -> None:
        assert (folder / "victim.txt").read_text() == VICTIM
        assert not (folder / name).is_symlink() and holds in (folder / name).read_bytes()

    return check


CASES = [
    cache_case("damaged-byte", damage_a_byte, "a damaged entry"),
    cache_case("another-keys-value", swap_values, "a damaged entry"),
    cache_case("fifo", fifo, "a FIFO in place of an entry", process=True),  # it hung: a process
    cache_case("symlink", link_elsewhere, "a symbolic link in place of an entry"),
    cache_case("folder", a_folder, "a folder in place of an entry"),
    cache_case("group-writable", group_writable, ""),
    cache_case("another-owner", another_owner, ""),
    cache_case("linked-folder", linked_folder, ""),
    # a file in the way of what printkit writes that is a link: the link is replaced, never written through
    Case("as-record-over-a-link", AS_RECORD, 0, "legal", setup=a_link_in_the_way("r.yaml"),
         check=link_replaced("r.yaml", b"sheet: RNC1-7")),
    Case("make-over-a-link", PAGE, 0, "calibration-page-a4.pdf", setup=a_link_in_the_way(PDF),
         check=link_replaced(PDF, b"%PDF-")),
]


def games(name: str, says: str, code: str = "") -> Case:
    """``PRINTKIT_GAMES`` naming ``name`` (with ``code`` as ``{tmp}/chess.py``: a process, whose
    current folder is on Python's path)."""
    files: dict[str, bytes | str] = {"chess.py": code} if code else {}
    return Case(f"printkit-games-{name}-{says.split(':')[-1].strip().replace(' ', '-')}", ["schema", "chess"], 2, rf"game module '{re.escape(name)}'.*: {says}",
                files=files, env={"PRINTKIT_GAMES": name}, process=bool(code))


CASES += [
    games("./chess.py", "not a module name"), games(".chess", "not a module name"),
    games("games/chess", "not a module name"), games("no_such_module_here", "no such module"),
    games("os", "not a game"),  # imported already, registers nothing
    games("chess", "its code failed: RuntimeError: boom", "raise RuntimeError('boom')\n"),
    games("chess", "its code failed: SyntaxError", "def (\n"),
    games("chess", "not a game", "CHESS = 'a module, but no game'\n"),
    # a game that registers its rules by name, whose module fails when first looked up
    Case("printkit-games-rules-fail", ["schema", "chess"], 2,
         r"'chessg\.state:GAME' \(registered by a game module .*\): SyntaxError",
         files={"chessg/__init__.py": "from printkit.core.registry import register_game\n"
                                      "register_game('chessg.state:GAME', 'chess')\n",
                "chessg/state.py": "def (\n"},
         env={"PRINTKIT_GAMES": "chessg"}, process=True),
]


GIMBAP = (Path(__file__).resolve().parents[2] / "examples" / "gimbap" / "two-players.yaml").read_text(encoding="utf-8")
FULL = "cannot write the output: No space left on device"

CASES += [
    # standard output that cannot take the bytes, or the text
    Case("list-on-dev-full", ["list"], 2, FULL, stdout_to="/dev/full"),
    Case("score-on-dev-full", ["score", "gimbap", "g.yaml"], 2, FULL, files={"g.yaml": GIMBAP},
         stdout_to="/dev/full"),
    Case("help-on-dev-full", ["--help"], 2, FULL, stdout_to="/dev/full"),
    Case("latin-1-output-of-a-cyrillic-name", ["score", "gimbap", "g.yaml"], 2,
         r"the output has '.*', which latin-1 cannot show; set PYTHONIOENCODING=utf-8",
         files={"g.yaml": GIMBAP.replace("Sora", "Иван")}, env={"PYTHONIOENCODING": "latin-1"}),
    # a folder name that is not UTF-8 is printed back as its own bytes
    Case("out-folder-not-utf-8", ["make", "calibration", "page", "--out", "\udcfe"], 0,
         r"^\ufffd/calibration-page-a4\.pdf$", env={"PYTHONIOENCODING": "utf-8"},
         check=lambda folder, r: (folder / os.fsdecode(b"\xfe") / "calibration-page-a4.pdf").is_file() or _fail(r)),
]


def _fail(r: object) -> bool:
    raise AssertionError(f"not written: {r}")


DIGITS = r"in the digits 0-9"
PAPERS = r"--paper must be one of: a4, letter \(in any case\)"
SHEET = ["make", "rollncook", "sheet", "--seed", "1", "--out", "out"]

CASES += [
    # numbers typed in the digits of another script (or with what Python's int also takes): refused
    Case("count-full-width", [*SHEET, "--count", "３"], 2, r"--count: 1 to 10000 sheets, got '３'"),
    Case("count-devanagari", [*SHEET, "--count", "१२"], 2, r"--count: 1 to 10000 sheets"),
    Case("count-arabic-indic", [*SHEET, "--count", "٣"], 2, r"--count: 1 to 10000 sheets"),
    Case("count-underscore", [*SHEET, "--count", "1_0"], 2, r"--count: 1 to 10000 sheets"),
    Case("seed-arabic-indic", ["make", "rollncook", "sheet", "--seed", "٧"], 2, rf"'--seed': .*{DIGITS}"),
    Case("seed-plus-and-space", ["make", "rollncook", "sheet", "--seed", " +7"], 2, rf"'--seed': .*{DIGITS}"),
    Case("bleed-full-width", ["list", "--bleed", "０.5"], 2, rf"'--bleed': .*{DIGITS}"),
    Case("bleed-exponent", ["list", "--bleed", "1e0"], 2, rf"'--bleed': .*{DIGITS}"),
    Case("games-devanagari", ["simulate", "rollncook", "--games", "३"], 2, rf"'--games': .*{DIGITS}"),
    Case("port-arabic-indic", ["serve", "--port", "٨٠"], 2, rf"'--port': .*{DIGITS}"),
    Case("port-out-of-range", ["serve", "--port", "70000"], 2, r"'--port': a port is 0 to 65535"),
    Case("duplex-offset-arabic-indic", ["make", "calibration", "--duplex-offset", "٠,١"], 2,
         r"--duplex-offset takes X,Y in mm"),
    Case("edge-arabic-indic", ["make", "gimbap", "dice", "--set", "edge=٢٠mm"], 2, rf"--set edge: .*{DIGITS}"),
    # one rule for names: the exact name, ASCII letters in any case
    Case("paper-leading-space", ["make", "calibration", "--paper", " a4"], 2, PAPERS + r"; got ' a4'"),
    Case("paper-full-width", ["make", "calibration", "--paper", "Ａ4"], 2, PAPERS),
    Case("paper-solve-full-width", ["solve", "gimbap", "rice+seaweed", "--paper", "ｌｅｔｔｅｒ"], 2, PAPERS),
    Case("format-trailing-space", ["make", "calibration", "--format", "pdf "], 2, r"--format must be pdf, svg"),
    Case("paper-upper-case", ["make", "calibration", "page", "--paper", "LETTER", "--out", "out"], 0,
         r"out/calibration-page-letter\.pdf"),
    Case("paper-title-case", ["make", "calibration", "page", "--paper", "Letter", "--format", "SVG", "--out", "out"],
         0, r"out/calibration-page-letter-p01\.svg"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_case(case: Case, tmp_path: Path) -> None:
    run_case(case, tmp_path)


def test_a_full_disk_keeps_the_earlier_record(tmp_path: Path) -> None:
    """``--as-record`` over an earlier good record, with no byte more allowed to be written
    (RLIMIT_FSIZE, as ``ulimit -f`` sets it: what a full disk does to a write): one line, exit 2,
    the earlier record as it was and no temp file left."""
    (tmp_path / "sheet.pdf").write_bytes(sheet())
    earlier = b"game: rollncook\nsheet: RNC1-7\nplayer: the earlier good record\n"
    (tmp_path / "r.yaml").write_bytes(earlier)
    p = subprocess.run([sys.executable, "-m", "printkit", *AS_RECORD], cwd=tmp_path, capture_output=True,
                       preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0)), timeout=30)
    err = p.stderr.decode().strip().splitlines()
    assert p.returncode == 2 and len(err) == 1, p.stderr
    assert err[0].startswith("printkit: error: --as-record: cannot write r.yaml: ") and "ulimit -f" in err[0]
    assert (tmp_path / "r.yaml").read_bytes() == earlier
    assert sorted(f.name for f in tmp_path.iterdir()) == ["r.yaml", "sheet.pdf"]


def test_a_reader_that_is_gone_is_no_error(tmp_path: Path) -> None:
    """``printkit list | head -1``, the reader gone before anything is written: quiet, exit 0."""
    p = subprocess.Popen([sys.executable, "-m", "printkit", "list", "--settings"], cwd=tmp_path,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert p.stdout is not None and p.stderr is not None
    p.stdout.close()
    err = p.stderr.read()
    assert p.wait(timeout=30) == 0 and err == b"", err


def test_a_fifo_among_the_layouts_is_not_read_for_the_page_counts(tmp_path: Path) -> None:
    """``printkit list``'s cache of page counts hashes every file of the layouts folder: a FIFO
    there is named, not opened (it would block the run for ever)."""
    (tmp_path / "calibration").mkdir()
    (tmp_path / "calibration" / "page.yaml").write_bytes(LAYOUTS["layouts/calibration/page.yaml"])
    os.mkfifo(tmp_path / "calibration" / "waiting.yaml")
    code = "from printkit.listing import sources_digest; print(sources_digest())"
    p = subprocess.run([sys.executable, "-c", code], env={**os.environ, "PRINTKIT_LAYOUTS": str(tmp_path)},
                       capture_output=True, timeout=30)
    assert p.returncode == 0 and len(p.stdout.strip()) == 64 and not p.stderr, p
