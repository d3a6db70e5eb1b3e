"""Gimbap's printable components: dice nets, tokens, lesson cards, paper fillings, player aid.

The content comes from data.yaml (via :mod:`content`), the look from ``layouts/gimbap/``;
this module computes what layouts cannot (net geometry, solutions) and passes it as data.
"""

from __future__ import annotations

from printkit.core.build import build_document
from printkit.core.draw.ops import Document
from printkit.core.draw.page import FooterInfo, PrintOptions, content_box
from printkit.core.fonts import get_font
from printkit.core.geometry.nets import cross_net
from printkit.core.layout.load import load_layout
from printkit.core.text import wrap
from printkit.core.typescale import at_least_minimum
from printkit.core.units import pt_to_mm
from printkit.errors import PrintkitError
from printkit.games.gimbap import drawing
from printkit.games.gimbap.content import CONTENT
from printkit.games.gimbap.rolls import Build, Face, first_build, parse_face, solve

GAME = "gimbap"
#: The cube faces in the order a die's six faces are put on them (PK-4: opposite faces pair
#: up, so a face and its "must not" twin never share an edge).
CUBE_ORDER = ("top", "bottom", "front", "back", "left", "right")
DEFAULT_EDGE, EDGE_RANGE = 25.0, (12.0, 28.0)
#: The smallest cube edge (mm) whose faces print the parts' names beside their icons.
NAMES_FROM_EDGE = 20.0


def face_data(face: Face) -> dict:
    """What a layout needs to draw a face: its parts, must or must not, its words."""
    return {"a": face.a, "b": face.b, "kind": "must" if face.must else "mustnot",
            "notation": str(face), "text": face.describe(),
            "name_a": CONTENT.parts[face.a].name, "name_b": CONTENT.parts[face.b].name}


def _design(spec, opts: PrintOptions) -> tuple[float, float]:
    """A page layout's design box (w, h) in mm on this paper (``size: printable``: all it gives)."""
    if spec.size == "printable":
        return content_box(opts)[2:]
    assert spec.size is not None and all(isinstance(v, float) for v in spec.size)
    return spec.size


def _stroke(layout, style: str) -> float:
    width = layout.styles[style].stroke_width
    assert isinstance(width, float)
    return width


def _common(data: dict) -> dict:
    return {"palette": CONTENT.palette, **data}


def _segments(segs) -> str:
    return " ".join(f"M{a[0]:.3f} {a[1]:.3f} L{b[0]:.3f} {b[1]:.3f}" for a, b in segs)


def notation_pt(edge: float) -> float:
    """The size of a face's part names, in points (layouts/gimbap/dice.yaml ``caption_pt``): the
    caption size on a face of the default edge or larger, a smaller one (never under 6 pt) on the
    smaller faces, where the icons leave less room."""
    sizes = load_layout("gimbap/dice.yaml").spec.data["caption_pt"]
    return float(sizes["full"] if edge >= sizes["full_from"] - 1e-9 else sizes["small"])


def _captions(face: dict, scale: float, edge: float) -> dict[str, float]:
    """Where a face's two names go (layouts/gimbap/dice.yaml), at :func:`notation_pt` (the
    icons scale, the words stay readable), every word at least the layout's ``caption_inset``
    inside the face's folds and cuts (DESIGN.md: text 3 mm from a trim). On the 20 mm face the
    first icon is centred at (-4.4, -4.6) with its foot at -1.1 and the second at (4.4, 1.0):
    the first name hangs under its icon in the free lower-left quarter, in a box from the inset
    to as far right of the icon's centre, or as wide as its longest word (a long name wraps
    there, "Sesame / leaf"); the second
    sits under its icon, its descenders at the inset above the face's edge, moved left as much
    as a long name needs to end at the inset."""
    half = edge / 2
    layout = load_layout("gimbap/dice.yaml")
    inset = layout.spec.data["caption_inset"]
    style = layout.styles["notation"]
    assert isinstance(style.font, str)
    font, size = get_font(style.font), at_least_minimum(pt_to_mm(notation_pt(edge)))
    width_b = font.width(face["name_b"], size)
    centre_b = min(4.4 * scale, half - inset - width_b / 2)
    left_a = -half + inset
    widest_a = max(font.width(word, size) for word in face["name_a"].split())
    return {"cap_aw": max(2 * (-4.4 * scale - left_a), widest_a + 0.01), "cap_ax": left_a, "cap_ay": -0.9 * scale,
            "cap_bw": edge, "cap_bx": centre_b - half, "cap_by": half - inset + font.descent * size}


