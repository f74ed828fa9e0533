"""Game state and its transitions (docs/rules.md §1–§5).

State is immutable: :func:`apply_action` returns a new :class:`GameState` and
leaves the old one unchanged. A game is its rules, its game number and its
action history; :func:`replay` rebuilds any position from them. Legality lives in
:mod:`.legality`, what a seat may see in :mod:`.view`, text forms in
:mod:`.serialisation`, the record of each hand in :mod:`.record`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

try:
    import cython
except ImportError:  # Cython is needed only to build the compiled module
    from .. import cython_shim as cython

from . import checks, core
from .actions import LOOK_AT_HAND, Action, LookAtHand
from .cards import (
    CARDS,
    DECK_NAMES,
    SUIT_CARDS,
    Card,
    Seat,
    Team,
    cards_of_mask,
    cards_to_mask,
)
from .core import legal_mask, trick_winner_position
from .dealing import MAX_GAME_NUMBER, deal_masks
from .errors import IllegalActionError, Refusal, RuleCode
from .legality import PlayedCard, Trick, bidding_actions, refusal, trick_leader
from .phase import Phase
from .record import HandRecord, TrickRecord, finished_scores
from .rules import Rules
from .scoring import (
    MADE_FLAGS,
    Bid,
    GameResult,
    HandScore,
    TeamScores,
    game_result,
    score_team,
    scores_and_bags,
    thirteen_winner,
)

__all__ = [
    "FIRST_DEALER", "MAX_GAME_NUMBER", "GameState", "PlayedCard", "Trick", "apply_action",
    "explain_illegal", "hand_positions", "legal_actions", "new_game", "replay",
    "validate_deal",
]

FIRST_DEALER = Seat.EAST
"""Hand 1 is dealt by East, so South bids and leads first (docs/rules.md §1)."""

_BIDDING, _PLAYING, _GAME_OVER = Phase.BIDDING, Phase.PLAYING, Phase.GAME_OVER
"""The phases as module constants (reading ``Phase.X`` costs an enum lookup each time)."""

_NOT_SEEN = (False, False, False, False)


class _Hand(NamedTuple):
    """What stays fixed during one hand (and the game's result once it is over)."""

    rules: Rules
    game_number: int
    hand_number: int
    dealer: Seat
    dealt: tuple[int, int, int, int]
    """The four hands as dealt (52-bit masks), for the hand's record."""
    score_list: tuple[int, int]
    bag_list: tuple[int, int]
    hand_records: tuple[HandRecord, ...]
    result: GameResult | None


class _Table(NamedTuple):
    """What changes with each bid and each completed trick."""

    bid_list: tuple[Bid | None, Bid | None, Bid | None, Bid | None]
    tricks: tuple[Trick, ...]
    trick_winners: tuple[Seat, ...]
    hand: _Hand
    cards_seen: tuple[bool, bool, bool, bool]
    """Per seat, whether it took :data:`LOOK_AT_HAND` in this hand's bidding."""


_FIELDS = ("rules", "game_number", "hand_number", "dealer", "phase", "current_player",
           "hand_masks", "bid_list", "trick_counts", "current_trick", "tricks",
           "trick_winners", "spades_broken", "score_list", "bag_list", "hand_records",
           "cards_seen", "result")


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
    once any spade has been played in this hand, or from the deal under
    ``Rules.spades_any_time``, docs/rules.md §3), ``score_list`` and
    ``bag_list`` (per team), ``hand_records`` (the :class:`HandRecord` of each finished
    hand), ``cards_seen`` (per seat, whether it looked at its cards instead of bidding
    Blind Nil in this hand) and ``result`` (set once the game is over). Derived:
    ``hand_record`` (the hand so far). Each finished hand's score-sheet rows are its
    record's ``score`` (:func:`.record.finished_scores` lists them).

    The position is stored as a 10-item tuple: the seat to act, the four hands' masks,
    the trick in play, spades broken and the phase (what a card changes), one item for
    what changes only with a bid or a trick, then the mask of the led suit (0 with no
    trick in play). Playing a card builds that tuple and little else
    (``benchmarks/engine_speed.py`` measures it).
    """

    __slots__ = ()

    def __new__(cls, items: Iterable[Any]) -> GameState:
        """A position from its ten items (see above). The engine builds positions itself;
        this checks what any other caller (``replace``, unpickling) gives and raises
        ``TypeError`` or ``ValueError`` for items that are not a position's, which the
        engine's reads would otherwise take on trust."""
        values = tuple(items)
        _check_position(values)
        return tuple.__new__(cls, values)

    if TYPE_CHECKING:
        hand_masks: tuple[int, int, int, int]
        current_trick: Trick
        spades_broken: bool
        phase: Phase
        _table: _Table
    else:
        hand_masks = property(itemgetter(1, 2, 3, 4),
                              doc="The four hands as 52-bit masks.")
        current_trick = property(itemgetter(5), doc="The trick in play.")
        spades_broken = property(itemgetter(6), doc="True once a spade has been played "
                                 "(from the deal under Rules.spades_any_time).")
        phase = property(itemgetter(7), doc="Bidding, playing or game over.")
        _table = property(itemgetter(8))

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
        return _tricks_won(self._table.trick_winners)

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
    def hand_records(self) -> tuple[HandRecord, ...]:
        """The record of every finished hand, in order (docs/rules.md §1–§4)."""
        return self._table.hand.hand_records

    @property
    def cards_seen(self) -> tuple[bool, bool, bool, bool]:
        """Per seat, True once it has looked at its cards instead of bidding Blind Nil
        in this hand (docs/rules.md §2)."""
        return self._table.cards_seen

    @property
    def hand_record(self) -> HandRecord:
        """The record of the hand in progress (``score`` is ``None``); once the game is
        over, the record of its last hand."""
        if self[7] is _GAME_OVER:
            return self._table.hand.hand_records[-1]
        return _record(self._table, None)

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
        return self[7] is _GAME_OVER

    @property
    def hand_sizes(self) -> dict[Seat, int]:
        """How many cards each seat still holds."""
        return {_SEATS[i]: m.bit_count() for i, m in enumerate(self.hand_masks)}

    @property
    def leader(self) -> Seat:
        """The seat that leads (or led) the trick in play (:func:`.legality.trick_leader`)."""
        return trick_leader(self.dealer, self.trick_winners, self.current_trick)

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


