"""Computer players (docs/rules.md §6) and the bidding advice for the human (docs/rules.md §7).

:func:`fallback_action` is the move played for a computer player whose own answer
cannot be used (it raised, or the engine refused it).

No Qt here. A bot sees only a :class:`~spades_desktop.engine.PlayerView`.

>>> bot = make_bot("normal")
>>> bot.name
'normal'
"""

from __future__ import annotations

from collections.abc import Callable

from spades_desktop.levels import LEVELS

from .advice import (
    REASON_KINDS,
    BidReason,
    HandEstimate,
    ReasonPart,
    estimate_tricks,
    is_nil_fit,
    reason_text_en,
    recommend_bid,
)
from .base import Bot
from .easy import EasyBot
from .expert import ExpertBot
from .fallback import fallback_action
from .master import MasterBot
from .normal import NormalBot

BOT_FACTORIES: dict[str, Callable[[], Bot]] = {
    "easy": EasyBot,
    "normal": NormalBot,
    "expert": ExpertBot,
    "master": MasterBot,
}
"""Level key → bot constructor: one for each of :data:`LEVELS`, the difficulty levels
listed (weakest first) in :mod:`spades_desktop.levels` (docs/rules.md §6)."""


def make_bot(level: str) -> Bot:
    """A new bot of difficulty ``level`` (one of :data:`LEVELS`) (docs/rules.md §6).

    Raises ``ValueError`` for an unknown level.
    """
    factory = BOT_FACTORIES.get(level) if level in LEVELS else None
    if factory is None:
        raise ValueError(f"Unknown difficulty {level!r}; expected one of {', '.join(LEVELS)}.")
    return factory()


__all__ = [
    "BOT_FACTORIES", "LEVELS", "REASON_KINDS", "BidReason", "Bot", "EasyBot", "ExpertBot",
    "HandEstimate", "MasterBot", "NormalBot", "ReasonPart", "estimate_tricks", "fallback_action",
    "is_nil_fit", "make_bot", "reason_text_en", "recommend_bid",
]
