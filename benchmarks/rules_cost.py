#!/usr/bin/env python3
"""A fixed amount of engine work, to count its instructions before and after a change
to the rules core (``valgrind --tool=callgrind`` counts instructions, not seconds, so
two builds compare exactly on a busy machine).

    valgrind --tool=callgrind python benchmarks/rules_cost.py checked   # 150 random hands
    valgrind --tool=callgrind python benchmarks/rules_cost.py playout   # 3000 rollouts
    valgrind --tool=callgrind python benchmarks/rules_cost.py none      # imports only

The figure of a kind is its "Collected" count minus that of ``none`` (the interpreter's
start and the imports). ``checked`` plays random legal actions through the public engine
API (``new_game`` / ``legal_actions`` / ``apply_action``) under the standard rules;
``playout`` deals at random and runs the simulator's rule rollout (``sim.playout``) and
its score (``sim.team_results``), as the Expert's search does. Both are seeded: the
same work on every run. Without valgrind it runs as a plain script and prints the time.
"""

from __future__ import annotations

import random
import sys
import time

from spades_desktop.bots import sim
from spades_desktop.engine import Rules, apply_action, legal_actions, new_game

KINDS = ("checked", "playout", "none")


def checked(rng: random.Random, hands: int = 150) -> None:
    """``hands`` random hands through the checked engine, new games as they end."""
    state = new_game(Rules(), 1)
    done = 0
    while done < hands:
        if state.is_terminal:
            state = new_game(Rules(), rng.randrange(1 << 30))
        before = len(state.hand_records)
        state = apply_action(state, rng.choice(legal_actions(state)))
        if len(state.hand_records) != before or state.is_terminal:
            done += 1


def playout(rng: random.Random, deals: int = 3000) -> None:
    """``deals`` random deals and bids, each rolled out and scored by the simulator."""
    terms = Rules().score_terms
    deck = list(range(52))
    for i in range(deals):
        rng.shuffle(deck)
        hands = [0, 0, 0, 0]
        for j, card in enumerate(deck):
            hands[j & 3] |= 1 << card
        bids = [rng.randrange(1, 5) for _ in range(4)]
        info = sim.BidInfo(bids, [False] * 4)
        won = [0, 0, 0, 0]
        sim.playout(hands, [], i & 3, False, won, info, (True, True))
        sim.team_results(info, won, (3, 4), terms)


def main(argv: list[str]) -> int:
    kind = argv[1] if len(argv) > 1 else "checked"
    if kind not in KINDS:
        print(f"usage: rules_cost.py {{{'|'.join(KINDS)}}}", file=sys.stderr)
        return 2
    start = time.process_time()
    rng = random.Random(1)
    if kind == "checked":
        checked(rng)
    elif kind == "playout":
        playout(rng)
    print(f"{kind}: {time.process_time() - start:.3f} s of CPU time")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
