"""fallback_action: the move played for a computer player whose answer cannot be used
(docs/rules.md §6). Expected actions are worked by hand from the advice's counting
(docs/rules.md §7) and the rollout policy's rules (``bots/sim.py``, ``policy_card``)."""

from __future__ import annotations

import dataclasses

import pytest

from spades_desktop.bots import fallback_action, make_bot, recommend_bid
from spades_desktop.engine import (
    Bid,
    Card,
    GameState,
    Phase,
    Rules,
    Seat,
    Suit,
    apply_action,
    new_game,
    observe,
)

from .play import deal, position

# One fixed deal (all 52 cards named). West holds three hearts, East none.
HANDS = deal(
    south="9H 6H 2S 3S 7S 2C 3C 4C 8D 9D 10D JD QD",
    west="10H 8H 2H AS 5C 6C 7C 8C 2D 3D 4D 5D 6D",
    north="3H 4H 5H 7H JH QH KH AH 9C 10C JC QC 7D",
    east="4S 5S 6S 8S 9S 10S JS QS KS KC AC KD AD",
)


def test_the_fixed_deal_is_complete() -> None:
    assert sorted(len(h) for h in HANDS.values()) == [13, 13, 13, 13]
    assert len({c for h in HANDS.values() for c in h}) == 52


# -- bidding -------------------------------------------------------------------------------
def _south_bidding(hand: str) -> GameState:
    """South bids first in hand 1 (East deals, docs/rules.md §1)."""
    return position(deal(south=hand), [])


def test_bids_the_advice_not_nil() -> None:
    """♠A 1 + ♥A 1, three spades (no length trick), no short suit: 2 (as the advice
    counts it); the first legal bid would be Nil."""
    view = observe(_south_bidding("AS 5S 3S AH 7H 4H 2H 9C 6C 3C 8D 5D 2D"), Seat.SOUTH)
    assert view.legal[0] == Bid(0)
    assert fallback_action(view) == Bid(2)


def test_bids_nil_only_when_the_advice_does() -> None:
    """No ace, two low spades, the ♣K guarded by three: the advice says Nil."""
    view = observe(_south_bidding("7S 4S JH 8H 5H 2H KC 9C 6C 3C 10D 6D 4D"), Seat.SOUTH)
    assert recommend_bid(view)[0] == Bid(0)
    assert fallback_action(view) == Bid(0)


def test_never_bids_blind_nil() -> None:
    """Even with Blind Nil open to the seat, the Nil-fit hand bids Nil, not Blind Nil."""
    view = observe(_south_bidding("7S 4S JH 8H 5H 2H KC 9C 6C 3C 10D 6D 4D"), Seat.SOUTH)
    blind = Bid(0, blind=True)
    view = dataclasses.replace(view, legal=(blind, *view.legal), blind_nil_allowed=True)
    assert fallback_action(view) == Bid(0)


def test_an_advice_outside_legal_takes_the_closest_bid_of_tricks() -> None:
    """The advice (2) is not legal here: 4 is the closest bid of tricks; Nil and Blind Nil
    only when no bid of tricks is left, Nil before Blind Nil."""
    view = observe(_south_bidding("AS 5S 3S AH 7H 4H 2H 9C 6C 3C 8D 5D 2D"), Seat.SOUTH)
    blind = Bid(0, blind=True)
    assert fallback_action(dataclasses.replace(
        view, legal=(Bid(0), blind, Bid(4), Bid(6)))) == Bid(4)
    assert fallback_action(dataclasses.replace(
        view, legal=(Bid(0), blind, Bid(1), Bid(3)))) == Bid(1)  # a tie goes to the lower
    assert fallback_action(dataclasses.replace(view, legal=(blind, Bid(0)))) == Bid(0)


# -- playing -------------------------------------------------------------------------------
def test_leads_low_from_the_longest_side_suit_not_a_spade() -> None:
    """South leads trick 1 (spades not broken, no side master: ♦Q is under ♦K ♦A still
    out): low from the longest side suit, diamonds (5 cards) → 8♦."""
    state = position(HANDS, [2, 2, 2, 2])
    assert fallback_action(observe(state, Seat.SOUTH)) == Card(Suit.DIAMONDS, 8)


def test_follows_suit_second_hand_low() -> None:
    """South leads 9♥; West (taking) holds 10♥ 8♥ 2♥ — the 10♥ wins but is no master
    (J♥–A♥ are out): second hand low, 2♥. An off-suit card is never chosen."""
    state = position(HANDS, [2, 2, 2, 2, "9H"])
    view = observe(state, Seat.WEST)
    card = fallback_action(view)
    assert card == Card(Suit.HEARTS, 2)
    assert card in view.legal and all(c.suit is Suit.HEARTS for c in view.legal)


def test_third_hand_overtakes_its_partner_with_its_cheapest_master() -> None:
    """9♥ 2♥: North's partner South wins, but the 10♥ is still out; North's J♥ is a
    master (Q♥ K♥ A♥ are its own): it overtakes with the J♥, not its low 3♥."""
    state = position(HANDS, [2, 2, 2, 2, "9H", "2H"])
    assert fallback_action(observe(state, Seat.NORTH)) == Card(Suit.HEARTS, 11)


def test_a_nil_bidder_plays_its_highest_card_under_the_trick() -> None:
    """The same trick with West on Nil: the highest heart below 9♥, 8♥."""
    state = position(HANDS, [2, 0, 2, 2, "9H"])
    assert fallback_action(observe(state, Seat.WEST)) == Card(Suit.HEARTS, 8)


def test_last_hand_void_trumps_with_its_lowest_spade() -> None:
    """9♥ 2♥ 3♥: South (an opponent of East) wins; East, last to play and out of hearts,
    takes it with its cheapest winner, the 4♠."""
    state = position(HANDS, [2, 2, 2, 2, "9H", "2H", "3H"])
    assert fallback_action(observe(state, Seat.EAST)) == Card(Suit.SPADES, 4)


def test_a_policy_card_outside_legal_is_replaced_by_a_legal_one() -> None:
    """If ``legal`` leaves out the policy's 2♥ (rules disagreeing), the policy chooses
    among the legal cards only: from 10♥ and 8♥, second hand low, 8♥."""
    state = position(HANDS, [2, 2, 2, 2, "9H"])
    view = observe(state, Seat.WEST)
    only = (Card(Suit.HEARTS, 10), Card(Suit.HEARTS, 8))
    assert fallback_action(dataclasses.replace(view, legal=only)) == Card(Suit.HEARTS, 8)


def test_refuses_a_view_that_is_not_to_act() -> None:
    state = position(HANDS, [2, 2, 2, 2, "9H"])
    with pytest.raises(ValueError, match="not South's turn"):
        fallback_action(observe(state, Seat.SOUTH))
    with pytest.raises(TypeError):
        fallback_action(state)  # type: ignore[arg-type]


def test_always_legal_and_the_advice_while_bidding_over_a_whole_game() -> None:
    """Every position of a game (Easy bots playing): the fallback is legal, bids the
    advice (never Blind Nil), and is the same for the same view."""
    rules = Rules(target_score=200, blind_nil=True)
    bots = {seat: make_bot("easy") for seat in Seat}
    state = new_game(rules, 41)
    bids = cards_played = 0
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        view = observe(state, seat)
        action = fallback_action(view)
        assert action in view.legal
        assert fallback_action(view) == action
        if view.phase is Phase.BIDDING:
            assert action == recommend_bid(view)[0]
            bids += 1
        else:
            cards_played += 1
        state = apply_action(state, bots[seat].choose_action(view, 41))
    assert bids >= 4 and cards_played >= 52
