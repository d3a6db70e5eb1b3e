"""One PDF from several made in turn (core/draw/pdf.py's chunks), written as it is read.

A long document (``make GAME --count 10000``) is drawn by reportlab a chunk of pages at a
time; each chunk is a whole PDF. :class:`PdfJoiner` reads a chunk with pypdf and writes its
pages' objects to the output at once, numbered anew, keeping only numbers: each object's
offset for the cross-reference table, each page's object number for the page tree and each
form field's for the AcroForm. So memory does not grow with the number of pages.

- Objects a page's resources reach (fonts, their files, symbol forms) are written once when
  chunks give them the same bytes (after renumbering); a chunk whose pages use other glyphs
  carries its own font subset.
- The catalog's viewer preferences, the document information and the file identifier are the
  first chunk's, the AcroForm's defaults the first form's; the AcroForm lists every chunk's fields.
- Objects are written by pypdf (``write_to_stream``): a stream keeps its encoded bytes.
- Font subsets get tags of their own: reportlab names every font's first subset ``AAAAAA+``
  (its public API has no way to choose), so two chunks' different subsets of one font would
  share a name, which the PDF standard forbids ("different subsets in the same PDF file shall
  have different tags"). A subset's tag is six letters from a digest of its font's name and
  its font program (so of its glyphs): equal subsets get equal tags (and are written once),
  and a tag already given to another subset is never given again.
- A PDF/X file (``--cmyk``, :mod:`printkit.core.draw.pdfx`) gets its output intent in the
  catalog, its version in the document information, and the black overprint graphics state
  in every page's and form's resources.
- Text fields get the field font (:mod:`printkit.core.formfont`): reportlab names Helvetica in
  each text field's ``/DA``, the form's ``/DR`` and each field's appearance; the joined file
  names the field font (written once, whole) in ``/DA`` and ``/DR`` instead, and each text
  field's appearance (its own: viewers rewrite it in place) is drawn with it.
  reportlab's Helvetica is left out.

The same chunks always give the same bytes.
"""

from __future__ import annotations

import hashlib
import io
import re
from array import array
from collections.abc import Callable, Iterator
from typing import IO, Any

from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, NameObject

_CATALOG, _PAGES = 1, 2
#: A subset font's name: a tag of six capital letters, ``+``, the font's name.
_TAGGED = re.compile(r"^/[A-Z]{6}\+(.+)$")
_PROGRAMS = ("/FontFile2", "/FontFile", "/FontFile3")
_LIST_CHUNK = 4096  # numbers of a long array (page tree kids, fields) written at once


