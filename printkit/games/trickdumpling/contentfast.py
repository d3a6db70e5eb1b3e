"""printkit.games.trickdumpling's content models as light classes: written by ``python3 -m printkit.core.compiled`` (see that module); do not edit."""

from printkit.core.compiled import FastModel
import printkit.games.trickdumpling.contentbase as _m0

#: The files this was compiled from, and their sha256: used only while they keep their bytes.
SOURCES = {
    'printkit/games/trickdumpling/contentbase.py': '1d34223c0c6369329f2da7f578fa65d64d8ff4dc688181ce2088987e8b23b985',
    'printkit/games/trickdumpling/contentmodel.py': '667280d8c006da18f7086c9ad0eda85db82a826ac54e6a26014912db9615ef14',
}


class DataModel(FastModel):
    "A part of a game's content: unknown keys are errors, values cannot be changed."
    __slots__ = ()
    compiled_from = 'printkit.core.datamodel.DataModel'
    compiled_fields = ()


class Suit(DataModel):
    __slots__ = ()
    compiled_from = 'printkit.games.trickdumpling.contentmodel.Suit'
    compiled_fields = ('id', 'letter', 'name', 'colour', 'bw')


class Content(_m0.ContentBase, DataModel):
    __slots__ = ()
    compiled_from = 'printkit.games.trickdumpling.contentmodel.Content'
    compiled_fields = ('version', 'suits', 'numbers', 'specials', 'removed_small_game', 'deal', 'threshold', 'steamer_limit', 'missions', 'cooks', 'slacker_uses')


#: The light class of each model.
LIGHT = {
    'printkit.core.datamodel.DataModel': DataModel,
    'printkit.games.trickdumpling.contentmodel.Suit': Suit,
    'printkit.games.trickdumpling.contentmodel.Content': Content,
}
