"""The coach: a hint on demand and a review of every hand South played (docs/rules.md §6).

Both use the Expert's machinery (:mod:`.expert`, :mod:`.sampling`, :mod:`.sim`) with a
deeper budget than in play:

- **Values.** Every candidate action is valued by its expected points for the seat's
  team: deals of the hidden cards are drawn consistent with what the seat knows
  (:class:`~.sampling.Knowledge`: voids and hand sizes exactly, bids as weights); on
  each deal the action is taken and the hand finished by all four seats with the
  Expert's rollout policy (:func:`~.sim.playout`), the last :data:`ENDGAME_TRICKS`
  tricks solved exactly (:func:`~.sim.solve`). The points of a finished hand are the
  Expert's own measure (:class:`~.sim.Utility`, docs/rules.md §4): the team's hand score minus
  the other team's, each bag still held after the hand charged as the Expert charges
  it (up to 10 points while the game has several hands to go, 0 without the bag
  penalty), no bonus for winning the game. Every candidate sees the same deals (common
  random numbers), so differences are sharper than each value.
- **Budgets** are numbers of deals, never seconds: :data:`HINT_BUDGET` for a hint
  equals :data:`REVIEW_BUDGET` (960) per decision in a review (so both agree); the
  Expert plays with 48–192 deals per card and solves the last 4 tricks exactly
  (:data:`~.expert.EXPERT_MIN_SAMPLES`, :data:`~.expert.EXPERT_SAMPLES`,
  :data:`~.expert.EXPERT_ENDGAME_TRICKS`); the coach solves its last
  :data:`ENDGAME_TRICKS`.
  When fewer deals are consistent with the view, all of them are used with their
  weights and the comparison has no sampling noise.
- **Bids.** Candidates are the Expert's bid, one more and one less, and Nil (and the
  bid made, in a review); each is played out on the same sampled deals, the other
  seats bidding as the Expert predicts. While Blind Nil is open the choice is Blind
  Nil or looking at the cards, played out on whole random deals (the seat has not
  seen its cards).
- **Reasons** are a rule-of-thumb reading of the position and the best action
  (:func:`reason_for`), one :class:`Reason` and an optional number; the interface
  words them.
- **Review.** :func:`review_hand` rebuilds the seat's :class:`PlayerView` at each of
  its decisions from the hand's record (the engine's ``decision_views``), exactly as
  the seat saw it, values the candidates there, and marks a mistake when the action taken cost
  more than the noise (:data:`MISTAKE_FLOOR` points and :data:`NOISE_SIGMAS` standard
  errors of the difference). Per trick it also gives the double-dummy trick count
  (:func:`~.sim.double_dummy`, all cards known) when at most
  :data:`DOUBLE_DUMMY_TRICKS` tricks are left.

Deterministic: the random draws are seeded from the view (:func:`~.base.view_seed`).
A hint sees only the :class:`PlayerView`. No Qt.
"""

from __future__ import annotations

import enum
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from spades_desktop.engine import (
    DECK_CARDS,
    LOOK_AT_HAND,
    Action,
    Bid,
    Card,
    HandRecord,
    LookAtHand,
    NilStatus,
    Phase,
    PlayerView,
    Rules,
    Seat,
    Team,
    cards_to_mask,
    decision_views,
    trick_winner,
)
from spades_desktop.engine.core import (
    ABOVE,
    BELOW,
    SPADES,
    SPADES_MASK,
    SUIT_MASK,
)

from .base import require_turn, view_seed
from .expert import ExpertBot
from .legal_bid import nearest_legal_bid
from .sampling import DealSampler, Knowledge, recommended_tricks
from .search import card_position, card_value, predicted_bids, utility
from .sim import ROLLOUT_DUCK, BidInfo, double_dummy, playout

__all__ = [
    "COACH_SALT", "DOUBLE_DUMMY_TRICKS", "ENDGAME_TRICKS", "HINT_BUDGET", "MISTAKE_FLOOR",
    "NOISE_SIGMAS", "REVIEW_BUDGET", "Cancelled", "Candidate", "Decision", "HandReview",
    "Hint", "Reason", "TrickReview", "hint", "reason_for", "review_hand",
]

