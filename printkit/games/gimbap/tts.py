"""Gimbap in Tabletop Simulator: the order dice's faces cut out of their printed nets (a d6
each), and the paper fillings cut out along their outlines (printkit.core.tts.parts)."""

from __future__ import annotations

import math
from typing import Any

from printkit.core.draw.ops import IDENTITY, Document, Group, Path, Polygon, Rect, walk
from printkit.core.tts.images import D6_CUBE
from printkit.core.tts.parts import Part, outline
from printkit.games.gimbap import components
from printkit.games.gimbap.content import CONTENT

#: Fillings a game has of each: one set a player, four players (the rulebook's components).
SETS = 4


def dice(doc: Document, own: dict[str, Any]) -> list[Part]:
    """Each die's six faces (the net's frames ``face-N-CUBEFACE``), each the square of the
    cube's edge, turned upright, numbered by where it is on the cube (images.D6_CUBE: the
    faces the data pairs as opposite stay opposite on the TTS die)."""
    edge = own.get("edge", components.DEFAULT_EDGE)
    found = []
    for p, page in enumerate(doc.pages):
        for op, m in walk(page.ops, IDENTITY):
            tag = getattr(op, "tag", None) or ""
            if not (isinstance(op, Group) and tag.startswith("face-")):
                continue
            _, n, cube_face = tag.split("-")
            frame = m @ op.matrix
            h = edge / 2
            square = tuple(frame.apply(x, y) for x, y in ((-h, -h), (h, -h), (h, h), (-h, h)))
            turned = round(math.degrees(math.atan2(frame.b, frame.a)) / 90)
            number = D6_CUBE[cube_face]
            found.append(Part(p, f"die{n}-face{number}", (square,), die=f"die{n}", face=number, turns=-turned))
    return found


def fillings(doc: Document, own: dict[str, Any]) -> list[Part]:
    """The seaweed sheet and every filling (the shapes tagged with their part's id), cut half
    their outline's width out; SETS of each."""
    found = []
    for p, page in enumerate(doc.pages):
        for op, m in walk(page.ops, IDENTITY, doc.symbols):
            tag = getattr(op, "tag", None)
            if tag in CONTENT.parts and isinstance(op, Rect | Polygon | Path):
                found.append(Part(p, tag, tuple(outline(op, m)), stroke=op.style.stroke_width * m.scale_factor / 2,
                                  count=SETS))
    return found
