"""Normal's decisions in set positions (docs/rules.md §6).

Hand 1 of game 1: East deals, so the bidding and the first lead go South, West, North,
East. Each position is reached through the engine from a fixed deal.
"""

from __future__ import annotations

import dataclasses

import pytest

from spades_desktop.bots import NormalBot
from spades_desktop.bots.normal import decide_blind_nil
from spades_desktop.engine import (
    Bid,
    GameState,
    Rules,
    Seat,
    apply_action,
    new_game,
    observe,
    parse_card,
)

from .play import cards, deal, position

NIL_HAND = "7S 4S JH 8H 5H 2H KC 9C 6C 3C 10D 6D 4D"
"""No ace, two low spades, the jack and king well guarded: fit for Nil."""
STRONG_HAND = "AS KS QS 7S 3S AH KH 4H AC 9C 5C 8D 2D"


def _act(state: GameState) -> object:
    seat = state.current_player
    assert seat is not None
    view = observe(state, seat)
    action = NormalBot().choose_action(view, state.game_number)
    assert action in view.legal
    return action


# --- bidding -------------------------------------------------------------------------


def test_bids_nil_on_a_nil_fit_hand() -> None:
    assert _act(position(deal(south=NIL_HAND), [])) == Bid(0)
    assert _act(position(deal(north=NIL_HAND), [3, 2])) == Bid(0)


def test_never_bids_nil_beside_a_partners_nil() -> None:
    state = position(deal(north=NIL_HAND), [0, 2])
    bid = _act(state)
    assert isinstance(bid, Bid) and not bid.is_nil
    assert bid == Bid(1)
    # Nor beside a Blind Nil.
    view = observe(state, Seat.NORTH)
    blind = dataclasses.replace(view, bids={Seat.SOUTH: Bid(0, blind=True), Seat.WEST: Bid(2)})
    bid = NormalBot().choose_action(blind, 1)
    assert isinstance(bid, Bid) and not bid.is_nil


def test_strong_hand_bids_its_tricks_not_nil() -> None:
    bid = _act(position(deal(south=STRONG_HAND), []))
    assert isinstance(bid, Bid)
    # A♠ K♠ Q♠ + 2 length, A♥ K♥, A♣: 8 tricks; a doubleton ♦ with no spare spade: 0.
    assert bid == Bid(8)


def test_blind_nil_only_when_far_behind_from_public_information() -> None:
    rules = Rules(blind_nil=True)
    base = new_game(rules, 4)
    behind_250 = base.replace(score_list=(0, 250))
    behind_150 = base.replace(score_list=(0, 150))
    assert observe(behind_150, Seat.SOUTH).blind_nil_allowed
    assert NormalBot().choose_action(observe(behind_250, Seat.SOUTH), 4) == Bid(0, blind=True)
    assert NormalBot().choose_action(observe(behind_150, Seat.SOUTH), 4) != Bid(0, blind=True)
    # Decided without the hand: any hand gives the same answer.
    view = observe(behind_250, Seat.SOUTH)
    assert decide_blind_nil(dataclasses.replace(view, hand=tuple(cards(STRONG_HAND))))
    # Not beside a partner's Nil.
    after = apply_action(apply_action(behind_250, Bid(0)), Bid(3))
    assert not decide_blind_nil(observe(after, Seat.NORTH))
    assert NormalBot().choose_action(observe(after, Seat.NORTH), 4) != Bid(0, blind=True)


# --- play ----------------------------------------------------------------------------

EAST_HEARTS = "KH 10H 4H AS KS 2S AC KC 3C AD KD 3D 2D"


@pytest.mark.parametrize(("west_bid", "expected"), [(0, "10H"), (2, "4H")])
def test_covers_partners_nil_but_never_overtakes_a_winning_partner(
    west_bid: int, expected: str
) -> None:
    """West's ♥9 is winning; East plays last. Beside West's Nil, East takes the trick with
    its cheapest higher heart (♥10); beside a normal bid it plays low (♥4)."""
    state = position(deal(south="2H", west="9H", north="3H", east=EAST_HEARTS),
                     [3, west_bid, 3, 4, "2H", "9H", "3H"])
    assert state.current_player == Seat.EAST
    assert _act(state) == parse_card(expected)


DUCK_DEAL = {
    "south": "2C 4D KD 2H",
    "west": "AC 2D 6D 4H",
    "north": "3C 3D 7D 9H",
    "east": "4C AD 5D KH 8H 3H AS KS QS JS 10S 9S 8S",
}
DUCK_PLAY = ["2C", "AC", "3C", "4C", "2D", "3D", "AD", "4D", "5D", "KD", "6D", "7D",
             "2H", "4H", "9H"]


