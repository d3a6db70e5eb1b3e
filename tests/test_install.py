"""Acceptance for installing printkit (issue 15): a built wheel runs from any folder.

A wheel is built from a copy of the checkout (building writes build/ and *.egg-info into the
tree it builds), installed into a fresh virtual environment outside the checkout, and its
``printkit`` command runs ``list``, ``check``, ``make all``, ``examples``, ``score`` and ``rules`` in an empty
temporary folder: the layouts, fonts, game data, example records and rules must come from the installed package.

Offline and quick: the wheel is built without build isolation (pyproject.toml's backend called
in the running environment, with its setuptools from the ``test`` extra) and installed with
``--no-deps --no-index``. The new
environment is made without pip; a ``.pth`` file lets it see the running environment's
site-packages (the dependencies and pip), not the checkout. (``--system-site-packages`` would
not do: run from a virtual environment, as the README does, it shows the base Python's
packages, not the ones installed in that environment.)
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: The checkout's folders the package carries, under printkit/_data/ (setup.py).
SHIPPED = ("layouts", "fonts", "docs/rules", "examples")
#: Not part of the project's source: caches, build products, environments, outputs.
JUNK = shutil.ignore_patterns(".*", "__pycache__", "*.py[cod]", "*.egg-info", "build", "dist", "output",
                              "venv", "_data")
EXAMPLE = ROOT / "examples" / "gimbap" / "swap-after-wrong-roll.yaml"


def _env(**extra: str) -> dict[str, str]:
    """The environment for the installed command: nothing pointing back into the checkout."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PRINTKIT_", "PYTHON")) and k not in ("VIRTUAL_ENV", "SOURCE_DATE_EPOCH")}
    return {**env, "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_NO_INPUT": "1", **extra}


def _run(args: list, cwd: Path, **extra: str) -> subprocess.CompletedProcess:
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=_env(**extra), capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, f"{args} exited {done.returncode}:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    return done


@pytest.fixture(scope="module")
def source(tmp_path_factory) -> Path:
    """A copy of the checkout to build from."""
    src = tmp_path_factory.mktemp("checkout") / "printkit-src"
    shutil.copytree(ROOT, src, ignore=JUNK)
    return src


@pytest.fixture(scope="module")
def wheel(source: Path, tmp_path_factory) -> Path:
    """Built by calling pyproject.toml's build backend (setuptools.build_meta) as a PEP 517
    front end does, in the running environment: the hook ``pip wheel --no-build-isolation`` calls
    itself (the same files, byte for byte, measured), without pip's start-up and its extra
    subprocess (~0.9 s -> ~0.4 s of CPU)."""
    import tomllib

    out = tmp_path_factory.mktemp("wheel")
    backend = tomllib.loads((source / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]["build-backend"]
    _run([sys.executable, "-c", "import importlib, sys; importlib.import_module(sys.argv[1]).build_wheel(sys.argv[2])",
          backend, out], cwd=source)
    found = sorted(out.glob("printkit-*.whl"))
    assert len(found) == 1, found
    return found[0]


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory) -> Path:
    """A fresh virtual environment outside the checkout with the wheel installed: its bin folder."""
    home = tmp_path_factory.mktemp("venv") / "env"
    _run([sys.executable, "-m", "venv", "--without-pip", home], cwd=home.parent)
    bin_dir = home / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / "python"
    purelib = _run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                   cwd=home).stdout.strip()
    outer = [p for p in sys.path if p.rstrip("/\\").endswith(("site-packages", "dist-packages")) and Path(p).is_dir()]
    Path(purelib, "_outer_site.pth").write_text("\n".join(outer) + "\n", encoding="utf-8")
    _run([python, "-m", "pip", "install", "--no-deps", "--no-index", "--ignore-installed", "--quiet", wheel],
         cwd=home)
    return bin_dir


def _expected(source: Path) -> set[str]:
    """What the wheel must hold besides metadata: the package's files and the shipped folders."""
    names = {p.relative_to(source).as_posix() for p in (source / "printkit").rglob("*") if p.is_file()}
    for folder in SHIPPED:
        names |= {"printkit/_data/" + p.relative_to(source).as_posix()
                  for p in (source / folder).rglob("*") if p.is_file()}
    return names


