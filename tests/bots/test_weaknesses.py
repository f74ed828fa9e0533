"""Known weaknesses of the computer players, each pinned by a position set up by hand.
The expected choices are argued from the rules (docs/rules.md §2–§4) and
from ordinary Spades strategy in each test's docstring, never read off the bots.

Positions are game 1 with a fixed deal (``play.position``): East deals, so South bids
first and leads the first trick; bids go South, West, North, East.
"""

from __future__ import annotations

import dataclasses
import threading

import pytest

from spades_desktop.bots import NormalBot, fallback_action
from spades_desktop.bots.expert import ExpertBot
from spades_desktop.engine import (
    Bid,
    Card,
    GameState,
    Rules,
    Seat,
    Suit,
    apply_action,
    new_game,
    observe,
    parse_card,
)

from .play import deal, position

NIL_HAND = "7S 4S JH 8H 5H 2H KC 9C 6C 3C TD 6D 4D"
"""Fit for Nil by the advice's count (no ace, two low spades, K♣ and J♥ guarded), but
with two side honours that a determined defence can force through."""


# --- 1. and 2. The Expert's Nil against strong defenders; double Nil ---------------

THIN_NIL_HAND = "QS 6S 3S KH 9H 5H QC 8C 3C 9D 7D 5D 2D"
"""No ace, but three honours each guarded by only two low cards: Q♠ 6♠ 3♠, K♥ 9♥ 5♥,
Q♣ 8♣ 3♣."""


@pytest.mark.parametrize("game_number", [1, 2, 3])
def test_expert_does_not_bid_nil_on_thinly_guarded_honours(game_number: int) -> None:
    """South bids first. Defenders who attack a Nil lead the Nil bidder's suits from the
    top and underlead: A♠ and K♠ drawn leave Q♠ the master of the third spade round, and
    K♥ and Q♣ have two low cards each to hide behind, so three suits each give the
    defence a way to force a trick. Against defenders who try to set it such a Nil
    fails too often (the Expert's Nils were made 48% of the time against its own
    defence); South bids its tricks (one to four: three honours, no length)."""
    bid = ExpertBot().choose_action(observe(position(deal(south=THIN_NIL_HAND), []),
                                            Seat.SOUTH), game_number)
    assert isinstance(bid, Bid) and not bid.is_nil and 1 <= bid.tricks <= 4


@pytest.mark.parametrize("game_number", [1, 2, 3])
def test_expert_does_not_bid_a_second_nil_beside_a_nil_with_side_honours(
        game_number: int) -> None:
    """South bid Nil, West 2; North holds a Nil-fit hand with K♣ and J♥. A second Nil
    leaves no one to cover either Nil: each of North's honours can be forced out by the
    defence leading its suit, and each failed Nil costs 100 points (docs/rules.md §4).
    North bids tricks and covers South's Nil."""
    bid = _north_bid(ExpertBot(), position(deal(north=NIL_HAND), [0, 2]), game_number)
    assert not bid.is_nil and bid.tricks >= 1


# --- 3. Normal and the bag penalty -----------------------------------------------------

# Every card named. South and West hold all the spades, so spades never interfere; the
# first four tricks make both sides' contracts (1 + 1 each side).
OVERTRICK_DEAL = deal(
    south="AC KC 2D 5D 9D AH 2H 2S 3S 4S 5S 6S 7S",
    west="2C 5C 3D 6D KD 3H 8S 9S TS JS QS KS AS",
    north="3C 6C 8C 9C TC JC QC 4D 7D TD 4H 7H 8H",
    east="4C 7C AD 8D JD QD 5H 6H 9H TH JH QH KH",
)
OVERTRICK_PLAY = [1, 1, 1, 1,
                  "AC", "2C", "3C", "4C",   # South wins: North–South 1 of 2
                  "KC", "5C", "6C", "7C",   # South wins: North–South 2 of 2, made
                  "2D", "3D", "4D", "AD",   # East wins: East–West 1 of 2
                  "8D", "5D", "KD", "TD",   # West wins: East–West 2 of 2, made
                  "3H", "4H", "5H"]         # West leads; South plays last


def _overtrick_view(bag_penalty: bool) -> Card:
    state = position(OVERTRICK_DEAL, OVERTRICK_PLAY, Rules(bag_penalty=bag_penalty))
    assert state.current_player == Seat.SOUTH
    action = NormalBot().choose_action(observe(state, Seat.SOUTH), 1)
    assert isinstance(action, Card)
    return action


def test_normal_takes_an_overtrick_when_bags_cost_nothing() -> None:
    """Both contracts are made and the opponents cannot be set any more. South, last to
    play to 3♥ 4♥ 5♥, holds A♥ and 2♥. Without the bag penalty a bag is only "+1 point,
    +1 bag" (docs/rules.md §4: bags still score +1 each and are still counted, but nothing is
    ever taken off for them), so the overtrick is a free point: take it with A♥.
    With the bag penalty on (the control), each bag brings the −100 nearer: duck with 2♥.
    """
    assert _overtrick_view(bag_penalty=False) == parse_card("AH")
    assert _overtrick_view(bag_penalty=True) == parse_card("2H")


# --- 4. No Nil of one's own after an opponent's Nil or Blind Nil ---------------------


