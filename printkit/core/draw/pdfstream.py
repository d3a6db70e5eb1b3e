"""Flat memory for long PDFs: reportlab's own document, with its pages kept on disk.

reportlab keeps every page's drawing commands (about 18 KB for a full score sheet) and every
page object until it saves, then builds the whole file in memory (and copies it twice more).
For ``--count 10000`` that is about a gigabyte. This module changes where the bytes live, not
what they are:

- :class:`StreamingDocument` is reportlab's ``PDFDocument`` that parks each finished page in a
  temporary file (the spool) as soon as the canvas hands it over: the page's content stream
  encoded exactly as reportlab would at save time (the same filters, the same dictionary),
  and the page dictionary itself, pickled. What it keeps a page is a few numbers in arrays
  (:class:`_PageTable`): the page's object number and where its two parts are in the spool.
- When it is saved, it writes each object to the output file as soon as it is formatted (its
  ``format`` returns nothing): a page is read back from the spool and formatted by reportlab;
  a page's content stream gets its object number then, as in reportlab, and is kept as three
  numbers (:class:`_StreamTable`) until its turn to be copied from the spool. The cross-
  reference table is written from an array of offsets.
- reportlab's name-keyed tables (``idToObjectNumberAndVersion``, ``numberToId``,
  ``idToObject``, ``idToOffset``) keep only the document's other objects (fonts, forms): a
  page's name (``Page12``) and its content stream's (``R20034``) are answered from the arrays
  (:class:`_ObjectNumbers`), and the page tree's kids are written from them.
- A fillable page's form fields and their appearance streams are parked with it (pickled;
  :class:`_ParkedObjects`): their names and numbers are answered from arrays too
  (``numberToId`` is :class:`_NumberNames`), and ``idToObject`` (:class:`_Objects`) reads
  them back when asked for. The AcroForm keeps its fields as object numbers
  (:class:`_FieldRefs`) and its appearance streams by digest in arrays (:class:`_AppearanceRefs`).

Object numbers, order and every byte are reportlab's: a file made this way is byte-identical
to one made by ``Canvas.save`` into memory (tests/core/test_pdf_stream.py checks it, and that
what is kept a page stays small). Fonts, forms and AcroForm fields stay where reportlab puts
them, once in the file. Written against reportlab's ``pdfdoc`` as it is in versions 4 and 5.
"""

from __future__ import annotations

import bisect
import pickle
import tempfile
import types
from array import array
from collections.abc import Iterator
from typing import IO, Any

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen import canvas as rl_canvas

from printkit.core import digests

_XREF_CHUNK = 4096  # cross-reference lines joined and written at once


class SpooledStream(pdfdoc.PDFObject):
    """A page's content stream, already encoded, read back from the spool file when written."""

    __slots__ = ("spool", "offset", "length", "__InternalName__")  # no per-object __dict__
    __RefOnly__ = 1  # an indirect object, as reportlab's PDFStream is

    def __init__(self, spool: IO[bytes], offset: int, length: int):
        self.spool, self.offset, self.length = spool, offset, length

    def format(self, document: Any) -> bytes:
        self.spool.seek(self.offset)
        return self.spool.read(self.length)


class _PageTable:
    """The parked pages, in page order: each one's object number, and where its pickled
    dictionary and its encoded content stream (length 0: none spooled) are in the spool.
    28 bytes a page, whatever the page holds."""

    def __init__(self) -> None:
        self.numbers = array("I")
        self.at, self.size = array("Q"), array("I")
        self.contents_at, self.contents_size = array("Q"), array("I")

    def __len__(self) -> int:
        return len(self.numbers)

    def add(self, number: int, at: int, size: int, contents: tuple[int, int]) -> None:
        self.numbers.append(number)
        self.at.append(at)
        self.size.append(size)
        self.contents_at.append(contents[0])
        self.contents_size.append(contents[1])

    def number_of(self, name: str) -> int | None:
        """The object number of the page reportlab calls ``name`` (``Page<k>``, k from 1)."""
        if name.startswith("Page") and name[4:].isdigit() and 1 <= int(name[4:]) <= len(self.numbers):
            return self.numbers[int(name[4:]) - 1]
        return None


class _StreamTable:
    """The pages' content streams that have an object number and are not written yet: each
    one's number (increasing) and its place in the spool (16 bytes a stream)."""

    def __init__(self) -> None:
        self.numbers = array("I")
        self.at, self.size = array("Q"), array("I")

    def __len__(self) -> int:
        return len(self.numbers)

    def add(self, number: int, stream: SpooledStream) -> None:
        self.numbers.append(number)
        self.at.append(stream.offset)
        self.size.append(stream.length)

    def number_of(self, name: str) -> int | None:
        """The object number of the spooled stream reportlab calls ``name`` (``R<n>``)."""
        if name.startswith("R") and name[1:].isdigit():
            n = int(name[1:])
            i = bisect.bisect_left(self.numbers, n)
            if i < len(self.numbers) and self.numbers[i] == n:
                return n
        return None


