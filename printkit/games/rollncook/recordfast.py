"""printkit.games.rollncook's record models compiled: written by ``python3 -m printkit.core.compiled`` (see that module); do not edit."""

from printkit.core.compiled import FastModel, bind as _bind, partial as _partial
import printkit.games.rollncook.recordbase as _m0

#: The pydantic-core the schemas are written for.
PYDANTIC_CORE = '2.50.5'
#: The files this was compiled from, and their sha256: used only while they keep their bytes.
SOURCES = {
    'printkit/games/rollncook/data.yaml': '5c880804c70ce25dbe9f8910c8ed38f86fe7a151825bbd0bb7a8852a5dacf32c',
    'printkit/games/rollncook/record.py': 'bd475131b788375083d9046ca8f4b44e766cf56775c37ef225d674cfdd73fcbb',
    'printkit/games/rollncook/recordbase.py': '6b2445ba6368c8f844f3379e6e29251673ffd1cf1f5dedbfd5d75e01c902e4ab',
}


class Strict(FastModel):
    __slots__ = ()
    compiled_from = 'printkit.games.rollncook.record.Strict'
    compiled_fields = ()


class Double(Strict):
    'RNC-3: spend one of the equal dice ``spend``; the others of that value become ``to``.'
    __slots__ = ()
    compiled_from = 'printkit.games.rollncook.record.Double'
    compiled_fields = ('spend', 'to')


class Change(Strict):
    __slots__ = ()
    compiled_from = 'printkit.games.rollncook.record.Change'
    compiled_fields = ('from_', 'to')


class Ability(Strict):
    'One ability used (RNC-4): ``{adjust: {from: 3, to: 4}}``, ``{set: {from: 2, to: 6}}``,'
    __slots__ = ()
    compiled_from = 'printkit.games.rollncook.record.Ability'
    compiled_fields = ('adjust', 'set', 'reuse', 'add')


class Take(_m0.TakeBase, Strict):
    'A result used (RNC-2): ``{box: 4}`` (box 4 of this hour, with a result 4) or'
    __slots__ = ()
    compiled_from = 'printkit.games.rollncook.record.Take'
    compiled_fields = ('result', 'box', 'table', 'segment')


class Made(Strict):
    'A rare ingredient made or a meal cooked; ``use`` says what was crossed (mystery included).'
    __slots__ = ()
    compiled_from = 'printkit.games.rollncook.record.Made'
    compiled_fields = ('name', 'use')


class HourPlay(Strict):
    __slots__ = ()
    compiled_from = 'printkit.games.rollncook.record.HourPlay'
    compiled_fields = ('hour', 'dice', 'double', 'abilities', 'take', 'rare', 'cook')


class EndState(Strict):
    'Only the end of a game (then totalled and reported as unchecked). The unused plates'
    __slots__ = ()
    compiled_from = 'printkit.games.rollncook.record.EndState'
    compiled_fields = ('dishes', 'rares_left', 'basics_left', 'plates_left')


class RollNCookRecord(Strict):
    "One player's game on one sheet."
    __slots__ = ()
    compiled_from = 'printkit.games.rollncook.record.RollNCookRecord'
    compiled_fields = ('game', 'sheet', 'player', 'hours', 'end')


#: The light class of each model.
LIGHT = {
    'printkit.games.rollncook.record.Strict': Strict,
    'printkit.games.rollncook.record.Double': Double,
    'printkit.games.rollncook.record.Change': Change,
    'printkit.games.rollncook.record.Ability': Ability,
    'printkit.games.rollncook.record.Take': Take,
    'printkit.games.rollncook.record.Made': Made,
    'printkit.games.rollncook.record.HourPlay': HourPlay,
    'printkit.games.rollncook.record.EndState': EndState,
    'printkit.games.rollncook.record.RollNCookRecord': RollNCookRecord,
}

