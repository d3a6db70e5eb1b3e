"""What exists: the components ``printkit make`` makes, the games ``printkit score`` replays,
the solvers ``printkit solve`` and the simulators ``printkit simulate`` run.

A game registers each piece when its package is imported, naming the code that does the work
as ``"module:attribute"`` (:func:`lazy` for a component's ``build``, a string for its rules,
form reader and scorekeeper): that code is imported on first use, so a command imports only the
game and the parts it needs (issue 16). Registering the objects themselves still works.
Games are found, not listed: every package in ``printkit/games/``, every module named by the
``printkit.games`` entry point group of an installed distribution, and every module named in
the ``PRINTKIT_GAMES`` environment variable (comma-separated, for a game kept outside the
package). Nothing here names a game.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from printkit.core.limits import MAX_DIGITS
from printkit.core.units import parse_length
from printkit.errors import PrintkitError

if TYPE_CHECKING:  # the registry is read by every command: what games register loads on first use
    from pydantic import BaseModel

    from printkit.core.draw.ops import Document
    from printkit.core.draw.page import PrintOptions
    from printkit.core.forms import FormReader
    from printkit.core.game import Game
    from printkit.core.score import Report
    from printkit.core.table import Scorekeeper

T = TypeVar("T")
G = TypeVar("G", "Game", str)
R = TypeVar("R", "FormReader", str)
K = TypeVar("K", "Scorekeeper", str)


class Ref:
    """A ``"module:attribute"`` named when a game registers and imported on first use, so that
    ``printkit score GAME``, ``list`` and ``--help`` import no drawing and no other game.
    ``make`` turns the attribute into what is registered (a Game into its Scorer)."""

    def __init__(self, target: str, make: Callable[[Any], Any] | None = None) -> None:
        if ":" not in target:
            raise ValueError(f"expected 'module:attribute', got {target!r}")
        self.target = target
        self._make = make
        self._value: Any = None
        self._loaded = False

    def load(self) -> Any:
        if not self._loaded:
            try:
                self._value = self._import()
            except Exception as e:  # a game from outside printkit: its code, one line naming it
                if self.target.startswith("printkit.") or isinstance(e, PrintkitError):
                    raise
                raise PrintkitError(f"{self.target!r} (registered by a game module named by PRINTKIT_GAMES "
                                    f"or an entry point): {_one_line(e)}") from None
            self._loaded = True
        return self._value

    def _import(self) -> Any:
        module, _, attr = self.target.partition(":")
        value: Any = importlib.import_module(module)
        for part in attr.split("."):
            value = getattr(value, part)
        return self._make(value) if self._make else value

    def __repr__(self) -> str:
        return f"Ref({self.target!r})"


def lazy(target: str) -> Callable[..., Any]:
    """The function ``"module:function"``, imported when first called (a component's ``build``)."""
    ref = Ref(target)

    def call(*args: Any, **kwargs: Any) -> Any:
        return ref.load()(*args, **kwargs)

    call.__qualname__ = call.__name__ = target
    return call


class Entries(Mapping[str, T], Generic[T]):
    """A view of one registry: names are known at once, an entry registered as a :class:`Ref`
    is imported when it is looked up (and then kept in the registry)."""

    def __init__(self, store: dict[str, Any], complete: Callable[[], None] | None = None) -> None:
        self._store = store
        #: Finds the games not looked at yet (installed ones): run when a name is not here or
        #: every name is asked for.
        self._complete = complete

    def _all(self) -> dict[str, Any]:
        if self._complete is not None:
            self._complete()
            self._complete = None
        return self._store

    def __getitem__(self, name: str) -> T:
        store = self._store if name in self._store else self._all()
        value = store[name]
        if isinstance(value, Ref):
            value = store[name] = value.load()
        return value

    def __contains__(self, name: object) -> bool:
        return name in self._store or name in self._all()

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


@dataclass(frozen=True)
class Setting:
    """A component's own setting (``--set NAME=VALUE``), typed: ``parse`` turns the text typed
    into the value ``build`` gets, or raises ValueError saying what is expected."""

    #: The setting as typed by default ("20mm", "no", "1").
    default: str
    help: str
    parse: Callable[[str], Any] = str

    @property
    def value(self) -> Any:
        return self.parse(self.default)


def length_between(lo: float, hi: float, what: str = "") -> Callable[[str], float]:
    """A parser of lengths in mm (``12``, ``25mm``, ``1in``) from ``lo`` to ``hi``.

    >>> length_between(12, 28)("2cm")
    20.0
    """
    def parse(text: str) -> float:
        if not text.isascii():  # digits 0-9 only, as every number typed (whole_number)
            raise ValueError(f"expected a length such as 12mm in the digits 0-9, got {_shown(text)}")
        v = parse_length(text)
        if not lo <= v <= hi:
            raise ValueError(f"{what or 'it'} must be {lo:g} to {hi:g} mm, got {v:g} mm")
        return v

    return parse


def whole_number(text: str) -> int:
    """A whole number as typed in an option or a setting: the ASCII digits 0-9, a minus sign
    before them at most, no more than MAX_DIGITS of them. Nothing else, though Python's ``int``
    takes it: no space, ``+`` or ``_``, no digits of another script (``３``, ``٣``, ``३``).

    >>> whole_number("30"), whole_number("-2")
    (30, -2)
    >>> whole_number("٣")
    Traceback (most recent call last):
    ...
    ValueError: expected a whole number in the digits 0-9, got '٣'
    """
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > MAX_DIGITS:
        raise ValueError(f"expected a whole number in the digits 0-9, got {_shown(text)}")
    return int(text)


def decimal_number(text: str) -> float:
    """A number with a fraction, as typed: :func:`whole_number`'s rule, with one ``.`` at most.

    >>> decimal_number("0.5"), decimal_number("-1"), decimal_number(".25")
    (0.5, -1.0, 0.25)
    >>> decimal_number("1e3")
    Traceback (most recent call last):
    ...
    ValueError: expected a number in the digits 0-9 (such as 0.5), got '1e3'
    """
    whole, _, fraction = (text[1:] if text.startswith("-") else text).partition(".")
    parts_ok = all(p == "" or (p.isascii() and p.isdigit()) for p in (whole, fraction))
    if not (parts_ok and (whole or fraction)) or len(whole + fraction) > MAX_DIGITS:
        raise ValueError(f"expected a number in the digits 0-9 (such as 0.5), got {_shown(text)}")
    return float(text)


def _shown(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:40] + "...")


