"""The engine's public functions refuse a wrong type with ``TypeError`` and a value out of
range with ``ValueError`` at their entry, with the same words on the compiled and the
pure-Python path (spades_desktop/engine/checks.py).

Each case is an expression on the engine's public names. It is evaluated here (the path
installed: compiled when built) and in a fresh interpreter whose compiled modules are
imported from their ``.py`` files (:class:`spades_desktop.compiled.SourceOnly`); both must
raise the exception expected, with the same message.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import spades_desktop.engine as engine
from spades_desktop.compiled import core_is_compiled

RunCases = Callable[..., dict[str, list[str]]]

ROOT = Path(__file__).resolve().parents[2]

# Names the expressions use, besides the engine's public ones.
SETUP = """
from spades_desktop.engine import *
from spades_desktop.engine import Card, Seat, Team, Bid, Rules
RULES = Rules()
STATE = new_game(RULES, 7)
AS, KS = parse_card("AS"), parse_card("KS")
BIDS = {seat: Bid(3) for seat in Seat}
TRICKS = {Seat.SOUTH: 4, Seat.WEST: 3, Seat.NORTH: 3, Seat.EAST: 3}
BAGS = {Team.NS: 0, Team.EW: 0}
"""

CASES: dict[str, type[Exception]] = {
    # new_game, replay: the rules and the game number (0 .. 2**64 - 1)
    "new_game(None, 7)": TypeError,
    "new_game({}, 7)": TypeError,
    "new_game(RULES, -1)": ValueError,
    "new_game(RULES, 2**64)": ValueError,
    "new_game(RULES, 1.5)": TypeError,
    "new_game(RULES, True)": TypeError,
    "new_game(RULES, '7')": TypeError,
    "new_game(RULES, 7, [])": TypeError,
    "replay(None, 7, [])": TypeError,
    "replay(RULES, -1, [])": ValueError,
    # a seat is a Seat or 0..3, never a bool
    "observe(STATE, -1)": ValueError,
    "observe(STATE, 4)": ValueError,
    "observe(STATE, True)": TypeError,
    "observe(STATE, 'S')": TypeError,
    "observe(STATE, 0.0)": TypeError,
    "observe(None, 0)": TypeError,
    # card masks: 52 bits
    "list(iter_mask(-1))": ValueError,
    "iter_mask(-1)": ValueError,
    "iter_mask(1 << 56)": ValueError,
    "iter_mask(2**70)": ValueError,
    "iter_mask(1.0)": TypeError,
    "iter_mask(True)": TypeError,
    "mask_to_cards(-1)": ValueError,
    "mask_to_cards(1 << 63)": ValueError,
    "mask_to_cards(True)": TypeError,
    "mask_to_cards(None)": TypeError,
    "cards_to_mask('AS')": TypeError,
    "cards_to_mask([1])": TypeError,
    "cards_to_mask(None)": TypeError,
    "sort_hand([AS, 'KS'])": TypeError,
    "Card.from_index(56)": ValueError,
    "Card.from_index(-1)": ValueError,
    "Card.from_index(True)": TypeError,
    "parse_card(5)": TypeError,
    "parse_action(None)": TypeError,
    "action_to_str('AS')": TypeError,
    "rank_subsets([1] * 12)": ValueError,
    # deals: game 0 .. 2**64 - 1, hand from 1, a dealer seat
    "deal_hands(-1, 1, Seat.EAST)": ValueError,
    "deal_hands(2**64, 1, Seat.EAST)": ValueError,
    "deal_hands(1.0, 1, Seat.EAST)": TypeError,
    "deal_hands(1, 0, Seat.EAST)": ValueError,
    "deal_hands(1, 2**64, Seat.EAST)": ValueError,
    "deal_hands(1, 1, 4)": ValueError,
    "deal_hands(1, 1, None)": TypeError,
    "shuffled_deck(1, 0)": ValueError,
    "shuffled_deck(None, 1)": TypeError,
    "mix_seed(1.5)": TypeError,
    "mix_seed(1, True)": TypeError,
    # bids
    "legal_bids(RULES, (0, 0), -1)": ValueError,
    "legal_bids(RULES, (0, 0), 4)": ValueError,
    "legal_bids(RULES, (0, 0), 0, None)": TypeError,
    "legal_bids(None, (0, 0), 0)": TypeError,
    "legal_bids(RULES, (0,), 0)": TypeError,
    "legal_bids(RULES, (0.5, 0), 0)": TypeError,
    "legal_bids(RULES, (10**10, 0), 0)": ValueError,
    "blind_nil_open(RULES, (0, 0), True, False)": TypeError,
    "blind_nil_open(RULES, 'ab', 0, False)": TypeError,
    # cards: masks, the led suit, the trick in play
    "legal_mask(-1, 0, False)": ValueError,
    "legal_mask(1 << 56, 0, False)": ValueError,
    "legal_mask(2**70, 0, False)": ValueError,
    "legal_mask(1, 5, False)": ValueError,
    "legal_mask(1, 0, 1)": TypeError,
    "legal_mask('1', 0, False)": TypeError,
    "legal_card_mask(AS.bit, ((Seat.WEST, KS), (Seat.NORTH, KS)), False)": ValueError,
    "legal_card_mask(AS.bit, ((Seat.WEST, KS),) * 4, False)": ValueError,
    "legal_card_mask(AS.bit, 'KS', False)": TypeError,
    "legal_card_mask(AS.bit, ((Seat.WEST, 'KS'),), False)": TypeError,
    "legal_card_mask(AS.bit, ((9, KS),), False)": ValueError,
    "legal_card_mask(-1, (), False)": ValueError,
    "legal_card_mask(AS.bit, (), None)": TypeError,
    "trick_winner(())": ValueError,
    "trick_winner([(5, AS)])": ValueError,
    "trick_winner([('S', AS)])": TypeError,
    "trick_winner([(0, AS), (1, KS), (2, parse_card('2C')), (3, parse_card('3C')),"
    " (0, parse_card('4C'))])": ValueError,
    "trick_winner(None)": TypeError,
    # scoring: counts a hand or a game can hold
    "score_hand(None, BIDS, TRICKS, BAGS)": TypeError,
    "score_hand(RULES, [], TRICKS, BAGS)": TypeError,
    "score_hand(RULES, BIDS, {**TRICKS, Seat.SOUTH: 2**40}, BAGS)": ValueError,
    "score_hand(RULES, BIDS, {**TRICKS, Seat.SOUTH: 14}, BAGS)": ValueError,
    "score_hand(RULES, BIDS, TRICKS, {**BAGS, Team.NS: 2**40})": ValueError,
    "decide_game(None, {Team.NS: 0, Team.EW: 0}, 1)": TypeError,
    "decide_game(RULES, [0, 0], 1)": TypeError,
    "decide_game(RULES, {Team.NS: 2**40, Team.EW: 0}, 1)": ValueError,
    "decide_game(RULES, {Team.NS: 0, Team.EW: 0}, -1)": ValueError,
    "decide_game(RULES, {Team.NS: 0, Team.EW: 0}, 1.0)": TypeError,
    # positions
    "apply_action(None, Bid(3))": TypeError,
    "legal_actions(None)": TypeError,
    "explain_illegal(None, Bid(3))": TypeError,
    "state_digest(None)": TypeError,
    "validate_deal(None)": TypeError,
}

@pytest.fixture(scope="module")
def installed(run_cases: RunCases) -> dict[str, list[str]]:
    """Every case on the path installed (compiled where built)."""
    return run_cases(SETUP, list(CASES), pure=False)


@pytest.fixture(scope="module")
def pure(run_cases: RunCases) -> dict[str, list[str]]:
    """Every case with the compiled modules imported from their source."""
    return run_cases(SETUP, list(CASES), pure=True)


@pytest.mark.parametrize("expression", list(CASES))
def test_a_bad_argument_is_refused_at_the_entry(installed: dict[str, list[str]],
                                                expression: str) -> None:
    name, message = installed[expression]
    assert name == CASES[expression].__name__, (name, message)
    assert message.endswith((".", ")")) and len(message) < 200  # one sentence


def test_the_pure_path_refuses_with_the_same_words(installed: dict[str, list[str]],
                                                   pure: dict[str, list[str]]) -> None:
    assert pure == installed


def test_the_cases_ran_on_the_compiled_path_where_it_is_built() -> None:
    """The comparison above is between two paths wherever the core is compiled."""
    out = subprocess.run([sys.executable, "-c", "from spades_desktop.compiled import "
                          "core_is_compiled; print(core_is_compiled())"],
                         capture_output=True, text=True, timeout=60, cwd=ROOT,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert out.stdout.strip() == str(core_is_compiled())


def test_good_arguments_still_pass() -> None:
    state = engine.new_game(engine.Rules(), 7)
    assert engine.observe(state, 0).seat is engine.Seat.SOUTH
    assert engine.observe(state, engine.Seat.EAST).seat is engine.Seat.EAST
    assert list(engine.iter_mask(0)) == []
    assert [str(c) for c in engine.iter_mask(1 | 1 << 51)] == ["2C", "AS"]
    assert engine.deal_hands(2**64 - 1, 1, 3) == engine.deal_hands(2**64 - 1, 1,
                                                                   engine.Seat.EAST)
    ace = engine.parse_card("AS")
    assert engine.legal_mask(ace.bit, 0, False) == ace.bit  # only spades: may lead one
    assert engine.trick_winner([(1, ace)]) is engine.Seat.WEST
    assert len(engine.legal_bids(engine.Rules(), [0, 0], 2)) == 14
