"""The reviews kept in a session: a bounded cache, the oldest used dropped first."""

from __future__ import annotations

import pytest

from spades_desktop.bots.coach import HandReview
from spades_desktop.ui.review import ReviewCache


def _review(hand_number: int) -> HandReview:
    return HandReview(hand_number=hand_number, decisions=(), tricks=(), reviewed=0,
                      mistakes=0, points_lost=0.0)


def _key(game_number: int) -> tuple[int, int, tuple[()]]:
    return (game_number, 48, ())


def test_a_long_session_of_reviews_keeps_only_the_newest() -> None:
    cache = ReviewCache(size=3)
    for game in range(10):
        cache[_key(game)] = _review(game)
    assert len(cache) == 3
    assert sorted(k[0] for k in cache) == [7, 8, 9]
    assert cache.get(_key(6)) is None
    assert cache[_key(9)].hand_number == 9


def test_a_review_read_again_is_kept_over_an_older_one() -> None:
    cache = ReviewCache(size=2)
    cache[_key(1)] = _review(1)
    cache[_key(2)] = _review(2)
    assert cache.get(_key(1)) is not None  # 1 is now the newest
    cache[_key(3)] = _review(3)
    assert set(k[0] for k in cache) == {1, 3}


def test_the_default_size_holds_every_hand_of_a_long_game() -> None:
    cache = ReviewCache()
    for hand in range(ReviewCache.SIZE + 5):
        cache[_key(hand)] = _review(hand)
    assert len(cache) == ReviewCache.SIZE >= 20


@pytest.mark.parametrize("size", [0, -1, True, 2.0])
def test_a_cache_holds_at_least_one_review(size: object) -> None:
    with pytest.raises(ValueError, match="at least one review"):
        ReviewCache(size=size)  # type: ignore[arg-type]
