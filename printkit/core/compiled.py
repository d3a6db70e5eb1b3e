"""A game's models, compiled: records checked and content read without importing pydantic.

A game's record and content models are pydantic models (``record.py``, ``contentmodel.py``):
the one definition of a record and of the game's data, which ``printkit schema`` prints, the
scorekeeper's pages use, and every message comes from. Importing pydantic and building the
models costs ~50 ms, half of a ``printkit score`` of one record (issue 16). What checks a record
is pydantic-core, pydantic's engine (~15 ms to import), running the models' *core schema*. So
``python3 -m printkit.core.compiled`` writes, beside each game's ``record.py``, two modules:

- ``recordfast.py``: the record models' core schemas as Python source, so the same checks,
  coercions and error messages; the functions they call are the models' own validators, which
  live in a module that imports no pydantic (the game's ``recordbase.py``);
- ``contentfast.py`` and ``recordfast.py``: a light class for every content and record model:
  same name, same bases (the models' pydantic bases mirrored, their plain bases kept: the
  mixins, in ``contentbase.py`` and ``recordbase.py``, holding the models' properties and
  methods) and :class:`FastModel` for what a frozen pydantic model offers the code that reads
  it (attributes, equality, hash, repr, ``model_copy``). The content's are apart because the
  record's validators read the content: loading it must not need them.

At run time (:func:`reader`, :func:`light`), a compiled module is used only while the files it
was compiled from keep their bytes (``SOURCES``) and the installed pydantic-core is the version
it was compiled with; otherwise the pydantic models do the work, as they do for a record that
does not fit (its message is the models' own, and a misfiled record is named by the other
games' models). tests/core/test_compiled.py fails while a game's compiled module is stale, and
checks that both ways read every worked record alike. Nothing here names a game.

The core's layout models (``core/layout/model.py``) get light classes the same way, in
``core/layout/modelfast.py`` (with each model's defaults, for the values the layout engine makes
itself): a layout is checked by the models, then handed out and kept on disk light, so a
``make`` whose layouts are on disk imports no pydantic (core/layout/kinds.py;
tests/core/test_light_layouts.py).
"""

from __future__ import annotations

import functools
import importlib
import re
import sys
import types
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from printkit.core.diskcache import file_hash

#: The modules a game's models are compiled into, beside its ``record.py``.
RECORDS, CONTENT = "recordfast", "contentfast"
#: The core's layout models (``layouts/*.yaml``) and the module their light classes go to.
LAYOUTS, LAYOUTS_LIGHT = "printkit.core.layout.model", "printkit.core.layout.modelfast"
#: The package folder: files are named relative to its parent.
_ROOT = Path(__file__).resolve().parents[2]


class FastModel:
    """A frozen record or content model's instance, without pydantic: its attributes, equality
    (same class, same values), a hash of its values, pydantic's repr and ``model_copy``.

    pydantic-core makes the instances of a compiled record (it sets ``__dict__`` and the three
    slots below, as for a pydantic model); :func:`light` makes a content's.

    >>> class Die(FastModel):
    ...     __slots__ = ()
    >>> d = Die.construct_light({"value": 4})
    >>> d.value, d == Die.construct_light({"value": 4}), d.model_copy(update={"value": 5})
    (4, True, Die(value=5))
    """

    __slots__ = ("__dict__", "__pydantic_fields_set__", "__pydantic_extra__", "__pydantic_private__")
    #: The pydantic model this class stands for, ``"module.Qualname"``, and its fields (set by
    #: the compiler). Only the fields are compared, hashed, shown and kept, as pydantic does: a
    #: mixin's cached property keeps its value in ``__dict__`` too.
    compiled_from = ""
    compiled_fields: tuple[str, ...] = ()
    __pydantic_fields_set__: set[str]

    def __setattr__(self, name: str, value: Any) -> None:
        raise TypeError(f"{type(self).__name__} is frozen")

    def __delattr__(self, name: str) -> None:
        raise TypeError(f"{type(self).__name__} is frozen")

    def _fields(self) -> dict[str, Any]:
        values = self.__dict__
        return {k: values[k] for k in self.compiled_fields or values if k in values}

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash((type(self), *self._fields().values()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self._fields().items())})"

    def __reduce__(self) -> tuple[Any, ...]:
        # A new dict and set each time: _rebuild keeps them (copy.copy passes them on as they are).
        return _rebuild, (type(self), self._fields(), set(self.__pydantic_fields_set__))

    @classmethod
    def construct_light(cls, values: dict[str, Any], fields_set: Iterable[str] | None = None) -> Any:
        """An instance holding ``values``, unchecked (pydantic's ``model_construct``): a copy of
        ``values`` and of ``fields_set``, which stay the caller's."""
        return _made(cls, dict(values), set(values if fields_set is None else fields_set))

    def model_copy(self, *, update: dict[str, Any] | None = None) -> Any:
        """A shallow copy with ``update`` applied, unchecked, as pydantic's ``model_copy``."""
        return self.construct_light(self._fields() | (update or {}),
                                    self.__pydantic_fields_set__ | set(update or ()))


