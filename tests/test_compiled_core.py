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

import ast
import random
import sys
import types
from collections.abc import Callable
from pathlib import Path

import pytest

import spades_desktop.bots.sim as compiled_sim
import spades_desktop.engine.core as compiled_core
from spades_desktop.compiled import core_is_compiled

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(
    not core_is_compiled(),
    reason="the rules core is not compiled here (pure-Python install: SPADES_PURE=1 or "
           "no C compiler); build it with `pip install -e .` to compare both paths")

ROLLOUTS = 10_000
SOLVER_CALLS = 10_000


@pytest.fixture(scope="module")
def pure(load_source: Callable[[str, Path], types.ModuleType]
         ) -> tuple[types.ModuleType, types.ModuleType]:
    """The pure-Python core and simulator, from the same source files; the simulator
    imports the pure core."""
    core_py = Path(compiled_core.__file__).with_name("core.py")
    sim_py = Path(compiled_sim.__file__).with_name("sim.py")
    core = load_source("spades_pure_core", core_py)
    saved = sys.modules["spades_desktop.engine.core"]
    sys.modules["spades_desktop.engine.core"] = core
    try:
        sim = load_source("spades_pure_sim", sim_py)
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
    """Hands of ``tricks`` cards each from a deck drawn at random (docs/rules.md, Deck)."""
    from spades_desktop.engine import DECK_CARDS
    deck = [card.index for card in rng.choice(DECK_CARDS)]
    cards = rng.sample(deck, 4 * tricks)
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
        card = rng.choice([c for c in range(56) if legal >> c & 1])
        hands[seat] ^= 1 << card
        trick.append(card)
        broken = broken or card >= 39
    return hands, trick, leader, broken


def test_rules_agree(pure: tuple[types.ModuleType, types.ModuleType]) -> None:
    core, _ = pure
    rng = random.Random(2024)
    for _ in range(20_000):
        hand = rng.getrandbits(56) & rng.getrandbits(56)  # the trumps of a joker deck too
        led = core.SUIT_MASK[rng.randrange(4)] if rng.random() < 0.75 else 0
        broken = rng.random() < 0.5
        assert compiled_core.legal_mask(hand, led, broken) == core.legal_mask(hand, led,
                                                                              broken)
        cards = rng.sample(range(56), rng.randrange(1, 5))
        leader = rng.randrange(4)
        assert (compiled_core.trick_winner_position(cards)
                == core.trick_winner_position(cards))
        assert (compiled_core.trick_winner_seat(tuple(cards), leader)
                == core.trick_winner_seat(cards, leader))
        args = (rng.randrange(14), rng.random() < 0.5, rng.randrange(14),
                rng.random() < 0.5, rng.randrange(14), rng.randrange(14), rng.randrange(30),
                rng.choice((0, 5, 7, 10)), rng.choice((50, 100)), rng.choice((50, 100)),
                rng.random() < 0.3, rng.random() < 0.3)
        assert compiled_core.score_team(*args) == core.score_team(*args)
        counted = (args[0], args[2], args[4], args[5], args[10])
        assert (compiled_core.contract_tricks_of(*counted)
                == core.contract_tricks_of(*counted))
        end = (rng.choice((300, 500)), rng.choice((None, -200)), rng.randrange(1, 30),
               rng.randrange(-400, 700), rng.randrange(-400, 700), rng.randrange(30),
               rng.choice((-1, -1, 0, 1)))
        assert compiled_core.game_over(*end) == core.game_over(*end)
        bidding = (rng.randrange(4), rng.choice((0, 4)), rng.randrange(-1, 14))
        spades = rng.randrange(14)
        assert (compiled_core.legal_bid_mask(*bidding, spades)
                == core.legal_bid_mask(*bidding, spades))
        assert compiled_core.blind_nil_offered(*bidding) == core.blind_nil_offered(*bidding)
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
        terms = (rng.choice((0, 5, 10)), 100, rng.choice((50, 100)), rng.random() < 0.3,
                 rng.random() < 0.3)
        for module in (sim, compiled_sim):
            h, t, w = list(hands), list(trick), list(won)
            module.playout(h, t, leader, broken, w, module.BidInfo(bids, blind), duck)
            info = module.BidInfo(bids, blind)
            results.append((h, t, w, module.team_results(info, w, (3, 8), terms),
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
            terms = (rng.choice((0, 7, 10)), rng.choice((50, 100)), rng.choice((50, 100)),
                     rng.random() < 0.3, rng.random() < 0.3)
            values = [m.solve(list(hands), list(trick), leader, broken, list(won),
                              m.Utility(team, m.BidInfo(bids, blind), (420, 380), bags, terms,
                                        weight, bonus, last_hand=i % 2 == 0,
                                        thirteen_wins=i % 3 == 0))
                      for m in (sim, compiled_sim)]
        assert values[0] == values[1]
        assert type(values[0]) is type(values[1])


def _setup_compiled_modules() -> tuple[str, ...]:
    """setup.py's ``COMPILED_MODULES`` (paths), read without running setup.py."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "COMPILED_MODULES" for t in node.targets):
            return tuple(ast.literal_eval(node.value))
    raise AssertionError("setup.py has no COMPILED_MODULES")


def test_the_version_line_checks_the_modules_setup_compiles() -> None:
    from spades_desktop.compiled import COMPILED_MODULES

    assert sorted(_setup_compiled_modules()) == sorted(
        name.replace(".", "/") + ".py" for name in COMPILED_MODULES)


def test_the_compiled_modules_have_no_doctests_to_lose() -> None:
    """pytest does not collect the compiled modules' .py files for doctests (pyproject:
    their compiled .so would clash with the .py); that is only right while they have
    no docstring examples."""
    addopts = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    for module in _setup_compiled_modules():
        assert ">>>" not in (ROOT / module).read_text(encoding="utf-8"), module
        assert f"--ignore={module}" in addopts, module


def test_the_compiled_modules_keep_cythons_index_checks() -> None:
    """setup.py compiles with Cython's boundscheck and wraparound on, and no compiled
    module or its .pxd turns them off (a list or tuple index out of range then raises
    IndexError instead of reading past the end): the suite runs against that build."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    directives = [ast.literal_eval(k.value) for node in ast.walk(tree)
                  if isinstance(node, ast.Call) for k in node.keywords
                  if k.arg == "compiler_directives"]
    assert len(directives) == 1
    assert directives[0]["boundscheck"] is True and directives[0]["wraparound"] is True
    for module in _setup_compiled_modules():
        for path in (ROOT / module, (ROOT / module).with_suffix(".pxd")):
            text = path.read_text(encoding="utf-8")
            assert "boundscheck" not in text and "wraparound" not in text, path


