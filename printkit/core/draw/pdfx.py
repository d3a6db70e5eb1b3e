"""What makes a ``--cmyk`` PDF a PDF/X-1a:2003 file, which print shops' preflight asks for.

PDF/X-1a (ISO 15930-4) is PDF 1.4 (the joiner's header) with every colour in CMYK or grey
(``--cmyk`` writes DeviceCMYK only, no image and no transparency), every font embedded, a
TrimBox on every page inside its BleedBox inside its MediaBox (core/draw/pdf.py), no form
fields (``make`` refuses ``--cmyk --fillable``), and:

- an output intent (:func:`output_intent`) naming the printing condition the colours are
  meant for, from the ICC's registry of characterizations (www.color.org): ``FOGRA39``
  (coated paper, ISO 12647-2, the European offset standard) for A4, ``CGATS TR 006``
  (GRACoL 2006 coated, the US sheet-fed commercial standard) for Letter. The PDF reference
  (table "Entries in a PDF/X output intent dictionary") makes the ICC profile
  (``DestOutputProfile``) optional when the identifier names a registered condition: the
  shop's software supplies it. So no profile is embedded (nor bundled with printkit);
- black overprint: every page and form gets the graphics state :data:`OVERPRINT` (``/OP true
  /op true /OPM 1``) among its resources, which core/draw/pdf.py sets (``/BlackOverprint gs``,
  inside its own ``q ... Q``) before text and lines in black ink only (:func:`add_overprint`);
- the document information's ``/GTS_PDFXVersion``, ``/Trapped /False`` (printkit does no
  trapping: black overprints instead), a title and fixed dates (reportlab's ``invariant``);
  the file identifier (``/ID``) is reportlab's.
"""

from __future__ import annotations

from pypdf.generic import BooleanObject, DictionaryObject, NameObject, NumberObject, TextStringObject

#: The version the document information declares.
PDFX_VERSION = "PDF/X-1a:2003"
#: The registry the output intent's condition is defined in.
REGISTRY = "http://www.color.org"
#: The resource name of the graphics state that makes black overprint.
OVERPRINT = "/BlackOverprint"
#: By paper: the registered characterization's name and the condition in words.
CONDITIONS = {
    "a4": ("FOGRA39", "Coated FOGRA39 (ISO 12647-2:2004/Amd 1), offset on coated paper"),
    "letter": ("CGATS TR 006", "GRACoL 2006 Coated #1 (ISO 12647-2:2004), sheet-fed offset on coated paper"),
}


def output_intent(paper: str) -> DictionaryObject:
    """The PDF/X output intent for printing on ``paper`` (``a4`` or ``letter``)."""
    identifier, condition = CONDITIONS[paper]
    return DictionaryObject({
        NameObject("/Type"): NameObject("/OutputIntent"),
        NameObject("/S"): NameObject("/GTS_PDFX"),
        NameObject("/OutputConditionIdentifier"): TextStringObject(identifier),
        NameObject("/OutputCondition"): TextStringObject(condition),
        NameObject("/RegistryName"): TextStringObject(REGISTRY),
        NameObject("/Info"): TextStringObject(condition),
    })


def mark_info(info: DictionaryObject) -> None:
    """Make the document information ``info`` a PDF/X-1a file's, in place."""
    info[NameObject("/GTS_PDFXVersion")] = TextStringObject(PDFX_VERSION)
    info[NameObject("/Trapped")] = NameObject("/False")


def add_overprint(resources: DictionaryObject) -> None:
    """Add the graphics state :data:`OVERPRINT` to a page's or a form's ``resources``, in place:
    overprint on, for stroking and other painting, and zero ink leaves the ink under it
    (``/OPM 1``), so black ink alone leaves the other plates as they are."""
    states = resources.get("/ExtGState")
    states = resources[NameObject("/ExtGState")] = DictionaryObject(states.get_object() if states is not None else {})
    states[NameObject(OVERPRINT)] = DictionaryObject({
        NameObject("/Type"): NameObject("/ExtGState"),
        NameObject("/OP"): BooleanObject(True),
        NameObject("/op"): BooleanObject(True),
        NameObject("/OPM"): NumberObject(1),
    })
