"""Bounded memory for long PDFs: reportlab's own document, with its pages kept on disk.

reportlab keeps every page's drawing commands (about 18 KB for a full score sheet) until it saves,
then builds the whole file in memory (and copies it twice more). For ``--count 10000`` that is
about a gigabyte. This module changes where the bytes live, not what they are:

- :class:`SpoolingCanvas` encodes each page's content stream as soon as the page is finished
  (exactly as reportlab would at save time: the same filters, the same dictionary) and keeps
  the encoded bytes in a temporary file; the page keeps a small :class:`SpooledStream` that
  gives those bytes back when the document is written. Pages whose XObject dictionaries name
  the same forms share one dictionary object.
- :class:`StreamingDocument` is reportlab's ``PDFDocument`` whose final ``format`` writes each
  object to the output file as it is formatted instead of collecting them all, and returns
  nothing.

Object numbers, order and every byte are reportlab's: a file made this way is byte-identical
to one made by ``Canvas.save`` into memory (tests/core/test_pdf_stream.py checks it). Fonts,
forms and AcroForm fields stay where reportlab puts them, once in the file.
"""

from __future__ import annotations

import pickle
import tempfile
from typing import IO, Any

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen import canvas as rl_canvas


class SpooledStream(pdfdoc.PDFObject):
    """A page's content stream, already encoded, read back from the spool file when written."""

    __slots__ = ("spool", "offset", "length", "__InternalName__")  # no per-object __dict__
    __RefOnly__ = 1  # an indirect object, as reportlab's PDFStream is

    def __init__(self, spool: IO[bytes], offset: int, length: int):
        self.spool, self.offset, self.length = spool, offset, length

    def format(self, document: Any) -> bytes:
        self.spool.seek(self.offset)
        return self.spool.read(self.length)


class ParkedPage(pdfdoc.PDFObject):
    """A finished page dictionary kept in the spool file (pickled), in the document's place.

    reportlab keeps every page object (its attribute dictionary, boxes, resource dictionaries:
    a few KB each) until the end, to write the page tree and the pages. This stand-in keeps a
    few numbers: the page tree references it by the page's own name, and when the document
    is written it loads the page back and formats it there, so every byte and object number
    is reportlab's.
    """

    __slots__ = ("__InternalName__", "spool", "offset", "length", "contents")
    __RefOnly__ = 1
    __Comment__ = pdfdoc.PDFPage.__Comment__

    def __init__(self, name: str, spool: IO[bytes], offset: int, length: int,
                 contents: tuple[int, int] | None):
        self.__InternalName__ = name
        self.spool, self.offset, self.length, self.contents = spool, offset, length, contents

    def page(self) -> pdfdoc.PDFPage:
        """The page as it was parked (its content stream read from the spool when written)."""
        self.spool.seek(self.offset)
        page = pickle.loads(self.spool.read(self.length))  # noqa: S301 - our own temp file
        if self.contents is not None:
            page.Contents = SpooledStream(self.spool, *self.contents)
        return page

    def format(self, document: Any) -> bytes:
        return self.page().format(document)


def _encoded_contents(page: pdfdoc.PDFPage, document: Any) -> bytes:
    """The bytes reportlab writes for ``page``'s content stream (PDFPage.check_format's stream)."""
    stream = pdfdoc.PDFStream()
    if page.compression:
        stream.filters = ([pdfdoc.PDFBase85Encode, pdfdoc.PDFZCompress] if rl_config.useA85
                          else [pdfdoc.PDFZCompress])
    stream.content = page.stream
    return stream.format(document)


class _CompactPage(pdfdoc.PDFPage):
    """A finished page whose unset entries are read from the class, not kept on each page."""


for _name in pdfdoc.PDFPage.__NoDefault__:
    setattr(_CompactPage, _name, None)


def _compact(page: pdfdoc.PDFPage) -> None:
    """Drop the page's unset (None) entries: reportlab reads them with getattr, and the class
    gives None; a long document keeps thousands of pages until it is written."""
    page.__class__ = _CompactPage
    for name in pdfdoc.PDFPage.__NoDefault__:
        if name in page.__dict__ and page.__dict__[name] is None:
            del page.__dict__[name]


