"""Hostile command lines for every command (issue 26): unknown options, missing arguments, empty
strings, a folder where a file is expected and a file where a folder is, paths that do not
exist, hold a newline or a NUL byte, cannot be read or are far too long (100 KB), and game names
one letter off. Each is exit 2 with one line ``printkit: error: ...``, naming what is wrong.

"Cannot be read" is made in ways that hold for root too (CI runs as root, and root reads a file
whatever its mode): a symbolic link to itself, a socket, a path through a file; a file of mode
000 and a file in a folder of mode 600 become a link to itself where the mode does not stop this
user reading them.
A NUL byte cannot be passed on a real command line (no process's arguments hold one); those
cases run in-process, where it is a usage error.
"""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from printkit.core.limits import MAX_SHOWN
from tests.hostile.runner import Case, Result, run_case

#: 100 KB: an argument longer than any command line needs (and than a file name may be).
LONG = "x" * 100_000
DIGITS = "9" * 100_000


def _loop(name: str):
    def setup(folder: Path) -> None:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        os.symlink(name.rsplit("/", 1)[-1], folder / name)
    return setup


def _socket(name: str):
    def setup(folder: Path) -> None:
        s = socket.socket(socket.AF_UNIX)
        try:
            s.bind(str(folder / name))
        finally:
            s.close()
    return setup


def _unreadable(name: str):
    """``name`` (written by the case's files) of mode 000; a link to itself where that does not
    stop this user reading it (root)."""
    def setup(folder: Path) -> None:
        path = folder / name
        path.chmod(0)
        if os.access(path, os.R_OK):
            path.unlink()
            os.symlink(path.name, path)
    return setup


def _locked(name: str):
    """The folder of ``name`` (written by the case's files) of mode 600, which cannot be gone
    through; where that does not stop this user (root), ``name`` a link to itself."""
    def setup(folder: Path) -> None:
        path = folder / name
        path.parent.chmod(0o600)
        if os.access(path, os.R_OK):
            path.parent.chmod(0o700)
            path.unlink()
            os.symlink(path.name, path)
    return setup


def _short(folder: Path, r: Result) -> None:
    """The error line quotes a long argument in part: one line a person reads."""
    assert len(r.stderr) < MAX_SHOWN + 200, len(r.stderr)


def _kept(name: str, text: str):
    def check(folder: Path, r: Result) -> None:
        assert (folder / name).read_text() == text
    return check


def _nothing_written(name: str, left: set[str]):
    """The folder ``name`` holds only what the case put there (its entries ``left``): a refused
    copy writes nothing."""
    def check(folder: Path, r: Result) -> None:
        assert {p.name for p in (folder / name).iterdir()} == left
    return check


def _linked(name: str, target: str):
    """``name`` a symbolic link to the folder ``target``."""
    def setup(folder: Path) -> None:
        (folder / target).mkdir()
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        os.symlink(folder / target, folder / name)
    return setup


NOTES = {"notes.txt": "my notes\n"}
NOT_READ = r"cannot read (the file|it) \((Permission denied|Too many levels of symbolic links)\)"

