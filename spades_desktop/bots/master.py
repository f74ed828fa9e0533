"""The Master computer player: the Expert's search with larger fixed budgets
(docs/rules.md §6).

Master plays exactly as :class:`~.expert.ExpertBot` does — the same knowledge from its
:class:`~spades_desktop.engine.PlayerView`, the same sampled deals, rollout policy,
exact endgame solver and bid evaluation — but draws four times as many deals for each
decision and solves one more trick exactly at the end of a hand (five, with fewer
deals: a five-trick solve costs several times a four-trick one). Every budget is a
number of deals or simulated cards, never of seconds, so a game number replays the
same game on any machine; each is one named constant below, a multiple of the
Expert's, so that it can be retuned when the simulator gets faster.

The budgets were chosen for p95 ≤ 1.0 s and max ≤ 2.5 s per decision on the
reference machine (2-core VM, CPython 3.11, compiled simulator), measured with the
arena's ``decision_ms`` figures (docs/strength.md, "The Expert and Master as
shipped", S4): p95 0.25 s and max 1.2 s with ``--jobs 1``; the slowest decisions are
the five-trick exact endgames. Against the Expert it is at most a little stronger:
+1.1 points per hand and 50% of 80 duplicate games to 250 (same section, S6).

>>> bot = MasterBot()
>>> bot.name, bot.samples, bot.endgame_tricks
('master', 768, 5)
"""

from __future__ import annotations

from typing import Any

from .expert import (
    EXPERT_BID_SAMPLES,
    EXPERT_BLIND_SAMPLES,
    EXPERT_ENDGAME_SAMPLES,
    EXPERT_ENDGAME_TRICKS,
    EXPERT_MIN_SAMPLES,
    EXPERT_PLAY_BUDGET,
    EXPERT_SAMPLES,
    ExpertBot,
)

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

MASTER_SAMPLES = 4 * EXPERT_SAMPLES
"""Most deals per card decision (768; the Expert: 192)."""
MASTER_MIN_SAMPLES = 4 * EXPERT_MIN_SAMPLES
"""Fewest deals per card decision (192; the Expert: 48)."""
MASTER_PLAY_BUDGET = 4 * EXPERT_PLAY_BUDGET
"""Simulated card plays per card decision, shared among candidates and deals (480,000;
the Expert: 120,000)."""
MASTER_ENDGAME_TRICKS = EXPERT_ENDGAME_TRICKS + 1
"""With this many tricks left or fewer each deal is solved exactly (5; the Expert: 4)."""
MASTER_ENDGAME_SAMPLES = EXPERT_ENDGAME_SAMPLES // 2
"""Most deals solved exactly per card decision in the endgame (32; the Expert: 64):
solving five tricks costs several times as much per deal as four (compiled, about
7 ms per deal and position, 49 ms at most, on random five-trick endings:
``benchmarks/solve_depth.py``)."""
MASTER_BID_SAMPLES = 4 * EXPERT_BID_SAMPLES
"""Deals played out for a bid (1,536; the Expert: 384)."""
MASTER_BLIND_SAMPLES = 4 * EXPERT_BLIND_SAMPLES
"""Play-outs estimating the chance of a Blind Nil (1,536; the Expert: 384)."""


class MasterBot(ExpertBot):
    """Master level (docs/rules.md §6): :class:`~.expert.ExpertBot` with four times its deals and
    a five-trick exact endgame.

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
