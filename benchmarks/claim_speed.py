"""How long does the referee's claim check take? (docs/rules.md §3, "Claims")

    python benchmarks/claim_speed.py [--positions 200] [--strong 60] [--seed 1]

Two sets of positions, South to play, every card known:

- ``random``: ``--positions`` random games (bids of 3 or 4), played by random legal cards
  to South's turn after 1 to 12 completed tricks;
- ``strong``: ``--strong`` deals where North–South hold the top cards of every suit
  (so that many claims hold), after one trick, 12 tricks left.

For each it reports how many claims hold, fail or are left undecided within
``bots.claim.CLAIM_NODES``, and the largest and median time (wall clock of this
process) and node count of one check.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from spades_desktop.bots.claim import CLAIM_NODES, ClaimSearch
from spades_desktop.engine import DECK, Bid, Phase, Rules, Seat, apply_action, legal_actions
from spades_desktop.engine import new_game as start


def _position(state):  # type: ignore[no-untyped-def]
    trick = [card.index for _seat, card in state.current_trick]
    return list(state.hand_masks), trick, int(state.leader), state.spades_broken


def _to_south(state, rng: random.Random, tricks: int):  # type: ignore[no-untyped-def]
    while state.phase is Phase.BIDDING:
        bids = [a for a in legal_actions(state) if isinstance(a, Bid) and a.tricks in (3, 4)]
        state = apply_action(state, (bids or list(legal_actions(state)))[0])
    while len(state.tricks) < tricks or state.current_player != Seat.SOUTH:
        state = apply_action(state, rng.choice(legal_actions(state)))
    return state


def _strong_deal(rng: random.Random):  # type: ignore[no-untyped-def]
    ns, ew = [], []
    for suit in range(4):
        cards = sorted((c for c in DECK if c.index // 13 == suit), key=lambda c: -c.index)
        k = rng.choice([5, 6, 7, 8])
        ns += cards[:k]
        ew += cards[k:]
    while len(ns) > 26:
        ew.append(ns.pop(rng.randrange(len(ns))))
    while len(ns) < 26:
        ns.append(ew.pop(rng.randrange(len(ew))))
    rng.shuffle(ns)
    rng.shuffle(ew)
    return {Seat.SOUTH: ns[:13], Seat.NORTH: ns[13:], Seat.WEST: ew[:13], Seat.EAST: ew[13:]}


def _report(name: str, states) -> None:  # type: ignore[no-untyped-def]
    answers = {True: 0, False: 0, None: 0}
    times, nodes = [], []
    for state in states:
        search = ClaimSearch()
        began = time.perf_counter()
        answer = search.takes_every_trick(*_position(state))
        times.append(time.perf_counter() - began)
        nodes.append(search.nodes)
        answers[answer] += 1
    print(f"{name}: {len(times)} positions; hold {answers[True]}, fail {answers[False]}, "
          f"undecided {answers[None]} (budget {CLAIM_NODES:,} nodes)")
    print(f"  time: median {statistics.median(times) * 1000:.1f} ms, "
          f"max {max(times) * 1000:.0f} ms; nodes: median {statistics.median(nodes):,.0f}, "
          f"max {max(nodes):,}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--strong", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    _report("random", [_to_south(start(Rules(), g + 1), rng, rng.randint(1, 12))
                       for g in range(args.positions)])
    strong = []
    for g in range(args.strong):
        strong.append(_to_south(start(Rules(), g + 1, _strong_deal(rng)), rng, 1))
    _report("strong", strong)


if __name__ == "__main__":
    main()
