"""printkit.games.jubako's record models compiled: written by ``python3 -m printkit.core.compiled`` (see that module); do not edit."""

from printkit.core.compiled import FastModel, bind as _bind
import printkit.games.jubako.recordbase as _m0

#: The pydantic-core the schemas are written for.
PYDANTIC_CORE = '2.50.5'
#: The files this was compiled from, and their sha256: used only while they keep their bytes.
SOURCES = {
    'printkit/games/jubako/data.yaml': 'c574b7fef480f9c036cfc2423c5fcdc7c5eacff8a18118a0d2b570619cf61055',
    'printkit/games/jubako/record.py': '753a9dea1f3f8b355fae3613cc09be0cb0803fd9ee2c7487b082f9dfb05d921d',
    'printkit/games/jubako/recordbase.py': 'd6084e94d1b2017010e605fe62a3107f111deaab3e1e9c5066fa1f6138f3fc23',
}


class Strict(FastModel):
    __slots__ = ()
    compiled_from = 'printkit.games.jubako.record.Strict'
    compiled_fields = ()


class Turn(Strict):
    '``{player, tile, cells, score?}`` (a placement) or ``{player, discard, hand}``.'
    __slots__ = ()
    compiled_from = 'printkit.games.jubako.record.Turn'
    compiled_fields = ('player', 'tile', 'cells', 'score', 'discard', 'hand')


class Options(Strict):
    __slots__ = ()
    compiled_from = 'printkit.games.jubako.record.Options'
    compiled_fields = ('little_jubako', 'picky_eaters', 'favorite_food', 'multi_tiered', 'peko_peko')


class JubakoRecord(Strict):
    'A game of Jubako.'
    __slots__ = ()
    compiled_from = 'printkit.games.jubako.record.JubakoRecord'
    compiled_fields = ('game', 'board', 'options', 'players', 'turns')


#: The light class of each model.
LIGHT = {
    'printkit.games.jubako.record.Strict': Strict,
    'printkit.games.jubako.record.Turn': Turn,
    'printkit.games.jubako.record.Options': Options,
    'printkit.games.jubako.record.JubakoRecord': JubakoRecord,
}

