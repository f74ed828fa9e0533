"""Cards, suits, seats and teams (SPEC §1).

A card is a small immutable value with a suit and a rank; its ``index`` (0..51,
``suit * 13 + rank - 2``) lets hands be stored as 52-bit integer masks.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass


class Seat(enum.IntEnum):
    """The four seats, numbered clockwise (SPEC §1). South is the human."""

    SOUTH = 0
    WEST = 1
    NORTH = 2
    EAST = 3

    @property
    def team(self) -> Team:
        """The partnership of this seat: North–South or East–West."""
        return Team.NS if self % 2 == 0 else Team.EW

    @property
    def partner(self) -> Seat:
        """The seat across the table."""
        return Seat((self + 2) % 4)

    @property
    def left(self) -> Seat:
        """The next seat clockwise (the player to this seat's left)."""
        return Seat((self + 1) % 4)


class Team(enum.IntEnum):
    """The two partnerships (SPEC §1)."""

    NS = 0
    EW = 1

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The two seats of the team, in seat order."""
        return (Seat.SOUTH, Seat.NORTH) if self is Team.NS else (Seat.WEST, Seat.EAST)

    @property
    def other(self) -> Team:
        """The opposing team."""
        return Team.EW if self is Team.NS else Team.NS


class Suit(enum.IntEnum):
    """Suits in sorting order; spades are always trump (SPEC §1)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """One-letter code: C, D, H or S."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ♣ ♦ ♥ ♠."""
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)


RANK_LETTERS = "23456789TJQKA"
"""Rank codes from 2 (index 0) to ace (index 12); ten is ``T``."""


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card. Ordered by suit (clubs < diamonds < hearts < spades), then rank.

    ``rank`` is 2..14 (11 = jack, 12 = queen, 13 = king, 14 = ace), so a ten
    sorts above a nine and below a jack.

    >>> str(Card(Suit.SPADES, 12))
    'QS'
    """

    suit: Suit
    rank: int

    def __post_init__(self) -> None:
        if not 2 <= self.rank <= 14:
            raise ValueError(f"A card rank must be 2..14, not {self.rank}.")

    @property
    def index(self) -> int:
        """0..51: ``suit * 13 + rank - 2``."""
        return int(self.suit) * 13 + self.rank - 2

    @property
    def bit(self) -> int:
        """``1 << index``: this card's bit in a hand mask."""
        return 1 << self.index

    @property
    def rank_text(self) -> str:
        """The rank as players write it: 2..10, J, Q, K, A."""
        return "10" if self.rank == 10 else RANK_LETTERS[self.rank - 2]

    @property
    def label(self) -> str:
        """Rank and suit symbol for display, e.g. ``"10♥"``."""
        return self.rank_text + self.suit.symbol

    def __str__(self) -> str:
        return RANK_LETTERS[self.rank - 2] + self.suit.letter

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with index 0..51; raises ``ValueError`` outside that range."""
        if not 0 <= index < 52:
            raise ValueError(f"A card index must be 0..51, not {index}.")
        return DECK[index]


DECK: tuple[Card, ...] = tuple(Card(Suit(i // 13), i % 13 + 2) for i in range(52))
"""All 52 cards in index order."""

FULL_MASK = (1 << 52) - 1
SUIT_MASKS: tuple[int, int, int, int] = tuple(  # type: ignore[assignment]
    ((1 << 13) - 1) << (13 * s) for s in range(4)
)
"""Per suit, the mask of its 13 cards."""

_SUIT_CODES = {"C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES,
               "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES}


def parse_card(text: str) -> Card:
    """Parse a card such as ``"QS"``, ``"TH"``, ``"10h"`` or ``"A♠"`` (case-insensitive).

    Ranks: 2–9, T or 10, J, Q, K, A. Suits: C, D, H, S (or their symbols).
    Raises ``ValueError`` with a readable message on anything else.

    >>> str(parse_card("10h"))
    'TH'
    """
    t = text.strip().upper()
    if len(t) < 2:
        raise ValueError(f"{text!r} is not a card (expected e.g. 'QS' or '10H').")
    rank_part, suit_part = t[:-1], t[-1]
    if suit_part not in _SUIT_CODES:
        raise ValueError(f"{text!r} is not a card: unknown suit {suit_part!r}.")
    if rank_part == "10":
        rank_part = "T"
    if len(rank_part) != 1 or rank_part not in RANK_LETTERS:
        raise ValueError(f"{text!r} is not a card: unknown rank {rank_part!r}.")
    return Card(_SUIT_CODES[suit_part], RANK_LETTERS.index(rank_part) + 2)


def cards_to_mask(cards: Iterable[Card]) -> int:
    """The 52-bit mask of a collection of cards."""
    mask = 0
    for c in cards:
        mask |= 1 << c.index
    return mask


def mask_to_cards(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, sorted by suit then rank (ascending)."""
    return tuple(iter_mask(mask))


def iter_mask(mask: int) -> Iterator[Card]:
    """Iterate the cards of a mask in index order."""
    while mask:
        low = mask & -mask
        yield DECK[low.bit_length() - 1]
        mask ^= low


def sort_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    """A hand as players arrange it: spades, hearts, clubs, diamonds (alternating colours),
    each suit from high to low."""
    order = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.CLUBS: 2, Suit.DIAMONDS: 3}
    return tuple(sorted(cards, key=lambda c: (order[c.suit], -c.rank)))
