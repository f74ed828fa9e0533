"""The search that the Expert, the Master and the coach share (docs/rules.md §4, §6).

One copy of each piece, so that a hint and the Expert's own choice measure a card the
same way:

- :func:`card_position`: what a seat's card decision starts from, read from its
  :class:`~spades_desktop.engine.PlayerView` (its knowledge, the trick so far, the
  distinct legal cards, the leader, the tricks won, the bids);
- :func:`card_value`: one candidate card on one sampled deal, the rest of the hand
  played out by the rollout policy or solved exactly;
- :func:`utility`: the measure of points of a finished play-out
  (:class:`~.sim.Utility`), and :func:`bag_weight`, the price of a bag still held;
- :func:`predicted_bids`: the bids a bidding play-out assumes for the seats still to bid.

A search is cancelled through one callable, :data:`Check` (``None``: never), polled
between play-outs; a computer player turns the ``threading.Event`` of its interface
into one (``event.is_set``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from spades_desktop.engine import PlayerView, Seat, Team
from spades_desktop.engine.core import (
    BIDDING_STANDARD,
    BIDDING_SUICIDE,
    LED_MASK,
    NO_BID,
    SPADES_MASK,
    legal_bid_mask,
    legal_mask,
    trick_winner_seat,
)

from .legal_bid import nearest_bid
from .sampling import Knowledge, is_nil_fit_mask, recommended_tricks
from .sim import ROLLOUT_DUCK, BidInfo, Utility, distinct_moves, playout, solve

__all__ = ["CardPosition", "Check", "bag_weight", "card_position", "card_value",
           "predicted_bids", "utility"]

Check = Callable[[], bool]
"""A search's cancel: polled between play-outs; once it returns true the search stops."""


@dataclass(frozen=True, slots=True)
class CardPosition:
    """A card decision as the search sees it (card indices and masks, as in :mod:`.sim`).

    ``know``: what the seat knows (:class:`~.sampling.Knowledge`); ``trick``: the card
    indices of the trick so far, led by ``leader``; ``legal``: the mask of the legal
    cards; ``remaining``: the cards not yet played to a finished trick (hidden, own and
    in the trick); ``candidates``: the distinct legal cards (one per run of equivalent
    cards, :func:`~.sim.distinct_moves`); ``won``: tricks won per seat; ``info``: the
    four bids; ``broken``: spades broken."""

    know: Knowledge
    trick: list[int]
    legal: int
    remaining: int
    candidates: list[int]
    leader: int
    won: list[int]
    info: BidInfo
    broken: bool


def card_position(view: PlayerView) -> CardPosition:
    """The card decision of ``view``'s seat (in play, all four bids made). Reads only
    the view (docs/rules.md §6)."""
    know = Knowledge.from_view(view)
    trick = [c.index for _, c in view.current_trick]
    legal = legal_mask(know.hand, LED_MASK[trick[0]] if trick else 0, view.spades_broken)
    in_trick = 0
    for c in trick:
        in_trick |= 1 << c
    remaining = know.hidden | know.hand | in_trick
    bids = [view.bids[Seat(s)] for s in range(4)]
    return CardPosition(
        know=know, trick=trick, legal=legal, remaining=remaining,
        candidates=distinct_moves(know.hand, legal, remaining), leader=int(view.leader),
        won=[int(view.tricks_won.get(Seat(s), 0)) for s in range(4)],
        info=BidInfo([b.tricks for b in bids], [b.blind for b in bids]),
        broken=view.spades_broken)


def card_value(position: CardPosition, deal: Sequence[int], card: int, exact: bool,
               utility: Utility, check: Check | None) -> float | None:
    """The value for ``utility``'s team of the deciding seat playing ``card`` (a card
    index) in ``position`` on ``deal`` (four 52-bit hand masks, the seat's still holding
    ``card``): the rest of the hand solved exactly (``exact``) or played out by the
    rollout policy; ``None`` once ``check()`` says the search is cancelled."""
    me = position.know.seat
    hands = list(deal)
    hands[me] ^= 1 << card
    t = position.trick + [card]
    won = list(position.won)
    lead = position.leader
    nb = position.broken or card >= 39  # core.breaks_spades(card), inline
    if len(t) == 4:
        lead = trick_winner_seat(t, position.leader)
        won[lead] += 1
        t = []
    if exact:
        return solve(hands, t, lead, nb, won, utility, check)
    playout(hands, t, lead, nb, won, position.info, ROLLOUT_DUCK)
    return utility.value(won)