class _ObjectNumbers(dict):
    """reportlab's ``idToObjectNumberAndVersion`` (name -> (number, 0)) whose parked pages,
    spooled streams and parked objects are read from the arrays instead of being kept as
    entries: references to a page (the page tree, a form field's ``/P``), to a field or an
    appearance stream, and the objects' headers look them up here."""

    def __init__(self, entries: dict, pages: _PageTable, streams: _StreamTable, objects: _ParkedObjects):
        super().__init__(entries)
        self.pages, self.streams, self.objects = pages, streams, objects

    def __missing__(self, name: str) -> tuple[int, int]:
        if name.startswith("P"):
            n = self.pages.number_of(name)
        elif name.startswith("R") and len(self.streams):  # content streams: numbered when written
            n = self.streams.number_of(name)
            if n is None:
                n = self.objects.number_of(name)
        else:
            n = self.objects.number_of(name)
        if n is None:
            raise KeyError(name)
        return (n, 0)


class _NumberNames(dict):
    """reportlab's ``numberToId`` (number -> name) whose parked objects' names are made from
    the arrays (:meth:`_ParkedObjects.name_of`) instead of being kept as entries."""

    def __init__(self, entries: dict, objects: _ParkedObjects):
        super().__init__(entries)
        self.objects = objects

    def __missing__(self, number: int) -> str:
        i = self.objects.index(number)
        if i is None:
            raise KeyError(number)
        return self.objects.name_of(i)


class _FieldRefs:
    """The AcroForm's list of fields (reportlab appends a reference to each field made and
    writes them all in its ``/Fields``), kept as the fields' object numbers (4 bytes a field)."""

    def __init__(self, doc: pdfdoc.PDFDocument, refs: list):
        self.doc = doc
        self.numbers = array("I")
        self.others: dict[int, Any] = {}  # position -> anything that is not a named reference
        for ref in refs:
            self.append(ref)

    def __len__(self) -> int:
        return len(self.numbers)

    def append(self, ref: Any) -> None:
        entry = None
        if type(ref) is pdfdoc.PDFObjectReference:
            try:
                entry = self.doc.idToObjectNumberAndVersion[ref.name]
            except KeyError:
                entry = None
        if entry is None:
            self.others[len(self.numbers)] = ref
        self.numbers.append(0 if entry is None else entry[0])

    def formatted(self, i: int, document: Any) -> bytes:
        """Field ``i``'s reference as reportlab writes it."""
        return pdfdoc.format(self.others[i], document) if i in self.others else b"%d 0 R" % self.numbers[i]

    def __iter__(self) -> Iterator[Any]:
        """Each field as reportlab writes its reference (``<number> 0 R``, the bytes its
        PDFObjectReference gives), not as a reference object and a name made again a field:
        the AcroForm's ``/Fields`` array is built from them all at once."""
        others = self.others
        for i, n in enumerate(self.numbers):
            yield others[i] if i in others else b"%d 0 R" % n


_FIELD_CHUNK = 1000  # field references joined at once (a multiple of 10: reportlab's line breaks)


class _FieldArray(pdfdoc.PDFArray):
    """The AcroForm's ``/Fields``: the bytes reportlab's PDFArray of the fields' references
    gives, made from their numbers a chunk at a time, not from an object and a bytes a field."""

    def __init__(self, fields: _FieldRefs):
        self.fields = fields

    def format(self, document: Any, IND: bytes = b"\n ") -> bytes:  # noqa: N803 - reportlab's name
        fields = self.fields
        lines = (self.multiline and rl_config.pdfMultiLine) or self.multiline == "forced"
        between = IND if lines else b" \n  "  # else reportlab breaks the line every 10 references

        def join(refs: list[bytes]) -> bytes:
            if lines:
                return IND.join(refs)
            return between.join([b" ".join(refs[i:i + 10]) for i in range(0, len(refs), 10)])

        chunks = [join([fields.formatted(i, document) for i in range(at, min(at + _FIELD_CHUNK, len(fields)))])
                  for at in range(0, len(fields), _FIELD_CHUNK)]
        return b"[ " + between.join(chunks) + b" ]"


class _NumberArray(pdfdoc.PDFArray):
    """A PDFArray of plain numbers (a font subset's ``/Widths``: 86 of up to 256 in ``make all``)
    formatted as reportlab's PDFArray formats it, ten numbers to a line, with one ``fp_str`` a
    line instead of a ``pdfdoc.format`` and an encoding a number (~6x faster)."""

    def format(self, document: Any, IND: bytes = b"\n ") -> bytes:  # noqa: N803 - reportlab's name
        seq = self.sequence
        if (self.multiline and rl_config.pdfMultiLine) or self.multiline == "forced":
            return super().format(document, IND)
        lines = [fp_str(*seq[i:i + 10]).encode("ascii") for i in range(0, len(seq), 10)]
        return b"[ " + b" \n  ".join(lines) + b" ]"


def _plain_numbers(value: Any) -> bool:
    """Whether ``value`` is reportlab's own PDFArray holding only ints and floats (what
    ``pdfdoc.format`` writes with ``fp_str``)."""
    return type(value) is pdfdoc.PDFArray and all(type(e) is int or type(e) is float for e in value.sequence)


def _fast_widths(font: Any) -> None:
    """A TrueType font subset's ``/Widths`` as a :class:`_NumberArray` (the same bytes)."""
    widths: Any = getattr(font, "Widths", None)
    if _plain_numbers(widths):
        font.Widths = _NumberArray(widths.sequence)


