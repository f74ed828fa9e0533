"""The arena's statistics against values worked by hand from the formulas."""

from __future__ import annotations

import math
import statistics

import pytest

from spades_desktop.arena import percentile, ratio_mean_ci, wilson_interval
from spades_desktop.arena.stats import Z95


def _close(a: tuple[float, float], b: tuple[float, float], tol: float = 5e-5) -> bool:
    return abs(a[0] - b[0]) < tol and abs(a[1] - b[1]) < tol


def test_wilson_interval_golden_values() -> None:
    """Wilson: (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n), z = 1.959964.

    5/10: z²/n = 0.384146, centre 0.5, half 1.959964·sqrt(0.025 + 0.009604)/1.384146
    = 0.263413 → [0.236587, 0.763413]. 0/10: upper = 0.384146/1.384146 = 0.277533.
    50/100: half 1.959964·sqrt(0.0025 + 0.00009604)/1.0384146 = 0.096170.
    81/100: centre (0.81 + 0.019207)/1.0384146 = 0.798533, half 0.076325."""
    assert _close(wilson_interval(5, 10), (0.236587, 0.763413))
    assert _close(wilson_interval(0, 10), (0.0, 0.277533))
    assert _close(wilson_interval(10, 10), (0.722467, 1.0))
    assert _close(wilson_interval(50, 100), (0.403830, 0.596170))
    assert _close(wilson_interval(81, 100), (0.722208, 0.874858))
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_wilson_interval_takes_half_wins_and_rejects_bad_counts() -> None:
    """A draw counts half a win: 4.5 of 10 lies between 4 and 5 of 10."""
    low, high = wilson_interval(4.5, 10)
    assert wilson_interval(4, 10)[0] < low < wilson_interval(5, 10)[0]
    assert wilson_interval(4, 10)[1] < high < wilson_interval(5, 10)[1]
    with pytest.raises(ValueError):
        wilson_interval(11, 10)
    with pytest.raises(ValueError):
        wilson_interval(-1, 10)


def test_ratio_mean_ci_with_unit_sizes_is_the_plain_mean_interval() -> None:
    values = [12.0, -40.0, 3.0, 77.0, 0.0, 15.5, -2.0]
    mean, ci = ratio_mean_ci(values, [1] * len(values))
    assert ci is not None
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    assert mean == pytest.approx(statistics.fmean(values))
    assert ci[0] == pytest.approx(mean - half)
    assert ci[1] == pytest.approx(mean + half)


def test_ratio_mean_ci_by_hand() -> None:
    """Units (sum, size): (30, 3), (10, 1), (0, 2). R = 40/6 = 6.6667; residuals
    30-20 = 10, 10-6.667 = 3.333, 0-13.333 = -13.333; sum of squares 288.889;
    se = sqrt(288.889 / 6) / 2 = 3.4694; half = 1.959964·3.4694 = 6.8000."""
    mean, ci = ratio_mean_ci([30.0, 10.0, 0.0], [3, 1, 2])
    assert mean == pytest.approx(40 / 6)
    assert ci is not None
    assert ci[0] == pytest.approx(40 / 6 - 6.8000, abs=1e-3)
    assert ci[1] == pytest.approx(40 / 6 + 6.8000, abs=1e-3)
    assert ratio_mean_ci([5.0], [2]) == (2.5, None)
    with pytest.raises(ValueError):
        ratio_mean_ci([], [])


def test_percentile_is_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 0.5) == 50.0
    assert percentile(values, 0.95) == 95.0
    assert percentile(values, 1.0) == 100.0
    assert percentile([1.0, 2.0, 3.0], 0.5) == 2.0
    assert percentile([7.0], 0.95) == 7.0
    with pytest.raises(ValueError):
        percentile([], 0.5)
