"""The build step pyproject.toml cannot say: the checkout's top-level folders go into the package.

``layouts/``, ``fonts/``, ``docs/rules/`` and ``examples/`` are the source, kept beside the
package in the repo (designers and rule writers edit them there). A wheel, ``pip install .`` and ``pipx install .``
copy them into ``printkit/_data/`` (``printkit/_data/layouts/...``, ``printkit/_data/docs/rules/...``),
where printkit.core.resources finds them when there is no checkout around the package. An
editable install (``pip install -e .``) copies nothing: it reads the checkout's folders.

They are added to build_py's data files, so building, the wheel's file list and the sdist
(which carries them for a wheel built from it) all see them, like any package data.
"""

from __future__ import annotations

import os
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py

#: The checkout's folders shipped in the package, as paths relative to the project root; each one
#: lands at the same relative path under printkit/_data/.
SHIPPED = ("layouts", "fonts", os.path.join("docs", "rules"), "examples")
PACKAGE = "printkit._data"


def _files(folder: str) -> list[str]:
    """Every file under ``folder``, relative to the project root, sorted (caches left out)."""
    found = []
    for top, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        found += [os.path.join(top, n) for n in sorted(names) if not n.startswith(".")]
    return found


class build_py_with_data(build_py):
    """build_py that also copies SHIPPED into printkit/_data/ (a fresh copy: none left from before)."""

    def _shipped(self) -> list[tuple[str, str, str, list[str]]]:
        missing = [f for f in SHIPPED if not os.path.isdir(f)]
        if missing:
            raise SystemExit(f"printkit: cannot build without {', '.join(missing)} (run from the project root)")
        files = [f for folder in SHIPPED for f in _files(folder)]
        return [(PACKAGE, "", os.path.join(self.build_lib, *PACKAGE.split(".")), files)]

    def _get_data_files(self):
        return super()._get_data_files() + self._shipped()

    def get_data_files_without_manifest(self):
        return super().get_data_files_without_manifest() + self._shipped()

    def run(self):
        if not self.editable_mode:
            # A file deleted from layouts/ must not survive in an old build/ folder's copy.
            shutil.rmtree(os.path.join(self.build_lib, *PACKAGE.split(".")), ignore_errors=True)
        super().run()


setup(cmdclass={"build_py": build_py_with_data})
