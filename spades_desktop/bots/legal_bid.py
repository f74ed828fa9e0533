"""The legal bid nearest to the one a computer player prefers (docs/rules.md §2, §6).

Under standard bidding every bid from Nil to 13 is open, and each level's own choice is
legal as it stands. The bidding house rules (``Rules.bidding``, ``Rules.min_team_bid``)
close some bids: each level then bids the legal bid nearest to the one it prefers, by
:func:`nearest_legal_bid`, the one rule every level shares. Under Suicide the first
partner of a team to bid chooses between Nil and a bid of 4 or more from its own
estimate of its tricks: the weaker-looking hand goes Nil.
"""

from __future__ import annotations

import math
from typing import Final

from spades_desktop.engine import Bid, PlayerView
from spades_desktop.engine.core import SUICIDE_MIN_BID

__all__ = ["SUICIDE_NIL_TRICKS", "legal_plain_bids", "nearest_legal_bid", "suicide_first"]

SUICIDE_NIL_TRICKS: Final = 2.5
"""Under Suicide the first partner bids Nil when it expects fewer tricks than this
(about 2 or fewer), else a bid of at least :data:`~.core.SUICIDE_MIN_BID`."""


def legal_plain_bids(view: PlayerView) -> tuple[Bid, ...]:
    """The bids among ``view.legal`` other than Blind Nil, in order (Nil first)."""
    return tuple(a for a in view.legal if isinstance(a, Bid) and not a.blind)


def suicide_first(view: PlayerView) -> bool:
    """Whether ``view``'s seat bids under Suicide before its partner: it chooses
    between Nil and a bid of 4 or more (docs/rules.md §2)."""
    return view.rules.bidding == "suicide" and view.seat.partner not in view.bids


def nearest_legal_bid(view: PlayerView, preferred: Bid, expected: float) -> Bid:
    """The legal bid (of ``view.legal``) nearest to ``preferred``, the bid the level
    chose, ``expected`` being its own estimate of the seat's tricks.

    ``preferred`` itself when legal (always under the standard rules), or when no bid is
    legal (``view.legal`` is empty off the seat's turn). Else the legal bid closest in
    tricks, a Nil only if no bid of tricks is legal or ``preferred`` is a Nil, ties to
    the lower bid; never Blind Nil. Under Suicide the first partner of its team
    (:func:`suicide_first`) bids Nil when ``expected`` is under
    :data:`SUICIDE_NIL_TRICKS`, else its bid, at least 4.
    """
    bids = legal_plain_bids(view)
    if not bids:
        return preferred
    if suicide_first(view):
        if expected < SUICIDE_NIL_TRICKS:
            preferred = Bid(0)
        else:
            tricks = preferred.tricks or math.floor(expected + 0.5)
            preferred = Bid(max(SUICIDE_MIN_BID, min(13, tricks)))
    if preferred in bids:
        return preferred

    def distance(bid: Bid) -> tuple[bool, int, int]:
        return bid.is_nil != preferred.is_nil, abs(bid.tricks - preferred.tricks), bid.tricks

    return min(bids, key=distance)
