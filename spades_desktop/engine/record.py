"""The record of a hand: the deal, the bidding, every trick and the score (docs/rules.md §1–§4).

A finished hand keeps its whole story in a :class:`HandRecord`, so the score sheet, the
last trick, the arena and any review read it instead of re-deriving it. The same type
describes the hand in progress (``score`` is then ``None``) and, in a player's view, a
hand whose other hands are still hidden (their ``deal`` entries are ``None``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from . import core
from .cards import Card, Seat, Team, cards_to_mask
from .legality import PlayedCard, spades_broken_at_leads
from .rules import Rules
from .scoring import Bid, NilStatus, TeamScores, nil_status, team_contract

__all__ = ["HandRecord", "PlayPosition", "TrickRecord", "finished_scores"]


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


class PlayPosition(NamedTuple):
    """Every card of a position in play, as a finished hand's record shows it (all four
    hands are public once the hand is over): ``hands`` the 52-bit masks of the cards each
    seat holds (indexed by seat), ``trick`` the trick in play so far, ``leader`` its
    leader, ``spades_broken`` whether a spade has been played in the hand before now."""

    hands: tuple[int, int, int, int]
    trick: tuple[PlayedCard, ...]
    leader: Seat
    spades_broken: bool


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

    def nil_status(self, seat: Seat) -> NilStatus:
        """``seat``'s :class:`NilStatus` in this hand so far (once finished: ``INTACT`` is a
        Nil made; docs/rules.md §4)."""
        return nil_status(self.bids[seat], self.tricks_won[seat])

    def contract(self, team: Team, rules: Rules) -> tuple[int, int]:
        """``(contract, contract_tricks)`` of ``team`` in this hand so far under the game's
        ``rules`` (:func:`~.scoring.team_contract`; docs/rules.md §4)."""
        a, b = team.seats
        return team_contract((self.bids[a], self.bids[b]),
                             (self.tricks_won[a], self.tricks_won[b]), rules)

    def position_before(self, number: int, seat: Seat, rules: Rules) -> PlayPosition:
        """The position just before ``seat`` plays to trick ``number`` (1..13) of a game
        under ``rules``: what each seat still holds, the cards before ``seat``'s in that
        trick, its leader and spades broken (:func:`.core.breaks_spades`; from the deal
        under ``Rules.spades_any_time``; docs/rules.md §3). Raises ``ValueError`` for a
        trick not in the record or a hidden hand."""
        if not 1 <= number <= len(self.tricks):
            raise ValueError(f"The record has no trick {number}.")
        if any(cards is None for cards in self.deal):
            raise ValueError("The record must hold the four hands.")
        hands = [cards_to_mask(cards or ()) for cards in self.deal]
        for trick in self.tricks[:number - 1]:
            for s, c in trick.plays:
                hands[s] &= ~c.bit
        now = self.tricks[number - 1]
        before: list[PlayedCard] = []
        for s, c in now.plays:
            if s == seat:
                break
            hands[s] &= ~c.bit
            before.append((s, c))
        broken = (spades_broken_at_leads([t.plays for t in self.tricks[:number]],
                                         rules.spades_any_time)[-1]
                  or any(core.breaks_spades(c.index) for _, c in before))
        return PlayPosition((hands[0], hands[1], hands[2], hands[3]), tuple(before),
                            now.leader, broken)


def finished_scores(records: Iterable[HandRecord]) -> tuple[TeamScores, ...]:
    """The score-sheet rows (each record's ``score``, Team → :class:`~.scoring.HandScore`)
    of finished hands' records, in order: what :func:`~.scoring.running_totals` and
    :func:`~.scoring.scores_and_bags` add up (docs/rules.md §4). Raises ``ValueError`` for
    a record of a hand not yet finished."""
    rows = []
    for record in records:
        if record.score is None:
            raise ValueError(f"Hand {record.hand_number} is not finished: its record has no "
                             "score.")
        rows.append(record.score)
    return tuple(rows)
