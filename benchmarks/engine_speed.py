"""Engine speed: random full hands per second, against OpenSpiel's C++ Spades.

    python benchmarks/engine_speed.py [--seconds 9] [--rounds 3] [--seed 1] [--json]

A *full hand* is a deal, four bids and 52 cards, scored. Every engine is driven from
Python with the same policy: ``random.Random(seed).choice`` over the legal actions
(bids 0..13 — Nil included — and cards), nothing else.

- ``checked``: the public engine API (``new_game`` / ``legal_actions`` /
  ``apply_action``), which checks every action; hands are played one after the
  other in games to 500 (each hand costs one deal, as in the app), a new game
  when one ends.
- ``sim``: the bots' fast simulator (``spades_desktop.bots.sim``: integer cards, mask
  hands) with the rules it uses, those of ``spades_desktop.engine.core``
  (``legal_mask``, ``trick_winner_seat``; the score by ``sim.team_results``); deal by
  ``random.shuffle``. Skipped with a message when a module (or one of those
  functions) is absent.
- ``openspiel``: ``pyspiel.load_game("spades")`` from ``open-spiel`` on PyPI (C++),
  one state per hand: 52 chance actions (the deal), 4 bids, 52 cards, each chosen
  with ``rng.choice(state.legal_actions())``. Skipped with a message when ``pyspiel``
  is not installed (``pip install open-spiel``).
- ``policy_checked`` and ``policy_sim`` (information, no target): the random policy
  alone, with no engine: the same ``rng.choice`` calls on sequences as long as the
  legal actions of real hands (and for ``policy_sim`` the ``rng.shuffle`` of the deck
  that the ``sim`` runner makes). Their ratio to OpenSpiel is the most any engine
  driven this way from Python could reach: the ceiling for ``checked`` and ``sim``.
- ``sim_playout`` (information, no target): the simulator's own rule rollout
  (``sim.playout``) after random bids — the speed of the Expert's rollouts.

Every hand has a fixed number of actions (Blind Nil is off), so the ``checked`` and
``openspiel`` runners take that many steps and then check that the hand is over, rather
than asking after every step.

The engines run in turns (``--rounds`` rounds of ``--seconds / rounds / engines``
seconds each) so that a busy machine slows all of them alike. Ratios are to
OpenSpiel; the target is checked ≥ 1.5×. The simulator has no target
here: its speed is compared with its own pure-Python path by
``benchmarks/compiled_speed.py`` (rollouts ≥ 10×).

OpenSpiel's Spades differs from ours in ways that do not matter for a random-legal
speed comparison but would for anything else: it never sets its "spades broken" flag,
so a spade can never be led while the leader holds another suit (measured with
open-spiel 2.0.2: 0 such leads in 3000 random hands, also after spades were played);
a failed Nil's tricks count toward the partner's contract; there is no Blind Nil.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from spades_desktop.engine import Rules, apply_action, legal_actions, new_game

HandRunner = Callable[[], int]
"""Plays some hands and returns how many."""

BIDS = tuple(range(14))
"""Nil and 1..13, the bids a random player chooses from (Blind Nil is off)."""

HAND_ACTIONS = 56
"""A hand through our engine: 4 bids and 52 cards (the deal happens inside)."""

OPENSPIEL_HAND_ACTIONS = 108
"""A hand through OpenSpiel: 52 chance actions (the deal), 4 bids and 52 cards."""

STANDARD_TERMS = Rules().score_terms
"""The standard game's scoring options, as the simulator's ``team_results`` takes them."""

TARGETS = {"checked": 1.5}
"""Minimum speed, as a multiple of OpenSpiel's."""


def checked_runner(rng: random.Random) -> HandRunner:
    """Hands through the public, checked engine API."""
    rules = Rules()
    state = new_game(rules, rng.getrandbits(64))
    choice = rng.choice

    def run() -> int:
        nonlocal state
        if state.is_terminal:
            state = new_game(rules, rng.getrandbits(64))
        hand = state.hand_number
        for _ in range(HAND_ACTIONS):
            state = apply_action(state, choice(legal_actions(state)))
        if state.hand_number == hand and not state.is_terminal:
            raise AssertionError("a hand did not end after its 4 bids and 52 cards")
        return 1

    return run


