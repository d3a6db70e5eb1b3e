"""printkit.games.gemblo's record models compiled: written by ``python3 -m printkit.core.compiled`` (see that module); do not edit."""

from printkit.core.compiled import FastModel, bind as _bind
import printkit.games.gemblo.recordbase as _m0

#: The pydantic-core the schemas are written for.
PYDANTIC_CORE = '2.50.5'
#: The files this was compiled from, and their sha256: used only while they keep their bytes.
SOURCES = {
    'printkit/games/gemblo/data.yaml': '42d150eabf1b96b3c7a3fe9eaf1d1be1b1f92e0d5f086cc8a56638a5fdd374cc',
    'printkit/games/gemblo/record.py': '4dd14a629827804182c1fd2b44e60d375256b46bc3619e00638429e3eeb325d2',
    'printkit/games/gemblo/recordbase.py': 'd72a1cb9ce9196570be1ab9fa35d6662db07c29085ef7bd3a252e70b0baa8aaf',
}


class Strict(FastModel):
    __slots__ = ()
    compiled_from = 'printkit.games.gemblo.record.Strict'
    compiled_fields = ()


class Placed(Strict):
    __slots__ = ()
    compiled_from = 'printkit.games.gemblo.record.Placed'
    compiled_fields = ('piece', 'cells')


class Move(Strict):
    '``{colour: red, piece: V3, cells: [[12,-9],[11,-9],[10,-8]]}`` or ``{colour: red, pass: true}``.'
    __slots__ = ()
    compiled_from = 'printkit.games.gemblo.record.Move'
    compiled_fields = ('colour', 'piece', 'cells', 'pass_')


class GembloRecord(Strict):
    'A game of Gemblo: who played which colour and every move in order.'
    __slots__ = ()
    compiled_from = 'printkit.games.gemblo.record.GembloRecord'
    compiled_fields = ('game', 'players', 'colours', 'names', 'obstacles', 'moves')


#: The light class of each model.
LIGHT = {
    'printkit.games.gemblo.record.Strict': Strict,
    'printkit.games.gemblo.record.Placed': Placed,
    'printkit.games.gemblo.record.Move': Move,
    'printkit.games.gemblo.record.GembloRecord': GembloRecord,
}

