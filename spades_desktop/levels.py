"""The difficulty levels (docs/rules.md §6) and the ranking points a won
game earns at each (docs/rules.md §7).

The one list of levels: the bots (:data:`spades_desktop.bots.BOT_FACTORIES`), the
settings and statistics files, the arena and the interface all take their levels from
here. No Qt, no imports from the rest of the package, so every layer may import it.

Adding a level means: a row in :data:`_LEVEL_TABLE`, its bot in
``bots.BOT_FACTORIES``, and in the interface its name (``ui/texts.py``,
``difficulty_name``) and description (``ui/dialogs/new_game.py``,
``level_description``); ``tests/test_one_home.py`` and ``tests/ui/test_dialogs.py``
fail until each one is there.

**Ranking points** grow with how much harder a win is. Easy 10, Normal 30 and Expert
100 come from docs/rules.md §7: each step is about three times the last, as each level's bots
beat the level below by a wide margin (Normal against Easy, Expert against Normal by
+27 points per hand over 300 duplicate deals, docs/strength.md). Master (200) is the
Expert's own search with four times its deals and a deeper exact endgame: a smaller
step than Normal to Expert, since the same method only sees further, so a Master win
is worth two Expert wins rather than three. Measured (docs/strength.md, "Master"),
Master beats the Expert of e6370cf by +15.5 points per hand over 500 duplicate deals,
where today's Expert beats it by +13.4; against today's Expert it wins 40 of 80
duplicate games to 250. So 200 overstates how much harder a Master win is today; it is
kept as a reward for the longer waits and as the issue's example, to be revisited when
players' win rates per level are known.

>>> LEVELS
('easy', 'normal', 'expert', 'master')
>>> RANKING_POINTS["expert"], RANKING_POINTS["master"]
(100, 200)
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
    ("master", 200),  # two Expert wins: see the module's docstring
)

LEVELS: tuple[str, ...] = tuple(key for key, _points in _LEVEL_TABLE)
"""The difficulty keys, weakest first (docs/rules.md §6): the values of ``Settings.difficulty``,
the bots' names and the statistics' keys."""

RANKING_POINTS: Mapping[str, int] = MappingProxyType(dict(_LEVEL_TABLE))
"""Level key → ranking points for a won game, in :data:`LEVELS` order (docs/rules.md §7);
read-only."""