def _format_acroform(form: Any, doc: Any) -> bytes:
    """reportlab's ``AcroForm.format`` (the same in versions 4 and 5), its ``/Fields`` a
    :class:`_FieldArray`."""
    from reportlab.pdfbase.acroform import PDFFromString  # loaded: the form is made

    d: dict[str, Any] = {"Fields": _FieldArray(form.fields)}
    if form.sigFlags:
        d["SigFlags"] = form.sigFlags
    if form.fonts:
        names = sorted(form.fonts.keys())
        d["DA"] = pdfdoc.PDFString(f"/{names[0]} 0 Tf 0 g")
        fonts = "\n".join([form.fontRef(f) for f in names])
        d["DR"] = PDFFromString(f"<< /Encoding\n<<\n/RLAFencoding\n{form.encRefStr}\n>>\n{fonts}\n>>")
    d.update(form.extras)
    return pdfdoc.PDFDictionary(d).format(doc)


class _AppearanceRefs:
    """The AcroForm's appearance streams by what they draw (reportlab's ``_refMap``: a field
    whose appearance is drawn the same uses the stream made before). The key, a string of
    ~260 characters, is kept as its 16-byte BLAKE2b digest (two 64-bit halves), the stream
    as its object number, in an open-addressing table of arrays (at most half full; ~40
    bytes an appearance, no object)."""

    def __init__(self, doc: pdfdoc.PDFDocument, refs: dict):
        self.doc = doc
        self.count = 0
        self._last: tuple[str | None, tuple[int, int]] = (None, (0, 0))
        self._table(1024)
        for key, ref in refs.items():
            self[key] = ref

    def _table(self, slots: int) -> None:
        self.low, self.high = array("Q", bytes(8 * slots)), array("Q", bytes(8 * slots))
        self.numbers = array("I", bytes(4 * slots))  # 0: an empty slot (objects are numbered from 1)

    def _digest(self, key: str) -> tuple[int, int]:
        """The key's digest; the last one is remembered (reportlab asks ``in`` then ``[]``)."""
        if key is self._last[0]:
            return self._last[1]
        digest = digests.digest(key.encode("utf-8", "surrogatepass"))
        self._last = (key, digest)
        return digest

    def _slot(self, low: int, high: int) -> int:
        return digests.slot(self.numbers, self.low, self.high, low, high)

    def _grow(self) -> None:
        """Twice the slots, the entries moved from the old arrays one by one."""
        low, high, numbers = self.low, self.high, self.numbers
        self._table(2 * len(numbers))
        for j, n in enumerate(numbers):
            if n:
                i = self._slot(low[j], high[j])
                self.low[i], self.high[i], self.numbers[i] = low[j], high[j], n

    def __len__(self) -> int:
        return self.count

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self.numbers[self._slot(*self._digest(key))] != 0

    def __getitem__(self, key: str) -> pdfdoc.PDFObjectReference:
        n = self.numbers[self._slot(*self._digest(key))]
        if not n:
            raise KeyError(key)
        return pdfdoc.PDFObjectReference(self.doc.numberToId[n])

    def __setitem__(self, key: str, ref: pdfdoc.PDFObjectReference) -> None:
        if 2 * (self.count + 1) > len(self.numbers):
            self._grow()
        low, high = self._digest(key)
        i = self._slot(low, high)
        if not self.numbers[i]:
            self.count += 1
        self.low[i], self.high[i] = low, high
        self.numbers[i] = self.doc.idToObjectNumberAndVersion[ref.name][0]


class _ParkedObjects:
    """Objects made while a page was drawn (its form fields, their appearance streams) and
    parked with it: each one's object number (increasing), its pickle's place in the spool and
    its name's number (-1: ``R<number>``; k: ``Annot.NUMBER<k>``, k increasing). Their names
    are answered from these arrays, not kept in reportlab's tables (20 bytes an object)."""

    def __init__(self) -> None:
        self.numbers = array("I")
        self.at, self.size = array("Q"), array("I")
        self.labels = array("q")
        self.annots, self.annot_numbers = array("Q"), array("I")  # Annot.NUMBER<k>: k, number

    def __len__(self) -> int:
        return len(self.numbers)

    def add(self, number: int, label: int, at: int, size: int) -> None:
        self.numbers.append(number)
        self.labels.append(label)
        self.at.append(at)
        self.size.append(size)
        if label >= 0:
            self.annots.append(label)
            self.annot_numbers.append(number)

    def index(self, number: int) -> int | None:
        i = bisect.bisect_left(self.numbers, number)
        return i if i < len(self.numbers) and self.numbers[i] == number else None

    def name_of(self, i: int) -> str:
        """reportlab's name of parked object ``i``."""
        label = self.labels[i]
        return f"R{self.numbers[i]}" if label < 0 else f"{_ANNOT}{label}"

    def number_of(self, name: str) -> int | None:
        """The object number of the parked object reportlab calls ``name``."""
        i = self.find(name)
        return None if i is None else self.numbers[i]

    def find(self, name: str) -> int | None:
        """Where the parked object reportlab calls ``name`` is in the arrays, if it is there."""
        if name.startswith(_ANNOT) and name[len(_ANNOT):].isdigit():
            k = int(name[len(_ANNOT):])
            j = bisect.bisect_left(self.annots, k)
            return self.index(self.annot_numbers[j]) if j < len(self.annots) and self.annots[j] == k else None
        if name.startswith("R") and name[1:].isdigit():
            i = self.index(int(name[1:]))
            return i if i is not None and self.labels[i] < 0 else None
        return None


