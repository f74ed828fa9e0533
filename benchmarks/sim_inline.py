"""Do the rules inlined in the simulator's hot loops pay for themselves?

    python benchmarks/sim_inline.py [--repeats 60] [--hands 200] [--endings 20]
                                    [--seed 1] [--json]

Three places in ``spades_desktop.bots.sim`` could copy a rule of
``spades_desktop.engine.core`` into a hot loop instead of calling it: the legal cards
in ``_choose`` (the rollout policy, every card of every play-out) and in
``_Solver.search`` (every node of the exact endgame solver), and the trick's winner so
far in ``playout``. A copy kept in the module is marked ``# inlines engine.core...``.
This benchmark builds, in one run, copies of the module with each place in the inline
form and in the call form, whichever the source holds now (all compiled from the
module's source text, so that they differ only by that place; code that matches
neither form is reported as an error), and measures:

- ``playout``: full hands per second through ``sim.playout`` (``--hands`` random
  deals with random bids 0..13, as the ``sim_playout`` runner of ``engine_speed.py``;
  the same deals for every variant), with every rule inlined (``inline``), with
  ``_choose`` calling ``core.legal_mask`` (``core_legal``), with ``playout`` calling
  ``core.trick_winner_position`` after each card (``core_winner``);
- ``solve``: exact solutions per second of ``--endings`` random four-trick endings
  (random bids, bag counts, seat to lead), with the legal cards inlined in
  ``_Solver.search`` (``inline``) and with the call to ``core.legal_mask``
  (``core_legal``).

Each variant runs its fixed work ``--repeats`` times, the variants taking turns in
each round, timed in CPU time of this process. The gain of an inlined rule is the
median over the rounds of ``inline rate / core_x rate - 1``, the two rates of the same
round (a paired comparison: a busy machine slows both alike); rates shown are medians.
An inline copy is kept only when its gain is measurable (over 5 %).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import platform
import random
import statistics
import sys
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import spades_desktop.bots.sim as sim_module
from spades_desktop.engine import Rules

Work = Callable[[], int]
"""Runs a fixed piece of work and returns how many hands or endings it played."""

_CHOOSE_INLINE = """    if n:
        legal = hand & _SUIT_MASK[led]
        if not legal:
            legal = hand
    else:
        legal = hand if broken else (hand & SIDE_MASK or hand)
"""
_CHOOSE_CORE = """    legal = legal_mask(hand, _SUIT_MASK[led] if n else 0, broken)
"""

_SEARCH_INLINE = """        if n:
            led = _SUIT_OF[trick[0]]
            legal = hand & _SUIT_MASK[led] or hand
        else:
            legal = hand if broken else (hand & SIDE_MASK or hand)
"""
_SEARCH_CORE = """        legal = legal_mask(hand, _LED_MASK[trick[0]] if n else 0, broken)
"""

_WINNER_INLINE = """        s = _SUIT_OF[card]
        if n == 0:
            led = win_suit = s
            win_card = card
            win_seat = seat
        elif s == win_suit:
            if card > win_card:
                win_card, win_seat = card, seat
        elif s == SPADES:
            win_card, win_suit, win_seat = card, SPADES, seat
"""
_WINNER_CORE = """        s = _SUIT_OF[card]
        if n == 0:
            led = s
        pos = trick_winner_position(trick)
        win_card = trick[pos]
        win_suit = _SUIT_OF[win_card]
        win_seat = (leader + pos) & 3
