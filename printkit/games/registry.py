"""Where games registered before the registry moved to the core: printkit.core.registry."""

from printkit.core.registry import *  # noqa: F401,F403
from printkit.core.registry import games, register, register_game, scorers  # noqa: F401