def whole_between(lo: int, hi: int, what: str = "") -> Callable[[str], int]:
    """A parser of whole numbers (:func:`whole_number`) from ``lo`` to ``hi``."""
    def parse(text: str) -> int:
        try:
            n = whole_number(text)
        except ValueError:
            raise ValueError(f"{lo} to {hi} {what}, got {_shown(text)}") from None
        if not lo <= n <= hi:
            raise ValueError(f"{lo} to {hi} {what}, got {text!r}")
        return n

    return parse


def yes_no(text: str) -> bool:
    """``yes``/``no`` (also true/false, on/off, 1/0)."""
    word = str(text).lower()
    if word in ("yes", "true", "1", "on"):
        return True
    if word in ("no", "false", "0", "off"):
        return False
    raise ValueError(f"expected yes or no, got {text!r}")


@dataclass(frozen=True)
class Component:
    """A thing ``printkit make`` makes: its game, name and description, and ``build``, which draws it."""

    game: str
    name: str
    description: str
    build: Callable[..., Document]
    #: Whether a seed changes what is printed (then it is part of the file name).
    seeded: bool = False
    #: Settings ``--set NAME=VALUE`` may change. ``build`` (and ``dump``) get each one's
    #: parsed value as a keyword argument, only when it is set.
    settings: dict[str, Setting] = field(default_factory=dict)
    #: For ``--format json``: the component's contents as data (same arguments as ``build``).
    dump: Callable[..., dict] | None = None
    #: What a player handles of it, for ``--format cards`` and ``tts`` (printkit/core/export):
    #: ``card``, ``tile``, ``token``, ``piece``, ``die``, ``board``, ``sheet``, ``pad`` or ``aid``;
    #: "" for what is not part of a game (the printer check).
    kind: str = ""
    #: On paper, this component is printed on the sheets of the component of this name (the
    #: same game), after its own cards: ``make all`` and ``make GAME`` make that one only, and
    #: ``printkit list`` counts its paper there. Named alone (``make GAME NAME``), or as items
    #: (``--format cards``, ``tts``), it is made on its own. "" for a component of its own.
    printed_with: str = ""

    def options(self, texts: dict[str, str], flags: dict[str, str] | None = None) -> dict[str, Any]:
        """The settings typed (``--set``) that are this component's, parsed once: a setting
        that cannot be read is a PrintkitError naming it as typed (``flags``: a setting's
        name to the option that set it, such as ``count`` to ``--count``)."""
        out = {}
        for name, text in texts.items():
            if name in self.settings:
                try:
                    out[name] = self.settings[name].parse(text)
                except ValueError as e:
                    flag = (flags or {}).get(name) or f"--set {name.replace('_', '-')}"
                    raise PrintkitError(f"{flag}: {e}") from None
        return out

    def file_suffix(self, values: dict[str, Any]) -> str:
        """What the file name says of the settings changed from their defaults, in the order
        they are declared: ``-count30``, ``-edge25``, ``-hex-size18-coords``. Every setting
        changes what is made, so two settings' files never overwrite each other."""
        return "".join(_name_part(n, values[n]) for n in self.settings
                       if n in values and values[n] != self.settings[n].value)