def _is_int(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _tuple_of(value: object, length: int | None = None) -> bool:
    return type(value) is tuple and (length is None or len(value) == length)


def _check_position(values: tuple[Any, ...]) -> None:
    """Raises ``TypeError`` / ``ValueError`` unless ``values`` are a position's ten items
    with the types and ranges the engine reads them with (not the rules: positions set
    up by ``replace`` need not be reachable)."""
    if len(values) != 10:
        raise ValueError(f"A position has 10 items, not {len(values)}.")
    seat, south, west, north, east, trick, broken, phase, table, led = values
    if seat is not None and not _is_int(seat, 0, 3):
        raise ValueError(f"The seat to act must be 0..3 or None, not {seat!r}.")
    for mask in (south, west, north, east, led):
        if not _is_int(mask, 0, core.ALL_CARDS_MASK):
            raise ValueError(f"Hands and the led suit are 56-bit masks, not {mask!r}.")
    if not _tuple_of(trick) or len(trick) > 3 or not all(
            _tuple_of(p, 2) and isinstance(p[0], Seat) and isinstance(p[1], Card)
            for p in trick):
        raise TypeError("The trick in play must be a tuple of up to three (Seat, Card).")
    if type(broken) is not bool or not isinstance(phase, Phase):
        raise TypeError("Spades broken must be a bool and the phase a Phase.")
    if type(table) is not _Table:
        raise TypeError("A position's table must be its _Table.")
    bid_list, tricks, winners, hand, seen = table
    if not (_tuple_of(bid_list, 4) and _tuple_of(tricks) and _tuple_of(winners, len(tricks))
            and _tuple_of(seen, 4) and type(hand) is _Hand):
        raise TypeError("A table holds four bids, the tricks, their winners, the hand and "
                        "four looked-at flags, in tuples.")
    if not all(b is None or isinstance(b, Bid) for b in bid_list) or not all(
            _tuple_of(t, 4) for t in tricks):
        raise TypeError("Bids must be Bid or None, and each trick four (Seat, Card).")
    if not all(isinstance(w, Seat) for w in winners):
        raise ValueError("Each trick's winner must be a Seat.")
    if not (_tuple_of(hand.dealt, 4) and all(_is_int(m, 0, core.ALL_CARDS_MASK) for m in hand.dealt)
            and _tuple_of(hand.score_list, 2) and _tuple_of(hand.bag_list, 2)
            and _tuple_of(hand.hand_records)):
        raise TypeError("A hand holds four dealt masks, two scores, two bag counts and the "
                        "records, in tuples.")


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
    hand_records: tuple[HandRecord, ...],
    cards_seen: tuple[bool, bool, bool, bool],
    result: GameResult | None,
) -> GameState:
    # Exact tuples (a caller may pass lists; the compiled module reads them as tuples).
    bid_list, tricks, trick_winners = (*bid_list,), tuple(tricks), tuple(trick_winners)
    hand_records, cards_seen = tuple(hand_records), (*cards_seen,)
    spades_broken = bool(spades_broken)
    tricks = tuple(tuple(trick) for trick in tricks)
    trick_winners = tuple(Seat(winner) for winner in trick_winners)  # ValueError if no seat
    finished_scores(hand_records)  # ValueError for a record without its score
    dealt = list(hand_masks)
    for played in (*tricks, current_trick):
        for player, card in played:
            dealt[player] |= card.bit
    hand = _Hand(rules, game_number, hand_number, dealer,
                 (dealt[0], dealt[1], dealt[2], dealt[3]), score_list, bag_list,
                 hand_records, result)
    if tuple(trick_winners.count(seat) for seat in _SEATS) != tuple(trick_counts):
        raise ValueError("The trick counts must match the trick winners.")
    table = _Table(bid_list, tricks, trick_winners, hand, cards_seen)
    led = _LED_MASK[current_trick[0][1].index] if current_trick else 0
    seat = None if current_player is None else int(current_player)
    south, west, north, east = hand_masks
    return GameState((seat, south, west, north, east, tuple(current_trick), spades_broken,
                      phase, table, led))


