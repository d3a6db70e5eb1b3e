"""Every ordinary mistake on the command line is a user error: one line on stderr, exit code 2,
nothing half-written, earlier good files untouched. And the output itself never surprises:
--count, signals, leftovers of killed runs, the umask, SOURCE_DATE_EPOCH, file names."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import printkit.core.output as output
from printkit.making import SEED_MAX
from tests.conftest import run_cli


def one_line_error(r, *words: str) -> str:
    """The error of ``r``: exit 2, exactly one line on stderr, no traceback, naming ``words``."""
    assert r.exit_code == 2, (r.exit_code, r.stdout, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith("printkit: error: ") and "internal error" not in lines[0]
    for w in words:
        assert w in lines[0], (w, lines[0])
    return lines[0]


def listing(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


@pytest.fixture
def kept(tmp_path):
    """An output folder holding a good file from an earlier run."""
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "calibration-page-a4.pdf").write_bytes(b"%PDF- an earlier good file")
    return folder


# --- --out that cannot be written ----------------------------------------------------------

def test_out_naming_a_file(tmp_path):
    f = tmp_path / "notes.txt"
    f.write_text("mine")
    one_line_error(run_cli("make", "calibration", "page", "--out", str(f)), str(f), "a file of that name is in the way")
    assert f.read_text() == "mine" and [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_out_under_a_file(tmp_path):
    f = tmp_path / "notes.txt"
    f.write_text("mine")
    one_line_error(run_cli("make", "calibration", "page", "--out", str(f / "kit")), "is a file, not a folder")
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_out_in_proc():
    if not Path("/proc/self").is_dir():
        pytest.skip("no /proc here")
    one_line_error(run_cli("make", "calibration", "page", "--out", "/proc/printkit-test"), "/proc/printkit-test")


def test_out_name_too_long(tmp_path):
    long = tmp_path / ("x" * 300)
    one_line_error(run_cli("make", "calibration", "page", "--out", str(long)), "the name is too long")
    assert list(tmp_path.iterdir()) == []


def test_target_is_a_folder(kept):
    (kept / "calibration-duplex-a4.pdf").mkdir()
    before = listing(kept)
    one_line_error(run_cli("make", "calibration", "duplex", "--out", str(kept)), "a folder of that name is in the way")
    assert listing(kept) == before and not [p for p in kept.iterdir() if p.name.endswith(".part")]


@pytest.mark.parametrize("code,words", [(errno.EACCES, "permission denied"), (errno.EROFS, "read-only")])
def test_read_only_folder(kept, monkeypatch, code, words):
    # Root writes into a chmod 0555 folder regardless: the system's refusal is simulated.
    def refuse(*a, **k):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(output.tempfile, "mkstemp", refuse)
    before = listing(kept)
    one_line_error(run_cli("make", "calibration", "page", "--out", str(kept)), words)
    assert listing(kept) == before


def test_full_disk_keeps_the_earlier_file_and_leaves_no_part(kept, monkeypatch):
    real = output._write_all

    def half_then_full(fd, data):
        real(fd, data[: len(data) // 2])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(output, "_write_all", half_then_full)
    before = listing(kept)
    one_line_error(run_cli("make", "calibration", "page", "--out", str(kept)),
                   "calibration-page-a4.pdf", "no space left on the disk")
    assert listing(kept) == before  # the old file whole, no temp file


def test_solve_out_mistakes(tmp_path):
    f = tmp_path / "notes.txt"
    f.write_text("mine")
    solve = ("solve", "gimbap", "rice+seaweed", "ham-radish", "--out")
    one_line_error(run_cli(*solve, str(f / "roll.pdf")), str(f), "a file of that name is in the way")
    (tmp_path / "roll.svg").mkdir()
    one_line_error(run_cli(*solve, str(tmp_path / "roll.svg")), "a folder of that name is in the way")
    one_line_error(run_cli(*solve, str(tmp_path / ("y" * 260 + ".pdf"))), "the name is too long")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt", "roll.svg"]
    assert list((tmp_path / "roll.svg").iterdir()) == []


# --- bounded numbers -------------------------------------------------------------------------

@pytest.mark.parametrize("seed,shown", [("9" * 80, "a number of 80 digits"), ("1" * 23, "1" * 23),
                                        ("7" * 60, "a number of 60 digits"), (str(SEED_MAX + 1), str(SEED_MAX + 1)),
                                        ("-1", "-1")])
def test_seeds_out_of_range(tmp_path, seed, shown):
    line = one_line_error(run_cli("make", "rollncook", "--seed", seed, "--out", str(tmp_path)),
                          "--seed must be a whole number from 0 to 9223372036854775807", f"got {shown}")
    assert len(line) < 200 and list(tmp_path.iterdir()) == []


def test_the_last_seed_works_and_count_stays_in_range(tmp_path):
    r = run_cli("make", "rollncook", "--seed", str(SEED_MAX), "--format", "json", "--out", str(tmp_path))
    assert r.exit_code == 0 and r.stdout.strip().endswith(f"rollncook-sheet-seed{SEED_MAX}-a4.json")
    one_line_error(run_cli("make", "rollncook", "--seed", str(SEED_MAX), "--count", "2", "--out", str(tmp_path)),
                   "goes past the last seed", f"start at {SEED_MAX - 1}")
    one_line_error(run_cli("simulate", "rollncook", "--seed", str(SEED_MAX + 1)), "--seed must be a whole number")


@pytest.mark.parametrize("offset", ["nan,nan", "inf,0", "0,-inf", "1e400,0", "٣,0", "0,０.5"])
def test_duplex_offset_must_be_finite(tmp_path, offset):
    one_line_error(run_cli("make", "calibration", "--duplex-offset", offset, "--out", str(tmp_path)),
                   "--duplex-offset takes X,Y in mm")
    assert list(tmp_path.iterdir()) == []


def test_simulate_is_bounded():
    start = time.perf_counter()
    one_line_error(run_cli("simulate", "rollncook", "--games", "100000", "--seeds", "10000"),
                   "1,000,000,000 games", "at most 100,000")
    one_line_error(run_cli("simulate", "rollncook", "--games", "0"), "--games and --seeds must be 1 or more")
    assert time.perf_counter() - start < 5


def test_a_bad_setting_is_refused_before_the_seed_is_chosen(tmp_path):
    for args in (["--set", "count=0"], ["--count", "0"], ["--count", "lots"]):
        r = run_cli("make", "rollncook", *args, "--out", str(tmp_path))
        one_line_error(r, "1 to 10000 sheets")
        assert "No --seed" not in r.stderr and list(tmp_path.iterdir()) == []


# --- --count -----------------------------------------------------------------------------------

def test_count_makes_consecutive_seeds_in_one_file(tmp_path):
    r = run_cli("make", "rollncook", "--seed", "100", "--count", "3", "--format", "json", "--out", str(tmp_path))
    assert r.exit_code == 0, r.output
    path = Path(r.stdout.strip())
    assert path.name == "rollncook-sheet-seed100-a4-count3.json"
    assert [s["seed"] for s in json.loads(path.read_text())["sheets"]] == [100, 101, 102]
    same = run_cli("make", "rollncook", "--seed", "100", "--set", "count=3", "--format", "json",
                   "--out", str(tmp_path / "set"))
    assert Path(same.stdout.strip()).read_bytes() == path.read_bytes()
    r = run_cli("make", "rollncook", "--seed", "100", "--count", "2", "--out", str(tmp_path))
    pdf = Path(r.stdout.strip())
    assert pdf.name == "rollncook-sheet-seed100-a4-count2.pdf"
    import pypdfium2 as pdfium

    assert len(pdfium.PdfDocument(str(pdf))) == 2


def test_count_for_components_without_it(tmp_path):
    one_line_error(run_cli("make", "calibration", "--count", "2", "--out", str(tmp_path)),
                   "--count: no component being made has that setting")


def test_list_names_count_and_hex_size_options():
    r = run_cli("list", "--settings")
    assert "--set count=VALUE (or --count VALUE)" in r.stdout
    assert "--set hex-size=VALUE (or --hex-size VALUE)" in r.stdout
    assert "--count N for N seeds" in r.stdout


# --- signals, leftovers, umask, SOURCE_DATE_EPOCH ---------------------------------------------

SLOW_WRITE = """
import sys, time
import printkit.core.output as o
real = o._write_all
def slow(fd, data):
    real(fd, data[:100])
    time.sleep(60)
