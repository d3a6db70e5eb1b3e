"""Layout work done once a process and reused, or done a quicker way (issue 16): each gives
exactly what the plain way gives, for many inputs, and every memo is bounded.

- fonts: a string's advance summed in C (``Font.text_milli``), remembered per string;
- text.wrap: lines measured a word at a time (whole thousandths of an em add up exactly);
- text.missing_glyphs: each distinct character looked up once;
- sections: flows remembered by their sections, look and box; _pack reads rows worked out once;
- templates: how a template is filled, remembered by its text;
- path data: parsed segments remembered by their text.
"""

from __future__ import annotations

import random
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.core import fonts as F
from printkit.core import text as X
from printkit.core.colour import BLACK
from printkit.core.geometry import pathdata as P
from printkit.core.layout import sections as S
from printkit.core.layout import template as T

FONTS = list(F.FONT_FILES)
#: Characters every font has, some it may not (accents, CJK, an emoji, a control character),
#: and whitespace that splits words (tab, no-break space, line breaks).
ALPHABET = string.ascii_letters + string.digits + ".,;:!?-'()" + "éßŒ€•—漢字\U0001f95f\x07" + "  \t\u00a0\n"


def plain_milli(font: F.Font, text: str) -> int:
    """A text's advance as a loop over its characters, nothing remembered."""
    return sum(font.widths.get(ord(ch), font.notdef_width) for ch in text)


def plain_wrap(text: str, font: F.Font, size: float, width: float | None) -> list[str]:
    """text.wrap as it was: every trial line built and measured whole."""
    out: list[str] = []
    for para in text.split("\n"):
        words = para.split()
        if width is None or not words:
            out.append(" ".join(words) if width is not None else para)
            continue
        line = words[0]
        for word in words[1:]:
            trial = line + " " + word
            if plain_milli(font, trial) * size / 1000 <= width + 1e-9:
                line = trial
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


def random_text(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(n))


def test_text_milli_is_the_sum_of_the_characters_advances():
    rng = random.Random(16)
    for name in FONTS:
        font = F.get_font(name)
        for _ in range(300):
            text = random_text(rng, rng.randrange(0, 60))
            assert font.text_milli(text) == plain_milli(font, text)
            assert font.text_milli(text) == plain_milli(font, text)  # remembered
            assert type(font.text_milli(text)) is int


def test_the_character_table_takes_notdef_for_a_character_without_a_glyph():
    font = F.get_font("display")
    missing = next(chr(c) for c in range(0x4E00, 0x9FFF) if c not in font.widths)
    assert font.text_milli(missing * 3) == 3 * font.notdef_width
    assert font._char_milli[missing] == font.notdef_width


def test_wrap_gives_the_lines_measuring_every_trial_line_gives():
    rng = random.Random(7)
    for _ in range(1500):
        font = F.get_font(rng.choice(FONTS))
        text = random_text(rng, rng.randrange(0, 120))
        size = rng.choice([4, 3.5, 2.117, rng.uniform(0.1, 12)])
        width = rng.choice([None, 0.0, 10, 25.0, rng.uniform(1, 120)])
        assert X.wrap(text, font, size, width) == plain_wrap(text, font, size, width)


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=st.sampled_from(ALPHABET), max_size=200), font=st.sampled_from(FONTS),
       size=st.floats(0.1, 50) | st.integers(1, 20), width=st.none() | st.floats(0, 300) | st.integers(0, 100))
def test_wrap_property(text, font, size, width):
    f = F.get_font(font)
    assert X.wrap(text, f, size, width) == plain_wrap(text, f, size, width)


def test_wrap_is_exact_at_the_boundary():
    """A line exactly as wide as the box (to the last bit) stays whole, as before."""
    font = F.get_font("sans")
    for size in (3, 3.5, 4.2333, 7.0):
        line = "the quick brown fox"
        width = plain_milli(font, line) * size / 1000
        assert X.wrap(line, font, size, width) == plain_wrap(line, font, size, width) == [line]
        narrower = width - 2e-9
        assert X.wrap(line, font, size, narrower) == plain_wrap(line, font, size, narrower)
        at_tolerance = width - 1e-9  # the line is exactly the width plus the tolerance: it stays
        if at_tolerance + 1e-9 == width:
            assert X.wrap(line, font, size, at_tolerance) == plain_wrap(line, font, size, at_tolerance) == [line]