class SpoolingCanvas(rl_canvas.Canvas):
    """A reportlab Canvas that moves each finished page's content stream to a temporary file."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._spool: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115 - closed by save_to (or with the canvas)
        self._spool_end = 0
        self._xobjects: dict[frozenset, Any] = {}
        self._shared: dict[tuple, Any] = {}
        self._doc.__class__ = StreamingDocument

    def showPage(self) -> None:  # noqa: N802 - reportlab's name
        super().showPage()
        page = self._doc.Pages.pages[-1]
        if page.stream and not page.Contents and not page.Override_default_compilation:
            data = _encoded_contents(page, self._doc)
            self._spool.seek(self._spool_end)
            self._spool.write(data)
            page.Contents = SpooledStream(self._spool, self._spool_end, len(data))
            self._spool_end += len(data)
            page.stream = None
        self._share_xobjects(page)
        self._share_boxes(page)
        if type(page) is pdfdoc.PDFPage:
            _compact(page)
            self._park(page)

    def _spooled(self, data: bytes) -> int:
        """Append ``data`` to the spool file; its offset there."""
        at = self._spool_end
        self._spool.seek(at)
        self._spool.write(data)
        self._spool_end += len(data)
        return at

    def _park(self, page: pdfdoc.PDFPage) -> None:
        """Move the finished page dictionary to the spool file; the document keeps a
        :class:`ParkedPage` under the page's name (in its object table and page tree)."""
        contents = page.__dict__.pop("Contents", None)
        spooled = (contents.offset, contents.length) if isinstance(contents, SpooledStream) else None
        if contents is not None and spooled is None:
            page.Contents = contents
        data = pickle.dumps(page, pickle.HIGHEST_PROTOCOL)
        name = page.__InternalName__
        parked = ParkedPage(name, self._spool, self._spooled(data), len(data), spooled)
        self._doc.idToObject[name] = parked
        self._doc.Pages.pages[-1] = parked

    def _share_xobjects(self, page: pdfdoc.PDFPage) -> None:
        """One XObject dictionary for all pages that use the same forms (it only names them)."""
        x = page.XObjects
        if x is not None:
            page.XObjects = self._xobjects.setdefault(frozenset(x.dict), x)

    def _share_boxes(self, page: pdfdoc.PDFPage) -> None:
        """One array for every page with the same trim (bleed, crop, art) box, one empty
        transition dictionary: reportlab makes new ones for each page."""
        for name in ("TrimBox", "BleedBox", "CropBox", "ArtBox"):
            box = getattr(page, name, None)
            if isinstance(box, pdfdoc.PDFArray):
                setattr(page, name, self._shared.setdefault((name, *box.sequence), box))
        trans = getattr(page, "Trans", None)
        if isinstance(trans, pdfdoc.PDFDictionary) and not trans.dict:
            page.Trans = self._shared.setdefault(("Trans",), trans)

    def save_to(self, sink: IO[bytes]) -> None:
        """Write the document to ``sink`` object by object, then free the spool."""
        if len(self._code):
            self.showPage()
        self._doc.sink = sink
        try:
            self._doc.SaveToFile(sink, self)
        finally:
            self._spool.close()


class _SinkFile(pdfdoc.PDFFile):
    """reportlab's output collector, writing to a file instead of keeping the pieces."""

    def __init__(self, sink: IO[bytes], pdf_version: Any):
        self.strings: list[bytes] = []
        self.write = sink.write
        self.offset = 0
        self.add(pdfdoc.pdfdocEnc("%%PDF-%s.%s" % pdf_version)  # noqa: UP031 - reportlab's header
                 + b"\n%\223\214\213\236 ReportLab Generated PDF document (opensource)\n")

    def format(self, document: Any) -> bytes:
        return b""


class StreamingDocument(pdfdoc.PDFDocument):
    """reportlab's PDFDocument.format, writing each object to ``self.sink`` as it goes."""

    sink: IO[bytes]

    def format(self) -> bytes:  # same steps as PDFDocument.format (reportlab 4 and 5)
        if getattr(self, "_digiSigs", None):  # pragma: no cover - printkit signs nothing
            raise NotImplementedError("signed PDFs are not streamed")
        self.encrypt.prepare(self)
        cat, info = self.Catalog, self.info
        self.Reference(cat)
        self.Reference(info)
        encryptinfo = self.encrypt.info()
        encryptref = self.Reference(encryptinfo) if encryptinfo else None
        self.__accum__ = out = _SinkFile(self.sink, self._pdfVersion)
        ids = []
        counter = 0
        while True:  # objects may be added while others are formatted
            counter += 1
            if counter not in self.numberToId:
                break
            oid = self.numberToId[counter]
            obj = self.idToObject[oid]
            if not rl_config.invariant and rl_config.pdfComments:  # as reportlab does
                out.add(f"% {ascii(oid)}: class {obj.__class__.__name__[:50]} \n")
            self.idToOffset[oid] = out.add(pdfdoc.PDFIndirectObject(oid, obj).format(self))
            ids.append(oid)
        del self.__accum__
        count = len(self.numberToId)
        if counter - 1 != count:  # pragma: no cover - reportlab's own sanity check
            raise ValueError(f"counter {counter} does not match {count} objects")
        xref = pdfdoc.PDFCrossReferenceTable()
        xref.addsection(0, ids)
        xref_at = out.add(xref.format(self))
        trailer = pdfdoc.PDFTrailer(startxref=xref_at, Size=count + 1, Root=self.Reference(cat),
                                    Info=self.Reference(info), Encrypt=encryptref, ID=self.ID())
        out.add(trailer.format(self))
        return b""