#: The slots' own setters: what ``object.__setattr__`` finds for a FastModel, without looking
#: the name up each time (the class's ``__setattr__`` refuses, as the instances are frozen).
_set_dict = FastModel.__dict__["__dict__"].__set__
_set_fields_set = FastModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = FastModel.__dict__["__pydantic_extra__"].__set__
_set_private = FastModel.__dict__["__pydantic_private__"].__set__
_new = object.__new__


def _made(cls: type[FastModel], values: dict[str, Any], fields_set: set[str]) -> Any:
    """A new ``cls`` whose ``__dict__`` is ``values`` and fields set ``fields_set`` (both taken,
    not copied: the caller's to give)."""
    new = object.__new__(cls)
    _set_dict(new, values)
    _set_fields_set(new, fields_set)
    _set_extra(new, None)
    _set_private(new, None)
    return new


def _rebuild(cls: type[FastModel], values: dict[str, Any], fields_set: set[str]) -> Any:
    """Unpickling a :class:`FastModel` (the disk cache keeps layouts and a game's content so).

    ``values`` and ``fields_set`` are the unpickler's own (or ``copy.copy``'s), made for this one
    object (``__reduce__`` gives a new dict and a new set each time), so they are taken as they
    are: a light layout unpickles ~4,600 objects, and copying both was a third of the time. The
    arguments are those of every earlier printkit's entries, which still load. It does
    :func:`_made`'s work itself, one Python call an object rather than two."""
    new = _new(cls)
    _set_dict(new, values)
    _set_fields_set(new, fields_set)
    _set_extra(new, None)
    _set_private(new, None)
    return new


def bind(fn: Callable[..., Any], cls: type) -> Callable[..., Any]:
    """``fn`` as a classmethod of ``cls``: a compiled model's field or "before" validator."""
    return types.MethodType(fn, cls)


partial = functools.partial


# ---------------------------------------------------------------------------------------------
# At run time: no pydantic


def _compiled_module(name: str) -> types.ModuleType | None:
    """The compiled module ``name``, if there is one, it is fresh, and (for a record's) the
    installed pydantic-core is the one it was compiled for."""
    try:
        module = importlib.import_module(name)
        if hasattr(module, "PYDANTIC_CORE"):
            import pydantic_core

            if pydantic_core.__version__ != module.PYDANTIC_CORE:
                return None
    except ImportError:
        return None
    if any(file_hash(str(_ROOT / name)) != sha for name, sha in module.SOURCES.items()):
        return None  # a source changed since (or cannot be read)
    return module


@functools.cache
def _fresh(name: str) -> types.ModuleType | None:
    return _compiled_module(name)


def reader(record: Any) -> Callable[[Any], Any] | None:
    """A function checking a record's data as the record model ``record`` (its ``"module:Model"``
    name) does, without pydantic: it gives a light record, or raises the model's own
    ValidationError (or ValueError). None when the model is not compiled or its compiled module
    is stale."""
    if not isinstance(record, str):
        return None
    module_name, _, name = record.partition(":")
    module = _fresh(f"{module_name.rpartition('.')[0]}.{RECORDS}")
    if module is None or name not in module.READERS:
        return None
    return _reader(module, name)


@functools.cache
def _reader(module: types.ModuleType, name: str) -> Callable[[Any], Any]:
    from pydantic_core import SchemaValidator

    validators = {k: SchemaValidator(s, module.CONFIGS[k]).validate_python for k, s in module.SCHEMAS.items()}
    choose = module.READERS[name]
    if choose is None:
        return validators[name]
    return lambda data: validators[choose(data)](data)


