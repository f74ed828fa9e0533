"""Inference from play (spades_desktop/bots/inference.py): the plays read from a view,
and a deal's weight from the plays the rollout policy would not have made on it."""

from __future__ import annotations

import random

import pytest

from spades_desktop.bots.expert import ExpertBot
from spades_desktop.bots.inference import play_events, play_likelihood
from spades_desktop.bots.sampling import DealSampler, Knowledge
from spades_desktop.bots.search import card_position
from spades_desktop.bots.sim import ROLLOUT_DUCK, BidInfo, policy_card
from spades_desktop.engine import (
    DECK,
    Bid,
    GameState,
    Phase,
    PlayerView,
    Rules,
    Seat,
    apply_action,
    new_game,
    observe,
    parse_card,
)

# The hidden hands are read here (tests only) to set up and check positions; bots never do.
_MASKS = "hand_" + "masks"


def _masks(state: GameState) -> tuple[int, int, int, int]:
    return tuple(getattr(state, _MASKS))  # type: ignore[return-value]


def _mask(*texts: str) -> int:
    mask = 0
    for text in texts:
        mask |= 1 << parse_card(text).index
    return mask


def _cards(texts: str) -> list:
    return [parse_card(t) for t in texts.split()]


# South holds the A♥; West the Q♥ and the 3♥; North K♥ J♥ T♥ 9♥; East the other hearts.
DEAL = {
    Seat.SOUTH: _cards("AH 2C 3C 4C 5C 6C 7C 8C 9C 2S 3S 4S 5S"),
    Seat.WEST: _cards("QH 3H TC JC QC KC AC 2D 3D 4D 5D 6D 7D"),
    Seat.NORTH: _cards("KH JH TH 9H 8D 9D TD JD QD KD AD 6S 7S"),
    Seat.EAST: _cards("2H 4H 5H 6H 7H 8H 8S 9S TS JS QS KS AS"),
}


def _after_a_queen_under_the_ace() -> PlayerView:
    """Bids 3, 3, 3, 3; South leads the A♥ and West plays the Q♥ under it, keeping the
    3♥: North's view, North to play."""
    state = new_game(Rules(), 1, DEAL)
    for _ in range(4):
        state = apply_action(state, Bid(3))
    state = apply_action(state, parse_card("AH"))
    state = apply_action(state, parse_card("QH"))
    return observe(state, Seat.NORTH)


def test_the_events_are_the_other_seats_plays_with_the_cards_held_then() -> None:
    view = _after_a_queen_under_the_ace()
    events = play_events(view)
    assert [(e.seat, e.card) for e in events] == [
        (0, parse_card("AH").index), (1, parse_card("QH").index)]
    lead, follow = events
    everything = (1 << 52) - 1
    assert lead.trick == () and lead.leader == 0 and lead.held == everything
    assert lead.later == _mask("AH")
    assert follow.trick == (parse_card("AH").index,) and follow.leader == 0
    assert follow.held == everything & ~_mask("AH")
    assert follow.later == _mask("QH")
    assert not follow.broken and follow.won == (0, 0, 0, 0)


def _west_only(view: PlayerView) -> list:
    return [e for e in play_events(view) if e.seat == Seat.WEST]


def test_a_queen_played_under_the_ace_while_a_low_heart_was_held_is_a_miss() -> None:
    """Second hand low: the policy plays the 3♥ under the A♥, so West's Q♥ is one play it
    would not have made on the true deal (weight ``miss``); on a deal where West held no
    other heart, or the J♥ beside the Q♥ (an equivalent card), it is the policy's play."""
    view = _after_a_queen_under_the_ace()
    info = BidInfo([3, 3, 3, 3], [False] * 4)
    west = _west_only(view)
    s, w, n, e = (_mask(*(str(c) for c in DEAL[seat])) for seat in Seat)
    now = (s & ~_mask("AH"), w & ~_mask("QH"), n, e)
    assert play_likelihood(west, now, info, 0.5) == 0.5
    assert play_likelihood(west, now, info, 0.25) == 0.25
    no_low_heart = (now[0], now[1] & ~_mask("3H") | _mask("8S"),
                    now[2], now[3] & ~_mask("8S") | _mask("3H"))
    assert play_likelihood(west, no_low_heart, info, 0.5) == 1.0
    jack_beside = (now[0], now[1] & ~_mask("3H") | _mask("JH"),
                   now[2] & ~_mask("JH") | _mask("3H"), now[3])
    assert play_likelihood(west, jack_beside, info, 0.5) == 1.0
    assert play_likelihood((), now, info, 0.5) == 1.0


def _policy_hand(game: int, cards: int) -> tuple[GameState, list[tuple[int, int, int, int]]]:
    """The first hand of ``game`` after ``cards`` cards, every seat playing the rollout
    policy's card on the true hands (bids 3, 2, 4, 3); and per play, the seat, the card,
    that seat's hand then and every card held then."""
    state = new_game(Rules(), game)
    for tricks in (3, 2, 4, 3):
        state = apply_action(state, Bid(tricks))
    info = BidInfo([3, 2, 4, 3], [False] * 4)
    history = []
    for _ in range(cards):
        seat = int(state.current_player)
        hands = list(_masks(state))
        trick = [c.index for _, c in state.current_trick]
        leader = int(state.current_trick[0][0]) if trick else seat
        won = [0, 0, 0, 0]
        for s in state.trick_winners:
            won[int(s)] += 1
        card = policy_card(seat, hands, trick, leader, state.spades_broken, won, info,
                           ROLLOUT_DUCK)
        history.append((seat, card, hands[seat], sum(hands)))
        state = apply_action(state, DECK[card])
    return state, history


@pytest.mark.parametrize("game", range(6))
def test_a_hand_played_by_the_policy_weighs_the_true_deal_one(game: int) -> None:
    rng = random.Random(game)
    state, history = _policy_hand(game, rng.randrange(5, 40))
    assert state.phase is Phase.PLAYING
    seat = state.current_player
    view = observe(state, seat)
    events = play_events(view)
    others = [h for h in history if h[0] != int(seat)]
    assert [(e.seat, e.card) for e in events] == [(s, c) for s, c, _, _ in others]
    true_deal = _masks(state)
    for e, (s, _, hand_then, held_then) in zip(events, others, strict=True):
        assert true_deal[s] | e.later == hand_then
        assert e.held == held_then
    info = card_position(view).info
    assert play_likelihood(events, true_deal, info, 0.5) == 1.0
    sampler = DealSampler(Knowledge.from_view(view), random.Random(game))
    weights = [play_likelihood(events, sampler.sample(), info, 0.5) for _ in range(40)]
    assert all(0 < w <= 1.0 for w in weights)
    assert min(weights) < 1.0  # some sampled deal explains a play less well


def test_the_expert_with_inference_is_deterministic_and_checks_its_factor() -> None:
    view = _after_a_queen_under_the_ace()
    bot = ExpertBot(samples=16, min_samples=8, play_budget=4000, play_inference=0.5)
    first = bot.choose_action(view, 7)
    assert first in view.legal
    assert bot.stats.deals > 0
    assert ExpertBot(samples=16, min_samples=8, play_budget=4000,
                     play_inference=0.5).choose_action(view, 7) == first
    for bad in (0.0, -0.5, 1.5):
        with pytest.raises(ValueError, match="play_inference"):
            ExpertBot(play_inference=bad)
