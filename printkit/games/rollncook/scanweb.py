"""Score a paper Roll n Cook sheet in ``printkit serve`` (issue 30): the web's side of scan.py.

The page (``web/paper.js``, at ``/paper/rollncook``) uploads a photo; :func:`read_upload` reads it
with scan.py's reader, exactly as ``printkit scan`` does, and answers what the page draws: a small
copy of the photo as read, every spot (box, segment, plate, bullet, "more" box, dish, ability box, die) with
its outline in that copy's pixels, what was read there, and why it needs a look; the page
groups what to look at by the sheet's sections (:data:`SECTIONS`). The players
fix and confirm reads by taps (the dice once for the table), then :func:`records` turns the
marks they confirmed into the record documents they say, through the same reader of filled
sheets (filled.py) as ``printkit scan`` and ``printkit score`` of a filled PDF.

The photo lives only while it is read: written to a file in a new private temporary folder
(mode 0700, under ``$TMPDIR``) for the reader, which is removed when the answer is made.

scan.py's ``read_photo`` keeps the homography it registers the photo with to itself; the page
needs it to draw over the photo, so :func:`read_upload` registers the photo once more on the
paper the reading found (one paper: about a third of the reading's time).
"""

from __future__ import annotations

import base64
import io
import tempfile
from pathlib import Path
from typing import Any

from printkit.errors import PrintkitError

#: The copy of the photo the page draws over: its long side in pixels (a phone's screen, zoomed 3x).
PREVIEW_SIDE = 1200
#: At most this many sheets (players) in one game read from paper.
MAX_SHEETS = 8
#: The values a read of each kind may hold, as the page sends them.
VALUES: dict[str, tuple[Any, ...]] = {"die": ("", "1", "2", "3", "4", "5", "6"), "bullet": ("", "O", "X"),
                                      "more": ("", *map(str, range(100)))}
BINARY = (True, False)
#: The sheet's sections, each with the kinds of spot in it: the page lists what to confirm
#: section by section, each with its count and a "these are right" for the whole section.
SECTIONS: dict[str, tuple[str, ...]] = {"hours": ("die", "box", "plate"), "tables": ("seg",),
                                        "inventory": ("bullet", "more"), "cookbook": ("dish",),
                                        "abilities": ("ability",)}


def section(kind: str) -> str:
    """The section of the sheet a spot of ``kind`` is in (:data:`SECTIONS`)."""
    return next(name for name, kinds in SECTIONS.items() if kind in kinds)


def missing() -> str | None:
    """None when the scan extra is installed, else how to install it (one line)."""
    from printkit.games.rollncook.scan import require

    try:
        require()
    except PrintkitError as e:
        return str(e)
    return None


def _outline(spot: Any) -> list[tuple[float, float]]:
    """A spot's outline in the design box (mm): a rectangle's four corners, a triangle's three,
    a circle as twelve points on it."""
    import math

    a = spot.at
    if spot.shape == "rect":
        return [(a[0], a[1]), (a[0] + a[2], a[1]), (a[0] + a[2], a[1] + a[3]), (a[0], a[1] + a[3])]
    if spot.shape == "circle":
        return [(a[0] + a[2] * math.cos(k * math.pi / 6), a[1] + a[2] * math.sin(k * math.pi / 6)) for k in range(12)]
    return [(a[0], a[1]), (a[2], a[3]), (a[4], a[5])]


def _preview(rgb: Any) -> tuple[str, float]:
    """The photo as read (its long side at most PREVIEW_SIDE) as a JPEG data URL, and its scale."""
    from PIL import Image

    im = Image.fromarray(rgb)
    k = min(1.0, PREVIEW_SIDE / max(im.size))
    if k < 1:
        im = im.resize((round(im.width * k), round(im.height * k)), Image.Resampling.BILINEAR)
    out = io.BytesIO()
    im.save(out, "JPEG", quality=80)
    return "data:image/jpeg;base64," + base64.b64encode(out.getvalue()).decode("ascii"), k


def checked(readings: list[tuple[Any, str]]) -> tuple[list[Any], Any]:
    """Readings (each with its player) scored together as ``printkit scan`` scores them
    (scan.scored): the FormRecords and the report."""
    from printkit.games.rollncook.scan import scored

    return scored([reading for reading, _ in readings], [player for _, player in readings])


