"""printkit.games.trickdumpling's record models compiled: written by ``python3 -m printkit.core.compiled`` (see that module); do not edit."""

from printkit.core.compiled import FastModel, bind as _bind
import printkit.games.trickdumpling.recordbase as _m0
import printkit.games.trickdumpling.contentbase as _m1

#: The pydantic-core the schemas are written for.
PYDANTIC_CORE = '2.50.5'
#: The files this was compiled from, and their sha256: used only while they keep their bytes.
SOURCES = {
    'printkit/games/trickdumpling/contentbase.py': '1d34223c0c6369329f2da7f578fa65d64d8ff4dc688181ce2088987e8b23b985',
    'printkit/games/trickdumpling/data.yaml': '1a10c6b13d7239d74b2e2d194a8ea8b13cd2906b5852f1be8dc364831024277f',
    'printkit/games/trickdumpling/record.py': '0c4d0ef7b8be62f9c8be167f4675bb7f200cde04bc01db4be950aebc4cb9cecb',
    'printkit/games/trickdumpling/recordbase.py': 'fac944b51b9fd2ce9061c9768d02386b1af2ca0e5343a0199b6f44e59a2cbfbb',
}


class Strict(FastModel):
    __slots__ = ()
    compiled_from = 'printkit.games.trickdumpling.record.Strict'
    compiled_fields = ()


class PlayIn(_m0.PlayInBase, Strict):
    __slots__ = ()
    compiled_from = 'printkit.games.trickdumpling.record.PlayIn'
    compiled_fields = ('player', 'card', 'declare', 'slack')


class _Rank(Strict):
    __slots__ = ()
    compiled_from = 'printkit.games.trickdumpling.record._Rank'
    compiled_fields = ('rank',)


class TrickRecord(_m0.TrickRecordBase, _Rank):
    "One trick: the popularity rank and the cards in the order played, the chef's first."
    __slots__ = ()
    compiled_from = 'printkit.games.trickdumpling.record.TrickRecord'
    compiled_fields = ('rank', 'game', 'plays', 'hands', 'cooks')


class TrickIn(Strict):
    __slots__ = ()
    compiled_from = 'printkit.games.trickdumpling.record.TrickIn'
    compiled_fields = ('plays',)


class Deal(_m0.DealBase, _Rank):
    __slots__ = ()
    compiled_from = 'printkit.games.trickdumpling.record.Deal'
    compiled_fields = ('rank', 'chef', 'missions', 'hands')


class RoundIn(_m0.RoundInBase, Deal):
    __slots__ = ()
    compiled_from = 'printkit.games.trickdumpling.record.RoundIn'
    compiled_fields = ('rank', 'chef', 'missions', 'hands', 'tricks')


class GameRecord(_m0.GameRecordBase, Strict):
    'A whole game: players in seating order (clockwise) and every round.'
    __slots__ = ()
    compiled_from = 'printkit.games.trickdumpling.record.GameRecord'
    compiled_fields = ('game', 'players', 'cooks', 'rounds')


#: The light class of each model.
LIGHT = {
    'printkit.games.trickdumpling.record.Strict': Strict,
    'printkit.games.trickdumpling.record.PlayIn': PlayIn,
    'printkit.games.trickdumpling.record._Rank': _Rank,
    'printkit.games.trickdumpling.record.TrickRecord': TrickRecord,
    'printkit.games.trickdumpling.record.TrickIn': TrickIn,
    'printkit.games.trickdumpling.record.Deal': Deal,
    'printkit.games.trickdumpling.record.RoundIn': RoundIn,
    'printkit.games.trickdumpling.record.GameRecord': GameRecord,
}

