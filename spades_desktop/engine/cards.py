"""Cards, suits, seats and teams (docs/rules.md §1, Deck).

A card is a small immutable value with a suit and a rank; its ``index`` (0..55,
``suit * 13 + rank - 2``) lets hands be stored as integer masks. The suit and the rank
are the card's place in the game: a spade ranks 2..18, where 15..18 are the trumps
above the ace that a joker deck adds (the high two of spades, the two of diamonds as a
spade, the Little and the Big Joker), so that a higher rank always beats a lower one of
the same suit. The masks and the trick-strength table are those of :mod:`.core`
(``FULL_MASK``, ``SUIT_MASKS``, ``TRICK_STRENGTH`` are re-exported here).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Final, TypeVar

from .core import ALL_CARDS_MASK, DECK_JOKERS_DEUCES, DECK_MASK, DECK_STANDARD, SUIT_MASK
from .core import FULL_MASK as FULL_MASK
from .core import TRICK_STRENGTH as TRICK_STRENGTH

_T = TypeVar("_T")


class Seat(enum.IntEnum):
    """The four seats, numbered clockwise (docs/rules.md §1). South is the human."""

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
        return _SEAT_ORDER[(self + 2) & 3]

    @property
    def left(self) -> Seat:
        """The next seat clockwise (the player to this seat's left)."""
        return _SEAT_ORDER[(self + 1) & 3]


_SEAT_ORDER: tuple[Seat, Seat, Seat, Seat] = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
"""The seats by number (a table lookup is much faster than calling ``Seat(n)``)."""


class Team(enum.IntEnum):
    """The two partnerships (docs/rules.md §1)."""

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
    """Suits in sorting order; spades are always trump (docs/rules.md §1)."""

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

HIGH_TRUMP_RANKS: Final = (15, 16, 17, 18)
"""The ranks of the trumps above the ace of spades in a joker deck: the two of spades
(Joker-Joker-Deuce-Deuce), the two of diamonds as a spade (the same), the Little Joker
and the Big Joker (docs/rules.md, Deck)."""

_HIGH_TRUMP_TEXT: Final = ("2S", "2D", "LJ", "BJ")
"""The text of the trumps :data:`HIGH_TRUMP_RANKS`, as printed on the card (the twos) or
as players write them (the jokers)."""
_HIGH_TRUMP_LABELS: Final = ("2♠", "2♦", "LJ", "BJ")


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card. Ordered by suit (clubs < diamonds < hearts < spades), then rank.

    ``rank`` is 2..14 (11 = jack, 12 = queen, 13 = king, 14 = ace), so a ten
    sorts above a nine and below a jack; a spade may also rank 15..18, the trumps a
    joker deck puts above the ace (:data:`HIGH_TRUMP_RANKS`). ``str(Card(Suit.SPADES,
    12))`` is ``"QS"``; the Big Joker, ``Card(Suit.SPADES, 18)``, is ``"BJ"``. Raises
    ``ValueError`` for a rank or suit outside these.
    """

    suit: Suit
    rank: int
    index: int = field(init=False, repr=False, compare=False)
    """0..55: ``suit * 13 + rank - 2`` (stored: the engine reads it on every card played)."""
    bit: int = field(init=False, repr=False, compare=False)
    """``1 << index``: this card's bit in a hand mask."""

    def __post_init__(self) -> None:
        rank = self.rank
        if not isinstance(self.suit, Suit):
            try:
                object.__setattr__(self, "suit", Suit(self.suit))
            except ValueError:
                raise ValueError(f"A card suit must be 0..3, not {self.suit!r}.") from None
        top = 18 if self.suit is Suit.SPADES else 14
        if isinstance(rank, bool) or not isinstance(rank, int) or not 2 <= rank <= top:
            raise ValueError(f"A card rank must be 2..14 (a spade's 2..18), not {self.rank!r}.")
        index = self.suit * 13 + self.rank - 2
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "bit", 1 << index)

    @property
    def is_joker(self) -> bool:
        """Whether this is the Little or the Big Joker (docs/rules.md, Deck)."""
        return self.rank >= 17

    @property
    def face_suit(self) -> Suit | None:
        """The suit printed on the card: the two of diamonds that plays as a spade is a
        diamond here, a joker has none (``None``); every other card its :attr:`suit`."""
        if self.rank <= 14 or self.rank == 15:
            return self.suit
        return Suit.DIAMONDS if self.rank == 16 else None

    @property
    def rank_text(self) -> str:
        """The rank as players write it: 2..10, J, Q, K, A; a joker's ``LJ`` or ``BJ``."""
        if self.rank > 14:
            return "2" if self.rank < 17 else _HIGH_TRUMP_TEXT[self.rank - 15]
        return "10" if self.rank == 10 else RANK_LETTERS[self.rank - 2]

    @property
    def label(self) -> str:
        """Rank and suit symbol for display, e.g. ``"10♥"``; the two of diamonds that
        plays as a spade is ``"2♦"``, the jokers ``"LJ"`` and ``"BJ"``."""
        if self.rank > 14:
            return _HIGH_TRUMP_LABELS[self.rank - 15]
        return self.rank_text + self.suit.symbol

    def __str__(self) -> str:
        if self.rank > 14:
            return _HIGH_TRUMP_TEXT[self.rank - 15]
        return RANK_LETTERS[self.rank - 2] + self.suit.letter

    def __repr__(self) -> str:
        return f"Card({str(self)!r})" if self.rank <= 14 else f"Card(Suit.SPADES, {self.rank})"

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with index 0..55; raises ``TypeError`` for anything but an ``int``
        (a ``bool`` included) and ``ValueError`` outside that range."""
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(f"A card index is an int, not {type(index).__name__}.")
        if not 0 <= index < 56:
            raise ValueError(f"A card index must be 0..55, not {index}.")
        return CARDS[index]


CARDS: tuple[Card, ...] = (*(Card(Suit(i // 13), i % 13 + 2) for i in range(52)),
                           *(Card(Suit.SPADES, rank) for rank in HIGH_TRUMP_RANKS))
"""Every card of every deck, by index (0..55)."""

DECK: tuple[Card, ...] = CARDS[:52]
"""The 52 cards of the standard deck in index order."""

DECK_NAMES: Final = ("standard", "Joker-Joker", "Joker-Joker-Deuce-Deuce")
"""Per deck number (``core.DECK_*``), its name in English (docs/rules.md, Deck)."""

DECK_CARDS: tuple[tuple[Card, ...], ...] = tuple(
    tuple(card for card in CARDS if mask >> card.index & 1) for mask in DECK_MASK)
"""Per deck (``core.DECK_STANDARD``, ``DECK_JOKERS``, ``DECK_JOKERS_DEUCES``), its 52
cards in index order (docs/rules.md, Deck)."""

SUIT_MASKS = SUIT_MASK
"""Per suit, the mask of its 13 cards (:data:`.core.SUIT_MASK`)."""


def rank_subsets(items: Sequence[_T]) -> tuple[tuple[_T, ...], ...]:
    """Per 13-bit rank mask of one suit (bit 0 = the two), the items for those ranks in
    rank order, as one shared tuple: ``rank_subsets(items)[ranks]``. ``items`` are the
    13 items of a suit from the two up; raises ``ValueError`` for any other count.

    All 8,192 subsets are built at once (each is a shorter one plus its top rank), so
    turning a hand mask into its cards is one plain tuple read per suit.
    """
    if len(items) != 13:
        raise ValueError("A suit has 13 ranks.")
    subsets: list[tuple[_T, ...]] = [()]
    for item in items:  # masks with this rank as the top one: the others plus it
        top = (item,)
        subsets += [subset + top for subset in subsets]
    return tuple(subsets)


_SUIT_CODES = {"C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES,
               "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES}


def parse_card(text: str, deck: int = DECK_STANDARD) -> Card:
    """Parse a card such as ``"QS"``, ``"TH"``, ``"10h"`` or ``"A♠"`` (case-insensitive)
    of ``deck`` (a ``core.DECK_*`` number; the standard deck by default).

    Ranks: 2–9, T or 10, J, Q, K, A. Suits: C, D, H, S (or their symbols). The jokers
    are ``LJ`` and ``BJ``; in the Joker-Joker-Deuce-Deuce deck ``2S`` and ``2D`` are the
    trumps above the ace (docs/rules.md, Deck). Raises ``ValueError`` with a readable
    message on any other text or a card the deck does not hold, ``TypeError`` for
    anything but text. ``str(parse_card("10h"))`` is ``"TH"``.
    """
    if not isinstance(text, str):
        raise TypeError(f"A card to parse is text, not {type(text).__name__}.")
    t = text.strip().upper()
    if len(t) < 2:
        raise ValueError(f"{text!r} is not a card (expected e.g. 'QS' or '10H').")
    if t in ("LJ", "BJ"):
        card = Card(Suit.SPADES, 17 if t == "LJ" else 18)
    else:
        rank_part, suit_part = t[:-1], t[-1]
        if suit_part not in _SUIT_CODES:
            raise ValueError(f"{text!r} is not a card: unknown suit {suit_part!r}.")
        if rank_part == "10":
            rank_part = "T"
        if len(rank_part) != 1 or rank_part not in RANK_LETTERS:
            raise ValueError(f"{text!r} is not a card: unknown rank {rank_part!r}.")
        card = Card(_SUIT_CODES[suit_part], RANK_LETTERS.index(rank_part) + 2)
        if deck == DECK_JOKERS_DEUCES and card.rank == 2 and card.suit in (Suit.SPADES,
                                                                           Suit.DIAMONDS):
            card = Card(Suit.SPADES, 15 if card.suit is Suit.SPADES else 16)
    if isinstance(deck, bool) or not isinstance(deck, int) or not 0 <= deck < len(DECK_MASK):
        raise ValueError(f"A deck is 0..{len(DECK_MASK) - 1}, not {deck!r}.")
    if not DECK_MASK[deck] & card.bit:
        raise ValueError(f"{text!r} is not in the {DECK_NAMES[deck]} deck.")
    return card


def cards_to_mask(cards: Iterable[Card]) -> int:
    """The mask of a collection of cards. Raises ``TypeError`` for an item that
    is not a :class:`Card` (text included: see :func:`parse_card`)."""
    if isinstance(cards, (str, bytes)):
        raise TypeError("Cards are Card objects, not text (see parse_card).")
    try:
        items = iter(cards)
    except TypeError:
        raise TypeError(f"Cards are an iterable of Card, not {type(cards).__name__}.") from None
    mask = 0
    for c in items:
        if not isinstance(c, Card):
            raise TypeError(f"Cards are Card objects, not {type(c).__name__}.")
        mask |= c.bit
    return mask


SUIT_CARDS: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    rank_subsets(DECK[13 * s:13 * s + 13]) for s in range(4))
"""Per suit, a 13-bit rank mask → its cards of ranks 2..14 in rank order
(:func:`rank_subsets`)."""
_CLUBS_OF, _DIAMONDS_OF, _HEARTS_OF, _SPADES_OF = SUIT_CARDS

HIGH_TRUMPS_OF: tuple[tuple[Card, ...], ...] = tuple(
    tuple(CARDS[52 + i] for i in range(4) if high >> i & 1) for high in range(16))
"""A 4-bit mask of the trumps above the ace (``hand >> 52``) → those cards in rank order."""


def mask_to_cards(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, sorted by suit then rank (ascending, as the index):
    the mask of the ace of spades and the two of clubs gives ``(2♣, A♠)``. Raises
    ``TypeError`` for anything but an ``int`` (a ``bool`` included) and ``ValueError``
    outside 0..2**56 − 1 (``core.ALL_CARDS_MASK``)."""
    if isinstance(mask, bool) or not isinstance(mask, int):
        raise TypeError(f"A card mask is an int, not {type(mask).__name__}.")
    if not 0 <= mask <= ALL_CARDS_MASK:
        raise ValueError(f"A card mask has 56 bits: {mask} is out of range.")
    return cards_of_mask(mask)


