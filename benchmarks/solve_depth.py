"""The exact endgame solver's cost by tricks left (how deep Master can solve).

    python benchmarks/solve_depth.py [--tricks 3 4 5 6] [--endings 40] [--seed 1] [--json]

For each number of tricks left, ``--endings`` seeded random deals are played at random
(legal cards only, random bids 1..5) down to that many tricks; then, as the Expert does
for one sampled deal in its endgame, :func:`spades_desktop.bots.sim.solve` is called
once for every distinct card the leader may lead (:func:`~spades_desktop.bots.sim.
distinct_moves`), on the score difference with bags (:class:`~spades_desktop.bots.sim.
Utility`). Printed: median, 90th percentile and maximum wall time per ending, in ms,
and whether the simulator is compiled. A searching bot's endgame decision costs about
this times its number of deals.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from spades_desktop.bots.sim import BidInfo, Utility, distinct_moves, solve
from spades_desktop.compiled import core_is_compiled
from spades_desktop.engine import Rules
from spades_desktop.engine.core import LED_MASK, legal_mask, trick_winner_seat


def ending(rng: random.Random, tricks_left: int) -> tuple[list[int], int, bool, list[int],
                                                           BidInfo]:
    """A random deal played at random down to ``tricks_left`` tricks: (hands as four
    masks, the leader's seat, spades broken, tricks won per seat, the bids)."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for i, card in enumerate(deck):
        hands[i % 4] |= 1 << card
    info = BidInfo([rng.randint(1, 5) for _ in range(4)], [False] * 4)
    won = [0, 0, 0, 0]
    leader, broken = 0, False
    for _ in range(13 - tricks_left):
        trick: list[int] = []
        for i in range(4):
            seat = (leader + i) & 3
            legal = legal_mask(hands[seat], LED_MASK[trick[0]] if trick else 0, broken)
            card = rng.choice([c for c in range(52) if legal >> c & 1])
            hands[seat] ^= 1 << card
            trick.append(card)
            broken = broken or card >= 39
        leader = trick_winner_seat(trick, leader)
        won[leader] += 1
    return hands, leader, broken, won, info


def measure(tricks_left: int, endings: int, seed: int) -> dict[str, float]:
    """Wall-time figures (ms) of solving every lead of ``endings`` random endings."""
    rng = random.Random(seed * 100 + tricks_left)
    times = []
    for _ in range(endings):
        hands, leader, broken, won, info = ending(rng, tricks_left)
        utility = Utility(leader & 1, info, (0, 0), (0, 0), Rules().score_terms, 10.0, 100.0)
        legal = legal_mask(hands[leader], 0, broken)
        remaining = hands[0] | hands[1] | hands[2] | hands[3]
        start = time.perf_counter()
        for card in distinct_moves(hands[leader], legal, remaining):
            after = list(hands)
            after[leader] ^= 1 << card
            solve(after, [card], leader, broken or card >= 39, list(won), utility)
        times.append((time.perf_counter() - start) * 1000.0)
    times.sort()
    return {"tricks_left": tricks_left, "median_ms": round(statistics.median(times), 3),
            "p90_ms": round(times[int(0.9 * (len(times) - 1))], 3),
            "max_ms": round(times[-1], 3)}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tricks", type=int, nargs="+", default=[3, 4, 5, 6])
    p.add_argument("--endings", type=int, default=40)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    rows = [measure(t, args.endings, args.seed) for t in args.tricks]
    if args.json:
        print(json.dumps({"compiled": core_is_compiled(), "rows": rows}, indent=2))
        return
    kind = "compiled" if core_is_compiled() else "pure-Python"
    print(f"Exact solver, all leads of one ending ({kind} simulator):")
    for r in rows:
        print(f"  {r['tricks_left']} tricks left: median {r['median_ms']:.2f} ms, "
              f"p90 {r['p90_ms']:.2f} ms, max {r['max_ms']:.2f} ms")


if __name__ == "__main__":
    main()
