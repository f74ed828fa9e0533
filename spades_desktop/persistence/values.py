"""Checks on the values read from a data file, shared by every file's loader."""

from __future__ import annotations

__all__ = ["is_whole_number"]


def is_whole_number(value: object) -> bool:
    """True for an ``int`` read from JSON; ``True`` and ``False`` are not numbers here."""
    return isinstance(value, int) and not isinstance(value, bool)