def cards_of_mask(mask: int) -> tuple[Card, ...]:
    """:func:`mask_to_cards` without its checks, for the engine's own masks (always
    0..2**56 − 1); compiled, a C function the state module calls directly."""
    m = mask
    cards = (_CLUBS_OF[m & 0x1FFF] + _DIAMONDS_OF[m >> 13 & 0x1FFF]
             + _HEARTS_OF[m >> 26 & 0x1FFF] + _SPADES_OF[m >> 39 & 0x1FFF])
    if m >> 52:  # the trumps above the ace of a joker deck
        return cards + HIGH_TRUMPS_OF[m >> 52]
    return cards


def iter_mask(mask: int) -> Iterator[Card]:
    """Iterate the cards of a mask in index order. Raises at the call, as
    :func:`mask_to_cards` does: ``TypeError`` for anything but an ``int``, ``ValueError``
    outside 0..2**56 − 1."""
    return iter(mask_to_cards(mask))


def sort_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    """A hand as players arrange it: spades, hearts, clubs, diamonds (alternating colours),
    each suit from high to low (the trumps of a joker deck at the top of the spades, in
    their order of strength: docs/rules.md, Deck). Raises ``TypeError`` for an item that is not a
    :class:`Card`."""
    order = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.CLUBS: 2, Suit.DIAMONDS: 3}
    hand = tuple(cards)
    if not all(isinstance(c, Card) for c in hand):
        raise TypeError("A hand holds Card objects only.")
    return tuple(sorted(hand, key=lambda c: (order[c.suit], -c.rank)))
