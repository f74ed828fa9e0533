"""Game state, legality and transitions (SPEC §1–§5).

State is immutable: :func:`apply_action` returns a new :class:`GameState` and
leaves the old one unchanged. A game is its rules, its game number and its
action history; :func:`replay` rebuilds any position from them.
"""

from __future__ import annotations

import enum
import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from .cards import (
    DECK,
    FULL_MASK,
    SUIT_MASKS,
    Card,
    Seat,
    Suit,
    Team,
    cards_to_mask,
    iter_mask,
    parse_card,
    sort_hand,
)
from .dealing import deal_hands
from .errors import IllegalActionError
from .rules import Rules
from .scoring import Bid, GameResult, HandScore, decide_game, score_hand

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


@dataclass(frozen=True, slots=True)
class GameState:
    """A complete position. Build with :func:`new_game`, advance with :func:`apply_action`.

    Public fields and properties describe what every player at the table knows.
    ``hand_masks`` holds the four hidden hands as 52-bit masks (indexed by Seat);
    it belongs to the engine: players see hands only through :func:`observe`.
    """

    rules: Rules
    game_number: int
    hand_number: int
    """1 for the first hand."""
    dealer: Seat
    phase: Phase
    current_player: Seat | None
    """The seat to act, or ``None`` when the game is over."""
    hand_masks: tuple[int, int, int, int]
    bid_list: tuple[Bid | None, Bid | None, Bid | None, Bid | None]
    trick_counts: tuple[int, int, int, int]
    current_trick: Trick
    """The (seat, card) pairs of the trick in play, in the order played."""
    tricks: tuple[Trick, ...]
    """The completed tricks of this hand, in order."""
    trick_winners: tuple[Seat, ...]
    """The winner of each completed trick of this hand."""
    spades_broken: bool
    """True once any spade has been played in this hand (SPEC §3)."""
    score_list: tuple[int, int]
    bag_list: tuple[int, int]
    hand_history: tuple[Mapping[Team, HandScore], ...]
    """One entry per finished hand, in order."""
    result: GameResult | None
    """Set once the game is over."""

    @property
    def bids(self) -> dict[Seat, Bid]:
        """The bids made so far in this hand (seats yet to bid are absent)."""
        return {Seat(i): b for i, b in enumerate(self.bid_list) if b is not None}

    @property
    def tricks_won(self) -> dict[Seat, int]:
        """Tricks won by each seat in this hand."""
        return {Seat(i): n for i, n in enumerate(self.trick_counts)}

    @property
    def scores(self) -> dict[Team, int]:
        """Each team's running score."""
        return {Team.NS: self.score_list[0], Team.EW: self.score_list[1]}

    @property
    def bags(self) -> dict[Team, int]:
        """Each team's running bag count (after penalties)."""
        return {Team.NS: self.bag_list[0], Team.EW: self.bag_list[1]}

    @property
    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.phase is Phase.GAME_OVER

    @property
    def hand_sizes(self) -> dict[Seat, int]:
        """How many cards each seat still holds."""
        return {Seat(i): m.bit_count() for i, m in enumerate(self.hand_masks)}

    @property
    def leader(self) -> Seat:
        """The seat that leads (or led) the trick in play."""
        if self.current_trick:
            return self.current_trick[0][0]
        if self.trick_winners:
            return self.trick_winners[-1]
        return self.dealer.left


def _blind_nil_allowed(rules: Rules, scores: tuple[int, int], seat: Seat) -> bool:
    team = seat.team
    return rules.blind_nil and scores[team.other] - scores[team] >= BLIND_NIL_DEFICIT


def legal_bids(rules: Rules, scores: tuple[int, int], seat: Seat) -> tuple[Bid, ...]:
    """The bids open to ``seat``: Nil and 1..13, plus Blind Nil when allowed (SPEC §2)."""
    bids = tuple(Bid(n) for n in range(14))
    if _blind_nil_allowed(rules, scores, seat):
        bids += (Bid(0, blind=True),)
    return bids


def legal_card_mask(hand: int, trick: Trick, spades_broken: bool) -> int:
    """The mask of the cards in ``hand`` (a mask) that may be played to ``trick`` (SPEC §3).

    Following: the led suit if held, otherwise any card (trumping allowed). Leading:
    any non-spade until spades are broken, or any card if the hand holds only spades.
    """
    if trick:
        led = SUIT_MASKS[trick[0][1].suit]
        follow = hand & led
        return follow if follow else hand
    if spades_broken:
        return hand
    non_spades = hand & ~SUIT_MASKS[Suit.SPADES]
    return non_spades if non_spades else hand


