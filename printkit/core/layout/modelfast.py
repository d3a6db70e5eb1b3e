"""printkit.core.layout.model's layout models as light classes: written by ``python3 -m printkit.core.compiled`` (see that module); do not edit."""

from printkit.core.compiled import FastModel

#: The files this was compiled from, and their sha256: used only while they keep their bytes.
SOURCES = {
    'printkit/core/layout/model.py': 'a0d06f7885616c15541c3668eb94ea1b1afb37024cb3c6f78a3bc8d8fa25c05e',
}


class Strict(FastModel):
    __slots__ = ()
    compiled_from = 'printkit.core.layout.model.Strict'
    compiled_fields: tuple[str, ...] = ()


class ColourDef(Strict):
    'A colour and its black-and-white alternative (a grey of the same lightness if omitted).'
    __slots__ = ()
    compiled_from = 'printkit.core.layout.model.ColourDef'
    compiled_fields: tuple[str, ...] = ('colour', 'bw')


class StyleSpec(Strict):
    'A style; ``extends`` names another style whose settings this one starts from.'
    __slots__ = ()
    compiled_from = 'printkit.core.layout.model.StyleSpec'
    compiled_fields: tuple[str, ...] = ('extends', 'stroke', 'stroke_width', 'fill', 'dash', 'cap', 'join', 'fill_rule', 'font', 'font_size', 'text_colour', 'line_height')


class ElementBase(Strict):
    __slots__ = ()
    compiled_from = 'printkit.core.layout.model.ElementBase'
    compiled_fields: tuple[str, ...] = ('id', 'style', 'when')


class FrameEl(ElementBase):
    'A positioned group: its elements are drawn relative to (x, y), then transformed.'
    __slots__ = ()
    compiled_from = 'printkit.core.layout.model.FrameEl'
    compiled_fields: tuple[str, ...] = ('id', 'style', 'when', 'type', 'x', 'y', 'w', 'h', 'rotate', 'scale', 'mirror', 'border', 'clip', 'elements')


class TextEl(ElementBase):
    __slots__ = ()
    compiled_from = 'printkit.core.layout.model.TextEl'
    compiled_fields: tuple[str, ...] = ('id', 'style', 'when', 'type', 'x', 'y', 'w', 'h', 'text', 'align', 'valign', 'wrap', 'shrink', 'min_size')


class LineEl(ElementBase):
    __slots__ = ()
    compiled_from = 'printkit.core.layout.model.LineEl'
    compiled_fields: tuple[str, ...] = ('id', 'style', 'when', 'type', 'x1', 'y1', 'x2', 'y2')


class RectEl(ElementBase):
    __slots__ = ()
    compiled_from = 'printkit.core.layout.model.RectEl'
    compiled_fields: tuple[str, ...] = ('id', 'style', 'when', 'type', 'x', 'y', 'w', 'h', 'radius')


class CircleEl(ElementBase):
    __slots__ = ()
    compiled_from = 'printkit.core.layout.model.CircleEl'
    compiled_fields: tuple[str, ...] = ('id', 'style', 'when', 'type', 'x', 'y', 'r')


class PolygonEl(ElementBase):
    __slots__ = ()
    compiled_from = 'printkit.core.layout.model.PolygonEl'
    compiled_fields: tuple[str, ...] = ('id', 'style', 'when', 'type', 'points', 'closed')


class PathEl(ElementBase):
    'SVG-style path data in mm: M, L, H, V, C, S, Q, T, Z (upper or lower case).'
    __slots__ = ()
    compiled_from = 'printkit.core.layout.model.PathEl'
    compiled_fields: tuple[str, ...] = ('id', 'style', 'when', 'type', 'd')


class HexGridEl(ElementBase):
    'Hexagons in axial coordinates (q, r) around the centre (x, y) of cell (0, 0).'
    __slots__ = ()
    compiled_from = 'printkit.core.layout.model.HexGridEl'
    compiled_fields: tuple[str, ...] = ('id', 'style', 'when', 'type', 'x', 'y', 'across_flats', 'orientation', 'radius', 'cells', 'label')


class UseEl(ElementBase):
    'Draw a symbol at (x, y), scaled, rotated and mirrored about its origin.'
    __slots__ = ()
    compiled_from = 'printkit.core.layout.model.UseEl'
    compiled_fields: tuple[str, ...] = ('id', 'style', 'when', 'type', 'symbol', 'x', 'y', 'scale', 'rotate', 'mirror')


class RulerEl(ElementBase):
    'A ruler from (x, y), ``length`` long, in mm or inch graduations.'
    __slots__ = ()
    compiled_from = 'printkit.core.layout.model.RulerEl'
    compiled_fields: tuple[str, ...] = ('id', 'style', 'when', 'type', 'x', 'y', 'length', 'unit', 'direction', 'ticks')