def test_the_wheel_carries_every_file_of_the_package_and_the_shipped_folders(source, wheel):
    with zipfile.ZipFile(wheel) as z:
        names = {n for n in z.namelist() if not n.startswith("printkit-")}
    expected = _expected(source)
    assert {n for n in expected if n.endswith("data.yaml")}, "the games' data.yaml files are expected"
    assert expected - names == set(), "missing from the wheel"
    assert names - expected == set(), "in the wheel but not in the checkout"


def _du_apparent(folder: Path) -> int:
    """``du -sb FOLDER``: the sizes of the folder, its files and folders (not following links)."""
    return folder.lstat().st_size + sum(p.lstat().st_size for p in folder.rglob("*"))


def _readme_figure(before: str, unit: str) -> float:
    """The number README.md writes after ``before`` (then ``unit``)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    number, written_unit = text[text.index(before) + len(before):].split()[:2]
    assert written_unit == unit, (number, written_unit)
    return float(number)


def test_the_wheel_carries_the_mit_licence_and_the_fonts_licences(wheel):
    """Issue 27: pyproject declares MIT and the fonts come under their own licences; the wheel's
    .dist-info/licenses/ holds each text (LICENSE and fonts/LICENSE-*.txt)."""
    with zipfile.ZipFile(wheel) as z:
        licences = {n.split(".dist-info/licenses/", 1)[1]: z.read(n) for n in z.namelist()
                    if ".dist-info/licenses/" in n}
        metadata = next(z.read(n).decode() for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        field_font = z.read("printkit/_data/fonts/PrintkitFieldSans.ttf")  # the text fields' font (issue 27)
    assert set(licences) == {"LICENSE", "fonts/LICENSE-Comfortaa-OFL.txt", "fonts/LICENSE-DejaVu.txt",
                             "fonts/LICENSE-PrintkitFieldSans-OFL.txt"}
    assert field_font == (ROOT / "fonts" / "PrintkitFieldSans.ttf").read_bytes()
    assert b"MIT License" in licences["LICENSE"] and b"the printkit authors" in licences["LICENSE"]
    assert licences["LICENSE"] == (ROOT / "LICENSE").read_bytes()
    assert "License-Expression: MIT" in metadata


def test_the_installed_package_runs_from_any_folder(venv, tmp_path):
    printkit, python = venv / "printkit", venv / "python"
    where = _run([python, "-c", "import printkit.core.resources as r; print(r.__file__); print(r.layouts_dir()); "
                  "print(r.fonts_dir()); import printkit.core.rules_docs as d; print(d.rules_dir())"],
                 cwd=tmp_path).stdout.split()
    assert all(Path(p).is_relative_to(venv.parent) for p in where), where
    assert [Path(p).name for p in where[1:]] == ["layouts", "fonts", "rules"]

    cache = tmp_path / "cache"  # an empty disk cache: what one install's whole kit takes in it
    listed = _run([printkit, "list"], cwd=tmp_path, XDG_CACHE_HOME=str(cache)).stdout
    assert "gemblo" in listed and "rollncook" in listed
    taken = _du_apparent(cache / "printkit") / 1e6
    documented = _readme_figure("One version's entries for the whole kit\ntake ", "MB")
    assert abs(taken - documented) <= 0.1 * taken, (taken, documented)  # README.md's figure, within 10%
    helped = _run([printkit, "--help"], cwd=tmp_path).stdout
    assert helped.startswith("Usage: printkit [OPTIONS] COMMAND [ARGS]...") and "score" in helped
    _run([printkit, "check"], cwd=tmp_path)  # every installed layout loads

    _run([printkit, "make", "all", "--seed", "7"], cwd=tmp_path)
    made = sorted(p.name for p in (tmp_path / "output").iterdir())
    assert "rollncook-sheet-seed7-a4.pdf" in made and "calibration-page-a4.pdf" in made

    # The example records, from the package: the checkout's examples/, byte for byte.
    _run([printkit, "examples"], cwd=tmp_path)
    copied = tmp_path / "printkit-examples"
    shipped = sorted(p.relative_to(ROOT / "examples") for p in (ROOT / "examples").rglob("*") if p.is_file())
    assert sorted(p.relative_to(copied) for p in copied.rglob("*") if p.is_file()) == shipped
    assert all((copied / p).read_bytes() == (ROOT / "examples" / p).read_bytes() for p in shipped)
    example = copied / "gimbap" / EXAMPLE.name
    scored = _run([printkit, "score", "gimbap", example], cwd=tmp_path).stdout
    assert "winner: Cy" in scored
    assert _run([printkit, "score", "gimbap", example], cwd=tmp_path).stdout == scored  # from the caches

    rules = _run([printkit, "rules", "gemblo"], cwd=tmp_path).stdout  # the text itself, from the package
    assert rules.startswith("# Gemblo\n") and "- **GEM-1 The board.** 463 cells" in rules
    assert "GEM-1  The board" in _run([printkit, "rules", "gemblo", "--ids"], cwd=tmp_path).stdout
    assert "GEM-1" in _run([printkit, "rules", "gemblo", "gem-1"], cwd=tmp_path).stdout

    # The same files, byte for byte, as the checkout makes: the same layouts, fonts and data.
    here = tmp_path / "checkout"
    _run([sys.executable, "-m", "printkit", "make", "all", "--seed", "7", "--out", here], cwd=ROOT,
         PYTHONPATH=str(ROOT))
    assert sorted(p.name for p in here.iterdir()) == made
    differ = [n for n in made if (here / n).read_bytes() != (tmp_path / "output" / n).read_bytes()]
    assert differ == []


def test_printkit_layouts_still_overrides_the_installed_layouts(venv, tmp_path):
    shown = _run([venv / "python", "-c", "import printkit.core.resources as r; print(r.layouts_dir())"],
                 cwd=tmp_path, PRINTKIT_LAYOUTS=str(tmp_path)).stdout.strip()
    assert Path(shown) == tmp_path


def test_the_installed_layouts_copy_checks_with_its_includes(venv, tmp_path):
    _run([venv / "printkit", "layouts", "copy", "mine"], cwd=tmp_path)
    copied = tmp_path / "mine"
    shipped = sorted(p.relative_to(ROOT / "layouts") for p in (ROOT / "layouts").rglob("*") if p.is_file())
    assert sorted(p.relative_to(copied) for p in copied.rglob("*") if p.is_file()) == shipped
    checked = _run([venv / "printkit", "check", "mine/gimbap/icons.yaml"], cwd=tmp_path, PRINTKIT_LAYOUTS="mine").stdout
    assert checked == "ok  mine/gimbap/icons.yaml  (a library: checked without drawing)\n"  # its ../common.yaml included


def test_the_installed_package_serves_the_shell_and_every_games_page(venv, tmp_path):
    """printkit serve from the wheel: the shell's files and each game's page.js ship in it."""
    code = (
        "import sys, warnings; warnings.simplefilter('ignore')\n"
        "from starlette.testclient import TestClient\n"
        "from printkit.core.registry import scorekeepers\n"
        "from printkit.web.app import create_app\n"
        "import printkit.web.app as a; assert a.__file__.startswith(sys.prefix), a.__file__\n"
        "c = TestClient(create_app('tables.sqlite3'), base_url='http://127.0.0.1:8765')\n"
        "paths = ['/', '/static/app.js', '/static/dom.js', '/static/home.js', '/static/app.css', '/history']\n"
        "paths += [f'/games/{g}/page.js' for g in scorekeepers()]\n"
        "for p in paths:\n"
        "    r = c.get(p); assert r.status_code == 200, (p, r.status_code); print(p)\n"
    )
    shown = _run([venv / "python", "-c", code], cwd=tmp_path).stdout.split()
    assert "/static/app.js" in shown and len(shown) >= 6
    assert "--lan" in _run([venv / "printkit", "serve", "--help"], cwd=tmp_path).stdout
