"""The history page: finished games (filled in below)."""

from __future__ import annotations

from typing import Any


def history_html(tables: Any) -> str:
    return "<!doctype html><meta charset=utf-8><title>printkit: history</title><p>History is coming.</p>"