REVIEW_BUDGET = 960
"""Deals per decision in a review: 5–20 times the Expert's 48–192 per card in play."""
HINT_BUDGET = REVIEW_BUDGET
"""Deals per hint: the review's, so that a hint and the review of the same decision are
one computation (same deals, same seed from the view) and a player who followed the
hint is never told it was a mistake. ``benchmarks/coach_speed.py`` times it
(docs/strength.md, "Coach")."""
ENDGAME_TRICKS = 3
"""With this many tricks left or fewer, each deal is solved exactly instead of played out."""
DOUBLE_DUMMY_TRICKS = 8
"""The review gives a trick's double-dummy count when at most this many tricks are left
(a full hand is beyond a pure-Python solver: each trick more costs about five times)."""
DOUBLE_DUMMY_NODES = 300_000
"""Search nodes allowed per trick's double-dummy count; beyond it the count is ``None``."""
MISTAKE_FLOOR = 3.0
"""A choice is a mistake only when it cost more than this many points …"""
NOISE_SIGMAS = 2.0
"""… and more than this many standard errors of the difference of the two values."""
LOW_RANK = 8
"""A card ranked this or lower is a "low card" in the coach's reasons (2 is 2, A 14; the
trumps a joker deck puts above the A♠, the 2♠ and the 2♦ of Joker-Joker-Deuce-Deuce
included, rank 15..18 and are high cards: docs/rules.md §1, Deck)."""
COACH_SALT = 11
"""Mixed into the coach's seeds so that its draws differ from the bots'."""



class Cancelled(Exception):
    """Raised by :func:`hint` and :func:`review_hand` when their ``cancel`` callback
    returned true."""


