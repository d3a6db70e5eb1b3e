"""printkit.games.gemblo's content models as light classes: written by ``python3 -m printkit.core.compiled`` (see that module); do not edit."""

from printkit.core.compiled import FastModel
import printkit.games.gemblo.contentbase as _m0

#: The files this was compiled from, and their sha256: used only while they keep their bytes.
SOURCES = {
    'printkit/games/gemblo/contentbase.py': '4ca4be3b6cac24b8bc4bb32b227a61a7990d587172438b9a1c8ab96ac124d3fd',
    'printkit/games/gemblo/contentmodel.py': 'fe063dbb91a23e5fe58ff4bbef22a0e82a87fdcb924588d6c71d8dd81a9efdd2',
}


class DataModel(FastModel):
    "A part of a game's content: unknown keys are errors, values cannot be changed."
    __slots__ = ()
    compiled_from = 'printkit.core.datamodel.DataModel'
    compiled_fields = ()


class ColourInfo(DataModel):
    __slots__ = ()
    compiled_from = 'printkit.games.gemblo.contentmodel.ColourInfo'
    compiled_fields = ('name', 'colour', 'bw', 'symbol')


class Obstacle(DataModel):
    'One piece of the sixth colour, laid before a 5-player game (GEM-6).'
    __slots__ = ()
    compiled_from = 'printkit.games.gemblo.contentmodel.Obstacle'
    compiled_fields = ('piece', 'cells')


class Content(_m0.ContentBase, DataModel):
    __slots__ = ()
    compiled_from = 'printkit.games.gemblo.contentmodel.Content'
    compiled_fields = ('version', 'areas', 'players', 'pieces', 'colours', 'obstacles')


#: The light class of each model.
LIGHT = {
    'printkit.core.datamodel.DataModel': DataModel,
    'printkit.games.gemblo.contentmodel.ColourInfo': ColourInfo,
    'printkit.games.gemblo.contentmodel.Obstacle': Obstacle,
    'printkit.games.gemblo.contentmodel.Content': Content,
}