class CropMarksEl(ElementBase):
    'Crop marks around a trim box (x, y, w, h), outside a bleed, optionally showing it.'
    __slots__ = ()
    compiled_from = 'printkit.core.layout.model.CropMarksEl'
    compiled_fields: tuple[str, ...] = ('id', 'style', 'when', 'type', 'x', 'y', 'w', 'h', 'bleed', 'length', 'offset', 'show_bleed')


class SlotEl(ElementBase):
    "A box (x, y, w, h) drawn by the component's code: ``name`` picks the drawing from the"
    __slots__ = ()
    compiled_from = 'printkit.core.layout.model.SlotEl'
    compiled_fields: tuple[str, ...] = ('id', 'style', 'when', 'type', 'name', 'x', 'y', 'w', 'h', 'place')


class TileMapEl(ElementBase):
    "On a poster's map page: the whole poster reduced to fit the box (x, y, w, h), every"
    __slots__ = ()
    compiled_from = 'printkit.core.layout.model.TileMapEl'
    compiled_fields: tuple[str, ...] = ('id', 'style', 'when', 'type', 'x', 'y', 'w', 'h', 'label_style', 'label_inset', 'text')


class TrackEl(ElementBase):
    'A scoring track: numbered boxes ``depth`` deep around the rectangle (x, y, w, h),'
    __slots__ = ()
    compiled_from = 'printkit.core.layout.model.TrackEl'
    compiled_fields: tuple[str, ...] = ('id', 'style', 'when', 'type', 'x', 'y', 'w', 'h', 'depth', 'sides', 'start', 'every', 'mark_style', 'number_style')


class RepeatEl(ElementBase):
    'The elements once per item of ``over`` (a data key or a list) or ``count`` times, on a'
    __slots__ = ()
    compiled_from = 'printkit.core.layout.model.RepeatEl'
    compiled_fields: tuple[str, ...] = ('id', 'style', 'when', 'type', 'over', 'count', 'as_', 'cols', 'x', 'y', 'dx', 'dy', 'elements')


class SectionsEl(ElementBase):
    'Headed sections of text flowed into ``columns`` columns in the box (x, y, w, h) (a player'
    __slots__ = ()
    compiled_from = 'printkit.core.layout.model.SectionsEl'
    compiled_fields: tuple[str, ...] = ('id', 'style', 'when', 'type', 'over', 'x', 'y', 'w', 'h', 'columns', 'gap', 'indent', 'icon_size', 'icon_box', 'title_style', 'min_size')


class SymbolSpec(Strict):
    'A reusable drawing (an icon), drawn in its own coordinates around its origin.'
    __slots__ = ()
    compiled_from = 'printkit.core.layout.model.SymbolSpec'
    compiled_fields: tuple[str, ...] = ('elements',)


class PageSpec(Strict):
    'A page; with ``over`` (a data name), one page per item, each seeing it as ``as``.'
    __slots__ = ()
    compiled_from = 'printkit.core.layout.model.PageSpec'
    compiled_fields: tuple[str, ...] = ('elements', 'over', 'as_')


class CardsSpec(Strict):
    'A card sheet: one card per item of ``over``, fronts and (optionally) backs.'
    __slots__ = ()
    compiled_from = 'printkit.core.layout.model.CardsSpec'
    compiled_fields: tuple[str, ...] = ('w', 'h', 'over', 'gutter', 'background', 'front', 'back')


class PosterSpec(Strict):
    'A drawing larger than the paper (a board): the slot ``slot`` gives it as a drawing at real'
    __slots__ = ()
    compiled_from = 'printkit.core.layout.model.PosterSpec'
    compiled_fields: tuple[str, ...] = ('slot', 'overlap', 'map')


class LayoutFile(Strict):
    'One layout file. ``include`` merges colours, styles and symbols from other files.'
    __slots__ = ()
    compiled_from = 'printkit.core.layout.model.LayoutFile'
    compiled_fields: tuple[str, ...] = ('version', 'title', 'include', 'size', 'colours', 'styles', 'symbols', 'data', 'pages', 'cards', 'poster')


