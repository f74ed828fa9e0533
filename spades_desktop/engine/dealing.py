"""Deterministic deals from the game number (docs/rules.md §1, §6).

The shuffle uses SplitMix64 (Steele, Lea & Flood 2014) with an unbiased
bounded draw and a Fisher–Yates shuffle, all in integer arithmetic, so a deal
depends only on (game number, hand number) and is the same on every platform
and Python version. ``random.shuffle`` is not used: its algorithm is not
specified across Python versions.
"""

from __future__ import annotations

import struct

from . import checks
from .cards import DECK_CARDS, Card, Seat

try:
    import cython
except ImportError:  # Cython is needed only to build the compiled module
    from .. import cython_shim as cython

MAX_GAME_NUMBER = 2**64 - 1
"""The largest game number: every bit of 0..2**64-1 changes the deals."""
MAX_HAND_NUMBER = 2**64 - 1
"""The largest hand number a deal is made for (hands are numbered from 1)."""

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_NEAR_TOP = (1 << 64) - 52
"""below(n) accepts every output under this, for every n up to 52 (each accepts all
under (2**64 // n) * n, which is more than 2**64 - n)."""


class SplitMix64:
    """A 64-bit generator with an explicit, documented algorithm.

    ``next_u64()`` returns 0..2**64-1; ``below(n)`` returns 0..n-1 without bias.
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next_u64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + _GOLDEN) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1 (rejection sampling); ``n`` must be 1..2**64."""
        if n <= 0:
            raise ValueError("below() needs a positive bound.")
        limit = ((1 << 64) // n) * n
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n


def mix_seed(*parts: int) -> int:
    """Combine whole numbers (e.g. game number, hand number; each taken modulo 2**128)
    into one 64-bit seed. Raises ``TypeError`` for a part that is not an ``int`` (a
    ``bool`` included)."""
    for p in parts:
        checks.whole_number(p, "seed part")
    state = 0x5350414445530000  # "SPADES\0\0"
    for p in parts:
        state = _mix_part(state, p & _MASK64, (p >> 64) & _MASK64)
    return state


def _mix_part(state: int, low: int, high: int) -> int:
    """One step of :func:`mix_seed`: ``SplitMix64(state ^ low).next_u64() ^ high`` (all
    three 64-bit)."""
    z = ((state ^ low) + _GOLDEN) & _MASK64
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK64
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
    return z ^ (z >> 31) ^ high


# The shuffle needs 51 outputs of one SplitMix64 stream. Output k (k = 1..51) depends
# only on seed + k * golden (mod 2**64), so all 51 are computed at once: one big
# integer holds them in 128-bit lanes (room for each lane's 128-bit products), and a
# handful of big-integer operations replace some 500 small ones. The result is the same
# stream as SplitMix64.next_u64(), checked against it in tests/engine/test_determinism.py.
_DRAWS = 51
_LANE = 128
_LANES_ONE = sum(1 << (_LANE * k) for k in range(_DRAWS))
_LANES_MASK64 = _MASK64 * _LANES_ONE
_LANES_STEPS = sum((((k + 1) * _GOLDEN) & _MASK64) << (_LANE * k) for k in range(_DRAWS))
_LANES_BYTES = _DRAWS * _LANE // 8
_LANES_UNPACK = struct.Struct("<" + "Q8x" * _DRAWS).unpack
# Draw k (0-based) is below(52 - k): rejected only when the output is in the top
# (2**64 mod n) values, i.e. only if it is above 2**64 - 53. Adding 52 to every lane
# carries into bit 64 of some lane exactly when one output is that high.
_LANES_NEAR_TOP = 52 * _LANES_ONE
_LANES_CARRY = (1 << 64) * _LANES_ONE


def shuffled_indices(game_number: int, hand_number: int) -> list[int]:
    """The card indices 0..51 in shuffled order for this game and hand: Fisher–Yates
    driven by ``SplitMix64(mix_seed(game_number, hand_number)).below`` (see the module)."""
    seed = mix_seed(game_number, hand_number)
    if cython.compiled:  # C's 64-bit arithmetic: one draw at a time is cheapest
        return _shuffle_one_by_one(seed)
    z = (seed * _LANES_ONE + _LANES_STEPS) & _LANES_MASK64
    z = ((z ^ (z >> 30)) & _LANES_MASK64) * _MIX1 & _LANES_MASK64
    z = ((z ^ (z >> 27)) & _LANES_MASK64) * _MIX2 & _LANES_MASK64
    z = (z ^ (z >> 31)) & _LANES_MASK64
    cards = list(range(52))
    if (z + _LANES_NEAR_TOP) & _LANES_CARRY:  # a draw may be rejected: the plain way
        rng = SplitMix64(seed)
        for i in range(51, 0, -1):
            j = rng.below(i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        return cards
    i = 51
    for x in _LANES_UNPACK(z.to_bytes(_LANES_BYTES, "little")):
        j = x % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
        i -= 1
    return cards


def _shuffle_one_by_one(seed: int) -> list[int]:
    """The shuffle of :func:`shuffled_indices`, one draw at a time: the steps of
    :meth:`SplitMix64.next_u64` and :meth:`SplitMix64.below` written out, for the compiled
    module, where ``dealing.pxd``'s 64-bit unsigned types make each a few C operations
    (``tests/test_compiled_core.py`` compares it with the batched path)."""
    state = seed & _MASK64
    cards = list(range(52))
    for i in range(51, 0, -1):
        n = i + 1
        while True:
            state = (state + _GOLDEN) & _MASK64
            z = state
            z = ((z ^ (z >> 30)) * _MIX1) & _MASK64
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
            z = z ^ (z >> 31)
            # below(n) accepts an output up to its largest multiple of n, less one; only
            # an output near the top (1 in 2**58) needs that bound, and its divisions.
            if z < _NEAR_TOP or z <= _MASK64 - (_MASK64 % n + 1) % n:
                break
        j = z % n
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def _check_deal_numbers(game_number: object, hand_number: object) -> None:
    checks.whole_number(game_number, "game number", 0, MAX_GAME_NUMBER)
    checks.whole_number(hand_number, "hand number", 1, MAX_HAND_NUMBER)


def shuffled_deck(game_number: int, hand_number: int, deck: int = 0) -> tuple[Card, ...]:
    """The 52 cards of ``deck`` (a ``core.DECK_*`` number, the standard deck by default)
    in shuffled order for this game (0 to :data:`MAX_GAME_NUMBER`) and hand (1 to
    :data:`MAX_HAND_NUMBER`), by Fisher–Yates over the deck's cards in index order
    (docs/rules.md §1, Deck). Raises ``TypeError`` for a number that is not an ``int``,
    ``ValueError`` for one out of range or an unknown deck."""
    _check_deal_numbers(game_number, hand_number)
    cards = _deck_cards(deck)
    return tuple(cards[i] for i in shuffled_indices(game_number, hand_number))


def _deck_cards(deck: object) -> tuple[Card, ...]:
    """The cards of deck number ``deck`` in index order; ``ValueError`` for no deck."""
    return DECK_CARDS[checks.whole_number(deck, "deck", 0, len(DECK_CARDS) - 1)]


_DECK_INDICES: tuple[tuple[int, ...], ...] = tuple(
    tuple(card.index for card in cards) for cards in DECK_CARDS)
"""Per deck, its cards' indices in index order: place ``i`` of a shuffle → a card."""


def deal_masks(game_number: int, hand_number: int, dealer: Seat,
               deck: int = 0) -> tuple[int, int, int, int]:
    """The four hands of :func:`deal_hands` as card masks, indexed by seat."""
    masks = [0, 0, 0, 0]
    seat = (int(dealer) + 1) & 3
    one = cython.cast(cython.longlong, 1)  # compiled: a 64-bit 1, so 1 << card is too
    if deck == 0:  # the standard deck: a card's place in the deck is its index
        for card in shuffled_indices(game_number, hand_number):
            masks[seat] |= one << card
            seat = (seat + 1) & 3
    else:
        indices = _DECK_INDICES[deck]
        for place in shuffled_indices(game_number, hand_number):
            masks[seat] |= one << indices[place]
            seat = (seat + 1) & 3
    return masks[0], masks[1], masks[2], masks[3]


def deal_hands(game_number: int, hand_number: int, dealer: Seat,
               deck: int = 0) -> dict[Seat, tuple[Card, ...]]:
    """Deal 13 cards of ``deck`` (a ``core.DECK_*`` number, the standard deck by
    default) to each seat, one at a time clockwise from the dealer's left
    (docs/rules.md §1).

    Returns, per seat, the cards in the order they were dealt to it. Raises
    ``TypeError`` / ``ValueError`` as :func:`shuffled_deck` does, and for a dealer that
    is not a seat (a :class:`Seat` or 0..3).
    """
    dealer = checks.seat(dealer, "dealer")
    cards = shuffled_deck(game_number, hand_number, deck)
    hands: dict[Seat, list[Card]] = {s: [] for s in Seat}
    seat = dealer.left
    for card in cards:
        hands[seat].append(card)
        seat = seat.left
    return {s: tuple(c) for s, c in hands.items()}
