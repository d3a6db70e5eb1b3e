"""printkit.games.gimbap's content models as light classes: written by ``python3 -m printkit.core.compiled`` (see that module); do not edit."""

from printkit.core.compiled import FastModel
import printkit.games.gimbap.contentbase as _m0

#: The files this was compiled from, and their sha256: used only while they keep their bytes.
SOURCES = {
    'printkit/games/gimbap/contentbase.py': '90264de02c0818ada08f2d027ec56c159f421ba959cc110bbdfa46db506f26c3',
    'printkit/games/gimbap/contentmodel.py': '5bf7b48ec5f9e69e792e0898ffcd187d953365bb6d5c17c0f22ceff197acfa93',
}


class DataModel(FastModel):
    "A part of a game's content: unknown keys are errors, values cannot be changed."
    __slots__ = ()
    compiled_from = 'printkit.core.datamodel.DataModel'
    compiled_fields = ()


class Part(DataModel):
    __slots__ = ()
    compiled_from = 'printkit.games.gimbap.contentmodel.Part'
    compiled_fields = ('id', 'name', 'colour', 'bw', 'size', 'kind')


class TokenSet(DataModel):
    'GIM-4: one token for each number of points and each number of radish slices.'
    __slots__ = ()
    compiled_from = 'printkit.games.gimbap.contentmodel.TokenSet'
    compiled_fields = ('points', 'radish')


class Lesson(DataModel):
    __slots__ = ()
    compiled_from = 'printkit.games.gimbap.contentmodel.Lesson'
    compiled_fields = ('title', 'text', 'faces')


class Content(_m0.ContentBase, DataModel):
    __slots__ = ()
    compiled_from = 'printkit.games.gimbap.contentmodel.Content'
    compiled_fields = ('version', 'seaweed', 'sheet_parts', 'strip_parts', 'dice', 'token_set', 'rounds', 'tokens_in_play', 'lessons')


#: The light class of each model.
LIGHT = {
    'printkit.core.datamodel.DataModel': DataModel,
    'printkit.games.gimbap.contentmodel.Part': Part,
    'printkit.games.gimbap.contentmodel.TokenSet': TokenSet,
    'printkit.games.gimbap.contentmodel.Lesson': Lesson,
    'printkit.games.gimbap.contentmodel.Content': Content,
}