class Reason(enum.Enum):
    """Why the best action is best, in game terms (one line; the interface words it).

    ``Hint.reason_arg`` / the number given with a reason is noted where one is used.
    """

    ONLY_CHOICE = "only_choice"
    """Only one legal card (or all legal cards are equivalent)."""
    COVER_PARTNER_NIL = "cover_partner_nil"
    """Play high to keep partner's Nil safe."""
    PROTECT_OWN_NIL = "protect_own_nil"
    """Stay under the winning card: your Nil must take no trick."""
    NIL_CANNOT_STAY_UNDER = "nil_cannot_stay_under"
    """Your Nil is intact but every card you may play beats the trick so far: it is in
    danger whatever you play."""
    SET_THEIR_NIL = "set_their_nil"
    """Keep low under the Nil bidder so that it is forced to take a trick."""
    DRAW_TRUMPS = "draw_trumps"
    """Lead a top spade to pull the opponents' spades."""
    DUCK_AVOID_BAGS = "duck_avoid_bags"
    """Your contract is made: lose the trick rather than take a bag."""
    CASH_WINNER = "cash_winner"
    """Take a sure trick with the highest card left in its suit (no unplayed card of
    the suit is higher, the seat's own included)."""
    SURE_WINNER = "sure_winner"
    """Take a sure trick: no other seat holds a higher card of its suit (the seat
    itself holds a higher one, equal for the trick)."""
    SET_THEM = "set_them"
    """Take the trick to set the opponents; arg: tricks they still need."""
    MAKE_CONTRACT = "make_contract"
    """Take the trick: your team needs it for the contract; arg: tricks still needed."""
    WIN_CHEAPLY = "win_cheaply"
    """Win the trick with the lowest card that does it."""
    TRUMP_IN = "trump_in"
    """Out of the led suit: trump to win the trick."""
    PARTNER_WINNING = "partner_winning"
    """Partner is winning the trick: play low and keep your high cards."""
    DISCARD_LOSER = "discard_loser"
    """The trick is lost: throw away a card that would not win later."""
    PLAY_LOW = "play_low"
    """The trick cannot be won cheaply: keep your high cards for later (only for the
    lowest card the seat could play in its suit)."""
    SHED_HIGHER = "shed_higher"
    """The trick is not the seat's to win: give a card above its lowest and keep the
    lower ones to lose later tricks."""
    LEAD_SAFE = "lead_safe"
    """Lead a low card (8 or below) that gives nothing away."""
    LEAD_LOW_KEEP_WINNER = "lead_low_keep_winner"
    """Lead a low card of a suit whose highest card left the seat holds: the winner
    stays for later."""
    LEAD_SEQUENCE = "lead_sequence"
    """Lead from a sequence: the card just above it (of those left) is the seat's own."""
    LEAD_SINGLETON = "lead_singleton"
    """Lead the seat's only card of a side suit while it holds spades: once the suit is
    gone, the seat may trump it."""
    LEAD_DRIVE_OUT = "lead_drive_out"
    """Lead a middle or high card that is not the highest left, to drive out the
    higher ones."""
    LEAD_SUIT_GONE = "lead_suit_gone"
    """Lead a side suit that no other seat holds while spades are still out: each of
    them must trump it or throw a card away (it is no sure trick)."""
    BID_STRENGTH = "bid_strength"
    """Bid what the hand can take; arg: the bid."""
    BID_NIL = "bid_nil"
    """The hand can lose every trick: bid Nil."""
    BID_BLIND_NIL = "bid_blind_nil"
    """Far behind: Blind Nil is worth the risk."""
    LOOK_AT_CARDS = "look_at_cards"
    """Look at your cards rather than bid Blind Nil."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """One action and its value.

    ``points``: expected points for the seat's team if this action is taken and then
    all four seats play on as the Expert's search does (see the module doc): the
    team's hand score minus the other team's (docs/rules.md §4), bags held after the hand
    charged as the Expert charges them. ``stderr``: the standard error of ``points``
    over the deals (0 when every consistent deal was used).
    """

    action: Action
    points: float
    stderr: float = 0.0


@dataclass(frozen=True, slots=True)
class Hint:
    """The coach's advice for the seat to act: ``best`` is one of ``view.legal``;
    ``reason`` (with ``reason_arg``, see :class:`Reason`) says why; ``candidates``
    are the best three distinct actions (or fewer), best first (``best`` first)."""

    best: Action
    reason: Reason
    reason_arg: int | None
    candidates: tuple[Candidate, ...]


@dataclass(frozen=True, slots=True)
class Decision:
    """One of the seat's decisions in a hand, reviewed.

    ``index``: 0-based among the seat's decisions of the hand (a look at the cards
    counts); ``kind``: ``"bid"`` (a bid or the look at the cards) or ``"card"``;
    ``trick``: 1..13 for cards, ``None`` for bids. ``made``: the action taken;
    ``best``: the best action (``made`` itself when it is equivalent to the best card);
    ``cost``: points the choice cost the team (≥ 0; 0 when it is the best or within
    the noise); ``mistake``: ``cost`` > 0; ``reason``: why ``best`` is better, for a
    mistake (else ``None``), with ``reason_arg``. ``candidates``: the best three
    actions, best first, then ``made`` if it is not among them.
    """

    index: int
    kind: Literal["bid", "card"]
    trick: int | None
    made: Action
    best: Action
    cost: float
    mistake: bool
    reason: Reason | None
    candidates: tuple[Candidate, ...]
    reason_arg: int | None = None


@dataclass(frozen=True, slots=True)
class TrickReview:
    """One trick, reviewed with all cards known.

    ``double_dummy_tricks``: the tricks North–South take from the position before the
    seat's card of this trick to the end of the hand (this trick included) when all
    four seats play their best for tricks with every card known (the bots' exact
    solver); ``None`` when more than :data:`DOUBLE_DUMMY_TRICKS` tricks were left or the
    search was too long. ``best_cards``: the seat's legal cards reaching that count
    (empty when the count is ``None``)."""

    trick: int
    double_dummy_tricks: int | None
    best_cards: tuple[Card, ...]

    def keeps_most_tricks(self, card: Card) -> bool | None:
        """Whether ``card`` (one of the seat's legal cards at this trick) reaches the
        double-dummy count, i.e. is among ``best_cards``; ``None`` when there is no
        count. A question of tricks only: a card may keep the count and still cost
        points (a bag, a Nil, a contract), or be the best for points on the deals the
        seat could expect and lose a trick on the real one."""
        if self.double_dummy_tricks is None:
            return None
        return card in self.best_cards


@dataclass(frozen=True, slots=True)
class HandReview:
    """A finished hand reviewed for one seat: its decisions with a real choice (more
    than one distinct action), the 13 tricks, the number reviewed, the mistakes and
    the points they cost in all."""

    hand_number: int
    decisions: tuple[Decision, ...]
    tricks: tuple[TrickReview, ...]
    reviewed: int
    mistakes: int
    points_lost: float


# --- evaluation -------------------------------------------------------------------------


class _Values:
    """Per candidate, its value on each evaluated deal, and the deals' weights."""

    __slots__ = ("actions", "values", "weights", "exact")

    def __init__(self, actions: list[Action], exact: bool) -> None:
        self.actions = actions
        self.values: list[list[float]] = [[] for _ in actions]
        self.weights: list[float] = []
        self.exact = exact

    def mean(self, j: int) -> float:
        total = sum(self.weights)
        if total <= 0:
            return 0.0
        return sum(w * v for w, v in zip(self.weights, self.values[j], strict=True)) / total

    def stderr(self, j: int, k: int | None = None) -> float:
        """The standard error of candidate ``j``'s mean, or of the difference of
        ``j``'s and ``k``'s means (0 when all consistent deals were used)."""
        n = len(self.weights)
        if self.exact or n < 2:
            return 0.0
        if k is None:
            xs = self.values[j]
        else:
            xs = [a - b for a, b in zip(self.values[j], self.values[k], strict=True)]
        mean = sum(xs) / n
        var = sum((x - mean) ** 2 for x in xs) / (n - 1)
        return math.sqrt(var / n)

    def ranked(self) -> list[int]:
        """Candidate indices, best mean first (ties: the earlier candidate first)."""
        means = [self.mean(j) for j in range(len(self.actions))]
        return sorted(range(len(self.actions)), key=lambda j: (-means[j], j))

    def candidate(self, j: int) -> Candidate:
        return Candidate(self.actions[j], self.mean(j), self.stderr(j))


class _Check:
    """Polls the caller's ``cancel`` callback; once it returned true, every later poll
    raises :class:`Cancelled` without calling it again."""

    __slots__ = ("cancel", "fired")

    def __init__(self, cancel: Callable[[], bool] | None) -> None:
        self.cancel = cancel
        self.fired = False

    def __call__(self) -> None:
        if self.cancelled():
            raise Cancelled

    def cancelled(self) -> bool:
        """Poll without raising: True once ``cancel`` returned true."""
        if not self.fired and self.cancel is not None and self.cancel():
            self.fired = True
        return self.fired


def _representative(card: int, hand: int, remaining: int) -> int:
    """The card :func:`~.sim.distinct_moves` keeps for ``card``: the lowest of its run
    of the hand's cards adjacent in rank among ``remaining``."""
    rep = card
    while True:
        below = BELOW[rep] & remaining
        if not below:
            return rep
        top = below.bit_length() - 1
        if not hand >> top & 1:
            return rep
        rep = top


def _card_values(view: PlayerView, budget: int, check: _Check,
                 rng: random.Random) -> tuple[_Values, int, int]:
    """Values of the seat's distinct legal cards; also the hand and the cards still in
    play (for equivalences)."""
    position = card_position(view)
    know = position.know
    moves = position.candidates
    value_of = utility(view, position.info, win_bonus=0.0)
    exact_end = know.hand.bit_count() <= ENDGAME_TRICKS
    sampler = DealSampler(know, rng)
    deals: list[tuple[tuple[int, int, int, int], float]] = []
    if sampler.count() <= budget:
        deals = [(d, w) for d, w in sampler.enumerate() if w > 0]
    result = _Values([Card.from_index(c) for c in moves], exact=bool(deals))
    solver_check = check.cancelled
    for i in range(len(deals) if deals else budget):
        check()
        if deals:
            deal, weight = deals[i]
        else:
            deal, weight = sampler.sample(), 1.0
        row: list[float] = []
        for card in moves:
            v = card_value(position, deal, card, exact_end, value_of, solver_check)
            if v is None:
                raise Cancelled
            row.append(v)
        for j, v in enumerate(row):
            result.values[j].append(v)
        result.weights.append(weight)
    return result, know.hand, position.remaining


def _bid_values(view: PlayerView, budget: int, check: _Check,
                rng: random.Random, made: Action | None) -> _Values:
    """Values of a few bids (or of Blind Nil against looking at the cards)."""
    if view.blind_nil_allowed:
        return _blind_values(view, budget, check, rng)
    know = Knowledge.from_view(view)
    expert = ExpertBot().decide(view, view.game_number, check.cancelled)
    check()  # the Expert returns early when cancelled
    base = expert.tricks if isinstance(expert, Bid) and not expert.is_nil else (
        recommended_tricks(know.hand, know.deck))
    options: list[Action] = []
    # Under a bidding house rule the count may be closed: its nearest legal bid stands in.
    for b in (Bid(base), Bid(base - 1) if base > 1 else None,
              Bid(base + 1) if base < 13 else None, Bid(0),
              nearest_legal_bid(view, Bid(base), base), expert, made):
        if b is not None and b in view.legal and b not in options:
            options.append(b)
    sampler = DealSampler(know, rng)
    result = _Values(options, exact=False)
    leader = int(view.leader)  # the first trick's, while bidding
    blind = [Seat(s) in view.bids and view.bids[Seat(s)].blind for s in range(4)]
    me = know.seat
    for _ in range(budget):
        check()
        deal = sampler.sample()
        for j, action in enumerate(options):
            assert isinstance(action, Bid)
            bids = predicted_bids(know, deal, action.tricks, view.rules.bid_terms)
            flags = list(blind)
            flags[me] = action.blind
            info = BidInfo(bids, flags)
            won = [0, 0, 0, 0]
            playout(list(deal), [], leader, False, won, info, ROLLOUT_DUCK)
            result.values[j].append(utility(view, info, win_bonus=0.0).value(won))
        result.weights.append(1.0)
    return result


def _blind_values(view: PlayerView, budget: int, check: _Check,
                  rng: random.Random) -> _Values:
    """Blind Nil against looking at the cards, on whole random deals: the seat has not
    seen its cards, so its own hand is drawn too (never read from the view). After a
    look the seat bids the counted tricks of its cards; the other seats bid as made, or
    their counted tricks."""
    me = int(view.seat)
    options: list[Action] = [Bid(0, blind=True), LOOK_AT_HAND]
    result = _Values(options, exact=False)
    leader = int(view.leader)  # the first trick's, while bidding
    known = [view.bids.get(Seat(s)) for s in range(4)]
    deck_number = view.rules.deck_number
    deck = [card.index for card in DECK_CARDS[deck_number]]
    for _ in range(budget):
        check()
        rng.shuffle(deck)
        hands = [0, 0, 0, 0]
        for i, c in enumerate(deck):
            hands[i % 4] |= 1 << c
        bids = [0, 0, 0, 0]
        blind = [False, False, False, False]
        for s in range(4):
            bid = known[s]
            if bid is not None:
                bids[s], blind[s] = bid.tricks, bid.blind
            elif s != me:
                bids[s] = recommended_tricks(hands[s], deck_number)
        for j, action in enumerate(options):
            bids[me] = 0 if isinstance(action, Bid) else recommended_tricks(hands[me],
                                                                            deck_number)
            blind[me] = isinstance(action, Bid)
            info = BidInfo(bids, blind)
            won = [0, 0, 0, 0]
            playout(list(hands), [], leader, False, won, info, ROLLOUT_DUCK)
            result.values[j].append(utility(view, info, win_bonus=0.0).value(won))
        result.weights.append(1.0)
    return result


@dataclass(frozen=True, slots=True)
class _Evaluation:
    values: _Values
    rep: Callable[[Action], Action]
    """An action → the evaluated action it is equivalent to."""


def _evaluate(view: PlayerView, budget: int, check: _Check,
              made: Action | None = None) -> _Evaluation:
    if budget < 1:
        raise ValueError(f"The coach's budget must be at least 1 deal, not {budget}.")
    rng = random.Random(view_seed(view, view.game_number, COACH_SALT))
    if view.phase is Phase.BIDDING:
        values = _bid_values(view, budget, check, rng, made)
        return _Evaluation(values, lambda a: a)
    values, hand, remaining = _card_values(view, budget, check, rng)

    def rep(action: Action) -> Action:
        if isinstance(action, Card):
            return Card.from_index(_representative(action.index, hand, remaining))
        return action

    return _Evaluation(values, rep)


# --- the hint ---------------------------------------------------------------------------


def hint(view: PlayerView, *, budget: int = HINT_BUDGET,
         cancel: Callable[[], bool] | None = None) -> Hint:
    """The coach's advice for ``view``'s seat, which must be to act (docs/rules.md §6).

    Sees only ``view``. ``budget``: deals sampled (see the module doc;
    :data:`HINT_BUDGET` by default, well under a second). Deterministic: the same view
    gives the same hint. ``cancel`` is polled between deals (and while solving an end
    exactly); once it returns true, :class:`Cancelled` is raised. Raises ``TypeError``
    for anything but a ``PlayerView``, ``ValueError`` when it is not the seat's turn or
    ``budget`` < 1.
    """
    view = require_turn(view)
    evaluation = _evaluate(view, budget, _Check(cancel))
    values = evaluation.values
    order = values.ranked()
    best = values.actions[order[0]]
    if len(values.actions) == 1 and view.phase is Phase.PLAYING:
        reason, arg = Reason.ONLY_CHOICE, None
    else:
        reason, arg = reason_for(view, best)
    return Hint(best, reason, arg, tuple(values.candidate(j) for j in order[:3]))


# --- reasons ----------------------------------------------------------------------------


def reason_for(view: PlayerView, action: Action) -> tuple[Reason, int | None]:
    """A one-line reason, in game terms, for taking ``action`` (one of ``view.legal``)
    in ``view``'s position, with its number (see :class:`Reason`).

    A rule of thumb on the position, not a proof: own or partner's Nil first, then an
    opponent's Nil, setting the opponents, ducking once the contract is made, then
    how the card wins or loses the trick (docs/rules.md §2–§4).
    """
    if isinstance(action, LookAtHand):
        return Reason.LOOK_AT_CARDS, None
    if isinstance(action, Bid):
        if action.blind:
            return Reason.BID_BLIND_NIL, None
        if action.is_nil:
            return Reason.BID_NIL, None
        return Reason.BID_STRENGTH, action.tricks
    me = view.seat
    partner = me.partner
    trick = view.current_trick
    played = {s for s, _ in trick}
    hand = cards_to_mask(view.hand)
    others = cards_to_mask(view.cards_out)  # cards held by the other seats
    card = action
    suit_mask = SUIT_MASK[card.suit]
    master = not others & ABOVE[card.index]  # the highest card of its suit still out
    # A side suit that no other seat holds, led while others hold spades: whoever is
    # void may trump it, so it is not counted as a winner.
    suit_gone = (not trick and card.suit != SPADES and not others & suit_mask
                 and bool(others & SPADES_MASK))
    # Whether the card takes the trick: a lead only when it is the master of its suit
    # (and not of a suit gone), a later card when it wins the trick so far.
    takes = trick_winner((*trick, (me, card))) == me if trick else master and not suit_gone
    tricks_left = len(view.hand)
    us, them = me.team, me.team.other
    our_need = view.contract_need(us)
    their_need = view.contract_need(them)
    partner_winning = bool(trick) and trick_winner(trick) == partner

    if view.nil_status(me) is NilStatus.INTACT:
        if not takes:
            return Reason.PROTECT_OWN_NIL, None
        if trick and all(trick_winner((*trick, (me, c))) == me
                         for c in view.legal if isinstance(c, Card)):
            return Reason.NIL_CANNOT_STAY_UNDER, None
        # otherwise the card was chosen over one that stays under: a reason below
    if view.nil_status(partner) is NilStatus.INTACT and (partner not in played or partner_winning):
        return Reason.COVER_PARTNER_NIL, None
    for opp in (me.left, partner.left):
        if view.nil_status(opp) is NilStatus.INTACT and not takes and (
                opp not in played or trick_winner(trick) == opp):
            return Reason.SET_THEIR_NIL, None
    if (their_need is not None and their_need > 0 and takes and not partner_winning
            and (our_need is None or our_need <= 0 or their_need >= tricks_left - 1)):
        return Reason.SET_THEM, their_need
    if our_need is not None and our_need <= 0 and not takes and view.rules.bag_penalty:
        return Reason.DUCK_AVOID_BAGS, None
    # The seat's own cards of the card's suit above it, and whether the card is the
    # lowest it could play in that suit (for the reasons that say "play low").
    own_above = hand & suit_mask & ABOVE[card.index]
    lowest = not _legal_cards(view) & suit_mask & BELOW[card.index]
    cash = Reason.SURE_WINNER if own_above else Reason.CASH_WINNER
    if not trick:  # leading
        top_spade = (hand & SPADES_MASK).bit_length() - 1
        if (card.suit == SPADES and top_spade >= 0 and not others & ABOVE[top_spade]
                and others & SPADES_MASK):
            return Reason.DRAW_TRUMPS, None
        if suit_gone:
            return Reason.LEAD_SUIT_GONE, None
        if master:
            return cash, None
        if card.suit != SPADES and hand & suit_mask == 1 << card.index and hand & SPADES_MASK:
            return Reason.LEAD_SINGLETON, None
        if card.rank > LOW_RANK:
            next_up = ABOVE[card.index] & (hand | others)  # the next card left above
            if hand & next_up & -next_up:
                return Reason.LEAD_SEQUENCE, None
            return Reason.LEAD_DRIVE_OUT, None
        top_own = own_above.bit_length() - 1
        if own_above and not others & ABOVE[top_own]:
            return Reason.LEAD_LOW_KEEP_WINNER, None
        return Reason.LEAD_SAFE, None
    if takes:
        led = trick[0][1].suit
        if card.suit == SPADES and led != SPADES:
            return Reason.TRUMP_IN, None
        if our_need is not None and our_need > 0 and our_need >= tricks_left - 1:
            return Reason.MAKE_CONTRACT, our_need
        if master and len(trick) < 3:
            return cash, None
        return Reason.WIN_CHEAPLY, None
    if not lowest:
        return Reason.SHED_HIGHER, None
    if partner_winning:
        return Reason.PARTNER_WINNING, None
    if card.suit != trick[0][1].suit:
        return Reason.DISCARD_LOSER, None
    return Reason.PLAY_LOW, None


def _legal_cards(view: PlayerView) -> int:
    """The bit mask of the cards among ``view.legal``."""
    mask = 0
    for action in view.legal:
        if isinstance(action, Card):
            mask |= action.bit
    return mask


# --- the review -------------------------------------------------------------------------


def _trick_review(record: HandRecord, number: int, seat: Seat, rules: Rules,
                  check: _Check) -> TrickReview:
    """The double-dummy count before ``seat``'s card of trick ``number`` (1..13)."""
    left = 14 - number
    if left > DOUBLE_DUMMY_TRICKS:
        return TrickReview(number, None, ())
    position = record.position_before(number, seat, rules)
    values = double_dummy(list(position.hands), [c.index for _, c in position.trick],
                          int(position.leader),
                          position.spades_broken, 0, DOUBLE_DUMMY_NODES, check.cancelled)
    if values is None:
        check()  # cancelled: raises; else the search was too long
        return TrickReview(number, None, ())
    best = max(values.values()) if seat.team is Team.NS else min(values.values())
    return TrickReview(number, best, tuple(
        Card.from_index(c) for c in sorted(values) if values[c] == best))


def review_hand(record: HandRecord, rules: Rules, scores_before: Sequence[HandRecord], *,
                seat: Seat = Seat.SOUTH, budget: int = REVIEW_BUDGET,
                cancel: Callable[[], bool] | None = None,
                progress: Callable[[int, int], None] | None = None,
                game_number: int = 0) -> HandReview:
    """Review every decision ``seat`` made in the finished hand ``record`` (docs/rules.md §6).

    ``scores_before``: the records of the game's hands before this one, in order
    (``view.hand_records[:record.hand_number - 1]``; empty for the first hand): they
    give the scores and bags before the hand (the scoring of the hand depends on them,
    docs/rules.md §4) and what the seat saw of earlier hands. ``game_number`` only seeds the
    draws. At each decision the seat's view is rebuilt (the engine's ``decision_views``; the
    estimate uses no hidden card) and its candidates valued
    on ``budget`` deals (:data:`REVIEW_BUDGET` by default, a hint's budget). A decision is a
    mistake when the best value minus the taken action's exceeds both
    :data:`MISTAKE_FLOOR` points and :data:`NOISE_SIGMAS` standard errors of that
    difference. Decisions with one distinct choice are skipped. Each trick gets its
    double-dummy count (:class:`TrickReview`).

    ``progress(done, total)`` is called after each step (decisions, then tricks);
    ``cancel`` is polled between deals; once it returns true :class:`Cancelled` is
    raised. Raises ``ValueError`` for an unfinished record or ``budget`` < 1.
    """
    check = _Check(cancel)
    steps = list(decision_views(record, rules, scores_before, seat=seat,
                                game_number=game_number))
    total = len(steps) + 13
    done = 0
    decisions: list[Decision] = []
    for index, (view, made) in enumerate(steps):
        check()
        kind: Literal["bid", "card"] = "card" if view.phase is Phase.PLAYING else "bid"
        trick = len(view.tricks) + 1 if kind == "card" else None
        evaluation = _evaluate(view, budget, check, made)
        values = evaluation.values
        done += 1
        if len(values.actions) > 1:
            made_rep = evaluation.rep(made)
            m = values.actions.index(made_rep)
            order = values.ranked()
            b = order[0]
            raw = values.mean(b) - values.mean(m)
            noise = NOISE_SIGMAS * values.stderr(b, m)
            mistake = b != m and raw > MISTAKE_FLOOR and raw > noise
            best = made if b == m else values.actions[b]
            reason: Reason | None = None
            arg: int | None = None
            if mistake:
                reason, arg = reason_for(view, values.actions[b])
            shown = [values.candidate(j) for j in order[:3]]
            if m not in order[:3]:
                shown.append(values.candidate(m))
            decisions.append(Decision(
                index=index, kind=kind, trick=trick, made=made, best=best,
                cost=raw if mistake else 0.0, mistake=mistake, reason=reason,
                candidates=tuple(shown), reason_arg=arg))
        if progress is not None:
            progress(done, total)
    tricks: list[TrickReview] = []
    for number in range(1, 14):
        check()
        tricks.append(_trick_review(record, number, seat, rules, check))
        done += 1
        if progress is not None:
            progress(done, total)
    mistakes = [d for d in decisions if d.mistake]
    return HandReview(
        hand_number=record.hand_number, decisions=tuple(decisions), tricks=tuple(tricks),
        reviewed=len(decisions), mistakes=len(mistakes),
        points_lost=sum(d.cost for d in mistakes))

