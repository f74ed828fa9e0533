"""The table's looks the player may choose (docs/rules.md §7): the felt colours, the card
backs, the deck's suit colours (two or four), the card sizes and the high-contrast look.

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
>>> CARD_SIZES, CARD_SCALES["large"]
(('normal', 'large', 'extra-large'), 1.25)
>>> suit_colour("D", four_colour=True) == FOUR_COLOUR_SUITS["D"]
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

__all__ = [
    "CARD_BACKS",
    "CARD_BACK_FILES",
    "CARD_EDGE",
    "CARD_FACE",
    "CARD_SCALES",
    "CARD_SIZES",
    "DEFAULT_CARD_BACK",
    "DEFAULT_CARD_SIZE",
    "DEFAULT_FELT",
    "FELTS",
    "FELT_COLOURS",
    "FOUR_COLOUR_DIR",
    "FOUR_COLOUR_SUITS",
    "HIGH_CONTRAST",
    "JOKER_COLOURS",
    "PANEL_FILLS",
    "STANDARD",
    "TWO_COLOUR_SUITS",
    "Rgb",
    "Rgba",
    "TablePalette",
    "blend",
    "card_file",
    "contrast_ratio",
    "hex_colour",
    "relative_luminance",
    "suit_colour",
]

Rgb = tuple[int, int, int]
"""A colour as red, green, blue, each 0–255."""
Rgba = tuple[int, int, int, int]
"""A colour as red, green, blue and opacity (alpha), each 0–255."""

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


# -- the deck's suit colours -------------------------------------------------------------------
CARD_FACE: Rgb = (255, 255, 255)
"""The white of every card face, under the ranks and pips."""

TWO_COLOUR_SUITS: Mapping[str, Rgb] = MappingProxyType({
    "S": (26, 26, 26), "H": (200, 16, 46), "D": (200, 16, 46), "C": (26, 26, 26)})
"""Suit letter → the colour of its ranks and pips in the standard deck (black and red)."""

FOUR_COLOUR_SUITS: Mapping[str, Rgb] = MappingProxyType({
    **TWO_COLOUR_SUITS, "D": (26, 95, 214), "C": (0, 120, 50)})
"""Suit letter → its colour in the four-colour deck: spades black, hearts red, diamonds
blue, clubs green; each at least 4.5:1 against :data:`CARD_FACE`."""

JOKER_COLOURS: Mapping[str, Rgb] = MappingProxyType({
    "LJ": TWO_COLOUR_SUITS["S"], "BJ": TWO_COLOUR_SUITS["H"]})
"""Joker code (``str(card)``: "LJ", "BJ") → the colour of its index and its name as text:
the Little Joker black, the Big Joker red, the same in the two- and the four-colour deck
(docs/rules.md §1, Deck)."""

FOUR_COLOUR_DIR = "four-colour"
"""The folder of ``assets/cards/`` holding the four-colour deck's diamonds and clubs
(``assets/cards/generate_deck.py`` writes them); its spades and hearts are the standard
deck's."""


def suit_colour(suit: str, four_colour: bool = False) -> Rgb:
    """The colour of ``suit`` ("S", "H", "D" or "C") in the two- or four-colour deck.
    Raises ``KeyError`` for another letter.

    >>> suit_colour("C"), suit_colour("C", four_colour=True)
    ((26, 26, 26), (0, 120, 50))
    """
    return (FOUR_COLOUR_SUITS if four_colour else TWO_COLOUR_SUITS)[suit]


TRUMP_DIAMOND = "2D"
"""The code of the card that has a second face, with spade marks, for the game where it
plays as a spade (the Joker-Joker-Deuce-Deuce deck; docs/rules.md §1, Deck)."""


def card_file(code: str, four_colour: bool = False, as_trump: bool = False) -> str:
    """The file in ``assets/cards/`` (without ``.svg``) a face ``code`` ("QS", "TD", …;
    ``str(card)``) is drawn from, in the two- or four-colour deck. The code is what is
    printed on the card, so the two of diamonds is drawn as a diamond; ``as_trump``:
    the card plays as a spade (the 2♦ of the Joker-Joker-Deuce-Deuce deck), and its face
    also bears a small spade under each index. The jokers ("LJ", "BJ") have one face
    for both decks (docs/rules.md §1, Deck).

    >>> card_file("TD"), card_file("TD", True), card_file("TH", True)
    ('TD', 'four-colour/TD', 'TH')
    >>> card_file("2D", True), card_file("BJ"), card_file("LJ", True)
    ('four-colour/2D', 'BJ', 'LJ')
    >>> card_file("2D", as_trump=True), card_file("2D", True, as_trump=True)
    ('2D-trump', 'four-colour/2D-trump')
    """
    if code in JOKER_COLOURS:
        return code
    name = f"{code}-trump" if as_trump and code == TRUMP_DIAMOND else code
    if four_colour and code[-1:] in ("D", "C"):
        return f"{FOUR_COLOUR_DIR}/{name}"
    return name