CASES = [
    # printkit itself
    Case("root-unknown-option", ["--nope"], 2, r"no such option: --nope"),
    Case("root-unknown-command", ["mkae"], 2, r"no such command 'mkae'.*'make'"),
    Case("root-empty-command", [""], 2, r"no such command ''"),
    Case("root-long-command", [LONG], 2, r"no such command 'xxx.* characters left out", check=_short),
    Case("root-newline-command", ["ma\nke"], 2, r"no such command 'ma\\nke'"),
    Case("root-nul", ["make", "cali\0bration"], 2, r"NUL byte"),
    # list
    Case("list-unknown-option", ["list", "--nope"], 2, r"no such option: --nope"),
    Case("list-extra-argument", ["list", "gimbap"], 2, r"unexpected extra argument.*gimbap"),
    Case("list-bleed-missing", ["list", "--bleed"], 2, r"'--bleed' requires an argument"),
    Case("list-bleed-empty", ["list", "--bleed", ""], 2, r"'--bleed'.*number"),
    Case("list-bleed-long", ["list", "--bleed", DIGITS], 2, r"'--bleed': expected a number", check=_short),
    # make
    Case("make-missing-target", ["make"], 2, r"missing argument 'target'"),
    Case("make-empty-target", ["make", ""], 2, r"unknown game ''; choose from"),
    Case("make-near-miss", ["make", "gimbab"], 2, r"unknown game 'gimbab' \(did you mean 'gimbap'\?\)"),
    Case("make-component-near-miss", ["make", "gimbap", "dicee"], 2, r"no component 'dicee' \(did you mean 'dice'\?\)"),
    Case("make-empty-component", ["make", "gimbap", ""], 2, r"gimbap has no component ''"),
    Case("make-newline-target", ["make", "gim\nbap"], 2, r"unknown game 'gim\\nbap'"),
    Case("make-long-target", ["make", LONG], 2, r"unknown game 'xxx.* characters left out", check=_short),
    Case("make-long-component", ["make", "gimbap", LONG], 2, r"no component 'xxx", check=_short),
    Case("make-unknown-option", ["make", "calibration", "--nope"], 2, r"no such option: --nope"),
    Case("make-option-missing-value", ["make", "calibration", "--seed"], 2, r"'--seed' requires an argument"),
    Case("make-out-a-file", ["make", "calibration", "--out", "notes.txt"], 2,
         r"cannot write notes\.txt: a file of that name is in the way", files=NOTES,
         check=_kept("notes.txt", "my notes\n")),
    Case("make-out-under-a-file", ["make", "calibration", "--out", "notes.txt/kit"], 2,
         r"cannot write notes\.txt/kit: part of the path is a file", files=NOTES,
         check=_kept("notes.txt", "my notes\n")),
    Case("make-out-a-loop", ["make", "calibration", "--out", "loop"], 2, r"cannot write loop", setup=_loop("loop")),
    Case("make-out-a-socket", ["make", "calibration", "--out", "sock"], 2, r"cannot write sock", setup=_socket("sock")),
    Case("make-out-long", ["make", "calibration", "--out", LONG], 2, r"cannot write xxx", check=_short),
    Case("make-out-nul", ["make", "calibration", "--out", "kit\0"], 2, r"NUL byte"),
    Case("make-seed-empty", ["make", "rollncook", "--seed", ""], 2, r"'--seed': expected a whole number"),
    Case("make-seed-long", ["make", "rollncook", "--seed", DIGITS], 2, r"'--seed'", check=_short),
    Case("make-count-empty", ["make", "rollncook", "--count", ""], 2, r"--count: 1 to \d+ sheets, got ''"),
    Case("make-count-long", ["make", "rollncook", "--count", DIGITS], 2, r"--count", check=_short),
    Case("make-paper-empty", ["make", "calibration", "--paper", ""], 2, r"--paper must be one of: a4, letter.*; got ''"),
    Case("make-paper-long", ["make", "calibration", "--paper", LONG], 2, r"--paper must be one of", check=_short),
    Case("make-format-empty", ["make", "calibration", "--format", ""], 2, r"--format must be .*; got ''"),
    Case("make-format-long", ["make", "calibration", "--format", LONG], 2, r"--format must be", check=_short),
    Case("make-set-empty", ["make", "calibration", "--set", ""], 2, r"--set takes NAME=VALUE, got ''"),
    Case("make-set-long", ["make", "gimbap", "dice", "--set", LONG], 2, r"--set takes NAME=VALUE", check=_short),
    Case("make-set-long-value", ["make", "gimbap", "dice", "--set", "edge=" + LONG], 2, r"edge", check=_short),
    Case("make-set-near-miss", ["make", "gimbap", "dice", "--set", "edg=3"], 2, r"\(did you mean 'edge'\?\)"),
    Case("make-bleed-empty", ["make", "calibration", "--bleed", ""], 2, r"'--bleed'.*number"),
    Case("make-dpi-empty", ["make", "trickdumpling", "cards", "--format", "cards", "--dpi", ""], 2,
         r"'--dpi'.*whole number"),
    Case("make-dpi-long", ["make", "trickdumpling", "cards", "--format", "cards", "--dpi", DIGITS], 2, r"--dpi",
         check=_short),
    Case("make-dpi-full-width", ["make", "trickdumpling", "cards", "--format", "cards", "--dpi", "３００"], 2,
         r"'--dpi'.*digits 0-9"),
    Case("make-dpi-zero", ["make", "trickdumpling", "cards", "--format", "cards", "--dpi", "0"], 2,
         r"--dpi must be 72 to 1200 dots per inch"),
    Case("make-preset-empty", ["make", "trickdumpling", "cards", "--format", "cards", "--preset", ""], 2,
         r"--preset: no preset ''; presets: mpc-poker, tgc-poker"),
    Case("make-preset-long", ["make", "trickdumpling", "cards", "--format", "cards", "--preset", LONG], 2,
         r"--preset: no preset", check=_short),
    Case("make-cards-nothing", ["make", "rollncook", "--format", "cards", "--seed", "1"], 2,
         r"--format cards makes cards, tiles and tokens; rollncook sheet has none"),
    Case("make-duplex-offset-empty", ["make", "calibration", "--duplex-offset", ""], 2,
         r"--duplex-offset takes X,Y in mm"),
    Case("make-duplex-offset-long", ["make", "calibration", "--duplex-offset", "1," + DIGITS], 2,
         r"--duplex-offset", check=_short),
    Case("make-hex-size-empty", ["make", "gemblo", "board", "--hex-size", ""], 2, r"--hex-size: expected a length"),
    Case("make-hex-size-long", ["make", "gemblo", "board", "--hex-size", DIGITS + "mm"], 2, r"hex-size", check=_short),
    # score
    Case("score-missing-game", ["score"], 2, r"missing argument 'game'"),
    Case("score-missing-file", ["score", "gimbap"], 2, r"missing argument 'files'"),
    Case("score-unknown-option", ["score", "gimbap", "r.yaml", "--nope"], 2, r"no such option: --nope"),
    Case("score-empty-game", ["score", "", "r.yaml"], 2, r"no scorer or record format for ''"),
    Case("score-near-miss", ["score", "gimbab", "r.yaml"], 2, r"'gimbab' \(did you mean 'gimbap'\?\)"),
    Case("score-long-game", ["score", LONG, "r.yaml"], 2, r"no scorer or record format for 'xxx", check=_short),
    Case("score-empty-file", ["score", "gimbap", ""], 2, r"cannot read the file \(No such file"),
    Case("score-a-folder", ["score", "gimbap", "r.yaml"], 2, r"r\.yaml: not a record file but a folder",
         setup=lambda f: (f / "r.yaml").mkdir()),
    Case("score-no-such-file", ["score", "gimbap", "nope.yaml"], 2, r"nope\.yaml: cannot read the file \(No such file"),
    Case("score-newline-path", ["score", "gimbap", "a\nb.yaml"], 2, r"a\\nb\.yaml: cannot read the file"),
    Case("score-nul-path", ["score", "gimbap", "a\0b.yaml"], 2, r"NUL byte"),
    Case("score-unreadable", ["score", "gimbap", "r.yaml"], 2, r"r\.yaml: " + NOT_READ,
         files={"r.yaml": "players: [Ann, Bo]\n"}, setup=_unreadable("r.yaml")),
    Case("score-in-a-locked-folder", ["score", "gimbap", "in/r.yaml"], 2, r"in/r\.yaml: " + NOT_READ,
         files={"in/r.yaml": "players: [Ann, Bo]\n"}, setup=_locked("in/r.yaml")),
    Case("score-a-loop", ["score", "gimbap", "r.yaml"], 2, r"r\.yaml: cannot read the file \(Too many levels",
         setup=_loop("r.yaml")),
    Case("score-a-socket", ["score", "gimbap", "r.yaml"], 2, r"r\.yaml: not a record file but a socket",
         setup=_socket("r.yaml")),
    Case("score-under-a-file", ["score", "gimbap", "notes.txt/r.yaml"], 2, r"cannot read the file \(Not a directory\)",
         files=NOTES),
    Case("score-long-path", ["score", "gimbap", LONG + ".yaml"], 2, r"cannot read the file \(File name too long\)",
         check=_short),
    Case("score-pdf-a-folder", ["score", "rollncook", "s.pdf"], 2, r"s\.pdf: not a PDF file but a folder",
         setup=lambda f: (f / "s.pdf").mkdir()),
    Case("score-pdf-no-such-file", ["score", "rollncook", "s.pdf"], 2, r"s\.pdf: cannot read it \(No such file"),
    Case("score-pdf-a-loop", ["score", "rollncook", "s.pdf"], 2, r"s\.pdf: cannot read it \(Too many levels",
         setup=_loop("s.pdf")),
    Case("score-pdf-unreadable", ["score", "rollncook", "s.pdf"], 2, r"s\.pdf: " + NOT_READ,
         files={"s.pdf": b"%PDF-1.7\n"}, setup=_unreadable("s.pdf")),
    Case("score-pdf-newline-path", ["score", "rollncook", "a\nb.pdf"], 2, r"a\\nb\.pdf: cannot read it"),
    Case("score-pdf-long-path", ["score", "rollncook", LONG + ".pdf"], 2, r"cannot read it", check=_short),
    Case("score-as-record-without-pdf", ["score", "gimbap", "r.yaml", "--as-record", "out.yaml"], 2,
         r"--as-record: give a filled PDF sheet"),
    Case("score-as-record-empty", ["score", "rollncook", "s.pdf", "--as-record", ""], 2,
         r"--as-record: give the name of the file"),
    Case("score-stdin-empty", ["score", "gimbap", "-"], 2, r"<stdin>: the file is empty", stdin=b""),
    # schema
    Case("schema-missing-game", ["schema"], 2, r"missing argument 'game'"),
    Case("schema-empty-game", ["schema", ""], 2, r"no scorer or record format for ''"),
    Case("schema-near-miss", ["schema", "jubak"], 2, r"\(did you mean 'jubako'\?\)"),
    Case("schema-long-game", ["schema", LONG], 2, r"no scorer", check=_short),
    Case("schema-extra-argument", ["schema", "gimbap", "x"], 2, r"unexpected extra argument"),
    Case("schema-unknown-option", ["schema", "gimbap", "--nope"], 2, r"no such option: --nope"),
    # solve
    Case("solve-missing-game", ["solve"], 2, r"missing argument 'game'"),
    Case("solve-missing-order", ["solve", "gimbap"], 2, r"missing argument 'args'"),
    Case("solve-empty-game", ["solve", "", "rice+seaweed"], 2, r"no solver for ''"),
    Case("solve-near-miss", ["solve", "gimbab", "rice+seaweed"], 2, r"\(did you mean 'gimbap'\?\)"),
    Case("solve-empty-face", ["solve", "gimbap", "", "ham-radish"], 2, r"'' is not a face"),
    Case("solve-long-face", ["solve", "gimbap", LONG, "ham-radish"], 2, r"is not a face", check=_short),
    Case("solve-newline-face", ["solve", "gimbap", "rice\n+seaweed", "ham-radish"], 2, r"'rice\\n\+seaweed'"),
    Case("solve-unknown-option", ["solve", "gimbap", "rice+seaweed", "--nope"], 2, r"no such option: --nope"),
    Case("solve-paper-empty", ["solve", "gimbap", "rice+seaweed", "ham-radish", "--paper", ""], 2,
         r"--paper must be one of"),
    Case("solve-out-empty", ["solve", "gimbap", "rice+seaweed", "ham-radish", "--out", ""], 2,
         r"cannot write \.: a folder of that name is in the way"),
    Case("solve-out-a-folder", ["solve", "gimbap", "rice+seaweed", "ham-radish", "--out", "roll.pdf"], 2,
         r"cannot write roll\.pdf: a folder", setup=lambda f: (f / "roll.pdf").mkdir()),
    Case("solve-out-under-a-file", ["solve", "gimbap", "rice+seaweed", "ham-radish", "--out", "notes.txt/r.pdf"],
         2, r"notes\.txt: a file of that name is in the way", files=NOTES, check=_kept("notes.txt", "my notes\n")),
    Case("solve-out-not-a-drawing", ["solve", "gimbap", "rice+seaweed", "ham-radish", "--out", "notes.txt"], 2,
         r"--out must name a \.pdf or \.svg file", files=NOTES, check=_kept("notes.txt", "my notes\n")),
    Case("solve-out-long", ["solve", "gimbap", "rice+seaweed", "ham-radish", "--out", LONG + ".svg"], 2,
         r"cannot write xxx", check=_short),
    Case("solve-out-nul", ["solve", "gimbap", "rice+seaweed", "ham-radish", "--out", "a\0.svg"], 2, r"NUL byte"),
    # simulate
    Case("simulate-missing-game", ["simulate"], 2, r"missing argument 'game'"),
    Case("simulate-empty-game", ["simulate", ""], 2, r"no simulator for ''"),
    Case("simulate-near-miss", ["simulate", "rollncoo"], 2, r"\(did you mean 'rollncook'\?\)"),
    Case("simulate-long-game", ["simulate", LONG], 2, r"no simulator", check=_short),
    Case("simulate-no-simulator", ["simulate", "gimbap"], 2, r"no simulator for 'gimbap'; games with one: rollncook"),
    Case("simulate-unknown-option", ["simulate", "rollncook", "--nope"], 2, r"no such option: --nope"),
    Case("simulate-games-empty", ["simulate", "rollncook", "--games", ""], 2, r"'--games': expected a whole number"),
    Case("simulate-games-zero", ["simulate", "rollncook", "--games", "0"], 2, r"--games and --seeds must be 1 or more"),
    Case("simulate-seed-negative", ["simulate", "rollncook", "--seed", "-1"], 2, r"--seed must be a whole number"),
    Case("simulate-seeds-long", ["simulate", "rollncook", "--seeds", DIGITS], 2, r"'--seeds'", check=_short),
    # check
    Case("check-unknown-option", ["check", "--nope"], 2, r"no such option: --nope"),
    Case("check-empty-path", ["check", ""], 2, r"not a regular file"),
    Case("check-a-folder", ["check", "lay"], 2, r"lay: not a regular file", setup=lambda f: (f / "lay").mkdir()),
    Case("check-no-such-file", ["check", "nope.yaml"], 2, r"nope\.yaml: cannot read the file \(No such file"),
    Case("check-newline-path", ["check", "a\nb.yaml"], 2, r"a\\nb\.yaml: cannot read the file"),
    Case("check-nul-path", ["check", "a\0b.yaml"], 2, r"NUL byte"),
    Case("check-unreadable", ["check", "l.yaml"], 2, r"l\.yaml: " + NOT_READ + "|l.yaml: cannot read the file",
         files={"l.yaml": "pages: []\n"}, setup=_unreadable("l.yaml")),
    Case("check-in-a-locked-folder", ["check", "in/l.yaml"], 2, r"in/l\.yaml: " + NOT_READ,
         files={"in/l.yaml": "pages: []\n"}, setup=_locked("in/l.yaml")),
    Case("check-a-socket", ["check", "l.yaml"], 2, r"l\.yaml: not a regular file", setup=_socket("l.yaml")),
    Case("check-under-a-file", ["check", "notes.txt/l.yaml"], 2,
         r"error: notes\.txt/l\.yaml: cannot read the file \(Not a directory\)", files=NOTES),
    Case("check-long-path", ["check", LONG + ".yaml"], 2, r"cannot read the file \(File name too long\)",
         check=_short),
    Case("check-not-a-layout", ["check", "notes.txt"], 2, r"notes\.txt:1: .*expected a mapping", files=NOTES),
    # rules
    Case("rules-missing-game", ["rules"], 2, r"missing argument 'GAME'"),
    Case("rules-empty-game", ["rules", ""], 2, r"no rules for ''"),
    Case("rules-near-miss", ["rules", "gembl"], 2, r"no rules for 'gembl' \(did you mean 'gemblo'\?\)"),
    Case("rules-id-and-ids", ["rules", "trickdumpling", "TD-7", "--ids"], 2, r"give a rule id or --ids, not both"),
    Case("rules-a-path", ["rules", "../../etc/passwd"], 2, r"no rules for '\.\./\.\./etc/passwd'"),
    Case("rules-long-game", ["rules", LONG], 2, r"no rules for", check=_short),
    Case("rules-empty-id", ["rules", "gemblo", ""], 2, r"'' is not a rule id"),
    Case("rules-unknown-id", ["rules", "gemblo", "GEM-99"], 2, r"Gemblo has no rule GEM-99"),
    Case("rules-newline-id", ["rules", "gemblo", "GEM\n-4"], 2, r"'GEM\\n-4' is not a rule id"),
    Case("rules-long-id", ["rules", "gemblo", LONG], 2, r"is not a rule id", check=_short),
    Case("rules-extra-argument", ["rules", "gemblo", "GEM-4", "x"], 2, r"unexpected extra argument"),
    Case("rules-unknown-option", ["rules", "--nope"], 2, r"no such option: --nope"),
    Case("rules-ids-unknown-game", ["rules", "chess", "--ids"], 2, r"no rules for 'chess'"),
    Case("rules-ids-with-a-value", ["rules", "gemblo", "--ids=yes"], 2, r"option '--ids' does not take a value"),
    # examples
    Case("examples-unknown-option", ["examples", "--nope"], 2, r"no such option: --nope"),
    Case("examples-extra-argument", ["examples", "a", "b"], 2, r"unexpected extra argument.*b"),
    Case("examples-a-file", ["examples", "notes.txt"], 2, r"cannot write notes\.txt: a file of that name is in the way",
         files=NOTES, check=_kept("notes.txt", "my notes\n")),
    Case("examples-under-a-file", ["examples", "notes.txt/ex"], 2, r"cannot write notes\.txt/ex: part of the path is a file",
         files=NOTES, check=_kept("notes.txt", "my notes\n")),
    Case("examples-a-file-for-a-game", ["examples", "ex"], 2,
         r"cannot write ex/gimbap/swap-after-wrong-roll\.yaml: ex/gimbap is a file, where a folder is needed",
         files={"ex/gimbap": "my notes\n"}, check=_nothing_written("ex", {"gimbap"})),
    Case("examples-a-folder-for-a-file", ["examples", "ex"], 2,
         r"cannot write ex/jubako/two-players\.yaml: a folder of that name is in the way",
         setup=lambda f: (f / "ex" / "jubako" / "two-players.yaml").mkdir(parents=True),
         check=_nothing_written("ex", {"jubako"})),
    Case("examples-an-edited-file", ["examples", "ex"], 2,
         r"ex/gemblo/two-players\.yaml differs from the file printkit ships \(your changes\?\): nothing was written",
         files={"ex/gemblo/two-players.yaml": "mine\n"}, check=_kept("ex/gemblo/two-players.yaml", "mine\n")),
    Case("examples-a-linked-game-folder", ["examples", "ex"], 2,
         r"cannot write ex/gimbap/swap-after-wrong-roll\.yaml: ex/gimbap is a symbolic link \(printkit writes nothing through one\)",
         setup=_linked("ex/gimbap", "elsewhere"), check=_nothing_written("elsewhere", set())),
    Case("examples-a-loop", ["examples", "loop"], 2, r"cannot write loop", setup=_loop("loop")),
    Case("examples-long", ["examples", LONG], 2, r"cannot write xxx", check=_short),
    Case("examples-nul", ["examples", "ex\0"], 2, r"NUL byte"),
    # layouts
    Case("layouts-unknown-command", ["layouts", "cpy"], 2, r"no such command 'cpy'.*'copy'"),
    Case("layouts-copy-missing-dir", ["layouts", "copy"], 2, r"missing argument 'DIR'"),
    Case("layouts-copy-extra-argument", ["layouts", "copy", "a", "b"], 2, r"unexpected extra argument.*b"),
    Case("layouts-copy-a-file", ["layouts", "copy", "notes.txt"], 2,
         r"cannot write notes\.txt: a file of that name is in the way", files=NOTES, check=_kept("notes.txt", "my notes\n")),
    Case("layouts-copy-an-edited-file", ["layouts", "copy", "mine"], 2,
         r"mine/common\.yaml differs from the file printkit ships \(your changes\?\): nothing was written",
         files={"mine/common.yaml": "mine\n"}, check=_nothing_written("mine", {"common.yaml"})),
    Case("layouts-copy-a-loop", ["layouts", "copy", "loop"], 2, r"cannot write loop", setup=_loop("loop")),
    Case("layouts-copy-long", ["layouts", "copy", LONG], 2, r"cannot write xxx", check=_short),
    # serve: every case fails before a server starts (those that reach the database file run as a
    # process, stopped as a hang if a server did start)
    Case("serve-unknown-option", ["serve", "--nope"], 2, r"no such option: --nope"),
    Case("serve-extra-argument", ["serve", "x"], 2, r"unexpected extra argument"),
    Case("serve-port-empty", ["serve", "--port", ""], 2, r"'--port': expected a whole number"),
    Case("serve-port-negative", ["serve", "--port", "-1"], 2, r"'--port': a port is 0 to 65535, got -1"),
    Case("serve-port-too-large", ["serve", "--port", "70000"], 2, r"'--port': a port is 0 to 65535, got 70000"),
    Case("serve-port-long", ["serve", "--port", DIGITS], 2, r"'--port'", check=_short),
    Case("serve-host-empty", ["serve", "--host", "", "--port", "0"], 2, r"--host : not an address"),
    Case("serve-host-newline", ["serve", "--host", "local\nhost", "--port", "0"], 2, r"--host local\\nhost: not an"),
    Case("serve-host-long", ["serve", "--host", LONG, "--port", "0"], 2, r"--host xxx.*not an address", check=_short),
    Case("serve-host-nul", ["serve", "--host", "a\0b"], 2, r"NUL byte"),
    Case("serve-db-a-folder", ["serve", "--port", "0", "--db", "tables"], 2, r"--db tables: cannot use it",
         setup=lambda f: (f / "tables").mkdir(), process=True),
    Case("serve-db-under-a-file", ["serve", "--port", "0", "--db", "notes.txt/t.sqlite3"], 2,
         r"--db notes\.txt/t\.sqlite3: cannot", files=NOTES, check=_kept("notes.txt", "my notes\n"), process=True),
    Case("serve-db-a-loop", ["serve", "--port", "0", "--db", "t.sqlite3"], 2, r"--db t\.sqlite3: cannot",
         setup=_loop("t.sqlite3"), process=True),
    # SQLite took a file of one byte (one empty line) for an empty database, and wrote over it
    Case("serve-db-a-one-byte-file", ["serve", "--port", "0", "--db", "notes.txt"], 2,
         r"--db notes\.txt: cannot use it as printkit's database \(file is not a database\)",
         files={"notes.txt": "\n"}, check=_kept("notes.txt", "\n"), process=True),
    Case("serve-db-long", ["serve", "--port", "0", "--db", LONG], 2, r"--db xxx", check=_short, process=True),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_case(case, tmp_path):
    run_case(case, tmp_path)