# --- the checked engine: state.py, cards.py and dealing.py ----------------------------------

GAMES = 300


@pytest.fixture(scope="module")
def pure_engine(load_source: Callable[[str, Path], types.ModuleType]
                ) -> tuple[types.ModuleType, types.ModuleType, types.ModuleType]:
    """The pure-Python state, dealing and cards modules, from the same source files, as
    modules of the engine package (so the state uses the engine's cards and rules)."""
    here = Path(compiled_core.__file__).parent
    return tuple(load_source(f"spades_desktop.engine._pure_{name}", here / f"{name}.py")
                 for name in ("state", "dealing", "cards"))  # type: ignore[return-value]


def test_the_engine_modules_are_compiled_here() -> None:
    import spades_desktop.engine.cards as cards
    import spades_desktop.engine.dealing as dealing
    import spades_desktop.engine.state as state

    for module in (state, dealing, cards):
        assert Path(module.__file__).suffix in (".so", ".pyd"), module.__name__


def test_the_classes_filled_from_c_have_plain_constructors() -> None:
    """Compiled, state.py builds hand records, hand scores and score sheets by setting
    their slots from C (``state.pxd``'s ``spades_filled``), past their ``__init__``: that
    equals calling the class only while its ``__init__`` does nothing but set the fields,
    in the order of ``__slots__``."""
    import dataclasses

    from spades_desktop.engine import HandRecord, HandScore, TeamScores

    for cls in (HandRecord, HandScore):
        assert not hasattr(cls, "__post_init__"), cls
        fields = dataclasses.fields(cls)
        assert tuple(f.name for f in fields) == cls.__slots__, cls
        assert all(f.init and f.default_factory is dataclasses.MISSING for f in fields), cls
    # TeamScores (NS, EW) is a plain class whose two slots hold its two arguments.
    ns, ew = object(), object()
    sheet = TeamScores(ns, ew)  # type: ignore[arg-type]
    assert len(TeamScores.__slots__) == 2
    assert list(sheet.values()) == [ns, ew]


