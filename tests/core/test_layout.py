"""The layout model: parsing, errors that name file, line and key, styles, templates, rendering."""

from pathlib import Path
from textwrap import dedent

import pytest

from printkit.core.build import build_document
from printkit.core.colour import Colour
from printkit.core.draw import ops as O
from printkit.core.draw.page import FooterInfo, PrintOptions
from printkit.core.layout.load import MAX_BYTES, load_layout
from printkit.errors import InputError

INFO = FooterInfo("test", "layout")


def write(tmp_path: Path, text: str, name: str = "t.yaml") -> Path:
    p = tmp_path / name
    p.write_text(dedent(text))
    return p


def page(tmp_path, elements: str, extra: str = "", bw=False, data=None):
    """Build a one-page layout and return the content ops of its page (and the document)."""
    body = "\n".join("      " + ln for ln in dedent(elements).strip().splitlines())
    p = write(tmp_path, f"size: [100mm, 100mm]\n{dedent(extra)}\npages:\n  - elements:\n{body}\n")
    doc = build_document(str(p), PrintOptions(bw=bw), INFO, data)
    (content,) = [op for op in doc.pages[0].ops if getattr(op, "tag", None) == "content"]
    return list(content.ops), doc


def leaves(ops, symbols=None):
    return [op for op, _ in O.walk(ops, symbols=symbols) if not isinstance(op, (O.Group, O.Use))]


# -- errors ------------------------------------------------------------------------------------

def error_of(path) -> InputError:
    with pytest.raises(InputError) as e:
        load_layout(path)
    return e.value


def test_unknown_key_names_file_line_and_key_path(tmp_path):
    p = write(tmp_path, """\
        size: [100mm, 100mm]
        pages:
          - elements:
              - rect: {x: 1, y: 1, w: 5, h: 5}
              - rect: {x: 1, y: 1, w: 5, h: 5, colour: red}
        """)
    e = error_of(p)
    assert e.file.endswith("t.yaml") and e.line == 5
    assert e.where == "pages[0].elements[1].rect.colour"
    assert "unknown key" in str(e)


def test_bad_length_says_what_was_expected(tmp_path):
    p = write(tmp_path, """\
        size: [100mm, 100mm]
        pages:
          - elements:
              - circle: {x: 1, y: 1, r: 3 furlongs}
        """)
    e = error_of(p)
    assert e.where == "pages[0].elements[0].circle.r" and e.line == 4
    assert "expected a length such as 12mm" in str(e)


def test_unknown_element_kind_lists_the_kinds(tmp_path):
    p = write(tmp_path, "size: [1, 1]\npages:\n  - elements:\n      - rectangle: {x: 1}\n")
    e = error_of(p)
    assert e.where == "pages[0].elements[0]" and "unknown element 'rectangle'" in str(e) and "rect" in str(e)


def test_missing_required_key(tmp_path):
    e = error_of(write(tmp_path, "size: [1, 1]\npages:\n  - elements:\n      - text: {x: 1, y: 2}\n"))
    assert e.where == "pages[0].elements[0].text.text" and "required key missing" in str(e)


def test_yaml_syntax_error_has_line(tmp_path):
    e = error_of(write(tmp_path, "size: [1, 1]\npages:\n  - elements: [\n      - rect: {x: 1\n"))
    assert "not valid YAML" in str(e) and e.line is not None


def test_unknown_style_and_symbol_and_circular_styles(tmp_path):
    e = error_of(write(tmp_path, "size: [1, 1]\npages:\n  - elements:\n      - rect: {x: 1, y: 1, w: 1, h: 1, style: bold}\n"))
    assert e.where == "pages[0].elements[0].rect.style" and "unknown style 'bold'" in str(e)
    e = error_of(write(tmp_path, "size: [1, 1]\npages:\n  - elements:\n      - use: {symbol: star}\n"))
    assert "unknown symbol 'star'" in str(e)
    e = error_of(write(tmp_path, "size: [1, 1]\nstyles:\n  a: {extends: b}\n  b: {extends: a}\npages: []\n"))
    assert "circle" in str(e)


def test_size_limit_and_page_design_size(tmp_path):
    big = tmp_path / "big.yaml"
    big.write_text("#" * (MAX_BYTES + 1))
    assert "at most" in str(error_of(big))
    e = error_of(write(tmp_path, "pages:\n  - elements: []\n"))
    assert e.where == "size"


