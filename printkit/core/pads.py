"""Score pads: tables of writing boxes that a game lays out, and the values written in them.

A score pad is a page of boxes (a name, a number, a tick) that a game draws from its layout
file; with ``fillable`` each box is also a PDF form field (:mod:`printkit.core.forms`), drawn
by an inline slot of the layout (:func:`fields_slot`). This module knows nothing of any game:
it holds the geometry of a box (:class:`Box`) and of a label (:class:`Label`),
:class:`PadReader`, which reads the text written in boxes as numbers and ticks, turning every
mark that cannot be one into a :class:`Violation` at the box's field, and :func:`pad_form_reader`,
the hook by which ``printkit score GAME pad.pdf`` reaches a game's pad checker.

Field names are ``PREFIX:...`` where the prefix names the game's pad and its version
(``td-pad1``): a pad of a version this printkit does not know is refused in one line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from printkit.core.draw.ops import Field, Op
from printkit.core.layout.load import load_layout
from printkit.errors import PrintkitError

if TYPE_CHECKING:  # pragma: no cover
    from printkit.core.forms import FilledForm, FormReader, FormRecord
    from printkit.core.score import Report, Violation

# printkit.core.forms and printkit.core.score (~3 ms of imports and dataclasses) are imported
# where a form field, a violation or a form reader is made: a plain ``make`` draws a pad's boxes
# and needs neither (docs/performance.md, "make's imports").

#: Field values a ticked check box reads as (pypdf gives the export value, usually ``/Yes``).
TICKED = frozenset({"/Yes", "Yes", "/On", "On", "x", "X", "1", "true", "/1"})


@dataclass(frozen=True)
class Box:
    """A writing box: its field ``name``, where it is on the design box (mm, y down), and what it
    takes: ``number`` (digits, at most ``maxlen``), ``text`` or ``check`` (a tick)."""

    name: str
    x: float
    y: float
    w: float
    h: float
    kind: str = "number"
    maxlen: int = 3
    style: str = "box"

    def field_op(self, tooltip: str = "") -> Field:
        """The box as a form field (a tick is a check box), ``tooltip`` its name in words."""
        from printkit.core.forms import check_box, text_field

        if self.kind == "check":
            return check_box(self.name, self.x, self.y, self.w, self.h, tooltip=tooltip)
        return text_field(self.name, self.x, self.y, self.w, self.h, maxlen=self.maxlen, tooltip=tooltip)

    def as_data(self) -> dict[str, Any]:
        """The box as layout data (``{b.x}``, ``{b.style}`` ...), lengths in mm."""
        return {"name": self.name, "x": round(self.x, 3), "y": round(self.y, 3), "w": round(self.w, 3),
                "h": round(self.h, 3), "kind": self.kind, "style": self.style}


@dataclass(frozen=True)
class Label:
    """Printed text of a pad that is not a box (a column heading, a row number)."""

    text: str
    x: float
    y: float
    w: float
    h: float
    style: str = "label"
    align: str = "center"

    def as_data(self) -> dict[str, Any]:
        return {"text": self.text, "x": round(self.x, 3), "y": round(self.y, 3), "w": round(self.w, 3),
                "h": round(self.h, 3), "style": self.style, "align": self.align}


@dataclass(frozen=True)
class PadGeometry:
    """What every pad's geometry holds: its writing boxes, printed labels and shaded bands (a
    game's own geometry extends it with its own measures)."""

    boxes: list[Box]
    labels: list[Label]
    bands: list[dict[str, Any]]


def layout_data(layout: str) -> dict[str, Any]:
    """The ``spec.data`` of a pad's layout file (the pad's shape: rows, widths, words), a copy."""
    return dict(load_layout(layout).spec.data)


def labels_by_align(labels: list[Label]) -> dict[str, list[dict[str, Any]]]:
    """Labels as layout data, one list a text alignment (``labels_left``, ``labels_center``,
    ``labels_right``): a layout's alignment is not a template."""
    out: dict[str, list[dict[str, Any]]] = {f"labels_{a}": [] for a in ("left", "center", "right")}
    for lab in labels:
        out[f"labels_{lab.align}"].append(lab.as_data())
    return out