"""

_IMPORTS = """from spades_desktop.engine.core import LED_MASK, legal_mask, trick_winner_position
"""


SITES: dict[str, tuple[str, str]] = {
    "choose_legal": (_CHOOSE_INLINE, _CHOOSE_CORE),
    "search_legal": (_SEARCH_INLINE, _SEARCH_CORE),
    "playout_winner": (_WINNER_INLINE, _WINNER_CORE),
}
"""Per place in ``sim.py`` where a rule could be inlined: (the inline copy, the call)."""


def _variant(name: str, forms: dict[str, bool]) -> types.ModuleType:
    """A copy of ``bots.sim`` compiled from its source, with the sites named in
    ``forms`` in the inline form (True) or the call form (False), whichever the source
    holds now."""
    # the Python source, also when the imported module is the compiled one (setup.py)
    source = Path(sim_module.__file__).with_name("sim.py").read_text(encoding="utf-8")
    marker = "from collections.abc import Callable, Sequence\n"
    source = source.replace(marker, marker + _IMPORTS, 1)
    for site, inline in forms.items():
        inline_text, core_text = SITES[site]
        want, other = (inline_text, core_text) if inline else (core_text, inline_text)
        if _find_block(source, want) is not None:
            continue
        block = _find_block(source, other)
        if block is None:
            raise SystemExit(f"{site}: neither form of this code is in sim.py any more")
        source = source.replace(block, want, 1)
    spec = importlib.util.spec_from_loader(f"sim_{name}", loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    exec(compile(source, f"<sim {name}>", "exec"), module.__dict__)
    return module


def inlined_now() -> dict[str, bool]:
    """Per site, whether ``sim.py`` holds the inline copy now."""
    # the Python source, also when the imported module is the compiled one (setup.py)
    source = Path(sim_module.__file__).with_name("sim.py").read_text(encoding="utf-8")
    return {site: _find_block(source, text[0]) is not None for site, text in SITES.items()}


def _find_block(source: str, block: str) -> str | None:
    """``block`` as it appears in ``source``, ``# inlines ...`` comment lines allowed
    between its lines; ``None`` when absent."""
    lines = block.splitlines(keepends=True)
    src = source.splitlines(keepends=True)
    for start in range(len(src)):
        i, j, taken = start, 0, []
        while j < len(lines) and i < len(src):
            if src[i] == lines[j]:
                taken.append(src[i])
                i, j = i + 1, j + 1
            elif "# inlines" in src[i] and j > 0:
                taken.append(src[i])
                i += 1
            else:
                break
        if j == len(lines):
            return "".join(taken)
    return None


def playout_work(module: types.ModuleType, seed: int, hands: int) -> Work:
    """``hands`` full hands through ``module.playout``: random deals and bids 0..13,
    the same for every module with the same seed."""
    rng = random.Random(seed)
    deals = []
    for _ in range(hands):
        deck = list(range(52))
        rng.shuffle(deck)
        masks = [0, 0, 0, 0]
        for i, card in enumerate(deck):
            masks[i & 3] |= 1 << card
        deals.append((masks, [rng.randrange(14) for _ in range(4)], rng.randrange(4)))
    playout, bid_info = module.playout, module.BidInfo
    no_blind = (False, False, False, False)
    duck = (True, True)

    def run() -> int:
        for masks, bids, leader in deals:
            playout(list(masks), [], leader, False, [0, 0, 0, 0], bid_info(bids, no_blind),
                    duck)
        return len(deals)

    return run


def solve_work(module: types.ModuleType, seed: int, endings: int) -> Work:
    """``endings`` exact solutions of random four-trick endings (random bids, bag
    counts, leader, spades broken or not) through ``module.solve``."""
    rng = random.Random(seed)
    cases = []
    for _ in range(endings):
        cards = rng.sample(range(52), 16)
        masks = [0, 0, 0, 0]
        for i, card in enumerate(cards):
            masks[i & 3] |= 1 << card
        cases.append((masks, [rng.randrange(1, 5) for _ in range(4)], rng.randrange(2),
                      (rng.randrange(10), rng.randrange(10)), rng.randrange(4),
                      bool(rng.randrange(2))))
    solve, bid_info, utility = module.solve, module.BidInfo, module.Utility

    def run() -> int:
        for masks, bids, team, bags, leader, broken in cases:
            u = utility(team, bid_info(bids, (False,) * 4), scores=(0, 0), bags=bags,
                        terms=Rules().score_terms, bag_weight=5.0)
            solve(masks, [], leader, broken, [2, 2, 3, 2], u)
        return len(cases)

    return run


def measure(works: dict[str, Work], repeats: int) -> tuple[dict[str, float],
                                                             dict[str, float]]:
    """Per variant, its median rate (runs per second of CPU time) over ``repeats`` runs
    of its fixed work, and per variant after the first its median *paired* ratio: the
    first variant's rate over this one's, in the same round. The variants take turns in
    each round (their order rotating), and time is the process's CPU time: other work
    on a busy machine then disturbs the comparison as little as it can."""
    names = list(works)
    rates: dict[str, list[float]] = {name: [] for name in names}
    for run in works.values():  # warm-up: caches
        run()
    for r in range(repeats):
        order = names[r % len(names):] + names[:r % len(names)]
        for name in order:
            start = time.process_time()
            done = works[name]()
            rates[name].append(done / (time.process_time() - start))
    first = names[0]
    median_rate = {name: statistics.median(rates[name]) for name in names}
    ratio = {name: statistics.median(a / b for a, b in zip(rates[first], rates[name],
                                                           strict=True))
             for name in names[1:]}
    return median_rate, ratio


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--repeats", type=int, default=60,
                   help="runs of the fixed work per variant (default 60)")
    p.add_argument("--hands", type=int, default=200, help="play-outs per run (default 200)")
    p.add_argument("--endings", type=int, default=20,
                   help="solved endings per run (default 20)")
    p.add_argument("--seed", type=int, default=1, help="seed of the deals and bids")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)

    inline = _variant("inline", dict.fromkeys(SITES, True))
    playouts, playout_ratio = measure({
        "inline": playout_work(inline, args.seed, args.hands),
        "core_legal": playout_work(
            _variant("core_legal", {"choose_legal": False, "playout_winner": True}),
            args.seed, args.hands),
        "core_winner": playout_work(
            _variant("core_winner", {"choose_legal": True, "playout_winner": False}),
            args.seed, args.hands),
    }, args.repeats)
    solves, solve_ratio = measure({
        "inline": solve_work(inline, args.seed, args.endings),
        "core_legal": solve_work(_variant("core_search", {"search_legal": False}),
                                 args.seed, args.endings),
    }, args.repeats)
    report: dict[str, Any] = {
        "python": platform.python_version(), "machine": platform.machine(),
        "seed": args.seed, "inlined_now": inlined_now(),
        "playout_hands_per_s": {k: round(v, 1) for k, v in playouts.items()},
        "solve_per_s": {k: round(v, 1) for k, v in solves.items()},
        "gain": {
            "choose_legal": round(playout_ratio["core_legal"] - 1, 4),
            "playout_winner": round(playout_ratio["core_winner"] - 1, 4),
            "search_legal": round(solve_ratio["core_legal"] - 1, 4),
        },
    }
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
        return 0
    print(f"Inlined rules in the simulator (Python {report['python']}, {report['machine']}):")
    for group, rows in (("playout hands/s", playouts), ("solve/s", solves)):
        print(f"  {group}: " + ", ".join(f"{k} {v:.0f}" for k, v in rows.items()))
    for name, gain in report["gain"].items():
        now = "inlined in sim.py" if report["inlined_now"][name] else "a call in sim.py"
        print(f"  gain of an inline copy, {name}: {gain * 100:+.1f} % ({now})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
