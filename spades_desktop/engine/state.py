"""Game state, legality and transitions (SPEC §1–§5).

State is immutable: :func:`apply_action` returns a new :class:`GameState` and
leaves the old one unchanged. A game is its rules, its game number and its
action history; :func:`replay` rebuilds any position from them.
"""

from __future__ import annotations

import enum
import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from .cards import (
    DECK,
    FULL_MASK,
    SUIT_MASKS,
    TRICK_STRENGTH,
    Card,
    Seat,
    Suit,
    SuitSubsets,
    Team,
    cards_to_mask,
    iter_mask,
    parse_card,
    sort_hand,
)
from .dealing import deal_masks
from .errors import IllegalActionError
from .rules import Rules
from .scoring import Bid, GameResult, HandScore, TeamScores, game_result, score_team

Action = Bid | Card
"""A bid while bidding, a card while playing."""

PlayedCard = tuple[Seat, Card]
Trick = tuple[PlayedCard, ...]

FIRST_DEALER = Seat.EAST
"""Hand 1 is dealt by East, so South bids and leads first (SPEC §1)."""

MAX_GAME_NUMBER = 2**64 - 1
"""The largest game number: every bit of 0..2**64-1 changes the deals."""

BLIND_NIL_DEFICIT = 100
"""A team must trail by at least this many points to bid Blind Nil (SPEC §2)."""

_SUIT_NAMES = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts",
               Suit.SPADES: "spades"}


class Phase(enum.Enum):
    """Where the game is: bidding, playing a hand, or over."""

    BIDDING = "bidding"
    PLAYING = "playing"
    GAME_OVER = "game_over"


_BIDDING, _PLAYING, _GAME_OVER = Phase.BIDDING, Phase.PLAYING, Phase.GAME_OVER
"""The phases as module constants (reading ``Phase.X`` costs an enum lookup each time)."""


class _Hand(NamedTuple):
    """What stays fixed during one hand (and the game's result once it is over)."""

    rules: Rules
    game_number: int
    hand_number: int
    dealer: Seat
    score_list: tuple[int, int]
    bag_list: tuple[int, int]
    hand_history: tuple[Mapping[Team, HandScore], ...]
    result: GameResult | None


class _Table(NamedTuple):
    """What changes with each bid and each completed trick."""

    bid_list: tuple[Bid | None, Bid | None, Bid | None, Bid | None]
    tricks: tuple[Trick, ...]
    trick_winners: tuple[Seat, ...]
    hand: _Hand


_FIELDS = ("rules", "game_number", "hand_number", "dealer", "phase", "current_player",
           "hand_masks", "bid_list", "trick_counts", "current_trick", "tricks",
           "trick_winners", "spades_broken", "score_list", "bag_list", "hand_history",
           "result")


