"""reportlab's parse of a font kept on disk (core/fontcache.py): a font loaded from an entry is
the parsed one, attribute by attribute, and makes the same PDF bytes; an entry is used only for
the same file bytes."""

import io
import shutil
from weakref import WeakKeyDictionary

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace
from reportlab.pdfgen.canvas import Canvas

from printkit.core import fontcache
from printkit.core.fonts import FONT_FILES
from printkit.core.resources import fonts_dir

#: Text from several scripts and more than 256 distinct characters (a second subset).
TEXT = "".join(chr(c) for c in range(32, 127)) + "ÀÉÎÕÜßçñøœ€—–±×÷°µ¶§©®™ΑΒΓΔΘΛΞΠΣΦΨΩαβγδεζηθλμπσφψω" + \
    "".join(chr(c) for c in range(0x400, 0x4A0)) + "←↑→↓⇒∀∂∃∅∈∑√∞∧∨∩∪≈≠≤≥⊂⊃■□▲△●○★☆♠♣♥♦"


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("PRINTKIT_CACHE", raising=False)
    return tmp_path / "cache" / "printkit" / "fonts"


def loaded_twice(name: str, path: str) -> TTFont:
    """The font as the second load gives it: from the entry the first load kept."""
    calls = []
    first = fontcache.load_ttfont(name, path)
    original = fontcache._restore

    def restore(saved, p):
        calls.append(p)
        return original(saved, p)

    fontcache._restore = restore
    try:
        second = fontcache.load_ttfont(name, path)
    finally:
        fontcache._restore = original
    assert calls == [path], "the second load did not come from the disk cache"
    assert second is not first
    return second


def drawn(font: TTFont) -> tuple[Canvas, io.BytesIO]:
    """A page of TEXT in ``font`` (itself, not an earlier font of its name or face, which
    ``registerFont`` would keep) at two sizes, not yet saved."""
    pdfmetrics._fonts[font.fontName] = font
    buf = io.BytesIO()
    c = Canvas(buf, invariant=1, pageCompression=1)
    for size, y in ((9, 700), (14, 600)):
        c.setFont(font.fontName, size)
        for i in range(0, len(TEXT), 60):
            c.drawString(20, y - i // 3, TEXT[i:i + 60])
    c.showPage()
    return c, buf


def pdf(font: TTFont) -> bytes:
    c, buf = drawn(font)
    c.save()
    del pdfmetrics._fonts[font.fontName]
    return buf.getvalue()


@pytest.mark.parametrize("font_name", sorted(FONT_FILES))
def test_a_kept_font_is_the_parsed_one(font_name, cache_home):
    path = str(fonts_dir() / FONT_FILES[font_name])
    name = f"test-cache-{font_name}"
    fresh, kept = TTFont(name, path), loaded_twice(name, path)
    assert isinstance(kept.face, TTFontFace) and isinstance(kept.state, WeakKeyDictionary)
    fa = vars(fresh.face)
    # The same attributes, in the same order, but for the lazy ones (not loaded yet; see below)
    # and the bytes they are loaded from.
    lazy = [k for k in fa if k in fontcache._FACE_LAZY]
    assert lazy and not any(k in vars(kept.face) for k in lazy)
    assert [k for k in vars(kept.face) if k != "_lazy"] == [k for k in fa if k not in lazy]
    ka = {k: getattr(kept.face, k) for k in fa}  # the lazy ones loaded on first use
    assert vars(kept.face)["_lazy"] is None and all(k in vars(kept.face) for k in lazy)
    for key, value in fa.items():
        if key == "_pdfScale":
            assert [ka[key](v) for v in (0, 3, 1000, 77.5)] == [value(v) for v in (0, 3, 1000, 77.5)]
            continue
        assert type(ka[key]) is type(value) and ka[key] == value, key
        if hasattr(value, "ustr"):  # reportlab's name strings carry their text too
            assert ka[key].ustr == value.ustr
    assert list(vars(kept)) == list(vars(fresh))
    for key, value in vars(fresh).items():
        if key not in ("face", "state"):  # the font's name, encoding (an object with no ==), flags
            assert type(vars(kept)[key]) is type(value)
            assert vars(kept)[key] == value if not hasattr(value, "__dict__") else vars(vars(kept)[key]) == vars(value)
    made = pdf(fresh)
    assert pdf(kept) == made and b"/FontFile2" in made
    assert len(list(cache_home.glob("*/*.pickle"))) == 1


def test_an_entry_is_used_only_for_the_same_bytes(tmp_path, cache_home):
    path = tmp_path / "face.ttf"
    shutil.copyfile(fonts_dir() / FONT_FILES["sans"], path)
    assert fontcache.load_ttfont("test-swap", str(path)).face.name == b"DejaVuSans"
    shutil.copyfile(fonts_dir() / FONT_FILES["sans-bold"], path)
    assert fontcache.load_ttfont("test-swap", str(path)).face.name == b"DejaVuSans-Bold"


def test_nothing_is_kept_with_the_cache_off_or_for_a_used_font(cache_home, monkeypatch):
    path = str(fonts_dir() / FONT_FILES["condensed"])
    monkeypatch.setenv("PRINTKIT_CACHE", "0")
    fontcache.load_ttfont("test-off", path)
    assert not cache_home.exists()
    used = TTFont("test-used", path)
    canvas, _ = drawn(used)  # the document's subset assignments are in the font while it lives
    assert len(used.state) and fontcache._saved(used) is None
    del canvas, pdfmetrics._fonts[used.fontName]
    odd = TTFont("test-odd", path)
    odd.face._pdfScale = lambda x: x * 2
    assert fontcache._saved(odd) is None


def test_lazy_parts_load_once_and_other_names_stay_missing(cache_home):
    path = str(fonts_dir() / FONT_FILES["sans"])
    kept = loaded_twice("test-lazy", path)
    with pytest.raises(AttributeError):
        kept.face.no_such_attribute  # noqa: B018
    first = kept.face.glyphToChar
    assert kept.face.glyphToChar is first and first == TTFont("test-lazy-fresh", path).face.glyphToChar
    with pytest.raises(AttributeError):
        kept.face.no_such_attribute  # noqa: B018
    # An entry of an earlier printkit (no lazy part) is not used: a fresh parse is.
    saved = fontcache._saved(TTFont("test-old", path))
    assert saved is not None
    del saved["lazy"]
    assert fontcache._restore(saved, path) is None

