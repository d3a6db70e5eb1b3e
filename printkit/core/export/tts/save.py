"""A Tabletop Simulator saved object: the JSON TTS loads from ``Saves/Saved Objects/``.

The structure is TTS's save file (its knowledge base, "Save File Format": a SaveState whose
``ObjectStates`` are the objects, each with ``Name``, ``Transform``, ``GUID`` ...), written with
the objects printkit makes: ``Deck`` and ``Card`` (``CustomDeck`` sheets, ``CardID`` = deck id
x 100 + cell), ``Custom_Tile``, ``Custom_Token`` and ``Custom_Dice`` (``CustomImage``).
tts.schema.json, beside this module, is that structure as a JSON Schema; :func:`problems`
checks what a schema cannot say (every card's cell is on its sheet and is not the hidden one).

Sizes: one TTS unit is taken as one inch (the knowledge base gives tile and token thickness "in
in-game units (about an inch)", and its grid's default square is one unit). An object's Transform
scale makes it its real size, from the size TTS gives it at scale 1 (the ``AT_SCALE_1``
constants; docs/tabletop-simulator.md says where they come from and how to check them).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MM_PER_UNIT = 25.4
#: A card (a Deck's or a Card's) at scale 1: width and height in units.
CARD_AT_SCALE_1 = (2.2, 3.1)
#: A Custom_Tile at scale 1 (Stretch off): its image's shorter side is this many units, the
#: longer follows the image's aspect.
TILE_SHORT_AT_SCALE_1 = 2.0
#: A Custom_Token at scale 1: its image's longer side is this many units.
TOKEN_LONG_AT_SCALE_1 = 3.7
#: Thickness of tiles, tokens and boards, in units (about 2 mm: chipboard).
THICKNESS = 0.08
#: The table's top is about this high; objects are put just above it.
TABLE_Y = 1.0
#: Custom_Token's MergeDistancePixels: how closely the cut-out follows the image's outline.
MERGE_DISTANCE = 15.0
#: CustomTile.Type for a rectangle ("Box") and a round tile ("Circle"); CustomDice.Type for a d6.
TILE_BOX, TILE_CIRCLE, DICE_D6 = 0, 2, 1

SCHEMA = Path(__file__).with_name("tts.schema.json")


def units(mm: float) -> float:
    return mm / MM_PER_UNIT


def r4(x: float) -> float:
    """A number as the JSON keeps it: 4 decimals (the same arguments, the same bytes)."""
    return round(x + 0.0, 4) + 0.0


@dataclass
class Guids:
    """Six-hex-digit GUIDs, each from a name (the same names, the same GUIDs), none twice."""

    used: set[str] = field(default_factory=set)

    def __call__(self, name: str) -> str:
        n = 0
        while True:
            guid = hashlib.blake2b(f"{name}#{n}".encode(), digest_size=3).hexdigest()
            if guid not in self.used:
                self.used.add(guid)
                return guid
            n += 1


def transform(x: float = 0.0, z: float = 0.0, y: float = TABLE_Y, *, face_down: bool = False,
              scale: tuple[float, float, float] = (1.0, 1.0, 1.0)) -> dict[str, float]:
    """A Transform at (x, y, z) units, turned to read from the first seat (rotY 180), face down
    (rotZ 180) if asked, with ``scale`` (x, y, z)."""
    return {"posX": r4(x), "posY": r4(y), "posZ": r4(z), "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if face_down else 0.0,
            "scaleX": r4(scale[0]), "scaleY": r4(scale[1]), "scaleZ": r4(scale[2])}


def _base(name: str, nickname: str, guid: str, where: dict[str, float], description: str = "",
          locked: bool = False) -> dict[str, Any]:
    return {"GUID": guid, "Name": name, "Transform": where, "Nickname": nickname, "Description": description,
            "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0}, "Locked": locked, "Grid": True, "Snap": True,
            "Autoraise": True, "Sticky": True, "Tooltip": True}


@dataclass(frozen=True)
class Sheet:
    """One deck sheet in a save: its deck id (the CustomDeck key), faces' and backs' URLs and grid."""

    deck_id: int
    face_url: str
    back_url: str
    cols: int
    rows: int
    unique_back: bool

    def state(self) -> dict[str, Any]:
        return {"FaceURL": self.face_url, "BackURL": self.back_url, "NumWidth": self.cols,
                "NumHeight": self.rows, "BackIsHidden": True, "UniqueBack": self.unique_back, "Type": 0}


def card_scale(size_mm: tuple[float, float]) -> tuple[float, float, float]:
    """The Transform scale of a card ``size_mm`` (w, h) at its real size."""
    sx, sz = units(size_mm[0]) / CARD_AT_SCALE_1[0], units(size_mm[1]) / CARD_AT_SCALE_1[1]
    return sx, 1.0, sz


def deck(nickname: str, sheets: Sequence[Sheet], cards: Sequence[tuple[str, int, int]], size_mm: tuple[float, float],
         at: tuple[float, float], guids: Guids, description: str = "") -> dict[str, Any]:
    """A deck, face down, of ``cards`` (name, deck id, cell), in that order from the top; one
    card alone is a Card. Every card is its real size ``size_mm``."""
    scale = card_scale(size_mm)
    custom = {str(s.deck_id): s.state() for s in sheets}

    def card(name: str, deck_id: int, cell: int, where: dict[str, float]) -> dict[str, Any]:
        obj = _base("Card", name, guids(f"{nickname}/{name}/{deck_id}/{cell}"), where, description)
        obj.update({"CardID": deck_id * 100 + cell, "SidewaysCard": False, "Hands": True,
                    "CustomDeck": {str(deck_id): custom[str(deck_id)]}})
        return obj

    where = transform(at[0], at[1], face_down=True, scale=scale)
    if len(cards) == 1:
        return card(*cards[0], where)
    obj = _base("Deck", nickname, guids(f"deck/{nickname}"), where, description)
    obj.update({"SidewaysCard": False, "Hands": False, "DeckIDs": [d * 100 + c for _, d, c in cards],
                "CustomDeck": custom,
                "ContainedObjects": [card(n, d, c, transform(scale=scale)) for n, d, c in cards]})
    return obj


def tile(nickname: str, url: str, back_url: str, size_mm: tuple[float, float], at: tuple[float, float],
         guids: Guids, y: float = TABLE_Y, locked: bool = False, description: str = "",
         shape: int = TILE_BOX, face_down: bool = False) -> dict[str, Any]:
    """A Custom_Tile (``shape``: TILE_BOX or TILE_CIRCLE) of the image at ``url`` (its other side
    ``back_url``) at its real size, face down if asked."""
    s = units(min(size_mm)) / TILE_SHORT_AT_SCALE_1
    obj = _base("Custom_Tile", nickname, guids(f"tile/{nickname}/{url}/{at}/{y}"),
                transform(at[0], at[1], y, face_down=face_down, scale=(s, 1.0, s)), description, locked)
    obj["CustomImage"] = {"ImageURL": url, "ImageSecondaryURL": back_url, "WidthScale": 0.0,
                          "CustomTile": {"Type": shape, "Thickness": THICKNESS, "Stackable": not locked,
                                         "Stretch": False}}
    return obj


def token(nickname: str, url: str, size_mm: tuple[float, float], at: tuple[float, float], guids: Guids,
          y: float = TABLE_Y, description: str = "") -> dict[str, Any]:
    """A Custom_Token cut out of the image at ``url`` (transparent outside the shape), its
    image ``size_mm`` (w, h, with the cut-out's transparent margin) at its real size."""
    s = units(max(size_mm)) / TOKEN_LONG_AT_SCALE_1
    obj = _base("Custom_Token", nickname, guids(f"token/{nickname}/{url}/{at}/{y}"),
                transform(at[0], at[1], y, scale=(s, 1.0, s)), description)
    obj["CustomImage"] = {"ImageURL": url, "ImageSecondaryURL": "", "WidthScale": 0.0,
                          "CustomToken": {"Thickness": THICKNESS, "MergeDistancePixels": MERGE_DISTANCE,
                                          "StandUp": False, "Stackable": True}}
    return obj


def die(nickname: str, url: str, at: tuple[float, float], guids: Guids, description: str = "") -> dict[str, Any]:
    """A Custom_Dice d6 whose texture is the image at ``url`` (images.d6_texture), at TTS's die size."""
    obj = _base("Custom_Dice", nickname, guids(f"die/{nickname}/{url}"), transform(at[0], at[1]), description)
    obj["CustomImage"] = {"ImageURL": url, "ImageSecondaryURL": "", "WidthScale": 0.0,
                          "CustomDice": {"Type": DICE_D6}}
    return obj


def saved_object(name: str, objects: Iterable[dict[str, Any]], note: str = "") -> dict[str, Any]:
    """The saved object: a SaveState holding ``objects``."""
    return {"SaveName": name, "GameMode": "", "Date": "", "VersionNumber": "", "Table": "", "Sky": "",
            "Note": note, "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
            "ObjectStates": list(objects), "TabStates": {}}


def dumps(doc: dict[str, Any]) -> bytes:
    """The saved object's bytes: indented JSON, keys in the order made, a newline at the end."""
    return (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode()


def schema() -> dict[str, Any]:
    """tts.schema.json: the structure TTS reads, as a JSON Schema (Draft 2020-12)."""
    return json.loads(SCHEMA.read_text(encoding="utf-8"))


def urls(doc: dict[str, Any]) -> list[str]:
    """Every image URL the saved object names, in order, each once."""
    found: dict[str, None] = {}

    def walk(obj: Any) -> None:
        if isinstance(obj, dict):
            for key, value in obj.items():
                if key in ("FaceURL", "BackURL", "ImageURL", "ImageSecondaryURL") and value:
                    found[value] = None
                else:
                    walk(value)
        elif isinstance(obj, list):
            for value in obj:
                walk(value)

    walk(doc)
    return list(found)


def problems(doc: dict[str, Any]) -> list[str]:
    """What the schema cannot check: each card's CardID names a sheet of its CustomDeck and a
    cell on it that is not the hidden card; a deck's DeckIDs are its cards' CardIDs; GUIDs
    are not repeated."""
    found: list[str] = []
    guids: set[str] = set()

    def check_card(card_id: int, custom: dict[str, Any], where: str) -> None:
        sheet = custom.get(str(card_id // 100))
        if sheet is None:
            found.append(f"{where}: CardID {card_id} names no sheet of its CustomDeck")
        elif not card_id % 100 < sheet["NumWidth"] * sheet["NumHeight"] - 1:
            found.append(f"{where}: CardID {card_id} is not a card's cell of a {sheet['NumWidth']}x{sheet['NumHeight']} sheet")

    def walk(obj: dict[str, Any]) -> None:
        where = f"{obj.get('Name')} {obj.get('Nickname')!r}"
        guid = str(obj.get("GUID"))
        if guid in guids:
            found.append(f"{where}: GUID {guid} used twice")
        guids.add(guid)
        if obj.get("Name") == "Card":
            check_card(obj["CardID"], obj["CustomDeck"], where)
        if obj.get("Name") == "Deck":
            inner = [c["CardID"] for c in obj.get("ContainedObjects", [])]
            if inner != obj["DeckIDs"]:
                found.append(f"{where}: DeckIDs are not its cards' CardIDs")
            for card_id in obj["DeckIDs"]:
                check_card(card_id, obj["CustomDeck"], where)
        for inner_obj in obj.get("ContainedObjects", []):
            walk(inner_obj)

    for obj in doc.get("ObjectStates", []):
        walk(obj)
    return found