o._write_all = slow
from printkit.cli import main
sys.argv = ["printkit"] + sys.argv[1:]
main()
"""


def _signalled_while_writing(script: str, kept: Path, sig: str, settle: float = 0.0) -> subprocess.Popen:
    """Run ``make calibration page`` under ``script`` and send ``sig`` once its temp file exists
    (and ``settle`` seconds more); returns the finished process, with ``out`` and ``err``."""
    p = subprocess.Popen([sys.executable, "-c", script, "make", "calibration", "page", "--out", str(kept)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while not any(n.endswith(".part") for n in os.listdir(kept)):
        assert p.poll() is None and time.monotonic() < deadline, p.communicate()
        time.sleep(0.02)
    time.sleep(settle)
    p.send_signal(getattr(signal, sig))
    p.out, p.err = p.communicate(timeout=30)  # type: ignore[attr-defined]
    return p


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")
@pytest.mark.parametrize("sig", ["SIGTERM", "SIGHUP"])
def test_a_signal_leaves_nothing_half_written(kept, sig):
    before = listing(kept)
    p = _signalled_while_writing(SLOW_WRITE, kept, sig)
    out, err = p.out, p.err
    assert p.returncode == 128 + getattr(signal, sig)
    assert err.strip() == f"printkit: stopped by {sig}" and out == ""
    assert listing(kept) == before


# A library that catches everything and raises its own error (reportlab's string escaping does:
# ``except: raise ValueError(...)``) while the signal's Stopped passes through it.
SWALLOWING_WRITE = """
import sys, time
import printkit.core.output as o
real = o._write_all
def slow(fd, data):
    real(fd, data[:100])
    try:
        time.sleep(60)
    except:  # noqa: E722 - as the library does
        raise ValueError("cannot escape")
