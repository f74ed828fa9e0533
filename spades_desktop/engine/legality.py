"""Which bids and cards are legal, and why an action is refused (SPEC §2, §3).

The one place that decides legality for the checked API: :func:`legal_mask` (the rules
core's, :func:`.core.legal_mask`) for cards, :func:`bidding_actions` for bids,
:func:`refusal` for the reason an action is illegal. The position is given as plain
values, so the engine's state (:mod:`.state`) and a player's view (:mod:`.view`) ask the
same functions.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import core
from .actions import LOOK_AT_HAND, Action, LookAtHand
from .cards import Card, Seat
from .errors import Refusal, RuleCode
from .phase import Phase
from .rules import Rules
from .scoring import Bid

__all__ = [
    "BLIND_NIL_DEFICIT", "bidding_actions", "blind_nil_open", "legal_bids", "legal_card_mask",
    "legal_mask", "refusal", "trick_winner",
]

BLIND_NIL_DEFICIT = core.BLIND_NIL_DEFICIT
"""A team must trail by at least this many points to bid Blind Nil (SPEC §2)."""

PlayedCard = tuple[Seat, Card]
Trick = tuple[PlayedCard, ...]


_TEAM_OF = tuple(seat.team for seat in Seat)
"""Seat number → its team (:attr:`Seat.team`; a table lookup is much faster)."""
_OTHER_TEAM_OF = tuple(seat.team.other for seat in Seat)
"""Seat number → the opposing team (:attr:`Team.other` of its team)."""


def _trails_enough(rules: Rules, scores: Sequence[int], seat: Seat) -> bool:
    return core.blind_nil_allowed(rules.blind_nil, scores[_TEAM_OF[seat]],
                                  scores[_OTHER_TEAM_OF[seat]])


def blind_nil_open(rules: Rules, scores: Sequence[int], seat: Seat, cards_seen: bool) -> bool:
    """True when ``seat`` may still bid Blind Nil this hand (SPEC §2): the setting is on,
    its team trails by at least :data:`BLIND_NIL_DEFICIT` points (``scores`` per team,
    NS then EW, at the start of the hand) and it has not looked at its cards."""
    return not cards_seen and _trails_enough(rules, scores, seat)


_BIDS: tuple[Bid, ...] = tuple(Bid(n) for n in range(14))
_BIDS_WITH_BLIND_NIL: tuple[Bid, ...] = _BIDS + (Bid(0, blind=True),)
_BIDDING_WITH_BLIND_NIL: tuple[Action, ...] = _BIDS_WITH_BLIND_NIL + (LOOK_AT_HAND,)


def legal_bids(rules: Rules, scores: Sequence[int], seat: Seat,
               cards_seen: bool = False) -> tuple[Bid, ...]:
    """The bids open to ``seat``: Nil and 1..13, plus Blind Nil while
    :func:`blind_nil_open` (SPEC §2)."""
    if blind_nil_open(rules, scores, seat, cards_seen):
        return _BIDS_WITH_BLIND_NIL
    return _BIDS


def bidding_actions(rules: Rules, scores: Sequence[int], seat: Seat,
                    cards_seen: bool) -> tuple[Action, ...]:
    """Every legal action of the seat to bid: :func:`legal_bids`, and
    :data:`~.actions.LOOK_AT_HAND` while Blind Nil is open (SPEC §2)."""
    if blind_nil_open(rules, scores, seat, cards_seen):
        return _BIDDING_WITH_BLIND_NIL
    return _BIDS


legal_mask = core.legal_mask
"""The cards of a hand that may be played: :func:`.core.legal_mask` (SPEC §3)."""


def legal_card_mask(hand: int, trick: Trick, spades_broken: bool) -> int:
    """:func:`legal_mask` for the trick in play given as (seat, card) pairs (SPEC §3)."""
    return legal_mask(hand, core.LED_MASK[trick[0][1].index] if trick else 0, spades_broken)


def trick_winner(trick: Sequence[PlayedCard]) -> Seat:
    """The seat winning a (possibly incomplete) trick: the highest spade if any, else the
    highest card of the led suit (SPEC §3). Raises ``ValueError`` for an empty trick."""
    if not trick:
        raise ValueError("An empty trick has no winner.")
    return trick[core.trick_winner_position([card.index for _, card in trick])][0]


def refusal(
    phase: Phase,
    rules: Rules,
    scores: Sequence[int],
    seat: Seat,
    cards_seen: bool,
    hand: int,
    trick: Trick,
    spades_broken: bool,
    action: object,
) -> Refusal | None:
    """Why ``seat``, the seat to act, may not take ``action`` now, or ``None`` if it may.

    ``phase`` is bidding or playing; ``scores`` the team scores (NS, EW) at the start of
    the hand; ``cards_seen`` whether the seat has looked at its cards this hand; ``hand``
    its cards as a mask; ``trick`` the trick in play. SPEC §2 (bids, Blind Nil), §3 (cards).
    """
    if phase is Phase.GAME_OVER:
        return Refusal(RuleCode.GAME_OVER)
    if not isinstance(action, (Bid, Card, LookAtHand)):
        return Refusal(RuleCode.NOT_AN_ACTION)
    if phase is Phase.BIDDING:
        if isinstance(action, Card):
            return Refusal(RuleCode.BID_FIRST)
        if isinstance(action, LookAtHand) or action.blind:
            if not rules.blind_nil:
                return Refusal(RuleCode.BLIND_NIL_OFF)
            if cards_seen:
                return Refusal(RuleCode.BLIND_NIL_CARDS_SEEN)
            if not _trails_enough(rules, scores, seat):
                return Refusal(RuleCode.BLIND_NIL_NOT_BEHIND)
        return None
    if not isinstance(action, Card):
        return Refusal(RuleCode.BIDDING_OVER)
    if not hand & action.bit:
        return Refusal(RuleCode.CARD_NOT_HELD, card=action)
    if legal_card_mask(hand, trick, spades_broken) & action.bit:
        return None
    if trick:
        return Refusal(RuleCode.MUST_FOLLOW, suit=trick[0][1].suit)
    return Refusal(RuleCode.SPADES_NOT_BROKEN)
