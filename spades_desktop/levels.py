"""The difficulty levels (SPEC §6) and the ranking points a won game earns at each (SPEC §7).

The one list of levels: the bots (:data:`spades_desktop.bots.BOT_FACTORIES`), the
settings and statistics files, the arena and the interface all take their levels from
here. No Qt, no imports from the rest of the package, so every layer may import it.

Adding a level means: a row in :data:`_LEVEL_TABLE`, its bot in
``bots.BOT_FACTORIES``, and in the interface its name (``ui/texts.py``,
``difficulty_name``) and description (``ui/dialogs/new_game.py``,
``level_description``); ``tests/test_levels.py`` fails until each one is there.

>>> LEVELS
('easy', 'normal', 'expert')
>>> RANKING_POINTS["expert"]
100
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["LEVELS", "RANKING_POINTS"]

_LEVEL_TABLE: tuple[tuple[str, int], ...] = (
    # (key, ranking points for a won game), weakest first
    ("easy", 10),
    ("normal", 30),
    ("expert", 100),
)

LEVELS: tuple[str, ...] = tuple(key for key, _points in _LEVEL_TABLE)
"""The difficulty keys, weakest first (SPEC §6): the values of ``Settings.difficulty``,
the bots' names and the statistics' keys."""

RANKING_POINTS: Mapping[str, int] = MappingProxyType(dict(_LEVEL_TABLE))
"""Level key → ranking points for a won game, in :data:`LEVELS` order (SPEC §7);
read-only."""