_T = TypeVar("_T")

if not cython.compiled:  # compiled, state.pxd gives C functions of the same names
    _new_tuple = tuple.__new__

    def _append(items: tuple[Any, ...], item: Any) -> tuple[Any, ...]:
        """``items + (item,)``."""
        return items + (item,)

    def _new_state(type_: type[GameState], seat: int | None, south: int, west: int,
                   north: int, east: int, trick: Trick, broken: bool, phase: Phase,
                   table: _Table, led: int) -> GameState:
        """A position from its ten items (see :class:`GameState`)."""
        return _new_tuple(type_, (seat, south, west, north, east, trick, broken, phase, table,
                                  led))

    def _filled(type_: type[_T], names: tuple[str, ...], values: tuple[Any, ...]) -> _T:
        """An instance of ``type_`` whose fields ``names`` are ``values``: here its
        constructor (``names`` are its arguments, in order); compiled, its slots set
        directly, past a frozen dataclass's interpreted ``__init__``."""
        return type_(*values)


_SEATS = tuple(Seat)
_ONE = cython.cast(cython.longlong, 1)
"""1, as a 64-bit integer when compiled (so that ``_ONE << card`` is one too)."""
_NEXT_SEAT = (1, 2, 3, 0)
"""Seat number → the next seat's number, clockwise."""
_PARTNER = (2, 3, 0, 1)
"""Seat number → its partner's number."""
_LED_MASK = core.LED_MASK
_RANKS = core.RANK_MASK
_FOLLOW = {core.SUIT_MASK[suit]: (13 * suit, SUIT_CARDS[suit]) for suit in range(4)}
"""Led suit's mask → (shift of that suit in a hand mask, its cards of ranks 2..14 by rank
mask)."""
_HIGH_TRUMPS = core.DECK_MASK[core.DECK_STANDARD] ^ core.ALL_CARDS_MASK
"""The trumps above the ace that a joker deck adds (cards 52..55)."""
_PLAYED = tuple(tuple((seat, card) for card in CARDS) for seat in _SEATS)
"""Per seat and card index, the (seat, card) pair of a trick (shared, immutable)."""


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every action the current player may take (docs/rules.md §2–§3): while bidding the bids and,
    while Blind Nil is open, :data:`LOOK_AT_HAND`; cards (in index order) while playing;
    nothing once the game is over. Raises ``TypeError`` for anything but a
    :class:`GameState`."""
    if type(state) is not GameState and not isinstance(state, GameState):
        raise TypeError(f"Expected a GameState, not {type(state).__name__}.")
    # Compiled: a C cast, then plain tuple reads; in Python, an exact tuple's reads are
    # the fast ones.
    position = cython.cast(tuple, state) if cython.compiled else tuple(state)
    phase = position[7]
    if phase is not _PLAYING:
        if phase is _BIDDING:
            seat = position[0]
            bids, _, _, fixed, seen = _fields(position[8])
            return bidding_actions(fixed.rules, fixed.score_list, _SEATS[seat], seen[seat],
                                   bids[_PARTNER[seat]], position[1 + seat])
        return ()
    seat = position[0]
    led = position[9]
    legal = legal_mask(position[1 + seat], led, position[6])
    if legal & led and not legal & _HIGH_TRUMPS:  # following suit: one suit's table
        shift, cards_of = _FOLLOW[led]
        return cards_of[legal >> shift & _RANKS]
    return cards_of_mask(legal)


def explain_illegal(state: GameState, action: object) -> Refusal | None:
    """Why ``action`` is illegal for the current player now, as a :class:`Refusal` (a
    code and its argument), or ``None`` if it is legal (docs/rules.md §2–§3). Raises
    ``TypeError`` for a ``state`` that is not a :class:`GameState`."""
    if type(state) is not GameState and not isinstance(state, GameState):
        raise TypeError(f"Expected a GameState, not {type(state).__name__}.")
    seat, south, west, north, east, trick, broken, phase, table, led = state
    if seat is None:
        return Refusal(RuleCode.GAME_OVER)
    return refusal(phase, table.hand.rules, table.hand.score_list, _SEATS[seat],
                   table.cards_seen[seat], table.bid_list[_PARTNER[seat]],
                   (south, west, north, east)[seat], trick, broken, action)


def _initial_hand(
    rules: Rules,
    game_number: int,
    hand_number: int,
    dealer: Seat,
    scores: tuple[int, int],
    bags: tuple[int, int],
    records: tuple[HandRecord, ...],
    deal: Mapping[Seat, Sequence[Card]] | None = None,
) -> GameState:
    if deal is None:
        masks = deal_masks(game_number, hand_number, dealer, rules.deck_number)
    else:
        masks = (cards_to_mask(deal[Seat.SOUTH]), cards_to_mask(deal[Seat.WEST]),
                 cards_to_mask(deal[Seat.NORTH]), cards_to_mask(deal[Seat.EAST]))
    hand = _new_tuple(_Hand, (rules, game_number, hand_number, dealer, masks, scores, bags,
                              records, None))
    table = _new_tuple(_Table, ((None, None, None, None), (), (), hand, _NOT_SEEN))
    # Under the house rule "spades may be led at any time" spades count as broken from the
    # deal on (docs/rules.md §3): every rule that reads the flag then lets a spade be led.
    return _new_state(GameState, _NEXT_SEAT[dealer], masks[0], masks[1], masks[2], masks[3], (),
                      rules.spades_any_time, _BIDDING, table, 0)


def validate_deal(deal: Mapping[Seat, Sequence[Card]], deck: int = core.DECK_STANDARD) -> None:
    """Check a fixed deal: 13 distinct cards per seat, all 52 cards of ``deck`` (a
    ``core.DECK_*`` number, the standard deck by default) in all (docs/rules.md, Deck).

    Raises ``ValueError`` saying what is wrong, ``TypeError`` for a ``deal`` that is not
    a mapping.
    """
    checks.whole_number(deck, "deck", 0, len(core.DECK_MASK) - 1)
    in_deck = core.DECK_MASK[deck]
    if not isinstance(deal, Mapping):
        raise TypeError(f"A deal maps each Seat to its cards, not {type(deal).__name__}.")
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
            if not in_deck & c.bit:
                raise ValueError(f"The card {c} is not in the {DECK_NAMES[deck]} deck.")
            seen |= c.bit
    if seen != in_deck:
        raise ValueError("The deal must use all 52 cards.")


def new_game(
    rules: Rules,
    game_number: int,
    deal: Mapping[Seat, Sequence[Card]] | None = None,
) -> GameState:
    """A new game at hand 1, East dealing, South to bid (docs/rules.md §1).

    ``game_number`` (0 to :data:`MAX_GAME_NUMBER`) fixes every deal; ``deal`` optionally fixes
    the first hand's cards (13 per seat). Raises ``TypeError`` for ``rules`` that are not
    :class:`Rules` or a game number that is not an ``int``, ``ValueError`` for a game
    number out of range or a bad deal.
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"Expected Rules, not {type(rules).__name__}.")
    checks.whole_number(game_number, "game number", 0, MAX_GAME_NUMBER)
    if deal is not None:
        validate_deal(deal, rules.deck_number)
    return _initial_hand(rules, game_number, 1, FIRST_DEALER, (0, 0), (0, 0), (), deal)