def sim_runner(rng: random.Random) -> HandRunner | str:
    """Hands through the bots' fast simulator, or the reason it cannot be used."""
    try:
        from spades_desktop.bots import sim
        from spades_desktop.engine import core
    except ImportError as exc:
        return f"no fast simulator ({exc})"
    missing = [f"{m.__name__}.{n}" for m, names in (
        (core, ("legal_mask", "trick_winner_seat", "LED_MASK")),
        (sim, ("team_results", "BidInfo", "mask_cards"))) for n in names if not hasattr(m, n)]
    if missing:
        return f"no {', '.join(missing)}"
    legal_mask = core.legal_mask
    trick_winner_seat = core.trick_winner_seat
    led_mask = core.LED_MASK
    team_results = sim.team_results
    bid_info = sim.BidInfo
    mask_cards = sim.mask_cards
    deck = list(range(52))
    bags = [0, 0]
    no_blind = (False, False, False, False)

    def run() -> int:
        rng.shuffle(deck)
        hands = [0, 0, 0, 0]
        for i, card in enumerate(deck):
            hands[i & 3] |= 1 << card
        bids = [rng.choice(BIDS) for _ in range(4)]
        info = bid_info(bids, no_blind)
        won = [0, 0, 0, 0]
        leader = 0
        broken = False
        for _ in range(13):
            trick: list[int] = []
            led = 0
            for k in range(4):
                seat = (leader + k) & 3
                card = rng.choice(mask_cards(legal_mask(hands[seat], led, broken)))
                hands[seat] ^= 1 << card
                trick.append(card)
                if k == 0:
                    led = led_mask[card]
                if card >= 39:
                    broken = True
            leader = trick_winner_seat(trick, leader)
            won[leader] += 1
        ns, ew = team_results(info, won, bags, STANDARD_TERMS)
        bags[0], bags[1] = ns[1], ew[1]
        return 1

    return run


def sim_playout_runner(rng: random.Random) -> HandRunner | str:
    """Information only (no target): hands played by the simulator's own rollout
    policy (``sim.playout``, the rule player the Expert's search uses), random bids."""
    try:
        from spades_desktop.bots import sim
    except ImportError as exc:
        return f"no fast simulator ({exc})"
    if not all(hasattr(sim, n) for n in ("playout", "BidInfo", "team_results")):
        return "spades_desktop.bots.sim has no playout()"
    playout = sim.playout
    bid_info = sim.BidInfo
    team_results = sim.team_results
    deck = list(range(52))
    bags = [0, 0]
    no_blind = (False, False, False, False)
    duck = (True, True)

    def run() -> int:
        rng.shuffle(deck)
        hands = [0, 0, 0, 0]
        for i, card in enumerate(deck):
            hands[i & 3] |= 1 << card
        info = bid_info([rng.choice(BIDS) for _ in range(4)], no_blind)
        won = [0, 0, 0, 0]
        playout(hands, [], 0, False, won, info, duck)
        ns, ew = team_results(info, won, bags, STANDARD_TERMS)
        bags[0], bags[1] = ns[1], ew[1]
        return 1

    return run


def legal_sizes(hands: int, seed: int) -> list[list[int]]:
    """Per hand, the number of legal actions at each of its 56 steps in random play
    (through the checked engine, outside any timing)."""
    rng = random.Random(seed)
    sizes: list[list[int]] = []
    for _ in range(hands):
        state = new_game(Rules(), rng.getrandbits(64))
        steps = []
        for _ in range(HAND_ACTIONS):
            legal = legal_actions(state)
            steps.append(len(legal))
            state = apply_action(state, rng.choice(legal))
        sizes.append(steps)
    return sizes


def policy_floor_runner(rng: random.Random, shuffle: bool) -> HandRunner:
    """Information: the random policy alone, with no engine at all: the same
    ``rng.choice`` calls on sequences of the same lengths as in real hands (and, with
    ``shuffle``, the simulator runner's ``rng.shuffle`` of the deck). No engine driven
    this way can play hands faster than this."""
    choices = [[tuple(range(n)) for n in steps] for steps in legal_sizes(50, 99)]
    choice = rng.choice
    deck = list(range(52))
    turn = 0

    def run() -> int:
        nonlocal turn
        if shuffle:
            rng.shuffle(deck)
        for options in choices[turn]:
            choice(options)
        turn = (turn + 1) % len(choices)
        return 1

    return run


