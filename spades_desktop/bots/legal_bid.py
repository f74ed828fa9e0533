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
from collections.abc import Sequence
from typing import Final

from spades_desktop.engine import Bid, PlayerView
from spades_desktop.engine.core import SUICIDE_MIN_BID

__all__ = ["SUICIDE_NIL_TRICKS", "legal_plain_bids", "nearest_bid", "nearest_legal_bid",
           "suicide_first"]

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
    chose, ``expected`` being its own estimate of the seat's tricks, by
    :func:`nearest_bid`.

    ``preferred`` itself when legal (always under the standard rules), or when no bid is
    legal (``view.legal`` is empty off the seat's turn); never Blind Nil.
    """
    bids = legal_plain_bids(view)
    if not bids:
        return preferred
    tricks = nearest_bid([b.tricks for b in bids], preferred.tricks, expected,
                         suicide_first(view))
    return preferred if tricks == preferred.tricks and preferred in bids else Bid(tricks)


def nearest_bid(legal: Sequence[int], preferred: int, expected: float,
                first_of_suicide: bool) -> int:
    """The bid in tricks (0 = Nil) among ``legal`` (a non-empty collection of bids in
    tricks) nearest to ``preferred``, the one rule every level and every prediction of a
    seat's bid share (docs/rules.md §2, §6); ``expected`` is the seat's own estimate of
    its tricks.

    ``preferred`` itself when legal. Else the legal bid closest in tricks, a Nil only if
    no bid of tricks is legal or ``preferred`` is a Nil, ties to the lower bid. Under
    Suicide the first partner of its team (``first_of_suicide``) bids Nil when
    ``expected`` is under :data:`SUICIDE_NIL_TRICKS`, else its bid, at least 4. Raises
    ``ValueError`` when ``legal`` is empty.
    """
    if not legal:
        raise ValueError("No bid is legal.")
    if first_of_suicide:
        if expected < SUICIDE_NIL_TRICKS:
            preferred = 0
        else:
            tricks = preferred or math.floor(expected + 0.5)
            preferred = max(SUICIDE_MIN_BID, min(13, tricks))
    if preferred in legal:
        return preferred
    nil = preferred == 0
    return min(legal, key=lambda bid: ((bid == 0) != nil, abs(bid - preferred), bid))
