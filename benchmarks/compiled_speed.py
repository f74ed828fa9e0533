"""The compiled rules core and simulator against their pure-Python source, in one run.

    python benchmarks/compiled_speed.py [--repeats 7] [--hands 300] [--endings 20]
                                        [--seed 1] [--json]

``spades_desktop.engine.core`` and ``spades_desktop.bots.sim`` as imported (compiled
by setup.py when the install had a C compiler) are measured against the same ``.py``
files loaded again as plain Python modules (``importlib``'s ``SourceFileLoader``, the
pure simulator on the pure core, as ``tests/test_compiled_core.py`` does), on the same
seeded work:

- ``playout``: full hands per second through ``sim.playout`` (the Expert's rollouts):
  ``--hands`` random deals, random bids 0..13, ducking on (target: compiled >= 10x);
- ``solve``: exact four-trick endings per second through ``sim.solve`` (the Expert's
  endgame), ``--endings`` random ones with random bids and bags;
- ``double_dummy``: six-trick double-dummy counts per second (the coach's review);
- ``legal_mask``: calls per second of ``core.legal_mask`` from Python;
- ``checked``: random full hands per second through the public, checked engine API
  (``new_game`` / ``legal_actions`` / ``apply_action``, games to 500, a new game when
  one ends; the policy is ``random.Random(seed).choice``, as in ``engine_speed.py``).
  Each path runs in a child process of its own: the compiled one as installed, the
  pure one with every module of ``spades_desktop.compiled.COMPILED_MODULES`` imported
  from its ``.py`` (an import hook; the child checks that none is compiled), so the
  whole engine is pure there, as in a pure-Python install.

Each runs its fixed work ``--repeats`` times per path, the two paths taking turns, in
CPU time (of this process, or of the child); the ratio is the median over the rounds
of compiled rate / pure rate in the same round. Exits 2 when the modules are not
compiled.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import subprocess
import sys
import time
import types
from collections.abc import Callable
from importlib.machinery import SourceFileLoader
from importlib.util import module_from_spec, spec_from_loader
from pathlib import Path

# Only this module is imported here: the engine and the simulator are imported when
# needed, so that the pure child of the "checked" measurement can hook their import.
from spades_desktop.compiled import (
    SourceOnly,
    compiled_modules,
    core_is_compiled,
)

Work = Callable[[], int]

STANDARD_TERMS = (10, 100, 100, False, False)
"""The standard game's scoring options (``Rules().score_terms``), written out so that the
engine is imported only when needed."""


def _load(name: str, path: Path) -> types.ModuleType:
    loader = SourceFileLoader(name, str(path))
    spec = spec_from_loader(name, loader)
    assert spec is not None
    module = module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    return module


def pure_modules() -> tuple[types.ModuleType, types.ModuleType]:
    """The pure-Python core and simulator (the simulator on the pure core)."""
    import spades_desktop.bots.sim as compiled_sim
    import spades_desktop.engine.core as compiled_core

    core = _load("bench_pure_core", Path(compiled_core.__file__).with_name("core.py"))
    saved = sys.modules["spades_desktop.engine.core"]
    sys.modules["spades_desktop.engine.core"] = core
    try:
        sim = _load("bench_pure_sim", Path(compiled_sim.__file__).with_name("sim.py"))
    finally:
        sys.modules["spades_desktop.engine.core"] = saved
    return core, sim


def _deal(rng: random.Random, tricks: int) -> list[int]:
    masks = [0, 0, 0, 0]
    for i, card in enumerate(rng.sample(range(52), 4 * tricks)):
        masks[i & 3] |= 1 << card
    return masks


def works(core: types.ModuleType, sim: types.ModuleType, args: argparse.Namespace
          ) -> dict[str, Work]:
    rng = random.Random(args.seed)
    deals = [(_deal(rng, 13), [rng.randrange(14) for _ in range(4)], rng.randrange(4))
             for _ in range(args.hands)]
    endings = [(_deal(rng, 4), [rng.randrange(1, 5) for _ in range(4)], rng.randrange(2),
                (rng.randrange(10), rng.randrange(10)), rng.randrange(4),
                bool(rng.randrange(2))) for _ in range(args.endings)]
    six = [(_deal(rng, 6), rng.randrange(4), bool(rng.randrange(2)))
           for _ in range(max(1, args.endings // 2))]
    masks = [(rng.getrandbits(52) & rng.getrandbits(52),
              core.SUIT_MASK[rng.randrange(4)] if rng.randrange(4) else 0,
              bool(rng.randrange(2))) for _ in range(20_000)]
    no_blind = (False, False, False, False)

    def playout() -> int:
        for hands, bids, leader in deals:
            sim.playout(list(hands), [], leader, False, [0, 0, 0, 0],
                        sim.BidInfo(bids, no_blind), (True, True))
        return len(deals)

    def solve() -> int:
        for hands, bids, team, bags, leader, broken in endings:
            u = sim.Utility(team, sim.BidInfo(bids, no_blind), scores=(0, 0), bags=bags,
                            terms=STANDARD_TERMS, bag_weight=5.0)
            sim.solve(hands, [], leader, broken, [2, 2, 3, 2], u)
        return len(endings)

    def double_dummy() -> int:
        for hands, leader, broken in six:
            sim.double_dummy(hands, [], leader, broken, 0)
        return len(six)

    def legal() -> int:
        legal_mask = core.legal_mask
        for hand, led, broken in masks:
            legal_mask(hand, led, broken)
        return len(masks)

    return {"playout": playout, "solve": solve, "double_dummy": double_dummy,
            "legal_mask": legal}


def checked_worker(pure: bool, hands: int, seed: int) -> float:
    """Random full hands per CPU second through the checked API, in this process (pure:
    every compiled module imported from its source; raises ``RuntimeError`` if one is
    still compiled)."""
    if pure:
        sys.meta_path.insert(0, SourceOnly())
    from spades_desktop.engine import Rules, apply_action, legal_actions, new_game

    if any(compiled_modules().values()) if pure else not core_is_compiled():
        raise RuntimeError(f"not the {'pure' if pure else 'compiled'} path: "
                           f"{compiled_modules()}")
    rng = random.Random(seed)
    rules = Rules(target_score=500)
    game = 0
    start = time.process_time()
    state = new_game(rules, game)
    for _ in range(hands):
        for _ in range(56):  # four bids and 52 cards (Blind Nil is off)
            state = apply_action(state, rng.choice(legal_actions(state)))
        if state.is_terminal:
            game += 1
            state = new_game(rules, game)
    return hands / (time.process_time() - start)


def _checked_work(pure: bool, hands: int, seed: int) -> Callable[[], float]:
    def run() -> float:
        out = subprocess.run([sys.executable, __file__, "--checked-worker",
                              "pure" if pure else "compiled", "--hands", str(hands),
                              "--seed", str(seed)],
                             capture_output=True, text=True, check=True)
        return float(out.stdout)
    return run


def measure_rates(pure: Callable[[], float], compiled: Callable[[], float], repeats: int
                  ) -> tuple[float, float, float]:
    """:func:`measure` for works that return their own rate."""
    rates: dict[str, list[float]] = {"pure": [], "compiled": []}
    for r in range(repeats):
        pair = [("pure", pure), ("compiled", compiled)]
        for name, work in pair if r % 2 == 0 else pair[::-1]:
            rates[name].append(work())
    ratio = statistics.median(c / p for p, c in zip(rates["pure"], rates["compiled"],
                                                     strict=True))
    return statistics.median(rates["pure"]), statistics.median(rates["compiled"]), ratio


def measure(pure: Work, compiled: Work, repeats: int) -> tuple[float, float, float]:
    """(pure rate, compiled rate, median paired ratio compiled / pure)."""
    pure()
    compiled()
    rates: dict[str, list[float]] = {"pure": [], "compiled": []}
    for r in range(repeats):
        pair = [("pure", pure), ("compiled", compiled)]
        for name, work in pair if r % 2 == 0 else pair[::-1]:
            start = time.process_time()
            done = work()
            rates[name].append(done / (time.process_time() - start))
    ratio = statistics.median(c / p for p, c in zip(rates["pure"], rates["compiled"],
                                                     strict=True))
    return statistics.median(rates["pure"]), statistics.median(rates["compiled"]), ratio


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--repeats", type=int, default=7, help="rounds per path (default 7)")
    p.add_argument("--hands", type=int, default=300, help="play-outs per run (default 300)")
    p.add_argument("--endings", type=int, default=20, help="endings per run (default 20)")
    p.add_argument("--seed", type=int, default=1, help="seed of the deals")
    p.add_argument("--checked-hands", type=int, default=1000,
                   help="full hands through the checked API per run (default 1000)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--checked-worker", choices=("pure", "compiled"), help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.checked_worker:  # a child of the checked measurement: print its rate
        print(checked_worker(args.checked_worker == "pure", args.hands, args.seed))
        return 0
    if not core_is_compiled():
        print("The rules core is not compiled here (pure-Python install): nothing to "
              "compare. Build it with `pip install -e .`.", file=sys.stderr)
        return 2
    core, sim = pure_modules()
    pure_works = works(core, sim, args)
    import spades_desktop.bots.sim as compiled_sim
    import spades_desktop.engine.core as compiled_core

    compiled_works = works(compiled_core, compiled_sim, args)
    rows = {}
    for name in pure_works:
        rate_p, rate_c, ratio = measure(pure_works[name], compiled_works[name], args.repeats)
        rows[name] = {"pure_per_s": round(rate_p, 1), "compiled_per_s": round(rate_c, 1),
                      "ratio": round(ratio, 2)}
    rate_p, rate_c, ratio = measure_rates(
        _checked_work(True, args.checked_hands, args.seed),
        _checked_work(False, args.checked_hands, args.seed), args.repeats)
    rows["checked"] = {"pure_per_s": round(rate_p, 1), "compiled_per_s": round(rate_c, 1),
                       "ratio": round(ratio, 2)}
    report = {"python": platform.python_version(), "machine": platform.machine(),
              "seed": args.seed, "work": rows}
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
        return 0
    print(f"Compiled vs pure-Python rules core (Python {report['python']}, "
          f"{report['machine']}, CPU time, median of {args.repeats} paired rounds):")
    for name, row in rows.items():
        target = "  (target >= 10x)" if name == "playout" else ""
        print(f"  {name:<13} pure {row['pure_per_s']:>10.0f}/s   compiled "
              f"{row['compiled_per_s']:>10.0f}/s   {row['ratio']:.2f}x{target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
