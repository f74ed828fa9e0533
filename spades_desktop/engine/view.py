"""What one seat may know: :class:`PlayerView` and :func:`observe` (docs/rules.md §6).

Bots receive only a view; the table for South is drawn from South's view, so no hidden
card can reach the screen early.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from . import checks
from .actions import Action
from .cards import Card, Seat, Team, cards_to_mask, iter_mask, mask_to_cards, sort_hand
from .errors import Refusal, RuleCode
from .legality import (
    PlayedCard,
    Trick,
    blind_nil_open,
    refusal,
    spades_broken_at_leads,
    trick_leader,
)
from .phase import Phase
from .record import HandRecord, finished_scores
from .rules import Rules
from .scoring import (
    Bid,
    GameResult,
    NilStatus,
    nil_status,
    running_totals,
    team_contract,
)
from .state import GameState, hand_positions, legal_actions

__all__ = ["PlayedCard", "PlayerView", "Trick", "decision_views", "observe"]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What one seat may know: its own hand and everything public, nothing more (docs/rules.md §6).

    Bots receive only this. ``legal`` lists the seat's legal actions when it is to act
    (empty otherwise). ``blind_nil_allowed`` tells whether this seat may still bid
    Blind Nil in this hand's bidding (the setting is on, its team trails by 100 or more,
    it has not bid and has not looked at its cards, and the bidding rules offer it after
    its partner's bid); ``cards_seen`` whether it looked
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
    def leader(self) -> Seat:
        """The seat that leads (or led) the trick in play; while bidding, the seat that
        will lead the first trick (:func:`.legality.trick_leader`, docs/rules.md §3)."""
        return trick_leader(self.dealer, self.trick_winners, self.current_trick)

    @property
    def cards_out(self) -> tuple[Card, ...]:
        """The cards the other three seats still hold between them: neither in this hand
        nor played yet in this hand (in card-index order)."""
        gone = cards_to_mask(self.hand) | cards_to_mask(self.played_cards)
        return mask_to_cards(self.rules.deck_mask & ~gone)

    @property
    def spades_broken_at_leads(self) -> tuple[bool, ...]:
        """For each trick of this hand (completed ones, then the trick in play once led),
        whether spades were broken when it was led (docs/rules.md §3)."""
        return spades_broken_at_leads((*self.tricks, self.current_trick),
                                      self.rules.spades_any_time)

    def nil_status(self, seat: Seat) -> NilStatus:
        """``seat``'s :class:`~.scoring.NilStatus` in this hand so far (docs/rules.md §4)."""
        return nil_status(self.bids.get(seat), self.tricks_won.get(seat, 0))

    def contract(self, team: Team) -> tuple[int, int]:
        """``(contract, contract_tricks)`` of ``team`` so far: the sum of its non-Nil bids
        made, and the tricks that count toward it under the game's rules
        (:func:`~.scoring.team_contract`;
        docs/rules.md §4). A contract of 0: none (yet)."""
        a, b = team.seats
        return team_contract((self.bids.get(a), self.bids.get(b)),
                             (self.tricks_won.get(a, 0), self.tricks_won.get(b, 0)), self.rules)

    def contract_need(self, team: Team) -> int | None:
        """Tricks ``team`` still needs for its contract (0 or less: made, the negative
        part being overtricks), ``None`` while it has no contract (docs/rules.md §4)."""
        contract, won = self.contract(team)
        return contract - won if contract else None

    @property
    def running_totals(self) -> tuple[tuple[int, int], ...]:
        """The scores (NS, EW) after each finished hand of the game (docs/rules.md §4)."""
        return running_totals(finished_scores(self.hand_records))

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
                       self.bids.get(self.seat.partner), cards_to_mask(self.hand),
                       self.current_trick, self.spades_broken, action)


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
        hand_sizes=state.hand_sizes,
        result=state.result,
        legal=legal_actions(state) if state.current_player == seat else (),
        blind_nil_allowed=(state.phase is Phase.BIDDING and state.bid_list[seat] is None
                           and blind_nil_open(state.rules, state.score_list, seat,
                                              state.cards_seen[seat],
                                              state.bid_list[seat.partner])),
        cards_seen=state.cards_seen[seat],
        hand_records=state.hand_records,
        hand_record=record if state.is_terminal else _public_record(record, seat),
    )


def decision_views(record: HandRecord, rules: Rules, earlier: Sequence[HandRecord], *,
                   seat: Seat = Seat.SOUTH,
                   game_number: int = 0) -> Iterator[tuple[PlayerView, Action]]:
    """The view ``seat`` had at each of its decisions in the finished hand ``record``, with
    the action it took there, in order: :func:`observe` of each of its positions in
    :func:`~.state.hand_positions` (docs/rules.md §6: only its own cards and what is
    public), so the views equal those it was given during play. ``earlier``: the records
    of the game's hands before this one; ``game_number`` is copied into the views. Raises
    what :func:`~.state.hand_positions` raises, ``TypeError`` / ``ValueError`` for a bad
    ``seat``."""
    seat = checks.seat(seat)
    for state, action in hand_positions(record, rules, earlier, game_number):
        if state.current_player == seat:
            yield observe(state, seat), action