class GameState(tuple):  # type: ignore[type-arg]
    """A complete position. Build with :func:`new_game`, advance with :func:`apply_action`.

    Immutable and hashable; two states are equal when every field is equal. Public
    fields and properties describe what every player at the table knows.
    ``hand_masks`` holds the four hidden hands as 52-bit masks (indexed by Seat); it
    belongs to the engine: players see hands only through :func:`observe`.

    Fields (all read-only): ``rules``, ``game_number``, ``hand_number`` (1 for the first
    hand), ``dealer``, ``phase``, ``current_player`` (the seat to act, ``None`` once the
    game is over), ``hand_masks``, ``bid_list`` (per seat, ``None`` until it bids),
    ``trick_counts`` (tricks won per seat in this hand), ``current_trick`` (the (seat,
    card) pairs of the trick in play, in the order played), ``tricks`` (the completed
    tricks of this hand), ``trick_winners`` (the winner of each), ``spades_broken`` (True
    once any spade has been played in this hand, SPEC §3), ``score_list`` and
    ``bag_list`` (per team), ``hand_history`` (one score-sheet entry per finished hand)
    and ``result`` (set once the game is over).

    The position is stored as a 7-item tuple: the five fields a card changes, then one
    item for what changes only with a bid or a trick, then the mask of the led suit
    (0 with no trick in play). Playing a card builds that small tuple and nothing else
    (``benchmarks/engine_speed.py`` measures it).
    """

    __slots__ = ()

    if TYPE_CHECKING:
        hand_masks: tuple[int, int, int, int]
        current_trick: Trick
        spades_broken: bool
        phase: Phase
        _table: _Table
    else:
        hand_masks = property(itemgetter(1), doc="The four hands as 52-bit masks.")
        current_trick = property(itemgetter(2), doc="The trick in play.")
        spades_broken = property(itemgetter(3), doc="True once a spade has been played.")
        phase = property(itemgetter(4), doc="Bidding, playing or game over.")
        _table = property(itemgetter(5))

    @property
    def current_player(self) -> Seat | None:
        """The seat to act, or ``None`` once the game is over."""
        seat = self[0]  # stored as a plain int: indexing with it is faster
        return None if seat is None else _SEATS[seat]

    @property
    def rules(self) -> Rules:
        """The settings of this game."""
        return self._table.hand.rules

    @property
    def game_number(self) -> int:
        """The game number, which fixes every deal."""
        return self._table.hand.game_number

    @property
    def hand_number(self) -> int:
        """1 for the first hand."""
        return self._table.hand.hand_number

    @property
    def dealer(self) -> Seat:
        """The dealer of this hand."""
        return self._table.hand.dealer

    @property
    def bid_list(self) -> tuple[Bid | None, Bid | None, Bid | None, Bid | None]:
        """Per seat, its bid in this hand or ``None``."""
        return self._table.bid_list

    @property
    def trick_counts(self) -> tuple[int, int, int, int]:
        """Per seat, the tricks it has won in this hand."""
        winners = self._table.trick_winners
        return (winners.count(_SOUTH), winners.count(_WEST), winners.count(_NORTH),
                winners.count(_EAST))

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks of this hand, in order."""
        return self._table.tricks

    @property
    def trick_winners(self) -> tuple[Seat, ...]:
        """The winner of each completed trick of this hand."""
        return self._table.trick_winners

    @property
    def score_list(self) -> tuple[int, int]:
        """Per team (NS, EW), the running score."""
        return self._table.hand.score_list

    @property
    def bag_list(self) -> tuple[int, int]:
        """Per team (NS, EW), the running bag count (after penalties)."""
        return self._table.hand.bag_list

    @property
    def hand_history(self) -> tuple[Mapping[Team, HandScore], ...]:
        """One entry per finished hand, in order."""
        return self._table.hand.hand_history

    @property
    def result(self) -> GameResult | None:
        """Set once the game is over."""
        return self._table.hand.result

    @property
    def bids(self) -> dict[Seat, Bid]:
        """The bids made so far in this hand (seats yet to bid are absent)."""
        return {_SEATS[i]: b for i, b in enumerate(self.bid_list) if b is not None}

    @property
    def tricks_won(self) -> dict[Seat, int]:
        """Tricks won by each seat in this hand."""
        return {_SEATS[i]: n for i, n in enumerate(self.trick_counts)}

    @property
    def scores(self) -> dict[Team, int]:
        """Each team's running score."""
        scores = self.score_list
        return {Team.NS: scores[0], Team.EW: scores[1]}

    @property
    def bags(self) -> dict[Team, int]:
        """Each team's running bag count (after penalties)."""
        bags = self.bag_list
        return {Team.NS: bags[0], Team.EW: bags[1]}

    @property
    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self[4] is _GAME_OVER

    @property
    def hand_sizes(self) -> dict[Seat, int]:
        """How many cards each seat still holds."""
        return {_SEATS[i]: m.bit_count() for i, m in enumerate(self.hand_masks)}

    @property
    def leader(self) -> Seat:
        """The seat that leads (or led) the trick in play."""
        if self.current_trick:
            return self.current_trick[0][0]
        if self.trick_winners:
            return self.trick_winners[-1]
        return self.dealer.left

    def replace(self, **changes: Any) -> GameState:
        """A copy with the named fields changed, without any rule check (for tests and
        tools that set up a position). Raises ``TypeError`` for an unknown field name."""
        unknown = set(changes) - set(_FIELDS)
        if unknown:
            raise TypeError(f"GameState has no field {sorted(unknown)[0]!r}.")
        values = {name: getattr(self, name) for name in _FIELDS}
        values.update(changes)
        return _make_state(**values)

    def __repr__(self) -> str:
        return "GameState(" + ", ".join(f"{n}={getattr(self, n)!r}" for n in _FIELDS) + ")"

    # A position equals only another position, and positions have no order.
    def __eq__(self, other: object) -> bool:
        return type(other) is GameState and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = tuple.__hash__

    def __lt__(self, other: object) -> bool:
        return NotImplemented

    __le__ = __gt__ = __ge__ = __lt__