def _name_part(name: str, value: Any) -> str:
    """``-count30``, ``-edge25``, ``-coords`` / ``-nocoords`` (yes/no settings)."""
    name = name.replace("_", "-")
    if isinstance(value, bool):
        return f"-{name}" if value else f"-no{name}"
    text = f"{value + 0.0:.10g}" if isinstance(value, float) else str(value)
    return f"-{name}" + re.sub(r"[^A-Za-z0-9.,+-]", "_", text)


@dataclass(frozen=True)
class Scorer:
    """How ``printkit score`` reads a game's records (``record``) and scores them (``score``)."""

    game: str
    #: The record model, or its ``"module:Model"`` name (imported when first needed: :attr:`model`).
    record: type[BaseModel] | str
    #: Scores the records read from files: [(file name, record, key-path-to-line table)].
    score: Callable[[list[tuple[str, Any, dict]]], Report]
    #: Whether several files are scored together (one record per player).
    multi: bool = False
    #: The game's name as players write it ("Trick Taker"), for messages.
    title: str = ""

    @property
    def model(self) -> type[BaseModel]:
        """The record model (imported on first use if :attr:`record` names it)."""
        from printkit.core.game import resolve

        return resolve(self.record)

    def run(self, records: list[tuple[str, Any, dict]]) -> Report:
        """Score ``records`` and give every violation its file and line."""
        from printkit.core.score import locate

        return locate(self.score(records), records)


@dataclass(frozen=True)
class SolveResult:
    """What a solver or a simulator found: in words (``text``), as data, and the files it wrote."""

    text: str
    data: dict[str, Any]
    written: list[Path] = field(default_factory=list)


@dataclass(frozen=True)
class Solver:
    """``printkit solve GAME``: its usage line and the function that solves."""

    game: str
    usage: str
    solve: Callable[[list[str], Path | None, PrintOptions], SolveResult]


@dataclass(frozen=True)
class Simulator:
    """``printkit simulate GAME``: the function that plays games and sums them up."""

    game: str
    #: (first seed, games a seed, how many seeds) -> the result in words and as data.
    simulate: Callable[[int, int, int], SolveResult]


@dataclass(frozen=True)
class PhotoReader:
    """``printkit scan GAME``: reads photographed paper sheets back (the ``scan`` extra)."""

    game: str
    #: (photos, the sheet's seed or None, accept the uncertain reads) -> what was read: its
    #: ``text``, ``data`` (for --json), ``records`` (FormRecords, for --as-record), ``exit_code``.
    scan: Callable[[list[str], int | None, bool], Any]


_COMPONENTS: dict[str, dict[str, Component]] = {}
# name -> the entry, or a Ref to it imported when first looked up (see Entries)
_SCORERS: dict[str, Scorer | Ref] = {}
_SOLVERS: dict[str, Solver] = {}
_SIMULATORS: dict[str, Simulator] = {}
_PHOTO_READERS: dict[str, PhotoReader] = {}
_SCOREKEEPERS: dict[str, Scorekeeper | Ref] = {}
_FORM_READERS: dict[str, FormReader | Ref] = {}


def register(component: Component) -> Component:
    _registrations[0] += 1
    _COMPONENTS.setdefault(component.game, {})[component.name] = component
    return component