def test_missing_glyphs_as_a_character_by_character_look():
    rng = random.Random(3)
    for name in FONTS:
        font = F.get_font(name)
        for _ in range(200):
            text = random_text(rng, rng.randrange(0, 80))
            want = sorted({ch for ch in text if ord(ch) not in font.widths and ch not in "\n\r"})
            assert X.missing_glyphs(font, text) == want


# -- sections ------------------------------------------------------------------------------

def plain_pack(sections, height, columns, space, whole=True):
    """sections._pack as it was, reading the rows themselves."""
    cols = [[]]
    used = 0.0
    for rows in sections:
        total = sum(r.height for r in rows) + (space if cols[-1] else 0.0)
        if whole and cols[-1] and used + total > height + 1e-9 and total - space <= height + 1e-9:
            cols.append([])
            used = 0.0
        for i, row in enumerate(rows):
            extra = space if row.first and cols[-1] else 0.0
            need = row.height + extra + (rows[i + 1].height if row.kind == "title" and i + 1 < len(rows) else 0.0)
            if cols[-1] and used + need > height + 1e-9:
                cols.append([])
                used, extra = 0.0, 0.0
            if row.height > height + 1e-9:
                return None
            cols[-1].append(row)
            used += row.height + extra
    return cols if len(cols) <= columns else None


def plain_balanced(rows, h, columns, space, whole):
    lo, hi = 0.0, h
    for _ in range(40):
        mid = (lo + hi) / 2
        if plain_pack(rows, mid, columns, space, whole) is None:
            lo = mid
        else:
            hi = mid
    return hi


def plain_flow(sections, look, w, h):
    """sections.flow as it was: nothing remembered, every row read on every try."""
    width = (w - (look.columns - 1) * look.gap) / look.columns
    size = look.size
    while True:
        rows = [S._rows(s, look, size, width) for s in sections]
        space = size * 0.6
        if plain_pack(rows, h, look.columns, space) is not None:
            break
        size -= S.SIZE_STEP
        if size < look.min_size - 1e-9:
            raise ValueError(f"the sections do not fit {w:g} x {h:g} mm in {look.columns} columns "
                             f"even at {look.min_size * 72 / 25.4:.1f} pt")
    whole = plain_balanced(rows, h, look.columns, space, True)
    running = plain_balanced(rows, h, look.columns, space, False)
    keep = running >= whole * (1 - S.RUN_ON) or plain_pack(rows, whole, look.columns, space, True) is None
    height = whole if keep else running
    return plain_pack(rows, height, look.columns, space, keep), size, height


def look(rng: random.Random) -> S.Look:
    size = rng.uniform(2.5, 4.5)
    return S.Look(font=rng.choice(["sans", "condensed"]), title_font="sans-bold", size=size,
                  title_ratio=rng.choice([1.0, 1.25]), min_size=rng.choice([2.3, 3.0, size]),
                  line_height=rng.choice([1.2, 1.35]), colour=BLACK, title_colour=BLACK,
                  columns=rng.choice([1, 2, 3]), gap=rng.uniform(2, 8), indent=3.5,
                  icon_size=5.0, icon_box=10.0)


def random_sections(rng: random.Random) -> list[S.Section]:
    words = ["take", "a", "tile", "place", "it", "next", "to", "any", "tile", "of", "yours", "score", "the",
             "longest", "row", "then", "pass"]
    secs = []
    for k in range(rng.randrange(1, 7)):
        paras = []
        for _ in range(rng.randrange(1, 5)):
            text = " ".join(rng.choice(words) for _ in range(rng.randrange(1, 40)))
            paras.append(rng.choice(["", "", "1. ", "- ", "• "]) + text)
        secs.append(S.Section(f"Section {k}", "\n".join(paras), rng.choice([None, "dot"])))
    return secs