def _make_state(
    *,
    rules: Rules,
    game_number: int,
    hand_number: int,
    dealer: Seat,
    phase: Phase,
    current_player: Seat | None,
    hand_masks: tuple[int, int, int, int],
    bid_list: tuple[Bid | None, Bid | None, Bid | None, Bid | None],
    trick_counts: tuple[int, int, int, int],
    current_trick: Trick,
    tricks: tuple[Trick, ...],
    trick_winners: tuple[Seat, ...],
    spades_broken: bool,
    score_list: tuple[int, int],
    bag_list: tuple[int, int],
    hand_history: tuple[Mapping[Team, HandScore], ...],
    result: GameResult | None,
) -> GameState:
    hand = _Hand(rules, game_number, hand_number, dealer, score_list, bag_list,
                 hand_history, result)
    if tuple(trick_winners.count(seat) for seat in _SEATS) != tuple(trick_counts):
        raise ValueError("The trick counts must match the trick winners.")
    table = _Table(bid_list, tricks, trick_winners, hand)
    led = _LED_MASK[current_trick[0][1].index] if current_trick else 0
    seat = None if current_player is None else int(current_player)
    return GameState((seat, hand_masks, current_trick, spades_broken, phase, table, led))


_new_tuple = tuple.__new__


def _blind_nil_allowed(rules: Rules, scores: tuple[int, int], seat: Seat) -> bool:
    team = seat.team
    return rules.blind_nil and scores[team.other] - scores[team] >= BLIND_NIL_DEFICIT


def legal_bids(rules: Rules, scores: tuple[int, int], seat: Seat) -> tuple[Bid, ...]:
    """The bids open to ``seat``: Nil and 1..13, plus Blind Nil when allowed (SPEC §2)."""
    if _blind_nil_allowed(rules, scores, seat):
        return _BIDS_WITH_BLIND_NIL
    return _BIDS


_BIDS: tuple[Bid, ...] = tuple(Bid(n) for n in range(14))
_BIDS_WITH_BLIND_NIL: tuple[Bid, ...] = _BIDS + (Bid(0, blind=True),)


def legal_card_mask(hand: int, trick: Trick, spades_broken: bool) -> int:
    """The mask of the cards in ``hand`` (a mask) that may be played to ``trick`` (SPEC §3).

    Following: the led suit if held, otherwise any card (trumping allowed). Leading:
    any non-spade until spades are broken, or any card if the hand holds only spades.
    """
    return _legal_mask(hand, SUIT_MASKS[trick[0][1].suit] if trick else 0, spades_broken)


def _legal_mask(hand: int, led: int, spades_broken: bool) -> int:
    """:func:`legal_card_mask` with the trick given by ``led``, the mask of the led suit
    (0 when leading): the one place the engine decides which cards may be played."""
    if led:
        follow = hand & led
        return follow if follow else hand
    if spades_broken:
        return hand
    side = hand & _SIDE_MASK
    return side if side else hand


def trick_winner(trick: Sequence[PlayedCard]) -> Seat:
    """The seat winning a (possibly incomplete) trick: the highest spade if any, else the
    highest card of the led suit (SPEC §3). Raises ``ValueError`` for an empty trick."""
    if not trick:
        raise ValueError("An empty trick has no winner.")
    strength = TRICK_STRENGTH[trick[0][1].suit]
    winner, best = trick[0][0], -2
    for seat, card in trick:
        if strength[card.index] > best:
            winner, best = seat, strength[card.index]
    return winner


