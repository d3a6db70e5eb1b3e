"""printkit.games.rollncook's content models as light classes: written by ``python3 -m printkit.core.compiled`` (see that module); do not edit."""

from printkit.core.compiled import FastModel
import printkit.games.rollncook.contentbase as _m0

#: The files this was compiled from, and their sha256: used only while they keep their bytes.
SOURCES = {
    'printkit/games/rollncook/contentbase.py': 'f09b0fe2f7d61da247cf0388fd51b18b3e7bb859dd4dce506402bc97ab9ee018',
    'printkit/games/rollncook/contentmodel.py': 'c7f964deb1e38cf1821ed81cb2901b85be75d2bb7bb657d1da1731c521d08a5a',
}


class DataModel(FastModel):
    "A part of a game's content: unknown keys are errors, values cannot be changed."
    __slots__ = ()
    compiled_from = 'printkit.core.datamodel.DataModel'
    compiled_fields = ()


class Meal(_m0.MealBase, DataModel):
    __slots__ = ()
    compiled_from = 'printkit.games.rollncook.contentmodel.Meal'
    compiled_fields = ('name', 'ingredients', 'value', 'bonuses')


class Content(_m0.ContentBase, DataModel):
    __slots__ = ()
    compiled_from = 'printkit.games.rollncook.contentmodel.Content'
    compiled_fields = ('version', 'basics', 'mystery', 'rares', 'meals', 'first_hour', 'plates', 'abilities', 'stars', 'generator')


#: The light class of each model.
LIGHT = {
    'printkit.core.datamodel.DataModel': DataModel,
    'printkit.games.rollncook.contentmodel.Meal': Meal,
    'printkit.games.rollncook.contentmodel.Content': Content,
}