def light(value: Any) -> tuple[Any, str | None]:
    """``value`` (a checked content model, with the lists, tuples and mappings in it) with every
    pydantic model in it replaced by its compiled light class, and the file of the module that
    holds those classes; ``(value, None)`` when its package has no fresh compiled content
    module or one of its models has no light class there."""
    module = _fresh(f"{type(value).__module__.rpartition('.')[0]}.{CONTENT}")
    if module is None:
        return value, None
    try:
        return _light(value, module.LIGHT), module.__file__
    except KeyError:
        return value, None


def _light(value: Any, classes: dict[str, type[FastModel]], memo: dict[int, Any] | None = None) -> Any:
    """``value`` with its pydantic models replaced by their ``classes`` (KeyError for one that has
    none). With ``memo`` (id of a model -> its light object), a model met twice becomes one light
    object, as it was one model: a layout shares its styles and symbols between its parts."""
    fields = getattr(type(value), "__pydantic_fields__", None)
    if fields is not None:
        if memo is not None and id(value) in memo:
            return memo[id(value)]
        cls = classes[f"{type(value).__module__}.{type(value).__qualname__}"]
        out = cls.construct_light({k: _light(value.__dict__[k], classes, memo) for k in fields if k in value.__dict__},
                                  value.__pydantic_fields_set__)
        if memo is not None:
            memo[id(value)] = out
        return out
    if isinstance(value, dict):
        return {k: _light(v, classes, memo) for k, v in value.items()}
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a NamedTuple
        return type(value)(*(_light(v, classes, memo) for v in value))
    if isinstance(value, (list, tuple)):
        return type(value)(_light(v, classes, memo) for v in value)
    return value


def light_layout_module() -> types.ModuleType | None:
    """The layout models' light classes (:data:`LAYOUTS_LIGHT`), while fresh; else None."""
    return _fresh(LAYOUTS_LIGHT)


def light_tree(value: Any, module: types.ModuleType, memo: dict[int, Any]) -> Any:
    """``value`` with every pydantic model in it replaced by its light class in ``module`` (a
    compiled module's ``LIGHT``), a model met twice by one light object (see :func:`_light`);
    KeyError for a model that has no light class there."""
    return _light(value, module.LIGHT, memo)


def stands_for(value: Any, model: str) -> bool:
    """Whether ``value`` is an instance of the model ``"module.Qualname"`` or of its light class."""
    cls = type(value)
    return f"{cls.__module__}.{cls.__qualname__}" == model or getattr(cls, "compiled_from", "") == model


# ---------------------------------------------------------------------------------------------
# Compiling (needs pydantic)


class Uncompilable(Exception):
    """A model that cannot be compiled: the message says which part and what to do."""


