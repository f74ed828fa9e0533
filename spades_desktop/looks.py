"""The table's looks: the felt colours and the card backs the player may choose (docs/rules.md §7).

The one list of looks: the settings file (``persistence/settings.py``) validates its
``felt`` and ``card_back`` against these keys, the table paints from the colours and
files named here, and the Settings dialog lists them in this order. No Qt, no imports
from the rest of the package, so every layer may import it.

Adding a felt means a row in :data:`_FELT_TABLE` and its name in the Settings dialog
(``ui/dialogs/settings.py``, ``felt_name``); adding a back means its SVG in
``assets/cards/`` (``assets/cards/generate_deck.py`` writes them), a row in
:data:`_BACK_TABLE` and its name (``back_name``).

>>> FELTS
('green', 'blue', 'burgundy', 'grey')
>>> CARD_BACKS
('blue', 'red', 'green')
>>> CARD_BACK_FILES["red"]
'back-red'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = [
    "CARD_BACKS",
    "CARD_BACK_FILES",
    "DEFAULT_CARD_BACK",
    "DEFAULT_FELT",
    "FELTS",
    "FELT_COLOURS",
    "Rgb",
]

Rgb = tuple[int, int, int]
"""A colour as red, green, blue, each 0–255."""

_FELT_TABLE: tuple[tuple[str, tuple[Rgb, Rgb, Rgb]], ...] = (
    # (key, (centre, middle, edge) of the felt's radial gradient)
    ("green", ((36, 112, 68), (22, 80, 48), (12, 48, 30))),
    ("blue", ((34, 82, 132), (22, 58, 100), (12, 34, 64))),
    ("burgundy", ((122, 36, 48), (90, 24, 36), (56, 14, 22))),
    ("grey", ((88, 94, 98), (64, 68, 72), (38, 41, 44))),
)

FELTS: tuple[str, ...] = tuple(key for key, _colours in _FELT_TABLE)
"""The felt keys, the default first: the values of ``Settings.felt``."""

FELT_COLOURS: Mapping[str, tuple[Rgb, Rgb, Rgb]] = MappingProxyType(dict(_FELT_TABLE))
"""Felt key → the felt's colours at the centre, two thirds out and at the edge of the
table; read-only."""

_BACK_TABLE: tuple[tuple[str, str], ...] = (
    # (key, file name in assets/cards without ".svg")
    ("blue", "back"),
    ("red", "back-red"),
    ("green", "back-green"),
)

CARD_BACKS: tuple[str, ...] = tuple(key for key, _file in _BACK_TABLE)
"""The card back keys, the default first: the values of ``Settings.card_back``."""

CARD_BACK_FILES: Mapping[str, str] = MappingProxyType(dict(_BACK_TABLE))
"""Card back key → its file in ``assets/cards/`` without ``.svg``; read-only."""

DEFAULT_FELT = FELTS[0]
"""The felt of a first start."""
DEFAULT_CARD_BACK = CARD_BACKS[0]
"""The card back of a first start."""
