"""Deterministic deals from the game number (SPEC §1, §6).

The shuffle uses SplitMix64 (Steele, Lea & Flood 2014) with an unbiased
bounded draw and a Fisher–Yates shuffle, all in integer arithmetic, so a deal
depends only on (game number, hand number) and is the same on every platform
and Python version. ``random.shuffle`` is not used: its algorithm is not
specified across Python versions.
"""

from __future__ import annotations

from .cards import DECK, Card, Seat

_MASK64 = (1 << 64) - 1


class SplitMix64:
    """A 64-bit generator with an explicit, documented algorithm.

    ``next_u64()`` returns 0..2**64-1; ``below(n)`` returns 0..n-1 without bias.
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next_u64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
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
    """Combine integers (e.g. game number, hand number) into one 64-bit seed."""
    state = 0x5350414445530000  # "SPADES\0\0"
    for p in parts:
        g = SplitMix64(state ^ (p & _MASK64))
        state = g.next_u64() ^ ((p >> 64) & _MASK64)
    return state


def shuffled_deck(game_number: int, hand_number: int) -> tuple[Card, ...]:
    """The 52 cards in shuffled order for this game and hand (Fisher–Yates)."""
    rng = SplitMix64(mix_seed(game_number, hand_number))
    cards = list(DECK)
    for i in range(51, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


def deal_hands(game_number: int, hand_number: int, dealer: Seat) -> dict[Seat, tuple[Card, ...]]:
    """Deal 13 cards to each seat, one at a time clockwise from the dealer's left (SPEC §1).

    Returns, per seat, the cards in the order they were dealt to it.
    """
    deck = shuffled_deck(game_number, hand_number)
    hands: dict[Seat, list[Card]] = {s: [] for s in Seat}
    seat = dealer.left
    for card in deck:
        hands[seat].append(card)
        seat = seat.left
    return {s: tuple(c) for s, c in hands.items()}