_SUIT_CARDS = tuple(SuitSubsets(DECK[13 * s:13 * s + 13]) for s in range(4))
"""Per suit, rank mask → its cards: legal cards are a lookup per suit."""
_CLUBS_OF, _DIAMONDS_OF, _HEARTS_OF, _SPADES_OF = _SUIT_CARDS
_FOLLOW = {SUIT_MASKS[suit]: (13 * suit, _SUIT_CARDS[suit]) for suit in range(4)}
"""Led suit's mask → (shift of that suit in a hand mask, its table of cards)."""
_SIDE_MASK = FULL_MASK & ~SUIT_MASKS[Suit.SPADES]
_LED_MASK = tuple(SUIT_MASKS[i // 13] for i in range(52))
"""Card index → the mask of its suit (what a trick led with that card asks to follow)."""
_RANKS = 0x1FFF
_SEATS = tuple(Seat)
_SOUTH, _WEST, _NORTH, _EAST = _SEATS
_NEXT_SEAT = (1, 2, 3, 0)
"""Seat number → the next seat's number, clockwise."""
_PLAYED = tuple(tuple((seat, card) for card in DECK) for seat in _SEATS)
"""Per seat and card index, the (seat, card) pair of a trick (shared, immutable)."""


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every action the current player may take (SPEC §2–§3): bids while bidding, cards
    (in index order) while playing, nothing once the game is over."""
    seat, masks, trick, broken, phase, table, led = state
    if phase is not _PLAYING:
        if phase is _BIDDING:
            return legal_bids(table.hand.rules, table.hand.score_list, _SEATS[seat])
        return ()
    legal = _legal_mask(masks[seat], led, broken)
    if legal & led:  # following suit: one suit's table
        shift, cards_of = _FOLLOW[led]
        return cards_of[legal >> shift & _RANKS]
    return (_CLUBS_OF[legal & _RANKS] + _DIAMONDS_OF[legal >> 13 & _RANKS]
            + _HEARTS_OF[legal >> 26 & _RANKS] + _SPADES_OF[legal >> 39])


def explain_illegal(state: GameState, action: object) -> str | None:
    """Why ``action`` is illegal now, in a player's words, or ``None`` if it is legal."""
    seat = state.current_player
    if seat is None:
        return "The game is over."
    if state.phase is _BIDDING:
        if isinstance(action, Card):
            return "Bidding is not finished: make your bid first."
        if not isinstance(action, Bid):
            return "That is neither a bid nor a card."
        if action.blind:
            if not state.rules.blind_nil:
                return "Blind Nil is switched off in this game."
            if not _blind_nil_allowed(state.rules, state.score_list, seat):
                return "Blind Nil is allowed only when your team trails by 100 points or more."
        return None
    if isinstance(action, Bid):
        return "Bidding is over: play a card."
    if not isinstance(action, Card):
        return "That is neither a bid nor a card."
    hand = state.hand_masks[seat]
    if not hand & action.bit:
        return f"You don't hold the {action.label}."
    if legal_card_mask(hand, state.current_trick, state.spades_broken) & action.bit:
        return None
    if state.current_trick:
        return f"You must follow {_SUIT_NAMES[state.current_trick[0][1].suit]}."
    return "Spades have not been broken yet: lead another suit."


def _initial_hand(
    rules: Rules,
    game_number: int,
    hand_number: int,
    dealer: Seat,
    scores: tuple[int, int],
    bags: tuple[int, int],
    history: tuple[Mapping[Team, HandScore], ...],
    deal: Mapping[Seat, Sequence[Card]] | None = None,
) -> GameState:
    if deal is None:
        masks = deal_masks(game_number, hand_number, dealer)
    else:
        masks = (cards_to_mask(deal[Seat.SOUTH]), cards_to_mask(deal[Seat.WEST]),
                 cards_to_mask(deal[Seat.NORTH]), cards_to_mask(deal[Seat.EAST]))
    hand = _Hand(rules, game_number, hand_number, dealer, scores, bags, history, None)
    table = _Table((None, None, None, None), (), (), hand)
    return GameState((_NEXT_SEAT[dealer], masks, (), False, _BIDDING, table, 0))


def validate_deal(deal: Mapping[Seat, Sequence[Card]]) -> None:
    """Check a fixed deal: 13 distinct cards per seat, all 52 cards in all.

    Raises ``ValueError`` saying what is wrong.
    """
    seen = 0
    for seat in Seat:
        if seat not in deal:
            raise ValueError(f"The deal has no cards for {seat.name.title()}.")
        hand = list(deal[seat])
        if len(hand) != 13:
            raise ValueError(f"{seat.name.title()} must get 13 cards, not {len(hand)}.")
        for c in hand:
            if not isinstance(c, Card):
                raise ValueError(f"{c!r} is not a card.")
            if seen & c.bit:
                raise ValueError(f"The card {c} is dealt twice.")
            seen |= c.bit
    if seen != FULL_MASK:
        raise ValueError("The deal must use all 52 cards.")


def new_game(
    rules: Rules,
    game_number: int,
    deal: Mapping[Seat, Sequence[Card]] | None = None,
) -> GameState:
    """A new game at hand 1, East dealing, South to bid (SPEC §1).

    ``game_number`` (0 to :data:`MAX_GAME_NUMBER`) fixes every deal; ``deal`` optionally fixes
    the first hand's cards (13 per seat). Raises ``ValueError`` for a negative game
    number or a bad deal.
    """
    if (isinstance(game_number, bool) or not isinstance(game_number, int)
            or not 0 <= game_number <= MAX_GAME_NUMBER):
        raise ValueError("The game number must be a whole number from 0 to 2**64 - 1.")
    if deal is not None:
        validate_deal(deal)
    return _initial_hand(rules, game_number, 1, FIRST_DEALER, (0, 0), (0, 0), (), deal)


def apply_action(state: GameState, action: Action) -> GameState:
    """The state after the current player takes ``action`` (SPEC §2–§5).

    The old state is unchanged. Raises :class:`IllegalActionError` (a ``ValueError``)
    whose message says why, e.g. "You must follow hearts."
    """
    # The common cases (a card while playing, a bid while bidding) are checked and
    # applied directly: this runs for every card of every game, replay and search.
    # Anything else, and every refusal, goes through explain_illegal.
    seat, masks, trick, broken, phase, table, led = state
    if isinstance(action, Card) and phase is _PLAYING:
        bit = action.bit
        if _legal_mask(masks[seat], led, broken) & bit:
            south, west, north, east = masks
            if seat == 0:
                south ^= bit
            elif seat == 1:
                west ^= bit
            elif seat == 2:
                north ^= bit
            else:
                east ^= bit
            index = action.index
            if not led:  # the lead
                return GameState((
                    _NEXT_SEAT[seat], (south, west, north, east), (_PLAYED[seat][index],),
                    broken or index >= 39, _PLAYING, table, _LED_MASK[index]))
            trick += (_PLAYED[seat][index],)
            if len(trick) < 4:
                return GameState((
                    _NEXT_SEAT[seat], (south, west, north, east), trick,
                    broken or index >= 39, _PLAYING, table, led))
            return _end_trick(table, (south, west, north, east), trick,
                              broken or index >= 39)
    elif isinstance(action, Bid) and phase is _BIDDING and (
            not action.blind or explain_illegal(state, action) is None):
        return _bid(state, seat, action)
    why = explain_illegal(state, action)
    assert why is not None, "every action not taken above is illegal"
    raise IllegalActionError(why)


def _bid(state: GameState, seat: Seat, bid: Bid) -> GameState:
    """``seat`` makes ``bid`` (already checked legal)."""
    table: _Table = state[5]
    bids = list(table.bid_list)
    bids[seat] = bid
    table = _new_tuple(_Table, ((bids[0], bids[1], bids[2], bids[3]), table.tricks,
                                table.trick_winners, table.hand))
    if bids[0] is None or bids[1] is None or bids[2] is None or bids[3] is None:
        return GameState((_NEXT_SEAT[seat], state[1], (), False, _BIDDING, table, 0))
    # All four have bid: the dealer's left leads (SPEC §1).
    return GameState((_NEXT_SEAT[table.hand.dealer], state[1], (), False, _PLAYING, table, 0))


def _end_trick(table: _Table, masks: tuple[int, int, int, int], trick: Trick,
               broken: bool) -> GameState:
    """The state once the fourth card of ``trick`` has been played (SPEC §3)."""
    winner = trick_winner(trick)
    tricks = table.tricks + (trick,)
    table = _new_tuple(_Table, (table.bid_list, tricks, table.trick_winners + (winner,),
                                table.hand))
    after = GameState((int(winner), masks, (), broken, _PLAYING, table, 0))
    if len(tricks) < 13:
        return after
    return _finish_hand(after)


def _finish_hand(state: GameState) -> GameState:
    table = state._table
    hand = table.hand
    south, west, north, east = table.bid_list
    assert south is not None and west is not None and north is not None and east is not None
    winners = table.trick_winners
    won = (winners.count(_SOUTH), winners.count(_WEST), winners.count(_NORTH),
           winners.count(_EAST))
    penalty = hand.rules.bag_penalty
    ns = score_team(penalty, south, north, won[0], won[2], hand.bag_list[0])
    ew = score_team(penalty, west, east, won[1], won[3], hand.bag_list[1])
    scores = (hand.score_list[0] + ns.total, hand.score_list[1] + ew.total)
    bags = (ns.bags_after, ew.bags_after)
    history = hand.hand_history + (TeamScores(ns, ew),)
    result = game_result(hand.rules, scores[0], scores[1], hand.hand_number)
    if result is not None:
        over = hand._replace(score_list=scores, bag_list=bags, hand_history=history,
                             result=result)
        return GameState((None, state[1], (), state[3], _GAME_OVER,
                                      table._replace(hand=over), 0))
    return _initial_hand(hand.rules, hand.game_number, hand.hand_number + 1,
                         _SEATS[_NEXT_SEAT[hand.dealer]], scores, bags, history)


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What one seat may know: its own hand and everything public, nothing more (SPEC §6).

    Bots receive only this. ``legal`` lists the seat's legal actions when it is to act
    (empty otherwise). ``blind_nil_allowed`` tells whether this seat may bid Blind Nil
    in this hand's bidding.
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

    @property
    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.phase is _GAME_OVER

    @property
    def played_cards(self) -> tuple[Card, ...]:
        """Every card played so far in this hand (completed tricks, then the trick in play)."""
        return tuple(c for t in self.tricks for _, c in t) + tuple(
            c for _, c in self.current_trick)

    @property
    def sorted_hand(self) -> tuple[Card, ...]:
        """The hand as players arrange it (spades, hearts, clubs, diamonds; high to low)."""
        return sort_hand(self.hand)

    def explain(self, action: Action) -> str | None:
        """Why ``action`` is illegal for this seat now, or ``None`` if it is legal."""
        if self.current_player != self.seat:
            return "It is not your turn."
        if action in self.legal:
            return None
        if self.phase is _BIDDING:
            if isinstance(action, Card):
                return "Bidding is not finished: make your bid first."
            if not self.rules.blind_nil:
                return "Blind Nil is switched off in this game."
            return "Blind Nil is allowed only when your team trails by 100 points or more."
        if isinstance(action, Bid):
            return "Bidding is over: play a card."
        if action not in self.hand:
            return f"You don't hold the {action.label}."
        if self.current_trick:
            return f"You must follow {_SUIT_NAMES[self.current_trick[0][1].suit]}."
        return "Spades have not been broken yet: lead another suit."


def observe(state: GameState, seat: Seat) -> PlayerView:
    """The view of ``state`` from ``seat``: its own hand plus public information (SPEC §6)."""
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
        blind_nil_allowed=(state.phase is _BIDDING
                           and _blind_nil_allowed(state.rules, state.score_list, seat)),
    )


def action_to_str(action: Action) -> str:
    """A stable text form of an action for saves: ``"QS"``, ``"bid 4"``, ``"nil"``,
    ``"blind nil"``."""
    if isinstance(action, Card):
        return str(action)
    if action.blind:
        return "blind nil"
    return "nil" if action.tricks == 0 else f"bid {action.tricks}"


def parse_action(text: str) -> Action:
    """Inverse of :func:`action_to_str`; raises ``ValueError`` on anything else."""
    t = text.strip().lower()
    if t == "nil":
        return Bid(0)
    if t == "blind nil":
        return Bid(0, blind=True)
    if t.startswith("bid "):
        num = t[4:].strip()
        if not num.isdigit():
            raise ValueError(f"{text!r} is not a bid.")
        n = int(num)
        if n == 0:
            raise ValueError("A bid of zero is written 'nil'.")
        return Bid(n)
    return parse_card(text)


def replay(
    rules: Rules,
    game_number: int,
    actions: Iterable[Action],
    deal: Mapping[Seat, Sequence[Card]] | None = None,
) -> GameState:
    """Rebuild a position from its game's rules, number, optional first deal and actions.

    Raises :class:`IllegalActionError` at the first illegal action.
    """
    state = new_game(rules, game_number, deal)
    for a in actions:
        state = apply_action(state, a)
    return state


def state_digest(state: GameState) -> str:
    """A SHA-256 hex digest of the whole position (for detecting a save that replays
    differently)."""
    parts = [
        repr(state.rules.to_dict()), str(state.game_number), str(state.hand_number),
        state.dealer.name, state.phase.value, str(state.current_player),
        ",".join(str(m) for m in state.hand_masks),
        ",".join(action_to_str(b) if b else "-" for b in state.bid_list),
        repr(state.trick_counts), repr([(s.name, str(c)) for s, c in state.current_trick]),
        repr([[(s.name, str(c)) for s, c in t] for t in state.tricks]),
        str(state.spades_broken), repr(state.score_list), repr(state.bag_list),
        repr([[h[t] for t in Team] for h in state.hand_history]),
        repr(state.result),
    ]
    return hashlib.sha256("|".join(parts).encode()).hexdigest()


__all__ = [
    "DECK", "Action", "GameState", "Phase", "PlayerView", "PlayedCard", "Trick",
    "action_to_str", "apply_action", "explain_illegal", "legal_actions", "legal_bids",
    "legal_card_mask", "new_game", "observe", "parse_action", "replay", "state_digest",
    "trick_winner", "validate_deal",
]
