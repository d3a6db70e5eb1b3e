"""Digest of every file a set of printkit commands writes: the byte-identity check for speed work.

    .venv/bin/python benchmarks/digest_outputs.py [--tree DIR] [--out FILE] [--quick]

Runs each command with ``PYTHONPATH=DIR`` (default: this checkout) into a temp folder and
prints one ``sha256  name`` line a file, sorted, so two trees' digests can be diffed.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

COMMANDS = [
    ["make", "all", "--seed", "7"],
    ["make", "all", "--seed", "7", "--format", "svg"],
    ["make", "all", "--seed", "7", "--paper", "letter", "--bw"],
    ["make", "rollncook", "--count", "20", "--seed", "1"],
    ["make", "rollncook", "--count", "3", "--seed", "9223372036854775805", "--paper", "letter", "--bw"],
    ["make", "rollncook", "--seed", "5", "--format", "both"],
    ["make", "gimbap", "dice", "--set", "edge=25mm", "--bleed", "3", "--duplex-offset", "0.5,-1"],
    ["make", "gemblo", "board", "--hex-size", "18mm", "--set", "coords=yes", "--no-crop-marks"],
]


#: ``--quick``: two small components only (the smoke test, tests/test_benchmarks_smoke.py).
QUICK = COMMANDS[-2:]


def digest(tree: Path, commands: list[list[str]] = COMMANDS) -> list[str]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, args in enumerate(commands):
            out = Path(tmp) / str(i)
            subprocess.run([sys.executable, "-m", "printkit", *args, "--out", str(out)],
                           env=env, check=True, capture_output=True, cwd=tree)
            for path in sorted(out.iterdir()):
                lines.append(f"{hashlib.sha256(path.read_bytes()).hexdigest()}  {i}/{path.name}")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--quick", action="store_true", help="two small components only: does it run")
    a = ap.parse_args()
    text = "\n".join(digest(a.tree.resolve(), QUICK if a.quick else COMMANDS)) + "\n"
    if a.out:
        a.out.write_text(text)
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
