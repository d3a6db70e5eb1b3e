"""Reading what a PDF really draws: every text run's effective size in points, from the
content streams (the current transform, the text matrix and the font size, through forms)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream


@dataclass(frozen=True)
class TextRun:
    page: int  # 1-based
    size_pt: float  # the em size as printed: Tf size scaled by the text matrix and the CTM
    text: str


def _mul(m, n):
    """m then n (PDF row-vector order: [a b c d e f])."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _scale(m) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _decode(arg) -> str:
    if isinstance(arg, bytes):
        return arg.hex()
    return str(arg)


def _operations(stream, reader, parsed: dict):
    """The content stream's operations, parsed once per form: a symbol drawn 400 times on a
    page is one form XObject, the same operations under another transform each time."""
    key = (stream.idnum, stream.generation) if hasattr(stream, "idnum") else None
    if key is None or key not in parsed:
        ops = ContentStream(stream.get_object() if hasattr(stream, "get_object") else stream, reader).operations
        if key is None:
            return ops
        parsed[key] = ops
    return parsed[key]


def _runs(stream_owner, resources, reader, ctm, page_no, out, parsed: dict):
    stack, tm, size = [], (1, 0, 0, 1, 0, 0), 0.0
    xobjects = resources.get("/XObject", {}) if resources else {}
    for operands, op in _operations(stream_owner, reader, parsed):
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)
        elif op == b"BT":
            tm = (1, 0, 0, 1, 0, 0)
        elif op == b"Tm":
            tm = tuple(float(v) for v in operands)
        elif op == b"Td":
            tm = _mul((1, 0, 0, 1, float(operands[0]), float(operands[1])), tm)
        elif op == b"Tf":
            size = float(operands[1])
        elif op in (b"Tj", b"TJ", b"'", b'"'):
            out.append(TextRun(page_no, size * _scale(_mul(tm, ctm)), _decode(operands[0])))
        elif op == b"Do":
            ref = xobjects.raw_get(operands[0]) if hasattr(xobjects, "raw_get") else xobjects[operands[0]]
            xo = ref.get_object()
            if xo.get("/Subtype") == "/Form":
                m = tuple(float(v) for v in xo.get("/Matrix", [1, 0, 0, 1, 0, 0]))
                _runs(ref, xo.get("/Resources", resources), reader, _mul(m, ctm), page_no, out, parsed)


def text_runs(path) -> list[TextRun]:
    """Every text-showing operator of the PDF at ``path`` with its printed size."""
    reader = PdfReader(path if hasattr(path, "read") else str(path))
    out: list[TextRun] = []
    parsed: dict = {}
    for i, page in enumerate(reader.pages):
        contents = page.get_contents()
        if contents is None:
            continue
        _runs(contents, page.get("/Resources", {}).get_object() if page.get("/Resources") else {},
              reader, (1, 0, 0, 1, 0, 0), i + 1, out, parsed)
    return out
