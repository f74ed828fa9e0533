"""Speed of the coach: hint time over positions from seeded games, and a hand's review.

Positions: South's decisions (bids and cards with more than one legal action) in
games played by four Expert bots, game numbers from ``--seed``; the hint is timed on
each with :data:`~spades_desktop.bots.coach.HINT_BUDGET` (or ``--budget``). Then whole
hands (South's hand 1 of the first games) are reviewed with
:data:`~spades_desktop.bots.coach.REVIEW_BUDGET`. Wall-clock times: they change with
the machine's load.

    python benchmarks/coach_speed.py [--positions 200] [--reviews 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from spades_desktop.bots import make_bot
from spades_desktop.bots.coach import HINT_BUDGET, REVIEW_BUDGET, hint, review_hand
from spades_desktop.engine import (
    PlayerView,
    Rules,
    Seat,
    apply_action,
    mix_seed,
    new_game,
    observe,
)


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered) + 0.5) - 1))]


def positions(count: int, seed: int) -> list[PlayerView]:
    """South's views with a choice, from Expert games with seeded game numbers."""
    views: list[PlayerView] = []
    bots = {seat: make_bot("expert") for seat in Seat}
    game_index = 0
    while len(views) < count:
        game = mix_seed(41, seed, game_index)
        game_index += 1
        state = new_game(Rules(), game)
        while not state.is_terminal and len(views) < count and state.hand_number <= 3:
            seat = state.current_player
            assert seat is not None
            view = observe(state, seat)
            if seat == Seat.SOUTH and len(view.legal) > 1:
                views.append(view)
            state = apply_action(state, bots[seat].choose_action(view, game))
    return views


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--reviews", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=HINT_BUDGET)
    parser.add_argument("--review-budget", type=int, default=REVIEW_BUDGET)
    args = parser.parse_args(argv)

    views = positions(args.positions, args.seed)
    times: list[float] = []
    bid_times: list[float] = []
    for view in views:
        start = time.perf_counter()
        hint(view, budget=args.budget)
        elapsed = time.perf_counter() - start
        times.append(elapsed)
        if view.phase.value == "bidding":
            bid_times.append(elapsed)
    print(f"hint (budget {args.budget} deals) over {len(times)} positions "
          f"({len(bid_times)} bids): p50 {statistics.median(times):.3f} s, "
          f"p95 {_pct(times, 0.95):.3f} s, max {max(times):.3f} s, "
          f"mean {statistics.fmean(times):.3f} s")
    if bid_times:
        print(f"  bids only: p50 {statistics.median(bid_times):.3f} s, "
              f"max {max(bid_times):.3f} s")

    bots = {seat: make_bot("expert") for seat in Seat}
    for k in range(args.reviews):
        game = mix_seed(43, args.seed, k)
        state = new_game(Rules(), game)
        while not state.hand_records:
            seat = state.current_player
            assert seat is not None
            state = apply_action(state, bots[seat].choose_action(observe(state, seat), game))
        start = time.perf_counter()
        review = review_hand(state.hand_records[0], Rules(), (), budget=args.review_budget,
                             game_number=game)
        elapsed = time.perf_counter() - start
        solved = sum(t.double_dummy_tricks is not None for t in review.tricks)
        print(f"review of a hand (budget {args.review_budget} deals per decision): "
              f"{elapsed:.1f} s, {review.reviewed} decisions, {review.mistakes} mistakes, "
              f"{solved} tricks solved double dummy")
    return 0


if __name__ == "__main__":
    sys.exit(main())