def spans(x: float, width: float, parts: int, gap: float) -> list[tuple[float, float]]:
    """``parts`` equal spans (x, w) across ``width`` from ``x``, ``gap`` apart.

    >>> spans(0, 10, 2, 2)
    [(0.0, 4.0), (6.0, 4.0)]
    """
    w = (width - gap * (parts - 1)) / parts
    return [(float(x + i * (w + gap)), float(w)) for i in range(parts)]


@dataclass
class PadReader:
    """The values written on a pad (field name -> text, as read from the form), read as the
    game's numbers. Every mark that is not what its box takes is kept as a violation naming the
    box's field, under the game's rule id ``rule``; the game reads on with the mark left out."""

    values: Mapping[str, str]
    rule: str
    #: The filled PDF's name, for the violations (``FILE:FIELD: where: message``).
    file: str | None = None
    violations: list[Violation] = field(default_factory=list)

    def text(self, name: str) -> str:
        """The text written in a box, stripped ('' when empty or absent)."""
        v = self.values.get(name)
        return "" if v is None else str(v).strip()

    def filled(self, name: str) -> bool:
        return self.text(name) != "" and not self.text(name).startswith("/Off")

    def ticked(self, name: str) -> bool:
        return self.text(name) in TICKED

    def number(self, name: str, where: str, lo: int, hi: int) -> int | None:
        """The whole number written in a box, ``lo`` to ``hi``; None when empty or when it is
        none (which is reported)."""
        raw = self.text(name)
        if raw == "":
            return None
        digits = raw[1:] if raw[:1] in "+-" else raw
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 6:
            self.report(name, where, f"'{raw}' is not a whole number")
            return None
        value = int(raw)
        if not lo <= value <= hi:
            self.report(name, where, f"{value} is out of range: {lo} to {hi}")
            return None
        return value

    def require_marks(self, names: Collection[str], scores: str, settings: Collection[str] = ()) -> None:
        """Refuse a pad with nothing to score yet (a PrintkitError, exit 2): no player's name
        written in the boxes ``names``, or the names alone (the game's options ``settings``
        count for nothing); ``scores`` says what the names wait for. Checked before the rules,
        so an empty pad is never "0 players" (docs/fillable.md, "Nothing filled in yet")."""
        marked = [n for n in self.values if self.filled(n) and n not in settings]
        if not any(n in names for n in marked):
            missing = "no player names are filled in"
        elif all(n in names for n in marked):
            missing = f"only the players' names are filled in, {scores}"
        else:
            return
        raise PrintkitError(f"{self.file or 'pad'}: nothing filled in yet: {missing}")

    def require_distinct(self, names: Sequence[str]) -> None:
        """Refuse (a PrintkitError, exit 2) a pad on which two of the players' boxes ``names``
        hold one name, compared as a record's players are
        (:func:`printkit.core.records.distinct_names`: "Zoë" composed or not is one name)."""
        from printkit.core.records import distinct_names, same_name

        written = [(n, self.text(n)) for n in names if self.text(n)]
        try:
            distinct_names([t for _, t in written])
        except ValueError as e:
            first: dict[str, str] = {}
            for n, t in written:
                if same_name(t) in first:
                    raise PrintkitError(f"{self.file or 'pad'}: {e}: {t!r} is written in {first[same_name(t)]} "
                                        f"and in {n}") from None
                first[same_name(t)] = n

    def report(self, name: str, where: str, message: str, rule: str | None = None) -> None:
        """A problem with what box ``name`` holds."""
        self.violations.append(at_field(name, where, rule or self.rule, message, self.file))


def at_field(name: str, where: str, rule: str, message: str, file: str | None = None) -> Violation:
    """A violation located at the form field ``name`` (shown ``FILE:FIELD: where: message``, as
    :func:`printkit.core.forms.mark` locates a sheet's; JSON's ``line`` is the field's name)."""
    from printkit.core.score import Violation

    return Violation(where, rule, message, file=file or "pad", line=name)  # type: ignore[arg-type]