def _after_west_blind_nil(north: str) -> GameState:
    """North–South lead 250–0, so West (East–West) may bid Blind Nil (docs/rules.md §2); South
    bid 3, West Blind Nil; North to bid."""
    rules = Rules(blind_nil=True)
    base = new_game(rules, 1, deal=deal(north=north)).replace(score_list=(250, 0))
    return apply_action(apply_action(base, Bid(3)), Bid(0, blind=True))


def _north_bid(bot: NormalBot | ExpertBot, state: GameState, game_number: int = 1) -> Bid:
    view = observe(state, Seat.NORTH)
    bid = bot.choose_action(view, game_number)
    assert isinstance(bid, Bid)
    return bid


def test_normal_bids_to_set_an_opponents_blind_nil_not_a_nil_of_its_own() -> None:
    """West bid Blind Nil: setting it is worth 200 points to North–South (docs/rules.md §4: a
    failed Blind Nil costs −200). North's low cards are exactly what forces a Nil bidder
    to win a trick, and South must be free to attack rather than cover a Nil of North's.
    So North bids its counted tricks (at least 1), not Nil — the same after a plain Nil."""
    bid = _north_bid(NormalBot(), _after_west_blind_nil(NIL_HAND))
    assert not bid.is_nil and bid.tricks >= 1
    bid = _north_bid(NormalBot(), position(deal(north=NIL_HAND), [3, 0]))
    assert not bid.is_nil and bid.tricks >= 1
    # The control: with no Nil at the table Normal bids Nil on this hand.
    assert _north_bid(NormalBot(), position(deal(north=NIL_HAND), [3, 2])) == Bid(0)


@pytest.mark.parametrize("game_number", [1, 2, 3])
def test_expert_bids_to_set_an_opponents_blind_nil(game_number: int) -> None:
    """As above for the Expert: after West's Blind Nil, a Nil-fit hand with two side
    honours (K♣, J♥) is no "very strong reason" for a second Nil at the table; North
    bids tricks and plays to set the Blind Nil."""
    bid = _north_bid(ExpertBot(), _after_west_blind_nil(NIL_HAND), game_number)
    assert not bid.is_nil and bid.tricks >= 1


# --- 5. The fallback is the rollout policy, never the first legal action -------------

STRONG_HAND = "AS KS QS 7S 3S AH KH 4H AC 9C 5C 8D 2D"


def test_a_bid_outside_legal_falls_back_to_the_nearest_counted_bid() -> None:
    """Should a level's own bid not be legal (the view's rules and the bot's disagreeing),
    the seat does not bid the first legal action — Nil, the worst bid for a hand of
    about 8 tricks — but the fallback's: the legal bid closest to the counted 8 (docs/rules.md §7
    counting: A♠ K♠ Q♠ and two length tricks, A♥ K♥, A♣), here 9."""
    view = observe(position(deal(south=STRONG_HAND), []), Seat.SOUTH)
    narrowed = dataclasses.replace(view, legal=(Bid(0), Bid(4), Bid(9)))
    assert fallback_action(narrowed) == Bid(9)
    assert NormalBot().choose_action(narrowed, 1) == Bid(9)
    assert ExpertBot(bid_samples=8).choose_action(narrowed, 1) == Bid(9)


def test_a_cancelled_expert_plays_the_rollout_policy_card() -> None:
    """Cancelled before its search evaluated anything, the Expert plays the rollout
    policy's card: here South leads first with A♣ K♣ and no other master; the policy
    (cash a side master while the suit is still held by two others) leads A♣."""
    state = position(OVERTRICK_DEAL, [1, 1, 1, 1])
    cancel = threading.Event()
    cancel.set()
    view = observe(state, Seat.SOUTH)
    assert ExpertBot().choose_action(view, 1, cancel) == parse_card("AC")
    assert fallback_action(view) == parse_card("AC")


# --- 6. Do not trump the partner's sure winner on a noisy estimate -------------------

RUFF_DEAL = deal(
    south="2C 4C 5C 6C 7C 8C 9C TD KD 5H 4S 9S JS",
    west="4D 5D 7D 9D JD 2H 6H TH QH KH 3S KS AS",
    north="TC JC KC 8D QD 4H 7H 9H AH 6S 8S TS QS",
    east="3C QC AC 2D 3D 6D AD 3H 8H JH 2S 5S 7S",
)
RUFF_PLAY = [1, 3, 4, 2,
             "5H", "2H", "AH", "3H",   # North wins
             "TC", "AC", "2C"]         # East's A♣ wins; West plays last, void in clubs


@pytest.mark.parametrize("game_number", [0, 1, 2, 3, 4, 5])
def test_expert_does_not_trump_its_partners_sure_winner(game_number: int) -> None:
    """East's A♣ is winning and West plays last: the trick is East–West's whatever West
    plays. West is void in clubs and holds A♠ K♠ 3♠ and side cards. Trumping wins
    nothing (the trick is already the team's) and spends a spade that could take a trick
    of its own later — West is void in clubs, so 3♠ can ruff an opponent's club. A side
    discard loses nothing. So the Expert discards, for every game number (the search's
    deals differ with it)."""
    state = position(RUFF_DEAL, RUFF_PLAY)
    assert state.current_player == Seat.WEST
    card = ExpertBot().choose_action(observe(state, Seat.WEST), game_number)
    assert isinstance(card, Card) and card.suit != Suit.SPADES