@pytest.mark.parametrize(
    ("bids", "expected"),
    [
        # East–West made 1 + 1 and North–South (6 + 6) can no longer make 12: duck,
        # shedding the highest heart that still loses.
        ([6, 1, 6, 1], "8H"),
        # East–West made, but North–South (2 + 2) can still be set: keep winning.
        ([2, 1, 2, 1], "KH"),
        # East–West (3 + 3) still need tricks: win it.
        ([6, 3, 2, 3], "KH"),
    ],
)
def test_ducks_once_the_contract_is_safe(bids: list[int], expected: str) -> None:
    state = position(deal(**DUCK_DEAL), [*bids, *DUCK_PLAY])
    assert state.current_player == Seat.EAST
    assert state.trick_counts == (1, 1, 0, 1)
    assert _act(state) == parse_card(expected)


def test_own_nil_plays_the_highest_card_that_still_loses() -> None:
    """East bid Nil; ♥J is winning; East holds ♥K ♥9 ♥3 and plays ♥9."""
    state = position(deal(south="10H", west="JH", north="2H", east="KH 9H 3H"),
                     [3, 3, 3, 0, "10H", "JH", "2H"])
    assert _act(state) == parse_card("9H")


def test_own_nil_void_throws_the_most_dangerous_card() -> None:
    """East bid Nil and has no heart: it throws its highest card that cannot win."""
    state = position(
        deal(south="10H", west="JH", north="2H", east="AS 3S KC 2C QD 9D 8D 7D 6D 5D 4D 3D 2D"),
        [3, 3, 3, 0, "10H", "JH", "2H"])
    # A♠ or 3♠ would trump and win; K♣ is the highest losing card.
    assert _act(state) == parse_card("KC")


@pytest.mark.parametrize(("west_card", "expected"), [("2H", "3S"), ("AH", "2C")])
def test_trumps_a_needed_trick_but_not_a_winning_partners(
    west_card: str, expected: str
) -> None:
    """East has no heart. With North's ♥J winning, East trumps with its lowest spade;
    with the partner West's ♥A winning, East discards its lowest club instead."""
    state = position(
        deal(south="10H", west=west_card, north="JH",
             east="AS 5S 3S KC 2C QD 9D 8D 7D 6D 5D 4D 3D"),
        [3, 3, 3, 3, "10H", west_card, "JH"])
    assert _act(state) == parse_card(expected)


# --- the joker decks (docs/rules.md §1, Deck) ------------------------------------------

SOUTH_HEARTS = "AS 3S 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH"


@pytest.mark.parametrize(("deck", "east", "expected"), [
    ("standard", "KS QS JS 10S 9S 8S 7S 6S 5S 4S 2S 2C 3C", "AS"),
    ("joker-joker", "BJ LJ KS QS JS 10S 9S 8S 7S 6S 5S 4S 2S", "3S"),
])
def test_second_hand_takes_a_spade_lead_only_with_the_highest_spade_out(
    deck: str, east: str, expected: str
) -> None:
    """East trumps South's 2♥ lead (West K♥, North A♥) and leads the 5♠. South holds the
    A♠ and the 3♠. In the standard deck the A♠ is the highest spade: it wins the trick
    whatever follows, and South takes it. In Joker-Joker both jokers rank above the A♠
    and South has not seen them: the A♠ is no sure winner, and South, second to play,
    plays low."""
    rules = Rules(deck=deck)
    hands = deal(rules.deck_number, south=SOUTH_HEARTS, west="KH", north="AH", east=east)
    state = position(hands, [3, 1, 2, 6, "2H", "KH", "AH", "2S", "5S"], rules)
    assert state.current_player == Seat.SOUTH
    assert _act(state) == parse_card(expected, rules.deck_number)


STRETCH_HAND = "AS KS QS 7S 3S AH KH 4H AC 9C 5C KD 2D"
"""A♠ 1, K♠ and Q♠ 1 each (enough lower spades), five spades two length tricks, A♥ K♥
2, A♣ 1, the K♦ guarded in two ½: 8½ tricks, a bid of 8."""


@pytest.mark.parametrize(("ten_for_200", "hand", "south", "expected"), [
    (True, STRETCH_HAND, 1, 9),   # 1 + 8 = 9, the count 1 + 8½ = 9½: stretched to 10
    (False, STRETCH_HAND, 1, 8),  # no 10 for 200: the count
    (True, STRETCH_HAND, 2, 8),   # 2 + 8 is 10 already
    (True, STRONG_HAND, 1, 8),    # 8 tricks: the count 1 + 8 = 9 is under 9½
])
def test_stretches_a_team_contract_of_nine_to_ten_under_10_for_200(
    ten_for_200: bool, hand: str, south: int, expected: int
) -> None:
    """Under 10 for 200 a made contract of 10 scores 200 (docs/rules.md §4): North, the
    second partner to bid, makes a team contract of 9 a 10 when the team's count (South's
    bid and North's own estimate) reaches 9½ (``TEN_FOR_200_STRETCH``)."""
    rules = Rules(ten_for_200=ten_for_200)
    state = position(deal(north=hand), [south, 3], rules)
    assert state.current_player == Seat.NORTH
    assert _act(state) == Bid(expected)
