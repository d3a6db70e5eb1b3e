"""Matrices made by the factories and products (core/draw/ops.py ``Matrix._of``, which skips the
frozen dataclass's setattr calls) are the dataclass's own: same fields and types, equal, hashed
alike, frozen."""

import dataclasses
import pickle

import pytest

from printkit.core.draw.ops import IDENTITY, Matrix


def fields(m: Matrix) -> list:
    return [(type(v), v) for v in dataclasses.astuple(m)]


@pytest.mark.parametrize("m", [
    Matrix.translate(2, -3.5), Matrix.scale(2), Matrix.scale(1, -1), Matrix.rotate(90), Matrix.mirror("x"),
    Matrix.translate(10, 5) @ Matrix.rotate(30) @ Matrix.scale(0.5), IDENTITY @ IDENTITY,
])
def test_made_matrices_are_dataclass_matrices(m):
    plain = Matrix(*dataclasses.astuple(m))
    assert fields(m) == fields(plain) and m == plain and hash(m) == hash(plain) and repr(m) == repr(plain)
    assert pickle.loads(pickle.dumps(m)) == m and dataclasses.replace(m) == m
    with pytest.raises(dataclasses.FrozenInstanceError):
        m.a = 2  # type: ignore[misc]


def test_factories_keep_the_numbers_given():
    assert fields(Matrix.translate(1, 2)) == fields(Matrix(1, 0, 0, 1, 1, 2))
    assert fields(Matrix.scale(3)) == fields(Matrix(3, 0, 0, 3, 0, 0))
    assert (Matrix.translate(0, 0)).is_identity and not Matrix.translate(0, 1e-12).is_identity
