"""The one reader of the games' data files: checked models, ``FILE:LINE: key: problem`` errors."""

from __future__ import annotations

import importlib
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated

import pytest

from printkit.core import diskcache, yamlio
from printkit.core.content import read_content
from printkit.core.datamodel import DataModel, keyed
from printkit.errors import InputError, PrintkitError

GAMES_DIR = Path(__file__).resolve().parents[2] / "printkit" / "games"
#: Every game with a data file (found by its folder: this test names no game).
GAMES = sorted(p.parent.name for p in GAMES_DIR.glob("*/data.yaml"))


def content_module(game: str):
    return importlib.import_module(f"printkit.games.{game}.content")


def error_of(path: Path, model) -> InputError:
    with pytest.raises(InputError) as e:
        read_content(path, model)
    return e.value


def test_every_game_folder_with_data_is_found():
    assert len(GAMES) >= 5


@pytest.mark.parametrize("game", GAMES)
def test_each_games_data_loads(game, monkeypatch):
    monkeypatch.setenv("PRINTKIT_CACHE", "0")  # read and checked here, not taken from a cache
    mod = content_module(game)
    content = read_content(mod.DATA, mod.Content)
    # the game's own model, the same values whether read from the file or from the disk cache
    assert type(content) is mod.Content and isinstance(content, DataModel)
    assert isinstance(content.version, int)
    assert content == mod.CONTENT and repr(content) == repr(mod.CONTENT)


@pytest.mark.parametrize("game", GAMES)
def test_a_broken_data_file_names_file_line_and_key(game, tmp_path):
    mod = content_module(game)
    lines = mod.DATA.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("version:"))
    bad = tmp_path / "data.yaml"
    bad.write_text("\n".join(lines[:at] + ["version: one"] + lines[at + 1:]) + "\n", encoding="utf-8")
    e = error_of(bad, mod.Content)
    assert str(e) == f"{bad}:{at + 1}: version: expected a valid integer, unable to parse string as an integer"
    assert (e.file, e.line, e.where) == (str(bad), at + 1, "version")

    bad.write_text("\n".join(lines + ["bogus: 1"]) + "\n", encoding="utf-8")
    assert str(error_of(bad, mod.Content)) == f"{bad}:{len(lines) + 1}: bogus: unknown key"


# A made-up game's content: the reader knows no game, so a test model shows every case.

class Dish(DataModel):
    name: str
    value: int
    needs: tuple[str, ...] = ()


class Toy(DataModel):
    version: int
    foods: tuple[str, ...]
    dishes: Annotated[dict[str, Dish], keyed()]

    def problems(self) -> Iterator[tuple[tuple, str]]:
        for name, dish in self.dishes.items():
            for i, x in enumerate(dish.needs):
                if x not in self.foods:
                    yield ("dishes", name, "needs", i), f"unknown food {x!r}"


GOOD = """\
version: 1
foods: [egg, rice]
dishes:
  omelette: {value: 2, needs: [egg]}
  bowl:
    value: 1
    needs: [rice, egg]
"""


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "data.yaml"
    p.write_text(text, encoding="utf-8")
    return p


def test_a_good_file_becomes_frozen_models_with_their_keys_as_names(tmp_path):
    toy = read_content(write(tmp_path, GOOD), Toy)
    assert toy.dishes["bowl"] == Dish(name="bowl", value=1, needs=("rice", "egg"))
    assert list(toy.dishes) == ["omelette", "bowl"]
    with pytest.raises(ValueError):
        toy.version = 2


@pytest.mark.parametrize("old, new, expected", [
    ("    value: 1", "    value: many", "6: dishes.bowl.value: expected a valid integer"),
    ("    value: 1", "    valu: 1", "5: dishes.bowl.value: required key missing (and 1 more problem)"),
    ("foods: [egg, rice]", "foods: 3", "2: foods: expected a valid tuple"),
    ("    needs: [rice, egg]", "    needs: [rice, egg, ham]", "7: dishes.bowl.needs[2]: unknown food 'ham'"),
    ("[egg]}", "[toast]}", "4: dishes.omelette.needs[0]: unknown food 'toast'"),
    ("[rice, egg]", "[rice, jam, tea]", "7: dishes.bowl.needs[1]: unknown food 'jam' (and 1 more problem)"),
    ("  omelette: {value: 2,", "  omelette: {value: 2,,", "4: not valid YAML"),
])
def test_each_problem_is_file_line_key_and_what_is_wrong(tmp_path, old, new, expected):
    assert old in GOOD
    p = write(tmp_path, GOOD.replace(old, new))
    message = str(error_of(p, Toy))
    assert message.startswith(f"{p}:{expected}"), message