def register_scorer(scorer: Scorer) -> Scorer:
    _registrations[0] += 1
    _SCORERS[scorer.game] = scorer
    return scorer


def _game_scorer(game: Game) -> Scorer:
    from functools import partial

    from printkit.core.game import replay

    return Scorer(game.name, game.record, partial(replay, game), multi=game.multi, title=game.title)


def _named(name: str, what: str) -> Callable[[Any], Any]:
    """Check that what a Ref loads is registered under the name it was given."""
    def check(value: Any) -> Any:
        got = value.game.name if what == "scorekeeper" else value.name if what == "game" else value.game
        if got != name:
            raise PrintkitError(f"{what} registered as {name!r} is {got!r}")
        return value

    return check


def register_game(game: G, name: str = "") -> G:
    """A game's rules (printkit.core.game): ``printkit score`` replays records on its State.
    ``game`` is the Game, or ``"module:GAME"`` with the game's ``name``: imported when scored."""
    _registrations[0] += 1
    if isinstance(game, str):
        check = _named(name, "game")
        _SCORERS[name] = Ref(game, lambda g: _game_scorer(check(g)))
    else:
        register_scorer(_game_scorer(game))
    return game


def register_solver(solver: Solver) -> Solver:
    _registrations[0] += 1
    _SOLVERS[solver.game] = solver
    return solver


def register_simulator(simulator: Simulator) -> Simulator:
    _registrations[0] += 1
    _SIMULATORS[simulator.game] = simulator
    return simulator


def register_photo_reader(reader: PhotoReader) -> PhotoReader:
    _registrations[0] += 1
    _PHOTO_READERS[reader.game] = reader
    return reader


def register_form_reader(reader: R, game: str = "") -> R:
    """How ``printkit score`` reads a game's filled PDF forms (printkit.core.forms): the
    FormReader, or ``"module:READER"`` with its ``game``, imported when first looked up."""
    _registrations[0] += 1
    if isinstance(reader, str):
        _FORM_READERS[game] = Ref(reader, _named(game, "form reader"))
    else:
        _FORM_READERS[reader.game] = reader
    return reader


def register_scorekeeper(keeper: K, game: str = "") -> K:
    """A game's pages for ``printkit serve`` (printkit.core.table): the Scorekeeper, or
    ``"module:KEEPER"`` with its ``game``, imported when first looked up."""
    _registrations[0] += 1
    if isinstance(keeper, str):
        _SCOREKEEPERS[game] = Ref(keeper, _named(game, "scorekeeper"))
    else:
        _SCOREKEEPERS[keeper.game.name] = keeper
    return keeper


_LOADED: set[str] = set()


def game_modules(installed: bool = True) -> list[str]:
    """The modules that hold games, in a stable order: the package's own game folders
    (alphabetically), then entry points, then ``PRINTKIT_GAMES``. Without ``installed``, no
    entry points: reading every installed distribution's metadata costs about 20 ms, which
    ``printkit score GAME`` of one of the package's games need not pay."""
    import os
    import pkgutil

    import printkit.games

    names = [f"printkit.games.{m.name}" for m in sorted(pkgutil.iter_modules(printkit.games.__path__),
                                                         key=lambda m: m.name) if m.ispkg]
    if installed and _may_declare(GROUP):
        from importlib.metadata import entry_points

        names += sorted(ep.value for ep in entry_points(group=GROUP))
    names += [n.strip() for n in os.environ.get("PRINTKIT_GAMES", "").split(",") if n.strip()]
    return list(dict.fromkeys(names))


#: The entry point group through which installed packages offer games.
GROUP = "printkit.games"


def _may_declare(group: str) -> bool:
    """Whether an installed distribution might declare an entry point in ``group``: False only
    when none of the ``entry_points.txt`` files that importlib.metadata would read (in the
    ``*.dist-info`` and ``*.egg-info`` folders of each folder on ``sys.path``) mentions it.
    Anything this cheap look cannot see through (a zip or an egg on the path, a finder of
    distributions other than the standard one) answers True, and importlib.metadata decides;
    importing that (~10 ms of email and zipfile modules) and reading every distribution is what
    a ``make`` need not pay when no package offers a game."""
    import os
    import sys
    from importlib.machinery import PathFinder

    if any(f is not PathFinder and hasattr(f, "find_distributions") for f in sys.meta_path):
        return True
    needle = group.encode()
    for entry in sys.path:
        folder = entry or "."
        if folder.lower().endswith(".egg"):
            return True
        try:
            with os.scandir(folder) as found:
                names = [e.name for e in found]
        except NotADirectoryError:  # a zip file on the path
            return True
        except OSError:  # missing or unreadable: importlib.metadata finds nothing there either
            continue
        for name in names:
            if name.lower().endswith((".dist-info", ".egg-info")):
                try:
                    with open(os.path.join(folder, name, "entry_points.txt"), "rb") as f:
                        if needle in f.read():
                            return True
                except OSError:  # no entry points, or an .egg-info file
                    continue
    return False


