"""core/pads.py: score pads' boxes, their fields, marks read as numbers, the pad hook (no game named)."""

from __future__ import annotations

import pytest

from printkit.core.draw.ops import Document, Page
from printkit.core.draw.pdf import render_pdf
from printkit.core.forms import FormReader, parse_form, text_field
from printkit.core.pads import Box, Label, PadReader, fields_slot, labels_by_align, pad_form_reader, spans
from printkit.core.score import Report
from printkit.errors import PrintkitError


def test_spans_share_the_width_with_gaps():
    parts = spans(10, 100, 4, 2)
    assert parts[0][0] == 10 and parts[-1][0] + parts[-1][1] == pytest.approx(110)
    assert all(w == pytest.approx(23.5) for _, w in parts)


def test_reader_reads_numbers_and_reports_marks_that_are_none():
    pad = PadReader({"a": " 12 ", "b": "-1", "c": "x3", "d": "4.5", "e": "99", "f": "", "g": "٣"}, "R-1", "p.pdf")
    assert pad.number("a", "A", 0, 20) == 12 and pad.number("b", "B", -1, 5) == -1
    assert pad.number("f", "F", 0, 5) is None and pad.number("missing", "M", 0, 5) is None
    for name in ("c", "d", "e", "g"):
        assert pad.number(name, name.upper(), 0, 50) is None
    assert [(v.line, v.rule, v.file) for v in pad.violations] == [(n, "R-1", "p.pdf") for n in ("c", "d", "e", "g")]
    assert "out of range: 0 to 50" in pad.violations[2].message
    assert str(pad.violations[0]) == "p.pdf:c: C: 'x3' is not a whole number [R-1]"


def test_ticks():
    pad = PadReader({"on": "Yes", "off": "", "offname": "/Off"}, "R-1")
    assert pad.ticked("on") and not pad.ticked("off") and not pad.filled("offname")


def test_labels_split_by_alignment():
    out = labels_by_align([Label("a", 0, 0, 1, 1, align="left"), Label("b", 0, 0, 1, 1)])
    assert [x["text"] for x in out["labels_left"]] == ["a"] and [x["text"] for x in out["labels_center"]] == ["b"]
    assert out["labels_right"] == []


def test_fields_only_when_fillable():
    boxes = [Box("p1:n", 1, 2, 10, 6), Box("p1:t", 1, 10, 5, 5, "check")]
    draw = fields_slot(boxes, lambda name: f"the {name}")
    assert draw(None, {"fillable": False}, 0, 0) == []
    made = draw(None, {"fillable": True}, 0, 0)
    assert [(f.name, f.kind, f.maxlen, f.tooltip) for f in made] == [("p1:n", "text", 3, "the p1:n"),
                                                                      ("p1:t", "check", 0, "the p1:t")]


def _form(*names: str, file: str = "x.pdf"):
    doc = Document([Page(210, 297, [text_field(n, 20, 20 + 10 * i, 40, 8, value="v") for i, n in enumerate(names)])],
                   {}, "t")
    return parse_form(render_pdf(doc), file)


def test_pad_hook_checks_the_version_and_passes_the_pads_values():
    seen = {}

    def check(values, file):
        seen.update(values)
        return Report("toy", [], [], [], [])

    reader = pad_form_reader("toy", "toy-pad", 2, check)
    assert isinstance(reader, FormReader) and reader.is_pad(_form("toy-pad2:a"))
    reader.score_pad(_form("toy-pad2:a", "other:b"))
    assert seen == {"toy-pad2:a": "v"}
    with pytest.raises(PrintkitError, match="version 3; this printkit reads version 2"):
        reader.score_pad(_form("toy-pad3:a"))
    assert not reader.is_pad(_form("sheet:a"))
    with pytest.raises(PrintkitError, match="not a toy score pad"):
        reader.read(_form("sheet:a"))
