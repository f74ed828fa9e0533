"""The search the Expert, the Master and the coach share (spades_desktop/bots/search.py):
the card decision read from a view, the measure of points, the predicted bids, one cancel
convention and one fallback card."""

from __future__ import annotations

import random
import threading

from spades_desktop.bots import make_bot
from spades_desktop.bots.expert import ExpertBot
from spades_desktop.bots.fallback import fallback_action
from spades_desktop.bots.sampling import Knowledge, recommended_tricks
from spades_desktop.bots.search import bag_weight, card_position, predicted_bids, utility
from spades_desktop.bots.sim import BidInfo
from spades_desktop.engine import (
    Bid,
    Card,
    Phase,
    PlayerView,
    Rules,
    Seat,
    apply_action,
    cards_to_mask,
    new_game,
    observe,
    parse_card,
)


def _play_views(game: int, cards_played: int) -> PlayerView:
    """The view of the seat to play after ``cards_played`` cards of the first hand
    (Normal bots bid and play)."""
    state = new_game(Rules(), game)
    bots = {seat: make_bot("normal") for seat in Seat}
    while state.phase is Phase.BIDDING or len(state.tricks) * 4 + len(
            state.current_trick) < cards_played:
        seat = state.current_player
        assert seat is not None
        state = apply_action(state, bots[seat].choose_action(observe(state, seat), game))
    seat = state.current_player
    assert seat is not None
    return observe(state, seat)


def test_card_position_reads_the_view() -> None:
    for game, played in ((3, 0), (4, 6), (5, 21), (6, 40)):
        view = _play_views(game, played)
        position = card_position(view)
        assert position.leader == int(view.leader)
        assert position.trick == [c.index for _, c in view.current_trick]
        assert position.broken is view.spades_broken
        assert position.won == [view.tricks_won.get(s, 0) for s in Seat]
        assert list(position.info.bids) == [view.bids[s].tricks for s in Seat]
        legal = {a for a in view.legal if isinstance(a, Card)}
        assert position.legal == cards_to_mask(legal)
        # one candidate per run of equivalent cards: every candidate legal, none lost
        assert {Card.from_index(c) for c in position.candidates} <= legal
        assert 1 <= len(position.candidates) <= len(legal)
        in_trick = cards_to_mask([c for _, c in view.current_trick])
        assert position.remaining == (cards_to_mask(view.hand) | cards_to_mask(view.cards_out)
                                      | in_trick)


def test_bag_weight_follows_the_game() -> None:
    """Ten points a bag early in a game with the bag penalty, nothing without it, a
    fixed weight when one is given."""
    view = observe(new_game(Rules(), 1), Seat.SOUTH)
    assert bag_weight(view) == 10.0
    assert bag_weight(view, 3.5) == 3.5
    assert bag_weight(observe(new_game(Rules(bag_penalty=False), 1), Seat.SOUTH)) == 0.0


def test_the_utility_is_the_teams_score_difference() -> None:
    """South 4 + North 3 take 9 tricks, West 2 + East 2 take 4 (docs/rules.md §4): 70 + 2
    bags = 72 for North–South, 40 for East–West. The measure is the difference, 32 from
    North–South's side and −32 from East–West's; with bags priced at 10 points each,
    North–South's two bags held after the hand cost 20 more."""
    view = observe(new_game(Rules(), 1), Seat.SOUTH)
    info = BidInfo([4, 2, 3, 2], [False] * 4)
    won = [6, 1, 3, 3]
    ns = utility(view, info, win_bonus=0.0, fixed_bag_weight=0.0).value(won)
    ew = utility(observe(new_game(Rules(), 1), Seat.WEST), info, win_bonus=0.0,
                 fixed_bag_weight=0.0).value(won)
    assert ns == 72 - 40
    assert ew == -(72 - 40)
    assert utility(view, info, win_bonus=0.0, fixed_bag_weight=10.0).value(won) == 32 - 20


