"""Which bids and cards are legal, and why an action is refused (docs/rules.md §2, §3).

The one place that decides legality for the checked API: :func:`legal_mask` (the rules
core's, :func:`.core.legal_mask`) for cards, :func:`bidding_actions` for bids (the rules
core's :func:`.core.legal_bid_mask` and :func:`.core.blind_nil_offered`),
:func:`refusal` for the reason an action is illegal. The position is given as plain
values, so the engine's state (:mod:`.state`) and a player's view (:mod:`.view`) ask the
same functions.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import checks, core
from .actions import LOOK_AT_HAND, Action, LookAtHand
from .cards import Card, Seat
from .errors import Refusal, RuleCode
from .phase import Phase
from .rules import Rules
from .scoring import Bid

__all__ = [
    "BLIND_NIL_DEFICIT", "bidding_actions", "blind_nil_open", "legal_bids", "legal_card_mask",
    "legal_mask", "refusal", "spades_broken_at_leads", "trick_leader", "trick_winner",
]

BLIND_NIL_DEFICIT = core.BLIND_NIL_DEFICIT
"""A team must trail by at least this many points to bid Blind Nil (docs/rules.md §2)."""

PlayedCard = tuple[Seat, Card]
Trick = tuple[PlayedCard, ...]


_TEAM_OF = tuple(seat.team for seat in Seat)
"""Seat number → its team (:attr:`Seat.team`; a table lookup is much faster)."""
_OTHER_TEAM_OF = tuple(seat.team.other for seat in Seat)
"""Seat number → the opposing team (:attr:`Team.other` of its team)."""


def _trails_enough(rules: Rules, scores: Sequence[int], seat: Seat) -> bool:
    return core.blind_nil_allowed(rules.blind_nil, scores[_TEAM_OF[seat]],
                                  scores[_OTHER_TEAM_OF[seat]])


def _partner_tricks(partner_bid: Bid | None) -> int:
    """The partner's bid as the rules core reads it: its tricks, :data:`.core.NO_BID`
    before it has bid."""
    return core.NO_BID if partner_bid is None else partner_bid.tricks


def _spades_held(hand: int) -> int:
    """The number of spades in ``hand`` (a 52-bit mask)."""
    return (hand & core.SPADES_MASK).bit_count()


def blind_nil_open(rules: Rules, scores: Sequence[int], seat: Seat, cards_seen: bool,
                   partner_bid: Bid | None = None) -> bool:
    """True when ``seat`` may still bid Blind Nil this hand (docs/rules.md §2): the setting is on,
    its team trails by at least :data:`BLIND_NIL_DEFICIT` points (``scores`` per team,
    NS then EW, at the start of the hand), it has not looked at its cards, and the
    bidding rules offer it after ``partner_bid`` (the partner's bid, ``None`` before it
    has bid; :func:`.core.blind_nil_offered`: standard bidding only, and under
    ``Rules.min_team_bid`` not after a partner's bid below it).

    Raises ``TypeError`` / ``ValueError`` for arguments of the wrong type or range
    (:mod:`.checks`)."""
    rules, scores, seat, cards_seen = _checked(rules, scores, seat, cards_seen)
    return _blind_nil_open(rules, scores, seat, cards_seen, _checked_bid(partner_bid))


def _checked_bid(partner_bid: object) -> Bid | None:
    if partner_bid is not None and not isinstance(partner_bid, Bid):
        raise TypeError(f"The partner's bid must be a Bid or None, not "
                        f"{type(partner_bid).__name__}.")
    return partner_bid


def _checked(rules: object, scores: object, seat: object, cards_seen: object
             ) -> tuple[Rules, tuple[int, int], Seat, bool]:
    if not isinstance(rules, Rules):
        raise TypeError(f"Expected Rules, not {type(rules).__name__}.")
    return (rules, checks.team_scores(scores), checks.seat(seat),
            checks.flag(cards_seen, "cards_seen"))


def _blind_nil_open(rules: Rules, scores: Sequence[int], seat: Seat, cards_seen: bool,
                    partner_bid: Bid | None) -> bool:
    """:func:`blind_nil_open` without its checks, for the engine's own positions."""
    if cards_seen or not _trails_enough(rules, scores, seat):
        return False
    style, minimum = rules.bid_terms
    return core.blind_nil_offered(style, minimum, _partner_tricks(partner_bid))


_BIDS: tuple[Bid, ...] = tuple(Bid(n) for n in range(14))
_BLIND_NIL = Bid(0, blind=True)
_BIDS_WITH_BLIND_NIL: tuple[Bid, ...] = _BIDS + (_BLIND_NIL,)
_BIDDING_WITH_BLIND_NIL: tuple[Action, ...] = _BIDS_WITH_BLIND_NIL + (LOOK_AT_HAND,)
_BIDS_OF_MASK: dict[int, tuple[Bid, ...]] = {core.ALL_BIDS: _BIDS}
"""A bid mask (:func:`.core.legal_bid_mask`) → its bids in order; filled as masks occur."""


def _bids_of_mask(mask: int) -> tuple[Bid, ...]:
    bids = _BIDS_OF_MASK.get(mask)
    if bids is None:
        bids = _BIDS_OF_MASK[mask] = tuple(b for b in _BIDS if mask >> b.tricks & 1)
    return bids


def _bid_mask(rules: Rules, partner_bid: Bid | None, hand: int) -> int:
    """:func:`.core.legal_bid_mask` for a seat holding ``hand`` (a 52-bit mask)."""
    style, minimum = rules.bid_terms
    return core.legal_bid_mask(style, minimum, _partner_tricks(partner_bid),
                               _spades_held(hand))


def legal_bids(rules: Rules, scores: Sequence[int], seat: Seat, cards_seen: bool = False,
               partner_bid: Bid | None = None, hand: int = 0) -> tuple[Bid, ...]:
    """The bids open to ``seat`` (docs/rules.md §2): those of :func:`.core.legal_bid_mask`
    after ``partner_bid`` (the partner's bid, ``None`` before it has bid) for the seat
    holding ``hand`` (its cards as a 52-bit mask; only Mirror and Whiz read it, for the
    spades held) — in the standard game Nil and 1..13 — plus Blind Nil while
    :func:`blind_nil_open`. Raises ``TypeError`` / ``ValueError`` as
    :func:`blind_nil_open` does, and for a ``hand`` that is not a card mask."""
    rules, scores, seat, cards_seen = _checked(rules, scores, seat, cards_seen)
    partner_bid = _checked_bid(partner_bid)
    hand = checks.card_mask(hand, "hand")
    bids = _bids_of_mask(_bid_mask(rules, partner_bid, hand))
    if _blind_nil_open(rules, scores, seat, cards_seen, partner_bid):
        return bids + (_BLIND_NIL,)
    return bids


def bidding_actions(rules: Rules, scores: Sequence[int], seat: Seat, cards_seen: bool,
                    partner_bid: Bid | None, hand: int) -> tuple[Action, ...]:
    """Every legal action of the seat to bid: :func:`legal_bids`, and
    :data:`~.actions.LOOK_AT_HAND` while Blind Nil is open (docs/rules.md §2). Unchecked: for
    the engine's own positions."""
    if rules.free_bidding:
        if _blind_nil_open(rules, scores, seat, cards_seen, partner_bid):
            return _BIDDING_WITH_BLIND_NIL
        return _BIDS
    bids = _bids_of_mask(_bid_mask(rules, partner_bid, hand))
    if _blind_nil_open(rules, scores, seat, cards_seen, partner_bid):
        return bids + (_BLIND_NIL, LOOK_AT_HAND)
    return bids


_LED_MASKS = frozenset(core.SUIT_MASK) | {0}


def legal_mask(hand: int, led: int, spades_broken: bool) -> int:
    """The cards of ``hand`` (a card mask) that may be played to a trick whose led suit
    is ``led`` (the mask of that suit's cards, ``core.SUIT_MASK``, or 0 to lead), spades
    broken or not: :func:`.core.legal_mask` (docs/rules.md §3) with its arguments checked.

    Raises:
        TypeError: a mask that is not an ``int``, or ``spades_broken`` not a ``bool``.
        ValueError: a mask outside 56 bits, or ``led`` neither 0 nor a suit's mask.
    """
    checks.card_mask(hand, "hand")
    if checks.card_mask(led, "led suit") not in _LED_MASKS:
        raise ValueError("The led suit must be 0 (a lead) or the mask of one suit's cards.")
    return core.legal_mask(hand, led, checks.flag(spades_broken, "spades_broken"))


def legal_card_mask(hand: int, trick: Trick, spades_broken: bool) -> int:
    """:func:`legal_mask` for the trick in play given as up to three (seat, card) pairs
    (docs/rules.md §3). Raises ``TypeError`` / ``ValueError`` for arguments of the wrong type or
    range (:mod:`.checks`)."""
    checks.card_mask(hand, "hand")
    checks.trick(trick, 3)
    return _legal_card_mask(hand, trick, checks.flag(spades_broken, "spades_broken"))


def _legal_card_mask(hand: int, trick: Trick, spades_broken: bool) -> int:
    """:func:`legal_card_mask` without its checks, for the engine's own positions."""
    return core.legal_mask(hand, core.LED_MASK[trick[0][1].index] if trick else 0,
                           spades_broken)


def trick_winner(trick: Sequence[PlayedCard]) -> Seat:
    """The seat winning a (possibly incomplete) trick of up to four (seat, card) pairs:
    the highest spade if any, else the highest card of the led suit (docs/rules.md §3). Raises
    ``ValueError`` for an empty trick, ``TypeError`` / ``ValueError`` for one of the
    wrong type or size (:mod:`.checks`)."""
    pairs = checks.trick(trick, 4)
    if not pairs:
        raise ValueError("An empty trick has no winner.")
    return pairs[core.trick_winner_position([card.index for _, card in pairs])][0]


def trick_leader(dealer: Seat, trick_winners: Sequence[Seat], current_trick: Trick) -> Seat:
    """The seat that leads (or led) the trick in play: the dealer's left leads the first
    trick, the winner of each trick the next (docs/rules.md §3). ``trick_winners``: the
    winner of each completed trick of the hand, in order."""
    if current_trick:
        return current_trick[0][0]
    if trick_winners:
        return trick_winners[-1]
    return dealer.left


def spades_broken_at_leads(tricks: Sequence[Sequence[PlayedCard]],
                           spades_any_time: bool) -> tuple[bool, ...]:
    """For each trick of a hand in order (the trick in play may be the last, when it has
    a lead), whether spades were broken when it was led: a spade played in an earlier
    trick (:func:`.core.breaks_spades`), or always under the house rule
    ``spades_any_time`` (``Rules.spades_any_time``; docs/rules.md §3)."""
    broken = spades_any_time
    at_leads: list[bool] = []
    for trick in tricks:
        if not trick:
            continue
        at_leads.append(broken)
        broken = broken or any(core.breaks_spades(card.index) for _, card in trick)
    return tuple(at_leads)


def refusal(
    phase: Phase,
    rules: Rules,
    scores: Sequence[int],
    seat: Seat,
    cards_seen: bool,
    partner_bid: Bid | None,
    hand: int,
    trick: Trick,
    spades_broken: bool,
    action: object,
) -> Refusal | None:
    """Why ``seat``, the seat to act, may not take ``action`` now, or ``None`` if it may.

    ``phase`` is bidding or playing; ``scores`` the team scores (NS, EW) at the start of
    the hand; ``cards_seen`` whether the seat has looked at its cards this hand;
    ``partner_bid`` the partner's bid in this hand (``None`` before it has bid); ``hand``
    its cards as a mask; ``trick`` the trick in play. docs/rules.md §2 (bids, Blind
    Nil, the bidding house rules), §3 (cards).
    """
    if phase is Phase.GAME_OVER:
        return Refusal(RuleCode.GAME_OVER)
    if not isinstance(action, (Bid, Card, LookAtHand)):
        return Refusal(RuleCode.NOT_AN_ACTION)
    if phase is Phase.BIDDING:
        if isinstance(action, Card):
            return Refusal(RuleCode.BID_FIRST)
        style, minimum = rules.bid_terms
        partner = _partner_tricks(partner_bid)
        if isinstance(action, LookAtHand) or action.blind:
            if style != core.BIDDING_STANDARD:
                return Refusal(RuleCode.BLIND_NIL_NOT_OFFERED)
            if not rules.blind_nil:
                return Refusal(RuleCode.BLIND_NIL_OFF)
            if cards_seen:
                return Refusal(RuleCode.BLIND_NIL_CARDS_SEEN)
            if not _trails_enough(rules, scores, seat):
                return Refusal(RuleCode.BLIND_NIL_NOT_BEHIND)
            if core.blind_nil_offered(style, minimum, partner):
                return None
            return _bid_refusal(style, minimum, partner, _spades_held(hand))
        spades = _spades_held(hand)
        if core.legal_bid_mask(style, minimum, partner, spades) >> action.tricks & 1:
            return None
        return _bid_refusal(style, minimum, partner, spades)
    if not isinstance(action, Card):
        return Refusal(RuleCode.BIDDING_OVER)
    if not hand & action.bit:
        return Refusal(RuleCode.CARD_NOT_HELD, card=action)
    if _legal_card_mask(hand, trick, spades_broken) & action.bit:
        return None
    if trick:
        return Refusal(RuleCode.MUST_FOLLOW, suit=trick[0][1].suit)
    return Refusal(RuleCode.SPADES_NOT_BROKEN)


def _bid_refusal(style: int, minimum: int, partner: int, spades: int) -> Refusal:
    """The refusal of a bid that :func:`.core.legal_bid_mask` does not allow (or of Blind
    Nil that :func:`.core.blind_nil_offered` does not offer), its arguments that
    function's."""
    if style == core.BIDDING_MIRROR:
        return Refusal(RuleCode.MIRROR, number=spades)
    if style == core.BIDDING_WHIZ:
        return Refusal(RuleCode.WHIZ, number=spades)
    if style == core.BIDDING_SUICIDE:
        if partner == 0:
            return Refusal(RuleCode.SUICIDE_MUST_BID)
        if partner > 0:
            return Refusal(RuleCode.SUICIDE_MUST_NIL, number=partner)
        return Refusal(RuleCode.SUICIDE_NIL_OR_FOUR)
    return Refusal(RuleCode.MIN_TEAM_BID, number=minimum - partner)
