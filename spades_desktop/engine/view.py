"""What one seat may know: :class:`PlayerView` and :func:`observe` (docs/rules.md §6).

Bots receive only a view; the table for South is drawn from South's view, so no hidden
card can reach the screen early.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from . import checks
from .actions import Action
from .cards import Card, Seat, Team, cards_to_mask, iter_mask, sort_hand
from .errors import Refusal, RuleCode
from .legality import PlayedCard, Trick, blind_nil_open, refusal
from .phase import Phase
from .record import HandRecord
from .rules import Rules
from .scoring import Bid, GameResult, HandScore
from .state import GameState, legal_actions

__all__ = ["PlayedCard", "PlayerView", "Trick", "observe"]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What one seat may know: its own hand and everything public, nothing more (docs/rules.md §6).

    Bots receive only this. ``legal`` lists the seat's legal actions when it is to act
    (empty otherwise). ``blind_nil_allowed`` tells whether this seat may still bid
    Blind Nil in this hand's bidding (the setting is on, its team trails by 100 or more,
    it has not bid and has not looked at its cards); ``cards_seen`` whether it looked
    at its cards instead (docs/rules.md §2).

    ``hand_records`` holds the full record of every finished hand (every card of a
    finished hand has been played face up); ``hand_record`` the hand so far as this seat
    knows it: its own dealt cards, ``None`` for the other seats' (the full record once
    the game is over).
    """

    seat: Seat
    hand: tuple[Card, ...]
    """This seat's cards, sorted by suit then rank (ascending)."""
    rules: Rules
    game_number: int
    hand_number: int
    dealer: Seat
    phase: Phase
    current_player: Seat | None
    bids: Mapping[Seat, Bid]
    tricks_won: Mapping[Seat, int]
    current_trick: Trick
    tricks: tuple[Trick, ...]
    trick_winners: tuple[Seat, ...]
    spades_broken: bool
    scores: Mapping[Team, int]
    bags: Mapping[Team, int]
    hand_history: tuple[Mapping[Team, HandScore], ...]
    hand_sizes: Mapping[Seat, int]
    result: GameResult | None
    legal: tuple[Action, ...]
    blind_nil_allowed: bool
    cards_seen: bool
    hand_records: tuple[HandRecord, ...]
    hand_record: HandRecord

    @property
    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.phase is Phase.GAME_OVER

    @property
    def played_cards(self) -> tuple[Card, ...]:
        """Every card played so far in this hand (completed tricks, then the trick in play)."""
        return tuple(c for t in self.tricks for _, c in t) + tuple(
            c for _, c in self.current_trick)

    @property
    def sorted_hand(self) -> tuple[Card, ...]:
        """The hand as players arrange it (spades, hearts, clubs, diamonds; high to low)."""
        return sort_hand(self.hand)

    def explain(self, action: Action) -> Refusal | None:
        """Why ``action`` is illegal for this seat now, as a :class:`Refusal`, or ``None``
        if it is legal (docs/rules.md §2–§3): the same rule as the engine's ``explain_illegal``."""
        if self.phase is Phase.GAME_OVER:
            return Refusal(RuleCode.GAME_OVER)
        if self.current_player != self.seat:
            return Refusal(RuleCode.NOT_YOUR_TURN)
        scores = (self.scores[Team.NS], self.scores[Team.EW])
        return refusal(self.phase, self.rules, scores, self.seat, self.cards_seen,
                       cards_to_mask(self.hand), self.current_trick, self.spades_broken,
                       action)


def _public_record(record: HandRecord, seat: Seat) -> HandRecord:
    """``record`` with the other seats' dealt cards hidden."""
    deal = tuple(cards if s == seat else None for s, cards in zip(Seat, record.deal,
                                                                    strict=True))
    return HandRecord(record.hand_number, record.dealer,
                      (deal[0], deal[1], deal[2], deal[3]), record.bids, record.tricks,
                      record.tricks_won, record.score)


def observe(state: GameState, seat: Seat) -> PlayerView:
    """The view of ``state`` from ``seat``: its own hand plus public information (docs/rules.md §6).

    ``seat`` is a :class:`Seat` or an ``int`` 0..3. Raises ``TypeError`` for a ``state``
    that is not a :class:`GameState` or a seat of another type (a ``bool`` included),
    ``ValueError`` for a seat outside 0..3."""
    if not isinstance(state, GameState):
        raise TypeError(f"Expected a GameState, not {type(state).__name__}.")
    seat = checks.seat(seat)
    record = state.hand_record
    return PlayerView(
        seat=seat,
        hand=tuple(iter_mask(state.hand_masks[seat])),
        rules=state.rules,
        game_number=state.game_number,
        hand_number=state.hand_number,
        dealer=state.dealer,
        phase=state.phase,
        current_player=state.current_player,
        bids=state.bids,
        tricks_won=state.tricks_won,
        current_trick=state.current_trick,
        tricks=state.tricks,
        trick_winners=state.trick_winners,
        spades_broken=state.spades_broken,
        scores=state.scores,
        bags=state.bags,
        hand_history=state.hand_history,
        hand_sizes=state.hand_sizes,
        result=state.result,
        legal=legal_actions(state) if state.current_player == seat else (),
        blind_nil_allowed=(state.phase is Phase.BIDDING and state.bid_list[seat] is None
                           and blind_nil_open(state.rules, state.score_list, seat,
                                              state.cards_seen[seat])),
        cards_seen=state.cards_seen[seat],
        hand_records=state.hand_records,
        hand_record=record if state.is_terminal else _public_record(record, seat),
    )
