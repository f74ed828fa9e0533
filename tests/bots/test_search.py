"""The search the Expert, the Master and the coach share (spades_desktop/bots/search.py):
the card decision read from a view, the measure of points, the predicted bids, one cancel
convention and one fallback card."""

from __future__ import annotations

import random
import threading

from spades_desktop.bots import make_bot
from spades_desktop.bots.expert import ExpertBot
from spades_desktop.bots.fallback import fallback_action
from spades_desktop.bots.sampling import Knowledge
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
