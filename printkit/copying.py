"""Copies of shipped folders a user may keep and edit: ``printkit examples`` (the example records,
``examples/``) and ``printkit layouts copy`` (the whole ``layouts/`` tree, so that a layout's
``../common.yaml`` include resolves inside the copy and ``PRINTKIT_LAYOUTS=DIR`` can use it).

The files come from the checkout's folders, or the installed package's copies of them
(printkit.core.resources). Every file is checked before any is written, so a refused copy
writes nothing: a file the user changed is never written over (the copy says which, and how to
get a fresh one), nor is a folder, or anything reached through a symbolic link inside the copy.
A file already as shipped is left as it is; the others are written atomically (core/output.py).
"""

from __future__ import annotations

import os
from pathlib import Path

from printkit.core.output import prepare_folder, write_atomic
from printkit.errors import PrintkitError


def shipped_files(folder: Path) -> list[Path]:
    """Every file under ``folder``, relative to it, sorted; hidden files and caches left out (as
    setup.py ships them)."""
    if not folder.is_dir():
        raise PrintkitError(f"no folder {folder}: this printkit installation is incomplete "
                            "(reinstall it: see the README)")
    found = []
    for top, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        found += [Path(top, n).relative_to(folder) for n in sorted(names) if not n.startswith(".")]
    return sorted(found)


def _to_write(source: Path, dest: Path, relative: Path) -> bool:
    """Whether ``dest / relative`` must be written (missing, or a link); False when it already
    holds the shipped file; a PrintkitError when something the user has is in the way."""
    target = dest / relative
    for parent in reversed(relative.parents[:-1]):  # the folders inside the copy, outermost first
        if (dest / parent).is_symlink():
            raise PrintkitError(f"cannot write {target}: {dest / parent} is a symbolic link "
                                "(printkit writes nothing through one); remove it or choose another folder")
        if (dest / parent).exists() and not (dest / parent).is_dir():
            raise PrintkitError(f"cannot write {target}: {dest / parent} is a file, where a folder is "
                                "needed; remove it or choose another folder")
    if target.is_symlink():
        return True  # write_atomic replaces the link itself, never what it points to
    if target.is_dir():
        raise PrintkitError(f"cannot write {target}: a folder of that name is in the way; "
                            "remove it or choose another folder")
    if not target.exists():
        return True
    try:
        same = target.read_bytes() == (source / relative).read_bytes()
    except OSError as e:
        raise PrintkitError(f"cannot read {target}: {e.strerror}") from None
    if not same:
        raise PrintkitError(f"{target} differs from the file printkit ships (your changes?): nothing "
                            "was written; remove it to get a fresh copy, or choose another folder")
    return False


def copy_tree(source: Path, dest: Path) -> tuple[list[Path], int]:
    """Copy every file of ``source`` into ``dest`` under the same relative path: the paths written
    and the number of files already there as shipped. Nothing is written unless all can be."""
    files = shipped_files(source)
    prepare_folder(dest)
    todo = [f for f in files if _to_write(source, dest, f)]
    written = []
    for relative in todo:
        target = dest / relative
        prepare_folder(target.parent)
        write_atomic(target, (source / relative).read_bytes())
        written.append(target)
    return written, len(files) - len(todo)


def summary(written: list[Path], kept: int, dest: Path, what: str) -> list[str]:
    """The lines a copy prints: each path written, then what is in ``dest``.

    >>> summary([Path("d/a.yaml")], 2, Path("d"), "example records")
    ['d/a.yaml', '3 example records in d (1 written, 2 already there as shipped)']
    """
    lines = [str(p) for p in written]
    lines.append(f"{len(written) + kept} {what} in {dest} ({len(written)} written, {kept} already there as shipped)")
    return lines
