"""The Master computer player: the Expert's search with larger fixed budgets (issue 12).

Master plays exactly as :class:`~.expert.ExpertBot` does — the same knowledge from its
:class:`~spades_desktop.engine.PlayerView`, the same sampled deals, rollout policy,
exact endgame solver and bid evaluation — but draws about four times as many deals
for each decision and solves one more trick exactly at the end of a hand. Every
budget is a number of deals or simulated cards, never of seconds, so a game number
replays the same game on any machine; each is one named constant below so that it
can be retuned when the simulator gets faster.

The budgets were chosen for p95 ≤ 1.0 s and max ≤ 2.5 s per decision on the
reference machine (2-core VM, CPython 3.11, pure-Python simulator), measured with the
arena's ``decision_ms`` figures (docs/strength.md, "Master"): p95 0.58 s and max 1.94 s
with ``--jobs 1`` under a load average of about 5; the slowest decisions are the
four-trick exact endgames. Measured against the Expert it is only a few points per
hand stronger (same file).

>>> bot = MasterBot()
>>> bot.name, bot.samples, bot.endgame_tricks
('master', 192, 4)
"""

from __future__ import annotations

from typing import Any

from .expert import ExpertBot

__all__ = [
    "MASTER_BID_SAMPLES",
    "MASTER_BLIND_SAMPLES",
    "MASTER_ENDGAME_SAMPLES",
    "MASTER_ENDGAME_TRICKS",
    "MASTER_MIN_SAMPLES",
    "MASTER_PLAY_BUDGET",
    "MASTER_SAMPLES",
    "MasterBot",
]

MASTER_SAMPLES = 192
"""Most deals per card decision (the Expert: 48)."""
MASTER_MIN_SAMPLES = 48
"""Fewest deals per card decision (the Expert: 12)."""
MASTER_PLAY_BUDGET = 120_000
"""Simulated card plays per card decision, shared among candidates and deals (the
Expert: 30,000)."""
MASTER_ENDGAME_TRICKS = 4
"""With this many tricks left or fewer each deal is solved exactly (the Expert: 3)."""
MASTER_ENDGAME_SAMPLES = 64
"""Most deals solved exactly per card decision in the endgame (the Expert: 32; solving
four tricks costs several times as much per deal as three)."""
MASTER_BID_SAMPLES = 384
"""Deals played out for a bid (the Expert: 96)."""
MASTER_BLIND_SAMPLES = 384
"""Play-outs estimating the chance of a Blind Nil (the Expert: 96)."""


class MasterBot(ExpertBot):
    """Master level (issue 12): :class:`~.expert.ExpertBot` with four times its deals.

    The default budgets are the ``MASTER_*`` constants of this module; every keyword of
    :class:`~.expert.ExpertBot` may be given to override them (tests use small budgets
    to stay quick). Deterministic like the Expert: the same view and game number give
    the same action. Its ranking points (200, twice the Expert's) are argued in
    :mod:`spades_desktop.levels`. Raises ``ValueError`` for a budget below 1.
    """

    name = "master"

    def __init__(
        self,
        samples: int = MASTER_SAMPLES,
        min_samples: int = MASTER_MIN_SAMPLES,
        play_budget: int = MASTER_PLAY_BUDGET,
        endgame_tricks: int = MASTER_ENDGAME_TRICKS,
        endgame_samples: int = MASTER_ENDGAME_SAMPLES,
        bid_samples: int = MASTER_BID_SAMPLES,
        blind_samples: int = MASTER_BLIND_SAMPLES,
        **options: Any,
    ) -> None:
        super().__init__(
            samples=samples, min_samples=min_samples, play_budget=play_budget,
            endgame_tricks=endgame_tricks, endgame_samples=endgame_samples,
            bid_samples=bid_samples, blind_samples=blind_samples,
            **options,
        )