_ANNOT = "Annot.NUMBER"  # reportlab's name of an unnamed annotation (a form field): Annot.NUMBER<k>


def _label(name: str, number: int, last_annot: int) -> int | None:
    """The number a parked object's name is kept as (see :class:`_ParkedObjects`), or None
    when its name is not one the arrays can answer (the object then stays in the tables)."""
    if name == f"R{number}":
        return -1
    if name.startswith(_ANNOT) and name[len(_ANNOT):].isdigit():
        k = int(name[len(_ANNOT):])
        return k if k > last_annot and str(k) == name[len(_ANNOT):] else None
    return None


def _parkable(obj: Any) -> bool:
    """Objects that belong to one page and are not changed once it is finished: its
    annotations (form fields) and the unnamed dictionaries, streams and snippets made for
    them (appearance streams and their resources), when their name is one the arrays answer
    (:func:`_label`). Fonts, forms, colours and the shared dictionaries reportlab fills in
    later have names of their own."""
    kind = type(obj)
    return (kind.__module__, kind.__name__) in _PARKABLE_TYPES


#: reportlab's classes of such objects (by name: acroform's is not imported unless forms are made).
_PARKABLE_TYPES = {("reportlab.pdfbase.pdfdoc", "PDFDictionary"), ("reportlab.pdfbase.pdfdoc", "PDFStream"),
                   ("reportlab.pdfbase.acroform", "PDFFromString")}


class _Objects(dict):
    """reportlab's ``idToObject`` (name -> object) where the objects parked with their page
    are read back from the spool when asked for, and are still known (``in``) as registered."""

    def __init__(self, entries: dict, doc: StreamingDocument):
        super().__init__(entries)
        self.doc = doc

    def __contains__(self, name: object) -> bool:
        return dict.__contains__(self, name) or (isinstance(name, str) and self.doc._parked_index(name) is not None)

    def __missing__(self, name: str) -> Any:
        i = self.doc._parked_index(name)
        if i is None:
            raise KeyError(name)
        return self.doc._unparked(i)


class _PageTree(pdfdoc.PDFPages):
    """reportlab's page tree (one node) whose kids are the document's parked pages, written
    from their object numbers (the same array reportlab writes from its page references)."""

    def check_format(self, document: Any) -> None:
        numbers = document._pages.numbers
        self.Kids = pdfdoc.PDFArray([b"%d 0 R" % n for n in numbers])
        self.Count = len(numbers)

    def format(self, document: Any) -> bytes:
        """The page tree's bytes; its kids (a small bytes object a page) are let go once
        written, not kept while the rest of the document is."""
        try:
            return super().format(document)
        finally:
            self.Kids = None


class _CompactPage(pdfdoc.PDFPage):
    """A finished page whose unset entries are read from the class, not kept on each page."""


for _name in pdfdoc.PDFPage.__NoDefault__:
    setattr(_CompactPage, _name, None)


def _compact(page: pdfdoc.PDFPage) -> None:
    """Drop the page's unset (None) entries, so its pickle is smaller: reportlab reads them
    with getattr, and the class gives None."""
    page.__class__ = _CompactPage
    for name in pdfdoc.PDFPage.__NoDefault__:
        if name in page.__dict__ and page.__dict__[name] is None:
            del page.__dict__[name]


def _encoded_contents(page: pdfdoc.PDFPage, document: Any) -> bytes:
    """The bytes reportlab writes for ``page``'s content stream (PDFPage.check_format's stream)."""
    stream = pdfdoc.PDFStream()
    if page.compression:
        a85 = _BASE85_BYTES if type(document.encrypt) is pdfdoc.NoEncryption else pdfdoc.PDFBase85Encode
        stream.filters = [a85, pdfdoc.PDFZCompress] if rl_config.useA85 else [pdfdoc.PDFZCompress]
    stream.content = page.stream
    return stream.format(document)


class _SinkFile(pdfdoc.PDFFile):
    """reportlab's output collector, writing to a file instead of keeping the pieces."""

    strings: list[bytes]

    def __init__(self, sink: IO[bytes], pdf_version: Any):
        super().__init__(pdf_version)  # reportlab's own header: its words differ between versions
        sink.write(b"".join(self.strings))
        self.strings = []
        self.write = sink.write

    def format(self, document: Any) -> bytes:
        return b""


