"""The compiled rules core and simulator give the same results as their Python source.

``spades_desktop/engine/core.py`` and ``spades_desktop/bots/sim.py`` are compiled by
Cython when the project is installed with a C compiler (setup.py). This test loads the
same ``.py`` files again as plain Python modules under other names and plays the same
seeded positions through both: legal masks, trick winners, scores, ends of game, the
rollout policy's cards, whole play-outs, exact endgame values and double-dummy counts
must be equal, over 10,000 rollouts and 10,000 solver calls. Skipped when the modules
are not compiled (a pure-Python install: ``SPADES_PURE=1``, or no compiler).
"""

from __future__ import annotations

import random
import sys
import types
from importlib.machinery import SourceFileLoader
from importlib.util import module_from_spec, spec_from_loader
from pathlib import Path

import pytest

import spades_desktop.bots.sim as compiled_sim
import spades_desktop.engine.core as compiled_core
from spades_desktop.compiled import core_is_compiled

pytestmark = pytest.mark.skipif(
    not core_is_compiled(),
    reason="the rules core is not compiled here (pure-Python install: SPADES_PURE=1 or "
           "no C compiler); build it with `pip install -e .` to compare both paths")

ROLLOUTS = 10_000
SOLVER_CALLS = 10_000


def _load(name: str, path: Path) -> types.ModuleType:
    loader = SourceFileLoader(name, str(path))
    spec = spec_from_loader(name, loader)
    assert spec is not None
    module = module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def pure() -> tuple[types.ModuleType, types.ModuleType]:
    """The pure-Python core and simulator, from the same source files; the simulator
    imports the pure core."""
    core_py = Path(compiled_core.__file__).with_name("core.py")
    sim_py = Path(compiled_sim.__file__).with_name("sim.py")
    core = _load("spades_pure_core", core_py)
    saved = sys.modules["spades_desktop.engine.core"]
    sys.modules["spades_desktop.engine.core"] = core
    try:
        sim = _load("spades_pure_sim", sim_py)
    finally:
        sys.modules["spades_desktop.engine.core"] = saved
    assert not core.__file__.endswith(".so") and sim.legal_mask is core.legal_mask
    return core, sim


def test_both_paths_are_loaded(pure: tuple[types.ModuleType, types.ModuleType]) -> None:
    core, sim = pure
    assert Path(core.__file__).suffix == ".py" and Path(sim.__file__).suffix == ".py"
    assert Path(compiled_core.__file__).suffix in (".so", ".pyd")
    assert Path(compiled_sim.__file__).suffix in (".so", ".pyd")


def _deal(rng: random.Random, tricks: int) -> list[int]:
    cards = rng.sample(range(52), 4 * tricks)
    hands = [0, 0, 0, 0]
    for i, card in enumerate(cards):
        hands[i & 3] |= 1 << card
    return hands


def _position(rng: random.Random, core: types.ModuleType, tricks: int
              ) -> tuple[list[int], list[int], int, bool]:
    """Hands of ``tricks`` cards each, then 0 to 3 legal cards of the trick in play."""
    hands = _deal(rng, tricks)
    leader = rng.randrange(4)
    broken = rng.random() < 0.5
    trick: list[int] = []
    for k in range(rng.randrange(4)):
        seat = (leader + k) & 3
        legal = core.legal_mask(hands[seat], core.LED_MASK[trick[0]] if trick else 0, broken)
        card = rng.choice([c for c in range(52) if legal >> c & 1])
        hands[seat] ^= 1 << card
        trick.append(card)
        broken = broken or card >= 39
    return hands, trick, leader, broken