def test_alias_bomb_is_refused(tmp_path):
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 8):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i-1}"] * 10) + "]")
    e = error_of(write(tmp_path, "\n".join(lines) + "\n"))
    assert "YAML" in str(e) or "more than" in str(e)


def test_template_naming_missing_data_is_a_layout_error(tmp_path):
    with pytest.raises(InputError, match="which the data does not have"):
        page(tmp_path, "- text: {x: 0, y: 0, text: 'Hi {player}'}")


# -- styles, colours, templates ---------------------------------------------------------------

STYLES = """\
colours:
  brand: {colour: "#d62728", bw: "#444444"}
styles:
  base: {stroke: black, stroke_width: 0.5mm, font_size: 12}
  filled: {extends: base, fill: brand}
  dashed: {extends: filled, dash: [2mm, 1mm], stroke_width: 1pt}
"""


def test_styles_extend_other_styles(tmp_path):
    ops, _ = page(tmp_path, "- rect: {x: 0, y: 0, w: 10, h: 10, style: dashed}", STYLES)
    (r,) = leaves(ops)
    assert r.style.fill == Colour.parse("#d62728")
    assert r.style.stroke == Colour.parse("#000")
    assert r.style.stroke_width == pytest.approx(25.4 / 72)  # the child's width wins
    assert r.style.dash == (2.0, 1.0)


def test_inline_style_extends_named_style_and_font_size_is_points(tmp_path):
    ops, _ = page(tmp_path, "- text: {x: 0, y: 0, text: Hi, style: {extends: base, text_colour: '#00f'}}", STYLES)
    (t,) = leaves(ops)
    assert t.size == pytest.approx(12 * 25.4 / 72)
    assert t.colour == Colour.parse("#0000ff")


def test_bw_alternative_colours(tmp_path):
    # 2 x 2 mm: small enough that --bw keeps it solid (larger dark fills become patterns).
    el = "- rect: {x: 0, y: 0, w: 2, h: 2, style: {fill: brand, stroke: '#1f77b4'}}"
    (c,) = leaves(page(tmp_path, el, STYLES)[0])
    (g,) = leaves(page(tmp_path, el, STYLES, bw=True)[0])
    assert c.style.fill == Colour.parse("#d62728") and g.style.fill == Colour.parse("#444444")
    assert g.style.stroke == Colour.parse("#1f77b4").grey()  # no explicit grey: same lightness
    (forced,) = leaves(page(tmp_path, "- rect: {x: 0, y: 0, w: 1, h: 1, style: {fill: 'bw:brand'}}", STYLES)[0])
    assert forced.style.fill == Colour.parse("#444444")


def test_repeat_over_data_on_a_grid_with_templates(tmp_path):
    ops, _ = page(tmp_path, """\
        - repeat:
            over: hours
            as: h
            cols: 4
            x: 10mm
            y: 20mm
            dx: 15mm
            dy: 30mm
            elements:
              - text: {id: hour, x: 0, y: 0, text: "{h.clock} ({n}/12)"}
        """, data={"hours": [{"clock": f"{10 + i}:00"} for i in range(12)]})
    placed = O.find(ops, "hour")
    assert [t.text for t, _ in placed][:2] == ["10:00 (1/12)", "11:00 (2/12)"]
    assert len(placed) == 12
    x5, y5 = placed[5][1].apply(0, 0)
    assert (x5, y5) == pytest.approx((10 + 15 * 1, 20 + 30 * 1))  # item 6: column 2, row 2


def test_repeat_count_and_when(tmp_path):
    ops, _ = page(tmp_path, """\
        - repeat:
            count: 5
            dx: 2mm
            elements:
              - circle: {id: dot, x: 0, y: 0, r: "{n}mm", when: "{index}"}
        """)
    dots = O.find(ops, "dot")
    assert [c.r for c, _ in dots] == [2, 3, 4, 5]  # index 0 is falsy: skipped


def test_frames_transform_and_clip(tmp_path):
    ops, _ = page(tmp_path, """\
        - frame:
            id: f
            x: 50mm
            y: 20mm
            w: 10mm
            h: 4mm
            rotate: 90
            clip: true
            border: true
            elements:
              - line: {id: l, x1: 0, y1: 0, x2: 10mm, y2: 0}
        """)
    ((f, _),) = O.find(ops, "f")
    assert f.clip == (0, 0, 10, 4)
    ((ln, m),) = O.find(ops, "l")
    assert m.apply(ln.x2, ln.y2) == pytest.approx((50, 30))  # rotated to point down the page