class StreamingDocument(pdfdoc.PDFDocument):
    """reportlab's PDFDocument with its pages parked in a spool file, written object by object
    to ``self.sink`` (see the module's docstring). Made from a canvas's document by
    :meth:`adopt`."""

    sink: IO[bytes]
    _spool: IO[bytes]
    _spool_end: int
    _pages: _PageTable
    _streams: _StreamTable
    _objects: _ParkedObjects
    _unparked_from: int  # the first object number not looked at for parking

    @classmethod
    def adopt(cls, doc: pdfdoc.PDFDocument) -> StreamingDocument:
        """Turn a fresh reportlab document (no page added yet) into a streaming one."""
        doc.__class__ = cls
        assert isinstance(doc, StreamingDocument)
        doc._spool = tempfile.TemporaryFile()  # noqa: SIM115 - closed by close_spool
        doc._spool_end = 0
        doc._pages, doc._streams, doc._objects = _PageTable(), _StreamTable(), _ParkedObjects()
        doc._unparked_from = doc.objectcounter + 1
        doc.idToObject = _Objects(doc.idToObject, doc)
        doc.idToObjectNumberAndVersion = _ObjectNumbers(doc.idToObjectNumberAndVersion, doc._pages, doc._streams,
                                                        doc._objects)
        doc.numberToId = _NumberNames(doc.numberToId, doc._objects)
        doc.Pages.__class__ = _PageTree
        return doc

    def close_spool(self) -> None:
        self._spool.close()

    # -- drawing: each finished page goes to the spool ----------------------------------------

    def addPage(self, page: pdfdoc.PDFPage) -> None:  # noqa: N802 - reportlab's name
        """reportlab's addPage (the page takes the next object number and ``Page<k>`` name),
        with the page parked in the spool instead of kept in the tables and the page tree."""
        self._park_objects()
        self.objectcounter += 1
        self._unparked_from = self.objectcounter + 1
        contents = self._spool_contents(page)
        if type(page) is pdfdoc.PDFPage:
            _compact(page)
        data = pickle.dumps(page, pickle.HIGHEST_PROTOCOL)
        self._pages.add(self.objectcounter, self._spooled(data), len(data), contents)
        self.pageCounter += 1
        self.inObject = None

    def _park_objects(self) -> None:
        """Move the objects made since the last page that belong to this page (see
        :func:`_parkable`) to the spool, their names and numbers to the parked objects' arrays;
        the AcroForm keeps its fields and appearance streams as numbers (:class:`_FieldRefs`,
        :class:`_AppearanceRefs`)."""
        self._compact_acroform()
        objects = self._objects
        for number in range(self._unparked_from, self.objectcounter + 1):
            name = dict.get(self.numberToId, number)
            obj = dict.get(self.idToObject, name) if name is not None else None
            if name is None or obj is None or not _parkable(obj):
                continue
            label = _label(name, number, objects.annots[-1] if objects.annots else -1)
            if label is None:
                continue
            data = pickle.dumps(obj, pickle.HIGHEST_PROTOCOL)
            objects.add(number, label, self._spooled(data), len(data))
            dict.__delitem__(self.idToObject, name)
            dict.__delitem__(self.idToObjectNumberAndVersion, name)
            dict.__delitem__(self.numberToId, number)

    def _compact_acroform(self) -> None:
        """The AcroForm's list of fields and appearance streams as numbers, once it is made."""
        form = getattr(self._catalog, "AcroForm", None)
        if form is None:
            return
        if type(getattr(form, "fields", None)) is list:
            form.fields = _FieldRefs(self, form.fields)
            form.format = types.MethodType(_format_acroform, form)
        if type(getattr(form, "_refMap", None)) is dict:
            form._refMap = _AppearanceRefs(self, form._refMap)

    def _parked_index(self, name: str) -> int | None:
        """Where the object reportlab calls ``name`` is in the parked objects, if it is there."""
        return self._objects.find(name)

    def _unparked(self, i: int) -> Any:
        """Parked object ``i`` as it was parked."""
        self._spool.seek(self._objects.at[i])
        return pickle.loads(self._spool.read(self._objects.size[i]))  # noqa: S301 - our own temp file

    def _spooled(self, data: bytes) -> int:
        """Append ``data`` to the spool file; its offset there."""
        at = self._spool_end
        self._spool.seek(at)
        self._spool.write(data)
        self._spool_end += len(data)
        return at

    def _spool_contents(self, page: pdfdoc.PDFPage) -> tuple[int, int]:
        """Encode the page's content stream into the spool, as reportlab would at save time;
        (offset, length) there, or (0, 0) when the page keeps its own contents."""
        if not page.stream or page.Contents or page.Override_default_compilation:
            return (0, 0)
        data = _encoded_contents(page, self)
        page.stream = None
        return (self._spooled(data), len(data))

    # -- writing --------------------------------------------------------------------------------

    def _parked_page(self, i: int) -> pdfdoc.PDFPage:
        """Page ``i`` (from 0) as it was parked, its content stream to be read from the spool."""
        pages = self._pages
        self._spool.seek(pages.at[i])
        page = pickle.loads(self._spool.read(pages.size[i]))  # noqa: S301 - our own temp file
        if pages.contents_size[i]:
            page.Contents = SpooledStream(self._spool, pages.contents_at[i], pages.contents_size[i])
        return page

    def Reference(self, obj: Any, name: str | None = None) -> Any:  # noqa: N802 - reportlab's name
        """reportlab's Reference; a spooled content stream takes the next object number as
        reportlab's stream would, kept in the stream table rather than the name tables."""
        if name is None and type(obj) is SpooledStream:
            if not hasattr(obj, "__InternalName__"):
                self.objectcounter += 1
                obj.__InternalName__ = f"R{self.objectcounter}"
                self._streams.add(self.objectcounter, obj)
            return pdfdoc.PDFObjectReference(obj.__InternalName__)
        return super().Reference(obj, name)

    def _object(self, number: int, next_page: int, next_stream: int) -> tuple[str, Any, int, int]:
        """Object ``number``'s name and object (a parked page, a spooled stream or one from
        reportlab's tables), and the next page and stream to look for."""
        pages, streams = self._pages, self._streams
        if next_page < len(pages) and pages.numbers[next_page] == number:
            return f"Page{next_page + 1}", self._parked_page(next_page), next_page + 1, next_stream
        if next_stream < len(streams) and streams.numbers[next_stream] == number:
            i = next_stream
            stream = SpooledStream(self._spool, streams.at[i], streams.size[i])
            return f"R{number}", stream, next_page, next_stream + 1
        oid = self.numberToId[number]
        return oid, self.idToObject[oid], next_page, next_stream

    def format(self) -> bytes:  # same steps and bytes as PDFDocument.format (reportlab 4 and 5)
        if getattr(self, "_digiSigs", None):  # pragma: no cover - printkit signs nothing
            raise NotImplementedError("signed PDFs are not streamed")
        self.encrypt.prepare(self)
        cat, info = self.Catalog, self.info
        self.Reference(cat)
        self.Reference(info)
        encryptinfo = self.encrypt.info()
        encryptref = self.Reference(encryptinfo) if encryptinfo else None
        self.__accum__ = out = _SinkFile(self.sink, self._pdfVersion)
        offsets = array("Q")  # of objects 1, 2, ...
        number, next_page, next_stream = 0, 0, 0
        plain = type(self.encrypt) is pdfdoc.NoEncryption  # streams' ASCII85 text as bytes (see _as_bytes)
        with _FastFormat():
            while number < self.objectcounter:  # objects may be added while others are formatted
                number += 1
                oid, obj, next_page, next_stream = self._object(number, next_page, next_stream)
                if type(obj) is pdfdoc.PDFTrueTypeFont:
                    _fast_widths(obj)
                else:
                    _remembering(obj, plain)
                if not rl_config.invariant and rl_config.pdfComments:  # as reportlab does
                    out.add(f"% {ascii(oid)}: class {obj.__class__.__name__[:50]} \n")
                offsets.append(out.add(pdfdoc.PDFIndirectObject(oid, obj).format(self)))
        del self.__accum__
        count = len(self.numberToId) + len(self._pages) + len(self._streams) + len(self._objects)
        if number != count:  # pragma: no cover - reportlab's own sanity check
            raise ValueError(f"counter {number} does not match {count} objects")
        xref_at = _write_xref(out, offsets)
        trailer = pdfdoc.PDFTrailer(startxref=xref_at, Size=count + 1, Root=self.Reference(cat),
                                    Info=self.Reference(info), Encrypt=encryptref, ID=self.ID())
        out.add(trailer.format(self))
        return b""


