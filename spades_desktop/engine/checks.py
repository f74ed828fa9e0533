"""The checks at the entry of the engine's public functions.

A value of the wrong type is a ``TypeError``, a value out of range a ``ValueError``, each
with one sentence naming the argument. The engine's own calls between its modules (the
hot path of :func:`~.state.apply_action`, the bots' simulator) pass values it made
itself and skip these checks; a caller from outside gets them. This module is never
compiled, so the compiled and the pure-Python path raise the same exception with the same
words.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card, Seat
from .core import ALL_CARDS_MASK

__all__ = ["COUNT_LIMIT", "card_mask", "flag", "seat", "team_scores", "trick",
           "whole_number"]

_SEATS = tuple(Seat)

COUNT_LIMIT = 10**9
"""The bound of a score (either sign), a bag count or a number of hands given to the
engine: far beyond any game, well within the rules core's C integers."""


def whole_number(value: object, name: str, low: int | None = None,
                 high: int | None = None) -> int:
    """``value`` as an ``int`` from ``low`` to ``high`` (no bound where None).

    Raises:
        TypeError: not an ``int`` (a ``bool`` is not a number here).
        ValueError: out of range.
    """
    if type(value) is not int and (isinstance(value, bool) or not isinstance(value, int)):
        raise TypeError(f"The {name} must be a whole number, not {type(value).__name__}.")
    number = int(value)
    if (low is not None and number < low) or (high is not None and number > high):
        bounds = " to ".join(_shown(b) for b in (low, high) if b is not None)
        raise ValueError(f"The {name} must be {'from ' if low is not None else 'up to '}"
                         f"{bounds}, not {number}.")
    return number


def _shown(bound: int) -> str:
    """A bound as people read it: ``2**64 - 1`` rather than its twenty digits."""
    if bound > 10**6 and (bound + 1) & bound == 0:
        return f"2**{(bound + 1).bit_length() - 1} - 1"
    return str(bound)


def seat(value: object, name: str = "seat") -> Seat:
    """``value`` as a :class:`Seat`: a Seat, or a plain ``int`` 0..3 (South, West, North,
    East).

    Raises:
        TypeError: neither (a ``bool`` included).
        ValueError: an ``int`` outside 0..3.
    """
    if type(value) is Seat:
        return value
    return _SEATS[whole_number(value, name, 0, 3)]


def card_mask(value: object, name: str = "card mask") -> int:
    """``value`` as a card mask (bit ``card.index`` set for each card), 0 to 2**56 − 1
    (``core.ALL_CARDS_MASK``: the cards of every deck).

    Raises:
        TypeError: not an ``int``.
        ValueError: negative, or a bit above the 56 cards set.
    """
    if type(value) is int and 0 <= value <= ALL_CARDS_MASK:
        return value
    return whole_number(value, name, 0, ALL_CARDS_MASK)


def flag(value: object, name: str) -> bool:
    """``value``, which must be a ``bool``; TypeError otherwise."""
    if type(value) is not bool:
        raise TypeError(f"{name} must be True or False, not {type(value).__name__}.")
    return value


def team_scores(value: object, name: str = "scores") -> tuple[int, int]:
    """``value`` as the two teams' scores (North–South, East–West): a sequence of two
    whole numbers.

    Raises:
        TypeError: not a sequence of two ``int``.
        ValueError: a score beyond ±:data:`COUNT_LIMIT`.
    """
    if not isinstance(value, Sequence) or isinstance(value, (str, bytes)) or len(value) != 2:
        raise TypeError(f"The {name} must be two whole numbers (North–South, East–West).")
    ns, ew = value
    for score in (ns, ew):
        if isinstance(score, bool) or not isinstance(score, int):
            raise TypeError(f"The {name} must be two whole numbers, not "
                            f"{type(score).__name__}.")
        whole_number(score, name[:-1] if name.endswith("s") else name, -COUNT_LIMIT,
                     COUNT_LIMIT)
    return int(ns), int(ew)


def trick(value: object, most: int, name: str = "trick") -> tuple[tuple[Seat, Card], ...]:
    """``value`` as a trick: a sequence of at most ``most`` (seat, card) pairs, seats
    as :func:`seat` takes them, no card twice.

    Raises:
        TypeError: not a sequence of pairs of a seat and a :class:`Card`.
        ValueError: more than ``most`` cards, a card twice, or a seat out of range.
    """
    if not isinstance(value, Sequence) or isinstance(value, (str, bytes)):
        raise TypeError(f"The {name} must be a sequence of (seat, card) pairs.")
    if len(value) > most:
        raise ValueError(f"The {name} holds at most {most} cards, not {len(value)}.")
    pairs: list[tuple[Seat, Card]] = []
    for pair in value:
        if (not isinstance(pair, Sequence) or isinstance(pair, (str, bytes))
                or len(pair) != 2 or not isinstance(pair[1], Card)):
            raise TypeError(f"The {name} must be a sequence of (seat, card) pairs.")
        pairs.append((seat(pair[0], f"seat in the {name}"), pair[1]))
    if len({card for _, card in pairs}) != len(pairs):
        raise ValueError(f"The {name} holds a card twice.")
    return tuple(pairs)