def apply_action(state: GameState, action: Action) -> GameState:
    """The state after the current player takes ``action`` (docs/rules.md §2–§5).

    The old state is unchanged. Raises :class:`IllegalActionError` (a ``ValueError``)
    whose ``refusal`` names the rule broken and whose message says it in English, e.g.
    "You must follow hearts." Raises ``TypeError`` for a ``state`` that is not a
    :class:`GameState`.
    """
    if type(state) is not GameState and not isinstance(state, GameState):
        raise TypeError(f"Expected a GameState, not {type(state).__name__}.")
    # The common cases (a card while playing, a bid other than Blind Nil while bidding
    # with every bid open, Rules.free_bidding) are checked and applied directly: this runs
    # for every card of every game, replay and search.
    # Anything else, and every refusal, goes through explain_illegal.
    # Compiled: a C cast, then plain tuple reads; in Python, an exact tuple's reads are
    # the fast ones.
    position = cython.cast(tuple, state) if cython.compiled else tuple(state)
    phase = position[7]
    if phase is _PLAYING and isinstance(action, Card):
        seat = position[0]
        led = position[9]
        broken = position[6]
        index = action.index
        bit = _ONE << index
        hand = position[1 + seat]
        if legal_mask(hand, led, broken) & bit:
            south, west, north, east = position[1], position[2], position[3], position[4]
            if seat == 0:
                south = hand ^ bit
            elif seat == 1:
                west = hand ^ bit
            elif seat == 2:
                north = hand ^ bit
            else:
                east = hand ^ bit
            played = _PLAYED[seat][index]
            if index >= 39:  # core.breaks_spades(index), inline
                broken = True
            if not led:  # the lead
                return _new_state(GameState, _NEXT_SEAT[seat], south, west, north, east,
                                  (played,), broken, _PLAYING, position[8], _LED_MASK[index])
            trick = _append(position[5], played)
            if len(trick) < 4:
                return _new_state(GameState, _NEXT_SEAT[seat], south, west, north, east, trick,
                                  broken, _PLAYING, position[8], position[9])
            return _end_trick(position[8], south, west, north, east, trick, broken)
    elif phase is _BIDDING and (isinstance(action, Bid) and not action.blind
                                and position[8].hand.rules.free_bidding
                                or explain_illegal(state, action) is None):
        seat = position[0]
        table = position[8]
        if isinstance(action, LookAtHand):
            seen = list(table.cards_seen)
            seen[seat] = True
            return _new_state(GameState, seat, position[1], position[2], position[3],
                              position[4], (), position[6], _BIDDING,
                              table._replace(cards_seen=tuple(seen)), 0)
        assert isinstance(action, Bid)
        return _bid(table, seat, position[1], position[2], position[3], position[4], action)
    why = explain_illegal(state, action)
    assert why is not None, "every action not taken above is illegal"
    raise IllegalActionError(why)