_KNOWN_LIMIT = 4096  # names and strings whose bytes are remembered, then it starts again


class _Known(dict):
    """Bytes remembered by what they were made of (a dictionary key's ``/Name``, a string's
    PDFDocEncoding), at most ``_KNOWN_LIMIT`` at a time: the documents of one ``make`` share
    most of their names (``/Type``, ``/Resources``, ``/Font``...), a function of the key alone."""

    def remember(self, key: str, value: bytes) -> bytes:
        if len(self) >= _KNOWN_LIMIT:
            self.clear()
        self[key] = value
        return value


_NAMES = _Known()  # a dictionary key -> the bytes of its PDFName
_TEXTS = _Known()  # a str value -> its bytes (pdfdocEnc)
_rl_format = pdfdoc.format  # reportlab's own, for everything the fast writer does not know


def _name_bytes(key: Any) -> bytes:
    """The bytes reportlab writes for dictionary key ``key`` (``format(PDFName(key))``)."""
    if type(key) is not str:
        return _rl_format(pdfdoc.PDFName(key), None)
    found = _NAMES.get(key)
    return found if found is not None else _NAMES.remember(key, pdfdoc.pdfdocEnc(pdfdoc.PDFName(key)))


def _text_bytes(text: str) -> bytes:
    """``pdfdocEnc(text)``, remembered (reportlab writes names and keywords as str values)."""
    found = _TEXTS.get(text)
    return found if found is not None else _TEXTS.remember(text, pdfdoc.pdfdocEnc(text))


def _format_dictionary(element: pdfdoc.PDFDictionary, document: Any) -> bytes:
    """reportlab's ``PDFDictionary.format``, its keys' bytes remembered (see _name_bytes)."""
    d = element.dict
    keys = list(d.keys())
    if not isinstance(d, pdfdoc.OrderedDict):
        keys.sort()
    fmt = _fast_format
    lines = [_name_bytes(k) + b" " + fmt(d[k], document) for k in keys]
    if (element.multiline and rl_config.pdfMultiLine) or element.multiline == "forced":
        return b"<<\n" + b"\n ".join(lines) + b"\n>>"
    for i in reversed(range(6, len(lines), 6)):  # reportlab breaks the line every 6 entries
        lines.insert(i, b"\n ")
    return b"<<\n" + b" ".join(lines) + b"\n>>"


def _format_array(element: pdfdoc.PDFArray, document: Any) -> bytes:
    """reportlab's ``PDFArray.format`` (see _fast_format for its elements)."""
    fmt = _fast_format
    items = [fmt(e, document) for e in element.sequence]
    if (element.multiline and rl_config.pdfMultiLine) or element.multiline == "forced":
        return b"[ " + b"\n ".join(items) + b" ]"
    for i in reversed(range(10, len(items), 10)):  # reportlab breaks the line every 10 elements
        items.insert(i, b"\n ")
    return b"[ " + b" ".join(items) + b" ]"


