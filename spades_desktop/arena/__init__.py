"""The arena: computer players against each other, headless (``python -m spades_desktop.arena``).

No Qt. :func:`run_match` plays a :class:`MatchConfig` and returns a JSON-ready report
with these keys (``"ns"`` / ``"ew"`` always mean the level given as ``ns`` / ``ew``,
wherever it sat; with ``duplicate`` the ``ns`` level sits East–West in every second play):

- ``games``: plays counted (whole games, or hands with ``mode="hands"``; both copies
  of a duplicate deal count); ``hands``: hands played in all.
- ``wins``: ``ns``, ``ew``, ``draw`` (a hand is won by the side scoring more in it).
- ``win_rate_ns``: (ns wins + draws / 2) / games; ``ci95_ns``: Wilson's 95% interval.
  The interval treats plays as independent; the two plays of a duplicate deal are
  negatively correlated, so it is then on the wide side.
- ``mean_margin_per_hand``: ns points minus ew points, per hand; ``ci95_margin``: its
  normal-approximation 95% interval, the unit being a game or hand, or a duplicate pair
  (both plays together) with ``duplicate`` (``None`` with one unit).
- ``set_rate``: per side, contracts set / contracts bid (hands in which the side bid a
  non-Nil contract); ``contracts``: the counts.
- ``nil``: per side, Nil ``bid`` / ``made`` (Blind Nil apart: ``blind_bid`` /
  ``blind_made``).
- ``bags_per_hand`` and ``points_per_hand``: per side.
- ``decision_ms``: per level, ``n``, ``p50``, ``p95``, ``p99`` (nearest rank) and ``max``
  of the time of each ``choose_action`` call, and ``forced_n`` / ``forced_p99`` /
  ``forced_max`` for the decisions with one legal action. Measured around the call in
  the worker processes (the bots are built there), so they vary run to run; a maximum
  includes whatever the operating system did meanwhile.
- ``elapsed_s``, plus the match settings: ``levels``, ``mode``, ``duplicate``, ``seed``,
  ``target``, ``rules``, ``bot_kwargs``.
"""

from .match import (
    SIDES,
    TIMING_KEYS,
    MatchConfig,
    PlayRecord,
    SideTally,
    build_report,
    create_bot,
    game_number_for,
    play_match,
    play_one,
    run_match,
)
from .stats import percentile, ratio_mean_ci, wilson_interval

__all__ = [
    "SIDES", "TIMING_KEYS", "MatchConfig", "PlayRecord", "SideTally", "build_report",
    "create_bot", "game_number_for", "percentile", "play_match", "play_one", "ratio_mean_ci",
    "run_match", "wilson_interval",
]
