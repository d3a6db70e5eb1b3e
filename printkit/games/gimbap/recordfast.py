"""printkit.games.gimbap's record models compiled: written by ``python3 -m printkit.core.compiled`` (see that module); do not edit."""

from printkit.core.compiled import FastModel, bind as _bind
import printkit.games.gimbap.recordbase as _m0
import printkit.games.gimbap.contentbase as _m1

#: The pydantic-core the schemas are written for.
PYDANTIC_CORE = '2.50.5'
#: The files this was compiled from, and their sha256: used only while they keep their bytes.
SOURCES = {
    'printkit/games/gimbap/contentbase.py': '90264de02c0818ada08f2d027ec56c159f421ba959cc110bbdfa46db506f26c3',
    'printkit/games/gimbap/data.yaml': 'e6cf663792cbab475f9937d15c126a4831df332fe19bbd7423b7181d447a9109',
    'printkit/games/gimbap/record.py': '67dff6a0a9008c70cc79f332545019c81fa003d27ea1218946785beb47f10538',
    'printkit/games/gimbap/recordbase.py': '472587370ff5fc6e2ad408ad031664c6a3c441bc3e53c3861705a210402fac1c',
}


class Strict(FastModel):
    __slots__ = ()
    compiled_from = 'printkit.games.gimbap.record.Strict'
    compiled_fields = ()


class Roll(Strict):
    "A player's roll this round: how it was built (the checker decides), or only whether it"
    __slots__ = ()
    compiled_from = 'printkit.games.gimbap.record.Roll'
    compiled_fields = ('on', 'touching', 'correct')


class Round(Strict):
    __slots__ = ()
    compiled_from = 'printkit.games.gimbap.record.Round'
    compiled_fields = ('first', 'dice', 'tokens', 'done', 'rolls')


class GimbapRecord(Strict):
    'A whole game of Gimbap.'
    __slots__ = ()
    compiled_from = 'printkit.games.gimbap.record.GimbapRecord'
    compiled_fields = ('game', 'players', 'tokens', 'rounds')


#: The light class of each model.
LIGHT = {
    'printkit.games.gimbap.record.Strict': Strict,
    'printkit.games.gimbap.record.Roll': Roll,
    'printkit.games.gimbap.record.Round': Round,
    'printkit.games.gimbap.record.GimbapRecord': GimbapRecord,
}

