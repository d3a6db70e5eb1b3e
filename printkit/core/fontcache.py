"""reportlab's parse of a bundled font kept on disk between runs (printkit/core/diskcache.py).

reportlab reads a TrueType file into a ``TTFontFace`` (its tables, the character to glyph map,
widths, metrics: ~7 ms of CPU a font, five fonts a ``make all``). What the parse leaves is
plain data, except two things that do not pickle: the face's ``_pdfScale`` (a function of the
units per em) and the font's ``state`` (subset assignments per document, empty until a
document uses the font). So the entry keeps the parsed attributes, in their order, without
those two and without the file's bytes (``_ttf_data``, read again: they are what the entry's
sha256 names), and loading puts them into bare instances and makes the two again.

Parts of the face that printing never reads (:data:`_FACE_LAZY`: ``glyphToChar``, which only
the parse itself and text shaping use, a third of an entry's unpickling) are kept pickled
apart inside the entry and unpickled on first use: a loaded face is a :class:`_LazyFace`, a
``TTFontFace`` whose missing attribute lookups load them (made on first use).

core/fonts.py keeps the metrics it reads from the parse (``Font``'s widths and sizes) here
too. An entry is used only while the font file keeps its sha256, for the same reportlab
version and the same bytes of reportlab's ``ttfonts`` module, of this one and of core/fonts.py
(the cache's fingerprint); a parse that leaves anything else that does not pickle, a ``_pdfScale`` that
is not the one made here, or a ``state`` already used is not kept. ``PRINTKIT_CACHE=0`` turns
it off. tests/core/test_font_cache.py compares a loaded font with a parsed one, attribute by
attribute, and the PDFs they make.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from printkit.core.diskcache import DiskCache

if TYPE_CHECKING:
    from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

#: Attributes made again on loading: the face's scale function and the file's bytes, the
#: font's face and its per-document state.
_FACE_REMADE = ("_pdfScale", "_ttf_data")
_FONT_REMADE = ("face", "state")
#: Face attributes kept pickled apart and loaded on first use (see the module).
_FACE_LAZY = ("glyphToChar",)
#: Values the scale function is checked on before an entry is kept.
_PROBES = (0, 1, -7, 0.5, 123.25, 1000, 2048, -32768)


def _checkers() -> list[str]:
    # reportlab's ttfonts module is found, not imported (~15 ms): laying text out reads only
    # the metrics entries, and the PDF backend imports it when it asks for a font's parse.
    from importlib.util import find_spec

    from printkit.core import fonts

    spec = find_spec("reportlab.pdfbase.ttfonts")
    return [str(spec.origin if spec else None), __file__, str(fonts.__file__)]


FONTS = DiskCache("fonts", _checkers)


def load_ttfont(name: str, path: str) -> TTFont:
    """reportlab's ``TTFont(name, path)``: from the disk cache when its entry holds, else parsed
    (and kept)."""
    from reportlab import Version
    from reportlab.pdfbase.ttfonts import TTFont

    key = ("ttfont", name, path, Version)
    saved = FONTS.get(key)
    if saved is not None:
        restored = _restore(saved, path)
        if restored is not None:
            return restored
    font = TTFont(name, path)
    kept = _saved(font)
    if kept is not None:
        FONTS.put(key, [path], kept)
    return font


def _scale(units_per_em: int) -> Callable[[float], float]:
    """The face's ``_pdfScale``, as reportlab's extractInfo makes it (checked on keeping)."""
    if units_per_em == 1000:
        return lambda x: x
    mult = 1000 / units_per_em
    return lambda x: x * mult


def _saved(font: TTFont) -> dict[str, Any] | None:
    """What an entry keeps of ``font``: each object's attributes in order, None standing for
    the ones made again; None when the font is not as expected."""
    face = font.face
    attrs, face_attrs = vars(font), vars(face)
    if not all(k in attrs for k in _FONT_REMADE) or not all(k in face_attrs for k in _FACE_REMADE):
        return None
    if not isinstance(font.state, WeakKeyDictionary) or len(font.state):
        return None
    scale = _scale(face_attrs.get("unitsPerEm", 0) or 1)
    if any(face._pdfScale(v) != scale(v) or type(face._pdfScale(v)) is not type(scale(v)) for v in _PROBES):
        return None
    lazy = {k: face_attrs[k] for k in _FACE_LAZY if k in face_attrs}
    return {"font": {k: (None if k in _FONT_REMADE else v) for k, v in attrs.items()},
            "face": {k: (None if k in _FACE_REMADE else v) for k, v in face_attrs.items() if k not in lazy},
            "lazy": pickle.dumps(lazy, protocol=pickle.HIGHEST_PROTOCOL)}


def _restore(saved: dict[str, Any], path: str) -> TTFont | None:
    """The font an entry holds, or None if it does not hold one or the file cannot be read."""
    from reportlab.pdfbase.ttfonts import TTFont

    try:
        with open(path, "rb") as f:
            data = f.read()
        face_attrs, font_attrs, lazy = dict(saved["face"]), dict(saved["font"]), saved["lazy"]
        face_attrs["_ttf_data"] = data
        face_attrs["_pdfScale"] = _scale(face_attrs["unitsPerEm"])
    except (OSError, KeyError, TypeError, ZeroDivisionError):
        return None
    face_attrs["_lazy"] = lazy
    face = object.__new__(_lazy_face_class())
    face.__dict__.update(face_attrs)
    font_attrs["face"] = face
    font_attrs["state"] = WeakKeyDictionary()
    font = TTFont.__new__(TTFont)
    font.__dict__.update(font_attrs)
    return font


_lazy_face: type[TTFontFace] | None = None


def _lazy_face_class() -> type[TTFontFace]:
    """:class:`_LazyFace`, made on first use: it subclasses reportlab's ``TTFontFace``, which
    this module does not import until a font is loaded."""
    global _lazy_face
    if _lazy_face is None:
        from reportlab.pdfbase.ttfonts import TTFontFace

        class _LazyFace(TTFontFace):
            """A face from an entry: the attributes of :data:`_FACE_LAZY` are unpickled from
            ``_lazy`` (its pickled bytes) when first looked up, then are plain attributes."""

            def __getattr__(self, name: str) -> Any:
                lazy = self.__dict__.get("_lazy")
                if name not in _FACE_LAZY or lazy is None:
                    raise AttributeError(name)
                self.__dict__.update(pickle.loads(lazy))
                self.__dict__["_lazy"] = None
                if name not in self.__dict__:
                    raise AttributeError(name)
                return self.__dict__[name]

        _LazyFace.__module__, _LazyFace.__qualname__ = __name__, "_LazyFace"
        _lazy_face = _LazyFace
    return _lazy_face