#: Each record model's core schema, as pydantic-core runs it for the model.
SCHEMAS = {
    'RollNCookRecord': {
        'type': 'definitions',
        'schema': {
            'type': 'function-after',
            'function': {'type': 'no-info', 'function': _m0.hours_or_end},
            'schema': {
                'type': 'model',
                'cls': RollNCookRecord,
                'schema': {
                    'type': 'model-fields',
                    'fields': {
                        'game': {
                            'type': 'model-field',
                            'schema': {
                                'type': 'default',
                                'schema': {'type': 'nullable', 'schema': {'type': 'literal', 'expected': ['rollncook']}},
                                'default': None}},
                        'sheet': {
                            'type': 'model-field',
                            'schema': {
                                'type': 'function-after',
                                'function': {'type': 'no-info', 'function': _bind(_m0.printed_sheet_id, RollNCookRecord)},
                                'schema': {'type': 'str'}}},
                        'player': {
                            'type': 'model-field',
                            'schema': {'type': 'default', 'schema': {'type': 'str'}, 'default': 'player'}},
                        'hours': {
                            'type': 'model-field',
                            'schema': {
                                'type': 'default',
                                'schema': {
                                    'type': 'nullable',
                                    'schema': {
                                        'type': 'list',
                                        'items_schema': {
                                            'type': 'model',
                                            'cls': HourPlay,
                                            'schema': {
                                                'type': 'model-fields',
                                                'fields': {
                                                    'hour': {
                                                        'type': 'model-field',
                                                        'schema': {
                                                            'type': 'function-before',
                                                            'function': {'type': 'no-info', 'function': _m0.hour_of_sheet},
                                                            'schema': {'type': 'str'}}},
                                                    'dice': {
                                                        'type': 'model-field',
                                                        'schema': {
                                                            'type': 'list',
                                                            'items_schema': {'type': 'int', 'strict': True, 'ge': 1, 'le': 6},
                                                            'min_length': 3,
                                                            'max_length': 3}},
                                                    'double': {
                                                        'type': 'model-field',
                                                        'schema': {
                                                            'type': 'default',
                                                            'schema': {
                                                                'type': 'nullable',
                                                                'schema': {
                                                                    'type': 'model',
                                                                    'cls': Double,
                                                                    'schema': {
                                                                        'type': 'model-fields',
                                                                        'fields': {
                                                                            'spend': {'type': 'model-field', 'schema': {'type': 'int', 'strict': True, 'ge': 1, 'le': 6}},
                                                                            'to': {'type': 'model-field', 'schema': {'type': 'int', 'strict': True, 'ge': 1, 'le': 6}}},
                                                                        'model_name': 'Double',
                                                                        'computed_fields': []},
                                                                    'custom_init': False,
                                                                    'root_model': False,
                                                                    'config': {
                                                                        'extra_fields_behavior': 'forbid',
                                                                        'validate_by_alias': True,
                                                                        'validate_by_name': True,
                                                                        'title': 'Double'},
                                                                    'ref': 'printkit.games.rollncook.record.Double'}},
                                                            'default': None}},
                                                    'abilities': {
                                                        'type': 'model-field',
                                                        'schema': {
                                                            'type': 'default',
                                                            'schema': {
                                                                'type': 'list',
                                                                'items_schema': {
                                                                    'type': 'function-after',
                                                                    'function': {'type': 'no-info', 'function': _m0.one_ability},
                                                                    'schema': {
                                                                        'type': 'model',
                                                                        'cls': Ability,
                                                                        'schema': {
                                                                            'type': 'model-fields',
                                                                            'fields': {
                                                                                'adjust': {
                                                                                    'type': 'model-field',
                                                                                    'schema': {
                                                                                        'type': 'default',
                                                                                        'schema': {
                                                                                            'type': 'nullable',
                                                                                            'schema': {'type': 'definition-ref', 'schema_ref': 'printkit.games.rollncook.record.Change'}},
                                                                                        'default': None}},
                                                                                'set': {
                                                                                    'type': 'model-field',
                                                                                    'schema': {
                                                                                        'type': 'default',
                                                                                        'schema': {
                                                                                            'type': 'nullable',
                                                                                            'schema': {'type': 'definition-ref', 'schema_ref': 'printkit.games.rollncook.record.Change'}},
                                                                                        'default': None}},
                                                                                'reuse': {
                                                                                    'type': 'model-field',
                                                                                    'schema': {
                                                                                        'type': 'default',
                                                                                        'schema': {'type': 'nullable', 'schema': {'type': 'int', 'strict': True, 'ge': 1, 'le': 6}},
                                                                                        'default': None}},
                                                                                'add': {
                                                                                    'type': 'model-field',
                                                                                    'schema': {
                                                                                        'type': 'default',
                                                                                        'schema': {'type': 'nullable', 'schema': {'type': 'int', 'strict': True, 'ge': 1, 'le': 6}},
                                                                                        'default': None}}},
                                                                            'model_name': 'Ability',
                                                                            'computed_fields': []},
                                                                        'custom_init': False,
                                                                        'root_model': False,
                                                                        'config': {
                                                                            'extra_fields_behavior': 'forbid',
                                                                            'validate_by_alias': True,
                                                                            'validate_by_name': True,
                                                                            'title': 'Ability'}},
                                                                    'ref': 'printkit.games.rollncook.record.Ability'}},
                                                            'default': []}},
                                                    'take': {
                                                        'type': 'model-field',
                                                        'schema': {
                                                            'type': 'default',
                                                            'schema': {
                                                                'type': 'list',
                                                                'items_schema': {
                                                                    'type': 'function-after',
                                                                    'function': {'type': 'no-info', 'function': _m0.take_target},
                                                                    'schema': {
                                                                        'type': 'model',
                                                                        'cls': Take,
                                                                        'schema': {
                                                                            'type': 'model-fields',
                                                                            'fields': {
                                                                                'result': {
                                                                                    'type': 'model-field',
                                                                                    'schema': {
                                                                                        'type': 'default',
                                                                                        'schema': {'type': 'nullable', 'schema': {'type': 'int', 'strict': True, 'ge': 1, 'le': 6}},
                                                                                        'default': None}},
                                                                                'box': {
                                                                                    'type': 'model-field',
                                                                                    'schema': {
                                                                                        'type': 'default',
                                                                                        'schema': {'type': 'nullable', 'schema': {'type': 'int', 'strict': True, 'ge': 1, 'le': 6}},
                                                                                        'default': None}},
                                                                                'table': {
                                                                                    'type': 'model-field',
                                                                                    'schema': {
                                                                                        'type': 'default',
                                                                                        'schema': {
                                                                                            'type': 'nullable',
                                                                                            'schema': {
                                                                                                'type': 'function-before',
                                                                                                'function': {'type': 'no-info', 'function': _m0.hour_of_sheet},
                                                                                                'schema': {'type': 'str'}}},
                                                                                        'default': None}},
                                                                                'segment': {
                                                                                    'type': 'model-field',
                                                                                    'schema': {
                                                                                        'type': 'default',
                                                                                        'schema': {'type': 'nullable', 'schema': {'type': 'int', 'strict': True, 'ge': 1, 'le': 6}},
                                                                                        'default': None}}},
                                                                            'model_name': 'Take',
                                                                            'computed_fields': []},
                                                                        'custom_init': False,
                                                                        'root_model': False,
                                                                        'config': {
                                                                            'extra_fields_behavior': 'forbid',
                                                                            'validate_by_alias': True,
                                                                            'validate_by_name': True,
                                                                            'title': 'Take'}},
                                                                    'ref': 'printkit.games.rollncook.record.Take'}},
                                                            'default': []}},
                                                    'rare': {
                                                        'type': 'model-field',
                                                        'schema': {
                                                            'type': 'default',
                                                            'schema': {
                                                                'type': 'list',
                                                                'items_schema': {
                                                                    'type': 'function-before',
                                                                    'function': {'type': 'no-info', 'function': _partial(_m0.known_made, 'rare ingredient')},
                                                                    'schema': {'type': 'definition-ref', 'schema_ref': 'printkit.games.rollncook.record.Made'}}},
                                                            'default': []}},
                                                    'cook': {
                                                        'type': 'model-field',
                                                        'schema': {
                                                            'type': 'default',
                                                            'schema': {
                                                                'type': 'list',
                                                                'items_schema': {
                                                                    'type': 'function-before',
                                                                    'function': {'type': 'no-info', 'function': _partial(_m0.known_made, 'meal')},
                                                                    'schema': {'type': 'definition-ref', 'schema_ref': 'printkit.games.rollncook.record.Made'}}},
                                                            'default': []}}},
                                                'model_name': 'HourPlay',
                                                'computed_fields': []},
                                            'custom_init': False,
                                            'root_model': False,
                                            'config': {
                                                'extra_fields_behavior': 'forbid',
                                                'validate_by_alias': True,
                                                'validate_by_name': True,
                                                'title': 'HourPlay'},
                                            'ref': 'printkit.games.rollncook.record.HourPlay'}}},
                                'default': None}},
                        'end': {
                            'type': 'model-field',
                            'schema': {
                                'type': 'default',
                                'schema': {
                                    'type': 'nullable',
                                    'schema': {
                                        'type': 'model',
                                        'cls': EndState,
                                        'schema': {
                                            'type': 'model-fields',
                                            'fields': {
                                                'dishes': {
                                                    'type': 'model-field',
                                                    'schema': {
                                                        'type': 'function-after',
                                                        'function': {'type': 'no-info', 'function': _bind(_m0.known_dishes, EndState)},
                                                        'schema': {'type': 'dict', 'keys_schema': {'type': 'str'}, 'values_schema': {'type': 'int', 'strict': True}}}},
                                                'rares_left': {
                                                    'type': 'model-field',
                                                    'schema': {'type': 'default', 'schema': {'type': 'int', 'ge': 0, 'strict': True}, 'default': 0}},
                                                'basics_left': {
                                                    'type': 'model-field',
                                                    'schema': {'type': 'default', 'schema': {'type': 'int', 'ge': 0, 'strict': True}, 'default': 0}},
                                                'plates_left': {
                                                    'type': 'model-field',
                                                    'schema': {
                                                        'type': 'default',
                                                        'schema': {'type': 'nullable', 'schema': {'type': 'int', 'strict': True, 'ge': 0}},
                                                        'default': None}}},
                                            'model_name': 'EndState',
                                            'computed_fields': []},
                                        'custom_init': False,
                                        'root_model': False,
                                        'config': {
                                            'extra_fields_behavior': 'forbid',
                                            'validate_by_alias': True,
                                            'validate_by_name': True,
                                            'title': 'EndState'},
                                        'ref': 'printkit.games.rollncook.record.EndState'}},
                                'default': None}}},
                    'model_name': 'RollNCookRecord',
                    'computed_fields': []},
                'custom_init': False,
                'root_model': False,
                'config': {
                    'extra_fields_behavior': 'forbid',
                    'validate_by_alias': True,
                    'validate_by_name': True,
                    'title': 'RollNCookRecord'}},
            'ref': 'printkit.games.rollncook.record.RollNCookRecord'},
        'definitions': [{
            'type': 'model',
            'cls': Change,
            'schema': {
                'type': 'model-fields',
                'fields': {
                    'from_': {
                        'type': 'model-field',
                        'schema': {'type': 'int', 'strict': True, 'ge': 1, 'le': 6},
                        'validation_alias': 'from',
                        'serialization_alias': 'from'},
                    'to': {'type': 'model-field', 'schema': {'type': 'int', 'strict': True, 'ge': 1, 'le': 6}}},
                'model_name': 'Change',
                'computed_fields': []},
            'custom_init': False,
            'root_model': False,
            'config': {
                'extra_fields_behavior': 'forbid',
                'validate_by_alias': True,
                'validate_by_name': True,
                'title': 'Change'},
            'ref': 'printkit.games.rollncook.record.Change'}, {
            'type': 'model',
            'cls': Made,
            'schema': {
                'type': 'model-fields',
                'fields': {
                    'name': {'type': 'model-field', 'schema': {'type': 'str'}},
                    'use': {
                        'type': 'model-field',
                        'schema': {
                            'type': 'default',
                            'schema': {
                                'type': 'nullable',
                                'schema': {
                                    'type': 'list',
                                    'items_schema': {
                                        'type': 'function-before',
                                        'function': {'type': 'no-info', 'function': _m0.known_ingredient},
                                        'schema': {'type': 'str'}}}},
                            'default': None}}},
                'model_name': 'Made',
                'computed_fields': []},
            'custom_init': False,
            'root_model': False,
            'config': {
                'extra_fields_behavior': 'forbid',
                'validate_by_alias': True,
                'validate_by_name': True,
                'title': 'Made'},
            'ref': 'printkit.games.rollncook.record.Made'}]},
}

#: Each record model's core config (the title its errors name).
CONFIGS = {
    'RollNCookRecord': {
        'extra_fields_behavior': 'forbid',
        'validate_by_alias': True,
        'validate_by_name': True,
        'title': 'RollNCookRecord'},
}

#: The records read: by their own schema (None), or by the one a function chooses for the data.
READERS = {
    'RollNCookRecord': None,
}