def test_rules_agree(pure: tuple[types.ModuleType, types.ModuleType]) -> None:
    core, _ = pure
    rng = random.Random(2024)
    for _ in range(20_000):
        hand = rng.getrandbits(52) & rng.getrandbits(52)
        led = core.SUIT_MASK[rng.randrange(4)] if rng.random() < 0.75 else 0
        broken = rng.random() < 0.5
        assert compiled_core.legal_mask(hand, led, broken) == core.legal_mask(hand, led,
                                                                              broken)
        cards = rng.sample(range(52), rng.randrange(1, 5))
        leader = rng.randrange(4)
        assert (compiled_core.trick_winner_position(cards)
                == core.trick_winner_position(cards))
        assert (compiled_core.trick_winner_seat(tuple(cards), leader)
                == core.trick_winner_seat(cards, leader))
        args = (rng.randrange(14), rng.random() < 0.5, rng.randrange(14),
                rng.random() < 0.5, rng.randrange(14), rng.randrange(14), rng.randrange(30),
                rng.random() < 0.7)
        assert compiled_core.score_team(*args) == core.score_team(*args)
        end = (rng.choice((300, 500)), rng.choice((None, -200)), rng.randrange(1, 30),
               rng.randrange(-400, 700), rng.randrange(-400, 700), rng.randrange(30))
        assert compiled_core.game_over(*end) == core.game_over(*end)
    with pytest.raises(IndexError):
        compiled_core.trick_winner_position([])


def test_rollouts_agree(pure: tuple[types.ModuleType, types.ModuleType]) -> None:
    core, sim = pure
    rng = random.Random(7)
    for _ in range(ROLLOUTS):
        hands, trick, leader, broken = _position(rng, core, rng.randrange(1, 14))
        bids = [rng.randrange(14) for _ in range(4)]
        blind = [b == 0 and rng.random() < 0.3 for b in bids]
        won = [rng.randrange(3) for _ in range(4)]
        duck = (rng.random() < 0.5, rng.random() < 0.5)
        seat = (leader + len(trick)) & 3
        cards = [sim.policy_card(seat, hands, trick, leader, broken, won,
                                 sim.BidInfo(bids, blind), duck)
                 for sim in (sim, compiled_sim)]
        assert cards[0] == cards[1]
        results = []
        for module in (sim, compiled_sim):
            h, t, w = list(hands), list(trick), list(won)
            module.playout(h, t, leader, broken, w, module.BidInfo(bids, blind), duck)
            info = module.BidInfo(bids, blind)
            results.append((h, t, w, module.team_results(info, w, (3, 8), True),
                            module.mask_cards(hands[seat]),
                            module.distinct_moves(hands[seat], hands[seat],
                                                  hands[0] | hands[1] | hands[2] | hands[3])))
        assert results[0] == results[1]


def test_solver_calls_agree(pure: tuple[types.ModuleType, types.ModuleType]) -> None:
    core, sim = pure
    rng = random.Random(11)
    for i in range(SOLVER_CALLS):
        hands, trick, leader, broken = _position(rng, core, rng.randrange(1, 4))
        bids = [rng.randrange(5) for _ in range(4)]
        blind = [b == 0 and rng.random() < 0.3 for b in bids]
        team = rng.randrange(2)
        if i % 4 == 3:
            values = [m.double_dummy(hands, trick, leader, broken, team)
                      for m in (sim, compiled_sim)]
        else:
            won = [rng.randrange(4) for _ in range(4)]
            weight = rng.choice((0, 1, 2.5, 10))
            bonus = rng.choice((0.0, 50.0))
            bags = (rng.randrange(10), 9)
            values = [m.solve(list(hands), list(trick), leader, broken, list(won),
                              m.Utility(team, m.BidInfo(bids, blind), (420, 380), bags, True,
                                        weight, bonus, last_hand=i % 2 == 0))
                      for m in (sim, compiled_sim)]
        assert values[0] == values[1]
        assert type(values[0]) is type(values[1])


def test_the_compiled_modules_have_no_doctests_to_lose() -> None:
    """pytest does not collect engine/core.py and bots/sim.py for doctests (pyproject:
    their compiled .so would clash with the .py); that is only right while they have
    no docstring examples."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "spades_desktop"
    for module in ("engine/core.py", "bots/sim.py"):
        assert ">>>" not in (root / module).read_text(encoding="utf-8"), module
