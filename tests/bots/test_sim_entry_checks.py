"""The simulator's entry points refuse what is no position before their loops run: the
compiled loops index C arrays of 56 by card (the cards of every deck, docs/rules.md §1,
Deck) and stop when no card is left, so a mask beyond 56 bits, a card index out of
range, overlapping hands or hand sizes that do not match the trick in play would read
past an array or never end (bots/sim.py, ``_check_position``).

Each case runs in a fresh interpreter with a two-minute limit, on the path installed
(compiled where built) and on the pure-Python one; a play-out that never returned would
fail the run. Both must refuse with the exception expected. The compiled functions take
some arguments as C integers: a value beyond 64 bits is an ``OverflowError`` there,
before any check (also a refusal, never a read past an array), so such cases only ask
for a refusal.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

RunCases = Callable[..., dict[str, list[str]]]

SETUP = """
from spades_desktop.engine import Rules
from spades_desktop.bots.sim import (BidInfo, TrickCount, Utility, distinct_moves,
    double_dummy, mask_cards, playout, policy_card, solve)
INFO = BidInfo([3, 3, 3, 3], [False] * 4)
UTILITY = Utility(0, INFO, (0, 0), (0, 0), Rules().score_terms, 1.0)
def hands(*masks):
    return list(masks)
# a real two-trick ending: each seat holds two cards, West leads
H = [1 << 0 | 1 << 1, 1 << 13 | 1 << 14, 1 << 26 | 1 << 27, 1 << 39 | 1 << 40]
"""

CASES: dict[str, type[Exception]] = {
    # masks beyond 56 bits: a play-out that never ended, a read past the tables
    "playout([H[0] | 1 << 56, H[1], H[2], H[3]], [], 1, False, [0] * 4, INFO, [False] * 2)":
        ValueError,
    "playout([H[0] | 1 << 60, H[1], H[2], H[3]], [], 1, False, [0] * 4, INFO, [False] * 2)":
        ValueError,
    "playout([-1, H[1], H[2], H[3]], [], 1, False, [0] * 4, INFO, [False] * 2)": ValueError,
    "playout([1.0, H[1], H[2], H[3]], [], 1, False, [0] * 4, INFO, [False] * 2)": TypeError,
    "playout(H[:3], [], 1, False, [0] * 4, INFO, [False] * 2)": ValueError,
    # overlapping hands, sizes that are no position, a bad trick or leader
    "playout([H[0], H[0], H[2], H[3]], [], 1, False, [0] * 4, INFO, [False] * 2)": ValueError,
    "playout([H[0], 1 << 13, H[2], H[3]], [], 1, False, [0] * 4, INFO, [False] * 2)":
        ValueError,
    "playout([1 << 0, 1 << 13, H[2], H[3]], [14], 1, False, [0] * 4, INFO, [False] * 2)":
        ValueError,
    "playout([1 << 0, H[1], H[2], H[3]], [56], 1, False, [0] * 4, INFO, [False] * 2)":
        ValueError,
    "playout(list(H), [-1], 1, False, [0] * 4, INFO, [False] * 2)": ValueError,
    "playout(list(H), [1], 1, False, [0] * 4, INFO, [False] * 2)": ValueError,
    "playout(list(H), [2, 3, 4, 5], 1, False, [0] * 4, INFO, [False] * 2)": ValueError,
    "playout(list(H), [], 4, False, [0] * 4, INFO, [False] * 2)": ValueError,
    "playout(list(H), [], -1, False, [0] * 4, INFO, [False] * 2)": ValueError,
    "policy_card(1, [1 << 56, H[1], H[2], H[3]], [], 1, False, [0] * 4, INFO, [False] * 2)":
        ValueError,
    "policy_card(2, list(H), [], 1, False, [0] * 4, INFO, [False] * 2)": ValueError,
    "policy_card(1, [H[0], 0, H[2], H[3]], [], 1, False, [0] * 4, INFO, [False] * 2)":
        ValueError,
    "solve([H[0] | 1 << 56, H[1], H[2], H[3]], [], 1, False, [0] * 4, UTILITY)": ValueError,
    "solve(list(H), [60], 1, False, [0] * 4, UTILITY)": ValueError,
    "double_dummy([H[0] | 1 << 56, H[1], H[2], H[3]], [], 1, False, 0)": ValueError,
    "double_dummy([H[0], H[0], H[2], H[3]], [], 1, False, 0)": ValueError,
    "distinct_moves(1 << 56, 1 << 56, 1 << 56)": ValueError,
    "distinct_moves(-1, 1, 1)": ValueError,
    "distinct_moves(1, 2, 3)": ValueError,
    "distinct_moves(2, 2, 1)": ValueError,
    "distinct_moves('1', 1, 1)": TypeError,
    "mask_cards(1 << 56)": ValueError,
    "mask_cards(-1)": ValueError,
    "mask_cards(None)": TypeError,
}

# Refused on both paths; the compiled one may say OverflowError (a C integer argument).
BEYOND_64_BITS = [
    "distinct_moves(2**70, 1, 1)",
    "playout(list(H), [], 2**70, False, [0] * 4, INFO, [False] * 2)",
]

# The same positions, real ones, still play.
GOOD = [
    "playout(list(H), [], 1, False, [0] * 4, INFO, [False] * 2)",
    "policy_card(1, list(H), [], 1, False, [0] * 4, INFO, [False] * 2)",
    "solve(list(H), [], 1, False, [0] * 4, UTILITY)",
    "double_dummy(list(H), [], 1, False, 0)",
    "double_dummy([H[0], 1 << 14, H[2], H[3]], [13], 1, False, 1)",
    "distinct_moves(H[0], H[0], H[0] | H[1])",
    "mask_cards(H[0] | H[3])",
    # the trumps above the ace of a joker deck (cards 52..55) are cards like any other
    "playout([H[0], H[1], H[2], 1 << 39 | 1 << 55], [], 1, False, [0] * 4, INFO, [False] * 2)",
    "solve([H[0], H[1], H[2], 1 << 52 | 1 << 54], [], 1, False, [0] * 4, UTILITY)",
    "distinct_moves(1 << 55 | 1 << 53, 1 << 55 | 1 << 53, 1 << 55 | 1 << 54 | 1 << 53)",
    "mask_cards(1 << 52 | 1 << 55)",
]


@pytest.fixture(scope="module", params=[False, True], ids=["installed", "pure"])
def outcomes(request: pytest.FixtureRequest, run_cases: RunCases) -> dict[str, list[str]]:
    return run_cases(SETUP, [*CASES, *BEYOND_64_BITS, *GOOD], pure=request.param)


@pytest.mark.parametrize("expression", list(CASES))
def test_no_position_is_refused_before_the_loops(outcomes: dict[str, list[str]],
                                                 expression: str) -> None:
    name, message = outcomes[expression]
    assert name == CASES[expression].__name__, (name, message)
    assert message.endswith(".")


@pytest.mark.parametrize("expression", BEYOND_64_BITS)
def test_a_number_beyond_64_bits_is_refused(outcomes: dict[str, list[str]],
                                            expression: str) -> None:
    assert outcomes[expression][0] in ("ValueError", "OverflowError")


@pytest.mark.parametrize("expression", GOOD)
def test_real_positions_still_play(outcomes: dict[str, list[str]], expression: str) -> None:
    assert outcomes[expression] == ["returned", ""]