#: Each record model's core schema, as pydantic-core runs it for the model.
SCHEMAS = {
    'JubakoRecord': {
        'type': 'function-after',
        'function': {'type': 'no-info', 'function': _m0.check_record},
        'schema': {
            'type': 'model',
            'cls': JubakoRecord,
            'schema': {
                'type': 'function-before',
                'function': {'type': 'no-info', 'function': _bind(_m0.little_jubako, JubakoRecord)},
                'schema': {
                    'type': 'model-fields',
                    'fields': {
                        'game': {
                            'type': 'model-field',
                            'schema': {
                                'type': 'default',
                                'schema': {'type': 'nullable', 'schema': {'type': 'literal', 'expected': ['jubako']}},
                                'default': None}},
                        'board': {
                            'type': 'model-field',
                            'schema': {'type': 'default', 'schema': {'type': 'literal', 'expected': ['5x5', '4x4']}, 'default': '5x5'}},
                        'options': {
                            'type': 'model-field',
                            'schema': {
                                'type': 'default',
                                'schema': {
                                    'type': 'model',
                                    'cls': Options,
                                    'schema': {
                                        'type': 'model-fields',
                                        'fields': {
                                            'little_jubako': {
                                                'type': 'model-field',
                                                'schema': {'type': 'default', 'schema': {'type': 'nullable', 'schema': {'type': 'bool'}}, 'default': None}},
                                            'picky_eaters': {
                                                'type': 'model-field',
                                                'schema': {
                                                    'type': 'default',
                                                    'schema': {'type': 'nullable', 'schema': {'type': 'int', 'strict': True, 'ge': 0, 'le': 20}},
                                                    'default': None}},
                                            'favorite_food': {
                                                'type': 'model-field',
                                                'schema': {
                                                    'type': 'default',
                                                    'schema': {
                                                        'type': 'dict',
                                                        'keys_schema': {'type': 'str'},
                                                        'values_schema': {
                                                            'type': 'list',
                                                            'items_schema': {
                                                                'type': 'function-before',
                                                                'function': {'type': 'no-info', 'function': _m0.delicacy},
                                                                'schema': {'type': 'str'}}}},
                                                    'default': {}}},
                                            'multi_tiered': {'type': 'model-field', 'schema': {'type': 'default', 'schema': {'type': 'bool'}, 'default': False}},
                                            'peko_peko': {'type': 'model-field', 'schema': {'type': 'default', 'schema': {'type': 'bool'}, 'default': False}}},
                                        'model_name': 'Options',
                                        'computed_fields': []},
                                    'custom_init': False,
                                    'root_model': False,
                                    'config': {'extra_fields_behavior': 'forbid', 'title': 'Options'},
                                    'ref': 'printkit.games.jubako.record.Options'},
                                'default': Options.construct_light({
                                    'little_jubako': None,
                                    'picky_eaters': None,
                                    'favorite_food': {},
                                    'multi_tiered': False,
                                    'peko_peko': False}, [])}},
                        'players': {
                            'type': 'model-field',
                            'schema': {
                                'type': 'function-after',
                                'function': {'type': 'no-info', 'function': _bind(_m0.distinct_players, JubakoRecord)},
                                'schema': {'type': 'list', 'items_schema': {'type': 'str'}, 'min_length': 2, 'max_length': 4}}},
                        'turns': {
                            'type': 'model-field',
                            'schema': {
                                'type': 'list',
                                'items_schema': {
                                    'type': 'function-after',
                                    'function': {'type': 'no-info', 'function': _m0.turn_kind},
                                    'schema': {
                                        'type': 'model',
                                        'cls': Turn,
                                        'schema': {
                                            'type': 'model-fields',
                                            'fields': {
                                                'player': {'type': 'model-field', 'schema': {'type': 'str'}},
                                                'tile': {
                                                    'type': 'model-field',
                                                    'schema': {
                                                        'type': 'default',
                                                        'schema': {
                                                            'type': 'nullable',
                                                            'schema': {
                                                                'type': 'tuple',
                                                                'items_schema': [{
                                                                    'type': 'function-before',
                                                                    'function': {'type': 'no-info', 'function': _m0.delicacy},
                                                                    'schema': {'type': 'str'}}, {
                                                                    'type': 'function-before',
                                                                    'function': {'type': 'no-info', 'function': _m0.delicacy},
                                                                    'schema': {'type': 'str'}}]}},
                                                        'default': None}},
                                                'cells': {
                                                    'type': 'model-field',
                                                    'schema': {
                                                        'type': 'default',
                                                        'schema': {
                                                            'type': 'nullable',
                                                            'schema': {'type': 'tuple', 'items_schema': [{'type': 'str'}, {'type': 'str'}]}},
                                                        'default': None}},
                                                'score': {
                                                    'type': 'model-field',
                                                    'schema': {
                                                        'type': 'default',
                                                        'schema': {
                                                            'type': 'nullable',
                                                            'schema': {
                                                                'type': 'function-before',
                                                                'function': {'type': 'no-info', 'function': _m0.delicacy},
                                                                'schema': {'type': 'str'}}},
                                                        'default': None}},
                                                'discard': {
                                                    'type': 'model-field',
                                                    'schema': {
                                                        'type': 'default',
                                                        'schema': {
                                                            'type': 'nullable',
                                                            'schema': {
                                                                'type': 'tuple',
                                                                'items_schema': [{
                                                                    'type': 'function-before',
                                                                    'function': {'type': 'no-info', 'function': _m0.delicacy},
                                                                    'schema': {'type': 'str'}}, {
                                                                    'type': 'function-before',
                                                                    'function': {'type': 'no-info', 'function': _m0.delicacy},
                                                                    'schema': {'type': 'str'}}]}},
                                                        'default': None}},
                                                'hand': {
                                                    'type': 'model-field',
                                                    'schema': {
                                                        'type': 'default',
                                                        'schema': {
                                                            'type': 'nullable',
                                                            'schema': {
                                                                'type': 'list',
                                                                'items_schema': {
                                                                    'type': 'tuple',
                                                                    'items_schema': [{
                                                                        'type': 'function-before',
                                                                        'function': {'type': 'no-info', 'function': _m0.delicacy},
                                                                        'schema': {'type': 'str'}}, {
                                                                        'type': 'function-before',
                                                                        'function': {'type': 'no-info', 'function': _m0.delicacy},
                                                                        'schema': {'type': 'str'}}]}}},
                                                        'default': None}}},
                                            'model_name': 'Turn',
                                            'computed_fields': []},
                                        'custom_init': False,
                                        'root_model': False,
                                        'config': {'extra_fields_behavior': 'forbid', 'title': 'Turn'}},
                                    'ref': 'printkit.games.jubako.record.Turn'}}}},
                    'model_name': 'JubakoRecord',
                    'computed_fields': []}},
            'custom_init': False,
            'root_model': False,
            'config': {'extra_fields_behavior': 'forbid', 'title': 'JubakoRecord'}},
        'ref': 'printkit.games.jubako.record.JubakoRecord'},
}

#: Each record model's core config (the title its errors name).
CONFIGS = {
    'JubakoRecord': {'extra_fields_behavior': 'forbid', 'title': 'JubakoRecord'},
}

#: The records read: by their own schema (None), or by the one a function chooses for the data.
READERS = {
    'JubakoRecord': None,
}