def dice_data(edge: float, opts: PrintOptions | None = None) -> dict:
    """Each die's net (cut and fold lines, tabs) and its faces placed and turned upright, as
    many a page as the paper's design box holds, the rows spread down the page and the
    columns centred across it (no empty band at the foot of A4 or Letter)."""
    net = cross_net(edge)
    tab = max(abs(min(p[0] for t in net.tabs for p in t.polygon)), abs(min(p[1] for t in net.tabs for p in t.polygon)))
    spec = load_layout("gimbap/dice.yaml").spec
    design, geo = _design(spec, opts or PrintOptions()), spec.data
    scale = edge / geo["face_edge"]
    dice = []
    for i, (name, faces) in enumerate(CONTENT.dice):
        placed = []
        for cube_face, text in zip(CUBE_ORDER, faces, strict=True):
            nf = net.face(cube_face)
            fd = face_data(parse_face(text))
            placed.append({"x": nf.x + edge / 2, "y": nf.y + edge / 2, "rotate": nf.rotation,
                           "cube_face": cube_face, **fd, **_captions(fd, scale, edge)})
        dice.append({"n": i + 1, "name": name, "faces": placed})
    tabs = " ".join("M" + " L".join(f"{x:.3f} {y:.3f}" for x, y in t.polygon) + " Z" for t in net.tabs)
    gap_x, gap_y = geo["net_gap"]
    pitch_x, pitch_y = net.width + 2 * tab + gap_x, net.height + 2 * tab + gap_y
    # As many nets a page as fit the layout's design box below its heading.
    cols = max(1, int((design[0] + gap_x) // pitch_x))
    rows = max(1, int((design[1] - geo["nets_y"] + gap_y) // pitch_y))
    per = cols * rows
    # What the paper has to spare: shared between the gaps above and below each row, and
    # either side.
    rows_used = min(rows, -(-len(dice) // cols))
    spare_y = max(0.0, design[1] - geo["nets_y"] - rows_used * pitch_y + gap_y) / (rows_used + 1)
    pitch_y += spare_y
    left = tab + max(0.0, design[0] - cols * pitch_x + gap_x) / 2
    return {
        "edge": edge, "scale": scale, "tab": tab, "notation_pt": notation_pt(edge), "left": left, "top": geo["nets_y"] + spare_y,
        "name_w": edge - tab - geo["caption_inset"],  # the die's name, clear of the top face's tab
        # The parts' names fit a face from a 20 mm edge, the die's beside the net; a smaller
        # die shows its icons alone.
        "names": "yes" if edge >= NAMES_FROM_EDGE else "",
        "pitch_x": pitch_x, "pitch_y": pitch_y, "cols": cols,
        "cuts": _segments(net.cuts), "folds": _segments(net.folds), "tabs": tabs,
        "dice": dice, "sheets": [dice[i:i + per] for i in range(0, len(dice), per)],
    }


def build_dice(opts: PrintOptions, edge: float = DEFAULT_EDGE) -> Document:
    if opts.items:
        return _faces_alone(opts, edge)
    return build_document("gimbap/dice.yaml", opts, FooterInfo(GAME, "dice"), _common(dice_data(edge, opts)))


def _faces_alone(opts: PrintOptions, edge: float) -> Document:
    """Each die's six faces alone (``PrintOptions.items``), upright, in :data:`CUBE_ORDER`, a
    die's faces one group (``gimbap-dice-N``): layouts/gimbap/faces.yaml draws each as the
    net does."""
    data = dice_data(edge, opts)
    faces = [{"face": [{**f, "die": die["n"]}]} for die in data["dice"] for f in die["faces"]]
    doc = build_document("gimbap/faces.yaml", opts, FooterInfo(GAME, "dice"),
                         _common({**data, "faces": faces, "half": edge / 2}))
    pages = list(doc.pages)
    for page, face in zip(pages, faces, strict=True):
        page.group = f"{GAME}-dice-{face['face'][0]['die']}"
    return Document(pages, doc.symbols, doc.title)


def tokens_data() -> dict:
    """The tokens, each with its radish slices' row centred on the token (layouts/gimbap/tokens.yaml)."""
    spec = load_layout("gimbap/tokens.yaml").spec
    assert spec.cards is not None and isinstance(spec.cards.w, float)
    mid, step = spec.cards.w / 2, spec.data["slice_dx"]
    return {"tokens": [{"points": t.points, "radish": t.radish, "slices": list(range(t.radish)),
                        "slice_x": mid - (t.radish - 1) * step / 2} for t in CONTENT.tokens]}


def build_tokens(opts: PrintOptions) -> Document:
    return build_document("gimbap/tokens.yaml", opts, FooterInfo(GAME, "tokens"), _common(tokens_data()))


def _lesson_rows(text: str, rows: int) -> dict[str, float]:
    """Where a lesson front's conditions go (layouts/gimbap/lessons.yaml): the block of rows in
    the space between the lesson's words (wrapped as printed) and the card's safe area, a faint
    rule halfway between the words and the rows, the gaps above and below the rule as high as
    the one under the rows. A short list spreads out: its
    rows as high as the space over one row more than they are gives, from ``row_h`` up to
    ``row_h_max``, the icons scaled with them (``row_k``) and the words after them
    (``cond_x``, ``cond_w``: the layout's ``cond_x`` of a ``row_h`` row, scaled alike)."""
    layout = load_layout("gimbap/lessons.yaml")
    d, style = layout.spec.data, layout.styles["lessontx"]
    assert isinstance(style.font, str) and isinstance(style.font_size, float) and style.line_height
    size = at_least_minimum(style.font_size)
    font = get_font(style.font)
    lines = len(wrap(text, font, size, float(d["text_w"])))
    words_end = float(d["text_y"]) + (lines - 1) * style.line_height * size + (font.ascent - font.descent) * size
    base, space = float(d["row_h"]), float(d["rows_bottom"]) - words_end
    row_h = min(float(d["row_h_max"]), max(base, space / (rows + 1)))
    k = row_h / base
    cond_x = float(d["cond_x"]) * k
    block = rows * row_h
    # The rule splits the space above the rows in two: the rows sit so that each half is as
    # high as the space below them, three equal bands (none a blank band, issue 28).
    top = words_end + 2 * (space - block) / 3
    return {"rows_y": top, "rule_y": (words_end + top) / 2, "row_h": row_h, "row_k": k,
            "cond_x": cond_x, "cond_w": float(d["text_w"]) - cond_x}


def lessons_data() -> dict:
    lessons = []
    builds: list[Build] = []
    for i, lesson in enumerate(CONTENT.lessons):
        faces = [parse_face(f) for f in lesson.faces]
        build = first_build(faces)  # the same build as solve(), without enumerating every build
        if build is None:  # tests prove this never happens with the shipped data
            raise PrintkitError(f"lesson {i + 1} has no solution: check its faces in data.yaml")
        lessons.append({"n": i + 1, "title": lesson.title, "text": lesson.text,
                        "faces": [face_data(f) for f in faces], **_lesson_rows(lesson.text, len(faces)),
                        "solution": drawing.describe_build(build),
                        "solution_text": "\n".join(drawing.describe_build(build)), "build": build})
        builds.append(build)
    scales: dict[tuple[float, float], float] = {}

    def solution(r, ctx, w: float, h: float):
        # One scale for every card's diagram: the one at which the largest fits the slot (found
        # once a slot size, not at each card: setdefault would work its default out every time).
        scale = scales.get((w, h))
        if scale is None:
            scale = scales[(w, h)] = drawing.common_scale(builds, w, h)
        return drawing.diagram(r, ctx["item"]["build"], w, h, scale=scale)

    return {"lessons": lessons, "slots": {"solution": solution}}


def build_lessons(opts: PrintOptions) -> Document:
    """The lesson sheets, each sheet's backs after it (long-edge duplex). On paper the point
    tokens end them, their common back behind them on the back pages: in the band below the
    last sheet's lessons (A4: lesson 10 shares its sheet with them), or six under each sheet's
    (Letter), or, where no sheet has room (--bleed 3), on their own fold sheet after them, as
    `make gimbap tokens` prints it (:func:`printkit.core.draw.page.place_tail`).
    ``make all`` prints the tokens here only (the tokens component is ``printed_with`` the
    lessons). As items (--format cards, tts) the lessons alone."""
    return build_document("gimbap/lessons.yaml", opts, FooterInfo(GAME, "lessons"),
                          _common({**lessons_data(), **tokens_data()}), tail="gimbap/tokens.yaml")


def fillings_data(opts: PrintOptions | None = None) -> dict:
    """One player's paper fillings at the data's sizes (layouts/gimbap/fillings.yaml): each
    strip's pattern steps, each caption under its piece, and where each piece goes on this
    paper (``at``: spread down its page's printable box; ``width``: the box's width)."""
    layout = load_layout("gimbap/fillings.yaml")
    gap = float(layout.spec.data["caption_gap"])
    parts = {p.id: {"id": p.id, "name": p.name, "w": p.size[0], "h": p.size[1], "mid": p.size[1] / 2,
                    "cap_y": p.size[1] + gap} for p in CONTENT.parts.values()}
    # The sesame leaf is drawn leaf_drawn_w mm wide in the layout: scale it to the data's size,
    # keeping its outline and veins as wide as the styles say.
    scale = parts["sesame"]["w"] / layout.spec.data["leaf_drawn_w"]
    leaf = {"scale": scale, "stroke": _stroke(layout, "piece") / scale, "vein": _stroke(layout, "pattern") / scale}
    # A strip's pattern: whole steps, centred along the strip with at least the margin at each end.
    step, margin = float(layout.spec.data["step_len"]), float(layout.spec.data["step_margin"])
    strips = []
    for s in CONTENT.strips:
        length = CONTENT.parts[s].size[0]
        n = max(1, int((length - 2 * margin) // step))
        first = (length - n * step + step) / 2
        strips.append({**parts[s], "steps": [round(first + i * step, 3) for i in range(n)]})
    up = layout.spec.data["strips_up"]  # the layout stands this many strips up beside the rice
    # Each page's pieces spread down the printable box: the spare height shared between the gap
    # under the heading, the gaps between the pieces and the one under the last.
    width, height = _design(layout.spec, opts or PrintOptions())
    head, cap = float(layout.spec.data["heading_h"]), float(layout.spec.data["caption_h"])
    at: dict[str, dict[str, float]] = {}
    for column in layout.spec.data["spread"]:
        sizes = [CONTENT.parts[p].size for p in column]
        spare = max(0.0, height - head - sum(h + cap for _, h in sizes)) / (len(column) + 1)
        y = head + spare
        for p, (w, h) in zip(column, sizes, strict=True):
            at[p] = {"x": round((width - w) / 2, 3), "y": round(y, 3)}
            y += h + cap + spare
    return {"parts": parts, "strips": strips, "strips_up": strips[:up], "strips_flat": strips[up:], "leaf": leaf,
            "at": at, "width": width}


def build_fillings(opts: PrintOptions) -> Document:
    return build_document("gimbap/fillings.yaml", opts, FooterInfo(GAME, "fillings"), _common(fillings_data(opts)))


def aid_data() -> dict:
    """The numbers the aid quotes, and the parts for its legend (the seaweed, sheets, strips)."""
    kind = lambda p: "the base" if p not in CONTENT.fillings else "strip" if p in CONTENT.strips else "sheet"  # noqa: E731
    parts = [{"id": p.id, "name": p.name, "kind": kind(p.id)} for p in CONTENT.parts.values()]
    return {"rounds": dict(CONTENT.rounds), "tokens_in_play": dict(CONTENT.tokens_in_play), "parts": parts}


def build_aid(opts: PrintOptions) -> Document:
    return build_document("gimbap/aid.yaml", opts, FooterInfo(GAME, "aid"), _common(aid_data()))


def solution_document(faces: list[Face], opts: PrintOptions) -> Document:
    """One page: the order, and a roll that meets it, drawn and in words."""
    build = solve(faces)
    data = {"faces": [face_data(f) for f in faces], "solution": drawing.describe_build(build) if build else [],
            "unsolved": "yes" if build is None else "", "order": " ".join(str(f) for f in faces),
            "slots": {"solution": lambda r, ctx, w, h: drawing.diagram(r, build, w, h) if build else []}}
    return build_document("gimbap/solution.yaml", opts, FooterInfo(GAME, "solution"), _common(data))