o._write_all = slow
from printkit.cli import main
sys.argv = ["printkit"] + sys.argv[1:]
main()
"""


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")
def test_a_signal_a_library_turns_into_its_own_error_still_stops_the_run(kept):
    before = listing(kept)
    p = _signalled_while_writing(SWALLOWING_WRITE, kept, "SIGHUP", settle=0.3)  # into the library's sleep
    assert (p.returncode, p.err.strip(), p.out) == (128 + signal.SIGHUP, "printkit: stopped by SIGHUP", "")
    assert listing(kept) == before


def _dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def test_the_next_run_removes_temp_files_of_a_killed_run(kept):
    dead = kept / f".calibration-page-a4.pdf.abcd1234.pk{_dead_pid()}.part"
    alive = kept / f".calibration-duplex-a4.pdf.abcd1234.pk{os.getppid()}.part"
    old = kept / ".calibration-page-a4.pdf.zz9_zz9z.part"  # printkit's temp names before they had a PID
    mine = kept / ".notes.part"
    for p in (dead, alive, old, mine):
        p.write_bytes(b"half")
    os.utime(old, (time.time() - 7200,) * 2)
    r = run_cli("make", "calibration", "page", "--out", str(kept))
    assert r.exit_code == 0
    assert not dead.exists() and not old.exists() and alive.exists() and mine.exists()


@pytest.mark.parametrize("umask,mode", [(0o077, 0o600), (0o002, 0o664), (0o022, 0o644)])
def test_files_honour_the_umask(tmp_path, umask, mode):
    old = os.umask(umask)
    try:
        r = run_cli("make", "rollncook", "--seed", "1", "--format", "json", "--out", str(tmp_path))
    finally:
        os.umask(old)
    assert r.exit_code == 0
    assert Path(r.stdout.strip()).stat().st_mode & 0o777 == mode


def test_source_date_epoch_changes_nothing(tmp_path):
    made = {}
    for value in (None, "0", "1700000000", "not a number"):
        env = {"SOURCE_DATE_EPOCH": value}
        r = run_cli("make", "calibration", "page", "--out", str(tmp_path / str(value)), env=env)
        assert r.exit_code == 0, r.output
        made[value] = Path(r.stdout.strip()).read_bytes()
    assert len(set(made.values())) == 1
    assert os.environ.get("SOURCE_DATE_EPOCH") is None


# --- names and words ----------------------------------------------------------------------------

def test_file_names_carry_every_changed_option(tmp_path):
    r = run_cli("make", "calibration", "page", "--bleed", "2", "--no-crop-marks", "--duplex-offset", "0.5,-1",
                "--out", str(tmp_path))
    assert Path(r.stdout.strip()).name == "calibration-page-a4-bleed2-nocrop-duplex0.5,-1.pdf"
    r = run_cli("make", "calibration", "page", "--bleed", "0", "--duplex-offset", "-0,0", "--out", str(tmp_path))
    assert Path(r.stdout.strip()).name == "calibration-page-a4.pdf"  # defaults: the name is unchanged


def test_settings_name_their_files(tmp_path):
    from printkit.core.registry import games

    board = games()["gemblo"]["board"]
    assert board.file_suffix(board.options({"hex_size": "18mm", "coords": "yes", "overlap": "10"})) \
        == "-hex-size18-coords"
    assert board.file_suffix(board.options({"hex_size": "16", "coords": "no"})) == ""
    dice = games()["gimbap"]["dice"]
    names = {Path(run_cli("make", "gimbap", "dice", "--set", f"edge={e}", "--out", str(tmp_path)).stdout.strip()).name
             for e in ("20mm", "25mm")}
    assert names == {f"gimbap-dice-a4{dice.file_suffix(dice.options({'edge': e}))}.pdf" for e in ("20mm", "25mm")}
    assert "gimbap-dice-a4-edge20.pdf" in names and len(names) == 2  # 25 mm is the default


@pytest.mark.parametrize("args,words", [
    (["make", "gimbab"], "unknown game 'gimbab' (did you mean 'gimbap'?)"),
    (["make", "gimbap", "dicee"], "no component 'dicee' (did you mean 'dice'?)"),
    (["make", "gimbap", "dice", "--set", "edg=3"], "(did you mean 'edge'?)"),
    (["simulate", "rollncoo"], "no simulator for 'rollncoo' (did you mean 'rollncook'?)"),
    (["schema", "jubak"], "(did you mean 'jubako'?)"),
    (["make", "gemblo", "pieces", "--format", "json"],
     "--format json: gemblo pieces has no contents to give as data; make them as pdf or svg"),
    (["make", "all", "--format", "json"], "only rollncook sheet can be made as json"),
])
def test_words(args, words):
    one_line_error(run_cli(*args), words)


@pytest.mark.parametrize("args,words", [
    (["make"], "missing argument 'target' (see 'printkit make --help')"),
    (["make", "rollncook", "--seed", "abc"], "invalid value for '--seed'"),
    (["make", "calibration", "--nope"], "no such option: --nope"),
    (["lst"], "Did you mean 'list'?"),
])
def test_usage_mistakes_are_one_line_too(args, words):
    one_line_error(run_cli(*args), words)


def test_no_arguments_show_the_help():
    r = run_cli()
    assert "Usage: printkit" in r.output and "printkit make calibration" in r.output


@pytest.mark.parametrize("args", [["list"], ["rules", "gemblo"], ["--help"]])
def test_output_cut_short_by_a_pipe_is_not_an_error(args):
    """`printkit list | head -1`: the reader has what it wanted; no "internal error"."""
    import subprocess
    import sys

    cmd = " ".join([sys.executable, "-m", "printkit", *args]) + " | head -1"
    r = subprocess.run(["bash", "-o", "pipefail", "-c", cmd], capture_output=True, text=True, timeout=60)
    assert r.stdout.count("\n") == 1 and r.stderr == "", r.stderr
    assert r.returncode == 0