def test_the_top_must_be_a_mapping_and_the_file_must_be_readable(tmp_path):
    p = write(tmp_path, "- egg\n- rice\n")
    assert str(error_of(p, Toy)) == f"{p}:1: expected a mapping of keys at the top (such as version: 1)"
    assert "cannot read the file" in str(error_of(tmp_path / "missing.yaml", Toy))
    p.write_bytes(b"version: 1\nfoods: [\xff]\n")
    assert "not UTF-8 text" in str(error_of(p, Toy))


def test_files_in_the_project_are_named_from_its_folder():
    game = GAMES[0]
    mod = content_module(game)
    broken = type("Broken", (DataModel,), {"__annotations__": {"no_such_key": int}})
    e = error_of(mod.DATA, broken)
    assert e.file == f"printkit/games/{game}/data.yaml"


def test_input_error_is_the_one_class_for_files_people_write():
    e = InputError("a.yaml", "pages[0].size", "expected a number", 3)
    assert isinstance(e, PrintkitError)
    assert str(e) == "a.yaml:3: pages[0].size: expected a number"
    assert str(InputError("a.yaml", "", "the file is empty")) == "a.yaml: the file is empty"


# A data file parsed by an earlier run comes from the disk cache (printkit/core/yamlio.py's
# read_file, printkit/core/diskcache.py): the same content, checked again by its models.


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("PRINTKIT_CACHE", raising=False)
    yamlio._parsed.cache_clear()
    yield tmp_path / "xdg" / "printkit" / "parsed"
    yamlio._parsed.cache_clear()


def next_run(monkeypatch, parse_allowed: bool) -> None:
    """Forget what this process kept, as a new run would; with ``parse_allowed`` False, parsing
    a file's YAML fails the test."""
    monkeypatch.setattr(diskcache, "_hashes", {})
    yamlio._parsed.cache_clear()

    def refuse(*a, **k):
        raise AssertionError("the data file was parsed, not taken from the cache")
    monkeypatch.setattr(yamlio, "parse_text", PARSE if parse_allowed else refuse)


PARSE = yamlio.parse_text


@pytest.mark.parametrize("game", GAMES)
def test_a_games_content_from_the_disk_cache_is_the_same(game, cache_home, tmp_path, monkeypatch):
    mod = content_module(game)
    data = tmp_path / "data.yaml"
    shutil.copyfile(mod.DATA, data)
    first = read_content(data, mod.Content)
    [entry] = cache_home.glob("*/*.json")
    json.loads(diskcache.entry_body(entry.read_bytes()) or b"")  # plain data, its checksum right
    next_run(monkeypatch, parse_allowed=False)
    again = read_content(data, mod.Content)
    assert again is not first and type(again) is type(first) is mod.Content
    assert again == first == mod.CONTENT and repr(again) == repr(mod.CONTENT)


def test_content_is_read_again_when_the_file_changes(cache_home, tmp_path, monkeypatch):
    data = write(tmp_path, GOOD)
    assert read_content(data, Toy).version == 1
    next_run(monkeypatch, parse_allowed=False)
    assert read_content(data, Toy).version == 1  # from the cache
    data.write_text(GOOD.replace("version: 1", "version: 22"), encoding="utf-8")
    with pytest.raises(AssertionError, match="was parsed"):
        read_content(data, Toy)
    next_run(monkeypatch, parse_allowed=True)
    assert read_content(data, Toy).version == 22


def test_broken_content_fails_every_time_alike(cache_home, tmp_path, monkeypatch):
    data = write(tmp_path, GOOD.replace("[egg]}", "[toast]}"))
    errors = []
    for _ in range(2):  # parsed, then from the cache: checked again, the same message
        errors.append(str(error_of(data, Toy)))
        next_run(monkeypatch, parse_allowed=False)
    assert errors[0] == errors[1] and "4: dishes.omelette.needs[0]: unknown food 'toast'" in errors[0]
