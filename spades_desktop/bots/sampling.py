"""What a seat knows about the hidden hands, and deals sampled from it (docs/rules.md §6).

The Expert searches over the cards it cannot see. This module turns its
:class:`~spades_desktop.engine.PlayerView` into :class:`Knowledge` — the cards still
hidden, how many each other seat holds, the suits each seat has shown to be out of,
the cards each seat has played and the bids — and draws complete deals consistent
with it:

- **Voids exactly.** A seat that did not follow a led suit holds none of it; a seat
  that led a spade before spades were broken held only spades then (docs/rules.md §3), so it
  holds no club, diamond or heart. Hand sizes are exact.
- **Uniform over the consistent deals.** :class:`DealSampler` counts the deals by
  dynamic programming over the suits (how many cards of each suit each seat gets),
  then draws a split with probability proportional to its number of completions and
  shuffles each suit's cards into it, so every consistent deal is equally likely.
  (Dealing card by card to random allowed seats would not be: that bias made a card
  whose probability was 1/3 appear in 87% of an early commercial bot's samples,
  see ``shared/notes/ai-anchors.md`` §1.1.)
- **Bids as weights.** Each seat's bid weighs its original 13 cards (its hidden cards
  plus those it has played) by :func:`bid_likelihood`, a simple model of how players
  bid: near the counted tricks of :func:`estimate_tricks_mask` (the count of the
  bidding advice, docs/rules.md §7), Nil mostly on Nil-fit hands. Weighted deals come from a
  Metropolis–Hastings chain over the consistent deals (swap two cards between two
  seats, or propose a fresh uniform deal; accept with the weight ratio), whose
  stationary law is exactly the weighted one: a card's frequency over the samples
  converges to its probability given the voids, sizes and the bid model (tested by
  enumeration in ``tests/bots/test_sampling.py``).

Cards are indices 0..55 and hands masks of up to 56 bits, as in :mod:`.sim`; the
counting reads the spades in the deck's order of strength (docs/rules.md §1, Deck:
``Knowledge.deck``). No Qt, no I/O;
randomness only from the ``random.Random`` passed in.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from spades_desktop.engine import Phase, PlayerView, Seat, cards_to_mask
from spades_desktop.engine.core import DECK_JOKERS, DECK_STANDARD, SPADES, SUIT_MASK
from spades_desktop.engine.core import SUIT_OF as _SUIT_OF

from .advice import LENGTH_FROM
from .sim import mask_cards

__all__ = [
    "BID_SIGMA", "DealSampler", "Knowledge", "bid_likelihood", "estimate_tricks_mask",
    "is_nil_fit_mask", "recommended_tricks",
]

# --- the counting of the bidding advice, on masks ---------------------------------------

# Per 13-bit suit pattern (bit r-2 for rank r): A = bit 12, K = bit 11, Q = bit 10, J = 9.
_A, _K, _Q, _J = 1 << 12, 1 << 11, 1 << 10, 1 << 9

# The spades are counted by their place in the deck's order of strength (docs/rules.md,
# Deck): a 13-bit "virtual" pattern of the deck's 13 highest spades, the highest at the
# ace's bit, and the number of the hand's spades below those 13 (Joker-Joker: the 3♠
# and 2♠; Joker-Joker-Deuce-Deuce: the 5♠, 4♠ and 3♠), which count as spades held but
# are no honours. In the standard deck the virtual pattern is the spades' own. A joker
# deck puts 15 or 16 trumps at the table, so its length tricks start later
# (:data:`~.advice.LENGTH_FROM`). The side suits of a joker deck lack their two (12 cards): a two
# counts nothing, and a side suit is counted as in the standard deck.


def _spade_info(top: int, n: int, length_from: int = 3) -> tuple[float, int]:
    """The spades' counted tricks and spare spades (those not counted as an honour or
    as length, free to trump) from ``top`` (bit 2: the deck's highest spade held, bit 1
    the second, bit 0 the third: the virtual A, K, Q), ``n``, the spades held, and
    ``length_from`` (:data:`~.advice.LENGTH_FROM`)."""
    ace, king, queen = top >> 2 & 1, top >> 1 & 1, top & 1
    total = 0.0
    honours = 0
    if ace:
        total += 1.0
        honours += 1
    # (virtual rank held, higher ranks missing, spades held below it)
    for held, missing_higher, lower in ((king, 1 - ace, n - ace - 1),
                                        (queen, 2 - ace - king, n - ace - king - 1)):
        if held:
            if lower >= missing_higher:
                value = 1.0
            elif lower == missing_higher - 1:
                value = 0.5
            else:
                value = 0.0
            if value > 0:
                total += value
                honours += 1
    length = max(0, n - length_from)
    total += length
    return total, max(0, n - honours - length)


def _side_value(p: int) -> float:
    n = p.bit_count()
    total = 0.0
    if p & _A:
        total += 1.0 if n <= 6 else 0.5
    if p & _K and n >= 2:
        if p & _A:
            total += 1.0 if n <= 5 else 0.5
        else:
            total += 0.5 if n <= 4 else 0.25
    if p & _Q and n >= 3 and n <= 4:
        total += 0.5 if p & (_A | _K) else 0.25
    return total


def _side_nil_ok(p: int) -> bool:
    for bit, guards in ((_K, 2), (_Q, 1), (_J, 1)):
        if p & bit and (p & (bit - 1)).bit_count() < guards:
            return False
    return True


_MAX_SPADES = 17
"""The most spades a hand mask can hold (``core.SPADE_RANK_MASK``)."""
_SPADE_BY_TOP: tuple[tuple[float, int], ...] = tuple(
    _spade_info(top, n, LENGTH_FROM[DECK_JOKERS]) for top in range(8)
    for n in range(_MAX_SPADES + 1))
"""``_SPADE_BY_TOP[top * 18 + n]``: :func:`_spade_info` ``(top, n)`` in a joker deck."""
_SIDE_VALUE: tuple[float, ...] = tuple(_side_value(p) for p in range(8192))
_SPADE_INFO: tuple[tuple[float, int], ...] = tuple(
    _spade_info(p >> 10, p.bit_count()) for p in range(8192))
"""Per 13-bit spade pattern of the standard deck, :func:`_spade_info`."""
_SIDE_NIL_OK: tuple[bool, ...] = tuple(_side_nil_ok(p) for p in range(8192))
_HIGH_MASK = _A | _K | _Q | _J
_ACE_OF_SPADES = 1 << 51
# Ruffing order of the side suits on equal length: hearts, clubs, diamonds (display order).
_RUFF_ORDER = (2, 0, 1)


def _spades(hand: int, deck: int) -> tuple[int, int]:
    """The hand's spades as the counting reads them in ``deck`` (a ``core.DECK_*``
    number): the 13-bit virtual pattern of the deck's 13 highest spades (bit 12 the
    highest) and how many of the hand's spades lie below those 13. Cards the deck does
    not hold are not read."""
    if deck == DECK_STANDARD:
        return (hand >> 39) & 0x1FFF, 0
    if deck == DECK_JOKERS:
        # 2♠..A♠ (39..51), then the Little and the Big Joker (54, 55): 15 spades.
        s = (hand >> 39) & 0x1FFF | (hand >> 54) << 13
        return s >> 2, (s & 0b11).bit_count()
    # Joker-Joker-Deuce-Deuce: 3♠..A♠ (40..51), the 2♠, the 2♦, LJ, BJ (52..55): 16.
    s = hand >> 40
    return s >> 3, (s & 0b111).bit_count()


def estimate_tricks_mask(hand: int, deck: int = DECK_STANDARD) -> float:
    """The counted tricks of a hand mask in ``deck`` (a ``core.DECK_*`` number, the
    standard deck by default; docs/rules.md §1 Deck, §7), equal to
    :func:`~spades_desktop.bots.advice.estimate_tricks` ``(..., deck).tricks`` (tested
    on random hands of every deck), in a few table look-ups. Never raises."""
    ps, extra = _spades(hand, deck)
    return _count(hand, ps, extra, deck)


def _count(hand: int, ps: int, extra: int, deck: int) -> float:
    """:func:`estimate_tricks_mask` from the hand's virtual spade pattern ``ps`` and its
    spades below it (:func:`_spades`)."""
    p0 = hand & 0x1FFF
    p1 = (hand >> 13) & 0x1FFF
    p2 = (hand >> 26) & 0x1FFF
    if deck == DECK_STANDARD:
        spade_total, spare = _SPADE_INFO[ps]
    else:
        spade_total, spare = _SPADE_BY_TOP[(ps >> 10) * (_MAX_SPADES + 1)
                                           + ps.bit_count() + extra]
    total = _SIDE_VALUE[p0] + _SIDE_VALUE[p1] + _SIDE_VALUE[p2] + spade_total
    if spare > 0:
        lengths = (p0.bit_count(), p1.bit_count(), p2.bit_count())
        short = sorted((lengths[s], i) for i, s in enumerate(_RUFF_ORDER) if lengths[s] <= 2)
        for length, _ in short:
            if spare <= 0:
                break
            if length == 0:
                used = min(spare, 2)
                total += 1.0 if used == 1 else 1.5
            elif length == 1:
                used = 1
                total += 0.5
            else:
                used = 1
                total += 0.25
            spare -= used
    return min(total, 13.0)


def _nil_fit(hand: int, ps: int, n_spades: int) -> bool:
    """:func:`is_nil_fit_mask` from the virtual spade pattern ``ps`` and the number of
    spades held."""
    p0 = hand & 0x1FFF
    p1 = (hand >> 13) & 0x1FFF
    p2 = (hand >> 26) & 0x1FFF
    if (ps | p0 | p1 | p2) & _A or hand & _ACE_OF_SPADES:
        return False
    if n_spades > 3:
        return False
    if ps and ps.bit_length() + 1 > (10 if n_spades == 3 else 11):
        return False
    high = (ps & _HIGH_MASK).bit_count() + (p0 & _HIGH_MASK).bit_count() + \
        (p1 & _HIGH_MASK).bit_count() + (p2 & _HIGH_MASK).bit_count()
    if high > 3:
        return False
    return _SIDE_NIL_OK[p0] and _SIDE_NIL_OK[p1] and _SIDE_NIL_OK[p2]


def is_nil_fit_mask(hand: int, deck: int = DECK_STANDARD) -> bool:
    """Equal to :func:`~spades_desktop.bots.advice.is_nil_fit` ``(..., deck)`` on a hand
    mask (tested on random hands of every deck). Never raises."""
    ps, extra = _spades(hand, deck)
    return _nil_fit(hand, ps, ps.bit_count() + extra)


def recommended_tricks(hand: int, deck: int = DECK_STANDARD) -> int:
    """The advice's bid for a hand of ``deck`` (not Nil): the count rounded (a fraction
    of ¾ up), clamped to 1..13 (docs/rules.md §7)."""
    return max(1, min(13, math.floor(estimate_tricks_mask(hand, deck) + 0.25)))


# --- the bid model ------------------------------------------------------------------------

BID_SIGMA = 1.1
"""Spread (in tricks) of a player's bid around the counted tricks."""
_BID_UNIFORM = 0.04
"""Share of bids the model treats as unexplained (uniform over 1..13)."""
_NIL_IF_FIT = 0.55
_NIL_IF_NOT_FIT = 0.03