def _load_all_games() -> None:
    _load_games(True)


def _load_games(installed: bool = True) -> None:
    """Import every game module not imported yet: importing a game registers what it offers."""
    for name in game_modules(installed):
        if name not in _LOADED:
            if name.startswith("printkit.games."):
                importlib.import_module(name)
            else:
                _import_named(name)
            _LOADED.add(name)


def _import_named(name: str) -> None:
    """Import a game module named from outside printkit (``PRINTKIT_GAMES`` or an entry point):
    this runs its code. Whatever goes wrong is a PrintkitError naming it: not a module name
    (a path, a relative name), no such module, its code failing (a syntax error, an exception),
    or a module that is not a game (importing it registers nothing; one Python or printkit had
    imported already, such as ``os``, must have imported printkit's registry)."""
    import sys

    where = f"game module {name!r} (named by PRINTKIT_GAMES or an entry point)"
    if not all(part.isidentifier() for part in name.split(".")):
        raise PrintkitError(f"{where}: not a module name; give dotted names of modules Python can "
                            "import, such as mygames.chess (not paths), separated by commas")
    known, before = name in sys.modules, _registrations[0]
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name and (name + ".").startswith(e.name + "."):
            raise PrintkitError(f"{where}: no such module on Python's path") from None
        raise PrintkitError(f"{where}: its code failed: {_one_line(e)}") from None
    except (Exception, SystemExit) as e:  # the module's own code: any error at all
        raise PrintkitError(f"{where}: its code failed: {_one_line(e)}") from None
    uses_registry = any(getattr(v, "__module__", None) == __name__ for v in vars(module).values())
    if _registrations[0] == before and not (known and uses_registry):
        raise PrintkitError(f"{where}: not a game: importing it registers nothing "
                            "(docs/adding-a-game.md says how a game registers)")


def _one_line(e: BaseException) -> str:
    """``SyntaxError: invalid syntax (chess.py, line 3)``: an error in one line."""
    text = " ".join(str(e).split())
    return f"{type(e).__name__}: {text[:200]}" if text else type(e).__name__


#: How many times anything has been registered (a module that registers nothing is not a game).
_registrations = [0]


def games() -> dict[str, dict[str, Component]]:
    _load_games()
    return _COMPONENTS


def scorers() -> Entries[Scorer]:
    _load_games(installed=False)
    return Entries(_SCORERS, _load_all_games)


def record_models() -> Mapping[str, tuple[str, type[BaseModel]]]:
    """Every game's (title, record model), each game imported when it is looked up: for the
    "this looks like a record of another game" message, which reads them only on that path."""
    return _RecordModels(scorers())


class _RecordModels(Mapping[str, tuple[str, "type[BaseModel]"]]):
    def __init__(self, found: Entries[Scorer]) -> None:
        self._found = found

    def __getitem__(self, name: str) -> tuple[str, type[BaseModel]]:
        s = self._found[name]
        return s.title or name, s.model

    def __iter__(self) -> Iterator[str]:
        return iter(self._found)

    def __len__(self) -> int:
        return len(self._found)


def solvers() -> dict[str, Solver]:
    _load_games()
    return _SOLVERS


def simulators() -> dict[str, Simulator]:
    _load_games()
    return _SIMULATORS


def photo_readers() -> dict[str, PhotoReader]:
    _load_games()
    return _PHOTO_READERS


def form_readers() -> Entries[FormReader]:
    _load_games(installed=False)
    return Entries(_FORM_READERS, _load_all_games)


def scorekeepers() -> Entries[Scorekeeper]:
    _load_games(installed=False)
    return Entries(_SCOREKEEPERS, _load_all_games)
