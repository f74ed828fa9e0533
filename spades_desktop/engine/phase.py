"""The phases of a game (docs/rules.md §2, §3, §5)."""

from __future__ import annotations

import enum

__all__ = ["Phase"]


class Phase(enum.Enum):
    """Where the game is: bidding, playing a hand, or over."""

    BIDDING = "bidding"
    PLAYING = "playing"
    GAME_OVER = "game_over"