def hex_colour(colour: Rgb) -> str:
    """``colour`` as ``#rrggbb`` text (for SVG files and style sheets).

    >>> hex_colour((200, 16, 46))
    '#c8102e'
    """
    return "#{:02x}{:02x}{:02x}".format(*colour)


# -- card sizes --------------------------------------------------------------------------------
_SIZE_TABLE: tuple[tuple[str, float], ...] = (
    # (key, the cards' size against the normal one)
    ("normal", 1.0),
    ("large", 1.25),
    ("extra-large", 1.5),
)

CARD_SIZES: tuple[str, ...] = tuple(key for key, _scale in _SIZE_TABLE)
"""The card size keys, smallest first (the default): the values of ``Settings.card_size``."""

CARD_SCALES: Mapping[str, float] = MappingProxyType(dict(_SIZE_TABLE))
"""Card size key → the cards' height against the normal size's (1.0, 1.25, 1.5); a table
too small for the size chosen shows the largest that fits (``ui/table/scene.py``)."""

DEFAULT_CARD_SIZE = CARD_SIZES[0]
"""The card size of a first start."""


# -- the colours of the table's furniture ----------------------------------------------------
@dataclass(frozen=True)
class TablePalette:
    """The colours the table paints its furniture in: the plates and corner boxes, the
    bid and hint bubbles, the notes, the buttons and the bid panel, the focus ring.
    :data:`STANDARD` is the usual look, :data:`HIGH_CONTRAST` the high-contrast one,
    whose felt (``felt``, replacing the felt chosen while it is on) and opaque panels
    keep every text at 4.5:1 or more and the focus ring and outlines at 3:1 or more
    (WCAG 2, AA). ``felt`` None: the felt chosen (:data:`FELT_COLOURS`).
    """

    felt: tuple[Rgb, Rgb, Rgb] | None
    panel: Rgb | None
    """The end-of-hand summary's fill (None: the felt's, :data:`PANEL_FILLS`)."""
    plate: Rgba
    """The plates' and corner boxes' fill."""
    opaque_plate: Rgba
    """The fill of a panel drawn over cards (the hint bubble)."""
    plate_edge: Rgba
    active_edge: Rgb
    """The outline of the plate of the seat to act."""
    title: Rgb
    """A box's title, and a plate's when no team colour is given."""
    line: Rgb
    """The detail lines of plates and boxes."""
    team_ns: Rgb
    team_ew: Rgb
    bubble: Rgb
    bubble_edge: Rgb
    bubble_text: Rgb
    note: Rgb
    note_text: Rgb
    refusal_edge: Rgb
    trick_note_edge: Rgb
    focus_ring: Rgb
    focus_width: int
    """The width of every button's border, the focus ring's included, in pixels."""
    glow: Rgb
    """The outline of a raised card and of a trick's winning card."""
    hint_accent: Rgb
    """The hint bubble's headline."""
    button: Rgb
    button_text: Rgb
    button_edge: Rgb
    button_hover: Rgb
    button_focus: Rgb
    """A focused button's fill (inside the focus ring)."""
    primary: Rgb
    """The Play, New game and the summary's Next hand buttons' fill."""
    primary_text: Rgb
    primary_edge: Rgb
    disabled: Rgb
    disabled_text: Rgb
    recommended_edge: Rgb
    recommended: Rgb
    """The recommended bid's fill."""
    blind: Rgb
    """The Blind Nil button's fill, under :attr:`blind_text`."""
    blind_text: Rgb
    panel_text: Rgb
    """The bid panel's and the Blind Nil question's texts."""
    advice_text: Rgb
    hint_text: Rgb
    refusal_text: Rgb
    """The bid panel's note of a closed bid."""
    question: Rgba
    """The bid panel's and the Blind Nil question's fill."""

    def felt_colours(self, felt: str) -> tuple[Rgb, Rgb, Rgb]:
        """The felt painted when ``felt`` (a key of :data:`FELTS`) is chosen."""
        return self.felt if self.felt is not None else FELT_COLOURS[felt]

    def text_pairs(self) -> tuple[tuple[str, Rgb, Rgb | Rgba], ...]:
        """Every text colour of the table with what lies behind it: (what, text, fill);
        a fill with an opacity lies over the felt. The table draws its texts in these
        pairs only (``tests/ui/test_table_contrast.py`` measures them)."""
        return (
            ("plate title", self.title, self.plate),
            ("plate line", self.line, self.plate),
            ("North-South plate", self.team_ns, self.plate),
            ("East-West plate", self.team_ew, self.plate),
            ("hint headline", self.hint_accent, self.opaque_plate),
            ("hint line", self.line, self.opaque_plate),
            ("bid bubble", self.bubble_text, self.bubble),
            ("note", self.note_text, self.note),
            ("button", self.button_text, self.button),
            ("button hovered", self.button_text, self.button_hover),
            ("button focused", self.button_text, self.button_focus),
            ("primary button", self.primary_text, self.primary),
            ("disabled button", self.disabled_text, self.disabled),
            ("recommended bid", self.button_text, self.recommended),
            ("Blind Nil button", self.blind_text, self.blind),
            ("bid panel text", self.panel_text, self.question),
            ("bid advice", self.advice_text, self.question),
            ("bid hint", self.hint_text, self.question),
            ("closed bid note", self.refusal_text, self.question),
        )

    def focus_pairs(self) -> tuple[tuple[str, Rgb, Rgb | Rgba], ...]:
        """The focus ring's colour with each colour beside it: (what, ring, neighbour);
        the felt's colours are its other neighbours."""
        return (
            ("focused button", self.focus_ring, self.button_focus),
            ("focused primary button", self.focus_ring, self.primary),
            ("focused Blind Nil button", self.focus_ring, self.blind),
            ("focus ring on the bid panel", self.focus_ring, self.question),
        )