#: Each record model's core schema, as pydantic-core runs it for the model.
SCHEMAS = {
    'GimbapRecord': {
        'type': 'function-after',
        'function': {'type': 'no-info', 'function': _m0.known_players},
        'schema': {
            'type': 'model',
            'cls': GimbapRecord,
            'schema': {
                'type': 'model-fields',
                'fields': {
                    'game': {
                        'type': 'model-field',
                        'schema': {
                            'type': 'default',
                            'schema': {'type': 'nullable', 'schema': {'type': 'literal', 'expected': ['gimbap']}},
                            'default': None}},
                    'players': {
                        'type': 'model-field',
                        'schema': {
                            'type': 'function-after',
                            'function': {'type': 'no-info', 'function': _bind(_m0.distinct_players, GimbapRecord)},
                            'schema': {'type': 'list', 'items_schema': {'type': 'str'}, 'min_length': 2, 'max_length': 4}}},
                    'tokens': {
                        'type': 'model-field',
                        'schema': {
                            'type': 'default',
                            'schema': {
                                'type': 'nullable',
                                'schema': {
                                    'type': 'list',
                                    'items_schema': {
                                        'type': 'function-before',
                                        'function': {'type': 'no-info', 'function': _m0.token},
                                        'schema': {
                                            'type': 'dataclass',
                                            'cls': _m1.Token,
                                            'fields': ['points', 'radish'],
                                            'schema': {
                                                'type': 'dataclass-args',
                                                'dataclass_name': 'Token',
                                                'fields': [{
                                                    'type': 'dataclass-field',
                                                    'name': 'points',
                                                    'schema': {'type': 'int'},
                                                    'kw_only': False,
                                                    'init': True}, {
                                                    'type': 'dataclass-field',
                                                    'name': 'radish',
                                                    'schema': {'type': 'int'},
                                                    'kw_only': False,
                                                    'init': True}],
                                                'computed_fields': [],
                                                'collect_init_only': False},
                                            'post_init': False,
                                            'frozen': True,
                                            'slots': False,
                                            'config': {'extra_fields_behavior': 'forbid', 'title': 'Token'},
                                            'ref': 'printkit.games.gimbap.contentbase.Token'}}}},
                            'default': None}},
                    'rounds': {
                        'type': 'model-field',
                        'schema': {
                            'type': 'list',
                            'items_schema': {
                                'type': 'model',
                                'cls': Round,
                                'schema': {
                                    'type': 'model-fields',
                                    'fields': {
                                        'first': {'type': 'model-field', 'schema': {'type': 'str'}},
                                        'dice': {
                                            'type': 'model-field',
                                            'schema': {
                                                'type': 'list',
                                                'items_schema': {
                                                    'type': 'function-before',
                                                    'function': {'type': 'no-info', 'function': _m0.face},
                                                    'schema': {'type': 'str'}}}},
                                        'tokens': {
                                            'type': 'model-field',
                                            'schema': {
                                                'type': 'list',
                                                'items_schema': {
                                                    'type': 'function-before',
                                                    'function': {'type': 'no-info', 'function': _m0.token},
                                                    'schema': {
                                                        'type': 'dataclass',
                                                        'cls': _m1.Token,
                                                        'fields': ['points', 'radish'],
                                                        'schema': {
                                                            'type': 'dataclass-args',
                                                            'dataclass_name': 'Token',
                                                            'fields': [{
                                                                'type': 'dataclass-field',
                                                                'name': 'points',
                                                                'schema': {'type': 'int'},
                                                                'kw_only': False,
                                                                'init': True}, {
                                                                'type': 'dataclass-field',
                                                                'name': 'radish',
                                                                'schema': {'type': 'int'},
                                                                'kw_only': False,
                                                                'init': True}],
                                                            'computed_fields': [],
                                                            'collect_init_only': False},
                                                        'post_init': False,
                                                        'frozen': True,
                                                        'slots': False,
                                                        'config': {'extra_fields_behavior': 'forbid', 'title': 'Token'},
                                                        'ref': 'printkit.games.gimbap.contentbase.Token'}}}},
                                        'done': {'type': 'model-field', 'schema': {'type': 'list', 'items_schema': {'type': 'str'}}},
                                        'rolls': {
                                            'type': 'model-field',
                                            'schema': {
                                                'type': 'dict',
                                                'keys_schema': {'type': 'str'},
                                                'values_schema': {
                                                    'type': 'function-after',
                                                    'function': {'type': 'no-info', 'function': _m0.roll_given},
                                                    'schema': {
                                                        'type': 'model',
                                                        'cls': Roll,
                                                        'schema': {
                                                            'type': 'model-fields',
                                                            'fields': {
                                                                'on': {
                                                                    'type': 'model-field',
                                                                    'schema': {
                                                                        'type': 'default',
                                                                        'schema': {
                                                                            'type': 'function-after',
                                                                            'function': {'type': 'no-info', 'function': _bind(_m0.on_parts, Roll)},
                                                                            'schema': {
                                                                                'type': 'nullable',
                                                                                'schema': {'type': 'dict', 'keys_schema': {'type': 'str'}, 'values_schema': {'type': 'str'}}}},
                                                                        'default': None}},
                                                                'touching': {
                                                                    'type': 'model-field',
                                                                    'schema': {
                                                                        'type': 'default',
                                                                        'schema': {
                                                                            'type': 'function-after',
                                                                            'function': {'type': 'no-info', 'function': _bind(_m0.touching_parts, Roll)},
                                                                            'schema': {
                                                                                'type': 'list',
                                                                                'items_schema': {'type': 'tuple', 'items_schema': [{'type': 'str'}, {'type': 'str'}]}}},
                                                                        'default': []}},
                                                                'correct': {
                                                                    'type': 'model-field',
                                                                    'schema': {'type': 'default', 'schema': {'type': 'nullable', 'schema': {'type': 'bool'}}, 'default': None}}},
                                                            'model_name': 'Roll',
                                                            'computed_fields': []},
                                                        'custom_init': False,
                                                        'root_model': False,
                                                        'config': {'extra_fields_behavior': 'forbid', 'title': 'Roll'}},
                                                    'ref': 'printkit.games.gimbap.record.Roll'}}}},
                                    'model_name': 'Round',
                                    'computed_fields': []},
                                'custom_init': False,
                                'root_model': False,
                                'config': {'extra_fields_behavior': 'forbid', 'title': 'Round'},
                                'ref': 'printkit.games.gimbap.record.Round'}}}},
                'model_name': 'GimbapRecord',
                'computed_fields': []},
            'custom_init': False,
            'root_model': False,
            'config': {'extra_fields_behavior': 'forbid', 'title': 'GimbapRecord'}},
        'ref': 'printkit.games.gimbap.record.GimbapRecord'},
}

#: Each record model's core config (the title its errors name).
CONFIGS = {
    'GimbapRecord': {'extra_fields_behavior': 'forbid', 'title': 'GimbapRecord'},
}

#: The records read: by their own schema (None), or by the one a function chooses for the data.
READERS = {
    'GimbapRecord': None,
}
