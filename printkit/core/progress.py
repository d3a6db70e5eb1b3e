"""A hook for progress on long work (pages laid out): the CLI sets it, the core calls it."""

from __future__ import annotations

from contextvars import ContextVar
from collections.abc import Callable

_hook: ContextVar[Callable[[int], None] | None] = ContextVar("printkit_progress", default=None)


def set_hook(hook: Callable[[int], None]):
    return _hook.set(hook)


def reset(token) -> None:
    _hook.reset(token)


def tick(total: int) -> None:
    """One more of ``total`` steps done."""
    hook = _hook.get()
    if hook is not None:
        hook(total)