def test_predicted_bids_keep_the_bids_made() -> None:
    state = new_game(Rules(), 9)
    state = apply_action(state, Bid(4))   # South
    state = apply_action(state, Bid(3))   # West
    view = observe(state, Seat.NORTH)
    know = Knowledge.from_view(view)
    rng = random.Random(1)
    deck = list(range(52))
    rng.shuffle(deck)
    deal = [0, 0, 0, 0]
    for i, c in enumerate(deck):
        deal[i % 4] |= 1 << c
    deal[2] = know.hand
    bids = predicted_bids(know, deal, 5)
    assert bids[0] == 4 and bids[1] == 3 and bids[2] == 5
    assert 0 <= bids[3] <= 13


# South bids first (game 1: East deals). Spades held: South 3, West 4, North 2, East 4.
_VARIANT_HANDS = {
    Seat.SOUTH: "AS KS QS 2C 3C 4C 5C 6C 7C 8C 9C TC JC",
    Seat.WEST: "JS TS 9S 8S QC KC AC 2D 3D 4D 5D 6D 7D",
    Seat.NORTH: "7S 6S 8D 9D TD JD QD KD AD 2H 3H 4H 5H",
    Seat.EAST: "5S 4S 3S 2S 6H 7H 8H 9H TH JH QH KH AH",
}


def _variant_prediction(rules: Rules, my_bid: int) -> list[int]:
    """The bids South's search predicts for the real cards, at South's first bid."""
    hands = {seat: [parse_card(t) for t in text.split()]
             for seat, text in _VARIANT_HANDS.items()}
    view = observe(new_game(rules, 1, deal=hands), Seat.SOUTH)
    assert view.current_player == Seat.SOUTH
    deal = [cards_to_mask(hands[seat]) for seat in Seat]
    return predicted_bids(Knowledge.from_view(view), deal, my_bid, rules.bid_terms)


def _count(seat: Seat) -> int:
    return recommended_tricks(cards_to_mask(parse_card(t) for t in _VARIANT_HANDS[seat].split()))


def test_predicted_bids_under_mirror_are_the_spades_held() -> None:
    assert _variant_prediction(Rules(bidding="mirror"), 3) == [3, 4, 2, 4]


def test_predicted_bids_under_whiz_are_nil_or_the_spades_held() -> None:
    """Every other hand holds an ace, so none is a Nil hand: each bids its spades."""
    assert all(_count(seat) > 0 for seat in (Seat.WEST, Seat.NORTH, Seat.EAST))
    assert _variant_prediction(Rules(bidding="whiz"), 3) == [3, 4, 2, 4]


def test_predicted_bids_under_suicide_give_each_team_one_nil() -> None:
    """After South's 5, North must bid Nil; after South's Nil, North bids 4 or more.
    West bids first for its team, so East takes the other role."""
    for my_bid in (5, 0):
        bids = _variant_prediction(Rules(bidding="suicide"), my_bid)
        assert bids[0] == my_bid
        if my_bid:
            assert bids[2] == 0
        else:
            assert bids[2] == max(4, _count(Seat.NORTH))
        assert sorted((bids[1] == 0, bids[3] == 0)) == [False, True]
        assert max(bids[1], bids[3]) >= 4


def test_predicted_bids_reach_the_least_team_bid() -> None:
    """With a least team bid of 4, North's bid after South's 1 is at least 3; the
    opponents' second bidder (East) brings West's predicted bid up to 4 as well."""
    bids = _variant_prediction(Rules(min_team_bid=4), 1)
    assert bids[2] == max(3, _count(Seat.NORTH))
    assert bids[1] + bids[3] >= 4
    assert _variant_prediction(Rules(), 1)[2] == _count(Seat.NORTH)


def test_one_cancel_convention_and_one_fallback_card() -> None:
    """The Expert's interface takes a threading.Event; the search polls a callable. Set
    before the search, both give the fallback's card (the rollout policy's), the same."""
    view = next(v for v in (_play_views(12, n) for n in range(0, 52, 5))
                if len(card_position(v).candidates) > 1)
    bot = ExpertBot()
    event = threading.Event()
    event.set()
    by_event = bot.choose_action(view, 12, event)
    by_check = bot.decide(view, 12, lambda: True)
    assert by_event == by_check == fallback_action(view)
    assert bot.stats.cancelled
    assert bot.decide(view, 12) == bot.choose_action(view, 12)
