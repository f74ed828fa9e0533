"""Display names for the game's terms, shared by every widget (docs/rules.md §1, §2, §6).

All names go through Qt translation in the ``"Terms"`` context, so a translator
sees them once and every widget shows the same word. Each source string is a
literal inside a ``translate`` call, so ``pyside6-lupdate`` can extract it.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from spades_desktop.engine import Bid, Card, Seat, Suit, Team

__all__ = [
    "MINUS_SIGN",
    "bid_text",
    "card_label",
    "difficulty_name",
    "seat_name",
    "signed_number",
    "suit_name",
    "suit_word",
    "team_label",
    "team_name",
]

MINUS_SIGN = "\u2212"
"""The typographic minus sign used for negative scores."""


def seat_name(seat: Seat) -> str:
    """The name of a seat as the human sees it: "You", "West", "North (partner)", "East"."""
    if seat is Seat.SOUTH:
        return QCoreApplication.translate("Terms", "You")
    if seat is Seat.WEST:
        return QCoreApplication.translate("Terms", "West")
    if seat is Seat.NORTH:
        return QCoreApplication.translate("Terms", "North (partner)")
    return QCoreApplication.translate("Terms", "East")


def seat_name_mid(seat: Seat) -> str:
    """A seat's name inside a sentence: "you" for South (lower case where the language
    has cases), else as :func:`seat_name`."""
    if seat is Seat.SOUTH:
        return QCoreApplication.translate("Terms", "you", "South, inside a sentence")
    return seat_name(seat)


def team_name(team: Team) -> str:
    """The short name of a partnership: "Us" (North–South) or "Them" (East–West)."""
    if team is Team.NS:
        return QCoreApplication.translate("Terms", "Us")
    return QCoreApplication.translate("Terms", "Them")


def team_label(team: Team) -> str:
    """The partnership with its seats, for headings: "Us (N–S)" or "Them (E–W)"."""
    if team is Team.NS:
        return QCoreApplication.translate("Terms", "Us (N\u2013S)")
    return QCoreApplication.translate("Terms", "Them (E\u2013W)")


def difficulty_name(level: str) -> str:
    """The display name of a difficulty key (one of :data:`spades_desktop.levels.LEVELS`:
    "easy", "normal", "expert", "master"), docs/rules.md §6. A new level needs its name here.

    An unknown key is shown as it is, capitalised, rather than failing.
    """
    if level == "easy":
        return QCoreApplication.translate("Terms", "Easy")
    if level == "normal":
        return QCoreApplication.translate("Terms", "Normal")
    if level == "expert":
        return QCoreApplication.translate("Terms", "Expert")
    if level == "master":
        return QCoreApplication.translate("Terms", "Master")
    return level.capitalize()


def bid_text(bid: Bid | None) -> str:
    """A bid as shown on the table: "Nil", "Blind Nil" or the number; "–" for no bid yet."""
    if bid is None:
        return "\u2013"
    if bid.blind:
        return QCoreApplication.translate("Terms", "Blind Nil")
    if bid.tricks == 0:
        return QCoreApplication.translate("Terms", "Nil")
    return str(bid.tricks)


def suit_name(suit: Suit) -> str:
    """The name of a suit as a heading or on its own: "Clubs", "Diamonds", …"""
    if suit is Suit.CLUBS:
        return QCoreApplication.translate("Terms", "Clubs")
    if suit is Suit.DIAMONDS:
        return QCoreApplication.translate("Terms", "Diamonds")
    if suit is Suit.HEARTS:
        return QCoreApplication.translate("Terms", "Hearts")
    return QCoreApplication.translate("Terms", "Spades")


def suit_word(suit: Suit) -> str:
    """The name of a suit inside a sentence, as in "void in clubs": "clubs", "diamonds", …"""
    if suit is Suit.CLUBS:
        return QCoreApplication.translate("Terms", "clubs")
    if suit is Suit.DIAMONDS:
        return QCoreApplication.translate("Terms", "diamonds")
    if suit is Suit.HEARTS:
        return QCoreApplication.translate("Terms", "hearts")
    return QCoreApplication.translate("Terms", "spades")


def card_label(card: Card, short: bool = False) -> str:
    """A card as text shows it: its rank and the suit printed on it ("Q♥", "10♠"; the
    two of diamonds that plays as a spade in the Joker-Joker-Deuce-Deuce deck is "2♦"
    too), a joker by its name, "Little Joker" or "Big Joker", or with ``short`` (a
    table cell, a list of cards) "LJ" or "BJ" (docs/rules.md §1, Deck)."""
    if card.rank == 17:
        if short:
            return QCoreApplication.translate("Terms", "LJ", "the Little Joker, short")
        return QCoreApplication.translate("Terms", "Little Joker")
    if card.rank == 18:
        if short:
            return QCoreApplication.translate("Terms", "BJ", "the Big Joker, short")
        return QCoreApplication.translate("Terms", "Big Joker")
    return card.label


def signed_number(value: int) -> str:
    """An integer with a true minus sign for negatives (no sign for zero or positives).

    >>> signed_number(-47) == MINUS_SIGN + "47"
    True
    """
    return f"{MINUS_SIGN}{-value}" if value < 0 else str(value)