def outcome(f, *args):
    try:
        cols, size, height = f(*args)
        return [[r for r in c] for c in cols], size, height
    except ValueError as e:
        return str(e)


def test_flow_gives_what_it_gave_reading_every_row_every_time():
    rng = random.Random(11)
    results = set()
    for _ in range(150):
        secs, lk = random_sections(rng), look(rng)
        w, h = rng.choice([178.0, 120, 90.5]), rng.choice([40.0, 78, 120.0, 260])
        want = outcome(plain_flow, secs, lk, w, h)
        S._FLOWS.clear()
        assert outcome(S.flow, secs, lk, w, h) == want
        assert outcome(S.flow, secs, lk, w, h) == want  # remembered
        results.add(isinstance(want, str))
    assert results == {True, False}  # some fit, some do not


def test_a_remembered_flow_hands_out_its_own_lists_and_stays_bounded(monkeypatch):
    rng = random.Random(5)
    secs, lk = random_sections(rng), look(rng)
    lk = S.Look(**{**lk.__dict__, "min_size": 0.5})
    cols, *_ = S.flow(secs, lk, 178.0, 260.0)
    cols[0].clear()
    cols.append([])
    again, *_ = S.flow(secs, lk, 178.0, 260.0)
    assert again[0] and again[-1]
    monkeypatch.setattr(S, "_FLOWS_MAX", 5)
    S._FLOWS.clear()
    for h in range(200, 230):
        S.flow(secs, lk, 178.0, float(h))
    assert 0 < len(S._FLOWS) <= 5


# -- templates -----------------------------------------------------------------------------

TEMPLATES = ["{v}", "{v}mm", "x{d.v}", "{d.e.v}y", "{v:g}", "{v!r}", "{v}{v}", "{l[0]}", "{nope}", "{d.nope}",
             "{v.x}", "plain", "", "{{v}}", "{__v}", "{v"]
VALUES = [0, 1.5, -0.0, True, None, "egg", [1], {"k": 1}]


def outcome_fill(f, text, data):
    try:
        return "ok", f(text, data)
    except (ValueError, TypeError) as e:
        return type(e).__name__, str(e)


def test_a_remembered_template_fills_as_a_fresh_one(monkeypatch):
    monkeypatch.setattr(T, "_PLANS_MAX", 7)  # cleared several times on the way
    T._PLANS.clear()
    for _ in range(3):
        for text in TEMPLATES:
            for v in VALUES:
                data = {"v": v, "d": {"v": v, "e": {"v": v}}, "l": [v]}
                assert outcome_fill(T.fill, text, data) == outcome_fill(T._fill, text, data), (text, v)
                assert len(T._PLANS) <= 7
    assert "plain" not in T._PLANS and "{v" not in T._PLANS  # neither text nor refused templates kept


# -- path data -----------------------------------------------------------------------------

def random_path(rng: random.Random) -> str:
    parts = ["M", f"{rng.uniform(-50, 50):.3f}", f"{rng.uniform(-50, 50):.3f}"]
    for _ in range(rng.randrange(1, 12)):
        cmd = rng.choice("LlHhVvCcSsQqTtZz")
        n = {"L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "Z": 0}[cmd.upper()]
        parts += [cmd, *(f"{rng.uniform(-50, 50):.2f}" for _ in range(n))]
        if cmd in "Zz":
            parts += ["M", "0", "0"]
    return " ".join(parts)


def test_remembered_paths_are_the_parsed_ones_and_the_memo_is_bounded(monkeypatch):
    monkeypatch.setattr(P, "_MEMO_MAX", 10)
    P._PATHS.clear()
    rng = random.Random(2)
    paths = [random_path(rng) for _ in range(60)]
    for d in paths + paths:
        assert P.parse_path(d) == P._parse(d)
        assert len(P._PATHS) <= 10
    long = "M0 0" + " L1 1" * 1000
    assert P.parse_path(long) == P._parse(long) and long not in P._PATHS
    for bad in ("M0 0 L1", "X", "0 0"):
        for _ in range(2):  # refused each time, nothing kept
            with pytest.raises(ValueError):
                P.parse_path(bad)
        assert bad not in P._PATHS