def trick_winner(trick: Sequence[PlayedCard]) -> Seat:
    """The seat winning a (possibly incomplete) trick: the highest spade if any, else the
    highest card of the led suit (SPEC §3). Raises ``ValueError`` for an empty trick."""
    if not trick:
        raise ValueError("An empty trick has no winner.")
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        if card.suit == best.suit:
            if card.rank > best.rank:
                best_seat, best = seat, card
        elif card.suit == Suit.SPADES:
            best_seat, best = seat, card
        # otherwise a discard of another suit cannot win
    return best_seat


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every action the current player may take (SPEC §2–§3): bids while bidding, cards
    (in index order) while playing, nothing once the game is over."""
    seat = state.current_player
    if seat is None:
        return ()
    if state.phase is Phase.BIDDING:
        return legal_bids(state.rules, state.score_list, seat)
    mask = legal_card_mask(state.hand_masks[seat], state.current_trick, state.spades_broken)
    return tuple(iter_mask(mask))


def explain_illegal(state: GameState, action: object) -> str | None:
    """Why ``action`` is illegal now, in a player's words, or ``None`` if it is legal."""
    seat = state.current_player
    if seat is None:
        return "The game is over."
    if state.phase is Phase.BIDDING:
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
    cards = deal if deal is not None else deal_hands(game_number, hand_number, dealer)
    masks = tuple(cards_to_mask(cards[s]) for s in Seat)
    return GameState(
        rules=rules,
        game_number=game_number,
        hand_number=hand_number,
        dealer=dealer,
        phase=Phase.BIDDING,
        current_player=dealer.left,
        hand_masks=masks,  # type: ignore[arg-type]
        bid_list=(None, None, None, None),
        trick_counts=(0, 0, 0, 0),
        current_trick=(),
        tricks=(),
        trick_winners=(),
        spades_broken=False,
        score_list=scores,
        bag_list=bags,
        hand_history=history,
        result=None,
    )


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
    why = explain_illegal(state, action)
    if why is not None:
        raise IllegalActionError(why)
    return _apply_unchecked(state, action)


def _apply_unchecked(state: GameState, action: Action) -> GameState:
    seat = state.current_player
    assert seat is not None
    if isinstance(action, Bid):
        bids = list(state.bid_list)
        bids[seat] = action
        if all(b is not None for b in bids):
            return replace(state, bid_list=tuple(bids), phase=Phase.PLAYING,  # type: ignore[arg-type]
                           current_player=state.dealer.left)
        return replace(state, bid_list=tuple(bids), current_player=seat.left)  # type: ignore[arg-type]

    card = action
    masks = list(state.hand_masks)
    masks[seat] &= ~card.bit
    trick = state.current_trick + ((seat, card),)
    broken = state.spades_broken or card.suit == Suit.SPADES
    if len(trick) < 4:
        return replace(state, hand_masks=tuple(masks), current_trick=trick,  # type: ignore[arg-type]
                       spades_broken=broken, current_player=seat.left)
    winner = trick_winner(trick)
    counts = list(state.trick_counts)
    counts[winner] += 1
    after_trick = replace(
        state,
        hand_masks=tuple(masks),  # type: ignore[arg-type]
        current_trick=(),
        tricks=state.tricks + (trick,),
        trick_winners=state.trick_winners + (winner,),
        trick_counts=tuple(counts),  # type: ignore[arg-type]
        spades_broken=broken,
        current_player=winner,
    )
    if len(after_trick.tricks) < 13:
        return after_trick
    return _finish_hand(after_trick)


def _finish_hand(state: GameState) -> GameState:
    bids = state.bids
    hand = score_hand(state.rules, bids, state.tricks_won, state.bags)
    scores = (state.score_list[0] + hand[Team.NS].total, state.score_list[1] + hand[Team.EW].total)
    bags = (hand[Team.NS].bags_after, hand[Team.EW].bags_after)
    history = state.hand_history + (hand,)
    result = decide_game(state.rules, {Team.NS: scores[0], Team.EW: scores[1]}, state.hand_number)
    if result is not None:
        return replace(state, score_list=scores, bag_list=bags, hand_history=history,
                       result=result, phase=Phase.GAME_OVER, current_player=None)
    return _initial_hand(state.rules, state.game_number, state.hand_number + 1,
                         state.dealer.left, scores, bags, history)


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

    def explain(self, action: Action) -> str | None:
        """Why ``action`` is illegal for this seat now, or ``None`` if it is legal."""
        if self.current_player != self.seat:
            return "It is not your turn."
        if action in self.legal:
            return None
        if self.phase is Phase.BIDDING:
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
        blind_nil_allowed=(state.phase is Phase.BIDDING
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