def _public(state: object) -> tuple[object, ...]:
    return tuple(getattr(state, name) for name in (
        "rules", "game_number", "hand_number", "dealer", "phase", "current_player",
        "hand_masks", "bid_list", "trick_counts", "current_trick", "tricks", "trick_winners",
        "spades_broken", "score_list", "bag_list", "hand_records", "cards_seen", "result",
        "hand_record", "is_terminal", "leader"))


@pytest.mark.slow
def test_whole_games_agree(pure_engine: tuple[types.ModuleType, ...]) -> None:
    """Seeded random games, Blind Nil on and off, under each bidding style and minimum
    team bid, through the compiled and the pure state:
    the same legal actions, the same refusals of every other action tried, and the same
    position after every action."""
    import spades_desktop.engine.state as compiled_state
    from spades_desktop.engine import DECK, LOOK_AT_HAND, Bid, IllegalActionError, Rules
    from spades_desktop.engine.rules import BIDDING_CHOICES, DECK_CHOICES

    pure_state = pure_engine[0]
    rng = random.Random(5)
    others = [*DECK[::7], Bid(0, blind=True), Bid(3), LOOK_AT_HAND, "7H"]
    actions = 0
    for game in range(GAMES):
        rules = Rules(blind_nil=game % 2 == 0, target_score=rng.choice((250, 500)),
                      bidding=BIDDING_CHOICES[game // 2 % 4], min_team_bid=game // 8 % 2 * 4,
                      deck=DECK_CHOICES[game % 3])
        number = rng.getrandbits(64)
        states = [compiled_state.new_game(rules, number), pure_state.new_game(rules, number)]
        while not states[0].is_terminal:
            legal = [module.legal_actions(state) for module, state
                     in zip((compiled_state, pure_state), states, strict=True)]
            assert legal[0] == legal[1]
            for other in others:
                assert (compiled_state.explain_illegal(states[0], other)
                        == pure_state.explain_illegal(states[1], other))
            illegal = next((o for o in others if o not in legal[0]), None)
            for module, state in zip((compiled_state, pure_state), states, strict=True):
                with pytest.raises((IllegalActionError, ValueError)):
                    module.apply_action(state, illegal)
            action = rng.choice(legal[0])
            states = [compiled_state.apply_action(states[0], action),
                      pure_state.apply_action(states[1], action)]
            assert _public(states[0]) == _public(states[1])
            actions += 1
        assert states[1].is_terminal
    assert actions > 20 * GAMES


def test_deals_agree(pure_engine: tuple[types.ModuleType, ...]) -> None:
    """The compiled shuffle (one draw at a time) and the pure one (all draws at once)."""
    import spades_desktop.engine.dealing as compiled_dealing
    from spades_desktop.engine import Seat

    pure_dealing = pure_engine[1]
    rng = random.Random(9)
    for _ in range(10_000):
        game = rng.choice((rng.getrandbits(64), rng.getrandbits(8),
                           (1 << 64) - 1 - rng.getrandbits(8)))
        hand = rng.randrange(1, 200)
        assert compiled_dealing.mix_seed(game, hand) == pure_dealing.mix_seed(game, hand)
        assert (compiled_dealing.shuffled_indices(game, hand)
                == pure_dealing.shuffled_indices(game, hand))
        dealer = Seat(rng.randrange(4))
        assert (compiled_dealing.deal_masks(game, hand, dealer)
                == pure_dealing.deal_masks(game, hand, dealer))
    assert compiled_dealing.mix_seed(1 << 70, -3) == pure_dealing.mix_seed(1 << 70, -3)


def test_card_lists_agree(pure_engine: tuple[types.ModuleType, ...]) -> None:
    import spades_desktop.engine.cards as compiled_cards

    pure_cards = pure_engine[2]
    rng = random.Random(3)
    for _ in range(20_000):
        mask = rng.getrandbits(56) & rng.getrandbits(56)
        assert ([c.index for c in compiled_cards.mask_to_cards(mask)]
                == [c.index for c in pure_cards.mask_to_cards(mask)])
    for bad, error in ((3.0, TypeError), (-1, ValueError), (1 << 56, ValueError),
                       (1 << 64, ValueError)):
        for module in (compiled_cards, pure_cards):
            with pytest.raises(error):
                module.mask_to_cards(bad)
    assert ([[c.index for c in subset] for subset in compiled_cards.SUIT_CARDS[3]]
            == [[c.index for c in subset] for subset in pure_cards.SUIT_CARDS[3]])