def test_symbols_are_defined_once_and_used(tmp_path):
    ops, doc = page(tmp_path, """\
        - use: {symbol: dot, x: 10, y: 10}
        - use: {symbol: dot, x: 20, y: 10, scale: 2}
        - hexgrid: {x: 50, y: 50, across_flats: 10, radius: 2}
        """, """\
        symbols:
          dot:
            elements:
              - circle: {x: 0, y: 0, r: 1}
        """)
    uses = [op for op, _ in O.walk(ops) if isinstance(op, O.Use)]
    assert len(uses) == 2 + 19
    assert set(doc.symbols) == {"dot", "hexcell-1"}
    assert isinstance(doc.symbols["dot"][0], O.Circle)


def test_include_merges_colours_styles_and_symbols(tmp_path):
    write(tmp_path, "colours:\n  sea: {colour: '#1f77b4'}\nstyles:\n  wave: {fill: sea}\n", "lib.yaml")
    ops, _ = page(tmp_path, "- rect: {x: 0, y: 0, w: 1, h: 1, style: {extends: wave}}", "include: [lib.yaml]\n")
    (r,) = leaves(ops)
    assert r.style.fill == Colour.parse("#1f77b4")


def test_paths_polygons_rounded_rects(tmp_path):
    ops, _ = page(tmp_path, """\
        - path: {d: "M0 0 L10 0 Q10 10 0 10 Z"}
        - polygon: {points: [[0, 0], [1in, 0], [0, 1in]], closed: false}
        - rect: {x: 0, y: 0, w: 10, h: 10, radius: 2mm}
        """)
    p, poly, r = leaves(ops)
    assert p.segments[2][0] == "C"
    assert poly.points[1] == pytest.approx((25.4, 0)) and not poly.closed
    assert r.radius == 2


def test_text_that_cannot_fit_is_a_layout_error(tmp_path):
    with pytest.raises(InputError, match="does not fit"):
        page(tmp_path, "- text: {x: 0, y: 0, w: 3mm, h: 1mm, shrink: true, text: 'far too long a text'}")


def test_design_too_big_for_letter(tmp_path):
    p = write(tmp_path, "size: [197mm, 100mm]\npages:\n  - elements: []\n")
    build_document(str(p), PrintOptions(paper="letter"), INFO)  # Letter is wider than A4
    with pytest.raises(Exception, match="A4 leaves"):
        build_document(str(p), PrintOptions(paper="a4"), INFO)


def test_every_shipped_layout_loads():
    from printkit.core.resources import layouts_dir

    files = sorted(layouts_dir().rglob("*.yaml"))
    assert files
    for f in files:
        load_layout(f)


def test_renderer_font_templates(tmp_path):
    ops, _ = page(tmp_path, "- text: {x: 0, y: 0, text: x, style: {font: '{f}'}}", data={"f": "sans-bold"})
    (t,) = leaves(ops)
    assert t.font == "sans-bold"


def test_a_changed_file_is_read_again(tmp_path):
    lib = write(tmp_path, "styles:\n  s: {stroke_width: 1mm}\n", "lib.yaml")
    p = write(tmp_path, "include: [lib.yaml]\nsize: [1, 1]\npages: []\n")
    assert load_layout(p).styles["s"].stroke_width == 1
    assert load_layout(p) is load_layout(p)  # unchanged: served from the cache
    lib.write_text("styles:\n  s: {stroke_width: 2.5mm}\n")  # an included file changes
    assert load_layout(p).styles["s"].stroke_width == 2.5


# -- slots: the public drawing context ----------------------------------------------------------

SLOT_LOOK = """\
    colours:
      sea: {colour: "#1f77b4", bw: "#555555"}
    styles:
      wave: {stroke: sea, stroke_width: 0.5mm, fill: none}
      label: {font: sans-bold, font_size: 10, text_colour: sea}
    symbols:
      dot:
        elements:
          - circle: {x: 0, y: 0, r: 1}
    """