class _Writer:
    """Writes one game's compiled module."""

    def __init__(self, package: str, pydantic_modules: set[str]) -> None:
        self.package = package
        self.pydantic_modules = pydantic_modules  # the model modules: nothing is taken from them
        self.modules: dict[str, str] = {}  # module -> its alias in the compiled module
        self.light: dict[type, str] = {}  # pydantic model class -> light class name
        self.order: list[type] = []
        self.helpers: set[str] = set()  # bind, partial: what the written source calls
        self.typed = False  # the fields' names annotated (a module mypy checks: the core's)

    def module_ref(self, module: str) -> str:
        if module not in self.modules:
            self.modules[module] = f"_m{len(self.modules)}"
        return self.modules[module]

    def object_ref(self, obj: Any, what: str) -> str:
        """Source naming ``obj``, a function or class of a module that imports no pydantic."""
        module, qualname = getattr(obj, "__module__", None), getattr(obj, "__qualname__", "")
        if module == "builtins":
            return qualname
        if not module or "<" in qualname or module in self.pydantic_modules or module.startswith("pydantic"):
            raise Uncompilable(
                f"{what} {module}.{qualname} is needed without pydantic: make it a module-level "
                f"function or class of a module that imports no pydantic (the game's recordbase.py)")
        found: Any = importlib.import_module(module)
        for part in qualname.split("."):
            found = getattr(found, part, None)
        if found is not obj:
            raise Uncompilable(f"{what} {module}.{qualname} is not what that name holds")
        return f"{self.module_ref(module)}.{qualname}"

    def callable_ref(self, fn: Any) -> str:
        if isinstance(fn, types.MethodType):  # a classmethod validator: bound to the light class
            owner = fn.__self__
            if isinstance(owner, type) and owner in self.light:
                self.helpers.add("bind")
                return f"_bind({self.object_ref(fn.__func__, 'the validator')}, {self.light[owner]})"
            raise Uncompilable(f"the validator {fn!r} is bound to {owner!r}, not to a model")
        if isinstance(fn, functools.partial):
            args = [self.callable_ref(fn.func), *(self.value(a) for a in fn.args),
                    *(f"{k}={self.value(v)}" for k, v in fn.keywords.items())]
            self.helpers.add("partial")
            return f"_partial({', '.join(args)})"
        return self.object_ref(fn, "the validator")

    def add_model(self, cls: type) -> str:
        from pydantic import BaseModel

        if cls not in self.light:
            if not cls.model_config.get("frozen"):  # type: ignore[attr-defined]
                raise Uncompilable(f"{cls.__module__}.{cls.__qualname__} is not frozen: compiled models are")
            for base in cls.__bases__:
                if issubclass(base, BaseModel) and base is not BaseModel:
                    self.add_model(base)
            taken = set(self.light.values())
            name, n = cls.__name__, 1
            while name in taken:
                n += 1
                name = f"{cls.__name__}{n}"
            self.light[cls] = name
            self.order.append(cls)
        return self.light[cls]

    def class_source(self, cls: type) -> str:
        from pydantic import BaseModel

        bases = []
        for base in cls.__bases__:
            if base is BaseModel:
                bases.append("FastModel")
            elif issubclass(base, BaseModel):
                bases.append(self.light[base])
            elif base is not object:
                bases.append(self.object_ref(base, "the base class"))
        doc = (cls.__doc__ or "").strip().splitlines()
        return (f"class {self.light[cls]}({', '.join(bases)}):\n"
                + (f"    {doc[0]!r}\n" if doc else "")
                + f"    __slots__ = ()\n    compiled_from = {cls.__module__ + '.' + cls.__qualname__!r}\n"
                + f"    compiled_fields{': tuple[str, ...]' if self.typed else ''} = "
                + f"{tuple(cls.__pydantic_fields__)!r}\n")  # type: ignore[attr-defined]

    def value(self, v: Any, key: str = "", indent: int = 0) -> str:
        """``v`` (a part of a core schema) as Python source."""
        pad = "    " * (indent + 1)
        if isinstance(v, dict):
            if v.get("post_init"):
                raise Uncompilable(f"{v.get('cls')!r} has a model_post_init: not compiled")
            items = [f"{k!r}: {self.value(x, k, indent + 1)}" for k, x in v.items()
                     if k not in ("metadata", "serialization")]
            flat = "{" + ", ".join(items) + "}"
            if len(flat) <= 100 and "\n" not in flat:
                return flat
            return "{\n" + pad + f",\n{pad}".join(items) + "}"
        if isinstance(v, list):
            return "[" + ", ".join(self.value(x, "", indent) for x in v) + "]"
        if isinstance(v, tuple):
            return "(" + "".join(self.value(x, "", indent) + ", " for x in v) + ")"
        if isinstance(v, str) and key in ("ref", "schema_ref"):
            return repr(re.sub(r":\d+$", "", v))  # the number after the name is an id(): not stable
        if v is None or isinstance(v, (bool, int, float, str)):
            return repr(v)
        if type(v) in self.light:  # a model's instance as a field's default
            values = {k: v.__dict__[k] for k in type(v).__pydantic_fields__}
            return (f"{self.light[type(v)]}.construct_light({self.value(values, '', indent)}, "
                    f"{sorted(v.__pydantic_fields_set__)!r})")
        if isinstance(v, type) and v in self.light:
            return self.light[v]
        if isinstance(v, type):
            return self.object_ref(v, "the class")
        if callable(v):
            return self.callable_ref(v)
        raise Uncompilable(f"a {type(v).__name__} in a record schema: {v!r}")