def _bid(table: _Table, seat: int, south: int, west: int, north: int, east: int,
         bid: Bid) -> GameState:
    """``seat`` makes ``bid`` (already checked legal), the hands being dealt."""
    bid_list, tricks, winners, hand, seen = _fields(table)
    bids = list(bid_list)
    bids[seat] = bid
    table = _new_tuple(_Table, ((bids[0], bids[1], bids[2], bids[3]), tricks, winners, hand,
                                seen))
    # Spades are unbroken while bidding, or broken from the deal (Rules.spades_any_time).
    broken = hand.rules.spades_any_time
    if bids[0] is None or bids[1] is None or bids[2] is None or bids[3] is None:
        return _new_state(GameState, _NEXT_SEAT[seat], south, west, north, east, (), broken,
                          _BIDDING, table, 0)
    # All four have bid: the dealer's left leads (docs/rules.md §1).
    return _new_state(GameState, _NEXT_SEAT[hand.dealer], south, west, north, east, (),
                      broken, _PLAYING, table, 0)


def _end_trick(table: _Table, south: int, west: int, north: int, east: int, trick: Trick,
               broken: bool) -> GameState:
    """The state once the fourth card of ``trick`` has been played (docs/rules.md §3)."""
    bid_list, tricks, winners, hand, seen = _fields(table)
    winner = trick[trick_winner_position((trick[0][1].index, trick[1][1].index,
                                          trick[2][1].index, trick[3][1].index))][0]
    tricks = _append(tricks, trick)
    table = _new_tuple(_Table, (bid_list, tricks, _append(winners, winner), hand, seen))
    if len(tricks) < 13:
        return _new_state(GameState, int(winner), south, west, north, east, (), broken,
                          _PLAYING, table, 0)
    return _finish_hand(table, south, west, north, east, broken)