def bag_weight(view: PlayerView, fixed: float | None = None) -> float:
    """Points charged per bag still held after the hand (docs/rules.md §4): ``fixed`` when
    given; else the bag penalty's share per bag (``Rules.bag_penalty_points`` /
    ``Rules.bag_limit``: 10 in the standard game) when the game has several hands to go
    (each bag brings the bag penalty nearer), less near the end, 0 without the bag
    penalty."""
    if fixed is not None:
        return fixed
    rules = view.rules
    if not rules.bag_penalty:
        return 0.0
    lead = max(view.scores[Team.NS], view.scores[Team.EW])
    hands_left = min(max(0.0, (rules.target_score - lead) / 60.0),
                     float(rules.max_hands - view.hand_number))
    return rules.bag_penalty_points / rules.bag_limit * min(1.0, hands_left / 4.0)


def utility(view: PlayerView, info: BidInfo, *, win_bonus: float,
            fixed_bag_weight: float | None = None) -> Utility:
    """The measure of a play-out for ``view``'s team with the bids ``info``: the hand's
    score difference with bags priced by :func:`bag_weight` and ``win_bonus`` points for
    a hand that wins the game (docs/rules.md §4, §5)."""
    rules = view.rules
    return Utility(
        team=int(view.seat) & 1,
        info=info,
        scores=(view.scores[Team.NS], view.scores[Team.EW]),
        bags=(view.bags[Team.NS], view.bags[Team.EW]),
        terms=rules.score_terms,
        bag_weight=bag_weight(view, fixed_bag_weight),
        win_bonus=win_bonus,
        target=rules.target_score,
        floor=rules.floor_score,
        last_hand=view.hand_number >= rules.max_hands,
        thirteen_wins=rules.thirteen_wins,
    )


def predicted_bids(know: Knowledge, deal: Sequence[int], my_bid: int,
                   bid_terms: tuple[int, int] = (BIDDING_STANDARD, 0)) -> list[int]:
    """The four bids for a play-out: the bids made, ``my_bid`` for this seat, and for the
    seats still to bid the advice's count of their sampled cards in ``deal`` (Nil on a
    Nil-fit hand whose partner has not bid Nil), counted in the game's deck
    (``know.deck``, docs/rules.md §1, Deck).

    ``bid_terms`` are the bidding rules (``Rules.bid_terms``, the standard game's by
    default): a predicted bid they close is replaced by the legal bid nearest to it
    (:func:`.legal_bid.nearest_bid`, the levels' own rule), the partner's bid as made or
    predicted before it; under Mirror and Whiz that is the seat's sampled spade count
    (docs/rules.md §2).
    """
    bids: list[int] = [0, 0, 0, 0]
    me = know.seat
    style, min_team_bid = bid_terms
    free = style == BIDDING_STANDARD and min_team_bid == 0
    for k in range(4):
        seat = (me + k) & 3
        if seat == me:
            bids[seat] = my_bid
            continue
        made = know.bids[seat]
        if made is not None:
            bids[seat] = made
            continue
        partner = seat ^ 2
        # The partner's bid is known if made, ours, or predicted earlier in this loop.
        known = know.bids[partner] is not None or ((partner - me) & 3) < k
        partner_nil = known and bids[partner] == 0
        hand = deal[seat]
        count = recommended_tricks(hand, know.deck)
        bid = 0 if is_nil_fit_mask(hand, know.deck) and not partner_nil else count
        if not free:
            mask = legal_bid_mask(style, min_team_bid, bids[partner] if known else NO_BID,
                                  (hand & SPADES_MASK).bit_count())
            legal = [b for b in range(14) if mask >> b & 1]
            bid = nearest_bid(legal, bid, count, style == BIDDING_SUICIDE and not known)
        bids[seat] = bid
    return bids
