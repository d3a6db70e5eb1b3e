"""Tabletop Simulator (TTS): ``printkit make GAME --format tts`` (docs/tabletop-simulator.md).

images.py   the pictures TTS reads: deck sheets (a grid of at most 10 x 7 cards, the last cell
            the hidden card), a d6's texture from its six faces, a token's cut-out (transparent
            outside its printed outline)
save.py     the saved object: the JSON TTS loads from ``Saves/Saved Objects/``, its objects
            placed on the table at true scale, checked against tts.schema.json
parts.py    things printed together on a page (packed pieces, dice nets) cut apart along
            the outlines a game gives (:func:`register_parts`)
export.py   a game's items (printkit.core.export.items, drawn from the PDF pages) made into
            those images and the saved object, written beside each other

Names no game: what an item becomes in TTS follows from its kind.
"""

#: (game, component) to the ``"module:function"`` that finds the parts on its pages
#: (printkit.core.export.tts.parts.PartsOf): kept here, importing nothing, as games register on import.
PARTS: dict[tuple[str, str], str] = {}


def register_parts(game: str, component: str, target: str) -> None:
    """``target`` (``"module:function"``, imported when first used) finds the things a player
    handles on the pages of ``game``'s ``component`` (printkit.core.export.tts.parts)."""
    PARTS[(game, component)] = target