def _fields(items: tuple[Any, ...]) -> tuple[Any, ...]:
    """The fields of a named tuple (a ``_Table`` or ``_Hand``), to unpack: compiled, the
    same object as a plain tuple (its items are then read directly); in Python, itself."""
    return cython.cast(tuple, items) if cython.compiled else items


def _tricks_won(winners: tuple[Seat, ...]) -> tuple[int, int, int, int]:
    """Per seat, the tricks it has won, given the winner of each trick."""
    won = [0, 0, 0, 0]
    for seat in winners:
        won[seat] += 1
    return (won[0], won[1], won[2], won[3])


_RECORD_FIELDS = HandRecord.__slots__
"""The fields of a :class:`HandRecord`, in the order of its constructor's arguments."""


def _record(table: _Table, score: TeamScores | None,
            won: tuple[int, int, int, int] | None = None) -> HandRecord:
    """The record of the hand on ``table`` so far (``score`` once it is finished; ``won``
    the tricks won per seat, counted here when not given)."""
    bid_list, tricks, winners, hand, _ = _fields(table)
    _, _, hand_number, dealer, dealt, _, _, _, _ = _fields(hand)
    values = (
        hand_number,
        dealer,
        (cards_of_mask(dealt[0]), cards_of_mask(dealt[1]), cards_of_mask(dealt[2]),
         cards_of_mask(dealt[3])),
        bid_list,
        tuple([_new_tuple(TrickRecord, (tricks[i][0][0], (tricks[i][0][1], tricks[i][1][1],
                                                           tricks[i][2][1], tricks[i][3][1]),
                                        winners[i]))
               for i in range(len(tricks))]),
        _tricks_won(winners) if won is None else won,
        score,
    )
    return _filled(HandRecord, _RECORD_FIELDS, values)


_SCORE_FIELDS = HandScore.__slots__
"""The fields of a :class:`HandScore`, in the order of its constructor's arguments."""
_SHEET_FIELDS = TeamScores.__slots__
"""The fields of a :class:`TeamScores` (NS, EW), in the order of its constructor's."""


def _hand_score(terms: tuple[int, int, int, bool, bool], bid_a: Bid, bid_b: Bid, won_a: int,
                won_b: int, bags_before: int) -> HandScore:
    """:func:`.scoring.score_team` (docs/rules.md §4); compiled, its :class:`HandScore` is filled
    from C (``tests/test_compiled_core.py`` compares the two in whole games)."""
    if cython.compiled:
        values = core.score_team(bid_a.tricks, bid_a.blind, bid_b.tricks, bid_b.blind, won_a,
                                 won_b, bags_before, terms[0], terms[1], terms[2], terms[3],
                                 terms[4])
        return _filled(HandScore, _SCORE_FIELDS, values[:6] + (MADE_FLAGS[values[6]],))
    return score_team(terms, bid_a, bid_b, won_a, won_b, bags_before)


