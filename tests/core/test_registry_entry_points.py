"""Installed games (entry points of the group printkit.games): importlib.metadata is asked only
when some distribution on the path might declare one (printkit/core/registry.py)."""

from __future__ import annotations

import sys
import zipfile
from importlib.metadata import entry_points

from printkit.core import registry

ENTRY = "[printkit.games]\ntoy = printkit_toy_game_pkg.game\n"


def fake_dist(folder, name: str = "printkit_toy-1.0.dist-info", text: str = ENTRY) -> None:
    dist = folder / name
    dist.mkdir()
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name.split('-')[0]}\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(text)


def test_it_agrees_with_importlib_metadata_on_this_path():
    declared = [ep.value for ep in entry_points(group=registry.GROUP)]
    assert registry._may_declare(registry.GROUP) or declared == []
    # a group that installed packages do declare (pip's, pytest's scripts) is seen
    assert entry_points(group="console_scripts") and registry._may_declare("console_scripts")


def test_a_distribution_offering_a_game_is_found_and_loaded_by_name(tmp_path, monkeypatch):
    assert registry._may_declare(registry.GROUP) is bool(entry_points(group=registry.GROUP))
    fake_dist(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    assert registry._may_declare(registry.GROUP)
    assert "printkit_toy_game_pkg.game" in registry.game_modules()
    assert "printkit_toy_game_pkg.game" not in registry.game_modules(installed=False)


def test_an_egg_info_folder_counts_too(tmp_path, monkeypatch):
    fake_dist(tmp_path, "Printkit_Toy.EGG-INFO")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert registry._may_declare(registry.GROUP)


def test_other_groups_alone_do_not_count(tmp_path, monkeypatch):
    fake_dist(tmp_path, text="[console_scripts]\ntoy = toy:main\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert registry._may_declare(registry.GROUP) is bool(entry_points(group=registry.GROUP))


def test_what_it_cannot_look_into_is_left_to_importlib_metadata(tmp_path, monkeypatch):
    archive = tmp_path / "dists.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("printkit_toy-1.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: printkit_toy\nVersion: 1.0\n")
        z.writestr("printkit_toy-1.0.dist-info/entry_points.txt", ENTRY)
    monkeypatch.syspath_prepend(str(archive))
    assert registry._may_declare(registry.GROUP)
    assert "printkit_toy_game_pkg.game" in registry.game_modules()
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p != str(archive)])

    class Finder:
        @staticmethod
        def find_distributions(context=None):
            return iter(())

    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, Finder])
    assert registry._may_declare(registry.GROUP)