def _models(schema: Any) -> Iterator[type]:
    """Every model class a core schema names."""
    if isinstance(schema, dict):
        if schema.get("type") == "model":
            yield schema["cls"]
        for k, v in schema.items():
            if k not in ("metadata", "serialization"):
                yield from _models(v)
    elif isinstance(schema, list):
        for v in schema:
            yield from _models(v)


def _module_models(module: types.ModuleType) -> list[type]:
    """The pydantic models defined in ``module``, in the order they are defined."""
    from pydantic import BaseModel

    return [v for v in vars(module).values()
            if isinstance(v, type) and issubclass(v, BaseModel) and v.__module__ == module.__name__]


class Target:
    """What one game compiles: its record models (each a reader, or a choice between readers)
    and its content models. Found from the game's registered record model (see :func:`targets`)."""

    def __init__(self, record: str) -> None:
        self.record_module, _, self.record_name = record.partition(":")
        self.package = self.record_module.rpartition(".")[0]

    def readers(self) -> dict[str, tuple[tuple[str, ...], Any]]:
        """record name -> (the models it validates with, the choosing function or None)."""
        module = importlib.import_module(self.record_module)
        top = getattr(module, self.record_name)
        choice = getattr(top, "compiled_choice", None)  # a record of several kinds (a plain class)
        if choice is not None:
            return {self.record_name: (tuple(top.compiled_kinds), choice)}
        return {self.record_name: ((self.record_name,), None)}

    def content_modules(self) -> list[str]:
        name = f"{self.package}.contentmodel"
        try:
            importlib.import_module(name)
        except ModuleNotFoundError:
            return []
        return [name]


def _module_source(title: str, w: _Writer, classes: list[type], files: set[Path], tail: str,
                   pydantic_core_version: str | None) -> str:
    body = "\n\n".join(w.class_source(cls) for cls in classes)  # first: it names the modules it takes from
    files |= _files(w.modules, None)
    imports = "".join(f"import {m} as {a}\n" for m, a in w.modules.items())
    helpers = ", ".join(["FastModel", *(f"{h} as _{h}" for h in sorted(w.helpers))])
    version = ("#: The pydantic-core the schemas are written for.\n"
               f"PYDANTIC_CORE = {pydantic_core_version!r}\n") if pydantic_core_version else ""
    sources = "".join(f"    {str(f.relative_to(_ROOT))!r}: {file_hash(str(f))!r},\n" for f in sorted(files))
    light_src = "".join(f"    {c.__module__ + '.' + c.__qualname__!r}: {w.light[c]},\n" for c in classes)
    return (f'"""{title}: written by ``python3 -m printkit.core.compiled`` (see that module); do not edit."""\n\n'
            f"from printkit.core.compiled import {helpers}\n{imports}\n"
            f"{version}#: The files this was compiled from, and their sha256: used only while they keep their bytes.\n"
            f"SOURCES = {{\n{sources}}}\n\n\n"
            + body
            + f"\n\n#: The light class of each model.\nLIGHT = {{\n{light_src}}}\n" + tail)


def _files(modules: Iterable[str], data_folder: Path | None) -> set[Path]:
    files = {Path(importlib.import_module(m).__file__).resolve() for m in modules}  # type: ignore[arg-type]
    return files | (set(data_folder.glob("*.yaml")) if data_folder else set())


def _core_config(model: Any) -> dict[str, Any]:
    """The core config pydantic builds ``model``'s validator with (its errors' title ...)."""
    from pydantic._internal._config import ConfigWrapper

    return dict(ConfigWrapper(model.model_config).core_config(title=model.__name__))


