"""The streaming writer's fast ``format`` (pdfstream._fast_format) gives reportlab's bytes.

reportlab's ``pdfdoc.format`` is the reference: every value shape the fast writer knows
(str, int, float, bytes, references, plain dictionaries and arrays, nested, in both of
reportlab's line modes) and some it hands back to reportlab (bools, None, strings, streams,
ordered dictionaries, subclasses) are formatted both ways and compared byte for byte.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab import rl_config
from reportlab.pdfbase import pdfdoc

from printkit.core.draw import pdfstream


def _document() -> pdfdoc.PDFDocument:
    doc = pdfdoc.PDFDocument()
    for i in range(1, 6):
        doc.Reference(pdfdoc.PDFDictionary({"N": i}), f"Obj{i}")
    return doc


_names = st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E), min_size=1, max_size=8)
_scalars = st.one_of(
    st.integers(min_value=-10**9, max_value=10**9),
    st.floats(min_value=-1e6, max_value=1e6, allow_nan=False),
    _names.map(pdfdoc.PDFName),
    st.sampled_from(["true", "false", "null", "/Type", "/Page"]),
    st.binary(max_size=8).map(lambda b: b"<" + b.hex().encode() + b">"),
    st.integers(min_value=1, max_value=5).map(lambda i: pdfdoc.PDFObjectReference(f"Obj{i}")),
    st.text(max_size=6).map(pdfdoc.PDFString),
    st.booleans(),
)


def _containers(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    multiline = st.sampled_from([True, False, "forced", 0])

    def dictionary(d: dict, m: Any, ordered: bool) -> pdfdoc.PDFDictionary:
        out = pdfdoc.PDFDictionary(OrderedDict(d) if ordered else d)
        out.multiline = m
        return out

    def array(items: list, m: Any) -> pdfdoc.PDFArray:
        out = pdfdoc.PDFArray(items)
        out.multiline = m
        return out

    return st.one_of(
        st.builds(dictionary, st.dictionaries(_names, children, max_size=14), multiline, st.booleans()),
        st.builds(array, st.lists(children, max_size=25), multiline),
    )


_values = st.recursive(_scalars, _containers, max_leaves=60)


@pytest.mark.parametrize("pdf_multiline", [0, 1])
@settings(max_examples=100, deadline=None)
@given(value=_values, toplevel=st.sampled_from([0, 1]))
def test_fast_format_gives_reportlabs_bytes(value: Any, toplevel: int, pdf_multiline: int) -> None:
    saved = rl_config.pdfMultiLine
    rl_config.pdfMultiLine = pdf_multiline
    try:
        doc = _document()
        expected = pdfdoc.format(value, doc, toplevel)
        with pdfstream._FastFormat():
            got = pdfdoc.format(value, doc, toplevel)
        assert got == expected
    finally:
        rl_config.pdfMultiLine = saved


def test_reportlabs_format_is_put_back_even_on_an_error() -> None:
    own = pdfdoc.format
    with pytest.raises(KeyError), pdfstream._FastFormat():
        assert pdfdoc.format is pdfstream._fast_format
        pdfdoc.format(pdfdoc.PDFObjectReference("Nowhere"), _document())
    assert pdfdoc.format is own


def test_a_missing_reference_raises_reportlabs_error() -> None:
    doc = _document()
    ref = pdfdoc.PDFObjectReference("Nowhere")
    with pytest.raises(KeyError) as reportlab_error:
        pdfdoc.format(ref, doc)
    with pytest.raises(KeyError) as fast_error, pdfstream._FastFormat():
        pdfdoc.format(ref, doc)
    assert str(fast_error.value) == str(reportlab_error.value)


def test_a_ref_only_dictionary_inside_another_becomes_a_reference_as_in_reportlab() -> None:
    def made(doc: pdfdoc.PDFDocument) -> bytes:
        inner = pdfdoc.PDFDictionary({"A": 1})
        inner.__RefOnly__ = 1
        return pdfdoc.format(pdfdoc.PDFDictionary({"Inner": inner}), doc)

    expected = made(_document())
    with pdfstream._FastFormat():
        assert made(_document()) == expected


def test_comments_keep_reportlabs_own_format(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rl_config, "invariant", 0)
    monkeypatch.setattr(rl_config, "pdfComments", 1)
    own = pdfdoc.format
    with pdfstream._FastFormat():
        assert pdfdoc.format is own


def test_remembered_names_and_texts_are_bounded() -> None:
    for i in range(3 * pdfstream._KNOWN_LIMIT):
        pdfstream._name_bytes(f"K{i}")
        pdfstream._text_bytes(f"/T{i}")
    assert len(pdfstream._NAMES) <= pdfstream._KNOWN_LIMIT
    assert len(pdfstream._TEXTS) <= pdfstream._KNOWN_LIMIT
    assert pdfstream._name_bytes("A b") == pdfdoc.format(pdfdoc.PDFName("A b"), None)