def _bid_table() -> tuple[tuple[tuple[float, ...], ...], tuple[float, ...]]:
    """``table[fit * 14 + r][b]`` = P(bid b | counted r, Nil fit), and the maximum over
    (r, fit) per bid b."""
    rows: list[tuple[float, ...]] = []
    for fit in (0, 1):
        for r in range(14):
            centre = max(1, r)
            kernel = [0.0] + [math.exp(-((b - centre) ** 2) / (2 * BID_SIGMA ** 2))
                              for b in range(1, 14)]
            norm = sum(kernel)
            p_nil = _NIL_IF_FIT if fit else _NIL_IF_NOT_FIT
            row = [p_nil] + [(1 - p_nil) * ((1 - _BID_UNIFORM) * k / norm + _BID_UNIFORM / 13)
                             for k in kernel[1:]]
            rows.append(tuple(row))
    maxima = tuple(max(row[b] for row in rows) for b in range(14))
    return tuple(rows), maxima


_BID_ROWS, _BID_MAX = _bid_table()


def _hand_class(hand: int, deck: int = DECK_STANDARD) -> int:
    """``fit * 14 + r``: the row of the bid table for a 13-card hand of ``deck`` (equal
    to using :func:`is_nil_fit_mask` and :func:`recommended_tricks`)."""
    ps, extra = _spades(hand, deck)
    r = max(1, min(13, math.floor(_count(hand, ps, extra, deck) + 0.25)))
    return 14 + r if _nil_fit(hand, ps, ps.bit_count() + extra) else r


