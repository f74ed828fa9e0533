"""The action played for a computer player whose own answer cannot be used (docs/rules.md §6).

When a bot raises, fails, or answers an action the engine refuses, the game goes on
with :func:`fallback_action` for that seat: a sensible move worked out from the seat's
:class:`~spades_desktop.engine.PlayerView` alone, never a fixed first legal action
(which would be a Nil bid).

No Qt, no randomness: the same view always gives the same action.
"""

from __future__ import annotations

import math

from spades_desktop.engine import (
    Action,
    Bid,
    Card,
    Phase,
    PlayerView,
    Seat,
    cards_to_mask,
)

from .advice import ROUND_UP_FROM_FRACTION, estimate_tricks, recommend_bid
from .base import require_turn
from .legal_bid import nearest_legal_bid
from .sim import ROLLOUT_DUCK, BidInfo, policy_card

__all__ = ["counted_tricks", "fallback_action", "no_nil_after_opponents", "opponent_bid_nil"]


def opponent_bid_nil(view: PlayerView) -> bool:
    """True when an opponent of ``view``'s seat has bid Nil or Blind Nil this hand."""
    return any(bid.is_nil for seat, bid in view.bids.items()
               if seat.team is not view.seat.team)


def counted_tricks(view: PlayerView) -> int:
    """The tricks the advice counts in ``view``'s hand, as a bid of 1..13 (docs/rules.md §7)."""
    tricks = math.floor(estimate_tricks(view.hand, view.rules.deck_number).tricks
                        + ROUND_UP_FROM_FRACTION)
    return max(1, min(13, tricks))


def no_nil_after_opponents(view: PlayerView, bid: Bid) -> Bid:
    """``bid``, except that a Nil becomes the counted tricks (:func:`counted_tricks`)
    when an opponent of ``view``'s seat has bid Nil or Blind Nil: the rule Normal's bid
    and the fallback's share (the Expert weighs it by a margin instead). Not under
    Suicide, where every team has a Nil (docs/rules.md §2)."""
    if bid.is_nil and opponent_bid_nil(view) and view.rules.bidding != "suicide":
        return Bid(counted_tricks(view))
    return bid


def fallback_action(view: PlayerView) -> Action:
    """A legal action for ``view``'s seat worked out from what the view shows (docs/rules.md §6).

    - **Bidding** (docs/rules.md §2, §7): the bid the advice recommends
      (:func:`~.advice.recommend_bid`: 1..13 tricks, Nil only for a hand the advice finds
      fit for Nil, never Blind Nil), except that after an opponent's Nil or Blind Nil it
      bids the counted tricks (:func:`counted_tricks`) instead of a Nil of its own.
    - **Playing** (docs/rules.md §3): the rollout policy's card (:func:`~.sim.policy_card`, the
      rule player of the Expert's play-outs, ducking as there
      (:data:`~.sim.ROLLOUT_DUCK`) under the bag penalty and never without it: then a bag
      costs nothing and an overtrick is a point, docs/rules.md §4), from the
      seat's own hand, the trick in play, the tricks won and the bids.

    The result is always one of ``view.legal``. Should the chosen action not be in
    ``view.legal`` (the rules of the view and of the policy disagreeing, or a bidding
    house rule closing it), the nearest legal one is taken instead: for a bid,
    :func:`~.legal_bid.nearest_legal_bid` (the legal bid closest in tricks to the
    advice, Nil only if no bid of tricks is legal or for a Nil advice, ties to the lower
    bid, never Blind Nil); for a card, the policy's card with the hand restricted to the
    legal cards.

    Raises ``TypeError`` if ``view`` is not a ``PlayerView``, ``ValueError`` if it is not
    this seat's turn, or if no legal action fits the phase (a bid while bidding, a card
    while playing).
    """
    require_turn(view)
    if view.phase is Phase.BIDDING:
        return _fallback_bid(view)
    return _fallback_card(view)


def _fallback_bid(view: PlayerView) -> Bid:
    bids = [a for a in view.legal if isinstance(a, Bid)]
    if not bids:
        raise ValueError("No bid is legal while bidding.")
    try:
        advice, _ = recommend_bid(view)
    except ValueError:
        # Not a full, unbid hand (never in a game's bidding): the counted tricks, at least 1.
        advice = Bid(counted_tricks(view))
    advice = no_nil_after_opponents(view, advice)
    return nearest_legal_bid(view, advice,
                             estimate_tricks(view.hand, view.rules.deck_number).tricks)


def _fallback_card(view: PlayerView) -> Card:
    """The rollout policy's card for ``view.seat``.

    :func:`~.sim.policy_card` uses only the seat's own hand and the union of the four
    hands (the cards still out). The cards this seat has not seen — all the deck's 52 minus its
    hand minus every card played in this hand — are therefore passed in one other
    seat's slot (the next seat's), the remaining two slots empty: where the unseen
    cards lie is not known, and the policy does not need it.
    """
    legal = [a for a in view.legal if isinstance(a, Card)]
    if not legal:
        raise ValueError("No card is legal while playing.")
    me = int(view.seat)
    hand = cards_to_mask(view.hand)
    unseen = view.rules.deck_mask & ~hand & ~cards_to_mask(view.played_cards)
    trick = [c.index for _, c in view.current_trick]
    leader = int(view.leader)
    won = [view.tricks_won.get(Seat(s), 0) for s in range(4)]
    bids = [view.bids[Seat(s)] for s in range(4)]
    info = BidInfo([b.tricks for b in bids], [b.blind for b in bids])
    duck = ROLLOUT_DUCK if view.rules.bag_penalty else (False, False)

    def choose(own: int) -> Card:
        hands = [0, 0, 0, 0]
        hands[me] = own
        hands[(me + 1) & 3] = unseen
        index = policy_card(me, hands, trick, leader, view.spades_broken, won, info, duck)
        return Card.from_index(index)

    card = choose(hand)
    if card in legal:
        return card
    # The policy plays only from the hand it is given, so with the hand restricted to
    # the legal cards its card is one of them.
    return choose(cards_to_mask(legal))
