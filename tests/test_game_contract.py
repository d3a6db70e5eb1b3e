"""The game contract, checked on every registered game (issue 24, in the spirit of OpenSpiel's
``test_game_sim``): a new game in ``printkit/games/`` is tested by this file without being named.

For each game the registry finds (and the test-only Nim, tests/toygame, registered as the other
tests register it):

- random playthroughs (seeded) through ``legal_moves`` where the game lists them: every move
  listed is legal (applying it breaks no rule), and ``copy()`` is undo (a move applied to a copy
  leaves the original's observable state as it was);
- the record of a playthrough, scored by ``printkit score GAME FILE --json``, is what the core's
  replay and the State driven move by move say;
- every rule id the game's code cites is defined in the game's own rules doc (the prefixes are
  found in that doc and in the code, not listed here);
- its layouts pass ``printkit check``, drawn by its components.

A playthrough starts from each of the game's example records (``examples/GAME/*.yaml``) after a
random number of its moves, and from the game's scorekeeper's default table where the setup
needs no answer (Nim). Where the game's moves are one list of its record (Nim's takes, Gemblo's
moves), the moves played at random are written into the record that is scored; otherwise the
example itself is.
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, get_args, get_origin

import pytest
from printkit.core import registry, rules_docs
from printkit.core.game import Game, GameState, replay
from printkit.core.yamlio import parse_text

ROOT = Path(__file__).resolve().parents[1]
#: The test-only game, registered as the other tests register it (PRINTKIT_GAMES, or importing it).
TOY = "tests.toygame"
ENV = {**os.environ, "PRINTKIT_GAMES": TOY, "PYTHONPATH": str(ROOT)}
SEEDS = (1, 2, 3)
#: Moves played at random after a start: enough to cross a few turns of every player.
MOVES = 12
#: Legal moves checked one by one (on copies) at each step.
CHECKED = 3
#: A rule id as the code cites it: capitals, a hyphen, a number.
RULE_ID = re.compile(r"\b([A-Z]{2,4})-\d+\b")


@contextmanager
def toy_registered() -> Iterator[None]:
    """The registry with the test-only game in it, restored afterwards (as tests/web's ``nim``)."""
    registry.scorekeepers()  # the package's own games first
    saved = ({k: dict(v) for k, v in registry._COMPONENTS.items()}, registry._SCORERS.copy(),
             registry._SCOREKEEPERS.copy())
    import tests.toygame.state
    import tests.toygame.web

    registry.register_game(tests.toygame.state.NIM)
    registry.register_scorekeeper(tests.toygame.web.KEEPER)
    try:
        yield
    finally:
        for live, old in zip((registry._COMPONENTS, registry._SCORERS, registry._SCOREKEEPERS), saved, strict=True):
            live.clear()
            live.update(old)  # type: ignore[attr-defined]


def _names() -> tuple[list[str], list[str]]:
    with toy_registered():
        import tests.toygame

        scored = sorted(registry.scorers())
        made = sorted({*registry.games(), tests.toygame.GAME})
    return scored, made


SCORED, MADE = _names()


def test_the_registry_finds_every_game_folder_and_the_toy():
    import tests.toygame.state
    import tests.toygame.web

    folders = {p.name for p in (ROOT / "printkit" / "games").iterdir() if (p / "__init__.py").is_file()}
    assert tests.toygame.GAME in SCORED and tests.toygame.GAME in MADE
    assert folders <= set(MADE) | set(SCORED)
    assert len(SCORED) >= 2


# -- what a game is made of ----------------------------------------------------------------------

def game_of(name: str) -> Game:
    with toy_registered():
        keeper = registry.scorekeepers().get(name)
        if keeper is not None:
            return keeper.game
        scorer = registry.scorers()[name]
        return scorer.score.func.args[0]  # type: ignore[attr-defined]  # the partial(replay, game)


def folder_of(name: str) -> Path:
    """The folder of the package that registers ``name``: the module its record model lives in."""
    with toy_registered():
        model = registry.scorers()[name].model if name in registry.scorers() else None
        module = model.__module__ if model is not None else f"printkit.games.{name}"
    import importlib

    for mod in registry.game_modules() + [TOY]:
        if module == mod or module.startswith(mod + "."):
            file = importlib.import_module(mod).__file__
            assert file is not None
            return Path(file).parent
    raise AssertionError(f"{name}: no game module holds {module}")


def observed(state: GameState) -> Any:
    """What a State shows of itself: whose move, whether over, standings, JSON extras, notes,
    the story and the end-of-record checks (a deep copy, so later changes cannot reach it)."""
    return copy.deepcopy((state.to_move, state.is_over, [(p.name, p.total, p.breakdown) for p in state.standings()],
                          state.extra(), state.notes(), state.details(), state.finish()))


def dump(move: Any) -> dict[str, Any]:
    return move.model_dump(mode="json", by_alias=True, exclude_none=True)


def moves_field(model: Any, move: Any) -> str | None:
    """The record field that is a list of moves like ``move`` (by its alias), if there is one."""
    found = [f.alias or n for n, f in getattr(model, "model_fields", {}).items()
             if get_origin(f.annotation) is list and get_args(f.annotation)
             and isinstance(get_args(f.annotation)[0], type) and isinstance(move, get_args(f.annotation)[0])]
    return found[0] if len(found) == 1 else None


def load(path: Path) -> Any:
    """A record file read as printkit reads it (YAML 1.2: ``yes`` is a string)."""
    return parse_text(path.read_text(encoding="utf-8"))[0]


def starts(name: str, game: Game) -> list[tuple[str, list[dict[str, Any]]]]:
    """(label, record documents) a playthrough may start from: each example record, and the
    scorekeeper's default table where its setup has a default for everything."""
    out = []
    for path in sorted((ROOT / "examples" / name).glob("*.yaml")):
        out.append((path.name, [load(path)]))
    with toy_registered():
        keeper = registry.scorekeepers().get(name)
        if keeper is not None:
            try:
                setup = keeper.setup()
            except ValueError:  # pydantic's ValidationError: the setup needs answers (players ...)
                setup = None
            if setup is not None:
                out.append(("default table", keeper.records(setup, [])))
    return out


def play(game: Game, docs: list[dict[str, Any]], rng: random.Random) -> tuple[GameState, list[dict[str, Any]] | None]:
    """Replay a random number of the record's own moves, then up to MOVES moves chosen at random
    from ``legal_moves`` while the game lists them, checking each step. The State reached, and
    the record documents of exactly that play (None where the moves cannot be written back:
    the game's moves are not one list of the record)."""
    recs = [game.model.model_validate(d) for d in docs]
    steps = list(game.moves(recs))
    flat = not game.multi and all(len(p) == 2 and p[1] == i for i, (_, p, _) in enumerate(steps)) \
        and len({p[0] for _, p, _ in steps}) <= 1
    k = rng.randint(0, len(steps))
    state = game.start(recs)
    for _, _, move in steps[:k]:
        state.apply(move)
    played: list[Any] = []
    for _ in range(MOVES):
        legal = state.legal_moves()
        if legal is None:
            break
        legal = list(legal)
        if not legal:
            assert state.to_move is None or state.is_over, "nothing is legal, yet someone is to move"
            break
        before = observed(state)
        for move in rng.sample(legal, min(CHECKED, len(legal))):
            other = state.copy()
            assert other.apply(move) == [], f"a move legal_moves() lists breaks a rule: {move!r}"
            assert observed(state) == before, "a move applied to a copy changed the original: copy() is not undo"
        move = rng.choice(legal)
        assert state.apply(move) == [], f"a move legal_moves() lists breaks a rule: {move!r}"
        played.append(move)
    if not played:
        return state, _cut(docs, steps, k) if flat else docs if k == len(steps) else None
    field = moves_field(game.model, played[0])
    known = {p[0] for _, p, _ in steps}
    if not flat or field is None or not known <= {field}:
        return state, None
    return state, _cut(docs, steps, k, field, [dump(m) for m in played])


def _cut(docs: list[dict[str, Any]], steps: list, k: int, field: str | None = None,
         more: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """The single record document with its first ``k`` moves, then ``more``."""
    (doc,) = docs
    field = field or (steps[0][1][0] if steps else None)
    if field is None:
        return docs
    return [{**doc, field: list(doc.get(field) or [])[:k] + (more or [])}]


def score_cli(name: str, file: Path) -> tuple[int, dict[str, Any]]:
    """``printkit score NAME FILE --json``, the command a user runs, in process (typer's CliRunner,
    with the test-only game registered as above): the same command and output, without a new
    Python for each of the ~13 records (~0.17 s of CPU each). The command as a process, and
    PRINTKIT_GAMES naming the toy game, are tests/test_cli.py's and tests/test_toygame.py's."""
    from tests.conftest import run_cli

    with toy_registered():
        r = run_cli("score", name, str(file), "--json")
    assert r.exit_code in (0, 1), (r.output, r.exception)
    return r.exit_code, json.loads(r.stdout)


def without_lines(report: dict[str, Any]) -> dict[str, Any]:
    """A report's JSON without where the violations are in a file (the core's replay here
    reads no file)."""
    return {**report, "violations": [{k: v for k, v in x.items() if k not in ("file", "line")}
                                     for x in report["violations"]]}


@pytest.mark.parametrize("name", SCORED)
def test_random_playthroughs_are_legal_undoable_and_score_as_replayed(name, tmp_path):
    game = game_of(name)
    found = starts(name, game)
    assert found, f"{name}: no example record (examples/{name}/*.yaml) and no default table to start from"
    scored = 0
    for seed in SEEDS:
        rng = random.Random(f"{name}-{seed}")
        label, docs = found[seed % len(found)]
        state, played = play(game, docs, rng)
        if played is None:  # what was played cannot be written as a record: score the example itself
            played, state = docs, game.start([game.model.model_validate(d) for d in docs])
            for _, _, move in game.moves([game.model.model_validate(d) for d in docs]):
                state.apply(move)
        recs = [game.model.model_validate(d) for d in played]
        ours = replay(game, [(f"{label}-{i}", r, {}) for i, r in enumerate(recs)])
        # the State driven here and the core's replay of the record agree ...
        assert [(p.name, p.total, p.breakdown) for p in ours.players] == \
            [(p.name, p.total, p.breakdown) for p in state.standings()]
        assert ours.unfinished == (not state.is_over)
        if game.multi:
            continue  # (scored by `printkit score` below from the example files themselves)
        (doc,) = played
        file = tmp_path / f"{name}-{seed}.json"
        file.write_text(json.dumps(doc, indent=1), encoding="utf-8")
        # ... and so does `printkit score`, exit code included
        code, out = score_cli(name, file)
        assert code == (0 if ours.valid else 1)
        assert without_lines(out) == without_lines(json.loads(ours.dumps()))
        scored += 1
    if game.multi:
        files = sorted((ROOT / "examples" / name).glob("*.yaml"))
        code, out = score_cli(name, files[0])
        recs = [game.model.model_validate(load(files[0]))]
        ours = replay(game, [(str(files[0]), recs[0], {})])
        assert without_lines(out) == without_lines(json.loads(ours.dumps()))
        scored += 1
    assert scored, f"{name}: no playthrough was scored"


# -- rule ids ------------------------------------------------------------------------------------

def rules_doc(name: str) -> Path:
    """The game's rules doc: docs/rules/GAME.md, or for a game kept outside the package (the
    test-only Nim) GAME.md in a rules/ folder beside its own (tests/rules/nim.md, which goes to
    docs/rules/ when the game moves into the package)."""
    doc = rules_docs.rules_dir() / f"{name}.md"
    if doc.is_file() or folder_of(name).is_relative_to(ROOT / "printkit"):
        return doc
    return folder_of(name).parent / "rules" / f"{name}.md"


def cited(folder: Path, prefixes: set[str]) -> dict[str, set[str]]:
    """Every id with one of ``prefixes`` the code in ``folder`` cites, with the files citing it."""
    found: dict[str, set[str]] = {}
    for path in sorted(folder.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for m in RULE_ID.finditer(text):
            if m[1] in prefixes:
                found.setdefault(m[0], set()).add(path.name)
    return found


@pytest.mark.parametrize("name", SCORED)
def test_every_rule_id_the_code_cites_is_defined_in_the_games_rules_doc(name):
    doc = rules_doc(name)
    assert doc.is_file(), f"{name}: no rules doc at {doc.relative_to(ROOT)}"
    book = rules_docs.parse(doc)
    assert book.rules, f"{doc}: defines no rule"
    folder = folder_of(name)
    # the prefixes: the doc's own, and any a string of the code uses as a rule ("XY-1")
    prefixes = {rid.split("-")[0] for rid in book.rules}
    prefixes |= {m for path in folder.rglob("*.py")
                 for m in re.findall(r"""["']([A-Z]{2,4})-\d+["']""", path.read_text(encoding="utf-8"))}
    ids = cited(folder, prefixes)
    assert ids, f"{name}: the code cites no rule id"
    missing = {rid: sorted(files) for rid, files in ids.items() if rid not in book.rules}
    assert missing == {}, f"cited in {folder.relative_to(ROOT)} but not defined in {doc.relative_to(ROOT)}"


def test_the_rule_id_scan_can_fail(tmp_path):
    (tmp_path / "state.py").write_text('Violation(where, "ZZ-4", "x")  # ZZ-1, ZZ-9\n')
    assert cited(tmp_path, {"ZZ"}) == {"ZZ-4": {"state.py"}, "ZZ-1": {"state.py"}, "ZZ-9": {"state.py"}}


# -- layouts -------------------------------------------------------------------------------------

def layouts_of(name: str) -> list[Path]:
    """The game's layout files: layouts/GAME/ and a layouts/ folder in its own package."""
    from printkit.core.resources import layouts_dir

    own = folder_of(name) / "layouts" if name in SCORED else None
    return sorted((layouts_dir() / name).rglob("*.yaml")) + (sorted(own.rglob("*.yaml")) if own else [])


@pytest.fixture(scope="module")
def checked() -> dict[str, str]:
    """``printkit check`` of every game's layout files, once: file -> how it was checked."""
    files = [p for name in MADE for p in layouts_of(name)]
    inside = [p for p in files if p.is_relative_to(ROOT / "layouts")]
    # the layouts folder's files first: checking one draws every component of every game
    r = subprocess.run([sys.executable, "-m", "printkit", "check", *map(str, inside),
                        *map(str, [p for p in files if p not in inside])],
                       capture_output=True, text=True, env=ENV, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr
    out = {}
    for line in r.stdout.splitlines():
        m = re.match(r"ok  (.+?)  \((.*)\)$", line)
        assert m, line
        out[str(Path(m[1]).resolve())] = m[2]
    return out


@pytest.mark.parametrize("name", MADE)
def test_its_layouts_pass_check_drawn_by_its_components(name, checked):
    files = layouts_of(name)
    assert files, f"{name}: no layout file in layouts/{name}/ or its folder's layouts/"
    how = [checked[str(p.resolve())] for p in files]
    assert any(h.startswith("drawn by ") and f"{name} " in h for h in how), how
