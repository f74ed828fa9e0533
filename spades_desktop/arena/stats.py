"""Statistics for the arena: Wilson interval, ratio means with a 95% interval, percentiles.

Pure functions on plain numbers; no engine, no bots.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``successes / n``.

    ``successes`` may be fractional (a draw counted as half a win). Returns
    ``(0.0, 1.0)`` when ``n`` is 0. Raises ``ValueError`` for a count outside 0..n.

    >>> tuple(round(x, 4) for x in wilson_interval(5, 10))
    (0.2366, 0.7634)
    """
    if n < 0 or not 0 <= successes <= n:
        raise ValueError(f"Need 0 <= successes <= n, got {successes} of {n}.")
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def ratio_mean_ci(
    sums: Sequence[float], sizes: Sequence[float], z: float = Z95
) -> tuple[float, tuple[float, float] | None]:
    """The mean per item ``R = sum(sums) / sum(sizes)`` over independent units, with a
    normal-approximation 95% interval (delta method for a ratio of sums).

    Each unit ``i`` (a game, a hand, or a duplicate pair) contributes the total
    ``sums[i]`` over its ``sizes[i]`` items (hands). With every size 1 this is the
    ordinary mean with interval ``mean ± z·s/√n``. The interval is ``None`` with fewer
    than two units. Raises ``ValueError`` if the lengths differ or there are no items.

    >>> r, (low, high) = ratio_mean_ci([1.0, 3.0], [1, 1])
    >>> r, round(low, 4), round(high, 4)
    (2.0, 0.04, 3.96)
    """
    if len(sums) != len(sizes):
        raise ValueError("sums and sizes must have the same length.")
    total = float(sum(sizes))
    if not sums or total <= 0:
        raise ValueError("No items to average.")
    n = len(sums)
    r = sum(sums) / total
    if n < 2:
        return r, None
    mean_size = total / n
    resid = sum((m - r * h) ** 2 for m, h in zip(sums, sizes, strict=True))
    se = math.sqrt(resid / (n * (n - 1))) / mean_size
    return r, (r - z * se, r + z * se)


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The nearest-rank ``q`` quantile (0 < q <= 1) of an ascending sequence: the
    smallest value with at least ``q·n`` values at or below it. Raises ``ValueError``
    for an empty sequence or ``q`` outside (0, 1]."""
    if not sorted_values:
        raise ValueError("No values.")
    if not 0 < q <= 1:
        raise ValueError("q must be in (0, 1].")
    rank = math.ceil(q * len(sorted_values))
    return sorted_values[max(0, rank - 1)]