def _finish_hand(table: _Table, south: int, west: int, north: int, east: int,
                 broken: bool) -> GameState:
    """The state after the 13th trick (``table`` holds it, the hands are empty): the hand
    scored and recorded, then the next deal or the end of the game (docs/rules.md §4, §5)."""
    bid_list, tricks, winners, hand, seen = _fields(table)
    (rules, game_number, hand_number, dealer, dealt, score_list, bag_list, records,
     _) = _fields(hand)
    south_bid, west_bid, north_bid, east_bid = bid_list
    won = _tricks_won(winners)
    terms = rules.score_terms
    ns = _hand_score(terms, south_bid, north_bid, won[0], won[2], bag_list[0])
    ew = _hand_score(terms, west_bid, east_bid, won[1], won[3], bag_list[1])
    scores = (score_list[0] + ns.total, score_list[1] + ew.total)
    bags = (ns.bags_after, ew.bags_after)
    sheet = _filled(TeamScores, _SHEET_FIELDS, (ns, ew))
    records = _append(records, _record(table, sheet, won))
    thirteen = core.NO_TEAM
    if rules.thirteen_wins:
        team = thirteen_winner(rules, (core.contract_of(south_bid.tricks, north_bid.tricks),
                                       core.contract_of(west_bid.tricks, east_bid.tricks)),
                               (won[0] + won[2], won[1] + won[3]))
        if team is not None:
            thirteen = int(team)
    result = game_result(rules, scores[0], scores[1], hand_number, thirteen)
    if result is not None:
        over = _new_tuple(_Hand, (rules, game_number, hand_number, dealer, dealt, scores, bags,
                                  records, result))
        return _new_state(GameState, None, south, west, north, east, (), broken, _GAME_OVER,
                          _new_tuple(_Table, (bid_list, tricks, winners, over, seen)), 0)
    return _initial_hand(rules, game_number, hand_number + 1, _SEATS[_NEXT_SEAT[dealer]],
                         scores, bags, records)


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




def hand_positions(record: HandRecord, rules: Rules, earlier: Sequence[HandRecord],
                   game_number: int = 0) -> Iterator[tuple[GameState, Action]]:
    """Every position of the finished hand ``record`` with the action taken there, in order,
    replayed through :func:`apply_action`: the bids from the dealer's left (a seat that bid
    other than Blind Nil while Blind Nil was open to it looked at its cards first: that
    look is a position of its own), then the 52 cards (docs/rules.md §2, §3).

    ``earlier``: the records of the game's hands before this one (all finished; their
    score sheets give the scores and bags before the hand and they are the positions'
    ``hand_records``). ``game_number`` is copied into the positions (a record does not
    hold it). Raises ``TypeError`` for a ``record`` or ``earlier`` item that is not a
    :class:`HandRecord` or ``rules`` that are not :class:`Rules`; ``ValueError`` for an
    unfinished record, one with a hidden hand or a missing bid, an unfinished earlier
    hand, a bad deal, or a record whose score is not what its bids and tricks score;
    :class:`IllegalActionError` for a record that breaks a rule."""
    if not isinstance(record, HandRecord) or not all(
            isinstance(r, HandRecord) for r in earlier):
        raise TypeError("Hand records are needed.")
    if not isinstance(rules, Rules):
        raise TypeError(f"Expected Rules, not {type(rules).__name__}.")
    checks.whole_number(game_number, "game number", 0, MAX_GAME_NUMBER)
    if not record.finished or len(record.tricks) != 13:
        raise ValueError("Only a finished hand can be replayed.")
    if any(d is None for d in record.deal) or any(b is None for b in record.bids):
        raise ValueError("The record must hold the four hands and the four bids.")
    history = finished_scores(earlier)
    deal = {s: tuple(record.deal[s] or ()) for s in Seat}
    validate_deal(deal, rules.deck_number)
    scores, bags = scores_and_bags(history)
    state = _initial_hand(rules, game_number, record.hand_number, record.dealer, scores, bags,
                          tuple(earlier), deal)
    for _ in range(4):
        seat = state.current_player
        assert seat is not None
        bid = record.bids[seat]
        assert bid is not None
        if not bid.blind and LOOK_AT_HAND in legal_actions(state):
            yield state, LOOK_AT_HAND
            state = apply_action(state, LOOK_AT_HAND)
        yield state, bid
        state = apply_action(state, bid)
    for trick in record.tricks:
        for seat, card in trick.plays:
            if state.current_player != seat:
                raise ValueError(f"The record's trick led by {trick.leader.name.title()} "
                                 f"is not played in turn.")
            yield state, card
            state = apply_action(state, card)
    if state.hand_records[len(earlier)].score != record.score:
        raise ValueError("The record's score is not what its bids and tricks score.")