def by_rows(boxes: Sequence[Box]) -> list[Box]:
    """``boxes`` in the order a table is filled: row by row from the top, left to right across a
    row (the players' names, then round by round across the players), for the fields' order on
    the page (the Tab order of PDF viewers, docs/fillable.md). Rows are told apart to 0.1 mm.

    >>> [b.name for b in by_rows([Box("p1:r1", 0, 9, 1, 1), Box("p1:name", 0, 2, 1, 1),
    ...                            Box("p2:r1", 5, 9.02, 1, 1), Box("p2:name", 5, 2, 1, 1)])]
    ['p1:name', 'p2:name', 'p1:r1', 'p2:r1']
    """
    return sorted(boxes, key=lambda b: (round(b.y, 1), b.x))


def fields_slot(boxes: Sequence[Box], tooltip: Callable[[str], str]) -> Callable[..., list[Op]]:
    """An inline slot's drawing function: every box as a form field when the data says
    ``fillable``, else nothing (the plain pad); ``tooltip(name)`` says in words what the field
    named ``name`` is, in the words the pad prints (its /TU, which screen readers speak)."""
    def draw(canvas: Any, data: Mapping[str, Any], w: float, h: float) -> list[Op]:
        return [b.field_op(tooltip(b.name)) for b in boxes] if data.get("fillable") else []
    return draw


def player_words(part: str) -> str:
    """A field name's player part in the pad's printed words.

    >>> player_words("p2"), player_words("2")
    ('Player 2', 'Player 2')
    """
    return f"Player {part.removeprefix('p')}"


def lazy_form_reader(namespace: dict[str, Any], game: str, stem: str, version: int,
                     check: Callable[[Mapping[str, str], str], Report]) -> Callable[[str], Any]:
    """A pad module's ``__getattr__`` giving its ``FORM_READER`` (:func:`pad_form_reader`, for
    ``printkit score GAME pad.pdf``), made when first looked up and then kept in ``namespace``
    (the module's globals): making it imports printkit.core.forms and printkit.core.score,
    which a plain ``make`` of the pad does not need."""

    def module_attribute(name: str) -> Any:
        if name == "FORM_READER":
            reader = namespace["FORM_READER"] = pad_form_reader(game, stem, version, check)
            return reader
        raise AttributeError(f"module {namespace['__name__']!r} has no attribute {name!r}")

    return module_attribute


def pad_form_reader(game: str, stem: str, version: int,
                    check: Callable[[Mapping[str, str], str], Report]) -> FormReader:
    """The hook that scores a game's filled pad: fields named ``STEMn:...``; ``n`` must be
    ``version``. ``check(values, file)`` is the game's pad checker."""
    from printkit.core.forms import FormReader

    pattern = re.compile(re.escape(stem) + r"([0-9]{1,6}):")

    def score(form: FilledForm) -> Report:
        versions = sorted({int(m.group(1)) for n in form.fields if (m := pattern.match(n))})
        if versions != [version]:
            raise PrintkitError(f"{form.file}: a {game} score pad of version "
                                f"{', '.join(map(str, versions)) or '?'}; this printkit reads version {version} "
                                f"(make a new pad with: printkit make {game} pad --fillable)")
        values = {n: f.value for n, f in form.fields.items() if n.startswith(f"{stem}{version}:")}
        return check(values, form.file)

    def read(form: FilledForm) -> list[FormRecord]:
        from printkit.core.registry import form_readers

        other = next((g for g, r in form_readers().items() if g != game and r.is_pad(form)), None)
        if other:
            raise PrintkitError(f"{form.file}: a {other} score pad, not a {game} one; score it with: "
                                f"printkit score {other} {form.file}")
        raise PrintkitError(f"{form.file}: not a {game} score pad (no field named {stem}{version}:...); "
                            f"make one with: printkit make {game} pad --fillable")

    return FormReader(game, read, score_pad=score, pad_prefix=stem)


def score_pad_file(reader: FormReader, files: Sequence[str], as_record: str | None) -> Report | None:
    """The report on a filled score pad when ``files`` is one (``printkit score GAME pad.pdf``),
    else None (a sheet or a record, read as usual). A pad holds totals, not a game to rebuild."""
    from printkit.core.forms import read_form

    if reader.score_pad is None or len(files) != 1 or not files[0].lower().endswith(".pdf"):
        return None
    form = read_form(files[0])
    if not reader.is_pad(form):
        return None
    if as_record:
        raise PrintkitError(f"--as-record: {files[0]} is a score pad; it holds totals, not a game to rebuild")
    return reader.score_pad(form)
