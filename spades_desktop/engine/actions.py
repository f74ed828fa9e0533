"""The actions a player takes: a bid, a card, or a look at the hand (docs/rules.md §2, §3).

``Action`` is what :func:`~spades_desktop.engine.apply_action` accepts. Besides bids
and cards there is one more: :data:`LOOK_AT_HAND`, which a player offered Blind Nil
takes to see their cards before bidding. It is part of the game's record like a bid,
so a player who has seen their cards is never offered Blind Nil again in that hand,
also after a restart or a replay (docs/rules.md §2: Blind Nil is bid before seeing the cards).
"""

from __future__ import annotations

from typing import Final

from .cards import Card
from .scoring import Bid

__all__ = ["LOOK_AT_HAND", "Action", "LookAtHand"]


class LookAtHand:
    """The decision to see one's cards instead of bidding Blind Nil (docs/rules.md §2).

    Legal only while bidding, for the seat to bid, when Blind Nil is open to it. Use the
    single instance :data:`LOOK_AT_HAND`; all instances are equal.
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LookAtHand)

    def __hash__(self) -> int:
        return hash(LookAtHand)

    def __repr__(self) -> str:
        return "LOOK_AT_HAND"

    def __str__(self) -> str:
        return "look at hand"


LOOK_AT_HAND: Final = LookAtHand()
"""The one look-at-hand action."""

Action = Bid | Card | LookAtHand
"""A bid or a look at the hand while bidding, a card while playing."""