def _format_reference(element: pdfdoc.PDFObjectReference, document: Any) -> bytes:
    """reportlab's ``PDFObjectReference.format``: ``<number> <version> R``."""
    try:
        return b"%d %d R" % document.idToObjectNumberAndVersion[element.name]
    except Exception:  # reportlab's message, and whatever else it would raise
        return element.format(document)


def _fast_format(element: Any, document: Any, toplevel: int = 0) -> bytes:
    """reportlab's ``pdfdoc.format`` (the same bytes) for the values printkit's documents are
    made of, without its generic steps: a str's bytes are remembered (names, keywords), a
    number is one ``fp_str``, a plain dictionary, array or reference is formatted here (their
    elements through this function again); anything else is reportlab's ``format``. Used only
    when reportlab writes no comments (``format`` would prefix an object's ``__Comment__``)."""
    kind = type(element)
    if kind is str:
        return _text_bytes(element)
    if kind is int or kind is float:
        return fp_str(element).encode("ascii")
    if kind is bytes:
        return element
    if kind is pdfdoc.PDFObjectReference:
        return _format_reference(element, document)
    if kind is pdfdoc.PDFDictionary or kind is pdfdoc.PDFArray:
        if not toplevel and "__RefOnly__" in element.__dict__:
            return _rl_format(element, document, toplevel)
        if kind is pdfdoc.PDFDictionary:
            return _format_dictionary(element, document)
        return _format_array(element, document)
    return _rl_format(element, document, toplevel)


class _FastFormat:
    """While a document is written, reportlab's module-level ``pdfdoc.format`` (which every
    reportlab object calls for its parts) is :func:`_fast_format`, which gives the same bytes;
    reportlab's own is put back after, even on an error. Not when reportlab writes comments."""

    def __enter__(self) -> None:
        self.active = rl_config.invariant or not rl_config.pdfComments
        if self.active:
            pdfdoc.format = _fast_format

    def __exit__(self, *exc: object) -> None:
        if self.active:
            pdfdoc.format = _rl_format


class _Encodings:
    """Encoded stream contents by filter and content, remembered within the process.

    ``make all`` writes 25 documents whose fonts' subsets are mostly the same glyphs (each
    font's first subset holds the ASCII a document uses) and whose ``--bw`` symbols' forms
    repeat across a game's components: of 400 zlib compressions, 243 were of contents
    compressed before (47 of 73 ms; ``--bw``: 345 of 686). A filter's encoding is a function
    of its input (and, for ASCII85, of ``rl_config.wrapA85``, part of the key), so a content
    seen before gets the same bytes. At most ``_ENCODED_BYTES`` of contents and encodings are
    kept, then it starts again; page contents (encoded as a page is parked) do not come here."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = 0
        self.known: dict[tuple[str, bool, bytes | str], bytes] = {}

    def encode(self, inner: Any, content: bytes | str) -> bytes:
        """``inner.encode(content)``, remembered."""
        key = (inner.pdfname, bool(rl_config.wrapA85), content)
        found = self.known.get(key)
        if found is None:
            found = inner.encode(content)
            size = len(content) + len(found)
            if self.size + size > self.limit:
                self.known.clear()
                self.size = 0
            if size <= self.limit:
                self.known[key] = found
                self.size += size
        return found


_ENCODED_BYTES = 16 << 20
_ENCODINGS = _Encodings(_ENCODED_BYTES)


def _as_bytes(encoded: bytes | str) -> bytes | str:
    """A filter's output as the bytes reportlab's stream makes of it when it is a str (the
    ASCII85 filter's text: ``format`` encodes it by PDFDocEncoding's codec, ~10x slower than
    the ASCII encoding that gives the same bytes, see _pdfdoc_bytes), for a document that
    encrypts nothing (encryption treats str and bytes apart). The stream's Length (its
    characters, then its bytes) is the same number for ASCII; a following filter (zlib)
    encodes a str as UTF-8, the same bytes. Left as it is when not plain ASCII."""
    if type(encoded) is str:
        data = _pdfdoc_bytes(encoded)
        if data is not None:
            return data
    return encoded


class _Base85Bytes:
    """reportlab's ASCII85 filter, its text given as bytes (see _as_bytes): a ``--bw`` kit's
    page contents are ~3 MB of ASCII85 text."""

    pdfname = pdfdoc.PDFBase85Encode.pdfname

    def encode(self, text: bytes | str) -> bytes | str:
        return _as_bytes(pdfdoc.PDFBase85Encode.encode(text))

    def decode(self, encoded: bytes) -> Any:  # pragma: no cover - reportlab never decodes here
        return pdfdoc.PDFBase85Encode.decode(encoded)


_BASE85_BYTES = _Base85Bytes()


class _RememberedFilter:
    """One of reportlab's stream filters (FlateDecode, ASCII85Decode), its encodings looked up
    in :data:`_ENCODINGS` first; with ``as_bytes``, a str encoding given as bytes (see
    _as_bytes: for a document that encrypts nothing)."""

    def __init__(self, inner: Any, as_bytes: bool = False) -> None:
        self.inner = inner
        self.pdfname = inner.pdfname
        self.as_bytes = as_bytes

    def encode(self, text: bytes | str) -> bytes | str:
        found = _ENCODINGS.encode(self.inner, text)
        return _as_bytes(found) if self.as_bytes else found

    def decode(self, encoded: bytes) -> Any:  # pragma: no cover - reportlab never decodes here
        return self.inner.decode(encoded)


#: reportlab's own filter objects (the ones its streams and forms use) and their remembering twins.
_REMEMBERED = {id(f): _RememberedFilter(f) for f in (pdfdoc.PDFZCompress, pdfdoc.PDFBase85Encode)}
_REMEMBERED_BYTES = {id(f): _RememberedFilter(f, as_bytes=True) for f in (pdfdoc.PDFZCompress, pdfdoc.PDFBase85Encode)}


class _RememberingStream(pdfdoc.PDFStream):
    """A PDFStream whose filters, when reportlab's own, encode through :data:`_ENCODINGS`:
    reportlab's ``PDFStream.format`` reads ``self.filters`` once and calls each one's
    ``encode``; a form sets its contents' filters as it formats, so they are swapped as read."""

    _twins = _REMEMBERED

    @property
    def filters(self) -> list[Any] | None:
        kept = self.__dict__.get("filters")
        return None if kept is None else [self._twins.get(id(f), f) for f in kept]

    @filters.setter
    def filters(self, value: list[Any] | None) -> None:
        self.__dict__["filters"] = value


