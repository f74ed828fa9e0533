"""The table's looks: the felt colours and the card backs the player may choose (docs/rules.md §7).

The one list of looks: the settings file (``persistence/settings.py``) validates its
``felt`` and ``card_back`` against these keys, the table paints from the colours and
files named here, and the Settings dialog lists them in this order. No Qt, no imports
from the rest of the package, so every layer may import it.

Adding a felt means a row in :data:`_FELT_TABLE` (with the fill of the panels drawn on
it) and its name in the Settings dialog
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
    "CARD_EDGE",
    "FELT_COLOURS",
    "PANEL_FILLS",
    "Rgb",
    "blend",
    "contrast_ratio",
    "relative_luminance",
]

Rgb = tuple[int, int, int]
"""A colour as red, green, blue, each 0–255."""

_FELT_TABLE: tuple[tuple[str, tuple[Rgb, Rgb, Rgb], Rgb], ...] = (
    # (key, (centre, middle, edge) of the felt's radial gradient, panel fill)
    ("green", ((36, 112, 68), (22, 80, 48), (12, 48, 30)), (10, 32, 21)),
    ("blue", ((34, 82, 132), (22, 58, 100), (12, 34, 64)), (10, 24, 44)),
    ("burgundy", ((122, 36, 48), (90, 24, 36), (56, 14, 22)), (40, 11, 17)),
    ("grey", ((88, 94, 98), (64, 68, 72), (38, 41, 44)), (27, 29, 31)),
)

FELTS: tuple[str, ...] = tuple(key for key, _colours, _panel in _FELT_TABLE)
"""The felt keys, the default first: the values of ``Settings.felt``."""

FELT_COLOURS: Mapping[str, tuple[Rgb, Rgb, Rgb]] = MappingProxyType(
    {key: colours for key, colours, _panel in _FELT_TABLE})
"""Felt key → the felt's colours at the centre, two thirds out and at the edge of the
table; read-only."""

PANEL_FILLS: Mapping[str, Rgb] = MappingProxyType(
    {key: panel for key, _colours, panel in _FELT_TABLE})
"""Felt key → the fill of the opaque panel drawn on that felt (the end-of-hand
summary): a dark shade of the felt, under light text; read-only."""

CARD_EDGE: Rgb = (250, 248, 242)
"""The light outline drawn around every card back, whatever its colour, so that a back
stands out from every felt (at least 3:1 against each felt colour)."""


def relative_luminance(colour: Rgb) -> float:
    """The relative luminance of ``colour`` as WCAG 2 defines it, 0.0 (black) to 1.0
    (white).

    >>> relative_luminance((0, 0, 0)), relative_luminance((255, 255, 255))
    (0.0, 1.0)
    """
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: Rgb, b: Rgb) -> float:
    """WCAG 2's contrast ratio of two colours, 1.0 (the same) to 21.0 (black on white);
    the order does not matter. Text wants at least 4.5, other graphics 3.

    >>> round(contrast_ratio((255, 255, 255), (0, 0, 0)), 1)
    21.0
    """
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def blend(top: Rgb, bottom: Rgb, amount: float) -> Rgb:
    """``top`` laid over ``bottom`` at opacity ``amount`` (0.0–1.0), as one opaque colour.

    >>> blend((255, 255, 255), (0, 0, 0), 0.5)
    (128, 128, 128)
    """
    r, g, b = (int(t * amount + u * (1 - amount) + 0.5)
               for t, u in zip(top, bottom, strict=True))
    return r, g, b

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