#: Each record model's core schema, as pydantic-core runs it for the model.
SCHEMAS = {
    'GembloRecord': {
        'type': 'function-after',
        'function': {'type': 'no-info', 'function': _m0.counts},
        'schema': {
            'type': 'model',
            'cls': GembloRecord,
            'schema': {
                'type': 'model-fields',
                'fields': {
                    'game': {
                        'type': 'model-field',
                        'schema': {
                            'type': 'default',
                            'schema': {'type': 'nullable', 'schema': {'type': 'literal', 'expected': ['gemblo']}},
                            'default': None}},
                    'players': {'type': 'model-field', 'schema': {'type': 'int', 'ge': 2, 'le': 6, 'strict': True}},
                    'colours': {
                        'type': 'model-field',
                        'schema': {
                            'type': 'function-after',
                            'function': {'type': 'no-info', 'function': _bind(_m0.colours, GembloRecord)},
                            'schema': {'type': 'list', 'items_schema': {'type': 'str'}}}},
                    'names': {
                        'type': 'model-field',
                        'schema': {
                            'type': 'default',
                            'schema': {'type': 'dict', 'keys_schema': {'type': 'str'}, 'values_schema': {'type': 'str'}},
                            'default': {}}},
                    'obstacles': {
                        'type': 'model-field',
                        'schema': {
                            'type': 'default',
                            'schema': {
                                'type': 'nullable',
                                'schema': {
                                    'type': 'list',
                                    'items_schema': {
                                        'type': 'model',
                                        'cls': Placed,
                                        'schema': {
                                            'type': 'model-fields',
                                            'fields': {
                                                'piece': {
                                                    'type': 'model-field',
                                                    'schema': {
                                                        'type': 'function-after',
                                                        'function': {'type': 'no-info', 'function': _bind(_m0.piece, Placed)},
                                                        'schema': {'type': 'str'}}},
                                                'cells': {
                                                    'type': 'model-field',
                                                    'schema': {
                                                        'type': 'function-after',
                                                        'function': {'type': 'no-info', 'function': _bind(_m0.cells, Placed)},
                                                        'schema': {
                                                            'type': 'list',
                                                            'items_schema': {
                                                                'type': 'tuple',
                                                                'items_schema': [{'type': 'int', 'strict': True}, {'type': 'int', 'strict': True}]},
                                                            'min_length': 1,
                                                            'max_length': 5}}}},
                                            'model_name': 'Placed',
                                            'computed_fields': []},
                                        'custom_init': False,
                                        'root_model': False,
                                        'config': {
                                            'extra_fields_behavior': 'forbid',
                                            'validate_by_alias': True,
                                            'validate_by_name': True,
                                            'title': 'Placed'},
                                        'ref': 'printkit.games.gemblo.record.Placed'}}},
                            'default': None}},
                    'moves': {
                        'type': 'model-field',
                        'schema': {
                            'type': 'list',
                            'items_schema': {
                                'type': 'function-after',
                                'function': {'type': 'no-info', 'function': _m0.one_kind},
                                'schema': {
                                    'type': 'model',
                                    'cls': Move,
                                    'schema': {
                                        'type': 'model-fields',
                                        'fields': {
                                            'colour': {
                                                'type': 'model-field',
                                                'schema': {
                                                    'type': 'function-after',
                                                    'function': {'type': 'no-info', 'function': _bind(_m0.colour, Move)},
                                                    'schema': {'type': 'str'}}},
                                            'piece': {
                                                'type': 'model-field',
                                                'schema': {
                                                    'type': 'default',
                                                    'schema': {
                                                        'type': 'function-after',
                                                        'function': {'type': 'no-info', 'function': _bind(_m0.optional_piece, Move)},
                                                        'schema': {'type': 'nullable', 'schema': {'type': 'str'}}},
                                                    'default': None}},
                                            'cells': {
                                                'type': 'model-field',
                                                'schema': {
                                                    'type': 'default',
                                                    'schema': {
                                                        'type': 'function-after',
                                                        'function': {'type': 'no-info', 'function': _bind(_m0.optional_cells, Move)},
                                                        'schema': {
                                                            'type': 'nullable',
                                                            'schema': {
                                                                'type': 'list',
                                                                'items_schema': {
                                                                    'type': 'tuple',
                                                                    'items_schema': [{'type': 'int', 'strict': True}, {'type': 'int', 'strict': True}]},
                                                                'min_length': 1,
                                                                'max_length': 5}}},
                                                    'default': None}},
                                            'pass_': {
                                                'type': 'model-field',
                                                'schema': {'type': 'default', 'schema': {'type': 'bool'}, 'default': False},
                                                'validation_alias': 'pass',
                                                'serialization_alias': 'pass'}},
                                        'model_name': 'Move',
                                        'computed_fields': []},
                                    'custom_init': False,
                                    'root_model': False,
                                    'config': {
                                        'extra_fields_behavior': 'forbid',
                                        'validate_by_alias': True,
                                        'validate_by_name': True,
                                        'title': 'Move'}},
                                'ref': 'printkit.games.gemblo.record.Move'}}}},
                'model_name': 'GembloRecord',
                'computed_fields': []},
            'custom_init': False,
            'root_model': False,
            'config': {
                'extra_fields_behavior': 'forbid',
                'validate_by_alias': True,
                'validate_by_name': True,
                'title': 'GembloRecord'}},
        'ref': 'printkit.games.gemblo.record.GembloRecord'},
}

#: Each record model's core config (the title its errors name).
CONFIGS = {
    'GembloRecord': {
        'extra_fields_behavior': 'forbid',
        'validate_by_alias': True,
        'validate_by_name': True,
        'title': 'GembloRecord'},
}

#: The records read: by their own schema (None), or by the one a function chooses for the data.
READERS = {
    'GembloRecord': None,
}