class _RememberingBytesStream(_RememberingStream):
    """A _RememberingStream whose ASCII85 text comes as bytes (see _as_bytes), for a document
    that encrypts nothing."""

    _twins = _REMEMBERED_BYTES


def _remembering(obj: Any, as_bytes: bool = False) -> None:
    """Let a font's streams (its subset's file, its ToUnicode map) and a form's contents encode
    through :data:`_ENCODINGS` (the same bytes: see :class:`_Encodings`). A form's contents are
    made here as ``PDFFormXObject.format`` makes them (a stream of the form's bytes), once it
    has bytes and no contents of its own. ``as_bytes``: the document encrypts nothing."""
    kind = type(obj)
    remembering = _RememberingBytesStream if as_bytes else _RememberingStream
    if kind is pdfdoc.PDFStream:
        obj.__class__ = remembering
    elif kind is pdfdoc.PDFFormXObject and not obj.Contents and obj.stream:
        contents = remembering()
        contents.content = obj.stream
        contents.__Comment__ = "xobject form stream"
        obj.Contents = contents


def _write_xref(out: _SinkFile, offsets: array) -> int:
    """Write the cross-reference table reportlab writes (one section from object 0, every
    object at generation 0) in chunks; its offset in the file."""
    at = out.add(b"xref\n0 %d\n0000000000 65535 f \n" % (len(offsets) + 1))
    for i in range(0, len(offsets), _XREF_CHUNK):
        out.add(b"".join([b"%010d 00000 n \n" % o for o in offsets[i:i + _XREF_CHUNK]]))
    return at


#: The characters below 128 reportlab's PDFDocEncoding does not encode (it raises on them).
_NOT_PDFDOC = tuple(bytes([c]) for c in range(0x18, 0x20))


def _pdfdoc_bytes(text: str) -> bytes | None:
    """``text.encode("extpdfdoc")`` (reportlab's ``pdfdocEnc``) when ``text`` is ASCII without
    a character that codec refuses: the codec maps every other ASCII character to itself.
    None otherwise (reportlab's codec then encodes it, or raises, as it would)."""
    if not text.isascii():  # O(1): CPython keeps whether a string is ASCII
        return None
    data = text.encode("ascii")
    return None if any(c in data for c in _NOT_PDFDOC) else data


class SpoolingCanvas(rl_canvas.Canvas):
    """A reportlab Canvas whose document is a :class:`StreamingDocument`: finished pages go
    to a temporary file, and :meth:`save_to` writes the PDF object by object."""

    _doc: StreamingDocument
    _code: list[str]  # reportlab's operators of the page or form being drawn
    _preamble: str

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._doc = StreamingDocument.adopt(self._doc)

    def endForm(self, **extra_attributes: Any) -> None:  # noqa: N802 - reportlab's name
        """reportlab's endForm, the form's operators encoded here when that gives its bytes.

        reportlab joins the form's operators (its preamble, then each one, by newlines) and
        encodes them with its PDFDocEncoding codec, a character map (~17 ns a character: the
        ``--bw`` kit's forms hold 4.2 MB of dots, ~70 ms). For ASCII text without the eight
        characters that codec refuses (0x18 to 0x1F) its bytes are the ASCII ones, made in C
        (:func:`_pdfdoc_bytes`); the form is then given them as its ``stream`` (endForm sets its
        keyword arguments on the form after encoding, here an empty list of operators)."""
        if "stream" not in extra_attributes:
            data = _pdfdoc_bytes("\n".join([self._preamble, *self._code]))
            if data is not None:
                self._code = []
                extra_attributes["stream"] = data
        super().endForm(**extra_attributes)

    def save_to(self, sink: IO[bytes]) -> None:
        """Write the document to ``sink`` object by object, then free the spool."""
        if len(self._code):
            self.showPage()
        self._doc.sink = sink
        try:
            self._doc.SaveToFile(sink, self)
        finally:
            self._doc.close_spool()