def test_a_slot_draws_through_the_canvas_by_name(tmp_path):
    from printkit.core.layout.canvas import Canvas
    from printkit.core.units import MM_PER_PT

    seen = {}

    def draw(cv, data, w, h):
        assert isinstance(cv, Canvas) and (cv.w, cv.h) == (w, h) == (30, 20)
        seen.update(data=data["who"], bw=cv.bw, label=cv.text_style("label"))
        dot = cv.symbol("dot")
        sq = cv.define("square", lambda: [O.Rect(0, 0, 1, 1)])
        assert cv.define("square", lambda: pytest.fail("made twice")) == sq
        return [O.Line(0, 0, w, h, cv.style("wave"), tag="diag"), O.Use(dot), O.Use(sq, fill=cv.colour("sea")),
                *cv.text(0, 0, "hi", "label", scale=2, wrap=False)]

    ops, doc = page(tmp_path, "- slot: {id: s, name: art, x: 10, y: 5, w: 30mm, h: 20mm}", SLOT_LOOK,
                    bw=True, data={"who": "me", "slots": {"art": draw}})
    ((group, _),) = O.find(ops, "s")
    assert group.matrix == O.Matrix.translate(10, 5)  # place: box, in the box's coordinates
    line, _use, use2, text = group.ops
    assert line.style.stroke == Colour.parse("#555555") and line.style.stroke_width == 0.5  # B&W alternative
    assert use2.fill == Colour.parse("#555555")
    assert text.font == "sans-bold" and text.size == pytest.approx(20 * MM_PER_PT)
    assert text.colour == Colour.parse("#555555")
    assert seen["data"] == "me" and seen["bw"] is True and seen["label"].size == pytest.approx(10 * MM_PER_PT)
    assert set(doc.symbols) == {"dot", "square"}


def test_a_canvas_reports_unknown_names_as_layout_errors(tmp_path):
    def draw(cv, data, w, h):
        return [O.Use(cv.symbol("nothing"))]

    with pytest.raises(InputError, match="unknown symbol 'nothing'"):
        page(tmp_path, "- slot: {name: art, w: 1, h: 1}", SLOT_LOOK, data={"slots": {"art": draw}})
    with pytest.raises(InputError, match="unknown style 'nope'"):
        page(tmp_path, "- slot: {name: art, w: 1, h: 1}", SLOT_LOOK,
             data={"slots": {"art": lambda cv, d, w, h: [O.Line(0, 0, 1, 1, cv.style("nope"))]}})


def test_an_inline_slot_adds_its_operations_as_they_are(tmp_path):
    art = {"art": lambda cv, d, w, h: [O.Line(0, 0, w, h, tag="l")]}
    ops, _ = page(tmp_path, "- slot: {name: art, place: inline}", data={"slots": art})
    (line,) = ops
    assert (line.x2, line.y2) == (100, 100)  # without w and h: to the design box's edge
    with pytest.raises(InputError, match="inline slot stays at x = y = 0"):
        page(tmp_path, "- slot: {name: art, x: 5, place: inline}", data={"slots": art})


def test_a_fitted_slot_scales_its_drawing_and_tells_the_page(tmp_path):
    from printkit.core.layout.canvas import Drawing

    art = {"art": lambda cv, d, w, h: Drawing((O.Rect(0, 0, 200, 50, tag="r"),), 200, 50, {"cell": 16})}
    ops, _ = page(tmp_path, """\
        - text: {id: t, x: 0, y: 0, text: "{fit.art.scale:.0%} {fit.art.cell:g}"}
        - slot: {id: s, name: art, y: 20, place: fit}
        """, data={"slots": art})
    assert [t.text for t in leaves(ops) if isinstance(t, O.Text)] == ["50% 8"]
    ((g, _),) = O.find(ops, "s")
    assert g.matrix == O.Matrix.translate(0, 20) @ O.Matrix.scale(0.5)  # 100 mm wide, 80 mm high
    with pytest.raises(InputError, match="must be a Drawing"):
        page(tmp_path, "- slot: {name: art, place: fit}", data={"slots": {"art": lambda cv, d, w, h: []}})