STANDARD = TablePalette(
    felt=None, panel=None,
    plate=(10, 30, 20, 175), opaque_plate=(10, 30, 20, 245), plate_edge=(255, 255, 255, 40),
    active_edge=(255, 205, 70), title=(255, 245, 215), line=(225, 235, 225),
    team_ns=(255, 230, 160), team_ew=(150, 220, 255),
    bubble=(255, 250, 235), bubble_edge=(160, 120, 40), bubble_text=(40, 30, 10),
    note=(255, 248, 236), note_text=(50, 25, 15), refusal_edge=(200, 70, 50),
    trick_note_edge=(230, 180, 40),
    focus_ring=(57, 160, 255), focus_width=2, glow=(255, 210, 60), hint_accent=(255, 217, 102),
    button=(247, 244, 234), button_text=(20, 36, 26), button_edge=(185, 196, 187),
    button_hover=(255, 255, 255), button_focus=(227, 241, 255),
    primary=(243, 198, 75), primary_text=(43, 29, 0), primary_edge=(243, 198, 75),
    disabled=(200, 204, 198), disabled_text=(138, 148, 141),
    recommended_edge=(242, 183, 5), recommended=(255, 243, 196),
    blind=(59, 42, 85), blind_text=(255, 255, 255),
    panel_text=(244, 241, 230), advice_text=(255, 217, 102), hint_text=(201, 216, 204),
    refusal_text=(255, 208, 192), question=(12, 28, 18, 215),
)
"""The usual look: translucent dark plates on the felt, light buttons."""

HIGH_CONTRAST = TablePalette(
    felt=((20, 20, 20), (10, 10, 10), (0, 0, 0)), panel=(0, 0, 0),
    plate=(0, 0, 0, 255), opaque_plate=(0, 0, 0, 255), plate_edge=(255, 255, 255, 255),
    active_edge=(255, 221, 0), title=(255, 255, 255), line=(255, 255, 255),
    team_ns=(255, 221, 0), team_ew=(110, 220, 255),
    bubble=(255, 255, 255), bubble_edge=(0, 0, 0), bubble_text=(0, 0, 0),
    note=(255, 255, 255), note_text=(0, 0, 0), refusal_edge=(255, 90, 70),
    trick_note_edge=(255, 221, 0),
    focus_ring=(255, 221, 0), focus_width=3, glow=(255, 221, 0), hint_accent=(255, 221, 0),
    button=(0, 0, 0), button_text=(255, 255, 255), button_edge=(255, 255, 255),
    button_hover=(40, 40, 40), button_focus=(0, 45, 110),
    primary=(0, 0, 0), primary_text=(255, 221, 0), primary_edge=(255, 255, 255),
    disabled=(0, 0, 0), disabled_text=(160, 160, 160),
    recommended_edge=(110, 220, 255), recommended=(70, 50, 0),
    blind=(60, 0, 90), blind_text=(255, 255, 255),
    panel_text=(255, 255, 255), advice_text=(255, 221, 0), hint_text=(255, 255, 255),
    refusal_text=(255, 170, 150), question=(0, 0, 0, 255),
)
"""The high-contrast look: a black felt, opaque black plates and panels with white and
yellow text, black buttons outlined in white, a wide yellow focus ring around a blue fill."""
