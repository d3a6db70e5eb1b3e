"""printkit: print-and-play kits and score checkers."""

__version__ = "0.1.0"
