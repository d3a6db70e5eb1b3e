"""printkit.games.jubako's content models as light classes: written by ``python3 -m printkit.core.compiled`` (see that module); do not edit."""

from printkit.core.compiled import FastModel
import printkit.games.jubako.contentbase as _m0

#: The files this was compiled from, and their sha256: used only while they keep their bytes.
SOURCES = {
    'printkit/games/jubako/contentbase.py': '771760def0e8131fdae6c27657ab549a99bb4ee1254e3027ea58f13b9c46aea7',
    'printkit/games/jubako/contentmodel.py': '2c632777e760cd503ff7a4e26d12c019e0eb33389babbf68e13af887f5354e63',
}


class DataModel(FastModel):
    "A part of a game's content: unknown keys are errors, values cannot be changed."
    __slots__ = ()
    compiled_from = 'printkit.core.datamodel.DataModel'
    compiled_fields = ()


class Delicacy(DataModel):
    __slots__ = ()
    compiled_from = 'printkit.games.jubako.contentmodel.Delicacy'
    compiled_fields = ('id', 'name', 'gloss', 'colour', 'bw')


class Board(_m0.BoardBase, DataModel):
    __slots__ = ()
    compiled_from = 'printkit.games.jubako.contentmodel.Board'
    compiled_fields = ('name', 'size', 'printed')


class Content(_m0.ContentBase, DataModel):
    __slots__ = ()
    compiled_from = 'printkit.games.jubako.contentmodel.Content'
    compiled_fields = ('version', 'delicacies', 'boards', 'removed', 'bonus', 'track', 'tokens', 'cell')


#: The light class of each model.
LIGHT = {
    'printkit.core.datamodel.DataModel': DataModel,
    'printkit.games.jubako.contentmodel.Delicacy': Delicacy,
    'printkit.games.jubako.contentmodel.Board': Board,
    'printkit.games.jubako.contentmodel.Content': Content,
}