def bid_likelihood(bid: int, hand: int, deck: int = DECK_STANDARD) -> float:
    """P(a player bids ``bid`` | their 13 cards ``hand`` of ``deck``, a ``core.DECK_*``
    number) under the Expert's bid model:
    Nil (0) with probability 0.55 on a Nil-fit hand (:func:`is_nil_fit_mask`) and 0.03
    otherwise; other bids spread around :func:`recommended_tricks` as a discretized
    normal (σ = :data:`BID_SIGMA`), mixed with 4% uniform over 1..13. Raises
    ``IndexError`` for a bid outside 0..13."""
    return _BID_ROWS[_hand_class(hand, deck)][bid]


_BID_RATIO: tuple[tuple[float, ...], ...] = tuple(
    tuple(_BID_ROWS[k][b] / _BID_MAX[b] for k in range(28)) for b in range(14))
"""``_BID_RATIO[b][hand class]``: the likelihood of bid b over its maximum (0..1]."""


def _bid_ratio(bid: int, hand: int, deck: int) -> float:
    """:func:`bid_likelihood` divided by its maximum over hands (0..1]."""
    return _BID_RATIO[bid][_hand_class(hand, deck)]


# --- knowledge ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What ``seat`` knows about the hand in play, as masks (docs/rules.md §6).

    - ``hand``: its own cards; ``hidden``: the cards held by the three other seats;
    - ``sizes[s]``: cards held by seat ``s`` now;
    - ``voids[s]``: bit ``k`` set when seat ``s`` surely holds no card of suit ``k``;
    - ``played[s]``: the cards seat ``s`` has played in this hand;
    - ``bids[s]``: tricks bid (0 = Nil) or ``None`` before it bids; ``blind[s]``:
      Blind Nil (it says nothing about the cards);
    - ``deck``: the game's deck (``Rules.deck_number``, a ``core.DECK_*`` number;
      docs/rules.md §1, Deck), which the bid model's counting reads.
    """

    seat: int
    hand: int
    hidden: int
    sizes: tuple[int, int, int, int]
    voids: tuple[int, int, int, int]
    played: tuple[int, int, int, int]
    bids: tuple[int | None, int | None, int | None, int | None]
    blind: tuple[bool, bool, bool, bool]
    deck: int = DECK_STANDARD

    @staticmethod
    def from_view(view: PlayerView) -> Knowledge:
        """Read a view: voids from failures to follow and from spade leads before
        spades were broken (docs/rules.md §3). Never looks at anything but the view."""
        me = int(view.seat)
        hand = cards_to_mask(view.hand)
        played = [0, 0, 0, 0]
        voids = [0, 0, 0, 0]
        led_tricks = [t for t in (*view.tricks, view.current_trick) if t]
        for trick, broken in zip(led_tricks, view.spades_broken_at_leads, strict=True):
            led = int(trick[0][1].suit)
            if led == SPADES and not broken:
                # Leading a spade before they were broken: the leader held only spades.
                voids[int(trick[0][0])] |= 0b0111
            for seat, card in trick:
                played[int(seat)] |= 1 << card.index
                if int(card.suit) != led:
                    voids[int(seat)] |= 1 << led
        hidden = cards_to_mask(view.cards_out)
        if view.phase is Phase.BIDDING:
            sizes = tuple(13 if s != me else len(view.hand) for s in range(4))
        else:
            sizes = tuple(int(view.hand_sizes.get(Seat(s), 0)) for s in range(4))
        bids = tuple(view.bids[Seat(s)].tricks if Seat(s) in view.bids else None
                     for s in range(4))
        blind = tuple(Seat(s) in view.bids and view.bids[Seat(s)].blind for s in range(4))
        return Knowledge(
            seat=me, hand=hand, hidden=hidden,
            sizes=sizes,  # type: ignore[arg-type]
            voids=tuple(voids),  # type: ignore[arg-type]
            played=tuple(played),  # type: ignore[arg-type]
            bids=bids,  # type: ignore[arg-type]
            blind=blind,  # type: ignore[arg-type]
            deck=view.rules.deck_number,
        )

    @property
    def others(self) -> tuple[int, int, int]:
        """The three other seats, clockwise from this seat's left."""
        s = self.seat
        return ((s + 1) & 3, (s + 2) & 3, (s + 3) & 3)