#: Each record model's core schema, as pydantic-core runs it for the model.
SCHEMAS = {
    'TrickRecord': {
        'type': 'function-after',
        'function': {'type': 'no-info', 'function': _m0.trick_cards_once},
        'schema': {
            'type': 'model',
            'cls': TrickRecord,
            'schema': {
                'type': 'model-fields',
                'fields': {
                    'rank': {
                        'type': 'model-field',
                        'schema': {
                            'type': 'function-after',
                            'function': {'type': 'no-info', 'function': _bind(_m0.rank, TrickRecord)},
                            'schema': {
                                'type': 'list',
                                'items_schema': {
                                    'type': 'function-before',
                                    'function': {'type': 'no-info', 'function': _m0.suit},
                                    'schema': {'type': 'str'}}}}},
                    'game': {
                        'type': 'model-field',
                        'schema': {
                            'type': 'default',
                            'schema': {'type': 'nullable', 'schema': {'type': 'literal', 'expected': ['trickdumpling']}},
                            'default': None}},
                    'plays': {
                        'type': 'model-field',
                        'schema': {
                            'type': 'list',
                            'items_schema': {
                                'type': 'model',
                                'cls': PlayIn,
                                'schema': {
                                    'type': 'model-fields',
                                    'fields': {
                                        'player': {'type': 'model-field', 'schema': {'type': 'str'}},
                                        'card': {
                                            'type': 'model-field',
                                            'schema': {
                                                'type': 'function-before',
                                                'function': {'type': 'no-info', 'function': _m0.card},
                                                'schema': {
                                                    'type': 'dataclass',
                                                    'cls': _m1.Card,
                                                    'fields': ['code', 'suit', 'value'],
                                                    'schema': {
                                                        'type': 'dataclass-args',
                                                        'dataclass_name': 'Card',
                                                        'fields': [{
                                                            'type': 'dataclass-field',
                                                            'name': 'code',
                                                            'schema': {'type': 'str'},
                                                            'kw_only': False,
                                                            'init': True}, {
                                                            'type': 'dataclass-field',
                                                            'name': 'suit',
                                                            'schema': {'type': 'nullable', 'schema': {'type': 'str'}},
                                                            'kw_only': False,
                                                            'init': True}, {
                                                            'type': 'dataclass-field',
                                                            'name': 'value',
                                                            'schema': {'type': 'int'},
                                                            'kw_only': False,
                                                            'init': True}],
                                                        'computed_fields': [],
                                                        'collect_init_only': False},
                                                    'post_init': False,
                                                    'frozen': True,
                                                    'slots': False,
                                                    'config': {'extra_fields_behavior': 'forbid', 'title': 'Card'},
                                                    'ref': 'printkit.games.trickdumpling.contentbase.Card'}}},
                                        'declare': {
                                            'type': 'model-field',
                                            'schema': {
                                                'type': 'default',
                                                'schema': {'type': 'nullable', 'schema': {'type': 'literal', 'expected': ['no-way', 'accept']}},
                                                'default': None}},
                                        'slack': {'type': 'model-field', 'schema': {'type': 'default', 'schema': {'type': 'bool'}, 'default': False}}},
                                    'model_name': 'PlayIn',
                                    'computed_fields': []},
                                'custom_init': False,
                                'root_model': False,
                                'config': {'extra_fields_behavior': 'forbid', 'title': 'PlayIn'},
                                'ref': 'printkit.games.trickdumpling.record.PlayIn'},
                            'min_length': 2,
                            'max_length': 6}},
                    'hands': {
                        'type': 'model-field',
                        'schema': {
                            'type': 'default',
                            'schema': {
                                'type': 'nullable',
                                'schema': {
                                    'type': 'dict',
                                    'keys_schema': {'type': 'str'},
                                    'values_schema': {
                                        'type': 'list',
                                        'items_schema': {
                                            'type': 'function-before',
                                            'function': {'type': 'no-info', 'function': _m0.card},
                                            'schema': {
                                                'type': 'dataclass',
                                                'cls': _m1.Card,
                                                'fields': ['code', 'suit', 'value'],
                                                'schema': {
                                                    'type': 'dataclass-args',
                                                    'dataclass_name': 'Card',
                                                    'fields': [{
                                                        'type': 'dataclass-field',
                                                        'name': 'code',
                                                        'schema': {'type': 'str'},
                                                        'kw_only': False,
                                                        'init': True}, {
                                                        'type': 'dataclass-field',
                                                        'name': 'suit',
                                                        'schema': {'type': 'nullable', 'schema': {'type': 'str'}},
                                                        'kw_only': False,
                                                        'init': True}, {
                                                        'type': 'dataclass-field',
                                                        'name': 'value',
                                                        'schema': {'type': 'int'},
                                                        'kw_only': False,
                                                        'init': True}],
                                                    'computed_fields': [],
                                                    'collect_init_only': False},
                                                'post_init': False,
                                                'frozen': True,
                                                'slots': False,
                                                'config': {'extra_fields_behavior': 'forbid', 'title': 'Card'},
                                                'ref': 'printkit.games.trickdumpling.contentbase.Card'}}}}},
                            'default': None}},
                    'cooks': {
                        'type': 'model-field',
                        'schema': {
                            'type': 'default',
                            'schema': {
                                'type': 'dict',
                                'keys_schema': {'type': 'str'},
                                'values_schema': {'type': 'literal', 'expected': ['assorted', 'picky', 'slacker', 'hard', 'double']}},
                            'default': {}}}},
                'model_name': 'TrickRecord',
                'computed_fields': []},
            'custom_init': False,
            'root_model': False,
            'config': {'extra_fields_behavior': 'forbid', 'title': 'TrickRecord'}},
        'ref': 'printkit.games.trickdumpling.record.TrickRecord'},
    'GameRecord': {
        'type': 'function-after',
        'function': {'type': 'no-info', 'function': _m0.names_at_table},
        'schema': {
            'type': 'model',
            'cls': GameRecord,
            'schema': {
                'type': 'model-fields',
                'fields': {
                    'game': {
                        'type': 'model-field',
                        'schema': {
                            'type': 'default',
                            'schema': {'type': 'nullable', 'schema': {'type': 'literal', 'expected': ['trickdumpling']}},
                            'default': None}},
                    'players': {
                        'type': 'model-field',
                        'schema': {
                            'type': 'function-after',
                            'function': {'type': 'no-info', 'function': _bind(_m0.unique_players, GameRecord)},
                            'schema': {'type': 'list', 'items_schema': {'type': 'str'}, 'min_length': 2, 'max_length': 5}}},
                    'cooks': {
                        'type': 'model-field',
                        'schema': {
                            'type': 'default',
                            'schema': {
                                'type': 'dict',
                                'keys_schema': {'type': 'str'},
                                'values_schema': {'type': 'literal', 'expected': ['assorted', 'picky', 'slacker', 'hard', 'double']}},
                            'default': {}}},
                    'rounds': {
                        'type': 'model-field',
                        'schema': {
                            'type': 'list',
                            'items_schema': {
                                'type': 'function-after',
                                'function': {'type': 'no-info', 'function': _m0.round_cards_once},
                                'schema': {
                                    'type': 'function-after',
                                    'function': {'type': 'no-info', 'function': _m0.deal_hands_apart},
                                    'schema': {
                                        'type': 'model',
                                        'cls': RoundIn,
                                        'schema': {
                                            'type': 'model-fields',
                                            'fields': {
                                                'rank': {
                                                    'type': 'model-field',
                                                    'schema': {
                                                        'type': 'function-after',
                                                        'function': {'type': 'no-info', 'function': _bind(_m0.rank, RoundIn)},
                                                        'schema': {
                                                            'type': 'list',
                                                            'items_schema': {
                                                                'type': 'function-before',
                                                                'function': {'type': 'no-info', 'function': _m0.suit},
                                                                'schema': {'type': 'str'}}}}},
                                                'chef': {'type': 'model-field', 'schema': {'type': 'str'}},
                                                'missions': {
                                                    'type': 'model-field',
                                                    'schema': {
                                                        'type': 'dict',
                                                        'keys_schema': {'type': 'str'},
                                                        'values_schema': {'type': 'literal', 'expected': ['nephew', 'spy']}}},
                                                'hands': {
                                                    'type': 'model-field',
                                                    'schema': {
                                                        'type': 'dict',
                                                        'keys_schema': {'type': 'str'},
                                                        'values_schema': {
                                                            'type': 'list',
                                                            'items_schema': {
                                                                'type': 'function-before',
                                                                'function': {'type': 'no-info', 'function': _m0.card},
                                                                'schema': {
                                                                    'type': 'dataclass',
                                                                    'cls': _m1.Card,
                                                                    'fields': ['code', 'suit', 'value'],
                                                                    'schema': {
                                                                        'type': 'dataclass-args',
                                                                        'dataclass_name': 'Card',
                                                                        'fields': [{
                                                                            'type': 'dataclass-field',
                                                                            'name': 'code',
                                                                            'schema': {'type': 'str'},
                                                                            'kw_only': False,
                                                                            'init': True}, {
                                                                            'type': 'dataclass-field',
                                                                            'name': 'suit',
                                                                            'schema': {'type': 'nullable', 'schema': {'type': 'str'}},
                                                                            'kw_only': False,
                                                                            'init': True}, {
                                                                            'type': 'dataclass-field',
                                                                            'name': 'value',
                                                                            'schema': {'type': 'int'},
                                                                            'kw_only': False,
                                                                            'init': True}],
                                                                        'computed_fields': [],
                                                                        'collect_init_only': False},
                                                                    'post_init': False,
                                                                    'frozen': True,
                                                                    'slots': False,
                                                                    'config': {'extra_fields_behavior': 'forbid', 'title': 'Card'},
                                                                    'ref': 'printkit.games.trickdumpling.contentbase.Card'}}}}},
                                                'tricks': {
                                                    'type': 'model-field',
                                                    'schema': {
                                                        'type': 'list',
                                                        'items_schema': {
                                                            'type': 'model',
                                                            'cls': TrickIn,
                                                            'schema': {
                                                                'type': 'model-fields',
                                                                'fields': {
                                                                    'plays': {
                                                                        'type': 'model-field',
                                                                        'schema': {
                                                                            'type': 'list',
                                                                            'items_schema': {
                                                                                'type': 'model',
                                                                                'cls': PlayIn,
                                                                                'schema': {
                                                                                    'type': 'model-fields',
                                                                                    'fields': {
                                                                                        'player': {'type': 'model-field', 'schema': {'type': 'str'}},
                                                                                        'card': {
                                                                                            'type': 'model-field',
                                                                                            'schema': {
                                                                                                'type': 'function-before',
                                                                                                'function': {'type': 'no-info', 'function': _m0.card},
                                                                                                'schema': {
                                                                                                    'type': 'dataclass',
                                                                                                    'cls': _m1.Card,
                                                                                                    'fields': ['code', 'suit', 'value'],
                                                                                                    'schema': {
                                                                                                        'type': 'dataclass-args',
                                                                                                        'dataclass_name': 'Card',
                                                                                                        'fields': [{
                                                                                                            'type': 'dataclass-field',
                                                                                                            'name': 'code',
                                                                                                            'schema': {'type': 'str'},
                                                                                                            'kw_only': False,
                                                                                                            'init': True}, {
                                                                                                            'type': 'dataclass-field',
                                                                                                            'name': 'suit',
                                                                                                            'schema': {'type': 'nullable', 'schema': {'type': 'str'}},
                                                                                                            'kw_only': False,
                                                                                                            'init': True}, {
                                                                                                            'type': 'dataclass-field',
                                                                                                            'name': 'value',
                                                                                                            'schema': {'type': 'int'},
                                                                                                            'kw_only': False,
                                                                                                            'init': True}],
                                                                                                        'computed_fields': [],
                                                                                                        'collect_init_only': False},
                                                                                                    'post_init': False,
                                                                                                    'frozen': True,
                                                                                                    'slots': False,
                                                                                                    'config': {'extra_fields_behavior': 'forbid', 'title': 'Card'},
                                                                                                    'ref': 'printkit.games.trickdumpling.contentbase.Card'}}},
                                                                                        'declare': {
                                                                                            'type': 'model-field',
                                                                                            'schema': {
                                                                                                'type': 'default',
                                                                                                'schema': {'type': 'nullable', 'schema': {'type': 'literal', 'expected': ['no-way', 'accept']}},
                                                                                                'default': None}},
                                                                                        'slack': {'type': 'model-field', 'schema': {'type': 'default', 'schema': {'type': 'bool'}, 'default': False}}},
                                                                                    'model_name': 'PlayIn',
                                                                                    'computed_fields': []},
                                                                                'custom_init': False,
                                                                                'root_model': False,
                                                                                'config': {'extra_fields_behavior': 'forbid', 'title': 'PlayIn'},
                                                                                'ref': 'printkit.games.trickdumpling.record.PlayIn'},
                                                                            'min_length': 1,
                                                                            'max_length': 6}}},
                                                                'model_name': 'TrickIn',
                                                                'computed_fields': []},
                                                            'custom_init': False,
                                                            'root_model': False,
                                                            'config': {'extra_fields_behavior': 'forbid', 'title': 'TrickIn'},
                                                            'ref': 'printkit.games.trickdumpling.record.TrickIn'}}}},
                                            'model_name': 'RoundIn',
                                            'computed_fields': []},
                                        'custom_init': False,
                                        'root_model': False,
                                        'config': {'extra_fields_behavior': 'forbid', 'title': 'RoundIn'}}},
                                'ref': 'printkit.games.trickdumpling.record.RoundIn'}}}},
                'model_name': 'GameRecord',
                'computed_fields': []},
            'custom_init': False,
            'root_model': False,
            'config': {'extra_fields_behavior': 'forbid', 'title': 'GameRecord'}},
        'ref': 'printkit.games.trickdumpling.record.GameRecord'},
}

#: Each record model's core config (the title its errors name).
CONFIGS = {
    'TrickRecord': {'extra_fields_behavior': 'forbid', 'title': 'TrickRecord'},
    'GameRecord': {'extra_fields_behavior': 'forbid', 'title': 'GameRecord'},
}

#: The records read: by their own schema (None), or by the one a function chooses for the data.
READERS = {
    'TrickDumplingRecord': _m0.record_kind,
}
