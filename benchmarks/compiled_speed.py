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
- ``legal_mask``: calls per second of ``core.legal_mask`` from Python.

Each runs its fixed work ``--repeats`` times per path, the two paths taking turns, in
CPU time of this process; the ratio is the median over the rounds of compiled rate /
pure rate in the same round. Exits 2 when the modules are not compiled.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
import types
from collections.abc import Callable
from importlib.machinery import SourceFileLoader
from importlib.util import module_from_spec, spec_from_loader
from pathlib import Path

import spades_desktop.bots.sim as compiled_sim
import spades_desktop.engine.core as compiled_core
from spades_desktop.compiled import core_is_compiled

Work = Callable[[], int]


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
                            bag_penalty=True, bag_weight=5.0)
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
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)
    if not core_is_compiled():
        print("The rules core is not compiled here (pure-Python install): nothing to "
              "compare. Build it with `pip install -e .`.", file=sys.stderr)
        return 2
    core, sim = pure_modules()
    pure_works = works(core, sim, args)
    compiled_works = works(compiled_core, compiled_sim, args)
    rows = {}
    for name in pure_works:
        rate_p, rate_c, ratio = measure(pure_works[name], compiled_works[name], args.repeats)
        rows[name] = {"pure_per_s": round(rate_p, 1), "compiled_per_s": round(rate_c, 1),
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