def read_upload(data: bytes, name: str) -> dict[str, Any]:
    """What photo ``data`` (a file named ``name``) shows, for the page: ``{sheet, paper, fit,
    width, height, image, spots: [{name, kind, section, where, value, confidence, why, points}]}``, read
    (scan.read_photo) and checked (:func:`checked`) as ``printkit scan`` does it; ``why`` is null
    for a read taken as it is, else what to look at (a read below its confidence, or a mark the
    rules disagree with, scan.to_confirm). PrintkitError (one line) for a photo that cannot be read."""
    import cv2
    import numpy as np

    from printkit.games.rollncook.scan import READ_PPM, open_photo, read_photo, register, to_confirm
    from printkit.games.rollncook.spots import spots

    with tempfile.TemporaryDirectory(prefix="printkit-scan-") as folder:
        path = str(Path(folder) / "photo")  # its own name: never a path the upload chose
        Path(path).write_bytes(data)
        try:
            reading = read_photo(path)
            rgb = open_photo(path)
            fit = register(rgb, reading.seed, path, reading.paper)
        except PrintkitError as e:
            raise PrintkitError(str(e).replace(path, name)) from None
    _, report = checked([(reading, name)])
    why = {c["field"]: c["why"] for c in to_confirm(reading, [v for v in report.violations if v.file == name])}
    image, k = _preview(rgb)
    inverse = np.linalg.inv(fit.h) @ np.diag([READ_PPM, READ_PPM, 1.0])
    out = []
    for s in spots(reading.sid, reading.paper):
        r = reading.reads[s.name]
        pts = cv2.perspectiveTransform(np.array([_outline(s)], dtype=np.float64), inverse)[0] * k
        out.append({"name": s.name, "kind": s.kind, "section": section(s.kind), "where": _where(s.name),
                    "value": r.value, "confidence": r.confidence, "why": why.get(s.name),
                    "points": [[round(float(x), 1), round(float(y), 1)] for x, y in pts]})
    h, w = rgb.shape[:2]
    return {"sheet": reading.sid, "paper": reading.paper, "fit": reading.fit, "width": round(w * k),
            "height": round(h * k), "image": image, "spots": out}


def _where(name: str) -> str:
    from printkit.games.rollncook.scan import where

    return where(name)


def _reading(sheet: Any, i: int) -> Any:
    """One sheet of the page's JSON as a scan.Reading, every read as the players confirmed it."""
    from printkit.games.rollncook.record import MAX_SHEET_SEED
    from printkit.games.rollncook.scan import Read, Reading
    from printkit.games.rollncook.sheet import parse_sheet_id, sheet_id
    from printkit.games.rollncook.spots import spots

    if not isinstance(sheet, dict):
        raise ValueError(f"sheets[{i}]: {{\"sheet\", \"paper\", \"player\", \"marks\"}} is expected")
    sid, paper, player, marks = sheet.get("sheet"), sheet.get("paper"), sheet.get("player"), sheet.get("marks")
    parsed = parse_sheet_id(sid) if isinstance(sid, str) else None
    if parsed is None or parsed[1] > MAX_SHEET_SEED:
        raise ValueError(f"sheets[{i}].sheet: a sheet id such as RNC1-7 is expected")
    if paper not in ("a4", "letter"):
        raise ValueError(f"sheets[{i}].paper: a4 or letter is expected")
    if not isinstance(player, str) or not player.strip() or len(player) > 40 or not player.isprintable():
        raise ValueError(f"sheets[{i}].player: the player's name (1 to 40 printable characters) is expected")
    if not isinstance(marks, dict):
        raise ValueError(f"sheets[{i}].marks: the marks read ({{field: value}}) are expected")
    sid = sheet_id(parsed[1])
    known = {s.name: s.kind for s in spots(sid, paper)}
    unknown = next((n for n in marks if n not in known), None)
    if unknown is not None:
        raise ValueError(f"sheets[{i}].marks: {str(unknown)[:60]!r} is no mark of sheet {sid}")
    reads = {}
    for name, kind in known.items():
        allowed = VALUES.get(kind, BINARY)
        value = marks.get(name, allowed[0] if kind in VALUES else False)
        if isinstance(value, bool) != (kind not in VALUES) or value not in allowed:
            what = "a number '0' to '99', or ''" if kind == "more" else f"one of {', '.join(map(repr, allowed))}"
            raise ValueError(f"sheets[{i}].marks: {name}: {what} is expected")
        reads[name] = Read(name, kind, value, 1.0)
    return Reading(player.strip(), sid, parsed[1], paper, reads)


def records(body: dict[str, Any]) -> list[dict[str, Any]]:
    """``{"sheets": [{sheet, paper, player, marks: {spot: value}}]}`` (one sheet a player, the
    marks as confirmed) -> the record documents the marks say, one a player, as ``printkit scan
    --as-record`` writes them (ValueError, one line, for a body that is not the page's)."""
    sheets = body.get("sheets")
    if set(body) != {"sheets"} or not isinstance(sheets, list) or not 1 <= len(sheets) <= MAX_SHEETS:
        raise ValueError(f'sheets: 1 to {MAX_SHEETS} sheets read ({{"sheets": [{{sheet, paper, player, marks}}]}}) '
                         "are expected")
    forms, _ = checked([(_reading(sheet, i), sheet["player"].strip()) for i, sheet in enumerate(sheets)])
    return [r.data for r in forms]
