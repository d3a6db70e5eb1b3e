"""Merged styles (core/layout/load.py) are built with every field given: the same style, with the
same fields set, as pydantic's model_construct of the merged settings alone."""

from printkit.core.layout.load import _merge_styles
from printkit.core.layout.model import ColourDef, StyleSpec


def reference(base: StyleSpec, over: StyleSpec) -> StyleSpec:
    data = {k: getattr(base, k) for k in StyleSpec.model_fields if getattr(base, k) is not None}
    data.update({k: getattr(over, k) for k in StyleSpec.model_fields if getattr(over, k) is not None})
    data.pop("extends", None)
    return StyleSpec.model_construct(**data)


def test_merged_style_equals_model_construct():
    base = StyleSpec.model_validate({"stroke": "black", "stroke_width": 0.25, "font": "sans", "font_size": 9,
                                     "dash": [1, 2], "line_height": 1.2})
    over = StyleSpec.model_validate({"extends": "x", "fill": {"colour": "#c33", "bw": "#555"}, "font_size": "12pt",
                                     "cap": "round", "stroke": "none"})
    for a, b in ((base, over), (over, base), (base, StyleSpec()), (StyleSpec(), StyleSpec())):
        got, want = _merge_styles(a, b), reference(a, b)
        assert got == want and got.__dict__ == want.__dict__
        assert got.model_fields_set == want.model_fields_set
    merged = _merge_styles(base, over)
    assert merged.extends is None and merged.fill == ColourDef(colour="#c33", bw="#555") and merged.dash == [1, 2]


def test_every_style_default_is_none():
    """What the fast merge relies on: a field neither style sets is None."""
    assert all(f.default is None and f.default_factory is None for f in StyleSpec.model_fields.values())