class PdfJoiner:
    """Write the pages of the PDFs given to :meth:`add`, in order, as one PDF to ``sink``;
    :meth:`close` writes the page tree, the catalog and the cross-reference table."""

    def __init__(self, sink: IO[bytes], output_intent: DictionaryObject | None = None):
        self.sink = sink
        #: A PDF/X file's output intent (pdfx.output_intent); None: not a PDF/X file.
        self.output_intent = output_intent
        self.at = 0
        self.offsets = array("Q", [0, 0, 0])  # by object number; 1 and 2 written last
        self.kids = array("I")
        self.fields = array("I")
        #: Shared objects written, by the digest of their bytes: their object numbers.
        self.written: dict[bytes, int] = {}
        self.catalog: DictionaryObject | None = None
        self.form: DictionaryObject | None = None
        #: The field font's object number (0 until a text field needs it).
        self.field_font = 0
        self.trailer: dict[str, Any] = {}
        #: Font subsets' tags, by the digest of their name and program; the tags given.
        self.tags: dict[bytes, str] = {}
        self.tags_given: set[str] = set()
        self._write(b"%PDF-1.4\n%\x93\x8c\x8b\x9e printkit\n")

    # -- writing --------------------------------------------------------------------------------
    def _write(self, data: bytes) -> None:
        self.sink.write(data)
        self.at += len(data)

    def new_number(self) -> int:
        self.offsets.append(0)
        return len(self.offsets) - 1

    def write_object(self, number: int, *parts: bytes) -> None:
        """Write object ``number``, its body given in ``parts``."""
        self.offsets[number] = self.at
        self._write(b"%d 0 obj\n" % number)
        for part in parts:
            self._write(part)
        self._write(b"\nendobj\n")

    def tag(self, digest: bytes) -> str:
        """The six capital letters of the subset whose name and program have ``digest``: the
        same for the same digest, and one no other subset of this file has."""
        tag = self.tags.get(digest)
        if tag is None:
            salt = 0
            while tag is None or tag in self.tags_given:
                n = int.from_bytes(hashlib.blake2b(digest + salt.to_bytes(4, "big"), digest_size=8).digest(), "big")
                tag = "".join(chr(65 + (n // 26**i) % 26) for i in range(6))
                salt += 1
            self.tags[digest] = tag
            self.tags_given.add(tag)
        return tag

    # -- reading a chunk ------------------------------------------------------------------------
    def add(self, pdf: bytes, edit: Callable[[PdfReader], None] | None = None) -> None:
        """Write the pages of ``pdf`` (whole PDF bytes) after those written so far; ``edit``,
        if given, changes the chunk's objects (read by pypdf) before they are written."""
        chunk = _Chunk(self, PdfReader(io.BytesIO(pdf)))
        if edit is not None:
            edit(chunk.reader)
        root = chunk.reader.trailer["/Root"].get_object()
        assert isinstance(root, DictionaryObject)
        for page in chunk.reader.pages:
            self.kids.append(chunk.page(page))
        form = root.get("/AcroForm")
        if form is not None:
            self.fields.extend(chunk.number(ref) for ref in form.get_object()["/Fields"])
        if self.catalog is None:
            self.catalog = DictionaryObject({k: v for k, v in root.items() if k not in ("/Pages", "/AcroForm")})
            chunk.renumber(self.catalog, shared=True)
            trailer = chunk.reader.trailer
            info = trailer.raw_get("/Info")
            if self.output_intent is not None:
                from printkit.core.draw.pdfx import mark_info

                self.catalog[NameObject("/OutputIntents")] = ArrayObject([self.output_intent])
                mark_info(info.get_object())
            self.trailer = {"/Info": chunk.number(info, shared=True) if info is not None else None,
                            "/ID": trailer.get("/ID")}
        if form is not None and self.form is None:
            self.form = DictionaryObject({k: v for k, v in form.get_object().items() if k != "/Fields"})
            self._form_resources(self.form)
            chunk.renumber(self.form, shared=True)

    # -- the field font -------------------------------------------------------------------------
    @staticmethod
    def _form_resources(form: DictionaryObject) -> None:
        """The form's defaults without reportlab's Helvetica (nor its encoding, when no other
        font is left): :meth:`close` adds the field font when a text field used it."""
        resources = form.get("/DR")
        if not isinstance(resources, DictionaryObject):
            return
        resources = form[NameObject("/DR")] = DictionaryObject(resources)
        fonts = resources.get("/Font")
        if isinstance(fonts, DictionaryObject):
            fonts = resources[NameObject("/Font")] = DictionaryObject({k: v for k, v in fonts.items() if k != "/Helv"})
            if not fonts:
                resources.pop(NameObject("/Encoding"), None)

    def font_number(self) -> int:
        """The field font's object number; its objects are written the first time it is asked for."""
        if not self.field_font:
            from printkit.core.formfont import font_objects

            first = self.new_number()
            for _ in range(4):
                self.new_number()
            for n, parts in font_objects(first):
                self.write_object(n, *parts)
            self.field_font = first
        return self.field_font

    def text_field(self, widget: DictionaryObject) -> None:
        """Give a text field (renumbered, its appearance taken off) the field font: its ``/DA``
        names it, and its normal appearance shows its value with it."""
        from pypdf.generic import TextStringObject

        from printkit.core.formfont import RESOURCE, appearance, field_da

        font_number = self.font_number()  # the form's /DR names it even when no field has a value
        da = field_da(str(widget.get("/DA", "")))
        widget[NameObject("/DA")] = TextStringObject(da)
        x0, y0, x1, y1 = (float(v) for v in widget["/Rect"])  # type: ignore[attr-defined]
        w, h = abs(x1 - x0), abs(y1 - y0)
        value = widget.get("/V")
        content = appearance(str(value) if value is not None else "", w, h, da)
        # The font in its resources even when empty: PDFium looks for the /DA's font there
        # first, and fill_form takes it from there.
        font = b" /Resources << /Font << %s %d 0 R >> >>" % (RESOURCE.encode(), font_number)
        body = (b"<< /BBox [0 0 %s %s]%s /Subtype /Form /Type /XObject /Length %d >>\nstream\n%s\nendstream"
                % (_num(w), _num(h), font, len(content), content))
        # Its own appearance, never shared: a viewer rewrites a field's appearance in place
        # (PDFium does), which would change every field sharing it.
        n = self.new_number()
        self.write_object(n, body)
        widget[NameObject("/AP")] = DictionaryObject({NameObject("/N"): IndirectObject(n, 0, None)})

    # -- the end --------------------------------------------------------------------------------
    def close(self) -> None:
        """Write the page tree, the catalog (with the AcroForm), the cross-reference table and
        the trailer."""
        assert self.catalog is not None, "no chunk was added"
        self.write_object(_PAGES, b"<< /Type /Pages /Count %d /Kids [" % len(self.kids), *_references(self.kids),
                          b"] >>")
        catalog = [_bytes(self.catalog)[:-2], b" /Pages %d 0 R" % _PAGES]  # its ">>" after the pages and the form
        if self.form is not None and self.field_font:
            from pypdf.generic import TextStringObject

            from printkit.core.formfont import RESOURCE

            resources = self.form.setdefault(NameObject("/DR"), DictionaryObject())
            fonts = resources.setdefault(NameObject("/Font"), DictionaryObject())
            fonts[NameObject(RESOURCE)] = IndirectObject(self.field_font, 0, None)
            self.form[NameObject("/DA")] = TextStringObject(f"{RESOURCE} 0 Tf 0 g")
        if self.form is not None:
            catalog += [b" /AcroForm ", _bytes(self.form)[:-2], b" /Fields [", *_references(self.fields), b"] >>"]
        self.write_object(_CATALOG, *catalog, b" >>")
        xref = self.at
        count = len(self.offsets)
        self._write(b"xref\n0 %d\n0000000000 65535 f \n" % count)
        for start in range(1, count, _LIST_CHUNK):
            self._write(b"".join(b"%010d 00000 n \n" % o for o in self.offsets[start:start + _LIST_CHUNK]))
        trailer = b"trailer\n<< /Size %d /Root %d 0 R" % (count, _CATALOG)
        if self.trailer.get("/Info") is not None:
            trailer += b" /Info %d 0 R" % self.trailer["/Info"]
        if self.trailer.get("/ID") is not None:
            trailer += b" /ID " + _bytes(self.trailer["/ID"])
        self._write(trailer + b" >>\nstartxref\n%d\n%%%%EOF\n" % xref)


class _Chunk:
    """One chunk's objects, numbered in the joined file as they are met."""

    def __init__(self, joiner: PdfJoiner, reader: PdfReader):
        self.joiner = joiner
        self.reader = reader
        #: The chunk's object numbers -> the joined file's.
        self.numbers: dict[int, int] = {}
        #: Objects being copied (a reference back to one is a cycle): their numbers, 0 if not yet given.
        self.open: dict[int, int] = {}

    def page(self, page: Any) -> int:
        """Write ``page`` (its contents, resources and annotations first); its number."""
        ref = page.indirect_reference
        n = self.numbers[ref.idnum] = self.joiner.new_number()
        if self.joiner.output_intent is not None:
            self._overprint(page)
        for key, value in list(page.items()):
            if key != "/Parent":  # the joined file's page tree, set below
                page[key] = self.copied(value, shared=key == "/Resources")
        page[NameObject("/Parent")] = IndirectObject(_PAGES, 0, None)
        self.joiner.write_object(n, _bytes(page))
        return n

    def number(self, ref: IndirectObject, shared: bool = False) -> int:
        """The joined file's number of the object ``ref`` names, written if not yet. A shared
        object (reached from a page's resources) is written once for equal bytes."""
        key = ref.idnum
        found = self.numbers.get(key)
        if found is not None:
            return found
        if key in self.open:  # a cycle: the object being copied takes its number now
            n = self.open[key] or self.joiner.new_number()
            self.open[key] = n
            return n
        self.open[key] = 0
        obj = ref.get_object()
        widget = obj if isinstance(obj, DictionaryObject) and obj.get("/FT") == "/Tx" else None
        if widget is not None:
            widget.pop(NameObject("/AP"), None)  # drawn anew with the field font (reportlab's names Helvetica)
        if isinstance(obj, DictionaryObject) and obj.get("/Type") == "/Font":
            self.retag(obj)
        elif isinstance(obj, DictionaryObject) and obj.get("/Subtype") == "/Form" and self.joiner.output_intent is not None:
            self._overprint(obj)
        self.renumber(obj, shared)
        if widget is not None:
            self.joiner.text_field(widget)
        body = _bytes(obj)
        n = self.open.pop(key)
        if n:
            self.joiner.write_object(n, body)
        elif shared:
            digest = hashlib.sha256(body).digest()
            n = self.joiner.written.get(digest, 0)
            if not n:
                n = self.joiner.written[digest] = self.joiner.new_number()
                self.joiner.write_object(n, body)
        else:
            n = self.joiner.new_number()
            self.joiner.write_object(n, body)
        self.numbers[key] = n
        return n

    @staticmethod
    def _overprint(owner: DictionaryObject) -> None:
        """Give a PDF/X file's page or form the black overprint graphics state (pdfx.OVERPRINT)."""
        from printkit.core.draw.pdfx import add_overprint

        resources = owner.get("/Resources")
        resources = owner[NameObject("/Resources")] = DictionaryObject(
            resources.get_object() if resources is not None else {})
        add_overprint(resources)

    def retag(self, font: DictionaryObject) -> None:
        """Give the subset font ``font`` (and its descriptor) its own tag (see the module), before
        they are written."""
        m = _TAGGED.match(str(font.get("/BaseFont", "")))
        descriptor = font.get("/FontDescriptor")
        if m is None or descriptor is None:
            return
        descriptor = descriptor.get_object()
        program = next((descriptor[k] for k in _PROGRAMS if k in descriptor), None)
        if program is None:
            return
        # The program's bytes as written (encoded: nothing to decompress) stand for its glyphs.
        digest = hashlib.sha256(m.group(1).encode() + b"\0" + _bytes(program.get_object())).digest()
        name = NameObject(f"/{self.joiner.tag(digest)}+{m.group(1)}")
        font[NameObject("/BaseFont")] = name
        if "/FontName" in descriptor:
            descriptor[NameObject("/FontName")] = name

    def copied(self, value: Any, shared: bool) -> Any:
        """``value`` with every reference in it renumbered (its objects written)."""
        if isinstance(value, IndirectObject):
            return IndirectObject(self.number(value, shared), 0, None)
        if isinstance(value, (DictionaryObject, ArrayObject)):
            self.renumber(value, shared)
        return value

    def renumber(self, obj: Any, shared: bool) -> None:
        """Renumber the references in the dictionary or array ``obj`` (a stream is one), in place."""
        if isinstance(obj, DictionaryObject):
            for key, value in list(obj.items()):
                obj[key] = self.copied(value, shared)
        elif isinstance(obj, ArrayObject):
            for i, value in enumerate(obj):
                obj[i] = self.copied(value, shared)


def _bytes(obj: Any) -> bytes:
    out = io.BytesIO()
    obj.write_to_stream(out)
    return out.getvalue()


def _num(v: float) -> bytes:
    return (b"%.4f" % v).rstrip(b"0").rstrip(b".") or b"0"


def _references(numbers: array) -> Iterator[bytes]:
    """References to objects ``numbers``, separated by spaces, a piece at a time."""
    for i in range(0, len(numbers), _LIST_CHUNK):
        yield (b" " if i else b"") + b" ".join(b"%d 0 R" % n for n in numbers[i:i + _LIST_CHUNK])