def openspiel_runner(rng: random.Random) -> HandRunner | str:
    """Hands through OpenSpiel's C++ Spades, or the reason it cannot be used."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return "pyspiel not installed (pip install open-spiel)"
    game = pyspiel.load_game("spades")
    choice = rng.choice

    def run() -> int:
        state = game.new_initial_state()
        for _ in range(OPENSPIEL_HAND_ACTIONS):
            state.apply_action(choice(state.legal_actions()))
        if not state.is_terminal():
            raise AssertionError("an OpenSpiel hand did not end after 108 actions")
        return 1

    return run


def measure(runners: dict[str, HandRunner], seconds: float, rounds: int,
            ) -> dict[str, dict[str, float]]:
    """Hands and seconds per engine, the engines taking turns for ``rounds`` rounds."""
    totals = {name: {"hands": 0.0, "seconds": 0.0} for name in runners}
    slice_s = seconds / rounds / max(1, len(runners))
    for run in runners.values():  # warm-up: imports, caches
        for _ in range(20):
            run()
    for _ in range(rounds):
        for name, run in runners.items():
            start = time.perf_counter()
            hands = 0
            while True:
                hands += run()
                elapsed = time.perf_counter() - start
                if elapsed >= slice_s:
                    break
            totals[name]["hands"] += hands
            totals[name]["seconds"] += elapsed
    return totals


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--seconds", type=float, default=9.0,
                   help="total measuring time for all engines (default 9)")
    p.add_argument("--rounds", type=int, default=3, help="turns per engine (default 3)")
    p.add_argument("--seed", type=int, default=1, help="seed of the random policy")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)

    runners: dict[str, HandRunner] = {}
    skipped: dict[str, str] = {}
    runners["checked"] = checked_runner(random.Random(args.seed))
    runners["policy_checked"] = policy_floor_runner(random.Random(args.seed), shuffle=False)
    runners["policy_sim"] = policy_floor_runner(random.Random(args.seed), shuffle=True)
    for name, factory in (("sim", sim_runner), ("sim_playout", sim_playout_runner),
                          ("openspiel", openspiel_runner)):
        made = factory(random.Random(args.seed))
        if isinstance(made, str):
            skipped[name] = made
        else:
            runners[name] = made

    totals = measure(runners, args.seconds, args.rounds)
    rate = {n: t["hands"] / t["seconds"] for n, t in totals.items()}
    base = rate.get("openspiel")
    rows: dict[str, Any] = {}
    for name in ("checked", "policy_checked", "sim", "policy_sim", "sim_playout",
                 "openspiel"):
        if name in skipped:
            rows[name] = {"skipped": skipped[name]}
            continue
        ratio = rate[name] / base if base else None
        target = TARGETS.get(name)
        rows[name] = {
            "hands": int(totals[name]["hands"]),
            "seconds": round(totals[name]["seconds"], 3),
            "hands_per_s": round(rate[name], 1),
            "ratio_to_openspiel": None if ratio is None else round(ratio, 3),
            "target_ratio": target,
            "met": None if ratio is None or target is None else ratio >= target,
        }
    report = {"python": platform.python_version(), "machine": platform.machine(),
              "seed": args.seed, "engines": rows}
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
        return 0
    print(f"Random full hands per second (Python {report['python']}, {report['machine']}, "
          f"seed {args.seed}):")
    for name, row in rows.items():
        if "skipped" in row:
            print(f"  {name:<14} skipped: {row['skipped']}")
            continue
        ratio = row["ratio_to_openspiel"]
        ratio_text = "" if ratio is None else f"  {ratio:.2f}x OpenSpiel"
        target = row["target_ratio"]
        if target is not None and ratio is not None:
            ratio_text += f" (target >= {target:g}x: {'met' if row['met'] else 'NOT met'})"
        print(f"  {name:<14} {row['hands_per_s']:>9.0f} hands/s "
              f"({row['hands']} in {row['seconds']:.1f} s){ratio_text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