def compile_game(target: Target) -> dict[str, str]:
    """The sources of ``target``'s compiled modules: {module name: source}."""
    import pydantic_core

    out = {}
    for content_name in target.content_modules():
        module = importlib.import_module(content_name)
        w = _Writer(target.package, {content_name})
        for cls in _module_models(module):
            w.add_model(cls)
        out[f"{target.package}.{CONTENT}"] = _module_source(
            f"{target.package}'s content models as light classes", w, w.order,
            _files([content_name], None), "", None)
    record_module = importlib.import_module(target.record_module)
    w = _Writer(target.package, {record_module.__name__, *target.content_modules()})
    readers = target.readers()
    schemas: dict[str, Any] = {}
    for models, _ in readers.values():
        for name in models:
            schemas[name] = getattr(record_module, name).__pydantic_core_schema__
    for cls in _module_models(record_module):
        w.add_model(cls)
    for schema in schemas.values():
        for cls in _models(schema):
            w.add_model(cls)
    schema_src = "".join(f"    {name!r}: {w.value(s, '', 1)},\n" for name, s in schemas.items())
    config_src = "".join(f"    {name!r}: {w.value(_core_config(getattr(record_module, name)), '', 1)},\n"
                         for name in schemas)
    reader_src = "".join(f"    {name!r}: {w.callable_ref(choice) if choice else None},\n"
                         for name, (_, choice) in readers.items())
    tail = ("\n#: Each record model's core schema, as pydantic-core runs it for the model.\n"
            f"SCHEMAS = {{\n{schema_src}}}\n"
            "\n#: Each record model's core config (the title its errors name).\n"
            f"CONFIGS = {{\n{config_src}}}\n"
            "\n#: The records read: by their own schema (None), or by the one a function chooses for the data.\n"
            f"READERS = {{\n{reader_src}}}\n")
    folder = Path(record_module.__file__).parent  # type: ignore[arg-type]
    out[f"{target.package}.{RECORDS}"] = _module_source(
        f"{target.package}'s record models compiled", w, w.order,
        _files([record_module.__name__], folder), tail, pydantic_core.__version__)
    return out


def _defaults(cls: Any) -> dict[str, Any]:
    """``cls``'s fields that have a default, and the value an instance gets (a default pydantic
    validates, ``validate_default``, as validated): what a light instance made by code starts
    from (core/layout/kinds.py)."""
    from typing import Annotated

    from pydantic import TypeAdapter
    from pydantic_core import PydanticUndefined

    out = {}
    for name, info in cls.__pydantic_fields__.items():
        if info.default is PydanticUndefined or info.default_factory is not None:
            continue
        value = info.default
        if info.validate_default:
            annotated: Any = Annotated[info.annotation, *info.metadata]  # the field's type and checks
            value = TypeAdapter(annotated).validate_python(value)
        out[name] = value
    return out


def compile_layouts() -> dict[str, str]:
    """The source of the layout models' light classes: {module name: source}. Their defaults
    come too (``DEFAULTS``), for the elements and styles the layout engine makes itself."""
    module = importlib.import_module(LAYOUTS)
    w = _Writer(LAYOUTS.rpartition(".")[0], {LAYOUTS})
    w.typed = True
    for cls in _module_models(module):
        w.add_model(cls)
    defaults = "".join(f"    {w.light[c]!r}: {w.value(_defaults(c), '', 1)},\n" for c in w.order)
    tail = ("\n#: Each class's fields that have a default, with the value an instance gets.\n"
            f"DEFAULTS = {{\n{defaults}}}\n")
    return {LAYOUTS_LIGHT: _module_source(f"{LAYOUTS}'s layout models as light classes", w, w.order,
                                          _files([LAYOUTS], None), tail, None)}


def targets() -> list[Target]:
    """Every registered game whose record model is named ``"module:Model"`` in a package with a
    ``recordbase`` module (the games built to be compiled)."""
    import importlib.util

    from printkit.core.registry import scorers

    found = []
    for name in scorers():
        record = scorers()[name].record
        if isinstance(record, str):
            target = Target(record)
            if importlib.util.find_spec(f"{target.package}.recordbase") is not None:
                found.append(target)
    return found


def path_of(module: str) -> Path:
    """The file of the compiled module ``module`` (which may not exist yet)."""
    package, _, name = module.rpartition(".")
    return Path(importlib.import_module(package).__file__).with_name(f"{name}.py")  # type: ignore[arg-type]


def main(argv: list[str] | None = None) -> int:
    """Write every game's compiled modules (``--check``: only say which are stale, exit 1 if any)."""
    check = "--check" in (sys.argv[1:] if argv is None else argv)
    stale = []
    compiled = [compile_layouts(), *(compile_game(target) for target in targets())]
    for modules in compiled:
        for module, text in modules.items():
            path = path_of(module)
            if path.exists() and path.read_text(encoding="utf-8") == text:
                continue
            stale.append(path)
            if not check:
                path.write_text(text, encoding="utf-8")
    for path in stale:
        print(f"{'stale' if check else 'wrote'}: {path.relative_to(_ROOT)}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