# --- sampling ------------------------------------------------------------------------------


def _below(rng: random.Random, n: int) -> int:
    """A uniform integer in 0..n-1 from ``getrandbits`` (exact for any size)."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


Split = tuple[int, int, int]
_PAIRS = ((0, 1), (0, 2), (1, 2))

INDEPENDENT_MOVE_RATE = 0.1
"""Share of the Markov chain's steps that propose a fresh uniform deal (the others swap
two cards between two seats)."""


class DealSampler:
    """Deals of the hidden cards consistent with a :class:`Knowledge` (docs/rules.md §6).

    ``uniform()`` draws a deal uniformly among those respecting the hand sizes and
    voids; ``sample()`` draws one weighted by the bids (a Metropolis–Hastings chain,
    ``burn_in`` steps first, then ``thin`` steps per sample); ``count()`` is the
    number of consistent deals; ``enumerate()`` lists them with their bid weights (for
    small positions). A deal is a 4-tuple of hand masks indexed by seat (the
    sampling seat's own hand included). ``use_bids`` False ignores the bids.

    Raises ``ValueError`` if no deal is consistent with the knowledge.
    """

    def __init__(self, know: Knowledge, rng: random.Random, use_bids: bool = True,
                 burn_in: int = 40, thin: int = 8) -> None:
        self.know = know
        self.rng = rng
        self.burn_in = burn_in
        self.thin = thin
        self.tries = 0
        self._chain: list[int] = []
        self._chain_w: list[float] = []
        self._chain_cards: list[list[int]] = []
        self.seats = know.others
        self.suit_cards: tuple[tuple[int, ...], ...] = tuple(
            tuple(mask_cards(know.hidden & SUIT_MASK[s])) for s in range(4))
        self.allowed: tuple[tuple[bool, bool, bool], ...] = tuple(
            tuple(not know.voids[seat] >> s & 1 for seat in self.seats)  # type: ignore[misc]
            for s in range(4))
        self.caps: Split = tuple(know.sizes[seat] for seat in self.seats)  # type: ignore[assignment]
        if sum(self.caps) != know.hidden.bit_count():
            raise ValueError("The hand sizes do not match the hidden cards.")
        self._count_memo: dict[tuple[int, Split], int] = {}
        self._options: dict[tuple[int, Split], tuple[list[Split], list[int], int]] = {}
        self.weighted: list[tuple[int, int]] = []
        self._bid_at: list[int | None] = [None, None, None]
        if use_bids:
            for pos, seat in enumerate(self.seats):
                bid = know.bids[seat]
                if bid is not None and not know.blind[seat]:
                    self.weighted.append((seat, bid))
                    self._bid_at[pos] = bid
        self.no_voids = not any(know.voids[seat] for seat in self.seats)
        if self.count() == 0:
            raise ValueError("No deal is consistent with what is known.")

    # -- counting ---------------------------------------------------------------------

    def _splits(self, suit: int, caps: Split) -> list[Split]:
        n = len(self.suit_cards[suit])
        ok = self.allowed[suit]
        out: list[Split] = []
        for a in range(min(n, caps[0]) + 1 if ok[0] else 1):
            for b in range(min(n - a, caps[1]) + 1 if ok[1] else 1):
                c = n - a - b
                if c <= caps[2] and (c == 0 or ok[2]):
                    out.append((a, b, c))
        return out

    def _count(self, suit: int, caps: Split) -> int:
        if suit == 4:
            return 1 if caps == (0, 0, 0) else 0
        if suit == 3:
            # The last suit fills exactly what is left.
            a, b, c = caps
            if a < 0 or b < 0 or c < 0 or a + b + c != len(self.suit_cards[3]):
                return 0
            ok = self.allowed[3]
            if (a and not ok[0]) or (b and not ok[1]) or (c and not ok[2]):
                return 0
            return math.comb(a + b + c, a) * math.comb(b + c, b)
        key = (suit, caps)
        got = self._count_memo.get(key)
        if got is not None:
            return got
        n = len(self.suit_cards[suit])
        total = 0
        for a, b, c in self._splits(suit, caps):
            rest = self._count(suit + 1, (caps[0] - a, caps[1] - b, caps[2] - c))
            if rest:
                total += math.comb(n, a) * math.comb(n - a, b) * rest
        self._count_memo[key] = total
        return total

    def count(self) -> int:
        """The number of deals consistent with the sizes and voids."""
        if self.no_voids:
            a, b, c = self.caps
            return math.comb(a + b + c, a) * math.comb(b + c, b)
        return self._count(0, self.caps)

    def _option_table(self, suit: int, caps: Split) -> tuple[list[Split], list[int], int]:
        key = (suit, caps)
        got = self._options.get(key)
        if got is not None:
            return got
        n = len(self.suit_cards[suit])
        splits: list[Split] = []
        cumulative: list[int] = []
        total = 0
        for a, b, c in self._splits(suit, caps):
            rest = self._count(suit + 1, (caps[0] - a, caps[1] - b, caps[2] - c))
            if rest:
                total += math.comb(n, a) * math.comb(n - a, b) * rest
                splits.append((a, b, c))
                cumulative.append(total)
        table = (splits, cumulative, total)
        self._options[key] = table
        return table

    # -- drawing ----------------------------------------------------------------------

    def uniform(self) -> tuple[int, int, int, int]:
        """One deal drawn uniformly among the consistent deals."""
        rng = self.rng
        hands = [0, 0, 0, 0]
        hands[self.know.seat] = self.know.hand
        s0, s1, s2 = self.seats
        if self.no_voids:
            cards = [c for suit in self.suit_cards for c in suit]
            rng.shuffle(cards)
            a, b, _ = self.caps
            for i, c in enumerate(cards):
                if i < a:
                    hands[s0] |= 1 << c
                elif i < a + b:
                    hands[s1] |= 1 << c
                else:
                    hands[s2] |= 1 << c
            return hands[0], hands[1], hands[2], hands[3]
        caps = self.caps
        for suit in range(4):
            splits, cumulative, total = self._option_table(suit, caps)
            r = _below(rng, total)
            lo, hi = 0, len(cumulative) - 1
            while lo < hi:
                mid = (lo + hi) // 2
                if cumulative[mid] > r:
                    hi = mid
                else:
                    lo = mid + 1
            a, b, c = splits[lo]
            caps = (caps[0] - a, caps[1] - b, caps[2] - c)
            cards = list(self.suit_cards[suit])
            n = len(cards)
            # Partial Fisher–Yates: the first a cards to s0, the next b to s1.
            for i in range(a + b):
                j = i + _below(rng, n - i)
                cards[i], cards[j] = cards[j], cards[i]
                if i < a:
                    hands[s0] |= 1 << cards[i]
                else:
                    hands[s1] |= 1 << cards[i]
            for i in range(a + b, n):
                hands[s2] |= 1 << cards[i]
        return hands[0], hands[1], hands[2], hands[3]

    def weight(self, deal: Sequence[int]) -> float:
        """The bid weight of a deal (0..1): the product over the seats whose bid is
        known (not blind) of :func:`bid_likelihood` over its maximum."""
        w = 1.0
        played = self.know.played
        for seat, bid in self.weighted:
            w *= _bid_ratio(bid, deal[seat] | played[seat], self.know.deck)
        return w

    def _pos_weight(self, pos: int, hand: int) -> float:
        bid = self._bid_at[pos]
        if bid is None:
            return 1.0
        return _bid_ratio(bid, hand | self.know.played[self.seats[pos]], self.know.deck)

    def _set_chain(self, deal: list[int]) -> None:
        self._chain = deal
        self._chain_w = [self._pos_weight(p, deal[self.seats[p]]) for p in range(3)]
        self._chain_cards = [mask_cards(deal[seat]) for seat in self.seats]

    def _restart(self) -> None:
        """Start the Markov chain from an exact uniform deal and run the burn-in."""
        self._set_chain(list(self.uniform()))
        for _ in range(self.burn_in):
            self._step()

    def _step(self) -> None:
        """One Metropolis–Hastings step whose stationary law is the bid-weighted one.

        With probability :data:`INDEPENDENT_MOVE_RATE`: propose a fresh uniform deal,
        accepted with probability min(1, w'/w). Otherwise: pick one of the three pairs
        of hidden seats and one card of each, swap them if the voids allow, accepted
        with probability min(1, w'/w). Both proposals are symmetric with respect to
        the uniform law of consistent deals (hand sizes never change), so the chain
        leaves the weighted law invariant; the fresh-deal move makes it reach every
        consistent deal.
        """
        rng = self.rng
        deal = self._chain
        weights = self._chain_w
        self.tries += 1
        if rng.random() < INDEPENDENT_MOVE_RATE:
            fresh = list(self.uniform())
            fresh_w = [self._pos_weight(p, fresh[self.seats[p]]) for p in range(3)]
            old = weights[0] * weights[1] * weights[2]
            new = fresh_w[0] * fresh_w[1] * fresh_w[2]
            if new >= old or rng.random() * old < new:
                self._set_chain(fresh)
            return
        a, b = _PAIRS[_below(rng, 3)]
        sa, sb = self.seats[a], self.seats[b]
        ha, hb = deal[sa], deal[sb]
        if not ha or not hb:
            return
        ca = self._chain_cards[a]
        cb = self._chain_cards[b]
        i = _below(rng, len(ca))
        j = _below(rng, len(cb))
        x = ca[i]
        y = cb[j]
        if not self.allowed[_SUIT_OF[x]][b] or not self.allowed[_SUIT_OF[y]][a]:
            return
        swap = (1 << x) | (1 << y)
        na = ha ^ swap
        nb = hb ^ swap
        wa = self._pos_weight(a, na)
        wb = self._pos_weight(b, nb)
        old = weights[a] * weights[b]
        new = wa * wb
        if new >= old or rng.random() * old < new:
            deal[sa], deal[sb] = na, nb
            weights[a], weights[b] = wa, wb
            ca[i], cb[j] = y, x

    def sample(self) -> tuple[int, int, int, int]:
        """One deal from the bid-weighted law over the consistent deals.

        Without known bids: :meth:`uniform`. With bids: the next state of a
        Metropolis–Hastings chain (:meth:`_step`) after ``thin`` steps, started from a
        uniform deal and ``burn_in`` steps; the chain's law converges to the weighted
        law, so card frequencies over the samples match the weighted probabilities.
        """
        if not self.weighted:
            return self.uniform()
        if not self._chain:
            self._restart()
        for _ in range(self.thin):
            self._step()
        d = self._chain
        return d[0], d[1], d[2], d[3]

    def enumerate(self) -> Iterator[tuple[tuple[int, int, int, int], float]]:
        """Every consistent deal once, with its bid weight (as :meth:`weight`), in a
        fixed order. Meant for small positions: there are :meth:`count` of them."""
        seats = self.seats
        base = [0, 0, 0, 0]
        base[self.know.seat] = self.know.hand

        def rec(suit: int, caps: Split, hands: list[int]) -> Iterator[tuple[int, ...]]:
            if suit == 4:
                if caps == (0, 0, 0):
                    yield tuple(hands)
                return
            cards = self.suit_cards[suit]
            for a, b, c in self._splits(suit, caps):
                if not self._count(suit + 1, (caps[0] - a, caps[1] - b, caps[2] - c)):
                    continue
                for first in combinations(range(len(cards)), a):
                    rest = [i for i in range(len(cards)) if i not in first]
                    for second in combinations(rest, b):
                        third = [i for i in rest if i not in second]
                        h = list(hands)
                        for i in first:
                            h[seats[0]] |= 1 << cards[i]
                        for i in second:
                            h[seats[1]] |= 1 << cards[i]
                        for i in third:
                            h[seats[2]] |= 1 << cards[i]
                        yield from rec(suit + 1, (caps[0] - a, caps[1] - b, caps[2] - c), h)

        for deal in rec(0, self.caps, base):
            d = (deal[0], deal[1], deal[2], deal[3])
            yield d, self.weight(d)