#: The light class of each model.
LIGHT = {
    'printkit.core.layout.model.Strict': Strict,
    'printkit.core.layout.model.ColourDef': ColourDef,
    'printkit.core.layout.model.StyleSpec': StyleSpec,
    'printkit.core.layout.model.ElementBase': ElementBase,
    'printkit.core.layout.model.FrameEl': FrameEl,
    'printkit.core.layout.model.TextEl': TextEl,
    'printkit.core.layout.model.LineEl': LineEl,
    'printkit.core.layout.model.RectEl': RectEl,
    'printkit.core.layout.model.CircleEl': CircleEl,
    'printkit.core.layout.model.PolygonEl': PolygonEl,
    'printkit.core.layout.model.PathEl': PathEl,
    'printkit.core.layout.model.HexGridEl': HexGridEl,
    'printkit.core.layout.model.UseEl': UseEl,
    'printkit.core.layout.model.RulerEl': RulerEl,
    'printkit.core.layout.model.CropMarksEl': CropMarksEl,
    'printkit.core.layout.model.SlotEl': SlotEl,
    'printkit.core.layout.model.TileMapEl': TileMapEl,
    'printkit.core.layout.model.TrackEl': TrackEl,
    'printkit.core.layout.model.RepeatEl': RepeatEl,
    'printkit.core.layout.model.SectionsEl': SectionsEl,
    'printkit.core.layout.model.SymbolSpec': SymbolSpec,
    'printkit.core.layout.model.PageSpec': PageSpec,
    'printkit.core.layout.model.CardsSpec': CardsSpec,
    'printkit.core.layout.model.PosterSpec': PosterSpec,
    'printkit.core.layout.model.LayoutFile': LayoutFile,
}

#: Each class's fields that have a default, with the value an instance gets.
DEFAULTS = {
    'Strict': {},
    'ColourDef': {'bw': None},
    'StyleSpec': {
        'extends': None,
        'stroke': None,
        'stroke_width': None,
        'fill': None,
        'dash': None,
        'cap': None,
        'join': None,
        'fill_rule': None,
        'font': None,
        'font_size': None,
        'text_colour': None,
        'line_height': None},
    'ElementBase': {'id': None, 'style': None, 'when': None},
    'FrameEl': {
        'id': None,
        'style': None,
        'when': None,
        'x': 0.0,
        'y': 0.0,
        'w': None,
        'h': None,
        'rotate': 0.0,
        'scale': 1.0,
        'mirror': None,
        'border': False,
        'clip': False,
        'elements': []},
    'TextEl': {
        'id': None,
        'style': None,
        'when': None,
        'w': None,
        'h': None,
        'align': 'left',
        'valign': 'top',
        'wrap': True,
        'shrink': False,
        'min_size': 1.411111111111111},
    'LineEl': {'id': None, 'style': None, 'when': None},
    'RectEl': {'id': None, 'style': None, 'when': None, 'radius': 0.0},
    'CircleEl': {'id': None, 'style': None, 'when': None},
    'PolygonEl': {'id': None, 'style': None, 'when': None, 'closed': True},
    'PathEl': {'id': None, 'style': None, 'when': None},
    'HexGridEl': {
        'id': None,
        'style': None,
        'when': None,
        'orientation': 'flat',
        'radius': None,
        'cells': None,
        'label': None},
    'UseEl': {
        'id': None,
        'style': None,
        'when': None,
        'x': 0.0,
        'y': 0.0,
        'scale': 1.0,
        'rotate': 0.0,
        'mirror': None},
    'RulerEl': {'id': None, 'style': None, 'when': None, 'unit': 'mm', 'direction': 'right', 'ticks': 'right'},
    'CropMarksEl': {
        'id': None,
        'style': None,
        'when': None,
        'bleed': 0.0,
        'length': 5.0,
        'offset': 1.0,
        'show_bleed': False},
    'SlotEl': {'id': None, 'style': None, 'when': None, 'x': 0.0, 'y': 0.0, 'w': None, 'h': None, 'place': 'box'},
    'TileMapEl': {
        'id': None,
        'style': None,
        'when': None,
        'x': 0.0,
        'y': 0.0,
        'w': None,
        'h': None,
        'label_style': None,
        'label_inset': 3.0,
        'text': True},
    'TrackEl': {
        'id': None,
        'style': None,
        'when': None,
        'x': 0.0,
        'y': 0.0,
        'start': 0,
        'every': 0,
        'mark_style': None,
        'number_style': None},
    'RepeatEl': {
        'id': None,
        'style': None,
        'when': None,
        'over': None,
        'count': None,
        'as_': 'item',
        'cols': None,
        'x': 0.0,
        'y': 0.0,
        'dx': 0.0,
        'dy': 0.0},
    'SectionsEl': {
        'id': None,
        'style': None,
        'when': None,
        'x': 0.0,
        'y': 0.0,
        'columns': 2,
        'gap': 6.0,
        'indent': 3.5,
        'icon_size': 5.0,
        'icon_box': 10.0,
        'title_style': None,
        'min_size': 2.293055555555555},
    'SymbolSpec': {},
    'PageSpec': {'over': None, 'as_': 'page'},
    'CardsSpec': {'gutter': 0.0, 'background': None, 'back': None},
    'PosterSpec': {'overlap': 10.0},
    'LayoutFile': {
        'version': 1,
        'title': '',
        'include': [],
        'size': None,
        'colours': {},
        'styles': {},
        'symbols': {},
        'data': {},
        'pages': None,
        'cards': None,
        'poster': None},
}
