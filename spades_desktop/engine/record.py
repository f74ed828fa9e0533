"""The record of a hand: the deal, the bidding, every trick and the score (docs/rules.md §1–§4).

A finished hand keeps its whole story in a :class:`HandRecord`, so the score sheet, the
last trick, the arena and any review read it instead of re-deriving it. The same type
describes the hand in progress (``score`` is then ``None``) and, in a player's view, a
hand whose other hands are still hidden (their ``deal`` entries are ``None``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .cards import Card, Seat
from .scoring import Bid, TeamScores

__all__ = ["HandRecord", "TrickRecord"]


class TrickRecord(NamedTuple):
    """One completed trick (docs/rules.md §3): immutable and hashable (a named tuple, so that
    the engine builds thirteen of them per hand cheaply).

    ``leader`` led it; ``cards`` are the four cards in play order (the leader's first,
    then clockwise); ``winner`` won it.
    """

    leader: Seat
    cards: tuple[Card, Card, Card, Card]
    winner: Seat

    @property
    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        """The (seat, card) pairs in play order."""
        return tuple((Seat((self.leader + i) & 3), c) for i, c in enumerate(self.cards))

    def card_of(self, seat: Seat) -> Card:
        """The card ``seat`` played to this trick."""
        return self.cards[(seat - self.leader) & 3]


@dataclass(frozen=True, slots=True)
class HandRecord:
    """Everything that happened in one hand, indexed by :class:`Seat` where per seat.

    - ``hand_number`` (1 for the first hand) and ``dealer``.
    - ``deal``: per seat the 13 cards dealt, in card-index order; ``None`` for a hand
      the viewer may not know yet (in a :class:`PlayerView` of a hand in progress).
    - ``bids``: per seat its bid (``Bid.blind`` marks Blind Nil), ``None`` until made.
    - ``tricks``: the completed tricks in order.
    - ``tricks_won``: per seat the tricks won so far.
    - ``score``: both teams' score-sheet rows once the hand is finished, else ``None``.

    Immutable and hashable. Built by the engine (``GameState.hand_records``,
    ``GameState.hand_record``, ``observe``); a finished hand's record is public, since
    every card has been played face up by then.
    """

    hand_number: int
    dealer: Seat
    deal: tuple[tuple[Card, ...] | None, tuple[Card, ...] | None,
                tuple[Card, ...] | None, tuple[Card, ...] | None]
    bids: tuple[Bid | None, Bid | None, Bid | None, Bid | None]
    tricks: tuple[TrickRecord, ...]
    tricks_won: tuple[int, int, int, int]
    score: TeamScores | None

    @property
    def finished(self) -> bool:
        """True once the 13th trick has been played and the hand scored."""
        return self.score is not None

    @property
    def last_trick(self) -> TrickRecord | None:
        """The last completed trick, or ``None`` before the first is complete."""
        return self.tricks[-1] if self.tricks else None