def test_printable_size_is_what_the_paper_gives(tmp_path):
    from printkit.core.draw.page import content_box

    seen = []
    p = write(tmp_path, "size: printable\npages:\n  - elements:\n      - slot: {name: art, place: inline}\n")
    for paper in ("a4", "letter"):
        build_document(str(p), PrintOptions(paper=paper), INFO,
                       {"slots": {"art": lambda cv, d, w, h: seen.append((w, h)) or []}})
        assert seen[-1] == content_box(PrintOptions(paper=paper))[2:]


def test_a_poster_is_a_map_page_and_overlapping_tiles(tmp_path):
    from printkit.core.draw.page import plan_tiles
    from printkit.core.layout.canvas import Drawing

    p = write(tmp_path, """\
        size: printable
        styles:
          frame: {stroke: "#ff0000"}
          name: {font: sans-bold, font_size: 12}
        poster:
          slot: board
          overlap: "{ov}mm"
          map:
            - text: {x: 0, y: 0, text: "{tiles} tiles, {tile_cols} x {tile_rows}, {overlap:g} mm"}
            - tile_map: {id: map, y: 24, style: frame, label_style: name}
        """)
    board = Drawing((O.Rect(0, 0, 400, 380, tag="board"),), 400, 380)
    doc = build_document(str(p), PrintOptions(), INFO, {"ov": 12, "slots": {"board": lambda cv, d, w, h: board}})
    plan = plan_tiles(400, 380, PrintOptions(), 12)
    assert len(doc.pages) == 1 + len(plan.tiles) == 1 + plan.cols * plan.rows
    texts = [op.text for op, _ in O.walk(doc.pages[0].ops) if isinstance(op, O.Text)]
    assert f"{len(plan.tiles)} tiles, {plan.cols} x {plan.rows}, 12 mm" in texts
    assert any("test layout assembly map" in t and f"page 1 of {len(doc.pages)}" in t for t in texts)
    frames = [op for op, _ in O.walk(doc.pages[0].ops) if (getattr(op, "tag", None) or "").startswith("map ")]
    assert [f.tag for f in frames] == [f"map {t.label}" for t in plan.tiles]
    assert all(f.style.stroke == Colour.parse("#ff0000") for f in frames)
    assert [op.text for op, _ in O.walk(doc.pages[0].ops) if isinstance(op, O.Text)].count("A1") == 1
    for page_, tile in zip(doc.pages[1:], plan.tiles, strict=True):
        assert O.find(page_.ops, f"tile {tile.label}") and O.find(page_.ops, "board")


def test_a_tile_map_needs_a_poster(tmp_path):
    with pytest.raises(InputError, match="only on a poster's map page"):
        page(tmp_path, "- tile_map: {w: 10, h: 10}")


def test_a_track_numbers_its_boxes_clockwise_and_marks_every_fifth(tmp_path):
    extra = """
styles:
  box: {stroke: black, stroke_width: 0.2mm, fill: white}
  five: {stroke: black, stroke_width: 0.2mm, fill: grey}
  num: {font: sans, font_size: 6}
"""
    ops, _ = page(tmp_path, "- track: {x: 5mm, y: 5mm, w: 40mm, h: 30mm, depth: 10mm, sides: [2, 1, 1, 1], "
                            "start: 3, style: box, every: 5, mark_style: five, number_style: num}", extra)
    rects = [op for op in leaves(ops) if isinstance(op, O.Rect)]
    texts = [op for op in leaves(ops) if isinstance(op, O.Text)]
    assert [(r.x, r.y, r.w, r.h) for r in rects] == [(5, 5, 20, 10), (25, 5, 20, 10), (35, 15, 10, 20),
                                                      (5, 25, 30, 10), (5, 15, 10, 10)]
    assert [t.text for t in texts] == ["3", "4", "5", "6", "7"]
    fills = [r.style.fill for r in rects]
    assert fills[2] != fills[0] and fills.count(fills[2]) == 1  # 5 is the only multiple of 5
    for r, t in zip(rects, texts, strict=True):  # each number inside its own box
        assert r.x <= t.x <= r.x + r.w and r.y <= t.y <= r.y + r.h


def test_a_track_with_an_unknown_style_is_an_error_at_load(tmp_path):
    p = write(tmp_path, "size: [10, 10]\npages:\n  - elements:\n      - track: {w: 10, h: 10, depth: 2, "
                        "sides: [1, 1, 1, 1], number_style: nope}\n")
    e = error_of(p)
    assert "number_style" in str(e) and "unknown style 'nope'" in str(e)
