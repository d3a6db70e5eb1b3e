"""The PDF backend writes text and symbol uses straight into the canvas's operators
(core/draw/pdf.py): the bytes are the ones reportlab's own calls (saveState, setFillColorRGB,
transform, setFont, drawString, doForm, restoreState) give, one by one."""

import io

import pytest
from pypdf import PdfReader

from printkit.core.colour import Colour
from printkit.core.draw import pdf
from printkit.core.draw.ops import INHERIT, Circle, Document, Group, Line, Matrix, Page, Rect, Style, Text, Use
from printkit.core.draw.page import PrintOptions

RED, BLUE = Colour(0.8, 0.2, 0.2), Colour(0.1, 0.3, 0.9)


def one_by_one(monkeypatch) -> None:
    """Make the renderer take reportlab's calls one by one."""
    init = pdf._PdfRenderer.__init__

    def plain(self, c, symbols):
        init(self, c, symbols)
        self.direct = False

    monkeypatch.setattr(pdf._PdfRenderer, "__init__", plain)


def both(doc: Document, monkeypatch) -> tuple[bytes, bytes]:
    fast = pdf.render_pdf(doc)
    with monkeypatch.context() as m:
        one_by_one(m)
        slow = pdf.render_pdf(doc)
    return fast, slow


def sample() -> Document:
    dot = (Rect(-1, -1, 2, 2, Style(stroke=None, fill=INHERIT)),
           Text(0, 0.5, "in a symbol", "condensed", 1.5, BLUE))
    ops = [
        Text(10, 10, "Plain text, sans", "sans", 4),
        Text(10, 20, "Bold, in red: 12 € — ½ ✓ \u2603\U0001F95F", "sans-bold", 3.25, RED),
        Text(10, 30, "", "sans", 4),  # nothing drawn
        Use("dot", Matrix.translate(50, 50)),
        Use("dot", Matrix.translate(60, 50) @ Matrix.rotate(30), fill=RED),
        Use("dot", Matrix(), fill=BLUE),  # identity: no cm
        Group((Text(0, 0, "turned", "display", 5, BLUE), Use("dot", Matrix.scale(2), fill=RED),
               Group((Text(1, 1, "deeper", "condensed-bold", 2),), Matrix.mirror("x"), clip=(0, 0, 20, 20))),
              Matrix.translate(100, 100) @ Matrix.rotate(90)),
        Rect(5, 5, 30, 10, Style(stroke=RED, stroke_width=0.3, fill=BLUE, dash=(1.0, 0.5))),
        Rect(5, 50, 30, 10, Style(stroke=BLUE, stroke_width=0.35, cap="round", join="bevel"), radius=2),
        Line(0, 0, 40, 40, Style(stroke=RED, stroke_width=0.2, cap="square", join="round")),
        Circle(70, 70, 5, Style(stroke=None, fill=RED)),
        Text(10, 40, "after a rect", "sans", 2.5, RED),
        # more distinct characters than one font subset holds: the line switches subsets
        Text(10, 60, "".join(chr(c) for c in range(0x400, 0x530)) + " and ASCII again", "sans", 2),
    ]
    pages = [Page(210, 297, ops), Page(297, 210, [Text(5, 5, "page two", "display", 8), Use("dot")])]
    return Document(pages, {"dot": dot}, "fast path")


def test_direct_operators_equal_reportlabs_calls(monkeypatch):
    fast, slow = both(sample(), monkeypatch)
    content = PdfReader(io.BytesIO(slow)).pages[0].get_contents().get_data()
    # 5 texts of one subset each, and one that runs over three subsets (three Tf, three Tj)
    assert content.count(b" Do") == 4 and content.count(b" Tj") == 8 and content.count(b"Q") >= 9
    assert content.count(b" Tf ") == 8
    assert b"1 J" in content and b"2 j" in content and b"[] 0 d" in content and b"] 0 d" in content.replace(b"[] 0 d", b"")
    assert fast == slow


@pytest.mark.parametrize(("game", "component"), [("trickdumpling", "cards"), ("gemblo", "pieces"), ("jubako", "pad")])
def test_kit_components_equal(game, component, monkeypatch):
    from printkit.core.registry import games

    doc = games()[game][component].build(PrintOptions(seed=7, bw=component == "pad"))
    fast, slow = both(doc, monkeypatch)
    assert fast == slow and len(fast) > 10_000


def test_a_colour_converting_canvas_takes_the_calls(monkeypatch):
    """A canvas that enforces a colour space gets reportlab's own calls (the direct path writes RGB)."""
    made = []
    init = pdf._PdfRenderer.__init__

    def spy(self, c, symbols):
        c._enforceColorSpace = lambda colour: colour
        init(self, c, symbols)
        made.append(self.direct)

    monkeypatch.setattr(pdf._PdfRenderer, "__init__", spy)
    assert pdf.render_pdf(sample()).startswith(b"%PDF")
    assert made == [False]
