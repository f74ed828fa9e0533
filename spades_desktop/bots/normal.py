"""The Normal computer player: counted bids and purposeful play (docs/rules.md §6).

Bidding uses :func:`~spades_desktop.bots.advice.recommend_bid` (the same counting as
the human's advice, in the game's deck: a joker is a sure trick, docs/rules.md §1 Deck),
plus an optional Blind Nil decided from public information only; under 10 for 200 it
stretches a team contract of 9 to 10 (:func:`~.advice.stretch_to_ten`).

Play reads the cards by the game's deck: a card is a master when no higher card of its
suit in that deck is still out (in a joker deck the A♠ is not the highest spade).

Play, in order of priority:

1. **Own Nil**: play the highest card that still loses; when void, throw the most
   dangerous high card; lead low.
2. **Partner's Nil** (not yet broken): if the partner is winning the trick, take it
   with the cheapest card that beats it; if the partner is still to play, play high
   so the partner can play under; lead masters or high cards, or a suit the partner
   has shown to be out of.
3. **Contract not yet made** (team's contract tricks < contract): follow with the
   cheapest card that wins when it is likely to hold (last seat, third seat, a
   master), never overtake a partner who is winning (unless the partner's card is
   not a master and this seat holds a master of the suit), trump with the lowest
   spade that wins when void, never trump a partner's winning trick; lead side
   masters, then spade masters, then a singleton to create a ruff, then low from
   the longest side suit; avoid leading spades.
4. **Contract made** and the opponents' contract made or already lost: duck to avoid
   bags — play the highest card that still loses, lead the lowest side card. While
   the opponents can still be set, keep taking tricks as in 3 (measured: ducking as
   soon as the own contract was made lost 165–235 in 400 mirrored games to this).
   Without the bag penalty (``Rules.bag_penalty`` False) a bag costs nothing and an
   overtrick scores 1 point (docs/rules.md §4), so it never ducks: it keeps taking tricks as in 3.

The bot is deterministic: it uses no randomness at all.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from spades_desktop.engine import (
    Action,
    Bid,
    Card,
    NilStatus,
    Phase,
    PlayerView,
    Seat,
    Suit,
    cards_to_mask,
    trick_winner,
)
from spades_desktop.engine.core import ABOVE, BLIND_NIL_POINTS

from .advice import estimate_tricks, recommend_bid, stretch_to_ten
from .base import (
    known_voids,
    require_turn,
    wins_trick,
)
from .fallback import fallback_action, no_nil_after_opponents
from .legal_bid import nearest_legal_bid

BLIND_NIL_TRAIL = BLIND_NIL_POINTS
"""Normal bids Blind Nil only when its team trails by at least what a Blind Nil is worth
(its points, docs/rules.md §4)."""


def decide_blind_nil(view: PlayerView) -> bool:
    """Whether Normal bids Blind Nil now, from public information only (docs/rules.md §2, §6).

    True when Blind Nil is allowed for this seat, the team trails by at least
    :data:`BLIND_NIL_TRAIL` points, the partner has not bid Nil, and the partner —
    if already bid — bid at least 3 (someone must take the team's tricks). The hand
    is not looked at.
    """
    if not view.blind_nil_allowed:
        return False
    team = view.seat.team
    deficit = view.scores[team.other] - view.scores[team]
    if deficit < BLIND_NIL_TRAIL:
        return False
    partner_bid = view.bids.get(view.seat.partner)
    if partner_bid is None:
        return True
    return not partner_bid.is_nil and partner_bid.tricks >= 3


def normal_bid(view: PlayerView) -> Bid:
    """Normal's bid (docs/rules.md §6): Blind Nil per :func:`decide_blind_nil`, otherwise the
    counted bid of :func:`~spades_desktop.bots.advice.recommend_bid` (Nil only on a
    Nil-fit hand and never beside a partner's Nil).

    After an opponent's Nil or Blind Nil it never bids Nil itself: it bids its counted
    tricks (:func:`~.fallback.no_nil_after_opponents`) and plays to set that Nil. A
    second Nil at the table would leave this seat's partner covering a Nil while
    attacking another, and a Nil hand's low cards are what sets an opponent's Nil.
    Under 10 for 200 it stretches a team contract of 9 to 10 (:func:`~.advice.stretch_to_ten`).
    Under the bidding house rules it bids the legal bid nearest to that
    (:func:`~.legal_bid.nearest_legal_bid`: a minimum team bid of 4, Suicide's Nil for
    the weaker first partner, Mirror's and Whiz's spades held, the jokers among them).
    The hand is counted in the game's deck (:func:`~.advice.estimate_tricks`: a joker
    is a sure trick, docs/rules.md §1, Deck).
    Raises ``ValueError`` outside this seat's bidding turn."""
    if decide_blind_nil(view):
        blind = Bid(0, blind=True)
        if blind in view.legal:
            return blind
    bid, _reason = recommend_bid(view)
    bid = no_nil_after_opponents(view, bid)
    expected = estimate_tricks(view.hand, view.rules.deck_number).tricks
    bid = stretch_to_ten(view, bid, expected)
    if view.rules.free_bidding:
        return bid
    return nearest_legal_bid(view, bid, expected)


def _cheapest(cards: list[Card], led: Suit | None) -> Card:
    """The least valuable card: a card of the led suit before a trump, then low rank."""
    return min(cards, key=lambda c: (c.suit == Suit.SPADES and led != Suit.SPADES, c.rank))


@dataclass(frozen=True, slots=True)
class _Table:
    """What Normal reads from a view before choosing a card."""

    view: PlayerView
    me: Seat
    partner: Seat
    hand: tuple[Card, ...]
    legal: list[Card]
    voids: dict[Seat, set[Suit]]
    need: int
    """Team contract tricks still needed (≤ 0 once the contract is made)."""
    unseen: int
    """The mask of the deck's cards neither in this hand nor played in this hand."""

    @staticmethod
    def read(view: PlayerView) -> _Table:
        contract, won = view.contract(view.seat.team)
        return _Table(
            view=view,
            me=view.seat,
            partner=view.seat.partner,
            hand=view.hand,
            legal=[a for a in view.legal if isinstance(a, Card)],
            voids=known_voids(view),
            need=contract - won,
            unseen=cards_to_mask(view.cards_out),
        )

    def master(self, card: Card) -> bool:
        """Whether no other seat holds a higher card of ``card``'s suit: every higher
        card of the game's deck (docs/rules.md §1, Deck: in a joker deck the A♠ is not
        the highest spade) is this seat's own or played. Such a card wins any trick of
        its suit that is not trumped (docs/rules.md §3)."""
        return not self.unseen & ABOVE[card.index]

    def suit_length(self, suit: Suit) -> int:
        return sum(1 for c in self.hand if c.suit == suit)

    @property
    def led(self) -> Suit | None:
        trick = self.view.current_trick
        return trick[0][1].suit if trick else None

    def winners(self) -> list[Card]:
        return [c for c in self.legal if wins_trick(self.view, c)]

    def losers(self) -> list[Card]:
        return [c for c in self.legal if not wins_trick(self.view, c)]

    def opponents_void(self, suit: Suit) -> bool:
        return any(suit in self.voids[s] for s in (self.me.left, self.partner.left))

    def low_card(self) -> Card:
        """A card to give away cheaply: the lowest of the led suit when following;
        when void, the lowest side card (keeping masters, shortening short suits),
        a spade only if nothing else is held."""
        led = self.led
        if led is not None:
            follow = [c for c in self.legal if c.suit == led]
            if follow:
                return follow[0]
        side = [c for c in self.legal if c.suit != Suit.SPADES]
        if side:
            return min(side, key=lambda c: (self.master(c), c.rank, self.suit_length(c.suit)))
        return min(self.legal, key=lambda c: c.rank)


def _danger(card: Card) -> tuple[int, int]:
    """How risky a card is to keep for a player who wants to lose tricks."""
    return (card.rank + (3 if card.suit == Suit.SPADES else 0), int(card.suit))


def _play_to_lose(t: _Table) -> Card:
    """Lose the trick if possible, shedding the most dangerous card that still loses:
    a Nil bidder's play, and a made contract's ducking play (docs/rules.md §6)."""
    view = t.view
    if not view.current_trick:
        side = [c for c in t.legal if c.suit != Suit.SPADES]
        pool = side or t.legal
        # Lowest card, from the suit where it is the safest (most cards below… none).
        return min(pool, key=lambda c: (c.rank, -t.suit_length(c.suit)))
    losers = t.losers()
    if losers:
        return max(losers, key=_danger)
    # Every card wins for now: if others are still to play, hope they overtake.
    if len(view.current_trick) < 3:
        return min(t.legal, key=lambda c: (c.suit == Suit.SPADES, c.rank))
    return max(t.legal, key=_danger)


def _play_own_nil(t: _Table) -> Card:
    """Nil: lose every trick (docs/rules.md §6)."""
    return _play_to_lose(t)


def _cover_partner_nil(t: _Table) -> Card | None:
    """Protect the partner's Nil (docs/rules.md §6). ``None`` means: play as usual."""
    view = t.view
    trick = view.current_trick
    if not trick:
        side = [c for c in t.legal if c.suit != Suit.SPADES]
        masters = [c for c in side if t.master(c) and not t.opponents_void(c.suit)]
        if masters:
            return max(masters, key=lambda c: c.rank)
        shed = [c for c in side if c.suit in t.voids[t.partner]]
        if shed:
            return min(shed, key=lambda c: c.rank)
        pool = side or t.legal
        return max(pool, key=lambda c: c.rank)
    partner_played = any(seat == t.partner for seat, _ in trick)
    if partner_played:
        if trick_winner(trick) == t.partner:
            winners = t.winners()
            if winners:
                return _cheapest(winners, t.led)
            return t.low_card()
        return None
    # The partner plays after this seat: set the bar high so the partner can play under.
    winners = t.winners()
    if not winners:
        return t.low_card()
    led = t.led
    follow = [c for c in winners if c.suit == led]
    if follow:
        return max(follow, key=lambda c: c.rank)
    return _cheapest(winners, led)


def _lead(t: _Table) -> Card:
    """Lead while the team still needs tricks."""
    side = [c for c in t.legal if c.suit != Suit.SPADES]
    spades = [c for c in t.legal if c.suit == Suit.SPADES]
    masters = [c for c in side if t.master(c) and not t.opponents_void(c.suit)]
    if masters:
        return min(masters, key=lambda c: (t.suit_length(c.suit), -c.rank))
    spade_masters = [c for c in spades if t.master(c)]
    if spade_masters and side:
        # Spades are broken (a spade is legal beside side cards): cash a top spade.
        return max(spade_masters, key=lambda c: c.rank)
    if side:
        partner_ruffs = [c for c in side if c.suit in t.voids[t.partner]
                         and Suit.SPADES not in t.voids[t.partner]]
        if partner_ruffs:
            return min(partner_ruffs, key=lambda c: c.rank)
        my_spades = t.suit_length(Suit.SPADES)
        singletons = [c for c in side if t.suit_length(c.suit) == 1]
        if singletons and my_spades >= 2:
            return min(singletons, key=lambda c: c.rank)
        longest = max(side, key=lambda c: (t.suit_length(c.suit), -int(c.suit)))
        return min((c for c in side if c.suit == longest.suit), key=lambda c: c.rank)
    if spade_masters:
        return max(spade_masters, key=lambda c: c.rank)
    return min(spades, key=lambda c: c.rank)


def _follow(t: _Table) -> Card:
    """Follow while the team still needs tricks."""
    view = t.view
    trick = view.current_trick
    led = t.led
    assert led is not None
    last = len(trick) == 3
    win_seat = trick_winner(trick)
    winners = t.winners()
    following = any(c.suit == led for c in t.legal)
    trumped = any(c.suit == Suit.SPADES for _, c in trick) and led != Suit.SPADES
    if win_seat == t.partner:
        if not last and following and not trumped:
            partner_card = next(c for s, c in trick if s == t.partner)
            if not t.master(partner_card):
                masters = [c for c in winners if t.master(c)]
                if masters:
                    return _cheapest(masters, led)
        return t.low_card()
    if winners:
        if last:
            return _cheapest(winners, led)
        if following:
            masters = [c for c in winners if t.master(c)]
            if masters and not trumped and not (t.opponents_void(led) and led != Suit.SPADES):
                return _cheapest(masters, led)
            if len(trick) == 2:
                return _cheapest(winners, led)
            return t.low_card()
        return _cheapest(winners, led)
    return t.low_card()


def _duck(t: _Table) -> Card:
    """The contract is made: avoid bags by losing tricks, shedding high cards."""
    return _play_to_lose(t)


def _can_set_opponents(view: PlayerView) -> bool:
    """True while the opponents still need tricks for their contract and may be set."""
    need = view.contract_need(view.seat.team.other)
    return need is not None and 0 < need <= 13 - len(view.tricks)


def normal_card(view: PlayerView) -> Card:
    """Normal's card for a view in the playing phase (docs/rules.md §6); one of ``view.legal``.

    Raises ``ValueError`` if it is not this seat's turn to play.
    """
    view = require_turn(view)
    if view.phase is not Phase.PLAYING:
        raise ValueError("Cards are played only after the bidding.")
    t = _Table.read(view)
    if len(t.legal) == 1:
        return t.legal[0]
    if view.nil_status(t.me) is not NilStatus.NONE:
        return _play_own_nil(t)
    if view.nil_status(t.partner) is NilStatus.INTACT:
        card = _cover_partner_nil(t)
        if card is not None:
            return card
    if t.need <= 0 and view.rules.bag_penalty and not _can_set_opponents(view):
        return _duck(t)
    if not view.current_trick:
        return _lead(t)
    return _follow(t)


class NormalBot:
    """Normal level (docs/rules.md §6): counted bids, follows with purpose, doesn't overtake a
    winning partner, takes cheap tricks, covers its partner's Nil, ducks once the
    contract is made. Deterministic and stateless."""

    name = "normal"

    def choose_action(
        self, view: PlayerView, game_number: int, cancel: threading.Event | None = None
    ) -> Action:
        """Normal's bid or card for ``view``'s seat; always one of ``view.legal``.

        ``game_number`` is accepted for the :class:`~spades_desktop.bots.base.Bot`
        interface; Normal needs no randomness. Raises ``TypeError`` if ``view`` is not
        a ``PlayerView`` and ``ValueError`` if it is not this seat's turn (docs/rules.md §6).
        """
        view = require_turn(view)
        if view.phase is Phase.BIDDING:
            bid = normal_bid(view)
            return bid if bid in view.legal else fallback_action(view)
        return normal_card(view)
